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

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._compiled import CompiledCheck
from redraft.criteria._sentence_text import mask

__all__ = ["without_waived"]

_CODE = (
    r"(?:any\s+)?(?:sql|code|a\s+(?:sql\s+)?query|(?:sql\s+)?queries|a\s+script|scripts|"
    r"a\s+code\s+(?:block|snippet|sample)|code\s+(?:blocks?|snippets?|samples?))"
)
# What may follow "no code" where it waives the code: the clause ends, or a
# word that opens another part ("no code, just explain", "without code in
# two sentences"); not a noun ("no code comments", "without code duplication")
_CLAUSE_ENDS = r"(?=\s*(?:$|[.,;:!?)]|\s[—–-]\s|(?:please|needed|thanks|just|i|we|this|in|here)\b))"
_NO_CODE = compile_lazily(
    rf"\b(?:(?:not|n't|never)\s+(?:asking|looking)\s+for\s+{_CODE}|"
    rf"(?:don'?t|do\s+not|no\s+need\s+to)\s+(?:write|give|show|send|include)\s+(?:me\s+)?{_CODE}|"
    # "no code please", "no code." waive it; "no code comments", "no code
    # changes" ban something else, and the code itself stays asked for
    rf"(?:no\s+(?:code|sql)(?:\s+(?:blocks?|please|needed|this\s+time|at\s+all))?|"
    rf"without\s+{_CODE}(?:\s+at\s+all)?){_CLAUSE_ENDS})",
    re.IGNORECASE,
)
# "if there is no code, say so", "when no code is needed": a case, not a wish
_CASE_BEFORE = compile_lazily(r"\b(?:if|when|whenever|unless|whether|in\s+case)\b[^.;!?]*$", re.I)
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
    masked = mask(prompt)
    if not any(not _CASE_BEFORE.search(masked, 0, m.start()) for m in _NO_CODE.finditer(masked)):
        return list(checks)
    return [c for c in checks if not (c.source == "system" and _needs_code(c))]
