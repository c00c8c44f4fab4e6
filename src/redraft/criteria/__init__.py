"""Criteria compilation: stated requirements become exact checks.

Most requirements people state are mechanical ("at most 100 words", "no
commas", "end with the phrase …"). :func:`compile_checks` finds them in a
prompt and its criteria with rules (offline, instant) and returns
:class:`CompiledCheck` items, each a :data:`CheckSpec` of the vocabulary and
the span of text it came from; :func:`compile_checks_with_llm` asks a model for
the same list as schema-constrained JSON. :class:`SpecCheck` measures one spec
with a measured value and a one-line correction.
"""

from redraft.criteria._compiled import (
    CheckOrigin,
    ChecksMode,
    CompiledCheck,
    TextSource,
    merge_checks,
)
from redraft.criteria._families import (
    CodeBlockCount,
    CodeOnly,
    CsvColumns,
    CsvRows,
    EmojiCount,
    FamilyError,
    HashtagCount,
    HeadingCount,
    LineCount,
    LineLength,
    OneOf,
    QuestionCount,
    TableColumns,
    TableCount,
    TableRows,
    URLCount,
    XMLFormat,
    YAMLFormat,
)
from redraft.criteria._language import Detection, detect_language
from redraft.criteria._llm import LLMCompilation, compile_checks_with_llm, llm_schema
from redraft.criteria._panel import CompiledChecks, as_specs, compiled_panel_member
from redraft.criteria._requirements import Clause, account_requirements
from redraft.criteria._rules import compile_checks, compile_checks_async, compile_rules
from redraft.criteria._spec import (
    CHECK_KINDS,
    CHECK_SPEC_ADAPTER,
    LANGUAGES,
    SPEC_MODELS,
    BulletCount,
    CapitalWordCount,
    CharCount,
    CheckSpec,
    CountSpec,
    EndsWith,
    ForbiddenChars,
    ForbiddenWords,
    HighlightCount,
    JSONFormat,
    Keyword,
    Language,
    LetterCase,
    LetterCount,
    NumberedCount,
    ParagraphCount,
    PlaceholderCount,
    Postscript,
    Relation,
    RepeatRequest,
    SectionCount,
    SentenceCount,
    StartsWith,
    Title,
    WordCount,
    Wrapped,
)
from redraft.criteria._vocabulary import SpecCheck, measure_text

judge_text = measure_text
"""The former name of :func:`measure_text`, kept importable for callers of
0.x (``docs/compatibility.md``)."""

__all__ = [
    "BulletCount",
    "CHECK_KINDS",
    "CHECK_SPEC_ADAPTER",
    "CapitalWordCount",
    "CharCount",
    "CheckOrigin",
    "CheckSpec",
    "ChecksMode",
    "Clause",
    "CodeBlockCount",
    "CodeOnly",
    "CompiledCheck",
    "CompiledChecks",
    "CountSpec",
    "CsvColumns",
    "CsvRows",
    "Detection",
    "EmojiCount",
    "EndsWith",
    "FamilyError",
    "ForbiddenChars",
    "ForbiddenWords",
    "HashtagCount",
    "HeadingCount",
    "HighlightCount",
    "JSONFormat",
    "Keyword",
    "LANGUAGES",
    "LLMCompilation",
    "Language",
    "LetterCase",
    "LetterCount",
    "LineCount",
    "LineLength",
    "NumberedCount",
    "OneOf",
    "ParagraphCount",
    "PlaceholderCount",
    "Postscript",
    "QuestionCount",
    "Relation",
    "RepeatRequest",
    "SPEC_MODELS",
    "SectionCount",
    "SentenceCount",
    "SpecCheck",
    "StartsWith",
    "TableColumns",
    "TableCount",
    "TableRows",
    "TextSource",
    "Title",
    "URLCount",
    "WordCount",
    "Wrapped",
    "XMLFormat",
    "YAMLFormat",
    "account_requirements",
    "as_specs",
    "compile_checks",
    "compile_checks_async",
    "compile_checks_with_llm",
    "compile_rules",
    "compiled_panel_member",
    "detect_language",
    "judge_text",
    "llm_schema",
    "measure_text",
    "merge_checks",
]
