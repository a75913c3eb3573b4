"""The ADS table in CPython along whole fights: every button carries a legal action, every
legal action has a button, the setup form starts the fight it says, bad form input is
refused with a reason, and the screen shows what the issue asks for."""

from __future__ import annotations

import json

import pytest

from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App
from test_ui_screens import check_screen, parse

FORM = {"deck": "warrior", "foe": "goblin_skirmisher", "count": "1", "mode": "simple",
        "place": "indoors", "updown": "balanced", "start": "first", "light": "dim", "dual": "no"}


def new_app(seed: int, **form) -> App:
    app = App(seed_source=seed)
    app.handle("open", "ads")
    html = app.render()
    assert "New ADS fight" in html and 'name="deck"' in html
    app.handle("new", json.dumps({"system": "ads"}), dict(FORM, **form))
    return app


@pytest.mark.parametrize("seed,form", [
    (1, {}), (2, {"deck": "mage", "foe": "cultist", "count": "2", "mode": "line"}),
    (3, {"deck": "rogue", "foe": "bandit", "place": "outdoors", "mode": "line", "start": "random"}),
    (4, {"deck": "priest", "foe": "plague_rat", "updown": "deck", "count": "3"}),
    (5, {"deck": "rogue", "foe": "skeletal_warrior", "dual": "yes", "light": "dark", "mode": "line"}),
])
def test_ads_screens_along_whole_fights(seed, form):
    app = new_app(seed, **form)
    session = app.sessions["ads"]
    assert session.options["deck"] == form.get("deck", "warrior")
    assert session.options["dual"] is (form.get("dual") == "yes")
    rng = Rng(seed)
    for _ in range(2000):
        check_screen(app, "ads")
        game = session.game
        if game.is_over(session.state):
            break
        action = game.sim_choose(session.state, game.legal_actions(session.state), rng)
        app.handle("play", json.dumps(action))
        assert app.flash is None or app.flash[0] != "error", app.flash
    assert session.game.is_over(session.state)
    assert "banner" in app.render()


def test_screen_shows_rondel_hand_foes_and_chances():
    app = new_app(5)
    session = app.sessions["ads"]
    rng = Rng(5)
    while session.state["phase"] in ("choose", "initiative"):
        app.handle("play", json.dumps(session.game.sim_choose(
            session.state, session.game.legal_actions(session.state), rng)))
    html = app.render()
    assert 'aria-label="Combat Rondel: Round' in html
    assert html.count('class="ads-card') >= 5          # the hand, drawn
    assert "Goblin Skirmisher" in html and "HP 3/3" in html
    assert "This Round, Draw" in html and "%</b>" in html   # the Foe's chance before the draw
    assert "Hand max 7" in html and "Fatigue 0" in html


def test_bad_form_input_is_refused():
    app = App(seed_source=1)
    app.handle("open", "ads")
    app.handle("new", json.dumps({"system": "ads"}), dict(FORM, count="<b>9</b>"))
    assert "ads" not in app.sessions
    assert app.flash and app.flash[0] == "error"
    html = app.render()
    assert "<b>9</b>" not in html
    app.handle("new", json.dumps({"system": "ads"}), dict(FORM, foe='<img src=x onerror="alert(1)">'))
    assert "ads" not in app.sessions and "<img" not in app.render()
    app.handle("new", json.dumps({"system": "ads"}), dict(FORM, dual="maybe"))
    assert "ads" not in app.sessions and "Dual Wielding" in app.flash[1]


def test_cards_show_their_own_rondel_and_todays_value():
    """Longsword on Round 3 is drawn with 5 (primary) and the Round ringed."""
    from pocketdeck.ui.ads.fight import card_svg
    from pocketdeck.systems.ads.view import card_face
    svg = card_svg(card_face("longsword.1", 3), 3)
    assert "Longsword (weapon, 5 today, Up)" in svg and svg.count('class="rp now"') == 1
    svg = card_svg(card_face("longsword.2", 6), 6)
    assert "3 today" in svg and 'class="rs now"' in svg and "Down" in svg
