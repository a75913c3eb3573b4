"""P52 content: loading the tables of content/p52/*.toml and checking every field.

The numbers are the scenario's (see each file's [source]); the engine reads them only
through these helpers so a missing or mistyped field fails the content check at build
time with the file and field named, not a KeyError in the middle of a fight.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...content import load, register_checker
from .maths import CORE, formula_names

FILES = ("races", "classes", "abilities", "enemies", "items", "quirks", "quests")
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


# -- the content checker --------------------------------------------------------------
def _need(problems: list[str], where: str, row: dict[str, Any], key: str, kind: type) -> bool:
    if not isinstance(row.get(key), kind) or isinstance(row.get(key), bool) and kind is not bool:
        problems.append(f"{where}: '{key}' must be {kind.__name__}")
        return False
    return True


def _check_formula(problems: list[str], where: str, expr: Any, allowed: set[str]) -> None:
    if not isinstance(expr, str):
        problems.append(f"{where}: formula must be text")
        return
    try:
        unknown = formula_names(expr) - allowed
    except (ValueError, SyntaxError) as exc:
        problems.append(f"{where}: {exc}")
        return
    if unknown:
        problems.append(f"{where}: formula {expr!r} uses unknown name(s) {sorted(unknown)}")


def _check_mods(problems: list[str], where: str, mods: Any) -> None:
    if not isinstance(mods, dict) or set(mods) != set(CORE):
        problems.append(f"{where}: 'mods' must give all of {', '.join(CORE)}")
    elif not all(isinstance(v, int) for v in mods.values()):
        problems.append(f"{where}: every modifier must be a whole number")


def check_content(name: str, data: dict[str, Any]) -> list[str]:
    base = name.split("/")[-1].removesuffix(".toml")
    problems: list[str] = []
    if base == "races":
        for i, r in enumerate(data.get("race") or []):
            where = f"race {i + 1}"
            for k in ("id", "name", "blurb"):
                _need(problems, where, r, k, str)
            _check_mods(problems, where, r.get("mods"))
        if not data.get("race"):
            problems.append("needs [[race]] rows")
    elif base == "classes":
        known = {a["id"] for a in load("p52/abilities.toml")["ability"]}
        for i, c in enumerate(data.get("class") or []):
            where = f"class {i + 1}"
            for k in ("id", "name", "blurb"):
                _need(problems, where, c, k, str)
            _check_mods(problems, where, c.get("mods"))
            if _need(problems, where, c, "abilities", list):
                bad = [a for a in c["abilities"] if a not in known]
                if bad:
                    problems.append(f"{where}: unknown abilities {bad}")
        if not data.get("class"):
            problems.append("needs [[class]] rows")
    elif base == "abilities":
        for i, a in enumerate(data.get("ability") or []):
            where = f"ability {a.get('id', i + 1)}"
            for k in ("id", "name", "target", "kind", "rtype", "text"):
                _need(problems, where, a, k, str)
            for k in ("range", "exp"):
                _need(problems, where, a, k, int)
            if a.get("kind") not in KINDS:
                problems.append(f"{where}: kind must be one of {sorted(KINDS)}")
            if a.get("rtype") not in RTYPES:
                problems.append(f"{where}: rtype must be melee, ranged or magic")
            prereq = a.get("prereq")
            if not isinstance(prereq, dict) or not set(prereq) <= set(CORE):
                problems.append(f"{where}: prereq must name core abilities")
            _check_formula(problems, where + " target", a.get("target"), ABILITY_NAMES)
            if "damage" in a:
                _check_formula(problems, where + " damage", a["damage"], ABILITY_NAMES)
            elif a.get("kind") in ("attack", "area", "blast", "finisher", "summon", "heal",
                                   "heal_party", "revive") and a.get("supported", True):
                problems.append(f"{where}: a {a.get('kind')} ability needs 'damage'")
            if a.get("kind") == "defend" and a.get("mode") not in ("block", "counter_spell", "dodge"):
                problems.append(f"{where}: a defend ability needs mode block, counter_spell or dodge")
    elif base == "enemies":
        for i, e in enumerate(data.get("enemy") or []):
            where = f"enemy {e.get('card', i + 1)}"
            if e.get("card") not in ("J", "Q", "K"):
                problems.append(f"{where}: card must be J, Q or K")
            for k in ("hp", "target", "damage", "initiative"):
                _check_formula(problems, f"{where} {k}", e.get(k), ENEMY_NAMES)
            for k in ("move", "range", "exp"):
                _need(problems, where, e, k, int)
            if e.get("rtype") not in RTYPES:
                problems.append(f"{where}: rtype must be melee, ranged or magic")
            d = e.get("defence")
            if not isinstance(d, dict) or set(d) != RTYPES:
                problems.append(f"{where}: defence must give magic, melee and ranged")
        if sorted(e.get("card") for e in data.get("enemy") or []) != ["J", "K", "Q"]:
            problems.append("needs one [[enemy]] row for each of J, Q, K")
        if set(data.get("suits") or {}) != {"S", "H", "D", "C"}:
            problems.append("needs [suits.S], [suits.H], [suits.D] and [suits.C]")
        boss = data.get("boss") or {}
        for k in ("hp", "initiative"):
            _check_formula(problems, f"boss {k}", boss.get(k), ENEMY_NAMES)
        for j, atk in enumerate(boss.get("attack") or []):
            for k in ("target", "damage"):
                _check_formula(problems, f"boss attack {j + 1} {k}", atk.get(k), ENEMY_NAMES)
        if not boss.get("attack"):
            problems.append("the boss needs [[boss.attack]] rows")
        if not isinstance((data.get("king_flip") or {}).get("multiplier"), int):
            problems.append("[king_flip] needs a whole-number multiplier")
    elif base == "items":
        ids = set()
        for i, it in enumerate(data.get("item") or []):
            where = f"item {it.get('id', i + 1)}"
            for k in ("id", "name", "kind", "text"):
                _need(problems, where, it, k, str)
            if it.get("kind") not in ITEM_KINDS:
                problems.append(f"{where}: kind must be one of {sorted(ITEM_KINDS)}")
            ids.add(it.get("id"))
        chest = data.get("chest") or {}
        if sorted(int(k) for k in chest) != list(range(2, 27)):
            problems.append("[chest] must list every sum from 2 to 26")
        for k, v in chest.items():
            if v not in ids:
                problems.append(f"chest {k}: unknown item {v!r}")
        covered: list[int] = []
        for band in data.get("start") or []:
            covered.extend(range(band.get("low", 0), band.get("high", -1) + 1))
            for v in band.get("items") or []:
                if v != "any" and v not in ids:
                    problems.append(f"start {band.get('low')}: unknown item {v!r}")
        if sorted(covered) != list(range(2, 27)):
            problems.append("[[start]] bands must cover every sum from 2 to 26 once")
    elif base == "quirks":
        for i, q in enumerate(data.get("quirk") or []):
            for k in ("id", "name", "penalty", "bonus"):
                _need(problems, f"quirk {i + 1}", q, k, str)
    elif base == "quests":
        ids = set()
        for i, q in enumerate(data.get("quest") or []):
            for k in ("id", "name", "blurb", "bonus"):
                _need(problems, f"quest {i + 1}", q, k, str)
            ids.add(q.get("id"))
        if ids != {"big_boss", "survival", "trapped", "treasure"}:
            problems.append("needs the four quests big_boss, survival, trapped, treasure")
        names = (data.get("names") or {}).get("suggestions")
        if not isinstance(names, list) or not names:
            problems.append("[names] needs suggestions")
    else:
        problems.append(f"unexpected P52 content file {name!r}")
    return problems


register_checker("p52", check_content)
