"""Small readers of what the rule compiler makes of a prompt, shared by the
criteria wording tests: every check as (kind, parameters), the kinds alone,
one kind's parameters, the keywords required with their counts, and the
letters a prompt bans outright."""

from __future__ import annotations

from redraft.criteria import compile_checks

__all__ = ["banned_letters", "keyword_counts", "kinds", "specs", "specs_of_kind"]


def specs(prompt: str) -> list[tuple[str, dict[str, object]]]:
    return [
        (check.spec.kind_name(), check.spec.model_dump(exclude={"kind"}))
        for check in compile_checks(prompt)
    ]


def kinds(prompt: str) -> set[str]:
    return {kind for kind, _ in specs(prompt)}


def specs_of_kind(prompt: str, kind: str) -> list[dict[str, object]]:
    return [
        c.spec.model_dump(exclude={"kind"}) for c in compile_checks(prompt) if c.spec.kind == kind
    ]


def keyword_counts(prompt: str) -> set[tuple[str, str, int]]:
    """Each keyword the prompt requires, with its relation and count."""
    return {
        (str(s["keyword"]), str(s["relation"]), int(str(s["value"])))
        for s in specs_of_kind(prompt, "keyword")
    }


def banned_letters(prompt: str) -> list[str]:
    """The letters whose count the prompt caps at zero, sorted."""
    return sorted(
        str(s["letter"])
        for s in specs_of_kind(prompt, "letter_count")
        if s["relation"] == "at_most" and s["value"] == 0
    )
