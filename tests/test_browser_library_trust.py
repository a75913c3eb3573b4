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
