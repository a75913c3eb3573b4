"""Combat Conditions ~ Distance (docs/rules/ads.md, prefix tm2_): the Map card's usable
Distances limit what can be played in its room, and the optional Penalty lets a card be
played anyway on a matching Up/Down draw. The fight reads them from ``state["map"]``; the
adventure sets it from the room."""

from __future__ import annotations

import pytest
from test_ads_engine import GAME, Script, at_turn, plays

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.systems.ads import fight

LONGSWORD = {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0}


def in_room(s, distances, penalty=False, updown="^"):
    s["map"] = {"distances": distances, "updown": updown, "penalty": penalty}
    return s


def test_a_card_without_the_map_cards_distance_cannot_be_played():
    """"If a Player's or Foe's Card does not have a Distance that matches the Distance of
    the Map or Room Card, it can't be Played": the melee Longsword in a Thrown/Ranged room."""
    s = in_room(at_turn("warrior", "goblin_skirmisher", ["longsword"], 3), ["thrown", "ranged"])
    assert plays(s, "longsword") == []
    with pytest.raises(IllegalAction):
        GAME.apply(s, LONGSWORD)
    assert plays(in_room(s, ["melee", "thrown"]), "longsword")  # a room that shows Melee
    assert plays(in_room(s, []), "longsword")  # no Distances marked: all are usable


def test_one_dimensional_play_needs_the_distance_used_on_the_map_card():
    s = at_turn("warrior", "goblin_skirmisher", ["longsword"], 3, mode="line")
    s["foes"][0]["distance"] = "melee"
    assert plays(in_room(s, ["melee"]), "longsword")
    assert not fight.room_fits(in_room(s, ["thrown"]), ["melee", "thrown"], "melee")
    assert fight.room_fits(in_room(s, ["thrown"]), ["melee", "thrown"], "thrown")


def test_penalty_a_matching_draw_plays_the_card(monkeypatch):
    """Penalty: "Play the Card normally, but also Draw a Card to match the Up/Down of the
    Map or Room Card. If it matches, then the Card's effects occur normally"."""
    s = in_room(at_turn("warrior", "goblin_skirmisher", ["longsword"], 3), ["ranged"], penalty=True, updown="v")
    assert plays(s, "longsword")
    Script(monkeypatch, ["v"])
    s = GAME.apply(s, LONGSWORD)
    assert any(d["why"].startswith("play off the Map") and d["ok"] for d in s["draws"])
    assert "cannot use that Distance" not in " ".join(s["log"])


def test_penalty_a_miss_fails_the_card_and_discards_it(monkeypatch):
    """"If the Up/Down does not match the Map/Room Card, then the Card being Played fails and
    it is discarded"."""
    s = in_room(at_turn("warrior", "goblin_skirmisher", ["longsword"], 3), ["ranged"], penalty=True, updown="v")
    hp = s["foes"][0]["hp"]
    Script(monkeypatch, ["^"])
    s = GAME.apply(s, LONGSWORD)
    assert s["foes"][0]["hp"] == hp and "cannot use that Distance" in " ".join(s["log"])
    assert any(c.startswith("longsword") for c in s["discard"])


def test_the_adventure_gives_each_fight_its_rooms_map_card():
    g = get_game("ads_adventure")
    s = g.new_game({"hero": "warrior", "map_penalty": True}, 1)
    assert s["fight"]["map"] == {"distances": [], "updown": "^", "penalty": True}  # K1: every Distance
    with pytest.raises(IllegalAction, match="Penalty"):
        g.new_game({"hero": "warrior", "map_penalty": 1}, 1)


def test_setup_offers_the_optional_penalty_and_refuses_anything_else():
    from pocketdeck.ui.ads.adventure import options_from_form, setup
    assert 'name="map_penalty"' in setup(None) and "map_penalty" in setup(None).split("data-fill=")[-1]
    assert options_from_form({"hero": "ready:mage", "map_penalty": "yes"}, None)["map_penalty"] is True
    assert options_from_form({"hero": "ready:mage", "map_penalty": "no"}, None)["map_penalty"] is False
    with pytest.raises(IllegalAction, match="Distance"):
        options_from_form({"hero": "ready:mage", "map_penalty": "maybe"}, None)


def test_combat_conditions_distance_a_card_the_map_card_bars_names_the_map_card():
    """A2 of docs/reviews/recent-rules-2026-12-07.md: in Simple play "Every Target ... [is]
    considered to be in all three Distances at the same time", so a melee card barred by the
    fight's Map card is barred by the Map card ("If a Player's or Foe's Card does not have a
    Distance that matches the Distance of the Map or Room Card, it can't be Played"), not by
    reach; the reason says so. In One Dimensional play, the same when the Foe is in the
    card's reach at a Distance the Map card lacks; out of its reach, the reach."""
    from pocketdeck.systems.ads import actions, turn
    s = in_room(at_turn("warrior", "goblin_skirmisher", ["longsword"], 3), ["ranged"])
    s["armed"] = None
    why = "The Map card allows only Ranged here (Combat Conditions ~ Distance): this card has Melee"
    assert turn.card_plays(s, "longsword") == ([], why)
    assert actions.hand_status(s, actions.legal(s))["longsword"]["why"] == why
    s = in_room(at_turn("warrior", "goblin_skirmisher", ["longsword"], 3, mode="line"), ["thrown", "ranged"])
    s["foes"][0]["distance"] = "melee"
    assert turn.card_plays(s, "longsword")[1] == ("The Map card allows only Thrown and Ranged here (Combat "
                                                  "Conditions ~ Distance), and the Foe in its reach is at Melee")
    s["foes"][0]["distance"] = "thrown"
    assert turn.card_plays(s, "longsword")[1] == "No Foe in its reach (Melee)"
