"""What the adventurer sees: the room's cards (its number, name, text, light, usable
Distances), the exits by room number only (names once visited: no spoilers), the
character's piles and Story cards, the choice at hand, and the fight while one runs."""

from __future__ import annotations

from typing import Any

from .. import data
from ..deck import base
from ..maths import DIFFICULTIES, difficulty_chance, truncated_percent
from ..view import card_face
from ..view import view as fight_view
from . import hero as H
from .content import here, of, treasures

LOOT_WORDS = {"hand": "Into my hand (remove a card of my hand from the game)",
              "draw": "Into my Draw Deck (remove a card of it from the game)",
              "aside": "Set it aside in my Character Deck", "leave": "Leave it here"}

State = dict[str, Any]


def label(state: dict[str, Any], a: dict[str, Any]) -> str:
    t = a["type"]
    if t == "go":
        seen = a["to"] in state["visited"]
        exit_words = dict(here(state)["exits"])[a["to"]]
        return f"Go to {a['to']}" + (f" ~ {of(state)['rooms'][a['to']]['name']}" if seen else f" ({exit_words})")
    if t == "attempt":
        return f"Declare {'Up ^' if a['symbol'] == '^' else 'Down v'} and try"
    if t == "overcome":
        attr = here(state)["obstacle"]["attribute"].title()
        return (f"Play a {attr} card from my hand" if a["from"] == "hand"
                else f"Draw a {attr} card from my Combat Deck (1 level of Exhaustion)")
    if t == "give_up":
        return "Give up for now (take the damage)"
    if t == "rest" and "hero" in a:
        h = state["heroes"][a["hero"]]
        cost = "one more Fatigue at hand maximum 1: it kills" if H.hand_limit(h) <= 1 else "1 Fatigue"
        return f"Rest {h['name']} alone ({cost}; wandering Foes may come)"
    if t == "rest":
        return "Rest here (1 Fatigue; wandering Foes may come)"
    if t == "discard":
        return f"Discard {data.card(a['card'])['name']}"
    if t == "loot":
        return LOOT_WORDS[a["to"]]
    if t == "remove":
        return f"Remove {data.card(a['card'])['name']} from the game"
    if t == "lead":
        return f"{state['heroes'][a['hero']]['name']} takes the lead"
    return t


def party_line(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every character of a party between fights (one alone: empty)."""
    if len(state["heroes"]) < 2:
        return []
    return [{"name": h["name"], "class": h["class"], "level": h["level"], "hp": max(h["hp"], 0), "max_hp": h["max_hp"],
             "hand_max": H.hand_limit(h), "alive": h["alive"], "lead": i == state["active"]}
            for i, h in enumerate(state["heroes"])]


def hidden_for(fight: dict[str, Any], seat: int, seats: list[int]) -> dict[str, Any]:
    """Hot-seat: a character sees their own hand and choices only while the phone is theirs."""
    p = fight.get("party")
    if p is None:
        return fight
    mine = p["active"] if seat < 0 else seats.index(seat) if seat in seats else -1
    if mine == p["active"] and not p["cover"]:
        return fight
    return dict(fight, hand=[], chosen=[], persist=[], actions=[] if mine != p["active"] else fight["actions"],
                waiting=mine != p["active"])


def view(state: dict[str, Any], legal: list[dict[str, Any]], seat: int = -1) -> dict[str, Any]:
    """``seat``: a character's index, or -1 for the phone (whoever holds it)."""
    h = state["heroes"][state["active"]]
    room = here(state)
    ob = room["obstacle"]
    obstacle = None
    if ob:
        chance = truncated_percent(difficulty_chance(ob["difficulty"]))
        obstacle = {"name": ob["name"], "text": ob["text"], "attribute": ob["attribute"],
                    "difficulty": DIFFICULTIES[ob["difficulty"]]["title"], "chance": chance,
                    "passed": state["room"] in state["passed"], "draw": state["obstacle_draw"]}
    fight = None
    if state["fight"] is not None:
        fight = fight_view_of(state)
        if fight is not None and fight.get("party"):
            fight = hidden_for(fight, seat, state.get("in_fight") or [state["active"]])
    pending = [card_face(c, 1) for c in state["pending"]] if state["phase"] in ("loot", "remove_hand",
                                                                                 "remove_draw") else []
    return {
        "phase": state["phase"], "outcome": state["outcome"], "adventure": of(state)["info"]["name"],
        # the adventure's story intro, until the first fight is over (it opens the log too)
        "intro": of(state)["info"]["text"] if state["last_fight"] is None else "",
        "room": {"id": state["room"], "name": room["name"], "text": room["text"], "light": room["light"],
                 "place": room["place"], "distances": room["distances"], "updown": room["updown"],
                 "rest": room["rest"], "boss": room["boss"], "cleared": state["room"] in state["cleared"]},
        "obstacle": obstacle, "fight": fight, "last_fight": state["last_fight"], "pending": pending,
        "hero": {"name": h["name"], "race": h["race"], "class": h["class"], "level": h["level"], "xp": h["xp"],
                 "gold": h["gold"], "hp": max(h["hp"], 0), "max_hp": h["max_hp"], "fatigue": h["fatigue"],
                 "exhaustion": h["exhaustion"], "hand_max": H.hand_limit(h), "draw": len(h["draw"]),
                 "discard": len(h["discard"]), "removed": [data.card(c)["name"] for c in h["removed"]],
                 "aside": [data.card(c)["name"] for c in h["aside"]],
                 "treasure": [f"{treasures()[t]['name']} ({treasures()[t]['gold']} Gold)" for t in h["treasure"]],
                 "hand": [card_face(c, 1) for c in h["hand"]]},
        "visited": list(state["visited"]), "rests": state["rests"], "party": party_line(state),
        "actions": [{"action": a, "label": label(state, a)} for a in legal] if state["fight"] is None else [],
        # while a fight runs its lines follow the adventure's: each tap's result is read from here
        "log": list(state["log"][-12:]) + (list(fight["log"]) if fight else []),
        "deck_json": H.as_deck(h) if state["fight"] is None else None,
    }


def kinds_in(cards: list[str]) -> list[str]:
    return sorted({base(c) for c in cards})


def fight_view_of(state: State) -> dict[str, Any] | None:
    """The running fight's own view (the fight screen draws it unchanged)."""
    if state["fight"] is None:
        return None
    from ..actions import hand_status, legal
    now = legal(state["fight"])
    return fight_view(state["fight"], now, hand_status(state["fight"], now))
