"""The web UI: one static page and its assets, shipped as package data.

The UI is plain HTML, CSS and ES modules under ``redraft/server/web`` so
that ``redraft serve`` works offline with no build step and no CDN. Only the
files that ship in that folder can be served, by name: a request can never
reach anything else on disk, whatever its path says. The shell and assets
need no API key (the page has to load before it can ask for one); every
``/v1`` call the page makes is authenticated like any other client's.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from fastapi import APIRouter, Request, Response

from redraft.evals import REPORT_CSS

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

_CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}
# Flat names only: no separators, no dot segments, nothing encoded.
_ASSET_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*\.(?:html|css|js|svg)$")


def _style_hash(css: str) -> str:
    """The CSP source that allows exactly one inline ``<style>`` element's text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(css.encode()).digest()).decode() + "'"


# The page builds every element itself and never evaluates strings as code,
# so the policy can forbid inline scripts, foreign origins and framing: a
# model's output that slipped into markup still could not run. The Evals page
# shows an eval's HTML report in a sandboxed <iframe srcdoc> (no scripts), a
# document that inherits this policy: the report's one stylesheet is allowed
# by its hash, and no other inline style is.
_CSP = (
    f"default-src 'self'; script-src 'self'; style-src 'self' {_style_hash(REPORT_CSS)}; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
_SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "content-security-policy": _CSP,
}


@dataclass(frozen=True)
class _Asset:
    body: bytes
    content_type: str
    etag: str


@cache
def _assets() -> dict[str, _Asset]:
    """Every shipped file, read once: the set of names that can be served."""
    found: dict[str, _Asset] = {}
    for entry in files("redraft.server").joinpath("web").iterdir():
        name = entry.name
        if not entry.is_file() or not _ASSET_NAME.match(name):
            continue
        body = entry.read_bytes()
        suffix = name[name.rindex(".") :]
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        found[name] = _Asset(body, _CONTENT_TYPES[suffix], etag)
    return found


def _respond(request: Request, asset: _Asset) -> Response:
    # no-cache = revalidate every time: an upgraded server never serves a
    # stale mix of old and new modules, and the ETag keeps revalidation cheap.
    headers = {"cache-control": "no-cache", "etag": asset.etag, **_SECURITY_HEADERS}
    if asset.etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(asset.body, media_type=asset.content_type, headers=headers)


@router.get("/")
async def shell(request: Request) -> Response:
    """The single page; the hash in the URL picks chat, lab, sessions or runs."""
    return _respond(request, _assets()["index.html"])


@router.get("/ui/{name:path}")
async def asset(request: Request, name: str) -> Response:
    """One static file of the UI, by its flat name."""
    found = _assets().get(name) if _ASSET_NAME.match(name) else None
    if found is None:
        return Response(
            b"not found",
            status_code=404,
            media_type="text/plain; charset=utf-8",
            headers={"cache-control": "no-store", "x-content-type-options": "nosniff"},
        )
    return _respond(request, found)
