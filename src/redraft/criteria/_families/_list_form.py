"""Which list form a prompt asks its list to take: bullets, numbers, or
neither said.

A count of things ("give me 5 tips", "explain it in 6 steps") whose list
form the prompt names elsewhere ("Use bullets.", "as a numbered list",
"Stichpunkte", "don't number them — use bullets") is that form's count:
the answer's bullet lines or numbered lines, which the form families count
exactly. The form must be asked of the answer: governed by a verb or
preposition of form ("use bullets", "in bullet points", "as a numbered
list", "write a bulleted list") or opening its clause ("Bullets should be
short.", "Each bullet …", "…, numbered."); a form that is the topic ("tips
for writing good bullet points", "a talk on numbered lists") or someone
else's ("my team, who write in bullet points") is none. A form named only
in a negation ("no bullets", "don't use numbered lists", "instead of
bullets") is no form the list takes; a prompt naming
both forms as wanted, or a form whose rows another family counts (a table,
JSON, a checklist, one per line in prose, paragraphs), names none here.
"""

from __future__ import annotations

import re
from typing import Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import searched

__all__ = ["ListForm", "list_form", "offered", "without_refused"]

ListForm = Literal["bullets", "numbered"]

# The bullet form, in the languages prompts name it in: "bullet points",
# "bulleted", "dot points", "Stichpunkte", "puces", "viñetas", "gạch đầu dòng".
_BULLETS = compile_lazily(
    r"\bbullet(?:s|ed)?\b|\bbullet[\s-]+points?\b|\bdot[\s-]+points?\b|"
    # "give answer in points": bullet points, as many writers say it
    r"\b(?:answer|reply|respond|write\s+it|explain\s+it|it)\s+(?:in|as)\s+(?:short\s+)?points\b|"
    r"\bstichpunkt\w*|\baufzählungs(?:punkte|zeichen)\b|\b(?:à|a)\s+puces\b|\bpuces\b|"
    r"\bvi[ñn]etas?\b|\bg[ạa]ch\s+[đd][ầa]u\s+d[òo]ng\b"
)
# The numbered form: "numbered", "number them", "nummeriert", "numérotée".
_NUMBERED = compile_lazily(
    r"\bnumbered\b|\bnumber\s+(?:them|each(?:\s+one)?|the\s+(?:items|steps|points|ideas))\b|"
    r"\bnumbering\b|\bnummeriert\w*|\bnum[ée]rot[ée]e?s?\b|\bnumerad[ao]s?\b"
)
# A negation that reaches the form named after it: "no bullets", "don't
# number them", "without numbering", "instead of bullets", "not numbered".
_NEGATED = compile_lazily(
    r"(?:\b(?:no|not|without|never|avoid(?:ing)?|nor|neither|skip|drop|instead\s+of|rather\s+than|"
    r"(?:do|does|did|should|must|can)\s*n[o']?t|don'?t|doesn'?t|shouldn'?t|mustn'?t|"
    r"ohne|keine?|sans|pas\s+de|sin|kh[ôo]ng)\b)"
    r"(?:\s+(?:use|using|include|add|put|any|a|an|the|lists?|with|of|in|as|write|make|format|or|"
    r"nor|numbers|numbering|numbered|bullets?|bulleted|points?)\b)*\s*$"
)
# What follows a form and undoes it: "bullets are not needed", "numbered
# lists aren't allowed".
_UNDONE_AFTER = compile_lazily(
    r"^\s*(?:lists?\s+)?(?:(?:are|is)\s*(?:n[o']?t|never)|aren'?t|isn'?t|(?:not\s+)?(?:allowed|needed|"
    r"required|necessary|please)\s*$)"
)
# Forms whose rows another family counts, or that hold the items as prose.
_OTHER_FORM = compile_lazily(
    r"\btable\b|\bjson\b|\byaml\b|\bxml\b|\bcsv\b|\barray\b|\bcode\s+block|\bchecklist|\bcheckbox|"
    r"\b(?:as|in|into)\s+(?:a|one|a\s+single)\s+(?:short\s+|flowing\s+|single\s+)?paragraph\b|"
    r"\bparagraphs\b|\bcomma[\s-]+separated\b|\bseparated\s+by\s+commas\b"
)


# A question about the form, not a request for it: "Should I show them as a
# numbered list?", "Are bullets better here?"; "Can you use bullets?" asks.
_ASKS_ABOUT = compile_lazily(
    r"\s*(?:should|shall|is|are|do|does|would\s+it|which|what|how|why|whether|when)\b[^.!?]*\?"
)
# A form only hoped for: "Ideally a numbered list.", "bullets if you like".
_HEDGED = compile_lazily(
    r"\b(?:ideally|maybe|perhaps|possibly|preferably|optionally|if\s+(?:possible|you\s+(?:like|want|"
    r"prefer|can))|feel\s+free|(?:you\s+)?(?:may|might|could)\s+(?:also\s+)?(?:use|be)|"
    # a form allowed, not asked: "bullets are fine, numbers are fine, whatever you prefer"
    r"(?:is|are|'s|'re)\s+(?:fine|ok(?:ay)?|allowed|acceptable|welcome)|whatever|your\s+call|"
    r"up\s+to\s+you)\b"
)

# Either form: "bullets or numbers, your call".
_EITHER = compile_lazily(
    r"\bbullet\w*(?:\s+points?)?\s+or\s+(?:a\s+)?(?:numbers|numbered|numbering)\b|"
    r"\b(?:numbers|numbered(?:\s+list)?|numbering)\s+or\s+(?:a\s+)?bullet"
)


# A form asked of the answer: governed by a verb or preposition of form ("use
# bullets", "in bullet points", "as a numbered list", "Dùng gạch đầu dòng"),
# or opening its clause with what follows saying so ("Bullets should be
# short.", "Each bullet …", "…, numbered."). Not a form that is a topic
# ("tips for writing good bullet points", "a talk on numbered lists").
_GOVERNED = compile_lazily(
    r"\b(?:use|using|with|in|as|into|d[ùu]ng|utili[sz]e|(?:make|keep|put)\s+(?:it|them|this)(?:\s+in)?|"
    r"format(?:ted)?(?:\s+(?:it|them))?\s+(?:as|in|with)|"
    # "write a bulleted list", "give me a numbered list of 5"
    r"(?:write|make|create|give|provide|include|produce|return|output|want|need|prefer|add)"
    r"(?:\s+(?:me|us))?\s+(?:a|an|one))"
    r"\s+(?:(?:a|an|the|short|simple|markdown|concise|clear|only|just|neat|proper)\s+)*$"
)
_OPENS = compile_lazily(r"^\s*(?:(?:please|and|also|each|every|all|the|your|with|just|a|an)\s+)*$")
_OPENS_AFTER = compile_lazily(
    r"^\s*(?:[.,;:!?)—–]|$|(?:lists?|points?|steps?|items?|format|only|please|pls|plz|thanks|"
    r"style|should|must|are|is|need|verwenden|nutzen|benutzen)\b)"
)
# Someone else's form: "my team, who always write in bullet points", "the
# slides themselves will use bullets", "my old newsletter used numbered lists".
_ELSEWHERE = compile_lazily(
    r"\b(?:who|which|whose|they|he|she|my|our|their|his|her|its)\b|"
    r"\b(?:the|these|those)\s+\w+(?:\s+\w+)?\s+(?:will|would|uses?|used|has|have|had)\b"
)
_SAYS_IT_WHOLE = compile_lazily(r"(?:answer|reply|respond|write\s+it|explain\s+it|it)\s")
# The form said of the answer's list or its items: "The list should be
# numbered.", "Steps must be numbered and …", "they need to be bulleted"; not
# what someone else's notes are ("my notes are numbered": no modal of a request)
_PREDICATE = compile_lazily(
    r"^\s*(?:(?:also|please)\s+)?(?:(?:the|your|all(?:\s+the)?|each\s+of\s+the)\s+)?"
    r"(?:list|answer|response|reply|output|items?|steps?|points?|entries|ideas|tips|suggestions|"
    r"options|them|they|it)\s+"
    r"(?:should|must|shall|will|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to)\s+be\s+(?:all\s+)?$|"
    # "One line per step, steps numbered, …": the items and their form, a fragment
    r"^\s*(?:(?:the|your|all(?:\s+the)?)\s+)?(?:steps|items|points|entries|ideas|tips)\s+$"
)
# Numbering in labels the numbered count does not read ("numbered with Roman
# numerals (I., II.)", "numbered using letters"): no "1." lines
_OWN_LABELS = compile_lazily(
    r"\s*(?:with|using|in|as|by)\s+(?:(?:upper|lower)-?case\s+|capital\s+|small\s+)?"
    r"(?:roman|letters?|[ivx]+\b|\()"
)
_I_WANT = compile_lazily(r"\b(?:i|we)\s+(?:want|need|would\s+like|'d\s+like|prefer)\b")


def _asked_for(text: str, match: re.Match[str]) -> bool:
    clause = re.split(r"[.;:!?,(—–]|\s-\s|\b(?:and|but|then)\b", text[: match.start()])[-1]
    if _OWN_LABELS.match(text, match.end()):
        return False  # "numbered with Roman numerals": labels of their own
    if _PREDICATE.match(clause):
        return True  # "the list should be numbered", "they must be bulleted"
    if _ELSEWHERE.search(clause) and not _I_WANT.search(clause):
        return False
    if _GOVERNED.search(clause) or _SAYS_IT_WHOLE.match(match.group(0)):
        return True  # governed; or "answer in points", which says it whole
    if re.search(r"(?:^|[\s)])for\s+$", text[: match.start()]) and re.search(
        r"\b(?:use|using)\s+[^.;!?]{0,30}$", text[: match.start()]
    ):
        return True  # "use dashes (-) for bullets"
    if re.match(r"\s*(?:verwenden|nutzen|benutzen)\b", text[match.end() :]):
        return True  # "5 Stichpunkte verwenden"
    return bool(_OPENS.match(clause) and _OPENS_AFTER.match(text[match.end() :]))


def _wanted(pattern: re.Pattern[str], text: str) -> tuple[bool, bool]:
    """Whether ``text`` names the form as wanted, and as refused."""
    wanted = refused = False
    for match in pattern.finditer(text):
        if _refused(text, match):
            refused = True
            continue
        if not _asked_for(text, match):
            continue
        opens, closes = _sentence_of(text, match)
        if _ASKS_ABOUT.match(text, opens) or _HEDGED.search(text, opens, closes):
            continue  # a question about the form, or a form only hoped for
        wanted = True
    return wanted, refused


def _refused(text: str, match: re.Match[str]) -> bool:
    clause = re.split(r"[.;:!?,(—–]|\s-\s|\b(?:and|but|then)\b", text[: match.start()])[-1]
    return bool(_NEGATED.search(clause) or _UNDONE_AFTER.match(text[match.end() :]))


def without_refused(whole: str) -> str:
    """``whole`` with each list form it refuses ("no bullets", "don't number
    them") or only allows ("bullets are fine, numbers too, whatever you
    prefer") blanked: what is left names the forms it may want."""
    for pattern in (_BULLETS, _NUMBERED, _NUMBERS_ALLOWED):
        for match in list(pattern.finditer(whole)):
            if _refused(whole, match) or _allowed(whole, match):
                a, b = match.span()
                whole = whole[:a] + " " * (b - a) + whole[b:]
    return whole


# "numbers are fine": the numbered form only offered
_NUMBERS_ALLOWED = compile_lazily(
    r"\bnumbers\b(?=\s+(?:are|is)\s+(?:fine|ok(?:ay)?|allowed|acceptable))"
)


def _allowed(text: str, match: re.Match[str]) -> bool:
    return offered(text[slice(*_sentence_of(text, match))])


def offered(sentence: str) -> bool:
    """Whether a sentence (lower-cased) naming a list form only hopes for it
    or allows it ("ideally numbered", "bullets are fine, your call")."""
    return _HEDGED.search(sentence) is not None


def _sentence_of(text: str, match: re.Match[str]) -> tuple[int, int]:
    """Where the sentence holding ``match`` opens and closes in ``text``."""
    opens = max(text.rfind(mark, 0, match.start()) for mark in (".", "!", "?", "\n")) + 1
    ends = (text.find(mark, match.end()) for mark in ".!?\n")
    return opens, min((i for i in ends if i >= 0), default=len(text))


def list_form(whole: str) -> ListForm | None:
    """The one list form ``whole`` (a prompt, lower-cased) asks its list to
    take, or None where it names none, both, or another shape."""
    if searched(_OTHER_FORM, whole) or searched(_EITHER, whole):
        return None
    bullets, _ = _wanted(_BULLETS, whole)
    numbered, _ = _wanted(_NUMBERED, whole)
    if bullets == numbered:
        return None
    return "bullets" if bullets else "numbered"
