"""Issue 49, the ADS Foe made on the phone (ui/make/foe.py, systems/ads/foecard.py, made.py):
made from a copy, refused field by field with the draft kept, played before it is kept (The
Foe Card: "All 6 Rounds are represented somewhere on the Foe's Action section"; Playing Foes
and NPCs), kept in the Library as kind foe:ads with the Library's trust rules, offered in the
ADS Foe picker as yours, fought, saved and replayed with the card the game started with,
shared as a link and checked again in a fresh profile."""

from __future__ import annotations

import copy
import json

import pytest

from library_samples import made_foe
from test_library import apply, tap
from test_make_form import sent_of

from pocketdeck.core.records import (RecordError, export_file, get_kind, item_from_link, item_link, make_item,
                                     read_item, read_stored)
from pocketdeck.core.saves import from_json, from_link, to_link
from pocketdeck.form import fields
from pocketdeck.systems.ads import data, made
from pocketdeck.systems.ads.foecard import FOE, made_id, made_problems
from pocketdeck.systems.ads.sim import choose
from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.make.foe import LABELS

KIND = get_kind("foe", "ads")


def form_of(app: App) -> dict:
    """What the page sends from the maker's form (every named field, web/boot.js "*")."""
    kind_spec = FOE
    return sent_of(fields(kind_spec, app.maker.row, LABELS))


def start(app: App, store: dict, ref: str = "goblin_skirmisher") -> None:
    tap(app, store, "setup", "ads")
    tap(app, store, "make", {"kind": "foe-ads", "field": "foe"}, {"foe": ref})
    assert app.screen == "make:foe-ads", app.flash


def keep(app: App, store: dict, sent: dict) -> None:
    """Keep, and the slices the page runs after it (web/main.py run_job) to their end."""
    tap(app, store, "make-keep", "", sent)
    while lib.shelf(app).job is not None:
        tap(app, store, "lib-import-step")


def kept_foes(app: App) -> dict:
    return {k: r for k, r in app.library.items() if k.startswith(KIND.prefix)}


def a_card(**change) -> dict:
    card = dict(copy.deepcopy(data.foes()["goblin_skirmisher"]), **change)
    card["id"] = made_id(card)
    return card


# -- made from a copy --------------------------------------------------------------------------------
def test_make_your_own_opens_a_copy_with_a_new_id_and_name():
    app, store = App(seed_source=3), {}
    start(app, store)
    row = app.maker.row
    assert row["name"] == "Goblin Skirmisher (yours)" and row["id"] == made_id(row) != "goblin_skirmisher"
    assert {k: v for k, v in row.items() if k not in ("id", "name")} == \
        {k: v for k, v in data.foes()["goblin_skirmisher"].items() if k not in ("id", "name")}
    html = app.render()
    assert "Make your own ADS Foe" in html and 'value="Goblin Skirmisher (yours)"' in html
    assert html.count("data-prompt") == 1 and store == {"ui:screen": "setup:ads"} or "ui:screen" in store


def test_keep_a_changed_copy_then_fight_it_from_the_picker_to_the_end_and_replay_it():
    app, store = App(seed_source=3), {}
    start(app, store)
    sent = form_of(app)
    sent.update({"f.name": "Grik the Sly", "f.hp": "5"})
    keep(app, store, sent)
    assert app.flash[0] == "info" and "Kept: Grik the Sly" in app.flash[1] and app.screen == "setup:ads"
    (key, card), = kept_foes(app).items()
    assert card["hp"] == 5 and card["id"] == made_id(card) and key in store
    picker = app.render()
    assert f'<option value="{key}" selected>Grik the Sly (L1, 5 HP, yours)</option>' in picker
    assert "Your own Foes" in picker
    tap(app, store, "new", {"system": "ads"}, {"foe": key, "deck": "warrior", "mode": "simple"})
    session = app.sessions["ads"]
    assert session.options["card"] == card and session.state["foes"][0]["name"] == "Grik the Sly"
    rng = Rng(11)
    while not session.game.is_over(session.state):
        legal = session.game.legal_actions(session.state)
        tap(app, store, "play", choose(session.state, legal, rng))
        session = app.sessions["ads"]
    assert session.state["outcome"] in ("won", "lost", "fled")
    assert "Grik the Sly" in app.render()
    # saved and replayed like any game, on a page that never saw the Foe made
    data._MADE.clear()
    again = App(seed_source=9)
    again.restore(dict(store))
    assert again.problems == [] and again.sessions["ads"].state == session.state
    linked = from_link(to_link(session))
    assert linked.state == session.state


def test_a_game_keeps_the_foe_it_was_started_with_when_the_foe_is_edited_later():
    app, store = App(seed_source=3), {}
    card = made_foe("Grik", hp=4)
    apply(store, lib.add(app, make_item(KIND, card["name"], card)))
    key = next(iter(kept_foes(app)))
    tap(app, store, "setup", "ads")
    tap(app, store, "new", {"system": "ads"}, {"foe": key})
    before = copy.deepcopy(app.sessions["ads"].state)
    # made again from the kept one, stronger, kept under a new entry; the game is unchanged
    start(app, store, key)
    sent = form_of(app)
    sent.update({"f.hp": "9"})
    keep(app, store, sent)
    assert len(kept_foes(app)) == 2
    game = app.sessions["ads"]
    assert game.state == before and game.options["card"]["hp"] == 4
    assert from_json(store["game:ads"]).state["foes"][0]["max_hp"] == 4


# -- refused, field by field, the draft kept ------------------------------------------------------------
def test_a_refused_foe_keeps_its_draft_and_names_each_wrong_field():
    app, store = App(seed_source=3), {}
    start(app, store)
    sent = form_of(app)
    sent.update({"f.hp": "120", "f.xp": "2.5", "f.name": "<script>alert(1)</script>",
                 "f.actions.0.outcomes.0.match": "^^^", "f.reactions.0.outcomes.0.defense": "lots"})
    before = dict(store)
    keep(app, store, sent)
    # nothing kept; only the draft, as typed, is saved for a reload (ui:maker)
    assert {k: v for k, v in store.items() if k != "ui:maker"} == {k: v for k, v in before.items() if k != "ui:maker"}
    assert json.loads(store["ui:maker"])["row"] == app.maker.row
    assert not kept_foes(app) and app.screen == "make:foe-ads"
    assert app.flash == ("error", "Not kept: 4 problems, each shown beside its field.")
    assert app.maker.problems == {
        "hp": ["Hit Points (HP) must be an int from 1 to 99, not 120"],
        "xp": ["Experience (XP) must be an int from 1 to 99, not '2.5'"],
        "actions.0.outcomes.0.match": ["Up/Down pattern: pattern '^^^' does not have Draw 2 symbols"],
        "reactions.0.outcomes.0.defense": ["Defense: a reaction needs kind armor/shield/ward and a defense formula"]}
    html = app.render()
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'id="mk-hp" value="120"' in html and 'aria-invalid="true"' in html
    assert "Action 1 \u203a Outcome 1: Up/Down pattern" in html
    sent = form_of(app)
    sent.update({"f.hp": "6", "f.xp": "2", "f.actions.0.outcomes.0.match": "^v"})
    keep(app, store, sent)
    assert app.maker.problems == {"reactions.0.outcomes.0.defense": [
        "Defense: a reaction needs kind armor/shield/ward and a defense formula"]}
    sent = form_of(app)
    sent["f.reactions.0.outcomes.0.defense"] = "R"
    keep(app, store, sent)
    (card,) = kept_foes(app).values()
    assert card["name"] == "<script>alert(1)</script>" and card["hp"] == 6
    assert "&lt;script&gt;" in app.render() and "<script>alert" not in app.render()


def opened(name: str) -> tuple[App, dict, dict]:
    """A phone with the Goblin Skirmisher's copy open in the form, its name typed over."""
    app, store = App(seed_source=3), {}
    start(app, store)
    sent = form_of(app)
    sent["f.name"] = name
    return app, store, sent


def test_keep_plays_the_fights_in_slices_with_a_progress_line_and_cancel_keeps_nothing():
    app, store, sent = opened("Slow Grik")
    tap(app, store, "make-keep", "", sent)
    assert app.screen == "library-progress" and not kept_foes(app)
    tap(app, store, "lib-import-step")  # one slice: a fight at least, about 50 ms
    done, total = lib.shelf(app).progress
    assert 1 <= done <= total == 24
    html = app.render()
    assert "Keep the ADS Foe" in html and f"Checking the ADS Foe by the rules: {done:,} of 24 fights" in html
    tap(app, store, "lib-import-cancel")
    assert app.screen == "make:foe-ads" and app.maker.row["name"] == "Slow Grik" and not kept_foes(app)
    assert app.flash == ("info", "Cancelled: nothing of the ADS Foe was kept.")
    keep(app, store, form_of(app))
    assert [c["name"] for c in kept_foes(app).values()] == ["Slow Grik"] and app.screen == "setup:ads"


def test_lists_grow_and_shrink_and_what_was_typed_stays():
    app, store, sent = opened("Typed before Add")
    tap(app, store, "make-add", "actions.1.outcomes", sent)
    assert app.maker.row["name"] == "Typed before Add" and len(app.maker.row["actions"][1]["outcomes"]) == 2
    assert app.maker.focus == "actions.1.outcomes.1"
    html = app.render()
    assert html.count("data-prompt") == 1 and 'id="mk-actions-1-outcomes-1" data-prompt' in html
    tap(app, store, "make-del", "actions.1.outcomes.1", form_of(app))
    assert len(app.maker.row["actions"][1]["outcomes"]) == 1
    for _ in range(3):
        tap(app, store, "make-add", "actions", form_of(app))
    assert len(app.maker.row["actions"]) == 6 and "Add an Action" not in app.render().split("Reactions")[0]
    tap(app, store, "make-add", "actions", form_of(app))
    assert app.flash[0] == "error" and len(app.maker.row["actions"]) == 6
    tap(app, store, "make-leave")
    assert app.maker is None and app.screen == "setup:ads" and not kept_foes(app)


# -- playable -----------------------------------------------------------------------------------------------
def test_a_foe_that_cannot_act_on_a_round_is_refused_naming_the_round():
    card = a_card(actions=[{"rounds": [1, 2, 3, 4, 5], "draw": 1, "failure": "base", "outcomes": []},
                           {"rounds": [6], "draw": 1, "failure": "nothing", "outcomes": []}])
    assert made.playability(card) == [
        "the Foe can never act on Round 6: its action has no outcome but Move (nothing in Simple play) and its failure does nothing"]
    gap = a_card(actions=[{"rounds": [1, 2, 3, 4, 5], "draw": 1, "failure": "base", "outcomes": []}])
    assert made.playability(gap) == ["foe: its actions must cover all 6 Rounds"]
    idle = a_card(base_damage=0, actions=[{"rounds": [1, 2, 3, 4, 5, 6], "draw": 1, "failure": "base",
                                           "outcomes": []}])
    assert len(made.playability(idle)) == 6


def test_a_foe_no_character_can_defeat_is_refused_saying_why():
    wall = a_card(hp=99, reactions=[{"rounds": [1, 2, 3, 4, 5, 6], "draw": 1, "outcomes": [
        {"match": "*", "name": "Wall", "kind": "armor", "defense": "20"}]}])
    assert made.playability(wall) == ["none of 24 fights by the ready-made characters defeated it: it cannot be "
                                      "defeated (fewer Hit Points, weaker Reactions)"]
    app, store = App(seed_source=3), {}
    start(app, store)
    app.maker.row = copy.deepcopy(wall)
    keep(app, store, form_of(app))
    assert not kept_foes(app) and app.maker is not None and app.maker.row["hp"] == 99
    assert "cannot be defeated" in app.flash[1] and "cannot be defeated" in app.render()


def test_an_error_of_the_rules_in_a_fight_refuses_the_foe(monkeypatch):
    def broken(*a, **k):
        raise ZeroDivisionError("a rule tripped")
    monkeypatch.setattr(made.GAME, "sim_choose", broken)
    assert made.playability(a_card(name="Odd")) == [
        "fight 1 of 24 against it stopped with an error (ZeroDivisionError: a rule tripped)"]


@pytest.mark.parametrize("fid", sorted(data.foes()))
def test_every_foe_of_ours_copied_is_playable(fid):
    card = copy.deepcopy(data.foes()[fid])
    card["id"] = made_id(card)
    assert made.playability(card) == []


# -- the Library kind: checked, kept, exported, shared, trusted ------------------------------------------------
def hostile_cards() -> list[tuple[str, dict]]:
    good = made_foe()
    out = []
    def forged(why, **change):
        card = dict(copy.deepcopy(good), **change)
        out.append((why, card))
    forged("a float for an int", hp=4.0)
    forged("a number out of range", level=11)
    forged("seven Actions", actions=good["actions"] * 3)
    forged("a field no Foe has", secret="x")
    forged("a control character in a name", name="Grik\u202e")
    forged("an unknown trait", traits=[["flying", 1]])
    forged("a pattern longer than its Draw", actions=[dict(good["actions"][0], draw=1)] + good["actions"][1:])
    for _, card in out:
        card["id"] = made_id(card)
    return out


@pytest.mark.parametrize("why,card", hostile_cards(), ids=[w for w, _ in hostile_cards()])
def test_a_hostile_foe_is_refused_by_every_door_and_nothing_kept_changes(why, card):
    assert made_problems(card), why
    app, store = App(seed_source=3), {}
    good = made_foe("Kept before")
    apply(store, lib.add(app, make_item(KIND, good["name"], good)))
    before = dict(store)
    item = make_item(KIND, str(card["name"])[:40] if isinstance(card["name"], str) else "x", card)
    with pytest.raises(RecordError):
        read_item(item)
    apply(store, lib.import_text(app, export_file([item], "x")))
    assert store == before and "1 refused" in app.flash[1]
    apply(store, app.open_link(item_link(item)))
    assert store == before and app.screen != "library-preview"
    # a game link whose options carry the forged card is refused too
    with pytest.raises(Exception):
        from pocketdeck.core.game import get_game
        get_game("ads").new_game({"foe": card["id"], "card": card}, 1)


def test_a_games_foe_is_named_by_the_hash_of_its_card_and_a_kept_foe_gets_its_id_anew():
    from pocketdeck.core.game import IllegalAction, get_game
    stale = dict(made_foe(), hp=7)  # changed after its id was given
    with pytest.raises(IllegalAction, match="id is the hash of its card"):
        get_game("ads").new_game({"foe": stale["id"], "card": stale}, 1)
    assert made_problems(stale) == []  # as a Library record it is a good Foe: renamed, duplicated
    app, store = App(seed_source=3), {}
    apply(store, lib.add(app, make_item(KIND, stale["name"], stale)))
    key = next(iter(kept_foes(app)))
    tap(app, store, "lib-dup", key)
    assert sorted(c["name"] for c in kept_foes(app).values()) == ["Grik the Sly", "Grik the Sly (copy)"]
    copy_key = next(k for k, c in kept_foes(app).items() if c["name"].endswith("(copy)"))
    tap(app, store, "setup", "ads")
    tap(app, store, "new", {"system": "ads"}, {"foe": copy_key})
    card = app.sessions["ads"].options["card"]
    assert card["id"] == made_id(card) and card["hp"] == 7 and card["name"] == "Grik the Sly (copy)"
    again = App(seed_source=5)
    again.restore(dict(store))
    assert again.problems == []


def test_an_unplayable_foe_from_outside_is_refused_but_a_stored_one_is_read_back_without_fights():
    wall = a_card(hp=99, name="Wall", reactions=[{"rounds": [1, 2, 3, 4, 5, 6], "draw": 1, "outcomes": [
        {"match": "*", "name": "Wall", "kind": "armor", "defense": "20"}]}])
    item = make_item(KIND, "Wall", wall)
    with pytest.raises(RecordError, match="cannot be defeated"):
        item_from_link(item_link(item))
    # the phone's own entry was played when kept; at start-up it is read by its record check alone
    assert read_stored(KIND.prefix + "wall", json.dumps(item))["data"] == wall


def test_a_made_foe_is_shared_as_a_link_and_kept_in_a_fresh_profile_after_its_checks():
    me, mine = App(seed_source=3), {}
    card = made_foe("Grik the Sly")
    apply(mine, lib.add(me, make_item(KIND, card["name"], card)))
    key = next(iter(kept_foes(me)))
    tap(me, mine, "lib-share", key)
    fragment = lib.shelf(me).share[1]
    assert fragment.startswith("i=")
    friend, theirs = App(seed_source=8), {}
    data._MADE.clear()
    apply(theirs, friend.open_link(fragment))
    assert friend.screen == "library-preview" and "A shared ADS Foe" in friend.render()
    tap(friend, theirs, "lib-take", "take")
    assert list(kept_foes(friend).values()) == [card]
    tap(friend, theirs, "lib-open", next(iter(kept_foes(friend))))
    assert friend.screen == "setup:ads" and "Grik the Sly (L1, 4 HP, yours)" in friend.render()
    assert "Fight your Foe now" in friend.render()  # the next step: one tap to a fight against it
    tap(friend, theirs, "new", {"system": "ads", "options": {"deck": "mage"}},
        {"quick": "yes", "yours": next(iter(kept_foes(friend)))})
    fight = friend.sessions["ads"]
    assert fight.state["foes"][0]["name"] == "Grik the Sly" and fight.options["card"]["name"] == "Grik the Sly"
    assert len(fight.actions) == 4  # Play now's suggested starting hand


def test_the_library_exports_and_imports_made_foes_with_the_rest():
    app, store = App(seed_source=3), {}
    card = made_foe()
    apply(store, lib.add(app, make_item(KIND, card["name"], card)))
    text = export_file([lib.item_of(app, k) for k in kept_foes(app)], "2026-12-07")
    other, kept = App(seed_source=4), {}
    apply(kept, lib.import_text(other, text))
    assert list(kept_foes(other).values()) == [card] and "1 added" in other.flash[1]
    tap(other, kept, "lib")
    assert "Grik the Sly</span></label> <span class=\"muted\">level 1, 4 HP</span>" in other.render()


def test_the_home_screen_loads_no_maker():
    """Start-up matters: the maker's modules load when it is opened, not with the home screen."""
    import subprocess
    import sys
    from pathlib import Path
    code = ("import sys; from pocketdeck.ui.app import App; App().render(); "
            "print(sorted(m for m in sys.modules if m.startswith(('pocketdeck.ui.make', 'pocketdeck.form'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).parents[1] / "engine").stdout
    assert out.strip() == "[]"


def test_an_import_counts_each_made_foes_fights_against_the_work_budget():
    """Each made Foe from outside is fought 24 times (about ten moves' work a fight): a file
    of 17 asks for more than one import checks, and is refused whole before any fight."""
    from pocketdeck.core.records import MAX_IMPORT_WORK, file_work
    items = [make_item(KIND, f"Grik {n}", made_foe(f"Grik {n}")) for n in range(17)]
    assert file_work(items[:16]) <= MAX_IMPORT_WORK < file_work(items)
    app, store = App(seed_source=3), {}
    apply(store, lib.import_text(app, export_file(items, "x")))
    assert not kept_foes(app) and "import them in parts" in app.flash[1]
