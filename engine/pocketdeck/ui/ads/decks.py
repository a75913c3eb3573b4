"""ADS Character Decks in the phone's library (``char:ads:<name>``): what joins it when a
build is saved or an adventure ends (``LIB``), and the select that picks a deck, ready-made
or one's own, with the deck it names (``deck_select``, ``chosen_deck``).

The Deck Builder (builder.py) and the adventure (adventure.py) both keep and pick decks;
the two tables import this module, below both, and never each other.
"""

from __future__ import annotations

from typing import Any

from ...core.game import IllegalAction
from ...systems.ads import data
from ...systems.ads.adventure.hero import as_deck
from ...systems.ads.build import check_record
from ..html import esc
from ..library.characters import CharacterLibrary

LIB_PREFIX = "char:ads:"


def _export(state: dict[str, Any]) -> list[dict[str, Any]]:
    """What joins the library: a saved build, or the Character Deck an adventure ended with."""
    if state.get("system") == "ads_build":
        return [dict(state["deck"])] if state["outcome"] == "saved" else []
    if len(state["heroes"]) > 1:
        # a party: every character's deck as it ended, in seat order (paired with the entries
        # they came from; a fallen character's deck is kept too)
        return [as_deck(h) for h in state["heroes"]]
    hero = state["heroes"][0]
    return [as_deck(hero)] if hero["alive"] else []


LIB = CharacterLibrary("ads", check_record, _export)


def library_decks(app: Any) -> list[tuple[str, dict[str, Any]]]:
    lib = getattr(app, "library", {}) or {}
    return sorted((k, r) for k, r in lib.items() if k.startswith(LIB_PREFIX) and isinstance(r, dict))


def deck_select(app: Any, name: str, label: str, nobody: bool = False) -> str:
    """A select of the ready-made decks and the library's decks (builder and adventure);
    ``nobody`` first for the party's optional places."""
    opts = [("none", "Nobody")] if nobody else []
    opts += [(f"ready:{k}", f'{d["name"]} ({d["race"].title()} {d["class"].title()}, L{d["level"]}, ready-made)')
             for k, d in data.decks().items()]
    opts += [(f"lib:{k}", f'{r.get("name", "?")} (my deck, L{r.get("level", "?")})') for k, r in library_decks(app)]
    sel = "".join(f'<option value="{esc(v)}">{esc(t)}</option>' for v, t in opts)
    return f'<label>{esc(label)} <select name="{esc(name)}">{sel}</select></label>'


def chosen_deck(value: Any, app: Any, label: str) -> Any:
    """The deck a ``deck_select`` names: a ready-made id, or the library record (whose
    entry the game's end then updates: ``pending_library``)."""
    value = str(value)
    if value.startswith("ready:"):
        return value[6:]
    if value.startswith("lib:"):
        record = (getattr(app, "library", {}) or {}).get(value[4:])
        if not isinstance(record, dict):
            raise IllegalAction("that deck is not in the library")
        app.pending_library = list(getattr(app, "pending_library", []) or []) + [value[4:]]
        return {k: record[k] for k in ("name", "race", "class", "level", "cards", "story", "aside") if k in record}
    raise IllegalAction(f"{label}: a ready-made deck or one of yours")
