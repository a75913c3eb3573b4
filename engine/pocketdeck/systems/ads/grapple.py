"""Grapple (Melee Distance Only): the player grappling a Foe, holding it, and escaping.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data
from .deck import count_in_hand, draw_symbols, log, match_one, match_pattern, note, record_draw, take
from .fight import GRAPPLE_ATTRS, action_row, foe_escalates, grab, sight_check
from .attack import declare, declare_foe, player_attack
from .foeturn import escape_resolve
from .maths import DOWN, UP, matches
from . import steps
from .facts import targets

State = dict[str, Any]
Action = dict[str, Any]
SYM = (UP, DOWN)


def grapples(state: State) -> list[Action]:
    """Grapple (Melee only): play a Strength card, or declare an Up/Down."""
    out: list[Action] = []
    for i in targets(state, {"distances": ["melee"]}):
        if count_in_hand(state, "strength"):
            out.append({"type": "grapple", "foe": i, "how": "strength"})
        out.extend({"type": "grapple", "foe": i, "how": s} for s in SYM)
    return out


def grapple_actions(state: State) -> list[Action]:
    """In a Grapple: no move, no weapon, no spell; 1 base Physical damage to the one you
    hold, or let go; cards that are neither weapons nor spells may still be played
    (``turn.grapple_turn_extras``, added by the turn)."""
    return [{"type": "grapple_strike"}, {"type": "release"}]


def _grapple(state: State, a: Action, rng: Rng) -> None:
    """The attacker declares first (a Strength card or an Up/Down); the target may then
    strike as a free action: a Melee attack of its card if its draw gives one, else 1
    base Physical damage (the player may react); then the contest."""
    i = a["foe"]
    foe = state["foes"][i]
    if a["how"] == "strength":
        take(state, "strength")
    state["grapple_try"] = {"foe": i, "how": a["how"]}
    state["fresh"] = False
    log(state, f"You try to Grapple {foe['name']}"
               f" ({'with Strength' if a['how'] == 'strength' else 'declaring ' + ('Up' if a['how'] == UP else 'Down')}).")
    if not sight_check(state, rng, None, ["melee"], foe["distance"], "You", target=foe):
        state.pop("grapple_try")  # Lighting: "Grapple (Melee Distance Only)" has a Distance
        steps.end_turn(state)
        return
    row = action_row(foe, state["round"])
    drawn = draw_symbols(state, rng, row["draw"])
    hit = next((o for o in row["outcomes"] if o["kind"] == "attack" and "melee" in o.get("distances", [])
                and matches(o["match"], drawn)), None)
    record_draw(state, foe["name"], "free strike before the Grapple", drawn,
                hit["match"] if hit else "a Melee attack", hit is not None)
    strike = hit or {"name": "base strike", "damage": "1", "distances": ["melee"]}
    state["phase"] = "foe"
    if not sight_check(state, rng, foe, ["melee"], foe["distance"], foe["name"]):
        grapple_contest(state, rng)  # Lighting: the strike has a Distance; a Foe that cannot see misses it
        return
    declare_foe(state, rng, i, strike)
    if state["phase"] == "foe":  # the strike went elsewhere (never in a solo fight)
        grapple_contest(state, rng)


def grapple_contest(state: State, rng: Rng) -> None:
    t = state.pop("grapple_try")
    i = t["foe"]
    foe = state["foes"][i]
    attr = data.foe_card(foe["id"]).get("attribute")
    state["phase"] = "turn"
    if foe["hp"] <= 0:
        steps.end_turn(state)
        return
    won = False
    if t["how"] == "strength":
        if attr and attr["name"] in GRAPPLE_ATTRS:
            ok = match_pattern(state, rng, foe["name"], f"counter the Grapple with {attr['name'].title()}",
                               attr["pattern"], chance=False)
            if ok:
                log(state, f"{foe['name']} counters your Grapple with {attr['name'].title()}.")
                state["pending"] = {"kind": "grapple", "foe": i, "attribute": "strength", "name": "Grapple",
                                    "damage": 0, "countered": "full"}
                if count_in_hand(state, "strength"):
                    state["phase"] = "recounter"
                    return
                state["pending"] = None
            else:
                won = True
        else:
            won = True
    elif attr and attr["name"] in GRAPPLE_ATTRS and foe_plays_attribute(state, rng, foe, attr, "an Up/Down Grapple"):
        # The Foe Card: its Up/Downs "determine if they can play the Attribute"
        log(state, f"{foe['name']} plays {attr['name'].title()} against an Up/Down Grapple: you lose it at once.")
    else:
        matched = match_one(state, rng, foe["name"], "match your Grapple declaration", t["how"])
        won = not matched
    if won:
        grab(state, i)
    else:
        log(state, "Your Grapple fails.")
    steps.end_turn(state)


def foe_plays_attribute(state: State, rng: Rng, foe: dict[str, Any], attr: dict[str, Any], against: str) -> bool:
    """The Foe Card: "You use the Up/Down listed next to their Attribute to determine if
    they can play the Attribute": a Foe has its Strength or Agility card when its draw
    matches."""
    return match_pattern(state, rng, foe["name"], f"play {attr['name'].title()} against {against}", attr["pattern"])


def _grapple_strike(state: State, a: Action, rng: Rng) -> None:
    """"1 Base Physical Damage to a single Opponent that is in the Grapple": an attack
    like any other, so the Foe answers it (Playing Foes: its Reaction row), as you may
    answer its strike."""
    i = state["grapple"]["foe"]
    foe = state["foes"][i]
    log(state, f"You strike {foe['name']} in the Grapple.")
    state["fresh"] = False
    if not sight_check(state, rng, None, ["melee"], foe["distance"], "You", target=foe):
        steps.end_turn(state)  # Lighting: 1 Base Physical Damage at Melee, a Distance
        return
    declare(state, rng, player_attack(i, "strike in the Grapple", 1))


def _release(state: State, a: Action, rng: Rng) -> None:
    log(state, f"You let go of {state['foes'][state['grapple']['foe']]['name']}.")
    state["grapple"] = None
    steps.end_turn(state)


def _hold(state: State, a: Action, rng: Rng) -> None:
    """Counter the escape with Strength. "The Counter can be Re-Countered and
    subsequently Escalated": a Foe whose card says so may answer with its Attribute;
    then hold again with another Strength card, or let it go."""
    p = state["pending"]
    take(state, "strength")
    state["reacted"] = True  # lifetime of "reacted": to the end of this Opponent's Turn (flow.end_foe_turn draws, clears)
    if p.get("chain"):
        note(state, "player_escalation")
    if foe_escalates(state, rng, p["foe"], GRAPPLE_ATTRS, "Re-Counter"):
        p["chain"] = p.get("chain", 0) + 1
        p["how"] = "attr"
        if count_in_hand(state, "strength"):
            return
        _let_go(state, a, rng)
        return
    log(state, "You hold on with Strength: the escape fails.")
    state["pending"] = None
    steps.resume(state)


def _let_go(state: State, a: Action, rng: Rng) -> None:
    pend = state["pending"]
    state["pending"] = None
    escape_resolve(state, rng, pend)
    steps.resume(state)
