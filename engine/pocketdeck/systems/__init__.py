"""Importing this package registers every built-in game system."""

from . import deck  # noqa: F401
from . import p52  # noqa: F401
