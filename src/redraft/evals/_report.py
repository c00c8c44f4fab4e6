"""What the eval reports say, as plain text: the markdown report
(:mod:`._report_md`) and the HTML one (:mod:`._report_html`) each escape and
lay out the same facts, so the two never disagree.

Everything comes from :func:`summarise`, so the figures agree with the CLI's
summary. Both say what is settled and what is not: rows not run yet, answers
nothing could verify (never counted as passes), and whether the loop's gain
over one draft could be chance.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from redraft.core._text import plural
from redraft.evals._models import Arm, Eval, EvalOutcome
from redraft.evals._stats import EvalStats, PairedComparison
from redraft.providers._prices import dollars

__all__ = [
    "ARM_NAMES",
    "NO_LOST",
    "NO_REGRESSIONS",
    "ROW_FIELDS",
    "UNVERIFIED_NOTE",
    "Table",
    "clip",
    "comparison_facts",
    "cost",
    "header_facts",
    "interpretation",
    "losses",
    "lost_table",
    "p_text",
    "pass_by_attempt",
    "percent",
    "plural",
    "regression_table",
    "row_id",
    "rows_table",
    "status_sentence",
    "summary_table",
    "verdict",
]

ARM_NAMES: dict[Arm, str] = {
    "loop": "the redraft loop",
    "baseline": "one judged draft, never redrafted",
}
UNVERIFIED_NOTE = (
    "A row passes only when its answer was verified or confidently judged: unverified answers "
    "(nothing could confirm them) are counted apart, never as passes. Errors are runs that ended "
    "with a provider or judge error; each is also counted under its verdict."
)
NO_REGRESSIONS = "No row's first draft passed while its final answer did not."
NO_LOST = "The loop passed every row that one draft passed."
_ALPHA = 0.05
_PROMPT_CHARS = 100


@dataclass(frozen=True)
class Table:
    """Headers and rows of plain text; each report escapes them its own way."""

    headers: list[str]
    rows: list[list[str]]
    numeric: frozenset[int] = frozenset()
    """The columns that hold figures: right-aligned, so that they line up."""
    verdicts: frozenset[int] = frozenset()
    """The columns that hold a verdict (:func:`verdict`): coloured in HTML."""


def percent(share: float) -> str:
    return f"{share:.0%}"


def cost(usd: float | None) -> str:
    return "unknown" if usd is None else dollars(usd)


def p_text(p: float) -> str:
    return f"{p:.4g}"


def clip(text: str, limit: int = _PROMPT_CHARS) -> str:
    """One line of at most ``limit`` characters: a table cell, not the whole prompt."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def verdict(outcome: EvalOutcome) -> str:
    word = {True: "passed", False: "failed", None: "unverified"}[outcome.passed]
    return f"{word} (error)" if outcome.error else word


def row_id(evaluation: Eval, index: int) -> str:
    """The id the outcomes give a row, also for rows not run yet."""
    return evaluation.rows[index].id or str(index + 1)


def status_sentence(evaluation: Eval, stats: EvalStats) -> str:
    """The status in words; ``backticks`` mark the command, for either format."""
    if not stats.pending:
        return evaluation.status
    # A report written while the eval is still "running" comes from a run that
    # stopped before it could mark itself interrupted: it resumes the same way.
    runs = plural(stats.pending, "row run")
    return (
        f"{evaluation.status}: {runs} not run yet; "
        f"resume with `redraft eval --resume {evaluation.id}`"
    )


def header_facts(evaluation: Eval, stats: EvalStats) -> list[tuple[str, str]]:
    config = evaluation.config
    policy = config.policy
    judge = "none (checks only)" if config.judge_model == "none" else config.judge_model
    arms = "; ".join(f"{arm}: {ARM_NAMES[arm]}" for arm in config.arms)
    return [
        ("Eval", evaluation.id),
        ("Status", status_sentence(evaluation, stats)),
        ("Created", evaluation.created_at.isoformat(sep=" ", timespec="seconds")),
        ("Model", config.model),
        ("Judge model", judge),
        (
            "Policy",
            f"max_attempts {policy.max_attempts}, threshold {policy.threshold:.2f}, "
            f"feedback {policy.feedback}, delivery {policy.delivery}",
        ),
        ("Dataset", f"{plural(len(evaluation.rows), 'row')} ({arms})"),
    ]


def summary_table(stats: EvalStats) -> Table:
    rows = []
    for arm in stats.arms.values():
        low, high = arm.interval
        rows.append(
            [
                arm.arm,
                str(arm.rows),
                str(arm.passed),
                f"{percent(arm.pass_rate)} ({percent(low)}–{percent(high)})",
                str(arm.failed),
                str(arm.unverified),
                str(arm.errors),
                f"{arm.mean_score:.2f}",
                f"{arm.tokens:,}",
                cost(arm.cost_usd),
            ]
        )
    headers = ["arm", "rows", "passed", "pass rate (95% CI)", "failed", "unverified", "errors"]
    headers += ["mean score", "tokens", "cost (USD)"]
    return Table(headers, rows, numeric=frozenset(range(1, len(headers))))


def pass_by_attempt(stats: EvalStats) -> list[str]:
    """Each arm's cumulative pass rate by attempt, in words."""
    return [
        f"{arm.arm}: "
        + (
            ", ".join(f"attempt {k} {percent(v)}" for k, v in enumerate(arm.pass_by_attempt, 1))
            if arm.rows
            else "no rows run yet"
        )
        for arm in stats.arms.values()
    ]


def interpretation(paired: PairedComparison) -> str:
    """One plain sentence on whether the loop's difference from one draft is chance."""
    if paired.rows == 0:
        return "No row has run in both arms yet, so there is nothing to compare."
    if not paired.gained and not paired.lost:
        return "Both arms passed exactly the same rows: there is no difference to test (p = 1)."
    p = paired.p_value
    if p < _ALPHA:
        better = "better" if len(paired.gained) > len(paired.lost) else "worse"
        return (
            f"The loop did {better} than one draft, and the difference is unlikely to be chance "
            f"(p = {p_text(p)}, below {_ALPHA})."
        )
    return (
        f"The difference could be chance (p = {p_text(p)}, not below {_ALPHA}): too few rows "
        "changed between the arms to tell them apart."
    )


def comparison_facts(paired: PairedComparison) -> list[tuple[str, str]]:
    def listed(ids: list[str]) -> str:
        return f"{len(ids)}: {', '.join(ids)}" if ids else "0"

    return [
        ("Rows both arms ran", str(paired.rows)),
        ("Gained (the loop passed, the baseline did not)", listed(paired.gained)),
        ("Lost (the baseline passed, the loop did not)", listed(paired.lost)),
        ("Both passed", str(paired.both)),
        ("Neither passed", str(paired.neither)),
        ("Exact McNemar test, two-sided", f"p = {p_text(paired.p_value)}"),
    ]


def regression_table(stats: EvalStats) -> Table | None:
    """The loop's rows whose first draft passed and final answer did not; None without a loop."""
    loop = stats.arms.get("loop")
    if loop is None:
        return None
    headers = ["row", "prompt", "final", "score", "attempts", "stop reason"]
    return Table(
        headers,
        [
            [o.row_id, clip(o.prompt), verdict(o), f"{o.score:.2f}", str(o.attempts), o.stop_reason]
            for o in loop.regressions
        ],
        numeric=frozenset({3, 4}),
        verdicts=frozenset({2}),
    )


def lost_table(evaluation: Eval, paired: PairedComparison) -> Table:
    """The rows the baseline passed and the loop did not, with both answers' verdicts."""
    lost = set(paired.lost)
    baseline = evaluation.by_row("baseline")
    rows = []
    for o in evaluation.outcomes:
        if o.arm != "loop" or o.row_id not in lost:
            continue
        base = baseline[o.row]
        base_score = f"{base.score:.2f}" if base is not None else ""
        rows.append([o.row_id, clip(o.prompt), base_score, verdict(o), f"{o.score:.2f}"])
    rows.sort(key=lambda r: paired.lost.index(r[0]))
    headers = ["row", "prompt", "baseline score", "loop", "loop score"]
    return Table(headers, rows, numeric=frozenset({2, 4}), verdicts=frozenset({3}))


def losses(evaluation: Eval, stats: EvalStats) -> list[str | Table]:
    """Where the loop lost a passing draft, as paragraphs and tables in order:
    the rows it made worse, then (with a baseline) the rows one draft passed."""
    said: list[str | Table] = []
    regressions = regression_table(stats)
    if regressions is not None and regressions.rows:
        said += ["Rows whose first draft passed but whose final answer did not:", regressions]
    elif regressions is not None:
        said.append(NO_REGRESSIONS)
    if stats.comparison is not None:
        lost = lost_table(evaluation, stats.comparison)
        said += ["Rows one draft passed and the loop did not:", lost] if lost.rows else [NO_LOST]
    return said


ROW_FIELDS: list[tuple[str, Callable[[EvalOutcome], str]]] = [
    ("result", verdict),
    ("score", lambda o: f"{o.score:.2f}"),
    ("attempts", lambda o: str(o.attempts)),
    ("tokens", lambda o: f"{o.tokens:,}"),
    ("cost", lambda o: cost(o.cost_usd)),
    ("run", lambda o: o.run_id or ""),
]
"""The columns each arm has in the per-row table."""
_NUMERIC_FIELDS = {"score", "attempts", "tokens", "cost"}


def rows_table(evaluation: Eval) -> Table:
    """One row per dataset row, in dataset order, with each arm's columns;
    a row not run yet in an arm says so."""
    arms = evaluation.config.arms
    headers = ["row", "prompt"] + [f"{arm} {name}" for arm in arms for name, _ in ROW_FIELDS]
    field = [header.split(" ")[-1] for header in headers]
    numeric = frozenset(i for i, name in enumerate(field) if name in _NUMERIC_FIELDS)
    verdicts = frozenset(i for i, name in enumerate(field) if name == "result")
    rows = []
    by_arm = {arm: evaluation.by_row(arm) for arm in arms}
    for index, dataset_row in enumerate(evaluation.rows):
        cells = [row_id(evaluation, index), clip(dataset_row.question)]
        for arm in arms:
            outcome = by_arm[arm][index]
            if outcome is None:
                cells += ["not run yet"] + [""] * (len(ROW_FIELDS) - 1)
            else:
                cells += [show(outcome) for _, show in ROW_FIELDS]
        rows.append(cells)
    return Table(headers, rows, numeric, verdicts)
