"""The mini card (issue 30 part 2): one element per card, so a screen listing the cards
left costs the browser one element each instead of an SVG of five."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pocketdeck.ui import cards
from pocketdeck.ui.app import App

ROOT = Path(__file__).resolve().parent.parent


class Elements(HTMLParser):
    """Every start tag with its attributes, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))


def parse(html: str) -> Elements:
    p = Elements()
    p.feed(html)
    return p


@pytest.mark.parametrize("code, name, text, shape, colour", [
    ("9H", "9 of Hearts", "9", "s-h", "red"),
    ("10S", "10 of Spades", "10", "s-s", "black"),
    ("QD", "Queen of Diamonds", "Q", "s-d", "red"),
    ("AC", "Ace of Clubs", "A", "s-c", "black"),
    ("RJ", "Red Joker", "Jk", "s-j", "red"),
    ("BJ", "Black Joker", "Jk", "s-j", "black"),
])
def test_a_mini_card_is_one_element_named_by_its_card(code, name, text, shape, colour):
    html = cards.mini_card(code)
    p = parse(html)
    assert len(p.found) == 1, html
    tag, attrs = p.found[0]
    assert attrs["role"] == "img" and attrs["aria-label"] == name and attrs["data-card"] == code
    assert set((attrs["class"] or "").split()) == {"mini", shape, colour}
    assert html.endswith(f">{text}</{tag}>")  # the rank is its own text, no font glyph for the suit


def test_an_unknown_code_is_shown_escaped():
    html = cards.mini_card('<img src=x onerror="alert(1)">')
    p = parse(html)
    assert len(p.found) == 1 and p.found[0][1]["role"] == "img"
    assert "<img" not in html and "&lt;img" in html


def test_a_face_down_card_is_one_element_named_by_its_label():
    html = cards.mini_back(cls="mini stamina", label='Stamina "card" <1>')
    p = parse(html)
    assert len(p.found) == 1, html
    tag, attrs = p.found[0]
    assert tag == "span" and attrs["role"] == "img" and attrs["aria-label"] == 'Stamina "card" <1>'
    assert set((attrs["class"] or "").split()) == {"mini", "stamina", "back"}
    assert html.endswith("></span>")  # no text, no shapes: app.css span.mini.back draws it


def test_a_p52_board_draws_its_face_down_spots_as_one_element_each():
    """Eleven face-down spots and Stamina cards were four SVG elements each."""
    import bench_taps  # the bench's saved P52 game, at an attack
    app = App(seed_source=1)
    app.restore({"game:p52": bench_taps.start_state("p52", "attack"), "ui:screen": "table:p52"})
    html = app.render()
    backs = [a for t, a in parse(html).found if "back" in (a.get("class") or "").split()]
    assert len(backs) >= 6 and all(a["role"] == "img" and a["aria-label"] for a in backs)
    assert "<svg class=\"mini" not in html


def test_the_style_sheet_holds_the_suit_shapes_of_the_svg_cards():
    """web/app.css keeps cards.mini_card_css() word for word: the mini card's suits are the
    SVG cards' own paths, changed in one place."""
    css = (ROOT / "web" / "app.css").read_text()
    assert cards.mini_card_css() in css, "paste cards.mini_card_css() into web/app.css"
    for path in cards._SUIT_PATHS.values():
        assert path in cards.mini_card_css()


def test_the_deck_lists_one_card_element_per_card_left():
    app = App()
    app.handle("new", json.dumps({"system": "deck", "options": {"deck": "standard54"}}))
    for _ in range(3):
        app.handle("play", json.dumps({"type": "draw"}))
    html = app.render()
    part = html.split('class="left-cards"', 1)[1].split("</div>", 1)[0]
    p = parse('<div class="left-cards"' + part + "</div>")
    inner = p.found[1:]
    assert len(inner) == 51 and all(a.get("role") == "img" and a.get("data-card") for _, a in inner)
    assert "What is left: 51 cards" in html
