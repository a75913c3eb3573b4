"""The ADS adventure as a kind the player makes: its spec (systems/ads/adventure/spec.py)
and its fields' names in the book's words (Map and Room Cards, Combat Encounters and Rest,
Non-Combat Encounters, Treasure and Loot). Everything else is the maker's (screen.py).

A room's Foes are chosen among ours and the Foes the player kept (``spec_for``: the choice
this phone draws). Keep gathers the cards of the made Foes the rooms name into the
adventure (``prepare``: "an adventure carries the Foes it uses"), checks it as the Library
checks one that arrives, plays it (adventure/made.py: every made Foe it carries fought, then
24 seeded adventures by the random players, every Way to Play among them) and keeps it as an
item of kind ``adventure``. The ADS adventure's setup lists it beside ours.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Generator

from ...core.records import get_kind
from ...form import Label
from ...schema import OneOf
from ...systems.ads import data
from ...systems.ads.adventure.content import BUILTIN, adventure, record_of, treasures
from ...systems.ads.adventure.made import playability_steps, work
from ...systems.ads.adventure.spec import LIGHTS, adventure_problems, adventure_spec, made_id
from ...systems.ads.foecard import made_id as foe_id
from .foe import made_foes
from .form import MakeKind
from .keeping import kept_steps, open_kept

if TYPE_CHECKING:
    from ..shell import App, Effect

PREFIX = "item:adventure:ads:"
DISTANCE_WORDS = {"melee": "Melee", "thrown": "Thrown", "ranged": "Ranged"}
FOES = "Foes for one player (solo)", "Foes for a group (2 to 4 players)"


def _foe_lists(at: str, title: str, hint: str) -> dict[str, Label]:
    return {at: Label(title, hint, item="Foe"), f"{at}.*.0": Label("Foe"),
            f"{at}.*.1": Label("How many", "1 to 4 in all.")}


LABELS: dict[str, Label] = {
    "id": Label("id", hidden=True),
    "foes": Label("Made Foes it carries", hidden=True),
    "name": Label("Name", "The adventure's title; 1 to 40 characters."),
    "text": Label("Opening words", "What the players read before the first room."),
    "start": Label("First room", "The Room Number the party enters first."),
    "won": Label("Last words", "What the log says when the boss is beaten (left empty: the app's words)."),
    "rooms": Label("Rooms", "Map and Room cards: each room's number, its exits, what waits in it.", item="Room"),
    "rooms.*.id": Label("Room Number", "On top of both cards, letters and digits (K1): how exits name it."),
    "rooms.*.name": Label("Room name"),
    "rooms.*.light": Label("Light", choices={x: x.title() for x in LIGHTS}),
    "rooms.*.place": Label("Place", "Outdoors or Indoors: what the Combat Conditions read.",
                           choices={"outdoors": "Outdoors", "indoors": "Indoors"}),
    "rooms.*.distances": Label("Usable Distances", "The Map card's Distances; none ticked: every Distance.",
                               choices=DISTANCE_WORDS),
    "rooms.*.updown": Label("Map card's Up/Down", "For the optional Penalty off the Map's Distances.",
                            choices={"up": "Up (^)", "down": "Down (v)"}),
    "rooms.*.cover": Label("Cover squares", "Two Dimensional play with cover: column, row of the 9x9 room "
                                            "(0 at top left); not the bottom row, where the party enters.",
                           item="Square"),
    "rooms.*.cover.*": Label("Square"),
    "rooms.*.cover.*.0": Label("Column", "0 to 8, from the left."),
    "rooms.*.cover.*.1": Label("Row", "0 to 8, from the top."),
    "rooms.*.text": Label("Room Description", "What the players read when they enter."),
    **_foe_lists("rooms.*.solo", FOES[0], "Combat Encounters: the Foes one character meets here."),
    **_foe_lists("rooms.*.group", FOES[1], "The same room's Foes for a party."),
    "rooms.*.start": Label("Foes begin at", "The Distance the fight starts at.", choices=DISTANCE_WORDS),
    "rooms.*.presneak": Label("Pre-Sneak on entering", "Sneak Cards may be played as the party enters."),
    "rooms.*.exits": Label("Exits", "Each names a Room Number and the words on the Map card.", item="Exit"),
    "rooms.*.exits.*.0": Label("To Room Number"),
    "rooms.*.exits.*.1": Label("Words", "A door, a stair: what the players see."),
    "rooms.*.obstacle": Label("Obstacle", "Non-Combat Encounters: a task of an Attribute."),
    "rooms.*.obstacle.name": Label("Name"),
    "rooms.*.obstacle.attribute": Label("Attribute", choices={a: a.title() for a in sorted(data.ATTRIBUTES)}),
    "rooms.*.obstacle.difficulty": Label("Difficulty", choices={"easy": "Easy", "normal": "Normal",
                                                                "difficult": "Difficult", "hard": "Hard"}),
    "rooms.*.obstacle.damage": Label("Damage on a failure", "Hit Points lost when the task is given up."),
    "rooms.*.obstacle.text": Label("Words", "What the players are asked to do."),
    "rooms.*.obstacle.blocks": Label("Blocks", "Room Numbers of exits closed until it is overcome.", item="Exit"),
    "rooms.*.loot": Label("Loot", "Combat cards found here (Treasure and Loot).", item="Card", one_by_one=True),
    "rooms.*.loot.*": Label("Card"),
    "rooms.*.treasure": Label("Treasure", "Treasure cards of this app (each has a Gold value).", item="Treasure",
                              one_by_one=True),
    "rooms.*.treasure.*": Label("Treasure"),
    "rooms.*.gold": Label("Gold", "Found once the room's Foes are beaten (0 to 20)."),
    "rooms.*.rest": Label("Rest spot", "Combat Encounters and Rest: the party may Rest here before any fight."),
    "rooms.*.boss": Label("Boss room", "Beating its Foes wins the adventure."),
    "rooms.*.wander": Label("Wandering Foes", "Drawn on a Rest by two Up/Downs: ^^, ^v, v^, vv (four rows; a "
                                              "row without Foes: nobody comes).", item="Row"),
    "rooms.*.wander.*": Label("Row", item="Foe"),
    "rooms.*.wander.*.*.0": Label("Foe"),
    "rooms.*.wander.*.*.1": Label("How many"),
}


def _foe_choices(app: "App") -> dict[str, str]:
    """Foe id -> words: ours, then the player's kept Foes by the id a game gives them."""
    out = {fid: f["name"] for fid, f in data.foes().items()}
    for _, card in made_foes(app):
        out[foe_id(card)] = f"{card.get('name')} (yours)"
    draft = getattr(app, "maker", None)
    for card in (draft.row.get("foes", []) if draft is not None and isinstance(draft.row, dict) else []):
        if isinstance(card, dict) and isinstance(card.get("id"), str):  # carried by the copy's source
            out.setdefault(card["id"], f"{card.get('name')} (carried)")
    return out


def spec_for(app: "App") -> Any:
    return adventure_spec(OneOf(*_foe_choices(app)), OneOf(*sorted(treasures())))


def labels_for(app: "App") -> dict[str, Label]:
    words = _foe_choices(app)
    loot = {cid: c["name"] for cid, c in sorted(data.cards().items(), key=lambda kv: kv[1]["name"])}
    out = dict(LABELS)
    for at in ("rooms.*.solo.*.0", "rooms.*.group.*.0", "rooms.*.wander.*.*.0"):
        out[at] = Label(LABELS[at].name, choices=words)
    out["rooms.*.loot.*"] = Label("Card", choices=loot)
    out["rooms.*.treasure.*"] = Label("Treasure", choices={t: f"{v['name']} ({v['gold']} Gold)"
                                                           for t, v in sorted(treasures().items())})
    return out


def made_adventures(app: "App") -> list[tuple[str, dict[str, Any]]]:
    """(library key, record) of every adventure the player kept, by name."""
    return sorted(((k, r) for k, r in app.library.items() if k.startswith(PREFIX) and isinstance(r, dict)),
                  key=lambda kr: (str(kr[1].get("name")), kr[0]))


def sources(app: "App") -> list[tuple[str, str, bool]]:
    return [(aid, adventure(aid)["info"]["name"], False) for aid in BUILTIN] + \
        [(key, str(rec.get("name")), True) for key, rec in made_adventures(app)]


def copy_of(app: "App", ref: str) -> dict[str, Any]:
    record = record_of(ref) if ref in BUILTIN else copy.deepcopy(app.library[ref])
    name = str(record.get("name", "Adventure"))
    record["name"] = name if name.endswith("(yours)") else f"{name[:32]} (yours)"
    record["id"] = made_id(record)
    return record


def prepare(app: "App", row: dict[str, Any]) -> dict[str, Any]:
    """The adventure as it is kept: the cards of the made Foes its rooms name (from the
    Library, or carried by the adventure it was copied from), and its id."""
    kept = {foe_id(card): dict(card, id=foe_id(card)) for _, card in made_foes(app)}
    carried = {c["id"]: c for c in row.get("foes", []) if isinstance(c, dict) and isinstance(c.get("id"), str)}
    named = [x[0] for r in row.get("rooms", []) for key in ("solo", "group") for x in r.get(key, []) if x] + \
        [x[0] for r in row.get("rooms", []) for w in r.get("wander", []) for x in w if x]
    cards: dict[str, dict[str, Any]] = {}
    for fid in named:
        if fid not in cards and (fid in kept or fid in carried):
            cards[fid] = kept.get(fid) or carried[fid]
    out = {k: v for k, v in row.items() if k not in ("foes", "id")}
    if not out.get("won"):
        out.pop("won", None)
    if cards:
        out["foes"] = list(cards.values())
    out["id"] = made_id(out)
    return out


def cross(row: dict[str, Any]) -> list[tuple[str, str]]:
    return adventure_problems(row)


def keep(app: "App", row: dict[str, Any]) -> Generator[int, None, list["Effect"]]:
    """Check the adventure as the Library would on arrival, play it (a game a step), keep
    it; ValueError naming why otherwise (nothing is kept before every check passed)."""
    record = prepare(app, row)
    return (yield from kept_steps(app, get_kind("adventure", "ads"), record, playability_steps(record),
                                  "ads_adventure", "setup:ads_adventure",
                                  f"It passed the checks and {work(record)} games and fights by the random "
                                  "players; the adventure picker lists it as yours."))


def open_adventure(app: "App", key: str) -> list["Effect"]:
    """Open on a kept adventure: the ADS adventure's setup with it chosen."""
    return open_kept(app, key, "ads_adventure", "setup:ads_adventure", "adventure")


KIND = MakeKind(
    id="adventure-ads", title="ADS adventure", spec=adventure_spec(), labels=LABELS,
    intro=("Keep checks it as our adventures are checked (every room reachable from the first, a boss room, "
           "exits that lead somewhere), then the random players play it 24 times: every game must end."),
    sources=sources, copy=copy_of, cross=cross, keep=keep, work=24, unit="games and fights",
    spec_for=spec_for, labels_for=labels_for, prepare=prepare, work_for=work)
