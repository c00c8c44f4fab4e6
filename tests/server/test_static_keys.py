"""Static keys (``REDRAFT_API_KEYS=tenant:secret``): only the secret is the
bearer, as docs/service.md says."""

from __future__ import annotations

from pathlib import Path

from redraft.server._auth import DEFAULT_TENANT, Authenticator
from redraft.store import Store


async def test_only_the_secret_of_a_tenant_secret_key_is_the_bearer(tmp_path: Path) -> None:
    store = await Store.open(f"sqlite:///{tmp_path}/keys.db")
    try:
        auth = Authenticator("acme:s3cret, bare-key", store)
        assert await auth.tenant_for("Bearer s3cret") == "acme"
        assert await auth.tenant_for("Bearer acme:s3cret") is None
        assert await auth.tenant_for("Bearer bare-key") == DEFAULT_TENANT
    finally:
        await store.close()
