#!/usr/bin/env python3
"""Screenshots of the app in WebKit (Debian's WebKitGTK, tests/webkit.py) at 360x740, into
docs/screens/: the home screen, a table (P52, "Play now"), its invite screen where the
browser cannot connect phones, and the Library.

    python3 tools/webkit_screens.py [DIST]   (after python3 build.py build)
"""

from __future__ import annotations

import sys
import threading
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
import build  # noqa: E402
import webkit  # noqa: E402

OUT = ROOT / "docs" / "screens"
VISIBLE = """return [...document.querySelectorAll(arguments[0])]
  .find((e) => !e.disabled && e.offsetParent !== null && e.checkVisibility()) || null;"""


def main() -> int:
    dist = Path(sys.argv[1]) if len(sys.argv) > 1 else build.DIST
    why = webkit.missing()
    if why:
        print(why, file=sys.stderr)
        return 2
    httpd = build.DistServer(("127.0.0.1", 0), partial(build.DistHandler, directory=str(dist)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"

    def tap(wk: webkit.WebKit, css: str) -> None:
        el = wk.wait(VISIBLE, css, timeout=60, what=css)
        wk.js('arguments[0].scrollIntoView({block: "center"})', el)
        wk.click(el)
        wk.wait('return (document.documentElement.dataset.saving || "0") === "0"', timeout=60)

    def shot(wk: webkit.WebKit, css: str, name: str) -> None:
        """Once ``css`` is on screen and two frames are painted after it."""
        wk.wait("return !!document.querySelector(arguments[0])", css, timeout=60, what=css)
        wk.js_async("await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));")
        wk.screenshot(OUT / name)

    try:
        with webkit.WebKit() as wk:
            wk.go(url)
            wk.wait('return document.documentElement.hasAttribute("data-ready")', timeout=240)
            shot(wk, ".tiles", "webkit-home.png")
            tap(wk, "[data-action=open][data-arg=p52]")
            tap(wk, "[data-action=new][data-fill^=quick_one]")
            tap(wk, ".guide [data-arg=skip]")
            shot(wk, "[data-system=p52]", "webkit-table.png")
            tap(wk, "nav .menu > summary")
            tap(wk, "[data-action=tl-host]")
            shot(wk, "#tl-h", "webkit-invite.png")
            tap(wk, "[data-action=home]")
            tap(wk, "[data-action=lib]")
            shot(wk, "p.storage", "webkit-library.png")
    finally:
        httpd.shutdown()
    print(f"wrote {OUT}/webkit-*.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
