"""The GM's table, the review's last differences (docs/reviews/dofa-gm-2026-11-26.md G10,
G11, G12, G17, G20), each named after its book section (GMG: the GM's Guide, PG: the
Player's Guide)."""

from __future__ import annotations

from pocketdeck.core.rng import Rng
from pocketdeck.systems.dofa import odds
from pocketdeck.systems.dofa_gm import bestiary as bs
from pocketdeck.systems.dofa_gm import calls, discards, draws
from pocketdeck.systems.dofa_gm import fight as ft
from pocketdeck.systems.dofa_gm.fight import actor
from test_dofa_gm import GAME, _foes_turn, _turn_of, new, play, report, stack


def test_pg_status_conditions_knocked_out_a_heal_on_a_knocked_out_ally_is_a_treatment_draw():
    """PG, Status Conditions 5 Knocked Out: "treated by a Craft check or a Healing Power
    (DR 5 vs. the KO character's TC, minus 1 for each turn passed since the effect onset)"."""
    s, x = _foes_turn(["Heal"], 2)
    ally = next(a for a in s["actors"] if a["side"] == "foes" and a["id"] != x["id"])
    ft.hurt(s, actor(s, ally["id"]), 99, Rng(1))
    ko = actor(s, ally["id"])
    ko["ko"]["turns"] = 2
    heal = {"type": "power", "who": x["id"], "target": ally["id"], "power": "Heal"}
    assert heal in GAME.legal_actions(s)
    s = play(s, heal)
    assert actor(s, ally["id"])["ko"] and s["draw"] is not None      # not woken by the power alone
    d = s["draw"]
    assert d["dr"] == 3 and d["tc"] == ft.tc_of(s, actor(s, ally["id"])) and d["treat"] == ally["id"]
    assert actor(s, x["id"])["pp"] == 1                                # the PP is spent either way
    s = play(s, {"type": "accept"})
    woke = not actor(s, ally["id"])["ko"]
    assert woke == any("wakes" in line for line in s["log"][-3:])
    assert woke or "stays Knocked Out" in s["log"][-1]


def test_pg_health_and_armor_a_companion_has_half_its_dealers_level_in_hp():
    """PG, Health and Armor: "The health of Companions HP is half the level of their Dealer,
    rounding up"; the stat block's HP is what it had before joining."""
    s = GAME.new_game({"mode": "table", "players": [], "party": ["Diamonds1"], "foes": ["Grunt"]}, 5)
    s = play(s, {"type": "panel", "panel": "add"}, {"type": "add_creature", "id": "Wolf"})
    wolf = next(a for a in s["actors"] if a["source"] == "Wolf")
    level = actor(s, "p1")["level"]
    assert wolf["dealer"] == "p1"
    assert wolf["hp"] == wolf["hp_max"] == (level + 1) // 2
    assert wolf["block_hp"] == bs.creatures()["Wolf"]["hp"]


def test_gmg_game_master_resources_a_minions_social_check_draws_from_the_world_deck():
    """GMG, Game Master Resources: "The World Deck is used to make social checks"; the
    social skills are Conviction's (PG, Complete Attribute and Skill List: Bluffing,
    Performance). Other checks of a Minion stay on the NPC Deck."""
    s = play(new(("Ann",), foes=["Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "9H")
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")
    s = play(s, {"type": "call", "who": grunt["id"]}, {"type": "call_stat", "stat": "Bluffing"},
             {"type": "call_aim", "aim": "moderate"}, {"type": "call_tc"})
    assert "call" in s["decks"]["world"]["tcs"] and "call" not in s["decks"]["npc"]["tcs"]
    npc = len(s["decks"]["npc"]["draw"])
    s = play(s, {"type": "call_draw"})
    assert s["decks"]["world"]["drawing"] and not s["decks"]["npc"]["drawing"]
    assert len(s["decks"]["npc"]["draw"]) == npc
    s = play(s, {"type": "accept"})
    assert s["call"] is None
    s = play(s, {"type": "call", "who": grunt["id"]}, {"type": "call_stat", "stat": "Detection"},
             {"type": "call_aim", "aim": "moderate"}, {"type": "call_tc"}, {"type": "call_draw"})
    assert s["decks"]["npc"]["drawing"] and not s["decks"]["world"]["drawing"]


def test_pg_health_and_armor_the_legend_names_ar_the_armor_range():
    """PG, Health and Armor: AR is the Armor Range (the GM's table called it "Armor Rating")."""
    from pocketdeck.ui.dofa_gm import table as dofa_gm
    legend = dofa_gm._legend()
    assert "Armor Range" in legend and "Armor Rating" not in legend


def test_gmg_difficulty_chart_a_check_may_require_a_color_or_suited_success():
    """GMG, Difficulty Chart: "you might say that a specific check requires a Color or
    Suited Success. Note that Color or Suit make success half or a quarter as likely"."""
    s = play(new(("Ann",), foes=["Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "9H")
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")
    s = play(s, {"type": "call", "who": grunt["id"]}, {"type": "call_stat", "stat": "Detection"},
             {"type": "call_dr", "dr": 6}, {"type": "call_tc"})
    tc = s["call"]["tc"]
    plain = calls.chances(s, s["call"])["exact"]
    assert {"type": "call_needs", "needs": "suit"} in GAME.legal_actions(s)
    s = play(s, {"type": "call_needs", "needs": "suit"})
    suited = calls.chances(s, s["call"])
    assert suited["exact"] < plain and suited["chart"] == odds.chart_chance(suited["edr"], match="suit")
    # a card of another suit within the DR: a success by the degree, a failure by the call
    other = next(c for c in s["decks"]["npc"]["draw"] if c[-1] != tc[-1] and c[:-1] != tc[:-1])
    s = stack(s, "npc", other)
    s = play(s, {"type": "call_draw"}, {"type": "accept"})
    assert "The GM required a Suited Success: a failure." in s["log"][-1]
    # a player's card typed in: the same requirement
    s = play(s, {"type": "call", "who": "p1"}, {"type": "call_dr", "dr": 6},
             {"type": "call_needs", "needs": "color"}, {"type": "call_tc"}, {"type": "call_card"})
    tc = s["entry"]["for"]["tc"]
    red = tc[-1] in "HD"
    off = next(c for c in ("2S", "2H", "3C", "3D") if (c[-1] in "HD") != red)
    s = report(s, off)
    assert "The GM required a Color Success: a failure." in s["log"][-1]


def test_pg_discard_powers_a_level_2_dealer_the_app_holds_thwarts_and_helps():
    """PG, Discard Powers: "Dealers may discard cards as a Minor Action for additional
    benefits in combat starting at Level 2. For every 2 cards discarded ... Upper/Lower Hand
    +1"; Thwart: "an enemy ... all Checks at Lower Hand (N/2) until the start of the
    triggering Dealer's next turn"; Dealers, NPCs and Companions: "Can use Discard Actions"."""
    s, x = _foes_turn([], 0, foes=("Sentinel, Martial", "Captain, Defender", "Grunt"))
    mine = [a for a in GAME.legal_actions(s) if a["type"] == "discard_power" and a["who"] == x["id"]]
    assert {a["power"] for a in mine} == {"Thwart"} and {a["cards"] for a in mine} == {2, 4}
    assert {a["target"] for a in mine} == {"p1", "p2"}                   # enemies only
    before = len(s["decks"][x["deck"]]["draw"])
    s = play(s, next(a for a in mine if a["target"] == "p1" and a["cards"] == 4))
    assert len(s["decks"][x["deck"]]["draw"]) == before - 4
    assert actor(s, "p1")["discarded"] == {"power": "Thwart", "n": 2, "by": x["id"]}
    assert ("Thwart (a Discard Power)", -2) in draws.hand_parts(s, actor(s, "p1"), "check", "AGL")
    assert not any(a["type"] == "discard_power" for a in GAME.legal_actions(s))   # the Minor Action spent
    s = _turn_of(play(s, {"type": "end_turn"}), x["id"])
    assert "discarded" not in actor(s, "p1")                                  # ended at its next turn
    # a level 1 Boss has none; a level 2 premade has its role's (Hearts: Support, Help)
    assert discards.powers_of(actor(GAME.new_game({"mode": "skirmish", "party": ["Hearts2"],
                                                   "foes": ["Grunt"]}, 4), "p1")) == ["Help"]
    assert not discards.actions(s, dict(actor(s, x["id"]), level=1))
