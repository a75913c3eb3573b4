"""Shared fixtures: dist/ served on 127.0.0.1 (at / and under a sub-path) and Debian's
Chromium driven by Playwright with a phone viewport and touch."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
from functools import partial
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("POCKETDECK_DIST", ROOT / "dist"))
CHROMIUM = str(build.CHROMIUM)
CHROMIUM_ARGS = build.CHROMIUM_ARGS
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
SUBPATH = "/some/path/"


class Handler(build.DistHandler):
    """dist/ at / and again under SUBPATH, as a static host would serve it; counts the
    full responses (200) per path so tests can see what was downloaded."""

    mount = SUBPATH
    downloads: dict[str, int] = {}

    def send_response(self, code: int, message: str | None = None) -> None:
        if code == 200:
            path = self.path.split("?")[0]
            self.downloads[path] = self.downloads.get(path, 0) + 1
        super().send_response(code, message)


def serve_dir(directory: Path):
    """A server of its own for ``directory`` (tests that change files); returns
    (base URL, downloads counter, shutdown function)."""
    handler = type("CountingHandler", (Handler,), {"downloads": {}})
    httpd = build.DistServer(("127.0.0.1", 0), partial(handler, directory=str(directory)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}", handler.downloads, httpd.shutdown


@pytest.fixture(scope="session")
def dist() -> Path:
    if not (DIST / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], check=True)
    return DIST


@pytest.fixture(scope="session")
def server(dist):
    url, _, stop = serve_dir(dist)
    yield url
    stop()


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: python3 build.py test installs it")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def watch_errors(ctx) -> list[str]:
    """Uncaught errors of every page in ``ctx`` (a Python exception in an event handler
    surfaces here too)."""
    errors: list[str] = []
    ctx.on("weberror", lambda e: errors.append(str(e.error)))
    return errors


@pytest.fixture
def phone(browser):
    """A fresh phone-sized context (empty cache, storage and service workers); the test
    fails if any page in it throws."""
    ctx = browser.new_context(**PHONE)
    ctx.errors = watch_errors(ctx)
    yield ctx
    ctx.close()
    assert not ctx.errors, f"uncaught page errors: {ctx.errors}"


@pytest.fixture
def profile_dir():
    d = tempfile.mkdtemp(prefix="pocketdeck-profile-")
    yield d
    shutil.rmtree(d, ignore_errors=True)


# -- accessibility: axe-core (pinned npm package, fetched by build.py) ----------------------
AXE = Path(os.environ.get("POCKETDECK_AXE", ROOT / ".cache" / "npm" / f"axe-core-{build.AXE_VERSION}"
                          / "package" / "axe.min.js"))


def axe_violations(page, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """axe-core's violations of the page as it is now, of the given impacts, one line each
    (rule, impact, and the first offending elements). The script is injected from the
    pinned package on disk, never from the network; a missing package fails the test."""
    if not AXE.exists():
        build.npm_package("axe-core", build.AXE_VERSION)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ["violations"]});
        return r.violations.map(v => ({id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))}));
    }""")
    return [f"{v['id']} ({v['impact']}): {', '.join(v['nodes'])}" for v in result
            if v["impact"] in impacts]


# -- helpers shared by the tables' browser tests ------------------------------------------
def saves_done(page) -> int:
    """How many IndexedDB writes the page has finished (``<html data-saved>``)."""
    return int(page.evaluate("document.documentElement.dataset.saved || 0"))


def tap_action(page, action: dict) -> None:
    """Tap the visible button that carries ``action``; return once the game is saved."""
    import json
    arg = json.dumps(action, sort_keys=True)
    handle = page.evaluate_handle(
        """arg => { const all = [...document.querySelectorAll('[data-action=play]')]
                      .filter(b => b.dataset.arg === arg && !b.disabled);
                    return all.find(b => b.offsetParent !== null) || null; }""", arg)
    el = handle.as_element()
    assert el is not None, f"no visible button for {arg}"
    before = saves_done(page)
    el.evaluate("e => e.scrollIntoView({block: 'center'})")
    el.tap()
    page.wait_for_function(f"Number(document.documentElement.dataset.saved) > {before}")


def more(page, name: str) -> None:
    """Tap a button of the table's bar, opening its More menu first when it holds it
    (issue 24: Library, Share and New game live in the menu)."""
    inside = page.locator("nav details.menu").get_by_role("button", name=name, include_hidden=True)
    if not inside.count():  # not a table's bar (home, the Library): the button as it is
        page.get_by_role("button", name=name).first.tap()
        return
    if not inside.first.is_visible():
        page.locator("nav details.menu > summary").first.tap()
    inside.first.tap()


def table_html(page, selector: str) -> str:
    """A table as drawn, less the last tap's result box and the cards it flipped (issue 24:
    both show what a tap just did, so a reload, which is no tap, has neither; its lines stay
    in the log). What a reload must give back unchanged."""
    return page.evaluate("""sel => { const t = document.querySelector(sel).cloneNode(true);
        t.querySelectorAll('[data-result], .flips').forEach(e => e.remove()); return t.innerHTML; }""", selector)


def check_both_schemes(page, where: str, *, open_panels: bool = False) -> None:
    """No serious or critical axe-core violation in the light and the dark palette;
    ``open_panels`` opens every <details> first so folded panels are checked too."""
    import json
    if open_panels:
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    problems = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found = axe_violations(page)
        if found:
            problems[scheme] = found
    page.emulate_media(color_scheme="light")
    assert not problems, f"{where}: {json.dumps(problems, indent=1)}"


def pinned_context(browser, entropy: int, **extra):
    """A phone context whose new games get the seed ``entropy`` (a CPython twin of the app
    can follow along); returns the context and the list its uncaught page errors go to."""
    ctx = browser.new_context(**PHONE, **extra)
    ctx.add_init_script(f"window.pocketdeckEntropy = () => {entropy};")
    return ctx, watch_errors(ctx)


def boot_offline(ctx, server: str, boot_ms: int = 90_000):
    """A new page of ``ctx`` booted at ``server``, then the network cut once the service
    worker holds every file: what follows runs offline. Returns the page."""
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=boot_ms)
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=boot_ms)
    ctx.set_offline(True)
    return page
