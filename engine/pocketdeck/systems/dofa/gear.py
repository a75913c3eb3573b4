"""Armor and shields on the sheet (PG, Health and Armor; GMG, Items, Armor; the Armor Table
and the Shield Quality Table are in content/dofa/tables.toml).

Worn armor *replaces* the Agility AR ("this determines your AR depending on the type of
armor") and gives its AP; a shield adds its AP once readied (GMG: Standard 1, Hardened 2,
Impervious 3). An unmet armor prerequisite halves speed (PG: "will cut a character's speed
in half") and puts every Agility, Finesse and Stealth check at Lower Hand (GMG, Items,
Armor: "must make all Agility, Finesse, and Stealth Checks at Lower Hand"); Gleaming's
Agility prerequisite is read the same way. Armor changes outside combat (no In Combat
Action dons armor); a shield is readied in combat as the turn's Minor Action (GMG: "when
readied using an Action"; PG, In Combat Actions, Minor: "Object interaction ... equipping or
changing weapons"). Damage already taken on AP stays taken when gear changes (no AP back by
taking armor off and on); a Full Rest restores AP to the new maximum.

The sheet keeps ``shield`` (a shield readied, yes or no) and, only for a shield better than
Standard, ``shield_quality`` (so a sheet or a saved game from before keeps its shape)."""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from .checks import armor_range
from .tables import NAMES, tables


def armor_rows() -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in tables()["armor"]}


def shields() -> dict[str, int]:
    """GMG, Shield Quality Table: each quality's AP, Standard first."""
    return {row["name"]: int(row["ap"]) for row in tables()["shield"]}


def standard() -> str:
    return next(iter(shields()))


def shield_name(sheet: dict[str, Any]) -> str | None:
    """The quality of the shield readied, or None."""
    return (sheet.get("shield_quality") or standard()) if sheet.get("shield") else None


def shield_ap(sheet: dict[str, Any] | None = None) -> int:
    """The AP of the sheet's shield (of a Standard shield without a sheet)."""
    name = standard() if sheet is None else shield_name(sheet)
    return shields()[name] if name else 0


AP_MAX = 3    # GMG, Managing Player Resources: "Armor Points are similarly small, with a maximum of 3"


def derive_armor(sheet: dict[str, Any]) -> None:
    """AR and max AP from the gear: armor's AR (or 3 - Agility/2 without), armor AP + shield
    AP, at most 3 (GMG, Managing Player Resources; review dofa-phone-2026-12-07 #3)."""
    row = armor_rows().get(sheet.get("armor") or "")
    sheet["ar"] = row["ar"] if row else armor_range(sheet["attrs"]["AGL"])
    sheet["ap_max"] = min(AP_MAX, (row["ap"] if row else 0) + shield_ap(sheet))


def unmet(sheet: dict[str, Any]) -> list[str]:
    """The worn armor's prerequisites the sheet misses (e.g. ["Strength ≥ 1"])."""
    row = armor_rows().get(sheet.get("armor") or "")
    if not row:
        return []
    return [f"{NAMES[k]} ≥ {v}" for k, v in row.get("needs", {}).items() if sheet["attrs"][k] < v]


def speed(sheet: dict[str, Any], base: int) -> int:
    """Speed halved (rounded up) when the worn armor's prerequisite is not met."""
    return (base + 1) // 2 if unmet(sheet) else base


HAMPERED = ("AGL", "Finesse", "Stealth")   # GMG, Items, Armor: the checks an unmet prerequisite hampers


def armor_hand(sheet: dict[str, Any] | None, stat: str | None) -> list[tuple[str, int]]:
    """GMG, Items, Armor: "A character who ignores this requirement ... must make all
    Agility, Finesse, and Stealth Checks at Lower Hand": Lower Hand (1) on every check,
    save and attack made with Agility, Finesse or Stealth while the worn armor's
    prerequisite is unmet. Shared with the GM's table (any sheet-like mapping with
    ``attrs`` and ``armor``)."""
    if not sheet or stat not in HAMPERED or not isinstance(sheet.get("attrs"), dict):
        return []
    miss = unmet(sheet)
    return [(f"Armor worn without {', '.join(miss)}: Agility, Finesse, Stealth", -1)] if miss else []


# GMG, Items, Armor: "Characters may start with Light Armor at Level 1, but must acquire other
# armor over the course of their Adventures" (review dofa-phone-2026-12-07 #10): the builder
# offers at creation no armor, the PG's Basic and Light (AR 3, the GMG's Light row) and a
# Standard shield (bought like Light armor; better ones "can be found")
START_ARMOR = ("Basic", "Light")


def article(word: str) -> str:
    return ("an " if word[:1].upper() in "AEIOU" else "a ") + word


def shield_actions(sheet: dict[str, Any], creation: bool = False) -> list[Action]:
    """Ready a shield of each quality not readied now (a Standard one as the plain
    ``on: True``, as saved games and sheets have it), or put the shield down; at creation
    a Standard shield only."""
    now = shield_name(sheet)
    acts: list[Action] = [({"type": "shield", "on": True} if q == standard()
                           else {"type": "shield", "on": True, "quality": q})
                          for q in shields() if q != now and (not creation or q == standard())]
    if now:
        acts.append({"type": "shield", "on": False})
    return acts


def actions(sheet: dict[str, Any], creation: bool = False) -> list[Action]:
    """Armor and shield changes; at creation (level 1) only the starting armor (START_ARMOR)."""
    acts: list[Action] = [{"type": "armor", "armor": n} for n in ("", *armor_rows())
                          if n != (sheet.get("armor") or "") and (not creation or n in ("", *START_ARMOR))]
    return acts + shield_actions(sheet, creation)


def combat_actions(s: State) -> list[Action]:
    """In combat: a shield readied (or put down, or changed) as this turn's Minor Action
    (PG, In Combat Actions, Minor: "Object interaction ... equipping or changing weapons";
    GMG, Items, Armor: shields "provide AP when readied using an Action"); once a turn."""
    return [] if minor_spent(s) else shield_actions(s["sheet"])


def minor_spent(s: State) -> bool:
    """This turn's Minor Action is spent (PG, In Combat Actions: "1 Minor Action")."""
    return bool(s["combat"]) and s.get("minor") == s["turn"]


def spend_minor(s: State) -> None:
    """Spend this turn's Minor Action (in combat): a shield, a Discard Power or Intensify,
    a Potion, a weapon change, getting up, the Burned save, a companion commanded (review
    dofa-phone-2026-12-07 #2, #13, #14). Spending it is acting on my turn (``acted``)."""
    if s["combat"]:
        s["minor"] = s["turn"]
        s["acted"] = s["turn"]


def apply(sheet: dict[str, Any], a: Action) -> str:
    if a["type"] == "armor":
        sheet["armor"] = a["armor"] or None
        derive_armor(sheet)
        miss = unmet(sheet)
        what = f"Wears {a['armor']} armor" if a["armor"] else "Takes the armor off"
        return (f"{what}: AR {sheet['ar']}, AP {sheet['ap_max']}"
                + (f"; speed halved and Lower Hand on Agility, Finesse and Stealth checks "
                   f"({', '.join(miss)} not met)." if miss else "."))
    sheet["shield"] = a["on"]
    if a["on"] and a.get("quality", standard()) != standard():
        sheet["shield_quality"] = a["quality"]
    else:
        sheet.pop("shield_quality", None)
    derive_armor(sheet)
    if not a["on"]:
        return f"Puts the shield down: AP {sheet['ap_max']}."
    return f"Readies {article(str(shield_name(sheet)))} shield (+{shield_ap(sheet)} AP): AP {sheet['ap_max']}."


def do_gear(s: State, a: Action, rng: Rng) -> None:
    """Outside combat (and in the builder): AP lost to damage stays lost. In combat only a
    shield changes, as the turn's Minor Action."""
    if a["type"] == "shield":
        spend_minor(s)
    keep_ap_lost(s, lambda: s["log"].append(apply(s["sheet"], a)))


def keep_ap_lost(s: State, change: Any) -> None:
    """Run ``change`` (which may move max AP) keeping the AP lost to damage lost: what the
    new maximum cannot absorb is carried in ``ap_lost`` until a Full Rest."""
    lost = max(0, s["sheet"]["ap_max"] - s["ap"]) + s.get("ap_lost", 0)
    change()
    s["ap"] = max(0, s["sheet"]["ap_max"] - lost)
    s["ap_lost"] = max(0, lost - s["sheet"]["ap_max"])


do_armor = do_shield = do_gear
