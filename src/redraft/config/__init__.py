"""Configuration, declared once: the loop's settings are
:class:`~redraft.Policy` (in ``core``); what a draft is evaluated against is
:class:`EvaluationSpec`; a :class:`Profile` composes the two under a name (the
service's "models"); :class:`Settings` reads the ``REDRAFT_*`` environment.

Models and their validation only: turning a spec into evaluators and running
the loop is ``app``'s.
"""

from redraft.config._profiles import (
    BUILTIN_PROFILE,
    Profile,
    UnknownModelError,
    load_profiles,
    resolve_model,
)
from redraft.config._settings import Settings, load_settings
from redraft.config._spec import NO_JUDGE, EvaluationOptions, EvaluationSpec, SpecOptions

__all__ = [
    "BUILTIN_PROFILE",
    "NO_JUDGE",
    "EvaluationOptions",
    "EvaluationSpec",
    "Profile",
    "Settings",
    "SpecOptions",
    "UnknownModelError",
    "load_profiles",
    "load_settings",
    "resolve_model",
]
