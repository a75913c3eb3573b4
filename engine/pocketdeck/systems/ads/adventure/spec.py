"""An adventure as typed fields (Map and Room Cards, Combat Encounters and Rest, Non-Combat
Encounters, Treasure and Loot): the spec every adventure is checked with, ours in
content/ads/ at build time and one made on the phone alike, and the checks across its
fields, each naming the field it concerns (``"rooms.2.exits.0"``) so the maker's form can
show it beside that field.

Why one spec for both: a made adventure is played by the same rules as ours
(play.py reads only these fields), so what the rules need of ours they need of it. What
only our shipped adventures must have (8 rooms, 2 obstacles, a level table) is checked by
``content.check_adventure`` on top.

A made adventure carries the made Foes its rooms name (``foes``: their cards, each checked
like any made Foe), so a link or a file holding it holds everything a game of it needs.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from ....core.limits import name_problem
from ....schema import ListOf, OneOf, Optional, Range, Table, Tagged, Text, check_row, check_value
from .. import data
from ..foecard import FOE, card_problem
from ..grid import COLUMNS, SIZE, START_GAP
from ..maths import DIFFICULTIES
from .content import builtin_gold, treasures

LIGHTS = ("dim", "dark", "bright")
PLACES = ("outdoors", "indoors")
MAX_FOES = 4        # Foes of one list (solo, group, a wandering row): the fight's own bound
MAX_ROOMS = 16      # rooms of a made adventure (ours have 9); a phone's form stays usable
MAX_MADE_FOES = 4   # made Foes one adventure carries (its record stays within the Library's size)
MAX_COVER = 6       # cover squares of one Map card (ours have 3 or 4)
ROOM_GOLD = 20      # a room's Gold, at most (ours: 2 to 10)
MADE_PREFIX = "yours_"
NAME = Text(1, 40)
ROOM_ID = Text(1, 4)        # the Room Number on top of both cards ("K1")
WORDS = Text(1, 300)


def foe_list(foe_ref: Any) -> ListOf:
    """A Room Description card's Foe list: [Foe, how many], 1 to 4 Foes in all."""
    return ListOf(Tagged(foe_ref, Range(1, MAX_FOES), at_most=1), at_most=MAX_FOES)


def room_spec(foe_ref: Any, treasure_ref: Any = Text(1, 40)) -> Table:
    obstacle = Table({
        "name": NAME, "attribute": OneOf(*sorted(data.ATTRIBUTES)), "difficulty": OneOf(*DIFFICULTIES),
        "damage": Range(0, 10), "text": WORDS, "blocks": Optional(ListOf(ROOM_ID, at_most=6))}, strict=True)
    return Table({
        "id": ROOM_ID, "name": NAME, "light": OneOf(*LIGHTS), "place": OneOf(*PLACES),
        "distances": ListOf(OneOf(*data.DISTANCES), at_most=3), "updown": OneOf("up", "down"),
        "cover": Optional(ListOf(Tagged(Range(0, SIZE - 1), Range(0, SIZE - 1), at_most=1), at_most=MAX_COVER)),
        "text": WORDS,
        "solo": Optional(foe_list(foe_ref)), "group": Optional(foe_list(foe_ref)),
        "start": Optional(OneOf(*data.DISTANCES)), "presneak": Optional(bool),
        "exits": ListOf(Tagged(ROOM_ID, Text(1, 60), at_most=1), at_least=1, at_most=6),
        "obstacle": Optional(obstacle),
        "loot": Optional(ListOf(OneOf(*sorted(data.cards())), at_most=4)),
        "treasure": Optional(ListOf(treasure_ref, at_most=3)),
        "gold": Optional(Range(0, ROOM_GOLD)), "rest": Optional(bool), "boss": Optional(bool),
        "wander": Optional(ListOf(foe_list(foe_ref), at_least=4, at_most=4)),
    }, strict=True)


def adventure_spec(foe_ref: Any = Text(1, 40), treasure_ref: Any = Text(1, 40)) -> Table:
    """The whole adventure. ``foe_ref``, ``treasure_ref``: what names a Foe or a treasure in a
    room (any short text, checked across fields against ours and the carried Foes; a phone's
    form narrows each to a choice)."""
    return Table({
        "id": Text(1, 40), "name": NAME, "text": WORDS, "start": ROOM_ID,
        "rooms": ListOf(room_spec(foe_ref, treasure_ref), at_least=1, at_most=MAX_ROOMS),
        "foes": Optional(ListOf(FOE, at_most=MAX_MADE_FOES)),
        "won": Optional(WORDS),
    }, strict=True)


@lru_cache(maxsize=None)
def spec() -> Table:
    """The adventure's spec (built on first use: its choices read the cards' content file,
    which is checked by the very checker that imports this module)."""
    return adventure_spec()


Problem = tuple[str, str]


def _foes_named(r: dict[str, Any]) -> list[tuple[str, str]]:
    """(path, Foe id) of every Foe a room names: its solo and group lists, its wandering rows."""
    out = [(f"{key}.{j}", row[0]) for key in ("solo", "group") for j, row in enumerate(r.get(key, []))]
    return out + [(f"wander.{w}.{j}", row[0]) for w, rows in enumerate(r.get("wander", []))
                  for j, row in enumerate(rows)]


def _reach(rows: list[dict[str, Any]], start: str) -> set[str]:
    ids = {r["id"] for r in rows}
    exits = {r["id"]: [e[0] for e in r["exits"] if e[0] in ids] for r in rows}
    seen, todo = {start}, [start]
    while todo:
        for to in exits.get(todo.pop(), []):
            if to not in seen:
                seen.add(to)
                todo.append(to)
    return seen


def _cover_problems(at: str, r: dict[str, Any]) -> list[Problem]:
    """Cover stands off the squares the fight places people on: the entry row and where Foes
    begin (grid.setup: columns 2 to 5, as far off as each starting Distance)."""
    foes_at = {(c, SIZE - 1 - gap) for gap in START_GAP.values() for c in COLUMNS[:MAX_FOES]}
    out = []
    if any(len(sq) != 2 for sq in r.get("cover", [])):
        return [(f"{at}.cover", "each cover square needs its column and its row")]
    squares = [tuple(sq) for sq in r.get("cover", [])]
    if len(set(squares)) != len(squares):
        out.append((f"{at}.cover", "a cover square is listed twice"))
    for k, (c, row) in enumerate(squares):
        if row == SIZE - 1 or (c, row) in foes_at:
            out.append((f"{at}.cover.{k}", f"cover at column {c}, row {row} stands where the party enters (row "
                                           f"{SIZE - 1}) or a Foe begins (columns 2 to 5 of rows 3, 5, 7)"))
    return out


def adventure_problems(a: dict[str, Any], treasure_ids: set[str] | None = None,
                       gold_most: int | None = None) -> list[Problem]:
    """What is wrong across the fields of an adventure its spec already accepted: room
    numbers, exits, reachability, Foes known, the end, treasure, Gold. (An adventure without
    a Wandering Foes table is one where nobody comes on a Rest: play.wander.)
    ``treasure_ids``: the treasures a room may hold, ``gold_most`` the rooms' Gold in all
    (None: every treasure of this app, the most Gold of one of ours; a file of ours being
    checked passes its own, as reading ours would check it again)."""
    out: list[Problem] = []
    rows = a["rooms"]
    ids = [r["id"] for r in rows]
    carried = {f["id"]: f for f in a.get("foes", [])}
    known = set(data.foes()) | set(carried)
    if treasure_ids is None:
        treasure_ids = set(treasures())
    for i, r in enumerate(rows):
        at = f"rooms.{i}"
        if not r["id"].isalnum():
            out.append((f"{at}.id", "a Room Number is letters and digits (K1)"))
        if ids.index(r["id"]) != i:
            out.append((f"{at}.id", f"Room Number {r['id']} is used by an earlier room"))
        for j, (to, *_rest) in enumerate(r["exits"]):
            if to == r["id"]:
                out.append((f"{at}.exits.{j}", f"an exit of {r['id']} leads to {r['id']} itself"))
            elif to not in ids:
                out.append((f"{at}.exits.{j}", f"an exit to Room Number {to}, which no room has"))
            if not _rest:
                out.append((f"{at}.exits.{j}", "an exit needs the words on its Map card (a door, a stair)"))
        for path, fid in _foes_named(r):
            if fid not in known:
                out.append((f"{at}.{path}", f"Foe {fid!r} is neither one of ours nor one this adventure carries"))
        for key in ("solo", "group"):
            lst = r.get(key, [])
            if any(len(row) < 2 for row in lst):
                out.append((f"{at}.{key}", "each Foe of the list needs how many (1 to 4)"))
            elif sum(row[1] for row in lst) > MAX_FOES:
                out.append((f"{at}.{key}", f"1 to {MAX_FOES} Foes in all"))
        if bool(r.get("solo")) != bool(r.get("group")):
            out.append((f"{at}.group", "a room with Foes has a list for one player (solo) and for a group"))
        for w, row in enumerate(r.get("wander", [])):
            if any(len(x) < 2 for x in row) or sum(x[1] for x in row if len(x) > 1) > MAX_FOES:
                out.append((f"{at}.wander.{w}", f"each Foe needs how many, 1 to {MAX_FOES} in all"))
        ob = r.get("obstacle")
        exits = [e[0] for e in r["exits"]]
        for k, b in enumerate((ob or {}).get("blocks", [])):
            if b not in exits:
                out.append((f"{at}.obstacle.blocks.{k}", f"the obstacle blocks {b}, which is not an exit of this room"))
        if ob and len(set(ob.get("blocks", []))) >= len(set(exits)):
            out.append((f"{at}.obstacle.blocks", "an obstacle leaves at least one exit open (the way back)"))
        for k, t in enumerate(r.get("treasure", [])):
            if t not in treasure_ids:
                out.append((f"{at}.treasure.{k}", f"{t!r} is not a treasure of this app (a Character Deck "
                                                   "keeps only treasures it knows the Gold of)"))
        out.extend(_cover_problems(at, r))
    if a["start"] not in ids:
        out.append(("start", f"the start is Room Number {a['start']}, which no room has"))
    else:
        reached = _reach(rows, a["start"])
        out += [(f"rooms.{i}", f"no exit leads to {r['id']} from the start ({a['start']})")
                for i, r in enumerate(rows) if r["id"] not in reached and ids.index(r["id"]) == i]
    bosses = [i for i, r in enumerate(rows) if r.get("boss")]
    if not bosses:
        out.append(("rooms", "the adventure needs a boss room: beating its Foes wins the adventure"))
    out += [(f"rooms.{i}.solo", "a boss room has Foes to beat") for i in bosses if not rows[i].get("solo")]
    gold = sum(r.get("gold", 0) for r in rows)
    gold_most = room_gold_most() if gold_most is None else gold_most
    if gold > gold_most:
        out.append(("rooms", f"the rooms' Gold is {gold} in all; at most {gold_most} (a Character Deck's "
                             "Gold is checked against what an adventure can give)"))
    out.extend(_carried_problems(a, carried, rows))
    out += [(path, why) for path, text in _texts(a) if (why := name_problem(text, 300))]
    return out


def _texts(a: dict[str, Any]) -> list[tuple[str, str]]:
    """(path, text) of every text of an adventure a screen shows: names, words, descriptions
    (each refused with a control or text-direction character, as every name of the app)."""
    out = [(k, a[k]) for k in ("name", "text", "won") if k in a]
    for i, r in enumerate(a["rooms"]):
        out += [(f"rooms.{i}.name", r["name"]), (f"rooms.{i}.text", r["text"])]
        out += [(f"rooms.{i}.exits.{j}.1", e[1]) for j, e in enumerate(r["exits"]) if len(e) > 1]
        if r.get("obstacle"):
            out += [(f"rooms.{i}.obstacle.{k}", r["obstacle"][k]) for k in ("name", "text")]
    return out


def _carried_problems(a: dict[str, Any], carried: dict[str, Any], rows: list[dict[str, Any]]) -> list[Problem]:
    out: list[Problem] = []
    named = {fid for r in rows for _, fid in _foes_named(r)}
    per_xp = gold_per_xp()
    for k, card in enumerate(a.get("foes", [])):
        why = card_problem(card)
        if why:
            out.append((f"foes.{k}", why))
        elif card["id"] not in named:
            out.append((f"foes.{k}", f"{card['name']} is carried but no room names it"))
        elif card["gold"] > per_xp * max(1, card["xp"]):
            out.append((f"foes.{k}", f"{card['name']} gives {card['gold']} Gold for {card['xp']} XP; at most "
                                     f"{per_xp} a point of XP, as our Foes (a Character Deck's Gold is checked so)"))
    if len(carried) != len(a.get("foes", [])):
        out.append(("foes", "a made Foe is carried twice"))
    return out


def gold_per_xp() -> int:
    """The most Gold our Foes give for a point of XP (build/validate.gold_most reads it)."""
    return max([-(-f.get("gold", 0) // max(1, f.get("xp", 1))) for f in data.foes().values()] or [0])


def room_gold_most() -> int:
    """The most Gold the rooms of one adventure give: the most of ours (build/validate
    bounds a Character Deck's Gold with it)."""
    return builtin_gold()


def made_id(a: dict[str, Any]) -> str:
    """The id of a made adventure: the hash of all of it but the id (an edited adventure is
    another id, so a game under way keeps the one it started with)."""
    body = {k: v for k, v in a.items() if k != "id"}
    return MADE_PREFIX + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]


def made_problems(a: Any) -> list[str]:
    """Every reason a made adventure is not one the rules play, in the content check's words
    (the Library's check of a kept or arriving one)."""
    found = check_row("adventure", a, spec())
    if found:
        return found
    return [f"adventure: {path}: {why}" for path, why in adventure_problems(a)]


def record_problem(a: Any) -> str | None:
    """The first reason a made adventure is refused as a game's option: ``made_problems``,
    and its id must be the hash of it (an id always names one adventure)."""
    found = made_problems(a)
    if not found and a["id"] != made_id(a):
        found = ["adventure: a made adventure's id is the hash of it (it was changed after it was made)"]
    return found[0] if found else None


def check_adventure(raw: dict[str, Any]) -> list[str]:
    """An adventure file of ours: its rooms by the spec every adventure is checked with
    (``spec()``, ``adventure_problems``), then what only ours must have: treasures
    with a Gold value, at least 8 rooms, 2 obstacles and a rest spot with Wandering Foes,
    and in adventure.toml the app's level table."""
    out: list[str] = []
    info = raw.get("adventure", {})
    if not isinstance(info, dict):
        return ["[adventure] must be a table"]
    out += check_value("treasure", raw.get("treasure", []),
                       ListOf(Table({"id": Text(1, 40), "name": Text(1, 40), "gold": Range(0, 99)}, strict=True)))
    if "levels" in info:
        levels = info["levels"]
        out += check_value("adventure.levels", levels, ListOf(Range(0, 10**6), at_least=1, at_most=10))
        if not out and (levels[0] != 0 or levels != sorted(levels)):
            out.append("adventure: levels are rising XP figures starting at 0")
    record = {k: info[k] for k in ("id", "name", "text", "start", "won") if k in info}
    record["rooms"] = raw.get("room", [])
    found = check_row("adventure", record, spec())
    if found or out:
        return out + found
    ids = {t["id"] for t in raw.get("treasure", [])}
    gold = sum(r.get("gold", 0) for r in record["rooms"])
    out += [f"{path}: {why}" for path, why in adventure_problems(record, ids, gold)]
    rows = record["rooms"]
    if len(rows) < 8 or sum(1 for r in rows if r.get("obstacle")) < 2 \
            or not any(r.get("rest") and r.get("wander") for r in rows):
        out.append("the adventure needs 8 rooms, 2 obstacles and a rest spot with wandering Foes")
    return out
