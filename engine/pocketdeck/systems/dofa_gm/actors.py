"""Who is at the GM's table: finding a combatant, its Target Card, whether it stands, the
phone that draws for it, and the log. Every module of the table reads these; they sit at
the bottom (they call nothing of the table's) so that any rule can use them.
fight.py names them too, for the modules and tests that read them there."""

from __future__ import annotations

from typing import Any

from ...core.cards import Card
from ...core.game import IllegalAction, State

Actor = dict[str, Any]


def log(s: State, text: str) -> None:
    s["log"].append(text)


def actor(s: State, cid: str) -> Actor:
    for a in s["actors"]:
        if a["id"] == cid:
            return a
    raise IllegalAction(f"no combatant {cid!r} at this table")


def tc_of(s: State, a: Actor) -> str | None:
    """An actor's Target Card; a Minion grouped with another has the group's (GMG,
    Initiating Combat: "a group of Minions might have a single TC")."""
    if a.get("shares"):
        return tc_of(s, actor(s, a["shares"]))
    if a.get("dealer"):                  # a Companion acts on its Dealer's turn
        return tc_of(s, actor(s, a["dealer"]))
    if a["deck"]:
        return s["decks"][a["deck"]]["tcs"].get(a["id"])
    return a["tc"]


def phone_holder(s: State, a: Actor) -> Actor | None:
    """The player whose phone draws for ``a`` from the Action Deck the host keeps for them
    (issue 29): ``a`` itself, or a Companion's Dealer (PG, Dealers, NPCs and Companions:
    it "draws from the Dealer's deck of cards"); None when no phone draws for it."""
    if a.get("own") and not a["deck"]:
        return a
    if a.get("dealer"):
        d = actor(s, a["dealer"])
        return d if d.get("own") and not d["deck"] else None
    return None


def standing(a: Actor) -> bool:
    """In the fight and able to act (not Knocked Out, dead or gone)."""
    return not (a["ko"] or a["dead"] or a["out"])


def in_fight(a: Actor) -> bool:
    return not (a["dead"] or a["out"])


def side_standing(s: State, side: str) -> list[Actor]:
    return [a for a in s["actors"] if a["side"] == side and standing(a)]


def names(s: State, ids: list[str]) -> str:
    return ", ".join(actor(s, i)["name"] for i in ids)


def card_name(code: str) -> str:
    return Card.parse(code).name
