"""A quoted phrase the answer is to say otherwise is no keyword of it.

"three ways to say 'your application was unsuccessful'", "rephrase 'we
are sorry'", "another way of saying 'thank you'", "alternatives to
'synergy'": the phrase is what the answer replaces, so a check that the
answer contains it fails the answer asked for (and one that bans it would
state more than was said). Keyword rules are read through
:func:`paraphrase_dropped`, which drops a required phrase so framed.
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import MASK, Hit, Rule, Sentence

__all__ = ["paraphrase_dropped"]

_SAY = r"(?:say|saying|express|expressing|phrase|phrasing|put|putting|word|wording|tell|telling)"
# the frame right before the quotation, its object noun optional
_FRAME = compile_lazily(
    rf"(?:\bways?\s+(?:to|of|you\s+(?:can|could)|i\s+(?:can|could))\s+{_SAY}|"
    rf"\bhow\s+(?:else\s+)?(?:to\s+|(?:can|could|would|do)\s+(?:i|we|you)\s+){_SAY}|"
    rf"\b(?:another|a\s+different|other|better|nicer|kinder|softer)\s+ways?\s+(?:of|to)\s+{_SAY}|"
    r"\b(?:rephras|rewor|paraphras|re-?writ|restat|soften|reformulat)\w*|"
    r"\b(?:alternatives?|replacements?|substitutes?|synonyms?|equivalents?)\s+(?:to|for|of)|"
    rf"\b(?:instead\s+of|rather\s+than)(?:\s+{_SAY})?|\b(?:versions?|variations?)\s+(?:of|on))"
    r"(?:\s+(?:the\s+|this\s+|that\s+)?(?:words?|phrases?|sentences?|lines?|expressions?|"
    r"terms?|message))?\s*:?\s*$"
)
_QUOTE = compile_lazily(rf"[\"'“‘«`]{MASK}")
# Characters before a quote that hold the longest frame ("how else could we
# be expressing the message:") with room to spare
_FRAME_REACH = 160


def paraphrase_dropped(rule: Rule) -> Rule:
    """``rule`` less the required keywords quoted as a phrase to say otherwise."""

    def read(sentence: Sentence) -> Iterator[Hit]:
        text = sentence.lower
        for hit in rule(sentence):
            if hit.spec.kind_name() == "keyword" and getattr(hit.spec, "value", 0) > 0:
                quote = _QUOTE.search(text, hit.start, hit.end)
                # (the frame ends right at the quote: a window back from it, not the
                # whole sentence, which made a long one quadratic in its quotes)
                if quote and _FRAME.search(
                    text, max(0, quote.start() - _FRAME_REACH), quote.start()
                ):
                    continue
            yield hit

    return read
