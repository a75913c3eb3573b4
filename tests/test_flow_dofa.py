"""Issues 24 and 25, the Deck of Adventures sheet: from the home screen a premade reaches
a first turn in 2 taps; the first-game guide appears, is followed and skipped, and never
appears again (a reload included); a check entered by taps keeps Draw in view, and its
result (the cards drawn, as cards, and the grade) stands beside the prompt; then a seeded
walk of 20+ taps, every tap measured (tests/flow_walk.py)."""

from __future__ import annotations

import pytest

from flow_walk import assert_clean, guide_once, random_taps, tap

pytestmark = pytest.mark.browser
BOOT_MS = 90_000

IN_VIEW = """el => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight + 1 && r.width > 0; }"""


def _boot(page, server):
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)


def _play_now(page, steps):
    """Home -> Deck of Adventures -> Play now: Spades 1: two taps to the first turn."""
    tap(page, page.locator("[data-action=open][data-arg=dofa]"), "open Deck of Adventures", steps,
        axe_scheme="light")
    tap(page, page.get_by_role("button", name="Play now: Spades 1 (Martial, level 1)"), "play now", steps,
        axe_scheme="dark")
    assert page.locator("[data-system=dofa][data-phase=play]").count() == 1


@pytest.mark.parametrize("seed", [3, 11])
def test_dofa_walk(phone, server, seed):
    page = phone.new_page()
    _boot(page, server)
    steps = []
    _play_now(page, steps)
    guide_once(page, steps, nexts=2, table="[data-system=dofa]")

    # the GM: "8 of Clubs, Athletics, DR 2": Draw stays in view at every step
    for name in ("8", "Clubs", "Athletics +0", "DR 2"):
        tap(page, page.get_by_role("button", name=name, exact=True), f"check: {name}", steps)
        assert page.locator(".dofa-draw-btn").evaluate(IN_VIEW), f"Draw out of view after {name}"
    assert page.locator(".dofa-draw-btn").is_enabled()
    tap(page, page.locator(".dofa-draw-btn"), "Draw", steps, axe_scheme="light")
    assert page.locator(".dofa-drawing .dofa-cards svg.card").count() >= 1
    tap(page, page.get_by_role("button", name="Accept", exact=True), "accept", steps, axe_scheme="dark")
    outcome = page.locator("[data-prompt] .dofa-outcome")
    assert outcome.count() == 1 and outcome.locator("svg.card").count() >= 2  # the TC and the card drawn
    assert outcome.evaluate(IN_VIEW)
    assert page.locator("[data-result]").evaluate(IN_VIEW)

    random_taps(page, 22, seed=seed, steps=steps)
    assert_clean(steps, f"DofA sheet, seed {seed}")
    assert len(steps) >= 30
