"""Adventure Deck System (ADS): a solo fight on the Combat Rondel, a 52-card Combat Deck
against Foe cards run as virtual decks by Up/Down draws.

Public API: ``GAME`` (the registered system), ``odds_cli`` (``python -m pocketdeck odds
ads``); the rules document is docs/rules/ads.md.

The package imports nothing of the fight on its own (PEP 562 ``__getattr__`` below): the
catalogue declares ``system`` (the rules and the content checker) as the module that
registers the game. So importing one module of the package (``data``, say, or the
first step of an import sliced by ``core.imports``) does not load the whole fight in
one go. Issue 28: no import may block the page for more than a second, and on a start
without the boot snapshot that one load was the longest step.
"""

from __future__ import annotations

from typing import Any

__all__ = ["GAME", "AdsGame", "odds_cli"]


def __getattr__(name: str) -> Any:
    if name in ("GAME", "AdsGame"):
        from . import system
        return getattr(system, name)
    if name == "odds_cli":
        from .odds import odds_cli
        return odds_cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
