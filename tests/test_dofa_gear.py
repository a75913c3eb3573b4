"""Deck of Adventures: armor and shields on the sheet (PG, Health and Armor, Armor Table),
the premade characters' gear, and re-specialising at a level-up (PG, Leveling up;
character-creation.md)."""

from __future__ import annotations

import pytest

from pocketdeck.core.game import IllegalAction
from pocketdeck.systems.dofa import sheet as sh
from test_dofa_rules import GAME, new, play


def points(s: dict) -> dict:
    return GAME.view(s, "player")["points"]


def test_armor_replaces_the_agility_ar_and_gives_its_ap():
    """PG, Health and Armor: worn armor sets AR by its type (replacing 3 - Agility/2) and
    adds its AP; an unmet Strength prerequisite halves speed; a shield adds AP."""
    s = new("Spades1")                        # Agility +2, Strength 0, no armor
    assert (s["sheet"]["ar"], s["sheet"]["ap_max"], points(s)["speed"]) == (2, 0, 6)
    s = play(s, {"type": "armor", "armor": "Fortified"})      # AR 2, AP 1, Strength >= 0
    assert (s["sheet"]["ar"], s["sheet"]["ap_max"], s["ap"], points(s)["speed"]) == (2, 1, 1, 6)
    s = play(s, {"type": "armor", "armor": "Heavy"})          # AR 1, AP 2, Strength >= 1: unmet
    assert (s["sheet"]["ar"], s["sheet"]["ap_max"], points(s)["speed"]) == (1, 2, 3)
    assert GAME.view(s, "player")["gear"]["unmet"] == ["Strength ≥ 1"]
    s = play(s, {"type": "armor", "armor": "Basic"})          # AR 3: worse than Agility's 2, still replaces it
    assert s["sheet"]["ar"] == 3
    s = play(s, {"type": "shield", "on": True})
    assert (s["sheet"]["ap_max"], s["ap"]) == (1, 1)
    s = play(s, {"type": "armor", "armor": ""})
    assert (s["sheet"]["ar"], s["sheet"]["ap_max"]) == (2, 1)  # Agility AR back; the shield's AP


def test_ap_lost_to_damage_stays_lost_when_gear_changes_until_a_full_rest():
    s = play(new("Clubs1"), {"type": "damage", "amount": 2, "bypass": False})
    assert (s["ap"], s["hp"]) == (0, s["sheet"]["hp_max"])
    s = play(s, {"type": "armor", "armor": ""}, {"type": "armor", "armor": "Fortified"})
    assert s["ap"] == 0                        # no AP back by taking the armor off and on
    s = play(s, {"type": "armor", "armor": "Massive"}, {"type": "full_rest"})
    assert (s["sheet"]["ar"], s["ap"]) == (1, 3)   # Massive 3 + shield 1, at most 3 (GMG, Managing Player Resources)


def test_armor_changes_outside_combat_only():
    s = play(new("Spades1"), {"type": "start_combat"})
    with pytest.raises(IllegalAction, match="outside combat"):
        GAME.apply(s, {"type": "armor", "armor": "Light"})
    s = play(s, {"type": "end_combat"}, {"type": "armor", "armor": "Light"})
    assert s["sheet"]["armor"] == "Light"


def test_attack_dr_against_me_is_the_armor_ar_less_cover():
    s = play(new("Spades1"), {"type": "armor", "armor": "Medium"}, {"type": "condition", "name": "Partially Covered"})
    assert points(s)["ar"] == 1


@pytest.mark.parametrize("pid", sorted(sh.premades()))
def test_premades_keep_their_listed_ar_and_ap_through_their_gear(pid):
    """Each premade's listed AR and AP come back from its mapped gear (premades.toml):
    Clubs and Crusader wear Fortified armor with a shield (AR 2, AP 1 + 1); the Alchemists
    (Agility -2, AR 4 unarmored) wear Basic armor (AR 3); the others wear none."""
    c = sh.premades()[pid]
    s = sh.sheet_from_premade(pid)
    assert (s["ar"], s["ap_max"]) == (c["ar"], c["ap"])
    assert not [x for x in s["slips"] if "AR" in x]
    fam = pid.rstrip("0123456789")
    assert s["armor"] == {"Clubs": "Fortified", "Crusader": "Fortified", "Alchemist": "Basic"}.get(fam)
    assert s["shield"] == (fam in ("Clubs", "Crusader"))


def test_builder_offers_armor_and_shield():
    s = play(GAME.new_game({"character": "custom", "name": "", "companion": ""}, 3),
             {"type": "role", "role": "Defender"}, {"type": "armor", "armor": "Light"},
             {"type": "shield", "on": True}, {"type": "finish"})
    assert (s["sheet"]["ar"], s["sheet"]["ap_max"], s["ap"]) == (3, 2, 2)


# -- PG Leveling up; character-creation.md: re-specialising ----------------------------------
def acts(s: dict, kind: str) -> list[dict]:
    return [a for a in GAME.legal_actions(s) if a["type"] == kind]


def test_level_up_without_respec_only_raises():
    s = play(new("Spades2"), {"type": "level_up"})
    assert not acts(s, "lower") and not acts(s, "unlearn") and not acts(s, "role")
    assert acts(s, "respec")


def test_respec_gives_powers_back_lowers_to_zero_and_changes_role():
    """character-creation.md: re-specialising at a level up (the GM allows it): powers back
    for their XP, modifiers back down to 0 (not below), a new Role (powers that need the old
    Role go, for their XP)."""
    s = play(new("Spades2"), {"type": "level_up"}, {"type": "respec"})
    assert s["sheet"]["xp_left"] == 3
    lowers = {a["stat"] for a in acts(s, "lower")}
    assert "AGL" in lowers and "CON" not in lowers          # 0 is the floor
    s = play(s, {"type": "lower", "stat": "AGL"})             # +2 -> +1 gives 4 - 2 = 2 XP back
    assert s["sheet"]["xp_left"] == 5 and s["sheet"]["skills"]["Finesse"] == s["sheet"]["attrs"]["AGL"] + s["sheet"]["own"]["Finesse"]
    s = play(s, {"type": "unlearn", "power": "Attack, Weapon"})   # 1 XP back
    assert s["sheet"]["xp_left"] == 6 and "Attack, Weapon" not in s["sheet"]["powers"]
    s = play(s, {"type": "role", "role": "Caster"})           # Charge and Sweep need Defender/Martial: 2 + 2 back
    assert s["sheet"]["role"] == "Caster" and s["sheet"]["primary"] == "Knowledge"
    assert "Attack, Charge" not in s["sheet"]["powers"] and "Attack, Sweep" not in s["sheet"]["powers"]
    assert s["sheet"]["xp_left"] == 10
    s = play(s, {"type": "finish"})
    assert s["phase"] == "play" and not s["sheet"]["respec"]
    assert s["pp"] <= s["sheet"]["pp_max"]


def test_respec_checks_prerequisites_at_done():
    """Lowering a modifier during a re-spec can break a power's prerequisite: Done refuses."""
    s = play(new("Spades2"), {"type": "level_up"}, {"type": "respec"})
    needing = [p for p in s["sheet"]["powers"] if sh.powers()[p].get("skills")]
    assert "Stealth in the Shadows" in needing
    s = play(s, {"type": "lower", "stat": "AGL"}, {"type": "lower", "stat": "AGL"})
    assert s["sheet"]["skills"]["Stealth"] == 0              # Stealth in the Shadows needs above 0
    assert not acts(s, "finish")
    with pytest.raises(IllegalAction, match="prerequisites no longer met: Stealth in the Shadows"):
        GAME.apply(s, {"type": "finish"})
    s = play(s, {"type": "unlearn", "power": "Stealth in the Shadows"}, {"type": "finish"})
    assert s["phase"] == "play"
