"""The ADS system as the catalogue loads it: the rules (which register ``GAME``) and the
content checker of every ADS file. It is kept apart from the package's ``__init__`` so that
importing any one ADS module does not pull in the whole fight (see ``__init__``)."""

from __future__ import annotations

from . import checks  # noqa: F401 (registers the content checker)
from .rules import GAME, AdsGame

__all__ = ["GAME", "AdsGame"]
