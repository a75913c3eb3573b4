"""Accessibility: axe-core (the pinned npm package, injected from disk) finds no serious or
critical violation on any screen of the app, in the light and the dark palette.

Each table's own browser tests call ``conftest.axe_violations`` on their screens too; this
file walks the shell, the home screen and the Deck and P52 tables."""

from __future__ import annotations

import json

import pytest

from conftest import check_both_schemes, more, pinned_context, tap_action
from test_browser_p52 import find_seed, twin

pytestmark = pytest.mark.browser
BOOT_MS = 90_000




def test_home_and_deck_screens(phone, server):
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    check_both_schemes(page, "home")
    page.locator("[data-action=open][data-arg=deck]").tap()
    check_both_schemes(page, "Deck setup")
    page.get_by_role("button", name="52 cards").tap()
    page.wait_for_selector("[data-system=deck]")
    for _ in range(3):
        page.locator("button.pile").tap()
    page.locator("details.left summary").tap()
    more(page, "Share")  # in the bar's More menu (issue 24)
    check_both_schemes(page, "Deck table")


def test_p52_screens(browser, server):
    entropy, actions = find_seed()
    ctx, errors = pinned_context(browser, entropy)
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        page.locator("[data-action=open][data-arg=p52]").tap()
        check_both_schemes(page, "P52 setup")
        page.locator("select[name=new_characters]").select_option("1")
        page.locator("input[name=names]").fill("Brom")
        page.locator("input[name=names]").press("Enter")
        page.wait_for_selector("[data-system=p52][data-phase=creation]")
        check_both_schemes(page, "P52 creation")
        mirror = twin(entropy)
        state = mirror.sessions["p52"]
        seen: set[str] = set()
        for action in actions:
            tap_action(page, action)
            mirror.handle("play", json.dumps(action))
            phase = state.state["phase"]
            if phase not in seen:
                seen.add(phase)
                page.wait_for_selector(f"[data-system=p52][data-phase={phase}]")
                check_both_schemes(page, f"P52 {phase}")
        assert "room" in seen
        assert not errors, errors
    finally:
        ctx.close()


def test_focused_prompt_ring_only_for_keyboard(phone, server):
    """The shell focuses the prompt after each screen (issue 24), the home screen's tile list
    at start included. A phone that was only touched shows no yellow frame round the whole
    list; once a key is pressed the focused prompt is ringed (WCAG 2.4.7 for keyboard use)."""
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    ring = "getComputedStyle(document.activeElement).outlineStyle"
    assert page.evaluate("document.activeElement.matches('[data-prompt]')")
    assert page.evaluate(ring) == "none"
    page.keyboard.press("Shift")
    assert page.evaluate("document.documentElement.dataset.keys") == "1"
    assert page.evaluate(ring) == "solid"
