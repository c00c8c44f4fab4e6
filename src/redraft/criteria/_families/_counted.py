"""What the counted families that came from the vocabulary share: how a
count is reported and corrected (``Your answer has 137 words; the limit is
100. Cut at least 37 words.``), and the phrasing grammar they read counts
with ("at most 100 words", "between 3 and 5 paragraphs", "400 or more
words", "don't write more than 50 words", "in 3 sentences"; "the number of
bullet points should be 3 to 5" is read by :mod:`._number_of`).

"under 100 words" and "less than 100 words" mean at most 99, "more than 3"
at least 4: the words are taken literally (:mod:`redraft.criteria._grammar`).
A bare number without a relation ("in 3 sentences", "use 4 bullet points")
means exactly that many only for the units a family marks ``bare_exact``;
"in 50 words" is too loose a phrase to count to the word ("in three words",
up to a unit's ``bare_upto``, is not).

The :class:`Unit` and what a matched phrase states (its bounds, the hit
it builds) are in :mod:`._counted_unit`; the phrase shapes, built over the
units, in :mod:`._counted_phrases`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from redraft.criteria._families._answer_units import described, later_part
from redraft.criteria._families._count_asked import (
    ABOUT_FORM,
    FORM_BEFORE,
    NONE_BEFORE,
    TITLE_THEN,
    case_of_all,
    size_requested,
)
from redraft.criteria._families._count_context import (
    CONDITION_AFTER,
    COUNTED_PARTS,
    DISTRIBUTIVE_AFTER,
    DISTRIBUTIVE_BEFORE,
    EACH_LATER,
    GIVEN_BEFORE,
    GIVEN_SUBJECT,
    IN_ALL,
    IN_ONE_PART,
    IN_SEQUENCE,
    LATER_PART,
    LESS_A_PART,
    LIST_MARKER_ONLY,
    LIST_STEP,
    LIST_VERB,
    MARKUP_EXAMPLE,
    MORE_PARTS,
    ONE_MORE_COUNT,
    ONE_PART_BEFORE,
    PARTS_OF_SIZE,
    POSITION_BEFORE,
    PRECEDED_BY_OTHER_VERB,
    RULES_LIST_BEFORE,
    SECOND_PART,
    THINGS_OWN,
    after_ok,
    answers_are_parts,
    one_part_of_many,
    single_asked,
)
from redraft.criteria._families._count_framed import (
    asked_as_piece_or_item,
    framed_after,
    names_one_piece,
)
from redraft.criteria._families._count_frames import MORE_ASKED, asked_bracket
from redraft.criteria._families._counted_phrases import unit_patterns
from redraft.criteria._families._counted_unit import (
    Unit,
    after_from,
    built,
    described_from,
    one_whole,
    phrase_bounds,
    typed_hit,
)
from redraft.criteria._families._things_asked import refers_to_things
from redraft.criteria._grammar import KINDS_OF
from redraft.criteria._items import several_asked_before
from redraft.criteria._sentences import (
    THING,
    Hit,
    Sentence,
    lowered,
    makes_parts,
    names_thing_with,
    response_context,
)
from redraft.criteria._spec_base import Relation

__all__ = ["Unit", "UnitCounts", "typed_hit"]


@dataclass(frozen=True)
class UnitCounts:
    """The rule that reads counts of ``units`` on the whole response."""

    units: tuple[Unit, ...]
    _patterns: dict[str, re.Pattern[str]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        self._patterns.update(unit_patterns(self.units))

    def _unit(self, match: re.Match[str]) -> Unit:
        found = match.groupdict()
        for i, unit in enumerate(self.units):
            if any(found.get(f"{g}{i}") for g in "usoz"):
                return unit
        raise AssertionError("a unit group always matches")

    def __call__(self, sentence: Sentence) -> Iterator[Hit]:
        text = sentence.lower
        if not self._patterns["named"].search(text):
            return
        taken: list[tuple[int, int]] = []

        def accept(match: re.Match[str], name: str) -> bool:
            if any(match.start() < b and a < match.end() for a, b in taken):
                return False
            if self._unit(match).repeats and KINDS_OF.search(match.group(0)):
                return False  # "no more than 20 distinct words": kinds, not occurrences
            before = text[: match.start()]
            if name == "bare" and match.group("paren") and not asked_bracket(before):
                return False  # "summarise my essay (4 paragraphs) …": the essay's size
            if name == "shorten_to" and MORE_ASKED.match(text, match.end()):
                return False  # "shorten my essay to 500 words and list what you cut": two parts
            if name in ("opening", "compound_opening") and sentence.whole[: sentence.start].strip():
                return False  # only the prompt's first sentence is its request
            if (
                PRECEDED_BY_OTHER_VERB.search(before)
                or GIVEN_BEFORE.search(before)
                or GIVEN_SUBJECT.search(text, 0, match.start("num" if name == "bare" else 0))
            ):
                return False  # "this 300+ word essay" describes what is given
            clause = re.split(r"[,;:(]|\b(?:and|but|then)\b", before)[-1]
            # "Write three paragraphs; in the second one, use …": the frame opens
            # its clause, which may lie before a list item read on its own
            # (a list item is read on its own: the rest of its sentence is in ``whole``)
            whole = lowered(sentence.whole)
            head = whole[: sentence.start] + before
            framed = re.split(r"[;:.!?]", head)[-1]
            # (with a bare count's own verb: "… musketeers in five sentences")
            start = match.start("num") if name == "bare" else match.start()
            said = re.split(r"[.!?](?:\s|$)|\n", whole[: sentence.start] + text[:start])[-1]
            if PARTS_OF_SIZE.search(
                text, 0, match.start("num") if name == "bare" else match.start()
            ):
                return False  # "short sentences of 8 words or fewer": each sentence's size
            if LESS_A_PART.match(text, match.end()):
                return False  # "under 100 words, not counting the code": the whole less a part
            if CONDITION_AFTER.match(text, match.end()):
                return False  # "reply in 2 lines if the user says hi": some replies only
            if ONE_PART_BEFORE.search(clause) or IN_ONE_PART.match(framed):
                return False  # "make sure your 3rd sentence has at most 9 words": part_count's
            if self._unit(match).prose and one_part_of_many(
                sentence,
                match.start(),
                match.end(),
                framed=framed,
                said=said,
                single=name == "single",
            ):
                return False  # "in the intro, 3 sentences"; "a haiku, then a sentence of 9 words"
            if (
                self._unit(match).prose
                and (
                    not LIST_MARKER_ONLY.sub("", before).strip() or RULES_LIST_BEFORE.match(before)
                )
                and not IN_ALL.match(text, match.end())
                and several_asked_before(sentence)
            ):
                return False  # "Give me 3 slogans. Under 8 words.": maybe each slogan's
            if self._unit(match).prose and refers_to_things(sentence, match.start()):
                return False  # "Write 4 tweets. Keep them under 280 characters.": each tweet's
            if name == "relation" and NONE_BEFORE.search(before):
                return False  # "5 slogans, none longer than 8 words": a bound on each, not a floor
            lead = re.match(r"then\s+", match.group(0))
            body = (
                TITLE_THEN.search(before + (lead.group(0) if lead else ""))
                if self._unit(match).singular == "paragraph"
                else None
            )
            if self._unit(match).prose and re.match(r"then\b", match.group(0)) and not body:
                return False  # "…, then one sentence explaining it": a later part's count
            if self._unit(match).prose and ONE_MORE_COUNT.match(text, match.end()):
                return False  # "2 paragraphs about cats and 1 about dogs": 3 in all
            if self._unit(match).prose and LATER_PART.search(
                lowered(sentence.whole), max(0, sentence.start + len(sentence.masked) - 1)
            ):
                return False  # "In one word, what is Paris? Then explain why.": a part's count
            if (
                self._unit(match).prose
                and name != "none"
                and LIST_STEP.search(before)
                and makes_parts(before)
                # "list the ingredients, alphabetically, in a single sentence":
                # the shape the whole answer takes, whatever it lists
                # (not "give me 3 tips, in one sentence": maybe each tip's)
                and not (
                    name == "single"
                    and match.group("shape")
                    and not COUNTED_PARTS.search(before)
                    and not EACH_LATER.match(text, match.end())
                )
            ):
                return False  # "give me 3 subject lines, under 45 characters": each line's
            if name == "single":
                whole = lowered(sentence.whole)
                if not single_asked(match, whole, sentence.start, self._unit(match).singular):
                    return False  # "Write a sentence that uses every letter": the thing, no count
                if match.group("shape"):
                    whole = LIST_VERB.sub(" ", whole)  # the verb "list" adds no part
                if (
                    DISTRIBUTIVE_BEFORE.search(before)
                    or DISTRIBUTIVE_AFTER.match(text[match.end() :])
                    or any(
                        # "write the opening paragraph …, it has 7 sentences": its own, no
                        # part beside it (after "write a paragraph" the writers meant one
                        # paragraph as often as not: that keeps the guard)
                        not (
                            m.group(0) == "sentences"
                            and self._unit(match).singular == "paragraph"
                            and match.group("num") == "the"
                        )
                        for m in MORE_PARTS.finditer(whole)
                    )
                ):
                    return False  # "for each word, write a sentence"; "a paragraph and a list"
            elif name.startswith("compound"):
                # the thing named is what to write; a second part beside it
                # ("then list …", "plus a title") adds words of its own
                clause = re.split(r"[,;:(]|\b(?:and|but|then)\b", before)[-1]
                if (
                    DISTRIBUTIVE_AFTER.match(text[match.end() :])
                    or POSITION_BEFORE.search(clause)
                    or SECOND_PART.search(lowered(sentence.whole))
                    or ABOUT_FORM.match(text, match.end())
                    or FORM_BEFORE.search(text, 0, match.start("num"))
                ):
                    return False  # "describe a 5-paragraph essay structure": the form's, not
                    # the answer's
            elif (
                name == "between"
                and before.rstrip().endswith(",")
                and not re.search(rf"\b{THING}s?\b", before)
                and not names_one_piece(before)
            ):
                return False  # "synonyms for happy, 3 to 5 words" may be each synonym's
            elif name == "none" and re.match(r"\s*:", text[match.end() :]):
                pass  # "No bullets: every line starts with an emoji" — the rest explains
            elif (
                not after_ok(sentence, after_from(name, match))
                and not case_of_all(self._unit(match), text, match.end())
                and not described(name, match, text)
                # "a sentence of 12 words where every word …": the thing's size
                and not (
                    self._unit(match).prose
                    and framed_after(text, match.start("num" if name == "bare" else 0), match.end())
                )
                and (self._unit(match).prose or not MARKUP_EXAMPLE.match(text[match.end() :]))
                # "a song with at least 3 sentences that can be sung": the song's
                and not (names_thing_with(before) and THINGS_OWN.match(text, match.end()))
            ):
                return False
            if self._unit(match).prose and answers_are_parts(sentence, match.start()):
                return False  # "an FAQ … Answers max 2 sentences": each answer's count
            if (
                self._unit(match).prose
                and IN_SEQUENCE.search(
                    text[max(0, match.start() - 12) : match.start()]
                    + "|"
                    + text[match.end() : match.end() + 16]
                )
                # "a title in the format # Title, then exactly two paragraphs": the
                # paragraphs after the title (counted so: _prose.paragraph_count)
                and not (
                    body and not IN_SEQUENCE.search("|" + text[match.end() : match.end() + 16])
                )
            ):
                return False  # "two sentences, then a list": a count of one part, not the whole
            owns = name in ("negated", "none")
            if not (
                response_context(
                    # after a title asked first, the title's request governs the count
                    sentence,
                    body.start() if body else described_from(name, text, match.start()),
                    owns_negation=owns,
                    named_thing=True,
                )
                or (
                    not self._unit(match).prose
                    and later_part(sentence, match, self._unit(match).pattern)
                )
                # "be a single paragraph of …"; "Title Case, 6 words or fewer, …"
                or asked_as_piece_or_item(
                    sentence,
                    match.start("num" if name == "bare" else 0),
                    match.start(),
                    sized=self._unit(match).prose,
                )
            ):
                return False
            taken.append(match.span())
            return True

        found: list[tuple[Unit, Relation, Hit]] = []
        for name, pattern in self._patterns.items():
            if name == "named":
                continue
            for match in pattern.finditer(text):
                unit = self._unit(match)
                loose = name in ("bare", "alone", "named_first", "there_are") and not (
                    unit.bare_exact or unit.bare_at_least
                )
                if loose and not unit.bare_upto:
                    continue
                if name == "alone" and match.group("comma") and not unit.bare_exact:
                    continue  # "write a tagline, 6 words": a size, not a count
                if unit.none_only and name != "none":
                    continue
                if not accept(match, name):
                    continue
                unit = self._unit(match)
                for relation, value in phrase_bounds(name, match, unit):
                    if (
                        name.startswith("compound")
                        and value > unit.compound_max
                        and not (value <= unit.made_max and size_requested(name, match, text))
                    ):
                        continue
                    if loose and value > unit.bare_upto:
                        continue
                    # a bracket is no part of the phrase: "(4 paragraphs)" names "4 paragraphs"
                    paren = name == "bare" and match.group("paren")
                    span = (match.start("num"), match.end()) if paren else match.span()
                    for hit in built(unit.build, relation, value, sentence, span):
                        found.append((unit, relation, hit))
        yield from one_whole(found, text)
