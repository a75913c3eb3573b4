"""ADS part 2 in Chromium on a phone (360x740), offline: build a deck from a ready-made one
(a swap makes a violation appear, the next makes it go), save it, take it into the
adventure, walk three rooms (a fight with a loot choice, a non-combat obstacle, the next
room's fight), reload in the middle of a fight and carry on. axe in light and dark on
every new screen.

New games get a pinned seed (window.pocketdeckEntropy): a CPython twin of the app follows
along and says which button to tap next (the fight's own random policy inside fights).
"""

from __future__ import annotations

import json

import pytest

from conftest import boot_offline, check_both_schemes, pinned_context, table_html, tap_action
from test_browser import assert_phone_layout
from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads.sim import choose as fight_choose
from pocketdeck.ui.app import App

pytestmark = pytest.mark.browser
BOOT_MS = 90_000
KEY = "char:ads:brakka-the-warrior"
BUILD = [{"type": "add", "card": "longsword"}, {"type": "remove", "card": "strength"}, {"type": "save"}]


def twin(entropy: int) -> App:
    app = App(seed_source=entropy)
    app.handle("open", "ads_build")
    app.handle("new", json.dumps({"system": "ads_build"}), {"start": "ready:warrior", "name": ""})
    for a in BUILD:
        app.handle("play", json.dumps(a))
    app.handle("setup", "ads_adventure")
    app.handle("new", json.dumps({"system": "ads_adventure"}), {"hero": f"lib:{KEY}", "mode": "simple"})
    return app


def room_choice(state: dict, legal: list[dict]) -> dict:
    """The walk: K1's loot into the hand, then K2 (the obstacle), then on to K4."""
    kinds = {a["type"]: a for a in legal}
    if state["phase"] == "loot":
        return {"type": "loot", "to": "hand"} if {"type": "loot", "to": "hand"} in legal else kinds["loot"]
    if state["phase"] in ("remove_hand", "remove_draw", "trim", "obstacle"):
        return legal[0]
    if state["room"] == "K1":
        return {"type": "go", "to": "K2"}
    if state["room"] == "K2" and "K2" not in state["passed"] and "attempt" in kinds:
        return {"type": "attempt", "symbol": "^"}
    return {"type": "go", "to": "K4"}


def plan(entropy: int, most: int = 90) -> list[dict] | None:
    """The taps from the adventure's start into K4's fight (a few moves of it), if K1's fight
    is won, the loot goes into the hand, and K2's obstacle is met on the way."""
    app = twin(entropy)
    session = app.sessions["ads_adventure"]
    game, rng, actions = session.game, Rng(entropy), []
    while len(actions) < most:
        s = session.state
        legal = game.legal_actions(s)
        if game.is_over(s):
            return None
        if s["room"] == "K4" and s["phase"] == "fight" and s["fight"]["phase"] == "turn":
            break
        action = fight_choose(s["fight"], legal, rng) if s["phase"] == "fight" else room_choice(s, legal)
        session.play(action)
        actions.append(action)
    s = session.state
    ok = (s["room"] == "K4" and "K1" in s["cleared"] and s["obstacle_draw"] is not None
          and any(a == {"type": "loot", "to": "hand"} for a in actions))
    return actions if ok else None


def test_build_then_three_rooms_offline_with_a_reload(browser, server):
    entropy, actions = next((e, a) for e in range(1, 200) if (a := plan(e)))
    ctx, errors = pinned_context(browser, entropy)
    try:
        page = boot_offline(ctx, server, BOOT_MS)
        # -- the builder ------------------------------------------------------------------
        page.locator("[data-action=open][data-arg=ads_build]").tap()
        assert_phone_layout(page, "ADS builder setup")
        check_both_schemes(page, "ADS builder setup")
        page.locator("select[name=start]").select_option("ready:warrior")
        page.get_by_role("button", name="Start building").tap()
        page.wait_for_selector("[data-system=ads_build][data-phase=build]")
        page.locator(".guide [data-arg=skip]").tap()  # the builder's first-run guide (issue 25)
        page.wait_for_selector(".guide", state="detached")
        assert page.locator(".adb-viol.ok").count() == 1
        assert page.locator(".adb-gallery svg.ads-card").count() > 10
        assert_phone_layout(page, "ADS builder")
        check_both_schemes(page, "ADS builder")
        tap_action(page, BUILD[0])
        assert "Your Combat Deck" in page.locator(".adb-viol").inner_text()
        assert page.locator(".adb-viol.ok").count() == 0
        check_both_schemes(page, "ADS builder, a rule broken")
        tap_action(page, BUILD[1])
        assert page.locator(".adb-viol.ok").count() == 1
        tap_action(page, BUILD[2])
        page.wait_for_selector("[data-system=ads_build][data-phase=over]")
        check_both_schemes(page, "ADS builder saved")
        # -- the adventure ------------------------------------------------------------------
        page.get_by_role("button", name="Go on an adventure").tap()
        page.locator("select[name=hero]").select_option(f"lib:{KEY}")
        assert_phone_layout(page, "ADS adventure setup")
        check_both_schemes(page, "ADS adventure setup")
        page.get_by_role("button", name="Enter the keep").tap()
        page.wait_for_selector("[data-system=ads_adventure][data-phase=fight]")
        mirror = twin(entropy)
        session = mirror.sessions["ads_adventure"]
        seen: set[str] = set()
        reloaded = False
        for action in actions:
            tap_action(page, action)
            mirror.handle("play", json.dumps(action))
            s = session.state
            phase = s["phase"]
            page.wait_for_selector(f"[data-system=ads_adventure][data-phase={phase}]")
            page.wait_for_selector(f"[data-room={s['room']}]")
            assert page.locator(".flash.error").count() == 0
            key = phase if phase != "fight" else f"fight:{s['fight']['phase']}"
            if key not in seen and key in ("fight:turn", "loot", "remove_hand", "room", "obstacle"):
                seen.add(key)
                assert_phone_layout(page, f"ADS adventure {key}")
                check_both_schemes(page, f"ADS adventure {key}")
            if phase == "fight" and s["fight"]["phase"] == "turn" and not reloaded and s["room"] == "K1":
                before = table_html(page, "[data-system=ads_adventure]")
                page.reload()
                page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
                page.wait_for_selector("[data-system=ads_adventure][data-phase=fight]")
                assert table_html(page, "[data-system=ads_adventure]") == before
                reloaded = True
        assert reloaded
        assert {"loot", "remove_hand", "room"} <= seen
        assert s["room"] == "K4" and "K2" in s["visited"]
        assert page.locator("[data-room=K4]").count() == 1
        assert "Removed from the game" in mirror.render()
        assert not errors, errors
    finally:
        ctx.close()
