"""docs/criteria.md's vocabulary table names every kind once: two rows for a
kind (left by parallel edits of one row) would each tell half of it."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from redraft.criteria import CHECK_SPEC_ADAPTER

_DOC = Path(__file__).resolve().parents[2] / "docs" / "criteria.md"
_ROW = re.compile(r"^\| `(?P<kind>[a-z_]+)` \|", re.MULTILINE)


def _vocabulary_rows() -> list[str]:
    text = _DOC.read_text(encoding="utf-8")
    start = text.index("## The vocabulary")
    end = text.index("\n## ", start + 1)
    return [m.group("kind") for m in _ROW.finditer(text[start:end])]


def test_each_kind_has_one_row() -> None:
    twice = [kind for kind, n in Counter(_vocabulary_rows()).items() if n > 1]
    assert twice == []


def test_every_row_names_a_kind_of_the_vocabulary() -> None:
    # the spec union's kinds: a row for a kind that does not exist documents nothing
    schema = CHECK_SPEC_ADAPTER.json_schema()
    kinds = set(re.findall(r'"kind": \{[^}]*?"const": "([a-z_]+)"', str(schema).replace("'", '"')))
    rows = set(_vocabulary_rows())
    assert kinds, "the schema names its kinds"
    assert rows <= kinds, sorted(rows - kinds)
