"""Issues 24 and 25, the Deckbuilder table: from the home screen to a first turn in two
taps (Start, then Play now: a ready hero's skirmish), the first-game guide followed then
skipped and never shown again (a reload included), then a seeded walk of 20+ taps at
360x740, every tap measured (tests/flow_walk.py): the prompt in view, focus kept, the
result announced, text and targets readable, no sideways scroll, axe clean in light and dark."""

from __future__ import annotations

import pytest

from flow_walk import assert_clean, guide_once, tap, taps_across_games

pytestmark = pytest.mark.browser
BOOT_MS = 90_000
PLAY_NOW = "Play now: Brann the Warrior alone in The Lonely Watchtower"


@pytest.mark.parametrize("seed", [3, 11])
def test_deckbuilder_walk(phone, server, seed):
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    steps = []
    tap(page, page.locator("[data-action=open][data-arg=deckbuilder]"), "open the Deckbuilder", steps,
        axe_scheme="light")
    quick = page.get_by_role("button", name=PLAY_NOW)
    tap(page, quick, "play now", steps, axe_scheme="dark")  # the second tap from home: a first turn
    assert page.locator(".db-tableau button.db-stack").count() == 6
    guide_once(page, steps, nexts=1, table="[data-system=deckbuilder]")
    # (the game's own seed is the browser's: a skirmish can end before 22 taps, and the
    # walk then starts another the same way, as the ADS walk does)
    assert taps_across_games(page, 22, seed, steps, system="deckbuilder", play_now=PLAY_NOW) >= 22
    assert_clean(steps, f"Deckbuilder (seed {seed})")
    assert len(steps) >= 26
