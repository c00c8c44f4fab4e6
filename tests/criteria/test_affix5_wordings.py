"""Whole-answer starts and ends, postscripts and per-line templates in the
wordings the affix families missed (session of 2026-11-29, late morning).
Each positive wording has near misses that must compile nothing (or
something else)."""

from __future__ import annotations

import pytest

from _compiled_specs import kinds, specs

# -- a postscript named by its marker -------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "marker"),
    [
        ("Write a thank-you card to my aunt. End it with a P.S. that mentions her cat.", "P.S."),
        ("Write the club newsletter and add a P.S. at the end.", "P.S."),
        ("Draft the invitation. At the very end add a P.P.S. with the parking code.", "P.P.S."),
        ("Draft the invitation. At the end, include a P.S. about the dress code.", "P.S."),
        ("Write the apology email; put a P.S. at the bottom offering a refund.", "P.S."),
        ("Write a cover letter and finish with a P.S. about my portfolio.", "P.S."),
        ("Write a fan letter, and close your letter with a p.s. about the tour.", "P.S."),
        ("Write the memo and end with a P.S. line starting 'P.S.' about lunch.", "P.S."),
    ],
)
def test_a_postscript_named_by_its_marker(prompt: str, marker: str) -> None:
    assert ("postscript", {"marker": marker}) in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a letter to my landlord. Don't add a P.S.",
        "Write a letter to my landlord, no P.S. at the end.",
        "Write a letter to my landlord. If it fits, add a P.S. at the end.",
        "Write a letter to my landlord. You could add a P.S. if you like.",
        "Write a letter to my landlord. Should I add a P.S.?",
        "Write three letters to my landlord and add a P.S. to each letter.",
        "Write a letter to my landlord. End with a P.S. or a short note.",
        "Fix the grammar in my letter, which ends with a P.S. about the boiler.",
        # "a postscript" names no marker: "PS:", "P.S." and "Post scriptum" all are one
        "Write a letter to my landlord and end with a postscript.",
    ],
)
def test_near_misses_of_a_named_postscript(prompt: str) -> None:
    assert "postscript" not in kinds(prompt)


def test_it_in_brackets_after_a_part_is_that_part() -> None:
    # "(start it with 'P.S.')" after the postscript starts the postscript, not the letter
    found = specs(
        "Write the appeal letter. Finish with a P.S. about Gift Aid (start it with 'P.S.')."
    )
    assert ("postscript", {"marker": "P.S."}) in found
    assert "starts_with" not in {kind for kind, _ in found}
    # after the answer's own noun, "it" is the answer
    assert ("starts_with", {"phrase": "Dawn"}) in specs(
        'Write a short poem (begin it with "Dawn").'
    )


# -- a per-line template written without quotes, and own-line units ---------------


@pytest.mark.parametrize(
    ("prompt", "template"),
    [
        (
            "Suggest 6 podcasts. Each line: Show (Host) — one reason to listen.",
            "Show (Host) — one reason to listen",
        ),
        (
            "Teach me 8 verbs, and format every line as: infinitive (past tense) - meaning",
            "infinitive (past tense) - meaning",
        ),
        (
            "Match the capitals. One pair per line as Country → Capital, in any order.",
            "Country → Capital",
        ),
        (
            "List 5 near-synonyms. Each entry: word ≠ lookalike (difference).",
            "word ≠ lookalike (difference)",
        ),
        ("Give me the glossary, each item as: término = term", "término = term"),
        # quoted, the unit named between "one" and "per line", or "one line per" a thing
        (
            'Plan the deliveries, one stop per line as "TOWN – customer", by route.',
            "TOWN – customer",
        ),
        ('Plan the rota. One line per week formatted "Week N — Name", in order.', "Week N — Name"),
    ],
)
def test_a_template_of_every_line(prompt: str, template: str) -> None:
    assert ("item_template", {"template": template}) in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # a name that states a condition or a choice: a description, not a template
        "Suggest 6 podcasts. Each line: short and punchy — no spoilers.",
        "Suggest 6 podcasts. Each line: under ten words.",
        "Suggest 6 podcasts. Each line: Show or host - reason.",
        "Suggest 6 podcasts. Each line: the title — at most five words.",
        # negated, hedged, asked, described, about another thing
        "Suggest 6 podcasts. Don't format every line as: Show - Host",
        "Suggest 6 podcasts, each line ideally as Show - Host.",
        "Suggest 6 podcasts. Should each line be Show - Host?",
        "My old list had each line: Show - Host.",
        # the template runs on past its clause: not the plain shape
        "Suggest 6 podcasts. Each line: Show - Host plus 3 episodes to try.",
        # a time with a colon inside a word is no part name and mark
        "Format each line as M:SS Title.",
    ],
)
def test_near_misses_of_a_template_of_every_line(prompt: str) -> None:
    assert "item_template" not in kinds(prompt)


# -- the last line named by where it goes ------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "template"),
    [
        (
            "Review the café in two paragraphs and score it on the final line as 'Stars: N/5'.",
            "Stars: <number>/5",
        ),
        (
            "Three clues, one per line, then a final line reading 'Killer: X' where X is A-C.",
            "Killer: <one of A B C>",
        ),
        (
            "Four steps, each on its own line, then a final line starting 'Takeaway:'.",
            "Takeaway: <text>",
        ),
        (
            "List the riddles in capitals, then a final line 'Hint: ' with a short hint.",
            "Hint: <text>",
        ),
    ],
)
def test_the_last_line_named_by_where_it_goes(prompt: str, template: str) -> None:
    assert ("line_template", {"template": template, "line": "last"}) in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "My review has two paragraphs and ends on the final line as 'Stars: N/5'.",
        "Review the café, and don't score it on the final line as 'Stars: N/5'.",
        "Review the café. Should I score it on the final line as 'Stars: N/5'?",
        "If you like, score it on the final line as 'Stars: N/5'.",
        "Each fable has a final line 'Moral:' with the lesson.",
        "Write three fables; each fable ends with a final line 'Moral:' and the lesson.",
    ],
)
def test_near_misses_of_the_last_line_named_by_where_it_goes(prompt: str) -> None:
    assert "line_template" not in kinds(prompt)


def test_a_bare_line_cut_at_its_question_mark_compiles_nothing() -> None:
    # the sentence splitter cuts at "?": "Questions?" alone is not the line asked for
    assert "ends_with" not in kinds("Write the memo. Finish with the line: Questions? Ask Sam.")
    assert ("ends_with", {"phrase": "Any questions?"}) in specs(
        "Write the memo. Finish with the line: Any questions?"
    )


# -- a hedge softens its own clause ------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a tip. Avoid jargon where you can, and end with a question.",
        "Write a tip. End with a question, and avoid jargon where you can.",
        "Write a tip. Keep it under 80 words if possible; end with a question.",
    ],
)
def test_a_hedge_in_another_clause_leaves_the_end_required(prompt: str) -> None:
    assert ("ends_with", {"phrase": "?"}) in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # the hedge opens the sentence, or sits in the phrase's own clause
        "Write a tip. Ideally keep it short, and end with a question.",
        "Write a tip. Keep it short and end with a question if you can.",
        "Write a tip. Keep it short, and maybe end with a question.",
        "Write a tip; if you like, end with a question.",
    ],
)
def test_a_hedge_in_the_same_clause_or_opening_the_sentence_still_softens(prompt: str) -> None:
    assert "ends_with" not in kinds(prompt)


def test_the_hedged_clause_itself_still_compiles_nothing() -> None:
    found = kinds("Keep it under 50 words where possible, and use 3 bullets.")
    assert "word_count" not in found
    assert "bullet_count" in found
