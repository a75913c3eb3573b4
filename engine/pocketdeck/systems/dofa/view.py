"""The player's view: the sheet and its points, the piles, the check being entered with
its exact odds from the deck as it stands (and the GMG chart's figure for a fresh deck),
the draw in progress, the last result, the log, and a label for every legal action."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.cards import Card, Rank
from ...core.odds import as_percent
from . import checks as ck
from . import odds as od
from . import sheet as sh
from .rules import CONDITIONS, _effective, _grade, _kept, _net_hand, _own_tc, auto_hand


def build_view(state: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    sheet = state["sheet"]
    return {
        "phase": state["phase"], "sheet": sheet,
        "points": {"hp": state["hp"], "hp_max": sheet["hp_max"], "ap": state["ap"],
                   "ap_max": sheet["ap_max"], "pp": state["pp"], "pp_max": sheet["pp_max"],
                   "ar": _ar(state), "speed": _speed(state),
                   "breath": max(0, 1 + 2 * sheet["attrs"]["VIT"])},
        "light": state["light"],
        "fatigue": state["fatigue"], "quick_rests": state["quick_rests"],
        "rest_cards": state["rest_cards"], "combat": state["combat"], "turn": state["turn"],
        "conditions": list(state["conditions"]), "poison": state["poison"],
        "ko": state["ko"], "dead": state["dead"], "toughen": state["toughen"],
        "piles": {"deck": len(state["deck"]), "discard": len(state["discard"]),
                  "top_discard": state["discard"][-1] if state["discard"] else None,
                  "aside": list(state["aside"])},
        "fate": list(state["fate"]), "tc": _own_tc(state),
        "draft": _draft(state), "draw": _draw(state), "gain": state["gain"],
        "last": state["last"], "log": list(state["log"][-30:]),
        "actions": [{"action": a, "label": label(a, state)} for a in legal],
    }


def _ar(state: dict[str, Any]) -> int:
    """PG, Cover: Partially Covered AR -1, Fully Covered -2 (the DR of attacks on me)."""
    conds = state["conditions"]
    return state["sheet"]["ar"] - (1 if "Partially Covered" in conds else 2 if "Fully Covered" in conds else 0)


def _speed(state: dict[str, Any]) -> int:
    speed = max(0, state["sheet"]["speed"] - state["fall_speed"])
    if state["fatigue"] >= 3 or "Frozen" in state["conditions"]:
        speed = (speed + 1) // 2
    if "Entangled" in state["conditions"] or "Grappled" in state["conditions"]:
        speed = 0
    return speed


def _draft(state: dict[str, Any]) -> dict[str, Any]:
    d = dict(state["draft"])
    if state["ko"]:
        d.update(kind="epic", stat="VIT", dr=4, hand=-1 if state["ko"]["damaged"] else 0)
    tc = _own_tc(state) if d["kind"] == "save" else (
        d["rank"] + d["suit"] if d["rank"] and d["suit"] else None)
    mod = sh.modifier(state["sheet"], d["stat"]) if d["stat"] else 0
    if d["kind"] == "epic":
        effective = 4 + mod
        hand = d["hand"]
        dr = 4
    else:
        effective = _effective(state)
        hand = _net_hand(state)
        dr = ck.contest_dr(d["attacker"]) if d["kind"] == "contest" and d["attacker"] is not None else d["dr"]
    d.update(tc=tc, modifier=mod, effective=effective, net_hand=hand, dr_value=dr,
             auto_hand=auto_hand(state, d["kind"], d["stat"]) if d["kind"] != "epic" else 0,
             attemptable=effective is None or ck.can_attempt(effective))
    if tc and effective is not None and 0 <= dr + 6 and d["stat"]:
        lo, hi = ck.tc_range(Card.parse(tc).value, max(0, min(6, effective)))
        d["range"] = f"{Rank(lo).code} to {Rank(hi).code}" if effective < 6 else "every card"
        if ck.can_attempt(effective):
            d["odds"] = odds_for(state, tc, effective, hand)
    return d


def odds_for(state: dict[str, Any], tc: str, effective: int, hand: int) -> dict[str, Any]:
    """Exact chance of each degree from the cards left, with and without one Fate redraw
    on a miss, beside the GMG chart's figure (each card from a full 52)."""
    deck = od.degree_counts(state["deck"], tc, effective)
    discard = od.degree_counts(state["discard"], tc, effective)
    return dict(_odds(tuple(deck), tuple(discard), hand, bool(state["fate"]), effective))


@lru_cache(maxsize=256)
def _odds(deck: tuple[int, ...], discard: tuple[int, ...], hand: int, fate: bool,
          effective: int) -> dict[str, Any]:
    """Memoised on the degree counts: the same deck and check redraw the same figures."""
    k = 1 + abs(hand)
    worst = hand < 0
    out: dict[str, Any] = {}
    if sum(deck) + sum(discard) < k:
        return {"note": "not enough cards left to draw"}
    dist = od.check_dist(deck, discard, k, worst)
    out["degrees"] = [[ck.DEGREES[i], as_percent(p)] for i, p in enumerate(dist) if p]
    out["success"] = as_percent(od.success(dist))
    if fate:
        redraw = od.with_redraw(deck, k, worst)
        out["with_redraw"] = None if redraw is None else as_percent(od.success(redraw))
    chart = max(0, min(6, effective))
    out["chart"] = as_percent(od.chart_chance(chart, extra=abs(hand), lower=worst)) if effective >= 0 else None
    return out


def _draw(state: dict[str, Any]) -> dict[str, Any] | None:
    dr = state["draw"]
    if dr is None:
        return None
    kept = _kept(dr)
    return {"kind": dr["kind"], "tc": dr["tc"], "cards": list(dr["cards"]), "kept": kept,
            "to_go": dr["to_go"], "hand": dr["hand"], "redrawn": dr["redrawn"],
            "effective": dr["effective"], "result": _grade(dr, kept)}


def _card(code: str) -> str:
    return Card.parse(code).name


def label(a: dict[str, Any], state: dict[str, Any]) -> str:
    t = a["type"]
    names = dict(sh.NAMES)
    simple = {
        "draw": "Draw", "draw_more": "Draw another", "stop": "Keep the best so far",
        "accept": "Accept", "treated": "Treated (Craft or healing)",
        "start_combat": "Start combat (draw my TC)", "end_turn": "End my turn",
        "end_combat": "End combat", "quick_rest": "Quick Rest", "full_rest": "Full Rest",
        "rest_draw": "Draw a Rest Card", "rest_end": "End the Quick Rest",
        "draw_tc": "Draw my Target Card", "award_fate": "GM awards a Fate Card",
        "end_session": "End the session",
    }
    if t in simple:
        return simple[t]
    if t == "kind":
        return {"check": "Check", "contest": "Contested (I defend)", "save": "Save"}[a["kind"]]
    if t == "tc_rank":
        return a["rank"]
    if t == "tc_suit":
        return {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}[a["suit"]]
    if t == "stat":
        s = a["stat"]
        return f"{names.get(s, s)} {sh.modifier(state['sheet'], s):+d}"
    if t == "dr":
        return "DR hidden" if a["dr"] is None else f"DR {a['dr']}"
    if t == "attacker":
        return f"Attacker {a['mod']:+d} (DR {ck.contest_dr(a['mod'])})"
    if t == "hand":
        h = a["hand"]
        return "No Upper/Lower Hand" if h == 0 else (f"Upper Hand {h}" if h > 0 else f"Lower Hand {-h}")
    if t == "fate_redraw":
        return f"Redraw with {_card(a['card'])}"
    if t == "toughen_up":
        return f"Toughen Up with {_card(a['card'])}"
    if t == "exchange_fate":
        return f"Exchange {_card(a['card'])} for 1 PP"
    if t == "damage":
        return f"Take {a['amount']} damage" + (" (bypasses AP)" if a["bypass"] else "")
    if t == "heal":
        return f"Heal {a['amount']} HP"
    if t == "rest_gain":
        return f"Recover {a['hp']} HP, {a['pp']} PP"
    if t == "power":
        return f"{sh.powers()[a['power']]['name']} ({a['pp']} PP)"
    if t == "discard_power":
        power = sh.tables()["roles"][state["sheet"]["role"]]["discard"]
        return f"{power}: discard {a['cards']}"
    if t == "condition":
        on = a["name"] in state["conditions"]
        return ("End " if on else "") + a["name"]
    if t == "light":
        return {"bright": "Light", "partial": "Partial darkness", "full": "Full darkness"}[a["light"]]
    if t == "fall":
        return f"Fall {a['spaces']} spaces"
    if t == "condition_save":
        rule = CONDITIONS[a["name"]]
        return f"{a['name']} save ({rule['save']} DR 3, {rule['when']})"
    return t
