"""The mini card's suits, drawn by a clip path (CSS shape()), look like the SVG cards' own
paths drawn as a mask image (what they were, and the fallback where shape() is unknown).

Why a picture test: the shape() text is made from the paths by ui/cards.path_shape, and a
wrong arc flag or a swapped control point still parses; only the drawn pixels tell. Each
suit drawn both ways is compared pixel by pixel (the same shape within anti-aliasing), and
against the other suits (which must differ, so the comparison can fail)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from pocketdeck.ui import cards

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[1]
SUITS = ("s-h", "s-d", "s-s", "s-c", "s-j")
CODES = {"s-h": "AH", "s-d": "AD", "s-s": "AS", "s-c": "AC", "s-j": "BJ"}


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGBA bytes) of an 8-bit, non-interlaced RGB(A) PNG, as
    Chromium's screenshots are (the standard library has zlib, not a PNG reader)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, head = 8, b"", None
    while pos < len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + size
    assert head is not None
    width, height, depth, colour, _, _, interlace = head
    assert depth == 8 and colour in (2, 6) and interlace == 0, head
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line) if bpp == 4 else bytes(
            v for j in range(width) for v in (*line[j * 3:j * 3 + 3], 255)))
        prev = line
    return width, height, rows


def ink(rows: list[bytes]) -> list[bool]:
    """Which pixels are dark (the suit, black cards on white)."""
    return [sum(r[i:i + 3]) < 384 for r in rows for i in range(0, len(r), 4)]


def differ(a: list[bool], b: list[bool]) -> float:
    """Pixels inked in one picture only, as a share of those inked in either."""
    return sum(x != y for x, y in zip(a, b)) / max(1, sum(x or y for x, y in zip(a, b)))


@pytest.fixture(scope="module")
def drawn(browser):
    """Each suit's ::after drawn alone, large (a 280 px card), by clip path and by mask."""
    css = (ROOT / "web" / "app.css").read_text()
    page = browser.new_page(viewport={"width": 1500, "height": 420}, device_scale_factor=1)
    try:
        html = "".join(f'<div class="probe">{cards.mini_card(CODES[s])}</div>' for s in SUITS)
        page.set_content(f"<!doctype html><style>{css}</style><style>"
                         "body{background:#fff;margin:0} .probe{display:inline-block;padding:4px}"
                         "span.mini{width:280px;color:#000 !important;font-size:0;border:0;background:#fff}"
                         "</style><body>" + html + "</body>")
        out: dict[str, dict[str, list[bool]]] = {"clip": {}, "mask": {}}
        computed = page.evaluate("getComputedStyle(document.querySelector('span.mini.s-h'), '::after').clipPath")
        for how in ("clip", "mask"):
            if how == "mask":
                page.add_style_tag(content="span.mini::after{clip-path:none !important;"
                                   "-webkit-mask:var(--suit) center/contain no-repeat !important;"
                                   "mask:var(--suit) center/contain no-repeat !important}")
            page.wait_for_timeout(100)
            for s in SUITS:
                png = page.locator(f"span.mini.{s}").screenshot(animations="disabled")
                out[how][s] = ink(png_pixels(png)[2])
        out["computed"] = computed  # type: ignore[assignment]
        return out
    finally:
        page.close()


def test_chromium_draws_the_suits_by_clip_path():
    """The style sheet picks the clip path where CSS shape() is known (Chromium here)."""
    css = (ROOT / "web" / "app.css").read_text()
    assert "@supports (clip-path: shape(" in css and "clip-path: var(--shape)" in css


def test_the_clip_path_is_in_use(drawn):
    assert str(drawn["computed"]).startswith("shape(from 50% 92%"), drawn["computed"]


@pytest.mark.parametrize("suit", SUITS)
def test_each_suit_drawn_by_clip_path_matches_its_mask(drawn, suit):
    clip, mask = drawn["clip"][suit], drawn["mask"][suit]
    assert sum(clip) > 0.04 * len(clip), f"{suit}: the clip path drew almost nothing"
    assert differ(clip, mask) < 0.05, f"{suit}: clip path and mask differ in {differ(clip, mask):.1%} of pixels"
    for other in SUITS:
        if other != suit:
            assert differ(clip, drawn["mask"][other]) > 0.2, f"{suit} looks like {other}"


def test_the_face_down_card_draws_its_diamond_by_gradients(browser):
    """A face-down mini card (cards.mini_back) draws the back's diamond with four gradients
    (no clip path: one less clip per card in every frame, docs/BENCHMARK.md "The
    screen"); it covers the same pixels as the rhombus the clip path drew before, and a
    card with one corner's gradient turned the wrong way, or with none, differs, so the
    comparison can fail."""
    css = (ROOT / "web" / "app.css").read_text()
    page = browser.new_page(viewport={"width": 700, "height": 420}, device_scale_factor=1)
    try:
        page.set_content(f"<!doctype html><style>{css}</style><style>"
                         "body{background:#fff;margin:0} .probe{display:inline-block;padding:4px}"
                         "span.mini{width:280px;border:0}</style><body>"
                         f'<div class="probe" id="now">{cards.mini_back()}</div>'
                         '<div class="probe" id="clip"><span class="mini back clip"></span></div>'
                         '<div class="probe" id="wrong"><span class="mini back"></span></div>'
                         "</body>")
        # one corner's gradient turned the wrong way: the test must tell it apart
        page.add_style_tag(content=(
            "#wrong span.mini.back{background-image:"
            "linear-gradient(to top left,var(--back-a) 25%,transparent 25%),"
            "linear-gradient(to bottom left,var(--back-a) 25%,transparent 25%),"
            "linear-gradient(to top right,var(--back-a) 25%,transparent 25%),"
            "linear-gradient(to top left,var(--back-a) 25%,transparent 25%)}"))
        # the rhombus as the clip path drew it: the panel, and over it a clipped inset layer
        page.add_style_tag(content=(
            "span.mini.back.clip{background:var(--back-a);position:relative}"
            "span.mini.back.clip::after{content:'';position:absolute;inset:3px;width:auto;"
            "aspect-ratio:auto;background:var(--back-b);-webkit-mask:none;mask:none;"
            "clip-path:polygon(50% 0,100% 50%,50% 100%,0 50%)}"))
        page.wait_for_timeout(100)
        back_b = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--back-b')")
        target = tuple(int(back_b.strip()[i:i + 2], 16) for i in (1, 3, 5))

        def diamond(selector: str) -> list[bool]:
            rows = png_pixels(page.locator(selector).screenshot(animations="disabled"))[2]
            return [sum(abs(r[i + k] - target[k]) for k in range(3)) < 40
                    for r in rows for i in range(0, len(r), 4)]
        now, before = diamond("#now span.mini"), diamond("#clip span.mini")
        assert sum(now) > 0.3 * len(now), "the gradients drew almost no diamond"
        assert differ(now, before) < 0.03, f"the diamonds differ in {differ(now, before):.1%} of pixels"
        assert differ(diamond("#wrong span.mini"), before) > 0.1  # one corner wrong: seen
        page.add_style_tag(content="#now span.mini.back{background-image:none}")
        page.wait_for_timeout(100)
        assert differ(diamond("#now span.mini"), before) > 0.4  # no corners: a panel, no diamond
        computed = page.evaluate("getComputedStyle(document.querySelector('#now span.mini'), '::after').content")
        assert computed == "none"  # no clipped layer left
    finally:
        page.close()
