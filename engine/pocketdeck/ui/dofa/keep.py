"""DofA sheets in the library: keep the sheet of a player's game apart from it, and open
a kept sheet as a new player's table (systems/dofa/keep.py says what a sheet record is).

Imported only when one of these taps comes (the home screen never loads it).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ...core.game import IllegalAction
from ...core.records import get_kind, make_item
from ...core.saves import Session, save_text

if TYPE_CHECKING:
    from ..shell import App, Effect


def keep_sheet(app: "App", slot: str) -> list["Effect"]:
    """The sheet of the DofA game in ``slot`` joins the library; tapped again for the same
    game, it updates that entry (the key is kept in the game's notes, ``meta:<slot>``)."""
    from ...systems.dofa.keep import sheet_record
    from ..shell import slot_system
    from ..library.items import add
    if not slot and app.screen.startswith("table:"):  # tapped on the table itself
        slot = app.screen[6:]
    session = app.sessions.get(slot)
    if session is None or slot_system(slot) != "dofa":
        raise IllegalAction("that is not a Deck of Adventures game")
    if session.base is not None:
        raise IllegalAction("this game keeps only its recent history, so its sheet cannot be "
                            "rebuilt from its steps; start a game from the sheet to keep one")
    try:
        record = sheet_record(session.state, session.actions)
    except ValueError as exc:
        raise IllegalAction(f"the sheet cannot be kept yet: {exc}") from None
    kind = get_kind("sheet", "dofa")
    meta_key = f"meta:{slot}"
    meta = app.meta.setdefault(meta_key, {})
    key = meta.get("sheet") if isinstance(meta.get("sheet"), str) else None
    if key in app.library and isinstance(app.library[key].get("name"), str):
        record["name"] = app.library[key]["name"]  # a name given in the Library stays
    item = make_item(kind, record["name"], record)
    effects = add(app, item, replace=key if key in app.library else None)
    meta["sheet"] = next(e[1] for e in effects if e[0] == "put")
    app.flash = ("info", f"{record['name']}'s sheet is in the library.")
    return effects + [("put", meta_key, json.dumps(meta))]


def open_sheet(app: "App", key: str) -> list["Effect"]:
    """A new player's table on the kept sheet: a new game from the sheet's character, its
    steps played again, so the game replays from its seed like any other; the game it
    follows keeps a slot of its own (App.archive)."""
    record = app.library.get(key)
    if not isinstance(record, dict):
        raise IllegalAction("that sheet is not in the library")
    options = {k: record[k] for k in ("character", "name", "companion")}
    session = Session.start("dofa", options, seed=app._new_seed())
    for step in record["steps"]:
        session.play(step)
    text = save_text(session)
    kept = app.archive("dofa")
    app.sessions["dofa"] = session
    app.meta["meta:dofa"] = {"sheet": key}
    app.screen = "table:dofa"
    app.flash = ("info", f"{record['name']} is at a new table.")
    return kept + [("put", "game:dofa", text), ("put", "meta:dofa", json.dumps(app.meta["meta:dofa"])),
                   ("put", "ui:screen", app.screen)]
