"""WebCheck: cited URLs fetched from a real loopback server, and the SSRF rules."""

from __future__ import annotations

import ipaddress
import shutil
import socket
import ssl
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from redraft import ConfigurationError, Evidence, RunRequest, Verdict
from redraft.evaluators import EvaluationContext, Subject, WebCheck
from redraft.evaluators._web_text import cited_urls, quote_for

SENTENCE = "The quick brown fox jumps over the lazy dog & the cat"
PAGE = (
    b"<!doctype html><html><head><title>Fixture</title>"
    b'<script>var decoy = "the secret decoy sentence lives here";</script>'
    b"<style>p { color: red }</style></head><body>"
    b"<p>The <b>quick brown fox</b> jumps over the\n   lazy dog &amp; the cat.</p>"
    b"</body></html>"
)
HUGE = 64 * 1024 * 1024
CHUNK = b"x" * 65536


@dataclass
class Site:
    """The loopback server's state, shared with its handler threads."""

    port: int = 0
    paths: list[str] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    huge_done: threading.Event = field(default_factory=threading.Event)
    huge_sent: list[int] = field(default_factory=list)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


class Handler(BaseHTTPRequestHandler):
    server: Any

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        site: Site = self.server.site
        site.paths.append(self.path)
        route = urlsplit(self.path).path
        try:
            if route == "/page":
                self._answer(200, PAGE, "text/html; charset=utf-8")
            elif route == "/pdf":
                self._answer(200, SENTENCE.encode(), "application/pdf")
            elif route == "/missing":
                self._answer(404, b"not here", "text/plain")
            elif route in ("/redirect", "/loop", "/to-file"):
                target = {
                    "/redirect": "/page#top",
                    "/loop": "/loop",
                    "/to-file": "file:///etc/passwd",
                }
                self._answer(302, b"", "text/plain", location=target[route])
            elif route == "/slow":
                site.release.wait(30)
                self._answer(200, PAGE, "text/html")
            elif route == "/huge":
                self._huge(site)
            else:
                self._answer(500, b"unknown route", "text/plain")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _answer(self, status: int, body: bytes, ctype: str, location: str | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        if location:
            self.send_header("Location", location)
        self.end_headers()
        self.wfile.write(body)

    def _huge(self, site: Site) -> None:
        sent = 0
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(HUGE))
            self.end_headers()
            while sent < HUGE:
                self.wfile.write(CHUNK)
                sent += len(CHUNK)
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            site.huge_sent.append(sent)
            site.huge_done.set()


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # The evaluator hangs up mid-download on purpose (size and time caps):
        # a socket error in a handler thread is the client leaving, not a fault.
        if isinstance(sys.exc_info()[1], OSError):
            return
        super().handle_error(request, client_address)


@contextmanager
def serving(tls: ssl.SSLContext | None = None) -> Iterator[Site]:
    server = QuietServer(("127.0.0.1", 0), Handler)
    if tls is not None:
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    state = Site(port=server.server_address[1])
    server.site = state  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    try:
        yield state
    finally:
        state.release.set()
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture
def site() -> Iterator[Site]:
    with serving() as state:
        yield state


async def verdict_of(text: str, check: WebCheck | None = None, **options: Any) -> Verdict:
    check = check or WebCheck(**options)
    return await check.evaluate(
        Subject(request=RunRequest.from_prompt("q"), text=text),
        EvaluationContext(threshold=0.5, gateway=object()),  # type: ignore[arg-type]
    )


async def only(text: str, **options: Any) -> Evidence:
    """The single finding for ``text``, checked against the shape every finding has."""
    verdict = await verdict_of(text, **options)
    assert len(verdict.evidence) == 1
    evidence = verdict.evidence[0]
    assert evidence.kind == "web"
    assert evidence.evaluator == options.get("name", "web")
    assert evidence.points is not None
    assert evidence.passed is (evidence.points > 0)
    if evidence.status == "ok":
        assert evidence.score == (1.0 if evidence.passed else 0.0)
    if evidence.source:
        assert evidence.source == evidence.data["url"]
    return evidence


def refuse_all() -> Any:
    async def resolver(host: str, port: int) -> list[str]:
        raise AssertionError(f"{host} must not be resolved")

    return resolver


def resolving_to(*addresses: str) -> Any:
    async def resolver(host: str, port: int) -> list[str]:
        return list(addresses)

    return resolver


# -- outcomes against the loopback server ------------------------------------------


async def test_quote_on_the_page_scores_two(site: Site) -> None:
    text = (
        f"As {site.url('/page')} puts it, “the quick brown fox jumps over the lazy dog & the cat.”"
    )
    evidence = await only(text, allow_private=True)
    assert evidence.status == "ok" and evidence.points == 2
    assert evidence.data["quote"] == "the quick brown fox jumps over the lazy dog & the cat."
    assert evidence.data["quote_found"] is True
    assert evidence.data["status_code"] == 200
    assert evidence.data["address"] == "127.0.0.1"
    assert evidence.data["bytes"] == len(PAGE) and evidence.data["truncated"] is False
    assert "Quoted text found" in evidence.reason


async def test_quote_missing_from_the_page_scores_minus_three(site: Site) -> None:
    text = f'The page {site.url("/page")} says "the slow red fox naps all day long".'
    evidence = await only(text, allow_private=True)
    assert evidence.status == "ok" and evidence.points == -3 and not evidence.passed
    assert evidence.data["quote_found"] is False
    assert "not found" in evidence.reason
    assert evidence.suggestions and site.url("/page") in evidence.suggestions[0]


async def test_text_inside_a_script_is_not_on_the_page(site: Site) -> None:
    text = f'{site.url("/page")} says "the secret decoy sentence lives here".'
    evidence = await only(text, allow_private=True)
    assert evidence.points == -3 and evidence.data["quote_found"] is False


async def test_reachable_page_without_a_quote_scores_one(site: Site) -> None:
    evidence = await only(f"Source: {site.url('/page')}.", allow_private=True)
    assert evidence.status == "ok" and evidence.points == 1 and evidence.passed
    assert evidence.reason == f"Cited URL is reachable (HTTP 200): {site.url('/page')}"
    assert evidence.data["quote"] is None and evidence.data["quote_found"] is None
    assert evidence.data["bytes"] == 0  # nothing to look for, so the body is not read


async def test_verify_quotes_false_ignores_the_quote(site: Site) -> None:
    text = f'{site.url("/page")} says "the slow red fox naps all day long".'
    evidence = await only(text, allow_private=True, verify_quotes=False)
    assert evidence.points == 1 and evidence.data["quote"] is None


async def test_content_that_is_not_text_is_reachable_but_not_searched(site: Site) -> None:
    text = f'{site.url("/pdf")} says "{SENTENCE}".'
    evidence = await only(text, allow_private=True)
    assert evidence.points == 1 and evidence.data["quote_found"] is None
    assert "not checked (application/pdf)" in evidence.reason


async def test_http_404_scores_minus_three(site: Site) -> None:
    evidence = await only(f"See {site.url('/missing')}", allow_private=True, name="citations")
    assert evidence.status == "ok" and evidence.points == -3 and not evidence.passed
    assert evidence.data["status_code"] == 404
    assert "HTTP 404" in evidence.reason
    assert evidence.evaluator == "citations"


async def test_redirect_is_followed_to_the_final_url(site: Site) -> None:
    text = f'{site.url("/redirect")} says "{SENTENCE}".'
    evidence = await only(text, allow_private=True)
    assert evidence.points == 2
    assert evidence.data["final_url"] == site.url("/page")
    assert evidence.data["redirects"] == [site.url("/page")]
    assert site.paths == ["/redirect", "/page"]


async def test_too_many_redirects_scores_minus_three(site: Site) -> None:
    evidence = await only(site.url("/loop"), allow_private=True, max_redirects=2)
    assert evidence.points == -3 and "more than 2 times" in evidence.reason
    assert site.paths == ["/loop"] * 3


async def test_redirect_to_another_scheme_is_refused(site: Site) -> None:
    evidence = await only(site.url("/to-file"), allow_private=True)
    assert evidence.status == "skipped" and evidence.points == 0 and not evidence.passed
    assert "only http and https" in evidence.reason
    assert evidence.data["final_url"].startswith("file:")
    assert site.paths == ["/to-file"]


async def test_unreachable_port_scores_minus_two() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/page"
    evidence = await only(f"See {url}.", allow_private=True)
    assert evidence.status == "ok" and evidence.points == -2 and not evidence.passed
    assert evidence.reason == f"Cited URL could not be fetched (connection failed): {url}"
    assert evidence.data["error"].startswith("ConnectError")
    assert "Traceback" not in evidence.reason


async def test_tls_failure_scores_minus_two(site: Site) -> None:
    url = f"https://127.0.0.1:{site.port}/page"  # the server speaks plain HTTP
    evidence = await only(url, allow_private=True)
    assert evidence.points == -2 and "(TLS error)" in evidence.reason


@pytest.mark.parametrize("answer", [socket.gaierror("Name or service not known"), []])
async def test_a_host_that_does_not_resolve_scores_minus_two(answer: Any) -> None:
    async def resolver(host: str, port: int) -> list[str]:
        if isinstance(answer, Exception):
            raise answer
        return list(answer)

    evidence = await only("https://nowhere.example/x", resolver=resolver)
    assert evidence.status == "ok" and evidence.points == -2
    assert "(DNS lookup failed)" in evidence.reason


async def test_timeout_scores_minus_two(site: Site) -> None:
    evidence = await only(site.url("/slow"), allow_private=True, timeout_s=0.3)
    assert evidence.status == "ok" and evidence.points == -2
    assert "(timed out)" in evidence.reason
    assert site.paths == ["/slow"]


async def test_huge_body_is_truncated_and_the_read_stops(site: Site) -> None:
    text = f'{site.url("/huge")} says "a phrase that is not in the body".'
    evidence = await only(text, allow_private=True, max_bytes=100_000)
    assert evidence.points == -3
    assert evidence.data["truncated"] is True and evidence.data["bytes"] == 100_000
    assert "in the first 100000 bytes read" in evidence.reason
    assert site.huge_done.wait(10)
    assert site.huge_sent[0] < HUGE  # the server's writes failed once the client hung up


# -- the SSRF rules ------------------------------------------------------------------


async def test_loopback_is_refused_by_default_and_nothing_is_requested(site: Site) -> None:
    evidence = await only(f'{site.url("/page")} says "{SENTENCE}".')
    assert evidence.status == "skipped" and evidence.points == 0 and not evidence.passed
    assert evidence.score is None
    assert "127.0.0.1" in evidence.reason and "allow_private=True" in evidence.reason
    assert evidence.data["address"] == "127.0.0.1"
    assert site.paths == []


async def test_localhost_through_the_system_resolver_is_refused(site: Site) -> None:
    evidence = await only(f"http://localhost:{site.port}/page")
    assert evidence.status == "skipped" and evidence.points == 0
    assert evidence.data["address"] in ("127.0.0.1", "::1")
    assert site.paths == []
    # The same URL is fetched once private addresses are allowed (trying each
    # resolved address in turn when localhost also resolves to ::1).
    evidence = await only(f"http://localhost:{site.port}/page", allow_private=True)
    assert evidence.points == 1 and evidence.data["address"] == "127.0.0.1"
    assert site.paths == ["/page"]


@pytest.mark.parametrize(
    "addresses",
    [("10.0.0.5",), ("93.184.216.34", "10.0.0.5"), ("169.254.169.254",), ("100.64.0.1",)],
)
async def test_a_hostname_resolving_to_a_private_address_is_refused(
    addresses: tuple[str, ...],
) -> None:
    transport = httpx.MockTransport(lambda request: pytest.fail("nothing may be requested"))
    check = WebCheck(resolver=resolving_to(*addresses), transport=transport)
    evidence = await only_with(check, "Read https://intranet.example/wiki now.")
    assert evidence.status == "skipped" and evidence.points == 0
    assert evidence.data["address"] == addresses[-1]
    assert f"intranet.example resolves to {addresses[-1]}" in evidence.reason
    assert "allow_private=True permits it" in evidence.reason


@pytest.mark.parametrize(
    "host", ["[::ffff:127.0.0.1]", "[::1]", "[2002:7f00:1::]", "[64:ff9b::a00:5]", "[ff02::1]"]
)
async def test_ipv6_forms_of_non_public_addresses_are_refused(site: Site, host: str) -> None:
    evidence = await only(f"http://{host}:{site.port}/page", resolver=refuse_all())
    assert evidence.status == "skipped" and evidence.points == 0
    assert ipaddress.ip_address(evidence.data["address"]) == ipaddress.ip_address(host[1:-1])
    assert site.paths == []


async def test_credentials_in_the_url_are_refused(site: Site) -> None:
    url = f"http://user:secret@127.0.0.1:{site.port}/page"
    evidence = await only(url, allow_private=True)
    assert evidence.status == "skipped" and "credentials" in evidence.reason
    assert site.paths == []


class PublicInternet(httpx.AsyncBaseTransport):
    """Answers for 93.184.216.34 with a redirect; passes anything else to the real network."""

    def __init__(self, location: str) -> None:
        self.location = location
        self.real = httpx.AsyncHTTPTransport()
        self.requests: list[httpx.Request] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if request.url.host == "93.184.216.34":
            return httpx.Response(302, headers={"Location": self.location})
        return await self.real.handle_async_request(request)

    async def aclose(self) -> None:
        await self.real.aclose()


async def only_with(check: WebCheck, text: str) -> Evidence:
    verdict = await verdict_of(text, check)
    assert len(verdict.evidence) == 1
    return verdict.evidence[0]


async def test_a_public_site_redirecting_to_loopback_is_refused_at_the_second_hop(
    site: Site,
) -> None:
    internet = PublicInternet(site.url("/page"))
    check = WebCheck(resolver=resolving_to("93.184.216.34"), transport=internet)
    evidence = await only_with(check, "See http://public.example/start for details.")
    assert evidence.status == "skipped" and evidence.points == 0
    assert "127.0.0.1" in evidence.reason and "allow_private=True" in evidence.reason
    assert evidence.data["status_code"] == 302
    assert evidence.data["final_url"] == site.url("/page")
    assert [str(r.url) for r in internet.requests] == ["http://93.184.216.34/start"]
    assert site.paths == []
    # Control: with private addresses allowed, the same redirect does reach the server.
    check = WebCheck(resolver=resolving_to("93.184.216.34"), transport=internet, allow_private=True)
    evidence = await only_with(check, "See http://public.example/start for details.")
    assert evidence.points == 1 and site.paths == ["/page"]
    await internet.aclose()


async def test_the_vetted_address_is_connected_to_with_the_real_name_in_host_and_sni() -> None:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, content=PAGE, headers={"Content-Type": "text/html"})

    calls: list[tuple[str, int]] = []

    async def resolver(host: str, port: int) -> list[str]:
        calls.append((host, port))
        return ["93.184.216.34"]

    check = WebCheck(resolver=resolver, transport=httpx.MockTransport(answer))
    text = f'https://secure.example:8443/doc?x=1#frag says "{SENTENCE}".'
    evidence = await only_with(check, text)
    assert evidence.points == 2 and evidence.data["address"] == "93.184.216.34"
    assert calls == [("secure.example", 8443)]
    (request,) = seen
    assert str(request.url) == "https://93.184.216.34:8443/doc?x=1"
    assert request.headers["Host"] == "secure.example:8443"
    assert request.extensions["sni_hostname"] == "secure.example"
    assert request.headers["Accept-Encoding"] == "identity"
    assert "redraft" in request.headers["User-Agent"]


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    """A self-signed certificate for ``secure.example`` and its key."""
    if shutil.which("openssl") is None:
        pytest.skip("needs the openssl command")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    command = [
        *("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"),
        *("-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1"),
        *("-subj", "/CN=secure.example", "-addext", "subjectAltName=DNS:secure.example"),
    ]
    subprocess.run(command, check=True, capture_output=True)
    return cert, key


async def test_tls_is_verified_against_the_cited_name_while_connecting_to_the_ip(
    certificate: tuple[Path, Path],
) -> None:
    cert, key = certificate
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(cert, key)
    names: list[str | None] = []
    server_tls.sni_callback = lambda _sock, name, _ctx: names.append(name)
    client_tls = ssl.create_default_context(cafile=str(cert))
    with serving(server_tls) as secure:
        transport = httpx.AsyncHTTPTransport(verify=client_tls, retries=0)
        check = WebCheck(
            resolver=resolving_to("127.0.0.1"), allow_private=True, transport=transport
        )
        good = await only_with(check, f'https://secure.example:{secure.port}/page "{SENTENCE}"')
        assert good.points == 2 and good.data["address"] == "127.0.0.1"
        assert names == ["secure.example"] and secure.paths == ["/page"]
        # The same IP and certificate under another name: verification must fail.
        bad = await only_with(check, f"https://other.example:{secure.port}/page")
        assert bad.points == -2 and "(TLS error)" in bad.reason
        assert names[-1] == "other.example" and secure.paths == ["/page"]
        await transport.aclose()


# -- what is cited, and how the findings add up --------------------------------------


async def test_no_urls_is_one_skipped_finding() -> None:
    evidence = await only("No links here, only www.example.com without a scheme.")
    assert evidence.status == "skipped" and evidence.points == 0
    assert evidence.reason == "the text cites no URLs"


async def test_urls_beyond_max_urls_are_reported_unchecked(site: Site) -> None:
    urls = [site.url(f"/page?n={n}") for n in range(1, 5)]
    text = " ".join([*urls, urls[0]])
    verdict = await verdict_of(text, allow_private=True, max_urls=2)
    assert [e.points for e in verdict.evidence] == [1, 1, 0]
    extra = verdict.evidence[-1]
    assert extra.status == "skipped" and "2 more cited URLs not checked" in extra.reason
    assert extra.data["unchecked"] == urls[2:]
    assert sorted(site.paths) == ["/page?n=1", "/page?n=2"]
    assert verdict.passed


async def test_one_dead_citation_fails_the_verdict(site: Site) -> None:
    text = f"Good: {site.url('/page')}. Bad: {site.url('/missing')}."
    verdict = await verdict_of(text, allow_private=True)
    assert [e.points for e in verdict.evidence] == [1, -3]
    assert not verdict.passed and verdict.score == 0.5
    assert "HTTP 404" in verdict.reason


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See https://a.example/x.", ["https://a.example/x"]),
        ("(https://en.wikipedia.org/wiki/Foo_(bar))", ["https://en.wikipedia.org/wiki/Foo_(bar)"]),
        ("[docs](https://b.example/d), then", ["https://b.example/d"]),
        ("“https://c.example/q?a=1&b=2”!", ["https://c.example/q?a=1&b=2"]),
        ("'http://d.example/';", ["http://d.example/"]),
        ("at http://[::1]:8080/x]", ["http://[::1]:8080/x"]),
        ("HTTPS://E.example/A and https://E.example/A again", ["HTTPS://E.example/A"]),
        (
            "a https://f.example/1, b https://f.example/2",
            ["https://f.example/1", "https://f.example/2"],
        ),
        ("ftp://g.example/ and mailto:x@y.example", []),
    ],
)
def test_cited_urls_are_trimmed_and_deduplicated(text: str, expected: list[str]) -> None:
    assert [url for url, _, _ in cited_urls(text)] == expected


def quote_near(text: str) -> str | None:
    ((_url, start, end),) = cited_urls(text)
    return quote_for(text, start, end)


def test_the_quote_nearest_the_url_in_its_paragraph_is_used() -> None:
    text = (
        '"A quote in the paragraph before the link."\n\n'
        '"Far away quote with several words" and more words, then "the nearest one is '
        'here" https://a.example/ and "after it but further away" end.\n\n'
        '"The paragraph after the link also has one."'
    )
    assert quote_near(text) == "the nearest one is here"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('"too short" https://a.example/', None),
        ('"twowords only-here" https://a.example/', None),
        ('"see https://a.example/ for this"', None),
        ("“Curly quotes count as well” https://a.example/", "Curly quotes count as well"),
        ('"Other paragraph entirely here."\n  \nhttps://a.example/', None),
    ],
)
def test_quote_detection_rules(text: str, expected: str | None) -> None:
    assert quote_near(text) == expected


# -- configuration -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"allow_private": "yes"}, "allow_private"),
        ({"timeout_s": 0}, "timeout_s"),
        ({"timeout_s": float("inf")}, "timeout_s"),
        ({"timeout_s": True}, "timeout_s"),
        ({"max_bytes": 0}, "max_bytes"),
        ({"max_urls": 1.5}, "max_urls"),
        ({"max_redirects": -1}, "max_redirects"),
        ({"verify_quotes": None}, "verify_quotes"),
        ({"user_agent": "two\nlines"}, "user_agent"),
        ({"user_agent": ""}, "user_agent"),
        ({"resolver": "8.8.8.8"}, "resolver"),
        ({"transport": object()}, "transport"),
        ({"name": ""}, "name"),
    ],
)
def test_bad_options_raise_configuration_error_naming_them(
    options: dict[str, Any], named: str
) -> None:
    with pytest.raises(ConfigurationError, match=named):
        WebCheck(**options)


def test_defaults() -> None:
    check = WebCheck()
    assert (check.name, check.kind, check.uses_llm) == ("web", "web", False)
    assert check.allow_private is False and check.max_redirects == 5
