"""Alternatives after a phrase: "begin with 'Yes' or 'No'", "end with
'Thanks' / 'Cheers'". A check of the first alternative alone would fail the
answer that takes another, so a rule that reads one phrase refuses these
(a kind that states the choice, such as ``part_affix``, reads them whole).
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["offers_alternatives"]

# "… 'Yes' or 'No'", "… 'Yes', 'No' or 'Maybe'", "… 'Hi' / 'Hello'", "… 'Dear' or similar"
_ALTERNATIVE = compile_lazily(
    r"\s*(?:,\s*[\"'“‘«`\ue000][^,;.]{0,40}?)?(?:,\s*)?(?:\bor\b|/)\s*"
    r"(?:[\"'“‘«`\ue000]|the\s+(?:word|phrase)\b|similar\b|something\b|another\b|[\w])"
)


def offers_alternatives(text: str, end: int) -> bool:
    """Whether another choice follows a phrase that ends at ``end`` in ``text``
    (lower-cased, quotes masked or not)."""
    return bool(_ALTERNATIVE.match(text, end))
