"""ADS random playthroughs: every step checked by the harness (JSON round trip, 52 cards
conserved, replay, refused illegal actions) and drawn by the screen check."""

from pocketdeck.core.game import get_game
from pocketdeck.core.rng import Rng
from pocketdeck.core.simulate import simulate
from pocketdeck.ui.check import render_check


def test_random_fights_with_the_screen_drawn_on_every_step():
    summary = simulate("ads", 200, seed=500, observers=[render_check])
    assert summary["errors"] == 0, summary["failures"]
    assert sum(summary["outcomes"].values()) == 200
    assert summary["outcomes"].get("unfinished", 0) == 0, summary["outcomes"]
    assert summary["outcomes"].get("won", 0) > 50


def test_every_deck_meets_every_foe():
    """Every ready-made deck against every Foe, both ways to play: fights end, 52 cards."""
    from pocketdeck.systems.ads import data
    game = get_game("ads")
    n = 0
    for deck in data.decks():
        for foe in data.foes():
            for mode in ("simple", "line"):
                n += 1
                rng = Rng(n)
                state = game.new_game({"deck": deck, "foe": foe, "mode": mode}, 11)
                for _ in range(3000):
                    if game.is_over(state):
                        break
                    assert game.card_total(state) == 52
                    legal = game.legal_actions(state)
                    v = game.view(state, "player")
                    assert [e["action"] for e in v["actions"]] == legal
                    state = game.apply(state, game.sim_choose(state, legal, rng))
                assert game.is_over(state), (deck, foe, mode)
