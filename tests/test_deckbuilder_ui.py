"""The Deckbuilder table in CPython along whole battles: every button carries a legal
action, every legal action has a button, the players' own names are escaped, the synergy
prompt shows for an ally in the same arena, and the setup form starts a game."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App

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


def start(seed: int, heroes=("warrior", "priest"), zones="all", names=None) -> App:
    app = App(seed_source=seed)
    app.handle("open", "deckbuilder")
    fields = {"heroes": list(heroes), "zones": zones}
    for h, n in (names or {}).items():
        fields[f"name_{h}"] = n
    app.handle("new", json.dumps({"system": "deckbuilder"}), fields)
    assert app.flash is None, app.flash
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


@pytest.mark.parametrize("seed, heroes", [(1, ("warrior", "priest")), (2, ("rogue", "wizard", "priest")),
                                          (3, ("rogue", "warrior", "wizard", "priest"))])
def test_screens_along_whole_battles(seed, heroes):
    app = start(seed, heroes, names={"priest": HOSTILE, "rogue": "Vex & <Co>"})
    session = app.sessions["deckbuilder"]
    game, rng = session.game, Rng(seed)
    seen = set()
    for _ in range(3000):
        html = check_screen(app)
        st = session.state
        if st["turn"] and st["turn"]["mode"] == "synergy":
            seen.add("synergy")
            assert "Synergy for" in html
        if st["pending"]:
            seen.add("defense")
            assert "Spend defense counters" in html
        if st["phase"] == "spoils":
            seen.add("spoils")
        if st["rolls"]:
            seen.add("dice")
            assert "db-die" in html
        if game.is_over(st):
            break
        app.handle("play", json.dumps(game.sim_choose(st, game.legal_actions(st), rng)))
        assert app.flash is None, app.flash
    assert game.is_over(session.state)
    assert {"synergy", "dice"} <= seen
    assert "&lt;img src=x" in app.render()  # the priest's name, escaped


def test_setup_form_defaults_and_labels():
    app = App(seed_source=1)
    app.handle("open", "deckbuilder")
    html = app.render()
    p = parse(html)
    checked = [i["value"] for i in p.inputs if i.get("type") == "checkbox" and "checked" in i]
    assert checked == ["warrior", "priest"]
    assert p.labels >= len(p.inputs)  # every input sits in a label
    app.handle("new", json.dumps({"system": "deckbuilder"}), {"heroes": [], "zones": "all"})
    assert app.flash and "at least one hero" in app.flash[1]
    app = start(4, ("wizard",), zones="keep")
    assert app.sessions["deckbuilder"].state["options"]["zones"] == ["keep"]
