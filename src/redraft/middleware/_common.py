"""What every wrapped client and decorated function shares.

:class:`WrapperCore` holds the arguments of :func:`redraft.wrap` resolved
against the ``REDRAFT_*`` settings (explicit arguments win), and turns one
call's per-call options (:mod:`redraft.middleware._options`) into the
:class:`~redraft.Policy` and evaluator of its run. The evaluation options are
an :class:`~redraft.EvaluationSpec`; a call's spec is laid over the
wrapper's. Nothing here imports a vendor SDK.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar, cast

from pydantic import ValidationError

from redraft.app._panel import NothingToEvaluateError, build_panel
from redraft.config._settings import Settings, load_settings
from redraft.config._spec import (
    NO_JUDGE,
    EvaluationSpec,
    SpecOptions,
    checked_model_spec,
    policy_with,
    validation_problems,
)
from redraft.core._errors import ConfigurationError
from redraft.core._text import noun
from redraft.core._types import ModelRequest, Policy, RunRequest
from redraft.evaluators import Evaluator
from redraft.middleware._options import CallOptions
from redraft.providers import Provider, ProviderRegistry, parse_model_spec
from redraft.providers._sdk import SDKProvider
from redraft.wire._openai import text_pieces

__all__ = [
    "NO_JUDGE",
    "Drafting",
    "JudgeArg",
    "WrapOptions",
    "WrapperCore",
    "make_core",
    "log",
    "text_pieces",
]

log = logging.getLogger("redraft.middleware")

ClientT = TypeVar("ClientT")


JudgeArg = Provider | str | None
"""A judge as :func:`redraft.wrap` takes it: a provider, a model spec,
``"none"`` (checks only) or None (the settings' judge model, else the
generator judges itself)."""


class WrapOptions(SpecOptions, total=False):
    """The keyword options of :func:`redraft.wrap` and :func:`redraft.refine`:
    the policy, the judge model (``judge`` is its older name), an evaluator of
    your own, the switches, and the fields of an :class:`EvaluationSpec`."""

    policy: Policy | None
    judge_model: JudgeArg
    judge: JudgeArg
    evaluator: Evaluator | None
    enabled: bool | None
    settings: Settings | None


class _BuildsParams(Protocol):
    def _params(self, request: ModelRequest) -> dict[str, Any]: ...


class Drafting(SDKProvider[ClientT]):
    """The generator of a wrapped call: put before an SDK provider among a
    class's bases, it sends the call's other SDK arguments (``extras``) with
    every draft request. The provider's own parameters win, except that both
    ``extra_body`` objects are kept."""

    def __init__(self, model: str, *, client: ClientT, extras: Mapping[str, Any]) -> None:
        super().__init__(model, client=client)
        self._extras = extras

    def _params(self, request: ModelRequest) -> dict[str, Any]:
        # SDKProvider declares no _params; the vendor provider after this class does.
        params = cast(_BuildsParams, super())._params(request)
        merged = {**self._extras, **params}
        extra_body = self._extras.get("extra_body")
        if isinstance(extra_body, Mapping) and isinstance(params.get("extra_body"), Mapping):
            merged["extra_body"] = {**extra_body, **params["extra_body"]}
        return merged


class WrapperCore:
    """The options of one wrapper (or decorator), resolved once.

    ``family`` is the wrapped SDK's model-spec family (``openai``,
    ``anthropic``; None for the decorator): a judge spec of that family judges
    through the wrapped client itself, with the spec's model.
    """

    def __init__(
        self,
        *,
        family: str | None,
        policy: Policy | None,
        judge_model: JudgeArg,
        evaluator: Evaluator | None,
        spec: EvaluationSpec,
        enabled: bool | None,
        settings: Settings | None,
    ) -> None:
        settings = settings if settings is not None else load_settings()
        self.family = family
        self.enabled = settings.enabled if enabled is None else bool(enabled)
        self.policy = _policy_with_settings(policy, settings)
        judge = judge_model
        if judge is not None and not isinstance(judge, Provider | str):
            raise ConfigurationError(
                "judge_model must be a Provider, a model spec such as 'openai:gpt-4o-mini', "
                f"'none' or None; got {type(judge).__name__}"
            )
        if isinstance(judge, str):
            judge = _judge_spec(judge, "judge_model")
        if evaluator is not None:
            if not isinstance(evaluator, Evaluator):
                raise ConfigurationError(
                    f"evaluator must be a redraft Evaluator, got {type(evaluator).__name__}"
                )
            given = {"judge_model": judge, "criteria": spec.criteria, "preset": spec.preset}
            named = [name for name, value in given.items() if value is not None]
            if named:
                raise ConfigurationError(
                    f"{', '.join(named)} configure the built-in judge; they cannot be combined "
                    "with evaluator= (add checks with must_match=, max_words=, …)"
                )
        elif judge is None and settings.judge_model:
            judge = _judge_spec(settings.judge_model, "REDRAFT_JUDGE_MODEL")
        self.judge: JudgeArg = judge
        self.evaluator = evaluator
        self.spec = spec
        self.registry = ProviderRegistry()
        self._warned: set[str] = set()
        checks_only = evaluator is None and judge == NO_JUDGE
        if checks_only or spec.states_checks:
            # Criteria without a judge and an unusable schema fail here, not
            # on the first call; nothing to evaluate is no error: each call
            # then returns its answer unverified.
            judged = {} if checks_only else {"criteria": None, "preset": None}
            with contextlib.suppress(NothingToEvaluateError):
                build_panel(None, spec.model_copy(update=judged))

    # -- one call -----------------------------------------------------------------

    def has_json_schema(self, options: CallOptions | None) -> bool:
        """Whether the call's drafts are checked against a JSON schema."""
        if options is not None and options.json_schema is not None:
            return True
        return self.spec.json_schema is not None

    def policy_for(
        self,
        options: CallOptions | None,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Policy:
        """The wrapper's policy with the call's sampling parameters and options."""
        sampling = {"temperature": temperature, "max_tokens": max_tokens}
        updates: dict[str, Any] = {k: v for k, v in sampling.items() if v is not None}
        if options is not None:
            updates.update(options.policy_given())
        return policy_with(self.policy, updates, what="invalid policy for this call: ")

    def evaluator_for(
        self,
        options: CallOptions | None,
        *,
        model: str | None,
        same_client: Callable[[str], Provider] | None,
        request: RunRequest | None = None,
    ) -> Evaluator | None:
        """The evaluator of one call: the wrapper's evaluator (with the call's
        checks in front) or the panel of checks and judge; None when there is
        nothing to evaluate (the answer comes back unverified). The requirements
        ``request`` states ("at most 50 words") are compiled into checks that
        run first, unless the call says ``compile_checks: false``.

        ``same_client(model)`` builds a provider for ``model`` through the
        wrapped client; it judges when no judge was named (self-evaluation)
        and for judge specs of the wrapped client's family.
        """
        options = options or CallOptions()
        spec = options.spec().over(self.spec)
        if self.evaluator is not None:
            named = [
                name for name in ("criteria", "judge_model", "preset") if getattr(options, name)
            ]
            if named:
                raise ConfigurationError(
                    f"redraft {noun(len(named), 'option')} {', '.join(named)} "
                    f"{noun(len(named), 'configures', 'configure')} the built-in judge, "
                    "but this wrapper was given its own evaluator"
                )
            return build_panel(None, spec, request=request, evaluators=[self.evaluator])
        judge = self.judge
        if options.judge_model is not None:
            judge = _judge_spec(options.judge_model, "redraft.judge_model")
        provider = self._judge_provider(judge, model=model, same_client=same_client)
        try:
            return build_panel(provider, spec, request=request)
        except NothingToEvaluateError:
            return None

    def _judge_provider(
        self,
        judge: JudgeArg,
        *,
        model: str | None,
        same_client: Callable[[str], Provider] | None,
    ) -> Provider | None:
        if isinstance(judge, Provider):
            return judge
        if judge == NO_JUDGE:
            return None
        if judge is None:
            if same_client is None or not model:
                return None  # nothing to judge with: checks only (build_panel says if none)
            return same_client(model)
        family, name = parse_model_spec(judge)
        if family == self.family and same_client is not None:
            return same_client(name)
        return self.registry.get(judge)

    # -- pass-through warnings -------------------------------------------------------

    def warn_once(self, key: str, message: str) -> None:
        """Log ``message`` the first time this wrapper meets ``key``."""
        if key in self._warned:
            return
        self._warned.add(key)
        log.warning("redraft: %s; the call goes to the client unevaluated", message)

    async def aclose(self) -> None:
        await self.registry.aclose()


def make_core(family: str | None, arguments: WrapOptions) -> WrapperCore:
    """The :class:`WrapperCore` of :func:`redraft.wrap`'s or
    :func:`redraft.refine`'s keyword arguments. ``judge`` is the older name
    of ``judge_model``; the rest besides the policy, the evaluator and the
    switches form the wrapper's :class:`EvaluationSpec`."""
    judge_model, judge = arguments.get("judge_model"), arguments.get("judge")
    if judge_model is not None and judge is not None:
        raise ConfigurationError("give judge_model (or its older name, judge), not both")
    own = {"judge_model", "judge", "policy", "evaluator", "enabled", "settings"}
    try:
        spec = EvaluationSpec.model_validate(
            {name: value for name, value in arguments.items() if name not in own}
        )
    except ValidationError as exc:
        raise ConfigurationError(validation_problems(exc)) from None
    return WrapperCore(
        family=family,
        judge_model=judge_model if judge_model is not None else judge,
        spec=spec,
        policy=arguments.get("policy"),
        evaluator=arguments.get("evaluator"),
        enabled=arguments.get("enabled"),
        settings=arguments.get("settings"),
    )


def _judge_spec(value: str, where: str) -> str:
    try:
        return checked_model_spec(value, allow_none=True)
    except ValueError as exc:
        raise ConfigurationError(f"{where}: {exc}") from None


def _policy_with_settings(policy: Policy | None, settings: Settings) -> Policy:
    """``REDRAFT_THRESHOLD`` and ``REDRAFT_MAX_RETRIES`` fill the fields the
    given policy did not set itself; explicit values win."""
    base = policy_with(policy, {})
    explicit = base.model_fields_set if policy is not None else set()
    updates: dict[str, Any] = {}
    if settings.threshold is not None and "threshold" not in explicit:
        updates["threshold"] = settings.threshold
    if settings.max_retries is not None and "max_attempts" not in explicit:
        updates["max_attempts"] = 1 + settings.max_retries
    return policy_with(
        base, updates, what="REDRAFT_THRESHOLD / REDRAFT_MAX_RETRIES do not fit the policy: "
    )
