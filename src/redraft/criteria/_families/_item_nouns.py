"""The nouns of a request for listed things (:mod:`._item_request` reads
with them): what a line holds, what one asks a writer for, what a writer
lists one by one, values made up one to a line, and the documents that are
lists ("a glossary of 10 terms")."""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["ASKED", "LISTED", "LIST_DOCS", "MADE_UP", "NOT_ITEMS", "SHORT", "TITLED", "VALUES"]

# Values made up one to a line: "8 fake customer IDs", "5 sample order
# numbers", "6 random passwords", "10 test email addresses". Each is a line's
# worth, whatever layout holds them (a code block's lines too).
VALUES = (
    r"(?:ids|codes|passwords|passphrases|uuids|guids|skus|usernames|handles|"
    r"(?:email|e-mail|ip|mac|street|postal)\s+addresses|postcodes|license\s+plates|licence\s+plates|"
    r"(?:phone|telephone|mobile|serial|order|account|tracking|invoice|reference|part|"
    r"membership|card)\s+numbers)"
)
# Made up for a test, not the user's own ("I need 5 fake postal codes", not
# "I need 2 codes to get in")
MADE_UP = (
    r"(?:fake|sample|random|dummy|test|mock|made-up|fictional|fictitious|placeholder|"
    r"example|realistic|unique|valid)"
)
# Things a line holds: made by any verb, they are the list's items.
SHORT = (
    r"(?:headlines|titles|slogans|taglines|names|nicknames|usernames|subject\s+lines|mottos|"
    rf"mottoes|one-liners|puns|team\s+names|band\s+names|hooks|prompts|{VALUES})"
)
# Things one asks a writer for.
ASKED = (
    r"(?:ideas|suggestions|names|examples|options|tips|recommendations|titles|slogans|taglines|"
    r"alternatives|synonyms|antonyms|ways|reasons|facts|steps|prompts|topics|headlines|"
    r"captions|activities|recipes|strategies|arguments|points|questions\s+to\s+ask|"
    r"subject\s+lines|exercises|books|resources|quotes|mnemonics|analogies|metaphors|puns)"
)
LISTED = (
    r"(?:facts|tips|ideas|examples|recommendations|suggestions|alternatives|reasons|goals|"
    r"resolutions|affirmations|options|"
    # pieces a writer sets one by one: "write 5 true/false statements",
    # "write 3 FAQ entries", "write 6 word problems"
    r"statements|entries|problems|"
    # "write 10 SAT vocabulary words": words of a kind, each an item (:data:`_WORDSLISTED`)
    r"words)"
)
# Documents that are lists, their entries the things counted: "a glossary of
# 10 terms", "a word bank of 12 words"
LIST_DOCS = r"(?:glossary|lexicon|word\s+bank|wordlist|word\s+list)"
# A list's name in quotes before it: "a 'Never Have I Ever' list of 8 prompts"
TITLED = r"(?:(?:'|\"|“|‘)[^'\"”’\n]{1,40}(?:'|\"|”|’)\s+)?"

# Things that are not list items: units other families count, pieces of
# prose that a line cannot hold (a couplet or quatrain is a stanza of lines),
# and things of time or measure.
NOT_ITEMS = compile_lazily(
    r"\b(?:words|sentences|paragraphs|(?<!subject\s)lines|characters|letters|syllables|bullets|"
    r"emojis|hashtags|questions|links|urls|sections|headings|headers|pages|stanzas|verses|"
    r"couplets|quatrains|tercets|cinquains|poems|stories|essays|emails|e-mails|messages|reviews|versions|drafts|answers|responses|"
    r"replies|variations|rewrites|articles|posts|tweets|scripts|songs|dialogues|"
    r"speeches|jokes|haikus|limericks|sonnets|chapters|scenes|acts|slides|flashcards|"
    r"summaries|descriptions|explanations|translations|times|minutes|hours|seconds|days|weeks|"
    r"months|years|dollars|euros|pounds|percent|kilometers|kilometres|miles|meters|metres|"
    r"digits|numbers|integers|primes|numerals|values|decimals|fractions|tables|columns|rows|keys|"
    r"fields|ones)$|"
    # sub-items and nested items are how a list nests (list_nesting), not its items
    r"^(?:sub[\s-]?(?:bullets?|points?|items?|bullet\s+points?|tasks?|steps?)\b|nested\s+)"
)
