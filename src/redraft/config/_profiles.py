"""Profiles: named configurations the HTTP service offers as "models".

A profile fixes the generator, the judge, the checks and the policy, so an
app that can only send ``model="fast"`` still gets a fully configured run.
Profiles load from a TOML file of ``[profiles.<name>]`` tables::

    [profiles.fast]
    description = "GPT-4o mini drafts, judged against the criteria"
    model = "openai:gpt-4o-mini"
    judge_model = "openai:gpt-4o-mini"
    criteria = "Correct, complete, and under 100 words."
    threshold = 0.7
    max_attempts = 2

A built-in ``local`` profile (the embedded model) is always present unless
the file defines its own ``local``.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, Field, ValidationError, field_validator, model_validator

from redraft.config._spec import NO_JUDGE, EvaluationSpec, checked_model_spec
from redraft.core._errors import ConfigurationError
from redraft.core._text import noun
from redraft.core._types import Policy, TokenPrices
from redraft.providers import parse_model_spec
from redraft.providers._mcp import McpServer

__all__ = [
    "BUILTIN_PROFILE",
    "NO_JUDGE",
    "Profile",
    "StreamMode",
    "UnknownModelError",
    "check_request_spec",
    "load_profiles",
    "resolve_model",
]

BUILTIN_PROFILE = "local"

StreamMode = Literal["final", "live"]

# Specs whose model part is a file path on the server: a request must not be
# able to make the service open arbitrary files, so only profiles (written by
# the operator) may use them.
_FILE_SPEC_FAMILIES = ("local", "scripted")


class UnknownModelError(ConfigurationError):
    """A requested model is neither a profile nor a usable model spec."""

    def __init__(self, message: str, *, model: str) -> None:
        super().__init__(message)
        self.model = model


class Profile(EvaluationSpec, Policy):
    """A named run configuration: generator, judge, checks and policy, in
    one flat table. The checks and the judge's settings are an
    :class:`EvaluationSpec`'s fields, the loop's settings :class:`redraft.Policy`'s,
    with their defaults and ranges.

    ``judge_model`` is a model spec or ``"none"`` (checks only); left out, the
    generator judges its own drafts.
    """

    model_config = ConfigDict(
        extra="forbid", frozen=True, allow_inf_nan=False, populate_by_name=True
    )

    name: str = Field(min_length=1, max_length=256, pattern=r"^\S+$")
    description: str = ""
    model: str
    judge_model: str
    format: str | None = None
    stream_mode: StreamMode = "final"
    escalate_to: str | None = None
    """A stronger generator (model spec) for attempts after ``escalate_after``."""
    prices: TokenPrices | None = None
    """What ``model`` costs, where the price table does not know it (a
    self-hosted model) or you pay another rate; wherever the run uses that
    model (generator, and judge when it judges its own drafts)."""
    mcp_servers: list[McpServer] = Field(default_factory=list)
    """MCP servers whose tools the drafts may call, run by the service (a
    request may pick among them by name, never add one)."""

    def policy(self) -> Policy:
        """The loop's settings this profile sets (the ones it leaves out unset)."""
        return Policy.model_validate(
            self.model_dump(include=set(Policy.model_fields), exclude_unset=True)
        )

    @field_validator("mcp_servers")
    @classmethod
    def _server_names_are_unique(cls, value: list[McpServer]) -> list[McpServer]:
        names = [server.name for server in value]
        duplicated = sorted({name for name in names if names.count(name) > 1})
        if duplicated:
            raise ValueError(f"MCP server names must be unique: {', '.join(duplicated)}")
        return value

    @model_validator(mode="before")
    @classmethod
    def _judge_defaults_to_the_generator(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("judge_model") is None and "model" in data:
            return {**data, "judge_model": data["model"]}
        return data

    @field_validator("model", "escalate_to")
    @classmethod
    def _model_is_a_spec(cls, value: str | None) -> str | None:
        return None if value is None else checked_model_spec(value, allow_none=False)

    @property
    def has_judge(self) -> bool:
        return self.judge_model != NO_JUDGE


def builtin_profile(default_judge_model: str | None = None) -> Profile:
    """The ``local`` profile: the embedded model drafting (and, unless a
    default judge is configured, judging)."""
    return Profile.model_validate(
        {
            "name": BUILTIN_PROFILE,
            "description": "The embedded SmolLM2-135M model; no key or network needed.",
            "model": "local",
            "judge_model": default_judge_model,
        }
    )


def load_profiles(
    path: Path | None, *, default_model: str, default_judge_model: str | None
) -> dict[str, Profile]:
    """Read ``[profiles.<name>]`` tables from the TOML file at ``path``.

    A profile that names no ``model`` uses ``default_model``; one that names
    no ``judge_model`` uses ``default_judge_model``, else its own generator.
    The built-in ``local`` profile is included unless the file overrides it.
    Raises :class:`ConfigurationError` naming the file, the key and (where it
    can be found) the line.
    """
    profiles = {BUILTIN_PROFILE: builtin_profile(default_judge_model)}
    if path is None:
        return profiles
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigurationError(f"profiles file not found: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigurationError(f"cannot read profiles file {path}: {exc}") from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib's message carries "(at line N, column M)".
        raise ConfigurationError(f"profiles file {path} is not valid TOML: {exc}") from None
    unknown = [key for key in document if key != "profiles"]
    if unknown:
        raise ConfigurationError(
            f"profiles file {path}: unknown top-level {noun(len(unknown), 'key')} "
            f"{', '.join(map(repr, unknown))}; "
            "define profiles as [profiles.<name>] tables"
        )
    tables = document.get("profiles", {})
    if not isinstance(tables, dict):
        raise ConfigurationError(f"profiles file {path}: 'profiles' must be a table")
    for name, table in tables.items():
        where = f"profiles file {path}, [profiles.{name}]"
        if not isinstance(table, dict):
            raise ConfigurationError(f"{where}: must be a table of settings")
        if "name" in table and table["name"] != name:
            raise ConfigurationError(
                f"{where}: 'name' is {table['name']!r} but a profile is named by its table"
            )
        data = {
            "model": default_model,
            "judge_model": default_judge_model,
            **table,
            "name": name,
        }
        try:
            profiles[name] = Profile.model_validate(data)
        except ValidationError as exc:
            raise ConfigurationError(f"{where}: {_problems(exc, text, name)}") from None
    return profiles


def _problems(exc: ValidationError, text: str, profile: str) -> str:
    """Each of ``exc``'s problems with the key, and the line where it can be found."""
    problems = []
    for error in exc.errors():
        key = ".".join(str(part) for part in error["loc"]) or "profile"
        line = _line_of(text, profile, str(error["loc"][0]) if error["loc"] else "")
        at = f" (line {line})" if line else ""
        message = "unknown setting" if error["type"] == "extra_forbidden" else error["msg"]
        problems.append(f"{key}{at}: {message}")
    return "; ".join(problems)


def _line_of(text: str, profile: str, key: str) -> int | None:
    """Best-effort line of ``key`` inside ``[profiles.<profile>]`` (tomllib
    reports positions only for syntax errors, not for bad values)."""
    if not key:
        return None
    header = re.compile(r"^\s*\[\s*profiles\s*\.\s*(\"?)" + re.escape(profile) + r"\1\s*\]")
    assignment = re.compile(r"^\s*(\"?)" + re.escape(key) + r"\1\s*=")
    inside = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("["):
            inside = bool(header.match(line))
            continue
        if inside and assignment.match(line):
            return number
    return None


def check_request_spec(spec: str) -> str:
    """Refuse, with :class:`ConfigurationError`, a model spec from a request
    that would make the server open a file (``local:<path>``, ``scripted:<file>``).

    Bare ``local`` and ``scripted`` stay allowed; file-backed models belong in
    a profile, which the operator writes.
    """
    family, model = parse_model_spec(spec)
    if family in _FILE_SPEC_FAMILIES and model:
        raise ConfigurationError(
            f"model spec {spec!r} names a file on the server; requests may not do that — "
            "define a profile for it instead"
        )
    return spec


def resolve_model(
    name: str,
    profiles: dict[str, Profile],
    *,
    default_judge_model: str | None = None,
    allow_file_specs: bool = False,
) -> Profile:
    """The profile a request's ``model`` names.

    A profile name returns that profile; otherwise a model spec
    (``openai:gpt-4o-mini``) becomes an ad-hoc profile with default settings,
    judged by ``default_judge_model`` or by itself. Anything else raises
    :class:`UnknownModelError` naming the model and the choices.
    """
    key = name.strip()
    if key in profiles:
        return profiles[key]
    try:
        parse_model_spec(key)
        if not allow_file_specs:
            check_request_spec(key)
        return Profile.model_validate(
            {
                "name": key,
                "description": "ad-hoc model spec",
                "model": key,
                "judge_model": default_judge_model,
            }
        )
    except (ConfigurationError, ValidationError) as exc:
        reason = str(exc) if isinstance(exc, ConfigurationError) else _first_message(exc)
        offered = ", ".join(sorted(profiles)) or "none"
        raise UnknownModelError(
            f"model {name!r} is neither a profile (offered: {offered}) nor a usable model "
            f"spec: {reason}",
            model=name,
        ) from None


def _first_message(exc: ValidationError) -> str:
    error = exc.errors()[0]
    key = ".".join(str(part) for part in error["loc"])
    return f"{key}: {error['msg']}" if key else str(error["msg"])
