"""Requests with odd values where the rules expect ordinary ones — zero, a
negative, a number no count can reach, a quoted mark, blank or emoji where a
word goes — compile without a rule raising (the suite runs inside
``raise_rule_errors``): a value no check can hold compiles nothing."""

from __future__ import annotations

import itertools

import pytest

from redraft.criteria import compile_checks

TEMPLATES = (
    "Answer in {n} words.",
    "Write a {n}-word essay about tides.",
    "Give me at least {n} bullet points about owls.",
    "Between {n} and {m} lines, please.",
    "Write {n}–{m} sentences.",
    "Use no more than {n} paragraphs.",
    "Make a markdown table with exactly {n} columns: Name, Price.",
    "Give it as a markdown table with at least {n} rows.",
    "A table with headers {q} and {p}, please.",
    'Return a JSON array of objects with keys {q}, {p} and "id".',
    "Return a JSON object with the keys {q} and {p}.",
    "Never start your reply with {q}.",
    "End your answer with {q}.",
    "Start your answer with {q}.",
    "Use the word {q} at least {n} times.",
    "Do not use the words {q} or {p}.",
    "Include the keywords {q} and {p}.",
    "Wrap the title in {q}.",
    "Separate the two answers with {q}.",
    "Each bullet must start with {q}.",
    "Every line must end with {q}.",
    "Put {q} at the end of each sentence.",
    "Each sentence has at most {n} words.",
    "The letter {q} must appear at least {n} times.",
    "Use exactly {n} emojis and {m} hashtags.",
    "Write a poem of {n} stanzas, each of {m} lines.",
    "Answer with one of {q}, {p}.",
    "Format each line as {q}.",
    "Add a P.S. starting with {q}.",
    "Number the sections {q} 1, {q} 2 and so on.",
    "Format: a markdown table with columns Item | Qty. At least {n} rows.",
    "A markdown table with columns Exercise and Rest. Between {n} and {m} rows.",
    "Write a cheer. Every line must end with an exclamation mark, {n}–{m} lines.",
    "A short cheer: every line ends with an exclamation mark, {n}–6 lines, and 'Go' twice.",
    "A list of {n} to {m} items, each under {n} words.",
    "Reply in {n} sentences or fewer, with at least {m} questions.",
)
NUMBERS = ("0", "1", "-1", "999999999999", "zero")
MARKS = ("'@'", "'—'", "''", "' '", "'🙂'", "'\"'", "'...'", "'#'", "'-'", "'x'")


def _cases() -> list[str]:
    cases = []
    for template, (n, m), (q, p) in itertools.product(
        TEMPLATES, zip(NUMBERS, NUMBERS[::-1], strict=True), zip(MARKS, MARKS[::-1], strict=True)
    ):
        cases.append(template.format(n=n, m=m, q=q, p=p))
    return sorted(set(cases))


@pytest.mark.parametrize("template", TEMPLATES)
def test_no_rule_raises_on_odd_values(template: str) -> None:
    prompts = [case for case in _cases() if case.startswith(template.split("{")[0])]
    for prompt in prompts:
        compile_checks(prompt)  # raises inside the suite's raise_rule_errors if a rule does


def test_a_count_no_check_can_hold_compiles_nothing() -> None:
    assert compile_checks("Make a markdown table with exactly 999999999999 columns.") == []
    assert compile_checks("Format: a markdown table with columns A | B. At least 0 rows.") == [
        c for c in compile_checks("Format: a markdown table with columns A | B.")
    ]
