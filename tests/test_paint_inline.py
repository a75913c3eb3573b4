"""Issue 18: the last screen's first paint is web/paint.js, inlined by build.py into
index.html's <body> (so it runs while the page is parsed), and web/app.css is inlined into
its <head> (so the paint waits for no file). These pin that the inlined script and style
are exactly the sources, so they can never drift, and that the page names the script once
and after <main>, where the paint finds #app. (That a hostile stored screen is still
stripped is tests/test_browser_boot.py, in Chromium, on the inlined script.)"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

SOURCE = (ROOT / "web" / "paint.js").read_text()
STYLE = build.style_text()  # web/app.css, then web/css/*.css
INLINE = re.compile(r"<script>\n(.*?)</script>", re.S)
INLINE_STYLE = re.compile(r"<style>\n(.*?)</style>", re.S)


def inlined(html: str) -> list[str]:
    return INLINE.findall(html)


def test_the_inlined_script_is_the_source_byte_for_byte():
    page = build.inline_paint((ROOT / "web" / "index.html").read_text())
    assert inlined(page) == [SOURCE]
    assert INLINE_STYLE.findall(page) == [STYLE]
    assert build.PAINT_TAG not in page and build.CSS_TAG not in page and "app.css" not in page
    assert page.index(STYLE) < page.index("</head>")
    assert page.index("</main>") < page.index(SOURCE) < page.index('type="py"')


def test_the_built_page_holds_the_current_source():
    """dist/ (when built) was made from this paint.js; a stale dist fails here."""
    built = ROOT / "dist" / "index.html"
    if not built.exists():
        pytest.skip("dist/ is not built (python3 build.py build)")
    assert inlined(built.read_text()) == [SOURCE]
    assert INLINE_STYLE.findall(built.read_text()) == [STYLE]
    for name in ("paint.js", "app.css"):  # only the inlined copies ship
        assert not (ROOT / "dist" / name).exists(), name


def test_a_source_that_would_end_its_inline_block_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "WEB", tmp_path)
    page = f"{build.CSS_TAG}<main></main>{build.PAINT_TAG}"
    for script, style in (('const s = "</script>";', "p {}"), ("// <!-- x", "p {}"),
                          ("paint();", "p { content: '</style>'; }"), ("paint();", "<!-- p {}")):
        (tmp_path / "paint.js").write_text(script)
        (tmp_path / "app.css").write_text(style)
        with pytest.raises(SystemExit):
            build.inline_paint(page)
    (tmp_path / "app.css").write_text("p {}")
    assert "<style>\np {}</style>" in build.inline_paint(page)


def test_the_page_must_name_each_once(tmp_path, monkeypatch):
    (tmp_path / "paint.js").write_text("paint();\n")
    (tmp_path / "app.css").write_text("p {}\n")
    monkeypatch.setattr(build, "WEB", tmp_path)
    css, js = build.CSS_TAG, build.PAINT_TAG
    for page in (f"{css}<main></main>", f"<main></main>{js}", f"{css}{js}{js}", f"{css}{css}{js}"):
        with pytest.raises(SystemExit):
            build.inline_paint(page)


def test_the_sanitiser_and_the_tap_queue_live_only_in_paint_js():
    """One source: lastscreen.js (a module) uses paint.js's key and woke(), no copy."""
    module = (ROOT / "web" / "lastscreen.js").read_text()
    for name in ("function sanitise", "function paint", "HTML_TAGS", "pocketdeck-last-screen",
                 "onWakingTap"):
        assert name in SOURCE and name not in module, name
