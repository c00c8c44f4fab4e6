"""The code's shape as a reader meets it: one meaning per class name inside a
package."""

from __future__ import annotations

import ast
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
