"""Tap-to-render of every system's main action, for tests/bench.py (issue 18).

Each sample starts from the same saved game, made here in CPython with the engine's own
seeded policy: a game of the system played until its main action is legal (an ADS play,
a DofA check's draw, a Deckbuilder tableau pick, a P52 attack, a Deck draw). The bench
writes that save and the table's screen into the page's IndexedDB, reloads (unthrottled),
sets the CPU throttling rate and taps the first visible button that carries the action:
a synthetic click until a MutationObserver on #app sees the new screen ("dom") and until
a task after the next frame ("frame"), as the Deck draw series measures. A fresh start for
every sample, so the medians compare the same tap, not a game drifting along.
"""

from __future__ import annotations

import json
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
  return await new Promise((resolve, reject) => {
    let t0 = 0, tDom = null;
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('no DOM update within 10 s')); }, 10000);
    const obs = new MutationObserver(() => {
      if (tDom !== null) return;
      tDom = performance.now();
      obs.disconnect();
      requestAnimationFrame(() => setTimeout(() => {
        clearTimeout(timer);
        resolve({dom: tDom - t0, frame: performance.now() - t0});
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


def action_series(bench: Any, rates: tuple[int, ...], samples: int,
                  load: Callable[[Any], Any]) -> None:
    """For each system and rate, ``samples`` taps of the main action, each from a fresh
    reload of the same saved game; recorded as ``tap.<system>.x<rate>`` (DOM) and
    ``…next_frame`` in ``bench.rec``."""
    keys = [f"tap.{s}.x{r}" for s in MAIN_ACTIONS for r in rates]
    if bench.failures.get("app", 0) >= 2:  # the app does not boot here (the time budget
        for key in keys:                    # of the boot runs does not apply: these are few)
            bench.rec.error(key, "skipped: the app failed to boot too often in this run")
        return
    ctx = bench.new_context()
    try:
        page = ctx.new_page()
        errors = bench.watch(page)
        cdp = ctx.new_cdp_session(page)
        load(page)
        for system, kind in MAIN_ACTIONS.items():
            try:
                text = start_state(system, kind)
            except Exception as exc:  # the engine cannot set the scene: say so, go on
                for rate in rates:
                    bench.rec.error(f"tap.{system}.x{rate}", exc)
                continue
            for rate in rates:
                key = f"tap.{system}.x{rate}"
                deadline = time.monotonic() + 4 * 120
                try:
                    for i in range(samples):
                        if time.monotonic() > deadline:
                            raise TimeoutError(f"out of time after {i} taps")
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                        page.evaluate(SEED_JS, [system, text])
                        load(page)
                        page.wait_for_selector(f"[data-system={system}]", state="attached")
                        saved = page.evaluate("Number(document.documentElement.dataset.saved || 0)")
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                        d = page.evaluate(TAP_JS, kind)
                        page.wait_for_function(
                            f"Number(document.documentElement.dataset.saved || 0) > {saved}", polling=20)
                        bench.rec.add(key, round(d["dom"], 2), {"system": system, "action": kind})
                        bench.rec.add(f"{key}.next_frame", round(d["frame"], 2))
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


def table_lines(scenarios: dict[str, Any], rates: tuple[int, ...], ms: Callable[[Any], str]) -> list[str]:
    """The tap-to-render table of bench.py's report."""
    out = [f"{'tap-to-render (ms)':<26}{'rate':>5}{'DOM med':>9}{'p95':>8}{'frame med':>10}{'p95':>8}   n"]
    for system in MAIN_ACTIONS:
        for rate in rates:
            key = f"tap.{system}.x{rate}"
            dom = (scenarios.get(key) or {}).get("samples_ms", [])
            frame = (scenarios.get(f"{key}.next_frame") or {}).get("samples_ms", [])
            errs = len((scenarios.get(key) or {}).get("errors", []))
            out.append(f"{LABELS[system]:<26}{f'{rate}x':>5}"
                       f"{ms(statistics.median(dom) if dom else None):>9}{ms(p95(dom)):>8}"
                       f"{ms(statistics.median(frame) if frame else None):>10}{ms(p95(frame)):>8}"
                       f"   {len(dom)}" + (f" ({errs} err)" if errs else ""))
    return out


if __name__ == "__main__":  # the start states, for a look: python3 tests/bench_taps.py
    for system, kind in MAIN_ACTIONS.items():
        print(system, kind, len(json.loads(start_state(system, kind))))
