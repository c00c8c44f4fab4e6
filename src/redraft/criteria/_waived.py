"""A standing rule the user waives for this request: the system prompt asks
for code in every answer ("Always answer with one ```sql code block"), and
the user says they want none ("I'm not asking for SQL, just explain", "no
code please"). The prompt at hand is more specific than the standing rule,
so the system's checks that need code are dropped: holding the answer to
them would fail the answer the user asked for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from redraft.criteria._compiled import CompiledCheck
from redraft.criteria._sentence_text import mask

__all__ = ["without_waived"]

_CODE = (
    r"(?:any\s+)?(?:sql|code|a\s+(?:sql\s+)?query|(?:sql\s+)?queries|a\s+script|scripts|"
    r"a\s+code\s+(?:block|snippet|sample)|code\s+(?:blocks?|snippets?|samples?))"
)
_NO_CODE = re.compile(
    rf"\b(?:(?:not|n't|never)\s+(?:asking|looking)\s+for\s+{_CODE}|"
    rf"(?:don'?t|do\s+not|no\s+need\s+to)\s+(?:write|give|show|send|include)\s+(?:me\s+)?{_CODE}|"
    rf"no\s+(?:code|sql)(?:\s+(?:blocks?|please|needed|this\s+time))?|without\s+{_CODE})\b",
    re.IGNORECASE,
)
_NEEDS_CODE = frozenset({"code_block_count", "code_only"})


def _needs_code(check: CompiledCheck) -> bool:
    spec = check.spec.model_dump()
    kind = check.spec.kind_name()
    if kind == "code_block_count":
        return int(spec.get("value") or 0) >= 1 and spec.get("relation") != "at_most"
    if kind == "order":
        return "code" in (spec.get("parts") or [])
    return kind in _NEEDS_CODE


def without_waived(prompt: str, checks: Sequence[CompiledCheck]) -> list[CompiledCheck]:
    """``checks`` without the system's checks that need code, where the
    prompt (its own words, not material it quotes) says it wants none."""
    if not _NO_CODE.search(mask(prompt)):
        return list(checks)
    return [c for c in checks if not (c.source == "system" and _needs_code(c))]
