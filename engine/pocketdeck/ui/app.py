"""The app controller: which screen is shown, the games in progress, and what each tap
does. Pure Python: it returns HTML and a list of storage effects, and web/main.py
carries those out (IndexedDB writes, the DOM update).

Storage keys: ``game:<slot>`` holds a game in progress (a save made by
``core.saves.save_text``): the slot ``<system>`` is the player's own game of that system,
``<system>~shared`` a game opened from a share link and kept beside it ("keep both").
``ui:screen`` is the screen to come back to after a reload; ``char:<system>:<id>`` the
character library; ``meta:<slot>`` a table's notes on the game in that slot. Several games
of one system: a new game takes the slot ``<system>`` and the one it replaces moves to
``<system>~<n>``; ``ui:library`` keeps the games' names, the order they were last opened
in (``recent``: "Continue" opens the newest of a system) and the last export's date.
Every other kept item is a record of core/records.py (the Library screen:
ui/library/screen.py).

Nothing stored is lost: an entry that cannot be loaded (any exception at all) is explained
on the home screen and left untouched in storage. A share link opens as a preview that
asks; the player's game is never replaced without a yes, and "keep both" comes first.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.game import IllegalAction, get_game
from ..core.limits import MAX_ACTIONS, MAX_RECORD_CHARS, excerpt, load_json
from ..core.records import NAME_MAX, kind_of_key, read_stored
from ..core.saves import SaveError, Session, from_json, from_link, save_text, to_link
from . import flow
from .html import block, button, esc, unblocked
from .shell import Effect, slot_system
from .tables import rules_key, tables

# systems whose seats a guest phone may hold: the keys of ui/table_link/policies.POLICIES, named
# here so the home screen loads none of the table link (tests/test_table_link.py checks both)
TABLE_LINK_SYSTEMS = ("deckbuilder", "p52", "ads_adventure", "dofa-gm")
SHARED = "~shared"        # the slot suffix of a linked game kept beside the player's own
_SLOT = re.compile(r"[a-z0-9_-]{1,24}(~(shared|[0-9]{1,6}))?")  # <system>, <system>~shared, <system>~<n>


@dataclass
class App:
    screen: str = "home"                      # "home", "table:<slot>", "setup:<system>", "preview"
    sessions: dict[str, Session] = field(default_factory=dict)   # slot -> game
    problems: list[str] = field(default_factory=list)
    flash: tuple[str, str] | None = None      # (kind, text) shown once
    share_link: str | None = None
    seed_source: int = 0
    library: dict[str, dict[str, Any]] = field(default_factory=dict)  # "char:<system>:<id>" -> record
    meta: dict[str, dict[str, Any]] = field(default_factory=dict)     # "meta:<slot>" -> table notes
    pending_library: list[str] = field(default_factory=list)
    confirm: str | None = None                # a library key whose removal awaits a second tap
    preview: Session | None = None            # a linked game waiting for the player's answer
    back: str = "home"                        # the screen a preview returns to on "keep mine"
    render_error: str | None = None           # the last screen that failed to draw
    notes: dict[str, Any] = field(default_factory=lambda: {"names": {}, "recent": [], "exported": None,
                                                           "learned": []})
    shelf: Any = None                         # the Library screen's own state (library_screen)
    # stored entries that could not be read (key -> (the stored text as it is, why)): kept
    # untouched, listed by the Library, exported as they are, deleted only when asked; no
    # import takes their keys or slots (issue 28)
    aside: dict[str, tuple[Any, str]] = field(default_factory=dict)
    # the play flow (ui/flow.py): the tap's result lines, the log as last drawn, the
    # screen last shown (a new screen opens at its top), the guide's step
    result: list[str] = field(default_factory=list)
    shown_log: list[Any] | None = None
    log_before: list[Any] | None = None
    shown_screen: str = ""
    guide: tuple[str, str, int] | None = None  # (rules folder, table system, step)
    rules_back: str = "home"                  # the screen the Rules screen returns to
    rules_query: str = ""
    link: Any = None                          # a table of phones (ui/table_link/screens.py), host or guest
    # what this browser can do, as web/boot.js found it (pocketdeckFeatures): "peer" (a data
    # channel between phones), "share" (a share sheet), "install_hint" (an iPhone or iPad
    # browser tab, not the installed app: the home screen says how to install). A name not
    # here is taken as present (the engine's own tests, CPython).
    features: dict[str, bool] = field(default_factory=dict)
    maker: Any = None                         # an item being made (ui/make/screen.py Draft), until kept or left

    # -- start-up ----------------------------------------------------------------------
    def restore(self, stored: dict[str, str]) -> None:
        """Load what IndexedDB holds. Each entry on its own: whatever goes wrong with one
        (any exception) leaves it untouched in storage, says so on the home screen, and
        the others still load."""
        try:
            items = sorted(stored.items())
        except Exception:  # noqa: BLE001 - keys that do not sort: take them as they come
            items = list(stored.items())
        for key, text in items:
            try:
                self._restore_entry(str(key), text)
            except Exception as exc:  # noqa: BLE001 - the app must start whatever is stored
                self.problems.append(f"A stored entry ({excerpt(str(key), 40)}) could not be read "
                                     f"({type(exc).__name__}); it is kept as it was.")
        screen = stored.get("ui:screen", "home")
        if not isinstance(screen, str):
            return
        if screen.startswith("table:") and screen[6:] in self.sessions:
            self.screen = screen
        elif screen == "tl-guest" and self.link is not None:  # a guest phone: its table, "Reconnect"
            self.screen = screen
        elif screen.startswith("setup:") and screen[6:] in tables():
            self.screen = screen
        elif screen.startswith("make:") and self.maker is not None and screen == f"make:{self.maker.kind}":
            self.screen = screen  # a draft being made (ui/make/screen.py ``ui:maker``)

    def _restore_entry(self, key: str, text: Any) -> None:
        if key == "ui:library":
            self.notes = _library_notes(text)
        elif key == "ui:maker":  # a draft being made: the maker is imported only when there is one
            from .make import screen as make_screen
            make_screen.restore(self, text)
        elif key == "tl:guest":
            from .table_link import screens as table_screens
            table_screens.restore(self, text)
        elif key.startswith(("item:", "char:")) and kind_of_key(key) is not None:
            try:
                self.library[key] = read_stored(key, text)["data"]
            except Exception as exc:  # noqa: BLE001 - set aside: kept in storage, said here
                self.aside[key] = (text, excerpt(str(exc), 160))
                self.problems.append(f"A saved {kind_of_key(key).title} ({excerpt(key.split(':', 2)[-1], 40)}) "
                                     f"could not be read ({excerpt(str(exc), 160)}); it is set aside, "
                                     "kept as it was.")
        elif key.startswith("meta:"):
            try:
                value = load_json(text, "the table's notes", MAX_RECORD_CHARS)
                if not isinstance(value, dict):
                    raise ValueError("not a mapping")
                self.meta[key] = value
            except Exception:  # noqa: BLE001
                self.problems.append(f"A table's notes ({excerpt(key[5:], 40)}) could not be read; "
                                     "they are kept as they were until its next game starts.")
        elif key.startswith("char:"):
            label = excerpt(key[5:], 40)
            try:
                record = load_json(text, "this character", MAX_RECORD_CHARS)
                if not isinstance(record, dict):
                    raise ValueError("not a character record")
                self.library[key] = record  # no kind of core/records.py: no rules to check it by
            except Exception as exc:  # noqa: BLE001
                self.problems.append(f"A saved character ({label}) could not be read "
                                     f"({excerpt(str(exc), 120)}); it is kept as it was.")
        elif key.startswith("game:"):
            slot = key[5:]
            system = slot_system(slot)
            try:
                if not _SLOT.fullmatch(slot):
                    raise SaveError("the save is filed under a name this app does not use")
                session = from_json(text)
                if session.system != system:
                    raise SaveError("the save is filed under the wrong game")
                self.sessions[slot] = session
            except Exception as exc:  # noqa: BLE001 - from_json raises SaveError only; be sure
                self.aside[key] = (text, excerpt(str(exc), 160))
                what = "shared " if slot.endswith(SHARED) else ""
                self.problems.append(f"Your saved {what}{excerpt(system, 40)} game could not be loaded: "
                                     f"{excerpt(str(exc), 300)}. It is kept as it was; starting a "
                                     "new game replaces it.")

    def open_link(self, fragment: str, checked: Any = None) -> list[Effect]:
        """A shared game arriving in the URL fragment ``g=...``: checked and replayed, then
        shown as a preview that asks (nothing is stored until the player answers). Any
        problem at all becomes the refusal message; this never raises."""
        try:
            return self._open_link(fragment, checked)
        except Exception as exc:  # noqa: BLE001 - the documented refusal, whatever went wrong
            self.preview = None
            self.flash = ("error", f"That link could not be opened ({type(exc).__name__}).")
            return []

    def _open_link(self, fragment: str, checked: Any) -> list[Effect]:
        # ``checked``: what the page already read from this fragment in slices (library_screen.link_steps)
        if isinstance(fragment, str) and fragment.startswith("i="):  # a library item
            from .library import screen as library_screen
            return library_screen.open_item_link(self, fragment, checked)
        if isinstance(fragment, str) and fragment.startswith("t="):  # a table link's code (issue 29)
            from .table_link import screens as table_screens
            return table_screens.open_code(self, fragment)
        if not isinstance(fragment, str) or not fragment.startswith("g="):
            return []
        try:
            session = checked or from_link(fragment[2:])
        except SaveError as exc:
            self.flash = ("error", f"That link could not be opened: {exc}")
            return []
        if session.system not in tables():
            self.flash = ("error", f"That link holds a {excerpt(session.system, 40)} game, "
                                   "which this app cannot show.")
            return []
        if self.screen != "preview":
            self.back = self.screen
        self.preview = session
        self.screen = "preview"
        return []

    def _answer_link(self, choice: str) -> list[Effect]:
        """The player's answer to a preview: ``both`` (keep both: the linked game gets the
        shared slot), ``replace`` (it takes the own slot), ``open`` (the same when there
        is no own game), ``mine`` (drop the link)."""
        session, self.preview = self.preview, None
        if session is None:
            raise IllegalAction("there is no shared game waiting")
        system = session.system
        if choice == "mine":
            self.screen = self.back if self._screen_ok(self.back) else "home"
            self.flash = ("info", "The shared game was not opened; your games are as they were.")
            return [("put", "ui:screen", self.screen)]
        if choice == "join":  # a DofA player's sheet joins the GM's table (ui/dofa_gm/join.py)
            from .dofa_gm import join as dofa_join
            try:
                return dofa_join.answer(self, session)
            except IllegalAction:
                self.preview = session
                raise
        if choice == "both":
            slot = system + SHARED
        elif choice in ("replace", "open"):
            if choice == "open" and system in self.sessions:
                raise IllegalAction("you have a game of this kind: choose keep both or replace")
            slot = system
        else:
            raise IllegalAction("answer the shared game with one of its buttons")
        if f"game:{slot}" in self.aside:  # a stored game set aside is never written over
            slot = self.free_slot(system)
        text = save_text(session)
        kept = self.archive(slot) if choice == "both" else []  # a shared game kept before stays
        self.sessions[slot] = session
        self.screen = f"table:{slot}"
        # the table's notes were about the game this one replaces (P52: which library
        # characters joined it); a linked game starts with none, so its party is added to
        # the library as new characters and never written over the player's own
        self.meta.pop(f"meta:{slot}", None)
        self.problems = [p for p in self.problems if f"saved {system} game" not in p]
        self.flash = ("info", f"Opened the shared {get_game(system).title} game"
                      + (" beside your own." if slot.endswith(SHARED) else "."))
        return kept + [("put", f"game:{slot}", text), ("delete", f"meta:{slot}"),
                       ("put", "ui:screen", self.screen)]

    def _screen_ok(self, screen: str) -> bool:
        if screen.startswith(("rules:", "library")):
            return True
        if screen.startswith("tl-"):
            return self.link is not None
        if screen.startswith("table:"):
            return screen[6:] in self.sessions
        if screen.startswith("setup:"):
            return screen[6:] in tables()
        return screen == "home"

    def start_job(self, job: Any, what: str, before: str, unit: str) -> None:
        """Run ``job`` (a generator of (done, total) that returns effects) in slices, with
        the Library's progress line and Cancel (ui/library/screen.py ``start_job``; the page
        drives it, web/main.py ``run_job``)."""
        from .library import screen as library_screen
        library_screen.start_job(self, job, what, before, unit)

    def slot_of(self, session: Session) -> str:
        """The slot a session is kept in (tables use it to name their notes)."""
        for slot, s in self.sessions.items():
            if s is session:
                return slot
        return session.system

    # -- taps -------------------------------------------------------------------------------
    def handle(self, verb: str, arg: str = "", fields: dict[str, str] | None = None) -> list[Effect]:
        """Carry out one tap. Never raises: problems become a flash message."""
        self.flash, self.share_link = None, None
        self.result, self.log_before = [], None
        confirm, self.confirm = self.confirm, None
        try:
            if verb == "forget":
                return self._forget(arg, confirm)
            if verb == "install-hint":  # "Got it": the line on how to install is not shown again
                self.notes["install_hint_seen"] = True
                return [("put", "ui:library", self.notes_text())]
            if verb.startswith("lib"):
                from .library import screen as library_screen
                return self._written(library_screen.handle(self, verb, arg, fields or {}) + self._touch())
            if verb.startswith("make"):  # make your own (issue 49): loaded only when opened
                from .make import screen as make_screen
                return self._written(make_screen.handle(self, verb, arg, fields or {}))
            if verb.startswith("tl-") or self.screen.startswith("tl-"):  # a table of phones
                from .table_link import screens as table_screens
                if verb.startswith("tl-") or verb == "play":
                    return self._written(table_screens.handle(self, verb, arg, fields or {}))
            effects = self._handle(verb, arg, fields or {}) + self._touch()
            if self.link is not None:  # every guest whose view changed gets it (ui/table_link/screens.py)
                from .table_link import screens as table_screens
                effects += table_screens.sync(self)
            return self._written(effects)
        except IllegalAction as exc:
            self.flash = ("error", excerpt(str(exc), 300))
        except Exception as exc:  # noqa: BLE001 - a tap never breaks the app
            self.flash = ("error", f"That did not work: {excerpt(str(exc), 300)}")
        return []

    def _handle(self, verb: str, arg: str, fields: dict[str, str]) -> list[Effect]:
        if verb == "home":
            self.screen = "home"
            return [("put", "ui:screen", "home")]
        if verb == "link":
            return self._answer_link(arg)
        if verb.startswith(("rules", "guide")):
            return self._learn(verb, arg, fields)
        if verb == "open":
            if slot_system(arg) not in tables() or (arg != slot_system(arg) and arg not in self.sessions):
                raise IllegalAction(f"there is no table called {excerpt(arg)!r}")
            if arg == slot_system(arg):  # "Continue": the newest own game; a named slot opens as named
                arg = self.latest(arg) or arg
            self.screen = f"table:{arg}" if arg in self.sessions else f"setup:{arg}"
            return [("put", "ui:screen", self.screen)]
        if verb == "setup":
            if arg not in tables():
                raise IllegalAction(f"there is no table called {excerpt(arg)!r}")
            self.screen = f"setup:{arg}"
            return [("put", "ui:screen", self.screen)]
        if verb == "new":
            spec = _json_object(arg)
            system, options = spec.get("system"), dict(spec.get("options") or {})
            if not isinstance(system, str) or system not in tables():
                raise IllegalAction(f"there is no table called {excerpt(system)!r}")
            options.update(tables()[system].options_from_form(fields, self))
            session = Session.start(system, options, seed=self._new_seed())
            text = save_text(session)  # refuses options past the limits before anything changes
            kept = self.archive(system)  # the game this one follows stays, in a slot of its own
            self.sessions[system] = session
            self.problems = [p for p in self.problems if f"saved {system} game" not in p]
            self.screen = f"table:{system}"
            if kept:
                self.flash = ("info", "A new game started. Your previous game is kept: "
                                      "open it from the Library.")
            return (kept + [("put", f"game:{system}", text), ("put", "ui:screen", self.screen)]
                    + tables()[system].after_play(self, session))
        slot = self._current_slot()
        session = self.sessions[slot]
        table = tables()[slot_system(slot)]
        if verb == "play":
            action = _json_object(arg)
            action.update(fields)
            if self.link is not None:  # a seat a guest holds is played on the guest's phone
                from .table_link import screens as table_screens
                table_screens.check_local(self, slot)
            self.log_before = self.shown_log
            return self.play_in(slot, action)
        if verb == "undo":
            session.undo()
            self.flash = ("info", "Undone: the last move was taken back.")
            return self._save(slot)
        if verb == "share":
            self.share_link = "g=" + to_link(session)
            return []
        if verb == "share-send":  # the share sheet or the clipboard (web/library.js)
            self.share_link = "g=" + to_link(session)
            return [("share" if arg == "share" else "copy", self.share_link, f"Pocketdeck: {table.title}")]
        raise IllegalAction(f"unknown command {excerpt(verb)!r}")

    def play_in(self, slot: str, action: dict[str, Any]) -> list[Effect]:
        """Play ``action`` in the game in ``slot`` and save it (a local tap, or a guest's
        action the table link checked: ui/table_link/screens.py)."""
        session = self.sessions[slot]
        before = (session.actions, session.state, session.base, session.mark)
        session.play(action)
        try:
            effects = self._save(slot)
        except SaveError:  # past a save's limits: the tap is refused, nothing changes
            session.actions, session.state, session.base, session.mark = before
            raise
        return effects + tables()[slot_system(slot)].after_play(self, session)

    def _learn(self, verb: str, arg: str, fields: dict[str, Any]) -> list[Effect]:
        """The Rules screen (open, search, back) and the first-run guide (next, skip,
        show again). The guide's end is kept in ``ui:library`` (``learned``), so it is
        never shown again unless the player asks for it from Rules."""
        from . import learn_ui
        if verb == "rules":
            key = rules_key(slot_system(arg)) if isinstance(arg, str) else None
            if key is None:
                raise IllegalAction(f"there are no rules for {excerpt(arg)!r}")
            if not self.screen.startswith("rules:"):
                self.rules_back = self.screen
            self.screen, self.rules_query = f"rules:{key}", ""
            return []
        if verb == "rules-search":
            if not self.screen.startswith("rules:"):
                raise IllegalAction("the rules are not open")
            query = fields.get("q", "")
            self.rules_query = query.strip()[:60] if isinstance(query, str) else ""
            return []
        if verb == "rules-back":
            self.screen = self.rules_back if self._screen_ok(self.rules_back) else "home"
            return []
        if verb == "guide":
            learned = self.notes.setdefault("learned", [])
            if arg.startswith("again:"):
                folder = arg[6:]
                self.notes["learned"] = [t for t in learned if rules_key(t) != folder]
                self.flash = ("info", "The first-game guide will show again on each of its tables.")
                return [("put", "ui:library", self.notes_text())]
            if self.guide is None:
                raise IllegalAction("no guide is open")
            folder, table, step = self.guide
            if arg == "next" and step + 1 < len(learn_ui.learn.guide(folder, table)):
                self.guide = (folder, table, step + 1)
                return []
            if arg not in ("next", "skip"):
                raise IllegalAction("answer the guide with Next or Skip")
            self.guide = None
            if table not in learned:
                learned.append(table)
            self.flash = ("info", "Guide closed. Rules has it again whenever you want it."
                          if arg == "skip" else "That is the guide: Rules explains the rest.")
            return [("put", "ui:library", self.notes_text())]
        raise IllegalAction(f"unknown command {excerpt(verb)!r}")

    def _guide_for(self, system: str) -> str:
        """The guide box of ``system``'s table: started the first time that table is on
        screen (never again once it was followed or skipped)."""
        from . import learn_ui
        if self.guide is None or self.guide[1] != system:
            folder = rules_key(system)
            if folder is None or system in self.notes.get("learned", []) \
                    or not learn_ui.learn.guide(folder, system):
                self.guide = None
                return ""
            self.guide = (folder, system, 0)
        return learn_ui.guide_box(*self.guide)

    def frame(self) -> dict[str, Any]:
        """What the shell needs besides the HTML of the screen just drawn: the sentence its
        live region speaks for this tap, and whether the screen is a new one (it then opens
        at its top). Called once per screen shown (web/main.py)."""
        fresh = self.screen != self.shown_screen
        self.shown_screen = self.screen
        return {"said": flow.spoken(self.result, self.flash), "fresh": fresh}

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

    def latest(self, system: str) -> str | None:
        """The slot of the player's own game of ``system`` opened last (what "Continue"
        opens). A game opened from a friend's link (``~shared``) has a button of its own on
        the home screen, so "Continue" never lands in it."""
        slots = [s for s in self.notes["recent"] if slot_system(s) == system and s in self.sessions
                 and not s.endswith(SHARED)]
        if slots:
            return slots[0]
        return system if system in self.sessions else next(
            (s for s in sorted(self.sessions) if slot_system(s) == system and not s.endswith(SHARED)), None)

    def free_slot(self, system: str) -> str:
        """A slot no game holds, nor a stored game set aside (it is never written over)."""
        n = 2
        while f"{system}~{n}" in self.sessions or f"game:{system}~{n}" in self.aside:
            n += 1
        return f"{system}~{n}"

    def _written(self, effects: list[Effect]) -> list[Effect]:
        """A key written or deleted by a tap the player made on purpose (a new game in
        its slot, a delete) holds no set-aside entry any more (an undone delete puts the
        very text back: it stays set aside)."""
        for effect in effects:
            if effect[0] in ("put", "delete") and len(effect) > 1 and effect[1] in self.aside \
                    and not (effect[0] == "put" and effect[2] is self.aside[effect[1]][0]):
                del self.aside[effect[1]]
        return effects

    def archive(self, slot: str) -> list[Effect]:
        """Move the game in ``slot`` (with its notes and name) to a slot of its own, so a
        new game can take ``slot`` without losing it."""
        session = self.sessions.pop(slot, None)
        if session is None:
            return []
        new = self.free_slot(slot_system(slot))
        self.sessions[new] = session
        effects: list[Effect] = [("put", f"game:{new}", save_text(session))]
        meta = self.meta.pop(f"meta:{slot}", None)
        if meta is not None:
            self.meta[f"meta:{new}"] = meta
            effects += [("put", f"meta:{new}", json.dumps(meta)), ("delete", f"meta:{slot}")]
        names = self.notes["names"]
        if slot in names:
            names[new] = names.pop(slot)
        self.notes["recent"] = [new if s == slot else s for s in self.notes["recent"]]
        return effects + [("put", "ui:library", self.notes_text())]

    def notes_text(self) -> str:
        return json.dumps(self.notes, sort_keys=True)

    def _touch(self) -> list[Effect]:
        """The game on screen becomes the newest (kept in ``ui:library``)."""
        if not self.screen.startswith("table:"):
            return []
        slot = self.screen[6:]
        recent = self.notes["recent"]
        if recent[:1] == [slot]:
            return []
        self.notes["recent"] = [slot] + [s for s in recent if s != slot and s in self.sessions][:200]
        return [("put", "ui:library", self.notes_text())]

    def _current_slot(self) -> str:
        if not self.screen.startswith("table:") or self.screen[6:] not in self.sessions:
            raise IllegalAction("no game is open")
        return self.screen[6:]

    def _save(self, slot: str) -> list[Effect]:
        return [("put", f"game:{slot}", save_text(self.sessions[slot])),
                ("put", "ui:screen", self.screen)]

    def _new_seed(self) -> int:
        # the browser passes fresh entropy in seed_source; mixing in the count keeps two
        # new games in one second apart
        self.seed_source = (self.seed_source * 6364136223846793005 + 1442695040888963407) % (1 << 63)
        return self.seed_source

    def rehearse(self) -> str | None:
        """Play the open table's first legal action on a copy of its game and draw the
        result, keeping and storing nothing; the system rehearsed, or None.

        The page calls this once per table when it is idle (web/main.py): the first tap
        after a start ran its Python for the first time in that runtime, and in Pyodide
        that first run was several times slower than the next ones (measured in
        docs/BENCHMARK.md). The copy shares only states, which are never changed in place;
        a game about to be checkpointed is not rehearsed (a fold may replay it)."""
        if not self.screen.startswith("table:") or self.screen[6:] not in self.sessions:
            return None
        slot = self.screen[6:]
        session = self.sessions[slot]
        if session.state is None or len(session.actions) >= MAX_ACTIONS - 1:
            return None
        legal = session.game.legal_actions(session.state)
        if not legal:
            return None
        copy = Session(session.system, session.options, session.seed, session.actions,
                       session.state, session.base)
        shadow = App(screen=self.screen, sessions={slot: copy})
        shadow.handle("play", json.dumps(legal[0]))
        shadow.render()
        return session.system

    # -- screens -------------------------------------------------------------------------------
    def render(self) -> str:
        """The whole screen, its glossary popovers last. A screen that fails to draw becomes
        a readable error with a way home (never a dead page); ``render_error`` keeps what
        went wrong."""
        screen, popovers = self.render_parts()
        return unblocked(screen) + "".join(popovers)

    def render_parts(self) -> tuple[str, list[str]]:
        """The screen and, apart, the markup of each glossary popover it links to (the page
        holds those in a layer of their own, web/lastscreen.js: they are a quarter to a
        third of a table's markup and change far less often than the screen). The screen
        holds its blocks' marks (ui/html.py ``block``: for web/morph.js); ``render`` drops them."""
        self.render_error = None
        learning = sys.modules.get(f"{__package__}.learn_ui")  # the home screen never loads it
        if learning:
            learning.begin()
        popovers: list[str] = []
        try:
            body = self._render_screen()
            if self.screen.startswith("table:"):
                body += block(self._guide_for(slot_system(self.screen[6:])))
            learning = sys.modules.get(f"{__package__}.learn_ui")
            if learning:
                popovers = learning.popover_list()
        except Exception as exc:  # noqa: BLE001 - the player always gets a screen
            self.render_error = f"{type(exc).__name__}: {excerpt(str(exc), 200)}"
            body = (f'<section class="render-error"><h1>This screen could not be drawn</h1>'
                    f'<p>Your game is saved on this phone; nothing was lost. '
                    f'({esc(self.render_error)})</p>'
                    f'{button("Go to the home screen", "home", cls="btn primary")}</section>')
        # the tap's result and message where the player looks: beside the prompt (ui/flow.py)
        return flow.place_result(body, flow.result_box(self.result, self.flash)), popovers

    def _render_screen(self) -> str:
        if self.screen == "preview" and self.preview is not None:
            return self._preview()
        if self.screen.startswith("library"):
            from .library import screen as library_screen
            return library_screen.render(self)
        if self.screen.startswith("tl-"):
            from .table_link import screens as table_screens
            return table_screens.render(self)
        if self.screen.startswith("make:"):
            from .make import screen as make_screen
            return make_screen.render(self)
        if self.screen.startswith("rules:"):
            from . import learn_ui
            folder = self.screen[6:]
            back = {"home": "Home"}.get(self.rules_back, "Back to the game" if self.rules_back.startswith("table:")
                                        else "Back")
            has_guide = any(rules_key(t) == folder for t in tables())
            return learn_ui.rules_screen(folder, self.rules_query, back, has_guide)
        if self.screen.startswith("setup:"):
            system = self.screen[6:]
            return self._nav(system, in_game=False) + tables()[system].setup(self)
        if self.screen.startswith("table:") and self.screen[6:] in self.sessions:
            slot = self.screen[6:]
            system = slot_system(slot)
            session = self.sessions[slot]
            table = tables()[system]
            view = session.game.view(session.state, table.seat)
            seats = ""
            if self.link is not None:  # the seats guests hold are theirs (ui/table_link/screens.py)
                from .table_link import screens as table_screens
                view, seats = table_screens.host_view(self, slot, view)
            log = view.get("log") if isinstance(view, dict) else None
            if self.log_before is not None and isinstance(log, list):
                self.result = flow.new_lines(self.log_before, log)
                self.log_before = None
            self.shown_log = log if isinstance(log, list) else None
            share = ""
            if self.share_link is not None:
                share = (f'<div class="share" data-prompt tabindex="-1" aria-label="Share this game">'
                         f'<label>Link to this game (copy it and send it):'
                         f'<input readonly class="share-link" data-share="{esc(self.share_link)}" '
                         f'value="{esc(self.share_link)}"></label><div class="choices">'
                         + (button("Send the link", "share-send", "share", cls="btn primary")
                            if self.can("share") else "")
                         + button("Copy the link", "share-send", "copy",
                                  cls="btn" if self.can("share") else "btn primary")
                         + '</div><p id="lib-done" class="muted"></p></div>')
            shared = ""
            if slot.endswith(SHARED):
                shared = ('<p class="shared-note muted">A shared game, kept beside your own '
                          f'{esc(table.title)} game.</p>')
            return (self._nav(system, in_game=True, can_undo=session.can_undo()) + shared + share
                    + seats + (table.render_app(self, view, session) if table.render_app else
                               table.render(view, session)))
        return self._home()

    def _preview(self) -> str:
        """A linked game waiting for an answer: what it is, and what each choice does."""
        session = self.preview
        assert session is not None
        system = session.system
        title = get_game(system).title
        moves = len(session.actions)
        over = " It has ended." if session.game.is_over(session.state) else ""
        mine = system in self.sessions
        if mine:
            both = "Keep both"
            buttons = (button(both, "link", "both", cls="btn primary")
                       + button("Replace my game", "link", "replace", cls="btn danger")
                       + button("Keep mine only", "link", "mine", cls="btn ghost"))
            text = (f"You have a {esc(title)} game in progress. Keep both: your game stays as it "
                    "is and this one opens beside it. Replace: this one takes its place.")
        else:
            buttons = (button("Open it", "link", "open", cls="btn primary")
                       + button("Not now", "link", "mine", cls="btn ghost"))
            text = "Nothing of yours is replaced."
        return (f'<section class="preview" data-preview="{esc(system)}">'
                f'<h1>A shared {esc(title)} game</h1>'
                f'<p>Someone sent you a {esc(title)} game: {moves:,} move{"s" if moves != 1 else ""} '
                f'played.{over}</p><p>{text}</p>'
                f'<div class="choices">{buttons}</div>{self._join_offer(session)}</section>')

    def _join_offer(self, session: Session) -> str:
        if session.system != "dofa":
            return ""
        from .dofa_gm.join import offer  # only when a Deck of Adventures sheet is on screen
        return offer(self, session)

    def _nav(self, system: str, *, in_game: bool, can_undo: bool = False) -> str:
        """The table's bar: what fits 360 px (Home, Undo, Rules), the rest in a menu."""
        return _nav_bar(system, tables()[system].title, in_game, can_undo)

    def can(self, feature: str) -> bool:
        """Whether this browser has ``feature`` (``features``; unknown means yes)."""
        return self.features.get(feature, True) is not False

    def _home(self) -> str:
        items = []
        for system, table in tables().items():
            resume = system in self.sessions
            label = "Continue" if resume else "Start"
            extra = ""
            if system + SHARED in self.sessions:
                extra = button("Continue the shared game", "open", system + SHARED, cls="btn")
            how = (button("How to play", "rules", system, cls="btn ghost", title=f"How to play: {table.title}")
                   if rules_key(system) else "")
            items.append(
                f'<li class="tile"><h2>{esc(table.title)}</h2><p>{esc(table.blurb)}</p>'
                f'<div class="choices">{button(label, "open", system, cls="btn primary", title=f"{label} the {table.title} table")}'
                f'{extra}{how}</div></li>')
        problems = "".join(f'<p class="flash error" role="alert">{esc(p)}</p>' for p in self.problems)
        library = button("Library: every game, character and deck", "lib", cls="btn lib-btn")
        if self.link is not None:  # a guest phone's way back to the host's table (ui/table_link/screens.py)
            from .table_link import screens as table_screens
            library = table_screens.home_line(self) + library
        install = ""
        if self.features.get("install_hint") and not self.notes.get("install_hint_seen"):
            install = ('<p class="install-hint muted">To play with no signal, install Pocketdeck: tap '
                       'Share, then Add to Home Screen. '
                       + button("Got it", "install-hint", cls="btn small ghost") + '</p>')
        return (f'<section class="home">{problems}{install}<h1 id="home-h">Tables</h1>'
                f'<ul class="tiles" data-prompt tabindex="-1" aria-labelledby="home-h">{"".join(items)}</ul>'
                f'{library}</section>')


@lru_cache(maxsize=64)
def _nav_bar(system: str, title: str, in_game: bool, can_undo: bool) -> str:
    """App._nav's markup: the same few bars on every tap of a table, so each is made once
    (a dozen buttons escaped and joined: about a tenth of a P52 render in CPython)."""
    parts = [button("\u2190 Home", "home", cls="btn ghost")]
    more = [button("Library", "lib", cls="btn ghost")]
    if in_game:
        parts.append(button("Undo", "undo", disabled=not can_undo, cls="btn ghost",
                            title="Undo the last move"))
        if system in TABLE_LINK_SYSTEMS:  # a table of phones (issue 29; ui/table_link/policies.py)
            more.append(button("Invite a player", "tl-host", cls="btn ghost",
                               title="Invite a player to play from their own phone"))
        more += [button("Share", "share", cls="btn ghost", title="Share this game as a link"),
                 button("New game", "setup", system, cls="btn ghost", title=f"New {title} game")]
    if rules_key(system):
        parts.append(button("Rules", "rules", system, cls="btn ghost", title=f"Rules of {title}"))
    menu = (f'<details class="menu"><summary class="btn ghost">More</summary>'
            f'<div class="menu-items">{"".join(more)}</div></details>')
    return block(f'<nav class="nav" aria-label="{esc(title)}">{"".join(parts)}{menu}</nav>')


def _library_notes(text: Any) -> dict[str, Any]:
    """``ui:library``: names of games, the order they were opened in, the last export
    date. Anything unreadable in it falls back to the default (nothing else depends on it)."""
    notes: dict[str, Any] = {"names": {}, "recent": [], "exported": None, "learned": []}
    try:
        value = load_json(text, "the library's notes", MAX_RECORD_CHARS * 10)
    except Exception:  # noqa: BLE001
        return notes
    if not isinstance(value, dict):
        return notes
    names = value.get("names")
    if isinstance(names, dict):
        notes["names"] = {k: v for k, v in names.items() if isinstance(v, str) and len(v) <= NAME_MAX}
    recent = value.get("recent")
    if isinstance(recent, list):
        notes["recent"] = [s for s in recent if isinstance(s, str) and _SLOT.fullmatch(s)]
    if isinstance(value.get("exported"), str) and len(value["exported"]) <= 40:
        notes["exported"] = value["exported"]
    learned = value.get("learned")
    if isinstance(learned, list):
        notes["learned"] = [t for t in learned if isinstance(t, str) and t in tables()][:40]
    if value.get("install_hint_seen") is True:
        notes["install_hint_seen"] = True
    return notes


def _json_object(arg: str) -> dict[str, Any]:
    try:
        value = load_json(arg, "that button", MAX_RECORD_CHARS) if arg else {}
    except ValueError:
        raise IllegalAction("that button sent something unreadable") from None
    if not isinstance(value, dict):
        raise IllegalAction("that button sent something unreadable")
    return value
