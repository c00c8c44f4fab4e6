"""Words in messages people read: counted nouns ("1 attempt", "3 attempts",
never "attempt(s)") and clauses spliced into sentences without a doubled
full stop."""

from __future__ import annotations

__all__ = ["clause", "noun", "plural"]


def noun(count: int, singular: str, plural_form: str | None = None) -> str:
    """The form of a noun that goes with ``count``: ``singular`` for one, else
    ``plural_form`` (``singular`` + "s" unless given)."""
    return singular if count == 1 else (plural_form or f"{singular}s")


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``count`` and its noun: "1 attempt", "2 attempts", "0 attempts"."""
    return f"{count} {noun(count, singular, plural_form)}"


def clause(text: str) -> str:
    """``text`` ready to be followed by a full stop of the sentence it goes
    into: a judge's reason often ends with one already ("give an example.")."""
    return text.strip().rstrip(".").rstrip()
