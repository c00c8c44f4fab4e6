"""Value masks: the answer writes a value (a phone number, a postal code, an
ID) to a mask the prompt shows — "in the form (555) 555-0123", "format A1A
1A1", "+44 20 XXXX XXXX", "each should look like CUST-####".

A mask is kept in one alphabet: ``#`` is any digit, ``@`` any uppercase
letter (A to Z), every other character itself. How a prompt's mask is read
(:func:`mask_of`):

- ``N`` or ``#`` in a run of two or more (or a lone ``#``) is a digit, and
  so is a run of ``X`` beside literal digits or with no other letters; other
  letters and digits around them are literal ("+44 20 XXXX XXXX",
  "CUST-####", "INV-NNNN"); "REF-XXXXXX" (letters or digits, or the Xs
  themselves) and "#FD-NNNNN" (a "#" of the value) compile nothing, nor
  does a mask said to be a placeholder;
- a mask of only ``A`` and ``1`` (or ``9``, ``0``) is letters and digits
  ("A1A 1A1");
- a mask with no placeholder is a sample whose digits are placeholders,
  read only where every run of digits is at least three long ("(555)
  555-0123"); a sample with shorter runs ("21°C (70°F)", "12:30") says
  nothing of how wide its numbers are, and compiles nothing;
- a run of one repeated letter that is no placeholder ("YYYY", "MM", "AAA")
  or a mix that could be either ("ABC-1234", "QQ 12 34 56 C") compiles
  nothing.

Measured exactly: a value matches where the mask's characters stand in
order with no letter or digit either side. With ``every``, the values of
the kind are found by a looser form of the mask (each run of digits or
letters of any width, case aside, each separator any of space, ``-``,
``.``, ``/``, brackets) and each one found must match; ``at_least`` values
must match in any case. Approximation: a value of the kind written with no
separators at all ("5550123") is not found as one.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family
from redraft.criteria._families._value_mask_reading import value_masks
from redraft.criteria._families._value_mask_spec import ValueMask
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Rule

__all__ = ["VALUE_MASK", "found_values"]

_SEPARATORS = " -./()"


def _strict(mask: str) -> re.Pattern[str]:
    body = "".join("[0-9]" if ch == "#" else "[A-Z]" if ch == "@" else re.escape(ch) for ch in mask)
    return compile_lazily(rf"(?<![A-Za-z0-9]){body}(?![A-Za-z0-9])")


def _loose(mask: str) -> re.Pattern[str]:
    parts: list[str] = []
    core = mask.strip(_SEPARATORS)
    for run in re.finditer(r"#+|@+|[A-Za-z]+|[0-9]+|[" + re.escape(_SEPARATORS) + r"]+|.", core):
        text = run.group(0)
        if text[0] == "#":
            parts.append("[0-9]+")
        elif text[0] == "@":
            parts.append("[A-Za-z]+")
        elif text[0] in _SEPARATORS:
            parts.append(r"[\s\-./()]{1,3}")
        elif text.isalpha():
            parts.append("(?i:" + re.escape(text) + ")")
        else:
            parts.append(re.escape(text) + "?" if text == "+" else re.escape(text))
    return compile_lazily(r"(?<![A-Za-z0-9])" + "".join(parts) + r"(?![A-Za-z0-9])")


def found_values(spec: ValueMask, text: str) -> tuple[list[str], list[str]]:
    """(the values written to the mask, the values of its kind that are not)."""
    strict = list(_strict(spec.mask).finditer(text))
    spans = [m.span() for m in strict]
    off: list[str] = []
    if spec.every:
        for m in _loose(spec.mask).finditer(text):
            if not any(m.start() < b and a < m.end() for a, b in spans):
                off.append(m.group(0).strip())
    return [m.group(0) for m in strict], off


class _ValueMask(Family):
    name = "value mask"
    specs = (ValueMask,)
    rules: ClassVar[tuple[Rule, ...]] = (value_masks,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, ValueMask)
        good, off = found_values(spec, text)
        data: dict[str, Any] = {"matching": len(good), "off": off[:3]}
        if len(good) >= spec.at_least and not off:
            return Outcome(True, f"{len(good)} value(s) written as {spec.shown()!r}", data=data)
        said = (
            f"{len(off)} value(s) not written as {spec.shown()!r} ({', '.join(map(repr, off[:3]))})"
            if off
            else f"{len(good)} value(s) written as {spec.shown()!r}"
        )
        return Outcome(
            False,
            f"the answer has {said}; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, ValueMask)
        off = found_values(spec, text)[1]
        mask = f"{spec.shown()!r} (each 9 a digit, each A a capital letter, the rest as shown)"
        if off:
            shown = ", ".join(map(repr, off[:3]))
            return f"Write {shown} exactly to the mask {mask}."
        return f"Your answer needs at least {spec.at_least} value(s) written exactly as {mask}."


VALUE_MASK = _ValueMask()
