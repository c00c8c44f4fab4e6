"""What makes a count of listed things no count of the answer's list lines,
beside what :mod:`._item_count` reads itself.

- **Lists within each item:** "give me 5 tips, each with 3 sub-steps", "2
  examples each", "including the steps for each", "under each idea list
  what I'd need": the answer's list lines are then the sub-items as well, or
  instead, and which count is meant is not said (what each item holds in
  prose, "each with 2 sentences", is no list).
- **A second list:** "Give me 5 ideas for dinner. Include a shopping list at
  the end." names another list in a sentence of its own (the list's form,
  "a bulleted list", is not another list).
- **No list at all:** "Give me 4 tips. Don't use a list.", "written as
  prose", "no bullets or numbering": the things may come as sentences of
  one paragraph, which no reading of list lines, lines or blocks counts
  (:mod:`._item_count` still counts things a line holds: names, titles).
- **Pieces of prose as examples:** "3 examples of haiku", "2 samples of
  cover letters": each example is a piece a line cannot hold.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER
from redraft.criteria._sentences import searched

__all__ = ["BESIDE_LIST", "PLURAL", "list_refused", "nested_lists", "other_list", "prose_examples"]

# A part after or beside the list (an alternative of a pattern, no groups).
BESIDE_LIST = (
    # a part after the list: "… and a short verdict at the end", "finally, …"
    # (a mark there is no part: "no period at the end")
    r"(?:verdict|summary|tip|question|list|note|conclusion|recommendation|takeaway|sentence|"
    r"paragraph|remark|comment|suggestion|explanation|total|recap|thought)s?\s+(?:[\w-]+\s+){0,3}?"
    r"at\s+the\s+(?:very\s+)?(?:end|bottom)|"
    r"at\s+the\s+(?:very\s+)?(?:end|bottom)\s*,?\s*(?:add|include|give|write|put|ask|say|tell)|"
    r"finally|lastly|in\s+closing|"
    # another piece asked beside it: "tell me a story about one of them", "show
    # the fixed version", "compare them", "pick your favourite"
    r"(?:tell|show)\s+(?:me|us)\s+(?:a|an|one)(?!\s+(?:[\w-]+\s+)?list\b)|"
    r"show\s+(?:the|your|how)|compare\s+(?:them|these|those|the)|"
    r"(?:pick|choose|select)\s+(?:the|your|one|a)\s+(?:single\s+)?(?:best|favou?rite|top|winner)"
)
PLURAL = r"(?:[a-z][\w'-]*s|people|children|men|women|geese|mice|teeth|feet|criteria|phenomena)"

# Lists within each item ("each with 3 sub-steps", "2 examples each", "the
# steps for each", "under each idea list …"): the answer's list lines are
# then the sub-items as well, or instead, and which count is meant is not
# said. Not what each item holds in prose ("each with 2 sentences").
_UNITS_HELD = r"(?!(?:words|sentences|lines|characters|letters|syllables|paragraphs)\b)"
_NESTED = compile_lazily(
    r"\bsub[-\s]?(?:lists?|items?|points?|bullets?|bullet\s+points?|steps?|tasks?|ideas?|tips?)\b|"
    r"\bnested\b|\bindented\b|\bunder\s+(?:each|every)\b|"
    rf"\beach\s+with\s+(?:(?:{NUMBER}|some|several|a\s+few)\s+{_UNITS_HELD}[a-z]|a\s+list\b)|"
    rf"\b(?:{NUMBER}|some|several|a\s+few)\s+{_UNITS_HELD}(?:[\w'-]+\s+){{0,2}}?{PLURAL}\s+"
    r"(?:each|apiece)\b|"
    rf"\b(?:the|its|their|some|{NUMBER})\s+{_UNITS_HELD}(?:[\w'-]+\s+){{0,2}}?{PLURAL}\s+"
    r"(?:for|of|in|under)\s+(?:each|every)\b|"
    r"\b(?:for|in)\s+(?:each|every)\b[^.;!?]{0,30}?\blist\b"
)
# "Give me 5 ideas for dinner. Include a shopping list at the end.": another
# list named in a sentence of its own (not the list's form: "a bulleted list").
_OTHER_LIST = compile_lazily(
    r"(?<!\bin\s)(?<!\bas\s)(?<!\binto\s)\b(?:a|an)\s+(?!(?:bullet(?:ed)?|numbered|simple|short|"
    r"quick|brief|clear|single|markdown|plain|neat|ordered|unordered|vertical|tidy|nice|"
    r"comma[\w-]*|proper|real)\b)[a-z][\w-]*\s+list\b"
)
# "3 examples of haiku", "2 samples of cover letters": pieces of prose a line cannot hold
_PROSE_EXAMPLES = compile_lazily(
    r"^\s+of\s+(?:an?\s+)?(?:[\w-]+\s+)?(?:haikus?|poems?|stor(?:y|ies)|e-?mails?|letters?|essays?|"
    r"paragraphs?|speech(?:es)?|reviews?|posts?|tweets?|songs?|scripts?|dialogues?|jokes?|"
    r"limericks?|sonnets?|summar(?:y|ies)|descriptions?|answers?|responses?|bios?|messages?|"
    r"introductions?|intros?|conclusions?|abstracts?)"
    # the prose is the thing, not a word before it ("examples of haiku themes")
    r"(?=\s*(?:$|[.,;:!?)])|\s+(?:about|on|for|in|with|that|which|from|by|to|of|and|or|where|"
    r"written|i|we)\b)"
)


# "don't use a list", "not as a list", "in prose", "no bullets or numbering"
_REFUSE = (
    r"\b(?:no|not\s+(?:as\s+|in\s+)?(?:a\s+)?|without(?:\s+a(?:ny)?)?|(?:don'?t|do\s+not|never)\s+"
    r"(?:use|make|write|give|format|put)(?:\s+(?:it|them|this|these)\s+(?:as|in(?:to)?))?"
    r"(?:\s+(?:a|any))?)\s+(?:[\w-]+\s+)?"
)
_NO_LIST = compile_lazily(
    rf"{_REFUSE}lists?\b|\b(?:as|in)\s+(?:(?:flowing|continuous|plain|running|narrative)\s+)?prose\b"
)
_NO_BULLETS = compile_lazily(rf"{_REFUSE}(?:bullets?|bullet\s+points?)\b")
_NO_NUMBERS = compile_lazily(
    rf"{_REFUSE}(?:numbers|numbering)\b|\b(?:bullets?|bullet\s+points?)\s+or\s+(?:numbers|numbering)\b|"
    r"\b(?:don'?t|do\s+not|never)\s+number\b"
)


def list_refused(whole: str, *, one_liners: bool = False) -> bool:
    """Whether the prompt (lowered) refuses a list ("don't use a list", "in
    prose") or, unless the things are ``one_liners`` (names, titles), both
    list forms ("no bullets or numbering"): the things may then be sentences
    of one paragraph. One form refused leaves the other."""
    if searched(_NO_LIST, whole):
        return True
    both = searched(_NO_BULLETS, whole) is not None and searched(_NO_NUMBERS, whole) is not None
    return both and not one_liners


def nested_lists(whole: str) -> bool:
    """Whether the prompt (lowered) asks for lists within each item."""
    return searched(_NESTED, whole) is not None


def other_list(sentences: Iterable[str], own: str) -> bool:
    """Whether a sentence other than the request's own (``own``) names another list."""
    return any(_OTHER_LIST.search(part) for part in sentences if own not in part)


def prose_examples(things: str, after: str) -> bool:
    """Whether "examples" or "samples" (``things``) are of a piece of prose, named in ``after``."""
    examples = re.search(r"\b(?:examples|samples)$", things) is not None
    return examples and _PROSE_EXAMPLES.match(after) is not None
