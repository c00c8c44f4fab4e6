"""Profiles from TOML, model resolution, and how request options become a run plan."""

from __future__ import annotations

from pathlib import Path

import pytest

from redraft import ConfigurationError, Message, Policy
from redraft.app import (
    NothingToEvaluateError,
    Profile,
    UnknownModelError,
    build_panel,
    load_profiles,
    panel_or_none,
    resolve_model,
)
from redraft.config._profiles import check_request_spec
from redraft.providers import ScriptedModel
from redraft.server._options import (
    RedraftOptions,
    filter_for_initial_request,
    options_from_raw,
    plan_run,
)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "profiles.toml"
    path.write_text(text, encoding="utf-8")
    return path


def load(path: Path | None, judge: str | None = None) -> dict[str, Profile]:
    return load_profiles(path, default_model="openai:gpt-4o-mini", default_judge_model=judge)


# -- loading -----------------------------------------------------------------------------


def test_without_a_file_only_the_builtin_local_profile_exists() -> None:
    profiles = load(None)
    assert list(profiles) == ["local"]
    local = profiles["local"]
    assert (local.model, local.judge_model, local.stream_mode) == ("local", "local", "final")


def test_the_builtin_profile_uses_the_default_judge_when_one_is_set() -> None:
    assert load(None, judge="anthropic:claude-3-5-haiku")["local"].judge_model == (
        "anthropic:claude-3-5-haiku"
    )


def test_a_good_file_loads_every_profile_with_defaults_filled(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
[profiles.fast]
description = "small and quick"
model = "openai:gpt-4o-mini"
judge_model = "anthropic:claude-3-5-haiku"
judge = "criteria"
criteria = "Correct and under 50 words."
threshold = 0.7
max_attempts = 2
feedback = "hint"
on_exhausted = "last"
deadline_s = 30
token_budget = 5000
max_tokens = 256
must_match = ["\\\\d"]
must_not_match = ["(?i)as an ai"]
max_words = 50
stream_mode = "live"

[profiles.checks]
judge_model = "none"
max_words = 20
""",
    )
    profiles = load(path)
    assert set(profiles) == {"local", "fast", "checks"}
    fast = profiles["fast"]
    assert fast.name == "fast"
    assert fast.judge_model == "anthropic:claude-3-5-haiku"
    assert (fast.threshold, fast.max_attempts, fast.feedback, fast.on_exhausted) == (
        0.7,
        2,
        "hint",
        "last",
    )
    assert fast.must_match == [r"\d"] and fast.max_words == 50 and fast.stream_mode == "live"
    checks = profiles["checks"]
    assert checks.model == "openai:gpt-4o-mini"  # default_model
    assert checks.judge_model == "none" and not checks.has_judge


def test_a_profile_without_a_judge_model_is_judged_by_its_generator(tmp_path: Path) -> None:
    path = write(tmp_path, '[profiles.a]\nmodel = "anthropic:claude-3-5-haiku"\n')
    assert load(path)["a"].judge_model == "anthropic:claude-3-5-haiku"
    assert load(path, judge="openai:gpt-4o")["a"].judge_model == "openai:gpt-4o"


def test_the_file_may_override_the_builtin_local_profile(tmp_path: Path) -> None:
    path = write(tmp_path, '[profiles.local]\nmodel = "local"\njudge_model = "none"\nmax_words = 9')
    local = load(path)["local"]
    assert local.judge_model == "none" and local.max_words == 9


def test_an_unknown_key_names_the_file_the_profile_the_key_and_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, '[profiles.fast]\nmodel = "local"\n\nthreshhold = 0.5\n')
    with pytest.raises(ConfigurationError) as caught:
        load(path)
    message = str(caught.value)
    assert str(path) in message and "[profiles.fast]" in message
    assert "threshhold (line 4): unknown setting" in message


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("threshold = 1.5", "threshold"),
        ("max_attempts = 11", "max_attempts"),
        ('feedback = "shout"', "feedback"),
        ('model = "gpt-4o"', "model"),
        ('judge = "vibes"', "judge"),
        ('must_match = ["("]', "must_match"),
        ("max_words = 0", "max_words"),
    ],
)
def test_a_bad_value_names_its_key_and_line(tmp_path: Path, line: str, key: str) -> None:
    path = write(tmp_path, f'# profiles\n[profiles.p]\ndescription = "x"\n{line}\n')
    with pytest.raises(ConfigurationError, match=rf"{key}\S* \(line 4\)"):
        load(path)


def test_invalid_toml_reports_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, '[profiles.p]\nmodel = "local"\nthreshold = = 1\n')
    with pytest.raises(ConfigurationError, match=r"not valid TOML.*line 3"):
        load(path)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match=r"profiles file not found: .*nope\.toml"):
        load(tmp_path / "nope.toml")


def test_unknown_top_level_keys_and_non_table_profiles_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match=r"unknown top-level key.*'profile'"):
        load(write(tmp_path, '[profile.fast]\nmodel = "local"\n'))
    with pytest.raises(ConfigurationError, match=r"\[profiles.fast\]: must be a table"):
        load(write(tmp_path, '[profiles]\nfast = "local"\n'))


def test_profile_fields_are_validated_directly_too() -> None:
    with pytest.raises(ValueError, match="colour"):
        Profile.model_validate({"name": "p", "model": "local", "colour": "red"})
    profile = Profile.model_validate({"name": "p", "model": "scripted", "judge_model": "NONE"})
    assert profile.judge_model == "none"


# -- resolving a request's model ---------------------------------------------------------


def test_resolve_model_prefers_a_profile() -> None:
    profiles = load(None)
    assert resolve_model("local", profiles) is profiles["local"]


def test_resolve_model_turns_a_spec_into_an_ad_hoc_profile() -> None:
    profile = resolve_model("openai:gpt-4o-mini", load(None))
    assert (profile.name, profile.model, profile.judge_model) == (
        "openai:gpt-4o-mini",
        "openai:gpt-4o-mini",
        "openai:gpt-4o-mini",
    )
    assert profile.threshold == Policy().threshold and profile.max_attempts == 3
    judged = resolve_model("openai:gpt-4o-mini", {}, default_judge_model="anthropic:claude-x")
    assert judged.judge_model == "anthropic:claude-x"


def test_resolve_model_refuses_an_unknown_name_naming_it() -> None:
    with pytest.raises(UnknownModelError) as caught:
        resolve_model("gpt-4o", load(None))
    assert isinstance(caught.value, ConfigurationError)
    assert caught.value.model == "gpt-4o"
    assert "'gpt-4o'" in str(caught.value) and "offered: local" in str(caught.value)


def test_request_specs_may_not_name_server_files() -> None:
    with pytest.raises(UnknownModelError, match="names a file on the server"):
        resolve_model("scripted:/etc/passwd", {})
    with pytest.raises(ConfigurationError):
        check_request_spec("local:/tmp/model.gguf")
    assert check_request_spec("scripted") == "scripted"
    assert resolve_model("scripted:x.json", {}, allow_file_specs=True).model == "scripted:x.json"


# -- request options ---------------------------------------------------------------------


def test_unknown_option_names_are_all_listed() -> None:
    raw = {"threshold": 0.5, "max_attemps": 2, "colour": "red"}
    assert RedraftOptions.unknown_names(raw) == ["max_attemps", "colour"]
    with pytest.raises(
        ConfigurationError, match=r"unknown redraft options: 'max_attemps' .*'colour'"
    ):
        options_from_raw(raw)


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        ({"max_attempt": 2}, "unknown redraft option 'max_attempt'; did you mean 'max_attempts'?"),
        ({"treshold": 0.5}, "unknown redraft option 'treshold'; did you mean 'threshold'?"),
        (
            {"max_attempt": 2, "treshold": 0.5},
            "unknown redraft options: 'max_attempt' (did you mean 'max_attempts'?), "
            "'treshold' (did you mean 'threshold'?)",
        ),
    ],
)
def test_a_close_unknown_option_is_answered_with_the_one_meant(
    raw: dict[str, object], said: str
) -> None:
    # Only that: the known options are listed when nothing is close.
    assert RedraftOptions.unknown_message(RedraftOptions.unknown_names(raw)) == said
    known = RedraftOptions.unknown_message(["colour"])
    assert known.startswith("unknown redraft option 'colour' (known options: criteria,")
    assert known.count(", ") == len(RedraftOptions.model_fields) - 1


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"threshold": 1.2}, "threshold"),
        ({"max_attempts": 0}, "max_attempts"),
        ({"max_attempts": 11}, "max_attempts"),
        ({"max_words": 0}, "max_words"),
        ({"feedback": "yell"}, "feedback"),
        ({"on_exhausted": "cry"}, "on_exhausted"),
        ({"stream_mode": "chunky"}, "stream_mode"),
        ({"judge": "vibes"}, "judge"),
        ({"judge_model": "gpt-4o"}, "judge_model"),
        ({"must_match": ["("]}, "must_match"),
        ({"deadline_s": 0}, "deadline_s"),
        ({"token_budget": 0}, "token_budget"),
    ],
)
def test_option_ranges_are_enforced_naming_the_field(raw: dict[str, object], field: str) -> None:
    with pytest.raises(ConfigurationError, match=rf"redraft\.{field}"):
        options_from_raw(raw)


def test_options_from_raw_accepts_none_and_rejects_non_objects() -> None:
    assert options_from_raw(None) is None
    with pytest.raises(ConfigurationError, match="JSON object"):
        options_from_raw(["threshold"])
    assert options_from_raw({"judge_model": " None "}) == RedraftOptions(judge_model="none")


# -- plans ---------------------------------------------------------------------------------

PROFILE = Profile.model_validate(
    {
        "name": "p",
        "model": "scripted",
        "judge_model": "openai:gpt-4o-mini",
        "judge": "quality",
        "criteria": "Be right.",
        "format": "One line.",
        "threshold": 0.6,
        "max_attempts": 4,
        "feedback": "hint",
        "on_exhausted": "last",
        "deadline_s": 20,
        "token_budget": 900,
        "max_tokens": 128,
        "must_match": ["a"],
        "max_words": 40,
        "stream_mode": "live",
    }
)
USER = [Message(role="user", content="Hi?")]


def test_a_plan_takes_the_profile_defaults() -> None:
    plan = plan_run(PROFILE, None, USER)
    assert (plan.profile, plan.generator, plan.judge) == ("p", "scripted", "openai:gpt-4o-mini")
    assert plan.policy == Policy(
        threshold=0.6,
        max_attempts=4,
        feedback="hint",
        on_exhausted="last",
        deadline_s=20,
        token_budget=900,
        max_tokens=128,
    )
    assert (plan.request.format, plan.request.criteria) == ("One line.", "Be right.")
    # What the profile leaves out stays unset: the spec's defaults apply.
    assert plan.spec.given() == {
        "preset": "quality",
        "criteria": "Be right.",
        "must_match": ["a"],
        "max_words": 40,
        "judge_model": "openai:gpt-4o-mini",
    }
    assert (plan.stream_mode, plan.continuation) == ("live", False)


def test_request_options_win_over_the_profile() -> None:
    options = RedraftOptions.model_validate(
        {
            "threshold": 0.9,
            "max_attempts": 2,
            "criteria": "Cite a source.",
            "format": "JSON",
            "must_match": ["b"],
            "must_not_match": ["c"],
            "max_words": 10,
            "json_schema": {"type": "object"},
            "judge_model": "anthropic:claude-x",
            "preset": "criteria",
            "feedback": "encourage",
            "on_exhausted": "raise",
            "pairwise": True,
            "stream_mode": "final",
            "deadline_s": 5,
            "token_budget": 100,
        }
    )
    plan = plan_run(PROFILE, options, USER)
    assert plan.judge == "anthropic:claude-x"
    assert (
        plan.policy.model_dump()
        == Policy(
            threshold=0.9,
            max_attempts=2,
            feedback="encourage",
            on_exhausted="raise",
            pairwise=True,
            deadline_s=5,
            token_budget=100,
            max_tokens=128,
        ).model_dump()
    )
    assert {k: v for k, v in plan.spec.given().items() if not k.startswith(("check", "comp"))} == {
        "preset": "criteria",
        "criteria": "Cite a source.",
        "must_match": ["b"],
        "must_not_match": ["c"],
        "max_words": 10,
        "json_schema": {"type": "object"},
        "judge_model": "anthropic:claude-x",
    }
    assert (plan.request.format, plan.request.criteria, plan.stream_mode) == (
        "JSON",
        "Cite a source.",
        "final",
    )


def test_the_openai_request_parameters_apply_last_and_are_validated() -> None:
    plan = plan_run(PROFILE, None, USER).with_request_parameters(max_tokens=64, temperature=0.2)
    assert (plan.policy.max_tokens, plan.policy.temperature) == (64, 0.2)
    assert plan_run(PROFILE, None, USER).with_request_parameters().policy.max_tokens == 128
    with pytest.raises(ConfigurationError, match="max_tokens"):
        plan_run(PROFILE, None, USER).with_request_parameters(max_tokens=0)


def test_a_deadline_neither_profile_nor_request_set_stays_unset_for_the_run_to_size() -> None:
    bare = Profile.model_validate({"name": "b", "model": "local", "judge_model": "local"})
    plan = plan_run(bare, None, USER).with_request_parameters(max_tokens=64)
    assert "deadline_s" not in plan.policy.model_fields_set
    assert plan.policy.deadline_s == 30.0  # what a run gets from a model that reports no speed
    asked = plan_run(bare, RedraftOptions.model_validate({"deadline_s": 7}), USER)
    assert "deadline_s" in asked.policy.model_fields_set and asked.policy.deadline_s == 7
    from_profile = plan_run(PROFILE, None, USER).with_request_parameters(max_tokens=64)
    assert "deadline_s" in from_profile.policy.model_fields_set
    assert from_profile.policy.deadline_s == 20
    no_limit = bare.model_copy(update={"deadline_s": None})
    assert plan_run(no_limit, None, USER).policy.deadline_s is None


def test_checks_only_drops_the_profiles_judge_settings_and_builds_a_panel() -> None:
    plan = plan_run(PROFILE, RedraftOptions(judge_model="none"), USER)
    assert plan.judge is None
    assert plan.spec.preset is None and plan.spec.criteria is None
    panel = build_panel(None, plan.spec)
    assert not panel.uses_llm


async def test_checks_only_with_nothing_to_check_plans_an_unverified_run() -> None:
    bare = Profile.model_validate({"name": "b", "model": "scripted"})
    # Nothing to evaluate is not refused: the run returns its draft unverified.
    plan = plan_run(bare, RedraftOptions(judge_model="none", compile_checks=False), USER)
    with pytest.raises(NothingToEvaluateError, match="nothing to evaluate"):
        build_panel(None, plan.spec, request=plan.request)
    assert await panel_or_none(None, plan.spec, request=plan.request) is None
    # With compilation the panel accounts for the prompt's requirements, even
    # when none compiles: they are reported unverified, not passed.
    plan = plan_run(bare, RedraftOptions(judge_model="none"), USER)
    panel = await panel_or_none(None, plan.spec, request=plan.request)
    assert panel is not None and not panel.uses_llm


def test_request_criteria_without_a_judge_reach_build_panel_which_names_the_conflict() -> None:
    plan = plan_run(PROFILE, RedraftOptions(judge_model="none", criteria="x"), USER)
    with pytest.raises(ConfigurationError, match="no judge model"):
        build_panel(None, plan.spec)
    judge = ScriptedModel([])
    assert build_panel(judge, plan_run(PROFILE, None, USER).spec).uses_llm


def test_a_request_judge_model_may_not_name_a_server_file() -> None:
    with pytest.raises(ConfigurationError, match="names a file"):
        plan_run(PROFILE, RedraftOptions(judge_model="scripted:/etc/passwd"), USER)


def test_a_plan_needs_a_user_message() -> None:
    with pytest.raises(ConfigurationError, match="user message"):
        plan_run(PROFILE, None, [Message(role="system", content="Be terse.")])


# -- continuation --------------------------------------------------------------------------

CALL = [{"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{}"}}]


def history() -> list[Message]:
    return [
        Message(role="system", content="You help."),
        Message(role="user", content="Weather in Paris?"),
        Message.model_validate({"role": "assistant", "content": None, "tool_calls": CALL}),
        Message(role="tool", content="18C sunny", tool_call_id="c1"),
        Message.model_validate(
            {"role": "assistant", "content": "Let me check more.", "tool_calls": CALL}
        ),
        Message(role="tool", content="wind 5 km/h", tool_call_id="c1"),
        Message(role="assistant", content="It is 18C and sunny."),
        Message(role="user", content="And in Rome?"),
        Message.model_validate({"role": "assistant", "content": "", "tool_calls": CALL}),
        Message(role="tool", content="22C", tool_call_id="c1"),
    ]


def test_a_fresh_request_drops_earlier_tool_cycles_but_keeps_the_current_one() -> None:
    kept = filter_for_initial_request(history())
    assert [(m.role, m.text) for m in kept] == [
        ("system", "You help."),
        ("user", "Weather in Paris?"),
        ("assistant", "Let me check more."),
        ("assistant", "It is 18C and sunny."),
        ("user", "And in Rome?"),
        ("assistant", ""),
        ("tool", "22C"),
    ]
    assert "tool_calls" not in (kept[2].model_extra or {})  # earlier cycle: calls stripped
    assert (kept[5].model_extra or {})["tool_calls"] == CALL  # current cycle: as sent


def test_plan_run_filters_a_fresh_request_and_keeps_a_continuation_exactly() -> None:
    messages = history()
    fresh = plan_run(PROFILE, None, messages)
    assert [m.role for m in fresh.request.messages].count("tool") == 1
    resumed = plan_run(PROFILE, RedraftOptions(continuation=True), messages)
    assert resumed.continuation is True
    assert resumed.request.messages == messages


def test_filtering_without_tool_messages_changes_nothing() -> None:
    plain = [Message(role="user", content="a"), Message(role="assistant", content="b")]
    plain.append(Message(role="user", content="c"))
    assert filter_for_initial_request(plain) == plain
