"""The rule compiler: stated requirements → checks, offline and instant.

It reads the prompt (and the criteria) sentence by sentence and compiles only
phrasings it is sure of. A false check fails good answers, which is worse
than leaving a requirement to the judge, so before any rule runs:

- quoted material (``"…"``, ``“…”``, ``'…'``, ``«…»``, backticks, code
  blocks, ``>`` quotes) and text handed over for processing ("Translate the
  following: …") are masked, so requirements inside them are never read as
  the user's own; a rule may still take a quoted *argument* ("end with the
  phrase 'that is all.'");
- a sentence that hedges ("ideally", "try to", "don't worry about", "you may"),
  states a condition ("if …") or gives an example ("for example", "e.g.") is
  skipped, and so is a requirement under a negation the rule does not own
  ("it doesn't have to be under 100 words");
- a requirement must be about the response: a directive ("write", "answer",
  "keep it …") or a response noun ("your answer should …") must govern it,
  and nothing in between may make it about something else ("a title of at
  most 5 words", "each sentence", "a function that …", "this 500-word essay");
- a requirement with an exception ("no exclamation marks except in the
  greeting") compiles nothing.

A sentence that lists requirements is then read item by item
(:mod:`redraft.criteria._items`), each item where the whole sentence
compiled nothing. Each check records its exact source span.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._limits import MAX_COMPILED_CHARS
from redraft.criteria._compiled import CompiledCheck, TextSource
from redraft.criteria._conditioned import conditioned_after
from redraft.criteria._families import FAMILY_RULES
from redraft.criteria._fronted_part import fronted_kind, fronted_part, part_named_before
from redraft.criteria._grammar import NUMBER
from redraft.criteria._items import list_items
from redraft.criteria._once import compiling
from redraft.criteria._part_bound import WHOLE_KINDS, bound_to_part
from redraft.criteria._prompt_language import implied_language
from redraft.criteria._rule_errors import read_safely
from redraft.criteria._sentences import Sentence, mask, sentences, templated
from redraft.criteria._spec import CheckSpec
from redraft.criteria._users_work import of_users_work
from redraft.criteria._waived import without_waived
from redraft.evaluators._isolation import run_isolated
from redraft.evaluators._offload import DEFAULT_LIMIT_S, INLINE_CHARS, run_bounded

__all__ = ["RULES", "compile_checks", "compile_checks_async", "compile_rules"]

RULES = FAMILY_RULES
"""Every rule, in the order they read a sentence: each registered family's,
in the order of :data:`~redraft.criteria._families.FAMILIES`."""


def compile_rules(text: str, *, source: TextSource = "prompt") -> list[CompiledCheck]:
    """The checks stated in ``text``, in order of appearance.

    A text longer than :data:`~redraft.core._limits.MAX_COMPILED_CHARS` compiles to
    nothing: its requirements are left to the judge rather than read in part,
    and compiling stays cheap whatever a request body holds."""
    if not text or not text.strip() or len(text) > MAX_COMPILED_CHARS:
        return []
    with compiling():
        return _compile_rules(text, source)


def _compile_rules(text: str, source: TextSource) -> list[CompiledCheck]:
    masked = mask(text)
    hits: list[CompiledCheck] = []
    seen: set[tuple[object, ...]] = set()
    before: list[CompiledCheck] = []
    for sentence in sentences(text, masked, source):
        retracted = _RETRACTION.search(sentence.masked)
        if not retracted and _ASKED_BEFORE.search(masked, 0, sentence.start):
            # "No hashtags? Actually, hashtags are fine.": a request put as a
            # question and answered "no" or "actually" is taken back
            retracted = _ANSWERED_NO.match(sentence.masked)
        if retracted and not retracted.start():
            # "Write a villanelle. Actually, no, just a free verse poem.": the
            # sentence before is taken back, its slots free for what replaces it
            hits = [check for check in hits if check not in before]
            seen -= {check.spec.slot() for check in before}
        found = _read(sentence, seen, taken=[])
        spans = [check.source_span for check in found if check.source_span]
        # "Give me 3 subject lines, under 45 characters": a count of the things
        # asked for does not make the sentence a list of requirements on the
        # answer; what follows it may describe each thing
        opened = [
            check.source_span
            for check in found
            if check.source_span and check.spec.kind_name() not in _PARTS_ASKED
        ]
        for item in list_items(sentence, opened):
            found += _read(item, seen, taken=spans)
        if retracted and retracted.start():
            # "Write a limerick — actually no, a free verse poem": what comes
            # before the retraction in its own sentence is taken back too
            cut = sentence.start + retracted.start()
            found = [c for c in found if c.source_span and c.source_span[0] >= cut]
        if size_dropped := _SIZE_RETRACTION.search(sentence.masked):
            # "a 500-word story... actually never mind the length": the size
            # stated just before is taken back, the rest of the request stands
            cut = sentence.start + size_dropped.start()
            hits = [c for c in hits if c not in before or c.spec.kind_name() not in _SIZES]
            seen -= {c.spec.slot() for c in before if c.spec.kind_name() in _SIZES}
            found = [
                c
                for c in found
                if c.spec.kind_name() not in _SIZES or (c.source_span and c.source_span[0] >= cut)
            ]
        hits += found
        before = found
    return sorted(hits, key=lambda c: c.source_span or (0, 0))


_PARTS_ASKED = frozenset({"item_count"})

# A request taken back: "Actually, no, …", "Scratch that", "On second thought",
# "Never mind, …", "Wait, no". It stands at the start of a sentence or after a
# break within one ("a limerick — actually no, a free verse poem"), so "don't
# forget that …", "actually, no one reads it" and "never mind the length" are
# no retraction.
_RETRACTION = compile_lazily(
    # "No — on second thought, …": a bare "no" may lead the retraction in
    r"(?:^|(?<=[,;:(—–-])|(?<=\s[—–-]))\s*(?:(?:no|oh|hmm)\b\s*[,!]?\s*[—–-]?\s*(?=[a-z]))?"
    r"(?:actually,?\s+no|wait,?\s+no|no,?\s+wait|"
    r"scratch\s+that|strike\s+that|forget\s+(?:that|what\s+i\s+(?:just\s+)?said|the\s+above)|"
    r"ignore\s+(?:that|what\s+i\s+(?:just\s+)?said)|disregard\s+that|never\s*mind|"
    r"on\s+second\s+thoughts?|change\s+of\s+plans?|"
    # "… in Spanish? No, sorry, English is …", "Can you start it with 'Coach,'?
    # Just kidding, …": a joke or an apology that takes the request back
    r"no,?\s+sorry|correction|(?:i'?m\s+(?:just\s+|only\s+)?|just\s+|only\s+)(?:kidding|joking))"
    # "… in Arabic? Sorry, I mean English": a slip corrected, the new word said next
    r"\s*(?:[,.;:!—–-]|$)|^\s*sorry,?\s+i\s+meant?\b",
    re.IGNORECASE,
)

# A question just before the sentence, and the sentence answering it
_ASKED_BEFORE = compile_lazily(r"\?\s*$")
_ANSWERED_NO = compile_lazily(r"\s*(?:no\b\s*[,.!—–-]|actually\b)", re.IGNORECASE)

# A size taken back by name: "… actually never mind the length", "forget the
# word count", "scratch the word limit". It drops the sizes stated before it in
# its own sentence and the sentence before; other requirements there stand.
# (Plain "never mind the length" with nothing before it is a hedge, and the
# families skip it.)
_SIZE_RETRACTION = compile_lazily(
    r"(?:^|(?<=[,;:(—–-])|(?<=\s[—–-])|(?<=\.\.\.))\s*(?:(?:actually|wait|oh|ok(?:ay)?|hmm),?\s+)?"
    r"(?:never\s*mind|forget(?:\s+about)?|ignore|disregard|scratch|drop|skip)\s+"
    r"(?:the|that|my)\s+(?:length|size|(?:word|character|sentence|line|paragraph)\s+"
    r"(?:count|limit|requirement)|limit|length\s+(?:limit|requirement))\b(?!\s+of\b)",
    re.IGNORECASE,
)
_SIZES = frozenset({"word_count", "char_count", "sentence_count", "paragraph_count", "line_count"})

# "No exclamation marks except in the greeting": a rule with exceptions no
# check states; the check without them would fail the answer asked for.
# The exception is the rule's when nothing but the rule's own words stands
# between ("no emojis, except in the sign-off"); one that follows another
# directive after a comma is that directive's ("in lowercase, never use
# punctuation except question marks").
_EXCEPTED = compile_lazily(
    r"[^.;:,]{0,40}?(?:,\s*)?\b(?:except|excepting|other\s+than|apart\s+from|besides|save\s+for|"
    r"excluding|unless|with\s+the\s+exception\s+of)\b"
)


# A rule whose phrase stops inside a word read a different word ("5 words
# long" of "5 words longer than the one before")
_INSIDE_WORD = compile_lazily(r"(?<=[a-z])[a-z]")
# "each at least 5 words longer than the one before", "3 lines shorter than
# the first": a count that is a difference between parts, not a size (a number
# after "than" is a size of the things counted: "3 paragraphs longer than 50
# words" still asks for 3)
_COUNT_END = compile_lazily(rf"\b{NUMBER}\s+[a-z]+$")
_DIFFERENCE = compile_lazily(
    rf"(?:er)?\s+(?:longer|shorter|more|fewer|less)\s+th[ae]n\s+(?!(?:{NUMBER})\b)"
)
# "no bullet more than 15 words", "no line over 40 characters", "no paragraph
# with more than 3 sentences": the ban is of the parts so described, not of
# the part (a bound on each, read by the per-part families)
_BAN = compile_lazily(r"(?:no|zero|without)\s")
_RESTRICTED = compile_lazily(
    r"\s+(?:(?:longer|shorter|more|fewer|less|bigger|smaller|greater)\s+th[ae]n|over|above|"
    r"under|below|exceeding|with|that|which|containing|having|of\s+(?:more|over))\b"
)


def _misread_at_end(lower: str, start: int, end: int) -> bool:
    """Whether what follows a hit's phrase shows the phrase was read wrong:
    it stops inside a word, its count is a difference, or its ban is of
    parts described further."""
    phrase = lower[start:end]
    return bool(
        _INSIDE_WORD.match(lower, end)
        or (_COUNT_END.search(phrase) and _DIFFERENCE.match(lower, end))
        or (_BAN.match(phrase) and _RESTRICTED.match(lower, end))
    )


# "Using the word 'love' is allowed", "the word 'free' is fine": a word
# permitted, not required (a keyword's count would fail the answer without it)
_PERMITTED = compile_lazily(
    r"\s*(?:is|are)\s+(?:also\s+|still\s+|perfectly\s+|totally\s+)?(?:allowed|permitted|fine|"
    r"ok(?:ay)?|acceptable|welcome|not\s+(?:banned|forbidden|prohibited))\b"
)


def _permitted(spec: CheckSpec, lower: str, end: int) -> bool:
    """Whether the keyword ending at ``end`` of ``lower`` is only permitted."""
    return spec.kind_name() == "keyword" and _PERMITTED.match(lower, end) is not None


def _read(
    sentence: Sentence, seen: set[tuple[object, ...]], taken: list[tuple[int, int]]
) -> list[CompiledCheck]:
    """The checks every rule reads in ``sentence`` whose slot is not in
    ``seen`` (which grows) and whose span overlaps none of ``taken``."""
    text = sentence.full
    found: list[CompiledCheck] = []
    for rule in RULES:
        for hit in read_safely(rule, sentence):
            slot = hit.spec.slot()
            start, end = sentence.start + hit.start, sentence.start + hit.end
            if (
                slot in seen
                or _templated(hit.spec, sentence.original)
                or any(start < b and a < end for a, b in taken)
                or _EXCEPTED.match(sentence.lower, hit.end)
                or conditioned_after(sentence.lower, hit.end, sentence.lower[: hit.start])
                or _misread_at_end(sentence.lower, hit.start, hit.end)
                or _permitted(hit.spec, sentence.lower, hit.end)
                or of_users_work(sentence, hit.start)
                or (
                    hit.spec.kind_name() in WHOLE_KINDS
                    and bound_to_part(sentence, hit.start, hit.end)
                )
                or (
                    fronted_kind(hit.spec)
                    and (
                        fronted_part(sentence, hit.start) or part_named_before(sentence, hit.start)
                    )
                )
            ):
                continue
            seen.add(slot)
            while start < end and text[start] in " \t-*•·,;:":
                start += 1
            found.append(
                CompiledCheck(
                    spec=_typed_breaks(hit.spec),
                    origin="rules",
                    source=sentence.source,
                    source_span=(start, end),
                    source_text=text[start:end],
                )
            )
    return found


# "end with 'Kind regards,\nHR Team'": a backslash-n typed inside a quoted
# phrase is the line break the user means (the phrase compares whitespace
# runs as one space, so the break matches one written either way); a doubled
# backslash ("'\\n'") is the two characters themselves
_TYPED_BREAK = compile_lazily(r"(?<!\\)\\n")
_BROKEN_FIELDS = {"starts_with": "phrase", "ends_with": "phrase", "keyword": "keyword"}


def _typed_breaks(spec: CheckSpec) -> CheckSpec:
    """``spec`` with a typed ``\\n`` in its phrase read as a line break."""
    field = _BROKEN_FIELDS.get(spec.kind_name())
    value = getattr(spec, field, None) if field else None
    if not field or not isinstance(value, str) or not _TYPED_BREAK.search(value):
        return spec
    broken = _TYPED_BREAK.sub("\n", value)
    if not broken.replace("\n", "").strip():
        return spec  # "'\\n'" alone names the escape itself
    return spec.model_copy(update={field: broken})


def _templated(spec: CheckSpec, sentence: str) -> bool:
    """Whether a literal argument of ``spec`` (a phrase, keyword or banned
    word) is a template ("begin with 'Reason N:' where N is the number"):
    compared literally it would fail every answer that fills it in."""
    literals: list[str] = []
    for field in ("phrase", "keyword"):
        value = getattr(spec, field, None)
        if isinstance(value, str):
            literals.append(value)
    words = getattr(spec, "words", None)
    if isinstance(words, list):
        literals.extend(w for w in words if isinstance(w, str))
    return any(templated(literal, sentence) for literal in literals)


def compile_checks(
    prompt: str, criteria: str | None = None, *, system: str | None = None
) -> list[CompiledCheck]:
    """The rule-compiled checks of a prompt, its criteria and the request's
    system messages (``system``): offline, instant, deterministic. Checks
    from the prompt come first, then the criteria's, then the system's; a
    check whose slot an earlier source already fills is dropped (the prompt
    at hand is more specific than standing instructions)."""
    with compiling():
        return _compile_checks(prompt, criteria, system)


def _compile_checks(prompt: str, criteria: str | None, system: str | None) -> list[CompiledCheck]:
    found = compile_rules(prompt, source="prompt")
    taken = {check.spec.slot() for check in found}
    more: list[tuple[str, TextSource]] = [(criteria or "", "criteria"), (system or "", "system")]
    for text, source in more:
        for check in compile_rules(text, source=source):
            if check.spec.slot() not in taken:
                taken.add(check.spec.slot())
                found.append(check)
    found = without_waived(prompt, found)
    implied = implied_language(prompt, criteria, system, found)
    return found if implied is None else [*found, implied]


async def compile_checks_async(
    prompt: str,
    criteria: str | None = None,
    *,
    system: str | None = None,
    limit_s: float = DEFAULT_LIMIT_S,
) -> list[CompiledCheck]:
    """:func:`compile_checks` off the event loop, for async callers: a long
    prompt takes the compiler a noticeable fraction of a second, all of it
    holding the GIL, so a prompt past :data:`~redraft.evaluators._offload.INLINE_CHARS`
    is compiled in a worker process (:func:`~redraft.evaluators._isolation.run_isolated`)
    and a shorter one on a thread. Raises :class:`~redraft.WorkTimeoutError`
    past ``limit_s`` seconds."""
    what = "compiling the stated requirements"
    texts = (prompt, criteria, system)
    if len(prompt) + len(criteria or "") + len(system or "") > INLINE_CHARS:
        return await run_isolated(_compile_all, *texts, limit_s=limit_s, what=what)
    return await run_bounded(_compile_all, *texts, limit_s=limit_s, what=what)


def _compile_all(prompt: str, criteria: str | None, system: str | None) -> list[CompiledCheck]:
    # Positional, at module level: a worker process receives it by pickling.
    return compile_checks(prompt, criteria, system=system)
