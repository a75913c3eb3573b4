"""The app in Debian's Chromium on a phone-sized touch screen: boot, draw, reload,
offline, sub-path, installability, layout."""

from __future__ import annotations

import re

import pytest

from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, SUBPATH, more

pytestmark = pytest.mark.browser
BOOT_MS = 90_000


def boot(page, url):
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)


def open_deck(page):
    page.locator("[data-action=open][data-arg=deck]").tap()
    if page.locator("text=New deck").count():
        page.get_by_role("button", name="52 cards").tap()
    page.wait_for_selector("[data-system=deck]")


def draw_count(page) -> int:
    return int(page.locator("button.pile .count").inner_text())


def hand_cards(page) -> list[str]:
    return page.locator(".hand svg.card").evaluate_all("els => els.map(e => e.dataset.card)")


def wait_saved(page, n):
    """At least ``n`` writes landed and none is open: a tap's write is counted in its own
    click (and started after its frame), so once none is open every tap made so far is
    stored (counting alone raced: opening the Deck and a new game are writes too, and a
    reload could come before the last draw's)."""
    page.wait_for_function(f"Number(document.documentElement.dataset.saved || 0) >= {n}"
                           " && Number(document.documentElement.dataset.saving || 0) === 0")


def test_boots_and_draws_a_card(phone, server):
    page = phone.new_page()
    boot(page, server + "/")
    assert page.locator("h1", has_text="Tables").is_visible()
    open_deck(page)
    assert draw_count(page) == 52
    page.locator("button.pile").tap()
    card = page.locator(".hand svg.card")
    assert card.count() == 1
    # the drawn card is a drawn SVG card with its name for screen readers
    assert re.fullmatch(r"(Ace|[2-9]|10|Jack|Queen|King) of (Spades|Hearts|Diamonds|Clubs)",
                        card.get_attribute("aria-label"))
    box = card.bounding_box()
    assert box["width"] >= 60  # readable at phone size
    assert draw_count(page) == 51
    # taps beside the buttons (the log, a panel's summary, the heading) do nothing, quietly
    page.locator(".log").tap()
    page.locator("details.left summary").tap()
    page.locator("h1").tap()
    assert page.locator("details.left[open] .left-cards [role=img]").count() == 51
    assert draw_count(page) == 51
    assert not phone.errors, phone.errors


def test_reload_keeps_the_deck_and_undo_works(phone, server):
    page = phone.new_page()
    boot(page, server + "/")
    open_deck(page)
    for _ in range(3):
        page.locator("button.pile").tap()
    hand = hand_cards(page)
    wait_saved(page, 4)
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    page.wait_for_selector("[data-system=deck]")  # came back to the table, not home
    assert draw_count(page) == 49
    assert hand_cards(page) == hand
    page.get_by_role("button", name="Undo").tap()
    assert draw_count(page) == 50
    assert hand_cards(page) == hand[:2]


def test_illegal_tap_is_explained_and_changes_nothing(phone, server):
    page = phone.new_page()
    boot(page, server + "/")
    open_deck(page)
    # a forged button: the engine refuses it with the rule's reason
    page.evaluate("""() => { const b = document.createElement('button');
        b.dataset.action = 'play'; b.dataset.arg = JSON.stringify({type: 'discard', card: 'AS'});
        b.id = 'forged'; b.textContent = 'x'; document.getElementById('app').prepend(b); }""")
    # (put first: at the end of the screen it lies under the first-game guide, fixed at the
    # foot, and the click had to find a scroll position where the guide did not cover it)
    page.locator("#forged").click()
    assert "not in your hand" in page.locator(".flash.error").inner_text()
    assert draw_count(page) == 52


def test_works_offline_after_first_visit(phone, server):
    page = phone.new_page()
    boot(page, server + "/")
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=BOOT_MS)
    assert page.locator("#offline").inner_text().strip().endswith("Ready offline")
    open_deck(page)
    page.locator("button.pile").tap()
    wait_saved(page, 2)  # (and none open: the draw's own write landed too)
    phone.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        page.wait_for_selector("[data-system=deck]")
        assert draw_count(page) == 51
        page.locator("button.pile").tap()
        assert draw_count(page) == 50
        # a page never visited as such still opens offline (navigations get the shell)
        page.goto(server + "/?from=homescreen")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    finally:
        phone.set_offline(False)


def test_served_from_a_sub_path(phone, server):
    page = phone.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    boot(page, server + SUBPATH)
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=BOOT_MS)
    open_deck(page)
    page.locator("button.pile").tap()
    assert draw_count(page) == 51
    outside = [u for u in requests if not u.startswith(server + SUBPATH)]
    assert outside == [], outside
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == server + SUBPATH


def assert_phone_layout(page, where: str) -> None:
    """No horizontal scroll at 360 px; every visible tap target at least 44 x 44 px (a glossary
    term inside a sentence excepted, as tests/flow_walk.py excepts it)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, where
    small = page.evaluate("""() => [...document.querySelectorAll('button, a, input, select, summary')]
        .filter(e => e.offsetParent !== null && e.type !== 'checkbox' && !e.matches('.term'))  // inline glossary terms: WCAG 2.5.8, as tests/flow_walk.py
        .map(e => [e.textContent.trim() || e.getAttribute('aria-label') || e.name, e.getBoundingClientRect()])
        .filter(([n, r]) => r.width < 44 || r.height < 44).map(([n]) => n)""")
    assert small == [], f"{where}: targets under 44 px: {small}"


def test_phone_layout_fits_and_targets_are_touch_sized(phone, server):
    page = phone.new_page()
    boot(page, server + "/")
    assert_phone_layout(page, "home")
    open_deck(page)
    for _ in range(6):
        page.locator("button.pile").tap()
    assert_phone_layout(page, "deck table")
    page.locator("nav [data-action=home]").tap()
    page.locator("[data-action=open][data-arg=p52]").tap()
    assert_phone_layout(page, "P52 setup")


def test_dark_scheme_changes_the_palette(browser, server):
    ctx = browser.new_context(**PHONE, color_scheme="dark")
    try:
        page = ctx.new_page()
        boot(page, server + "/")
        bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert bg == "rgb(15, 23, 20)"
    finally:
        ctx.close()


def test_share_link_opens_the_same_game_and_hostile_links_are_refused(phone, server):
    page = phone.new_page()
    boot(page, server + "/")
    open_deck(page)
    for _ in range(2):
        page.locator("button.pile").tap()
    hand = hand_cards(page)
    more(page, "Share")  # in the bar's More menu (issue 24)
    link = page.locator("input.share-link").input_value()
    assert "#g=" in link
    other = phone.browser.new_context(**PHONE)
    try:
        p2 = other.new_page()
        boot(p2, link)
        # a link opens as a preview that asks (this phone has no deck game: "Open it")
        p2.wait_for_selector("[data-preview=deck]")
        p2.get_by_role("button", name="Open it").tap()
        p2.wait_for_selector("[data-system=deck]")
        assert hand_cards(p2) == hand
        # a hostile link, pasted while the app is open (same document: a hashchange)
        p2.goto(server + "/#g=<img src=x onerror=alert(1)>")
        assert "could not be opened" in p2.locator(".flash.error").inner_text()
        assert p2.locator("img").count() == 0
        p2.wait_for_function("location.hash === ''")
        # ... and as the first page of a visit; the game opened before is still there
        p3 = other.new_page()
        boot(p3, server + "/#g=AAAA")
        assert "could not be opened" in p3.locator(".flash.error").inner_text()
        p3.wait_for_selector("[data-system=deck]")  # back where this phone left off
        assert hand_cards(p3) == hand
    finally:
        other.close()


def test_corrupt_saved_game_is_explained_and_kept(phone, server):
    page = phone.new_page()
    boot(page, server + "/")
    page.evaluate("""() => window.pocketdeckStore.write([["put", "game:deck", "{\\"format\\": \\"<b>bad</b>"]])""")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    msg = page.locator(".flash.error").inner_text()
    assert "could not be loaded" in msg
    assert page.locator("main b").count() == 0  # the stored text is shown escaped, never as HTML
    kept = page.evaluate("window.pocketdeckStore.entries('game:deck').then(e => e[0][1])")
    assert kept == '{"format": "<b>bad</b>'


def test_installable(browser, server, profile_dir):
    # ordinary contexts report "in-incognito"; a persistent profile is what a phone has
    ctx = browser.browser_type.launch_persistent_context(
        profile_dir, executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        boot(page, server + "/")
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=BOOT_MS)
        cdp = ctx.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors")
    finally:
        ctx.close()


def test_first_visit_downloads_each_file_once_and_an_update_swaps_only_what_changed(browser, dist, tmp_path):
    """The service worker's precache reuses what the page just loaded (each file is checked
    against its hash), and a new deploy downloads only its changed files, then waits for the
    player's "Reload". A persistent profile, as on a phone: Playwright's ordinary contexts
    keep their HTTP cache in memory and drop a 10 MB file from it."""
    import shutil

    import build
    from conftest import serve_dir

    site = tmp_path / "site"
    shutil.copytree(dist, site)
    url, downloads, stop = serve_dir(site)
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        boot(page, url + "/")
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=BOOT_MS)
        wasm = "/runtime/pyodide/pyodide.asm.wasm"
        assert downloads.get(wasm) == 1, downloads
        assert all(n == 1 for path, n in downloads.items() if path != "/sw.js"), downloads

        # a new deploy that changes one file
        page_file = site / "index.html"  # app.css is inlined there (build.inline_paint)
        page_file.write_text(page_file.read_text().replace(
            "</style>", "\nbody { outline: 1px solid rgb(1, 2, 3); }\n</style>", 1))
        build.write_service_worker(site)
        downloads.clear()
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        page.wait_for_selector("#update:not([hidden])", timeout=BOOT_MS)
        changed = {p for p, n in downloads.items() if n}
        assert changed <= {"/index.html", "/sw.js"}, changed  # nothing else came down again
        # until the player says so, the page runs on one whole version: the old one
        assert "rgb(1, 2, 3)" not in page.evaluate("getComputedStyle(document.body).outlineColor")
        page.locator("#update-reload").tap()
        page.wait_for_function("getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)'",
                               timeout=BOOT_MS)
    finally:
        ctx.close()
        stop()
