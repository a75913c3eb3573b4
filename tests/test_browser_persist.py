"""Issue 31 in Chromium: navigator.storage.persist() is never called during start-up (in
Firefox it opens a permission prompt), not even with games kept; the Library's storage line
shows what is stored at once; the request comes from the line's button, once, and is never
offered again after the answer. persist/persisted are wrapped in an init script that records
every call (the real call still runs after it)."""

from __future__ import annotations

import pytest

from conftest import PHONE, check_both_schemes, watch_errors
from test_browser import BOOT_MS, open_deck, wait_saved
from test_browser_library import fits_360, more

pytestmark = pytest.mark.browser

RECORD = """
if (typeof window !== "undefined" && typeof StorageManager !== "undefined") {
  window.__persist = [];
  const realPersist = StorageManager.prototype.persist;
  StorageManager.prototype.persist = function () {
    window.__persist.push({ at: performance.now(), ready: document.documentElement.hasAttribute("data-ready") });
    return realPersist.call(this);
  };
}
"""
ASK = "Keep my games safe on this phone"


def start(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)


def storage_line(page) -> str:
    more(page, "Library")
    page.wait_for_selector("p.storage:has-text('Stored on this phone')")
    return page.locator("p.storage").inner_text()


def test_no_persist_call_at_start_up_and_one_from_the_storage_line(browser, server):
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(RECORD)
    errors = watch_errors(ctx)
    page = ctx.new_page()
    start(page, server + "/")
    open_deck(page)
    page.locator("button.pile").tap()  # a drawn card: a game is kept
    wait_saved(page, 1)
    for _ in range(2):  # a start with games kept, twice: still no request, and the line shows
        page.reload()
        start(page, page.url)
        page.wait_for_timeout(1500)  # longer than start-up's own storage work
        assert page.evaluate("window.__persist") == [], "persist() called during start-up"
        said = storage_line(page)
        assert "has not promised" in said or "for good" in said
    assert page.evaluate("window.__persist") == []
    check_both_schemes(page, "the Library with the storage line's request")
    fits_360(page)
    # the line's button asks once, in the tap's own event; the answer is kept
    page.get_by_role("button", name=ASK).tap()
    page.wait_for_function("window.__persist.length === 1")
    page.wait_for_selector(".storage-ask", state="detached")
    assert page.locator(f"button:has-text('{ASK}')").count() == 0
    assert page.evaluate("localStorage.getItem('pocketdeck-persist-asked')") in ("granted", "refused")
    page.reload()
    start(page, page.url)
    storage_line(page)
    page.wait_for_timeout(500)
    assert page.locator(f"button:has-text('{ASK}')").count() == 0  # never offered again
    assert page.evaluate("window.__persist") == []
    ctx.close()
    assert not errors, errors
