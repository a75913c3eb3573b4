"""Issue 28 in Chromium: a file larger than a library file is refused by its size before a
byte of it is read (item 10), and a forged checkpoint in IndexedDB with a script where the
Deckbuilder keeps its round never reaches the page: set aside, listed, no script run (item 12)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from test_browser import boot  # noqa: E402
from test_library_trust import SCRIPT, _checkpointed  # noqa: E402

pytestmark = pytest.mark.browser


def test_10_a_file_too_large_is_refused_before_it_is_read(phone, server, tmp_path):
    from pocketdeck.core.records import MAX_FILE_CHARS
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_FILE_CHARS + 1))
    page = phone.new_page()
    page.add_init_script("""{
        const text = Blob.prototype.text;
        Blob.prototype.text = function () { window.pdRead = (window.pdRead || 0) + 1; return text.call(this); };
    }""")
    boot(page, server + "/")
    page.get_by_role("button", name="Library").first.tap()
    page.set_input_files("#lib-file", str(big))
    page.wait_for_selector(".flash.error:has-text('bytes')")
    assert "4,000,001 bytes" in page.locator(".flash.error").first.inner_text()
    assert page.evaluate("window.pdRead || 0") == 0


def test_12_a_forged_checkpoint_never_reaches_the_page(phone, server, monkeypatch):
    data = _checkpointed("deckbuilder", {}, monkeypatch)
    data["base"]["round"] = SCRIPT
    data["actions"], data["state"] = [], data["base"]
    page = phone.new_page()
    boot(page, server + "/")
    title = page.title()
    page.evaluate("""(save) => window.pocketdeckStore.write([["put", "game:deckbuilder", save],
        ["put", "ui:screen", "table:deckbuilder"]])""", json.dumps(data))
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    assert "could not be loaded" in page.locator(".flash.error").first.inner_text()
    assert page.title() == title and page.locator("img[onerror]").count() == 0
    page.get_by_role("button", name="Library").first.tap()
    page.wait_for_selector(".lib-item:has-text('could not be read')")
    assert page.title() == title and page.locator("img[onerror]").count() == 0


def _long_games_file(tmp_path) -> Path:
    """Adventure games filling the work budget (tests/bench_imports.py): seconds of replay."""
    from bench_imports import most_work
    path = tmp_path / "long.json"
    path.write_text(most_work())
    return path


KEYS_JS = "async () => (await window.pocketdeckStore.entries('')).map((e) => e[0])"
LONG_JS = """() => { window.pdLong = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.pdLong.push(e.duration); })
    .observe({type: 'longtask'}); }"""
# every distinct progress line the page drew while it checked the file
PROGRESS_JS = """() => { window.pdProgress = [];
  new MutationObserver(() => {
    const line = document.querySelector('.lib-progress');
    if (line && !window.pdProgress.includes(line.textContent)) window.pdProgress.push(line.textContent);
  }).observe(document.body, {subtree: true, childList: true, characterData: true}); }"""
# a tap on Cancel between two slices, once the line says some moves are checked
CANCEL_JS = """() => { window.pdCancelled = null;
  const watch = new MutationObserver(() => {
    const line = document.querySelector('.lib-progress');
    if (!line || !/[1-9][0-9,]* of/.test(line.textContent)) return;
    watch.disconnect();
    window.pdCancelled = line.textContent;
    document.querySelector('[data-action=lib-import-cancel]').click();
  });
  watch.observe(document.body, {subtree: true, childList: true, characterData: true}); }"""


def test_8_a_long_import_is_checked_in_slices_and_cancel_keeps_nothing(phone, server, tmp_path):
    """The work budget's file (bench_imports): slices of about 50 ms with a progress line;
    Cancel between two slices keeps nothing; imported to the end, the page drew its progress
    line between many slices (how long a slice blocks is measured by the bench, not here). The first slice of a file holds the first load of the system's code
    (Adventure: 1 s at 1x on a quiet machine, 2 s here under load), as opening its table does."""
    path = _long_games_file(tmp_path)
    page = phone.new_page()
    boot(page, server + "/")
    before = sorted(page.evaluate(KEYS_JS))
    page.get_by_role("button", name="Library").first.tap()
    page.wait_for_selector("#lib-file", state="attached")
    page.evaluate(CANCEL_JS)
    page.set_input_files("#lib-file", str(path))
    page.wait_for_selector(".flash:has-text('nothing of the file was kept')")
    assert "Checking the file by the rules" in page.evaluate("window.pdCancelled")
    assert page.locator(".lib-progress").count() == 0
    page.wait_for_timeout(300)
    assert sorted(page.evaluate(KEYS_JS)) == before
    page.evaluate(LONG_JS)
    page.evaluate(PROGRESS_JS)
    page.set_input_files("#lib-file", str(path))                   # again, to the end
    n = len(json.loads(path.read_text())["items"])  # as many games as fill the budget (15 today)
    page.wait_for_selector(f".flash:has-text('Import: {n} added.')", timeout=120_000)
    page.wait_for_timeout(300)
    assert len(page.evaluate(KEYS_JS)) == len(before) + n + 1     # the games and ui:library
    # sliced: the page drew the progress line again and again between slices (how long each
    # slice blocks is the bench's to measure, tests/bench_imports.py, not a timed test's)
    lines = page.evaluate("window.pdProgress")
    assert len(lines) >= 3, lines
    assert len(page.evaluate("window.pdLong")) > 3


def test_9_a_code_larger_than_the_app_draws_is_read_but_not_taken(phone, server):
    """Item 9, second half: "refuse codes larger than the app itself would draw". The app
    draws up to version 25 at level M (web/library.js QR_MAX_VERSION); the scanner (jsQR)
    reads up to 40. A version-30 code filmed by the camera is decoded, marked too big and
    never reaches the URL fragment; a version-25 code of the same kind is taken."""
    page = phone.new_page()
    boot(page, server + "/")
    got = page.evaluate("""async () => {
      const lib = window.pocketdeckLibrary;
      const qrcode = (await import('./vendor/qrcode.mjs')).default;
      const film = async (version) => {
        const qr = qrcode(version, 'M');
        qr.addData('https://example.org/#i=' + 'A'.repeat(version === 25 ? 800 : 1300), 'Byte');
        qr.make();
        const img = new Image();
        img.src = qr.createDataURL(4, 16);
        await img.decode();
        return await lib.decodeFrame(img, img.naturalWidth, img.naturalHeight);
      };
      const big = await film(30), fits = await film(25);
      const before = location.hash;
      const tookBig = lib.takeCode(big);
      const hashAfterBig = location.hash;
      return {big, fitsRead: typeof fits === 'string' && fits.startsWith('https://example.org/#i='),
              tookBig, hashUnchanged: hashAfterBig === before, tooBigFits: lib.tooBig(fits),
              by: document.documentElement.getAttribute('data-scan-by')};
    }""")
    assert got["by"] == "jsQR"
    assert got["big"] == "\u0000too-big"  # read, and refused before anything of it is used
    assert got["tookBig"] is False and got["hashUnchanged"]
    assert got["fitsRead"] and got["tooBigFits"] is False
