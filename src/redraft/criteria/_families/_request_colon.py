"""A request that names the thing to write, then its shape after a colon:
"Generate a fake log excerpt: 5 lines, each starting with a timestamp",
"Write a poem about rain: 4 lines.", "Give me a summary: 3 sentences."

The count after the colon stands alone as it would in a sentence of its own
("5 lines."), so the count grammars (:mod:`._reading`, :mod:`._counted`)
read it with the same pattern: this is the opening they accept before it.
Only a making verb opens the request (not "rewrite", "translate" or "fix",
whose material may follow the colon), and no other colon, sentence mark or
semicolon stands between the verb and the count.
"""

from __future__ import annotations

__all__ = ["REQUEST_COLON", "REQUEST_COMMA"]

REQUEST_COLON = (
    r"(?:(?:please\s+)?(?:write|compose|draft|craft|create|generate|produce|give\s+me|"
    r"provide|make\s+me)\b[^:;.!?\n]{1,80}?:\s*)"
)
"""The opening of a sentence before a count that stands alone: a making verb,
what it makes, and a colon."""


REQUEST_COMMA = (
    r"(?:(?:(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:write|compose|draft|craft|create|"
    r"generate|produce|give\s+me|provide|make\s+me)\s+(?:me\s+|us\s+)?(?:a|an)\s+"
    r"[^:;,.!?\n]{1,80}?|(?:just|only)\s+(?:the|your|an?)\s+(?:[\w-]+\s+)?[\w-]+),\s*)"
)
"""The opening of a sentence before a count set off by a comma: "Please write
a summary of the French Revolution, 3 paragraphs, …", "Just the answer, one
sentence.". One thing asked for
(its article says so: "write 4 tips for …, 2 sentences" may count each tip),
and no other comma before the count; read only for the units a bare number
counts exactly (sentences, paragraphs), never for words or characters."""
