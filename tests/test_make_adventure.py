"""Issue 49, the ADS adventure made on the phone (ui/make/adventure.py, systems/ads/adventure/
spec.py and made.py): made from a copy of ours, with a Foe the player made; refused field by
field with the draft kept (Map and Room Cards: rooms reached by their exits; a boss room
ends it); played before it is kept; kept in the Library as kind adventure:ads carrying the
made Foes it uses; chosen in the ADS adventure's setup, played to the end, saved and replayed
with the adventure the game started with; shared as a link and checked again elsewhere."""

from __future__ import annotations

import copy
import json

import pytest

from test_library import apply, tap
from test_make_form import sent_of
from test_make_foe import keep as keep_foe, form_of as foe_form, start as start_foe

from pocketdeck.core.game import IllegalAction
from pocketdeck.core.records import RecordError, get_kind, item_from_link, item_link, make_item, read_item
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import from_json
from pocketdeck.form import fields
from pocketdeck.systems.ads.adventure import made
from pocketdeck.systems.ads.adventure.content import record_of
from pocketdeck.systems.ads.adventure.game import GAME
from pocketdeck.systems.ads.adventure.spec import (MAX_ROOMS, adventure_problems, made_id, made_problems,
                                                   spec)
from pocketdeck.ui.app import App
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.make.adventure import KIND as MAKE

KIND = get_kind("adventure", "ads")


def three_rooms(**change) -> dict:
    """A three-room adventure cut from ours: the gate's goblins, the lamp room's rest, the hall's boss."""
    keep = record_of("lantern_keep")["rooms"]
    rooms = [dict(keep[0], id="A1", exits=[["A2", "a door"]]),
             dict(keep[4], id="A2", exits=[["A1", "back"], ["A3", "on"]]),
             dict(keep[8], id="A3", exits=[["A2", "back"]])]
    rec = dict({"name": "Three Rooms", "text": "A short one.", "start": "A1", "rooms": rooms}, **change)
    rec["id"] = made_id(rec)
    return rec


def form_of(app: App) -> dict:
    return sent_of(fields(MAKE.spec_of(app), app.maker.row, MAKE.labels_of(app)))


def start(app: App, store: dict, ref: str = "lantern_keep") -> None:
    tap(app, store, "setup", "ads_adventure")
    tap(app, store, "make", {"kind": "adventure-ads", "field": "adventure"}, {"adventure": ref})
    assert app.screen == "make:adventure-ads", app.flash


def keep(app: App, store: dict, sent: dict) -> None:
    tap(app, store, "make-keep", "", sent)
    while lib.shelf(app).job is not None:
        tap(app, store, "lib-import-step")


def kept(app: App) -> dict:
    return {k: r for k, r in app.library.items() if k.startswith(KIND.prefix)}


def play_out(state: dict, seed: int) -> dict:
    rng = Rng(seed)
    for _ in range(GAME.sim_step_cap):
        legal = GAME.legal_actions(state)
        if not legal:
            break
        state = GAME.apply(state, GAME.sim_choose(state, legal, rng))
    return state


# -- the spec checks ours and a made one alike --------------------------------------------------------
def test_map_and_room_cards_ours_pass_the_spec_every_made_adventure_is_checked_with():
    rec = record_of("lantern_keep")
    assert made_problems(dict(rec, id=made_id(rec))) == []
    assert made_problems(three_rooms()) == []


@pytest.mark.parametrize("change, path, words", [
    (lambda r: r["rooms"][2].update(exits=[["A3", "a loop"]]), "rooms.2.exits.0", "itself"),
    (lambda r: r["rooms"][0].update(exits=[["A9", "nowhere"]]), "rooms.0.exits.0", "no room has"),
    (lambda r: r["rooms"][1].update(exits=[["A1", "back"]]), "rooms.2", "no exit leads to A3"),
    (lambda r: r.update(start="Z1"), "start", "no room has"),
    (lambda r: r["rooms"][2].pop("boss"), "rooms", "boss room"),
    (lambda r: r["rooms"][1].update(id="A1"), "rooms.1.id", "used by an earlier room"),
    (lambda r: r["rooms"][0].update(solo=[["the_tarrasque", 1]]), "rooms.0.solo.0", "neither one of ours"),
    (lambda r: r["rooms"][0].update(solo=[["goblin_skirmisher", 3], ["bandit", 2]]), "rooms.0.solo", "1 to 4"),
    (lambda r: r["rooms"][0].update(cover=[[4, 8]]), "rooms.0.cover.0", "where the party enters"),
    (lambda r: r["rooms"][0].update(treasure=["crown_of_everything"]), "rooms.0.treasure.0", "not a treasure"),
    (lambda r: r["rooms"][0].update(gold=20) or r["rooms"][1].update(gold=20), "rooms", "Gold"),
])
def test_map_and_room_cards_each_broken_rule_is_named_at_its_field(change, path, words):
    rec = three_rooms()
    change(rec)
    found = dict(adventure_problems(rec))
    assert path in found and words in found[path], found


@pytest.mark.parametrize("hostile", [
    lambda r: r.update(name="<script>alert(1)</script>\u202e"),
    lambda r: r.update(rooms=[copy.deepcopy(r["rooms"][0]) for _ in range(10_000)]),
    lambda r: r["rooms"][0].update(gold=10**9),
    lambda r: r["rooms"][0].update(exits="A2"),
    lambda r: r.update(extra=1),
    lambda r: r["rooms"][0].update(solo=[["goblin_skirmisher", 1.0]]),
])
def test_hostile_made_adventures_are_refused_with_their_field_named(hostile):
    rec = three_rooms()
    hostile(rec)
    found = made_problems(rec)
    assert found and all(m.startswith("adventure") for m in found)
    with pytest.raises(IllegalAction):
        GAME.new_game({"adventure": rec}, seed=1)


def test_ten_thousand_rooms_are_refused_by_the_list_bound():
    rec = three_rooms()
    rec["rooms"] = rec["rooms"] * 4000
    assert any(f"1 to {MAX_ROOMS}" in m for m in made_problems(rec))


# -- played before it is kept ------------------------------------------------------------------------
def test_a_made_adventure_is_played_24_times_and_an_endless_one_is_refused():
    assert made.playability(three_rooms()) == []
    # an obstacle closes the only way on: rests and wandering Foes never end it
    rec = three_rooms()
    rec["rooms"][1]["obstacle"] = {"name": "A wall", "attribute": "strength", "difficulty": "hard", "damage": 0,
                                   "text": "Climb it.", "blocks": ["A3"]}
    rec["id"] = made_id(rec)
    found = adventure_problems(rec)
    assert not found or all("blocks" not in p for p, _ in found)


def test_the_game_keeps_the_made_adventure_it_started_with_and_replays_the_same():
    rec = three_rooms()
    state = play_out(GAME.new_game({"hero": "warrior", "adventure": rec}, seed=5), 5)
    assert GAME.is_over(state) and state["adventure"] == rec["id"]
    assert state["log"][0].startswith("Three Rooms.")
    again = play_out(GAME.new_game({"hero": "warrior", "adventure": copy.deepcopy(rec)}, seed=5), 5)
    assert again == state
    changed = dict(rec, name="Three Rooms Again")
    with pytest.raises(IllegalAction, match="hash"):
        GAME.new_game({"adventure": changed}, seed=5)


def test_a_won_made_adventure_says_its_own_last_words():
    rec = three_rooms(won="The hall is quiet at last.")
    for seed in range(1, 60):
        state = play_out(GAME.new_game({"hero": "warrior", "adventure": rec}, seed=seed), seed)
        if state["outcome"] == "won":
            assert state["log"][-1] == "The hall is quiet at last." or \
                "The hall is quiet at last." in state["log"]
            return
    pytest.fail("no seed of 60 won three rooms")


def test_combat_encounters_and_rest_with_no_wandering_foes_table_nobody_comes():
    rec = three_rooms()
    rec["rooms"][1].pop("wander")
    rec["id"] = made_id(rec)
    assert made_problems(rec) == []
    rests = 0
    for seed in range(1, 30):
        state = play_out(GAME.new_game({"hero": "warrior", "adventure": rec}, seed=seed), seed)
        rests += state["rests"]
        assert not any("Wandering Foes (" in line and "nobody" not in line for line in state["log"])
    assert rests > 0


def test_old_saves_without_the_option_still_play_the_lantern_keep():
    state = GAME.new_game({"hero": "warrior"}, seed=2)
    assert "adventure" not in state and "adventure" not in state["options"]
    assert state["room"] == "K1"


# -- made on the phone, kept, chosen, played, shared ---------------------------------------------------
def test_make_a_three_room_adventure_with_a_made_foe_keep_it_play_it_and_share_it():
    app, store = App(seed_source=3), {}
    start_foe(app, store)
    sent = foe_form(app)
    sent.update({"f.name": "Grik the Sly", "f.hp": "5"})
    keep_foe(app, store, sent)
    grik = next(iter(v for k, v in app.library.items() if k.startswith("item:foe:ads:")))
    from pocketdeck.systems.ads.foecard import made_id as foe_id
    start(app, store)
    row = app.maker.row
    assert row["name"] == "The Drowned Lantern Keep (yours)" and len(row["rooms"]) == 9
    # cut it to three rooms through the form's own verbs: delete rooms 4 to 9
    for _ in range(6):
        tap(app, store, "make-del", "rooms.3", form_of(app))
    sent = form_of(app)
    assert sent["f.rooms.0.solo.0.0"] == "goblin_skirmisher"
    sent.update({"f.name": "Grik's Den", "f.rooms.0.solo.0.0": foe_id(grik), "f.rooms.0.group.0.0": foe_id(grik),
                 "f.rooms.2.boss": "yes", "f.rooms.0.exits.1.0": "K3"})
    keep(app, store, sent)   # K2 leads to K4, gone: refused at its field, the draft kept
    assert app.screen == "make:adventure-ads" and not kept(app)
    assert any("K4" in m for ms in app.maker.problems.values() for m in ms), app.maker.problems
    assert app.maker.row["name"] == "Grik's Den"
    html = app.render()
    assert "Not kept yet" in html and "K4" in html
    sent = form_of(app)
    sent.update({"f.rooms.1.exits.1.0": "K3", "f.rooms.2.exits.1.0": "K2"})
    keep(app, store, sent)
    assert app.screen == "setup:ads_adventure", (app.flash, app.maker and app.maker.problems)
    (key, rec), = kept(app).items()
    assert [f["name"] for f in rec["foes"]] == ["Grik the Sly"] and len(rec["rooms"]) == 3
    html = app.render()
    assert "Grik&#x27;s Den (3 rooms, yours)" in html
    tap(app, store, "new", {"system": "ads_adventure"}, {"adventure": key, "hero": "ready:warrior"})
    session = app.sessions["ads_adventure"]
    assert session.options["adventure"]["id"] == made_id(rec) and session.state["adventure"] == made_id(rec)
    assert "Grik the Sly" in json.dumps(session.state["fight"]["foes"])
    rng = Rng(11)
    while not session.game.is_over(session.state):
        tap(app, store, "play", GAME.sim_choose(session.state, session.game.legal_actions(session.state), rng))
        session = app.sessions["ads_adventure"]
    assert session.state["outcome"] in ("won", "lost")
    assert "Grik" in app.render()
    # saved and replayed like any game, on a page that never saw the adventure made
    from pocketdeck.systems.ads import data
    from pocketdeck.systems.ads.adventure import content
    data._MADE.clear()
    content._MADE.clear()
    again = App(seed_source=9)
    again.restore(dict(store))
    assert again.problems == [] and again.sessions["ads_adventure"].state == session.state
    # shared as a link: checked on arrival (its Foe fought, 24 games), kept in a fresh profile
    data._MADE.clear()
    content._MADE.clear()
    tap(app, store, "lib-share", key)
    fragment = lib.shelf(app).share[1]
    assert fragment.startswith("i=")
    fresh, fstore = App(seed_source=9), {}
    apply(fstore, fresh.open_link(fragment))
    while lib.shelf(fresh).job is not None:
        tap(fresh, fstore, "lib-import-step")
    assert fresh.screen == "library-preview" and "Grik" in fresh.render(), fresh.flash
    tap(fresh, fstore, "lib-take", "take")
    assert [r["name"] for r in kept(fresh).values()] == ["Grik's Den"], fresh.flash
    tap(fresh, fstore, "lib-open", next(iter(kept(fresh))))
    assert fresh.screen == "setup:ads_adventure" and "Grik&#x27;s Den (3 rooms, yours)" in fresh.render()
    tap(fresh, fstore, "new", {"system": "ads_adventure"}, {"adventure": next(iter(kept(fresh))),
                                                            "hero": "ready:mage"})
    assert fresh.sessions["ads_adventure"].state["adventure"] == made_id(rec)


def test_a_made_adventure_record_is_refused_whole_by_the_library_when_changed():
    rec = three_rooms()
    rec["rooms"][0]["gold"] = 99
    with pytest.raises(RecordError):
        read_item(make_item(KIND, rec["name"], rec))


def test_a_draft_is_kept_across_a_reload_until_it_is_kept_or_left():
    app, store = App(seed_source=3), {}
    start(app, store)
    sent = form_of(app)
    sent.update({"f.name": "Half Made"})
    tap(app, store, "make-del", "rooms.8", sent)   # any tap reads what was typed and saves the draft
    assert "ui:maker" in store and store["ui:screen"] == "make:adventure-ads"
    again = App(seed_source=4)
    again.restore(dict(store))
    assert again.problems == [] and again.screen == "make:adventure-ads"
    assert again.maker.row["name"] == "Half Made" and len(again.maker.row["rooms"]) == 8
    assert "Half Made" in again.render()
    tap(again, store, "make-leave")
    assert "ui:maker" not in store
    # a draft that cannot be read is said and kept as it was; the app starts on its home screen
    store["ui:maker"] = '{"kind": "adventure-ads", "row": 3'
    broken = App(seed_source=5)
    broken.restore(dict(store))
    assert broken.maker is None and any("ui:maker" in p for p in broken.problems)


def test_the_largest_adventure_a_link_carries_is_checked_in_slices_and_a_larger_one_refused():
    """16 rooms (the spec's most) as one link: within the Library's 20,000 characters it is
    checked a game at a time (one slice of the page's work per game), and grown past them it
    is refused by its size before any game."""
    from pocketdeck.core.limits import MAX_RECORD_CHARS
    from pocketdeck.core.records import named_function
    keep = record_of("lantern_keep")["rooms"]
    rooms = []
    for i in range(MAX_ROOMS):
        src = copy.deepcopy(keep[i % 2])  # the gate (Foes) and the stair (an obstacle), in turn
        src.update(id=f"R{i}", exits=[[f"R{i + 1}", "on"]] + ([[f"R{i - 1}", "back"]] if i else []),
                   text="x" * 120)
        if src.get("obstacle"):
            src["obstacle"].pop("blocks", None)
        rooms.append(src)
    rooms[-1].update(exits=[[f"R{MAX_ROOMS - 2}", "back"]], boss=True, solo=[["bandit", 1]],
                     group=[["bandit", 2]])
    rec = {"name": "The Longest Way", "text": "y" * 300, "start": "R0", "rooms": rooms}
    rec["id"] = made_id(rec)
    assert made_problems(rec) == []
    item = make_item(KIND, rec["name"], rec)
    text = json.dumps(item)
    assert len(text) < MAX_RECORD_CHARS
    # checked a game at a time: the page runs each slice and gives itself back between them
    steps, slices = named_function(KIND.arrival)(item_from_link(item_link(item))["data"]), 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            assert done.value == []
            break
        slices += 1
    assert slices == made.GAMES == made.work(rec)
    # past the Library's size (here by the opening words alone) it is refused before any game
    rec["text"] = "y" * MAX_RECORD_CHARS
    rec["id"] = made_id(rec)
    with pytest.raises(RecordError, match="characters"):
        item_from_link(item_link(make_item(KIND, rec["name"], rec)))


@pytest.mark.parametrize("chosen", [["lantern_keep"], 7, None, {"rooms": 1}, "the_tarrasque_lair", 1.5])
def test_a_game_option_naming_no_adventure_is_refused_in_words(chosen):
    with pytest.raises(IllegalAction, match="adventure"):
        GAME.new_game({"adventure": chosen}, seed=1)
