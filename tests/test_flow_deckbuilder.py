"""Issues 24 and 25, the Deckbuilder table: from the home screen to a first turn in two
taps (Start, then Play now: a ready hero's skirmish), the first-game guide followed then
skipped and never shown again (a reload included), then a seeded walk of 20+ taps at
360x740, every tap measured (tests/flow_walk.py): the prompt in view, focus kept, the
result announced, text and targets readable, no sideways scroll, axe clean in light and dark."""

from __future__ import annotations

import pytest

from flow_walk import assert_clean, guide_once, random_taps, tap

pytestmark = pytest.mark.browser
BOOT_MS = 90_000


@pytest.mark.parametrize("seed", [3, 11])
def test_deckbuilder_walk(phone, server, seed):
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    steps = []
    tap(page, page.locator("[data-action=open][data-arg=deckbuilder]"), "open the Deckbuilder", steps,
        axe_scheme="light")
    quick = page.get_by_role("button", name="Play now: Brann the Warrior alone in The Lonely Watchtower")
    tap(page, quick, "play now", steps, axe_scheme="dark")  # the second tap from home: a first turn
    assert page.locator(".db-tableau button.db-stack").count() == 6
    guide_once(page, steps, nexts=1, table="[data-system=deckbuilder]")
    random_taps(page, 22, seed=seed, steps=steps)
    assert_clean(steps, f"Deckbuilder (seed {seed})")
    assert len(steps) >= 24
