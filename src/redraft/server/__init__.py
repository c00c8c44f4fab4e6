"""The HTTP service: OpenAI-compatible redrafting, answer generation, runs.

``create_app(settings)`` builds the FastAPI application; ``redraft serve``
runs it with uvicorn. This package is a shell around the core: it imports
FastAPI and the store, the core never imports it.
"""

from __future__ import annotations

from redraft.server._app import create_app
from redraft.server._services import Services
from redraft.server._slow_clients import ClientLimits, limited_http_protocol
from redraft.server._wire import run_detail

__all__ = ["ClientLimits", "Services", "create_app", "limited_http_protocol", "run_detail"]
