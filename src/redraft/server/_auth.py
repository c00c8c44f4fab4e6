"""Who is calling: API keys and tenants.

With ``REDRAFT_API_KEYS`` unset the service needs no key (and ``redraft
serve`` refuses to bind beyond loopback); every caller is the ``default``
tenant. Set, every ``/v1`` route needs ``Authorization: Bearer <key>``: keys
made with ``redraft keys create`` (stored hashed) and, optionally, static
keys listed in the variable itself (held hashed in memory, never logged).
"""

from __future__ import annotations

import hashlib
import hmac

from redraft.store import Store

__all__ = ["DEFAULT_TENANT", "Authenticator"]

DEFAULT_TENANT = "default"
_SWITCH_WORDS = {"required", "1", "true", "yes", "on"}


class Authenticator:
    def __init__(self, setting: str | None, store: Store) -> None:
        self._store = store
        self.required = bool(setting and setting.strip())
        self._static: list[tuple[bytes, str]] = []
        for entry in (setting or "").split(","):
            entry = entry.strip()
            if not entry or entry.lower() in _SWITCH_WORDS:
                continue
            tenant, sep, secret = entry.partition(":")
            if not sep:
                tenant, secret = DEFAULT_TENANT, entry
            self._static.append((_digest(secret.strip()), tenant.strip() or DEFAULT_TENANT))

    async def tenant_for(self, authorization: str | None) -> str | None:
        """The caller's tenant, or None when a key is needed and this one is
        missing, unknown or revoked."""
        if not self.required:
            return DEFAULT_TENANT
        if not authorization:
            return None
        scheme, _, secret = authorization.partition(" ")
        secret = secret.strip()
        if scheme.lower() != "bearer" or not secret:
            return None
        digest = _digest(secret)
        for known, tenant in self._static:
            if hmac.compare_digest(known, digest):
                return tenant
        return await self._store.authenticate(secret)


def _digest(secret: str) -> bytes:
    return hashlib.sha256(secret.encode("utf-8")).digest()
