"""A system's character library on the phone (IndexedDB keys ``char:<system>:<slug>``):
the entries the rules accept, and the party going into it when a game ends.

P52 and the Deckbuilder keep their characters the same way, so one piece serves both: a
table names its key prefix, its record check and how a finished game exports its party.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ...core.saves import Session
from ..shell import Effect

if TYPE_CHECKING:
    from ..shell import App

Record = dict[str, Any]


@dataclass(frozen=True)
class CharacterLibrary:
    system: str
    check: Callable[[Any], str | None]          # None when the rules accept the record
    export: Callable[[dict[str, Any]], list[Record]]  # a finished game's party records

    @property
    def prefix(self) -> str:
        return f"char:{self.system}:"

    def entries(self, app: "App") -> dict[str, Record]:
        """The library entries the rules accept, by name."""
        return {k: r for k, r in sorted(app.library.items(), key=lambda kv: str(kv[1].get("name")))
                if k.startswith(self.prefix) and self.check(r) is None}

    def after_play(self, app: "App", session: Session) -> list[Effect]:
        """When a game ends, the party goes to the library: the characters that came from
        it are updated in place, new ones get a key of their own, and the keys are
        remembered (``meta:<slot>``) so that reaching the end again (after an undo) updates
        the same entries.

        A game opened from a share link starts with no notes (App drops ``meta:<slot>`` when
        it accepts the link), so its party joins the library as new characters and never
        writes over the player's own."""
        state = session.state
        assert state is not None
        meta_key = "meta:" + app.slot_of(session)
        if not session.actions:  # a new game: remember which library entries joined it
            app.meta[meta_key] = {"library": list(app.pending_library)}
            app.pending_library = []
            return [("put", meta_key, json.dumps(app.meta[meta_key]))]
        if state["phase"] != "over":
            return []
        meta = app.meta.setdefault(meta_key, {"library": []})
        keys = meta.get("library")
        if not isinstance(keys, list) or not all(isinstance(k, str) and k.startswith(self.prefix) for k in keys):
            keys = meta["library"] = []  # notes that do not name library entries: start afresh
        effects: list[Effect] = []
        for i, record in enumerate(self.export(state)):
            if i == len(keys):
                keys.append(self.new_key(app, record["name"]))
            app.library[keys[i]] = record
            effects.append(("put", keys[i], json.dumps(record, sort_keys=True)))
        effects.append(("put", meta_key, json.dumps(meta)))
        return effects

    def picks(self, app: "App", legend: str, detail: Callable[[Record], str]) -> str:
        """The setup form's list of kept characters: a checkbox each (field ``library``),
        its name and ``detail`` (plain text, escaped here), and Remove (a second tap removes
        for good); "" when none is kept."""
        from ..html import button, esc
        lib = self.entries(app)
        if not lib:
            return ""
        rows = "".join(
            f'<div class="lib-row"><label class="check"><input type="checkbox" name="library" value="{esc(key)}"> '
            f'<span><b>{esc(r["name"])}</b> <span class="muted">{esc(detail(r))}</span></span></label>'
            + (button("Remove for good?", "forget", key, cls="btn small danger") if app.confirm == key
               else button("Remove", "forget", key, cls="btn small ghost", title=f'Remove {r["name"]}'))
            + '</div>'
            for key, r in lib.items())
        return f'<fieldset><legend>{esc(legend)}</legend>{rows}</fieldset>'

    def new_key(self, app: "App", name: str) -> str:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "hero"
        key, n = self.prefix + slug, 1
        while key in app.library:
            n += 1
            key = f"{self.prefix}{slug}-{n}"
        return key
