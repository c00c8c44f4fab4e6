"""Evals (``redraft eval DATASET``): the list, one eval with its figures, and its reports.

The CLI runs the evals and keeps them in the store; the service only reads
them, for the caller's tenant. The reports are the CLI's own
(:func:`redraft.evals.html_report`, :func:`redraft.evals.markdown_report`),
built from the stored outcomes on each request, so they always show every
row kept so far.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import HTMLResponse

from redraft.evals import (
    ArmStats,
    Eval,
    EvalStats,
    PairedComparison,
    html_report,
    markdown_report,
    summarise,
)
from redraft.server._errors import API_ERRORS, ApiError
from redraft.server._guards import StrictJSONRoute
from redraft.server._services import Tenant, services_of

__all__ = ["REPORT_CSP", "router"]

router = APIRouter(tags=["evals"], route_class=StrictJSONRoute, responses=API_ERRORS)

REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
"""The HTML report opened by itself: its inline styles and nothing else, no
script and no request anywhere (it needs none), whatever a row held."""
_REPORT_HEADERS = {
    "content-security-policy": REPORT_CSP,
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
}


@router.get("/v1/evals")
async def list_evals(
    request: Request,
    tenant: Tenant,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> dict[str, Any]:
    """The caller's evals, newest first, with how far each got."""
    evals = await services_of(request).store.evals.list(tenant=tenant, limit=limit)
    return {"object": "list", "data": [e.model_dump(mode="json") for e in evals]}


@router.get("/v1/evals/{eval_id}")
async def get_eval(request: Request, tenant: Tenant, eval_id: str) -> dict[str, Any]:
    """One eval: its options, every outcome kept so far and what they add up
    to (``stats``: each arm's figures and, with a baseline, the comparison)."""
    evaluation = await _find(request, tenant, eval_id)
    body: dict[str, Any] = evaluation.model_dump(mode="json", exclude={"rows"})
    body["arms"] = list(evaluation.config.arms)
    body["rows"] = len(evaluation.rows)
    body["done"] = len(evaluation.outcomes)
    body["stats"] = _stats_json(summarise(evaluation))
    return body


@router.get("/v1/evals/{eval_id}/report.html", response_class=HTMLResponse)
async def html_report_of(request: Request, tenant: Tenant, eval_id: str) -> HTMLResponse:
    """The HTML report: one self-contained page (inline style and charts, no script)."""
    evaluation = await _find(request, tenant, eval_id)
    return HTMLResponse(html_report(evaluation), headers=_REPORT_HEADERS)


@router.get(
    "/v1/evals/{eval_id}/report.md",
    response_class=Response,
    responses={200: {"content": {"text/markdown": {}}, "description": "The markdown report."}},
)
async def markdown_report_of(request: Request, tenant: Tenant, eval_id: str) -> Response:
    """The markdown report: the same figures as the HTML one, without the charts."""
    evaluation = await _find(request, tenant, eval_id)
    return Response(
        markdown_report(evaluation),
        media_type="text/markdown; charset=utf-8",
        headers={"x-content-type-options": "nosniff", "cache-control": "no-store"},
    )


async def _find(request: Request, tenant: Tenant, eval_id: str) -> Eval:
    evaluation = await services_of(request).store.evals.get(eval_id, tenant=tenant)
    if evaluation is None:
        raise ApiError(404, f"eval {eval_id!r} not found", code="eval_not_found")
    return evaluation


def _arm_json(stats: ArmStats) -> dict[str, Any]:
    low, high = stats.interval
    return {
        "rows": stats.rows,
        "passed": stats.passed,
        "failed": stats.failed,
        "unverified": stats.unverified,
        "errors": stats.errors,
        "pass_rate": stats.pass_rate,
        "interval": [low, high],
        "mean_score": stats.mean_score,
        "tokens": stats.tokens,
        "cost_usd": stats.cost_usd,
        "pass_by_attempt": list(stats.pass_by_attempt),
        "regressions": [o.row_id for o in stats.regressions],
    }


def _comparison_json(paired: PairedComparison | None) -> dict[str, Any] | None:
    if paired is None:
        return None
    return {
        "rows": paired.rows,
        "gained": list(paired.gained),
        "lost": list(paired.lost),
        "both": paired.both,
        "neither": paired.neither,
        "p_value": paired.p_value,
    }


def _stats_json(stats: EvalStats) -> dict[str, Any]:
    return {
        "arms": {arm: _arm_json(arm_stats) for arm, arm_stats in stats.arms.items()},
        "comparison": _comparison_json(stats.comparison),
        "pending": stats.pending,
    }
