"""The player's side: every legal action, fully enumerated, and what it does.

Actions are small dicts of strings and integers; a card is named by its card id (one
button per kind of card, not per copy); ``foe`` is a Foe's index or -1 for none.
This module dispatches; the rules live by concern in ``facts`` (card facts), ``turn``
(Normal Actions), ``attack`` (the one attack pipeline), ``counters`` (Re-Counter and Escalation),
``reactions`` (answers to a Foe), ``grapple`` and ``flow`` (start, turn ends, Flee).
"""

from __future__ import annotations

from typing import Any

from ...core.game import IllegalAction
from ...core.rng import Rng
from . import allies, attack, counters, data, flow, foegrapple, grapple, party, reactions, turn
from .deck import base, count_in_hand, draw_symbols  # noqa: F401 (tests script the draws here)
from .facts import dual_pair_ok, needs_swap_for, play_price  # noqa: F401
from .maths import DOWN, UP

State = dict[str, Any]
Action = dict[str, Any]
SYM = (UP, DOWN)


def legal(state: State) -> list[Action]:
    phase = state["phase"]
    if phase == "over":
        return []
    if state.get("party", {}).get("cover"):
        return [{"type": "ready"}]  # hot-seat: the phone goes to the next player first
    if phase == "choose":
        return [{"type": "choose", "card": b} for b in sorted({base(c) for c in state["draw"]})
                if b != "fortitude"] + flow.dual_offers(state)
    if phase == "initiative":
        return [{"type": "declare", "symbol": s} for s in SYM] + flow.dual_offers(state)
    if phase == "player_presneak":
        return [{"type": "presneak", "symbol": s} for s in SYM] + [{"type": "no_presneak"}]
    if phase in ("hamper",):
        return [{"type": "hamper", "symbol": s} for s in SYM]
    if phase == "discard":
        return [{"type": "discard", "card": b} for b in sorted({base(c) for c in state["hand"]})]
    if phase == "recounter":
        return [{"type": "recounter"}, {"type": "accept"}]
    if phase == "exhaust":
        return [{"type": "exhaust"}, {"type": "die"}]
    if phase == "spot":
        return reactions.spot_actions(state)
    if phase == "hold":
        return ([{"type": "hold"}] if count_in_hand(state, "strength") else []) + [{"type": "let_go"}]
    if phase == "split":
        return turn.split_actions(state)
    if phase == "ward_off":
        return turn.ward_off_actions(state)
    if phase == "grapple_counter":
        return foegrapple.counter_actions(state)
    if phase == "react":
        return reactions.reactions(state)
    if phase == "aid":
        return allies.aid_actions(state)
    if phase == "into_grapple":
        return attack.into_actions(state)
    if phase == "recalled":
        return turn.recalled_plays(state) + [{"type": "keep"}]
    if phase == "turn":
        return turn.turn_actions(state)
    return []


# what each phase asks instead of a card play (a card in hand no legal action uses shows it)
PHASE_WHY = {
    "choose": "Choose your starting hand first",
    "initiative": "The fight begins after the Initiative: declare Up or Down first",
    "player_presneak": "Pre-Sneak or not first: cards are played on your Turn",
    "hamper": "Now: declare an Up/Down to hamper the fleeing Foe",
    "recounter": "Now: Re-Counter with the Attribute of the card you played, or accept the Counter",
    "exhaust": "Now: take a level of Exhaustion or fall",
    "spot": "Now: only an Intellect card spots the Foe",
    "hold": "Now: only a Strength card keeps your hold",
    "split": "Now: place the divided damage",
    "ward_off": "Now: only a Melee Weapon strikes the Foe that grabs at you",
    "grapple_counter": "Now: only a Strength or Agility card answers the Grapple",
    "aid": "Now: only a Reaction card protects your ally",
    "into_grapple": "Now: declare an Up/Down for your attack",
    "recalled": "Now: play the recalled card or keep it",
}


def uses(state: State, a: Action) -> dict[str, str]:
    """The cards in hand legal action ``a`` would spend, by card id: how (``play``: the
    card acted with, ``boost``, ``pay``: a cost, ``counter``)."""
    out: dict[str, str] = {}
    t = a["type"]
    for key, how in (("card", "play"), ("card2", "play"), ("boost", "boost"), ("boost2", "boost")):
        if a.get(key):
            out.setdefault(a[key], {"counter": "counter", "grapple_card": "counter", "discard": "discard",
                                    "arm": "swap" if t == "arm" and needs_swap_for(state, a[key]) else "draw",
                                    }.get(t, how))
    if t == "react" and a.get("extra"):
        out.setdefault(data.card(a["card"])["attribute"], "boost")
    if t == "play" and a.get("pay"):
        out.setdefault(play_price(data.card(a["card"]), state["round"])[1], "pay")
    if t == "recall":
        out.update({k: "pay" for k in a["pay"]})
    if t in ("grapple", "escape") and a.get("how") in ("strength", "agility"):
        out.setdefault(a["how"], "play")
    if t == "hold":
        out.setdefault("strength", "play")
    if t == "spot" and a.get("from") != "deck":
        out.setdefault("intellect", "play")
    if t == "recounter" and (state.get("pending") or {}).get("attribute"):
        out.setdefault(state["pending"]["attribute"], "counter")
    return out


def hand_status(state: State, legal_now: list[Action]) -> dict[str, dict[str, str]]:
    """Every card in hand (by card id): ``use``, how a legal action now spends it ("" if
    none), and ``why``, the reason none does, from the same checks that build the legal
    actions (issue 50, "Nothing blocked without a reason"): a card play's
    (`turn.card_plays`), a Reaction's (`reactions.react_why`), else what the phase asks."""
    used: dict[str, str] = {}
    for a in legal_now:
        for cid, how in uses(state, a).items():
            if used.get(cid) != "play":
                used[cid] = how
    out: dict[str, dict[str, str]] = {}
    phase = state["phase"]
    for b in sorted({base(c) for c in state["hand"]}):
        if used.get(b) == "play":
            out[b] = {"use": "play", "why": ""}
            continue
        if phase == "turn":
            plays, why = turn.card_plays(state, b)
            if plays and state["grapple"]:
                why = ("In a Grapple: Weapons and Spells cannot be used unless the card says so, "
                       "and nothing reaches past the Grapple")
            elif plays and state["free_turn"] is not None:
                why = (f"The free Turn {state['foes'][state['free_turn']]['name']} gives as it flees: "
                       "only actions against it")
        elif phase == "react":
            why = reactions.react_why(state, b) or "Not an answer to this attack"
        elif state.get("party", {}).get("cover") or phase in ("foe", "over"):
            why = ""
        else:
            why = PHASE_WHY.get(phase, "Not now")
        out[b] = {"use": used.get(b, ""), "why": why or ("" if used.get(b) else "Not now")}
    return out


def apply(state: State, a: Action, rng: Rng) -> None:
    t = a["type"]
    state["draws_before"] = state.get("draws_made", 0)  # bookkeeping for the screen, no rule
    if t == "ready":
        party.ready(state, a, rng)
        flow.run_steps(state, rng)
        return
    if state["phase"] == "turn" and t not in ("move", "draw_over"):
        state["avoid"] = 0
    if state["phase"] == "turn" and t != "draw_over":
        for j, foe in enumerate(state["foes"]):
            if not (t == "move" and a.get("foe") == j):
                foe["pursued"], foe["backed"] = False, 0  # "twice in a row" is broken
    handler = HANDLERS.get(t)
    if handler is None:
        raise IllegalAction(f"unknown action {t}")
    party.note_action(state, a)
    handler(state, a, rng)
    flow.run_steps(state, rng)
    flow.settle(state, rng)


HANDLERS = {
    # the start and the flow
    "ready": party.ready, "choose": flow._choose, "declare": flow._declare, "presneak": flow._player_presneak,
    "no_presneak": flow._no_presneak, "dual_wield": flow._dual_wield, "flee": flow._flee, "hamper": flow._hamper,
    # the player's turn
    "pass": turn._pass, "move": turn._move, "arm": turn._arm, "shield": turn._shield,
    "retrieve": turn._retrieve, "base": turn._base, "play": turn._play, "split": turn._split,
    "recall": turn._recall, "keep": turn._keep, "discard": turn._discard, "draw_over": turn._draw_over,
    "dual": turn._dual, "dual_attack": turn._dual_attack,
    # Re-Counter and Escalation
    "recounter": counters._recounter, "accept": counters._accept,
    # answering a Foe
    "take": reactions._take, "counter": reactions._counter, "cover": reactions._cover,
    "react": reactions._react, "updown_counter": reactions._updown_counter, "exhaust": reactions._exhaust, "die": reactions._die,
    "spot": reactions._spot, "let_hide": reactions._let_hide,
    # Grapple: yours, then a Foe's
    "grapple": grapple._grapple, "grapple_strike": grapple._grapple_strike, "release": grapple._release,
    "hold": grapple._hold, "let_go": grapple._let_go,
    "strike_back": foegrapple._strike_back, "no_strike": foegrapple._no_strike,
    "grapple_card": foegrapple._grapple_card, "grapple_yield": foegrapple._grapple_yield,
    "escape": foegrapple._escape,
    # a party: attacking into an ally's Grapple, a Reaction played for an ally
    "into": attack.into, "aid": allies._aid, "no_aid": allies._no_aid,
}
