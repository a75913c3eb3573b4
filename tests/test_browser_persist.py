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


def reopen(page) -> None:
    """Reload the page and wait for the Deck table it was on."""
    page.reload()
    start(page, page.url)
    page.wait_for_selector("[data-system=deck]")


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
    reopen(page)
    assert page.locator(".hand svg.card").count() == 3
    ctx.close()
    assert not [e for e in errors if "disk is full" not in e], errors


# A tap's save is handed over in the tap and started once its frame is painted, when the
# browser is idle (web/boot.js `save`): counted at once (an update's reload waits for it),
# started at once when the page is hidden or closed, and landed in the order of the taps.
# Here the browser's idle callbacks are held back, so nothing but the page going away (or
# the callbacks let go) can start the writes; a reload at once after a tap keeps it.
HOLD_IDLE = """
window.__bu = new Set();  // the beforeunload listeners in place
const realAdd = window.addEventListener, realRemove = window.removeEventListener;
window.addEventListener = function (type, fn, ...rest) {
  if (type === "beforeunload") window.__bu.add(fn);
  return realAdd.call(this, type, fn, ...rest);
};
window.removeEventListener = function (type, fn, ...rest) {
  if (type === "beforeunload") window.__bu.delete(fn);
  return realRemove.call(this, type, fn, ...rest);
};
window.__idle = [];
window.__writes = 0;
const realIdle = window.requestIdleCallback;
window.requestIdleCallback = (cb, opts) => window.__holdIdle ? (window.__idle.push(cb), 1) : realIdle(cb, opts);
const realTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (names, mode, ...rest) {
  if (mode === "readwrite") window.__writes += 1;
  // __lose: a write that never lands and never says so (a page torn down mid-transaction)
  if (mode === "readwrite" && window.__lose) return { objectStore: () => ({ put() {}, delete() {} }) };
  return realTransaction.call(this, names, mode, ...rest);
};
"""
# every page's journal (web/boot.js: pocketdeck-journal:<page>), as one text; null when none
JOURNAL = ("(Object.keys(localStorage).filter((k) => k.startsWith('pocketdeck-journal:'))"
           ".map((k) => localStorage.getItem(k)).join('\\n') || null)")
SAVING = "Number(document.documentElement.dataset.saving || 0)"
SAVED = "Number(document.documentElement.dataset.saved || 0)"


def test_a_taps_save_starts_after_its_frame_and_at_once_when_the_page_goes(browser, server):
    ctx, page, errors = deck_drawn(browser, server, HOLD_IDLE)
    page.wait_for_function(f"{SAVING} === 0")
    page.evaluate("window.__holdIdle = true")
    saved, writes = page.evaluate(SAVED), page.evaluate("window.__writes")
    played = """async () => (await window.pocketdeckStore.entries("game:deck"))
        .map(([k, v]) => JSON.parse(v).actions.length)"""
    assert page.evaluate("window.__bu.size") == 0  # no beforeunload listener while no save waits
    page.locator("button.pile").tap()
    page.wait_for_function("document.querySelectorAll('.hand svg.card').length === 2")
    page.wait_for_timeout(400)  # longer than the save's own wait (SAVE_WAIT_MS) would be
    # drawn and counted, not started: the write waits for the browser to be idle
    assert page.evaluate(SAVING) == 1 and page.evaluate(SAVED) == saved
    assert page.evaluate("window.__writes") == writes
    assert page.evaluate("window.__bu.size") == 1  # the page leaving would start it
    page.locator("button.pile").tap()  # a second tap queues behind the first
    page.wait_for_function("document.querySelectorAll('.hand svg.card').length === 3")
    assert page.evaluate(SAVING) == 2 and page.evaluate("window.__writes") == writes
    # the page going away starts both at once, in order
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: false}))")
    page.wait_for_function(f"{SAVED} === {saved + 2} && {SAVING} === 0")
    assert page.evaluate("window.__writes") == writes + 2 and page.evaluate("window.__bu.size") == 0
    stored = page.evaluate(played)  # (a read: it starts nothing now, none waits)
    assert page.evaluate("window.__writes") == writes + 2
    # the second draw's save landed last: the game holds both draws
    page.evaluate("window.__holdIdle = false")
    reopen(page)
    assert page.locator(".hand svg.card").count() == 3 and page.evaluate(played) == stored
    page.wait_for_function(f"{SAVING} === 0")
    page.evaluate("window.__holdIdle = true")
    saved = page.evaluate(SAVED)
    # a fourth card: started when the browser is idle (here: when the held callbacks run)
    page.locator("button.pile").tap()
    page.wait_for_function("document.querySelectorAll('.hand svg.card').length === 4")
    assert page.evaluate(SAVING) == 1
    page.evaluate("window.__holdIdle = false; "
                  "for (const cb of window.__idle.splice(0)) cb({didTimeout: false, timeRemaining: () => 50})")
    page.wait_for_function(f"{SAVED} === {saved + 1} && {SAVING} === 0")
    # a reload at once after a tap (its write not started: the browser was never idle)
    page.evaluate("window.__holdIdle = true")
    page.locator("button.pile").tap()
    page.wait_for_function("document.querySelectorAll('.hand svg.card').length === 5")
    assert page.evaluate(SAVING) == 1
    reopen(page)
    assert page.locator(".hand svg.card").count() == 5  # every draw was kept
    ctx.close()
    assert not errors, errors


def test_a_save_handed_over_goes_before_a_later_write_or_read(browser, server):
    """A write or read of the store (the Library's, a link's) first starts the saves
    handed over before it, so the newest text always lands last."""
    ctx, page, errors = deck_drawn(browser, server, HOLD_IDLE)
    page.wait_for_function(f"{SAVING} === 0")
    played = """async () => (await window.pocketdeckStore.entries("game:deck"))
        .map(([k, v]) => JSON.parse(v).actions.length)"""
    before = page.evaluate(played)
    page.evaluate("window.__holdIdle = true")
    page.locator("button.pile").tap()
    page.wait_for_function("document.querySelectorAll('.hand svg.card').length === 2")
    assert page.evaluate(SAVING) == 1
    # a read sees the draw: the save handed over was started before it
    assert page.evaluate(played) == [n + 1 for n in before]
    page.locator("button.pile").tap()
    page.wait_for_function("document.querySelectorAll('.hand svg.card').length === 3")
    assert page.evaluate(SAVING) == 1
    # a write made after the tap lands after the tap's save
    page.evaluate("""() => window.pocketdeckStore.write([["put", "probe:order", "x"]])""")
    assert page.evaluate(SAVING) == 0
    assert page.evaluate(played) == [n + 2 for n in before]
    assert page.evaluate(SAVING) == 0
    reopen(page)
    assert page.locator(".hand svg.card").count() == 3
    ctx.close()
    assert not errors, errors


def test_a_save_made_while_the_page_is_hidden_starts_at_once(browser, server):
    """A hidden page's idle callbacks may never come (a phone freezes it): a save handed
    over then (a table link's message, an import finishing) is started at once."""
    ctx, page, errors = deck_drawn(browser, server, HOLD_IDLE)
    page.wait_for_function(f"{SAVING} === 0")
    saved = page.evaluate(SAVED)
    page.evaluate("window.__holdIdle = true; "
                  "Object.defineProperty(document, 'visibilityState', {get: () => 'hidden', configurable: true})")
    page.evaluate("document.querySelector('button.pile').click()")
    page.wait_for_function(f"{SAVED} === {saved + 1} && {SAVING} === 0")  # no idle callback ran
    assert page.evaluate("window.__bu.size") == 0  # nothing left waiting for the page to go
    ctx.close()
    assert not errors, errors


def test_a_tap_whose_write_never_lands_is_kept_by_the_journal(browser, server):
    """The case a write started as the page goes cannot cover: the reload comes and the old
    page's transaction never lands (here: never even reaches the store). The save was put
    in localStorage's journal at beforeunload; the next start writes it before it reads,
    shows the tap, and removes the journal."""
    ctx, page, errors = deck_drawn(browser, server, HOLD_IDLE)
    page.wait_for_function(f"{SAVING} === 0")
    assert page.evaluate(JOURNAL) is None
    page.evaluate("window.__holdIdle = true; window.__lose = true")
    for n in (2, 3):
        page.locator("button.pile").tap()
        page.wait_for_function(f"document.querySelectorAll('.hand svg.card').length === {n}")
    assert page.evaluate(SAVING) == 2 and page.evaluate(JOURNAL) is None  # nothing left yet
    reopen(page)
    assert page.locator(".hand svg.card").count() == 3  # both draws, from the journal
    page.wait_for_function(f"{JOURNAL} === null")       # written, then removed
    played = page.evaluate("""async () => (await window.pocketdeckStore.entries("game:deck"))
        .map(([k, v]) => JSON.parse(v).actions.length)""")
    page.reload()  # and stored for good: no journal now, the same game
    start(page, page.url)
    page.wait_for_selector("[data-system=deck]")
    assert page.locator(".hand svg.card").count() == 3
    assert page.evaluate("""async () => (await window.pocketdeckStore.entries("game:deck"))
        .map(([k, v]) => JSON.parse(v).actions.length)""") == played
    ctx.close()
    assert not errors, errors


def test_a_hidden_page_s_journal_goes_once_its_saves_land(browser, server):
    """Hidden with a save not yet known written, the page writes the journal (a phone may
    kill it silently) and starts the write; once the write lands the journal is removed, so
    a later start never replays an old save over a newer one."""
    ctx, page, errors = deck_drawn(browser, server, HOLD_IDLE)
    page.wait_for_function(f"{SAVING} === 0")
    page.evaluate("window.__holdIdle = true")
    page.locator("button.pile").tap()
    page.wait_for_function("document.querySelectorAll('.hand svg.card').length === 2")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # still visible: nothing
    assert page.evaluate(JOURNAL) is None and page.evaluate(SAVING) == 1
    journal = page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {get: () => 'hidden', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
        return """ + JOURNAL + """;  // (before the write can land)
    }""")
    assert journal and '"game:deck"' in journal and '"put"' in journal
    page.wait_for_function(f"{SAVING} === 0 && {JOURNAL} === null")
    page.evaluate("delete document.visibilityState")
    reopen(page)
    assert page.locator(".hand svg.card").count() == 2
    ctx.close()
    assert not errors, errors


def test_a_journal_that_is_not_one_is_dropped_and_nothing_else_changes(browser, server):
    """localStorage holding something else under a journal's name (an old version, a
    hand-edited value): nothing of it is written, it is removed, the games are as they were."""
    ctx, page, errors = deck_drawn(browser, server, HOLD_IDLE)
    page.wait_for_function(f"{SAVING} === 0")
    page.evaluate("""() => {
        localStorage.setItem('pocketdeck-journal:a', JSON.stringify({at: 1, saves:
            [[["put", "game:deck", "not a save"]], [["drop", "game:deck"]]]}));
        localStorage.setItem('pocketdeck-journal:b', '{"at": 2, "saves": [[["put", "game:deck"');
        localStorage.setItem('pocketdeck-journal:c', JSON.stringify([[["put", "game:deck", "x"]]]));
    }""")
    reopen(page)
    assert page.locator(".hand svg.card").count() == 1
    assert page.evaluate(JOURNAL) is None
    ctx.close()
    assert not errors, errors


def test_the_journals_of_two_pages_are_replayed_oldest_first(browser, server):
    """Two tabs each left a journal for the same game: the next start writes both, the
    older first, so the newer save is the one kept; both are removed."""
    ctx, page, errors = deck_drawn(browser, server, HOLD_IDLE)
    page.wait_for_function(f"{SAVING} === 0")
    game = """async () => (await window.pocketdeckStore.entries("game:deck"))[0][1]"""
    one = page.evaluate(game)
    page.locator("button.pile").tap()
    page.wait_for_function(f"document.querySelectorAll('.hand svg.card').length === 2 && {SAVING} === 0")
    two = page.evaluate(game)
    page.evaluate("""([one, two]) => {
        localStorage.setItem('pocketdeck-journal:newer', JSON.stringify({at: 2000, saves: [[["put", "game:deck", two]]]}));
        localStorage.setItem('pocketdeck-journal:older', JSON.stringify({at: 1000, saves: [[["put", "game:deck", one]]]}));
    }""", [one, two])
    reopen(page)
    assert page.locator(".hand svg.card").count() == 2
    assert page.evaluate(game) == two and page.evaluate(JOURNAL) is None
    ctx.close()
    assert not errors, errors
