"""Deck of Adventures on the player's phone: the Action Deck, Fate Cards, checks with
Upper/Lower Hand and the redraw, contests, saves, My Target Card, damage and Knocked Out,
the Epic Event, rests, Fatigue, the sheet and the premade characters. Section names are
the Full Player's Guide's (PG)."""

from __future__ import annotations

import pytest

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.systems.dofa import sheet as sh

GAME = get_game("dofa")


def new(character: str = "Spades1", seed: int = 1) -> dict:
    return GAME.new_game({"character": character}, seed)


def play(state: dict, *actions: dict) -> dict:
    for a in actions:
        state = GAME.apply(state, a)
    return state


def stack(state: dict, *top: str) -> dict:
    """Put ``top`` cards on top of the Action Deck (first drawn first), keeping all 54."""
    s = dict(state)
    deck = [c for c in s["deck"] if c not in top]
    moved = [c for c in top if c not in s["deck"]]
    for pile in ("discard", "fate", "aside", "tc"):
        s[pile] = [c for c in s[pile] if c not in moved]
    deck += list(reversed(top))
    s["deck"] = deck
    assert GAME.card_total(s) == 54
    return s


def knock_out(state: dict) -> dict:
    while state["hp"] > 3:
        state = play(state, {"type": "damage", "amount": 3, "bypass": True})
    return play(state, {"type": "damage", "amount": state["hp"], "bypass": True})


def check(state: dict, tc: str, stat: str, dr, hand: int = 0) -> dict:
    return play(state, {"type": "tc_rank", "rank": tc[:-1]}, {"type": "tc_suit", "suit": tc[-1]},
                {"type": "stat", "stat": stat}, {"type": "dr", "dr": dr}, {"type": "hand", "hand": hand})


# -- The Action Deck / Fate Cards -----------------------------------------------------------------
def test_action_deck_54_cards_jokers_in_hand():
    """PG, The Action Deck: 52 cards in the deck, both Jokers in hand as Fate Cards."""
    s = new()
    assert len(s["deck"]) == 52 and s["fate"] == ["RJ", "BJ"]
    assert GAME.card_total(s) == 54


def test_drawn_ace_counts_then_stays_in_hand():
    """PG, Fate Cards 2: an Ace is played as usual, then kept as a Fate Card."""
    s = check(stack(new(), "AH"), "AS", "Finesse", 0)
    s = play(s, {"type": "draw"})
    assert s["draw"]["cards"] == ["AH"]
    s = play(s, {"type": "accept"})
    assert s["last"]["degree"] == 1 and "AH" in s["fate"] and "AH" not in s["discard"]


def test_empty_deck_reshuffles_with_a_level_of_fatigue():
    """PG, The Action Deck 3 and Fatigue: an empty deck is reshuffled, +1 Fatigue."""
    s = new()
    s["discard"], s["deck"] = s["deck"][1:], s["deck"][:1]
    s = check(s, "5S", "Finesse", 3, hand=-1)
    s = play(s, {"type": "draw"})
    assert s["fatigue"] == 1 and len(s["draw"]["cards"]) == 2
    assert GAME.card_total(s) == 54


def test_fate_redraw_once_per_check_joker_set_aside():
    """PG, Fate Cards 3: one redraw per check. A spent Joker is set aside until a Full
    Rest (never shuffled into the deck by a Quick Rest)."""
    s = check(stack(new(), "KD", "5S"), "5C", "Finesse", 0)
    s = play(s, {"type": "draw"})
    assert s["draw"]["cards"] == ["KD"]
    s = play(s, {"type": "fate_redraw", "card": "RJ"})
    assert s["draw"]["cards"] == ["5S"] and "KD" in s["discard"] and s["aside"] == ["RJ"]
    assert not any(a["type"] == "fate_redraw" for a in GAME.legal_actions(s))
    with pytest.raises(IllegalAction, match="one redraw"):
        GAME.apply(s, {"type": "fate_redraw", "card": "BJ"})
    s = play(s, {"type": "accept"})
    assert s["last"]["degree"] == 1
    s = play(s, {"type": "full_rest"})
    assert sorted(s["fate"]) == ["BJ", "RJ"] and s["aside"] == []


def test_exchange_fate_and_toughen_up():
    """PG, Fate Cards 4: Exchange Fate gives 1 PP per card; Toughen Up ignores 1 damage
    per card until the end of the player's next turn."""
    s = new("Diamonds1")
    s["pp"] = 0
    s = play(s, {"type": "exchange_fate", "card": "RJ"})
    assert s["pp"] == 1 and s["aside"] == ["RJ"]
    s = play(s, {"type": "damage", "amount": 2, "bypass": False})
    assert s["hp"] == s["sheet"]["hp_max"] - 2
    s = play(s, {"type": "toughen_up", "card": "BJ"})
    assert s["hp"] == s["sheet"]["hp_max"] - 1 and s["toughen"] == 1


def test_toughen_up_window_closes_after_next_turn():
    """Damage taken in my own turn (a check drawn: the turn has begun) stays open through
    my next turn (between my turns: tod_fate_cards_toughen_up_damage_between_my_turns)."""
    s = play(check(stack(new(), "9H"), "5C", "Finesse", 2), {"type": "start_combat"},
             {"type": "draw"}, {"type": "accept"})
    s = play(s, {"type": "damage", "amount": 1, "bypass": True})
    assert any(a["type"] == "toughen_up" for a in GAME.legal_actions(s))
    s = play(s, {"type": "end_turn"})
    assert any(a["type"] == "toughen_up" for a in GAME.legal_actions(s))
    s = play(s, {"type": "end_turn"})
    assert not any(a["type"] == "toughen_up" for a in GAME.legal_actions(s))


def test_gm_awards_a_fate_card_from_the_discard_pile():
    s = play(check(stack(new(), "9H"), "5C", "Finesse", 2), {"type": "draw"}, {"type": "accept"})
    s = play(s, {"type": "award_fate"})
    assert "9H" in s["fate"]
    s = play(s, {"type": "full_rest"})
    assert "9H" in s["deck"] and sorted(s["fate"]) == ["BJ", "RJ"]


# -- Upper and Lower Hand -------------------------------------------------------------------------
def test_upper_hand_draws_one_at_a_time_and_may_stop():
    """PG, Upper and Lower Hand 1: draw N more, keep the closest; may stop early."""
    s = check(stack(new(), "9H", "6C", "2D"), "8C", "Athletics", 2, hand=2)
    s = play(s, {"type": "draw"})
    assert s["draw"]["cards"] == ["9H"] and s["draw"]["to_go"] == 2
    s = play(s, {"type": "draw_more"})
    assert s["draw"]["cards"] == ["9H", "6C"]
    s = play(s, {"type": "stop"})
    s = play(s, {"type": "accept"})
    assert s["last"]["card"] == "6C" and s["last"]["degree"] == 2      # Suited
    assert "2D" in s["deck"] and {"9H", "6C"} <= set(s["discard"])


def test_lower_hand_draws_all_keeps_the_worst():
    s = check(stack(new(), "8D", "QS"), "8C", "Athletics", 2, hand=-1)
    s = play(s, {"type": "draw"})
    assert s["draw"]["cards"] == ["8D", "QS"] and s["draw"]["to_go"] == 0
    s = play(s, {"type": "accept"})
    assert s["last"]["card"] == "QS" and s["last"]["success"] is False


def test_fatigue_compounds_lower_hand_on_saves():
    """PG, Fatigue 1-2 and Upper and Lower Hand (N+): Lower Hand from Fatigue adds up."""
    s = play(new(), {"type": "draw_tc"}, {"type": "kind", "kind": "save"},
             {"type": "stat", "stat": "VIT"}, {"type": "dr", "dr": 3})
    s["fatigue"] = 2
    v = GAME.view(s, "player")
    assert v["draft"]["net_hand"] == -2
    s = play(s, {"type": "hand", "hand": 1})
    assert GAME.view(s, "player")["draft"]["net_hand"] == -1


# -- Contested checks and saves -------------------------------------------------------------------
def test_contested_check_jonas_misses():
    s = new("Spades1")
    s["sheet"]["skills"]["Detection"] = 1
    s = play(stack(s, "8S"), {"type": "kind", "kind": "contest"},
             {"type": "tc_rank", "rank": "3"}, {"type": "tc_suit", "suit": "D"},
             {"type": "attacker", "mod": 2}, {"type": "stat", "stat": "Detection"},
             {"type": "draw"}, {"type": "accept"})
    assert s["last"]["success"] is False and "EDR 3" in s["last"]["summary"]


def test_hidden_dr_reports_the_moved_card():
    s = new("Spades1")
    s["sheet"]["skills"]["Detection"] = 1
    s = play(check(stack(s, "8S"), "3D", "Detection", None), {"type": "draw"})
    assert s["draw"]["effective"] is None
    s = play(s, {"type": "accept"})
    assert s["last"]["report"].startswith("7") and s["last"]["degree"] is None


def test_save_draws_against_my_own_tc_never_critical():
    """PG, Saves: against one's own TC; the TC is out of the deck, so no Critical."""
    s = play(stack(new(), "QH"), {"type": "draw_tc"})
    assert s["tc"] == ["QH"] and "QH" not in s["deck"]
    s = play(s, {"type": "kind", "kind": "save"}, {"type": "stat", "stat": "CON"},
             {"type": "dr", "dr": 3})
    v = GAME.view(s, "player")
    assert v["draft"]["tc"] == "QH"
    assert v["draft"]["odds"]["degrees"][0][0] != "Critical"
    s = play(stack(s, "QD"), {"type": "draw"}, {"type": "accept"})
    assert s["last"]["degree"] == 1


def test_edr_below_minus_two_cannot_be_drawn():
    s = check(new("Hearts1"), "5S", "Finesse", -2)       # Hearts1: Finesse -1 -> EDR -3
    assert sh.modifier(s["sheet"], "Finesse") == -1
    assert not any(a["type"] == "draw" for a in GAME.legal_actions(s))
    with pytest.raises(IllegalAction, match="EDR of -2"):
        GAME.apply(s, {"type": "draw"})


# -- My Target Card, combat ------------------------------------------------------------------------
def test_my_target_card_for_combat_kept_until_next_and_full_rest():
    s = play(stack(new(), "7S", "JD"), {"type": "start_combat"})
    assert s["tc"] == ["7S"]
    s = play(s, {"type": "end_combat"})
    assert s["tc"] == ["7S"]
    s = play(s, {"type": "start_combat"})
    assert s["tc"] == ["JD"] and "7S" in s["discard"]
    s = play(s, {"type": "end_combat"}, {"type": "full_rest"})
    assert s["tc"] == [] and len(s["deck"]) + len(s["fate"]) == 54


# -- Health, Knocked Out, Epic Event -------------------------------------------------------------
def test_damage_takes_ap_first_then_hp_and_knocks_out():
    s = new("Clubs1")                     # AP 2
    s = play(s, {"type": "damage", "amount": 3, "bypass": False})
    assert (s["ap"], s["hp"]) == (0, s["sheet"]["hp_max"] - 1)
    s = play(s, {"type": "damage", "amount": 3, "bypass": True},
             {"type": "damage", "amount": 3, "bypass": True})
    assert s["hp"] == 0 and s["ko"] is not None


def test_epic_event_two_failures_dead_lower_hand_if_damaged():
    """PG, Epic Events: KO'd turns are DR 4 Vitality checks; damaged again -> Lower Hand;
    two failures -> Dead."""
    s = knock_out(play(new("Spades1"), {"type": "start_combat"}))
    assert s["ko"]
    s = play(s, {"type": "damage", "amount": 1, "bypass": True})
    assert GAME.view(s, "player")["draft"]["net_hand"] == -1
    s = stack(s, "AH", "AD", "2C", "2S")       # TC 8 of Clubs: A and 2 are far (5, 6)
    for turn in range(2):
        if turn:
            s = play(s, {"type": "end_turn"})   # one Epic Event TC per turn
        s = play(s, {"type": "tc_rank", "rank": "8"}, {"type": "tc_suit", "suit": "C"},
                 {"type": "draw"}, {"type": "accept"})
    assert s["dead"] and GAME.is_over(s) and GAME.outcome(s) == "dead"


def epic_draw(s: dict, *cards: str) -> dict:
    """One Epic Event TC (8 of Clubs) drawn with ``cards`` on top, accepted."""
    return play(stack(s, *cards), {"type": "tc_rank", "rank": "8"}, {"type": "tc_suit", "suit": "C"},
                {"type": "draw"}, {"type": "accept"})


def test_epic_events_two_successes_conclude_it_one_tc_per_turn():
    """PG, Epic Events: a Knocked Out Dealer's "subsequent turns are replaced with Epic Event
    TCs" (one per turn); "If they succeed on two TCs, they remain unconscious and the Epic
    Event is concluded": no more draws, so no later failure can kill a stable Dealer."""
    s = knock_out(play(new("Spades1"), {"type": "start_combat"}))
    s = epic_draw(s, "9D")                              # 1 from 8: a plain success
    assert s["ko"]["successes"] == 1
    assert not any(a["type"] in ("draw", "tc_rank") for a in GAME.legal_actions(s))   # this turn's TC is drawn
    s = epic_draw(play(s, {"type": "end_turn"}), "10H")
    assert s["ko"]["stable"] and s["ko"]["successes"] == 2
    for _ in range(3):                                  # the event is over: turns pass, no draw
        s = play(s, {"type": "end_turn"})
        assert not any(a["type"] in ("draw", "tc_rank") for a in GAME.legal_actions(s))
    assert s["ko"] and not s["dead"]


def test_epic_events_damage_after_stable_starts_a_new_event():
    """PG, Status Conditions 5/14 and Epic Events: a stable Knocked Out Dealer attacked
    further begins a new Epic Event: its counts start again, at Lower Hand (damaged)."""
    s = knock_out(play(new("Spades1"), {"type": "start_combat"}))
    s = epic_draw(s, "KH")                              # 5 from 8: a failure
    s = epic_draw(play(s, {"type": "end_turn"}), "9D")
    s = epic_draw(play(s, {"type": "end_turn"}), "10H")
    assert s["ko"]["stable"] and s["ko"]["failures"] == 1
    s = play(s, {"type": "damage", "amount": 1, "bypass": True})
    assert (s["ko"]["successes"], s["ko"]["failures"], s["ko"]["stable"]) == (0, 0, False)
    assert GAME.view(s, "player")["draft"]["net_hand"] == -1
    s = epic_draw(play(s, {"type": "end_turn"}), "AH", "AD")   # one failure of the new event: alive
    assert s["ko"]["failures"] == 1 and not s["dead"]


def test_fatigue_two_lower_hand_on_the_epic_event_check():
    """PG, Fatigue 2: "Lower hand (1) on all checks", the Epic Event's Vitality check too
    (Fatigue 1 is saves only: no Lower Hand there)."""
    s = knock_out(play(new("Spades1"), {"type": "start_combat"}))
    s["fatigue"] = 1
    assert GAME.view(s, "player")["draft"]["net_hand"] == 0
    s["fatigue"] = 2
    assert GAME.view(s, "player")["draft"]["net_hand"] == -1
    s = play(s, {"type": "tc_rank", "rank": "8"}, {"type": "tc_suit", "suit": "C"}, {"type": "draw"})
    assert s["draw"]["hand"] == -1 and len(s["draw"]["cards"]) == 2
    s = play(s, {"type": "accept"}, {"type": "damage", "amount": 1, "bypass": True})
    assert GAME.view(s, "player")["draft"]["net_hand"] == -2    # damaged again, and Fatigue 2


def test_epic_event_major_wakes_with_one_hp():
    s = knock_out(play(new("Spades1"), {"type": "start_combat"}))
    s = play(stack(s, "8D"), {"type": "tc_rank", "rank": "8"}, {"type": "tc_suit", "suit": "C"},
             {"type": "draw"}, {"type": "accept"})
    assert s["ko"] is None and s["hp"] == 1


def test_treatment_wakes_a_knocked_out_character():
    s = play(knock_out(new()), {"type": "treated"})
    assert s["ko"] is None and s["hp"] == 1


# -- Rests ----------------------------------------------------------------------------------------
def test_quick_rest_rest_cards_and_reshuffle():
    """PG, Rests: Rest Cards = max HP, DR 3 against my TC without modifier; miss 1 point,
    success 2; then 10 + 2 x Vitality cards of the discard pile back; twice per Full Rest."""
    s = new("Spades1")                    # VIT 0 -> 10 cards back
    s = play(s, {"type": "draw_tc"}, {"type": "damage", "amount": 3, "bypass": True})
    tc = s["tc"][0]
    s["discard"], s["deck"] = s["deck"][:30], s["deck"][30:]
    s = play(s, {"type": "quick_rest"})
    assert s["rest_cards"] == s["sheet"]["hp_max"]
    s = play(s, {"type": "rest_draw"})
    assert s["draw"]["tc"] == tc and s["draw"]["modifier"] == 0 and s["draw"]["dr"] == 3
    s = play(s, {"type": "accept"})
    gains = [a for a in GAME.legal_actions(s)]
    assert {a["hp"] + a["pp"] for a in gains} == {2 if s["last"]["success"] else 1}
    s = play(s, gains[0])
    before = len(s["deck"])
    s = play(s, {"type": "rest_end"})
    assert len(s["deck"]) == before + 10 and s["quick_rests"] == 1
    s = play(s, {"type": "quick_rest"}, {"type": "rest_end"})
    assert not any(a["type"] == "quick_rest" for a in GAME.legal_actions(s))
    with pytest.raises(IllegalAction, match="two Quick Rests"):
        GAME.apply(s, {"type": "quick_rest"})
    s = play(s, {"type": "full_rest"})
    assert any(a["type"] == "quick_rest" for a in GAME.legal_actions(play(s, {"type": "draw_tc"})))


def test_rest_cards_are_a_pool_of_max_hp_that_a_full_rest_refills():
    """PG, Rests: players start with Rest Cards equal to max HP; a Full Rest returns them
    to the maximum (so a second Quick Rest draws from what the first left)."""
    s = play(new("Spades1"), {"type": "draw_tc"}, {"type": "damage", "amount": 3, "bypass": True})
    full = s["sheet"]["hp_max"]
    assert s["rest_cards"] == full
    s = play(s, {"type": "quick_rest"}, {"type": "rest_draw"}, {"type": "accept"})
    s = play(s, GAME.legal_actions(s)[0], {"type": "rest_draw"}, {"type": "accept"})
    s = play(s, GAME.legal_actions(s)[0], {"type": "rest_end"}, {"type": "quick_rest"})
    assert s["rest_cards"] == full - 2
    s = play(s, {"type": "rest_end"}, {"type": "full_rest"})
    assert s["rest_cards"] == full
    s = play(s, {"type": "level_up"})
    assert s["rest_cards"] == full + 1


def test_full_rest_restores_everything():
    s = new("Diamonds1")
    s.update(hp=1, pp=0, fatigue=3)
    s["fate"].append("AS")
    s["deck"].remove("AS")
    s = play(s, {"type": "full_rest"})
    assert (s["hp"], s["pp"], s["fatigue"]) == (s["sheet"]["hp_max"], s["sheet"]["pp_max"], 0)
    assert s["fate"] == ["RJ", "BJ"] and len(s["deck"]) == 52


def test_fatigue_four_doubles_pp_and_five_knocks_out():
    s = new("Diamonds1")
    power = next(a for a in GAME.legal_actions(s) if a["type"] == "power" and a["pp"] == 1)
    s["fatigue"] = 4
    s = play(s, power)
    assert s["pp"] == s["sheet"]["pp_max"] - 2
    s["discard"], s["deck"] = s["deck"], []
    s = play(s, {"type": "draw_tc"})
    assert s["fatigue"] == 5 and s["ko"]


# -- Powers, Discard Powers, conditions -------------------------------------------------------------
def test_discard_power_from_level_two_up_to_the_cap():
    assert not any(a["type"] == "discard_power" for a in GAME.legal_actions(new("Spades1")))
    fight = play(new("Spades2"), {"type": "start_combat"})      # "in combat" (review D11)
    acts = [a for a in GAME.legal_actions(fight) if a["type"] == "discard_power"]
    assert [a["cards"] for a in acts] == [2, 4]
    s = play(fight, acts[-1])
    assert len(s["deck"]) == 47                                 # the TC, then 4 discarded


def test_burned_save_failure_deals_damage_success_ends_it():
    """PG, Status Conditions 6: a DR 3 GUT save; on failure 1 damage bypassing AP."""
    s = play(stack(new("Spades1"), "7S", "AH", "7D"), {"type": "draw_tc"},
             {"type": "condition", "name": "Burned"}, {"type": "condition_save", "name": "Burned"})
    assert s["draft"]["stat"] == "GUT" and s["draft"]["dr"] == 3 and s["draft"]["kind"] == "save"
    s = play(s, {"type": "draw"}, {"type": "accept"})
    assert s["last"]["card"] == "AH" and s["hp"] == s["sheet"]["hp_max"] - 1
    assert "Burned" in s["conditions"]
    s = play(s, {"type": "condition_save", "name": "Burned"}, {"type": "draw"}, {"type": "accept"})
    assert s["last"]["degree"] == 1 and "Burned" not in s["conditions"]


def test_stealth_success_hides_damage_reveals():
    s = check(stack(new("Spades1"), "8D"), "8C", "Stealth", 2)
    s = play(s, {"type": "draw"}, {"type": "accept"})
    assert "Hidden" in s["conditions"]
    s = play(s, {"type": "damage", "amount": 1, "bypass": False})
    assert "Hidden" not in s["conditions"]


# -- The sheet ----------------------------------------------------------------------------------
def test_hp_formula_level_ten():
    """PG, Health and Armor: 4 + level + Vitality; level 10 with +6 is 20 (the GMG's 21
    is a slip)."""
    assert sh.hp_max(10, 6) == 20
    assert sh.hp_max(1, 0) == 5


def test_xp_tables_and_caps():
    """character-creation.md: costs from 0, caps by level, 6 + 3 per level."""
    assert [sh.modifier_cost("attribute", m) for m in range(-2, 7)] == [-4, -2, 0, 2, 4, 8, 12, 18, 24]
    assert [sh.modifier_cost("skill", m) for m in range(-2, 7)] == [-2, -1, 0, 1, 2, 4, 6, 9, 12]
    assert [sh.cap(lv) for lv in range(1, 11)] == [2, 2, 3, 3, 3, 4, 5, 5, 5, 6]
    assert [sh.total_xp(lv) for lv in (1, 2, 3)] == [9, 12, 15]
    assert [sh.discard_cap(lv) for lv in (1, 2, 5, 8, 10)] == [0, 4, 6, 8, 8]


def test_all_24_premades_load_with_their_slips_listed():
    ids = sorted(sh.premades())
    assert len(ids) == 24
    for pid in ids:
        sheet = sh.sheet_from_premade(pid)
        assert sheet["hp_max"] == max(5, 4 + sheet["level"] + sheet["attrs"]["VIT"])
        for skill, attr in sh.SKILL_OF.items():
            assert skill in sheet["skills"] and attr in sheet["attrs"]
    alch = sh.sheet_from_premade("Alchemist3")
    assert any("HP 7" in s for s in alch["slips"]) and any("level 3" in s for s in alch["slips"])
    diamonds = sh.sheet_from_premade("Diamonds1")
    assert diamonds["pp_max"] == sum(sh.power_pp(p) for p in diamonds["powers"]) > 0


def test_dealers_have_at_least_five_health_points():
    """PG, Dealers, NPCs and Companions: Dealers "Have at least 5 health points (HP)". The
    rule wins over the formula's 3 or 4 (Vitality -2 at level 1) and over the premade Hearts1's
    listed 4: it plays with 5, and its listed 4 is shown as a slip."""
    assert sh.hp_max(1, -2) == 5 and sh.hp_max(1, -1) == 5 and sh.hp_max(1, 1) == 6
    hearts = sh.sheet_from_premade("Hearts1")
    assert hearts["hp_max"] == 5 and any("listed HP 4" in x and "at least 5" in x for x in hearts["slips"])
    assert new("Hearts1")["hp"] == 5


def test_options_are_checked():
    with pytest.raises(IllegalAction, match="character"):
        GAME.new_game({"character": "Nobody"}, 1)
    with pytest.raises(IllegalAction, match="name"):
        GAME.new_game({"character": "Clubs1", "name": "x" * 41}, 1)


# -- Interacting with the Environment -------------------------------------------------------
def test_light_gives_lower_hand_on_detection_and_investigation():
    """PG, Light and Vision: partial darkness Lower Hand, full darkness Lower Hand (3)."""
    s = check(new(), "5S", "Detection", 3)
    assert GAME.view(s, "player")["draft"]["net_hand"] == 0
    s = play(s, {"type": "light", "light": "partial"})
    assert GAME.view(s, "player")["draft"]["net_hand"] == -1
    s = play(s, {"type": "light", "light": "full"})
    assert GAME.view(s, "player")["draft"]["net_hand"] == -3
    s = play(s, {"type": "stat", "stat": "Finesse"})
    assert GAME.view(s, "player")["draft"]["net_hand"] == 0


def test_cover_lowers_ar_and_terrain_hampers_agility_saves():
    s = new("Clubs1")                         # AR 2
    s = play(s, {"type": "condition", "name": "Partially Covered"})
    assert GAME.view(s, "player")["points"]["ar"] == 1
    s = play(s, {"type": "condition", "name": "Fully Covered"})
    assert GAME.view(s, "player")["points"]["ar"] == 0 and "Partially Covered" not in s["conditions"]
    s = play(s, {"type": "draw_tc"}, {"type": "condition", "name": "Challenging Terrain"},
             {"type": "kind", "kind": "save"}, {"type": "stat", "stat": "AGL"}, {"type": "dr", "dr": 3})
    assert GAME.view(s, "player")["draft"]["net_hand"] == -1


def test_falling_damage_speed_and_knocked_down():
    """PG, Falling: 1 damage and -1 speed per 2 spaces, Knocked Down (Status Conditions 3:
    speed halved, rounding up); speed back at a rest, and getting up ends the halving."""
    s = play(new("Spades1"), {"type": "fall", "spaces": 4})
    assert s["hp"] == s["sheet"]["hp_max"] - 2 and "Knocked Down" in s["conditions"]
    assert GAME.view(s, "player")["points"]["speed"] == 2        # (6 - 2) halved
    s = play(s, {"type": "condition", "name": "Knocked Down"})   # get up: a Minor Action
    assert GAME.view(s, "player")["points"]["speed"] == 4
    s = play(s, {"type": "full_rest"})
    assert GAME.view(s, "player")["points"]["speed"] == 6


def test_holding_breath_minutes():
    assert GAME.view(new("Clubs1"), "player")["points"]["breath"] == 3     # VIT +1


def test_nothing_to_draw_offers_no_draw():
    """Every card awarded into the hand: no action may need a card that is not there."""
    s = new()
    s["fate"] += s["deck"]
    s["deck"] = []
    legal = GAME.legal_actions(s)
    assert not {"draw", "draw_tc", "start_combat", "discard_power"} & {a["type"] for a in legal}


def test_attack_damage_by_weapon_plus_one_on_a_major_critical_stuns():
    """PG, In Combat: damage by weapon quality (1-4), +1 on a Major; a Critical calls for
    the target's DR 3 CON save against Stunned."""
    s = play(new("Spades1"), {"type": "weapon", "damage": 3}, {"type": "kind", "kind": "attack"})
    s = check(stack(s, "9H", "8D", "8C"), "8C", "Finesse", 2)
    s = play(s, {"type": "draw"}, {"type": "accept"})
    assert "Hit for 3 damage." in s["last"]["summary"]
    assert s["draft"]["kind"] == "attack"          # the next check keeps its kind
    s = play(check(s, "8C", "Finesse", 2), {"type": "draw"}, {"type": "accept"})
    assert "Hit for 4 damage." in s["last"]["summary"]
    s = play(check(s, "8C", "Finesse", 2), {"type": "draw"}, {"type": "accept"})
    assert s["last"]["degree"] == 0 and "Hit for 4 damage; the target makes a DR 3" in s["last"]["summary"]


# -- Dealers, NPCs and Companions ---------------------------------------------------------------
def test_companion_draws_from_my_deck_with_its_own_modifier():
    """PG: a companion acts on the player's turn and draws from the Dealer's deck; its HP
    is half the Dealer's level, rounded up."""
    s = GAME.new_game({"character": "Spades3", "companion": "Bear"}, 2)
    assert s["companion"]["hp_max"] == 2 and s["companion"]["listed_hp"] == 3
    s = play(stack(s, "9H"), {"type": "who", "who": "companion"})
    s = check(s, "8C", "Brute", 0)
    assert GAME.view(s, "player")["draft"]["modifier"] == 1          # the Bear's STR +1
    deck_before = len(s["deck"])
    s = play(s, {"type": "draw"}, {"type": "accept"})
    assert len(s["deck"]) == deck_before - 1 and s["last"]["success"]
    assert s["last"]["summary"].startswith("Bear: Check (Brute +1)")
    s = play(s, {"type": "companion_damage", "amount": 2}, {"type": "companion_damage", "amount": 1})
    assert s["companion"]["hp"] == 0
    assert not any(a["type"] == "who" for a in GAME.legal_actions(s))
    s = play(s, {"type": "level_up"}, {"type": "finish"}, {"type": "full_rest"})
    assert s["companion"]["hp"] == s["companion"]["hp_max"] == 2    # level 4 -> 2
    with pytest.raises(IllegalAction, match="companion"):
        GAME.new_game({"character": "Spades1", "companion": "Dragon"}, 1)


def test_intensify_discards_until_a_major_plain_success_is_a_miss():
    """PG, Discard Powers, Intensify (Caster): on the next attack discard until a Major
    Success; standard successes count as misses; the player may end it early."""
    assert not any(a["type"] == "intensify" for a in GAME.legal_actions(new("Diamonds1")))  # level 1
    s = play(new("Diamonds2"), {"type": "start_combat"}, {"type": "intensify"},
             {"type": "kind", "kind": "attack"})                # in combat (review D11)
    s = check(stack(s, "9H", "5S", "8D", "10C"), "8C", "Knowledge", 2)
    s = play(s, {"type": "draw"})
    assert s["draw"]["cards"] == ["9H"] and s["draw"]["to_go"] == 1
    s = play(s, {"type": "draw_more"}, {"type": "draw_more"})
    assert s["draw"]["cards"] == ["9H", "5S", "8D"] and s["draw"]["to_go"] == 0
    s = play(s, {"type": "accept"})
    assert s["last"]["degree"] == 1 and s["last"]["success"] and "Hit for 2 damage" in s["last"]["summary"]
    assert {"9H", "5S", "8D"} <= set(s["discard"]) and not s["intensify"]
    s = play(s, {"type": "end_turn"}, {"type": "intensify"})   # a Minor Action a turn
    s = check(s, "8C", "Knowledge", 2)
    s = play(s, {"type": "draw"}, {"type": "stop"}, {"type": "accept"})
    assert s["last"]["card"] == "10C" and s["last"]["success"] is False
    assert "counts as a miss" in s["last"]["summary"]


def test_failed_condition_saves_say_what_the_turn_holds():
    s = play(stack(new("Spades1"), "7S", "AH"), {"type": "draw_tc"},
             {"type": "condition", "name": "Stunned"}, {"type": "condition_save", "name": "Stunned"},
             {"type": "draw"}, {"type": "accept"})
    assert s["last"]["success"] is False and "Stunned" in s["conditions"]
    assert s["log"][-1].startswith("Stunned: this turn, move or take one Action")
