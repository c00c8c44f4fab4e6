"""The ordered_items family: the answer's items in order of the number, date
or time, or length each shows; its measure on answers labelled by reading,
the keys it reads, its repair, the phrasings that state it and the near
misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._item_keys import item_number, item_time
from redraft.criteria._families._ordered_items_spec import OrderedItems
from redraft.criteria._vocabulary import repair_for

UP = OrderedItems()
DOWN = OrderedItems(direction="descending")
STRICT_UP = OrderedItems(strict=True)
EARLIEST = OrderedItems(by="time")
LATEST = OrderedItems(by="time", direction="descending")
SHORT_FIRST = OrderedItems(by="length")
LONG_FIRST = OrderedItems(by="length", direction="descending")
FEWER_WORDS = OrderedItems(by="length", unit="words")

# Labelled by reading: (spec, answer, verdict): True passes, False fails,
# None cannot be told (the check counts as unverified).
LABELLED: list[tuple[OrderedItems, str, bool | None]] = [
    (UP, "3, 7, 12, 40", True),
    (UP, "1. 3\n2. 12\n3. 7", False),
    (UP, "- $4.50 coffee\n- $12.00 lunch\n- $1,250.00 laptop", True),  # thousands comma
    (UP, "- 2:30 pm coffee\n- 9:00 am standup", False),  # times with no single number
    (UP, "09:00 standup\n13:30 lunch\n16:00 review", True),
    (UP, "3, 3, 5", True),  # ties are in order
    (STRICT_UP, "3, 3, 5", False),  # not strictly
    (UP, "Here are the numbers:\n- 3\n- 5\n- 8", True),  # list items, the intro aside
    (UP, "- Tokyo\n- Delhi", None),  # no number to read: the judge's call
    (UP, "42", None),  # one item: no order to see
    (DOWN, "- Tokyo: 37.4M\n- Delhi: 32.9M\n- Shanghai: 29.2M", True),
    (DOWN, "- Tokyo: 37.4M\n- Lagos: 950k\n- Delhi: 32.9 million", False),  # multipliers read
    (DOWN, "- 1969: Apollo 11 lands 2 astronauts\n- 1972: Apollo 17", None),  # two numbers
    (EARLIEST, "1969 – Apollo 11\n1970 – Apollo 13\n1972 – Apollo 17", True),
    (EARLIEST, "1970 – Apollo 13\n1969 – Apollo 11", False),
    (EARLIEST, "- March 2024: v2\n- 2023-11-01: v1", False),
    (EARLIEST, "- 5 March 2021: alpha\n- July 2021: beta\n- 2022: launch", True),
    (EARLIEST, "- Monday 9:00 standup\n- Monday 14:00 review\n- Friday 10:00 demo", True),
    (EARLIEST, "- Rome founded (753 BC)\n- Caesar dies (44 BC)", None),  # an era runs backwards
    (LATEST, "- March 5, 2024: v2\n- 2023-11-01: v1\n- June 2021: beta", True),
    (SHORT_FIRST, "fig, pear, mango, banana", True),
    (SHORT_FIRST, "banana, fig", False),
    (SHORT_FIRST, "- Fig\n- **Pear**\n- Mango", True),  # emphasis is no length
    (SHORT_FIRST, "- Bus ride (20 min)\n- Walk (45 min)", True),  # the minutes shown read too
    (SHORT_FIRST, "- Walk (45 min)\n- Bus (20 min)", False),  # no reading puts it in order
    (LONG_FIRST, "1. watermelon\n2. banana\n3. fig", True),
    (FEWER_WORDS, "- a big cat\n- a very big dog", True),
    (FEWER_WORDS, "- a very big dog\n- a cat", False),
]


@pytest.mark.parametrize(("spec", "answer", "verdict"), LABELLED)
def test_the_order_on_labelled_answers(
    spec: OrderedItems, answer: str, verdict: bool | None
) -> None:
    outcome = measure_text(spec, answer)
    if verdict is None:
        assert outcome.skipped and not outcome.passed, outcome.reason
        assert "cannot tell" in outcome.reason
        return
    assert not outcome.skipped
    assert outcome.passed is verdict, outcome.reason
    if not verdict:
        assert outcome.suggestion and "comes after" in outcome.suggestion


@pytest.mark.parametrize(
    ("item", "number"),
    [
        ("Tokyo — 37.4 million", 37_400_000),
        ("37.4M", 37_400_000),
        ("$12.99", 12.99),
        ("-5 degrees", -5),
        ("iPhone 15", 15),
        ("COVID-19 cases: 5", 5),  # a number inside a name is none
        ("Model A-5", None),
        ("pages 1–3", None),  # two numbers
        ("no digits here", None),
    ],
)
def test_an_items_one_number(item: str, number: float | None) -> None:
    assert item_number(item) == number


def test_a_clock_time_is_no_year_or_day() -> None:
    assert item_time("2:30 pm") == (None, None, None, None, 870)
    assert item_time("12 May 2020, 9am") == (2020, 5, 12, None, 540)
    assert item_time("the 3 bears") is None


def test_the_spec_round_trips_and_describes_itself() -> None:
    data = {"kind": "ordered_items", "by": "time", "direction": "descending"}
    spec = CHECK_SPEC_ADAPTER.validate_python(data)
    assert spec == LATEST
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    assert spec.describe() == "items in reverse chronological order (latest first)"
    with pytest.raises(ValueError, match="by"):
        CHECK_SPEC_ADAPTER.validate_python({**data, "by": "importance"})


@pytest.mark.parametrize(
    ("spec", "answer", "expected"),
    [
        (UP, "1. 12\n2. 3\n3. 7", "1. 3\n2. 7\n3. 12"),  # numbers kept in place
        (DOWN, "- a: 1\n- b: 3\n- c: 2", "- b: 3\n- c: 2\n- a: 1"),
        (EARLIEST, "1972 Apollo 17\n1969 Apollo 11", "1969 Apollo 11\n1972 Apollo 17"),
        (SHORT_FIRST, "Fruits:\n- banana\n- fig\n- pear", "Fruits:\n- fig\n- pear\n- banana"),
    ],
)
def test_the_repair_puts_items_in_order(spec: OrderedItems, answer: str, expected: str) -> None:
    assert measure_text(spec, answer).passed is False
    repair = repair_for(spec)
    assert repair is not None and repair["op"] == "order_items"
    repaired = apply_repairs(answer, [repair])
    assert repaired == expected
    assert measure_text(spec, repaired).passed is True


def test_the_repair_leaves_items_whose_keys_do_not_read() -> None:
    answer = "- 1972 Apollo 17\n- sometime later\n- 1969 Apollo 11"
    repair = repair_for(EARLIEST)
    assert repair is not None
    assert apply_repairs(answer, [repair]) == answer


def orders(prompt: str) -> list[tuple[str, str, bool, str | None]]:
    return [
        (c.spec.by, c.spec.direction, c.spec.strict, c.spec.unit)
        for c in compile_checks(prompt)
        if isinstance(c.spec, OrderedItems)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Generate 10 random numbers sorted ascending.", ("number", "ascending", False, None)),
        ("List the years in chronological order.", ("time", "ascending", False, None)),
        ("List the events in reverse chronological order.", ("time", "descending", False, None)),
        ("Sort them by date.", ("time", "ascending", False, None)),
        ("Ordered by atomic number.", ("number", "ascending", False, None)),
        (
            "Give me five cities with their population, sorted by population, largest first.",
            ("number", "descending", False, None),
        ),
        (
            "List 5 gadgets with prices, from cheapest to most expensive.",
            ("number", "ascending", False, None),
        ),
        ("List the products, most expensive first.", ("number", "descending", False, None)),
        ("Give me 8 IDs in strictly increasing order.", ("number", "ascending", True, None)),
        (
            "Arrange the cities by population in descending order.",
            ("number", "descending", False, None),
        ),
        (
            "List the planets in order of increasing diameter, one per line, with the km.",
            ("number", "ascending", False, None),
        ),
        ("Sort them from shortest to longest.", ("length", "ascending", False, None)),
        (
            "Name 6 animals, ordered from fewest letters to most.",
            ("length", "ascending", False, "characters"),
        ),
        (
            "Give me 6 ideas. Sort them from shortest to longest (by number of characters).",
            ("length", "ascending", False, "characters"),
        ),
        (
            "Print them in ascending order of length, numbered 1 to 5.",
            ("length", "ascending", False, None),
        ),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: tuple[str, str, bool, str | None]) -> None:
    assert orders(prompt) == [expected]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # the key or the items as the order's subject, a terse rule of a list asked for
        (
            "Write a timeline of computing. Each line formatted as 'YYYY — event', years in "
            "ascending order, between 6 and 10 lines.",
            ("time", "ascending", False, None),
        ),
        (
            "Give me a schedule: 8 slots, each starting with a time, times in ascending order.",
            ("time", "ascending", False, None),
        ),
        (
            "Make a loot list: 'Item — value gp', values as whole numbers, ascending value.",
            ("number", "ascending", False, None),
        ),
        ("List 5 prime numbers, numbers descending.", ("number", "descending", False, None)),
        (
            "Write a timeline of the moon landings. At least 6 entries, in chronological order.",
            ("time", "ascending", False, None),
        ),
        (
            "List 6 major events from the 1900s, one per line, in chronological order.",
            ("time", "ascending", False, None),
        ),
    ],
)
def test_terse_orders_of_a_list_asked(
    prompt: str, expected: tuple[str, str, bool, str | None]
) -> None:
    assert orders(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a story about a clock. The years pass in ascending order.",  # no list asked
        "Give me 5 facts. Don't put the years in ascending order.",  # negated
        "List 5 films. Ideally the years in ascending order.",  # hedged
        "Tell me the story of the war, in chronological order.",  # a story, not items
        "Write 3 paragraphs about the war, in chronological order.",  # paragraphs' order
        "List 5 films. If you can, years in ascending order.",  # conditional
    ],
)
def test_terse_order_near_misses(prompt: str) -> None:
    assert orders(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "List the tasks in order of importance.",  # a key no item shows
        "List the steps in ascending order of difficulty.",
        "List them from most to least important.",
        "Order the tasks from easiest to hardest.",
        "Rank these by population.",  # a rank says no direction
        "Sort by popularity.",
        "Sort the words in ascending alphabetical order.",  # sorted_items'
        "Write sentences of increasing length.",  # length_progression's
        "Sort rows by Year ascending.",  # a table's rows
        "Could you sort them ascending?",  # a question
        "Don't sort them ascending.",  # negated
        "If possible, list them newest first.",  # conditional
        "Tell the story in chronological order.",  # a story told in order, not items
        "Explain the history of Rome in chronological order.",
        "The list below is sorted ascending: 3, 5, 9.",  # given material
        "Put your strongest argument first.",
    ],
)
def test_near_misses_compile_no_order(prompt: str) -> None:
    assert orders(prompt) == []


TABLE = (
    "| State | Area (sq mi) | Capital |\n|---|---|---|\n"
    "| Alaska | 665,384 | Juneau |\n| Texas | 268,596 | Austin |\n"
    "| California | 163,695 | Sacramento |"
)


@pytest.mark.parametrize(
    ("spec", "verdict"),
    [
        (OrderedItems(direction="descending", column="area"), True),  # a unit after the name
        (OrderedItems(column="Area (sq mi)"), False),
        (OrderedItems(column="Population"), None),  # no such column: cannot tell
        (OrderedItems(column="Capital"), None),  # names are no numbers
    ],
)
def test_a_tables_rows_by_one_column(spec: OrderedItems, verdict: bool | None) -> None:
    outcome = measure_text(spec, TABLE)
    if verdict is None:
        assert outcome.skipped and not outcome.passed, outcome.reason
    else:
        assert not outcome.skipped and outcome.passed is verdict, outcome.reason
    assert repair_for(spec) is None  # whole rows move: the model's to rewrite


def table_orders(prompt: str) -> list[tuple[str, str, str | None]]:
    return [
        (c.spec.by, c.spec.direction, c.spec.column)
        for c in compile_checks(prompt)
        if isinstance(c.spec, OrderedItems)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Make a markdown table of the 5 largest US states with columns State, Area (sq mi), "
            "Capital. Sort it descending by area.",
            ("number", "descending", "area"),
        ),
        ("Make a table of elements. Sort rows by Year ascending.", ("time", "ascending", "Year")),
        (
            "Give a table of animals with their weight. Sort rows by weight, heaviest first.",
            ("number", "descending", "weight"),
        ),
        (
            "Make a table of cities. Sort by population from largest to smallest.",
            ("number", "descending", "population"),
        ),
        ("Make a table of cities. Sort by population.", ("number", "ascending", "population")),
    ],
)
def test_a_tables_order_names_its_column(prompt: str, expected: tuple[str, str, str]) -> None:
    assert table_orders(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Make a table of languages sorted alphabetically by language.",  # text order
        "Make a table. Sort the rows by name.",
        "Make a table of cities. Sort by population from most to least interesting.",
        "Make a table of cities. Should I sort by population?",
        "Make a table of cities; the data below is sorted by population.",
    ],
)
def test_table_near_misses_compile_no_order(prompt: str) -> None:
    assert table_orders(prompt) == []
