"""A player joins the GM's table mid-session from their own phone (issue 14): the share link
or QR code of their Deck of Adventures sheet arrives in the URL fragment (App.open_link, the
door the library's scanner writes to), the preview shows the numbers taken from the sheet,
and nothing changes until the GM taps "Join the GM's table"; undo takes it back."""

from __future__ import annotations

import json

import pytest

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.ui.app import App

GAME = get_game("dofa-gm")


def sheet_fragment(name: str = "Xena <3", seed: int = 4) -> tuple[str, dict]:
    phone = App(seed_source=seed)
    phone.handle("open", "dofa")
    phone.handle("new", json.dumps({"system": "dofa"}), {"character": "Spades2", "name": name})
    phone.handle("share", "")
    return phone.share_link, phone.sessions["dofa"].state


def gm_app(**form: str) -> App:
    gm = App(seed_source=5)
    gm.handle("open", "dofa-gm")
    gm.handle("new", json.dumps({"system": "dofa-gm"}),
              {"mode": "table", "p0_name": "Elise", "foe0": "Grunt", **form})
    return gm


def test_the_gm_previews_a_sheet_then_accepts_and_undo_takes_it_back():
    fragment, sheet = sheet_fragment()
    gm = gm_app()
    before = json.dumps(gm.sessions["dofa-gm"].state, sort_keys=True)
    gm.open_link(fragment)
    html = gm.render()
    assert gm.screen == "preview" and "Join the GM\u2019s table</button>" in html
    assert "Xena &lt;3" in html and "Xena <3" not in html
    for lab, value in (("HP", sheet["hp"]), ("AP", sheet["ap"]), ("AR", sheet["sheet"]["ar"]),
                       ("Agility", f'{sheet["sheet"]["attrs"]["AGL"]:+d}'), ("PP", sheet["pp"])):
        assert f'<span class="badge">{lab} <b>{value}</b></span>' in html
    assert json.dumps(gm.sessions["dofa-gm"].state, sort_keys=True) == before   # nothing yet
    effects = gm.handle("link", "join")
    assert ("put", "ui:screen", "table:dofa-gm") in effects
    s = gm.sessions["dofa-gm"].state
    xena = next(a for a in s["actors"] if a["name"] == "Xena <3")
    assert (xena["hp"], xena["ap"], xena["ar"], xena["attrs"]["AGL"], xena["pp"]) == (
        sheet["hp"], sheet["ap"], sheet["sheet"]["ar"], sheet["sheet"]["attrs"]["AGL"], sheet["pp"])
    assert "Xena &lt;3 joins the table" in gm.render()
    gm.handle("undo")
    assert json.dumps(gm.sessions["dofa-gm"].state, sort_keys=True) == before


def test_not_now_changes_nothing_and_no_gm_table_offers_a_new_one():
    fragment, _ = sheet_fragment()
    gm = gm_app()
    before = json.dumps(gm.sessions["dofa-gm"].state, sort_keys=True)
    gm.open_link(fragment)
    gm.handle("link", "mine")
    assert json.dumps(gm.sessions["dofa-gm"].state, sort_keys=True) == before
    fresh = App(seed_source=8)
    fresh.open_link(fragment)
    assert "Start a GM\u2019s table with them" in fresh.render()
    fresh.handle("link", "join")
    s = fresh.sessions["dofa-gm"].state
    assert [a["name"] for a in s["actors"]] == ["Xena <3"] and fresh.screen == "table:dofa-gm"
    assert "dofa" not in fresh.sessions        # the player's game itself is not kept


def test_a_player_joining_mid_fight_types_in_a_target_card_first():
    fragment, _ = sheet_fragment()
    gm = gm_app()
    gm.handle("play", json.dumps({"type": "start_combat"}))
    gm.handle("play", json.dumps({"type": "player_tc", "who": "p1"}))
    for a in ({"type": "entry_rank", "rank": "K"}, {"type": "entry_suit", "suit": "H"}, {"type": "entry_done"}):
        gm.handle("play", json.dumps(a))
    assert gm.sessions["dofa-gm"].state["combat"]["stage"] == "turns"
    gm.open_link(fragment)
    gm.handle("link", "join")
    s = gm.sessions["dofa-gm"].state
    new = next(a for a in s["actors"] if a["name"] == "Xena <3")
    # PG, Taking Turns 1: she draws her Target Card as she joins (the entry is open at once)
    assert s["entry"]["for"] == {"kind": "tc", "who": new["id"]}
    for a in ({"type": "entry_rank", "rank": "2"}, {"type": "entry_suit", "suit": "S"}, {"type": "entry_done"}):
        gm.handle("play", json.dumps(a))
    assert new["id"] in gm.sessions["dofa-gm"].state["combat"]["order"]


@pytest.mark.parametrize("bad, words", [
    ({"name": "X", "hp": 5.0, "ap": 0, "ar": 2, "agl": 0, "pp": 0}, "HP: a whole number"),
    ({"name": "X", "hp": True, "ap": 0, "ar": 2, "agl": 0, "pp": 0}, "HP: a whole number"),
    ({"name": "", "hp": 5, "ap": 0, "ar": 2, "agl": 0, "pp": 0}, "name: 1 to 40"),
    ({"name": "X", "hp": 5, "ap": 0, "ar": 2, "agl": 0}, "each needs name"),
    ({"name": "X", "hp": 5, "ap": 0, "ar": 2, "agl": 0, "pp": 99}, "PP: a whole number"),
])
def test_an_illegal_join_leaves_the_state_unchanged_and_names_the_rule(bad, words):
    s = GAME.new_game({"players": [], "foes": ["Grunt"]}, 3)
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction, match=words):
        GAME.apply(s, {"type": "join", "player": bad})
    with pytest.raises(IllegalAction, match="name and numbers only"):
        GAME.apply(s, {"type": "join", "player": bad, "extra": 1})
    assert json.dumps(s, sort_keys=True) == before


def test_a_full_table_refuses_the_join_in_the_preview():
    fragment, _ = sheet_fragment()
    form = {f"p{i}_name": f"P{i}" for i in range(4)}
    gm = gm_app(**form)
    s = gm.sessions["dofa-gm"].state
    for i in range(2):
        s = GAME.apply(s, {"type": "join", "player": {"name": f"Q{i}", "hp": 5, "ap": 0, "ar": 2,
                                                      "agl": 0, "pp": 0}})
    gm.sessions["dofa-gm"].state = s
    gm.sessions["dofa-gm"].actions += [{"type": "join", "player": {"name": f"Q{i}", "hp": 5, "ap": 0,
                                                                   "ar": 2, "agl": 0, "pp": 0}} for i in range(2)]
    gm.open_link(fragment)
    html = gm.render()
    assert "They cannot join now: the table is full" in html and "Join the GM\u2019s table</button>" not in html


# -- a DofA sheet kept in the library (issue 15's kind), shared as an item link or its QR code --
def sheet_item_fragment(name: str = "Wren") -> tuple[str, dict]:
    from library_samples import dofa_sheet
    from pocketdeck.core.records import get_kind, item_link, make_item
    from pocketdeck.systems.dofa.keep import replay
    record = dofa_sheet(name)
    return item_link(make_item(get_kind("sheet", "dofa"), name, record)), replay(record)


def test_a_library_sheet_link_joins_the_gm_table_after_the_preview():
    fragment, state = sheet_item_fragment("Wren <b>")
    gm = gm_app()
    before = json.dumps(gm.sessions["dofa-gm"].state, sort_keys=True)
    gm.open_link(fragment)
    html = gm.render()
    assert gm.screen == "library-preview" and "Import it" in html
    assert "Join the GM\u2019s table</button>" in html and "Wren &lt;b&gt;" in html and "Wren <b>" not in html
    assert f'<span class="badge">PP <b>{state["pp"]}</b></span>' in html
    assert json.dumps(gm.sessions["dofa-gm"].state, sort_keys=True) == before
    gm.handle("lib-take", "join")
    assert gm.screen == "table:dofa-gm"
    wren = next(a for a in gm.sessions["dofa-gm"].state["actors"] if a["name"] == "Wren <b>")
    assert (wren["hp"], wren["pp"], wren["ar"]) == (state["hp"], state["pp"], state["sheet"]["ar"])
    assert not any(k.startswith("item:") for k in gm.library)     # joined, not imported
    # another kind of item offers no join; 'join' on it only drops the link, nothing is kept
    from library_samples import own_deck
    from pocketdeck.core.records import get_kind, item_link, make_item
    gm.open_link(item_link(make_item(get_kind("deck", "deck"), own_deck()["name"], own_deck())))  # one name (issue 28)
    assert "Join the GM" not in gm.render()
    players = len(gm.sessions["dofa-gm"].state["actors"])
    gm.handle("lib-take", "join")
    assert gm.screen == "home" and not any(k.startswith("item:") for k in gm.library)
    assert len(gm.sessions["dofa-gm"].state["actors"]) == players
