"""The written policy the creatures of the solo skirmish act by, choosing only among the
legal actions the GM is offered (so it can never do what the GM could not):

1. A draw on the table: a missed check is redrawn with a Fate Card when one is held;
   otherwise it is accepted.
2. A save is due: it is drawn (the first one listed).
3. A boss: at the start of a round, its first House Action; outside its own turn, once a
   round, its first Adversary Action, on the enemy with the fewest HP.
4. The acting creature: heal an ally at half HP or less (Heal); else put a status power on
   the enemy with the most HP that does not have it yet; else attack the enemy with the
   fewest HP (then the highest AR, the easier hit), with Attack, Charge when the PP allow
   (one more damage), otherwise its weapon (or mystic) attack; then end the turn.

The premade characters in ``simulate`` follow the same policy most of the time and a
weighted random choice otherwise (so every kind of action is exercised).
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from ..dofa.checks import is_success
from ..dofa.checkflow import grade, kept
from . import bestiary as bs
from . import fight as ft
from .powers import POWERS
from .turns import current


def _first(legal: list[Action], kind: str) -> Action | None:
    return next((a for a in legal if a["type"] == kind), None)


def _hp(s: State, i: str) -> int:
    return ft.actor(s, i)["hp"]


def suggest(s: State, legal: list[Action]) -> Action | None:
    if s["draw"] is not None:
        d = s["draw"]
        missed = d["effective"] is not None and not is_success(grade(d, kept(d))["degree"] or 0)
        redraw = _first(legal, "fate_redraw")
        return redraw if missed and redraw else _first(legal, "accept") or _first(legal, "draw_more")
    for kind in ("save", "save_result"):
        a = _first(legal, kind)
        if a:
            return a
    tough = [a for a in legal if a["type"] == "toughen_up" and ft.actor(s, a["who"])["ko"]]
    if tough:
        return tough[0]          # a Fate Card back to its feet rather than Knocked Out
    house = [a for a in legal if a["type"] == "house"]
    if house:
        return house[0]
    cur = current(s)
    adv = [a for a in legal if a["type"] == "adversary"]
    if adv and cur is not None and cur["side"] == "party":
        return min(adv, key=lambda a: _hp(s, a["target"]) if a.get("target") else 0)
    if cur is None:
        return None
    up = [a for a in legal if a["type"] == "shake_off" and a["status"] != "Entangled"]
    if up:
        return up[0]
    pets = {y["id"] for y in s["actors"] if y.get("dealer") == cur["id"]}
    mine = [a for a in legal if (a.get("who") == cur["id"] or a.get("who") in pets)
            and a["type"] in ("attack", "power")]
    for kind in ("ko_draw",):
        a = _first(legal, kind)
        if a:
            return a
    heals = [a for a in mine if a["type"] == "power" and POWERS[a["power"]].get("heal")
             and _hp(s, a["target"]) * 2 <= ft.actor(s, a["target"])["hp_max"]]
    if heals:
        return min(heals, key=lambda a: _hp(s, a["target"]))
    hexes = [a for a in mine if a["type"] == "power" and POWERS[a["power"]].get("save")
             and not ft.status(ft.actor(s, a["target"]), POWERS[a["power"]]["save"][2])]
    if hexes:
        return max(hexes, key=lambda a: (_hp(s, a["target"]), a["target"]))
    attacks = [a for a in mine if a["type"] == "attack"]
    if attacks:
        def key(a: Action) -> tuple[int, int, int, str]:
            y = ft.actor(s, a["target"])
            return (y["hp"] + y["ap"], -y["ar"], -POWERS[a["power"]].get("bonus", 0), a["power"])
        return min(attacks, key=key)
    return _first(legal, "end_turn")


# -- random playthroughs ----------------------------------------------------------------------
FOES = [c for c, row in bs.creatures().items() if row["type"] in ("NPC", "Dealer")]
BOSSES = [c for c, row in bs.creatures().items() if row["type"] == "Boss"]
WEIGHTS = {
    "accept": 30, "fate_redraw": 4, "save": 30, "save_result": 30, "end_turn": 8, "attack": 12,
    "power": 4, "player_attack": 12, "player_tc": 20, "ko_draw": 30, "ko_card": 30,
    "entry_rank": 6, "entry_suit": 6, "entry_mod": 2, "entry_major": 1, "entry_hit": 2, "shake_off": 3, "toughen_up": 3, "redraw_tc": 1, "keep_tc": 3, "draw_more": 20, "stop": 5, "rest": 1, "pick_condition": 2, "rest_card": 10, "rest_gain": 10, "rest_end": 3, "exchange_fate": 1, "entry_done": 30,
    "entry_cancel": 1, "delay": 1, "ready": 1, "readied_attack": 3, "adversary": 3, "house": 5,
    "status": 1, "end_status": 1, "damage": 1, "heal": 1, "treated": 1, "focus": 2, "panel": 1,
    "weapon": 1, "edit": 1, "award_fate": 1, "hand": 1, "coins": 2, "loot": 1, "buy": 2,
    "drop_loot": 1, "add_creature": 0, "add_premade": 0, "remove": 0,
    "epic_tcs": 2, "epic_need": 2, "epic_limit": 1, "epic_begin": 6, "epic_cancel": 0,
    "epic_reveal": 20, "epic_dr": 4, "epic_join": 10, "epic_leave": 1, "epic_go": 10,
    "epic_stat": 2, "epic_draw": 20, "epic_card": 20, "epic_gm_draw": 20, "epic_close": 20,
    "call_stat": 3, "call_mod": 2, "call_aim": 3, "call_dr": 1, "call_hand": 1, "call_hidden": 1, "call_needs": 1, "discard_power": 1,
    "call_tc": 6, "call_draw": 12, "call_card": 12, "call_cancel": 0,
}


def sim_options(rng: Rng) -> dict[str, Any]:
    from ..dofa import sheet as sh
    premades = sorted(sh.premades())
    party = [rng.choice(premades) for _ in range(1 + rng.below(3))]
    foes = [rng.choice(FOES) for _ in range(1 + rng.below(3))]
    if rng.below(4) == 0:
        foes[0] = rng.choice(BOSSES)
    if rng.below(10) < 7:
        return {"mode": "skirmish", "players": [], "party": party, "foes": foes}
    players = [{"name": f"Player {i + 1}", "hp": 4 + rng.below(4), "ap": rng.below(2),
                "ar": 2 + rng.below(2), "agl": rng.below(3) - 1, "pp": rng.below(4)}
               for i in range(1 + rng.below(2))]
    return {"mode": "table", "players": players, "party": party[:1], "foes": foes}


def sim_choose(s: State, legal: list[Action], rng: Rng) -> Action:
    steps = s["steps"]
    by_type = {a["type"] for a in legal}
    if s["mode"] == "table" and s["combat"] is None and s["epic"] is None and s["call"] is None \
            and s["entry"] is None and s["draw"] is None:
        # the table's evening: an Epic Event, a check or two, a fight, then the end
        fought = any(not ft.standing(a) for a in s["actors"] if a["side"] == "foes") or steps > 400
        if fought or "start_combat" not in by_type:
            return _first(legal, "end_session") or legal[-1]
        if not s["epics"] and "epic_setup" in by_type:
            return _first(legal, "epic_setup") or legal[0]
        if rng.below(3) == 0:
            calls = [a for a in legal if a["type"] == "call"]
            if calls:
                return rng.choice(calls)
        if rng.below(6) == 0 and "panel" in by_type:
            return rng.choice([a for a in legal if a["type"] == "panel"])
        return rng.choice([a for a in legal if a["type"] == "start_combat"])
    if s["combat"] and not any(ft.standing(a) for a in s["actors"] if a["side"] == "foes"):
        end = _first(legal, "end_combat")
        if end and s["draw"] is None and s["entry"] is None and not s["due"]:
            return end
    if steps > 700:
        end = _first(legal, "end_session")
        if end:
            return end
    pick = suggest(s, legal)
    if pick is not None and rng.below(10) < 8:
        return pick
    pool = [a for a in legal if a["type"] not in ("end_session", "end_combat")] or legal
    weights = [WEIGHTS.get(a["type"], 1) for a in pool]
    if sum(weights) == 0:
        return pool[0]
    r = rng.below(sum(weights))
    for a, w in zip(pool, weights):
        if r < w:
            return a
        r -= w
    return pool[-1]
