"""Issue 24, the Deck table: a seeded walk of 20+ taps from the home screen at 360x740,
every tap measured (tests/flow_walk.py): the prompt in view, focus kept, the result
announced, text and targets readable, no sideways scroll, axe clean in light and dark."""

from __future__ import annotations

import pytest

from flow_walk import assert_clean, random_taps, tap

pytestmark = pytest.mark.browser
BOOT_MS = 90_000


def test_deck_walk(phone, server):
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    steps = []
    tap(page, page.locator("[data-action=open][data-arg=deck]"), "open the Deck", steps, axe_scheme="light")
    tap(page, page.get_by_role("button", name="52 cards"), "start 52 cards", steps, axe_scheme="dark")
    assert page.locator(".guide").count() == 1  # the first game's guide
    tap(page, page.locator(".guide [data-arg=next]"), "guide: next", steps)
    tap(page, page.locator(".guide [data-arg=skip]"), "guide: skip", steps)
    assert page.locator(".guide").count() == 0
    random_taps(page, 20, seed=5, steps=steps)
    assert_clean(steps, "Deck")
    assert len(steps) >= 20
