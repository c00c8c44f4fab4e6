"""Repairs: fixes a failed exact check can make to a draft without a model.

Some requirements are met by an edit that needs no judgement — write the
answer in lowercase, take its commas out, wrap it in quotation marks, end it
with the phrase asked for, cut it at a sentence end to a word limit. A check
that failed on one of those says so in its evidence (``data["repair"]``, one
of the :data:`REPAIR_OPS`), and the loop makes every such edit of the kept
draft at once, as the next attempt: a draft that costs no tokens (no model
call, so none is recorded), evaluated like any other, and kept only when the
verified evidence says it is better. Small models rarely act on "write in
lowercase" however it is put; an edit always does. Guardrails calls the same
idea a validator's *fix*.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from redraft.core._types import Draft, Verdict

__all__ = ["REPAIR_OPS", "apply_repairs", "describe_repairs", "repair_draft", "repairs_for"]

REPAIR_OPS = ("strip_to_option", "cut_words", "remove_commas", "case", "end_with", "wrap_quotes")
"""Every repair, in the order they are made: an answer that must be one of
some options is bared to the option first, a cut before an ending is
appended, the ending before the quotation marks go around everything."""

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+")
_COMMA = re.compile(r"\s*,(?=\s)|,")
_WORD_RUN = re.compile(r"\w+")


def repairs_for(verdict: Verdict) -> list[dict[str, Any]]:
    """The repairs the required checks that failed on this verdict offer,
    one per kind (the first of each), in :data:`REPAIR_OPS` order."""
    found: dict[str, dict[str, Any]] = {}
    for evidence in verdict.evidence:
        repair = evidence.data.get("repair")
        if not (evidence.required and evidence.passed is False and isinstance(repair, Mapping)):
            continue
        op = repair.get("op")
        if op in REPAIR_OPS and op not in found:
            found[op] = dict(repair)
    return [found[op] for op in REPAIR_OPS if op in found]


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
    """``text`` with ``repairs`` made, in the order they are listed."""
    ending = next((r["phrase"] for r in repairs if r["op"] == "end_with"), None)
    for repair in repairs:
        match repair["op"]:
            case "strip_to_option":
                text = _strip_to_option(text, [str(o) for o in repair["options"]])
            case "cut_words":
                # Leave room for an ending that is still to be appended.
                room = len(ending.split()) if ending and not _ends_with(text, ending) else 0
                text = _cut_words(text, max(1, int(repair["limit"]) - room))
            case "remove_commas":
                text = _COMMA.sub("", text)
            case "case":
                text = text.lower() if repair["case"] == "lower" else text.upper()
            case "end_with":
                if not _ends_with(text, repair["phrase"]):
                    text = f"{text.rstrip()}\n\n{repair['phrase']}"
            case "wrap_quotes":
                body = text.strip()
                text = ("" if body.startswith(('"', "“")) else '"') + body
                text += "" if body.endswith(('"', "”")) and len(body) > 1 else '"'
    return text


def describe_repairs(repairs: list[dict[str, Any]]) -> str:
    """What was done, for the draft's record: "repaired: lowercased; commas removed"."""
    return "repaired without a model: " + "; ".join(_said(r) for r in repairs)


def _said(repair: Mapping[str, Any]) -> str:
    match repair["op"]:
        case "strip_to_option":
            return "quotes and a final period stripped from the option"
        case "cut_words":
            return f"cut to {repair['limit']} words at a sentence end"
        case "remove_commas":
            return "commas removed"
        case "case":
            return f"{repair['case']}cased"
        case "end_with":
            return f"ended with {repair['phrase']!r}"
    return "wrapped in double quotes"


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
