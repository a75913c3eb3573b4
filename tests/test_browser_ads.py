"""ADS in Chromium on a phone: start a fight by taps, play it to its end by taps with the
network off, reload in the middle and find the fight restored.

As in the P52 browser test, new games get a pinned seed (window.pocketdeckEntropy) so a
CPython twin of the app follows along and picks each next action with the engine's own
policy; the test taps the button that carries it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import boot_offline, check_both_schemes, pinned_context, table_html, tap_action
from test_browser import assert_phone_layout
from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App

pytestmark = pytest.mark.browser
BOOT_MS = 90_000
FORM = {"deck": "warrior", "foe": "goblin_skirmisher", "count": "1", "mode": "simple",
        "place": "indoors", "updown": "balanced", "start": "first", "light": "dim", "dual": "no"}


def twin(entropy: int, form: dict | None = None) -> App:
    app = App(seed_source=entropy)
    app.handle("open", "ads")
    app.handle("new", json.dumps({"system": "ads"}), dict(form or FORM))
    return app


def plan(entropy: int, form: dict | None = None, must: frozenset = frozenset(),
         most: int = 60) -> list[dict] | None:
    """The policy's actions from a new fight to its end, if it ends in 14-``most`` taps
    and passes through every phase in ``must``."""
    app = twin(entropy, form)
    session = app.sessions["ads"]
    game, rng, actions, phases = session.game, Rng(entropy), [], set()
    while len(actions) < most and not game.is_over(session.state):
        action = game.sim_choose(session.state, game.legal_actions(session.state), rng)
        session.play(action)
        actions.append(action)
        phases.add(session.state["phase"])
    ok = game.is_over(session.state) and len(actions) >= 14 and must <= phases
    return actions if ok else None


def test_a_whole_fight_by_taps_offline_with_a_reload(browser, server):
    entropy, actions = next((e, a) for e in range(1, 300) if (a := plan(e)))
    ctx, errors = pinned_context(browser, entropy)
    try:
        page = boot_offline(ctx, server, BOOT_MS)
        page.locator("[data-action=open][data-arg=ads]").tap()
        assert_phone_layout(page, "ADS setup")
        check_both_schemes(page, "ADS setup")
        page.get_by_role("button", name="Begin the fight").tap()
        page.wait_for_selector("[data-system=ads][data-phase=choose]")
        check_both_schemes(page, "ADS choose")
        mirror = twin(entropy)
        session = mirror.sessions["ads"]
        reloaded = False
        seen = {"choose"}
        for i, action in enumerate(actions):
            tap_action(page, action)
            mirror.handle("play", json.dumps(action))
            phase = session.state["phase"]
            page.wait_for_selector(f"[data-system=ads][data-phase={phase}]")
            assert page.locator(".flash.error").count() == 0
            if phase not in seen:
                seen.add(phase)
                check_both_schemes(page, f"ADS {phase}")
            if phase == "turn" and not reloaded and i >= 6:
                assert_phone_layout(page, "ADS fight")
                before = table_html(page, "[data-system=ads]")
                page.reload()
                page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
                page.wait_for_selector(f"[data-system=ads][data-phase={phase}]")
                assert table_html(page, "[data-system=ads]") == before
                reloaded = True
        assert reloaded
        page.wait_for_selector("[data-system=ads][data-phase=over]")
        assert session.state["outcome"] in ("won", "lost", "fled")
        assert page.locator(".banner").count() == 1
        assert {"initiative", "turn", "over"} <= seen
        assert not errors, errors
    finally:
        ctx.close()


NEW_SCREENS = [
    # two Bandits Overwhelm you: the free strike before their Grapple, then the counter prompt
    ({**FORM, "foe": "bandit", "count": "2"}, frozenset({"ward_off", "grapple_counter"})),
    # Energy Bolt divided between three Goblins
    ({**FORM, "deck": "mage", "count": "3"}, frozenset({"split"})),
]


@pytest.mark.parametrize("form,must", NEW_SCREENS, ids=["grapple", "split"])
def test_the_new_prompts_by_taps_pass_axe(browser, server, form, must):
    """The screens added for issue 8 (the Foe's Grapple, the divided Energy Bolt) are
    reached by real taps in a whole fight and pass axe in light and dark."""
    entropy, actions = next((e, a) for e in range(1, 400) if (a := plan(e, form, must, 90)))
    ctx, errors = pinned_context(browser, entropy)
    try:
        page = boot_offline(ctx, server, BOOT_MS)
        page.locator("[data-action=open][data-arg=ads]").tap()
        for key, value in form.items():
            page.locator(f"select[name={key}]").select_option(value)
        page.get_by_role("button", name="Begin the fight").tap()
        page.wait_for_selector("[data-system=ads][data-phase=choose]")
        mirror = twin(entropy, form)
        session = mirror.sessions["ads"]
        seen = set()
        for action in actions:
            tap_action(page, action)
            mirror.handle("play", json.dumps(action))
            phase = session.state["phase"]
            page.wait_for_selector(f"[data-system=ads][data-phase={phase}]")
            assert page.locator(".flash.error").count() == 0
            if phase in must and phase not in seen:
                seen.add(phase)
                assert_phone_layout(page, f"ADS {phase}")
                check_both_schemes(page, f"ADS {phase}")
        assert seen == must
        page.wait_for_selector("[data-system=ads][data-phase=over]")
        assert not errors, errors
    finally:
        ctx.close()


SCREENS = Path(__file__).resolve().parents[1] / "docs" / "screens"
SAID = "Number((document.getElementById('live') || {dataset: {}}).dataset.said || 0)"
# cards in hand no enabled button holds, with no line of their own (as the newcomer walk reads them)
UNEXPLAINED = """() => [...document.querySelectorAll('#app [data-hand-card]')]
  .filter(c => !(c.dataset.why || '').trim()).map(c => c.getAttribute('aria-label') || '?')"""


def _tap_first(page, selector: str) -> None:
    before = page.evaluate(SAID)
    page.locator(selector).first.tap()
    page.wait_for_function(f"{SAID} > {before}", timeout=45_000)


def test_a_newcomers_first_fight_by_taps(browser, server):
    """Issue 50: from the home screen, Play now is the first fight against the easiest Foe
    (the first decision at tap 2), every tap after it takes the prompt's first button; no card
    in hand without its line, no Up/Down spelt, and the end offers a way on. Screens:
    docs/screens/ads-first-decision.png, ads-first-result.png, ads-first-end.png."""
    ctx, errors = pinned_context(browser, 11)
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        page.locator("#app [data-action=open][data-arg=ads]").first.tap()
        page.wait_for_selector(".ads-quick")
        assert "Your first fight" in page.locator(".ads-quick").inner_text()
        _tap_first(page, ".ads-quick [data-action=new]")
        page.wait_for_selector("[data-system=ads][data-phase=initiative]")
        assert "Goblin Archer" in page.locator("[data-system=ads] [data-prompt]").inner_text()
        skip = page.locator("#app .guide [data-arg=skip]")
        if skip.count():
            skip.first.tap()
        page.screenshot(path=str(SCREENS / "ads-first-decision.png"))
        shot_result = False
        for _ in range(80):
            assert page.evaluate(UNEXPLAINED) == []
            text = page.locator("#app").inner_text()
            assert "^" not in text and "\u25b2" not in text and "\u25bc" not in text
            if page.locator("[data-system=ads][data-phase=over]").count():
                break
            _tap_first(page, "[data-system=ads] [data-prompt] button[data-action=play]")
            if not shot_result:  # the Initiative's result: its draw lines in words
                page.screenshot(path=str(SCREENS / "ads-first-result.png"))
                shot_result = True
        page.wait_for_selector("[data-system=ads][data-phase=over]")
        page.locator(".ads-over").scroll_into_view_if_needed()
        box = page.locator(".ads-over").inner_text()
        for words in ("Fight again", "Another Foe", "Choose a Foe and a deck", "Home"):
            assert words in box, words
        page.screenshot(path=str(SCREENS / "ads-first-end.png"))
        assert shot_result and not errors, errors
    finally:
        ctx.close()
