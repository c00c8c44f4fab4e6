"""Per-call options: ``redraft=`` and ``extra_body={"redraft": ...}``.

:func:`split_options` takes redraft's own options out of an SDK call's
keyword arguments, so what reaches the real client is exactly what it
understands, and validates them into :class:`CallOptions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from redraft.config._spec import EvaluationOptions
from redraft.core._errors import ConfigurationError

__all__ = ["CallOptions", "split_options"]


CallOptions = EvaluationOptions
"""Per-call options (``redraft={...}`` or ``extra_body={"redraft": {...}}``):
the options the HTTP service takes too, so one ``extra_body`` works against
both. Every option left out keeps the wrapper's setting; a list given, even an
empty one, replaces the wrapper's list."""


def split_options(
    kwargs: Mapping[str, Any], *, validate: bool = True
) -> tuple[dict[str, Any], CallOptions | None]:
    """Take redraft's options out of an SDK call's keyword arguments.

    Returns the arguments the real client understands (``redraft`` removed,
    and ``redraft`` removed from ``extra_body``) and the options: None when
    the call opted out (``redraft=False``) or ``validate`` is false (a
    disabled wrapper ignores them), else the validated options (empty when
    none were given). ``redraft=`` wins over ``extra_body``.
    """
    clean = dict(kwargs)
    given: list[object] = []
    extra = clean.get("extra_body")
    if isinstance(extra, Mapping) and "redraft" in extra:
        rest = {key: value for key, value in extra.items() if key != "redraft"}
        given.append(extra["redraft"])
        if rest:
            clean["extra_body"] = rest
        else:
            del clean["extra_body"]
    if "redraft" in clean:
        given.append(clean.pop("redraft"))
    if not validate:
        return clean, None
    merged: dict[str, Any] = {}
    for value in given:
        if value is False:
            return clean, None
        if value is None or value is True:
            continue
        if not isinstance(value, Mapping):
            raise ConfigurationError(
                "redraft must be False (this call unevaluated), True, or a dict of options; "
                f"got {type(value).__name__}"
            )
        merged.update(value)
    options: CallOptions = CallOptions.parse(merged)
    return clean, options
