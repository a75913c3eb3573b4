"""The character sheet: content tables, the premade characters, derived statistics and
the XP arithmetic of character creation (reference character-creation.md).

A sheet is a plain dict inside the game state. Derived numbers follow the PG ("Health and
Armor"): HP = 4 + level + Vitality; AR from Agility (checks.armor_range); max PP grows by
the largest PP figure of each power.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ... import content
from ...content import ListOf, MapOf, OneOf, Optional, Range, Table, check_value, table_rows
from .gear import derive_armor
from .tables import NAMES, tables  # noqa: F401 (read here and through the sheet by its callers)

ATTRIBUTES: tuple[str, ...] = ("AGL", "CON", "GUT", "INT", "STR", "VIT")
SKILL_OF: dict[str, str] = {
    "Finesse": "AGL", "Stealth": "AGL", "Bluffing": "CON", "Performance": "CON",
    "Detection": "GUT", "Craft": "GUT", "Knowledge": "INT", "Investigation": "INT",
    "Athletics": "STR", "Brute": "STR"}
SKILLS: tuple[str, ...] = tuple(SKILL_OF)
ROLES = ("Caster", "Defender", "Martial", "Support")


@lru_cache(maxsize=None)
def powers() -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in content.load("dofa/powers.toml")["power"]}


@lru_cache(maxsize=None)
def vulnerabilities() -> dict[str, dict[str, Any]]:
    return {v["id"]: v for v in content.load("dofa/vulnerabilities.toml")["vulnerability"]}


@lru_cache(maxsize=None)
def companions() -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in content.load("dofa/companions.toml")["companion"]}


def companion_hp(level: int) -> int:
    """PG, Health and Armor: a companion's HP is half its Dealer's level, rounded up."""
    return (level + 1) // 2


def new_companion(cid: str, level: int) -> dict[str, Any]:
    """A companion's sheet: attributes as the bestiary lists them; a skill is its attribute."""
    c = companions()[cid]
    hp = companion_hp(level)
    return {"id": cid, "attrs": dict(c["attributes"]),
            "skills": {k: c["attributes"][a] for k, a in SKILL_OF.items()},
            "hp": hp, "hp_max": hp, "ap": c["ap"], "ap_max": c["ap"], "ar": c["ar"],
            "listed_hp": c["hp"]}


@lru_cache(maxsize=None)
def premades() -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in content.load("dofa/premades.toml")["character"]}


def power_title(pid: str) -> str:
    """A power's name, or its id where two powers share the name (Weapon Attack)."""
    name = powers()[pid]["name"]
    return name if sum(1 for p in powers().values() if p["name"] == name) == 1 else pid


def premade_name(pid: str) -> str:
    c = premades()[pid]
    suit = pid.rstrip("0123456789")
    return f"{suit} ({c['role']}, level {c['level']})"


# -- derived numbers ------------------------------------------------------------------------
DEALER_MIN_HP = 5   # PG, Dealers, NPCs and Companions: Dealers "Have at least 5 health points"


def hp_max(level: int, vitality: int) -> int:
    """PG, Health and Armor: 4 + level + Vitality (level 10 with +6 is 20; the GMG's 21 is
    a slip). The floor of 5 (PG, Dealers: "at least 5 health points") is on the level-1
    figure, and each level then adds 1 (PG, Leveling up: "Add 1 to their maximum HP"), so
    the floor never swallows a level's HP: Vitality -2 is 5, 6, 7 at levels 1, 2, 3."""
    return max(DEALER_MIN_HP, 4 + 1 + vitality) + level - 1


def cap(level: int) -> int:
    """The highest modifier allowed at ``level`` (character-creation.md)."""
    caps = tables()["caps"]["upper_by_level"]
    return caps[min(max(level, 1), len(caps)) - 1]


def total_xp(level: int) -> int:
    """6 at creation plus 3 per level (what the premade characters spend; the PG's 2 per
    level does not fit them)."""
    xp = tables()["experience"]
    return xp["creation"] + xp["per_level"] * level


def modifier_cost(kind: str, value: int) -> int:
    """Total XP to take an attribute or skill modifier from 0 to ``value``."""
    costs = tables()["costs"]
    if value not in costs["modifiers"]:
        raise ValueError(f"a modifier runs from -2 to +6, not {value}")
    return costs[kind][costs["modifiers"].index(value)]


def power_pp(pid: str) -> int:
    """What a power adds to max PP: the largest PP figure it lists (0 for none)."""
    p = powers().get(pid)
    return max(p["pp"]) if p and p["pp"] else 0


def discard_cap(level: int) -> int:
    """Discard Powers: 0 before level 2, then 4 / 6 / 8 from levels 1 / 5 / 8 of the PG's
    table (the text says Discard Powers start at level 2)."""
    if level < 2:
        return 0
    return max(row["cap"] for row in tables()["discard"] if row["level"] <= level)


def sheet_from_premade(pid: str, name: str = "") -> dict[str, Any]:
    """A sheet from a premade character; its slips are noted, never silently kept. Its
    listed AR and AP are mapped to armor of the PG Armor Table and a shield (premades.toml);
    a listed figure the mapping does not give back is a slip."""
    c = premades()[pid]
    level, attrs = c["level"], dict(c["attributes"])
    slips: list[str] = []
    hp = hp_max(level, attrs["VIT"])
    if c["hp"] != hp:
        slips.append(f"listed HP {c['hp']}, but 4 + level {level} + Vitality {attrs['VIT']} is "
                     f"{4 + level + attrs['VIT']}" + (f", and a Dealer has at least {DEALER_MIN_HP} (at level 1, +1 a level): {hp}"
                                                      if hp != 4 + level + attrs["VIT"] else ""))
    if pid.rstrip("0123456789") + str(level) != pid:
        slips.append(f"named for level {pid[-1]} but listed at level {level}; kept at level {level}")
    owned, vulns, missing = [], [], []
    for p in c["powers"]:
        if p in powers():
            owned.append(p)
        elif p in vulnerabilities():
            vulns.append(p)
        else:
            missing.append(p)
    if missing:
        slips.append("not in the power list (left off): " + ", ".join(missing))
    sheet = {
        "id": pid, "name": name or pid.rstrip("0123456789"), "pronouns": c["pronouns"],
        "role": c["role"], "level": level, "primary": c["primary_skill"],
        "attrs": attrs, "skills": dict(c["skills"]),
        "hp_max": hp, "ap_max": 0, "ar": 3, "speed": c["speed"],
        "armor": c["armor"] or None, "shield": c["shield"],
        "pp_max": sum(power_pp(p) for p in owned),
        "powers": owned, "vulnerabilities": vulns, "slips": slips,
        "own": {k: c["skills"][k] - attrs[a] for k, a in SKILL_OF.items()},
        "vuln_xp": {}, "xp_left": 0,
    }
    derive_armor(sheet)
    if (sheet["ar"], sheet["ap_max"]) != (c["ar"], c["ap"]):
        slips.append(f"listed AR {c['ar']} and AP {c['ap']}, the gear gives AR {sheet['ar']} and AP {sheet['ap_max']}")
    return sheet


def modifier(sheet: dict[str, Any], stat: str | None) -> int:
    """The modifier of an attribute or a skill; 0 for none (Rest Cards)."""
    if stat is None:
        return 0
    if stat in sheet["attrs"]:
        return sheet["attrs"][stat]
    return sheet["skills"][stat]


# -- the content checker (typed rows first: a badly typed row is a problem, never a crash) --
MODS = Table({a: Range(-2, 6) for a in ATTRIBUTES}, strict=True)
SKILL_MODS = Table({k: Range(-2, 6) for k in SKILL_OF}, strict=True)
PREMADE = {"id": str, "pronouns": str, "role": OneOf(*ROLES), "level": Range(1, 10),
           "primary_skill": OneOf(*SKILL_OF), "hp": Range(0, 99), "ap": Range(0, 99),
           "ar": Range(0, 6), "armor": str, "shield": bool, "speed": Range(0, 99),
           "attributes": MODS, "skills": SKILL_MODS, "powers": ListOf(str)}
POWER = Table({"id": str, "name": str, "type": OneOf("Major", "Minor", "Passive"),
               "xp": Range(0, 99), "pp": ListOf(Range(0, 99)), "roles": Optional(ListOf(OneOf(*ROLES))),
               "level": Optional(Range(1, 10)),
               "skills": Optional(ListOf({"name": OneOf(*ATTRIBUTES, *SKILL_OF), "above": Range(-2, 6)})),
               "powers": Optional(ListOf(str)), "text": str}, strict=True)
VULNERABILITY = {"id": str, "xp": ListOf(OneOf(1, 2), at_least=1), "text": str}
TEXT_MAX = 300  # characters of a power's or vulnerability's words: one or two sentences on a phone
COMPANION = {"id": str, "hp": Range(0, 99), "ap": Range(0, 99), "ar": Range(0, 6), "attributes": MODS}
ARMOR = Table({"name": str, "ar": Range(0, 6), "ap": Range(0, 9),
               "needs": Optional(MapOf(Range(-2, 6)))}, strict=True)
TABLES = {
    "experience": {"creation": Range(0, 99), "per_level": Range(0, 99),
                   "max_vulnerabilities": Range(0, 99), "max_vulnerability_xp": Range(0, 99)},
    "costs": {"modifiers": ListOf(int, at_least=1), "attribute": ListOf(int), "skill": ListOf(int)},
    "caps": {"lower": int, "upper_by_level": ListOf(Range(-2, 6))},
    "attributes": MapOf({"name": str, "skills": ListOf(str)}),
    "roles": MapOf({"attribute": OneOf(*ATTRIBUTES), "skill": OneOf(*SKILL_OF), "discard": str}),
}
# GMG, Items, Shield Quality Table; the first row is a sheet's plain shield (premades.toml)
SHIELD = Table({"name": str, "ap": Range(0, 9)}, strict=True)


def _check_tables(data: dict[str, Any]) -> list[str]:
    problems = [p for key, spec in TABLES.items()
                for p in (check_value(key, data[key], spec) if key in data else [f"needs a [{key}] table"])]
    armor, found = table_rows(data, "armor", ARMOR, ident="name")
    problems += found
    for row in armor:
        bad = [k for k in row.get("needs", {}) if k not in ATTRIBUTES]
        if bad:
            problems.append(f"armor {row['name']}: needs names {', '.join(bad)}, not attributes")
    shields, found = table_rows(data, "shield", SHIELD, ident="name")
    problems += found
    if not found and (not shields or shields[0]["name"] != "Standard"):
        problems.append("shield: the first row must be the Standard shield (a sheet's plain shield)")
    discard, found = table_rows(data, "discard", {"level": Range(1, 10), "cap": Range(0, 54)}, ident="")
    problems += found
    if problems:
        return problems
    costs = data["costs"]
    for kind in ("attribute", "skill"):
        if len(costs[kind]) != len(costs["modifiers"]):
            problems.append(f"costs.{kind} needs one figure per modifier")
    if len(data["caps"]["upper_by_level"]) != 10:
        problems.append("caps.upper_by_level needs levels 1 to 10")
    if set(data["roles"]) != set(ROLES):
        problems.append(f"roles must be {', '.join(ROLES)}")
    return problems


def _check_premades(data: dict[str, Any]) -> list[str]:
    rows, problems = table_rows(data, "character", PREMADE)
    try:
        names = {row["name"] for row in tables()["armor"]} if not problems else set()
    except (content.ContentError, KeyError, TypeError):
        names = set()      # tables.toml reports its own problems
    for c in rows:
        if c["armor"] and names and c["armor"] not in names:
            problems.append(f"character {c['id']}: armor {c['armor']!r} is not in the Armor Table")
    return problems


def _check_texts(key: str, rows: list[dict[str, Any]]) -> list[str]:
    """Every power and vulnerability says what it does (our words, shown in the builder and
    on the sheet): a non-empty text short enough to read on a phone."""
    problems = []
    for r in rows:
        text = r["text"].strip()
        if not text:
            problems.append(f"{key} {r['id']}: 'text' must say what it does, not be empty")
        elif len(text) > TEXT_MAX:
            problems.append(f"{key} {r['id']}: 'text' must be at most {TEXT_MAX} characters, not {len(text)}")
    return problems


def _check_powers(data: dict[str, Any]) -> list[str]:
    rows, problems = table_rows(data, "power", POWER)
    return problems + _check_texts("power", rows)


def _check_vulnerabilities(data: dict[str, Any]) -> list[str]:
    rows, problems = table_rows(data, "vulnerability", VULNERABILITY)
    return problems + _check_texts("vulnerability", rows)


def _check_companions(data: dict[str, Any]) -> list[str]:
    return table_rows(data, "companion", COMPANION)[1]


CHECKS = {"tables": _check_tables, "premades": _check_premades, "powers": _check_powers,
          "vulnerabilities": _check_vulnerabilities, "companions": _check_companions}


def check_content(name: str, data: dict[str, Any]) -> list[str]:
    """The content checker for content/dofa/*.toml: each file's typed rows, then its
    cross-checks on well-typed rows only."""
    base = name.split("/")[-1].removesuffix(".toml")
    if base not in CHECKS:
        return [f"unknown dofa content file {base!r} (expected one of {', '.join(CHECKS)})"]
    return CHECKS[base](data)
