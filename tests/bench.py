#!/usr/bin/env python3
"""Pocketdeck benchmark: payload sizes and, in one headless Chromium, boot, first paint and
tap-to-render timings. Not a test (pytest does not collect it: the name does not start
with test_) and it never fails CI: every problem is recorded in the report and the exit
code is 0 unless the dist directory is missing.

    python3 tests/bench.py DIST_DIR REPORT_JSON [--runs 5] [--draws 20]

Called by `python3 build.py bench` after dist/ is built and Playwright and Debian's
Chromium are installed. What it measures:

- payload: raw and gzip -9 bytes of dist/, split into the runtime (dist/runtime/**),
  our code (everything else, the wheel included) and the content (the .toml files inside
  the wheel, which are therefore also inside "our code"; the total counts them once);
- boot, medians of N runs at 360x740 (mobile, touch), 1x and 4x CPU throttling:
  bare Pyodide (a page served at /__bench__/bare.html that only imports the same vendored
  pyodide.mjs and calls loadPyodide) against the app (until html[data-ready]); cold is a
  fresh browser context (empty cache, no service worker), warm is the second load in the
  same context (the app: once its service worker is active and controlling; the bare page:
  the HTTP cache). Times are read in the page (performance.now() since navigation start)
  and also from Python (goto to selector, "wall");
- the app's first paint / first contentful paint, cold and warm;
- tap-to-render of a draw on the Deck table: a synthetic click on button.pile until a
  MutationObserver on #app sees the new screen ("dom") and until the frame after it
  ("frame": requestAnimationFrame, then a task after that frame);
- tap-to-render of every system's main action, the first tap after a load apart from the
  later ones, with where the time goes (tests/bench_taps.py);
- the same later taps at 4x on the build from before issue 24 (git commit a8d88ef, built in
  a temporary folder), loads alternating with today's build (tests/bench_ref.py).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import gzip
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import threading
import time
import traceback
import zipfile
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build  # noqa: E402  (the server and the Chromium flags the app is served and tested with)
sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_taps  # noqa: E402  (tap-to-render of every system's main action)
import bench_ref  # noqa: E402  (issue 24: the build from before it, in the same run)
import bench_refusals  # noqa: E402  (how fast the library answers bad input)
import bench_flow  # noqa: E402  (the play-flow walk of every table, issue 24)
import bench_imports  # noqa: E402  (the worst imports the library accepts, issue 28)
import bench_snapshot  # noqa: E402  (the snapshot made on the phone, issue 30)
import bench_webkit  # noqa: E402  (WebKit's boot beside Chromium's, issue 46)

CHROMIUM = str(build.CHROMIUM)
CHROMIUM_ARGS = build.CHROMIUM_ARGS
VIEWPORT = {"width": 360, "height": 740}
DEVICE_SCALE_FACTOR = 2       # as the browser tests' phone (tests/conftest.py)
RATES = (1, 4)
SCENARIO_TIMEOUT_S = 120      # one load, one service-worker wait, one draw series
BUDGET_S = 16 * 60            # browser part: later scenarios are skipped past this
ERROR_GRACE_S = 15            # after an uncaught page error, wait this long for ready
MAX_FAILURES = 2              # a kind of load failing this often in a row is skipped
BARE_PATH = "__bench__/bare.html"
HAS_SNAPSHOT = True           # the build names a boot snapshot (main() looks)
DIST_DIR = Path(".")         # the dist measured (main() sets it)

# -- the bare Pyodide page (served by the bench server only, never part of dist/) ----------
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bare Pyodide boot</title></head>
<body><p id="status">Loading Pyodide…</p>
<script type="module">
const base = new URL("../runtime/pyodide/", location.href).href;
try {
  const { loadPyodide } = await import(base + "pyodide.mjs");
  const py = await loadPyodide({ indexURL: base });
  py.runPython("1 + 1");
  window.__benchReady = performance.now();
  document.getElementById("status").textContent = "Pyodide " + py.version + " ready";
  document.documentElement.setAttribute("data-bare-ready", "");
} catch (e) {
  let text = String(e && (e.stack || e.message) || e);
  if (text === "[object Object]") try { text = JSON.stringify(e); } catch (_) {}
  document.documentElement.setAttribute("data-bare-error", text);
}
</script></body></html>
""".encode()

BLANK_PATH = "__bench__/blank.html"
BLANK_HTML = b"<!doctype html><title>blank</title><p>calibration</p>"
BENCH_PAGES = {"/" + BARE_PATH: BARE_HTML, "/" + BLANK_PATH: BLANK_HTML}

# every page of a context: note when <html> gets data-ready (set by the app's main.py)
INIT_SCRIPT = """
(() => {
  const mark = () => {
    if (window.__benchReady === undefined && document.documentElement &&
        document.documentElement.hasAttribute('data-ready')) window.__benchReady = performance.now();
  };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true,
                                                attributeFilter: ['data-ready']});
  // the end of a load is told by a console message, not found by a Playwright selector:
  // a selector wait runs Playwright's own script in the page just after navigation, which
  // put 48-62 ms of 4x main-thread time in front of the last screen's paint (tools/paint_timeline.py)
  const DONE = ['data-ready', 'data-bare-ready', 'data-bare-error', 'data-bench-error'];
  const done = () => {
    const h = document.documentElement;
    if (window.__benchDone || !h || !DONE.some((a) => h.hasAttribute(a))) return;
    window.__benchDone = true;
    console.debug('__bench_done');
  };
  new MutationObserver(done).observe(document, {attributes: true, subtree: true, attributeFilter: DONE});
  // an uncaught error: the bench stops waiting for ready soon after (it may still come)
  const fail = (msg) => {
    const h = document.documentElement;
    if (h && !h.hasAttribute('data-bench-error')) h.setAttribute('data-bench-error', String(msg).slice(0, 500));
  };
  window.addEventListener('error', (e) => fail(e.message || e.error));
  window.addEventListener('unhandledrejection', (e) => fail(e.reason && (e.reason.message || e.reason)));
})();
"""

PAGE_INFO_JS = """
() => {
  const paint = {};
  for (const e of performance.getEntriesByType('paint')) paint[e.name] = e.startTime;
  const nav = performance.getEntriesByType('navigation')[0];
  const err = document.querySelector('.py-error');
  return {
    ready: window.__benchReady === undefined ? null : window.__benchReady,
    fp: paint['first-paint'] === undefined ? null : paint['first-paint'],
    fcp: paint['first-contentful-paint'] === undefined ? null : paint['first-contentful-paint'],
    dcl: nav ? nav.domContentLoadedEventEnd : null,
    nav: nav ? {workerStart: nav.workerStart, fetchStart: nav.fetchStart,
                responseStart: nav.responseStart, responseEnd: nav.responseEnd,
                domInteractive: nav.domInteractive, loadEventEnd: nav.loadEventEnd,
                transferSize: nav.transferSize} : null,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    // the start's own marks (web/snapshot-loader.mjs, web/boot.js), "runtime-up" as runtime_up
    marks: Object.fromEntries(performance.getEntriesByType('mark')
      .filter((e) => e.name.startsWith('pocketdeck:'))
      .map((e) => [e.name.slice(11).replace(/-/g, '_'), e.startTime])),
    bareError: document.documentElement.getAttribute('data-bare-error'),
    pyError: err ? err.textContent.slice(0, 500) : null,
    progress: (document.getElementById('boot-progress') || {}).textContent || null,
    boot: (window.pocketdeckBoot || {}).how || null,
    painted: document.documentElement.dataset.painted === undefined ? null
             : Number(document.documentElement.dataset.painted),
  };
}
"""

FCP_JS = """
() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const e = performance.getEntriesByName('first-contentful-paint')[0];
  done(e ? e.startTime : null);
})))
"""

DRAW_JS = """
async () => {
  const root = document.getElementById('app');
  const btn = root.querySelector('button.pile');
  if (!btn || btn.disabled) throw new Error('the draw pile is missing or disabled');
  const count = (b) => { const c = b && b.querySelector('.count'); return c ? Number(c.textContent) : null; };
  const before = count(btn);
  return await new Promise((resolve, reject) => {
    let t0 = 0, tSync = 0, tDom = null;
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('no DOM update within 10 s')); }, 10000);
    const obs = new MutationObserver(() => {
      if (tDom !== null) return;
      tDom = performance.now();
      obs.disconnect();
      requestAnimationFrame(() => {
        const tRaf = performance.now();
        setTimeout(() => {
          clearTimeout(timer);
          resolve({dom: tDom - t0, sync: tSync - t0, raf: tRaf - t0, frame: performance.now() - t0,
                   before, after: count(root.querySelector('button.pile'))});
        }, 0);
      });
    });
    obs.observe(root, {childList: true, subtree: true, characterData: true, attributes: true});
    t0 = performance.now();
    btn.click();
    tSync = performance.now();
  });
}
"""

# the service worker keeps the unpacked boot snapshot (fetched after the app is ready)
SNAPSHOT_CACHED_JS = """
async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const req of await cache.keys()) {
      if (/\/snapshot\/[^/]*\.bin$/.test(req.url)) {
        const r = await cache.match(req);
        if (r && (await r.arrayBuffer()).byteLength > 1e6) return true;
      }
    }
  }
  return false; }
"""

SW_READY_JS = """
() => document.documentElement.hasAttribute('data-offline-ready') &&
      !!navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'
"""

CALIBRATE_JS = """
() => { const t0 = performance.now(); let x = 0;
        for (let i = 0; i < 2e7; i++) x = (x * 31 + i) % 1000003;
        return performance.now() - t0; }
"""


# -- payload ---------------------------------------------------------------------------------
def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def payload(dist: Path) -> dict[str, Any]:
    groups: dict[str, dict[str, Any]] = {g: {"raw": 0, "gzip": 0, "files": {}}
                                         for g in ("runtime", "our_code", "content")}
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        data = path.read_bytes()
        group = "runtime" if rel.startswith("runtime/") else "our_code"
        entry = {"raw": len(data), "gzip": gz(data)}
        groups[group]["files"][rel] = entry
        groups[group]["raw"] += entry["raw"]
        groups[group]["gzip"] += entry["gzip"]
        if rel.startswith("wheels/") and rel.endswith(".whl"):
            with zipfile.ZipFile(path) as whl:
                for info in whl.infolist():
                    if info.filename.endswith(".toml"):
                        body = whl.read(info)
                        c = {"raw": len(body), "gzip": gz(body), "in_wheel": info.compress_size}
                        groups["content"]["files"][f"{rel}!{info.filename}"] = c
                        for k in ("raw", "gzip"):
                            groups["content"][k] += c[k]
    total = {k: groups["runtime"][k] + groups["our_code"][k] for k in ("raw", "gzip")}
    return {**groups, "total": total,
            "note": "content is the .toml files inside the wheel; the wheel is counted in "
                    "our_code, so the total (runtime + our_code) counts the content once"}


# -- the local server ------------------------------------------------------------------------
class Traffic:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests = 0
        self.bytes = 0
        self.not_modified = 0
        self.paths: dict[str, int] = {}

    def reset(self) -> None:
        with self.lock:
            self.requests = self.bytes = self.not_modified = 0
            self.paths = {}

    def snapshot(self) -> dict[str, Any]:
        with self.lock:
            return {"requests": self.requests, "bytes": self.bytes, "not_modified": self.not_modified,
                    "fetched_more_than_once": sorted(p for p, n in self.paths.items() if n > 1)}


class Handler(build.DistHandler):
    """build.py's server, counting requests and bytes, plus the bare Pyodide page."""

    traffic: Traffic

    def do_GET(self) -> None:
        body = BENCH_PAGES.get(self.path.split("?")[0])
        if body is not None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def send_response(self, code: int, message: str | None = None) -> None:
        with self.traffic.lock:
            self.traffic.requests += 1
            self.traffic.not_modified += code == 304
            path = self.path.split("?")[0]
            self.traffic.paths[path] = self.traffic.paths.get(path, 0) + 1
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            with self.traffic.lock:
                self.traffic.bytes += int(value)
        super().send_header(keyword, value)


def start_server(dist: Path) -> tuple[build.DistServer, Traffic, str]:
    traffic = Traffic()
    handler = type("BenchHandler", (Handler,), {"traffic": traffic})
    server = build.DistServer(("127.0.0.1", 0), partial(handler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, traffic, f"http://127.0.0.1:{server.server_address[1]}/"


# -- recording -------------------------------------------------------------------------------
class Record:
    def __init__(self) -> None:
        self.scenarios: dict[str, dict[str, Any]] = {}

    def _s(self, key: str) -> dict[str, Any]:
        return self.scenarios.setdefault(key, {"samples_ms": [], "runs": [], "errors": []})

    def add(self, key: str, value: float | None, detail: dict[str, Any] | None = None) -> None:
        s = self._s(key)
        if value is not None:
            s["samples_ms"].append(round(value, 2))
        if detail is not None:
            s["runs"].append(detail)

    def error(self, key: str, exc: BaseException | str, extra: Any = None) -> None:
        text = exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}"
        entry = {"error": text.strip()[:2000]}
        if extra:
            entry["page_errors"] = extra
        self._s(key)["errors"].append(entry)
        print(f"[bench] {key}: {entry['error'].splitlines()[0] if entry['error'] else ''}", flush=True)

    def finish(self) -> None:
        for s in self.scenarios.values():
            xs = s["samples_ms"]
            s["n"] = len(xs)
            s["median_ms"] = round(statistics.median(xs), 2) if xs else None
            s["min_ms"] = min(xs) if xs else None
            s["max_ms"] = max(xs) if xs else None

    def median(self, key: str) -> float | None:
        s = self.scenarios.get(key)
        return s.get("median_ms") if s else None


# -- the browser part ------------------------------------------------------------------------
class Bench:
    def __init__(self, browser, base: str, traffic: Traffic, rec: Record, runs: int, draws: int) -> None:
        self.browser, self.base, self.traffic, self.rec = browser, base, traffic, rec
        self.runs, self.draws = runs, draws
        self.started = time.monotonic()
        self.failures: dict[str, int] = {}
        # for bench_taps: the worker in control, and (a build with one) the boot snapshot kept
        self.sw_ready_js = SW_READY_JS
        self.snapshot_js = SNAPSHOT_CACHED_JS if HAS_SNAPSHOT else None
        self.draw_js = DRAW_JS  # for bench_snapshot: draws while the worker makes the snapshot

    def over_budget(self) -> bool:
        return time.monotonic() - self.started > BUDGET_S

    def new_context(self):
        ctx = self.browser.new_context(viewport=VIEWPORT, screen=VIEWPORT, is_mobile=True,
                                       has_touch=True, device_scale_factor=DEVICE_SCALE_FACTOR,
                                       service_workers="allow")
        ctx.add_init_script(INIT_SCRIPT)
        ctx.set_default_timeout(SCENARIO_TIMEOUT_S * 1000)
        return ctx

    @staticmethod
    def watch(page) -> list[str]:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"[:500]))
        page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"[:500]))
        return errors

    def load(self, page, kind: str, query: str = "") -> dict[str, Any]:
        """One navigation to the bare page or the app, until it says it is ready."""
        url = self.base + (BARE_PATH if kind == "bare" else "") + query
        sel = ("html[data-bare-ready], html[data-bare-error]" if kind == "bare"
               else "html[data-ready], .py-error")
        self.traffic.reset()
        t0 = time.perf_counter()
        try:
            with page.expect_console_message(lambda m: m.text == "__bench_done",
                                             timeout=SCENARIO_TIMEOUT_S * 1000):
                page.goto(url, wait_until="commit", timeout=SCENARIO_TIMEOUT_S * 1000)
        except Exception:  # noqa: BLE001 - no marker (a PyScript error box): look for it
            page.wait_for_selector(f"{sel}, html[data-bench-error]", state="attached",
                                   timeout=ERROR_GRACE_S * 1000)
        if page.locator(sel).count() == 0:
            # an uncaught error came first: give the page a little longer to be ready anyway
            try:
                page.wait_for_selector(sel, state="attached", timeout=ERROR_GRACE_S * 1000)
            except Exception:
                msg = page.evaluate("document.documentElement.getAttribute('data-bench-error')")
                raise RuntimeError(f"uncaught page error and not ready {ERROR_GRACE_S} s later: {msg}") from None
        wall = (time.perf_counter() - t0) * 1000
        info = page.evaluate(PAGE_INFO_JS)
        net = self.traffic.snapshot()
        if info["bareError"] or info["pyError"]:
            raise RuntimeError(f"the page failed to boot: {info['bareError'] or info['pyError']}")
        if info["ready"] is None:
            raise RuntimeError("ready marker missing")
        return {"ready_ms": round(info["ready"], 2), "wall_ms": round(wall, 2),
                "fp_ms": info["fp"], "fcp_ms": info["fcp"], "dcl_ms": info["dcl"],
                "controlled": info["controlled"], "navigation": info["nav"], "server": net,
                "boot": info["boot"], "painted_ms": info["painted"], "marks": info.get("marks") or {}}

    def skipped(self, keys: list[str], group: str) -> bool:
        """Record ``keys`` as skipped when ``group`` failed too often or time is up."""
        if self.failures.get(group, 0) >= MAX_FAILURES:
            reason = f"skipped: {group} failed too often in this run"
        elif self.over_budget():
            reason = f"skipped: the benchmark's {BUDGET_S} s time budget is spent"
        else:
            return False
        for key in keys:
            self.rec.error(key, reason)
        return True

    def boot_pair(self, kind: str, rate: int) -> None:
        """A fresh context: a cold load, then (same context) a warm load."""
        cold, warm = f"{kind}.cold.x{rate}", f"{kind}.warm.x{rate}"
        group = kind
        if self.skipped([cold, warm], group):
            return
        ctx = self.new_context()
        try:
            page = ctx.new_page()
            errors = self.watch(page)
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            try:
                r = self.load(page, kind)
            except Exception as exc:
                self.failures[group] = self.failures.get(group, 0) + 1
                self.rec.error(cold, exc, errors[:20])
                self.rec.error(warm, "skipped: the cold load failed")
                return
            self.rec.add(cold, r["ready_ms"], r)
            self._paints(kind, "cold", rate, r)
            if kind == "app":
                try:
                    t0 = time.perf_counter()
                    page.wait_for_function(SW_READY_JS, polling=100, timeout=SCENARIO_TIMEOUT_S * 1000)
                    r["sw_controlling_after_ms"] = round((time.perf_counter() - t0) * 1000, 2)
                    # everything the first visit fetched: the page's own loads and the
                    # service worker's precache, from navigation to the worker in control
                    r["server_until_controlled"] = self.traffic.snapshot()
                    # the boot snapshot comes after, in the background: wait for it, and
                    # first time the warm start without it (?snapshot=off: the old boot)
                    # (a build without a snapshot, e.g. the "before" of issue 18: neither)
                    if HAS_SNAPSHOT:
                        for _ in range(SCENARIO_TIMEOUT_S * 4):
                            if page.evaluate(SNAPSHOT_CACHED_JS):
                                break
                            page.wait_for_timeout(250)
                        r["server_until_snapshot"] = self.traffic.snapshot()
                        off = self.load(page, kind, "?snapshot=off")
                        self.rec.add(f"app_nosnap.warm.x{rate}", off["ready_ms"], off)
                except Exception as exc:
                    self.failures[group] = self.failures.get(group, 0) + 1
                    self.rec.error(warm, f"the service worker never took control: {exc}", errors[:20])
                    return
            try:
                r = self.load(page, kind)
                if kind == "app" and not r["controlled"]:
                    raise RuntimeError("the warm load was not controlled by the service worker")
            except Exception as exc:
                self.failures[group] = self.failures.get(group, 0) + 1
                self.rec.error(warm, exc, errors[:20])
                return
            self.failures[group] = 0
            self.rec.add(warm, r["ready_ms"], r)
            self._paints(kind, "warm", rate, r)
            if kind == "app":
                self.rec.add(f"app.warm.x{rate}.last_screen", r["painted_ms"])
        except Exception as exc:
            self.rec.error(cold, exc)
        finally:
            try:
                ctx.close()
            except Exception:
                pass

    def _paints(self, kind: str, temp: str, rate: int, r: dict[str, Any]) -> None:
        if kind != "app":
            return
        self.rec.add(f"app.{temp}.x{rate}.first_paint", r["fp_ms"])
        self.rec.add(f"app.{temp}.x{rate}.first_contentful_paint", r["fcp_ms"])

    def open_deck(self, page) -> None:
        """From the home screen (or the table) to a fresh 52-card Deck game."""
        tile = page.locator("li.tile").filter(has=page.locator("h2", has_text=re.compile(r"^\s*Deck\s*$")))
        if page.locator("button.pile").count() == 0:
            tile.get_by_role("button", name=re.compile(r"^(Start|Continue) the Deck table$")).tap()
            page.wait_for_selector("button.pile, section.setup", state="attached")
        if page.locator("section.setup").count() == 0:
            # a game already in progress: start a new one so every series starts alike
            menu = page.locator("nav details.menu")  # New game sits in the bar's More menu (issue 24)
            if menu.count() and menu.first.get_attribute("open") is None:
                menu.first.locator("summary").tap()
            page.get_by_role("button", name=re.compile(r"^New (Deck )?game$")).tap()  # named "New Deck game" (issue 24)
            page.wait_for_selector("section.setup", state="attached")
        page.get_by_role("button", name="52 cards").tap()
        page.wait_for_selector("button.pile", state="attached")

    def draw_series(self) -> None:
        """Boot the app unthrottled, then for each rate: a new 52-card game and N draws."""
        keys = [f"draw.x{rate}" for rate in RATES]
        if self.skipped(keys, "app"):
            return
        ctx = self.new_context()
        try:
            page = ctx.new_page()
            errors = self.watch(page)
            cdp = ctx.new_cdp_session(page)
            try:
                self.load(page, "app")
            except Exception as exc:
                for key in keys:
                    self.rec.error(key, f"the app did not boot: {exc}", errors[:20])
                return
            for rate in RATES:
                key = f"draw.x{rate}"
                deadline = time.monotonic() + SCENARIO_TIMEOUT_S
                try:
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                    self.open_deck(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                    for i in range(self.draws):
                        if time.monotonic() > deadline:
                            raise TimeoutError(f"{SCENARIO_TIMEOUT_S} s passed after {i} draws")
                        saved = page.evaluate("Number(document.documentElement.dataset.saved || 0)")
                        d = page.evaluate(DRAW_JS)
                        # let this draw's IndexedDB write finish before the next draw
                        page.wait_for_function(
                            f"Number(document.documentElement.dataset.saved || 0) > {saved}", polling=20)
                        if d["after"] is None or d["before"] is None or d["after"] != d["before"] - 1:
                            raise RuntimeError(f"draw {i + 1}: the pile went from {d['before']} to {d['after']}")
                        d = {k: (round(v, 2) if isinstance(v, float) else v) for k, v in d.items()}
                        self.rec.add(key, d["dom"], d)
                        self.rec.add(f"{key}.next_frame", d["frame"])
                except Exception as exc:
                    self.rec.error(key, exc, errors[:20])
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        except Exception as exc:
            self.rec.error(keys[0], exc)
        finally:
            try:
                ctx.close()
            except Exception:
                pass

    def calibrate(self) -> dict[str, Any]:
        """Check that CPU throttling survives a navigation: a fixed loop at each rate."""
        out: dict[str, Any] = {}
        ctx = self.new_context()
        try:
            page = ctx.new_page()
            cdp = ctx.new_cdp_session(page)
            for rate in RATES:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                page.goto(self.base + BLANK_PATH, wait_until="load")
                page.evaluate(CALIBRATE_JS)
                out[f"x{rate}_loop_ms"] = round(statistics.median(page.evaluate(CALIBRATE_JS)
                                                                  for _ in range(5)), 2)
                # the browser's own floor for a painted page at this rate: a blank page's
                # first contentful paint (no worker, no script), beside the last screen's
                fcps = []
                for _ in range(5):
                    page.goto(self.base + BLANK_PATH, wait_until="load")
                    fcps.append(page.evaluate(FCP_JS))
                fcps = [f for f in fcps if f is not None]
                out[f"x{rate}_blank_fcp_ms"] = round(statistics.median(fcps), 1) if fcps else None
            if out.get("x1_loop_ms"):
                out["observed_slowdown"] = round(out[f"x{RATES[-1]}_loop_ms"] / out["x1_loop_ms"], 2)
        except Exception as exc:
            out["error"] = f"{type(exc).__name__}: {exc}"
        finally:
            ctx.close()
        return out


def run_browser(base: str, traffic: Traffic, rec: Record, runs: int, draws: int,
                boots_only: bool = False) -> dict[str, Any]:
    info: dict[str, Any] = {"executable": CHROMIUM, "args": CHROMIUM_ARGS, "viewport": VIEWPORT,
                            "device_scale_factor": DEVICE_SCALE_FACTOR, "is_mobile": True, "has_touch": True, "runs": runs, "draws": draws,
                            "cpu_throttling_rates": list(RATES)}
    try:
        from playwright.sync_api import sync_playwright
    except Exception as exc:
        info["error"] = f"playwright is not importable: {exc}"
        return info
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                info["chromium"] = browser.version
                bench = Bench(browser, base, traffic, rec, runs, draws)
                info["throttle_check"] = bench.calibrate()
                for rate in (RATES[:1] if boots_only else RATES):
                    for i in range(runs):
                        print(f"[bench] boot run {i + 1}/{runs} at {rate}x CPU", flush=True)
                        # interleaved, so a slow patch of the machine hits both alike
                        bench.boot_pair("bare", rate)
                        bench.boot_pair("app", rate)
                    if boots_only:
                        return info
                    if rate == RATES[0]:
                        print("[bench] draws", flush=True)
                        bench.draw_series()
                print("[bench] every system's main action", flush=True)
                bench_taps.action_series(bench, RATES, max(runs, 5), lambda page: bench.load(page, "app"))

                def serve_before(site: str):
                    srv, tr, url = start_server(Path(site))
                    return (Bench(browser, url, tr, rec, runs, draws),
                            lambda: (srv.shutdown(), srv.server_close()))
                info["before24"] = bench_ref.measure(bench, serve_before, lambda m: print(m, flush=True))

                def walk_page():
                    page = bench.new_context().new_page()
                    bench.load(page, "app")
                    return page
                info["flow"] = bench_flow.walks(walk_page, lambda m: print(m, flush=True))
                info["imports"] = bench_imports.measure_pyodide(walk_page, bench_imports.inputs(),
                                                                Path(tempfile.mkdtemp()),
                                                                lambda m: print(m, flush=True))
                print("[bench] the snapshot made on the phone", flush=True)

                def serve(site):
                    srv, tr, url = start_server(site)
                    return url, tr, lambda: (srv.shutdown(), srv.server_close())
                info["snapshot30"] = bench_snapshot.measure(bench, DIST_DIR, serve)
                info["elapsed_s"] = round(time.monotonic() - bench.started, 1)
            finally:
                browser.close()
    except Exception as exc:
        info["error"] = f"{type(exc).__name__}: {exc}"
        info["traceback"] = traceback.format_exc()[-3000:]
    return info


def observations(report: dict[str, Any]) -> list[str]:
    """Plain-language notes on what the raw samples show (they are in the report too)."""
    notes: list[str] = []
    sc = report["browser"].get("scenarios", {})
    total = (report.get("payload") or {}).get("total", {}).get("raw")

    def runs(key: str) -> list[dict[str, Any]]:
        return (sc.get(key) or {}).get("runs", [])

    for rate in RATES:
        got = [r["server"]["bytes"] for r in runs(f"bare.warm.x{rate}") if "server" in r]
        if got and statistics.median(got) > 1e6:
            notes.append(f"bare warm ({rate}x): {statistics.median(got) / 1e6:.1f} MB per load still came "
                         "from the server (the 9.6 MB wasm, re-fetched in full: Playwright's contexts are "
                         "off-the-record and their in-memory HTTP cache apparently does not keep an entry "
                         "that large; cheap on localhost), while the app's warm loads come from the "
                         "service worker's cache")
        got = [r["server"]["requests"] for r in runs(f"app.warm.x{rate}") if "server" in r]
        if got and max(got) > 0:
            notes.append(f"app warm ({rate}x): up to {max(got)} request(s) reached the server "
                         "(the service worker update check of sw.js is expected)")
    cold = [r["server_until_controlled"] for rate in RATES for r in runs(f"app.cold.x{rate}")
            if "server_until_controlled" in r]
    if cold and total:
        twice = sorted({p for c in cold for p in c["fetched_more_than_once"]})
        notes.append(f"first visit: {statistics.median(c['bytes'] for c in cold) / 1e6:.1f} MB served from "
                     f"navigation until the service worker controlled the page, for a {total / 1e6:.1f} MB "
                     f"payload; fetched twice (the page's own load and the service worker's precache): "
                     f"{', '.join(twice) if twice else 'nothing'}"
                     + (" (these contexts are off the record, with an in-memory HTTP cache that the "
                        "precache cannot reuse; in a real profile each file comes down once, which "
                        "tests/test_browser.py checks)" if twice else ""))
    tc = report["browser"].get("throttle_check") or {}
    if tc.get("observed_slowdown"):
        notes.append(f"CPU throttling check (informational, noisy here): a fixed JS loop ran {tc['observed_slowdown']}x slower at "
                     f"{RATES[-1]}x than at 1x")
    return notes


# -- the table -------------------------------------------------------------------------------
def mb(n: float | None) -> str:
    return "-" if n is None else f"{n / 1e6:8.2f} MB"


def ms(n: float | None) -> str:
    return "       -" if n is None else f"{n:8.0f}" if n >= 100 else f"{n:8.1f}"


def table(report: dict[str, Any]) -> str:
    out = []
    v, m = report["versions"], report["machine"]
    out.append(f"Pocketdeck bench {report['date']}  version {v.get('version')}  "
               f"pyodide {v.get('pyodide')}  pyscript {v.get('pyscript')}  "
               f"chromium {report['browser'].get('chromium', '?')}")
    out.append(f"machine: {m['cpu_count']} CPUs, {m['platform']}; load average (1, 5, 15 min) "
               f"at start {m.get('loadavg_at_start')}, at end {m.get('loadavg_at_end')}")
    pl = report["payload"]
    out.append("")
    out.append(f"{'payload':<22}{'raw':>12}{'gzip -9':>12}")
    for key, label in (("runtime", "runtime"), ("our_code", "our code (+wheel)"),
                       ("content", "content (in wheel)"), ("total", "total")):
        out.append(f"{label:<22}{mb(pl[key]['raw']):>12}{mb(pl[key]['gzip']):>12}")
    sc = report["browser"].get("scenarios", {})

    def med(key: str) -> float | None:
        return (sc.get(key) or {}).get("median_ms")

    def n(key: str) -> str:
        s = sc.get(key) or {}
        errs = len(s.get("errors", []))
        return f"{s.get('n', 0)}" + (f" ({errs} err)" if errs else "")

    out.append("")
    out.append(f"{'boot to ready (ms, median)':<28}{'bare':>8}{'app':>8}{'app/bare':>10}"
               f"{'app wall':>10}   n bare / app")
    for rate in RATES:
        for temp in ("cold", "warm"):
            b, a = med(f"bare.{temp}.x{rate}"), med(f"app.{temp}.x{rate}")
            ratio = report["ratios"].get(f"{temp}.x{rate}")
            walls = [r["wall_ms"] for r in (sc.get(f"app.{temp}.x{rate}") or {}).get("runs", [])]
            wall = statistics.median(walls) if walls else None
            out.append(f"{f'{temp}, {rate}x CPU':<28}{ms(b)}{ms(a)}"
                       f"{('-' if ratio is None else f'{ratio:.2f}'):>10}{ms(wall):>10}"
                       f"   {n(f'bare.{temp}.x{rate}')} / {n(f'app.{temp}.x{rate}')}")
    for rate in RATES:
        b, a = med(f"bare.warm.x{rate}"), med(f"app_nosnap.warm.x{rate}")
        out.append(f"{f'warm, {rate}x, no snapshot':<28}{ms(b)}{ms(a)}"
                   f"{('-' if not (a and b) else f'{a / b:.2f}'):>10}{'':>10}   - / {n(f'app_nosnap.warm.x{rate}')}")
    boots = sorted({str(r.get("boot")) for rate in RATES
                    for r in (sc.get(f"app.warm.x{rate}") or {}).get("runs", [])})
    out.append(f"(warm app loads booted: {', '.join(boots) or '-'})")
    out.append("")
    out.append(f"{'last screen painted (ms, median)':<34}{'warm':>8}")
    floor = (report.get("browser") or {}).get("throttle_check") or {}
    for rate in RATES:
        out.append(f"{f'{rate}x CPU':<34}{ms(med(f'app.warm.x{rate}.last_screen'))}"
                   f"   (a blank page's first paint: {ms(floor.get(f'x{rate}_blank_fcp_ms')).strip()})")
    out.append("")
    out.append(f"{'first visit, bytes served (median)':<40}{'to ready':>12}{'to offline':>12}{'+ snapshot':>12}")
    for rate in RATES:
        rs = (sc.get(f"app.cold.x{rate}") or {}).get("runs", [])

        def mbs(field: str, runs: list = rs) -> str:
            xs = [r[field]["bytes"] for r in runs if field in r]
            return mb(statistics.median(xs)) if xs else "-"
        out.append(f"{f'{rate}x CPU':<40}{mbs('server'):>12}{mbs('server_until_controlled'):>12}"
                   f"{mbs('server_until_snapshot'):>12}")
    out.append("")
    out.append(f"{'app shell paint (ms, median)':<28}{'FP':>8}{'FCP':>8}")
    for rate in RATES:
        for temp in ("cold", "warm"):
            out.append(f"{f'{temp}, {rate}x CPU':<28}{ms(med(f'app.{temp}.x{rate}.first_paint'))}"
                       f"{ms(med(f'app.{temp}.x{rate}.first_contentful_paint'))}")
    out.append("")
    out.append(f"{'draw tap-to-render (ms, median)':<32}{'DOM':>8}{'frame':>8}   n")
    for rate in RATES:
        out.append(f"{f'{rate}x CPU':<32}{ms(med(f'draw.x{rate}'))}{ms(med(f'draw.x{rate}.next_frame'))}"
                   f"   {n(f'draw.x{rate}')}")
    out.append("")
    out.extend(bench_taps.table_lines(sc, RATES, lambda v: ms(v).strip()))
    before = report["browser"].get("before24") or {}
    out.append("")
    if before.get("error"):
        out.append(f"no same-run comparison with the build before issue 24: {before['error'][:300]}")
    elif before:
        out.extend(bench_ref.table_lines(sc, lambda v: ms(v).strip(),
                                         before.get("commit", bench_ref.BEFORE_24_COMMIT)))
    if isinstance(report["browser"].get("flow"), dict):
        out.append("")
        out.extend(bench_flow.table_lines(report["browser"]["flow"]))
    out.append("")
    out.append(f"{'library answers bad input (ms, CPython)':<40}{'median':>8}{'p95':>8}{'worst':>8}   n")
    for name, r in report.get("refusals", {}).items():
        if isinstance(r, dict):
            out.append(f"{name:<40}{r['median_ms']:>8}{r['p95_ms']:>8}{r['worst_ms']:>8}   {r['inputs']}")
    if isinstance(report["browser"].get("snapshot30"), dict):
        out.append("")
        out.extend(bench_snapshot.table_lines(report["browser"]["snapshot30"]))
    if report.get("webkit"):
        out.append("")
        out.extend(bench_webkit.table_lines(report["webkit"], report.get("webkit_summary", {})))
    if report.get("observations"):
        out.append("")
        out.extend(f"* {n}" for n in report["observations"])
    errs = [(k, e["error"]) for k, s in sc.items() for e in s.get("errors", [])]
    if report["browser"].get("error"):
        errs.insert(0, ("browser", report["browser"]["error"]))
    if errs:
        out.append("")
        out.append(f"{len(errs)} problem(s), details in the report:")
        for k, e in errs[:10]:
            out.append(f"  {k}: {e.splitlines()[0][:150] if e else ''}")
    return "\n".join(out)


# -- main ------------------------------------------------------------------------------------
def main() -> int:
    ap = argparse.ArgumentParser(description="Pocketdeck benchmark (never fails)")
    ap.add_argument("dist", type=Path)
    ap.add_argument("report", type=Path)
    ap.add_argument("--runs", type=int, default=5, help="boot runs per scenario (default 5)")
    ap.add_argument("--draws", type=int, default=20, help="draws per rate (default 20)")
    ap.add_argument("--boots-only", action="store_true",
                    help="boot times at 1x only, Chromium and WebKit (minutes, not half an hour)")
    ap.add_argument("--before", default=bench_ref.BEFORE_24_COMMIT,
                    help="the commit whose build the later taps are paired with (default: "
                         "a8d88ef, issue 24's)")
    args = ap.parse_args()
    bench_ref.before_commit = args.before
    global HAS_SNAPSHOT, DIST_DIR
    DIST_DIR = dist = args.dist.resolve()
    HAS_SNAPSHOT = (dist / build.LOADER).is_file() and "const SNAPSHOT = null;" not in (dist / build.LOADER).read_text()
    if not (dist / "index.html").is_file():
        print(f"[bench] {dist} has no index.html: build it first (python3 build.py build)", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        versions = json.loads((dist / "version.json").read_text())
    except Exception as exc:
        versions = {"error": f"dist/version.json: {exc}"}
    try:
        from importlib.metadata import version as pkg_version
        versions["playwright"] = pkg_version("playwright")
    except Exception:
        pass
    versions["python"] = platform.python_version()
    report: dict[str, Any] = {
        "schema": 1,
        "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "versions": versions,
        "machine": {"cpu_count": os.cpu_count(), "platform": platform.platform(),
                    "machine": platform.machine(), "processor": platform.processor() or None},
        "dist": str(dist),
    }
    try:
        report["machine"]["loadavg_at_start"] = [round(x, 2) for x in os.getloadavg()]
    except Exception:
        pass
    try:
        mem = Path("/proc/meminfo").read_text().split("\n", 1)[0].split()
        report["machine"]["mem_total_kb"] = int(mem[1])
    except Exception:
        pass
    print("[bench] payload", flush=True)
    try:
        report["payload"] = payload(dist)
    except Exception as exc:
        report["payload"] = {"error": f"{type(exc).__name__}: {exc}"}
    print("[bench] library refusals", flush=True)
    try:
        report["refusals"] = bench_refusals.measure()
    except Exception as exc:
        report["refusals"] = {"error": f"{type(exc).__name__}: {exc}"}
    print("[bench] the worst imports (CPython)", flush=True)
    try:
        report["imports"] = bench_imports.measure_cpython(bench_imports.inputs())
    except Exception as exc:
        report["imports"] = {"error": f"{type(exc).__name__}: {exc}"}
    rec = Record()
    server, traffic, base = start_server(dist)
    try:
        print(f"[bench] serving {dist} at {base}", flush=True)
        browser = run_browser(base, traffic, rec, max(1, args.runs), max(1, args.draws), args.boots_only)
        print("[bench] WebKit", flush=True)
        key = None
        if HAS_SNAPSHOT:
            found = re.search(r"const SNAPSHOT = (.*);", (dist / build.LOADER).read_text())
            key = found and json.loads(found.group(1))["key"]
        try:
            report["webkit"] = bench_webkit.measure(base, BARE_PATH, key, max(1, min(args.runs, 3)),
                                                    lambda m: print(m, flush=True))
        except Exception as exc:  # noqa: BLE001 - the bench records, never fails
            report["webkit"] = {"error": f"{type(exc).__name__}: {exc}"}
    finally:
        server.shutdown()
        server.server_close()
    rec.finish()
    try:
        report["machine"]["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    except Exception:
        pass
    browser["scenarios"] = rec.scenarios
    report["browser"] = browser
    ratios: dict[str, float | None] = {}
    for rate in RATES:
        for temp in ("cold", "warm"):
            b, a = rec.median(f"bare.{temp}.x{rate}"), rec.median(f"app.{temp}.x{rate}")
            ratios[f"{temp}.x{rate}"] = round(a / b, 3) if a and b else None
        b, a = rec.median(f"bare.warm.x{rate}"), rec.median(f"app_nosnap.warm.x{rate}")
        ratios[f"warm_no_snapshot.x{rate}"] = round(a / b, 3) if a and b else None
    report["ratios"] = ratios
    report["webkit_summary"] = bench_webkit.summary(report.get("webkit", {}), rec.median,
                                                    lambda key: rec.scenarios.get(key, {}).get("runs", []))
    try:
        report["observations"] = observations(report)
    except Exception as exc:
        report["observations"] = [f"(could not derive observations: {exc})"]
    report["elapsed_s"] = round(time.monotonic() - started, 1)
    try:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(json.dumps(report, indent=2))
    except Exception as exc:
        print(f"[bench] could not write {args.report}: {exc}", file=sys.stderr)
    try:
        if "error" in report["payload"]:
            report["payload"] = {k: {"raw": None, "gzip": None}
                                 for k in ("runtime", "our_code", "content", "total")}
        print()
        print(table(report))
        print("\nworst imports (issue 28): CPython", json.dumps(report["imports"]),
              "\n  Pyodide 1x", json.dumps(browser.get("imports")))
        print(f"\nreport: {args.report}  ({report['elapsed_s']} s)")
    except Exception as exc:
        print(f"[bench] could not print the table: {exc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SystemExit:
        raise
    except BaseException as exc:  # never fail CI
        print(f"[bench] unexpected failure: {type(exc).__name__}: {exc}", file=sys.stderr)
        traceback.print_exc()
        sys.exit(0)
