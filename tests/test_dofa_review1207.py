"""Deck of Adventures, the player's phone: the differences of the review of 2026-12-07
(docs/reviews/dofa-phone-2026-12-07.md; PG = Player's Guide 002_..., GMG = GM's Guide 001_...).
Each test is named after its book section and fails on the code before the fix;
docs/rules/dofa.md has the rows ("tpr_")."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pocketdeck.core.saves import FORMAT, SaveError, from_record
from test_dofa_rules import GAME, check, new, play, stack
from test_dofa_third_reading import legal, refused

LEARN = Path(__file__).resolve().parents[1] / "content" / "dofa" / "learn.toml"


def rest_card(s: dict) -> dict:
    """Draw a Rest Card, accept it and take the first choice offered."""
    s = play(s, {"type": "rest_draw"})
    while s["draw"]["to_go"]:
        s = play(s, {"type": "draw_more"})
    s = play(s, {"type": "accept"})
    return play(s, legal(s, "rest_gain")[0])


# -- 1: GMG, Resting --------------------------------------------------------------------------
def test_gmg_resting_rest_cards_give_their_points_when_the_quick_rest_is_complete():
    """GMG, Resting: "Players can only use Rest Cards after a Rest has been successfully
    completed ... In the event that a Rest is interrupted, it can be resumed". A Rest Card's
    HP is held until the Quick Rest is completed; an interrupted rest recovers nothing, is
    not counted, puts no cards back, and the next Quick Rest resumes it."""
    s = play(new("Spades1"), {"type": "damage", "amount": 3, "bypass": True}, {"type": "draw_tc"},
             {"type": "quick_rest"})
    hp = s["hp"]
    s = rest_card(s)
    held = s["rest_held"]
    assert s["hp"] == hp and held[0] + held[1] >= 1 and s["phase"] == "rest"
    deck = len(s["deck"])
    s = play(s, {"type": "rest_pause"})
    assert (s["phase"], s["hp"], s["quick_rests"], len(s["deck"]), s["rest_paused"]) == ("play", hp, 0, deck, True)
    s = play(s, {"type": "start_combat"}, {"type": "end_combat"})
    label = next(a["label"] for a in GAME.view(s, "player")["actions"] if a["action"]["type"] == "quick_rest")
    assert label == "Resume the Quick Rest"
    s = play(s, {"type": "quick_rest"})
    assert s["rest_held"] == held and "resumes" in s["log"][-1]
    s = play(s, {"type": "rest_end"})
    assert (s["hp"], s["quick_rests"]) == (hp + held[0], 1)
    assert "rest_held" not in s and "rest_paused" not in s
    GAME.check_state(s)


def test_gmg_resting_what_is_held_counts_against_the_maximum():
    """PG, Rests ("recover one HP or PP"): never past the maximum, counting what is held."""
    s = play(new("Spades1"), {"type": "damage", "amount": 1, "bypass": True}, {"type": "draw_tc"},
             {"type": "quick_rest"})
    for _ in range(3):
        s = rest_card(s)
    assert s["rest_held"] == [1, 0] and s["hp"] == s["sheet"]["hp_max"] - 1


# -- 2: PG, In Combat Actions (Minor); GMG, Consumables (Potions) -----------------------------
def test_pg_in_combat_actions_minor_a_potion_and_a_weapon_change_spend_the_minor_action():
    """PG, In Combat Actions, Minor: "Object interaction: ... using a disposable item,
    equipping or changing weapons"; GMG, Consumables: "Potions Minor Action". One a turn:
    after a shield neither is offered; a potion spends it; next turn a weapon change does."""
    s = play(new("Spades1"), {"type": "start_combat"}, {"type": "shield", "on": True})
    assert not legal(s, "weapon")
    assert "Potion of Strength" not in [a["item"] for a in legal(s, "use_item")]
    refused(s, {"type": "weapon", "damage": 3}, "Minor Action is already spent")
    refused(s, {"type": "use_item", "item": "Potion of Strength"}, "Minor Action is already spent")
    s = play(s, {"type": "end_turn"}, {"type": "use_item", "item": "Potion of Strength"})
    assert not legal(s, "weapon") and not legal(s, "shield")
    s = play(s, {"type": "end_turn"}, {"type": "weapon", "damage": 3})
    assert s["weapon"] == 3 and not legal(s, "weapon") and not legal(s, "shield")
    s = play(s, {"type": "end_combat"}, {"type": "weapon", "damage": 2}, {"type": "weapon", "damage": 4})
    assert s["weapon"] == 4                  # outside combat: no turns, no count


# -- 3: GMG, Managing Player Resources ---------------------------------------------------------
def test_gmg_managing_player_resources_armor_points_at_most_three():
    """GMG, Managing Player Resources: "Armor Points are similarly small, with a maximum of 3":
    Massive armor and an Impervious shield give 3 AP, not 6; a Fortifying Feast stops at 3;
    a checkpoint with 4 AP is refused."""
    s = play(new("Spades1"), {"type": "armor", "armor": "Massive"},
             {"type": "shield", "on": True, "quality": "Impervious"}, {"type": "full_rest"})
    assert (s["sheet"]["ap_max"], s["ap"]) == (3, 3)
    t = play(new("Clubs1"), {"type": "use_item", "item": "Fortifying Feast"})
    assert t["ap"] == 3                       # 2 + 3, held to 3
    t["ap"] = 4
    with pytest.raises(ValueError, match="maximum of 3"):
        GAME.check_state(t)


# -- 4: PG, Discard Powers (Intensify) ----------------------------------------------------------
def test_pg_discard_powers_intensify_ends_with_the_combat_and_a_full_rest():
    """PG, Discard Powers: "a Minor Action for additional benefits in combat"; Intensify "On
    your next Attack": a pending Intensify ends with the combat (and a Full Rest)."""
    s = play(new("Diamonds2"), {"type": "start_combat"}, {"type": "intensify"})
    assert s["intensify"]
    assert play(s, {"type": "end_combat"})["intensify"] is False
    t = dict(s, combat=False)                 # a state saved before the fix
    assert play(t, {"type": "full_rest"})["intensify"] is False


# -- 5, 6, 7: the learn texts -------------------------------------------------------------------
def learn_texts() -> str:
    data = tomllib.loads(LEARN.read_text())
    return " ".join(r.get("body", "") + r.get("text", "") for r in data.get("rule", []) + data.get("term", []))


def test_pg_leveling_up_health_epic_events_rests_the_learn_texts_say_what_the_phone_does():
    """PG, Leveling up (3 XP a level, the documented choice), Health and Armor and Dealers
    ("at least 5 health points"), Epic Events (a Major wakes at once), Rests (one pool of
    Rest Cards per Full Rest), GMG Resting and Managing Player Resources."""
    text = " ".join(learn_texts().split())
    assert "2 XP" not in text and "gives 2." not in text and "3 XP to spend" in text
    assert "at least 5 at level 1" in text and "never less than 5 at level 1" in text
    assert "A Major wakes you at once" in text and "Two successes and you are stable (a Major" not in text
    assert "one pool for both Quick Rests" in text and "once the rest is complete" in text
    assert "AP: at most 3" in text


# -- 8: the checkpoint check (issue 47 item 29) -------------------------------------------------
def ko_dict(**kw) -> dict:
    return dict({"turns": 0, "successes": 0, "failures": 0, "damaged": False, "stable": False}, **kw)


@pytest.mark.parametrize("change, message", [
    (dict(hp=0), "HP 0 and not Knocked Out"),
    (dict(ko=ko_dict()), "Knocked Out with 5 HP"),
    (dict(fatigue=5), "Fatigue 5 and not Knocked Out"),
    (dict(hp=0, ko=ko_dict(failures=3)), "0 to 2 successes and failures"),
    (dict(hp=0, ko=ko_dict(failures=2)), "two failed Epic Event checks"),
    (dict(weapon=7), "1 to 4 damage"),
    (dict(received={"power": "Help", "n": 9, "until": None}), "Help or Thwart received is 1 to 4"),
    (dict(intensify=True), "Intensify outside combat"),
])
def test_pg_health_and_armor_fatigue_epic_events_a_checkpoint_no_rule_reaches_is_refused(change, message):
    """PG, Health and Armor ("wounded beyond their health pool, they are Knocked Out"),
    Fatigue ("5. Knocked Out"), Epic Events ("fail two ... Dead"), GMG Weapon Quality Table
    (1-4), PG Discard Powers (a cap of 4): a checkpoint holding what no rule reaches is
    refused naming the rule."""
    s = new("Spades1")
    GAME.check_state(s)
    s.update(change)
    with pytest.raises(ValueError, match=message):
        GAME.check_state(s)


def test_pg_fatigue_5_is_knocked_out_until_a_full_rest():
    """PG, Fatigue: "5. Knocked Out" until "a Full Rest" removes the levels: treatment is
    not offered, an Epic Event's Major gives its HP and concludes the event, and the Dealer
    stays down; every state on the way passes the checkpoint check."""
    s = play(new("Spades1"), {"type": "start_combat"})
    s["fatigue"] = 4
    s["discard"], s["deck"] = s["deck"], []
    s = play(s, {"type": "end_turn"}, {"type": "tc_rank", "rank": "8"}, {"type": "tc_suit", "suit": "C"},
             {"type": "stat", "stat": "Brute"}, {"type": "dr", "dr": 3}, {"type": "draw"})
    s = play(s, *([{"type": "accept"}] if s["draw"] else []))
    assert s["fatigue"] == 5 and s["ko"] and s["hp"] == 0
    GAME.check_state(s)
    assert not legal(s, "treated")
    refused(s, {"type": "treated"}, "Fatigue 5 is Knocked Out until a Full Rest")
    s = play(s, {"type": "end_turn"})                  # Fatigue 2+: Lower Hand 1, two Majors on top
    s = play(stack(s, "8D", "8H"), {"type": "tc_rank", "rank": "8"}, {"type": "tc_suit", "suit": "C"},
             {"type": "draw"}, {"type": "accept"})
    assert s["hp"] == 1 and s["ko"] and s["ko"]["stable"]
    GAME.check_state(s)
    s = play(s, {"type": "end_combat"}, {"type": "full_rest"})
    assert s["ko"] is None and s["fatigue"] == 0
    GAME.check_state(s)


# -- 9: GMG, Consumables (use times) ------------------------------------------------------------
def test_gmg_consumables_a_charm_is_a_major_action_and_a_meal_takes_ten_minutes():
    """GMG, Consumables: "Charms Major Action", "Meals 10 minutes": in combat a Charm spends
    no Minor Action (the phone does not count Major Actions); a Fortifying Feast is eaten
    outside combat only."""
    s = play(new("Spades1"), {"type": "start_combat"})
    items = [a["item"] for a in legal(s, "use_item")]
    assert "Fortifying Feast" not in items and "Charm of Efficiency" in items
    refused(s, {"type": "use_item", "item": "Fortifying Feast"}, "Meal takes 10 minutes")
    s = play(s, {"type": "use_item", "item": "Charm of Efficiency"})
    assert legal(s, "shield") and legal(s, "weapon")          # the Minor Action is still there
    labels = {a["label"] for a in GAME.view(s, "player")["actions"]}
    assert "Use a Potion of Strength (Minor Action)" in labels
    assert "Use a Fortifying Feast" in {a["label"] for a in GAME.view(new(), "player")["actions"]}


# -- 10: GMG, Items, Armor ----------------------------------------------------------------------
def test_gmg_items_armor_a_level_1_character_starts_with_light_armor_only():
    """GMG, Items, Armor: "Characters may start with Light Armor at Level 1, but must acquire
    other armor over the course of their Adventures": the builder offers at creation no
    armor, Basic and Light (AR 3) and a Standard shield; later, any."""
    s = play(GAME.new_game({"character": "custom", "name": "", "companion": ""}, 3),
             {"type": "role", "role": "Defender"})
    assert {a["armor"] for a in legal(s, "armor")} == {"Basic", "Light"}
    assert legal(s, "shield") == [{"type": "shield", "on": True}]
    refused(s, {"type": "armor", "armor": "Gleaming"}, "may start with Light armor")
    s = play(s, {"type": "armor", "armor": "Light"}, {"type": "finish"})
    assert "Gleaming" in {a["armor"] for a in legal(s, "armor")}


# -- 13: PG, Status Conditions 3 and 6 ----------------------------------------------------------
def test_pg_status_conditions_knocked_down_and_burned_spend_the_minor_action():
    """PG, Status Conditions 3 Knocked Down ("must expend a Minor Action to get up") and 6
    Burned ("As a Minor Action, a character can make a DR 3 GUT Save")."""
    s = play(new("Spades1"), {"type": "condition", "name": "Knocked Down"},
             {"type": "condition", "name": "Burned"}, {"type": "draw_tc"}, {"type": "start_combat"},
             {"type": "shield", "on": True})
    assert {"type": "condition", "name": "Knocked Down"} not in GAME.legal_actions(s)
    assert {"type": "condition_save", "name": "Burned"} not in GAME.legal_actions(s)
    refused(s, {"type": "condition", "name": "Knocked Down"}, "Minor Action is already spent")
    s = play(s, {"type": "end_turn"}, {"type": "condition", "name": "Knocked Down"})
    assert "Knocked Down" not in s["conditions"] and not legal(s, "shield")
    assert {"type": "condition_save", "name": "Burned"} not in GAME.legal_actions(s)
    s = play(s, {"type": "end_turn"}, {"type": "condition_save", "name": "Burned"})
    assert not legal(s, "shield") and not legal(s, "weapon")


# -- 14: GMG, Character Types (Companions) ------------------------------------------------------
def test_gmg_character_types_a_companion_commanded_spends_the_minor_action():
    """GMG, Character Types: "Companions are Player-controlled creatures who can be
    commanded with an Action": in combat the Dealer's Minor Action, once a turn."""
    s = GAME.new_game({"character": "Spades1", "name": "", "companion": "Wolf"}, 1)
    s = play(s, {"type": "start_combat"}, {"type": "who", "who": "companion"})
    s = check(s, "8C", "AGL", 6)
    s = play(s, {"type": "draw"})
    while s["draw"]:
        s = play(s, legal(s, "accept")[0] if legal(s, "accept") else legal(s, "draw_more")[0])
    assert not legal(s, "shield")
    assert s["draft"].get("who", "me") == "me" and not legal(s, "who")     # not twice a turn
    t = GAME.new_game({"character": "Spades1", "name": "", "companion": "Wolf"}, 1)
    t = check(play(t, {"type": "start_combat"}, {"type": "who", "who": "companion"}, {"type": "shield", "on": True}),
              "8C", "AGL", 6)
    assert not legal(t, "draw")
    refused(t, {"type": "draw"}, "Minor Action is already spent")


# -- 15: PG, In Combat Actions (Free Actions "on a turn") ---------------------------------------
def test_pg_in_combat_actions_exchange_fate_is_used_on_my_turn():
    """PG, In Combat Actions: "On a turn, a character may ... perform any number of Free
    Actions", Exchanging Fate among them: in combat the phone takes Exchange Fate as acting
    on my turn (``acted``), as a power is; damage taken after it waits to the turn after."""
    s = play(new("Diamonds1"), {"type": "start_combat"})
    s["pp"] = 0
    s = play(s, {"type": "end_turn"}, {"type": "exchange_fate", "card": "RJ"})
    assert s["acted"] == s["turn"]


# -- 16: texts ------------------------------------------------------------------------------------
def test_pg_fatigue_4_the_power_button_says_the_pp_it_spends_and_an_impervious_shield():
    """PG, Fatigue 4 ("PP expenditure requirements doubled"): the button says 2 PP for a
    1-PP option; GMG, Shield Quality Table: "an Impervious shield"."""
    s = new("Diamonds1")
    s["fatigue"] = 4
    power = next(a for a in legal(s, "power") if a["pp"] == 1)
    label = next(a["label"] for a in GAME.view(s, "player")["actions"] if a["action"] == power)
    assert label.endswith("(2 PP)")
    labels = {a["label"] for a in GAME.view(new(), "player")["actions"]}
    assert "Ready an Impervious shield (+3 AP)" in labels and "Ready a Hardened shield (+2 AP)" in labels
    s = play(new(), {"type": "shield", "on": True, "quality": "Impervious"})
    assert s["log"][-1].startswith("Readies an Impervious shield")


# -- the saved-game format -----------------------------------------------------------------------
def test_a_format_1_save_is_refused_by_name():
    """tests/test_library.py's policy: a rules change that alters how a game replays bumps
    the system's schema_version; a save of format 1 is refused by name, never a crash."""
    assert GAME.schema_version == 2
    record = {"format": FORMAT, "version": 1, "system": "dofa", "schema": 1,
              "options": {"character": "Spades1", "name": "", "companion": ""}, "seed": 3, "actions": []}
    with pytest.raises(SaveError, match="this Deck of Adventures save is from rules format 1; "
                                        "this version reads format 2"):
        from_record(record)


def test_character_creation_a_stats_vulnerability_is_not_dropped_past_a_skills_cap():
    """Found by 2,000 simulated games: 'Weak, Minor' starts Strength at -1, Athletics was raised
    to the level-1 cap over it, and dropping the vulnerability put Strength back at 0 and
    Athletics at +3, a sheet the checkpoint check (rightly) calls unreachable."""
    from pocketdeck.core.game import get_game
    from pocketdeck.systems.dofa import build as bd
    g = get_game("dofa")
    s = g.new_game({"character": "custom", "name": "", "companion": ""}, 1)
    sheet = s["sheet"]
    sheet.update(level=1, role=sheet.get("role") or "Dealer")
    sheet["vulnerabilities"], sheet["vuln_xp"] = ["Weak, Minor"], {"Weak, Minor": 1}
    sheet["attrs"]["STR"], sheet["own"]["Athletics"] = -1, 3
    assert not bd._droppable(sheet, "Weak, Minor")
    sheet["own"]["Athletics"] = 2
    assert bd._droppable(sheet, "Weak, Minor")


def test_character_creation_one_stats_vulnerability_per_attribute():
    """Found by 2,000 simulated games: 'Dumb, Minor' held, Intelligence raised back to 0, and
    'Dumb, Major' was offered too (the sheet's XP then no longer added up)."""
    from pocketdeck.core.game import get_game
    from pocketdeck.systems.dofa import build as bd
    s = get_game("dofa").new_game({"character": "custom", "name": "", "companion": ""}, 1)
    sheet = s["sheet"]
    sheet["vulnerabilities"], sheet["vuln_xp"] = ["Dumb, Minor"], {"Dumb, Minor": 1}
    sheet["attrs"]["INT"] = 0
    assert not bd.vulnerability_ok(sheet, "Dumb, Major")
    sheet["vulnerabilities"], sheet["vuln_xp"] = [], {}
    assert bd.vulnerability_ok(sheet, "Dumb, Major")
