"""Reading a dataset: JSON Lines, CSV or a JSON array of rows.

A JSONL line or array item is one object with the fields of
:class:`~redraft.evals.DatasetRow`; a field it does not know is an error
naming it (a typo would otherwise drop a requirement without a word). A CSV
file has a header row: ``prompt`` (or ``messages`` as JSON), then any of
the row's fields, lists and objects written as JSON (``must_match`` may
also hold one pattern per line); its other columns are kept as the row's
``metadata``, since spreadsheets carry columns of their own. Empty cells
are absent values.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from redraft.config._spec import validation_problems
from redraft.core._errors import ConfigurationError
from redraft.core._text import noun
from redraft.evals._models import DatasetRow

__all__ = ["DatasetError", "parse_dataset", "read_dataset"]

_JSON_FIELDS = {"messages", "checks", "json_schema", "metadata"}
_LIST_FIELDS = {"must_match", "must_not_match"}


class DatasetError(ConfigurationError):
    """A dataset that cannot be read, naming the file, the line and what is wrong."""


def read_dataset(path: Path) -> list[DatasetRow]:
    """The rows of the dataset at ``path``, by its extension (``.jsonl``,
    ``.csv``, ``.json``); raises :class:`DatasetError`."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DatasetError(f"no dataset at {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DatasetError(f"cannot read the dataset {path}: {exc}") from None
    return parse_dataset(text, kind=path.suffix.lower().lstrip("."), name=str(path))


def parse_dataset(text: str, *, kind: str, name: str = "dataset") -> list[DatasetRow]:
    """The rows in ``text``, a ``jsonl``, ``csv`` or ``json`` dataset."""
    if kind in ("jsonl", "ndjson"):
        items = list(_jsonl_items(text, name))
    elif kind == "csv":
        items = list(_csv_items(text, name))
    elif kind == "json":
        items = list(_json_items(text, name))
    else:
        raise DatasetError(f"{name}: a dataset is a .jsonl, .csv or .json file, not {kind!r}")
    if not items:
        raise DatasetError(f"{name}: the dataset has no rows")
    rows = [_row(raw, f"{name}, {where}") for where, raw in items]
    seen: dict[str, str] = {}
    for (where, _), row in zip(items, rows, strict=True):
        if row.id is None:
            continue
        if row.id in seen:
            raise DatasetError(f"{name}, {where}: id {row.id!r} is also the id of {seen[row.id]}")
        seen[row.id] = where
    return rows


def _row(raw: object, where: str) -> DatasetRow:
    if not isinstance(raw, dict):
        raise DatasetError(f"{where}: a row must be a JSON object, not {type(raw).__name__}")
    unknown = sorted(set(raw) - set(DatasetRow.model_fields))
    if unknown:
        raise DatasetError(
            f"{where}: unknown {noun(len(unknown), 'field')} {', '.join(unknown)}; a row has "
            f"{', '.join(DatasetRow.model_fields)} (put anything else under metadata)"
        )
    try:
        return DatasetRow.model_validate(raw)
    except ValidationError as exc:
        raise DatasetError(f"{where}: {validation_problems(exc)}") from None


def _jsonl_items(text: str, name: str) -> list[tuple[str, object]]:
    items: list[tuple[str, object]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            items.append((f"line {number}", json.loads(line)))
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{name}, line {number}: not JSON ({exc.msg})") from None
    return items


def _json_items(text: str, name: str) -> list[tuple[str, object]]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{name}: not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(value, list):
        raise DatasetError(f"{name}: a .json dataset is an array of rows")
    return [(f"item {index + 1}", item) for index, item in enumerate(value)]


def _csv_items(text: str, name: str) -> list[tuple[str, object]]:
    reader = csv.DictReader(io.StringIO(text))
    header = reader.fieldnames or []
    if "prompt" not in header and "messages" not in header:
        raise DatasetError(f"{name}: the CSV header needs a prompt (or messages) column")
    items: list[tuple[str, object]] = []
    for record in reader:
        where = f"line {reader.line_num}"
        raw: dict[str, Any] = {}
        metadata: dict[str, Any] = {}
        for column, cell in record.items():
            if column is None:
                raise DatasetError(f"{name}, {where}: more cells than the header has columns")
            if cell is None or cell == "":
                continue
            if column in DatasetRow.model_fields:
                raw[column] = _cell(column, cell, f"{name}, {where}")
            else:
                metadata[column] = cell
        if metadata:
            raw["metadata"] = {**raw.get("metadata", {}), **metadata}
        items.append((where, raw))
    return items


def _cell(column: str, cell: str, where: str) -> object:
    if column in _JSON_FIELDS or (column in _LIST_FIELDS and cell.lstrip().startswith("[")):
        try:
            return json.loads(cell)
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{where}: column {column} is not JSON ({exc.msg})") from None
    if column in _LIST_FIELDS:
        return [line for line in cell.splitlines() if line.strip()]
    if column == "max_words":
        try:
            return int(cell)
        except ValueError:
            raise DatasetError(f"{where}: max_words must be a whole number, not {cell!r}") from None
    return cell
