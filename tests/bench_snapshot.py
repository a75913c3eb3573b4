"""Issue 30's numbers for tests/bench.py: the boot snapshot made on the phone.

- first visit: bytes the server sent from navigation until the app is offline-ready, in a
  persistent profile (a real HTTP cache, so the precache reuses what the page fetched),
  against the bare runtime's own bytes (the five Pyodide files);
- update: bytes a returning phone downloads for a deploy that changes one line of the
  engine (the bench makes that second build itself: the site copied, one line added to a
  module inside the wheel, the snapshot's name and sw.js made again as build.py makes them);
- the worker: how long it takes to make the snapshot (boot, warm, image, keep), at 1x and
  4x CPU throttling of the page (Chromium's throttling may not reach worker threads:
  docs/BENCHMARK.md), and the page's Deck draws meanwhile: from the first start, the Deck
  table is opened and drawn from (at the rate) for as long as <html data-snapshot-making>
  is set, each draw timed as bench.py's draw series times it (until the frame after the
  DOM update), to be held to issue 30's tap targets (frame median 50 ms, p95 80 at 4x)."""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import bench_taps
import build

MADE = "html[data-snapshot-made]"


def one_line_change(site: Path) -> None:
    """A deploy that changes one line of the engine, applied to a copy of dist/."""
    wheel = next((site / "wheels").glob("pocketdeck-*.whl"))
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "pocketdeck/core/rng.py":
                data += b"# a one-line change (bench)\n"
            out.writestr(info, data)
    tmp.replace(wheel)
    snap = build.snapshot_name(wheel, site)
    loader = site / build.LOADER
    text = loader.read_text()
    start = text.index("const SNAPSHOT = ")
    end = text.index(";", start)
    loader.write_text(text[:start] + "const SNAPSHOT = " + json.dumps(snap) + text[end:])
    build.write_service_worker(site)


MAKING = "document.documentElement.hasAttribute('data-snapshot-making')"
DONE = "document.documentElement.hasAttribute('data-snapshot-made')"
MAX_DRAWS = 45  # a 52-card pile, each draw timed on its own


def taps_while_making(bench, page) -> dict[str, Any]:
    """Deck draws while the worker makes the snapshot: each draw's DOM and frame times
    (ms), only for draws that began while <html data-snapshot-making> was set."""
    bench.open_deck(page)
    frames: list[float] = []
    doms: list[float] = []
    for _ in range(12_000):  # 50 ms a look: at most ten minutes
        if page.evaluate(DONE) or len(frames) >= MAX_DRAWS:
            break
        if not page.evaluate(MAKING):
            page.wait_for_timeout(50)
            continue
        saved = page.evaluate("Number(document.documentElement.dataset.saved || 0)")
        d = page.evaluate(bench.draw_js)  # the draw series' own measure
        page.wait_for_function(f"Number(document.documentElement.dataset.saved || 0) > {saved}", polling=20)
        doms.append(round(d["dom"], 2))
        frames.append(round(d["frame"], 2))
    return {"dom_ms": doms, "frame_ms": frames}


def measure(bench, dist: Path, serve) -> dict[str, Any]:
    """``serve(dir) -> (base_url, traffic, stop)``; ``bench``: tests/bench.py's Bench."""
    out: dict[str, Any] = {"bare_runtime_bytes": sum(
        (dist / "runtime/pyodide" / f).stat().st_size for f in build.PYODIDE_FILES)}
    with tempfile.TemporaryDirectory(prefix="pocketdeck-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(dist, site)
        base, traffic, stop = serve(site)
        try:
            for rate in (1, 4):
                ctx = bench.browser.browser_type.launch_persistent_context(
                    str(Path(tmp) / f"profile{rate}"), executable_path=str(build.CHROMIUM),
                    args=build.CHROMIUM_ARGS, viewport={"width": 360, "height": 740}, is_mobile=True,
                    has_touch=True, device_scale_factor=2)
                try:
                    page = ctx.pages[0] if ctx.pages else ctx.new_page()
                    cdp = ctx.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                    traffic.reset()
                    page.goto(base, wait_until="commit")
                    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=240_000)
                    out[f"first_visit_to_offline.x{rate}"] = traffic.snapshot()
                    out[f"taps_while_making.x{rate}"] = taps_while_making(bench, page)
                    page.wait_for_selector(MADE, state="attached", timeout=600_000)
                    out[f"worker.x{rate}"] = page.evaluate("window.pocketdeckBoot.made")
                    page.reload()
                    page.wait_for_selector("html[data-ready]", state="attached", timeout=240_000)
                    out[f"warm_boot.x{rate}"] = page.evaluate("document.documentElement.dataset.boot")
                    if rate == 1:
                        one_line_change(site)
                        traffic.reset()
                        page.reload()  # finds the update; its worker installs it
                        page.wait_for_selector("#update:not([hidden])", timeout=240_000)
                        page.locator("#update-reload").tap()
                        page.wait_for_function("document.documentElement.dataset.boot === 'normal'"
                                               " && document.documentElement.hasAttribute('data-ready')",
                                               timeout=240_000)
                        page.wait_for_selector(MADE, state="attached", timeout=600_000)
                        out["update_download"] = traffic.snapshot()
                        out["update_worker"] = page.evaluate("window.pocketdeckBoot.made")
                except Exception as exc:  # noqa: BLE001 - a bench never fails
                    out[f"error.x{rate}"] = f"{type(exc).__name__}: {exc}"[:500]
                finally:
                    ctx.close()
        finally:
            stop()
    return out


def table_lines(r: dict[str, Any]) -> list[str]:
    if not r:
        return []
    bare = r.get("bare_runtime_bytes") or 0
    lines = ["issue 30, the snapshot made on the phone (persistent profile)"]
    for rate in (1, 4):
        fv = r.get(f"first_visit_to_offline.x{rate}") or {}
        w = r.get(f"worker.x{rate}") or {}
        if fv:
            lines.append(f"  first visit to offline-ready, {rate}x: {fv['bytes'] / 1e6:.2f} MB"
                         f" ({fv['bytes'] / bare:.2f}x the bare runtime's {bare / 1e6:.2f} MB)")
        lines.append(f"  worker, {rate}x: {w.get('result')} in {w.get('ms')} ms ({w.get('bytes')} bytes,"
                     f" {w.get('paused_ms')} ms of it waiting while the player tapped);"
                     f" next start: {r.get(f'warm_boot.x{rate}')}")
        taps = (r.get(f"taps_while_making.x{rate}") or {}).get("frame_ms") or []
        if taps:
            p95 = bench_taps.p95(taps)
            lines.append(f"  Deck draws while the worker made it, {rate}x: {len(taps)}, frame median "
                         f"{statistics.median(taps):.1f} ms, p95 {p95:.1f} (at 4x: 50 / 80 at most)")
        elif f"taps_while_making.x{rate}" in r:
            lines.append(f"  Deck draws while the worker made it, {rate}x: none (it was made before the "
                         "table was open)")
    up = r.get("update_download")
    if up:
        lines.append(f"  a one-line engine change: {up['bytes'] / 1e6:.2f} MB downloaded"
                     f" ({up['requests']} requests); new snapshot: {(r.get('update_worker') or {}).get('result')}")
    lines += [f"  {k}: {v}" for k, v in r.items() if k.startswith("error")]
    return lines

