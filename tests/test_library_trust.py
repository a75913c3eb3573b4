"""Issue 28: trust what arrives and what is kept. Hand-made forgeries (not random
mutations) through every door: an item link, a file, a game's share link, the player's
own storage. Each test is named after the issue's item it pins."""

from __future__ import annotations

import copy
import json

import pytest

from pocketdeck.core.records import (RecordError, export_file, item_from_link, item_link, make_item,
                                     get_kind, read_file, read_item)
from pocketdeck.core.saves import from_link, to_link
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.app import App

from library_samples import ads_deck, deckbuilder_hero, dofa_sheet, own_deck, p52_character
from test_library import apply, full_app, fingerprint


def item(kind: str, system: str, data: dict, name: str | None = None) -> dict:
    return make_item(get_kind(kind, system), name or data["name"], data)


RECORDS = {("character", "p52"): p52_character, ("hero", "deckbuilder"): deckbuilder_hero,
           ("deck", "ads"): ads_deck, ("deck", "deck"): own_deck, ("sheet", "dofa"): dofa_sheet}


def refused_everywhere(value: dict) -> None:
    """Refused as an item, in a file and as a link; nothing kept by the app."""
    with pytest.raises(RecordError):
        read_item(copy.deepcopy(value))
    good, bad = read_file(export_file([value], "2026-11-26"))
    assert good == [] and len(bad) == 1
    app, store = full_app()
    before = fingerprint(store)
    apply(store, lib.open_item_link(app, item_link(value)))
    assert app.shelf.preview is None and store == before


# -- 4. one name per item; control and bidi-override characters refused ---------------------------
@pytest.mark.parametrize("kind", sorted(RECORDS))
def test_4_the_envelope_name_is_the_records_own_name(kind):
    data = RECORDS[kind]()
    refused_everywhere(item(*kind, data, name="Brann" if data["name"] != "Brann" else "Zed"))
    read_item(item(*kind, data))  # the same item with its own name is fine


@pytest.mark.parametrize("bad", ["Zed\u202e", "Ze\x00d", "Z\u2066ed", "Zed\n", "Zed\u200f"])
@pytest.mark.parametrize("kind", sorted(RECORDS))
def test_4_control_and_bidi_override_characters_are_refused_in_names(kind, bad):
    data = RECORDS[kind]()
    data["name"] = bad
    refused_everywhere(item(*kind, data, name=bad))


def test_4_a_name_may_be_any_script_and_emoji():
    data = deckbuilder_hero()
    data["name"] = "Zoë 李 \U0001F9D9\u200d\u2642\ufe0f"
    assert read_item(item("hero", "deckbuilder", data))["name"] == data["name"]


# -- 5. a hero with a blank name from a game's share link -----------------------------------------
def _deckbuilder_link(names: list[str]) -> str:
    from pocketdeck.core.saves import Session
    from pocketdeck.core.game import get_game
    game = get_game("deckbuilder")
    opts = dict(game.default_options(), heroes=["warrior"], names=names)
    return to_link(Session("deckbuilder", opts, 3))  # made by hand: no rule checks it here


@pytest.mark.parametrize("name", ["   ", "\u202eZed", "Ze\x00d"])
def test_5_a_game_link_whose_hero_has_a_blank_or_control_name_is_refused(name):
    app = App()
    app.open_link("g=" + _deckbuilder_link([name]))
    assert app.preview is None and app.flash[0] == "error"


def test_5_a_hero_name_left_empty_takes_the_cards_name():
    app = App()
    app.open_link("g=" + _deckbuilder_link([""]))
    assert app.preview is not None


# -- 3. unknown fields refused; a size limit per kind, checked before anything is stored -----------
def test_3_an_ads_deck_with_an_unknown_field_is_refused():
    data = ads_deck()
    data["note"] = "x"
    refused_everywhere(item("deck", "ads", data))
    data = ads_deck()
    data["story"] = {"xp": 0, "gold": 0, "treasure": [], "titles": [], "extra": 1}
    refused_everywhere(item("deck", "ads", data))


@pytest.mark.parametrize("field", ["aside", "treasure"])
def test_3_long_aside_and_treasure_lists_are_refused(field):
    from pocketdeck.systems.ads.build.validate import MAX_ASIDE, MAX_TREASURE
    data = ads_deck()
    if field == "aside":
        data["aside"] = ["dagger"] * (MAX_ASIDE + 1)
    else:
        data["story"] = {"xp": 28, "gold": 0, "treasure": ["bone_idol"] * (MAX_TREASURE + 1), "titles": []}
        data["level"] = 4
    refused_everywhere(item("deck", "ads", data))


@pytest.mark.parametrize("kind", sorted(RECORDS))
def test_3_every_kind_has_a_size_limit_checked_before_its_rules(kind, monkeypatch):
    from pocketdeck.core import records
    k = get_kind(*kind)
    assert k.max_chars <= records.MAX_RECORD_CHARS
    data = RECORDS[kind]()
    size = len(records.stored_text(item(*kind, data)))
    monkeypatch.setitem(records.KINDS, k.id, records.Kind(**{**k.__dict__, "max_chars": size - 1}))
    with pytest.raises(RecordError, match="at most"):
        read_item(item(*kind, data))


def test_3_what_a_link_keeps_is_read_back_at_the_next_start():
    """Every item a link may bring fits what a start reads (MAX_RECORD_CHARS)."""
    app, store = full_app()
    data = ads_deck()
    data["aside"] = ["dagger"] * 52
    apply(store, lib.open_item_link(app, item_link(item("deck", "ads", data))))
    apply(store, lib._take(app, "take"))
    again = App()
    again.restore(store)
    assert again.problems == [] and len(lib.entries(again)) == len(lib.entries(app))


# -- 2. an ADS Character Deck's Story cards checked by the rules -----------------------------------
@pytest.mark.parametrize("story,level", [
    ({"xp": 10**9, "gold": 10**9, "titles": ["Lord"] * 20}, 2),    # the forgery
    ({"xp": 5, "gold": 0}, 1),           # 5 XP reach level 2 (content/ads/adventure.toml levels)
    ({"xp": 28, "gold": 0}, 3),          # 28 XP reach level 4
    ({"xp": 0, "gold": 0, "titles": ["Lord"]}, 2),    # no rule grants a Title
    ({"xp": 0, "gold": 1_000}, 2),       # Gold without a fight: the rooms hold far less
    ({"xp": 100_001, "gold": 0}, 10),    # past the ceiling
])
def test_2_story_cards_the_rules_cannot_reach_are_refused(story, level):
    data = ads_deck()
    data["level"] = level
    data["story"] = {"xp": 0, "gold": 0, "treasure": [], "titles": [], **story}
    refused_everywhere(item("deck", "ads", data))


def test_2_story_cards_at_the_edge_of_the_rules_are_kept():
    from pocketdeck.systems.ads.build.validate import gold_most
    data = ads_deck()
    data["level"] = 2
    data["story"] = {"xp": 13, "gold": gold_most(13), "treasure": ["bone_idol"], "titles": []}
    read_item(item("deck", "ads", data))


# -- 1. a Deckbuilder hero checked against what its encounters and experience can buy -------------
def _hero(**change) -> dict:
    data = deckbuilder_hero()
    stats = change.pop("stats", {})
    data.update(change)
    data["stats"] = dict(data["stats"], **stats)
    return data


def _forged_heroes() -> list[dict]:
    from pocketdeck.systems.deckbuilder import data as db
    up, old, base = db.upgrade(), db.retired_upgrades(), deckbuilder_hero()
    stat = old["stats"][0]
    xp_per = max(z["experience"] for z in db.zones().values())
    return [
        _hero(encounters=0, xp=9_000, max_health=200, stats={k: 12 for k in base["stats"]}),  # the issue's
        _hero(stats={"melee_damage": base["stats"]["melee_damage"] + 1}, encounters=50),      # never upgraded
        _hero(xp=1),                                                  # experience from no encounter
        _hero(encounters=1, xp=xp_per + 1),                           # one more than one encounter gives
        _hero(encounters=1, stats={stat: base["stats"][stat] + 1}, xp=xp_per - old["stat_cost"] + 1),
        _hero(encounters=5, max_health=base["max_health"] + 1),       # health comes in steps
        _hero(encounters=5, max_health=base["max_health"] - old["health_gain"]),
        _hero(encounters=5, stats={stat: base["stats"][stat] - 1}),   # below the card
        # learnt cards cost experience: a training card more, with all the experience kept
        _hero(encounters=1, xp=xp_per, deck=base["deck"] + ["backstab"]),
        _hero(encounters=1, xp=xp_per - up["card_cost"] + 1, deck=base["deck"] + ["backstab"]),
        # a skill learnt then practised (copies of it, in no spoils) beyond what the experience pays for
        _hero(encounters=1, xp=0, deck=base["deck"] + ["backstab"] * (xp_per // up["practise_cost"] + 1)),
        _hero(encounters=50, deck=base["deck"] + [_alien_card()]),    # from nowhere the rules give cards
        # before any encounter is cleared, only the arenas' items of one zone (3 at most)
        _hero(encounters=0, deck=base["deck"] + ["rapier", "sling", "mana_missile", "blessing"]),
    ]


def _alien_card() -> str:
    """A card no hero starts with, no spoil or arena holds, and training does not teach."""
    from pocketdeck.systems.deckbuilder import data as db
    given = {c for z in db.zones().values() for c in z.get("spoils", []) + [i for a in z["arena"] for i in a.get("items", [])]}
    given |= set(db.upgrade()["cards"])
    given |= {c for h in db.heroes().values()
              for c in list(h["deck"]) + h["latent"] + h["at_hand"] + h["equipped"] + [h["armor"]] + h["powers"]}
    return sorted(c for c in db.weapons() if c not in given)[0]    # a monster's weapon


@pytest.mark.parametrize("forged", _forged_heroes())
def test_1_a_hero_its_encounters_could_not_buy_is_refused(forged):
    refused_everywhere(item("hero", "deckbuilder", forged))


def test_1_a_hero_that_spent_exactly_what_it_earned_is_kept():
    """Stats and health bought under rules format 5 or older (no game sells them now)."""
    from pocketdeck.systems.deckbuilder import data as db
    old, base = db.retired_upgrades(), deckbuilder_hero()
    stat = old["stats"][0]
    xp_per = max(z["experience"] for z in db.zones().values())
    hero = _hero(encounters=3, stats={stat: base["stats"][stat] + 1}, max_health=base["max_health"] + old["health_gain"],
                 xp=3 * xp_per - old["stat_cost"] - old["health_cost"])
    read_item(item("hero", "deckbuilder", hero))


def test_1_a_hero_that_learnt_a_card_with_its_experience_is_kept():
    """Upgrades: a training card for card_cost experience, a spoil from an encounter."""
    from pocketdeck.systems.deckbuilder import data as db
    up, base = db.upgrade(), deckbuilder_hero()
    xp_per = max(z["experience"] for z in db.zones().values())
    read_item(item("hero", "deckbuilder", _hero(encounters=1, xp=xp_per - up["card_cost"],
                                                deck=base["deck"] + ["backstab", "rapier"])))


def test_1_heroes_the_game_writes_pass_the_card_check():
    """Every hero of 40 simulated games (learning, spoils, items picked up) is kept."""
    from pocketdeck.core.game import get_game
    from pocketdeck.core.rng import Rng
    from pocketdeck.systems.deckbuilder.records import export_heroes, record_problems
    game, learnt = get_game("deckbuilder"), 0
    for seed in range(40):
        rng = Rng(seed)
        state = game.new_game(game.sim_options(rng), seed)
        while not game.is_over(state):
            state = game.apply(state, game.sim_choose(state, game.legal_actions(state), rng))
        learnt += sum(" learns " in line for line in state["log"])
        assert all(record_problems(r) == [] for r in export_heroes(state)), seed
    assert learnt > 0


def test_1_a_forged_hero_in_a_games_share_link_is_refused():
    from pocketdeck.core.saves import Session
    from pocketdeck.core.game import get_game
    opts = dict(get_game("deckbuilder").default_options(), heroes=[], party=[_forged_heroes()[0]])
    app = App()
    app.open_link("g=" + to_link(Session("deckbuilder", opts, 3)))
    assert app.preview is None and app.flash[0] == "error"


# -- 6. imports never overwrite what was set aside ------------------------------------------------
def _store_with_aside() -> dict:
    """A phone holding entries this version cannot read: a hero grown past its limit, a deck
    written by a newer version, the player's own damaged P52 game (the newest) and its notes."""
    from library_samples import game_session
    from pocketdeck.core.saves import save_text
    hero = deckbuilder_hero()
    grown = dict(hero, xp=9_000)
    deck = item("deck", "ads", ads_deck())
    deck["version"] = 99
    game = json.loads(save_text(game_session("p52")))
    game["state"]["round"] = "damaged"
    return {f"char:deckbuilder:{lib._slug(hero['name'])}": json.dumps(item("hero", "deckbuilder", grown)),
            f"char:ads:{lib._slug(deck['name'])}": json.dumps(deck),
            "game:p52": json.dumps(game), "meta:p52": json.dumps({"library": []}),
            "ui:library": json.dumps({"names": {}, "recent": ["p52"], "exported": None, "learned": []})}


def test_6_an_import_never_writes_over_an_entry_set_aside():
    from library_samples import game_session
    from pocketdeck.core.records import game_item
    store = _store_with_aside()
    before = dict(store)
    app = App(seed_source=3)
    app.restore(store)
    assert set(app.aside) == {k for k in store if k.startswith(("char:", "game:"))}
    incoming = [item("hero", "deckbuilder", deckbuilder_hero()), item("deck", "ads", ads_deck()),
                game_item(game_session("p52", seed=11), "Their game")]
    effects = lib.import_text(app, export_file(incoming, "2026-11-26"))
    apply(store, effects)
    assert all(store[k] == v for k, v in before.items() if k != "ui:library"), "an entry was written over"
    assert len(store) == len(before) + 3
    again = App()
    again.restore(store)
    assert set(again.aside) == set(app.aside)
    assert again.latest("p52") != "p52" and "game:p52" in again.aside


def test_6_a_game_link_opened_never_takes_the_slot_of_a_game_set_aside():
    from library_samples import game_session
    store = _store_with_aside()
    app = App()
    app.restore(store)
    app.open_link("g=" + to_link(game_session("p52", seed=12)))
    apply(store, app.handle("link", "open"))
    assert store["game:p52"] == _store_with_aside()["game:p52"] and "game:p52~2" in store


def test_6_set_aside_entries_are_listed_exported_as_they_are_and_deleted():
    store = _store_with_aside()
    app = App()
    app.restore(store)
    listed = {e.key: e for e in lib.entries(app) if e.aside}
    assert set(listed) == set(app.aside)
    assert all(e.detail.startswith("could not be read: ") for e in listed.values())
    html = app.render() if app.handle("lib") == [] else ""
    assert "could not be read" in html
    for key in listed:
        effects = app.handle("lib-export", key)
        assert effects and effects[0][0] == "download" and effects[0][2] == store[key]
        app.handle("lib-item", key)
        assert "Export as it is" in app.render()
        assert app.handle("lib-open", key) == [] and app.flash[0] == "error"
    key = next(iter(listed))
    text = store[key]
    apply(store, app.handle("lib-del", key))
    assert key not in store and key not in app.aside
    apply(store, app.handle("lib-undo"))
    assert store[key] == text and key in app.aside
    apply(store, app.handle("lib-del", key))
    again = App()
    again.restore(store)
    assert key not in again.aside and not any(key in p for p in again.problems)


# -- 7. an import compares by an index built once -----------------------------------------------
def test_7_an_import_rebuilds_each_kept_item_once_not_once_per_incoming_item(monkeypatch):
    import time
    decks = [item("deck", "deck", {"name": f"Deck {i}", "cards": ["AS", "2H"]}) for i in range(1_000)]
    app, store = App(), {}
    apply(store, lib.import_text(app, export_file(decks[:500], "2026-11-26")))
    calls = []
    real = lib.item_of
    monkeypatch.setattr(lib, "item_of", lambda a, k: calls.append(k) or real(a, k))
    start = time.perf_counter()
    apply(store, lib.import_text(app, export_file(decks, "2026-11-26")))
    took = time.perf_counter() - start
    assert len(calls) <= 500 + 500, f"{len(calls):,} kept items rebuilt for 1,000 incoming"
    assert app.flash[1] == "Import: 500 added, 500 already here."
    assert took < 3, took


# -- 9. an item link's unpacked size is capped while it is unpacked; 10. a file's size first --------
def test_9_an_item_link_that_unpacks_past_one_record_is_refused_before_it_is_parsed(monkeypatch):
    import base64
    import zlib
    from pocketdeck.core import records
    bomb = {"format": "pocketdeck-item", "kind": "deck", "system": "ads", "version": 1, "name": "Big",
            "data": {"name": "Big", "pad": ["x" * 999] * 1_800}}   # 1.8 MB of JSON
    raw = json.dumps(bomb).encode()
    link = "i=" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    assert len(link) < 6_000
    parsed = []
    monkeypatch.setattr(records, "load_json", lambda *a: parsed.append(1))
    with pytest.raises(RecordError, match="unpacks to more than an item may hold"):
        item_from_link(link)
    assert parsed == []


def test_10_a_file_larger_than_a_library_file_is_refused_by_its_size():
    from pocketdeck.core.records import MAX_FILE_CHARS
    app = App()
    assert lib.file_size_refused(app, MAX_FILE_CHARS) is False
    for size in (MAX_FILE_CHARS + 1, 10**12, -1, float("nan"), None, "3"):
        assert lib.file_size_refused(App(), size) is True
    assert lib.file_size_refused(app, 21_000_000) and "4,000,000" in app.flash[1]
    assert "file_size_refused(app, chosen.size)" in open("web/main.py").read()   # before .text()


# -- 11. each system's state check rejects checkpoints its rules cannot reach -----------------------
# -- 12. and values of the wrong type (text where a number is shown) are refused on load -------------
def _checkpointed(system: str, options: dict, monkeypatch):
    from pocketdeck.core import saves
    from pocketdeck.core.rng import Rng
    from pocketdeck.core.saves import Session, save_text
    monkeypatch.setattr(saves, "MAX_ACTIONS", 6)
    monkeypatch.setattr(saves, "KEEP_ON_FOLD", 3)
    for seed in range(20):
        s, rng = Session.start(system, options, seed=seed), Rng(seed)
        while s.base is None and not s.game.is_over(s.state):
            s.play(s.game.sim_choose(s.state, s.game.legal_actions(s.state), rng))
        if s.base is not None:
            return json.loads(save_text(s))
    raise AssertionError("no checkpoint made")


SCRIPT = '<img src=x onerror="document.title=1">'


def _db(b, **kw):
    b.update(kw)


FORGED = {
    "deckbuilder": ({}, [
        ("round", lambda b: _db(b, round=SCRIPT)),                                  # 12
        ("round 0", lambda b: _db(b, round=0)),
        ("defense", lambda b: b["monsters"][0].update(defense=SCRIPT)),             # 12
        ("dice", lambda b: b["rolls"].append({"dice": [7, 1], "to_hit": 0, "defense": 8, "total": 8, "hit": False,
                                              "critical": False, "crit_die": 0, "damage": 0,
                                              "attacker": "x", "target": "y"})),
        ("xp", lambda b: b["heroes"][0].update(xp=10_001)),
        ("stat", lambda b: b["heroes"][0]["stats"].update(defense=13)),
        ("a card more", lambda b: b["piles"]["h0:draw"].append("melee")),
        ("a hero more", lambda b: b["heroes"].append(dict(b["heroes"][0], id="h9"))),
        ("phase", lambda b: _db(b, phase="over", outcome=None)),
    ]),
    "dofa": ({"companion": "Bear"}, [
        ("companion hp", lambda b: b["companion"].update(hp=SCRIPT)),               # 12
        ("companion ap", lambda b: b["companion"].update(ap=b["companion"]["ap_max"] + 1)),
        ("companion", lambda b: b["companion"].update(id="Dragon")),
        ("level", lambda b: b["sheet"].update(level=11)),
        ("hp", lambda b: _db(b, hp=-1)),
        ("phase", lambda b: _db(b, phase="won")),
    ]),
    "p52": ({}, [
        ("ability text", lambda b: b["chars"][0]["abilities"].update(dodge=SCRIPT)),          # 12
        ("status text", lambda b: b["chars"][0].update(status=SCRIPT)),                        # 12
    ]),
    "ads": ({}, [
        ("max hp", lambda b: _db(b, max_hp=0)),
        ("level", lambda b: _db(b, level=11)),
        ("fatigue", lambda b: _db(b, fatigue=-1)),
        ("round text", lambda b: _db(b, round=SCRIPT)),                              # 12
        ("a card more", lambda b: b["draw"].append(b["draw"][0] if b["draw"] else b["discard"][0])),
    ]),
}


@pytest.mark.parametrize("system,name", [(s, n) for s, (_, cases) in FORGED.items() for n, _ in cases])
def test_11_12_a_checkpoint_the_rules_cannot_reach_is_refused(system, name, monkeypatch):
    from pocketdeck.core.saves import SaveError, from_json
    options, cases = FORGED[system]
    data = _checkpointed(system, options, monkeypatch)
    from_json(json.dumps(data))  # the real one loads
    forge = dict(cases)[name]
    forge(data["base"])
    data["actions"], data["state"] = [], data["base"]  # the forger makes the rest agree
    with pytest.raises(SaveError, match="checkpoint"):
        from_json(json.dumps(data))


def test_12_a_forged_checkpoint_never_reaches_the_page(monkeypatch):
    data = _checkpointed("deckbuilder", {}, monkeypatch)
    data["base"]["round"] = SCRIPT
    data["actions"], data["state"] = [], data["base"]
    app = App()
    app.restore({"game:deckbuilder": json.dumps(data), "ui:screen": "table:deckbuilder"})
    assert "game:deckbuilder" in app.aside and SCRIPT not in app.render()


def test_12_numbers_shown_on_the_tables_are_escaped():
    """Defence in depth: were a text to reach a view's number, it shows as text."""
    from pocketdeck.ui.deckbuilder import table as dbui
    from pocketdeck.ui.dofa import sheet as dofaui
    assert SCRIPT not in dbui.die_svg(SCRIPT)
    import inspect
    for module, names in ((dbui, ('view["round"]', 'r["defense"]', 'm["defense"]', 'h["xp"]')),
                          (dofaui, ('comp["hp"]', 'comp["ap"]', 'comp["ar"]'))):
        text = inspect.getsource(module)
        for name in names:
            assert "{" + name + "}" not in text, name


# -- 8. a work budget per import ---------------------------------------------------------------------
def test_8_an_import_asking_for_more_checking_than_its_budget_is_refused_before_any(monkeypatch):
    from pocketdeck.core import records
    from library_samples import game_session
    from pocketdeck.core.records import MAX_IMPORT_WORK, game_item
    game = game_item(game_session("deck"), "Long")
    game["data"]["actions"] = [{"type": "draw"}] * 1_900     # not checked: counted first
    sheet = item("sheet", "dofa", dofa_sheet())
    sheet["data"]["steps"] = [{"type": "finish"}] * 300
    text = export_file([game, game] + [sheet] * 2, "2026-11-26")
    checked = []
    monkeypatch.setattr(records, "read_item", lambda v, **kw: checked.append(v))
    with pytest.raises(RecordError, match=f"at most {MAX_IMPORT_WORK:,}"):
        read_file(text)
    assert checked == []
    app = App()
    assert lib.import_text(app, text) == [] and "import them in parts" in app.flash[1]


# -- hand-made forgeries of every kind, for the property tests (tests/test_properties.py) ------------
def forgeries() -> list[tuple[str, dict]]:
    """One item per way through that issue 28 found, the rules' limits pushed by one."""
    from pocketdeck.systems.ads.build.validate import MAX_ASIDE, MAX_XP
    from pocketdeck.systems.deck.rules import DECK_MAX
    from pocketdeck.systems.dofa.keep import MAX_STEPS
    out = []
    for kind, make in RECORDS.items():
        data = make()
        out.append((f"{kind[0]} named otherwise inside", item(*kind, data, name=data["name"] + "x")))
        for bad in ("\u202e", "\x00"):
            out.append((f"{kind[0]} with U+{ord(bad):04X}", item(*kind, dict(data, name="Zed" + bad))))
    out += [(f"hero: {i}", item("hero", "deckbuilder", h)) for i, h in enumerate(_forged_heroes())]
    ads = ads_deck()
    out += [("ads: unknown field", item("deck", "ads", dict(ads, note="x"))),
            ("ads: aside + 1", item("deck", "ads", dict(ads, aside=["dagger"] * (MAX_ASIDE + 1)))),
            ("ads: titles", item("deck", "ads", dict(ads, story={"titles": ["Lord"]}))),
            ("ads: xp past its level", item("deck", "ads", dict(ads, level=1, story={"xp": 5}))),
            ("ads: xp + 1", item("deck", "ads", dict(ads, level=10, story={"xp": MAX_XP + 1}))),
            ("ads: gold", item("deck", "ads", dict(ads, story={"gold": 1_000})))]
    deck = own_deck()
    out.append(("deck: a card past 324", item("deck", "deck", dict(deck, cards=["AS"] * (DECK_MAX + 1)))))
    sheet = dofa_sheet()
    out.append(("sheet: a step past 300", item("sheet", "dofa", dict(sheet, steps=[{"type": "finish"}] * (MAX_STEPS + 1)))))
    return out


def test_every_hand_made_forgery_is_refused():
    for label, value in forgeries():
        with pytest.raises(RecordError):
            read_item(copy.deepcopy(value))


# -- 8. the page's import is checked in slices, with progress and a Cancel that keeps nothing -------
def _long_file() -> str:
    from library_samples import game_session
    from pocketdeck.core.records import game_item
    games = [game_item(game_session(s, moves=60, seed=3), f"Game {s}") for s in ("p52", "deck", "dofa")]
    return export_file(games + [item("deck", "deck", own_deck())], "2026-11-26")


def test_8_the_pages_import_is_checked_in_slices_with_progress(monkeypatch):
    text = _long_file()
    at_once, store_once = App(seed_source=3), {}
    apply(store_once, lib.import_text(at_once, text))
    monkeypatch.setattr(lib, "SLICE_S", 0.0)      # one move a slice: every slice seen
    app, store = App(seed_source=3), {}
    assert app.handle("lib-import-start", text) == [] and app.screen == "library-progress"
    seen, effects = [], []
    while lib.shelf(app).job is not None:
        effects = app.handle("lib-import-step")
        if lib.shelf(app).job is not None:
            assert effects == [], "something kept before the whole file is checked"
            seen.append(lib.shelf(app).progress)
            html = app.render()
            assert "Cancel: keep nothing of the file" in html and 'class="lib-progress"' in html
    apply(store, effects)
    done = [d for d, _ in seen]
    assert len(seen) > 100 and done == sorted(done) and all(d <= t for d, t in seen)
    assert store == store_once and app.flash == at_once.flash == ("info", "Import: 4 added.")


def test_8_cancel_keeps_nothing_of_the_file(monkeypatch):
    monkeypatch.setattr(lib, "SLICE_S", 0.0)
    app, store = full_app()
    before = fingerprint(store)
    app.handle("lib-import-start", _long_file())
    for _ in range(20):
        apply(store, app.handle("lib-import-step"))
    apply(store, app.handle("lib-import-cancel"))
    assert lib.shelf(app).job is None and app.screen == "library" and "nothing" in app.flash[1]
    assert store == before and app.handle("lib-import-step") == []
    app.handle("lib-import-start", _long_file())          # leaving the screen cancels too
    app.handle("lib")
    assert app.handle("lib-import-step") == [] and lib.shelf(app).job is None and store == before


def test_8_a_file_refused_as_a_whole_is_refused_in_the_first_slice():
    app = App()
    app.handle("lib-import-start", "{")
    assert app.handle("lib-import-step") == [] and lib.shelf(app).job is None
    assert app.flash[0] == "error" and app.screen == "library"


def _steps_until_done(app) -> list:
    seen = []
    while lib.shelf(app).job is not None:
        effects = app.handle("lib-import-step")
        seen.append(lib.shelf(app).progress)
    return effects


@pytest.mark.parametrize("door", ["g", "i"])
def test_8_a_link_is_checked_in_slices_then_previewed_as_at_once(door, monkeypatch):
    from library_samples import game_session
    monkeypatch.setattr(lib, "SLICE_S", 0.0)
    session = game_session("p52", moves=60, seed=3)
    fragment = "g=" + to_link(session) if door == "g" else item_link(item("deck", "deck", own_deck()))
    at_once = App()
    at_once.open_link(fragment)
    app = App()
    app.screen = "home"
    assert app.handle("lib-link-start", fragment) == [] and app.screen == "library-progress"
    assert "Cancel: keep nothing of the link" in app.render()
    assert _steps_until_done(app) == []
    assert app.screen == at_once.screen and app.screen in ("preview", "library-preview")
    if door == "g":
        assert app.preview.actions == session.actions and app.preview.state == at_once.preview.state
    else:
        assert app.shelf.preview == at_once.shelf.preview


def test_8_a_link_cancelled_or_refused_keeps_nothing(monkeypatch):
    from library_samples import game_session
    monkeypatch.setattr(lib, "SLICE_S", 0.0)
    app = App()
    app.screen = "home"
    app.handle("lib-link-start", "g=" + to_link(game_session("p52", moves=60, seed=3)))
    app.handle("lib-import-step")
    app.handle("lib-import-cancel")
    assert app.screen == "home" and app.preview is None and "nothing of the link" in app.flash[1]
    app.handle("lib-link-start", "g=" + _deckbuilder_link(["\u202eZed"]))
    _steps_until_done(app)
    assert app.screen == "home" and app.preview is None and app.flash[0] == "error"


# -- 12, the sweep: a script in any field of a stored game, every system, every screen ---------------
def _leaves(value, path=()):
    """Every number and text of a state (the first two elements of each list)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:2]):
            yield from _leaves(v, path + (i,))
    elif value is not None and not isinstance(value, bool):
        yield path


def _planted(state: dict, path: tuple) -> dict:
    out = copy.deepcopy(state)
    at = out
    for k in path[:-1]:
        at = at[k]
    at[path[-1]] = SCRIPT
    return out


def _shown(app, system: str) -> list[str]:
    pages = []
    for screen in (f"table:{system}", "home", "library"):
        app.screen = screen
        pages.append(app.render())
    return pages


@pytest.mark.parametrize("system", ["deck", "p52", "ads", "ads_build", "ads_adventure", "dofa", "dofa-gm",
                                    "deckbuilder"])
def test_12_a_script_in_any_field_of_a_stored_game_never_reaches_the_page(system):
    """Each number and text of a game's state (two points of a game), one at a time, replaced
    by a script: stored as the player's own checkpoint, it is refused on load (the state's
    check and shape) or, if loaded, shown escaped on the table, home and Library screens; and
    drawn without any load check at all (defence in depth), it is escaped too."""
    from library_samples import game_session
    from pocketdeck.core.saves import Session, to_json
    leaks = []
    for moves, seed in ((30, 4), (120, 5)):
        session = game_session(system, moves=moves, seed=seed)
        saved = json.loads(to_json(session))
        for path in _leaves(session.state):
            if path[0] == "options":
                continue
            forged = _planted(session.state, path)
            app = App()
            app.restore({f"game:{system}": json.dumps(dict(saved, base=forged, state=forged, actions=[])),
                         "ui:screen": f"table:{system}"})
            drawn = App()   # no check: the screens alone
            drawn.sessions[system] = Session(system, session.options, session.seed, [], forged)
            if any(SCRIPT in page for page in _shown(app, system) + _shown(drawn, system)):
                leaks.append(path)
    assert leaks == [], f"a script reached the page from {leaks[:5]}"
