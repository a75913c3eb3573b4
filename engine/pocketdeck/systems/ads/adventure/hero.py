"""A character on an adventure: the Character Deck as piles (draw, hand, discard, cards
removed from the game, cards set aside) and the Story cards (XP, Gold, Treasure).

Why piles live here and not in the fight: the fight gets a copy of the piles when it
starts (``carry``) and hands them back when it ends (``take_back``); what persists between
fights is decided in this one place (docs/rules/ads.md "Between fights").
"""

from __future__ import annotations

from typing import Any

from .. import data
from ..build import validate
from ..deck import HAND_BASE, base
from .content import level_for

Hero = dict[str, Any]
MAX_PARTY = 4


def deck_spec(spec: Any) -> dict[str, Any]:
    """A ready-made deck id or a built deck (the builder's JSON) as one deck record."""
    if isinstance(spec, str):
        if spec not in data.decks():
            raise ValueError(f"unknown ready-made deck {spec[:40]!r}")
        d = dict(data.decks()[spec])
        return {k: d[k] for k in ("name", "race", "class", "level", "cards")}
    return spec


def new_hero(spec: Any) -> Hero:
    d = deck_spec(spec)
    instances = [f"{cid}.{i}" for cid, n in d["cards"] for i in range(1, n + 1)]
    story = d.get("story", {})
    hp = data.player_hp(d["race"], d["class"], d["level"])
    xp = story.get("xp", 0)
    return {"name": d.get("name") or f"{d['race'].title()} {d['class'].title()}", "race": d["race"],
            "class": d["class"], "level": d["level"], "xp": xp, "gold": story.get("gold", 0),
            "treasure": list(story.get("treasure", [])), "titles": list(story.get("titles", [])),
            "hp": hp, "max_hp": hp, "fatigue": 0, "exhaustion": 0, "alive": True,
            "draw": instances, "hand": [], "discard": [], "removed": [], "aside": list(d.get("aside", [])),
            "next_id": 101}


def new_party(specs: list[Any]) -> list[Hero]:
    """The characters of a party, each with their own Character Deck; two of one name are
    told apart by a number (the screen says whose turn it is by name)."""
    heroes = [new_hero(s) for s in specs]
    seen: dict[str, int] = {}
    for h in heroes:
        seen[h["name"]] = seen.get(h["name"], 0) + 1
        if seen[h["name"]] > 1:
            h["name"] = f"{h['name']} {seen[h['name']]}"[:40]
    return heroes


def hand_limit(h: Hero) -> int:
    return HAND_BASE - h["fatigue"] - h["exhaustion"]


def card_count(h: Hero) -> int:
    """Cards of this character: the 52 of the Combat Deck, the removed pile and the cards aside."""
    return len(h["draw"]) + len(h["hand"]) + len(h["discard"]) + len(h["removed"]) + len(h["aside"])


def combat_cards(h: Hero) -> list[str]:
    return h["draw"] + h["hand"] + h["discard"]


def as_deck(h: Hero) -> dict[str, Any]:
    """The Character Deck as the builder's JSON (export, validate-deck)."""
    counts: dict[str, int] = {}
    for cid in combat_cards(h):
        counts[base(cid)] = counts.get(base(cid), 0) + 1
    return {"name": h["name"], "race": h["race"], "class": h["class"], "level": h["level"],
            "cards": [[k, n] for k, n in sorted(counts.items())],
            "story": {"xp": h["xp"], "gold": h["gold"], "treasure": list(h["treasure"]), "titles": list(h["titles"])},
            "aside": [base(c) for c in h["aside"]]}


def legal_with(h: Hero, add: str, remove: str) -> bool:
    """Whether the Combat Deck stays legal with card ``add`` in and one ``remove`` out
    (loot swapped in must keep every deck-building limit: the same validation)."""
    d = as_deck(h)
    counts = {k: n for k, n in d["cards"]}
    counts[remove] -= 1
    counts[add] = counts.get(add, 0) + 1
    d["cards"] = [[k, n] for k, n in counts.items() if n > 0]
    return not validate(d)


CARRIED = ("hp", "draw", "hand", "discard", "fatigue", "exhaustion", "disease")


def carry(h: Hero) -> dict[str, Any]:
    """What a fight brings from before it; a Disease too (DISEASE: "Countered at any point
    by ... taking a Rest": winning a fight does not cure it). Older saves have none."""
    return {k: h.get(k) for k in CARRIED}


def take_back(h: Hero, fight: dict[str, Any]) -> None:
    """After a fight: HP, the draw deck, the hand, the discard pile, Fatigue and
    Exhaustion carry on; cards held face-out (persistent effects) go to the discard pile."""
    h["hp"] = max(fight["hp"], 0)
    h["draw"] = list(fight["draw"])
    h["hand"] = list(fight["hand"])
    h["discard"] = list(fight["discard"]) + [p["card"] for p in fight["persist"]]
    h["fatigue"], h["exhaustion"] = fight["fatigue"], fight["exhaustion"]
    if fight.get("disease"):  # it goes on until a Rest, a Healing Potion or a Priest cures it
        h["disease"] = fight["disease"]
    else:
        h.pop("disease", None)  # (no key when healthy: older saves replay to the same state)
    if fight.get("outcome") == "lost":
        h["alive"] = False


def gain_xp(h: Hero, xp: int) -> list[str]:
    """XP to the Story cards; a level reached raises the Level card and the Hit Points."""
    h["xp"] += xp
    notes = []
    new = max(h["level"], min(level_for(h["xp"]), 10))
    if new > h["level"]:
        old_max = h["max_hp"]
        h["level"] = new
        h["max_hp"] = data.player_hp(h["race"], h["class"], new)
        h["hp"] += h["max_hp"] - old_max
        notes.append(f"{h['name']} reaches level {new}: {h['max_hp']} Hit Points, and level {new} cards may now "
                     "join the Combat Deck.")
    return notes
