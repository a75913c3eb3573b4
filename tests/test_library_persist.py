"""Issue 31: persistent storage is asked for once, from the Library's storage line, never at
start-up (Firefox answers navigator.storage.persist() with a permission prompt). The screen
side, in CPython; tests/test_browser_persist.py checks the browser side in Chromium."""

from __future__ import annotations

import json

from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.app import App

ASK = "Keep my games safe on this phone"


def library(status: dict, kept: bool = True) -> tuple[App, str]:
    app = App(seed_source=3)
    if kept:  # a Deck game is kept
        app.handle("open", "deck")
        app.handle("new", json.dumps({"options": {"deck": "standard52"}, "system": "deck"}))
    app.handle("lib-status", "", status)
    app.handle("lib", "", {})
    return app, app.render()


def test_the_storage_line_offers_the_request_with_why_until_answered():
    app, html = library({"persisted": False, "usage": 2_000, "quota": 10**9, "can_ask": True, "asked": None})
    assert ASK in html and 'data-action="lib-persist"' in html and "short of space" in html
    assert "Stored on this phone: 2.0 KB of 1.0 GB." in html
    effects = app.handle("lib-persist", "", {})
    assert effects == [("persist",)]  # web/main.py hands it to web/library.js ask()
    html = app.render()
    assert ASK not in html and "Waiting for the browser" in html
    # the answer (refused) comes back as a status: the request is never offered again
    app.handle("lib-status", "", {"persisted": False, "usage": 2_000, "quota": 10**9,
                                  "can_ask": True, "asked": "refused"})
    html = app.render()
    assert ASK not in html and "Waiting" not in html and "Export it now and then" in html


def test_no_request_where_it_cannot_be_asked_or_is_granted():
    for status in ({"persisted": True, "usage": 1, "quota": 2, "can_ask": True, "asked": None},
                   {"persisted": False, "usage": 1, "quota": 2, "can_ask": False, "asked": None},
                   {"persisted": False, "usage": 1, "quota": 2, "can_ask": True, "asked": "granted"},
                   {"persisted": None, "usage": None, "quota": None, "can_ask": False, "asked": None}, {}):
        assert ASK not in library(status)[1], status
    # nothing kept yet: nothing to keep safe
    assert ASK not in library({"persisted": False, "usage": 1, "quota": 2, "can_ask": True, "asked": None},
                              kept=False)[1]
    assert set(lib.shelf(library({"asked": "<b>", "x": 1})[0]).status) == {
        "persisted", "usage", "quota", "can_ask", "asked"}
