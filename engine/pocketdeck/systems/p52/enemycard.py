"""The P52 enemy and the P52 quest as typed fields: the specs content/p52/enemies.toml and
quests.toml are checked with at build time, and an enemy or a quest made on the phone alike,
with the checks across their fields, each naming the field's path and the book's rule.

Why paths (``"defence.melee"``, ``"enemies.1"``): the maker's form (pocketdeck/form.py) shows
each problem beside its field, in the words the content check prints for a file. It sits
below ``data`` (which reads the files) and imports only ``maths``, so the loaders, the content
checker, the rules and the maker share one description without an import circle.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ...core.limits import name_problem
from ...schema import ListOf, OneOf, Optional, Range, Table, Text, check_row
from .maths import formula, formula_names

RANKS = ("J", "Q", "K")
RTYPES = ("magic", "melee", "ranged")
QUEST_KINDS = ("big_boss", "survival", "trapped", "treasure")
FORMULA = Text(1, 20)
NAME = Text(1, 40)
MOD = Range(-5, 5)

ENEMY = Table({
    "id": Optional(NAME), "card": OneOf(*RANKS), "name": NAME, "hp": FORMULA, "attack": NAME,
    "rtype": OneOf(*RTYPES), "target": FORMULA, "damage": FORMULA, "initiative": FORMULA,
    "move": Range(0, 6), "range": Range(0, 9), "defence": Table({r: MOD for r in RTYPES}, strict=True),
    "exp": Range(0, 50),
}, strict=True)

QUEST = Table({
    "id": NAME, "name": NAME, "blurb": Text(1, 200), "bonus": Text(1, 200),
    "kind": Optional(OneOf(*QUEST_KINDS)), "rooms": Optional(Range(2, 6)),
    "enemies": Optional(ListOf(NAME, at_most=3)), "cards": Optional(ListOf(ENEMY, at_most=3)),
}, strict=True)

Problem = tuple[str, str]  # (the field's path, what is wrong)
# what each formula may read, and when it is read (Enemies table: Lv = average player level,
# Over = amount the attack flip beat the target, R = distance in spots): HP and Initiative
# when the enemy appears (no distance, no flip yet), the target before the flip (no Over)
READS = {"hp": {"Lv"}, "initiative": {"Lv"}, "target": {"Lv", "R"}, "damage": {"Lv", "Over", "R"}}
# the values a formula may give, over every average level 1-100, distance 0-20, Over 0-26
BOUNDS = {"hp": (1, 9999), "initiative": (-99, 999), "target": (-99, 99), "damage": (-9999, 9999)}
LEVELS = range(1, 101)


def enemy_problems(e: dict[str, Any]) -> list[Problem]:
    """What is wrong across the fields of an enemy its spec (``ENEMY``) already accepted."""
    out: list[Problem] = []
    for key, names in READS.items():
        try:
            unknown = formula_names(e[key]) - names
        except (ValueError, SyntaxError, RecursionError, MemoryError):
            out.append((key, f"formula {e[key][:20]!r}: only whole numbers, Lv, Over, R, + - * / and brackets "
                             "(Enemies table)"))
            continue
        if unknown:
            out.append((key, f"{key} may read only {', '.join(sorted(names))}, not {', '.join(sorted(unknown))} "
                             f"(Enemies table: {_when(key)})"))
            continue
        low, high = BOUNDS[key]
        values = [formula(e[key], {"Lv": lv, "R": r, "Over": o}) for lv in LEVELS for r in (0, 20) for o in (0, 26)]
        if min(values) < low or max(values) > high:
            rule = ("Enemies table: an enemy appears with at least 1 HP at every average level"
                    if key == "hp" else "Enemies table")
            out.append((key, f"{key} must stay within {low} to {high} at average levels 1 to 100 ({rule})"))
    if e["rtype"] == "melee" and e["range"] != 0:
        out.append(("range", "a melee attack reaches only its own spot: range 0 (Attack/Item Range: "
                             "a Range of 0 is the same spot)"))
    if e["rtype"] != "melee" and e["range"] < 1:
        out.append(("range", f"a {e['rtype']} attack reaches at least one spot: range 1 or more "
                             "(Attack/Item Range)"))
    for key in ("name", "attack"):
        if why := name_problem(e[key], 40):
            out.append((key, why))
    return out


def _when(key: str) -> str:
    return {"hp": "HP is set when the enemy appears", "initiative": "initiative is set when the enemy appears",
            "target": "the target is known before the flip"}.get(key, "")


def _rows(rows: Any, what: str, ident: str, spec: Table, cross: Any) -> list[str]:
    """A file's ``[[what]]`` rows against ``spec``, then (a row its spec accepts) ``cross``."""
    if not isinstance(rows, list):
        return [f"[[{what}]] must be an array of tables"]
    out: list[str] = []
    for row in rows:
        where = f"{what} {row.get(ident, '?') if isinstance(row, dict) else '?'}"
        found = check_row(where, row, spec)
        out.extend(found or [f"{where} {path}: {m}" for path, m in cross(row)])
    return out


def check_enemy_rows(rows: Any) -> list[str]:
    """enemies.toml's ``[[enemy]]`` rows against ``ENEMY``, then across their fields: one row
    for each face card of the Enemy deck (Setting Up the Decks: J, Q, K)."""
    out = _rows(rows, "enemy", "card", ENEMY, enemy_problems)
    if not out and sorted(e["card"] for e in rows) != sorted(RANKS):
        out.append("needs one [[enemy]] row for each of J, Q, K")
    return out


def _hash(row: dict[str, Any]) -> str:
    body = {k: v for k, v in row.items() if k != "id"}
    return "yours_" + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]


def made_id(card: dict[str, Any]) -> str:
    """The id of a made enemy: the hash of everything on it but the id. An edited enemy is
    another id, so a game under way keeps the enemy it started with."""
    return _hash(card)


def made_problems(card: Any) -> list[str]:
    """Every reason a made enemy is not one the rules play, in the content check's words."""
    found = check_row("enemy", card, ENEMY)
    return found or [f"enemy {path}: {m}" for path, m in enemy_problems(card)]


def card_problem(card: Any) -> str | None:
    """The first reason a made enemy is refused as a game's option: ``made_problems``, and its
    id must be the hash of the card, so an id always names one enemy."""
    found = made_problems(card)
    if not found and card.get("id") != made_id(card):
        found = ["enemy: a made enemy's id is the hash of its card (it was changed after it was made)"]
    return found[0] if found else None


# -- the quest -------------------------------------------------------------------------------
def quest_problems(q: dict[str, Any], made: bool = True) -> list[Problem]:
    """What is wrong across the fields of a quest its spec (``QUEST``) accepted. Ours (quests.toml,
    ``made`` False) are the book's four, their id their kind; a made one names the kind whose
    rules it is played by (Choose a Quest: "take some time to customize them ... You can always
    make up a new quest idea"), and carries the made enemies it names."""
    out: list[Problem] = []
    kind = q.get("kind") if made else q["id"]
    if made and kind is None:
        out.append(("kind", "a quest of your own is played by the rules of one of the book's four quests "
                            "(Choose a Quest): choose which"))
    if not made and (q["id"] not in QUEST_KINDS or "kind" in q):
        out.append(("id", "our quests are the book's four, each by its id (Choose a Quest)"))
    if "rooms" in q and kind != "survival":
        out.append(("rooms", "only a Survival quest sets its number of rooms (Choose a Quest: "
                             "Survival, # Rooms = (14 - Flip) / 2, 2 to 6)"))
    cards = q.get("cards", [])
    ids = [c.get("id") for c in cards]
    for i, c in enumerate(cards):
        why = card_problem(c)
        if why:
            out.append((f"cards.{i}", why))
        if c.get("id") not in q.get("enemies", []):
            out.append((f"cards.{i}", "a quest carries only the enemies it names"))
    faces: dict[str, int] = {}
    for i, ref in enumerate(q.get("enemies", [])):
        if ref not in ids:
            out.append((f"enemies.{i}", f"{ref[:40]!r} names no enemy the quest carries (make it, keep it, "
                                        "then choose it)"))
            continue
        card = cards[ids.index(ref)]["card"]
        if card in faces:
            out.append((f"enemies.{i}", f"two enemies for the {_face(card)}: each face card of the Enemy deck "
                                        "is one enemy (Enemies table, Setting Up the Decks)"))
        faces[card] = i
    for key in ("name", "blurb", "bonus"):
        if why := name_problem(q[key], 200 if key != "name" else 40):
            out.append((key, why.replace("a name", f"the {key}")))
    return out


def _face(card: str) -> str:
    return {"J": "Jacks", "Q": "Queens", "K": "Kings"}[card]


def check_quest_rows(rows: Any) -> list[str]:
    """quests.toml's ``[[quest]]`` rows against ``QUEST``, then across their fields."""
    return _rows(rows, "quest", "id", QUEST, lambda q: quest_problems(q, made=False))


def quest_id(q: dict[str, Any]) -> str:
    """The id of a made quest: the hash of all of it (its carried enemies included) but the id."""
    return _hash(q)


def quest_made_problems(q: Any) -> list[str]:
    """Every reason a made quest is not one the rules play, in the content check's words."""
    found = check_row("quest", q, QUEST)
    return found or [f"quest {path}: {m}" for path, m in quest_problems(q)]


def quest_card_problem(q: Any) -> str | None:
    """The first reason a made quest is refused as a game's option (its id the hash of it)."""
    found = quest_made_problems(q)
    if not found and q.get("id") != quest_id(q):
        found = ["quest: a made quest's id is the hash of it (it was changed after it was made)"]
    return found[0] if found else None
