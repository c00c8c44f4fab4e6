"""redraft: make an LLM check its own answer and redraft it until it passes."""

from __future__ import annotations

__version__ = "0.1.0"
