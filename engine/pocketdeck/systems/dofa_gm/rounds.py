"""The turn loop of a fight at the GM's table: combat begins (the NPC Deck reshuffled,
every creature's Target Card drawn, the players' typed in), a Target Card takes its place,
the rounds (a House Action repeats at the start of each, boss.py) and whose turn comes next.

This is the top of the fight: it calls the rules below it (turns.py: a turn's actions;
boss.py; rests.py; fight.py) and none of them calls back up into it. An action that hands
the turn back (a Target Card kept on a phone, a card typed in, a turn ended) is run by a
module above the rules that calls this one (fate.py, phone.py, entered.py, rules.py)."""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from . import decks as dk
from . import discards
from . import fight as ft
from .boss import repeat_houses
from .fatecards import tc_drawn, turn_began, turn_ended
from .rests import interrupted
from .turns import companions, current, entry_name, join_order, place


def do_start_combat(s: State, a: Action, rng: Rng) -> None:
    """GMG, Game Master Resources: the NPC Deck is reshuffled before each combat; PG, Taking
    Turns: everyone draws a new Target Card (the old one is discarded now)."""
    npc = s["decks"]["npc"]
    for holder in list(npc["tcs"]):
        dk.drop_tc(npc, holder)
    dk.reshuffle_all(npc, rng)
    npc["reshuffles"] = 0          # the count of mid-combat reshuffles (draws.npc_spent)
    s["combat"] = {"round": 0 if a.get("surprise") else 1, "order": [], "at": 0,
                   "stage": "initiative", "has_tc": [], "surprise": a.get("surprise"),
                   "readied": [], "acted": False, "adversary": [], "house": False}
    interrupted(s)
    ft.log(s, "Combat begins: the NPC Deck is reshuffled." + (
        f" Surprise round for the {a['surprise']}." if a.get("surprise") else ""))
    for x in s["actors"]:
        x["shares"] = None         # Minion groups are made anew each combat
        if not ft.in_fight(x):
            continue
        if x.get("dealer"):
            continue                   # a Companion uses its Dealer's Target Card
        if x["deck"]:
            card = dk.draw_tc(s["decks"][x["deck"]], rng, x["id"])
            s["combat"]["has_tc"].append(x["id"])
            ft.log(s, f"{x['name']} draws the Target Card {entry_name(card)}.")
            tc_drawn(s, x)
        else:
            x["tc"] = None
    if not ft.needs_tc(s):
        begin_round(s, rng)


def set_player_tc(s: State, who: str, card: str, rng: Rng, place: bool = True) -> None:
    """A player's Target Card, typed in or drawn on their phone; ``place``: take its place
    in the order now (a phone's waits while its Fate redraw is offered: fatecards.phone_tc)."""
    x = ft.actor(s, who)
    x["tc"] = card
    s["combat"]["has_tc"].append(who)
    ft.log(s, f"{x['name']}'s Target Card: {entry_name(card)}.")
    if place:
        tc_placed(s, who, rng)


def tc_placed(s: State, who: str, rng: Rng) -> None:
    """The Target Card stands: the round begins once everyone holds one, or a newcomer
    takes its place in this round's order (outside a fight, e.g. for Rest Cards: nothing)."""
    if not s["combat"]:
        return
    if s["combat"]["stage"] == "initiative" and not ft.needs_tc(s):
        begin_round(s, rng)
    elif s["combat"]["stage"] == "turns":
        join_order(s, who)


def begin_round(s: State, rng: Rng) -> None:
    c = s["combat"]
    ids = None
    if c["round"] == 0:
        ids = [x["id"] for x in s["actors"] if x["side"] == c["surprise"]]
    c.update(stage="turns", order=ft.order(s, ids), at=0, adversary=[], house=False)
    ft.log(s, f"Round {c['round']}: " + ft.names(s, c["order"]) + ".")
    begin_turn(s, rng)


def new_round(s: State, rng: Rng) -> None:
    """The next round: the order kept (delays hold), newcomers placed by their TC (``place``);
    after a surprise round everyone joins by the TCs."""
    c = s["combat"]
    c["round"] += 1
    late = c.pop("joined", [])
    keep = ft.order(s) if c["round"] == 1 else [i for i in c["order"]
                                                 if ft.in_fight(ft.actor(s, i)) and i not in late]
    for i in ft.order(s):
        if i not in keep and i in c["has_tc"]:
            place(s, keep, i, 0)
    c["order"] = keep
    c.update(at=0, adversary=[], house=False)
    ft.log(s, f"Round {c['round']}.")
    repeat_houses(s, rng)


def begin_turn(s: State, rng: Rng) -> None:
    c = s["combat"]
    for _ in range(2):
        while c["at"] < len(c["order"]) and not ft.in_fight(ft.actor(s, c["order"][c["at"]])):
            c["at"] += 1
        if c["at"] < len(c["order"]):
            break
        new_round(s, rng)
    if c["at"] >= len(c["order"]):
        return
    x = ft.actor(s, c["order"][c["at"]])
    c["acted"] = False
    c.pop("minor", None)
    discards.turn_starts(s, x)
    if x["id"] in c["readied"]:
        c["readied"].remove(x["id"])
        how = c.get("ready_with", {}).pop(x["id"], {})
        lost = f", with the PP spent on {how['power']}" if how else ""
        ft.log(s, f"{x['name']}'s readied action was not triggered: forfeited{lost}.")
    turn_began(s, x)
    if x["ko"]:
        x["ko"]["turns"] += 1
    else:
        ft.start_of_turn(s, x)
    for y in companions(s, x):
        ft.start_of_turn(s, y)           # a Companion's saves come on its Dealer's turn


def do_end_turn(s: State, a: Action, rng: Rng) -> None:
    x = current(s)
    assert x is not None
    if ft.standing(x) and ft.end_of_turn(s, x):
        return                 # an end-of-turn save falls due first
    if any([ft.end_of_turn(s, y) for y in companions(s, x)]):
        return
    dk.drop_tc(s["decks"]["npc"], "ko")
    discards.turn_ends(s, x)
    turn_ended(s, x)
    s["combat"]["at"] += 1
    begin_turn(s, rng)


def do_delay(s: State, a: Action, rng: Rng) -> None:
    """PG, Taking Turns 2: the acting character moves to just after another one; the new
    place holds for the rounds after (the GM may delay again)."""
    c = s["combat"]
    me = c["order"].pop(c["at"])
    c["order"].insert(c["order"].index(a["after"]) + 1, me)
    ft.log(s, f"{ft.actor(s, me)['name']} delays until after {ft.actor(s, a['after'])['name']}.")
    begin_turn(s, rng)
