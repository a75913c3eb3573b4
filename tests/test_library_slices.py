"""Issue 28, item 8 / "nothing may freeze the page for more than a second": a DofA sheet's
steps (up to 300, each replayed through the rules) are checked in slices like a game's
moves, not in one piece: the page's import gives the page back between steps."""

from __future__ import annotations

from pocketdeck.core.records import export_file, get_kind, make_item, read_item, read_item_steps
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.app import App

from library_samples import dofa_sheet

SHEET = get_kind("sheet", "dofa")


def longest_sheet(name: str = "Tess") -> dict:
    """A sheet of exactly 300 steps, every one legal (a choice tried back and forth)."""
    record = dofa_sheet(name)
    steps = [{"type": "role", "role": "Caster"}] + [{"type": "raise", "stat": "INT"},
                                                   {"type": "lower", "stat": "INT"}] * 149
    return dict(record, character="custom", steps=steps + [{"type": "finish"}], level=1, role="Caster")


def test_a_sheet_is_checked_a_step_at_a_time_with_the_same_answer():
    item = make_item(SHEET, "Tess", longest_sheet())
    steps = read_item_steps(item)
    count = 0
    try:
        while True:
            next(steps)
            count += 1
    except StopIteration as stop:
        assert stop.value == read_item(item)
    assert count >= 300   # one yield per step replayed (before: one for the whole sheet)


def test_the_pages_import_of_long_sheets_takes_a_slice_per_step_and_keeps_them_at_the_end():
    text = export_file([make_item(SHEET, f"Tess {i}", longest_sheet(f"Tess {i}")) for i in range(3)], "x")
    app, slices, effects = App(seed_source=5), 0, None
    lib.start_import(app, text)
    while effects is None:
        effects = lib.run_slice(app, 0)   # one step per slice
        slices += 1
        assert effects is not None or not any(k.startswith("item:") for k in app.library)
    assert slices > 900 and len(lib.entries(app)) == 3


def _big_library(n: int) -> App:
    from pocketdeck.core.records import export_file as export
    kind = get_kind("deck", "deck")
    app = App(seed_source=5)
    cards = ["AS", "2S", "3S"]
    lib.import_text(app, export([make_item(kind, f"Deck {i:04}", {"name": f"Deck {i:04}", "cards": cards})
                                 for i in range(n)], "x"))
    assert len(lib.entries(app)) == n
    return app


def test_the_list_of_2000_items_is_drawn_a_page_at_a_time_and_search_finds_any():
    """Drawing 2,000 rows held the page 0.8 s in Pyodide: the first LIST_PAGE, then "Show more"."""
    app = _big_library(2_000)
    app.screen = "library"
    html = app.render()
    assert html.count('class="lib-item"') == lib.LIST_PAGE and "Showing 50 of 2,000 items" in html
    assert 'data-action="lib-more"' in html
    app.handle("lib-more", "", {})
    assert app.render().count('class="lib-item"') == 2 * lib.LIST_PAGE
    app.handle("lib-search", "", {"q": "Deck 1999"})   # beyond any page: search finds it
    html = app.render()
    assert html.count('class="lib-item"') == 1 and "Deck 1999" in html and "lib-more" not in html
    app.handle("lib-search", "", {"q": ""})             # a new search starts at the first page
    assert app.render().count('class="lib-item"') == lib.LIST_PAGE


def test_a_short_list_has_no_show_more():
    app = _big_library(lib.LIST_PAGE)
    app.screen = "library"
    html = app.render()
    assert html.count('class="lib-item"') == lib.LIST_PAGE and 'data-action="lib-more"' not in html
