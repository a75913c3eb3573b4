"""Issues 24 and 25, the ADS adventure at 360x740: from the home screen a first turn in at most
4 taps (Play now with a ready-made deck), the first-game guide shown once (never again after
a reload), then a seeded walk of 20+ taps, every tap measured (tests/flow_walk.py): the
prompt in view, focus kept, the result announced, text and targets readable, no sideways
scroll, axe clean in light and dark."""

from __future__ import annotations

import pytest

from flow_walk import assert_clean, random_taps, tap

pytestmark = pytest.mark.browser
BOOT_MS = 90_000


def _boot(page, server, seed):
    page.add_init_script(f"window.pocketdeckEntropy = () => {seed * 7919}")  # the game's seed, pinned
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)


@pytest.mark.parametrize("seed", [3, 7])
def test_ads_adventure_walk(phone, server, seed):
    page = phone.new_page()
    _boot(page, server, seed)
    steps = []
    tap(page, page.locator("[data-action=open][data-arg=ads_adventure]"), "open the ADS adventure", steps, axe_scheme="light")
    tap(page, page.get_by_role("button", name="Play now as Brakka the Warrior into the Drowned Lantern Keep"),
        "play now", steps, axe_scheme="dark")
    assert page.locator(".guide").count() == 1  # the first game's guide
    tap(page, page.locator(".guide [data-arg=next]"), "guide: next", steps)
    tap(page, page.locator(".guide [data-arg=next]"), "guide: next", steps)
    tap(page, page.locator(".guide [data-arg=skip]"), "guide: skip", steps)
    assert page.locator(".guide").count() == 0
    # the third tap from home: the initiative; then it is a turn (or a Foe's attack to answer)
    tap(page, page.get_by_role("button", name="Declare Up ^", exact=True), "initiative", steps, axe_scheme="light")
    assert page.locator(".adv-table [data-prompt]").count() == 1
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    page.wait_for_selector(".adv-table")
    assert page.locator(".guide").count() == 0  # never again
    walked, k = 0, 0
    while walked < 22 and k < 5:  # a fight can end before 22 taps: then a new one, the same way
        before = len(steps)
        random_taps(page, 22 - walked, seed=seed + k, steps=steps)
        walked, k = walked + len(steps) - before, k + 1
        if walked < 22:
            page.locator("nav .menu > summary").tap()
            tap(page, page.locator("[data-action=setup][data-arg=ads_adventure]"), "new game", steps)
            tap(page, page.get_by_role("button", name="Play now as Brakka the Warrior into the Drowned Lantern Keep"), "play now again", steps)
    assert walked >= 22
    assert_clean(steps, f"ADS adventure, seed {seed}")
    assert len(steps) >= 20
