"""Issue 7 in Chromium: a page opened with a hostile link still boots, shows the refusal
and keeps the player's stored game; a valid link opens as a preview, and after "Keep
both" the player's own game is still there (also after a reload)."""

from __future__ import annotations

import base64
import json
import sys
import zlib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from pocketdeck.core.saves import Session, to_link  # noqa: E402

from conftest import axe_violations  # noqa: E402
from test_browser import BOOT_MS, boot, draw_count, hand_cards, open_deck, wait_saved  # noqa: E402

pytestmark = pytest.mark.browser


def pack(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def _record() -> dict:
    return Session.start("deck", {}, seed=5).record()


HOSTILE = {
    "deep nesting": pack("[" * 7000 + "]" * 7000),
    "never closed": pack("[" * 100_000),
    "huge numbers": pack(json.dumps({**_record(), "seed": int("9" * 2200)})),
    "too many actions": pack(json.dumps({**_record(), "actions": [{"type": "draw"}] * 50_000})),
    "garbage": "%%%<b>x</b>",
}


def stored_game(page) -> str:
    return page.evaluate("window.pocketdeckStore.entries('game:deck').then(e => e[0][1])")


def own_game(phone):
    page = phone.new_page()
    boot(page, phone_url(page))
    open_deck(page)
    for _ in range(2):
        page.locator("button.pile").tap()
    wait_saved(page, 3)
    return page, hand_cards(page), stored_game(page)


def phone_url(page) -> str:
    return page.context.base


@pytest.fixture
def ctx(phone, server):
    phone.base = server + "/"
    return phone


def test_hostile_links_are_refused_and_the_players_game_is_kept(ctx):
    page, hand, text = own_game(ctx)
    for name, link in HOSTILE.items():
        p = ctx.new_page()
        boot(p, ctx.base + "#g=" + link)
        assert "could not be opened" in p.locator(".flash.error").inner_text(), name
        p.wait_for_function("location.hash === ''")
        p.wait_for_selector("[data-system=deck]")  # back where the player left off
        assert hand_cards(p) == hand, name
        assert stored_game(p) == text, name
        p.close()
    # pasted while the app is open (a hashchange in the same document)
    page.goto(ctx.base + "#g=" + HOSTILE["deep nesting"])
    page.wait_for_function("location.hash === ''")
    assert "could not be opened" in page.locator(".flash.error").inner_text()
    page.get_by_role("button", name="\u2190 Home").tap()
    page.get_by_role("button", name="Continue").first.tap()
    assert hand_cards(page) == hand and stored_game(page) == text


def test_a_valid_link_is_a_preview_and_keep_both_keeps_the_players_game(ctx):
    page, hand, text = own_game(ctx)
    friend = Session.start("deck", {}, seed=77)
    for _ in range(5):
        friend.play({"type": "draw"})
    p = ctx.new_page()
    boot(p, ctx.base + "#g=" + to_link(friend))
    p.wait_for_selector("[data-preview=deck]")
    assert "5 moves" in p.locator(".preview").inner_text()
    buttons = p.locator(".preview button")
    assert buttons.first.inner_text() == "Keep both"  # the first choice is the safe one
    assert stored_game(p) == text  # nothing written while the preview asks
    assert_accessible(p)
    buttons.first.tap()
    p.wait_for_selector("[data-system=deck]")
    assert draw_count(p) == 47 and "beside your own" in p.locator("main").inner_text()
    p.wait_for_function("Number(document.documentElement.dataset.saved || 0) >= 1")
    assert stored_game(p) == text  # the player's own save was not touched
    p.get_by_role("button", name="\u2190 Home").tap()
    p.get_by_role("button", name="Continue the Deck table", exact=True).tap()  # not the shared game
    p.wait_for_selector("[data-system=deck]")
    assert hand_cards(p) == hand
    # the screen opened is a write too: it lands before the reload (a reload in the same
    # milliseconds as the tap can beat its transaction, and the app then opens at home)
    p.wait_for_function("Number(document.documentElement.dataset.saving || 0) === 0")
    p.reload()
    p.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    p.get_by_role("button", name="\u2190 Home").tap()
    assert_accessible(p)  # the home screen with the shared game
    p.get_by_role("button", name="Continue the shared game").tap()
    assert draw_count(p) == 47
    assert_accessible(p)  # the shared game's table with its note


def assert_accessible(page) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe_violations(page) == [], scheme
    page.emulate_media(color_scheme="light")


def test_the_refusal_and_the_screen_that_could_not_be_drawn_are_accessible(ctx):
    """The refusal (a flash on the home screen) and App.render's error page, drawn by
    the app's own markup and CSS."""
    from pocketdeck.ui.app import App
    from pocketdeck.ui.tables import TABLES, tables

    p = ctx.new_page()
    boot(p, ctx.base + "#g=" + HOSTILE["garbage"])
    assert "could not be opened" in p.locator(".flash.error").inner_text()
    assert_accessible(p)
    app = App()
    app.handle("new", json.dumps({"system": "deck"}))
    tables()
    real = TABLES["deck"]

    def broken(view, session):
        raise TypeError("a test's broken table")
    TABLES["deck"] = real.__class__(**{**real.__dict__, "render": broken})
    try:
        html = app.render()
    finally:
        TABLES["deck"] = real
    assert "could not be drawn" in html
    p.evaluate("html => { document.getElementById('app').innerHTML = html; }", html)
    assert_accessible(p)
    p.get_by_role("button", name="Go to the home screen").tap()
    p.wait_for_selector("text=Tables")
