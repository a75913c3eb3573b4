"""Issue 18 in Chromium: the boot snapshot (web/snapshot-loader.mjs, sw.js) and the last
screen painted before Python (web/lastscreen.js).

A start from the snapshot reaches the player's game; a corrupt or missing snapshot falls
back to the normal boot and the app starts; a new version never boots an old snapshot."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, axe_violations, serve_dir, watch_errors

BOOT_MS = 120_000
LOADER = "runtime/pyodide/snapshot-loader.mjs"


def snapshot_of(site: Path) -> dict:
    """The {key, token} build.py baked into the site's loader."""
    found = re.search(r"const SNAPSHOT = (.*);", (site / LOADER).read_text())
    assert found, "the loader names no snapshot"
    value = json.loads(found.group(1))
    if value is None:
        pytest.fail("build.py made no boot snapshot (node missing or POCKETDECK_SNAPSHOT=0)")
    return value


def ready(page, url: str | None = None) -> str:
    """Load (or reload) and wait for the app; returns how it booted (<html data-boot>)."""
    if url:
        page.goto(url)
    else:
        page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    return page.evaluate("document.documentElement.dataset.boot")


def wait_cached(page, key: str) -> None:
    """Until the service worker keeps the unpacked snapshot (it fetches it after ready).
    (page.evaluate awaits the promise; a wait_for_function predicate would not.)"""
    probe = """async (key) => { const r = await caches.match(new URL(key, location.href).href);
                                return !!r && (await r.arrayBuffer()).byteLength > 1e6; }"""
    for _ in range(BOOT_MS // 250):
        if page.evaluate(probe, key):
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the service worker never kept the snapshot {key}")


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


def test_a_warm_start_from_the_snapshot_reaches_the_players_game(browser, site):
    root, url, downloads = site
    snap = snapshot_of(root)
    ctx = browser.new_context(**PHONE)
    errors = watch_errors(ctx)
    try:
        page = ctx.new_page()
        assert ready(page, url + "/") == "normal"  # a first visit: nothing cached yet
        # the first visit did not wait for the snapshot: it comes after the app is ready
        start_deck(page)
        left = draw(page)
        wait_cached(page, snap["key"])
        assert sum(n for p, n in downloads.items() if p.startswith("/snapshot/")) == 1

        assert ready(page) == "snapshot"
        assert page.locator("button.pile .count").inner_text() == str(left)  # the player's game
        # once Python is up the page no longer holds the snapshot's bytes (Pyodide keeps its
        # options, the 31 MB included, unless the loader lets go of them): the array
        # buffers left after a collection are far fewer than the snapshot's size
        assert page.evaluate("window.pocketdeckBoot.snapshotHeld") is False
        size = len(gzip.decompress(next((root / "snapshot").glob("*.bin.gz")).read_bytes()))
        cdp = ctx.new_cdp_session(page)
        cdp.send("HeapProfiler.collectGarbage")
        held = cdp.send("Runtime.getHeapUsage")["backingStorageSize"]
        assert held < size / 2, f"{held} bytes of array buffers held after a snapshot start ({size})"
        assert draw(page) == left - 1  # and it plays on
        # new games take fresh entropy after a snapshot start, not the snapshot's
        seeds = page.evaluate("[window.pocketdeckEntropy(), window.pocketdeckEntropy()]")
        assert seeds[0] != seeds[1]
    finally:
        ctx.close()
    assert not errors, errors


@pytest.mark.parametrize("damage", ["corrupt", "short", "missing"])
def test_a_broken_or_missing_snapshot_falls_back_and_the_app_starts(browser, site, damage):
    root, url, _ = site
    snap = snapshot_of(root)
    ctx = browser.new_context(**PHONE)
    errors = watch_errors(ctx)
    try:
        page = ctx.new_page()
        ready(page, url + "/")
        start_deck(page)
        left = draw(page)
        wait_cached(page, snap["key"])
        page.evaluate("""async ([key, damage]) => {
            const href = new URL(key, location.href).href;
            for (const name of await caches.keys()) {
              const cache = await caches.open(name);
              const hit = await cache.match(href);
              if (!hit) continue;
              if (damage === "missing") { await cache.delete(href); continue; }
              let bytes = new Uint8Array(await hit.arrayBuffer());
              if (damage === "short") bytes = bytes.slice(0, bytes.length >> 2);
              else for (let i = 4096; i < bytes.length; i += 4093) bytes[i] ^= 0x5a;
              await cache.put(href, new Response(bytes));
            }
        }""", [snap["key"], damage])
        expected = "normal" if damage == "missing" else "fallback"
        assert ready(page) == expected
        assert page.locator("button.pile .count").inner_text() == str(left)
        assert draw(page) == left - 1
        if damage != "missing":
            # dropped: the next start does not try it again
            assert ready(page) == "normal"
    finally:
        ctx.close()
    assert not errors, errors


def test_an_update_never_boots_the_old_snapshot(browser, site, tmp_path):
    """A new version whose loader names the same snapshot file but another build's token
    (the worst case: a stale file under a reused name) boots the normal way."""
    import build

    root, url, _ = site
    snap = snapshot_of(root)
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
    errors = watch_errors(ctx)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        ready(page, url + "/")
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=BOOT_MS)
        wait_cached(page, snap["key"])
        assert ready(page) == "snapshot"

        loader = root / LOADER
        loader.write_text(loader.read_text().replace(snap["token"], "0" * 16))
        sw = (root / "sw.js").read_text()
        info = json.loads(re.search(r"const SNAPSHOT = (.*);", sw).group(1))
        build.write_service_worker(root, {**info, "token": "0" * 16})
        ready(page)  # the old version still runs this page; it finds the update
        page.wait_for_selector("#update:not([hidden])", timeout=BOOT_MS)
        page.evaluate("window.oldPage = true")  # gone once the update has reloaded the page
        page.locator("#update-reload").tap()
        page.wait_for_function("!window.oldPage && window.pocketdeckBoot"
                               " && document.documentElement.hasAttribute('data-ready')", timeout=BOOT_MS)
        how = page.evaluate("document.documentElement.dataset.boot")
        # the old version's cache (and its snapshot) may already be gone: then a normal boot;
        # if it is still there, the loader refuses it by its token
        assert how in ("normal", "fallback"), how
        if how == "fallback":
            assert "another build" in page.evaluate("window.pocketdeckBoot.error")
        assert page.locator("li.tile").count() >= 5  # the app is up
    finally:
        ctx.close()
    assert not errors, errors


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
