"""Issues 24 and 25, the ADS fight and the ADS adventure at 360x740: from the home screen a
first turn in at most 4 taps (Play now with a ready-made deck), the first-game guide shown
once (never again after a reload), then a seeded walk of 20+ taps, every tap measured
(tests/flow_walk.py): the prompt in view, focus kept, the result announced, text and
targets readable, no sideways scroll, axe clean in light and dark."""

from __future__ import annotations

import pytest

from flow_walk import assert_clean, guide_once, tap, taps_across_games

pytestmark = pytest.mark.browser
BOOT_MS = 90_000
# table system, its name, Play now's button, the guide's steps before Skip, the table's root
# (the first ADS fight on a phone is against the easiest Foe, issue 50: FIRST below)
TABLES = {
    "fight": ("ads", "the ADS fight", "Play now as Brakka the Warrior against a Goblin Skirmisher", 1, ".ads-table"),
    "adventure": ("ads_adventure", "the ADS adventure", "Play now as Brakka the Warrior into the Drowned Lantern Keep",
                  2, ".adv-table"),
}


FIRST = {"fight": "Play now as Brakka the Warrior against a Goblin Archer"}


def _boot(page, server, seed):
    page.add_init_script(f"window.pocketdeckEntropy = () => {seed * 7919}")  # the game's seed, pinned
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)


@pytest.mark.parametrize("table, seed", [("fight", 3), ("fight", 7), ("adventure", 3), ("adventure", 7)])
def test_ads_walk(phone, server, table, seed):
    system, name, play_now, nexts, root = TABLES[table]
    page = phone.new_page()
    _boot(page, server, seed)
    steps = []
    tap(page, page.locator(f"[data-action=open][data-arg={system}]"), f"open {name}", steps, axe_scheme="light")
    tap(page, page.get_by_role("button", name=FIRST.get(table, play_now)), "play now", steps, axe_scheme="dark")
    guide_once(page, steps, nexts=nexts, table=root)
    # the third tap from home: the initiative; then it is a turn (or a Foe's attack to answer)
    tap(page, page.get_by_role("button", name="Declare Up", exact=True), "initiative", steps, axe_scheme="light")
    assert page.locator(f"{root} [data-prompt]").count() == 1
    # a fight can end before 22 taps: then a new one, the same way
    assert taps_across_games(page, 22, seed, steps, system=system, play_now=play_now) >= 22
    assert_clean(steps, f"{name}, seed {seed}")
    assert len(steps) >= 20
