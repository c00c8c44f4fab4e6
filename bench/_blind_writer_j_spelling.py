"""How split J's writer spells its labels and units, read one way.

The writer's labels and units come in many spellings ("NoNumbering",
"no_numbering", "the steps"); every convention of ``_blind_writer_j`` reads
them through these, so that a spelling never decides a reading.
"""

from __future__ import annotations

import re

from _blind_parts import unit_of
from _blind_rows import Constraint

__all__ = ["label_key", "label_words", "raw_unit", "singular", "unit_word"]


def label_words(c: Constraint) -> str:
    return " ".join(str(c.family or "").lower().replace("_", " ").split())


def raw_unit(c: Constraint) -> str:
    raw = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    return re.sub(r"^(?:the|a|an) ", "", raw)


def unit_word(c: Constraint) -> str:
    """The unit in one spelling: the mapper's where it knows the unit, else
    the writer's own noun, singular ("step", "part", "list item")."""
    raw = raw_unit(c)
    if not raw:
        return ""
    known = unit_of(c)
    return known if known not in ("item", "answer", "list") else singular(raw)


def label_key(c: Constraint) -> str:
    """The family label with case and separators aside ("NoNumbering",
    "no_numbering" and "no-numbering" alike)."""
    return re.sub(r"[^a-z0-9]", "", str(c.family or "").lower())


def singular(text: str) -> str:
    return re.sub(r"s$", "", text)
