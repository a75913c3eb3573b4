"""The Deckbuilder monster, minion or boss, as a kind the player makes: the monster's specs
(systems/deckbuilder/monstercard.py, the same that check content/deckbuilder/monsters.toml)
and its fields' names in the book's words (Deckbuilder RPG: Monsters, Bosses and Minions,
Attacks). Everything else is the maker's (screen.py).

A copy keeps its rank: a copy of a minion is a minion (hits, one attack), of a boss a boss
(full stats, weapons, armor, a deck), so the form shows only the fields its rank has
(``pick``). Keep checks the monster as the Library checks one that arrives
(monstercard.made_problems), then plays it (systems/deckbuilder/made.py: 32 seeded games by
the random players in its zone, no error, each ending, at least one won by the heroes), and
keeps it as an item of kind ``monster`` (core/records.py). The Deckbuilder setup lists it
beside ours.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Generator

from ...core.records import get_kind
from ...form import Label
from ...schema import ListOf, OneOf, Optional, Table
from ...systems.deckbuilder import data
from ...systems.deckbuilder.made import GAMES, playability_steps
from ...systems.deckbuilder.monstercard import BOSS, MINION, made_id, monster_problems, spec_of
from .form import MakeKind
from .keeping import kept_steps, open_kept

if TYPE_CHECKING:
    from ..shell import App, Effect

PREFIX = "item:monster:deckbuilder:"
SCREEN = "setup:deckbuilder"


def _weapon_words(wid: str) -> str:
    w = data.weapons()[wid]
    return f'{w["name"]} ({data.STACK_NAMES[w["kind"]]}, attack {w["attack"]:+d}, damage {w["damage"]})'


def drawn_boss() -> Table:
    """The boss's spec as the form draws it: its weapons (tick boxes, their number said by
    the cross-check in the book's words) and armor chosen from gear.toml's (the check on
    keeping and on arrival is monstercard's own, which names a wrong one)."""
    schema = dict(BOSS.schema)
    schema["weapons"] = ListOf(OneOf(*data.weapons()))
    schema["armor"] = Optional(OneOf(*data.armors()))  # none: "not all characters will have all the cards"
    return Table(schema, strict=True)


def drawn_spec(app: "App") -> Any:
    row = app.maker.row if getattr(app, "maker", None) is not None else {}
    return drawn_boss() if spec_of(row) is BOSS else MINION


STAT_HINT = "Added to the 2d6 roll with the weapon's own modifier (Attacks, step 1)."
LABELS = {
    "id": Label("id", hidden=True),
    "rank": Label("rank", hidden=True),
    "name": Label("Name", "On the monster's stat card; 1 to 40 characters."),
    # a minion (Bosses and Minions: "lowly retainers ... usually one or two" hits)
    "hits": Label("Hits", "Rather than health, a minion takes this many hits before dying: usually one or two."),
    "attack": Label("Attack modifier", "Added to the 2d6 roll and the minion card's to hit (Attacks, step 1)."),
    "damage": Label("Damage", "What a hit does (Attacks, step 4)."),
    "kind": Label("Attacks with", choices={"melee": "Melee (its own arena)",
                                           "range": "Range (also the adjacent arenas through an open link)"}),
    # a boss ("full stats and decks just like the player characters")
    "melee_attack": Label("Melee attack modifier", STAT_HINT),
    "melee_damage": Label("Melee damage bonus", "Added to a melee weapon's damage (Attacks, step 4)."),
    "ranged_attack": Label("Ranged attack modifier", STAT_HINT),
    "mana": Label("Magic attack modifier (Mana)", "For spells (Attacks, step 1)."),
    "defense": Label("Base defense score", "What an attack roll must reach, armor added (Attacks, step 2)."),
    "health": Label("Health", "A boss's health points."),
    "resistance": Label("Damage resistance", "Taken off each hit's damage (Attacks, step 4)."),
    "weapons": Label("Weapons and spells", "Tick one or two, equipped (Characters).",
                     choices={w: _weapon_words(w) for w in data.weapons()}),
    "armor": Label("Armor", choices={a: f'{v["name"]} (defense +{v["defense"]})' for a, v in data.armors().items()}),
    "deck": Label("Deck", f"Its battle deck: cards of the Action Tableau's stacks, "
                          f"4 to 30 in all (empty: none of that stack)."),
    **{f"deck.{s}": Label(f"{n} cards") for s, n in data.STACK_NAMES.items()},
}


def made_monsters(app: "App") -> list[tuple[str, dict[str, Any]]]:
    """(library key, monster) of every monster the player kept, by name."""
    return sorted(((k, r) for k, r in getattr(app, "library", {}).items()
                   if k.startswith(PREFIX) and isinstance(r, dict)),
                  key=lambda kr: (str(kr[1].get("name")), kr[0]))


def ours() -> list[tuple[str, dict[str, Any]]]:
    """(ref, row with its rank) of our minions and bosses: ``minion:goblin``, ``boss:ogre``."""
    return [(f"minion:{k}", dict(m, rank="minion")) for k, m in data.minions().items()] + \
        [(f"boss:{k}", dict(b, rank="boss")) for k, b in data.bosses().items()]


def sources(app: "App") -> list[tuple[str, str, bool]]:
    return [(ref, m["name"], False) for ref, m in ours()] + \
        [(key, str(m.get("name")), True) for key, m in made_monsters(app)]


def copy_of(app: "App", ref: str) -> dict[str, Any]:
    card = copy.deepcopy(dict(ours()).get(ref) or app.library[ref])
    name = str(card.get("name", "Monster"))
    card["name"] = name if name.endswith("(yours)") else f"{name[:32]} (yours)"
    card["id"] = made_id(card)
    return card


def cross(row: dict[str, Any]) -> list[tuple[str, str]]:
    return monster_problems(row)


def card_of(row: dict[str, Any]) -> dict[str, Any]:
    """The monster as a game starts from it: its id the hash of it as it is now (renamed, say)."""
    return dict(row, id=made_id(row))


def keep(app: "App", row: dict[str, Any]) -> Generator[int, None, list["Effect"]]:
    """Check the monster as the Library would on arrival, play it (a game a step), keep it;
    ValueError naming why otherwise (nothing is kept before every check passed)."""
    card = card_of(row)
    return (yield from kept_steps(app, get_kind("monster", "deckbuilder"), card, playability_steps(card),
                                  "db_monster", SCREEN, f"It passed the checks and {GAMES} games by the random "
                                  "players; the Deckbuilder setup lists it as yours."))


def open_monster(app: "App", key: str) -> list["Effect"]:
    """Open on a kept monster: the Deckbuilder setup with it chosen ("Fight your monster now")."""
    return open_kept(app, key, "db_monster", SCREEN, "monster")


KIND = MakeKind(
    id="monster-deckbuilder", title="Deckbuilder monster", spec=BOSS, labels=LABELS,
    intro=(f"Keep checks it as our monsters are checked, then the random players fight it {GAMES} times in "
           "its own arena: parties of one to four heroes must beat it at least once."),
    sources=sources, copy=copy_of, cross=cross, keep=keep, work=GAMES, unit="games", spec_for=drawn_spec)
