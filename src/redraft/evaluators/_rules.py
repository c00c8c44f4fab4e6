"""Signed-point rules: regular expressions that add or take away points.

An evaluation session shows its findings as signed points ("Gambling mentions
found: -5"). A :class:`PointRule` pairs a regular expression with the points
it is worth when it fires; :class:`RuleCheck` applies a list of them and
reports one piece of evidence per rule that fired, so the panel can show each
deduction or bonus on its own line.

Rules usually arrive as JSON from HTTP clients, so a pattern is untrusted
input running in the server's process. Patterns run on RE2
(:mod:`redraft.evaluators._patterns`): matching is linear in the text whatever the
pattern, so ``(a+)+$`` is as cheap as ``a``, and a pattern that needs
backtracking (lookaround, backreference) is refused when the rule is built,
naming the rule and the construct. The work is bounded by size as well:
patterns are capped at :data:`MAX_PATTERN_CHARS` characters and only the first
:data:`MAX_SCAN_CHARS` characters of a text are scanned (``data["truncated"]``
says when a text was cut). Unless text and rules are small (see
:data:`~redraft.evaluators._offload.INLINE_CHARS`), the rules are applied on a worker
thread under :attr:`RuleCheck.time_limit_s` (2 s by default); past it the
finding is an error, not a pass.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal, get_args

from redraft.core._errors import ConfigurationError, PatternError, WorkTimeoutError
from redraft.core._evaluator import EvaluationContext, Evaluator, Subject, aggregate
from redraft.core._types import Evidence, Verdict
from redraft.evaluators._checks import _MAX_RECORDED_ERRORS, _clip, _quote, literal_of
from redraft.evaluators._offload import DEFAULT_LIMIT_S, INLINE_CHARS, run_bounded
from redraft.evaluators._patterns import MAX_PATTERN_CHARS, Pattern, compile_pattern

__all__ = [
    "MAX_PATTERN_CHARS",
    "MAX_SCAN_CHARS",
    "PointRule",
    "RuleCheck",
    "RuleWhen",
]

RuleWhen = Literal["present", "absent"]

#: How much of a text is scanned; the rest is ignored (and reported as truncated).
MAX_SCAN_CHARS = 200_000


def _rule_label(pattern: object) -> str:
    """How errors name a rule: by its pattern, cut so a 500-character one stays readable."""
    if isinstance(pattern, str) and pattern:
        return f"rule /{_clip(pattern)}/"
    return "rule"


@dataclass(frozen=True)
class PointRule:
    """A pattern and the signed points it is worth when it fires.

    ``when="present"`` fires when the pattern is found in the text,
    ``when="absent"`` when it is not (a bonus or penalty for missing content).
    Points are signed and never zero: a rule worth nothing would show as a
    finding that changes nothing, which is always a configuration mistake.
    """

    pattern: str
    points: float
    description: str
    when: RuleWhen = "present"
    ignore_case: bool = True
    compiled: Pattern = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        label = _rule_label(self.pattern)
        if not isinstance(self.pattern, str) or not self.pattern:
            raise ConfigurationError(f"{label}: 'pattern' must be a non-empty string")
        if len(self.pattern) > MAX_PATTERN_CHARS:
            raise PatternError(
                f"{label}: 'pattern' has {len(self.pattern)} characters; "
                f"the limit is {MAX_PATTERN_CHARS}"
            )
        if (
            isinstance(self.points, bool)
            or not isinstance(self.points, int | float)
            or not math.isfinite(self.points)
            or self.points == 0
        ):
            raise ConfigurationError(
                f"{label}: 'points' must be a finite, non-zero number, got {self.points!r}"
            )
        if not isinstance(self.description, str) or not self.description.strip():
            raise ConfigurationError(f"{label}: 'description' must be a non-empty string")
        if self.when not in get_args(RuleWhen):
            raise ConfigurationError(
                f"{label}: 'when' must be 'present' or 'absent', got {self.when!r}"
            )
        if not isinstance(self.ignore_case, bool):
            raise ConfigurationError(
                f"{label}: 'ignore_case' must be true or false, got {self.ignore_case!r}"
            )
        try:
            compiled = compile_pattern(self.pattern, ignore_case=self.ignore_case, option=label)
        except PatternError as exc:
            option = f"{label}: 'pattern'"
            raise PatternError(
                f"{option} is invalid: {exc.reason}", option=option, reason=exc.reason
            ) from None
        object.__setattr__(self, "points", float(self.points))
        object.__setattr__(self, "compiled", compiled)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PointRule:
        """Build a rule from decoded JSON. Unknown keys are refused rather than
        ignored: a misspelt ``"ignorecase"`` would otherwise silently change
        what the rule matches."""
        if not isinstance(data, Mapping):
            raise ConfigurationError(f"a rule must be a JSON object, got {type(data).__name__}")
        allowed = [f.name for f in fields(cls) if f.init]
        unknown = sorted(str(key) for key in data if key not in allowed)
        label = _rule_label(data.get("pattern"))
        if unknown:
            raise ConfigurationError(
                f"{label}: unknown key{'s' if len(unknown) > 1 else ''} "
                f"{', '.join(repr(k) for k in unknown)}; allowed: {', '.join(allowed)}"
            )
        missing = [key for key in ("pattern", "points", "description") if key not in data]
        if missing:
            raise ConfigurationError(
                f"{label}: missing required key{'s' if len(missing) > 1 else ''} "
                f"{', '.join(repr(k) for k in missing)}"
            )
        return cls(**{str(key): value for key, value in data.items()})

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.init}


class RuleCheck(Evaluator):
    """Applies signed-point rules to the text of a subject.

    Each rule that fires is one piece of evidence: positive points pass,
    negative points fail, so :func:`aggregate` fails the verdict when any
    penalty fired. When nothing fires there is still one neutral, passing
    finding, so a panel can tell "checked, nothing found" from "not run".
    """

    kind = "check"
    uses_llm = False
    #: seconds applying the rules may take off the event loop
    time_limit_s: float = DEFAULT_LIMIT_S

    def __init__(
        self, rules: Sequence[PointRule], *, name: str = "rules", required: bool = True
    ) -> None:
        rules = list(rules)
        if not rules:
            raise ConfigurationError(f"{name}: a rule check needs at least one rule")
        for index, rule in enumerate(rules):
            if not isinstance(rule, PointRule):
                raise ConfigurationError(
                    f"{name}: rules[{index}] must be a PointRule, got {type(rule).__name__}"
                )
        self.rules: tuple[PointRule, ...] = tuple(rules)
        self.name = name
        self.required = required

    @classmethod
    def from_dicts(
        cls, rules: Sequence[Mapping[str, Any]], *, name: str = "rules", required: bool = True
    ) -> RuleCheck:
        """Build from decoded JSON; errors say which rule (by index) is wrong."""
        if isinstance(rules, str | bytes | Mapping) or not isinstance(rules, Sequence):
            raise ConfigurationError(f"{name}: rules must be a JSON array of rule objects")
        built: list[PointRule] = []
        for index, data in enumerate(rules):
            try:
                built.append(PointRule.from_dict(data))
            except ConfigurationError as exc:
                raise ConfigurationError(f"{name}: rules[{index}]: {exc}") from None
        return cls(built, name=name, required=required)

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        return aggregate(await self.apply_bounded(subject.text), threshold=context.threshold)

    async def apply_bounded(self, text: str) -> list[Evidence]:
        """:meth:`apply`, off the event loop for a long text. Past
        :attr:`time_limit_s` the result is one ``status="error"`` finding."""
        count = len(self.rules)
        if len(text) * count <= INLINE_CHARS:  # each rule scans the whole text
            return self.apply(text)
        try:
            return await run_bounded(
                self.apply,
                text,
                limit_s=self.time_limit_s,
                what=f"applying {count} rule{'' if count == 1 else 's'}",
            )
        except WorkTimeoutError as exc:
            return [
                Evidence(
                    evaluator=self.name,
                    kind="check",
                    status="error",
                    passed=False,
                    points=0.0,
                    reason=f"not judged: {exc}",
                    source=f"{count} rule{'' if count == 1 else 's'}",
                    required=self.required,
                )
            ]

    def apply(self, text: str) -> list[Evidence]:
        """The findings for ``text``; synchronous so callers outside a run can
        use it. Linear in the text, but it holds the caller's thread: async
        code with long texts should use :meth:`apply_bounded`."""
        truncated = len(text) > MAX_SCAN_CHARS
        scanned = text[:MAX_SCAN_CHARS]
        evidence = [
            finding
            for rule in self.rules
            if (finding := self._judge(rule, scanned, truncated)) is not None
        ]
        if evidence:
            return evidence
        checked = len(self.rules)
        return [
            Evidence(
                evaluator=self.name,
                kind="check",
                passed=True,
                score=1.0,
                points=0.0,
                reason=f"no rule fired ({checked} rule{'' if checked == 1 else 's'} checked)",
                source=f"{checked} rule{'' if checked == 1 else 's'}",
                required=self.required,
                data={"rules": checked, "truncated": truncated},
            )
        ]

    def _judge(self, rule: PointRule, text: str, truncated: bool) -> Evidence | None:
        count = 0
        snippets: list[str] = []
        for match in rule.compiled.finditer(text):
            count += 1
            if len(snippets) < _MAX_RECORDED_ERRORS:
                snippets.append(_clip(match.group(0)))
            if rule.when == "absent":
                break  # one match already means the rule does not fire
        fired = count > 0 if rule.when == "present" else count == 0
        if not fired:
            return None
        passed = rule.points > 0
        reason = rule.description.strip()
        if rule.when == "present":
            reason += f" ({count} match{'' if count == 1 else 'es'})"
        return Evidence(
            evaluator=self.name,
            kind="check",
            passed=passed,
            score=1.0 if passed else 0.0,
            points=rule.points,
            reason=reason,
            source=f"rule: {rule.pattern}",
            suggestions=[] if passed else [_suggestion(rule, snippets)],
            required=self.required,
            data={
                "pattern": rule.pattern,
                "when": rule.when,
                "matches": snippets,
                "count": count,
                "truncated": truncated,
            },
        )


def _suggestion(rule: PointRule, snippets: list[str]) -> str:
    """What the next draft should change, naming plain text where the pattern
    is plain text: small models act on words, not on regexes."""
    literal = literal_of(rule.compiled)
    why = rule.description.strip()
    if rule.when == "absent":
        target = _quote(literal) if literal else f"text matching /{rule.pattern}/"
        return f"Include {target} in the answer ({why})."
    if literal:
        return f"Remove {_quote(literal)} from the answer ({why})."
    example = f", such as {_quote(snippets[0])}," if snippets and snippets[0] else ""
    return f"Remove text matching /{rule.pattern}/{example} from the answer ({why})."
