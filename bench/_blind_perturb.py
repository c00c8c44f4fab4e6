"""Each writer's conventions, rewritten the way another writer could write
them, to show that ``_blind_map`` reads the structured fields and not one
writer's habits.

A perturbation rewrites every constraint of a row it applies to (the whole
row, since the mapper reads siblings: a separator, a list format) into what
a different writer following ``bench/data/blind/BRIEF.md`` could have
written for the same requirement: another family label, a unit in the
plural or with an article, a scope synonym, a relation spelled otherwise, a
number as a string, a phrase in ``words`` instead of ``value``. The mapping
should not change: :func:`robustness` counts, per perturbation, the
constraints it applies to and those whose expectation changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from _blind_map import Expectation, expect
from _blind_parts import NUMERIC, scope_of
from _blind_rows import Constraint, Row

__all__ = ["PERTURBATIONS", "Changed", "Robustness", "robustness", "signature"]

Perturb = Callable[[Constraint], Constraint | None]
"""A constraint rewritten, or None where the rewriting does not apply to it."""


def signature(e: Expectation) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a mapping states: the checks it needs and the checks it implies
    (each matcher's label names its kind and parameters)."""
    return tuple(sorted(m.label for m in e.matchers)), tuple(sorted(m.label for m in e.implied))


# -- family labels ----------------------------------------------------------------------

_SYNONYMS = {
    "count": "limit", "limit": "count", "length": "limit", "word": "words", "words": "word",
    "forbidden": "banned", "banned": "forbidden", "required": "must_include",
    "format": "shape", "starts": "opening", "ends": "closing", "start": "opening",
    "end": "closing", "max": "maximum", "min": "minimum", "language": "lang",
    "keyword": "term", "keywords": "terms", "bullet": "bullets", "sentence": "sentences",
}  # fmt: skip


def _tokens(family: str) -> list[str]:
    return [t for t in re.split(r"[^a-z0-9]+", family.lower()) if t]


def _family(label: Callable[[str], str]) -> Perturb:
    def perturb(c: Constraint) -> Constraint | None:
        new = label(c.family)
        return replace(c, family=new) if new != c.family else None

    return perturb


# -- units ------------------------------------------------------------------------------

_HEAD = re.compile(r"^(?P<before>.*?)(?P<head>[a-z]+)$")


def _plural(unit: str) -> str | None:
    found = _HEAD.match(unit)
    if found is None or found["head"].endswith("s") or len(found["head"]) < 3:
        return None
    head = found["head"]
    head = head[:-1] + "ies" if head.endswith("y") and head[-2] not in "aeiou" else head + "s"
    return found["before"] + head


def _unit(rewrite: Callable[[str], str | None]) -> Perturb:
    def perturb(c: Constraint) -> Constraint | None:
        if not isinstance(c.unit, str) or not c.unit.strip():
            return None
        new = rewrite(c.unit.strip())
        return replace(c, unit=new) if new and new != c.unit else None

    return perturb


def _singular(unit: str) -> str | None:
    return unit[:-1] if re.fullmatch(r"[a-z ]+[^s]s", unit) else None


def _article(unit: str) -> str | None:
    if not re.fullmatch(r"[a-z][a-z -]*", unit):
        return None
    return ("an " if unit[0] in "aeiou" else "a ") + unit


def _the_plural(unit: str) -> str | None:
    plural = _plural(unit)
    return f"the {plural}" if plural else None


# -- scopes -----------------------------------------------------------------------------


def _whole(name: str | None) -> Perturb:
    """A scope over the whole answer, named ``name`` (None: left blank)."""

    def perturb(c: Constraint) -> Constraint | None:
        if scope_of(c.scope)[0] != "response" or c.scope == name:
            return None
        if re.fullmatch(r"(?i)\s*(?:each|every) \w+\s*", str(c.scope or "")):
            return None  # "each answer": the answers within a reply, not the reply
        return replace(c, scope=name)

    return perturb


_EACH = re.compile(r"(?i)(?:each|every) (?P<part>[a-z][a-z -]*?)")


def _each(rewrite: Callable[[str], str]) -> Perturb:
    """A scope over each part (``each bullet``) named another way."""

    def perturb(c: Constraint) -> Constraint | None:
        found = _EACH.fullmatch(" ".join(str(c.scope or "").split()))
        if found is None:
            return None
        new = rewrite(found["part"].lower())
        return replace(c, scope=new) if new != c.scope else None

    return perturb


_ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
_ORDINAL_NUMBERS = {v: k for k, v in _ORDINAL_WORDS.items()}
_NTH = re.compile(r"(?i)(?P<nth>first|second|third|fourth|fifth) (?P<part>line|sentence|paragraph)")
_NUMBERED = re.compile(r"(?i)(?P<part>line|sentence|paragraph) (?P<n>[1-5])")


def _nth_numbered(c: Constraint) -> Constraint | None:
    """``first line`` ⇄ ``line 1``, ``paragraph 2`` ⇄ ``the second paragraph``."""
    scope = " ".join(str(c.scope or "").split())
    found = _NTH.fullmatch(scope)
    if found:
        return replace(c, scope=f"{found['part']} {_ORDINAL_NUMBERS[found['nth'].lower()]}")
    found = _NUMBERED.fullmatch(scope)
    if found:
        return replace(c, scope=f"the {_ORDINAL_WORDS[int(found['n'])]} {found['part']}")
    return None


_ENDS = {
    "start": ("start of response", "beginning of the answer", "the very start"),
    "end": ("end of response", "end of the answer", "the very end"),
}


def _end_synonym(index: int) -> Perturb:
    def perturb(c: Constraint) -> Constraint | None:
        where = scope_of(c.scope)[0]
        if where not in _ENDS:
            return None
        new = _ENDS[where][index]
        return replace(c, scope=new) if new != c.scope else None

    return perturb


# -- relations --------------------------------------------------------------------------


def _relation(rewrite: Callable[[str], str]) -> Perturb:
    def perturb(c: Constraint) -> Constraint | None:
        new = rewrite(c.relation)
        return replace(c, relation=new) if new != c.relation else None

    return perturb


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _bound(c: Constraint) -> Constraint | None:
    """``less_than 50`` ⇄ ``at_most 49``, ``more_than 2`` ⇄ ``at_least 3``: one count."""
    n = _int(c.value)
    if n is None:
        return None
    swaps = {
        "less_than": ("at_most", n - 1),
        "at_most": ("less_than", n + 1),
        "more_than": ("at_least", n + 1),
        "at_least": ("more_than", n - 1),
    }
    if c.relation not in swaps or (c.relation in ("less_than", "at_least") and n < 1):
        return None
    relation, value = swaps[c.relation]
    return replace(c, relation=relation, value=value)


def _zero(c: Constraint) -> Constraint | None:
    """A count of none written as ``exactly 0``."""
    if c.relation != "none" or c.value is not None:
        return None
    return replace(c, relation="exactly", value=0)


# -- values and words -------------------------------------------------------------------


def _number_text(c: Constraint) -> Constraint | None:
    n = _int(c.value)
    if n is None or c.relation not in NUMERIC:
        return None
    return replace(c, value=str(n))


def _number_float(c: Constraint) -> Constraint | None:
    n = _int(c.value)
    if n is None or c.relation not in NUMERIC:
        return None
    return replace(c, value=float(n))


def _range_text(c: Constraint) -> Constraint | None:
    value = c.value
    if c.relation != "between" or not isinstance(value, tuple) or len(value) != 2:
        return None
    if not all(_int(v) is not None for v in value):
        return None
    return replace(c, value=tuple(str(v) for v in value))


def _phrase_value(c: Constraint) -> bool:
    return isinstance(c.value, str) and not c.value.strip().isdigit() and bool(c.value.strip())


def _value_to_words(c: Constraint) -> Constraint | None:
    """The phrase in ``words`` (and the value left empty), not in ``value``."""
    if not _phrase_value(c) or c.words or c.relation in NUMERIC | {"matches_format", "all"}:
        return None
    return replace(c, words=(str(c.value),), value=None)


def _words_to_value(c: Constraint) -> Constraint | None:
    """The one phrase as the value, ``words`` left empty."""
    if len(c.words) != 1 or c.value is not None:
        return None
    return replace(c, value=c.words[0], words=())


def _value_and_words(c: Constraint) -> Constraint | None:
    """The phrase both as the value and as its one word."""
    if not _phrase_value(c) or c.words or c.relation in NUMERIC | {"matches_format", "all"}:
        return None
    return replace(c, words=(str(c.value),))


def _list_to_words(c: Constraint) -> Constraint | None:
    """A list of phrases in ``words`` instead of ``value``."""
    value = c.value
    if not isinstance(value, tuple) or c.words or c.relation == "between":
        return None
    if not value or not all(isinstance(v, str) for v in value):
        return None
    return replace(c, words=tuple(str(v) for v in value), value=None)


def _text_unit(unit: str | None) -> Perturb:
    """A keyword's unit (``word``, ``keyword``, ``phrase``) named otherwise, or left blank."""

    def perturb(c: Constraint) -> Constraint | None:
        keyword = re.fullmatch(r"(?i)(?:key ?)?(?:words?|phrases?|terms?)", str(c.unit or ""))
        if keyword is None or not c.words or not all(w.strip() for w in c.words):
            return None
        if c.relation not in NUMERIC | {"none", "contains"}:
            return None  # a start, an end, the nth word: a word, not its occurrences
        if not any(ch.isalnum() for w in c.words for ch in w):
            return None
        return replace(c, unit=unit)

    return perturb


_UNIT_SYNONYMS = {
    "bullet": "bullet point", "paragraph": "para", "character": "char", "emoji": "emoticon",
    "numbered item": "numbered list item", "heading": "header", "url": "link",
    "exclamation mark": "exclamation point", "hashtag": "hash tag",
}  # fmt: skip


def _unit_synonym(c: Constraint) -> Constraint | None:
    unit = " ".join(str(c.unit or "").lower().split())
    return replace(c, unit=_UNIT_SYNONYMS[unit]) if unit in _UNIT_SYNONYMS else None


def _exact_range(c: Constraint) -> Constraint | None:
    """``exactly 5`` as the range ``between [5, 5]``."""
    n = _int(c.value)
    if c.relation != "exactly" or n is None or n < 1:
        return None
    return replace(c, relation="between", value=(n, n))


PERTURBATIONS: dict[str, Perturb] = {
    "family: blank": _family(lambda f: ""),
    "family: neutral ('constraint')": _family(lambda f: "constraint"),
    "family: joined ('wordcount')": _family(lambda f: "".join(_tokens(f))),
    "family: CamelCase ('WordCount')": _family(lambda f: "".join(t.title() for t in _tokens(f))),
    "family: synonyms ('length_limit')": _family(
        lambda f: "_".join(_SYNONYMS.get(t, t) for t in _tokens(f))
    ),
    "unit: plural ('words')": _unit(_plural),
    "unit: singular ('word')": _unit(
        lambda u: u[:-1] if re.fullmatch(r"[a-z ]+[^s]s", u) else None
    ),
    "unit: article ('a word')": _unit(_article),
    "unit: capitalised ('Word')": _unit(lambda u: u[:1].upper() + u[1:]),
    "unit: 'the words'": _unit(_the_plural),
    "unit: with its underscores ('numbered_item')": _unit(lambda u: u.replace(" ", "_")),
    "unit: a synonym ('bullet point', 'para', 'char', 'link')": _unit_synonym,
    "unit: keyword's unit blank": _text_unit(None),
    "unit: keyword's unit 'occurrence'": _text_unit("occurrence"),
    "scope: blank (whole answer)": _whole(None),
    "scope: 'whole response'": _whole("whole response"),
    "scope: 'entire answer'": _whole("entire answer"),
    "scope: 'output'": _whole("output"),
    "scope: 'reply'": _whole("reply"),
    "scope: 'overall'": _whole("overall"),
    "scope: 'the answer'": _whole("the answer"),
    "scope: 'Response'": _whole("Response"),
    "scope: 'every <part>'": _each(lambda p: f"every {p}"),
    "scope: 'per <part>'": _each(lambda p: f"per {p}"),
    "scope: 'each <part>' capitalised": _each(lambda p: f"Each {p}"),
    "scope: 'each bullet point'": _each(
        lambda p: "each bullet point" if p == "bullet" else f"each {p}"
    ),
    "scope: 'first line' ⇄ 'line 1'": _nth_numbered,
    "scope: start/end synonym 1": _end_synonym(1),
    "scope: start/end synonym 2": _end_synonym(2),
    "relation: spaced ('at least')": _relation(lambda r: r.replace("_", " ")),
    "relation: capitals ('AT_MOST')": _relation(str.upper),
    "relation: hyphenated ('at-most')": _relation(lambda r: r.replace("_", "-")),
    "relation: less_than N ⇄ at_most N-1": _bound,
    "relation: none as 'exactly 0'": _zero,
    "relation: exactly N as between [N, N]": _exact_range,
    "value: number as a string ('50')": _number_text,
    "value: number as a float (50.0)": _number_float,
    "value: range bounds as strings": _range_text,
    "words: phrase in words, not value": _value_to_words,
    "words: one word as the value": _words_to_value,
    "words: phrase in both value and words": _value_and_words,
    "words: list in words, not value": _list_to_words,
}


def _chain(*steps: Perturb) -> Perturb:
    """Every step that applies, one after the other: one writer's conventions at once."""

    def perturb(c: Constraint) -> Constraint | None:
        out = c
        for step in steps:
            out = step(out) or out
        return out if out != c else None

    return perturb


PERTURBATIONS["all at once: another writer"] = _chain(
    PERTURBATIONS["family: synonyms ('length_limit')"],
    PERTURBATIONS["unit: a synonym ('bullet point', 'para', 'char', 'link')"],
    PERTURBATIONS["unit: 'the words'"],
    PERTURBATIONS["scope: 'entire answer'"],
    PERTURBATIONS["scope: 'per <part>'"],
    PERTURBATIONS["scope: 'first line' ⇄ 'line 1'"],
    PERTURBATIONS["scope: start/end synonym 1"],
    PERTURBATIONS["relation: less_than N ⇄ at_most N-1"],
    PERTURBATIONS["relation: capitals ('AT_MOST')"],
    PERTURBATIONS["relation: spaced ('at least')"],
    PERTURBATIONS["value: number as a string ('50')"],
    PERTURBATIONS["value: range bounds as strings"],
    PERTURBATIONS["words: phrase in words, not value"],
    PERTURBATIONS["words: list in words, not value"],
)


@dataclass(frozen=True)
class Changed:
    """One constraint whose mapping a perturbation changed."""

    before: Constraint
    after: Constraint
    was: tuple[tuple[str, ...], tuple[str, ...]]
    now: tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class Robustness:
    name: str
    applied: int
    changed: tuple[Changed, ...]


def _perturbed(row: Row, perturb: Perturb) -> tuple[Row, dict[int, Constraint]]:
    changed: dict[int, Constraint] = {}
    constraints = []
    for c in row.constraints:
        new = perturb(c)
        if new is not None:
            changed[c.index] = new
        constraints.append(new or c)
    return replace(row, constraints=tuple(constraints)), changed


def robustness(
    rows: Sequence[Row], perturbations: dict[str, Perturb] | None = None
) -> list[Robustness]:
    """Per perturbation: the verifiable constraints it rewrites and those of
    them whose mapping changes."""
    baseline = {
        (row.id, c.index): signature(expect(c, row)) for row in rows for c in row.constraints
    }
    found = []
    for name, perturb in (perturbations or PERTURBATIONS).items():
        applied = 0
        changed = []
        for row in rows:
            new_row, rewritten = _perturbed(row, perturb)
            for c in row.constraints:
                if not c.verifiable or c.index not in rewritten:
                    continue
                applied += 1
                after = rewritten[c.index]
                now = signature(expect(after, new_row))
                was = baseline[(row.id, c.index)]
                if now != was:
                    changed.append(Changed(c, after, was, now))
        found.append(Robustness(name, applied, tuple(changed)))
    return found
