"""Where the warm start's time goes before the player's last screen is painted (issue 18).

    python3 tools/paint_timeline.py [--loads 6] [--rate 4] DIST [DIST ...]

For each dist (several: a before/after pair, measured in one run, loads interleaved) a
fresh context loads the app once (its home screen is kept as the last screen), waits until
the service worker controls the page and holds the boot snapshot (as tests/bench.py does),
then reloads it ``--loads`` times at the CPU throttling rate. Each warm load reports, in ms
since navigation start: the worker starting and answering the HTML (Navigation Timing),
app.css / boot.js / lastscreen.js (Resource Timing), the paint code starting (its first
read of the kept screen), data-painted, the frame after it, first(-contentful) paint, and
the 1-minute load average beside it. Not a test: it prints medians and writes raw samples
to --out (JSON) if asked.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
import bench  # noqa: E402  (the server, Chromium flags and page helpers the bench uses)

INIT = """
(() => {
  const t = window.__pt = {};
  const get = Storage.prototype.getItem;
  Storage.prototype.getItem = function (key) {
    if (key === 'pocketdeck-last-screen' && t.read === undefined) t.read = performance.now();
    return get.call(this, key);
  };
  new MutationObserver(() => {
    const h = document.documentElement;
    if (t.ready === undefined && h && h.hasAttribute('data-ready')) {
      t.ready = performance.now();
      console.debug('__paint_timeline_ready');
    }
    if (t.painted === undefined && h && h.dataset.painted !== undefined) {
      t.painted = performance.now();
      requestAnimationFrame(() => { t.raf = performance.now();
        setTimeout(() => { t.frame = performance.now(); }, 0); });
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-painted', 'data-ready']});
})();
"""

INFO = """
() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = {};
  for (const e of performance.getEntriesByType('resource')) {
    const name = e.name.split('/').pop().split('?')[0];
    if (['app.css', 'boot.js', 'lastscreen.js', 'library.js', 'core.js'].includes(name))
      res[name] = {start: e.startTime, workerStart: e.workerStart, responseStart: e.responseStart,
                   end: e.responseEnd};
  }
  const paint = {};
  for (const e of performance.getEntriesByType('paint')) paint[e.name] = e.startTime;
  return {nav: {workerStart: nav.workerStart, fetchStart: nav.fetchStart,
                responseStart: nav.responseStart, responseEnd: nav.responseEnd,
                domInteractive: nav.domInteractive, dcl: nav.domContentLoadedEventStart},
          res, paint, t: window.__pt, attr: Number(document.documentElement.dataset.painted),
          controlled: !!navigator.serviceWorker.controller};
}
"""


def load_avg() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def flat(s: dict[str, Any]) -> dict[str, float | None]:
    """The timeline of one load, in order."""
    n, r, t, p = s["nav"], s["res"], s["t"] or {}, s["paint"]
    row: dict[str, float | None] = {
        "sw start": n["workerStart"] or None, "html start": n["responseStart"],
        "html end": n["responseEnd"]}
    for name in ("app.css", "boot.js", "lastscreen.js"):
        if name in r:
            row[f"{name} asked"] = r[name]["start"]
            row[f"{name} sw"] = r[name]["workerStart"] or None
            row[f"{name} end"] = r[name]["end"]
    row.update({"domInteractive": n["domInteractive"], "paint code": t.get("read"),
                "painted": t.get("painted"), "frame after": t.get("frame"),
                "FP": p.get("first-paint"), "FCP": p.get("first-contentful-paint"),
                "DCL": n["dcl"]})
    return row


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dists", nargs="+", type=Path)
    ap.add_argument("--loads", type=int, default=6)
    ap.add_argument("--rate", type=int, default=4)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--trace", type=Path, help="a Chromium trace of the first dist's last load")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    servers = [bench.start_server(d) for d in args.dists]
    samples: dict[str, list[dict[str, Any]]] = {str(d): [] for d in args.dists}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=bench.CHROMIUM, args=bench.CHROMIUM_ARGS,
                                    headless=True)
        pages = []
        for dist, (_, _, base) in zip(args.dists, servers):
            ctx = browser.new_context(viewport=bench.VIEWPORT, screen=bench.VIEWPORT,
                                      is_mobile=True, has_touch=True, service_workers="allow",
                                      device_scale_factor=bench.DEVICE_SCALE_FACTOR)
            ctx.add_init_script(INIT)
            ctx.set_default_timeout(120_000)
            page = ctx.new_page()
            page.goto(base)
            page.wait_for_selector("html[data-ready]", state="attached")
            page.wait_for_function(bench.SW_READY_JS, polling=100)
            for _ in range(480):
                if page.evaluate(bench.SNAPSHOT_CACHED_JS):
                    break
                page.wait_for_timeout(250)
            page.reload()  # once unthrottled and unmeasured: everything from the worker
            page.wait_for_selector("html[data-ready]", state="attached")
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.rate})
            pages.append((str(dist), base, page))
        for _ in range(args.loads):
            for dist, base, page in pages:
                la = load_avg()
                tracing = args.trace and _ == args.loads - 1 and dist == pages[0][0]
                if tracing:
                    browser.start_tracing(page=page, path=str(args.trace), screenshots=False,
                                          categories=["devtools.timeline", "v8", "blink",
                                                      "loading", "ServiceWorker", "navigation",
                                                      "disabled-by-default-devtools.timeline"])
                # waiting for a console message, not a selector: a selector makes Playwright
                # evaluate its injected script in the page right after commit (50-60 ms of
                # main thread at 4x, in front of the paint)
                with page.expect_console_message(lambda m: m.text == "__paint_timeline_ready"):
                    page.goto(base, wait_until="commit")
                page.wait_for_timeout(300)
                if tracing:
                    browser.stop_tracing()
                s = page.evaluate(INFO)
                s["load"] = la
                samples[dist].append(s)
                print(dist, f"load {la}", {k: v and round(v) for k, v in flat(s).items()}, flush=True)
        browser.close()
    for dist, ss in samples.items():
        print(f"\n{dist}: medians of {len(ss)} warm loads at {args.rate}x, load "
              f"{min(s['load'] for s in ss)}-{max(s['load'] for s in ss)}")
        rows = [flat(s) for s in ss]
        for key in rows[0]:
            vals = [r[key] for r in rows if r.get(key) is not None]
            if vals:
                print(f"  {key:<20}{statistics.median(vals):8.0f}   ({min(vals):.0f}-{max(vals):.0f})")
    if args.out:
        args.out.write_text(json.dumps(samples, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
