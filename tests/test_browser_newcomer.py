"""A newcomer's first game at every table (issue 50, "Done when"): from the home screen
through the quickest start, playing as a newcomer would (the first action offered, the
guide followed) to the end of the first encounter, in Chromium at 360x740.

Asserted for each table: the first real decision within 3 taps; the step the engine
expects next in view after every tap; no card shown unplayable without a reason; every
end screen with a way on (tests/newcomer_walk.py says how each is judged)."""

from __future__ import annotations

import pytest

from conftest import pinned_context
from newcomer_walk import walk

pytestmark = pytest.mark.browser
ENTROPY = 11


def _p52_first_room_done(game, state) -> bool:
    room = state.get("room") or {}
    return bool(room) and room.get("n", 1) >= 2


def _adventure_first_fight_done(game, state) -> bool:
    return state.get("fights", 0) >= 1 or len(state.get("visited", [])) >= 2


def _sheet_first_check_drawn(game, state) -> bool:
    return state.get("last") is not None


def _gm_first_round_done(game, state) -> bool:
    combat = state.get("combat") or {}
    return not combat or combat.get("round", 1) >= 2


# system, the end of its first encounter (None: the game's end), tap cap
TABLES = [
    ("deck", None, 12),
    ("ads_build", None, 12),
    ("p52", _p52_first_room_done, 150),
    ("ads", None, 150),
    ("ads_adventure", _adventure_first_fight_done, 150),
    ("dofa", _sheet_first_check_drawn, 20),
    ("deckbuilder", None, 150),
    ("dofa-gm", _gm_first_round_done, 120),
]


@pytest.mark.parametrize("system,ended,cap", TABLES, ids=[t[0] for t in TABLES])
def test_a_newcomer_walks_the_first_game(browser, server, system, ended, cap):
    ctx, errors = pinned_context(browser, ENTROPY)
    try:
        page = ctx.new_page()
        record = walk(page, server, system, max_taps=cap, ended=ended)
    finally:
        ctx.close()
    print(record.summary())
    assert not errors, errors
    assert record.first_decision is not None and record.first_decision <= 3, (
        f"{system}: the first real decision came at tap {record.first_decision}")
    problems = record.problems()
    assert not problems, f"{system}: {len(problems)} of {len(record.taps)} taps:\n" + "\n".join(problems[:12])
