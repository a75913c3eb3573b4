"""Fate Cards (PG, Fate Cards 1-5): the redraw (Push Fate), Exchange Fate, Toughen Up, a
Fate Card awarded by the GM. What a Full Rest gives back is in rest.py."""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from .checkflow import deal, kept
from .deck import distinct, name, settle, spend_fate
from .health import hits, left, sync_toughen, undo_ko_hit, wake


def fate_actions(s: State) -> list[Action]:
    acts: list[Action] = []
    for c in distinct(s["fate"]):
        if s["toughen"] > 0:
            acts.append({"type": "toughen_up", "card": c})
        if s["pp"] < s["sheet"]["pp_max"] and not s["ko"]:
            acts.append({"type": "exchange_fate", "card": c})
    return acts


def do_fate_redraw(s: State, a: Action, rng: Rng) -> None:
    """PG, Fate Cards 3: discard one held Fate Card and redraw; one redraw per check.
    The whole draw is repeated with the same Upper/Lower Hand and the redraw stands."""
    dr = s["draw"]
    spend_fate(s, a["card"])
    settle(s, dr["cards"])
    s["log"].append(f"Spends {name(a['card'])} to redraw (was {name(kept(dr))}).")
    dr.update(cards=[], to_go=dr["k"], redrawn=True)
    deal(s, rng)


def do_toughen_up(s: State, a: Action, rng: Rng) -> None:
    """PG, Fate Cards 4.3: ignore one damage per Fate Card, until the end of the player's
    next turn after that damage. What the damage took is given back: HP before AP."""
    spend_fate(s, a["card"])
    open_hits = hits(s)
    # ignoring a point of damage undoes where it landed: a hit's points past 0 HP first
    # (they land last), then its HP (its last points, since AP is taken first), then its
    # AP; never a point it did not take
    over = next((h for h in open_hits if h.get("over")), None)
    hit = next((h for h in open_hits if h["hp"]), None)
    if over:
        over["over"] -= 1
        if not over["over"]:
            del over["over"]
        hit = over
    elif hit:
        hit["hp"] -= 1
        s["hp"] = min(s["sheet"]["hp_max"], s["hp"] + 1)
    else:
        hit = next(h for h in open_hits if h["ap"])
        hit["ap"] -= 1
        s["ap"] = min(s["sheet"]["ap_max"], s["ap"] + 1)
    if not left(hit):
        undo_ko_hit(s, hit)
    sync_toughen(s)
    if s["ko"] and s["hp"] > 0:
        wake(s)
    s["log"].append(f"Toughens Up with {name(a['card'])}: ignores 1 damage.")


def do_exchange_fate(s: State, a: Action, rng: Rng) -> None:
    """PG, Fate Cards 4.2: one PP per Fate Card (never above max PP)."""
    spend_fate(s, a["card"])
    s["pp"] += 1
    s["log"].append(f"Exchanges Fate ({name(a['card'])}) for 1 PP.")


def do_award_fate(s: State, a: Action, rng: Rng) -> None:
    """PG, Fate Cards 5: the GM awards a Fate Card (the top card of the discard pile)."""
    card = s["discard"].pop()
    s["fate"].append(card)
    s["log"].append(f"The GM awards a Fate Card: {name(card)} from the discard pile.")
