"""Labels the prompt asks to put on the answer's parts.

"Label them 'HED:' and 'DEK:'", "Label them Slide 1: to Slide 6:", "put
them on two lines prefixed 'A:' and 'B:'", "start each line with 'Q:'": each
part then opens with words of its own that a count of the part's words or
characters may or may not include ("Headline: 8 words max" means the
headline, not "HED: " and the headline). No count spec sets a label aside,
so the counts of a part's words or characters compile nothing beside such a
label (:func:`unlabelled`). Labels the parts would read the same with or
without ("Title:", "Subject:" are set aside where a title is cut) and a
prefix that is no label (no colon: "each prefixed with 'feature/'") leave
the counts as they are.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["labels_asked", "unlabelled"]

_QUOTE = "'\"‘’“”`"
# a label: a word or two and a number at most, ended by a colon
_LABEL = rf"[{_QUOTE}]?(?P<l1>[A-Za-z][\w .#-]{{0,15}}):(?=[\s{_QUOTE},;)]|$)"
_LABELS_ASKED = compile_lazily(
    # "Label them 'HED:' and 'DEK:'", "labelled Slide 1: to Slide 6:"
    rf"\blabel(?:l?ed|s|ing)?\b[^.!?\n]{{0,40}}?{_LABEL}|"
    # "prefixed 'A:' and 'B:'", "start each line with 'Q:'", "begin each one with \"Note:\""
    r"\b(?:prefix(?:ed|es)?|start(?:s|ing|ed)?|begin(?:s|ning)?|open(?:s|ing|ed)?|lead(?:s|ing)?)\b"
    rf"[^.!?\n]{{0,40}}?[{_QUOTE}](?P<l2>[A-Za-z][\w .#-]{{0,15}}):\s*[{_QUOTE}]",
    re.IGNORECASE,
)
# the labels a title's cut sets aside already
_TITLE_LABEL = compile_lazily(r"(?:title|subject|headline)", re.IGNORECASE)


# A label on each of the parts, not on one line added beside them ("Then add
# one line starting with 'Why it matters:'"): a distributive word in its
# clause, or more than one label
_EACH = compile_lazily(r"\b(?:each|every|all|both|them|they|these|those)\b", re.IGNORECASE)
_CLAUSE_START = compile_lazily(r"[.;!?\n][^.;!?\n]*$")


# one line added ("After each question, one line starting 'Look for:'"): a
# line of its own, not a label on the parts counted
_ONE_LINE = compile_lazily(
    r"\b(?:one|a|an|a\s+single|one\s+more|an\s+extra)\s+(?:[\w-]+\s+)?line\b", re.I
)


def _on_each_part(full: str, match: re.Match[str]) -> bool:
    before = _CLAUSE_START.search(full, 0, match.start())
    clause = full[before.start() if before else 0 : match.end() + 40]
    if _ONE_LINE.search(full, before.start() if before else 0, match.end()):
        return False
    return _EACH.search(clause) is not None or clause.count(":") > 1


@functools.lru_cache(maxsize=8)
def labels_asked(full: str) -> bool:
    """Whether the prompt (its original text) asks for a label on each of its parts."""
    return any(
        not _TITLE_LABEL.fullmatch((m.group("l1") or m.group("l2")).strip())
        and _on_each_part(full, m)
        for m in _LABELS_ASKED.finditer(full)
    )


def _counts_words(spec: object) -> bool:
    # read by kind: the count families import this module
    kind = getattr(spec, "kind", "")
    if kind == "each_word_count":
        return True
    return kind in ("each_count", "part_count") and getattr(spec, "units", "") in (
        "words",
        "characters",
    )


def unlabelled(rule: Rule) -> Rule:
    """``rule`` without the counts of a part's words or characters where
    the prompt asks for a label on the parts."""

    def read(sentence: Sentence) -> Iterator[Hit]:
        for hit in rule(sentence):
            if _counts_words(hit.spec) and labels_asked(sentence.full or sentence.original):
                continue  # "Headline: 8 words max … Label them 'HED:'": the label's words may count
            yield hit

    read.__name__ = read.__qualname__ = getattr(rule, "__name__", "rule")
    read.__doc__ = rule.__doc__
    return read
