"""Deck of Adventures, the player's phone: the places a second reading of the Player's Guide
(PG) and the public reference (04_Powers, 05_Vulnerabilities, 07_Items) found (issue 32).
Each test is named after its book section; docs/rules/dofa.md has the rows ("tpb_")."""

from __future__ import annotations

from pocketdeck.systems.dofa import sheet as sh
from test_dofa_build import custom
from test_dofa_rules import GAME, check, new, play, stack


def legal(s: dict, kind: str) -> list[dict]:
    return [a for a in GAME.legal_actions(s) if a["type"] == kind]


# -- 05_Vulnerabilities -------------------------------------------------------------------------
def test_vulnerabilities_stats_start_the_attribute_lower():
    """05_Vulnerabilities, Clumsy/Weak/...: "On character creation, you start with -2 AGL":
    the attribute (and its skills) start there; the vulnerability's XP is all it gives."""
    s = custom()
    xp = s["sheet"]["xp_left"]
    s = play(s, {"type": "vulnerability", "id": "Clumsy, Major", "xp": 2},
             {"type": "vulnerability", "id": "Weak, Major", "xp": 2})
    sheet = s["sheet"]
    assert sheet["xp_left"] == xp + 4 == 13
    assert sheet["attrs"]["AGL"] == -2 and sheet["attrs"]["STR"] == -2
    assert sheet["skills"]["Finesse"] == -2 and sheet["skills"]["Brute"] == -2
    assert {"type": "lower", "stat": "AGL"} not in GAME.legal_actions(s)        # -2 is the floor
    s = play(s, {"type": "drop_vulnerability", "id": "Clumsy, Major"})
    assert s["sheet"]["attrs"]["AGL"] == 0 and s["sheet"]["xp_left"] == 11
    s = play(s, {"type": "vulnerability", "id": "Frail, Major", "xp": 2})
    assert s["sheet"]["attrs"]["VIT"] == -2 and s["sheet"]["hp_max"] == 5     # at least 5 HP
    # only from the start it replaces: an attribute already moved cannot take it
    s = play(custom(), {"type": "raise", "stat": "AGL"})
    assert not any(a["id"].startswith("Clumsy") for a in legal(s, "vulnerability"))


def test_vulnerabilities_prerequisites_illiterate_conceited_chaotic_companion():
    """05_Vulnerabilities Prereq: Illiterate "Intelligence < 1", Conceited "Intelligence and
    Intuition < +1", Chaotic Companion "Power: Creature Connection" (read as Creature Link,
    the power that gives a Companion: no power is named Creature Connection)."""
    offered = lambda s: {a["id"] for a in legal(s, "vulnerability")}   # noqa: E731
    s = custom("Support")
    assert {"Illiterate", "Conceited"} <= offered(s) and "Chaotic Companion" not in offered(s)
    s = play(s, {"type": "raise", "stat": "INT"})
    assert "Illiterate" not in offered(s) and "Conceited" not in offered(s)
    s = play(custom("Support"), {"type": "raise", "stat": "GUT"})
    assert "Illiterate" in offered(s) and "Conceited" not in offered(s)
    s = play(custom("Support"), {"type": "learn", "power": "Creature Link"})
    assert "Chaotic Companion" in offered(s)
    s = play(s, {"type": "vulnerability", "id": "Chaotic Companion", "xp": 1},
             {"type": "unlearn", "power": "Creature Link"})
    assert not legal(s, "finish")                      # its power given back: not finished


def test_vulnerabilities_frail_form_speed_two_lower():
    """05_Vulnerabilities, Frail Form: "your combat speed is reduced by two spaces"."""
    s = play(custom(), {"type": "vulnerability", "id": "Frail Form", "xp": 2})
    assert s["sheet"]["speed"] == 4
    s = play(s, {"type": "finish"})
    assert GAME.view(s, "player")["points"]["speed"] == 4
    s = play(s, {"type": "level_up"})
    assert s["sheet"]["speed"] == 4
    assert play(custom(), {"type": "finish"})["sheet"]["speed"] == 6


# -- PG Fate Cards ---------------------------------------------------------------------------
def test_fate_cards_any_draw_the_target_card_redrawn():
    """PG, Fate Cards: "Any time a player or the GM draws a card, they may discard one held
    Fate Card and redraw": the Target Card drawn at the start of combat too, right after it."""
    s = play(stack(new("Spades1"), "2C", "KD"), {"type": "start_combat"})
    assert s["tc"] == ["2C"] and legal(s, "redraw_tc")
    s = play(s, {"type": "redraw_tc", "card": "RJ"})
    assert s["tc"] == ["KD"] and "RJ" in s["aside"] and "2C" in s["discard"]
    assert not legal(s, "redraw_tc") and GAME.card_total(s) == 54      # one redraw per card
    s = play(stack(new("Spades1"), "2C"), {"type": "draw_tc"}, {"type": "damage", "amount": 1, "bypass": False})
    assert not legal(s, "redraw_tc")                  # only right after the draw


def acted(s: dict) -> dict:
    """A check drawn and accepted: my turn has begun (deck.next_turn_end)."""
    return play(check(stack(s, "9H"), "5C", "Finesse", 2), {"type": "draw"}, {"type": "accept"})


def test_fate_cards_toughen_up_each_hit_has_its_own_window():
    """PG, Fate Cards, Toughen Up: "as soon as the damage is applied or before the end of the
    Player's next turn after receiving damage": a later hit does not reopen an earlier one."""
    # each hit taken in my own turn, once I have acted (between turns: D4, tod_)
    s = play(acted(play(new("Spades1"), {"type": "start_combat"})),
             {"type": "damage", "amount": 2, "bypass": True}, {"type": "end_turn"})
    s = play(acted(s), {"type": "damage", "amount": 1, "bypass": True})
    assert s["toughen"] == 3
    s = play(s, {"type": "end_turn"})               # the first hit's window (turn 1) closed
    assert s["toughen"] == 1
    s = play(s, {"type": "toughen_up", "card": "RJ"})
    assert s["toughen"] == 0 and s["hp"] == s["sheet"]["hp_max"] - 2


def test_fate_cards_toughen_up_gives_back_what_the_damage_took():
    """Toughen Up ignores damage; damage comes off AP first (PG, Health and Armor): a hit
    taken on AP gives back AP, never HP that was not lost."""
    s = new("Clubs1")                                # Fortified armor and a shield: 2 AP
    assert s["ap"] == 2
    s = play(s, {"type": "damage", "amount": 2, "bypass": False},
             {"type": "damage", "amount": 1, "bypass": True})   # HP lost later, bypassing AP
    hp = s["hp"]
    s = play(s, {"type": "toughen_up", "card": "RJ"})
    assert (s["hp"], s["ap"]) == (hp + 1, 0)          # the HP the second hit took
    s = play(s, {"type": "toughen_up", "card": "BJ"})
    assert (s["hp"], s["ap"]) == (hp + 1, 1)          # then the AP the first took
    # HP lost to an earlier hit whose window has closed is not healed by toughening up
    s = play(new("Clubs1"), {"type": "start_combat"}, {"type": "damage", "amount": 1, "bypass": True},
             {"type": "end_turn"}, {"type": "end_turn"}, {"type": "damage", "amount": 1, "bypass": False})
    assert s["toughen"] == 1 and s["ap"] == 1
    s = play(s, {"type": "toughen_up", "card": "RJ"})
    assert (s["hp"], s["ap"]) == (s["sheet"]["hp_max"] - 1, 2)


def test_fate_cards_toughen_up_an_overkill_hit_the_rest_still_lands():
    """PG, Fate Cards 4.3 "ignore damage equal to the number of Fate Cards used" and Health
    and Armor (wounded beyond the health pool: Knocked Out): 3 damage at 1 HP, 1 ignored,
    is 2 damage on 1 HP: still Knocked Out. Ignoring all 3 wakes the character at 1 HP."""
    s = play(new("Spades1"), {"type": "start_combat"})
    while s["hp"] > 1:
        s = play(s, {"type": "damage", "amount": min(3, s["hp"] - 1), "bypass": True})
    s = play(s, {"type": "end_turn"}, {"type": "end_turn"})     # those hits' windows closed
    assert s["hp"] == 1 and s["toughen"] == 0
    s = play(s, {"type": "damage", "amount": 3, "bypass": True})
    assert s["hp"] == 0 and s["ko"] and s["toughen"] == 3
    s = play(s, {"type": "toughen_up", "card": "RJ"})
    assert s["hp"] == 0 and s["ko"] and s["toughen"] == 2
    s = play(s, {"type": "toughen_up", "card": "BJ"})
    assert s["hp"] == 0 and s["ko"] and s["toughen"] == 1
    s["fate"].append("AS")
    s = play(s, {"type": "toughen_up", "card": "AS"})
    assert s["hp"] == 1 and not s["ko"] and s["toughen"] == 0


def test_fate_cards_toughen_up_damage_outside_combat_until_the_next_turn():
    """PG, Fate Cards 4.3 "before the end of the Player's next turn after receiving damage":
    damage taken outside combat waits for the next turn, the first of the next combat, and
    closes at its end, however many turns the last combat ran (turns restart at each)."""
    s = play(new("Spades1"), {"type": "start_combat"}, *[{"type": "end_turn"}] * 6, {"type": "end_combat"},
             {"type": "damage", "amount": 1, "bypass": True})
    assert s["toughen"] == 1                                     # no turns outside combat
    s = play(s, {"type": "start_combat"})
    assert s["toughen"] == 1 and s["turn"] == 0                  # the player's next turn
    s = play(s, {"type": "end_turn"})
    assert s["toughen"] == 0 and not legal(s, "toughen_up")
    # in combat, the window still closes at the end of the player's next turn
    s = play(acted(s), {"type": "damage", "amount": 1, "bypass": True}, {"type": "end_turn"})
    assert s["toughen"] == 1
    s = play(s, {"type": "end_turn"})
    assert s["toughen"] == 0


# -- Interacting with the Environment -----------------------------------------------------------
def test_hidden_an_attack_uses_a_power_and_ends_hidden():
    """PG, Hidden: no longer Hidden if the creature "Uses a Power"; an attack is a Power
    (04_Powers "Attack, Weapon"; In Combat "Powers do 1 damage"). The attack made while
    Hidden is at Upper Hand (the target unaware); the next one is not."""
    s = play(new("Spades1"), {"type": "condition", "name": "Hidden"}, {"type": "kind", "kind": "attack"})
    s = check(stack(s, "8D", "8H"), "8C", "Finesse", 2)
    assert GAME.view(s, "player")["draft"]["net_hand"] == 1
    s = play(s, {"type": "draw"}, {"type": "stop"}, {"type": "accept"})
    assert "Hidden" not in s["conditions"]
    assert s["draft"]["kind"] == "attack"           # the next attack: no longer unaware
    s = check(s, "8C", "Finesse", 2)
    assert GAME.view(s, "player")["draft"]["net_hand"] == 0


# -- Leveling up --------------------------------------------------------------------------------
def test_leveling_up_adds_one_max_hp_even_at_the_dealers_floor():
    """PG, Leveling up: "Add 1 to their maximum HP" each level; PG, Dealers: "at least 5
    health points". Both hold: Vitality -2 starts at 5 (not 3) and gains 1 a level (6, 7),
    where a floor on the whole formula gave 5, 5, 5, 6."""
    s = play(custom(), {"type": "vulnerability", "id": "Frail, Major", "xp": 2}, {"type": "finish"})
    got = [s["sheet"]["hp_max"]]
    for _ in range(3):
        s = play(s, {"type": "level_up"}, {"type": "finish"})
        got.append(s["sheet"]["hp_max"])
    assert got == [5, 6, 7, 8] and s["hp"] == 8
    assert sh.hp_max(2, -1) == 6 and sh.hp_max(2, 0) == 6 and sh.hp_max(2, 1) == 7
    assert sh.hp_max(10, 6) == 20                      # the formula where no floor applies


# -- 04_Powers ---------------------------------------------------------------------------------
def test_powers_quick_draw_target_card_at_upper_hand():
    """04_Powers, Quick Draw: "When drawing a TC for combat, you may draw with Upper Hand":
    two cards, the one first in turn order (Ace, K, Q, ...) kept."""
    s = new("Spades1")
    assert {"type": "start_combat", "quick_draw": True} not in GAME.legal_actions(s)
    s["sheet"]["powers"].append("Quick Draw")
    s = play(stack(s, "4C", "QD"), {"type": "start_combat", "quick_draw": True})
    assert s["tc"] == ["QD"] and "4C" in s["discard"] and GAME.card_total(s) == 54
    s = play(s, {"type": "redraw_tc", "card": "RJ"})     # a redraw draws the same way
    assert len(s["tc"]) == 1 and GAME.card_total(s) == 54


# -- 07_Items ----------------------------------------------------------------------------------
def test_items_consumables_potion_charm_feast():
    """07_Items, Consumable: Potion of Strength "+1 to all Strength-based Checks" (1 minute:
    10 rounds), Charm of Efficiency "cannot draw with Upper or Lower Hand", Fortifying Feast
    "+3 AP immediately" and a turn ending at 0 AP returns to 1 AP."""
    s = play(new("Spades1"), {"type": "start_combat"}, {"type": "use_item", "item": "Potion of Strength"})
    s = check(s, "8C", "Brute", 2)
    brute = s["sheet"]["skills"]["Brute"]
    assert GAME.view(s, "player")["draft"]["modifier"] == brute + 1
    s = check(s, "8C", "Finesse", 2)
    assert GAME.view(s, "player")["draft"]["modifier"] == s["sheet"]["skills"]["Finesse"]
    for _ in range(10):
        s = play(s, {"type": "end_turn"})
    assert "items" not in s                             # the minute is over
    s = play(new("Spades1"), {"type": "use_item", "item": "Charm of Efficiency"})
    s = check(s, "8C", "Finesse", 2, hand=2)
    assert GAME.view(s, "player")["draft"]["net_hand"] == 0
    s = play(s, {"type": "item_end", "item": "Charm of Efficiency"})
    assert GAME.view(s, "player")["draft"]["net_hand"] == 2
    # GMG, Consumables: "Meals 10 minutes": eaten before the fight (review dofa-phone-2026-12-07 #9)
    s = play(new("Spades1"), {"type": "use_item", "item": "Fortifying Feast"}, {"type": "start_combat"})
    assert s["ap"] == 3
    s = play(s, {"type": "damage", "amount": 3, "bypass": False}, {"type": "end_turn"})
    assert s["ap"] == 1
    s = play(s, {"type": "end_combat"}, {"type": "full_rest"})
    assert "items" not in s and s["ap"] == s["sheet"]["ap_max"]


# -- saved games from before these changes -------------------------------------------------------
def test_a_saved_game_the_new_rules_refuse_is_refused_with_a_message():
    """A game saved before issue 32 that drew two Epic Event TCs in one turn no longer
    replays: loading refuses it with the saves module's message, never a crash."""
    import pytest
    from pocketdeck.core.saves import FORMAT, SaveError, from_record
    opts = {"character": "Spades1", "name": "", "companion": ""}
    s = GAME.new_game(opts, 5)
    actions = [{"type": "start_combat"}]
    s = play(s, *actions)
    while s["hp"] > 0:
        hit = {"type": "damage", "amount": min(3, s["hp"]), "bypass": True}
        s = play(s, hit)
        actions.append(hit)
    epic = [{"type": "tc_rank", "rank": "8"}, {"type": "tc_suit", "suit": "C"}, {"type": "draw"},
            {"type": "accept"}]
    actions += epic + epic          # the old code offered a second draw in the same turn
    record = {"format": FORMAT, "version": 1, "system": "dofa", "schema": GAME.schema_version,
              "options": opts, "seed": 5, "actions": actions}
    with pytest.raises(SaveError, match="cannot be replayed"):
        from_record(record)
