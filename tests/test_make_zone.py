"""Issue 49, the Deckbuilder encounter zone made on the phone (ui/make/zone.py,
systems/deckbuilder/zonecard.py, zonemade.py): the spec that checks zones.toml checks a made
zone too (Deckbuilder RPG: Encounter zone, Dungeon Deck, Bosses and Minions), made from a
copy with the player's own monsters in its arenas, refused field by field with the draft
kept and nothing kept, played before it is kept, kept in the Library as kind
zone:deckbuilder carrying the made monsters it names, offered in the setup as yours, played,
saved and replayed with the zone the game started with, shared as a link and checked again."""

from __future__ import annotations

import copy
import json

import pytest

from library_samples import made_monster, made_zone
from test_library import apply, tap
from test_make_foe import keep
from test_make_form import sent_of
from test_make_monster import play_to_end

from pocketdeck.content import load
from pocketdeck.core.game import IllegalAction, get_game, replay
from pocketdeck.core.records import (MAX_IMPORT_WORK, RecordError, export_file, file_work, get_kind, item_from_link,
                                     item_link, make_item, read_item, read_stored)
from pocketdeck.core.saves import from_json, from_link, to_link
from pocketdeck.form import fields
from pocketdeck.systems.deckbuilder import data, zonemade
from pocketdeck.systems.deckbuilder.zonecard import (FILE_SPEC, SPEC, check_zone_rows, made_id, made_problems,
                                                     zone_problem, zone_problems)
from pocketdeck.ui.app import App
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.make.zone import labels_for, spec_for

KIND = get_kind("zone", "deckbuilder")
MONSTER = get_kind("monster", "deckbuilder")


def form_of(app: App) -> dict:
    """What the page sends from the maker's form (every named field, web/boot.js "*")."""
    return sent_of(fields(spec_for(app), app.maker.row, labels_for(app)))


def start(app: App, store: dict, ref: str = "watchtower") -> None:
    tap(app, store, "setup", "deckbuilder")
    tap(app, store, "make", {"kind": "zone-deckbuilder", "field": "zone"}, {"zone": ref})
    assert app.screen == "make:zone-deckbuilder", app.flash


def kept(app: App) -> dict:
    return {k: r for k, r in app.library.items() if k.startswith(KIND.prefix)}


def a_zone(zid: str = "watchtower", **change) -> dict:
    record = dict(zonemade.record_of(zid), **change)
    record["id"] = made_id(record)
    return record


# -- one spec: zones.toml and a made zone -----------------------------------------------------------------
def test_the_spec_checks_zones_toml_and_every_zone_of_ours_is_a_good_made_one():
    raw = load("deckbuilder/zones.toml")
    good, found = check_zone_rows(raw["zone"])
    assert found == [] and len(good) == len(raw["zone"])
    assert {k for z in raw["zone"] for k in z} <= set(FILE_SPEC.schema) and SPEC.strict and FILE_SPEC.strict
    assert {k for z in raw["zone"] for a in z["arena"] for k in a} <= \
        set(FILE_SPEC.schema["arena"].item.schema)
    for zid in zonemade.builtin():
        assert made_problems(a_zone(zid)) == [], zid
    bad = copy.deepcopy(raw["zone"])
    bad[0]["experience"] = 99
    bad[1]["link"].append({"a": "yard", "b": "yard", "kind": "open"})
    bad[2]["arena"][0]["boss"] = "warden"
    found = check_zone_rows(bad)[1]
    assert "zone 1 (crypt): 'experience' must be an int from 0 to 10, not 99" in found
    assert any(p.startswith("zone 2 (keep): link.4.b: a link joins two different arenas") for p in found)
    assert any(p.startswith("zone 3 (watchtower): arena: a zone has one boss, not 2 (Bosses and Minions")
               for p in found)


def test_cross_field_checks_name_the_field_and_the_book_rule():
    z = a_zone("keep")
    z["arena"].append({"id": "cellar", "name": "Cellar", "minions": ["dragon"], "items": ["excalibur"]})
    z["link"][0] = {"a": "yard", "b": "nowhere", "kind": "door"}
    z["spoils"] = ["longsword", "longsword", "tavern"]
    z["experience"] = 9
    paths = dict(zone_problems(z))
    assert "Dungeon Deck" in paths["arena.4"] and "'cellar'" in paths["arena.4"]
    assert "which the zone has not" in paths["link.0.b"]
    assert "Bosses and Minions" in paths["arena.4.minions.0"]
    assert "an item our arenas hold" in paths["arena.4.items.0"]
    assert paths["spoils.1"] == "a spoil is listed once" and "not a spoil of our zones" in paths["spoils.2"]
    assert "at most 3 experience" in paths["experience"]
    z = a_zone("crypt")
    z["arena"][2].pop("boss")
    assert dict(zone_problems(z))["arena"].startswith("a zone has one boss, not 0")
    z = a_zone("crypt")
    z["link"] = [dict(ln, kind="open") for ln in z["link"]]
    assert "such as doors" in dict(zone_problems(z))["link"]


# -- made from a copy, with a monster of your own ----------------------------------------------------------
def test_make_a_zone_with_a_kept_monster_keep_it_play_it_to_the_end_and_replay_it():
    app, store = App(seed_source=3), {}
    mine = made_monster("Gruk the Lesser", 8)
    apply(store, lib.add(app, make_item(MONSTER, mine["name"], mine)))
    start(app, store)
    row = app.maker.row
    assert row["name"] == "The Lonely Watchtower (yours)" and row["id"] == made_id(row)
    html = app.render()
    assert "Make your own Deckbuilder zone" in html and "Gruk the Lesser (yours)" in html
    assert "Usually there is only one boss per battle" in html and html.count("data-prompt") == 1
    sent = form_of(app)
    sent.update({"f.name": "Gruk's Tower", "f.arena.2.boss": mine["id"], "f.experience": "1"})
    keep(app, store, sent)
    assert app.flash[0] == "info" and "Kept: Gruk's Tower" in app.flash[1], app.flash
    assert app.screen == "setup:deckbuilder"
    (key, record), = kept(app).items()
    assert record["made_bosses"] == [mine] and record["arena"][2]["boss"] == mine["id"]
    assert record["experience"] == 1 and record["id"] == made_id(record) and key in store
    html = app.render()
    assert "Play your zone now" in html and f'<option value="yours:{key}">Gruk&#x27;s Tower (yours)</option>' in html \
        or f'<option value="yours:{key}">Gruk\'s Tower (yours)</option>' in html
    tap(app, store, "new", {"system": "deckbuilder"}, {"heroes": ["warrior", "priest"], "zones": f"yours:{key}"})
    session = app.sessions["deckbuilder"]
    assert session.options["zone"] == record and session.options["zones"] == [record["id"]]
    session = play_to_end(app, store)
    assert session.state["outcome"] in ("won", "lost")
    assert any(m["name"] == "Gruk the Lesser" for m in session.state["monsters"]) or \
        session.state["outcome"] == "lost"
    # saved and replayed like any game, on a page that never saw the zone made
    data._MADE.clear()
    data._MADE_ZONES.clear()
    again = App(seed_source=9)
    again.restore(dict(store))
    assert again.problems == [] and again.sessions["deckbuilder"].state == session.state
    assert from_link(to_link(session)).state == session.state
    assert replay("deckbuilder", session.options, session.seed, session.actions) == session.state


def test_an_edited_zone_never_changes_a_game_under_way():
    app, store = App(seed_source=3), {}
    record = made_zone()
    apply(store, lib.add(app, make_item(KIND, record["name"], record)))
    key = next(iter(kept(app)))
    tap(app, store, "lib-open", key)
    assert app.screen == "setup:deckbuilder" and "Play your zone now" in app.render()
    tap(app, store, "new", {"system": "deckbuilder"}, {"heroes": ["rogue"], "zones": f"yours:{key}"})
    before = copy.deepcopy(app.sessions["deckbuilder"].state)
    start(app, store, key)
    assert app.maker.row["made_bosses"] == record["made_bosses"]  # the copy carries its monsters
    sent = form_of(app)
    sent.update({"f.arena.0.name": "Another Gate"})
    keep(app, store, sent)
    assert len(kept(app)) == 2, app.flash
    game = app.sessions["deckbuilder"]
    assert game.state == before and game.options["zone"]["arena"][0]["name"] == "Ivy-choked Gate"
    assert from_json(store["game:deckbuilder"]).options["zone"] == record


# -- refused, field by field, the draft kept, nothing kept ----------------------------------------------------
def test_a_refused_zone_keeps_its_draft_names_each_wrong_field_and_keeps_nothing():
    app, store = App(seed_source=3), {}
    start(app, store)
    sent = form_of(app)
    sent.update({"f.name": "<script>alert(1)</script>", "f.experience": "99",
                 "f.link.1.b": "stairwell", "f.arena.2.id": "attic"})
    before = {k: v for k, v in store.items() if k != "ui:maker"}   # the draft itself is kept aside
    keep(app, store, sent)
    assert {k: v for k, v in store.items() if k != "ui:maker"} == before
    assert not kept(app) and app.screen == "make:zone-deckbuilder"
    found = app.maker.problems
    assert found["experience"] == ["Experience must be an int from 0 to 10, not 99"]
    assert "a link joins two different arenas" in found["link.1.b"][0]
    assert "Dungeon Deck" in found["arena.2"][0]
    html = app.render()
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'aria-invalid="true"' in html and app.maker.row["name"] == "<script>alert(1)</script>"
    sent = form_of(app)
    sent.update({"f.experience": "2", "f.link.1.b": "attic"})
    keep(app, store, sent)
    (record,) = kept(app).values()
    assert record["name"] == "<script>alert(1)</script>" and "<script>alert" not in app.render()


def test_a_forged_form_cannot_name_a_monster_the_phone_does_not_know():
    app, store = App(seed_source=3), {}
    start(app, store)
    sent = form_of(app)
    sent.update({"f.arena.0.minions.0": "dragon", "f.arena.2.boss": "yours_0000000000000000"})
    keep(app, store, sent)
    assert not kept(app) and set(app.maker.problems) >= {"arena.0.minions.0", "arena.2.boss"}


# -- the Library kind: checked, kept, exported, shared, trusted ---------------------------------------------
def hostile_zones() -> list[tuple[str, dict]]:
    good = made_zone()
    out = []
    def forged(why, change):
        z = copy.deepcopy(good)
        change(z)
        z["id"] = made_id(z)
        out.append((why, z))
    forged("script in a name and a number out of range", lambda z: z.update(name="<script>x</script>", experience=-1))
    forged("script in an arena's name", lambda z: z["arena"][0].update(name="Gate\u202e<b>"))
    forged("unknown minions", lambda z: z["arena"][0].update(minions=["dragon"]))
    forged("an unknown boss", lambda z: z["arena"][2].update(boss="lich"))
    forged("10,000 arenas", lambda z: z.update(arena=[{"id": f"a{i}", "name": "A"} for i in range(10_000)]))
    forged("an unreachable arena", lambda z: z["arena"].append({"id": "far", "name": "Far Away"}))
    forged("a link to itself", lambda z: z["link"].append({"a": "gate", "b": "gate", "kind": "door"}))
    forged("five minions in an arena", lambda z: z["arena"][0].update(minions=["goblin"] * 5))
    forged("a field no zone has", lambda z: z.update(secret=1))
    forged("a carried monster changed after its id", lambda z: z["made_bosses"][0].update(health=99))
    forged("a carried monster no arena names", lambda z: z.update(made_minions=[
        dict(made_monster(), rank="minion")]))
    forged("no boss", lambda z: z["arena"][2].pop("boss"))
    forged("spoils not of our zones", lambda z: z.update(spoils=["blessed_mail"]))
    return out


@pytest.mark.parametrize("why,record", hostile_zones(), ids=[w for w, _ in hostile_zones()])
def test_a_hostile_zone_is_refused_by_every_door_and_nothing_kept_changes(why, record):
    assert made_problems(record), why
    app, store = App(seed_source=3), {}
    good = made_zone("Kept before")
    apply(store, lib.add(app, make_item(KIND, good["name"], good)))
    before = dict(store)
    item = make_item(KIND, "Forged", record)
    with pytest.raises(RecordError):
        read_item(item)
    apply(store, lib.import_text(app, export_file([item], "x")))
    assert store == before and "1 refused" in app.flash[1]
    apply(store, app.open_link(item_link(item)))
    assert store == before and app.screen != "library-preview"
    with pytest.raises(IllegalAction):  # a game link whose options carry the forged zone
        get_game("deckbuilder").new_game({"zones": [record["id"]], "zone": record}, 1)


def test_a_made_zone_is_played_alone_and_its_id_is_its_hash():
    game = get_game("deckbuilder")
    record = made_zone()
    with pytest.raises(IllegalAction, match="played alone"):
        game.new_game({"zones": [record["id"], "crypt"], "zone": record}, 1)
    with pytest.raises(IllegalAction, match="played alone"):
        game.new_game({"zones": [record["id"]], "zone": record, "monster": made_monster()}, 1)
    with pytest.raises(IllegalAction, match="encounter zones"):
        game.new_game({"zones": [record["id"]]}, 1)
    stale = dict(record, experience=1)
    assert "hash of it" in zone_problem(stale) and made_problems(stale) == []


def test_a_zone_the_rules_trip_on_is_refused_from_outside_but_a_stored_one_is_read_back_without_games(monkeypatch):
    record = made_zone()
    item = make_item(KIND, record["name"], record)
    def broken(*a, **k):
        raise ZeroDivisionError("a rule tripped")
    monkeypatch.setattr(zonemade.GAME, "sim_choose", broken)
    assert zonemade.playability(record) == [
        f"game 1 of {zonemade.GAMES} in it stopped with an error (ZeroDivisionError: a rule tripped)"]
    with pytest.raises(RecordError, match="a rule tripped"):
        item_from_link(item_link(item))
    assert read_stored(KIND.prefix + "x", json.dumps(item))["data"] == record


def test_a_link_is_checked_on_arrival_then_kept_and_played_in_a_fresh_profile():
    me, mine = App(seed_source=3), {}
    record = made_zone()
    apply(mine, lib.add(me, make_item(KIND, record["name"], record)))
    tap(me, mine, "lib-share", next(iter(kept(me))))
    fragment = lib.shelf(me).share[1]
    assert fragment.startswith("i=") and len(fragment) < 1400
    friend, theirs = App(seed_source=8), {}
    data._MADE.clear()
    data._MADE_ZONES.clear()
    apply(theirs, friend.open_link(fragment))
    assert friend.screen == "library-preview" and "A shared Deckbuilder zone" in friend.render()
    tap(friend, theirs, "lib-take", "take")
    assert list(kept(friend).values()) == [record]
    tap(friend, theirs, "lib-open", next(iter(kept(friend))))
    assert "Play your zone now" in friend.render()
    tap(friend, theirs, "new", {"system": "deckbuilder"}, {"heroes": ["warrior"],
                                                           "zones": f"yours:{next(iter(kept(friend)))}"})
    assert friend.sessions["deckbuilder"].options["zone"] == record
    assert play_to_end(friend, theirs).state["phase"] == "over"


def test_an_import_counts_each_made_zones_games_against_the_work_budget():
    items = [make_item(KIND, f"Tower {n}", made_zone(f"Tower {n}")) for n in range(17)]
    assert file_work(items[:16]) <= MAX_IMPORT_WORK < file_work(items)


def test_the_setup_offers_every_zone_ours_and_yours_with_make_your_own():
    app, store = App(seed_source=3), {}
    tap(app, store, "setup", "deckbuilder")
    html = app.render()
    assert "Zones, ours and yours" in html and "Make your own from this zone" in html
    assert "Your own zones" not in html
    record = made_zone()
    apply(store, lib.add(app, make_item(KIND, record["name"], record)))
    html = app.render()
    assert '<optgroup label="Your own zones">' in html and "The Lesser Watchtower (3 arenas, 1 door; boss Gruk" in html
