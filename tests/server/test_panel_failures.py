"""Building a request's evaluators can fail for want of time or of a worker
process: the chat route answers 503 in OpenAI's shape, never a 500."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from redraft import IsolatedWorkError, WorkTimeoutError
from redraft.app import Settings
from redraft.server import _chat, create_app


@pytest.mark.parametrize(
    "failure",
    [
        IsolatedWorkError("compiling the stated requirements failed: its worker process died"),
        WorkTimeoutError("building the evaluators took too long", limit_s=10),
    ],
)
def test_a_panel_that_cannot_be_built_is_a_503(
    monkeypatch: pytest.MonkeyPatch, database_url: str, failure: Exception
) -> None:
    async def fail(*_: Any, **__: Any) -> None:
        raise failure

    monkeypatch.setattr(_chat, "panel_or_none", fail)
    app = create_app(Settings(database_url=database_url, model="scripted", judge_model="none"))
    with TestClient(app, base_url="http://localhost") as client:
        answer = client.post(
            "/v1/chat/completions",
            json={"model": "scripted", "messages": [{"role": "user", "content": "Hi?"}]},
        )
    assert answer.status_code == 503, answer.text
    error = answer.json()["error"]
    assert error["message"] == str(failure)
    assert error["type"] == "server_error"
