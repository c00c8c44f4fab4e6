"""The xml family: an answer that is one well-formed XML document (bare or in
one fence), with the root and child elements a prompt names, parsed with
entity expansion and DTDs refused; the phrasings that ask for it and the
near misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families import XMLFormat

SPEC = XMLFormat(root="response", children=["title", "body"])

# Labelled by reading: (answer, passes "<response> holding <title> and <body>").
LABELLED: list[tuple[str, bool]] = [
    ("<response><title>Hi</title><body>Text</body></response>", True),
    (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        "<response><title>a</title><body>b</body></response>",
        True,
    ),
    ("```xml\n<response>\n  <title>a</title>\n  <body>b</body>\n</response>\n```", True),
    ("```\n<response><title>a</title><body>b</body></response>\n```", True),
    ("<response><title/><body/></response>", True),  # empty elements still are elements
    ("<response><meta><title>a</title></meta><body>b</body></response>", True),  # nested is inside
    ("<response><title>Tom &amp; Jerry</title><body>1 &lt; 2</body></response>", True),
    ('<r:response xmlns:r="urn:x"><r:title>a</r:title><r:body>b</r:body></r:response>', True),
    ("<response><title>a</title><body>b</body><note>extra</note></response>", True),
    ("<!-- made by hand -->\n<response><title>a</title><body>b</body></response>", True),
    ("<response><title>a</title></response>", False),  # lacks body
    ("<answer><title>a</title><body>b</body></answer>", False),  # wrong root
    ("<response><title>a</title><body>b</response>", False),  # body never closed
    ("<response><title>Tom & Jerry</title><body>b</body></response>", False),  # bare &
    ("<title>a</title><body>b</body>", False),  # two roots
    ("Here you go: <response><title>a</title><body>b</body></response>", False),  # prose first
    ("", False),
    ("Title: a\nBody: b", False),  # not XML at all
    ('```json\n{"title": "a"}\n```', False),
    ("```html\n<response><title>a</title><body>b</body></response>\n```", False),  # other fence
    (  # an entity declaration: refused as untrusted
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "x">]>'
        "<response><title>&e;</title><body>b</body></response>",
        False,
    ),
    (
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        "<response><title>&x;</title><body>b</body></response>",
        False,
    ),
]


@pytest.mark.parametrize(("answer", "passes"), LABELLED)
def test_the_xml_measure_on_labelled_answers(answer: str, passes: bool) -> None:
    outcome = measure_text(SPEC, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion and "XML" in outcome.suggestion


def test_a_billion_laughs_document_is_refused_not_expanded() -> None:
    lol = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    for n in range(1, 10):
        prev = "lol" if n == 1 else f"lol{n - 1}"
        lol += f'<!ENTITY lol{n} "' + f"&{prev};" * 10 + '">'
    lol += "]><lolz>&lol9;</lolz>"
    outcome = measure_text(XMLFormat(), lol)
    assert not outcome.passed
    assert "refused" in outcome.reason


def test_without_a_root_any_well_formed_document_passes() -> None:
    spec = XMLFormat()
    assert measure_text(spec, "<note>hello</note>").passed
    assert not measure_text(spec, "hello").passed
    assert measure_text(XMLFormat(children=["item"]), "<list><item>1</item></list>").passed


def test_corrections_name_what_to_change() -> None:
    wrong = measure_text(SPEC, "<answer><title>a</title></answer>")
    assert wrong.suggestion == (
        "Your XML is not as required. Wrap everything in <response> (the root now is "
        "<answer>); Add <body> elements inside <response>."
    )
    assert wrong.data == {"root": "answer", "missing": ["body"]}
    broken = measure_text(SPEC, "<response><title>a</response>")
    assert broken.suggestion is not None and "not well-formed XML" in broken.suggestion


def test_the_spec_round_trips_and_refuses_names_that_are_not_xml() -> None:
    spec = CHECK_SPEC_ADAPTER.validate_python({"kind": "xml", "root": "<note>", "children": ["to"]})
    assert spec == XMLFormat(root="note", children=["to"])
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    assert (
        spec.describe() == "well-formed XML with the root element <note> holding the elements <to>"
    )
    with pytest.raises(ValueError, match="not an XML element name"):
        XMLFormat(root="two words")


def xml_checks(prompt: str) -> list[tuple[str | None, list[str]]]:
    return [
        (c.spec.root, c.spec.children)
        for c in compile_checks(prompt)
        if isinstance(c.spec, XMLFormat)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Respond in XML.", [(None, [])]),
        ("Your whole answer should be well-formed XML.", [(None, [])]),
        ("Answer only in valid XML format.", [(None, [])]),
        (
            "Wrap it in <response> with <title> and <body> elements.",
            [("response", ["title", "body"])],
        ),
        ("Wrap your answer in <reply> as an XML document.", [("reply", [])]),
        ("Respond in valid XML with the root element <note>.", [("note", [])]),
        ("Reply in XML with <catalog> as the root element.", [("catalog", [])]),
        (
            "Respond in XML with the elements <to>, <from> and <body>.",
            [(None, ["to", "from", "body"])],
        ),
        (
            "Write an XML document describing a lamp with elements <brand>, <watts>, all inside "
            "a <lamp> root.",
            [("lamp", ["brand", "watts"])],
        ),
        ("Generate an XML feed of three made-up podcast episodes.", [(None, [])]),
        # two roots offered: the document is XML, the root is left to the judge
        ("Respond in XML, with the root being <a> or <b>.", [(None, [])]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[tuple[str | None, list[str]]]) -> None:
    assert xml_checks(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Wrap your poem in <poem> tags.",  # a wrapper, not a document
        "Explain the difference between XML and JSON.",
        "Parse this XML and list its elements: <a><b/></a>",
        "Answer in XML or JSON.",
        "Don't respond in XML.",
        "Preferably respond in XML.",
        "My export is in XML format and I need it summarised.",
        "Why do old APIs respond in XML?",
        "Generate an XML sitemap and explain how search engines use it.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert xml_checks(prompt) == []


def test_xml_beside_a_second_part_compiles_nothing() -> None:
    assert xml_checks("Respond in XML, then summarise it in one sentence.") == []
    assert xml_checks("Return it as XML plus a note on the schema.") == []
    assert xml_checks("Wrap it in <reply> with <head> and <text> elements, then add a note.") == []
