"""The application layer the CLI, the HTTP service and the middleware stand on.

- :func:`stream_run`, :func:`run`, :func:`run_sync`: the engine's loop with
  logging, tracing and hooks attached
- :class:`EvaluationSpec`: what a draft is checked and judged against, one
  definition for every way in; :func:`build_panel` turns it into evaluators
- :class:`Redrafter`: a generator, a spec and a policy bound once
- :class:`Profile`, :class:`Settings` and :class:`EvaluationSpec` are
  :mod:`redraft.config`'s, re-exported here; the OpenAI wire format and
  server-sent events are :mod:`redraft.wire`'s
"""

from redraft.app._panel import (
    BUILD_LIMIT_S,
    NothingToEvaluateError,
    build_panel,
    build_panel_async,
    panel_or_none,
)
from redraft.app._redrafter import Redrafter
from redraft.app._run import run, run_sync, stream_run
from redraft.config._profiles import (
    BUILTIN_PROFILE,
    NO_JUDGE,
    Profile,
    UnknownModelError,
    load_profiles,
    resolve_model,
)
from redraft.config._settings import Settings, load_settings
from redraft.config._spec import EvaluationOptions, EvaluationSpec

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
