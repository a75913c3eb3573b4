"""The GM's table in Chromium at 360x740, offline, part 2: what the first browser test
(test_browser_dofa_gm.py) does not tap. A player joins from the QR code of the Deck of
Adventures sheet kept in their library (drawn by the app, read by the app's own reader into
the URL fragment, as the library's scanner does), another from their game's share link, the loot and money ledger and its undo, a boss's House Action
at a round's start and an Adversary Action outside its turn, delaying and a readied action,
the GM grading a player's reported card against a hidden DR, a boss's Phase change (HP
refilled, a new Target Card), and a player's Knocked Out Epic Event to Death. Every step is
tapped on the page and played by a CPython twin of the app (the browser's seed is pinned);
the assertions read what the GM sees. axe-core light and dark on every screen opened.

``test_the_same_evening_in_cpython`` runs the same script on the twin alone (no browser),
so the script itself is checked in a second."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from conftest import boot_offline, check_both_schemes, pinned_context, saves_done
from test_browser import assert_phone_layout
from test_browser_dofa_gm import Both, begin
from pocketdeck.ui.app import App

BOOT_MS = 90_000
ENTROPY = 11
SYSTEM = "dofa-gm"
FORM = {"mode": "table", "p0_name": "Xena <3", "p0_hp": "9", "p0_ap": "2", "p0_ar": "1",
        "p0_agl": "2", "p0_pp": "3", "p1_name": "Elise", "p1_hp": "8", "p1_ap": "1",
        "p1_ar": "2", "p1_agl": "1", "p1_pp": "2", "foe0": "Spider Queen", "foe1": "Grunt"}


def sheet_link() -> str:
    """A player's Deck of Adventures game on their own phone, and its share link."""
    phone = App(seed_source=21)
    phone.handle("open", "dofa")
    phone.handle("new", json.dumps({"system": "dofa"}), {"character": "Hearts1", "name": "Jonas"})
    phone.handle("share", "")
    assert phone.share_link
    return phone.share_link


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


class Twin(Both):
    """The page (or none: the twin alone) and its CPython twin, played in step, with what
    this evening needs besides: buttons that are not game actions, the GM's screen as text."""

    def __init__(self, page) -> None:
        super().__init__(page, FORM, ENTROPY)

    def who(self, name: str) -> dict:
        return next(a for a in self.s["actors"] if a["name"] == name)

    def tap(self, verb: str, arg: str, name: str) -> None:
        """A button that is not a game action (the nav's Undo, a link's answer)."""
        if self.page is not None:
            before = saves_done(self.page)
            self.page.get_by_role("button", name=name, exact=True).first.tap()
            self.page.wait_for_function(f"Number(document.documentElement.dataset.saved) > {before}")
        self.app.handle(verb, arg)

    def screen(self) -> str:
        """What the GM sees: the page's text, or the twin's screen as text."""
        if self.page is not None:
            return re.sub(r"\s+", " ", self.page.locator("main").inner_text())
        return text_of(self.app.render())

    def row(self, name: str) -> str:
        if self.page is not None:
            return self.page.locator("li.gm-row", has_text=name).first.inner_html()
        html = self.app.render()
        return next(r for r in html.split('<li class="gm-row') if f"<b>{name.replace('<', '&lt;')}</b>" in r)

    def check(self, where: str) -> None:
        if self.page is not None:
            check_both_schemes(self.page, where, open_panels=True)
            assert_phone_layout(self.page, where)

    def settle(self) -> None:
        """Finish what is open: a draw accepted, a card typed in, the saves due (players'
        failed, the app's drawn)."""
        for _ in range(30):
            if self.s["draw"] is not None:
                self.do({"type": "accept"})
            elif self.s["entry"] is not None:
                self.report("2D")
            elif self.legal("save"):
                self.do(self.legal("save")[0])
            elif self.legal("save_result"):
                self.do([a for a in self.legal("save_result") if not a["ok"]][0])
            else:
                return
        raise AssertionError("nothing settles")

    def until(self, test, what: str) -> None:
        """End turns until ``test()`` holds (a Knocked Out player's draw is typed in)."""
        for _ in range(40):
            self.settle()
            if test():
                return
            if self.legal("ko_card"):
                self.do({"type": "ko_card"})
                self.report("2D")
                continue
            self.do({"type": "end_turn"})
        raise AssertionError(f"never: {what}")

    def current(self) -> dict | None:
        c = self.s["combat"]
        return next(a for a in self.s["actors"] if a["id"] == c["order"][c["at"]]) if c and c["stage"] == "turns" else None


def sheet_item() -> str:
    """A player's sheet kept in their library (issue 15's DofA sheet), as its item link."""
    from library_samples import dofa_sheet
    from pocketdeck.core.records import get_kind, item_link, make_item
    return item_link(make_item(get_kind("sheet", "dofa"), "Wren", dofa_sheet("Wren")))


def join_by_qr(g: Twin, fragment: str) -> None:
    """The player shows their sheet's QR code; the GM's phone reads it (the app's reader)
    and the link arrives in the URL fragment, as from the library's scanner."""
    if g.page is not None:
        read = g.page.evaluate("""async f => {
            const box = document.createElement('div');
            const code = document.createElement('div');
            code.setAttribute('data-qr', f);
            box.appendChild(code);
            document.body.appendChild(box);
            await window.pocketdeckLibrary.drawCodes(box);
            const svg = box.querySelector('svg');
            const img = new Image();
            img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg.outerHTML);
            await img.decode();
            box.remove();
            return window.pocketdeckLibrary.decodeFrame(img, 600, 600);
        }""", fragment)
        assert read.endswith("#" + fragment)
        g.page.evaluate("t => window.pocketdeckLibrary.takeCode(t)", read)
        g.page.wait_for_selector("section.preview .gm-join")
    g.app.open_link(fragment)


def join(g: Twin, name: str, verb: str) -> None:
    """The GM sees the numbers first, nothing changes until the tap; then the player is
    at the table with them."""
    before = json.dumps(g.s, sort_keys=True)
    seen = g.screen()
    assert f"A player\u2019s sheet: {name}" in seen and "Join the GM\u2019s table" in seen
    assert json.dumps(g.s, sort_keys=True) == before
    g.check(f"{name}'s sheet offered to the GM's table")
    g.tap(verb, "join", "Join the GM\u2019s table")
    p = g.who(name)
    assert f'HP {p["hp"]}/{p["hp_max"]} · AP {p["ap"]} · AR {p["ar"]} · PP {p["pp"]}' in g.row(name)
    assert f"{name} joins the table" in g.screen()


def evening(g: Twin) -> None:
    # -- players join: one from the QR code of the sheet kept in their library, one from
    # the share link of their game (the same URL fragment the scanner writes)
    join_by_qr(g, sheet_item())
    join(g, "Wren", "lib-take")
    link = sheet_link()
    if g.page is not None:
        g.page.evaluate("t => window.pocketdeckLibrary.takeCode(t)", "https://example.org/#" + link)
        g.page.wait_for_selector("section.preview .gm-join")
    g.app.open_link(link)
    join(g, "Jonas", "link")

    # -- the loot and money ledger, and its undo
    g.do({"type": "panel", "panel": "ledger"})
    g.do({"type": "coins", "coin": "gp", "n": 10})
    g.do({"type": "loot", "item": g.legal("loot")[0]["item"]})
    item = g.s["ledger"]["loot"][0]
    assert "Purse 1 dp" in g.screen() and f"Loot: {item} (worth" in g.screen()
    assert "Loot nothing yet" not in g.screen()
    g.check("the loot and money ledger")
    g.tap("undo", "", "Undo the last move")
    assert g.s["ledger"]["loot"] == [] and "Purse 1 dp" in g.screen()
    assert f"Loot: {item} (worth" not in g.screen() and "Loot nothing yet" in g.screen()
    g.do({"type": "panel", "panel": "none"})

    # -- initiative, then the boss's House Action at the round's start
    g.do({"type": "start_combat"})
    for name, card in (("Xena <3", "KH"), ("Elise", "5S"), ("Wren", "3D"), ("Jonas", "9C")):
        g.do({"type": "player_tc", "who": g.who(name)["id"]})
        g.report(card)
    assert g.s["combat"]["at"] == 0 and g.legal("house")
    g.settle()
    wall = next(a for a in g.legal("house") if a["name"] == "Wall Grab")
    g.do(wall)
    assert "Spider Queen: Wall Grab (House Action)." in g.screen() and "Saves due now" in g.screen()
    g.check("saves due after a House Action")
    g.settle()
    assert not g.legal("house")                       # once a round

    # -- an Adversary Action outside the boss's turn
    queen = g.who("Spider Queen")
    g.until(lambda: g.current()["id"] != queen["id"] and g.legal("adversary"), "an adversary action")
    shake = next(a for a in g.legal("adversary") if a["name"] == "Shake Enemy")
    g.do(shake)
    assert "Spider Queen: Shake Enemy (Adversary Action)." in g.screen()
    g.settle()
    assert not [a for a in g.legal("adversary") if a["who"] == queen["id"]]

    # -- a player's attack: the card reported against the hidden DR, graded by the GM's phone
    g.until(lambda: g.current()["kind"] == "player" and not g.current()["ko"], "a player's turn")
    me, grunt = g.current(), g.who("Grunt")
    g.do({"type": "player_attack", "who": me["id"], "target": grunt["id"]})
    assert "The DR stays hidden" in g.screen()
    g.check("a reported card against a hidden DR")
    g.report("KH")
    line = next(x for x in reversed(g.s["log"]) if " reports " in x)
    assert line in g.screen() and line.startswith(f"{me['name']} reports King of Hearts against ")

    # -- delaying: the player moves after the last in the order
    g.until(lambda: g.current()["kind"] == "player" and not g.current()["ko"]
            and len(g.legal("delay")) > 0, "a player who can delay")
    me = g.current()
    last = g.legal("delay")[-1]
    g.do(last)
    order = [next(a["name"] for a in g.s["actors"] if a["id"] == i) for i in g.s["combat"]["order"]]
    after = next(a["name"] for a in g.s["actors"] if a["id"] == last["after"])
    assert order.index(me["name"]) == order.index(after) + 1
    if g.page is not None:
        assert g.page.locator("ol.gm-order > li b").all_inner_texts() == order
    assert " delays until after " in g.screen()

    # -- a readied action: the Grunt readies, then strikes outside its turn
    g.until(lambda: g.current()["name"] == "Grunt", "the Grunt's turn")
    g.do({"type": "ready"})
    g.do({"type": "end_turn"})
    g.settle()
    fire = g.legal("readied_attack")
    assert fire and "Grunt readies a Major Action." in g.screen()
    g.do(fire[0])
    assert g.s["draw"] is not None and "Grunt: attack against" in g.screen()
    g.check("a readied attack drawn outside its turn")
    g.settle()

    # -- the boss's Phase: out of HP with a phase left, HP refilled and a new Target Card
    queen = g.who("Spider Queen")
    old_tc = g.s["decks"][queen["deck"]]["tcs"][queen["id"]]
    g.do({"type": "focus", "who": queen["id"]})
    while g.who("Spider Queen")["phase"] == 1:
        g.do({"type": "damage", "who": queen["id"], "amount": 4, "bypass": True})
    g.settle()
    queen = g.who("Spider Queen")
    new_tc = g.s["decks"][queen["deck"]]["tcs"][queen["id"]]
    assert new_tc != old_tc and queen["hp"] == queen["hp_max"]
    row = g.row("Spider Queen")
    assert f'data-card="{new_tc}"' in row and f'HP {queen["hp"]}/{queen["hp_max"]}' in row and "phase 2/2" in row
    assert "enters phase 2 of 2" in g.screen()
    g.check("a boss's second phase")

    # -- Knocked Out, and the Knocked Out Epic Event to Death (two failed draws)
    elise = g.who("Elise")
    g.do({"type": "focus", "who": elise["id"]})
    while not g.who("Elise")["ko"]:
        g.do({"type": "damage", "who": elise["id"], "amount": 4, "bypass": True})
    g.do({"type": "focus", "who": None})
    assert "Knocked Out" in g.row("Elise")
    for n in (1, 2):
        g.until(lambda: g.current()["id"] == elise["id"], "Elise's Knocked Out turn")
        g.do({"type": "ko_card"})
        assert "Elise's Knocked Out draw (DR 4 Vitality)" in g.screen()
        if n == 1:
            g.check("a Knocked Out draw typed in")
        tc = g.s["entry"]["for"]["tc"]
        faces = {"A": "7", "K": "6", "Q": "5", "J": "4"}
        far = faces[tc[:-1]] if tc[:-1] in faces else "K" if int(tc[:-1]) < 7 else "2"
        g.report(far + ("S" if tc[-1] in "HD" else "H"))       # out of range, other colour: a miss
        if n == 1:
            g.do({"type": "end_turn"})
    elise = g.who("Elise")
    assert elise["dead"] and "two failed Epic Event draws: Dead." in g.screen()
    assert "Dead" in g.row("Elise")
    g.check("a player dead after the Knocked Out Epic Event")


def test_the_same_evening_in_cpython():
    evening(Twin(None))


@pytest.mark.browser
def test_gm_joins_a_sheet_runs_a_boss_a_ledger_and_a_death_offline(browser, server):
    ctx, errors = pinned_context(browser, ENTROPY)
    try:
        page = boot_offline(ctx, server, BOOT_MS)
        page.locator(f"[data-action=open][data-arg={SYSTEM}]").tap()
        begin(page, FORM)
        g = Twin(page)
        assert [a["name"] for a in g.s["actors"]] == ["Xena <3", "Elise", "Spider Queen", "Grunt"]
        assert page.locator("#lib-scan").count() == 1       # the GM scans a player's sheet here
        evening(g)
        assert not errors, errors
    finally:
        ctx.close()
