"""ADS Two Dimensional play (systems/ads/grid.py): the room as squares under the One
Dimensional rules. Rules notes: docs/rules/ads.md "Two Dimensional play". Prefix: tg_."""

from __future__ import annotations

from typing import Any

import pytest

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.rng import Rng
from pocketdeck.core.simulate import simulate
from pocketdeck.systems.ads import actions, data, grid, party
from pocketdeck.systems.ads.adventure.game import check_grid
from pocketdeck.systems.ads.rules import new_fight
from pocketdeck.ui.check import render_check

import pocketdeck.ui.ads.adventure  # noqa: F401 (registers the table)

OPTS = {"mode": "line", "place": "indoors", "updown": "balanced", "start": "first", "light": "dim",
        "dual": False, "ranged_melee": False}


def fight(decks: tuple[str, ...] = ("warrior",), foes: tuple[str, ...] = ("cave_troll",),
          start: str = "thrown") -> dict[str, Any]:
    fights = [new_fight(OPTS, data.decks()[d], d, data.deck_instances(d), list(foes), start=start) for d in decks]
    state = fights[0]
    if len(fights) > 1:
        party.make(state, fights[1:])
    grid.setup(state, start)
    return state


def test_squares_per_distance():
    assert [grid.category(n) for n in range(1, 9)] == (["melee"] + ["thrown"] * 3 + ["ranged"] * 4)
    assert grid.apart([0, 0], [3, 1]) == 3  # diagonals count one, as a king moves


@pytest.mark.parametrize("start,gap", [("thrown", 3), ("ranged", 5), ("melee", 1)])
def test_the_room_start_distance_in_squares(start, gap):
    s = fight(foes=("goblin_skirmisher",) * 3, start=start)
    assert s["pos"] == [4, 8]
    assert all(grid.apart(s["pos"], f["at"]) >= gap for f in s["foes"])
    assert s["foes"][0]["at"] == [4, 8 - gap]
    assert {f["distance"] for f in s["foes"]} <= {start, grid.category(gap + 1), grid.category(gap + 2)}
    check_grid(s)


def test_a_party_enters_side_by_side_each_with_their_own_distances():
    s = fight(decks=("warrior", "mage", "rogue"), foes=("bandit",))
    squares = [party.seat(s, k)["pos"] for k in range(3)]
    assert squares == [[4, 8], [3, 8], [5, 8]]
    check_grid(s)


def test_a_move_walks_the_squares_and_changes_distances_to_others_too():
    s = fight(foes=("goblin_skirmisher", "goblin_skirmisher"), start="thrown")
    s["foes"][1]["at"] = [8, 8]  # beside you, far to the right
    grid.sync(s)
    assert s["foes"][1]["distance"] == "thrown"
    grid.move_me(s, 0, "melee")
    assert grid.apart(s["pos"], s["foes"][0]["at"]) == 1 and s["foes"][0]["distance"] == "melee"
    assert s["foes"][1]["distance"] == "thrown" and grid.apart(s["pos"], s["foes"][1]["at"]) > 1
    grid.move_me(s, 0, "thrown")
    assert s["foes"][0]["distance"] == "thrown"
    check_grid(s)


def test_a_foe_walks_around_anyone_in_the_way():
    s = fight(decks=("warrior", "mage"), foes=("cave_troll",), start="thrown")
    troll = s["foes"][0]
    troll["at"] = [4, 5]
    party.seat(s, 1)["pos"] = [4, 7]  # the mage stands between the troll and the warrior
    grid.sync(s)
    grid.move_foe(s, troll, "melee")
    assert grid.apart(troll["at"], s["pos"]) == 1 and troll["at"] != [4, 7]
    check_grid(s)


def test_the_move_action_in_two_dimensional_play():
    s = fight(foes=("cave_troll",), start="thrown")
    rng = Rng(1)
    while s["phase"] == "choose":
        actions.apply(s, actions.legal(s)[0], rng)
    actions.apply(s, {"type": "declare", "symbol": "^"}, rng)
    for _ in range(40):
        if s["phase"] == "turn" and {"type": "move", "foe": 0, "to": "melee"} in actions.legal(s):
            before = list(s["pos"])
            actions.apply(s, {"type": "move", "foe": 0, "to": "melee"}, rng)
            assert s["pos"] != before
            break
        legal = actions.legal(s)
        actions.apply(s, next((a for a in legal if a["type"] in ("pass", "take", "accept")), legal[0]), rng)
    else:
        raise AssertionError("never offered a Move to Melee")
    check_grid(s)


def test_a_grapple_pulls_the_foe_next_to_you():
    s = fight(foes=("bandit",), start="thrown")
    grid.pull(s, 0)
    assert grid.apart(s["pos"], s["foes"][0]["at"]) == 1 and s["foes"][0]["distance"] == "melee"


def test_the_check_finds_a_distance_the_squares_do_not_give():
    s = fight(foes=("bandit",), start="thrown")
    s["foes"][0]["distance"] = "melee"
    with pytest.raises(ValueError):
        check_grid(s)
    s = fight(foes=("bandit", "bandit"), start="thrown")
    s["foes"][1]["at"] = list(s["foes"][0]["at"])
    with pytest.raises(ValueError):
        check_grid(s)


def test_the_adventure_offers_two_dimensional_play():
    game = get_game("ads_adventure")
    state = game.new_game({"hero": ["warrior", "mage"], "mode": "grid"}, seed=2)
    f = state["fight"]
    assert f["mode"] == "line" and f["grid"]["size"] == grid.SIZE
    with pytest.raises(IllegalAction):
        game.new_game({"hero": "warrior", "mode": "hex"})
    from pocketdeck.ui.ads.adventure import options_from_form, setup, render
    assert 'value="grid"' in setup(None)
    assert options_from_form({"hero": "ready:warrior", "mode": "grid"}, type("A", (), {"library": {}})())["mode"] == "grid"
    html = render(game.view(state, "p0"), None)
    assert 'class="ads-grid"' in html and "by 9 squares" in html


def test_simulated_two_dimensional_adventures_drawn_on_every_step():
    game = get_game("ads_adventure")
    sim_options = game.sim_options
    try:
        game.sim_options = lambda rng: dict(sim_options(rng), mode="grid")  # type: ignore[method-assign]
        summary = simulate("ads_adventure", 6, 40, observers=[render_check])
    finally:
        game.sim_options = sim_options  # type: ignore[method-assign]
    assert summary["errors"] == 0, summary["failures"]
    assert summary["steps"] > 300
