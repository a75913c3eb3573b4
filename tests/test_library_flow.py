"""Issue 24, the Library screen in CPython: the part of the screen the last tap was in is
the prompt, so the tap's message stands beside the button that caused it (and library.js's
line, #lib-done, is there too); no two controls of a screen share a name."""

from __future__ import annotations

import re

from pocketdeck.core.records import export_file
from pocketdeck.ui.library import screen as lib

from test_library import ITEMS, full_app, tap

_PROMPT = re.compile(r'<div class="prompt lib-zone" data-prompt.*?(?=<div class="lib-zone">|</section>)', re.S)


def prompt_of(page: str) -> str:
    found = _PROMPT.findall(page)
    assert len(found) == 1, f"{len(found)} prompts on the screen"
    return found[0]


def test_each_message_stands_beside_the_button_that_caused_it():
    app, store = full_app()
    tap(app, store, "lib")
    where = prompt_of(app.render())
    assert "lib-open" in where and 'id="lib-done"' in where  # on arrival: the items
    tap(app, store, "lib-export", "all")
    where = prompt_of(app.render())
    assert f"Exported {len(ITEMS)} items." in where and "Export ticked" in where
    tap(app, store, "lib-export", "pick", {"pick": []})  # nothing ticked: said at the button
    assert "tick the items to export first" in prompt_of(app.render())
    key = lib.entries(app)[0].key
    tap(app, store, "lib-item", key)
    tap(app, store, "lib-rename", key, {"name": "Fresh name"})
    where = prompt_of(app.render())
    assert "Renamed to Fresh name." in where and "Save name" in where
    tap(app, store, "lib-share", key)
    where = prompt_of(app.render())
    assert "Copy the link" in where and where.index("Copy the link") < where.index('id="lib-done"')
    tap(app, store, "lib-dup", key)
    assert "Fresh name (copy) is in the library." in prompt_of(app.render())
    tap(app, store, "lib-del", key)
    where = prompt_of(app.render())
    assert "Fresh name was deleted." in where and "Undo delete" in where
    tap(app, store, "lib-undo")
    assert "Fresh name is back." in prompt_of(app.render())
    tap(app, store, "lib-import", export_file(ITEMS[:1], "2026-11-26"))
    page = app.render()
    assert "Import:" in prompt_of(page)
    if app.screen == "library":
        assert "Import a library file" in prompt_of(page)


def _names(page: str) -> list[str]:
    """Accessible names of the buttons (their spoken title, else their text)."""
    out = []
    for m in re.finditer(r"<button\b[^>]*>(.*?)</button>", page, re.S):
        inner = m.group(1)
        title = re.search(r'<span class="sr-only">(.*?)</span>', inner)
        out.append(title.group(1) if title else re.sub(r"<[^>]+>", "", inner).strip())
    return out


def test_no_two_controls_share_a_name_even_for_items_of_one_name():
    app, store = full_app()
    key = lib.entries(app)[0].key
    tap(app, store, "lib-dup", key)
    tap(app, store, "lib-dup", key)  # two copies of one name
    tap(app, store, "lib")
    page = app.render().split('<div id="gl-', 1)[0]
    names = [n for n in _names(page) if n]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})
    for e in lib.entries(app)[:3]:
        tap(app, store, "lib-item", e.key)
        tap(app, store, "lib-share", e.key)
        names = [n for n in _names(app.render()) if n]
        assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})
