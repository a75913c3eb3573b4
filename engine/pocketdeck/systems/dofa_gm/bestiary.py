"""The bestiary and the item tables (content/dofa-gm/bestiary.toml, items.toml) and the
combatants made from them: a creature dropped into a fight is an editable copy of its stat
block, a premade character or a player typed in by the GM gets the same shape.

A combatant holds ``attrs`` and ``skills`` so the player's code (``dofa.sheet.modifier``)
reads its modifiers; the bestiary lists attributes only, so a creature's skill is its
attribute (as part 1 does for companions).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ... import content
from ...content import OneOf, Optional, Range, table_rows
from ..dofa import checks as ck
from ..dofa import sheet as sh
from .creaturecard import TEXT_MAX, TYPES, check_bestiary_rows

KIND_OF = {"Companion": "companion", "NPC": "minion", "Dealer": "dealer", "Boss": "boss"}
ITEM_KINDS = ("weapon", "armor", "shield", "general", "tool", "consumable")
ITEM = {"id": str, "kind": OneOf(*ITEM_KINDS), "cost": Range(0, 10**7), "text": str,
        "damage": Optional(Range(1, 4)), "ar": Optional(Range(0, 6)), "ap": Optional(Range(0, 9)),
        "needs": Optional(str), "use": Optional(str), "reference": Optional(str)}


@lru_cache(maxsize=1)
def creatures() -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in content.load("dofa-gm/bestiary.toml")["creature"]}


@lru_cache(maxsize=1)
def items() -> dict[str, dict[str, Any]]:
    return {i["id"]: i for i in content.load("dofa-gm/items.toml")["item"]}


def card(s: dict[str, Any], source: str) -> dict[str, Any]:
    """The creature card ``source`` names in the game ``s``: one of ours, or a creature the
    GM made that the game carries (``s["made"]``, by the hash of its card: rules.py), so a
    replay or a shared game finds the very card it was played with."""
    found = creatures().get(source)
    return found if found is not None else s["made"][source]


def check_bestiary(data: dict[str, Any]) -> list[str]:
    """bestiary.toml against the bestiary entry's spec and its checks across fields, the
    very ones a made creature passes (creaturecard.py), and unique ids."""
    rows = data.get("creature") if isinstance(data, dict) else None
    if not isinstance(rows, list) or not rows:
        return ["needs at least 1 [[creature]] rows"]
    problems = check_bestiary_rows(rows)
    ids = [r.get("id") for r in rows if isinstance(r, dict)]
    if len(set(ids)) != len(ids):
        problems.append("[[creature]] ids must be unique")
    return problems


def check_items(data: dict[str, Any]) -> list[str]:
    rows, problems = table_rows(data, "item", ITEM)
    ids = [r["id"] for r in rows]
    if len(set(ids)) != len(ids):
        problems.append("[[item]] ids must be unique")
    needs = {"weapon": "damage", "armor": "ar", "shield": "ap"}
    for r in rows:
        key = needs.get(r["kind"])
        if key and key not in r:
            problems.append(f"item {r['id']}: a {r['kind']} needs '{key}'")
        if not r["text"].strip() or len(r["text"]) > TEXT_MAX:
            problems.append(f"item {r['id']}: 'text' must be 1 to {TEXT_MAX} characters")
    return problems


# -- money (GMG, Standard Currency: 1 dp = 10 gp = 100 sp = 1000 cp) ----------------------
COINS = (("dp", 1000), ("gp", 100), ("sp", 10), ("cp", 1))


def money(cp: int) -> str:
    """A sum in copper as coins, largest first (1:10 each step): 1234 -> '1 dp 2 gp 3 sp 4 cp'."""
    if cp == 0:
        return "0 cp"
    sign, cp = ("-" if cp < 0 else ""), abs(cp)
    parts = []
    for name, value in COINS:
        n, cp = divmod(cp, value)
        if n:
            parts.append(f"{n} {name}")
    return sign + " ".join(parts)


# -- combatants -----------------------------------------------------------------------------
def _base(cid: str, name: str, side: str, kind: str) -> dict[str, Any]:
    return {"id": cid, "name": name, "side": side, "kind": kind, "source": None,
            "statuses": [], "ko": None, "dead": False, "out": False, "tc": None,
            "deck": None, "weapon": 1, "powers": [], "fatigue": 0, "phase": 1, "phases": 1,
            "lower_next": False, "armor": None}


def from_creature(cid: str, source: str, name: str, side: str = "foes",
                  c: dict[str, Any] | None = None) -> dict[str, Any]:
    c = creatures()[source] if c is None else c
    out = _base(cid, name, side, KIND_OF[c["type"]])
    attrs = dict(c["attributes"])
    # PG, Dealers, NPCs and Companions 1: Dealers "Have at least 5 health points" (a Boss is
    # a Dealer with more, GMG Character Types); the stat block's figure is kept (``block_hp``)
    hp = max(sh.DEALER_MIN_HP, c["hp"]) if c["type"] in ("Dealer", "Boss") else c["hp"]
    if hp != c["hp"]:
        out["block_hp"] = c["hp"]
    out.update(source=source, level=c["level"], hp=hp, hp_max=hp, ap=c["ap"],
               ap_max=c["ap"], ar=c["ar"], pp=c["pp"], pp_max=c["pp"], attrs=attrs,
               skills={k: attrs[a] for k, a in sh.SKILL_OF.items()}, powers=list(c["powers"]))
    if out["kind"] == "boss":
        out["phases"] = 2
    return out


def from_premade(cid: str, pid: str, side: str = "party") -> dict[str, Any]:
    s = sh.sheet_from_premade(pid, "")
    out = _base(cid, s["name"], side, "pc")
    out.update(source=pid, level=s["level"], hp=s["hp_max"], hp_max=s["hp_max"], ap=s["ap_max"],
               ap_max=s["ap_max"], ar=s["ar"], pp=s["pp_max"], pp_max=s["pp_max"],
               attrs=dict(s["attrs"]), skills=dict(s["skills"]), powers=list(s["powers"]),
               armor=s.get("armor"))
    return out


def typed_player(cid: str, p: dict[str, Any]) -> dict[str, Any]:
    """A player at the table, known by the few numbers the GM needs (their sheet is on
    their own phone). Agility decides initiative ties; AR is the DR of attacks on them."""
    out = _base(cid, p["name"], "party", "player")
    agl = p["agl"]
    out.update(level=1, hp=p["hp"], hp_max=p["hp"], ap=p["ap"], ap_max=p["ap"], ar=p["ar"],
               pp=p["pp"], pp_max=p["pp"], attrs={a: (agl if a == "AGL" else 0) for a in sh.ATTRIBUTES},
               skills={k: (agl if a == "AGL" else 0) for k, a in sh.SKILL_OF.items()})
    if "mods" in p:  # joined from their sheet: its modifiers, so a check names a skill (calls.py)
        m = p["mods"]
        out.update(sheet=True, attrs=dict({a: m[a] for a in sh.ATTRIBUTES}, AGL=agl),
                   skills={k: m[k] for k in sh.SKILLS})
        # and its level, role and powers (review dofa-phone-2026-11-27 #11), when it names them
        out.update(level=p.get("level", 1), role=p.get("role"), powers=list(p.get("powers", [])),
                   armor=p.get("armor"))
    return out


def unarmored_ar(agl: int) -> int:
    return ck.armor_range(agl)
