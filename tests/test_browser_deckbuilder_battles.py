"""Issue 16 in Chromium on a 360 px phone, offline: two battles in a row by taps, and the
Action Tableau is set out afresh for the second (Overview: "Players begin a new battle
deck ..."): every stack is full again when the second battle starts, though the first
battle emptied some of it.

The seed is pinned (window.pocketdeckEntropy) and a CPython twin of the app picks each
next action with the engine's policy; the test taps the button carrying it.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import boot_offline, check_both_schemes, pinned_context, tap_action
from test_browser import assert_phone_layout
from test_browser_deckbuilder import begin
from pocketdeck.core.rng import Rng
from pocketdeck.systems.deckbuilder import data
from pocketdeck.ui.app import App

pytestmark = pytest.mark.browser
BOOT_MS = 90_000
FORM = {"heroes": ["warrior", "priest"], "zones": "all"}
STEP_CAP = 400


def twin(entropy: int) -> App:
    app = App(seed_source=entropy)
    app.handle("open", "deckbuilder")
    app.handle("new", json.dumps({"system": "deckbuilder"}), dict(FORM))
    return app


def plan(entropy: int) -> list[dict] | None:
    """The policy's actions from the first battle into the second, up to the second
    battle's first tableau take, when the first is won within the cap."""
    app = twin(entropy)
    session = app.sessions["deckbuilder"]
    game, rng, actions = session.game, Rng(entropy), []
    while len(actions) < STEP_CAP:
        st = session.state
        if game.is_over(st):
            return None
        action = game.sim_choose(st, game.legal_actions(st), rng)
        if len(st.get("battles", [])) == 2 and st["phase"] == "battle" and action["type"] == "take":
            return actions
        session.play(action)
        actions.append(action)
    return None


def stacks_left(page) -> list[int]:
    return [int(re.match(r"\d+", t).group()) for t in page.locator(".db-tableau .db-left").all_inner_texts()]


def test_two_battles_by_taps_and_the_tableau_is_set_out_afresh(browser, server):
    entropy, actions = next((e, a) for e in range(1, 300) if (a := plan(e)))
    ctx, errors = pinned_context(browser, entropy)
    try:
        page = boot_offline(ctx, server, BOOT_MS)
        page.locator("[data-action=open][data-arg=deckbuilder]").tap()
        page.locator("select[name=zones]").select_option("all")
        begin(page)
        first = stacks_left(page)
        assert len(first) == len(data.STACKS)
        mirror = twin(entropy)
        session = mirror.sessions["deckbuilder"]
        full = session.state["battles"][0]["tableau"]  # every stack whole when the battle began
        lowest_in_first = full
        for i, action in enumerate(actions):
            tap_action(page, action)
            mirror.handle("play", json.dumps(action))
            st = session.state
            page.wait_for_selector(f"[data-system=deckbuilder][data-phase={st['phase']}]")
            assert page.locator(".flash.error").count() == 0, f"step {i}: {action}"
            if st["phase"] == "battle" and len(st["battles"]) == 1:
                lowest_in_first = min(lowest_in_first, sum(stacks_left(page)))
        st = session.state
        assert len(st["battles"]) == 2 and st["phase"] == "battle"
        assert lowest_in_first < full, "the first battle took cards from the tableau"
        second = stacks_left(page)
        assert second == [len(st["piles"][f"tableau:{s}"]) for s in data.STACKS], second
        assert st["battles"][1]["tableau"] == full, "the tableau is set out afresh"
        assert sum(second) >= full - 3, (full, second)  # at most a boss's first takes before ours
        assert_phone_layout(page, "Deckbuilder second battle")
        check_both_schemes(page, "Deckbuilder second battle")
        assert not errors, errors
    finally:
        ctx.close()
