"""Issue 18 in Chromium: the last screen painted before Python (web/lastscreen.js,
web/paint.js). The boot snapshot's tests are in tests/test_browser_snapshot.py."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import PHONE, axe_violations, serve_dir, watch_errors

BOOT_MS = 120_000


def ready(page, url: str | None = None) -> str:
    """Load (or reload) and wait for the app; returns how it booted (<html data-boot>)."""
    if url:
        page.goto(url)
    else:
        page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    return page.evaluate("document.documentElement.dataset.boot")


def start_deck(page) -> None:
    page.locator("li.tile", has=page.locator("h2", has_text=re.compile(r"^\s*Deck\s*$"))) \
        .get_by_role("button", name="Start").tap()
    page.get_by_role("button", name="52 cards").tap()
    page.wait_for_selector("button.pile", state="attached")


def draw(page) -> int:
    before = int(page.evaluate("document.documentElement.dataset.saved || 0"))
    page.locator("button.pile").tap()
    page.wait_for_function(f"Number(document.documentElement.dataset.saved) > {before}")
    return int(page.locator("button.pile .count").inner_text())


@pytest.fixture
def site(dist, tmp_path):
    """A copy of dist/ on a server of its own (tests here change files)."""
    root = tmp_path / "site"
    shutil.copytree(dist, root)
    url, downloads, stop = serve_dir(root)
    yield root, url, downloads
    stop()


class HeldBoot:
    """Holds main.py back (a route that parks its request), so a page stays before Python
    for as long as a test wants, with the player's last screen painted."""

    def __init__(self, ctx) -> None:
        self.held: list = []
        self.on = False
        ctx.route("**/main.py", lambda route: self.held.append(route) if self.on else route.continue_())

    def waking(self, page) -> None:
        """Reload into the waking screen, Python held back."""
        self.on = True
        page.reload(wait_until="commit")
        page.wait_for_selector("main.waking", timeout=BOOT_MS)
        assert page.evaluate("document.documentElement.hasAttribute('data-ready')") is False

    def wake(self, page) -> None:
        """Once a tap is queued, let main.py through and wait for the app."""
        page.wait_for_function("document.documentElement.dataset.tapQueued !== undefined")
        for _ in range(BOOT_MS // 50):  # PyScript asks for main.py once the runtime is up
            if self.held:
                break
            page.wait_for_timeout(50)
        self.on = False
        self.held.pop().continue_()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)


def held_context(browser):
    """A phone context without service workers whose main.py can be held back; with the
    list its uncaught page errors go to."""
    ctx = browser.new_context(**PHONE, service_workers="block")
    return ctx, watch_errors(ctx), HeldBoot(ctx)


def deck_game(ctx, url: str):
    """A page of ``ctx`` with a Deck game and one card drawn; the page and the pile's count."""
    page = ctx.new_page()
    ready(page, url + "/")
    start_deck(page)
    return page, draw(page)


def test_the_last_screen_is_painted_before_python_and_a_tap_then_follows(browser, site):
    """main.py is held back, so the page stays before Python for as long as the test
    wants: the stored screen is up, inert, accessible; the first tap is carried out once
    Python is ready, or refused with a message when its button is gone; stored HTML that
    is not the app's own markup is dropped, never run."""
    ctx, errors, boot = held_context(browser)
    try:
        page, left = deck_game(ctx, site[1])

        boot.waking(page)
        assert page.locator("button.pile .count").inner_text() == str(left)  # the player's game
        assert page.locator("#waking-note").inner_text().startswith("Waking up")
        assert page.locator("main.waking [data-action][aria-disabled=true]").count() >= 1
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            assert not axe_violations(page), scheme
        page.locator("button.pile").tap(force=True)  # aria-disabled: Playwright would wait
        boot.wake(page)
        page.wait_for_function("document.documentElement.dataset.tapReplayed !== undefined")
        page.wait_for_function("Number(document.documentElement.dataset.saved) > 0")
        assert page.locator("button.pile .count").inner_text() == str(left - 1)  # carried out
        assert page.locator("main.waking").count() == 0

        page.evaluate("""localStorage.setItem("pocketdeck-last-screen",
            '<section><h1>Old &lt;b&gt;</h1><button class="btn" data-action="gone" onclick="window.pwned=1">Gone</button>'
            + '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>'
            + '<a href="javascript:window.pwned=1">link</a><p style="background:url(x)">t</p></section>')""")
        boot.waking(page)
        assert page.locator("main.waking h1").inner_text() == "Old <b>"  # text stays text
        for bad in ("img", "script", "a", "[onclick]", "[style]"):
            assert page.locator(f"#app {bad}").count() == 0, bad
        page.get_by_role("button", name="Gone").tap(force=True)
        boot.wake(page)
        page.wait_for_function("document.documentElement.dataset.tapRefused !== undefined")
        assert "Gone" in page.locator(".tap-refused").inner_text()
        assert page.evaluate("window.pwned") is None
    finally:
        ctx.close()
    assert not errors, errors


def test_a_tap_made_while_waking_is_kept_across_a_reload(browser, site):
    """The page is reloaded (or dies) after the player tapped the waking screen and before
    Python was up: the next start still carries the tap out (sessionStorage keeps it)."""
    ctx, errors, boot = held_context(browser)
    try:
        page, left = deck_game(ctx, site[1])
        boot.waking(page)
        page.locator("button.pile").tap(force=True)
        page.wait_for_function("document.documentElement.dataset.tapQueued !== undefined")
        boot.held.clear()  # the parked main.py goes with the page
        boot.waking(page)  # reloaded before Python was up
        assert page.locator("#waking-note").inner_text() == "Waking up… your tap will follow."
        boot.wake(page)
        page.wait_for_function("document.documentElement.dataset.tapReplayed !== undefined")
        page.wait_for_function("Number(document.documentElement.dataset.saved) > 0")
        assert page.locator("button.pile .count").inner_text() == str(left - 1)  # carried out once
        assert page.evaluate("sessionStorage.getItem('pocketdeck-queued-tap')") is None
        page.reload()  # and not again on the next start
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        assert page.locator("button.pile .count").inner_text() == str(left - 1)
    finally:
        ctx.close()
    assert not errors, errors
