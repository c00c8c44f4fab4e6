"""Measuring a judge before trusting it: ``redraft judges calibrate``.

A fixed set of requirements that compile to exact checks, and answers made
from a few short texts by edits that meet or break them (lowercase, no
commas, a title, a word limit …). The exact checks — the same ones a run
uses — say whether each answer meets its requirement; the judge is asked the
same question as a checklist item. Each answer becomes a
:class:`~redraft.evaluators.Comparison` (``source="calibration"``) for the
judges' record, balanced between requirements met and not met.

The set is the product's own, written for this; no public benchmark is in it.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from redraft.core._errors import ConfigurationError
from redraft.core._evaluator import EvaluationContext, Subject
from redraft.core._ledger import Ledger
from redraft.core._provider import Provider
from redraft.core._types import Policy, RunRequest
from redraft.criteria import compiled_panel_member
from redraft.evaluators import Comparison, Judge

__all__ = ["CalibrationItem", "calibrate", "calibration_items"]

REQUIREMENTS = (
    "Do not use any commas.",
    "Write your entire answer in lowercase letters.",
    "Write your entire answer in capital letters.",
    "Answer in fewer than 40 words.",
    "Answer in at least 60 words.",
    'Include the keyword "river".',
    'Do not include the word "sun".',
    'End your answer with the exact phrase "Is there anything else?"',
    "Wrap your entire answer in double quotation marks.",
    "Your answer must contain a title, wrapped in double angular brackets, "
    "such as <<poem of joy>>.",
    "Answer with at most 5 sentences.",
    "Do not use any exclamation marks.",
    'Mention the word "water" at least 3 times.',
    'Start your answer with the word "Today".',
)

TEXTS = (
    "Today the river ran high after a week of rain, and the old bridge held. Farmers watched "
    "the water rise over the lower fields, counting the hours until the sun came back. By "
    "evening the current had slowed, the birds returned, and the village began to clean up.",
    "A good loaf needs flour, water, salt and time. Mix them, let the dough rest overnight, "
    "then fold it gently twice. Bake it hot for forty minutes. The crust should sing as it "
    "cools, and the crumb should be open and soft!",
    "The committee met on Tuesday to review the budget. Spending on roads rose by four "
    "percent, while the library fund stayed flat. Two members asked for a study of water "
    "prices before the next vote, and the chair agreed to schedule it in March.",
    "Sea otters float on their backs, holding hands while they sleep so the current does not "
    "pull them apart. They crack shellfish with stones they keep in a pouch of loose skin. "
    "Few animals use tools so often, and fewer still look this relaxed doing it.",
    "To reset the router, unplug it for thirty seconds, plug it back in, and wait for the "
    "lights to settle. If the connection still drops, check the cable, update the firmware "
    "from the admin page, and call support with the serial number ready.",
    "Under the summer sun the market filled early. Stalls sold peaches, fresh bread, cold "
    "water and bright scarves. Children chased each other between the tables while the "
    "musicians tuned up, and by noon there was not a peach left anywhere!",
)


EDITS: tuple[Callable[[str], str], ...] = (
    lambda text: text,
    str.lower,
    str.upper,
    lambda text: text.replace(",", ""),
    lambda text: " ".join(text.split()[:25]).rstrip(",;") + ".",
    lambda text: f"{text} {text}",
    lambda text: f'"{text}"',
    lambda text: f"{text} Is there anything else?",
    lambda text: f"<<A short note>>\n\n{text}",
    lambda text: text.replace("!", "."),
    lambda text: f"{text} The river and its water, more water than anyone wanted.",
    lambda text: f"Today, {text[0].lower()}{text[1:]}",
)


@dataclass(frozen=True)
class CalibrationItem:
    requirement: str
    answer: str
    truth: bool


async def calibration_items() -> list[CalibrationItem]:
    """Every (requirement, edited text) pair with the exact checks' verdict."""
    items: list[CalibrationItem] = []
    ledger = Ledger(Policy())
    for requirement in REQUIREMENTS:
        request = RunRequest.from_prompt(requirement)
        checks = compiled_panel_member(request)
        if checks is None:  # pragma: no cover - a requirement above that stopped compiling
            raise ConfigurationError(f"calibration requirement no longer compiles: {requirement}")
        for text in TEXTS:
            for edit in EDITS:
                answer = edit(text)
                verdict = await checks.evaluate(
                    Subject(request=request, text=answer),
                    EvaluationContext(threshold=1.0, gateway=ledger),
                )
                [clause] = verdict.requirements
                if clause.coverage != "exact" or clause.passed is None:
                    raise ConfigurationError(  # pragma: no cover - as above
                        f"calibration requirement is not checked exactly: {requirement}"
                    )
                items.append(CalibrationItem(requirement, answer, clause.passed))
    return list({(i.requirement, i.answer): i for i in items}.values())


def balanced(items: Sequence[CalibrationItem], size: int, seed: int) -> list[CalibrationItem]:
    """``size`` items drawn with ``seed``, spread evenly over the requirements
    and, within each, over met and not met (as far as each has them)."""
    rng = random.Random(seed)
    groups: dict[tuple[str, bool], list[CalibrationItem]] = {}
    for item in items:
        groups.setdefault((item.requirement, item.truth), []).append(item)
    for group in groups.values():
        rng.shuffle(group)
    # Round robin: met and unmet of one requirement sit side by side.
    order = sorted(groups, key=lambda key: (REQUIREMENTS.index(key[0]), not key[1]))
    chosen: list[CalibrationItem] = []
    depth = 0
    while len(chosen) < size and any(len(groups[key]) > depth for key in order):
        chosen += [groups[key][depth] for key in order if len(groups[key]) > depth]
        depth += 1
    chosen = chosen[:size]
    rng.shuffle(chosen)
    return chosen


async def calibrate(
    judge: Provider,
    *,
    size: int = 100,
    seed: int = 0,
    concurrency: int = 2,
    policy: Policy | None = None,
) -> list[Comparison]:
    """Ask ``judge`` about ``size`` calibration items; one comparison each.
    Items whose judge call fails are left out (the caller sees fewer)."""
    if size < 2:
        raise ConfigurationError("calibration needs at least 2 items")
    chosen = balanced(await calibration_items(), size, seed)
    ledger = Ledger(policy or Policy(deadline_s=None))
    evaluator = Judge(judge)
    gate = asyncio.Semaphore(max(1, concurrency))

    async def one(item: CalibrationItem) -> Comparison | None:
        request = RunRequest.from_prompt(item.requirement)
        context = EvaluationContext(threshold=0.5, gateway=ledger)
        async with gate:
            verdict = await evaluator.evaluate(Subject(request=request, text=item.answer), context)
        [evidence] = verdict.evidence
        if evidence.status != "ok":
            return None
        [answer] = evidence.data["items"]
        said = {"yes": True, "no": False}.get(answer["answer"])
        return Comparison(
            judge=judge.spec,
            preset=evaluator.preset,
            requirement=item.requirement,
            truth=item.truth,
            said=said,
            p_yes=answer["p_yes"],
            source="calibration",
        )

    found = await asyncio.gather(*(one(item) for item in chosen))
    return [c for c in found if c is not None]
