"""The app controller: which screen is shown, the games in progress, and what each tap
does. Pure Python: it returns HTML and a list of storage effects, and web/main.py
carries those out (IndexedDB writes, the DOM update).

Storage keys: ``game:<system>`` holds the game in progress of that system (a save made
by ``core.saves.to_json``); ``ui:screen`` the screen to come back to after a reload.
A stored game that cannot be loaded is explained on the home screen and left untouched
in storage until the player starts a new game of that system, so nothing is lost.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core.game import IllegalAction, get_game
from ..core.saves import SaveError, Session, from_json, from_link, to_json, to_link
from .html import button, esc
from .tables import tables

Effect = tuple[str, ...]  # ("put", key, text) | ("delete", key)


@dataclass
class App:
    screen: str = "home"                      # "home", "table:<system>", "setup:<system>"
    sessions: dict[str, Session] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    flash: tuple[str, str] | None = None      # (kind, text) shown once
    share_link: str | None = None
    seed_source: int = 0
    library: dict[str, dict[str, Any]] = field(default_factory=dict)  # "char:<system>:<id>" -> record
    meta: dict[str, dict[str, Any]] = field(default_factory=dict)     # "meta:<system>" -> table notes
    pending_library: list[str] = field(default_factory=list)
    confirm: str | None = None                # a library key whose removal awaits a second tap

    # -- start-up ----------------------------------------------------------------------
    def restore(self, stored: dict[str, str]) -> None:
        for key, text in sorted(stored.items()):
            if key.startswith("meta:"):
                try:
                    value = json.loads(text)
                    if isinstance(value, dict):
                        self.meta[key] = value
                except ValueError:
                    pass  # a table's notes are rebuilt when its next game starts
            elif key.startswith("char:"):
                try:
                    record = json.loads(text)
                    if not isinstance(record, dict):
                        raise ValueError("not a record")
                    self.library[key] = record
                except ValueError:
                    self.problems.append(f"A saved character ({key[5:]}) could not be read; it is kept as it was.")
            elif key.startswith("game:"):
                system = key[5:]
                try:
                    session = from_json(text)
                    if session.system != system:
                        raise SaveError("the save is filed under the wrong game")
                    self.sessions[system] = session
                except SaveError as exc:
                    self.problems.append(f"Your saved {system} game could not be loaded: {exc}. "
                                         "It is kept as it was; starting a new game replaces it.")
        screen = stored.get("ui:screen", "home")
        if screen.startswith("table:") and screen[6:] in self.sessions:
            self.screen = screen
        elif screen.startswith("setup:") and screen[6:] in tables():
            self.screen = screen

    def open_link(self, fragment: str) -> list[Effect]:
        """A shared game arriving in the URL fragment ``g=...``."""
        if not fragment.startswith("g="):
            return []
        try:
            session = from_link(fragment[2:])
        except SaveError as exc:
            self.flash = ("error", f"That link could not be opened: {exc}")
            return []
        if session.system not in tables():
            self.flash = ("error", f"That link holds a {session.system} game, which this app cannot show.")
            return []
        self.sessions[session.system] = session
        self.screen = f"table:{session.system}"
        self.flash = ("info", f"Opened a shared {get_game(session.system).title} game.")
        return self._save(session.system)

    # -- taps -------------------------------------------------------------------------------
    def handle(self, verb: str, arg: str = "", fields: dict[str, str] | None = None) -> list[Effect]:
        """Carry out one tap. Never raises for bad input: problems become a flash message."""
        self.flash, self.share_link = None, None
        confirm, self.confirm = self.confirm, None
        if verb == "forget":
            return self._forget(arg, confirm)
        try:
            return self._handle(verb, arg, fields or {})
        except IllegalAction as exc:
            self.flash = ("error", str(exc))
        except (ValueError, TypeError, KeyError) as exc:
            self.flash = ("error", f"That did not work: {exc}")
        return []

    def _handle(self, verb: str, arg: str, fields: dict[str, str]) -> list[Effect]:
        if verb == "home":
            self.screen = "home"
            return [("put", "ui:screen", "home")]
        if verb == "open":
            if arg not in tables():
                raise IllegalAction(f"there is no table called {arg!r}")
            self.screen = f"table:{arg}" if arg in self.sessions else f"setup:{arg}"
            return [("put", "ui:screen", self.screen)]
        if verb == "setup":
            if arg not in tables():
                raise IllegalAction(f"there is no table called {arg!r}")
            self.screen = f"setup:{arg}"
            return [("put", "ui:screen", self.screen)]
        if verb == "new":
            spec = _json_object(arg)
            system, options = spec.get("system"), dict(spec.get("options") or {})
            if system not in tables():
                raise IllegalAction(f"there is no table called {system!r}")
            options.update(tables()[system].options_from_form(fields, self))
            session = Session.start(system, options, seed=self._new_seed())
            self.sessions[system] = session
            self.problems = [p for p in self.problems if f"saved {system} game" not in p]
            self.screen = f"table:{system}"
            return self._save(system) + tables()[system].after_play(self, session)
        system = self._current_system()
        session = self.sessions[system]
        if verb == "play":
            action = _json_object(arg)
            action.update(fields)
            session.play(action)
            return self._save(system) + tables()[system].after_play(self, session)
        if verb == "undo":
            session.undo()
            return self._save(system)
        if verb == "share":
            self.share_link = "g=" + to_link(session)
            return []
        raise IllegalAction(f"unknown command {verb!r}")

    def _forget(self, key: str, confirmed: str | None) -> list[Effect]:
        """Remove a character from the library: the first tap asks, the second removes."""
        record = self.library.get(key)
        if record is None:
            self.flash = ("error", "That character is not in the library.")
            return []
        name = str(record.get("name") or "this character")
        if confirmed != key:
            self.confirm = key
            self.flash = ("info", f"Tap \u201cRemove for good?\u201d to delete {name} from this phone.")
            return []
        del self.library[key]
        self.flash = ("info", f"{name} was removed from the library.")
        return [("delete", key)]

    def _current_system(self) -> str:
        if not self.screen.startswith("table:"):
            raise IllegalAction("no game is open")
        return self.screen[6:]

    def _save(self, system: str) -> list[Effect]:
        return [("put", f"game:{system}", to_json(self.sessions[system])),
                ("put", "ui:screen", self.screen)]

    def _new_seed(self) -> int:
        # the browser passes fresh entropy in seed_source; mixing in the count keeps two
        # new games in one second apart
        self.seed_source = (self.seed_source * 6364136223846793005 + 1442695040888963407) % (1 << 63)
        return self.seed_source

    # -- screens -------------------------------------------------------------------------------
    def render(self) -> str:
        body = self._render_screen()
        flash = ""
        if self.flash:
            kind, text = self.flash
            flash = f'<p class="flash {esc(kind)}" role="{"alert" if kind == "error" else "status"}">{esc(text)}</p>'
        return flash + body

    def _render_screen(self) -> str:
        if self.screen.startswith("setup:"):
            system = self.screen[6:]
            return self._nav(system, in_game=False) + tables()[system].setup(self)
        if self.screen.startswith("table:"):
            system = self.screen[6:]
            session = self.sessions[system]
            table = tables()[system]
            view = session.game.view(session.state, table.seat)
            share = ""
            if self.share_link is not None:
                share = (f'<div class="share"><label>Link to this game (copy it and send it):'
                         f'<input readonly class="share-link" data-share="{esc(self.share_link)}" '
                         f'value="{esc(self.share_link)}"></label></div>')
            return self._nav(system, in_game=True, can_undo=session.can_undo()) + share + table.render(view, session)
        return self._home()

    def _nav(self, system: str, *, in_game: bool, can_undo: bool = False) -> str:
        parts = [button("\u2190 Home", "home", cls="btn ghost")]
        if in_game:
            parts.append(button("Undo", "undo", disabled=not can_undo, cls="btn ghost"))
            parts.append(button("Share", "share", cls="btn ghost"))
            parts.append(button("New game", "setup", system, cls="btn ghost"))
        return f'<nav class="nav">{"".join(parts)}</nav>'

    def _home(self) -> str:
        items = []
        for system, table in tables().items():
            resume = system in self.sessions
            label = "Continue" if resume else "Start"
            items.append(
                f'<li class="tile"><h2>{esc(table.title)}</h2><p>{esc(table.blurb)}</p>'
                f'{button(label, "open", system, cls="btn primary")}</li>')
        problems = "".join(f'<p class="flash error" role="alert">{esc(p)}</p>' for p in self.problems)
        return (f'<section class="home">{problems}<h1>Tables</h1>'
                f'<ul class="tiles">{"".join(items)}</ul></section>')


def _json_object(arg: str) -> dict[str, Any]:
    try:
        value = json.loads(arg) if arg else {}
    except ValueError:
        raise IllegalAction("that button sent something unreadable") from None
    if not isinstance(value, dict):
        raise IllegalAction("that button sent something unreadable")
    return value
