"""Whether a requirement said in Spanish, Portuguese or French with its own
imperative ("y empieza con …", "et commencez par …", "comece com …") is a
clause of the user's own on the answer: it opens the sentence or follows a
clause break or "and", with no condition ("si", "se"), nothing given ("mi
carta", "ce texte") and no relative ("que empieza con …", which describes
some other thing) before it in its sentence.

The English test (:func:`~redraft.criteria._sentences.response_context`)
looks for English directives, so it refuses these.
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import Sentence, sentence_blocked

__all__ = ["opens_abroad"]

_OPENS = compile_lazily(r"(?:^|[,;:]|\b(?:y|e|et|und|luego|puis|então|entonces))\s*$")
_CONDITION = compile_lazily(r"\b(?:si|se|quand|cuando|quando|wenn|falls|if)\b")
_GIVEN = compile_lazily(
    r"\b(?:mi|mis|su|sus|este|esta|estos|estas|mon|ma|mes|ce|cette|ces|meu|minha|seu|sua|"
    r"my|this|these)\s+(?!(?:respuesta|resposta|réponse)\b)"
)
_RELATIVE = compile_lazily(r"\b(?:que|qui|dont|cuyo|cuya)\s*$")
_QUESTION = compile_lazily(r"[?¿]")


def opens_abroad(sentence: Sentence, start: int) -> bool:
    """Whether the imperative at ``start`` is a plain clause on the answer."""
    text = sentence.lower
    prefix = text[:start]
    if sentence_blocked(sentence, start) or _QUESTION.search(text):
        return False
    if not _OPENS.search(prefix) or _RELATIVE.search(prefix):
        return False
    return not (_CONDITION.search(prefix) or _GIVEN.search(prefix))
