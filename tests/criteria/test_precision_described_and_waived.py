"""False checks fixed by cause: a clause after a dash or comma that states
what something else is or was ("— my old one was in all caps") describes
that thing; a lone X beside digits in a mask of Xs reads two ways; and
"no code" waives a system's code checks only where it says the user wants
no code ("no code comments", "if there is no code" do not)."""

from __future__ import annotations

import pytest

from _compiled_specs import kinds, specs, specs_of_kind
from redraft.criteria import compile_checks
from redraft.criteria._families._value_mask_reading import mask_of


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a product description — my old one was in all caps and people hated it.",
        "Write a product description, my old one was in all caps and nobody read it.",
        "Write a tweet — my old tweets were in all lowercase.",
        "Draft a flyer; our last flyer was entirely in capital letters.",
        "Write a poem about the sea, the one my aunt sent had every word in lowercase.",
        "Make a banner — their banner looked like it was all in uppercase.",
        "Write a motto, this one was in all caps: NEVER GIVE UP.",
        "Write a caption — my draft is in all lowercase and feels lazy.",
        "Describe the lake — the previous version used all caps.",
        "Write a note for my neighbour — her notes are always in all caps.",
        'Rewrite my tagline — "BUY IT NOW" was in all caps.',
        "Rewrite my tagline, 'shop now' is in all lowercase.",
        "Write an ad — for instance, the last one was in all lowercase and looked cool.",
        "Write a slogan — unless the client insists, their last slogan was in all caps.",
    ],
)
def test_a_clause_that_describes_another_thing_compiles_no_case(prompt: str) -> None:
    assert "letter_case" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("Write a product description in all caps.", "upper"),
        ("Write a product description — in all caps, please.", "upper"),
        ("Write a tweet about rain, all in lowercase.", "lower"),
        ("Write a poem, my teacher has to see it by Monday, in all caps.", "upper"),
        ("Write a bio, my name is Ana, in all lowercase.", "lower"),
        ('Rewrite my tagline — "Shop now" — in all caps.', "upper"),
    ],
)
def test_a_case_asked_outright_still_compiles(prompt: str, case: str) -> None:
    assert [s["case"] for s in specs_of_kind(prompt, "letter_case")] == [case]


@pytest.mark.parametrize(
    ("raw", "mask"),
    [
        ("(555) 01X-XXXX", None),
        ("1X2-XXX-XXXX", None),
        ("X1-XXXX", None),
        ("x9-XXXX", None),
        ("555-XXXX", "555-####"),
        ("AB-XXXX", None),
    ],
)
def test_a_lone_x_beside_a_digit_reads_two_ways(raw: str, mask: str | None) -> None:
    assert mask_of(raw) == mask


def test_a_phone_mask_with_a_lone_x_compiles_no_mask() -> None:
    got = specs_of_kind(
        "Generate 10 fake US phone numbers for a test table. Format: (555) 01X-XXXX. "
        "Return them as a JSON array.",
        "value_mask",
    )
    assert got == []


_SYSTEM = "Always answer with one ```python code block followed by a short explanation."


def _code_kept(prompt: str) -> bool:
    got = {c.spec.kind_name() for c in compile_checks(prompt, system=_SYSTEM)}
    return "code_block_count" in got


@pytest.mark.parametrize(
    "prompt",
    [
        "Explain recursion, no code.",
        "Explain recursion — no code — in two sentences.",
        "No code this time; explain closures.",
        "Explain decorators without code.",
        "No code at all, just tell me what a generator is.",
    ],
)
def test_no_code_waives_the_systems_code_block(prompt: str) -> None:
    assert not _code_kept(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a function that parses dates, with no code comments.",
        "Refactor this loop; no code changes outside the function.",
        "If there is no code in my message, ask me for it. Write a sorting function.",
        "Write a parser without code comments.",
        "When no code is needed, say so. Fix my regex.",
        "Write me a CLI script — no code smells, please.",
        "Review my function, no code review jargon.",
        "Write a retry decorator; in case no code is attached, assume requests.",
        "Write a tokenizer without code duplication... I mean, keep it tidy.",
        "Write a date helper, no code style debates, just PEP 8.",
    ],
)
def test_no_code_of_something_else_keeps_the_code_block(prompt: str) -> None:
    assert _code_kept(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the intro: greeting line, then 5 story teasers, each one line. "
        "Teasers must be in alphabetical order top to bottom.",
        "List 8 herbs in alphabetical order, then a one-line note on storage.",
        "List 8 herbs alphabetically, one per line, followed by a closing sentence.",
        "Give me a title line followed by 6 city names, sorted alphabetically.",
        "Name 7 birds in alphabetical order, then add a summary line.",
        "Start with a headline, then 5 product names in alphabetical order.",
        "Ten capitals, alphabetical order, then the total on the last line.",
        "A heading, then the team members, one per line, sorted A to Z.",
        "Give 6 spices alphabetically, followed by a sentence about storing them.",
        "Write one greeting sentence, then list 5 dogs' names in alphabetical order.",
    ],
)
def test_items_beside_another_parts_lines_compile_no_order(prompt: str) -> None:
    assert "sorted_items" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Name 6 rivers in alphabetical order, one per line.",
        "List 8 herbs, one per line, in alphabetical order.",
        "Give a title, then 6 bullet points of fruits, sorted alphabetically.",
    ],
)
def test_items_alone_or_marked_keep_their_order(prompt: str) -> None:
    assert "sorted_items" in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me feedback on my essay — it has 5 paragraphs and ends with a question.",
        "Give me feedback on my essay, it has 5 paragraphs.",
        "Improve my haiku, it has 4 lines.",
        "Proofread this email — it is in all lowercase.",
        "Check the attached story; it contains 3 scenes and 40 sentences.",
        "Rate my speech — it runs to 900 words.",
        "Edit our newsletter, it currently has 6 sections and 3 bullet points.",
        "Review these slides, they have 12 bullet points each.",
        "Fix my limerick — it was in all lowercase.",
        "Polish this paragraph; it probably has 6 sentences.",
        "Tidy up my essay — it actually has 7 paragraphs.",
        "Critique my short story — if I remember right, it has 40 sentences.",
        "Comment on my poem, for instance, it has 3 stanzas and ends with 'night'.",
    ],
)
def test_an_item_stating_what_a_given_thing_is_compiles_nothing(prompt: str) -> None:
    assert specs(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Write a poem — it has to be exactly 4 lines.", "line_count"),
        ("Write a toast for my sister, it must have 3 paragraphs.", "paragraph_count"),
        ("Fix this email, it is in all caps; keep it under 80 words.", "word_count"),
        ("Check my cover letter, it runs to 2 pages, make it under 250 words.", "word_count"),
        ("Write an essay, it has 5 paragraphs.", "paragraph_count"),
        ("Write a paragraph; it has to have 6 sentences.", "sentence_count"),
        ("Edit my essay; it is 900 words, cut it to 500 words.", "word_count"),
    ],
)
def test_the_answers_own_rule_after_the_statement_still_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)
