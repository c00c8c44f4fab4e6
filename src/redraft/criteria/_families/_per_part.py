"""Counts within each part: the words, characters, sentences, lines,
paragraphs, bullet points or numbered items of every sentence, paragraph,
bullet point, numbered item, list item, heading or section, each compared
on its own ("each bullet under 12 words", "every paragraph has exactly 3
sentences", "4 lines per stanza", "each numbered item under 15 words", "2 to
4 bullets per section"), and every part as many words long as the others.

Parts are cut by :func:`._parts.parts_of`. Within a part, words are tokens
holding a letter or a digit, characters its text without surrounding
whitespace, sentences as ``sentence_count`` cuts them, lines its non-empty
lines, paragraphs its blocks between blank lines, bullet points and numbered
items its lines with those markers. No rule here reads lines ("each line
under 40 characters"): they are :mod:`._line_length`'s.

:class:`EachWordCount` is the words of each part, the kind's first form;
:class:`EachCount` names its unit (``units``), and a rule compiles a count
of words into ``each_word_count``, of anything else into ``each_count``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._counted import typed_hit
from redraft.criteria._families._line_per_sentence import (
    ONE_SENTENCE_PER_LINE,
    line_per_sentence,
    repairs_one_per_line,
)
from redraft.criteria._families._part_guard import (
    MADE_SO,
    OWN_HAS,
    POLITE_REQUEST,
    PartGuard,
)
from redraft.criteria._families._part_labels import unlabelled
from redraft.criteria._families._part_scope import some_parts
from redraft.criteria._families._parts import parts_of
from redraft.criteria._families._per_part_phrases import (
    AMOUNT,
    MODAL,
    OTHER_IN_LIST,
    PART,
    PARTS,
    UNIT,
    numbered_noun,
    phrases,
)
from redraft.criteria._families._per_part_spec import (
    COUNTERS,
    HOLDS,
    UNIT_NAMES,
    EachCount,
    EachWordCount,
    EqualWordCount,
    Units,
)
from redraft.criteria._grammar import number_value, relation_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import THING, Hit, Rule, Sentence, lowered, searched
from redraft.criteria._spec_base import RELATION_WORDS, Relation
from redraft.criteria._spec_parts import PART_NAMES, Part, ordinal

__all__ = [
    "EACH_COUNT",
    "MODAL",
    "PARTS",
    "HOLDS",
    "UNIT_NAMES",
    "COUNTERS",
    "EachCount",
    "EachWordCount",
    "EqualWordCount",
    "PartGuard",
    "Units",
    "no_parts",
    "part_of",
    "parts_of",
    "plural",
    "units_of",
]


_EXAMPLES = 3
_SHOWN = 40


def _head(text: str) -> str:
    text = " ".join(text.split())
    return repr(text[:_SHOWN] + ("…" if len(text) > _SHOWN else ""))


def plural(part: str, n: int) -> str:
    singular, plural = PART_NAMES[part]
    return f"{n} {singular if n == 1 else plural}"


def no_parts(spec: EachWordCount | EachCount | EqualWordCount) -> Outcome:
    """An answer with none of the parts a rule for every part is about."""
    plural = PART_NAMES[spec.part][1]
    return Outcome(
        False,
        f"the answer has no {plural}; required: {spec.describe()}",
        f"Your answer has no {plural}. Write it so that {spec.describe()}.",
        score=0.0,
        data={"measured": 0},
    )


def _units_of(spec: EachWordCount | EachCount) -> str:
    return "words" if isinstance(spec, EachWordCount) else spec.units


def _each(spec: EachWordCount | EachCount, text: str) -> Outcome:
    found = parts_of(text, spec.part)
    name = PART_NAMES[spec.part]
    if not found:
        return no_parts(spec)
    units = _units_of(spec)
    count = COUNTERS[units]
    noun = UNIT_NAMES[units][1]
    fix = f"Give every {name[0]} {RELATION_WORDS[spec.relation]} {spec.value} {noun} (count them)."
    return every_part_outcome(spec, found, lambda p: spec.holds(count(p)), fix)


def every_part_outcome(spec: Any, found: list[str], ok: Callable[[str], bool], fix: str) -> Outcome:
    """The outcome of a rule each part of the answer keeps: which parts break
    it, with the first few shown, and ``fix`` said after them."""
    name = PART_NAMES[spec.part]
    bad = [(i, p) for i, p in enumerate(found, 1) if not ok(p)]
    data: dict[str, Any] = {"measured": len(found), "failing": [i for i, _ in bad]}
    if not bad:
        return Outcome(True, f"all {plural(spec.part, len(found))}: {spec.describe()}", data=data)
    shown = "; ".join(f"{ordinal(i)}: {_head(p)}" for i, p in bad[:_EXAMPLES])
    more = f" and {len(bad) - _EXAMPLES} more" if len(bad) > _EXAMPLES else ""
    verb = "breaks" if len(bad) == 1 else "break"
    return Outcome(
        False,
        f"{len(bad)} of {plural(spec.part, len(found))} {verb} the rule ({shown}{more}); "
        f"required: {spec.describe()}",
        f"{len(bad)} of your {name[1]} {verb} the rule ({shown}{more}). {fix}",
        score=1 - len(bad) / len(found),
        data=data,
    )


# -- phrasing ---------------------------------------------------------------------------

# The grammar of the phrases: :mod:`._per_part_phrases`
_EACH_PHRASES, _NONE_PHRASES = phrases(PARTS, PART)
_IMPERATIVE_BEFORE = compile_lazily(r"(?:^|[,;:—–-]|\b(?:and|but|so|please|also|just))\s*$")
# What may not stand between the parts counted and "none over …": another
# thing the cap may be of, or a sequence
_OTHER_NOUN = compile_lazily(
    r"\b(?:then|followed|plus|whole|entire|total|overall|or|which|that|whose|where)\b|"
    r"\b[a-z]{3,}(?<!s)s\b"
)
# Parts counted in a description, not asked for: "my essay has 5 paragraphs, none …"
_DESCRIBED = compile_lazily(
    r"\b(?:my|our|his|her|their|this|these|those|has|have|had|was|were|is|are|contains?|"
    r"if|when|whether)\b"
)
# Parts given rather than asked for ("my essay averages 20 words per sentence"),
# or a question about the rule ("should each bullet be under 10 words?").
_GIVEN = compile_lazily(
    r"\b(?:my|his|her|their|our|this|these|those|given|provided|attached)\s+"
    r"(?:[\w-]+\s+){0,2}$|\b(?:average|averages|averaging|currently)\b"
)
_GIVEN_AFTER = compile_lazily(
    r"^[^.;]{0,40}\b(?:below|above|following|given|provided|attached|in\s+(?:the|this|that|my)\s+"
    r"(?:text|passage|draft|article|essay|document|input|example|sample))\b|"
    # one part of the answer only: "3 sentences per paragraph in the intro"
    rf"^\s*(?:in|of|within|for)\s+(?:the|your)\s+(?!(?:entire|whole|{THING})\b)[a-z]"
)
_QUESTION = compile_lazily(r"^\s*(?:should|can|could|does|do|is|are|must|would|will|may)\b.*\?\s*$")
# "the first sentence of each paragraph …": one part of each, not each whole
# (or its title, its name, its summary: "the title of each section under 5 words")
_SUB_PART = compile_lazily(
    r"\b(?:sentence|line|word|paragraph|bullet|item|heading|title|headline|subheading|header|"
    r"name|label|caption|summary|intro|introduction|conclusion|opening|ending)s?\s+(?:of|in|for)\s+$"
)

# "Feedback on each paragraph …", "a reply to every bullet …": a thing about
# each part is the subject, and the count is that thing's
_ABOUT_EACH = compile_lazily(
    r"\b(?!(?:and|or|but|then|so|also|please|just|only)\b)[a-z]{3,}\s+"
    r"(?:on|about|regarding|concerning|to|towards)\s+$"
)


def part_of(text: str) -> Part:
    """The part a noun names: "stanzas" → paragraph, "list item" → item."""
    text = " ".join(text.split())
    for start, part in _PART_WORDS:
        if text.startswith(start):
            return part
    return "bullet"


_PART_WORDS: tuple[tuple[str, Part], ...] = (
    ("sentence", "sentence"),
    ("paragraph", "paragraph"),
    ("stanza", "paragraph"),
    ("numbered", "numbered"),
    ("item", "item"),
    ("list", "item"),
    ("section", "section"),
    ("head", "heading"),
    ("subhead", "heading"),
    ("line", "line"),
    ("title", "title"),
    ("headline", "title"),
)


def units_of(text: str) -> str:
    """The unit a noun names: "chars" → characters, "bullet points" and
    "checkbox items" (``- [ ]`` lines) → bullets."""
    text = " ".join(text.split())
    if text == "chars":
        return "characters"
    if text.startswith(("bullet", "checkbox", "checklist", "to-do", "todo")):
        return "bullets"
    if text.startswith("numbered"):
        return "numbered"
    return text.rstrip("s") + "s"


def _bounds(match: re.Match[str]) -> list[tuple[Relation, int]]:
    found = match.groupdict()
    if found.get("rel"):
        value = number_value(found["n"])
        if value is None:
            return []
        relation, adjust = relation_of(found["rel"])
        return [(relation, value + adjust)]
    low, high = found.get("low") or found.get("from"), found.get("high") or found.get("to")
    if low and high:
        a, b = number_value(low), number_value(high)
        return [] if a is None or b is None or a >= b else [("at_least", a), ("at_most", b)]
    value = number_value(found.get("bare") or found.get("n") or "")
    if value is None:
        return []
    # "limit every sentence to 60 characters" is a cap, not an exact length
    return [("at_most" if found.get("cap") else "exactly", value)]


# What follows a count and changes it: a comparison ("each sentence one word
# longer than the last" counts no sentence's words), or a bound said after
# it ("every paragraph must have 3 sentence minimum").
_COMPARED = compile_lazily(r"\s*(?:longer|shorter|more|fewer|less|bigger|smaller)\s+than\b")
_FLOOR_AFTER = compile_lazily(r"\s*,?\s*(?:minimum|min\b|at\s+(?:the\s+)?least|or\s+more|\+)")
_CAP_AFTER = compile_lazily(
    r"\s*,?\s*(?:maximum|max\b|at\s+(?:the\s+)?most|or\s+(?:fewer|less)|tops\b|not\s+more)"
)
# "describe it in 50 words per paragraph": a rough size, as for the whole answer
_LOOSE_BEFORE = compile_lazily(r"\b(?:in|into|around|about|roughly|approximately|some)\s+$")
_LOOSE_OVER = 10


def _read_whole(text: str, match: re.Match[str], units: str) -> list[tuple[Relation, int]] | None:
    """The bounds a phrase states, read with what follows the unit; None
    where the count is compared or rough rather than stated."""
    end = match.end("unit")
    if _COMPARED.match(text, end):
        return None
    bounds = _bounds(match)
    if not match.groupdict().get("bare"):
        return bounds
    post: Relation | None = (
        "at_least"
        if _FLOOR_AFTER.match(text, end)
        else "at_most"
        if _CAP_AFTER.match(text, end)
        else None
    )
    if post is not None:
        return [(post, value) for _, value in bounds]
    loose = units in ("words", "characters") and any(v > _LOOSE_OVER for _, v in bounds)
    if loose and _LOOSE_BEFORE.search(text, 0, match.start("bare")):
        return None
    return bounds


def _build(part: Part, units: str) -> Callable[[Relation, int], FamilySpec]:
    if units == "words":
        return lambda r, v: EachWordCount(part=part, relation=r, value=v)
    return lambda r, v: EachCount(part=part, units=units, relation=r, value=v)  # type: ignore[arg-type]


# The count picks out which parts a change is for: "every paragraph longer
# than 3 sentences should be split" asks for the split, not a length
_SELECTS = compile_lazily(
    r"\s*,?\s*(?:(?:should|must|shall|will|can|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to)\s+"
    r"(?:be\s+|get\s+)?|(?:gets?|is|are)\s+)(?:split|broken|cut|divided|shortened|trimmed|rewritten|"
    r"removed|deleted|reduced|moved|flagged|condensed|merged|combined|simplified|marked|highlighted)\b"
)


# "a title line starting with '# ', then an intro …, then 3 sections …, each
# section 80-120 words": a title heading makes the title and intro a section
# of their own, which the count for the asked sections does not bound
_OWN_OPENING = compile_lazily(r"\b(?:title|h1|intro(?:duction)?|preamble|opening\s+paragraph)\b")


def each_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Each bullet under 12 words", "every paragraph has exactly 3 sentences"."""
    text = sentence.lower
    if _QUESTION.match(text) and not POLITE_REQUEST.match(text):
        return
    plain = PartGuard(text)
    whole = lowered(sentence.whole)
    taken: list[tuple[int, int]] = []
    grammars: list[tuple[tuple[re.Pattern[str], ...], Part | None]] = [(_EACH_PHRASES, None)]
    nones: list[tuple[tuple[re.Pattern[str], ...], Part | None]] = [(_NONE_PHRASES, None)]
    if named := numbered_noun(whole):
        each, none = phrases(*named)
        grammars.append((each, "numbered"))  # "5 numbered steps, each step 8 words or fewer"
        nones.append((none, "numbered"))
    for match, named_part in ((m, n) for ps, n in grammars for p in ps for m in p.finditer(text)):
        clause = re.split(r"[.;:!?]", text[: match.start()])[-1]
        given = _GIVEN.search(clause) and not MADE_SO.search(clause)
        if not plain(match.start()) or given or _SUB_PART.search(clause):
            continue
        if (between := match.groupdict().get("between")) and OTHER_IN_LIST.search(between):
            continue
        if _ABOUT_EACH.search(clause):
            continue  # "feedback on each paragraph should be one sentence": the feedback's
        if some_parts(text, match.start("part")):
            continue  # "in the last three sections, 4-6 bullets each": some parts, not all
        if _GIVEN_AFTER.match(text[match.end() :]) or _SELECTS.match(text, match.end()):
            continue
        # a listed count's span is its own words: the list before it holds other rules
        span = match.span("tail") if match.groupdict().get("tail") else match.span()
        if any(span[0] < b and a < span[1] for a, b in taken):
            continue
        part = named_part or part_of(match.group("part"))
        units = units_of(match.group("unit"))
        if part == "heading" and units not in HOLDS[part]:
            part = "section"  # "3 bullets per heading": the heading's section holds them
        if units not in HOLDS[part] or (part == "section" and searched(_OWN_OPENING, whole)):
            continue
        read = _read_whole(text, match, units)
        if read is None:
            continue
        taken.append(span)
        for relation, value in read:
            yield from typed_hit(_build(part, units), relation, value, span)
    yield from _in_each(text, plain, taken)
    for match, named_part in ((m, n) for ps, n in nones for p in ps for m in p.finditer(text)):
        limit = number_value(match.group("n"))
        part = named_part or part_of(match.group("part"))
        units = units_of(match.group("unit"))
        if limit is None or match.start() >= plain.blocked or units not in HOLDS[part]:
            continue
        if (between := match.groupdict().get("between")) is not None and (
            _OTHER_NOUN.search(between)
            or _DESCRIBED.search(re.split(r"[.;:!?]", text[: match.start()])[-1])
        ):
            continue  # "3 paragraphs with 2 examples, none over 20 words": which are meant?
        if match.groupdict().get("let") and not _IMPERATIVE_BEFORE.search(text, 0, match.start()):
            continue  # "I don't let any paragraph go over 60 words": a habit told
        clause = re.split(r"[.;:!?]", text[: match.start()])[-1]
        given = (_GIVEN.search(clause) or OWN_HAS.search(clause)) and not MADE_SO.search(clause)
        if given or _GIVEN_AFTER.match(text[match.end() :]):
            continue  # "my draft has no sentence over 15 words": the draft's
        # "3 sentences, none over 20 words": the cap's own words, the count its sibling's
        span = match.span("tail") if match.groupdict().get("tail") else match.span()
        yield from typed_hit(_build(part, units), "at_most", limit, span)


# "a 'Pros' section and a 'Cons' section, 4 bullets in each", "… as headings,
# with 3 bullets each": the parts named just before, with nothing but their
# names and joining words between.
_IN_EACH = compile_lazily(
    rf"\b{AMOUNT}\s+{UNIT}\s+(?:(?:in|under|for|per|within|inside)\s+)?each(?=\s*(?:[,;.)]|and\b|$))"
)
_ANTECEDENT = compile_lazily(rf"\b(?P<part>{PARTS})\b")
_JOINING = compile_lazily(
    r"^(?:[\s,;:()\ue000\"'“”‘’#]|\b(?:and|a|an|the|one|two|three|four|five|six|called|named|"
    r"titled|headed|labell?ed|for|with|each|\d{1,2})\b)*$"
)


def _in_each(text: str, plain: PartGuard, taken: list[tuple[int, int]]) -> Iterator[Hit]:
    for match in _IN_EACH.finditer(text):
        if not plain(match.start()) or any(match.start() < b and a < match.end() for a, b in taken):
            continue
        before = text[: match.start()]
        named = list(_ANTECEDENT.finditer(before))
        if not named or not _JOINING.match(before[named[-1].end() :]):
            continue
        if some_parts(before, named[-1].start()):
            continue  # "the last three sections with 4-6 bullets each": some parts only
        part, units = part_of(named[-1].group("part")), units_of(match.group("unit"))
        if part == "heading" and units not in HOLDS[part]:
            part = "section"
        if units not in HOLDS[part]:
            continue
        taken.append(match.span())
        for relation, value in _bounds(match):
            yield from typed_hit(_build(part, units), relation, value, match.span())


class _EachCount(Family):
    name = "counts within each part"
    specs = (EachWordCount, EachCount)
    rules: ClassVar[tuple[Rule, ...]] = (unlabelled(each_counts), line_per_sentence)
    edits: ClassVar[tuple[RepairOp, ...]] = (ONE_SENTENCE_PER_LINE,)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        if isinstance(spec, EachCount) and repairs_one_per_line(spec):
            return {"op": ONE_SENTENCE_PER_LINE.name}
        return None

    def measure(self, spec: Any, text: str) -> Outcome:
        return _each(spec, text)

    def correction(self, spec: Any, text: str) -> str:
        return _each(spec, text).suggestion or ""


EACH_COUNT = _EachCount()
