"""The kind of each field of an ADS fight's state, checked when a checkpoint is read back
(issue 28, item 12; core.fieldtypes). Only what the rules write is named, and only its
kind: the fight is being reshaped elsewhere, so a field this list does not know is let
through and none is required here (the shape check and ``check_state`` see to presence).
Written from the states of seeded random fights; nothing here is a rule."""

from __future__ import annotations

from ...core.fieldtypes import BOOL, INT, TEXT, ListOf, Maybe, Record

_FOE = Record({"id": TEXT, "name": TEXT, "hp": INT, "max_hp": INT, "distance": TEXT, "hidden": BOOL,
               "fled": BOOL, "hampered": BOOL, "closed": BOOL, "took_since_turn": INT, "took_in_free": INT,
               "hurt_tick": INT, "backed": INT, "pursued": BOOL})
_PENDING = Record({"kind": TEXT, "foe": Maybe(INT), "card": Maybe(TEXT), "inst": Maybe(TEXT), "name": TEXT,
                   "damage": INT, "dealt": INT, "declared": Maybe(TEXT), "ethereal": BOOL, "how": Maybe(TEXT),
                   "melee": BOOL, "ranged": BOOL, "sneak": BOOL, "updown": Maybe(TEXT), "chain": INT,
                   "attribute": Maybe(TEXT), "counters": ListOf(None)})
_DRAW = Record({"who": TEXT, "why": TEXT, "need": TEXT, "drawn": TEXT, "chance": TEXT, "ok": BOOL})
_CARDS = ListOf(TEXT)

SPEC = Record({
    "phase": TEXT, "mode": TEXT, "light": TEXT, "updown": TEXT, "start": TEXT, "deck": TEXT, "hero": TEXT,
    "race": TEXT, "class": TEXT, "after_discard": TEXT, "exhaust_from": TEXT, "armed": Maybe(TEXT),
    "outcome": Maybe(TEXT),
    "hp": INT, "max_hp": INT, "level": INT, "xp": INT, "gold": INT, "round": INT, "turn": INT, "count": INT,
    "avoid": INT, "fatigue": INT, "exhaustion": INT, "draws_before": INT, "draws_made": INT, "players": INT,
    "shield_cover": INT, "start_tick": INT, "free_turn": Maybe(INT),
    "begun": BOOL, "dual": BOOL, "dual_declared": BOOL, "fleeing": BOOL, "fresh": BOOL, "hampered": BOOL,
    "has_shields": BOOL, "ranged_melee": BOOL, "reacted": BOOL, "shield": BOOL, "sneak_bonus": BOOL,
    "base_used": Record({"class": BOOL, "race": BOOL}),
    "draw": _CARDS, "hand": _CARDS, "discard": _CARDS, "order": _CARDS, "log": _CARDS,
    "persist": ListOf(Record({"card": TEXT, "since": INT})),
    "presneak": ListOf(INT), "flee_queue": Maybe(ListOf(INT)),
    "foes": ListOf(_FOE), "draws": ListOf(_DRAW), "pending": Maybe(_PENDING),
    "grapple": Maybe(Record({"foe": INT})), "grapple_try": Maybe(Record({"foe": INT, "how": TEXT})),
})


# An adventure (system ``ads_adventure``) holds a fight of the same kind between rooms'
# doors: ``fight`` is None in some new games, so the shape check cannot see inside it, and
# the lists that start empty (rooms cleared, cards set aside) may hold anything. The fight
# nested in it is checked with the fight's own SPEC above.
_ROOMS = ListOf(TEXT)
ADVENTURE = Record({
    "fight": Maybe(SPEC), "phase": TEXT, "mode": TEXT, "updown": TEXT, "room": TEXT,
    "came_from": Maybe(TEXT), "outcome": Maybe(TEXT),
    "active": INT, "fights": INT, "rests": INT, "wander": BOOL, "map_penalty": BOOL,
    "cleared": _ROOMS, "passed": _ROOMS, "looted": _ROOMS, "left": _ROOMS, "visited": _ROOMS,
    "pending": _CARDS,
    "last_fight": Maybe(Record({"outcome": Maybe(TEXT), "log": _CARDS})),
    "obstacle_draw": Maybe(Record({"declared": TEXT, "drawn": _CARDS, "ok": BOOL})),
})
