"""Issue 24's "tap-to-render at 4x not worse than before": the build from before issue 24,
made and measured in the same bench run, interleaved with today's build.

Why in the same run: the bench used to print fixed figures from a quiet run of that old
build (``bench_taps.BEFORE_24``), but this machine's speed moves between days (the bare
Pyodide boot took 7,990 ms warm at 4x in that run and 12,480 ms in a later one), so a
figure of another day is not a fair "before". Here the old commit is checked out from git
into a temporary folder, built with its own build.py (the pinned npm packages of today's
.cache: the runtime is the same version), served by a second server, and its main action
tapped exactly as today's (each build's own seeded start state, made by its own engine
in a subprocess: the save formats differ). The loads alternate between the two builds
(today first on even rounds, the old one first on odd ones), so a slow patch of the
machine hits both alike.

Nothing here fails the bench: no git history (a shallow clone), a failed old build or a
page error is written into the report as the reason there is no comparison.
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

import bench_taps

ROOT = Path(__file__).resolve().parents[1]
# the last commit before issue 24's play flow (docs/BENCHMARK.md "Past runs": 2026-11-26 04:58)
BEFORE_24_COMMIT = "a8d88ef"
# the commit measured against: issue 24's by default; ``bench --before COMMIT`` names
# another (issue 48: the build before the ui/ reshaping, 9d84ad8)
before_commit = BEFORE_24_COMMIT
# loads per build and system, alternating: 8 loads, 32 later taps a build (4 loads gave
# run-to-run spread of +-5% in the ratio, as wide as the differences it was to tell)
ROUNDS = 8
RATE = 4


def build_before(log: Callable[[str], None]) -> tuple[Path | None, str]:
    """The old commit built into a temporary folder: (its root, "") or (None, why not)."""
    work = Path(tempfile.mkdtemp(prefix="pocketdeck-before24-"))
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", before_commit],
                                 capture_output=True, timeout=120)
        if archive.returncode != 0:
            return None, f"git archive {before_commit}: {archive.stderr.decode(errors='replace')[:300]}"
        subprocess.run(["tar", "-x", "-C", str(work)], input=archive.stdout, check=True, timeout=120)
        if (ROOT / ".cache").exists():
            (work / ".cache").symlink_to((ROOT / ".cache").resolve())
        log(f"[bench] building {before_commit} for the same-run comparison")
        done = subprocess.run([sys.executable, "build.py", "build"], cwd=work, capture_output=True,
                              text=True, timeout=1800)
        if done.returncode != 0 or not (work / "dist" / "index.html").is_file():
            return None, f"build of {before_commit} failed: {(done.stderr or done.stdout)[-500:]}"
        return work, ""
    except Exception as exc:  # noqa: BLE001 - reported, never raised
        return None, f"{type(exc).__name__}: {exc}"


def start_states(root: Path) -> dict[str, str]:
    """Each system's seeded start state, made by the engine of the tree at ``root``."""
    code = ("import json, sys; sys.path[:0] = [sys.argv[1] + '/tests', sys.argv[1] + '/engine'];"
            "import bench_taps as b;"
            "print(json.dumps({s: b.start_state(s, k) for s, k in b.MAIN_ACTIONS.items()}))")
    out = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True,
                         timeout=600, cwd=root, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def paired_series(now: Any, before: Any, states: dict[str, dict[str, str]]) -> None:
    """Later taps at ``RATE``x of every system's main action on both builds, loads
    alternating. Keys ``ab.<build>.<system>`` (DOM) and ``…next_frame`` in ``now.rec``
    (the one Record of the run; ``before`` is a Bench on the old build's server)."""
    pages = {}
    ctxs = []
    try:
        for name, bench in (("now", now), ("before", before)):
            ctx = bench.new_context()
            ctx.add_init_script("window.pocketdeckTiming = true;")  # main.py's phase marks
            ctxs.append(ctx)
            page = ctx.new_page()
            cdp = ctx.new_cdp_session(page)
            bench_taps.warm_up(bench, page, lambda pg, b=bench: b.load(pg, "app"))
            pages[name] = (bench, page, cdp)
        for system, kind in bench_taps.MAIN_ACTIONS.items():
            for i in range(ROUNDS):
                order = ("now", "before") if i % 2 == 0 else ("before", "now")
                for name in order:
                    bench, page, cdp = pages[name]
                    key = f"ab.{name}.{system}"
                    try:
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                        page.evaluate(bench_taps.SEED_JS, [system, states[name][system]])
                        bench.load(page, "app")
                        page.wait_for_selector(f"[data-system={system}]", state="attached")
                        bench_taps.tap(page, cdp, RATE, kind)  # the first tap after a load: not this table's
                        for _ in range(bench_taps.LATER):
                            saved = page.evaluate(bench_taps.SAVED_JS)
                            page.evaluate(bench_taps.UNDO_JS)
                            page.wait_for_function(f"{bench_taps.SAVED_JS} > {saved}", polling=20)
                            bench_taps.record(now, key, bench_taps.tap(page, cdp, RATE, kind),
                                              {"system": system, "build": name})
                    except Exception as exc:  # noqa: BLE001
                        now.rec.error(key, exc)
    finally:
        for ctx in ctxs:
            try:
                ctx.close()
            except Exception:
                pass


def measure(now: Any, make_before: Callable[[str], Any], log: Callable[[str], None]) -> dict[str, Any]:
    """Build the old commit, serve it, run the paired series. ``make_before(dist)`` returns
    (a Bench on a server of that dist, a stop function)."""
    root, why = build_before(log)
    if root is None:
        return {"error": why}
    stop = None
    try:
        states = {"now": start_states(ROOT), "before": start_states(root)}
        before, stop = make_before(str(root / "dist"))
        log(f"[bench] today's build and {before_commit}, later taps at {RATE}x, alternating")
        paired_series(now, before, states)
        return {"commit": before_commit, "rounds": ROUNDS, "rate": RATE}
    except Exception as exc:  # noqa: BLE001
        return {"error": f"{type(exc).__name__}: {exc}"}
    finally:
        if stop:
            stop()
        shutil.rmtree(root, ignore_errors=True)


def ratio_interval(now: list[float], before: list[float], draws: int = 2000,
                   seed: int = 24) -> tuple[float, float] | None:
    """A 90% bootstrap interval of median(now) / median(before): each build's taps drawn
    again with replacement, ``draws`` times (seeded: the same samples give the same
    interval). Why: a ratio of 1.01 or 0.99 alone does not say whether the builds differ;
    the interval does (it holds 1.0 when this run cannot tell them apart)."""
    if len(now) < 4 or len(before) < 4:
        return None
    rng = random.Random(seed)
    ratios = sorted(statistics.median(rng.choices(now, k=len(now)))
                    / statistics.median(rng.choices(before, k=len(before))) for _ in range(draws))
    return ratios[int(0.05 * draws)], ratios[int(0.95 * draws) - 1]


def table_lines(scenarios: dict[str, Any], ms: Callable[[Any], str],
                commit: str = BEFORE_24_COMMIT) -> list[str]:
    """Issue 24's bound read off one run: today's later taps against the old build's."""
    out = [f"later taps at {RATE}x, today against {commit} built and run "
           "in this bench, loads alternating (ms)",
           f"{'':<20}{'DOM med':>9}{'before':>8}{'frame med':>10}{'before':>8}{'p95':>8}{'before':>8}"
           f"{'frame x':>9}{'90% interval':>14}{'n':>4}"]
    for system in bench_taps.MAIN_ACTIONS:
        def xs(build: str, frame: bool) -> list[float]:
            key = f"ab.{build}.{system}" + (".next_frame" if frame else "")
            return (scenarios.get(key) or {}).get("samples_ms", [])
        fn, fb = bench_taps._median(xs("now", True)), bench_taps._median(xs("before", True))
        ratio = f"{fn / fb:.2f}" if fn and fb else "-"
        ci = ratio_interval(xs("now", True), xs("before", True))
        interval = f"{ci[0]:.2f}-{ci[1]:.2f}" if ci else "-"
        out.append(f"{bench_taps.LABELS[system]:<20}{ms(bench_taps._median(xs('now', False))):>9}"
                   f"{ms(bench_taps._median(xs('before', False))):>8}{ms(fn):>10}{ms(fb):>8}"
                   f"{ms(bench_taps.p95(xs('now', True))):>8}{ms(bench_taps.p95(xs('before', True))):>8}"
                   f"{ratio:>9}{interval:>14}{len(xs('now', True)):>4}")
    out.append("(frame x: today's median over the old build's; the interval: where 90% of the same "
               "ratios fall when each build's taps are drawn again with replacement)")
    return out
