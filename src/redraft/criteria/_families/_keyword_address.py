"""Words the answer must address or name someone by: "address the listener
as 'you' at least once", "address the customer formally using 'u'", "use
'you' to address the reader", "refer to him only as 'Nowak'".

Each quoted form of address must appear: an answer that addresses the reader
as 'you' writes "you". Read only of one quoted form whose clause then ends
(or states a count): "refer to them as 'the Claimant' and 'the Defendant'"
names two parties, either of which an answer may leave out, and "address
them as 'Dr Kim' in the greeting" puts the form in one place. Hedged,
conditional, negated, asked or reported wordings compile nothing. Part of the
keyword family (:mod:`._keyword_clauses`).
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import ARG, frequency, parse_list
from redraft.criteria._families._keywords import (
    ELSEWHERE,
    OPEN_LIST,
    REQUIRE_DONE,
    keyword_hits,
)
from redraft.criteria._families._lexical import asks_about, described
from redraft.criteria._families._qualified import taken_back
from redraft.criteria._sentences import NEGATION, Hit, Sentence, clause_start, response_context

__all__ = ["address_forms"]

# "address the customer formally using 'u'", "address the listener as 'you'",
# "refer to him only as 'Nowak'": the form comes after the one addressed
_ADDRESS_AS = compile_lazily(
    r"\b(?:address|refer\s+to)\s+(?:him|her|them|(?:the|your|each|every)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    r"\s+(?:(?:only|always|just|formally|informally|directly|politely|consistently)\s+)?"
    r"(?:as|using|with)\s+(?=[\"“'‘«`]\ue000)"
)
# "use 'you' to address the reader": the form, then what it is for
_USED_TO_ADDRESS = compile_lazily(
    rf"\b(?:use|using)\s+(?P<arg>{ARG})\s+(?:to|when)\s+(?:address(?:ing)?|speak(?:ing)?\s+to|"
    r"talk(?:ing)?\s+to|refer(?:ring)?\s+to)\s+(?:the|your)\s+(?:reader|readers|listener|listeners|"
    r"customer|customers|user|users|audience|student|students|patient|patients|guest|guests|"
    r"client|clients|applicant|applicants|caller|callers|visitor|visitors)\b"
)


def _of_answer(sentence: Sentence, start: int) -> bool:
    if not (response_context(sentence, start) or described(sentence, start)):
        return False
    # "never address them as 'buddy'": a form kept out, not one required
    return not NEGATION.search(sentence.lower, clause_start(sentence.lower, start), start)


def _read(sentence: Sentence, start: int, pos: int) -> Iterator[Hit]:
    """The one quoted form at ``pos``, with its stated count, where the
    clause ends after it."""
    text = sentence.lower
    parsed = parse_list(sentence, pos)
    if not parsed or len(parsed[0]) != 1 or OPEN_LIST.match(text, parsed[1]):
        return
    amounts, end = frequency(sentence, parsed[1])
    if not amounts or ELSEWHERE.match(text, end) or not REQUIRE_DONE.match(text, end):
        return
    if taken_back(text, end) or asks_about(sentence, start) or not _of_answer(sentence, start):
        return
    yield from keyword_hits(parsed[0], amounts, start, end)


def address_forms(sentence: Sentence) -> Iterator[Hit]:
    """The quoted form someone must be addressed or named by."""
    text = sentence.lower
    for match in _ADDRESS_AS.finditer(text):
        yield from _read(sentence, match.start(), match.end())
    for match in _USED_TO_ADDRESS.finditer(text):
        parsed = parse_list(sentence, match.start("arg"))
        if not parsed or len(parsed[0]) != 1:
            continue
        amounts, end = frequency(sentence, match.end())
        if not amounts or not REQUIRE_DONE.match(text, end) or ELSEWHERE.match(text, end):
            continue
        if asks_about(sentence, match.start()) or not _of_answer(sentence, match.start()):
            continue
        yield from keyword_hits(parsed[0], amounts, match.start(), end)
