"""Structure requirements put in many wordings: named sections and labels,
tables, documents (JSON, YAML, XML), heading counts; each widening with the
near misses that must stay uncompiled."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def _kinds(prompt: str, kind: str, system: str | None = None) -> list[dict[str, Any]]:
    return [
        c.spec.model_dump(exclude={"kind"})
        for c in compile_checks(prompt, system=system)
        if c.spec.kind == kind
    ]


def _sections(prompt: str, system: str | None = None) -> list[tuple[tuple[str, ...], bool]]:
    return [(tuple(s["names"]), s["ordered"]) for s in _kinds(prompt, "named_sections", system)]


# -- named sections ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "names", "ordered"),
    [
        # a long object between the request and the headings
        (
            "Give me the upsides and downsides of living abroad as two separate lists "
            "under the headings 'Upsides' and 'Downsides'.",
            ("Upsides", "Downsides"),
            False,
        ),
        (
            "Could you explain caching to a junior dev, using headings for 'Basics', "
            "'Invalidation' and 'Pitfalls'?",
            ("Basics", "Invalidation", "Pitfalls"),
            False,
        ),
        (
            "Summarise the meeting with headings for 'Decisions' and 'Open questions'.",
            ("Decisions", "Open questions"),
            False,
        ),
        # a count of headings with the names in brackets
        (
            "Make a camping checklist under exactly three headings (Shelter, Cooking, Safety).",
            ("Shelter", "Cooking", "Safety"),
            False,
        ),
        (
            "Write a study plan: 2 sections (Morning, Evening), with bullets in each.",
            ("Morning", "Evening"),
            False,
        ),
        (
            "Sort the tasks under headings (Urgent, Later) with bullets under each.",
            ("Urgent", "Later"),
            False,
        ),
        # group … under the names
        (
            "Write release notes and group the entries under 'New', 'Improved', 'Removed'.",
            ("New", "Improved", "Removed"),
            False,
        ),
        ("Organise them under 'Mains' and 'Desserts'.", ("Mains", "Desserts"), False),
        ("Please group everything under 'Today' and 'Tomorrow'.", ("Today", "Tomorrow"), False),
        # one name per noun
        (
            "List the facts about owls: a '## Myths' section and a '## Facts' section.",
            ("Myths", "Facts"),
            False,
        ),
        (
            "Write the meeting notes with an 'Agenda' section, then an 'Actions' section.",
            ("Agenda", "Actions"),
            False,
        ),
        (
            "Give two lists: one 'Keep' heading and one 'Drop' heading.",
            ("Keep", "Drop"),
            False,
        ),
        # labels
        (
            "Explain photosynthesis twice. Label the two parts 'Simple:' and 'Detailed:'.",
            ("Simple:", "Detailed:"),
            False,
        ),
        (
            "Translate it into three languages and label them FR:, DE:, ES:.",
            ("FR", "DE", "ES"),
            False,
        ),
        (
            "Give a formal and a casual version, labelled 'Formal:' and 'Casual:'.",
            ("Formal:", "Casual:"),
            False,
        ),
        # a standing structure, in order
        (
            "Always structure your reply with these sections in order: CONTEXT, ANALYSIS, "
            "VERDICT (each on its own line).",
            ("CONTEXT", "ANALYSIS", "VERDICT"),
            True,
        ),
        (
            "Structure every answer as: OVERVIEW, DETAILS, NEXT STEPS — in that order.",
            ("OVERVIEW", "DETAILS", "NEXT STEPS"),
            True,
        ),
    ],
)
def test_named_sections_wordings_compile(
    prompt: str, names: tuple[str, ...], ordered: bool
) -> None:
    assert _sections(prompt) == [(names, ordered)]


def test_a_standing_structure_is_read_from_the_system_prompt() -> None:
    system = "You are a reviewer. Always structure answers as: PROS, CONS, SCORE — in that order."
    assert _sections("Review this phone.", system) == [(("PROS", "CONS", "SCORE"), True)]


@pytest.mark.parametrize(
    "prompt",
    [
        "My report is grouped under 'Sales' and 'Costs'; summarise it in 3 bullets.",
        "Don't group them under 'Urgent' and 'Later'.",
        "Should I label the two parts 'Intro:' and 'Body:'?",
        "The template has 3 sections (Intro, Body, End). Rewrite it.",
        "Write a story where Mia sorted her toys under 'Keep' and 'Toss' labels.",
        "Summarize the article below, which has a 'Methods' section and a 'Results' section.",
        "Rewrite my essay; it uses the headings 'Intro' and 'End'.",
        "If you use headings, call them 'Intro' and 'End'.",
        "Group it under 'Work' and 'Home' if you like.",
        "Explain why my doc has 3 sections (Intro, Body, End).",
        "Label the parts however you like.",
        "Compare the 'Basic' plan and the 'Pro' plan.",
        "Write a plan under exactly four headings (Clothing, Gear, Food).",  # count differs
        "Write a review of a 'Fiction' section and a 'History' section, i.e. of my library.",
    ],
)
def test_named_sections_near_misses_compile_nothing(prompt: str) -> None:
    assert _sections(prompt) == []


# -- tables --------------------------------------------------------------------------


def _tables(prompt: str) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for c in compile_checks(prompt):
        spec = c.spec.model_dump()
        kind = spec.pop("kind")
        if kind.startswith("table_"):
            out.append((kind, *spec.values()))
    return sorted(out, key=repr)


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        # a pipe list of columns, in any case
        (
            "Make a markdown table comparing Python, Go and Rust. "
            "Columns: Language | Typing | Memory use.",
            [("table_columns", ("Language", "Typing", "Memory use"), True)],
        ),
        (
            "Build a table of the club's events; columns should be Date | Event | Host.",
            [("table_columns", ("Date", "Event", "Host"), True)],
        ),
        (
            "put the results in a table, the columns are | team | wins | losses |",
            [("table_columns", ("team", "wins", "losses"), True)],
        ),
        # headers as the columns' names
        (
            "Give the words as a two-column table with headers 'Word' and 'Gloss'.",
            [("table_columns", ("Word", "Gloss"), True)],
        ),
        (
            "Make a table with column headers Name, Role, Team.",
            [("table_columns", ("Name", "Role", "Team"), True)],
        ),
        # a table asked for, nothing else stated of it
        ("Make a markdown table comparing tea and coffee.", [("table_count", "at_least", 1)]),
        ("Please format your reply as a table.", [("table_count", "at_least", 1)]),
        # the phones may be its columns: no rows read
        ("Give me a table comparing 3 phones.", [("table_count", "at_least", 1)]),
        ("Could you put the key dates in a simple table?", [("table_count", "at_least", 1)]),
        # rows named rather than counted
        (
            "Give me a markdown table of the 5 longest rivers with columns River, Length.",
            [("table_columns", ("River", "Length"), True), ("table_rows", "exactly", 5)],
        ),
        (
            "Create a table listing 8 irregular verbs.",
            [("table_rows", "exactly", 8)],
        ),
        (
            "I need a 4-week study schedule as a markdown table.",
            [("table_rows", "exactly", 4)],
        ),
        (
            "Make a workout table: rows are Monday to Thursday, columns Gym, Work.",
            [("table_columns", ("Gym", "Work"), False), ("table_rows", "exactly", 4)],
        ),
        (
            "Make a grading table with skills as rows (Reading, Writing, Speaking).",
            [("table_rows", "exactly", 3)],
        ),
    ],
)
def test_table_wordings_compile(prompt: str, want: list[tuple[object, ...]]) -> None:
    assert _tables(prompt) == sorted(want, key=repr)


@pytest.mark.parametrize(
    "prompt",
    [
        "Sort the table by the columns Price and Rating.",
        "Write a story set in a table tennis club.",
        "Write an email to book a table for two on Friday.",
        "Write a Python script that prints a table of the 5 largest cities.",
        "Explain how to make a table in Excel.",
        "My table of 5 countries is below; check it.",
        "Is it better to format this as a table?",
        "Don't put it in a table.",
        "A 7-day meal plan, please; no tables.",
        "Make a 3-day plan as a table with a row for each meal.",
        "Write a scene where two friends sit at a table.",
    ],
)
def test_table_near_misses_compile_nothing(prompt: str) -> None:
    assert _tables(prompt) == []


# -- documents: JSON, YAML, XML ------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "want"),
    [
        # what the document is for, between it and its keys
        (
            "Create a JSON object for a book with required keys title (string), year (number).",
            "json",
            {"required_keys": ["title", "year"]},
        ),
        (
            "give me a json object describing a cat with exactly these keys and no others: "
            "name, age, color",
            "json",
            {"required_keys": ["name", "age", "color"]},
        ),
        (
            "I need a JSON payload for a login event, with the fields user and time.",
            "json",
            {"required_keys": ["user", "time"]},
        ),
        ("Respond as a JSON array of strings and nothing else.", "json", {"required_keys": []}),
        (
            "I need a YAML config for a web app with keys host, port and workers.",
            "yaml",
            {"required_keys": ["host", "port", "workers"]},
        ),
        (
            "Make a recipe card in YAML with keys: title, serves, steps (a list).",
            "yaml",
            {"required_keys": ["title", "serves", "steps"]},
        ),
        (
            "Write a pet profile in YAML with the keys species, name.",
            "yaml",
            {"required_keys": ["species", "name"]},
        ),
        (
            "I want an XML snippet describing a film: root element <film>, "
            "child elements <title>, <year>.",
            "xml",
            {"root": "film", "children": ["title", "year"]},
        ),
        (
            "Write XML for a note with a root element <note>, child elements <to>, <body>.",
            "xml",
            {"root": "note", "children": ["to", "body"]},
        ),
    ],
)
def test_document_wordings_compile(prompt: str, kind: str, want: dict[str, Any]) -> None:
    assert _kinds(prompt, kind) == [want]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Write a Python function that returns a JSON object with keys id and name.", "json"),
        ("Explain how to create a JSON object with keys id and name.", "json"),
        ("Don't give me a JSON object with keys id and name.", "json"),
        ("My JSON object for a user has keys id and name; what is wrong with it?", "json"),
        ("Explain what a YAML config for a service with keys name and port looks like.", "yaml"),
        ("I need a YAML config for a service, then explain each key.", "yaml"),
        ("Is an XML snippet with child elements <a>, <b> valid?", "xml"),
    ],
)
def test_document_near_misses_compile_nothing(prompt: str, kind: str) -> None:
    assert _kinds(prompt, kind) == []


# -- headings, marked sections, separated versions -----------------------------------


def _counts(prompt: str, kind: str, system: str | None = None) -> list[tuple[object, ...]]:
    return [
        tuple(v for k, v in spec.items() if k not in ("unit",))
        for spec in _kinds(prompt, kind, system)
    ]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        # a numbered range of headings
        (
            "Outline a 6-week course. Use '## Week 1' through '## Week 6' as headings.",
            [("exactly", 6, 2)],
        ),
        ("Write the plan with 'Day 1' to 'Day 5' as headings.", [("exactly", 5, None)]),
        ("use '### Step 1' thru '### Step 3' as the headers", [("exactly", 3, 3)]),
        # one heading per unit, the units counted
        ("Use Markdown: one H2 per day (Monday to Friday).", [("exactly", 5, 2)]),
        ("Give one heading per day for the trip, 10 days total.", [("exactly", 10, None)]),
        (
            "Plan my 3 weeks of revision with a markdown heading for each week.",
            [("exactly", 3, None)],
        ),
        # things, each under a heading
        (
            "Write exactly four questions, each as a level-2 markdown heading.",
            [("exactly", 4, 2)],
        ),
        ("Structure: three sections with H3 headings.", [("exactly", 3, 3)]),
        ("Write 2 short stories, each with its own heading.", [("exactly", 2, None)]),
    ],
)
def test_heading_count_wordings_compile(prompt: str, want: list[tuple[object, ...]]) -> None:
    assert _counts(prompt, "heading_count") == want


@pytest.mark.parametrize(
    "prompt",
    [
        "Use 'Week 1' through 'Month 4' as headings.",  # not one numbered series
        "My notes use '## Week 1' through '## Week 4' as headings; tidy them.",
        "Is one heading per day (Monday to Sunday) too much?",
        "Don't use one heading per day (Monday to Friday).",
        "Write four questions, each with an answer.",
        "Add one heading per day if you like, 10 days total.",
    ],
)
def test_heading_count_near_misses_compile_nothing(prompt: str) -> None:
    assert _counts(prompt, "heading_count") == []


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        (
            "Write a 3-part story. Mark each part 'SECTION 1', 'SECTION 2' and so on.",
            [("exactly", 3, "SECTION")],
        ),
        (
            "Make a quiz split into 4 rounds of 5 questions. Label rounds 'Round 1', 'Round 2'.",
            [("exactly", 4, "Round")],
        ),
        (
            "Use 'Part 1', 'Part 2', etc. to mark each part, and have 3 parts in total.",
            [("exactly", 3, "Part")],
        ),
        (
            "Write an essay with 5 sections. Label the sections 'Chapter 1', 'Chapter 2' …",
            [("exactly", 5, "Chapter")],
        ),
    ],
)
def test_marked_section_wordings_compile(prompt: str, want: list[tuple[object, ...]]) -> None:
    assert _counts(prompt, "section_count") == want


@pytest.mark.parametrize(
    ("prompt", "versions", "separator"),
    [
        (
            "Explain it twice: simply, then in depth. Separate the two with a line of '==='.",
            2,
            "===",
        ),
        ("Reply twice, first in French then in German, separated by '***'.", 2, "***"),
        ("Write three taglines and separate the three with ---.", 3, "---"),
        ("Give me 3 TL;DR versions of the plot. Separate them with '~~~'.", 3, "~~~"),
    ],
)
def test_separated_versions_wordings_compile(prompt: str, versions: int, separator: str) -> None:
    assert [(s["versions"], s["separator"]) for s in _kinds(prompt, "separated_versions")] == [
        (versions, separator)
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Should I answer twice, separated by '==='?",
        "My draft answers twice, separated by '==='; fix the grammar in it.",
        "Separate the two with a comma.",  # no separator line named
        "Don't separate the two with '==='.",
    ],
)
def test_separated_versions_near_misses_compile_nothing(prompt: str) -> None:
    assert _kinds(prompt, "separated_versions") == []


# -- CSV and item templates ----------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        (
            "Create a CSV with columns id,title,year for 4 classic films.",
            [("csv_columns", ("id", "title", "year")), ("csv_rows", "exactly", 4)],
        ),
        (
            "Write a CSV of the 3 largest lakes with columns Lake, Area.",
            [("csv_columns", ("Lake", "Area")), ("csv_rows", "exactly", 3)],
        ),
        (
            "i need a csv listing 6 planets, columns: name,moons",
            [("csv_columns", ("name", "moons")), ("csv_rows", "exactly", 6)],
        ),
    ],
)
def test_csv_wordings_compile(prompt: str, want: list[tuple[object, ...]]) -> None:
    got = [
        (kind, *spec.values())
        for kind in ("csv_columns", "csv_rows")
        for spec in _kinds(prompt, kind)
    ]
    assert sorted(got, key=repr) == sorted(want, key=repr)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a script that writes a CSV for 5 users with columns name,email.",
        "Make a CSV with columns id,name for each of 4 teams.",
        "Create a CSV of sales for 3 months.",  # no header named: rows are a guess
        "The CSV below has columns id,name for 5 users; check it.",
    ],
)
def test_csv_row_near_misses_compile_nothing(prompt: str) -> None:
    assert _kinds(prompt, "csv_rows") == []


@pytest.mark.parametrize(
    ("prompt", "template"),
    [
        ("Write 10 SAT words with definitions. Format: word — definition.", "word — definition"),
        ("Give me five idioms. Format: idiom – meaning", "idiom – meaning"),
        ("List 8 capitals. Each line: city: country.", "city: country"),
    ],
)
def test_a_bare_format_line_compiles(prompt: str, template: str) -> None:
    assert _kinds(prompt, "item_template") == [{"template": template}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Format: word — definition.",  # nothing asked in number: may be one line
        "Explain the format: word — definition. Give 3 examples.",
        "Write 3 poems. Format: Whatever You Like.",
    ],
)
def test_bare_format_near_misses_compile_nothing(prompt: str) -> None:
    assert _kinds(prompt, "item_template") == []


# -- a structure given line by line --------------------------------------------------


@pytest.mark.parametrize(
    ("system", "names", "ordered"),
    [
        (
            "You are a recipe bot. Output every recipe in this exact structure:\n"
            "NAME: <dish>\nINGREDIENTS:\n- one per bullet\nMETHOD:\n1. numbered steps",
            ("NAME", "INGREDIENTS", "METHOD"),
            True,
        ),
        (
            "Respond using this structure and nothing else:\nQuery:\n```sql\n<query>\n```\n"
            "Notes: <one line>",
            ("Query", "Notes"),
            True,
        ),
        (
            "Always format lesson plans as:\n'Goals' heading followed by bullets\n"
            "'Activities' heading followed by numbered steps",
            ("Goals", "Activities"),
            False,
        ),
    ],
)
def test_a_structure_given_line_by_line_names_its_sections(
    system: str, names: tuple[str, ...], ordered: bool
) -> None:
    assert _sections("Help me, please.", system) == [(names, ordered)]


@pytest.mark.parametrize(
    "system",
    [
        # an exact template: its own check says it all
        "Use this format:\nName: <name>\nRole: <role>",
        "My last report used this structure:\nSummary: ok\nRisks: none",
        "Don't use this structure:\nIntro: x\n- list\nEnd: y",
        "Use this format:\nJust write freely about it.",
    ],
)
def test_structure_near_misses_name_no_sections(system: str) -> None:
    assert _sections("Help me, please.", system) == []


@pytest.mark.parametrize(
    ("prompt", "template"),
    [
        (
            "Make up a customer for a test form in this exact format:\nName: \nEmail: \nPhone: ",
            "Name: …\nEmail: …\nPhone: …",
        ),
        ("Fill in this form for a fictional cat. Use this format:\nName:\nAge:", "Name: …\nAge: …"),
        (
            "Invent a film and fill in each field. Use the following format:\nTitle:\nYear:",
            "Title: …\nYear: …",
        ),
    ],
)
def test_a_form_of_blank_labels_is_a_template(prompt: str, template: str) -> None:
    assert _kinds(prompt, "answer_template") == [{"template": template}]


def test_bare_labels_without_a_form_head_sections() -> None:
    prompt = "Summarise the debate. Use this format:\nPros:\nCons:"
    assert _kinds(prompt, "answer_template") == []
    assert _sections(prompt) == [(("Pros", "Cons"), True)]


@pytest.mark.parametrize(
    ("prompt", "level"),
    [
        (
            "Write a study guide for biology, with the three units as separate parts "
            "using ### headers.",
            3,
        ),
        (
            "Could you outline the talk, the main points set out in order, using H2 headings?",
            2,
        ),
    ],
)
def test_a_heading_level_named_far_from_the_request_compiles(prompt: str, level: int) -> None:
    assert _kinds(prompt, "heading_level") == [{"level": level}]


@pytest.mark.parametrize(
    "prompt",
    [
        "My outline uses ## markdown headers; summarise it.",
        "Summarise the notes below, which are organised using ## markdown headers.",
        "Write the guide without using ## markdown headers.",
    ],
)
def test_heading_level_near_misses_compile_nothing(prompt: str) -> None:
    assert _kinds(prompt, "heading_level") == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me a packing list grouped under four headings (Tent, Food, Clothes, Tools) "
        "using ## markdown headers, with bullets under each.",
        "Use exactly three sections titled Balance, Content, Fixes as level-2 markdown headings.",
        "Write patch notes. Use the sections Added and Fixed as level-3 headings.",
        "Put the notes under the headings Summary, Risks, Next steps, each as an H2.",
        "Three sections called Setup, Usage and Limits, using ### headers.",
    ],
)
def test_sections_named_in_the_prompt_leave_the_title_free(prompt: str) -> None:
    # the named sections are that level; a title heading above them may be another
    assert _kinds(prompt, "heading_level") == []


@pytest.mark.parametrize(
    ("prompt", "level"),
    [
        ("Write a guide with sections and use ## headings.", 2),
        ("Use level-2 headings for the sections, and keep it short.", 2),
        ("Format each question as a level-3 heading (### ...).", 3),
    ],
)
def test_sections_not_named_keep_their_level(prompt: str, level: int) -> None:
    assert _kinds(prompt, "heading_level") == [{"level": level}]
