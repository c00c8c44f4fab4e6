"""How ``_blind_map`` reads a constraint's fields: units, scopes, relations,
phrases and words, each normalised to the few forms the check kinds know."""

from __future__ import annotations

import re
from collections.abc import Iterable

from _blind_rows import Fields

from redraft.criteria import LANGUAGES
from redraft.criteria._families._code_blocks import fence_language

__all__ = [
    "COUNTED",
    "NUMERIC",
    "Scope",
    "chars_of",
    "code_language",
    "count_value",
    "heading_level_of",
    "is_response",
    "language_code",
    "letter_of",
    "marker_of",
    "names_text",
    "phrase",
    "same_word",
    "scope_of",
    "unit_of",
]


Scope = tuple[str, str | None, int | None]
"""``(where, part, index)``: ``response``, ``start``, ``end``, ``each`` part,
``nth`` part (index 1 = first, -1 = last, 0 = the first and the last),
``word`` (index = the word's position) or ``other``."""

NUMERIC = frozenset({"exactly", "at_least", "at_most", "less_than", "more_than", "between"})

COUNTED: dict[str, str] = {
    "word": "word_count",
    "sentence": "sentence_count",
    "character": "char_count",
    "bullet": "bullet_count",
    "numbered": "numbered_count",
    "highlight": "highlight_count",
    "capital_word": "capital_word_count",
    # the requirement families (src/redraft/criteria/_families)
    "line": "line_count",
    "emoji": "emoji_count",
    "hashtag": "hashtag_count",
    "question": "question_count",
    "url": "url_count",
}
"""Units a count kind measures over the whole answer as they are named."""

_LEVELS = {"first": 1, "top": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_HEADING_LEVEL = (
    r"(?:(?P<hashes>#{1,6})|h(?P<h>[1-6])s?|level[- ]?(?P<n>[1-6])|"
    r"(?P<ordinal>first|second|third|fourth|fifth|sixth)[- ]level)"
)


def heading_level_of(unit: object) -> int | None:
    """The level a heading unit names ("H2 heading", "## headers",
    "level-3 headings", "second-level heading"), or None."""
    raw = " ".join(str(unit or "").lower().replace("_", " ").split())
    found = re.match(_HEADING_LEVEL + r"(?![\w-])", raw)
    if found is None:
        return None
    if found["hashes"]:
        return len(found["hashes"])
    if found["h"] or found["n"]:
        return int(found["h"] or found["n"])
    return _LEVELS[found["ordinal"]]


# (pattern over the unit, normalised unit); the first that matches wins.
_UNITS: tuple[tuple[str, str], ...] = (
    (r"language", "language"),
    (
        r"all[- ]?caps?\b.*word|fully capitali[sz]ed word|all[- ]capital word|uppercase word",
        "capital_word",
    ),
    (r"numbered (item|point|step|line|list item|entry|entrie)s?", "numbered"),
    # a word with an initial capital is no item of a list, nor an all-caps word
    (r"(capitali[sz]ed|title[- ]?case|proper) (word|noun)s?", "capitalised word"),
    (r"(top[- ]level|nested|sub)[- ]?(bullet|point)", "nested bullet"),
    (
        r"checkbox(es)?( item| line| entry| entrie)?s?|checklist (item|line|entry|entrie)s?",
        "bullet",
    ),
    (r"bullet(ed)?( point| item| line)?s?", "bullet"),
    (r"words?", "word"),
    (r"sentences?", "sentence"),
    (r"paragraphs?|paras?", "paragraph"),
    (r"(characters?|chars?)", "character"),
    (r"letter ['\"‘’]?\w['\"‘’]?|letters?", "letter"),
    (r"(sections?|rounds?|chapters?)", "section"),
    (r"placeholders?", "placeholder"),
    (r"(?:fenced )?code (?:blocks?|fences?|snippets?)|(?:code )?fences?", "code block"),
    (
        r"(bold(ed)?|italic(s|i[sz]ed)?|highlight(ed)?|emphasi[sz]ed|emphasis|emphases)"
        r"( span| phrase| section| text| word| term)?s?",
        "highlight",
    ),
    (r"(key ?words?|key phrases?|terms?)", "keyword"),
    (r"phrases?", "phrase"),
    (r"(json )?(keys?|fields?)", "key"),
    (r"(separators?|dividers?|separator lines?)", "separator"),
    (r"(postscript|p\.?s\.?)", "postscript"),
    (r"titles?", "title"),
    (r"(h\d |markdown |section )?(headings?|headers?)", "heading"),
    # a heading of a level: "## heading", "level-2 headings", "second-level header", "H2s"
    (_HEADING_LEVEL + r"(?: markdown)?(?: (?:section )?(?:headings?|headers?))?", "heading"),
    (r"sub-?(?:section )?(?:headings?|headers?)", "subheading"),
    (r"digits?", "digit"),
    (r"numbered lists?", "numbered list"),
    (r"bullet(ed)? lists?", "bullet list"),
    (r"(list items?|list markers?|lists?)", "list"),
    (r"lines?", "line"),
    (r"(urls?|(web |hyper)?links?)", "url"),
    (r"emojis?|emoticons?", "emoji"),
    (r"hash ?tags?", "hashtag"),
)
_KNOWN_UNITS = {u for _, u in _UNITS} | {
    "answer", "emoji", "hashtag", "question", "url", "number", "row", "column", "table",
    "heading", "subheading", "stanza", "comma", "code block", "blank", "comment", "syllable",
}  # fmt: skip
_FAMILY_UNITS = ("word", "sentence", "paragraph", "character", "bullet", "keyword", "letter")

_CHARS: dict[str, str] = {
    "comma": ",",
    "exclamation mark": "!",
    "exclamation point": "!",
    "question mark": "?",
    "semicolon": ";",
    "colon": ":",
    "period": ".",
    "full stop": ".",
    "em dash": "—",
    "em-dash": "—",
    "en dash": "–",
    "backtick": "`",
    "quotation mark": '"',
    "double quote": '"',
    "double quotation mark": '"',
    "hyphen": "-",
    "asterisk": "*",
    "ampersand": "&",
    "semi-colon": ";",
    "space": " ",
    "tab": "\t",
    "slash": "/",
    "forward slash": "/",
    "backslash": "\\",
    "underscore": "_",
    "dollar sign": "$",
    "percent sign": "%",
    "at sign": "@",
    "pipe": "|",
    "vertical bar": "|",
    "tilde": "~",
    "caret": "^",
}

_NAMES = {name.lower(): code for code, name in LANGUAGES.items()} | {
    "mandarin": "zh",
    "castilian": "es",
    "brazilian portuguese": "pt",
    "farsi": "fa",
}

_QUOTES = "\"'“”‘’`«»"
_EDGE = " .,;:!?—–-\"'“”‘’`«»()[]*_"


def unit_of(c: Fields) -> str:
    """The unit, normalised (``bullet points`` → ``bullet``); the family
    label is read only when the unit names nothing known."""
    raw = re.sub(r"\([^)]*\)", " ", str(c.unit or "").lower().replace("_", " "))
    raw = " ".join(raw.split()).strip(_QUOTES + " ")
    raw = re.sub(r"^(?:the |total |number of |count of )+|(?: counts?| totals?)$", "", raw).strip()
    for pattern, unit in _UNITS:
        if re.fullmatch(pattern, raw):
            return unit
    for name in (raw, raw.rstrip("s")):
        if name in _CHARS:
            return name
    if raw in _KNOWN_UNITS or raw.rstrip("s") in _KNOWN_UNITS:
        return raw.rstrip("s") if raw not in _KNOWN_UNITS else raw
    if raw in ("", "answer", "response", "text", "output", "none"):
        tokens = set(re.split(r"[^a-z]+", c.family.lower()))
        tokens |= {t.rstrip("s") for t in tokens}
        for unit in _FAMILY_UNITS:
            if unit in tokens:
                return unit
        return "answer"
    return "item"


_TEXT_UNITS = re.compile(
    r"(?:occurrences?|instances?|appearances?|uses?|times?|mentions?)(?: of (?:the )?\w+)?|"
    r"(?:key ?)?(?:words?|phrases?|terms?|names?|mentions?|sentences?|numbers?|placeholders?"
    r"|urls?|(?:web )?links?|e-?mails?(?: address(?:es)?)?|phone(?: numbers?)?|address(?:es)?)"
)
"""Units whose ``words`` are the text to find: a keyword, a name, a URL, a sentence."""


def names_text(c: Fields) -> bool:
    """Whether the unit names pieces of text (its words are what is counted or
    required): a word, a phrase, a name, its occurrences; or no unit at all
    beside the words listed."""
    raw = " ".join(re.sub(r"\([^)]*\)", " ", str(c.unit or "").lower()).split())
    if not raw and any(any(ch.isalnum() for ch in w) for w in c.words):
        return True
    return _TEXT_UNITS.fullmatch(raw) is not None


def letter_of(c: Fields) -> str | None:
    """The one letter a unit such as ``letter 'e'`` (or the words) names."""
    if c.words and len(c.words[0].strip()) == 1 and c.words[0].strip().isalpha():
        return c.words[0].strip().lower()
    found = re.search(r"letter\s*['\"‘’]?(\w)['\"‘’]?", str(c.unit or ""), re.I)
    return found[1].lower() if found else None


_PARTS = (
    ("sentence", "sentence"),
    ("paragraph", "paragraph"),
    ("bullet", "bullet"),
    ("line", "line"),
)
_ORDINALS = {
    "first": 1, "1st": 1, "opening": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3,
    "fourth": 4, "4th": 4, "fifth": 5, "5th": 5, "last": -1, "final": -1, "closing": -1,
}  # fmt: skip
_RESPONSE = re.compile(
    r"(the )?(whole |entire |full |overall |complete )?"
    r"(response|answer|reply|replies|output|message|text|document|post)"
    r"( as a whole| overall| total|s)?|(each|every) (reply|response|message|answer)|all|total"
)


def _part(noun: str) -> str:
    """The part a noun phrase names (``bullet point`` → ``bullet``), else the phrase."""
    for word, part in _PARTS:
        if re.search(rf"\b{word}", noun):
            return part
    return noun.rstrip("s")


_WITHIN_PART = re.compile(
    r"^(?:each|every|all|per)\s.*\b(?:in|of|under|within|inside)\s+(?:the\s+)?"
    r"(?:(?:first|second|third|last|final)\s|\w+\s+\d+\b|(?:[\w'-]+\s+){0,3}(?:section|part)\b|"
    r"['\"“‘])"
)


def scope_of(raw: str | None) -> Scope:
    s = " ".join(str(raw or "").lower().replace("_", " ").split())
    if not s or _RESPONSE.fullmatch(s):
        return ("response", None, None)
    whole = r"( of (the )?(whole |entire )?(response|answer|reply|output|message))?"
    if re.fullmatch(rf"(the )?(very )?(start|beginning|opening){whole}", s) or re.fullmatch(
        r"(response|answer|reply|output) (start|beginning|opening)", s
    ):
        return ("start", None, None)
    if re.fullmatch(rf"(the )?(very )?(end|ending|close|closing){whole}", s) or re.fullmatch(
        r"(response|answer|reply|output) (end|ending)", s
    ):
        return ("end", None, None)
    found = re.fullmatch(
        r"(?:the )?(first|last|final|\w+)? ?word(?: (\d+))?(?: of (?:the )?(?:response|answer))?", s
    )
    if found and (found[1] in _ORDINALS or found[2]):
        return ("word", None, int(found[2]) if found[2] else _ORDINALS[found[1] or "first"])
    found = re.fullmatch(r"(?:the )?first words? of (?:each|every|all) (\w+)", s)
    if found:
        return ("each", _part(found[1]), None)
    if re.fullmatch(r"(the )?first and (the )?last (sentence|paragraph|bullet)s?", s):
        return ("nth", _part(s.split()[-1]), 0)
    found = re.fullmatch(r"(?:the )?(\w+) ([a-z ]+?)", s)
    if found and found[1] in _ORDINALS and not re.match(r"(two|three|four|few|\d)", found[2]):
        return ("nth", _part(found[2]), _ORDINALS[found[1]])
    if _WITHIN_PART.search(s):
        # "each line in section 2", "every bullet under Risks": one part's units
        return ("other", s, None)
    found = re.fullmatch(r"([a-z ]+?) (\d+)", s)
    if found:
        return ("nth", _part(found[1]), int(found[2]))
    found = re.search(r"\b(?:each|every|per|all)\s+([a-z][a-z\- ]*)", s)
    if found:
        return ("each", _part(found[1]), None)
    return ("other", s, None)


def is_response(scope: Scope) -> bool:
    return scope[0] == "response"


def _int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def count_value(relation: str, value: object) -> tuple[tuple[str, int], ...]:
    """The count specs' ``(relation, value)`` pairs stating ``relation value``;
    empty where the value is no count."""
    if relation == "between":
        if not isinstance(value, list | tuple) or len(value) != 2:
            return ()
        low, high = _int(value[0]), _int(value[1])
        if low is None or high is None:
            return ()
        return ((("at_least", low),) if low > 0 else ()) + (("at_most", high),)
    n = _int(value)
    if n is None:
        return ()
    match relation:
        case "exactly":
            return (("exactly", n),)
        case "at_most":
            return (("at_most", n),)
        case "less_than":
            return (("at_most", n - 1),) if n > 0 else ()
        case "at_least":
            return (("at_least", n),) if n > 0 else ()
        case "more_than":
            return (("at_least", n + 1),)
    return ()


def language_code(value: object, note: str) -> str | None:
    for text in (value, note.replace("language:", "")):
        if not isinstance(text, str) or not text.strip():
            continue
        raw = text.strip().lower()
        code = re.split(r"[-_ (]", raw)[0]
        if code in LANGUAGES:
            return code
        for name, code in _NAMES.items():
            if re.search(rf"\b{name}\b", raw):
                return code if code in LANGUAGES else None
    return None


def marker_of(constraints: Iterable[Fields]) -> str | None:
    """The word that begins each numbered section (``SECTION 1``, ``Round 2``)
    where one of ``constraints`` names one."""
    for s in constraints:
        texts = [s.value] if isinstance(s.value, str) else []
        for text in [*texts, *s.words]:
            found = re.fullmatch(r"\s*[#*]*\s*([A-Za-z]+)\s+(?:N|X|\d+|[IVX]+)\s*[:.]?\s*", text)
            if found:
                return found[1]
    return None


def phrase(text: str) -> str:
    """A phrase as the comparison sees it: lowercase, whitespace collapsed,
    surrounding quotes and punctuation off (kept when nothing else is left)."""
    s = " ".join(text.split()).lower()
    core = s.strip(_EDGE)
    if any(ch.isalnum() for ch in core):
        return core
    return s.strip(_QUOTES + " ")


def same_word(a: str, b: str) -> bool:
    """Same word or phrase, a plural ending (``s``, ``es``) either way allowed."""
    pa, pb = phrase(a), phrase(b)
    return pa == pb or pa in (pb + "s", pb + "es") or pb in (pa + "s", pa + "es")


def chars_of(unit: str, words: tuple[str, ...]) -> str:
    """The characters a ban names: its words when each is one symbol, else the unit's."""
    symbols = [w.strip() for w in words]
    if symbols and all(len(w) == 1 and not w.isalnum() for w in symbols):
        return "".join(symbols)
    return _CHARS.get(unit, "")


def code_language(c: Fields) -> str | None:
    """The language a count of code blocks names: its one word, or a
    "language tag X" in the note; None where it names none."""
    note = re.search(r"language(?: tag)?\s+[`'\"]?([\w+#-]+)", str(getattr(c, "note", "")))
    if len(c.words) == 1 and re.fullmatch(r"[\w+#-]{1,20}", c.words[0].strip("`")):
        return fence_language(c.words[0].strip("`"))
    return fence_language(note[1]) if note else None
