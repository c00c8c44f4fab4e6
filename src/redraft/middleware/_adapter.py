"""What one vendor SDK brings to :func:`redraft.wrap`, and the call handling
every vendor shares.

A wrapped client (:mod:`redraft.middleware._clients`) intercepts one method,
``<resource>.create``, and is otherwise the real client. A
:class:`VendorAdapter` holds only what differs between SDKs: which resource
that is, how the call's arguments read as a :class:`~redraft.RunRequest`, what
the loop cannot judge, the providers that draft and judge through the client,
the SDK objects a finished run is returned as, and a sync client's credentials
for the async one the runs draft through. Deciding a call, rebuilding a client
and running it are the same for every vendor and live here once. Nothing here
imports a vendor SDK.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from redraft.app._run import run
from redraft.app._sinks import run_source
from redraft.core._types import Message, RunRequest, RunResult, ToolSpec
from redraft.middleware._common import Drafting, WrapperCore
from redraft.middleware._options import CallOptions, split_options
from redraft.providers import Provider
from redraft.providers._sdk import SDKProvider

__all__ = ["Call", "VendorAdapter"]

C = TypeVar("C")
"""The vendor's async client type, which the runs draft through."""


@dataclass
class Call:
    """One ``create`` call, decided: ``request`` is None when it passes through."""

    kwargs: dict[str, Any]
    options: CallOptions | None = None
    request: RunRequest | None = None

    @property
    def model(self) -> str:
        return str(self.kwargs["model"])


class VendorAdapter(ABC, Generic[C]):
    """One vendor SDK, as the generic wrapped client needs to know it."""

    async_client: ClassVar[type[Any]]
    """The SDK's async client class; a client of another class is sync."""
    family: ClassVar[str]
    """The model-spec family: a judge spec of it judges through the wrapped client."""
    resource: ClassVar[tuple[str, ...]]
    """The attribute path whose ``create`` is redrafted, e.g. ``("chat", "completions")``."""
    loop_keys: ClassVar[frozenset[str]]
    """The ``create`` arguments the loop turns into drafts; every other
    argument is sent with each draft request as given."""
    omitted: ClassVar[tuple[type[Any], ...]]
    """The SDK's "argument not given" sentinel types."""
    unreadable: ClassVar[str]
    """The warning for messages the loop cannot read."""
    judging: ClassVar[type[SDKProvider[Any]]]
    """The SDK's provider, which judges through the wrapped client."""
    drafting: ClassVar[type[Drafting[Any]]]
    """Its :class:`Drafting` subclass, which writes a redrafted call's drafts."""

    # -- clients -------------------------------------------------------------------

    @abstractmethod
    def credentials(self, client: Any) -> dict[str, Any]:
        """The async client's arguments that say who a sync client is."""

    def async_twin(self, client: Any) -> C:
        """An async client with a sync client's endpoint, credentials, headers,
        query and timeout, its own retries off (redraft's ledger retries)."""
        twin: C = self.async_client(
            **self.credentials(client),
            base_url=client.base_url,
            timeout=client.timeout,
            max_retries=0,
            default_headers=dict(client._custom_headers),
            default_query=dict(client._custom_query),
        )
        return twin

    def cannot_rebuild(self, client: Any) -> str | None:
        """Why :meth:`async_twin` cannot rebuild this sync client, if it cannot.
        Asked when wrapping, so the error comes before the first call."""
        return None

    # -- reading a call ---------------------------------------------------------------

    @abstractmethod
    def unsupported(
        self, core: WrapperCore, kwargs: Mapping[str, Any], options: CallOptions
    ) -> tuple[str, str] | None:
        """The warning key and message for a call the loop cannot judge as
        text (tools, several choices, …), or None."""

    def client_tools(self, kwargs: Mapping[str, Any]) -> list[ToolSpec] | None:
        """The caller's own tools (raises ``ValueError`` for one it cannot
        read): their calls come back unjudged, the answer after them is judged."""
        return None

    @abstractmethod
    def messages(self, kwargs: Mapping[str, Any]) -> list[Message] | None:
        """The call's conversation as redraft messages; None if unreadable."""

    @abstractmethod
    def sampling(self, kwargs: Mapping[str, Any]) -> tuple[float | None, int | None]:
        """The call's temperature and output-token limit."""

    # -- running it ----------------------------------------------------------------------

    def provider(self, model: str, client: C, extras: Mapping[str, Any] | None = None) -> Provider:
        """A provider for ``model`` through ``client``; with ``extras`` it is the
        generator, sending them with every draft request."""
        if extras is None:
            return self.judging(model, client=client)
        return self.drafting(model, client=client, extras=extras)

    @abstractmethod
    def response(self, result: RunResult, call: Call) -> Any:
        """The SDK's response object for a finished run, extension included."""

    @abstractmethod
    def stream(self, result: RunResult, call: Call) -> list[Any]:
        """The SDK's stream items for a finished run (``stream=True``)."""

    # -- shared ---------------------------------------------------------------------------

    def decide(self, core: WrapperCore, kwargs: Mapping[str, Any]) -> Call:
        """Decide whether a ``create`` call is redrafted."""
        if not core.enabled:
            return Call(split_options(kwargs, validate=False)[0])
        clean, options = split_options(kwargs)
        if options is None or "model" not in clean or "messages" not in clean:
            return Call(clean)  # opted out, or the SDK reports what is missing
        given = {key: value for key, value in clean.items() if not isinstance(value, self.omitted)}
        why = self.unsupported(core, given, options)
        if why is not None:
            core.warn_once(*why)
            return Call(clean)
        method = ".".join((*self.resource, "create"))
        try:
            tools = self.client_tools(given)
        except ValueError as exc:
            core.warn_once("tools", f"{method} offers tools redraft cannot hand back ({exc})")
            return Call(clean)
        messages = self.messages(given)
        try:
            if messages is None:
                raise ValueError("unreadable message")
            request = RunRequest(messages=messages, format=options.format, tools=tools)
        except ValueError:  # pydantic's ValidationError included
            core.warn_once("messages", f"{method} got messages {self.unreadable}")
            return Call(clean)
        return Call(given, options, request)

    async def run(self, core: WrapperCore, client: C, call: Call) -> RunResult:
        """Run the loop for a redrafted call, drafting through ``client``."""
        assert call.request is not None
        temperature, max_tokens = self.sampling(call.kwargs)
        policy = core.policy_for(call.options, temperature=temperature, max_tokens=max_tokens)

        def same_client(name: str) -> Provider:
            return self.provider(name, client)

        evaluator = core.evaluator_for(
            call.options, model=call.model, same_client=same_client, request=call.request
        )
        extras = {key: value for key, value in call.kwargs.items() if key not in self.loop_keys}
        generator = self.provider(call.model, client, extras)
        with run_source("middleware"):
            return await run(call.request, generator=generator, evaluator=evaluator, policy=policy)
