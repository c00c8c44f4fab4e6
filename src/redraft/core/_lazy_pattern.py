"""Regular expressions compiled on first use, not at import.

The requirement compiler holds some 2,700 patterns, many of them long
alternations of phrasings. Python compiles a pattern in pure Python, and
compiling all of them when the package was imported took 6 to 7 s of an 8 s
import on a 2-core machine: every ``redraft --help``, every CLI command and
every service worker paid it (a worker still importing missed uvicorn's 5 s
health check and was restarted forever). One prompt's compilation uses a few
hundred of them, so compiling each where it is first matched costs a
fraction of that, once per process.

:func:`compile_lazily` returns an object that answers what ``re.Pattern``
answers (``search``, ``match``, ``fullmatch``, ``finditer``, ``findall``,
``sub``, ``subn``, ``split``, ``pattern``, ``flags``, ``groups``,
``groupindex``), so a rule written against ``re.Pattern`` reads the same.
What it is not is an instance of ``re.Pattern``: the module functions
(``re.search(p, …)``) and ``isinstance`` checks need a real one, which
:func:`compiled` gives.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, cast

__all__ = ["compile_declared", "compile_lazily", "compiled"]


class _LazyPattern:
    """A pattern's source and flags, compiled by ``re`` the first time it is
    matched. Compiling twice under a race is harmless: ``re`` answers both
    with equal patterns."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def _pattern(self) -> re.Pattern[str]:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self._source, self._flags)
        return compiled

    # The matching methods spell their arguments out (no __getattr__): they
    # run millions of times per benchmark, and a plain method is the cheap path.
    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return (self._compiled or self._pattern()).search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return (self._compiled or self._pattern()).match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        return (self._compiled or self._pattern()).fullmatch(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        return (self._compiled or self._pattern()).finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return (self._compiled or self._pattern()).findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return (self._compiled or self._pattern()).sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return (self._compiled or self._pattern()).subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return (self._compiled or self._pattern()).split(string, maxsplit)

    @property
    def pattern(self) -> str:
        # Patterns are built from other patterns' sources at import: reading
        # the source must not compile it.
        return self._source

    @property
    def flags(self) -> int:
        return self._pattern().flags

    @property
    def groups(self) -> int:
        return self._pattern().groups

    @property
    def groupindex(self) -> Mapping[str, int]:
        return self._pattern().groupindex

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _LazyPattern):
            return (self._source, self._flags) == (other._source, other._flags)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._source, self._flags))

    def __reduce__(self) -> tuple[Callable[[str, int], re.Pattern[str]], tuple[str, int]]:
        return compile_lazily, (self._source, self._flags)

    def __copy__(self) -> _LazyPattern:
        return self

    def __deepcopy__(self, memo: object) -> _LazyPattern:
        return self

    def __repr__(self) -> str:
        return f"compile_lazily({self._source!r}, {self._flags!r})"


def compile_lazily(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, done when the pattern is first matched.

    Typed as ``re.Pattern`` because it answers as one (see the module's
    docstring for the one difference)."""
    if not isinstance(source, str):
        raise TypeError(f"a pattern's source must be text, got {type(source).__name__}")
    return cast("re.Pattern[str]", _LazyPattern(source, flags))


def compiled(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The real ``re.Pattern`` behind ``pattern`` (itself when it is one)."""
    if isinstance(pattern, _LazyPattern):
        return pattern._pattern()
    return pattern


def _declared_in(value: object, depth: int = 0) -> Iterator[_LazyPattern]:
    if isinstance(value, _LazyPattern):
        yield value
    elif depth > 3:
        return
    elif isinstance(value, dict):
        for item in value.values():
            yield from _declared_in(item, depth + 1)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _declared_in(item, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _declared_in(getattr(value, field.name), depth + 1)


def compile_declared(packages: Iterable[str]) -> int:
    """Compile now every lazy pattern the modules of ``packages`` hold at
    module level (in containers and dataclasses too), as importing them once
    did: for a process that must not pay it later, inside a timed run.
    Returns how many were found; raises ``re.error`` for an invalid one."""
    found = 0
    for package in packages:
        root = importlib.import_module(package)
        names = [package] + [
            m.name for m in pkgutil.walk_packages(getattr(root, "__path__", []), package + ".")
        ]
        for name in names:
            for value in list(vars(importlib.import_module(name)).values()):
                for lazy in _declared_in(value):
                    lazy._pattern()
                    found += 1
    return found
