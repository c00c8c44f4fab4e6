"""What a requirement's words are about: another thing than the whole answer
(:data:`OTHER_THING`), the subject of a modal (:func:`subject_ok`), and
material given to be transformed into the answer. :func:`response_context`
applies these guards; they are kept apart so that module stays one test.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._governors import RESPONSE_NOUN
from redraft.criteria._grammar import NUMBER, RELATION

__all__ = [
    "ANSWER_SHAPE",
    "INTO_SHAPE",
    "OTHER_THING",
    "SUMMARY_OF",
    "TRANSFORMED",
    "TRANSFORMING",
    "addressed",
    "letter_written",
    "strip_frame",
    "subject_ok",
]

# Words that make a requirement about something other than the whole response.
OTHER_THING = compile_lazily(
    r"(?<![-\w])(?:each|every|per|first|last|second|third|word|words|title|titles|heading|headings|"
    r"headline|name|names|label|labels|acronym|keyword|keywords|variable|variables|string|"
    r"strings|function|functions|program|code|script|class|method|query|regex|column|field|"
    r"item|items|key|keys|value|values|tag|tags|username|password|subject line|caption|"
    r"(?<!cover\s)letter(?!\s+(?:to|for|from)\b)|"
    r"letters|character|characters|that|which|who|whom|whose|where|when|while|if|whether|"
    r"example|examples|input|original|following|below|above|quote|quotes|bullet|bullets|"
    r"line|lines|question|questions|table|list of|file|files|sentence of|body|bodies|intro|"
    r"introduction|conclusion|greeting|salutation|signature|headlines|snippet|"
    r"one-liner|command)\b"
)


# "write a letter in lowercase", "draft me a short angry letter, all caps": a
# letter made by a writing verb is the kind of text asked for, not a letter of
# the alphabet ("use a letter", "write the letter a", "a letter e")
_LETTER_WRITTEN = compile_lazily(
    r"\b(?:write|draft|compose|pen|craft|type\s+up|prepare)\s+(?:me\s+|us\s+)?(?:an?|one)\s+"
    r"(?:(?!letters?\b)[\w'-]+\s+){0,3}?letter\s*,?\s*(?:(?:all|entirely|completely|fully)\s+)?$"
)


# the user's own task: "I need to write a letter in French", "we're drafting a letter"
_OWN_TASK = compile_lazily(
    r"\b(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+(?:[\w'-]+\s+){0,2}?(?:write|writing|wrote|draft|"
    r"drafting|compose|composing|pen|penning|type\s+up)\s+(?:me\s+|us\s+)?(?:an?|one)\s+"
    r"(?:[\w'-]+\s+){0,3}?letter\s*,?\s*$"
)


def letter_written(raw_with_verb: str) -> bool:
    """Whether the words before a phrase end with a letter written as the
    answer ("write a letter"): then "letter" names the answer, no other thing
    (not the user's own: "I need to write a letter")."""
    return bool(_LETTER_WRITTEN.search(raw_with_verb)) and not _OWN_TASK.search(raw_with_verb)


# A letter or message written just before a phrase: "to …" after the phrase
# then names whom it is sent to ("write a letter in lowercase to my landlord")
_ADDRESSED = compile_lazily(
    r"\b(?:write|draft|compose|craft|send)\s+(?:me\s+|us\s+)?(?:an?|one)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:letter|e-?mail|note|message|card|memo|text)\s+$"
)


def addressed(text: str, start: int, after: str) -> bool:
    """Whether ``after`` (what follows the phrase at ``start``) opens with "to"
    and names the addressee of a letter or message written just before."""
    return after.lstrip().startswith("to ") and bool(_ADDRESSED.search(text, 0, start))


_MODAL = compile_lazily(r"\b(?:should|must|to)\s*$")
# One part of the response: "paragraph 2 must start with …" is not about the whole.
_PART = compile_lazily(
    # "Sentence 2 must contain a number", "line 3 should …": one numbered part's rule
    r"\b(?:paragraph|section|part|stanza|chapter|verse|point|sentence|line|item|bullet|step|"
    r"entry|row)s?\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|[ivx]+)\b"
)


# A written thing that someone owns: "(my teacher said) our essay must have
# at most 5 paragraphs" states a rule for the user's own essay, not for the
# answer; the answer's own nouns ("our replies must …" in a system prompt)
# are not in THING's owned reading.
_OWNED_THING = compile_lazily(
    r"\b(?:my|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?:essay|paper|thesis|assignment|homework|story|poem|speech|report|article|dissertation|"
    r"cover\s+letter|letter|resume|cv|draft|project|presentation)\s+$"
)


# A subject that counts things: "exactly two rows must …", "at least three
# lines should …", "both paragraphs must …" state a rule for that many parts,
# which a check of the whole answer does not measure.
# (not "one of the comments should contain 'x'": then the answer contains it)
_COUNTED_SUBJECT = compile_lazily(
    rf"(?:^|[\s(])(?!one\s+of\b)(?:(?:(?:{RELATION})\s+)?(?:{NUMBER})|both|several|some|most|"
    r"many|a\s+few)\s+"
    r"(?:of\s+(?:the|its|your)\s+)?(?:[\w-]+\s+)?(?!words\b|characters\b|times\b)[a-z]+s\s+"
    r"(?:must|should|shall|needs?|has|have)\b"
)


def subject_ok(text: str, directive: re.Match[str]) -> bool:
    """ "Each sentence should have …" is about something else: a modal's
    subject must not name another thing."""
    head = text[: directive.start("verb")]
    if not _MODAL.search(head):
        return True
    subject = re.split(r"[,;:(]|\b(?:and|but|then)\b", head)[-1]
    if _PART.search(subject):
        return False
    if _OWNED_THING.search(_MODAL.sub("", subject)):
        return False
    if _COUNTED_SUBJECT.search(subject):
        return False  # "exactly two rows must say 'Rest'": some of the parts, not the answer
    return not OTHER_THING.search(subject) or bool(RESPONSE_NOUN.search(subject))


# A verb that turns given material into the answer, and that material named
# right after it: what follows ("in three bullet points") shapes the answer.
TRANSFORMING = compile_lazily(r"summari[sz]e|sum up|condense|shorten|rewrite|paraphrase|translate")
# "generate a summary of the following passage in all capital letters"
SUMMARY_OF = compile_lazily(
    r"\s+(?:me\s+|us\s+)?(?:a|an)\s+(?:[\w-]+\s+)?(?:summary|translation|paraphrase|rewrite|"
    r"version|rewording|tl;?dr)\s+of\s+(?:the|this|that|my|our|these|those)\s+(?:[\w-]+\s+){0,3}?"
    r"[\w-]+(?:\s+(?:below|above|here))?(?:\s+(?P<into>in|into))?\s*"
)
INTO_SHAPE = compile_lazily(r"(?:in|into|as|using)\s")
TRANSFORMED = compile_lazily(
    # "summarise the patient's history below": a possessive names the material too
    r"\s+(?:the|this|that|my|our|these|those|his|her|their)\s+(?:[\w'-]+\s+){0,3}?[\w-]+"
    r"(?:\s+(?:below|above|here|i\s+(?:pasted|shared|gave\s+you)))?"
    # "rewrite the following blog as a list of exactly 4 bullet points"
    r"(?:\s+(?P<into>in|into|as\s+(?:a|an)\s+(?:[\w-]+\s+)?(?:list|set|series)\s+of))?\s*"
)


# The answer's own size between the verb and the phrase: "answer in one word
# without punctuation", "reply in 3 sentences, all lowercase", "describe it in
# 60-80 words without the letter e" (a range is a size too)
ANSWER_SHAPE = compile_lazily(
    rf"\b(?:in|with|using)\s+(?:{NUMBER}(?:\s*(?:-|–|—|to)\s*{NUMBER})?|a|a\s+single)\s+"
    r"(?:short\s+)?"
    r"(?:words?|sentences?|lines?|paragraphs?)(?:\s+only)?\b"
)
_FRAME = compile_lazily(
    r"\b(?:sure\s+that|ensure\s+that|should|must|shall|needs? to|has to|have to|is to|will|"
    r"can|is|are|be|been|being|"
    r"written|kept|stay|remain|contain|contains|containing|include|includes|including|have|has|"
    r"having|consist of|span|with|in|of|it|everything|the|a|an|me|us|your|my|answer|response|"
    r"reply|output|entire|whole|only|strictly|just|exactly)\b"
)


def strip_frame(between: str) -> str:
    """The words between the anchor and the phrase that are not mere frame."""
    return _FRAME.sub(" ", between)
