"""The phrases a counted family's units are read in: "at least 100 words",
"between 3 and 5 paragraphs", "400 or more words", "don't write more than 50
words", "Word limit: 75." — one regular expression per shape, built over
every unit the rule counts (:class:`._counted.UnitCounts`), each unit a
numbered group so a match tells which unit it counted.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._answer_units import LABEL, LIST_MARK, MAKE
from redraft.criteria._families._count_context import ADJECTIVE, NOT_SINGLE, STYLE
from redraft.criteria._families._counted_unit import Unit
from redraft.criteria._families._request_colon import REQUEST_COLON, REQUEST_COMMA
from redraft.criteria._grammar import NUMBER, RELATION
from redraft.criteria._sentences import THING

__all__ = ["unit_patterns"]


def unit_patterns(units: tuple[Unit, ...]) -> dict[str, re.Pattern[str]]:
    """Each phrase shape over ``units``, by name, and ``named``: any unit at all
    (most sentences name none, and one scan rules them out)."""
    unit = "|".join(f"(?P<u{i}>{u.pattern})" for i, u in enumerate(units))
    single = "|".join(f"(?P<s{i}>{u.singular})" for i, u in enumerate(units) if u.singular)
    one = "|".join(f"(?P<o{i}>{u.singular})" for i, u in enumerate(units) if u.single)
    nothing = "|".join(f"(?P<z{i}>{u.pattern})" for i, u in enumerate(units) if u.none)
    patterns = {
        # a bound on each side, the unit said once: "at least 150 words, but
        # fewer than 200", "no fewer than 100 and no more than 150 words"
        "pair": (
            rf"\b(?P<rel>{RELATION})\s+(?P<num>{NUMBER})\s+{ADJECTIVE}(?:{unit})\s*,?\s+"
            r"(?:but|and|yet)\s+(?:also\s+)?(?:(?:be|keep\s+it)\s+)?"
            rf"(?P<rel2>{RELATION})\s+(?P<num2>{NUMBER})(?=\s*(?:[.,;!)]|$|\s+(?:in\s+total|"
            r"total|please)\b))"
        ),
        "pair_back": (
            rf"\b(?P<rel>{RELATION})\s+(?P<num>{NUMBER})\s*,?\s*(?:but|and)\s+"
            rf"(?P<rel2>{RELATION})\s+(?P<num2>{NUMBER})\s+{ADJECTIVE}(?:{unit})\b"
        ),
        "negated": (
            r"\b(?:do\s+not|don'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|cannot|"
            r"can'?t|may\s+not)\s+(?:(?:write|use|be|have|include|contain|give|produce|"
            r"provide|go|run|exceed|surpass|go\s+over|go\s+beyond|make\s+(?:it|this|them)|"
            r"want\s+(?:anything|it|"
            r"something))\s+)?(?P<dir>more\s+th[ae]n|"
            r"longer\s+th[ae]n|over|beyond|past|above|exceed|surpass|less\s+th[ae]n|fewer\s+th[ae]n|"
            rf"shorter\s+th[ae]n|under)?\s*(?P<num>{NUMBER})\s+{ADJECTIVE}(?:{unit})\b"
        ),
        # "400 or more words", "300+ words", "a 300+ word essay".
        "or_more": (
            rf"\b(?P<num>{NUMBER})(?:\s+or\s+(?P<dir>more|less|fewer)|\+)\s*[-\s]?{ADJECTIVE}"
            rf"(?:{unit})(?:\b|(?<=\+))"
        ),
        "between": (
            rf"\b(?:between\s+(?P<low>{NUMBER})\s+and|(?:(?<=\bin\s)|(?<=\bof\s)|"
            rf"(?<=\bcontain\s)|(?<=\bcontains\s)|(?<=\bcontaining\s)|(?<=\bhave\s)|"
            rf"(?<=\bhas\s)|(?<=\bbe\s)|(?<=\bis\s)|(?<=\bare\s)|(?<=:\s)|(?<=,\s)|(?<=—\s)|(?<=–\s)|"
            # "a 150 to 200 word report": the range before the thing it sizes
            r"(?<=\s-\s)|(?<=\ba\s)|^\s*)"
            rf"(?P<from>{NUMBER})\s+(?:to|or|-|–)|(?P<low2>\d+)\s*(?:[-–]|-to-))\s*"
            rf"(?P<high>{NUMBER})\s+{ADJECTIVE}(?:{unit})\b"
        ),
        "relation": (
            rf"\b(?P<rel>{RELATION})\s+(?:a\s+total\s+of\s+)?(?P<num>{NUMBER})\s+"
            rf"{ADJECTIVE}(?:{unit})\b"
        ),
        "post": (
            rf"\b(?P<num>{NUMBER})\s+{ADJECTIVE}(?:{unit})\s*,?\s+(?P<post>or\s+(?:less|fewer)|"
            r"or\s+more|at\s+(?:the\s+)?most|at\s+(?:the\s+)?least|at\s+(?:a\s+)?(?:minimum|maximum)|"
            # "500 words or longer", "40 words or shorter"
            r"or\s+(?:longer|shorter)|max(?:imum)?|"
            r"min(?:imum)?|tops|(?:and\s+)?not?\s+(?:more|longer)|(?:and\s+)?not?\s+(?:fewer|less)|"
            # "6 words exactly", "two sentences precisely"
            r"exactly|precisely|"
            # "6 sentences total": the count of the whole, for units a bare number counts
            r"(?:in\s+)?total)"
            # not when a count of its own follows: "3 paragraphs, at most 50 words"
            rf"\b(?!\s+(?:than\s+)?{NUMBER}\b)"
        ),
        # "keep it to 2 sentences" (exactly, for a unit a bare number counts
        # exactly; at most otherwise), "limit it to 100 words" (at most)
        "keep_to": (
            r"\b(?P<verb>keep|keeping|limit|limiting|cap|restrict|make)\s+(?:it|this|them|yourself|the\s+"
            rf"(?:[\w-]+\s+)?{THING}|your\s+(?:[\w-]+\s+)?{THING})\s+(?:(?P<to>to|at)\s+)?"
            rf"(?:(?:just|only)\s+)?(?P<num>{NUMBER})\s+{ADJECTIVE}(?:{unit})\b"
            # "keep it one sentence.": without "to", the count ends its clause
            rf"(?(to)|(?=\s*(?:long\b\s*)?(?:,?\s*please\b\s*)?(?:[.;!),]|$)))"
        ),
        # "shorten this headline to 8 words or fewer", "cut it down to 2 sentences":
        # the answer is the text made shorter, the count its bound
        "shorten_to": (
            r"\b(?:shorten|condense|cut|trim|reduce|tighten|compress|pare)\s+(?:down\s+)?"
            r"(?:it|this|that|them|(?:the|this|that|these|those|my|your|our)\s+"
            # not one part: "cut the second paragraph to 60 words", "trim the title …"
            r"(?!(?:[\w-]+\s+){0,2}?(?:first|second|third|fourth|last|final|opening|closing|"
            r"title|heading|intro|introduction|conclusion|subject|caption|summary)\b)"
            r"(?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:down\s+)?to\s+(?:(?P<rel>"
            rf"{RELATION})\s+)?(?P<num>{NUMBER})\s+{ADJECTIVE}(?:{unit})\b"
        ),
        # "it must fit in 280 characters", "fit within two sentences"
        "fit": rf"\bfits?\s+(?:in|into|within)\s+(?P<num>{NUMBER})\s+{ADJECTIVE}(?:{unit})\b",
        # "Hard limit 160 characters", "strict cap of 50 words": a limit named first
        "hard_limit": (
            r"\b(?:hard|strict|absolute)\s+(?:limit|cap|max(?:imum)?)\s*(?::|of|is|=)?\s*"
            rf"(?P<num>{NUMBER})\s+{ADJECTIVE}(?:{unit})\b"
        ),
        "bare": (
            r"(?:\b(?:in|into|with|using|use|write|contain|containing|contains|have|has|include|"
            r"includes|then|of|give|provide|list|be|as|compose|craft|draft|create|generate|"
            r"produce)\s+(?:me\s+|us\s+)?|"
            # "a short essay (4 paragraphs) on …": the thing asked, its size in brackets
            r"(?P<paren>\()\s*)"
            # "respond with just 1 word", "in only two sentences": the count itself
            r"(?:(?<!\()(?:just|only|literally)\s+)?"
            rf"(?P<num>{NUMBER})\s+{ADJECTIVE}(?:{unit})\b"
            r"(?(paren)(?=\s*(?:only|total|in\s+total)?\s*[),;]))"
        ),
        # "a poem where each stanza has 3 lines and there are 4 stanzas", "so that
        # there are exactly 5 paragraphs": the count said of what is written
        "there_are": (
            r"\b(?:where|in\s+which|so\s+that|such\s+that|and|(?:make|making)\s+sure|ensure|"
            r"ensuring)\s+(?:that\s+)?there\s+(?:are|is)\s+(?:only\s+|just\s+)?"
            rf"(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})\s+{ADJECTIVE}(?:{unit})\b"
        ),
        # "Six sentences about a thunderstorm for …": a prompt that opens with
        # the count of what it wants, its verb left out
        "opening": (
            rf"^\s*(?P<num>{NUMBER})\s+{ADJECTIVE}(?:{unit})(?=\s+(?:about|on|describing|"
            r"explaining|summari[sz]ing|introducing|for\s+(?:a|an|my|our|the)\b))"
            # not a sentence about them: "3 paragraphs about it are below"
            r"(?![^.;:!?]*\b(?:is|are|was|were|follow|follows|below|above|i\s+wrote|"
            r"you\s+wrote)\b)"
        ),
        # a sentence that is the count: "One paragraph only." "3 to 5 sentences." is a range;
        # or its count set off after one thing asked for ("Write a summary of X, 3 paragraphs")
        "alone": (
            rf"^\s*{LIST_MARK}(?:{REQUEST_COLON}|(?P<comma>{REQUEST_COMMA})|{LABEL})"
            rf"(?:only\s+|just\s+|literally\s+)?"
            rf"(?P<num>{NUMBER})\s+"
            rf"{ADJECTIVE}(?:{unit})"
            # "…, 3 stanzas of 4 lines each.": the size of each stated with the count
            rf"(?:\s+of\s+(?:{NUMBER})\s+(?:lines|sentences|words)(?:\s+each)?)?"
            r"(?:\s+(?:only|total|in\s+total))?\s*(?:(?:[.!]|(?(comma)\?))?\s*$|[,:;])"
        ),
        # the unit first, then its count: "Lines: 4.", "paragraphs — exactly two;"
        "named_first": (
            rf"^\s*{LIST_MARK}{LABEL}(?:{unit})\s*(?::|—|–|-)\s*(?:(?P<rel>{RELATION})\s+)?"
            rf"(?P<num>{NUMBER})(?:\s+(?:only|total|in\s+total))?\s*(?:[.!]?\s*$|[,;])"
        ),
    }
    if one:
        # "Write a paragraph about …", "give me a short persuasive paragraph"
        patterns["single"] = (
            r"\b(?:(?P<verb>write|compose|draft|craft|produce|create|generate|give\s+me|provide|"
            r"respond\s+with|reply\s+with|answer\s+with|offer|be)\s+(?:me\s+|us\s+)?"
            r"(?P<num>an?|one|a\s+single|just\s+one|only\s+one|exactly\s+one|just\s+an?|"
            # "write the opening paragraph of a novel": the one opening part is the answer
            r"only\s+an?|the(?=\s+(?:opening|first|introductory)\s+(?:sentence|paragraph)\b))|"
            # "describe it in a paragraph", "rewrite it as a sentence": the answer's shape
            r"(?P<shape>in|into|as)\s+(?P<det>an?|one|a\s+single|just\s+one|only\s+one))\s+"
            # "a four-sentence paragraph": one paragraph of four sentences
            rf"(?:(?:{NUMBER}-sentence\s+(?=paragraph\b))|(?!{NOT_SINGLE})[a-z-]+\s+){{0,2}}?"
            rf"(?:{one})\b"
            # "a sentence or two" is not one
            r"(?!\s*[-–])(?!\s+or\b)"
        )
    if nothing:
        patterns["none"] = (
            r"\b(?:no|without|zero|avoid(?:\s+using)?|(?:do\s+not|don'?t|never)\s+"
            rf"(?:use|include|add|write|put|insert)(?:\s+any)?)\s+(?:{nothing})\b"
            # "no bullets or numbers": the other is a none of its own family
            r"(?:\s+or\s+(?:numbers|numbering|bullets|bullet\s+points))?"
            # not a subject: "no bullet may run over 15 words" is about each bullet
            # nor "no bullets needed" (no need for them, not a ban)
            r"(?!\s+(?:limit|requirement|restriction|need|needed|required|necessary|minimum|"
            r"maximum|may|should|must|can|shall|will|is|are|has|have|needs?|exceeds?|longer|"
            r"shorter|contains?|goes|runs|gets|points?)\b)"
        )
    if single:
        # "a six-word story", "a one-paragraph summary", "a two-sentence pitch"
        patterns["compound"] = (
            rf"\b(?:a|an|one)\s+{STYLE}(?P<num>{NUMBER})[-\s](?:{single})\s+"
            rf"(?:[\w-]+\s+){{0,2}}?{THING}\b"
        )
        # "One word answer.", "Two-sentence reply, please.": a sentence that
        # is the answer's shape, its article left out
        patterns["compound_alone"] = (
            rf"^\s*{LABEL}(?:just\s+|only\s+)?(?P<num>{NUMBER})[-\s](?:{single})\s+"
            r"(?:answer|reply|response)(?:\s+only)?(?:\s*,?\s*please)?\s*(?:[.!]\s*)?$"
        )
        # "write a 2-line couplet", "compose a one-paragraph abstract": the
        # thing a making verb asks for is the answer, whatever it is called
        patterns["compound_made"] = (
            rf"\b(?:{MAKE})\s+(?:me\s+|us\s+)?(?:a|an|one)\s+{STYLE}(?P<num>{NUMBER})-"
            rf"(?:{single})\s+(?:[\w-]+\s+){{0,2}}?[a-z]+\b"
        )
        # "60-word product blurb for a standing desk.": the prompt opens with
        # the thing it wants and its size, the verb left out
        patterns["compound_opening"] = (
            rf"^\s*(?:(?:a|an)\s+)?{STYLE}(?P<num>\d{{1,4}})-(?:{single})\s+"
            r"(?:[\w-]+\s+){0,2}?[a-z]+(?=\s+(?:about|on|for|describing|explaining|"
            r"introducing|summari[sz]ing)\b)"
            # not a sentence about them: "60-word blurbs for desks are hard"
            r"(?![^.;:!?]*\b(?:is|are|was|were|follow|follows|below|above|i\s+wrote|"
            r"you\s+wrote)\b)"
        )
        # "(300 char limit, hard)", "a 160-character limit": the limit named
        # after its size (not "a 280 character tweet": a limit or a length?)
        patterns["limit_after"] = (
            rf"\b(?P<num>\d{{1,5}})[-\s](?:{single})\s+(?:count\s+)?(?P<lim>limit|cap|max)\b"
        )
        # "Word limit: 75.", "a character limit of 280", "sentence maximum: 4"
        patterns["label"] = (
            rf"\b(?:{single})[\s-]+(?:count\s+)?(?P<lim>limit|cap|maximum|max|minimum|min)"
            rf"\s*(?:[:=]|of|is)?\s*(?P<num>{NUMBER})\b(?!\s*[%-])(?:\s+(?:{unit})\b)?"
        )
    compiled = {name: compile_lazily(p) for name, p in patterns.items()}
    # One scan for the units first: most sentences name none of them.
    compiled["named"] = compile_lazily(rf"(?:{unit})")
    return compiled
