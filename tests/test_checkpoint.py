"""A long game never stops (core/saves.py, "checkpointed"): past MAX_ACTIONS the older half
of the history folds into a base state, the player's own save keeps base + recent actions,
a share link refuses such a game, and a damaged or foreign checkpoint is refused."""

from __future__ import annotations

import json

import pytest

from pocketdeck.core import saves
from pocketdeck.core.game import IllegalAction, replay
from pocketdeck.core.limits import MAX_ACTIONS
from pocketdeck.core.saves import SaveError, Session, from_json, from_link, save_text, to_link
from pocketdeck.ui.app import App


def long_deck(n: int, seed: int = 5) -> tuple[Session, list[dict]]:
    """A Deck evening of ``n`` actions: draw the deck out, gather, shuffle, again."""
    s = Session.start("deck", {}, seed=seed)
    done: list[dict] = []
    while len(done) < n:
        legal = s.game.legal_actions(s.state)
        kinds = {a["type"]: a for a in legal}
        action = kinds.get("draw") or kinds.get("gather") or kinds.get("reshuffle") or legal[0]
        s.play(action)
        done.append(action)
    return s, done


@pytest.fixture
def small_cap(monkeypatch):
    monkeypatch.setattr(saves, "MAX_ACTIONS", 10)
    monkeypatch.setattr(saves, "KEEP_ON_FOLD", 5)


def test_a_real_deck_evening_goes_past_the_cap_and_saves_and_loads():
    s, done = long_deck(MAX_ACTIONS + 7)
    assert s.base is not None and len(s.actions) == MAX_ACTIONS // 2 + 7
    # the same game as the whole history replayed from the seed
    assert s.state == replay("deck", s.options, s.seed, done)
    back = from_json(save_text(s))
    assert back.state == s.state and back.base == s.base and back.actions == s.actions
    back.play({"type": "draw"} if {"type": "draw"} in s.game.legal_actions(s.state)
              else s.game.legal_actions(s.state)[0])


def test_folding_keeps_the_state_and_undo_reaches_back_to_the_checkpoint(small_cap):
    s, done = long_deck(23)
    full = replay("deck", s.options, s.seed, done)
    assert s.state == full and s.base is not None
    assert 5 <= len(s.actions) <= 10
    before = replay("deck", s.options, s.seed, done[:-1])
    assert s.undo() == before
    while s.can_undo():
        s.undo()
    assert s.state == s.base
    with pytest.raises(IllegalAction, match="nothing older to undo"):
        s.undo()


def test_a_checkpointed_game_cannot_be_sent_as_a_link(small_cap):
    s, _ = long_deck(12)
    with pytest.raises(SaveError, match="cannot be sent as a link"):
        to_link(s)
    record = s.record()
    import base64, zlib
    packed = base64.urlsafe_b64encode(zlib.compress(json.dumps(record).encode())).decode().rstrip("=")
    with pytest.raises(SaveError, match="whole history"):
        from_link(packed)


@pytest.mark.parametrize("damage, message", [
    (lambda b: b.update(seed=b["seed"] + 1), "another game"),
    (lambda b: b.update(system="p52"), "another game"),
    (lambda b: b["piles"]["draw"].append(b["piles"]["draw"][0]), "damaged"),
    (lambda b: b.pop("piles"), "damaged"),
])
def test_a_damaged_or_foreign_checkpoint_is_refused(small_cap, damage, message):
    s, _ = long_deck(12)
    data = json.loads(save_text(s))
    damage(data["base"])
    data.pop("state")
    with pytest.raises(SaveError, match=message):
        from_json(json.dumps(data))


def test_the_app_keeps_a_long_game_going_and_restores_it(small_cap):
    app = App(seed_source=2)
    effects = app.handle("new", json.dumps({"system": "deck"}))
    store = {k: v for (_, k, v) in effects if _ == "put"}
    for _ in range(25):
        legal = app.sessions["deck"].game.legal_actions(app.sessions["deck"].state)
        action = next((a for a in legal if a["type"] == "draw"), legal[0])
        effects = app.handle("play", json.dumps(action))
        assert app.flash is None or app.flash[0] != "error", app.flash
        store.update({k: v for (op, k, v) in effects if op == "put"})
    assert app.sessions["deck"].base is not None
    again = App(seed_source=3)
    again.restore(store)
    assert again.sessions["deck"].state == app.sessions["deck"].state
    assert again.problems == []
    app.handle("share")
    assert app.flash and app.flash[0] == "error" and "cannot be sent as a link" in app.flash[1]


def test_a_deck_of_adventures_checkpoint_is_checked_too(monkeypatch):
    """DofA sheets are the long-lived games: their checkpoint must hold the 54 cards once and
    every key of the state (DofaGame.check_state; the harness runs it on every step)."""
    monkeypatch.setattr(saves, "MAX_ACTIONS", 6)
    monkeypatch.setattr(saves, "KEEP_ON_FOLD", 3)
    from pocketdeck.core.rng import Rng
    s = Session.start("dofa", {}, seed=4)
    rng = Rng(9)
    while len(s.actions) < 6 or s.base is None:
        s.play(s.game.sim_choose(s.state, s.game.legal_actions(s.state), rng))
    assert from_json(save_text(s)).state == s.state
    for damage, message in ((lambda b: b["deck"].pop(), "54 cards"),
                            (lambda b: b.pop("sheet"), "needs 'sheet'"),
                            (lambda b: b.update(hp="7"), "hp'? holds")):
        data = json.loads(save_text(s))
        damage(data["base"])
        with pytest.raises(SaveError, match=message):
            from_json(json.dumps(data))


def test_folding_uses_the_state_marked_on_the_way_and_replays_only_after_a_reload(small_cap, monkeypatch):
    """A fold in the browser must not freeze the tap: the state at the cut was marked as play
    passed it. A game loaded since has no mark and replays the folded actions once."""
    s, done = long_deck(10)
    assert s.mark is not None and s.mark[0] == 5
    calls = []
    real, real_from = saves.replay, saves.replay_from
    monkeypatch.setattr(saves, "replay", lambda *a: calls.append(a) or real(*a))
    monkeypatch.setattr(saves, "replay_from", lambda *a: calls.append(a) or real_from(*a))
    real_steps = saves.replay_steps   # what loading replays with (issue 28: a move at a time)
    monkeypatch.setattr(saves, "replay_steps", lambda *a: calls.append(a) or real_steps(*a))
    s.play({"type": "draw"} if {"type": "draw"} in s.game.legal_actions(s.state) else {"type": "gather"})
    assert s.base is not None and not calls
    assert s.base == real("deck", s.options, s.seed, done[:5])
    for _ in range(23):                      # four more folds, none of them replays
        legal = s.game.legal_actions(s.state)
        s.play(next((a for a in legal if a["type"] == "draw"), legal[0]))
    assert not calls
    assert from_json(save_text(s)).state == s.state and len(calls) == 1  # loading replays
    calls.clear()
    loaded, _ = long_deck(10)
    loaded.mark = None                       # as after a reload
    loaded.play({"type": "draw"} if {"type": "draw"} in loaded.game.legal_actions(loaded.state) else {"type": "gather"})
    assert len(calls) == 1                   # this fold
    assert loaded.base == real("deck", s.options, s.seed, done[:5])


def test_undo_below_the_mark_forgets_it(small_cap):
    s, _ = long_deck(6)
    assert s.mark is not None and s.mark[0] == 5
    s.undo()
    s.undo()
    assert s.mark is None


def test_a_refused_save_puts_the_checkpoint_and_the_mark_back(small_cap, monkeypatch):
    """A tap whose save breaks a limit is undone whole: history, state, base and the mark
    (a stale mark would make the next fold cut at the wrong state)."""
    app = App(seed_source=4)
    app.handle("new", json.dumps({"system": "deck"}))
    for _ in range(10):
        app.handle("play", json.dumps({"type": "draw"}))
    session = app.sessions["deck"]
    before = (list(session.actions), session.state, session.base, session.mark)
    monkeypatch.setattr(saves, "MAX_SAVE_CHARS", 10)
    app.handle("play", json.dumps({"type": "draw"}))
    assert app.flash and app.flash[0] == "error"
    assert (session.actions, session.state, session.base, session.mark) == before
