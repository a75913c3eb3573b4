"""Blocks (ui/html.py ``block``): parts of a screen the page parses once and copies while
they stay the same (web/morph.js ``parse``). What the page gets holds the marks, what
``App.render`` returns does not, and no text from outside can make or break a mark."""

from __future__ import annotations

import json

from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import Session
from pocketdeck.ui import flow
from pocketdeck.ui.app import App
from pocketdeck.ui.html import BLOCK_CLOSE, BLOCK_OPEN, block, esc, unblocked


def _p52_app(steps: int = 0) -> App:
    session = Session.start("p52", None, seed=3)
    app = App(screen="table:p52", sessions={"p52": session})
    rng = Rng(3)
    for _ in range(steps):
        legal = session.game.legal_actions(app.sessions["p52"].state)
        if not legal:
            break
        app.handle("play", json.dumps(session.game.sim_choose(app.sessions["p52"].state, legal, rng)))
    return app


def test_a_block_is_its_markup_between_the_two_marks():
    assert block('<ul class="foes"><li>a</li></ul>') == BLOCK_OPEN + '<ul class="foes"><li>a</li></ul>' + BLOCK_CLOSE
    assert block("") == ""
    # blocks do not nest: the inner marks go, the outer stay
    assert block("<div>" + block("<p>x</p>") + "</div>") == BLOCK_OPEN + "<div><p>x</p></div>" + BLOCK_CLOSE
    assert unblocked(block("<p>x</p>") + "<p>y</p>") == "<p>x</p><p>y</p>"


def test_escaped_text_never_holds_a_mark():
    for text in (BLOCK_OPEN, BLOCK_CLOSE, "a<!--{-->b<!--}-->c", "<!--"):
        shown = esc(text)
        assert BLOCK_OPEN not in shown and BLOCK_CLOSE not in shown and "<!--" not in shown


def test_the_page_gets_the_marks_and_render_does_not():
    app = _p52_app(steps=40)
    marked, _ = app.render_parts()
    assert app.render_error is None
    assert marked.count(BLOCK_OPEN) == marked.count(BLOCK_CLOSE) >= 2  # the bar and the party at least
    assert BLOCK_OPEN + '<nav class="nav"' in marked
    assert BLOCK_OPEN + '<div class="sheets">' in marked
    shown = app.render()
    assert BLOCK_OPEN not in shown and BLOCK_CLOSE not in shown
    assert shown.startswith(unblocked(marked))
    # marks come in pairs, one after another, never nested (what morph.js parse reads)
    for piece in marked.split(BLOCK_OPEN)[1:]:
        assert piece.count(BLOCK_CLOSE) == 1


def test_a_result_after_the_bar_goes_after_the_bar_s_mark():
    body = block('<nav class="nav"><button>Home</button></nav>') + "<section><h1>Deck</h1></section>"
    placed = flow.place_result(body, '<div class="result" data-result>x</div>')
    assert placed == (BLOCK_OPEN + '<nav class="nav"><button>Home</button></nav>' + BLOCK_CLOSE
                      + '<div class="result" data-result>x</div><section><h1>Deck</h1></section>')
    plain = '<nav class="nav"><button>Home</button></nav><section></section>'
    assert flow.place_result(plain, "<div>r</div>") == '<nav class="nav"><button>Home</button></nav><div>r</div><section></section>'
