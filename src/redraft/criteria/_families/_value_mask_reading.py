"""How a value mask is asked (:mod:`._value_mask`): a mask shown after "in
the form", "format", "formatted as", "should look like", quoted or bare,
and read into the mask alphabet (``#`` a digit, ``@`` an uppercase letter)
by :func:`mask_of`, which refuses a mask it cannot read one way only.

A request that makes values ("give me", "generate", "include", "I need")
wants at least one written to the mask; a rule about values that may come
("phone numbers must be in the form …") wants none unless they come. A
mask after "e.g." or "for example" shows content, not a format, and
compiles nothing; nor does a hedged, negated or questioned request.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import ValidationError

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._value_mask_spec import ValueMask
from redraft.criteria._sentences import NEGATION, Hit, Sentence, blocked_from, response_context

__all__ = ["mask_of", "value_masks"]

_PLACEHOLDER_RUN = compile_lazily(r"[Xx]{2,}|N{2,}|#+")
_LETTERS_RUN = compile_lazily(r"[A-Za-z]+")
_DATE_PLACEHOLDERS = compile_lazily(r"(?:YYYY|YY|MM|DD|HH|hh|mm|ss)+")


def _lone_x_by_digit(raw: str, run: re.Match[str]) -> bool:
    """Whether ``run`` is one "X" against a digit in a mask whose Xs stand
    for digits: "(555) 01X-XXXX" may have a digit after "01" or the letter,
    and "X1-XXXX" a model's "X1"; such a mask reads two ways."""
    if run.group(0) not in ("X", "x") or not re.search(r"[Xx]{2,}", raw):
        return False
    before = raw[run.start() - 1 : run.start()]
    after = raw[run.end() : run.end() + 1]
    return before.isdigit() or after.isdigit()


def mask_of(raw: str) -> str | None:
    """``raw`` (a mask as a prompt shows it) in the mask alphabet, or None
    where it reads more than one way or shows no placeholder."""
    raw = raw.strip()
    if not raw or len(raw) > 40 or "@" in raw:
        return None
    mixed = re.fullmatch(r"[A1 \-]+", raw) or re.fullmatch(r"[A9 \-]+", raw)
    if mixed and "A" in raw and re.search(r"[19]", raw):
        return re.sub(r"[19]", "#", raw.replace("A", "@"))
    if _PLACEHOLDER_RUN.search(raw):
        if re.search(r"#[A-Za-z]|[A-Za-z]#", raw):
            return None  # "#FD-XXXXX": a "#" of the value itself
        others = re.sub(r"[Xx]{2,}", "", raw)
        if (
            re.search(r"[Xx]{2}", raw)
            and re.search(r"[A-Za-z]", others)
            and not re.search(r"\d", others)
        ):
            return None  # "REF-XXXXXX": letters or digits, or Xs kept as they are
        out: list[str] = []
        for run in re.finditer(r"[Xx]{2,}|N{2,}|#+|[A-Za-z]+|.", raw):
            text = run.group(0)
            if _PLACEHOLDER_RUN.fullmatch(text):
                out.append("#" * len(text))
            elif _lone_x_by_digit(raw, run):
                return None  # "(555) 01X-XXXX": one digit's place, or "X1" a model's letter
            elif text.isalpha() and len(text) > 1 and len(set(text)) == 1:
                return None  # "YYYY", "MM": a placeholder of another kind
            elif _DATE_PLACEHOLDERS.fullmatch(text):
                return None  # "ORD-YYYYMMDD-NNNN": a date's placeholders run together
            else:
                out.append(text)
        mask = "".join(out)
        return mask if mask.count("#") >= 2 else None
    if _LETTERS_RUN.search(raw.replace("°", "")) and re.search(r"[A-Z]{2}|[A-Z]\d|\d[A-Z]", raw):
        return None  # "ABC-1234", "QQ 12 34 56 C": letters that may be placeholders
    runs = re.findall(r"\d+", raw)
    if not runs or any(len(run) < 3 for run in runs):
        return None  # "21°C (70°F)": a sample says nothing of its numbers' widths
    if len(runs) < 3 and sum(map(len, runs)) < 7:
        return None  # "300-500": a range, not a code
    if re.search(r"[A-Za-z]", raw):
        return None
    return re.sub(r"\d", "#", raw)


_INTRO = compile_lazily(
    r"\b(?:in\s+(?:the\s+)?(?:[a-z]+\s+)?(?:format|form|pattern)\b(?:\s+of)?|"
    r"(?:use\s+)?(?:the\s+)?format\b|formatted\s+(?:like|as)|written\s+(?:like|as)|"
    r"(?:should|must|to|will|shall)\s+look\s+like|using\s+the\s+(?:format|pattern))"
    r"\s*:?\s*"
)
_QUOTED = compile_lazily(r"[\"'“‘`]([^\"'”’`\n]{2,40})[\"'”’`]")
_TOKEN = r"(?=[^\s]*[A-Z0-9#])[A-Za-z0-9#°]+"
_BARE = compile_lazily(rf"[+(]?{_TOKEN}(?:(?:[ \-/()]|\.(?=[A-Za-z0-9#])){{1,2}}{_TOKEN})*\)?")
_MAKES = compile_lazily(
    r"\b(?:give|generate|include|provide|write|create|make\s+up|invent|list|need|want|"
    r"send|produce|add|put|share|come\s+up\s+with|contain|contains|feature|features)\b"
)
# "Generate 8 IDs. Each should look like …": the values asked for before
_MODAL_BE = (
    r"(?:should|must|shall|needs?\s+to|has\s+to|have\s+to|are\s+to)\s+"
    r"(?:be\s+(?:written|given|formatted|shown|typed)\s+|appear\s+|be\s+)?"
)
_THEY = compile_lazily(
    r"^\s*(?:(?P<they>each(?:\s+one)?|every\s+one|all\s+of\s+them|they|these)\s+"
    rf"(?:{_MODAL_BE})?|(?:all\s+|any\s+|every\s+|each\s+)?(?:[a-z]+\s+){{0,2}}"
    rf"(?:numbers?|codes?|ids?|identifiers?|values?|references?)\s+(?:{_MODAL_BE}|(?:has|have)\s+))$"
)
_COUNTED_AFTER = compile_lazily(r"\s*(?:words?|characters?|sentences?|lines?|pages?|items?)\b")
# a sentence cut after "e.g." goes on with the example
_SAMPLED = compile_lazily(r"(?:e\.g\.|i\.e\.|for\s+example|for\s+instance|such\s+as)[\s,:]*$")
_MUST = compile_lazily(r"\b(?:should|must|shall|has\s+to|have\s+to|needs?\s+to|always)\b")


def _mask_after(sentence: Sentence, at: int) -> tuple[str, int] | None:
    """The raw mask that stands at offset ``at`` and where it ends."""
    quoted = _QUOTED.match(sentence.original, at)
    if quoted:
        return quoted.group(1), quoted.end()
    bare = _BARE.match(sentence.masked, at)
    if bare and "\ue000" not in bare.group(0):
        raw = bare.group(0)
        if raw.endswith(")") and raw.count("(") < raw.count(")"):
            raw = raw[:-1]  # "(e.g. in the form 555-0123)": the bracket around it
        if (opened := raw.rfind("(")) > 0 and raw.count("(") > raw.count(")"):
            # "TP-XXXXXX (6 digits)": a gloss opens after the mask, not a part of it
            raw = raw[:opened].rstrip()
        return raw, bare.start() + len(raw)
    return None


def value_masks(sentence: Sentence) -> Iterator[Hit]:
    """ "A phone number in the form (555) 555-0123", "format A1A 1A1"."""
    text = sentence.lower
    if text.rstrip().endswith("?"):
        return
    for intro in _INTRO.finditer(text):
        found = _mask_after(sentence, intro.end())
        if found is None or _COUNTED_AFTER.match(text, found[1]):
            continue  # "in the format 300-500 words": a length
        mask = mask_of(found[0])
        if mask is None or _SAMPLED.search((sentence.whole or text)[: sentence.start].lower()):
            continue
        if "placeholder" in text:
            continue  # "a placeholder in the form REF-XXXXXX": the mask is the value
        they = _THEY.match(text[: intro.start()])
        if they:
            if blocked_from(text) <= intro.start() or NEGATION.search(text, 0, intro.start()):
                continue
            before = (sentence.whole or "")[: sentence.start].lower()
            makes = they.group("they") is not None and _MAKES.search(before) is not None
            if they.group("they") and not makes:
                continue  # "each" of what no request made
        elif not response_context(sentence, intro.start()):
            continue
        else:
            at = sentence.start + intro.start()
            makes = (
                _MAKES.search((sentence.whole or text)[max(0, at - 200) : at].lower()) is not None
            )
        if not makes and not _MUST.search(text) and not intro.group(0).startswith("use"):
            continue  # "the form 555-0123 is common": said, not asked
        try:
            spec = ValueMask(mask=mask, every=True, at_least=1 if makes else 0)
        except ValidationError:
            continue
        yield Hit(spec, intro.start(), found[1])
        return
