"""ui/html.esc is html.escape(str(value), quote=True), made faster for text that needs no
escaping (most of a screen's): the same output for every character that matters."""

from __future__ import annotations

import html
import random

from pocketdeck.ui.html import esc


def test_esc_is_html_escape_for_random_text():
    rnd = random.Random(7)
    alphabet = "ab <>&\"'\u00e9\u00a0;#x1\n"
    for _ in range(5000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(0, 16)))
        assert esc(text) == html.escape(text, quote=True), text


def test_esc_of_values_that_are_not_text():
    for value in (3, None, 2.5, True, ["a<b"], {"k": "'"}):
        assert esc(value) == html.escape(str(value), quote=True)


def test_esc_truth_table():
    assert esc("") == ""
    assert esc("Goblin A") == "Goblin A"
    assert esc("<b>&'\"") == "&lt;b&gt;&amp;&#x27;&quot;"
    assert esc("&amp;") == "&amp;amp;"
