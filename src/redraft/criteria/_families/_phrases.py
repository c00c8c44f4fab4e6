"""Start and end phrases: "begin your answer with 'Dear team,'", "end with
the exact phrase: Is there anything else I can help with?", "the last
sentence of your reply must be 'See you soon.'".

Measured exactly, case and whitespace differences ignored; after an end
phrase that ends in a letter or digit, closing punctuation (``.``, ``"``)
may follow. Phrases are taken from quotes, a single unquoted word ("with the
word Paris.") or what follows "this exact phrase:"; the start of another
thing ("a postscript starting with 'P.S.'") compiles nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, ClassVar

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._abroad_clause import opens_abroad
from redraft.criteria._families._alternatives import offers_alternatives
from redraft.criteria._families._answer_ends import (
    PLACEHOLDER,
    answer_ends,
    in_format_list,
    signed_off,
)
from redraft.criteria._families._arguments import (
    ARG,
    Corrected,
    response_spec,
    spec_hit,
)
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._end_marks_placed import placed_end_marks
from redraft.criteria._families._first_line import SLOT, first_lines
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._families._phrase_scope import (
    OF_A_PART,
    RESPONSE_THING,
    answer_unit,
    asked_subject,
    of_a_part,
)
from redraft.criteria._families._phrase_spec import (
    EndsWith,
    StartsWith,
    ends_with_outcome,
    starts_with_outcome,
)
from redraft.criteria._families._qualified import taken_back
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    NEGATION,
    THING,
    Hit,
    Rule,
    Sentence,
    lowered,
    sentence_blocked,
)

__all__ = ["PHRASES", "EndsWith", "StartsWith", "phrases"]

_PHRASE_NOUN = (
    # "open with exactly this sentence: …", "close with this line verbatim: …"
    r"(?:(?:exactly\s+)?(?:the|this|our|my)\s+(?:exact\s+)?(?:phrase|sentence|words?|line|question|"
    r"greeting|slogan|tagline|sign-?off|signature|motto|catchphrase|quote|closing|"
    r"(?P<heading>heading))(?:\s+verbatim)?\s*"
    # "start with a greeting line "Hi bookworms!"": the line named by what it is
    r"|(?:a|an)\s+(?:greeting|opening|closing|sign-?off)(?:\s+line)?\s*"
    # "close with a line that reads '— NameNest'", "end with a line for signatures:
    # 'Signed: ____'": the line named by what it says or is for
    r"|(?:a|an|one|the)\s+(?:(?:single|separate|short|final|last|closing|first|opening)\s+)?line\s+"
    r"(?:that\s+(?:reads|says)|reading|saying|for\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?(?=:))\s*"
    # "start with a line "Site: Marsh Lane Pond"": the line given right after it
    r"|(?:a|an|one)\s+(?:(?:single|separate|short|first|opening|final|last|closing)\s+)?line\s*"
    r"(?=[\"“'‘«`]\ue000)"
    r"|exactly\s+)?"
)
# "Start with a line beginning 'TL;DR:'": the answer's first line opens with it
_LINE_OPENING = (
    r"(?:(?:a|an|one|the)\s+(?:(?:single|separate|short|first|opening)\s+)?line\s+"
    r"(?:beginning|starting|that\s+(?:begins|starts))\s+(?:with\s+)?)?"
)
# "End with the word Paris.": one unquoted word, only where the sentence or
# clause ends right after it ("with the word count below 50" is not a phrase).
_BARE_WORD = r"(?<=\bword )(?P<word>[\w'-]+)(?=\s*(?:[.;,!]|$))"
# "Always end stories with 'The End.'", "begin all your replies with …": a standing
# rule for every answer of the kind, this one among them
_ANSWERS = (
    r"(?:all\s+(?:of\s+)?)?(?:your\s+|the\s+)?(?:responses|replies|answers|messages|stories|"
    r"emails|letters)\s+"
)
_START = compile_lazily(
    rf"\b(?:start|starts|starting|begin|begins|beginning|open|opens|lead|leads|kick\s+(?:things\s+|it\s+)?off)\s+(?:(?:your|the)\s+(?:entire\s+)?{RESPONSE_THING}\s+|"
    # "Begin every response with …" (a standing instruction): each answer's start
    rf"(?:every|each)\s+(?:response|reply|answer|message)\s+|{_ANSWERS}|it\s+)?with\s+"
    rf"{_LINE_OPENING}{_PHRASE_NOUN}:?\s*(?:(?P<arg>{ARG})|{_BARE_WORD})"
)
# Spanish, Portuguese, French: "empieza con 'Hola'", "comece com 'Olá'",
# "commence par « Bonjour »", "commencez votre réponse par …".
_START_ABROAD = compile_lazily(
    r"\b(?:empieza|empiece|comienza|comience|comece|começa|commence|commencez)\s+"
    r"(?:(?:tu|su|la|sua|a|ta|votre)\s+(?:respuesta|resposta|réponse)\s+)?(?:con|com|par)\s+"
    rf"(?:la\s+(?:frase|palabra)\s+|a\s+(?:frase|palavra)\s+|(?:la\s+phrase|le\s+mot)\s+)?(?P<arg>{ARG})"
)
# "termine par « Bienvenue ! »", "termina con 'Saludos'", "finalize com 'Abraços'": the
# answer's end (not one followed by a name or offered with another: "… suivi de …")
_END_ABROAD = compile_lazily(
    r"\b(?:termine|terminez|finis|finissez|conclus|concluez|termina|acaba|acabe|finaliza|"
    r"finalice|concluye|concluya|finalize|conclua)\s+"
    r"(?:(?:tu|su|la|sua|a|ta|votre)\s+(?:respuesta|resposta|réponse|mensaje|mensagem|message)\s+)?"
    r"(?:par|avec|con|com)\s+"
    rf"(?:la\s+(?:frase|palabra)\s+|a\s+(?:frase|palavra)\s+|(?:la\s+phrase|le\s+mot)\s+)?(?P<arg>{ARG})"
    r"(?!\s*,?\s*(?:suivie?s?|seguid[oa]s?|ou|o|y|e|et|and|or|followed)\b)"
)
_END = compile_lazily(
    rf"\b(?:end|ends|ending|finish|finishes|finishing|conclude|concludes|concluding|close|closes|"
    rf"sign\s+off|sign(?=\s+it\s+(?:as\b|[\"“'‘«`]\ue000)))\s+(?:(?:your|the|every|each)\s+"
    rf"(?:entire\s+|whole\s+)?(?:{RESPONSE_THING}|{THING})\s+|{_ANSWERS}|it\s+)?"
    # "sign off as 'Best, Priya'", "sign it '— Aunt Bea'": the signature ends it
    r"(?:with|on(?=\s+the\s+(?:word|phrase)\b)|by\s+(?:saying|writing)|"
    r"(?<=sign off )as|(?<=sign it )as|"
    r"(?<=sign it )(?=[\"“'‘«`]))\s*"
    rf"{_PHRASE_NOUN}(?:of\s+)?:?\s*(?:(?P<arg>{ARG})|"
    rf"{_BARE_WORD}|(?:(?<=exact phrase )|(?<=exact phrase: )|(?<=exact question: )|(?<=with: )|"
    # "ends with our slogan: grow gently.", "with the exact line: What do you do?"
    r"(?<=line: )|(?<=sentence: )|(?<=verbatim: )|(?<=slogan: )|(?<=tagline: )|(?<=motto: )|"
    r"(?<=sign-off: )|(?<=signoff: ))"
    r"(?!of\s)(?P<bare>[^\ue000\"“'‘\s].{0,120}))"
)
# "The very end of your response should read …", "The last sentence of your reply must be …",
# "the final line must be 'Buonanotte.'", "your last words should be …".
_VERY_END = compile_lazily(
    r"\b(?:the\s+|your\s+)?(?:very\s+)?(?:end|(?:last|final|closing)\s+(?:sentence|line|words?))\s+"
    rf"(?:of\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{THING}\s+)?"
    # "Format: …; last line is 'The Hallam team'": a format's statement
    r"(?:(?:should|must|needs\s+to|has\s+to|is\s+to)\s+(?:be|read)|(?P<stated>is|reads))\s+"
    r"(?:exactly\s+)?(?:like\s*)?:?\s*(?:(?P<arg>[\"“'‘«`]\ue000+[\"”'’»`])|"
    r"(?<=: )(?P<bare>[^\ue000\"“'‘\s].{0,120}))"
)


# "The first line must be 'Roses are red,'", "your first words should be 'Good morning'".
_VERY_START = compile_lazily(
    rf"\b(?:(?:the|your)\s+(?:{THING}|paragraph)'s\s+|the\s+|your\s+)?(?:very\s+)?(?:first|opening)\s+"
    r"(?:sentence|line|words?)\s+"
    rf"(?:of\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{THING}\s+)?"
    r"(?:(?:should|must|needs\s+to|has\s+to|is\s+to)\s+(?:be|read)|(?P<stated>is|reads))\s+"
    r"(?:exactly\s+)?:?\s*(?P<arg>[\"“'‘«`]\ue000+[\"”'’»`])"
)
# "End with ☕", "end with a smiley :)": a symbol that closes the sentence.
_END_SYMBOL = compile_lazily(
    rf"\b(?:end|ends|ending|finish|finishes|close|closes|sign\s+off)\s+(?:(?:your|the)\s+"
    rf"(?:entire\s+|whole\s+)?{RESPONSE_THING}\s+|it\s+)?with\s+(?:an?\s+(?:[a-z-]+\s+){{0,2}}?(?:smiley|emoji|symbol|icon)"
    r"(?:\s+face)?\s*:?\s+)?"
    r"(?P<sym>[^\w\s\ue000\"“”'‘’«»`.,;]{1,3})\s*[.!]?\s*$"
)

# "End with a question", "the last sentence must be a question", "ask a question at the
# end": the answer's last character is a question mark.
_QUESTION = (
    r"(?:a|one|an?\s+(?:open|open-ended|follow-up|thought-provoking|reflective)|exactly\s+one)"
    r"\s+question"
)
_END_QUESTION = compile_lazily(
    rf"\b(?:(?:end|finish|close|conclude|wrap\s+up|(?<=\band\s)(?:ends|finishes|closes))\s+"
    rf"(?:(?:your|the|every|each)\s+(?:entire\s+|whole\s+)?"
    rf"(?:{RESPONSE_THING})\s+|it\s+|things\s+)?(?:with|on|by\s+asking)\s+{_QUESTION}(?:\s+mark)?|"
    rf"(?:the\s+|your\s+)?(?:very\s+)?(?:last|final|closing)\s+sentence\s+(?:of\s+(?:your|the)\s+"
    rf"(?:entire\s+|whole\s+)?{THING}\s+)?(?:should|must|needs\s+to|has\s+to|is\s+to)\s+be\s+"
    rf"{_QUESTION}|"
    rf"ask\s+(?:me\s+|them\s+|the\s+(?:reader|user|student|child|customer)\s+)?{_QUESTION}\s+"
    rf"at\s+the\s+(?:very\s+)?end(?:\s+of\s+(?:your|the)\s+{RESPONSE_THING})?)\b"
    # "end with a question and its answer", "… questions for each part": not the last mark
    r"(?!\s*(?:and|or|followed|then|after|before|for\s+each|in\s+each|per)\b|s\b)"
)


# A bare line cut at its "?" or "!" by the sentence splitter, its words going
# on after it on the same line: where the line ends is not known.
_LINE_RUNS_ON = compile_lazily(r"(?<=[?!])[^\S\n]+\S")
# A participle in brackets right after a noun describes that noun: "format
# it as a blockquote (starting with '>')", "a title (ending with '?')".
_DESCRIBED = compile_lazily(r"[a-z]\s*\(\s*$")
_ANSWER_BRACKETED = compile_lazily(rf"\b(?:{RESPONSE_THING}|{THING})\s*\(\s*$")
# A part the answer ends with, named just before a participle: "end with a
# summary starting with …", "then add a note beginning with …".
# Not one placed first: "then add a verdict at the top starting with …" starts the answer.
_CLOSING_PART = compile_lazily(
    r"\b(?:end|ends|ending|finish|finishing|close|closing|conclude|concluding|wrap\s+up|then|"
    r"finally|lastly)\b(?:(?!\b(?:top|start|beginning|first|opening)\b)[^.;:!?]){0,60}?"
    r"\b(?:a|an|one|the)\s+(?:(?!\b(?:top|start|beginning|first|opening)\b)[^.;:!?]){0,40}$"
)
_PARTICIPLE = compile_lazily(
    r"(?:starting|beginning|opening|ending|finishing|closing|concluding)\b"
)
# "Finish with a P.S. about Gift Aid (start it with 'P.S.')": in brackets
# right after a noun, "it" is that noun, not the answer.
_IT_IN_BRACKETS = compile_lazily(r"(?:start|begin|open|end|finish|close)\s+it\s+with\b")


_FOLLOWED = compile_lazily(
    r"[\s,]*(?:(?:and\s+)?then|followed\s+by|and\s+(?:after|below)\s+(?:it|that)|"
    # "finish with 'Yours faithfully' and my name": the name ends it
    r"and\s+(?:my|our|your|the|a)\s+(?:full\s+)?(?:name|signature|title|placeholder))\b"
)
# "by starting your reply with …": the means is the reply's own start
_OF_THE_REPLY = compile_lazily(rf"\w+\s+your\s+(?:entire\s+)?{RESPONSE_THING}\b")
_BY_MEANS = compile_lazily(r"\bby\s+(?:(?:starting|beginning)\s+and\s+)?$")


# a typed "\\n" in the phrase is read as a line break for every rule (_rules.py)
def _starts(phrase: str) -> FamilySpec:
    return StartsWith(phrase=phrase)


def _ends(phrase: str) -> FamilySpec:
    return EndsWith(phrase=phrase)


def _placed_at(phrase: str, at_end: bool) -> FamilySpec:
    return EndsWith(phrase=phrase) if at_end else StartsWith(phrase=phrase)


# "Always include the disclaimer 'Not legal advice.' as the final sentence",
# "put 'Dear team,' as the first line": a phrase placed at the start or the end.
_PLACED = compile_lazily(
    rf"\b(?:include|add|put|place|use|write|have)\s+(?:(?:the|this|a|an|our|my)\s+(?:[\w-]+\s+){{0,2}}?)?"
    rf"(?P<arg>{ARG})\s*,?\s+(?:as\s+(?:the|your)\s+(?:very\s+)?(?P<where>final|last|closing|first|"
    r"opening)\s+(?:sentence|line|words?)\b(?!\s+of\s+(?:each|every)\b)|"
    # "include the sentence 'Not advice.' at the end": the answer's end, not a part's
    r"at\s+the\s+(?:very\s+)?(?P<at>end|bottom|start|beginning|top)\b"
    rf"(?:\s+of\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{RESPONSE_THING}\b)?(?!\s+of\b))"
)
# "Subject line first, prefixed with 'Subject: '": the first line opens with it.
# "The subject line goes first, prefixed 'Subject: '", "Subject line first, under 50
# characters, starting 'Subject:'": a clause of its own; its length is the line's
_FIRST_PREFIXED = compile_lazily(
    r"(?:\b(?:the|your)\s+)?\b(?:subject\s+line|title|headline|heading|date|name)\s+"
    r"(?:goes\s+|comes\s+)?first\s*[,(]?\s*"
    r"(?:(?:under|below|at\s+most|max(?:imum)?|no\s+(?:more|longer)\s+than|up\s+to)\s+\d+\s+"
    r"(?:characters|chars|words)\s*,\s*)?"
    rf"(?:(?:prefixed|preceded|starting|beginning|labell?ed)\s+(?:with|by)|starting|beginning|"
    rf"prefixed)\s+(?P<arg>{ARG})"
)
# "and be signed 'Yours, Past Me'", "a note signed 'Mum'": the signature ends it
# (not "a treaty signed 'in blood'": only a signing said of the answer itself)
_SIGNED = compile_lazily(rf"(?:\bbe\s+|,\s*)signed(?:\s+off)?\s+(?:as\s+|with\s+)?(?P<arg>{ARG})")
_PATTERNS: tuple[tuple[re.Pattern[str], Callable[[str], FamilySpec]], ...] = (
    (_SIGNED, _ends),
    (_START, _starts),
    (_START_ABROAD, _starts),
    (_VERY_START, _starts),
    (_END, _ends),
    (_END_ABROAD, _ends),
    (_VERY_END, _ends),
    (_END_SYMBOL, _ends),
    (_FIRST_PREFIXED, _starts),
)
_OWN_CLAUSE = (_VERY_START, _VERY_END, _FIRST_PREFIXED)


def phrases(sentence: Sentence) -> Iterator[Hit]:
    """Start and end phrases, taken from quotes, a single unquoted word ("with
    the word Paris."), or what follows "this exact phrase"."""
    for pattern, build in _PATTERNS:
        for match in pattern.finditer(sentence.lower):
            if "?" in sentence.lower[match.end() :] and asks_about(sentence, match.start()):
                continue  # "the first line must be 'Hi' — is that odd?": a question
            own = pattern in _OWN_CLAUSE and _opens_clause(sentence, match.start())
            if _BY_MEANS.search(sentence.lower, 0, match.start()) and not _OF_THE_REPLY.match(
                sentence.lower, match.start()
            ):
                continue  # "highlight sections by starting and ending with '*'": a means
            if not own and of_a_part(sentence.lower, match.start()):
                continue  # "a postscript starting with 'P.S.'": another thing's start
            if (
                _DESCRIBED.search(sentence.lower, 0, match.start())
                and (
                    _PARTICIPLE.match(sentence.lower, match.start())
                    or _IT_IN_BRACKETS.match(sentence.lower, match.start())
                )
                and not _ANSWER_BRACKETED.search(sentence.lower, 0, match.start())
            ):
                continue  # "as a blockquote (starting with '>')": the bracketed noun's start
            if (pattern is _END_SYMBOL or _PARTICIPLE.match(sentence.lower, match.start())) and (
                _OF_OTHERS.search(sentence.lower, 0, match.start())
            ):
                continue  # "make them all end with !", "4 words, all starting with 'S'": several
            if _PARTICIPLE.match(sentence.lower, match.start()) and _CLOSING_PART.search(
                sentence.lower, 0, match.start()
            ):
                continue  # "end with a summary starting with 'So'": the summary's start
            if build is _ends and _FOLLOWED.match(sentence.lower, match.end()):
                continue  # "end with 'Yours faithfully,' followed by a name": not the end
            if match.groupdict().get("arg") and taken_back(sentence.lower, match.end()):
                continue  # "start with 'Hi' or 'Hello'", "… only if it fits": not required
            if offers_alternatives(sentence.lower, match.end()):
                continue  # "start with 'Yes' or 'No'": a choice, not one phrase
            if match.groupdict().get("sym"):
                phrase = sentence.unmask(match.start("sym"), match.end("sym"))
            elif match.groupdict().get("word"):
                phrase = sentence.unmask(match.start("word"), match.end("word"))
            elif match.groupdict().get("bare"):
                phrase = sentence.unmask(match.start("bare"), match.end("bare")).strip()
                if _LINE_RUNS_ON.match(sentence.whole, sentence.start + len(sentence.masked)):
                    continue  # "with the line: Questions? Ask your boss.": the line goes on
                # "…help with?." : the sentence's own full stop is not part of it.
                phrase = phrase[:-1] if phrase.endswith(("?.", "!.")) else phrase
            else:
                phrase = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
            if match.groupdict().get("stated") and not in_format_list(sentence, match.start()):
                continue  # "the last line is 'and so it ends'": said of a text, not asked
            if PLACEHOLDER.search(phrase) or _LABEL_SLOT.search(phrase) or SLOT.search(phrase):
                continue  # "first line is 'Hi {first name},'": a name goes there, not this
            if match.groupdict().get("heading") and not phrase.startswith("#"):
                continue  # "start with the heading 'Setup'": "# Setup" would not open with it
            if pattern in (_START_ABROAD, _END_ABROAD) and opens_abroad(sentence, match.start()):
                # "… y empieza con 'Estimado señor:'": an imperative of its own
                if found := spec_hit(partial(build, phrase), *match.span()):
                    yield found
                continue
            if own:
                # "… 4 lines and the first line must be 'Roses are red,'": a clause of its own
                yield from response_spec(
                    sentence, partial(build, phrase), *match.span(), owns_negation=True
                )
                continue
            if answer_unit(sentence, match.start()):
                # "Answer as a single sentence that begins with 'Every'"
                if found := spec_hit(partial(build, phrase), *match.span()):
                    yield found
                continue
            yield from response_spec(sentence, partial(build, phrase), *match.span())


_CLAUSE_OPENS = compile_lazily(r"(?:^|[,;:]|\b(?:and|but|also|while))\s*$")


def _opens_clause(sentence: Sentence, start: int) -> bool:
    """Whether a clause with its own subject ("the first line must be …")
    starts at ``start``: plain, not hedged, conditional, negated or asked."""
    text = sentence.lower
    if not _CLAUSE_OPENS.search(text, 0, start) or asks_about(sentence, start):
        return False
    return not (sentence_blocked(sentence, start) or NEGATION.search(text, start, start + 60))


# "start with 'Subject: ...'": a label whose text is left out, a template
_LABEL_SLOT = compile_lazily(r":\s*(?:\.\.\.|…)\s*$")

# "make them all end with a question mark": the end of several things, not the answer's
_OF_OTHERS = compile_lazily(
    r"\b(?:them|they|these|those|each|every|all|both)\b(?:\s+[\w-]+){0,2}\s+$"
)


def _placed(sentence: Sentence) -> Iterator[Hit]:
    for match in _PLACED.finditer(sentence.lower):
        phrase = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
        where = match.group("where") or match.group("at")
        if taken_back(sentence.lower, match.end()) or phrase.endswith(("...", "…")):
            continue  # "a line 'TOTAL: £...' as the last line": a template, not a literal
        build = _starts if where in ("first", "opening", "start", "beginning", "top") else _ends
        yield from response_spec(sentence, partial(build, phrase), *match.span())


def _questions(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    for match in _END_QUESTION.finditer(text):
        if (
            OF_A_PART.search(text, 0, match.start())
            or _OF_OTHERS.search(text, 0, match.start())
            or asks_about(sentence, match.start())
        ):
            continue  # "each paragraph should end with a question": a part's end
        if signed_off(lowered(sentence.whole)):
            continue  # "an email …, end it with a question": the sign-off ends it
        found = list(response_spec(sentence, partial(_ends, "?"), *match.span()))
        if not found and asked_subject(sentence, match.start()):
            # "Write a question … The question should end with a question mark."
            found = [hit] if (hit := spec_hit(partial(_ends, "?"), *match.span())) else []
        yield from found


# "ending with a full stop", "make it end with an ellipsis (...)": the mark
# that closes the answer.
_MARKS = {"full stop": ".", "period": ".", "ellipsis": "...", "exclamation mark": "!"}
_END_MARK = compile_lazily(
    r"\b(?:end|ends|ending|finish|finishes|finishing|close|closes|closing|conclude|concludes)\s+"
    rf"(?:(?:your|the)\s+(?:entire\s+|whole\s+)?{RESPONSE_THING}\s+|it\s+)?(?:with|on)\s+"
    r"(?:a|an|one)\s+(?P<mark>full\s+stop|period|ellipsis|exclamation\s+(?:mark|point))"
    r"(?:\s*\((?:\.\.\.|…|\.|!)\))?(?=\s*(?:$|[.;,!]|—|–|and\b|but\b))"
)


def _end_marks(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    for match in _END_MARK.finditer(text):
        if OF_A_PART.search(text, 0, match.start()) or _OF_OTHERS.search(text, 0, match.start()):
            continue  # "each line ending with a period": a part's end
        if asks_about(sentence, match.start()):
            continue
        mark = " ".join(match.group("mark").split()).replace("point", "mark")
        yield from response_spec(sentence, partial(_ends, _MARKS[mark]), *match.span())


# "end with my name, Marcus Lee", "sign off with our company name: Acme Ltd": a
# name given right after naming it, in capitals, ends the clause.
_END_NAME = compile_lazily(
    r"\b(?i:(?:end|finish|close|sign\s+off|sign\s+it)\s+(?:it\s+)?with\s+(?:my|our|his|her|their)\s+"
    r"(?:full\s+|company\s+|business\s+)?name)\s*(?:,|:|—|–|-)?\s*"
    r"(?P<name>[A-ZÀ-ÖØ-Þ][\w'’.-]*(?:\s+[A-ZÀ-ÖØ-Þ][\w'’.-]*){0,3})(?=\s*(?:$|[.;!]))"
)


def _end_names(sentence: Sentence) -> Iterator[Hit]:
    for match in _END_NAME.finditer(sentence.masked):
        if of_a_part(sentence.lower, match.start()) or asks_about(sentence, match.start()):
            continue
        name = sentence.unmask(match.start("name"), match.end("name")).rstrip(".")
        yield from response_spec(sentence, partial(_ends, name), *match.span())


class _Phrases(Corrected):
    name = "start and end phrases"
    specs = (StartsWith, EndsWith)
    rules: ClassVar[tuple[Rule, ...]] = (
        phrases,
        _placed,
        _questions,
        _end_marks,
        _end_names,
        partial(placed_end_marks, build=_ends),
        partial(answer_ends, build=_placed_at),
        partial(first_lines, build=_placed_at),
    )

    def measure(self, spec: Any, text: str) -> Outcome:
        if isinstance(spec, StartsWith):
            return starts_with_outcome(spec, text)
        return ends_with_outcome(spec, text)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": "end_with", "phrase": spec.phrase} if isinstance(spec, EndsWith) else None

    def settled_failure(self, spec: Any, partial: str) -> bool:
        if not isinstance(spec, StartsWith):
            return False
        start = partial.lstrip()
        return len(start) >= len(spec.phrase) and not self.measure(spec, partial).passed


PHRASES = _Phrases()
