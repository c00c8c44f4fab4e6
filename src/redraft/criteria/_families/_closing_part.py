"""A closing part that opens with a stated phrase: "end your answer with a
one-sentence summary starting with 'In short,'" (the last sentence's first
words, ``word_at``), "then add a one-line summary prefixed with 'In
short:'", "summarize it in one line at the end prefixed with 'Bottom
line:'" (the last line reads the phrase and then text, ``line_template``).

Read only where the part's unit is stated (a line or a sentence, as a noun
or as "one-line"/"single-sentence"): "end with a summary starting with
'So'" says neither and compiles nothing. A part added with "then" or
"finally" is the last only where nothing later in the request adds another
("… Then add a summary line prefixed with 'Note:'. Finally list sources."
compiles nothing). Also "…, then a final line starting 'Root cause:'",
"list the exits on a final line that starts with 'Exits:'", "a line 'TOTAL
DUE: £...' as the last line" (a label, then the line's text). Not where the
phrase is one of several, a template
("'Step N:'"), nor where the clause is hedged, negated or a question.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._alternatives import offers_alternatives
from redraft.criteria._families._lexical import asks_about, required
from redraft.criteria._families._line_template import LineTemplate
from redraft.criteria._families._positions import WordAt
from redraft.criteria._sentences import MASK, NEGATION, Hit, Sentence, sentence_blocked, templated

__all__ = ["closing_part"]

_Q = rf"(?P<q>[\"'`“‘]{MASK}+[\"'`”’])"
_UNIT = (
    r"(?:(?P<unit1>one|single|1)[-\s](?P<kind1>line|sentence)\s+(?:[\w-]+\s+)?"
    r"(?:summary|conclusion|verdict|takeaway|recap|tl;?dr|wrap-?up|closing|answer|note|line|"
    r"sentence)|(?:single\s+|short\s+|final\s+|closing\s+|summary\s+|concluding\s+)?"
    r"(?P<kind2>line|sentence))"
)
_OPENING = (
    r"\s*,?\s*(?:(?:starting|beginning|prefixed)(?:\s+(?:with|by))?|(?:opening|introduced|"
    rf"that\s+(?:starts|begins))\s+(?:with|by))\s+{_Q}"
)
_PATTERNS = (
    # "end your answer with a single-sentence summary starting with 'In short,'",
    # "wrap up with a sentence starting with 'In short,'"
    compile_lazily(
        r"\b(?P<verb>end|finish|close|conclude|wrap\s+up|round\s+off)\s+(?:(?:your|the)\s+"
        r"(?:answer|response|reply|explanation|essay|email|text)\s+|it\s+|things\s+)?"
        rf"(?:with|on)\s+(?:a|an|one)\s+{_UNIT}{_OPENING}"
    ),
    # "Then add a one-line summary prefixed with 'In short:'", "finally, write a sentence …",
    # "…, then a final line starting 'Root cause:'"
    compile_lazily(
        r"\b(?P<then>then|finally|and\s+finally|lastly|at\s+the\s+end)\s*,?\s+(?:(?P<verb>add|"
        rf"write|give|include|put|append)\s+)?(?:a|an|one)\s+{_UNIT}{_OPENING}"
    ),
    # "list the exits on a final line that starts with 'Exits:'"
    compile_lazily(
        r"\b(?P<verb>on|as)\s+(?:a|the|one)\s+(?:final|last|closing)\s+(?P<kind4>line)"
        rf"{_OPENING}"
    ),
    # "a line 'TOTAL DUE: £...' as the last line", "then give a one-line 'Next step:' at the end"
    compile_lazily(
        # ("include a line 'X: ...' as the last line" is :mod:`._line_template`'s)
        r"\b(?:(?P<then>then|and)\s+)?(?:(?P<verb>give)\s+)?"
        rf"(?:a|one)\s+(?:(?:one|single)[-\s])?(?P<kind5>line)\s+{_Q}\s*(?:as\s+the\s+"
        r"(?:very\s+)?(?:last|final|closing)\s+line|at\s+the\s+(?:very\s+)?(?:end|bottom))\b"
        r"(?!\s+of\b)"
    ),
    # "Summarize it in exactly one line at the end prefixed with 'Bottom line:'"
    compile_lazily(
        r"\b(?P<verb>in)\s+(?:exactly\s+)?(?P<unit3>one|a\s+single)\s+(?P<kind3>line|sentence)\s+at\s+the\s+"
        rf"(?:very\s+)?end{_OPENING}"
    ),
)
_FINAL = compile_lazily(r"\b(?:final|last|closing|concluding)\b")
_PLACING = compile_lazily(r"\b(?:include|add|put|write|append|have|with|use)\s+$")
# Something added after the part: it is not the last.
_LATER = compile_lazily(
    r"\b(?:then|finally|lastly|afterwards?|after\s+(?:that|it|this)|followed\s+by|below\s+(?:it|that)|"
    r"end\s+with|close\s+with|finish\s+with|sign\s+off|p\.?\s?s\.?)\b"
)


def closing_part(sentence: Sentence) -> Iterator[Hit]:
    """The last sentence's or line's opening phrase, where the request states it."""
    text = sentence.lower
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if offers_alternatives(text, match.end("q")):
                continue
            if asks_about(sentence, match.start()) or sentence_blocked(sentence, match.start()):
                continue
            if NEGATION.search(text, max(0, match.start() - 30), match.start()):
                continue
            verb = "verb" if match.group("verb") else "then"
            if not required(sentence, match.start(verb) if match.group(verb) else match.start()):
                continue
            rest = sentence.whole[sentence.start + match.end() :].lower()
            if _LATER.search(rest):
                continue  # another part comes after it
            phrase = sentence.unmask(match.start("q") + 1, match.end("q") - 1).strip()
            if match.groupdict().get("kind5"):
                if _PLACING.search(text, 0, match.start()):
                    continue  # "include a line 'X: ...' as the last line": a template line's
                # "a line 'TOTAL DUE: £...'": the label the line opens with, then its text
                phrase = re.sub(r"\s*(?:\.\.\.|…)$", "", phrase)
                if not re.search(r"[:=]\s*\S{0,2}$", phrase):
                    continue
            if not phrase or templated(phrase, sentence.original) or "…" in phrase:
                continue
            if "..." in phrase:
                continue
            unverbed = not match.groupdict().get("kind5") and (
                not match.group("verb") or match.groupdict().get("kind4")
            )
            if unverbed and not re.search(r"[:=—–-]$", phrase):
                continue  # "then a final line starting with 'So'": the line may be "So" alone
            if unverbed and not _FINAL.search(match.group(0)):
                continue  # "first a line …, then a line starting with 'Tip:'": one line of a set
            kind = next(
                k for k in ("kind1", "kind2", "kind3", "kind4", "kind5") if match.groupdict().get(k)
            )
            if match[kind] == "line":
                try:
                    spec: LineTemplate | WordAt = LineTemplate(template=f"{phrase} <text>")
                except ValueError:
                    continue
            else:
                try:
                    spec = WordAt(word=phrase, part="sentence", index=-1, position=1)
                except ValueError:
                    continue
            yield Hit(spec, *match.span())
            return
