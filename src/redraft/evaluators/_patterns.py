"""User-supplied regular expressions, run on a linear-time engine (RE2).

Patterns arrive from HTTP clients (``must_match``, session rules), from
profiles and from the command line, and run in the server's process. Python's
``re`` backtracks: ``(a+)+$`` against 5,000 ``a`` and a ``!`` never finishes,
and 2,000 nested groups overflow its parser's recursion. Every user pattern
therefore goes through :func:`compile_pattern`, which compiles it with RE2
(the ``google-re2`` binding): matching time is linear in the text whatever the
pattern.

What RE2 cannot express, because it needs backtracking, is refused up front
with a message naming the option and the construct: backreferences (``\\1``,
``(?P=name)``), lookahead and lookbehind, atomic groups, possessive
quantifiers and conditionals. The rest of Python's syntax keeps its meaning:
``re.search`` semantics, inline flags such as ``(?i)``, ``\\Z``, ``\\uXXXX``,
``\\N{...}``, ``{,n}``, comments, and Unicode ``\\d``, ``\\w`` and ``\\s``
(translated to RE2's Unicode classes). Differences that remain: ``\\b`` and
``\\B`` treat only ASCII letters and digits as word characters, ``$`` without
``(?m)`` matches only at the very end (not before a final newline), and
``\\W`` or ``\\S`` inside ``[...]`` are ASCII-only.

Size is bounded too: a pattern has at most :data:`MAX_PATTERN_CHARS`
characters, and one that compiles to more than :data:`PATTERN_MAX_MEM` bytes of
RE2 program is refused. Nothing is logged on a bad pattern; the error says it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from typing import Any, NoReturn, Protocol

import re2

from redraft.core._errors import PatternError
from redraft.evaluators._offload import check_deadline

__all__ = [
    "MAX_PATTERN_CHARS",
    "PATTERN_MAX_MEM",
    "Match",
    "Pattern",
    "PatternError",
    "compile_pattern",
]

#: Longest accepted pattern, in characters.
MAX_PATTERN_CHARS = 500
#: RE2's memory budget per pattern (program and match cache). A 500-character
#: pattern of ordinary text compiles to a few KB; ``\w{100}`` (Unicode) to ~2 MB.
PATTERN_MAX_MEM = 2 << 20

_ENGINE = "patterns run on a linear-time engine (RE2)"
# finditer looks at the clock every this many matches when running bounded.
_DEADLINE_EVERY = 64

# Python's \d, \w and \s are Unicode-aware; RE2's are ASCII. Inside a [...]
# set only the positive ones (and \D) can be spelled as a union of classes.
_SPACE = r"\s\v\x{1c}-\x{1f}\x{85}\p{Z}"
_WORD = r"\p{L}\p{N}_"
_UNICODE_CLASSES = {
    "d": (r"\p{Nd}", r"\p{Nd}"),
    "D": (r"\P{Nd}", r"\P{Nd}"),
    "w": (f"[{_WORD}]", _WORD),
    "W": (f"[^{_WORD}]", None),
    "s": (f"[{_SPACE}]", _SPACE),
    "S": (f"[^{_SPACE}]", None),
}
_REFUSED_GROUPS = (
    ("(?<=", "lookbehind (?<=…)"),
    ("(?<!", "negative lookbehind (?<!…)"),
    ("(?=", "lookahead (?=…)"),
    ("(?!", "negative lookahead (?!…)"),
    ("(?>", "atomic group (?>…)"),
    ("(?(", "conditional group (?(…)…)"),
    ("(?P=", "named backreference (?P=…)"),
)
# These scan the pattern text (at most MAX_PATTERN_CHARS), never a draft.
_FLAGS = re.compile(r"\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)])")
_REPEAT = re.compile(r"\{(\d*)(,?)(\d*)\}")
_ASCII_FLAG = re.compile(r"\(\?[a-zA-Z]*a[a-zA-Z]*\)")
_NAMED_CHAR = re.compile(r"\\N\{([^}]*)\}")
_HEX = frozenset("0123456789abcdefABCDEF")
_OCTAL = frozenset("01234567")


class Match(Protocol):
    """What a match offers: ``re.Match``'s accessors, character offsets."""

    def group(self, group: int = 0, /) -> str: ...
    def span(self, group: int = 0, /) -> tuple[int, int]: ...
    def start(self, group: int = 0, /) -> int: ...
    def end(self, group: int = 0, /) -> int: ...


class Pattern:
    """A compiled user pattern. ``pattern`` is the text as the user wrote it;
    :meth:`search` and :meth:`finditer` behave like ``re``'s, with offsets in
    characters (not UTF-8 bytes) on ``str`` texts."""

    __slots__ = ("_regexp", "ignore_case", "pattern")

    def __init__(self, pattern: str, ignore_case: bool, regexp: Any) -> None:
        self.pattern = pattern
        self.ignore_case = ignore_case
        self._regexp = regexp

    @property
    def engine_pattern(self) -> str:
        """What RE2 runs: the pattern translated, given flags in front."""
        translated: str = self._regexp.pattern
        return translated

    def search(self, text: str) -> Match | None:
        found: Match | None = self._regexp.search(text)
        return found

    def finditer(self, text: str) -> Iterator[Match]:
        """Every non-overlapping match. Inside :func:`~redraft.evaluators._offload.run_bounded`
        the iteration stops (raising) once the work is past its time limit."""
        for count, found in enumerate(self._regexp.finditer(text), start=1):
            if count % _DEADLINE_EVERY == 0:
                check_deadline()
            yield found

    def __repr__(self) -> str:
        # Also how the verdict cache tells patterns apart, so it shows what
        # runs: re.MULTILINE given as a flag changes that, not ``pattern``.
        return (
            f"Pattern({self.pattern!r}, ignore_case={self.ignore_case}, "
            f"engine_pattern={self.engine_pattern!r})"
        )


def compile_pattern(
    pattern: str | re.Pattern[str] | Pattern,
    *,
    ignore_case: bool = False,
    flags: int = 0,
    option: str = "pattern",
    max_chars: int = MAX_PATTERN_CHARS,
) -> Pattern:
    """Compile a user-supplied pattern for linear-time matching.

    ``flags`` takes Python's ``re`` flags (IGNORECASE, MULTILINE, DOTALL,
    ASCII). A compiled Python pattern is converted by its text and flags; a
    :class:`Pattern` is returned as is. Raises :class:`PatternError` whose
    message starts with ``option`` and names the problem: too long, a
    construct that needs backtracking, or invalid syntax.
    """
    if isinstance(pattern, Pattern | re.Pattern) and (flags or ignore_case):
        raise PatternError(
            f"{option}: flags cannot be added to the compiled pattern {pattern.pattern!r}; "
            "compile it with them",
            option=option,
        )
    if isinstance(pattern, Pattern):
        return pattern
    if isinstance(pattern, re.Pattern):
        flags = pattern.flags
        pattern = pattern.pattern
    if not isinstance(pattern, str):
        _refuse(option, f"a pattern must be text, got {type(pattern).__name__}")
    return _compile_text(pattern, ignore_case, flags, option, max_chars)


# Requests name the same few patterns again and again (a service's profiles,
# a client's checks): compiling one costs more than the request's check.
@functools.lru_cache(maxsize=1024)
def _compile_text(
    pattern: str, ignore_case: bool, flags: int, option: str, max_chars: int
) -> Pattern:
    if len(pattern) > max_chars:
        _refuse(
            option,
            f"the pattern has {len(pattern)} characters; the limit is {max_chars} "
            "characters per pattern",
        )
    if flags & re.VERBOSE:
        _unsupported(option, "the VERBOSE flag")
    ignore_case = ignore_case or bool(flags & re.IGNORECASE)
    unicode = not flags & re.ASCII and not _ASCII_FLAG.match(pattern)
    prefix = ("m" if flags & re.MULTILINE else "") + ("s" if flags & re.DOTALL else "")
    translated = _Translator(pattern, option, unicode=unicode).run()
    if prefix:
        translated = f"(?{prefix}){translated}"
    options = re2.Options()
    options.log_errors = False
    options.max_mem = PATTERN_MAX_MEM
    options.case_sensitive = not ignore_case
    try:
        regexp = re2.compile(translated, options)
    except re2.error as exc:
        detail = exc.args[0] if exc.args else ""
        if isinstance(detail, bytes):
            detail = detail.decode("utf-8", "replace")
        if "too large" in str(detail):
            _refuse(
                option,
                f"the pattern is too large: it needs more than {PATTERN_MAX_MEM >> 20} MiB "
                "compiled; use shorter repetitions",
            )
        _refuse(option, f"{pattern!r} is not a valid regular expression: {detail}")
    return Pattern(pattern, ignore_case, regexp)


def _refuse(option: str, reason: str) -> NoReturn:
    raise PatternError(f"{option}: {reason}", option=option, reason=reason)


def _unsupported(option: str, construct: str) -> NoReturn:
    _refuse(option, f"{construct} is not supported: {_ENGINE}")


class _Translator:
    """Python's pattern syntax to RE2's, refusing what RE2 cannot do.

    One pass over the pattern's characters, tracking escapes and ``[...]``
    sets, so that ``\\(?=`` or ``[(?=]`` are not mistaken for a lookahead."""

    def __init__(self, pattern: str, option: str, *, unicode: bool) -> None:
        self.text = pattern
        self.option = option
        self.unicode = unicode
        self.out: list[str] = []
        self.i = 0
        self.quantifier = ""  # the quantifier just written, if the last thing was one

    def run(self) -> str:
        text = self.text
        while self.i < len(text):
            char = text[self.i]
            quantified, self.quantifier = self.quantifier, ""
            if char == "\\":
                self.out.append(self._escape(in_set=False))
            elif char == "[":
                self._set()
            elif char == "(" and text.startswith("(?", self.i):
                self._group()
            elif char in "*+?" and quantified:
                if char == "+":
                    _unsupported(self.option, f"possessive quantifier {quantified}+")
                self.out.append(char)  # ``*?``: lazy, which RE2 has
                self.i += 1
            elif char in "*+?":
                self._emit(char, quantifier=char)
            elif char == "{" and (repeat := _REPEAT.match(text, self.i)):
                low, comma, high = repeat.groups()
                if not low and not comma:
                    self._emit(char)  # "{}" is a literal brace, as in Python
                    continue
                written = f"{{{low or 0}{comma}{high}}}"
                self.out.append(written)
                self.i = repeat.end()
                self.quantifier = repeat.group(0)
            else:
                self._emit(char)
        return "".join(self.out)

    def _emit(self, piece: str, *, quantifier: str = "") -> None:
        self.out.append(piece)
        self.i += 1
        self.quantifier = quantifier

    def _escape(self, *, in_set: bool) -> str:
        text, i = self.text, self.i
        if i + 1 >= len(text):
            self.i += 1
            return "\\"  # RE2 names the trailing backslash
        char = text[i + 1]
        self.i += 2
        if char in "123456789":
            octal = text[i + 1 : i + 4]
            if len(octal) == 3 and set(octal) <= _OCTAL:
                self.i = i + 4
                return "\\" + octal
            if in_set:
                return "\\" + char  # RE2 refuses it with its own message
            digits = char + (text[i + 2] if text[i + 2 : i + 3].isdigit() else "")
            _unsupported(self.option, f"backreference \\{digits}")
        if char == "Z" and not in_set:
            return r"\z"
        if char in "uU":
            width = 4 if char == "u" else 8
            digits = text[i + 2 : i + 2 + width]
            if len(digits) == width and set(digits) <= _HEX:
                self.i = i + 2 + width
                return f"\\x{{{digits}}}"
        if char == "N" and (named := _NAMED_CHAR.match(text, i)):
            try:
                code = ord(unicodedata.lookup(named.group(1)))
            except KeyError:
                _refuse(self.option, f"unknown character name \\N{{{named.group(1)}}}")
            self.i = named.end()
            return f"\\x{{{code:x}}}"
        if self.unicode and char in _UNICODE_CLASSES:
            outside, inside = _UNICODE_CLASSES[char]
            if not in_set:
                return outside
            if inside is not None:
                return inside
        return "\\" + char

    def _set(self) -> None:
        text = self.text
        self.out.append("[")
        self.i += 1
        if text.startswith("^", self.i):
            self.out.append("^")
            self.i += 1
        if text.startswith("]", self.i):  # a leading "]" is literal, in both engines
            self.out.append("]")
            self.i += 1
        while self.i < len(text) and text[self.i] != "]":
            if text[self.i] == "\\":
                self.out.append(self._escape(in_set=True))
            else:
                self.out.append(text[self.i])
                self.i += 1
        if self.i < len(text):
            self.out.append("]")
            self.i += 1

    def _group(self) -> None:
        text, i = self.text, self.i
        for opening, construct in _REFUSED_GROUPS:
            if text.startswith(opening, i):
                _unsupported(self.option, construct)
        if text.startswith("(?#", i):
            self._skip_comment()
            return
        flags = _FLAGS.match(text, i)
        if flags is None:
            self.out.append("(?")  # (?:, (?P<name>, (?<name>, or RE2's own error
            self.i += 2
            return
        on, off, end = flags.group(1), flags.group(2) or "", flags.group(3)
        for letter, name in (("x", "verbose flag (?x)"), ("L", "locale flag (?L)")):
            if letter in on + off:
                _unsupported(self.option, name)
        # (?a) and (?u) choose ASCII or Unicode classes, settled before translating.
        on, off = on.replace("a", "").replace("u", ""), off.replace("a", "").replace("u", "")
        self.i = flags.end()
        if on or off:
            self.out.append(f"(?{on}{'-' + off if off else ''}{end}")
        elif end == ":":
            self.out.append("(?:")

    def _skip_comment(self) -> None:
        text = self.text
        self.i += 3
        while self.i < len(text) and text[self.i] != ")":
            self.i += 2 if text[self.i] == "\\" else 1
        self.i += 1
