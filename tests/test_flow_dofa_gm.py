"""Issues 24 and 25, the GM's table for Deck of Adventures: from the home screen a first
turn in two taps (a ready game: the solo skirmish, or a table already seated), the
first-run guide once (followed a step, then skipped; a reload does not bring it back),
then a seeded walk of 22 taps, every tap measured (tests/flow_walk.py): the prompt in
view, focus kept, the result announced, text and targets readable, no sideways scroll,
axe clean in light and dark."""

from __future__ import annotations

import pytest

from flow_walk import assert_clean, guide_once, tap, taps_across_games

pytestmark = pytest.mark.browser
BOOT_MS = 90_000
READY = {"skirmish": "Play now: a solo skirmish, three heroes against three foes",
         "table": "Play now: a seated table, two heroes, a Captain and two Grunts"}


@pytest.mark.parametrize("seed, way", [(4, "skirmish"), (1, "table")])
def test_dofa_gm_walk(phone, server, seed, way):
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    steps = []
    tap(page, page.locator("[data-action=open][data-arg=dofa-gm]"), "open the GM's table", steps,
        axe_scheme="light")
    assert page.evaluate("scrollY") == 0                          # the form opens at its own top
    tap(page, page.get_by_role("button", name=READY[way], exact=True), f"play now: {way}", steps,
        axe_scheme="dark")
    first = page.locator("[data-system=dofa-gm] .prompt").first
    if way == "skirmish":                                          # a first turn, two taps from home
        assert "turn" in first.inner_text() and page.locator(".gm-row.now").count() == 1
        rows = page.locator("ol.gm-order > li.gm-row")
        assert rows.count() == 6                                   # six combatants fit one screen
        assert page.locator("ol.gm-order").bounding_box()["height"] <= 740 - 55 - 100
        assert all(rows.nth(i).bounding_box()["height"] <= 70 for i in range(6))
    else:
        assert page.get_by_role("button", name="Start combat: the party surprises", exact=True).count() == 1
    guide_once(page, steps, nexts=1, table="[data-system=dofa-gm]")
    # a skirmish can end before 22 taps: then a new one, the same way
    taps_across_games(page, 22, seed, steps, system="dofa-gm", play_now=READY[way])
    assert_clean(steps, f"DofA GM ({way}, seed {seed})")
    assert len(steps) >= 24
