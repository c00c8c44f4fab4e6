"""HTTP error helpers shared by the SDK-backed providers.

They turn a vendor's HTTP failure into redraft's error types and keep secrets
out of every message.
"""

from __future__ import annotations

import contextlib
import email.utils
import re
import time
from collections.abc import Mapping
from urllib.parse import urlsplit

from redraft.core._errors import (
    ProviderAuthError,
    ProviderError,
    ProviderRateLimitError,
    ProviderResponseError,
)

__all__ = ["error_detail", "error_for_status", "hide_upstream", "parse_retry_after", "redact"]

_KEY_LIKE = re.compile(r"\b(?:sk|pk|rk)[-_][A-Za-z0-9_\-*.]{6,}")
_BEARER = re.compile(r"(?i)\b(bearer|x-api-key:?|api[-_]key[=:])\s*\S+")
_MAX_DETAIL = 300


def redact(text: str, *secrets: str | None) -> str:
    """``text`` with the given secrets and anything key-shaped blanked out.

    Vendors echo (partly masked) keys in 401 bodies; none of it may reach an
    error message, a call record or a log.
    """
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "[redacted]")
    text = _KEY_LIKE.sub("[redacted]", text)
    return _BEARER.sub(lambda m: f"{m.group(1)} [redacted]", text)


def hide_upstream(text: str, url: str | None) -> str:
    """``text`` without the upstream ``url``, its origin or its host.

    Where a model or tool server is served is the operator's business: the
    service's tenants read error messages, its log keeps the upstream (see
    :meth:`SDKProvider._logged <redraft.providers._sdk.SDKProvider._logged>`).
    """
    parts = urlsplit(url or "")
    if not parts.netloc:
        return text
    origin = f"{parts.scheme}://{parts.netloc}"
    # Longest first, so a URL is not left half-replaced by its host.
    spellings = {(url or "").rstrip("/"), origin, parts.netloc, parts.hostname or ""}
    for found in sorted(spellings, key=len, reverse=True):
        if len(found) >= 3:
            text = text.replace(found, "[upstream]")
    return text


def error_detail(body: object, fallback: str) -> str:
    """The human message inside a vendor error body (OpenAI or Anthropic shape)."""
    message: object = None
    if isinstance(body, Mapping):
        inner = body.get("error", body)
        if isinstance(inner, Mapping):
            message = inner.get("message")
        elif isinstance(inner, str):
            message = inner
    text = message if isinstance(message, str) and message else fallback
    return text if len(text) <= _MAX_DETAIL else text[: _MAX_DETAIL - 1] + "…"


def parse_retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds to wait, from ``retry-after-ms`` or ``Retry-After`` (seconds or
    an HTTP date); ``None`` when the server sent neither or nonsense."""
    millis = headers.get("retry-after-ms")
    if millis:
        with contextlib.suppress(ValueError):
            return max(0.0, float(millis) / 1000)
    value = headers.get("retry-after")
    if not value:
        return None
    with contextlib.suppress(ValueError):
        return max(0.0, float(value))
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def error_for_status(
    status: int, detail: str, *, where: str, provider: str, headers: Mapping[str, str]
) -> ProviderError:
    """The redraft error for an HTTP error status; ``detail`` must already be
    redacted, and ``where`` names the model, not the server's address."""
    if status in (401, 403):
        return ProviderAuthError(
            f"{where} refused the credentials ({status}): {detail}",
            provider=provider,
            status=status,
        )
    if status == 429:
        return ProviderRateLimitError(
            f"{where} is rate limiting ({status}): {detail}",
            provider=provider,
            retry_after=parse_retry_after(headers),
        )
    return ProviderResponseError(
        f"{where} answered {status}: {detail}",
        provider=provider,
        status=status,
        retryable=status >= 500 or status in (408, 409),
        # 503s often say when to come back, like 429s.
        retry_after=parse_retry_after(headers),
    )
