"""Fate Cards spent by the decks the app holds (GM Dealers and Bosses, the premade
characters of the skirmish): GMG, Fate Cards ("you also reserve Fate Cards when
controlling Dealers ... allowing for a re-draw or avoiding damage"); PG, Fate Cards 4.2
Exchange Fate ("gain Power Points equal to the number of Fate Cards used") and 4.3
Toughen Up ("ignore damage equal to the number of Fate Cards used ... as soon as the
damage is applied or before the end of the Player's next turn after receiving damage").
The redraw is draws.redraw.

A player whose phone joined the table link (issue 29) holds the Fate Cards of the Action
Deck the host keeps for them (``own``, table.give_phone) and spends them from their own
seat (rules.seat_of): Exchange Fate and Toughen Up whenever the book allows, the redraw
of a Target Card just drawn there (the table waits for their choice: ``keep_tc``).

Toughen Up is offered the moment the damage is applied (``s['tough']``: damage each
combatant may still ignore): for a deck the GM runs, the GM decides at once (GMG: "You can
ask ... when they take damage"), so the pool ends with the next action that is not a
Toughen Up; a player's phone has the PG's whole window, "before the end of the Player's
next turn after receiving damage" (``lasts``, ``turn_began``, ``turn_ended``), each hit
with its own window (``x["tough_hits"]``: ``[damage left, waiting]`` per hit, oldest first),
so a later hit never keeps an earlier one open (review dofa-phone-2-2026-11-27 #15).

That booking is fatecards.py's, below the fight that books it; this module holds the actions
that spend a Fate Card, above the turn loop they hand a Target Card back to.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from . import decks as dk
from . import fight as ft
from .fatecards import (fate_deck, forget, holds_fate, lasts, phone_tc, phone_tc_actions,  # noqa: F401
                        tc_drawn, took, turn_began, turn_ended)
from .rounds import tc_placed
from .turns import current, retake_place


def do_keep_tc(s: State, a: Action, rng: Rng) -> None:
    x = ft.actor(s, a["who"])
    s["fresh_tc"].remove(x["id"])
    ft.log(s, f"{x['name']} keeps the Target Card {ft.card_name(ft.tc_of(s, x) or '')}.")
    tc_placed(s, x["id"], rng)


def own_turn(s: State, x: dict[str, Any]) -> bool:
    """PG, In Combat Actions: "On a turn, a character may ... perform any number of Free
    Actions", Exchanging Fate among them (review dofa-phone-2-2026-11-27 #14): in a fight
    only on that character's own turn; outside one, at any time. Toughen Up has its own
    window (Fate Cards 4.3) and a Target Card's redraw is "any time ... draws a card"."""
    c = s["combat"]
    if not c:
        return True
    cur = current(s) if c["stage"] == "turns" else None
    return cur is not None and cur["id"] == x["id"]


def actions(s: State) -> list[Action]:
    acts: list[Action] = []
    pools = s.get("tough", {})
    for x in s["actors"]:
        cards = holds_fate(s, x)
        if not cards:
            continue
        if x["pp"] < x["pp_max"] and ft.standing(x) and own_turn(s, x):
            acts += [{"type": "exchange_fate", "who": x["id"], "card": c} for c in cards]
        if pools.get(x["id"]):
            acts += [{"type": "toughen_up", "who": x["id"], "card": c} for c in cards]
        if x["id"] in s.get("fresh_tc", []) and ft.tc_of(s, x) and x["deck"]:
            acts += [{"type": "redraw_tc", "who": x["id"], "card": c} for c in cards]
    return acts


def do_redraw_tc(s: State, a: Action, rng: Rng) -> None:
    """The Fate Card spent, a new Target Card drawn (the old one discarded); a combatant
    already in this round's order takes its place by it (turns.retake_place)."""
    x = ft.actor(s, a["who"])
    deck = s["decks"][fate_deck(x) or ""]
    dk.spend_fate(deck, a["card"])
    card = dk.draw_tc(deck, rng, x["id"])
    if not x["deck"]:       # a phone's player: the seat's own TC (fight.tc_of), as at initiative
        x["tc"] = card
    s["fresh_tc"].remove(x["id"])
    ft.log(s, f"{x['name']} spends a Fate Card to redraw the Target Card: {ft.card_name(card)}.")
    if x["deck"]:
        retake_place(s, x["id"])
    else:           # a phone's: its place waited for this choice (phone.do_phone_draw)
        tc_placed(s, x["id"], rng)


def do_exchange_fate(s: State, a: Action, rng: Rng) -> None:
    x = ft.actor(s, a["who"])
    dk.spend_fate(s["decks"][fate_deck(x) or ""], a["card"])
    x["pp"] += 1
    ft.log(s, f"{x['name']} exchanges a Fate Card for 1 PP ({x['pp']}/{x['pp_max']}).")


def do_toughen_up(s: State, a: Action, rng: Rng) -> None:
    """One damage ignored: 1 HP back (then AP); from 0 HP it ends Knocked Out (part 1's
    reading, docs/rules/dofa.md)."""
    x = ft.actor(s, a["who"])
    dk.spend_fate(s["decks"][fate_deck(x) or ""], a["card"])
    if x["hp"] < x["hp_max"]:
        x["hp"] += 1
    else:
        x["ap"] = min(x["ap_max"], x["ap"] + 1)
    s["tough"][x["id"]] -= 1
    hits = x.get("tough_hits")
    if hits:                            # the oldest hit first: its window closes soonest
        hits[0][0] -= 1
        if hits[0][0] <= 0:
            hits.pop(0)
        if not hits:
            x.pop("tough_hits")
    ft.log(s, f"{x['name']} toughens up with a Fate Card: 1 damage ignored (HP {x['hp']}, AP {x['ap']}).")
    if x["ko"] and x["hp"] > 0:
        x["ko"] = None
        ft.log(s, f"{x['name']} is no longer Knocked Out.")
