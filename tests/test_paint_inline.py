"""Issue 18: the last screen's first paint is web/paint.js, inlined by build.py into
index.html's <body> (so it runs while the page is parsed). These pin that the inlined
script is exactly the source, so the two can never drift, and that the page names it once
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
INLINE = re.compile(r"<script>\n(.*?)</script>", re.S)


def inlined(html: str) -> list[str]:
    return INLINE.findall(html)


def test_the_inlined_script_is_the_source_byte_for_byte():
    page = build.inline_paint((ROOT / "web" / "index.html").read_text())
    assert inlined(page) == [SOURCE]
    assert build.PAINT_TAG not in page
    assert page.index("</main>") < page.index(SOURCE) < page.index('type="py"')


def test_the_built_page_holds_the_current_source():
    """dist/ (when built) was made from this paint.js; a stale dist fails here."""
    built = ROOT / "dist" / "index.html"
    if not built.exists():
        pytest.skip("dist/ is not built (python3 build.py build)")
    assert inlined(built.read_text()) == [SOURCE]
    assert not (ROOT / "dist" / "paint.js").exists()  # only the inlined copy ships


def test_a_script_that_would_end_the_inline_block_is_refused(tmp_path, monkeypatch):
    for bad in ('const s = "</script>";', "// <!-- x"):
        (tmp_path / "paint.js").write_text(bad)
        monkeypatch.setattr(build, "WEB", tmp_path)
        with pytest.raises(SystemExit):
            build.inline_paint(f"<main></main>{build.PAINT_TAG}")


def test_the_page_must_name_the_script_once(tmp_path, monkeypatch):
    (tmp_path / "paint.js").write_text("paint();\n")
    monkeypatch.setattr(build, "WEB", tmp_path)
    for page in ("<main></main>", f"{build.PAINT_TAG}{build.PAINT_TAG}"):
        with pytest.raises(SystemExit):
            build.inline_paint(page)


def test_the_sanitiser_and_the_tap_queue_live_only_in_paint_js():
    """One source: lastscreen.js (a module) uses paint.js's key and woke(), no copy."""
    module = (ROOT / "web" / "lastscreen.js").read_text()
    for name in ("function sanitise", "function paint", "HTML_TAGS", "pocketdeck-last-screen",
                 "onWakingTap"):
        assert name in SOURCE and name not in module, name
