"""The Deck of Adventures table in CPython: along whole random sessions every button
carries a legal action and every legal action has a button; user text is escaped; the
setup form refuses bad input; the odds shown are the engine's exact ones."""

from __future__ import annotations

import json
import re
from html import unescape
from html.parser import HTMLParser

import pytest

from pocketdeck.core.game import get_game
from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App
from pocketdeck.ui.html import esc
from pocketdeck.systems.dofa.sheet import premades
from pocketdeck.ui.dofa.sheet import options_from_form


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


def start(character: str = "Spades2", name: str = "<i>Ann</i>", seed: int = 5, companion: str = "") -> App:
    app = App(seed_source=seed)
    app.handle("open", "dofa")
    app.handle("new", json.dumps({"system": "dofa"}), {"character": character, "name": name,
                                                           "companion": companion})
    assert app.flash is None, app.flash
    return app


def key(a: dict) -> str:
    return json.dumps(a, sort_keys=True)


@pytest.mark.parametrize("character,seed,companion", [("Spades2", 1, ""), ("Diamonds3", 2, "Wolf"),
                                                      ("Clubs1", 3, ""), ("custom", 4, "Falcon")])
def test_every_button_is_legal_and_every_legal_action_has_a_button(character, seed, companion):
    app = start(character, seed=seed, companion=companion)
    session = app.sessions["dofa"]
    game = get_game("dofa")
    rng = Rng(seed)
    for _ in range(250):
        state = session.state
        html = app.render()
        parsed = Buttons()
        parsed.feed(html)
        legal = game.legal_actions(state)
        # (a practice check's next step repeats one key of the form: a second button)
        assert sorted(set(map(key, parsed.play))) == sorted(map(key, legal))
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
    assert re.search(r"your range 5 to J \(<button[^>]*>EDR</button> 3\)", html), "the range in words, then EDR"
    assert "Chance of success: <b>54%</b>" in html and "with a Fate redraw on a miss: <b>79%</b>" in html
    assert re.search(r"the GM’s Guide chart</button> says 54% \(its Normal Draw row at 3, a fresh deck\)", html)


def test_gmg_difficulty_chart_the_phone_says_the_chart_says_only_what_it_prints():
    """GMG Difficulty Chart: its rows are one card (Normal, Color, Suit Draw) and two
    (Upper/Lower Hand 2) at DR 0-6, in whole percents. The phone names the row where one
    holds the draw; for Upper Hand 3 it prints no figure, and the phone says the figure is
    counted its way (as the GM's table does, review recent-rules-2026-12-07 G2)."""
    from pocketdeck.systems.dofa import odds, view
    from pocketdeck.ui.dofa.check import _chance
    deck, discard = tuple(odds.degree_counts(odds.standard_deck(), "8C", 3)), (0,) * 8
    two = view._odds(deck, discard, 1, False, 3)
    assert two["chart_row"] == "Upper Hand 2 row at 3" and two["chart"].endswith("%") and "." not in two["chart"]
    three = view._odds(deck, discard, 2, False, 3)
    assert three["chart_row"] is None
    line = unescape(re.sub(r"<[^>]+>", "", _chance(three)))
    assert "the GM’s Guide chart prints no figure for this draw; counted its way (each card from a full 52): " in line
    assert "says" not in line


def test_a_result_names_the_rule_in_plain_words_with_the_term_linked():
    """Issue 50, item 10: no "Miss (a miss)" or "Color (a success)": the book's name of the
    degree (a glossary link), what it means for the card drawn, and the range it fell in."""
    from pocketdeck.ui.dofa.check import degree_words
    html = degree_words(3, True, "2D", "7H", 5)
    assert "popovertarget=\"gl-color\"" in html and ">Color Success<" in html
    text = unescape(re.sub(r"<[^>]+>", "", html))
    assert text == ("Color Success: the 2 of Diamonds is within your range and in the Target Card's colour "
                    "(2 to Q: 5 either side of the 7 of Hearts, EDR 5).")
    text = unescape(re.sub(r"<[^>]+>", "", degree_words(7, False, "KS", "7H", 2)))
    assert text == "Miss: the King of Spades is outside your range (5 to 9: 2 either side of the 7 of Hearts, EDR 2)."
    text = unescape(re.sub(r"<[^>]+>", "", degree_words(6, False, "7D", "7H", -2)))
    assert text.startswith("Color Miss: the 7 of Diamonds has the Target Card's value, but below EDR 0")
    for degree in range(8):
        assert "(a miss)" not in degree_words(degree, degree < 5) and "(a success)" not in degree_words(degree, degree < 5)


def test_the_sheet_alone_offers_a_practice_check_and_says_who_calls_checks():
    """Issue 50, item 3: a sheet opened alone has something to do: a check a GM might call,
    tapped in one step at a time, drawn, and its result by the book; and the line saying
    that at a table the GM calls checks and shows the Target Card."""
    from pocketdeck.ui.dofa.sheet import PRACTICE
    app = start("Spades1", seed=5)
    html = app.render()
    assert "At a table the GM calls each check" in re.sub(r"<[^>]+>", "", html)
    assert 'aria-label="Practice a check"' in html
    names = [w for w, _, _ in PRACTICE]
    assert any(esc(w) in html for w in names)
    for _ in range(5):  # value, suit, skill, DR, Draw: each the practice's one primary step
        step = re.search(r'aria-label="Practice a check">.*?<button type="button" class="btn primary" '
                         r'data-action="play" data-arg="([^"]+)"', html, re.S)
        assert step, html[:2000]
        app.handle("play", unescape(step.group(1)))
        assert app.flash is None, app.flash
        html = app.render()
    assert app.sessions["dofa"].state["draw"] is not None       # drawn
    app.handle("play", json.dumps({"type": "accept"}))
    html = app.render()
    text = unescape(re.sub(r"<[^>]+>", "", html))
    assert re.search(r"(Success|Miss): the .+ is .+ \(.+ either side of the .+, EDR \d\)", text)
    assert 'aria-label="Practice a check"' in html               # the next practice check
    # in combat there is no practice: the GM's checks come then
    app.handle("play", json.dumps({"type": "start_combat"}))
    assert 'aria-label="Practice a check"' not in app.render()


def test_setup_form_and_refusals():
    """Issue 25, setup forms that explain: 24 premades each under its own name with one
    line, the four Play now heroes first, Build my own; then the form's refusals."""
    app = App(seed_source=1)
    app.handle("open", "dofa")
    html = app.render()
    starts = re.findall(r'data-action="new" data-arg="([^"]+)"[^>]*title="([^"]+)"', html)
    chars = [json.loads(unescape(arg))["options"]["character"] for arg, _ in starts]
    names = [name for _, name in starts]
    assert sorted(chars) == sorted([*premades(), "custom"])
    assert len(set(names)) == len(names) == 25  # distinct names (Alchemist 2 and 3 were one)
    assert "Play Alchemist 2 (Support, level 2)" in names and "Play Alchemist 3 (Support, level 2)" in names
    assert chars[:4] == ["Spades1", "Clubs1", "Diamonds1", "Hearts1"] and names[0].startswith("Play now")
    assert html.count('<p class="muted">') >= 25  # one line per choice
    companions = html.split('name="companion"')[1].split("</select>")[0]
    assert companions.count("<option") == 6
    with pytest.raises(ValueError, match="Premade"):
        options_from_form({"character": "Nobody"}, app)
    with pytest.raises(ValueError, match="Companion"):
        options_from_form({"character": "Clubs1", "companion": "Dragon"}, app)
    with pytest.raises(ValueError, match="Name"):
        options_from_form({"character": "Clubs1", "name": "x" * 41}, app)


def test_play_now_keeps_the_tapped_premade_and_the_typed_name():
    app = App(seed_source=2)
    app.handle("open", "dofa")
    app.handle("new", json.dumps({"system": "dofa", "options": {"character": "Alchemist3"}}),
               {"name": "Ann", "companion": ""})
    assert app.flash is None, app.flash
    state = app.sessions["dofa"].state
    assert state["options"]["character"] == "Alchemist3" and state["sheet"]["name"] == "Ann"


def _stack(session, *top):
    """Put ``top`` on top of the session's Action Deck (a test-only rearrangement)."""
    st = session.state
    st["deck"] = [c for c in st["deck"] if c not in top] + list(reversed(top))


def test_hidden_dr_draw_shows_what_to_report():
    app = start("Spades1")
    session = app.sessions["dofa"]
    session.state["sheet"]["skills"]["Detection"] = 1
    _stack(session, "8S")
    for a in [{"type": "tc_rank", "rank": "3"}, {"type": "tc_suit", "suit": "D"},
              {"type": "stat", "stat": "Detection"}, {"type": "dr", "dr": None}]:
        app.handle("play", json.dumps(a))
    assert "DR hidden: you will report the card moved by your modifier" in app.render()
    app.handle("play", json.dumps({"type": "draw"}))
    assert app.flash is None, app.flash
    assert "Report to the GM: 7 (4 from the TC)" in app.render()


def test_knocked_out_in_combat_shows_the_epic_event():
    app = start("Spades1")
    app.handle("play", json.dumps({"type": "start_combat"}))
    for n in (3, 2):
        app.handle("play", json.dumps({"type": "damage", "amount": n, "bypass": True}))
    html = app.render()
    assert "Epic Event" in html and "DR 4 Vitality" in html and "at DR 5 against" in html
    parsed = Buttons()
    parsed.feed(html)
    assert {"type": "treated"} in parsed.play and not any(a["type"] == "kind" for a in parsed.play)


def test_the_powers_words_are_on_the_sheet_and_in_the_builder():
    """Each power held shows its words under its name, beside its spend-PP buttons, and on
    the character sheet with each vulnerability's; the builder shows the words beside every
    power and vulnerability choice. Everything escaped."""
    from pocketdeck.systems.dofa import sheet as sh
    from pocketdeck.ui.html import esc
    app = start("Spades2")
    html = app.render()
    sweep = esc(sh.powers()["Attack, Sweep"]["text"])
    assert "DR 3 AGL Save" in sweep
    held = html.split('<ul class="dofa-held">')[1].split("</ul>")[0]
    row = held.split("<li>")[3]
    assert row.startswith('<details class="dofa-words"><summary>Attack, Sweep (2 PP): what it does</summary>')
    assert f"<p>{sweep}</p></details>" in row and '"power": "Attack, Sweep"' in row.replace("&quot;", '"')
    sheet = html.split('class="dofa-panel sheet"')[1]
    assert f"<b>Attack, Sweep (2 PP)</b>: {sweep}" in sheet
    assert f"<b>Outsider</b>: {esc(sh.vulnerabilities()['Outsider']['text'])}" in sheet

    app = start("custom")
    app.handle("play", json.dumps({"type": "role", "role": "Support"}))
    html = app.render()
    choices = html.split('<ul class="dofa-choices">')
    assert len(choices) == 3  # the powers, then the vulnerabilities
    heal = esc(sh.powers()["Heal"]["text"])
    assert f'Learn Heal (2 XP, PP 1/2)</button></div><p class="dofa-text">{heal}</p>' in choices[1]
    bloody = esc(sh.vulnerabilities()["Bloodthirsty"]["text"])
    assert f'<p class="dofa-text">{bloody}</p>' in choices[2]
    parsed = Buttons()
    parsed.feed(html)
    learnable = [a["power"] for a in parsed.play if a["type"] == "learn"]
    assert learnable and all(esc(sh.powers()[p]["text"]) in choices[1] for p in learnable)


def test_the_end_of_a_session_offers_play_again_another_character_and_home():
    """Issue 50: every end has a way on."""
    app = start("Spades1", seed=5)
    app.handle("play", json.dumps({"type": "end_session"}))
    html = app.render()
    section = html.split('data-phase="over"', 1)[1]
    for verb in ("new", "setup", "home"):
        assert f'data-action="{verb}"' in section
    arg = re.search(r'data-action="new" data-arg="([^"]+)"', section).group(1)
    assert json.loads(unescape(arg))["options"] == app.sessions["dofa"].options


def test_a_check_of_ones_own_puts_the_practice_away():
    """At a table the player taps in the GM's real check: once a key differs from the
    practice's, the practice step goes (the line on who calls checks stays)."""
    from pocketdeck.ui.dofa.sheet import practice_check
    app = start("Spades1", seed=5)
    s = app.sessions["dofa"]
    view = s.game.view(s.state, "player")
    _, stat, _, card = practice_check(view, s)
    other = "K" if not card.startswith("K") else "Q"
    app.handle("play", json.dumps({"type": "tc_rank", "rank": other}))
    html = app.render()
    assert 'aria-label="Practice a check"' not in html
    assert "At a table the GM calls each check" in unescape(re.sub(r"<[^>]+>", "", html))
