"""Issue 28, item 8 / "nothing may freeze the page for more than a second": a DofA sheet's
steps (up to 300, each replayed through the rules) are checked in slices like a game's
moves, not in one piece: the page's import gives the page back between steps."""

from __future__ import annotations

from pocketdeck.core.records import export_file, get_kind, make_item, read_item, read_item_steps
from pocketdeck.ui import library_screen as lib
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

