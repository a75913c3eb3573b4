"""ADS issue 47, a third reading of the book (prefix tz_ in docs/rules/ads.md). Each test is
named after the book section it pins and failed on the code before its fix."""

from __future__ import annotations

import pytest

from test_ads_book26 import _foe_turn, legal_types
from test_ads_engine import GAME, Script, at_turn, declares, plays

from pocketdeck.core.game import IllegalAction
from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads import fight, flow, foeturn
from pocketdeck.systems.ads.deck import hand_max


# -- 1. Play a Normal Action Card: no spell with both hands occupied ------------------------

def test_play_a_normal_action_card_a_declared_dual_wielder_casts_no_spell_before_drawing_a_weapon():
    """"Spell Cards cannot be cast if both of your hands are occupied, such as when Dual
    Wielding"; Weapons: a Dual Wielder declared at the start "it is assumed that they have
    a Weapon in each hand": on Round 1, nothing drawn yet, no Energy Bolt; the refusal
    names the rule and leaves the state as it was."""
    m = at_turn("mage", "goblin_skirmisher", ["energy_bolt", "intellect"], 1, dual=True)
    assert m["armed"] is None and m["offhand"] is None
    assert plays(m, "energy_bolt") == []
    before = repr(m)
    with pytest.raises(IllegalAction, match="Play a Normal Action Card.*both of your hands"):
        GAME.apply(m, {"type": "play", "card": "energy_bolt", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert repr(m) == before
    # without the Dual Wield, the same hand may cast
    n = at_turn("mage", "goblin_skirmisher", ["energy_bolt"], 1)
    assert plays(n, "energy_bolt")


def test_play_a_normal_action_card_a_dual_wielder_disarmed_has_a_hand_free_for_a_spell():
    """The other side of the same sentence: a Disarm empties one of the two hands
    (Ammunition & Throwing), so the spell may be cast until a weapon fills it again."""
    m = at_turn("mage", "goblin_skirmisher", ["energy_bolt"], 1, dual=True)
    m["armed"], m["offhand"] = "dagger", "dagger"
    assert plays(m, "energy_bolt") == []
    foeturn.disarmed(m, "The Hobgoblin")
    assert m["armed"] == "dagger" and m["offhand"] is None
    assert plays(m, "energy_bolt")


def test_weapons_a_dual_wielder_taking_up_a_two_handed_crossbow_swaps():
    """Weapons: a Dual Wielder "is assumed that they have a Weapon in each hand"; "If they
    wish to use a different Weapon then they will have to use their Action to swap" (Dual
    Wield: "Dual Wielders cannot use Two-Handed Weapons"): the Crossbow is a Swap that ends
    the turn, never a free draw, and is not played this turn without Fast Weapon Swap."""
    s = at_turn("rogue", "goblin_skirmisher", ["crossbow", "dagger"], 5, dual=True)
    assert s["armed"] is None
    assert not [a for a in plays(s, "crossbow") if a["boost"] == ""]
    assert [a for a in plays(s, "dagger") if a["boost"] == ""]  # a dual weapon: still free
    s = GAME.apply(s, {"type": "arm", "card": "crossbow"})
    assert s["armed"] == "crossbow" and s["dual"] is False
    assert s["phase"] != "turn" or s["round"] != 5  # the turn went on to the Foe


# -- 2. Free Actions: a weapon into an empty hand ------------------------------------------

def test_free_actions_drawing_a_weapon_into_an_empty_hand_does_not_end_the_turn():
    """Free Actions: "If your Character (You) does not have a Weapon in your hand, you can
    draw a Weapon and put it in that hand as a Free Action": at the start (nothing in hand)
    and after a Disarm, taking up a weapon leaves the turn's one Action to take."""
    s = at_turn("warrior", "goblin_skirmisher", ["longsword", "handaxe"], 2)
    assert s["armed"] is None
    s = GAME.apply(s, {"type": "arm", "card": "longsword"})
    assert s["armed"] == "longsword" and s["phase"] == "turn" and s["turn"] == 0 and s["round"] == 2
    assert "play" in legal_types(s)
    s = GAME.apply(s, {"type": "arm", "card": "handaxe"})  # a weapon held: this is a Swap
    assert s["armed"] == "handaxe" and (s["phase"] != "turn" or s["round"] != 2)
    d = at_turn("warrior", "goblin_skirmisher", ["longsword", "handaxe"], 2)
    d["armed"] = "longsword"
    foeturn.disarmed(d, "The Hobgoblin")
    assert d["armed"] is None
    d = GAME.apply(d, {"type": "arm", "card": "handaxe"})
    assert d["armed"] == "handaxe" and d["phase"] == "turn" and d["turn"] == 0 and d["round"] == 2


# -- 3. Order of Play: the draw-over -------------------------------------------------------

def test_order_of_play_the_draw_over_only_when_the_hand_already_held_7():
    """Order of Play: "At the beginning of your Turn draw Card(s) until you have 7 Cards in
    your Hand. If you already have 7 Cards in your Hand, you may Draw 1 (one) Card": the
    draw-over is instead of the refill, for a hand that held 7 before the turn began; a
    hand the refill has just brought to 7 draws no more."""
    s = at_turn("warrior", "goblin_skirmisher", ["strength"] * 6, 2)
    s["phase"] = "foe"
    fight.start_player_turn(s, Rng(1))
    assert len(s["hand"]) == 7 and "draw_over" not in legal_types(s)
    s = at_turn("warrior", "goblin_skirmisher", ["strength"] * 7, 2)
    s["phase"] = "foe"
    fight.start_player_turn(s, Rng(1))
    assert len(s["hand"]) == 7 and "draw_over" in legal_types(s)


# -- 4. Re-Counter: the Attribute of the card originally played ----------------------------

def test_re_counter_escaping_with_agility_is_re_countered_with_agility_only(monkeypatch):
    """Re-Counter: "You may Re-Counter using an Attribute Card matching the Attribute on the
    Card you originally Played": an escape with Agility, countered by the Skeletal
    Warrior's Strength, is Re-Countered with Agility, never with Strength."""
    s = at_turn("warrior", "skeletal_warrior", ["agility", "agility", "strength"], 2)
    s["grapple"] = {"foe": 0, "holder": "foe"}
    Script(monkeypatch, ["^", "^"])  # the Skeletal Warrior's Strength ("^^") counters
    s = GAME.apply(s, {"type": "escape", "how": "agility"})
    assert s["phase"] == "grapple_counter"
    offered = [a for a in GAME.legal_actions(s) if a["type"] == "grapple_card"]
    assert offered == [{"type": "grapple_card", "card": "agility"}]
    before = repr(s)
    with pytest.raises(IllegalAction, match="Re-Counter"):
        GAME.apply(s, {"type": "grapple_card", "card": "strength"})
    assert repr(s) == before


# -- 5. Fatigue - Out of Cards! --------------------------------------------------------------

def test_fatigue_out_of_cards_the_reshuffle_and_fatigue_come_as_the_draw_deck_runs_out():
    """Fatigue - Out of Cards!: "when you are out of Cards in your Draw Deck you reshuffle
    your Discard Deck back into your Draw Deck, and then you take Fatigue": drawing the
    last card is running out; the reshuffle does not wait for a next draw."""
    s = at_turn("warrior", "goblin_skirmisher", ["strength"] * 6, 2)
    last = s["draw"].pop()
    s["discard"], s["draw"] = s["draw"], [last]
    s = GAME.apply(s, {"type": "pass"})  # the end of the turn draws the last card
    assert last in s["hand"]
    assert s["fatigue"] == 1 and hand_max(s) == 6
    assert s["draw"] and not [c for c in s["discard"] if c in s["draw"]]


def test_fatigue_out_of_cards_a_fight_won_on_the_last_card_then_a_rest_is_fatigue_2():
    """The same in an adventure: K1's fight is won on the draw that emptied the draw deck
    (the reshuffle and Fatigue 1 at once), and "Each Rest causes a Fatigue Loss just like
    cycling through a Deck does": the Rest after it is Fatigue 2, not 1."""
    from test_ads_adventure import G, end_fight, new
    from pocketdeck.systems.ads.deck import draw_one
    s = new()
    f = s["fight"]
    f["discard"], f["draw"] = f["draw"][1:], f["draw"][:1]
    draw_one(f, Rng(1))  # the last card of the draw deck; then the last Foe falls
    s = G.apply(end_fight(s), {"type": "loot", "to": "aside"})
    assert s["heroes"][0]["fatigue"] == 1
    s = G.apply(s, {"type": "rest"})
    assert s["heroes"][0]["fatigue"] == 2


# -- 6. Combat Conditions ~ Lighting: a Foe's Grapple strikes ------------------------------------

def test_combat_conditions_lighting_a_goblin_in_bright_sun_must_see_to_overwhelm(monkeypatch):
    """Lighting: "a Goblin under a sunlit sky ... must match Up/Down(s) in order to
    successfully Play any Card or Action/Reaction with a Distance": Grapple is "Melee
    Distance Only", so Overwhelm draws to see first; a miss and there is no Grapple."""
    s = at_turn("priest", "goblin_skirmisher", [], 2, light="bright", count=4)
    s["start_tick"] = -100
    monkeypatch.setattr(fight, "coin", declares("^"))
    Script(monkeypatch, ["v"])  # the sight draw at Melee misses
    s = _foe_turn(s, 0)
    assert any(d["who"] == "Goblin Skirmisher A" and d["why"].startswith("see at Melee") for d in s["draws"])
    assert "foe_grapple" not in s and s["phase"] == "foe"


def test_combat_conditions_lighting_a_goblin_in_bright_sun_must_see_to_strike_before_your_grapple():
    """The free strike "just before you Grapple with them" (a Melee weapon, or 1 Base
    Physical Damage) has a Distance: the hampered Goblin draws to see."""
    s = at_turn("priest", "goblin_skirmisher", [], 2, light="bright")
    s = GAME.apply(s, {"type": "grapple", "foe": 0, "how": "^"})
    assert any(d["who"] == "Goblin Skirmisher" and d["why"].startswith("see at Melee") for d in s["draws"])


def test_combat_conditions_lighting_a_goblin_in_bright_sun_must_see_to_strike_in_a_grapple():
    """"each Player or Foe in a Grapple can do 1 Base Physical Damage": at Melee, so the
    hampered Goblin holding you draws to see first."""
    s = at_turn("priest", "goblin_skirmisher", [], 2, light="bright")
    s["grapple"] = {"foe": 0, "holder": "foe"}
    s = _foe_turn(s, 0)
    assert any(d["who"] == "Goblin Skirmisher" and d["why"].startswith("see at Melee") for d in s["draws"])


# -- 7. Terminology: Reaction; Order of Play: the draw after a Reaction -----------------------

def test_terminology_reaction_the_free_strike_against_a_grapple_is_drawn_back_at_the_end_of_that_turn(monkeypatch):
    """Terminology: a Reaction is "an Action that You ... takes as a response to someone
    else taking an Action"; Order of Play: "if you Played a Reaction in response to an
    Opponent ... you may Draw Cards at the end of that Opponent's ... Turn to have 7": the
    weapon card played as the free strike when a Goblin grabs you is drawn back before the
    next Goblin's turn."""
    s = at_turn("warrior", "goblin_skirmisher", ["longsword", "chainmail"] + ["fortitude"] * 5, 2, count=2)
    s["order"], s["turn"], s["phase"] = ["player", "0", "1"], 1, "ward_off"
    s["foe_grapple"] = {"foe": 0, "how": "^"}
    s["foes"][0]["hp"] = 30  # it lives through the blow
    seen = []  # (which Foe, the hand it attacks) as each Foe's turn begins
    monkeypatch.setattr(flow, "foe_turn", lambda st, rng, i, _real=flow.foe_turn, **kw: (
        seen.append((i, len(st["hand"]))), _real(st, rng, i, **kw))[1])
    strike = next(a for a in GAME.legal_actions(s) if a["type"] == "play" and a["card"] == "longsword")
    s = GAME.apply(s, strike)
    while s["phase"] not in ("turn", "over") and not seen:
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    assert seen and seen[0] == (1, 7)


# -- 8. Death (Exhaustion): what the "?" says ----------------------------------------------------

def test_death_exhaustion_the_help_text_says_it_lasts_past_the_fight_in_an_adventure():
    """Death: "a single additional Level of Exhaustion, reducing their Hand by 1 Card";
    in an adventure it is carried to the fights after (a Rest does not lift it), so the
    "?" does not say "for the rest of the fight"."""
    from pocketdeck.systems.ads.adventure import hero as H
    from pocketdeck.ui.ads.prompt import explain
    text = explain({"type": "exhaust"}, "")
    assert "rest of the fight" not in text and "adventure" in text
    assert "exhaustion" in H.CARRIED


# -- 9. Spells: the Up/Down counter's "?" ---------------------------------------------------------

def test_spells_up_down_counter_the_help_text_says_how_many_and_half(monkeypatch):
    """Spells: "If multiple Up/Downs are required, the caster of the Spell declares which";
    the Cultist's Dark Bolt asks two, and a match halves the damage: the "?" says as many
    cards as the button shows and half the damage, not "Draw one card ... counters"."""
    from pocketdeck.ui.ads.prompt import explain
    text = explain({"type": "updown_counter"}, "")
    assert "Draw one card" not in text and "half" in text
    s = at_turn("warrior", "cultist", [], 4)
    s["order"], s["turn"] = ["player", "0"], 1
    row = fight.action_row(s["foes"][0], 4)
    bolt = next(o for o in row["outcomes"] if o["name"] == "Dark Bolt" and o.get("counter_updown") == 2)
    foeturn.foe_attack(s, Rng(3), 0, bolt)
    need = s["pending"]["updown"]
    Script(monkeypatch, list(need))
    hp = s["hp"]
    s = GAME.apply(s, {"type": "updown_counter"})
    assert len(s["draws"][-1]["drawn"]) == 2 and s["hp"] == hp - 2  # 4 halved


# -- the random players play every action type they are offered ------------------------------------

def test_the_random_players_play_every_action_type_they_are_offered():
    """`simulate` lists the action types offered in some game and never played
    (``unplayed``): a road no random player takes hides its crashes. 100 seeded fights and
    20 seeded adventures (every class, party, mode) leave none."""
    from pocketdeck.core.simulate import simulate
    import pocketdeck.systems.ads.adventure.game  # noqa: F401 (registers ads_adventure)
    for system, games in (("ads", 100), ("ads_adventure", 20)):
        out = simulate(system, games, seed=0)
        assert out["errors"] == 0, out["failures"]
        assert out["unplayed"] == [], f"{system}: offered, never played: {out['unplayed']}"
