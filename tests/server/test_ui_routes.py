"""The web UI's routes over plain HTTP: the shell, its assets and what is refused."""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from _live_server import serve_in_thread
from redraft.app import Settings
from redraft.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/ui.db", api_keys="acme:k"))
    with TestClient(app) as opened:
        yield opened


def _shipped() -> set[str]:
    return {entry.name for entry in files("redraft.server").joinpath("web").iterdir()}


def test_every_ui_file_ships_as_package_data() -> None:
    # Hatchling packages every file under src/redraft; the UI must be among them.
    names = _shipped()
    for expected in ("index.html", "app.css", "app.js", "api.js", "chat.js", "lab.js"):
        assert expected in names
    assert {"sessions.js", "runs.js", "chart.js"} <= names


def test_shell_is_served_at_the_root_without_a_key(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.headers["cache-control"] == "no-cache"
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    html = response.text
    assert '<script type="module" src="/ui/app.js">' in html
    assert 'href="/ui/app.css"' in html
    # Offline means no other origin: nothing is loaded from a CDN or font service.
    assert not re.search(r"(src|href)=\"https?://", html)


@pytest.mark.parametrize(
    ("name", "content_type"),
    [
        ("app.js", "text/javascript; charset=utf-8"),
        ("app.css", "text/css; charset=utf-8"),
        ("index.html", "text/html; charset=utf-8"),
    ],
)
def test_assets_have_their_content_types(client: TestClient, name: str, content_type: str) -> None:
    response = client.get(f"/ui/{name}")
    assert response.status_code == 200
    assert response.headers["content-type"] == content_type
    assert response.headers["cache-control"] == "no-cache"
    assert response.content == files("redraft.server").joinpath("web", name).read_bytes()


def test_assets_revalidate_with_their_etag(client: TestClient) -> None:
    first = client.get("/ui/app.js")
    etag = first.headers["etag"]
    again = client.get("/ui/app.js", headers={"if-none-match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert client.get("/ui/app.css", headers={"if-none-match": etag}).status_code == 200


def test_every_module_the_page_imports_is_served(client: TestClient) -> None:
    # A missing or misnamed module would leave a blank page in the browser.
    for name in sorted(n for n in _shipped() if n.endswith(".js")):
        source = client.get(f"/ui/{name}").text
        for imported in re.findall(r'from "\./([^"]+)"', source):
            assert client.get(f"/ui/{imported}").status_code == 200, (name, imported)


@pytest.mark.parametrize(
    "path",
    [
        "/ui/nope.js",
        "/ui/",
        "/ui/App.js",
        "/ui/../_ui.py",
        "/ui/..%2f_ui.py",
        "/ui/%2e%2e/_ui.py",
        "/ui/web/app.js",
        "/ui/_ui.py",
        "/ui/app.js/",
        "/ui/.%2e/.%2e/_settings.py",
        "/ui/%2fetc%2fpasswd",
    ],
)
def test_unknown_assets_and_traversal_are_404(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert b"import" not in response.content
    assert b"root:" not in response.content


def test_traversal_over_raw_http_never_leaves_the_web_folder(tmp_path: Path) -> None:
    # httpx would normalise "..": send the path exactly as written.
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/raw.db"))
    with serve_in_thread(app) as base_url, httpx.Client(base_url=base_url) as http:
        for raw in ("/ui/../_ui.py", "/ui/../../_settings.py", "/ui/..\\_ui.py"):
            request = http.build_request("GET", base_url + "/")
            request.url = request.url.copy_with(raw_path=raw.encode())
            response = http.send(request)
            assert response.status_code == 404, raw
            assert b"APIRouter" not in response.content


def test_ui_routes_are_not_in_the_openapi_schema(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "/" not in paths
    assert not any(p.startswith("/ui") for p in paths)


def test_the_api_still_needs_a_key_when_the_ui_does_not(client: TestClient) -> None:
    assert client.get("/").status_code == 200
    assert client.get("/v1/runs").status_code == 401
    assert client.get("/v1/runs", headers={"authorization": "Bearer k"}).status_code == 200
