"""A deadline sized to the models a run uses, when the caller set none.

A fixed 30 s suits a hosted model. A model decoding on this machine (the
embedded one) may need far longer for the same run, so a policy that leaves
``deadline_s`` unset gets enough time for every call it allows at the speed
the providers report (:attr:`Provider.tokens_per_s`), never less than the
default. A ``deadline_s`` given, ``None`` included, is kept as it is.
"""

from __future__ import annotations

import math

from redraft.core._provider import Provider
from redraft.core._types import DEFAULT_DEADLINE_S, Policy

__all__ = ["JUDGE_CALL_TOKENS", "sized_deadline", "with_sized_deadline"]

JUDGE_CALL_TOKENS = 400
"""Output cap of one judge call (the judges' default ``max_tokens``)."""
# Prompts that carry the previous draft are read at about 3.7* the decode
# speed: for a run of full-length calls, about a third on top of decoding.
MARGIN_FACTOR = 1.5
# Loading the model and compiling a judge's JSON schema.
MARGIN_S = 5.0


def sized_deadline(
    policy: Policy, *, generator: Provider, judge: Provider | None = None
) -> float | None:
    """Seconds for ``policy.max_attempts`` drafts of ``policy.max_tokens``
    and as many judge calls of :data:`JUDGE_CALL_TOKENS`, at the speed each
    provider reports, plus a margin; at least :data:`DEFAULT_DEADLINE_S`.

    None when neither provider reports a speed: the default stands.
    """
    seconds = 0.0
    sized = False
    for provider, tokens in ((generator, policy.max_tokens), (judge, JUDGE_CALL_TOKENS)):
        rate = provider.tokens_per_s if provider is not None else None
        if rate is None or rate <= 0:
            continue
        seconds += policy.max_attempts * tokens / rate
        sized = True
    if not sized:
        return None
    return max(DEFAULT_DEADLINE_S, float(math.ceil(seconds * MARGIN_FACTOR + MARGIN_S)))


def with_sized_deadline(
    policy: Policy, *, generator: Provider, judge: Provider | None = None
) -> Policy:
    """``policy`` with a sized deadline when it left ``deadline_s`` unset,
    else ``policy`` itself."""
    if "deadline_s" in policy.model_fields_set:
        return policy
    deadline = sized_deadline(policy, generator=generator, judge=judge)
    if deadline is None:
        return policy
    # model_copy marks the field set, so sizing the result again keeps it.
    return policy.model_copy(update={"deadline_s": deadline})
