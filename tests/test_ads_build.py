"""Character Deck validation (issue 17): one test per deck-building limit, each message
naming the book section; the ready-made decks pass; ``validate-deck`` on the command line."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pocketdeck.systems.ads import data
from pocketdeck.systems.ads.build import validate
from pocketdeck.__main__ import main

ROOT = Path(__file__).resolve().parents[1]


def deck(name: str = "warrior") -> dict:
    d = copy.deepcopy(data.decks()[name])
    d.pop("id", None)
    return d


def swap(d: dict, out: str, into: str, n: int = 1) -> dict:
    pairs = {cid: k for cid, k in d["cards"]}
    pairs[out] -= n
    pairs[into] = pairs.get(into, 0) + n
    d["cards"] = [[cid, k] for cid, k in pairs.items() if k > 0]
    return d


def sections(d: dict) -> list[str]:
    return [v.section for v in validate(d)]


@pytest.mark.parametrize("name", ["warrior", "rogue", "mage", "priest"])
def test_ready_made_decks_are_legal(name):
    assert validate(deck(name)) == []


def test_combat_deck_must_contain_52_not_fewer_or_more():
    d = deck()
    d["cards"][0][1] -= 1
    found = validate(d)
    assert [v.section for v in found] == ["Your Combat Deck"] and "51" in found[0].text
    d["cards"][0][1] += 2
    assert "53" in validate(d)[0].text


def test_weapon_limit_24():
    d = deck()  # warrior: 16 weapons
    d = swap(d, "strength", "longsword", 8)  # 24 weapons: allowed
    assert validate(d) == []
    d = swap(d, "fortitude", "handaxe", 1)
    found = validate(d)
    assert [v.section for v in found] == ["Weapons"] and "25 Weapon cards" in found[0].text


def test_copies_of_one_spell_at_most_4():
    d = deck("mage")
    d = swap(d, "arcane_ward", "frost_shard", 1)
    found = validate(d)
    assert [v.section for v in found] == ["Spell Card Maximum"] and "5 copies of Frost Shard" in found[0].text


def test_spell_card_maximum_per_spell_level():
    d = deck("mage")  # level 1 spells: frost 4, ward 4, mage armor 2, shocking grasp 2 = 12
    d = swap(d, "intellect", "mage_armor", 1)
    found = validate(d)
    assert [v.section for v in found] == ["Spell Card Maximum"]
    assert "13 level 1 Spell cards: at most 12" in found[0].text
    d = deck("mage")  # level 2 spells: energy bolt 4 + fire burst 4 = 8; the table says 8
    d["level"] = 3
    d = swap(d, "intellect", "lightning_lance", 4)
    assert validate(d) == []
    d = swap(d, "dagger", "lightning_lance", 1)  # 5 copies of a level 3 spell
    assert "Spell Card Maximum" in sections(d)


def test_card_requirement_class_or_race():
    d = deck("warrior")  # a dwarf warrior
    d = swap(d, "strength", "smite", 1)
    found = validate(d)
    assert [v.section for v in found] == ["Card Icons and Mechanics: Requirement"]
    assert "Smite can be played only by a Priest" in found[0].text


def test_prerequisite_shield_needs_a_shield_in_the_deck():
    d = deck("priest")
    d = swap(d, "small_shield", "strength", 3)
    found = validate(d)
    assert [v.section for v in found] == ["Card Icons and Mechanics: Requirement"]
    assert "Shield of Faith needs a Shield" in found[0].text


def test_card_level_above_character_level():
    d = deck("mage")
    d["level"] = 1  # Energy Bolt and Fire Burst are level 2
    found = validate(d)
    assert set(v.section for v in found) == {"Card Icons and Mechanics: Card Level"}
    assert any("Energy Bolt is a level 2 card, above the character's level 1" in v.text for v in found)
    d = deck("warrior")
    d = swap(d, "strength", "cleave")
    assert sections(d) == ["Card Icons and Mechanics: Card Level"]
    d["level"] = 3
    assert validate(d) == []


def test_information_cards_race_class_level():
    d = deck()
    d["race"], d["class"], d["level"] = "gnome", "bard", 0
    found = validate(d)
    assert [v.section for v in found][:3] == ["Character Deck Building: Non-Playable Information Cards"] * 3
    d = deck()
    d["level"] = 2.0  # a float is not a Level card
    assert "Character Deck Building: Non-Playable Information Cards" in sections(d)


def test_story_cards_xp_gold_treasure_titles_and_aside():
    d = deck()
    d["story"] = {"xp": 12, "gold": 30, "treasure": ["bone_idol"], "titles": []}
    d["aside"] = ["tonic"]
    assert validate(d) == []
    d["story"]["xp"] = -1
    assert sections(d) == ["Character Deck Building: Story Cards"]
    d["story"] = {"treasure": ["the_moon"]}
    assert sections(d) == ["Character Deck Building: Story Cards"]
    d["story"] = {"titles": [""]}
    assert sections(d) == ["Character Deck Building: Story Cards"]
    d["story"] = {"titles": ["Keeper of the Lantern"]}   # issue 28: no rule of this app grants a Title
    assert sections(d) == ["Character Deck Building: Story Cards"]
    d["story"] = {}
    d["aside"] = ["not_a_card"]
    assert sections(d) == ["Treasure and Loot"]


def test_unknown_card_and_bad_shapes():
    d = deck()
    d = swap(d, "strength", "laser_sword")
    assert "Your Combat Deck" in sections(d)
    for bad in (None, [], "deck", {"cards": "many"}, {"cards": [["longsword", 0]]}, {"cards": [["x", True]]}):
        assert validate(bad), bad


def test_validate_deck_cli(tmp_path, capsys):
    for name in ("warrior", "rogue", "mage", "priest"):
        f = tmp_path / f"{name}.json"
        f.write_text(json.dumps(deck(name)))
        assert main(["validate-deck", "ads", str(f)]) == 0
    bad = swap(deck("mage"), "arcane_ward", "frost_shard", 1)
    bad["level"] = 1
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(bad))
    capsys.readouterr()
    assert main(["validate-deck", "ads", str(f)]) == 1
    out = capsys.readouterr().out
    assert "Spell Card Maximum: 5 copies of Frost Shard" in out and "Card Level" in out
    (tmp_path / "junk.json").write_text("{not json")
    assert main(["validate-deck", "ads", str(tmp_path / "junk.json")]) == 2


def test_validate_deck_cli_as_a_process(tmp_path):
    f = tmp_path / "d.json"
    f.write_text(json.dumps(swap(deck(), "strength", "smite")))
    run = subprocess.run([sys.executable, "-m", "pocketdeck", "validate-deck", "ads", str(f)],
                         capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "engine")})
    assert run.returncode == 1 and "Requirement" in run.stdout


def test_character_deck_building_a_specialized_class_cannot_have_a_hybrid_class():
    """Character Deck Building: "Specialized Class (cannot have a Hybrid Class) / Hybrid
    Class (cannot have a Specialized Class)" (issue 26): a deck naming both is refused."""
    d = deck()
    assert validate(d) == []
    d["specialized"], d["hybrid"] = "Berserker", "Spellblade"
    assert any("Hybrid Class" in v.text for v in validate(d))


def test_character_deck_building_specialized_and_hybrid_class_cards_in_the_content(monkeypatch):
    """Character Deck Building: "Specialized Class (cannot have a Hybrid Class) / Hybrid
    Class (cannot have a Specialized Class)" (issue 26 item 30): the content can hold both
    kinds of card (core.toml ``[[specialized]]`` with its Class, ``[[hybrid]]`` with its two),
    the content checker names a bad one, and a deck names at most one that fits its Class;
    naming both is refused with a message that says which two and what to do."""
    from pocketdeck.systems.ads import data as D
    raw = D.load("ads/core.toml")
    good = dict(raw, specialized=[{"id": "berserker", "name": "Berserker", "class": "warrior"}],
                hybrid=[{"id": "spellblade", "name": "Spellblade", "classes": ["warrior", "mage"]}])
    assert D._check_core(good) == []
    bad = dict(raw, specialized=[{"id": "x", "name": "X", "class": "bard"}],
               hybrid=[{"id": "y", "name": "Y", "classes": ["mage", "mage"]}])
    assert D._check_core(bad) == ["specialized x: class must name one Class of this content",
                                  "hybrid y: classes must name two different Classes of this content"]
    core = dict(D.core(), specialized={"berserker": good["specialized"][0]},
                hybrid={"spellblade": good["hybrid"][0]})
    monkeypatch.setattr(D, "core", lambda: core)
    d = deck()
    assert d["class"] == "warrior"
    for fields in ({"specialized": "berserker"}, {"hybrid": "spellblade"}):
        assert validate(dict(d, **fields)) == []
    both = validate(dict(d, specialized="berserker", hybrid="spellblade"))
    assert [v.text for v in both] == [
        "this deck names both a Specialized Class ('berserker') and a Hybrid Class ('spellblade'): a Specialized "
        "Class cannot have a Hybrid Class, nor a Hybrid Class a Specialized Class; keep one of them"]
    assert "not a Specialized Class card" in validate(dict(d, specialized="paladin"))[0].text
    assert "not the deck's Priest" in validate(dict(d, hybrid="spellblade", **{"class": "priest"}))[-1].text
    assert "names one Specialized Class card" in validate(dict(d, specialized=3))[0].text
