"""Issue 30 in Chromium: the boot snapshot made on the phone (web/snapshot-worker.mjs,
started by web/snapshot-loader.mjs) and used on the next start.

A first visit, then a reload, starts from a snapshot made on the page, and the site served
no snapshot file; an update makes a new one; a snapshot that fails to make or to restore
falls back with no message to the player; with storage low none is made."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import build
from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, watch_errors
from test_browser_boot import BOOT_MS, draw, ready, site, start_deck  # noqa: F401 (site: a fixture)

pytestmark = pytest.mark.browser

# what the worker keeps, per key (the worker's own cache: not a version's)
KEPT = """async () => { const c = await caches.open("pocketdeck:snapshot"); const out = {};
  for (const r of await c.keys()) out[new URL(r.url).pathname] = (await (await c.match(r)).arrayBuffer()).byteLength;
  return out; }"""


def snapshot_of(site: Path) -> dict:
    """The {key, token, wheel} build.py baked into the site's loader."""
    found = re.search(r"const SNAPSHOT = (.*);", (site / build.LOADER).read_text())
    assert found, "the loader names no snapshot"
    value = json.loads(found.group(1))
    if value is None:
        pytest.fail("build.py named no boot snapshot (POCKETDECK_SNAPSHOT=0)")
    return value


def made(page) -> str:
    """Until the page's snapshot worker is done; what it did (<html data-snapshot-made>)."""
    page.wait_for_selector("html[data-snapshot-made]", state="attached", timeout=BOOT_MS * 2)
    return page.evaluate("document.documentElement.dataset.snapshotMade")


def console_errors(ctx) -> list[str]:
    out: list[str] = []
    ctx.on("console", lambda m: m.type == "error" and "favicon" not in m.text and out.append(m.text))
    return out


def served_snapshots(downloads: dict) -> list[str]:
    return [p for p in downloads if "/snapshot/" in p or p.endswith(".bin") or p.endswith(".bin.gz")]


MARKER = "pocketdeck:snapshot-restoring"  # web/snapshot-loader.mjs: url, tries, when


def test_a_first_visit_makes_the_snapshot_and_the_reload_starts_from_it(browser, site):
    root, url, downloads = site
    snap = snapshot_of(root)
    ctx = browser.new_context(**PHONE)
    errors, said = watch_errors(ctx), console_errors(ctx)
    try:
        page = ctx.new_page()
        assert ready(page, url + "/") == "normal"  # a first visit: nothing kept yet
        start_deck(page)
        left = draw(page)
        assert made(page) == "made"
        kept = page.evaluate(KEPT)
        assert list(kept) == ["/" + snap["key"]] and kept["/" + snap["key"]] > 10e6, kept
        assert served_snapshots(downloads) == []  # made on the page, not fetched from the site
        check = page.evaluate("""async (key) => (await caches.match(new URL(key, location.href).href))
                                     .headers.get("X-Pocketdeck-Check")""", snap["key"])
        length, lanes = check.split(":")  # kept with the image: its length and four 32-bit lanes
        assert int(length) == kept["/" + snap["key"]] and re.fullmatch("[0-9a-f]{32}", lanes), check

        # a start that hangs while the image is restored leaves its mark: the snapshot's URL,
        # one start that did not come back, and when it began
        href = page.evaluate("(key) => new URL(key, location.href).href", snap["key"])
        stuck = ctx.new_page()
        stuck.add_init_script("WebAssembly.instantiateStreaming = WebAssembly.instantiate = "
                              "() => new Promise(() => {});")
        stuck.goto(url + "/")
        stuck.wait_for_function(f"localStorage.getItem({MARKER!r}) !== null", timeout=BOOT_MS)
        was, tries, at = stuck.evaluate(f"localStorage.getItem({MARKER!r})").split(" ")
        assert (was, tries) == (href, "1") and abs(int(at) - page.evaluate("Date.now()")) < BOOT_MS
        stuck.close()
        # one such start is not enough to drop it (the app closed as it started), and a marker
        # of another tab still starting (younger than 5 s) is not counted; a start that comes
        # back leaves no marker
        for tries, when in ((1, "0"), (2, "Date.now()")):
            page.evaluate(f"localStorage.setItem({MARKER!r}, {href!r} + ' {tries} ' + {when})")
            assert ready(page) == "snapshot", (tries, when)
            assert page.evaluate(f"localStorage.getItem({MARKER!r})") is None
        assert page.locator("button.pile .count").inner_text() == str(left)  # the player's game
        # nothing is made after a snapshot start
        assert page.evaluate("window.pocketdeckBoot.made") is None
        # once Python is up the page no longer holds the snapshot's bytes (issue 18)
        assert page.evaluate("window.pocketdeckBoot.snapshotHeld") is False
        cdp = ctx.new_cdp_session(page)
        cdp.send("HeapProfiler.collectGarbage")
        held = cdp.send("Runtime.getHeapUsage")["backingStorageSize"]
        assert held < kept["/" + snap["key"]] / 2, f"{held} bytes of array buffers held after a snapshot start"
        assert draw(page) == left - 1  # and it plays on
        # new games take fresh entropy after a snapshot start, not the snapshot's
        seeds = page.evaluate("[window.pocketdeckEntropy(), window.pocketdeckEntropy()]")
        assert seeds[0] != seeds[1]
        assert served_snapshots(downloads) == []
    finally:
        ctx.close()
    assert not errors, errors
    assert not said, said


@pytest.mark.parametrize("damage", ["corrupt", "short", "unchecked", "unfinished", "missing"])
def test_a_snapshot_that_fails_to_restore_falls_back_silently(browser, site, damage):
    root, url, _ = site
    snap = snapshot_of(root)
    ctx = browser.new_context(**PHONE)
    errors = watch_errors(ctx)
    try:
        page = ctx.new_page()
        ready(page, url + "/")
        start_deck(page)
        left = draw(page)
        assert made(page) == "made"
        page.evaluate("""async ([key, damage, marker]) => {
            const href = new URL(key, location.href).href;
            // two starts from it in a row never came back (hung, or closed while restoring)
            if (damage === "unfinished") return localStorage.setItem(marker, href + " 2 0");
            const cache = await caches.open("pocketdeck:snapshot");
            const hit = await cache.match(href);
            if (damage === "missing") return cache.delete(href);
            let bytes = new Uint8Array(await hit.arrayBuffer());
            if (damage === "unchecked") return cache.put(href, new Response(bytes));  // no check kept
            if (damage === "short") bytes = bytes.slice(0, bytes.length >> 2);
            else for (let i = 4096; i < bytes.length; i += 4093) bytes[i] ^= 0x5a;
            // storage lost or flipped bytes; the headers, the worker's check among them, stay
            await cache.put(href, new Response(bytes, { headers: hit.headers }));
        }""", [snap["key"], damage, MARKER])
        assert ready(page) == ("normal" if damage == "missing" else "fallback")
        # a damaged image is refused by its check before it runs (restored, it could hang)
        why = {"corrupt": "do not match its check", "short": "do not match its check",
               "unchecked": "has no check",
               "unfinished": "the last 2 starts from the snapshot did not finish",
               "missing": None}[damage]
        error = page.evaluate("window.pocketdeckBoot.error")
        assert (why in error) if why else error is None, error
        assert page.locator("button.pile .count").inner_text() == str(left)
        assert draw(page) == left - 1
        assert page.locator(".py-error").count() == 0
        if damage == "missing":
            assert made(page) == "made"  # simply made again
            assert ready(page) == "snapshot"
        else:
            # dropped, and neither tried nor made again for this build
            assert ready(page) == "normal"
            assert page.evaluate(f"localStorage.getItem({MARKER!r})") is None
            page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=BOOT_MS)
            page.wait_for_timeout(1500)
            assert page.evaluate("window.pocketdeckBoot.made") is None
    finally:
        ctx.close()
    assert not errors, errors


def test_a_snapshot_that_fails_to_make_falls_back_with_no_message(browser, site):
    """The worker's Python fails (here: warm() is not there): nothing is kept but a marker,
    the player sees nothing, and the next start is the normal one, not another attempt."""
    root, url, downloads = site
    worker = root / build.SNAPSHOT_WORKER
    worker.write_text(worker.read_text().replace("import warm_steps\\nwarm_steps(",
                                                 "import no_such_name as warm_steps\\nwarm_steps("))
    build.write_service_worker(root)
    ctx = browser.new_context(**PHONE)
    errors, said = watch_errors(ctx), console_errors(ctx)
    try:
        page = ctx.new_page()
        assert ready(page, url + "/") == "normal"
        start_deck(page)
        left = draw(page)
        assert made(page) == "failed"
        assert "no_such_name" in page.evaluate("window.pocketdeckBoot.made.error")
        assert page.locator(".py-error").count() == 0
        assert "snapshot" not in page.locator("body").inner_text().lower()
        assert ready(page) == "normal"
        assert page.locator("button.pile .count").inner_text() == str(left)
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=BOOT_MS)
        page.wait_for_timeout(1500)
        assert page.evaluate("window.pocketdeckBoot.made") is None  # not tried again
        assert draw(page) == left - 1
    finally:
        ctx.close()
    assert not errors, errors
    assert not said, said


def test_with_storage_low_no_snapshot_is_made(browser, site):
    """A phone whose storage is nearly full (navigator.storage.estimate says 40 MB left of
    the quota; Chromium's CDP quota override did not reach estimate() here, so the page's
    answer is set instead): no worker starts, nothing is kept, the app boots the normal
    way, and the next start asks again (space may be back)."""
    root, url, _ = site
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script("if (self.navigator && navigator.storage) navigator.storage.estimate = async () => ({quota: 80e6, usage: 40e6});")
    errors = watch_errors(ctx)
    try:
        page = ctx.new_page()
        assert ready(page, url + "/") == "normal"
        assert made(page) == "low-storage"
        assert page.evaluate(KEPT) == {}
        assert ready(page) == "normal"
        assert made(page) == "low-storage"
        assert page.evaluate(KEPT) == {}
    finally:
        ctx.close()
    assert not errors, errors


def test_an_update_makes_a_new_snapshot_and_never_boots_the_old(browser, site, tmp_path):
    """A deploy (here: the snapshot's token changed, as a one-line engine change changes
    it): the updated page boots the normal way, makes its own snapshot in place of the old
    one, and the next start is from it."""
    root, url, downloads = site
    snap = snapshot_of(root)
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
    errors = watch_errors(ctx)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        ready(page, url + "/")
        assert made(page) == "made"
        assert ready(page) == "snapshot"

        new = "0" * 16
        loader = root / build.LOADER
        loader.write_text(loader.read_text().replace(snap["token"], new))
        build.write_service_worker(root)
        ready(page)  # the old version still runs this page; it finds the update
        page.wait_for_selector("#update:not([hidden])", timeout=BOOT_MS)
        page.evaluate("window.oldPage = true")  # gone once the update has reloaded the page
        page.locator("#update-reload").tap()
        page.wait_for_function("!window.oldPage && window.pocketdeckBoot"
                               " && document.documentElement.hasAttribute('data-ready')", timeout=BOOT_MS)
        assert page.evaluate("document.documentElement.dataset.boot") == "normal"
        assert made(page) == "made"
        kept = page.evaluate(KEPT)
        assert list(kept) == [f"/snapshot/pocketdeck-{new}.bin"], kept  # the old one is gone
        assert ready(page) == "snapshot"
        assert page.evaluate("window.pocketdeckBoot.error") is None
        assert served_snapshots(downloads) == []
    finally:
        ctx.close()
    assert not errors, errors


def test_the_worker_waits_while_the_player_taps(browser, site):
    """Each tap tells the snapshot worker to wait (web/snapshot-loader.mjs posts {busy}):
    between its steps (a module imported, a table loaded) it waits until the player has
    been quiet for a moment, so it does not take the CPU a tap needs. Tapping on through
    the making, the worker reports time spent waiting; the snapshot is still made and
    used."""
    root, url, downloads = site
    ctx = browser.new_context(**PHONE)
    errors = watch_errors(ctx)
    try:
        page = ctx.new_page()
        assert ready(page, url + "/") == "normal"
        start_deck(page)
        page.wait_for_selector("html[data-snapshot-making], html[data-snapshot-made]",
                               state="attached", timeout=BOOT_MS)
        assert page.evaluate("document.documentElement.hasAttribute('data-snapshot-making')"), \
            "the worker finished before the player could tap"
        taps = 0
        while page.evaluate("document.documentElement.hasAttribute('data-snapshot-making')") and taps < 40:
            draw(page)
            taps += 1
            page.wait_for_timeout(150)  # a player's pace: well inside the worker's quiet time
        assert taps >= 3
        assert made(page) == "made"
        result = page.evaluate("window.pocketdeckBoot.made")
        assert result["paused_ms"] >= 500, result  # it waited while the draws went on
        assert not page.evaluate("document.documentElement.hasAttribute('data-snapshot-making')")
        assert ready(page) == "snapshot"
    finally:
        ctx.close()
    assert not errors, errors


def test_the_snapshot_check_sees_any_one_changed_word_or_byte(browser, site):
    """snapshotCheck (web/snapshot-loader.mjs): a single flipped bit in any of the four lanes,
    in the words after the last whole group of four, or in the bytes after the last whole word
    changes the check, and so do the top bits of two words of one lane; the same bytes give
    the same check, at any offset in their buffer."""
    _, url, _ = site
    ctx = browser.new_context(**PHONE)
    try:
        page = ctx.new_page()
        page.goto(url + "/manifest.webmanifest")  # an origin, no app: the module alone
        out = page.evaluate("""async () => {
            const { snapshotCheck } = await import("/runtime/pyodide/snapshot-loader.mjs");
            const n = 4 * 4096 + 3 * 4 + 3;  // whole groups, three words after them, three bytes
            const base = new Uint8Array(n);
            for (let i = 0; i < n; i++) base[i] = (i * 31 + 7) & 255;
            const first = snapshotCheck(base);
            const shifted = new Uint8Array(n + 1); shifted.set(base, 1);
            const changed = [];
            for (const at of [0, 4, 8, 12, 4096 * 2 + 5, 4 * 4096, 4 * 4096 + 8, n - 1]) {
                const copy = base.slice(); copy[at] ^= 1;
                changed.push(snapshotCheck(copy) !== first);
            }
            // the top bit of two words of one lane (a multiplication alone never carries it down)
            const top = base.slice(); top[3] ^= 0x80; top[16003] ^= 0x80;
            changed.push(snapshotCheck(top) !== first);
            return { first, again: snapshotCheck(base.slice()), offset: snapshotCheck(shifted.subarray(1)),
                     shorter: snapshotCheck(base.subarray(0, n - 1)) !== first, changed };
        }""")
    finally:
        ctx.close()
    assert out["first"] == out["again"] == out["offset"], out
    assert out["shorter"] and all(out["changed"]), out
