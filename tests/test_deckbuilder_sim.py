"""Deckbuilder random playthroughs through the core harness, with the whole screen drawn
on every step (ui/check.render_check): zero errors, every card of every deck conserved on
every step, refused illegal actions, seed + actions replay, and battles that end."""

from pocketdeck.core.simulate import simulate
from pocketdeck.ui.check import render_check


def test_random_battles_with_the_screen_drawn_on_every_step():
    summary = simulate("deckbuilder", 12, seed=3000, observers=[render_check])
    assert summary["errors"] == 0, summary["failures"]
    ended = summary["outcomes"].get("won", 0) + summary["outcomes"].get("lost", 0)
    assert ended == 12, summary["outcomes"]
    assert summary["outcomes"].get("won", 0) >= 3, summary["outcomes"]


def test_more_random_battles_engine_only():
    summary = simulate("deckbuilder", 12, seed=7000)
    assert summary["errors"] == 0, summary["failures"]
    assert summary["outcomes"].get("unfinished", 0) == 0, summary["outcomes"]
