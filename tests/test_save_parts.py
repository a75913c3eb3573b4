"""save_text writes a save from parts (each action's JSON once, issue 18): the text must be
exactly ``to_json`` of the session whatever happened to it (plays, undos, a refused tap
put back, checkpoints, a history replaced), and every limit must still be refused with the
same message as the whole-save check."""

from __future__ import annotations

import json

import pytest

from pocketdeck.core.limits import MAX_DEPTH, MAX_TEXT
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import SaveError, Session, _checked_text, from_json, save_text, to_json


def play(session: Session, steps: int, seed: int = 5) -> None:
    game, rng = session.game, Rng(seed)
    choose = getattr(game, "sim_choose", None)
    for step in range(steps):
        legal = game.legal_actions(session.state)
        if not legal:
            return
        session.play(choose(session.state, legal, rng) if choose else legal[step % len(legal)])


@pytest.mark.parametrize("system", ["deck", "p52", "ads", "dofa", "deckbuilder"])
def test_the_save_is_to_json_after_plays_undos_and_a_refused_tap(system):
    s = Session.start(system, None, seed=11)
    assert save_text(s) == to_json(s)
    for _ in range(6):
        play(s, 3)
        assert save_text(s) == to_json(s)
        if s.actions:
            s.undo()
            assert save_text(s) == to_json(s)
    before = (s.actions, s.state)
    play(s, 1)
    s.actions, s.state = before  # a tap refused after its save was tried (App._handle)
    assert save_text(s) == to_json(s)
    assert from_json(save_text(s)).state == s.state


def test_the_save_is_to_json_across_checkpoints_and_a_new_history():
    s = Session.start("deck", None, seed=2)
    play(s, 40)
    assert save_text(s) == to_json(s)
    s.fold(keep=10)  # a base now, and the actions list starts elsewhere
    assert s.base is not None and save_text(s) == to_json(s)
    play(s, 5)
    assert save_text(s) == to_json(s)
    s.fold(keep=3)  # a new base object
    assert save_text(s) == to_json(s)
    other = Session.start("deck", None, seed=2)
    play(other, 20)
    s.actions, s.state, s.base = list(other.actions), other.state, None  # another history
    assert save_text(s) == to_json(s)
    assert json.loads(save_text(s))["actions"] == other.actions


def refusal(session: Session) -> str:
    with pytest.raises(SaveError) as err:
        save_text(session)
    with pytest.raises(SaveError) as whole:
        _checked_text(session)
    assert str(err.value) == str(whole.value)
    return str(err.value)


def test_limits_are_refused_as_before():
    s = Session.start("deck", None, seed=4)
    play(s, 3)
    save_text(s)  # the first actions are written and checked now
    s.actions = s.actions + [{"type": "x" * (MAX_TEXT + 1)}]
    assert "text of" in refusal(s)
    s.actions = s.actions[:-1]
    assert save_text(s) == to_json(s)
    deep: object = 1
    for _ in range(MAX_DEPTH):
        deep = [deep]
    s.actions = s.actions + [{"type": "draw", "x": deep}]
    assert "deeper" in refusal(s) or "nest" in refusal(s)
    s.actions = s.actions[:-1]
    s.state = dict(s.state, note=deep)  # the state is checked by the bracket scan
    assert "nest too deep" in refusal(s)
