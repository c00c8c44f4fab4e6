"""Requirement families: one module per family of requirements (its typed
spec, measure, correction, repair and phrasing rules) and one registry
(``kind → family``) that joins them to the vocabulary, the judge and the rule
compiler. See ``docs/criteria.md`` ("Families") for how to add one.
"""

from redraft.criteria._families._base import CountFamily, Family, FamilyCount, FamilySpec
from redraft.criteria._families._capitals import CapitalWordCount, LetterCount
from redraft.criteria._families._case import LetterCase
from redraft.criteria._families._code_blocks import CodeBlockCount, CodeOnly
from redraft.criteria._families._csv import CsvColumns, CsvRows
from redraft.criteria._families._distinct import DistinctWords
from redraft.criteria._families._each_part import EachEndsWith, EachStartsWith
from redraft.criteria._families._emoji import EmojiCount
from redraft.criteria._families._first_words import DistinctStarts
from redraft.criteria._families._forbidden_chars import ForbiddenChars
from redraft.criteria._families._hashtags import HashtagCount
from redraft.criteria._families._headings import HeadingCount
from redraft.criteria._families._json import JSONFormat
from redraft.criteria._families._keywords import ForbiddenWords, Keyword
from redraft.criteria._families._languages import Language
from redraft.criteria._families._line_length import LineLength
from redraft.criteria._families._lines import LineCount
from redraft.criteria._families._links import URLCount
from redraft.criteria._families._lists import BulletCount, NumberedCount
from redraft.criteria._families._literals import CommaList, PythonLiteral
from redraft.criteria._families._marks import HighlightCount, PlaceholderCount, SectionCount
from redraft.criteria._families._number_formats import DateFormat, DecimalPlaces, TimeFormat
from redraft.criteria._families._numbers import NumberCount, NumberOnly
from redraft.criteria._families._opening import NotStartsWith
from redraft.criteria._families._options import OneOf
from redraft.criteria._families._order import Order
from redraft.criteria._families._per_part import EachCount, EachWordCount, EqualWordCount
from redraft.criteria._families._phrases import EndsWith, StartsWith
from redraft.criteria._families._positions import KeywordIn, WordAt
from redraft.criteria._families._prose import CharCount, ParagraphCount, SentenceCount, WordCount
from redraft.criteria._families._punctuation import NoFinalMark, NoPunctuation, PunctuationCount
from redraft.criteria._families._questions import QuestionCount
from redraft.criteria._families._registry import (
    FAMILIES,
    FAMILY_OF_KIND,
    FAMILY_RULES,
    FAMILY_SPECS,
    FamilyError,
    check_families,
    check_vocabulary,
)
from redraft.criteria._families._repeat import RepeatRequest
from redraft.criteria._families._script import AsciiOnly, ScriptRule
from redraft.criteria._families._shapes import Postscript, Title, Wrapped
from redraft.criteria._families._tables import TableColumns, TableCount, TableRows
from redraft.criteria._families._uppercase_words import WordsInCapitals
from redraft.criteria._families._word_length import WordLength
from redraft.criteria._families._wordplay import Acrostic, Palindrome, Pangram, Tautogram
from redraft.criteria._families._xml import XMLFormat
from redraft.criteria._families._yaml import YAMLFormat

__all__ = [
    "FAMILIES",
    "FAMILY_OF_KIND",
    "FAMILY_RULES",
    "FAMILY_SPECS",
    "Acrostic",
    "AsciiOnly",
    "BulletCount",
    "CapitalWordCount",
    "CharCount",
    "CodeBlockCount",
    "CodeOnly",
    "CommaList",
    "CountFamily",
    "CsvColumns",
    "CsvRows",
    "DateFormat",
    "DecimalPlaces",
    "DistinctStarts",
    "DistinctWords",
    "EachCount",
    "EachEndsWith",
    "EachStartsWith",
    "EachWordCount",
    "EmojiCount",
    "EndsWith",
    "EqualWordCount",
    "Family",
    "FamilyCount",
    "FamilyError",
    "FamilySpec",
    "ForbiddenChars",
    "ForbiddenWords",
    "HashtagCount",
    "HeadingCount",
    "HighlightCount",
    "JSONFormat",
    "Keyword",
    "KeywordIn",
    "Language",
    "LetterCase",
    "LetterCount",
    "LineCount",
    "LineLength",
    "NoFinalMark",
    "NoPunctuation",
    "NotStartsWith",
    "NumberCount",
    "NumberOnly",
    "NumberedCount",
    "OneOf",
    "Palindrome",
    "Pangram",
    "ParagraphCount",
    "PlaceholderCount",
    "PunctuationCount",
    "PythonLiteral",
    "QuestionCount",
    "ScriptRule",
    "Order",
    "Postscript",
    "RepeatRequest",
    "SectionCount",
    "SentenceCount",
    "StartsWith",
    "TableColumns",
    "TableCount",
    "TableRows",
    "Tautogram",
    "TimeFormat",
    "Title",
    "URLCount",
    "WordAt",
    "WordCount",
    "WordLength",
    "WordsInCapitals",
    "Wrapped",
    "XMLFormat",
    "YAMLFormat",
    "check_families",
    "check_vocabulary",
]
