"""ADS: the differences A1 and A3 of docs/reviews/recent-rules-2026-12-07.md (the reading of
the issue-50 card play reasons), each pinned (prefix ty_ in docs/rules/ads.md; A2 is
tm2_combat_conditions_distance_a_card_the_map_card_bars_names_the_map_card). Each test
failed on the code before its fix."""

from __future__ import annotations

from test_ads_allies import give, party_fight
from test_ads_engine import GAME, at_turn

from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads import actions, party, sim, turn, view

WORD = {"type": "play", "card": "healing_word", "foe": -1, "boost": "", "extra": 0, "pay": 0}


def test_how_to_play_actions_a_healing_card_at_full_hit_points_is_offered_and_heals_nothing():
    """How to Play (Actions): "On your Turn, do ONE of the following Actions: ... Play a
    Normal Action Card"; no section limits a healing card to a hurt character, and a card
    played lets you draw at the end of your Turn (Order of Play). At full Hit Points the
    Healing Word and the Healing Potion are offered; the button and the log say in plain
    words that they heal nothing."""
    s = at_turn("priest", "goblin_skirmisher", ["healing_word", "healing_potion", "piety"], 4)
    assert s["hp"] == s["max_hp"] and not s["disease"]
    legal = actions.legal(s)
    assert WORD in legal
    assert any(a["type"] == "play" and a["card"] == "healing_potion" and a["foe"] == -1 for a in legal)
    status = actions.hand_status(s, legal)
    assert status["healing_word"] == {"use": "play", "why": ""} == status["healing_potion"]
    assert view.label(s, WORD)[0] == "Healing Word (heals nothing: you are at full Hit Points)"
    after = GAME.apply(s, WORD)
    assert after["hp"] == after["max_hp"]
    assert "Healing Word heals nothing: you are at full Hit Points (14 HP)." in after["log"]
    assert any(c.startswith("healing_word") for c in after["discard"])


def test_how_to_play_actions_a_heal_at_full_hit_points_goes_to_yourself_not_a_full_ally():
    """Allies are offered a heal only when it does something for them (hurt, or a Priest's
    heal on a Disease: `allies.heal_targets`); at full Hit Points the priest is offered the
    heal on himself, which heals 0, and none on the unhurt warrior."""
    s = party_fight()
    party.enter(s, 1)
    s["party"]["shown"] = 1
    give(s, 1, "healing_word")
    heals = [a for a in actions.legal(s) if a["type"] == "play" and a["card"] == "healing_word"]
    assert heals == [WORD]
    party.seat(s, 0)["hp"] -= 3
    assert dict(WORD, ally=0) in actions.legal(s)


def test_how_to_play_actions_the_random_player_does_not_prefer_a_heal_that_heals_nothing():
    """The app playing for a player (`sim.choose`) rates a heal at full Hit Points below a Pass
    (and below keeping a Recalled card): the heal is worth more kept for later; hurt below
    half, the heal comes first."""
    s = at_turn("priest", "goblin_skirmisher", ["healing_word", "mace", "piety"], 4)
    legal = actions.legal(s)
    useless = sim.score(s, WORD)
    assert useless < sim.score(s, {"type": "pass"})
    assert useless < sim.score(dict(s, pending={"kind": "recalled", "card": "healing_word"}), {"type": "keep"})
    assert all(sim.score(s, a) > useless for a in legal if a != WORD and a["type"] != "flee")
    rng = Rng(5)
    picks = [sim.choose(s, legal, rng) for _ in range(300)]
    assert picks.count(WORD) < 300 / 5 / len(legal) * 2       # only from the random fifth
    s["hp"] = 5
    assert sim.score(s, WORD) > max(sim.score(s, a) for a in legal if a != WORD)


def test_grapple_an_attribute_cards_reason_names_the_grapples_limit_not_never_an_action():
    """Grapple: "As a Normal Action you can attempt to Grapple" by "Play a Strength Card",
    "(Melee Distance Only)"; the Grappled "can attempt to escape a Grapple by ... Playing an
    Agility or Strength Card". One Dimensional play, the Foe at Thrown: the Strength card's
    reason is the Grapple's Melee Distance, Agility's that no Foe holds you; Intellect is
    never an Action on its own. At Melee the Strength card is the Grapple; held by a Foe,
    Strength and Agility are the escape."""
    s = at_turn("rogue", "goblin_skirmisher", ["strength", "agility", "intellect"], 3, mode="line")
    s["foes"][0]["distance"] = "thrown"
    why = {b: r["why"] for b, r in actions.hand_status(s, actions.legal(s)).items()}
    assert why["strength"] == ("An Attribute card: a Boost (+1 to a Strength card), a Counter or a cost; as an "
                               "Action it starts a Grapple, at Melee Distance only (Grapple): no Foe at Melee")
    assert why["agility"] == ("An Attribute card: a Boost (+1 to an Agility card), a Counter or a cost; as an "
                              "Action it only escapes a Foe's Grapple (Grapple), and no Foe holds you")
    assert why["intellect"].endswith("never an Action on its own")
    s["foes"][0]["distance"] = "melee"
    assert actions.hand_status(s, actions.legal(s))["strength"]["use"] == "play"
    s["grapple"] = {"foe": 0}                      # you hold it: Strength keeps the hold
    assert "you hold a Foe in one already" in turn.card_plays(s, "strength")[1]
    s["grapple"] = {"foe": 0, "holder": "foe"}     # it holds you: either card escapes
    status = actions.hand_status(s, actions.legal(s))
    assert status["strength"]["use"] == status["agility"]["use"] == "play"


def test_foe_traits_disease_a_cure_at_full_hit_points_says_it_cures_not_heals_nothing():
    """Foe Card traits, DISEASE: "The Disease can be Countered at any point by using a Healing
    Potion, being Healed by a Priest, or taking a Rest". A diseased character at full Hit
    Points playing the Healing Potion or a Priest's Healing Word is cured: the button and the
    log say the play cures the Disease and heals no Hit Points, never "heals nothing"
    (review new-rules-2026-12-07 A1)."""
    s = at_turn("priest", "goblin_skirmisher", ["healing_word", "healing_potion", "piety"], 4)
    s["disease"] = {"from": "Goblin", "damage": 1, "left": 3}
    assert s["hp"] == s["max_hp"]
    potion = next(a for a in actions.legal(s) if a["type"] == "play" and a["card"] == "healing_potion")
    for a, name in ((WORD, "Healing Word"), (potion, "Healing Potion")):
        assert view.label(s, a)[0] == f"{name} (cures your Disease; no Hit Points to heal)"
        after = GAME.apply(s, a)
        assert after["disease"] is None and after["hp"] == after["max_hp"]
        assert f"{name} cures your Disease; no Hit Points to heal (14 HP)." in after["log"]
        assert not any("heals nothing" in line for line in after["log"])
