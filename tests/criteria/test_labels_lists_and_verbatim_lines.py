"""Wordings read since the fresh blind splits, each with its near misses:
banned words under a label that names their kind ("Banned buzzwords: …",
"No apology words: 'sorry', …"); a quoted list whose next item is named
again ("the phrase 'x' or the word 'y'"); a label line written as an item
of a bulleted or numbered list of rules ("- Length: 300 to 400 words.");
"N lines like '…'" and "Output a single line only"; an opening or closing
line given after "exactly this sentence:" or "this line verbatim:"; "repeat
the word 'x' N times"; and "nothing longer than N words" read as a bound,
never as a floor."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def found(prompt: str, system: str | None = None) -> set[tuple[object, ...]]:
    out: set[tuple[object, ...]] = set()
    for check in compile_checks(prompt, system=system):
        spec = check.spec
        kind = spec.kind_name()
        if kind == "forbidden_words":
            out.add((kind, tuple(getattr(spec, "words", ()))))
        elif kind == "keyword":
            out.add(
                (
                    kind,
                    getattr(spec, "keyword", ""),
                    getattr(spec, "relation", ""),
                    getattr(spec, "value", -1),
                )
            )
        elif kind in ("starts_with", "ends_with"):
            out.add((kind, getattr(spec, "phrase", "")))
        elif hasattr(spec, "relation") and hasattr(spec, "value"):
            out.add((kind, getattr(spec, "relation", ""), getattr(spec, "value", -1)))
        else:
            out.add((kind,))
    return out


def kinds(prompt: str, system: str | None = None) -> set[str]:
    return {str(k[0]) for k in found(prompt, system)}


# --- banned words under a label naming their kind ---------------------------------------


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        ("Write a job ad. Banned buzzwords: ninja, guru, rockstar.", ("ninja", "guru", "rockstar")),
        ("Draft the flyer. Forbidden marketing terms: cheap, bargain.", ("cheap", "bargain")),
        (
            'Write the apology email. No apology words: "sorry", "regret".',
            ("sorry", "regret"),
        ),
        (
            "Describe the village. No modern words: 'okay', 'cool', 'awesome'.",
            ("okay", "cool", "awesome"),
        ),
    ],
)
def test_a_label_naming_a_kind_of_word_bans_its_list(prompt: str, words: tuple[str, ...]) -> None:
    assert ("forbidden_words", words) in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        'My teacher banned filler words: "basically", "literally". Why would she?',
        'Is it fine if there are no filler words: "basically"?',
        "Write a memo. No filler words: get to the point.",
        "Write a speech. Banned topics: politics, religion.",
        'If the client asks, no slang words: "lit", "vibe".',
    ],
)
def test_near_misses_of_a_banned_label_compile_no_ban(prompt: str) -> None:
    assert "forbidden_words" not in kinds(prompt)


# --- a quoted list named again ----------------------------------------------------------


def test_the_next_quoted_item_named_again_joins_the_list() -> None:
    prompt = 'Write the post. Never use the phrase "game changer" or the word "synergy".'
    assert ("forbidden_words", ("game changer", "synergy")) in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        'Write the post. Never use the word "cheap", and the word "deal" is fine.',
        'Write the post. Never use the word "cheap" and the word "deal" is welcome.',
    ],
)
def test_a_word_named_again_in_a_clause_of_its_own_is_not_banned(prompt: str) -> None:
    assert ("forbidden_words", ("cheap",)) in found(prompt)


# --- a label line as an item of a list of rules -----------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the toast.\n- Length: 300 to 400 words.\n- Keep it warm.",
        "Write the toast.\n1. Length: 300 to 400 words.\n2. Keep it warm.",
    ],
)
def test_a_bulleted_length_label_reads_as_the_answers(prompt: str) -> None:
    assert {("word_count", "at_least", 300), ("word_count", "at_most", 400)} <= found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Should the toast be like this?\n- Length: maybe 300 words?",
        "Write the toast.\n- Length: 300 to 400 words if it is for a wedding.",
    ],
)
def test_near_misses_of_a_bulleted_length_label_compile_nothing(prompt: str) -> None:
    assert "word_count" not in kinds(prompt)


def test_a_bulleted_count_alone_reads_as_a_later_rule() -> None:
    assert ("line_count", "exactly", 1) in found("You are QuoteBot.\n- One line only.")


# --- lines like a quoted template; one line only ---------------------------------------


def test_lines_like_a_quoted_template_are_counted() -> None:
    prompt = 'Group these 9 names into teams. Output exactly 3 lines like "Team 1: a, b, c".'
    assert ("line_count", "exactly", 3) in found(prompt)


def test_lines_of_a_described_poem_are_not_counted() -> None:
    prompt = 'My poem has 4 lines like "Roses are red". Explain its rhyme.'
    assert "line_count" not in kinds(prompt)


def test_output_a_single_line_only() -> None:
    prompt = (
        "Turn the request into a booking. Output a single line only, fields separated by ' | '."
    )
    assert ("line_count", "exactly", 1) in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "My script should output a single line only. Why does it print two?",
        "Write a bash script that will print a single line only.",
        "If it is short, output a single line only.",
        "Output a single line only for each item.",
        "Do not output a single line only; use several.",
    ],
)
def test_near_misses_of_a_single_line_only_compile_no_count(prompt: str) -> None:
    assert ("line_count", "exactly", 1) not in found(prompt)


# --- an opening or closing line given verbatim ------------------------------------------


def test_open_with_exactly_this_sentence() -> None:
    prompt = 'Reply to the guest. Open with exactly this sentence: "Thanks for writing to us."'
    assert ("starts_with", "Thanks for writing to us.") in found(prompt)


@pytest.mark.parametrize(
    ("prompt", "phrase"),
    [
        (
            "Answer the question. End every answer with the sentence: Not financial advice.",
            "Not financial advice.",
        ),
        (
            "Write the reply. Close with this line verbatim: Call us on 0800 123 456.",
            "Call us on 0800 123 456.",
        ),
    ],
)
def test_a_closing_line_given_after_its_colon(prompt: str, phrase: str) -> None:
    assert ("ends_with", phrase) in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Should I end with the sentence: Not financial advice?",
        "My letter ends with the sentence: Kind regards. Fix the typos.",
        "If they complain, end with this line verbatim: Sorry for the trouble.",
    ],
)
def test_near_misses_of_a_closing_line_compile_no_end(prompt: str) -> None:
    assert "ends_with" not in kinds(prompt)


# --- repeat the word 'x' N times --------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a poem that repeats the word 'rise' at least 4 times.",
            ("keyword", "rise", "at_least", 4),
        ),
        ("Write a cheer. Repeat the word 'go' at least 3 times.", ("keyword", "go", "at_least", 3)),
    ],
)
def test_repeat_the_word_n_times(prompt: str, expected: tuple[object, ...]) -> None:
    assert expected in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "My cheer repeats the word 'rise' 4 times; is that too many?",
        "Edit this draft: it repeats the word 'great' 4 times.",
        "If you can, repeat the word 'go' 3 times.",
        # three uses, or three more after the first: no exact count holds
        "Write a poem that repeats the word 'rise' exactly 4 times.",
        "Repeat the word 'hope' twice in the poem.",
    ],
)
def test_near_misses_of_repeat_the_word_compile_no_count(prompt: str) -> None:
    assert "keyword" not in kinds(prompt)


# --- "nothing longer than N words" ------------------------------------------------------


def test_nothing_longer_than_is_never_a_floor() -> None:
    for prompt in (
        "Give me 5 drills, nothing longer than 6 words per drill.",
        "Give me 5 tips, nothing over 10 words.",
    ):
        checks = found(prompt)
        assert not any(len(c) == 3 and c[1] == "at_least" for c in checks), checks


def test_nothing_over_n_words_bounds_each_thing() -> None:
    assert ("each_word_count", "at_most", 10) in found("Give me 5 tips, nothing over 10 words.")


# --- "5 example passwords": things asked for, not an example ----------------------------


def test_a_number_of_example_things_is_what_is_asked() -> None:
    prompt = "For the training slide: 6 example strong passwords, one per line."
    assert ("line_count", "exactly", 6) in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a limerick, for example with 5 lines about a cat.",
        "An example reply would be 3 lines long.",
    ],
)
def test_an_example_still_blocks_its_count(prompt: str) -> None:
    assert "line_count" not in kinds(prompt)
