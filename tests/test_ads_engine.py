"""ADS rules in the engine, by the book's sections and worked examples. States are set up
by hand (the round, the hand) and Up/Down draws are scripted where an example needs
particular draws; everything else runs through Game.apply and legal_actions."""

from __future__ import annotations

import pytest

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads import actions as A
from pocketdeck.systems.ads import attack, counters, data, deck, fight, flow, foegrapple, foeturn, grapple, reactions, rounds, turn
from pocketdeck.systems.ads.facts import value
from pocketdeck.systems.ads.deck import hand_max

GAME = get_game("ads")
# every module that draws, deck included (its match_one draws for the others)
MODULES = (A, attack, fight, foeturn, flow, grapple, foegrapple, reactions, turn, counters, deck)


def start(deck="warrior", foe="goblin_skirmisher", **opts):
    """A fight at the player's first turn: 4 chosen cards, initiative declared."""
    state = GAME.new_game({"deck": deck, "foe": foe, **opts}, seed=7)
    while state["phase"] == "choose":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    state = GAME.apply(state, {"type": "declare", "symbol": "^"})
    if state["phase"] == "player_presneak":
        state = GAME.apply(state, {"type": "no_presneak"})
    return state


def at_turn(deck, foe, hand, r, **opts):
    """The player's turn on Round ``r`` holding exactly ``hand`` (card ids), the Foe's
    order after the player's so the player's action resolves first."""
    state = start(deck, foe, **opts)
    everything = state["draw"] + state["hand"] + state["discard"]
    want = []
    for b in hand:
        cid = next(c for c in everything if c.split(".")[0] == b and c not in want)
        want.append(cid)
    state["hand"] = want
    state["draw"] = [c for c in everything if c not in want]
    state["discard"] = []
    state["round"] = r
    state["phase"] = "turn"
    state["fresh"] = False
    state["order"] = ["player"] + [str(i) for i in range(len(state["foes"]))]
    state["turn"] = 0
    for f in state["foes"]:
        f["hidden"] = False
    return state


def declares(symbol: str):
    """A Foe's declaration forced to ``symbol`` (deck.coin patched where a module uses it);
    the seeded generator is still drawn once, so the rest of the game is the same."""
    return lambda rng: (rng.below(2), symbol)[1]


class Script:
    """Scripted Up/Down draws in place of the seeded generator."""

    def __init__(self, monkeypatch, *seqs):
        self.seqs = [list(s) for s in seqs]
        real = A.draw_symbols

        def fake(state, rng, n):
            if self.seqs:
                seq = self.seqs.pop(0)
                assert len(seq) == n, f"scripted {seq} for a Draw {n}"
                return seq
            return real(state, rng, n)
        for mod in MODULES:
            if hasattr(mod, "draw_symbols"):
                monkeypatch.setattr(mod, "draw_symbols", fake)


def plays(state, card):
    return [a for a in GAME.legal_actions(state) if a["type"] == "play" and a["card"] == card]


# -- Combat Rondel / Primary and Secondary Rounds -------------------------------------

@pytest.mark.parametrize("r,dmg", [(1, 3), (2, 5), (3, 5), (4, 5), (5, 5), (6, 3)])
def test_longsword_primary_5_secondary_3(r, dmg):
    """'a Longsword's Primary Rounds are 2, 3, 4, and 5, doing 5 Damage ... 3 Damage during
    its Secondary Rounds' (the 4/2 of 'The Combat Rondel' is the erratum)."""
    assert value(data.card("longsword"), r) == dmg


@pytest.mark.parametrize("r,dmg", [(1, 2), (2, 2), (3, 2), (4, 2), (5, 7), (6, 7)])
def test_crossbow(r, dmg):
    """'a Crossbow's Primary Rounds are only 5 and 6, doing 7 ... 2 ... (Rounds 1-4)'."""
    assert value(data.card("crossbow"), r) == dmg


def test_unplayable_round_is_not_offered():
    """Greyed Rounds: Frost Shard (Rounds 3-6; Rounds 1-2 only by paying Intellect) is not
    playable on Round 1 without Intellect, and the refusal names the rule."""
    s = at_turn("mage", "goblin_skirmisher", ["frost_shard", "agility"], 1)
    assert plays(s, "frost_shard") == []
    with pytest.raises(IllegalAction, match="Boost Requirement"):
        GAME.apply(s, {"type": "play", "card": "frost_shard", "foe": 0, "boost": "", "extra": 0, "pay": 1})
    s = at_turn("priest", "goblin_skirmisher", ["holy_light"], 1)
    assert plays(s, "holy_light") == []  # Holy Light has no Boost requirement: Rounds 4-6 only
    assert plays(s, "energy_bolt") == []
    with pytest.raises(IllegalAction, match="Rondel"):
        GAME.apply(s, {"type": "play", "card": "holy_light", "foe": 0, "boost": "", "extra": 0, "pay": 0})


# -- Energy Bolt ----------------------------------------------------------------------

def test_energy_bolt_rounds_1_2_free_and_damage_r_plus_1():
    s = at_turn("mage", "goblin_skirmisher", ["energy_bolt"], 2)
    assert {"type": "play", "card": "energy_bolt", "foe": 0, "boost": "", "extra": 0, "pay": 0} in plays(s, "energy_bolt")
    assert value(data.card("energy_bolt"), 2) == 3


def test_energy_bolt_round_4_needs_two_intellect_and_does_5():
    s = at_turn("mage", "plague_rat", ["energy_bolt", "intellect"], 4)
    assert plays(s, "energy_bolt") == []
    s = at_turn("mage", "plague_rat", ["energy_bolt", "intellect", "intellect"], 4)
    assert plays(s, "energy_bolt") == [{"type": "play", "card": "energy_bolt", "foe": 0, "boost": "",
                                        "extra": 0, "pay": 2}]
    assert value(data.card("energy_bolt"), 4) == 5


def test_energy_bolt_agility_counter_and_intellect_recounter(monkeypatch):
    """An Agility card reduces all damage; the caster Re-Counters with Intellect and the
    bolt goes on as if not countered (the Foe's one reaction is spent)."""
    s = at_turn("mage", "goblin_skirmisher", ["energy_bolt", "intellect"], 2)
    s["foes"][0]["hp"] = 10
    Script(monkeypatch, ["v", "v"])  # the Goblin's Agility: two Downs
    s = GAME.apply(s, {"type": "play", "card": "energy_bolt", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["phase"] == "recounter"
    s = GAME.apply(s, {"type": "recounter"})
    assert s["foes"][0]["hp"] == 10 - 3
    assert "Re-Counter with Intellect" in " ".join(s["log"])


def test_energy_bolt_countered_without_recounter_does_nothing(monkeypatch):
    s = at_turn("mage", "goblin_skirmisher", ["energy_bolt"], 2)
    Script(monkeypatch, ["v", "v"])
    s = GAME.apply(s, {"type": "play", "card": "energy_bolt", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["foes"][0]["hp"] == 3


def test_energy_bolt_up_down_match_halves(monkeypatch):
    """'Match the Up/Down symbol on this Card ... for half Damage' (rounded down)."""
    s = at_turn("mage", "goblin_skirmisher", ["energy_bolt"], 2)
    s["foes"][0]["hp"] = 10
    inst = s["hand"][0]
    sym = data.instance_symbol(inst)
    Script(monkeypatch, ["^", "v"], [sym])  # no Agility; the bolt's symbol matched
    s = GAME.apply(s, {"type": "play", "card": "energy_bolt", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["foes"][0]["hp"] == 10 - 3 // 2


# -- Recall ---------------------------------------------------------------------------

def recall_costs(r):
    s = at_turn("mage", "goblin_skirmisher", ["intellect"] * 4, r)
    cid = next(c for c in s["draw"] if c.startswith("energy_bolt"))
    s["draw"].remove(cid)
    s["discard"].append(cid)
    return [a["pay"] for a in GAME.legal_actions(s) if a["type"] == "recall" and a["card"] == "energy_bolt"]


def test_recall_level_2_card():
    """'because this particular Card is Level 2, it cannot be Recalled on Round 1 ... Round 5,
    you must Play 2 Intellect ... Round 6 ... 3'."""
    assert recall_costs(1) == []
    assert recall_costs(5) == [{"intellect": 2}]
    assert recall_costs(6) == [{"intellect": 3}]


def test_recall_any_mix_of_listed_attributes():
    """'Recalled using either Strength or Agility Cards, or both, for R/2 ... Round 4: 2
    Agility or 2 Strength, or one of each'."""
    s = at_turn("warrior", "goblin_skirmisher", ["strength", "strength", "agility", "agility"], 4)
    cid = next(c for c in s["draw"] if c.startswith("longsword"))
    s["draw"].remove(cid)
    s["discard"].append(cid)
    pays = [a["pay"] for a in GAME.legal_actions(s) if a["type"] == "recall" and a["card"] == "longsword"]
    assert pays == [{"agility": 2}, {"agility": 1, "strength": 1}, {"strength": 2}]
    s = GAME.apply(s, {"type": "recall", "card": "longsword", "pay": {"agility": 1, "strength": 1}})
    assert s["phase"] == "recalled" and {"type": "keep"} in GAME.legal_actions(s)


# -- Boosts ---------------------------------------------------------------------------

def test_longsword_round_3_plus_3_strength_is_8():
    """'play a Longsword Card on Round 3 ... up to 3 Strength ... for a total of 8'."""
    s = at_turn("warrior", "plague_rat", ["longsword"] + ["strength"] * 4, 3)
    s["foes"][0]["hp"] = 20
    extras = [a["extra"] for a in plays(s, "longsword") if a["boost"] == "strength"]
    assert extras == [1, 2, 3]  # at most R attribute cards
    s = GAME.apply(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "strength", "extra": 3, "pay": 0})
    assert s["foes"][0]["hp"] == 20 - 8


def test_one_boost_per_action():
    """An attribute Boost and a Boost card are alternatives, never both."""
    s = at_turn("warrior", "plague_rat", ["longsword", "strength", "power_attack"], 3)
    for a in plays(s, "longsword"):
        assert not (a["extra"] and a["boost"] == "power_attack")
    assert any(a["boost"] == "power_attack" for a in plays(s, "longsword"))


# -- the Goblin Skirmisher --------------------------------------------------------------

def test_goblin_longsword_round_4_light_armor(monkeypatch):
    """'Longsword does 5 Damage on Round 4, and the Goblin's Light Armor reduces it by 3 ...
    The Goblin is down to 1 HP' (3 Ups drawn for its reaction)."""
    s = at_turn("warrior", "goblin_skirmisher", ["longsword"], 4)
    Script(monkeypatch, ["^", "v"], ["^", "^", "^"])  # Agility counter fails; then ^^^
    s = GAME.apply(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["foes"][0]["hp"] == 1


def test_goblin_small_shield_blocks_dagger_at_r4(monkeypatch):
    """'Dagger (3 Damage) ... match 2 Downs and 1 Up ... Shield blocks 4 Damage (R=4)'."""
    s = at_turn("rogue", "goblin_skirmisher", ["dagger"], 4)
    Script(monkeypatch, ["^", "^"], ["v", "^", "v"])
    s = GAME.apply(s, {"type": "play", "card": "dagger", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["foes"][0]["hp"] == 3
    assert "takes no damage" in " ".join(s["log"])


def test_goblin_actions_round_4_and_5():
    """'if it is Round 4 ... Up, 4 Physical Damage ... Down, no Action. On Round 5 ... Up, no
    Action ... Down, 3'."""
    foe = {"id": "goblin_skirmisher"}
    row4, row5 = fight.action_row(foe, 4), fight.action_row(foe, 5)
    assert row4["draw"] == 1 and row4["outcomes"][0]["match"] == "^" and row4["outcomes"][0]["damage"] == "4"
    assert row5["outcomes"][0]["match"] == "v" and row5["outcomes"][0]["damage"] == "3"
    assert row4["failure"] == row5["failure"] == "nothing"


def test_goblin_card_numbers():
    g = data.foes()["goblin_skirmisher"]
    assert (g["xp"], g["hp"], g["gold"], g["level"], g["size"]) == (1, 3, 1, 1, "S")
    assert g["attribute"] == {"name": "agility", "pattern": "vv"}


# -- Fatigue, Exhaustion, Hit Points --------------------------------------------------

def test_first_reshuffle_gives_hand_maximum_6():
    """'reshuffle your Discard Deck into your Draw Deck for the first time, you take one
    level of Fatigue, and your Hand is now a maximum of 6'."""
    s = at_turn("warrior", "goblin_skirmisher", ["longsword"], 2)
    s["discard"] = s["draw"]
    s["draw"] = []
    s = GAME.apply(s, {"type": "pass"})
    assert s["fatigue"] == 1
    assert hand_max(s) == 6


def test_fatigue_at_hand_maximum_1_kills():
    s = at_turn("warrior", "goblin_skirmisher", [], 2)
    s["fatigue"] = 6
    s["discard"] = s["draw"]
    s["draw"] = []
    s = GAME.apply(s, {"type": "pass"})
    assert s["outcome"] == "lost"


def test_exhaustion_instead_of_death_from_a_foe():
    """Death from a Foe may be traded for a level of Exhaustion at 1 HP, the player's choice."""
    s = at_turn("warrior", "goblin_skirmisher", [], 2)
    s["hp"] = 1
    s["phase"] = "react"
    s["pending"] = {"kind": "attack", "foe": 0, "name": "Short Sword", "damage": 4, "ethereal": False,
                    "ranged": False, "melee": True, "sneak": False, "counters": ["agility"]}
    s = GAME.apply(s, {"type": "take"})
    assert s["phase"] == "exhaust"
    s2 = GAME.apply(s, {"type": "exhaust"})
    assert s2["hp"] == 1 and s2["exhaustion"] == 1 and hand_max(s2) == 6
    assert GAME.apply(s, {"type": "die"})["outcome"] == "lost"


def test_hit_points_from_core_cards():
    """Race hp + class hp + 2 per level above 1: a level-2 Dwarf Warrior has 7+8+2 = 17."""
    assert data.player_hp("dwarf", "warrior", 2) == 17
    assert GAME.new_game({"deck": "warrior"}, 1)["max_hp"] == 17
    assert data.player_hp("elf", "mage", 1) == 9


# -- Order of play ----------------------------------------------------------------------

def test_start_choose_four_not_fortitude_then_draw_three():
    s = GAME.new_game({"deck": "warrior"}, seed=3)
    assert all(a["card"] != "fortitude" for a in GAME.legal_actions(s))
    for _ in range(4):
        s = GAME.apply(s, GAME.legal_actions(s)[-1])
    assert s["phase"] == "initiative" and len(s["hand"]) == 7 and len(s["draw"]) == 45


def test_draw_one_over_then_discard_to_maximum():
    s = at_turn("warrior", "goblin_skirmisher", ["strength"] * 7, 2)
    s["fresh"] = True
    s = GAME.apply(s, {"type": "draw_over"})
    assert s["phase"] == "discard" and len(s["hand"]) == 8
    s = GAME.apply(s, {"type": "discard", "card": "strength"})
    assert s["phase"] == "turn" and len(s["hand"]) == 7


# -- Spells need a free hand; weapons ---------------------------------------------------

def test_no_spell_with_weapon_and_shield():
    s = at_turn("priest", "goblin_skirmisher", ["smite", "mace"], 2)
    s["armed"], s["shield"] = "mace", True
    assert plays(s, "smite") == []
    s["shield"] = False
    assert plays(s, "smite")


def test_swapping_weapons_costs_the_action_unless_fast_swap():
    s = at_turn("warrior", "plague_rat", ["handaxe", "fast_weapon_swap"], 2)
    s["armed"] = "longsword"
    assert [a["boost"] for a in plays(s, "handaxe")] == ["fast_weapon_swap"]
    assert {"type": "arm", "card": "handaxe"} in GAME.legal_actions(s)
    s["armed"] = None  # no weapon in hand: drawing one is a free action
    assert any(a["boost"] == "" for a in plays(s, "handaxe"))


def test_one_dimensional_distance_and_move():
    """One Dimensional: indoors starts at Thrown; the Longsword needs Melee; Move changes one
    category."""
    s = at_turn("warrior", "goblin_skirmisher", ["longsword"], 2, mode="line", place="indoors")
    assert s["foes"][0]["distance"] == "thrown" and plays(s, "longsword") == []
    moves = [a for a in GAME.legal_actions(s) if a["type"] == "move"]
    assert {a["to"] for a in moves} == {"ranged", "melee"}
    assert GAME.new_game({"mode": "line", "place": "outdoors"}, 1)["foes"][0]["distance"] == "ranged"


# -- Reactions --------------------------------------------------------------------------

def attacked(deck, hand, dmg, *, ranged=False, ethereal=False, r=3):
    s = at_turn(deck, "goblin_skirmisher", hand, r)
    s["phase"] = "react"
    s["pending"] = {"kind": "attack", "foe": 0, "name": "Test", "damage": dmg, "ethereal": ethereal,
                    "ranged": ranged, "melee": not ranged, "sneak": False, "counters": ["agility"]}
    return s


def test_armor_halved_against_ranged_rounded_down():
    s = attacked("warrior", ["chainmail"], 5, ranged=True)
    assert {"type": "react", "card": "chainmail", "extra": 0} in GAME.legal_actions(s)
    hp = s["hp"]
    s = GAME.apply(s, {"type": "react", "card": "chainmail", "extra": 0})
    assert s["hp"] == hp - (5 - 3 // 2)


def test_shield_blocks_ranged_whole_and_covers_more():
    s = attacked("warrior", ["small_shield"], 6, ranged=True)
    hp = s["hp"]
    s = GAME.apply(s, {"type": "react", "card": "small_shield", "extra": 0})
    assert s["hp"] == hp and s["shield_cover"] == 1


def test_physical_defense_does_nothing_to_ethereal():
    s = attacked("warrior", ["chainmail", "agility"], 4, ethereal=True)
    assert not any(a["type"] == "react" for a in GAME.legal_actions(s))
    assert {"type": "counter", "card": "agility"} in GAME.legal_actions(s)


def test_base_action_once_per_round():
    s = at_turn("warrior", "plague_rat", [], 2)
    s["foes"][0]["hp"] = 20
    assert {"type": "base", "which": "class", "foe": 0} in GAME.legal_actions(s)
    s["base_used"]["class"] = True
    assert {"type": "base", "which": "class", "foe": 0} not in GAME.legal_actions(s)


# -- Persistent effects -------------------------------------------------------------------

def test_persistent_card_held_face_out_and_ends_after_its_rounds():
    """Mage Armor (4 Rounds) played on Round 6 is held face-out, not in the hand, and is
    discarded at the end of Round 3 (6-1-2-3)."""
    s = at_turn("mage", "goblin_skirmisher", ["mage_armor"], 6)
    s["order"] = ["player"]  # the Foe sits out: Round 6 ends with the player's turn
    s = GAME.apply(s, {"type": "play", "card": "mage_armor", "foe": -1, "boost": "", "extra": 0, "pay": 0})
    assert s["round"] == 1 and [p["card"].split(".")[0] for p in s["persist"]] == ["mage_armor"]
    assert s["persist"][0]["card"] not in s["hand"] and len(s["hand"]) == hand_max(s)
    rng = Rng(1)
    seen = []
    for _ in range(3):
        rounds.end_round(s, rng)
        seen.append((s["round"], bool(s["persist"])))
    assert seen == [(2, True), (3, True), (4, False)]
    assert GAME.card_total(s) == 52


def test_to_the_end_of_the_count():
    """'This Spell ends at the end of the Count': played on Round 2, gone after Round 6."""
    s = at_turn("priest", "goblin_skirmisher", ["blessing"], 2)
    s["order"] = ["player"]
    s = GAME.apply(s, {"type": "play", "card": "blessing", "foe": -1, "boost": "", "extra": 0, "pay": 0})
    rng = Rng(1)
    kept = []
    while s["round"] != 1:
        kept.append(bool(s["persist"]))
        rounds.end_round(s, rng)
    assert all(kept) and not s["persist"] and s["count"] == 2


# -- Foes -------------------------------------------------------------------------------

def test_foe_action_chance_shown_before_the_draw():
    from pocketdeck.systems.ads.view import foe_view
    s = at_turn("warrior", "skeletal_warrior", [], 2)
    v = foe_view(s, 0)
    assert [a["chance"] for a in v["actions"]] == ["25%", "50%"]
    assert v["failure"]["chance"] == "25%"


def test_xp_and_gold_rounded_down_minimum_1():
    s = at_turn("warrior", "goblin_skirmisher", [], 2)
    s["foes"][0]["hp"] = 0
    fight.win(s)
    assert (s["xp"], s["gold"], s["outcome"]) == (1, 1, "won")


# -- Combat Conditions ~ Lighting ---------------------------------------------------------

def test_dark_hampers_a_player_without_darksight(monkeypatch):
    """A Human in the dark must match to play a card with a Distance: Melee Draw 1; a miss
    and the card fails (discarded)."""
    s = at_turn("priest", "plague_rat", ["mace"], 2, light="dark")
    Script(monkeypatch, ["^"])  # the declared symbol comes from the generator; force a miss
    monkeypatch.setattr(fight, "coin", declares("v"))
    s = GAME.apply(s, {"type": "play", "card": "mace", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["foes"][0]["hp"] == 5 and "cannot see" in " ".join(s["log"])
    assert any(c.startswith("mace") for c in s["discard"])


def test_darksight_sees_in_the_dark_and_suffers_in_bright_light():
    s = at_turn("warrior", "goblin_skirmisher", [], 2, light="dark")  # a Dwarf
    assert not fight.sight_hampered(s, None)
    assert fight.sight_hampered(dict(s, light="bright"), s["foes"][0])  # the Goblin has Darksight
    assert not fight.sight_hampered(dict(s, light="dim"), s["foes"][0])


# -- Grapple (Melee Distance Only) ---------------------------------------------------------

def test_grapple_only_at_melee_by_strength_or_declaration():
    s = at_turn("warrior", "plague_rat", ["strength"], 2, mode="line")
    assert not any(a["type"] == "grapple" for a in GAME.legal_actions(s))  # Thrown
    s["foes"][0]["distance"] = "melee"
    got = [a["how"] for a in GAME.legal_actions(s) if a["type"] == "grapple"]
    assert got == ["strength", "^", "v"]


def test_up_down_grapple_loses_at_once_against_agility(monkeypatch):
    s = at_turn("warrior", "goblin_skirmisher", ["longsword"], 3)
    # the Goblin's free strike draw: no Up, so 1 base damage; then its Agility (vv) is played
    Script(monkeypatch, ["v"], ["v", "v"])
    s = GAME.apply(s, {"type": "grapple", "foe": 0, "how": "^"})
    assert s["phase"] == "react" and s["pending"]["damage"] == 1  # the target strikes first
    s = GAME.apply(s, {"type": "take"})
    assert s["grapple"] is None and "lose it at once" in " ".join(s["log"])


def test_strength_grapple_then_strike_in_the_grapple(monkeypatch):
    s = at_turn("warrior", "plague_rat", ["strength", "longsword"], 2)
    s["order"] = ["player"]
    s["foes"][0]["hp"] = 5
    Script(monkeypatch, ["v"])  # the Rats' Bites need an Up: their free strike is 1 base damage
    s = GAME.apply(s, {"type": "grapple", "foe": 0, "how": "strength"})
    s = GAME.apply(s, {"type": "take"})
    assert s["grapple"] == {"foe": 0}
    legal = GAME.legal_actions(s)
    assert {"type": "grapple_strike"} in legal and not any(a["type"] in ("play", "move", "flee") and
                                                            a.get("card") == "longsword" for a in legal)
    assert not any(a["type"] in ("move", "flee", "arm") for a in legal)
    s = GAME.apply(s, {"type": "grapple_strike"})
    assert s["foes"][0]["hp"] == 4


def test_attacking_into_a_grapple_can_hit_the_ally(monkeypatch):
    """'If they do not match the declared Up/Down then they hit their Ally in the Grapple.'"""
    s = at_turn("warrior", "goblin_skirmisher", [], 3, count=2)
    s["grapple"] = {"foe": 0}
    monkeypatch.setattr(attack, "coin", declares("^"))  # the declared symbol is always Up
    Script(monkeypatch, ["v"])               # ... and the draw misses
    rng = Rng(1)
    foeturn.foe_attack(s, rng, 1, {"name": "Short Sword", "damage": "4", "distances": ["melee"]})
    assert s["foes"][0]["hp"] == 0 and s["phase"] != "react"


def test_grappled_foe_escape_held_with_strength(monkeypatch):
    s = at_turn("warrior", "plague_rat", ["strength"], 2)
    s["grapple"] = {"foe": 0}
    s["phase"] = "foe"
    s["order"] = ["0", "player"]
    s["turn"] = 0  # the Foe's turn

    class Coin:
        def below(self, n):
            return 1  # the grappled Foe tries to escape; it declares Down
    foeturn.grappled_turn(s, Coin(), 0)
    assert s["phase"] == "hold" and s["pending"]["declared"] == "v"
    s = GAME.apply(s, {"type": "hold"})
    assert s["grapple"] == {"foe": 0} and "hold on with Strength" in " ".join(s["log"])
    assert s["phase"] == "turn"


# -- Dual Wield ---------------------------------------------------------------------------

def test_dual_wield_pairs_by_size_and_hands():
    """Two Medium or smaller, or one Large and one smaller; no two-handed, no Extra Large."""
    assert A.dual_pair_ok("dagger", "rapier") and A.dual_pair_ok("longsword", "dagger")
    assert not A.dual_pair_ok("longsword", "warhammer")
    assert not A.dual_pair_ok("greatsword", "dagger")


def test_dual_attack_only_on_a_shared_primary_round():
    s = at_turn("rogue", "plague_rat", ["dagger", "rapier"], 2, dual=True)
    assert {"type": "dual_attack", "card": "dagger", "card2": "rapier", "foe": 0} in GAME.legal_actions(s)
    s3 = at_turn("rogue", "plague_rat", ["dagger", "rapier"], 3, dual=True)  # Rapier is secondary on 3
    assert not any(a["type"] == "dual_attack" for a in GAME.legal_actions(s3))
    plain = at_turn("rogue", "plague_rat", ["dagger", "rapier"], 2)
    assert not any(a["type"] == "dual_attack" for a in GAME.legal_actions(plain))


def test_dual_attack_strikes_twice():
    s = at_turn("rogue", "plague_rat", ["dagger", "rapier"], 2, dual=True)
    s["foes"][0]["hp"] = 20
    s = GAME.apply(s, {"type": "dual_attack", "card": "dagger", "card2": "rapier", "foe": 0})
    assert s["foes"][0]["hp"] == 20 - 3 - 4
    assert (s["armed"], s["offhand"]) == ("dagger", "rapier")


def test_dual_wielders_have_no_shield_and_no_free_hand_for_spells():
    s = at_turn("warrior", "goblin_skirmisher", [], 2, dual=True)
    assert s["shield"] is False
    s = GAME.apply(s, {"type": "shield", "on": True})
    assert s["dual"] is False and s["shield"] is True  # a shield ends the Dual Wield benefits
    m = at_turn("mage", "goblin_skirmisher", ["energy_bolt"], 2, dual=True)
    m["armed"], m["offhand"] = "dagger", "dagger"
    assert plays(m, "energy_bolt") == []


def test_backing_away_twice_after_a_foe_closes_in_is_fleeing():
    """'If this happens twice in a row, the Character or Foe is considered to be Fleeing.'"""
    s = at_turn("warrior", "goblin_archer", [], 2, mode="line")
    s["order"] = ["player"]  # the Foe's own turns are played by hand here
    foe = s["foes"][0]
    fight.move_foe(foe, "melee")
    assert foe["closed"]
    s = GAME.apply(s, {"type": "move", "foe": 0, "to": "thrown"})
    assert s["avoid"] == 1 and not s["fleeing"] and s["phase"] == "turn"
    fight.move_foe(s["foes"][0], "melee")
    s = GAME.apply(s, {"type": "move", "foe": 0, "to": "thrown"})
    assert "that is Fleeing" in " ".join(s["log"])


# -- more Foe traits, initiative, Recall of high-level cards --------------------------------

def test_regeneration_at_the_start_of_each_round():
    s = at_turn("warrior", "cave_troll", [], 2)
    s["foes"][0]["hp"] = 10
    rounds.start_round_effects(s, Rng(1))
    assert s["foes"][0]["hp"] == 11


def test_healer_never_heals_above_starting_hp():
    s = at_turn("warrior", "cultist", [], 2, count=2)
    s["foes"][1]["hp"] = 5  # one short of 6
    foeturn.heal_foe(s, 1, 3, by="Cultist Healer A")
    assert s["foes"][1]["hp"] == 6


def test_disease_caught_on_a_miss_ticks_each_round_and_a_potion_cures(monkeypatch):
    """Disease (2 min, 1 damage, 3 Rounds): a hit of 2+ makes you draw to match the Foe
    card's Up/Down; a miss catches it."""
    s = at_turn("priest", "plague_rat", ["healing_potion"], 2)
    need = data.SYMBOL_OF[data.foes()["plague_rat"]["updown"]]
    Script(monkeypatch, ["v" if need == "^" else "^"])
    foeturn.after_hit(s, Rng(1), 0, 2)
    assert s["disease"] == {"from": "Plague Rat Swarm", "damage": 1, "left": 3}
    hp = s["hp"]
    rounds.start_round_effects(s, Rng(1))
    assert s["hp"] == hp - 1 and s["disease"]["left"] == 2
    s = GAME.apply(s, {"type": "play", "card": "healing_potion", "foe": -1, "boost": "", "extra": 0, "pay": 0})
    assert s["disease"] is None


def test_dwarf_base_action_counters_disease(monkeypatch):
    s = at_turn("warrior", "plague_rat", [], 2)  # Brakka is a Dwarf
    need = data.SYMBOL_OF[data.foes()["plague_rat"]["updown"]]
    Script(monkeypatch, ["v" if need == "^" else "^"])
    foeturn.after_hit(s, Rng(1), 0, 3)
    assert s["disease"] is None and s["base_used"]["race"]


def test_initiative_more_matches_goes_first(monkeypatch):
    s = GAME.new_game({"deck": "warrior"}, seed=2)
    for _ in range(4):
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    Script(monkeypatch, ["^"], ["^"], ["^"], ["^"], ["v"], ["^"])  # you: 3 Ups; the Foes at most 2
    s = GAME.apply(s, {"type": "declare", "symbol": "^"})
    assert s["order"][0] == "player"


def test_level_7_cards_recall_on_round_6_only(monkeypatch):
    monkeypatch.setitem(data.cards()["energy_bolt"], "level", 7)
    for r, ok in ((5, False), (6, True)):
        assert bool(recall_costs(r)) is ok


def test_refusals_name_the_rule():
    s = at_turn("warrior", "goblin_skirmisher", ["strength"], 2, mode="line")
    with pytest.raises(IllegalAction, match="Grapple \\(Melee Distance Only\\)"):
        GAME.apply(s, {"type": "grapple", "foe": 0, "how": "strength"})
    s = attacked("warrior", ["chainmail"], 4, ethereal=True)
    with pytest.raises(IllegalAction, match="Reaction/Counter"):
        GAME.apply(s, {"type": "react", "card": "chainmail", "extra": 0})
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(s, {"type": "pass"})


def test_player_pre_sneak_with_sneak_cards_in_the_deck(monkeypatch):
    """Pre-Sneaking: a deck with Sneak cards may Pre-Sneak; a Foe that fails to match does
    not see you, and your first attack is a Sneak attack (+R/2, no Foe reaction)."""
    s = GAME.new_game({"deck": "warrior", "foe": "plague_rat"}, seed=2)
    for _ in range(4):
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    assert GAME.apply(s, {"type": "declare", "symbol": "^"})["phase"] != "player_presneak"
    s = GAME.new_game({"deck": "rogue", "foe": "goblin_skirmisher"}, seed=2)
    for _ in range(4):
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    s = GAME.apply(s, {"type": "declare", "symbol": "^"})
    assert s["phase"] == "player_presneak"
    assert {"type": "no_presneak"} in GAME.legal_actions(s)
    Script(monkeypatch, ["v"], ["^"])  # the Goblin misses your Up; then you miss its Pre-Sneak
    monkeypatch.setattr(foeturn, "coin", declares("v"))  # (it declares Down)
    s = GAME.apply(s, {"type": "presneak", "symbol": "^"})
    assert s["sneak_bonus"] and "unseen" in " ".join(s["log"])
    t = at_turn("rogue", "goblin_skirmisher", ["rapier"], 2)
    t["sneak_bonus"] = True
    t["foes"][0]["hp"] = 10
    t = GAME.apply(t, {"type": "play", "card": "rapier", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert t["foes"][0]["hp"] == 10 - (4 + 1) and not t["sneak_bonus"]


def test_dual_wielding_each_blow_label_and_damage_come_from_one_figure():
    """Dual Wielding with Blessing face-out (Card Icons and Mechanics: "bless"): the button
    shows each blow as `facts.dual_damage` gives it, and the blows deal exactly that (issue
    26, "The shape": a label and its effect from the same function). Before, the button
    left Blessing out (3 + 4) while each blow dealt it (4 + 5)."""
    from pocketdeck.systems.ads import view as V
    s = at_turn("rogue", "plague_rat", ["dagger", "rapier"], 2, dual=True)
    s["foes"][0]["hp"] = 20
    s["persist"].append({"card": "blessing.1", "until": "count", "since": 0})
    a = {"type": "dual_attack", "card": "dagger", "card2": "rapier", "foe": 0}
    assert V.label(s, a)[0].endswith("(4 + 5 dmg)")
    s = GAME.apply(s, a)
    assert s["foes"][0]["hp"] == 20 - 4 - 5
