"""Issues 24 and 25, the shared pieces in CPython: the tap's result beside the prompt and
the live region's sentence (ui/flow.py), learning content and its checks
(pocketdeck/learn.py, ui/learn_ui.py), the Rules screen and the first-run guide (ui/app.py)."""

from __future__ import annotations

import json
import re

import pytest

from pocketdeck import learn
from pocketdeck.content import check
from pocketdeck.ui import flow
from pocketdeck.ui import learn_ui
from pocketdeck.ui.app import App
from pocketdeck.ui.check import check_popovers
from pocketdeck.ui.tables import LEARN_FOLDERS

NEW_DECK = json.dumps({"system": "deck", "options": {"deck": "standard52"}})


def deck_app() -> App:
    app = App()
    app.handle("new", NEW_DECK)
    app.render()
    app.frame()
    return app


# -- the result beside the prompt ----------------------------------------------------------
@pytest.mark.parametrize("before, after, new", [
    ([], ["a"], ["a"]),
    (["a", "b"], ["a", "b", "c"], ["c"]),
    (["a", "b", "c"], ["b", "c", "d", "e"], ["d", "e"]),   # the log dropped its oldest line
    (["a", "b"], ["a", "b"], []),
    (["x"], ["y", "z"], ["y", "z"]),                          # nothing in common: all is new
])
def test_new_lines_of_a_log_that_drops_old_lines(before, after, new):
    assert flow.new_lines(before, after) == new


def test_the_result_goes_in_the_slot_else_before_the_prompt_else_under_the_bar():
    box = flow.result_box(["Drew 7 of Spades."], None)
    assert flow.place_result(f"<nav></nav><p>x</p>{flow.RESULT_SLOT}<b>y</b>", box) == f"<nav></nav><p>x</p>{box}<b>y</b>"
    assert flow.place_result('<nav></nav><p>x</p><div class="q" data-prompt>y</div>', box) \
        == f'<nav></nav><p>x</p>{box}<div class="q" data-prompt>y</div>'
    assert flow.place_result("<nav></nav><p>x</p>", box) == f"<nav></nav>{box}<p>x</p>"
    assert flow.result_box([], None) == ""


def test_a_draw_is_shown_beside_the_prompt_and_spoken():
    app = deck_app()
    app.handle("play", json.dumps({"type": "draw"}))
    page = app.render()
    frame = app.frame()
    assert frame["fresh"] is False and frame["said"].startswith("Drew ")
    result = re.search(r'<div class="result" data-result>(.*?)</div>', page).group(1)
    assert frame["said"] in result
    assert page.index("data-prompt") < page.index("data-result") < page.index('class="piles"')  # the prompt's top


def test_an_illegal_tap_is_said_where_the_player_looks():
    app = deck_app()
    app.handle("play", json.dumps({"type": "discard", "card": "AS"}))
    page = app.render()
    assert "flash error" in page and app.frame()["said"]
    assert page.index("data-prompt") < page.index('class="flash error"') < page.index('class="piles"')


def test_a_new_screen_is_fresh_once():
    app = App()
    app.render()
    assert app.frame()["fresh"] is True
    app.render()
    assert app.frame()["fresh"] is False
    app.handle("open", "deck")
    app.render()
    assert app.frame()["fresh"] is True


def test_a_new_game_says_where_the_old_one_went():
    app = deck_app()
    app.handle("new", NEW_DECK)
    assert app.flash and "previous game is kept" in app.flash[1]
    assert any(s.startswith("deck~") for s in app.sessions)


def test_the_bar_keeps_three_buttons_and_a_menu():
    page = deck_app().render()
    nav = re.search(r'<nav class="nav".*?</nav>', page, re.S).group(0)
    outside = re.sub(r'<details class="menu">.*?</details>', "", nav, flags=re.S)
    assert outside.count("<button") == 3  # Home, Undo, Rules
    assert "New game" in nav and "Share" in nav and "Library" in nav


def test_home_buttons_have_distinct_names():
    page = App().render()
    names = re.findall(r'<span class="sr-only">([^<]*)</span>', page)
    assert len(names) == len(set(names)) and "Start the Deck table" in names


# -- learning content and its checks -------------------------------------------------------
def test_every_learn_folder_is_named_and_every_term_used_exists():
    assert sorted(LEARN_FOLDERS) == sorted(learn.systems())
    assert learn_ui.check_all() == []


def test_a_screen_naming_an_unknown_term_fails_the_check():
    assert learn_ui.check_sources({"ui/x.py": 'term("no-such-term")'}) \
        == ["ui/x.py: term('no-such-term') has no glossary entry in any content/<system>/learn.toml"]
    with pytest.raises(KeyError, match="no-such-term"):
        learn_ui.term("no-such-term")


def test_the_learn_checker_refuses_a_broken_file():
    good = learn.book("deck")
    assert check("deck/learn.toml", good) == []
    bad = dict(good, guide=good["guide"][:2])
    assert any("has 2 steps" in p for p in check("deck/learn.toml", bad))
    bad = dict(good, term=good["term"] + [dict(good["term"][0])])
    assert any("own 'id'" in p for p in check("deck/learn.toml", bad))
    bad = dict(good, rule=[dict(good["rule"][0], id="Not Plain")])
    assert any("lower-case" in p for p in check("deck/learn.toml", bad))


def test_a_term_defined_twice_is_a_content_error(monkeypatch):
    deck = learn.book("deck")
    learn.glossary.cache_clear()
    monkeypatch.setattr(learn, "systems", lambda: ["deck", "deck"])
    try:
        with pytest.raises(Exception, match="also defined"):
            learn.glossary()
    finally:
        learn.glossary.cache_clear()
    assert deck


def test_a_screen_linking_a_missing_popover_fails_the_render_check():
    check_popovers('<button popovertarget="gl-x">x</button><div id="gl-x" popover>x</div>', "t")
    with pytest.raises(AssertionError, match="gl-y"):
        check_popovers('<button popovertarget="gl-y">y</button>', "t")


def test_terms_on_a_screen_open_their_entry():
    app = deck_app()
    page = app.render()
    for target in re.findall(r'popovertarget="([^"]+)"', page):
        assert f'<div id="{target}" popover' in page


# -- the Rules screen and the guide --------------------------------------------------------
def test_rules_open_search_and_go_back_to_the_game():
    app = deck_app()
    app.handle("rules", "deck")
    page = app.render()
    assert 'data-rules="deck"' in page and page.count('class="rule"') == len(learn.rules("deck"))
    assert "From the book:" in page
    app.handle("rules-search", "deck", {"q": "joker"})
    page = app.render()
    assert 0 < page.count('class="rule"') < len(learn.rules("deck")) and "Joker" in page
    app.handle("rules-back")
    assert app.screen == "table:deck"


def test_the_guide_shows_once_and_comes_back_only_when_asked():
    app = deck_app()
    page = app.render()
    steps = learn.guide("deck")
    assert 3 <= len(steps) <= 6 and 'class="guide"' in page
    for _ in steps:
        effects = app.handle("guide", "next")
    assert ("put", "ui:library", app.notes_text()) in effects
    assert 'class="guide"' not in app.render()
    again = App()
    again.restore({"ui:library": app.notes_text()})
    assert "deck" in again.notes["learned"]
    app.handle("guide", "again:deck")
    assert 'class="guide"' in app.render()
    app.handle("guide", "skip")
    assert 'class="guide"' not in app.render() and "deck" in app.notes["learned"]


def test_a_guide_step_points_at_a_real_element_of_its_screen():
    app = deck_app()
    page = app.render()
    for step in learn.guide("deck"):
        cls = step["target"].split(".")[-1].split()[-1]
        assert cls in page, step["target"]


def test_popovers_come_in_one_order_whatever_order_the_terms_were_drawn():
    """web/morph.js keeps a screen's nodes from tap to tap; popovers drawn in the order their
    terms first appeared moved whenever a term came earlier on the next screen (P52: 80 of
    142 elements made again per attack). Sorted by id, they stay put."""
    terms = sorted(learn.glossary())[:4]
    outs = []
    for order in (terms, terms[::-1]):
        learn_ui.begin()
        for key in order:
            learn_ui.term(key)
        for key in ("b", "a") if order is terms else ("a", "b"):
            learn_ui.why(key, f"what {key} does", f"What {key} does")
        outs.append("".join(learn_ui.popover_list()))
    assert outs[0] == outs[1]
    ids = re.findall(r'<div id="([^"]+)" popover', outs[0])
    assert ids == sorted(f"gl-{t}" for t in terms) + ["why-a", "why-b"]
