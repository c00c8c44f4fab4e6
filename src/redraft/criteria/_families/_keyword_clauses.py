"""Keyword clauses of their own, and the keyword family.

- How often a word appears, stated of the word: "the word 'heat' appears at
  least 4 times", "'hot' never appears", "the line 'Hush now' must appear
  twice", "the word 'sorry' at most once". Such a clause is read where it is
  a requirement on the answer, where it describes the one thing asked for
  ("Write a story in which the word 'red' appears exactly 5 times"), and
  where it is a clause of its own with its own modal ("…, and the word
  'pineapple' should appear 3 to 5 times").
- Literals a verb requires without quotes, each a string no prose word can
  be: a phone number, a price, a hashtag or handle, a URL, an email address,
  a code of letters and digits ("include our hotline 1-800-555-0199",
  "mention @DataPulse exactly once", "Include the reference LH-88231 twice").
  A plain number or word is never such a literal ("include 3 examples").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._arguments import (
    ARG,
    NOT_KEYWORDS,
    Corrected,
    frequency,
    parse_list,
)
from redraft.criteria._families._closed_class_bans import closed_class_bans
from redraft.criteria._families._hidden_answer import hidden_answer
from redraft.criteria._families._keyword_address import address_forms
from redraft.criteria._families._keyword_bans import (
    banned,
    banned_kinds,
    bare_quoted_ban,
    kept_out,
    unit_bans,
)
from redraft.criteria._families._keyword_caps import capped_words
from redraft.criteria._families._keyword_names import named
from redraft.criteria._families._keyword_values import named_counted, written_values
from redraft.criteria._families._keywords import (
    ELSEWHERE,
    OPEN_LIST,
    REQUIRE_DONE,
    ForbiddenWords,
    Keyword,
    forbidden_hit,
    forbidden_outcome,
    keyword_hits,
    keyword_outcome,
    keywords,
    more_keywords,
    of_several,
    own_modal_clause,
    told_of,
)
from redraft.criteria._families._lexical import asks_about, described
from redraft.criteria._families._literal_values import (
    NUMBER_NOUNS,
    literal_at,
    literal_subjects,
)
from redraft.criteria._families._paraphrase import paraphrase_dropped
from redraft.criteria._families._placeholder_tokens import placeholder_tokens
from redraft.criteria._families._referents import referents
from redraft.criteria._families._valued_items import valued_items
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    Hit,
    Rule,
    Sentence,
    response_context,
    sentence_blocked,
)

__all__ = ["KEYWORDS", "appearing", "described_widely", "literals"]

_SHOULD_APPEAR = compile_lazily(
    # "the word 'heat' appears …"; a quoted phrase needs no noun: "'rook' appears at least twice"
    r"(?:\b(?:the\s+)?(?:key\s*word|word|term|phrase|expression|line|sentence|name|hashtag)\s+"
    rf"(?P<arg>{ARG}|[a-z][\w'-]*)|(?<![\w\ue000])(?P<quoted>{ARG}))\s+"
    # "the word "tiger" itself must not appear": the word as such, not its letters
    r"(?:itself\s+)?"
    r"(?:(?P<modal>(?:should|must|needs?\s+to|has\s+to|is\s+to|to)\s+(?P<not>not\s+)?)"
    r"(?:appear|occur|be\s+used|be\s+included|be\s+mentioned|show\s+up|be\s+repeated|come\s+up|"
    # "the word 'harbor' has to be in there": in the answer, said the writer's way
    r"be\s+(?:somewhere\s+)?in\s+(?:there|it)\b)|"
    r"appears|occurs|shows\s+up|comes\s+up|is\s+used|(?:is|gets)\s+(?:mentioned|repeated)|"
    r"(?P<never>doesn'?t\s+appear|does\s+not\s+appear|never\s+appears))"
)
# "Make sure 'tide' comes up": the writer's own frame makes the clause a requirement
_ENSURED = compile_lazily(r"\b(?:make\s+sure|be\s+sure|ensure)(?:\s+that)?\s*$")
# "the word 'sorry' at most once": a word and its count, no verb between.
_WORD_COUNTED = compile_lazily(
    rf"\b(?:the\s+)?(?:key\s*word|word|term|phrase|expression)\s+(?P<arg>{ARG})(?=\s*,?\s*"
    r"(?:(?:at\s+(?:least|most)|exactly|no\s+more\s+than|no\s+fewer\s+than|no\s+less\s+than|"
    r"not\s+more\s+than|only|just|max(?:imum)?|min(?:imum)?)\s+)?(?:\w+\s+times|once|twice|thrice)\b)"
)
# "… appears at least 4 times but 'hot' never appears": the next clause of
# one requirement, read as the clause before it was.
_JOINED = compile_lazily(r"\s*,?\s*(?:and|but|while|whereas|yet)\s+$")


# "Write a paragraph on urban heat islands in which the word 'heat' appears …",
# "… in which no sentence is longer than 12 words and the word 'less' appears
# …": a clause describing the thing asked for, after what it is about. Not
# where what it is about is given ("a summary of the essay below in which …"),
# nor a "where" after a topic that is text ("a review of a novel where …" may
# be the novel's).
_ASKED_WHERE = compile_lazily(
    r"\s*(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:write|compose|create|"
    r"draft|craft|generate|produce|give\s+me|tell\s+me)\s+(?:me\s+)?(?:a|an|one)\s+"
    r"(?P<about>[^.;:!?\ue000]{0,80}?)\s(?P<link>where|in\s+which|wherein|such\s+that|so\s+that)\s+"
    r"(?:[^.;:!?]{0,80}?\s(?:and|but|while)\s+)?"
)
_TOPIC = compile_lazily(r"\b(?:about|on|of|for|in|at|from|with)\b")
_NEGATED_CLAUSE = compile_lazily(
    r"(?:(?!\b(?:but|and|while|whereas|yet)\b)[^.;,]){0,60}?(?:\b(?:never|not|no|none|nowhere)\b|n't\b)"
)
# A topic that is itself text: a word may appear in it as well as in the answer.
_TEXT_TOPIC = compile_lazily(
    r"\b(?:about|on|of|for|in|at|from|with)\b.*\b(?:books?|novels?|poems?|songs?|stor(?:y|ies)|"
    r"speech(?:es)?|texts?|articles?|letters?|essays?|films?|movies?|plays?|scripts?|documents?|"
    r"reports?|papers?|chapters?|e-?mails?|messages?|lyrics|posts?|tweets?|ads?|slogans?|signs?|"
    r"menus?|headlines?|quotes?|sayings?|proverbs?|dictionar(?:y|ies)|language|conversations?|"
    r"dialogues?|shows?|episodes?|series|sitcoms?|comics?|manga|games?|websites?|pages?|blogs?)\b"
)
_GIVEN = compile_lazily(
    r"\b(?:this|these|those|my|his|her|their|our|given|provided|attached|following|below|above|"
    r"existing|original|pasted)\b"
)


def described_widely(sentence: Sentence, start: int) -> bool:
    found = _ASKED_WHERE.fullmatch(sentence.lower, 0, start)
    if found is None or _GIVEN.search(found.group("about")):
        return False
    about = found.group("about")
    # "a review of a novel where the word 'love' appears 50 times": the novel, maybe;
    # a place has no words in it, so a count of one is the answer's ("a paragraph on
    # urban heat islands where 'heat' appears 4 times"), but "a story about a town
    # where the word 'no' never appears" may be the story's premise
    if (
        found.group("link") == "where"
        and _TOPIC.search(about)
        and (_TEXT_TOPIC.search(about) or _NEGATED_CLAUSE.match(sentence.lower, start))
    ):
        return False
    return not (sentence_blocked(sentence, start) or sentence.lower.rstrip().endswith("?"))


def _of_answer(sentence: Sentence, start: int, *, modal: bool) -> bool:
    return (
        response_context(sentence, start)
        or described(sentence, start)
        or described_widely(sentence, start)
        or (modal and own_modal_clause(sentence, start))
    )


def appearing(sentence: Sentence) -> Iterator[Hit]:
    """Words that must appear ("the word 'heat' appears at least 4 times")
    or never appear ("'hot' never appears")."""
    text = sentence.lower
    read_to = -1
    for match in _SHOULD_APPEAR.finditer(text):
        group = "arg" if match.group("arg") else "quoted"
        raw = sentence.unmask(match.start(group), match.end(group))
        arg = raw.strip("\"“”'‘’«»`").strip()
        if raw == arg and arg.lower() in NOT_KEYWORDS:
            continue  # a bare "the word that appears …" is no keyword; a quoted 'that' is
        joined = read_to >= 0 and _JOINED.fullmatch(text, read_to, match.start()) is not None
        modal = match.group("modal") is not None or bool(_ENSURED.search(text, 0, match.start()))
        if ELSEWHERE.match(text, match.end()) or not (
            joined or _of_answer(sentence, match.start(), modal=modal)
        ):
            continue
        if match.group("not") or match.group("never"):
            if hit := forbidden_hit([arg], *match.span()):
                read_to = match.end()
                yield hit
            continue
        amounts, end = frequency(sentence, match.end())
        if ELSEWHERE.match(text, end):
            continue
        if group == "quoted" and end == match.end() and not modal:
            continue  # "tell me why 'literally' appears so often": no requirement stated
        read_to = end
        yield from keyword_hits([arg], amounts, match.start(), end)
        if end > match.end():
            yield from more_keywords(sentence, end)


# "the words 'chlorophyll', 'glucose' and 'carbon dioxide' must all appear": several
# quoted words, each required, with the clause's own modal
_WORDS_HEAD = compile_lazily(
    r"\b(?:the\s+)?(?:key\s*words|words|terms|phrases|expressions)\s+(?=[\"“'‘«`]\ue000)"
)
_ALL_APPEAR = compile_lazily(
    r"\s*,?\s*(?:should|must|need\s+to|have\s+to)\s+(?:all\s+|both\s+|each\s+)?"
    r"(?:appear|be\s+used|be\s+included|be\s+mentioned|show\s+up|occur)\b"
    r"(?:\s+(?:somewhere|at\s+least\s+once|in\s+(?:the|your)\s+(?:answer|response|text)))?"
    r"(?=\s*(?:$|[.;!,)]|—|–|(?:and|but)\b))"
)

_TOLD_OF = compile_lazily(r"\b(?:why|how|whether|what|that)\s+$")


def words_appearing(sentence: Sentence) -> Iterator[Hit]:
    """Several quoted words that must all appear, stated of the words."""
    text = sentence.lower
    for match in _WORDS_HEAD.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed or len(parsed[0]) < 2 or OPEN_LIST.match(text, parsed[1]):
            continue
        if (done := _ALL_APPEAR.match(text, parsed[1])) is None:
            continue
        if " or " in text[match.end() : parsed[1]]:
            continue  # "the words 'a' or 'b' must appear": either will do
        if _TOLD_OF.search(text, 0, match.start()):
            continue  # "tell me why the words 'a' and 'b' must appear": said of, not asked
        if not _of_answer(sentence, match.start(), modal=True):
            continue
        yield from keyword_hits(parsed[0], [("at_least", 1)], match.start(), done.end())


def counted_words(sentence: Sentence) -> Iterator[Hit]:
    """A word and its count with no verb: "the word 'sorry' at most once"."""
    text = sentence.lower
    # The first such word only: the words after it are read with it ("… and
    # the word 'y' once"), and reading each alone would cost a pass per word.
    match = _WORD_COUNTED.search(text)
    if match is None:
        return
    amounts, end = frequency(sentence, match.end())
    if end == match.end() or not amounts or ELSEWHERE.match(text, end):
        return
    if told_of(text, match.start()):
        return  # "tell me why songs repeat the phrase 'baby' twice"
    if response_context(sentence, match.start()) or described(sentence, match.start()):
        word = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
        yield from keyword_hits([word], amounts, match.start(), end)
        yield from more_keywords(sentence, end)


_SEP = compile_lazily(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_EACH = compile_lazily(r"\s+(?:each|apiece)\b")
_LITERAL_VERB = compile_lazily(
    r"\b(?P<verb>include|includes|including|mention|mentions|mentioning|add|feature|reference|"
    r"cite|give|provide|state|display|use|contain|contains|containing|quote|quotes|"
    # "keep the error code E-4012 unchanged": kept, so written (with "unchanged" after)
    r"keep|preserve|retain)\s+"
    r"(?:(?P<det>the|our|my|your|this|that|their|his|her|a|an)\s+)?"
)
_NAMING_WORD = compile_lazily(
    # not a form's words: "the price formatted like £8.50" shows a sample of a form
    r"(?:link|links)\s+to\s+|(?!(?:in|on|at|to|for|with|from|by|and|or|as|of|like|formatted|"
    r"styled|e\.g)\b)[a-z][\w'-]*\s+"
)
# "Mention #rules and #introductions channels": what the literals are, after them.
_NAMED_AFTER = compile_lazily(r"\s+(?:channels?|hashtags?|handles?|accounts?|tags?|links?)\b")
# "include the code SPRING20 in capitals": read only of a literal already in capitals,
# which the keyword check then asks for as written
_IN_CAPITALS = compile_lazily(
    r"\s+in\s+(?:all\s+)?(?:capitals|caps|capital\s+letters|upper\s*case(?:\s+letters)?)\b"
)
# "include the price £120, and the phrase 'collection only'": quoted phrases after.
_AND_QUOTED = compile_lazily(
    r"\s*,?\s*and\s+(?:the\s+)?(?:phrases?|words?|terms?)\s+(?=[\"“'‘«`]\ue000)"
)
_CODE_VERBS = frozenset(
    [
        "keep",
        "preserve",
        "retain",
        "include",
        "includes",
        "including",
        "mention",
        "mentions",
        "mentioning",
        "add",
        "feature",
        "reference",
        "cite",
        "contain",
        "contains",
        "containing",
        "quote",
        "quotes",
    ]
)
_KEEP_VERBS = frozenset(["keep", "preserve", "retain"])
_UNCHANGED = compile_lazily(
    r"\s+(?:unchanged|intact|as\s+it\s+is|as\s+is|exactly\s+as\s+(?:written|given))\b"
)
# "the price €45.00 per person": what the price is of, not part of the string
_PER = compile_lazily(r"\s+per\s+(?:person|head|night|month|year|week|day|hour|item|unit|ticket)\b")
# "include the version number exactly as v2.3.1": the literal's manner before it
_EXACTLY_AS = compile_lazily(r"(?:exactly\s+)?as\s+(?=\S)")


def _literal_list(sentence: Sentence, pos: int, *, codes: bool) -> tuple[list[str], int] | None:
    text = sentence.lower
    items: list[str] = []
    end = pos
    while (found := literal_at(sentence, end, codes=codes)) is not None and len(items) < 10:
        items.append(found[0])
        end = found[1]
        sep = _SEP.match(text, end)
        if sep is None:
            break
        # "the hashtag #devtools and the link https://…": each literal may have its own name
        after = sep.end()
        for _ in range(3):
            if literal_at(sentence, after, codes=codes) is not None:
                break
            word = _NAMING_WORD.match(text, after)
            if word is None:
                break
            after = word.end()
        if literal_at(sentence, after, codes=codes) is None:
            break
        end = after
    return (items, end) if items else None


def _named_literals(
    sentence: Sentence, pos: int, *, codes: bool, definite: bool = False
) -> tuple[list[str], int] | None:
    """The literals after at most three words naming them ("our hotline",
    "the reference number")."""
    text = sentence.lower
    named = False  # the last naming word says a value follows ("the year", "the number")
    for _ in range(4):
        if found := _literal_list(sentence, pos, codes=codes):
            return found
        if named and (one := literal_at(sentence, pos, codes=codes, numbers=True)):
            return [one[0]], one[1]
        # "the version number exactly as v2.3.1"
        manner = _EXACTLY_AS.match(text, pos) if named else None
        if manner and (one := literal_at(sentence, manner.end(), codes=codes, numbers=True)):
            return [one[0]], one[1]
        # "mention the salary (£54,000) exactly once": the literal in brackets after its name
        if (
            text.startswith("(", pos)
            and (inner := _literal_list(sentence, pos + 1, codes=codes))
            and text.startswith(")", inner[1])
        ):
            return inner[0], inner[1] + 1
        word = _NAMING_WORD.match(text, pos)
        if word is None:
            return None
        named = definite and word.group(0).strip() in NUMBER_NOUNS
        pos = word.end()
    return None


def literals(sentence: Sentence) -> Iterator[Hit]:
    """Literals a verb requires without quotes, with their stated count."""
    text = sentence.lower
    for match in _LITERAL_VERB.finditer(text):
        codes = match.group("verb") in _CODE_VERBS and match.group("det") not in ("a", "an")
        definite = match.group("det") in ("the", "our", "my", "your", "this", "their", "his", "her")
        parsed = _named_literals(sentence, match.end(), codes=codes, definite=definite)
        if parsed is None:
            continue
        items, end = parsed
        if per := _PER.match(text, end):
            end = per.end()
        kept = None
        if match.group("verb") in _KEEP_VERBS:
            if (kept := _UNCHANGED.match(text, end)) is None:
                continue  # "keep the price £5 in the title": not the code written as it is
            end = kept.end()
        if after := _NAMED_AFTER.match(text, end):
            end = after.end()
        if (caps := _IN_CAPITALS.match(text, end)) and all(
            i.upper() == i and any(c.isalpha() for c in i) for i in items
        ):
            end = caps.end()  # "include the code SPRING20 in capitals": as it is written
        if (more := _AND_QUOTED.match(text, end)) and (quoted := parse_list(sentence, more.end())):
            items, end = items + quoted[0], quoted[1]
        amounts, end = frequency(sentence, end)
        if len(items) > 1 and (each := _EACH.match(text, end)):
            end = each.end()  # "#devtools and https://… exactly once each": every one's count
        if not amounts or OPEN_LIST.match(text, end) or ELSEWHERE.match(text, end):
            continue
        # "keep the code E-4012 unchanged: 'Your session …'": the text it is kept in follows
        done = REQUIRE_DONE.match(text, end) or (kept and text.startswith(":", end))
        if not done or asks_about(sentence, match.start()):
            continue
        # "Write one sentence that contains the number 25%": of the one thing asked for
        if not (response_context(sentence, match.start()) or described(sentence, match.start())):
            continue
        if of_several(text, match.start()):
            continue
        yield from keyword_hits(items, amounts, match.start(), end)
        yield from more_keywords(sentence, end)


class _Keywords(Corrected):
    name = "keywords"
    specs = (Keyword, ForbiddenWords)
    # "ways to say 'X'", "rephrase 'X'": a phrase to say otherwise is no keyword
    rules: ClassVar[tuple[Rule, ...]] = tuple(
        paraphrase_dropped(rule)
        for rule in (
            keywords,
            named,
            banned_kinds,
            kept_out,
            banned,
            bare_quoted_ban,
            unit_bans,
            closed_class_bans,
            address_forms,
            appearing,
            words_appearing,
            counted_words,
            capped_words,
            literals,
            literal_subjects,
            written_values,
            named_counted,
            referents,
            valued_items,
            hidden_answer,
            placeholder_tokens,
        )
    )

    def measure(self, spec: Any, text: str) -> Outcome:
        if isinstance(spec, Keyword):
            return keyword_outcome(spec, text)
        return forbidden_outcome(spec, text)

    def settled_failure(self, spec: Any, partial: str) -> bool:
        if not isinstance(spec, ForbiddenWords):
            return False
        # A match at the very end may still grow into another word.
        return any(
            m.end() < len(partial) for w in spec.words for m in measure.keyword_matches(partial, w)
        )


KEYWORDS = _Keywords()
