"""The judges' record, ``GET /v1/judges``: how often each judge was right.

Counts over every tenant (how often a judge model is right is nobody's
data), so any caller with a key may read it; no requirement text leaves the
store.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from redraft.app._shipped_record import with_shipped
from redraft.server._errors import API_ERRORS
from redraft.server._guards import StrictJSONRoute
from redraft.server._services import Tenant, services_of
from redraft.store._judge_record import record_json

__all__ = ["router"]

router = APIRouter(tags=["judges"], route_class=StrictJSONRoute, responses=API_ERRORS)


@router.get("/v1/judges")
async def list_judges(request: Request, tenant: Tenant) -> dict[str, Any]:
    """Every judge's record (balanced accuracy, interval, kappa, status),
    by judge model then preset; the embedded judge's shipped record until
    this store has measured it (``shipped: true``)."""
    records = with_shipped(await services_of(request).store.judges.reliabilities())
    return {"object": "list", "data": [record_json(records[key]) for key in sorted(records)]}
