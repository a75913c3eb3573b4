"""The game protocol on the Deck table: new/legal/apply/view, illegal actions, saves,
share links, replay and the random playthrough harness."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pocketdeck.core.game import IllegalAction, get_game, replay, systems
from pocketdeck.core.saves import SaveError, Session, from_json, from_link, to_json, to_link
from pocketdeck.core.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
DECK = get_game("deck")


def test_deck_is_registered():
    assert "deck" in systems()


def test_new_game_is_seeded():
    a, b = DECK.new_game({}, 5), DECK.new_game({}, 5)
    assert a == b and a != DECK.new_game({}, 6)
    assert len(a["piles"]["draw"]) == 52
    assert len(DECK.new_game({"deck": "standard54"}, 5)["piles"]["draw"]) == 54


def test_bad_options_are_refused():
    with pytest.raises(IllegalAction, match="unknown deck"):
        DECK.new_game({"deck": "tarot"}, 1)
    with pytest.raises(IllegalAction, match="unknown option"):
        DECK.new_game({"colour": "red"}, 1)


def test_apply_returns_new_state_and_leaves_old_alone():
    s0 = DECK.new_game({}, 1)
    frozen = copy.deepcopy(s0)
    s1 = DECK.apply(s0, {"type": "draw"})
    assert s0 == frozen
    assert len(s1["piles"]["hand"]) == 1 and s1["piles"]["hand"][0] == s0["piles"]["draw"][-1]


def _containers(value, seen):
    """The ids of every dict and list in ``value`` (counted: one seen twice is aliased)."""
    if isinstance(value, (dict, list)):
        seen.append(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, seen)
    return seen


@pytest.mark.parametrize("system", sorted(systems()))
def test_apply_copies_the_state_whole_and_shares_nothing(system):
    """Game.apply copies the state before the rules change it (core/game.py: a marshal round
    trip, format 2): the copy equals a JSON round trip of the old state exactly, and no dict
    or list is shared with the old state or held twice in the new one."""
    game = get_game(system)
    state = game.new_game(seed=5)
    old = json.loads(json.dumps(state))
    legal = game.legal_actions(state)
    new = game.apply(state, legal[0])
    assert state == old  # the old state untouched
    ids_old, ids_new = _containers(state, []), _containers(new, [])
    assert len(set(ids_new)) == len(ids_new)
    assert not set(ids_old) & set(ids_new)
    assert json.loads(json.dumps(new)) == new


def test_a_list_held_twice_is_two_lists_after_apply():
    """A state is a tree by contract; were one list held twice, the copy still holds two
    (marshal format 2 writes no shared references; format 3 and later would keep one list,
    and a change to it would show in both places, unlike after a save and a load)."""
    game = get_game("deck")
    state = game.new_game(seed=5)
    shared: list = [1]
    state["extra_a"] = state["extra_b"] = shared
    new = game.apply(state, game.legal_actions(state)[0])
    assert new["extra_a"] == new["extra_b"] == [1] and new["extra_a"] is not new["extra_b"]


@pytest.mark.parametrize("action,reason", [
    ({"type": "discard", "card": "AS"}, "not in your hand"),
    ({"type": "reshuffle"}, "discard pile is empty"),
    ({"type": "fly"}, "not possible now"),
    ({"card": "AS"}, "must be a mapping with a 'type'"),
    ("draw", "must be a mapping"),
])
def test_illegal_actions_raise_with_a_reason_and_change_nothing(action, reason):
    s = DECK.new_game({}, 1)
    frozen = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction, match=reason):
        DECK.apply(s, action)
    assert json.dumps(s, sort_keys=True) == frozen


def test_draw_from_empty_pile_is_refused():
    s = DECK.new_game({"reshuffle_limit": None}, 1)
    for _ in range(52):
        s = DECK.apply(s, {"type": "draw"})
    with pytest.raises(IllegalAction, match="draw pile is empty"):
        DECK.apply(s, {"type": "draw"})


def test_view_hides_the_order_of_the_draw_pile():
    s = DECK.new_game({}, 1)
    other = copy.deepcopy(s)
    other["piles"]["draw"].reverse()
    assert DECK.view(s, "player") == DECK.view(other, "player")
    assert "rng" not in json.dumps(DECK.view(s, "player"))


def test_session_undo_replays_to_the_same_cards():
    sess = Session.start("deck", {}, seed=11)
    sess.play({"type": "draw"})
    first = list(sess.state["piles"]["hand"])
    sess.play({"type": "gather"})
    sess.play({"type": "draw"})
    sess.undo()
    sess.undo()
    assert sess.state["piles"]["hand"] == first
    sess.play({"type": "gather"})
    sess.play({"type": "draw"})
    again = sess.state["piles"]["hand"]
    sess2 = Session.start("deck", {}, seed=11)
    for a in sess.actions:
        sess2.play(a)
    assert sess2.state == sess.state and again == sess2.state["piles"]["hand"]


def test_undo_with_nothing_to_undo():
    with pytest.raises(IllegalAction, match="nothing to undo"):
        Session.start("deck", {}, 1).undo()


def test_save_round_trip():
    sess = Session.start("deck", {"deck": "standard54"}, seed=3)
    for a in ({"type": "draw"}, {"type": "draw"}, {"type": "discard_hand"}, {"type": "reshuffle"}):
        sess.play(a)
    loaded = from_json(to_json(sess))
    assert loaded.state == sess.state and loaded.actions == sess.actions


@pytest.mark.parametrize("mutate,message", [
    (lambda d: "{not json", "not readable JSON"),
    (lambda d: json.dumps({**d, "format": "other"}), "not a Pocketdeck saved game"),
    (lambda d: json.dumps({**d, "version": 99}), "format 99"),
    (lambda d: json.dumps({**d, "system": "chess"}), "unknown game system"),
    (lambda d: json.dumps({**d, "actions": [{"type": "discard", "card": "AS"}] * 3}), "cannot be replayed"),
    (lambda d: json.dumps({**d, "seed": "x"}), "malformed"),
    (lambda d: json.dumps({**d, "state": {**d["state"], "reshuffles": 9}}), "does not match"),
    (lambda d: "[]" * 2_000_000, "limit"),
])
def test_corrupt_saves_are_refused_with_a_reason(mutate, message):
    sess = Session.start("deck", {}, seed=3)
    sess.play({"type": "draw"})
    data = json.loads(to_json(sess))
    with pytest.raises(SaveError, match=message):
        from_json(mutate(data))


def test_share_link_round_trip_and_hostile_links():
    sess = Session.start("deck", {}, seed=99)
    sess.play({"type": "draw"})
    link = to_link(sess)
    assert all(c.isalnum() or c in "-_" for c in link)
    assert from_link(link).state == sess.state
    for bad in ["", "%%%", "AAAA", link[:-5], "eJzLSM3JyVcozy_KSQEAGgQEXQ"]:
        with pytest.raises(SaveError):
            from_link(bad)
    import base64, zlib
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" * 5_000_000)).decode()
    with pytest.raises(SaveError, match="more than"):
        from_link(bomb)


def test_replay_names_the_bad_step():
    with pytest.raises(IllegalAction, match="step 2"):
        replay("deck", {}, 1, [{"type": "draw"}, {"type": "discard", "card": "XX"}])


def test_random_playthroughs_in_process():
    summary = simulate("deck", games=60, seed=1000)
    assert summary["errors"] == 0, summary["failures"]
    assert summary["outcomes"] == {"over": 60} and summary["steps"] > 60 * 52


def test_simulate_counts_a_game_stopped_at_the_step_cap_as_unfinished():
    """A game still running at the step cap is reported as 'unfinished' with the same
    figures as a finished one (steps, digest, the system's own stats) and replays to the
    same state; it used to crash the summary (KeyError 'stats', seen on
    `simulate ads_build --games 100`)."""
    for system in ("deck", "deckbuilder"):
        summary = simulate(system, games=3, seed=5, step_cap=4)
        assert summary["errors"] == 0, summary["failures"]
        assert summary["outcomes"] == {"unfinished": 3} and summary["steps"] == 3 * 4
    from pocketdeck.core.simulate import play_one
    result = play_one(get_game("deckbuilder"), 5, step_cap=4)
    assert result["outcome"] == "unfinished" and result["steps"] == 4
    assert isinstance(result["stats"], list) and len(result["digest"]) == 16


def test_simulate_command_1000_games():
    """The issue's bar: `python -m pocketdeck simulate deck --games 1000` with zero errors
    (engine checks on every step; --no-render keeps this one fast)."""
    out = subprocess.run([sys.executable, "-m", "pocketdeck", "simulate", "deck", "--games", "1000",
                          "--no-render"],
                         cwd=ROOT, capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "engine")})
    summary = json.loads(out.stdout)
    assert out.returncode == 0 and summary["errors"] == 0 and summary["games"] == 1000


def test_simulate_renders_every_step_of_deck_games():
    """The command line draws every seat's view and the whole screen on every step by
    default: 150 games (about 24,000 steps), zero errors."""
    out = subprocess.run([sys.executable, "-m", "pocketdeck", "simulate", "deck", "--games", "150"],
                         cwd=ROOT, capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "engine")})
    summary = json.loads(out.stdout)
    assert out.returncode == 0 and summary["errors"] == 0 and summary["steps"] > 20_000


def test_render_check_catches_a_screen_that_breaks():
    """The screen check is not a rubber stamp: a table that raises on some state is
    reported by the harness as an error, with the step's exception."""
    from pocketdeck.core.simulate import simulate
    from pocketdeck.ui.deck import table as deck_ui
    from pocketdeck.ui.check import render_check
    from pocketdeck.ui.tables import TABLES, Table

    original = TABLES["deck"]

    def fragile(view, session):
        if len(view["hand"]) == 3:
            raise KeyError("hand")
        return deck_ui.render(view, session)

    TABLES["deck"] = Table(**{**original.__dict__, "render": fragile})
    try:
        summary = simulate("deck", 3, observers=[render_check])
    finally:
        TABLES["deck"] = original
    assert summary["errors"] == 3 and "KeyError" in summary["failures"][0]["error"]
    assert simulate("deck", 3, observers=[render_check])["errors"] == 0


def test_harness_checks_every_seat_view_is_json_safe():
    """A view that would not survive the trip to JSON (a tuple, a set) is a fault."""
    from pocketdeck.core.simulate import play_one
    from pocketdeck.systems.deck.rules import DeckGame

    class Tuply(DeckGame):
        name = "tuply"

        def view(self, state, seat="player"):
            v = super().view(state, seat)
            v["hand"] = tuple(v["hand"])
            return v

    with pytest.raises(AssertionError, match="JSON-safe"):
        play_one(Tuply(), 1)


def test_harness_catches_a_broken_system():
    """The harness is not a rubber stamp: a system that loses a card is reported."""
    from pocketdeck.core.simulate import play_one
    from pocketdeck.systems.deck.rules import DeckGame

    class Leaky(DeckGame):
        name = "leaky"

        def _apply(self, state, action, rng):
            super()._apply(state, action, rng)
            if action["type"] == "draw" and state["piles"]["draw"]:
                state["piles"]["draw"].pop()

    with pytest.raises(AssertionError, match="cards in play"):
        play_one(Leaky(), 1)


def test_view_shows_what_is_left_but_not_its_order_and_exact_odds():
    s = DECK.new_game({}, 4)
    for _ in range(10):
        s = DECK.apply(s, {"type": "draw"})
    v = DECK.view(s, "player")
    assert sorted(v["left"]) == sorted(s["piles"]["draw"]) and len(v["left"]) == 42
    assert v["left"] != s["piles"]["draw"]  # new-deck order, not the order of the pile
    reds = sum(1 for c in s["piles"]["draw"] if c[-1] in "HD")
    from pocketdeck.core.odds import as_percent
    from fractions import Fraction
    assert dict(v["odds"])["red"] == as_percent(Fraction(reds, 42))


@pytest.mark.parametrize("action, legal", [
    ({"type": "a", "x": 2}, True),
    ({"x": 2, "type": "a"}, True),          # key order does not matter
    ({"type": "a", "x": 2.0}, False),       # 2.0 == 2 in Python, but not a legal value
    ({"type": "a", "x": True}, False),      # True == 1 in Python
    ({"type": "a", "x": "2"}, False),
    ({"type": "a", "x": [2]}, False),
    ({"type": "a", "x": 2, "y": None}, False),
    ({"type": "b", "list": [1, "S"]}, True),
    ({"type": "b", "list": [1.0, "S"]}, False),
    ({"type": "a", "x": float("nan")}, False),
    ({"type": "a", "x": object()}, False),
])
def test_legal_means_equal_with_types(action, legal):
    """Truth table of core.game.is_legal: equality with types, at every depth."""
    from pocketdeck.core.game import is_legal
    assert is_legal(action, [{"type": "a", "x": 2}, {"type": "b", "list": [1, "S"]}]) is legal
