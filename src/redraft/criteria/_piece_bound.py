"""A count of a piece other than the answer: one piece added to it, one the
answer talks about, or one of two the writer may choose between.

- A piece added to the answer: "Write a blog post. End with a call to action
  of no more than 12 words", "give it a moral of under 8 words", "a long
  post, with a P.S. of one sentence", "under the table, a summary of two
  sentences". The count is the tagline's, the moral's, the P.S.'s: the post
  around it is longer.
- A piece talked about: "describe the format of a 14-line sonnet", "advice
  on writing a 6-line poem", "a rubric for grading a 5-paragraph essay", "a
  brief requesting a 4-line poem". The answer describes, advises on or asks
  for the piece; it is none of it.
- A rule the answer states of something else: "explain why passwords
  should have at least 12 characters".
- One of two pieces offered: "a haiku or a 5-line poem, whichever you
  prefer", "as 1 sentence or as 3 bullet points". Either answers.

A count of the whole answer read in any of these is a false check, so it
compiles nothing (:func:`~._part_bound.bound_to_part`). The answer itself is
still sized where the piece is what is asked ("Write a tagline of at most 7
words", "Reply with a sentence of at most 10 words", "with a length of 300
words", "Come up with a slogan of 5 words").
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["another_piece"]

_WORD = r"[\w'’.\-\ue000]+"
_DET = r"(?:a|an|one|the|another|some)"

# Verbs that add a piece to the answer ("end with", "give it", "add"), a
# place the piece takes in it ("under the table,", "at the top:"), or a piece
# joined to the asked thing ("a post, with a P.S.", "… and a caption").
_ADDER = (
    r"(?:(?:end|finish|close|conclude|sign\s+off|wrap\s+(?:it\s+|things\s+)?up|"
    r"round\s+(?:it\s+|things\s+)?off|open|start|begin|lead\s+off|cap\s+(?:it\s+)?off)"
    r"(?:\s+(?:it|this|that|them|things|(?:the|your)\s+[\w'’-]+))?\s+with|"
    r"(?:add|include|append|attach|insert|tack\s+on|put|place)(?:\s+(?:in|on))?|"
    r"give\s+(?:it|this|that|them|each|(?:the|your)\s+[\w'’-]+)|"
    r"plus|followed\s+by|together\s+with|along\s+with|as\s+well\s+as|accompanied\s+by|"
    r"(?:under|below|beneath|above|after|before)\s+(?:it|this|that|the\s+[\w'’-]+)\s*[,:]|"
    r"at\s+the\s+(?:end|top|bottom|start|beginning)(?:\s+of\s+(?:it|the\s+[\w'’-]+))?\s*[,:]|"
    # a piece joined to a thing asked: "a chart description and a caption"
    r"(?<=[a-z\ue000)])(?:,\s*)?\s+and|"
    # "a post, with a P.S.", "a feature with a standfirst" (not "reply with",
    # "come up with", "provide me with": there the piece is the answer)
    r"(?<![\w'’-])(?!(?:reply|replies|answer|answers|respond|responds|up|back|me|us|only|just|"
    r"it|them|this|that|comply|complies|go|come|do|deal|work)\b)[a-z\ue000.)'’-]+,?\s+with)"
)
# A noun of quantity or of the answer: "with a length of", "a total of",
# "a couple of sentences", "a response of 50 words" size the answer itself
_NOT_PIECE = (
    r"(?:length|lengths|total|maximum|minimum|max|min|limit|count|range|size|target|cap|budget|"
    r"ceiling|floor|span|couple|few|handful|pair|lot|lots|series|set|list|number|sequence|bunch|"
    r"collection|response|answer|reply|output|text|whole|body|word|words|mix|mixture|combination|"
    r"variety|selection|message)"
)
_ADDED_OF = compile_lazily(
    rf"\b{_ADDER}\s+{_DET}\s+(?:{_WORD}\s+){{0,2}}?(?!{_NOT_PIECE}\s)(?P<noun>{_WORD})"
    r"(?:\s+(?:at|in)\s+the\s+(?:top|end|bottom|start|beginning|foot|head))?\s+of\s+$"
)
# "give it a one-line summary", "end with a 10-word moral", "plus a
# 2-sentence teaser": the piece sized by its modifier, right after the adder
_ADDED_SIZED = compile_lazily(rf"\b{_ADDER}\s+$")
_SIZED = compile_lazily(
    rf"{_DET}\s+\S+-(?:word|sentence|paragraph|line|character|item|bullet|point)s?\s+"
    rf"(?!{_NOT_PIECE}\b)[\w'’-]"
)

# Any piece sized by its modifier, the answer's own noun too ("a 2-sentence
# reply or just a thumbs-up")
_SIZED_ANY = compile_lazily(
    rf"{_DET}\s+\S+-(?:word|sentence|paragraph|line|character|item|bullet|point)s?\s"
)

# The piece the answer talks about: its format, advice on writing it, a rubric
# for grading it, a request for it
_ABOUT = compile_lazily(
    r"\b(?:(?:format|structure|shape|layout|form|rules|conventions|parts|features|elements|"
    r"history|origins?|anatomy|purpose|meaning|rhyme\s+scheme|metre|meter)\s+of|"
    r"(?:advice|tips|guidance|pointers|ideas|help|hints|steps|guide|tutorial|instructions|"
    r"rubric|checklist|criteria|marking\s+scheme|mark\s+scheme|template|feedback|lesson|"
    r"workshop|class|course|how)\s+(?:on|for|about|to)\s+(?:how\s+to\s+)?"
    r"(?:write|writing|grade|grading|mark|marking|assess|assessing|structure|structuring|plan|"
    r"planning|draft|drafting|edit|editing|judge|judging|evaluate|evaluating|score|scoring|"
    r"compose|composing|teach|teaching|read|reading)|"
    r"(?:grading|marking|assessing|judging|evaluating|scoring|critiquing)|"
    r"(?:requesting|commissioning|request(?:s)?\s+for|asking\s+(?:[\w'’-]+\s+){0,3}?for|"
    r"inviting\s+(?:[\w'’-]+\s+){0,3}?(?:for|to\s+(?:write|send|submit)))|"
    r"(?:analysis|critique|parody|imitation|breakdown|commentary)\s+of)\s+$"
)

# One of two pieces offered: "a haiku or a 5-line poem", "as 1 sentence or as
# 3 bullet points" (not "3 or 4 paragraphs", "50 words or fewer": a range)
_CHOSEN_BEFORE = compile_lazily(
    r"\b(?:either\s+)?(?:as\s+|in\s+)?(?:a|an|one|\d+)\s+(?:[\w'’-]+\s+){0,2}?[a-z][\w'’-]*"
    r"\s+or\s+(?:as\s+|in\s+)?$"
)
_CHOSEN_AFTER = compile_lazily(
    r"(?:\s+[\w'’-]+)?,?\s+or\s+(?:just\s+|simply\s+|maybe\s+|perhaps\s+|even\s+)?(?:as\s+|in\s+)?"
    r"(?:a|an)\s+"
    r"(?!(?:few|couple|maximum|minimum|total|max|min|bit|little|lot)\b)[a-z]"
)

# A rule the answer states of something else: "explain why passwords should
# have at least 12 characters", "say that entries must be under 500 words"
# (not "explain why dogs bark in 50 words", nor "explain it; it must be …")
_SAID = compile_lazily(
    r"\b(?:explain|explaining|say|saying|tell\s+(?:[\w'’-]+\s+)?|telling\s+(?:[\w'’-]+\s+)?|"
    r"state|stating|note|noting|mention|mentioning|point\s+out|argue|arguing|show|showing|"
    r"stress|stressing|emphasi[sz]e|emphasi[sz]ing|warn|warning|announce|announcing)\s+"
    r"(?:why|that|how)\s+(?:[^,;:.!?()]*\s)?(?!(?:it|you|this|that)\s)(?P<subject>[\w'’-]+)\s+"
    r"(?:should|must|shall|need\s+to|needs\s+to|have\s+to|has\s+to|can|cannot|can't|may|are|is)"
    r"(?:\s+(?:not|never|only|always))?(?:\s+(?:be|have|contain|use|include|run|stay|get))?\s+$"
)


def another_piece(text: str, start: int, end: int) -> bool:
    """Whether the phrase at ``start:end`` of ``text`` (a lowered sentence)
    counts a piece other than the answer: one added to it, one it talks
    about, or one of two offered."""
    head = text[:start]
    phrase = text[start:end]
    if phrase.startswith("of "):
        # "a P.S. of one sentence": the phrase took its "of"
        head, phrase = text[: start + 3], phrase[3:]
    sized = _SIZED.match(phrase) is not None
    if _SAID.search(head):
        return True
    if _ADDED_OF.search(head) or (sized and _ADDED_SIZED.search(head)):
        return True
    bare = re.sub(rf"{_DET}\s+$", "", head)
    if sized and _ABOUT.search(bare):
        return True
    return bool(
        (_SIZED_ANY.match(phrase) or re.match(r"(?:as\s+|in\s+)?\d", phrase))
        and (_CHOSEN_BEFORE.search(head) or _CHOSEN_AFTER.match(text, end))
    )
