"""Armor and shields on the sheet (PG, Health and Armor; its Armor Table is in
content/dofa/tables.toml).

Worn armor *replaces* the Agility AR ("this determines your AR depending on the type of
armor") and gives its AP; a shield adds AP. An unmet armor prerequisite halves speed (the
PG's only stated consequence; Gleaming's Agility prerequisite is read the same way). Armor
and shield change in the builder and, later, outside combat. Damage already taken on AP
stays taken when gear changes (no AP back by taking armor off and on); a Full Rest restores
AP to the new maximum."""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from . import sheet as sh
from .checks import armor_range


def armor_rows() -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in sh.tables()["armor"]}


def shield_ap() -> int:
    return int(sh.tables()["shield"]["ap"])


def derive_armor(sheet: dict[str, Any]) -> None:
    """AR and max AP from the gear: armor's AR (or 3 - Agility/2 without), armor AP + shield AP."""
    row = armor_rows().get(sheet.get("armor") or "")
    sheet["ar"] = row["ar"] if row else armor_range(sheet["attrs"]["AGL"])
    sheet["ap_max"] = (row["ap"] if row else 0) + (shield_ap() if sheet.get("shield") else 0)


def unmet(sheet: dict[str, Any]) -> list[str]:
    """The worn armor's prerequisites the sheet misses (e.g. ["Strength ≥ 1"])."""
    row = armor_rows().get(sheet.get("armor") or "")
    if not row:
        return []
    return [f"{sh.NAMES[k]} ≥ {v}" for k, v in row.get("needs", {}).items() if sheet["attrs"][k] < v]


def speed(sheet: dict[str, Any], base: int) -> int:
    """Speed halved (rounded up) when the worn armor's prerequisite is not met."""
    return (base + 1) // 2 if unmet(sheet) else base


def actions(sheet: dict[str, Any]) -> list[Action]:
    acts: list[Action] = [{"type": "armor", "armor": n} for n in ("", *armor_rows())
                          if n != (sheet.get("armor") or "")]
    acts.append({"type": "shield", "on": not sheet.get("shield", False)})
    return acts


def apply(sheet: dict[str, Any], a: Action) -> str:
    if a["type"] == "armor":
        sheet["armor"] = a["armor"] or None
        derive_armor(sheet)
        miss = unmet(sheet)
        what = f"Wears {a['armor']} armor" if a["armor"] else "Takes the armor off"
        return (f"{what}: AR {sheet['ar']}, AP {sheet['ap_max']}"
                + (f"; speed halved ({', '.join(miss)} not met)." if miss else "."))
    sheet["shield"] = a["on"]
    derive_armor(sheet)
    return ("Takes up a shield" if a["on"] else "Puts the shield down") + f": AP {sheet['ap_max']}."


def do_gear(s: State, a: Action, rng: Rng) -> None:
    """Outside combat (and in the builder): AP lost to damage stays lost."""
    keep_ap_lost(s, lambda: s["log"].append(apply(s["sheet"], a)))


def keep_ap_lost(s: State, change: Any) -> None:
    """Run ``change`` (which may move max AP) keeping the AP lost to damage lost: what the
    new maximum cannot absorb is carried in ``ap_lost`` until a Full Rest."""
    lost = max(0, s["sheet"]["ap_max"] - s["ap"]) + s.get("ap_lost", 0)
    change()
    s["ap"] = max(0, s["sheet"]["ap_max"] - lost)
    s["ap_lost"] = max(0, lost - s["sheet"]["ap_max"])


do_armor = do_shield = do_gear
