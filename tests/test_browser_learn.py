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


def test_popovers_live_in_the_shells_layer_and_are_parsed_once(phone, server):
    """The glossary popovers are held by the shell (#popovers, web/lastscreen.js), not
    drawn inside the screen: every term on the screen opens its popover from there, a tap
    that keeps a term keeps its popover element (it is not parsed again), a popover whose
    id comes back with other words is replaced, and the screen kept for the next start
    carries its popovers."""
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    page.locator("[data-action=open][data-arg=deck]").tap()
    page.get_by_role("button", name="52 cards").tap()
    page.wait_for_selector(".guide")
    page.locator(".guide [data-arg=skip]").tap()
    page.wait_for_function("!document.querySelector('.guide')")
    linked = """() => [...new Set([...document.querySelectorAll('#app [popovertarget]')]
                  .map(b => b.getAttribute('popovertarget')))]"""
    targets = page.evaluate(linked)
    assert targets, "the Deck table links no term"
    assert page.locator("#app [popover]").count() == 0
    for t in targets:
        assert page.evaluate(f"document.getElementById({t!r})?.parentElement?.id") == "popovers", t
    page.evaluate("() => document.querySelectorAll('#popovers > [popover]').forEach(p => p.__kept = 1)")
    saved = int(page.evaluate("document.documentElement.dataset.saved || 0"))
    page.locator("button.pile").tap()
    page.wait_for_function(f"Number(document.documentElement.dataset.saved) > {saved}")
    for t in page.evaluate(linked):
        assert page.evaluate(f"document.getElementById({t!r}).parentElement.id") == "popovers", t
        if t in targets:
            assert page.evaluate(f"document.getElementById({t!r}).__kept") == 1, f"{t} was parsed again"
    page.locator("#app button.term").first.tap()
    pop = page.locator("[popover]:popover-open")
    pop.wait_for()
    assert pop.evaluate("p => p.parentElement.id") == "popovers"
    pop.get_by_role("button", name="Close").tap()
    page.wait_for_function("!document.querySelector('[popover]:popover-open')")
    # a popover whose id comes back with other words replaces the one held
    first = page.evaluate("""() => { const pd = document.getElementById('popovers');
        const one = '<div id="why-test" popover class="gloss" role="note"><p>One</p></div>';
        const two = '<div id="why-test" popover class="gloss" role="note"><p>Two</p></div>';
        const html = document.getElementById('app').innerHTML;
        window.pocketdeckShell.show(html, '', false, null, null, one);
        const a = document.getElementById('why-test');
        window.pocketdeckShell.show(html, '', false, null, null, one + '\\x1e' + two.replace('why-test', 'why-other'));
        const kept = document.getElementById('why-test') === a;
        window.pocketdeckShell.show(html, '', false, null, null, two);
        return {kept, count: pd.querySelectorAll('#why-test').length,
                text: document.getElementById('why-test').textContent,
                other: !!document.getElementById('why-other')}; }""")
    assert first == {"kept": True, "count": 1, "text": "Two", "other": True}
    page.wait_for_timeout(1500)  # the screen is kept once the browser is idle
    kept = page.evaluate("localStorage.getItem('pocketdeck-last-screen') || ''")
    assert 'id="why-test" popover' in kept and "<p>Two</p>" in kept
