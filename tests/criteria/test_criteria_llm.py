"""The LLM compiler: valid replies become checks with spans, invalid items are
dropped with a reason, garbage and failures degrade to the rules."""

from __future__ import annotations

import asyncio
import json
import re

from _judging import answering
from redraft import ModelRequest, ProviderError, RunRequest, run
from redraft.app import build_panel
from redraft.criteria import CompiledChecks, LLMCompilation, compile_checks_with_llm, llm_schema
from redraft.criteria._families import FAMILIES
from redraft.criteria._spec import CHECK_SPEC_ADAPTER, SPEC_MODELS
from redraft.testing import FunctionModel, ScriptedModel

PROMPT = (
    "Describe Lisbon. Keep the whole thing tweet-sized, twelve words is the ceiling, "
    "and never use the letter z. "
    'Someone once wrote "use at most 3 words" about it.'
)


def reply(*items: object) -> str:
    """A compiler reply; an item need not be an object (invalid ones are dropped)."""
    return json.dumps({"checks": list(items)})


def compile_with(
    script: list[str | BaseException], criteria: str | None = None
) -> tuple[LLMCompilation, ScriptedModel]:
    model = ScriptedModel(script)
    result = asyncio.run(compile_checks_with_llm(PROMPT, criteria, provider=model))
    return result, model


def test_valid_items_become_checks_with_their_span() -> None:
    result, model = compile_with(
        [
            reply(
                {
                    "kind": "word_count",
                    "relation": "at_most",
                    "value": 12,
                    "quote": "twelve words is the ceiling",
                },
                {"kind": "forbidden_chars", "chars": "zZ", "quote": "never use the letter z"},
            )
        ]
    )
    assert result.error is None and result.dropped == []
    assert [c.spec.kind for c in result.checks] == ["word_count", "forbidden_chars"]
    first = result.checks[0]
    assert first.origin == "llm" and first.source == "prompt"
    assert first.source_span is not None
    assert PROMPT[first.source_span[0] : first.source_span[1]] == "twelve words is the ceiling"
    sent = model.history[0]
    assert isinstance(sent, ModelRequest)
    assert sent.json_schema == llm_schema()
    assert "<request>" in sent.messages[-1].text


def test_invalid_items_are_dropped_with_reasons_and_valid_ones_kept() -> None:
    result, _ = compile_with(
        [
            reply(
                {"kind": "word_count", "relation": "about", "value": 12, "quote": "twelve words"},
                {"kind": "haiku", "quote": "Describe Lisbon"},
                {"kind": "title", "quote": "with a nice title"},
                {
                    "kind": "word_count",
                    "relation": "at_most",
                    "value": 3,
                    "quote": "use at most 3 words",
                },
                {"kind": "letter_case", "case": "lower"},
                "not an object",
                {"kind": "keyword", "keyword": "Lisbon", "quote": "Describe Lisbon"},
            )
        ]
    )
    reasons = [d["reason"] for d in result.dropped]
    assert len(reasons) == 6
    assert "invalid check" in reasons[0] and "relation" in reasons[0]
    assert "invalid check" in reasons[1]
    assert "not in the prompt or criteria" in reasons[2]
    assert "quoted or handed-over material" in reasons[3]
    assert "no quote" in reasons[4]
    assert reasons[5] == "not a JSON object"
    assert [c.spec.kind for c in result.checks] == ["keyword"]


def test_hedged_quotes_are_dropped() -> None:
    model = ScriptedModel(
        [
            reply(
                {
                    "kind": "word_count",
                    "relation": "at_most",
                    "value": 100,
                    "quote": "ideally under 100 words",
                }
            )
        ]
    )
    result = asyncio.run(
        compile_checks_with_llm("Write a poem, ideally under 100 words.", provider=model)
    )
    assert result.checks == []
    assert "hedged" in result.dropped[0]["reason"]


def test_quotes_are_found_in_the_criteria_too() -> None:
    result, _ = compile_with(
        [reply({"kind": "letter_case", "case": "lower", "quote": "ALL lowercase"})],
        criteria="Everything in all lowercase.",
    )
    assert result.checks[0].source == "criteria"
    assert result.checks[0].source_text == "all lowercase"


def test_garbage_degrades_with_an_error() -> None:
    result, _ = compile_with(["I think the user wants a short answer!"])
    assert result.checks == []
    assert result.error is not None and "did not reply with a check list" in result.error


def test_repaired_json_is_read() -> None:
    result, _ = compile_with(
        ["```json\n{'checks': [{'kind': 'title', 'quote': 'Describe Lisbon',}]}\n```"]
    )
    assert [c.spec.kind for c in result.checks] == ["title"]


def test_a_failing_provider_degrades_with_an_error() -> None:
    result, _ = compile_with([ProviderError("boom")])
    assert result.checks == []
    assert result.error is not None and "boom" in result.error


JUDGE_PASSES = answering("yes", 10)
"""The judge's checklist reply: every item the checks leave to it is met."""


def test_a_run_compiles_once_and_the_llm_check_drives_the_redraft() -> None:
    compiler_calls = 0

    def judge(request: ModelRequest) -> str:
        nonlocal compiler_calls
        if "mechanical requirements" in request.messages[0].text:
            compiler_calls += 1
            return reply(
                {
                    "kind": "word_count",
                    "relation": "at_most",
                    "value": 12,
                    "quote": "twelve words is the ceiling",
                },
                {
                    "kind": "word_count",
                    "relation": "at_most",
                    "value": 99,
                    "quote": "Describe Lisbon",
                },
            )
        return JUDGE_PASSES(request)

    request = RunRequest.from_prompt(PROMPT, criteria="Accurate.")
    panel = build_panel(
        FunctionModel(judge), criteria="Accurate.", request=request, llm_compile=True
    )
    long = "Lisbon is a hilly, sunny coastal capital with trams, tiles, pastries and fado music."
    generator = ScriptedModel([long, "Lisbon: hilly sunny capital with trams and fado."])
    result = asyncio.run(run(request, generator=generator, evaluator=panel))

    assert result.passed and result.attempts == 2
    assert compiler_calls == 1
    compiler = [c for c in result.calls if c.evaluator == "criteria_compiler"]
    assert len(compiler) == 1 and compiler[0].kind == "judge"
    first = result.drafts[0].verdict
    assert first is not None
    words = next(e for e in first.evidence if e.data.get("check", {}).get("kind") == "word_count")
    assert words.data["origin"] == "llm" and words.data["value"] == 12
    assert first.suggestions[0].startswith("Your answer has 14 words; the limit is 12.")
    note = next(e for e in first.evidence if e.evaluator == "criteria_compiler")
    assert note.status == "skipped" and len(note.data["checks"]) == 2
    judge_skipped = [e for e in first.evidence if e.kind == "judge"]
    assert judge_skipped and judge_skipped[0].status == "skipped"
    assert isinstance(panel.children[0], CompiledChecks)  # type: ignore[attr-defined]


def test_a_failing_compiler_leaves_the_rule_checks_in_charge() -> None:
    def judge(request: ModelRequest) -> str:
        if "mechanical requirements" in request.messages[0].text:
            raise ProviderError("compiler down")
        return JUDGE_PASSES(request)

    request = RunRequest.from_prompt("Name a colour in all lowercase.", criteria="A colour.")
    panel = build_panel(
        FunctionModel(judge), criteria="A colour.", request=request, llm_compile=True
    )
    generator = ScriptedModel(["Blue", "blue"])
    result = asyncio.run(run(request, generator=generator, evaluator=panel))
    assert result.passed and result.attempts == 2
    first = result.drafts[0].verdict
    assert first is not None
    note = next(e for e in first.evidence if e.evaluator == "criteria_compiler")
    assert "compiler down" in note.reason
    assert any("Write every word in lowercase." in s for s in first.suggestions)


# -- the whole vocabulary, offered through one schema --------------------------------


def _union_kinds() -> set[str]:
    # From the CheckSpec union's own discriminator and the family registry,
    # not from the module that builds the compiler's schema.
    mapping = CHECK_SPEC_ADAPTER.json_schema()["discriminator"]["mapping"]
    return set(mapping) | {kind for family in FAMILIES for kind in family.kinds()}


def _variants() -> dict[str, dict[str, object]]:
    schema = llm_schema()
    items = schema["properties"]["checks"]["items"]["anyOf"]
    return {item["properties"]["kind"]["enum"][0]: item for item in items}


def test_the_schema_offers_every_kind_of_the_union_with_all_its_fields() -> None:
    variants = _variants()
    kinds = _union_kinds()
    assert len(kinds) >= 60 and "emoji_count" in kinds
    assert set(variants) == kinds
    for model in SPEC_MODELS:
        kind = str(model.model_fields["kind"].default)
        properties = variants[kind]["properties"]
        assert isinstance(properties, dict)
        assert set(properties) == set(model.model_fields) | {"quote"}, kind
        assert variants[kind]["required"] == list(properties)


def test_every_reference_in_the_schema_resolves() -> None:
    schema = llm_schema()
    text = json.dumps(schema)
    for ref in set(re.findall(r'"\$ref": "#/\$defs/([^"]+)"', text)):
        assert ref in schema.get("$defs", {}), ref


def test_the_system_message_names_every_kind() -> None:
    _, model = compile_with([reply()])
    sent = model.history[0]
    assert isinstance(sent, ModelRequest)
    system = sent.messages[0].text
    for kind in _union_kinds():
        assert f"- {kind}(" in system, kind


def test_a_family_check_is_kept_only_when_its_quote_is_in_the_prompt() -> None:
    prompt = "Write a birthday note for Ana with no emoji at all."
    present = {"kind": "emoji_count", "relation": "at_most", "value": 0}
    model = ScriptedModel(
        [
            reply(
                {**present, "quote": "no emoji at all"},
                {**present, "quote": "without any emoji whatsoever"},
                {"kind": "hashtag_count", "relation": "at_least", "value": 2, "quote": "hashtags"},
            )
        ]
    )
    result = asyncio.run(compile_checks_with_llm(prompt, provider=model))
    assert [c.spec.kind_name() for c in result.checks] == ["emoji_count"]
    assert result.checks[0].source_text == "no emoji at all"
    reasons = [d["reason"] for d in result.dropped]
    assert len(reasons) == 2
    assert all("not in the prompt or criteria" in r for r in reasons)
