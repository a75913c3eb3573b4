"""The table of phones (issue 29) in CPython: the two codes fit one QR code the app draws,
the host refuses every message it must (state unchanged), each seat sees only its own, and
two Apps joined by their effects play a Deckbuilder battle to the end."""

from __future__ import annotations

import json
import random

import pytest

from pocketdeck.ui.table_link import codes as table_code
from pocketdeck.ui.table_link import seats as table_link
from pocketdeck.ui.table_link import screens as table_screens
from pocketdeck.ui.app import App
from pocketdeck.ui.library.screen import QR_MAX_FRAGMENT

# a description as Chromium makes it with iceServers [] (two mDNS host candidates)
SDP = """v=0\r
o=- 5043602304021177268 2 IN IP4 127.0.0.1\r
s=-\r
t=0 0\r
a=group:BUNDLE 0\r
a=extmap-allow-mixed\r
a=msid-semantic: WMS\r
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 0.0.0.0\r
a=candidate:169887326 1 udp 2113937151 9318d588-23c4-4d15-be22-d77128e2fc17.local 52209 typ host generation 0 network-cost 999\r
a=candidate:223488750 1 udp 2113942271 25400462-3dbe-44d2-a02c-c0d33f29fa85.local 58080 typ host generation 0 network-cost 999\r
a=candidate:3 1 tcp 1518280447 192.168.1.4 9 typ host tcptype active generation 0\r
a=ice-ufrag:Lcxf\r
a=ice-pwd:4jFfKhR0Yzau5X2McXFvepbw\r
a=ice-options:trickle\r
a=fingerprint:sha-256 3F:07:F4:76:71:FA:91:40:1A:20:27:36:32:6A:04:D7:58:E8:B4:1B:45:23:BD:84:7F:35:55:58:E6:68:8B:56\r
a=setup:actpass\r
a=mid:0\r
a=sctp-port:5000\r
a=max-message-size:262144\r
"""
DB = {"system": "deckbuilder", "options": {"heroes": ["warrior", "priest"], "gm": False}}


# -- the codes ----------------------------------------------------------------------------------
def test_a_code_keeps_what_the_connection_needs_and_rebuilds_the_rest():
    code = table_code.from_sdp(SDP, "o", "h1", system="deckbuilder", title="Deckbuilder RPG", seat_name="Odo")
    back = table_code.read(code.text())
    assert back == code
    sdp = back.sdp()
    for part in ("a=ice-ufrag:Lcxf", "a=ice-pwd:4jFfKhR0Yzau5X2McXFvepbw", "a=setup:actpass",
                 "a=fingerprint:sha-256 3F:07:F4", "9318d588-23c4-4d15-be22-d77128e2fc17.local 52209 typ host"):
        assert part in sdp
    assert "tcp" not in sdp  # only UDP host candidates: no server of any kind
    assert len(code.text()) < 420 < len(SDP)


def test_no_stun_or_turn_server_is_named_anywhere():
    text = "".join(open(f, encoding="utf-8").read().lower() for f in
                   ("web/tablelink.js", "engine/pocketdeck/ui/table_link/codes.py"))
    assert "stun:" not in text and "turn:" not in text and "turns:" not in text
    assert "iceservers: []" in text


def test_the_largest_code_the_app_can_make_fits_a_version_25_qr_code_at_level_m():
    # every field at its largest: 4 candidates of 64 characters, ICE 32/32, sha-512, names of
    # 40 four-byte characters; what the app's own encoder holds at version 25, level M, less
    # the page's address (library_screen.QR_MAX_FRAGMENT; tests/test_library_qr.py)
    big = table_code.Code("o", "x" * 12, "u" * 32, "p" * 32, "sha-512", bytes(range(64)),
                          tuple(("a" * 64, 65535) for _ in range(table_code.MAX_CANDIDATES)),
                          "y" * 24, "\U0001F0A1" * 40, "\U0001F0A1" * 40)
    text = table_code.check(big).text()
    assert len(text.encode()) <= QR_MAX_FRAGMENT and QR_MAX_FRAGMENT + 120 <= 1_370
    many = SDP.replace("a=ice-ufrag", "".join(f"a=candidate:{i} 1 udp 1 10.0.0.{i} 5000 typ host\r\n"
                                             for i in range(20)) + "a=ice-ufrag")
    assert len(table_code.from_sdp(many, "a", "h1").candidates) == table_code.MAX_CANDIDATES


@pytest.mark.parametrize("bad", ["", "g=abc", "t=", "t=!!!!", "t=" + "A" * 2000, "t=e30",
                                 "t=" + table_code._b64(b'{"k":"o","s":"h1"}'), "t=" + table_code._b64(b"[1]")])
def test_a_damaged_code_is_refused_in_words(bad):
    with pytest.raises(table_code.CodeError):
        table_code.read(bad)


def test_a_browser_description_with_no_address_says_the_phones_need_one_network():
    lonely = "\r\n".join(line for line in SDP.split("\r\n") if not line.startswith("a=candidate"))
    with pytest.raises(table_code.CodeError, match="Wi-Fi"):
        table_code.from_sdp(lonely, "a", "h1")


# -- the host's checks --------------------------------------------------------------------------
def joined_host() -> tuple[App, table_link.Host]:
    app = App(seed_source=7)
    app.handle("new", json.dumps(DB))
    app.handle("tl-host")
    app.handle("tl-invite", "h1")
    host = table_screens.hosting(app)
    table_screens.event(app, "offer", "h1", SDP)
    table_screens.event(app, "msg", "h1", json.dumps({"t": "hello"}), now=0.0)
    assert host.guests["h1"].status == "joined"
    return app, host


def msg(app: App, text: str, now: float = 100.0):
    session = app.sessions["deckbuilder"]
    before = (list(session.actions), json.dumps(session.state, sort_keys=True))
    effects, _ = table_screens.event(app, "msg", "h1", text, now=now)
    unchanged = before == (list(session.actions), json.dumps(session.state, sort_keys=True))
    return [json.loads(json.loads(e[1])["text"]) for e in effects if e[0] == "tl" and '"send"' in e[1]], unchanged


def acting(app: App) -> str:
    s = app.sessions["deckbuilder"]
    return s.game.view(s.state, "player")["acting"]


def test_a_guest_sending_another_seats_action_is_refused_and_nothing_changes():
    app, _ = joined_host()
    assert acting(app) == "h0"  # the host's warrior chooses first
    s = app.sessions["deckbuilder"]
    legal = s.game.legal_actions(s.state)
    out, unchanged = msg(app, json.dumps({"t": "act", "a": legal[0]}))
    assert unchanged and out[0]["t"] == "no" and "turn" in out[0]["why"]


def test_the_host_cannot_tap_for_a_seat_a_guest_holds():
    app, _ = joined_host()
    s = app.sessions["deckbuilder"]
    while acting(app) != "h1":
        app.handle("play", json.dumps(s.game.legal_actions(s.state)[-1]))
    n = len(s.actions)
    app.handle("play", json.dumps(s.game.legal_actions(s.state)[0]))
    assert len(s.actions) == n and "own phone" in app.flash[1]


@pytest.mark.parametrize("text,why", [
    (json.dumps({"t": "act", "a": {"type": "take", "stack": "nowhere"}}), "not a legal action"),
    (json.dumps({"t": "act", "a": {"type": "take", "stack": "melee", "x": 1.0}}), "not a legal action"),
    ("{not json", "not readable"),
    ("[" * 5000, "at most"),
    (json.dumps({"t": "act", "a": "x" * 3000}), "at most"),
    (json.dumps({"t": "seat", "seat": "h0"}), "not one the app sends"),
    (json.dumps(["act"]), "not one the app sends"),
])
def test_illegal_malformed_and_oversize_messages_are_refused_and_nothing_changes(text, why):
    app, _ = joined_host()
    s = app.sessions["deckbuilder"]
    while acting(app) != "h1":
        app.handle("play", json.dumps(s.game.legal_actions(s.state)[-1]))
    out, unchanged = msg(app, text)
    assert unchanged and out[0]["t"] == "no" and why in out[0]["why"]


def test_a_flood_of_a_thousand_messages_a_second_is_cut_to_the_rate_and_the_table_plays_on():
    app, host = joined_host()
    s = app.sessions["deckbuilder"]
    while acting(app) != "h1":
        app.handle("play", json.dumps(s.game.legal_actions(s.state)[-1]))
    bad = json.dumps({"t": "act", "a": {"type": "nope"}})
    answers = []
    for i in range(1000):
        out, unchanged = msg(app, bad, now=200.0 + i / 1000)
        assert unchanged
        answers += out
    assert len(answers) == table_link.RATE + 1  # each refusal said once, then one "too many"
    assert host.guests["h1"].refused == 1000
    legal = s.game.legal_actions(s.state)[0]
    out, unchanged = msg(app, json.dumps({"t": "act", "a": legal}), now=201.5)
    assert not unchanged  # a second later the guest's own legal move is played


def test_each_seat_sees_only_its_own_hand():
    app, host = joined_host()
    s = app.sessions["deckbuilder"]
    full = s.game.view(s.state, "player")
    assert full["heroes"][0]["hand"]  # the warrior acts: the full view has his hand
    guest = table_link.seat_view("deckbuilder", s.game, s.state, {"h1"})
    assert guest["heroes"][0]["hand"] is None and guest["actions"] == []
    assert all(h["hand"] is None for h in guest["heroes"] if h["id"] != "h1")
    mine = table_link.seat_view("deckbuilder", s.game, s.state, host.mine(s.game, s.state))
    assert mine["actions"] == full["actions"]


# -- two Apps joined by their effects ---------------------------------------------------------------
class Wire:
    """Carries each App's "tl" effects to the other, as web/tablelink.js does."""

    def __init__(self):
        self.host, self.guest = App(seed_source=11), App(seed_source=12)
        self.clock = 0.0
        self.seat = "h1"  # the seat the guest holds

    def run(self, side: str, effects) -> None:
        for e in effects or []:
            if e[0] != "tl":
                continue
            op = json.loads(e[1])
            self.clock += 0.2
            if op["op"] == "offer":
                self.run("host", table_screens.event(self.host, "offer", op["seat"], SDP, now=self.clock)[0])
            elif op["op"] == "answer":
                self.run("guest", table_screens.event(self.guest, "answer", "", SDP.replace("actpass", "active"),
                                                      now=self.clock)[0])
            elif op["op"] == "accept":
                self.run("guest", table_screens.event(self.guest, "open", "", "", now=self.clock)[0])
            elif op["op"] == "send" and side == "guest":
                self.run("host", table_screens.event(self.host, "msg", self.seat, op["text"], now=self.clock)[0])
            elif op["op"] == "send":
                self.run("guest", table_screens.event(self.guest, "msg", "", op["text"], now=self.clock)[0])

    def tap(self, side: str, verb: str, arg: str = "", fields=None) -> None:
        app = self.host if side == "host" else self.guest
        self.run(side, app.handle(verb, arg, fields or {}))
        assert app.render()  # every screen draws


def test_two_phones_play_a_deckbuilder_battle_to_the_end():
    w = Wire()
    w.tap("host", "new", json.dumps(DB))
    w.tap("host", "tl-host")
    w.tap("host", "tl-invite", "h1")
    invite = table_screens.hosting(w.host).guests["h1"].code
    w.run("guest", w.guest.open_link(invite))
    assert w.guest.screen == "tl-join" and "Join Deckbuilder RPG as Odo the Priest?" in w.guest.render()
    w.tap("guest", "tl-join")
    answer = table_screens.guesting(w.guest).code
    assert answer.startswith("t=") and 'data-qr="t=' in w.guest.render()
    w.tap("host", "tl-code", "", {"code": answer})
    assert w.guest.screen == "tl-guest" and w.host.screen == "table:deckbuilder"
    rng = random.Random(5)
    s = w.host.sessions["deckbuilder"]
    for _ in range(3000):
        if s.game.is_over(s.state):
            break
        if acting(w.host) == "h1":
            view = table_screens.guesting(w.guest).view
            assert view["actions"], "the guest's view offers its seat's choices"
            w.tap("guest", "play", json.dumps(rng.choice(view["actions"])["action"]))
        else:
            assert table_screens.guesting(w.guest).view["actions"] == []
            w.tap("host", "play", json.dumps(rng.choice(s.game.legal_actions(s.state))))
    assert s.game.is_over(s.state)
    assert table_screens.guesting(w.guest).view["phase"] == "over"
    assert 'data-phase="over"' in w.guest.render()


def test_a_guest_that_drops_is_away_and_rejoins_its_seat_with_its_view():
    w = Wire()
    w.tap("host", "new", json.dumps(DB))
    w.tap("host", "tl-host")
    w.tap("host", "tl-invite", "h1")
    w.run("guest", w.guest.open_link(table_screens.hosting(w.host).guests["h1"].code))
    w.tap("guest", "tl-join")
    w.tap("host", "tl-code", "", {"code": table_screens.guesting(w.guest).code})
    stored = {"tl:guest": json.dumps({"system": "deckbuilder", "seat": "h1", "name": "Odo the Priest",
                                      "title": "Deckbuilder RPG", "view": table_screens.guesting(w.guest).view}),
              "ui:screen": "tl-guest"}
    table_screens.event(w.host, "close", "h1", "")
    host = table_screens.hosting(w.host)
    assert host.guests["h1"].status == "away" and "is away" in w.host.render()
    # the guest's phone reloads: its table as last seen, and Reconnect
    w.guest = App(seed_source=3)
    w.guest.restore(stored)
    assert w.guest.screen == "tl-guest" and "Reconnect" in w.guest.render()
    w.tap("guest", "tl-reconnect")
    w.tap("host", "tl-invite", "h1")
    assert "h1" in host.held()  # invited again: the seat stays the guest's meanwhile
    w.tap("guest", "tl-code", "", {"code": host.guests["h1"].code})
    w.tap("guest", "tl-join")
    w.tap("host", "tl-code", "", {"code": table_screens.guesting(w.guest).code})
    assert host.guests["h1"].status == "joined" and w.guest.screen == "tl-guest"
    assert table_screens.guesting(w.guest).connected
    w.tap("guest", "home")  # home and back: the table is one tap away
    assert "Back to Deckbuilder RPG as Odo the Priest" in w.guest.render()
    w.tap("guest", "tl-show")
    assert w.guest.screen == "tl-guest"


def test_the_home_screen_never_loads_the_table_link():
    for name in ("web/index.html", "web/boot.js", "web/library.js", "web/lastscreen.js", "web/paint.js"):
        assert "tablelink" not in open(name, encoding="utf-8").read(), name
    import subprocess
    import sys
    code = ("from pocketdeck.ui.app import App; import sys; a = App(); a.render(); "
            "print([m for m in sys.modules if 'table_' in m])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": "engine"}, check=True).stdout
    assert out.strip() == "[]"


def test_an_answer_to_a_spent_invite_is_refused_so_a_stranger_cannot_take_the_seat():
    app, host = joined_host()
    stranger = table_code.from_sdp(SDP, "a", "h1").text()
    effects = app.handle("tl-code", "", {"code": stranger})
    assert not [e for e in effects if e[0] == "tl"] and "not showing now" in app.flash[1]


def test_phones_that_cannot_reach_each_other_are_told_in_plain_words():
    app = App(seed_source=7)
    app.handle("new", json.dumps(DB))
    app.handle("tl-host")
    app.handle("tl-invite", "h1")
    table_screens.event(app, "offer", "h1", SDP)
    table_screens.event(app, "close", "h1", "")
    assert "one Wi-Fi" in app.render() and "Share" in app.flash[1]
    guest = App()
    guest.open_link(table_code.from_sdp(SDP, "o", "h1", system="deckbuilder", title="Deckbuilder RPG",
                                        seat_name="Odo").text())
    guest.handle("tl-join")
    table_screens.event(guest, "answer", "", SDP)
    table_screens.event(guest, "close", "", "")
    assert "one Wi-Fi" in guest.render()


def test_the_hosts_screen_shows_no_button_nor_hand_of_a_seat_a_guest_plays():
    app, _ = joined_host()
    s = app.sessions["deckbuilder"]
    while acting(app) != "h1":
        app.handle("play", json.dumps(s.game.legal_actions(s.state)[-1]))
    html = app.render()
    assert 'data-action="play"' not in html and "plays on their own phone" in html
    assert "Odo the Priest\\'s hand" not in html and "Odo the Priest's hand" not in html


def test_a_broken_view_from_the_host_draws_a_readable_screen_never_an_error():
    guest = App()
    guest.open_link(table_code.from_sdp(SDP, "o", "h1", system="deckbuilder", title="Deckbuilder RPG",
                                        seat_name="Odo").text())
    guest.handle("tl-join")
    table_screens.event(guest, "open", "", "")
    for bad in ('{"t": "view"}', "[]", "{" * 40, json.dumps({"t": "view", "system": "deckbuilder", "seat": "h1",
                                                              "name": "Odo", "title": "x", "v": {"zone": 1}})):
        table_screens.event(guest, "msg", "", bad)
        assert guest.render()
    assert "could not be drawn" in guest.render()  # the last one is a view no table can draw
