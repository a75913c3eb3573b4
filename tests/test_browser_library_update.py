"""Issue 15: a new deploy never touches the library. A library of every kind (the fixtures
of tests/library_fixtures, every version) is stored by version 1 of the site; version 2 is
deployed and taken; every stored entry is byte for byte what it was and every item is
listed on the Library screen."""

from __future__ import annotations

import json
import shutil

import pytest

import build
from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, serve_dir, watch_errors
from library_samples import FIXTURES
from test_library import BROKEN
from test_browser import BOOT_MS, boot

pytestmark = pytest.mark.browser
ALL = "window.pocketdeckStore.entries('').then(e => Object.fromEntries(e))"


def library_of_every_kind() -> dict[str, str]:
    stored: dict[str, str] = {}
    for path in sorted(FIXTURES.glob("*.json")):
        if path.stem in BROKEN:  # not readable by today's rules either (test_library.BROKEN)
            continue
        for key, text in json.loads(path.read_text())["stored"].items():
            stored[key + ("-" + path.stem if not key.startswith("game:") else "")] = text
    return stored


def test_an_update_keeps_a_library_of_every_kind(browser, dist, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    url, _, stop = serve_dir(site)
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
    errors = watch_errors(ctx)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        boot(page, url + "/")
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=BOOT_MS)
        library = library_of_every_kind()
        page.evaluate("ops => window.pocketdeckStore.write(ops)", [["put", k, v] for k, v in library.items()])
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        page.get_by_role("button", name="Library").first.tap()
        before = page.locator(".lib-item").count()
        assert before == len(library) and page.locator(".flash.error").count() == 0
        stored = page.evaluate(ALL)

        # version 2 is deployed and taken
        page_file = site / "index.html"  # app.css is inlined there (build.inline_paint)
        page_file.write_text(page_file.read_text().replace(
            "</style>", "\nbody { outline: 1px solid rgb(1, 2, 3); }\n</style>", 1))
        build.write_service_worker(site)
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        page.wait_for_selector("#update:not([hidden])", timeout=BOOT_MS)
        page.locator("#update-reload").tap()
        page.wait_for_function("getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)'", timeout=BOOT_MS)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        after = page.evaluate(ALL)
        assert {k: v for k, v in after.items() if not k.startswith("ui:")} == \
            {k: v for k, v in stored.items() if not k.startswith("ui:")}
        page.get_by_role("button", name="Library").first.tap()
        assert page.locator(".lib-item").count() == before
        assert not errors, errors
    finally:
        ctx.close()
        stop()
