"""Areas and cover (systems/ads/area.py): cards that affect a whole area in Two, One
Dimensional and Simple play, and the Map card's cover in Two Dimensional play with cover.
Rules: docs/rules/ads.md "Two Dimensional play" (tests ``tr_``)."""

from __future__ import annotations

from typing import Any

import pytest

from pocketdeck.core.game import get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads import actions, area, data, fight, grid, party, turn
from pocketdeck.systems.ads.adventure.content import rooms
from pocketdeck.systems.ads.build import validate
from pocketdeck.systems.ads.build.variants import ready_made, with_change

from test_ads_allies import party_fight, play, script

import pocketdeck.systems.ads.adventure.game  # noqa: F401 (registers ads_adventure)


def at(state: dict[str, Any], who: int | str, x: int, y: int) -> None:
    """Put a Foe (index) or a character ("p0"...) on a square, then derive the Distances."""
    if isinstance(who, int):
        state["foes"][who]["at"] = [x, y]
    else:
        party.seat(state, int(who[1:]))["pos"] = [x, y]
    grid.sync(state)


def mage_party(mode: str = "grid", foes: tuple[str, ...] = ("bandit", "bandit", "bandit")) -> dict[str, Any]:
    """The mage (seat 0) plays, holding a Cinder Burst; the warrior (seat 1) is beside the Foes."""
    s = party_fight(("mage", "warrior"), foes=foes, mode=mode)
    s["hand"].append("cinder_burst.1")
    return s


BURST = {"type": "play", "card": "cinder_burst", "foe": 0, "boost": "", "extra": 0, "pay": 0}


def test_an_area_spell_in_two_dimensional_play_hits_everyone_within_its_squares(monkeypatch):
    s, rng = mage_party(), Rng(3)
    at(s, "p0", 4, 8)
    at(s, 0, 4, 4)
    at(s, 1, 5, 3)  # 1 square from the target: inside
    at(s, 2, 1, 1)  # far: outside
    at(s, "p1", 3, 5)  # 1 square from the target: inside (Cinder Burst hits allies)
    hp = party.seat(s, 1)["hp"]
    script(monkeypatch, "^", "^", "^^", "^", "^", "^^")  # the Foes' draws: no counter, no reaction
    play(s, BURST, rng)
    log = " ".join(s["log"])
    assert "covers an area: Bandit Cutthroat B, Brakka the Warrior inside too" in log
    assert "In the area: Cinder Burst for 2 at Bandit Cutthroat B" in log  # R/2+1 on Round 3
    assert "Bandit Cutthroat C" not in log
    assert party.seat(s, 1)["hp"] == hp - 2


def test_an_area_round_yourself_hits_every_foe_next_to_you_never_an_ally():
    s = party_fight(("warrior", "mage"), foes=("bandit", "bandit", "bandit"), mode="grid")
    s["hand"].append("sweeping_blow.1")
    at(s, "p0", 4, 8)
    at(s, 0, 4, 7)
    at(s, 1, 5, 7)
    at(s, 2, 4, 4)
    at(s, "p1", 3, 8)
    foes, mates = area.inside(s, data.card("sweeping_blow"), 0)
    assert (foes, mates) == ([1], [])


def test_one_dimensional_areas_by_distance_and_simple_play_hits_the_target_only():
    s = mage_party(mode="line")
    for i, d in enumerate(("thrown", "thrown", "ranged")):
        s["foes"][i]["distance"] = d
    party.seat(s, 1)["foe_pos"][0]["distance"] = "melee"
    assert area.inside(s, data.card("cinder_burst"), 0) == ([1], [1])
    party.seat(s, 1)["foe_pos"][0]["distance"] = "thrown"
    assert area.inside(s, data.card("cinder_burst"), 0) == ([1], [])
    s["foes"][0]["distance"] = s["foes"][2]["distance"] = "melee"
    assert area.inside(s, data.card("sweeping_blow"), 0) == ([2], [])
    simple = mage_party(mode="simple")
    assert area.inside(simple, data.card("cinder_burst"), 0) == ([], [])


def test_the_area_cards_are_in_the_builder_not_in_the_ready_made_decks():
    for deck_id in data.decks():
        assert not any(data.card(c).get("area") for c, _ in ready_made(deck_id)["cards"])
    mage = ready_made("mage")
    assert validate(with_change(with_change(mage, "fire_burst", -1), "cinder_burst", 1)) == []
    broken = validate(with_change(with_change(mage, "frost_shard", -1), "sweeping_blow", 1))
    assert broken and "warrior" in str(broken[0]).lower()


def test_the_content_check_names_a_bad_area():
    bad = {"card": [dict(data.card("cinder_burst"), area="cone", area_squares=9)]}
    found = data._check_cards(bad)
    assert any("area must be 'target'" in f for f in found) and any("area_squares" in f for f in found)


# -- cover ---------------------------------------------------------------------------------

def covered(cover: list[list[int]]) -> dict[str, Any]:
    s = party_fight(("warrior",), foes=("bandit",), mode="line")
    grid.setup(s, "thrown", cover)
    s["map"] = {"distances": [], "updown": "v", "penalty": False}
    at(s, "p0", 4, 8)
    at(s, 0, 4, 5)
    return s


def test_cover_squares_block_movement():
    s = covered([[4, 7], [3, 7], [5, 7]])
    assert [4, 7] in grid.taken(s)
    grid.move_foe(s, s["foes"][0], "melee")
    assert s["foes"][0]["at"] not in ([4, 7], [3, 7], [5, 7])


def test_a_thrown_attack_past_cover_must_match_the_map_cards_up_down(monkeypatch):
    s = covered([[4, 6]])
    assert area.blocked(s, [4, 8], [4, 5])
    script(monkeypatch, "^")  # the Map card's Up/Down is Down: no match
    assert not fight.sight_check(s, Rng(1), None, ["thrown"], "thrown", "You", target=s["foes"][0])
    assert "shot is spent against the cover" in s["log"][-1]
    script(monkeypatch, "v")
    assert fight.sight_check(s, Rng(1), None, ["thrown"], "thrown", "You", target=s["foes"][0])
    script(monkeypatch, "^")  # a Foe's shot past the same cover at the character
    assert not fight.sight_check(s, Rng(1), s["foes"][0], ["thrown"], "thrown", "Bandit")


def test_no_cover_check_at_melee_or_with_a_clear_line():
    s = covered([[0, 0]])
    assert not area.blocked(s, [4, 8], [4, 5])
    assert fight.sight_check(s, Rng(1), None, ["thrown"], "thrown", "You", target=s["foes"][0])
    assert area.line([4, 8], [4, 7]) == []


def test_the_adventure_plays_cover_only_when_chosen():
    game = get_game("ads_adventure")
    f = game.new_game({"hero": ["warrior", "mage"], "mode": "cover"}, seed=2)["fight"]
    assert f["grid"]["cover"] == rooms()["K1"]["cover"]
    f = game.new_game({"hero": ["warrior", "mage"], "mode": "grid"}, seed=2)["fight"]
    assert "cover" not in f["grid"]  # Two Dimensional play as before: old saves replay unchanged
    from pocketdeck.ui.ads.adventure import options_from_form, setup
    assert 'value="cover"' in setup(None)
    assert options_from_form({"hero": "ready:warrior", "mode": "cover"}, None)["mode"] == "cover"


@pytest.mark.parametrize("rid", sorted(rooms()))
def test_every_map_cards_cover_is_in_the_room_and_off_the_starting_squares(rid):
    cover = rooms()[rid]["cover"]
    assert cover, "every Map card marks some cover"
    starts = {(x, grid.SIZE - 1) for x in grid.COLUMNS}
    starts |= {(x, grid.SIZE - 1 - gap) for x in grid.COLUMNS for gap in grid.START_GAP.values()}
    for x, y in cover:
        assert 0 <= x < grid.SIZE and 0 <= y < grid.SIZE and (x, y) not in starts


def test_the_room_draws_its_cover_with_words_for_screen_readers():
    game = get_game("ads_adventure")
    state = game.new_game({"hero": ["warrior", "mage"], "mode": "cover"}, seed=2)
    from pocketdeck.ui.ads.adventure import render
    html = render(game.view(state, "p0"), None)
    assert html.count('<rect class="cover"') == len(rooms()["K1"]["cover"])
    assert "cover at column 4, row 7" in html and "Crossed squares are cover" in html


def test_simulated_adventures_with_cover_are_drawn_and_checked_on_every_step():
    from pocketdeck.core.simulate import simulate
    from pocketdeck.ui.check import render_check
    game = get_game("ads_adventure")
    sim_options = game.sim_options
    try:
        game.sim_options = lambda rng: dict(sim_options(rng), mode="cover")  # type: ignore[method-assign]
        summary = simulate("ads_adventure", 3, 60, observers=[render_check])
    finally:
        game.sim_options = sim_options  # type: ignore[method-assign]
    assert summary["errors"] == 0


def test_play_refuses_an_area_card_in_a_grapple():
    s = party_fight(("warrior",), foes=("bandit",), mode="line")
    s["hand"].append("sweeping_blow.1")
    s["foes"][0]["distance"] = "melee"
    assert any(a.get("card") == "sweeping_blow" for a in actions.legal(s))
    s["grapple"] = {"foe": 0}
    assert not any(a.get("card") == "sweeping_blow" for a in turn.turn_actions(s))


def test_the_random_player_reaches_every_new_rule():
    """`simulate ads` plays the party's new actions, the area cards and the cover."""
    from collections import Counter
    from pocketdeck.core.simulate import play_one
    game, seen = get_game("ads_adventure"), Counter()

    def watch(game: Any, state: dict[str, Any], done: list[dict[str, Any]]) -> None:
        if not done or not state.get("fight"):
            return
        a, f = done[-1], state["fight"]
        seen[a["type"] + ("+ally" if "ally" in a else "")] += 1
        if a.get("card") in ("cinder_burst", "sweeping_blow") and any("covers an area" in x for x in f["log"][-30:]):
            seen["area"] += 1
        if f["draws"] and f["draws"][-1]["why"] == "shoot past cover":
            seen["cover"] += 1
    for seed in range(100, 124):
        play_one(game, seed, observers=[watch])
    for kind in ("aid", "into", "play+ally", "base+ally", "area", "cover"):  # declining: tl_declining_passes_...
        assert seen[kind], kind
