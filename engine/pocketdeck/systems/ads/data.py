"""ADS content: the combat cards, core cards (races, classes), ready-made decks and Foes
of content/ads/*.toml, read only through these helpers and checked at build time."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...content import load
from .foecard import (ATTRIBUTES, DEFENSE_KINDS, DISTANCES, FOE_KINDS, SIZES, TRAITS,  # noqa: F401 (read as data.X)
                      check_foes as _check_foes, made_id)
from .maths import DOWN, UP, check_formula

KINDS = {"weapon", "armor", "shield", "attribute", "skill", "spell", "potion"}
ACTION_TYPES = {"normal", "reaction", "boost", "special", "enhance"}
EFFECTS = {"damage", "defense", "heal", "none"}
# Spell Card Maximum: cards of each spell level allowed in a Combat Deck
SPELL_MAX = {1: 12, 2: 8, 3: 6, 4: 5, 5: 4, 6: 3, 7: 2, 8: 2, 9: 2, 10: 2}
MAX_SPELL_COPIES = 4
MAX_WEAPONS = 24
DECK_SIZE = 52
SYMBOL_OF = {"up": UP, "down": DOWN}


@lru_cache(maxsize=None)
def cards() -> dict[str, dict[str, Any]]:
    return {c["id"]: _card_defaults(c) for c in load("ads/cards.toml")["card"]}


def _card_defaults(c: dict[str, Any]) -> dict[str, Any]:
    out = {"level": 1, "size": "M", "two_handed": False, "ethereal": False, "distances": [],
           "counters": [], "counter_updown": "", "counter_shield": "", "requires": [],
           "recall_requires": [], "recall_attributes": [], "recall_cost": "", "persist": "",
           "primary": "0", "secondary": "0", "throw": False, "in_grapple": False}
    out.update(c)
    return out


def card(cid: str) -> dict[str, Any]:
    return cards()[cid.split(".", 1)[0]]


@lru_cache(maxsize=None)
def core() -> dict[str, Any]:
    data = load("ads/core.toml")
    return {"races": {r["id"]: r for r in data["race"]},
            "classes": {c["id"]: c for c in data["class"]}, "level_hp": data["level_hp"],
            # Character Deck Building: "Specialized Class" / "Hybrid Class" cards (none yet)
            "specialized": {c["id"]: c for c in data.get("specialized", [])},
            "hybrid": {c["id"]: c for c in data.get("hybrid", [])}}


@lru_cache(maxsize=None)
def decks() -> dict[str, dict[str, Any]]:
    return {d["id"]: d for d in load("ads/decks.toml")["deck"]}


@lru_cache(maxsize=None)
def foes() -> dict[str, dict[str, Any]]:
    """The book's Foes and ours (content/ads/foes.toml); a Foe made on the phone is not here."""
    return {f["id"]: f for f in load("ads/foes.toml")["foe"]}


# Foes made on a phone, by id. The id is the hash of the card's content (foecard.made_id), so
# an id always means the same card and this table is a cache, not a state: a game carries its
# made Foe in its options, and the rules put it here when the game starts (rules.AdsGame._new)
_MADE: dict[str, dict[str, Any]] = {}


def remember(card: dict[str, Any]) -> None:
    """A made Foe the rules may now look up by its id (its card already checked)."""
    if card.get("id") != made_id(card):
        raise ValueError("a made Foe's id is the hash of its card")
    _MADE[card["id"]] = card


def foe_card(fid: str) -> dict[str, Any]:
    """The Foe Card the rules read for ``fid``: the book's and ours, or a made Foe of a game
    started on this page (``remember``). KeyError for neither."""
    found = foes().get(fid)
    return found if found is not None else _MADE[fid]


def instance_symbol(cid: str) -> str:
    """A card's own Up/Down. Copies alternate: copy 1 shows the printed symbol, copy 2 the
    other one, and so on, so a deck's Up/Downs stay near even (docs/rules/ads.md)."""
    base, _, n = cid.partition(".")
    printed = SYMBOL_OF[cards()[base]["updown"]]
    if int(n or 1) % 2 == 1:
        return printed
    return DOWN if printed == UP else UP


def deck_instances(deck_id: str) -> list[str]:
    """The 52 card ids of a ready-made deck: 'longsword.1', 'longsword.2', ..."""
    return [f"{cid}.{i}" for cid, n in decks()[deck_id]["cards"] for i in range(1, n + 1)]


def player_hp(race: str, klass: str, level: int) -> int:
    """Hit Points from the core cards: race hp + class hp + level_hp x (level - 1)."""
    c = core()
    return c["races"][race]["hp"] + c["classes"][klass]["hp"] + c["level_hp"] * (level - 1)


# -- the build-time checker -------------------------------------------------------

def _check_cards(data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for i, c in enumerate(data.get("card", [])):
        where = f"card[{i}] {c.get('id', '?')}"
        cid = c.get("id")
        if not isinstance(cid, str) or not cid or "." in cid:
            out.append(f"{where}: needs an id without dots")
        elif cid in seen:
            out.append(f"{where}: duplicate id")
        seen.add(str(cid))
        for key in ("name", "kind", "actions", "rondel", "effect", "updown", "attribute"):
            if key not in c:
                out.append(f"{where}: missing '{key}'")
        if c.get("kind") not in KINDS:
            out.append(f"{where}: kind {c.get('kind')!r} not one of {sorted(KINDS)}")
        if not set(c.get("actions", [])) <= ACTION_TYPES or not c.get("actions"):
            out.append(f"{where}: actions must be some of {sorted(ACTION_TYPES)}")
        rondel = c.get("rondel", "")
        if not (isinstance(rondel, str) and len(rondel) == 6 and set(rondel) <= {"P", "S", "-"}):
            out.append(f"{where}: rondel must be six of P, S, -")
        if c.get("effect") not in EFFECTS:
            out.append(f"{where}: effect {c.get('effect')!r} not one of {sorted(EFFECTS)}")
        if c.get("updown") not in SYMBOL_OF:
            out.append(f"{where}: updown must be 'up' or 'down'")
        if c.get("attribute") not in ATTRIBUTES:
            out.append(f"{where}: attribute {c.get('attribute')!r} unknown")
        if not isinstance(c.get("in_grapple", False), bool):
            out.append(f"{where}: in_grapple (\"Can be used in a Grapple\") must be true or false")
        for key in ("primary", "secondary", "recall_cost", "play_cost", "split"):
            if key in c and (err := check_formula(c[key])):
                out.append(f"{where}: {key}: {err}")
        if c.get("effect") in ("damage", "defense", "heal") and "primary" not in c:
            out.append(f"{where}: a {c.get('effect')} card needs a primary value")
        if not set(c.get("distances", [])) <= set(DISTANCES):
            out.append(f"{where}: distances must be some of {DISTANCES}")
        if c.get("kind") == "weapon" and not c.get("distances"):
            out.append(f"{where}: a weapon needs its distances")
        if not set(c.get("counters", [])) | set(c.get("recall_attributes", [])) <= ATTRIBUTES:
            out.append(f"{where}: unknown attribute in counters/recall_attributes")
        if c.get("size", "M") not in SIZES:
            out.append(f"{where}: size must be one of {sorted(SIZES)}")
        if c.get("reach_attribute") is not None and c["reach_attribute"] not in ATTRIBUTES:
            out.append(f"{where}: reach_attribute must be an Attribute")
        if c.get("prereq") is not None and c["prereq"] != "shield":
            out.append(f"{where}: the only prerequisite known is 'shield' (wielding a Shield)")
        if "play_cost" in c and not (c.get("play_attribute") in ATTRIBUTES and c.get("play_rounds")):
            out.append(f"{where}: play_cost needs play_attribute and play_rounds")
        persist = c.get("persist", "")
        if persist not in ("", "attack", "count") and not (isinstance(persist, str) and persist.isdigit()):
            out.append(f"{where}: persist must be '', 'attack', 'count' or a number of Rounds")
        if c.get("area") is not None and c["area"] not in ("target", "self"):
            out.append(f"{where}: area must be 'target' (round the Foe it is played at) or 'self'")
        if "area_squares" in c and not (type(c["area_squares"]) is int and 1 <= c["area_squares"] <= 4):
            out.append(f"{where}: area_squares must be 1 to 4 squares")
        if "recall_cost" in c and not c.get("recall_attributes"):
            out.append(f"{where}: a recall cost needs recall_attributes")
    return out


def _check_core(data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for table in ("race", "class"):
        for r in data.get(table, []):
            where = f"{table} {r.get('id', '?')}"
            if not isinstance(r.get("hp"), int) or r["hp"] < 1:
                out.append(f"{where}: hp must be a positive integer")
            base = r.get("base")
            if not isinstance(base, dict) or base.get("kind") not in ("normal", "reaction"):
                out.append(f"{where}: needs a base action of kind normal or reaction")
            elif err := check_formula(base.get("value", "")):
                out.append(f"{where}: base value: {err}")
    if not isinstance(data.get("level_hp"), int):
        out.append("level_hp must be an integer")
    return out + _check_class_kinds(data)


def _check_class_kinds(data: dict[str, Any]) -> list[str]:
    """Character Deck Building: a Specialized Class card names the one Class it specializes
    (``class``), a Hybrid Class card the two Classes it joins (``classes``)."""
    out: list[str] = []
    classes = {c.get("id") for c in data.get("class", [])}
    for table, key in (("specialized", "class"), ("hybrid", "classes")):
        for c in data.get(table, []):
            where = f"{table} {c.get('id', '?')}"
            if not isinstance(c.get("id"), str) or not isinstance(c.get("name"), str):
                out.append(f"{where}: needs an id and a name")
            named = [c.get(key)] if table == "specialized" else c.get(key)
            if (not isinstance(named, list) or len(named) != (1 if table == "specialized" else 2)
                    or len(set(map(str, named))) != len(named) or not set(named) <= classes):
                out.append(f"{where}: {key} must name " + ("one Class" if table == "specialized"
                                                            else "two different Classes") + " of this content")
    return out


def base_action(state: dict[str, Any], which: str) -> dict[str, Any]:
    """The character's Base Action of its Race or Class card (``which``)."""
    c = core()
    table = c["races"][state["race"]] if which == "race" else c["classes"][state["class"]]
    return table["base"]
