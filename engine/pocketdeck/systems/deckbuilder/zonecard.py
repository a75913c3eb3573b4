"""A Deckbuilder encounter zone with its arenas as typed fields (Deckbuilder RPG: Encounter
zone, Dungeon Deck, Bosses and Minions): the spec every zone is checked with, ours in
content/deckbuilder/zones.toml at build time and one made on the phone alike, and the checks
across its fields, each naming the field's path (``"link.2.b"``) and the book rule it keeps.

The book's words set the shape; the bounds are what the rules run and a phone's form shows:
- "The current encounter zone is created by laying out a series of arenas, some of which may
  have associated monsters or items. Connections and barriers such as doors are labeled":
  2 to ``MAX_ARENAS`` arenas, each with up to ``MAX_MINIONS`` minions, a boss or not, up to
  ``MAX_ITEMS`` items; links between two different arenas, open or a door, one door at least.
- Dungeon Deck: "As characters move through the dungeon, new arenas will be revealed": the
  party starts in the first arena, so every arena is reached from it by links.
- Bosses and Minions: "Usually there is only one boss per battle": one boss in a zone.
- A made zone's spoils, items and experience stay within what our zones give, so a hero
  carried on from it stays one the hero record check (records.py) accepts.

A made zone carries the made monsters its arenas name (``made_minions``, ``made_bosses``:
their cards, each checked like any made monster), so a link or a file holding it holds
everything a game of it needs. This module sits below ``data`` (it reads the content files
itself, through pocketdeck.content) so the content checker and the made zone share it.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from ...content import load
from ...core.limits import name_problem
from ...schema import ListOf, OneOf, Optional, Range, Table, Text, check_row
from .monstercard import BOSS, MINION, card_problem

MAX_ARENAS = 8       # arenas of one zone (ours have 3 or 4); a phone's form stays usable
MAX_MINIONS = 4      # minions set out in one arena
MAX_ITEMS = 3        # items lying in one arena
MAX_LINKS = 16
MAX_SPOILS = 12
MAX_MONSTERS = 16    # minions and boss of a whole zone: the seats of one battle
MAX_CARRIED = 4      # made monsters one zone carries (its record stays within the Library's size)
MADE_PREFIX = "yours_"
NAME = Text(1, 40)
ARENA_ID = Text(1, 20)
REF = Text(1, 40)

Problem = tuple[str, str]


def zone_spec(minion_ref: Any = REF, boss_ref: Any = REF, item_ref: Any = REF, spoil_ref: Any = REF,
              *, ours: bool = False) -> Table:
    """The whole zone. The refs name a minion, a boss, an item, a spoil (any short text,
    checked across fields; a phone's form narrows each to a choice). ``ours``: a row of
    zones.toml, which may also say ``solo``, ``made`` and mark an arena ``yours`` (data.py);
    a made zone carries its made monsters instead."""
    arena: dict[str, Any] = {"id": ARENA_ID, "name": NAME,
                             "minions": Optional(ListOf(minion_ref, at_most=MAX_MINIONS)),
                             "boss": Optional(boss_ref), "items": Optional(ListOf(item_ref, at_most=MAX_ITEMS))}
    zone: dict[str, Any] = {
        "id": Text(1, 40), "name": NAME, "experience": Range(0, 10),
        "spoils": ListOf(spoil_ref, at_most=MAX_SPOILS),
        "link": ListOf(Table({"a": ARENA_ID, "b": ARENA_ID, "kind": OneOf("open", "door")}, strict=True),
                       at_least=1, at_most=MAX_LINKS)}
    if ours:
        arena["yours"] = Optional(bool)
        zone.update(solo=Optional(bool), made=Optional(bool))
    else:
        zone.update(made_minions=Optional(ListOf(MINION, at_most=MAX_CARRIED)),
                    made_bosses=Optional(ListOf(BOSS, at_most=MAX_CARRIED)))
    zone["arena"] = ListOf(Table(arena, strict=True), at_least=2, at_most=MAX_ARENAS)
    return Table(zone, strict=True)


SPEC = zone_spec()
FILE_SPEC = zone_spec(ours=True)


@lru_cache(maxsize=None)
def _ours() -> dict[str, Any]:
    """What the rules know of ours: minion and boss ids, the cards a spoil may be, and what
    our zones give (spoils, arena items, the most items of one zone, the most experience)."""
    gear, monsters, cards, zones = (load(f"deckbuilder/{n}.toml") for n in ("gear", "monsters", "cards", "zones"))
    known = {r["id"] for k in ("weapon", "armor", "power") for r in gear.get(k, [])}
    known |= {r["id"] for k in ("tableau", "ability") for r in cards.get(k, [])}
    ours = [z for z in zones.get("zone", []) if isinstance(z, dict)]
    return {"minions": {m["id"] for m in monsters.get("minion", [])},
            "bosses": {b["id"] for b in monsters.get("boss", [])},
            "gear": {r["id"] for k in ("weapon", "armor", "power") for r in gear.get(k, [])},
            "cards": known,
            "spoils": sorted({s for z in ours for s in z.get("spoils", [])}),
            "items": sorted({i for z in ours for a in z.get("arena", []) for i in a.get("items", [])}),
            "most_items": max((sum(len(a.get("items", [])) for a in z.get("arena", [])) for z in ours), default=0),
            "most_experience": max((z.get("experience", 0) for z in ours), default=0)}


def ours_given() -> dict[str, Any]:
    """The spoils and items our zones give (a made zone's choices), and their most."""
    return _ours()


def _reach(arenas: list[dict[str, Any]], links: list[dict[str, Any]]) -> set[str]:
    ids = {a["id"] for a in arenas}
    seen, todo = {arenas[0]["id"]}, [arenas[0]["id"]]
    while todo:
        here = todo.pop()
        for ln in links:
            for x, y in ((ln["a"], ln["b"]), (ln["b"], ln["a"])):
                if x == here and y in ids and y not in seen:
                    seen.add(y)
                    todo.append(y)
    return seen


def zone_problems(z: dict[str, Any], *, made: bool = True) -> list[Problem]:
    """What is wrong across the fields of a zone its spec already accepted. ``made``: a zone
    made on the phone (its monsters ours or carried, its spoils, items and experience within
    ours); False: a row of zones.toml, whose references data.cross_check sees."""
    out: list[Problem] = []
    arenas, links = z["arena"], z["link"]
    ids = [a["id"] for a in arenas]
    for i, a in enumerate(arenas):
        if not all(c.isalnum() or c == "_" for c in a["id"]):
            out.append((f"arena.{i}.id", "an arena's id is letters, digits and _ (links name it)"))
        elif ids.index(a["id"]) != i:
            out.append((f"arena.{i}.id", f"arena id {a['id']!r} is used by an earlier arena"))
    pairs: set[frozenset[str]] = set()
    for j, ln in enumerate(links):
        for end in ("a", "b"):
            if ln[end] not in ids:
                out.append((f"link.{j}.{end}", f"a link to arena {ln[end][:20]!r}, which the zone has not "
                                               "(Encounter zone: connections attached to each arena)"))
        if ln["a"] == ln["b"]:
            out.append((f"link.{j}.b", f"a link joins two different arenas, not {ln['a'][:20]!r} to itself "
                                       "(Encounter zone: connections show adjacency)"))
        elif frozenset((ln["a"], ln["b"])) in pairs:
            out.append((f"link.{j}", "two arenas are joined once (Encounter zone)"))
        pairs.add(frozenset((ln["a"], ln["b"])))
    if not any(ln["kind"] == "door" for ln in links):
        out.append(("link", "needs at least one door (Encounter zone: connections and barriers such as doors)"))
    reached = _reach(arenas, links)
    out += [(f"arena.{i}", f"no link leads to {a['id']!r} from the first arena {ids[0]!r}, where the party "
                           "starts (Dungeon Deck: arenas are revealed as characters move through)")
            for i, a in enumerate(arenas) if a["id"] not in reached and ids.index(a["id"]) == i]
    bosses = [i for i, a in enumerate(arenas) if a.get("boss")]
    lair = not made and z.get("made") is True   # the made monster's zone: its boss is the monster
    if not lair and len(bosses) != 1:
        out.append(("arena", f"a zone has one boss, not {len(bosses)} (Bosses and Minions: usually there is "
                             "only one boss per battle)"))
    monsters = sum(len(a.get("minions", [])) + bool(a.get("boss")) for a in arenas)
    if monsters > MAX_MONSTERS:
        out.append(("arena", f"{monsters} monsters in one zone; at most {MAX_MONSTERS} (Encounter zone: each "
                             "monster a card the GM runs)"))
    if made:
        out += _made_problems(z)
    texts = [("name", z["name"])] + [(f"arena.{i}.name", a["name"]) for i, a in enumerate(arenas)]
    out += [(path, why) for path, text in texts if (why := name_problem(text, 40))]
    return out


def _made_problems(z: dict[str, Any]) -> list[Problem]:
    """A made zone's references: monsters ours or carried, and what a hero may take from it
    within what our zones give (the hero record check, records.py, knows only those)."""
    out: list[Problem] = []
    ours = _ours()
    carried_m = {c["id"]: c for c in z.get("made_minions", [])}
    carried_b = {c["id"]: c for c in z.get("made_bosses", [])}
    named: set[str] = set()
    for i, a in enumerate(z["arena"]):
        for k, m in enumerate(a.get("minions", [])):
            named.add(m)
            if m not in ours["minions"] and m not in carried_m:
                out.append((f"arena.{i}.minions.{k}", f"minion {m[:40]!r} is neither one of ours nor one this zone "
                                                      "carries (Bosses and Minions)"))
        if a.get("boss"):
            named.add(a["boss"])
            if a["boss"] not in ours["bosses"] and a["boss"] not in carried_b:
                out.append((f"arena.{i}.boss", f"boss {a['boss'][:40]!r} is neither one of ours nor one this zone "
                                               "carries (Bosses and Minions)"))
        for k, it in enumerate(a.get("items", [])):
            if it not in ours["items"]:
                out.append((f"arena.{i}.items.{k}", f"{it[:40]!r} is not an item our arenas hold (Encounter zone: "
                                                    "items; a hero who picks it up is checked against them)"))
    items = sum(len(a.get("items", [])) for a in z["arena"])
    if items > ours["most_items"]:
        out.append(("arena", f"{items} items in all; at most {ours['most_items']}, as our zones (a hero's cards "
                             "are checked against what a zone gives)"))
    for k, s in enumerate(z["spoils"]):
        if s not in ours["spoils"]:
            out.append((f"spoils.{k}", f"{s[:40]!r} is not a spoil of our zones (to the victor go the spoils; a "
                                       "hero's cards are checked against them)"))
        elif s in z["spoils"][:k]:
            out.append((f"spoils.{k}", "a spoil is listed once"))
    if z["experience"] > ours["most_experience"]:
        out.append(("experience", f"at most {ours['most_experience']} experience, as our zones give (a hero's "
                                  "experience is checked against the encounters cleared)"))
    for key, rank in (("made_minions", "minion"), ("made_bosses", "boss")):
        ids = [c["id"] for c in z.get(key, [])]
        for k, card in enumerate(z.get(key, [])):
            why = card_problem(dict(card, rank=card.get("rank", rank)))
            if why or card.get("rank") != rank:
                out.append((f"{key}.{k}", why or f"a carried {rank} says rank {rank!r}"))
            elif card["id"] not in named:
                out.append((f"{key}.{k}", f"{card['name']} is carried but no arena names it"))
            elif ids.index(card["id"]) != k:
                out.append((f"{key}.{k}", "a made monster is carried once"))
    return out


def made_id(z: dict[str, Any]) -> str:
    """The id of a made zone: the hash of all of it but the id (an edited zone is another
    id, so a game under way keeps the zone it started with)."""
    body = {k: v for k, v in z.items() if k != "id"}
    return MADE_PREFIX + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]


def made_problems(z: Any) -> list[str]:
    """Every reason a made zone is not one the rules play, in the content check's words (the
    Library's check of a kept or arriving one)."""
    found = check_row("zone", z, SPEC)
    if found:
        return found
    return [f"zone: {path}: {why}" for path, why in zone_problems(z)]


def zone_problem(z: Any) -> str | None:
    """The first reason a made zone is refused as a game's option: ``made_problems``, and
    its id is the hash of it (an id always names one zone)."""
    found = made_problems(z)
    if not found and z["id"] != made_id(z):
        found = ["zone: a made zone's id is the hash of it (it was changed after it was made)"]
    return found[0] if found else None


def check_zone_rows(zones: list[Any]) -> tuple[list[dict[str, Any]], list[str]]:
    """zones.toml's zones by the spec a made zone is checked with: (the well-typed rows,
    the problems of every row, its typed fields then across them)."""
    good, out = [], []
    for i, z in enumerate(zones):
        where = f"zone {i + 1}" + (f" ({str(z.get('id'))[:40]})" if isinstance(z, dict) and "id" in z else "")
        found = check_row(where, z, FILE_SPEC)
        if found:
            out.extend(found)
            continue
        good.append(z)
        out.extend(f"{where}: {path}: {why}" for path, why in zone_problems(z, made=False))
    return good, out
