"""``redraft serve``: the HTTP service and web UI."""

from __future__ import annotations

import ipaddress
import os
import sys
from typing import Any

import click

from redraft.config._settings import load_settings
from redraft.core._errors import ConfigurationError

__all__ = ["serve"]


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to bind.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--log-level",
    type=click.Choice(["critical", "error", "warning", "info", "debug"]),
    help="[default: $REDRAFT_LOG_LEVEL or info]",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Server processes sharing the port; more than one needs a PostgreSQL store.",
)
def serve(host: str, port: int, log_level: str | None, workers: int) -> None:
    """Run the OpenAI-compatible redrafting service.

    Without REDRAFT_API_KEYS the service needs no key and binds to loopback
    only; set it to serve other machines.
    """
    try:
        settings = load_settings()
    except ConfigurationError as exc:
        raise click.UsageError(str(exc)) from None
    if not settings.api_keys and not is_loopback(host):
        raise click.BadParameter(
            f"{host} is not a loopback address: set REDRAFT_API_KEYS (e.g. 'required' and "
            "create keys with 'redraft keys create') before serving other machines",
            param_hint="--host",
        )
    if workers > 1 and not _is_postgres(settings.database_url):
        raise click.BadParameter(
            "more than one worker needs REDRAFT_DATABASE_URL on PostgreSQL: "
            "a SQLite store takes one server process",
            param_hint="--workers",
        )
    import uvicorn

    from redraft.server import ClientLimits, limited_http_protocol

    log_level = log_level or settings.log_level or "info"
    # Each worker process builds its own app from the environment.
    os.environ["REDRAFT_LOG_LEVEL"] = log_level
    try:
        app = worker_app() if workers == 1 else "redraft.cli._serve:worker_app"
    except ConfigurationError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    uvicorn.run(
        app,
        factory=workers > 1,
        workers=workers,
        # A worker imports the compiler's patterns before it answers uvicorn's
        # health check; at the default 5 s a slow machine's workers were killed
        # and restarted forever, and the server never answered.
        timeout_worker_healthcheck=60,
        host=host,
        port=port,
        log_level=log_level,
        # Deadlines for a request to arrive and a cap per client address:
        # uvicorn alone lets a client trickle its bytes forever.
        http=limited_http_protocol(
            ClientLimits(
                header_timeout_s=settings.header_timeout_seconds,
                body_timeout_s=settings.body_timeout_seconds,
                max_unfinished=settings.max_unfinished_per_client,
            )
        ),
        # uvicorn's records go through redraft's handler (JSON or text) too.
        log_config=None,
        # Evaluation streams stay open until the client leaves; without a
        # limit a shutdown would wait for every browser tab to close.
        timeout_graceful_shutdown=5,
    )


def worker_app() -> Any:
    """The service as one server process runs it: settings from the
    environment, logging and tracing configured, the app built."""
    from redraft.observability._logging import configure_logging
    from redraft.observability._telemetry import configure_tracing
    from redraft.server import create_app

    settings = load_settings()
    configure_logging(
        level=settings.log_level or "info",
        format=settings.log_format,
        content=settings.log_content,
    )
    configure_tracing()
    return create_app(settings)


def _is_postgres(url: str | None) -> bool:
    scheme = (url or "").split(":", 1)[0].split("+", 1)[0].strip().lower()
    return scheme in ("postgresql", "postgres")
