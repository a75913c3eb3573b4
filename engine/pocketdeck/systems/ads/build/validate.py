"""Validation of a Character Deck, every broken limit named with the book section it comes
from (../shared/rules/000_2da4ed8ddd1511e2.txt; docs/rules/ads.md "Character Deck").

A deck is the JSON the builder exports (and the shape of content/ads/decks.toml)::

    {"name": "Brakka", "race": "dwarf", "class": "warrior", "level": 2,
     "cards": [["longsword", 6], ...],            # the Combat Deck, card id and copies
     "story": {"xp": 0, "gold": 0, "treasure": [], "titles": []},   # optional
     "aside": []}                                  # optional: cards set aside in the Character Deck

Why one function for everything: the fight, the adventure, the command line and the live
violations on the builder screen must never disagree about what a legal deck is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ....core.limits import name_problem
from .. import data

MAX_LEVEL = 10
MAX_NAME = 40
MAX_TITLES = 20


@dataclass(frozen=True)
class Violation:
    section: str   # the book's section heading
    text: str

    def __str__(self) -> str:
        return f"{self.section}: {self.text}"


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def combat_counts(deck: dict[str, Any]) -> dict[str, int]:
    """The Combat Deck as card id -> copies (pairs may repeat an id: they add up)."""
    out: dict[str, int] = {}
    for pair in deck.get("cards", []):
        cid, n = pair
        out[cid] = out.get(cid, 0) + n
    return out


def _shape(deck: Any) -> list[Violation]:
    """The record's form, before any rule can be read from it."""
    where = "Character Deck Building"
    if not isinstance(deck, dict):
        return [Violation(where, "a Character Deck is a mapping of name, race, class, level and cards")]
    out: list[Violation] = []
    name = deck.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        out.append(Violation(where, f"the name is a text of at most {MAX_NAME} characters"))
    elif name.strip() and name_problem(name, MAX_NAME):
        out.append(Violation(where, f"the name: {name_problem(name, MAX_NAME)}"))
    cards = deck.get("cards")
    if not isinstance(cards, list) or not all(
            isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and _is_int(p[1]) and p[1] >= 1
            for p in cards):
        out.append(Violation("Your Combat Deck", "cards is a list of [card id, copies] with copies of 1 or more"))
    return out


def validate(deck: Any) -> list[Violation]:
    """Every broken rule of the Character Deck; an empty list means the deck is legal."""
    out = _shape(deck)
    if out:
        return out
    c = data.core()
    known = data.cards()
    info = "Character Deck Building: Non-Playable Information Cards"
    race, klass, level = deck.get("race"), deck.get("class"), deck.get("level")
    if race not in c["races"]:
        out.append(Violation(info, f"the Race card must be one of {', '.join(sorted(c['races']))}"))
    if klass not in c["classes"]:
        out.append(Violation(info, f"the Class card must be one of {', '.join(sorted(c['classes']))}"))
    if not _is_int(level) or not 1 <= level <= MAX_LEVEL:
        out.append(Violation(info, f"the Level card is a whole number from 1 to {MAX_LEVEL}"))
        level = MAX_LEVEL
    out.extend(_class_kinds(deck, c, info))
    out.extend(_story(deck))
    counts = combat_counts(deck)
    total = sum(counts.values())
    if total != data.DECK_SIZE:
        out.append(Violation("Your Combat Deck", f"the Combat Deck must contain {data.DECK_SIZE} cards; "
                                                 f"it has {total}"))
    unknown = sorted(cid for cid in counts if cid not in known)
    for cid in unknown:
        out.append(Violation("Your Combat Deck", f"{cid[:40]!r} is not a Combat Deck card of this app"))
    counts = {cid: n for cid, n in counts.items() if cid in known}
    weapons = sum(n for cid, n in counts.items() if known[cid]["kind"] == "weapon")
    if weapons > data.MAX_WEAPONS:
        out.append(Violation("Weapons", f"{weapons} Weapon cards: a Combat Deck holds at most {data.MAX_WEAPONS}"))
    out.extend(_spells(counts, known))
    has_shield = any(known[cid]["kind"] == "shield" for cid in counts)
    for cid, n in sorted(counts.items()):
        k = known[cid]
        req = k.get("requires", [])
        if req and klass not in req and race not in req:
            out.append(Violation("Card Icons and Mechanics: Requirement",
                                 f"{k['name']} can be played only by a {' or '.join(r.title() for r in req)}"))
        if k.get("level", 1) > level:
            out.append(Violation("Card Icons and Mechanics: Card Level",
                                 f"{k['name']} is a level {k['level']} card, above the character's level {level}"))
        if k.get("prereq") == "shield" and not has_shield:
            out.append(Violation("Card Icons and Mechanics: Requirement",
                                 f"{k['name']} needs a Shield wielded, and the Combat Deck has no Shield card"))
    return out


def _spells(counts: dict[str, int], known: dict[str, Any]) -> list[Violation]:
    """Spell Card Maximum: cards per spell level by the table, and at most 4 copies of one
    spell (after Level 5 the per-level figure is lower and counts the copies too)."""
    out: list[Violation] = []
    per_level: dict[int, int] = {}
    for cid, n in sorted(counts.items()):
        k = known[cid]
        if k["kind"] != "spell":
            continue
        lvl = k.get("level", 1)
        per_level[lvl] = per_level.get(lvl, 0) + n
        cap = min(data.MAX_SPELL_COPIES, data.SPELL_MAX.get(lvl, 2))
        if n > cap:
            out.append(Violation("Spell Card Maximum",
                                 f"{n} copies of {k['name']}: at most {cap} copies of one spell"))
    for lvl, n in sorted(per_level.items()):
        cap = data.SPELL_MAX.get(lvl, 2)
        if n > cap:
            out.append(Violation("Spell Card Maximum", f"{n} level {lvl} Spell cards: at most {cap}"))
    return out


FIELDS = frozenset({"name", "race", "class", "level", "cards", "story", "aside"})
STORY_FIELDS = frozenset({"xp", "gold", "treasure", "titles"})
# Choices (docs/rules/ads.md "Character Deck Building: Story Cards"): the book sets no
# ceiling; these are far past any play (a foe gives 1 to 6 XP) and keep a record small.
MAX_XP = 100_000
MAX_TREASURE = 100   # Treasure cards on the Story cards
MAX_ASIDE = 52       # cards set aside in the Character Deck (Treasure and Loot)


def _story(deck: dict[str, Any]) -> list[Violation]:
    """Story Cards as the rules make them: Experience and Gold are counts the adventure
    can give (XP levels the character up at once, so a level below what its XP reached is
    forged; Gold comes with XP from Foes and from the rooms they guard), Treasure cards
    are treasures of this app, no rule of this app grants a Title; cards set aside must be
    cards of this app."""
    where = "Character Deck Building: Story Cards"
    out: list[Violation] = []
    story = deck.get("story", {})
    if not isinstance(story, dict):
        return out + [Violation(where, "story holds xp, gold, treasure and titles")]
    if set(story) - STORY_FIELDS:
        out.append(Violation(where, "story holds only xp, gold, treasure and titles"))
    for key in ("xp", "gold"):
        v = story.get(key, 0)
        if not _is_int(v) or not 0 <= v <= 10**9:
            out.append(Violation(where, f"{key} is a whole number of 0 or more"))
            return out
    treasure = story.get("treasure", [])
    from ..adventure.content import treasures
    if not isinstance(treasure, list) or len(treasure) > MAX_TREASURE or \
            not all(isinstance(t, str) and t in treasures() for t in treasure):
        out.append(Violation(where, f"every Treasure card (at most {MAX_TREASURE}) must be a treasure "
                                    "of this app (it has a Gold value)"))
    titles = story.get("titles", [])
    if titles != []:
        out.append(Violation(where, "no rule of this app grants a Title: the Titles card is empty"))
    aside = deck.get("aside", [])
    if not isinstance(aside, list) or len(aside) > MAX_ASIDE or \
            not all(isinstance(a, str) and a in data.cards() for a in aside):
        out.append(Violation("Treasure and Loot", f"cards set aside in the Character Deck (at most "
                                                  f"{MAX_ASIDE}) must be cards of this app"))
    out.extend(_reachable(story.get("xp", 0), story.get("gold", 0), deck.get("level")))
    return out


def _reachable(xp: int, gold: int, level: Any) -> list[Violation]:
    """XP and Gold the adventure can give (../shared/rules/000_2da4ed8ddd1511e2.txt has no
    table: content/ads/adventure.toml's ``levels`` is this app's)."""
    from ..adventure.content import level_for
    where = "Character Deck Building: Story Cards"
    out: list[Violation] = []
    if xp > MAX_XP:
        out.append(Violation(where, f"{xp:,} XP: no character of this app has more than {MAX_XP:,}"))
    if _is_int(level) and level < min(level_for(xp), MAX_LEVEL):
        out.append(Violation(where, f"{xp:,} XP would have raised the Level card to {level_for(xp)}, "
                                    f"not {level}"))
    most = gold_most(xp)
    if gold > most:
        out.append(Violation(where, f"{gold:,} Gold: {xp:,} XP of fights bring at most {most:,}"))
    return out


def gold_most(xp: int) -> int:
    """The most Gold ``xp`` Experience can come with: each Foe's Gold per XP at its best,
    and the rooms' Gold of a whole adventure for every fight's worth of XP (a room's Gold
    is found once its Foes are beaten), plus one adventure's rooms (a generous bound)."""
    from ..adventure.content import builtin_gold
    from ..adventure.spec import gold_per_xp
    per_xp = gold_per_xp()
    room_gold = builtin_gold()  # a made adventure's rooms give no more (adventure/spec.py)
    return per_xp * xp + room_gold * (1 + xp)


def deck_from_json(text: str) -> Any:
    """The deck in a file the app exported; ValueError when it is not JSON."""
    return json.loads(text)


def check_record(record: Any) -> str | None:
    """The library's record check: None for a legal deck, else its first violation. A
    record holds what the builder and the adventure write, no other field."""
    extra = sorted(str(k)[:20] for k in set(record) - FIELDS) if isinstance(record, dict) else []
    if extra:
        return str(Violation("Character Deck Building", f"a Character Deck has no field {extra[0]!r}"))
    found = validate(record)
    return str(found[0]) if found else None


def _class_kinds(deck: dict[str, Any], c: dict[str, Any], info: str) -> list[Violation]:
    """"Specialized Class (cannot have a Hybrid Class) / Hybrid Class (cannot have a
    Specialized Class)": at most one of the two, each a card of the content (core.toml
    ``[[specialized]]``, ``[[hybrid]]``) that goes with the deck's Class."""
    spec, hyb = deck.get("specialized"), deck.get("hybrid")
    out: list[Violation] = []
    for key, v in (("specialized", spec), ("hybrid", hyb)):
        if v is not None and not isinstance(v, str):
            out.append(Violation(info, f"{key} names one {key.title()} Class card by its id"))
    if out:
        return out
    if spec and hyb:
        return [Violation(info, f"this deck names both a Specialized Class ({spec[:40]!r}) and a Hybrid Class "
                                f"({hyb[:40]!r}): a Specialized Class cannot have a Hybrid Class, nor a Hybrid "
                                "Class a Specialized Class; keep one of them")]
    klass = deck.get("class")
    for key, cid in (("specialized", spec), ("hybrid", hyb)):
        if not cid:
            continue
        kind, card = f"{key.title()} Class", c[key].get(cid)
        if card is None:
            have = ", ".join(sorted(c[key])) or "none yet"
            out.append(Violation(info, f"{cid[:40]!r} is not a {kind} card of this app (it has: {have})"))
            continue
        joins = [card["class"]] if key == "specialized" else card["classes"]
        if klass not in joins:
            out.append(Violation(info, f"{card['name']} goes with the {' and '.join(x.title() for x in joins)} "
                                       f"Class{'es' if len(joins) > 1 else ''}, not the deck's {str(klass).title()}"))
    return out
