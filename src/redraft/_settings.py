"""Settings from ``REDRAFT_*`` environment variables (and an optional ``.env``).

Built by entry points and passed down; nothing reads the environment at import.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["Settings"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="REDRAFT_", env_file=".env", env_file_encoding="utf-8", extra="ignore"
    )

    model: str = "local"
    """Generator model spec used when none is given."""
    judge_model: str | None = None
    """Judge model spec; unset means the generator's model judges too."""
    database_url: str | None = None
    """SQLAlchemy URL of the store; unset means a SQLite file in the user data dir."""
    api_keys: str | None = None
    """Unset: no keys, loopback only. Set: every ``/v1`` route needs a key. The
    value ``required`` (or ``1``/``true``) uses the keys made with ``redraft keys
    create``; a comma-separated list of ``tenant:secret`` (or bare secrets, for
    the ``default`` tenant) adds static keys as well."""
    profiles: Path | None = None
    """A TOML file of ``[profiles.<name>]`` tables."""
    max_body_bytes: int = Field(default=2 * 1024 * 1024, ge=1024)
    """Largest request body the service reads."""
