"""What every route stands on: the service's shared objects and the caller's tenant."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Request

from redraft.config._profiles import Profile, resolve_model
from redraft.config._settings import Settings
from redraft.evaluators import Reliabilities, VerdictCache
from redraft.evaluators._scorers import Scorer
from redraft.providers import ProviderRegistry
from redraft.server._auth import Authenticator
from redraft.server._errors import ApiError
from redraft.server._executor import RunExecutor
from redraft.server._session_worker import SessionWorker
from redraft.server._trust import RecordCache
from redraft.sessions import PanelEnvironment
from redraft.store import Store

__all__ = ["Services", "Tenant", "services_of"]


@dataclass
class Services:
    settings: Settings
    store: Store
    registry: ProviderRegistry
    profiles: dict[str, Profile]
    auth: Authenticator
    executor: RunExecutor
    sessions: SessionWorker
    scorers: dict[str, Scorer]
    started_at: float
    verdict_cache: VerdictCache | None = None
    judge_record: RecordCache = field(init=False)
    """The judges' record, as runs read it (refreshed every 30 s)."""

    def __post_init__(self) -> None:
        self.judge_record = RecordCache(self.store)

    async def judging_trust(self) -> tuple[Reliabilities, float]:
        """The record a run's judge is held to, and how often it audits
        itself (nothing when ``REDRAFT_JUDGE_RECORD`` is off)."""
        if not self.settings.judge_record:
            return {}, 0.0
        return await self.judge_record.get(), self.settings.judge_audit_rate

    def resolve_profile(self, requested: str | None) -> Profile:
        """The profile or model a request named, else the service's own. The
        operator's default may name a server file (``local:<path>``,
        ``scripted:<file>``); a request only one registered with the service."""
        name = requested or self.settings.model
        return resolve_model(
            name,
            self.profiles,
            default_judge_model=self.settings.judge_model,
            allow_file_specs=requested is None or name in self.registry,
        )

    def panel_environment(self, judge_model: str | None) -> PanelEnvironment:
        """What a session's panel is built with on this service."""
        return PanelEnvironment(
            provider=self.registry.get,
            judge_model=judge_model,
            scorers=self.scorers,
            allow_private=self.settings.web_allow_private,
        )


def services_of(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


async def _tenant(request: Request) -> str:
    services = services_of(request)
    tenant = await services.auth.tenant_for(request.headers.get("authorization"))
    if tenant is None:
        raise ApiError(
            401,
            "missing or invalid API key: send 'Authorization: Bearer <key>'",
            type="authentication_error",
            code="invalid_api_key",
        )
    return tenant


Tenant = Annotated[str, Depends(_tenant)]
