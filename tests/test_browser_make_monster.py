"""Issue 49 in Chromium at 360x740: from the home screen, make a Deckbuilder monster from a copy
of Hessa the Tower Warden (ui/make/monster.py), change its name and a number, see a wrong
number refused beside its field, keep it, fight it from "Fight your monster now" to the end of
the game; share it as a link and open the link in a fresh browser context, where it is
checked, kept and played. axe in light and dark on the form; screenshots into
docs/screens/make-monster-*.png.

The game is played by the random players' policy (systems/deckbuilder/sim.py) on a CPython
twin read from the page's own IndexedDB (the same options, seed and monster), so each tap is
a button the page shows."""

from __future__ import annotations

import json

import pytest

from conftest import check_both_schemes, more, pinned_context, saves_done, tap_action
from test_browser import assert_phone_layout
from test_browser_make_foe import SCREENS, boot, prompt_in_view, settled, small_text, tap
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import from_json

pytestmark = pytest.mark.browser


def skip_guide(page) -> None:
    if page.locator(".guide [data-arg=skip]").count():
        page.locator(".guide [data-arg=skip]").tap()
        page.wait_for_selector(".guide", state="detached")


def play_to_the_end(page, seed: int) -> None:
    """Play the game on the page to its end: each move the random players' policy picks on
    the twin (the game as the page saved it), tapped as the page shows it."""
    (_, text), = page.evaluate("window.pocketdeckStore.entries('game:deckbuilder')")
    session = from_json(text)
    game, rng = session.game, Rng(seed)
    for _ in range(600):
        if game.is_over(session.state):
            break
        legal = game.legal_actions(session.state)
        shown = set(page.evaluate("""() => [...document.querySelectorAll('[data-action=play]')]
            .filter(b => !b.disabled && b.offsetParent !== null).map(b => b.dataset.arg)"""))
        action = game.sim_choose(session.state, legal, rng)
        if json.dumps(action, sort_keys=True) not in shown:
            action = next(a for a in legal if json.dumps(a, sort_keys=True) in shown)
        tap_action(page, action)
        session.play(action)
    assert game.is_over(session.state), "the game did not end"
    page.wait_for_selector("[data-system=deckbuilder][data-phase=over]")


def test_make_a_monster_keep_it_fight_it_share_it_and_play_it_in_a_fresh_profile(browser, server):
    SCREENS.mkdir(parents=True, exist_ok=True)
    ctx, errors = pinned_context(browser, 4242)
    try:
        page = boot(ctx, server + "/")
        tap(page, "[data-action=open][data-arg=deckbuilder]")
        page.wait_for_selector("select[name=monster]")
        page.select_option("select[name=monster]", "boss:warden")
        tap(page, "[data-action=make]")
        page.wait_for_selector("[data-make=monster-deckbuilder]")
        assert page.input_value("input[name='f.name']") == "Hessa the Tower Warden (yours)"
        prompt_in_view(page)
        assert_phone_layout(page, "the monster form")
        assert small_text(page) == []
        check_both_schemes(page, "the monster form")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENS / f"make-monster-{scheme}.png"))
        page.emulate_media(color_scheme="light")
        page.locator("#mk-weapons").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / "make-monster-gear.png"))

        # a number out of its range: refused beside its field, the draft kept
        page.fill("input[name='f.name']", "Hessa the Lesser")
        page.fill("input[name='f.health']", "120")
        tap(page, "[data-action=make-keep]")
        page.wait_for_selector("#mk-health-why")
        assert "Health must be an int from 1 to 99, not 120" in page.inner_text("#mk-health-why")
        assert page.input_value("input[name='f.name']") == "Hessa the Lesser"
        page.locator("#mk-health").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / "make-monster-refused.png"))
        check_both_schemes(page, "the monster form with a problem")

        page.fill("input[name='f.health']", "6")
        page.evaluate("""() => { window.mkLong = [];
            new PerformanceObserver(l => l.getEntries().forEach(e => window.mkLong.push(e.duration)))
              .observe({type: 'longtask'}); }""")
        before = saves_done(page)
        tap(page, "[data-action=make-keep]")
        settled(page, before)
        # Keep plays 32 games in slices (App.start_job): the page is never blocked for long
        longest = page.evaluate("Math.max(0, ...window.mkLong)")
        print(f"the longest task while Keep played its games: {longest:.0f} ms")
        assert longest < 1000, f"Keep blocked the page for {longest:.0f} ms"
        page.wait_for_selector("select[name=monster] optgroup[label='Your own monsters']", state="attached")
        chosen = page.eval_on_selector("select[name=monster]", "s => s.selectedOptions[0].textContent")
        assert chosen == "Hessa the Lesser (boss, health 6, defense 9, yours)"
        assert "Fight your monster now" in page.inner_text("[data-prompt]")
        assert page.locator("select[name=zones] optgroup[label='Your own monsters'] option").count() == 1
        assert_phone_layout(page, "the setup with a monster of yours")
        check_both_schemes(page, "the setup with a monster of yours")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENS / "make-monster-kept.png"))
        before = saves_done(page)
        page.locator("[data-prompt] [data-action=new]").first.tap()
        settled(page, before)
        page.wait_for_selector("[data-system=deckbuilder][data-phase=battle]")
        skip_guide(page)
        assert "Hessa the Lesser" in page.inner_text("main")
        page.screenshot(path=str(SCREENS / "make-monster-battle.png"))
        play_to_the_end(page, 7)

        # shared as a link (the Library's item link)
        more(page, "Library")
        tap(page, "[data-action=lib-item][data-arg^='item:monster:deckbuilder:']")
        tap(page, "[data-action=lib-share]")
        page.wait_for_selector("input.share-link")
        link = page.locator("input.share-link").first.input_value()
        assert link.startswith(server) and "#i=" in link
        fragment = link.split("#", 1)[1]
    finally:
        ctx.close()
    assert not errors, errors

    fresh, errors = pinned_context(browser, 99)
    try:
        page = boot(fresh, server + "/#" + fragment)
        page.wait_for_selector("text=A shared Deckbuilder monster")
        before = saves_done(page)
        page.get_by_role("button", name="Import it").tap()
        settled(page, before)
        tap(page, "[data-action=lib-open][data-arg^='item:monster:deckbuilder:']")
        page.wait_for_selector("select[name=monster] optgroup[label='Your own monsters']", state="attached")
        assert "Fight your monster now" in page.inner_text("[data-prompt]")
        before = saves_done(page)
        page.locator("[data-prompt] [data-action=new]").first.tap()
        settled(page, before)
        page.wait_for_selector("[data-system=deckbuilder][data-phase=battle]")
        skip_guide(page)
        play_to_the_end(page, 8)
    finally:
        fresh.close()
    assert not errors, errors
