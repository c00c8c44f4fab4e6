"""The blind mapper reads any writer: the same requirement written the ways
the writers' brief allows maps to the same checks, and the robustness
harness (bench/_blind_perturb.py) counts the mappings a rewriting changes."""

from __future__ import annotations

from typing import Any

import pytest

# the shared builders put bench/ on the path, so they come first
from _blind_cases import constraint, expect

# isort: split
import _blind_fields  # type: ignore[import-not-found]
import _blind_map  # type: ignore[import-not-found]
import _blind_perturb  # type: ignore[import-not-found]


def _mapped(**fields: Any) -> Any:
    return _blind_perturb.signature(expect(fields))


WORD_LIMIT = {"family": "word_count", "unit": "word", "relation": "at_most", "value": 50}


@pytest.mark.parametrize(
    "changes",
    [
        {"family": ""},
        {"family": "length_limit"},
        {"family": "MaxWords"},
        {"unit": "words"},
        {"unit": "a word"},
        {"unit": "Words"},
        {"unit": "the words"},
        {"scope": None},
        {"scope": "whole response"},
        {"scope": "entire answer"},
        {"scope": "overall"},
        {"scope": "the output"},
        {"relation": "at most"},
        {"relation": "AT_MOST"},
        {"relation": "at-most"},
        {"relation": "max"},
        {"relation": "less_than", "value": 51},
        {"relation": "fewer than", "value": "51"},
        {"value": "50"},
        {"value": 50.0},
    ],
)
def test_a_word_limit_written_any_way_the_brief_allows_maps_the_same(
    changes: dict[str, Any],
) -> None:
    want = _mapped(**WORD_LIMIT)
    assert want[0] == ("word_count at_most 50",)
    assert _mapped(**(WORD_LIMIT | changes)) == want


@pytest.mark.parametrize(
    "changes",
    [
        {"scope": "every bullet"},
        {"scope": "per bullet"},
        {"scope": "Each bullet point"},
        {"scope": "for each bullet"},
        {"unit": "words", "relation": "at most", "value": "12"},
    ],
)
def test_a_limit_per_bullet_written_any_way_maps_the_same(changes: dict[str, Any]) -> None:
    base = {"unit": "word", "scope": "each bullet", "relation": "at_most", "value": 12}
    want = _mapped(**base)
    assert want[0] == ("each_word_count at_most 12 part='bullet'",)
    assert _mapped(**(base | changes)) == want


def test_a_count_of_zero_is_a_ban() -> None:
    ban = _mapped(unit="emoji", relation="none")
    assert ban[0] == ("emoji_count at_most 0",)
    assert _mapped(unit="emojis", relation="exactly", value=0) == ban
    assert _mapped(unit="emoji", relation="less than", value="1") == ban


def test_a_phrase_reads_from_the_value_or_the_words() -> None:
    banned = _mapped(unit="word", relation="none", words=("synergy",))
    assert banned[0] == ("forbidden_words containing 'synergy'",)
    assert _mapped(unit="word", relation="none", value="synergy") == banned
    french = _mapped(unit="answer", relation="in_language", value="fr")
    assert _mapped(unit="answer", relation="in_language", words=("fr",)) == french
    ending = _mapped(unit="answer", relation="ends_with", value="Cheers!")
    assert ending[0] == ("ends_with 'Cheers!'",)
    assert _mapped(unit="answer", relation="ends with", words=("Cheers!",)) == ending


def test_a_wildcard_is_no_word_to_ban() -> None:
    assert _mapped(unit="word", relation="none", value="*ful") == ((), ())
    assert _mapped(unit="word", relation="none", words=("^un",)) == ((), ())


def test_a_part_scope_stays_a_part_however_it_is_spelled() -> None:
    # "each answer" in a user's prompt: the answers within one reply, never the reply
    per_answer = _mapped(unit="sentence", scope="each answer", relation="at_most", value=2)
    assert per_answer[0] == ()
    assert _mapped(unit="sentence", scope="each caption", relation="at most", value="2") == (
        (),
        (),
    )


@pytest.mark.parametrize(
    ("raw", "canonical"),
    [
        ("bullet points", "bullet point"),
        ("An emoji", "emoji"),
        ("the hashtags", "hashtag"),
        ("numbered_items", "numbered item"),
        ("boxes", "box"),
        ("entries", "entry"),
        ("email address", "email address"),
        ("all caps", "all caps"),
        ("letter 'E'", "letter 'E'"),
    ],
)
def test_units_are_read_singular_lowercase_without_articles(raw: str, canonical: str) -> None:
    assert _blind_fields.canonical(constraint(unit=raw)).unit == canonical


def test_the_harness_counts_the_mappings_a_rewriting_changes() -> None:
    limit = constraint(0, **WORD_LIMIT)
    # only the label says the items must be distinct: without it the fields say nothing
    unique = constraint(1, family="unique_items", unit="item", relation="other")
    rows = [_blind_map.Row("t-1", None, "", (limit, unique), None)]
    found = {r.name: r for r in _blind_perturb.robustness(rows)}
    spaced = found["relation: spaced ('at least')"]
    assert (spaced.applied, spaced.changed) == (1, ())
    blank = found["family: blank"]
    assert blank.applied == 2
    assert [ch.before for ch in blank.changed] == [unique]
    assert blank.changed[0].was[0] == ("unique_items",)
    assert blank.changed[0].now == ((), ())


@pytest.mark.parametrize(
    ("base", "changes"),
    [
        ({"unit": "paragraph", "relation": "exactly", "value": 3}, {"unit": "paras"}),
        ({"unit": "bullet", "relation": "at_most", "value": 5}, {"unit": "bullet points"}),
        ({"unit": "emoji", "relation": "exactly", "value": 2}, {"unit": "emoticons"}),
        ({"unit": "url", "relation": "at_least", "value": 1}, {"unit": "links"}),
        (
            {"unit": "word", "relation": "exactly", "value": 40},
            {"relation": "between", "value": (40, 40)},
        ),
    ],
)
def test_unit_synonyms_and_a_one_number_range_map_the_same(
    base: dict[str, Any], changes: dict[str, Any]
) -> None:
    want = _mapped(**base)
    assert want[0]
    assert _mapped(**(base | changes)) == want


def test_one_writer_with_every_other_convention_at_once_maps_the_same() -> None:
    rows = [
        _blind_map.Row(
            "t-1",
            None,
            "",
            (
                constraint(0, **WORD_LIMIT),
                constraint(1, unit="word", relation="none", value="synergy"),
                constraint(2, unit="bullet", scope="each bullet", relation="ends_with", value="."),
                constraint(3, unit="sentence", relation="less_than", value=4),
            ),
            None,
        )
    ]
    found = {r.name: r for r in _blind_perturb.robustness(rows)}
    writer = found["all at once: another writer"]
    assert writer.applied == 4
    assert writer.changed == ()
