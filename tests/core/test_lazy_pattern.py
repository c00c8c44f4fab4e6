"""Patterns compiled on first use answer as ``re.Pattern`` does, and every one
the requirement compiler declares is a valid pattern."""

from __future__ import annotations

import copy
import pickle
import re
import subprocess
import sys

import pytest

from redraft.core._lazy_pattern import _LazyPattern, compile_declared, compile_lazily, compiled


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


def test_every_pattern_the_compiler_declares_is_valid() -> None:
    # Compiling at import used to prove this; now a typo would wait for the
    # first prompt that reaches its rule.
    assert compile_declared(["redraft.criteria", "redraft.evaluators"]) > 2000


def test_compile_declared_raises_for_an_invalid_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    import redraft.criteria._grammar as grammar

    monkeypatch.setattr(grammar, "_BROKEN", compile_lazily("(unclosed"), raising=False)
    with pytest.raises(re.error):
        compile_declared(["redraft.criteria._grammar"])


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
