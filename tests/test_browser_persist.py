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


def deck_drawn(browser, server: str, init_script: str):
    """A phone context with ``init_script``, started, on a Deck game with one card drawn
    (a game is kept); (context, page, the page errors seen)."""
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(init_script)
    errors = watch_errors(ctx)
    page = ctx.new_page()
    start(page, server + "/")
    open_deck(page)
    page.locator("button.pile").tap()
    wait_saved(page, 1)
    return ctx, page, errors


def test_no_persist_call_at_start_up_and_one_from_the_storage_line(browser, server):
    ctx, page, errors = deck_drawn(browser, server, RECORD)
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


# A tap's save is counted and checked in JavaScript (web/boot.js `save`), and Python is
# called only when a write fails: the failure must still reach the player, and the count
# of writes in progress must come back to 0 (a reload for an update waits on it).
FAIL_WRITES = """
window.__failWrites = false;
Object.defineProperty(window, "pocketdeckStore", {
  configurable: true,
  set(v) {
    const write = v.write;
    v.write = function (ops) {
      return window.__failWrites ? Promise.reject(new Error("QuotaExceededError: the disk is full"))
                                 : write.call(this, ops);
    };
    Object.defineProperty(window, "pocketdeckStore", {value: v, writable: true, configurable: true});
  },
  get() { return undefined; },
});
"""


def test_a_save_that_fails_is_said_and_the_next_one_lands(browser, server):
    ctx, page, errors = deck_drawn(browser, server, FAIL_WRITES)
    # every write started so far has landed (the new game's and the draw's may be two)
    page.wait_for_function("Number(document.documentElement.dataset.saving) === 0")
    page.evaluate("window.__failWrites = true")
    before = int(page.evaluate("document.documentElement.dataset.saved"))
    page.locator("button.pile").tap()
    page.wait_for_selector("text=Could not save to this device")
    assert "the disk is full" in page.locator("[data-result]").inner_text()
    page.wait_for_function("Number(document.documentElement.dataset.saving) === 0")
    assert int(page.evaluate("document.documentElement.dataset.saved")) == before  # not counted
    page.evaluate("window.__failWrites = false")
    page.locator("button.pile").tap()  # the next write lands, and the two draws with it
    wait_saved(page, before + 1)
    page.wait_for_function("Number(document.documentElement.dataset.saving) === 0")
    page.reload()
    start(page, page.url)
    page.wait_for_selector("[data-system=deck]")
    assert page.locator(".hand svg.card").count() == 3
    ctx.close()
    assert not [e for e in errors if "disk is full" not in e], errors
