"""Which list form a prompt asks its list to take: bullets, numbers, or
neither said.

A count of things ("give me 5 tips", "explain it in 6 steps") whose list
form the prompt names elsewhere ("Use bullets.", "as a numbered list",
"Stichpunkte", "don't number them — use bullets") is that form's count:
the answer's bullet lines or numbered lines, which the form families count
exactly. A form named only in a negation ("no bullets", "don't use numbered
lists", "instead of bullets") is no form the list takes; a prompt naming
both forms as wanted, or a form whose rows another family counts (a table,
JSON, a checklist, one per line in prose, paragraphs), names none here.
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = ["ListForm", "list_form", "without_refused"]

ListForm = Literal["bullets", "numbered"]

# The bullet form, in the languages prompts name it in: "bullet points",
# "bulleted", "dot points", "Stichpunkte", "puces", "viñetas", "gạch đầu dòng".
_BULLETS = re.compile(
    r"\bbullet(?:s|ed)?\b|\bbullet[\s-]+points?\b|\bdot[\s-]+points?\b|"
    # "give answer in points": bullet points, as many writers say it
    r"\b(?:answer|reply|respond|write\s+it|explain\s+it|it)\s+(?:in|as)\s+(?:short\s+)?points\b|"
    r"\bstichpunkt\w*|\baufzählungs(?:punkte|zeichen)\b|\b(?:à|a)\s+puces\b|\bpuces\b|"
    r"\bvi[ñn]etas?\b|\bg[ạa]ch\s+[đd][ầa]u\s+d[òo]ng\b"
)
# The numbered form: "numbered", "number them", "nummeriert", "numérotée".
_NUMBERED = re.compile(
    r"\bnumbered\b|\bnumber\s+(?:them|each(?:\s+one)?|the\s+(?:items|steps|points|ideas))\b|"
    r"\bnumbering\b|\bnummeriert\w*|\bnum[ée]rot[ée]e?s?\b|\bnumerad[ao]s?\b"
)
# A negation that reaches the form named after it: "no bullets", "don't
# number them", "without numbering", "instead of bullets", "not numbered".
_NEGATED = re.compile(
    r"(?:\b(?:no|not|without|never|avoid(?:ing)?|nor|neither|skip|drop|instead\s+of|rather\s+than|"
    r"(?:do|does|did|should|must|can)\s*n[o']?t|don'?t|doesn'?t|shouldn'?t|mustn'?t|"
    r"ohne|keine?|sans|pas\s+de|sin|kh[ôo]ng)\b)"
    r"(?:\s+(?:use|using|include|add|put|any|a|an|the|lists?|with|of|in|as|write|make|format|or|"
    r"nor|numbers|numbering|numbered|bullets?|bulleted|points?)\b)*\s*$"
)
# What follows a form and undoes it: "bullets are not needed", "numbered
# lists aren't allowed".
_UNDONE_AFTER = re.compile(
    r"^\s*(?:lists?\s+)?(?:(?:are|is)\s*(?:n[o']?t|never)|aren'?t|isn'?t|(?:not\s+)?(?:allowed|needed|"
    r"required|necessary|please)\s*$)"
)
# Forms whose rows another family counts, or that hold the items as prose.
_OTHER_FORM = re.compile(
    r"\btable\b|\bjson\b|\byaml\b|\bxml\b|\bcsv\b|\barray\b|\bcode\s+block|\bchecklist|\bcheckbox|"
    r"\b(?:as|in|into)\s+(?:a|one|a\s+single)\s+(?:short\s+|flowing\s+|single\s+)?paragraph\b|"
    r"\bparagraphs\b|\bcomma[\s-]+separated\b|\bseparated\s+by\s+commas\b"
)


# A question about the form, not a request for it: "Should I show them as a
# numbered list?", "Are bullets better here?"; "Can you use bullets?" asks.
_ASKS_ABOUT = re.compile(
    r"\s*(?:should|shall|is|are|do|does|would\s+it|which|what|how|why|whether|when)\b[^.!?]*\?"
)
# A form only hoped for: "Ideally a numbered list.", "bullets if you like".
_HEDGED = re.compile(
    r"\b(?:ideally|maybe|perhaps|possibly|preferably|optionally|if\s+(?:possible|you\s+(?:like|want|"
    r"prefer|can))|feel\s+free|(?:you\s+)?(?:may|might|could)\s+(?:also\s+)?(?:use|be))\b"
)

# Either form: "bullets or numbers, your call".
_EITHER = re.compile(
    r"\bbullet\w*(?:\s+points?)?\s+or\s+(?:a\s+)?(?:numbers|numbered|numbering)\b|"
    r"\b(?:numbers|numbered(?:\s+list)?|numbering)\s+or\s+(?:a\s+)?bullet"
)


def _wanted(pattern: re.Pattern[str], text: str) -> tuple[bool, bool]:
    """Whether ``text`` names the form as wanted, and as refused."""
    wanted = refused = False
    for match in pattern.finditer(text):
        if _refused(text, match):
            refused = True
            continue
        opens = max(text.rfind(mark, 0, match.start()) for mark in (".", "!", "?", "\n")) + 1
        ends = (text.find(mark, match.end()) for mark in ".!?\n")
        closes = min((i for i in ends if i >= 0), default=len(text))
        if _ASKS_ABOUT.match(text, opens) or _HEDGED.search(text, opens, closes):
            continue  # a question about the form, or a form only hoped for
        wanted = True
    return wanted, refused


def _refused(text: str, match: re.Match[str]) -> bool:
    clause = re.split(r"[.;:!?,(—–]|\s-\s|\b(?:and|but|then)\b", text[: match.start()])[-1]
    return bool(_NEGATED.search(clause) or _UNDONE_AFTER.match(text[match.end() :]))


def without_refused(whole: str) -> str:
    """``whole`` with each list form it refuses ("no bullets", "don't number
    them") blanked: what is left names the forms it may want."""
    for pattern in (_BULLETS, _NUMBERED):
        for match in list(pattern.finditer(whole)):
            if _refused(whole, match):
                a, b = match.span()
                whole = whole[:a] + " " * (b - a) + whole[b:]
    return whole


def list_form(whole: str) -> ListForm | None:
    """The one list form ``whole`` (a prompt, lower-cased) asks its list to
    take, or None where it names none, both, or another shape."""
    if _OTHER_FORM.search(whole) or _EITHER.search(whole):
        return None
    bullets, _ = _wanted(_BULLETS, whole)
    numbered, _ = _wanted(_NUMBERED, whole)
    if bullets == numbered:
        return None
    return "bullets" if bullets else "numbered"
