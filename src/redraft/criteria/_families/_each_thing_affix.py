"""How each of the things a prompt asks for starts or ends: "Give me 5 fun
facts, each ending with an exclamation mark", "List 3 reasons. Begin each
reason with 'Because'.", "Write 6 taglines; each one must end with a
period", "5 interview questions, each must end with a question mark",
"every item must start with 'Did you know'".

The things are those :mod:`._things_asked` finds ("facts", "reasons",
"taglines"), or the answer's list items where the request says "every item"
or "each entry"; each one is a line where the prompt puts one per line, else
an item of the answer's list (:func:`._parts.parts_of`). The rule compiles
the every-part kinds of :mod:`._each_part` (``each_starts_with`` /
``each_ends_with`` of ``item`` or ``line``).

Read only after the things are asked, of the things themselves (the subject
"each", "each one", "each of them", "every one", "all of them" or the
things' own noun; "each definition" of a list of terms is a part of each,
and compiles nothing), with a quoted phrase, a named word or letter, or a
named mark; not where two sets of things are asked, nor a hedged, negated,
conditional, questioned or given request.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import partial

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import ARG, spec_hit
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._each_part_spec import EachEndsWith, EachStartsWith
from redraft.criteria._families._positions import WORD_PHRASE, argument
from redraft.criteria._families._things_asked import Things, things_asked
from redraft.criteria._sentences import (
    NEGATION,
    ONE_PER_LINE,
    Hit,
    Sentence,
    lowered,
    sentence_blocked,
)
from redraft.criteria._spec_parts import Part

__all__ = ["each_thing_affixes"]

_MARKS = {
    "exclamation": "!",
    "question": "?",
    "period": ".",
    "full": ".",
    "colon": ":",
    "semicolon": ";",
    "ellipsis": "...",
}
_MARK = (
    r"(?:an?\s+|the\s+)?(?P<mark>exclamation\s+(?:mark|point)|question\s+mark|period|full\s+stop|"
    r"colon|semicolon|ellipsis)"
)
_WHAT = rf"(?:{_MARK}|the\s+letter\s+(?P<letter>{ARG}|[a-z]\b)|{WORD_PHRASE})"
_MODAL = r"(?:must|should|has\s+to|needs\s+to|will|shall|is\s+to)"
_SUBJECT = (
    r"(?P<subj>each(?:\s+(?:one|of\s+them|of\s+these))?|every\s+one(?:\s+of\s+them)?|"
    r"all\s+of\s+them|(?:each|every)\s+(?P<noun>[a-z][\w-]*))"
)
_START = r"(?:start|begin|open)"
_END = r"(?:end|finish|close)"
_PHRASES = (
    # "each must end with a question mark", "every item starts with 'Did you know'"
    compile_lazily(
        rf"\b{_SUBJECT}\s*,?\s+(?:{_MODAL}\s+)?(?:(?P<s>{_START})|(?P<e>{_END}))s?\s+"
        rf"(?:with|in|on)\s+{_WHAT}"
    ),
    # "5 fun facts, each ending with an exclamation mark", "…, all starting with 'Go'"
    compile_lazily(
        rf"\b(?:{_SUBJECT}|(?P<all>all))\s+(?:(?P<s>starting|beginning|opening)|(?P<e>ending|"
        rf"finishing|closing))\s+(?:with|in|on)\s+{_WHAT}"
    ),
    # "each phrased as a question", "each has to be a question": it ends with "?"
    compile_lazily(
        rf"\b{_SUBJECT}\s*,?\s+(?:(?:{_MODAL}\s+)?be\s+(?:phrased|written|worded)\s+as|"
        rf"(?:phrased|written|worded)\s+as|{_MODAL}\s+be)\s+(?:a|one)\s+(?:(?:single|short|"
        r"full|complete|yes/no|yes-or-no|open(?:-ended)?)\s+)?(?P<e>(?P<question>question))\b"
        # "… a question and an answer", "a question or a statement": not one end
        r"(?!\s*(?:and|or|followed|then|with|plus|/)\b|\s*/|\s+mark)"
    ),
    # "Begin each reason with 'Because'", "end every one with a period"
    compile_lazily(rf"\b(?:(?P<s>{_START})|(?P<e>{_END}))\s+{_SUBJECT}\s+with\s+{_WHAT}"),
    # "each should be a single sentence ending with '?'", "every item must be a
    # question ending in '?'": the thing is one sentence, and it ends so
    compile_lazily(
        rf"\b{_SUBJECT}\s*,?\s+(?:{_MODAL}\s+)?be\s+(?:a|an|one)\s+(?:(?:single|short|"
        r"complete|full|one-line)\s+)?(?:sentence|question|line|statement)\s+(?:that\s+)?"
        rf"(?:(?P<s>{_START}s|starting|beginning|opening)|(?P<e>{_END}s|ending|finishing|"
        rf"closing))\s+(?:with|in|on)\s+{_WHAT}"
    ),
)
# "each starting with 'Would you rather' and ending with '?'", "each fact starts
# with 'Did you know' and ends with a question mark": the same things' other end
_AND_THEN = compile_lazily(
    rf"\s*,?\s*and\s+(?:{_MODAL}\s+)?(?:(?P<s>{_START}s?|starting|beginning|opening)|"
    rf"(?P<e>{_END}s?|ending|finishing|closing))\s+(?:with|in|on)\s+{_WHAT}"
)
# "… ending with '?' or '!'": one of several, which this does not read
_OR_MORE = compile_lazily(r"\s*,?\s*(?:or|/)\s")
# "every item", "each entry": the answer's list items, whatever they are
_ITEM_NOUNS = frozenset({"item", "entry", "list-item"})
# the parts :mod:`._each_part` and :mod:`._line_affix` read themselves
_PART_NOUNS = frozenset(
    {"sentence", "paragraph", "bullet", "line", "word", "stanza", "verse", "section"}
)
_GIVEN = compile_lazily(r"\b(?:my|given|provided|attached|following|below|above|existing)\b")


def _part_for(noun: str | None, things: Things | None) -> Part | None:
    """The part each of the things is, or None where ``noun`` names another thing."""
    if noun in _ITEM_NOUNS:
        return "item"
    if noun in _PART_NOUNS or things is None:
        return None
    if noun is None or things.names(noun):
        return things.part
    return None  # "each definition" of a list of terms: a part of each


def _plain(sentence: Sentence, start: int) -> bool:
    if sentence_blocked(sentence, start) or sentence.lower.rstrip().endswith("?"):
        return False
    clause = re.split(r"[,;:]|\bbut\b", sentence.lower[:start])[-1]
    return NEGATION.search(clause) is None and _GIVEN.search(clause) is None


# "8 verbs that start with 're'", "6 boy names starting with the letter K":
# what the things are, said right after their noun
_RELATIVE = compile_lazily(
    rf"\s*,?\s*(?:(?:that|which|who)\s+(?:all\s+)?(?:{_MODAL}\s+)?(?P<s>{_START})s?|"
    rf"(?:all\s+)?(?P<s2>starting|beginning))\s+with\s+{_WHAT}"
)
# a quoted prefix, not a word of its own: "'re'", "'El'" (any word opening with it)
_PREFIX = compile_lazily(r"[a-z]{1,3}")


def _relative(sentence: Sentence, things: Things) -> Hit | None:
    """How each of the things starts, said right after their noun."""
    if things.part != "item":
        return None
    at = things.end - sentence.start
    match = _RELATIVE.match(sentence.lower, at) if 0 <= at <= len(sentence.lower) else None
    if match is None or match.group("mark") or not _plain(sentence, match.start()):
        return None
    letter = match.group("letter")
    if letter:
        phrase: str | None = sentence.unmask(*match.span("letter")).strip("\"'‘’“”")
    else:
        phrase = argument(sentence, match)
    if not phrase:
        return None
    prefix = bool(letter) or bool(_PREFIX.fullmatch(phrase.lower()))
    build = partial(EachStartsWith, part="item", phrase=phrase, letter=prefix)
    return spec_hit(build, *match.span())


def each_thing_affixes(sentence: Sentence) -> Iterator[Hit]:
    """ "5 fun facts, each ending with '!'", "Begin each reason with 'Because'"."""
    text = sentence.lower
    if ONE_PER_LINE.search(text):
        return  # "one per line, each starting with …": every line's, :mod:`._line_affix` reads it
    things = things_asked(lowered(sentence.whole))
    if things is not None and (hit := _relative(sentence, things)):
        yield hit
        return
    for pattern in _PHRASES:
        for match in pattern.finditer(text):
            noun = match.groupdict().get("noun")
            if things is not None and sentence.start + match.start() < things.end:
                continue  # said before the things are asked
            part = _part_for(noun, things)
            if part is None or not _plain(sentence, match.start()):
                continue
            if hit := _affix_hit(sentence, match, part):
                yield hit
                # "… and ending with '?'": the other end of the same things
                then = _AND_THEN.match(text, match.end())
                if (
                    then
                    and not _OR_MORE.match(text, then.end())
                    and (other := _affix_hit(sentence, then, part))
                    and other.spec.kind != hit.spec.kind
                ):
                    yield other
                return


def _affix_hit(sentence: Sentence, match: re.Match[str], part: Part) -> Hit | None:
    """The start or end ``match`` reads for each of the things, or None
    where it names no phrase, letter or mark."""
    mark = match.groupdict().get("mark")
    if match.groupdict().get("question"):
        phrase: str | None = "?"
    elif mark:
        phrase = _MARKS[mark.split()[0]]
    elif match.groupdict().get("letter"):
        phrase = sentence.unmask(*match.span("letter")).strip("\"'‘’“”")
    else:
        phrase = argument(sentence, match)
    if not phrase:
        return None
    build: Callable[[], FamilySpec] = (
        # "each starting with the letter K": any word opening with it
        partial(
            EachStartsWith, part=part, phrase=phrase, letter=bool(match.groupdict().get("letter"))
        )
        if match.groupdict().get("s")
        else partial(EachEndsWith, part=part, phrase=phrase)
    )
    return spec_hit(build, *match.span())
