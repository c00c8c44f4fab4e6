"""The application factory: settings, store, providers and routes wired once.

Nothing here runs at import; ``create_app`` builds everything and the
lifespan opens and closes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException

from redraft._version import __version__
from redraft.config._profiles import Profile, load_profiles
from redraft.config._settings import Settings
from redraft.evaluators import MemoryVerdictCache, SqliteVerdictCache, VerdictCache
from redraft.evaluators._isolation import (
    isolate_checks,
    start_isolated_workers,
    stop_isolated_workers,
)
from redraft.evaluators._scorers import Scorer, load_scorers
from redraft.providers import ProviderRegistry
from redraft.server._auth import Authenticator
from redraft.server._chat import router as chat_router
from redraft.server._errors import (
    API_ERRORS,
    ApiError,
    DetailResponse,
    api_error_handler,
    http_error_handler,
    store_error_handler,
    unexpected_error_handler,
    validation_error_handler,
)
from redraft.server._evals import router as evals_router
from redraft.server._executor import RunExecutor
from redraft.server._guards import LoopbackHostGuard, StrictJSONRoute
from redraft.server._judges import router as judges_router
from redraft.server._metrics import install_metrics
from redraft.server._request_ids import RequestIds
from redraft.server._runs import router as runs_router
from redraft.server._services import Services, Tenant, services_of
from redraft.server._session_worker import SessionWorker
from redraft.server._sessions import router as sessions_router
from redraft.server._ui import router as ui_router
from redraft.store import Store, StoreUnavailableError

__all__ = ["create_app"]


def create_app(
    settings: Settings | None = None,
    *,
    store: Store | None = None,
    registry: ProviderRegistry | None = None,
    scorers: dict[str, Scorer] | None = None,
) -> FastAPI:
    """Build the service. ``store`` and ``registry`` may be passed in (tests,
    embedding); otherwise they are opened from ``settings`` on startup.
    ``scorers`` are the ``model`` evaluators sessions may name (default: the
    built-in ones and those installed under the ``redraft.scorers`` entry point)."""
    settings = settings or Settings()
    profiles = load_profiles(
        settings.profiles, default_model=settings.model, default_judge_model=settings.judge_model
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        _import_vendor_sdks(settings, profiles)
        the_store = store or await Store.open(settings.database_url)
        the_registry = registry or ProviderRegistry(
            breaker_failures=settings.breaker_failures,
            breaker_reset_s=settings.breaker_reset_seconds,
        )
        executor = RunExecutor(
            the_store,
            lease_s=settings.run_lease_seconds,
            max_events=settings.max_events_per_run,
        )
        # Before serving: runs a stopped server left open end as interrupted.
        await executor.open()
        services = Services(
            settings=settings,
            store=the_store,
            registry=the_registry,
            profiles=profiles,
            auth=Authenticator(settings.api_keys, the_store),
            executor=executor,
            sessions=SessionWorker(
                the_store,
                lambda row: services.panel_environment(row.judge_model),
                lease_s=settings.session_lease_seconds,
            ),
            scorers=scorers if scorers is not None else load_scorers(),
            started_at=time.time(),
            verdict_cache=_verdict_cache(settings),
        )
        app.state.services = services
        # Untrusted checks (JSON Schema, long prompts) run in worker processes
        # that can be killed, so no request can starve the event loop.
        isolate_checks()
        await start_isolated_workers()
        await services.sessions.start()
        try:
            yield
        finally:
            await asyncio.to_thread(stop_isolated_workers)
            await services.sessions.aclose()
            await executor.aclose()
            if registry is None:
                await the_registry.aclose()
            if store is None:
                await the_store.close()

    app = FastAPI(
        title="redraft",
        version=__version__,
        summary="An LLM that checks its own answer and redrafts it until it passes.",
        lifespan=lifespan,
        # Counted as the body arrives, chunked or not: reading stops past the
        # limit with a 413 (see http_error_handler), so memory stays bounded.
        max_body_size=settings.max_body_bytes,
    )
    app.router.route_class = StrictJSONRoute
    app.add_exception_handler(ApiError, api_error_handler)
    app.add_exception_handler(RequestValidationError, validation_error_handler)
    app.add_exception_handler(HTTPException, http_error_handler)
    app.add_exception_handler(StoreUnavailableError, store_error_handler)
    app.add_exception_handler(Exception, unexpected_error_handler)
    if not settings.api_keys or not settings.api_keys.strip():
        app.add_middleware(LoopbackHostGuard, allowed=settings.allowed_host_names())

    for router in (chat_router, runs_router, sessions_router, judges_router, evals_router):
        app.include_router(router)

    install_metrics(app)
    app.include_router(ui_router)
    # Added last, so outermost: every response, refusals included, carries its id.
    app.add_middleware(RequestIds)

    @app.get(
        "/healthz",
        tags=["service"],
        responses={503: {"model": DetailResponse, "description": "The store is unavailable."}},
    )
    async def healthz(request: Request) -> dict[str, Any]:
        """Liveness and store reachability."""
        services = services_of(request)
        await services.store.list_runs(tenant="__healthz__", limit=1)
        return {"status": "ok", "version": __version__}

    @app.get("/v1/models", tags=["models"], responses=API_ERRORS)
    async def list_models(request: Request, tenant: Tenant) -> dict[str, Any]:
        """The profiles this service offers, in OpenAI's list shape."""
        services = services_of(request)
        created = int(services.started_at)
        return {
            "object": "list",
            "data": [
                {
                    "id": name,
                    "object": "model",
                    "created": created,
                    "owned_by": "redraft",
                    "description": profile.description,
                    "generator": profile.model,
                    "judge": profile.judge_model,
                }
                for name, profile in sorted(services.profiles.items())
            ],
        }

    return app


# Families whose provider imports a vendor SDK on first use.
_SDK_MODULES = {"openai": "openai", "anthropic": "anthropic"}


def _import_vendor_sdks(settings: Settings, profiles: dict[str, Profile]) -> None:
    """Import the SDKs the configured models use before serving: an import
    takes ~0.4 s, and inside the first request it would hold the event loop."""
    specs = [settings.model, settings.judge_model or ""]
    for profile in profiles.values():
        specs += [profile.model, profile.judge_model]
    for family in {spec.strip().partition(":")[0] for spec in specs}:
        module = _SDK_MODULES.get(family)
        if module is not None:
            with contextlib.suppress(ImportError):  # reported when a run needs it
                importlib.import_module(module)


def _verdict_cache(settings: Settings) -> VerdictCache | None:
    where = (settings.verdict_cache or "").strip()
    ttl = settings.verdict_cache_ttl_seconds
    if not where or where.lower() in ("off", "none"):
        return None
    if where.lower() == "memory":
        return MemoryVerdictCache(ttl_s=ttl)
    return SqliteVerdictCache(Path(where).expanduser(), ttl_s=ttl)
