"""Evaluators: judges, checks and their composition."""
