"""Code block count: the answer's fenced code blocks, optionally in one
language.

Measured exactly as CommonMark reads the answer (:mod:`._markdown`): a block
opened by ```` ``` ```` or ``~~~`` (one left open runs to the end); an
indented block is not fenced and is not counted. With a language, only blocks
whose info string names it count (```` ```py ```` is Python, ```` ```sh ````
is a shell). Read from "exactly 2 code blocks", "include at least one Python
code block", "put the SQL in a code block", "wrap it in a ```html fence",
"use a ```sql block" (exactly one: one thing, or the answer's code, in one
block; "put the examples in a code block" is at least one, and "put them in
a code block" nothing, one block or one each being unsaid), "in a single
code block", "in one ```bash code block" (exactly one, in that language),
and "respond with only a Python code block" (``code_only``: the whole
answer is one closed block, in that language; so too "only the SQL inside a
```sql block", "… inside one code block and nothing else", read by
:mod:`._code_only_asked`); not from code blocks of one
part ("a code block per step", "each answer in a code block"), nor code
blocks the user has ("my code block below").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import CountFamily, FamilyCount, FamilySpec, counted_hit, hit
from redraft.criteria._families._code_languages import LANGUAGES as _LANGUAGES
from redraft.criteria._families._code_languages import fence_language, fence_named
from redraft.criteria._families._code_only_asked import only_blocks
from redraft.criteria._families._markdown import fences
from redraft.criteria._families._only_answer import CODE_BLOCK_THING, only_rule
from redraft.criteria._families._only_block import only_block
from redraft.criteria._families._reading import CountPhrases
from redraft.criteria._items import several_asked_in
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, response_context
from redraft.criteria._spec_base import Relation

__all__ = ["CODE_BLOCKS", "ONLY_BLOCK", "CodeBlockCount", "CodeOnly", "fence_language"]


class CodeBlockCount(FamilyCount):
    """Fenced code blocks (```` ``` ```` or ``~~~``); with ``language``, only
    those whose info string names it (``py`` for Python, ``sh`` for shell)."""

    kind: Literal["code_block_count"] = "code_block_count"
    language: str | None = Field(default=None, min_length=1, max_length=40)
    unit: ClassVar[tuple[str, str]] = ("code block", "code blocks")

    @field_validator("language")
    @classmethod
    def _one_name(cls, value: str | None) -> str | None:
        return None if value is None else fence_language(value)

    def describe(self) -> str:
        said = super().describe()
        return said if self.language is None else f"{said} in {self.language}"

    def slot(self) -> tuple[object, ...]:
        return (*super().slot(), self.language)


_UNIT = (
    rf"(?:(?:fenced|markdown|separate|(?:{_LANGUAGES}))\s+)?code\s+(?:blocks?|fences?)|"
    # "no markdown fences", "no code block fences": the fences are the blocks
    r"(?:markdown|code[\s-]block)\s+fences|"
    r"```\s*\w+\s+(?:code\s+)?(?:blocks?|fences?)"
)
_PHRASES = CountPhrases(
    unit=_UNIT,
    singular="code block|code fence",
    bare=(
        r"use|using|with|include|includes|including|contain|containing|have|has|add|provide|"
        r"give|show|write"
    ),
    none=True,
    before=r"\b(?:each|every|per|step|my|our|this|these|those|following|below|above)s?\b",
)
_LANGUAGE = compile_lazily(rf"(?:^|\s|```)\s*({_LANGUAGES}|py|js|ts|sh)(?![\w+#])")
# "put the SQL in a code block": at least one block (in that language only
# where the fence is named: "in a ```sql block").
# "a ```python block", "a ```html fence", "a single ```sql code block", "a
# ```json fenced block"
_BLOCK = (
    rf"(?:(?P<lang>{_LANGUAGES})\s+code\s+(?:block|fence)|code\s+(?:block|fence)|"
    r"```\s*(?P<fence>[\w+#-]+)\s+(?:code\s+|fenced\s+)?(?:block|fence))\b"
)
# what a block holds, as a request names it
_CODE_NOUN = (
    r"(?:code|sql|query|queries|script|snippet|function|command|commands|program|class|regex|"
    r"regexp|pattern|one-liner|docstring|"
    rf"solution|implementation|example|examples|config|configuration|markup|{_LANGUAGES})"
)
_PUT = compile_lazily(
    r"\b(?:put|place|wrap|enclose|format|present|show|provide|give|write|return|include|"
    r"output|send|keep)\s+"
    r"(?:(?:just|only)\s+)?"
    # "show exactly one SQL query in a ```sql block": one thing, in one block
    r"(?P<object>it|them|(?:the|your|all(?:\s+the)?|any|(?:exactly\s+)?one|a\s+single)\s+"
    rf"(?:[\w+#-]+\s+){{0,2}}?{_CODE_NOUN})\s+"
    # "put the regex alone inside a code block"
    r"(?:(?:alone|only|by\s+itself|on\s+its\s+own)\s+)?"
    r"(?:in|inside|within|as|using)\s+(?P<det>a|one|an|a\s+single|one\s+single)\s+"
    rf"(?:fenced\s+|markdown\s+)?{_BLOCK}"
)
# "use a ```sql block", "use one code block": the answer's code, in one block
_USE = compile_lazily(
    r"\b(?:use|using)\s+(?P<det>a|an|one|a\s+single|just\s+one|only\s+one)\s+"
    rf"(?:fenced\s+|markdown\s+)?{_BLOCK}(?!\s*(?:per|for\s+each|for\s+every|each)\b)"
)
# A block as an item of the answer's list: "One line of code only, in a code
# block, no explanation", "show the numbers, comma-separated, inside a code
# block", "include one worked example, formatted as a code block": the one
# block the answer's code goes in.
# The item may name what the block holds: "Reply in two parts: the pattern
# inside a single code block, then …", "…, code in one ```python block, …".
_ITEM = compile_lazily(
    r"(?:^|[,:;])\s*(?:and\s+)?(?:all\s+)?"
    rf"(?:(?P<object>(?:(?:the|your)\s+)?(?:[\w+#-]+\s+){{0,2}}?{_CODE_NOUN})\s+)?"
    r"(?:formatted\s+as|(?:put\s+|placed\s+|wrapped\s+)?"
    r"(?:in|inside|within))\s+(?P<det>a|one|a\s+single|one\s+single)\s+(?:fenced\s+|markdown\s+)?"
    rf"{_BLOCK}(?!\s*(?:per|for\s+each|for\s+every|each|of|below|above|like|such)\b)"
)
# What is one thing: the one block that holds it is the answer's only block.
_ONE_THING = compile_lazily(
    r"it|(?:the|your|(?:exactly\s+)?one|a\s+single)\s+(?:[\w+#-]+\s+){0,2}?(?!\w+s\b)[\w+#-]+"
)
# The blocks' language said after them: "a code block tagged bash", "exactly
# two code blocks, both marked as bash", "a code block labelled ```sql"
_TAGGED = compile_lazily(
    r"\s*,?\s*(?:(?:both|all|each)(?:\s+of\s+them)?\s+)?(?:(?:marked|tagged|labell?ed)\s+"
    r"(?:as\s+)?|with\s+the\s+(?:language\s+)?tag\s+)(?:```\s*)?(?P<tag>[\w+#-]+)(?![\w+#-])"
)
_OTHER_OBJECT = compile_lazily(
    r"\b(?:following|below|above|this|that|these|those|my|our|each|every)\b"
)
# "respond with only a code block": the whole answer is one fenced block.
_ONLY = compile_lazily(
    r"\b(?:respond|reply|answer|output|return|give|provide)\s+(?:me\s+)?"
    r"(?:(?:with\s+)?(?:only|just|nothing\s+but|solely)\s+(?:with\s+)?)"
    rf"(?:a|one|a\s+single|the)\s+(?:fenced\s+|markdown\s+)?(?:(?P<lang>{_LANGUAGES})\s+)?"
    r"code\s+block\b(?!\s*(?:and|then|followed|plus|with|per|for\s+each))"
)


def _count(relation: Relation, value: int, *, language: str | None) -> CodeBlockCount:
    return CodeBlockCount(relation=relation, value=value, language=language)


def _tag_after(text: str, end: int) -> str | None:
    """The language a tag right after a block names ("… tagged bash"), or
    None; a tag naming no language (a placeholder) is not read as one."""
    tagged = _TAGGED.match(text, end)
    return tagged.group("tag") if tagged and fence_named(tagged.group("tag")) else None


def code_block_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Exactly 2 code blocks", "put the SQL in a code block", "respond with
    only a Python code block"."""
    text = sentence.lower
    for found in _PHRASES.read(sentence):
        said = _LANGUAGE.search(text, found.start, found.end)
        language = said.group(1) if said else None
        if said and language == "markdown" and "```" not in said.group(0):
            language = None  # "no markdown fences": any fenced block
        if language is None and found.relation != "at_most" and found.value > 0:
            language = _tag_after(text, found.end)
        yield from counted_hit(functools.partial(_count, language=language), found)
    for match in [*_PUT.finditer(text), *_USE.finditer(text)]:
        thing = match.groupdict().get("object")
        if thing is not None and _OTHER_OBJECT.search(thing):
            continue
        if not response_context(sentence, match.start()):
            continue
        fence = match.group("fence")
        if fence is not None and not fence_named(fence):
            continue  # "in a ```foo block": no language we can name
        language = match.group("lang") or fence or _tag_after(text, match.end())
        # "in a single block", "in one block": that one; "put it in a block",
        # "use a block": one thing in one block; "put the examples in a code
        # block": at least one (each may have its own)
        single = match.group("det") not in ("a", "an") or (
            thing is None or _ONE_THING.fullmatch(thing) is not None
        )
        if (
            thing == "them"
            and not single
            and not several_asked_in(sentence.whole[: sentence.start + match.start()].lower())
        ):
            continue  # "put them in a code block": them, of what? Not said.
        # "Generate 8 IDs. Put them in a code block.": one block, or one each?
        # Not said; at least one either way
        yield from hit(
            functools.partial(_count, language=language),
            "exactly" if single and thing != "them" else "at_least",
            1,
            match.span(),
        )
    for match in _ITEM.finditer(text):
        start = match.start() + len(match.group(0)) - len(match.group(0).lstrip(",:; "))
        fence = match.group("fence")
        if (fence is not None and not fence_named(fence)) or not response_context(sentence, start):
            continue
        thing = match.group("object")
        # ", the examples in a code block": each may have its own; at least one
        plural = (
            thing is not None
            and match.group("det") == "a"
            and _ONE_THING.fullmatch(thing.strip()) is None
            and not thing.strip().startswith(("one ", "a single "))
            and re.search(r"s\b", thing.split()[-1]) is not None
        )
        language = match.group("lang") or fence or _tag_after(text, match.end())
        yield from hit(
            functools.partial(_count, language=language),
            "at_least" if plural else "exactly",
            1,
            match.span(),
        )
    for match in _ONLY.finditer(text):
        if not response_context(sentence, match.start()):
            continue
        yield Hit(CodeOnly(language=match.group("lang")), *match.span())
    for only in only_blocks(sentence):
        # "only the SQL inside a ```sql block": the whole answer, and its one block
        yield Hit(CodeOnly(language=only.language), only.start, only.end)
        yield from hit(
            functools.partial(_count, language=only.language),
            "exactly",
            1,
            (only.start, only.end),
        )


class CodeOnly(FamilySpec):
    """The whole answer is one fenced code block and nothing else (surrounding
    whitespace aside); with ``language``, a block whose info string names it."""

    kind: Literal["code_only"] = "code_only"
    language: str | None = Field(default=None, min_length=1, max_length=40)

    @field_validator("language")
    @classmethod
    def _one_name(cls, value: str | None) -> str | None:
        return None if value is None else fence_language(value)

    def describe(self) -> str:
        block = "one code block" if self.language is None else f"one {self.language} code block"
        return f"only {block}, nothing outside it"


_CLOSING = compile_lazily(r"`{3,}|~{3,}")


def _code_only(spec: CodeOnly, text: str) -> str | None:
    """What keeps ``text`` from being only one block, or None where it is."""
    body = text.strip()
    lines = body.splitlines()
    blocks = fences(body)
    if len(blocks) != 1:
        return f"it has {len(blocks)} code blocks"
    block = blocks[0]
    closed = len(lines) >= 2 and _CLOSING.fullmatch(lines[-1].strip()) is not None
    if block.first != 0 or block.last != len(lines) - 1 or not closed:
        return "it has text outside its code block"
    if spec.language is not None and fence_language(block.language) != spec.language:
        return f"its block is marked {block.language or 'with no language'!r}"
    return None


ONLY_BLOCK = RepairOp(
    "only_block",
    150,
    lambda text, p, _: only_block(
        text, p.get("language"), fence_language, wrap=p.get("wrap", True) is not False
    ),
    lambda p: "left as one code block" + (f" in {p['language']}" if p.get("language") else ""),
)
"""The answer left as its one fenced block (:mod:`._only_block`); the yaml
and xml families make it too, without wrapping."""


class _CodeBlocks(CountFamily):
    name = "code_blocks"
    specs = (CodeBlockCount, CodeOnly)
    rules: ClassVar[tuple[Rule, ...]] = (
        code_block_counts,
        only_rule("code block", CODE_BLOCK_THING, lambda _: CodeOnly()),
    )
    remove_hint = " (merge the code into fewer blocks, or write the extra blocks as prose)"
    edits: ClassVar[tuple[RepairOp, ...]] = (ONLY_BLOCK,)

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return [
            f"```{block.language}" + (f" {block.first_line}" if block.first_line else "")
            for block in fences(text)
            if spec.language is None or fence_language(block.language) == spec.language
        ]

    def measure(self, spec: Any, text: str) -> Outcome:
        if not isinstance(spec, CodeOnly):
            return super().measure(spec, text)
        wrong = _code_only(spec, text)
        if wrong is None:
            return Outcome(True, f"the answer is {spec.describe()}, as required")
        return Outcome(
            False,
            f"the answer is not {spec.describe()}: {wrong}",
            self.correction(spec, text),
            score=0.0,
            data={"problem": wrong},
        )

    def correction(self, spec: Any, text: str) -> str:
        if isinstance(spec, CodeOnly):
            fence = "```" + (spec.language or "")
            return (
                f"Your answer is not {spec.describe()} ({_code_only(spec, text)}). Reply with a"
                f" single code block alone: start with {fence} on the first line, end with ```"
                " on the last, and put no text before or after it."
            )
        said = super().correction(spec, text)
        if spec.language is not None and len(self.found(spec, text)) < spec.value:
            said += (
                f" Open each {spec.language} block with ```{spec.language} on a line of its"
                " own and close it with ```."
            )
        return said

    def repair(self, spec: Any) -> dict[str, Any] | None:
        """Only a code block: the prose around the one block goes (see
        :mod:`._only_block`); a count of blocks is left to the redraft."""
        if isinstance(spec, CodeOnly):
            return {"op": "only_block", "language": spec.language}
        return None


CODE_BLOCKS = _CodeBlocks()
