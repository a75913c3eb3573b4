"""Fate Cards spent by the decks the app holds (GM Dealers and Bosses, the premade
characters of the skirmish): GMG, Fate Cards ("you also reserve Fate Cards when
controlling Dealers ... allowing for a re-draw or avoiding damage"); PG, Fate Cards 4.2
Exchange Fate ("gain Power Points equal to the number of Fate Cards used") and 4.3
Toughen Up ("ignore damage equal to the number of Fate Cards used ... as soon as the
damage is applied or before the end of the Player's next turn after receiving damage").
The redraw is draws.redraw. A player at the table spends Fate on their own phone.

Damage that can still be ignored is pooled on the combatant (``tough``: the pool, and
whether its next turn has begun); the window closes at the end of that turn, or when
combat ends.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from . import decks as dk
from . import fight as ft


def holds_fate(s: State, x: dict[str, Any]) -> list[str]:
    """The distinct Fate Cards of a deck the app holds for ``x`` (none for the NPC Deck)."""
    if not x["deck"] or x["deck"] == "npc" or x["dead"] or x["out"]:
        return []
    fate = s["decks"][x["deck"]]["fate"]
    return sorted(set(fate), key=fate.index)


def actions(s: State) -> list[Action]:
    acts: list[Action] = []
    for x in s["actors"]:
        cards = holds_fate(s, x)
        if not cards:
            continue
        if x["pp"] < x["pp_max"] and ft.standing(x):
            acts += [{"type": "exchange_fate", "who": x["id"], "card": c} for c in cards]
        if x.get("tough"):
            acts += [{"type": "toughen_up", "who": x["id"], "card": c} for c in cards]
    return acts


def took(x: dict[str, Any], lost: int) -> None:
    """Damage taken (AP and HP lost) joins the pool that Toughen Up may still ignore (the
    window opens again until the end of the next turn)."""
    if lost > 0 and x["deck"] and x["deck"] != "npc":
        pool = x["tough"]["pool"] if x.get("tough") else 0
        x["tough"] = {"pool": pool + lost, "started": False}


def turn_started(x: dict[str, Any]) -> None:
    if x.get("tough"):
        x["tough"]["started"] = True


def turn_ended(x: dict[str, Any]) -> None:
    if x.get("tough") and x["tough"]["started"]:
        x.pop("tough")


def do_exchange_fate(s: State, a: Action, rng: Rng) -> None:
    x = ft.actor(s, a["who"])
    dk.spend_fate(s["decks"][x["deck"]], a["card"])
    x["pp"] += 1
    ft.log(s, f"{x['name']} exchanges a Fate Card for 1 PP ({x['pp']}/{x['pp_max']}).")


def do_toughen_up(s: State, a: Action, rng: Rng) -> None:
    """One damage ignored: 1 HP back (then AP); from 0 HP it ends Knocked Out (part 1's
    reading, docs/rules/dofa.md)."""
    x = ft.actor(s, a["who"])
    dk.spend_fate(s["decks"][x["deck"]], a["card"])
    if x["hp"] < x["hp_max"]:
        x["hp"] += 1
    else:
        x["ap"] = min(x["ap_max"], x["ap"] + 1)
    x["tough"]["pool"] -= 1
    if x["tough"]["pool"] <= 0:
        x.pop("tough")
    ft.log(s, f"{x['name']} toughens up with a Fate Card: 1 damage ignored (HP {x['hp']}, AP {x['ap']}).")
    if x["ko"] and x["hp"] > 0:
        x["ko"] = None
        ft.log(s, f"{x['name']} is no longer Knocked Out.")
