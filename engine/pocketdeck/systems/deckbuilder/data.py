"""Deckbuilder content: loading content/deckbuilder/*.toml and checking every field.

The engine reads content only through these helpers, so a missing or mistyped field
fails the content check at build time with file and field named.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...content import ListOf, MapOf, OneOf, Optional, Range, Table, check_value, load, register_checker, table_rows
from .monstercard import check_monsters, made_id
from .zonecard import check_zone_rows, zone_problem

STACKS = ("melee", "range", "mana", "defend", "rest", "item")
STACK_NAMES = {"melee": "Melee", "range": "Range", "mana": "Mana", "defend": "Defend",
               "rest": "Rest", "item": "Item/Ability"}
WEAPON_KINDS = ("melee", "range", "mana")
ABILITY_EFFECTS = {"attack_bonus", "double_counter", "heal", "heal_all"}
POWER_EFFECTS = {"counter", "heal", "heal_ally"}
FILES = ("heroes", "gear", "cards", "monsters", "zones")
UPGRADE_STATS = ("melee_attack", "melee_damage", "ranged_attack", "defense", "mana")


def _file(name: str) -> dict[str, Any]:
    return load(f"deckbuilder/{name}.toml")


@lru_cache(maxsize=None)
def heroes() -> dict[str, dict[str, Any]]:
    return {h["id"]: h for h in _file("heroes")["hero"]}


@lru_cache(maxsize=None)
def weapons() -> dict[str, dict[str, Any]]:
    return {w["id"]: w for w in _file("gear")["weapon"]}


@lru_cache(maxsize=None)
def armors() -> dict[str, dict[str, Any]]:
    return {a["id"]: a for a in _file("gear")["armor"]}


def boss_armor(b: dict[str, Any]) -> int:
    """The defense a boss's armor adds: none when it wears none (Characters: "not all
    characters will have all the cards/stacks shown at all times"; a made boss may have no
    armor, docs/rules/deckbuilder.md, "A monster of your own")."""
    return int(armors()[b["armor"]]["defense"]) if b.get("armor") else 0


@lru_cache(maxsize=None)
def powers() -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in _file("gear")["power"]}


@lru_cache(maxsize=None)
def abilities() -> dict[str, dict[str, Any]]:
    return {a["id"]: a for a in _file("cards")["ability"]}


@lru_cache(maxsize=None)
def tableau() -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in _file("cards")["tableau"]}


def stack_size() -> int:
    return int(_file("cards")["stack_size"]["per_stack"])


def fatigue_per_hero() -> int:
    return int(_file("cards")["fatigue"]["per_hero"])


@lru_cache(maxsize=None)
def minions() -> dict[str, dict[str, Any]]:
    return {m["id"]: m for m in _file("monsters")["minion"]}


@lru_cache(maxsize=None)
def minion_cards() -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in _file("monsters")["minion_card"]}


@lru_cache(maxsize=None)
def bosses() -> dict[str, dict[str, Any]]:
    return {b["id"]: b for b in _file("monsters")["boss"]}


@lru_cache(maxsize=None)
def zones() -> dict[str, dict[str, Any]]:
    return {z["id"]: z for z in _file("zones")["zone"]}


# Monsters made on a phone, by id. The id is the hash of the monster's content
# (monstercard.made_id), so an id always means the same monster and this table is a cache,
# not a state: a game carries its made monster in its options (``monster``), and the rules
# put it here when the game starts (rules.DeckbuilderGame._new), as ADS does its made Foes.
_MADE: dict[str, dict[str, Any]] = {}


def remember(card: dict[str, Any]) -> None:
    """A made monster the rules may now look up by its id (its card already checked)."""
    if card.get("id") != made_id(card):
        raise ValueError("a made monster's id is the hash of its card")
    _MADE[card["id"]] = card


def minion(mid: str) -> dict[str, Any]:
    """The minion the rules read for ``mid``: ours, or a made one of a game started on this
    page (``remember``). KeyError for neither."""
    found = minions().get(mid)
    return found if found is not None else _MADE[mid]


def boss(bid: str) -> dict[str, Any]:
    """The boss the rules read for ``bid``: ours, or a made one (``remember``)."""
    found = bosses().get(bid)
    return found if found is not None else _MADE[bid]


# Zones made on a phone, by id (zonecard.made_id, the hash of the zone): a cache like _MADE, the
# game carrying the zone in its options (``zone``) and the rules putting it here when it starts.
_MADE_ZONES: dict[str, dict[str, Any]] = {}


def remember_zone(record: dict[str, Any]) -> None:
    """A made zone (and the made monsters it carries) the rules may now look up by id."""
    why = zone_problem(record)
    if why:
        raise ValueError(why)
    for card in record.get("made_minions", []) + record.get("made_bosses", []):
        remember(card)
    _MADE_ZONES[record["id"]] = record


def zone(zid: str) -> dict[str, Any]:
    """The zone the rules read for ``zid``: ours, or a made one of a game started on this
    page (``remember_zone``). KeyError for neither."""
    found = zones().get(zid)
    return found if found is not None else _MADE_ZONES[zid]


def made_zone() -> str:
    """The zone a made monster is fought in (``made = true``: its arena marked ``yours``
    holds the monster); never in the order nor a skirmish of its own."""
    return next(z["id"] for z in _file("zones")["zone"] if z.get("made") is True)


@lru_cache(maxsize=None)
def upgrade() -> dict[str, Any]:
    """What experience buys: cards only (learn at ``card_cost``, practise at ``practise_cost``)."""
    return dict(_file("cards")["upgrade"])


@lru_cache(maxsize=None)
def retired_upgrades() -> dict[str, Any]:
    """The stat and health upgrades rules formats 1 to 5 sold: never offered now, read only by
    the record check, so a hero saved with them is still accepted."""
    return dict(_file("cards")["retired_upgrades"])


def zone_order() -> list[str]:
    """The zones of "both encounters", the default options and what old saves carry."""
    return list(_file("zones")["order"])


def solo_zones() -> list[str]:
    """The lone hero's skirmishes (``solo = true``): offered on their own, never in the
    order, so adding one changes no existing game or save."""
    return [z["id"] for z in _file("zones")["zone"] if z.get("solo") is True]


@lru_cache(maxsize=None)
def card_name(card: str) -> str:
    """The printed name of any card id that can sit in a pile."""
    if card in tableau():
        return str(tableau()[card]["name"])
    if card in abilities():
        return str(abilities()[card]["name"])
    if card == "fatigue":
        return "Fatigue"
    if card in weapons():
        return str(weapons()[card]["name"])
    if card in armors():
        return str(armors()[card]["name"])
    if card in powers():
        return str(powers()[card]["name"])
    if card in minion_cards():
        return str(minion_cards()[card]["name"])
    return card


@lru_cache(maxsize=None)
def symbol(card: str) -> str | None:
    """The stack a battle card matches: a tableau card is its own stack, an ability its
    symbol, Fatigue none."""
    if card in tableau():
        return card
    if card in abilities():
        return str(abilities()[card]["symbol"])
    return None


@lru_cache(maxsize=None)
def gear_kind(card: str) -> str:
    """What an at-hand card is once equipped: a weapon (or spell), an armor or a power;
    "ability" / "card" for battle cards, "unknown" otherwise."""
    if card in weapons():
        return "weapon"
    if card in armors():
        return "armor"
    if card in powers():
        return "power"
    if card in abilities():
        return "ability"
    if card in tableau() or card == "fatigue":
        return "card"
    return "unknown"


def is_gear(card: str) -> bool:
    return gear_kind(card) in ("weapon", "armor", "power")


# -- the content checker --------------------------------------------------------------------
# Each file's rows are first checked against a typed-row schema (pocketdeck.content, as
# P52's checker does), so the cross-checks below only ever see well-typed rows and a
# badly typed row is listed as a problem, never a crash.
STAT = Range(-5, 20)
HERO = {"id": str, "name": str, "melee_attack": STAT, "melee_damage": STAT, "ranged_attack": STAT,
        "defense": Range(0, 30), "mana": STAT, "health": Range(1, 99), "equipped": ListOf(str),
        "armor": str, "at_hand": ListOf(str), "powers": ListOf(str), "latent": ListOf(str),
        "deck": MapOf(Range(1, 20))}
WEAPON = {"id": str, "name": str, "kind": OneOf(*WEAPON_KINDS), "attack": STAT, "damage": Range(0, 30)}
ARMOR = {"id": str, "name": str, "defense": Range(0, 20)}
# a counter power's ``kinds``: the weapons it may load (melee, range, mana); absent = any
POWER = {"id": str, "name": str, "effect": OneOf(*sorted(POWER_EFFECTS)), "amount": Range(1, 20), "text": str,
         "kinds": Optional(ListOf(OneOf(*WEAPON_KINDS), at_least=1))}
TABLEAU = {"id": OneOf(*STACKS), "name": str, "text": str}
ABILITY = {"id": str, "name": str, "symbol": OneOf(*STACKS), "effect": OneOf(*sorted(ABILITY_EFFECTS)),
           "amount": Range(1, 20), "text": str}
UPGRADE = Table({"card_cost": Range(1, 50), "practise_cost": Range(1, 50), "cards": MapOf(Range(1, 20))}, strict=True)
RETIRED_UPGRADES = Table({"health_cost": Range(1, 50), "health_gain": Range(1, 10), "stat_cost": Range(1, 50),
                          "stats": ListOf(OneOf(*UPGRADE_STATS), at_least=1)}, strict=True)
MINION_CARD = {"id": str, "name": str, "count": Range(1, 50), "to_hit": Range(-10, 10)}
# ``yours``: the arena where a made monster stands (the zone ``made = true``, data.made_zone)
# the zones by their spec (zonecard.py, the one a made zone is checked with): arenas, links,
# monsters; ``yours`` marks the arena where a made monster stands (the zone ``made = true``)
def _table(problems: list[str], data: dict[str, Any], key: str, spec: Any) -> Any:
    """data[key] when it matches spec, else None (and its problems listed)."""
    found = check_value(f"[{key}]", data.get(key), spec)
    problems.extend(found)
    return None if found else data[key]


def _unique(problems: list[str], rows: list[dict[str, Any]], what: str) -> None:
    ids = [r["id"] for r in rows]
    if len(set(ids)) != len(ids):
        problems.append(f"[[{what}]] ids must be unique")


def _check_heroes(data: dict[str, Any]) -> list[str]:
    rows, p = table_rows(data, "hero", HERO, at_least=4)
    _unique(p, rows, "hero")
    return p


def _check_gear(data: dict[str, Any]) -> list[str]:
    p: list[str] = []
    for key, spec in (("weapon", WEAPON), ("armor", ARMOR), ("power", POWER)):
        rows, found = table_rows(data, key, spec)
        p.extend(found)
        _unique(p, rows, key)
    return p


def _check_cards(data: dict[str, Any]) -> list[str]:
    tab, p = table_rows(data, "tableau", TABLEAU, at_least=6)
    if not p and sorted(t["id"] for t in tab) != sorted(STACKS):
        p.append("needs one [[tableau]] card for each of the six stacks")
    rows, found = table_rows(data, "ability", ABILITY)
    p.extend(found)
    _unique(p, rows, "ability")
    _table(p, data, "stack_size", {"per_stack": Range(1, 60)})
    _table(p, data, "fatigue", {"id": OneOf("fatigue"), "name": str, "per_hero": Range(0, 30), "text": str})
    up = _table(p, data, "upgrade", UPGRADE)
    if up is not None:
        names = {r["id"] for r in rows}
        p.extend(f"upgrade: unknown training card {c[:40]!r}" for c in up["cards"] if c not in names)
    _table(p, data, "retired_upgrades", RETIRED_UPGRADES)
    return p


def _check_monsters(data: dict[str, Any]) -> list[str]:
    """Minions and bosses by the spec a made monster is checked with (monstercard.py)."""
    p = check_monsters(data)
    _cards, found = table_rows(data, "minion_card", MINION_CARD)
    return p + found


def _check_zones(data: dict[str, Any]) -> list[str]:
    rows = data.get("zone")
    if not isinstance(rows, list) or not rows:
        return ["needs at least 1 [[zone]] rows"]
    zones, p = check_zone_rows(rows)
    made = [z for z in zones if z.get("made") is True]
    if len(made) != 1:
        p.append("needs exactly one zone with made = true (where a made monster is fought)")
    for z in zones:
        marked = [a["id"] for a in z["arena"] if a.get("yours") is True]
        if (z.get("made") is True) != (len(marked) == 1) or z.get("made") is True and (
                z.get("solo") is True or any(a.get("minions") or a.get("boss") for a in z["arena"])):
            p.append(f"zone {z['id']}: the made monster's zone (made = true) has one arena marked yours, "
                     "no monster of ours and is no skirmish; no other zone marks an arena yours")
    order = _table(p, data, "order", ListOf(str, at_least=1))
    if order is not None and not set(order) <= {z["id"] for z in zones}:
        p.append("'order' must list zone ids")
    if order is not None:
        p.extend(f"zone {z['id']}: the made monster's zone stays out of 'order'" for z in made if z["id"] in order)
    if order is not None:  # a skirmish in the order would change the default party's game
        p.extend(f"zone {z['id']}: a lone hero's skirmish (solo = true) stays out of 'order' "
                 "(the default 'both encounters' that old saves carry)"
                 for z in zones if z.get("solo") is True and z["id"] in order)
    return p


CHECKS = {"heroes": _check_heroes, "gear": _check_gear, "cards": _check_cards,
          "monsters": _check_monsters, "zones": _check_zones}


def check_content(name: str, data: dict[str, Any]) -> list[str]:
    """Every problem of one deckbuilder content file (its schema, then its own checks)."""
    base = name.split("/")[-1].removesuffix(".toml")
    if base not in CHECKS:
        return [f"unexpected deckbuilder content file {name[:60]!r}"]
    return CHECKS[base](data)


def cross_check() -> list[str]:
    """References between files (run by the tests: each file alone cannot see them)."""
    p = []
    cards = set(tableau()) | set(abilities()) | set(weapons()) | set(armors()) | set(powers())
    for h in heroes().values():
        for w in h["equipped"] + h["at_hand"]:
            if w not in weapons() and w not in armors():
                p.append(f"hero {h['id']}: unknown gear {w!r}")
        if h["armor"] not in armors():
            p.append(f"hero {h['id']}: unknown armor {h['armor']!r}")
        for c in list(h["deck"]) + h["latent"]:
            if c not in cards:
                p.append(f"hero {h['id']}: unknown battle card {c!r}")
        for pw in h["powers"]:
            if pw not in powers():
                p.append(f"hero {h['id']}: unknown power {pw!r}")
    for b in bosses().values():
        for w in b["weapons"]:
            if w not in weapons():
                p.append(f"boss {b['id']}: unknown weapon {w!r}")
        if "armor" in b and b["armor"] not in armors():
            p.append(f"boss {b['id']}: unknown armor {b['armor']!r}")
    for z in zones().values():
        for a in z["arena"]:
            for m in a.get("minions", []):
                if m not in minions():
                    p.append(f"zone {z['id']}: unknown minion {m!r}")
            if a.get("boss") and a["boss"] not in bosses():
                p.append(f"zone {z['id']}: unknown boss {a['boss']!r}")
            for it in a.get("items", []):
                if gear_kind(it) not in ("weapon", "armor", "power"):
                    p.append(f"zone {z['id']}: arena {a['id']}: an item must be a known weapon, spell, armor or power, not {it!r}")
        for s in z.get("spoils", []):
            if s not in cards:
                p.append(f"zone {z['id']}: unknown spoil {s!r}")
    for c in upgrade()["cards"]:
        if c not in abilities():
            p.append(f"upgrade: unknown training card {c!r}")
    return p


register_checker("deckbuilder", check_content)
