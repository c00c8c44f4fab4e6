"""The application layer the CLI, the HTTP service and the middleware stand on.

- :func:`stream_run`, :func:`run`, :func:`run_sync`: the engine's loop with
  logging, tracing and hooks attached
- :class:`EvaluationSpec`: what a draft is checked and judged against, one
  definition for every way in; :func:`build_panel` turns it into evaluators
- :class:`Redrafter`: a generator, a spec and a policy bound once
- :class:`Profile`: a named run configuration (the service's "models")
- :class:`Settings`: ``REDRAFT_*`` environment settings
- the OpenAI wire format (:mod:`._openai_wire`) and server-sent events
  (:mod:`._sse`) shared by the service and the middleware
"""

from redraft.app._panel import (
    BUILD_LIMIT_S,
    NothingToEvaluateError,
    build_panel,
    build_panel_async,
    panel_or_none,
)
from redraft.app._profiles import (
    BUILTIN_PROFILE,
    NO_JUDGE,
    Profile,
    UnknownModelError,
    load_profiles,
    resolve_model,
)
from redraft.app._redrafter import Redrafter
from redraft.app._run import run, run_sync, stream_run
from redraft.app._settings import Settings, load_settings
from redraft.app._spec import EvaluationOptions, EvaluationSpec

__all__ = [
    "BUILD_LIMIT_S",
    "BUILTIN_PROFILE",
    "EvaluationOptions",
    "EvaluationSpec",
    "NO_JUDGE",
    "NothingToEvaluateError",
    "Profile",
    "Redrafter",
    "Settings",
    "UnknownModelError",
    "build_panel",
    "build_panel_async",
    "load_profiles",
    "load_settings",
    "panel_or_none",
    "resolve_model",
    "run",
    "run_sync",
    "stream_run",
]
