"""Content is checked at build time and a broken file is refused by name; the wheel
lists every package; screens escape every piece of text they did not write."""

import re
import tomllib
from pathlib import Path

import pytest

from pocketdeck import content
from pocketdeck.ui.app import App
from pocketdeck.ui.cards import card_svg
from pocketdeck.ui.html import button, esc

ROOT = Path(__file__).resolve().parents[1]


def test_all_content_is_valid():
    assert content.validate_all() == []


def test_every_content_file_names_source_and_licence():
    files = sorted((ROOT / "content").glob("*/*.toml"))
    assert files
    for f in files:
        src = tomllib.loads(f.read_text())["source"]
        assert src["origin"] and src["licence"], f


@pytest.mark.parametrize("text,message", [
    ("not = [toml", "not valid TOML"),
    ("[[deck]]\nid = 'x'\nname = 'y'\njokers = false\nblurb = 'z'\n", "needs a [source] table"),
    ("[source]\norigin='o'\nlicence='l'\n[[deck]]\nid = 3\n", "'id' must be str"),
])
def test_broken_content_is_refused_with_file_and_field(text, message):
    with pytest.raises(content.ContentError, match=re.escape(message)) as exc:
        content.parse("deck/decks.toml", text)
    assert str(exc.value).startswith("deck/decks.toml:")


def test_wheel_package_list_matches_the_engine_folders():
    listed = set(re.findall(r'"(pocketdeck[\w.]*)"', (ROOT / "pyproject.toml").read_text()))
    on_disk = {".".join(p.relative_to(ROOT / "engine").parts[:-1])
               for p in (ROOT / "engine" / "pocketdeck").rglob("__init__.py")}
    assert on_disk <= listed, f"add to pyproject.toml packages: {sorted(on_disk - listed)}"


def test_escaping():
    assert esc('<b a="1">&') == "&lt;b a=&quot;1&quot;&gt;&amp;"
    html = button('<script>', "play", {"type": "x", "card": '"><img>'})
    assert "<script>" not in html and '"><img>' not in html
    assert "<" not in card_svg("<img src=x>").split("aria-label=")[1].split(">")[0]


def test_every_card_svg_names_its_card():
    from pocketdeck.core.cards import Card, standard_deck
    for code in standard_deck(jokers=True):
        svg = card_svg(code)
        assert svg.startswith("<svg") and f'aria-label="{Card.parse(code).name}"' in svg


def test_app_refuses_bad_taps_with_a_message_and_keeps_state():
    app = App(seed_source=1)
    assert app.handle("open", "deck") and app.screen == "setup:deck"
    app.handle("new", '{"system": "deck", "options": {"deck": "standard52"}}')
    state = app.sessions["deck"].state
    for verb, arg in [("play", "{bad json"), ("play", "[1]"), ("play", '{"type": "fly"}'),
                      ("open", "<chess>"), ("nonsense", "")]:
        assert app.handle(verb, arg) == []
        kind, text = app.flash
        assert kind == "error" and text
        assert app.sessions["deck"].state is state
        assert "<chess>" not in app.render()


def test_restore_explains_a_corrupt_save_and_does_not_delete_it():
    app = App()
    app.restore({"game:deck": "<not json>", "ui:screen": "table:deck"})
    assert app.screen == "home" and "deck" not in app.sessions
    page = app.render()
    assert "could not be loaded" in page and "<not json>" not in page


def test_restore_and_continue():
    a = App(seed_source=5)
    a.handle("new", '{"system": "deck", "options": {}}')
    effects = a.handle("play", '{"type": "draw"}')
    stored = {k: v for _, k, v in effects}
    b = App()
    b.restore(stored)
    assert b.screen == "table:deck" and b.sessions["deck"].state == a.sessions["deck"].state
