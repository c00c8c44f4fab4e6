"""Word patterns: no word of the answer (or every word) has a shape —
"no contractions", "avoid words ending in -ing", "no word starting with
'un'", "no hyphenated words", "every word must contain the letter 'a'".

Measured exactly under stated definitions. A word is a run of letters and
digits that may hold an apostrophe or a hyphen inside (as for word length);
case is set aside, and a curly apostrophe reads as a straight one.

- ``ends`` / ``starts`` / ``contains``: the word ends with, starts with or
  holds ``text``. A word that *is* the affix ("ing", "un") has it too.
- ``contraction``: a word ending in n't, 're, 've, 'll, 'd or 'm, or one of
  the pronoun-and-is forms listed in ``CONTRACTIONS`` (it's, that's, let's…).
  A noun's 's ("the team's plan") is read as a possessive, never as a
  contraction: the check can pass "Tom's late", which it cannot tell apart.
- ``hyphenated``: a word with a hyphen inside ("well-known").
- ``adverbs`` (``ends`` "ly" only): the -ly words set aside the common words
  in ``NOT_ADVERBS`` that end in -ly but are never adverbs (family, reply,
  friendly…) — an approximation, since telling an adverb needs grammar.

An answer with no words meets a ban and fails an "every word" rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec, every_unit_outcome
from redraft.criteria._families._lexical import described, required
from redraft.criteria._families._word_length import words_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["CONTRACTIONS", "NOT_ADVERBS", "WORD_PATTERN", "WordPattern", "matching_words"]

Shape = Literal["ends", "starts", "contains", "contraction", "hyphenated"]

CONTRACTIONS = frozenset(
    [
        "it's",
        "that's",
        "there's",
        "here's",
        "what's",
        "who's",
        "where's",
        "when's",
        "why's",
        "how's",
        "he's",
        "she's",
        "let's",
        "y'all",
        "ma'am",
        "o'er",
        "'tis",
        "'twas",
    ]
)
_CONTRACTED = ("n't", "'re", "'ve", "'ll", "'d", "'m")
NOT_ADVERBS = frozenset(
    [
        "family",
        "families",
        "reply",
        "replies",
        "apply",
        "supply",
        "imply",
        "comply",
        "multiply",
        "rely",
        "ally",
        "rally",
        "belly",
        "jelly",
        "bully",
        "lily",
        "july",
        "italy",
        "holy",
        "ugly",
        "silly",
        "lovely",
        "friendly",
        "unfriendly",
        "lonely",
        "lively",
        "costly",
        "elderly",
        "chilly",
        "curly",
        "fly",
        "butterfly",
        "assembly",
        "anomaly",
        "monopoly",
        "melancholy",
        "homily",
        "folly",
        "jolly",
        "oily",
        "hilly",
        "smelly",
        "woolly",
        "wooly",
        "bubbly",
        "cuddly",
        "deadly",
        "sly",
        "ply",
    ]
)
_SHOWN = 5


class WordPattern(FamilySpec):
    """No word has ``shape`` (``every`` False) or every word has it (``every`` True)."""

    kind: Literal["word_pattern"] = "word_pattern"
    shape: Shape
    text: str = Field(default="", max_length=12, pattern=r"^[^\W\d_]*(?:['-][^\W\d_]*)?$")
    every: bool = False
    adverbs: bool = False

    @model_validator(mode="after")
    def _stated(self) -> WordPattern:
        affix = self.shape in ("ends", "starts", "contains")
        if affix != bool(self.text):
            raise ValueError("ends, starts and contains need text; the other shapes take none")
        if self.adverbs and (self.shape, self.text.lower(), self.every) != ("ends", "ly", False):
            raise ValueError("adverbs reads only a ban on words ending in -ly")
        if self.every and self.shape in ("contraction", "hyphenated"):
            raise ValueError("every word a contraction or hyphenated is no rule people ask")
        return self

    def shape_words(self) -> str:
        text = self.text.lower()
        return {
            "ends": f"words ending in {text!r}" if not self.adverbs else "adverbs ending in -ly",
            "starts": f"words starting with {text!r}",
            "contains": f"words containing {text!r}",
            "contraction": "contractions",
            "hyphenated": "hyphenated words",
        }[self.shape]

    def describe(self) -> str:
        if self.every:
            return (
                "every word "
                + {
                    "ends": f"ends in {self.text.lower()!r}",
                    "starts": f"starts with {self.text.lower()!r}",
                    "contains": f"contains {self.text.lower()!r}",
                }[self.shape]
            )
        return f"no {self.shape_words()}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.shape, self.text.lower(), self.every)


def _has(spec: WordPattern, word: str) -> bool:
    word = word.lower().replace("’", "'")
    text = spec.text.lower()
    if spec.shape == "ends":
        return word.endswith(text) and not (spec.adverbs and word in NOT_ADVERBS)
    if spec.shape == "starts":
        return word.startswith(text)
    if spec.shape == "contains":
        return text in word
    if spec.shape == "hyphenated":
        return "-" in word
    return word in CONTRACTIONS or word.endswith(_CONTRACTED)


def matching_words(spec: WordPattern, text: str) -> list[str]:
    """The words of ``text`` that break ``spec``, in order."""
    return [w for w in words_of(text) if _has(spec, w) != spec.every]


# -- phrasings --------------------------------------------------------------------------

_Q = r"['\"‘“]?"
_QE = r"['\"’”]?"
_AFFIX = rf"{_Q}-?(?P<affix>[a-z\ue000]{{1,10}})-?{_QE}"
_BAN = (
    r"(?:no|never\s+use(?:\s+any)?|(?:do\s+not|don'?t)\s+use(?:\s+any)?|avoid(?:\s+using)?"
    r"(?:\s+any)?|without(?:\s+using)?(?:\s+any)?|(?:please\s+)?refrain\s+from(?:\s+using)?|"
    r"(?:must|should)\s+not\s+(?:use|contain|include)(?:\s+any)?|with\s+no)"
)
_WORDS = r"(?:words?|terms?|adverbs?|adjectives?|verbs?|nouns?)"
_ENDING = r"(?:ending|that\s+ends?|which\s+ends?|ends?)\s+(?:in|with)"
_STARTING = r"(?:starting|beginning|that\s+(?:starts?|begins?)|which\s+(?:starts?|begins?))\s+with"
_CONTAINING = r"(?:containing|that\s+contains?|with)\s+(?:the\s+(?:letters?|string)\s+)?"
_BANS = (
    # "no words ending in -ing", "avoid adverbs ending in 'ly'", "no word starting with un-"
    compile_lazily(
        rf"\b{_BAN}\s+(?P<what>{_WORDS})\s+(?:(?P<ends>{_ENDING})|(?P<starts>{_STARTING})|"
        rf"(?P<contains>containing(?:\s+the\s+(?:letters?|string))?))\s+"
        rf"(?:(?:the\s+)?(?:suffix|prefix|letters?)\s+)?{_AFFIX}(?![\w'’-])"
    ),
    # "no -ly adverbs", "avoid '-ing' words"
    compile_lazily(rf"\b{_BAN}\s+{_Q}-(?P<suffix>[a-z\ue000]{{1,10}}){_QE}\s+(?P<what>{_WORDS})\b"),
    # "no contractions", "avoid hyphenated words"
    compile_lazily(
        rf"\b{_BAN}\s+(?:(?P<contraction>contractions|contracted\s+forms)|"
        r"(?P<hyphenated>hyphenated\s+(?:words|compounds|terms)))\b"
    ),
    # "contractions are not allowed", "hyphenated words are forbidden"
    compile_lazily(
        r"\b(?:(?P<contraction>contractions)|(?P<hyphenated>hyphenated\s+(?:words|compounds)))\s+"
        r"(?:are|is)\s+(?:not\s+allowed|forbidden|banned|prohibited|off[\s-]limits)\b"
    ),
)
_EVERY = compile_lazily(
    r"\b(?:each|every|all(?:\s+the)?|every\s+single)\s+words?\s+(?:(?:should|must|has\s+to|"
    r"have\s+to|needs?\s+to|will)\s+)?(?:(?P<ends>ends?|ending)\s+(?:in|with)|"
    r"(?P<contains>contains?|containing|(?:has|have|having|includes?|including|uses?|using)"
    r"(?:\s+(?:the|an?))?(?:\s+(?:double|letters?|letter))*)|"
    r"(?P<starts>starts?|begins?|starting|beginning)\s+with)\s+"
    rf"(?:the\s+)?(?:(?:suffix|prefix|letters?|string)\s+)?{_AFFIX}(?![\w'’-])"
)
# "exclude every word containing …", "leave out all words that …": a ban said
# of every such word, which a word pattern said of every word reads inverted
_REMOVED = compile_lazily(
    r"\b(?:exclude|excluding|avoid|avoiding|omit|omitting|skip|drop|remove|removing|cut|ban|"
    r"leave\s+out|without|no|never|not|don'?t|nor)\s+(?:using\s+|any\s+)?$"
)
# "no words ending in -ing in the title": a ban on one part, not on the answer
_AFTER = compile_lazily(
    r"^\s*(?:in|of|for|per)\s+(?:the|each|every|your|a|any)\s+(?!answer|response|reply|text)"
)
_POS = ("adverb", "adjective", "verb", "noun")
# "start with the same letter", "contain a vowel": words that name no affix
_NOT_AFFIX = frozenset(
    [
        "same",
        "different",
        "vowel",
        "vowels",
        "consonant",
        "consonants",
        "capital",
        "capitals",
        "letter",
        "letters",
        "number",
        "numbers",
        "digit",
        "digits",
        "space",
        "spaces",
        "uppercase",
        "lowercase",
        "one",
        "two",
        "three",
    ]
)
# a bare affix ends the clause ("no words starting with un."); a quoted or
# hyphened one may go on ("no '-ing' words in it")
_CLAUSE_END = compile_lazily(
    r"\s*(?:[.,;:!?)]|$|(?:and|or|please|pls|at\s+all)\b|"
    r"in\s+(?:your|the)\s+(?:answer|response|reply|text)\b)"
)


def _spec(match: re.Match[str], every: bool, original: str) -> WordPattern | None:
    # a quoted affix is masked in the rule's text: read it from the prompt
    found = {k: original[slice(*match.span(k))].lower() for k, v in match.groupdict().items() if v}
    what = found.get("what", "word")
    if "contraction" in found:
        return WordPattern(shape="contraction")
    if "hyphenated" in found:
        return WordPattern(shape="hyphenated")
    affix = (found.get("affix") or found.get("suffix") or "").strip("-") or None
    if affix is None or not affix.isalpha() or affix in _NOT_AFFIX:
        return None
    if "affix" in found and not _marked(match, original):
        return None
    shape: Shape = "ends"
    if "starts" in found:
        shape = "starts"
    elif "contains" in found:
        shape = "contains"
    if what.startswith(_POS):
        # a part of speech needs grammar: only -ly adverbs, under a stated list
        if not (what.startswith("adverb") and shape == "ends" and affix == "ly"):
            return None
        return WordPattern(shape="ends", text="ly", adverbs=True)
    if every and shape == "starts" and len(affix) == 1:
        return None  # every word starting with one letter is the tautogram's
    if not every and shape == "contains" and len(affix) == 1:
        return None  # no word holding a letter is the letter count's ("no letter e")
    return WordPattern(shape=shape, text=affix, every=every)


def _marked(match: re.Match[str], original: str) -> bool:
    """Whether the affix is quoted or hyphened, or else ends its clause."""
    start, end = match.span("affix")
    if original[start - 1 : start] in ("'", '"', "‘", "“", "-") or original[end : end + 1] in (
        "'",
        '"',
        "’",
        "”",
        "-",
    ):
        return True
    return _CLAUSE_END.match(original[end:].lower()) is not None


def word_patterns(sentence: Sentence) -> Iterator[Hit]:
    """ "No contractions", "avoid words ending in -ing", "every word has an 'a'"."""
    text = sentence.lower.replace("’", "'")
    if not any(w in text for w in ("word", "contraction", "adverb", "adjective", "verb", "noun")):
        return
    found = [(m, False) for p in _BANS for m in p.finditer(text)]
    found += [(m, True) for m in _EVERY.finditer(text)]
    for match, every in sorted(found, key=lambda f: f[0].start()):
        if _AFTER.match(text[match.end() :]):
            continue
        if every and _REMOVED.search(text, 0, match.start()):
            continue  # "exclude every word containing 'o'": none of them, not all
        start = match.start()
        if not (
            required(sentence, start, owns_negation=not every)
            or (every and described(sentence, start))
        ):
            continue
        spec = _spec(match, every, sentence.original)
        if spec is not None:
            yield Hit(spec, *match.span())


class _WordPattern(Family):
    name = "word_pattern"
    specs = (WordPattern,)
    rules: ClassVar[tuple[Rule, ...]] = (word_patterns,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, WordPattern)
        words, off = words_of(text), matching_words(spec, text)
        data: dict[str, Any] = {"words": len(words), "off": len(off), "found": off[:_SHOWN]}
        checked: object = spec if spec.every else _Capped(spec)
        return every_unit_outcome(
            self, checked, text, unit="words", total=len(words), off=len(off), data=data
        )

    def correction(self, spec: Any, text: str) -> str:
        if isinstance(spec, _Capped):
            spec = spec.spec
        assert isinstance(spec, WordPattern)
        off = matching_words(spec, text)
        if not off:
            return f"Your answer has no words. Write words so that {spec.describe()}."
        shown = ", ".join(f"'{w}'" for w in list(dict.fromkeys(off))[:_SHOWN])
        if spec.every:
            return (
                f"{len(off)} of your words break the rule ({shown}): {spec.describe()}. "
                "Replace each of them with a word that keeps it, small words too."
            )
        if spec.shape == "contraction":
            fix = "Write each one out in full (don't → do not, it's → it is)."
        elif spec.shape == "hyphenated":
            fix = "Write each as one word or as separate words, or use another word."
        else:
            fix = "Replace each with a word or phrase that is not one of them."
        return f"Your answer uses {len(off)} {spec.shape_words()} ({shown}). {fix}"


class _Capped:
    """A ban read as a cap of zero for :func:`every_unit_outcome`: an answer
    with no words meets it."""

    relation = "at_most"

    def __init__(self, spec: WordPattern) -> None:
        self.spec = spec

    def describe(self) -> str:
        return self.spec.describe()


WORD_PATTERN = _WordPattern()
