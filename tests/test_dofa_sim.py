"""Deck of Adventures random playthroughs through the harness, the screen drawn on every
step (render_check): zero errors, 54 cards on every step, sessions that end."""

from pocketdeck.core.simulate import simulate
from pocketdeck.ui.check import render_check


def test_random_sessions_with_the_screen_drawn_on_every_step():
    summary = simulate("dofa", 25, seed=900, observers=[render_check])
    assert summary["errors"] == 0, summary["failures"]
    assert summary["games"] == 25
    assert sum(summary["outcomes"].values()) == 25
    assert "unfinished" not in summary["outcomes"]
