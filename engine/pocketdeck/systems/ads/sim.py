"""The random player's policy: legal moves only, biased toward moves that end fights
(attack hardest, block most, avoid passing and fleeing), with some plain randomness so
every kind of action gets played."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import allies, data
from .deck import count_in_hand
from .facts import defense_of, slot, value
from .maths import r_value
from .area import inside
from .party import seat

Action = dict[str, Any]


def score(state: dict[str, Any], a: Action) -> float:
    t = a["type"]
    r = state["round"]
    if t == "play":
        c = data.card(a["card"])
        base = value(c, r) + a["extra"] if c["effect"] in ("damage", "heal") else 2
        if c["effect"] == "heal":
            who = seat(state, a["ally"]) if "ally" in a else state
            if who["hp"] >= who["max_hp"] and not (who.get("disease") and allies.heals_disease(state, c)):
                return 0.4  # heals nothing: below a Pass or keeping a Recalled card, the heal kept for later
            base = base if who["hp"] < who["max_hp"] // 2 else 0.5
        if c.get("area") and a["foe"] >= 0:  # worth more for every Foe inside, less per ally
            foes, mates = inside(state, c, a["foe"])
            base += (len(foes) - len(mates)) * value(c, r)
        return 5 + base - a["pay"] * 0.5 - (1 if a["boost"] and not a["extra"] else 0)
    if t == "react":
        c = data.card(a["card"])
        return 3 + (defense_of(state, c, state["pending"]) or 0) + a["extra"]
    if t in ("counter", "cover"):
        return 9
    if t == "aid":
        return 6  # protect the ally attacked
    if t == "base":
        return 4
    if t in ("recounter", "exhaust", "spot", "hold"):
        return 8
    if t == "let_go":  # the last Strength card: keep it (your own Grapple, an escape) or hold, as likely
        return 8 if count_in_hand(state, "strength") <= 1 else 0.5
    if t == "grapple_yield":  # the last Strength or Agility card: spend it or keep it, as likely
        return 3 if sum(count_in_hand(state, x) for x in ("strength", "agility")) <= 1 else 0.5
    if t == "presneak":
        return 2
    if t == "dual_attack":
        return 5 + value(data.card(a["card"]), r) + value(data.card(a["card2"]), r)
    if t == "grapple":
        return 2.5 if a["how"] == "strength" else 1
    if t == "grapple_strike":
        return 3.5
    if t == "retrieve":
        return 7  # re-arm before anything else: the weapon cards in hand need it
    if t in ("escape", "grapple_card", "updown_counter"):
        return 3  # get free, re-arm, fight the Grapple off, halve a spell
    if t in ("strike_back", "split"):
        return 2
    if t == "release":
        return 0.3
    if t == "move":
        foe = state["foes"][a["foe"]]
        return 3 if data.DISTANCES.index(a["to"]) > data.DISTANCES.index(foe["distance"]) else 0.2
    if t in ("flee", "die"):
        return 0.05
    if t == "keep":  # a Recalled damage card off its primary Round: kept for its primary figure later
        c = data.card(state["pending"]["card"])
        return 5 + r_value(c["primary"], r) if c["effect"] == "damage" and slot(c, r) == "S" else 0.5
    if t in ("pass", "take", "accept", "let_hide", "no_presneak"):
        return 0.5
    return 1.5


def choose(state: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    if rng.below(5) == 0:
        return rng.choice(legal)
    best = max(score(state, a) for a in legal)
    top = [a for a in legal if score(state, a) >= best - 0.01]
    return rng.choice(top)
