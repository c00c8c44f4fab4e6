"""What the counted families read around a count: what may follow a
counted unit and still leave it the whole answer's ("words per sentence"
does not), the things before it that make it another thing's ("my essay
has 3 paragraphs"), one part named before it ("in the first paragraph, …"),
a distributive "each", a second part asked for beside the one counted, and
a sequence of parts. :class:`._counted.UnitCounts` reads counts with them.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._answer_units import LABEL
from redraft.criteria._families._bullets_held import bullets_hold
from redraft.criteria._families._own_clause import own_clause
from redraft.criteria._grammar import NUMBER, RELATION
from redraft.criteria._sentences import (
    LATER_PART,
    THING,
    Sentence,
    in_every_reply,
    lowered,
    searched,
)

__all__ = [
    "ADJECTIVE",
    "AFTER_ALLOWED",
    "AFTER_BLOCKS",
    "CAPITALS_AFTER",
    "CONDITION_AFTER",
    "COUNTED_PARTS",
    "DISTRIBUTIVE_AFTER",
    "DISTRIBUTIVE_BEFORE",
    "EACH_LATER",
    "GIVEN_BEFORE",
    "GIVEN_SUBJECT",
    "IN_ALL",
    "IN_ONE_PART",
    "IN_SEQUENCE",
    "answers_are_parts",
    "LATER_PART",
    "LESS_A_PART",
    "LIST_MARKER_ONLY",
    "RULES_LIST_BEFORE",
    "LIST_STEP",
    "LIST_VERB",
    "MARKUP_EXAMPLE",
    "MORE_PARTS",
    "NOT_SINGLE",
    "ONE_MORE_COUNT",
    "ONE_PART",
    "PARTS_OF_SIZE",
    "ONE_PART_BEFORE",
    "POSITION_BEFORE",
    "PRECEDED_BY_OTHER_VERB",
    "SECOND_PART",
    "STYLE",
    "THINGS_OWN",
    "after_ok",
    "one_part_of_many",
    "single_asked",
]

ADJECTIVE = (
    r"(?:(?:very\s+)?(?:short|brief|concise|separate|distinct|full|complete|simple|clear|"
    r"total|flowing|cohesive|coherent|continuous|unbroken|compact|tight|well-written)\s+)?"
)
# What may not follow a counted unit: "words per sentence", "words from the list".
AFTER_BLOCKS = compile_lazily(
    # "one word or expression": one of two shapes, not a count
    r"^\s*or\s+(?!more\b|less\b|fewer\b|so\b|under\b|over\b)[a-z]|"
    r"^\s*(?:(?:in|with|per|for|of|from|that|which|who|written|containing|starting|ending|"
    r"beginning|each|where|whose|like|such|long\s+each)\b)|"
    # "3 paragraphs, 2 sentences each"; not "3 paragraphs and each paragraph must …"
    r"^(?![^.;,]{0,30}\band\s+(?:each|every)\s+[\w-]+\s+(?:must|should|has|needs?|is|will)\b)"
    r"[^.;,]{0,30}\b(?:each|every|per)\b"
)
AFTER_ALLOWED = compile_lazily(
    rf"^\s*(?:in\s+(?:your|the|this)\s+(?:entire\s+|whole\s+)?{THING}\b|in\s+(?:total|length)\b|"
    r"(?:in|using|with)\s+(?:the\s+)?markdown\b|in\s+(?:the\s+)?(?:markdown\s+)?format\b|"
    r"with\s+(?:square\s+)?brackets\b|(?:which|that)\s+(?:should|must)\s+be\s+(?:represented|"
    r"wrapped|enclosed|marked)\b|,?\s*(?:and\s+)?(?:each\s+(?:\w+\s+)?(?:should\s+be\s+|is\s+)?)?"
    r"separated\b)"
)
# After a unit of markup (not prose): an example of the markup to write, "3
# bullet points such as: * …", "with the format below:". After words or
# sentences, "such as" names what they are about.
MARKUP_EXAMPLE = compile_lazily(
    r"^\s*,?\s*(?:(?:such\s+as|like|i\.\s?e\.?|e\.\s?g\.?|for\s+example)\s*[:,]?\s*"
    r"(?:$|[*\[<\ue000\"'“])|(?:with|in|using)\s+the\s+(?:following\s+)?(?:format|form)"
    r"(?:\s+below)?\s*:?\s*$)"
)
# "at least 5 words in all caps" counts capital words, not words.
CAPITALS_AFTER = compile_lazily(
    r"^\s*(?:or\s+phrases\s+)?(?:in\s+(?:the|your)\s+\w+\s+)?(?:(?:should|must)\s+)?(?:be\s+)?"
    r"(?:with|in|written\s+in)\s+(?:all[\s-]+)?(?:capital|caps\b|capitals|upper[\s-]?case|block)"
)


def after_ok(sentence: Sentence, end: int) -> bool:
    """Whether what follows a counted unit leaves it a count of the whole answer."""
    after = sentence.lower[end:]
    if in_every_reply(sentence, after):
        return True
    if CAPITALS_AFTER.match(after):
        return False
    held = bullets_hold(sentence.lower, end)
    if held is not None:
        return held  # "12 bullet points of tips for …": what they hold
    # "exactly 4 lines and each line must …": the "each" is the next clause's
    return bool(AFTER_ALLOWED.match(after)) or not AFTER_BLOCKS.match(own_clause(after))


GIVEN_BEFORE = compile_lazily(
    r"\b(?:this|these|those|the|given|provided|attached|existing|my|his|her|their|our)\s*$"
)
# "my essay has 3 paragraphs": what the given thing holds, not what to write
GIVEN_SUBJECT = compile_lazily(
    r"\b(?:my|our|his|her|their|this|these|those)\s+"
    r"(?:(?!(?:should|must|shall|will|would|can|could|needs?|to|may|might)\b)[\w-]+\s+){0,3}?"
    r"(?:has|have|had|contains?|contained|is|are|was|were)\s*$"
)
PRECEDED_BY_OTHER_VERB = compile_lazily(
    r"\b(?:highlight|capitali[sz]e|bold|italici[sz]e)(?:\s+(?:at\s+least|at\s+most|exactly))?\s*$"
)
# Words between "a" and the unit that make it something else: "a topic for a
# paragraph" is fine, "a title and a paragraph" is two parts.
NOT_SINGLE = (
    # "a number sentence for 3 + 4 = 7" is an equation, not a sentence of prose
    r"(?:and|or|with|of|for|per|each|every|list|title|heading|bullet|numbered|few|couple|"
    r"number|math|maths|mathematical|open|closed|"
    rf"{NUMBER})\b"
)
DISTRIBUTIVE_BEFORE = compile_lazily(r"\b(?:each|every|per|apiece)\b")
# A prompt that asks for more beside the one paragraph or sentence: a list,
# a title, a second part.
MORE_PARTS = compile_lazily(
    r"\b(?:then|followed\s+by|afterwards?|after\s+(?:that|this|it)|plus|as\s+well\s+as|"
    r"along\s+with|together\s+with|title|heading|headline|p\.\s?s\.?|postscript|also|list|"
    r"bullets?|bullet\s+points?|table|steps|another|second|paragraphs|sentences|code|footnotes?|"
    r"references|sources|citations|bibliography)\b|"
    r"\band\s+(?:an?|one|some)\s|"
    # "the opening paragraph and the closing paragraph": two
    r"\band\s+the\s+(?:[\w-]+\s+)?(?:paragraph|sentence)\b"
)
LIST_MARKER_ONLY = compile_lazily(rf"^\s*[-*•]?\s*{LABEL}")
# A label for a list of rules, then terse items up to the count ("Rules:
# lowercase letters only, 6-10 characters"): after a request for several
# things the count may be each one's, as it may be after a bare count; not
# where an item names the whole ("Rules: the whole answer under …")
RULES_LIST_BEFORE = compile_lazily(
    r"^\s*(?:rules?|requirements?|constraints?|criteria|specs?|specifications?)\s*:"
    r"(?:(?:(?!\b(?:answer|response|reply|output|whole|entire|total|overall|altogether|all)\b)"
    r"[^,;:.!?])*,\s*)+(?:and\s+)?$"
)
IN_ALL = compile_lazily(r"\s*(?:in\s+total|total|overall|altogether|in\s+all|combined)\b")
# "List the steps …": the verb, not "a list" beside the one sentence asked for
LIST_VERB = compile_lazily(
    r"(?:^|(?<=[.!?:;,]\s)|\bplease\s+|\bjust\s+)list\s+"
    r"(?=(?:the|all|every|some|my|your|our|these|those)\b)"
)
COUNTED_PARTS = compile_lazily(
    rf"\b(?:{NUMBER}|several|some|a\s+few|multiple|a\s+couple\s+of)\s+(?:[\w-]+\s+){{0,2}}?[\w-]+s\b"
)
EACH_LATER = compile_lazily(r"[^.;,]{0,30}\b(?:each|every|apiece|per)\b")
# Where in the answer ("end with a one-sentence summary"): a part, not the whole.
POSITION_BEFORE = compile_lazily(
    r"\b(?:end|ends|ending|finish|finishing|close|closing|conclude|start|begin|open|"
    r"opening|after|before|below|above)\b"
)
# One part named before a count, in its clause or as the sentence's frame
# ("In the first paragraph, use …"): the count is that part's.
ONE_PART = (
    r"(?:(?:the|your|an?)\s+(?:very\s+)?(?:first|second|third|fourth|fifth|last|final|opening|"
    r"closing|concluding|introductory|\d{1,2}(?:st|nd|rd|th))\s+(?:sentence|paragraph|stanza|"
    # "the second one": a part named by its ordinal alone
    r"line|bullet|item|section|heading|one)\b|\b(?:sentence|paragraph|line|section)\s+\d{1,2}\b)"
)
ONE_PART_BEFORE = compile_lazily(rf"\b{ONE_PART}")
IN_ONE_PART = compile_lazily(
    rf"^\s*(?:(?:please|now|also|and)\s*,?\s*)?(?:in|for|within)\s+{ONE_PART}[^,.;:]{{0,40}},"
)
# "a paragraph for each topic", "a summary per chapter"; not "a paragraph
# where every sentence …", which describes the units counted
DISTRIBUTIVE_AFTER = compile_lazily(
    r"^[^.;,]{0,30}(?:\b(?:for|in|to|on|of|from|about|after|under)\s+(?:each|every)\b|"
    r"\b(?:per|apiece)\b)"
)
SECOND_PART = compile_lazily(
    r"\b(?:then|followed\s+by|afterwards?|after\s+(?:that|this|it)|plus|as\s+well\s+as|"
    r"along\s+with|together\s+with|title|heading|headline|p\.\s?s\.?|postscript|label\w*|"
    r"mark\s+the\s+beginning)\b"
)
# "a haiku-style three-line poem", "a short six-word story"
STYLE = r"(?:(?:[a-z]+-style|short|simple|quick|little|new|funny|original|punchy|tight)\s+)?"
LIST_STEP = compile_lazily(r",\s*(?:and\s+)?$")
# A second count of the same unit, its noun left out: "… and 1 about dogs",
# "3 sentences to describe it and 2 to fix it", "the bio in under 100 words,
# and the tagline in under 10", "Paris in three words, and London in four".
ONE_MORE_COUNT = compile_lazily(
    rf"[^.;:!?]{{0,80}}?\b(?:and|plus)\s+(?:another\s+|then\s+)?(?:(?:{NUMBER}|another)\s+"
    r"(?:more\s+)?(?:about|on|for|of|to|describing|explaining|covering|that|which)\b|"
    r"(?:(?:the|a|an|your|its)\s+)?(?:[\w-]+\s+){1,2}?(?:in|at|to|of|under|within|with)\s+"
    rf"(?:(?:{RELATION})\s+)?{NUMBER}\s*(?:[.,;!)]|$))"
)
# "under 100 words, not counting the code", "200 words excluding the title":
# a count of the answer less a part, which no count of the whole states
LESS_A_PART = compile_lazily(
    r"\s*[,(]?\s*(?:not\s+(?:counting|including)|excluding|except(?:\s+for)?|apart\s+from|"
    r"aside\s+from|without\s+counting|exclusive\s+of|on\s+top\s+of|plus)\s+(?:the|your|any|a|an)\b"
)
# "short sentences of 8 words or fewer", "bullets with at most 10 words": the
# size of each of several parts, not of the answer
PARTS_OF_SIZE = compile_lazily(
    r"\b(?:sentences|lines|paragraphs|bullets|bullet\s+points|items|stanzas|verses|sections|"
    r"points|answers|replies|questions|titles|headings|captions|slogans|tweets|"
    # one of several things by its place: "Write 4 questions. Start with one of
    # 6 words or fewer", "the last one with 10 words": that thing's size
    r"(?:(?:start|begin|open|end|finish|close)\s+with|the\s+(?:first|last|next|final|"
    r"second|third|other))\s+one)\s+(?:of|with|having|containing)\s+$"
)
# "Reply in 2 lines if the user just says hi", "at most 5 bullets when the
# user asks for a list", "3 examples only if asked": a condition right after
# a count holds it to some replies only ("under 50 words, even if …" holds
# it to all; "in 2 sentences when the war began" asks about a time, so an
# "if" or "when" is a condition only on the reader, the input or the task)
CONDITION_AFTER = compile_lazily(
    r"\s*,?\s*(?:(?:only|just)\s+(?:if|when|whenever|in\s+case)|unless|"
    r"(?:if|when|whenever|in\s+case)\s+(?:the\s+(?:user|customer|client|student|reader|"
    r"question|topic|input|request|message|text|prompt|query|issue|problem)|"
    r"(?:you|they|someone|anyone)\s+(?:are|is|ask|asks|request|requests|want|wants|need|needs|"
    r"say|says|greet|greets|write|writes)|asked|requested|needed|necessary|possible|applicable|"
    r"relevant|appropriate|summari[sz]ing|listing|replying|answering|responding|explaining))\b"
)
THINGS_OWN = compile_lazily(r"\s+(?:that|which|for|about|on)\s+(?!each\b|every\b)")
IN_SEQUENCE = compile_lazily(
    r"\b(?:then|followed\s+by)\s*(?:\w+\s*)?\||\|\s*,?\s*(?:and\s+)?(?:then|followed\s+by)\b"
)


# "Write one sentence of 7 words and then another one with 9", "a haiku,
# then a sentence with exactly 9 words": parts in a sequence, each with its
# own count; the whole answer holds them all. Reading, thinking or checking
# first ("read the text, then answer in 2 sentences") writes no part.
_SEQUENCE = compile_lazily(
    r"(?:,|\band)\s*then\s+[a-z]|\bfollowed\s+by\b|\bafter\s+that\b|\bafterwards\b"
)
_ANOTHER = compile_lazily(r"\band\s+another\b|\bplus\s+(?:an?|one)\b")
# where a clause of parts stops: a list of words after a colon ("start with
# these words: Once, Then, …") is not a sequence of parts
_CLAUSE_END = compile_lazily(r"[.;:!?]")
_NOT_WRITTEN = compile_lazily(
    r"\b(?:read|think|consider|review|analy[sz]e|look|study|reflect|decide|check|work\s+out|"
    r"figure\s+out|plan|brainstorm|research)\b"
)


# "two sentences: one with exactly 5 words and one with 10": one of them
_ONE_OF = compile_lazily(
    r"\b(?:one|the\s+other|another|the\s+(?:first|second|third|last)(?:\s+one)?)\s+"
    r"(?:of\s+(?:them|these|those)\s+)?(?:with|of|having|that\s+(?:has|have|is)|containing|in)\s+$"
)


# "Write an FAQ with 4 questions … Answers max 2 sentences.": where questions
# and their answers are asked for, "answers" are parts, each with its count
# ("each answer no more than two sentences" too: each answer of the FAQ's)
_ANSWERS_FIRST = compile_lazily(
    # "…, and each answer no longer than two sentences": a joined item too
    r"(?:^|[:;,]\s*|\b(?:and|but|plus|with)\s+)(?:(?:the|your|all)\s+(?:answers|replies)|"
    r"(?:answers|replies)|(?:(?:keep|make|limit|cap)\s+)?(?:each|every)\s+(?:answer|reply))\b[^.;]*$"
)
# What is answered part by part: an FAQ, a quiz, riddles, or a number of
# questions, puzzles or exercises asked for ("Four questions, each as a
# heading", "six riddles"); not "answer the user's questions", whose answer
# is the reply itself.
_QA_ASKED = compile_lazily(
    r"\b(?:faqs?|q\s*&\s*a|questions?\s+and\s+(?:their\s+)?answers?|quiz(?:zes)?|trivia|"
    r"flash\s*cards?|riddles?)\b|(?:^|\W)a:(?:\W|$)"
)
# A number of questions asked for makes "each answer" a part of the answer,
# but "each reply" stays the reply ("include two questions in every reply.
# Each reply must be under 100 words": a system prompt's rule of each reply).
_QUESTIONS_ASKED = compile_lazily(
    rf"\b(?:{NUMBER})\s+(?:[\w-]+\s+){{0,2}}?(?:questions|puzzles|problems|exercises|clues)\b"
)
_EACH_ANSWER = compile_lazily(r"\b(?:answers|(?:each|every)\s+answer)\b[^.;]*$")


def answers_are_parts(sentence: Sentence, start: int) -> bool:
    """Whether the count at ``start`` is said of "answers" that are parts of
    an answer made of questions and their answers."""
    if not _ANSWERS_FIRST.search(sentence.lower, 0, start):
        return False
    whole = lowered(sentence.full or sentence.whole)
    if searched(_QA_ASKED, whole):
        return True
    return bool(searched(_QUESTIONS_ASKED, whole) and _EACH_ANSWER.search(sentence.lower, 0, start))


# A count of prose that is one part of the answer: a part framed before it
# ("in the intro, …", "for the conclusion section, …"), one count for each
# of several things ("for each of the questions below, answer in one
# sentence"), a place after it ("2 sentences at the top"), a later part in
# the same sentence ("…, then the details", "(2-3 sentences) and then a
# longer one") or a second thing beside it ("in 3 sentences and a tagline").
_PART_NOUN = (
    r"(?:intro|introduction|conclusion|body|opening|closing|ending|beginning|tl;?dr|hook|"
    r"preface|preamble|epilogue|prologue|chorus|bridge|refrain|footer|header|caption|tagline|"
    r"subject\s+line|sign-?off|greeting|(?:[\w-]+\s+)?section|(?:first|second|third|last|final)"
    r"\s+part|abstract|lede|thesis(?:\s+statement)?|synopsis|overview|summary|blurb|signature|"
    r"postscript|p\.\s?s\.?)"
)
# "…; the rest of the paper can be long": the count was one part's
# (or "the code can be as long as needed": another part is free)
_THE_REST = compile_lazily(
    r"\bthe\s+(?:rest|remainder)\s+of\s+(?:the|your|it)\b|"
    r"\beverything\s+else\s+(?:goes|can|may|should|is)\b|"
    r"\b(?:the|your)\s+(?:[\w-]+\s+)?[\w-]+\s+(?:can|may)\s+be\s+(?:as\s+long|longer|"
    r"of\s+any\s+length|any\s+length)\b"
)
_PART_FRAME = compile_lazily(
    rf"\b(?:in|for|within|inside)\s+(?:the|your|each|every)\s+{_PART_NOUN}\b"
)
_DISTRIBUTED = compile_lazily(r"\b(?:for|to|in|on)\s+(?:each|every)\b|\beach\s+of\b")
_PLACE_AFTER = compile_lazily(
    r"\s*(?:at\s+the\s+(?:very\s+)?(?:top|start|beginning|end|bottom)|up\s+front|first)\b"
)
_THEN_LATER = compile_lazily(
    r"[^.!?;:\"“]*?\b(?:then|followed\s+by|after\s+that|afterwards|after\s+which)\b"
)
# "one sentence using 15 words or less for each of these words": one per thing
# (not "for each paragraph", a part of the answer the count holds)
_EACH_AFTER = compile_lazily(
    r"[^.;:!?]{0,60}?\b(?:for|to|on|about|of)\s+(?:each|every)\s+"
    r"(?!(?:paragraph|sentence|line|stanza|verse|section|part|bullet|item|one)s?\b)"
)
_AND_ANOTHER = compile_lazily(
    r"\s*\)?\s*,?\s*(?:and|plus)\s+(?:also\s+)?(?:an?|one)\s+"
    r"(?!(?:[\w-]+\s+)?(?:tone|style|voice|manner|way|register|format|language|level|"
    r"vocabulary)\b)[a-z]"
)


# "Write the code and explain it in under 100 words": the count is the
# explanation's, a part beside what the first verb makes
_EXPLAINED = compile_lazily(
    r"\b(?:write|compose|draft|create|generate|give|provide|translate|solve|code|make|build|"
    r"suggest|list|name|recommend|brainstorm|propose)\b"
    r"[^.;:!?]*(?:\band|,)\s+(?:then\s+)?(?:briefly\s+)?(?:explain|describe|summari[sz]e|justify|"
    r"comment\s+on|discuss|analy[sz]e|interpret)\b[^.;:!?]*$"
)
# "a 6-word memoir, and explain each word": a part explained after the counted one
_EXPLAIN_LATER = compile_lazily(
    r"[^.;:!?]*?\band\s+(?:then\s+)?(?:briefly\s+)?(?:explain|describe|justify|"
    r"comment\s+on|discuss|analy[sz]e|interpret)\b"
)


# "5 slogans under 8 words": a size right after several things asked for is
# each one's ("3 tips in under 50 words" is their total; "3 paragraphs under
# 200 words" the answer's)
_THINGS_JUST_BEFORE = compile_lazily(
    r"\b(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\s+"
    r"(?:(?!that\b|which\b|who\b)[\w-]+\s+){0,2}?(?!(?:paragraph|sentence|line|stanza|verse|"
    r"word|character|page|minute|second|part|section)s\b)(?!(?:has|is|was|does|this|thus|yes|his|"
    r"its|us|as)\b)[a-z-]{2,}s\s*,?\s*(?:each\s+|all\s+)?$"
)


def one_part_of_many(
    sentence: Sentence, start: int, end: int, *, framed: str, said: str, single: bool
) -> bool:
    """Whether the prose count at ``start:end`` of ``sentence`` (from its
    clause: ``framed``; from its sentence: ``said``) counts one part of the
    answer, not all of it.

    One rule for both readings of "then" after a count: "…, then a list"
    in the count's own clause is a sequence of parts for every count; past
    that clause ("in 2 sentences at most; then …") only for a count of
    several units (``single`` False). "Write a paragraph" (``single``)
    reads its later parts and frames over the whole prompt instead
    (``MORE_PARTS``, ``DISTRIBUTIVE_AFTER``), where "write a paragraph for
    my blog" frames nothing; of the part frames, it takes only a thing made
    and then explained ("give me 5 ideas and explain the best one in a
    paragraph")."""
    text = sentence.lower
    whole = lowered(sentence.whole)
    whole_end = sentence.start + end
    if _ONE_OF.search(text, 0, start) or _then_after(text, end, whole, whole_end, single=single):
        return True
    begin = max(text.rfind(mark, 0, start) for mark in ".;:!?") + 1
    before = text[begin:start]
    sequence = _SEQUENCE.search(before)
    if sequence is not None and not _NOT_WRITTEN.search(before, 0, sequence.start()):
        return True
    if single:
        # "give me 5 ideas and explain the best one in a paragraph": a part explained
        return _EXPLAINED.search(said) is not None
    return bool(
        _PART_FRAME.search(framed)
        or searched(_THE_REST, whole)
        or _DISTRIBUTED.search(said)
        or _EXPLAINED.search(said)
        or (_THINGS_JUST_BEFORE.search(said) and not IN_ALL.match(whole, whole_end))
        or _EXPLAIN_LATER.match(whole, whole_end)
        or _PLACE_AFTER.match(whole, whole_end)
        or _EACH_AFTER.match(whole, whole_end)
        or _AND_ANOTHER.match(whole, whole_end)
    )


def _then_after(text: str, end: int, whole: str, whole_end: int, *, single: bool) -> bool:
    """Whether a later part follows the count at ``end`` of the sentence
    ``text`` (``whole_end`` of the prompt ``whole``): in its clause ("…, then
    a list", "and another one with 9") for every count; anywhere later in its
    sentence ("(2-3 sentences) and then a longer one") for a count of
    several units."""
    stop = _CLAUSE_END.search(text, end)
    after = text[end : stop.start() if stop else len(text)]
    if _SEQUENCE.search(after) or _ANOTHER.search(after):
        return True
    return not single and _THEN_LATER.match(whole, whole_end) is not None


# "Write a sentence that uses every letter", "write a short paragraph about
# tea": a making verb with a bare article names the thing to write at least
# as often as it counts it (on the working splits the writers meant one
# sentence or paragraph in 26 of 40 such prompts, with nothing in the words to
# tell the two apart). A count says one: a number ("one", "a single", "just
# a"), the answer's shape ("in a sentence", "reply with a paragraph"), or the
# unit named again as the answer ("keep the paragraph under 120 words", "a
# paragraph where every sentence …", "only the sentence, nothing more").
_SHAPE_VERB = compile_lazily(r"(?:respond|reply|answer)\s+with|be")
_BARE_ARTICLE = compile_lazily(r"an?")


def single_asked(match: re.Match[str], whole: str, offset: int, singular: str) -> bool:
    """Whether "write a <unit>" read by ``match`` (at ``offset`` of the
    lowercased prompt ``whole``) asks for exactly one of it."""
    verb = match.group("verb")
    if verb is None or _SHAPE_VERB.fullmatch(verb):
        return True
    if not _BARE_ARTICLE.fullmatch(match.group("num")):
        return True
    again = rf"\b(?:the|this|that|your)\s+(?:[\w-]+\s+)?{singular}\b"
    if singular == "paragraph":
        again += r"|\b(?:every|each)\s+sentence\b"
    return compile_lazily(again).search(whole, offset + match.end()) is not None
