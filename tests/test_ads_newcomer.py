"""Issue 50 at the ADS tables, in CPython: a newcomer's first fight is against the easiest
Foe and says so (later fights keep the book's choice); no card in hand is shown unplayable
without the engine's own reason; draw lines are words with the Up/Down drawn, never spelt;
every end (a lone fight's, an adventure's) offers a way on; a hidden Foe's attack says what
the buttons offer; the keep's intro comes before its first fight."""

from __future__ import annotations

import html as H
import json
import re

import pytest

from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import Session
from pocketdeck.systems.ads import actions, turn
from pocketdeck.ui.ads import fight as ads
from pocketdeck.ui.app import App


def _setup_play_now(app: App) -> None:
    """Tap the setup screen's first Play now button, as the newcomer walk does."""
    app.handle("open", "ads")
    html = app.render()
    m = re.search(r'data-action="new" data-arg="([^"]+)" data-fill="quick"', html)
    assert m, "no Play now button"
    app.handle("new", H.unescape(m.group(1)), {"quick": "yes"})


def _finish(app: App, system: str, seed: int, cap: int = 3000) -> None:
    s = app.sessions[system]
    rng = Rng(seed)
    for _ in range(cap):
        if s.game.is_over(s.state):
            return
        app.handle("play", json.dumps(s.game.sim_choose(s.state, s.game.legal_actions(s.state), rng)))
    pytest.fail("the game did not end")


def test_the_first_fight_is_the_easiest_foe_and_says_so_later_fights_the_books():
    app = App(seed_source=4)
    app.handle("open", "ads")
    html = app.render()
    assert "Your first fight" in html and "Goblin Archer, the easiest Foe" in html
    _setup_play_now(app)
    s = app.sessions["ads"]
    assert s.options["foe"] == ads.FIRST_FOE == "goblin_archer" and s.options["count"] == 1
    assert app.flash and app.flash[1].startswith("Your first fight: one Goblin Archer, the easiest Foe.")
    assert s.state["phase"] == "initiative"      # the first decision: tap 2 from the home screen
    _finish(app, "ads", 4)
    app.handle("setup", "ads")
    html = app.render()
    assert "Your first fight" not in html and "one Goblin Skirmisher (the book" in html
    app.handle("new", json.dumps({"system": "ads", "options": {"deck": "rogue"}}), {"quick": "yes"})
    assert app.sessions["ads"].options["foe"] == "goblin_skirmisher"
    assert "first fight" not in (app.flash or ("", ""))[1]


def _every_hand_card_has_its_status(app: App, system: str) -> int:
    html = app.render()
    cards = re.findall(r'<div class="ads-hc[^"]*" data-hand-card( data-why="([^"]*)")?', html)
    assert all(c[1].strip() for c in cards), "a card in hand carries no line"
    return len(cards)


@pytest.mark.parametrize("deck,foe,seed", [("warrior", "hobgoblin_captain", 1), ("priest", "cultist", 2),
                                           ("rogue", "goblin_skirmisher", 3), ("mage", "bandit", 4)])
def test_no_card_in_hand_is_unplayable_without_the_engines_reason(deck, foe, seed):
    app = App(seed_source=seed)
    app.handle("new", json.dumps({"system": "ads", "options": {"deck": deck, "foe": foe, "count": 2}}), {"quick": "yes"})
    s = app.sessions["ads"]
    rng = Rng(seed)
    shown = 0
    for _ in range(300):
        shown += _every_hand_card_has_its_status(app, "ads")
        st = s.state
        if s.game.is_over(st):
            break
        legal = s.game.legal_actions(st)
        status = actions.hand_status(st, legal)
        for b, row in status.items():
            assert row["use"] or row["why"], (b, st["phase"])
        if st["phase"] == "turn" and not st["grapple"] and st["free_turn"] is None:
            played = {a["card"] for a in legal if a["type"] == "play"}
            for b in status:  # the reason and the legal plays come from one check
                plays, why = turn.card_plays(st, b)
                assert bool(plays) == (b in played) and bool(why) != bool(plays), (b, why)
        app.handle("play", json.dumps(s.game.sim_choose(st, legal, rng)))
    assert shown > 30


def _warrior_turn(hand: list[str], shield: bool, armed: str | None) -> dict:
    s = Session.start("ads", {"deck": "warrior", "foe": "goblin_archer"}, seed=1)
    st = json.loads(json.dumps(s.state))
    st.update(phase="turn", round=2, shield=shield, armed=armed, pending=None)
    rest = [c for c in st["draw"] if c.split(".")[0] not in hand]
    st["hand"] = [next(c for c in st["draw"] if c.split(".")[0] == b) for b in hand]
    st["draw"] = rest
    return st


def test_the_books_reasons_for_the_greatsword_warhammer_and_power_attack():
    """The issue's Rounds 2-3: Greatsword, Warhammer and Power Attack in hand, not offered."""
    st = _warrior_turn(["greatsword", "warhammer", "power_attack", "longsword"], shield=True, armed="longsword")
    legal = actions.legal(st)
    assert not any(a["type"] == "play" and a["card"] in ("greatsword", "warhammer") for a in legal)
    why = {b: r["why"] for b, r in actions.hand_status(st, legal).items()}
    assert why["greatsword"].startswith("Two-Handed: both hands are needed, and your Shield is ready")
    assert why["warhammer"].startswith("Not ready: you hold your Longsword. Swapping Weapons uses your Action")
    assert actions.hand_status(st, legal)["power_attack"]["use"] == "boost"   # with the Longsword
    st2 = _warrior_turn(["power_attack", "chainmail"], shield=True, armed=None)
    why2 = actions.hand_status(st2, actions.legal(st2))
    assert why2["power_attack"]["why"] == "A Boost Action card: played with a Weapon attack, never alone"
    assert why2["chainmail"]["why"] == "A Reaction card: played when a Foe attacks you"
    st3 = _warrior_turn(["warhammer"], shield=False, armed=None)
    st3["round"] = 1
    assert turn.card_plays(st3, "warhammer")[0]  # Round 1 is secondary: playable, drawn free
    st3["hp"] = st3["max_hp"]


SPELT = re.compile(r"[\^▲▼○]|(?<![A-Za-z])v(?![A-Za-z])")


def _visible_text(html: str) -> str:
    body = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    return H.unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize("system,deck", [("ads", "warrior"), ("ads", "mage"), ("ads_adventure", "rogue")])
def test_draws_are_words_and_up_down_is_drawn_never_spelt(system, deck):
    app = App(seed_source=6)
    key = "deck" if system == "ads" else "hero"
    app.handle("new", json.dumps({"system": system, "options": {key: deck}}), {"quick": "yes"})
    s = app.sessions[system]
    rng = Rng(6)
    lines = 0
    for _ in range(200):
        html = app.render()
        text = _visible_text(html)
        assert not SPELT.search(text), SPELT.search(text) and text[max(0, SPELT.search(text).start() - 60):][:120]
        lines += html.count('<ul class="ads-fresh"')
        if s.game.is_over(s.state):
            break
        app.handle("play", json.dumps(s.game.sim_choose(s.state, s.game.legal_actions(s.state), rng)))
    assert lines > 0


def test_an_initiative_draw_says_what_matched_and_what_followed():
    app = App(seed_source=3)
    app.handle("new", json.dumps({"system": "ads", "options": {"deck": "warrior"}}), {"quick": "yes"})
    app.handle("play", json.dumps({"type": "declare", "symbol": "^"}))
    box = _visible_text(app.render().split('class="ads-fresh"', 1)[1].split("</ul>", 1)[0])
    assert re.search(r"You declared Up for the Initiative\s*:\s*\d of 3 matched", box)
    assert re.search(r"(you go first|the Foes go first|a tie: both draw again)", box)
    assert '<svg class="ud up"' in app.render()


def test_the_end_of_a_lone_fight_offers_a_way_on():
    app = App(seed_source=8)
    _setup_play_now(app)
    _finish(app, "ads", 8)
    html = app.render()
    box = html[html.index("ads-over"):]
    for text in ("Fight again: Goblin Archer", "Another Foe: Goblin Skirmisher", "Choose a Foe and a deck", "Home"):
        assert text in box, text
    again = re.search(r'data-action="new" data-arg="([^"]+)" data-fill="quick">Fight again', box)
    app.handle("new", H.unescape(again.group(1)), {"quick": "yes"})
    s = app.sessions["ads"]
    assert s.options["foe"] == "goblin_archer" and s.state["phase"] == "initiative"   # the hand taken again
    _finish(app, "ads", 9)
    nxt = re.search(r'data-action="new" data-arg="([^"]+)" data-fill="quick">Another Foe', app.render())
    app.handle("new", H.unescape(nxt.group(1)), {"quick": "yes"})
    assert app.sessions["ads"].options["foe"] == "goblin_skirmisher"


def test_a_hidden_foes_attack_says_what_the_buttons_offer():
    for seed in range(1, 60):
        app = App(seed_source=seed)
        app.handle("new", json.dumps({"system": "ads", "options": {"deck": "warrior"}}), {"quick": "yes"})
        s = app.sessions["ads"]
        rng = Rng(seed)
        for _ in range(200):
            st = s.state
            if s.game.is_over(st):
                break
            if st["phase"] == "react" and st["pending"]["sneak"]:
                text = _visible_text(app.render())
                only = [a["type"] for a in s.game.legal_actions(st)] == ["take"]
                assert ("Nothing you hold answers it" in text) == only
                assert re.search(r"lists no Attribute to\s+counter\s+it with", text)
                return
            app.handle("play", json.dumps(s.game.sim_choose(st, s.game.legal_actions(st), rng)))
    pytest.fail("no attack from hiding in 60 fights")


def test_the_adventure_tells_its_intro_before_the_first_fight_and_its_end_has_a_way_on():
    app = App(seed_source=5)
    app.handle("new", json.dumps({"system": "ads_adventure", "options": {"hero": "warrior"}}), {"quick": "yes"})
    html = app.render()
    assert 'data-phase="fight"' in html
    intro = html.index("adv-intro")
    assert "A lighthouse keep slid half into the marsh" in html[intro:intro + 300]
    assert intro < html.index("data-prompt")
    _finish(app, "ads_adventure", 5, cap=6000)
    html = app.render()
    assert "adv-intro" not in html
    for text in ("Enter the keep again", "A lone fight", "Set up another adventure", "Home"):
        assert text in html, text
