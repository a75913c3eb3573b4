"""The Deckbuilder encounter zone, with its arenas, as a kind the player makes: the zone's
spec (systems/deckbuilder/zonecard.py, the same that checks content/deckbuilder/zones.toml)
and its fields' names in the book's words (Encounter zone, Dungeon Deck, Bosses and
Minions). Everything else is the maker's (screen.py).

An arena's minions and boss are chosen among ours and the monsters the player kept
(``spec_for``: the choice this phone draws). Keep gathers the cards of the made monsters the
arenas name into the zone (``prepare``: "a zone carries the monsters it uses"), checks it as
the Library checks one that arrives, plays it (zonemade.py: 24 seeded games by the random
players, no error, each ending) and keeps it as an item of kind ``zone``. The Deckbuilder
setup lists it beside ours.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Generator

from ...core.records import get_kind
from ...form import Label
from ...schema import OneOf
from ...systems.deckbuilder import data
from ...systems.deckbuilder.monstercard import made_id as monster_id
from ...systems.deckbuilder.zonecard import MAX_ARENAS, made_id, ours_given, zone_problems, zone_spec
from ...systems.deckbuilder.zonemade import GAMES, builtin, playability_steps, record_of
from .form import MakeKind
from .keeping import kept_steps, open_kept
from .monster import made_monsters

if TYPE_CHECKING:
    from ..shell import App, Effect

PREFIX = "item:zone:deckbuilder:"
SCREEN = "setup:deckbuilder"

LABELS: dict[str, Label] = {
    "id": Label("id", hidden=True),
    "made_minions": Label("Made minions it carries", hidden=True),
    "made_bosses": Label("Made bosses it carries", hidden=True),
    "name": Label("Name", "The encounter zone's name; 1 to 40 characters."),
    "experience": Label("Experience", "What each hero gains when the zone is cleared (at most as our zones give)."),
    "spoils": Label("Spoils", "To the victor go the spoils: the treasure cards each hero picks one of."),
    "arena": Label("Arenas", f"Encounter zone: 2 to {MAX_ARENAS} arenas; the party starts in the first, the others "
                             "wait in the dungeon deck until a hero enters.", item="Arena"),
    "arena.*.id": Label("Arena id", "Letters, digits and _: how links name it."),
    "arena.*.name": Label("Arena name"),
    "arena.*.minions": Label("Minions", "Bosses and Minions: lowly retainers set out here (up to 4).",
                             item="Minion", one_by_one=True),
    "arena.*.minions.*": Label("Minion"),
    "arena.*.boss": Label("Boss", "Usually there is only one boss per battle: one arena of the zone has one."),
    "arena.*.items": Label("Items", "Lying here: the first hero who enters picks them up."),
    "link": Label("Links", "Connections and barriers such as doors: each joins two arenas.", item="Link"),
    "link.*.a": Label("From arena (id)"),
    "link.*.b": Label("To arena (id)"),
    "link.*.kind": Label("Kind", choices={"open": "Open (ranged attacks and spells reach through)",
                                          "door": "Door (closed until a hero goes through)"}),
}


def _monster_choices(app: "App") -> tuple[dict[str, str], dict[str, str]]:
    """(minion id -> words, boss id -> words): ours, then the player's kept monsters by the
    id a game gives them, then those the copy's source carries."""
    minions = {k: m["name"] for k, m in data.minions().items()}
    bosses = {k: b["name"] for k, b in data.bosses().items()}
    for _, card in made_monsters(app):
        (minions if card.get("rank") == "minion" else bosses)[monster_id(card)] = f"{card.get('name')} (yours)"
    draft = getattr(app, "maker", None)
    row = draft.row if draft is not None and isinstance(draft.row, dict) else {}
    for key, into in (("made_minions", minions), ("made_bosses", bosses)):
        for card in row.get(key, []) if isinstance(row.get(key), list) else []:
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                into.setdefault(card["id"], f"{card.get('name')} (carried)")
    return minions, bosses


def spec_for(app: "App") -> Any:
    minions, bosses = _monster_choices(app)
    given = ours_given()
    return zone_spec(OneOf(*minions), OneOf(*bosses), OneOf(*given["items"]), OneOf(*given["spoils"]))


def labels_for(app: "App") -> dict[str, Label]:
    minions, bosses = _monster_choices(app)
    given = ours_given()
    out = dict(LABELS)
    out["arena.*.minions.*"] = Label("Minion", choices=minions)
    out["arena.*.boss"] = Label(LABELS["arena.*.boss"].name, LABELS["arena.*.boss"].hint, choices=bosses)
    out["arena.*.items"] = Label(LABELS["arena.*.items"].name, LABELS["arena.*.items"].hint,
                                 choices={i: data.card_name(i) for i in given["items"]})
    out["spoils"] = Label(LABELS["spoils"].name, LABELS["spoils"].hint,
                          choices={s: data.card_name(s) for s in given["spoils"]})
    return out


def made_zones(app: "App") -> list[tuple[str, dict[str, Any]]]:
    """(library key, record) of every zone the player kept, by name."""
    return sorted(((k, r) for k, r in getattr(app, "library", {}).items()
                   if k.startswith(PREFIX) and isinstance(r, dict)),
                  key=lambda kr: (str(kr[1].get("name")), kr[0]))


def sources(app: "App") -> list[tuple[str, str, bool]]:
    return [(zid, data.zones()[zid]["name"], False) for zid in builtin()] + \
        [(key, str(rec.get("name")), True) for key, rec in made_zones(app)]


def copy_of(app: "App", ref: str) -> dict[str, Any]:
    record = record_of(ref) if ref in builtin() else copy.deepcopy(app.library[ref])
    name = str(record.get("name", "Zone"))
    record["name"] = name if name.endswith("(yours)") else f"{name[:32]} (yours)"
    record["id"] = made_id(record)
    return record


def prepare(app: "App", row: dict[str, Any]) -> dict[str, Any]:
    """The zone as it is kept: the cards of the made monsters its arenas name (from the
    Library, or carried by the zone it was copied from), and its id."""
    kept = {monster_id(c): dict(c, id=monster_id(c)) for _, c in made_monsters(app)}
    carried = {c["id"]: c for key in ("made_minions", "made_bosses") for c in row.get(key, [])
               if isinstance(c, dict) and isinstance(c.get("id"), str)}
    named = [m for a in row.get("arena", []) for m in a.get("minions", [])] + \
        [a["boss"] for a in row.get("arena", []) if a.get("boss")]
    cards: dict[str, dict[str, Any]] = {}
    for mid in named:
        if mid not in cards and (mid in kept or mid in carried):
            cards[mid] = kept.get(mid) or carried[mid]
    out = {k: v for k, v in row.items() if k not in ("made_minions", "made_bosses", "id")}
    minions = [c for c in cards.values() if c.get("rank") == "minion"]
    bosses = [c for c in cards.values() if c.get("rank") != "minion"]
    if minions:
        out["made_minions"] = minions
    if bosses:
        out["made_bosses"] = bosses
    out["id"] = made_id(out)
    return out


def cross(row: dict[str, Any]) -> list[tuple[str, str]]:
    return zone_problems(row)


def keep(app: "App", row: dict[str, Any]) -> Generator[int, None, list["Effect"]]:
    """Check the zone as the Library would on arrival, play it (a game a step), keep it;
    ValueError naming why otherwise (nothing is kept before every check passed)."""
    record = prepare(app, row)
    effects = yield from kept_steps(app, get_kind("zone", "deckbuilder"), record, playability_steps(record),
                                    "db_zone", SCREEN, f"It passed the checks and {GAMES} games by the random "
                                    "players; the Deckbuilder setup lists it as yours.")
    app.db_monster = None  # the setup's first prompt is the zone just kept
    return effects


def open_zone(app: "App", key: str) -> list["Effect"]:
    """Open on a kept zone: the Deckbuilder setup with it chosen ("Play your zone now")."""
    effects = open_kept(app, key, "db_zone", SCREEN, "zone")
    app.db_monster = None
    return effects


KIND = MakeKind(
    id="zone-deckbuilder", title="Deckbuilder zone", spec=zone_spec(), labels=LABELS,
    intro=(f"Keep checks it as our zones are checked (every arena reached from the first by links, one boss, "
           f"monsters ours or yours), then the random players play it {GAMES} times: every game must end."),
    sources=sources, copy=copy_of, cross=cross, keep=keep, work=GAMES, unit="games",
    spec_for=spec_for, labels_for=labels_for, prepare=prepare)
