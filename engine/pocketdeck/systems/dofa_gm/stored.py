"""The kind of each field of the DofA GM table's open records, checked when a checkpoint is
read back (issue 28, item 12; core.fieldtypes): the GM's call (calls.blank), the draw on
the table (draws.start) and the saves due (fight.add_due, boss). Each is None or empty in
a new game, so the shape check cannot see into them. A key the rules always write is
required; the rest are checked when present."""

from __future__ import annotations

from ...core.fieldtypes import BOOL, INT, TEXT, ListOf, Maybe, Record

CALL = Record({"who": TEXT, "stat": Maybe(TEXT), "mod": INT, "aim": Maybe(TEXT), "dr": Maybe(INT),
               "suggested": Maybe(INT), "hidden": BOOL, "hand": INT, "tc": Maybe(TEXT), "needs": Maybe(TEXT),
               "tool": Maybe(TEXT), "vs": TEXT, "vs_mod": INT},
              needs=("who", "stat", "mod", "dr", "hidden", "hand", "tc"))
DRAW = Record({"kind": TEXT, "tc": TEXT, "stat": Maybe(TEXT), "dr": INT, "modifier": INT, "effective": INT,
               "hand": INT, "k": INT, "cards": ListOf(TEXT), "redrawn": BOOL, "weapon": INT, "who": TEXT,
               "by": TEXT, "intensify": BOOL, "target": Maybe(TEXT), "deck": TEXT, "hidden": BOOL,
               "needs": Maybe(TEXT), "power": TEXT, "purpose": TEXT, "status": TEXT},
              needs=("kind", "tc", "dr", "modifier", "effective", "hand", "k", "cards", "who", "by"))
DUE = Record({"who": TEXT, "status": TEXT, "when": TEXT, "stat": TEXT, "dr": INT, "apply": BOOL,
              "fail": INT, "ok": INT, "by": TEXT, "discard": INT},
             needs=("who", "status", "when", "stat", "dr"))

SPEC = Record({"call": Maybe(CALL), "draw": Maybe(DRAW), "due": ListOf(DUE)})
