"""ADS party in Chromium on a phone (360x740), offline: a Foe attacks one character and the
other one, behind the pass-the-phone cover, raises a card to protect them; the phone then
goes back to the one attacked. And Two Dimensional play with cover: the room's cover squares
drawn on the grid, with words for screen readers. axe in light and dark on both screens.

New games get a pinned seed (window.pocketdeckEntropy): a CPython twin of the app follows
along and says which button to tap next (the fight's own random policy).
"""

from __future__ import annotations

import pytest

from conftest import boot_offline, check_both_schemes, pinned_context
from test_browser import assert_phone_layout
from test_browser_ads_party import FORM, follow, twin
from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads.adventure.content import rooms
from pocketdeck.systems.ads.sim import choose as fight_choose

pytestmark = pytest.mark.browser
BOOT_MS = 90_000


def plan(entropy: int, most: int = 160) -> list[dict] | None:
    """Taps from the first fight until an ally has played a card for the one attacked and
    the phone is back with them (their answer showing)."""
    app = twin(entropy, "simple")
    session = app.sessions["ads_adventure"]
    game, rng, actions, aided = session.game, Rng(entropy), [], False
    while len(actions) < most:
        s = session.state
        if game.is_over(s) or s["phase"] != "fight":
            return None
        f = s["fight"]
        if aided and f["phase"] == "react" and not f["party"]["cover"]:
            return actions
        legal = game.legal_actions(s)
        action = fight_choose(f, legal, rng)
        if f["phase"] == "aid" and not f["party"]["cover"]:
            action = next((a for a in legal if a["type"] == "aid"), action)
            aided = action["type"] == "aid"
        session.play(action)
        actions.append(action)
    return None


def test_an_ally_raises_a_shield_for_the_one_attacked(browser, server):
    entropy, actions = next((e, a) for e in range(1, 400) if (a := plan(e)))
    ctx, errors = pinned_context(browser, entropy)
    try:
        page = boot_offline(ctx, server, BOOT_MS)
        page.locator("[data-action=open][data-arg=ads_adventure]").tap()
        for name, value in dict(FORM, mode="simple").items():
            page.locator(f"select[name={name}]").select_option(value)
        page.get_by_role("button", name="Enter the keep").tap()
        page.wait_for_selector("[data-system=ads_adventure][data-phase=fight]")
        mirror = twin(entropy, "simple")
        session = mirror.sessions["ads_adventure"]
        helper = target = ""
        for action in actions:
            f = session.state["fight"]
            if action["type"] == "aid":
                helper, target = f["hero"], f["party"]["seats"][f["pending"]["target"]]["hero"]
                prompt = page.locator(".ads-prompt").inner_text()
                assert f"attacks {target}" in prompt and "Play a card to protect them?" in prompt
                assert page.locator(".ads-seat").inner_text() == f"{helper} to answer"
                assert_phone_layout(page, "ADS aid prompt")
                check_both_schemes(page, "ADS aid prompt")
            f, phase = follow(page, mirror, action)
            if phase == "cover" and helper and f["phase"] == "react":
                assert page.locator(".ads-pass").inner_text() == f"Pass the phone to {target}"
        assert helper and session.state["fight"]["pending"].get("aid")
        prompt = page.locator(".ads-prompt").inner_text()  # back with the one attacked
        assert "attacks you with" in prompt and page.locator(".ads-seat").inner_text() == f"{target} to answer"
        assert not errors, errors
    finally:
        ctx.close()


def test_the_room_with_cover_is_drawn(browser, server):
    ctx, errors = pinned_context(browser, 5)
    try:
        page = boot_offline(ctx, server, BOOT_MS)
        page.locator("[data-action=open][data-arg=ads_adventure]").tap()
        for name, value in dict(FORM, mode="cover").items():
            page.locator(f"select[name={name}]").select_option(value)
        assert_phone_layout(page, "ADS setup with cover")
        page.get_by_role("button", name="Enter the keep").tap()
        page.wait_for_selector("[data-system=ads][data-phase=choose]")
        grid = page.locator("svg.ads-grid")
        cover = rooms()["K1"]["cover"]
        assert grid.locator("rect.cover").count() == len(cover)
        label = grid.get_attribute("aria-label")
        for x, y in cover:
            assert f"cover at column {x + 1}, row {y + 1}" in label
        assert "Crossed squares are cover" in page.locator("[data-system=ads]").inner_text()
        assert_phone_layout(page, "ADS room with cover")
        check_both_schemes(page, "ADS room with cover")
        assert not errors, errors
    finally:
        ctx.close()
