"""Tools a draft may call: :class:`Tool`, the :func:`tool` decorator, :class:`Toolbox`.

A tool is a Python function the model may ask for by name with JSON
arguments. Everything that can go wrong with such a call (arguments that are
not JSON, arguments of the wrong shape, a name no tool has, an exception in
the function, a tool that takes too long) becomes an *error result*: a text
the model reads in the next round, so it can correct itself. A bad tool call
never crashes a run; only the run's own deadline ends it (see
:mod:`redraft.core._tool_loop`, which drives the model → tools → model rounds).

Typed functions get their JSON schema from their signature and have their
arguments validated by pydantic before the call, so a function only ever sees
arguments of the types it declares.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import time
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, overload

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from redraft.core._errors import ConfigurationError
from redraft.core._types import ToolCall, ToolSpec

__all__ = ["Tool", "ToolExecution", "Toolbox", "tool"]


class ToolExecution(BaseModel):
    """The record of one tool call the loop ran for the model.

    ``result`` is exactly the text the model was sent back, an error result
    included; ``error`` says what went wrong (None when the call succeeded).
    ``iteration`` is the 1-based model call that asked for it.
    """

    call_id: str
    name: str
    arguments: str
    """The JSON text the model wrote, as it wrote it."""
    result: str
    error: str | None = None
    latency_ms: float = Field(default=0.0, ge=0)
    iteration: int = Field(ge=1)


@dataclass(frozen=True, eq=False)
class Tool:
    """A function the model may call.

    ``parameters`` is the JSON schema of the arguments object the model sees.
    ``arguments`` (a pydantic model) validates the model's arguments before
    the call; without one, any JSON object is passed on as keyword arguments.
    ``function`` may be sync (it then runs in a worker thread, so a slow tool
    does not block the event loop) or async. ``timeout_s`` bounds one call;
    past it the model gets an error result (a sync tool's thread cannot be
    stopped and finishes in the background).

    Build one from a typed function with :func:`tool`; a ``Tool`` is callable
    like the function it wraps.
    """

    name: str
    function: Callable[..., Any]
    description: str = ""
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})
    arguments: type[BaseModel] | None = None
    timeout_s: float | None = None

    def __post_init__(self) -> None:
        try:
            ToolSpec(name=self.name, description=self.description, parameters=self.parameters)
        except ValidationError:
            raise ConfigurationError(
                f"tool name {self.name!r} is not allowed: use 1-64 letters, digits, '_' or '-'"
            ) from None
        if self.timeout_s is not None and self.timeout_s <= 0:
            raise ConfigurationError(f"tool {self.name!r}: timeout_s must be > 0")

    @classmethod
    def from_function(
        cls,
        function: Callable[..., Any],
        *,
        name: str | None = None,
        description: str | None = None,
        timeout_s: float | None = None,
    ) -> Tool:
        """A tool from a typed function: its name, its docstring as the
        description, its signature as the schema (``Annotated[int,
        Field(description=...)]`` describes a parameter)."""
        name = name or getattr(function, "__name__", "")
        if not name:
            raise ConfigurationError(f"{function!r} has no __name__: give the tool a name")
        model = _arguments_model(function, name)
        schema = model.model_json_schema()
        schema.pop("title", None)
        if description is None:
            description = inspect.getdoc(function) or ""
        return cls(
            name=name,
            function=function,
            description=description,
            parameters=schema,
            arguments=model,
            timeout_s=timeout_s,
        )

    def spec(self) -> ToolSpec:
        return ToolSpec(name=self.name, description=self.description, parameters=self.parameters)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.function(*args, **kwargs)

    def bind(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """The keyword arguments of a call: ``arguments`` validated and
        converted by the ``arguments`` model (raises ``ValidationError``)."""
        if self.arguments is None:
            return arguments
        validated = self.arguments.model_validate(arguments)
        return {
            info.alias or key: getattr(validated, key)
            for key, info in type(validated).model_fields.items()
        }

    async def invoke(self, kwargs: dict[str, Any]) -> Any:
        """Call the function with bound ``kwargs`` (see :meth:`bind`): async
        functions are awaited, sync ones run in a worker thread."""
        if inspect.iscoroutinefunction(self.function):
            result = await self.function(**kwargs)
        else:
            result = await asyncio.to_thread(self.function, **kwargs)
        if inspect.isawaitable(result):  # a sync callable that returned a coroutine
            result = await result
        return result


@overload
def tool(function: Callable[..., Any], /) -> Tool: ...
@overload
def tool(
    *, name: str | None = None, description: str | None = None, timeout_s: float | None = None
) -> Callable[[Callable[..., Any]], Tool]: ...
def tool(
    function: Callable[..., Any] | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    timeout_s: float | None = None,
) -> Tool | Callable[[Callable[..., Any]], Tool]:
    """Make a :class:`Tool` of a typed function: ``@tool`` or ``@tool(name=...)``."""

    def build(fn: Callable[..., Any]) -> Tool:
        return Tool.from_function(fn, name=name, description=description, timeout_s=timeout_s)

    return build if function is None else build(function)


class Toolbox:
    """The tools one run offers the model, by name.

    ``parallel``: when the model asks for several calls in one round, run them
    concurrently (they are meant to be independent); ``False`` runs them one
    after another, for tools that share state.
    """

    def __init__(
        self, tools: Iterable[Tool | Callable[..., Any]] = (), *, parallel: bool = True
    ) -> None:
        self._tools: dict[str, Tool] = {}
        self.parallel = parallel
        for item in tools:
            self.add(item)

    def add(self, item: Tool | Callable[..., Any]) -> Tool:
        """Register a tool (a plain function is made one with :func:`tool`);
        returns it, so ``@toolbox.add`` works as a decorator."""
        built = item if isinstance(item, Tool) else Tool.from_function(item)
        if built.name in self._tools:
            raise ConfigurationError(f"the toolbox already has a tool named {built.name!r}")
        self._tools[built.name] = built
        return built

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    def specs(self) -> list[ToolSpec]:
        """What a :class:`~redraft.ModelRequest` offers the model."""
        return [t.spec() for t in self._tools.values()]

    @property
    def names(self) -> list[str]:
        return list(self._tools)

    def __len__(self) -> int:
        return len(self._tools)

    def __iter__(self) -> Iterator[Tool]:
        return iter(self._tools.values())

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    async def run(self, call: ToolCall, *, iteration: int = 1) -> ToolExecution:
        """Run one call the model asked for and return its record.

        Never raises for a bad call or a failing tool (the record's ``result``
        is then an error text for the model); only cancellation (the run's
        deadline, a caller that gave up) gets through.
        """
        started = time.monotonic()
        outcome = await self._run(call)
        return ToolExecution(
            call_id=call.id,
            name=call.name,
            arguments=call.arguments,
            result=f"Error: {outcome.reason}" if isinstance(outcome, _Failure) else outcome,
            error=outcome.reason if isinstance(outcome, _Failure) else None,
            latency_ms=round((time.monotonic() - started) * 1000, 3),
            iteration=iteration,
        )

    async def _run(self, call: ToolCall) -> str | _Failure:
        found = self._tools.get(call.name)
        if found is None:
            available = ", ".join(self._tools) or "none"
            return _Failure(f"there is no tool named {call.name!r} (tools: {available})")
        try:
            arguments = json.loads(call.arguments) if call.arguments.strip() else {}
        except json.JSONDecodeError as exc:
            return _Failure(f"the arguments are not valid JSON ({exc}); send a JSON object")
        if not isinstance(arguments, dict):
            return _Failure("the arguments must be a JSON object")
        try:
            kwargs = found.bind(arguments)
        except ValidationError as exc:
            return _Failure(f"invalid arguments for {found.name!r}: {_summarise(exc)}")
        deadline = asyncio.timeout(found.timeout_s)
        try:
            async with deadline:
                result = await found.invoke(kwargs)
        except Exception as exc:  # a tool's failure is the model's to read, not ours to raise
            if isinstance(exc, TimeoutError) and deadline.expired():
                return _Failure(f"tool {found.name!r} timed out after {found.timeout_s:g}s")
            return _Failure(f"tool {found.name!r} failed: {type(exc).__name__}: {exc}")
        return result_text(result)


@dataclass(frozen=True)
class _Failure:
    reason: str


def result_text(result: Any) -> str:
    """What the model reads for a tool's return value: strings as they are,
    pydantic models and other values as JSON."""
    if isinstance(result, str):
        return result
    if isinstance(result, BaseModel):
        return result.model_dump_json()
    try:
        return json.dumps(result, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(result)


def _summarise(error: ValidationError) -> str:
    parts = []
    for item in error.errors(include_url=False):
        where = ".".join(str(p) for p in item["loc"]) or "arguments"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)


def _arguments_model(function: Callable[..., Any], name: str) -> type[BaseModel]:
    """A pydantic model of ``function``'s parameters. Fields get internal
    names with the parameter names as aliases, so parameters called ``json``
    or ``schema`` do not clash with BaseModel's attributes."""
    try:
        signature = inspect.signature(function)
        hints = typing.get_type_hints(function, include_extras=True)
    except (TypeError, ValueError, NameError) as exc:
        raise ConfigurationError(f"tool {name!r}: cannot read the signature: {exc}") from None
    fields: dict[str, Any] = {}
    for index, parameter in enumerate(signature.parameters.values()):
        if parameter.kind not in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY):
            raise ConfigurationError(
                f"tool {name!r}: parameter {parameter.name!r} cannot be passed by name "
                "(*args, **kwargs and positional-only parameters are not supported)"
            )
        annotation = hints.get(parameter.name, Any)
        default = ... if parameter.default is parameter.empty else parameter.default
        fields[f"p{index}"] = (annotation, Field(default, alias=parameter.name))
    try:
        model: type[BaseModel] = create_model(
            f"{name}_arguments", __config__=ConfigDict(extra="forbid"), **fields
        )
        model.model_json_schema()
    except Exception as exc:  # pydantic cannot model or describe some annotation
        raise ConfigurationError(f"tool {name!r}: cannot describe the parameters: {exc}") from None
    return model
