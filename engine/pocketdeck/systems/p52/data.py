"""P52 content: loading the tables of content/p52/*.toml and checking every field.

The numbers are the scenario's (see each file's [source]); the engine reads them only
through these helpers so a missing or mistyped field fails the content check at build
time with the file and field named, not a KeyError in the middle of a fight.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...content import (ContentError, ListOf, MapOf, OneOf, Optional, Range, Table, check_value,
                        load, register_checker, table_rows)
from .enemycard import check_enemy_rows, check_quest_rows
from .maths import CORE, formula_names, rank, spot_kind

FILES = ("races", "classes", "abilities", "enemies", "items", "quirks", "quests", "first")
KINDS = {"attack", "area", "blast", "finisher", "summon", "heal", "heal_party", "revive",
         "defend", "lockpick", "threaten", "poison", "snatch", "freeze", "shield", "regen",
         "gizmo", "hover", "poof"}
ITEM_KINDS = {"light", "lock_pick", "bundle", "booby_trap", "old_trap", "gear", "heal", "armor",
              "tuner", "manual", "weapon", "ice", "tome", "fire", "revive", "full_heal",
              "stamina", "adrenaline", "cloak", "key", "relic"}
RTYPES = {"melee", "ranged", "magic"}
ABILITY_NAMES = {"aLv", "Over", "R", "E", *CORE}
ENEMY_NAMES = {"Lv", "Over", "R"}


def _file(name: str) -> dict[str, Any]:
    return load(f"p52/{name}.toml")


@lru_cache(maxsize=None)
def races() -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in _file("races")["race"]}


@lru_cache(maxsize=None)
def classes() -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in _file("classes")["class"]}


@lru_cache(maxsize=None)
def abilities() -> dict[str, dict[str, Any]]:
    return {a["id"]: a for a in _file("abilities")["ability"]}


def ability(aid: str) -> dict[str, Any]:
    return abilities()[aid]


def supported(aid: str) -> bool:
    return abilities()[aid].get("supported", True)


@lru_cache(maxsize=None)
def enemies() -> dict[str, Any]:
    data = _file("enemies")
    return {"by_card": {e["card"]: e for e in data["enemy"]}, "suits": data["suits"],
            "boss": data["boss"], "king_flip": data["king_flip"]["multiplier"]}


def made_quest(state: dict[str, Any]) -> dict[str, Any] | None:
    """The quest of the player's own this game plays (its option ``quest``), once chosen."""
    return state["options"].get("quest") if state["quest"].get("yours") else None


def enemy_row(state: dict[str, Any], card_rank: str) -> dict[str, Any]:
    """The Enemies table's row the rules read for a face card of ``card_rank`` in this game:
    an enemy the player made (carried by the chosen quest of their own, or by the option
    ``enemies``), else ours. The game carries the made rows in its options (each checked there
    with its id the hash of its card), so a saved, replayed or shared game reads the same rows
    and an enemy edited later never changes a game under way."""
    quest = made_quest(state)
    for card in (quest or {}).get("cards", []) + state["options"].get("enemies", []):
        if card["card"] == card_rank:
            return card
    return enemies()["by_card"][card_rank]


@lru_cache(maxsize=None)
def items() -> dict[str, dict[str, Any]]:
    return {i["id"]: i for i in _file("items")["item"]}


def item(iid: str) -> dict[str, Any]:
    return items()[iid]


@lru_cache(maxsize=None)
def chest_table() -> dict[int, str]:
    return {int(k): v for k, v in _file("items")["chest"].items()}


@lru_cache(maxsize=None)
def start_table() -> list[dict[str, Any]]:
    return list(_file("items")["start"])


def start_items(total: int) -> list[str]:
    """Starting Items: the item ids a two-card sum offers (['any'] = choose any)."""
    for band in start_table():
        if band["low"] <= total <= band["high"]:
            return list(band["items"])
    raise ValueError(f"a two-card sum must be 2 to 26, got {total}")


@lru_cache(maxsize=None)
def start_choices() -> list[str]:
    """Every item the starting table names (what 'choose any' chooses from)."""
    out: list[str] = []
    for band in start_table():
        out.extend(i for i in band["items"] if i != "any" and i not in out)
    return out


@lru_cache(maxsize=None)
def quirks() -> dict[str, dict[str, Any]]:
    return {q["id"]: q for q in _file("quirks")["quirk"]}


@lru_cache(maxsize=None)
def quests() -> dict[str, dict[str, Any]]:
    return {q["id"]: q for q in _file("quests")["quest"]}


def name_suggestions() -> list[str]:
    return list(_file("quests")["names"]["suggestions"])


@lru_cache(maxsize=None)
def first_quest() -> dict[str, Any]:
    """The first quest (content/p52/first.toml): its [quest] table with its ``spots``
    (entrance first) and the Enemy cards of its enemy spots."""
    data = _file("first")
    return dict(data["quest"], spots=[dict(s) for s in data["spot"]])


# -- the content checker --------------------------------------------------------------
# Each file's rows are first checked against a typed-row schema (pocketdeck.content), so
# the cross-checks below (formulas, ids, tables of sums) only ever see well-typed rows and
# a wrongly typed file gives a list of problems, never a crash.
MODS = Table({k: int for k in CORE}, strict=True)
RACE = {"id": str, "name": str, "blurb": str, "mods": MODS}
CLASS = {"id": str, "name": str, "blurb": str, "mods": MODS, "abilities": ListOf(str)}
ABILITY = {"id": str, "name": str, "target": str, "kind": OneOf(*sorted(KINDS)),
           "rtype": OneOf(*sorted(RTYPES)), "text": str, "range": int, "exp": int,
           "prereq": Table({k: Optional(int) for k in CORE}, strict=True),
           "damage": Optional(str), "mode": Optional(str), "supported": Optional(bool)}
SUITS = Table({s: dict for s in "SHDC"}, strict=True)
BOSS = {"hp": str, "initiative": str,
        "attack": ListOf({"target": str, "damage": str}, at_least=1)}
ITEM = {"id": str, "name": str, "kind": OneOf(*sorted(ITEM_KINDS)), "text": str}
START = {"low": Range(2, 26), "high": Range(2, 26), "items": ListOf(str)}  # two-card sums
QUIRK = {"id": str, "name": str, "penalty": str, "bonus": str}
ATTACKS = {"attack", "area", "blast", "finisher", "summon", "heal", "heal_party", "revive"}


def _check_formula(problems: list[str], where: str, expr: Any, allowed: set[str]) -> None:
    if not isinstance(expr, str):
        problems.append(f"{where}: formula must be text")
        return
    try:
        unknown = formula_names(expr) - allowed
    except (ValueError, SyntaxError, RecursionError, MemoryError) as exc:
        problems.append(f"{where}: {type(exc).__name__}: {str(exc)[:80]}")
        return
    if unknown:
        problems.append(f"{where}: formula {expr[:80]!r} uses unknown name(s) {sorted(unknown)}")


def _table(problems: list[str], data: dict[str, Any], key: str, spec: Any) -> Any:
    """data[key] when it matches spec, else None (and its problems listed)."""
    found = check_value(f"[{key}]", data.get(key), spec)
    problems.extend(found)
    return None if found else data[key]


def _check_races(data: dict[str, Any]) -> list[str]:
    return table_rows(data, "race", RACE)[1]


def _check_classes(data: dict[str, Any]) -> list[str]:
    rows, problems = table_rows(data, "class", CLASS, ident="id")
    try:
        known = set(abilities())
    except (ContentError, KeyError, TypeError):
        return problems + ["classes need a valid p52/abilities.toml to name their abilities"]
    for c in rows:
        bad = [a for a in c["abilities"] if a not in known]
        if bad:
            problems.append(f"class {c['id']}: unknown abilities {bad[:5]}")
    return problems


def _check_abilities(data: dict[str, Any]) -> list[str]:
    rows, problems = table_rows(data, "ability", ABILITY)
    for a in rows:
        where = f"ability {a['id']}"
        _check_formula(problems, where + " target", a["target"], ABILITY_NAMES)
        if "damage" in a:
            _check_formula(problems, where + " damage", a["damage"], ABILITY_NAMES)
        elif a["kind"] in ATTACKS and a.get("supported", True):
            problems.append(f"{where}: a {a['kind']} ability needs 'damage'")
        if a["kind"] == "defend" and a.get("mode") not in ("block", "counter_spell", "dodge"):
            problems.append(f"{where}: a defend ability needs mode block, counter_spell or dodge")
    return problems


def _check_enemies(data: dict[str, Any]) -> list[str]:
    # every row by the strict spec a made enemy is checked with too (enemycard.py)
    problems = check_enemy_rows(data.get("enemy"))
    _table(problems, data, "suits", SUITS)
    boss = _table(problems, data, "boss", BOSS)
    if boss is not None:
        for k in ("hp", "initiative"):
            _check_formula(problems, f"boss {k}", boss[k], ENEMY_NAMES)
        for j, atk in enumerate(boss["attack"]):
            for k in ("target", "damage"):
                _check_formula(problems, f"boss attack {j + 1} {k}", atk[k], ENEMY_NAMES)
    _table(problems, data, "king_flip", {"multiplier": int})
    return problems


def _check_items(data: dict[str, Any]) -> list[str]:
    rows, problems = table_rows(data, "item", ITEM)
    ids = {it["id"] for it in rows}
    chest = _table(problems, data, "chest", MapOf(str))
    if chest is not None:
        sums = [k for k in chest if isinstance(k, str) and k.isdecimal() and k.isascii()]
        if sorted(int(k) for k in sums) != list(range(2, 27)) or len(sums) != len(chest):
            problems.append("[chest] must list every sum from 2 to 26")
        problems.extend(f"chest {str(k)[:10]}: unknown item {v[:40]!r}" for k, v in chest.items()
                        if v not in ids)
    bands, found = table_rows(data, "start", START, label="start", ident="")
    problems.extend(found)
    covered: list[int] = []
    for band in bands:
        covered.extend(range(band["low"], band["high"] + 1))
        problems.extend(f"start {band['low']}: unknown item {v[:40]!r}" for v in band["items"]
                        if v != "any" and v not in ids)
    if not found and sorted(covered) != list(range(2, 27)):
        problems.append("[[start]] bands must cover every sum from 2 to 26 once")
    return problems


def _check_quirks(data: dict[str, Any]) -> list[str]:
    return table_rows(data, "quirk", QUIRK, at_least=0)[1]


def _check_quests(data: dict[str, Any]) -> list[str]:
    problems = check_quest_rows(data.get("quest"))
    if not problems and {q["id"] for q in data["quest"]} != {"big_boss", "survival", "trapped", "treasure"}:
        problems.append("needs the four quests big_boss, survival, trapped, treasure")
    _table(problems, data, "names", {"suggestions": ListOf(str, at_least=1)})
    return problems


FIRST = {"id": str, "name": str, "blurb": str, "bonus": str, "kind": OneOf("survival"),
         "env": OneOf("inside"), "lit": bool, "enemies": ListOf(str, at_least=1)}
FIRST_SPOT = {"x": Range(0, 6), "y": Range(0, 9), "card": str, "exit": Optional(bool)}


def _check_first(data: dict[str, Any]) -> list[str]:
    """The first quest's room: real cards, each once (number cards on the spots, face
    cards for the enemies); connected spots, the entrance first with nothing below it,
    one exit; as many enemy spots (by the spot table, for any party size) as Enemy cards."""
    problems: list[str] = []
    quest = _table(problems, data, "quest", FIRST)
    spots, found = table_rows(data, "spot", FIRST_SPOT, label="spot", ident="")
    problems.extend(found)
    if quest is None or found:
        return problems
    ranks = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10"}
    cards = [s["card"] for s in spots]
    if len(set(cards)) != len(cards) or not all(len(c) >= 2 and c[-1] in "SHDC" and c[:-1] in ranks
                                                for c in cards):
        problems.append("spot cards must be distinct number cards of the Room deck (A-10 of S, H, D, C)")
        return problems
    foes = quest["enemies"]
    if len(set(foes)) != len(foes) or not all(len(c) == 2 and c[0] in "JQK" and c[1] in "SHDC" for c in foes):
        problems.append("enemies must be distinct face cards of the Enemy deck (J, Q, K of S, H, D, C)")
    cells = [(s["x"], s["y"]) for s in spots]
    where = set(cells)
    if len(where) != len(cells):
        problems.append("two spots on one cell")
    x0, y0 = cells[0]
    if any(y > y0 for _, y in cells) or any(x == x0 and y > y0 for x, y in cells):
        problems.append("the entrance (the first spot) is on the bottom row with nothing below it")
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in where and n not in seen:
                seen.add(n)
                todo.append(n)
    if seen != where:
        problems.append("the spots must be connected on their sides (Room/Space Layout)")
    exits = [i for i, s in enumerate(spots) if s.get("exit")]
    if len(exits) != 1 or exits == [0]:
        problems.append("exactly one spot, not the entrance, is the exit")
    for players in (1, 4):
        kinds = [spot_kind(c, quest["kind"], players) for c in cards]
        if any(k not in ("normal", "enemy", "hidden", "obstructed", "chest") for k, _ in kinds):
            problems.append(f"spot cards must be plain spots, chests or enemies ({players} player(s))")
        if sum(n for k, n in kinds if k == "enemy") != len(foes):
            problems.append(f"the enemy spots hold {len(foes)} enemies, one per Enemy card, "
                            f"for {players} player(s)")
    if spot_kind(cards[0], quest["kind"], 1)[0] != "normal" or any(rank(c) == "A" for c in cards):
        problems.append("the entrance is a normal spot; no Ace (a boss or a quest's own spot)")
    return problems


CHECKS = {"races": _check_races, "classes": _check_classes, "abilities": _check_abilities,
          "enemies": _check_enemies, "items": _check_items, "quirks": _check_quirks,
          "quests": _check_quests, "first": _check_first}


def check_content(name: str, data: dict[str, Any]) -> list[str]:
    """Every problem of one P52 content file (the file's own schema, then its cross-checks)."""
    base = name.split("/")[-1].removesuffix(".toml")
    if base not in CHECKS:
        return [f"unexpected P52 content file {name[:60]!r}"]
    return CHECKS[base](data)


register_checker("p52", check_content)
