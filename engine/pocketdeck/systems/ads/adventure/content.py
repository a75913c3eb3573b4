"""The adventures' Map and Room cards, treasures and levels: ours (content/ads/adventure*.toml,
checked at build time by ``spec.check_adventure``) and one made on the phone (``remember``), read
only through these helpers. A game names its adventure in ``state["adventure"]`` (absent:
the first of ours, as every game before there were two) and reads it with ``of(state)``.

Why a table of made adventures by id and not the adventure in the state: the id is the hash
of the adventure (spec.made_id), so the table is a cache, not a state. The game keeps the
made adventure in its options and puts it here when it starts (game._new), as a made Foe is
kept (data.remember); a replay or a shared game does the same from its options.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ....content import load
from .. import data

DEFAULT = "lantern_keep"
# ours, by id: the file each is in (adventure.toml also holds the app's level table; the
# others are made with the app's own editor: tests/test_ads_second_adventure.py)
BUILTIN = {"lantern_keep": "ads/adventure.toml", "salt_mine": "ads/adventure-salt_mine.toml"}
WON = "{name}: the boss is beaten and the adventure is won!"
_MADE: dict[str, dict[str, Any]] = {}


@lru_cache(maxsize=None)
def _builtin(aid: str) -> dict[str, Any]:
    raw = load(BUILTIN[aid])
    info = dict(raw["adventure"])
    info.setdefault("won", WON.format(name=info["name"]))
    return {"info": info, "rooms": {r["id"]: _room(r) for r in raw["room"]},
            "treasures": {t["id"]: t for t in raw["treasure"]}}


def adventure(aid: str = DEFAULT) -> dict[str, Any]:
    """One adventure: {"info", "rooms" by Room Number, "treasures" it names}. KeyError for an
    id that is neither ours nor a made one remembered on this page."""
    return _builtin(aid) if aid in BUILTIN else _MADE[aid]


def of(state: dict[str, Any]) -> dict[str, Any]:
    """The adventure a game plays."""
    return adventure(state.get("adventure", DEFAULT))


def here(state: dict[str, Any]) -> dict[str, Any]:
    """The room the game is in."""
    return of(state)["rooms"][state["room"]]


def remember(record: dict[str, Any]) -> None:
    """A made adventure (already checked: spec.record_problem) the rules may now look up by
    its id, and the made Foes it carries (data.remember)."""
    for card in record.get("foes", []):
        data.remember(card)
    info = {"id": record["id"], "name": record["name"], "start": record["start"], "text": record["text"],
            "won": record.get("won") or WON.format(name=record["name"])}
    _MADE[record["id"]] = {"info": info, "rooms": {r["id"]: _room(r) for r in record["rooms"]},
                           "treasures": {t: treasures()[t] for r in record["rooms"] for t in r.get("treasure", [])}}


def record_of(aid: str) -> dict[str, Any]:
    """An adventure as the maker's form holds it (``spec.spec()``): ours read from its file."""
    if aid not in BUILTIN:
        raise KeyError(aid)
    raw = load(BUILTIN[aid])
    info = raw["adventure"]
    out = {"id": info["id"], "name": info["name"], "text": info["text"], "start": info["start"],
           "rooms": [dict(r) for r in raw["room"]]}
    if "won" in info:
        out["won"] = info["won"]
    return out


def _room(r: dict[str, Any]) -> dict[str, Any]:
    out = {"solo": [], "group": [], "exits": [], "loot": [], "treasure": [], "gold": 0, "rest": False,
           "boss": False, "presneak": False, "obstacle": None, "wander": [], "start": "thrown",
           "distances": [], "cover": []}
    out.update(r)
    return out


def rooms(aid: str = DEFAULT) -> dict[str, dict[str, Any]]:
    return adventure(aid)["rooms"]


@lru_cache(maxsize=None)
def _all_treasures() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for aid in BUILTIN:
        out.update(_builtin(aid)["treasures"])
    return out


def treasures() -> dict[str, dict[str, Any]]:
    """Every treasure of this app (each of ours lists its own): a Character Deck may hold
    any of them, and a made adventure places them in its rooms."""
    return _all_treasures()


def builtin_gold() -> int:
    """The most Gold the rooms of one of our adventures give in all."""
    return max(sum(r["gold"] for r in _builtin(aid)["rooms"].values()) for aid in BUILTIN)


def level_for(xp: int) -> int:
    """The level a character with ``xp`` Experience has reached (the app's table, in
    content/ads/adventure.toml: the book gives none)."""
    return sum(1 for need in _builtin(DEFAULT)["info"]["levels"] if xp >= need)


def foe_list(room: dict[str, Any], players: int) -> list[str]:
    """The Room Description card's Foe list: solo for one player, group for a party."""
    return [fid for fid, n in room["group" if players > 1 else "solo"] for _ in range(n)]
