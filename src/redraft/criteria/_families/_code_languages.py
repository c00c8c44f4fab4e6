"""The languages a code block's info string or a prompt names, one name
for each (``py`` is Python, ``sh`` a shell): shared by the code-block rules
and the reader of "only the code, in one block"."""

from __future__ import annotations

__all__ = ["ALIASES", "LANGUAGES", "fence_language"]

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
}
LANGUAGES = (
    r"python|javascript|typescript|java|c\+\+|c#|go|golang|rust|ruby|php|sql|bash|shell|"
    r"html|css|json|yaml|xml|kotlin|swift|scala|haskell|perl|lua|powershell|markdown|latex|"
    r"dockerfile|terraform"
)


def fence_language(name: str) -> str:
    """One name for a language, as an info string or a prompt writes it."""
    name = name.strip().lower()
    return ALIASES.get(name, name)
