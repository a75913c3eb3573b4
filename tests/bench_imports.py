"""The worst imports the library accepts, timed (issue 28: "nothing may freeze the page for
more than a second").

Three inputs, each the largest of its door the limits allow (core/records.py, core/limits.py):
- "2,000 items": a file of MAX_FILE_ITEMS decks of one's own of 324 cards each (3.3 MB);
- "work budget": a file of Adventure games (the slowest replay per move of every system,
  2.6 ms a move in CPython against 0.25-1.3 ms for the others) filling MAX_IMPORT_WORK;
- "longest link": the longest of those games as a game link (#g=), opened to its preview.
In CPython the whole app path is timed (import_text / open_link, keeping both where asked).
In Pyodide (bench.py's Chromium, 1x CPU) the file goes through the file picker and the link
through the address bar; what is measured is the page's blocked time: the longest task and
the sum of long tasks (PerformanceObserver "longtask", 50 ms and more) until the import's
message or the preview is on the screen. A sliced import keeps each task short.

Run alone (CPython part): PYTHONPATH=engine:tests python3 tests/bench_imports.py
"""

from __future__ import annotations

import json
import sys
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from pocketdeck.core.game import get_game
from pocketdeck.core.records import (MAX_FILE_ITEMS, MAX_IMPORT_WORK, export_file, game_item, get_kind,
                                     make_item)
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import Session, to_link

SLOWEST = "ads_adventure"   # measured: the slowest replay per move (see the docstring)
CARDS = [r + s for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


def many_items() -> str:
    kind = get_kind("deck", "deck")
    decks = [make_item(kind, f"Deck {i}", {"name": f"Deck {i}", "cards": (CARDS * 7)[:324]})
             for i in range(MAX_FILE_ITEMS)]
    return export_file(decks, "2026-11-26")


def _long_game(seed: int) -> Session:
    game = get_game(SLOWEST)
    rng = Rng(seed)
    s = Session.start(SLOWEST, game.sim_options(rng), seed=seed)
    while len(s.actions) < 1_999 and not game.is_over(s.state):
        legal = game.legal_actions(s.state)
        if not legal:
            break
        s.play(game.sim_choose(s.state, legal, rng) if hasattr(game, "sim_choose") else rng.choice(legal))
    return s


@lru_cache(maxsize=None)
def _games() -> tuple[Session, ...]:
    """Seeded games of SLOWEST whose moves (plus one per item) fill the work budget."""
    out: list[Session] = []
    seed, work = 0, 0
    while True:
        s = _long_game(seed)
        seed += 1
        if work + 1 + len(s.actions) > MAX_IMPORT_WORK:
            if seed > 40:
                return tuple(out)
            continue
        out.append(s)
        work += 1 + len(s.actions)


def most_work() -> str:
    return export_file([game_item(s, f"Game {i}") for i, s in enumerate(_games())], "2026-11-26")


def longest_link() -> str:
    return "g=" + to_link(max(_games(), key=lambda s: len(s.actions)))


def most_sheets() -> str:
    """DofA sheets of MAX_STEPS steps each (every step replayed by the check), as many as the
    work budget allows: before the sheet's check was sliced, each was one task."""
    from test_library_slices import SHEET, longest_sheet
    n = MAX_IMPORT_WORK // 301
    return export_file([make_item(SHEET, f"Tess {i}", longest_sheet(f"Tess {i}")) for i in range(n)], "2026-11-26")


def inputs() -> dict[str, str]:
    """name -> the file's text or the link's fragment (without '#')."""
    return {"2,000 items": many_items(), "work budget": most_work(), "longest link": longest_link(),
            "300-step sheets": most_sheets()}


def longest_slice_cpython(text: str) -> float:
    """The page's import of a file (start_import, run_slice) one step a slice: the longest
    step in ms, what no slice can go below (CPython)."""
    from pocketdeck.ui.library import screen as lib
    from pocketdeck.ui.app import App
    app, longest, effects = App(seed_source=5), 0.0, None
    lib.start_import(app, text)
    while effects is None:
        start = time.perf_counter()
        effects = lib.run_slice(app, 0)
        longest = max(longest, time.perf_counter() - start)
    return round(longest * 1000, 1)


def _answer(text: str) -> str:
    from pocketdeck.ui.library import screen as lib
    from pocketdeck.ui.app import App
    app = App(seed_source=5)
    if text.startswith(("i=", "g=")):
        app.open_link(text)
    else:
        lib.import_text(app, text)
        if app.screen == "library-import":
            app.handle("lib-resolve", "", {})
    return str(app.flash[1]) if app.flash else app.screen


def measure_cpython(corpus: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, text in corpus.items():
        start = time.perf_counter()
        said = _answer(text)
        out[name] = {"chars": len(text), "ms": round((time.perf_counter() - start) * 1000, 1),
                     "answer": said[:120]}
        if not text.startswith(("i=", "g=")):
            out[name]["longest_step_ms"] = longest_slice_cpython(text)
    return out


LONGTASKS_JS = """() => {
  window.pdLong = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.pdLong.push(e.duration); })
    .observe({type: "longtask", buffered: false});
}"""


def measure_pyodide(new_page: Callable[[], Any], corpus: dict[str, str], tmp: Path,
                    say: Callable[[str], None]) -> dict[str, Any]:
    """Each input on a freshly loaded app page (new_page loads it); the blocked time."""
    out: dict[str, Any] = {}
    for name, text in corpus.items():
        say(f"[bench] import in Pyodide: {name}")
        try:
            page = new_page()
            page.evaluate(LONGTASKS_JS)
            t0 = time.perf_counter()
            if text.startswith(("i=", "g=")):
                page.evaluate("(f) => { location.hash = f; }", text)
                page.wait_for_selector(".flash, .preview", timeout=300_000)
            else:
                path = tmp / "import.json"
                path.write_text(text)
                page.get_by_role("button", name="Library").first.tap()
                page.set_input_files("#lib-file", str(path))
                page.wait_for_selector(".flash, .lib-progress", timeout=300_000)
                page.wait_for_function("!document.querySelector('.lib-progress')", timeout=300_000, polling=200)
            wall = (time.perf_counter() - t0) * 1000
            page.wait_for_timeout(300)   # the last long task is reported after it ends
            tasks = page.evaluate("window.pdLong")
            said = page.evaluate("(document.querySelector('.flash, .preview h1') || {}).textContent")
            out[name] = {"wall_ms": round(wall, 1), "longest_task_ms": round(max(tasks, default=0), 1),
                         "blocked_ms": round(sum(tasks), 1), "long_tasks": len(tasks),
                         "answer": str(said).strip()[:120]}
            page.context.close()
        except Exception as exc:  # noqa: BLE001 - the bench never fails: record it
            out[name] = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
    return out


if __name__ == "__main__":
    json.dump(measure_cpython(inputs()), sys.stdout, indent=2)
    print()
