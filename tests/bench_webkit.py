"""The benchmark's WebKit part (issue 46): boots in Debian's WebKitGTK (tests/webkit.py),
the bare Pyodide page and the app, cold (a new automation session: no cache, no service
worker) and warm (the same session again: the app from its service worker and the boot
snapshot made in WebKit), at the phone's 360x740 and with no CPU throttling (WebKit has no
such control). The same run's Chromium figures at 1x stand beside them (tests/bench.py).

Where a start's time goes, from the page's own performance marks (web/snapshot-loader.mjs,
web/boot.js): the runtime's start (pocketdeck:runtime-start to -up: compiling and running
Pyodide's wasm, restoring the snapshot), PyScript's ready (pocketdeck:py-ready), the app's
ready (pocketdeck:ready); and the compile of pyodide.asm.wasm alone (WebAssembly.compile of
the bytes already fetched), measured the same way in both engines.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable

import webkit

READY_S = 240
MARKS_JS = """const at = (n) => { const e = performance.getEntriesByName(n)[0]; return e ? e.startTime : null; };
const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
return {ready: window.__benchReady ?? at('pocketdeck:ready'), runtime_start: at('pocketdeck:runtime-start'), warm_up: at('pocketdeck:warm-up'), snapshot_found: at('pocketdeck:snapshot-found'),
        runtime_up: at('pocketdeck:runtime-up'), wasm_compiled: at('pocketdeck:wasm-compiled'), wasm_asked: at('pocketdeck:wasm-asked'), wasm_instantiated: at('pocketdeck:wasm-instantiated'), runtime_loaded: at('pocketdeck:runtime-loaded'), snapshot_checked: at('pocketdeck:snapshot-checked'), unpack_start: at('pocketdeck:unpack-start'), unpack_end: at('pocketdeck:unpack-end'), py_ready: at('pocketdeck:py-ready'), main: at('pocketdeck:main'), library_read: at('pocketdeck:library-read'), restored: at('pocketdeck:restored'),
        fcp: paint ? paint.startTime : null, boot: (window.pocketdeckBoot || {}).how || null,
        painted: document.documentElement.dataset.painted ? Number(document.documentElement.dataset.painted) : null,
        controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller)};"""
DONE_JS = """const h = document.documentElement;
return h.hasAttribute('data-bare-ready') || h.hasAttribute('data-bare-error')
  || (h.hasAttribute('data-ready') && performance.getEntriesByName('pocketdeck:ready').length > 0);"""
SNAPSHOT_JS = """const key = arguments[0];
const deadline = Date.now() + 200000;
while (Date.now() < deadline) {
  const r = await caches.match(new URL(key, location.href).href);
  if (r && (await r.arrayBuffer()).byteLength > 1e6) return true;
  await new Promise((ok) => setTimeout(ok, 250));
}
return false;"""
# the compile of the runtime's wasm alone, twice (the second shows what a cache would save)
COMPILE_JS = """const bytes = await (await fetch(arguments[0])).arrayBuffer();
const out = [];
for (let i = 0; i < 2; i++) { const t = performance.now(); await WebAssembly.compile(bytes); out.push(performance.now() - t); }
return out;"""


def _load(wk: webkit.WebKit, url: str, reload: bool = False) -> dict[str, Any]:
    t0 = time.perf_counter()
    wk.reload() if reload else wk.go(url)
    wk.wait(DONE_JS, timeout=READY_S, what="ready")
    out = wk.js(MARKS_JS)
    out["wall_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    if wk.js("return document.documentElement.getAttribute('data-bare-error')"):
        raise RuntimeError(wk.js("return document.documentElement.getAttribute('data-bare-error')"))
    return out


def measure(base: str, bare_path: str, snapshot_key: str | None, runs: int,
            say: Callable[[str], None] = print) -> dict[str, Any]:
    """{"version", "runs": {"bare.cold": [...], "bare.warm": [...], "app.cold": [...],
    "app.warm": [...]}, "compile_ms": [...], "error"?}: each run a dict of the page's marks."""
    why = webkit.missing()
    if why:
        return {"error": why}
    out: dict[str, Any] = {"runs": {k: [] for k in ("bare.cold", "bare.warm", "app.cold", "app.warm")},
                           "compile_ms": [], "errors": []}
    display = webkit.Display()
    try:
        for i in range(runs):
            say(f"[bench] WebKit boot run {i + 1}/{runs}")
            try:
                with webkit.WebKit(display) as wk:
                    out["version"] = wk.version
                    out["runs"]["bare.cold"].append(_load(wk, base + bare_path))
                    out["runs"]["bare.warm"].append(_load(wk, base + bare_path))
                    if i == 0:
                        out["compile_ms"] = wk.js_async(COMPILE_JS, base + "runtime/pyodide/pyodide.asm.wasm")
                with webkit.WebKit(display) as wk:
                    out["runs"]["app.cold"].append(_load(wk, base))
                    wk.wait('return document.documentElement.hasAttribute("data-offline-ready")',
                            timeout=READY_S, what="the offline copy")
                    if snapshot_key and not wk.js_async(SNAPSHOT_JS, snapshot_key):
                        raise RuntimeError("the boot snapshot was not made in WebKit")
                    out["runs"]["app.warm"].append(_load(wk, base))
            except Exception as exc:  # noqa: BLE001 - the bench records, never fails
                out["errors"].append(f"run {i + 1}: {type(exc).__name__}: {exc}"[:500])
    finally:
        display.close()
    return out


def median(values: list[float | None]) -> float | None:
    got = [v for v in values if isinstance(v, (int, float))]
    return round(statistics.median(got), 1) if got else None


# a warm start's steps (web/snapshot-loader.mjs, web/boot.js): the wasm compiled (from
# warm-up, under way since the page's first script) beside the runtime asking for it; the
# instance made once both are there; the snapshot's bytes read and checked; the runtime's
# own start done (the image copied in and Pyodide's finalize run); the engine's files
# written; PyScript's Python ready; main.py; ready. A step whose start is a pair begins at
# the later of the two marks.
PHASE_MARKS = ("warm_up", "snapshot_found", "wasm_asked", "wasm_compiled", "wasm_instantiated", "snapshot_checked",
               "runtime_loaded", "unpack_end")
PHASES = (("warm_up", "wasm_compiled", "compile"), ("warm_up", "wasm_asked", "runtime asks for the wasm"),
          (("wasm_compiled", "wasm_asked"), "wasm_instantiated", "instantiate"),
          ("wasm_instantiated", "runtime_loaded", "restore+finalize"),
          ("runtime_loaded", "runtime_up", "files"), ("runtime_up", "py_ready", "PyScript's Python"),
          ("py_ready", "main", "to main.py"), ("main", "ready", "main.py to ready"))


def phase_line(r: dict[str, Any]) -> str:
    """Where one row's start went, step by step (medians of each mark; "-" where a mark is missing)."""
    parts = []
    for a, b, name in PHASES:
        starts = [r.get(m) for m in (a if isinstance(a, tuple) else (a,))]
        x = None if None in starts else max(starts)
        y = r.get(b)
        parts.append(f"{name} {round(y - x) if x is not None and y is not None else '-'}")
    return ", ".join(parts)


def summary(wk: dict[str, Any], chromium: Callable[[str], float | None],
            chromium_runs: Callable[[str], list[dict[str, Any]]] = lambda key: []) -> dict[str, Any]:
    """Medians of each mark, and WebKit's ready over Chromium's (same run, 1x); under
    "chromium.app.warm" the same marks of Chromium's warm starts at 1x, to set step by step
    beside WebKit's."""
    rows: dict[str, Any] = {}
    runs_cr = [dict(r.get("marks") or {}, ready=r.get("ready_ms")) for r in chromium_runs("app.warm.x1")]
    if runs_cr:
        rows["chromium.app.warm"] = {m: median([r.get(m) for r in runs_cr])
                                     for m in ("ready", "runtime_start", "runtime_up", "py_ready", "main") + PHASE_MARKS}
        rows["chromium.app.warm"]["n"] = len(runs_cr)
    for key, runs in wk.get("runs", {}).items():
        rows[key] = {mark: median([r.get(mark) for r in runs])
                     for mark in ("ready", "runtime_start", "runtime_up", "py_ready", "main", "fcp", "painted",
                                  "wall_ms") + PHASE_MARKS}
        rows[key]["n"] = len(runs)
        kind, temp = key.split(".")
        cr = chromium(f"{kind}.{temp}.x1")
        rows[key]["chromium_ready"] = cr
        ready = rows[key]["ready"]
        rows[key]["webkit_over_chromium"] = round(ready / cr, 2) if ready and cr else None
    return rows


def table_lines(wk: dict[str, Any], rows: dict[str, Any]) -> list[str]:
    if wk.get("error"):
        return [f"WebKit: not measured ({wk['error']})"]
    lines = [f"WebKit {wk.get('version', '?')} boot (ms, median, 1x)  ready  Chromium  WK/Cr  "
             "runtime start->up  PyScript ready  main.py  last screen  n"]
    for key, r in rows.items():
        if key.startswith("chromium."):
            continue
        span = (r["runtime_up"] - r["runtime_start"]) if r["runtime_up"] and r["runtime_start"] else None
        lines.append(f"  {key:<10}{'':24}{r['ready'] or '-':>7}{r['chromium_ready'] or '-':>10}"
                     f"{r['webkit_over_chromium'] or '-':>7}{round(span, 1) if span else '-':>19}"
                     f"{r['py_ready'] or '-':>16}{r['main'] or '-':>9}{r['painted'] or '-':>13}{r['n']:>3}")
    for key, label in (("app.warm", "WebKit"), ("chromium.app.warm", "Chromium")):
        r = rows.get(key)
        if r:
            lines.append(f"  {label} app.warm steps (ms): {phase_line(r)}; snapshot checked at "
                         f"{r.get('snapshot_checked') if r.get('snapshot_checked') is not None else '-'}")
    lines.append(f"  WebAssembly.compile of pyodide.asm.wasm in WebKit: {wk.get('compile_ms')} ms")
    for e in wk.get("errors", [])[:3]:
        lines.append(f"  problem: {e}")
    return lines
