"""The Fate Cards of a deck the app holds, and what the fight books on them as it happens:
damage that Toughen Up may still ignore (``took``, each hit's window: ``lasts``,
``turn_began``, ``turn_ended``) and a Target Card that may be redrawn (``tc_drawn``,
``phone_tc``). The rules of spending them are fate.py's (see its docstring); this part sits
below the fight, which books damage and new Target Cards, so that the fight never calls up
into the actions that spend a Fate Card.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from .actors import actor

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
        x = actor(s, i)
        if x.get("own") and not x["deck"]:
            return x
    return None


def phone_tc_actions(s: State) -> list[Action]:
    x = phone_tc(s)
    if x is None:
        return []
    return [{"type": "redraw_tc", "who": x["id"], "card": c} for c in holds_fate(s, x)] + \
        [{"type": "keep_tc", "who": x["id"]}]


def lasts(s: State, who: str) -> bool:
    """A Toughen Up pool that outlives the next action: a player's on their own phone."""
    x = actor(s, who)
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


def tc_drawn(s: State, x: dict[str, Any]) -> None:
    """A Target Card just drawn for a deck the app holds that has a Fate Card: it may be
    redrawn now (PG, Fate Cards 3: "Any time a player or the GM draws a card, they may
    discard one held Fate Card and redraw"), until the next action that is not such a
    redraw; once per card drawn."""
    if holds_fate(s, x) and x["id"] not in s.get("fresh_tc", []):
        s.setdefault("fresh_tc", []).append(x["id"])


def took(s: State, x: dict[str, Any], lost: int) -> None:
    """Damage taken (AP and HP lost) by a deck the app holds that has a Fate Card: it may
    be ignored now."""
    if lost > 0 and holds_fate(s, x):
        _hits(s, x)                     # (a game saved before: its pool read as one hit first)
        pools = s.setdefault("tough", {})
        pools[x["id"]] = pools.get(x["id"], 0) + lost
        if lasts(s, x["id"]):           # its own window: until its next turn has begun, then ended
            x.setdefault("tough_hits", []).append([lost, True])
