"""The character builder and levelling up (PG "Character Creation", "Leveling up";
reference character-creation.md).

A custom character starts at level 1 with every modifier 0 and 6 + 3 XP; the player
chooses a Role, then raises (or, at creation only, lowers) attributes and skills, learns
powers whose prerequisites hold, and takes vulnerabilities for XP. A level up adds 1 max HP
and 3 XP, spent the same way (modifiers only go up after creation). Every step is one
enumerated action; the sheet's derived numbers are recomputed after each.
"""

from __future__ import annotations

from typing import Any

from . import gear
from . import sheet as sh

# "lists are any of, except where a power needs all": the upgrade of a power needs it
NEEDS_ALL = frozenset({"Attack, Mystic Amplification 2"})
CREATION, LEVELUP = "build", "levelup"
# Discard Powers come with the Role (PG, Discard Powers: one per Dealer), not bought
DISCARD_POWERS = frozenset({"Aggro", "Help", "Thwart", "Infuse", "Amplify", "Intensify"})
# 05_Vulnerabilities, the Stats ones ("On character creation, you start with -1/-2 AGL"):
# the attribute starts there; the vulnerability's XP is all it gives (the premades' XP fit
# only this: no XP back for the points it takes off)
STARTS = {"Clumsy": "AGL", "Weak": "STR", "Frail": "VIT", "Dumb": "INT", "Uncertain": "CON",
          "Counterintuitive": "GUT"}
# 05_Vulnerabilities Prereq, checked when the vulnerability is taken: modifiers below a figure
# (all of them) or a power held. The reference names "Creature Connection", which no power is:
# read as Creature Link, the power that gives a Companion (docs/rules/dofa.md)
VULN_BELOW = {"Illiterate": (("INT", 1),), "Conceited": (("INT", 1), ("GUT", 1))}
VULN_POWERS = {"Chaotic Companion": ("Creature Link",)}
AT_TAKING_ONLY = ("Illiterate",)    # "The skill prerequisite only applies at the time the Vulnerability is taken"
FRAIL_FORM_SPEED = 2     # 05_Vulnerabilities, Frail Form: "combat speed is reduced by two spaces"


def blank_sheet(name: str) -> dict[str, Any]:
    attrs = {a: 0 for a in sh.ATTRIBUTES}
    s = {"id": "custom", "name": name or "My character", "pronouns": "", "role": None,
         "level": 1, "primary": None, "attrs": attrs, "skills": {k: 0 for k in sh.SKILLS},
         "own": {k: 0 for k in sh.SKILLS}, "hp_max": 0, "ap_max": 0, "ar": 3, "speed": 6,
         "pp_max": 0, "powers": [], "vulnerabilities": [], "vuln_xp": {}, "slips": [],
         "xp_left": sh.total_xp(1), "armor": None, "shield": False}
    derive(s)
    return s


def derive(s: dict[str, Any]) -> None:
    """Skill totals, HP, AR and max PP from the choices."""
    for k, attr in sh.SKILL_OF.items():
        s["skills"][k] = s["attrs"][attr] + s["own"][k]
    s["hp_max"] = sh.hp_max(s["level"], s["attrs"]["VIT"])
    s["speed"] = 6 - (FRAIL_FORM_SPEED if "Frail Form" in s["vulnerabilities"] else 0)
    gear.derive_armor(s)
    s["pp_max"] = sum(sh.power_pp(p) for p in s["powers"])


def stat_start(vid: str) -> tuple[str, int] | None:
    """The attribute a Stats vulnerability starts lower, and where: ("AGL", -2)."""
    head, _, grade = vid.partition(", ")
    if head in STARTS and grade in ("Minor", "Major"):
        return STARTS[head], -1 if grade == "Minor" else -2
    return None


def vulnerability_ok(s: dict[str, Any], vid: str) -> bool:
    """05_Vulnerabilities: its prerequisites hold; a Stats one needs its attribute still at 0
    (the start it replaces) and every skill under it still within -2 once lowered."""
    if not all(sh.modifier(s, stat) < below for stat, below in VULN_BELOW.get(vid, ())):
        return False
    if vid in VULN_POWERS and not any(p in s["powers"] for p in VULN_POWERS[vid]):
        return False
    start = stat_start(vid)
    if start:
        attr, value = start
        # one Stats vulnerability per attribute: "Dumb, Minor" held (Intelligence raised back to
        # 0 since) and "Dumb, Major" taken too would lower one attribute twice
        if s["attrs"][attr] != 0 or any((stat_start(v) or ("",))[0] == attr for v in s["vulnerabilities"]):
            return False
        return all(value + s["own"][k] >= -2 for k, a in sh.SKILL_OF.items() if a == attr)
    return True


def _droppable(s: dict[str, Any], vid: str) -> bool:
    """A Stats vulnerability is dropped only while its attribute is where it put it, and
    only when its attribute back at 0 leaves every skill of it within the level's cap
    (Character Creation: a skill raised to the cap over a lowered attribute would go past it)."""
    start = stat_start(vid)
    if start is None:
        return True
    cap = sh.cap(s["level"])
    return s["attrs"][start[0]] == start[1] and all(
        s["own"][k] <= cap for k, a in sh.SKILL_OF.items() if a == start[0])


def _value(s: dict[str, Any], stat: str) -> int:
    return s["attrs"][stat] if stat in s["attrs"] else s["own"][stat]


def step_cost(s: dict[str, Any], stat: str, up: bool) -> int:
    """XP to move ``stat`` one step (negative: XP given back)."""
    kind = "attribute" if stat in s["attrs"] else "skill"
    v = _value(s, stat)
    return sh.modifier_cost(kind, v + (1 if up else -1)) - sh.modifier_cost(kind, v)


def respecing(s: dict[str, Any], phase: str) -> bool:
    return phase == LEVELUP and bool(s.get("respec"))


def can_move(s: dict[str, Any], stat: str, up: bool, floor: int = -2) -> bool:
    """Within ``floor`` (-2; 0 when re-specialising) .. the level's cap for the stat and
    every skill it moves; XP enough."""
    cap = sh.cap(s["level"])
    d = 1 if up else -1
    if not up and _value(s, stat) - 1 < floor:
        return False
    if stat in s["attrs"]:
        totals = [s["attrs"][stat] + d] + [s["skills"][k] + d for k, a in sh.SKILL_OF.items() if a == stat]
        if not -2 <= s["attrs"][stat] + d:
            return False
    else:
        totals = [s["skills"][stat] + d]
        if s["own"][stat] + d < -2 or s["own"][stat] + d > 6:
            return False
    if any(t > cap or t < -2 for t in totals) or not -2 <= _value(s, stat) + d <= 6:
        return False
    return step_cost(s, stat, up) <= s["xp_left"]


def power_ok(s: dict[str, Any], pid: str) -> bool:
    """Prerequisites: Role (any of), level, a skill or attribute above a figure (any of),
    powers (any of; all of for NEEDS_ALL)."""
    p = sh.powers()[pid]
    if p.get("roles") and s["role"] not in p["roles"]:
        return False
    if s["level"] < p.get("level", 1):
        return False
    if p.get("skills"):
        if not any(sh.modifier(s, r["name"]) > r["above"] for r in p["skills"]):
            return False
    need = p.get("powers") or []
    if need:
        have = [n in s["powers"] for n in need]
        if not (all(have) if pid in NEEDS_ALL else any(have)):
            return False
    return True


def actions(s: dict[str, Any], phase: str) -> list[dict[str, Any]]:
    if phase == CREATION and s["role"] is None:
        return [{"type": "role", "role": r} for r in sh.ROLES]
    acts: list[dict[str, Any]] = []
    respec = respecing(s, phase)
    if respec:
        acts += [{"type": "role", "role": r} for r in sh.ROLES if r != s["role"]]
    elif phase == LEVELUP:
        acts.append({"type": "respec"})
    for stat in sh.ATTRIBUTES + sh.SKILLS:
        if can_move(s, stat, True):
            acts.append({"type": "raise", "stat": stat})
        if (phase == CREATION or respec) and can_move(s, stat, False, -2 if phase == CREATION else 0):
            acts.append({"type": "lower", "stat": stat})
    for pid, p in sh.powers().items():
        if (pid not in s["powers"] and pid not in DISCARD_POWERS and p["xp"] <= s["xp_left"]
                and power_ok(s, pid)):
            acts.append({"type": "learn", "power": pid})
    if phase == CREATION or respec:
        acts += [{"type": "unlearn", "power": pid} for pid in s["powers"]]
    acts += gear.actions(s, creation=phase == CREATION)
    if phase == CREATION:
        taken = sum(s["vuln_xp"].values())
        limits = sh.tables()["experience"]
        for vid, v in sh.vulnerabilities().items():
            if vid in s["vulnerabilities"]:
                if _droppable(s, vid):
                    acts.append({"type": "drop_vulnerability", "id": vid})
            elif len(s["vulnerabilities"]) < limits["max_vulnerabilities"] and vulnerability_ok(s, vid):
                acts += [{"type": "vulnerability", "id": vid, "xp": n} for n in v["xp"]
                         if taken + n <= limits["max_vulnerability_xp"]]
    if finish_problem(s, phase) is None:
        acts.append({"type": "finish"})
    return acts


def finish_problem(s: dict[str, Any], phase: str = CREATION) -> str | None:
    """Why the sheet cannot be finished yet. Prerequisites are checked at creation (where
    lowering a modifier can break one); after it modifiers only go up, and a premade
    sheet's own slips never lock a level-up."""
    if s["role"] is None:
        return "choose a Role first"
    if s["xp_left"] < 0:
        return "more XP spent than the character has"
    bad = [p for p in s["powers"] if (phase == CREATION or respecing(s, phase)) and not power_ok(s, p)]
    if bad:
        return "prerequisites no longer met: " + ", ".join(bad)
    lost = [v for v in s["vulnerabilities"] if phase == CREATION and v in VULN_POWERS
            and not any(p in s["powers"] for p in VULN_POWERS[v])]
    if lost:
        return "a vulnerability needs a power given back: " + ", ".join(lost)
    # 05_Vulnerabilities: only Illiterate's text says its prerequisite "only applies at the
    # time the Vulnerability is taken"; Conceited's ("Intelligence and Intuition < +1")
    # must still hold when creation is done (review D14)
    over = [v for v in s["vulnerabilities"] if phase == CREATION and v in VULN_BELOW
            and v not in AT_TAKING_ONLY
            and not all(sh.modifier(s, stat) < below for stat, below in VULN_BELOW[v])]
    if over:
        return "a vulnerability's prerequisite no longer met: " + ", ".join(over)
    return None


def apply(s: dict[str, Any], a: dict[str, Any]) -> str:
    """Carry out one builder action on the sheet; returns the log line."""
    t = a["type"]
    if t == "role":
        old = s["role"]
        s["role"] = a["role"]
        s["primary"] = sh.tables()["roles"][a["role"]]["skill"]
        lost = [p for p in s["powers"] if sh.powers()[p].get("roles") and a["role"] not in sh.powers()[p]["roles"]]
        for p in lost:       # re-specialising: powers that need the old Role go, for their XP
            s["powers"].remove(p)
            s["xp_left"] += sh.powers()[p]["xp"]
        derive(s)
        gone = f"; gives back {', '.join(sh.power_title(p) for p in lost)}" if lost else ""
        return (f"Role: {a['role']} (primary skill {s['primary']}){gone}." if old is None or not lost
                else f"Role: {old} -> {a['role']} (primary skill {s['primary']}){gone}.")
    if t == "respec":
        s["respec"] = True
        return "Re-specialising (the GM allows it): powers back for their XP, modifiers down to 0, a new Role."
    if t in ("armor", "shield"):
        return gear.apply(s, a)
    if t in ("raise", "lower"):
        up = t == "raise"
        cost = step_cost(s, a["stat"], up)
        s["xp_left"] -= cost
        if a["stat"] in s["attrs"]:
            s["attrs"][a["stat"]] += 1 if up else -1
        else:
            s["own"][a["stat"]] += 1 if up else -1
        derive(s)
        name = sh.NAMES.get(a["stat"], a["stat"])
        return f"{name} {'raised' if up else 'lowered'} to {sh.modifier(s, a['stat']):+d} ({cost:+d} XP)."
    if t == "learn":
        s["powers"].append(a["power"])
        s["xp_left"] -= sh.powers()[a["power"]]["xp"]
        derive(s)
        return f"Learns {sh.power_title(a['power'])} ({sh.powers()[a['power']]['xp']} XP)."
    if t == "unlearn":
        s["powers"].remove(a["power"])
        s["xp_left"] += sh.powers()[a["power"]]["xp"]
        derive(s)
        return f"Gives back {sh.power_title(a['power'])}."
    if t == "vulnerability":
        s["vulnerabilities"].append(a["id"])
        s["vuln_xp"][a["id"]] = a["xp"]
        s["xp_left"] += a["xp"]
        start = stat_start(a["id"])
        if start:
            s["attrs"][start[0]] = start[1]
        derive(s)
        return f"Vulnerability {a['id']} ({'major' if a['xp'] == 2 else 'minor'}, +{a['xp']} XP)."
    if t == "drop_vulnerability":
        s["vulnerabilities"].remove(a["id"])
        s["xp_left"] -= s["vuln_xp"].pop(a["id"])
        start = stat_start(a["id"])
        if start:
            s["attrs"][start[0]] = 0
        derive(s)
        return f"Drops the vulnerability {a['id']}."
    raise ValueError(t)


def level_up(s: dict[str, Any]) -> None:
    """PG, Leveling up: +1 max HP (the formula's level term), 3 XP, higher caps."""
    s["level"] += 1
    s["xp_left"] += sh.tables()["experience"]["per_level"]
    derive(s)
