"""The LLM compiler: a model writes the check list, the vocabulary vets it.

The judge model is asked, with schema-constrained JSON where the provider
supports it, for ``{"checks": [...]}`` in the same shape as
:data:`CheckSpec`, each item with a ``quote`` of the words it enforces. Every
item is then validated: an unknown kind, a bad parameter, a quote that is
not in the prompt or criteria, a quote inside quoted material or a hedged
quote drops that item (reported in ``dropped``), never the run. A failed
call or an unreadable reply leaves the rule-compiled checks as they are
(``error`` says why).
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from typing import Any

import json_repair
from pydantic import ValidationError

from redraft.core._evaluator import ModelGateway
from redraft.core._lazy_pattern import compile_lazily
from redraft.core._provider import Provider
from redraft.core._types import Message, ModelRequest, Policy
from redraft.criteria._compiled import CompiledCheck, TextSource
from redraft.criteria._sentences import HEDGE, MASK, mask
from redraft.criteria._spec import CHECK_SPEC_ADAPTER, SPEC_MODELS
from redraft.evaluators._judge_base import tagged

__all__ = ["COMPILER_NAME", "LLMCompilation", "compile_checks_with_llm", "llm_schema"]

COMPILER_NAME = "criteria_compiler"
_MAX_CHECKS = 8
_QUOTE_CHARS = 200
_MAX_TOKENS = 400


def _clean(schema: Any) -> Any:
    # "title" and "default" go as schema keywords, never as a kind's field names.
    if isinstance(schema, dict):
        return {
            k: {n: _clean(p) for n, p in v.items()} if k == "properties" else _clean(v)
            for k, v in schema.items()
            if k not in ("title", "default")
        }
    if isinstance(schema, list):
        return [_clean(v) for v in schema]
    return schema


def llm_schema() -> dict[str, Any]:
    """The reply's JSON schema, derived from the vocabulary's models: each
    item is one kind's parameters plus the ``quote`` it came from."""
    variants = []
    # A kind whose fields name other models (an enum, a nested object) refers
    # to them as "#/$defs/<name>": they are kept at the reply schema's root,
    # where those references resolve, so every family's kind stays offered.
    definitions: dict[str, Any] = {}
    for model in SPEC_MODELS:
        schema = _clean(copy.deepcopy(model.model_json_schema()))
        definitions.update(schema.get("$defs", {}))
        properties = dict(schema.get("properties", {}))
        for name, prop in properties.items():
            if prop.get("type") == "array":
                prop.setdefault("maxItems", 10)
            if name == "kind":
                properties[name] = {"type": "string", "enum": [model.model_fields["kind"].default]}
        properties["quote"] = {"type": "string", "maxLength": _QUOTE_CHARS}
        variants.append(
            {
                "type": "object",
                "properties": properties,
                "required": list(properties),
                "additionalProperties": False,
            }
        )
    reply: dict[str, Any] = {
        "type": "object",
        "properties": {
            "checks": {"type": "array", "items": {"anyOf": variants}, "maxItems": _MAX_CHECKS}
        },
        "required": ["checks"],
        "additionalProperties": False,
    }
    if definitions:
        reply["$defs"] = definitions
    return reply


def _vocabulary_lines() -> str:
    lines = []
    for model in SPEC_MODELS:
        fields = [n for n in model.model_fields if n != "kind"]
        doc = (model.__doc__ or "").strip().split("\n\n")[0]
        lines.append(
            f"- {model.model_fields['kind'].default}({', '.join(fields)}): {' '.join(doc.split())}"
        )
    return "\n".join(lines)


_SYSTEM = """You turn the mechanical requirements a user states about the RESPONSE into checks.
Allowed checks (relation is one of at_least, at_most, exactly):
{vocabulary}

Rules:
- Only requirements on the response the user wants, stated plainly. Skip hedged wishes
  ("ideally", "try to"), negated ones ("don't worry about length"), examples, text the user
  quotes or asks to translate or summarise, and properties of other things ("a word of at
  most 5 letters", "this 500-word essay").
- "quote" is the exact words of the requirement, copied from the request or criteria.
- Requirements no check can express are left out. No requirement: {{"checks": []}}."""


@dataclass
class LLMCompilation:
    """What the LLM compiler produced: accepted checks, dropped items and why,
    and an error when the call or its reply failed as a whole."""

    checks: list[CompiledCheck] = field(default_factory=list)
    dropped: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None


def _parse(text: str) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    try:
        return json_repair.loads(text)
    except Exception:  # the repairer is best effort; failing means "not JSON"
        return None


def _locate(quote: str, texts: dict[TextSource, str]) -> tuple[TextSource, int, int] | None:
    words = quote.split()
    if not words:
        return None
    pattern = compile_lazily(r"\s+".join(re.escape(w) for w in words), re.IGNORECASE)
    for source, text in texts.items():
        found = pattern.search(text)
        if found:
            return source, found.start(), found.end()
    return None


def _vet(item: object, texts: dict[TextSource, str]) -> CompiledCheck | str:
    """The item as a compiled check, or why it was dropped."""
    if not isinstance(item, dict):
        return "not a JSON object"
    data = dict(item)
    quote = data.pop("quote", None)
    try:
        spec = CHECK_SPEC_ADAPTER.validate_python(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"])
        return (
            f"invalid check ({where}: {error['msg']})"
            if where
            else f"invalid check ({error['msg']})"
        )
    if not isinstance(quote, str) or not quote.strip():
        return "no quote of the requirement it enforces"
    found = _locate(quote, texts)
    if found is None:
        return f"its quote {quote!r} is not in the prompt or criteria"
    source, start, end = found
    quoted = texts[source][start:end]
    masked = mask(texts[source])[start:end]
    letters = [m for m, o in zip(masked, quoted, strict=True) if o.isalnum()]
    if letters and all(ch == MASK for ch in letters):
        return f"its quote {quote!r} is quoted or handed-over material, not the user's requirement"
    if HEDGE.search(quoted.lower()):
        return f"its quote {quote!r} is hedged, not a requirement"
    return CompiledCheck(
        spec=spec, origin="llm", source=source, source_span=(start, end), source_text=quoted
    )


async def compile_checks_with_llm(
    prompt: str,
    criteria: str | None = None,
    *,
    provider: Provider,
    gateway: ModelGateway | None = None,
    attempt: int = 1,
    max_tokens: int = _MAX_TOKENS,
) -> LLMCompilation:
    """Ask ``provider`` for the checks stated in ``prompt`` and ``criteria``.

    The call goes through ``gateway`` (a run's ledger, so budgets, deadlines
    and call records cover it; kind ``judge``, evaluator
    ``criteria_compiler``); without one a fresh ledger with default limits
    is used. Never raises for a provider or reply failure.
    """
    if gateway is None:
        from redraft.core._ledger import Ledger

        gateway = Ledger(Policy())
    blocks = [tagged("request", prompt)]
    if criteria:
        blocks.append(tagged("criteria", criteria))
    request = ModelRequest(
        messages=[
            Message(role="system", content=_SYSTEM.format(vocabulary=_vocabulary_lines())),
            Message(role="user", content="\n\n".join(blocks)),
        ],
        max_tokens=max_tokens,
        temperature=0.0,
        json_schema=llm_schema(),
    )
    try:
        completion = await gateway.complete(
            provider, request, kind="judge", attempt=attempt, evaluator=COMPILER_NAME
        )
    except Exception as exc:  # any failure degrades to the rules; CancelledError passes
        return LLMCompilation(error=f"the compiler call failed: {type(exc).__name__}: {exc}")
    raw = _parse(completion.text)
    items = raw.get("checks") if isinstance(raw, dict) else raw
    if not isinstance(items, list):
        shown = completion.text.strip()[:120] or "nothing"
        return LLMCompilation(error=f"the compiler did not reply with a check list: {shown!r}")
    texts: dict[TextSource, str] = {"prompt": prompt}
    if criteria:
        texts["criteria"] = criteria
    result = LLMCompilation()
    for item in items[:_MAX_CHECKS]:
        vetted = _vet(item, texts)
        if isinstance(vetted, str):
            result.dropped.append({"item": item, "reason": vetted})
        else:
            result.checks.append(vetted)
    return result
