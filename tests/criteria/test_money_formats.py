"""How money and percentages are written (``money_format``,
``percent_format``): which numbers count, answers labelled by reading, the
repairs that need no judgement, the wordings that compile and the near
misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families import FamilySpec
from redraft.criteria._families._money_formats import (
    MoneyFormat,
    PercentFormat,
    amounts,
    percentages,
)

POUNDS = MoneyFormat(places=2, symbol="£")
CENTS = MoneyFormat(places=2)
GROUPED = MoneyFormat(places=2, symbol="$", grouped=True)
WHOLE = MoneyFormat(places=0, symbol="$")
EUROS = MoneyFormat(symbol="€")
ONE_PCT = PercentFormat(places=1)
WHOLE_PCT = PercentFormat(places=0)
SIGN = PercentFormat(sign=True)

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[FamilySpec, str, bool]] = [
    (POUNDS, "Soup £4.50, bread £2.00.", True),
    (POUNDS, "Soup £4.5, bread £2.00.", False),
    (POUNDS, "Soup £4.50, bread $2.00.", False),  # another sign
    (POUNDS, "Soup £4.50 and GBP 2.00.", False),  # a code is not the sign
    (POUNDS, "Serves 4, takes 2.5 hours, costs £12.00.", True),  # no sign: not money
    (POUNDS, "Revenue hit £2.5 million.", True),  # scaled: not held to places
    (CENTS, "Tea $3.49, cake €4.", False),
    (CENTS, "Tea $3.49, cake €4.00, 3.5 kg of flour.", True),
    (CENTS, "Total: 12.50 USD.", True),
    (CENTS, "Total: 12.5 USD.", False),
    (CENTS, "Costs $1,299.00 in total.", True),
    (GROUPED, "Costs $1,299.00 in total.", True),
    (GROUPED, "Costs $1299.00 in total.", False),
    (GROUPED, "Costs $12,40.00 in total.", False),  # malformed grouping
    (GROUPED, "Costs $999.00, not $1,000.00.", True),
    (WHOLE, "Coffee $6, bagel $3.", True),
    (WHOLE, "Coffee $6.00, bagel $3.", False),
    (WHOLE, "In 2024 we sold 3.5 tons for $7.", True),
    (EUROS, "From €12.50 to €20.", True),
    (EUROS, "From €12.50 to £20.", False),
    (ONE_PCT, "Up 12.5% and down 3.0%.", True),
    (ONE_PCT, "Up 12.5% and down 3%.", False),
    (ONE_PCT, "Up 12.25 percent.", False),
    (WHOLE_PCT, "About 40% agreed, 60% did not.", True),
    (WHOLE_PCT, "About 40.5% agreed.", False),
    (SIGN, "About 40% agreed.", True),
    (SIGN, "About 40 percent agreed.", False),
    (SIGN, "About 40 per cent agreed.", False),
]


# Nothing the form can be read on: not checked, never a pass (bare "3.49"
# may be a price written without its sign).
UNREAD: list[tuple[FamilySpec, str]] = [
    (POUNDS, "No prices here."),
    (CENTS, "Latte 3.5, muffin 2.25."),
    (ONE_PCT, "It grew by 2.5 times."),
    (SIGN, "Half of them came."),
    (SIGN, "A hundred people, 12 of them late."),
]


@pytest.mark.parametrize(("spec", "answer"), UNREAD)
def test_an_answer_with_no_value_to_read_is_not_checked(spec: FamilySpec, answer: str) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.skipped and not outcome.passed, outcome.reason


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measures_agree_with_labelled_answers(
    spec: FamilySpec, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_which_numbers_count() -> None:
    text = "Pay $5, €1,200.50 or 30 EUR; 4.5 kg; 2024; USD 7; $3m."
    assert [m.group(0).strip() for m in amounts(text)] == [
        "$5",
        "€1,200.50",
        "30 EUR",
        "USD 7",
        "$3m",
    ]
    assert [m.group(0) for m in percentages("5% of 12 and 7 percent, 1.5 pct; 2024")] == [
        "5%",
        "7 percent",
        "1.5 pct",
    ]


def test_the_corrections_show_what_to_rewrite() -> None:
    assert measure_text(POUNDS, "Soup £4.5.").suggestion == (
        "Write every amount of money with the £ sign and 2 decimal places: £4.5."
    )
    assert measure_text(SIGN, "About 40 percent.").suggestion == (
        "Write every percentage with the % sign: 40 percent."
    )


def test_the_specs_round_trip_and_state_something() -> None:
    for spec in (POUNDS, GROUPED, WHOLE, ONE_PCT, SIGN):
        assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    with pytest.raises(ValueError, match="states"):
        MoneyFormat()
    with pytest.raises(ValueError, match="states"):
        PercentFormat()


@pytest.mark.parametrize(
    ("spec", "answer", "repaired", "passes"),
    [
        (CENTS, "Tea $3.5, cake €4.", "Tea $3.50, cake €4.00.", True),
        (CENTS, "Tea $3.499 and $2.5 million.", "Tea $3.50 and $2.5 million.", True),
        (MoneyFormat(places=2, grouped=True), "Pay $1299.5.", "Pay $1,299.50.", True),
        (ONE_PCT, "Up 12.25% and 3 percent.", "Up 12.3% and 3.0 percent.", True),
        (PercentFormat(places=1, sign=True), "Up 3 percent.", "Up 3.0%.", True),
    ],
)
def test_the_repairs_change_only_what_is_certain(
    spec: FamilySpec, answer: str, repaired: str, passes: bool
) -> None:
    repair = SpecCheck(spec)._measured(answer).data["repair"]
    assert apply_repairs(answer, [repair]) == repaired
    assert measure_text(spec, repaired).passed is passes


def test_no_repair_where_it_needs_judgement() -> None:
    # dropping cents changes a price; another sign needs a conversion
    assert SpecCheck(WHOLE)._measured("Coffee $6.50.").data.get("repair") is None
    assert SpecCheck(EUROS)._measured("From £12.").data.get("repair") is None
    assert SpecCheck(WHOLE_PCT)._measured("About 40.5%.").data.get("repair") is None


def compiled(prompt: str) -> list[object]:
    return [
        c.spec for c in compile_checks(prompt) if isinstance(c.spec, MoneyFormat | PercentFormat)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a menu. Price as £XX.XX.", [POUNDS]),
        ("Write a budget. Every amount with a £ sign and two decimals.", [POUNDS]),
        ("Always show money as $X,XXX.XX with thousands separators.", [GROUPED]),
        ("Prices are always formatted like $1,299.00.", [GROUPED]),
        ("List snacks with prices in whole dollars like $6 (no cents).", [WHOLE]),
        (
            "Give the price as £X,XXX with no pence.",
            [MoneyFormat(places=0, symbol="£", grouped=True)],
        ),
        (
            "Every price has to be in dollars with two decimals like $1.50.",
            [MoneyFormat(places=2, symbol="$")],
        ),
        ("Amount due as £ with two decimals.", [POUNDS]),
        ("Always quote prices with the £ sign and two decimals (e.g. £89.00).", [POUNDS]),
        ("Give prices with two decimals.", [CENTS]),
        ("Prices in euros with the € sign.", [EUROS]),
        ("Plan a trip; costs should be written with the euro symbol.", [EUROS]),
        ("Salaries must be shown to 0 decimal places.", [MoneyFormat(places=0)]),
        ("Fees: always in the form $NN.NN.", [MoneyFormat(places=2, symbol="$")]),
        (
            "Give every percentage with one decimal place and a % sign.",
            [PercentFormat(places=1, sign=True)],
        ),
        ("Report a whole-number percentage (no decimals).", [WHOLE_PCT]),
        ("Round the percentage to a whole number.", [WHOLE_PCT]),
        ("Write the survey results, with all percentages to one decimal place.", [ONE_PCT]),
        ("Summarise the poll. Percentages with the % sign.", [SIGN]),
        ("Round percentages to the nearest whole number.", [WHOLE_PCT]),
    ],
)
def test_the_wordings_compile(prompt: str, expected: list[object]) -> None:
    assert compiled(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Keep the prices exactly as they are.",  # the user's figures kept, no form
        # a count of the figures before their noun: the count is not read, so nothing is
        "Include at least two percentages written with the % sign.",
        "Each problem must include at least one amount in pounds and pence like £3.45.",
        "Give three prices, each with two decimals.",
        # a range's shape is not read
        "Salary as a range like £24,000–£28,000.",
        "Show the fee as £1,200 to £1,500.",
        "My prices have two decimals.",  # the user's own figures
        "Round these amounts to two decimals.",  # given figures, not the answer's
        "If you mention prices, use two decimals.",  # a condition
        "Should prices have two decimals?",  # asked
        "Ideally, give prices with two decimals.",  # hedged
        "Don't write prices with two decimals.",  # negated
        "Never show money as $X,XXX.XX.",  # negated
        "Give the weights with two decimals.",  # another sort of number
        "Give the price of the basic plan with two decimals.",  # one value named
        "List the prices in the second table with two decimals.",  # one part
        "Prices with exactly 7 decimal places.",  # no currency has seven
        "Prices like $1.50, written with three decimals.",  # the sample disagrees
        "The percentages must total 100.",  # a sum, not a form
        "Include at least 3 percentages.",  # a count
        "The article says prices rose 5% with two decimals of precision lost.",  # reported
        'Translate "prices with two decimals" into French.',  # quoted text
        "Don't round the percentages to a whole number.",  # negated
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Mention the amount as $45.00.",  # one value to write, not a form
        "Salary shown as £32,000–£36,000.",  # one value (a range) to write
        "In the Finance section, write every amount with two decimals.",  # one part
        "For the summary table, give prices with the £ sign.",  # one part
        "Write every amount in German format with the euro sign after, like 1.234,56 €.",
        "Prices with a decimal comma and two decimals.",  # a notation not read
    ],
)
def test_values_parts_and_other_notations_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Use two decimals for all prices.", [CENTS]),
        ("Use the £ sign for every amount.", [MoneyFormat(symbol="£")]),
        ("Compare three laptops, using exactly 2 decimal places for prices.", [CENTS]),
        ("Use one decimal place for percentages.", [ONE_PCT]),
        ("Use the % sign for all percentages.", [SIGN]),
        # the form said before its subject, as a near miss each
        ("Use two decimals for my prices.", []),
        ("If you can, use two decimals for prices.", []),
        ("Use two decimals for the prices in the second table.", []),
        ("Don't use two decimals for prices.", []),
        ("Use two decimals for weights.", []),
    ],
)
def test_a_form_before_its_subject(prompt: str, expected: list[object]) -> None:
    assert compiled(prompt) == expected
