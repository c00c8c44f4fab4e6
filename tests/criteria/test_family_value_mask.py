"""The value-mask family: values (phone numbers, postal codes, IDs) written
to a mask the prompt shows; how a mask is read, the phrasings that compile
and the near misses that must not."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._value_mask import VALUE_MASK
from redraft.criteria._families._value_mask_reading import mask_of
from redraft.criteria._families._value_mask_spec import ValueMask

US = ValueMask(mask="(###) ###-####")
POSTAL = ValueMask(mask="@#@ #@#")
UK = ValueMask(mask="+44 20 #### ####")
CUST = ValueMask(mask="CUST-####")
SHORT = ValueMask(mask="###-####", at_least=0)
ANY_ONE = ValueMask(mask="###-####", every=False)

# 24 answers labelled by reading them: (spec, answer, written to the mask).
LABELLED = [
    (US, "(555) 555-0123", True),
    (US, "Call (212) 555-0199 today!", True),
    (US, "Call 555-555-0123 today.", False),  # another form of the kind
    (US, "(555) 5550-123", False),
    (US, "No number here.", False),  # at least one is asked
    (US, "(555) 555-0123 or (555)555-0199", False),  # the second lacks its space
    (US, "**(555) 555-0123**", True),  # emphasis around it
    (POSTAL, "K1A 0B1\nM5V 3L9", True),
    (POSTAL, "K1A 0B1\nm5v 3l9", False),  # lowercase letters
    (POSTAL, "K1A0B1", False),  # no space: no match, and none found to count
    (POSTAL, "- K1A 0B1\n- H0H 0H0\n- 12345", True),  # a number of another kind is no code
    (UK, "Call us on +44 20 7946 0958.", True),
    (UK, "Call us on +44 20 7946 095.", False),  # a digit short
    (UK, "Call us on 44 20 7946 0958 or +44 20 7946 0958.", False),  # the first lacks its +
    (CUST, "```\nCUST-0001\nCUST-0002\n```", True),
    (CUST, "CUST-0001, CUST-002", False),
    (CUST, "CUST-00012", False),
    (CUST, "cust-0001", False),  # the literal part keeps its case
    (SHORT, "No numbers at all.", True),  # a rule for values that may come
    (SHORT, "Dial 555-0123.", True),
    (SHORT, "Dial 555-01234.", False),
    (SHORT, "In 2024 we moved.", True),  # a lone number is no value of the kind
    (ANY_ONE, "Dial 555-0123 or 55-0123.", True),  # one is enough
    (ANY_ONE, "Dial 55-0123.", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_finds_values_written_to_the_mask(
    spec: ValueMask, answer: str, ok: bool
) -> None:
    assert VALUE_MASK.measure(spec, answer).passed is ok


@pytest.mark.parametrize(
    ("raw", "mask"),
    [
        ("A1A 1A1", "@#@ #@#"),
        ("(555) 555-0123", "(###) ###-####"),
        ("+44 20 XXXX XXXX", "+44 20 #### ####"),
        ("CUST-####", "CUST-####"),
        ("INV-NNNN", "INV-####"),
        ("xxx.xxx.xxxx", "###.###.####"),
        ("INV-YYYY-NNNN", None),  # YYYY: a placeholder of another kind
        ("ABC-1234", None),  # letters that may be placeholders
        ("QQ 12 34 56 C", None),
        ("21°C (70°F)", None),  # a sample says nothing of its numbers' widths
        ("12:30", None),
        ("hello", None),
        ("REF-XXXXXX", None),  # letters or digits, or the Xs themselves
        ("#FD-NNNNN", None),  # a "#" of the value itself
        ("XXX-XXXX", "###-####"),
        ("300-500", None),  # a range, not a code
        ("555-0123", "###-####"),
    ],
)
def test_a_mask_is_read_one_way_or_not_at_all(raw: str, mask: str | None) -> None:
    assert mask_of(raw) == mask


def test_the_correction_shows_the_values_off_the_mask() -> None:
    outcome = VALUE_MASK.measure(US, "Call 555-555-0123 today.")
    assert outcome.suggestion == (
        "Write '555-555-0123' exactly to the mask '(999) 999-9999' "
        "(each 9 a digit, each A a capital letter, the rest as shown)."
    )


def _read(prompt: str) -> list[ValueMask]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, ValueMask)]


@pytest.mark.parametrize(
    ("prompt", "spec"),
    [
        ("Give me a fake US phone number in the form (555) 555-0123.", US),
        ("I need 5 fake Canadian postal codes for testing, format A1A 1A1.", POSTAL),
        ("Invent three postal codes; use the format A1A 1A1.", POSTAL),
        ("The flyer should contain one phone number in international format +44 20 XXXX XXXX.", UK),
        ("Generate 8 customer IDs. Each should look like CUST-#### with four digits.", CUST),
        ("Create customer IDs formatted as 'CUST-####'.", CUST),
        ("Every customer ID has to look like CUST-####.", ValueMask(mask="CUST-####", at_least=0)),
        ("Phone numbers must be written in the format XXX-XXXX.", SHORT),
    ],
)
def test_phrasings_compile(prompt: str, spec: ValueMask) -> None:
    assert _read(prompt) == [spec]


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me a number like 555-0123.",  # a sample of content
        "Give me a phone number (e.g. in the form 555-0123).",
        "Is the form (555) 555-0123 valid?",
        "The form 555-0123 is common in films.",  # said, not asked
        "Don't use the format XXX-XXXX.",
        "If you mention phone numbers, they must be in the format XXX-XXXX.",
        "Write the temperature formatted like 21°C (70°F).",  # widths unknown
        "Generate IDs in the format ABC-1234.",  # letters that may be placeholders
        "My old IDs. Each should look like CUST-#### but they don't.",
        "Perhaps write the code in the form A1A 1A1.",
        "Include a reference number placeholder in the form INV-NNNN.",
        "Write the summary in the form of a letter.",
        "Give the date in the format YYYY-MM-DD.",  # a date's, not a mask's
        "Reply in the format 300-500 words.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _read(prompt) == []
