"""What governs a requirement: the lead-ins and response nouns that put a
phrase under the answer, the things a prompt asks to be written, the requests
that make parts rather than one whole, and the subjects that make a rule
someone else's. :mod:`._response_context` reads a phrase with these; the
families use the public tests through :mod:`._sentences`.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER

__all__ = [
    "GIVEN_THING",
    "IN_ONE_UNIT",
    "LEAD_IN",
    "MADE",
    "NAMED_BETWEEN_BLOCKS",
    "NAMED_THING",
    "NEW_SUBJECT",
    "OPENING_REQUEST",
    "ONE_PER_LINE",
    "RESPONSE_NOUN",
    "THING",
    "between_blocks",
    "clause_start",
    "is_answer_request",
    "makes_parts",
    "modifies_part",
    "request_not_subject",
    "sized_result",
    "names_thing_with",
    "rules_for_others",
    "subject_elsewhere",
]


THING = (
    r"(?:essay|poem|story|email|letter|blog\s+post|post|article|song|rap|lyrics|list|pitch|"
    r"itinerary|resume|summary|document|tweet|limerick|haiku|riddle|joke|speech|proposal|review|"
    r"ad|advertisement|description|outline|report|message|rubric|template|slogan|biography|"
    r"paper|memo|dialogue|conversation|critique|reply|response|answer|output|text|note|brief|"
    r"guide|plan|story|thread|ode|sonnet|verse|quiz|pitch\s+deck|cover\s+letter)"
)
"""Things a prompt asks to be written: "the poem must …" is about the response."""

# Such a thing the user has: "feedback on my essay", "proofread this email".
GIVEN_THING = compile_lazily(
    rf"\b(?:my|our|his|her|their|this|these|those|the\s+(?:attached|given|following|existing))\s+"
    rf"(?:[\w'’-]+\s+){{0,2}}?(?:{THING}|draft|readme|cv|thesis|chapter|slides?|code|script|paragraph|"
    rf"abstract|bio|caption|intro|introduction|newsletter|toast|eulogy)s?\b"
)

THING_LABEL = (
    # a few words of its own before it; not someone's, a given one, an example
    r"(?!(?:my|our|his|her|their|your|the|this|that|these|those|an?|example|sample|input|"
    r"original|source|draft|given|current|old)\b)(?:[\w-]+\s+){0,2}?"
    rf"(?:{THING}|stories|essays|poems|emails|letters|posts|articles|songs|replies|responses|"
    r"answers|summaries|synopses|synopsis|messages|bios|descriptions|reviews|tweets|blurbs?|"
    r"pitches|speeches|toasts?|abstracts?|newsletters?|announcements?|scripts?|notes)"
)
"""The kind of thing written, named as a line's label: "Stories: 5 paragraphs",
"Synopses: exactly 3 sentences" (not a part: "Title: 6 words")."""


def clause_start(text: str, start: int) -> int:
    """Where the clause holding offset ``start`` of ``text`` begins: after the
    last clause break ("; ", ", and", "and include …") before it."""
    return max((m.end() for m in _CLAUSE_BREAK.finditer(text) if m.end() <= start), default=0)


# Where a clause ends for a negation: "Do not use commas, but mention 'dose' …".
_CLAUSE_BREAK = compile_lazily(
    r";|\bbut\b|,\s*and\b|\band\s+(?:must|should|will|also|then|make\s+sure|please)\b|"
    # "not more than 3 sentences and it must end with …": a clause with its own subject
    r"\band\s+it\s+(?:must|should|has\s+to|needs\s+to)\b|"
    r"\b(?:don'?t|do\s+not)\s+forget\s+to\b|"
    # "third person, no pronouns, max 3 sentences": a count after a comma is an
    # item of its own; "it isn't possible so just write …": a request of its own
    r",\s*(?=(?:and\s+)?(?:max(?:imum)?|min(?:imum)?|at\s+(?:most|least)|under|up\s+to|exactly|"
    r"between|no\s+(?:more|fewer|less|longer|shorter)\s+than)\s)|"
    # "no spaces or hyphens, all uppercase": a case after a comma is no noun the
    # ban lists, so an item of its own
    # (not "don't write it in bold, all caps, or italics": the ban's list goes on)
    r",(?=\s*(?:and\s+)?(?:all|entirely|written)\s+(?:in\s+)?(?:upper|lower|caps\b|capitals?\b|"
    r"capital\s+letters|small\s+letters)(?![\w\s-]*,?\s*(?:or|nor)\b))|"
    # "Avoid the letter 'z' entirely, use the phrase 'x' at least 3 times": a verb of
    # including after a comma is a request of its own (not "don't write, use or mention
    # 'x'": a list of verbs the ban shares)
    r",\s*(?=(?:use|include|mention|repeat)\s+(?!or\b|and\b|nor\b)(?:the\s+)?(?:word|phrase|"
    r"term|expression)s?\s+[\"“'‘«])|"
    # "… isn't possible, so just write it in caps": a consequence, a new directive
    r"\bso\s+(?=(?:just\s+|please\s+|instead\s+)?(?:write|use|keep|give|make|answer|reply|"
    r"respond|include|add|put|start|end|list|no)\b)|"
    # "I'm not asking for SQL, just explain it in two sentences": "just" and a
    # verb after a comma start a request of their own
    r",\s*(?=just\s+(?:write|explain|answer|reply|respond|give|tell|say|summari[sz]e|describe|"
    r"keep|make|list|use)\b)|"
    # "no more than 40 words and include 2 emojis": a new directive, a new clause
    r"\band\s+(?=(?:include|use|add|write|give|put|end|start|begin|highlight|mention|bold|"
    r"italici[sz]e|wrap|keep|make|format|finish|conclude|answer|respond|reply|limit)\b)"
)


RESPONSE_NOUN = compile_lazily(
    r"\b(?:your|the|my|this)\s+(?:entire\s+|whole\s+|full\s+|final\s+|complete\s+)?"
    r"(?:answer|response|reply|output)\b|^\s*(?:it|everything|all of it)\b|"
    # a standing instruction: "Responses must …", "keep every reply under …",
    # also as a numbered rule: "Rules: … 3) Responses must not exceed 80 words."
    r"^\s*(?:\(?\d{1,2}[.)]\s*)?(?:all\s+)?(?:your\s+)?(?:answers|responses|replies|outputs)\b"
    r"(?!\s+(?:to|from|of|for|about|on|by|that|which|who)\b)|"
    r"\b(?:every|each|all)\s+(?:of\s+your\s+)?(?:reply|replies|response|responses|answer|"
    r"answers)\b|"
    r"^\s*there\s+(?:should|must|shall)\b|"
    # a label for the answer's shape: "Format: a title, then 4 bullets", also
    # as an item of a bulleted or numbered list of rules ("- Length: 300 words.")
    r"^\s*(?:[-*•·]\s+|\(?\d{1,2}[.)]\s*)?(?:format|formatting|structure|layout|output(?:\s+format)?|response\s+format|length|"
    r"requirements?|constraints?|rules?|"
    # "Hard limits: max 2 lines", "Limerick rules: 5 lines" (not "Title rules:", a part's)
    rf"(?:(?:hard|strict|formatting|length|output)\s+|{THING}\s+)"
    r"(?:rules?|limits?|constraints?|requirements?))\s*:|"
    # rules for the text from whoever commissions it: "Requirements from my boss:",
    # "House style:", "Brand rules:", "Legal wants:" (not a teacher's, which may be
    # for the writer's own essay)
    r"^\s*(?:(?:requirements?|rules?|constraints?|guidelines?|specs?)\s+from\s+(?:my|our|the)\s+"
    r"(?:boss|client|manager|editor|publisher|legal(?:\s+team)?|marketing(?:\s+team)?|brand\s+team|"
    r"company|sponsor)|(?:house|brand|style)\s+(?:style|rules|guidelines|guide)|"
    r"(?:legal|compliance|marketing|(?:my|our|the)\s+(?:boss|client|editor|manager))\s+"
    r"(?:wants|says|requires|needs|insists))\s*:"
    # items of the answer's own, not a subject's: "House rules: headlines are …" are the headlines'
    r"(?!\s*[\w'-]+(?:\s+[\w'-]+)?\s+(?:are|is|must|should|shall|will|need|needs|have|has|get)\b)|"
    # "…, and the letter must not …": a clause of its own about the thing asked for
    rf"(?:^|[,;]\s*(?:and|but)\s+|;)\s*(?:in\s+)?(?:the|your)\s+(?:[\w-]+\s+)?{THING}\s+(?:should|must|"
    r"shall|needs?\s+to|"
    r"has\s+to|will\s+need\s+to)\b|"
    rf"\bin\s+your\s+(?:entire\s+|whole\s+)?{THING}\b|"
    rf"^\s*(?:please\s+)?(?:make\s+sure|ensure|be\s+sure)\s+(?:that\s+)?(?:the|your)\s+"
    rf"(?:entire\s+|whole\s+)?{THING}\s+(?:is|are|has|have|contains|includes|uses)\b"
)


# What a clause after the request names as its own subject: "… for our
# bloggers: posts should be at least 800 words" is about the posts.
NEW_SUBJECT = compile_lazily(
    r"(?P<subject>[\w'-]+)\s+(?:should|must|shall|needs?\s+to|has\s+to|have\s+to)\b"
)
_SUBJECT_IS_ANSWER = compile_lazily(
    rf"(?:it|this|that|which|you|everything|answers?|responses?|repl(?:y|ies)|outputs?|{THING})"
)
# Things of the kind asked for, in the plural ("Rules: emails must be …"): the
# answer's, unless the answer is a set of rules for others to follow.
_PLURAL_THING = compile_lazily(rf"{THING}s|(?:ess|repl|stor|summar|biograph|ode)ies")
_PLURAL_ANSWERS = compile_lazily(r"answers|responses|replies|outputs")
_RULES_MADE = compile_lazily(
    r"\b(?:write|draft|create|compose|prepare|make|give|put\s+together)\b[^:]*\b(?:guidelines?|"
    r"rules|polic(?:y|ies)|brief|instructions|guide|rubric|checklist|requirements|standards|"
    r"criteria|terms|code\s+of\s+conduct)\b"
)


def subject_elsewhere(subject: str, head: str) -> bool:
    """Whether a modal's ``subject`` after a colon is something other than
    the answer, ``head`` being the text before the colon."""
    if _SUBJECT_IS_ANSWER.fullmatch(subject):
        # "a style guide for our agents: replies should be …" is the agents' replies
        theirs = _PLURAL_ANSWERS.fullmatch(subject) is not None
        return theirs and _RULES_MADE.search(head) is not None
    return not _PLURAL_THING.fullmatch(subject) or _RULES_MADE.search(head) is not None


def rules_for_others(text: str) -> bool:
    """Whether ``text`` (lowered) states, after a colon, rules whose subject
    is something other than the answer ("a style guide for our agents:
    replies should be under 80 words")."""
    colon = text.rfind(":") + 1
    return colon > 0 and any(
        subject_elsewhere(m.group("subject"), text[:colon])
        for m in NEW_SUBJECT.finditer(text, colon)
    )


LEAD_IN = compile_lazily(
    r"(?:(?:please|always|and|but|also|then|finally|first|next|lastly|in|using|with|additionally|"
    # a criteria line that opens with how much of it: "Entirely in capital letters."
    r"entirely|completely|wholly|strictly|"
    r"in\s+particular|basically|make\s+sure(?:\s+that|\s+to)?|be\s+sure(?:\s+that|\s+to)?|"
    r"ensure(?:\s+that)?|remember\s+to|(?:don'?t|do\s+not)\s+forget\s+to|"
    r"you(?:\s+(?:should|must|will|need\s+to|have\s+to))?|"
    r"i\s+(?:want|need|would\s+like)(?:\s+you\s+to|\s+(?:for\s+)?there\s+to\s+be)?|"
    # "I don't want anything longer than 30 words": the phrase owns its negation
    r"i(?=\s+(?:do\s+not|don'?t)\b)|"
    # a criteria line without its subject: "Must fit in 280 characters", "Be under 90 words"
    r"(?:must|should|shall|needs?\s+to|has\s+to|have\s+to)(?:\s+be)?|be)\s*,?\s*)+"
)


ONE_PER_LINE = compile_lazily(
    r"\b(?:one|each)(?:\s+\w+)?\s+(?:per\s+line|on\s+(?:its|a|their)\s+own\s+line)\b"
)
"""A layout, not a subject: "one per line", "each bar on its own line"."""
# A list item that only modifies the part the item before it names.
_PART_NAMED = compile_lazily(
    r"\b(?:line|title|heading|header|name|names|word|words|phrase|label|subject|greeting|"
    r"sign-?off|signature|slug|caption|tagline|headline)\b"
)
_MODIFIER_AT = compile_lazily(
    r"(?:in|with|within|inside)\s+(?:all\s+)?[\w-]+(?:\s+[\w-]+)?\s*(?:,|$)"
)


_OPENS_WITH_MODAL = compile_lazily(
    r"\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:(?:it|this)\s+)?"
    r"(?:must|should|shall|needs?\s+to|has\s+to|have\s+to)\b"
)
# Verbs whose whole output is the answer, whatever their object: "explain
# X, 3 sentences max" is about the explanation.
_ANSWERING = compile_lazily(
    r"\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:answer|reply|respond|explain|"
    r"describe|summari[sz]e|sum\s+up|tell\s+(?:me|us)\s+(?:about|how|why|what)|translate|output|"
    r"return|print|(?:reply|respond|answer)\s+with|"
    # "write in third person, at least 80 words": how to write the answer
    r"write\s+(?:it\s+|this\s+|everything\s+)?(?:in|with|using|as|from)\b|"
    r"rewrite|paraphrase|discuss|argue|keep\s+it|make\s+it|limit\s+it)\b"
)
# Verbs that make something: the answer only when that something is a thing
# written whole ("write a poem, 4 lines"), not a set of parts ("give me 3
# subject lines, under 45 characters" is about each line).
_MAKING = compile_lazily(
    r"\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:write|compose|draft|craft|"
    r"create|generate|produce|give|provide|prepare|send|put\s+together)\s+(?:me\s+|us\s+)?"
    rf"(?:(?:a|an|one|the|my|our|your)\s+)?(?:[\w'-]+\s+){{0,4}}?{THING}\b(?!\s+(?:of|for\s+each)\b)"
)


_MAKING_VERB = compile_lazily(
    r"\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:write|compose|draft|craft|"
    r"create|generate|produce|give|provide|prepare|put\s+together|list|suggest|add|come\s+up\s+with|"
    r"brainstorm|name)\b"
)


_SEVERAL = compile_lazily(
    rf"\s+(?:me\s+|us\s+)?(?:(?:exactly|about|around|at\s+least|up\s+to)\s+)?(?:{NUMBER}\b|some\b|"
    r"several\b|a\s+few\b|multiple\b|a\s+couple\b|a\s+list\b|(?:[\w-]+\s+){0,2}[\w-]+s\b)"
)


def makes_parts(text: str) -> bool:
    """Whether ``text`` (lowered) opens by asking for things other than one
    written whole ("give me 3 subject lines", "add tags"): a list after
    it may describe each of them."""
    lead = LEAD_IN.match(text)
    rest = text[lead.end() :] if lead else text
    verb = _MAKING_VERB.match(rest)
    if verb is None or _MAKING.match(rest):
        return False
    # several things: a number, "some", "a list of" after the verb
    return _SEVERAL.match(rest, verb.end()) is not None


def is_answer_request(text: str) -> bool:
    """Whether ``text`` (lowered) opens as a request for the answer as a
    whole: a response noun ("Your answer should …", "the poem must …"), a
    bare modal ("Must fit in 280 characters"), a verb whose output is the
    answer ("explain …", "keep it …") or one that makes a thing written
    whole ("write a poem"). Not "add tags …" or "give me 3 headlines …":
    what follows may be about each of them."""
    lead = LEAD_IN.match(text)
    rest = text[lead.end() :] if lead else text
    return bool(
        _OPENS_WITH_MODAL.match(text)
        or _OPENS_WITH_MODAL.match(rest)
        or RESPONSE_NOUN.match(rest)
        or _ANSWERING.match(rest)
        or _MAKING.match(rest)
    )


def modifies_part(previous: str, item: str) -> bool:
    """Whether list item ``item`` only modifies ("in caps", "in bold") the part
    the item before it (``previous``) names ("start with the slug line"); a
    layout ("one per line", "each on its own line") names no part."""
    if ONE_PER_LINE.search(previous):
        return False
    return bool(_PART_NAMED.search(previous)) and _MODIFIER_AT.match(item.strip() + ",") is not None


# More things one asks to be made, read only where the request names them:
# "write a short paragraph about the moon that uses the word 'giant' twice".
MADE = (
    r"(?:paragraph|sentence|tongue\s+twister|bio|definition|caption|tagline|headline|toast|"
    r"chant|motto|greeting|acrostic|fable|tale|anecdote|monologue|pun|verse)"
)


# A later sentence that adds a part to the answer: "… Then explain why.",
# "Motto for our club, in Latin. Below it, the English translation." What the
# earlier sentence counts or names is one part of the answer, not the whole.
LATER_PART = compile_lazily(
    r"(?:^|(?<=[.!?\n]))\s*(?:and\s+)?(?:then|after\s+that|afterwards|after\s+this|below\s+it|"
    # "Also the English translation." names a part; "Also, no adverbs." a rule
    r"underneath|also\s+(?:the|a|an|its|their|your|one|some)\s)\b",
    re.IGNORECASE,
)


# A prompt that opens by naming the thing it wants, its verb left out:
# "Short heist story (under 200 words) that …", "A haiku about rain, all
# lowercase." The name is the request: what follows it is the answer's, as
# after "write". Only the prompt's first sentence, only a thing one asks to be
# written, with an article or none (not "my essay", "the story below").
OPENING_REQUEST = compile_lazily(
    r"^\s*(?:(?:a|an|one)\s+)?(?:(?!(?:my|our|his|her|their|this|that|these|those|the|your|"
    # a verb that works on something given: "Summarise John's essay (…)"
    r"summari[sz]e|rewrite|edit|proofread|review|translate|shorten|fix|improve|check|read|"
    r"analy[sz]e|critique|grade|mark|correct|paraphrase|condense|expand|rate|compare|"
    # a directive of its own, or a part of each ("Keep every sentence under 15 words")
    r"keep|make|use|write|give|end|start|begin|put|add|include|limit|have|be|is|are|each|"
    r"every|per|any|no|all|both|first|last|second|third|final|"
    # a clause with a subject: "I got a letter, signed …" tells, it does not ask
    r"a|an|i|we|you|he|she|they|it|me|us|got|get|received|found|saw|wrote|need|want|like|love|"
    r"hate|here's|here|there's)\b)"
    rf"[\w'-]+\s+){{0,3}}?(?:{THING}|{MADE})\b(?!\s*:|\s+(?:below|above|here|i\b|you\b|we\b|is\b|are\b|"
    r"was\b|were\b|has\b|had\b|of\s+(?:my|our|the|this|these|those)\b))"
)


# "Write a poem about trees that has at least 350 words", "compose a song with
# at least 3 sentences": the thing asked for, then a relative clause or "with"
# giving its count. Nothing given may stand between ("a summary of this essay
# that has 500 words" counts the essay), and the sentence must be the request.
NAMED_THING = compile_lazily(
    r"(?:^|[,;:]|\b(?:please|and|then|now|just)\b)\s*(?:(?:can|could|would)\s+you\s+)?"
    r"(?:write|compose|create|draft|generate|produce|give|craft|send)\s+(?:me\s+)?(?:a|an)\s+"
    rf"(?:[\w'-]+\s+){{0,4}}?(?:{THING}|{MADE})\b"
    r"(?P<between>[^.;:!?\ue000]{0,120}?)"
    # "that" alone: the phrase opens with its own verb ("contains 14 sentences")
    r"(?:\bthat(?:\s+(?:contains?|has|have|includes?|uses?|mentions?))?|\bthat'?s|\bthat\s+is|"
    r"\bwith)\s*$"
)


def names_thing_with(prefix: str) -> bool:
    """Whether ``prefix`` (lowered) ends by naming the thing asked for and
    "with" its count to come ("compose a song with …"): what follows the
    count ("… that can be sung", "… for a proposal") is the thing's."""
    named = NAMED_THING.search(prefix)
    return (
        named is not None
        and prefix.rstrip().endswith("with")
        and not between_blocks(named.group("between"))
    )


NAMED_BETWEEN_BLOCKS = compile_lazily(
    r"\b(?:this|these|those|my|his|her|their|our|given|provided|attached|following|below|above|"
    r"existing|original|which|whose|who|each|every|per|not|no|without)\b"
)

# Whose it is, in a phrase that a comma closes: "a message wishing my team
# luck, with exactly 2 emojis" is the message's; "a summary of my essay with
# 500 words" may be the essay's.
_POSSESSIVE = compile_lazily(r"\b(?:my|his|her|their|our)\b")


def between_blocks(between: str) -> bool:
    """Whether the words between the thing named and "with"/"that" make the
    count another thing's."""
    if between.rstrip().endswith(","):
        between = _POSSESSIVE.sub(" ", between)
    return NAMED_BETWEEN_BLOCKS.search(between) is not None


# The answer as one unit, then what it holds: "in a paragraph that contains",
# "in one sentence which has at least 25 words and"
IN_ONE_UNIT = compile_lazily(
    r"\bin\s+(?:a|one|a\s+single|just\s+one|only\s+one)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:paragraph|sentence|line)\s+(?:that|which)\s+(?:has|contains|uses|includes|"
    r"(?:must|should)\s+(?:have|contain|use|include))\b"
    r"(?P<rest>(?:[^.;:!?\ue000]{0,80}?\s+and)?)\s*$"
)


_TRANSFORMED_SO = compile_lazily(
    # "rewrite this push copy so that it's at most 40 characters", "trim my bio
    # so it fits in 280 characters": the material named, then what the result
    # must be; not a part of it ("so that each sentence is …", "so the intro is …")
    r"\s+(?:the|this|that|my|our|these|those|his|her|their|it)(?:\s+(?:[\w'-]+\s+){0,3}?[\w-]+)?"
    r"(?:\s+(?:below|above|here))?\s+so\s+(?:that\s+)?(?:it|the\s+(?:result|whole\s+thing|"
    r"new\s+version))\s*(?:is|'s|’s|fits|stays|comes\s+in)?\s*(?:(?:in|within|at|to)\s+)?"
)
"""The material a transforming verb names, then "so (that) it is" before the
result's size: the phrase after it is a requirement on the answer."""


_DASHED_THING = compile_lazily(
    # "give me a script I can read aloud — 2 or 3 sentences", "write a video
    # hook — must be 10 words or fewer": one thing asked (its article says so),
    # then after a dash the size of it; not two things or several ("a title and
    # a body —", "a list of …", "for each …"), nor a dash pair's aside
    r"\s+(?:me\s+|us\s+)?(?:an?|one|the)\s+"
    r"(?:(?!\b(?:and|or|plus|with|then|each|every|per|list|set|series|few|couple|pair|"
    r"several|some|titles?|headings?|sections?|parts?)\b)[^,;:.!?—–()\n]){1,90}?\s+[—–]\s+"
    r"(?:(?:it\s+|this\s+)?(?:must|should|needs?\s+to|has\s+to)\s+be\s+|keep\s+it\s+(?:to\s+)?)?"
)
"""A making verb's one thing, then a dash before its size."""


_SIZED_MAKER = compile_lazily(
    r"write|give|compose|create|draft|generate|produce|craft|make|provide"
)
_SIZED_TRANSFORMER = compile_lazily(r"shorten|condense|cut|trim|rewrite|paraphrase")


def sized_result(verb: str, between: str) -> bool:
    """Whether what lies between a directive ``verb`` and a phrase makes the
    phrase the answer's size: a making verb's one thing and a dash, or the
    material a transforming verb names and "so (that) it is"."""
    if _SIZED_MAKER.fullmatch(verb):
        return _DASHED_THING.fullmatch(between) is not None
    if _SIZED_TRANSFORMER.fullmatch(verb) is None:
        return False
    return _TRANSFORMED_SO.fullmatch(between) is not None


_REQUEST_FIRST = compile_lazily(
    r"\s*(?:please\s+)?(?:write|give|compose|create|draft|generate|produce|craft|provide)\b"
    r".*(?:\b(?:i|you|we)|[—–])\s*$"
)


def request_not_subject(subject: str) -> bool:
    """Whether words before a modal are a request, not the modal's subject:
    "give me a script I can …" (a relative clause's), "write a hook — must
    be …" (the dashed size's)."""
    return _REQUEST_FIRST.fullmatch(subject) is not None
