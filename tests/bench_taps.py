"""Tap-to-render of every system's main action, for tests/bench.py (issue 18).

Each series starts from the same saved game, made here in CPython with the engine's own
seeded policy: a game of the system played until its main action is legal (an ADS play,
a DofA check's draw, a Deckbuilder tableau pick, a P52 attack, a Deck draw). The bench
writes that save and the table's screen into the page's IndexedDB and reloads
(unthrottled; the context's service worker is in control and holds the boot snapshot
before the first sample, so every start is the warm snapshot start and nothing installs in
the background). Then, at the rate measured, it taps the first visible button that carries
the action: a synthetic click until a MutationObserver on #app sees the new screen ("dom")
and until a task after the next frame ("frame"), as the Deck draw series measures. "Undo"
(unthrottled, not measured) brings back the same state, and the same button is tapped
again: the first tap after a load and the later ones are reported apart.

main.py marks the phases of each tap (``pocketdeckTiming``): the click reaching Python,
``App.handle`` done, the save started, ``App.render`` done, the screen shown
(lastscreen.js show); they are kept in the report's runs.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

# system -> the type of its main action
MAIN_ACTIONS = {"ads": "play", "dofa": "draw", "deckbuilder": "take", "p52": "attack", "deck": "draw"}
LABELS = {"ads": "ADS play", "dofa": "DofA check", "deckbuilder": "Deckbuilder pick",
          "p52": "P52 attack", "deck": "Deck draw"}
STEP_CAP = 600
RELOADS = 6        # loads per system and rate: the first tap after each
LATER = 4          # taps after the first, each after an undo: RELOADS * LATER later taps
PHASES = ("tap", "handled", "persisted", "rendered", "written", "settled", "shown")
# later taps at 4x before issue 24's play-flow work (DOM / frame medians, ms; quiet machine,
# docs/BENCHMARK.md "Past runs", a8d88ef): issue 24's goal is not to be worse than these
BEFORE_24 = {"ads": (32.0, 79.0), "dofa": (27.7, 56.9), "deckbuilder": (24.1, 60.4),
             "p52": (33.0, 67.8), "deck": (24.6, 42.2)}


def start_state(system: str, kind: str) -> str:
    """The save text of a seeded game of ``system`` in which an action of type ``kind``
    is legal (the engine's random player moves it there)."""
    from pocketdeck.core.rng import Rng
    from pocketdeck.core.saves import Session, save_text

    for seed in range(1, 50):
        session = Session.start(system, None, seed=seed)
        game, rng = session.game, Rng(seed)
        for _ in range(STEP_CAP):
            if game.is_over(session.state):
                break
            legal = game.legal_actions(session.state)
            if any(a.get("type") == kind for a in legal):
                return save_text(session)
            session.play(game.sim_choose(session.state, legal, rng))
    raise RuntimeError(f"no seeded {system} game reaches a legal '{kind}'")


TAP_JS = """
async (kind) => {
  const root = document.getElementById('app');
  const type = (b) => { try { return JSON.parse(b.dataset.arg || '{}').type; } catch { return null; } };
  const btn = [...root.querySelectorAll('[data-action=play]')]
    .find((b) => !b.disabled && type(b) === kind && b.offsetParent !== null);
  if (!btn) throw new Error(`no visible button plays '${kind}'`);
  btn.scrollIntoView({block: 'center'});
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  performance.clearMarks();
  return await new Promise((resolve, reject) => {
    let t0 = 0, tDom = null;
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('no DOM update within 10 s')); }, 10000);
    const obs = new MutationObserver(() => {
      if (tDom !== null) return;
      tDom = performance.now();
      obs.disconnect();
      requestAnimationFrame(() => setTimeout(() => {
        clearTimeout(timer);
        const marks = {};
        for (const e of performance.getEntriesByType('mark')) {
          if (e.name.startsWith('pd:')) marks[e.name.slice(3)] = Math.round((e.startTime - t0) * 100) / 100;
        }
        resolve({dom: tDom - t0, frame: performance.now() - t0, marks});
      }, 0));
    });
    obs.observe(root, {childList: true, subtree: true, characterData: true, attributes: true});
    t0 = performance.now();
    btn.click();
  });
}
"""

SEED_JS = """
async ([system, text]) => {
  await window.pocketdeckStore.write([["put", "game:" + system, text], ["put", "ui:screen", "table:" + system]]);
}
"""

SAVED_JS = "Number(document.documentElement.dataset.saved || 0)"
UNDO_JS = "() => document.querySelector('#app [data-action=undo]').click()"


def load1() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def warm_up(bench: Any, page: Any, load: Callable[[Any], Any]) -> None:
    """A first visit, then wait until the service worker controls the page and holds the
    boot snapshot (fetched in the background after ready), and load once more: later
    loads are the warm snapshot start, with no install running beside the taps."""
    load(page)
    page.wait_for_function(bench.sw_ready_js, polling=100)
    if bench.snapshot_js:
        for _ in range(480):
            if page.evaluate(bench.snapshot_js):
                break
            page.wait_for_timeout(250)
    load(page)


def tap(page: Any, cdp: Any, rate: int, kind: str) -> dict[str, Any]:
    """One measured tap at ``rate``; returns when its save has landed (unthrottled)."""
    saved = page.evaluate(SAVED_JS)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    try:
        d = page.evaluate(TAP_JS, kind)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.wait_for_function(f"{SAVED_JS} > {saved}", polling=20)
    return d


def record(bench: Any, key: str, d: dict[str, Any], detail: dict[str, Any]) -> None:
    bench.rec.add(key, round(d["dom"], 2), {**detail, "marks": d.get("marks"), "load1": load1()})
    bench.rec.add(f"{key}.next_frame", round(d["frame"], 2))


def action_series(bench: Any, rates: tuple[int, ...], samples: int,
                  load: Callable[[Any], Any]) -> None:
    """For each system and rate: ``RELOADS`` loads of the same saved game, each with a
    first tap (``tap.<system>.x<rate>.first``) and ``LATER`` taps after an undo
    (``tap.<system>.x<rate>``), DOM and ``…next_frame`` in ``bench.rec``. ``samples``
    raises the number of loads (the bench's --runs)."""
    keys = [f"tap.{s}.x{r}" for s in MAIN_ACTIONS for r in rates]
    if bench.failures.get("app", 0) >= 2:  # the app does not boot here (the time budget
        for key in keys:                    # of the boot runs does not apply: these are few)
            bench.rec.error(key, "skipped: the app failed to boot too often in this run")
        return
    reloads = max(RELOADS, samples)
    ctx = bench.new_context()
    try:
        ctx.add_init_script("window.pocketdeckTiming = true;")  # main.py's phase marks
        page = ctx.new_page()
        errors = bench.watch(page)
        cdp = ctx.new_cdp_session(page)
        warm_up(bench, page, load)
        for system, kind in MAIN_ACTIONS.items():
            try:
                text = start_state(system, kind)
            except Exception as exc:  # the engine cannot set the scene: say so, go on
                for rate in rates:
                    bench.rec.error(f"tap.{system}.x{rate}", exc)
                continue
            for rate in rates:
                key = f"tap.{system}.x{rate}"
                detail = {"system": system, "action": kind}
                deadline = time.monotonic() + 4 * 120
                try:
                    for i in range(reloads):
                        if time.monotonic() > deadline:
                            raise TimeoutError(f"out of time after {i} loads")
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                        page.evaluate(SEED_JS, [system, text])
                        info = load(page)
                        page.wait_for_selector(f"[data-system={system}]", state="attached")
                        record(bench, f"{key}.first", tap(page, cdp, rate, kind),
                               {**detail, "boot": info.get("boot") if isinstance(info, dict) else None})
                        for _ in range(LATER):
                            saved = page.evaluate(SAVED_JS)
                            page.evaluate(UNDO_JS)
                            page.wait_for_function(f"{SAVED_JS} > {saved}", polling=20)
                            record(bench, key, tap(page, cdp, rate, kind), detail)
                except Exception as exc:
                    bench.rec.error(key, exc, errors[:20])
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    except Exception as exc:
        bench.rec.error(keys[0], exc, None)
    finally:
        try:
            ctx.close()
        except Exception:
            pass


def p95(xs: list[float]) -> float | None:
    """The 95th percentile (nearest rank): with 5 samples, the slowest."""
    if not xs:
        return None
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered) + 0.5) - 1))]


def _median(xs: list[float]) -> float | None:
    return statistics.median(xs) if xs else None


def table_lines(scenarios: dict[str, Any], rates: tuple[int, ...], ms: Callable[[Any], str]) -> list[str]:
    """The tap-to-render tables of bench.py's report: the first tap after a load and the
    later ones, each with the machine's 1-minute load average while they ran; then where
    the later taps' time went at the highest rate (medians of main.py's marks)."""
    out = [f"{'tap-to-render (ms)':<20}{'rate':>5}{'taps':>7}{'DOM med':>9}{'p95':>8}"
           f"{'frame med':>10}{'p95':>8}{'n':>5}{'load':>6}  before #24 DOM/frame med (run of 2026-11-26)"]
    for system in MAIN_ACTIONS:
        for rate in rates:
            for when, key in (("first", f"tap.{system}.x{rate}.first"), ("later", f"tap.{system}.x{rate}")):
                sc = scenarios.get(key) or {}
                dom = sc.get("samples_ms", [])
                frame = (scenarios.get(f"{key}.next_frame") or {}).get("samples_ms", [])
                loads = [r["load1"] for r in sc.get("runs", []) if r.get("load1") is not None]
                errs = len(sc.get("errors", []))
                out.append(f"{LABELS[system]:<20}{f'{rate}x':>5}{when:>7}"
                           f"{ms(_median(dom)):>9}{ms(p95(dom)):>8}"
                           f"{ms(_median(frame)):>10}{ms(p95(frame)):>8}{len(dom):>5}"
                           f"{(f'{_median(loads):.1f}' if loads else '-'):>6}"
                           + (f"  {BEFORE_24[system][0]:.1f} / {BEFORE_24[system][1]:.1f}"
                              if rate == 4 and when == "later" else "")
                           + (f" ({errs} err)" if errs else ""))
    rate = rates[-1]
    out.append("")
    out.append(f"where a later tap's time goes at {rate}x (ms, medians): Python's handle, starting "
               "the save, Python's render, the DOM update, then until seen and the next frame")
    out.append(f"{'':<20}{'reach Py':>9}{'handle':>8}{'save':>7}{'render':>8}{'DOM':>7}{'seen':>7}{'frame':>7}")
    for system in MAIN_ACTIONS:
        key = f"tap.{system}.x{rate}"
        runs = [r for r in (scenarios.get(key) or {}).get("runs", []) if r.get("marks")]
        frames = (scenarios.get(f"{key}.next_frame") or {}).get("samples_ms", [])
        doms = (scenarios.get(key) or {}).get("samples_ms", [])

        def part(a: str | None, b: str) -> float | None:
            xs = [r["marks"][b] - (r["marks"][a] if a else 0) for r in runs
                  if b in r["marks"] and (a is None or a in r["marks"])]
            return _median(xs)

        shown = _median([r["marks"]["shown"] for r in runs if "shown" in r["marks"]])
        seen = (_median(doms) - shown) if doms and shown is not None else None
        after = (_median(frames) - _median(doms)) if frames and doms else None
        cells = [part(None, "tap"), part("tap", "handled"), part("handled", "persisted"),
                 part("persisted", "rendered"), part("rendered", "shown"), seen, after]
        out.append(f"{LABELS[system]:<20}" + "".join(f"{ms(c):>{w}}" for c, w in zip(cells, (9, 8, 7, 8, 7, 7, 7))))
    return out


if __name__ == "__main__":  # the start states, for a look: python3 tests/bench_taps.py
    for system, kind in MAIN_ACTIONS.items():
        print(system, kind, len(json.loads(start_state(system, kind))))
