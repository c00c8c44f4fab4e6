"""A stand-in for a link ("one link placeholder <link>", "a URL placeholder")
is text the answer holds, not a web address: no ``url_count`` is read from it."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def kinds(prompt: str) -> set[str]:
    return {c.spec.kind_name() for c in compile_checks(prompt)}


@pytest.mark.parametrize(
    ("prompt", "links"),
    [
        ("Write a tweet. Include one link placeholder <link>, and no hashtags.", False),
        ("Write the reply with a URL placeholder for the help article.", False),
        ("Write an email with one link slot for the survey.", False),
        ("Write a tweet. Include one link.", True),
        ("Write a tweet with exactly 2 links.", True),
        ("Write a post with no links.", True),
    ],
)
def test_a_link_placeholder_is_no_url_count(prompt: str, links: bool) -> None:
    assert ("url_count" in kinds(prompt)) is links
