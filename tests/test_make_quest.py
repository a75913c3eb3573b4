"""Issue 49, the P52 quest made on the phone (ui/make/quest.py, systems/p52/enemycard.py,
made.py): the spec that checks quests.toml checks a made quest too (P52: Choose a Quest),
made from a copy with the player's own enemy, carried by the quest (prepare), refused field
by field with nothing kept, played before it is kept, offered at Choose a Quest beside ours,
replayed to the same state, and checked on arrival."""

from __future__ import annotations

import copy

import pytest

from library_samples import made_enemy, made_quest
from test_library import apply, tap
from test_make_foe import keep
from test_make_form import sent_of

from pocketdeck.content import load
from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.records import RecordError, export_file, get_kind, item_from_link, item_link, make_item, read_item
from pocketdeck.core.saves import from_link, to_link
from pocketdeck.form import fields
from pocketdeck.systems.p52 import data, made
from pocketdeck.systems.p52.enemycard import QUEST, check_quest_rows, quest_id, quest_made_problems, quest_problems
from pocketdeck.ui.app import App
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.make import quest as maker

KIND = get_kind("quest", "p52")
ENEMY_KIND = get_kind("enemy", "p52")
GAME = get_game("p52")


def form_of(app: App) -> dict:
    return sent_of(fields(maker.spec_for(app), app.maker.row, maker.labels_for(app)))


def kept(app: App) -> dict:
    return {k: r for k, r in app.library.items() if k.startswith(KIND.prefix)}


def test_the_spec_checks_quests_toml():
    raw = load("p52/quests.toml")
    assert check_quest_rows(raw["quest"]) == [] and QUEST.strict
    bad = copy.deepcopy(raw["quest"])
    bad[0]["rooms"] = 3
    assert any("only a Survival quest sets its number of rooms" in p for p in check_quest_rows(bad))


@pytest.mark.parametrize("change,path,rule", [
    ({"kind": "big_boss", "rooms": 4}, "rooms", "Choose a Quest: Survival"),
    ({"enemies": ["yours_nothing"]}, "enemies.0", "names no enemy the quest carries"),
    ({"cards": [made_enemy(), made_enemy("Second Hexer")],
      "enemies": [made_enemy()["id"], made_enemy("Second Hexer")["id"]]}, "enemies.1", "Enemies table"),
    ({"enemies": [], "cards": [made_enemy()]}, "cards.0", "carries only the enemies it names"),
])
def test_cross_field_checks_name_the_field_and_the_book_rule(change, path, rule):
    q = dict(made_quest(), **change)
    found = dict(quest_problems(q))
    assert path in found and rule in found[path], found


def test_make_a_quest_with_your_enemy_keep_play_it_to_the_end_and_replay():
    app, store = App(seed_source=3), {}
    hexer = made_enemy()
    apply(store, lib.add(app, make_item(ENEMY_KIND, hexer["name"], hexer)))
    tap(app, store, "setup", "p52")
    tap(app, store, "make", {"kind": "quest-p52", "field": "quest_from"}, {"quest_from": "survival"})
    assert app.screen == "make:quest-p52" and app.maker.row["kind"] == "survival"
    # its enemies' tick boxes say which enemy in words, not its id (the browser test ticks it by them)
    html = app.render()
    assert f'value="{hexer["id"]}">{hexer["name"]} (Queen, yours)</label>' in html
    assert f'>{hexer["id"]}</label>' not in html
    tap(app, store, "make-add", "enemies", form_of(app))
    sent = form_of(app)
    assert sent["f.enemies"] == [hexer["id"]]
    sent.update({"f.name": "The Fen Siege", "f.rooms": "9", "f.blurb": "<img src=x onerror=alert(1)>"})
    keep(app, store, sent)
    assert not kept(app) and app.maker.problems["rooms"] == ["Rooms must be an int from 2 to 6, not 9"]
    assert "<img src=x" not in app.render()
    sent = form_of(app)
    sent["f.rooms"] = "2"
    keep(app, store, sent)
    (key, quest), = kept(app).items()
    assert quest["cards"] == [hexer] and quest["enemies"] == [hexer["id"]] and quest["id"] == quest_id(quest)
    html = app.render()
    assert app.screen == "setup:p52" and "Play now plays your quest" in html
    # Play now plays the quest kept: the first quest's start (one room, one Skulker) is not offered beside it
    assert 'data-fill="quick_first' not in html and "Play now: your first quest" not in html
    tap(app, store, "new", {"system": "p52"}, {"quick_one": "1", "p52_quest": key, "p52_enemies": []})
    session = app.sessions["p52"]
    assert session.options["quest"] == quest and session.state["quest"].get("yours")
    assert session.state["quest"]["name"] == "The Fen Siege" and session.state["quest"]["rooms_total"] == 2
    from pocketdeck.core.rng import Rng
    rng = Rng(2)
    while not GAME.is_over(session.state):
        session.play(GAME.sim_choose(session.state, GAME.legal_actions(session.state), rng))
    assert from_link(to_link(session)).state == session.state


def test_choose_a_quest_offers_yours_beside_ours():
    from pocketdeck.core.rng import Rng
    state = GAME.new_game({"new_characters": 1, "quest": made_quest()}, 4)
    rng = Rng(1)
    while state["phase"] == "creation":
        state = GAME.apply(state, GAME.sim_choose(state, GAME.legal_actions(state), rng))
    quests = [a["quest"] for a in GAME.legal_actions(state) if a["type"] == "quest"]
    assert quests == ["big_boss", "survival", "trapped", "treasure", "yours", "flip"]
    assert "Your quest: The Fen Siege" in [x["label"] for x in GAME.view(state, "player")["actions"]]


def hostile_quests() -> list[tuple[str, dict]]:
    good = made_quest()
    out = []
    def forged(why, **change):
        out.append((why, dict(copy.deepcopy(good), **change)))
    forged("script in the name", name="<script>x</script>" * 3)
    forged("rooms out of range", rooms=60)
    forged("10,000 enemies", enemies=["x"] * 10_000)
    forged("an enemy that refers to nothing", enemies=["yours_0000000000000000"])
    forged("an unknown quest kind", kind="dragon_hunt")
    forged("a carried enemy out of range", cards=[dict(made_enemy(), exp=500)])
    forged("a field no quest has", secret=1)
    for _, q in out:
        q["id"] = quest_id(q)
    return out


@pytest.mark.parametrize("why,quest", hostile_quests(), ids=[w for w, _ in hostile_quests()])
def test_a_hostile_quest_is_refused_by_every_door_and_nothing_kept_changes(why, quest):
    assert quest_made_problems(quest), why
    app, store = App(seed_source=3), {}
    before = dict(store)
    item = make_item(KIND, "Forged", quest)
    with pytest.raises(RecordError):
        read_item(item)
    apply(store, lib.import_text(app, export_file([item], "x")))
    assert store == before and "1 refused" in app.flash[1]
    apply(store, app.open_link(item_link(item)))
    assert store == before and app.screen != "library-preview"
    with pytest.raises(IllegalAction):
        GAME.new_game({"new_characters": 1, "quest": quest}, 1)


def test_a_quest_link_is_checked_on_arrival(monkeypatch):
    quest = made_quest()
    assert item_from_link(item_link(make_item(KIND, quest["name"], quest)))["data"] == quest
    monkeypatch.setattr(made, "GAMES", 0)  # its enemy never met: refused as it arrives
    with pytest.raises(RecordError, match="its enemy Hexer of the Fen"):
        item_from_link(item_link(make_item(KIND, quest["name"], quest)))


def test_our_quests_copied_are_playable():
    for qid in data.quests():
        q = dict(copy.deepcopy(data.quests()[qid]), kind=qid, name=f"{qid} (yours)")
        q["id"] = quest_id(q)
        assert made.quest_playability(q) == []
