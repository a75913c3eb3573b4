"""Run inside Pyodide (tests/test_pyodide.py) and in CPython: hostile links, saves and
stored records at the loaders and at App start-up. Prints one JSON line: what each
refusal was (its exception type) and what the app kept. A fatal error of the runtime
(the JavaScript stack overflowing inside json.loads) would end the run with no line."""

import base64
import json
import sys
import zlib

from pocketdeck.core.saves import Session, from_json, from_link, to_json, to_link
from pocketdeck.ui.app import App


def pack(text):
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def outcome(load, arg):
    try:
        load(arg)
    except Exception as exc:  # the type is the answer
        return type(exc).__name__
    return "accepted"


sys.setrecursionlimit(100_000)  # as deep as a hostile runtime could go: the scan must still stop it
own = Session.start("deck", {}, seed=3)
for _ in range(3):
    own.play({"type": "draw"})
record = own.record()
deep = "[" * 7000 + "]" * 7000
hostile = {
    "deep": pack(deep),
    "deep_open": pack("[" * 100_000),
    "deep_object": pack('{"a":' * 7000 + "1" + "}" * 7000),
    "huge_number": pack(json.dumps({**record, "seed": int("9" * 2200)})),
    "many_actions": pack(json.dumps({**record, "actions": [{"type": "draw"}] * 50_000})),
    "garbage": "%%%<img src=x onerror=alert(1)>",
}
result = {"links": {k: outcome(from_link, v) for k, v in hostile.items()},
          "saves": {"deep": outcome(from_json, deep), "deep_open": outcome(from_json, "[" * 100_000)}}
app = App()
app.restore({"game:deck": to_json(own), "game:p52": deep, "char:p52:deep": deep,
             "meta:p52": "[" * 100_000, "ui:screen": "table:deck"})
result["restore"] = {"sessions": sorted(app.sessions), "problems": len(app.problems),
                     "screen": app.screen}
flashes = []
for v in hostile.values():
    app.open_link("g=" + v)
    flashes.append(app.flash[0] if app.flash else None)
app.open_link("g=" + to_link(Session.start("deck", {}, seed=4)))
result["open_link"] = {"flashes": flashes, "screen": app.screen,
                       "own_kept": to_json(app.sessions["deck"]) == to_json(own)}
print(json.dumps(result, sort_keys=True))
