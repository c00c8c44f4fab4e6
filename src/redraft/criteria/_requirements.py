"""Requirement accounting: every clause of a prompt that constrains the
answer, and what (if anything) verifies it.

A compiled check is often weaker than the clause it came from: "include
'cat' and 'dog', each exactly twice" compiles to two "at least once"
checks; "3 paragraphs separated by ***" to a paragraph count. Passing such a
check proves nothing about the clause, so each clause is accounted for on
its own:

- **exact** — its checks cover every word of it that says something (only
  frame words such as "your response should" are left over);
- otherwise its checks, if any, are **partial**: they can fail the clause
  (a weaker condition the answer must still meet) but never pass it, and the
  clause goes to the judge as a checklist item, or stays **unverified**
  when there is no judge.

The leftover words are kept (``residue``) so ``redraft checks`` can show the
text nothing covers.

Every clause of the prompt and the criteria is accounted for: the user wrote
them about this answer. The request's system messages are read too, but they
mostly set a scene ("You are SnackBot, the assistant of a snack shop."), so
a system clause counts only when a check reads it or it states a rule: an
imperative ("Always reply in Spanish.", "Keep answers short.") or a modal
("Answers must cite a source."). A persona line counts only with a standing
rule in it ("You are SnackBot and you never discuss prices.").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._compiled import CompiledCheck, TextSource
from redraft.criteria._sentences import MASK, mask, sentences

__all__ = ["Clause", "account_requirements", "clauses_of", "states_rule"]


@dataclass(frozen=True)
class Clause:
    """One requirement-bearing clause and the checks that read it."""

    text: str
    source: TextSource
    span: tuple[int, int]
    checks: tuple[int, ...]
    """Indices, into the check list given, of the checks compiled from it."""
    residue: str
    """What no check covers, frame words aside ("" when the checks cover it all)."""

    @property
    def exact(self) -> bool:
        return bool(self.checks) and not self.residue

    @property
    def partial(self) -> bool:
        return bool(self.checks) and bool(self.residue)


# Words that frame a requirement without adding to it: directives, the
# response itself, modals, articles and connectives. Anything else left over
# once the checks' spans are removed is a part of the clause they did not read.
_FRAME_WORDS = """
    a an the there your my this that it its entire whole full complete final overall total
    response responses answer answers reply replies output text
    should must shall will would need needs to be is are been being have has having
    please also and finally additionally so just only strictly all
    make sure ensure remember do does you i me want like provide give
    write written respond answer keep use using used contain contains containing
    include includes including in with of at by for on as
    format formatted markdown
"""
_FRAME = frozenset(_FRAME_WORDS.split())
_WORD = compile_lazily(r"[^\W_]+(?:['’][^\W_]+)?|\*{3,}|-{3,}|#{1,6}")
# "i.e. *highlighted section*", "(for example …)": an illustration, not a requirement.
_EXAMPLE = compile_lazily(
    r"\b(?:i\.e\.|e\.g\.|for example|for instance|such as|like this)[^.;)]*", re.IGNORECASE
)
_TRIM = " \t\n-*•·,;:.!?"
# A clause keeps its own last marks ("Capital?", "separated by ***"): only
# the joints between clauses are trimmed from its end.
_TAIL_TRIM = " \t\n,;:."
# Where the sentence splitter cuts too early: "i.e. …", "e.g. …".
_ABBREVIATION = compile_lazily(r"\b(?:i\.e|e\.g|etc|vs|cf)\.\s*$", re.IGNORECASE)


def clauses_of(
    text: str, checks: Sequence[CompiledCheck], *, source: TextSource = "prompt"
) -> list[Clause]:
    """The clauses of ``text`` and, for each, the checks whose source span
    lies in it (checks from another source are ignored)."""
    if not text or not text.strip():
        return []
    masked = mask(text)
    spans: list[tuple[int, int]] = []
    for sentence in sentences(text, masked, source):
        start, end = sentence.start, sentence.start + len(sentence.original)
        if spans and _ABBREVIATION.search(text[spans[-1][0] : spans[-1][1]]):
            start = spans.pop()[0]  # "… with markdown, i.e. *highlighted*": one clause
        spans.append((start, end))
    found: list[Clause] = []
    for start, end in spans:
        original = text[start:end]
        if not masked[start:end].strip(_TRIM + MASK):
            continue  # quoted or handed-over material only
        lead = len(original) - len(original.lstrip(_TRIM))
        tail = len(original.rstrip(_TAIL_TRIM))
        covering = tuple(
            i
            for i, check in enumerate(checks)
            if check.source == source
            and check.source_span is not None
            and check.source_span[0] < end
            and check.source_span[1] > start
        )
        found.append(
            Clause(
                text=original[lead:tail],
                source=source,
                span=(start + lead, start + tail),
                checks=covering,
                residue=_residue(original, start, [checks[i] for i in covering]),
            )
        )
    return found


def _residue(original: str, offset: int, checks: Sequence[CompiledCheck]) -> str:
    """The words of a clause outside every check's span that are not frame.
    Quoted material outside a check's span counts: it is an argument no
    check took ("'cat' and 'dog'" when only 'cat' compiled). A check of a
    part only (a language detector, a haiku's lines) covers nothing: its
    words stay for the judge."""
    covered = [False] * len(original)
    for check in checks:
        if check.spec.part_only():
            continue
        assert check.source_span is not None
        a, b = check.source_span
        for i in range(max(a - offset, 0), min(b - offset, len(original))):
            covered[i] = True
    kept = "".join(" " if covered[i] else char for i, char in enumerate(original))
    kept = _EXAMPLE.sub(" ", kept)
    words = [w for w in _WORD.findall(kept) if w.lower() not in _FRAME]
    return " ".join(words)


# A scene, not a rule: who the assistant is, who the users are.
_PERSONA = compile_lazily(
    r"(?:you\s+are|you're|your\s+(?:name|role|job|goal|purpose|persona)\s+is|i\s+am|i'm|"
    r"we\s+are|this\s+is|the\s+users?\s+(?:is|are)|users\s+are)\b"
)
_STANDING = compile_lazily(
    r"\b(?:always|never|must|mustn't|should|shouldn't|shall|do\s+not|don't|does\s+not|doesn't|"
    r"cannot|can't|may\s+not|need\s+to|needs\s+to|has\s+to|have\s+to|make\s+sure|ensure)\b"
)
_MODAL = compile_lazily(
    rf"{_STANDING.pattern}|\b(?:only|no\s+more\s+than|at\s+(?:most|least)|exactly|fewer\s+than|"
    r"less\s+than|under\s+\d+)\b"
)
_IMPERATIVE = compile_lazily(
    r"(?:please\s+)?(?:always|never|only|do|don't|reply|respond|answer|write|use|keep|include|"
    r"end|start|begin|format|limit|avoid|mention|refuse|decline|be|make|ensure|return|output|"
    r"give|provide|list|add|wrap|put|stay|sign|greet|address|speak|talk|cite|follow|stick|"
    r"say|ask|explain|translate|summari[sz]e|remember|no|none|under|at\s+most|at\s+least)\b"
)


def states_rule(text: str) -> bool:
    """Whether a system clause states a rule for the answer (an imperative
    or a modal), rather than setting the scene."""
    lowered = text.strip(_TRIM + "#>()0123456789").lower()
    if _PERSONA.match(lowered):
        return bool(_STANDING.search(lowered))
    return bool(_IMPERATIVE.match(lowered) or _MODAL.search(lowered))


def account_requirements(
    prompt: str,
    criteria: str | None,
    checks: Sequence[CompiledCheck],
    *,
    system: str | None = None,
) -> list[Clause]:
    """The clauses of the prompt, then of the criteria, then the system
    messages' clauses that state a rule (:func:`states_rule`) or that a
    check reads, each with its checks."""
    standing = [
        clause
        for clause in clauses_of(system or "", checks, source="system")
        if clause.checks or states_rule(clause.text)
    ]
    return [
        *clauses_of(prompt, checks, source="prompt"),
        *clauses_of(criteria or "", checks, source="criteria"),
        *standing,
    ]
