"""How a proportion is asked (:mod:`._proportion`): a share ("half", "at
least a third", "no more than 20%", "one in four", "2/3") of the answer's
sentences, lines, paragraphs, items, words or letters, and what that share
of them must be (questions, ending with '!', containing a quoted word,
starting with a quoted word or a named letter, in capitals, uppercase
letters).

Three shapes: the share first ("Half of the sentences should be
questions", "make a third of the lines questions"), the proportion named
("The proportion of sentences containing 'less' should be at least one
third"), and letters ("uppercase letters make up less than 5% of all
letters"). A share said roughly ("about half", "most", "a majority") is no
fraction and compiles nothing; nor does a hedged, negated, questioned or
quoted request, a share of other things ("half of the guests"), or an
order ("every other line").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import ValidationError

from redraft.core._lazy_pattern import compile_lazily, compiled
from redraft.criteria._families._proportion_spec import Proportion
from redraft.criteria._sentences import MASK, THING, Hit, Sentence, response_context

__all__ = ["proportions"]

_WORD_FRACTIONS: dict[str, tuple[int, int]] = {
    "half": (1, 2),
    "one half": (1, 2),
    "a third": (1, 3),
    "one third": (1, 3),
    "two thirds": (2, 3),
    "a quarter": (1, 4),
    "one quarter": (1, 4),
    "a fourth": (1, 4),
    "one fourth": (1, 4),
    "three quarters": (3, 4),
    "three fourths": (3, 4),
    "a fifth": (1, 5),
    "one fifth": (1, 5),
    "two fifths": (2, 5),
    "three fifths": (3, 5),
    "four fifths": (4, 5),
    "a tenth": (1, 10),
    "one tenth": (1, 10),
}
_WORDS_ALT = "|".join(
    w.replace(" ", r"[\s-]+") for w in sorted(_WORD_FRACTIONS, key=len, reverse=True)
)
_FRACTION = (
    rf"(?:(?P<pct>\d{{1,3}})\s*(?:%|percent\b|per\s+cent\b)|"
    rf"(?P<num>\d{{1,2}})\s*/\s*(?P<den>\d{{1,2}})\b|"
    rf"(?P<word>{_WORDS_ALT})\b)"
)
_RELATIONS = {
    "at_least": (
        r"at\s+least|no\s+less\s+than|no\s+fewer\s+than|not\s+less\s+than|not\s+fewer\s+than|"
        r"a\s+minimum\s+of|minimum\s+of|a\s+minimum"
    ),
    "at_most": (
        r"at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|max(?:imum)?"
    ),
    "more_than": r"more\s+than|over|above|greater\s+than",
    "less_than": r"less\s+than|fewer\s+than|under|below",
    "exactly": r"exactly|precisely",
}
_REL = "|".join(f"(?P<{name}>{words})" for name, words in _RELATIONS.items())
_ROUGH = compile_lazily(
    r"\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|some|circa|~)\s*$"
)
_UNITS = (
    r"(?P<unit>sentences|lines|paragraphs|(?:list\s+|bulleted\s+)?items|bullet(?:\s+point)?s|"
    r"words|letters)"
)
_WHOSE = rf"(?:\s+(?:in|of)\s+(?:your|the)\s+(?:entire\s+|whole\s+)?(?:answer|response|{THING}))?"
_POST = r"(?:\s*,?\s+or\s+(?P<post>more|less|fewer))?"
_POST_SHARE = _POST.replace("post", "post2")
_MODAL = (
    r"(?:(?P<modal>should|must|shall|needs?\s+to|has\s+to|have\s+to|will|are\s+to|is\s+to|"
    r"(?P<may>may|can))\s+)?"
)


def _quoted(tag: str) -> str:
    return rf"[\"'“‘](?P<{tag}q>{MASK}{{1,60}})[\"'”’]"


def _word(tag: str) -> str:
    """A keyword: quoted, or a bare word closing its clause ("the word less.")."""
    return (
        rf"(?:the\s+(?:word|term|phrase)\s+)?{_quoted(tag)}|the\s+(?:word|term)\s+"
        rf"(?P<{tag}b>[a-z][a-z'-]*)(?=\s*(?:[.,;:!)]|$))"
    )


def _letter(tag: str) -> str:
    """A start: quoted, or a letter named ("the letter s")."""
    return rf"(?:the\s+(?:letter|word)\s+)?{_quoted(tag)}|the\s+letter\s+(?P<{tag}b>[a-z])\b"


# what the share of them must be, after the modal
_PROPERTY = (
    r"(?:(?:be|are)\s+(?:(?P<q>questions?|interrogative(?:\s+sentences)?)|"
    r"(?P<x>exclamations?|exclamatory(?:\s+sentences)?)|"
    r"(?:written\s+)?(?:in\s+)?(?:all\s+)?(?P<caps>capitals|caps|capital\s+letters|uppercase|"
    r"upper[\s-]case|capitali[sz]ed)|(?P<lower>lowercase|lower[\s-]case|small\s+letters))|"
    r"(?:end|ends)\s+(?:with|in)\s+(?:an?\s+)?(?:(?P<qm>question\s+marks?)|"
    r"(?P<em>exclamation\s+(?:marks?|points?)))|"
    rf"(?:contain|contains|include|includes|use|uses|mention|mentions)\s+(?:{_word('kw')})|"
    rf"(?:start|starts|begin|begins)\s+with\s+(?:{_letter('sw')}))"
)
# the same property as a clause on the units: "sentences containing 'less'"
_PROPERTY_OF = (
    r"(?:(?:that|which)\s+(?:are|end\s+(?:with|in))\s+(?:an?\s+)?"
    r"(?:(?P<q2>questions|question\s+marks?)|(?P<x2>exclamations|exclamation\s+(?:marks?|points?)))|"
    r"(?P<q3>that\s+are\s+questions|ending\s+(?:with|in)\s+(?:an?\s+)?question\s+marks?)|"
    rf"(?:(?:that|which)\s+(?:contain|include|use|mention)|containing|including|using|mentioning)"
    rf"\s+(?:{_word('kwo')})|"
    rf"(?:(?:that|which)\s+(?:start|begin)|starting|beginning)\s+with\s+(?:{_letter('swo')}))"
)
_LEAD = r"(?P<lead>\b(?:where|so\s+that|such\s+that|in\s+which)\s+)?"
_SHARE_FIRST = compile_lazily(
    rf"{_LEAD}(?P<make>\bmake\s+)?(?:(?:{_REL})\s+)?{_FRACTION}{_POST_SHARE}\s+of\s+"
    rf"(?:the\s+|your\s+|its\s+|"
    rf"all\s+(?:the\s+|your\s+)?)?{_UNITS}{_WHOSE}{_POST}\s+"
    rf"(?:{_MODAL}{_PROPERTY}|(?(make)(?P<made>questions|exclamations)|(?!)))"
)
_NAMED = compile_lazily(
    rf"\b(?:the\s+)?(?:proportion|share|percentage|fraction|ratio)\s+of\s+(?:the\s+|your\s+)?"
    rf"{_UNITS}{_WHOSE}\s+{_PROPERTY_OF}{_WHOSE}\s+"
    rf"(?:should|must|shall|needs\s+to|has\s+to)\s+be\s+(?:(?:{_REL})\s+)?{_FRACTION}{_POST}"
)
_LETTERS = compile_lazily(
    rf"{_LEAD}(?:\bthe\s+)?\b(?P<case>uppercase|upper[\s-]case|capital|lowercase|lower[\s-]case)\s+letters\s+"
    r"(?:(?P<modal>should|must|shall|need\s+to|have\s+to|(?P<may>may|can))\s+)?"
    r"(?:make\s+up|be|are|account\s+for|represent|form|constitute|comprise)\s+"
    rf"(?:(?:{_REL})\s+)?{_FRACTION}\s+of\s+(?:all\s+(?:the\s+)?|the\s+|your\s+)?"
    r"(?:letters|alphabetic\s+characters)\b"
)
# "two thirds of them should …" (the units named before)
_OF_THEM = compile_lazily(rf"(?:(?:{_REL})\s+)?{_FRACTION}\s+of\s+them\s+{_MODAL}{_PROPERTY}")
_NEAR = 4
_NAMED_UNITS = compile_lazily(rf"\b{_UNITS}\b")


def _fraction(match: re.Match[str]) -> tuple[int, int] | None:
    found = match.groupdict()
    if found.get("pct"):
        pct = int(found["pct"])
        return (pct, 100) if pct <= 100 else None
    if found.get("num"):
        return int(found["num"]), int(found["den"])
    word = " ".join(re.split(r"[\s-]+", found["word"]))
    return _WORD_FRACTIONS.get(word)


def _relation(match: re.Match[str]) -> str:
    post = match.groupdict().get("post") or match.groupdict().get("post2")
    if post:
        return "at_least" if post == "more" else "at_most"
    return next((name for name in _RELATIONS if match.group(name)), "exactly")


def _units(raw: str) -> str:
    if "item" in raw or raw.startswith("bullet"):
        return "items"
    return raw


def _group(match: re.Match[str], *names: str) -> str | None:
    found = match.groupdict()
    return next((found[n] for n in names if found.get(n)), None)


def _having(sentence: Sentence, match: re.Match[str], units: str) -> tuple[str, str] | None:
    """(property, word) the match names."""
    if _group(match, "q", "qm", "q2", "q3") or match.groupdict().get("made") == "questions":
        return "question", ""
    if _group(match, "x", "em", "x2") or match.groupdict().get("made") == "exclamations":
        return "exclamation", ""
    if match.groupdict().get("caps"):
        return ("uppercase" if units == "letters" else "capitals"), ""
    if match.groupdict().get("lower"):
        return ("lowercase", "") if units == "letters" else None
    for group, having in (
        ("kwq", "keyword"),
        ("kwb", "keyword"),
        ("kwoq", "keyword"),
        ("kwob", "keyword"),
        ("swq", "starts_with"),
        ("swb", "starts_with"),
        ("swoq", "starts_with"),
        ("swob", "starts_with"),
    ):
        if match.groupdict().get(group):
            start, end = match.span(group)
            word = sentence.unmask(start, end).strip()
            if group.endswith("q") and word.casefold() in ("a", "i", "o"):
                named = re.search(r"\bletter\s+\S*$", match.string[: start - 1])
                if not named:
                    return None  # the word "I" or the letter I: either
            return having, word
    return None


def _build(
    sentence: Sentence, match: re.Match[str], units: str, having: tuple[str, str]
) -> Proportion | None:
    share = _fraction(match)
    if share is None:
        return None
    relation = _relation(match)
    if match.groupdict().get("may") and relation not in ("at_most", "less_than"):
        return None  # "a third may be questions" permits; it asks nothing
    try:
        return Proportion.model_validate(
            {
                "units": units,
                "having": having[0],
                "word": having[1],
                "compare": relation,
                "numerator": share[0],
                "denominator": share[1],
            }
        )
    except ValidationError:
        return None


_ENSURE = compile_lazily(
    r"\b(?:make\s+sure|ensure|see\s+(?:to\s+it\s+)?that|check\s+that|be\s+sure)\s+(?:that\s+)?$"
)


def _asked(text: str, match: re.Match[str]) -> bool:
    """Whether the share is asked, not stated: a modal, "make", a lead
    ("where", "so that") or "make sure" before it; "half of the sentences
    are questions" alone describes."""
    found = match.groupdict()
    if found.get("modal") or found.get("make") or found.get("lead"):
        return True
    if match.re is compiled(_NAMED):
        return True  # its own "should be"
    return _ENSURE.search(text, 0, match.start()) is not None


def proportions(sentence: Sentence) -> Iterator[Hit]:
    """ "Half of the sentences should be questions", "uppercase letters make
    up less than 5% of all letters"."""
    text = sentence.lower
    if text.rstrip().endswith("?"):
        return
    for pattern in (_SHARE_FIRST, _NAMED, _LETTERS, _OF_THEM):
        for match in pattern.finditer(text):
            if _ROUGH.search(text, 0, match.start()):
                continue
            if pattern is _LETTERS:
                case = match.group("case")
                units, having = (
                    "letters",
                    (
                        ("uppercase", "")
                        if case.startswith(("upper", "capital"))
                        else ("lowercase", "")
                    ),
                )
            elif pattern is _OF_THEM:
                at = sentence.start + match.start()
                before = (sentence.whole or text)[max(0, at - 200) : at].lower()
                named = list(_NAMED_UNITS.finditer(before))
                if (
                    not named
                    or named[-1].group("unit") in ("words", "letters")
                    or len(before[named[-1].end() :].split()) + len(text[: match.start()].split())
                    > _NEAR
                ):
                    continue  # "of them" needs parts named just before it
                units = _units(named[-1].group("unit"))
                if (read := _having(sentence, match, units)) is None:
                    continue
                having = read
            else:
                units = _units(match.group("unit"))
                if (read := _having(sentence, match, units)) is None:
                    continue
                having = read
            if not _asked(text, match):
                continue
            spec = _build(sentence, match, units, having)
            if spec is not None and response_context(sentence, match.start()):
                yield Hit(spec, match.start(), match.end())
