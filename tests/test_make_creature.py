"""Issue 49, the DofA creature the GM makes (ui/make/creature.py, systems/dofa_gm/creaturecard.py,
made.py): one spec checks content/dofa-gm/bestiary.toml and a made creature alike, with the
books' rules across fields (PG, Dealers, NPCs and Companions; Health and Armor; GMG,
Character Types; Managing Player Resources); made from a copy, refused field by field with
the draft kept, played in 24 games of the GM's table before it is kept, kept as Library kind
creature:dofa-gm with the Library's trust rules, offered at the GM's table as yours, played,
saved and replayed with the card the game took, shared as a link and checked on arrival."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import pytest

from library_samples import made_creature
from test_library import apply, tap
from test_make_foe import keep
from test_make_form import sent_of

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.records import (MAX_IMPORT_WORK, RecordError, export_file, file_work, get_kind,
                                     item_from_link, item_link, make_item, read_item, read_stored)
from pocketdeck.core.saves import from_json, from_link, to_link
from pocketdeck.form import fields
from pocketdeck.systems.dofa_gm import made
from pocketdeck.systems.dofa_gm.bestiary import check_bestiary, creatures
from pocketdeck.systems.dofa_gm.creaturecard import (creature_problems, made_id, made_problems, spec)
from pocketdeck.ui.app import App
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.make.creature import LABELS, drawn_spec

KIND = get_kind("creature", "dofa-gm")
GM = get_game("dofa-gm")
POWER = "one of 96 values ('Aggro', 'Amplify', 'Attack, Charge', \u2026)"
BESTIARY = Path(__file__).parents[1] / "content" / "dofa-gm" / "bestiary.toml"


def form_of(app: App) -> dict:
    """What the page sends from the maker's form (every named field, web/boot.js "*")."""
    return sent_of(fields(drawn_spec(), app.maker.row, LABELS))


def start(app: App, store: dict, ref: str = "Grunt") -> None:
    tap(app, store, "setup", "dofa-gm")
    tap(app, store, "make", {"kind": "creature-dofa-gm", "field": "mk_from"}, {"mk_from": ref})
    assert app.screen == "make:creature-dofa-gm", app.flash


def kept(app: App) -> dict:
    return {k: r for k, r in app.library.items() if k.startswith(KIND.prefix)}


def a_card(base: str = "Grunt", **change) -> dict:
    card = dict(copy.deepcopy(creatures()[base]), name=f"My {base}", **change)
    card["id"] = made_id(card)
    return card


def keep_sample(app: App, store: dict, card: dict | None = None) -> str:
    card = card or made_creature()
    apply(store, lib.add(app, make_item(KIND, card["name"], card)))
    return next(k for k, r in kept(app).items() if r == card)


# -- one spec: the bestiary and a made creature ---------------------------------------------------------
def test_the_spec_checks_bestiary_toml_and_its_rules_hold_for_every_creature_of_ours():
    data = tomllib.loads(BESTIARY.read_text())
    assert check_bestiary(data) == []
    for row in data["creature"]:
        assert creature_problems(row, made=False) == [], row["id"]
    # the reference lists the Ritualist, a Dealer, at 4 HP (the table raises it to 5): made so, it is refused
    ritualist = next(r for r in data["creature"] if r["id"] == "Ritualist, Support")
    assert [p for p, _ in creature_problems(ritualist, made=True)] == ["hp"]
    broken = copy.deepcopy(data)
    broken["creature"][5]["powers"].append("Drain Life")      # the Commoner, an NPC
    broken["creature"][6]["hp"] = 120                         # the Gray Wolf
    broken["creature"][7]["attributes"] = {"AGL": 1}           # the Dire Wolf
    assert check_bestiary(broken) == [
        "creature Commoner: powers.1: Drain Life is a Boss's: Bosses alone gain Adversary Actions, House "
        "Actions and Phases (GMG, Character Types)",
        "creature Gray Wolf: 'hp' must be an int from 1 to 99, not 120",
        "creature Dire Wolf: 'attributes': 'CON' is missing (must be an int from -3 to 9)",
        "creature Dire Wolf: 'attributes': 'GUT' is missing (must be an int from -3 to 9)",
        "creature Dire Wolf: 'attributes': 'INT' is missing (must be an int from -3 to 9)",
        "creature Dire Wolf: 'attributes': 'STR' is missing (must be an int from -3 to 9)",
        "creature Dire Wolf: 'attributes': 'VIT' is missing (must be an int from -3 to 9)"]


def test_every_boss_action_the_table_runs_is_a_boss_power_of_the_spec():
    from pocketdeck.systems.dofa_gm.boss import ACTIONS
    from pocketdeck.systems.dofa_gm.creaturecard import BOSS_POWERS, known_powers
    assert set(ACTIONS) <= set(BOSS_POWERS) <= set(known_powers())


@pytest.mark.parametrize("why,change,path,words", [
    ("a Dealer below 5 HP", dict(type="Dealer", hp=4), "hp", "a Dealer has at least 5 HP (PG, Dealers, NPCs"),
    ("a Boss below 5 HP", dict(type="Boss", hp=3), "hp", "a Boss has at least 5 HP"),
    ("an NPC as strong as a Dealer", dict(hp=5), "hp", "an NPC has at most 4 HP: NPCs \u201cAre weaker than Dealers"),
    ("a Companion with more AP than the party holds", dict(type="Companion", ap=4), "ap",
     "who hold at most 3 AP (GMG, Managing Player Resources)"),
    ("an AR no armor gives", dict(ar=5), "ar", "3 minus half the Agility modifier rounded down (3 at Agility +1) "
                                            "(PG, Health and Armor)"),
    ("a Boss's power on an NPC", dict(powers=["Attack, Weapon", "Summon Ally"]), "powers.1",
     "Summon Ally is a Boss's: Bosses alone gain"),
    ("a power twice", dict(powers=["Attack, Weapon", "Attack, Weapon"]), "powers.1", "Attack, Weapon is listed twice"),
    ("script in the text", dict(text="<script>alert(1)</script>"), "text", "plain words only: no < or >"),
    ("a newline in the text", dict(text="two\nlines"), "text", "control character U+000A"),
])
def test_each_rule_across_fields_names_its_field_and_the_books_rule(why, change, path, words):
    card = a_card(**change)
    found = creature_problems(card)
    assert [p for p, _ in found] == [path], (why, found)
    assert words in found[0][1], found
    assert made_problems(card) == [f"creature: {path}: {found[0][1]}"]


def test_pg_dealers_npcs_and_companions_an_npc_cannot_use_discard_actions():
    """PG, Dealers, NPCs and Companions: NPCs "Cannot use either Fate Cards or Discard
    Actions"; Dealers "Can use Discard Actions" (review made-content-2026-12-08, M14): a
    Discard Power (PG, Discard Powers; dofa.build.DISCARD_POWERS) on an NPC is refused at
    its place in the list, on a Dealer kept; no creature of ours lists one on an NPC."""
    from pocketdeck.systems.dofa.build import DISCARD_POWERS
    assert creatures()["Grunt"]["type"] == "NPC"
    for power in sorted(DISCARD_POWERS):
        found = creature_problems(a_card(powers=["Attack, Weapon", power]))
        assert found == [("powers.1", f"{power} is a Discard Power: NPCs \u201cCannot use either Fate Cards or "
                                      "Discard Actions\u201d (PG, Dealers, NPCs and Companions; Discard Powers)")]
    assert creature_problems(a_card(type="Dealer", hp=5, powers=["Attack, Weapon", "Intensify"])) == []
    assert not [c["id"] for c in creatures().values() if c["type"] == "NPC" and set(c["powers"]) & DISCARD_POWERS]


def test_pg_health_and_armor_an_unarmored_ar_is_never_below_zero():
    """PG, Health and Armor: without armor AR is "3 minus half of your Agility modifier
    rounded down", -1 at Agility +8 or +9 (review made-content-2026-12-08, M13): our choice
    is AR 0 there (the table's attack DR is the AR at least 0, turns.do_attack; AR is 0 to 6
    on every card and edit), so such a creature can be made without armor and is played."""
    nimble = dict(creatures()["Grunt"]["attributes"], AGL=8)
    for agl in (8, 9):
        assert creature_problems(a_card(attributes=dict(nimble, AGL=agl), ar=0)) == []
    assert [p for p, _ in creature_problems(a_card(attributes=nimble, ar=4))] == ["ar"]
    assert "(0 at Agility +8)" in creature_problems(a_card(attributes=nimble, ar=4))[0][1]
    assert made_problems(a_card(attributes=nimble, ar=-1)) == ["creature: 'ar' must be an int from 0 to 6, not -1"]
    assert made.playability(a_card(attributes=nimble, ar=0)) == []


# -- made from a copy, refused field by field -------------------------------------------------------------
def test_make_your_own_opens_a_copy_with_a_new_id_and_name():
    app, store = App(seed_source=3), {}
    start(app, store, "Ritualist, Support")
    row = app.maker.row
    assert row["name"] == "Ritualist, Support (yours)" and row["id"] == made_id(row)
    assert row["hp"] == 5  # a Dealer's least, as the table plays the reference's 4
    html = app.render()
    assert "Make your own DofA creature" in html and 'value="Ritualist, Support (yours)"' in html
    for words in ("Character Type", "Health (HP)", "Armor Points (AP)", "Armor Range (AR)", "Power Points (PP)",
                  "Agility (AGL)", "Intuition (GUT)", "Primary Skill", "Add a Power"):
        assert words in html, words


def test_a_refused_creature_keeps_its_draft_names_each_wrong_field_and_keeps_nothing():
    app, store = App(seed_source=3), {}
    start(app, store)
    sent = form_of(app)
    sent.update({"f.hp": "120", "f.level": "2.5", "f.text": "<script>alert(1)</script>",
                 "f.powers.0": "Fly like an eagle", "f.name": ""})
    before = dict(store)
    keep(app, store, sent)
    # nothing kept; only the draft, as typed, is saved for a reload (ui:maker)
    assert {k: v for k, v in store.items() if k != "ui:maker"} == {k: v for k, v in before.items() if k != "ui:maker"}
    assert not kept(app) and app.screen == "make:creature-dofa-gm"
    assert app.flash == ("error", "Not kept: 5 problems, each shown beside its field.")
    problems = app.maker.problems
    assert problems["hp"] == ["Health (HP) must be an int from 1 to 99, not 120"]
    assert problems["level"] == ["Level must be an int from 1 to 10, not '2.5'"]
    assert problems["name"] == ["Name must be text of 1 to 40 characters, not ''"]
    assert problems["powers.0"] == [
        "Power must be one of 96 values ('Aggro', 'Amplify', 'Attack, Charge', \u2026), not 'Fly like an eagle'"]
    assert problems["text"] == ["Description: plain words only: no < or > (markup is refused)"]
    html = app.render()
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'id="mk-hp" value="120"' in html and 'aria-invalid="true"' in html
    sent = form_of(app)
    sent.update({"f.hp": "3", "f.level": "2", "f.text": "A sly raider.", "f.powers.0": "Attack, Weapon",
                 "f.name": "Snag"})
    keep(app, store, sent)
    assert [c["name"] for c in kept(app).values()] == ["Snag"] and app.screen == "setup:dofa-gm"


def test_an_oversized_list_is_refused_and_cannot_grow_past_its_bound():
    card = a_card(powers=["Attack, Weapon"] * 17)
    assert made_problems(card) == [f"creature: 'powers' must be a list of at most 16 of {POWER}, not "
                                   "['Attack, Weapon', 'Attack, Weapon', 'A\u2026"]
    app, store = App(seed_source=3), {}
    start(app, store)
    for _ in range(15):
        tap(app, store, "make-add", "powers", form_of(app))
    assert len(app.maker.row["powers"]) == 16 and "Add a Power" not in app.render()
    tap(app, store, "make-add", "powers", form_of(app))
    assert app.flash[0] == "error" and len(app.maker.row["powers"]) == 16
    app.maker.row["powers"] = ["Attack, Weapon"] * 40   # a forged draft
    keep(app, store, form_of(app))
    assert not kept(app) and app.maker.problems["powers"] == [
        f"Powers must be a list of at most 16 of {POWER}, not 40 of them"]


# -- played before it is kept ---------------------------------------------------------------------------------
def test_playability_refuses_a_creature_that_breaks_the_rules_before_any_game():
    assert made.playability(a_card(type="Dealer", hp=4)) == [
        "creature: hp: a Dealer has at least 5 HP (PG, Dealers, NPCs and Companions: Dealers \u201cHave at least "
        "5 health points\u201d; a Boss is a Dealer made a Boss, GMG, Character Types)"]


def test_an_error_of_the_rules_in_a_game_refuses_the_creature(monkeypatch):
    def broken(*a, **k):
        raise ZeroDivisionError("a rule tripped")
    monkeypatch.setattr(made.GAME, "sim_choose", broken)
    assert made.playability(a_card()) == [
        "game 1 of 24 with it stopped with an error (ZeroDivisionError: a rule tripped)"]


@pytest.mark.parametrize("base", ["Falcon", "Grunt", "Ritualist, Support", "Spider Queen"])
def test_a_creature_of_ours_copied_is_playable_in_24_games_each_with_it_in_the_fight(base):
    card = a_card(base, hp=max(5, creatures()[base]["hp"]) if creatures()[base]["type"] == "Dealer" else
                  creatures()[base]["hp"])
    assert made.playability(card) == []
    for n in range(3):
        state = GM.new_game(made.game_options(card, n), n + 1)
        assert any(a["source"] == card["id"] for a in state["actors"]) and state["made"] == {card["id"]: card}


# -- kept, played at the table, replayed ---------------------------------------------------------------------------
def test_keep_a_changed_copy_then_add_it_at_the_table_play_and_replay_it():
    app, store = App(seed_source=3), {}
    start(app, store, "Captain, Defender")
    sent = form_of(app)
    sent.update({"f.name": "Captain Vorn", "f.hp": "7"})
    keep(app, store, sent)
    assert app.flash[0] == "info" and "Kept: Captain Vorn" in app.flash[1] and app.screen == "setup:dofa-gm"
    (key, card), = kept(app).items()
    assert card["hp"] == 7 and card["id"] == made_id(card)
    html = app.render()
    assert "Fight Captain Vorn now" in html and "Your own creatures" in html
    assert f'<option value="{key}">Captain Vorn (yours: Dealer, HP 7)' in html
    # the form's own table with it among the creatures: the game carries its card
    tap(app, store, "new", {"system": "dofa-gm"}, {"mode": "table", "party0": "Diamonds1", "foe0": key})
    game = app.sessions["dofa-gm"]
    assert game.options["cards"] == [card] and game.options["foes"] == [card["id"]]
    assert [a["name"] for a in game.state["actors"]] == ["Diamonds", "Captain Vorn"]
    # and added from the Add panel, marked as yours
    tap(app, store, "play", {"type": "panel", "panel": "add"})
    html = app.render()
    assert "Your own creatures" in html and "Captain Vorn (Dealer, yours)" in html
    tap(app, store, "play", {"type": "add_creature", "id": card["id"]})
    assert [a["name"] for a in app.sessions["dofa-gm"].state["actors"]][-1] == "Captain Vorn 2"
    tap(app, store, "play", {"type": "start_combat"})
    for _ in range(40):
        s = app.sessions["dofa-gm"]
        legal = s.game.legal_actions(s.state)
        tap(app, store, "play", s.game.sim_choose(s.state, legal, __import__("pocketdeck.core.rng").core.rng.Rng(4)))
    session = app.sessions["dofa-gm"]
    again = App(seed_source=9)
    again.restore(dict(store))
    assert again.problems == [] and again.sessions["dofa-gm"].state == session.state
    assert from_link(to_link(session)).state == session.state


def test_a_kept_creature_joins_a_game_under_way_and_an_edit_never_changes_that_game():
    app, store = App(seed_source=3), {}
    key = keep_sample(app, store)
    tap(app, store, "new", {"system": "dofa-gm", "options": {"mode": "table", "players": [], "party": ["Clubs1"],
                                                            "foes": ["Grunt"]}})
    tap(app, store, "play", {"type": "panel", "panel": "add"})
    card = dict(kept(app)[key])
    tap(app, store, "play", {"type": "add_made", "card": card})
    assert app.flash is None
    game = app.sessions["dofa-gm"]
    assert game.state["made"] == {card["id"]: card} and game.state["actors"][-1]["hp_max"] == 6
    before = copy.deepcopy(game.state)
    # made again from the kept one, stronger: a new entry; the game keeps the card it took
    start(app, store, key)
    sent = form_of(app)
    sent.update({"f.hp": "9", "f.name": "Brakka the Great"})
    keep(app, store, sent)
    assert len(kept(app)) == 2 and app.screen == "table:dofa-gm"
    assert app.sessions["dofa-gm"].state == before
    assert from_json(store["game:dofa-gm"]).state["actors"][-1]["hp_max"] == 6
    html = app.render()
    assert "Brakka the Great (Dealer, yours)" in html and "Brakka the Tusked (Dealer, yours)" in html


def test_a_forged_card_in_an_action_or_the_options_is_refused_and_the_game_is_unchanged():
    app, store = App(seed_source=3), {}
    tap(app, store, "new", {"system": "dofa-gm", "options": {"mode": "table", "players": [], "party": ["Clubs1"],
                                                            "foes": []}})
    good = made_creature()
    tap(app, store, "play", {"type": "add_made", "card": good})
    assert app.flash[0] == "error" and "Add panel" in app.flash[1]   # the panel is closed
    tap(app, store, "play", {"type": "panel", "panel": "add"})
    before = copy.deepcopy(app.sessions["dofa-gm"].state)
    for forged in (dict(good, hp=7), dict(good, hp=500, id="x"), dict(good, powers=["Summon Ally"])):
        tap(app, store, "play", {"type": "add_made", "card": forged})
        assert app.flash[0] == "error" and app.sessions["dofa-gm"].state == before
    with pytest.raises(IllegalAction, match="id is the hash of its card"):
        GM.new_game({"mode": "skirmish", "players": [], "party": ["Clubs1"], "foes": [good["id"]],
                     "cards": [dict(good, hp=7)]}, 1)
    with pytest.raises(IllegalAction, match="foes: at most 6 names"):
        GM.new_game({"mode": "skirmish", "players": [], "party": ["Clubs1"], "foes": [good["id"]]}, 1)


# -- the Library kind ---------------------------------------------------------------------------------------------
def hostile_cards() -> list[tuple[str, dict]]:
    good = made_creature()
    out = []
    for why, change in [("a float for an int", dict(hp=4.0)), ("a number out of range", dict(level=11)),
                        ("an unknown power", dict(powers=["Fly"])), ("17 powers", dict(powers=["Heal"] * 17)),
                        ("a field no creature has", dict(secret="x")), ("a control character in a name",
                                                                        dict(name="Brakka\u202e")),
                        ("script in the text", dict(text="<img src=x onerror=alert(1)>")),
                        ("a Dealer below 5 HP", dict(hp=2))]:
        card = dict(copy.deepcopy(good), **change)
        card["id"] = made_id(card)
        out.append((why, card))
    return out


@pytest.mark.parametrize("why,card", hostile_cards(), ids=[w for w, _ in hostile_cards()])
def test_a_hostile_creature_is_refused_by_every_door_and_nothing_kept_changes(why, card):
    assert made_problems(card), why
    app, store = App(seed_source=3), {}
    keep_sample(app, store, made_creature("Kept before"))
    before = dict(store)
    item = make_item(KIND, "x", card)
    with pytest.raises(RecordError):
        read_item(item)
    apply(store, lib.import_text(app, export_file([item], "x")))
    assert store == before and "1 refused" in app.flash[1]
    apply(store, app.open_link(item_link(item)))
    assert store == before and app.screen != "library-preview"


def test_a_made_creature_from_a_link_is_played_on_arrival_a_stored_one_is_read_back_without_games(monkeypatch):
    card = made_creature()
    item = make_item(KIND, card["name"], card)
    def broken(*a, **k):
        raise KeyError("no such power")
    monkeypatch.setattr(made.GAME, "sim_choose", broken)
    with pytest.raises(RecordError, match="game 1 of 24 with it stopped with an error"):
        item_from_link(item_link(item))
    # the phone's own entry was played when kept; at start-up it is read by its record check alone
    assert read_stored(KIND.prefix + "brakka", json.dumps(item))["data"] == card


def test_a_made_creature_is_shared_as_a_link_checked_and_kept_in_a_fresh_profile_and_played_there():
    me, mine = App(seed_source=3), {}
    key = keep_sample(me, mine)
    tap(me, mine, "lib-share", key)
    fragment = lib.shelf(me).share[1]
    assert fragment.startswith("i=")
    friend, theirs = App(seed_source=8), {}
    apply(theirs, friend.open_link(fragment))
    while lib.shelf(friend).job is not None:
        tap(friend, theirs, "lib-import-step")
    assert friend.screen == "library-preview" and "A shared DofA creature" in friend.render()
    tap(friend, theirs, "lib-take", "take")
    assert list(kept(friend).values()) == [made_creature()]
    tap(friend, theirs, "lib-open", next(iter(kept(friend))))
    assert friend.screen == "setup:dofa-gm" and "Fight Brakka the Tusked now" in friend.render()
    card = made_creature()
    tap(friend, theirs, "new", {"system": "dofa-gm", "options": {
        "mode": "skirmish", "players": [], "party": ["Spades1", "Hearts1", "Clubs1"], "foes": [card["id"]],
        "cards": [card]}})
    assert [a["name"] for a in friend.sessions["dofa-gm"].state["actors"]][-1] == "Brakka the Tusked"


def test_an_import_counts_each_made_creatures_games_against_the_work_budget():
    items = [make_item(KIND, f"Brakka {n}", made_creature(f"Brakka {n}")) for n in range(7)]
    assert file_work(items[:6]) <= MAX_IMPORT_WORK < file_work(items)
    app, store = App(seed_source=3), {}
    apply(store, lib.import_text(app, export_file(items, "x")))
    assert not kept(app) and "import them in parts" in app.flash[1]


def test_the_gm_setup_loads_no_maker():
    """The GM's new-game form lists kept creatures without loading the maker (it loads when opened)."""
    import subprocess
    import sys
    code = ("import sys; from pocketdeck.ui.app import App; a = App(); a.handle('setup', 'dofa-gm'); a.render(); "
            "print(sorted(m for m in sys.modules if m.startswith(('pocketdeck.ui.make', 'pocketdeck.form'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).parents[1] / "engine").stdout
    assert out.strip() == "[]"


def test_simulate_plays_made_creatures_from_the_specs_own_random_fill():
    """``simulate made:creature-dofa-gm``: seeded creatures of ours refilled by form.sample,
    each passing the Library's check, played in the GM's table's own random games."""
    from pocketdeck.core.rng import Rng
    from pocketdeck.core.simulate import simulate
    cards = [made.sample_card(Rng(n)) for n in range(12)]
    assert all(made_problems(c) == [] for c in cards) and len({c["id"] for c in cards}) == 12
    summary = simulate("made:creature-dofa-gm", 3, seed=4)
    assert summary["errors"] == 0, summary["failures"]
