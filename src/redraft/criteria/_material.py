"""Material a prompt announces and then gives under its own label: "I'll
paste my notes below.", a blank line, "Notes: keep under 200 words, 3
hashtags." The label names material to work on, never rules for the answer
("Follow the rules below. Rules: …" stays a request: rules are no material).
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["announced_material"]

# Material announced, then given under its own label: "I'll paste my notes
# below.", a blank line, "Notes: keep under 200 words, 3 hashtags." The label
# names material to work on, never rules for the answer.
_MATERIAL_NOUN = (
    r"(?:notes|draft|text|email|essay|message|transcript|article|minutes|outline|report|"
    r"feedback|comments?|review|letter|story|poem|post|paragraph|data|brief|memo)"
)
_ANNOUNCED = compile_lazily(
    rf"\b(?:(?:my|our|the|his|her|their|some)\s+(?P<noun>{_MATERIAL_NOUN})\s+(?:below|underneath)|"
    rf"(?:paste|pasted|pasting|attach|attached|share|shared)\s+(?:in\s+)?(?:my|our|the|some|his|"
    rf"her|their)\s+(?P<pasted>{_MATERIAL_NOUN}))\b",
    re.IGNORECASE,
)


def announced_material(text: str) -> list[tuple[int, int]]:
    """The spans after the label of each paragraph a prompt announced as its
    material ("my notes below" … "Notes: …")."""
    spans: list[tuple[int, int]] = []
    for announced in _ANNOUNCED.finditer(text):
        noun = (announced.group("noun") or announced.group("pasted")).rstrip("s")
        label = compile_lazily(
            rf"^[ \t]*{re.escape(noun)}s?[ \t]*:(?P<body>(?:[^\n]|\n(?![ \t]*\n))*)",
            re.IGNORECASE | re.MULTILINE,
        )
        spans += [m.span("body") for m in label.finditer(text, announced.end())]
    return spans
