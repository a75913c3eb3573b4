"""Issue 49 in Chromium at 360x740: from the home screen make a Deckbuilder monster from a copy
(Hessa the Tower Warden made lesser), then a zone from a copy of the Lonely Watchtower whose
boss is that monster (ui/make/zone.py), keep it, play it from "Play your zone now" to the end;
share the zone as a link (it carries the monster) and open it in a fresh browser context,
where it is checked, kept and played. axe in light and dark on the zone's form; screenshots
into docs/screens/make-zone-*.png.

The game is played by the random players' policy on a CPython twin read from the page's own
IndexedDB (test_browser_make_monster.play_to_the_end), so each tap is a button the page shows."""

from __future__ import annotations

import pytest

from conftest import check_both_schemes, more, pinned_context, saves_done
from test_browser import assert_phone_layout
from test_browser_make_foe import SCREENS, boot, prompt_in_view, settled, small_text, tap
from test_browser_make_monster import play_to_the_end, skip_guide

pytestmark = pytest.mark.browser


def make_hessa(page) -> None:
    page.select_option("select[name=monster]", "boss:warden")
    tap(page, "[data-action=make][data-arg*=monster-deckbuilder]")
    page.wait_for_selector("[data-make=monster-deckbuilder]")
    page.fill("input[name='f.name']", "Hessa the Lesser")
    page.fill("input[name='f.health']", "5")
    before = saves_done(page)
    tap(page, "[data-action=make-keep]")
    settled(page, before)
    page.wait_for_selector("select[name=monster] optgroup[label='Your own monsters']", state="attached")


def test_make_a_zone_with_a_monster_of_your_own_keep_play_share_and_play_it_in_a_fresh_profile(browser, server):
    SCREENS.mkdir(parents=True, exist_ok=True)
    ctx, errors = pinned_context(browser, 4343)
    try:
        page = boot(ctx, server + "/")
        tap(page, "[data-action=open][data-arg=deckbuilder]")
        page.wait_for_selector("select[name=monster]")
        make_hessa(page)
        page.select_option("select[name=zone]", "watchtower")
        tap(page, "[data-action=make][data-arg*=zone-deckbuilder]")
        page.wait_for_selector("[data-make=zone-deckbuilder]")
        assert page.input_value("input[name='f.name']") == "The Lonely Watchtower (yours)"
        prompt_in_view(page)
        assert_phone_layout(page, "the zone form")
        assert small_text(page) == []
        check_both_schemes(page, "the zone form")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENS / f"make-zone-{scheme}.png"))
        page.emulate_media(color_scheme="light")

        # a link to itself: refused beside its field, the draft kept
        page.fill("input[name='f.name']", "Hessa's Tower")
        page.fill("input[name='f.link.1.b']", "stairwell")
        tap(page, "[data-action=make-keep]")
        page.wait_for_selector("#mk-link-1-b-why")
        assert "a link joins two different arenas" in page.inner_text("#mk-link-1-b-why")
        assert page.input_value("input[name='f.name']") == "Hessa's Tower"
        page.locator("#mk-link-1-b").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / "make-zone-refused.png"))
        check_both_schemes(page, "the zone form with a problem")

        page.fill("input[name='f.link.1.b']", "lantern")
        page.select_option("select[name='f.arena.2.boss']", label="Hessa the Lesser (yours)")
        before = saves_done(page)
        tap(page, "[data-action=make-keep]")
        settled(page, before)
        page.wait_for_selector("select[name=zone] optgroup[label='Your own zones']", state="attached")
        assert "Play your zone now" in page.inner_text("[data-prompt]")
        assert page.locator("select[name=zones] optgroup[label='Your own zones'] option").count() == 1
        assert_phone_layout(page, "the setup with a zone of yours")
        check_both_schemes(page, "the setup with a zone of yours")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENS / "make-zone-kept.png"))
        before = saves_done(page)
        page.locator("[data-prompt] [data-action=new]").first.tap()
        settled(page, before)
        page.wait_for_selector("[data-system=deckbuilder][data-phase=battle]")
        skip_guide(page)
        assert "Ivy-choked Gate" in page.inner_text("main")
        page.screenshot(path=str(SCREENS / "make-zone-battle.png"))
        play_to_the_end(page, 7)

        more(page, "Library")
        tap(page, "[data-action=lib-item][data-arg^='item:zone:deckbuilder:']")
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
        page.wait_for_selector("text=A shared Deckbuilder zone")
        before = saves_done(page)
        page.get_by_role("button", name="Import it").tap()
        settled(page, before)
        tap(page, "[data-action=lib-open][data-arg^='item:zone:deckbuilder:']")
        page.wait_for_selector("select[name=zone] optgroup[label='Your own zones']", state="attached")
        assert "Play your zone now" in page.inner_text("[data-prompt]")
        before = saves_done(page)
        page.locator("[data-prompt] [data-action=new]").first.tap()
        settled(page, before)
        page.wait_for_selector("[data-system=deckbuilder][data-phase=battle]")
        skip_guide(page)
        play_to_the_end(page, 8)
    finally:
        fresh.close()
    assert not errors, errors
