"""An item into the Library, and how long an item's link may be to fit one QR code.

The Library screen (screen.py) opens the deck editor (ui/deck/editor.py) and keeps a DofA
sheet apart (ui/dofa/keep.py); those keep what they make with ``add``, and the table
link's codes (ui/table_link/codes.py) fit the same QR code as an item link. Here, below
all of them, so none of them imports the Library screen back.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.records import Item, get_kind, session_of, stored_text
from ...core.saves import save_text

if TYPE_CHECKING:
    from ..shell import App, Effect

# The longest item link (the fragment, "i=..." or "g=...") drawn as one QR code: past
# version 25 (117 x 117 modules) a code shown on one phone's screen no longer reads
# reliably with another phone's camera; version 25 at error correction level M holds 1,370
# bytes, less the page's own address (up to 120 characters allowed for it). web/library.js
# draws the code with the vendored encoder (build.py QR_ENCODER) at that version at most.
QR_MAX_FRAGMENT = 1_250


def slug(text: str) -> str:
    """``text`` as a key's or a file name's part: lower case, dashes, at most 24 characters."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:24] or "item"


def add(app: "App", item: Item, replace: str | None = None) -> list["Effect"]:
    """Keep ``item`` (already read by core.records), as new or in place of ``replace``."""
    kind = get_kind(item["kind"], item["system"])
    if kind.replayed:
        session = session_of(item)
        if replace and replace.startswith("game:") and replace[5:] in app.sessions:
            slot = replace[5:]
        elif kind.system in app.sessions or f"game:{kind.system}" in app.aside:
            slot = app.free_slot(kind.system)   # never a slot held, nor one set aside
        else:
            slot = kind.system
        app.sessions[slot] = session
        app.notes["names"][slot] = item["name"]
        app.meta.pop(f"meta:{slot}", None)  # a game from outside starts with no table notes
        return [("put", f"game:{slot}", save_text(session)), ("delete", f"meta:{slot}"),
                ("put", "ui:library", app.notes_text())]
    key = replace if replace in app.library else None
    if key is None:
        key, n = kind.prefix + slug(item["name"]), 1
        while key in app.library or key in app.aside:  # a key set aside is never written over
            n += 1
            key = f"{kind.prefix}{slug(item['name'])}-{n}"
    app.library[key] = item["data"]
    return [("put", key, stored_text(item))]
