"""Deck of Adventures in Chromium on a 360 px phone, offline: pick a premade character,
make a check with Upper Hand and a Fate redraw by taps, take a Quick Rest, reload, and
find everything as it was."""

from __future__ import annotations

import re

import pytest


from conftest import boot_offline, pinned_context, saves_done
from conftest import check_both_schemes as _check_both_schemes

pytestmark = pytest.mark.browser
BOOT_MS = 90_000




def check_both_schemes(page, where: str) -> None:
    """Every panel of the sheet opened, then axe in light and dark."""
    _check_both_schemes(page, where, open_panels=True)


def tap(page, name: str) -> None:
    """Tap the button with this visible name; return once the game is saved."""
    before = saves_done(page)
    page.get_by_role("button", name=name, exact=True).first.tap()
    page.wait_for_function(f"Number(document.documentElement.dataset.saved) > {before}")
    assert page.locator(".flash.error").count() == 0




def assert_phone_layout(page, where: str) -> None:
    """No horizontal scroll at 360 px; every visible tap target at least 44 x 44 px, the
    glossary's inline terms excepted (targets inside a sentence, WCAG 2.5.8)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, where
    small = page.evaluate("""() => [...document.querySelectorAll('button, a, input, select, summary')]
        .filter(e => e.offsetParent !== null && e.type !== 'checkbox' && !e.matches('.term'))
        .map(e => [e.textContent.trim() || e.getAttribute('aria-label') || e.name, e.getBoundingClientRect()])
        .filter(([n, r]) => r.width < 44 || r.height < 44).map(([n]) => n)""")
    assert small == [], f"{where}: targets under 44 px: {small}"


def skip_guide(page) -> None:
    """A fresh profile meets the first-game guide (issue 25); these tests skip it."""
    page.wait_for_selector(".guide")
    page.locator(".guide [data-arg=skip]").tap()
    page.wait_for_selector(".guide", state="detached")


def open_panel(page, heading: str) -> None:
    page.locator("details", has=page.get_by_role("heading", name=heading, exact=True)).locator("summary").first.tap()


def table(page) -> str:
    """The table's HTML, panels' open/closed state and the last tap's result aside (a
    reload closes them and starts with no tap)."""
    html = page.locator("[data-system=dofa]").inner_html().replace(' open=""', "")
    return re.sub(r'<div class="result" data-result="">.*?</div>', "", html)  # the last tap's result


def test_check_with_upper_hand_and_fate_redraw_then_quick_rest_offline(browser, server):
    ctx, errors = pinned_context(browser, 7)
    try:
        page = boot_offline(ctx, server, BOOT_MS)

        page.locator("[data-action=open][data-arg=dofa]").tap()
        check_both_schemes(page, "DofA setup")
        page.locator("details.dofa-more", has_text="Name and companion").evaluate("d => d.open = true")
        page.locator("input[name=name]").fill("Xena <3")
        page.locator("details.dofa-more", has_text="more premade characters").evaluate("d => d.open = true")
        page.get_by_role("button", name="Play Spades 2 (Martial, level 2)").tap()
        page.wait_for_selector("[data-system=dofa][data-phase=play]")
        skip_guide(page)
        assert "Xena &lt;3" in table(page)
        assert_phone_layout(page, "DofA check entry")

        # a power's words: tap its name in the powers held; its spend-PP button stays
        sweep = page.locator(".dofa-held details", has_text="Attack, Sweep (2 PP): what it does")
        assert not sweep.locator("p").is_visible()
        sweep.locator("summary").tap()
        words = sweep.locator("p")
        assert words.is_visible() and "DR 3 AGL Save or falls Knocked Down" in words.inner_text()
        assert page.get_by_role("button", name="Attack, Sweep (2 PP)", exact=True).is_visible()
        assert_phone_layout(page, "DofA a power's words")
        check_both_schemes(page, "DofA a power's words")

        # the GM: "8 of Clubs, Athletics, DR 2, with Upper Hand"
        for name in ("8", "Clubs", "Athletics +0", "DR 2"):
            tap(page, name)
        page.locator("details[data-part=hand]").evaluate("d => d.open = true")
        tap(page, "Upper Hand 1")
        panel = page.locator(".dofa-go").inner_text()
        # a fresh deck: 1 - C(32,2)/C(52,2) = 63% with Upper Hand 1 at EDR 2; the chart's 62%
        assert "Chance of success: 63%" in panel
        assert "the GM’s Guide chart says 62% (its Upper Hand 2 row at 2, a fresh deck)" in panel
        check_both_schemes(page, "DofA check with odds")
        tap(page, "Draw")
        assert page.locator(".dofa-cards li").count() == 1
        if page.get_by_role("button", name="Draw another").count():
            tap(page, "Draw another")
        assert page.locator(".dofa-cards li").count() in (1, 2)
        check_both_schemes(page, "DofA draw")
        tap(page, "Redraw with Red Joker")
        assert page.get_by_role("button", name="Redraw with Black Joker").count() == 0   # one per check
        if page.get_by_role("button", name="Draw another").count():
            tap(page, "Draw another")
        result = page.locator(".dofa-result").inner_text()
        tap(page, "Accept")
        assert "Red Joker" not in page.locator(".fate").inner_html()
        assert page.locator("[data-prompt] .dofa-outcome").count() == 1  # the result beside the prompt
        assert result.split(" (")[0] in page.locator(".dofa-outcome").inner_text()

        # a Quick Rest: my Target Card first, some damage to recover
        tap(page, "Draw my Target Card")
        tap(page, "Take 2 damage (bypasses AP)")
        tap(page, "Quick Rest")
        page.wait_for_selector("[data-system=dofa][data-phase=rest]")
        check_both_schemes(page, "DofA Quick Rest")
        tap(page, "Draw a Rest Card")
        tap(page, "Accept")
        tap(page, page.locator("[data-action=play]").filter(has_text="Recover").first.inner_text())
        tap(page, "End the Quick Rest")
        page.wait_for_selector("[data-system=dofa][data-phase=play]")
        assert "Quick Rests taken since the last Full Rest: 1 of 2" in page.locator("[data-system=dofa]").inner_text()
        assert_phone_layout(page, "DofA after a rest")

        # armor outside combat (PG, Health and Armor): Light armor replaces the Agility AR 2
        open_panel(page, "Armor and shield")
        check_both_schemes(page, "DofA armor panel")
        tap(page, "Light armor (AR 3, AP 1)")
        points = page.locator(".dofa-points")
        assert points.locator("li", has_text="AR").locator("b").inner_text() == "3"
        assert points.locator("li", has_text="AP").locator("b").inner_text() == "1/1"

        # a level-up with a re-spec (the GM allows it), then Done
        tap(page, "Level up (the GM says so)")
        tap(page, "Re-specialise (the GM allows it)")
        assert page.get_by_role("button", name="Lower Agility (gives 2 XP)").count() == 1
        check_both_schemes(page, "DofA re-spec")
        tap(page, "Done")
        page.wait_for_selector("[data-system=dofa][data-phase=play]")

        # a condition whose save falls due at the start of my turn
        open_panel(page, "Status conditions")
        tap(page, "Stunned")
        tap(page, "Start combat (draw my TC)")
        assert "Stunned (start of turn)" in page.locator(".dofa-due").inner_text()
        check_both_schemes(page, "DofA saves due")

        before = table(page)
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        page.wait_for_selector("[data-system=dofa][data-phase=play]")
        assert table(page) == before
        assert not errors, errors
    finally:
        ctx.close()


def test_build_a_character_by_taps(browser, server):
    """Character creation: Role, a modifier, a power, done; the sheet then plays."""
    ctx, errors = pinned_context(browser, 11)
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        page.locator("[data-action=open][data-arg=dofa]").tap()
        page.locator("details.dofa-more", has_text="Name and companion").evaluate("d => d.open = true")
        page.locator("input[name=name]").fill("Vex")
        page.get_by_role("button", name="Build my own character from 9 XP").tap()
        page.wait_for_selector("[data-system=dofa][data-phase=build]")
        skip_guide(page)
        check_both_schemes(page, "DofA role choice")
        tap(page, "Martial (primary Finesse)")
        assert "XP left: 9" in page.locator(".dofa-panel").first.inner_text()
        tap(page, "Raise Agility (costs 2 XP)")
        page.locator("details", has_text="Powers you can take").locator("summary").tap()
        weapon = page.locator(".dofa-choices li", has=page.get_by_role("button", name="Learn Attack, Weapon (1 XP)"))
        assert "a check against an Enemy with your weapon" in weapon.locator(".dofa-text").inner_text()
        tap(page, "Learn Attack, Weapon (1 XP)")
        # GMG, Items, Armor: a level-1 character starts with Light armor (review dofa-phone-2026-12-07 #10)
        assert page.get_by_role("button", name="Medium armor (AR 2, AP 0)").count() == 0
        tap(page, "Light armor (AR 3, AP 1)")
        assert "AR 3" in page.locator(".dofa-summary").first.inner_text()
        assert "XP left: 6" in page.locator(".dofa-panel").first.inner_text()
        assert_phone_layout(page, "DofA builder")
        check_both_schemes(page, "DofA builder")
        tap(page, "Done")
        page.wait_for_selector("[data-system=dofa][data-phase=play]")
        assert "Martial, level 1" in page.locator("[data-system=dofa] h1").inner_text()
        assert "Finesse +1" in page.locator("[data-system=dofa]").inner_html()
        assert not errors, errors
    finally:
        ctx.close()
