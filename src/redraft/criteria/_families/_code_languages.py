"""The languages a code block's info string or a prompt names, one name
for each (``py`` is Python, ``sh`` a shell): shared by the code-block rules
and the reader of "only the code, in one block"."""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["ALIASES", "LANGUAGES", "fence_named", "fence_language"]

# Info-string words that name one language: the name a prompt uses first.
ALIASES = {
    "py": "python",
    "python3": "python",
    "js": "javascript",
    "node": "javascript",
    "ts": "typescript",
    "sh": "shell",
    "bash": "shell",
    "zsh": "shell",
    "console": "shell",
    "shell-session": "shell",
    "cpp": "c++",
    "cxx": "c++",
    "cs": "c#",
    "csharp": "c#",
    "golang": "go",
    "rb": "ruby",
    "rs": "rust",
    "yml": "yaml",
    "kt": "kotlin",
    "md": "markdown",
    "ps1": "powershell",
    "psql": "sql",
    "postgresql": "sql",
    "mysql": "sql",
    "txt": "text",
    "plaintext": "text",
    "plain": "text",
    "tf": "terraform",
    "hcl": "terraform",
    "docker": "dockerfile",
    "make": "makefile",
    "htm": "html",
}
LANGUAGES = (
    r"python|javascript|typescript|java|c\+\+|c#|go|golang|rust|ruby|php|sql|bash|shell|"
    r"html|css|json|yaml|xml|kotlin|swift|scala|haskell|perl|lua|powershell|markdown|latex|"
    r"dockerfile|terraform"
)

# Info strings a prompt names only after a fence ("in a ```toml block"): as a
# bare word they are too often something else ("r", "text", "diff", "make").
FENCE_ONLY = (
    r"plain|hcl|toml|ini|diff|text|txt|plaintext|nginx|makefile|make|graphql|jsx|tsx|scss|"
    r"sass|less|dart|r|julia|elixir|erlang|clojure|mermaid|csv|tsv|proto|protobuf|groovy|"
    r"objective-c|objc|vb|vba|fortran|cobol|asm|nasm|matlab|ocaml|fsharp|f#|elm|nim|zig|"
    r"solidity|prolog|lisp|scheme|racket|apache|properties|env|cmake|gradle|nix|vue|svelte|"
    r"http|regex"
)
# every alias is an info string too ("```py", "```sh")
_FENCE_NAMED = compile_lazily(rf"(?:{LANGUAGES}|{FENCE_ONLY}|{'|'.join(map(re.escape, ALIASES))})")


def fence_named(word: str) -> bool:
    """Whether ``word``, written after a fence (```` ```word ````), names a
    language an info string uses: not a placeholder ("```foo")."""
    return _FENCE_NAMED.fullmatch(word.strip().lower()) is not None


def fence_language(name: str) -> str:
    """One name for a language, as an info string or a prompt writes it."""
    name = name.strip().lower()
    return ALIASES.get(name, name)
