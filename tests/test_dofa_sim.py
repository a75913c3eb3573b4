"""Deck of Adventures random playthroughs through the harness, the screen drawn on every
step (render_check): zero errors, 54 cards on every step, sessions that end, and the
random play reaching the rules: armor and shield changes, a level-up re-spec, every
condition switched on and every condition save drawn."""

from collections import Counter

from pocketdeck.core.simulate import simulate
from pocketdeck.systems.dofa.conditions import CONDITIONS
from pocketdeck.ui.check import render_check

SESSIONS = 50


def test_random_sessions_with_the_screen_drawn_on_every_step():
    seen: Counter = Counter()

    def reached(game, state, actions):
        if actions:
            a = actions[-1]
            seen[a["type"]] += 1
            if a["type"] in ("condition", "condition_save"):
                seen[(a["type"], a["name"])] += 1

    summary = simulate("dofa", SESSIONS, seed=900, observers=[render_check, reached])
    assert summary["errors"] == 0, summary["failures"]
    assert summary["games"] == SESSIONS
    assert sum(summary["outcomes"].values()) == SESSIONS
    assert "unfinished" not in summary["outcomes"]
    for kind in ("armor", "shield", "respec", "level_up", "sense", "against", "with_power",
                 "unseen", "received", "breath", "poison_more", "fate_redraw", "quick_rest",
                 "full_rest", "treated", "discard_power", "intensify", "exchange_fate"):
        assert seen[kind], kind
    for name, rule in CONDITIONS.items():
        assert seen[("condition", name)], name
        if rule["save"]:
            assert seen[("condition_save", name)], name


def test_random_players_play_every_action_type_offered():
    """The random players (sim.choose) play every type of action the phone offers across
    the seeded games (simulate's ``unplayed``): a rule the random play never reaches is a
    rule it never checks (issue 47: Intensify, the Target Card's Fate redraw and dropping a
    vulnerability were offered and never played). No screen drawn: about 10 s."""
    summary = simulate("dofa", 40, seed=0)
    assert summary["errors"] == 0, summary["failures"]
    assert summary["unplayed"] == [], summary["unplayed"]
