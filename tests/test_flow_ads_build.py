"""Issues 24 and 25, the ADS Deck Builder: from the home screen to a first build in two
taps, the first-run guide once (never again after a reload), then a seeded walk of 20+
taps at 360x740, every tap measured (tests/flow_walk.py): the action bar (the prompt, with
Save) in view, focus kept, the result announced, text and targets readable, no sideways
scroll, axe clean in light and dark."""

from __future__ import annotations

import pytest

from flow_walk import assert_clean, random_taps, tap

pytestmark = pytest.mark.browser
BOOT_MS = 90_000


def _boot(page, server: str) -> None:
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)


@pytest.mark.parametrize("seed", [3, 11])
def test_ads_build_walk(phone, server, seed):
    page = phone.new_page()
    _boot(page, server)
    steps = []
    tap(page, page.locator("[data-action=open][data-arg=ads_build]"), "open the Deck Builder", steps,
        axe_scheme="light")
    tap(page, page.get_by_role("button", name="Start building"), "start building", steps, axe_scheme="dark")
    page.wait_for_selector("[data-system=ads_build][data-phase=build]")
    assert page.locator(".guide").count() == 1  # the first build's guide
    tap(page, page.locator(".guide [data-arg=next]"), "guide: next", steps, axe_scheme="light")
    tap(page, page.locator(".guide [data-arg=skip]"), "guide: skip", steps)
    assert page.locator(".guide").count() == 0
    _boot(page, server)  # the guide never comes back on its own
    page.wait_for_selector("[data-system=ads_build][data-phase=build]")
    assert page.locator(".guide").count() == 0
    random_taps(page, 22, seed=seed, steps=steps)
    assert_clean(steps, f"ADS Deck Builder, seed {seed}")
    assert len(steps) >= 24
    # the action bar holds Save, in view at the end of the walk too
    bar = page.locator(".adb-bar [data-arg='{\"type\": \"save\"}']")
    assert bar.count() == 1 and bar.is_visible()
