"""Selective evaluation: is this request worth judging at all?

Judging "hi" or "thanks!" costs a judge call and adds latency for nothing:
any friendly reply is fine. :func:`analyse_query` looks at the last user turn
and says whether it is *trivial* — only greetings, thanks or acknowledgements
— so a policy with ``skip_trivial`` can return the first draft unjudged.

This is a heuristic, built to err on the side of judging: anything with a
question (a ``?``, or a clause opening with "what", "how", "can you"…), an
instruction ("write", "explain", "translate"…), an attachment, more than
``max_words`` words or more than one word it does not recognise is *not*
trivial. "hi, what's the capital of France?" is a question. A bare "ok" or
"yes" that answers a question the assistant just asked is a reply that moves
the conversation on, so it is not trivial either. The phrase lists cover
English and a few common greetings and thanks in other languages; extend them
with :class:`TrivialRules`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from redraft.core._types import Message, RunRequest

__all__ = ["DEFAULT_TRIVIAL_RULES", "QueryAnalysis", "QueryKind", "TrivialRules", "analyse_query"]

QueryKind = Literal["greeting", "thanks", "acknowledgement", "question", "task", "empty"]

_GREETINGS = (
    "hi", "hello", "hey", "heya", "hiya", "howdy", "yo", "greetings", "good morning",
    "how are you", "how are you doing", "how's it going", "how is it going", "what's up",
    "whats up", "sup", "wassup",
    "good afternoon", "good evening", "good day", "morning", "evening",
    "hola", "buenos días", "buenos dias", "buenas tardes", "buenas noches", "buenas",
    "bonjour", "bonsoir", "salut", "coucou", "hallo", "guten morgen", "guten tag",
    "guten abend", "moin", "servus", "grüß gott", "ciao", "buongiorno", "buonasera", "salve",
    "olá", "ola", "oi", "bom dia", "boa tarde", "boa noite", "hej", "hallå", "hei", "moi",
    "goedemorgen", "goedendag", "hoi", "cześć", "dzień dobry", "ahoj", "привет",
    "здравствуйте", "merhaba", "selam", "salam", "salaam", "marhaba", "shalom", "namaste",
    "namaskar", "こんにちは", "おはよう", "こんばんは", "你好", "您好", "안녕하세요", "안녕",
    "xin chào", "sawasdee", "halo", "jambo",
)  # fmt: skip
_THANKS = (
    "thanks", "thank you", "thankyou", "thx", "thnx", "tnx", "ty", "tysm", "cheers",
    "much appreciated", "appreciate it", "i appreciate it", "many thanks", "thanks a lot",
    "gracias", "muchas gracias", "merci", "merci beaucoup", "danke", "danke schön",
    "danke schon", "dankeschön", "vielen dank", "grazie", "grazie mille", "obrigado",
    "obrigada", "muito obrigado", "muito obrigada", "tack", "tack så mycket", "takk",
    "tak", "kiitos", "dank je", "dank je wel", "dankjewel", "bedankt", "dziękuję", "děkuji",
    "спасибо", "большое спасибо", "teşekkürler", "teşekkür ederim", "sağol", "shukran",
    "todah", "toda", "dhanyavaad", "dhanyavad", "ありがとう", "ありがとうございます",
    "谢谢", "谢谢你", "多谢", "感谢", "감사합니다", "고마워", "cảm ơn", "terima kasih",
    "asante", "you rock", "you're the best", "you are the best", "you're awesome",
    "you're a star", "legend",
)  # fmt: skip
_ACKNOWLEDGEMENTS = (
    "ok", "okay", "okey", "k", "kk", "got it", "gotcha", "understood", "noted", "i see",
    "cool", "great", "perfect", "nice", "awesome", "excellent", "wonderful", "lovely",
    "sounds good", "sounds great", "that's great", "that's perfect", "that works",
    "fair enough", "makes sense", "that makes sense", "alright", "all right", "right",
    "sure", "fine", "yes", "yeah", "yep", "yup", "no", "nope", "bye", "goodbye", "good bye",
    "see you", "see ya", "later", "good night", "have a nice day", "d'accord", "vale",
    "va bene", "genau", "entendido", "très bien", "lol", "haha", "wow",
)  # fmt: skip
# Words that may ride along with the phrases above without adding a request.
_FILLERS = (
    "there", "all", "everyone", "everybody", "folks", "guys", "team", "friend", "mate",
    "buddy", "again", "so much", "very much", "a lot", "a bunch", "a ton", "so", "very",
    "really", "too", "as well", "and", "oh", "well", "then", "for the help",
    "for your help", "for all the help", "for all your help", "for that", "for this",
    "for the answer", "for the explanation", "for the info", "for the information",
    "for everything", "for your time", "it", "that", "this", "please",
)  # fmt: skip
_WORD = re.compile(r"[\w'’-]+", re.UNICODE)


def _words(text: str) -> list[str]:
    return [w.replace("’", "'").strip("'-") for w in _WORD.findall(text.casefold())]


def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that ask wherever they stand, and words that ask when they open a clause.
_WH_WORDS = _word_set(
    "what what's whats why how how's when where where's who who's whom whose which "
    "qué cómo dónde cuándo quoi comment pourquoi où quand wie warum wo wann welche "
    "perché cosa dove"
)
_INTERROGATIVES = _word_set(
    "can could would will should shall may might must is are am was were do does did "
    "have has had isn't aren't don't doesn't didn't won't wouldn't couldn't can't "
    "que como quando est-ce"
)
# Verbs that ask for work.
_INSTRUCTIONS = _word_set(
    "write explain tell give list show summarize summarise translate help make create "
    "build fix find describe compare calculate compute draft generate rewrite edit "
    "check review convert continue add remove delete change update plan suggest "
    "recommend send implement define analyse analyze solve outline design proofread "
    "correct improve shorten expand elaborate answer go proceed do need want try"
)
_QUESTION_MARKS = ("?", "？", "¿", "؟")


@dataclass(frozen=True)
class TrivialRules:
    """What counts as trivial. Phrases are matched on lower-cased words;
    ``extra_patterns`` are regular expressions that mark a whole message
    (lower-cased, trimmed of spaces and ``.!,;:``) as a trivial acknowledgement when they match it
    fully. ``unknown_words`` is how many unrecognised words (a name: "hi
    Sam") a trivial message may carry."""

    max_words: int = 8
    greetings: tuple[str, ...] = _GREETINGS
    thanks: tuple[str, ...] = _THANKS
    acknowledgements: tuple[str, ...] = _ACKNOWLEDGEMENTS
    fillers: tuple[str, ...] = _FILLERS
    extra_patterns: tuple[str, ...] = ()
    unknown_words: int = 1
    _table: dict[tuple[str, ...], str] = field(init=False, repr=False, compare=False)
    _longest: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table: dict[tuple[str, ...], str] = {}
        for kind, phrases in (
            ("filler", self.fillers),
            ("acknowledgement", self.acknowledgements),
            ("greeting", self.greetings),
            ("thanks", self.thanks),
        ):
            for phrase in phrases:
                words = tuple(_words(phrase))
                if words:
                    table[words] = kind
        object.__setattr__(self, "_table", table)
        object.__setattr__(self, "_longest", max((len(k) for k in table), default=0))

    def match(self, words: list[str], start: int) -> tuple[str, int] | None:
        """The longest phrase at ``words[start:]``: its kind and length."""
        for length in range(min(self._longest, len(words) - start), 0, -1):
            kind = self._table.get(tuple(words[start : start + length]))
            if kind is not None:
                return kind, length
        return None


DEFAULT_TRIVIAL_RULES = TrivialRules()


@dataclass(frozen=True)
class QueryAnalysis:
    """What :func:`analyse_query` concluded about the last user turn."""

    trivial: bool
    kind: QueryKind
    reason: str
    words: int


def analyse_query(request: RunRequest, rules: TrivialRules | None = None) -> QueryAnalysis:
    """Classify the last user turn of ``request`` (a heuristic; see the module
    docstring). Only a trivial message may skip evaluation."""
    rules = rules or DEFAULT_TRIVIAL_RULES
    last = next((m for m in reversed(request.messages) if m.role == "user"), None)
    text = last.text.strip() if last is not None else ""
    words, starts = _clauses(text)
    count = len(words)
    question = any(mark in text for mark in _QUESTION_MARKS)

    def verdict(trivial: bool, kind: QueryKind, reason: str) -> QueryAnalysis:
        return QueryAnalysis(trivial=trivial, kind=kind, reason=reason, words=count)

    if (
        last is not None
        and isinstance(last.content, list)
        and any(part.get("type") != "text" for part in last.content)
    ):
        return verdict(False, "task", "the message has an attachment")
    if not words and not question:
        return verdict(True, "empty", "the message has no words")
    lowered = " ".join(text.casefold().split()).strip(" .!,;:")
    for pattern in rules.extra_patterns:
        if re.fullmatch(pattern, lowered):
            return verdict(True, "acknowledgement", f"matches the pattern /{pattern}/")
    if count > rules.max_words:
        kind: QueryKind = "question" if question else "task"
        return verdict(False, kind, f"{count} words is more than a trivial message has")

    kinds: list[str] = []
    unknown: list[str] = []
    at = 0
    while at < count:
        matched = rules.match(words, at)
        if matched is None:
            word = words[at]
            # "what" asks anywhere; "is"/"can" only when they open a clause
            # ("is it ok", "hi, can you…", not "that was great").
            if word in _WH_WORDS or (word in _INTERROGATIVES and starts[at]):
                return verdict(False, "question", f"the message asks a question ({word!r})")
            if word in _INSTRUCTIONS:
                return verdict(False, "task", f"the message asks for something ({word!r})")
            unknown.append(word)
            at += 1
        else:
            kind_found, length = matched
            if kind_found != "filler":
                kinds.append(kind_found)
                if at + length < count:
                    starts[at + length] = True
            at += length
    if question and (unknown or set(kinds) != {"greeting"}):
        # Only a greeting may end in "?" ("how are you?"); "ok?" asks something.
        return verdict(False, "question", "the message asks a question")
    if not kinds or len(unknown) > rules.unknown_words:
        return verdict(False, "task", "not only greetings, thanks or acknowledgements")
    if "thanks" in kinds:
        return verdict(True, "thanks", "only thanks")
    if "greeting" in kinds:
        return verdict(True, "greeting", "only a greeting")
    if _assistant_asked(request.messages):
        return verdict(False, "task", "it answers the question the assistant just asked")
    return verdict(True, "acknowledgement", "only an acknowledgement")


def _clauses(text: str) -> tuple[list[str], list[bool]]:
    """The words of ``text`` (lower-cased) and, for each, whether it opens a
    clause: the first word, or one after punctuation."""
    words: list[str] = []
    starts: list[bool] = []
    previous_end = 0
    for match in _WORD.finditer(text.casefold()):
        word = match.group(0).replace("’", "'").strip("'-")
        if not word:
            continue
        gap = text[previous_end : match.start()]
        starts.append(not words or any(mark in gap for mark in ",.;:!?¿¡—"))
        words.append(word)
        previous_end = match.end()
    return words, starts


def _assistant_asked(messages: list[Message]) -> bool:
    """Whether the assistant turn before the last user turn ends with a question."""
    seen_user = False
    for message in reversed(messages):
        if message.role == "user":
            if seen_user:
                return False
            seen_user = True
        elif message.role == "assistant" and seen_user:
            # "…shall I go on? Let me know." asked too: look at the end, not the last mark.
            tail = message.text.rstrip()[-200:]
            return any(mark in tail for mark in _QUESTION_MARKS)
    return False
