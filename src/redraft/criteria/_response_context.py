"""Whether a phrase is a requirement on the response: the test every rule
shares (:func:`response_context`) and the guards only it applies: negation,
a subject of its own, a later part, several things each counted, and material
given to be transformed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._answer_noun import answer_subject
from redraft.criteria._asked import asked_of_another, asks_about_it
from redraft.criteria._criteria_line import BAN as _BAN
from redraft.criteria._criteria_line import REPORTED as _REPORTED
from redraft.criteria._criteria_line import ban_of_criteria_line
from redraft.criteria._governors import (
    GIVEN_THING,
    IN_ONE_UNIT,
    LATER_PART,
    LEAD_IN,
    NAMED_BETWEEN_BLOCKS,
    NAMED_THING,
    NEW_SUBJECT,
    ONE_PER_LINE,
    OPENING_REQUEST,
    RESPONSE_NOUN,
    THING_LABEL,
    between_blocks,
    clause_start,
    is_answer_request,
    makes_parts,
    modifies_part,
    request_not_subject,
    sized_result,
    subject_elsewhere,
)
from redraft.criteria._grammar import NUMBER, RELATION
from redraft.criteria._guards import HEDGE, NEGATION, sentence_blocked
from redraft.criteria._once import lowered
from redraft.criteria._response_subject import (
    ANSWER_SHAPE,
    INTO_SHAPE,
    OTHER_THING,
    SUMMARY_OF,
    TRANSFORMED,
    TRANSFORMING,
    letter_written,
    strip_frame,
    subject_ok,
)
from redraft.criteria._whole_count import counts_own_unit

if TYPE_CHECKING:
    from redraft.criteria._sentence_text import Sentence

__all__ = ["response_context"]


_DIRECTIVE = compile_lazily(
    r"(?:^[\s\-*•·>]*|[,;:(]|\b(?:please|and|then|also|now|but|so|just|to|should|must|you|don'?t|do\s+not|"
    r"never|i(?=\s+(?:need|want)\b))\b)\s*(?:only\s+|always\s+)?"
    r"(?P<verb>write|respond|answer|reply|give|provide|compose|create|draft|generate|produce|"
    r"summari[sz]e|explain|describe|list|tell|make|keep|limit|rewrite|translate|paraphrase|"
    r"output|return|type|use|format|present|express|state|put|wrap|craft|share|offer|"
    r"suggest|outline|recommend|argue|discuss|say|sum up|condense|shorten|cut|trim|include|add|"
    r"insert|"
    r"incorporate|begin|start|end|finish|conclude|divide|split|mark|highlight|organi[sz]e|group|name|"
    r"have|contain|expand|elaborate|italici[sz]e|capitali[sz]e|mention|exclude|separate|bold|"
    r"greet|sign\s+off|close|send|prefix|ask(?=\s+(?:me|us)\b)|"
    # "I need a short congratulation, in English": a request for the thing
    # named next; not "I need to write …" (the user's own task)
    r"(?<=\bi\s)(?:need|want)(?=\s+(?:a|an|some|one|two|three|four|five|six|seven|eight|nine|"
    r"ten|\d+)\s))\b"
)


_MAX_BETWEEN_WORDS = 8
# A second verb sharing the answer's modal: "[It] must use every letter once
# and be …", "[The poem] should rhyme and have …"
_SHARED_MODAL = compile_lazily(
    r"\s*(?:must|should|shall|has\s+to|needs\s+to|will)\s+[^,;:()]{1,80}?\s+and\s+"
    r"(?:be|stay|remain|run|have|contain|use)\s+"
)
# An item's letter or number: "(c) Do not …", "b) Keep …", "iv. Use …".
_LIST_MARKER = compile_lazily(
    r"^\s*(?:\(?(?:[a-z]|[ivx]{1,4}|\d{1,2})\)|(?:[a-z]|[ivx]{1,4})\.)\s+"
)
_BARE_MODAL = compile_lazily(r"(?:must|should|shall|needs?|has|have|be)\b")


_LIST_STEP = compile_lazily(r"(?:,|\band)\s*$")


# "… 3 headlines, each in Title Case and under 70 characters": the list's
# items are each about one of several things, not about the whole.
_DISTRIBUTIVE = compile_lazily(
    r"\b(?:each|every|per|apiece)\b(?!\s+(?:(?:one\s+)?(?:separated|divided)|other)\b)"
)
_AT_TOP = compile_lazily(r"\bat\s+the\s+(?:very\s+)?(?:top|beginning|start)\b")
# "Show the code, then explain it in two sentences": a directive that comes
# after another part governs that later part only, which no check measures.
_SEQUENCED = compile_lazily(
    r"\b(?:then|after\s+(?:that|this|which|it)|afterwards?|followed\s+by|next)\s*,?\s*$"
)


# A later part after the phrase: "…, uppercase, then explain each one"
_THEN_LATER = compile_lazily(r"\b(?:then|after\s+that|afterwards|followed\s+by|plus)\b")


# An open bracket after a later part: what it holds describes that part.
_LATER_PART_BRACKET = compile_lazily(
    r"\b(?:then|followed\s+by|after\s+(?:that|this|it)|afterwards?|next)\b[^()]*\([^()]*$"
)


_DESCRIBES = compile_lazily(r"\b(?:of|with|has|have|having|containing|contains|is|are)\s*$")
_GIVEN = compile_lazily(
    r"\b(?:this|these|those|given|provided|attached|existing|my|his|her|their)\b"
)


# The sentence's subject and its modal: "Each caption should include …, end
# with 3 hashtags, and contain one emoji max" — every verb of the list has it.
_SUBJECT_MODAL = compile_lazily(
    r"^(?P<subject>[^,;:.]{1,60}?)\b(?:should|must|shall|needs?\s+to|has\s+to|have\s+to|"
    r"will|can|may)\b"
)
_MODAL_WORD = compile_lazily(r"\b(?:should|must|shall|needs?\s+to|has\s+to|have\s+to)\b")


def _shared_subject_elsewhere(prefix: str) -> bool:
    """Whether the phrase continues a list whose subject is each of several
    things or another thing than the answer ("each caption should include
    …, end with …, and contain one emoji max"): no new subject comes
    between that subject's modal and it, and it is not one new directive
    joined by ", and"."""
    found = _SUBJECT_MODAL.match(prefix)
    if not found:
        return False
    subject = found.group("subject")
    if request_not_subject(subject):
        return False  # "give me a script I can read …", "write a hook — must be …"
    if RESPONSE_NOUN.search(found.group(0)) or not (
        _DISTRIBUTIVE.search(subject) or OTHER_THING.search(subject)
    ):
        return False
    rest = prefix[found.end() :]
    if _MODAL_WORD.search(rest):
        return False  # a subject of its own: "…, but the post must …"
    if _COUNT_OF_SUBJECT_UNIT.search(rest) and (
        (unit := _UNIT_OF.search(subject)) and unit.group(1) in rest
    ):
        # "Every line must end with '!', 4-6 lines, and include …": a count of the
        # subject's own unit is no item of one line's, so the list is the answer's
        return False
    # "each line must end with '!', and use 6 lines": one comma before "and"
    # joins a new directive; a series ("…, end with …, and contain …") shares it
    return rest.count(",") != 1


# A list item that counts whole units: "…, 4-6 lines, and …"
_COUNT_OF_SUBJECT_UNIT = compile_lazily(
    rf",\s*(?:(?:{RELATION})\s+)?(?:{NUMBER})(?:\s*(?:-|–|to)\s*(?:{NUMBER}))?\s+"
    r"(?:lines|sentences|paragraphs|bullets|stanzas)\s*,"
)
_UNIT_OF = compile_lazily(r"\b(?:each|every)\s+(line|sentence|paragraph|bullet|stanza)\b")


# Several things, then "of"/"with" a count: "5 sentences of at most 10 words",
# "3 slogans with under 6 words" give each of them the count.
_SEVERAL_OF = compile_lazily(
    rf"^\s*(?:me\s+|us\s+)?(?:{NUMBER}|several|multiple|some|a\s+few)\s+(?:[\w-]+\s+){{0,3}}?"
    r"[a-z]+s\b"
    r"(?:\s+[\w'-]+){0,6}?\s+(?:of|with|having|containing|that\s+(?:have|are|contain))\s*$"
)


# A clause of its own after a break that states what something else is or
# was: "write a product description — my old one was in all caps", "…, the
# last one I read had 5 paragraphs". What follows describes that thing.
_STATED_AFTER_BREAK = compile_lazily(
    r"(?:[,;]|\s[—–-]\s)\s*(?:(?:my|our|his|her|their)\s+(?:[\w'-]+\s+){0,5}?"
    r"(?:was|were|had|is|are|has|have|used|looked)|"
    r"(?:the|this|that|those|these)\s+(?:[\w'-]+\s+){0,5}?(?:was|were|had|used|looked)|"
    # a quoted thing: "rewrite my tagline — 'BUY NOW' was in all caps"
    r"[\"“'‘][^\"“”'‘’]{1,80}[\"”'’]\s+(?:was|were|is|had|has|used|looked))\b"
    r"(?!\s+to\b)"
)


# "feedback on my essay — it has 5 paragraphs": the pronoun is the thing given
_PRONOUN_STATED = compile_lazily(
    r"(?:[,;]|\s[—–-]\s)\s*(?:it|they|he|she)\s+(?:(?:already|currently|now|also|still|only|just|[a-z]+ly)\s+)?"
    # the verb may open the phrase itself ("— it [has 5 paragraphs]")
    r"(?:(?:was|were|had|has|have|is|are|uses?|used|runs?|contains?)\b(?!\s+to\b)|\s*$)"
)


# A clause that is only a pronoun and a verb of stating before the phrase:
# "it probably has [6 sentences]", "it [has 6 sentences]"
_PRONOUN_OPENS = compile_lazily(
    r"\s*(?:it|they|he|she)\s+(?:(?:already|currently|now|also|still|only|just|[a-z]+ly)\s+)?"
    r"(?:(?:was|were|had|has|have|is|are|uses?|used|runs?|contains?)\s+)?"
)


def _pronoun_of_given(sentence: Sentence, prefix: str) -> bool:
    """Whether the phrase's clause, cut off from the text before it at a
    semicolon, comma or dash, is a pronoun stating what the thing the user
    gives there is ("Polish this paragraph; it probably has 6 sentences")."""
    if not _PRONOUN_OPENS.fullmatch(prefix):
        return False
    before = lowered(sentence.whole)[max(0, sentence.start - 200) : sentence.start]
    before = re.split(r"[.!?\n]", before)[-1]
    return before.rstrip().endswith((";", ",", "—", "–", "-")) and bool(GIVEN_THING.search(before))


def _between_ok(between: str, raw: str) -> bool:
    if any(subject_elsewhere(m.group("subject"), raw) for m in NEW_SUBJECT.finditer(raw)):
        return False
    if _STATED_AFTER_BREAK.search(raw):
        return False
    stated = _PRONOUN_STATED.search(raw)
    if stated and GIVEN_THING.search(raw, 0, stated.start()):
        return False
    between = between.strip(" ,")
    if len(between.split()) > _MAX_BETWEEN_WORDS or OTHER_THING.search(between):
        return False
    # "this essay of 500 words" describes the input, not the answer.
    return not (_DESCRIBES.search(raw) and _GIVEN.search(raw))


# A criteria line that states counts one after another: "No more than 120
# words and exactly 3 paragraphs.", "Under 100 words, exactly 2 paragraphs.":
# the counts before the phrase are the line's own items, no other subject
_COUNT_ITEM = (
    rf"(?:(?:{RELATION})\s+)?(?:{NUMBER})\s+(?:[a-z-]+\s+)?(?:words?|sentences?|paragraphs?|"
    r"lines?|characters?|stanzas?|bullet\s+points?|bullets?)(?:\s+(?:total|in\s+total))?"
)
_COUNTS_SO_FAR = compile_lazily(
    rf"{_COUNT_ITEM}(?:\s*(?:,|;|,?\s+and)\s+{_COUNT_ITEM})*(?:\s*(?:,|;|,?\s+and))?"
)


_BANS_SO_FAR = compile_lazily(r"(?:(?:no|without)\s+[\w\s'-]{1,40}?,\s*)*")
_DASH_AFTER = compile_lazily(r"\s[—–]\s")
_POLITE_REQUEST = compile_lazily(r"\s*(?:please\s+)?(?:can|could|would|will)\s+you\b")


# "no more than 25 words and exactly one number": a relation, not a negation
_RELATION_AFTER_NO = compile_lazily(r"\s+(?:more|fewer|less|longer|shorter|greater)\s+than\b")


# "answer yes or no and why in one sentence": the answer's choice, no negation
_YES_OR_NO = compile_lazily(r"\byes\s*(?:or|/)\s*$")


def _negated(text: str, begin: int, end: int) -> bool:
    return any(
        not _RELATION_AFTER_NO.match(text, m.end())
        and not (m.group(0) == "no" and _YES_OR_NO.search(text, 0, m.start()))
        for m in NEGATION.finditer(text, begin, end)
    )


# What may stand before a negated directive that opens a clause of its own:
# "…, and don't use …" (not "emails must never use …", whose subject is another's).
_IMPERATIVE_BEFORE = compile_lazily(r"(?:^|[,;:(]|\b(?:and|but|then|also|please|so|just))\s*$")
# "headlines should be short and never end with …": the clause before has a
# subject of its own, which the negated directive shares.
_STATED_OF = compile_lazily(
    r"\b(?:should|must|shall|says|said|needs?\s+to|has\s+to|have\s+to|are|is|were|was)\b"
)


_LENGTH_SOFTENER = compile_lazily(
    r"\s*(?:not\s+(?:(?:too|very|overly)\s+)?(?:long|wordy|lengthy)|nothing\s+(?:too\s+)?(?:long|fancy|"
    r"lengthy)|short\s+and\s+sweet|keep\s+it\s+(?:short|brief|concise))(?:\s+please)?\s*"
    r"(?:[,:;]|\s[—–-])\s*"
)


# The kind of thing written as the label the phrase follows: "Synopses: "
_THING_LABEL = compile_lazily(rf"\s*(?P<noun>{THING_LABEL})\s*:\s*")


def _one_of_several(noun: str, whole: str) -> bool:
    """Whether the prompt asks for the labelled thing beside another ("Write a
    poem and an email. Email: …"): the label's rule is that part's."""
    head = re.escape(noun.split()[-1].rstrip("s"))
    thing = rf"(?:a|an|the|one|some)\s+(?:[\w-]+\s+){{0,2}}?{head}\w*"
    return (
        re.search(rf"\b{thing}\s*(?:,|\band\b|\bplus\b|&)|\b(?:and|plus|&)\s+{thing}\b", whole)
        is not None
    )


_OWN_MODAL = compile_lazily(
    r"(?:should|must|shall|may|can|will)\s+(?:not|never)\b|(?:mustn|shouldn|can|won)'?t\b"
)


def response_context(
    sentence: Sentence, start: int, *, owns_negation: bool = False, named_thing: bool = True
) -> bool:
    """Whether the phrase at ``start`` (an offset in the sentence) is a
    requirement on the response.

    It must be governed by a directive verb or a response noun with nothing
    in between that points elsewhere, or stand alone as the whole sentence
    (a criteria line such as "At most 50 words."). The sentence must not
    hedge, give a condition or example, or negate it (unless the rule's own
    pattern is the negation: ``owns_negation``). A requirement may also
    follow the thing asked for ("write a poem about trees that has at least
    350 words", "a rap that doesn't include 'yo'"); ``named_thing=False``
    refuses that reading.
    """
    text = sentence.lower
    prefix = text[:start]
    if sentence_blocked(sentence, start):
        return False
    if _pronoun_of_given(sentence, prefix):
        return False  # "Polish this paragraph; it probably has 6 sentences": the paragraph's
    if _LATER_PART_BRACKET.search(prefix):
        return False  # "…, then the standfirst (one sentence, at most 30 words)": its own
    # the clause's start, found in the whole text: a break may look past the phrase's start
    # "Not too long, max 5 sentences": a softener about the answer's length
    # opens the sentence; its "not" negates nothing after it
    soft = _LENGTH_SOFTENER.match(text)
    opened = soft.end() if soft and soft.end() <= start else 0
    if not owns_negation and _negated(text, max(opened, clause_start(text, start)), start):
        return False
    # "Headline must be …" after "Write a headline …": the subject is the answer
    subject = answer_subject(
        text,
        lowered(sentence.whole),
        start,
        opening=not sentence.whole[: sentence.start].strip(),
        system=sentence.source == "system",
    )
    own_unit = counts_own_unit(text, start)
    if not owns_negation and subject is None and not own_unit and _shared_subject_elsewhere(prefix):
        return False  # a "no …" of each part is a "no …" of the whole
    bare = _LIST_MARKER.sub("", prefix[opened:]).strip(" \t-*•·>#0123456789.)(:,")
    # "Let's make it a constrained writing problem: be sure the letter p …":
    # after a colon, a lead-in starts the requirement afresh
    before_colon, _, after_colon = prefix.rpartition(": ")
    if (
        before_colon
        and LEAD_IN.fullmatch(after_colon.strip(" ,"))
        and not _REPORTED.search(before_colon)
        and not HEDGE.search(text)
    ):
        return True
    # "Every line must end with a period — no exclamation marks": a ban after a
    # dash stands as an item of its own
    # (and so does each ban of a list after it); not a dash pair around words
    # about something given ("my essay — no commas anywhere — got …")
    dash = max(prefix.rfind(" — "), prefix.rfind(" – "))
    if (
        owns_negation
        and dash >= 0
        and _BANS_SO_FAR.fullmatch(prefix[dash + 3 :])
        and not _DASH_AFTER.search(text, start)
        and not _GIVEN.search(prefix[:dash])
        and not HEDGE.search(text)
    ):
        return True
    if owns_negation and ban_of_criteria_line(sentence, prefix, start):
        return True
    if asked_of_another(text, start, clause_start(text, start), sentence.whole):
        return False
    after_colon_at = prefix.rfind(":") + 1
    if (
        after_colon_at
        # "Journal rules: abstract must be …" names the answer after the colon
        and (subject is None or subject < after_colon_at)
        and any(
            subject_elsewhere(m.group("subject"), prefix[:after_colon_at])
            for m in NEW_SUBJECT.finditer(text, after_colon_at, start)
        )
    ):
        return False  # "… for our bloggers: posts should be …, and use …" is the posts
    if asks_about_it(text):
        return False
    if own_unit:
        return True  # "every line begins with '-', and 4 lines": a line holds no lines
    if (
        not bare
        or _COUNTS_SO_FAR.fullmatch(bare)
        # "Synopses: exactly 3 sentences, …": the label names the thing written
        or (
            (label := _THING_LABEL.fullmatch(prefix[opened:]))
            and not HEDGE.search(text)
            and not _one_of_several(label.group("noun"), lowered(sentence.whole))
        )
        or (
            LEAD_IN.fullmatch(bare)
            # "Should every line end with a comma?" asks; "Must end with a comma." requires
            and not (text.rstrip().endswith("?") and _BARE_MODAL.match(bare))
        )
    ):
        return True
    if named_thing and (not text.rstrip().endswith("?") or _POLITE_REQUEST.match(text)):
        # a question is a request only when it asks for the thing ("can you write …?")
        named = NAMED_THING.search(prefix)
        if named and not between_blocks(named.group("between")):
            return True
    if named_thing and (one := IN_ONE_UNIT.search(prefix)) and is_answer_request(text):
        # "describe it in a single sentence that has no commas": that sentence is the answer
        return not NAMED_BETWEEN_BLOCKS.search(one.group("rest"))
    directives = [m for m in _DIRECTIVE.finditer(text, 0, start + 40) if subject_ok(text, m)]
    if any(
        m.start("verb") == start
        or (
            owns_negation
            and m.start() == start
            and _IMPERATIVE_BEFORE.search(prefix)
            and not _STATED_OF.search(prefix)
        )
        for m in directives
    ):
        # the phrase opens with a directive of its own: "… and wrap your answer …",
        # "… and don't use the word 'x'" (a rule that owns its negation)
        return True
    # "the letter must not contain …": a ban that opens with its modal; the
    # response noun before it governs it ("the letter must" is the anchor)
    own_modal = _OWN_MODAL.match(text, start) if owns_negation else None
    seen = text[: own_modal.end()] if own_modal else prefix
    anchors = [min(m.end(), start) for m in RESPONSE_NOUN.finditer(seen)]
    if subject is not None:
        anchors.append(subject)
    anchors += [m.end("verb") for m in directives if m.end("verb") <= start]
    if (
        not sentence.whole[: sentence.start].strip()
        and (opening := OPENING_REQUEST.match(text, 0, start))
        and not LATER_PART.search(sentence.whole, sentence.start + len(sentence.masked))
    ):
        anchors.append(opening.end())  # "Short heist story (under 200 words)": "write" left out
    if not anchors:
        return False
    anchor = max(anchors)
    raw = prefix[anchor:]
    noun_ends = [min(m.end(), start) for m in RESPONSE_NOUN.finditer(seen)]
    if subject is not None:
        noun_ends.append(subject)
    if any(
        _SHARED_MODAL.fullmatch(prefix[at:]) and not NEGATION.search(prefix[at:])
        for at in noun_ends
    ):
        return True  # "It must use every letter … and be under 20 words": its modal's
    sequenced = (m for m in directives if m.end("verb") == anchor)
    if not _AT_TOP.search(raw) and any(
        _SEQUENCED.search(text, 0, m.start("verb")) for m in sequenced
    ):
        return False
    if _LIST_STEP.search(prefix):
        # "answer in 12 words, all lowercase": one more item of the same list;
        # not "start with the slug line, in caps" (the line's)
        items = re.split(r"[,;]", prefix.rstrip(" ,;"))
        previous = items[-1]
        # "give me 10 words, in capitals": the words asked for are the answer
        asked_for = len(items) == 1 and makes_parts(previous)
        if modifies_part(previous, text[start:].split(",")[0]) and not asked_for:
            return False
        # "one per line" lays the things out; it gives none of them a rule of its
        # own, unless a later part follows ("…, uppercase, then explain each one");
        # "each max 6 words, and no colons": a ban of each one is a ban of them all
        if owns_negation and _BAN.match(text, start):
            return True
        laid_out = ONE_PER_LINE.sub(" ", raw)
        if _DISTRIBUTIVE.search(laid_out):
            return False
        return laid_out == raw or not _THEN_LATER.search(text, start)
    if any(
        m.end("verb") == anchor and TRANSFORMING.fullmatch(m.group("verb")) for m in directives
    ) and (
        (shaped := TRANSFORMED.fullmatch(raw))
        and (shaped.group("into") or INTO_SHAPE.match(text, start))
    ):
        return True  # "summarise the article below in three bullet points": the summary's
    if not HEDGE.search(text) and any(
        m.end("verb") == anchor and sized_result(m.group("verb"), raw) for m in directives
    ):
        return True  # "a script I can read aloud — 2 or 3 sentences", "so that it's …"
    if (shaped := SUMMARY_OF.fullmatch(raw)) and (
        shaped.group("into") or INTO_SHAPE.match(text, start)
    ):
        return True  # "summarise the article below in three bullet points": the summary's
    if _SEVERAL_OF.match(raw) and not _BAN.match(text, start):
        return False  # "5 sentences of at most 10 words": each one's (a ban is every one's)
    between = strip_frame(ANSWER_SHAPE.sub(" ", raw))
    if letter_written(prefix):
        between = re.sub(r"\bletter\b", " ", between)  # "write a letter in lowercase"
    return _between_ok(between, raw)
