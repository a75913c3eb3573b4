"""Prints, as JSON, how long the home screen takes to import and draw (ms) and how many
pocketdeck modules it loaded; run in CPython and in Pyodide (tests/pyodide_run.mjs)."""
import json
import sys
import time

t0 = time.perf_counter()
from pocketdeck.ui.app import App  # noqa: E402

t1 = time.perf_counter()
app = App()
app.restore({})
app.render()
t2 = time.perf_counter()
print(json.dumps({"import_ms": round((t1 - t0) * 1000, 1), "home_ms": round((t2 - t1) * 1000, 1),
                  "modules": sum(1 for m in sys.modules if m.startswith("pocketdeck"))}))
