"""Repairs: fixes a failed exact check can make to a draft without a model.

Some requirements are met by an edit that needs no judgement — write the
answer in lowercase, take its commas out, wrap it in quotation marks, end it
with the phrase asked for, cut it at a sentence end to a word limit. A check
that failed on one of those says so in its evidence (``data["repair"]``: the
name of a registered :class:`RepairOp` and its parameters), and the loop makes
every such edit of the kept draft at once, as the next attempt: a draft that
costs no tokens (no model call, so none is recorded), evaluated like any
other, and kept only when the verified evidence says it is better and it
breaks nothing the kept draft met (:func:`redraft.core._selection.better_draft`).
Small models rarely act on "write in lowercase" however it is put; an edit
always does. Guardrails calls the same idea a validator's *fix*.

The edits themselves are a registry: the ones here are built in, and a
requirement family registers its own next to its measure
(:func:`register_repair`), so the loop makes edits it never heard of.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from redraft.core._types import Draft, Verdict

__all__ = [
    "RepairOp",
    "apply_repairs",
    "describe_repairs",
    "register_repair",
    "repair_draft",
    "repair_ops",
    "repairs_for",
]

Params = Mapping[str, Any]

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+")
_COMMA = re.compile(r"\s*,(?=\s)|,")
_WORD_RUN = re.compile(r"\w+")


@dataclass(frozen=True)
class RepairOp:
    """One edit a check can ask for: ``edit(text, params, repairs)`` returns
    the edited text (``repairs`` is every repair being made, for edits that
    must leave room for another), ``said(params)`` what was done, for the
    record. Edits run in ``rank`` order, lowest first."""

    name: str
    rank: int
    edit: Callable[[str, Params, Sequence[Params]], str]
    said: Callable[[Params], str]


_OPS: dict[str, RepairOp] = {}


def register_repair(op: RepairOp) -> RepairOp:
    """Add ``op`` to the edits the loop can make; registering the same op
    again is harmless, another op under a taken name is a ``ValueError``."""
    known = _OPS.get(op.name)
    if known is not None and known != op:
        raise ValueError(f"a repair named {op.name!r} is already registered")
    _OPS[op.name] = op
    return op


def repair_ops() -> tuple[str, ...]:
    """The names of every registered edit, in the order they are made."""
    return tuple(sorted(_OPS, key=lambda name: (_OPS[name].rank, name)))


def repairs_for(verdict: Verdict) -> list[dict[str, Any]]:
    """The repairs the required checks that failed on this verdict offer,
    one per edit (the first of each), in the order they are made."""
    found: dict[str, dict[str, Any]] = {}
    for evidence in verdict.evidence:
        repair = evidence.data.get("repair")
        if not (evidence.required and evidence.passed is False and isinstance(repair, Mapping)):
            continue
        op = repair.get("op")
        if isinstance(op, str) and op in _OPS and op not in found:
            found[op] = dict(repair)
    return [found[op] for op in repair_ops() if op in found]


def repair_draft(draft: Draft, drafts: Iterable[Draft]) -> tuple[str, list[dict[str, Any]]] | None:
    """The repaired text of ``draft`` and the repairs made, or None when its
    verdict offers none or the result is a text already drafted."""
    if draft.verdict is None:
        return None
    repairs = repairs_for(draft.verdict)
    if not repairs:
        return None
    text = apply_repairs(draft.text, repairs)
    if not text.strip() or any(d.text == text for d in drafts):
        return None
    return text, repairs


def apply_repairs(text: str, repairs: list[dict[str, Any]]) -> str:
    """``text`` with ``repairs`` made in rank order; an edit that is not
    registered is skipped (a stored verdict may name one)."""
    known = [(_OPS[str(r.get("op"))], r) for r in repairs if str(r.get("op")) in _OPS]
    for op, repair in sorted(known, key=lambda pair: pair[0].rank):
        text = op.edit(text, repair, repairs)
    return text


def describe_repairs(repairs: list[dict[str, Any]]) -> str:
    """What was done, for the draft's record: "repaired: lowercased; commas removed"."""
    said = [_OPS[str(r["op"])].said(r) for r in repairs if str(r.get("op")) in _OPS]
    return "repaired without a model: " + "; ".join(said)


_QUOTES = "\"'“”‘’`"


def _option_form(text: str) -> str:
    # As the one_of check compares: trimmed, one final period dropped, case folded.
    text = text.strip()
    return (text[:-1].rstrip() if text.endswith(".") else text).casefold()


def _strip_to_option(text: str, options: list[str]) -> str:
    """``text`` without the whitespace, quotes and final period around it,
    where that leaves exactly one of ``options``; ``text`` as it is elsewhere
    (an answer with other words needs a redraft, not an edit)."""
    wanted = {_option_form(option) for option in options}
    bare = text.strip()
    for _ in range(3):  # '"Yes".' → '"Yes"' → 'Yes'
        bare = bare.strip()
        if bare.endswith(".") and not bare.endswith(".."):
            bare = bare[:-1].rstrip()
        if len(bare) >= 2 and bare[0] in _QUOTES and bare[-1] in _QUOTES:
            bare = bare[1:-1].strip()
        if _option_form(bare) in wanted:
            return bare
    return text


def _ends_with(text: str, phrase: str) -> bool:
    return " ".join(text.split()).casefold().endswith(" ".join(phrase.split()).casefold())


def _word_count(text: str) -> int:
    """The higher of the two usual counts (whitespace tokens with a letter or
    digit, runs of word characters: "don't" is one or two), as the checks count."""
    tokens = sum(1 for token in text.split() if any(ch.isalnum() for ch in token))
    return max(tokens, len(_WORD_RUN.findall(text)))


def _cut_words(text: str, limit: int) -> str:
    """The longest run of whole sentences within ``limit`` words; ``text``
    as it is when even the first sentence is longer — half a sentence is a
    worse answer than a long one, and the redraft's feedback says what to cut."""
    if _word_count(text) <= limit:
        return text
    kept = ""
    for match in _SENTENCE_END.finditer(text):
        head = text[: match.start()]
        if _word_count(head) > limit:
            break
        kept = head
    return kept.rstrip() if kept.strip() else text


def _cut(text: str, params: Params, repairs: Sequence[Params]) -> str:
    # Leave room for an ending that is still to be appended.
    ending = next((str(r["phrase"]) for r in repairs if r.get("op") == "end_with"), None)
    room = len(ending.split()) if ending and not _ends_with(text, ending) else 0
    return _cut_words(text, max(1, int(params["limit"]) - room))


def _end_with(text: str, params: Params, repairs: Sequence[Params]) -> str:
    phrase = str(params["phrase"])
    return text if _ends_with(text, phrase) else f"{text.rstrip()}\n\n{phrase}"


def _wrap_quotes(text: str, params: Params, repairs: Sequence[Params]) -> str:
    body = text.strip()
    text = ("" if body.startswith(('"', "“")) else '"') + body
    return text + ("" if body.endswith(('"', "”")) and len(body) > 1 else '"')


# An answer that must be one of some options is bared to the option first, a
# cut comes before an ending is appended, the ending before the quotation
# marks go around everything; families register theirs between.
for _op in (
    RepairOp(
        "strip_to_option",
        100,
        lambda text, p, _: _strip_to_option(text, [str(o) for o in p["options"]]),
        lambda _: "quotes and a final period stripped from the option",
    ),
    RepairOp("cut_words", 200, _cut, lambda p: f"cut to {p['limit']} words at a sentence end"),
    RepairOp(
        "remove_commas", 300, lambda text, _p, _r: _COMMA.sub("", text), lambda _: "commas removed"
    ),
    RepairOp(
        "case",
        400,
        lambda text, p, _: text.lower() if p["case"] == "lower" else text.upper(),
        lambda p: f"{p['case']}cased",
    ),
    RepairOp("end_with", 800, _end_with, lambda p: f"ended with {p['phrase']!r}"),
    RepairOp("wrap_quotes", 900, _wrap_quotes, lambda _: "wrapped in double quotes"),
):
    register_repair(_op)
