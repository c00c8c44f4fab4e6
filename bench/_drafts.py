"""Drafts no judge wrote, and how well a binary verdict agrees with the truth.

- :func:`write_drafts` gets one answer per prompt from a model (the
  **original**) and a copy with mechanical edits aimed at each instruction
  (the **edited**; :func:`comply`). The edits are attempts only: IFEval's
  verifier, never the edit, decides whether a draft passes. Originals mostly
  fail and edited copies mostly pass, so a set has both classes.
- :class:`Confusion` turns (truth, verdict) pairs into sensitivity,
  specificity, balanced accuracy and Cohen's kappa.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from _ifeval import IFEvalPrompt, Instruction, Score, score

from redraft import Message, ModelRequest
from redraft.providers import Provider

FILLER = "This sentence adds more words to the answer so that it is long enough for the request."


# -- drafts ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Draft:
    prompt: IFEvalPrompt
    kind: str  # "original" or "edited"
    text: str
    truth: Score


def _words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


def _split(text: str, parts: int) -> list[str]:
    """``text`` as ``parts`` non-empty chunks of whole words (padded when short)."""
    words = _words(text)
    while len(words) < parts * 3:
        words += _words(FILLER)
    size = math.ceil(len(words) / parts)
    chunks = [" ".join(words[i * size : (i + 1) * size]) for i in range(parts)]
    return [c if c else FILLER for c in chunks]


def _relation_count(kwargs: dict[str, Any], key: str) -> tuple[bool, int]:
    """(at least?, n) for the IFEval ``relation`` kwargs."""
    relation = kwargs.get("relation") or kwargs.get("let_relation") or "at least"
    return relation == "at least", int(kwargs.get(key) or 1)


def _content(text: str, i: Instruction) -> str:
    kw = i.kwargs
    if i.id == "punctuation:no_comma":
        return text.replace(",", "")
    if i.id == "keywords:existence":
        return text + "\n\n" + " ".join(f"{k}." for k in kw.get("keywords") or [])
    if i.id == "keywords:forbidden_words":
        for word in kw.get("forbidden_words") or []:
            text = re.sub(rf"\b{re.escape(word)}\b", "", text, flags=re.IGNORECASE)
        return text
    if i.id == "keywords:frequency":
        at_least, n = _relation_count(kw, "frequency")
        keyword = str(kw.get("keyword", ""))
        text = re.sub(rf"\b{re.escape(keyword)}\b", "", text, flags=re.IGNORECASE)
        return text + "\n\n" + " ".join([keyword] * n) if at_least else text
    if i.id == "keywords:letter_frequency":
        at_least, n = _relation_count(kw, "let_frequency")
        letter = str(kw.get("letter", "")).lower()
        if at_least:
            return text + "\n\n" + letter * n
        return re.sub(letter, "", text, flags=re.IGNORECASE)
    if i.id == "detectable_content:number_placeholders":
        n = int(kw.get("num_placeholders") or 1)
        return text + "\n\n" + " ".join(f"[detail {k}]" for k in range(1, n + 1))
    if i.id == "detectable_format:number_highlighted_sections":
        n = int(kw.get("num_highlights") or 1)
        return text + "\n\n" + "\n".join(f"*highlighted part {k}*" for k in range(1, n + 1))
    if i.id == "detectable_format:number_bullet_lists":
        n = int(kw.get("num_bullets") or 1)
        lines = [ln for ln in text.splitlines() if not re.match(r"^\s*([*-])", ln)]
        body = "\n".join(lines).strip()
        return body + "\n\n" + "\n".join(f"* Point {k}." for k in range(1, n + 1))
    if i.id == "length_constraints:number_words":
        at_least, n = _relation_count(kw, "num_words")
        words = _words(text)
        if at_least:
            while len(re.findall(r"\w+", " ".join(words))) < n:
                words += _words(FILLER)
            return " ".join(words)
        return " ".join(words[: max(1, n - 1)])
    return text


def _structure(text: str, i: Instruction) -> str:
    kw = i.kwargs
    if i.id == "length_constraints:number_paragraphs":
        return "\n\n***\n\n".join(_split(text, int(kw.get("num_paragraphs") or 1)))
    if i.id == "length_constraints:nth_paragraph_first_word":
        parts = _split(text, int(kw.get("num_paragraphs") or 1))
        nth = int(kw.get("nth_paragraph") or 1) - 1
        if 0 <= nth < len(parts):
            parts[nth] = f"{kw.get('first_word', '')} {parts[nth]}"
        return "\n\n".join(parts)
    if i.id == "detectable_format:multiple_sections":
        splitter = str(kw.get("section_spliter") or "Section")
        parts = _split(text, int(kw.get("num_sections") or 1))
        return "\n\n".join(f"{splitter} {k}\n{p}" for k, p in enumerate(parts, 1))
    if i.id == "combination:two_responses":
        half = _split(text, 2)
        return f"{half[0]}\n******\n{half[1]}"
    return text


def _wrap(text: str, i: Instruction) -> str:
    kw = i.kwargs
    if i.id == "detectable_format:title":
        return f"<<{' '.join(_words(text)[:4]) or 'Answer'}>>\n\n{text}"
    if i.id == "detectable_content:postscript":
        return f"{text}\n\n{kw.get('postscript_marker', 'P.S.')} Thank you for reading."
    if i.id == "detectable_format:constrained_response":
        return "My answer is yes."
    if i.id == "combination:repeat_prompt":
        return f"{kw.get('prompt_to_repeat', '')}\n{text}"
    return text


def _case(text: str, i: Instruction) -> str:
    if i.id == "change_case:english_lowercase":
        return text.lower()
    if i.id == "change_case:english_capital":
        return text.upper()
    return text


def _outer(text: str, i: Instruction) -> str:
    kw = i.kwargs
    if i.id == "startend:end_checker":
        return f"{text.rstrip()}\n{kw.get('end_phrase', '')}"
    if i.id == "startend:quotation":
        return f'"{text.strip().strip(chr(34))}"'
    if i.id == "detectable_format:json_format":
        return json.dumps({"answer": text})
    return text


EDITS: tuple[Callable[[str, Instruction], str], ...] = (_content, _structure, _wrap, _case, _outer)
"""Applied in this order, each to every instruction: content first, case and
outer wrappers last, so the later edits undo as little as possible."""


def comply(prompt: IFEvalPrompt, text: str) -> str:
    """The answer with mechanical edits aimed at each instruction (no guarantee)."""
    for edit in EDITS:
        for instruction in prompt.instructions:
            text = edit(text, instruction)
    return text


async def write_drafts(
    prompts: Sequence[IFEvalPrompt], writer: Provider, args: argparse.Namespace
) -> list[Draft]:
    gate = asyncio.Semaphore(args.concurrency)

    async def one(prompt: IFEvalPrompt) -> list[Draft]:
        async with gate:
            completion = await writer.complete(
                ModelRequest(
                    messages=[Message(role="user", content=prompt.text)],
                    max_tokens=args.max_tokens,
                    temperature=args.temperature,
                )
            )
        original = completion.text
        edited = comply(prompt, original)
        drafts = [Draft(prompt, "original", original, score(prompt, original))]
        if edited != original:
            drafts.append(Draft(prompt, "edited", edited, score(prompt, edited)))
        return drafts

    nested = await asyncio.gather(*(one(p) for p in prompts))
    return [d for group in nested for d in group]


@dataclass(frozen=True)
class Confusion:
    """A binary verdict against the truth; positive = passes."""

    tp: int = 0
    tn: int = 0
    fp: int = 0
    fn: int = 0

    @classmethod
    def of(cls, pairs: Iterable[tuple[bool, bool]]) -> Confusion:
        """From (truth, verdict) pairs."""
        counts = {"tp": 0, "tn": 0, "fp": 0, "fn": 0}
        for truth, said in pairs:
            key = ("t" if truth == said else "f") + ("p" if said else "n")
            counts[key] += 1
        return cls(**counts)

    @property
    def n(self) -> int:
        return self.tp + self.tn + self.fp + self.fn

    @property
    def agreement(self) -> float:
        return (self.tp + self.tn) / self.n if self.n else math.nan

    @property
    def sensitivity(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else math.nan

    @property
    def specificity(self) -> float:
        return self.tn / (self.tn + self.fp) if self.tn + self.fp else math.nan

    @property
    def balanced_accuracy(self) -> float:
        return (self.sensitivity + self.specificity) / 2

    @property
    def kappa(self) -> float:
        """Cohen's kappa: agreement beyond chance (0 = chance, 1 = perfect)."""
        n = self.n
        if not n:
            return math.nan
        said_pass, true_pass = self.tp + self.fp, self.tp + self.fn
        expected = (said_pass * true_pass + (n - said_pass) * (n - true_pass)) / (n * n)
        return (self.agreement - expected) / (1 - expected) if expected != 1 else math.nan
