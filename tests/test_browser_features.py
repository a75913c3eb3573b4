"""Issue 46: what a browser lacks is said plainly, with what to do instead (App.features,
read from web/boot.js's pocketdeckFeatures). In CPython: no data channel, no share sheet,
no storage estimate, the iPhone's install line. In Chromium: the features as boot.js finds
them, an iPhone's user agent, and a page with RTCPeerConnection taken away."""

from __future__ import annotations

import json

import pytest
from conftest import PHONE, check_both_schemes, watch_errors

from pocketdeck.ui.table_link import screens as table_screens
from pocketdeck.ui.app import App
from pocketdeck.ui.library.screen import _storage

P52 = json.dumps({"system": "p52", "options": {"new_characters": 2, "layout": "app"}})
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")


def party(features: dict[str, bool]) -> App:
    app = App(seed_source=5)
    app.features = features
    app.handle("new", P52, {"new_characters": "2", "names": "Ada, Bo"})
    assert app.screen == "table:p52"
    return app


def test_no_data_channel_says_so_and_offers_the_link_with_nothing_left_waiting():
    app = party({"peer": False})
    assert app.handle("tl-host") == []  # no offer is asked of a browser that cannot make one
    html = app.render()
    assert "This browser cannot connect phones" in html and "Making the code" not in html
    assert "Wi-Fi" not in html and 'data-action="tl-invite"' not in html
    assert 'data-prompt' in html
    app.handle("tl-invite", "c1")  # a stale button: refused with the same words
    assert app.flash == ("error", table_screens.NO_PEER)
    assert app.handle("tl-share") == [] and app.screen == "table:p52"
    assert app.share_link and app.share_link.startswith("g=")
    assert "Copy the link" in app.render()


def test_a_browser_that_finds_no_data_channel_on_the_way_falls_back_to_the_same_screen():
    app = party({})
    app.handle("tl-host")
    effects = app.handle("tl-invite", "c1")
    assert effects and effects[-1][0] == "tl"
    table_screens.event(app, "unsupported", "c1", "")  # web/tablelink.js: no RTCPeerConnection
    html = app.render()
    assert app.screen == "tl-host" and "This browser cannot connect phones" in html
    assert "Making the code" not in html


def test_with_a_share_sheet_both_buttons_without_one_copy_alone():
    app = party({"share": True})
    app.handle("share")
    assert "Send the link" in app.render() and "Copy the link" in app.render()
    app = party({"share": False})
    app.handle("share")
    html = app.render()
    assert "Send the link" not in html and "Copy the link" in html


@pytest.mark.parametrize("status, said", [
    ({"persisted": None, "usage": None, "quota": None}, "This browser does not say how much room"),
    ({"persisted": False, "usage": 2_500_000, "quota": None}, "Stored on this phone: 2.5 MB (the browser"),
    ({"persisted": True, "usage": 2_500_000, "quota": 10**9}, "Stored on this phone: 2.5 MB of 1.0 GB."),
])
def test_the_storage_line_never_says_unknown(status, said):
    app = App(seed_source=1)
    app.handle("lib")
    from pocketdeck.ui.library.screen import shelf
    shelf(app).status = status
    line = _storage(app)
    assert said in line and "unknown" not in line
    assert "Export" in line or "keeps this library for good" in line


def test_the_install_line_shows_on_an_iphone_tab_until_got_it_and_never_otherwise():
    app = App(seed_source=1)
    assert "Add to Home Screen" not in app.render()
    app.features = {"install_hint": True}
    assert "Share, then Add to Home Screen" in app.render()
    effects = app.handle("install-hint")
    assert "Add to Home Screen" not in app.render()
    again = App(seed_source=1)
    again.restore({k: v for _, k, v in effects})
    again.features = {"install_hint": True}
    assert "Add to Home Screen" not in again.render()  # kept: once said, said no more


@pytest.mark.browser
@pytest.mark.parametrize("agent, hint", [(None, False), (IPHONE, True)])
def test_chromium_features_as_boot_js_finds_them(browser, server, agent, hint):
    ctx = browser.new_context(**PHONE, **({"user_agent": agent} if agent else {}))
    errors = watch_errors(ctx)
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", timeout=120_000)
    features = json.loads(page.evaluate("window.pocketdeckFeatures()"))
    assert features["peer"] is True and features["install_hint"] is hint
    line = page.locator(".install-hint")
    if hint:
        assert line.is_visible() and "Add to Home Screen" in line.inner_text()
        check_both_schemes(page, "the home screen with the line on how to install")
        page.click(".install-hint [data-action=install-hint]")
        assert page.locator(".install-hint").count() == 0
        assert page.evaluate("document.activeElement !== document.body")
    else:
        assert line.count() == 0
    assert errors == []
    ctx.close()


def p52_without(browser, server, init_script: str):
    """(context, page, errors): a P52 game started ("Play now") in a page whose browser
    lacks what ``init_script`` takes away before any of the app's scripts run."""
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(init_script)
    errors = watch_errors(ctx)
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", timeout=120_000)
    page.click("[data-action=open][data-arg=p52]")  # its module and content are read from files
    page.click("[data-action=new][data-fill^=quick_one]")  # Play now: one ready-made character
    page.wait_for_selector("[data-system=p52]")
    return ctx, page, errors


@pytest.mark.browser
def test_chromium_with_no_rtcpeerconnection_shows_the_link_instead(browser, server):
    ctx, page, errors = p52_without(browser, server,
                                    "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;")
    page.click("nav .menu > summary")
    page.click("[data-action=tl-host]")
    text = page.inner_text("main")
    assert "This browser cannot connect phones" in text and "Making the code" not in text
    check_both_schemes(page, "Invite a player where the browser cannot connect phones")
    page.click("[data-action=tl-share]")
    assert page.locator(".share-link").is_visible()
    assert errors == []
    ctx.close()
