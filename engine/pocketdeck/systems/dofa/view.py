"""The player's view: the sheet and its points, the piles, the check being entered with
its exact odds from the deck as it stands (and the GMG chart's figure for a fresh deck),
the draw in progress, the last result, the log, and a label for every legal action."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.cards import Card, Rank
from ...core.odds import as_percent
from ...core.views import log_tail
from . import checks as ck
from . import conditions as cd
from . import gear
from . import items
from . import odds as od
from . import sheet as sh
from .combat import pp_factor
from .checkflow import epic_hand as _epic_hand, modifier as _modifier, effective as _effective, grade as _grade, kept as _kept, net_hand as _net_hand
from .conditions import CONDITIONS
from .deck import actor as _actor, own_tc as _own_tc


def build_view(state: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    sheet = state["sheet"]
    return {
        "phase": state["phase"], "sheet": sheet,
        "points": {"hp": state["hp"], "hp_max": sheet["hp_max"], "ap": state["ap"],
                   "ap_max": sheet["ap_max"], "pp": state["pp"], "pp_max": sheet["pp_max"],
                   "ar": _ar(state), "speed": _speed(state),
                   "breath": max(0, 1 + 2 * sheet["attrs"]["VIT"])},
        "light": state["light"], "weapon": state.get("weapon", 1),
        "companion": state.get("companion"),
        "fatigue": state["fatigue"], "quick_rests": state["quick_rests"],
        "rest_cards": state["rest_cards"], "combat": state["combat"], "turn": state["turn"],
        "rest_held": list(state.get("rest_held") or (0, 0)), "rest_paused": bool(state.get("rest_paused")),
        "conditions": list(state["conditions"]), "poison": state["poison"],
        "due": [dict(d, save=CONDITIONS[d["name"]]["save"]) for d in state["due"]],
        "in_force": [c for c in state["conditions"] if cd.in_force(state, c)],
        "shaken": list(state["shaken"]), "received": state.get("received"),
        "breath": state.get("breath"), "items": dict(state.get("items") or {}),
        "prompts": [cd.PROMPTS[c] for c in state["conditions"]
                    if c in cd.PROMPTS and cd.in_force(state, c)],
        "gear": {"armor": sheet.get("armor"), "shield": sheet.get("shield", False),
                 "shield_quality": gear.shield_name(sheet), "minor_spent": gear.minor_spent(state),
                 "unmet": gear.unmet(sheet), "ar_agility": ck.armor_range(sheet["attrs"]["AGL"])},
        "ko": state["ko"], "dead": state["dead"], "toughen": state["toughen"],
        "piles": {"deck": len(state["deck"]), "discard": len(state["discard"]),
                  "top_discard": state["discard"][-1] if state["discard"] else None,
                  "aside": list(state["aside"])},
        "fate": list(state["fate"]), "tc": _own_tc(state),
        "draft": _draft(state), "draw": _draw(state), "gain": state["gain"],
        "last": state["last"], "log": log_tail(state["log"], 30),
        "actions": [{"action": a, "label": label(a, state)} for a in legal],
    }


def _ar(state: dict[str, Any]) -> int:
    """PG, Cover: Partially Covered AR -1, Fully Covered -2 (the DR of attacks on me)."""
    conds = state["conditions"]
    return state["sheet"]["ar"] - (1 if "Partially Covered" in conds else 2 if "Fully Covered" in conds else 0)


def _speed(state: dict[str, Any]) -> int:
    """Speed after a fall, with what the conditions and Fatigue do to it (``conditions.speed``)."""
    return cd.speed(state["sheet"], max(0, state["sheet"]["speed"] - state["fall_speed"]),
                    state["conditions"], state["fatigue"])


def _draft(state: dict[str, Any]) -> dict[str, Any]:
    d = dict(state["draft"])
    if state["ko"]:
        d.update(kind="epic", stat="VIT", dr=4, hand=_epic_hand(state))
    tc = _own_tc(state) if d["kind"] == "save" else (
        d["rank"] + d["suit"] if d["rank"] and d["suit"] else None)
    mod = _modifier(state, d.get("who", "me"), d["stat"])
    if d["kind"] == "epic":
        effective = 4 + mod
        hand = d["hand"]
        dr = 4
    else:
        effective = _effective(state)
        hand = _net_hand(state)
        dr = ck.contest_dr(d["attacker"]) if d["kind"] == "contest" and d["attacker"] is not None else d["dr"]
    d.update(tc=tc, modifier=mod, effective=effective, net_hand=hand, dr_value=dr,
             auto_hand=cd.auto_hand(state, d) if d["kind"] != "epic" else 0,
             hand_parts=[list(x) for x in cd.hand_parts(state, d)] if d["kind"] != "epic" else [],
             forbidden=cd.forbidden(state, d) if d["kind"] != "epic" else None,
             attemptable=effective is None or ck.can_attempt(effective))
    if tc and effective is not None and 0 <= dr + 6 and d["stat"]:
        lo, hi = ck.tc_range(Card.parse(tc).value, max(0, min(6, effective)))
        d["range"] = f"{Rank(lo).code} to {Rank(hi).code}" if effective < 6 else "every card"
        if ck.can_attempt(effective):
            # an attack with Intensify pending draws until a Major (checkflow.start_draw)
            intensify = (d["kind"] == "attack" and bool(state.get("intensify"))
                         and d.get("who", "me") == "me")
            d["odds"] = odds_for(state, tc, effective, 0 if intensify else hand, intensify)
    return d


def odds_for(state: dict[str, Any], tc: str, effective: int, hand: int,
             intensify: bool = False) -> dict[str, Any]:
    """Exact chance of each degree from the cards left, with and without one Fate redraw
    on a miss, beside the GMG chart's figure (each card from a full 52). With Intensify:
    the chance when drawing on until a Major (odds.intensify_dist)."""
    deck = od.degree_counts(state["deck"], tc, effective)
    discard = od.degree_counts(state["discard"], tc, effective)
    if intensify:
        return _intensify_odds(tuple(deck), tuple(discard))
    return dict(_odds(tuple(deck), tuple(discard), hand, bool(state["fate"]), effective))


def _intensify_odds(deck: tuple[int, ...], discard: tuple[int, ...]) -> dict[str, Any]:
    if not sum(deck) + sum(discard):
        return {"note": "not enough cards left to draw"}
    dist = od.intensify_dist(deck, discard)
    return {"degrees": [[ck.DEGREES[i], as_percent(p)] for i, p in enumerate(dist) if p],
            "success": as_percent(od.intensify_success(dist)),
            "intensify": "Intensify: drawing on until a Major (a plain success counts as a miss)"}


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
    # the chart's own figure (whole percents, as it prints them) where one of its rows holds
    # this draw, else the figure counted its way and said so (as at the GM's table)
    row = od.chart_row(chart, hand) if effective >= 0 else None
    figure = od.chart_chance(chart, extra=abs(hand), lower=worst) if effective >= 0 else None
    out["chart"] = (None if figure is None else f"{round(float(figure) * 100)}%" if row else as_percent(figure))
    out["chart_row"] = row and f"{row} row at {chart}"
    return out


def _draw(state: dict[str, Any]) -> dict[str, Any] | None:
    dr = state["draw"]
    if dr is None:
        return None
    kept = _kept(dr)
    return {"kind": dr["kind"], "tc": dr["tc"], "cards": list(dr["cards"]), "kept": kept,
            "to_go": dr["to_go"], "hand": dr["hand"], "redrawn": dr["redrawn"],
            "intensify": dr.get("intensify", False),
            "effective": dr["effective"], "result": _grade(dr, kept)}


def _card(code: str) -> str:
    return Card.parse(code).name


def label(a: dict[str, Any], state: dict[str, Any]) -> str:
    t = a["type"]
    names = dict(sh.NAMES)
    simple = {
        "draw": "Draw", "draw_more": "Draw another",
        "accept": "Accept", "treated": "Treated (Craft or healing)",
        "start_combat": "Start combat (draw my TC)", "end_turn": "End my turn",
        "end_combat": "End combat", "quick_rest": "Quick Rest", "full_rest": "Full Rest",
        "rest_draw": "Draw a Rest Card", "rest_end": "End the Quick Rest",
        "rest_pause": "Interrupted: stop now, resume later",
        "draw_tc": "Draw my Target Card", "award_fate": "GM awards a Fate Card",
        "end_session": "End the session",
    }
    if t == "start_combat" and a.get("quick_draw"):
        return "Start combat, Quick Draw (TC at Upper Hand)"
    if t == "quick_rest" and state.get("rest_paused"):
        return "Resume the Quick Rest"
    if t in simple:
        return simple[t]
    if t == "use_item":
        return f"Use {gear.article(a['item'])}" + (f" ({items.USE_TIME[a['item']]})" if state["combat"] else "")
    if t == "item_end":
        return f"{a['item']}: wears off"
    if t == "redraw_tc":
        return f"Redraw my Target Card with {_card(a['card'])}"
    if t == "kind":
        return {"check": "Check", "attack": "Attack", "contest": "Contested (I defend)", "save": "Save"}[a["kind"]]
    if t == "tc_rank":
        return a["rank"]
    if t == "tc_suit":
        return {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}[a["suit"]]
    if t == "stat":
        s = a["stat"]
        return f"{names.get(s, s)} {_modifier(state, state['draft'].get('who', 'me'), s):+d}"
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
        # what the tap spends: doubled at Fatigue 4 (PG, Fatigue; review dofa-phone-2026-12-07 #16)
        return f"{sh.power_title(a['power'])} ({a['pp'] * pp_factor(state)} PP)"
    if t == "discard_power":
        power = sh.tables()["roles"][state["sheet"]["role"]]["discard"]
        return f"{power}: discard {a['cards']}"
    if t == "poison_more":
        return f"Poisoned again (to {state['poison'] + 1})"
    if t == "condition":
        on = a["name"] in state["conditions"]
        if on and a["name"] == "Poisoned":
            return f"Poisoned {state['poison']}: one less" if state["poison"] > 1 else "End Poisoned"
        if on and a["name"] == "Knocked Down":
            return "Get up (End Knocked Down" + (", Minor Action)" if state["combat"] else ")")
        return ("End " if on else "") + a["name"]
    if t == "role":
        return f"{a['role']} (primary {sh.tables()['roles'][a['role']]['skill']})"
    if t in ("raise", "lower"):
        from .build import step_cost
        cost = step_cost(state["sheet"], a["stat"], t == "raise")
        verb = "Raise" if t == "raise" else "Lower"
        what = f"costs {cost} XP" if cost > 0 else f"gives {-cost} XP" if cost < 0 else "free"
        return f"{verb} {names.get(a['stat'], a['stat'])} ({what})"
    if t == "learn":
        p = sh.powers()[a["power"]]
        pp = f", PP {'/'.join(map(str, p['pp']))}" if p["pp"] else ""
        return f"Learn {sh.power_title(a['power'])} ({p['xp']} XP{pp})"
    if t == "unlearn":
        return f"Give back {sh.power_title(a['power'])}"
    if t == "vulnerability":
        return f"{a['id']} ({'major' if a['xp'] == 2 else 'minor'}, +{a['xp']} XP)"
    if t == "drop_vulnerability":
        return f"Drop {a['id']}"
    if t == "finish":
        return "Done"
    if t == "level_up":
        return "Level up (the GM says so)"
    if t == "stop":
        return "Stop here" if (state["draw"] or {}).get("intensify") else "Keep the best so far"
    if t == "intensify":
        return "Intensify the next attack"
    if t == "who":
        return f"{state['companion']['id']} acts" if a["who"] == "companion" else "I act"
    if t == "companion_damage":
        return f"{state['companion']['id']} takes {a['amount']} damage"
    if t == "companion_heal":
        return f"{state['companion']['id']} heals 1 HP"
    if t == "weapon":
        return f"Weapon damage {a['damage']}" + (" (Minor Action)" if state["combat"] else "")
    if t == "light":
        return {"bright": "Light", "partial": "Partial darkness", "full": "Full darkness"}[a["light"]]
    if t == "fall":
        return f"Fall {a['spaces']} spaces"
    if t == "condition_save":
        rule = CONDITIONS[a["name"]]
        now = any(d["name"] == a["name"] for d in state["due"])
        return f"{a['name']} save ({rule['save']} DR 3, {'due now' if now else rule['when']})"
    if t == "armor":
        if not a["armor"]:
            return "No armor"
        row = gear.armor_rows()[a["armor"]]
        return f"{a['armor']} armor (AR {row['ar']}, AP {row['ap']})"
    if t == "shield":
        if not a["on"]:
            return "Put the shield down" + (" (Minor Action)" if state["combat"] else "")
        q = a.get("quality", gear.standard())
        return (f"Ready {gear.article(q)} shield (+{gear.shields()[q]} AP"
                + (", Minor Action)" if state["combat"] else ")"))
    if t == "respec":
        return "Re-specialise (the GM allows it)"
    if t == "sense":
        return {"sight": "Needs sight", "hearing": "Needs hearing", None: "Needs neither sense"}[a["sense"]]
    if t == "against":
        return "Acts against the charmer/enthraller" if a["on"] else "Not against them"
    if t == "with_power":
        return "This check uses a Power" if a["on"] else "No Power in this check"
    if t == "unseen":
        return "Detecting an Invisible creature" if a["on"] else "Not detecting an Invisible creature"
    if t == "received":
        return f"{a['power']} {a['n']} on me ({'Upper' if a['power'] == 'Help' else 'Lower'} Hand {a['n']})"
    if t == "received_end":
        return f"End the {state['received']['power']} on me"
    if t == "breath":
        return {"start": "Hold my breath", "minute": "A minute passes without air",
                "end": "Breathe again"}[a["hold"]]
    return t
