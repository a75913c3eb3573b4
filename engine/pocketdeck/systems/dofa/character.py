"""The builder and levelling up at the table (PG, Character Creation, Leveling up): the
state-level side of build.py (HP follows max HP, PP and AP are capped, a companion grows)."""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from . import build as bd
from . import sheet as sh
from .gear import keep_ap_lost


def do_builder(s: State, a: Action, rng: Rng) -> None:
    sheet = s["sheet"]
    before = sheet["hp_max"]
    keep_ap_lost(s, lambda: s["log"].append(bd.apply(sheet, a)))
    s["hp"] = max(0, s["hp"] + sheet["hp_max"] - before)
    # PG, Rests: "a number of Rest Cards equal to their maximum Health": the pool follows
    # max HP both ways (a re-spec lowering Vitality takes the level's added card back)
    s["rest_cards"] = min(sheet["hp_max"], max(0, s["rest_cards"] + sheet["hp_max"] - before))


do_role = do_raise = do_lower = do_learn = do_unlearn = do_builder
do_vulnerability = do_drop_vulnerability = do_respec = do_builder


def do_finish(s: State, a: Action, rng: Rng) -> None:
    sheet = s["sheet"]
    if s["phase"] == bd.CREATION:
        s.update(hp=sheet["hp_max"], ap=sheet["ap_max"], pp=sheet["pp_max"], rest_cards=sheet["hp_max"])
        s["log"].append(f"{sheet['name']} is ready: {sheet['role']}, {sheet['xp_left']} XP kept.")
    else:
        s["pp"] = min(s["pp"], sheet["pp_max"])
        s["hp"] = min(s["hp"], sheet["hp_max"])
        s["rest_cards"] = min(s["rest_cards"], sheet["hp_max"])
        sheet["respec"] = False
        s["log"].append(f"Level {sheet['level']} done; {sheet['xp_left']} XP kept.")
    s["phase"] = "play"


def do_level_up(s: State, a: Action, rng: Rng) -> None:
    before = s["sheet"]["hp_max"]
    bd.level_up(s["sheet"])
    if s.get("companion"):
        c = s["companion"]
        grow = sh.companion_hp(s["sheet"]["level"]) - c["hp_max"]
        c["hp_max"] += grow
        c["hp"] += grow
    s["hp"] += s["sheet"]["hp_max"] - before
    s["rest_cards"] += s["sheet"]["hp_max"] - before     # the pool is max HP
    s["phase"] = bd.LEVELUP
    s["log"].append(f"Level up: level {s['sheet']['level']}, +1 max HP, "
                    f"{s['sheet']['xp_left']} XP to spend.")
