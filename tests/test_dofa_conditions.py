"""Deck of Adventures: every status condition's effect on the checks the phone makes, and
each save prompted at its moment (PG, Status Conditions 1-13; Hidden; Holding Breath;
Discard Powers received). Section numbers are the PG's list."""

from __future__ import annotations

import pytest

from pocketdeck.core.game import IllegalAction
from test_dofa_rules import GAME, check, new, play, stack


def view(s: dict) -> dict:
    return GAME.view(s, "player")


def net(s: dict) -> int:
    return view(s)["draft"]["net_hand"]


def due(s: dict) -> list[str]:
    return [d["name"] for d in s["due"]]


def on(s: dict, *names: str) -> dict:
    return play(s, *({"type": "condition", "name": n} for n in names))


def legal(s: dict, kind: str) -> list[dict]:
    return [a for a in GAME.legal_actions(s) if a["type"] == kind]


def save(s: dict, name: str) -> dict:
    """Draw the condition's save (the next stacked card) and accept it."""
    s = play(s, {"type": "condition_save", "name": name}, {"type": "draw"}, {"type": "accept"})
    return play(s, {"type": "kind", "kind": "check"})


def test_stunned_save_due_at_the_start_of_my_turn():
    """1 Stunned: a DR 3 CON save at the start of the turn; on failure, move or act, not both."""
    s = on(stack(new("Spades1"), "7S", "KD", "7D"), "Stunned")
    assert due(s) == []
    s = play(s, {"type": "start_combat"})                 # TC 7S; my first turn starts
    assert due(s) == ["Stunned"] and "due now" in [e["label"] for e in view(s)["actions"]
                                                    if e["action"]["type"] == "condition_save"][0]
    s = save(s, "Stunned")                                 # K of Diamonds: 6 away, a miss
    assert s["last"]["success"] is False and due(s) == []
    assert any(p.startswith("Stunned") for p in view(s)["prompts"])
    s = play(s, {"type": "end_turn"})
    assert due(s) == ["Stunned"]
    s = save(s, "Stunned")                                 # 7 of Diamonds: a Major
    assert "Stunned" not in s["conditions"] and due(s) == []


def test_turn_saves_lapse_when_combat_ends_a_save_on_damage_stays():
    s = on(play(new("Spades1"), {"type": "start_combat"}), "Poisoned", "Charmed")
    s = play(s, {"type": "end_turn"}, {"type": "damage", "amount": 1, "bypass": False})
    assert sorted(due(s)) == ["Charmed", "Poisoned"]
    s = play(s, {"type": "end_combat"})
    assert s["due"] == [{"name": "Charmed", "when": "on damage"}]


@pytest.mark.parametrize("cond,sense", [("Blinded", "sight"), ("Deafened", "hearing")])
def test_blinded_and_deafened_lower_hand_three_on_that_sense_after_a_failed_save(cond, sense):
    """4 Blinded, Deafened: "a DR 3 Intuition Save. If they fail, they draw Lower Hand (3)"
    on anything that needs the sense: nothing before a save has failed; from the failure
    until a save succeeds. The GM says whether a check needs it."""
    s = on(stack(new("Spades1"), "7S", "KH", "9C", "7D"), cond)
    s = check(play(s, {"type": "draw_tc"}), "8C", "Finesse", 2)
    s = play(s, {"type": "sense", "sense": sense})
    assert net(s) == 0 and cond not in view(s)["in_force"]     # switched on, no save failed yet
    s = save(s, cond)                                      # K of Hearts vs my 7S: 6 away, a miss
    s = check(play(s, {"type": "sense", "sense": sense}), "8C", "Finesse", 2)
    assert net(s) == -3 and [f"{cond}: needs {sense}", -3] in view(s)["draft"]["hand_parts"]
    s = play(s, {"type": "start_combat"})                  # TC 9C; a new turn: the save is due again
    assert due(s) == [cond] and net(s) == -3               # the failure holds until the next save
    s = save(s, cond)                                      # 7 of Diamonds vs 9C: a success
    s = check(play(s, {"type": "sense", "sense": sense}), "8C", "Finesse", 2)
    assert net(s) == 0 and cond not in s.get("failed", [])


def test_charmed_acts_after_a_failed_save_forbids_a_check_against_the_charmer():
    """10 Charmed: a DR 3 GUT save at the start of the turn or on taking damage; "On failure,
    they may not take actions against the interests" of the charmer: switched on, nothing is
    forbidden until a save fails; a success lifts it."""
    s = on(stack(new("Spades1"), "7S", "KH", "7D"), "Charmed")
    s = check(play(s, {"type": "draw_tc"}), "8C", "Finesse", 2)
    s = play(s, {"type": "against", "on": True})
    assert legal(s, "draw")                                 # no failed save yet
    s = play(s, {"type": "damage", "amount": 1, "bypass": False})
    assert due(s) == ["Charmed"]
    s = save(s, "Charmed")                                  # K of Hearts: a failure
    s = check(play(s, {"type": "against", "on": True}), "8C", "Finesse", 2)
    assert not legal(s, "draw") and "Charmed" in view(s)["draft"]["forbidden"]
    with pytest.raises(IllegalAction, match="Charmed: no action against the charmer"):
        GAME.apply(s, {"type": "draw"})
    s = play(s, {"type": "against", "on": False})
    assert legal(s, "draw")
    s = play(s, {"type": "damage", "amount": 1, "bypass": False})
    assert due(s) == ["Charmed"]
    s = save(s, "Charmed")                                  # 7 of Diamonds: a success
    s = check(play(s, {"type": "against", "on": True}), "8C", "Finesse", 2)
    assert legal(s, "draw")


def test_enthralled_saves_on_damage_and_prompts_after_a_failed_save():
    """11 Enthralled: a DR 3 CON save at the start of the turn or on damage; "On failure"
    the enthraller directs the move and one Major Action (the GM's: shown from the failure)."""
    s = on(stack(new("Spades1"), "7S", "KH"), "Enthralled")
    assert not any(p.startswith("Enthralled") for p in view(s)["prompts"])
    s = play(s, {"type": "damage", "amount": 1, "bypass": False})
    assert due(s) == ["Enthralled"]
    s = play(s, {"type": "start_combat"})
    assert due(s) == ["Enthralled"]                          # one prompt, not two
    s = save(s, "Enthralled")                                # K of Hearts vs 7S: a failure
    assert any(p.startswith("Enthralled") for p in view(s)["prompts"])


def test_invisible_attack_at_upper_hand_ends_it_and_detection_at_lower_hand():
    """12 Invisible: detecting an Invisible creature is at Lower Hand; using a Power ends
    Invisible; the attack that ends it is at Upper Hand."""
    s = on(stack(new("Spades1"), "9C", "5C"), "Invisible")
    s = play(check(s, "8C", "Finesse", 2), {"type": "kind", "kind": "attack"})
    s = check(s, "8C", "Finesse", 2)
    assert net(s) == 1
    s = play(s, {"type": "draw"}, {"type": "draw_more"}, {"type": "accept"})
    assert "Invisible" not in s["conditions"]
    s = check(new("Spades1"), "8C", "Detection", 2)
    s = play(s, {"type": "unseen", "on": True})
    assert net(s) == -1
    s = on(new("Spades1"), "Invisible")
    s = play(s, {"type": "power", "power": "Attack, Charge", "pp": 1}, {"type": "kind", "kind": "attack"})
    assert "Invisible" not in s["conditions"]
    assert net(check(s, "8C", "Finesse", 2)) == 1          # the power's attack that ended it


def test_grappled_speed_zero_and_lower_hand_on_a_power():
    """13 Grappled: speed 0; Lower Hand when using any Power (a power spent marks the check)."""
    s = on(new("Spades1"), "Grappled")
    assert view(s)["points"]["speed"] == 0
    s = check(s, "8C", "Finesse", 2)
    assert net(s) == 0
    s = play(s, {"type": "power", "power": "Attack, Charge", "pp": 1})
    assert s["draft"]["power"] is True and net(s) == -1
    s = play(s, {"type": "with_power", "on": False})
    assert net(s) == 0


@pytest.mark.parametrize("stat,hand", [("STR", -1), ("AGL", -1), ("CON", 0)])
def test_knocked_down_strength_and_agility_saves_at_lower_hand_speed_halved(stat, hand):
    """3 Knocked Down: STR and AGL saves at Lower Hand; speed halved, rounding up."""
    s = on(play(new("Spades1"), {"type": "draw_tc"}), "Knocked Down")
    s = play(s, {"type": "kind", "kind": "save"}, {"type": "stat", "stat": stat}, {"type": "dr", "dr": 3})
    assert net(s) == hand and view(s)["points"]["speed"] == 3


def test_entangled_speed_zero_agility_saves_lower_hand_str_save_ends_it():
    """2 Entangled: a Major Action for a DR 3 STR save; until then speed 0, AGL saves at Lower Hand."""
    s = on(stack(new("Spades1"), "7S", "7D"), "Entangled")
    s = play(s, {"type": "draw_tc"}, {"type": "kind", "kind": "save"}, {"type": "stat", "stat": "AGL"},
             {"type": "dr", "dr": 3})
    assert net(s) == -1 and view(s)["points"]["speed"] == 0
    s = save(s, "Entangled")
    assert s["last"]["degree"] == 1 and "Entangled" not in s["conditions"]


def test_frozen_save_due_at_the_end_of_my_turn_and_strength_checks_at_lower_hand():
    """8 Frozen: half speed, STR and AGL checks at Lower Hand, a DR 3 STR save at the end of the turn."""
    s = on(play(new("Spades1"), {"type": "start_combat"}), "Frozen")
    assert view(s)["points"]["speed"] == 3
    assert net(check(s, "8C", "Athletics", 2)) == -1
    assert due(s) == []
    s = play(s, {"type": "end_turn"})
    assert s["due"][0] == {"name": "Frozen", "when": "end of turn"}


def test_poisoned_save_due_at_start_of_turn_failure_discards_n_plus_one():
    """7 Poisoned N: a DR 3 VIT save at the start of the turn; on failure discard N+1 cards."""
    s = play(on(stack(new("Spades1"), "7S", "KD"), "Poisoned"), {"type": "poison_more"})
    assert s["poison"] == 2
    s = play(s, {"type": "start_combat"})
    assert due(s) == ["Poisoned"]
    discard = len(s["discard"])
    s = save(s, "Poisoned")
    assert s["last"]["success"] is False
    assert len(s["discard"]) + len(s["fate"]) - 2 == discard + 1 + 3   # the save's card + 3


def test_suffocating_save_at_start_of_turn_success_still_one_damage():
    """9 Suffocating: a DR 3 VIT save at the start of the turn; failure 2 damage bypassing AP,
    success 1 (AP first: tod_status_conditions_9_suffocating_a_success_takes_ap_first)."""
    s = on(stack(new("Clubs1"), "7S", "7D"), "Suffocating")
    s = play(s, {"type": "start_combat"})
    assert due(s) == ["Suffocating"]
    s = save(s, "Suffocating")
    assert s["hp"] == s["sheet"]["hp_max"] and s["ap"] == s["sheet"]["ap_max"] - 1


def test_hidden_attack_at_upper_hand():
    """Hidden: the target is unaware, so my attack is at Upper Hand."""
    s = on(new("Spades1"), "Hidden")
    s = check(play(s, {"type": "kind", "kind": "attack"}), "8C", "Finesse", 2)
    assert net(s) == 1


def test_holding_breath_then_suffocating():
    """PG, Holding Breath: 1 + 2 x Vitality minutes; each damage takes one off; then Suffocating."""
    s = play(new("Clubs1"), {"type": "breath", "hold": "start"})            # VIT +1: 3 minutes
    assert s["breath"] == 3
    s = play(s, {"type": "damage", "amount": 1, "bypass": False}, {"type": "breath", "hold": "minute"})
    assert s["breath"] == 1 and "Suffocating" not in s["conditions"]
    s = play(s, {"type": "breath", "hold": "minute"})
    assert s["breath"] == 0 and "Suffocating" in s["conditions"]
    s = play(s, {"type": "breath", "hold": "end"})
    assert s["breath"] is None and "Suffocating" not in s["conditions"]


def test_help_and_thwart_received_do_not_stack_and_help_lasts_to_my_next_turn_end():
    """PG, Discard Powers: Help N/2 is Upper Hand on all my checks until the end of my next
    turn; Thwart is Lower Hand; only one applies at a time (a new one replaces the old)."""
    from test_dofa_player_book import acted    # Help given once my turn has begun (D4)
    s = check(acted(play(new("Spades1"), {"type": "start_combat"})), "8C", "Finesse", 2)
    s = play(s, {"type": "received", "power": "Help", "n": 2})
    assert net(s) == 2
    s = play(s, {"type": "received", "power": "Thwart", "n": 1})
    assert net(s) == -1
    s = play(s, {"type": "received", "power": "Help", "n": 1}, {"type": "end_turn"})
    assert s["received"] is not None
    s = play(s, {"type": "end_turn"})
    assert s["received"] is None
