"""What ``_blind_map`` expects of the phrase families: keywords counted or
required, words and characters banned, phrases at the start or end (of the
answer, its first or last word, each part or line), read from a constraint's
structured fields."""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_layout import checklist
from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    count,
    either,
    first_word,
    forbidden_chars,
    forbidden_word,
    keyword,
    last_word,
    no_kind,
    no_letter,
    phrase_is,
    postscript,
    repeat,
)
from _blind_parts import Scope, chars_of, count_value, is_response, letter_of, names_text, phrase
from _blind_rows import Constraint

__all__ = ["case_blind", "forbidden", "keywords", "phrases_of", "positional"]


_CASE_BLIND = frozenset(
    {"starts_with", "ends_with", "word_at", "each_starts_with", "each_ends_with", "each_line"}
)


_EXACT_CASE = re.compile(
    r"(?<!in)(?<!in-)(?<!non-)case[- ]sensitive"
    r"|exact (?:case|capitali[sz]ation)|match(?:ing)? case",
    re.I,
)


def case_blind(c: Constraint, found: Expectation) -> Expectation:
    """A phrase the writer wants in capitals ("SCORPIO", "in all caps"): the
    phrase kinds compare without case, so they state only a part of it."""
    text = c.value if isinstance(c.value, str) else ""
    caps = re.search(r"\bcaps\b|capital|upper ?case", f"{c.quote} {c.note}", re.I)
    letters = sum(ch.isalpha() for ch in text)
    # the note asks for the case as written: "case-sensitive", "exact capitalisation"
    exact_case = _EXACT_CASE.search(c.note) is not None
    if not exact_case and (letters < 2 or text != text.upper() or caps is None):
        return found
    if not found.matchers or not found.kinds <= _CASE_BLIND:
        return found
    return no_kind("a phrase in capitals: the phrase kinds ignore case", *found.matchers)


def phrases_of(c: Constraint) -> Constraint:
    """The phrase to find where the words only split the value ("mustard
    yellow" written as words ``mustard``, ``yellow``): the value whole."""
    value = c.value
    if isinstance(value, str) and len(c.words) > 1 and phrase(" ".join(c.words)) == phrase(value):
        return replace(c, words=(value,))
    return c


def keywords(c: Constraint, scope: Scope) -> Expectation:
    where, part, index = scope
    bounds = count_value(c.relation, c.value) or (("at_least", 1),)
    if is_response(scope):
        return all_of(*(keyword(w, rel, n) for w in c.words for rel, n in bounds))
    if where == "nth" and part in ("sentence", "paragraph", "bullet") and index is not None:
        indexes = [1, -1] if index == 0 else [index]  # 0: the first and the last
        return all_of(
            *(
                keyword(w, rel, n, part=part, index=i)
                for w in c.words
                for rel, n in bounds
                for i in indexes
            )
        )
    # a keyword required within a part is required in the answer: that check
    # is a part of it; one only bounded from above ("no more than once in each
    # body") is required nowhere
    least = [n for rel, n in bounds if rel in ("at_least", "exactly") and n > 0]
    implied = [keyword(w, "at_least", n) for w in c.words for n in sorted({1, *least}) if least]
    return no_kind("a keyword within parts no kind addresses", *implied)


_NONE_OF: dict[str, tuple[str, ...]] = {
    "bullet": ("bullet_count",),
    "bullet list": ("bullet_count",),
    "numbered": ("numbered_count",),
    "numbered list": ("numbered_count",),
    "list": ("bullet_count", "numbered_count"),
    "capital_word": ("capital_word_count",),
    "emoji": ("emoji_count",),
    "hashtag": ("hashtag_count",),
    "url": ("url_count",),
    "heading": ("heading_count",),
    "code block": ("code_block_count",),
    "number": ("number_count",),
    "question": ("question_count",),
    "placeholder": ("placeholder_count",),
    "highlight": ("highlight_count",),
    "table": ("table_count",),
}
"""What "no bullets", "no numbering", "no lists", "no ALL-CAPS words", "no
emoji", "no hashtags", "no links" forbid: counts of 0."""


_MARKER = re.compile(r"[-*+•]|asterisks?|stars?|dash(?:es)?|hyphens?|plus(?: signs?)?|dots?")


def forbidden(c: Constraint, unit: str, scope: Scope) -> Expectation:
    if not is_response(scope):
        return no_kind("forbidden only in one part or position")
    listed = c.value if isinstance(c.value, tuple) else c.words
    if unit == "emoji" and listed:
        # "no heart emojis", the hearts listed: those banned, not every emoji
        marks = [str(e).replace("\ufe0f", "").strip() for e in listed]
        if not all(len(m) == 1 for m in marks):
            return no_kind("a ban on some emoji only, not each one a character")
        return all_of(*(forbidden_chars(m) for m in dict.fromkeys(marks)))
    marks = [str(m).strip() for m in (*listed, c.value) if isinstance(m, str) and m.strip()]
    if (
        unit in ("bullet", "bullet list", "list")
        and marks
        and all(_MARKER.fullmatch(m) for m in marks)
    ):
        # "don't use * for bullets": bullets of another marker stay allowed
        return no_kind("bullets of one marker banned: no kind bans a marker alone")
    if unit in _NONE_OF:
        kinds = _NONE_OF[unit]
        # "no numbering, no bullets" written as one ban of bullets: the quote bans both lists
        both = {"bullet": r"\bnumber(?:ing|ed)\b", "numbered": r"\bbullet"}
        if unit in both and re.search(both[unit], c.quote, re.I):
            kinds = ("bullet_count", "numbered_count")
        return all_of(*(count(k, "at_most", 0) for k in kinds))
    letter = letter_of(c)
    if unit == "letter" and letter is not None:
        return all_of(no_letter(letter))
    if unit == "digit":
        if re.search(r"spel|standalone|as words", c.note, re.I):
            return no_kind("numbers written as words: no kind")
        digits = all_of(forbidden_chars("".join(c.words) or "0123456789"))
        # a numeral holds a digit: "no numbers" is a part of "no digits"
        return replace(digits, implied=(count("number_count", "at_most", 0),))
    # the symbols as the words, or (split C's writer) as the value
    listed = c.value if isinstance(c.value, tuple) else ()
    symbols = c.words or tuple(str(v) for v in listed)
    chars = chars_of(unit, symbols)
    if chars:
        # one check per symbol or one for them all: each symbol banned somewhere
        return all_of(*(forbidden_chars(ch) for ch in dict.fromkeys(chars)))
    if c.words and names_text(c):
        if any(re.search(r"^\s*\*|\*\s*$|[\\^$\[\]]", w) for w in c.words):
            # "*ful", "^un": a wildcard or a regular expression
            return no_kind("a pattern of words, not words: no kind bans it")
        # the value's parts where it lists them: "Leonardo" or "da Vinci" is a mention
        listed = tuple(str(v) for v in c.value) if isinstance(c.value, tuple) else ()
        c = replace(c, words=listed or c.words)
        quoted = [w for w in c.words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", c.quote, re.I)]
        return all_of(*(forbidden_word(w) for w in quoted or c.words))
    return no_kind("nothing a word or character list forbids")


# What a start or an end is described as rather than spelled: "a capital
# letter", "the same letter", "the letter S", "a verb", "[A-Z]", "N."
_DESCRIPTIONS = (
    r"(?:capital|uppercase|upper-case|lowercase|lower-case|initial)? ?letter(?: \w)?|"
    r"(?:same|different) (?:letter|word|sound)|letters?|numbers?|numerals?|digits?|verbs?|"
    r"nouns?|adjectives?|questions?|rhymes?|rhyming words?|vowels?|consonants?|words?|"
    r"symbols?|punctuation(?: marks?)?|emojis?|names?|dates?|times?|capitals?|"
    r"capitali[sz]ed words?|(?:question|exclamation) (?:words?|sentences?)"
)
_DESCRIBED = re.compile(
    rf"(?:(?:a|an|the|one|some|any)\s+)?(?:{_DESCRIPTIONS})|\[[^\]]*\w-\w[^\]]*\]|[nx#]\.?"
)


def _named_mark(text: str) -> str | None:
    """The mark a name spells ("a period", "a colon", "an exclamation mark")."""
    name = re.sub(r"^(?:a|an|the)\s+", "", " ".join(text.lower().split()))
    mark = chars_of(name, ())
    return mark if mark and not mark.isspace() else None


def positional(c: Constraint, unit: str, scope: Scope, relation: str) -> Expectation:
    found = _positional(c, unit, scope, relation)
    text = c.value if isinstance(c.value, str) else (c.words[0] if len(c.words) == 1 else None)
    described = text is not None and _DESCRIBED.fullmatch(" ".join(text.lower().split()))
    if text is not None and (mark := _named_mark(text)) is not None:
        text = mark
    elif described:
        text = None
    if scope[0] == "each" and text and text.strip() and not text.lstrip().startswith("^"):
        # every part starting (ending) so: the answer's first part starts (its
        # last ends) so too, a necessary part of the constraint
        # and the phrase appears in it
        kind = "starts_with" if relation == "starts_with" else "ends_with"
        present = keyword(text, "at_least", 1)
        found = replace(found, implied=(*found.implied, phrase_is(kind, text), present))
    return found


def _positional(c: Constraint, unit: str, scope: Scope, relation: str) -> Expectation:
    where, part, index = scope
    text = c.value if isinstance(c.value, str) else (c.words[0] if len(c.words) == 1 else None)
    if text is None or not text.strip() or text.strip().lower() in ("emoji", "an emoji"):
        return no_kind("no single phrase to start or end with")
    if text.lstrip().startswith("^"):
        return no_kind("a pattern, not a phrase")
    named = _named_mark(text)
    if named is not None:
        text = named  # "a period": the mark itself
        c = replace(c, value=named, words=())
    elif _DESCRIBED.fullmatch(" ".join(text.lower().split())):
        return no_kind("a description of the start or end, not a phrase")
    if relation == "starts_with" and re.search(
        r"repeat|verbatim|word for word", f"{c.note} {c.family}", re.I
    ):
        return all_of(repeat(text))
    if unit == "postscript":
        return all_of(postscript(text))
    if unit == "word" and is_response(scope):
        # "the last word should be 'home'": the word at that end, or the answer ending so
        return all_of(last_word(text) if relation == "ends_with" else first_word(text))
    if part == "bullet" and text.strip() in ("*", "-", "+", "•"):
        # the bullet's own marker: a bullet point is read without it
        return no_kind("which marker a bullet uses: no kind states it")
    kind = "starts_with" if relation == "starts_with" else "ends_with"
    boxes = checklist(c) if where == "each" and relation == "starts_with" else None
    if boxes is not None:
        # "each item starts with '- [ ]'": every item a task box
        if part in ("sentence", "paragraph", "bullet"):
            return all_of(either(boxes.matchers[0], phrase_is(f"each_{kind}", text, part=part)))
        return boxes
    if is_response(scope) or where == ("start" if relation == "starts_with" else "end"):
        return all_of(phrase_is(kind, text))
    if relation == "starts_with" and where == "nth" and part == "line" and index == 1:
        return all_of(phrase_is(kind, text))
    if relation == "ends_with" and where == "nth" and part in ("line", "sentence") and index == -1:
        return all_of(phrase_is(kind, text))
    if where == "each" and part in ("sentence", "paragraph", "bullet"):
        return all_of(phrase_is(f"each_{kind}", text, part=part))
    if relation == "starts_with" and where == "nth" and part in ("sentence", "paragraph", "bullet"):
        return all_of(phrase_is("word_at", text, part=part, index=index, position=1))
    marker = _line_marker(c, relation, text)
    if marker is not None:
        return marker
    if where == "each" and part is not None and not _PART_UNITS.fullmatch(str(part)):
        # "each fact", "each reason", "each item": each of the things asked, an
        # item of the answer's list or its line
        return all_of(
            either(
                phrase_is(f"each_{kind}", text, part="item"),
                phrase_is(f"each_{kind}", text, part="line"),
            )
        )
    return no_kind("starts or ends one part that no kind addresses")


# parts of prose, markup and data, and the units inside them: not things asked
_PART_UNITS = re.compile(
    r"(?:sentence|paragraph|line|word|letter|character|stanza|verse|section|heading|header|"
    r"title|cell|row|column|field|key|value|part|half|sentence pair|[a-z]+ (?:line|lines|part))s?"
    r"|(?:odd|even|first|last|other|\w+ of) .*"
)


def _line_marker(c: Constraint, relation: str, text: str) -> Expectation | None:
    """Every line of the answer starts or ends with one marker (each_line)."""
    every = r"(?:each|every|all)\s+(?:the\s+)?lines?"
    if not re.fullmatch(every, " ".join(str(c.scope or "").lower().split())):
        return None
    position = "start" if relation == "starts_with" else "end"
    want = text.strip()

    def test(spec: Spec) -> bool:
        return spec.get("position") == position and str(spec.get("phrase")).strip() == want

    return all_of(Matcher(frozenset({"each_line"}), test, f"each_line {position} {want!r}"))
