"""Criteria compilation end to end: the library loop, ``redraft ask``,
``redraft checks`` and the HTTP service (explicit checks that extend or
replace the compiled ones, compilation off, invalid specs)."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import openai
import pytest
from click.testing import CliRunner

from _live_server import serve_in_thread
from redraft import ConfigurationError, Message, Policy, RunRequest, Settings, run
from redraft.app import Profile, build_panel
from redraft.cli import cli
from redraft.providers import ProviderRegistry, ScriptedModel
from redraft.server import create_app

PROMPT = "What is the capital of France? Answer in at most 8 words, all lowercase."
LONG = "The capital of France is Paris, which is famous for its museums."
GOOD = "the capital of france is paris."


def test_a_failing_compiled_check_feeds_its_exact_correction_to_the_redraft() -> None:
    request = RunRequest.from_prompt(PROMPT)
    panel = build_panel(None, request=request)
    # Without repairs: the correction itself, not the lowercasing edit, is the point here.
    policy = Policy(repair=False)
    drafter = ScriptedModel([LONG, GOOD])
    result = asyncio.run(run(request, generator=drafter, evaluator=panel, policy=policy))
    # The checks pass the second draft; with no judge, the question itself
    # stays unverified, so the run stops there without claiming a pass.
    assert (result.passed, result.attempts, result.stop_reason) == (None, 2, "unverified")
    final = result.drafts[1].verdict
    assert final is not None
    assert [(r.text, r.coverage, r.passed) for r in final.requirements] == [
        ("What is the capital of France?", "unverified", None),
        ("Answer in at most 8 words, all lowercase", "exact", True),
    ]
    first = result.drafts[0].verdict
    assert first is not None and not first.passed
    assert "Your answer has 12 words; the limit is 8. Cut at least 4 words." in first.suggestions
    second = result.drafts[1]
    assert second.feedback is not None
    assert "Cut at least 4 words." in second.feedback
    assert "Write every word in lowercase." in second.feedback
    spans = [e.data["source_text"] for e in first.evidence]
    assert spans == ["at most 8 words", "all lowercase"]


def test_compilation_off_leaves_nothing_to_check() -> None:
    with pytest.raises(ConfigurationError, match="nothing to evaluate"):
        build_panel(None, request=PROMPT, compile_checks=False)


def test_explicit_checks_extend_or_replace_the_compiled_ones() -> None:
    explicit = {"kind": "word_count", "relation": "at_most", "value": 3}
    extended = build_panel(None, request=PROMPT, checks=[explicit])
    replaced = build_panel(None, request=PROMPT, checks=[explicit], checks_mode="replace")
    kinds = [
        [(c.spec.kind, c.origin) for c in panel.children[0].checks]  # type: ignore[attr-defined]
        for panel in (extended, replaced)
    ]
    # The explicit word limit takes the compiled one's slot; the case check stays.
    assert kinds[0] == [("word_count", "explicit"), ("letter_case", "rules")]
    assert kinds[1] == [("word_count", "explicit")]
    with pytest.raises(ConfigurationError, match=r"checks\[0\]\.word_count\.relation: Field"):
        build_panel(None, request=PROMPT, checks=[{"kind": "word_count", "value": 3}])


# -- the CLI ------------------------------------------------------------------------


def _script(tmp_path: Path, items: list[str]) -> str:
    path = tmp_path / "model.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    return f"scripted:{path}"


def test_ask_compiles_the_prompt_and_records_the_checks(tmp_path: Path) -> None:
    model = _script(tmp_path, [LONG, GOOD])
    result = CliRunner().invoke(
        cli, ["ask", PROMPT, "--model", model, "--judge-model", "none", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # The lowercasing is repaired without a model; no sentence fits 8 words,
    # so nothing is cut and the model redrafts from the corrections.
    assert data["attempts"] == 3
    assert [d["finish_reason"] for d in data["drafts"]][1] == "repair"
    assert data["drafts"][1]["text"] == LONG.lower()
    evidence = data["drafts"][0]["verdict"]["evidence"]
    assert [e["data"]["check"]["kind"] for e in evidence] == ["word_count", "letter_case"]
    assert evidence[0]["data"]["origin"] == "rules"
    assert evidence[0]["data"]["measured"] == 12


def test_ask_no_compile_and_explicit_checks(tmp_path: Path) -> None:
    model = _script(tmp_path, [LONG, GOOD])
    runner = CliRunner()
    off = runner.invoke(
        cli, ["ask", PROMPT, "--model", model, "--judge-model", "none", "--no-compile"]
    )
    assert off.exit_code == 0, off.output
    assert "the answer is unverified: nothing to evaluate" in off.stderr
    assert LONG in off.stdout and GOOD not in off.stdout
    check = json.dumps({"kind": "keyword", "keyword": "paris"})
    only = runner.invoke(
        cli,
        [
            "ask",
            PROMPT,
            "--model",
            model,
            "--judge-model",
            "none",
            "--no-compile",
            "--check",
            check,
            "--json",
        ],
    )
    assert only.exit_code == 0, only.output
    data = json.loads(only.stdout)
    assert data["attempts"] == 1  # the long draft names Paris; no compiled check fails it
    bad = runner.invoke(cli, ["ask", PROMPT, "--model", model, "--check", '{"kind": "nope"}'])
    assert bad.exit_code == 2
    assert "--check" in bad.output


def test_checks_command_prints_checks_and_spans() -> None:
    runner = CliRunner()
    shown = runner.invoke(cli, ["checks", PROMPT])
    assert shown.exit_code == 0, shown.output
    assert "word_count" in shown.output and "'at most 8 words'" in shown.output
    as_json = runner.invoke(cli, ["checks", PROMPT, "--criteria", "No commas.", "--json"])
    assert as_json.exit_code == 0
    data = json.loads(as_json.stdout)
    assert [c["spec"]["kind"] for c in data["checks"]] == [
        "word_count",
        "letter_case",
        "forbidden_chars",
    ]
    assert data["checks"][2]["source"] == "criteria"
    assert data["checks"][0]["source_span"] == [41, 56]
    # Every clause, with its status and what no check covers.
    assert [
        (r["text"], r["source"], r["status"], r["checks"], r["uncovered"])
        for r in data["requirements"]
    ] == [
        ("What is the capital of France?", "prompt", "judge", [], "What capital France"),
        ("Answer in at most 8 words, all lowercase", "prompt", "exact", [1, 2], ""),
        ("No commas", "criteria", "exact", [3], ""),
    ]
    assert "requirements" in shown.output and "│ judge " in shown.output
    assert "1 of 2 requirements verified exactly by checks" in shown.output
    nothing = runner.invoke(cli, ["checks", "Don't worry about length."])
    assert "No check compiled" in nothing.output
    empty = runner.invoke(cli, ["checks", "  "])
    assert empty.exit_code == 2


def test_checks_command_with_the_llm_compiler(tmp_path: Path) -> None:
    reply = {
        "checks": [
            {"kind": "keyword", "keyword": "Paris", "quote": "capital of France"},
            {"kind": "title", "quote": "not in the prompt"},
        ]
    }
    model = _script(tmp_path, [json.dumps(reply)])
    result = CliRunner().invoke(cli, ["checks", PROMPT, "--llm", "--judge-model", model, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(c["spec"]["kind"], c["origin"]) for c in data["checks"]] == [
        ("word_count", "rules"),
        ("letter_case", "rules"),
        ("keyword", "llm"),
    ]
    assert len(data["dropped"]) == 1 and data["error"] is None


# -- the service ---------------------------------------------------------------------


@pytest.fixture
def service(database_url: str) -> Iterator[tuple[str, ProviderRegistry]]:
    registry = ProviderRegistry()
    settings = Settings(database_url=database_url)
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        yield base_url, registry


_NAMES = itertools.count()


def _client(base_url: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{base_url}/v1", api_key="unused", max_retries=0)


def _ask(
    service: tuple[str, ProviderRegistry], script: list[str], options: dict[str, object]
) -> object:
    base_url, registry = service
    spec = f"scripted:gen{next(_NAMES)}"
    registry.add(spec, ScriptedModel(script))
    return _client(base_url).chat.completions.create(
        model=spec,
        messages=[{"role": "user", "content": PROMPT}],
        extra_body={"redraft": {"judge_model": "none", **options}},
    )


def _extension(completion: object) -> dict[str, object]:
    extra = getattr(completion, "model_extra", None) or {}
    value = extra["redraft"]
    assert isinstance(value, dict)
    return value


def test_service_compiles_and_accepts_explicit_checks(
    service: tuple[str, ProviderRegistry],
) -> None:
    compiled = _extension(_ask(service, [LONG, GOOD], {"repair": False}))
    assert compiled["passed"] is None and compiled["attempts"] == 2
    # By default the lowercasing is first repaired without a model (attempt 2).
    repaired = _extension(_ask(service, [LONG, GOOD], {}))
    assert repaired["passed"] is None and repaired["attempts"] == 3

    extra = {"kind": "keyword", "keyword": "louvre"}
    extended = _extension(_ask(service, [GOOD, "the louvre is in paris."], {"checks": [extra]}))
    assert extended["attempts"] == 2

    replaced = _extension(
        _ask(
            service,
            [LONG],
            {"checks": [{"kind": "keyword", "keyword": "paris"}], "checks_mode": "replace"},
        )
    )
    assert replaced["passed"] is None and replaced["attempts"] == 1


def test_service_names_the_field_of_an_invalid_check_and_answers_with_nothing_to_check(
    service: tuple[str, ProviderRegistry],
) -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        _ask(service, [GOOD], {"checks": [{"kind": "word_count", "relation": "about", "value": 3}]})
    assert "redraft.checks.0" in caught.value.message and "relation" in caught.value.message
    off = _ask(service, [GOOD, LONG], {"compile_checks": False})
    assert off.choices[0].message.content == GOOD  # type: ignore[attr-defined]
    extension = _extension(off)
    assert (extension["passed"], extension["attempts"]) == (None, 1)


def test_profiles_carry_checks_and_the_switch() -> None:
    from redraft.server._options import options_from_raw, plan_run

    profile = Profile.model_validate(
        {
            "name": "strict",
            "model": "scripted",
            "judge_model": "none",
            "compile_checks": False,
            "checks": [{"kind": "forbidden_chars", "chars": ","}],
        }
    )
    plan = plan_run(profile, None, [Message(role="user", content=PROMPT)])
    assert plan.spec.compile_checks is False
    panel = build_panel(None, plan.spec, request=plan.request)
    checks = panel.children[0].checks  # type: ignore[attr-defined]
    assert [(c.spec.kind, c.origin) for c in checks] == [("forbidden_chars", "explicit")]
    # The request wins over the profile: compilation back on, the profile's checks extended.
    options = options_from_raw({"compile_checks": True})
    plan = plan_run(profile, options, [Message(role="user", content=PROMPT)])
    panel = build_panel(None, plan.spec, request=plan.request)
    kinds = [c.spec.kind for c in panel.children[0].checks]  # type: ignore[attr-defined]
    assert kinds == ["forbidden_chars", "word_count", "letter_case"]
    with pytest.raises(ValueError, match="checks"):
        Profile.model_validate(
            {"name": "bad", "model": "scripted", "checks": [{"kind": "word_count"}]}
        )
