"""Checklist: the answer's list is a markdown checklist, every item a task
box (``- [ ] task`` or ``- [x] done``).

"Make a markdown checklist", "in markdown checkboxes (- [ ] item)", "format
each item as '- [ ] task'". Measured exactly: a list item is a line that
opens with a bullet (``-``, ``*``, ``+``) or a number (``1.``, ``1)``);
the answer passes when it has at least one list item and every list item
holds a box (``[ ]``, ``[x]`` or ``[X]``) and then text. Lines that are not
list items (an intro, a heading) are not the check's. Repaired without a
model where the items are there without boxes: an empty box is put after
each item's marker. Read only where a checkbox or a markdown checklist is
named as the answer's form; a "checklist" alone may be any list and
compiles nothing, nor does a hedged, negated or quoted request.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import Params, RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, response_context

__all__ = ["CHECKLIST", "Checklist", "list_items"]


class Checklist(FamilySpec):
    """Every list item of the answer is a markdown task box, and there is one."""

    kind: Literal["checklist"] = "checklist"

    def describe(self) -> str:
        return "a markdown checklist: every list item '- [ ] …'"


_ITEM = compile_lazily(
    r"^(?P<marker>[ \t]*(?:[-*+]|\d{1,3}[.)]))[ \t]+(?P<rest>\S.*)$", re.MULTILINE
)
_BOX = compile_lazily(r"\[[ xX]\][ \t]+\S")
_RULE = compile_lazily(r"^[ \t]*(?:[-*_][ \t]*){3,}$")


def list_items(text: str) -> list[tuple[str, bool]]:
    """Each list item of ``text`` and whether it opens with a task box."""
    items: list[tuple[str, bool]] = []
    for match in _ITEM.finditer(text):
        if _RULE.match(match.group(0)):
            continue  # "---" and "* * *" are dividers, not items
        rest = match.group("rest")
        items.append((rest, _BOX.match(rest) is not None))
    return items


def _box_items(text: str, _params: Params, _repairs: Sequence[Params]) -> str:
    def boxed(match: re.Match[str]) -> str:
        if _RULE.match(match.group(0)) or _BOX.match(match.group("rest")):
            return match.group(0)
        return f"{match.group('marker')} [ ] {match.group('rest')}"

    return _ITEM.sub(boxed, text)


BOX_ITEMS = RepairOp("box_items", 560, _box_items, lambda _: "a box put before each list item")


# -- reading the request ----------------------------------------------------------

_CHECKBOXES = compile_lazily(
    r"\b(?P<at>(?:in|with|using|as|use|into)\s+(?:(?:markdown|md|github[- ]style|empty|"
    r"tickable)\s+)*check-?box(?:es)?(?:\s+items|\s+format|\s+list)?|"
    r"(?:as|in|into)\s+(?:a\s+)?(?:markdown|md|github[- ]style)\s+(?:check-?list|task\s+list)|"
    r"(?:make|write|create|give\s+me|produce|provide|draft|build)\s+(?:me\s+)?a\s+"
    r"(?:markdown|md|github[- ]style)\s+(?:check-?list|task\s+list)|"
    r"check-?box\s+items|"
    r"(?:each|every)\s+(?:item|task|step|line|bullet)\s+(?:as|with)\s+a\s+check-?box)\b"
)
# "use checkboxes where it helps": boxes for some items, not a rule for every one
_ONLY_SOME = compile_lazily(
    r"^\s*,?\s*(?:where|when|if|wherever|whenever|unless|as\s+needed|as\s+appropriate|for\s+"
    r"(?:some|any|a\s+few|the\s+(?:important|main|key)))\b|"
    # "checkboxes only for the tasks in the last section": one part's items
    r"^\s*only\s+(?:for|in|on|under)\b|"
    r"^\s*(?:for|in|under)\s+the\s+(?:[\w-]+\s+){0,3}?(?:last|first|second|final|next|other)\b"
)
_SHOWN = compile_lazily(r"(?P<at>(?:[-*+]\s*)?\[\s\])")
_SHOWN_FOR = compile_lazily(
    r"\b(?:format|formatted|write|written|list|as|like|each\s+(?:item|task|line|bullet))\b"
)


def checklist(sentence: Sentence) -> Iterator[Hit]:
    """ "Make a markdown checklist", "as checkbox items (- [ ] item)"."""
    text = sentence.lower
    if sentence.original.rstrip().endswith("?"):
        return
    for match in _CHECKBOXES.finditer(text):
        if _ONLY_SOME.match(text[match.end() :]):
            return
        if response_context(sentence, match.start("at")):
            yield Hit(Checklist(), match.start(), match.end())
            return
    # "Format each task as '- [ ] task'": the box shown, in quotes or not
    shown = _SHOWN.search(sentence.original)
    if shown is not None and _SHOWN_FOR.search(text[: shown.start()]):
        lead = _SHOWN_FOR.search(text[: shown.start()])
        assert lead is not None
        if response_context(sentence, lead.start()):
            yield Hit(Checklist(), lead.start(), shown.end())


class _Checklist(Family):
    name = "checklist"
    specs = (Checklist,)
    rules: ClassVar[tuple[Rule, ...]] = (checklist,)
    edits: ClassVar[tuple[RepairOp, ...]] = (BOX_ITEMS,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, Checklist)
        items = list_items(text)
        bare = [item for item, boxed in items if not boxed]
        data: dict[str, Any] = {"items": len(items), "without_box": len(bare)}
        if items and not bare:
            return Outcome(True, f"every one of the {len(items)} list items has a box", data=data)
        said = "no list items" if not items else f"{len(bare)} of {len(items)} items without a box"
        return Outcome(
            False,
            f"the answer has {said}; required: {spec.describe()}",
            self.correction(spec, text),
            score=(len(items) - len(bare)) / len(items) * 0.99 if items else 0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        items = list_items(text)
        bare = [item for item, boxed in items if not boxed]
        if not items:
            return (
                "Your answer has no list. Write the items as a markdown checklist, "
                "one per line: '- [ ] item'."
            )
        shown = ", ".join(repr(item[:40]) for item in bare[:3]) + (", …" if len(bare) > 3 else "")
        return (
            f"{len(bare)} of your {len(items)} list items have no box ({shown}). "
            "Start every item with '- [ ] ' (or '- [x] ' for one that is done)."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": BOX_ITEMS.name}


CHECKLIST = _Checklist()
