"""The answer's language where no sentence names it, read from the request
itself rather than from one sentence:

- a standing rule ties it to the person writing in ("Reply in the same
  language the customer writes in", "Answer in the language the employee
  writes in", "respond in the user's language"): the answer's language is
  the prompt's, when the detector can tell it;
- the request is written in another language than English and names none
  ("Escribe un poema corto sobre el mar."): people answer in the language
  they are asked in.

Both compile only when every sentence the detector can read agrees, so a
request that mixes an English instruction with pasted text in another
language, or names a language in any of the words people use for one
("en inglés", "auf Englisch"), compiles nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._compiled import CompiledCheck, TextSource
from redraft.criteria._families._languages import Language
from redraft.criteria._guards import HEDGE
from redraft.criteria._language import LANGUAGES, detect_language
from redraft.criteria._sentence_text import MASK, mask, sentences

__all__ = ["implied_language"]

_PERSON = (
    r"(?:customer|user|client|guest|employee|sender|caller|visitor|patient|student|member|"
    r"reader|reviewer|applicant|author|writer|person|requester|asker|human|shopper|tenant|"
    r"parent|learner|traveller|traveler|player|colleague)"
)
_WHAT_THEY_WROTE = (
    r"(?:message|review|question|request|email|ticket|query|comment|enquiry|inquiry|input|"
    r"prompt|post|complaint|text)"
)
_ANSWER = r"(?:reply|replies|respond|answer|write|speak|communicate|responses?|answers?)"
# "Reply in the same language the customer writes in", "answer in whatever
# language the user uses", "respond in the user's language", "replies must
# match the customer's language", "in the same language as the review".
_SAME_LANGUAGE = compile_lazily(
    rf"\b{_ANSWER}\b(?:\s+(?:must|should|always|only|to\s+(?:this|the|that|each|every|my|our)\s+"
    rf"{_WHAT_THEY_WROTE}))*\s+"
    r"(?:(?:in|using)\s+(?:(?:the\s+)?same\s+language|whatever\s+language|whichever\s+language|"
    rf"the\s+language|the\s+{_PERSON}['’]s\s+(?:own\s+)?language|their\s+(?:own\s+)?language)"
    rf"|(?:must\s+|should\s+)?match\s+the\s+{_PERSON}['’]s\s+language)"
    rf"(?:\s+(?:as|that|which|the|in\s+which))?(?:\s+(?:(?:the|their|a)\s+)?(?:{_PERSON}|"
    rf"{_WHAT_THEY_WROTE})s?)?"
    r"(?:\s+(?:writes?|wrote|uses?|used|speaks?|is\s+written)(?:\s+in)?)?",
    re.IGNORECASE,
)
_NOT = compile_lazily(r"\b(?:not|never|don'?t|doesn'?t|no\s+need)\b[^.;\n]*$", re.IGNORECASE)

# A language named in any of the words people use for one: a request in
# Spanish that asks for English ("en inglés") is not answered in Spanish.
_NAMED_ANYHOW = compile_lazily(
    r"ingl[eéê]s|anglais|englisch|inglese|angiel|engels|engelsk|englanti|английск|англійськ|"
    r"fran[cç][eéê]?s|fran[cç]ais|franz[öo]s|francese|francus|французск|alem[aã]n|allemand|"
    r"deutsch|tedesco|alem[aã]o|niemieck|немецк|espa[nñ]ol|espagnol|spanisch|spagnolo|espanhol|"
    r"hiszpa|испанск|italian|italien|włosk|итальянск|portugu|chin[eêoa]s|chinois|chinesisch|"
    r"japon|japan|giappon|japo|русск|russ[eoi]|arab|latin|griech|grec|greek|"
    r"英語|英语|英文|中文|日本語|한국어|영어|translat|tradu[cziç]|übersetz|переве|перекла|tłumacz|"
    r"vertaal|översätt|oversæt|oversett|käännä|翻译|翻訳|번역|language|idioma|langue|sprache|lingua|"
    r"język|язык|мов",
    re.IGNORECASE,
)
# A language named in English anywhere ("You are a German tutor", "my French
# penpal"): the request's own language is then no safe reading of the answer's.
_NAMED_IN_ENGLISH = compile_lazily(
    r"\b(?:" + "|".join(name for name in LANGUAGES.values()) + r")\b", re.IGNORECASE
)

# The person's message is the text to work on, not the request: "Correct the
# learner's sentence", "proofread the user's text", "grade each essay the
# student sends". What it is written in says nothing of the reply's language
# (an explanation, a grade, a translation), so the prompt's language is no rule.
_WORKED_ON = compile_lazily(
    r"\b(?:correct|proofread|check|fix|edit|review|grade|mark|improve|polish|rewrite|reword|"
    r"paraphrase|translate|summari[sz]e|analy[sz]e|critique|assess|evaluate|score|rate|"
    r"classify|categori[sz]e|label|tag|annotate|explain)s?\s+"
    r"(?:(?:the|their|his|her|its|each|every|any|this|that|a|an)\s+)?"
    r"(?:[\w-]+['’]s?\s+)?(?:[\w-]+\s+)?"
    r"(?:sentences?|text|texts|messages?|essays?|writing|paragraphs?|input|answers?|work|drafts?|"
    r"passages?|emails?|posts?|submissions?|words?|phrases?|translations?|homework|attempts?|"
    r"responses?)\b",
    re.IGNORECASE,
)


def _check(spec: Language, text: str, start: int, end: int, source: TextSource) -> CompiledCheck:
    return CompiledCheck(
        spec=spec,
        origin="rules",
        source=source,
        source_span=(start, end),
        source_text=text[start:end],
    )


def _one_language(text: str, *, material: bool = False) -> str | None:
    """The one language every sentence the detector can place is in, and
    the whole of ``text`` with it (quoted and handed-over material left
    out unless it is the ``material`` to read), or None."""
    masked = text if material else mask(text)
    found: set[str] = set()
    for sentence in sentences(text, masked):
        detected = detect_language(sentence.masked.replace(MASK, ""))
        if detected.language is not None:
            found.add(detected.language)
    whole = detect_language(masked.replace(MASK, ""))
    if len(found) != 1 or whole.language not in found:
        return None
    return whole.language


def _material(text: str) -> str:
    """The quoted and handed-over material of ``text``, one run a line."""
    masked = mask(text)
    runs = re.finditer(rf"[{MASK}\n]+", masked)
    return "\n".join(text[m.start() : m.end()].strip() for m in runs if m.group(0).strip("\n"))


def _same_as_writer(prompt: str, texts: Iterable[tuple[str, TextSource]]) -> CompiledCheck | None:
    for text, source in texts:
        for sentence in sentences(text, mask(text), source):
            for match in _SAME_LANGUAGE.finditer(sentence.original):
                # the rule's own words ("whatever language") are no hedge
                said = sentence.original[: match.start()] + sentence.original[match.end() :]
                if HEDGE.search(said.lower()) or _NOT.search(sentence.original[: match.start()]):
                    continue
                # What the person wrote: the prompt, or in the prompt itself what
                # follows the rule ("… in the same language as the review: <review>")
                # and the material it quotes or hands over. The prompt's own words are
                # the request, not the guest's or the customer's: a prompt that states
                # the rule and gives none of their words ("You are the hotel's bot.
                # Reply in the guest's language.") says nothing of the reply's language.
                written = prompt
                if source == "prompt":
                    rest = prompt[sentence.start + match.end() :]
                    colon = rest.find(":", 0, 40)
                    given = rest[colon + 1 :] if colon >= 0 else ""
                    written = "\n".join(filter(None, (_material(prompt), given)))
                code = _one_language(written, material=True)
                if code is not None:
                    start, end = sentence.start + match.start(), sentence.start + match.end()
                    return _check(Language(language=code), text, start, end, source)
    return None


def _asked_in(prompt: str) -> CompiledCheck | None:
    if _NAMED_ANYHOW.search(prompt):
        return None
    code = _one_language(prompt)
    if code is None or code == "en":
        return None
    first = next(sentences(prompt, mask(prompt)), None)
    if first is None:
        return None
    start = first.start + len(first.original) - len(first.original.lstrip())
    end = first.start + len(first.original.rstrip())
    return _check(Language(language=code), prompt, start, end, "prompt")


def implied_language(
    prompt: str, criteria: str | None, system: str | None, found: Iterable[CompiledCheck]
) -> CompiledCheck | None:
    """The answer's language the request implies, where none of ``found``
    (the checks its sentences compiled) states one."""
    if any(check.spec.kind == "language" for check in found):
        return None
    texts: list[tuple[str, TextSource]] = [
        (system or "", "system"),
        (prompt, "prompt"),
        (criteria or "", "criteria"),
    ]
    same = _same_as_writer(prompt, texts)
    if same is not None:
        return same
    if any(
        _NAMED_ANYHOW.search(text) or _NAMED_IN_ENGLISH.search(text) or _WORKED_ON.search(text)
        for text, _ in texts
        if text
    ):
        return None
    return _asked_in(prompt)
