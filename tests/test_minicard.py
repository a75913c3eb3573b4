"""The mini card (issue 30 part 2): one element per card, so a screen listing the cards
left costs the browser one element each instead of an SVG of five."""

from __future__ import annotations

import json
import re
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


@pytest.mark.parametrize("path, shape", [
    ("M50 4 L88 50 Z", "shape(from 50% 4%, line to 88% 50%, close)"),
    ("M0 0 C1 2 3 4 5 6 Z", "shape(from 0% 0%, curve to 5% 6% with 1% 2% / 3% 4%, close)"),
    ("M50 4 A20 20 0 0 1 66 38", "shape(from 50% 4%, arc to 66% 38% of 20% 20% small cw)"),
    ("M50 4 A20 30 0 1 0 56 70", "shape(from 50% 4%, arc to 56% 70% of 20% 30% large ccw)"),
    ("M1.5 -2 L3 4", "shape(from 1.5% -2%, line to 3% 4%)"),
])
def test_a_path_becomes_the_same_shape_in_css(path, shape):
    """ui/cards.path_shape: each SVG path command of the 0..100 box as its CSS shape()
    command in percentages (the drawn result is compared in test_browser_minicard.py)."""
    assert cards.path_shape(path) == shape


def test_a_path_command_path_shape_does_not_know_is_refused():
    with pytest.raises(ValueError, match="unsupported path command 'Q'"):
        cards.path_shape("M0 0 Q1 1 2 2")


def test_every_suit_and_the_star_have_a_clip_shape_and_a_mask():
    css = cards.mini_card_css()
    for name in ("s-h", "s-d", "s-s", "s-c", "s-j"):
        rule = css.split(f"span.mini.{name} {{", 1)[1].split("}", 1)[0]
        assert "--suit: url(" in rule and "--shape: shape(from " in rule, rule


def test_the_major_boss_card_is_lettered_at_12_px_or_more_beside_an_enemy():
    """P52's Major Boss has no card: its face is the word "Boss" (card_svg of an unknown
    code). Drawn 56 px wide beside the enemy (web/app.css svg.card.small), its letters were
    16 of 100 units, 9 px; a fresh-clone run of the P52 walk caught it."""
    svg = cards.card_svg("Boss", cls="card small")
    size = float(re.search(r'font-size="([0-9.]+)"', svg).group(1))
    assert size * 56 / 100 >= 12, svg
