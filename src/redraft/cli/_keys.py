"""``redraft keys``: API keys for ``redraft serve``.

Keys live in the store named by ``REDRAFT_DATABASE_URL`` (by default the
SQLite file in the user data dir). ``create`` prints the secret once, alone on
stdout so that ``KEY=$(redraft keys create --tenant acme)`` works; the store
keeps only its hash. Exit codes: 0 done, 2 usage, configuration or unknown key.
"""

from __future__ import annotations

import json
from datetime import datetime

import click

from redraft.cli._stored import fail, with_store
from redraft.store import ApiKeyInfo

__all__ = ["keys"]


@click.group()
def keys() -> None:
    """Create, list and revoke the API keys of `redraft serve`."""


@keys.command()
@click.option("--tenant", required=True, help="Whose runs the key reaches.")
@click.option("--name", help="A label to tell keys apart, e.g. the app that uses it.")
def create(tenant: str, name: str | None) -> None:
    """Create a key for TENANT and print it. It is shown this once only."""
    try:
        secret, info = with_store(lambda store: store.create_key(tenant, name))
    except ValueError as exc:
        hint = "--name" if str(exc).startswith("key name") else "--tenant"
        raise click.BadParameter(str(exc), param_hint=hint) from None
    click.echo(secret)
    label = f" ({info.name})" if info.name else ""
    click.echo(f"Created {info.id}{label} for tenant {info.tenant!r}.", err=True)
    click.echo("This key will not be shown again: store it now.", err=True)


@keys.command("list")
@click.option("--tenant", help="Only this tenant's keys.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON array.")
def list_(tenant: str | None, as_json: bool) -> None:
    """List keys (never their secrets), revoked ones included."""
    found = with_store(lambda store: store.list_keys(tenant))
    if as_json:
        click.echo(json.dumps([info.model_dump(mode="json") for info in found]))
        return
    if not found:
        click.echo("No API keys. Make one with: redraft keys create --tenant NAME", err=True)
        return
    for line in _table(found):
        click.echo(line)


@keys.command()
@click.argument("key_id")
def revoke(key_id: str) -> None:
    """Revoke KEY_ID; the key stops working at once."""
    if not with_store(lambda store: store.revoke_key(key_id)):
        fail(f"no API key has the id {key_id!r}; `redraft keys list` shows them")
    click.echo(f"Revoked {key_id}.")


def _when(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else "-"


def _table(found: list[ApiKeyInfo]) -> list[str]:
    header = ("ID", "TENANT", "NAME", "PREFIX", "CREATED", "LAST USED", "STATUS")
    rows = [
        (
            info.id,
            info.tenant,
            info.name or "-",
            f"{info.prefix}…",
            _when(info.created_at),
            _when(info.last_used_at),
            "active" if info.active else f"revoked {_when(info.revoked_at)}",
        )
        for info in found
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [header, *rows]
    ]
