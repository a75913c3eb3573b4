"""A Deckbuilder monster as typed fields (Deckbuilder RPG, Monsters; Bosses and Minions):
the specs every monster is checked with, the minions and bosses of
content/deckbuilder/monsters.toml at build time and a monster made on the phone alike, and
the checks across their fields, each naming the field's path and the book rule it keeps.

The book gives no numbers for monsters; its words set the shape and the ranges here:
- "Rather than health points, minions simply take a certain number of hits before dying,
  usually one or two": a minion has ``hits`` (1 to 5), an attack and damage of its own
  (it shares the one minion deck, whose cards are not a monster's: monsters.toml
  ``[[minion_card]]``), and no deck, weapon or armor.
- Bosses "have full stats and decks just like the player characters": a boss has a hero's
  stats within the ranges of a hero's information card (heroes.toml), health, weapons or
  spells and an armor of gear.toml, and a deck of Action Tableau cards (one count a stack,
  "Action Tableau": six stacks). The book gives no number of weapons or armor and says "not
  all characters will have all the cards/stacks shown at all times" (Characters): a boss may
  wear no armor (its Defend then only retreats, as a hero's with none). One or two weapons
  is our choice (docs/rules/deckbuilder.md, "A monster of your own"): at least one, so the
  boss can attack; two at the most, as a hero equips (setup.MAX_WEAPONS).
- What a boss is built of is our choice too: no powers, abilities or at-hand items (the
  boss's policy, monsters.py, plays the tableau cards only; its Item/Ability card is let
  go), so its deck holds the six stacks' cards and nothing else.
- Attacks, step 4: damage less "the target's damage resistance, if any".

Why paths (``"weapons.1"``): the maker's form (pocketdeck/form.py) shows each problem beside
its field, in the content check's words. This module sits below ``data`` (it reads gear.toml
itself, through pocketdeck.content) so the content checker and the made monster share it.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from ...content import load
from ...core.limits import name_problem
from ...schema import ListOf, OneOf, Optional, Range, Table, Text, check_row

STACKS = ("melee", "range", "mana", "defend", "rest", "item")   # the Action Tableau's six stacks
STAT = Range(-5, 10)         # an attack or damage modifier, as on a hero's information card
DEFENSE = Range(0, 20)
NAME = Text(1, 40)
MAX_WEAPONS = 2              # our choice: a hero equips two at the most (setup.MAX_WEAPONS); the book gives no number
DECK_LEAST, DECK_MOST = 4, 30  # a boss's deck: its opening hand of 3 and a card to draw; a hero's is 11
HITS = Range(1, 5)           # "usually one or two" hits

MINION = Table({"id": Text(1, 40), "name": NAME, "rank": Optional(OneOf("minion")), "hits": HITS,
                "attack": STAT, "damage": Range(0, 12), "defense": DEFENSE, "kind": OneOf("melee", "range"),
                "resistance": Optional(Range(0, 5))}, strict=True)
BOSS = Table({"id": Text(1, 40), "name": NAME, "rank": Optional(OneOf("boss")),
              "melee_attack": STAT, "melee_damage": STAT, "ranged_attack": STAT, "defense": DEFENSE, "mana": STAT,
              "health": Range(1, 99), "resistance": Range(0, 5),
              "weapons": ListOf(Text(1, 40), at_least=1, at_most=MAX_WEAPONS), "armor": Optional(Text(1, 40)),
              "deck": Table({s: Optional(Range(1, 12)) for s in STACKS}, strict=True)}, strict=True)
SPECS = {"minion": MINION, "boss": BOSS}

Problem = tuple[str, str]  # (the field's path, what is wrong)


@lru_cache(maxsize=None)
def _gear() -> tuple[dict[str, str], frozenset[str]]:
    """(weapon id -> kind, armor ids) of gear.toml: what a boss may carry."""
    g = load("deckbuilder/gear.toml")
    return {w["id"]: w["kind"] for w in g.get("weapon", [])}, frozenset(a["id"] for a in g.get("armor", []))


def spec_of(row: Any) -> Table:
    """The spec of a made monster: its ``rank`` says minion or boss (a boss when unsaid)."""
    return MINION if isinstance(row, dict) and row.get("rank") == "minion" else BOSS


def monster_problems(row: dict[str, Any], *, gear: bool = True) -> list[Problem]:
    """What is wrong across the fields of a monster its spec already accepted. ``gear``:
    also check a boss's weapons and armor against gear.toml (the build-time file check
    leaves that to data.cross_check, which sees every file)."""
    out: list[Problem] = []
    if "weapons" not in row:  # a minion: its spec says all
        return out
    weapons, armors = _gear()
    if not 1 <= len(row["weapons"]) <= MAX_WEAPONS:  # said here too: the form draws them as tick boxes
        out.append(("weapons", f"a boss equips one or two weapons or spells, not {len(row['weapons'])} "
                               "(our choice: one to attack with, two at the most as a hero; the book "
                               "gives no number)"))
    for i, w in enumerate(row["weapons"]):
        if gear and w not in weapons:
            out.append((f"weapons.{i}", f"{w[:40]!r} is not a weapon or spell of the game (Bosses and Minions: "
                                        "a boss's gear is cards like the heroes')"))
        elif w in row["weapons"][:i]:
            out.append((f"weapons.{i}", "a weapon is equipped once (one card a weapon, as a hero's)"))
    if gear and "armor" in row and row["armor"] not in armors:
        out.append(("armor", f"{row['armor'][:40]!r} is not an armor of the game (Bosses and Minions)"))
    if "armor" not in row and row["deck"].get("defend"):
        # found by simulate made:monster-deckbuilder: a Defend card with no armor left the boss's
        # turn unplayed (the retreat it offers instead may lead nowhere); a defense counter goes to
        # an armor (Action Tableau, Defend), so an unarmored boss holds no Defend cards
        out.append(("deck", "a boss with no armor holds no Defend cards (Action Tableau: Defend puts a "
                            "defense counter on an armor)"))
    total = sum(row["deck"].values())
    if not DECK_LEAST <= total <= DECK_MOST:
        out.append(("deck", f"a boss's deck holds {DECK_LEAST} to {DECK_MOST} cards, not {total} (Bosses and "
                            "Minions: decks just like the player characters; it opens with a hand of 3)"))
    return out


def check_monsters(data: dict[str, Any]) -> list[str]:
    """monsters.toml's minions and bosses: every row against its spec, then across its fields."""
    out: list[str] = []
    for rank, least in (("minion", 3), ("boss", 2)):
        rows = data.get(rank)
        if not isinstance(rows, list) or len(rows) < least:
            out.append(f"needs at least {least} [[{rank}]] rows")
            continue
        for i, r in enumerate(rows):
            where = f"{rank} {i + 1}" + (f" ({str(r.get('id'))[:40]})" if isinstance(r, dict) and "id" in r else "")
            found = check_row(where, r, SPECS[rank])
            out.extend(found or [f"{where}: {p}: {m}" for p, m in monster_problems(r, gear=False)])
        ids = [r.get("id") for r in rows if isinstance(r, dict)]
        if len(set(map(str, ids))) != len(ids):
            out.append(f"[[{rank}]] ids must be unique")
    return out


MADE_PREFIX = "yours_"  # the id of every monster made on a phone starts so; none of ours does


def made_id(card: dict[str, Any]) -> str:
    """The id of a made monster: the hash of everything on its card but the id. An edited
    monster is another id, so a game under way keeps the monster it started with."""
    body = {k: v for k, v in card.items() if k != "id"}
    return MADE_PREFIX + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]


def made_problems(card: Any) -> list[str]:
    """Every reason a made monster is not one the rules play, in the content check's words:
    its rank (minion or boss), its fields, across them, a name a screen can show. The
    Library's check of a kept monster (its id is given anew whenever a game starts from it)."""
    if not isinstance(card, dict) or card.get("rank") not in SPECS:
        return ["monster: 'rank' must be 'minion' or 'boss'"]
    found = check_row("monster", card, SPECS[card["rank"]])
    if found:
        return found
    found = [f"monster: {m}" for _, m in monster_problems(card)]
    why = name_problem(card["name"], 40)
    return found + ([f"monster: {why}"] if why else [])


def card_problem(card: Any) -> str | None:
    """The first reason a made monster is refused as a game's option (None: the rules can
    play it): ``made_problems``, and its id is the hash of the card (data.remember)."""
    found = made_problems(card)
    if not found and card["id"] != made_id(card):
        found = ["monster: a made monster's id is the hash of its card (it was changed after it was made)"]
    return found[0] if found else None
