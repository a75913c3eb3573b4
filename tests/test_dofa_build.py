"""Deck of Adventures character builder and levelling up (PG Character Creation and
Leveling up; reference character-creation.md): Role first, XP costs, caps, attributes
moving their skills, power prerequisites and PP, vulnerabilities, level-up."""

from __future__ import annotations

import pytest

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.systems.dofa import build as bd

GAME = get_game("dofa")


def play(state, *actions):
    for a in actions:
        state = GAME.apply(state, a)
    return state


def custom(role: str = "Martial"):
    s = GAME.new_game({"character": "custom", "name": "Vex"}, 3)
    assert s["phase"] == "build"
    assert {a["type"] for a in GAME.legal_actions(s)} == {"role"}
    return play(s, {"type": "role", "role": role})


def types(s):
    return [a["type"] for a in GAME.legal_actions(s)]


def test_role_first_then_nine_xp():
    s = custom("Support")
    assert s["sheet"]["primary"] == "Craft" and s["sheet"]["xp_left"] == 9
    assert s["sheet"]["hp_max"] == 5 and s["sheet"]["ar"] == 3


def test_attribute_costs_and_moves_its_skills_within_the_cap():
    s = custom()
    s = play(s, {"type": "raise", "stat": "AGL"}, {"type": "raise", "stat": "AGL"})
    sheet = s["sheet"]
    assert sheet["xp_left"] == 9 - 4 and sheet["skills"]["Finesse"] == sheet["skills"]["Stealth"] == 2
    assert sheet["ar"] == 2
    # cap 2 at level 1: neither Agility nor its skills go higher
    assert {"type": "raise", "stat": "AGL"} not in GAME.legal_actions(s)
    assert {"type": "raise", "stat": "Finesse"} not in GAME.legal_actions(s)
    s = play(s, {"type": "raise", "stat": "Detection"})
    assert s["sheet"]["xp_left"] == 4 and s["sheet"]["skills"]["Detection"] == 1


def test_lowering_to_minus_two_gives_xp_back_and_vitality_moves_hp():
    s = custom()
    s = play(s, {"type": "lower", "stat": "VIT"})
    assert s["sheet"]["xp_left"] == 11 and s["sheet"]["hp_max"] == 5      # 4 + 1 - 1
    s = play(s, {"type": "raise", "stat": "VIT"}, {"type": "raise", "stat": "VIT"})
    assert s["sheet"]["hp_max"] == 6
    s = play(s, {"type": "lower", "stat": "VIT"}, {"type": "lower", "stat": "VIT"}, {"type": "lower", "stat": "VIT"})
    # 4 + 1 - 2 = 3, but a Dealer has at least 5 HP (PG, Dealers, NPCs and Companions)
    assert s["sheet"]["xp_left"] == 13 and s["sheet"]["hp_max"] == 5
    assert {"type": "lower", "stat": "VIT"} not in GAME.legal_actions(s)


def test_power_prerequisites_and_max_pp():
    s = custom("Support")
    learn = {a["power"] for a in GAME.legal_actions(s) if a["type"] == "learn"}
    assert "Heal" in learn                       # Role: Support
    assert "Heal 2" not in learn                 # needs level 3 and Heal
    assert "Attack, Weapon 2" not in learn       # needs level 3
    assert "Momentum" not in learn               # Defender only
    s = play(s, {"type": "learn", "power": "Heal"})
    assert s["sheet"]["pp_max"] == 2 and s["sheet"]["xp_left"] == 7    # the larger of PP 1/2
    assert "Attack, Mystic" not in {a.get("power") for a in GAME.legal_actions(s)}  # Craft > 0
    s = play(s, {"type": "raise", "stat": "Craft"})
    assert {"type": "learn", "power": "Attack, Mystic"} in GAME.legal_actions(s)
    s = play(s, {"type": "learn", "power": "Attack, Mystic"}, {"type": "lower", "stat": "Craft"})
    assert "finish" not in types(s)              # Attack, Mystic no longer qualifies
    with pytest.raises(IllegalAction, match="prerequisites"):
        GAME.apply(s, {"type": "finish"})


def test_power_lists_any_of_and_the_upgrade_needing_all():
    sheet = bd.blank_sheet("x")
    sheet.update(role="Caster", level=3)
    sheet["own"]["Knowledge"] = 2
    bd.derive(sheet)
    sheet["powers"] = ["Attack, Mystic"]
    assert bd.power_ok(sheet, "Attack, Mystic Amplification")
    assert not bd.power_ok(sheet, "Attack, Mystic Amplification 2")     # needs both
    sheet["powers"].append("Attack, Mystic Amplification")
    assert bd.power_ok(sheet, "Attack, Mystic Amplification 2")
    assert bd.power_ok(sheet, "Attack, Mystic 2")  # Knowledge > 1 or Craft > 1 (any of)


def test_vulnerabilities_at_most_four_and_four_xp():
    s = custom()
    vul = [a for a in GAME.legal_actions(s) if a["type"] == "vulnerability" and a["xp"] == 2]
    s = play(s, vul[0], vul[1])
    assert s["sheet"]["xp_left"] == 13
    assert not any(a["type"] == "vulnerability" for a in GAME.legal_actions(s))   # 4 XP reached
    s = play(s, {"type": "drop_vulnerability", "id": vul[0]["id"]})
    ones = [a for a in GAME.legal_actions(s) if a["type"] == "vulnerability" and a["xp"] == 1]
    s = play(s, *ones[:2])
    assert len(s["sheet"]["vulnerabilities"]) == 3 and s["sheet"]["xp_left"] == 13
    assert not any(a["type"] == "vulnerability" and a["xp"] == 2 for a in GAME.legal_actions(s))


def test_finish_then_level_up_adds_hp_and_three_xp_only_up():
    s = play(custom(), {"type": "raise", "stat": "AGL"}, {"type": "finish"})
    assert s["phase"] == "play" and s["hp"] == s["sheet"]["hp_max"] == 5
    assert s["sheet"]["xp_left"] == 7                      # leftover XP is kept
    s = play(s, {"type": "level_up"})
    assert s["phase"] == "levelup" and s["sheet"]["level"] == 2
    assert s["sheet"]["hp_max"] == 6 and s["hp"] == 6 and s["sheet"]["xp_left"] == 10
    assert "lower" not in types(s) and "vulnerability" not in types(s)
    s = play(s, {"type": "raise", "stat": "VIT"}, {"type": "finish"})
    assert s["sheet"]["hp_max"] == 7 and s["hp"] == 7 and s["phase"] == "play"


def test_premade_levels_up_too():
    s = GAME.new_game({"character": "Spades1"}, 1)
    s = play(s, {"type": "level_up"})
    assert s["sheet"]["level"] == 2 and s["sheet"]["xp_left"] == 3 and s["sheet"]["hp_max"] == 6
    assert {"type": "learn", "power": "Pack Tactics"} in GAME.legal_actions(s)   # level 2 power
