"""The eval reports: the figures agree with summarise(), unverified answers
are never passes, the paired test and the rows the loop lost are shown, and
the HTML page is self-contained and safe whatever the dataset holds."""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, datetime
from html.parser import HTMLParser

import pytest

from redraft import Policy
from redraft.evals import (
    Arm,
    DatasetRow,
    Eval,
    EvalConfig,
    EvalOutcome,
    EvalStatus,
    html_report,
    markdown_report,
    summarise,
    wilson,
)
from redraft.evals._charts import Series, bar_chart, histogram, nice_step

XSS = "<script>alert(1)</script>"


def _outcome(
    index: int,
    arm: Arm = "loop",
    *,
    passed: bool | None,
    first_draft_passed: bool | None = None,
    score: float = 0.9,
    cost_usd: float | None = 0.001,
    prompt: str | None = None,
    answer: str = "An answer.",
) -> EvalOutcome:
    return EvalOutcome(
        row=index,
        row_id=f"r{index}",
        arm=arm,
        run_id=f"run_{arm}_{index}",
        prompt=prompt or f"Question {index}?",
        passed=passed,
        score=score,
        attempts=1 if arm == "baseline" else 2,
        first_draft_passed=passed if first_draft_passed is None else first_draft_passed,
        first_pass_attempt=1 if passed else None,
        stop_reason="passed" if passed else "exhausted",
        input_tokens=100 + index,
        output_tokens=20,
        cost_usd=cost_usd,
        final_answer=answer,
        duration_s=0.5,
    )


def _eval(
    outcomes: list[EvalOutcome],
    *,
    rows: int | None = None,
    compare: bool = False,
    status: EvalStatus = "completed",
    prompts: dict[int, str] | None = None,
) -> Eval:
    count = rows if rows is not None else 1 + max(o.row for o in outcomes)
    prompts = prompts or {}
    now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
    return Eval(
        id="eval_test",
        name="Capitals",
        created_at=now,
        updated_at=now,
        status=status,
        config=EvalConfig(
            model="openai:gpt-4o-mini",
            judge_model="none",
            policy=Policy(max_attempts=3, threshold=0.8),
            compare=compare,
        ),
        rows=[
            DatasetRow(id=f"r{i}", prompt=prompts.get(i, f"Question {i}?"), reference="Paris")
            for i in range(count)
        ],
        outcomes=outcomes,
    )


def _paired(splits: dict[str, int]) -> Eval:
    """Rows with both arms run: ``gained``, ``lost``, ``both`` and ``neither`` rows, in order."""
    outcomes = []
    index = 0
    verdicts = {"gained": (False, True), "lost": (True, False), "both": (True, True)}
    for kind, count in splits.items():
        base, loop = verdicts.get(kind, (False, False))
        for _ in range(count):
            outcomes.append(_outcome(index, "baseline", passed=base))
            outcomes.append(_outcome(index, "loop", passed=loop, first_draft_passed=base))
            index += 1
    return _eval(outcomes, compare=True)


class _Page(HTMLParser):
    """Every start tag with its attributes, and the tags opened and closed."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.opened: Counter[str] = Counter()
        self.closed: Counter[str] = Counter()
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))
        self.opened[tag] += 1

    def handle_endtag(self, tag: str) -> None:
        self.closed[tag] += 1

    def with_attr(self, name: str, value: str | None = None) -> list[dict[str, str]]:
        return [a for _, a in self.tags if name in a and (value is None or a[name] == value)]


def _section(text: str, ident: str) -> str:
    start = text.index(f'<section id="{ident}"')
    return text[start : text.index("</section>", start)]


def _md_row(text: str, first_cell: str) -> list[str]:
    """The cells of the markdown table line that starts with ``first_cell``."""
    line = next(ln for ln in text.splitlines() if ln.startswith(f"| {first_cell} |"))
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]]


def test_summary_figures_are_summarise_s() -> None:
    evaluation = _eval([_outcome(i, passed=i < 3) for i in range(4)])
    loop = summarise(evaluation).arms["loop"]
    low, high = wilson(3, 4)
    assert loop.interval == (low, high)
    rate = f"75% ({low:.0%}–{high:.0%})"

    cells = _md_row(markdown_report(evaluation), "loop")
    assert cells[:7] == ["loop", "4", "3", rate, "1", "0", "0"]
    assert cells[8] == f"{loop.tokens:,}"
    assert cells[9] == "$0.0040"
    assert rate in _section(html_report(evaluation), "summary")


def test_unverified_answers_are_never_passes() -> None:
    evaluation = _eval(
        [_outcome(0, passed=True), _outcome(1, passed=None), _outcome(2, passed=None)]
    )
    cells = _md_row(markdown_report(evaluation), "loop")
    assert cells[2:6] == ["1", f"33% ({wilson(1, 3)[0]:.0%}–{wilson(1, 3)[1]:.0%})", "0", "2"]
    assert "never as passes" in markdown_report(evaluation)
    rows = _section(html_report(evaluation), "rows")
    assert rows.count('class="unverified"') == 2
    assert rows.count('class="passed"') == 1


def test_the_paired_test_when_the_loop_gains_every_discordant_row() -> None:
    evaluation = _paired({"gained": 6, "neither": 2})
    assert summarise(evaluation).comparison is not None
    for text in (markdown_report(evaluation), _section(html_report(evaluation), "comparison")):
        assert "p = 0.03125" in text
        assert "unlikely to be chance" in text
        assert "r0, r1, r2, r3, r4, r5" in text


def test_lost_rows_are_listed_and_a_small_split_could_be_chance() -> None:
    evaluation = _paired({"gained": 2, "lost": 1, "both": 1})
    paired = summarise(evaluation).comparison
    assert paired is not None
    assert paired.lost == ["r2"]
    markdown = markdown_report(evaluation)
    assert "**Lost (the baseline passed, the loop did not):** 1: r2" in markdown
    assert "could be chance (p = 1," in markdown
    lost = markdown[markdown.index("## Where the loop lost") : markdown.index("## Rows")]
    assert "| r2 |" in lost
    assert "| r0 |" not in lost
    html = html_report(evaluation)
    assert "1: r2" in _section(html, "comparison")
    assert "<td>r2</td>" in _section(html, "regressions")


def test_a_first_draft_that_passed_and_a_final_that_did_not_is_a_regression() -> None:
    evaluation = _eval(
        [_outcome(0, passed=True), _outcome(1, passed=False, first_draft_passed=True)]
    )
    assert [o.row_id for o in summarise(evaluation).arms["loop"].regressions] == ["r1"]
    markdown = markdown_report(evaluation)
    section = markdown[markdown.index("## Where the loop lost") : markdown.index("## Rows")]
    assert _md_row(section, "r1")[:3] == ["r1", "Question 1?", "failed"]
    assert "<td>r1</td>" in _section(html_report(evaluation), "regressions")
    assert "No row's first draft passed" in markdown_report(_eval([_outcome(0, passed=True)]))


def test_data_is_escaped_in_the_html() -> None:
    evaluation = _eval(
        [_outcome(0, passed=True, prompt=XSS, answer=f"{XSS} and <img src=x onerror=alert(2)>")],
        prompts={0: XSS},
    )
    evaluation.name = f"name {XSS}"
    html = html_report(evaluation)
    assert "<script" not in html.lower()
    assert "<img" not in html.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in _section(html, "rows")
    page = _Page(html)
    assert "script" not in page.opened
    for tag in ("section", "table", "details", "svg", "tr"):
        assert page.opened[tag] == page.closed[tag], tag


def test_a_row_id_cannot_break_out_of_its_attribute() -> None:
    evaluation = _eval([_outcome(0, passed=True)])
    evaluation.rows[0].id = 'x" onclick="alert(1)'
    page = _Page(html_report(evaluation))
    assert page.with_attr("data-row") == [{"data-row": 'x" onclick="alert(1)'}]
    assert not page.with_attr("onclick")


def test_the_html_is_self_contained() -> None:
    evaluation = _paired({"gained": 2, "lost": 1})
    prompt = "See https://example.com/a.png and http://example.com"
    evaluation.rows[0].prompt = prompt
    html = html_report(evaluation)
    page = _Page(html)
    links = [a.get("src", "") + a.get("href", "") for a in page.with_attr("src")]
    links += [a["href"] for a in page.with_attr("href")]
    assert links
    assert all(link.startswith("#") for link in links), links
    assert "url(" not in html
    # The only URLs are the prompt's, shown as text (in the table and in its details).
    assert html.count(prompt) == 2
    assert html.count("http") == 2 * 2
    assert not [a for tag, a in page.tags if tag in ("link", "script", "img", "iframe")]
    assert page.opened["style"] == 1


def test_the_html_has_the_sections_and_charts_the_browser_test_finds() -> None:
    evaluation = _paired({"gained": 1, "both": 1, "neither": 1})
    page = _Page(html_report(evaluation))
    for ident in ("summary", "comparison", "regressions", "rows"):
        assert len(page.with_attr("id", ident)) == 1, ident
    charts = [a["data-chart"] for tag, a in page.tags if tag == "svg"]
    assert charts == ["pass-by-attempt", "scores", "tokens", "cost"]
    assert all("chart" in a["class"].split() for tag, a in page.tags if tag == "svg")
    assert [a["data-row"] for a in page.with_attr("data-row")] == ["r0", "r1", "r2"]
    assert page.opened["title"] >= 1 + 4
    assert page.opened["desc"] == 4

    alone = _Page(html_report(_eval([_outcome(0, passed=True)])))
    assert not alone.with_attr("id", "comparison")
    assert alone.with_attr("id", "regressions")


def test_an_unknown_cost_says_unknown_and_draws_no_cost_chart() -> None:
    evaluation = _eval([_outcome(0, passed=True, cost_usd=None), _outcome(1, passed=True)])
    assert summarise(evaluation).arms["loop"].cost_usd is None
    markdown = markdown_report(evaluation)
    assert _md_row(markdown, "loop")[9] == "unknown"
    assert _md_row(markdown, "r0")[6] == "unknown"
    assert _md_row(markdown, "r1")[6] == "$0.0010"

    free = _eval([_outcome(0, passed=True, cost_usd=0.0)])
    assert _md_row(markdown_report(free), "loop")[9] == "$0"

    unpriced = _eval([_outcome(0, passed=True, cost_usd=None)])
    page = _Page(html_report(unpriced))
    assert [a["data-chart"] for tag, a in page.tags if tag == "svg"] == [
        "pass-by-attempt",
        "scores",
        "tokens",
    ]
    assert "No cost chart" in html_report(unpriced)


@pytest.mark.parametrize("status", ["interrupted", "running"])
def test_an_unfinished_eval_says_how_to_resume(status: EvalStatus) -> None:
    evaluation = _eval([_outcome(0, passed=True)], rows=3, compare=True, status=status)
    # Row 0 ran in the loop arm only: five row runs remain.
    assert summarise(evaluation).pending == 5
    sentence = "5 row runs not run yet; resume with `redraft eval --resume eval_test`"
    markdown = markdown_report(evaluation)
    assert f"**Status:** {status}: {sentence}" in markdown
    assert _md_row(markdown, "r2")[2] == "not run yet"
    html = html_report(evaluation)
    assert "<code>redraft eval --resume eval_test</code>" in html
    assert len(_Page(html).with_attr("id", "status")) == 1

    done = _eval([_outcome(0, passed=True)])
    assert "**Status:** completed\n" in markdown_report(done)
    assert 'id="status"' not in html_report(done)


def test_an_eval_with_no_outcomes_yet_still_reports() -> None:
    evaluation = _eval([], rows=2, compare=True, status="running")
    markdown = markdown_report(evaluation)
    assert _md_row(markdown, "loop")[1:4] == ["0", "0", "0% (0%–100%)"]
    assert "No row has run in both arms yet" in markdown
    html = html_report(evaluation)
    assert html.count("no data yet") == 3
    assert [a["data-row"] for a in _Page(html).with_attr("data-row")] == ["r0", "r1"]


def test_the_header_states_the_setup() -> None:
    markdown = markdown_report(_eval([_outcome(0, passed=True)]))
    assert "# Eval report: Capitals" in markdown
    assert "**Judge model:** none (checks only)" in markdown
    assert "max_attempts 3, threshold 0.80, feedback critique, delivery blocking" in markdown
    assert "**Dataset:** 1 row (loop: the redraft loop)" in markdown


def test_markdown_escapes_pipes_and_newlines_in_cells() -> None:
    prompt = "Is a | b\nor c?"
    evaluation = _eval([_outcome(0, passed=True, prompt=prompt)], prompts={0: prompt})
    markdown = markdown_report(evaluation)
    header = _md_row(markdown, "row")
    cells = _md_row(markdown, "r0")
    assert len(cells) == len(header)
    assert cells[1] == "Is a \\| b or c?"
    assert "Is a \\| b" in markdown


def test_the_html_shows_the_answers_and_the_reference() -> None:
    evaluation = _eval([_outcome(0, passed=True, answer="Paris.\nThe capital.")])
    rows = _section(html_report(evaluation), "rows")
    assert "<details>" in rows
    assert "<pre>Paris.\nThe capital.</pre>" in rows
    assert "Reference answer</p><pre>Paris</pre>" in rows
    assert "run_loop_0" in rows


# The charts, alone.

_BAR = re.compile(
    r'<rect class="bar" data-value="([^"]+)" x="[^"]+" y="[^"]+" width="[^"]+" '
    r'height="([^"]+)">'
)


def test_bar_heights_are_proportional_to_the_values() -> None:
    svg = bar_chart(
        kind="t",
        title="T",
        categories=["a", "b", "c"],
        series=[Series("s", [1.0, 2.0, 4.0], "#000")],
        x_label="x",
        y_label="y",
    )
    heights = [float(h) for _, h in _BAR.findall(svg)]
    assert len(heights) == 3
    assert heights[1] == pytest.approx(2 * heights[0], abs=0.02)
    assert heights[2] == pytest.approx(4 * heights[0], abs=0.02)
    assert 'data-chart="t"' in svg
    assert '<title id="chart-t-title">T</title>' in svg
    assert "s: a 1, b 2, c 4." in svg


def test_a_missing_value_draws_no_bar_and_a_rate_fills_to_its_top() -> None:
    svg = bar_chart(
        kind="t",
        title="T",
        categories=["1", "2"],
        series=[Series("base", [1.0, None], "#111"), Series("loop", [0.5, 1.0], "#222")],
        x_label="x",
        y_label="y",
        y_max=1.0,
    )
    bars = _BAR.findall(svg)
    assert [v for v, _ in bars] == ["1.0", "0.5", "1.0"]
    assert float(bars[0][1]) == pytest.approx(2 * float(bars[1][1]), abs=0.02)
    assert 'data-series="base"' in svg
    assert 'data-series="loop"' in svg


def test_empty_charts_do_not_fail() -> None:
    for svg in (
        bar_chart(kind="e", title="E", categories=[], series=[], x_label="x", y_label="y"),
        bar_chart(
            kind="e",
            title="E",
            categories=["a"],
            series=[Series("s", [None], "#000")],
            x_label="x",
            y_label="y",
        ),
        histogram(kind="h", title="H", series=[("s", [], "#000")], x_label="score"),
    ):
        assert svg.startswith('<svg class="chart"')
        assert svg.endswith("</svg>")
        assert "no data yet" in svg
        assert not _BAR.findall(svg)


def test_the_histogram_bins_scores_over_zero_to_one() -> None:
    svg = histogram(
        kind="h", title="H", series=[("s", [0.0, 0.05, 0.55, 1.0, 1.0], "#000")], x_label="x"
    )
    counts = [float(v) for v, _ in _BAR.findall(svg)]
    assert counts == [2, 0, 0, 0, 0, 1, 0, 0, 0, 2]


def test_chart_text_is_escaped() -> None:
    svg = bar_chart(
        kind="t",
        title="<b>T</b>",
        categories=["<i>"],
        series=[Series('<s a="1">', [1.0], "#000")],
        x_label="&",
        y_label="y",
    )
    assert "<b>" not in svg
    assert "<i>" not in svg
    assert "<s " not in svg
    assert "&lt;b&gt;T&lt;/b&gt;" in svg


@pytest.mark.parametrize(
    ("value", "step"), [(0.75, 1.0), (0.3, 0.5), (3.0, 5.0), (120.0, 200.0), (0.0, 1.0)]
)
def test_nice_steps_are_round(value: float, step: float) -> None:
    assert nice_step(value) == pytest.approx(step)
