"""A card typed in, done: what it does where it was asked for. A player's Target Card
takes its place in the turn loop (rounds.set_player_tc); a reported attack is graded and
dealt; a check the GM called closes; an Epic Event's or a Knocked Out draw is booked.

entry.py collects the card (rank, suit, modifier) below everything; this module sits above
the turn loop and the rules it hands the card to, so that typing in never calls back up."""

from __future__ import annotations

from typing import Any

from ...core.cards import SUITS, Card
from ...core.game import Action, State
from ...core.rng import Rng
from ..dofa.checks import DEGREES, is_success
from . import calls, draws, entry, epic, rounds, turns
from . import fight as ft


def do_entry_hit(s: State, a: Action, rng: Any) -> None:
    """One tap for a reported Critical (the TC's own card) or Major (the TC's value in
    another suit): the card is set and the entry is done (``entry_done``)."""
    e = s["entry"]
    t = Card.parse(e["for"]["tc"])
    e["rank"], e["major"], e["hit"] = e["for"]["tc"][:-1], True, a["degree"]
    e["suit"] = t.suit.value if a["degree"] == 0 else next(
        x.value for x in SUITS if x.value != t.suit.value and x.colour == t.colour)
    entry_done(s, rng)


def entry_done(s: State, rng: Rng) -> None:
    e = s["entry"]
    s["entry"] = None
    f = e["for"]
    card = entry.card(e)
    kind = f["kind"]
    if kind == "tc":
        rounds.set_player_tc(s, f["who"], card, rng)
        return
    x = ft.actor(s, f["who"])
    if kind == "attack" or (kind == "call" and f["hidden"]):
        deg = entry.grade_report(card, f["tc"], f["dr"], e["major"])
        what = "reports"
    else:
        deg = entry.grade_drawn(card, f["tc"], f["dr"], e["mod"])
        what = f"draws ({e['mod']:+d})"
    ok = is_success(deg)
    ok, tail = draws.required(ok, card, f["tc"], f.get("needs"))
    told = ("a Critical (the TC's own card)" if e.get("hit") == 0 else
            "a Major (the TC's value)" if e.get("hit") == 1 else ft.card_name(card))
    ft.log(s, f"{x['name']} {what} {told} against {ft.card_name(f['tc'])}: {DEGREES[deg]}.{tail}")
    if kind == "attack":
        if ok:
            dmg = x["weapon"] + (1 if deg <= 1 else 0)
            y = ft.actor(s, f["target"])
            ft.hurt(s, y, dmg, rng, by=x["id"])
            if deg == 0 and ft.standing(y):
                ft.add_status(s, y, "Stunned", None, by=x["id"])
        if f.get("readied"):
            s["combat"]["readied"].remove(x["id"])      # its readied Major Action, spent now
        else:
            turns.spend_turn(s, x)
    elif kind == "call":
        calls.settle(s, ok)
    elif kind == "epic":
        epic.after_draw(s, x["id"], deg)
    elif kind == "ko":
        ft.ko_result(s, x, deg, ok)
