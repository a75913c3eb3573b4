"""Which seats of each system a guest phone may hold, who must choose now, and what each
holder may see (issue 29): one small hook per system, built on the system's own
``view(state, seat)`` and state, never on a copy of its rules.

- Deckbuilder RPG: one seat per hero; the monsters (a GM's choices) stay on the host.
- P52: one seat per character. The system's view hides only what no player sees (deck
  order, face-down cards), so a seat sees the table and gets the choices only when its
  character must choose (a creation step, a found item, a defence, its turn in a room);
  the party-wide steps (quest, environment, room layout) are the host's.
- DofA GM's table: one seat per player at the table (the actor's id); when their phone
  joins, the host plays ``phone`` (their Action Deck kept in the host's state); a check the
  GM sends them and its draw are theirs, everything else the GM's.
- ADS Adventure (a party): one seat per character, "p0".."p3", the system's own seats: its
  view for that seat hides another character's hand and choices in a fight. Outside a
  fight the active character's phone chooses for the party, as the one phone does today.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

State = dict[str, Any]
HOST = "host"  # the seat of choices no character owns: they play on the host's phone


@dataclass(frozen=True)
class Policy:
    """What the routing needs to know of one system (``game``, ``state``): the seats a guest
    may take (id, name), the seat that must choose now (None: the host's), and the view
    the holder of a set of seats may see."""

    seats: Callable[[Any, State], list[tuple[str, str]]]
    owner: Callable[[Any, State], str | None]
    view: Callable[[Any, State, set[str]], dict[str, Any]]
    # the action the host plays when a guest first says hello on a seat (None: nothing),
    # given the sheet the hello brought (already checked by ``sheet``), or None
    joined: Callable[[Any, State, str, Any], dict[str, Any] | None] | None = None
    # the check of a sheet a guest's hello brings: its numbers, or ValueError saying why not
    sheet: Callable[[Any], dict[str, Any]] | None = None
    # an action a seat may send while another seat must choose (its own, any time the
    # rules allow: a DofA player's Fate Cards); still checked against ``legal_actions``
    free: Callable[[Any, State, str, Any], bool] | None = None


def _no_choices(view: dict[str, Any], **more: Any) -> dict[str, Any]:
    return dict(view, actions=[], **more)


def acts(owner: str | None, mine: set[str]) -> bool:
    return (owner or HOST) in mine


# -- the Deckbuilder --------------------------------------------------------------------------
def _db_seats(game: Any, state: State) -> list[tuple[str, str]]:
    return [(h["id"], h["name"]) for h in game.view(state, "player")["heroes"]]


def _db_owner(game: Any, state: State) -> str | None:
    acting = game.view(state, "player").get("acting")
    if not acting:
        return None
    return acting if acting.startswith("h") else "gm"


def _db_view(game: Any, state: State, mine: set[str]) -> dict[str, Any]:
    view = game.view(state, "player")
    out = dict(view)
    out["heroes"] = [dict(h, hand=h["hand"] if h["id"] in mine else None) for h in view["heroes"]]
    if "gm" not in mine:
        out["monsters"] = [dict(m, hand=None) if "hand" in m else m for m in view["monsters"]]
    if _db_owner(game, state) not in mine:
        out["actions"] = []
    return out


# -- P52 -----------------------------------------------------------------------------------------
def _p52_seats(game: Any, state: State) -> list[tuple[str, str]]:
    return [(c["id"], c["name"] or f"Character {i + 1}") for i, c in enumerate(state["chars"])]


def _p52_owner(game: Any, state: State) -> str | None:
    """The character whose choice is next: a creation or level step names it, so do a
    found item, a defence or a counter; in a room, the character whose turn it is."""
    if state["phase"] == "over":
        return None
    if state["queue"]:
        return state["queue"][0].get("char")
    if state.get("pending"):
        return state["pending"].get("char")
    if state["phase"] == "room":
        active = game.view(state, "player").get("active")
        return active
    return None


def _p52_view(game: Any, state: State, mine: set[str]) -> dict[str, Any]:
    seat = next(iter(mine)) if len(mine) == 1 else "player"
    view = game.view(state, seat)
    return view if acts(_p52_owner(game, state), mine) else _no_choices(view, reachable=[])


# -- ADS Adventure (a party) --------------------------------------------------------------------
def _ads_seats(game: Any, state: State) -> list[tuple[str, str]]:
    if len(state["heroes"]) < 2:
        return []
    return [(f"p{k}", h["name"]) for k, h in enumerate(state["heroes"])]


def _ads_owner(game: Any, state: State) -> str | None:
    if state["phase"] == "over":
        return None
    fight = state["fight"]
    if fight is not None and fight.get("party"):
        return f"p{state['in_fight'][fight['party']['active']]}"
    return f"p{state['active']}"


def _ads_view(game: Any, state: State, mine: set[str]) -> dict[str, Any]:
    owner = _ads_owner(game, state)
    if acts(owner, mine):
        # one guest seat: the system's view for it; the host: the phone's own ("player")
        return game.view(state, next(iter(mine)) if len(mine) == 1 else "player")
    others = [s for s, _ in _ads_seats(game, state) if s != owner]
    seat = next(iter(mine)) if len(mine) == 1 else (others[0] if others else "player")
    view = game.view(state, seat)
    fight = view.get("fight")
    if isinstance(fight, dict) and not fight.get("party"):
        # one character fights alone (the others down or away): the system's view, made for
        # the one phone, shows that fight whole; the other phones see it as a party fight's
        # onlookers do (ads/adventure/view.hidden_for): no hand, no choices
        fight = dict(fight, hand=[], chosen=[], persist=[], actions=[], waiting=True)
    # between fights the system's view (one phone) shows the active character's hand and
    # whole deck: not to a seat that is not theirs
    hero = dict(view["hero"], hand=[]) if isinstance(view.get("hero"), dict) else view.get("hero")
    return _no_choices(view, fight=fight, hero=hero, deck_json=None)


# -- the DofA GM's table ----------------------------------------------------------------------------
def _gm_seats(game: Any, state: State) -> list[tuple[str, str]]:
    return [(a["id"], a["name"]) for a in state["actors"] if a["kind"] == "player" and not a["out"]]


def _gm_owner(game: Any, state: State) -> str | None:
    from ...systems.dofa_gm.rules import owner
    seat = owner(state)
    return seat.split(":", 1)[1] if seat.startswith("player:") else "gm"


def _gm_seat(state: State, action: Any) -> str:
    """The seat (an actor's id, or "gm") whose choice ``action`` is."""
    from ...systems.dofa_gm.rules import seat_of
    seat = seat_of(state, action)
    return seat.split(":", 1)[1] if seat.startswith("player:") else "gm"


def _gm_view(game: Any, state: State, mine: set[str]) -> dict[str, Any]:
    if "gm" not in mine:  # a guest: the system's own view for the player's seat
        return game.view(state, f"player:{next(iter(mine))}")
    view = game.view(state, "gm")
    if not acts(_gm_owner(game, state), mine):
        return _no_choices(view)
    # a player's Fate Cards are theirs to spend, on their own phone while it holds the seat
    return dict(view, actions=[e for e in view["actions"] if _gm_seat(state, e["action"]) in mine])


def _gm_free(game: Any, state: State, seat: str, action: Any) -> bool:
    return _gm_seat(state, action) == seat


def _gm_joined(game: Any, state: State, seat: str, numbers: Any = None) -> dict[str, Any] | None:
    x = next((a for a in state["actors"] if a["id"] == seat), None)
    if x is None or x.get("own"):
        return None
    return {"type": "phone", "who": seat, **({"player": numbers} if numbers else {})}


def _gm_sheet(record: Any) -> dict[str, Any]:
    """A DofA sheet a player's phone brings from its Library: checked exactly as a library
    import of one (core.records.read_item: the kind's size cap, then the rules' replay,
    dofa/keep.sheet_problems), then the GM's numbers of it (ui/dofa_gm/numbers.py)."""
    from ...core.records import RecordError, get_kind, make_item, read_item
    from ..dofa_gm.numbers import sheet_numbers
    name = record.get("name") if isinstance(record, dict) else None
    try:
        item = read_item(make_item(get_kind("sheet", "dofa"), name if isinstance(name, str) else "", record))
    except RecordError as exc:
        raise ValueError(str(exc)) from None
    return sheet_numbers(item["data"])


POLICIES: dict[str, Policy] = {
    "deckbuilder": Policy(_db_seats, _db_owner, _db_view),
    "p52": Policy(_p52_seats, _p52_owner, _p52_view),
    "ads_adventure": Policy(_ads_seats, _ads_owner, _ads_view),
    "dofa-gm": Policy(_gm_seats, _gm_owner, _gm_view, _gm_joined, _gm_sheet, _gm_free),
}
