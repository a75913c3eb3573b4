"""Sample items of every kind of the library (tests/test_library*.py), and the script that
wrote the fixtures under tests/library_fixtures/ (``python3 tests/library_samples.py``).

The fixture files are kept forever: one per kind and format version, each as it was stored
(``<key>`` -> text) the day that version was current, so a new version of the app must
still read every one of them (core/records.py migrates)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pocketdeck.core.game import catalogue, get_game
from pocketdeck.core.records import get_kind, game_item, make_item, stored_text
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import Session

FIXTURES = Path(__file__).parent / "library_fixtures"


def p52_character(name: str = "Ada") -> dict[str, Any]:
    return {"format": "p52-character", "version": 1, "name": name, "race": "human", "class": "fighter",
            "quirk": None, "custom_quirk": None, "level": 1, "exp": 0,
            "core": {"Lift": 6, "Think": 3, "Balance": 4, "Move": 4, "Lead": 3},
            "abilities": {"sword_play": 1, "block": 1}, "tuned": {},
            "items": ["torch"], "equipped": {}, "resurrected": False}


def deckbuilder_hero() -> dict[str, Any]:
    from pocketdeck.systems.deckbuilder.records import export_heroes
    game = get_game("deckbuilder")
    return export_heroes(game.new_game(game.default_options(), 1))[0]


def ads_deck() -> dict[str, Any]:
    from pocketdeck.systems.ads import data
    from pocketdeck.systems.ads.build.variants import ready_made
    return ready_made(sorted(data.decks())[0])


def own_deck() -> dict[str, Any]:
    return {"name": "Euchre", "cards": [r + s for s in "SHDC" for r in ("9", "10", "J", "Q", "K", "A")]}


def dofa_sheet(name: str = "Wren") -> dict[str, Any]:
    """A premade raised one level, a modifier bought with the level's XP (keep.py)."""
    from pocketdeck.systems.dofa.keep import sheet_record
    session = Session.start("dofa", {"character": "Hearts2", "name": name, "companion": ""}, seed=5)
    session.play({"type": "level_up"})
    legal = session.game.legal_actions(session.state)
    session.play(next(a for a in legal if a["type"] == "raise"))
    session.play({"type": "finish"})
    return sheet_record(session.state, session.actions)


def made_foe(name: str = "Grik the Sly", hp: int = 4) -> dict[str, Any]:
    """An ADS Foe made on the phone (ui/make/foe.py): a copy of the Goblin Skirmisher renamed,
    its Hit Points changed, its id the hash of its card."""
    import copy
    from pocketdeck.systems.ads import data
    from pocketdeck.systems.ads.foecard import made_id
    card = dict(copy.deepcopy(data.foes()["goblin_skirmisher"]), name=name, hp=hp)
    card["id"] = made_id(card)
    return card


def made_monster(name: str = "Gruk the Lesser", health: int = 12) -> dict[str, Any]:
    """A Deckbuilder monster made on the phone (ui/make/monster.py): a copy of Gruk the Ogre
    Chief renamed, its health changed, its id the hash of it."""
    import copy
    from pocketdeck.systems.deckbuilder import data
    from pocketdeck.systems.deckbuilder.monstercard import made_id
    card = dict(copy.deepcopy(data.bosses()["ogre"]), name=name, health=health, rank="boss")
    card["id"] = made_id(card)
    return card


def made_creature(name: str = "Brakka the Tusked", hp: int = 6) -> dict[str, Any]:
    """A DofA creature the GM made (ui/make/creature.py): a copy of the Guard made a Dealer,
    renamed, its Health changed, its id the hash of its card."""
    import copy
    from pocketdeck.systems.dofa_gm.bestiary import creatures
    from pocketdeck.systems.dofa_gm.creaturecard import made_id
    card = dict(copy.deepcopy(creatures()["Guard"]), name=name, type="Dealer", hp=hp)
    card["id"] = made_id(card)
    return card


def made_adventure(name: str = "Grik's Den") -> dict[str, Any]:
    """An ADS adventure made on the phone (ui/make/adventure.py): the Lantern Keep cut to three
    rooms (its gate, lamp room and captain's hall), renamed, its id the hash of it."""
    from pocketdeck.systems.ads.adventure.content import record_of
    from pocketdeck.systems.ads.adventure.spec import made_id
    keep = record_of("lantern_keep")["rooms"]
    rooms = [dict(keep[0], id="A1", exits=[["A2", "a door"]]),
             dict(keep[4], id="A2", exits=[["A1", "back"], ["A3", "on"]]),
             dict(keep[8], id="A3", exits=[["A2", "back"]])]
    record = {"name": name, "text": "A short one.", "start": "A1", "rooms": rooms}
    record["id"] = made_id(record)
    return record


def made_zone(name: str = "The Lesser Watchtower") -> dict[str, Any]:
    """A Deckbuilder zone made on the phone (ui/make/zone.py): a copy of the Lonely Watchtower
    renamed, its boss a made one it carries (Gruk the Lesser, ``made_monster``), its id the
    hash of it."""
    from pocketdeck.systems.deckbuilder.zonecard import made_id
    from pocketdeck.systems.deckbuilder.zonemade import record_of
    record = dict(record_of("watchtower"), name=name)
    boss = made_monster("Gruk the Lesser", 8)
    record["arena"][-1]["boss"] = boss["id"]
    record["made_bosses"] = [boss]
    record["id"] = made_id(record)
    return record


def made_enemy(name: str = "Hexer of the Fen", hp: str = "Lv*8") -> dict[str, Any]:
    """A P52 enemy made on the phone (ui/make/enemy.py): a copy of the Hexer (the Queens)
    renamed, its HP formula changed, its id the hash of it."""
    import copy
    from pocketdeck.systems.p52 import data
    from pocketdeck.systems.p52.enemycard import made_id
    card = dict(copy.deepcopy(data.enemies()["by_card"]["Q"]), name=name, hp=hp)
    card["id"] = made_id(card)
    return card


def made_quest(name: str = "The Fen Siege") -> dict[str, Any]:
    """A P52 quest made on the phone (ui/make/quest.py): a Survival quest of two rooms whose
    Queens are the Hexer of the Fen (``made_enemy``), carried, its id the hash of it."""
    from pocketdeck.systems.p52.enemycard import quest_id
    hexer = made_enemy()
    record = {"name": name, "blurb": "The fen keep is overrun: clear two chambers.",
              "bonus": "+3 Lift and 5 x Level exp.", "kind": "survival", "rooms": 2,
              "enemies": [hexer["id"]], "cards": [hexer]}
    record["id"] = quest_id(record)
    return record


RECORDS = {("enemy", "p52"): made_enemy, ("quest", "p52"): made_quest, ("zone", "deckbuilder"): made_zone, ("foe", "ads"): made_foe, ("adventure", "ads"): made_adventure, ("creature", "dofa-gm"): made_creature, ("monster", "deckbuilder"): made_monster, ("sheet", "dofa"): dofa_sheet, ("character", "p52"): p52_character,
           ("hero", "deckbuilder"): deckbuilder_hero, ("deck", "ads"): ads_deck, ("deck", "deck"): own_deck}


def game_session(system: str, moves: int = 6, seed: int = 7) -> Session:
    """A game of ``system`` a few moves in (the first legal action each time)."""
    game = get_game(system)
    session = Session.start(system, game.sim_options(Rng(seed)), seed=seed)
    for _ in range(moves):
        if game.is_over(session.state):
            break
        legal = game.legal_actions(session.state)
        if not legal:
            break
        session.play(legal[len(session.actions) % len(legal)])
    return session


def every_item() -> list[dict[str, Any]]:
    """One item of every kind: a game of every declared system, every kind of record."""
    items = [game_item(game_session(s), f"My {s} game") for s in catalogue()]
    for (kind, system), make in RECORDS.items():
        record = make()
        items.append(make_item(get_kind(kind, system), str(record["name"]), record))
    return items


def write_fixtures() -> None:
    """Version 1 (today's envelope) of every kind; version 0 (the bare record the first
    character library wrote under ``char:``) of the kinds that had one. A fixture already
    written is never written again (it is the format of the day it shipped)."""
    FIXTURES.mkdir(exist_ok=True)
    for item in every_item():
        kind = get_kind(item["kind"], item["system"])
        key = f"game:{kind.system}" if kind.replayed else kind.prefix + "fixture"
        stored = {key: stored_text(item) if not kind.replayed else json.dumps(item["data"])}
        name = f"{kind.kind}-{kind.system}-v{kind.version}.json"
        if (FIXTURES / name).exists():
            continue
        (FIXTURES / name).write_text(json.dumps({"item": item, "stored": stored}, indent=1, sort_keys=True))
        if 0 in kind.migrations:
            (FIXTURES / f"{kind.kind}-{kind.system}-v0.json").write_text(json.dumps(
                {"item": item, "stored": {key: json.dumps(item["data"], sort_keys=True)}}, indent=1, sort_keys=True))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
    write_fixtures()
