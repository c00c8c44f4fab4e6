"""``redraft keys``: create, list, revoke, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import platformdirs
import pytest
from click.testing import CliRunner, Result

from redraft.cli._keys import keys
from redraft.store import Store

pytest_plugins = ["_store_fixtures"]


def invoke(url: str | None, *args: str, **env: str | None) -> Result:
    return CliRunner().invoke(keys, list(args), env={"REDRAFT_DATABASE_URL": url, **env})


def authenticate(url: str, secret: str) -> str | None:
    async def go() -> str | None:
        store = await Store.open(url)
        try:
            return await store.authenticate(secret)
        finally:
            await store.close()

    return asyncio.run(go())


def test_create_prints_the_secret_once_and_it_authenticates(database_url: str) -> None:
    result = invoke(database_url, "create", "--tenant", "acme", "--name", "billing app")
    assert result.exit_code == 0, result.output
    secret = result.stdout.strip()
    assert secret.startswith("rdk_") and len(secret) == 44
    assert "\n" not in secret  # alone on stdout: KEY=$(redraft keys create ...) works
    assert "will not be shown again" in result.stderr
    assert "for tenant 'acme'" in result.stderr and "(billing app)" in result.stderr
    assert authenticate(database_url, secret) == "acme"

    listed = invoke(database_url, "list")
    assert listed.exit_code == 0
    assert secret not in listed.output
    assert secret[:8] in listed.stdout and "acme" in listed.stdout and "active" in listed.stdout
    assert listed.stdout.splitlines()[0].split()[:4] == ["ID", "TENANT", "NAME", "PREFIX"]


def test_list_json_filters_by_tenant_and_never_shows_secrets(database_url: str) -> None:
    secrets = [
        invoke(database_url, "create", "--tenant", tenant).stdout.strip()
        for tenant in ("acme", "globex", "acme")
    ]
    everything = invoke(database_url, "list", "--json")
    assert everything.exit_code == 0
    assert [k["tenant"] for k in json.loads(everything.stdout)] == ["acme", "globex", "acme"]
    acme = json.loads(invoke(database_url, "list", "--tenant", "acme", "--json").stdout)
    assert [k["tenant"] for k in acme] == ["acme", "acme"]
    assert set(acme[0]) == {
        "id",
        "tenant",
        "name",
        "prefix",
        "created_at",
        "revoked_at",
        "last_used_at",
    }
    for secret in secrets:
        assert secret not in everything.stdout
    assert json.loads(invoke(database_url, "list", "--tenant", "nobody", "--json").stdout) == []


def test_revoke_stops_a_key_and_unknown_ids_exit_2(database_url: str) -> None:
    secret = invoke(database_url, "create", "--tenant", "acme").stdout.strip()
    key_id = json.loads(invoke(database_url, "list", "--json").stdout)[0]["id"]

    revoked = invoke(database_url, "revoke", key_id)
    assert revoked.exit_code == 0 and key_id in revoked.stdout
    assert authenticate(database_url, secret) is None
    assert "revoked" in invoke(database_url, "list").stdout
    assert json.loads(invoke(database_url, "list", "--json").stdout)[0]["revoked_at"]

    unknown = invoke(database_url, "revoke", "key_doesnotexist")
    assert unknown.exit_code == 2
    assert "key_doesnotexist" in unknown.stderr and "redraft keys list" in unknown.stderr


def test_an_empty_listing_says_how_to_make_a_key(database_url: str) -> None:
    result = invoke(database_url, "list")
    assert result.exit_code == 0
    assert result.stdout == "" and "redraft keys create --tenant" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["create"], "--tenant"),
        (["create", "--tenant", "  "], "--tenant"),
        (["create", "--tenant", "acme", "--name", ""], "--name"),
        (["revoke"], "KEY_ID"),
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    result = invoke(f"sqlite:///{tmp_path / 'redraft.db'}", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_a_bad_database_url_exits_2_naming_the_setting() -> None:
    result = invoke("mysql://u:p@h/d", "list")
    assert result.exit_code == 2
    assert "REDRAFT_DATABASE_URL" in result.stderr
    assert "Traceback" not in result.output


def test_without_a_url_the_keys_live_in_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app: str(tmp_path / app))
    result = invoke(None, "create", "--tenant", "acme")
    assert result.exit_code == 0, result.output
    database = tmp_path / "redraft" / "redraft.db"
    assert database.is_file()
    assert authenticate(f"sqlite:///{database}", result.stdout.strip()) == "acme"
