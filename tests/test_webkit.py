"""The WebKit smoke suite (issue 46): WebKit is every iPhone's engine. Debian's WebKitGTK
(the same WebCore and JavaScriptCore as Safari) driven by WebKitWebDriver, its MiniBrowser
full screen on a 360x740 Xvfb screen (tests/webkit.py).

From a sub-path: boot; a Deck, a P52 and a Deckbuilder game whose saved games must equal a
CPython twin's tapped the same way (tests/test_firefox.py's ``games``: the same steps the
Firefox and Chromium runs take); a reload that starts from the boot snapshot made in WebKit
with the games back; an offline reload; the Library's storage line honest where the browser
gives no estimate; the table's invite screen honest where the browser cannot connect phones;
and no error recorded by the page (web/paint.js keeps the record: this driver has no
console channel). Skips, saying why, only where WebKitWebDriver, MiniBrowser or Xvfb is
missing; a WebKit that does not boot the app fails."""

from __future__ import annotations

import json
import threading
from functools import partial
from pathlib import Path

import pytest

import bench_webkit
import build
import webkit
from conftest import SUBPATH
from test_firefox import Switch, games, snapshot_key

pytestmark = pytest.mark.browser

BOOT_S = 240  # a first visit under load took up to a minute here: JavaScriptCore is slow to start wasm
STEP_S = 60
ENTROPY_PARAM = "pd-entropy="


class Pinned(Switch):
    """The offline switch of the Firefox suite, plus a pinned seed: a page asked for with
    ``?pd-entropy=N`` gets ``window.pocketdeckEntropy`` set before any of its scripts (what
    Playwright's init scripts do elsewhere; WebDriver has none). The service worker
    precaches ``./`` itself, so its copy is the real page."""

    def do_GET(self) -> None:
        path, _, query = self.path.partition("?")
        if ENTROPY_PARAM in query and path.endswith("/") and not type(self).offline:
            n = int(query.split(ENTROPY_PARAM)[1].split("&")[0])
            page = (Path(self.directory) / "index.html").read_bytes().replace(
                b"<head>", f"<head><script>window.pocketdeckEntropy = () => {n};</script>".encode(), 1)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)
            return
        super().do_GET()


@pytest.fixture(scope="module")
def site(dist):
    handler = type("PinnedHandler", (Pinned,), {"downloads": {}, "offline": False})
    httpd = build.DistServer(("127.0.0.1", 0), partial(handler, directory=str(dist)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", handler
    httpd.shutdown()


@pytest.fixture(scope="module")
def wk():
    why = webkit.missing()
    if why:
        pytest.skip(why)
    with webkit.WebKit() as browser:
        yield browser


# -- the steps, as tests/firefox_smoke.mjs takes them ------------------------------------------
VISIBLE = """const css = arguments[0];
return [...document.querySelectorAll(css)]
  .find((e) => !e.disabled && e.offsetParent !== null && e.checkVisibility()) || null;"""
CARRYING = """const [action, arg] = arguments[0];
return [...document.querySelectorAll("[data-action]")].find((b) => b.dataset.action === action
  && b.dataset.arg === arg && !b.disabled && b.offsetParent !== null && b.checkVisibility()) || null;"""
SETTLED = 'return (document.documentElement.dataset.saving || "0") === "0";'
READY = 'return document.documentElement.hasAttribute("data-ready");'


def ready(wk: webkit.WebKit, label: str) -> None:
    try:
        wk.wait(READY, timeout=BOOT_S, what="html[data-ready]")
    except TimeoutError:
        pytest.fail(f"{label}: the app did not boot in {BOOT_S} s in WebKit; the page recorded "
                    f"{wk.js('return window.pocketdeckErrors || []')}; it shows: "
                    f"{wk.js('return document.body.innerText.slice(0, 400)')}")


def tap(wk: webkit.WebKit, finder: str, arg, what: str) -> None:
    try:
        el = wk.wait(finder, arg, timeout=STEP_S, what=what)
    except TimeoutError:
        shown = wk.js('return [...document.querySelectorAll("[data-action]")].map((b) => '
                      '`${b.dataset.action} ${b.dataset.arg || ""}`).join(" | ").slice(0, 1500)')
        pytest.fail(f"no visible button for {what}; the screen has: {shown}")
    wk.js('arguments[0].scrollIntoView({block: "center"})', el)
    wk.click(el)
    wk.wait(SETTLED, timeout=STEP_S, what="the tap's save")


def step(wk: webkit.WebKit, s: dict) -> None:
    if "click" in s:
        tap(wk, VISIBLE, s["click"], s["click"])
    elif "tap" in s:
        tap(wk, CARRYING, s["tap"], " ".join(s["tap"]))
    elif "fill" in s:
        wk.js("""for (const [name, value] of Object.entries(arguments[0])) {
  const el = document.querySelector(`[name="${name}"]`);
  el.value = value; el.dispatchEvent(new Event("change", {bubbles: true})); }""", s["fill"])
    else:
        raise AssertionError(f"unknown step {s}")


def records(wk: webkit.WebKit) -> dict[str, str]:
    return dict(wk.js_async('return await window.pocketdeckStore.entries("game:");'))


def open_more(wk: webkit.WebKit, action: str) -> None:
    if not wk.js(VISIBLE, f"[data-action={action}]"):
        tap(wk, VISIBLE, "nav .menu > summary", "the More menu")
    tap(wk, VISIBLE, f"[data-action={action}]", action)


def main_text(wk: webkit.WebKit) -> str:
    return wk.js('return document.querySelector("main").innerText')


def test_webkit_smoke_and_the_same_games_as_cpython(dist, site, wk):
    url, handler = site
    entropy, steps, expected = games()
    wk.go(f"{url}{SUBPATH}?{ENTROPY_PARAM}{entropy}")
    ready(wk, "first visit")
    assert wk.js("return [innerWidth, innerHeight]") == [360, 740]  # the phone's view, no toolbar
    for game in steps:
        for s in game["steps"]:
            step(wk, s)
    assert records(wk) == expected  # WebKit's saved games are the CPython twin's

    # a reload: the boot snapshot made in this WebKit, the games back
    wk.wait('return document.documentElement.hasAttribute("data-offline-ready")', timeout=BOOT_S,
            what="the offline copy")
    key = snapshot_key(dist)
    if key:
        assert wk.js_async(bench_webkit.SNAPSHOT_JS, key), \
            "the boot snapshot was never made in WebKit (web/snapshot-worker.mjs)"
    wk.go(f"{url}{SUBPATH}")
    ready(wk, "reload")
    if key:
        assert wk.js("return document.documentElement.dataset.boot") == "snapshot", wk.js_async(
            "return [globalThis.pocketdeckBoot, location.href, (await caches.keys()), "
            "!!(await caches.match(new URL(arguments[0], location.href).href))]", key)
    # the runtime took the wasm boot.js had compiled while PyScript loaded (snapshot-loader warmUp)
    assert wk.js("return window.pocketdeckBoot.early") is True
    wk.wait('return !!document.querySelector("[data-system=deckbuilder]")', timeout=STEP_S,
            what="the Deckbuilder game back after a reload")
    assert records(wk) == expected

    # offline: no answer at all from the host, the service worker starts the app
    handler.offline = True
    try:
        wk.reload()
        ready(wk, "offline reload")
        wk.wait('return !!document.querySelector("[data-system=deckbuilder]")', timeout=STEP_S,
                what="the Deckbuilder game back offline")
        assert records(wk) == expected

        # the table's invite screen: this WebKit has no RTCPeerConnection
        has_peer = wk.js('return typeof RTCPeerConnection !== "undefined"')
        open_more(wk, "tl-host")
        text = main_text(wk)
        if not has_peer:
            assert "This browser cannot connect phones" in text, text[:600]
            assert "Share the game as a link instead" in text, text[:600]
            assert "Making the code" not in text and "Wi-Fi" not in text, text[:600]
            assert wk.js(VISIBLE, "[data-action=tl-share]"), "the way out (Share) is offered"

        # the Library, offline: what the browser does not tell is said, with what to do
        tap(wk, VISIBLE, "[data-action=home]", "home")
        open_more(wk, "lib")
        storage = wk.wait('const p = document.querySelector("p.storage"); return p && p.textContent',
                          timeout=STEP_S, what="the Library's storage line")
        assert "unknown" not in storage, storage
        if not wk.js("return !!(navigator.storage && navigator.storage.estimate)"):
            assert "does not say" in storage and "Export" in storage, storage
        else:
            assert "Stored on this phone:" in storage, storage
    finally:
        handler.offline = False
    errors = wk.js("return window.pocketdeckErrors")
    assert errors == [], errors
