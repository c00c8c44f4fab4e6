"""The answer's language: "respond only in German", "your entire answer
must be written in Swahili".

Approximate: the detector of :mod:`redraft.criteria._language` (see
``docs/criteria.md`` for how little it claims); a text it cannot place is
``skipped``, never a pass. Two languages ("in English and French") compile
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from pydantic import field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._added_part import part_added
from redraft.criteria._families._arguments import ARG, Corrected, response_spec
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._bilingual import paired_languages
from redraft.criteria._families._language_forms import labelled_language, text_language
from redraft.criteria._families._shapes import WHOLE
from redraft.criteria._language import LANGUAGES, detect_language
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import HEDGE, Hit, Rule, Sentence, lowered, searched

__all__ = ["LANGUAGE", "Language", "language"]


class Language(FamilySpec):
    """The answer is written in ``language`` (see ``docs/criteria.md`` for how
    little the detector claims)."""

    kind: Literal["language"] = "language"
    language: str
    # Detectors disagree on short, mixed or structured text (a JSON answer):
    # passing ours says little about passing another.
    approximate: ClassVar[bool] = True

    @field_validator("language")
    @classmethod
    def _known(cls, value: str) -> str:
        code = value.strip().lower()
        if code not in LANGUAGES:
            raise ValueError(
                f"unsupported language {value!r}; choose one of {', '.join(sorted(LANGUAGES))}"
            )
        return code

    def describe(self) -> str:
        return f"written in {LANGUAGES[self.language]}"


def _language(spec: Language, text: str) -> Outcome:
    found = detect_language(text)
    wanted = LANGUAGES[spec.language]
    data: dict[str, Any] = {"measured": found.language, "detail": found.detail}
    if found.language is None:
        return Outcome(False, f"cannot tell the language: {found.detail}", data=data, skipped=True)
    if found.language == spec.language:
        return Outcome(True, f"the answer reads as {wanted} ({found.detail})", data=data)
    actual = LANGUAGES[found.language]
    return Outcome(
        False,
        f"the answer reads as {actual} ({found.detail}); required: {spec.describe()}",
        f"Your answer is written in {actual}; it must be in {wanted}. "
        f"Rewrite the whole answer in {wanted}.",
        data=data,
    )


_NAMES = {name.lower(): code for code, name in LANGUAGES.items()}
_LANGUAGE_NAME = "|".join(_NAMES)
_LANGUAGE = compile_lazily(
    r"\b(?:(?:respond|answer|reply|write|speak|communicate)\s+"
    r"(?:your\s+(?:entire\s+|whole\s+)?(?:response|answer|reply)\s+)?|"
    # "reply to this review in Spanish": the reply's language, whatever the review's
    r"(?:respond|answer|reply)\s+to\s+(?:this|the|that|my|our|his|her|their)\s+"
    r"(?!(?:following|above|below)\b)[a-z-]+(?:\s+[a-z-]+)?\s+|"
    rf"{WHOLE}\s+(?:should|must|needs\s+to|has\s+to)\s+be\s+(?:written\s+)?)"
    rf"(?:only\s+|entirely\s+|solely\s+|exclusively\s+|fully\s+)?(?:in|using)\s+(?:the\s+)?"
    rf"(?P<lang>{_LANGUAGE_NAME})(?:\s+language)?(?:\s+only)?\b"
)


def language(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    for match in _LANGUAGE.finditer(text):
        if re.match(rf"\s*(?:and|or|/)\s+(?:{_LANGUAGE_NAME})\b", text[match.end() :]):
            continue  # two languages: not a one-language requirement
        code = _NAMES[match.group("lang")]
        yield from response_spec(sentence, partial(Language, language=code), *match.span())


# A language asked for in its own words: "Bitte auf Deutsch", "Répondez en
# français", "на русском", "日本語で答えて".
# (and one in the words of another: "Te lo pido en inglés", "auf Französisch")
_OWN_WORDS = {
    "en": r"en\s+ingl[ée]s|en\s+anglais|auf\s+englisch|in\s+inglese|em\s+ingl[êe]s",
    "de": r"auf\s+deutsch|en\s+alem[áa]n|en\s+allemand|in\s+tedesco|em\s+alem[ãa]o",
    "fr": r"en\s+fran[çc]ais|en\s+franc[ée]s|auf\s+franz[öo]sisch|in\s+francese|"
    r"em\s+franc[êe]s",
    "es": r"en\s+(?:español|espanol|castellano)|auf\s+spanisch|in\s+spagnolo|em\s+espanhol",
    "it": r"in\s+italiano|en\s+italien|auf\s+italienisch|em\s+italiano",
    "pt": r"em\s+portugu[êe]s|en\s+portugu[ée]s|en\s+portugais|auf\s+portugiesisch|"
    r"in\s+portoghese",
    "nl": r"in\s+het\s+nederlands",
    "pl": r"po\s+polsku",
    "sv": r"på\s+svenska",
    "ru": r"на\s+русском(?:\s+языке)?|по-русски",
    "uk": r"українською(?:\s+мовою)?",
    "hi": r"हिंदी\s+में|हिन्दी\s+में",
    "ja": r"日本語で",
    "zh": r"用中文|中文回答|请用中文",
    "ko": r"한국어로",
}
_IN_OWN_WORDS = [
    (code, compile_lazily(rf"(?<![a-zà-ÿа-я]){p}(?![a-zà-ÿа-я])")) for code, p in _OWN_WORDS.items()
]


def in_its_own_words(sentence: Sentence) -> Iterator[Hit]:
    """A language asked for in that language: the answer is to be in it."""
    text = sentence.lower
    # "¿Cómo se dice 'gato' en inglés?": a question about a word
    if HEDGE.search(text) or text.rstrip().endswith("?"):
        return
    for code, pattern in _IN_OWN_WORDS:
        if code in LANGUAGES and (match := pattern.search(text)):
            yield Hit(Language(language=code), *match.span())
            return


_ONE = rf"(?:the\s+)?(?P<lang>{_LANGUAGE_NAME})(?:\s+language)?"
_ALONE = r"(?:only|solely|exclusively|entirely|completely|fully|wholly)"
# What may follow a language named as the answer's: the clause's end, where
# it applies ("in your response", "throughout") or another requirement; not a
# noun it modifies ("only English words", "entirely in French style").
_AFTER = compile_lazily(
    r"(?:\s+only)?(?=\s*(?:[,.;!?)]|$|and\b|but\b|in\s+(?:your|the)\b|throughout\b|"
    # "5 sentences in Spanish for my students", "… in English because my boss reads no French"
    r"for\s+(?:your|the|this|my|our)\b|because\b|with\b|no\s+other\b|about\b|please\b))"
)
_EXCLUSIVE = [
    # "entirely in Swahili", "only in Korean", "completely in the Kannada language"
    compile_lazily(rf"\b{_ALONE}\s+(?:in|using)\s+{_ONE}"),
    # "using only the Marathi language", "in only German", "use only Hindi", "in entirely Swahili"
    compile_lazily(rf"\b(?:in|using|use|write|respond|answer|reply)\s+{_ALONE}\s+{_ONE}"),
    # "only using the Punjabi language"
    compile_lazily(rf"\bonly\s+using\s+{_ONE}"),
    # "use Swahili language only", "in Urdu only"
    compile_lazily(rf"\b(?:in|using|use)\s+{_ONE}\s+only\b"),
    # "Only Swedish, please."
    compile_lazily(rf"^\s*(?:only|solely|exclusively)\s+{_ONE}"),
]
# "no other language is allowed": with it, the one language the sentence
# names after "in" is the answer's ("a haiku in Italian, no other language is allowed").
_NO_OTHER = compile_lazily(r"\bno\s+other\s+languages?\s+(?:is\s+|are\s+)?(?:allowed|permitted)\b")
_IN_ONE = compile_lazily(rf"\b(?:in|using)\s+{_ONE}")
# "Outside of Arabic, no other language is allowed", "no other language except Thai is allowed"
_BUT_ONE = [
    compile_lazily(
        rf"\b(?:outside\s+of|other\s+than|except(?:\s+for)?|apart\s+from|besides)\s+{_ONE}"
        r"\s*,?\s+no\s+other\s+languages?\b"
    ),
    compile_lazily(
        rf"\bno\s+other\s+languages?\s+(?:except|but|than|besides|apart\s+from)\s+{_ONE}"
    ),
]


def _names(text: str) -> set[str]:
    return {_NAMES[m.group("lang")] for m in _IN_ONE.finditer(text)}


def one_language(sentence: Sentence) -> Iterator[Hit]:
    """The answer's one language, where the sentence says it is the only one:
    "respond using only the Kannada language", "entirely in Swahili",
    "a haiku in Italian, no other language is allowed"."""
    text = sentence.lower
    found: list[tuple[re.Match[str], bool]] = []
    for pattern in _EXCLUSIVE:
        found += [(m, False) for m in pattern.finditer(text) if _AFTER.match(text, m.end())]
    if _NO_OTHER.search(text) and len(_names(text)) == 1:
        found += [(m, False) for m in _IN_ONE.finditer(text) if _AFTER.match(text, m.end())]
    for pattern in _BUT_ONE:
        found += [(m, True) for m in pattern.finditer(text)]
    for match, owns in found:
        if re.match(rf"\s*(?:and|or|/)\s+(?:{_LANGUAGE_NAME})\b", text[match.end() :]):
            continue  # two languages: not a one-language requirement
        code = _NAMES[match.group("lang")]
        yield from response_spec(
            sentence, partial(Language, language=code), *match.span(), owns_negation=owns
        )


# "Describe your weekend in French", "It should be in Italian", "In Portuguese
# (Brazil), write a caption", "write in formal English", "Use simple English":
# the language of what the sentence asks for.
# not "plain English": an idiom for simple wording ("explain this clause in plain English")
_REGISTER = r"(?:(?:simple|formal|informal|casual|polite|standard|modern|clear|proper|good|"
_REGISTER += r"everyday|natural|fluent|native|"
# "in European Portuguese", "in Simplified Chinese": one language, one variety
# (not "in British English": a spelling asked, which no check reads)
_REGISTER += r"european|brazilian|castilian|latin\s+american|mexican|swiss|simplified|"
_REGISTER += r"traditional|mandarin)\s+)?"
_IN_NAMED = compile_lazily(rf"\b(?:in|use|using)\s+{_REGISTER}{_ONE}(?:\s*\([^()]{{1,30}}\))?")
# The language of a word or a name rather than of the answer: "what does
# 'gato' mean in Spanish", "how do you say hello in French", "a poem written
# in Latin", "the word for bread in Greek".
_ABOUT_WORDS = compile_lazily(
    r"\b(?:mean|means|meaning|meant|say|said|saying|says|called|call|word\s+for|words\s+for|"
    r"terms?\s+for|translat\w*|pronounc\w*|spell\w*|known\s+as|names?\s+for|"
    # "novels written in Russian"; not "it must be written in French"
    r"(?<!be\s)(?<!is\s)(?<!are\s)written|"
    # "how do you write 'hello' in Japanese?"
    r"how\s+(?:do|would|can|could|should)\s+(?:you|i|we|one)|"
    r"originally|original|wrote|speaks?|spoken|learn\w*|teach\w*|studying|fluent)\b"
)
# A second language the sentence only bans: "in French, without any English words"
_BANNED_NAME = compile_lazily(
    rf"\b(?:no|without|avoid|not|never)\s+(?:(?:any|using|use|in)\s+)?(?:{_LANGUAGE_NAME})\b"
)


# A second part asked right after the one the language is named for ("a haiku
# in Spanish, then a short note explaining it"): the note's language is not
# said, so the language is one part's, not the whole answer's
_PART_AFTER = compile_lazily(
    r"\s*[,;]?\s*(?:and\s+)?(?:then|plus|followed\s+by|after\s+that|afterwards|"
    r"and\s+(?:also\s+)?(?:add|append|give|write|include|explain|list|provide|follow))\b"
)


# ... unless the whole answer is named: "your whole answer in French: …"
_WHOLE_SAID = compile_lazily(
    r"\b(?:(?:entire|whole|full)\s+(?:response|answer|reply|output|thing)|everything|entirely|"
    r"all\s+of\s+(?:it|your\s+(?:response|answer|reply)))\b"
)


def named_language(sentence: Sentence) -> Iterator[Hit]:
    """ "Describe your ideal weekend in French", "It should be in Italian",
    "In Portuguese (Brazil), write …": the one language the sentence names,
    where it is not a word's or a name's language."""
    text = sentence.lower
    if _ABOUT_WORDS.search(text):
        return
    banned = {m.start() for m in _BANNED_NAME.finditer(text)}
    names = {
        m.group(0)
        for m in re.finditer(rf"\b(?:{_LANGUAGE_NAME})\b", text)
        if not any(b < m.start() <= b + 24 for b in banned)
    }
    if len(names) != 1:
        return
    for match in _IN_NAMED.finditer(text):
        if not _AFTER.match(text, match.end()):
            continue
        if (part_added(sentence.whole) or _PART_AFTER.match(text, match.end())) and not (
            _WHOLE_SAID.search(text)
        ):
            continue  # "a toast in French, plus a short explanation underneath": the toast's
        code = _NAMES[match.group("lang")]
        yield from response_spec(sentence, partial(Language, language=code), *match.span())


# "Translate this into German", "translate the email from English to Spanish",
# "localise this string list into German", "subtitle this line into French":
# the answer is the translation, so it is written in the target language.
_OBJECT = (
    r"(?:this|that|it|these|those|everything|(?:the\s+)?(?:text|email|message)\s+below|"
    r"(?:the|my|this|that|these|those)\s+(?:following\s+|above\s+|next\s+)?"
    r"(?:text|sentences?|passages?|paragraphs?|phrases?|messages?|emails?|letters?|poems?|words?"
    r"|lines?|notes?|quotes?|titles?|lyrics|list|story|paragraph|following|above)"
    rf"|{ARG})"
)
_TRANSLATE = compile_lazily(
    rf"\b(?:translate|locali[sz]e|subtitle)\s+(?:{_OBJECT}\s+)?"
    # what the translation is for, between: "this notice for our hostel guests into English"
    r"(?:(?!(?:and|then|but|or|so|from|in|into|to)\b)[\w'’-]+\s+){0,8}?"
    # "from English", "from our Polish warehouse": where the text comes from
    rf"(?:from\s+(?:(?:the|our|my|their|his|her|a|an)\s+)?(?P<source>{_LANGUAGE_NAME})"
    r"(?:\s+(?!(?:in)?to\b)[a-z-]+)?\s+)?"
    rf"(?:in)?to\s+(?:the\s+)?(?P<lang>{_LANGUAGE_NAME})(?:\s+language)?\b"
)


# Something written first, then its translation: the answer holds both.
_TRANSLATED_TOO = compile_lazily(
    r"\b(?:write|compose|draft|create|give|list|summari[sz]e|explain|describe|answer|reply|"
    r"respond|tell)\b[^.;]*\b(?:then|also|and|plus|followed\s+by|after\s+that|afterwards)\s+"
    r"(?:please\s+)?(?:also\s+)?$"
)


# Someone else translating: "my colleague needs to translate …", "whether they will translate …"
_THIRD_PARTY = compile_lazily(
    r"\b(?:needs?|wants?|has|have|had|is|are|was|were|will|would|going|trying|tried|asked|"
    r"plans?|planning|hopes?|he|she|they|we)\s+(?:to\s+)?$"
)


def translations(sentence: Sentence) -> Iterator[Hit]:
    """ "Translate this into German", "translate the note from English to French"."""
    text = sentence.lower
    for match in _TRANSLATE.finditer(text):
        named = {m.group(0) for m in re.finditer(rf"\b(?:{_LANGUAGE_NAME})\b", text)}
        if named - {match.group("lang"), match.group("source")}:
            continue  # another language in the sentence: which one the answer is in is unclear
        # "Translate into French: "Please answer in two sentences."": the quoted text is
        # material (masked, so nothing in it compiles); the answer is its translation
        if _THIRD_PARTY.search(text, 0, match.start()):
            continue
        if _TRANSLATED_TOO.search(text, 0, match.start()):
            continue  # "write a couplet, then translate it into Spanish": both are the answer
        code = _NAMES[match.group("lang")]
        yield from response_spec(sentence, partial(Language, language=code), *match.span())


# A part of the answer in a second language: "Reply in Portuguese, and add an
# English translation underneath", "then the same text in French below it".
# The answer is then in two languages, and no one language is the whole's.
# A part named by one to three words, not the whole answer
_A_PART = (
    r"(?!(?:whole|entire|full|response|answer|reply|output|text|email|letter|post|message)\b)"
    r"(?:[\w-]+\s+){0,2}?(?!(?:response|answer|reply|output|text|email|letter|post|message)s?\b)"
    r"[a-z][\w-]*?"
)
_SECOND_PART = compile_lazily(
    rf"\b(?:an?|the|its|their|your)\s+(?:[\w-]+\s+)?(?P<a>{_LANGUAGE_NAME})\s+"
    r"(?:translation|version|gloss|summary|equivalent)s?\b|"
    rf"\b(?:then|also|plus|followed\s+by|and)\s+(?:the\s+same\s+)?(?:[\w-]+\s+){{0,3}}?in\s+"
    rf"(?P<b>{_LANGUAGE_NAME})\s+(?:below|underneath|after|beneath|under)\b|"
    # a part let off the answer's language: "the itinerary section can be in German",
    # "keep the menu items in Italian", "song titles may stay in Spanish"
    rf"\b(?:(?:the|your|its|any|all|those)\s+{_A_PART}\s+|{_A_PART}s\s+)(?:can|may|could|should|"
    r"must|will|is\s+allowed\s+to|are\s+allowed\s+to|is\s+fine|are\s+fine)\s+(?:also\s+)?"
    rf"(?:be\s+(?:written\s+|left\s+|kept\s+|given\s+)?|stay\s+|remain\s+)?in\s+(?P<c>{_LANGUAGE_NAME})\b|"
    rf"\b(?:keep|leave)\s+(?:the|your|any|all)\s+{_A_PART}\s+in\s+(?P<d>{_LANGUAGE_NAME})\b|"
    # another language permitted for all of it: "the whole thing can be in German too"
    r"\b(?:can|may|could)\s+(?:also\s+)?(?:be\s+(?:written\s+|given\s+)?|stay\s+|remain\s+)in\s+"
    rf"(?P<e>{_LANGUAGE_NAME})\b"
)


def _two_parts(whole: str) -> bool:
    """Whether the prompt asks a part in a language and names another."""
    if not searched(_SECOND_PART, whole):
        return False
    return len({_NAMES[m.group(0)] for m in re.finditer(rf"\b(?:{_LANGUAGE_NAME})\b", whole)}) > 1


def _one_language_only(rule: Rule) -> Rule:
    """``rule`` without a language where the prompt asks a part in another."""

    def read(sentence: Sentence) -> Iterator[Hit]:
        whole = lowered(sentence.whole or sentence.masked)
        for hit in rule(sentence):
            if isinstance(hit.spec, Language) and _two_parts(whole):
                continue  # "Reply in Portuguese, and add an English translation"
            if isinstance(hit.spec, Language) and paired_languages(sentence.full or whole):
                continue  # "into Polish, one per line as "English term = Polish term""
            yield hit

    read.__name__ = read.__qualname__ = getattr(rule, "__name__", "rule")
    return read


def language_of_text(sentence: Sentence) -> Iterator[Hit]:
    """ "Write 10 French sentences", "a Mandarin tongue twister"
    (:mod:`._language_forms`)."""
    for found in text_language(sentence):
        yield from response_spec(
            sentence, partial(Language, language=found.code), found.start, found.end
        )


def language_label(sentence: Sentence) -> Iterator[Hit]:
    """ "Target language: Portuguese (Brazil)." (:mod:`._language_forms`)."""
    for found in labelled_language(sentence):
        yield Hit(Language(language=found.code), found.start, found.end)


class _Language(Corrected):
    name = "language"
    specs = (Language,)
    rules: ClassVar[tuple[Rule, ...]] = tuple(
        _one_language_only(rule)
        for rule in (
            language,
            one_language,
            named_language,
            translations,
            in_its_own_words,
            language_of_text,
            language_label,
        )
    )

    def measure(self, spec: Any, text: str) -> Outcome:
        return _language(spec, text)


LANGUAGE = _Language()
