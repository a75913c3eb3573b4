"""The Library screen: every kept item (games of every system, characters, heroes, decks,
sheets) by kind and system; open, rename, duplicate, delete with undo, search; export to a
file, import a file (keep both / replace / skip per item), share an item as a link, and
the storage the phone gives the app.

Everything here is plain Python on the App (ui/app.py) and returns storage effects like
every tap; the few things only the browser can do go out as effects of their own, carried
out by web/library.js: ``("download", file, text)``, ``("send", file, text)`` (the share
sheet with a file, else a download), ``("share", fragment, title)`` (the share sheet with
a link, else the clipboard), ``("copy", fragment)``. Imported from App.handle only when a library
verb comes (not on the home screen's start-up path).
"""

from __future__ import annotations

import copy
import datetime
import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generator

from ...core.game import IllegalAction, run_steps
from ...core.limits import excerpt
from ...core.records import (Item, Kind, RecordError, check_name, export_file, file_values_steps,
                            file_work, game_item, get_kind, item_from_link, item_from_link_steps,
                            item_link, make_item, named_function, problem, read_values_steps,
                            stored_text)
from ...core.saves import SaveError, from_link_steps, save_text, to_link
from .items import QR_MAX_FRAGMENT, add, slug as _slug
from ..flow import prompt
from ..html import button, esc
from ..shell import slot_system

if TYPE_CHECKING:
    from ..shell import App, Effect

CHOICES = {"both": "Keep both", "replace": "Replace mine", "skip": "Skip"}
UNDO_DEPTH = 20   # deletes that Undo takes back, newest first (kept in memory until a reload)
# the list is drawn a page at a time: 2,000 items drawn at once held the page for 0.8 s in
# Pyodide (issue 28: nothing may freeze the page for a second); search finds any item
LIST_PAGE = 50


@dataclass
class Shelf:
    """The Library screen's state (in memory only)."""

    query: str = ""
    deleted: list[tuple[str, str, Any]] = field(default_factory=list)  # (key, name, what to put back), newest last
    incoming: list[tuple[Item, str | None]] = field(default_factory=list)  # (item, the key it meets)
    refused: list[str] = field(default_factory=list)
    share: tuple[str, str] | None = None          # (key, fragment)
    preview: Item | None = None                   # an item from a link, waiting for an answer
    back: str = "library"
    status: dict[str, Any] = field(default_factory=dict)  # persisted / usage / quota (library.js)
    zone: str = "list"                            # where the last tap was (its result is shown there)
    job: Any = None                               # an import being checked in slices (import_steps)
    progress: tuple[int, int] = (0, 0)            # its moves checked, of how many
    what: str = "file"                            # what the job checks: "file", "link", a made item ("ADS Foe")
    unit: str = "moves and items"                 # what its progress counts
    before: str = "library"                       # the screen it was started from
    shown: int = 0                                # items the list draws (0: LIST_PAGE); "Show more" adds a page


def shelf(app: "App") -> Shelf:
    if app.shelf is None:
        app.shelf = Shelf()
    return app.shelf


# -- the items --------------------------------------------------------------------------------
@dataclass
class Entry:
    key: str
    kind: Kind
    name: str
    detail: str
    aside: bool = False   # stored, but could not be read (App.aside): export as it is, delete


def game_name(app: "App", slot: str) -> str:
    name = app.notes["names"].get(slot)
    if name:
        return name
    session = app.sessions[slot]
    sheet = session.state.get("sheet") if isinstance(session.state, dict) else None
    if isinstance(sheet, dict) and isinstance(sheet.get("name"), str) and sheet["name"].strip():
        return sheet["name"][:40]
    return f"{get_kind('game', session.system).title} #{session.seed % 10000:04d}"


def entries(app: "App") -> list[Entry]:
    """Every item, grouped by kind in the order kinds were registered, then by name."""
    found: list[Entry] = []
    for slot, session in app.sessions.items():
        try:
            kind = get_kind("game", slot_system(slot))
        except RecordError:
            continue
        moves = len(session.actions) + (1000 if session.base is not None else 0)
        over = "finished" if session.game.is_over(session.state) else "in progress"
        found.append(Entry(f"game:{slot}", kind, game_name(app, slot),
                           f"{over}, {moves:,}{'+' if session.base is not None else ''} move{'s' if moves != 1 else ''}"))
    from ...core.records import kind_of_key
    for key, record in app.library.items():
        kind = kind_of_key(key)
        if kind is None or not isinstance(record, dict):
            continue
        found.append(Entry(key, kind, str(record.get("name") or kind.title)[:40], _detail(kind, record)))
    found += _set_aside(app)
    found.sort(key=lambda e: (not e.kind.replayed, e.kind.title, e.name.lower(), e.key))
    return found


def _set_aside(app: "App") -> list[Entry]:
    """The stored entries that could not be read, listed with the reason (issue 28)."""
    from ...core.records import kind_of_key
    out = []
    for key, (_, reason) in app.aside.items():
        try:
            kind = get_kind("game", slot_system(key[5:])) if key.startswith("game:") else kind_of_key(key)
        except RecordError:
            kind = None
        if kind is not None:
            label = key[5:] if key.startswith("game:") else key.rsplit(":", 1)[-1]
            out.append(Entry(key, kind, excerpt(label, 30), f"could not be read: {reason}", aside=True))
    return out


def _detail(kind: Kind, record: dict[str, Any]) -> str:
    if kind.kind == "deck":
        return f"{len(record.get('cards') or []):,} cards"
    level = record.get("level")
    if kind.kind == "foe" and isinstance(level, int) and isinstance(record.get("hp"), int):
        return f"level {level}, {record['hp']} HP"  # as the Foe picker lists it
    if kind.kind == "monster" and record.get("rank") in ("minion", "boss"):  # as the Deckbuilder setup lists it
        hits, health = record.get("hits"), record.get("health")
        return f"minion, {hits} hit{'s' if hits != 1 else ''}" if record["rank"] == "minion" else f"boss, health {health}"
    role = record.get("role")
    role_text = f"{role}, " if isinstance(role, str) and role else ""
    return f"{role_text}level {level}" if isinstance(level, int) else kind.title


def item_of(app: "App", key: str) -> Item:
    """The item kept under ``key``, in the envelope it leaves the phone in."""
    if key in app.aside:
        raise IllegalAction(f"this entry could not be read ({app.aside[key][1]}); export it as it "
                            "is or delete it")
    if key.startswith("game:") and key[5:] in app.sessions:
        return game_item(app.sessions[key[5:]], game_name(app, key[5:]))
    from ...core.records import kind_of_key
    kind = kind_of_key(key)
    if kind is None or key not in app.library:
        raise IllegalAction("that item is not in the library")
    record = app.library[key]
    return make_item(kind, str(record.get("name") or kind.title)[:40], copy.deepcopy(record))


def identity(item: Item) -> tuple[str, ...]:
    """What makes two items the same item (the one may replace the other): a game of the
    same system, seed and options; any other record of the same kind and name."""
    if get_kind(item["kind"], item["system"]).replayed:
        data = item["data"]
        return (item["kind"], item["system"], str(data["seed"]), json.dumps(data["options"], sort_keys=True))
    return (item["kind"], item["system"], item["name"].strip().lower())


def kept_index(app: "App") -> dict[tuple[str, ...], str]:
    """Every kept item's identity -> its key (the first in the Library's order), built
    once per import: each incoming item is then found in one look-up, not by rebuilding
    every kept item (issue 28: 2,000 items took 20 s and more)."""
    index: dict[tuple[str, ...], str] = {}
    for e in entries(app):
        if e.aside:
            continue
        try:
            index.setdefault(identity(item_of(app, e.key)), e.key)
        except (IllegalAction, RecordError):
            continue
    return index


def match(app: "App", item: Item, index: dict[tuple[str, ...], str] | None = None) -> str | None:
    """The key of the item already kept that ``item`` would be (None: it is new)."""
    return (kept_index(app) if index is None else index).get(identity(item))


def remove(app: "App", key: str) -> list["Effect"]:
    if key in app.aside:
        del app.aside[key]
        return [("delete", key)], None
    if key.startswith("game:") and key[5:] in app.sessions:
        slot = key[5:]
        del app.sessions[slot]
        app.notes["names"].pop(slot, None)
        app.notes["recent"] = [s for s in app.notes["recent"] if s != slot]
        meta = app.meta.pop(f"meta:{slot}", None)
        if app.screen == f"table:{slot}":
            app.screen = "library"
        return [("delete", key), ("delete", f"meta:{slot}"), ("put", "ui:library", app.notes_text())], meta
    if key in app.library:
        del app.library[key]
        return [("delete", key)], None
    raise IllegalAction("that item is not in the library")


# -- taps ---------------------------------------------------------------------------------------
# The part of a Library screen each tap belongs to: that part is the screen's prompt after
# the tap, so its message ("Exported 2 items.", "Import: 1 added.", "The link is copied")
# appears beside the button that caused it, and the shell brings it into view (issue 24).
ZONES = {"lib": "list", "lib-more": "list", "lib-search": "search", "lib-item": "acts", "lib-rename": "rename", "lib-dup": "acts",
         "lib-del": "undo", "lib-undo": "undo", "lib-import": "tools", "lib-import-cancel": "tools", "lib-import-start": "tools", "lib-import-step": "tools", "lib-resolve": "list",
         "lib-share": "share", "lib-send": "share", "lib-take": "list", "lib-sheet": "acts"}


def handle(app: "App", verb: str, arg: str, fields: dict[str, Any]) -> list["Effect"]:
    sh = shelf(app)
    if verb == "lib-export":  # the list's Export buttons, or one item's own
        sh.zone = "tools" if arg.rpartition(":")[2] in ("all", "pick") else "acts"
    else:
        sh.zone = ZONES.get(verb, sh.zone)
    if verb == "lib":
        sh.share = None
        app.screen = "library"
        return []
    if verb == "lib-status":
        set_status(app, fields)
        return []
    if verb == "lib-persist":  # the one request for persistent storage (web/library.js ask)
        sh.status["asking"] = True
        app.screen = "library"
        return [("persist",)]
    if verb == "lib-search":
        sh.query, sh.shown = str(fields.get("q") or "")[:40], 0
        app.screen = "library"
        return []
    if verb == "lib-more":
        sh.shown = (sh.shown or LIST_PAGE) + LIST_PAGE
        app.screen = "library"
        return []
    if verb == "lib-item":
        _known(app, arg)
        sh.share = None
        app.screen = f"library:{arg}"
        return []
    if verb == "lib-open":
        return _open(app, arg)
    if verb == "lib-rename":
        return _rename(app, arg, fields.get("name"))
    if verb == "lib-dup":
        item = item_of(app, arg)
        item["name"] = (item["name"][:33] + " (copy)")
        kind = get_kind(item["kind"], item["system"])
        if kind.replayed:
            item["data"] = copy.deepcopy(item["data"])
        elif isinstance(item["data"].get("name"), str):  # the copy is listed by its own name
            named = dict(item["data"], name=item["name"])
            if problem(kind, named) is None:
                item["data"] = named
        effects = add(app, item)
        app.flash = ("info", f"{item['name']} is in the library.")
        return effects
    if verb == "lib-del":
        _known(app, arg)
        item_name = next(e.name for e in entries(app) if e.key == arg)
        kept = _keep_for_undo(app, arg)
        effects, meta = remove(app, arg)
        sh.deleted = (sh.deleted + [(arg, item_name, (kept, meta))])[-UNDO_DEPTH:]
        app.screen = "library"
        app.flash = ("info", f"{item_name} was deleted.")
        return effects
    if verb == "lib-undo":
        return _undo(app)
    if verb == "lib-export":
        return _export(app, arg, fields)
    if verb == "lib-import":
        return import_text(app, arg)
    if verb == "lib-import-start":  # the page's import: checked in slices (web/main.py)
        start_import(app, arg)
        return []
    if verb == "lib-link-start":
        return start_link(app, arg)
    if verb == "lib-import-step":
        if app.screen != "library-progress":  # the player went elsewhere (a link): nothing kept
            return _cancel_import(app)
        return run_slice(app) or []
    if verb == "lib-import-cancel":
        return _cancel_import(app)
    if verb == "lib-resolve":
        return _resolve(app, fields)
    if verb == "lib-share":
        item = item_of(app, arg)
        # a game goes as the game link every version reads (g=), anything else as i=
        replayed = get_kind(item["kind"], item["system"]).replayed
        fragment = "g=" + to_link(app.sessions[arg[5:]]) if replayed else item_link(item)
        sh.share = (arg, fragment)
        app.screen = f"library:{arg}"
        return []
    if verb == "lib-send":
        if sh.share is None:
            raise IllegalAction("make the link first")
        return [("share" if arg == "share" else "copy", sh.share[1], "Pocketdeck")]
    if verb == "lib-take":
        return _take(app, arg)
    if verb == "lib-sheet":
        from ..dofa.keep import keep_sheet
        return keep_sheet(app, arg)
    if verb.startswith("lib-deck"):
        from ..deck import editor as deck_editor
        return deck_editor.handle(app, verb, arg, fields)
    raise IllegalAction(f"unknown command {excerpt(verb)!r}")


def _known(app: "App", key: str) -> None:
    if not any(e.key == key for e in entries(app)):
        raise IllegalAction("that item is not in the library")


def _open(app: "App", key: str) -> list["Effect"]:
    _known(app, key)
    if key in app.aside:
        raise IllegalAction("this entry could not be read: export it as it is or delete it")
    if key.startswith("game:"):
        app.screen = f"table:{key[5:]}"
        return [("put", "ui:screen", app.screen)]
    kind = get_kind(*key.split(":")[1:3]) if key.startswith("item:") else None
    if kind is not None and kind.opens:  # a deck of one's own, a DofA sheet
        return named_function(kind.opens)(app, key)
    # characters and heroes go into a game from their table's new-game form
    system = key.split(":")[1]
    app.screen = f"setup:{system}"
    return [("put", "ui:screen", app.screen)]


def _rename(app: "App", key: str, name: Any) -> list["Effect"]:
    _known(app, key)
    try:
        name = check_name(name)
    except RecordError as exc:
        raise IllegalAction(str(exc)) from None
    if key.startswith("game:"):
        app.notes["names"][key[5:]] = name
        effects = [("put", "ui:library", app.notes_text())]
    else:
        from ...core.records import kind_of_key
        kind = kind_of_key(key)
        assert kind is not None
        record = dict(app.library[key], name=name)
        reason = problem(kind, record)
        if reason:
            raise IllegalAction(f"that name cannot be used: {reason}")
        app.library[key] = record
        effects = [("put", key, stored_text(make_item(kind, name, record)))]
    app.flash = ("info", f"Renamed to {name}.")
    return effects


def _keep_for_undo(app: "App", key: str) -> Any:
    if key in app.aside:
        return ("aside", key, app.aside[key])
    if key.startswith("game:"):
        slot = key[5:]
        return ("game", slot, app.sessions[slot], app.notes["names"].get(slot))
    return ("record", key, app.library[key])


def _undo(app: "App") -> list["Effect"]:
    sh = shelf(app)
    if not sh.deleted:
        raise IllegalAction("there is nothing to undo")
    key, name, (kept, meta) = sh.deleted.pop()
    if kept[0] == "aside":  # back as it was, under its own key (nothing has taken it)
        _, key, (text, reason) = kept
        if key in app.library or (key.startswith("game:") and key[5:] in app.sessions):
            raise IllegalAction("its place was taken since; it cannot come back")
        app.aside[key] = (text, reason)
        effects = [("put", key, text)]
    elif kept[0] == "game":
        _, slot, session, label = kept
        if slot in app.sessions:
            slot = app.free_slot(slot.split("~")[0])
        app.sessions[slot] = session
        if label:
            app.notes["names"][slot] = label
        effects = [("put", f"game:{slot}", save_text(session)), ("put", "ui:library", app.notes_text())]
        if meta is not None:
            app.meta[f"meta:{slot}"] = meta
            effects.append(("put", f"meta:{slot}", json.dumps(meta)))
    else:
        _, key, record = kept
        from ...core.records import kind_of_key
        kind = kind_of_key(key)
        assert kind is not None
        item = make_item(kind, str(record.get("name") or name)[:40], record)
        if key in app.library:  # its key was taken since: it comes back beside that item
            effects = add(app, item)
        else:
            app.library[key] = record
            effects = [("put", key, stored_text(item))]
    app.flash = ("info", f"{name} is back.")
    return effects


def _export(app: "App", arg: str, fields: dict[str, Any]) -> list["Effect"]:
    """``arg``: "all", "pick" (the ticked boxes) or one key; ``fields["how"]`` / a
    ``send`` arg prefix: the share sheet instead of a download."""
    how, _, what = arg.partition(":") if arg.startswith(("send:", "download:")) else ("download", "", arg)
    if what == "all":
        keys = [e.key for e in entries(app)]
    elif what == "pick":
        picked = fields.get("pick") or []
        keys = [k for k in picked if isinstance(k, str)] if isinstance(picked, list) else []
        if not keys:
            raise IllegalAction("tick the items to export first")
    else:
        keys = [what]
        if what in app.aside:  # as it is stored, byte for byte: a newer version may read it
            text = app.aside[what][0]
            app.flash = ("info", "Exported the entry as it is stored.")
            return [("download", f"pocketdeck-as-stored-{_slug(what)}.json",
                     text if isinstance(text, str) else json.dumps(text))]
    items, left = [], []
    for key in keys:
        try:
            items.append(item_of(app, key))
        except (RecordError, IllegalAction) as exc:
            left.append(excerpt(str(exc), 120))
    if not items:
        raise IllegalAction("nothing to export" + (f": {left[0]}" if left else ""))
    today = datetime.date.today().isoformat()
    app.notes["exported"] = today
    name = f"pocketdeck-{today}.json" if len(items) > 1 else f"pocketdeck-{_slug(items[0]['name'])}.json"
    note = f" {len(left)} could not be: {left[0]}" if left else ""
    app.flash = ("info", f"Exported {len(items)} item{'s' if len(items) != 1 else ''}.{note}")
    return [("send" if how == "send" else "download", name, export_file(items, today)),
            ("put", "ui:library", app.notes_text())]


def file_size_refused(app: "App", size: Any) -> bool:
    """The file picker's file, by its size in bytes, before a byte of it is read (issue 28):
    a library file is written as ASCII JSON (export_file), so its bytes are its characters
    and one larger than MAX_FILE_CHARS is refused here, with the same message as read_file."""
    from ...core.records import MAX_FILE_CHARS
    if isinstance(size, (int, float)) and not isinstance(size, bool) and 0 <= size <= MAX_FILE_CHARS:
        return False
    app.screen = "library"
    shown = f"{size:,.0f} bytes" if isinstance(size, (int, float)) else "an unknown size"
    app.flash = ("error", f"That file was not imported: it has {shown}; a library file holds at "
                          f"most {MAX_FILE_CHARS:,} characters")
    return True


def import_text(app: "App", text: Any) -> list["Effect"]:
    """A library file chosen with the file picker: new items are kept at once, items that
    meet one already kept wait for the player's answer (per item), refused ones are listed.
    All at once; the page imports in slices (start_import, run_slice)."""
    return run_steps(import_steps(app, text))


def import_steps(app: "App", text: Any) -> Generator[tuple[int, int], None, list["Effect"]]:
    """import_text a move at a time: yields (moves checked, moves in all) after each move
    replayed or record checked; nothing is kept (no effect) before the last is checked."""
    try:
        values = yield from _progress(file_values_steps(text), 0)
    except RecordError as exc:
        app.screen, app.flash = "library", ("error", f"That file was not imported: {exc}")
        return []
    items, refused = yield from _progress(read_values_steps(values), file_work(values))
    return _arrive(app, items, refused)


def _progress(steps: Generator[int, None, Any], total: int) -> Generator[tuple[int, int], None, Any]:
    """``steps`` (yielding the work done by each step) as (done so far, total); its result."""
    done = 0
    while True:
        try:
            done += next(steps)
        except StopIteration as stop:
            return stop.value
        yield done, total


SLICE_S = 0.05   # one slice of a file's or a link's checks: the page is given back after it (issue 28)


def start_import(app: "App", text: Any) -> None:
    """The page's import (web/main.py on_change): the file is checked in slices of SLICE_S
    by run_slice, with a progress line and Cancel (library-progress) between them."""
    _start(app, import_steps(app, text), "file", "library")


def start_link(app: "App", fragment: Any) -> list["Effect"]:
    """A link opened on the page (#g= a game, #i= an item): checked in slices like a file,
    then its preview (App.open_link with what was checked), or its refusal."""
    if not isinstance(fragment, str) or not fragment.startswith(("g=", "i=")):
        return app.open_link(fragment)
    _start(app, link_steps(app, fragment), "link", app.screen)
    return []


def _start(app: "App", job: Generator[tuple[int, int], None, list["Effect"]], what: str, before: str,
           unit: str = "moves and items") -> None:
    sh = shelf(app)
    if sh.job is not None:
        sh.job.close()
    sh.job, sh.progress, sh.what, sh.before, sh.unit = job, (0, 0), what, before, unit
    app.screen, app.flash = "library-progress", None


def start_job(app: "App", job: Generator[tuple[int, int], None, list["Effect"]], what: str, before: str,
              unit: str) -> None:
    """Any long check the page runs in slices like an import (App.start_job: a made item's
    Keep, ui/make/screen.py): its progress line, Cancel keeping nothing, its effects at the end."""
    _start(app, job, what, before, unit)


def link_steps(app: "App", fragment: str) -> Generator[tuple[int, int], None, list["Effect"]]:
    before = shelf(app).before
    try:
        if fragment.startswith("g="):
            checked = yield from _progress(from_link_steps(fragment[2:]), 0)
        else:
            checked = yield from _progress(item_from_link_steps(fragment), 0)
    except (SaveError, RecordError) as exc:
        app.screen, app.flash = before, ("error", f"That link could not be opened: {exc}")
        return []
    app.screen = before
    return app.open_link(fragment, checked)


def run_slice(app: "App", seconds: float | None = None) -> list["Effect"] | None:
    """Check the file or link for about ``seconds``: None while it goes on, else its effects
    (none when it was cancelled: nothing of it is kept, since effects come only at the end)."""
    sh = shelf(app)
    if sh.job is None:
        return []
    end = time.perf_counter() + (SLICE_S if seconds is None else seconds)
    try:
        sh.progress = next(sh.job)   # one move at least
        while time.perf_counter() < end:
            sh.progress = next(sh.job)
    except StopIteration as stop:
        sh.job = None
        return stop.value
    except Exception:  # noqa: BLE001 - never leave the page in a half-import
        sh.job = None
        app.screen = sh.before
        app.flash = ("error", f"That {sh.what} was not opened: it could not be checked")
        return []
    return None


def _cancel_import(app: "App") -> list["Effect"]:
    sh = shelf(app)
    if sh.job is not None:
        sh.job.close()
        sh.job = None
        app.flash = ("info", f"Cancelled: nothing of the {sh.what} was kept.")
    app.screen = sh.before if app.screen == "library-progress" else app.screen
    return []


def progress_line(app: "App") -> str:
    """The progress line's inside (web/main.py writes it in place between slices, so the
    focus stays where it is, on Cancel for one)."""
    sh = shelf(app)
    done, total = sh.progress
    if not total:  # a link: its length is known once it is unpacked
        return f"Checking the {sh.what} by the rules: {done:,} moves"
    return (f'Checking the {sh.what} by the rules: {done:,} of {total:,} {sh.unit} '
            f'<progress max="{total}" value="{done}" aria-hidden="true"></progress>')


def _progress_screen(app: "App") -> str:
    line = f'<p class="lib-progress" role="status">{progress_line(app)}</p>'
    what = shelf(app).what
    body = prompt(line + button(f"Cancel: keep nothing of the {what}", "lib-import-cancel", cls="btn"),
                  label="Checking by the rules", cls="lib-zone", tag="div")
    return f'<section class="library lib-import"><h1>{esc({"file": "Import", "link": "A link"}.get(what, f"Keep the {what}"))}</h1>{body}</section>'


def _arrive(app: "App", items: list[Item], refused: list[str]) -> list["Effect"]:
    sh = shelf(app)
    effects: list[Effect] = []
    added, same, waiting = 0, 0, []
    index = kept_index(app)
    for item in items:
        key = match(app, item, index)
        if key is None:
            new = add(app, item)
            index[identity(item)] = new[0][1]  # the key it was put under
            effects += new
            added += 1
        elif item_of(app, key) == item:
            same += 1
        else:
            waiting.append((item, key))
    sh.incoming, sh.refused = waiting, refused
    parts = [f"{added} added"] + ([f"{same} already here"] if same else []) \
        + ([f"{len(waiting)} to decide"] if waiting else []) + ([f"{len(refused)} refused"] if refused else [])
    app.flash = ("error" if refused and not added else "info", "Import: " + ", ".join(parts) + ".")
    app.screen = "library-import" if waiting or refused else "library"
    return effects


def _resolve(app: "App", fields: dict[str, Any]) -> list["Effect"]:
    sh = shelf(app)
    effects: list[Effect] = []
    for i, (item, key) in enumerate(sh.incoming):
        choice = fields.get(f"c{i}", "both")
        if choice == "replace":
            effects += add(app, item, replace=key)
        elif choice == "both":
            effects += add(app, item)
    sh.incoming, sh.refused = [], []
    app.screen = "library"
    app.flash = ("info", "Import finished.")
    return effects


def open_item_link(app: "App", fragment: str, checked: Item | None = None) -> list["Effect"]:
    """An item link ``#i=...``: read and checked (``checked``: already, by link_steps), then
    a preview that asks."""
    sh = shelf(app)
    try:
        item = checked or item_from_link(fragment)
    except RecordError as exc:
        app.flash = ("error", f"That link could not be opened: {exc}")
        return []
    if not app.screen.startswith("library-preview"):
        sh.back = app.screen
    sh.preview = item
    app.screen = "library-preview"
    return []


def _take(app: "App", choice: str) -> list["Effect"]:
    sh = shelf(app)
    item, sh.preview = sh.preview, None
    if item is None:
        raise IllegalAction("there is no shared item waiting")
    if choice == "join" and (item["kind"], item["system"]) == ("sheet", "dofa"):
        from ..dofa_gm import join as dofa_join  # a player's sheet joins the GM's table (issue 14)
        try:
            return dofa_join.join_sheet(app, item["data"], sh.back)
        except IllegalAction:
            sh.preview = item
            raise
    if choice != "take":
        app.screen = "home"
        app.flash = ("info", "The shared item was not kept; your library is as it was.")
        return []
    return _arrive(app, [item], [])


def set_status(app: "App", status: Any) -> None:
    """What library.js found out about storage: persisted (bool or None), usage, quota,
    can_ask (the browser can be asked to keep it) and asked (the player's earlier answer)."""
    if isinstance(status, dict):
        shelf(app).status = {k: status.get(k) for k in ("persisted", "usage", "quota", "can_ask", "asked")}


# -- screens ------------------------------------------------------------------------------------
def render(app: "App") -> str:
    screen = app.screen
    # what the share sheet, the clipboard or a download did (web/library.js says it here)
    nav = ('<nav class="nav" aria-label="Library">' + button("\u2190 Home", "home", cls="btn ghost")
           + button("Library", "lib", cls="btn ghost", title="Library: all its items") + '</nav>')
    if screen.startswith("library-deck:"):
        from ..deck import editor as deck_editor
        return nav + deck_editor.render(app, screen[13:])
    if screen == "library-import":
        return nav + _import_screen(app)
    if screen == "library-progress" and shelf(app).job is not None:
        return _progress_screen(app)
    if screen == "library-preview" and shelf(app).preview is not None:
        return _preview(app)
    if screen.startswith("library:"):
        key = screen[8:]
        if any(e.key == key for e in entries(app)):
            return nav + _item_screen(app, key)
    return nav + _list(app)


DONE = "<!--lib-done-->"  # where a part wants library.js's line, when not at its top


def _zone(app: "App", name: str, body: str, label: str, shown: tuple[str, ...], default: str) -> str:
    """``body`` as the screen's prompt when the last tap was in it (or it is the screen's
    default part and the last tap's part is not on this screen), else as a plain block. The
    prompt holds the tap's result and the line library.js writes (#lib-done: shared,
    copied, saved as a file), so every message stands beside its button."""
    zone = shelf(app).zone
    if zone not in shown:
        zone = default
    line = '<p id="lib-done" class="muted lib-done"></p>'
    if zone != name:
        return f'<div class="lib-zone">{body.replace(DONE, "")}</div>'
    body = body.replace(DONE, line) if DONE in body else line + body
    return prompt(body, label=label, cls="lib-zone", tag="div")


def _names(found: list[Entry]) -> dict[str, str]:
    """Each item's name as its controls say it: two items of one name are told apart by
    their kind and detail, then by a number, so no two controls on a screen share a name."""
    count: dict[str, int] = {}
    for e in found:
        count[e.name.lower()] = count.get(e.name.lower(), 0) + 1
    out: dict[str, str] = {}
    seen: dict[str, int] = {}
    for e in found:
        name = e.name if count[e.name.lower()] == 1 else f"{e.name} ({e.kind.title}, {e.detail})"
        seen[name.lower()] = seen.get(name.lower(), 0) + 1
        out[e.key] = name if seen[name.lower()] == 1 else f"{name} #{seen[name.lower()]}"
    return out


def _size(n: Any) -> str:
    if not isinstance(n, (int, float)) or isinstance(n, bool):
        return "unknown"
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{int(n)} bytes"


def _storage(app: "App") -> str:
    st = shelf(app).status
    usage, quota = (_size(st.get(k)) if st else "unknown" for k in ("usage", "quota"))
    if not st:
        used = ""
    elif usage == "unknown":  # no storage estimate (WebKitGTK has no navigator.storage)
        used = "This browser does not say how much room the library has, nor how long it is kept."
    elif quota == "unknown":
        used = f"Stored on this phone: {usage} (the browser does not say how much more it allows)."
    else:
        used = f"Stored on this phone: {usage} of {quota}."
    last = app.notes.get("exported")
    last_text = f"Last export: {esc(last)}." if last else "Never exported yet."
    ask = ""
    if st.get("persisted") is True:
        keep = "The browser keeps this library for good (persistent storage granted)."
    elif st.get("persisted") is False:
        keep = ("The browser has not promised to keep this library: it may clear it after weeks "
                "unused. Export it now and then and keep the file safe.")
        ask = _ask_line(st) if app.sessions or app.library else ""  # once something is kept
    else:
        keep = "Export the library now and then and keep the file safe."
    return (f'<p class="storage muted" data-persisted="{esc(st.get("persisted"))}">{esc(used)} {esc(keep)} '
            f'{last_text}</p>{ask}')


def _ask_line(st: dict[str, Any]) -> str:
    """The one moment persistent storage is asked for (issue 31): a tap on the storage line,
    with why; never at start-up (Firefox shows a permission prompt), never after an answer."""
    if st.get("asking"):
        return '<p class="storage-ask muted">Waiting for the browser\'s answer\u2026</p>'
    if not st.get("can_ask") or st.get("asked"):
        return ""
    return ('<p class="storage-ask">Browsers may clear a site\'s storage when the phone runs short of '
            'space. Ask this browser to keep your games (it may ask you to allow it; asked once). '
            + button("Keep my games safe on this phone", "lib-persist", cls="btn small") + '</p>')


def _list(app: "App") -> str:
    sh = shelf(app)
    found = entries(app)
    query = sh.query.strip().lower()
    shown = [e for e in found if query in e.name.lower()] if query else found
    said = _names(found)
    groups: dict[str, list[Entry]] = {}
    limit = sh.shown or LIST_PAGE
    for e in shown[:limit]:
        groups.setdefault(e.kind.title, []).append(e)
    body = []
    for title, group in groups.items():
        rows = "".join(
            f'<li class="lib-item" data-key="{esc(e.key)}"><label class="check"><input type="checkbox" name="pick" '
            f'value="{esc(e.key)}"> <span class="lib-name">{esc(e.name)}</span>'
            + (f'<span class="sr-only"> {esc(said[e.key][len(e.name):])}</span>' if said[e.key] != e.name else "")
            + f'</label> <span class="muted">{esc(e.detail)}</span>'
            f'<span class="lib-acts">{"" if e.aside else button("Open", "lib-open", e.key, cls="btn small primary", title=f"Open {said[e.key]}")}'
            f'{button("More", "lib-item", e.key, cls="btn small", title=f"More for {said[e.key]}")}</span></li>'
            for e in group)
        body.append(f'<h2>{esc(title)}s</h2><ul class="lib-list">{rows}</ul>')
    if not found:
        body.append('<p>Nothing is kept yet: games, characters, heroes and decks appear here as you make them.</p>')
    elif not shown:
        body.append(f'<p>No item is named like \u201c{esc(sh.query)}\u201d.</p>')
    if len(shown) > limit:
        body.append(f'<p class="lib-more muted">Showing {limit:,} of {len(shown):,} items (search finds any). '
                    + button("Show more", "lib-more", cls="btn small", title=f"Show {LIST_PAGE} more items")
                    + '</p>')
    zones = ("list", "search", "tools") + (("undo",) if sh.deleted else ())
    undo = ""
    if sh.deleted:
        more = f" (and {len(sh.deleted) - 1} more to undo)" if len(sh.deleted) > 1 else ""
        back = button("Undo delete", "lib-undo", cls="btn small", title=f"Undo delete: bring back {sh.deleted[-1][1]}")
        undo = _zone(app, "undo", f'<p class="undo">Deleted {esc(sh.deleted[-1][1])}{more}. {back}</p>',
                     "Undo the delete", zones, "list")
    aside = "".join(f'<p class="flash error">{esc(p)}</p>' for p in app.problems)
    search = _zone(app, "search", f'<form class="lib-search" role="search" aria-label="Search the library">'
                   f'<label>Search by name <input name="q" value="{esc(sh.query)}" maxlength="40"></label>'
                   f'{button("Search", "lib-search", fill="q", submit=True, title="Search the library by name")}</form>',
                   "Search the library", zones, "list")
    tools = _zone(app, "tools",
                  f'<div class="lib-tools">'
                  f'{button("Export ticked", "lib-export", "pick", fill="pick", title="Export ticked items to a file")}'
                  f'{button("Export all", "lib-export", "all", title="Export all items to a file")}'
                  f'{button("Send all as a file", "lib-export", "send:all")}'
                  f'{button("New deck of your own", "lib-deck", "", cls="btn")}</div>'
                  f'<div class="lib-in"><label class="btn file">Import a library file'
                  f'<input type="file" id="lib-file" accept=".json,application/json"></label>'
                  f'<button type="button" class="btn" id="lib-scan">Scan a QR code</button></div>',
                  "Export and import", zones, "list")
    items = _zone(app, "list", "".join(body), "Your items: tick some to export, or open one", zones, "list")
    return (f'<section class="library"><h1>Library</h1>{_storage(app)}{aside}{undo}{search}'
            f'{items}{tools}</section>')


def _item_screen(app: "App", key: str) -> str:
    sh = shelf(app)
    entry = next(e for e in entries(app) if e.key == key)
    share = ""
    zones = ("acts", "rename") + (("share",) if sh.share is not None and sh.share[0] == key else ())
    if sh.share is not None and sh.share[0] == key:
        fragment = sh.share[1]
        if len(fragment) <= QR_MAX_FRAGMENT:
            qr = (f'<figure class="qr"><div class="qr-code" data-qr="{esc(fragment)}" role="img" '
                  f'aria-label="QR code of the link to {esc(entry.name)}"></div>'
                  f'<figcaption>Another phone can scan this code, with no signal.</figcaption></figure>')
        else:
            qr = (f'<p class="too-big">This item is too large for one QR code ({len(fragment):,} '
                  f'characters; one code holds {QR_MAX_FRAGMENT:,}). Send the link or export it '
                  'to a file instead.</p>')
        share = _zone(app, "share", f'<div class="share"><label>Link to {esc(entry.name)}:'
                      f'<input readonly class="share-link" data-share="{esc(fragment)}" value="{esc(fragment)}"></label>'
                      f'<div class="lib-tools">{button("Send the link", "lib-send", "share") if app.can("share") else ""}'
                      f'{button("Copy the link", "lib-send", "copy")}</div>{DONE}{qr}</div>',
                      f"Share {entry.name}", zones, "acts")
    rename = _zone(app, "rename", f'<form class="lib-rename"><label>Name <input name="name" value="{esc(entry.name)}" '
                   f'maxlength="40"></label>{button("Save name", "lib-rename", key, fill="name", submit=True)}</form>',
                   f"Rename {entry.name}", zones, "acts")
    if entry.aside:  # could not be read: it can be seen, exported as it is and deleted
        acts = button("Export as it is", "lib-export", key) + button("Delete", "lib-del", key, cls="btn danger")
        return (f'<section class="library lib-detail"><h1>{esc(entry.name)}</h1>'
                f'<p class="muted">{esc(entry.kind.title)} \u00b7 {esc(entry.detail)}</p>'
                f'<div class="lib-tools">{acts}</div></section>')
    if key.startswith("game:") and slot_system(key[5:]) == "dofa":  # a player's DofA game
        acts = button("Keep the sheet apart", "lib-sheet", key[5:])
    else:
        acts = ""
    acts += (button("Open", "lib-open", key, cls="btn primary") + button("Duplicate", "lib-dup", key)
             + button("Share", "lib-share", key) + button("Export to a file", "lib-export", key)
             + button("Delete", "lib-del", key, cls="btn danger"))
    acts = _zone(app, "acts", f'<div class="lib-tools">{acts}</div>', f"What to do with {entry.name}", zones, "acts")
    return (f'<section class="library lib-detail"><h1>{esc(entry.name)}</h1>'
            f'<p class="muted">{esc(entry.kind.title)} \u00b7 {esc(entry.detail)}</p>'
            f'{acts}{rename}{share}</section>')


def _import_screen(app: "App") -> str:
    sh = shelf(app)
    rows = []
    for i, (item, key) in enumerate(sh.incoming):
        options = "".join(f'<option value="{v}">{esc(t)}</option>' for v, t in CHOICES.items())
        kind = get_kind(item["kind"], item["system"])
        rows.append(f'<li><label>{esc(item["name"])} <span class="muted">({esc(kind.title)}, '
                    f'you have one already)</span> <select name="c{i}">{options}</select></label></li>')
    refused = "".join(f"<li>{esc(r)}</li>" for r in sh.refused)
    fill = ",".join(f"c{i}" for i in range(len(sh.incoming)))
    decide = (f'<h2>Already in your library</h2><ul class="lib-list">{"".join(rows)}</ul>'
              f'{button("Import", "lib-resolve", fill=fill, cls="btn primary", title="Import with these choices")}') if rows else ""
    refused = f'<h2>Not imported</h2><ul class="refused">{refused}</ul>' if refused else ""
    body = prompt('<p id="lib-done" class="muted lib-done"></p>' + decide + refused,
                  label="Import: decide each item", cls="lib-zone", tag="div")
    return f'<section class="library lib-import"><h1>Import</h1>{body}</section>'


def _preview(app: "App") -> str:
    item = shelf(app).preview
    assert item is not None
    kind = get_kind(item["kind"], item["system"])
    key = match(app, item)
    note = (" You have one like it: importing asks whether to keep both or replace yours."
            if key else " Nothing of yours is replaced.")
    detail = _detail(kind, item["data"]) if not kind.replayed else f"{len(item['data']['actions']):,} moves"
    return (f'<section class="preview" data-preview="{esc(item["system"])}">'
            f'<h1>A shared {esc(kind.title)}</h1><p>Someone sent you {esc(item["name"])} '
            f'({esc(detail)}).{esc(note)}</p>'
            + prompt(f'<div class="choices">{button("Import it", "lib-take", "take", cls="btn primary")}'
                     f'{button("Not now", "lib-take", "no", cls="btn ghost")}</div>',
                     label=f"Import {item['name']}?", tag="div")
            + f'{_join_offer(app, item)}</section>')


def _join_offer(app: "App", item: Item) -> str:
    """A DofA sheet can also join the GM's table on this phone (ui/dofa_gm/join.py)."""
    if (item["kind"], item["system"]) != ("sheet", "dofa"):
        return ""
    from ..dofa_gm.join import offer_sheet
    return offer_sheet(app, item["data"], shelf(app).back)
