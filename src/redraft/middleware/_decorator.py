"""``@refine``: redraft an async function that writes text.

::

    @refine(judge_model="openai:gpt-4o-mini", criteria="Cites a source", max_words=80)
    async def answer(question: str, *, feedback: str | None = None) -> str:
        ...

Calling ``answer("…")`` runs the loop with the function itself as the
generator: its first argument is the prompt the drafts are judged against;
each redraft calls it again with the same arguments plus
``feedback=<the feedback message>`` (or, when it takes no ``feedback``
parameter, with the feedback appended to the prompt argument). It returns the
final text; ``answer.run(...)`` returns the whole :class:`~redraft.RunResult`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from typing import Any, Generic, ParamSpec, overload

from typing_extensions import Unpack

from redraft.app._run import run
from redraft.app._sinks import run_source
from redraft.config._settings import Settings, load_settings
from redraft.core._errors import ConfigurationError, RunFailedError
from redraft.core._events import DraftStarted, RunEvent
from redraft.core._loop import new_run_id
from redraft.core._types import Draft, ModelRequest, Policy, RunRequest, RunResult, Usage
from redraft.middleware._common import WrapOptions, WrapperCore, make_core
from redraft.providers import FunctionModel

__all__ = ["Refined", "refine"]

P = ParamSpec("P")

_DISABLED = "redraft is disabled (enabled=False or REDRAFT_ENABLED=false)"


class Refined(Generic[P]):
    """An async text function whose answers are judged and redrafted.

    Await it for the final text, or ``await refined.run(...)`` for the
    :class:`~redraft.RunResult`. Settings (``REDRAFT_ENABLED``,
    ``REDRAFT_THRESHOLD``, ``REDRAFT_MAX_RETRIES``, ``REDRAFT_JUDGE_MODEL``)
    are read on each call, not when the function is decorated.
    """

    __name__: str
    __qualname__: str
    __wrapped__: Callable[P, Awaitable[str]]

    def __init__(self, function: Callable[P, Awaitable[str]], options: WrapOptions) -> None:
        if not inspect.iscoroutinefunction(function):
            raise ConfigurationError(
                f"@refine decorates async functions; {getattr(function, '__name__', function)!r} "
                "is not one"
            )
        self._function = function
        self._options = options
        self._signature = inspect.signature(function)
        parameters = list(self._signature.parameters.values())
        if not parameters or parameters[0].kind in (
            inspect.Parameter.VAR_POSITIONAL,
            inspect.Parameter.VAR_KEYWORD,
            inspect.Parameter.KEYWORD_ONLY,
        ):
            raise ConfigurationError(
                "@refine needs a function whose first parameter is the prompt, "
                f"e.g. async def {getattr(function, '__name__', 'answer')}(question: str) -> str"
            )
        self._prompt_name = parameters[0].name
        feedback = self._signature.parameters.get("feedback")
        self._takes_feedback = (
            feedback is not None and feedback.kind != inspect.Parameter.POSITIONAL_ONLY
        )
        # The explicit options fail here, at decoration; the environment is
        # read on each call.
        self._redrafter(Settings.model_construct())
        functools.update_wrapper(self, function)

    def _redrafter(self, settings: Settings | None = None) -> WrapperCore:
        chosen = self._options.get("settings")
        chosen = chosen if chosen is not None else settings or load_settings()
        return make_core(None, {**self._options, "settings": chosen})

    async def __call__(self, *args: P.args, **kwargs: P.kwargs) -> str:
        return (await self.run(*args, **kwargs)).final_answer

    async def run(self, *args: P.args, **kwargs: P.kwargs) -> RunResult:
        """Run the loop and return the whole result (every draft and verdict)."""
        core = self._redrafter()
        if not core.enabled:
            text = await self._function(*args, **kwargs)
            return _unevaluated(text, core.policy)
        return await self._run(core, args, kwargs)

    async def _run(
        self, core: WrapperCore, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> RunResult:
        bound = self._signature.bind(*args, **kwargs)
        prompt = bound.arguments.get(self._prompt_name)
        if not isinstance(prompt, str):
            raise ConfigurationError(
                f"@refine: the first argument ({self._prompt_name}) is the prompt and must be "
                f"a str, got {type(prompt).__name__}"
            )
        feedback: list[str | None] = [None]
        raised: list[BaseException] = []

        def on_event(event: RunEvent) -> None:
            if isinstance(event, DraftStarted):
                feedback[0] = event.feedback

        async def draft(request: ModelRequest) -> str:
            call = self._signature.bind(*bound.args, **bound.kwargs)
            if feedback[0] is not None:
                if self._takes_feedback:
                    call.arguments["feedback"] = feedback[0]
                else:
                    call.arguments[self._prompt_name] = f"{prompt}\n\n{feedback[0]}"
            try:
                text = await self._function(*call.args, **call.kwargs)
                if not isinstance(text, str):
                    raise TypeError(
                        f"{self._function.__name__} returned {type(text).__name__}, not str"
                    )
            except Exception as exc:
                raised.append(exc)
                raise
            return text

        request = RunRequest.from_prompt(prompt)
        evaluator = core.evaluator_for(None, model=None, same_client=None, request=request)
        try:
            with run_source("middleware"):
                return await run(
                    request,
                    generator=FunctionModel(draft, model=self._function.__name__),
                    evaluator=evaluator,
                    policy=core.policy,
                    on_event=on_event,
                )
        except RunFailedError:
            if raised:
                # The function's own error, not a wrapped one: decorating a
                # function does not change what it raises.
                raise raised[0] from None
            raise
        finally:
            await core.aclose()

    def __repr__(self) -> str:
        return f"<refined {self._function!r}>"


def _unevaluated(text: str, policy: Policy) -> RunResult:
    return RunResult(
        run_id=new_run_id(),
        final_answer=text,
        passed=False,
        score=0.0,
        attempts=1,
        final_attempt=1,
        stop_reason="skipped",
        drafts=[Draft(attempt=1, text=text)],
        calls=[],
        usage=Usage(),
        policy=policy,
        skipped_reason=_DISABLED,
    )


@overload
def refine(function: Callable[P, Awaitable[str]], /) -> Refined[P]: ...


@overload
def refine(
    function: None = None, /, **options: Unpack[WrapOptions]
) -> Callable[[Callable[P, Awaitable[str]]], Refined[P]]: ...


def refine(
    function: Callable[P, Awaitable[str]] | None = None, /, **options: Unpack[WrapOptions]
) -> Refined[P] | Callable[[Callable[P, Awaitable[str]]], Refined[P]]:
    """Judge and redraft what an async text function writes.

    The options are :func:`redraft.wrap`'s. ``judge_model`` (older name:
    ``judge``) is a provider, a model spec, ``"none"`` (checks only) or None
    (``REDRAFT_JUDGE_MODEL``, else checks only: a plain function has no model
    to judge itself with).
    """

    def decorate(target: Callable[P, Awaitable[str]]) -> Refined[P]:
        return Refined(target, options)

    return decorate if function is None else decorate(function)
