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
from . import allies, attack, counters, flow, foegrapple, grapple, party, reactions, turn
from .deck import base, count_in_hand, draw_symbols  # noqa: F401 (tests script the draws here)
from .facts import dual_pair_ok  # noqa: F401
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
