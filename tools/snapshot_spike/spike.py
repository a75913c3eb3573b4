"""Step 0 of issue 30: can Debian's Chromium make a Pyodide memory snapshot inside a Web
Worker and restore it on the next load? (The answer, with the times, is in
docs/BENCHMARK.md, "Methods beside the bench".)  python3 tools/snapshot_spike/spike.py [DIST]

Serves this folder with DIST's runtime/ and wheels/ linked in; the first load finds no
snapshot in Cache Storage and has worker.mjs make one (booting the vendored Pyodide with
`_makeSnapshot`, unpacking the wheel, running `pocketdeck.snapshot.warm`); the reload boots
the page's Pyodide with `_loadSnapshot` from the cache and reads the token back."""

import functools
import json
import shutil
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
import build  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

dist = Path(sys.argv[1] if len(sys.argv) > 1 else build.DIST).resolve()
with tempfile.TemporaryDirectory() as tmp:
    for name in ("worker.mjs", "spike.html"):
        shutil.copyfile(HERE / name, Path(tmp) / name)
    for name in ("runtime", "wheels"):
        (Path(tmp) / name).symlink_to(dist / name)
    srv = build.DistServer(("127.0.0.1", 0), functools.partial(build.DistHandler, directory=tmp))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/spike.html"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        print("chromium", browser.version)
        page = browser.new_context().new_page()
        for i in range(2):
            page.reload() if i else page.goto(url)
            page.wait_for_selector("html[data-done]", state="attached", timeout=300_000)
            print(["made:", "restored:"][i], json.dumps(page.evaluate("window.result")))
        browser.close()
    srv.shutdown()
