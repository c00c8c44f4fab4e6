"""What ``_blind_map`` expects of the compiled checks: matchers over a check
spec's ``model_dump()``, one per spec a constraint needs, and the builders
of the few shapes they take (a count, a phrase, a keyword, a ban, …)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from _blind_parts import count_value, phrase, same_word

_T = TypeVar("_T")

__all__ = [
    "Expectation",
    "Matcher",
    "Spec",
    "all_of",
    "any_count",
    "count",
    "counts",
    "either",
    "fields",
    "first_found",
    "first_word",
    "forbidden_chars",
    "forbidden_word",
    "json_object",
    "keyword",
    "line_length",
    "last_word",
    "no_kind",
    "no_letter",
    "one_of",
    "only_code_block",
    "phrase_is",
    "postscript",
    "repeat",
    "separated",
    "separated_versions",
    "xml_document",
    "yaml_mapping",
]

Spec = Mapping[str, object]
"""A compiled check's spec as ``model_dump()`` gives it."""


@dataclass(frozen=True)
class Matcher:
    """One check that must be compiled: of one of ``kinds``, with ``test`` true."""

    kinds: frozenset[str]
    test: Callable[[Spec], bool]
    label: str

    def kind_of(self, spec: Spec) -> bool:
        return str(spec.get("kind")) in self.kinds

    def exact(self, spec: Spec) -> bool:
        return self.kind_of(spec) and self.test(spec)


@dataclass(frozen=True)
class Expectation:
    """Every matcher must be met for the constraint to be covered; none
    means redraft has no kind for it (``reason`` says why)."""

    matchers: tuple[Matcher, ...] = ()
    reason: str = ""
    kinds: frozenset[str] = field(default_factory=frozenset)
    implied: tuple[Matcher, ...] = ()
    """Checks that enforce a necessary part of a constraint no kind states
    whole (no emoji, under "only ASCII characters"): they fail only answers
    the constraint fails, so compiling one is not false, nor coverage."""

    @property
    def expressible(self) -> bool:
        return bool(self.matchers)


def _eq(got: object, want: object) -> bool:
    if isinstance(got, str) and isinstance(want, str):
        return got.casefold() == want.casefold()
    return got == want


def _shown(extra: Mapping[str, object]) -> str:
    return " ".join(f"{k}={v!r}" for k, v in extra.items())


def fields(kind: str, **want: object) -> Matcher:
    def test(spec: Spec) -> bool:
        return all(_eq(spec.get(key), value) for key, value in want.items())

    return Matcher(frozenset({kind}), test, f"{kind} {_shown(want)}".strip())


def count(kind: str, relation: str, value: int, **extra: object) -> Matcher:
    """``relation value`` of ``kind``; "none" reads at most 0 or exactly 0 alike."""
    zero = value == 0 and relation in ("at_most", "exactly")
    relations = ("at_most", "exactly") if zero else (relation,)

    def test(spec: Spec) -> bool:
        return (
            spec.get("relation") in relations
            and spec.get("value") == value
            and all(_eq(spec.get(k), v) for k, v in extra.items())
        )

    return Matcher(frozenset({kind}), test, f"{kind} {relation} {value} {_shown(extra)}".strip())


def counts(kind: str, relation: str, value: object, **extra: object) -> tuple[Matcher, ...]:
    """The count specs stating ``relation value`` of ``kind`` (``between``: both bounds)."""
    bounds = count_value(relation, value)
    return tuple(count(kind, rel, n, **extra) for rel, n in bounds)


def phrase_is(kind: str, text: str, **extra: object) -> Matcher:
    want = phrase(text)

    def test(spec: Spec) -> bool:
        got = spec.get("phrase", spec.get("word"))
        return (
            isinstance(got, str)
            and phrase(got) == want
            and all(_eq(spec.get(k), v) for k, v in extra.items())
        )

    return Matcher(frozenset({kind}), test, f"{kind} {text!r} {_shown(extra)}".strip())


def keyword(word: str, relation: str, value: int, **where: object) -> Matcher:
    kind = "keyword_in" if where else "keyword"

    def test(spec: Spec) -> bool:
        got = spec.get("keyword")
        return (
            isinstance(got, str)
            and same_word(got, word)
            and spec.get("relation") == relation
            and spec.get("value") == value
            and all(_eq(spec.get(k), v) for k, v in where.items())
        )

    label = f"{kind} {word!r} {relation} {value} {_shown(where)}"
    return Matcher(frozenset({kind}), test, label.strip())


def forbidden_word(word: str) -> Matcher:
    def test(spec: Spec) -> bool:
        got = spec.get("words")
        return isinstance(got, list) and any(same_word(str(w), word) for w in got)

    return Matcher(frozenset({"forbidden_words"}), test, f"forbidden_words containing {word!r}")


def forbidden_chars(chars: str) -> Matcher:
    def test(spec: Spec) -> bool:
        got = spec.get("chars")
        return isinstance(got, str) and set(chars) <= set(got)

    return Matcher(frozenset({"forbidden_chars"}), test, f"forbidden_chars containing {chars!r}")


def no_letter(letter: str) -> Matcher:
    both = letter.lower() + letter.upper()

    def test(spec: Spec) -> bool:
        if spec.get("kind") == "forbidden_chars":
            return set(both) <= set(str(spec.get("chars")))
        return (
            str(spec.get("letter", "")).lower() == letter.lower()
            and spec.get("value") == 0
            and spec.get("relation") in ("at_most", "exactly")
        )

    return Matcher(
        frozenset({"letter_count", "forbidden_chars"}),
        test,
        f"letter_count {letter!r} at_most 0 (or forbidden_chars {both!r})",
    )


def any_count(kind: str, label: str, least: int = 1, **extra: object) -> Matcher:
    """A count of ``kind`` that requires at least ``least`` of them (a list is used)."""

    def test(spec: Spec) -> bool:
        value = spec.get("value")
        return (
            isinstance(value, int)
            and spec.get("relation") in ("at_least", "exactly")
            and value >= least
            and all(_eq(spec.get(k), v) for k, v in extra.items())
        )

    return Matcher(frozenset({kind}), test, f"{kind} {label}")


def json_object(keys: Sequence[str] = (), exact: bool = False) -> Matcher:
    want = {k.strip().strip("`'\"") for k in keys}

    def test(spec: Spec) -> bool:
        got = {str(k).strip() for k in spec.get("required_keys") or []}  # type: ignore[attr-defined]
        return got == want if exact else want <= got

    label = f"json required_keys {'=' if exact else '⊇'} {sorted(want)}" if want else "json"
    return Matcher(frozenset({"json"}), test, label)


def first_found(rules: Sequence[Callable[[_T], Expectation | None]], c: _T) -> Expectation | None:
    """The first expectation one of ``rules`` maps ``c`` to, or None: how a
    group of family mappings is tried in turn."""
    for rule in rules:
        found = rule(c)
        if found is not None:
            return found
    return None


def no_kind(reason: str, *implied: Matcher) -> Expectation:
    return Expectation(reason=reason, implied=implied)


def all_of(*matchers: Matcher) -> Expectation:
    kinds: frozenset[str] = frozenset().union(*(m.kinds for m in matchers))
    return Expectation(matchers=tuple(matchers), kinds=kinds)


def repeat(text: str) -> Matcher:
    want = phrase(text)

    def test(spec: Spec) -> bool:
        return phrase(str(spec.get("text", ""))) == want

    return Matcher(frozenset({"repeat_request"}), test, f"repeat_request {text!r}")


def last_word(text: str) -> Matcher:
    """The last word: ``word_at`` position -1, or the answer ending with it."""
    want = phrase(text)

    def test(spec: Spec) -> bool:
        if spec.get("kind") == "ends_with":
            return phrase(str(spec.get("phrase"))) == want
        return (
            phrase(str(spec.get("word"))) == want
            and spec.get("part") == "response"
            and spec.get("position") == -1
        )

    return Matcher(
        frozenset({"word_at", "ends_with"}), test, f"word_at {text!r} position=-1 (or ends_with)"
    )


def first_word(text: str) -> Matcher:
    """The first word: ``word_at`` position 1, or the answer starting with it."""
    want = phrase(text)

    def test(spec: Spec) -> bool:
        if spec.get("kind") == "starts_with":
            return phrase(str(spec.get("phrase"))) == want
        return (
            phrase(str(spec.get("word"))) == want
            and spec.get("part") == "response"
            and spec.get("position") == 1
        )

    return Matcher(
        frozenset({"word_at", "starts_with"}), test, f"word_at {text!r} position=1 (or starts_with)"
    )


def one_of(options: Sequence[str]) -> Matcher:
    """The whole answer is one of ``options`` (the same set, case aside)."""
    want = {phrase(o) for o in options}

    def test(spec: Spec) -> bool:
        got = spec.get("options")
        return isinstance(got, (list, tuple)) and {phrase(str(o)) for o in got} == want

    return Matcher(frozenset({"one_of"}), test, f"one_of {sorted(want)}")


def only_code_block() -> Matcher:
    """The whole answer is one code block: ``wrapped`` or ``code_only`` (any language)."""

    def test(spec: Spec) -> bool:
        return spec.get("kind") == "code_only" or spec.get("style") == "code_block"

    return Matcher(frozenset({"wrapped", "code_only"}), test, "wrapped code_block (or code_only)")


def _marker(text: str) -> str:
    return phrase(text).replace(".", "").replace(" ", "")


def postscript(marker: str = "P.S.") -> Matcher:
    """A postscript starting with ``marker`` (``P.S.``, ``P.P.S.``; dots and case aside)."""
    want = _marker(marker)

    def test(spec: Spec) -> bool:
        return _marker(str(spec.get("marker", ""))) == want

    return Matcher(frozenset({"postscript"}), test, f"postscript {marker!r}")


def _names(values: Sequence[object]) -> set[str]:
    return {str(v).strip().strip("`'\"<>/").strip() for v in values}


def yaml_mapping(keys: Sequence[str] = ()) -> Matcher:
    """A YAML mapping holding (at least) ``keys`` at its top level."""
    want = _names(keys)

    def test(spec: Spec) -> bool:
        return want <= _names(spec.get("required_keys") or [])  # type: ignore[arg-type]

    return Matcher(frozenset({"yaml"}), test, f"yaml required_keys ⊇ {sorted(want)}")


def xml_document(root: str | None = None, children: Sequence[str] = ()) -> Matcher:
    """Well-formed XML, with ``root`` as its root element and ``children`` inside."""
    want = _names(children)
    root_name = root.strip().strip("<>/") if root else None

    def test(spec: Spec) -> bool:
        got_root = spec.get("root")
        if root_name and str(got_root or "").casefold() != root_name.casefold():
            return False
        return want <= _names(spec.get("children") or [])  # type: ignore[arg-type]

    label = "xml" + (f" root={root_name!r}" if root_name else "")
    return Matcher(
        frozenset({"xml"}), test, label + (f" children ⊇ {sorted(want)}" if want else "")
    )


def line_length(relation: str, value: int, unit: str) -> Matcher:
    """Every line within ``relation value`` words or characters."""
    return count("line_length", relation, value, length_in=unit)


# -- separated versions (family: separated_versions) -------------------------------


def either(first: Matcher, second: Matcher) -> Matcher:
    """A check met by ``first`` or by ``second``: two kinds that state one constraint."""

    def test(spec: Spec) -> bool:
        return first.exact(spec) or second.exact(spec)

    return Matcher(first.kinds | second.kinds, test, f"{first.label} or {second.label}")


def separated(mark: str) -> Matcher:
    """One line of items (``comma_list``) separated by ``mark``, spaces around it aside."""

    def test(spec: Spec) -> bool:
        return str(spec.get("separator", ",")).strip() == mark

    return Matcher(frozenset({"comma_list"}), test, f"comma_list separator={mark!r}")


def separated_versions(separator: str, versions: int | None = None) -> Matcher:
    """Pieces separated by ``separator``: exactly ``versions`` of them, or any
    number (two or more) where ``versions`` is None."""
    want = separator.strip()

    def test(spec: Spec) -> bool:
        if str(spec.get("separator", "")).strip() != want:
            return False
        if versions is None:
            return True
        return spec.get("versions") == versions and not spec.get("at_least")

    shown = f"versions={versions} " if versions is not None else ""
    return Matcher(
        frozenset({"separated_versions"}), test, f"separated_versions {shown}separator={want!r}"
    )
