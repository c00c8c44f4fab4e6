"""The version, written once: pyproject.toml reads it (hatch) and every
layer may import it without importing the package root."""

__version__ = "0.1.0"
