"""The adventure's Map and Room cards, treasures and levels (content/ads/adventure.toml),
read only through these helpers and checked at build time (``check_adventure``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ....content import load
from .. import data
from ..maths import DIFFICULTIES

LIGHTS = ("dim", "dark", "bright")
PLACES = ("outdoors", "indoors")
MAX_FOES = 4


@lru_cache(maxsize=None)
def adventure() -> dict[str, Any]:
    raw = load("ads/adventure.toml")
    return {"info": raw["adventure"], "rooms": {r["id"]: _room(r) for r in raw["room"]},
            "treasures": {t["id"]: t for t in raw["treasure"]}}


def _room(r: dict[str, Any]) -> dict[str, Any]:
    out = {"solo": [], "group": [], "exits": [], "loot": [], "treasure": [], "gold": 0, "rest": False,
           "boss": False, "presneak": False, "obstacle": None, "wander": [], "start": "thrown",
           "distances": [], "cover": []}
    out.update(r)
    return out


def rooms() -> dict[str, dict[str, Any]]:
    return adventure()["rooms"]


def treasures() -> dict[str, dict[str, Any]]:
    return adventure()["treasures"]


def level_for(xp: int) -> int:
    """The level a character with ``xp`` Experience has reached (the adventure's table)."""
    return sum(1 for need in adventure()["info"]["levels"] if xp >= need)


def foe_list(room: dict[str, Any], players: int) -> list[str]:
    """The Room Description card's Foe list: solo for one player, group for a party."""
    return [fid for fid, n in room["group" if players > 1 else "solo"] for _ in range(n)]


def check_adventure(raw: dict[str, Any]) -> list[str]:
    out: list[str] = []
    info = raw.get("adventure", {})
    room_rows = raw.get("room", [])
    ids = [r.get("id") for r in room_rows]
    treasure_ids = {t.get("id") for t in raw.get("treasure", [])}
    for t in raw.get("treasure", []):
        if not isinstance(t.get("gold"), int) or t["gold"] < 0 or not t.get("name"):
            out.append(f"treasure {t.get('id')}: needs a name and a Gold value")
    if info.get("start") not in ids:
        out.append("adventure: start must be a room id")
    levels = info.get("levels", [])
    if not levels or levels[0] != 0 or levels != sorted(levels):
        out.append("adventure: levels are rising XP figures starting at 0")
    if len(set(ids)) != len(ids):
        out.append("room ids must be unique")
    if not any(r.get("boss") for r in room_rows):
        out.append("the adventure needs a boss room")
    for r in room_rows:
        where = f"room {r.get('id')}"
        if r.get("light") not in LIGHTS or r.get("place") not in PLACES:
            out.append(f"{where}: light one of {LIGHTS}, place one of {PLACES}")
        if not set(r.get("distances", [])) <= set(data.DISTANCES) or r.get("updown") not in ("up", "down"):
            out.append(f"{where}: distances among {data.DISTANCES} and an updown of up/down")
        if r.get("start", "thrown") not in data.DISTANCES:
            out.append(f"{where}: start is a Distance")
        for key in ("solo", "group"):
            lst = r.get(key, [])
            if sum(n for _, n in lst) > MAX_FOES or any(f not in data.foes() or n < 1 for f, n in lst):
                out.append(f"{where}: {key} lists known Foes, 1 to {MAX_FOES} in all")
        if bool(r.get("solo")) != bool(r.get("group")):
            out.append(f"{where}: a room with Foes has a solo and a group list")
        for lst in r.get("wander", []):
            if sum(n for _, n in lst) > MAX_FOES or any(f not in data.foes() for f, _ in lst):
                out.append(f"{where}: wander rows list known Foes")
        if r.get("wander") and len(r["wander"]) != 4:
            out.append(f"{where}: wander has 4 rows (two Up/Downs)")
        for to, label in r.get("exits", []):
            if to not in ids or not label:
                out.append(f"{where}: exit to unknown room {to!r}")
        if any(c not in data.cards() for c in r.get("loot", [])):
            out.append(f"{where}: loot must be combat cards")
        if any(t not in treasure_ids for t in r.get("treasure", [])):
            out.append(f"{where}: treasure must be treasure ids")
        ob = r.get("obstacle")
        if ob is not None and (ob.get("attribute") not in data.ATTRIBUTES or ob.get("difficulty") not in DIFFICULTIES
                               or not isinstance(ob.get("damage", 0), int)
                               or any(b not in [e[0] for e in r.get("exits", [])] for b in ob.get("blocks", []))):
            out.append(f"{where}: an obstacle needs an attribute, a difficulty, a damage and blocks among its exits")
    obstacles = sum(1 for r in room_rows if r.get("obstacle"))
    if len(room_rows) < 8 or obstacles < 2 or not any(r.get("rest") and r.get("wander") for r in room_rows):
        out.append("the adventure needs 8 rooms, 2 obstacles and a rest spot with wandering Foes")
    return out
