"""A bestiary entry as typed fields (GMG, Character Types; PG, Dealers, NPCs and Companions;
Health and Armor): the spec every creature of the GM's table is checked with, the 24 of
content/dofa-gm/bestiary.toml at build time and a creature the GM makes on the phone alike,
and the checks across its fields, each naming the field it concerns and the rule it keeps.

Why the problems carry a field's path (``"powers.2"``, ``"ar"``): the form that makes a
creature (pocketdeck/form.py) shows each problem beside its field, in the words the content
check prints for the file. It imports nothing of the GM's table (bestiary.py reads it), so
the loader, the table and the maker share one description without an import circle.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from ... import content
from ...core.limits import name_problem
from ...schema import ListOf, OneOf, Optional, Range, Table, Text, check_row
from ..dofa.build import DISCARD_POWERS
from ..dofa.sheet import ATTRIBUTES, DEALER_MIN_HP, SKILLS

TYPES = ("Companion", "NPC", "Dealer", "Boss")
NAME = Text(1, 40)
TEXT_MAX = 200
POWERS_MAX = 16          # the most a bestiary entry lists (the Necromancer's 16)
NPC_MAX_HP = DEALER_MIN_HP - 1
PARTY_AP_MAX = 3         # GMG, Managing Player Resources (fight.AP_MAX): a Companion is the party's
ARMOR_AR = (1, 2, 3)     # PG, Health and Armor, the Armor Table's AR column
# GMG, Character Types: "Bosses ... gain the following benefits: Adversary Actions, House
# Actions, and Phases". The Adversary and House Actions the table runs (boss.ACTIONS) and the
# Boss-Only powers of 04_Powers that have no XP cost (content/dofa/powers.toml leaves them
# out: no Dealer buys them) are a Boss's alone.
BOSS_POWERS = ("Adversary Major Action", "Shake Enemy", "Drain Stamina", "Ally Swap", "Phase Shift",
               "Wall Grab", "Obey Me", "Summon Ally", "Amplify Ally", "Drain Life", "Stunning Glare",
               "Undying", "Undying Vulnerability", "Manifest Terrain", "Manifest Terrain: Web")
PICKABLE = ("Condition Resilience", "Condition Immunity")     # powers.PICKABLE, picked
CONDITIONS = ("Blinded", "Deafened", "Burned", "Poisoned", "Frozen", "Suffocating")

Problem = tuple[str, str]  # (the field's path, what is wrong)


@lru_cache(maxsize=1)
def known_powers() -> tuple[str, ...]:
    """The powers the table knows: the PG's (content/dofa/powers.toml), each Resilience or
    Immunity with its condition picked, and the Boss's (``BOSS_POWERS``)."""
    ids = [p["id"] for p in content.load("dofa/powers.toml")["power"]]
    picked = [f"{p}: {c}" for p in PICKABLE for c in CONDITIONS]
    return tuple(dict.fromkeys(sorted(ids) + picked + list(BOSS_POWERS)))


@lru_cache(maxsize=1)
def spec() -> Table:
    """The bestiary entry's spec. ``id`` names a creature of ours (its name, "Gray Wolf");
    a made one carries ``name`` and an id that is the hash of its card (``made_id``)."""
    return Table({
        "id": Text(1, 40), "name": Optional(NAME), "type": OneOf(*TYPES), "level": Range(1, 10),
        "hp": Range(1, 99), "ap": Range(0, 9), "ar": Range(0, 6), "pp": Range(0, 20),
        "attributes": Table({a: Range(-3, 9) for a in ATTRIBUTES}, strict=True),
        "powers": ListOf(OneOf(*known_powers()), at_most=POWERS_MAX),
        "text": Text(1, TEXT_MAX), "primary": Optional(OneOf(*SKILLS)),
    }, strict=True)


def unarmored_ar(agl: int) -> int:
    """PG, Health and Armor: "Without armor, this is 3 minus half of your Agility modifier
    rounded down", never below 0: at Agility +8 or +9 the formula's -1 is 0 (our choice,
    docs/rules/dofa.md, "A creature of your own": the GM's table takes an attack's DR as
    the target's AR, at least 0, turns.do_attack, and keeps AR 0 to 6 everywhere)."""
    return max(0, 3 - agl // 2)


def words_problem(text: Any, most: int) -> str | None:
    """A name or the one-line text: printable (no control or text-direction character, one
    line) and plain words, no markup: the bestiary's words are read, never run."""
    why = name_problem(text, most)
    if why:
        return why.replace("a name is", "it is").replace("a name may", "it may")
    if "<" in text or ">" in text:
        return "plain words only: no < or > (markup is refused)"
    return None


def creature_problems(c: dict[str, Any], made: bool = True) -> list[Problem]:
    """What is wrong across the fields of a creature its spec already accepted, each with
    the book's rule. ``made``: a creature of the GM's; the bestiary's own entries keep the
    reference's figures where the table corrects them in play (the Ritualist's 4 HP is
    raised to a Dealer's 5 by bestiary.from_creature, docs/rules/dofa.md)."""
    out: list[Problem] = []
    kind, hp = c["type"], c["hp"]
    if made and kind in ("Dealer", "Boss") and hp < DEALER_MIN_HP:
        out.append(("hp", f"a {kind} has at least {DEALER_MIN_HP} HP (PG, Dealers, NPCs and Companions: "
                          "Dealers \u201cHave at least 5 health points\u201d; a Boss is a Dealer made a Boss, "
                          "GMG, Character Types)"))
    if kind == "NPC" and hp > NPC_MAX_HP:
        out.append(("hp", f"an NPC has at most {NPC_MAX_HP} HP: NPCs \u201cAre weaker than Dealers\u201d, who have "
                          "at least 5, and \u201cTypically have between 1-3 HP\u201d (PG, Dealers, NPCs and "
                          "Companions); make it a Dealer"))
    if kind == "Companion" and c["ap"] > PARTY_AP_MAX:
        out.append(("ap", f"a Companion fights with the party, who hold at most {PARTY_AP_MAX} AP (GMG, Managing "
                          "Player Resources)"))
    bare = unarmored_ar(c["attributes"]["AGL"])
    if c["ar"] not in ARMOR_AR and c["ar"] != bare:
        out.append(("ar", f"AR is an armor's (1 to 3, the Armor Table) or, without armor, 3 minus half the "
                          f"Agility modifier rounded down ({bare} at Agility {c['attributes']['AGL']:+d}) "
                          "(PG, Health and Armor)"))
    seen: set[str] = set()
    for i, p in enumerate(c["powers"]):
        if p in seen:
            out.append((f"powers.{i}", f"{p} is listed twice"))
        seen.add(p)
        if p in BOSS_POWERS and kind != "Boss":
            out.append((f"powers.{i}", f"{p} is a Boss's: Bosses alone gain Adversary Actions, House Actions "
                                       "and Phases (GMG, Character Types)"))
        if p in DISCARD_POWERS and kind == "NPC":
            out.append((f"powers.{i}", f"{p} is a Discard Power: NPCs \u201cCannot use either Fate Cards or "
                                       "Discard Actions\u201d (PG, Dealers, NPCs and Companions; Discard Powers)"))
    if (why := words_problem(c["text"], TEXT_MAX)):
        out.append(("text", why))
    if "name" in c and (why := words_problem(c["name"], 40)):
        out.append(("name", why))
    return out


def check_bestiary_rows(rows: list[Any]) -> list[str]:
    """bestiary.toml's checker, row by row: the spec, then across the fields (``made`` off)."""
    out: list[str] = []
    for i, r in enumerate(rows):
        where = f"creature {r.get('id', i + 1) if isinstance(r, dict) else i + 1}"
        found = check_row(where, r, spec())
        out.extend(found or [f"{where}: {path}: {m}" for path, m in creature_problems(r, made=False)])
    return out


MADE_PREFIX = "yours_"   # every made creature's id starts so; no creature of ours does


def made_id(card: dict[str, Any]) -> str:
    """The id of a made creature: the hash of everything on its card but the id. An edited
    creature is another id, so a game under way keeps the card it was added with."""
    body = {k: v for k, v in card.items() if k != "id"}
    return MADE_PREFIX + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]


def made_problems(card: Any) -> list[str]:
    """Every reason a made creature's card is not one the table plays, in the content check's
    words: its fields (``spec``), a name, and across them (``creature_problems``). The
    Library's record check of kind ``creature``: its id is given anew when a game takes it
    (``made_id``), so a kept creature renamed or duplicated stays one the rules play."""
    found = check_row("creature", card, spec())
    if found:
        return found
    if "name" not in card:
        return ["creature: 'name' is missing (a made creature is named, 1 to 40 characters)"]
    return [f"creature: {path}: {m}" for path, m in creature_problems(card, made=True)]


def card_problem(card: Any) -> str | None:
    """The first reason a made creature's card is refused by a game (None: the table plays
    it): ``made_problems``, and its id must be the hash of the card, so that one id always
    names one card in a game's options, actions and state."""
    found = made_problems(card)
    if not found and card["id"] != made_id(card):
        found = ["creature: a made creature's id is the hash of its card (it was changed after it was made)"]
    return found[0] if found else None
