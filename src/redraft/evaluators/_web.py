"""Checks that the URLs a draft cites exist, and that quotes attributed to them
are really on the page.

Safety model: the URLs come from model output, so they are untrusted input
that could aim redraft's own network position at internal services (SSRF).

- Only ``http``/``https`` URLs without credentials are fetched.
- The check resolves each host itself and vets *every* address it gets back;
  one non-public address (loopback, private, link-local, multicast, reserved,
  unspecified, carrier-grade NAT, or an IPv6 form embedding one of those)
  refuses the URL unless ``allow_private=True``.
- It then connects to the vetted IP, not to the name, so a second DNS answer
  cannot swap in another address (DNS rebinding). The real name travels as
  the ``Host`` header and as the TLS SNI name, against which the certificate
  is verified.
- Redirects are followed by hand and every hop is vetted the same way.
- Connections are never reused (a pooled TLS session for one name must not
  carry a request for another that shares its IP), cookies are never kept,
  environment proxies are ignored, and each URL has one deadline for the
  whole fetch and reads at most ``max_bytes`` of body.
"""

from __future__ import annotations

import asyncio
import ipaddress
import math
import socket
import ssl
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any

import httpx

from redraft.core._errors import ConfigurationError
from redraft.core._evaluator import EvaluationContext, Evaluator, Subject, aggregate
from redraft.core._text import plural
from redraft.core._types import Evidence, EvidenceStatus, Verdict
from redraft.evaluators._web_text import cited_urls, page_text, quote_for, quote_on_page

__all__ = ["WebCheck"]

Resolver = Callable[[str, int], Awaitable[list[str]]]
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_USER_AGENT = "Mozilla/5.0 (compatible; redraft-webcheck/1.0; cited-URL check)"
_REDIRECTS = {301, 302, 303, 307, 308}
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_IPV4_COMPATIBLE = ipaddress.IPv6Network("::/96")
_ERROR_CHARS = 200
_DATA_KEYS = "url final_url status_code address truncated quote quote_found redirects error"
_HEADERS = {
    "Accept": "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5",
    "Accept-Encoding": "identity",  # so that max_bytes bounds what we hold
    "Connection": "close",
}


class _Refused(Exception):
    """A URL or redirect hop that the safety rules forbid fetching."""

    def __init__(self, reason: str, address: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.address = address


@dataclass
class _Probe:
    """What checking one URL learned, filled in hop by hop."""

    url: str
    final_url: str
    quote: str | None
    quote_found: bool | None = None
    status_code: int | None = None
    address: str | None = None
    content_type: str | None = None
    content_encoding: str = "identity"
    body: bytes = b""
    truncated: bool = False
    redirects: list[str] = field(default_factory=list)
    too_many_redirects: bool = False
    error: str | None = None

    def data(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in _DATA_KEYS.split()} | {"bytes": len(self.body)}


class _Borrowed(httpx.AsyncBaseTransport):
    """An embedder's transport outlives our client: closing the client must not close it."""

    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self._inner = inner

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return await self._inner.handle_async_request(request)

    async def aclose(self) -> None:
        return None


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in _NAT64 or (ip in _IPV4_COMPATIBLE and int(ip) > 1):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def _is_public(ip: IPAddress) -> bool:
    # An IPv6 address that carries an IPv4 one reaches that IPv4 host, so it
    # is judged by it. ``is_global`` counts multicast as global; we do not.
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = _embedded_ipv4(ip)
        if embedded is not None:
            return _is_public(embedded)
    return ip.is_global and not ip.is_multicast


_FAILURES: tuple[tuple[type[BaseException], str], ...] = (
    (ssl.SSLError, "TLS error"),
    (TimeoutError, "timed out"),
    (httpx.TimeoutException, "timed out"),
    (socket.gaierror, "DNS lookup failed"),
    (httpx.ConnectError, "connection failed"),
    (httpx.RemoteProtocolError, "protocol error"),
    (httpx.InvalidURL, "invalid URL"),
)


def _describe(exc: BaseException) -> str:
    """A few words for the reason line (the class and message go to ``data``);
    a TLS failure hides under httpx's ConnectError, so the causes are searched."""
    chain: list[BaseException] = []
    cause: BaseException | None = exc
    while cause is not None and cause not in chain:
        chain.append(cause)
        cause = cause.__cause__ or cause.__context__
    for kind, words in _FAILURES:
        if any(isinstance(link, kind) for link in chain):
            return words
    return type(exc).__name__


async def _read_capped(response: httpx.Response, limit: int) -> tuple[bytes, bool]:
    """The body's first ``limit`` raw bytes, and whether there was more. A
    transport that answered from memory (``httpx.MockTransport``) has no
    stream left to read, only the content it holds."""
    if response.is_stream_consumed:
        return response.content[:limit], len(response.content) > limit
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_raw():
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            break
    return b"".join(chunks)[:limit], size > limit


async def _system_resolver(host: str, port: int) -> list[str]:
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


def _drop(url: str, why: str) -> str:
    return f"Replace or remove the citation {url}: {why}."


def _check_flag(option: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ConfigurationError(f"{option} must be True or False, got {value!r}")


def _check_count(option: str, value: object, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ConfigurationError(f"{option} must be a whole number ≥ {least}, got {value!r}")


class WebCheck(Evaluator):
    """Fetches the http(s) URLs a draft cites and checks quotes attributed to them.

    Every finding carries signed ``points``: +2 for a verified quote, +1 for a
    reachable page, -2 for a dead link, -3 for an error status or a quote the
    page does not hold, 0 for what was refused or skipped. A finding passes
    exactly when its points are positive.
    """

    kind = "web"
    uses_llm = False

    def __init__(
        self,
        *,
        allow_private: bool = False,
        timeout_s: float = 10.0,
        max_bytes: int = 1_000_000,
        max_urls: int = 10,
        max_redirects: int = 5,
        verify_quotes: bool = True,
        user_agent: str = _USER_AGENT,
        resolver: Resolver | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        name: str | None = None,
        required: bool = True,
    ) -> None:
        _check_flag("allow_private", allow_private)
        _check_flag("verify_quotes", verify_quotes)
        _check_flag("required", required)
        _check_count("max_bytes", max_bytes, 1)
        _check_count("max_urls", max_urls, 1)
        _check_count("max_redirects", max_redirects, 0)
        if isinstance(timeout_s, bool) or not isinstance(timeout_s, (int, float)):
            raise ConfigurationError(f"timeout_s must be a number of seconds, got {timeout_s!r}")
        if not (math.isfinite(timeout_s) and timeout_s > 0):
            raise ConfigurationError(f"timeout_s must be finite and > 0, got {timeout_s!r}")
        if not isinstance(user_agent, str) or not user_agent.strip() or "\n" in user_agent:
            raise ConfigurationError(f"user_agent must be one line of text, got {user_agent!r}")
        if resolver is not None and not callable(resolver):
            raise ConfigurationError(f"resolver must be an async function, got {resolver!r}")
        if transport is not None and not isinstance(transport, httpx.AsyncBaseTransport):
            kind = type(transport).__name__
            raise ConfigurationError(f"transport must be an httpx.AsyncBaseTransport, got {kind}")
        if name is not None and (not isinstance(name, str) or not name.strip()):
            raise ConfigurationError(f"name must be a non-empty text, got {name!r}")
        self.name = name or "web"
        self.required = required
        self.allow_private = allow_private
        self.timeout_s = float(timeout_s)
        self.max_bytes = max_bytes
        self.max_urls = max_urls
        self.max_redirects = max_redirects
        self.verify_quotes = verify_quotes
        self.user_agent = user_agent
        self._resolve: Resolver = resolver or _system_resolver
        self._transport = transport

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        cited = cited_urls(subject.text)
        if not cited:
            evidence = [self._evidence(0, "the text cites no URLs", status="skipped")]
            return aggregate(evidence, threshold=context.threshold)
        checked, unchecked = cited[: self.max_urls], cited[self.max_urls :]
        async with self._client() as client:
            found = await asyncio.gather(*(self._check(client, subject.text, *c) for c in checked))
        evidence = list(found)
        if unchecked:
            more = plural(len(unchecked), "more cited URL")
            reason = f"{more} not checked (max_urls={self.max_urls})"
            data = {"unchecked": [url for url, _, _ in unchecked]}
            evidence.append(self._evidence(0, reason, status="skipped", data=data))
        return aggregate(evidence, threshold=context.threshold)

    def _client(self) -> httpx.AsyncClient:
        # No keep-alive, no cookies, no proxies from the environment: see the
        # module docstring.
        limits = httpx.Limits(max_keepalive_connections=0)
        transport: httpx.AsyncBaseTransport = (
            _Borrowed(self._transport)
            if self._transport is not None
            else httpx.AsyncHTTPTransport(retries=0, limits=limits)
        )
        return httpx.AsyncClient(
            transport=transport,
            timeout=self.timeout_s,
            follow_redirects=False,
            trust_env=False,
            cookies=CookieJar(policy=DefaultCookiePolicy(allowed_domains=[])),
        )

    async def _check(
        self, client: httpx.AsyncClient, text: str, url: str, start: int, end: int
    ) -> Evidence:
        quote = quote_for(text, start, end) if self.verify_quotes else None
        probe = _Probe(url=url, final_url=url, quote=quote)
        try:
            async with asyncio.timeout(self.timeout_s):
                await self._follow(client, probe)
        except _Refused as refusal:
            probe.address = refusal.address
            return self._evidence(0, f"Refused {url}: {refusal.reason}", probe, status="skipped")
        except (TimeoutError, OSError, httpx.HTTPError, httpx.InvalidURL) as exc:
            probe.error = f"{type(exc).__name__}: {exc}"[:_ERROR_CHARS]
            reason = f"Cited URL could not be fetched ({_describe(exc)}): {url}"
            return self._evidence(-2, reason, probe, _drop(url, "it cannot be fetched"))
        return await self._judge(probe)

    async def _judge(self, probe: _Probe) -> Evidence:
        url, status = probe.url, probe.status_code
        if probe.too_many_redirects:
            reason = f"Cited URL redirects more than {plural(self.max_redirects, 'time')}: {url}"
            return self._evidence(-3, reason, probe, _drop(url, "it redirects too often"))
        if status is None or not 200 <= status < 300:
            reason = f"Cited URL answered HTTP {status}: {url}"
            return self._evidence(-3, reason, probe, _drop(url, f"it answers HTTP {status}"))
        reachable = f"Cited URL is reachable (HTTP {status}): {url}"
        if probe.quote is None:
            return self._evidence(1, reachable, probe)
        page = await asyncio.to_thread(
            page_text, probe.content_type, probe.content_encoding, probe.body
        )
        if page is None:
            what = probe.content_type or "its content"
            return self._evidence(1, f"{reachable}; the quote was not checked ({what})", probe)
        probe.quote_found = quote_on_page(probe.quote, page)
        if probe.quote_found:
            return self._evidence(2, f"Quoted text found on the cited page: {url}", probe)
        read = f" in the first {len(probe.body)} bytes read" if probe.truncated else ""
        reason = f"Quoted text not found on the cited page{read}: {url}"
        suggestion = f"Quote {url} exactly as the page words it, or drop the quotation."
        return self._evidence(-3, reason, probe, suggestion)

    async def _follow(self, client: httpx.AsyncClient, probe: _Probe) -> None:
        target = httpx.URL(probe.url)
        for _ in range(self.max_redirects + 1):
            probe.final_url = str(target)
            addresses = await self._vetted(target)
            location = await self._request(client, target, addresses, probe)
            if location is None:
                return
            target = target.join(location).copy_with(fragment=None)
            probe.redirects.append(str(target))
        probe.final_url = str(target)
        probe.too_many_redirects = True

    async def _vetted(self, target: httpx.URL) -> list[str]:
        """The addresses ``target`` may be fetched from; refuses if any is off limits,
        since the one we connect to must be one we vetted."""
        if target.scheme not in ("http", "https"):
            raise _Refused(f"only http and https URLs are fetched, not {target.scheme!r}")
        if target.userinfo:
            raise _Refused("URLs with credentials (user:password@) are not fetched")
        host = target.raw_host.decode("ascii")
        literal = True
        try:
            addresses = [ipaddress.ip_address(host)]
        except ValueError:
            literal = False
            port = target.port or (443 if target.scheme == "https" else 80)
            resolved = await self._resolve(host, port)
            addresses = list(dict.fromkeys(ipaddress.ip_address(a) for a in resolved))
        if not addresses:
            raise socket.gaierror(f"{host} resolved to no address")
        for ip in addresses:
            if not self.allow_private and not _is_public(ip):
                where = host if literal else f"{host} resolves to {ip}"
                why = "which is not a public address (allow_private=True permits it)"
                raise _Refused(f"{where}, {why}", str(ip))
        return [str(ip) for ip in addresses]

    async def _request(
        self, client: httpx.AsyncClient, target: httpx.URL, addresses: list[str], probe: _Probe
    ) -> str | None:
        """GETs ``target`` from the first vetted address that takes the connection,
        naming the host only in ``Host`` and SNI; returns a redirect's Location."""
        headers = {**_HEADERS, "Host": target.netloc.decode("ascii"), "User-Agent": self.user_agent}
        sni = {"sni_hostname": target.raw_host.decode("ascii")}
        extensions = sni if target.scheme == "https" else {}
        failure: httpx.ConnectError | None = None
        for address in addresses:
            pinned = target.copy_with(host=address, fragment=None)
            try:
                async with client.stream(
                    "GET", pinned, headers=headers, extensions=extensions
                ) as response:
                    probe.address = address
                    return await self._take(response, probe)
            except httpx.ConnectError as exc:
                failure = exc
        assert failure is not None
        raise failure

    async def _take(self, response: httpx.Response, probe: _Probe) -> str | None:
        probe.status_code = response.status_code
        location: str | None = response.headers.get("location")
        if response.status_code in _REDIRECTS and location:
            return location
        probe.content_type = response.headers.get("content-type")
        probe.content_encoding = response.headers.get("content-encoding", "identity")
        if probe.quote is not None and response.is_success:
            probe.body, probe.truncated = await _read_capped(response, self.max_bytes)
        return None

    def _evidence(
        self,
        points: int,
        reason: str,
        probe: _Probe | None = None,
        suggestion: str | None = None,
        *,
        status: EvidenceStatus = "ok",
        data: dict[str, Any] | None = None,
    ) -> Evidence:
        passed = points > 0
        return Evidence(
            evaluator=self.name,
            kind="web",
            status=status,
            passed=passed,
            score=(1.0 if passed else 0.0) if status == "ok" else None,
            points=points,
            reason=reason,
            source=probe.url if probe else "",
            suggestions=[suggestion] if suggestion else [],
            required=self.required,
            data=probe.data() if probe else data or {},
        )
