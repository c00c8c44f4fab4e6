"""Patterns compiled on first use answer as ``re.Pattern`` does, and every one
the requirement compiler declares is a valid pattern."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import pickle
import pkgutil
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

import redraft.criteria
from redraft.core._lazy_pattern import _LazyPattern, compile_lazily, compiled


def test_nothing_is_compiled_until_the_pattern_is_matched() -> None:
    lazy = compile_lazily(r"(?P<n>\d+) (?P<unit>words?)", re.I)
    assert isinstance(lazy, _LazyPattern) and lazy._compiled is None
    assert lazy.pattern == r"(?P<n>\d+) (?P<unit>words?)"
    assert lazy._compiled is None  # reading the source does not compile it
    assert lazy.search("about 50 WORDS") is not None
    assert lazy._compiled is not None


def test_it_answers_every_method_as_re_does() -> None:
    source, text = r"(\d+)\s*(?P<unit>words?|lines?)", "write 50 words, then 3 lines; 9 words"
    lazy, real = compile_lazily(source, re.I), re.compile(source, re.I)
    assert lazy.search(text, 10).span() == real.search(text, 10).span()  # type: ignore[union-attr]
    assert lazy.search(text, pos=0, endpos=8) is None and real.search(text, 0, 8) is None
    assert lazy.match(text, 6).group(0) == real.match(text, 6).group(0)  # type: ignore[union-attr]
    assert lazy.fullmatch("50 words") is not None and lazy.fullmatch("50 words!") is None
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
    assert lazy.findall(text) == real.findall(text)
    assert lazy.sub(r"<\1>", text, count=1) == real.sub(r"<\1>", text, count=1)
    assert lazy.subn(lambda m: m["unit"].upper(), text) == real.subn(
        lambda m: m["unit"].upper(), text
    )
    assert lazy.split(text, maxsplit=1) == real.split(text, maxsplit=1)
    assert (lazy.flags, lazy.groups, dict(lazy.groupindex)) == (
        real.flags,
        real.groups,
        dict(real.groupindex),
    )


def test_an_invalid_pattern_fails_when_first_matched() -> None:
    lazy = compile_lazily(r"(unclosed")
    with pytest.raises(re.error):
        lazy.search("x")


def test_a_pattern_source_that_is_not_text_is_refused() -> None:
    with pytest.raises(TypeError, match="must be text"):
        compile_lazily(re.compile("x"))  # type: ignore[arg-type]


def test_it_pickles_copies_and_hashes_as_a_pattern_does() -> None:
    lazy = compile_lazily(r"\bfoo\b", re.M)
    restored = pickle.loads(pickle.dumps(lazy))
    assert restored == lazy and hash(restored) == hash(lazy)
    assert restored.search("a foo") is not None
    assert copy.copy(lazy) is lazy and copy.deepcopy(lazy) is lazy
    assert lazy != compile_lazily(r"\bfoo\b")  # other flags


def test_compiled_gives_the_real_pattern_a_match_refers_to() -> None:
    lazy = compile_lazily(r"a+")
    match = lazy.search("caaat")
    assert match is not None and match.re is compiled(lazy)
    real = re.compile("b")
    assert compiled(real) is real


def _patterns_in(value: object, depth: int = 0) -> Iterator[_LazyPattern]:
    if isinstance(value, _LazyPattern):
        yield value
    elif depth > 3:
        return
    elif isinstance(value, dict):
        for item in value.values():
            yield from _patterns_in(item, depth + 1)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _patterns_in(item, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _patterns_in(getattr(value, field.name), depth + 1)


def test_every_pattern_the_compiler_declares_is_valid() -> None:
    # Compiling at import used to prove this; now a typo would wait for the
    # first prompt that reaches its rule.
    found = 0
    for module in pkgutil.walk_packages(redraft.criteria.__path__, "redraft.criteria."):
        for value in vars(importlib.import_module(module.name)).values():
            for lazy in _patterns_in(value):
                compiled(lazy)  # type: ignore[arg-type]
                found += 1
    assert found > 2000


def test_importing_the_compiler_compiles_none_of_its_patterns() -> None:
    # In a fresh interpreter: this one has matched patterns already.
    probe = (
        "import redraft.criteria, pkgutil, importlib\n"
        "from redraft.core._lazy_pattern import _LazyPattern\n"
        "n = 0\n"
        "for m in pkgutil.walk_packages(redraft.criteria.__path__, 'redraft.criteria.'):\n"
        "    for v in vars(importlib.import_module(m.name)).values():\n"
        "        n += isinstance(v, _LazyPattern) and v._compiled is not None\n"
        "print(n)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"
