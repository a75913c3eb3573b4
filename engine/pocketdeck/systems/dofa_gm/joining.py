"""Who may sit at the GM's table: a player typed in or joining from their sheet (the five
numbers and what a sheet brings), a player's phone taking their seat, and when a join is
refused. The frame (rules.py) checks a join and a phone with these; the sheet link
(sheetlink.py) clamps a sheet to the same limits; the solo policy asks them before it offers
a newcomer. Below all three, so that none of them calls up into the frame."""

from __future__ import annotations

from typing import Any

from ...core.game import Action, IllegalAction, State
from ..dofa import sheet as sh
from . import fight as ft
from . import table

MAX_PLAYERS = 6
PLAYER_LIMITS = {"hp": (1, 30), "ap": (0, ft.AP_MAX), "ar": (0, 6), "agl": (-3, 9), "pp": (0, 30)}
MOD_LIMITS = (-3, 9)    # a sheet's modifiers (the PG's run -2..+6; a condition may move them)
SHEET_EXTRA = ("mods", "level", "role", "powers", "armor")   # what a sheet brings beyond the five numbers
MAX_POWERS = 40


def check_player(p: Any) -> None:
    """A player at the table: a name and the five numbers the GM needs, whole numbers in
    range (a float or a bool is refused: the rules count in whole numbers); from a sheet
    also its modifiers, level, role and powers."""
    if not isinstance(p, dict) or set(p) - set(SHEET_EXTRA) != {"name", *PLAYER_LIMITS}:
        raise IllegalAction("players: each needs name, hp, ap, ar, agl, pp")
    if set(p) & {"level", "role", "powers", "armor"} and "mods" not in p:
        raise IllegalAction("a player's level, role, powers and armor come with their sheet's modifiers")
    check_sheet_extra(p)
    if "mods" in p:   # from their sheet (sheetlink.py): every attribute and skill modifier
        m = p["mods"]
        if not isinstance(m, dict) or set(m) != {*sh.ATTRIBUTES, *sh.SKILLS} or \
                any(type(v) is not int or not MOD_LIMITS[0] <= v <= MOD_LIMITS[1] for v in m.values()):
            raise IllegalAction(f"a player's sheet: each attribute and skill a whole number from "
                                f"{MOD_LIMITS[0]} to {MOD_LIMITS[1]}")
    if not isinstance(p["name"], str) or not 0 < len(p["name"].strip()) <= 40:
        raise IllegalAction("a player's name: 1 to 40 characters")
    for k, (lo, hi) in PLAYER_LIMITS.items():
        if type(p[k]) is not int or not lo <= p[k] <= hi:
            raise IllegalAction(f"a player's {k.upper()}: a whole number from {lo} to {hi}")


def check_sheet_extra(p: dict[str, Any]) -> None:
    """A sheet's level (1-10), role (the PG's four), powers (the power list's ids; a
    Condition Resilience or Immunity may name its condition) and armor (a row of the PG's
    Armor Table, or none)."""
    from ..dofa.gear import armor_rows
    from .powers import CONDITION_PICKS, picked
    if "armor" in p and p["armor"] is not None and p["armor"] not in armor_rows():
        raise IllegalAction(f"a player's armor: one of {', '.join(armor_rows())}, or none")
    if "level" in p and (type(p["level"]) is not int or not 1 <= p["level"] <= 10):
        raise IllegalAction("a player's level: a whole number from 1 to 10")
    if "role" in p and p["role"] is not None and p["role"] not in sh.ROLES:
        raise IllegalAction(f"a player's role: one of {', '.join(sh.ROLES)}")
    powers = p.get("powers", [])
    if not isinstance(powers, list) or len(powers) > MAX_POWERS or not all(
            isinstance(x, str) and (x in sh.powers() or picked(x) in CONDITION_PICKS) for x in powers):
        raise IllegalAction(f"a player's powers: at most {MAX_POWERS} from the power list")


def phone_problem(s: State, a: Action) -> str | None:
    """Why a player's seat cannot start drawing on its own phone (None when it can)."""
    if set(a) - {"player"} != {"type", "who"} or not isinstance(a["who"], str):
        return "a phone joins for one player at the table (and may bring their sheet's numbers)"
    if "player" in a:
        try:
            check_player(a["player"])
        except IllegalAction as exc:
            return str(exc)
    x = next((y for y in s["actors"] if y["id"] == a["who"]), None)
    if x is None or x["kind"] != "player" or x["out"]:
        return "only a player at the table draws on their own phone"
    if x.get("own"):
        return f"{x['name']} already draws on their own phone"
    return None


def join_problem(s: State, a: Action) -> str | None:
    """Why a player cannot join now (None when they can)."""
    if set(a) != {"type", "player"}:
        return "a player joins with their name and numbers only"
    try:
        check_player(a["player"])
    except IllegalAction as exc:
        return str(exc)
    if s["phase"] == "over":
        return "the session is over"
    if s["draw"] is not None or s["entry"] is not None:
        return "finish the draw or the card being typed in first"
    players = sum(1 for x in s["actors"] if x["kind"] == "player" and not x["out"])
    if players >= MAX_PLAYERS or not table.room(s):
        return f"the table is full (at most {MAX_PLAYERS} players, {table.MAX_ACTORS} at the table)"
    return None
