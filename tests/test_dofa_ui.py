"""The Deck of Adventures table in CPython: along whole random sessions every button
carries a legal action and every legal action has a button; user text is escaped; the
setup form refuses bad input; the odds shown are the engine's exact ones."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from pocketdeck.core.game import get_game
from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App
from pocketdeck.ui.dofa import options_from_form


class Buttons(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.play: list[dict] = []
        self.texts: list[str] = []
        self._in = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "button" and a.get("data-action") == "play":
            self.play.append(json.loads(a["data-arg"]))
            self._in = True
            self.texts.append("")

    def handle_endtag(self, tag):
        if tag == "button":
            self._in = False

    def handle_data(self, data):
        if self._in:
            self.texts[-1] += data


def start(character: str = "Spades2", name: str = "<i>Ann</i>", seed: int = 5) -> App:
    app = App(seed_source=seed)
    app.handle("open", "dofa")
    app.handle("new", json.dumps({"system": "dofa"}), {"character": character, "name": name})
    assert app.flash is None, app.flash
    return app


def key(a: dict) -> str:
    return json.dumps(a, sort_keys=True)


@pytest.mark.parametrize("character,seed", [("Spades2", 1), ("Diamonds3", 2), ("Clubs1", 3), ("Hearts2", 4)])
def test_every_button_is_legal_and_every_legal_action_has_a_button(character, seed):
    app = start(character, seed=seed)
    session = app.sessions["dofa"]
    game = get_game("dofa")
    rng = Rng(seed)
    for _ in range(250):
        state = session.state
        html = app.render()
        parsed = Buttons()
        parsed.feed(html)
        legal = game.legal_actions(state)
        assert sorted(map(key, parsed.play)) == sorted(map(key, legal))
        assert all(t.strip() for t in parsed.texts), "a button without visible text"
        assert "<i>Ann</i>" not in html and "&lt;i&gt;Ann&lt;/i&gt;" in html
        if game.is_over(state):
            break
        action = game.sim_choose(state, legal, rng)
        app.handle("play", json.dumps(action))
        assert app.flash is None, app.flash


def test_odds_panel_shows_the_exact_figures():
    app = start("Spades1")
    for a in [{"type": "tc_rank", "rank": "8"}, {"type": "tc_suit", "suit": "C"},
              {"type": "stat", "stat": "Athletics"}, {"type": "dr", "dr": 3}]:
        app.handle("play", json.dumps(a))
    html = app.render()
    # Spades1 Athletics 0: EDR 3 covers 5 to J, 28 of a fresh 52 = 54%
    assert "EDR 3 (5 to J)" in html and "Success: <b>54%</b>" in html
    assert "GMG chart, fresh deck: 54%" in html and "with a Fate redraw on a miss: <b>79%</b>" in html


def test_setup_form_and_refusals():
    app = App(seed_source=1)
    app.handle("open", "dofa")
    html = app.render()
    assert html.count("<option") == 24 and 'name="character"' in html
    with pytest.raises(ValueError, match="Premade"):
        options_from_form({"character": "Nobody"}, app)
    with pytest.raises(ValueError, match="Name"):
        options_from_form({"character": "Clubs1", "name": "x" * 41}, app)
