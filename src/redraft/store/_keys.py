"""API keys: made once, stored hashed, looked up by hash.

A secret is ``rdk_`` plus 40 URL-safe characters from :mod:`secrets` (240
bits). Secrets that random need no slow password hash: SHA-256 is enough to
make a leaked table useless, and it lets :func:`authenticate` find a key with
one indexed lookup.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, datetime, timedelta

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from redraft.store._models import ApiKeyRow

__all__ = [
    "SECRET_PREFIX",
    "ApiKeyInfo",
    "authenticate",
    "create_key",
    "hash_secret",
    "list_keys",
    "revoke_key",
]

SECRET_PREFIX = "rdk_"
_SECRET_BYTES = 30  # 40 characters of URL-safe base64
_SHOWN_CHARS = 8
_MAX_SECRET_CHARS = 200
# last_used_at is a hint for humans, not an audit log: refreshing it at most
# once a minute keeps authentication from writing on every request.
_LAST_USED_RESOLUTION = timedelta(minutes=1)


class ApiKeyInfo(BaseModel):
    """What may be shown about a key: everything but the secret."""

    id: str
    tenant: str
    name: str | None
    prefix: str
    """The secret's first 8 characters (``rdk_`` and 4 more)."""
    created_at: datetime
    revoked_at: datetime | None
    last_used_at: datetime | None

    @property
    def active(self) -> bool:
        return self.revoked_at is None


def hash_secret(secret: str) -> str:
    """The SHA-256 hex digest the store keeps instead of the secret."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _info(row: ApiKeyRow) -> ApiKeyInfo:
    return ApiKeyInfo.model_validate(row, from_attributes=True)


def _check_label(value: str, what: str) -> str:
    value = value.strip()
    if not value:
        raise ValueError(f"{what} must not be empty")
    if len(value) > 200 or any(ord(c) < 32 for c in value):
        raise ValueError(f"{what} must be at most 200 printable characters")
    return value


async def create_key(
    sessions: async_sessionmaker[AsyncSession], tenant: str, name: str | None = None
) -> tuple[str, ApiKeyInfo]:
    """Make a key for ``tenant``; the secret is returned here and never again."""
    tenant = _check_label(tenant, "tenant")
    name = _check_label(name, "key name") if name is not None else None
    secret = SECRET_PREFIX + secrets.token_urlsafe(_SECRET_BYTES)
    row = ApiKeyRow(
        id=f"key_{secrets.token_hex(8)}",
        tenant=tenant,
        name=name,
        prefix=secret[:_SHOWN_CHARS],
        hash=hash_secret(secret),
        created_at=datetime.now(UTC),
        revoked_at=None,
        last_used_at=None,
    )
    async with sessions.begin() as session:
        session.add(row)
    return secret, _info(row)


async def list_keys(
    sessions: async_sessionmaker[AsyncSession], tenant: str | None = None
) -> list[ApiKeyInfo]:
    """Every key (or ``tenant``'s), oldest first, revoked ones included."""
    query = select(ApiKeyRow).order_by(ApiKeyRow.created_at, ApiKeyRow.id)
    if tenant is not None:
        query = query.where(ApiKeyRow.tenant == tenant)
    async with sessions() as session:
        return [_info(row) for row in (await session.scalars(query)).all()]


async def revoke_key(sessions: async_sessionmaker[AsyncSession], key_id: str) -> bool:
    """Revoke a key; False when there is no such key. Revoking twice keeps the first time."""
    async with sessions.begin() as session:
        row = await session.get(ApiKeyRow, key_id)
        if row is None:
            return False
        if row.revoked_at is None:
            row.revoked_at = datetime.now(UTC)
        return True


async def authenticate(sessions: async_sessionmaker[AsyncSession], secret: str) -> str | None:
    """The tenant of an active key, or None for an unknown or revoked one."""
    if not secret or len(secret) > _MAX_SECRET_CHARS:
        return None
    digest = hash_secret(secret)
    async with sessions.begin() as session:
        row = await session.scalar(select(ApiKeyRow).where(ApiKeyRow.hash == digest))
        # The lookup already matched; comparing again in constant time keeps
        # the final decision free of timing differences whatever the index does.
        if row is None or not hmac.compare_digest(row.hash, digest) or row.revoked_at is not None:
            return None
        now = datetime.now(UTC)
        if row.last_used_at is None or now - row.last_used_at >= _LAST_USED_RESOLUTION:
            row.last_used_at = now
        return row.tenant
