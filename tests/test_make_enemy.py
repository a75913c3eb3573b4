"""Issue 49, the P52 enemy made on the phone (ui/make/enemy.py, systems/p52/enemycard.py,
made.py): the spec that checks enemies.toml checks a made enemy too (P52: Enemies table,
Attack/Item Range), made from a copy, refused field by field with nothing kept, played before
it is kept, kept as kind enemy:p52 with the Library's trust rules, offered in the P52 setup as
yours, carried by the game's options so a replay gives the same state, and checked on arrival."""

from __future__ import annotations

import copy
import json

import pytest

from library_samples import made_enemy
from test_library import apply, tap
from test_make_foe import keep
from test_make_form import sent_of

from pocketdeck.content import load
from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.records import (RecordError, export_file, get_kind, item_from_link, item_link, make_item,
                                     read_item, read_stored)
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import from_link, to_link
from pocketdeck.form import fields
from pocketdeck.systems.p52 import data, made
from pocketdeck.systems.p52.enemycard import ENEMY, check_enemy_rows, enemy_problems, made_id, made_problems
from pocketdeck.ui.app import App
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.make.enemy import LABELS

KIND = get_kind("enemy", "p52")
GAME = get_game("p52")


def form_of(app: App) -> dict:
    return sent_of(fields(ENEMY, app.maker.row, LABELS))


def start(app: App, store: dict, ref: str = "Q") -> None:
    tap(app, store, "setup", "p52")
    tap(app, store, "make", {"kind": "enemy-p52", "field": "enemy_from"}, {"enemy_from": ref})
    assert app.screen == "make:enemy-p52", app.flash


def kept(app: App) -> dict:
    return {k: r for k, r in app.library.items() if k.startswith(KIND.prefix)}


def an_enemy(card: str = "Q", **change) -> dict:
    e = dict(copy.deepcopy(data.enemies()["by_card"][card]), **change)
    e["id"] = made_id(e)
    return e


# -- one spec: enemies.toml and a made enemy --------------------------------------------------------------
def test_the_spec_checks_enemies_toml_and_each_of_ours_is_a_good_made_one():
    raw = load("p52/enemies.toml")
    assert check_enemy_rows(raw["enemy"]) == []
    assert ENEMY.strict and {k for e in raw["enemy"] for k in e} <= set(ENEMY.schema)
    for card in "JQK":
        assert made_problems(an_enemy(card)) == []
    bad = copy.deepcopy(raw["enemy"])
    bad[0]["move"] = 40
    bad[1]["secret"] = 1
    found = check_enemy_rows(bad)
    assert "enemy J: 'move' must be an int from 0 to 6, not 40" in found
    assert "enemy Q: unknown key(s) secret" in found


@pytest.mark.parametrize("change,path,rule", [
    ({"hp": "Lv*R"}, "hp", "Enemies table: HP is set when the enemy appears"),
    ({"hp": "Lv-5"}, "hp", "at least 1 HP at every average level"),
    ({"target": "Over+3"}, "target", "the target is known before the flip"),
    ({"damage": "Lv**2"}, "damage", "only whole numbers"),
    ({"damage": "99999*Lv"}, "damage", "Enemies table"),
    ({"rtype": "melee", "range": 3}, "range", "Attack/Item Range"),
    ({"rtype": "ranged", "range": 0}, "range", "Attack/Item Range"),
    ({"name": "Hex\u202eer"}, "name", "text-direction"),
])
def test_cross_field_checks_name_the_field_and_the_book_rule(change, path, rule):
    found = dict(enemy_problems(an_enemy("Q", **change)))
    assert path in found and rule in found[path], found


# -- made from a copy, refused field by field, kept ------------------------------------------------------
def test_make_from_a_copy_refuse_hostile_fields_then_keep_and_play_it_from_the_setup():
    app, store = App(seed_source=3), {}
    start(app, store)
    assert app.maker.row["name"] == "Hexer (yours)" and app.maker.row["id"] == made_id(app.maker.row)
    html = app.render()
    assert "Make your own P52 enemy" in html and "Face card" in html
    sent = form_of(app)
    sent.update({"f.name": "<script>alert(1)</script>", "f.move": "99", "f.hp": "Lv*R", "f.range": "0"})
    before = dict(store)
    keep(app, store, sent)
    assert not kept(app) and {k: v for k, v in store.items() if k != "ui:maker"} == \
        {k: v for k, v in before.items() if k != "ui:maker"}
    problems = app.maker.problems
    assert problems["move"] == ["Move must be an int from 0 to 6, not 99"]
    html = app.render()
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    sent = form_of(app)
    sent.update({"f.move": "2", "f.hp": "Lv*7", "f.range": "2"})
    keep(app, store, sent)
    (key, card), = kept(app).items()
    assert app.screen == "setup:p52" and card["hp"] == "Lv*7" and card["id"] == made_id(card)
    html = app.render()
    assert "(yours;" in html and "Make your own from this enemy" in html and "Play now plays your enemy" in html
    # a game with it: the option carries the row, the Queens turn over as it
    tap(app, store, "new", {"system": "p52"}, {"quick_one": "1", "p52_enemies": [key], "p52_quest": ""})
    session = app.sessions["p52"]
    assert session.options["enemies"] == [card]
    rng = Rng(5)
    for _ in range(4000):
        if GAME.is_over(session.state):
            break
        session.play(GAME.sim_choose(session.state, GAME.legal_actions(session.state), rng))
    assert GAME.is_over(session.state)
    again = from_link(to_link(session))
    assert again.state == session.state  # replayed from its options alone


def test_a_game_keeps_the_enemy_it_started_with():
    card = an_enemy("J", name="Fen Skulker", hp="Lv*2")
    state = GAME.new_game({"new_characters": 1, "enemies": [card]}, 3)
    assert data.enemy_row(state, "J") == card and data.enemy_row(state, "Q")["name"] == "Hexer"
    with pytest.raises(IllegalAction, match="id is the hash"):
        GAME.new_game({"new_characters": 1, "enemies": [dict(card, hp="Lv*3")]}, 3)
    with pytest.raises(IllegalAction, match="one face card"):
        GAME.new_game({"new_characters": 1, "enemies": [card, an_enemy("J", name="Other")]}, 3)


# -- playable ------------------------------------------------------------------------------------------------
def test_every_enemy_of_ours_copied_is_playable():
    for card in "JQK":
        assert made.playability(an_enemy(card, name=f"Copy {card}")) == []


def test_an_error_of_the_rules_in_a_session_refuses_the_enemy(monkeypatch):
    def broken(*a, **k):
        raise ZeroDivisionError("a rule tripped")
    monkeypatch.setattr(made.GAME, "sim_choose", broken)
    assert made.playability(an_enemy()) == [
        f"game 1 of {made.GAMES} with it stopped with an error (ZeroDivisionError: a rule tripped)"]


# -- the Library kind: hostile input by every door -----------------------------------------------------------
def hostile_cards() -> list[tuple[str, dict]]:
    good = made_enemy()
    out = []
    def forged(why, **change):
        out.append((why, dict(copy.deepcopy(good), **change)))
    forged("script in the name and a number out of range", name="<script>x</script>", exp=1000)
    forged("a float for an int", move=1.0)
    forged("an unknown face card", card="A")
    forged("a field no enemy has", secret="x")
    forged("a formula that reads nothing it may", hp="Lv*Over")
    forged("10,000 characters of formula", damage="1+" * 5000)
    forged("a control character in a name", name="Hexer\u202e")
    forged("defence out of range", defence={"magic": 9, "melee": 0, "ranged": 0})
    for _, card in out:
        card["id"] = made_id(card)
    return out


@pytest.mark.parametrize("why,card", hostile_cards(), ids=[w for w, _ in hostile_cards()])
def test_a_hostile_enemy_is_refused_by_every_door_and_nothing_kept_changes(why, card):
    assert made_problems(card), why
    app, store = App(seed_source=3), {}
    good = made_enemy("Kept before")
    apply(store, lib.add(app, make_item(KIND, good["name"], good)))
    before = dict(store)
    item = make_item(KIND, "Forged", card)
    with pytest.raises(RecordError):
        read_item(item)
    apply(store, lib.import_text(app, export_file([item], "x")))
    assert store == before and "1 refused" in app.flash[1]
    apply(store, app.open_link(item_link(item)))
    assert store == before and app.screen != "library-preview"
    with pytest.raises(IllegalAction):
        GAME.new_game({"new_characters": 1, "enemies": [card]}, 1)


def test_a_link_is_checked_on_arrival_and_a_stored_one_is_read_back_without_sessions(monkeypatch):
    card = made_enemy()
    assert item_from_link(item_link(make_item(KIND, card["name"], card)))["data"] == card
    monkeypatch.setattr(made, "GAMES", 0)  # no session turns it over: refused as it arrives
    with pytest.raises(RecordError, match="turned it over"):
        item_from_link(item_link(make_item(KIND, card["name"], card)))
    assert read_stored(KIND.prefix + "hexer", json.dumps(make_item(KIND, card["name"], card)))["data"] == card
