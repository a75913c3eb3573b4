"""Deck of Adventures, the player's phone: the differences the reading of 2026-11-26
(docs/reviews/dofa-2026-11-26.md, D2-D20) left open, against the Player's Guide (PG) and the
public reference. Each test is named after its book section and fails on the code before the
fix; docs/rules/dofa.md has the rows ("tod_")."""

from __future__ import annotations

from test_dofa_player_book import legal
from test_dofa_rules import GAME, check, knock_out, new, play, stack


# -- D9 --------------------------------------------------------------------------------------
def test_making_a_check_an_attack_or_a_save_with_a_hidden_dr():
    """PG, Making a Check: "The Difficulty Range is decided by the GM and they can choose
    whether or not to reveal it before a check is made": an attack (the GM's table keeps the
    AR hidden) and a save may be drawn with the DR hidden; the player reports the card."""
    s = play(new("Spades1"), {"type": "kind", "kind": "attack"})
    assert {"type": "dr", "dr": None} in GAME.legal_actions(s)
    s = play(check(stack(s, "8S"), "3D", "Finesse", None), {"type": "draw"}, {"type": "accept"})
    assert s["last"]["degree"] is None and s["last"]["report"]
    s = play(stack(new(), "QH"), {"type": "draw_tc"}, {"type": "kind", "kind": "save"},
             {"type": "stat", "stat": "CON"})
    assert {"type": "dr", "dr": None} in GAME.legal_actions(s)
    s = play(stack(s, "9D"), {"type": "dr", "dr": None}, {"type": "draw"}, {"type": "accept"})
    assert s["last"]["kind"] == "save" and s["last"]["report"]


# -- D2 --------------------------------------------------------------------------------------
def closed(s: dict) -> dict:
    """End turns until no earlier damage can be Toughened Up."""
    while s["toughen"]:
        s = play(s, {"type": "end_turn"})
    return s


def test_epic_events_fate_cards_negate_damage_taken_while_knocked_out():
    """PG, Epic Events: "If they take additional damage, they make these checks at Lower
    Hand (+1). Players may use Fate Cards, as outlined above, to negate damage taken during
    the Epic Event." Damage while Knocked Out (0 AP, 0 HP) can be Toughened Up, and ignoring
    all of it takes its Lower Hand away; after stable, the new Epic Event it began too."""
    s = closed(knock_out(play(new("Spades1"), {"type": "start_combat"})))
    s["ap"] = 0
    s = play(s, {"type": "damage", "amount": 1, "bypass": False})
    assert s["ko"]["damaged"] and s["toughen"] == 1 and legal(s, "toughen_up")
    s = play(s, {"type": "toughen_up", "card": "RJ"})
    assert s["ko"] and not s["ko"]["damaged"] and s["hp"] == 0 and s["toughen"] == 0
    s["ko"].update(stable=True, successes=2)
    s = play(s, {"type": "damage", "amount": 1, "bypass": True})
    assert not s["ko"]["stable"] and s["ko"]["successes"] == 0
    s = play(s, {"type": "toughen_up", "card": "BJ"})
    assert s["ko"]["stable"] and s["ko"]["successes"] == 2 and not s["ko"]["damaged"]


# -- D4 --------------------------------------------------------------------------------------
def test_fate_cards_toughen_up_damage_between_my_turns():
    """PG, Fate Cards 4.3: "before the end of the Player's next turn after receiving damage";
    Discard Powers, Help: "until the end of their next turn". What arrives after End my turn
    and before I act again lasts to the end of that coming turn, not one turn more; what
    arrives once I have acted in my turn lasts through the next one."""
    s = play(new("Spades1"), {"type": "start_combat"}, {"type": "end_turn"})
    s = play(s, {"type": "damage", "amount": 1, "bypass": True},
             {"type": "received", "power": "Help", "n": 1})
    assert s["toughen"] == 1 and s["received"]
    s = play(s, {"type": "end_turn"})
    assert s["toughen"] == 0 and not legal(s, "toughen_up") and s["received"] is None
    s = play(check(stack(s, "9H"), "5C", "Finesse", 2), {"type": "draw"}, {"type": "accept"})
    s = play(s, {"type": "damage", "amount": 1, "bypass": True},
             {"type": "received", "power": "Help", "n": 1}, {"type": "end_turn"})
    assert s["toughen"] == 1 and s["received"]
    s = play(s, {"type": "end_turn"})
    assert s["toughen"] == 0 and s["received"] is None


# -- D6, D7 ----------------------------------------------------------------------------------
def test_status_conditions_9_suffocating_a_success_takes_ap_first():
    """PG, Status Conditions 9: "On failure, take 2 damage bypassing AP. On a success, take
    1 damage": the success's damage follows the default rule, AP first (Clubs1: AP 2)."""
    from test_dofa_conditions import on, save
    s = play(on(stack(new("Clubs1"), "7S", "7D"), "Suffocating"), {"type": "start_combat"})
    s = save(s, "Suffocating")
    assert (s["ap"], s["hp"]) == (s["sheet"]["ap_max"] - 1, s["sheet"]["hp_max"])


def test_holding_breath_no_time_at_low_vitality_is_suffocating():
    """PG, Holding Breath: "1 + 2 times Vitality Mod minutes ... After this time, the
    character gains the Suffocating Status Condition": at Vitality -1 the time is 0."""
    from test_dofa_build import custom
    s = play(custom(), {"type": "vulnerability", "id": "Frail, Minor", "xp": 1}, {"type": "finish"})
    assert s["sheet"]["attrs"]["VIT"] == -1
    s = play(s, {"type": "breath", "hold": "start"})
    assert s["breath"] == 0 and "Suffocating" in s["conditions"]


# -- D11, D12, D17 ---------------------------------------------------------------------------
def test_discard_powers_only_in_combat():
    """PG, Discard Powers: "discard cards as a Minor Action for additional benefits in
    combat": not offered outside combat (Spades2 from level 2; a Caster's Intensify too)."""
    s = new("Spades2")
    assert not legal(s, "discard_power")
    assert legal(play(s, {"type": "start_combat"}), "discard_power")


def test_items_charm_of_efficiency_no_quick_draw_upper_hand():
    """07_Items, Charm of Efficiency: "You cannot draw with Upper or Lower Hand": Quick
    Draw's Upper Hand Target Card is not offered while it is active."""
    s = new("Spades1")
    s["sheet"]["powers"].append("Quick Draw")
    assert {"type": "start_combat", "quick_draw": True} in GAME.legal_actions(s)
    s = play(s, {"type": "use_item", "item": "Charm of Efficiency"})
    assert {"type": "start_combat", "quick_draw": True} not in GAME.legal_actions(s)
    assert {"type": "start_combat"} in GAME.legal_actions(s)


def test_powers_quick_draw_is_passive_no_use_button():
    """04_Powers, Quick Draw (Passive): "When drawing a TC for combat, you may draw with
    Upper Hand": it is never "used" as a power (which would end Hidden and mark the next
    check as a Power's); it works at the start of combat only."""
    s = new("Spades1")
    s["sheet"]["powers"].append("Quick Draw")
    assert not [a for a in legal(s, "power") if a["power"] == "Quick Draw"]


# -- D15, D16 --------------------------------------------------------------------------------
def test_discard_powers_help_and_thwart_on_the_epic_event_check():
    """PG, Discard Powers: Help and Thwart act "on all Checks", the Knocked Out Epic Event
    check too; Epic Events "Lower Hand (+1)" when damaged again counts once however often
    (the stacking notation is "(1+)": a documented choice)."""
    from pocketdeck.systems.dofa.checkflow import epic_hand
    s = knock_out(play(new("Spades1"), {"type": "start_combat"}))
    s = play(s, {"type": "received", "power": "Thwart", "n": 2})
    assert epic_hand(s) == -2
    s = play(s, {"type": "received", "power": "Help", "n": 1})
    assert epic_hand(s) == 1
    s = play(s, {"type": "damage", "amount": 1, "bypass": True},
             {"type": "damage", "amount": 1, "bypass": True})
    assert epic_hand(s) == 0                       # Help 1, damaged again: Lower Hand 1 once


# -- D14 -------------------------------------------------------------------------------------
def test_vulnerabilities_conceited_prerequisite_holds_when_creation_is_done():
    """05_Vulnerabilities, Conceited (Prereq "Intelligence and Intuition < +1"): only
    Illiterate's text says its prerequisite "only applies at the time the Vulnerability is
    taken". Taking Conceited at INT 0 and then raising INT to +1 leaves Done refused;
    Illiterate then raised stays finishable."""
    from test_dofa_build import custom
    s = play(custom("Support"), {"type": "vulnerability", "id": "Conceited", "xp": 2},
             {"type": "raise", "stat": "INT"})
    assert not legal(s, "finish")
    s = play(custom("Support"), {"type": "vulnerability", "id": "Illiterate", "xp": 1},
             {"type": "raise", "stat": "INT"})
    assert legal(s, "finish")
