"""Issue 50, P52's screens for a newcomer (CPython): the first-game start two taps from the
home screen and what it says; the room map above the actions; enemies of one name told
apart on buttons and map; every defence with its chance and the damage it leaves; the
result in words; every end with a way on (the same quest again, another quest, a new
start, Home) that keeps the party and its library entries."""

from __future__ import annotations

import json
import re

from pocketdeck.core.game import get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.p52 import sim
from pocketdeck.systems.p52.flow import new_turn
from pocketdeck.systems.p52.room import make_enemy
from pocketdeck.core import piles
from pocketdeck.ui.app import App

GAME = get_game("p52")
NEW = json.dumps({"system": "p52"})


def _prompt_starts(html: str) -> list[str]:
    """The new-game buttons of the setup's prompt, in order: (their spoken name)."""
    box = html.split("data-prompt", 1)[1].split("</section>", 1)[0]
    return re.findall(r'data-action="new"[^>]*><span class="sr-only">([^<]+)</span>', box)


def _first_start(seed: int = 3) -> App:
    app = App(seed_source=seed)
    app.handle("open", "p52")
    app.handle("new", NEW, {"quick_first": "1", "names": ""})
    return app


def test_the_first_game_start_is_the_first_play_now_two_taps_from_home():
    """Home -> P52 (tap 1) -> the first button of the setup's prompt (tap 2): the first quest,
    which the screen names; later starts (a P52 party in the library) offer the book's."""
    app = App(seed_source=3)
    assert 'data-action="open" data-arg="p52"' in app.render()
    app.handle("open", "p52")
    html = app.render()
    starts = _prompt_starts(html)
    assert starts[0] == "Play now: your first quest, one room, one Skulker and a chest"
    assert starts[1:] == ["Play now: one ready-made character", "Play now: a ready-made party of three"]
    assert re.search(r'class="btn primary" data-action="new" data-arg="[^"]+" data-fill="quick_first,names"', html)
    app.handle("new", NEW, {"quick_first": "1", "names": ""})
    session = app.sessions["p52"]
    assert session.options["first_quest"] is True and session.state["phase"] == "room"
    assert session.state["quest"]["name"] == "The Old Cellar"
    html = app.render()
    assert "Your first quest: one room, one Skulker and a chest." in html
    assert len(GAME.legal_actions(session.state)) >= 2  # the first real decision


def test_after_a_quest_has_ended_play_now_deals_the_books_quests():
    app = _first_start()
    _finish(app)
    app.handle("setup", "p52")
    starts = _prompt_starts(app.render())
    assert starts == ["Play now: one ready-made character", "Play now: a ready-made party of three"]
    app.handle("new", NEW, {"quick_one": "1", "names": ""})
    session = app.sessions["p52"]
    assert session.options["first_quest"] is False
    assert session.state["quest"]["kind"] in ("big_boss", "survival", "trapped", "treasure")
    assert "first" not in session.state["quest"]


def test_the_room_map_is_in_the_prompt_above_the_actions():
    app = _first_start()
    session = app.sessions["p52"]
    while session.state["pending"]:  # an enemy's hit first: the answers, then the map
        html = app.render()
        box = html.split("data-prompt", 1)[1]
        assert box.index('class="actionbar"') < box.index('class="board-wrap"')
        app.handle("play", json.dumps(GAME.legal_actions(session.state)[0]))
    html = app.render()
    box = html.split("data-prompt", 1)[1].split("</section>", 1)[0]
    assert 'class="board-wrap"' in box and box.index('class="board-wrap"') < box.index('class="actionbar"')
    assert "room below" not in html


def _two_skulkers(app: App) -> tuple[dict, list[str]]:
    """The first quest's room with a second Skulker (JH) on the top-left spot."""
    session = app.sessions["p52"]
    state = json.loads(json.dumps(session.state))
    state["pending"] = None
    state["stack"] = []
    piles.move(state["piles"], "JH", "enemy", "foes")
    e = make_enemy(state, "JH", 4)
    state["room"]["enemies"].append(e)
    c = state["chars"][0]
    c["abilities"]["bow_skills"] = 1
    c["pos"] = 0
    ids = [x["id"] for x in state["room"]["enemies"]]
    state["turn"] = new_turn([c["id"], *ids], 1)  # the hero's turn, on the entrance
    return state, ids


def test_enemies_of_one_name_are_numbered_with_their_place_on_buttons_and_map():
    from pocketdeck.ui.p52.table import render
    app = _first_start()
    state, ids = _two_skulkers(app)
    view = GAME.view(state)
    labels = {e["id"]: e["label"] for e in view["enemies"]}
    assert labels == {ids[0]: "Skulker 1 (row 2, column 3)", ids[1]: "Skulker 2 (row 1, column 1)"}
    html = render(view, app.sessions["p52"])
    for e in view["enemies"]:
        assert f'title="{e["label"]}"' in html  # the token on the map
    assert '>J1</span>' in html and '>J2</span>' in html
    bows = [a["label"] for a in view["actions"] if a["action"]["type"] == "attack" and not a["action"]["stamina"]
            and a["action"]["ability"] == "bow_skills"]
    assert len(bows) == len(set(bows)) == 2 and all("Skulker 1 (" in b or "Skulker 2 (" in b for b in bows)
    assert "Rows count from the top, columns from the left." in html


def test_every_defence_shows_its_chance_and_the_damage_it_leaves():
    seen = 0
    for seed in range(12):
        app = _first_start(seed)
        session = app.sessions["p52"]
        rng = Rng(seed)
        for _ in range(80):
            st = session.state
            if GAME.is_over(st):
                break
            if st["pending"] and st["pending"]["kind"] == "defend":
                html = app.render()
                box = html.split('class="actionbar"', 1)[1]
                buttons = re.findall(r'<button type="button" class="btn" data-action="play" data-arg="([^"]+)"[^>]*>(.*?)</button>', box)
                defends = [(json.loads(a.replace("&quot;", '"')), b) for a, b in buttons if "defend" in a]
                assert defends
                for action, label in defends:
                    if action["ability"] is None:
                        assert re.search(r'class="leaves">\d+ damage gets through', label)
                    else:
                        assert re.search(r'class="chance"[^>]*>(&lt;1%|&gt;99%|\d+%)</span>', label), label
                        assert re.search(r'needs \d+ or more: \d+( to \d+)? damage if it works, \d+ if not', label)
                seen += 1
                before = list(st["log"])
                answer = next(a for a in GAME.legal_actions(st) if a["type"] == "defend" and a["ability"])
                app.handle("play", json.dumps(answer))
                said = [x for x in session.state["log"] if x not in before]
                assert any(re.search(r"(works|fails): needed \d+ or more, drew \S+", x) for x in said), said
                continue
            app.handle("play", json.dumps(sim.choose(st, GAME.legal_actions(st), rng)))
    assert seen >= 5


def _finish(app: App, seed: int = 0) -> None:
    session = app.sessions["p52"]
    rng = Rng(seed)
    while not GAME.is_over(session.state):
        app.handle("play", json.dumps(sim.choose(session.state, GAME.legal_actions(session.state), rng)))


def _ways(html: str) -> list[tuple[str, str]]:
    box = html.split("data-prompt", 1)[1].split("</section>", 1)[0]
    return re.findall(r'data-action="(new|setup|home)"[^>]*>([^<]+)</button>', box)


def test_every_end_has_a_way_on_with_the_same_party():
    outcomes = set()
    for seed in range(8):
        app = _first_start(seed)
        _finish(app, seed)
        session = app.sessions["p52"]
        won = session.state["outcome"] == "won"
        outcomes.add(won)
        ways = _ways(app.render())
        texts = [t for _, t in ways]
        again = "Play the first quest again" if won else "Try the first quest again"
        assert texts == (["A full quest", again] if won else [again, "A full quest"]) + ["Start a new quest", "Home"]
        keys = app.meta["meta:p52"]["library"]
        name = session.state["chars"][0]["name"]
        # the first quest again: the same character, the first quest, its library entry kept
        app.handle("new", NEW, {"again_same": "1"})
        again_session = app.sessions["p52"]
        assert again_session.options["first_quest"] is True
        assert [c["name"] for c in again_session.state["chars"]] == [name]
        assert app.meta["meta:p52"]["library"] == keys
        _finish(app, seed + 100)
        # then a full quest, flipped
        app.handle("new", NEW, {"again_flip": "1"})
        full = app.sessions["p52"]
        assert full.options["first_quest"] is False and full.state["phase"] in ("room", "layout")
        assert full.state["quest"]["kind"] in ("big_boss", "survival", "trapped", "treasure")
        assert app.meta["meta:p52"]["library"] == keys
        _finish(app, seed + 200)
        kind = full.state["quest"]["kind"]
        assert [t for _, t in _ways(app.render())][-2:] == ["Start a new quest", "Home"]
        app.handle("new", NEW, {"again_same": "1"})  # a full quest again: the same quest
        assert app.sessions["p52"].state["quest"]["kind"] == kind
    assert outcomes == {True, False}


def test_a_guest_phone_at_the_end_is_offered_a_new_start_and_home_only():
    """A table of phones: a guest draws the host's game with no session of its own; the party
    plays on from the host's phone (ui/table_link), so the guest's end has no Play again."""
    from pocketdeck.ui.p52.table import render
    app = _first_start(2)
    _finish(app, 2)
    html = render(GAME.view(app.sessions["p52"].state), None)
    assert _ways(html) == [("setup", "Start a new quest"), ("home", "Home")]
