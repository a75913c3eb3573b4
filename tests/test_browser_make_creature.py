"""Issue 49 in Chromium at 360x740, the GM's side: from the home screen, make a DofA creature
from a copy of the Captain (ui/make/creature.py), change its name and Health, see a wrong
Health refused beside its field, keep it (24 GM-table games in slices), add it to a fight at
the GM's table from the Add panel, where it is listed as yours, and play some turns; share it
as a link and open the link in a fresh browser context, where it is checked (played again),
kept and played. axe in light and dark on the form; screenshots into
docs/screens/make-creature-*.png.

The turns are chosen by the creatures' written policy (systems/dofa_gm/policy.py) on a
CPython twin of the game read from the page's own IndexedDB, so each tap is a button the
page shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import check_both_schemes, more, pinned_context, saves_done
from test_browser import assert_phone_layout
from test_browser_make_foe import boot, prompt_in_view, settled, small_text, tap
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import from_json

pytestmark = pytest.mark.browser
SCREENS = Path(__file__).parents[1] / "docs" / "screens"
NAME = "Captain Vorn"


def small_targets(page) -> list[str]:
    """Visible buttons and form controls smaller than 44 px in height (the rule for every screen)."""
    return page.evaluate("""() => [...document.querySelectorAll('main button, main select, main input')]
        .filter(e => e.offsetParent !== null && e.type !== 'hidden' && e.type !== 'checkbox')
        .filter(e => e.getBoundingClientRect().height < 44).map(e => (e.name || e.textContent).trim().slice(0, 30))""")


def skip_guide(page) -> None:
    """The first game at a table opens its guide (issue 50): skipped here, out of the shots."""
    skip = page.get_by_role("button", name="Skip the guide")
    if skip.count():
        skip.first.tap()
        skip.first.wait_for(state="detached")


def play_turns(page, moves: int, seed: int) -> list[str]:
    """Play ``moves`` moves of the GM's game on the page: each the move the written policy
    (or, now and then, the random players) picks on the twin among the buttons the page
    shows, tapped as shown. The names of the combatants that acted."""
    (_, text), = page.evaluate("window.pocketdeckStore.entries('game:dofa-gm')")
    session = from_json(text)
    game, rng = session.game, Rng(seed)
    for _ in range(moves):
        if game.is_over(session.state):
            break
        legal = game.legal_actions(session.state)
        shown = set(page.evaluate("""() => [...document.querySelectorAll('[data-action=play]')]
            .filter(b => !b.disabled && b.offsetParent !== null).map(b => b.dataset.arg)"""))
        offered = [a for a in legal if json.dumps(a, sort_keys=True) in shown
                   and a["type"] not in ("end_session", "end_combat", "panel", "focus", "add_creature",
                                         "add_premade", "remove")]
        assert offered, "no move on the screen"
        action = game.sim_choose(session.state, legal, rng)
        if action not in offered:
            action = offered[rng.below(len(offered))]
        arg = json.dumps(action, sort_keys=True)
        before = saves_done(page)
        page.evaluate("""arg => { const b = [...document.querySelectorAll('[data-action=play]')]
            .find(b => b.dataset.arg === arg && !b.disabled && b.offsetParent !== null);
            b.scrollIntoView({block: 'center'}); }""", arg)
        page.locator(f"[data-action=play][data-arg='{arg}']").locator("visible=true").first.tap()
        settled(page, before)
        session.play(action)
    (_, text), = page.evaluate("window.pocketdeckStore.entries('game:dofa-gm')")
    assert from_json(text).state == session.state, "the page's game and its twin differ"
    return [a["name"] for a in session.state["actors"]]


def test_make_a_creature_keep_it_play_it_at_the_table_share_it_and_play_it_in_a_fresh_profile(browser, server):
    SCREENS.mkdir(parents=True, exist_ok=True)
    ctx, errors = pinned_context(browser, 4343)
    try:
        page = boot(ctx, server + "/")
        tap(page, "[data-action=open][data-arg=dofa-gm]")
        page.wait_for_selector("select[name=mk_from]")
        page.select_option("select[name=mk_from]", "Captain, Defender")
        tap(page, "[data-action=make]")
        page.wait_for_selector("[data-make=creature-dofa-gm]")
        assert page.input_value("input[name='f.name']") == "Captain, Defender (yours)"
        prompt_in_view(page)
        assert_phone_layout(page, "the creature form")
        assert small_text(page) == []
        assert small_targets(page) == []
        check_both_schemes(page, "the creature form")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENS / f"make-creature-{scheme}.png"))
        page.emulate_media(color_scheme="light")
        page.locator("#mk-powers").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / "make-creature-powers.png"))

        # a number out of its range: refused beside its field, the draft kept
        page.fill("input[name='f.name']", NAME)
        page.fill("input[name='f.hp']", "120")
        tap(page, "[data-action=make-keep]")
        page.wait_for_selector("#mk-hp-why")
        assert "Health (HP) must be an int from 1 to 99, not 120" in page.inner_text("#mk-hp-why")
        assert page.input_value("input[name='f.name']") == NAME
        page.locator("#mk-hp").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / "make-creature-refused.png"))
        check_both_schemes(page, "the creature form with a problem")

        page.fill("input[name='f.hp']", "7")
        page.evaluate("""() => { window.mkLong = [];
            new PerformanceObserver(l => l.getEntries().forEach(e => window.mkLong.push(e.duration)))
              .observe({type: 'longtask'}); }""")
        before = saves_done(page)
        tap(page, "[data-action=make-keep]")
        settled(page, before)
        page.wait_for_selector(f"text=Kept: {NAME}", timeout=120_000)
        longest = page.evaluate("Math.max(0, ...window.mkLong)")
        print(f"the longest task while Keep played its 24 games: {longest:.0f} ms")
        assert longest < 1000, f"Keep blocked the page for {longest:.0f} ms"
        assert f"Fight {NAME} now" in page.inner_text("[data-prompt]")
        page.screenshot(path=str(SCREENS / "make-creature-kept.png"))

        # a ready table, the creature added from the Add panel (listed as yours), a fight
        before = saves_done(page)
        page.locator("button[data-action=new]", has_text="A ready table").first.tap()
        settled(page, before)
        skip_guide(page)
        before = saves_done(page)
        tap(page, "[data-action=play][data-arg*='\"panel\": \"add\"']")
        settled(page, before)
        page.wait_for_selector("text=Your own creatures")
        yours = page.get_by_role("button", name=f"{NAME} (Dealer, yours)")
        yours.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / "make-creature-table.png"))
        check_both_schemes(page, "the Add panel with a creature of your own")
        before = saves_done(page)
        yours.tap()
        settled(page, before)
        assert NAME in page.inner_text(".gm-order")
        before = saves_done(page)
        tap(page, "[data-action=play][data-arg='{\"type\": \"start_combat\"}']")
        settled(page, before)
        names = play_turns(page, 30, 5)
        assert NAME in names
        page.screenshot(path=str(SCREENS / "make-creature-fight.png"))

        # shared as a link (the Library's item link)
        more(page, "Library")
        tap(page, "[data-action=lib-item][data-arg^='item:creature:dofa-gm:']")
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
        page.wait_for_selector("text=A shared DofA creature", timeout=120_000)  # after its 24 games
        before = saves_done(page)
        page.get_by_role("button", name="Import it").tap()
        settled(page, before)
        tap(page, "[data-action=lib-open][data-arg^='item:creature:dofa-gm:']")
        page.wait_for_selector("optgroup[label='Your own creatures']", state="attached")
        assert f"Fight {NAME} now" in page.inner_text("[data-prompt]")
        before = saves_done(page)
        page.get_by_role("button", name=f"Fight {NAME} now").tap()
        settled(page, before)
        skip_guide(page)
        assert NAME in page.inner_text(".gm-order")
        assert NAME in play_turns(page, 20, 6)
    finally:
        fresh.close()
    assert not errors, errors
