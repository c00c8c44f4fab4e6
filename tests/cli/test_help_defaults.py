"""What `--help` says an option defaults to is what the code does: a stated
default written by hand (or a click default copied from the library) cannot
drift from the library's own."""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from redraft import Policy, RunRequest
from redraft.app import Settings, build_panel
from redraft.app._sinks import local_log_on
from redraft.cli import cli
from redraft.core._types import DEFAULT_DEADLINE_S
from redraft.evaluators import Judge
from redraft.providers import ScriptedModel

_STATED = re.compile(r"\[default: ([^\]]*)\]")


def _stated_defaults(command: click.Command) -> dict[str, str]:
    """Each option's stated default, by its first flag, as `--help` shows it."""
    context = click.Context(command)
    stated: dict[str, str] = {}
    for param in command.params:
        record = param.get_help_record(context)
        found = _STATED.search(record[1]) if record else None
        if found and isinstance(param, click.Option):
            # click appends the range after a ";", a hand-written one its note.
            stated[param.opts[0]] = found.group(1).split(";")[0].strip()
    return stated


def _default_preset() -> str:
    """The preset a panel's judge gets when none is asked for: what it does,
    not what a constant says."""
    request = RunRequest.from_prompt("Write a haiku about rain.")
    panel = build_panel(ScriptedModel(["x"]), request=request)
    [judge] = [m for m in getattr(panel, "children", [panel]) if isinstance(m, Judge)]
    return judge.preset


def _code_defaults() -> dict[str, str]:
    policy, settings = Policy(), Settings.model_fields
    assert settings["log"].default is None
    assert settings["judge_model"].default is None  # "the generator" below
    assert policy.temperature is None  # "the model's own" below
    return {
        "--threshold": str(policy.threshold),
        "--model": f"$REDRAFT_MODEL or {settings['model'].default}",
        "--judge-model": "$REDRAFT_JUDGE_MODEL or the generator",
        "--preset": _default_preset(),
        "--max-attempts": str(policy.max_attempts),
        "--feedback": policy.feedback,
        "--on-exhausted": policy.on_exhausted,
        "--on-uncertain": policy.on_uncertain,
        "--repair": "repair" if policy.repair else "no-repair",
        "--deadline": f"{policy.deadline_s:g}, or sized to the embedded model's speed here",
        "--max-tokens": str(policy.max_tokens),
        "--temperature": "the model's own",
        "--delivery": policy.delivery,
        "--candidates": str(policy.candidates),
        # Unset, REDRAFT_LOG leaves the command's own runs logged.
        "--log": "on" if local_log_on(Settings(log=None), "cli") else "off",
    }


def test_ask_states_the_defaults_the_code_has() -> None:
    # Every default `redraft ask --help` states is one of these, and right.
    assert _stated_defaults(cli.commands["ask"]) == _code_defaults()


@pytest.mark.parametrize("name", ["judge", "eval"])
def test_the_commands_sharing_options_state_the_same_defaults(name: str) -> None:
    stated = _stated_defaults(cli.commands[name])
    shared = {flag: said for flag, said in _code_defaults().items() if flag in stated}
    assert len(shared) >= 4  # the evaluation options at least
    if name == "judge":
        shared["--deadline"] = str(DEFAULT_DEADLINE_S)  # one answer's evaluation
    assert {flag: stated[flag] for flag in shared} == shared


def test_the_help_says_the_preset_the_panel_uses() -> None:
    help_text = CliRunner().invoke(cli, ["ask", "--help"]).output
    assert f"[default: {_default_preset()}]" in " ".join(help_text.split())
