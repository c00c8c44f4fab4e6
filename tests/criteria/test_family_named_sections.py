"""The named-sections family: a heading or label line for each named
section, in order where one is stated; the phrasings that compile and the
near misses that must not."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._named_sections import (
    NAMED_SECTIONS,
    NamedSections,
    heading_names,
)

ANY = NamedSections(names=("Summary", "Risks"))
ORDER = NamedSections(names=("Summary", "Risks", "Next steps"), ordered=True)

# 24 answers labelled by reading them: (spec, answer, are the sections there).
LABELLED = [
    (ANY, "## Summary\nAll good.\n## Risks\nNone.", True),
    (ANY, "## Risks\nNone.\n## Summary\nAll good.", True),  # no order asked
    (ANY, "**Summary**\nAll good.\n\n**Risks**\nNone.", True),
    (ANY, "Summary:\nAll good.\nRisks:\nNone.", True),
    (ANY, "Summary: all good.\nRisks: none.", True),  # labels opening their lines
    (ANY, "SUMMARY\nAll good.\nRISKS\nNone.", True),  # case set aside
    (ANY, "# summary\nok\n### RISKS ###\nnone", True),
    (ANY, "## Summary\nAll good, no risks.", False),  # "risks" is not a heading here
    (ANY, "The summary is that the risks are low.", False),
    (ANY, "", False),
    (ANY, "## Summary of findings\nok\n## Risks\nnone", False),  # another heading
    (ANY, "**Summary**: ok\n**Risks**: none", True),
    (ORDER, "## Summary\na\n## Risks\nb\n## Next steps\nc", True),
    (ORDER, "## Summary\na\n## Next steps\nc\n## Risks\nb", False),
    (ORDER, "## Risks\nb\n## Summary\na\n## Next steps\nc", False),
    (ORDER, "## Summary\na\n## Risks\nb", False),  # one missing
    (ORDER, "Summary:\na\nRisks:\nb\nNext  steps:\nc", True),
    (ORDER, "**Summary**\na\n**Risks**\nb\n**Next Steps**\nc", True),
    (ORDER, "## Intro\nx\n## Summary\na\n## Risks\nb\n## Next steps\nc", True),  # more is fine
    (ORDER, "Summary Risks Next steps", False),  # one line heads nothing apart
    (ORDER, "## Summary\na\n## Risks\nb\n## Next step\nc", False),
    (ANY, "- Summary: ok\n- Risks: none", False),  # list items are not headings
    (ANY, "Summary — ok\nRisks — none", False),
    (ANY, "Summary\nRisks", True),  # names alone on their lines
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_finds_the_headings(spec: NamedSections, answer: str, ok: bool) -> None:
    assert NAMED_SECTIONS.measure(spec, answer).passed is ok


def test_heading_lines_are_read_with_markup_set_aside() -> None:
    assert heading_names("## Risks\n**Next  Steps:**")[1] >= {"next steps"}
    assert "risks" in heading_names("## Risks")[0]


def test_the_spec_refuses_repeated_or_empty_names() -> None:
    with pytest.raises(ValueError, match="the same"):
        NamedSections(names=("Risks", "## risks"))
    with pytest.raises(ValueError, match="letter or digit"):
        NamedSections(names=("Risks", "##"))


def test_the_correction_names_what_is_missing_or_out_of_order() -> None:
    missing = NAMED_SECTIONS.measure(ORDER, "## Summary\na")
    assert missing.suggestion == (
        "Your answer has no section headed 'Risks', 'Next steps'. Give it the sections "
        "'Summary', 'Risks', 'Next steps', in that order, each under a heading line with its name."
    )
    swapped = NAMED_SECTIONS.measure(ORDER, "## Risks\nb\n## Summary\na\n## Next steps\nc")
    assert swapped.suggestion == (
        "Your sections are out of order. Put them in this order: 'Summary', 'Risks', 'Next steps'."
    )


def _read(prompt: str) -> list[tuple[tuple[str, ...], bool]]:
    return [
        (c.spec.names, c.spec.ordered)
        for c in compile_checks(prompt)
        if isinstance(c.spec, NamedSections)
    ]


@pytest.mark.parametrize(
    ("prompt", "names", "ordered"),
    [
        (
            "Use the headings 'Summary', 'Risks' and 'Next steps', in that order.",
            ("Summary", "Risks", "Next steps"),
            True,
        ),
        ("Sections: Ingredients, Steps, Tips.", ("Ingredients", "Steps", "Tips"), False),
        (
            "Write a plan with sections titled Before, During and After.",
            ("Before", "During", "After"),
            False,
        ),
        ('Include the headings "Pros" and "Cons".', ("Pros", "Cons"), False),
        (
            "Answer using these sections: Background, Method, Results, in this order.",
            ("Background", "Method", "Results"),
            True,
        ),
        ("Organise it under headings TCP and UDP.", ("TCP", "UDP"), False),
    ],
)
def test_phrasings_compile(prompt: str, names: tuple[str, ...], ordered: bool) -> None:
    assert _read(prompt) == [(names, ordered)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write about the history and culture of Rome with sections.",
        "Don't use the headings 'A' and 'B'.",
        "Should I use the headings 'Intro' and 'Outro'?",
        "If you want, use the headings 'Intro' and 'Outro'.",
        "My report has sections titled Intro and Outro; summarize it.",
        'Proofread this: "use the headings Intro and Outro".',
        "Write with sections on history and culture.",  # not names
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _read(prompt) == []
