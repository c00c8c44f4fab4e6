"""A whole-answer letter case beside words the prompt keeps in the other case
elsewhere ("All lowercase. … keep PAY-231 uppercase", "Acronyms stay in
capitals"): the answer is not in one case, so no letter_case compiles; the
answer itself kept in its case ("keep it all lowercase") or something else
kept ("keep the tone calm") leaves it."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._case import LetterCase


def _cases(prompt: str) -> list[str]:
    return [c.spec.case for c in compile_checks(prompt) if isinstance(c.spec, LetterCase)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the tagline in all lowercase. Keep the brand name ACME in capitals.",
        "Answer in lowercase only. Abbreviations like UK and EU should stay uppercase.",
        "Respond entirely in lowercase. Product codes remain in caps.",
        "Write the whole reply in uppercase. Leave the URL as written.",
        "Use all capital letters for the notice. Keep the username jsmith in lowercase.",
        "Everything in lowercase, please. Preserve the ticket ID ABC-12 in block letters.",
    ],
)
def test_words_kept_in_the_other_case_bar_the_whole_case(prompt: str) -> None:
    assert _cases(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("Write everything in lowercase; keep it lowercase even for names.", "lower"),
        ("Respond in all caps. Keep the tone calm.", "upper"),
        ("Write in lowercase only. Keep your sentences short.", "lower"),
        ("Write it all in lowercase. Keep it all lowercase, no capitals at all.", "lower"),
        ("Reply in uppercase. Keep the answer under 50 words.", "upper"),
    ],
)
def test_the_answer_kept_in_its_case_still_compiles(prompt: str, case: str) -> None:
    assert _cases(prompt) == [case]
