"""The code_only repair: prose around the answer's one block goes, a block
left open is closed, an untagged block gets the language asked for, an
answer with no fence is wrapped; several blocks or another language are
left to the redraft."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs, describe_repairs
from redraft.criteria import measure_text
from redraft.criteria._families import CodeBlockCount, CodeOnly, XMLFormat, YAMLFormat
from redraft.criteria._vocabulary import repair_for

PY = CodeOnly(language="python")
ANY = CodeOnly()
SQL = CodeOnly(language="sql")

# (spec, failing answer, the answer repaired), each read by hand.
REPAIRED: list[tuple[CodeOnly, str, str]] = [
    (PY, "Here it is:\n\n```python\nprint(1)\n```\n\nEnjoy!", "```python\nprint(1)\n```"),
    (PY, "Sure:\n```py\nx = 1", "```py\nx = 1\n```"),
    (PY, "```\nx = 1\n```\nThat sets x.", "```python\nx = 1\n```"),
    (PY, "print(1)\nprint(2)", "```python\nprint(1)\nprint(2)\n```"),
    (ANY, "Run this:\n~~~\nls -la\n~~~", "~~~\nls -la\n~~~"),
    (ANY, "SELECT 1;", "```\nSELECT 1;\n```"),
    (SQL, "```sql\nSELECT *\nFROM t;\n```\nIt reads t.", "```sql\nSELECT *\nFROM t;\n```"),
]  # fmt: skip

# Which code is wanted needs judgement: left as it is (and still failing).
LEFT: list[tuple[CodeOnly, str]] = [
    (PY, "```js\nlet x = 1;\n```"),
    (ANY, "```\na\n```\ntext\n```\nb\n```"),
    (ANY, "Use ```inline``` fences"),
]

PASSING: list[tuple[CodeOnly, str]] = [
    (PY, "```python\nprint(1)\n```"),
    (PY, "\n```py\nx = 2\n```\n"),
    (ANY, "~~~\nls\n~~~"),
]


def test_only_a_code_block_names_the_edit_and_a_count_does_not() -> None:
    assert repair_for(PY) == {"op": "only_block", "language": "python"}
    assert repair_for(CodeBlockCount(relation="exactly", value=1)) is None
    said = describe_repairs([{"op": "only_block", "language": "python"}])
    assert said == "repaired without a model: left as one code block in python"


@pytest.mark.parametrize(("spec", "text", "expected"), REPAIRED)
def test_the_repaired_answer_is_one_block(spec: CodeOnly, text: str, expected: str) -> None:
    repair = repair_for(spec)
    assert repair is not None and measure_text(spec, text).passed is False
    made = apply_repairs(text, [repair])
    assert made == expected
    assert measure_text(spec, made).passed is True


@pytest.mark.parametrize(("spec", "text"), LEFT + PASSING)
def test_judgement_or_a_passing_answer_leaves_the_text(spec: CodeOnly, text: str) -> None:
    repair = repair_for(spec)
    assert repair is not None
    assert apply_repairs(text, [repair]) == text


async def test_the_loop_strips_the_prose_without_a_model_call() -> None:
    prompt = "Write a function that doubles a number. Respond with only a Python code block."
    draft = "Here you go:\n```python\ndef double(n):\n    return 2 * n\n```\nEnjoy!"
    result = await repaired_run(prompt, draft)
    assert result.drafts[1].finish_reason == "repair"
    assert result.final_answer == "```python\ndef double(n):\n    return 2 * n\n```"


YAML_ANY = YAMLFormat()
XML_ANY = XMLFormat()
NOTE = XMLFormat(root="note")

# A document format keeps its one block and drops the prose around it.
DOCUMENTS: list[tuple[YAMLFormat | XMLFormat, str, str]] = [
    (YAML_ANY, "YAML:\n```yaml\nname: Ana\nage: 3\n```\nAsk!", "```yaml\nname: Ana\nage: 3\n```"),
    (YAML_ANY, "Sure!\n```\nname: Ana\n```", "```yaml\nname: Ana\n```"),
    (YAMLFormat(required_keys=["id"]), "Done:\n```yml\nid: 7\n```", "```yml\nid: 7\n```"),
    (XML_ANY, "Result:\n```xml\n<a><b>1</b></a>\n```\nDone.", "```xml\n<a><b>1</b></a>\n```"),
    (NOTE, "Note:\n```\n<note>hi</note>\n```", "```xml\n<note>hi</note>\n```"),
]  # fmt: skip

# Passing, or what the document says is wrong: the text stays.
DOCUMENTS_LEFT: list[tuple[YAMLFormat | XMLFormat, str]] = [
    (YAML_ANY, "name: Ana\n"),
    (YAML_ANY, "Names: a list would go here, but this is prose"),
    (YAML_ANY, "```json\n{}\n```\nok"),
    (YAMLFormat(required_keys=["id"]), "```yaml\nname: Ana\n```"),
    (XML_ANY, "  <a/>\n"),
]


@pytest.mark.parametrize(("spec", "text", "expected"), DOCUMENTS)
def test_a_document_keeps_its_one_block(
    spec: YAMLFormat | XMLFormat, text: str, expected: str
) -> None:
    repair = repair_for(spec)
    assert repair == {"op": "only_block", "language": spec.kind, "wrap": False}
    assert measure_text(spec, text).passed is False
    made = apply_repairs(text, [repair])
    assert made == expected
    assert measure_text(spec, made).passed is True


@pytest.mark.parametrize(("spec", "text"), DOCUMENTS_LEFT)
def test_a_document_with_no_prose_around_it_is_left(
    spec: YAMLFormat | XMLFormat, text: str
) -> None:
    repair = repair_for(spec)
    assert repair is not None
    assert apply_repairs(text, [repair]) == text
