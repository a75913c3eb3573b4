"""Issues 24 and 25 for the ADS fight and adventure, in CPython: the thing to do now is the
screen's prompt (first in the table, with the result slot), the Foe's attack asking for a
reaction is that prompt with a "?" on each defense, the last action's Up/Down draws are drawn
as cards, attack results read as results, every glossary link has its entry, setup explains
each choice, and Play now reaches the first turn in few taps."""

from __future__ import annotations

import json
import re

import pytest

from pocketdeck import learn
from pocketdeck.core.rng import Rng
from pocketdeck.ui.ads import fight as ads
from pocketdeck.ui import flow
from pocketdeck.ui.app import App
from pocketdeck.systems.ads import data

TERM = re.compile(r'popovertarget="(gl-[a-z0-9-]+)"')


def quick(system: str, deck: str, seed: int = 3) -> App:
    app = App(seed_source=seed)
    app.handle("open", system)
    key = "deck" if system == "ads" else "hero"
    app.handle("new", json.dumps({"system": system, "options": {key: deck}}), {"quick": "yes"})
    assert app.flash and app.flash[0] == "info", app.flash
    return app


def links_resolve(html: str) -> None:
    """Every glossary or why link on the screen has its popover, and every term its entry."""
    for target in set(re.findall(r'popovertarget="([^"]+)"', html)):
        assert f'id="{target}"' in html, target
    glossary = learn.glossary()
    for target in set(TERM.findall(html)):
        assert target[3:] in glossary


@pytest.mark.parametrize("deck", sorted(data.decks()))
def test_play_now_takes_a_legal_starting_hand(deck):
    """Order of Play: any 4 cards but Fortitude; Play now chooses them as 4 'choose' actions."""
    app = quick("ads", deck)
    s = app.sessions["ads"]
    assert len(s.actions) == 4 and all(a["type"] == "choose" for a in s.actions)
    assert s.state["phase"] != "choose" and "fortitude" not in ads.QUICK[deck]
    assert len(s.state["hand"]) == 7


def _play_to(app: App, system: str, phase: str, seed: int, steps: int = 3000) -> bool:
    session = app.sessions[system]
    rng = Rng(seed)
    for _ in range(steps):
        st = session.state if system == "ads" else session.state.get("fight")
        if st and st["phase"] == phase:
            return True
        if session.game.is_over(session.state):
            return False
        legal = session.game.legal_actions(session.state)
        app.handle("play", json.dumps(session.game.sim_choose(session.state, legal, rng)))
    return False


def test_reaction_is_the_prompt_with_whys_and_the_draws_as_cards():
    """Reaction/Counter: the Foe's attack and the answers are the first data-prompt of the
    table; each defense button has its one-line '?'; the Foe's action draw shows as cards."""
    for seed in range(1, 30):
        app = quick("ads", "warrior", seed)
        if _play_to(app, "ads", "react", seed):
            break
    else:
        pytest.fail("no Foe attack in 30 fights")
    html = app.render()
    table = html[html.index('<section class="table ads-table"'):]
    first = table[:table.index("data-prompt") + 400]
    assert "ads-prompt" in first and "attacks you with" in table[:table.index("</section>")]
    assert "No reaction" in table[:table.index("</section>")]
    assert 'class="why"' in table[:table.index("</section>")] and "class=\"ud-card" in html
    links_resolve(html)


def test_attack_result_reads_as_a_result():
    for seed in range(1, 40):
        app = quick("ads", "warrior", seed)
        s = app.sessions["ads"]
        rng = Rng(seed)
        for _ in range(400):
            if s.game.is_over(s.state):
                break
            legal = s.game.legal_actions(s.state)
            plays = [a for a in legal if a["type"] == "play" and "foe" in a]
            app.handle("play", json.dumps(plays[0] if plays else s.game.sim_choose(s.state, legal, rng)))
            html = app.render()  # the result lines are found as the screen is drawn
            hits = [ln for ln in app.result if re.search(r"^Your .+ hits .+: (\d+ damage|it takes no damage)", ln)]
            if hits:
                assert re.search(r"\d+ -> \d+ HP|takes no damage", hits[0]), hits
                box = html[html.index('data-result'):]
                assert hits[0].split(":")[0] in box[:box.index("</div>")]  # beside the prompt
                return
    pytest.fail("no attack of the player's landed in 40 fights")


@pytest.mark.parametrize("system,deck", [("ads", "rogue"), ("ads_adventure", "mage"), ("ads_adventure", "warrior")])
def test_every_screen_of_a_game_has_its_prompt_and_links(system, deck):
    app = quick(system, deck)
    session = app.sessions[system]
    rng = Rng(7)
    for _ in range(300):
        html = app.render()
        assert app.render_error is None
        assert "data-prompt" in html
        links_resolve(html)
        if session.game.is_over(session.state):
            break
        legal = session.game.legal_actions(session.state)
        app.handle("play", json.dumps(session.game.sim_choose(session.state, legal, rng)))


def test_the_adventure_fight_gives_results():
    """The adventure's log carries its running fight's lines, so each tap has a result."""
    app = quick("ads_adventure", "warrior")
    s = app.sessions["ads_adventure"]
    app.render()
    app.handle("play", json.dumps(s.game.legal_actions(s.state)[0]))
    html = app.render()
    assert app.result and flow.RESULT_SLOT not in html and "data-result" in html


def test_setup_explains_each_choice():
    app = App()
    for system in ("ads", "ads_adventure"):
        app.handle("open", system)
        html = app.render()
        assert "Play now" in html and "One Dimensional" in html and "Simple" in html
        for d in data.decks().values():
            assert f"Play now as {d['name']}" in html
        for k in ads.DECK_LINES.values():
            assert k in html
    app.handle("open", "ads")
    html = app.render()
    for line in ads.FOE_LINES.values():
        assert line in html
    assert set(ads.FOE_LINES) == set(data.foes())


def test_guides_and_terms_exist():
    assert 3 <= len(learn.guide("ads", "ads")) <= 6
    assert 3 <= len(learn.guide("ads", "ads_adventure")) <= 6
    for key in ("rondel", "up-down", "ads-counter", "re-counter", "escalation", "recall", "ads-fatigue",
                "ads-exhaustion", "r-half", "one-dimensional", "overwhelm"):
        assert key in learn.glossary()
