"""The markdown report: GitHub-flavoured, for a pull request or a terminal pager."""

from __future__ import annotations

from html import escape

from redraft.evals._models import Eval
from redraft.evals._report import (
    UNVERIFIED_NOTE,
    Table,
    comparison_facts,
    header_facts,
    interpretation,
    losses,
    pass_by_attempt,
    rows_table,
    summary_table,
)
from redraft.evals._stats import summarise

__all__ = ["markdown_report"]


def _text(text: str) -> str:
    """Data as inline markdown: on one line, and with ``<`` escaped so that a
    prompt holding HTML shows as text in renderers that allow raw HTML."""
    return " ".join(escape(text, quote=False).split())


def _cell(text: str) -> str:
    """A table cell: a pipe would end the cell and a newline the row."""
    safe = escape(text, quote=False).replace("\\", "\\\\").replace("|", "\\|")
    return "<br>".join(line for line in safe.splitlines() if line.strip()) or " "


def _table(table: Table) -> list[str]:
    align = ["---:" if i in table.numeric else "---" for i in range(len(table.headers))]
    lines = ["| " + " | ".join(_cell(h) for h in table.headers) + " |"]
    lines.append("| " + " | ".join(align) + " |")
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in table.rows]
    return lines


def markdown_report(evaluation: Eval) -> str:
    """The eval as a GitHub-flavoured markdown document."""
    stats = summarise(evaluation)
    out = [f"# Eval report: {_text(evaluation.name)}", ""]
    for label, value in header_facts(evaluation, stats):
        # The status sentence carries its command in backticks already; the
        # eval id is ours (never user data), so it is safe in a code span.
        shown = f"`{value}`" if label == "Eval" else _text(value)
        out.append(f"- **{label}:** {shown}")
    out += ["", "## Summary", "", *_table(summary_table(stats)), "", UNVERIFIED_NOTE, ""]
    out += ["Rows passed by attempt (cumulative):", ""]
    out += [f"- {_text(line)}" for line in pass_by_attempt(stats)]
    paired = stats.comparison
    if paired is not None:
        out += ["", "## The loop against one draft", ""]
        out += [f"- **{label}:** {_text(value)}" for label, value in comparison_facts(paired)]
        out += ["", interpretation(paired)]
    out += ["", "## Where the loop lost a passing draft"]
    for part in losses(evaluation, stats):
        out += ["", part] if isinstance(part, str) else ["", *_table(part)]
    out += ["", "## Rows", "", *_table(rows_table(evaluation)), ""]
    return "\n".join(out)
