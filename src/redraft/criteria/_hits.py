"""A rule's finding from a spec's fields as data, validated against the
vocabulary; the families build theirs with their spec's constructor."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from redraft.criteria._sentences import Hit, Sentence, response_context
from redraft.criteria._spec import CHECK_SPEC_ADAPTER

__all__ = ["hit_of", "response_hits"]


def hit_of(data: dict[str, Any], start: int, end: int) -> Hit | None:
    """The finding of the check ``data`` describes, or None where it
    describes none (a rule read a count or a keyword no check allows)."""
    try:
        return Hit(CHECK_SPEC_ADAPTER.validate_python(data), start, end)
    except ValidationError:
        return None


def response_hits(
    sentence: Sentence, data: dict[str, Any], start: int, end: int, *, owns_negation: bool = False
) -> Iterator[Hit]:
    """The finding of ``data`` from ``start`` to ``end``, where it is a check
    and the sentence requires it of the response (:func:`response_context`)."""
    hit = hit_of(data, start, end)
    if hit is not None and response_context(sentence, start, owns_negation=owns_negation):
        yield hit
