"""The written policy the creatures of the solo skirmish act by, choosing only among the
legal actions the GM is offered (so it can never do what the GM could not):

1. A draw on the table: a missed check is redrawn with a Fate Card when one is held;
   otherwise it is accepted.
2. A save is due: it is drawn (the first one listed).
3. A boss: at the start of a round, its first House Action; outside its own turn, once a
   round, its first Adversary Action, on the enemy with the fewest HP.
4. The acting creature: Grappled by one who stands, it breaks free (its attacks are Powers,
   at Lower Hand while Grappled); else heal an ally at half HP or less (Heal); else put a
   status power on the enemy with the most HP that does not have it yet; else, with Brute
   +2 or more, Grapple the enemy with the most HP whose Finesse and Brute are both below its
   Brute, not Grappled and not tried this combat; else, with Stealth +2 or more, Hide once a
   combat; else attack the enemy with the fewest HP (then the highest AR, the easier hit),
   with Attack, Charge when the PP allow (one more damage), otherwise its weapon (or mystic)
   attack; with nothing of its own to use on anyone, Rush (the GM's map says where); then
   end the turn.

The premade characters in ``simulate`` follow the same policy most of the time and a
weighted random choice otherwise (so every kind of action is exercised).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from ..dofa import sheet as sh
from . import bestiary as bs
from . import contests, draws
from . import fight as ft
from .powers import POWERS
from .rests import SEAT_ACTIONS
from .turns import current


def _first(legal: list[Action], kind: str) -> Action | None:
    return next((a for a in legal if a["type"] == kind), None)


def _hp(s: State, i: str) -> int:
    return ft.actor(s, i)["hp"]


def suggest(s: State, legal: list[Action]) -> Action | None:
    if s["draw"] is not None:
        d = s["draw"]
        missed = d["effective"] is not None and not draws.succeeds(d)
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
    freed = [a for a in legal if a["type"] == "end_charm" and a["who"] == cur["id"]
             and ft.in_force(ft.actor(s, a["target"]), a["status"])]
    if freed:
        return freed[0]          # a Charmed ally freed (PG, Status Conditions 10, 11)
    up = [a for a in legal if a["type"] == "shake_off" and a["status"] != "Entangled"]
    if up:
        return up[0]
    pets = {y["id"] for y in s["actors"] if y.get("dealer") == cur["id"]}
    free = [a for a in legal if a["type"] == "break_free" and (a["who"] == cur["id"] or a["who"] in pets)]
    if free:
        return free[0]           # PG, Status Conditions 13: Lower Hand on every Power until free
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
    grip = grapple_pick(s, cur, legal)
    if grip is not None:
        return grip
    hide = [a for a in legal if a["type"] == "hide" and a["who"] == cur["id"]]
    if hide and sh.modifier(cur, "Stealth") >= 2 and not contests.tried(s, cur["id"], "hide"):
        return hide[0]
    attacks = [a for a in mine if a["type"] == "attack"]
    if attacks:
        def key(a: Action) -> tuple[int, int, int, str]:
            y = ft.actor(s, a["target"])
            return (y["hp"] + y["ap"], -y["ar"], -POWERS[a["power"]].get("bonus", 0), a["power"])
        return min(attacks, key=key)
    rush = [a for a in legal if a["type"] == "rush" and a["who"] == cur["id"]]
    if rush and not mine:
        return rush[0]           # nobody to act against from here: it moves (double movement)
    return _first(legal, "end_turn")


def grapple_pick(s: State, cur: dict[str, Any], legal: list[Action]) -> Action | None:
    """A strong creature (Brute +2 or more) pins the healthiest enemy it out-muscles (its
    Finesse and Brute both lower), once per target a combat: a Grappled enemy draws its
    Powers, every attack included, at Lower Hand (PG, Status Conditions 13)."""
    brute = sh.modifier(cur, "Brute")
    if brute < 2:
        return None
    pool = [a for a in legal if a["type"] == "grapple" and a["who"] == cur["id"]
            and not contests.tried(s, cur["id"], f"grapple:{a['target']}")
            and sh.modifier(ft.actor(s, a["target"]), contests.best(ft.actor(s, a["target"]), contests.RESIST)) < brute]
    return max(pool, key=lambda a: (_hp(s, a["target"]), a["target"])) if pool else None


# -- random playthroughs ----------------------------------------------------------------------
FOES = [c for c, row in bs.creatures().items() if row["type"] in ("NPC", "Dealer")]
BOSSES = [c for c, row in bs.creatures().items() if row["type"] == "Boss"]
WEIGHTS = {
    "accept": 30, "fate_redraw": 4, "save": 30, "save_result": 30, "end_turn": 8, "attack": 12,
    "power": 4, "player_attack": 12, "player_tc": 20, "ko_draw": 30, "ko_card": 30,
    "entry_rank": 6, "entry_suit": 6, "entry_mod": 2, "entry_major": 1, "entry_hit": 2, "shake_off": 3, "end_charm": 3, "toughen_up": 3, "redraw_tc": 1, "keep_tc": 3, "draw_more": 20, "stop": 5, "rest": 1, "pick_condition": 2, "rest_card": 10, "rest_gain": 10, "rest_end": 3, "exchange_fate": 1, "entry_done": 30,
    "entry_cancel": 1, "delay": 1, "ready": 1, "readied_attack": 3, "adversary": 3, "house": 5,
    "grapple": 3, "hide": 2, "rush": 1, "break_free": 6,
    "status": 1, "end_status": 1, "damage": 1, "heal": 1, "treated": 1, "focus": 2, "panel": 1,
    "weapon": 1, "edit": 1, "award_fate": 1, "hand": 1, "coins": 2, "loot": 1, "buy": 2,
    "drop_loot": 1, "add_creature": 1, "add_premade": 1, "remove": 1,
    "epic_tcs": 2, "epic_need": 2, "epic_limit": 1, "epic_begin": 6, "epic_cancel": 1,
    "epic_reveal": 20, "epic_dr": 4, "epic_join": 10, "epic_all": 2, "epic_leave": 1, "epic_go": 10,
    "epic_stat": 2, "epic_draw": 20, "epic_card": 20, "epic_gm_draw": 20, "epic_close": 20,
    "call_stat": 3, "call_mod": 2, "call_aim": 3, "call_dr": 1, "call_hand": 1, "call_hidden": 1, "call_needs": 1, "discard_power": 1,
    "call_tc": 6, "call_draw": 12, "call_card": 12, "call_cancel": 1,
}


def sim_options(rng: Rng) -> dict[str, Any]:
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


# Exploration: one step in three takes a type chosen evenly among those offered (then one of
# its actions), so that the types offered rarely, or only after a rare step, are played too:
# every action the app can produce within a few dozen games (tests/test_dofa_gm_review3.py,
# test_random_play_plays_every_action_type_and_join). Ending the session or the combat is
# left to the GM's script (``sim_choose``).
# Types offered only in a narrow window (a tool on one creature, a moment of a draw or a
# rest) are taken one time in three they are offered, before the rest.
NEVER_AT_RANDOM = ("end_session", "end_combat")
SCARCE = ("expose", "share_tc", "pick_condition", "add_premade", "epic_leave", "entry_major",
          "entry_hit", "call_card", "call_send", "redraw_tc",
          "readied_attack", "ko_card", "stop", "drop_loot", "break_free")
MAX_PLAYERS = 4      # the random players join until four sit at the table


def explore(legal: list[Action], rng: Rng) -> Action | None:
    kinds = sorted({a["type"] for a in legal} - set(NEVER_AT_RANDOM))
    scarce = [k for k in kinds if k in SCARCE]
    if scarce and rng.below(3) == 0:
        kinds = scarce
    elif not kinds or rng.below(3):
        return None
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a["type"] == kind])


@lru_cache(maxsize=None)
def sheet_numbers(pid: str) -> str:
    """The numbers a premade's part-1 sheet sends to the GM's table, as the app's join
    screen builds them (``sheetlink.player_from_state`` of the player's ``dofa`` game)."""
    from ...core.game import get_game
    from .sheetlink import player_from_state
    dofa = get_game("dofa")
    return json.dumps(player_from_state(dofa.new_game(dict(dofa.default_options(), character=pid), 1)))


def newcomer(s: State, rng: Rng) -> Action | None:
    """Now and then a player joins from their sheet (the app's ``join``: in a fight too) or
    a player at the table seats their phone (``phone``, the table link's, with or without
    the sheet): neither is a legal action (rules.apply checks them), both reach the table in
    play. The sheets vary: a premade's, hurt, in armor its Strength does not meet, or the
    five numbers alone."""
    from .joining import join_problem, phone_problem
    if rng.below(8 if s["steps"] < 20 else 30):       # more often as the evening begins
        return None
    if rng.below(2):
        seats = [x for x in s["actors"] if x["kind"] == "player" and not x["out"] and not x.get("own")]
        if not seats:
            return None
        a: Action = {"type": "phone", "who": rng.choice(seats)["id"]}
        if rng.below(2):
            a["player"] = json.loads(sheet_numbers(rng.choice(sorted(sh.premades()))))
        return a if phone_problem(s, a) is None else None
    if sum(1 for x in s["actors"] if x["kind"] == "player" and not x["out"]) >= MAX_PLAYERS:
        return None
    p = json.loads(sheet_numbers(rng.choice(sorted(sh.premades()))))
    p["name"] = f"{p['name']} {s['next_id'] + 1}"
    way = rng.below(4)
    if way == 1:
        p["hp"] = max(1, p["hp"] - 1 - rng.below(3))
    elif way == 2:
        p["armor"] = "Heavy"
    elif way == 3:
        p = {k: p[k] for k in ("name", "hp", "ap", "ar", "agl", "pp")}
    a = {"type": "join", "player": p}
    return a if join_problem(s, a) is None else None


def sim_choose(s: State, legal: list[Action], rng: Rng) -> Action:
    steps = s["steps"]
    by_type = {a["type"] for a in legal}
    extra = newcomer(s, rng)
    if extra is not None:
        return extra
    pick = explore(legal, rng)
    if pick is not None:
        return pick
    quiet = s["draw"] is None and s["entry"] is None and not s["due"]
    if s["mode"] == "table" and s["combat"] and quiet and rng.below(60) == 0:
        return _first(legal, "end_combat") or legal[-1]   # the foes retreat or surrender
    if s["mode"] == "table" and s["combat"] is None and s["epic"] is None and s["call"] is None \
            and s["entry"] is None and s["draw"] is None:
        # the table's evening: an Epic Event, a check or two, a fight, a rest, then the end.
        # A Quick Rest under way is finished (or declined) first; after the fight the GM
        # calls a rest half the time; one step in four (one in two in the first 30 and after
        # the fight), any other tool of the GM's or a phone's (a type chosen first)
        resting = sorted(by_type & set(SEAT_ACTIONS))
        if "rest_card" in resting and rng.below(2):
            resting = ["rest_card"]        # a Rest Card drawn more often than the rest ended
        fought = any(not ft.standing(a) for a in s["actors"] if a["side"] == "foes") or steps > 400
        if fought and "rest" in by_type and rng.below(2):
            resting = ["rest"]
        if resting or rng.below(2 if steps < 30 or fought else 4) == 0:
            kinds = resting or sorted(by_type - {"start_combat", "end_session"})
            if kinds:
                kind = rng.choice(kinds)
                return rng.choice([a for a in legal if a["type"] == kind])
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
