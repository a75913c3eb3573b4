"""Deckbuilder content: loading content/deckbuilder/*.toml and checking every field.

The engine reads content only through these helpers, so a missing or mistyped field
fails the content check at build time with file and field named.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...content import load, register_checker

STACKS = ("melee", "range", "mana", "defend", "rest", "item")
STACK_NAMES = {"melee": "Melee", "range": "Range", "mana": "Mana", "defend": "Defend",
               "rest": "Rest", "item": "Item/Ability"}
WEAPON_KINDS = ("melee", "range", "mana")
ABILITY_EFFECTS = {"attack_bonus", "double_counter", "heal", "heal_all"}
POWER_EFFECTS = {"counter", "heal", "heal_ally"}
FILES = ("heroes", "gear", "cards", "monsters", "zones")


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


def zone_order() -> list[str]:
    return list(_file("zones")["order"])


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
    if card in minion_cards():
        return str(minion_cards()[card]["name"])
    return card


def symbol(card: str) -> str | None:
    """The stack a battle card matches: a tableau card is its own stack, an ability its
    symbol, Fatigue none."""
    if card in tableau():
        return card
    if card in abilities():
        return str(abilities()[card]["symbol"])
    return None


def gear_kind(card: str) -> str:
    if card in weapons():
        return "weapon"
    if card in armors():
        return "armor"
    if card in abilities():
        return "ability"
    return "unknown"


# -- the content checker --------------------------------------------------------------------
def _need(problems: list[str], where: str, row: dict[str, Any], key: str, kind: type) -> None:
    v = row.get(key)
    if not isinstance(v, kind) or isinstance(v, bool):
        problems.append(f"{where}: '{key}' must be {kind.__name__}")


def check_content(name: str, data: dict[str, Any]) -> list[str]:
    base = name.split("/", 1)[1].removesuffix(".toml")
    p: list[str] = []
    if base == "heroes":
        for i, h in enumerate(data.get("hero") or []):
            where = f"hero {h.get('id', i + 1)}"
            for k in ("id", "name", "armor"):
                _need(p, where, h, k, str)
            for k in ("melee_attack", "melee_damage", "ranged_attack", "defense", "mana", "health"):
                _need(p, where, h, k, int)
            for k in ("equipped", "at_hand", "powers", "latent"):
                if not isinstance(h.get(k), list):
                    p.append(f"{where}: '{k}' must be a list")
            if not isinstance(h.get("deck"), dict) or not all(
                    isinstance(n, int) and n > 0 for n in h["deck"].values()):
                p.append(f"{where}: 'deck' must map battle cards to counts")
        if len(data.get("hero") or []) < 4:
            p.append("needs at least 4 heroes")
    elif base == "gear":
        for i, w in enumerate(data.get("weapon") or []):
            where = f"weapon {w.get('id', i + 1)}"
            for k in ("id", "name"):
                _need(p, where, w, k, str)
            for k in ("attack", "damage"):
                _need(p, where, w, k, int)
            if w.get("kind") not in WEAPON_KINDS:
                p.append(f"{where}: kind must be melee, range or mana")
        for i, a in enumerate(data.get("armor") or []):
            _need(p, f"armor {a.get('id', i + 1)}", a, "defense", int)
        for i, pw in enumerate(data.get("power") or []):
            where = f"power {pw.get('id', i + 1)}"
            _need(p, where, pw, "amount", int)
            if pw.get("effect") not in POWER_EFFECTS:
                p.append(f"{where}: effect must be one of {sorted(POWER_EFFECTS)}")
    elif base == "cards":
        if sorted(t.get("id") for t in data.get("tableau") or []) != sorted(STACKS):
            p.append("needs one [[tableau]] card for each of the six stacks")
        for i, a in enumerate(data.get("ability") or []):
            where = f"ability {a.get('id', i + 1)}"
            _need(p, where, a, "amount", int)
            if a.get("symbol") not in STACKS:
                p.append(f"{where}: symbol must be one of the six stacks")
            if a.get("effect") not in ABILITY_EFFECTS:
                p.append(f"{where}: effect must be one of {sorted(ABILITY_EFFECTS)}")
        _need(p, "stack_size", data.get("stack_size") or {}, "per_stack", int)
        _need(p, "fatigue", data.get("fatigue") or {}, "per_hero", int)
    elif base == "monsters":
        for i, m in enumerate(data.get("minion") or []):
            where = f"minion {m.get('id', i + 1)}"
            for k in ("hits", "attack", "damage", "defense"):
                _need(p, where, m, k, int)
            if m.get("kind") not in ("melee", "range"):
                p.append(f"{where}: kind must be melee or range")
        if len(data.get("minion") or []) < 3:
            p.append("needs at least 3 minion types")
        for i, c in enumerate(data.get("minion_card") or []):
            for k in ("count", "to_hit"):
                _need(p, f"minion card {c.get('id', i + 1)}", c, k, int)
        for i, b in enumerate(data.get("boss") or []):
            where = f"boss {b.get('id', i + 1)}"
            for k in ("melee_attack", "melee_damage", "ranged_attack", "defense", "mana",
                      "health", "resistance"):
                _need(p, where, b, k, int)
            if not isinstance(b.get("deck"), dict) or not set(b["deck"]) <= set(STACKS):
                p.append(f"{where}: deck must map stacks to counts")
        if len(data.get("boss") or []) < 2:
            p.append("needs at least 2 bosses")
    elif base == "zones":
        for i, z in enumerate(data.get("zone") or []):
            where = f"zone {z.get('id', i + 1)}"
            ids = [a.get("id") for a in z.get("arena") or []]
            if len(ids) < 2 or len(set(ids)) != len(ids):
                p.append(f"{where}: needs several arenas with distinct ids")
            for ln in z.get("link") or []:
                if ln.get("a") not in ids or ln.get("b") not in ids or ln.get("kind") not in ("open", "door"):
                    p.append(f"{where}: a link joins two of its arenas and is open or door")
            if not any(ln.get("kind") == "door" for ln in z.get("link") or []):
                p.append(f"{where}: needs at least one door")
            _need(p, where, z, "experience", int)
        order = data.get("order")
        if not isinstance(order, list) or not order or not set(order) <= {z.get("id") for z in data.get("zone") or []}:
            p.append("'order' must list zone ids")
    else:
        p.append(f"unexpected deckbuilder content file {name!r}")
    return p


def cross_check() -> list[str]:
    """References between files (run by the tests: each file alone cannot see them)."""
    p = []
    cards = set(tableau()) | set(abilities())
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
        if b["armor"] not in armors():
            p.append(f"boss {b['id']}: unknown armor {b['armor']!r}")
    for z in zones().values():
        for a in z["arena"]:
            for m in a.get("minions", []):
                if m not in minions():
                    p.append(f"zone {z['id']}: unknown minion {m!r}")
            if a.get("boss") and a["boss"] not in bosses():
                p.append(f"zone {z['id']}: unknown boss {a['boss']!r}")
        for s in z.get("spoils", []):
            if s not in weapons() and s not in abilities():
                p.append(f"zone {z['id']}: unknown spoil {s!r}")
    return p


register_checker("deckbuilder", check_content)
