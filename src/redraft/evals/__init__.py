"""Evals: a dataset of prompts run through the loop, row by row, and what it adds up to.

``redraft eval DATASET`` reads the rows (:func:`read_dataset`), runs each
through the loop and, with ``--compare``, through one judged draft as a
baseline (:func:`run_outcomes`), keeps each outcome as it comes (the store's
``evals``), and writes a markdown and an HTML report (:func:`markdown_report`,
:func:`html_report`) from the figures :func:`summarise` adds up.
"""

from __future__ import annotations

from redraft.evals._dataset import DatasetError, read_dataset
from redraft.evals._models import (
    ARMS,
    Arm,
    DatasetRow,
    Eval,
    EvalConfig,
    EvalOutcome,
    EvalStatus,
    EvalSummary,
)
from redraft.evals._report_html import REPORT_CSS, html_report
from redraft.evals._report_md import markdown_report
from redraft.evals._runner import redrafter_for, run_outcomes
from redraft.evals._stats import ArmStats, EvalStats, PairedComparison, mcnemar_p, summarise, wilson

__all__ = [
    "ARMS",
    "REPORT_CSS",
    "Arm",
    "ArmStats",
    "DatasetError",
    "DatasetRow",
    "Eval",
    "EvalConfig",
    "EvalOutcome",
    "EvalStats",
    "EvalStatus",
    "EvalSummary",
    "PairedComparison",
    "html_report",
    "markdown_report",
    "mcnemar_p",
    "read_dataset",
    "redrafter_for",
    "run_outcomes",
    "summarise",
    "wilson",
]
