"""The Deckbuilder RPG in Chromium on a 360 px phone, offline: start a two-hero battle
by taps on the setup form, play it to its end by tapping the buttons the engine offers,
see the synergy prompt for the ally in the same arena, reload in the middle of the
battle and find it restored.

The browser's seed is pinned (window.pocketdeckEntropy) so a CPython twin of the app
follows along: the twin picks each next action with the engine's own policy, the test
taps the button carrying that action, and the page must agree with the twin.
"""

from __future__ import annotations

import json

import pytest

from conftest import (PHONE, axe_violations, boot_offline, check_both_schemes, pinned_context, tap_action,
                      watch_errors)
from test_browser import assert_phone_layout
from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App

pytestmark = pytest.mark.browser
BOOT_MS = 90_000
FORM = {"heroes": ["warrior", "priest"], "zones": "crypt"}
STEP_CAP = 220


def twin(entropy: int) -> App:
    app = App(seed_source=entropy)
    app.handle("open", "deckbuilder")
    app.handle("new", json.dumps({"system": "deckbuilder"}), dict(FORM))
    return app


def plan(entropy: int) -> list[dict] | None:
    """The policy's actions from a new battle to its end, when it ends within the cap,
    won (so the upgrade screen comes), and the priest gets a synergy prompt on the way."""
    app = twin(entropy)
    session = app.sessions["deckbuilder"]
    game, rng, actions, synergy = session.game, Rng(entropy), [], False
    while len(actions) < STEP_CAP:
        st = session.state
        if game.is_over(st):
            return actions if synergy and st["outcome"] == "won" else None
        if st["turn"] and st["turn"]["mode"] == "synergy" and st["turn"]["actor"] == "h1":
            synergy = True
        action = game.sim_choose(st, game.legal_actions(st), rng)
        session.play(action)
        actions.append(action)
    return None


def find_seed() -> tuple[int, list[dict]]:
    for entropy in range(1, 300):
        actions = plan(entropy)
        if actions and len(actions) >= 30:
            return entropy, actions
    pytest.fail("no seed below 300 gives a whole battle with a synergy prompt")






def begin(page) -> None:
    """Tap the form's Begin, wait for the battle, and skip the first game's guide (its own
    walk is tests/test_flow_deckbuilder.py) so that it covers no button."""
    page.locator("[data-action=new][data-fill]").tap()
    page.wait_for_selector("[data-system=deckbuilder][data-phase=battle]")
    if page.locator(".guide [data-arg=skip]").count():
        page.locator(".guide [data-arg=skip]").tap()
        page.wait_for_selector(".guide", state="detached")


def table_html(page) -> str:
    """The table as drawn, without the last tap's result box (a reload shows no tap's result)."""
    return page.locator("[data-system=deckbuilder]").evaluate(
        "el => { const c = el.cloneNode(true); c.querySelectorAll('[data-result]').forEach(r => r.remove());"
        " return c.innerHTML; }")


def test_two_heroes_play_a_battle_to_its_end_offline_and_resume_after_reload(browser, server):
    entropy, actions = find_seed()
    ctx, errors = pinned_context(browser, entropy)
    try:
        page = boot_offline(ctx, server, BOOT_MS)

        page.locator("[data-action=open][data-arg=deckbuilder]").tap()
        assert_phone_layout(page, "Deckbuilder setup")
        assert axe_violations(page) == []
        # the defaults are the warrior and the priest; pick the first encounter only
        page.locator("select[name=zones]").select_option("crypt")
        begin(page)
        assert_phone_layout(page, "Deckbuilder battle")

        mirror = twin(entropy)
        session = mirror.sessions["deckbuilder"]
        reloaded, synergy_seen, checked = False, False, set()
        for i, action in enumerate(actions):
            try:
                tap_action(page, action)
            except Exception:
                page.screenshot(path="/tmp/db_fail.png", full_page=True)
                raise AssertionError(f"step {i}: {action}")
            mirror.handle("play", json.dumps(action))
            assert page.locator(".flash.error").count() == 0
            st = session.state
            page.wait_for_selector(f"[data-system=deckbuilder][data-phase={st['phase']}]")
            if st["pending"] is not None and "defense" not in checked:
                assert page.locator(".db-prompt").count() == 1
                assert axe_violations(page) == [], "defense prompt"
                checked.add("defense")
            if st["phase"] == "upgrade" and "upgrade" not in checked:
                assert page.locator(".db-upgrade").count() == 1
                check_both_schemes(page, "upgrade screen")
                assert_phone_layout(page, "Deckbuilder upgrade screen")
                checked.add("upgrade")
            if st["turn"] and st["turn"]["mode"] == "synergy" and not synergy_seen and st["pending"] is None:
                assert axe_violations(page) == [], "synergy prompt"
                prompt = page.locator(".db-synergy")
                assert prompt.count() == 1
                assert st["heroes"][1]["name"] in prompt.inner_text() or st["heroes"][0]["name"] in prompt.inner_text()
                synergy_seen = True
            if i == len(actions) // 2 and not reloaded:
                before = table_html(page)
                page.reload()
                page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
                page.wait_for_selector("[data-system=deckbuilder]")
                assert table_html(page) == before
                reloaded = True
        assert reloaded and synergy_seen and "upgrade" in checked
        assert session.state["phase"] == "over"
        page.wait_for_selector("[data-system=deckbuilder][data-phase=over]")
        banner = page.locator(".db-over").inner_text()
        assert ("Victory" in banner) == (session.state["outcome"] == "won")
        assert "hero library" in banner
        assert_phone_layout(page, "Deckbuilder end of battle")
        assert axe_violations(page) == []
        assert not errors, errors
    finally:
        ctx.close()


def test_no_serious_axe_violations_in_dark_on_setup_and_battle(browser, server):
    """The setup form and a battle screen in the dark scheme (the light one is checked
    along the battle above): no serious or critical axe-core violation."""
    ctx = browser.new_context(**PHONE, color_scheme="dark")
    ctx.add_init_script("window.pocketdeckEntropy = () => 5;")
    errors = watch_errors(ctx)
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        page.locator("[data-action=open][data-arg=deckbuilder]").tap()
        assert axe_violations(page) == [], "setup, dark"
        page.locator("input[name=heroes][value=rogue]").check()
        page.locator("input[name=name_rogue]").fill("Vex <the> Quick")
        begin(page)
        assert "Vex &lt;the&gt; Quick" in table_html(page)
        assert axe_violations(page) == [], "battle, dark"
        mirror = App(seed_source=5)
        mirror.handle("open", "deckbuilder")
        mirror.handle("new", json.dumps({"system": "deckbuilder"}),
                      {"heroes": ["rogue", "warrior", "priest"], "zones": "all", "name_rogue": "Vex <the> Quick"})
        session, rng = mirror.sessions["deckbuilder"], Rng(5)
        for _ in range(12):
            action = session.game.sim_choose(session.state, session.game.legal_actions(session.state), rng)
            tap_action(page, action)
            mirror.handle("play", json.dumps(action))
        assert axe_violations(page) == [], "battle after 12 taps, dark"
        assert_phone_layout(page, "Deckbuilder battle, dark")
        assert not errors, errors
    finally:
        ctx.close()


GM_FORM = {"heroes": ["warrior", "priest"], "zones": "crypt", "gm": "yes"}


def test_gm_mode_offers_the_monster_choices_as_buttons_light_and_dark(browser, server):
    """GM mode ticked on the setup form: the monsters' turns stop for the Game Master,
    whose prompt offers the monster's legal choices as buttons (axe light and dark);
    tapping them plays the monster's turn and the game goes on, as in a CPython twin."""
    entropy = 11
    ctx, errors = pinned_context(browser, entropy)
    try:
        page = boot_offline(ctx, server, BOOT_MS)
        page.locator("[data-action=open][data-arg=deckbuilder]").tap()
        page.locator("select[name=zones]").select_option("crypt")
        page.locator("input[name=gm]").check()
        begin(page)
        mirror = App(seed_source=entropy)
        mirror.handle("open", "deckbuilder")
        mirror.handle("new", json.dumps({"system": "deckbuilder"}), dict(GM_FORM))
        session, rng = mirror.sessions["deckbuilder"], Rng(entropy)
        assert session.state["options"]["gm"] is True
        gm_taps, checked = 0, False
        for _ in range(120):
            st = session.state
            if st["mturn"] is not None:
                assert page.locator(".db-gm").count() == 1
                if not checked:
                    check_both_schemes(page, "GM prompt")
                    assert_phone_layout(page, "Deckbuilder GM prompt")
                    checked = True
            action = session.game.sim_choose(st, session.game.legal_actions(st), rng)
            tap_action(page, action)
            mirror.handle("play", json.dumps(action))
            gm_taps += action["type"].startswith("gm_")
            if gm_taps >= 4 or session.game.is_over(session.state):
                break
        assert checked and gm_taps >= 4
        last = session.state["log"][-1]
        assert last in page.locator(".db .log").inner_text()  # the page played what the twin did
        assert not errors, errors
    finally:
        ctx.close()


def test_a_lone_hero_chooses_the_skirmish_by_taps_and_sees_its_first_arena(browser, server):
    """Our lone hero's skirmish (docs/rules/deckbuilder.md): at 360 x 740 the setup form
    offers it under Encounters; a lone rogue picked by taps starts in its first arena."""
    ctx, errors = pinned_context(browser, 7)
    try:
        page = boot_offline(ctx, server, BOOT_MS)
        page.locator("[data-action=open][data-arg=deckbuilder]").tap()
        for hid in ("warrior", "priest", "rogue"):  # the default pair off, the rogue on
            page.locator(f".db-pick label.check:has(input[value={hid}]) b").tap()
        checked = page.locator("input[name=heroes]:checked")
        assert [checked.nth(i).get_attribute("value") for i in range(checked.count())] == ["rogue"]
        zones = page.locator("select[name=zones]")
        zones.tap()
        label = zones.locator("option[value=watchtower]").inner_text()
        assert label == "Lone hero: The Lonely Watchtower"
        assert_phone_layout(page, "Deckbuilder setup with the skirmish offered")
        zones.select_option("watchtower")
        begin(page)
        table = page.locator("[data-system=deckbuilder]").inner_text()
        assert "Ivy-choked Gate" in table and "Vesk the Rogue" in table
        assert "Brann" not in table and "Odo" not in table
        assert_phone_layout(page, "Deckbuilder skirmish")
        assert axe_violations(page) == []
        assert not errors, errors
    finally:
        ctx.close()
