"""Importing this package registers every built-in game system."""

from . import deck  # noqa: F401
