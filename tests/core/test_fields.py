"""Each setting is declared once: every way in takes its options from
:class:`~redraft.Policy` and :class:`~redraft.EvaluationSpec`, and a setting
restated anywhere else fails here."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any, Optional, get_type_hints

import click
import pytest
from pydantic import BaseModel

import redraft
from redraft.app import EvaluationOptions, EvaluationSpec, Profile, Settings
from redraft.app._redrafter import RedrafterOptions
from redraft.cli import cli
from redraft.config._spec import CALL_POLICY, SpecOptions
from redraft.core._fields import PolicyOptions, optional_fields
from redraft.core._types import Policy
from redraft.evals._models import ROW_SPEC_FIELDS, DatasetRow
from redraft.middleware._common import WrapOptions
from redraft.server._answers import AnswersRequest
from redraft.server._options import SERVICE_POLICY, RedraftOptions

SOURCE = Path(redraft.__file__).parent
ONCE = ("max_attempts", "threshold", "cost_budget_usd", "on_uncertain", "must_match")
SPEC_ARGUMENTS = set(EvaluationSpec.field_names()) - {"judge_model", "judge"}
"""The judge model is named on its own; ``judge`` is the preset's old name,
which ``build_panel`` cannot take (its judge provider is called that)."""


def _same_field(
    model: type[BaseModel], name: str, source: type[BaseModel], field: str, *, help: bool = True
) -> None:
    got, declared = model.model_fields[name], source.model_fields[field]
    assert got.metadata == declared.metadata, name
    assert got.annotation in (declared.annotation, Optional[declared.annotation]), name  # noqa: UP045
    assert not help or got.description == declared.description, name


def test_policy_options_are_the_policys_fields() -> None:
    declared = {name: field.annotation for name, field in Policy.model_fields.items()}
    assert get_type_hints(PolicyOptions) == declared


def test_spec_options_are_the_specs_fields() -> None:
    hints = get_type_hints(SpecOptions)
    assert set(hints) == SPEC_ARGUMENTS
    fields = EvaluationSpec.model_fields
    for name, hint in hints.items():
        declared = fields["compile_with_llm" if name == "llm_compile" else name].annotation
        if name != "checks":  # checks may also be JSON objects, and evaluators of your own
            assert hint == declared, name
    check_spec = get_type_hints(EvaluationSpec, include_extras=True)["checks"].__args__[0]
    checks = get_type_hints(SpecOptions, include_extras=True)["checks"].__args__[0]
    assert check_spec.__args__[0] in checks.__args__[0].__args__


def test_keyword_options_are_the_models_fields() -> None:
    assert set(get_type_hints(RedrafterOptions)) == {
        *Policy.model_fields,
        *SPEC_ARGUMENTS,
        "judge",
    }
    assert set(get_type_hints(WrapOptions)) >= SPEC_ARGUMENTS


def test_request_options_take_the_policys_fields() -> None:
    for name in CALL_POLICY:
        _same_field(EvaluationOptions, name, Policy, name)
        assert EvaluationOptions.model_fields[name].default is None
    for name in (*CALL_POLICY, *SERVICE_POLICY):
        _same_field(RedraftOptions, name, Policy, name)
    for name in EvaluationSpec.model_fields:
        _same_field(RedraftOptions, name, EvaluationSpec, name)
    with pytest.raises(ValueError, match="less than or equal to 10"):
        RedraftOptions.model_validate({"max_attempts": 11})


def test_a_profile_is_a_policy_and_a_spec() -> None:
    for name, field in Policy.model_fields.items():
        _same_field(Profile, name, Policy, name)
        assert Profile.model_fields[name].default == field.default
    for name in set(EvaluationSpec.model_fields) - {"judge_model"}:
        _same_field(Profile, name, EvaluationSpec, name)


def test_legacy_names_rows_and_settings_take_the_declared_ranges() -> None:
    _same_field(AnswersRequest, "iter_max", Policy, "max_attempts", help=False)
    _same_field(AnswersRequest, "score_threshold", Policy, "threshold", help=False)
    assert AnswersRequest.model_fields["iter_max"].default == Policy().max_attempts
    assert AnswersRequest.model_fields["score_threshold"].default == Policy().threshold
    with pytest.raises(ValueError, match="less than or equal to 1"):
        Settings(threshold=1.5)
    for name in ROW_SPEC_FIELDS:
        _same_field(DatasetRow, name, EvaluationSpec, name)


def test_the_flags_take_type_range_default_and_help_from_the_fields() -> None:
    command = cli.commands["ask"]
    checked = 0
    for param in command.params:
        if not isinstance(param, click.Option) or param.name is None:
            continue
        model = Policy if param.name in Policy.model_fields else EvaluationSpec
        field = model.model_fields.get(param.name)
        if field is None or field.description is None:  # a model spec's flag, written out
            continue
        checked += 1
        assert param.help is not None and field.description is not None
        assert param.help.startswith(field.description), param.name
        if field.default is not None and param.name != "deadline_s":  # sized when unset
            assert param.default == field.default, param.name
        if isinstance(param.type, click.IntRange | click.FloatRange):
            bounds = {
                key: getattr(limit, key)
                for limit in field.metadata
                for key in ("ge", "gt", "le", "lt")
                if getattr(limit, key, None) is not None
            }
            assert param.type.min == bounds.get("ge", bounds.get("gt")), param.name
            assert param.type.max == bounds.get("le", bounds.get("lt")), param.name
    assert checked >= 17


def _is_settings(module: str, name: str) -> bool:
    """Whether a class holds settings (a model, or a TypedDict of options),
    not a value passed along (a dataclass carrying the threshold in use)."""
    kind = getattr(importlib.import_module(module), name, None)
    return isinstance(kind, type) and (
        issubclass(kind, BaseModel) or hasattr(kind, "__required_keys__")
    )


def _declarations() -> dict[str, set[str]]:
    """Where each of :data:`ONCE` is declared in a settings class, by module and class."""
    found: dict[str, set[str]] = {name: set() for name in ONCE}
    for path in SOURCE.rglob("*.py"):
        module = ".".join(path.relative_to(SOURCE.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for statement in node.body:
                target = getattr(statement, "target", None)
                named = isinstance(target, ast.Name) and target.id in found
                if isinstance(statement, ast.AnnAssign) and named:
                    assert isinstance(target, ast.Name)
                    if _is_settings(module, node.name):
                        found[target.id].add(f"{module}.{node.name}")
    return found


def test_each_setting_is_declared_once() -> None:
    # The model's field, and the keyword-argument TypedDict the tests above
    # keep equal to it; REDRAFT_THRESHOLD takes the declared range (above).
    policy = {"redraft.core._types.Policy", "redraft.core._fields.PolicyOptions"}
    assert _declarations() == {
        "max_attempts": policy,
        "threshold": policy | {"redraft.config._settings.Settings"},
        "cost_budget_usd": policy,
        "on_uncertain": policy,
        "must_match": {"redraft.config._spec.EvaluationSpec", "redraft.config._spec.SpecOptions"},
    }


def test_optional_fields_keep_aliases_and_refuse_what_the_source_refuses() -> None:
    made: Any = optional_fields(
        EvaluationSpec, ("preset", "max_words"), base=BaseModel, name="Made"
    )
    assert made.model_validate({"judge": "criteria"}).preset == "criteria"
    assert made().max_words is None
    with pytest.raises(ValueError, match="greater than or equal to 1"):
        made.model_validate({"max_words": 0})
