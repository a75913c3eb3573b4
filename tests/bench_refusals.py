"""How long the library takes to answer bad input (issue 15: "within a second").

Tests pin WHAT every importer answers (the item or its one refusal, nothing kept changed);
how fast is a measurement, so it lives here and `build.py bench` reports it, instead of a
timed assertion that a loaded CI machine could fail. The corpus is fixed (a seeded
generator), so two runs time the same inputs: the hostile files of tests/test_library.py's
kind, and text mutations (cut, flip, insert) of an export file and a link of every fixture
kind, each taken through the whole app path (import_text / open_link + take).

Run alone: PYTHONPATH=engine:tests python3 tests/bench_refusals.py
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from typing import Any, Callable

from pocketdeck.core.records import MAX_FILE_ITEMS, export_file, item_link
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.app import App

from library_samples import every_item

MUTATIONS = 2000


def _nest(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


def hostile_files() -> list[str]:
    head = {"format": "pocketdeck-library", "version": 1}
    return ["", "{", "null", "[]", '"text"', "1e999", "{" * 100_000,
            json.dumps(dict(head, items=_nest(200))),
            json.dumps(dict(head, items=[{}] * (MAX_FILE_ITEMS + 1))),
            json.dumps(dict(head, items=[{"x": 1}] * 100_000)),
            "x" * 21_000_000]


def mutations(seed: int = 0) -> list[str]:
    """Seeded cut/flip/insert mutations of one export of every kind and of each item's link."""
    rnd = random.Random(seed)
    items = every_item()
    bases = [export_file(items, "2026-11-25")] + [item_link(i) for i in items]
    out = []
    for _ in range(MUTATIONS):
        base = rnd.choice(bases)
        i = rnd.randrange(len(base) + 1)
        junk = "".join(rnd.choice("{}[]\",:0aZ=é\x00") for _ in range(rnd.randint(1, 4)))
        how = rnd.choice(("cut", "flip", "insert"))
        out.append({"cut": base[:i], "flip": base[:i] + junk + base[i + len(junk):],
                    "insert": base[:i] + junk + base[i:]}[how])
    return out


def _answer(text: str) -> None:
    """The app's whole path for one input: a link opens its preview and is taken; a file is
    imported keeping both where asked."""
    app = App(seed_source=5)
    if text.startswith(("i=", "g=")):
        app.open_link(text)
        if app.screen == "library-preview":
            app.handle("lib-take", "take", {})
    else:
        lib.import_text(app, text)
        if app.screen == "library-import":
            app.handle("lib-resolve", "", {})


def _time(fn: Callable[[str], None], text: str) -> float:
    start = time.perf_counter()
    fn(text)
    return (time.perf_counter() - start) * 1000


def measure() -> dict[str, Any]:
    """Milliseconds to answer each input (CPython): the worst, p95 and median per corpus."""
    report: dict[str, Any] = {}
    for name, corpus in (("hostile files", hostile_files()), ("mutated files and links", mutations())):
        times = sorted(_time(_answer, t) for t in corpus)
        report[name] = {"inputs": len(times), "median_ms": round(statistics.median(times), 2),
                        "p95_ms": round(times[int(0.95 * (len(times) - 1))], 2),
                        "worst_ms": round(times[-1], 2)}
    return report


if __name__ == "__main__":
    json.dump(measure(), sys.stdout, indent=2)
    print()
