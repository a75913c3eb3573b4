"""Issue 49 in Chromium at 360x740, P52: from the home screen make an enemy from a copy of one
of ours (the Skulker, its name and Move changed; a Move out of its range refused beside its
field, the draft kept), keep it; make a quest from a copy of Siege at Saltmarsh that carries
that enemy (ui/make/quest.py), keep it, play it from Play now to its end; share the quest as a
link from the Library and open it in a fresh browser context, where it is checked, kept and
played to its end. axe in light and dark on both forms; screenshots into
docs/screens/make-enemy-*.png and make-quest-*.png.

The games are played by the random players' policy (the game's own sim_choose) on a CPython
twin read from the page's own IndexedDB ('game:p52'), so each tap is a button the page shows."""

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
    """The newcomer's guide, if it shows, put away (its Skip, else Next to its end)."""
    if page.locator(".guide [data-arg=skip]").count():
        page.locator(".guide [data-arg=skip]").first.tap()
    for _ in range(20):
        if not page.locator(".guide [data-arg=next]").count():
            break
        page.locator(".guide [data-arg=next]").first.tap()
        page.wait_for_timeout(120)


def play_to_the_end(page, seed: int) -> int:
    """Play the P52 quest on the page to its end: each move the random players' policy picks
    on the twin (the game as the page saved it), tapped as the page shows it; the taps."""
    (_, text), = page.evaluate("window.pocketdeckStore.entries('game:p52')")
    session = from_json(text)
    game, rng = session.game, Rng(seed)
    taps = 0
    for _ in range(1500):
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
        taps += 1
        prompt_in_view(page)
    assert game.is_over(session.state), "the quest did not end"
    page.wait_for_selector("[data-system=p52][data-phase=over]")
    prompt_in_view(page)
    return taps


def test_make_an_enemy_and_a_quest_that_carries_it_play_share_and_play_it_in_a_fresh_profile(browser, server):
    SCREENS.mkdir(parents=True, exist_ok=True)
    ctx, errors = pinned_context(browser, 4343)
    try:
        page = boot(ctx, server + "/")
        tap(page, "[data-action=open][data-arg=p52]")
        page.wait_for_selector("select[name=enemy_from]", state="attached")
        prompt_in_view(page)

        # an enemy of your own, from a copy of the Skulker (the Jacks)
        page.select_option("select[name=enemy_from]", "J")
        tap(page, "[data-action=make][data-arg*=enemy-p52]")
        page.wait_for_selector("[data-make=enemy-p52]")
        assert page.input_value("input[name='f.name']") == "Skulker (yours)"
        prompt_in_view(page)
        assert_phone_layout(page, "the enemy form")
        assert small_text(page) == []
        check_both_schemes(page, "the enemy form")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENS / f"make-enemy-{scheme}.png"))
        page.emulate_media(color_scheme="light")

        # a Move out of its range: refused beside its field, the draft kept
        page.fill("input[name='f.name']", "Skulker Chief")
        page.fill("input[name='f.move']", "9")
        tap(page, "[data-action=make-keep]")
        page.wait_for_selector("#mk-move-why")
        assert "Move must be an int from 0 to 6, not 9" in page.inner_text("#mk-move-why")
        assert page.input_value("input[name='f.name']") == "Skulker Chief"
        prompt_in_view(page)
        page.locator("#mk-move").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / "make-enemy-refused.png"))
        check_both_schemes(page, "the enemy form with a problem")

        page.fill("input[name='f.move']", "2")
        before = saves_done(page)
        tap(page, "[data-action=make-keep]")
        settled(page, before)
        page.wait_for_selector("select[name=enemy_from] optgroup[label=Yours]", state="attached")
        assert "Play now plays your enemy Skulker Chief" in page.inner_text("[data-prompt]")
        assert page.locator("input[name=p52_enemies]:checked").count() == 1

        # a quest of your own, from a copy of Siege at Saltmarsh, with the enemy in it
        page.select_option("select[name=quest_from]", "survival")
        tap(page, "[data-action=make][data-arg*=quest-p52]")
        page.wait_for_selector("[data-make=quest-p52]")
        assert page.input_value("input[name='f.name']") == "Siege at Saltmarsh (yours)"
        prompt_in_view(page)
        page.fill("input[name='f.name']", "The Chief's Siege")
        page.fill("input[name='f.rooms']", "2")
        chief = page.locator("#mk-enemies label.check", has_text="Skulker Chief (Jack, yours)")
        chief.scroll_into_view_if_needed()
        chief.tap()
        assert chief.locator("input[name='f.enemies']").is_checked()
        prompt_in_view(page)
        assert_phone_layout(page, "the quest form")
        assert small_text(page) == []
        check_both_schemes(page, "the quest form")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENS / "make-quest-light.png"))

        before = saves_done(page)
        tap(page, "[data-action=make-keep]")
        settled(page, before)
        page.wait_for_selector("select[name=quest_from] optgroup[label=Yours]", state="attached")
        chosen = page.eval_on_selector("select[name=p52_quest]", "s => s.selectedOptions[0].textContent")
        assert chosen == "The Chief's Siege (Survival, yours)"
        assert "Play now plays your quest The Chief's Siege" in page.inner_text("[data-prompt]")
        prompt_in_view(page)
        assert_phone_layout(page, "the setup with a quest of yours")
        check_both_schemes(page, "the setup with a quest of yours")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENS / "make-quest-kept.png"))
        before = saves_done(page)
        page.locator("[data-prompt] [data-action=new]").first.tap()
        settled(page, before)
        page.wait_for_selector("[data-system=p52][data-phase]")
        skip_guide(page)
        assert "The Chief's Siege" in page.inner_text("main")
        game = json.dumps(page.evaluate("window.pocketdeckStore.entries('game:p52')"))
        assert "Skulker Chief" in game
        taps = play_to_the_end(page, 7)
        print(f"The Chief's Siege played to its end in {taps} taps")

        more(page, "Library")
        tap(page, "[data-action=lib-item][data-arg^='item:quest:p52:']")
        tap(page, "[data-action=lib-share]")
        page.wait_for_selector("input.share-link")
        link = page.locator("input.share-link").first.input_value()
        assert link.startswith(server) and "#i=" in link
        print(f"the quest's link: {len(link)} characters")
        fragment = link.split("#", 1)[1]
    finally:
        ctx.close()
    assert not errors, errors

    fresh, errors = pinned_context(browser, 97)
    try:
        page = boot(fresh, server + "/#" + fragment)
        page.wait_for_selector("text=A shared P52 quest", timeout=60_000)
        prompt_in_view(page)
        before = saves_done(page)
        page.get_by_role("button", name="Import it").tap()
        settled(page, before)
        tap(page, "[data-action=lib-open][data-arg^='item:quest:p52:']")
        page.wait_for_selector("select[name=quest_from] optgroup[label=Yours]", state="attached")
        assert "Play now plays your quest The Chief's Siege" in page.inner_text("[data-prompt]")
        before = saves_done(page)
        page.locator("[data-prompt] [data-action=new]").first.tap()
        settled(page, before)
        page.wait_for_selector("[data-system=p52][data-phase]")
        skip_guide(page)
        assert "Skulker Chief" in json.dumps(page.evaluate("window.pocketdeckStore.entries('game:p52')"))
        play_to_the_end(page, 8)
    finally:
        fresh.close()
    assert not errors, errors
