"""P52 on the phone, issues 24 and 25, in CPython: quick characters by the creation rules,
a first turn in four taps from home, creation steps numbered without gaps with the points
left and the typed name, choices that say what they mean, the prompt with the flipped
cards, glossary terms and "?" explanations with their popovers."""

from __future__ import annotations

import json
import re

import pytest

from pocketdeck.core.game import get_game
from pocketdeck.systems.p52 import data
from pocketdeck.systems.p52.maths import starting_core
from pocketdeck.systems.p52.rules import check_record, record_problems
from pocketdeck.ui.app import App
from pocketdeck.ui.p52.quick import quick_records


@pytest.mark.parametrize("n", [1, 3])
def test_step_1_to_7_a_quick_character_passes_the_character_rules_for_200_seeds(n):
    """Creating a Character: every quick character is a record check_record accepts: level 1,
    no exp, a race and a class, core abilities of at least 1, the class's abilities plus
    exactly one more (Step 6: Add an Ability; the points are spread so Step 6 always has
    one when they can reach one: before the fix 10.8% had none), and a name."""
    for seed in range(200):
        records = quick_records(n, seed)
        assert len(records) == n
        for rec in records:
            assert record_problems(rec) == [], (seed, rec)
            check_record(rec)
            assert rec["level"] == 1 and rec["exp"] == 0 and rec["name"].strip()
            assert min(rec["core"].values()) >= 1
            _exactly_one_more_ability(rec)
        assert len({r["name"] for r in records}) == n  # distinct names
        if n > 1:
            assert len({r["class"] for r in records}) == n  # a party of different classes


def _exactly_one_more_ability(rec: dict) -> None:
    """Step 6: Add an Ability: "each player may then pick one additional ability": the
    class's abilities plus exactly one more, unless the Step 5 points could reach none."""
    cls = data.classes()[rec["class"]]
    extra = set(rec["abilities"]) - set(cls["abilities"])
    if len(extra) == 1 and set(cls["abilities"]) <= set(rec["abilities"]):
        return
    start = starting_core(data.races()[rec["race"]]["mods"], cls["mods"])
    points = sum(rec["core"].values()) - sum(start.values())
    reach = [a for a in data.abilities() if a not in cls["abilities"] and data.supported(a)
             and sum(max(0, v - start[k]) for k, v in data.ability(a)["prereq"].items()) <= points]
    assert not extra and not reach, (rec["name"], sorted(extra), reach)


def test_a_quick_character_takes_the_typed_name():
    assert quick_records(1, 5, ["Brom"])[0]["name"] == "Brom"


def _tap_play(app: App, action: dict) -> None:
    app.handle("play", json.dumps(action))
    assert app.flash is None or app.flash[0] != "error", app.flash


def _turn_reached(app: App) -> bool:
    state = app.sessions["p52"].state
    return state["phase"] == "room" and bool(get_game("p52").legal_actions(state))


@pytest.mark.parametrize("seed", range(12))
def test_play_now_reaches_a_first_turn_in_four_taps_from_home(seed):
    app = App(seed_source=seed * 7919 + 1)
    taps = 0
    app.handle("open", "p52"); taps += 1  # the home screen's P52 tile
    html = app.render()
    assert 'data-fill="quick_one,names"' in html and 'data-fill="quick_party,names"' in html
    app.handle("new", json.dumps({"system": "p52"}), {"quick_one": "1", "names": ""}); taps += 1
    assert app.flash is None, app.flash
    state = app.sessions["p52"].state
    assert state["quest"]["kind"] and state["quest"]["env"]  # both flipped
    html = app.render()
    assert app.render_error is None
    assert "data-prompt" in html and 'class="result"' in html  # the flips' result beside the prompt
    while not _turn_reached(app):
        legal = get_game("p52").legal_actions(app.sessions["p52"].state)
        assert legal and legal[0]["type"] == "start_item", legal[:1]
        _tap_play(app, legal[0]); taps += 1
    assert taps <= 4
    check_record(app.sessions["p52"].state["options"]["characters"][0])


def test_a_ready_made_party_of_three_in_one_tap_from_setup():
    app = App(seed_source=99)
    app.handle("open", "p52")
    app.handle("new", json.dumps({"system": "p52"}), {"quick_party": "3", "names": "Ada, Bo"})
    chars = app.sessions["p52"].state["chars"]
    assert [c["name"] for c in chars][:2] == ["Ada", "Bo"] and len(chars) == 3


def test_creation_steps_are_numbered_without_gaps_with_points_left_and_the_typed_name():
    app = App(seed_source=3)
    app.handle("open", "p52")
    app.handle("new", json.dumps({"system": "p52"}), {"new_characters": "1", "names": "Wren Ashdown",
                                                      "layout": "app"})
    seen = []
    game = get_game("p52")
    while app.sessions["p52"].state["phase"] == "creation":
        html = app.render()
        assert app.render_error is None
        step = re.search(r"Step (\d) of 6", html)
        assert step, html[:500]
        if not seen or seen[-1] != int(step.group(1)):
            seen.append(int(step.group(1)))
        assert "Wren Ashdown" in html  # the typed name from the first step
        kind = app.sessions["p52"].state["queue"][0]["kind"]
        if kind == "points":
            left = app.sessions["p52"].state["queue"][0]["n"]
            assert re.search(rf'<b>{left}</b> points? left', html)
            assert "(now " in html
        if kind in ("race", "class", "quirk", "learn"):
            # every choice shows one line of what it means
            assert html.count('<div class="choice">') == html.count('<div class="choice"><button') > 0
            assert len(re.findall(r'<div class="choice"><button[^>]*>.*?</button><p class="muted">', html)) \
                == html.count('<div class="choice">')
        legal = game.legal_actions(app.sessions["p52"].state)
        _tap_play(app, legal[0])
    assert seen == list(range(1, 7)) or seen == [1, 2, 3, 4, 6]  # 5 only when nothing is learnable
    assert app.sessions["p52"].state["chars"][0]["name"] == "Wren Ashdown"


def test_quest_and_environment_choices_say_what_they_mean():
    app = App(seed_source=8)
    app.handle("open", "p52")
    app.handle("new", json.dumps({"system": "p52"}), {"quick_one": "1"})
    while app.sessions["p52"].actions:  # back to the quest choice (Play now flipped the quest
        app.handle("undo")                # and the place, and took a starting item if offered)
    assert app.sessions["p52"].state["queue"][0]["kind"] == "quest"
    html = app.render()
    for words in ("Reward:", "A-3 Big Boss"):
        assert words in html


def _all_popovers_present(html: str) -> None:
    targets = set(re.findall(r'popovertarget="([^"]+)"', html))
    ids = set(re.findall(r'<div id="([^"]+)" popover', html))
    assert targets <= ids, targets - ids


def test_room_screen_has_the_prompt_terms_whys_and_flipped_cards():
    """Play a few quick quests at random; every room screen has one prompt, the glossary
    links and their popovers; after an attack its flipped cards are drawn as cards."""
    game = get_game("p52")
    flips_seen = whys_seen = 0
    for seed in range(6):
        app = App(seed_source=seed + 11)
        app.handle("open", "p52")
        app.handle("new", json.dumps({"system": "p52"}), {"quick_party": "3"})
        for _ in range(60):
            session = app.sessions["p52"]
            if game.is_over(session.state):
                break
            html = app.render()
            assert app.render_error is None, app.render_error
            assert len(re.findall(r"\sdata-prompt[\s>]", html)) == 1 + ('class="guide"' in html)
            _all_popovers_present(html)
            if session.state["phase"] == "room":
                assert 'popovertarget="gl-action-deck"' in html
                whys_seen += 'class="why"' in html
            legal = game.legal_actions(session.state)
            attack = [a for a in legal if a["type"] == "attack"]
            action = attack[0] if attack else legal[(seed * 7 + _) % len(legal)]
            app.handle("play", json.dumps(action))
            if action["type"] == "attack":
                html = app.render()
                assert 'class="flip-cards"' in html and "data-card=" in html.split('class="flip-cards"')[1][:400]
                flips_seen += 1
    assert flips_seen and whys_seen


def test_setup_controls_have_distinct_names_and_explain_the_layout():
    app = App(seed_source=1)
    app.handle("open", "p52")
    html = app.render()
    names = re.findall(r'<span class="sr-only">([^<]+)</span>', html)
    assert len(names) == len(set(names))
    assert "Play now: one ready-made character" in html and "Play now: a ready-made party of three" in html
    assert "lays each room out" in html and 'data-prompt' in html
    _all_popovers_present(html)


def test_the_flipped_cards_drawn_are_those_of_the_taps_result_rehearsals_included():
    """Issue 24: the cards the prompt draws are exactly the cards named in the tap's result
    lines, even when the page's idle rehearsal reached the same state first."""
    game = get_game("p52")
    card = re.compile(r"(?<![\w+])(10|[2-9AJQK])([SHDC])\b")
    for seed in range(4):
        app = App(seed_source=seed + 1)
        app.handle("open", "p52")
        app.render()
        app.handle("new", json.dumps({"system": "p52"}), {"quick_party": "3"})
        app.render()
        for i in range(30):
            state = app.sessions["p52"].state
            if game.is_over(state):
                break
            legal = game.legal_actions(state)
            app.handle("play", json.dumps(legal[(i * 5 + seed) % len(legal)]))
            html = app.render()
            app.rehearse()
            drawn = (re.findall(r'data-card="([^"]+)"', html.split('flip-cards')[1].split('</ul>')[0])
                     if 'flip-cards' in html else [])
            named = [m.group(0) for line in app.result for m in card.finditer(line)][-9:]
            assert drawn == named, (seed, i, app.result)
