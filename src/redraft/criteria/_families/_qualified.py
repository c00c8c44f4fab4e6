"""What the words right after a required phrase say of the requirement.

A phrase to include, to start or to end with is read as a plain
requirement only where nothing after it takes it back. Three things do:

- **an alternative:** "start with 'Hi' or 'Hello'", "end with 'Best' or
  something similar", "mention 'free shipping' or 'free delivery'", "use
  the word 'innovative' or a synonym": either will do, so neither is
  required (a ban stays a ban: "avoid 'very' or 'really'" bans both);
- **a condition:** "include the word 'hope' only if it sounds natural",
  "start your reply with 'Great question' only if it is one", "mention
  'Tidy' when it makes sense", "the keyword 'running shoes' where it fits",
  "avoid 'basically' unless you are quoting someone": the requirement holds
  for some answers, and a check would hold it for all;
- **a degree:** "use the word 'delve' less often", "use 'we' more than
  'I'", "use 'sustainable' sparingly": how often, relative to a text or to
  another word, which no count states (a stated count, "more than twice",
  is read before this is asked);
- **a count left unread:** "use the word 'great' only once" (exactly once,
  or at most once, to avoid repeating it?): no count is stated exactly, so
  none is compiled, not even "at least once".
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["alternative_listed", "taken_back", "condition_after"]

# "'thank' (or 'thanks')": an alternative in brackets is one too
_ALTERNATIVE = compile_lazily(r"\s*,?\s*(?:\(\s*)?(?:or|/)(?=\s)")
_CONDITION = compile_lazily(
    r"\s*,?\s*(?:(?:but\s+)?only\s+)?(?:if|unless|when|whenever|where|wherever|in\s+case|"
    r"as\s+long\s+as|provided(?:\s+that)?|as\s+(?:needed|appropriate|relevant)|"
    r"whichever|whatever)\b"
)
_DEGREE = compile_lazily(
    r"\s*(?:a\s+(?:lot|bit|little)\s+|much\s+|far\s+|way\s+)?(?:less|more|fewer)\b|"
    r"\s*(?:sparingly|rarely|seldom|(?:less|more)\s+often|frequently|occasionally)\b"
)
_OR = compile_lazily(r"\bor\b|/")
_COUNT_LEFT = compile_lazily(
    r"\s*,?\s*(?:only|just|but\s+once|no\s+more\s+than)\s+(?:once|twice|thrice|one\s+time|"
    r"(?:\d+|two|three|four|five)\s+times)\b"
)


def condition_after(text: str, end: int) -> bool:
    """Whether a condition follows at ``end`` ("… only if it fits", "… unless
    quoting"): the phrase before it is required of some answers only."""
    return _CONDITION.match(text, end) is not None


def taken_back(text: str, end: int) -> bool:
    """Whether the words at ``end`` (right after a phrase to include, start or
    end with) offer an alternative, state a condition or ask for a degree."""
    return (
        _ALTERNATIVE.match(text, end) is not None
        or condition_after(text, end)
        or _DEGREE.match(text, end) is not None
        or _COUNT_LEFT.match(text, end) is not None
    )


def alternative_listed(text: str, start: int, end: int) -> bool:
    """Whether the list of phrases between ``start`` and ``end`` offers
    alternatives ("'free shipping' or 'free delivery'"): any one will do."""
    return _OR.search(text, start, end) is not None
