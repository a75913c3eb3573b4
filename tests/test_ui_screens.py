"""Every screen, rendered in CPython along whole games: each button carries an action the
engine calls legal right now, every legal action has a button, and the players' own text
(names, quirks) is always escaped."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App

HOSTILE = '<img src=x onerror="alert(1)">'


class Buttons(HTMLParser):
    """Collects (verb, arg) of every [data-action] element and the tags used."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        a = dict(attrs)
        if "data-action" in a and "disabled" not in a:
            self.found.append((a["data-action"], a.get("data-arg") or ""))


def parse(html: str) -> Buttons:
    p = Buttons()
    p.feed(html)
    return p


def check_screen(app: App, system: str) -> None:
    html = app.render()
    assert HOSTILE not in html and "<img" not in html
    parsed = parse(html)
    assert "img" not in parsed.tags and "script" not in parsed.tags
    session = app.sessions[system]
    legal = session.game.legal_actions(session.state)
    shown = [json.loads(arg) for verb, arg in parsed.found if verb == "play"]
    for action in shown:
        assert action in legal, f"a button offers {action}, which is not legal now"
    for action in legal:
        assert action in shown, f"no button for the legal action {action}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_p52_screens_along_whole_quests(seed):
    app = App(seed_source=seed)
    app.handle("open", "p52")
    assert "New P52 quest" in app.render()
    app.handle("new", json.dumps({"system": "p52"}), {
        "new_characters": "2", "names": f"{HOSTILE}, Ilsa", "library": [],
        "quirk_name": HOSTILE, "quirk_bonus": "+1 to <b>everything</b>", "quirk_penalty": "&amp; loud"})
    assert app.flash is None
    session = app.sessions["p52"]
    game, rng = session.game, Rng(seed)
    phases = set()
    for _ in range(3000):
        check_screen(app, "p52")
        phases.add(session.state["phase"])
        if game.is_over(session.state):
            break
        action = game.sim_choose(session.state, game.legal_actions(session.state), rng)
        app.handle("play", json.dumps(action))
        assert app.flash is None, app.flash
    assert {"creation", "setup", "room", "over"} <= phases
    # the ended quest put both characters in the library, names escaped on the next setup
    assert len([k for k in app.library if k.startswith("char:p52:")]) == 2
    app.handle("setup", "p52")
    html = app.render()
    from pocketdeck.ui.html import esc
    for key, record in app.library.items():
        assert esc(record["name"]) in html and f'value="{esc(key)}"' in html
    assert "<img" not in html


def test_p52_form_refuses_half_a_quirk_and_no_characters():
    app = App(seed_source=1)
    app.handle("open", "p52")
    app.handle("new", json.dumps({"system": "p52"}), {"new_characters": "1", "quirk_name": "Odd"})
    assert app.flash[0] == "error" and "a name, a bonus and a penalty" in app.flash[1]
    app.handle("new", json.dumps({"system": "p52"}), {"new_characters": "0"})
    assert app.flash[0] == "error" and "at least one character" in app.flash[1]
    app.handle("new", json.dumps({"system": "p52"}), {"new_characters": "x"})
    assert app.flash[0] == "error"
    assert "p52" not in app.sessions


def test_deck_screens_along_a_whole_game():
    app = App(seed_source=9)
    app.handle("new", json.dumps({"system": "deck", "options": {"deck": "standard54", "reshuffle_limit": 2}}))
    session, rng = app.sessions["deck"], Rng(9)
    while not session.game.is_over(session.state):
        check_screen(app, "deck")
        html = app.render()
        left = session.game.view(session.state, "player")["reshuffles_left"]
        assert f"({left} reshuffles left)" in html.split("</h1>")[0]
        assert html.count('<details class="left">') == (1 if session.state["piles"]["draw"] else 0)
        app.handle("play", json.dumps(rng.choice(session.game.legal_actions(session.state))))
    assert "The deck is spent" in app.render()


def test_p52_library_entries_are_updated_not_duplicated():
    """A quest that ends, is undone one step and ends again updates the same entries; a
    character from the library comes back to its own entry."""
    from pocketdeck.core.saves import Session

    def play_out(app: App, seed: int) -> None:
        session, rng = app.sessions["p52"], Rng(seed)
        while not session.game.is_over(session.state):
            app.handle("play", json.dumps(session.game.sim_choose(
                session.state, session.game.legal_actions(session.state), rng)))

    app = App(seed_source=4)
    app.handle("new", json.dumps({"system": "p52"}), {"new_characters": "1", "names": "Ada"})
    play_out(app, 4)
    assert len(app.library) == 1
    (key,) = app.library
    app.library[key] = {**app.library[key], "exp": -1}  # mark the stored entry
    app.handle("undo")
    play_out(app, 5)
    from pocketdeck.systems.p52.rules import export_characters
    assert list(app.library) == [key]
    assert app.library[key] == export_characters(app.sessions["p52"].state)[0]  # rewritten
    # the next quest takes Ada from the library and adds a new character
    app.handle("setup", "p52")
    app.handle("new", json.dumps({"system": "p52"}), {"new_characters": "1", "names": "Bo", "library": [key]})
    # the quest before is kept (the new game says where it went), and nothing went wrong
    assert app.flash[0] == "info" and "previous game is kept" in app.flash[1]
    assert isinstance(app.sessions["p52"], Session)
    play_out(app, 6)
    assert len(app.library) == 2 and key in app.library


def test_removing_a_library_character_takes_two_taps():
    app = App(seed_source=2)
    app.library = {"char:p52:ada": {"format": "p52-character", "name": "Ada <3"}}
    assert app.handle("forget", "char:p52:ada") == []
    assert "Remove for good?" in app.flash[1] and app.confirm == "char:p52:ada"
    assert app.handle("home") and app.confirm is None  # any other tap cancels
    app.handle("forget", "char:p52:ada")
    assert app.handle("forget", "char:p52:ada") == [("delete", "char:p52:ada")]
    assert app.library == {} and "Ada &lt;3 was removed" in app.render()
    assert app.handle("forget", "char:p52:ada") == [] and app.flash[0] == "error"


def test_continue_opens_the_newest_own_game_and_a_named_slot_opens_as_named():
    """The home screen's "Continue" opens the player's own newest game of a system, never a
    friend's game opened from a link (that one has its own button), and tapping "Continue
    the shared game" opens the shared one even when the player's own game is newer."""
    import json
    from pocketdeck.core.saves import Session, to_link
    from pocketdeck.ui.app import App
    app = App(seed_source=5)
    app.handle("new", json.dumps({"system": "deck"}), {})
    friend = Session.start("deck", {}, seed=77)
    friend.play({"type": "draw"})
    app.open_link("g=" + to_link(friend))
    app.handle("link", "both")  # "Keep both"
    assert app.screen == "table:deck~shared"
    app.handle("home", "")
    app.handle("open", "deck")
    assert app.screen == "table:deck"
    app.handle("home", "")
    app.handle("open", "deck~shared")
    assert app.screen == "table:deck~shared"
