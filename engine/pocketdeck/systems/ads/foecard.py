"""The Foe Card as typed fields (The Foe Card, Playing Foes and NPCs): the spec every Foe
is checked with, the book's Foes of content/ads/foes.toml at build time and a Foe made on
the phone alike, and the checks across its fields, each naming the field it concerns.

Why the problems carry a field's path (``"actions.2.outcomes.1.match"``): the form that
makes a Foe (pocketdeck/form.py) shows each problem beside its field, in the same words
the content check prints for a file. It sits below ``data`` (which re-exports the names
the rules read) so that the loaders and the content checker share one description.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ...core.limits import name_problem
from ...schema import ListOf, OneOf, Optional, Range, Table, Tagged, Text, check_row
from .maths import SYMBOLS, check_formula

DISTANCES = ("ranged", "thrown", "melee")  # far to near; Move changes one step
ATTRIBUTES = {"strength", "agility", "intellect", "piety", "fortitude"}
SIZES = {"S", "M", "L", "XL"}
TRAITS = {"self_preservation", "merciless", "cowardly_sneak", "sneaky", "kiter", "overwhelm",
          "attack_biggest_threat", "attack_prevent_recovery", "attack_punish_spellcasting",
          "attack_retaliation", "attack_opportunist", "attack_brutal", "healer",
          "regeneration", "outnumber", "disease", "darksight"}
FOE_KINDS = {"attack", "sneak", "heal", "move", "disarm"}
NAMED = ("attack", "disarm")  # outcomes the screen and the log name by their weapon or spell
DEFENSE_KINDS = {"armor", "shield", "ward"}
FAILURES = ("base", "nothing", "action")
ROUNDS = ListOf(Range(1, 6), at_least=1, at_most=6)
NAME = Text(1, 40)
FORMULA = Text(1, 12)
PATTERN = Text(1, 4)  # a Draw of 1 to 4 Up/Downs: the book's Foes draw 1 to 3
PLACES = ListOf(OneOf(*DISTANCES), at_most=3)

OUTCOME = Table({"match": PATTERN, "kind": OneOf(*sorted(FOE_KINDS)), "name": Optional(NAME),
                 "damage": Optional(FORMULA), "distances": Optional(PLACES), "ethereal": Optional(bool),
                 "counter_updown": Optional(Range(0, 3)), "when": Optional(OneOf("in_range", "hurt"))},
                strict=True)
ACTION = Table({"rounds": ROUNDS, "draw": Range(1, 4), "failure": OneOf(*FAILURES),
                "failure_action": Optional(Table({"kind": OneOf(*sorted(FOE_KINDS)), "distances": Optional(PLACES)},
                                                 strict=True)),
                "outcomes": ListOf(OUTCOME, at_most=6)}, strict=True)
DEFENSE = Table({"match": PATTERN, "name": NAME, "kind": OneOf(*sorted(DEFENSE_KINDS)), "defense": FORMULA,
                 "rounds": Optional(ROUNDS)}, strict=True)
REACTION = Table({"rounds": ROUNDS, "draw": Range(1, 4), "outcomes": ListOf(DEFENSE, at_least=1, at_most=6)},
                 strict=True)
FOE = Table({
    "id": Text(1, 40), "name": NAME, "xp": Range(1, 99), "hp": Range(1, 99), "gold": Range(0, 99),
    "level": Range(1, 10), "size": OneOf("S", "M", "L", "XL"), "updown": OneOf("up", "down"),
    "base_damage": Range(0, 20), "heal": Optional(FORMULA), "escalate": Optional(bool),
    "attribute": Optional(Table({"name": OneOf(*sorted(ATTRIBUTES)), "pattern": PATTERN}, strict=True)),
    "traits": Optional(ListOf(Tagged(OneOf(*sorted(TRAITS)), Range(0, 99), at_most=4), at_most=8)),
    "actions": ListOf(ACTION, at_least=1, at_most=6),
    "reactions": ListOf(REACTION, at_most=6),
}, strict=True)

Problem = tuple[str, str]  # (the field's path, what is wrong)
# how many values a trait takes, as Foe Traits names them (the rules read them; ours write
# 0 for a trait with none): (fewest, most, the words)
TRAIT_VALUES = {"self_preservation": (1, 1, "X HP"), "merciless": (1, 1, "X Rounds"),
                "regeneration": (1, 1, "X HP"), "outnumber": (2, 2, "X to Y")}


def foe_problems(f: dict[str, Any]) -> list[Problem]:
    """What is wrong across the fields of a Foe that its spec (``FOE``) already accepted:
    patterns against their Draw, formulas, a failure action, the six Rounds, trait values."""
    out: list[Problem] = []
    covered: set[int] = set()
    for i, row in enumerate(f["actions"]):
        at = f"actions.{i}"
        twice = sorted(covered & set(row["rounds"]))
        if twice:  # the Rondel plays one Action a Round: the Foe Card's Action section
            out.append((f"{at}.rounds", f"Round {twice[0]} already has an Action above: one Action a Round"))
        covered.update(row["rounds"])
        if (row["failure"] == "action") != ("failure_action" in row):
            out.append((f"{at}.failure_action",
                        "failure 'action' needs a failure_action of a known kind (and only then)"))
        if row.get("failure_action", {}).get("kind") == "move" and row["failure_action"].get("distances") == []:
            out.append((f"{at}.failure_action.distances", "a Move names the Distance it moves to (at least one)"))
        if row.get("failure_action", {}).get("kind") in NAMED:
            out.append((f"{at}.failure_action.kind", "a Failure Action names no weapon or spell: it may Move, "
                                                     "Sneak or Heal, not Attack or Disarm"))
        for j, o in enumerate(row["outcomes"]):
            out.extend(_pattern(f"{at}.outcomes.{j}.match", o["match"], row["draw"]))
            if o["kind"] == "attack" and (err := check_formula(o.get("damage", ""))):
                out.append((f"{at}.outcomes.{j}.damage", err))
            if o["kind"] == "move" and o.get("distances") == []:  # "Move to <Distance>"
                out.append((f"{at}.outcomes.{j}.distances", "a Move names the Distance it moves to (at least one)"))
            if o["kind"] in NAMED and not o.get("name"):
                out.append((f"{at}.outcomes.{j}.name", f"an outcome that does {o['kind'].title()} names its weapon "
                                                       "or spell (The Foe Card: Short Sword)"))
    if covered != {1, 2, 3, 4, 5, 6}:
        out.append(("actions", "its actions must cover all 6 Rounds"))
    answered: set[int] = set()
    for i, row in enumerate(f["reactions"]):
        twice = sorted(answered & set(row["rounds"]))
        if twice:  # the fight reads the first Reaction row of a Round
            out.append((f"reactions.{i}.rounds", f"Round {twice[0]} already has a Reaction above: one a Round"))
        answered.update(row["rounds"])
        for j, o in enumerate(row["outcomes"]):
            at = f"reactions.{i}.outcomes.{j}"
            out.extend(_pattern(f"{at}.match", o["match"], row["draw"]))
            if check_formula(o["defense"]):
                out.append((f"{at}.defense", "a reaction needs kind armor/shield/ward and a defense formula"))
    for i, t in enumerate(f.get("traits", [])):
        numbers_ok = all(x >= 1 for x in t[1:])
        if t[0] == "overwhelm" and not (2 <= len(t) <= 3 and numbers_ok):
            out.append((f"traits.{i}", "overwhelm needs X Foes (at least 1) and optionally Y Rounds"))
        if t[0] == "disease" and not (4 <= len(t) <= 5 and numbers_ok):
            # the book's "Z Rounds or Counts": the Counts form is not built (docs/rules/ads.md)
            out.append((f"traits.{i}", "disease needs X minimum damage, Y damage, Z Rounds (numbers, at least 1) "
                                       "and optionally a Maximum Damage; a Disease lasting Counts is not built"))
        low, high, what = TRAIT_VALUES.get(t[0], (0, 1, "no value (or one)"))
        if t[0] not in ("overwhelm", "disease") and not low <= len(t) - 1 <= high:
            out.append((f"traits.{i}", f"{t[0].replace('_', ' ')} takes {what} (Foe Traits), not {len(t) - 1}"))
        elif t[0] in TRAIT_VALUES and not numbers_ok:
            out.append((f"traits.{i}", f"{t[0].replace('_', ' ')}: {what} of at least 1 (at 0 it never acts)"))
        if any(u[0] == t[0] for u in f["traits"][:i]):
            out.append((f"traits.{i}", f"{t[0].replace('_', ' ')} is listed above already (the fight reads the first)"))
    heals = any(t[0] == "healer" for t in f.get("traits", [])) or \
        any(o["kind"] == "heal" for row in f["actions"] for o in row["outcomes"] + [row.get("failure_action", {})]
            if o)
    if heals and "heal" not in f:  # Healer: "the Healing Spell listed on this Foe Card"
        out.append(("heal", "a Foe that heals (the Healer trait or a Heal outcome) lists its Healing Spell"))
    if "heal" in f and (err := check_formula(f["heal"])):
        out.append(("heal", err))
    attr = f.get("attribute")
    if attr is not None and not set(attr["pattern"]) <= set(SYMBOLS):
        out.append(("attribute.pattern", "attribute needs a name and a pattern of ^ and v"))
    return out


def _pattern(path: str, pattern: str, draw: int) -> list[Problem]:
    if not pattern or not set(pattern) <= {"^", "v", "*"}:
        return [(path, f"pattern {pattern!r} must be made of ^ v *")]
    if len(pattern) != draw:
        return [(path, f"pattern {pattern!r} does not have Draw {draw} symbols")]
    return []


def check_foes(data: dict[str, Any]) -> list[str]:
    """foes.toml's checker: every ``[[foe]]`` row against ``FOE``, then across its fields."""
    out: list[str] = []
    rows = data.get("foe", [])
    if not isinstance(rows, list):
        return ["[[foe]] must be an array of tables"]
    for f in rows:
        where = f"foe {f.get('id', '?') if isinstance(f, dict) else '?'}"
        found = check_row(where, f, FOE)
        out.extend(found or [f"{where}: {m}" for _, m in foe_problems(f)])
    return out


MADE_PREFIX = "yours_"  # the id of every Foe made on a phone starts so; no Foe of ours does


def made_id(card: dict[str, Any]) -> str:
    """The id of a made Foe: the hash of everything on its card but the id. An edited Foe is
    another id, so a game under way keeps the card it started with."""
    body = {k: v for k, v in card.items() if k != "id"}
    return MADE_PREFIX + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]


def made_problems(card: Any) -> list[str]:
    """Every reason a made Foe's card is not one the rules play, in the content check's words:
    its fields (``FOE``), across them (``foe_problems``), names a screen can show. The Library's
    check of a kept Foe: its id is given anew whenever a game starts from it (``made_id``), so
    a kept Foe renamed or duplicated stays one the rules play."""
    found = check_row("foe", card, FOE)
    if found:
        return found
    found = [f"foe: {m}" for _, m in foe_problems(card)]
    names = [card["name"]] + [o["name"] for row in card["actions"] + card["reactions"]
                              for o in row["outcomes"] if "name" in o]
    found += [f"foe: {why}" for why in sorted({name_problem(n, 40) or "" for n in names}) if why]
    return found


def card_problem(card: Any) -> str | None:
    """The first reason a made Foe's card is refused as a game's option (None: the rules can
    play it): ``made_problems``, and its id must be the hash of the card, so that an id always
    names one card (data.remember)."""
    found = made_problems(card)
    if not found and card["id"] != made_id(card):
        found = ["foe: a made Foe's id is the hash of its card (it was changed after it was made)"]
    return found[0] if found else None
