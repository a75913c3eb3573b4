"""Issues 24 and 25 on the Deck of Adventures sheet, in CPython: one prompt per screen
holding the check form and its Draw bar; the settled check's cards and grade inside the
prompt; every glossary link has its popover; the shared DofA terms are defined here; the
guide points at elements the first turn draws."""

from __future__ import annotations

import json
import re

from pocketdeck import learn
from pocketdeck.core.game import get_game
from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App

SHARED = ("target-card", "difficulty-range", "upper-hand", "lower-hand", "fate-card", "action-points",
          "power-points", "armor-rating", "major-success", "critical", "fatigue", "knocked-out", "epic-event")


def _start(seed: int = 4) -> App:
    app = App(seed_source=seed)
    app.handle("open", "dofa")
    app.handle("new", json.dumps({"system": "dofa", "options": {"character": "Spades1"}}), {})
    assert app.flash is None, app.flash
    return app


def _play(app: App, **action) -> None:
    app.handle("play", json.dumps(action))
    assert app.flash is None or app.flash[0] != "error", app.flash


def test_the_shared_dofa_terms_live_in_the_dofa_folder():
    glossary = learn.glossary()
    assert all(glossary[k]["system"] == "dofa" for k in SHARED)


def test_first_turn_has_one_prompt_with_the_form_its_draw_bar_and_the_guide_targets():
    html = _start().render()
    assert len(re.findall(r"\sdata-prompt\b", html)) == 2  # the check, and the first-game guide
    work = html.split('class="prompt dofa-panel dofa-work"')[1]
    assert 'class="dofa-check"' in work and 'class="dofa-go"' in work and "dofa-draw-btn" in work
    for step in learn.guide("dofa"):
        cls = re.match(r"\.([a-z-]+)", step["target"])
        assert cls is None or f'class="{cls.group(1)}"' in html, step["target"]


def test_the_settled_check_shows_its_cards_and_grade_in_the_prompt():
    app = _start()
    for a in ({"type": "tc_rank", "rank": "8"}, {"type": "tc_suit", "suit": "C"},
              {"type": "stat", "stat": "Athletics"}, {"type": "dr", "dr": 3}, {"type": "draw"}):
        _play(app, **a)
    drawing = app.render()
    assert 'class="prompt dofa-panel dofa-drawing"' in drawing and 'class="card"' in drawing
    _play(app, type="accept")
    html = app.render()
    prompt = html.split('data-prompt')[1]
    assert 'class="dofa-outcome"' in prompt and prompt.count('<svg class="card"') >= 2
    assert re.search(r"(a success|a miss)", prompt)
    _play(app, type="tc_rank", rank="2")
    assert 'class="dofa-outcome"' not in app.render()  # only right after the check


def test_every_glossary_link_has_its_popover_along_a_random_session():
    app = _start(seed=9)
    game, rng = get_game("dofa"), Rng(9)
    session = app.sessions["dofa"]
    for _ in range(150):
        html = app.render()
        targets = set(re.findall(r'popovertarget="([^"]+)"', html))
        ids = set(re.findall(r'\sid="([^"]+)"', html))
        assert targets <= ids, targets - ids
        assert len(re.findall(r'class="prompt ', html)) == 1
        if game.is_over(session.state):
            break
        _play(app, **game.sim_choose(session.state, game.legal_actions(session.state), rng))
