"""The code's shape as a reader meets it: one meaning per class name inside a
package, and the layers docs/concepts.md describes are the ones import-linter
enforces."""

from __future__ import annotations

import ast
import re
import tomllib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "redraft"


def duplicate_class_names(package: Path) -> dict[str, dict[str, list[str]]]:
    """Per subpackage of ``package`` (nested ones included in theirs; the
    package's own modules are ``.``), each class name defined more than once
    with the modules that define it."""
    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for module in sorted(package.rglob("*.py")):
        relative = module.relative_to(package)
        subpackage = relative.parts[0] if len(relative.parts) > 1 else "."
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found[subpackage][node.name].append(relative.as_posix())
    return {
        subpackage: {name: where for name, where in names.items() if len(where) > 1}
        for subpackage, names in found.items()
        if any(len(where) > 1 for where in names.values())
    }


def contract_layers(pyproject: str) -> list[set[str]]:
    """The "Layers" contract's layers, top to bottom, each a set of siblings."""
    contracts = tomllib.loads(pyproject)["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers"]
    return [{name.strip() for name in layer.split("|")} for layer in layers]


def documented_layers(concepts: str) -> list[set[str]]:
    """The layer table under "## Architecture", top to bottom: each row's
    packages (``redraft.x`` in backticks in its second column)."""
    section = concepts.split("## Architecture", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")][2:]
    layers = [set(re.findall(r"`redraft\.(\w+)`", row.split("|")[2])) for row in rows]
    return layers[::-1]  # the table reads bottom up


def test_no_class_name_is_defined_twice_in_one_package() -> None:
    assert duplicate_class_names(PACKAGE) == {}


def test_a_class_name_defined_twice_in_a_package_is_found(tmp_path: Path) -> None:
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "_a.py").write_text("class Outcome: ...\n")
    (tmp_path / "core" / "_b.py").write_text("def f():\n    class Outcome: ...\n")
    (tmp_path / "criteria" / "_families").mkdir(parents=True)
    (tmp_path / "criteria" / "_outcome.py").write_text("class Outcome: ...\n")
    (tmp_path / "criteria" / "_families" / "_x.py").write_text("class Spec: ...\n")
    (tmp_path / "criteria" / "_spec.py").write_text("class Spec: ...\n")

    assert duplicate_class_names(tmp_path) == {
        "core": {"Outcome": ["core/_a.py", "core/_b.py"]},
        "criteria": {"Spec": ["criteria/_families/_x.py", "criteria/_spec.py"]},
    }


def test_the_documented_layers_are_the_import_contract() -> None:
    enforced = contract_layers((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    documented = documented_layers((ROOT / "docs" / "concepts.md").read_text(encoding="utf-8"))
    assert documented == enforced
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert set().union(*enforced) == packages


def test_a_layer_table_out_of_step_with_the_contract_differs() -> None:
    pyproject = '[[tool.importlinter.contracts]]\ntype = "layers"\nlayers = ["app", "a | b"]\n'
    concepts = (
        "## Architecture\n\n| layer | packages | what |\n|---|---|---|\n"
        "| 1 | `redraft.a` | x |\n| 1 | `redraft.b` | y |\n| 2 | `redraft.app` | z |\n"
        "\n## Next\n| not | `redraft.c` | a table |\n"
    )
    assert contract_layers(pyproject) == [{"app"}, {"a", "b"}]
    assert documented_layers(concepts) == [{"app"}, {"b"}, {"a"}]
    assert documented_layers(concepts) != contract_layers(pyproject)
