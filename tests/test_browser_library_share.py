"""Issue 15 in Chromium at 360 px, the paths a desktop Chromium does not have by itself:

- a ticked selection exported by taps (two of three), the file holding exactly those two,
  imported into a fresh profile;
- persistent storage: ``navigator.storage.persist`` stubbed in an init script, asked from the
  storage line's button only, refused (the reminder to export, with the last export's
  date) and granted ("kept");
- the Web Share API stubbed in an init script: "Send the link" passes the link, "Send all
  as a file" the export file where ``canShare({files})`` is true; a refusal or a closed
  sheet (AbortError) falls back to the clipboard (the download for a file), and where
  there is no share sheet the link is copied;
- DofA sheets and the GM's table in the library: a sheet opens the player's table on it,
  a GM's table opens the GM's table;
- the camera: a second Chromium launched with a fake camera whose frames (a y4m file made
  here from the QR code the app drew) hold a sheet's code; "Scan a QR code" reads it from
  getUserMedia frames, shows the preview, and imports it offline.
"""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, boot_offline, check_both_schemes, more  # noqa: E402
from test_browser import boot  # noqa: E402
from test_browser_library import fits_360, names  # noqa: E402

from library_samples import dofa_sheet, own_deck  # noqa: E402
from test_library_dofa import current_table  # noqa: E402
from pocketdeck.core.records import export_file, get_kind, make_item  # noqa: E402

pytestmark = pytest.mark.browser

# navigator.share / canShare and navigator.storage.persist(ed) as a phone has them; what the
# page passes is kept in window.__shared, what they answer is set by window.__share
# ("ok", "abort", "refuse", "none": no share sheet at all) and window.__grant
STUBS = """
window.__shared = []; window.__share = "ok"; window.__persistCalls = 0;
if (window.__grant === undefined) window.__grant = false;
const share = async (data) => {
  const files = [];
  for (const f of (data && data.files) || []) files.push({ name: f.name, text: await f.text() });
  window.__shared.push({ url: data.url || null, title: data.title || null, files });
  if (window.__share === "abort") throw new DOMException("closed", "AbortError");
  if (window.__share === "refuse") throw new DOMException("not allowed", "NotAllowedError");
};
Object.defineProperty(Navigator.prototype, "share", { configurable: true,
  get() { return window.__share === "none" ? undefined : share; } });
Object.defineProperty(Navigator.prototype, "canShare", { configurable: true,
  get() { return window.__share === "none" ? undefined : (d) => !!(d && (d.files || d.url)); } });
let granted = false;
StorageManager.prototype.persisted = async () => granted;
StorageManager.prototype.persist = async () => { window.__persistCalls += 1; granted = window.__grant; return granted; };
"""

TODAY = datetime.date.today().isoformat()


def three_items() -> list[dict]:
    deck = own_deck()
    table = current_table()  # the fixture's own record is rules format 1, refused since issue 47
    return [make_item(get_kind("deck", "deck"), deck["name"], deck),
            make_item(get_kind("sheet", "dofa"), "Wren", dofa_sheet()), table]


def key_of(page, prefix: str) -> str:
    return page.locator(f".lib-item[data-key^='{prefix}']").first.get_attribute("data-key")


def done(page, what: str) -> None:
    page.wait_for_selector(f"html[data-lib-done={what}]", state="attached")


def test_ticked_export_storage_share_sheet_and_dofa_kinds(browser, server, tmp_path):
    ctx = browser.new_context(**PHONE, permissions=["clipboard-read", "clipboard-write"])
    ctx.add_init_script(STUBS)
    page = ctx.new_page()
    boot(page, server + "/")
    page.get_by_role("button", name="Library").first.tap()
    source = tmp_path / "three.json"
    source.write_text(export_file(three_items(), "2026-11-01"))
    page.set_input_files("#lib-file", str(source))
    page.wait_for_selector(".lib-item[data-key^='item:sheet:dofa:']")
    assert names(page) == sorted(["Euchre", "Wren", "My dofa-gm game"])
    check_both_schemes(page, "the Library with a DofA sheet and a GM's table")
    fits_360(page)

    # tick two of three and export them: the file holds exactly those two
    deck, sheet = key_of(page, "item:deck:deck:"), key_of(page, "item:sheet:dofa:")
    table = key_of(page, "game:dofa-gm")
    for key in (deck, sheet):
        page.locator(f".lib-item[data-key='{key}'] input[name=pick]").tap()
    with page.expect_download() as got:
        page.get_by_role("button", name="Export ticked").tap()
    picked = got.value.path()
    held = json.loads(Path(picked).read_text())["items"]
    assert sorted((i["kind"], i["name"]) for i in held) == [("deck", "Euchre"), ("sheet", "Wren")]

    # persistent storage, never asked at start-up (issue 31): asked from the storage line's
    # button, refused: the reminder to export, with the date, and no second request
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    page.get_by_role("button", name="Library").first.tap()
    page.wait_for_selector("p.storage[data-persisted=False]")
    assert page.evaluate("window.__persistCalls") == 0
    page.get_by_role("button", name="Keep my games safe on this phone").tap()
    page.wait_for_selector(".storage-ask", state="detached")
    said = page.locator("p.storage").inner_text()
    assert "has not promised to keep this library" in said and f"Last export: {TODAY}." in said
    assert page.evaluate("window.__persistCalls") == 1
    # granted (by the browser, some other day): kept
    ctx.add_init_script("StorageManager.prototype.persisted = async () => true;")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    page.get_by_role("button", name="Library").first.tap()
    page.wait_for_selector("p.storage[data-persisted=True]")
    assert "keeps this library for good" in page.locator("p.storage").inner_text()

    # the share sheet takes the link; closed or refused, the link is copied; no sheet: copied
    page.locator(f".lib-item[data-key='{sheet}'] [data-action=lib-item]").tap()
    page.get_by_role("button", name="Share").tap()
    fragment = page.locator("input.share-link").get_attribute("data-share")
    url = server + "/#" + fragment
    page.get_by_role("button", name="Send the link").tap()
    done(page, "shared")
    assert page.evaluate("window.__shared.map(s => s.url)") == [url]
    assert page.locator("#lib-done").inner_text() == "Sent with the share sheet."
    for answer in ("abort", "refuse", "none"):
        page.evaluate("([a]) => { window.__share = a; return navigator.clipboard.writeText('') }", [answer])
        page.get_by_role("button", name="Send the link").tap()
        done(page, "copied")
        assert page.evaluate("navigator.clipboard.readText()") == url, answer
        assert "link is copied" in page.locator("#lib-done").inner_text()
    assert len(page.evaluate("window.__shared")) == 3  # "none" never reached a share sheet
    check_both_schemes(page, "a DofA sheet's screen with its link and QR code")

    # the whole library to the share sheet as a file; closed, it is downloaded instead
    page.evaluate("window.__share = 'ok'")
    page.get_by_role("button", name="Library").first.tap()
    page.get_by_role("button", name="Send all as a file").tap()
    done(page, "shared")
    sent = page.evaluate("window.__shared.at(-1).files")
    assert len(sent) == 1 and sent[0]["name"] == f"pocketdeck-{TODAY}.json"
    assert len(json.loads(sent[0]["text"])["items"]) == 3
    page.evaluate("window.__share = 'abort'")
    with page.expect_download() as got:
        page.get_by_role("button", name="Send all as a file").tap()
    assert len(json.loads(Path(got.value.path()).read_text())["items"]) == 3

    # a DofA sheet opens the player's table on it; a GM's table opens the GM's table
    page.locator(f".lib-item[data-key='{sheet}'] [data-action=lib-open]").tap()
    page.wait_for_selector("[data-system=dofa]")
    assert "Wren" in page.locator("main").inner_text()
    # kept again from the table: the same entry is updated, not a second one
    page.locator("details.sheet summary").tap()
    page.get_by_role("button", name="Keep this sheet in the library").tap()
    page.wait_for_selector(".flash:has-text('sheet is in the library')")
    check_both_schemes(page, "the DofA table with its sheet", open_panels=True)
    # the new-game form offers the kept sheet too
    more(page, "New game")  # in the bar's More menu (issue 24)
    page.wait_for_selector("text=Your kept sheets")
    check_both_schemes(page, "the DofA new-game form with a kept sheet")
    fits_360(page)
    page.get_by_role("button", name="Play Wren (Support, level 3)").tap()
    page.wait_for_selector("[data-system=dofa]")
    more(page, "Library")
    assert page.locator(".lib-item[data-key^='item:sheet:dofa:']").count() == 1
    more(page, "Library")
    page.locator(f".lib-item[data-key='{table}'] [data-action=lib-open]").tap()
    page.wait_for_selector("[data-system=dofa-gm]")

    # no camera on this phone: the scan says so, and Stop closes it
    more(page, "Library")
    page.get_by_role("button", name="Scan a QR code").tap()
    page.wait_for_selector(".scan-note:has-text('camera could not be opened')")
    check_both_schemes(page, "the scan with no camera")
    page.get_by_role("button", name="Stop scanning").tap()
    assert page.locator(".scan").count() == 0

    # the ticked export into a fresh profile: exactly those two
    fresh = browser.new_context(**PHONE)
    other = fresh.new_page()
    boot(other, server + "/")
    other.get_by_role("button", name="Library").first.tap()
    other.set_input_files("#lib-file", picked)
    other.wait_for_selector(".lib-item[data-key^='item:sheet:dofa:']")
    assert names(other) == ["Euchre", "Wren"]
    fresh.close()
    ctx.close()


# -- the camera --------------------------------------------------------------------------------
W, H = 640, 480


def y4m(luma: bytes, frames: int = 3) -> bytes:
    """A YUV4MPEG2 video of ``frames`` grey frames (4:2:0, the chroma planes neutral)."""
    chroma = bytes([128]) * (W // 2 * H // 2) * 2
    head = f"YUV4MPEG2 W{W} H{H} F10:1 Ip A1:1 C420jpeg\n".encode()
    return head + b"".join(b"FRAME\n" + luma + chroma for _ in range(frames))


def test_a_code_held_to_the_camera_is_read_and_imported_offline(browser, server, tmp_path):
    # the phone that shows the code: a DofA sheet's link drawn by the app
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    boot(page, server + "/")
    page.get_by_role("button", name="Library").first.tap()
    source = tmp_path / "sheet.json"
    source.write_text(export_file([make_item(get_kind("sheet", "dofa"), "Wren", dofa_sheet())], "x"))
    page.set_input_files("#lib-file", str(source))
    page.locator(".lib-item [data-action=lib-item]").tap()
    page.get_by_role("button", name="Share").tap()
    page.wait_for_selector("[data-qr-drawn]")
    drawn = page.locator("[data-qr]").get_attribute("data-qr-url")
    # the code as the other phone's camera sees it: grey, centred in a 640 x 480 frame
    luma = page.evaluate(f"""async () => {{
        const svg = document.querySelector('[data-qr] svg');
        const img = new Image();
        img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg.outerHTML);
        await img.decode();
        const c = document.createElement('canvas'); c.width = {W}; c.height = {H};
        const g = c.getContext('2d'); g.fillStyle = '#fff'; g.fillRect(0, 0, {W}, {H});
        g.drawImage(img, {(W - 440) // 2}, {(H - 440) // 2}, 440, 440);
        const px = g.getImageData(0, 0, {W}, {H}).data;
        let out = '';
        for (let i = 0; i < px.length; i += 4) out += String.fromCharCode(px[i]);
        return btoa(out);
    }}""")
    ctx.close()
    import base64
    video = tmp_path / "code.y4m"
    video.write_bytes(y4m(base64.b64decode(luma)))

    # the phone that scans: its own Chromium, the fake camera filming the code
    camera = browser.browser_type.launch(executable_path=CHROMIUM, args=[
        *CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}"])
    try:
        phone = camera.new_context(**PHONE, permissions=["camera"])
        scanner = boot_offline(phone, server)
        scanner.get_by_role("button", name="Library").first.tap()
        scanner.get_by_role("button", name="Scan a QR code").tap()
        scanner.wait_for_selector("section.preview", timeout=30_000)
        by = scanner.evaluate("document.documentElement.getAttribute('data-scan-by')")
        has = scanner.evaluate("'BarcodeDetector' in window")
        print(f"read by {by}; BarcodeDetector in headless Chromium: {has}")
        assert by in ("jsQR", "BarcodeDetector")
        assert "A shared DofA sheet" in scanner.locator("section.preview").inner_text()
        assert not scanner.locator(".scan").count()  # the camera is stopped
        assert drawn.startswith(server)
        check_both_schemes(scanner, "the preview of a scanned sheet")
        scanner.get_by_role("button", name="Import it").tap()
        scanner.wait_for_selector(".lib-item[data-key^='item:sheet:dofa:']")
        assert names(scanner) == ["Wren"]
        phone.close()
    finally:
        camera.close()
