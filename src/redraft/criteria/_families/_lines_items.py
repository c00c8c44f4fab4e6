"""Line counts of things asked for and laid out one a line.

"Give me 3 headline options … Put each on a new line", "Produce a glossary
of 5 cloud terms. Each entry on its own line …", "List 15 Spanish false
friends. Each line: español ≠ English (meaning).", "5 sentences, each on a
new line": the item count (:mod:`._item_count`) reads the things asked for
and steps aside for the layout, a form with a count of its own; that count
is the answer's lines, one thing a line. The things are read by the item
family's own reading, with the layout set aside, so every guard it keeps
(several lists, a list within each item, a part beside the list, things a
line cannot hold, hedges) still refuses; a bulleted or numbered list keeps
its own count. The layout must be stated outright: not hedged, negated,
conditional, nor asked as a question. The reading gives ``(value, start,
end)`` offsets in the sentence; the line-count family (:mod:`._lines`)
makes them checks, having refused prompts that ask for lines beside these.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._item_count import ItemCount, items_asked
from redraft.criteria._sentences import Sentence, lowered, matches_in, sentence_blocked

__all__ = ["items_one_a_line"]

# One thing a line: "each on a new line", "one per line", "each entry on its
# own line", "each source goes on its own line", "put them on separate lines",
# "one line each", "one line per word"; a template of every line ("Each line:
# …", "each line should be: …", "format every line as: …") says the same
_EACH = r"(?:each|every)(?:\s+(?:one|of\s+them|[a-z]+))?"
_OWN_LINE = r"(?:its\s+own|a\s+(?:new|separate|single|different)|one|their\s+own)\s+line"
_LAYOUT = compile_lazily(
    rf"\b(?:{_EACH}\s+(?:(?:goes|go|is|sits|should\s+go|must\s+go)\s+)?on\s+{_OWN_LINE}|"
    r"one(?:\s+[a-z]+)?\s+per\s+line|"
    r"(?:put|write|list|give|place)\s+(?:them|these|each(?:\s+one)?|all\s+of\s+them)\s+on\s+"
    r"(?:separate|their\s+own|individual|different)\s+lines|"
    r"one\s+line\s+(?:each|apiece|per\s+[a-z]+)|"
    r"(?:format\s+)?(?:each|every)\s+line\s*(?::|(?:should|must)\s+be\s*:|"
    r"(?:is\s+|should\s+be\s+|must\s+be\s+)?(?:formatted|written)\s+(?:as|like)\b|as\s*:))"
    # "… on its own line as Name — URL": the template each line follows
    r"(?:\s+(?:as|like|in\s+the\s+form(?:at)?(?:\s+of)?)\s*:?(?=\s))?"
)
# Other rules on each line ("each line under 60 characters"): the lines are
# the things, so these too are set aside when the things are read
_PER_LINE = compile_lazily(r"\b(?:each|every)\s+line\b")
# "no", "not", "don't", "never", "instead of": the layout refused
_REFUSED = compile_lazily(
    r"\b(?:no|not|don'?t|do\s+not|never|without|instead\s+of|rather\s+than|optional(?:ly)?)\b"
    r"(?:(?!\b(?:and|but)\b)[^,;:—–(])*$"
)
# A template of each line runs to the end of its sentence: what it holds
# ("each line should be: word, then a tab, then …") is within each line
_TEMPLATE = compile_lazily(r"(?::|\b(?:as|like|form|format|of))\s*$")
_SENTENCE_END = compile_lazily(r"[.!?](?:\s|$)|\n")
_CLAUSE_START = compile_lazily(r"[.!?;\n]")


def items_one_a_line(sentence: Sentence) -> Iterator[tuple[int, int, int]]:
    """ "Give me 3 headline options. Put each on a new line.": 3 lines."""
    whole = lowered(sentence.whole)
    layouts = [m for m in matches_in(_LAYOUT, whole) if _stated(sentence, m.start())]
    if not layouts or any(isinstance(h.spec, ItemCount) for h in items_asked(sentence)):
        return  # no layout, or the items counted already as a list's
    spans = [_reach(whole, m) for m in layouts] + [m.span() for m in matches_in(_PER_LINE, whole)]
    for found in items_asked(_blanked(sentence, spans)):
        spec = found.spec
        # an exact count only: "3-5 tips, one tip per line" bounds the things,
        # and a bound of things each line holds is no number of lines
        if isinstance(spec, ItemCount) and spec.relation == "exactly":
            yield spec.value, found.start, found.end


def _reach(whole: str, layout: re.Match[str]) -> tuple[int, int]:
    """The layout's span, a template of each line with what it holds."""
    if not _TEMPLATE.search(layout.group(0)):
        return layout.span()
    end = _SENTENCE_END.search(whole, layout.end())
    return layout.start(), end.start() if end else len(whole)


def _stated(sentence: Sentence, at: int) -> bool:
    """Whether the layout at ``at`` of the whole prompt is asked outright."""
    whole = sentence.whole
    start = max((m.end() for m in _CLAUSE_START.finditer(whole, 0, at)), default=0)
    end = next((m.start() for m in _CLAUSE_START.finditer(whole, at)), len(whole))
    if whole[end : end + 1] == "?":
        return False  # "could you put each on its own line?": asked about
    if _REFUSED.search(whole[start:at].lower()):
        return False
    held = Sentence(
        whole[start:end], whole[start:end], start, whole, sentence.full, sentence.source
    )
    return not sentence_blocked(held, at - start)


def _blanked(sentence: Sentence, spans: list[tuple[int, int]]) -> Sentence:
    """``sentence`` with the given spans of the whole prompt blanked, offsets kept."""
    whole, original, masked = sentence.whole, sentence.original, sentence.masked
    for start, end in spans:
        blank = " " * (end - start)
        whole = whole[:start] + blank + whole[end:]
        a, b = max(start - sentence.start, 0), min(end - sentence.start, len(masked))
        if a < b:
            original = original[:a] + " " * (b - a) + original[b:]
            masked = masked[:a] + " " * (b - a) + masked[b:]
    return replace(sentence, original=original, masked=masked, whole=whole)
