"""The markdown-table and CSV families: each measure on answers labelled by
reading them (24 for table counts and rows, 22 for columns, 22 for CSV rows,
20 for CSV headers, positive and negative), their corrections, and the
phrasings that compile (and the near misses that must not)."""

from __future__ import annotations

import pytest

from redraft.criteria import (
    CsvColumns,
    CsvRows,
    TableColumns,
    TableCount,
    TableRows,
    compile_checks,
    measure_text,
)

KINDS = ("table_count", "table_rows", "table_columns", "csv_rows", "csv_columns")

ONE = "Here you go:\n\n| Name | Price |\n|---|---|\n| Tea | 3 |\n| Cake | 5 |\n"
TWO = ONE + "\nAnd desserts:\n\n| Dish | Cost |\n| :-- | --: |\n| Pie | 4 |\n"
FENCED = "```\n| Name | Price |\n|---|---|\n| Tea | 3 |\n```\n"
NO_DELIMITER = "| Name | Price |\n| Tea | 3 |\n| Cake | 5 |\n"
BARE_PIPES = "Name | Price\n--- | ---\nTea | 3\nCake | 5\nJam | 2\n"
BOLD = "| **Name** | `Price` | Rating |\n|---|---|---|\n| Tea | 3 | 4 |\n"
EMPTY_BODY = "| Name | Price |\n|---|---|\n"
PROSE = "Tea costs 3 and cake costs 5; the | character is a pipe."


def tables(text: str) -> int:
    return int(measure_text(TableCount(relation="exactly", value=0), text).data["measured"])


def rows(text: str) -> int:
    return int(measure_text(TableRows(relation="exactly", value=0), text).data["measured"])


# -- measures, labelled by reading ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "n_tables", "n_rows"),
    [
        (ONE, 1, 2),
        (TWO, 2, 3),
        (FENCED, 0, 0),  # a table in a code fence shows as code, not a table
        (NO_DELIMITER, 0, 0),  # no |---| row: pipes in text, not a table
        (BARE_PIPES, 1, 3),  # GFM allows a table without outer pipes
        (BOLD, 1, 1),
        (EMPTY_BODY, 1, 0),
        (PROSE, 0, 0),
        ("", 0, 0),
        ("| A |\n|---|\n| 1 |\n| 2 |\n| 3 |\n| 4 |\n| 5 |\n| 6 |\n", 1, 6),
        ("Intro.\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\nOutro with a | pipe.", 1, 1),
        ("| A | B |\n|---|---|\n| 1 | 2 |\n\n| C | D |\n|---|---|\n| 3 | 4 |\n", 2, 2),
    ],
)
def test_tables_and_their_data_rows_are_counted_as_they_render(
    text: str, n_tables: int, n_rows: int
) -> None:
    assert tables(text) == n_tables
    assert rows(text) == n_rows


@pytest.mark.parametrize(
    ("text", "columns", "exact", "holds"),
    [
        (ONE, ("Name", "Price"), True, True),
        (ONE, ("name", " PRICE "), True, True),  # trimmed, case-insensitive
        (ONE, ("Price", "Name"), True, False),  # order matters
        (ONE, ("Name",), True, False),  # an extra column breaks an exact header
        (ONE, ("Name",), False, True),
        (ONE, ("Name", "Price", "Rating"), True, False),
        (BOLD, ("Name", "Price", "Rating"), True, True),  # bold and code markers aside
        (BOLD, ("Name", "Rating"), False, True),
        (BOLD, ("Rating", "Name"), False, False),
        (TWO, ("Dish", "Cost"), True, True),  # any table of the answer
        (FENCED, ("Name", "Price"), True, False),
        (PROSE, ("Name", "Price"), True, False),
        (NO_DELIMITER, ("Name", "Price"), True, False),
        (BARE_PIPES, ("Name", "Price"), True, True),
        (
            "| Day | Breakfast | Lunch |\n|---|---|---|\n| Mon | a | b |\n",
            ("Breakfast", "Lunch"),
            False,
            True,
        ),
        (
            "| Day | Breakfast | Lunch |\n|---|---|---|\n| Mon | a | b |\n",
            ("Breakfast", "Lunch"),
            True,
            False,
        ),
        ("| Lunch | Breakfast |\n|---|---|\n| a | b |\n", ("Breakfast", "Lunch"), False, False),
        ("| Area (sq mi) | State |\n|---|---|\n| 1 | x |\n", ("Area (sq mi)", "State"), True, True),
        ("| Area | State |\n|---|---|\n| 1 | x |\n", ("Area (sq mi)", "State"), True, False),
        ("", ("A", "B"), True, False),
        ("| A | B |\n|---|---|\n", ("A", "B"), True, True),  # columns only, rows are another check
        ("| A | B | C |\n|---|---|---|\n| 1 | 2 | 3 |\n", ("A", "C"), False, True),
    ],
)
def test_table_columns_are_the_header_in_order(
    text: str, columns: tuple[str, ...], exact: bool, holds: bool
) -> None:
    assert measure_text(TableColumns(columns=columns, exact=exact), text).passed is holds


CSV8 = "id,product,price,in_stock\n" + "".join(f"{i},item{i},1.50,true\n" for i in range(1, 9))


@pytest.mark.parametrize(
    ("text", "n"),
    [
        (CSV8, 8),
        ("```csv\n" + CSV8 + "```", 8),  # one fence around the whole answer
        ("a,b\n1,2\n\n3,4\n", 2),  # blank records do not count
        ('name,quote\nAda,"one, two"\nBob,"multi\nline"\n', 2),  # quoted commas and newlines
        ("a,b\n", 0),
        ("", 0),
        ("a,b\n1,2\n3,4\n5,6\n", 3),
        ("  a,b\n1,2\n  ", 1),
        ("name\nx\ny\nz\nw\n", 4),
        ('"h1","h2"\n"1","2"\n', 1),
        ("a;b\n1;2\n3;4\n", 2),  # one column each, still records
    ],
)
def test_csv_data_rows_are_the_records_after_the_header(text: str, n: int) -> None:
    got = measure_text(CsvRows(relation="exactly", value=n), text)
    assert got.passed and got.data["measured"] == n
    assert not measure_text(CsvRows(relation="exactly", value=n + 1), text).passed


@pytest.mark.parametrize(
    ("text", "columns", "holds"),
    [
        (CSV8, ("id", "product", "price", "in_stock"), True),
        (CSV8, ("ID", "Product", "Price", "In_Stock"), True),
        (CSV8, ("id", "product", "price"), False),
        (CSV8, ("product", "id", "price", "in_stock"), False),
        ("```csv\n" + CSV8 + "```", ("id", "product", "price", "in_stock"), True),
        ("id, product , price,in_stock\n1,a,2,x\n", ("id", "product", "price", "in_stock"), True),
        ("Here is your CSV:\nid,product\n1,a\n", ("id", "product"), False),  # prose first
        ('"id","product"\n1,a\n', ("id", "product"), True),
        ("", ("id",), False),
        ("id,product,extra\n1,a,b\n", ("id", "product"), False),
        ("\n\nid,product\n1,a\n", ("id", "product"), True),
        ("City,Country,Population\nOslo,Norway,700000\n", ("City", "Country", "Population"), True),
        ("City,Population,Country\nOslo,1,Norway\n", ("City", "Country", "Population"), False),
        ("| id | product |\n|---|---|\n| 1 | a |\n", ("id", "product"), False),
        ("id;product\n1;a\n", ("id", "product"), False),  # semicolons are not CSV's separator
        ("name,email,age\n", ("name", "email", "age"), True),
        ("name,email\nage\n", ("name", "email", "age"), False),
        ("Name,Email,Age\nA,b,1\n", ("name", "email", "age"), True),
        ("name,e-mail,age\n", ("name", "email", "age"), False),
        ("```\nname,email\n```", ("name", "email"), True),
    ],
)
def test_csv_columns_are_the_header_exactly(
    text: str, columns: tuple[str, ...], holds: bool
) -> None:
    assert measure_text(CsvColumns(columns=columns), text).passed is holds


# -- corrections ---------------------------------------------------------------------


def test_corrections_say_what_to_change_with_the_measured_value() -> None:
    short = measure_text(TableRows(relation="exactly", value=5), ONE)
    assert short.suggestion is not None and "2 table rows" in short.suggestion
    assert "3 more" in short.suggestion
    header = measure_text(TableColumns(columns=("Item", "Price")), ONE)
    assert header.suggestion == (
        "Your table's header is | Name | Price |; make it exactly these columns, "
        "in this order: | Item | Price |."
    )
    none = measure_text(TableColumns(columns=("A", "B")), PROSE)
    assert none.suggestion is not None and "no markdown table" in none.suggestion
    csv_header = measure_text(CsvColumns(columns=("id", "name")), CSV8)
    assert csv_header.suggestion is not None
    assert (
        "id,product,price,in_stock" in csv_header.suggestion and "id,name" in csv_header.suggestion
    )
    many = measure_text(CsvRows(relation="at_most", value=5), CSV8)
    assert many.suggestion is not None and "8 CSV data rows" in many.suggestion


def test_specs_refuse_columns_without_a_name() -> None:
    with pytest.raises(ValueError, match="at least 1 item"):
        TableColumns(columns=())
    with pytest.raises(ValueError, match="column name needs a letter or digit"):
        CsvColumns(columns=("id", "  "))


# -- phrasings -----------------------------------------------------------------------


def compiled(prompt: str) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for c in compile_checks(prompt):
        spec = c.spec.model_dump()
        kind = spec.pop("kind")
        if kind in KINDS:
            out.append((kind, *spec.values()))
    return sorted(out, key=repr)


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        (
            "List four teas in a table with columns Name, Origin and Caffeine.",
            [("table_columns", ("Name", "Origin", "Caffeine"), True)],
        ),
        (
            "Create a markdown table with 3 columns: Planet, Moons, Day Length.",
            [("table_columns", ("Planet", "Moons", "Day Length"), True)],
        ),
        (
            "Put the glossary in a table with two columns, 'Term' and 'Meaning'.",
            [("table_columns", ("Term", "Meaning"), True)],
        ),
        (
            "Make a weekly chores table: rows are the days, columns Kitchen, Laundry, Trash.",
            [("table_columns", ("Kitchen", "Laundry", "Trash"), False)],
        ),
        ("Explain compound interest and include a table.", [("table_count", "at_least", 1)]),
        (
            "Compare the laptops. Include a table with exactly 4 rows.",
            [("table_count", "at_least", 1), ("table_rows", "exactly", 4)],
        ),
        ("Write the comparison in exactly 2 tables.", [("table_count", "exactly", 2)]),
        ("Include at most three tables.", [("table_count", "at_most", 3)]),
        (
            "Summarise the survey in a table with at most 10 rows.",
            [("table_rows", "at_most", 10)],
        ),
        (
            "Return a CSV with header row sku,name,qty and exactly 12 data rows.",
            [("csv_columns", ("sku", "name", "qty")), ("csv_rows", "exactly", 12)],
        ),
        (
            "Could you put the scores in a table with exactly 5 rows?",  # a request
            [("table_rows", "exactly", 5)],
        ),
        (
            "Write a CSV of rivers with columns River, Length, Country.",
            [("csv_columns", ("River", "Length", "Country"))],
        ),
        (
            "Produce a CSV with a header row and exactly 6 data rows of sample orders.",
            [("csv_rows", "exactly", 6)],
        ),
    ],
)
def test_phrasings_compile(prompt: str, want: list[tuple[object, ...]]) -> None:
    assert compiled(prompt) == sorted(want, key=repr)


@pytest.mark.parametrize(
    "prompt",
    [
        "You don't need a table with columns Name and Age.",
        "My report has 3 tables; summarise it.",
        "If possible, include a table.",
        "Ideally use exactly 2 tables.",
        "The table in the attached file has 12 rows. Summarise it.",
        "Do not include a table.",
        "Should I include a table with 5 rows?",
        "Give me a table of the planets with around 8 rows.",
        "Add a row per country to the table.",
        "The CSV below has 5 data rows and the header id,name. Clean it.",
        "Write a CSV with 10 rows of cities.",  # does the header count as a row?
        "Make a table with 3 columns: Name, Price.",  # the count and the list disagree
        "Make a table whose rows each have 4 cells.",
        "Write a poem with 4 rows of text.",
        "Is it okay to include a table with 5 rows?",  # a question about it
        "Write SQL to create a table with columns Id, Name, Email.",  # a database's table
        "Create a SQL table with columns Id and Name.",
        "Write Python code that writes a CSV with header row id,name.",
        "If the user asks for data, include a table.",
        "For example, a table with columns Name, Age would work.",
        'Translate the following: "Include a table with 3 rows."',
        "Sort the table by the columns Price and Rating.",
        "Write the handbook and include a table of contents.",
        "Make a table with 5 rows including the header.",  # not 5 data rows
        "Write a scene in a cafe; include a table and two chairs.",
        "A table of contents with 5 rows should come first.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []


def test_a_column_list_check_spans_the_whole_list() -> None:
    prompt = "Put the glossary in a table with two columns, 'Term' and 'Meaning', please."
    (check,) = [c for c in compile_checks(prompt) if c.spec.kind_name() == "table_columns"]
    assert check.source_text == "two columns, 'Term' and 'Meaning'"
