"""The DofA creature as a kind the GM makes: the bestiary entry's spec
(systems/dofa_gm/creaturecard.py, the one that checks content/dofa-gm/bestiary.toml) and its
fields' names in the books' words (GMG, Character Types; PG, Dealers, NPCs and Companions;
Health and Armor; Attributes). Everything else is the maker's (screen.py).

Keep checks the card as the Library checks one that arrives (creaturecard.made_problems),
then plays it (systems/dofa_gm/made.py: 24 seeded games of the GM's table by the random
players, with it in the fight), and keeps it as an item of kind ``creature``
(core/records.py). The GM's table lists it beside ours: the new-game form's creatures, the
Add panel's bestiary (ui/dofa_gm/).
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Generator

from ...core.records import get_kind
from ...form import Label
from ...schema import Table
from ...systems.dofa.sheet import ATTRIBUTES, DEALER_MIN_HP, SKILLS
from ...systems.dofa_gm.bestiary import creatures
from ...systems.dofa_gm.creaturecard import NAME, creature_problems, known_powers, made_id, spec
from ...systems.dofa_gm.made import GAMES, playability_steps
from ..dofa_gm.kept import game_card, kept_creatures
from .form import MakeKind
from .keeping import kept_steps, open_kept

if TYPE_CHECKING:
    from ..shell import App, Effect

ATTRIBUTE_WORDS = {"AGL": "Agility (AGL)", "CON": "Conviction (CON)", "GUT": "Intuition (GUT)",
                   "INT": "Intelligence (INT)", "STR": "Strength (STR)", "VIT": "Vitality (VIT)"}
TYPE_WORDS = {"Companion": "Companion (fights with the party)", "NPC": "NPC (a Minion: the NPC Deck)",
              "Dealer": "Dealer (its own deck, one Fate Card)", "Boss": "Boss (a Dealer with Adversary and "
                                                                        "House Actions, Phases)"}

LABELS = {
    "id": Label("id", hidden=True),
    "name": Label("Name", "1 to 40 characters, plain words."),
    "type": Label("Character Type", "GMG, Character Types: who draws for it and what it may have.",
                  choices=TYPE_WORDS),
    "level": Label("Level", "1 to 10."),
    "hp": Label("Health (HP)", f"Health points. A Dealer or Boss has at least {DEALER_MIN_HP}; an NPC at most 4."),
    "ap": Label("Armor Points (AP)", "Taken first by a physical wound. A Companion holds at most 3."),
    "ar": Label("Armor Range (AR)", "The DR of attacks on it: an armor's 1 to 3, or without armor 3 minus "
                                    "half its Agility, rounded down."),
    "pp": Label("Power Points (PP)", "Spent on Powers that cost them."),
    "attributes": Label("Attribute modifiers", "A creature's skills are its attributes (the bestiary lists "
                                               "attributes only)."),
    **{f"attributes.{a}": Label(ATTRIBUTE_WORDS[a], "-3 to +9.") for a in ATTRIBUTES},
    "powers": Label("Powers", "Chosen from the powers the table knows; a Boss's Adversary and House Actions "
                              "are for a Boss.", item="Power", one_by_one=True),
    "powers.*": Label("Power", choices={p: p for p in known_powers()}),
    "text": Label("Description", "One line the GM reads at the table, up to 200 characters."),
    "primary": Label("Primary Skill", "Optional: the skill it is best at.", choices={s: s for s in SKILLS}),
}


def sources(app: "App") -> list[tuple[str, str, bool]]:
    return [(cid, cid, False) for cid in creatures()] + \
        [(key, str(card.get("name")), True) for key, card in kept_creatures(app)]


def copy_of(app: "App", ref: str) -> dict[str, Any]:
    """A copy as the table plays it: a Dealer of ours listed below 5 HP (the Ritualist) is
    raised to a Dealer's least, as bestiary.from_creature does at the table."""
    card = copy.deepcopy(creatures()[ref] if ref in creatures() else app.library[ref])
    name = str(card.get("name", card.get("id", "Creature")))
    card["name"] = name if name.endswith("(yours)") else f"{name[:32]} (yours)"
    if card.get("type") in ("Dealer", "Boss") and isinstance(card.get("hp"), int):
        card["hp"] = max(DEALER_MIN_HP, card["hp"])
    card["id"] = made_id(card)
    return card


@lru_cache(maxsize=1)
def drawn_spec() -> Table:
    """The spec as the form draws it: a made creature's Name asked for beside its field (ours
    are named by their id, so the bestiary's spec leaves it optional). Keep checks the card by
    the kind's own spec (``creaturecard.made_problems``), which refuses a nameless one too."""
    return Table(dict(spec().schema, name=NAME), strict=True)


def cross(row: dict[str, Any]) -> list[tuple[str, str]]:
    return creature_problems(row, made=True)


def keep(app: "App", row: dict[str, Any]) -> Generator[int, None, list["Effect"]]:
    """Check the card as the Library would on arrival, play it (a game a step), keep it;
    ValueError naming why otherwise (nothing is kept before every check passed). Then the
    GM's table where it is played opens (``where``)."""
    card = game_card(row)
    screen, how = where(app)
    return (yield from kept_steps(app, get_kind("creature", "dofa-gm"), card, playability_steps(card),
                                  "gm_creature", screen, f"It passed the checks and {GAMES} games by the random "
                                  f"players; the GM's table lists it as yours ({how})."))


def where(app: "App") -> tuple[str, str]:
    """Where a kept creature is played, and how: the GM's game in progress (its Add panel
    lists it), else the GM's new-game form with it chosen."""
    game = getattr(app, "sessions", {}).get("dofa-gm")
    if game is not None and not game.game.is_over(game.state):
        return "table:dofa-gm", "More of the table \u203a Add to the table"
    return "setup:dofa-gm", "fight it now, or pick it as a creature"


def open_creature(app: "App", key: str) -> list["Effect"]:
    """Open on a kept creature: the GM's table, where it can be played."""
    return open_kept(app, key, "gm_creature", where(app)[0], "creature")


KIND = MakeKind(
    id="creature-dofa-gm", title="DofA creature", spec=spec(), labels=LABELS,
    intro=(f"Keep checks it as the bestiary's creatures are checked, then the random players play {GAMES} games "
           "of the GM's table with it in the fight."),
    sources=sources, copy=copy_of, cross=cross, keep=keep, work=GAMES, unit="games",
    spec_for=lambda app: drawn_spec())
