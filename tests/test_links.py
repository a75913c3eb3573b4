"""Share links, saves and stored records (issue 7): limits before parsing, one refusal
for every problem, limits that agree, the link preview that never replaces the player's
game without a yes, restore per entry, and a screen that fails to draw."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import pytest

from pocketdeck.core import limits, saves
from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.limits import (MAX_ACTIONS, MAX_DEPTH, MAX_TEXT, LimitError, excerpt,
                                    json_depth_ok, load_json)
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import (SaveError, Session, from_json, from_link, save_text, to_json,
                                   to_link)
from pocketdeck.ui.app import SHARED, App
from pocketdeck.systems.p52.rules import export_characters

ROOT = Path(__file__).resolve().parents[1]


def pack(record) -> str:
    """A link fragment (without ``g=``) for any JSON text or value."""
    raw = record if isinstance(record, str) else json.dumps(record)
    return base64.urlsafe_b64encode(zlib.compress(raw.encode(), 9)).decode().rstrip("=")


def deck_session(draws: int = 2, seed: int = 3) -> Session:
    s = Session.start("deck", {}, seed=seed)
    for _ in range(draws):
        s.play({"type": "draw"})
    return s


def p52_session(steps: int, seed: int = 7, options=None) -> Session:
    s = Session.start("p52", options or {"new_characters": 1}, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.game.is_over(s.state):
            break
        s.play(s.game.sim_choose(s.state, s.game.legal_actions(s.state), rng))
    return s


# -- legal by type, not by equality (core is_legal) --------------------------------------------
@pytest.mark.parametrize("bad", [True, 1.0, ["9C"], {"c": 1}])
def test_deck_refuses_a_wrongly_typed_card_and_keeps_the_state(bad):
    s = deck_session(1).state
    card = s["piles"]["hand"][0]
    assert {"type": "discard", "card": card} in get_game("deck").legal_actions(s)
    frozen = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction):
        get_game("deck").apply(s, {"type": "discard", "card": bad})
    assert json.dumps(s, sort_keys=True) == frozen


@pytest.mark.parametrize("wrap", [float, lambda n: bool(n) if n in (0, 1) else float(n), str])
def test_p52_refuses_a_float_or_bool_where_an_int_belongs_and_keeps_the_state(wrap):
    session = p52_session(20)
    game = session.game
    move = next(a for a in game.legal_actions(session.state) if a["type"] == "move")
    assert isinstance(move["to"], int)
    frozen = json.dumps(session.state, sort_keys=True)
    with pytest.raises(IllegalAction):
        game.apply(session.state, {**move, "to": wrap(move["to"])})
    with pytest.raises(IllegalAction):
        game.apply(session.state, {**move, "to": True})
    assert json.dumps(session.state, sort_keys=True) == frozen
    # and a link carrying such an action is refused, not half-loaded
    record = session.record()
    record["actions"] = record["actions"] + [{**move, "to": float(move["to"])}]
    with pytest.raises(SaveError, match="not legal"):
        from_link(pack(record))


# -- nesting is bounded before json.loads -----------------------------------------------------
def test_bracket_scan():
    assert json_depth_ok("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert not json_depth_ok("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert not json_depth_ok("[" * 7000)                 # never closed: refused, not parsed
    assert not json_depth_ok('{"a": [}')                 # brackets that do not pair
    assert json_depth_ok('{"a": "[[[[[[[[[[\\"[[[[", "b": [1, {"c": "]]]}"}]}')  # in strings
    assert json_depth_ok('"' + "[" * 10_000 + '"')


@pytest.mark.parametrize("text", ["[" * 7000 + "]" * 7000, "[" * 7000, '{"a":' * 600 + "1" + "}" * 600])
def test_deep_nesting_never_reaches_the_parser(text, monkeypatch):
    def no_parse(*a, **k):
        raise AssertionError("json.loads ran on text nested too deep")
    monkeypatch.setattr(limits.json, "loads", no_parse)
    with pytest.raises(SaveError, match="nest"):
        from_link(pack(text))
    with pytest.raises(SaveError, match="nest"):
        from_json(text)
    with pytest.raises(LimitError, match="nest"):
        load_json(text, "this character", limits.MAX_RECORD_CHARS)


# -- any exception is the documented refusal ---------------------------------------------------
def test_huge_core_values_and_a_deeply_nested_quirk_are_refused():
    s = p52_session(0, options={"new_characters": 0, "characters": [_record()]})
    rec = s.record()
    rec["options"]["characters"][0]["core"]["Lift"] = int("9" * 2200)
    with pytest.raises(SaveError):
        from_link(pack(json.dumps(rec).replace('"Lift": 9', '"Lift": 9')))
    rec = s.record()
    deep: object = "x"
    for _ in range(500):
        deep = [deep]
    rec["options"]["quirks"] = [{"name": deep, "bonus": "b", "penalty": "p"}]
    with pytest.raises(SaveError, match="nest"):
        from_link(pack(json.dumps(rec)))


def test_an_unexpected_exception_in_replay_is_a_save_error(monkeypatch):
    link = to_link(deck_session())
    text = to_json(deck_session())

    def boom(*a, **k):
        raise RecursionError("maximum recursion depth exceeded")
    monkeypatch.setattr(saves, "replay", boom)
    monkeypatch.setattr(saves, "replay_steps", boom)  # what a check replays with (issue 28: in slices)
    with pytest.raises(SaveError, match="cannot be replayed"):
        from_link(link)
    with pytest.raises(SaveError, match="cannot be replayed"):
        from_json(text)


def test_open_link_and_restore_never_raise(monkeypatch):
    def boom(*a, **k):
        raise MemoryError("out of memory")
    monkeypatch.setattr("pocketdeck.ui.app.from_link", boom)
    monkeypatch.setattr("pocketdeck.ui.app.from_json", boom)
    app = App()
    assert app.open_link("g=" + to_link(deck_session())) == []
    assert app.flash[0] == "error" and "could not be opened" in app.flash[1]
    app.restore({"game:deck": to_json(deck_session()), "ui:screen": "table:deck"})
    assert app.screen == "home" and "could not be loaded" in app.render()


# -- caps that agree ----------------------------------------------------------------------------
def test_too_many_actions_are_refused_before_replay(monkeypatch):
    rec = deck_session(0).record()
    rec["actions"] = [{"type": "draw"}] * (MAX_ACTIONS + 1)
    replayed = []
    monkeypatch.setattr(saves, "replay", lambda *a: replayed.append(a))
    with pytest.raises(SaveError, match="at most 2,000"):
        from_link(pack(rec))
    with pytest.raises(SaveError, match="at most 2,000"):
        from_json(json.dumps({**rec, "state": {}}))
    assert not replayed


def test_an_accepted_link_gives_a_save_that_is_accepted():
    for session in (deck_session(40), p52_session(60)):
        opened = from_link(to_link(session))
        text = save_text(opened)
        assert from_json(text).state == session.state


def test_a_link_whose_save_would_be_too_big_is_refused(monkeypatch):
    link = to_link(p52_session(30))
    monkeypatch.setattr(saves, "MAX_SAVE_CHARS", 5_000)  # the save is ~10 KB, the record ~1 KB
    with pytest.raises(SaveError, match="save would be"):
        from_link(link)


def test_a_tap_whose_save_would_break_the_limits_is_refused_and_undone(monkeypatch):
    app = App(seed_source=1)
    app.handle("new", json.dumps({"system": "deck"}))
    app.handle("play", json.dumps({"type": "draw"}))
    session = app.sessions["deck"]
    before = (list(session.actions), session.state)
    monkeypatch.setattr(saves, "MAX_SAVE_CHARS", 100)
    assert app.handle("play", json.dumps({"type": "draw"})) == []
    assert app.flash[0] == "error" and "save would be" in app.flash[1]
    assert (session.actions, session.state) == before


@pytest.mark.parametrize("field,value,limit", [
    ("number", 2 ** 64 + 1, "2\\*\\*64"), ("text", "x" * (MAX_TEXT + 1), "limit is 1,000"),
    ("float", 1e300, "out of range"),
])
def test_numbers_and_texts_are_capped(field, value, limit):
    rec = deck_session(1).record()
    rec["options"]["x"] = value
    with pytest.raises(SaveError, match=limit):
        from_link(pack(rec))
    with pytest.raises(SaveError, match="not a number this app accepts"):
        from_json(json.dumps(rec).replace('"options": {', '"options": {"y": NaN, '))


def test_messages_quote_only_a_short_excerpt_of_outside_text():
    rec = deck_session(1).record()
    rec["actions"].append({"type": "discard", "card": "Q" * 900, **{f"k{i}": "A" * 900 for i in range(50)}})
    with pytest.raises(SaveError) as info:
        from_link(pack(rec))
    assert len(str(info.value)) < 400
    msg = get_game("deck").explain(deck_session(0).state, {"type": "draw", "x": "B" * 100_000})
    assert len(msg) < 200 and "characters" in msg
    for bad in ({**rec, "version": "V" * 900}, {**rec, "system": "S" * 900}, {**rec, "schema": "s" * 900}):
        with pytest.raises(SaveError) as info:
            from_link(pack(bad))
        assert len(str(info.value)) < 300
    assert excerpt("x" * 61).endswith("(61 characters)") and excerpt("short") == "short"


# -- the preview: nothing of the player's is replaced without a yes ------------------------------
def stored_after(app: App, effects) -> dict[str, str]:
    store: dict[str, str] = {}
    for e in effects:
        if e[0] == "put":
            store[e[1]] = e[2]
        else:
            store.pop(e[1], None)
    return store


def own_deck_app() -> tuple[App, dict[str, str]]:
    app = App(seed_source=5)
    store = stored_after(app, app.handle("new", json.dumps({"system": "deck"})))
    store.update(stored_after(app, app.handle("play", json.dumps({"type": "draw"}))))
    return app, store


def test_a_link_opens_as_a_preview_and_keep_both_keeps_the_players_game():
    app, store = own_deck_app()
    mine = app.sessions["deck"]
    linked = deck_session(5, seed=99)
    assert app.open_link("g=" + to_link(linked)) == []  # nothing is written yet
    assert app.screen == "preview" and app.sessions["deck"] is mine
    html = app.render()
    assert "A shared Deck game" in html and "5 moves" in html
    labels = re.findall(r'data-arg="(\w+)"', html)
    assert labels[:3] == ["both", "replace", "mine"]  # keep both comes first (the default)
    effects = app.handle("link", "both")
    store.update(stored_after(app, effects))
    assert app.screen == f"table:deck{SHARED}" and app.sessions["deck"] is mine
    assert app.sessions[f"deck{SHARED}"].state == linked.state
    assert "game:deck" not in [e[1] for e in effects]  # the own save is not touched
    assert "beside your own" in app.render()
    # after a reload both are there, and the home screen offers both
    again = App()
    again.restore(store)
    assert again.sessions["deck"].state == mine.state
    assert again.sessions[f"deck{SHARED}"].state == linked.state
    assert again.screen == f"table:deck{SHARED}" and not again.problems
    again.handle("home")
    assert "Continue the shared game" in again.render()
    again.handle("open", f"deck{SHARED}")
    again.handle("play", json.dumps({"type": "draw"}))
    assert again.sessions["deck"].state == mine.state  # playing the shared game leaves mine


def test_keep_mine_and_replace():
    app, _ = own_deck_app()
    mine = app.sessions["deck"]
    app.open_link("g=" + to_link(deck_session(4, seed=8)))
    assert app.handle("link", "mine") == [("put", "ui:screen", "table:deck")]
    assert app.sessions == {"deck": mine} and app.preview is None
    app.open_link("g=" + to_link(deck_session(4, seed=8)))
    effects = app.handle("link", "replace")
    assert app.sessions["deck"] is not mine and len(app.sessions["deck"].actions) == 4
    assert effects[0][1] == "game:deck"
    # an answer with no preview waiting does nothing
    assert app.handle("link", "both") == [] and app.flash[0] == "error"


def test_without_a_game_of_its_kind_the_preview_offers_open():
    app = App()
    app.open_link("g=" + to_link(deck_session(2)))
    html = app.render()
    assert "Open it" in html and "Replace" not in html
    assert app.handle("link", "open")[0][1] == "game:deck"
    assert app.screen == "table:deck"


def test_a_refused_link_leaves_everything_as_it_was():
    app, store = own_deck_app()
    before = (app.screen, dict(app.sessions), app.sessions["deck"].state)
    for bad in ("g=AAAA", "g=" + pack("[" * 7000), "g=" + "A" * 200_000, "g=<img src=x>"):
        assert app.open_link(bad) == []
        assert app.flash[0] == "error" and (app.screen, dict(app.sessions), app.sessions["deck"].state) == before


def _record(name: str = "Brom") -> dict:
    s = p52_session(0, options={"new_characters": 1, "names": [name]})
    rng = Rng(1)
    while s.state["phase"] == "creation":
        s.play(s.game.sim_choose(s.state, s.game.legal_actions(s.state), rng))
    rec = export_characters(s.state)[0]
    rec["name"] = name
    return rec


def play_to_end(app: App, slot: str, seed: int) -> None:
    session, rng = app.sessions[slot], Rng(seed)
    for _ in range(4000):
        if session.game.is_over(session.state):
            return
        app.handle("play", json.dumps(session.game.sim_choose(
            session.state, session.game.legal_actions(session.state), rng)))
        assert app.flash is None or app.flash[0] != "error", app.flash
    raise AssertionError("the quest did not end")


@pytest.mark.parametrize("choice", ["both", "replace"])
def test_a_linked_quest_never_writes_over_the_players_library(choice):
    """The player's own quest took Brom from the library (meta:p52 names his entry). A
    linked quest, played to its end, adds its party as new characters."""
    brom = _record("Brom")
    app = App(seed_source=3)
    app.restore({"char:p52:brom": json.dumps(brom)})
    assert list(app.library) == ["char:p52:brom"]
    app.handle("new", json.dumps({"system": "p52"}), {"new_characters": "0", "library": ["char:p52:brom"]})
    assert app.meta["meta:p52"] == {"library": ["char:p52:brom"]}
    friend = Session.start("p52", {"new_characters": 1, "names": ["Brom"]}, seed=11)
    app.open_link("g=" + to_link(friend))
    app.handle("link", choice)
    slot = "p52" + (SHARED if choice == "both" else "")
    play_to_end(app, slot, 11)
    assert app.library["char:p52:brom"] == brom  # the player's Brom is untouched
    assert len(app.library) == 2                  # the friend's Brom is a new entry
    (new_key,) = set(app.library) - {"char:p52:brom"}
    assert app.meta[f"meta:{slot}"] == {"library": [new_key]}


# -- restore: each entry on its own ---------------------------------------------------------------
def test_restore_survives_anything_per_entry_and_says_so():
    good = to_json(deck_session(3))
    deep = "[" * 5000 + "]" * 5000
    brom = _record("Brom")
    stored = {
        "game:deck": good,
        "game:p52": deep,
        "game:p52~shared": '{"format": "pocketdeck-game", "version": 1, "system": "deck"}',
        "char:p52:deep": '{"name": ' + deep + "}",
        "char:p52:typed": json.dumps({**brom, "race": ["elf"]}),
        "char:p52:list": "[1, 2]",
        "char:p52:huge": json.dumps({**brom, "exp": 10 ** 30}),
        "char:p52:brom": json.dumps(brom),
        "meta:p52": deep,
        "char:p52:none": None,
        "game:chess": "{}",
        "ui:screen": "table:deck",
    }
    app = App()
    app.restore(stored)
    assert list(app.sessions) == ["deck"] and app.screen == "table:deck"
    assert list(app.library) == ["char:p52:brom"]
    assert len(app.problems) == 9, app.problems
    app.handle("home")
    html = app.render()
    assert html.count('class="flash error"') == 9 and "kept as it was" in html
    assert all(len(p) < 500 for p in app.problems)


def test_a_library_record_the_rules_refuse_is_not_offered():
    bad = {**_record("Ilsa"), "class": {"x": 1}}
    app = App()
    app.restore({"char:p52:ilsa": json.dumps(bad)})
    assert app.library == {} and "Ilsa" not in app.handle("setup", "p52") and "ilsa" in app.problems[0]


# -- a screen that fails to draw ----------------------------------------------------------------
def test_a_render_failure_is_a_screen_with_a_way_home(monkeypatch):
    app, _ = own_deck_app()
    import pocketdeck.ui.deck.table as deck_ui
    from pocketdeck.ui.tables import TABLES

    def broken(view, session):
        raise TypeError("'NoneType' object is not subscriptable")
    monkeypatch.setitem(TABLES, "deck", TABLES["deck"].__class__(**{**TABLES["deck"].__dict__, "render": broken}))
    html = app.render()
    assert "could not be drawn" in html and 'data-action="home"' in html
    assert app.render_error.startswith("TypeError")
    assert app.handle("home") == [("put", "ui:screen", "home")]
    assert "Tables" in app.render() and app.render_error is None
    assert deck_ui  # the real table module stays registered


def test_main_saves_before_it_renders_and_clears_the_fragment_before_opening():
    src = (ROOT / "web" / "main.py").read_text()
    click = src[src.index("def on_click"):src.index("def on_submit")]
    assert click.index("start_persist(effects)") < click.index("render(action, arg)")
    take = src[src.index("def take_link"):src.index("def on_hashchange")]
    assert take.index("replaceState(") < take.index('app.handle("lib-link-start"')  # opened in slices (issue 28)
    hashchange = src[src.index("def on_hashchange"):src.index("async def boot")]
    assert hashchange.index("start_persist") < hashchange.index("run_job()")  # run_job renders


def test_a_link_with_a_character_the_rules_refuse_is_refused():
    """Experience of 10**15 (within the number limit) used to level up one step at a time
    for ever at the first room's end; the rules' own check refuses the record."""
    rec = _record("Ada")
    session = p52_session(0, options={"new_characters": 0, "characters": [rec]})
    record = session.record()
    record["options"]["characters"][0]["exp"] = 10 ** 15
    with pytest.raises(SaveError, match="exp"):
        from_link(pack(record))
    app = App()
    app.restore({"char:p52:ada": json.dumps({**rec, "exp": 10 ** 15})})
    assert app.library == {} and "ada" in app.problems[0]


def test_a_malformed_action_is_quoted_short():
    """apply's own refusal of a non-mapping quotes an excerpt, not the whole input."""
    from pocketdeck.core.game import IllegalAction, get_game
    game = get_game("deck")
    state = game.new_game({}, 1)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, ["x" * 100_000])
    assert len(str(info.value)) < 300
