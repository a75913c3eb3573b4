"""The library's record format: every kept item (a game, a character, a hero, a deck, a
sheet) as one envelope that says what it is, and the importers that read it back.

An item is ``{"format": "pocketdeck-item", "kind", "system", "version", "name", "data"}``:
``kind`` + ``system`` pick the registered ``Kind`` (the check the rules apply and how older
versions are migrated), ``version`` is the kind's format version, ``data`` the record
itself (a game's save record, a character's record, a deck's cards). A new kind of item is
one ``register_kind`` call (bottom of this module); its check is named as
``"module:function"`` so that nothing of a system is imported before an item of it is
read (systems load lazily).

Every reader here (``read_item``, ``read_stored``, ``read_file``, ``item_from_link``)
answers anything with an item or one ``RecordError`` (a ValueError) whose message says
what is wrong, for the player. Trust stays where core/saves.py puts it: a game from
outside is accepted only when it replays from its seed (a checkpointed game is refused),
and every other record passes its system's record check.
"""

from __future__ import annotations

import base64
import binascii
import importlib
import json
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, Generator

from .imports import import_steps
from .limits import (MAX_ACTIONS, MAX_DEPTH, MAX_LINK_CHARS, MAX_RECORD_CHARS, MAX_SAVE_CHARS, LimitError,
                     check_value, excerpt, json_depth_ok, load_json, name_problem)

ITEM_FORMAT = "pocketdeck-item"
FILE_FORMAT = "pocketdeck-library"
FILE_VERSION = 1
MAX_FILE_CHARS = 4_000_000    # a library file (two of the largest games allowed); read in < 1 s
MAX_FILE_ITEMS = 2_000        # items in one file
NAME_MAX = 40                 # characters in an item's name
# The rule checks one import may ask for: every game is replayed move by move and every
# DofA sheet step by step (about 0.3 to 3 ms each in CPython, 2-3 times that in Pyodide, on
# the page's thread). Two of the longest games allowed; counted before any is checked.
MAX_IMPORT_WORK = 2 * MAX_ACTIONS

Item = dict[str, Any]


class RecordError(ValueError):
    """The one refusal of every importer: the message says what is wrong, quoting at most
    a short excerpt of what came in."""


@dataclass(frozen=True)
class Kind:
    """One kind of item of one system. ``check`` ("module:function") returns None, a
    reason, or a list of reasons, or raises ValueError with the reason. ``migrations``
    maps a version to "module:function" turning a record of that version into the next.
    ``prefix`` is the storage key prefix of its entries (games: ``game:``). ``replayed``:
    its data is a game's record, kept as a game in progress and trusted only when it
    replays from its seed (games, the DofA GM's table). ``opens`` ("module:function",
    called with the app and the key) is what Open does, where it is not the default."""

    kind: str
    system: str
    version: int
    check: str
    title: str
    prefix: str
    migrations: dict[int, str] = field(default_factory=dict)
    replayed: bool = False
    opens: str = ""
    max_chars: int = MAX_RECORD_CHARS  # its stored entry (envelope included), at most
    check_steps: str = ""  # the check a step at a time ("module:function", a generator), if long
    # a check run on items from outside only (a link, a file), never on the phone's own
    # entries read back at start-up: what it proves depends on the record alone, and it is
    # too long for every start (a made ADS Foe is fought 24 times). A generator of its work
    # returning the reasons the item is refused (the kind's playability: [] when it plays);
    # ``arrival_work`` is what it counts against an import's budget (moves replayed)
    arrival: str = ""
    arrival_work: int = 0


    @property
    def id(self) -> str:
        return f"{self.kind}:{self.system}"


KINDS: dict[str, Kind] = {}   # games of each declared system join on first use (_game_kind)


def register_kind(kind: str, system: str, version: int, check: str, title: str,
                  prefix: str | None = None, migrations: dict[int, str] | None = None,
                  replayed: bool = False, opens: str = "", max_chars: int = MAX_RECORD_CHARS,
                  check_steps: str = "", arrival: str = "", arrival_work: int = 0) -> Kind:
    """Register a kind of item; the whole cost of a new one. ``max_chars``: the size of
    its stored entry, at most MAX_RECORD_CHARS (what a start reads back). ``check_steps``:
    the check as a generator yielding its work, when it is long enough to need slices."""
    assert max_chars <= MAX_RECORD_CHARS
    k = Kind(kind, system, version, check, title, prefix or f"item:{kind}:{system}:",
             dict(migrations or {}), replayed, opens, max_chars, check_steps, arrival, arrival_work)
    KINDS[k.id] = k
    return k


def get_kind(kind: Any, system: Any) -> Kind:
    if not isinstance(kind, str) or not isinstance(system, str):
        raise RecordError("this item does not say what kind of item it is")
    found = KINDS.get(f"{kind}:{system}")
    if found is None and kind == "game":
        # a system whose games are a kind of their own (the GM's table) still reads the
        # items of kind "game" written before it had one
        found = next((k for k in KINDS.values() if k.replayed and k.system == system), None) \
            or _game_kind(system)
    if found is None:
        raise RecordError(f"this app keeps no {excerpt(kind, 30)} of {excerpt(system, 30)}")
    return found


def kind_of_key(key: str) -> Kind | None:
    """The kind whose storage entries start like ``key`` (None: not a library entry)."""
    for k in KINDS.values():
        if not k.replayed and key.startswith(k.prefix):
            return k
    return None


def named_function(path: str) -> Callable[..., Any]:
    """``"module:function"`` -> the function (the module is imported now, not before)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def problem(kind: Kind, data: Any) -> str | None:
    """The kind's check on ``data``: None when the rules accept it, else the reason."""
    try:
        found = named_function(kind.check)(data)
    except ValueError as exc:
        return excerpt(str(exc), 200) or f"not a valid {kind.title}"
    except Exception as exc:  # noqa: BLE001 - a record the check itself trips on
        return f"not a valid {kind.title} ({type(exc).__name__})"
    if isinstance(found, (list, tuple)):
        return excerpt("; ".join(map(str, found)), 200) if found else None
    return excerpt(str(found), 200) if found else None


def problem_steps(kind: Kind, data: Any) -> Generator[int, None, str | None]:
    """``problem`` a step at a time when the kind's check is long (``check_steps``: a DofA
    sheet replays up to 300 steps), so the page's import slices it like a game's moves."""
    if not kind.check_steps:
        return problem(kind, data)
    try:
        found = yield from named_function(kind.check_steps)(data)
    except ValueError as exc:
        return excerpt(str(exc), 200) or f"not a valid {kind.title}"
    except Exception as exc:  # noqa: BLE001 - a record the check itself trips on
        return f"not a valid {kind.title} ({type(exc).__name__})"
    return excerpt(str(found), 200) if found else None


def check_name(name: Any) -> str:
    """The item's name, stripped; RecordError when it is blank, too long or holds a
    control or text-direction character (core/limits.py ``name_problem``)."""
    reason = name_problem(name, NAME_MAX)
    if reason:
        raise RecordError(f"an item's name: {reason}")
    return name.strip()


def one_name(kind: Kind, name: str, data: Any) -> None:
    """An item has one name: a record that names itself (a character, a hero, a deck, a
    sheet) must carry the name its envelope shows, so the preview and "Replace mine" speak
    of the item that is kept (a link saying "Brann" must not keep a "Zed")."""
    own = data.get("name") if isinstance(data, dict) else None
    if own is None or (isinstance(own, str) and not own.strip() and kind.kind == "deck"):
        return  # no name of its own (an ADS Character Deck's name is optional)
    if check_name(own) != name:
        raise RecordError(f"{kind.title} {name!r}: the item is named {excerpt(own, 40)!r} inside; "
                          "an item has one name")


def make_item(kind: Kind, name: str, data: Any) -> Item:
    return {"format": ITEM_FORMAT, "kind": kind.kind, "system": kind.system,
            "version": kind.version, "name": name, "data": data}


def migrate(kind: Kind, version: int, data: Any) -> Any:
    """Bring ``data`` of ``version`` up to the kind's version, one step at a time."""
    while version < kind.version:
        step = kind.migrations.get(version)
        if step is None:
            raise RecordError(f"{kind.title} format {version} cannot be read by this version")
        data = named_function(step)(data)
        version += 1
    return data


def read_item(value: Any, *, own: bool = False) -> Item:
    """A parsed item (from a file, a link, storage) -> the item at today's version, its
    record checked by the rules. ``own``: it comes from this app's own storage, the one
    place a checkpointed game is accepted. RecordError otherwise."""
    from .game import run_steps
    return run_steps(read_item_steps(value, own=own))


def read_item_steps(value: Any, *, own: bool = False) -> Generator[int, None, Item]:
    """read_item a move at a time: a game yields 1 after each move replayed (a record
    once, after its check), so an import gives the page back between slices (issue 28)."""
    try:
        return (yield from _read_item(value, own))
    except RecordError:
        raise
    except Exception as exc:  # noqa: BLE001 - the documented refusal, whatever went wrong
        raise RecordError(f"this item could not be read ({type(exc).__name__}: {excerpt(str(exc))})") from None


def _read_item(value: Any, own: bool) -> Generator[int, None, Item]:
    if not isinstance(value, dict) or value.get("format") != ITEM_FORMAT:
        raise RecordError("this is not a Pocketdeck item")
    try:
        check_value(value, "this item")
    except LimitError as exc:
        raise RecordError(str(exc)) from None
    kind = get_kind(value.get("kind"), value.get("system"))
    for path in (kind.check, kind.check_steps, "" if own else kind.arrival):  # the check's code, a module per step
        if path:
            yield from import_steps(path.partition(":")[0])
    version = value.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= kind.version:
        raise RecordError(f"{kind.title} format {excerpt(version)} is not one this version reads")
    name = check_name(value.get("name"))
    data = migrate(kind, version, value.get("data"))
    if not kind.replayed:
        size = len(stored_text(make_item(kind, name, data)))
        if size > kind.max_chars:  # before the rules' check: what is kept reads back at every start
            raise RecordError(f"{kind.title} {name!r} is {size:,} characters; one is at most "
                              f"{kind.max_chars:,}")
        one_name(kind, name, data)
    if kind.replayed:
        data = yield from _game_data(kind, data, own)
    else:
        reason = yield from problem_steps(kind, data)
        if not reason and kind.arrival and not own:  # the kind's playability: its reasons, [] when playable
            found = yield from named_function(kind.arrival)(data)
            reason = "; ".join(found) if found else None
        if reason:
            raise RecordError(f"{kind.title} {name!r}: {excerpt(reason, 300)}")
        yield 1
    return make_item(kind, name, data)


def _game_data(kind: Kind, data: Any, own: bool) -> Generator[int, None, dict[str, Any]]:
    """A game's record, replayed from its seed (saves.from_record); the state it leads to
    is kept in the record so that it is compared again when the game is loaded."""
    from .saves import SaveError, from_record_steps
    if not isinstance(data, dict) or data.get("system") != kind.system:
        raise RecordError(f"this {kind.title} does not hold a {kind.title}")
    try:
        session = yield from from_record_steps(data, checked=True, own=own)
    except SaveError as exc:
        raise RecordError(str(exc)) from None
    record = session.record()
    record["state"] = session.state
    return record


def game_item(session: Any, name: str) -> Item:
    """A game in progress as an item (refused when it carries a checkpoint: a game from
    outside must replay from its first card)."""
    if session.base is not None:
        raise RecordError("this game is so long that it keeps only its recent history; it "
                          "cannot leave this phone (another phone must replay it from its first card)")
    record = session.record()
    record["state"] = session.state
    return make_item(get_kind("game", session.system), name, record)


def session_of(item: Item) -> Any:
    """The game an item of kind game holds, already checked by read_item: its record and
    the state read_item's replay led to (kept in the record), without a second replay
    (it doubled an import's work, issue 28)."""
    from .saves import Session, from_record
    data = item["data"]
    state = data.get("state")
    if not isinstance(state, dict):
        return from_record(data, checked=True)
    return Session(data["system"], state["options"], data["seed"], list(data["actions"]), state,
                   data.get("base"))


# -- storage --------------------------------------------------------------------------------
def stored_text(item: Item) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))


def read_stored(key: str, text: Any) -> Item:
    """A stored library entry -> item. Entries written before this format are the bare
    record (version 0, named by its own ``name``) and are migrated."""
    kind = kind_of_key(key)
    if kind is None:
        raise RecordError("this entry is filed under a name this app does not use")
    try:
        value = load_json(text, "this entry", MAX_RECORD_CHARS)
    except (LimitError, ValueError) as exc:
        raise RecordError(f"this entry is not readable ({excerpt(str(exc))})") from None
    if isinstance(value, dict) and value.get("format") != ITEM_FORMAT:
        name = value.get("name") if isinstance(value.get("name"), str) else kind.title
        value = make_item(kind, (name.strip() or kind.title)[:NAME_MAX], value)
        value["version"] = 0
    item = read_item(value, own=True)
    if (item["kind"], item["system"]) != (kind.kind, kind.system):
        raise RecordError("this entry is filed under another kind of item")
    return item


# -- files ----------------------------------------------------------------------------------
def export_file(items: list[Item], exported: str) -> str:
    return json.dumps({"format": FILE_FORMAT, "version": FILE_VERSION, "exported": exported,
                       "items": items}, sort_keys=True, separators=(",", ":"))


def read_file(text: Any) -> tuple[list[Item], list[str]]:
    """A library file -> (the items it holds, one refusal per item that is not accepted).
    The file as a whole is refused (RecordError) when it is not a library file or breaks
    a limit: more than MAX_FILE_CHARS characters or MAX_FILE_ITEMS items."""
    from .game import run_steps
    values = run_steps(file_values_steps(text))
    return run_steps(read_values_steps(values))


def file_values_steps(text: Any) -> Generator[int, None, list[Any]]:
    """A library file's items as parsed, not checked yet; RecordError when the file as a
    whole is refused (see read_file), the work budget included. Yields 0 once, between the
    nesting check and the parse (each a few hundred ms of a 4 MB file in Pyodide)."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        if not isinstance(text, str):
            raise RecordError("a library file is text")
        if len(text) > MAX_FILE_CHARS:
            raise RecordError(f"this file has {len(text):,} characters; a library file holds at "
                              f"most {MAX_FILE_CHARS:,}")
        if not json_depth_ok(text):
            raise RecordError(f"this file is not readable JSON: its brackets nest deeper than "
                              f"{MAX_DEPTH} levels or do not pair up")
        yield 0
        # the values are checked item by item (read_item): a file of 100,000 items is
        # refused by its count before they are walked
        data = json.loads(text, parse_constant=_no_constant)
    except RecordError:
        raise
    except Exception as exc:  # noqa: BLE001 - LimitError, a JSON or UTF-8 error
        raise RecordError(f"this file is not a Pocketdeck library ({excerpt(str(exc))})") from None
    if isinstance(data, dict) and data.get("format") == ITEM_FORMAT:
        data = {"format": FILE_FORMAT, "version": FILE_VERSION, "items": [data]}
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise RecordError("this file is not a Pocketdeck library")
    if type(data.get("version")) is not int or data["version"] != FILE_VERSION:  # 1.0 and True too
        raise RecordError(f"library file format {excerpt(data.get('version'))} is not one this version reads")
    items = data.get("items")
    if not isinstance(items, list):
        raise RecordError("this library file has no list of items")
    if len(items) > MAX_FILE_ITEMS:
        raise RecordError(f"this file holds {len(items):,} items; a library file holds at most "
                          f"{MAX_FILE_ITEMS:,}")
    work = sum(map(_work, items))
    if work > MAX_IMPORT_WORK:
        raise RecordError(f"this file asks for {work:,} moves and steps to be replayed; one import checks "
                          f"at most {MAX_IMPORT_WORK:,} (the page would freeze): export fewer long games "
                          "at a time and import them in parts")
    return items


def file_work(values: list[Any]) -> int:
    """What read_values_steps will yield in all (at most MAX_IMPORT_WORK): the progress bar's end."""
    return sum(map(_work, values))


def read_values_steps(values: list[Any]) -> Generator[int, None, tuple[list[Item], list[str]]]:
    """The file's items checked one move at a time (yields 1 per move or record; never
    more than file_work in all): (the items accepted, one refusal per item refused)."""
    good, bad = [], []
    for i, value in enumerate(values):
        try:
            good.append((yield from read_item_steps(value)))
        except RecordError as exc:
            bad.append(f"item {i + 1}: {exc}")
    return good, bad


def _work(value: Any) -> int:
    """The checking an item asks for, in moves and steps replayed (1 for a plain record)."""
    data = value.get("data") if isinstance(value, dict) else None
    if not isinstance(data, dict):
        return 1
    kind = KINDS.get(f"{value.get('kind')}:{value.get('system')}")
    if kind is not None and kind.arrival:  # its lists are not moves (a Foe's "actions" are its Rounds)
        return 1 + kind.arrival_work
    return 1 + sum(len(data[k]) for k in ("actions", "steps") if isinstance(data.get(k), list))


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


# -- links ----------------------------------------------------------------------------------
def item_link(item: Item) -> str:
    """The item as a URL fragment ``i=...`` (zlib, base64url): nothing reaches a server."""
    raw = json.dumps(item, sort_keys=True, separators=(",", ":")).encode()
    return "i=" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def item_from_link(text: Any) -> Item:
    """A fragment ``i=...`` -> item, or RecordError."""
    from .game import run_steps
    return run_steps(item_from_link_steps(text))


def item_from_link_steps(text: Any) -> Generator[int, None, Item]:
    """item_from_link a move at a time (read_item_steps), for the page's slices."""
    try:
        if not isinstance(text, str) or not text.startswith("i=") or len(text) > MAX_LINK_CHARS:
            raise RecordError(f"this is not an item link (or it is longer than {MAX_LINK_CHARS:,} characters)")
        body = text[2:]
        try:
            packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
            d = zlib.decompressobj()
            # streamed with a cap: an item link carries one record (a game goes as g=), so
            # nothing past what one kept entry may be is ever unpacked or parsed (issue 28:
            # a 2.7 KB link unpacked to 1.8 MB and took over a second before any preview)
            raw = d.decompress(packed, MAX_RECORD_CHARS + 1)
        except (binascii.Error, zlib.error, ValueError):
            raise RecordError("this link is damaged: it does not decode to an item") from None
        if d.unconsumed_tail or len(raw) > MAX_RECORD_CHARS:
            raise RecordError(f"this link unpacks to more than an item may hold ({MAX_RECORD_CHARS:,} characters)")
        if not d.eof:
            raise RecordError("this link is cut short: part of it is missing")
        try:
            value = load_json(raw.decode("utf-8"), "this link", MAX_RECORD_CHARS)
        except (LimitError, ValueError) as exc:
            raise RecordError(f"this link is damaged ({excerpt(str(exc))})") from None
        return (yield from read_item_steps(value))
    except RecordError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise RecordError(f"this link could not be opened ({type(exc).__name__})") from None


# -- the kinds that exist -------------------------------------------------------------------
GAME_CHECK = "pocketdeck.core.records:_no_check"


def _no_check(data: Any) -> None:
    """Games are checked by replaying them (``_game_data``), not by a record check."""


def _same(data: Any) -> Any:
    """Version 0 -> 1: the bare record of the first library gains only its envelope."""
    return data


def _game_kind(system: str) -> Kind | None:
    """Every declared system keeps games (core.game.catalogue: names only, no import)."""
    from .game import catalogue
    title = catalogue().get(system)
    if title is None:
        return None
    return register_kind("game", system, 1, GAME_CHECK, f"{title} game", prefix=f"game:{system}",
                         replayed=True)


_BARE = {0: "pocketdeck.core.records:_same"}
# the records kept apart from games: one line each (their checks are imported on first use)
register_kind("character", "p52", 1, "pocketdeck.systems.p52.rules:record_problems",
              "P52 character", prefix="char:p52:", migrations=_BARE, max_chars=4_000)
register_kind("hero", "deckbuilder", 1, "pocketdeck.systems.deckbuilder.records:record_problems",
              "Deckbuilder hero", prefix="char:deckbuilder:", migrations=_BARE, max_chars=6_000)
register_kind("deck", "ads", 1, "pocketdeck.systems.ads.build.validate:check_record",
              "ADS Character Deck", prefix="char:ads:", migrations=_BARE, max_chars=6_000)
register_kind("deck", "deck", 1, "pocketdeck.systems.deck.rules:deck_record_problems",
              "Deck of your own", opens="pocketdeck.ui.deck.editor:play_deck", max_chars=4_000)
register_kind("sheet", "dofa", 1, "pocketdeck.systems.dofa.keep:sheet_problems", "DofA sheet",
              opens="pocketdeck.ui.dofa.keep:open_sheet", max_chars=MAX_RECORD_CHARS,
              check_steps="pocketdeck.systems.dofa.keep:sheet_problems_steps")
# an ADS Foe made on the phone (issue 49): its card, checked like foes.toml, and fought
# 24 times by the random players when it comes from outside (about 10 moves' work a fight)
register_kind("foe", "ads", 1, "pocketdeck.systems.ads.foecard:made_problems", "ADS Foe",
              opens="pocketdeck.ui.make.foe:open_foe", max_chars=12_000,
              arrival="pocketdeck.systems.ads.made:playability_steps", arrival_work=240)
# a DofA creature the GM made (issue 49): its card, checked like bestiary.toml, and played in
# 24 games of the GM's table when it comes from outside (about 1 s in CPython, 600 moves' work)
register_kind("creature", "dofa-gm", 1, "pocketdeck.systems.dofa_gm.creaturecard:made_problems",
              "DofA creature", opens="pocketdeck.ui.make.creature:open_creature", max_chars=4_000,
              arrival="pocketdeck.systems.dofa_gm.made:playability_steps", arrival_work=600)
# a Deckbuilder monster made on the phone (issue 49), minion or boss: checked like monsters.toml,
# and played 32 times by the random players when it comes from outside (10 a game, as a Foe's fight)
register_kind("monster", "deckbuilder", 1, "pocketdeck.systems.deckbuilder.monstercard:made_problems",
              "Deckbuilder monster", opens="pocketdeck.ui.make.monster:open_monster", max_chars=4_000,
              arrival="pocketdeck.systems.deckbuilder.made:playability_steps", arrival_work=320)
# an ADS adventure made on the phone (issue 49): its rooms checked like ours, the made Foes it
# carries fought, and 24 seeded adventures played when it comes from outside (about 1.3 s in CPython
# for three rooms, 3 s for our nine; counted as 2,400 moves): one adventure a file or link at most
register_kind("adventure", "ads", 1, "pocketdeck.systems.ads.adventure.spec:made_problems", "ADS adventure",
              opens="pocketdeck.ui.make.adventure:open_adventure", max_chars=MAX_RECORD_CHARS,
              arrival="pocketdeck.systems.ads.adventure.made:playability_steps", arrival_work=2_400)
# a Deckbuilder zone made on the phone (issue 49): its arenas checked like zones.toml, carrying the
# made monsters it names, and 24 seeded games played when it comes from outside (0.4-1 s in
# CPython; 10 a game, as a monster's: 16 zones a file or link at most)
register_kind("zone", "deckbuilder", 1, "pocketdeck.systems.deckbuilder.zonecard:made_problems",
              "Deckbuilder zone", opens="pocketdeck.ui.make.zone:open_zone", max_chars=12_000,
              arrival="pocketdeck.systems.deckbuilder.zonemade:playability_steps", arrival_work=240)
# a P52 enemy and a P52 quest made on the phone (issue 49): checked like enemies.toml / quests.toml,
# and played in 24 seeded sessions when they come from outside (about 1.2 s in CPython: 600 moves'
# work; a quest's carried enemies each as many again)
register_kind("enemy", "p52", 1, "pocketdeck.systems.p52.enemycard:made_problems", "P52 enemy",
              opens="pocketdeck.ui.make.enemy:open_enemy", max_chars=4_000,
              arrival="pocketdeck.systems.p52.made:playability_steps", arrival_work=600)
register_kind("quest", "p52", 1, "pocketdeck.systems.p52.enemycard:quest_made_problems", "P52 quest",
              opens="pocketdeck.ui.make.quest:open_quest", max_chars=12_000,
              arrival="pocketdeck.systems.p52.made:quest_playability_steps", arrival_work=1_200)
# the GM's table is a game of dofa-gm kept as a kind of its own (its items of kind "game",
# written before, still read: get_kind)
register_kind("table", "dofa-gm", 1, GAME_CHECK, "DofA GM's table", prefix="game:dofa-gm",
              replayed=True)
