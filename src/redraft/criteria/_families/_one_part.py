"""One part of the answer opens or closes with a phrase ("the last line must
start with 'In short:'", "line 2 starts with 'EN:'", "the title should end
with a question mark", "the second sentence is a question", "open the first
bullet with either 'Yes' or 'No'").

The part is the one ``parts_of`` cuts and addresses as every part family
does (1 = first, -1 = last): a line, a sentence, a paragraph, a bullet
point, a numbered or list item, a heading or the title (the first line, its
``#``, bold and a ``Title:`` label set aside). An answer without that part
fails. Measured exactly, case aside, whitespace runs read as one space:

- markup is set aside only where the phrase does not itself hold it: at the
  start, ``#``, ``>``, ``*``, ``_``, backticks and opening quotes; at the
  end, ``*``, ``_``, backticks and closing quotes (``**In short:** …``
  starts with "In short:"); a part that meets the phrase with its markup
  meets it too;
- a phrase ending in a letter or digit ends a word ("Yes" does not open
  "Yesterday"); one starting so at the end starts a word ("door" does not
  close "indoor"), and closing ``.``, ``!``, ``?``, ``,``, ``;`` or ``:``
  may follow it;
- several phrases are alternatives: one of them is enough.

Read from a clause naming one part by position and the phrase quoted,
several quoted or bare words joined by "or" ("either Yes or No"), or a
named mark ("a question mark", "a colon"); "X is a question" ends X with
"?". Not from a phrase no literal states ("start with a greeting", "end on
a hopeful note"), every part ("each line" is ``each_line``), a hedged,
negated or conditional clause, a question about the rule, nor where
``word_at`` already reads it (a sentence, paragraph or bullet point
opening or closing with one quoted word or phrase).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import (
    ORDINAL,
    Corrected,
    Guard,
    fold,
    head,
    index_of,
    parse_list,
    spec_hit,
    tail,
)
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._closing_part import closing_part
from redraft.criteria._families._ordered_openers import ordered_openers
from redraft.criteria._families._part_grammar import OPENS, part_named
from redraft.criteria._families._per_part import parts_of
from redraft.criteria._families._phrases import EndsWith
from redraft.criteria._grammar import NUMBER
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, response_context
from redraft.criteria._spec_base import SHORT
from redraft.criteria._spec_parts import PART_NAMES, Part, ordinal

__all__ = ["ONE_PART", "PartAffix", "part_affix"]

Position = Literal["start", "end"]


class PartAffix(FamilySpec):
    """The ``index``-th ``part`` (1 = first, -1 = last) starts (``position``
    "start") or ends with one of ``phrases`` (case aside)."""

    kind: Literal["part_affix"] = "part_affix"
    part: Part
    index: int = Field(default=1, ge=-1, le=1000)
    position: Position
    phrases: tuple[str, ...] = Field(min_length=1, max_length=10)

    @field_validator("index")
    @classmethod
    def _position(cls, value: int) -> int:
        if value == 0:
            raise ValueError("a position is 1 or more (the first is 1), or -1 for the last")
        return value

    @field_validator("phrases")
    @classmethod
    def _readable(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        cleaned = tuple(p.strip() for p in value)
        if not all(cleaned):
            raise ValueError("a phrase holds more than whitespace")
        if any(len(p) > SHORT for p in cleaned):
            raise ValueError(f"phrases are at most {SHORT} characters")
        return cleaned

    def where(self) -> str:
        if self.part == "title":
            return "the title"
        return f"the {ordinal(self.index)} {PART_NAMES[self.part][0]}"

    def describe(self) -> str:
        verb = "starts" if self.position == "start" else "ends"
        return f"{self.where()} {verb} with " + " or ".join(repr(p) for p in self.phrases)

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part, self.index, self.position)


# -- measuring ---------------------------------------------------------------------

_LEAD = compile_lazily(r"^[\s#>*_`\"'“‘«]+")
_TRAIL = compile_lazily(r"[\s*_`\"'”’»]+$")
_CLOSING = ".!?,;:"


def _opens(part: str, phrase: str) -> bool:
    folded, want = fold(part), fold(phrase)
    if not folded.startswith(want):
        return False
    return not want[-1].isalnum() or not folded[len(want) : len(want) + 1].isalnum()


def _closes(part: str, phrase: str) -> bool:
    folded, want = fold(part), fold(phrase)
    body = folded
    if not body.endswith(want) and want[-1].isalnum():
        body = body.rstrip(_CLOSING + " ")
        body = _TRAIL.sub("", body).rstrip(_CLOSING + " ")
    if not body.endswith(want):
        return False
    before = body[: len(body) - len(want)]
    return not want[0].isalnum() or not before[-1:].isalnum()


def meets(spec: PartAffix, part: str) -> bool:
    """Whether one part opens (closes) with one of the phrases, markup aside."""
    test = _opens if spec.position == "start" else _closes
    bare = _LEAD.sub("", part) if spec.position == "start" else _TRAIL.sub("", part)
    return any(test(part, p) or test(bare, p) for p in spec.phrases)


def _pick(found: list[str], index: int) -> str | None:
    if index == -1:
        return found[-1] if found else None
    return found[index - 1] if index <= len(found) else None


def measure_affix(spec: PartAffix, text: str) -> Outcome:
    found = parts_of(text, spec.part)
    chosen = _pick(found, spec.index)
    name = PART_NAMES[spec.part]
    if chosen is None:
        have = f"{len(found)} {name[0] if len(found) == 1 else name[1]}"
        return Outcome(
            False,
            f"the answer has {have}, so it has no {spec.where()[4:]}; required: {spec.describe()}",
            f"Your answer has {have}; write it so that {spec.describe()}.",
            score=0.0,
            data={"measured": None},
        )
    shown = head(chosen) if spec.position == "start" else tail(chosen)
    data: dict[str, Any] = {"measured": chosen[:80]}
    if meets(spec, chosen):
        return Outcome(True, f"{spec.describe()}, as required ({shown})", data=data)
    verb = "Start" if spec.position == "start" else "End"
    options = " or ".join(repr(p) for p in spec.phrases)
    return Outcome(
        False,
        f"{spec.where()} is {shown}; required: {spec.describe()}",
        f"{spec.where()[0].upper()}{spec.where()[1:]} of your answer is {shown}. "
        f"{verb} it with {options}.",
        data=data,
    )


# -- phrasing ----------------------------------------------------------------------

_NAMED = {
    "question mark": "?",
    "colon": ":",
    "semicolon": ";",
    "period": ".",
    "full stop": ".",
    "exclamation mark": "!",
    "exclamation point": "!",
    "comma": ",",
    "ellipsis": "...",
}
_MARK = (
    r"(?:a|an|the)\s+(?P<mark>question\s+mark|colon|semicolon|period|full\s+stop|"
    r"exclamation\s+(?:mark|point)|comma|ellipsis)\b"
)
_PART = (
    r"(?:line|sentence|paragraph|stanza|bullet(?:[\s-]+point)?|bulleted\s+item|"
    r"numbered\s+(?:list\s+)?item|(?:list\s+)?item|heading)"
)
_TITLE = r"(?P<title>title|headline|subject\s+line|subject)"
_WHICH = (
    rf"(?:(?P<art>(?:the|your)\s+)?(?:very\s+)?(?:(?P<ord>{ORDINAL})\s+(?P<part>{_PART})|{_TITLE})|"
    rf"(?P<part2>line|sentence|paragraph|stanza|bullet|item)\s+(?:number\s+|no\.\s*|#)?"
    rf"(?P<num>{NUMBER})\b)"
)
_OF = (
    r"(?:\s+(?:of|in)\s+(?:your|the)\s+(?:entire\s+|whole\s+)?"
    r"(?:answer|response|reply|output|text|email|message|poem|story|post|letter))?"
)
_MODAL = r"(?:should|must|has\s+to|have\s+to|needs?\s+to|shall|will|is\s+to|ought\s+to)"
_BEGIN = r"(?:start|begin|open|lead\s+off)"
_FINISH = r"(?:end|finish|close|conclude|wrap\s+up)"
_LEAD_IN = r"(?:(?:either|one\s+of)\s+|the\s+(?:exact\s+)?(?:word|phrase|words)\s+:?\s*)?"
_PATTERNS = [
    # "The last line must start with 'In short:'", "line 2 starts with 'EN:'"
    compile_lazily(
        rf"\b{_WHICH}{_OF}\s+(?:{_MODAL}\s+)?(?P<verb>{_BEGIN}|{_FINISH})s?\s+"
        rf"(?:with|in|on)\s+(?P<lead>{_LEAD_IN})"
    ),
    # "Begin the second line with 'EN:'", "end the title with a question mark"
    compile_lazily(
        rf"\b(?P<verb>{_BEGIN}|{_FINISH})\s+{_WHICH}{_OF}\s+with\s+(?P<lead>{_LEAD_IN})"
    ),
]
# "The second sentence is a question", "make the title a question", "sentence 5
# must be an exclamation"; "and" only where another part's clause follows
_NOT_ABOUT = (
    r"(?!\s+(?:and(?!\s+(?:the\s+)?(?:[a-z0-9]+\s+)?(?:sentence|line|paragraph|bullet|item)\b)|"
    r"or|about|on|of|that|which|from|with|to|for)\b)"
)
_QUESTION = r"(?P<kind>a\s+question|an\s+exclamation)\b"
_QUESTIONS = [
    compile_lazily(
        rf"\b(?:{_MODAL}\s+)?(?:make|turn)\s+{_WHICH}{_OF}\s+(?:into\s+)?{_QUESTION}{_NOT_ABOUT}"
    ),
    compile_lazily(rf"\b{_WHICH}{_OF}\s+(?:{_MODAL}\s+be|is)\s+{_QUESTION}{_NOT_ABOUT}"),
]
# "Begin with a question", "open your reply with a rhetorical question": the
# first sentence is one
_OPEN_QUESTION = compile_lazily(
    r"\b(?:start|begin|open|kick\s+off)\s+(?:(?:your|the)\s+(?:response|answer|reply|post|"
    r"email|speech|essay|story|article|message)\s+|it\s+|things\s+)?(?:with|by\s+asking)\s+"
    r"(?:a|one)\s+(?:[a-z-]+\s+)?question\b(?!\s*(?:mark|and|or|followed|then|about\s+each)\b)"
)
_AFTER = compile_lazily(r"^\s*(?:followed|then|plus|\+|and\s+then\b|…|\.\.\.)")
# "Describe autumn in 3 sentences, where the second sentence is a question":
# a clause describing the one thing asked for states its part.
_DESCRIBING = compile_lazily(r"(?:,\s*|\s+)(?:where|in\s+which|such\s+that|so\s+that)\s+$")
_ASKING = compile_lazily(
    r"^\s*(?:please\s+)?(?:write|compose|create|draft|describe|explain|give\s+me|tell\s+me)\b"
)

_ELSEWHERE = compile_lazily(
    r"\b(?:why|how|what|whether|when|if|in\s+an?|imagine|world|story\s+about)\b"
)


def _described(text: str, start: int) -> bool:
    before = text[:start]
    if _ELSEWHERE.search(before):
        return False  # "explain why, in a text where …": about some other text
    return _DESCRIBING.search(before) is not None and _ASKING.match(before) is not None


# "Sentence 2 must hold a number, and sentence 4 must be a question": a
# sentence whose clauses each open with the numbered part they rule
_PART_SUBJECT = (
    r"(?:the\s+(?:first|second|third|fourth|fifth|last|final|opening|closing)\s+"
    r"(?:sentence|line|paragraph|stanza|bullet|item)|(?:sentence|line|paragraph|stanza|bullet|"
    r"item)\s+\d+)\s+(?:must|should|has\s+to|needs\s+to|is\s+to)\b"
)
_OPENS_WITH_PART = compile_lazily(rf"\s*{_PART_SUBJECT}")
_NEXT_CLAUSE = compile_lazily(r"(?:[,;]\s*(?:and\s+)?|\s+and\s+)$")


def _parts_in_turn(text: str, start: int) -> bool:
    return bool(
        _OPENS_WITH_PART.match(text)
        and _NEXT_CLAUSE.search(text, 0, start)
        and _OPENS_WITH_PART.match(text, start)
    )


_NAMES_PART = compile_lazily(
    r"line|sentence|paragraph|stanza|bullet|item|heading|title|headline|subject"
)
_NOT_WORDS = frozenset(["a", "an", "the", "some", "your", "his", "her", "their", "its", "my"])


def _part(match: re.Match[str]) -> tuple[Part, int] | None:
    found = match.groupdict()
    # "First sentence must be a question." may leave the article out only
    # where the phrase opens its clause
    bare = not found.get("art") and not found.get("part2")
    if bare and not OPENS.search(match.string[: match.start()]):
        return None
    if found.get("title"):
        return "title", 1
    noun = found.get("part") or found.get("part2") or ""
    part = part_named(noun)
    index = index_of(match)
    if part is None or index is None or part == "section":
        return None
    return part, index


def _phrases(sentence: Sentence, match: re.Match[str]) -> tuple[list[str], int] | None:
    text = sentence.lower
    mark = compile_lazily(rf"\s*{_MARK}").match(text, match.end())
    if mark is not None:
        return [_NAMED[" ".join(mark["mark"].split())]], mark.end()
    listed = parse_list(sentence, match.end())
    if listed is None:
        return None
    items, end = listed
    quoted = text[match.end() : end].lstrip()[:1] in "\"“'‘«`"
    words = (match["lead"] or "").strip()
    if not quoted and (len(items) < 2 and not words.startswith("the")):
        return None  # "start the first line with a greeting": no literal
    if any(item.lower() in _NOT_WORDS for item in items):
        return None
    return items, end


def part_affix(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    if not re.search(
        r"line|sentence|paragraph|stanza|bullet|item|heading|title|headline|subject|question", text
    ):
        return
    plain = Guard(text)
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            where = _part(match)
            read = _phrases(sentence, match)
            if where is None or read is None or not plain(match.start()):
                continue
            items, end = read
            if _AFTER.match(text[end:]) or not response_context(sentence, match.start()):
                continue
            part, index = where
            named = re.match(rf"\s*{_MARK}", text[match.end() :]) is not None
            if not named and len(items) == 1 and part in ("sentence", "paragraph", "bullet"):
                continue  # word_at reads one phrase opening or closing these
            position: Position = "end" if re.match(_FINISH, match["verb"]) else "start"
            if _answer_end(part, index, position) and not _asked(match, pattern):
                continue  # "…; the last line ends with 'behind'": ends_with reads it if asked
            build = _build(part, index, position, tuple(items))
            if hit := spec_hit(build, match.start(), end):
                yield hit
    last = -1  # where the clause before, read, ended
    for match in sorted((m for p in _QUESTIONS for m in p.finditer(text)), key=lambda m: m.start()):
        where = _part(match)
        if where is None or not plain(match.start()) or text.rstrip().endswith("?"):
            continue
        # "sentence 3 must be a question and sentence 5 must be an exclamation": a
        # clause joined to one read is read as that one was
        joined = last >= 0 and re.fullmatch(r"\s*,?\s*(?:and\s+)?", text[last : match.start()])
        if not (
            joined
            or response_context(sentence, match.start())
            or _described(text, match.start())
            or _parts_in_turn(text, match.start())
        ):
            continue
        mark = "?" if match["kind"].endswith("question") else "!"
        if hit := spec_hit(_build(*where, "end", (mark,)), *match.span()):
            last = match.end()
            yield hit
    for match in _OPEN_QUESTION.finditer(text):
        if (
            plain(match.start())
            and response_context(sentence, match.start())
            and (hit := spec_hit(_build("sentence", 1, "end", ("?",)), *match.span()))
        ):
            yield hit


def _answer_end(part: Part, index: int, position: Position) -> bool:
    return position == "end" and index == -1 and part in ("sentence", "line")


def _asked(match: re.Match[str], pattern: re.Pattern[str]) -> bool:
    """Whether a modal or an imperative states the phrase."""
    if pattern is _PATTERNS[1] or re.search(rf"\b{_MODAL}\b", match[0]):
        return True
    before = match.string[: match.start()]
    return re.search(r"\b(?:make|ensure|make\s+sure|see\s+that)\s+$", before) is not None


def _build(part: Part, index: int, position: Position, phrases: tuple[str, ...]) -> Any:
    if _answer_end(part, index, position) and len(phrases) == 1:
        # the last sentence's (line's) end is the answer's: the kind that
        # states it is ends_with ("the last sentence must be a question")
        return lambda: EndsWith(phrase=phrases[0])
    return lambda: PartAffix(part=part, index=index, position=position, phrases=phrases)


class _OnePart(Corrected):
    name = "one part's start or end"
    specs = (PartAffix,)
    # the closing part's opening phrase, and parts opening with listed words in order,
    # read as the line_template or word_at they state
    rules: ClassVar[tuple[Rule, ...]] = (part_affix, closing_part, ordered_openers)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, PartAffix)
        return measure_affix(spec, text)


ONE_PART = _OnePart()
