"""A compiled check: a :data:`CheckSpec` plus where it came from.

Every check carries its provenance so a user can see, and argue with, the
exact words a verdict enforces: ``origin`` (``rules``, ``llm`` or
``explicit``), which text it was read from (``prompt``, ``criteria`` or the
request's ``system`` messages), the
character span and the quoted text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from redraft.criteria._spec import CheckSpec

__all__ = ["CheckOrigin", "ChecksMode", "CompiledCheck", "TextSource", "merge_checks"]

CheckOrigin = Literal["rules", "llm", "explicit"]
TextSource = Literal["prompt", "criteria", "system"]
ChecksMode = Literal["extend", "replace"]
"""How explicit checks meet compiled ones: ``extend`` adds them (an explicit
check replaces a compiled one with the same slot), ``replace`` uses only them."""


class CompiledCheck(BaseModel):
    """One check and the text it was compiled from."""

    model_config = ConfigDict(frozen=True)

    spec: CheckSpec
    origin: CheckOrigin
    source: TextSource | None = None
    """Which text ``source_span`` indexes (``system``: the request's system
    messages, joined as :attr:`~redraft.RunRequest.system` joins them); None
    for explicit checks."""
    source_span: tuple[int, int] | None = None
    """``source_text == text[start:end]`` of the prompt or criteria."""
    source_text: str | None = None

    def provenance(self) -> dict[str, Any]:
        """What a finding records about this check's origin."""
        return {
            "origin": self.origin,
            "source": self.source,
            "source_span": list(self.source_span) if self.source_span else None,
            "source_text": self.source_text,
        }

    def describe(self) -> str:
        return self.spec.describe()


def explicit(specs: Iterable[CheckSpec]) -> list[CompiledCheck]:
    return [CompiledCheck(spec=spec, origin="explicit") for spec in specs]


def merge_checks(
    compiled: Sequence[CompiledCheck],
    explicit_specs: Sequence[CheckSpec] = (),
    *,
    mode: ChecksMode = "extend",
) -> list[CompiledCheck]:
    """Explicit checks first, then compiled ones whose slot is still free.

    Within compiled checks the earlier wins a slot, so callers list
    rule-compiled checks before LLM-compiled ones.
    """
    chosen = explicit(explicit_specs)
    if mode == "replace":
        return chosen
    taken = {check.spec.slot() for check in chosen}
    for check in compiled:
        slot = check.spec.slot()
        if slot in taken:
            continue
        taken.add(slot)
        chosen.append(check)
    return chosen
