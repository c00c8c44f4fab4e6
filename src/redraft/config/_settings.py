"""Settings from ``REDRAFT_*`` environment variables (and an optional ``.env``).

Built by entry points and passed down; nothing reads the environment at import.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from redraft.core._errors import ConfigurationError
from redraft.core._types import Threshold

__all__ = ["Settings", "load_settings"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="REDRAFT_", env_file=".env", env_file_encoding="utf-8", extra="ignore"
    )

    enabled: bool = True
    """Middleware (:func:`redraft.wrap`): evaluate and redraft wrapped calls.
    ``REDRAFT_ENABLED=false`` turns every wrapper into a pass-through."""
    threshold: Threshold | None = None
    """Middleware default pass threshold (unset: the policy's 0.8)."""
    max_retries: int | None = Field(default=None, ge=0, le=9)
    """Middleware default number of redrafts after the first draft: the older
    name of ``max_attempts`` less one (docs/compatibility.md)."""
    breaker_failures: int = Field(default=5, ge=1, le=1000)
    """Consecutive failures of a judge provider that open its circuit breaker."""
    breaker_reset_seconds: float = Field(default=30.0, gt=0, le=3600)
    """How long an open breaker refuses calls before letting one through."""
    verdict_cache: str | None = None
    """Cache verdicts on identical judge input: ``memory`` (LRU, one process)
    or the path of a SQLite file (persistent, shared). Unset: no cache."""
    verdict_cache_ttl_seconds: float = Field(default=3600.0, gt=0)
    model: str = "local"
    """Generator model spec used when none is given."""
    judge_model: str | None = None
    """Judge model spec; unset means the generator's model judges too."""
    judge_audit_rate: float = Field(default=0.1, ge=0.0, le=1.0)
    """The share of judged drafts on which a checklist judge is also asked
    about one requirement an exact check decided, to measure how often it is
    right (``redraft judges``). The answer never changes a verdict; 0 turns
    audits off."""
    log: bool | None = None
    """The local log: runs made outside the service, recorded in the store
    (``database_url``) where ``redraft runs`` and the web UI list them beside
    the service's. Unset: the ``redraft`` command's runs are recorded, a
    program's (library and middleware runs) only once it calls
    :func:`redraft.enable_local_log`; ``on``: a program's too; ``off``:
    nothing, the command's included (``redraft ask --log`` still asks for
    one run). The service records its runs whatever this says."""
    log_retention_days: int | None = Field(default=None, ge=1, le=100_000)
    """Days the local log keeps runs: when the ``redraft`` command or a
    program opens the local log, its runs (``cli``, ``library``,
    ``middleware``) created longer ago than this are deleted. Unset: kept
    until ``redraft runs prune``."""
    judge_record: bool = True
    """Keep the judges' record in the store (``database_url``): ``redraft
    ask`` reads it to flag judges no better than chance and adds its audits
    to it. ``false``: runs neither read nor write it."""
    database_url: str | None = None
    """SQLAlchemy URL of the store; unset means a SQLite file in the user data dir."""
    api_keys: str | None = None
    """Unset: no keys, loopback only. Set: every ``/v1`` route needs a key. The
    value ``required`` (or ``1``/``true``) uses the keys made with ``redraft keys
    create``; a comma-separated list of ``tenant:secret`` (or bare secrets, for
    the ``default`` tenant) adds static keys as well."""
    allowed_hosts: str = ""
    """Comma-separated ``Host`` names served besides loopback ones when no API
    keys are set (against DNS rebinding); ignored when keys are required."""
    metrics_key: SecretStr | None = None
    """Bearer key for ``GET /metrics`` when API keys are set: the counts cover
    every tenant, so tenant keys may not read them. Unset: ``/metrics`` is
    refused (403) whenever keys are required."""
    profiles: Path | None = None
    """A TOML file of ``[profiles.<name>]`` tables."""
    max_body_bytes: int = Field(default=2 * 1024 * 1024, ge=1024)
    """Largest request body the service reads."""
    header_timeout_seconds: float = Field(default=10.0, gt=0, le=3600)
    """How long a request's line and headers may take to arrive, from the
    connection's opening (from the request's first byte on a kept-alive one);
    past it the connection is closed."""
    body_timeout_seconds: float = Field(default=30.0, gt=0, le=3600)
    """How long a request's body may take to arrive, from the end of its
    headers; past it the connection is closed."""
    max_unfinished_per_client: int = Field(default=32, ge=0, le=1_000_000)
    """Requests one client address may have had arriving for more than a
    second, unfinished, in one server process; its next connection past that
    is refused with a 429. 0: no cap."""
    session_lease_seconds: float = Field(default=30.0, gt=0, le=3600)
    """How long a process may go silent before another one takes over its
    evaluation jobs (it renews its leases every third of this)."""
    run_lease_seconds: float = Field(default=30.0, gt=0, le=3600)
    """How long a process may go silent before its runs in flight count as
    abandoned and are closed as ``interrupted`` by a live process (it renews
    its leases every third of this)."""
    max_events_per_run: int = Field(default=20_000, ge=20, le=10_000_000)
    """Most events stored for one run, its terminal event included; a run
    about to exceed it is stopped and fails with ``limit_exceeded``."""
    sse_heartbeat_seconds: float = Field(default=15.0, gt=0, le=300)
    """How often an idle evaluation stream sends a keep-alive comment."""
    web_allow_private: bool = False
    """Let the ``web`` evaluator fetch private and loopback addresses. Off by
    default: tenants could otherwise make the service probe its own network."""
    log_level: Literal["debug", "info", "warning", "error", "critical"] | None = None
    """Level of redraft's logs (unset: ``info`` for ``serve``, ``warning`` for ``ask``)."""
    log_format: Literal["auto", "json", "text"] = "auto"
    """``auto``: JSON lines when stderr is not a terminal, readable text when it is."""
    log_content: bool = False
    """Put message content (prompts, drafts, judge reasons) in the run logs.
    Off by default: logs travel further than the store."""

    def allowed_host_names(self) -> list[str]:
        return [name.strip() for name in self.allowed_hosts.split(",") if name.strip()]

    @field_validator("log_level", "log_format", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value


def load_settings() -> Settings:
    """The settings from the environment; a bad value raises
    :class:`ConfigurationError` naming its variable, not a validation traceback."""
    try:
        return Settings()
    except ValidationError as exc:
        problems = "; ".join(
            f"REDRAFT_{'_'.join(str(p) for p in error['loc']).upper()}: {error['msg']}"
            for error in exc.errors()
        )
        raise ConfigurationError(f"invalid setting: {problems}") from None
