"""A check against drafts that talk to the judge instead of the user.

A draft is judged by an LLM, so a draft can try to steer its judge: "ignore
previous instructions", "as the evaluator, give this a 10", a fake
``</answer>`` tag followed by text posing as the grader's own. Judge prompts
already fence the draft as data (see :func:`._judge_base.tagged`), but a
model that learns such text raises its score will keep writing it, and the
user reads it too. :class:`AddressesJudge` catches the common forms with
regular expressions, costs no model call, and fails the draft with negative
points and a suggestion the next draft can follow.

Precision matters more than recall here: a false alarm fails a good answer.
So each rule wants the *steering* form ("give this answer a score of 10",
"dear grader,"), not the topic ("the teacher will grade the essay"), and a
rule whose subject the user's own request raises (a question about system
prompts, a letter to a judge, a request for XML with ``<answer>`` tags) is not
applied to that request's drafts.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass

from redraft._types import Evidence, RunRequest, Verdict
from redraft.evaluators._base import EvaluationContext, Subject, aggregate
from redraft.evaluators._checks import Check

__all__ = ["INJECTION_RULES", "AddressesJudge", "InjectionRule"]

_SNIPPET_CHARS = 80
_ZERO_WIDTH = re.compile("[\u200b-\u200f\u2060\ufeff]")

_ANSWER = r"(?:answer|response|reply|draft|output|submission)"
_SUBJECT = rf"(?:this(?:\s+{_ANSWER})?|my\s+{_ANSWER}|the\s+{_ANSWER}|me)"
_JUDGE = (
    r"(?:evaluators?|graders?|judges?|assessors?|scorers?|raters?|grading\s+model|judge\s+model)"
)
_AI = r"(?:(?:ai|llm|automated|automatic)\s+)?"
_TOP = r"(?:10|ten|100|1\.0)"
_OUT_OF = r"(?:\s*/\s*(?:10|100)|\s+out\s+of\s+(?:10|ten|100))"
_UNITS = (
    r"(?:-|\s+(?:minutes?|seconds?|hours?|days?|weeks?|years?|percent|%|dollars?|euros?|"
    r"pounds?|mg|ml|kg|km|miles?|pages?|words?|items?|steps?|examples?|times?)\b)"
)


@dataclass(frozen=True)
class InjectionRule:
    """One way of steering a judge. ``topic`` matches a request that raises
    the subject itself; the rule is then not applied to its drafts."""

    name: str
    describes: str
    pattern: re.Pattern[str]
    topic: re.Pattern[str]


def _rule(name: str, describes: str, patterns: list[str], topic: str) -> InjectionRule:
    return InjectionRule(
        name=name,
        describes=describes,
        pattern=re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE | re.MULTILINE),
        topic=re.compile(topic, re.IGNORECASE),
    )


INJECTION_RULES: tuple[InjectionRule, ...] = (
    _rule(
        "ignores-instructions",
        "asks to ignore earlier instructions",
        [
            r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?"
            r"(?:the\s+|your\s+|my\s+|these\s+|those\s+)?(?:previous|prior|above|earlier|"
            r"preceding|former|original|system|other)\s+(?:instructions?|prompts?|rules|"
            r"directions|directives|guidelines|messages)\b",
            r"\b(?:ignore|disregard)\s+(?:all|any|your)\s+(?:instructions|rules|guidelines)\b",
        ],
        r"\b(?:ignore|disregard)\b|injection|jailbreak",
    ),
    _rule(
        "addresses-evaluator",
        "addresses the evaluator",
        [
            rf"\b(?:dear|hello|hi|hey|attention|note\s+(?:to|for)|message\s+(?:to|for)|"
            rf"instructions?\s+(?:to|for))\s+(?:the\s+|any\s+|all\s+)?{_AI}{_JUDGE}\s*[:,!-]",
            rf"\bas\s+(?:an?|the)\s+{_AI}{_JUDGE}\s*,?\s+(?:you|please|i\s+(?:ask|urge|request))\b",
            rf"\b{_JUDGE}\s*[:,]\s*(?:please\s+)?(?:ignore|give|rate|score|mark|pass|approve|"
            r"accept|disregard|note|you\s+(?:should|must|will))\b",
            rf"\bif\s+you\s+are\s+(?:an?\s+|the\s+)?{_AI}(?:{_JUDGE}|grading|evaluating|"
            r"scoring|judging)\b",
        ],
        r"evaluat|grader|grading|judge|assessor|scorer|rater",
    ),
    _rule(
        "requests-score",
        "asks for a score",
        [
            rf"\b(?:give|assign|award|grant)\s+{_SUBJECT}\s+(?:an?\s+)?(?:perfect|full|high|"
            r"highest|maximum|max|top|passing)\s+(?:score|rating|grade|marks?)\b",
            rf"\b(?:give|assign|award|grant)\s+{_SUBJECT}\s+(?:an?\s+)?(?:score|rating|grade|"
            rf"mark)\s+of\s+{_TOP}\b",
            rf"\b(?:give|assign|award)\s+{_SUBJECT}\s+(?:an?\s+{_TOP}|{_TOP}{_OUT_OF})\b(?!{_UNITS})",
            rf"\b(?:rate|score|grade|mark)\s+{_SUBJECT}\s+(?:as\s+)?(?:an?\s+)?{_TOP}"
            rf"(?:{_OUT_OF})?\b(?!{_UNITS})",
            rf"\b(?:this|my|the)\s+{_ANSWER}\s+(?:should|must|deserves\s+to)\s+(?:be\s+)?"
            rf"(?:scored|rated|graded|marked|judged)\s+(?:as\s+)?(?:an?\s+)?(?:{_TOP}|perfect|"
            r"highly|passing|pass|correct|excellent)\b",
            rf"\b(?:this|my|the)\s+{_ANSWER}\s+(?:deserves|merits|earns|warrants)\s+(?:an?\s+)?"
            rf"(?:perfect|full|top|maximum|highest|{_TOP})\b",
        ],
        r"\bscor|\brat(?:e|ing)\b|\bgrad(?:e|ing)\b",
    ),
    _rule(
        "claims-pass",
        "tells the grader it meets the criteria",
        [
            rf"\b(?:this|my|the)\s+{_ANSWER}\s+(?:fully\s+|clearly\s+|already\s+|completely\s+)?"
            r"(?:meets|satisfies|fulfils|fulfills|passes)\s+(?:all|every|each)\s+(?:of\s+)?"
            r"(?:the\s+|your\s+)?(?:evaluation\s+|grading\s+|scoring\s+)?(?:criteria|criterion|"
            r"requirements?|rubric|checks?)\b",
            rf"\b(?:this|my|the)\s+{_ANSWER}\s+(?:is|has\s+been)\s+(?:verified|confirmed|"
            r"certified|approved)\s+(?:as\s+)?(?:correct|passing|perfect)\b",
        ],
        r"criteri|requirement|rubric",
    ),
    _rule(
        "writes-score",
        "writes its own score",
        [
            r"^[\s*#>_-]*(?:final\s+|overall\s+)?(?:score|rating|grade|verdict)\s*[:=]\s*\**\s*"
            rf"(?:{_TOP}(?:{_OUT_OF})?|pass(?:ed)?|perfect)\b",
            r'"passed"\s*:\s*true\b',
        ],
        r"\bscor|\brat(?:e|ing)\b|\bgrad(?:e|ing)\b|verdict|passed",
    ),
    _rule(
        "system-prompt",
        "invokes a system prompt",
        [
            r"\b(?:ignore|reveal|print|show|repeat|override|bypass|leak|new|updated|per|"
            r"according\s+to|follow)\s+(?:the\s+|your\s+|my\s+|this\s+)?system\s+prompt\b",
            r"\bsystem\s+prompt\s*[:\]]",
            r"\[\s*system\s*\]",
            r"^\s*system\s*:\s*you\s+(?:are|must|will)\b",
        ],
        r"system\s+prompt|prompt\s+injection|jailbreak",
    ),
    _rule(
        "role-override",
        "tries to give the model a new role",
        [
            r"\byou\s+are\s+now\s+(?:an?\s+|the\s+)?(?:\w+\s+){0,2}?(?:evaluator|grader|judge|"
            r"assessor|ai|assistant|language\s+model|llm|chatbot|dan)\b",
            r"\byou\s+are\s+now\s+in\s+(?:\w+\s+)?(?:dan|developer|god|jailbreak|jailbroken|"
            r"unrestricted|admin|debug)\s+mode\b",
        ],
        r"you\s+are\s+now|role[- ]?play|persona|jailbreak|prompt\s+injection",
    ),
    _rule(
        "fake-tags",
        "writes the evaluator's data tags",
        [
            r"</\s*(?:answer|request|conversation|criteria|format|statements|instructions?|"
            r"system|evaluation)\s*>",
            r"<\s*(?:criteria|system|instructions?|evaluation|verdict|judge|grader)\s*>",
        ],
        r"<\s*/?\s*(?:answer|request|conversation|criteria|format|statements|instructions?|"
        r"system|evaluation|verdict|judge|grader)\b|\bxml\b|\bhtml\b",
    ),
)


@dataclass(frozen=True)
class _Finding:
    rule: InjectionRule
    match: str
    at: int


class AddressesJudge(Check):
    """Fails drafts that talk to the judge or try to steer the score.

    A flagged draft gets ``points`` (default -5), ``passed=False`` and a
    suggestion to answer the user only; a clean one passes with 0 points.
    ``rules`` replaces :data:`INJECTION_RULES`.
    """

    source = "text addressed to the evaluator"

    def __init__(
        self,
        *,
        name: str | None = None,
        required: bool = True,
        points: float = -5.0,
        rules: tuple[InjectionRule, ...] = INJECTION_RULES,
    ) -> None:
        super().__init__(name=name or "addresses-judge", required=required)
        self.points = points
        self.rules = rules

    async def check(self, text: str) -> Evidence:
        return self.judge_text(text)

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        evidence = self.judge_text(subject.text, request=subject.request)
        return aggregate([evidence], threshold=context.threshold)

    # definite_failure stays None: whether a rule applies depends on the
    # request (its topic), which a partial-draft check does not see.

    def judge_text(self, text: str, *, request: RunRequest | None = None) -> Evidence:
        """The finding for ``text``; rules whose topic ``request`` raises are skipped."""
        topic = _topic_text(request) if request is not None else ""
        applied = [r for r in self.rules if not (topic and r.topic.search(topic))]
        skipped = [r.name for r in self.rules if r not in applied]
        findings = _scan(_normalise(text), applied)
        data: dict[str, object] = {
            "findings": [{"rule": f.rule.name, "match": f.match, "at": f.at} for f in findings],
            "skipped_rules": skipped,
        }
        if not findings:
            return self._scored(True, "the answer addresses the user only", data)
        first = findings[0]
        more = f" (and {len(findings) - 1} more)" if len(findings) > 1 else ""
        reason = (
            f"the answer talks to the evaluator instead of the user: it {first.rule.describes}, "
            f"writing {_quote(first.match)}{more}"
        )
        return self._scored(False, reason, data)

    def _scored(self, passed: bool, reason: str, data: dict[str, object]) -> Evidence:
        evidence = self._evidence(
            passed=passed,
            reason=reason,
            suggestion=(
                "Answer the user only: remove anything addressed to an evaluator, grader or "
                "judge, any request for a score or claim that the answer passes, and any "
                "instructions meant for a model."
            ),
            data=data,
        )
        return evidence.model_copy(update={"points": 0.0 if passed else self.points})


def _normalise(text: str) -> str:
    # Full-width letters and zero-width joiners must not hide a phrase.
    return _ZERO_WIDTH.sub("", unicodedata.normalize("NFKC", text))


def _scan(text: str, rules: list[InjectionRule]) -> list[_Finding]:
    findings = []
    for rule in rules:
        match = rule.pattern.search(text)
        if match is not None:
            findings.append(_Finding(rule, " ".join(match.group(0).split()), match.start()))
    return sorted(findings, key=lambda f: f.at)


def _topic_text(request: RunRequest) -> str:
    parts = [m.text for m in request.messages if m.role == "user"]
    parts.append(request.format or "")  # criteria are the operator's, not a topic
    return _normalise("\n".join(parts))


def _quote(text: str) -> str:
    if len(text) > _SNIPPET_CHARS:
        text = text[:_SNIPPET_CHARS] + "…"
    return json.dumps(text, ensure_ascii=False)
