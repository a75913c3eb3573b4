"""Issue 49, "a second ADS adventure of our own, of 8 to 12 rooms, made with the editor and
shipped in content/ beside the first": The Brine Pits of Harrow Moor
(content/ads/adventure-salt_mine.toml, 10 rooms). It passes the check of our shipped
adventures (spec.check_adventure: Map and Room cards, 2 obstacles or more, a rest spot with
Wandering Foes, treasures with a Gold value), is playable as a made one is (made.playability),
is won now and then by the random players over 200 seeded games, is listed by the adventure
setup's picker and started by its id; and the maker's form alone (make-add, make-del and the
fields a phone sends) turns a copy of the Drowned Lantern Keep into exactly its rooms."""

from __future__ import annotations

import json

from test_make_form import sent_of

from pocketdeck.content import load
from pocketdeck.core.rng import Rng
from pocketdeck.form import Field, fields
from pocketdeck.systems.ads import data
from pocketdeck.systems.ads.adventure import made
from pocketdeck.systems.ads.adventure.content import BUILTIN, record_of, treasures
from pocketdeck.systems.ads.adventure.game import GAME
from pocketdeck.systems.ads.adventure.spec import check_adventure, made_id, made_problems, room_gold_most
from pocketdeck.systems.ads.checks import check_content
from pocketdeck.ui.app import App
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.make.adventure import KIND as MAKE, PREFIX

AID = "salt_mine"
FILE = "ads/adventure-salt_mine.toml"
GAMES = 200


def tap(app: App, store: dict, verb: str, arg="", sent=None) -> None:
    for e in app.handle(verb, arg if isinstance(arg, str) else json.dumps(arg), sent or {}):
        if e[0] == "put":
            store[e[1]] = e[2]
        elif e[0] == "delete":
            store.pop(e[1], None)


def ours() -> dict:
    rec = record_of(AID)
    return dict(rec, id=made_id(rec))


# -- checked like ours ------------------------------------------------------------------------------
def test_map_and_room_cards_the_second_adventure_passes_the_check_of_our_shipped_adventures():
    raw = load(FILE)
    assert check_adventure(raw) == [] and check_content(FILE, raw) == []
    assert BUILTIN[AID] == FILE
    rooms = raw["room"]
    assert 8 <= len(rooms) <= 12 and len(rooms) == 10
    assert raw["source"]["licence"] == "CC BY-NC-SA 4.0" and "Pocketdeck's own" in raw["source"]["origin"]
    # the app's level table is the first file's alone
    assert "levels" not in raw["adventure"]
    assert check_content(FILE, dict(raw, adventure=dict(raw["adventure"], levels=[0, 5]))) != []
    # 2 or 3 obstacles, one closing an exit; a rest spot with 4 rows of Wandering Foes; a boss at the end
    obstacles = [r["obstacle"] for r in rooms if "obstacle" in r]
    assert 2 <= len(obstacles) <= 3 and any(o.get("blocks") for o in obstacles)
    assert any(r.get("rest") and len(r["wander"]) == 4 for r in rooms)
    assert [r["id"] for r in rooms if r.get("boss")] == [rooms[-1]["id"]]
    # Foes of foes.toml only, loot of cards.toml only, treasures of its own, Gold no more than the keep's
    named = {x[0] for r in rooms for key in ("solo", "group") for x in r.get(key, [])} | \
        {x[0] for r in rooms for row in r.get("wander", []) for x in row}
    assert named <= set(data.foes())
    assert {c for r in rooms for c in r.get("loot", [])} <= set(data.cards())
    keep = load(BUILTIN["lantern_keep"])
    mine = {t["id"] for t in raw["treasure"]}
    assert not mine & {t["id"] for t in keep["treasure"]} and mine <= set(treasures())
    assert {t for r in rooms for t in r.get("treasure", [])} == mine
    assert sum(r.get("gold", 0) for r in rooms) <= sum(r.get("gold", 0) for r in keep["room"]) == room_gold_most()


def test_the_second_adventure_is_playable_as_a_made_one_is():
    assert made_problems(ours()) == []
    assert made.playability(ours()) == []


def test_200_seeded_games_of_the_second_adventure_end_without_error_and_some_are_won():
    outcomes = {"won": 0, "lost": 0}
    for n in range(GAMES):
        state = GAME.new_game(made.game_options(AID, n), seed=n + 1)
        rng = Rng(n ^ 0x5A17)
        for _ in range(GAME.sim_step_cap):
            legal = GAME.legal_actions(state)
            if not legal:
                break
            state = GAME.apply(state, GAME.sim_choose(state, legal, rng))
        assert GAME.is_over(state), n
        outcomes[state["outcome"]] += 1
    assert outcomes["won"] >= 1, outcomes


# -- listed, and started by its id ------------------------------------------------------------------
def test_the_adventure_picker_lists_it_and_a_game_of_it_starts_by_its_id():
    state = GAME.new_game({"hero": "warrior", "adventure": AID}, seed=3)
    assert state["adventure"] == AID and state["room"] == "S1"
    assert state["log"][0].startswith("The Brine Pits of Harrow Moor.")
    app, store = App(seed_source=4), {}
    tap(app, store, "setup", "ads_adventure")
    assert '<option value="salt_mine">The Brine Pits of Harrow Moor (10 rooms)</option>' in app.render()
    tap(app, store, "new", {"system": "ads_adventure"}, {"adventure": AID, "hero": "ready:rogue"})
    session = app.sessions["ads_adventure"]
    assert session.options["adventure"] == AID and session.state["room"] == "S1"


# -- made with the editor ---------------------------------------------------------------------------
def _lists(root: Field) -> list[tuple[str, int]]:
    """(path, items) of every growing list of the form, outer lists first."""
    out = []
    todo = [root]
    while todo:
        f = todo.pop(0)
        if f.kind == "list":
            out.append((f.path, len(f.children)))
        todo.extend(f.children)
    return out


def _length(row: dict, path: str) -> int:
    value = row
    for part in path.split("."):
        if isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return 0
    return len(value) if isinstance(value, list) else 0


def test_the_maker_alone_turns_a_copy_of_the_keep_into_the_second_adventure():
    """What a phone sends, nothing else: a list's Add and Remove, and the form's fields (each
    tap sends every field, as web/boot.js does), until Keep checks it, plays it 24 times and
    keeps it; the kept adventure's rooms are the shipped file's."""
    want = record_of(AID)
    app, store = App(seed_source=6), {}
    tap(app, store, "setup", "ads_adventure")
    tap(app, store, "make", {"kind": "adventure-ads", "field": "adventure"}, {"adventure": "lantern_keep"})
    assert app.screen == "make:adventure-ads" and len(app.maker.row["rooms"]) == 9
    taps = 0
    while True:
        root = fields(MAKE.spec_of(app), want, MAKE.labels_of(app))
        sent = sent_of(root)   # the fields as the player filled them in
        step = None
        for path, n in _lists(root):
            have = _length(app.maker.row, path)
            if have != n:
                step = ("make-add", path) if have < n else ("make-del", f"{path}.{have - 1}")
                break
        if step is None:
            break
        tap(app, store, *step, sent)
        taps += 1
        assert taps < 400
    tap(app, store, "make-keep", "", sent)
    while lib.shelf(app).job is not None:
        tap(app, store, "lib-import-step")
    assert app.screen == "setup:ads_adventure", (app.flash, app.maker and app.maker.problems)
    (key, kept), = [(k, r) for k, r in app.library.items() if k.startswith(PREFIX)]
    for a, b in zip(kept["rooms"], want["rooms"]):
        assert a == b, [(k, a.get(k), b.get(k)) for k in set(a) | set(b) if a.get(k) != b.get(k)]
    assert {k: v for k, v in kept.items() if k != "id"} == {k: v for k, v in want.items() if k != "id"}
    assert kept["id"] == made_id(kept) and "foes" not in kept
    assert [r["id"] for r in kept["rooms"]] == [f"S{n}" for n in range(1, 11)]
