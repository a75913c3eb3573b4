"""The DofA GM's table with a joined player's phone in Chromium (issue 29): the host's page
seats Ann (their numbers typed in, as from their sheet), invites her phone; the guest's
page (a second browser context, the code's text passed by hand) joins as Ann. The GM calls
a check with a hidden DR and sends it; Ann draws it on her page from her own Action Deck and
accepts; the GM's page grades it. No DR reaches the guest's page; the guest's try at the
GM's choice is refused with the host's game unchanged; the screens pass axe at 360x740,
light and dark.
"""

from __future__ import annotations

import json

import pytest

from test_browser_table_link import (boot, check_screen, code_on, host_and_guest, invite, saved, skip_guide,
                                     tap_play)

pytestmark = pytest.mark.browser
CALL = [{"type": "call", "who": "p1"}, {"type": "call_mod", "mod": 2}, {"type": "call_dr", "dr": 2},
        {"type": "call_hidden", "on": True}, {"type": "call_tc"}, {"type": "call_send"}]


def send_invite(host, guest) -> None:
    """The host invites Ann's seat; the guest's page opens the code (no camera: the text passed)."""
    code = invite(host, "p1")
    guest.evaluate("c => { location.hash = c.split('#')[1]; }", code)


def gm_table(host) -> None:
    """The host's page: a new GM's table with Ann typed in."""
    host.locator("[data-action=open][data-arg=dofa-gm]").tap()
    skip_guide(host)
    host.fill("input[name=p0_name]", "Ann")
    host.locator("form[data-form] [data-action=new]").tap()
    host.wait_for_selector("[data-system=dofa-gm]")
    skip_guide(host)


def test_a_dofa_gms_table_with_a_players_phone_draws_a_called_check(browser, server):
    with host_and_guest(browser, 7) as (hctx, herrors, gctx, gerrors):
        host, guest = boot(hctx, server), boot(gctx, server)
        gm_table(host)
        send_invite(host, guest)
        guest.wait_for_selector("[data-action=tl-join]")
        assert "as Ann?" in guest.inner_text("main")
        guest.locator("[data-action=tl-join]").tap()
        host.fill("input[name=code]", code_on(guest))
        host.locator("[data-action=tl-code]").tap()
        guest.wait_for_selector(".tl-guest[data-connected=yes]", timeout=20_000)
        guest.wait_for_selector("[data-system=dofa-gm]")
        host.wait_for_selector(".tl-seats [data-seat=p1][data-status=joined]", timeout=20_000)
        check_screen(guest, "DofA GM: the player's phone at the table")

        # the GM's choice, sent from the player's phone: refused, nothing changes
        before = saved(host)
        guest.evaluate("""async (a) => {
            const t = await import('./tablelink.js');
            t.run({op: 'send', text: JSON.stringify({t: 'act', a})});
        }""", CALL[0])
        guest.wait_for_selector(".flash.error:has-text('turn')", timeout=10_000)
        host.wait_for_timeout(300)
        assert saved(host) == before

        # review #12: a Quick Rest is drawn on the phone (its panel passes axe), then ended there
        tap_play(host, {"type": "rest", "rest": "quick"}, host)
        guest.wait_for_selector("text=Draw a Rest Card", timeout=10_000)
        check_screen(guest, "DofA GM: a Quick Rest on the player's phone")
        tap_play(guest, {"type": "rest_end", "who": "p1"}, host)

        for action in CALL:
            tap_play(host, action, host)
        guest.wait_for_selector("text=Draw from your Action Deck", timeout=10_000)
        assert host.locator("[data-system=dofa-gm] [data-action=play]").count() == 0, "the GM waits"
        check_screen(guest, "DofA GM: the called check on the player's phone")
        check_screen(host, "DofA GM: the GM waits for the player's draw")
        tap_play(guest, {"type": "call_draw"}, host)
        guest.wait_for_selector("text=Your draw", timeout=10_000)
        text = guest.inner_text("main") + guest.content()
        assert "a hidden DR" in text and "DR 2" not in text and "EDR" not in text
        tap_play(guest, {"type": "accept"}, host)
        guest.wait_for_function("() => /Missed\\.|Ann: Check vs/.test(document.body.innerText)", timeout=10_000)
        if "Missed." in guest.inner_text("main"):   # review #7: a miss is told, the DR never
            assert "DR 2" not in guest.content() and "EDR" not in guest.content()
            check_screen(guest, "DofA GM: a miss at a hidden DR told to the player's phone")
            tap_play(guest, {"type": "accept"}, host)
        host.wait_for_selector("text=Ann: Check", timeout=10_000)
        guest.wait_for_selector("text=Ann: Check vs", timeout=10_000)
        assert "EDR" not in guest.content()
        check_screen(guest, "DofA GM: the player's phone after the check")
        assert not herrors and not gerrors, (herrors, gerrors)


def sheet_link() -> str:
    """A DofA sheet as a library item link (what a player's "Share" gives)."""
    from pocketdeck.core.records import get_kind, item_link, make_item
    from pocketdeck.systems.dofa import GAME as DOFA
    from pocketdeck.systems.dofa.keep import sheet_record
    record = sheet_record(DOFA.new_game(DOFA.default_options(), 3), [])
    return item_link(make_item(get_kind("sheet", "dofa"), record["name"], record)), record["name"]


def test_a_players_phone_joins_with_its_own_sheet_and_draws_its_initiative_card(browser, server):
    """Issue 29: the phone's Library holds a DofA sheet; the GM's invite lists it ("Join
    <table> as <sheet>"); the GM's table seats that character; at the start of combat the
    player's Target Card is drawn on their phone and lands on the GM's table."""
    link, name = sheet_link()
    with host_and_guest(browser, 9) as (hctx, herrors, gctx, gerrors):
        host, guest = boot(hctx, server), boot(gctx, server)
        guest.evaluate("f => { location.hash = f; }", link)
        guest.wait_for_selector("[data-action=lib-take][data-arg=take]")
        guest.locator("[data-action=lib-take][data-arg=take]").tap()
        guest.wait_for_selector(".flash:has-text(\"Import:\")", timeout=10_000)

        gm_table(host)
        for action in ({"type": "panel", "panel": "add"}, {"type": "add_creature", "id": "Grunt"}):
            tap_play(host, action, host)
        send_invite(host, guest)
        guest.wait_for_selector(".tl-sheets [data-action=tl-join]")
        assert f"as {name}" in guest.inner_text(".tl-sheets")
        check_screen(guest, "DofA: join the GM's table with your sheet", "dofa-sheet")
        guest.locator(".tl-sheets [data-action=tl-join]").first.tap()
        host.fill("input[name=code]", code_on(guest))
        host.locator("[data-action=tl-code]").tap()
        guest.wait_for_selector(".tl-guest[data-connected=yes]", timeout=20_000)
        host.wait_for_selector(f"text={name} sits here with the sheet", timeout=20_000)

        tap_play(host, {"type": "start_combat"}, host)
        tap_play(host, {"type": "player_tc", "who": "p1"}, host)
        guest.wait_for_selector("text=Draw your Target Card", timeout=10_000)
        host.wait_for_selector("text=draws it on their own phone", timeout=10_000)
        check_screen(guest, "DofA: the initiative card drawn on the phone", "dofa-draw")
        tap_play(guest, {"type": "phone_draw"}, host)
        host.wait_for_selector(f"text={name}'s Target Card:", timeout=10_000)
        guest.wait_for_selector(f"text={name}'s Target Card:", timeout=10_000)
        # review #4: the Target Card just drawn may be redrawn with a Fate Card; the GM waits
        guest.wait_for_selector("text=Keep this Target Card", timeout=10_000)
        host.wait_for_selector("text=decides on their phone", timeout=10_000)
        check_screen(guest, "DofA: keep or redraw the Target Card with a Fate Card")
        tap_play(guest, {"type": "redraw_tc", "who": "p1", "card": "RJ"}, host)
        host.wait_for_selector("text=spends a Fate Card to redraw the Target Card", timeout=10_000)
        assert not herrors and not gerrors, (herrors, gerrors)


def test_a_phone_with_no_sheet_is_told_how_to_make_one(browser, server):
    with host_and_guest(browser, 5) as (hctx, herrors, gctx, gerrors):
        host, guest = boot(hctx, server), boot(gctx, server)
        gm_table(host)
        send_invite(host, guest)
        guest.wait_for_selector("[data-action=setup][data-arg=dofa]")
        check_screen(guest, "DofA: no sheet on this phone yet", "dofa-nosheet")
        assert not herrors and not gerrors, (herrors, gerrors)
