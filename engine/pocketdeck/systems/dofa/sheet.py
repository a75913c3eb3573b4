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
from .checks import armor_range

ATTRIBUTES: tuple[str, ...] = ("AGL", "CON", "GUT", "INT", "STR", "VIT")
NAMES = {"AGL": "Agility", "CON": "Conviction", "GUT": "Intuition", "INT": "Intelligence",
         "STR": "Strength", "VIT": "Vitality"}
SKILL_OF: dict[str, str] = {
    "Finesse": "AGL", "Stealth": "AGL", "Bluffing": "CON", "Performance": "CON",
    "Detection": "GUT", "Craft": "GUT", "Knowledge": "INT", "Investigation": "INT",
    "Athletics": "STR", "Brute": "STR"}
SKILLS: tuple[str, ...] = tuple(SKILL_OF)
ROLES = ("Caster", "Defender", "Martial", "Support")


@lru_cache(maxsize=None)
def tables() -> dict[str, Any]:
    return content.load("dofa/tables.toml")


@lru_cache(maxsize=None)
def powers() -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in content.load("dofa/powers.toml")["power"]}


@lru_cache(maxsize=None)
def vulnerabilities() -> dict[str, dict[str, Any]]:
    return {v["id"]: v for v in content.load("dofa/vulnerabilities.toml")["vulnerability"]}


@lru_cache(maxsize=None)
def premades() -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in content.load("dofa/premades.toml")["character"]}


def premade_name(pid: str) -> str:
    c = premades()[pid]
    suit = pid.rstrip("0123456789")
    return f"{suit} ({c['role']}, level {c['level']})"


# -- derived numbers ------------------------------------------------------------------------
def hp_max(level: int, vitality: int) -> int:
    """PG, Health and Armor: 4 + level + Vitality (level 10 with +6 is 20; the GMG's 21 is
    a slip)."""
    return 4 + level + vitality


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
    """A sheet from a premade character; its slips are noted, never silently kept."""
    c = premades()[pid]
    level, attrs = c["level"], dict(c["attributes"])
    slips: list[str] = []
    hp = hp_max(level, attrs["VIT"])
    if c["hp"] != hp:
        slips.append(f"listed HP {c['hp']}, but 4 + level {level} + Vitality {attrs['VIT']} is {hp}")
    if pid.rstrip("0123456789") + str(level) != pid:
        slips.append(f"named for level {pid[-1]} but listed at level {level}; kept at level {level}")
    ar = armor_range(attrs["AGL"])
    if c["ar"] != ar:
        slips.append(f"listed AR {c['ar']}, the rule gives {ar}")
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
    return {
        "id": pid, "name": name or premade_name(pid), "pronouns": c["pronouns"],
        "role": c["role"], "level": level, "primary": c["primary_skill"],
        "attrs": attrs, "skills": dict(c["skills"]),
        "hp_max": hp, "ap_max": c["ap"], "ar": ar, "speed": c["speed"],
        "pp_max": sum(power_pp(p) for p in owned),
        "powers": owned, "vulnerabilities": vulns, "slips": slips,
    }


def modifier(sheet: dict[str, Any], stat: str | None) -> int:
    """The modifier of an attribute or a skill; 0 for none (Rest Cards)."""
    if stat is None:
        return 0
    if stat in sheet["attrs"]:
        return sheet["attrs"][stat]
    return sheet["skills"][stat]


def check_content(name: str, data: dict[str, Any]) -> list[str]:
    """The content checker for content/dofa/*.toml."""
    problems: list[str] = []
    if name.endswith("tables.toml"):
        costs = data.get("costs", {})
        for kind in ("attribute", "skill"):
            if len(costs.get(kind, [])) != len(costs.get("modifiers", [1])):
                problems.append(f"costs.{kind} needs one figure per modifier")
        if len(data.get("caps", {}).get("upper_by_level", [])) != 10:
            problems.append("caps.upper_by_level needs levels 1 to 10")
    elif name.endswith("premades.toml"):
        for c in data.get("character", []):
            where = f"character {c.get('id')!r}"
            if set(c.get("attributes", {})) != set(ATTRIBUTES):
                problems.append(f"{where}: attributes must be {', '.join(ATTRIBUTES)}")
            if set(c.get("skills", {})) != set(SKILLS):
                problems.append(f"{where}: skills must be the ten skills")
            if c.get("role") not in ROLES:
                problems.append(f"{where}: unknown role {c.get('role')!r}")
            if c.get("primary_skill") not in SKILLS:
                problems.append(f"{where}: unknown primary skill")
    elif name.endswith("powers.toml"):
        for p in data.get("power", []):
            if p.get("type") not in ("Major", "Minor", "Passive"):
                problems.append(f"power {p.get('id')!r}: type must be Major, Minor or Passive")
            if not isinstance(p.get("xp"), int) or not all(isinstance(x, int) and x >= 0 for x in p.get("pp", [])):
                problems.append(f"power {p.get('id')!r}: xp and pp must be whole numbers")
    elif name.endswith("vulnerabilities.toml"):
        for v in data.get("vulnerability", []):
            if not v.get("xp") or not all(x in (1, 2) for x in v["xp"]):
                problems.append(f"vulnerability {v.get('id')!r}: xp must be 1 (minor) or 2 (major)")
    return problems
