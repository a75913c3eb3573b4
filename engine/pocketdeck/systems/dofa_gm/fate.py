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
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from . import decks as dk
from . import fight as ft


def fate_deck(x: dict[str, Any]) -> str | None:
    """The deck whose Fate Cards are ``x``'s: the one the app draws for it, or the Action
    Deck the host keeps for a player's phone (``own``)."""
    return x["deck"] or x.get("own")


def holds_fate(s: State, x: dict[str, Any]) -> list[str]:
    """The distinct Fate Cards of a deck the app holds for ``x`` (none for the NPC Deck;
    none for a Companion: the Fate Cards of its Dealer's deck are the Dealer's)."""
    key = fate_deck(x)
    if not key or key == "npc" or x["dead"] or x["out"] or x.get("dealer"):
        return []
    fate = s["decks"][key]["fate"]
    return sorted(set(fate), key=fate.index)


def phone_tc(s: State) -> dict[str, Any] | None:
    """A phone's player whose Target Card was just drawn there and who holds a Fate Card:
    the table waits for their choice, redraw it or keep it (PG, Fate Cards 3)."""
    for i in s.get("fresh_tc", []):
        x = ft.actor(s, i)
        if x.get("own") and not x["deck"]:
            return x
    return None


def phone_tc_actions(s: State) -> list[Action]:
    x = phone_tc(s)
    if x is None:
        return []
    return [{"type": "redraw_tc", "who": x["id"], "card": c} for c in holds_fate(s, x)] + \
        [{"type": "keep_tc", "who": x["id"]}]


def do_keep_tc(s: State, a: Action, rng: Rng) -> None:
    from .turns import tc_placed
    x = ft.actor(s, a["who"])
    s["fresh_tc"].remove(x["id"])
    ft.log(s, f"{x['name']} keeps the Target Card {ft.card_name(ft.tc_of(s, x) or '')}.")
    tc_placed(s, x["id"], rng)


def lasts(s: State, who: str) -> bool:
    """A Toughen Up pool that outlives the next action: a player's on their own phone."""
    x = ft.actor(s, who)
    return bool(x.get("own")) and not x["deck"]


def turn_began(s: State, x: dict[str, Any]) -> None:
    """The player's turn has begun: it is the "next turn" of every hit taken before it, so
    its end closes their windows (a hit taken during it waits for the turn after)."""
    for hit in _hits(s, x):
        hit[1] = False


def turn_ended(s: State, x: dict[str, Any]) -> None:
    """PG, Fate Cards 4.3: "before the end of the Player's next turn after receiving damage":
    the hits whose next turn this was can no longer be ignored; later hits stay."""
    pools = s.get("tough", {})
    if x["id"] not in pools or not lasts(s, x["id"]):
        return
    hits = _hits(s, x)
    pools[x["id"]] -= sum(n for n, waiting in hits if not waiting)
    x["tough_hits"] = [h for h in hits if h[1]]
    if pools[x["id"]] <= 0 or not x["tough_hits"]:
        forget(s, x)


def _hits(s: State, x: dict[str, Any]) -> list[list[Any]]:
    """A phone seat's open hits; a game saved before each hit kept its own window holds one
    pool and one flag (``tough_wait``): read as one hit with that flag."""
    if not lasts(s, x["id"]):
        return []
    if "tough_hits" not in x and s.get("tough", {}).get(x["id"]):
        x["tough_hits"] = [[s["tough"][x["id"]], bool(x.get("tough_wait"))]]
    x.pop("tough_wait", None)
    return x.get("tough_hits", [])


def forget(s: State, x: dict[str, Any]) -> None:
    """No damage of ``x``'s is left to ignore (a Full Rest, the windows closed)."""
    s.get("tough", {}).pop(x["id"], None)
    x.pop("tough_hits", None)


def own_turn(s: State, x: dict[str, Any]) -> bool:
    """PG, In Combat Actions: "On a turn, a character may ... perform any number of Free
    Actions", Exchanging Fate among them (review dofa-phone-2-2026-11-27 #14): in a fight
    only on that character's own turn; outside one, at any time. Toughen Up has its own
    window (Fate Cards 4.3) and a Target Card's redraw is "any time ... draws a card"."""
    c = s["combat"]
    if not c:
        return True
    from .turns import current
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


def tc_drawn(s: State, x: dict[str, Any]) -> None:
    """A Target Card just drawn for a deck the app holds that has a Fate Card: it may be
    redrawn now (PG, Fate Cards 3: "Any time a player or the GM draws a card, they may
    discard one held Fate Card and redraw"), until the next action that is not such a
    redraw; once per card drawn."""
    if holds_fate(s, x) and x["id"] not in s.get("fresh_tc", []):
        s.setdefault("fresh_tc", []).append(x["id"])


def do_redraw_tc(s: State, a: Action, rng: Rng) -> None:
    """The Fate Card spent, a new Target Card drawn (the old one discarded); a combatant
    already in this round's order takes its place by it (turns.retake_place)."""
    from .turns import retake_place, tc_placed
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


def took(s: State, x: dict[str, Any], lost: int) -> None:
    """Damage taken (AP and HP lost) by a deck the app holds that has a Fate Card: it may
    be ignored now."""
    if lost > 0 and holds_fate(s, x):
        _hits(s, x)                     # (a game saved before: its pool read as one hit first)
        pools = s.setdefault("tough", {})
        pools[x["id"]] = pools.get(x["id"], 0) + lost
        if lasts(s, x["id"]):           # its own window: until its next turn has begun, then ended
            x.setdefault("tough_hits", []).append([lost, True])


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
