"""The service worker with two tabs: an update taken in one tab never feeds another tab,
still running the old page, a file of the new version; that tab keeps playing on its own
version, offers "Reload", and comes back to its game in the new one. Then the old
version's cache goes once no page runs it."""

from __future__ import annotations

import shutil
import pytest

import build
from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, axe_violations, serve_dir, watch_errors
from test_browser import BOOT_MS, boot, draw_count, hand_cards, open_deck, wait_saved

pytestmark = pytest.mark.browser
MARK = "rgb(1, 2, 3)"
OUTLINE = "getComputedStyle(document.body).outlineColor"
CACHES = "caches.keys().then(k => k.filter(n => n.startsWith('pocketdeck-')).length)"


@pytest.mark.parametrize("recorded", [True, False], ids=["recorded", "unrecorded"])
def test_an_update_in_one_tab_leaves_the_other_tab_on_its_own_version(browser, dist, tmp_path, recorded):
    """``unrecorded``: the worker's record of which page runs which version is lost, as for
    pages loaded by a worker older than the record (the first deploy of it): the new worker
    then takes every open page for one of the version it replaces."""
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    url, _, stop = serve_dir(site)
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
    errors = watch_errors(ctx)
    try:
        first = ctx.pages[0] if ctx.pages else ctx.new_page()
        boot(first, url + "/")
        first.wait_for_selector("html[data-offline-ready]", state="attached", timeout=BOOT_MS)
        old_page = first.evaluate("fetch('./index.html').then(r => r.text())")
        first.wait_for_function("!!navigator.serviceWorker.controller")
        assert first.locator("#update").is_hidden()  # a first visit's worker is no update

        # a second tab, controlled by version 1, with a game in progress
        second = ctx.new_page()
        boot(second, url + "/")
        assert second.evaluate("!!navigator.serviceWorker.controller")
        open_deck(second)
        second.locator("button.pile").tap()
        wait_saved(second, 2)

        if not recorded:
            assert second.evaluate("caches.delete('pocketdeck:clients')")
        # version 2 is deployed; the first tab finds it and the player takes it there
        page_file = site / "index.html"  # app.css is inlined there (build.inline_paint)
        page_file.write_text(page_file.read_text().replace(
            "</style>", "\nbody { outline: 1px solid rgb(1, 2, 3); }\n</style>", 1))
        build.write_service_worker(site)
        first.reload()
        first.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        first.wait_for_selector("#update:not([hidden])", timeout=BOOT_MS)
        first.locator("#update-reload").tap()
        first.wait_for_function(f"{OUTLINE} === '{MARK}'", timeout=BOOT_MS)
        first.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)

        # the second tab still runs version 1: whatever it loads now (a lazily imported
        # chunk, a stylesheet) is version 1's file, not the new deploy's
        second.wait_for_selector("#update:not([hidden])", timeout=BOOT_MS)
        for scheme in ("light", "dark"):  # the game with the update bar over it
            second.emulate_media(color_scheme=scheme)
            assert axe_violations(second) == [], scheme
        assert second.evaluate("fetch('./index.html').then(r => r.text())") == old_page
        assert second.evaluate(OUTLINE) != MARK
        assert second.evaluate(CACHES) == 2  # version 1's cache stays while this tab runs it
        # and its game goes on, saved after every tap
        second.locator("button.pile").tap()
        wait_saved(second, 3)
        assert draw_count(second) == 50
        hand = hand_cards(second)

        # the player reloads when they like: the game is there, on version 2
        second.locator("#update-reload").tap()
        second.wait_for_function(f"{OUTLINE} === '{MARK}'", timeout=BOOT_MS)
        second.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        second.wait_for_selector("[data-system=deck]")  # back at its table
        assert draw_count(second) == 50
        assert hand_cards(second) == hand
        assert second.evaluate("fetch('./index.html').then(r => r.text())") != old_page

        # no page runs version 1 any more: its cache is deleted
        # (the worker tidies when a page starts; wait for it, then look)
        # (polled with evaluate, which awaits the promise; a wait_for_function predicate
        # returning a promise is truthy at once, which the snapshot precache's work exposed)
        for _ in range(BOOT_MS // 250):
            if second.evaluate(CACHES) == 1:
                break
            second.wait_for_timeout(250)
        assert second.evaluate(CACHES) == 1
        assert not errors, errors
    finally:
        ctx.close()
        stop()
