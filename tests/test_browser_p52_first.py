"""Issue 50, P52's first game in Chromium at 360x740: home -> P52 -> the first Play now
(the first quest), the guide followed, then the game played out with the engine's own
policy (a CPython twin of the app picks each action; the test taps its button) to the end.
Asserted: the room map and a step to take now in view at the first decision, no sideways
scroll and touch-sized targets, a defence's chance and result in words, the end's ways on.
Screens: docs/screens/p52-first-decision.png, -defence.png (an enemy's hit: the answers with
their chances), -result.png, -end.png (looked at by eye)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import pinned_context, tap_action
from test_browser import assert_phone_layout, boot
from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App

pytestmark = pytest.mark.browser
BOOT_MS = 90_000
SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screens" / "p52-first-{}.png"
FIRST = {"quick_first": "1", "names": ""}  # the first Play now's fields, as the page sends them


def _twin(entropy: int) -> App:
    app = App(seed_source=entropy)
    app.handle("open", "p52")
    app.handle("new", json.dumps({"system": "p52"}), dict(FIRST))
    return app


def _plan(entropy: int) -> list[dict] | None:
    """The policy's actions from the first screen to a won first quest in which a defence
    was tried (a result worth a picture), or None."""
    session = _twin(entropy).sessions["p52"]
    game, rng, actions = session.game, Rng(entropy), []
    while not game.is_over(session.state) and len(actions) < 300:
        action = game.sim_choose(session.state, game.legal_actions(session.state), rng)
        session.play(action)
        actions.append(action)
    defended = any(a["type"] == "defend" and a["ability"] for a in actions)
    return actions if session.state["outcome"] == "won" and defended and len(actions) < 60 else None


def _in_view(page, selector: str) -> bool:
    return page.evaluate("""sel => { const e = document.querySelector(sel); if (!e) return false;
        const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }""", selector)


def test_the_first_quest_in_the_browser(browser, server):
    entropy, actions = next((e, a) for e in range(1, 300) if (a := _plan(e)))
    ctx, errors = pinned_context(browser, entropy)
    try:
        page = ctx.new_page()
        boot(page, server + "/")
        page.locator("[data-action=open][data-arg=p52]").tap()
        first = page.locator(".p52-quick [data-action=new]").first
        assert "your first quest" in first.inner_text().lower() or "first quest" in first.text_content()
        first.tap()
        page.wait_for_selector('.p52[data-phase="room"]', timeout=BOOT_MS)
        assert "Your first quest: one room, one Skulker and a chest." in page.inner_text(".p52")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS).format("decision"), scale="css")
        while page.locator(".guide [data-arg=next]").count():  # the newcomer reads the guide
            page.locator(".guide [data-arg=next]").tap()
            page.wait_for_timeout(120)
        page.evaluate("window.scrollTo(0, 0)")
        assert _in_view(page, ".p52 [data-prompt] .board-wrap"), "the room map is not in view"
        assert page.evaluate("""() => [...document.querySelectorAll('.p52 [data-prompt] [data-action=play]')]
            .some(b => { const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })""")
        assert_phone_layout(page, "P52 first quest, first decision")
        shot = False
        for action in actions:
            if not shot and action["type"] == "defend" and action["ability"]:  # the answers, before
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(SHOTS).format("defence"), scale="css")
                assert page.locator(".p52 [data-prompt] .btn .leaves").count() >= 2
            tap_action(page, action)
            if not shot and action["type"] == "defend" and action["ability"]:
                result = page.locator(".p52 [data-result]").inner_text()
                assert "needed" in result and ("works" in result or "fails" in result), result
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(SHOTS).format("result"), scale="css")
                assert_phone_layout(page, "P52 first quest, a defence's result")
                shot = True
            if page.locator('.p52 [data-prompt] .leaves').count():
                assert page.locator('.p52 [data-prompt] .btn .chance').count()
        page.wait_for_selector('.p52[data-phase="over"]')
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS).format("end"), scale="css")
        ways = page.locator(".p52 [data-prompt] [data-action=new], .p52 [data-prompt] [data-action=setup], "
                            ".p52 [data-prompt] [data-action=home]").all_inner_texts()
        assert ways == ["A full quest", "Play the first quest again", "Start a new quest", "Home"], ways
        assert _in_view(page, ".p52 [data-prompt] [data-action=new]")
        assert_phone_layout(page, "P52 first quest, the end")
        page.locator(".p52 [data-prompt] [data-action=new]").first.tap()  # on: a full quest
        page.wait_for_function("document.querySelector('.p52 h1') && !document.querySelector('.p52 .first-quest')"
                               " && document.querySelector('.p52[data-phase]').dataset.phase !== 'over'")
        assert not errors, errors
    finally:
        ctx.close()
