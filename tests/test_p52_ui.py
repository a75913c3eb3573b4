"""The P52 table in CPython while the player lays out a room (Room/Space Layout): the
setup form offers the choice, the board shows the laid spots face down and one button
per open cell, each carrying a legal place action, plus the hand-over to the app."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App

FORM = {"new_characters": "1", "names": "Brom", "library": [], "quirk_name": "",
        "quirk_bonus": "", "quirk_penalty": ""}


class Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.play: list[tuple[str, dict]] = []
        self.placed = 0
        self.selects: dict[str, list[str]] = {}
        self._select = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if a.get("data-action") == "play":
            self.play.append((a.get("class") or "", json.loads(a["data-arg"])))
        if tag == "div" and "cell" in cls and "placed" in cls:
            self.placed += 1
        if tag == "select":
            self._select = a.get("name")
            self.selects[self._select] = []
        if tag == "option" and self._select:
            self.selects[self._select].append(a.get("value"))


def parse(html: str) -> Cells:
    p = Cells()
    p.feed(html)
    return p


def laying_out(seed: int = 2) -> App:
    app = App(seed_source=seed)
    app.handle("open", "p52")
    app.handle("new", json.dumps({"system": "p52"}), dict(FORM, layout="player"))
    assert app.flash is None
    session = app.sessions["p52"]
    rng = Rng(seed)
    while session.state["phase"] != "layout":
        state = session.state
        action = session.game.sim_choose(state, session.game.legal_actions(state), rng)
        app.handle("play", json.dumps(action))
    return app


def test_setup_form_offers_the_room_layout_choice():
    app = App(seed_source=1)
    app.handle("open", "p52")
    html = app.render()
    parsed = parse(html)
    assert parsed.selects["layout"] == ["app", "player"]
    fills = [part.split('"')[0].split(",") for part in html.split('data-fill="')[1:]]
    assert any("layout" in f and "new_characters" in f for f in fills)  # the Begin button
    with pytest.raises(ValueError, match="Room layout"):
        from pocketdeck.ui.p52.table import options_from_form
        options_from_form(dict(FORM, layout="sideways"), app)


def test_placement_shows_one_button_per_open_cell():
    app = laying_out()
    session = app.sessions["p52"]
    for step in range(min(3, session.state["placing"]["size"] - 2)):
        state = session.state
        assert state["phase"] == "layout"
        legal = session.game.legal_actions(state)
        parsed = parse(app.render())
        cells = [arg for cls, arg in parsed.play if "candidate" in cls.split()]
        assert cells == [a for a in legal if a["type"] == "place"]
        assert len(cells) == len(session.game.view(state, "player")["room"]["placing"]["candidates"])
        assert parsed.placed == len(state["placing"]["cells"]) == step + 1
        others = [arg for cls, arg in parsed.play if "candidate" not in cls.split()]
        assert others == [{"type": "place_rest"}]
        assert "Let the app place the rest" in app.render()
        app.handle("play", json.dumps(cells[-1]))
    app.handle("play", json.dumps({"type": "place_rest"}))
    assert session.state["phase"] in ("room", "levelup", "over")
    assert 'class="cell candidate"' not in app.render()


def _cell_keys(html: str) -> list[str | None]:
    """The data-key of every cell of the board or layout grid, in order."""
    keys: list[str | None] = []

    class P(HTMLParser):
        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if "cell" in (a.get("class") or "").split():
                keys.append(a.get("data-key"))
    P().feed(html)
    return keys


def test_every_board_cell_is_keyed_by_its_place():
    """The page's update pairs siblings by data-key (web/morph.js keyOf): a grid's cells look
    alike (empty gaps are equal), and unkeyed, a tap that changed one cell had the others
    paired with the wrong partners and rebuilt (docs/BENCHMARK.md, "The screen")."""
    app = laying_out()
    session = app.sessions["p52"]
    for _ in range(40):
        state = session.state
        if state["phase"] in ("layout", "room"):
            keys = _cell_keys(app.render())
            w = session.game.view(state, "player")["room"]["w"]
            assert keys and None not in keys and len(set(keys)) == len(keys)
            assert keys == [f"c{i % w}-{i // w}" for i in range(len(keys))]
        if session.game.is_over(state):
            break
        action = session.game.sim_choose(state, session.game.legal_actions(state), Rng(len(session.actions)))
        app.handle("play", json.dumps(action))
