"""Feedback strategies: how a failed verdict becomes the next draft's prompt.

Each strategy follows one of the product's designs:

- ``encourage`` (the chat proxy's self-evaluation) keeps the conversation,
  shows the model its own answer and asks for a more complete one. It
  deliberately carries no critique: the chat proxy's retry is an
  encouragement, not a review.
- ``critique`` (answer generation) drafts afresh from the instruction plus the
  evaluator's score, reasoning and numbered suggestions.
- ``hint`` (the graph loop) drafts afresh with the improvement hint and the
  previous answer, truncated, marked as something not to repeat.
- ``progressive`` (the evaluation middleware) keeps the conversation and
  grows stricter with each attempt: general guidance, then specific points
  with examples, then hard requirements.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redraft.core._text import clause
from redraft.core._types import Draft, FeedbackStrategy, Message, RunRequest, Verdict

__all__ = ["FEEDBACK_STRATEGIES", "actionable_points", "base_messages", "prepare_feedback"]

FEEDBACK_STRATEGIES: tuple[FeedbackStrategy, ...] = ("encourage", "critique", "hint", "progressive")

ENCOURAGEMENT = (
    "That answer does not yet cover everything I asked. Please answer again, "
    "completely and thoroughly, addressing every part of my question."
)
HINT_PREVIOUS_CHARS = 500


def base_messages(request: RunRequest) -> list[Message]:
    """The first draft's messages: the request, with the format appended to
    the last user turn (small models follow a format best right by the question)."""
    messages = [m.model_copy() for m in request.messages]
    if request.format:
        _extend_last_user_turn(messages, f"Response format: {request.format}")
    return messages


def prepare_feedback(
    strategy: FeedbackStrategy, request: RunRequest, previous: Draft, attempt: int
) -> tuple[list[Message], str]:
    """Return the next draft's messages and the feedback text inside them."""
    verdict = previous.verdict or Verdict(score=0.0, passed=False, reason="not evaluated")
    feedback = _STRATEGIES[strategy](previous, verdict, attempt)
    messages = base_messages(request)
    # These designs answer the model's own draft; the others draft afresh from the request.
    if strategy in ("encourage", "progressive"):
        messages.append(Message(role="assistant", content=previous.text))
        messages.append(Message(role="user", content=feedback))
    else:
        _extend_last_user_turn(messages, feedback)
    return messages, feedback


def _encourage(previous: Draft, verdict: Verdict, attempt: int) -> str:
    return ENCOURAGEMENT


def actionable_points(verdict: Verdict, answer: str) -> list[str]:
    """What the next draft should fix, most certain first: each requirement
    the verdict saw fail (with what the check measured), then the
    suggestions that read as instructions.

    A small judge's "issues" are often a fragment of the answer itself or
    junk (a timestamp, a lone number); handed back verbatim they teach the
    next draft nothing, so they are dropped here."""
    points: list[str] = []
    for requirement in verdict.requirements:
        if requirement.passed is False and requirement.coverage == "exact":
            # A check's correction states what was measured and what to do;
            # the clause it came from is already in the request above.
            points.append(requirement.reason or f'Meet the requirement "{requirement.text}".')
    copied = _normalise(answer)
    for suggestion in verdict.suggestions:
        text = suggestion.strip()
        if _is_junk(text) or _copied_from(text, copied):
            continue
        if not any(text in point for point in points):  # a requirement already says it
            points.append(text)
    return points


_LETTERS = re.compile(r"[^\W\d_]{2,}")


def _normalise(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def _is_junk(text: str) -> bool:
    """No two words of letters: a timestamp, a number, stray punctuation."""
    return len(_LETTERS.findall(text)) < 2


def _copied_from(text: str, answer: str) -> bool:
    """A suggestion of five words or more that appears word for word in the answer."""
    words = _normalise(text)
    return len(words.split()) >= 5 and words in answer


def _critique(previous: Draft, verdict: Verdict, attempt: int) -> str:
    # Every token here is paid again on each redraft, so the feedback is the
    # failing points alone; the score and the verdict's reason only when no
    # point says what to fix.
    points = actionable_points(verdict, previous.text)
    if points:
        lines = ["Your previous answer missed these points:"]
        lines.extend(f"{i}. {s}" for i, s in enumerate(points, 1))
    else:
        reason = verdict.reason or "it did not meet the criteria"
        lines = [f"Your previous answer fell short (score {verdict.score:.2f}): {reason}"]
    lines.append("Write a new answer to the request above that fixes this.")
    return "\n".join(lines)


def _hint(previous: Draft, verdict: Verdict, attempt: int) -> str:
    hint = improvement_hint(verdict, previous.text)
    shown = previous.text[:HINT_PREVIOUS_CHARS]
    if len(previous.text) > HINT_PREVIOUS_CHARS:
        shown += " […]"
    return (
        "Important: your previous answer was rated below the quality bar.\n"
        f"Feedback: {hint}\n"
        f"Previous answer (do not repeat it): {shown}\n"
        "Write a fresh, improved answer that acts on the feedback."
    )


def _progressive(previous: Draft, verdict: Verdict, attempt: int) -> str:
    # attempt 2 is the first retry: general; 3: specific with examples; 4+: strict.
    retry = attempt - 1
    points = actionable_points(verdict, previous.text) or [
        verdict.reason or "answer the request fully and accurately"
    ]
    if retry <= 1:
        return (
            f"Your answer falls short: {clause(verdict.reason) or 'it does not meet the bar'}. "
            "Give a more complete and accurate answer."
        )
    if retry == 2:
        listed = "\n".join(f"- {p}" for p in points)
        return (
            "Your answer still falls short. Specifically:\n"
            f"{listed}\n"
            f"For example, a better answer would {_as_example(points[0])}"
        )
    listed = "\n".join(f"{i}. {p}" for i, p in enumerate(points, 1))
    return (
        "You MUST fix every one of these points:\n"
        f"{listed}\n"
        "Change only what these points require and keep everything that was already right."
    )


def improvement_hint(verdict: Verdict, answer: str = "") -> str:
    """The single most useful sentence to act on: a failed requirement when a
    check saw one, else a judge's improvement hint when one gave it, else
    the first suggestion worth acting on, else the reason."""
    points = actionable_points(verdict, answer)
    if points and any(r.passed is False and r.coverage == "exact" for r in verdict.requirements):
        return points[0]
    for evidence in verdict.evidence:
        hint = evidence.data.get("improvement_hint")
        if isinstance(hint, str) and hint.strip() and not evidence.passed:
            return hint.strip()
    if points:
        return points[0]
    return verdict.reason or "answer the request fully and accurately"


def _as_example(point: str) -> str:
    point = point.strip().rstrip(".")
    if not point:
        return "address the request directly."
    return f"{point[0].lower()}{point[1:]}."


def _extend_last_user_turn(messages: list[Message], text: str) -> None:
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if message.role != "user":
            continue
        if isinstance(message.content, list):
            parts = [*message.content, {"type": "text", "text": text}]
            messages[index] = message.model_copy(update={"content": parts})
        else:
            messages[index] = message.model_copy(update={"content": f"{message.text}\n\n{text}"})
        return
    messages.append(Message(role="user", content=text))


_STRATEGIES: dict[FeedbackStrategy, Callable[[Draft, Verdict, int], str]] = {
    "encourage": _encourage,
    "critique": _critique,
    "hint": _hint,
    "progressive": _progressive,
}
