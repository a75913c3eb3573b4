"""Issue 47: random players play every action the app can produce, not only the rules'
``legal_actions`` (core/simulate.py): a seeded walk of taps over the whole app in CPython
(tests/app_walk.py), one test per table, with guest phones joining a host's table at
random moments (mid-fight too), dropping, reloading and rejoining, and a DofA player's
phone joining the GM's table with its sheet; and one for the Library (exports, imports of
its own files and of mutated and hostile ones, links shared and opened on a second phone).

Each fails on an exception out of a tap, a screen that could not be drawn, an internal
error said to the player, a reload that changes a game, or a verb (``play`` by its action's
type) offered on screen that no seed ever tapped. Seeds are fixed: a failure reproduces."""

from __future__ import annotations

import json
import random

import pytest

from app_walk import Net, Phone, Walk, apply, look, screen_of, step, watching
from library_samples import dofa_sheet, every_item, game_session, made_adventure, made_foe

from pocketdeck.core.records import export_file, get_kind, make_item
from pocketdeck.core.saves import to_link
from pocketdeck.ui.table_link import screens as table_screens
from pocketdeck.ui.app import TABLE_LINK_SYSTEMS, slot_system
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.library.screen import add
from pocketdeck.ui.tables import tables

# verbs a CPython walk cannot drive, each with why (none so far)
SKIP: dict[str, str] = {}

# per table: (seeds, steps per seed)
PLAN = {"deck": (3, 200), "p52": (4, 800), "ads": (4, 800), "ads_build": (4, 300), "ads_adventure": (12, 900),
        "dofa": (4, 500), "dofa-gm": (6, 1000), "deckbuilder": (10, 800)}


def keep_sheet(phone: Phone) -> None:
    """A DofA sheet in the guest phone's Library, as Keep this sheet leaves it."""
    record = dofa_sheet("Wren")
    apply(phone.store, add(phone.app, make_item(get_kind("sheet", "dofa"), record["name"], record)))


def walk_table(system: str, seed: int, steps: int, walk: Walk) -> None:
    rng = random.Random(seed)
    host = Phone("host", seed)
    guests = [Phone(f"guest{i}", seed * 10 + i) for i in range(1 + seed % 2)] \
        if system in TABLE_LINK_SYSTEMS else []
    if system == "dofa-gm":
        keep_sheet(guests[0])
    if system == "ads":  # a Foe of the player's own: in the picker, fought, made from again (issue 49)
        card = made_foe("Grik the Sly")
        apply(host.store, add(host.app, make_item(get_kind("foe", "ads"), card["name"], card)))
    if system == "ads_adventure":  # an adventure of the player's own: in the picker, played, made from again
        record = made_adventure()
        apply(host.store, add(host.app, make_item(get_kind("adventure", "ads"), record["name"], record)))
    net = Net(host, guests)
    if system == "dofa-gm":  # a player's sheet as the share link of their DofA game
        net.pool["link"] = ["g=" + to_link(game_session("dofa", moves=3, seed=seed))]
    net.deliver(host, host.app.handle("open", system))

    # the walk stays at its table (a DofA player's phone may make its sheet, a guest phone
    # opens no table of its own): another table's door is left shut, and a phone that reached
    # another table (a game the Library opened) goes home at once, its screen not counted
    def ours(phone: Phone) -> set[str]:
        return {system} if phone is host else {"dofa"} if system == "dofa-gm" else set()

    def at(phone: Phone) -> str | None:
        screen = phone.app.screen
        return slot_system(screen.split(":", 1)[1]) if screen.startswith(("table:", "setup:")) else None

    def elsewhere(phone: Phone) -> bool:
        return at(phone) not in ours(phone) | {None}

    for _ in range(steps):
        walk.steps += 1
        pages = look(net, walk, lambda phone: at(phone) in (None, system))  # a sheet's own table: the dofa test's
        for phone in net.phones():
            if elsewhere(phone):
                net.deliver(phone, phone.app.handle("home"))
                pages[phone.name] = screen_of(phone)
        r = rng.random()
        if guests and r < 0.06:
            wire = rng.choice(net.seats)
            if net.scan(wire, rng):
                walk.tapped["(scan an invite)"] += 1
                continue
        elif r < 0.08:
            net.reload(rng.choice(net.phones()))
            walk.tapped["(reload)"] += 1
            continue
        elif guests and r < 0.09 and net.channel:
            net.drop(rng.choice(list(net.channel.values())))
            walk.tapped["(drop)"] += 1
            continue
        linked = [w.phone for w in net.seats if table_screens.guesting(w.guest) is not None]
        phone = host if not linked or rng.random() < 0.55 else rng.choice(linked)
        page = pages[phone.name]
        page.buttons = [b for b in page.buttons if not (b.verb in ("open", "setup") and b.arg
                                                        and slot_system(b.arg) not in ours(phone))]
        step(net, phone, page, walk, rng)
        for each in net.phones():  # a long check a tap started (a made Foe's Keep): the page runs it on
            while lib.shelf(each.app).job is not None and rng.random() < 0.98:
                net.deliver(each, each.app.handle("lib-import-step"))
    look(net, walk)


@pytest.mark.parametrize("system", list(tables()))
def test_random_players_tap_every_verb_a_table_offers(system):
    seeds, steps = PLAN[system]
    walk = Walk()
    with watching():
        for seed in range(1, seeds + 1):
            walk_table(system, seed, steps, walk)
    # the Library's own verbs, offered when a walk wanders into it, are the Library test's
    missing = [k for k in walk.never_tapped(SKIP) if not k.startswith(("lib-", "forget"))]
    assert not missing, f"{system}: offered but never tapped in {walk.steps} steps: " + ", ".join(
        f"{k} (first on {walk.where[k]})" for k in missing)
    if system in TABLE_LINK_SYSTEMS:  # guest phones joined and played from their own screens
        assert walk.tapped["(scan an invite)"] and walk.by_guests["tl-join"], walk.tapped
        assert any(k.startswith("play:") for k in walk.by_guests), walk.by_guests


# -- the Library ---------------------------------------------------------------------------------------
def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """A library file or a link made hostile: (how, the text)."""
    how = rng.choice(["as is", "truncated", "wrong type", "huge number", "junk", "deep", "bytes flipped"])
    if how == "truncated":
        return how, text[:rng.randrange(len(text))]
    if how == "junk":
        return how, rng.choice(["", "null", "[]", "{}", '{"format": 1}', "x" * 5000, "\x00\xff", '"' * 99])
    if how == "deep":
        return how, "[" * 5000 + "]" * 5000
    if how == "bytes flipped":
        chars = list(text)
        for _ in range(rng.randint(1, 5)):
            chars[rng.randrange(len(chars))] = rng.choice("{}[]\":,0aZ\\")
        return how, "".join(chars)
    try:
        value = json.loads(text)
    except ValueError:
        return "as is", text
    nodes = []

    def collect(v, parent, key):
        nodes.append((parent, key, v))
        if isinstance(v, dict):
            for k, x in v.items():
                collect(x, v, k)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                collect(x, v, i)

    collect(value, None, None)
    numbers = [n for n in nodes if isinstance(n[2], int) and not isinstance(n[2], bool) and n[0] is not None]
    if how == "huge number" and numbers:
        parent, key, _ = rng.choice(numbers)
        parent[key] = rng.choice([10 ** 400, -(10 ** 30), 2 ** 63, 1e308])
    elif how == "wrong type":
        parent, key, old = rng.choice([n for n in nodes if n[0] is not None] or [(None, None, None)])
        if parent is not None:
            parent[key] = rng.choice([x for x in (None, 7, "x", [], {}, True, -1.5) if type(x) is not type(old)])
    try:
        return how, json.dumps(value)
    except ValueError:  # a float json cannot write
        return how, text


def kept(phone: Phone) -> tuple[dict, dict]:
    return dict(phone.store), {e.key: lib.item_of(phone.app, e.key) for e in lib.entries(phone.app)}


def walk_library(seed: int, steps: int, walk: Walk, items: list) -> None:
    rng = random.Random(seed)
    me, friend = Phone("me", seed), Phone("friend", seed + 500)
    mine, theirs = Net(me, []), Net(friend, [])
    for item in items:  # an item a file: all of them at once ask for more than one import's work budget
        mine.deliver(me, me.app.handle("lib-import", export_file([item], "2026-01-02")))
    mine.deliver(me, me.app.handle("lib"))
    files, links = [], []
    for _ in range(steps):
        walk.steps += 1
        pages = {**look(mine, walk), **look(theirs, walk)}
        for phone in (me, friend):  # what left the phone: a file downloaded, a link copied or sent
            for e in phone.out:
                if e[0] in ("download", "send"):
                    files.append(e[2])
                elif e[0] in ("copy", "share") and e[1].startswith(("g=", "i=")):
                    links.append(e[1])
            phone.out = []
        r = rng.random()
        phone, net = (me, mine) if rng.random() < 0.7 else (friend, theirs)
        if r < 0.12 and files:   # a file imported: as exported, or made hostile
            how, text = mutate(rng.choice(files), rng)
            before = kept(phone)
            if rng.random() < 0.5:
                net.deliver(phone, phone.app.handle("lib-import", text))
            else:  # as the page does it: in slices, with a progress screen (and Cancel)
                net.deliver(phone, phone.app.handle("lib-import-start", text))
                while lib.shelf(phone.app).job is not None and rng.random() < 0.97:
                    net.deliver(phone, phone.app.handle("lib-import-step"))
                    screen_of(phone)
            walk.tapped[f"(import a file: {how})"] += 1
            if phone.app.flash and phone.app.flash[0] == "error":
                assert kept(phone) == before, f"a refused import ({how}) changed the library: {phone.app.flash}"
            continue
        if r < 0.2 and lib.entries(phone.app) and rng.random() < 0.4:  # an item shared as a link
            key = rng.choice(lib.entries(phone.app)).key
            net.deliver(phone, phone.app.handle("lib-share", key))
            effects = phone.app.handle("lib-send", "copy")
            links += [e[1] for e in effects if e[0] == "copy"]
            walk.tapped["(share an item)"] += 1
            continue
        if r < 0.2 and links:    # a link opened on the other phone, as sent or made hostile
            how, fragment = ("as is", rng.choice(links)) if rng.random() < 0.6 else mutate(rng.choice(links), rng)
            other, onet = (friend, theirs) if phone is me else (me, mine)
            before = kept(other)
            if rng.random() < 0.5:
                onet.deliver(other, other.app.open_link(fragment))
            else:
                onet.deliver(other, other.app.handle("lib-link-start", fragment))
                while lib.shelf(other.app).job is not None:
                    onet.deliver(other, other.app.handle("lib-import-step"))
            walk.tapped[f"(open a link: {how})"] += 1
            if other.app.flash and other.app.flash[0] == "error":
                assert kept(other) == before, f"a refused link ({how}) changed the library: {other.app.flash}"
            continue
        if r < 0.22:
            net.reload(phone)
            walk.tapped["(reload)"] += 1
            continue
        page = pages[phone.name]
        # the Library is the walk's place: the tables' own taps are other tests'
        page.buttons = [b for b in page.buttons if phone.app.screen.startswith(("library", "home"))
                        or not b.verb.startswith(("play", "tl-", "new", "undo"))]
        step(net, phone, page, walk, rng)


def test_random_players_tap_every_verb_of_the_library():
    items = every_item()
    walk = Walk()
    with watching():
        for seed in range(1, 5):
            walk_library(seed, 500, walk, items)
    lib_verbs = {k: n for k, n in walk.offered.items() if k.startswith(("lib", "link", "forget"))}
    missing = [k for k in walk.never_tapped(SKIP) if k in lib_verbs]
    assert not missing, f"the Library: offered but never tapped in {walk.steps} steps: " + ", ".join(
        f"{k} (first on {walk.where[k]})" for k in missing)
    assert walk.tapped["lib-take"] and walk.tapped["link"], "items and games shared as links were opened"


def test_the_walk_fails_on_a_screen_that_cannot_be_drawn_and_on_an_internal_error_shown(monkeypatch):
    """The walk's own checks bite: a table whose screen raises, and a flash in Python's words."""
    from app_walk import internal
    assert internal(("error", "That did not work: 'heroes'")) and internal(("error", "KeyError: 3"))
    assert internal(("error", "The table link: 'NoneType' object has no attribute 'get'"))
    assert not internal(("error", "That did not work: choose at least one hero"))
    walk = Walk()
    import dataclasses
    from pocketdeck.ui.tables import TABLES, load_table
    monkeypatch.setitem(TABLES, "deck", dataclasses.replace(load_table("deck"), render=lambda view, session: 1 / 0))
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        walk_table("deck", 1, 40, walk)
    monkeypatch.undo()
    # a tap whose code raises is shown as "That did not work: division by zero": caught too
    import pocketdeck.ui.app as app_module
    monkeypatch.setattr(app_module, "to_link", lambda session: 1 / 0)  # the Share tap raises
    with watching(), pytest.raises(AssertionError, match="ZeroDivisionError"):
        walk_table("deck", 1, 300, Walk())


if __name__ == "__main__":  # python3 tests/test_app_walk.py <system>: what one walk offered and tapped
    import sys
    w = Walk()
    for s in range(1, PLAN[sys.argv[1]][0] + 1):
        walk_table(sys.argv[1], s, PLAN[sys.argv[1]][1], w)
    for k in sorted(w.offered | w.tapped):
        print(f"{k:32} offered {w.offered[k]:6} tapped {w.tapped[k]:5} by guests {w.by_guests[k]:4} {w.where.get(k, '')}")
