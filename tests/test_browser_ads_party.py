"""ADS party in Chromium on a phone (360x740), offline: a party of two (a warrior and a
mage, two Character Decks) enters the keep and meets the first room's group Foe list; the
phone is passed between them behind the "Pass the phone to ..." cover (no hand shows
under it, and a reload keeps it), the fight screen says whose turn it is in big letters, and a Foe choosing its
target by a trait shows in the fight log; the same in Two Dimensional play with the room's
grid on the fight screen. axe in light and dark on the new screens.

New games get a pinned seed (window.pocketdeckEntropy): a CPython twin of the app follows
along and says which button to tap next (the fight's own random policy).
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
FORM = {"hero": "ready:warrior", "hero2": "ready:mage", "hero3": "none", "hero4": "none"}


def twin(entropy: int, mode: str) -> App:
    app = App(seed_source=entropy)
    app.handle("setup", "ads_adventure")
    app.handle("new", json.dumps({"system": "ads_adventure"}), dict(FORM, mode=mode))
    return app


def by_trait(fight: dict) -> bool:
    """A Foe went for a character by a trait (not just the nearest)."""
    return any(" goes for " in line and "(the nearest)" not in line for line in fight["log"][-40:])


def plan(entropy: int, mode: str, most: int = 120) -> list[dict] | None:
    """Taps from the start of the first fight until a Foe has chosen its target by a
    trait, the cover has been passed at least twice, and a character's turn is showing."""
    app = twin(entropy, mode)
    session = app.sessions["ads_adventure"]
    game, rng, actions, covers = session.game, Rng(entropy), [], 0
    while len(actions) < most:
        s = session.state
        if game.is_over(s) or s["phase"] != "fight":
            return None
        f = s["fight"]
        if by_trait(f) and covers >= 2 and f["phase"] == "turn" and not f["party"]["cover"]:
            return actions
        legal = game.legal_actions(s)
        covers += legal == [{"type": "ready"}]
        action = fight_choose(f, legal, rng)
        session.play(action)
        actions.append(action)
    return None


def follow(page, mirror: App, action: dict) -> tuple[dict, str]:
    """Tap ``action`` on the phone and play it on the twin; wait for the screen it gives."""
    tap_action(page, action)
    mirror.handle("play", json.dumps(action))
    f = mirror.sessions["ads_adventure"].state["fight"]
    phase = "cover" if f["party"]["cover"] else f["phase"]
    page.wait_for_selector(f"[data-system=ads][data-phase={phase}]")
    assert page.locator(".flash.error").count() == 0
    return f, phase


@pytest.mark.parametrize("mode", ["simple", "grid"])
def test_a_party_of_two_passes_the_phone_offline(browser, server, mode):
    """Simple play, and Two Dimensional play (the room's grid drawn on the fight screen)."""
    entropy, actions = next((e, a) for e in range(1, 300) if (a := plan(e, mode)))
    ctx, errors = pinned_context(browser, entropy)
    try:
        page = boot_offline(ctx, server, BOOT_MS)
        page.locator("[data-action=open][data-arg=ads_adventure]").tap()
        for name, value in dict(FORM, mode=mode).items():
            page.locator(f"select[name={name}]").select_option(value)
        assert_phone_layout(page, "ADS party setup")
        check_both_schemes(page, "ADS party setup")
        page.get_by_role("button", name="Enter the keep").tap()
        page.wait_for_selector("[data-system=ads_adventure][data-phase=fight]")
        mirror = twin(entropy, mode)
        session = mirror.sessions["ads_adventure"]
        f = session.state["fight"]
        assert len(f["party"]["seats"]) == 2 and len(f["foes"]) == 4  # K1's group list
        seen: set[str] = set()
        reloaded = False
        for action in actions:
            f, phase = follow(page, mirror, action)
            name = f["hero"]  # the character who holds the phone is at the top of the state
            if phase == "cover":
                assert page.locator(".ads-pass").inner_text() == f"Pass the phone to {name}"
                assert page.locator("svg.ads-card").count() == 0  # no hand under the cover
                if not reloaded and f["phase"] == "turn":  # a reload keeps the cover: no hand leaks
                    before = table_html(page, "[data-system=ads_adventure]")
                    page.reload()
                    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
                    page.wait_for_selector("[data-system=ads][data-phase=cover]")
                    assert table_html(page, "[data-system=ads_adventure]") == before
                    reloaded = True
            elif phase in ("turn", "choose"):
                assert page.locator(".ads-seat").inner_text() == f"{name}'s turn"
            if phase in ("cover", "turn", "react", "choose") and phase not in seen:
                seen.add(phase)
                assert_phone_layout(page, f"ADS party {phase}")
                check_both_schemes(page, f"ADS party {phase}")
        assert {"cover", "turn"} <= seen and reloaded
        assert page.locator("svg.ads-grid").count() == (1 if mode == "grid" else 0)
        log = page.locator("[data-system=ads] ul.log").inner_text()
        trait_lines = [line for line in session.state["fight"]["log"][-40:] if " goes for " in line
                       and "(the nearest)" not in line]
        assert trait_lines and trait_lines[-1] in log
        assert not errors, errors
    finally:
        ctx.close()
