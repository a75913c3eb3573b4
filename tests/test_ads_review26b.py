"""ADS: the second independent reading of ../shared/rules/000_2da4ed8ddd1511e2.txt against
the code (docs/reviews/ads-2026-11-26b.md). Each test is named after the book section it
pins and is marked xfail(strict=True) while the difference stands: it passes today and
fails once the code follows the book (the fixer then removes the mark)."""

from __future__ import annotations

import pytest

from test_ads_engine import GAME, at_turn

from pocketdeck.core.game import get_game
from pocketdeck.core.rng import Rng
import pocketdeck.systems.ads.adventure.game  # noqa: F401 (registers ads_adventure)


# -- Distance (Rules and Information Card 69); Throwing Weapons -----------------------------

def test_distance_a_thrown_weapon_can_be_thrown_at_an_opponent_in_melee():
    """Distance: "a Thrown Weapon can be Thrown at an Opponent in Melee or Thrown
    Distance"; Throwing Weapons: "If you have a free hand your Character can draw and
    Throw a Weapon as an Action". A Longsword in one hand, the other free, a Handaxe card
    in hand, the Foe at Melee: the Handaxe may be thrown as the action."""
    s = at_turn("warrior", "goblin_skirmisher", ["handaxe"], 2, mode="line")
    s["armed"], s["shield"], s["dual"], s["offhand"] = "longsword", False, False, None
    s["foes"][0]["distance"] = "melee"
    throws = [a for a in GAME.legal_actions(s) if a["type"] == "play" and a["card"] == "handaxe"]
    assert throws and all(a.get("throw") for a in throws)


# -- Combat Encounters and Rest (Rules and Information Card 86) ------------------------------

def _party_after_a_fight(seed: int = 3):
    game = get_game("ads_adventure")
    s = game.new_game({"hero": ["warrior", "mage"]}, seed=seed)
    rng = Rng(seed)
    for _ in range(400):
        if s.get("fight") is None and s["phase"] == "room" and s["fights"] > 0:
            return game, s
        s = game.apply(s, game.sim_choose(s, game.legal_actions(s), rng))
    raise AssertionError("no room after a fight")


def test_combat_encounters_and_rest_players_choose_to_have_their_characters_rest():
    """Combat Encounters and Rest: "Players can choose to have their Characters Rest";
    Rest Drawbacks: a Rest is a level of Fatigue, and Fatigue at a hand maximum of 1 kills.
    The party's Rest (one tap) must not kill the Mage, whose player did not choose it."""
    game, s = _party_after_a_fight()
    mage = s["heroes"][1]
    mage["fatigue"] = 6 - mage["exhaustion"]  # hand maximum 1
    assert {"type": "rest"} in game.legal_actions(s)
    s = game.apply(s, {"type": "rest"})
    assert not any("the Rest kills" in line for line in s["log"][-4:])


def test_combat_encounters_and_rest_each_character_may_rest_alone_by_their_players_choice():
    """Combat Encounters and Rest: "Players can choose to have their Characters Rest": in a
    party each character has a Rest of their own (the others keep their Fatigue), and a
    player may choose it even at a hand maximum of 1, where it kills (Fatigue)."""
    game, s = _party_after_a_fight()
    warrior, mage = s["heroes"]
    assert {"type": "rest", "hero": 0} in game.legal_actions(s)
    before = warrior["fatigue"], mage["fatigue"]
    t = game.apply(s, {"type": "rest", "hero": 1})
    assert (t["heroes"][0]["fatigue"], t["heroes"][1]["fatigue"]) == (before[0], before[1] + 1)
    mage["fatigue"] = 6 - mage["exhaustion"]  # hand maximum 1: the Mage's own choice kills
    t = game.apply(s, {"type": "rest", "hero": 1})
    assert not t["heroes"][1]["alive"] and t["heroes"][0]["alive"]


# -- Map and Room Cards: the Room Description; Treasure and Loot (Cards 95-96) ---------------

def test_treasure_and_loot_gained_when_you_defeat_the_foes_not_when_they_flee():
    """Map and Room Cards: "Treasure and Loot listed in that Room. You gain the Treasure
    and/or Loot when you defeat the Foes in that particular Room"; The Foe Card (the app's
    own reading, fight.win_words): a Foe that flees is not defeated. Both Goblins of K1
    flee: no Gold and no Loot yet."""
    from pocketdeck.systems.ads import fight
    from pocketdeck.systems.ads.adventure import play
    game = get_game("ads_adventure")
    s = game.new_game({"hero": "warrior"}, seed=1)
    assert s["phase"] == "fight" and s["room"] == "K1"
    f = s["fight"]
    for foe in f["foes"]:
        foe["fled"] = True  # Self Preservation - 1 HP: both got away
    gold = play.me(s)["gold"]
    fight.win(f)
    play.fight_over(s, Rng(1))
    # fixed (issue 26, Map and Room Cards): the room is passed, its Treasure and Loot stay out
    # of reach (kept as looted, so a later visit cannot take them either)
    assert not any("You find" in line for line in s["log"][-3:])
    assert any("not yours" in line for line in s["log"][-3:])
    assert not s.get("pending") and play.me(s)["gold"] == gold


# -- Defense; Reaction/Counter: shields and armor against Ranged Distance Weapons -------------

def test_defense_armor_is_halved_against_a_ranged_distance_weapon_shot_from_thrown():
    """Defense: "Armor's effectiveness versus Ranged Distance Weapons is halved"; Distance:
    "Ranged Distance Weapon such as Shortbows". The Goblin Archer's Shortbow (3 damage)
    from Thrown distance against Leather Armor (2): halved to 1, 2 taken."""
    from pocketdeck.systems.ads import data, foeturn
    s = at_turn("rogue", "goblin_archer", ["leather_armor"], 2, mode="line")
    s["foes"][0]["distance"] = "thrown"
    shot = data.foes()["goblin_archer"]["actions"][0]["outcomes"][0]
    assert shot["name"] == "Shortbow" and shot["damage"] == "3"
    s["phase"] = "foe"
    foeturn.foe_attack(s, Rng(1), 0, shot)
    hp = s["hp"]
    t = GAME.apply(s, {"type": "react", "card": "leather_armor", "extra": 0})
    assert hp - t["hp"] == 2


def test_defense_armor_is_halved_against_a_crossbow_in_simple_play():
    """Defense: "Armor's effectiveness versus Ranged Distance Weapons is halved"; Distance:
    "Compare this to a Crossbow, which can attack in all Distances": a Crossbow is a Ranged
    Distance Weapon though it also reaches Melee. The Bandit's Crossbow (5) in Simple play
    against Leather Armor (2): halved to 1, 4 taken."""
    from pocketdeck.systems.ads import data, foeturn
    s = at_turn("rogue", "bandit", ["leather_armor"], 2)
    assert s["mode"] == "simple"
    bolt = next(o for a in data.foes()["bandit"]["actions"] for o in a["outcomes"] if o["name"] == "Crossbow")
    s["phase"] = "foe"
    foeturn.foe_attack(s, Rng(1), 0, dict(bolt, damage="5"))
    assert s["pending"]["ranged"]
    hp = s["hp"]
    t = GAME.apply(s, {"type": "react", "card": "leather_armor", "extra": 0})
    assert hp - t["hp"] == 4


# -- Play a Boost Action Card; Dual Wield -----------------------------------------------------

def test_play_a_boost_action_card_a_dual_wield_attack_may_be_boosted():
    """Play a Boost Action Card: "You can play only a single Boost Action Card per Normal
    Action Card"; "You may Boost your Normal Action Card ... by Playing R Attribute Cards".
    A Dual Wield attack plays two weapon cards: at least one Boost is allowed."""
    s = at_turn("rogue", "plague_rat", ["dagger", "rapier", "agility", "agility"], 2, dual=True)
    s["armed"], s["offhand"] = "dagger", "rapier"
    duals = [a for a in GAME.legal_actions(s) if a["type"] == "dual_attack"]
    assert duals and any(a.get("boost") for a in duals)


def test_play_a_boost_action_card_each_blow_of_a_dual_wield_takes_its_own_boost():
    """Play a Boost Action Card: "a single Boost Action Card per Normal Action Card": the
    two weapon cards of a Dual Wield attack each take one Boost, the Agility cards in hand
    shared between them; the button says the damage each blow deals."""
    from pocketdeck.systems.ads import view
    from pocketdeck.systems.ads.facts import value
    from pocketdeck.systems.ads import data
    s = at_turn("rogue", "plague_rat", ["dagger", "rapier", "agility", "agility"], 2, dual=True)
    s["armed"], s["offhand"] = "dagger", "rapier"
    duals = [a for a in GAME.legal_actions(s) if a["type"] == "dual_attack"]
    assert not any(a.get("extra", 0) + a.get("extra2", 0) > 2 for a in duals)
    both = next(a for a in duals if a.get("extra") == 1 and a.get("extra2") == 1)
    d, r = value(data.card("dagger"), 2), value(data.card("rapier"), 2)
    assert f"({d + 1} + {r + 1} dmg)" in view.label(s, both)[0]
    t = GAME.apply(s, both)
    assert "Dagger boosted with 1 Agility." in t["log"] and "Rapier boosted with 1 Agility." in t["log"]
    assert f"Second blow: Rapier for {r + 1} at Plague Rat Swarm." in t["log"]
