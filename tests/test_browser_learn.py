"""Issue 25 in Chromium at 360x740: the Rules screen (opened from the home screen's "How to
play", searched, and left back to where the player was), an open glossary popover and the
first-run guide pass axe-core with nothing serious, light and dark; the popover holds the
term's line and closes again; text stays at least 12 px and nothing scrolls sideways."""

from __future__ import annotations

import pytest

from conftest import check_both_schemes
from flow_walk import MEASURE

pytestmark = pytest.mark.browser
BOOT_MS = 90_000


def _readable(page, where: str) -> None:
    m = page.evaluate(MEASURE)
    assert not m["small"] and not m["hscroll"] and not m["smallTargets"], f"{where}: {m}"


def test_rules_glossary_and_guide_pass_axe(phone, server):
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    page.get_by_role("button", name="How to play: P52").tap()
    page.wait_for_selector("[data-rules=p52] details.rule")
    page.locator("details.rule summary").first.tap()
    check_both_schemes(page, "P52 rules")
    _readable(page, "P52 rules")
    page.locator("#rules-q").fill("quirk")
    page.get_by_role("button", name="Search").tap()
    page.wait_for_selector("text=match \u201cquirk\u201d")
    assert page.locator("details.rule").count() >= 1 and page.locator("dl.glossary dt").count() >= 1
    page.get_by_role("button", name="\u2190 Home").tap()
    page.wait_for_selector("ul.tiles")
    # a table's first game: the guide on screen, then a term's popover opened over it
    page.locator("[data-action=open][data-arg=deck]").tap()
    page.get_by_role("button", name="52 cards").tap()
    page.wait_for_selector(".guide")
    check_both_schemes(page, "Deck guide")
    _readable(page, "Deck guide")
    page.locator(".guide [data-arg=skip]").tap()
    page.wait_for_function("!document.querySelector('.guide')")
    page.locator("button.term").first.tap()
    pop = page.locator("[popover]:popover-open")
    pop.wait_for()
    assert "Draw pile" in pop.inner_text()
    check_both_schemes(page, "Deck glossary popover")
    pop.get_by_role("button", name="Close").tap()
    page.wait_for_function("!document.querySelector('[popover]:popover-open')")
