"""Issue 29, the DofA bullet: a player's phone joins the GM's table WITH ITS OWN SHEET.
The join screen lists the DofA sheets in the phone's Library; the chosen one travels with
the phone's first hello, is checked on the host exactly as a library import of a DofA
sheet is (core.records.read_item: the size cap, then dofa/keep.sheet_problems replaying
it), and the GM's table seats that character: its name, modifiers, HP, AP, AR, PP, and
the two Fate Cards of the Action Deck the host keeps for the seat. A forged or oversized
sheet is refused with the host's game unchanged. Rules: docs/rules/dofa.md, "The player's
phone at the GM's table"."""

from __future__ import annotations

import json

from test_table_link_dofa import GM, Tap, guest_view, session

from pocketdeck.core.records import get_kind, make_item
from pocketdeck.systems.dofa import GAME as DOFA
from pocketdeck.systems.dofa.keep import sheet_record
from pocketdeck.ui.table_link import screens as table_screens
from pocketdeck.ui.dofa_gm.join import sheet_numbers
from pocketdeck.ui.library.screen import add


def a_sheet(seed: int = 3) -> dict:
    return sheet_record(DOFA.new_game(DOFA.default_options(), seed), [])


def keep(app, record: dict) -> str:
    """The sheet kept in the phone's Library (the user's Keep this sheet), its key."""
    effects = add(app, make_item(get_kind("sheet", "dofa"), record["name"], record))
    return next(e[1] for e in effects if e[0] == "put")


def invited(records=()) -> tuple[Tap, list[str]]:
    """The GM hosts a table with Ann typed in; the guest phone (with ``records`` in its
    Library) opens the GM's invite for her seat."""
    w = Tap()
    w.seat = "p1"
    keys = [keep(w.guest, r) for r in records]
    w.tap("host", "new", json.dumps(GM))
    w.tap("host", "tl-host")
    w.tap("host", "tl-invite", "p1")
    w.run("guest", w.guest.open_link(table_screens.hosting(w.host).guests["p1"].code))
    assert w.guest.screen == "tl-join"
    return w, keys


def answer(w: Tap, key: str) -> None:
    w.tap("guest", "tl-join", key)
    w.tap("host", "tl-code", "", {"code": table_screens.guesting(w.guest).code})


def state_of(w: Tap) -> tuple:
    s = session(w)
    return list(s.actions), json.dumps(s.state, sort_keys=True)


def test_the_join_screen_lists_the_phones_own_sheets_and_the_chosen_one_sits_at_the_table():
    record = a_sheet()
    w, (key,) = invited([record])
    page = w.guest.render()
    assert f"as {record['name']}</button>" in page and "with your sheet?" in page
    assert "data-prompt" in page and f'data-arg="{key}"' in page
    answer(w, key)
    s = session(w)
    assert table_screens.hosting(w.host).guests["p1"].status == "joined"
    p = sheet_numbers(record)
    ann = next(a for a in s.state["actors"] if a["id"] == "p1")
    assert (ann["name"], ann["hp"], ann["hp_max"], ann["ap"], ann["ar"], ann["pp"]) == \
        (p["name"], p["hp"], p["hp"], p["ap"], p["ar"], p["pp"])
    assert ann["skills"] == {k: p["mods"][k] for k in ann["skills"]} and ann["own"] == "p1"
    assert s.actions[-1] == {"type": "phone", "who": "p1", "player": p}  # one replayable action
    assert s.state["decks"]["p1"]["fate"] == ["RJ", "BJ"]
    me = next(a for a in guest_view(w)["actors"] if a["id"] == "p1")
    assert me["name"] == p["name"] and me["hp"] == p["hp"]
    assert table_screens.guesting(w.guest).name == p["name"] and f"{p['name']} at " in w.guest.render()
    assert table_screens.hosting(w.host).guests["p1"].name == p["name"]
    # the GM now names a skill (the sheet's modifiers), as for a player joined by their sheet's link
    w.tap("host", "play", json.dumps({"type": "call", "who": "p1"}))
    assert "call_stat" in [a["type"] for a in s.game.legal_actions(s.state)]


def test_a_forged_sheet_is_refused_with_the_hosts_game_unchanged():
    forged = dict(a_sheet(), level=4)  # the rules do not reach level 4 with no steps
    w, _ = invited([])
    w.guest.library["item:sheet:dofa:forged"] = forged  # put there by hand, past the Library's own check
    before = state_of(w)
    answer(w, "item:sheet:dofa:forged")
    g = table_screens.hosting(w.host).guests["p1"]
    assert state_of(w) == before and g.status == "inviting" and g.refused == 1
    assert "that sheet cannot sit at this table" in w.guest.flash[1] and "level" in w.guest.flash[1].lower()


def oversized(chars: int) -> dict:
    record = a_sheet()
    step = {"type": "note", "text": "x" * 160}
    n = (chars - len(json.dumps(record))) // (len(json.dumps(step, separators=(",", ":"))) + 1)
    return dict(record, steps=[step] * n)


def test_an_oversized_sheet_is_refused_with_the_hosts_game_unchanged():
    """The library's cap of a DofA sheet (20,000 characters) and, past it, the hello's."""
    for chars, why in ((20_200, "one is at most 20,000"), (30_000, "at most 20,500 characters")):
        w, _ = invited([])
        w.guest.library["item:sheet:dofa:big"] = oversized(chars)
        before = state_of(w)
        answer(w, "item:sheet:dofa:big")
        g = table_screens.hosting(w.host).guests["p1"]
        assert state_of(w) == before and g.status == "inviting"
        assert why in w.guest.flash[1], w.guest.flash


def test_a_sheet_after_the_first_hello_is_refused():
    w, (key,) = invited([a_sheet()])
    answer(w, key)
    before = state_of(w)
    effects, _ = table_screens.event(w.host, "msg", "p1", json.dumps({"t": "hello", "sheet": a_sheet(4)}), now=99.0)
    assert state_of(w) == before and "first hello only" in effects[0][1]


def test_a_phone_with_no_sheet_is_shown_how_to_make_one():
    w, _ = invited([])
    page = w.guest.render()
    assert "There is no Deck of Adventures sheet" in page
    assert 'data-action="setup" data-arg="dofa"' in page and "data-prompt" in page
    answer(w, "")  # or joins with the numbers the GM typed in
    assert session(w).actions[-1] == {"type": "phone", "who": "p1"}
