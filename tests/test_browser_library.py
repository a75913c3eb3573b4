"""Issue 15 in Chromium at 360 px: two games of one system kept and each continued, the
Library screen (axe light and dark, no sideways scroll), export of the whole library as a
download and its import into a fresh profile by the file picker, an item link opened in a
second context with the network off that previews and imports, a corrupt entry set aside."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from conftest import PHONE, boot_offline, check_both_schemes, more  # noqa: E402
from test_browser import boot, open_deck, wait_saved  # noqa: E402

pytestmark = pytest.mark.browser


def names(page) -> list[str]:
    return sorted(page.locator(".lib-item .lib-name").all_inner_texts())


def fits_360(page) -> None:
    """No sideways scroll; every button at least 44 px high, the glossary terms inside a
    sentence excepted as tests/flow_walk.py excepts them (WCAG 2.5.8's inline targets)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    small = page.evaluate("""[...document.querySelectorAll('main button, main input[type=file]')]
        .filter(b => b.offsetParent && !b.matches('.term') && b.getBoundingClientRect().height < 44)
        .map(b => b.textContent)""")
    assert small == []


JSQR = Path(__file__).resolve().parents[1] / ".cache/npm/jsqr-1.4.0/package/dist/jsQR.js"


def decode_qr(page) -> str:
    """The text of the QR code on the screen, read by the pinned decoder (build.py
    QR_DECODER) from the SVG drawn onto a canvas, as a camera frame would be."""
    if not page.evaluate("!!window.jsQR"):
        page.add_script_tag(path=str(JSQR))
    return page.evaluate("""async () => {
        const svg = document.querySelector('[data-qr] svg');
        const img = new Image();
        img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg.outerHTML);
        await img.decode();
        const c = document.createElement('canvas'); c.width = c.height = 600;
        const g = c.getContext('2d'); g.fillStyle = '#fff'; g.fillRect(0, 0, 600, 600);
        g.drawImage(img, 0, 0, 600, 600);
        const found = jsQR(g.getImageData(0, 0, 600, 600).data, 600, 600);
        return found ? found.data : null;
    }""")


def test_two_games_export_import_and_a_link(phone, server, browser):
    page = phone.new_page()
    boot(page, server + "/")
    open_deck(page)
    page.locator("button.pile").tap()
    wait_saved(page, 1)
    first_hand = page.locator(".hand").inner_text()
    more(page, "New Deck game")
    page.get_by_role("button", name="54 cards").first.tap()
    more(page, "Library")
    page.wait_for_selector("section.library")
    assert len(page.locator(".lib-item[data-key^='game:deck']").all()) == 2
    fits_360(page)
    check_both_schemes(page, "the Library screen")
    # the older game continues exactly where it was
    older = page.locator(".lib-item[data-key='game:deck~2'] [data-action=lib-open]")
    older.tap()
    assert page.locator(".hand").inner_text() == first_hand
    page.get_by_role("button", name="\u2190 Home").tap()
    page.locator("[data-action=open][data-arg=deck]").tap()
    assert page.locator(".hand").inner_text() == first_hand  # Continue: the one opened last

    # a deck of one's own, then the whole library to a file
    more(page, "Library")
    page.get_by_role("button", name="New deck of your own").tap()
    page.get_by_role("button", name="Euchre (9 to Ace)").tap()
    page.fill("input[name=dname]", "<img src=x onerror=alert(1)>")
    page.get_by_role("button", name="Keep this deck").tap()
    page.wait_for_selector(".lib-item[data-key^='item:deck:deck:']")
    check_both_schemes(page, "the Library screen with a deck")
    mine = names(page)
    assert "<img src=x onerror=alert(1)>" in mine
    with page.expect_download() as got:
        page.get_by_role("button", name="Export all").tap()
    path = got.value.path()

    # a fresh profile imports the file by the file picker and finds every item
    fresh = browser.new_context(**PHONE)
    other = boot_offline(fresh, server)  # this phone has no signal from here on
    more(other, "Library")
    other.set_input_files("#lib-file", path)
    other.wait_for_selector(".lib-item[data-key^='item:deck:deck:']")
    assert names(other) == mine
    other.reload()
    other.wait_for_selector("html[data-ready]", state="attached")
    more(other, "Library")
    assert names(other) == mine  # stored, not only in memory

    # an item link opened in the fresh profile previews, asks, and imports
    key = page.locator(".lib-item[data-key^='item:deck:deck:']").get_attribute("data-key")
    page.locator(f".lib-item[data-key='{key}'] [data-action=lib-item]").tap()
    more(page, "Share")
    fragment = page.locator("input.share-link").get_attribute("data-share")
    check_both_schemes(page, "an item's screen with its link")
    fits_360(page)
    # its QR code, drawn by the app, decodes (with the kept decoder) to the same link
    page.wait_for_selector("[data-qr-drawn]")
    assert decode_qr(page) == page.locator("[data-qr]").get_attribute("data-qr-url")
    assert decode_qr(page).endswith("#" + fragment)
    # the app's own reader (BarcodeDetector, else the vendored jsQR) reads the drawn code
    read = page.evaluate("""async () => {
        const svg = document.querySelector('[data-qr] svg');
        const img = new Image();
        img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg.outerHTML);
        await img.decode();
        return window.pocketdeckLibrary.decodeFrame(img, 600, 600);
    }""")
    assert read.endswith("#" + fragment)
    third = fresh.new_page()
    boot(third, server + "/")
    more(third, "Library")
    third.evaluate("t => window.pocketdeckLibrary.takeCode(t)", read[:-40] + "AAAA")  # a damaged code
    third.wait_for_selector(".flash.error")
    assert "could not be opened" in third.locator(".flash.error").first.inner_text()
    assert sorted(third.locator(".lib-item .lib-name").all_inner_texts()) == mine
    third.evaluate("t => window.pocketdeckLibrary.takeCode(t)", read)
    third.wait_for_selector("section.preview")
    check_both_schemes(third, "the item preview")
    assert "&lt;img" not in third.locator("section.preview").inner_text()
    third.get_by_role("button", name="Import it").tap()
    third.wait_for_selector("section.library")
    fresh.close()


def test_a_corrupt_entry_leaves_the_rest_usable(phone, server):
    page = phone.new_page()
    boot(page, server + "/")
    page.evaluate("""window.pocketdeckStore.write([
        ["put", "char:p52:broken", "{\\"name\\": 1"],
        ["put", "item:deck:deck:mine", JSON.stringify({format: "pocketdeck-item", kind: "deck", system: "deck",
          version: 1, name: "Mine", data: {name: "Mine", cards: ["AS", "KS"]}})]])""")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    assert "set aside" in page.locator(".flash.error").first.inner_text()
    more(page, "Library")
    assert names(page) == ["Mine", "broken"]  # the set-aside entry is listed too (issue 28)
    page.wait_for_selector("p.storage:has-text('Stored on this phone')")  # usage from storage.estimate
    page.locator(".lib-item [data-action=lib-open]").tap()
    page.wait_for_selector("[data-system=deck]")
