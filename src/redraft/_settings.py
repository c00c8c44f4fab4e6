"""Settings from ``REDRAFT_*`` environment variables (and an optional ``.env``).

Built by entry points and passed down; nothing reads the environment at import.
"""

from __future__ import annotations

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
