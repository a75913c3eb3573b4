"""The Deckbuilder table in CPython along whole battles: every button carries a legal
action, every legal action has a button, the players' own names are escaped, the synergy
prompt shows for an ally in the same arena, and the setup form starts a game."""

from __future__ import annotations

import json
import re
from html import escape, unescape
from html.parser import HTMLParser

import pytest

from pocketdeck.core.rng import Rng
from pocketdeck.systems.deckbuilder import data
from pocketdeck.ui.app import App
from pocketdeck.ui.deckbuilder.setup import hero_line, zone_line

HOSTILE = '<img src=x onerror="alert(1)">'


class Buttons(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self.tags: set[str] = set()
        self.inputs: list[dict] = []
        self.labels = 0

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        a = dict(attrs)
        if "data-action" in a and "disabled" not in a:
            self.found.append((a["data-action"], a.get("data-arg") or ""))
        if tag in ("input", "select"):
            self.inputs.append(a)
        if tag == "label":
            self.labels += 1


def parse(html: str) -> Buttons:
    p = Buttons()
    p.feed(html)
    return p


def start(seed: int, heroes=("warrior", "priest"), zones="all", names=None, gm=False, app=None,
          library=()) -> App:
    app = app or App(seed_source=seed)
    app.handle("open", "deckbuilder")
    fields = {"heroes": list(heroes), "zones": zones, "library": list(library)}
    if gm:
        fields["gm"] = "yes"
    for h, n in (names or {}).items():
        fields[f"name_{h}"] = n
    app.handle("new", json.dumps({"system": "deckbuilder"}), fields)
    assert app.flash is None or app.flash[0] == "info", app.flash  # a new game over one says where the old went
    return app


def check_screen(app: App) -> str:
    html = app.render()
    assert HOSTILE not in html
    parsed = parse(html)
    assert "img" not in parsed.tags and "script" not in parsed.tags
    session = app.sessions["deckbuilder"]
    legal = session.game.legal_actions(session.state)
    shown = [json.loads(arg) for verb, arg in parsed.found if verb == "play"]
    for action in shown:
        assert action in legal, f"a button offers {action}, which is not legal now"
    for action in legal:
        assert action in shown, f"no button for the legal action {action}"
    return html


@pytest.mark.parametrize("seed, heroes, gm", [(1, ("warrior", "priest"), False), (2, ("rogue", "wizard", "priest"), False),
                                              (3, ("rogue", "warrior", "wizard", "priest"), False),
                                              (4, ("warrior", "priest"), True)])
def test_screens_along_whole_battles(seed, heroes, gm):
    app = start(seed, heroes, names={"priest": HOSTILE, "rogue": "Vex & <Co>"}, gm=gm)
    session = app.sessions["deckbuilder"]
    game, rng = session.game, Rng(seed)
    seen = set()
    for _ in range(3000):
        html = check_screen(app)
        st = session.state
        if st["turn"] and st["turn"]["mode"] == "synergy" and st["pending"] is None:
            seen.add("synergy")
            assert "Synergy for" in html
        if st["pending"]:
            seen.add("defense")
            assert "Spend defense counters" in html
        if st["phase"] == "spoils":
            seen.add("spoils")
        if st["phase"] == "upgrade":
            seen.add("upgrade")
            assert "experience to spend" in html
        if st["mturn"] is not None and st["pending"] is None:  # a hero answers a boss's attack first
            seen.add("gm")
            assert "Game Master:" in html and 'class="db-prompt db-gm"' in html
        if st["rolls"]:
            seen.add("dice")
            assert "db-die" in html
        if game.is_over(st):
            break
        app.handle("play", json.dumps(game.sim_choose(st, game.legal_actions(st), rng)))
        assert app.flash is None, app.flash
    assert game.is_over(session.state)
    assert {"synergy", "dice"} <= seen
    assert ("gm" in seen) == gm
    assert "&lt;img src=x" in app.render()  # the priest's name, escaped


def test_setup_form_defaults_and_labels():
    app = App(seed_source=1)
    app.handle("open", "deckbuilder")
    html = app.render()
    p = parse(html)
    checked = [i["value"] for i in p.inputs if i.get("type") == "checkbox" and "checked" in i]
    assert checked == ["warrior", "priest"]
    assert p.labels >= len(p.inputs)  # every input sits in a label
    assert "in turn order" not in html and "play goes clockwise" in html  # Initiative: seats, clockwise
    app.handle("new", json.dumps({"system": "deckbuilder"}), {"heroes": [], "zones": "all"})
    assert app.flash and "at least one hero" in app.flash[1]
    app = start(4, ("wizard",), zones="keep")
    assert app.sessions["deckbuilder"].state["options"]["zones"] == ["keep"]


def play_to_end(app: App, seed: int) -> None:
    session = app.sessions["deckbuilder"]
    rng = Rng(seed)
    for _ in range(3000):
        if session.game.is_over(session.state):
            return
        app.handle("play", json.dumps(session.game.sim_choose(session.state, session.game.legal_actions(session.state), rng)))
        assert app.flash is None, app.flash
    raise AssertionError("the game did not end")


def test_an_upgrade_screen_offers_every_purchase_as_a_button():
    for seed in range(1, 60):
        app = start(seed, ("warrior", "priest"), zones="crypt")
        session = app.sessions["deckbuilder"]
        rng = Rng(seed)
        while not session.game.is_over(session.state) and session.state["phase"] != "upgrade":
            app.handle("play", json.dumps(session.game.sim_choose(session.state, session.game.legal_actions(session.state), rng)))
        if session.state["phase"] == "upgrade":
            break
    html = check_screen(app)
    assert "db-upgrade" in html and "Done: keep the rest" in html and "maximum health" not in html
    assert "experience): a new card in your deck" in html and "Practise " in html  # Overview: cards only
    practise = next(a for a in session.game.legal_actions(session.state) if a.get("what") == "practise")
    app.handle("play", json.dumps(practise))  # the button's action is taken
    assert app.flash is None and any(" practises " in line for line in session.state["log"])


def test_the_party_goes_to_the_hero_library_and_comes_back_on_the_form():
    app = start(5, ("rogue",), zones="crypt", names={"rogue": "Vex <Co>"})
    play_to_end(app, 5)
    keys = [k for k in app.library if k.startswith("char:deckbuilder:")]
    assert keys == ["char:deckbuilder:vex-co"]
    record = app.library[keys[0]]
    assert record["name"] == "Vex <Co>" and record["hero"] == "rogue"
    app.handle("setup", "deckbuilder")
    html = app.render()
    assert "Heroes from your library" in html and "Vex &lt;Co&gt;" in html and HOSTILE not in html
    app = start(6, ("warrior",), zones="keep", app=app, library=keys)
    st = app.sessions["deckbuilder"].state
    assert [h["name"] for h in st["heroes"]] == ["Vex <Co>", "Brann the Warrior"]
    assert st["heroes"][0]["xp"] == record["xp"]
    play_to_end(app, 6)
    # the same library entry is updated in place; the warrior gets one of their own
    assert sorted(k for k in app.library if k.startswith("char:deckbuilder:")) == \
        ["char:deckbuilder:brann-the-warrior", "char:deckbuilder:vex-co"]
    assert app.library["char:deckbuilder:vex-co"]["encounters"] >= record["encounters"]


def test_a_damaged_library_entry_is_kept_out_of_the_form():
    app = App(seed_source=1)
    app.restore({"char:deckbuilder:x": json.dumps({"format": "pocketdeck-deckbuilder-hero", "name": "X"})})
    assert app.problems and "could not be read" in app.problems[0]
    app.handle("open", "deckbuilder")
    assert "Heroes from your library" not in app.render()


def test_the_gm_option_is_on_the_form_and_reaches_the_game():
    app = App(seed_source=1)
    app.handle("open", "deckbuilder")
    p = parse(app.render())
    assert any(i.get("name") == "gm" and i.get("type") == "checkbox" for i in p.inputs)
    app = start(2, ("warrior",), zones="crypt", gm=True)
    assert app.sessions["deckbuilder"].state["options"]["gm"] is True
    app = start(2, ("warrior",), zones="crypt")
    assert app.sessions["deckbuilder"].state["options"]["gm"] is False


def test_the_screen_shows_the_whole_zone_its_items_and_a_signed_dice_line():
    app = start(5, ("warrior",), zones="crypt")
    html = app.render()
    assert "Unexplored" not in html  # the whole encounter zone is laid out
    assert "Item: Dagger" in html and "Necromancer" in html
    session = app.sessions["deckbuilder"]
    session.state["rolls"] = [{"dice": [3, 3], "to_hit": -1, "total": 5, "defense": 9, "hit": False,
                               "critical": False, "crit_die": 0, "damage": 0, "attacker": "A",
                               "target": "B", "weapon": "W"}]
    html = app.render()
    # the dice beside the prompt with the total against the defense; the log line (the
    # tap's result box) says it in words: to-hit with its sign, the dice, the defense
    assert "A → B: 5 against 9, <b>miss</b>" in html and "+ -" not in html
    from pocketdeck.systems.deckbuilder.turn import describe
    assert describe(session.state["rolls"][0]) == "A attacks B with W: to-hit -1, rolled 3+3 = 5 against defense 9: a miss."


def test_the_setup_form_offers_the_lone_heros_skirmish_and_it_starts_there():
    """Our content, docs/rules/deckbuilder.md "A lone hero's skirmish": its own choice under
    Encounters, worded for one hero; "both encounters" stays the default and keeps its zones."""
    app = App(seed_source=1)
    app.handle("open", "deckbuilder")
    html = app.render()
    assert '<option value="watchtower">Lone hero: The Lonely Watchtower</option>' in html
    assert "<b>Lone hero: The Lonely Watchtower</b>: A short skirmish made for one hero" in html
    assert '<option value="all" selected>' in html
    app = start(6, ("rogue",), zones="watchtower")
    state = app.sessions["deckbuilder"].state
    assert state["options"]["zones"] == ["watchtower"] and len(state["heroes"]) == 1
    html = app.render()
    assert "Ivy-choked Gate" in html and "Hessa the Tower Warden" in html
    assert start(6, ("rogue",)).sessions["deckbuilder"].state["options"]["zones"] == ["crypt", "keep"]


# -- issues 24 and 25: the prompt, Play now, the setup's lines, the glossary on screen ---------
def _play_now_arg(html: str, hero: str) -> str:
    found = re.search(r'<button type="button" class="btn[^"]*" data-action="new" data-arg="([^"]+)" '
                      rf'title="Play now: {re.escape(hero)} alone in', html)
    assert found, f"no Play now button for {hero}"
    return unescape(found.group(1))


def test_play_now_reaches_a_first_turn_in_two_taps_from_home():
    """Issue 25, quick characters: Start (the table's form), then Play now: a ready hero in
    the lone hero's skirmish, on a first turn whose Action Tableau is inside the prompt."""
    app = App(seed_source=4)
    app.handle("open", "deckbuilder")
    html = app.render()
    assert html.index("Play now") < html.index("Or build a party")  # first on the form
    for hid, h in data.heroes().items():
        assert html.count(f'title="Play now: {h["name"]} alone in') == 1  # distinct names
    app.handle("new", _play_now_arg(html, "Brann the Warrior"), {})
    assert app.flash is None and app.screen == "table:deckbuilder"
    st = app.sessions["deckbuilder"].state
    assert st["options"]["zones"] == data.solo_zones()[:1] and [h["hero"] for h in st["heroes"]] == ["warrior"]
    html = app.render()
    prompt = html[html.index("data-prompt"):]
    assert prompt.index("db-tableau") < prompt.index("db-hand")  # the choice, then the hand
    assert 'class="guide"' in html  # the first game's guide


def test_the_setup_form_says_what_each_hero_and_each_encounter_means():
    app = App(seed_source=1)
    app.handle("open", "deckbuilder")
    html = app.render()
    for hid in data.heroes():
        assert html.count(escape(hero_line(hid))) == 2  # Play now and the party form
    for zid in data.zone_order() + data.solo_zones():
        assert escape(zone_line(zid)) in html
    assert 'aria-describedby="db-zones-note"' in html


def test_every_battle_screen_has_one_prompt_and_a_popover_for_each_term():
    """Issue 24: the one prompt holds who acts and the choices; issue 25: every term and
    every "?" drawn has its popover on the same screen."""
    app = start(9, ("warrior", "wizard"), zones="crypt")
    session = app.sessions["deckbuilder"]
    rng = Rng(9)
    for _ in range(150):
        html = app.render()
        body = html[:html.index('<div id="gl-')] if '<div id="gl-' in html else html
        assert body.count("data-prompt") - body.count('class="guide"') == 1
        for target in set(re.findall(r'popovertarget="([^"]+)"', html)):
            assert f'id="{target}"' in html, target
        legal = session.game.legal_actions(session.state)
        if not legal:
            break
        app.handle("play", json.dumps(legal[rng.below(len(legal))]))
        assert app.flash is None or app.flash[0] != "error", app.flash


def _quick(seed: int = 3) -> App:
    """Home, Start, Play now: Brann alone in the Lonely Watchtower (the quickest start)."""
    from pocketdeck.ui.deckbuilder.setup import quick_options
    app = App(seed_source=seed)
    app.handle("open", "deckbuilder")
    app.handle("new", json.dumps({"system": "deckbuilder", "options": quick_options("warrior")}), {})
    app.render()
    app.handle("guide", "skip")
    return app


def _play(app: App, pred) -> str:
    s = app.sessions["deckbuilder"]
    action = next(a for a in s.game.legal_actions(s.state) if pred(a))
    app.handle("play", json.dumps(action))
    assert app.flash is None, app.flash
    return app.render()


def _words(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html))


def test_a_melee_turn_says_the_counters_come_first_and_never_wastes_a_card_silently():
    """Issue 50, item 6 (Deckbuilder RPG, Melee: "Once the cards have been played and the
    counters tallied, the melee attack is rolled"): with more Melee cards to use, the screen
    says to put them on counters first and offers the counter before the attack; an attack
    that leaves a played card unused says so on its button and after it."""
    app = _quick()
    html = _play(app, lambda a: a == {"type": "take", "stack": "melee"})
    words = _words(html)
    assert "Before you attack, play your other Melee cards" in words
    assert html.index("Add 1 counter to Longsword") < html.index("Attack Goblin with Longsword")
    assert "Attack Goblin with Longsword (ends the turn's cards)" in words
    html = _play(app, lambda a: a == {"type": "play", "card": "melee"})
    words = _words(html)
    assert "You have 2 Melee cards to use" in words and "Put this one on a counter, then attack with the last" in words
    assert "(ends the turn: 1 played card unused)" in words
    html = _play(app, lambda a: a["type"] == "attack")
    words = _words(html)
    assert "1 played card went unused" in words and "stay in your hand for a later turn" in words


def test_every_card_in_the_hand_that_does_not_play_says_why():
    """Issue 50: no card shown unplayable without a reason (data-why, and the line under the
    hand), at the take, in a turn, after the melee attack, along a whole battle."""
    app = _quick(4)
    s = app.sessions["deckbuilder"]
    rng = Rng(4)
    for _ in range(200):
        html = app.render()
        for span in re.findall(r'<span class="db-hand-card"[^>]*>', html.split("Played this turn")[0]):
            if "data-hand-card" in span:
                assert re.search(r'data-why="[^"]{10,}"', span), span
        hand = re.search(r'<div class="db-hand">(.*?)</div>', html, re.S)
        if hand:
            spans = re.findall(r'<span class="db-hand-card"[^>]*>', hand.group(1))
            assert all("data-why" in x for x in spans), spans
        if s.game.is_over(s.state):
            break
        legal = s.game.legal_actions(s.state)
        app.handle("play", json.dumps(legal[rng.below(len(legal))]))


def test_the_end_of_a_battle_offers_play_again_another_battle_and_home():
    """Issue 50: every end has a way on."""
    app = _quick(5)
    s = app.sessions["deckbuilder"]
    rng = Rng(5)
    while not s.game.is_over(s.state):
        legal = s.game.legal_actions(s.state)
        app.handle("play", json.dumps(s.game.sim_choose(s.state, legal, rng)
                                      if hasattr(s.game, "sim_choose") else legal[rng.below(len(legal))]))
    html = app.render()
    parsed = parse(html)
    verbs = [v for v, _ in parsed.found]
    assert "new" in verbs and "setup" in verbs and "home" in verbs
    again = next(json.loads(unescape(a)) for v, a in parsed.found if v == "new")
    assert again["options"] == s.options
    app.handle("new", json.dumps(again), {})
    assert app.flash is None or app.flash[0] == "info"
    assert not app.sessions["deckbuilder"].game.is_over(app.sessions["deckbuilder"].state)
