"""The HTML report: one self-contained page with the figures, the charts and
every row's answers.

It must open offline and from a file, so everything is inline (style and
SVG; no script, no external URL), and it must be safe to open whatever the
dataset held: every string from the data goes through :func:`html.escape`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

from redraft.evals._charts import Series, bar_chart, histogram
from redraft.evals._models import Arm, Eval, EvalOutcome
from redraft.evals._report import (
    ROW_FIELDS,
    UNVERIFIED_NOTE,
    Table,
    comparison_facts,
    cost,
    header_facts,
    interpretation,
    losses,
    percent,
    row_id,
    rows_table,
    status_sentence,
    summary_table,
)
from redraft.evals._stats import EvalStats, summarise

__all__ = ["REPORT_CSS", "html_report"]

COLOURS: dict[Arm, str] = {"baseline": "#9ca3af", "loop": "#2563eb"}

# The report's one stylesheet, public because the web UI's Content-Security-
# Policy allows it by hash (the report is shown in an <iframe srcdoc>, which
# inherits that policy): keep it the report's only inline style.
REPORT_CSS = """
:root { color-scheme: light; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2937;
  background: #fff; margin: 0; }
main { max-width: 1400px; margin: 0 auto; padding: 24px; }
h1 { font-size: 1.6rem; margin: 0 0 12px; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 32px 0 8px; border-bottom: 1px solid #e5e7eb; }
dl.facts { display: grid; grid-template-columns: fit-content(50%) 1fr; gap: 2px 16px; margin: 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
  font-size: 0.9em; }
nav { margin-top: 12px; display: flex; gap: 16px; flex-wrap: wrap; }
nav a { color: #1d4ed8; }
.status { background: #fef3c7; border: 1px solid #f59e0b; padding: 8px 12px;
  border-radius: 4px; }
.note { color: #4b5563; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.9rem; }
th, td { border: 1px solid #e5e7eb; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f9fafb; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.prompt { min-width: 12em; max-width: 32em; overflow-wrap: anywhere; }
.passed { color: #047857; font-weight: 600; }
.failed { color: #b91c1c; font-weight: 600; }
.unverified { color: #92400e; font-weight: 600; }
details pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f9fafb;
  border: 1px solid #e5e7eb; padding: 8px; margin: 4px 0 8px; }
details summary { cursor: pointer; color: #1d4ed8; }
details .label { font-weight: 600; margin: 8px 0 0; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(420px, 100%), 1fr));
  gap: 16px; }
figure { margin: 0; break-inside: avoid; }
svg.chart { width: 100%; height: auto; max-width: 640px; }
svg.chart text.axis-label { font-weight: 600; }
@media print {
  body { font-size: 10pt; }
  main { max-width: none; padding: 0; }
  .table-wrap { overflow: visible; }
  details summary { color: inherit; }
  nav { display: none; }
  tr, figure { break-inside: avoid; }
}
"""


def _code_spans(sentence: str) -> str:
    """Our own sentences mark commands in backticks, as in the markdown report."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", escape(sentence))


def _cell(text: str, numeric: bool, verdict: bool) -> str:
    if numeric:
        return f'<td class="num">{escape(text)}</td>'
    word = text.split(" ")[0]
    if verdict and word in ("passed", "failed", "unverified"):
        return f'<td><span class="{word}">{escape(text)}</span></td>'
    return f"<td>{escape(text)}</td>"


def _cells(row: list[str], table: Table, skip: int = 0) -> str:
    """A row's cells from column ``skip`` on, each laid out as its column says."""
    return "".join(
        _cell(text, i in table.numeric, i in table.verdicts)
        for i, text in enumerate(row)
        if i >= skip
    )


def _table(table: Table) -> str:
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in table.headers)
    body = "".join(f"<tr>{_cells(row, table)}</tr>" for row in table.rows)
    return (
        f'<div class="table-wrap"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def _facts(facts: list[tuple[str, str]]) -> str:
    # Only the status sentence is ours and marks a command; any other value
    # may be data, where a backtick is just a backtick.
    items = "".join(
        f"<dt>{escape(k)}</dt><dd>{_code_spans(v) if k == 'Status' else escape(v)}</dd>"
        for k, v in facts
    )
    return f'<dl class="facts">{items}</dl>'


def _charts(evaluation: Eval, stats: EvalStats) -> str:
    arms = evaluation.config.arms
    attempts = evaluation.config.policy.max_attempts
    by_arm = {arm: evaluation.by_row(arm) for arm in arms}
    ids = [row_id(evaluation, i) for i in range(len(evaluation.rows))]

    def per_row(value: Callable[[EvalOutcome], float | None]) -> list[Series]:
        return [
            Series(arm, [None if o is None else value(o) for o in by_arm[arm]], COLOURS[arm])
            for arm in arms
        ]

    charts = [
        bar_chart(
            kind="pass-by-attempt",
            title="Rows passed by attempt (cumulative)",
            categories=[f"attempt {k}" for k in range(1, attempts + 1)],
            # An arm with no rows run has no rate at all, not a rate of 0%.
            series=[
                Series(
                    arm,
                    stats.arms[arm].pass_by_attempt if stats.arms[arm].rows else [],
                    COLOURS[arm],
                )
                for arm in arms
            ],
            x_label="attempt",
            y_label="rows passed",
            fmt=percent,
            y_max=1.0,
        ),
        histogram(
            kind="scores",
            title="Final scores",
            series=[
                (arm, [o.score for o in by_arm[arm] if o is not None], COLOURS[arm]) for arm in arms
            ],
            x_label="final score",
        ),
        bar_chart(
            kind="tokens",
            title="Tokens per row",
            categories=ids,
            series=per_row(lambda o: o.tokens),
            x_label="row",
            y_label="tokens",
            fmt=lambda v: f"{v:,.0f}",
            whole=True,
        ),
    ]
    costs = [o.cost_usd for os in by_arm.values() for o in os if o is not None]
    known = any(c is not None for c in costs)
    # Bars of $0 say nothing a sentence does not.
    free = known and all(c == 0 for c in costs)
    if known and not free:
        charts.append(
            bar_chart(
                kind="cost",
                title="Cost per row (USD)",
                categories=ids,
                series=per_row(lambda o: o.cost_usd),
                x_label="row",
                y_label="USD",
                fmt=cost,
            )
        )
    figures = "".join(f"<figure>{chart}</figure>" for chart in charts)
    missing = (
        '<p class="note">No cost chart: every run cost $0 (models with no price per token).</p>'
        if free
        else ""
        if known
        else '<p class="note">No cost chart: no run\'s cost is known (no price for a model).</p>'
    )
    return (
        f'<section id="charts"><h2>Charts</h2><div class="charts">{figures}</div>'
        f"{missing}</section>"
    )


def _answer(label: str, text: str) -> str:
    # A label, not a heading: hundreds of rows would swamp the page's outline.
    return f'<p class="label">{escape(label)}</p><pre>{escape(text)}</pre>'


def _rows(evaluation: Eval) -> str:
    table = rows_table(evaluation)
    arms = evaluation.config.arms
    width = len(ROW_FIELDS)
    groups = "".join(f'<th scope="colgroup" colspan="{width}">{escape(arm)}</th>' for arm in arms)
    fields = "".join(f'<th scope="col">{escape(name)}</th>' for _ in arms for name, _ in ROW_FIELDS)
    head = (
        f'<tr><th scope="col" rowspan="2">row</th><th scope="col" rowspan="2">prompt</th>{groups}'
        f"</tr><tr>{fields}</tr>"
    )
    by_arm = {arm: evaluation.by_row(arm) for arm in arms}
    body = []
    for index, cells in enumerate(table.rows):
        dataset_row = evaluation.rows[index]
        answers = [_answer("Prompt", dataset_row.question)]
        for arm in arms:
            outcome = by_arm[arm][index]
            if outcome is None:
                continue
            answers.append(_answer(f"{arm}: final answer", outcome.final_answer))
            if outcome.error:
                answers.append(_answer(f"{arm}: error", outcome.error))
        if dataset_row.reference:
            answers.append(_answer("Reference answer", dataset_row.reference))
        prompt = (
            f'<td class="prompt">{escape(cells[1])}'
            f"<details><summary>answers</summary>{''.join(answers)}</details></td>"
        )
        arm_cells = _cells(cells, table, skip=2)
        body.append(
            f'<tr data-row="{escape(cells[0])}"><th scope="row">{escape(cells[0])}</th>'
            f"{prompt}{arm_cells}</tr>"
        )
    return (
        f'<section id="rows"><h2>Rows</h2><div class="table-wrap"><table><thead>{head}</thead>'
        f"<tbody>{''.join(body)}</tbody></table></div></section>"
    )


def html_report(evaluation: Eval) -> str:
    """The eval as one self-contained HTML page: no script, no external URL."""
    stats = summarise(evaluation)
    title = f"Eval report: {evaluation.name}"
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{REPORT_CSS}</style></head><body><main>",
    ]
    facts = header_facts(evaluation, stats)
    if stats.pending:
        # The sentence stands out in its own box below; the list keeps the one word.
        facts = [(k, evaluation.status if k == "Status" else v) for k, v in facts]
    sections = ["summary", "comparison", "regressions", "charts", "rows"]
    links = "".join(
        f'<a href="#{ident}">{ident}</a>'
        for ident in sections
        if ident != "comparison" or stats.comparison is not None
    )
    parts.append(
        f"<header><h1>{escape(title)}</h1>{_facts(facts)}"
        f'<nav aria-label="Sections">{links}</nav></header>'
    )
    if stats.pending:
        status = _code_spans(status_sentence(evaluation, stats))
        parts.append(f'<p class="status" id="status" role="status">{status}</p>')
    parts.append(
        f'<section id="summary"><h2>Summary</h2>{_table(summary_table(stats))}'
        f'<p class="note">{escape(UNVERIFIED_NOTE)}</p></section>'
    )
    paired = stats.comparison
    if paired is not None:
        parts.append(
            f'<section id="comparison"><h2>The loop against one draft</h2>'
            f"{_facts(comparison_facts(paired))}<p>{escape(interpretation(paired))}</p></section>"
        )
    parts.append('<section id="regressions"><h2>Where the loop lost a passing draft</h2>')
    parts += [
        f"<p>{escape(part)}</p>" if isinstance(part, str) else _table(part)
        for part in losses(evaluation, stats)
    ]
    parts.append("</section>")
    parts.append(_charts(evaluation, stats))
    parts.append(_rows(evaluation))
    parts.append("</main></body></html>\n")
    return "\n".join(parts)
