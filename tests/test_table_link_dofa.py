"""The DofA GM's table with a joined player's phone (issue 29), in CPython: two Apps joined
by their effects. The player sits at the table with the numbers of their sheet; their phone
joins; a check the GM calls is sent to it, drawn there from the Action Deck the host keeps
for them and graded by the GM's code; a hidden DR never reaches any byte the player's seat
receives; another seat's action, an illegal one, malformed ones and a flood are refused with
the state unchanged; a drop and a rejoin keep the seat. Rules: docs/rules/dofa.md, "The
player's phone at the GM's table"."""

from __future__ import annotations

import json

from test_table_link import Wire

from pocketdeck.systems.dofa import GAME as DOFA
from pocketdeck.systems.dofa.checkflow import grade, kept
from pocketdeck.systems.dofa.checks import edr
from pocketdeck.systems.dofa_gm.rules import owner
from pocketdeck.systems.dofa_gm.sheetlink import player_from_state
from pocketdeck.ui.table_link import screens as table_screens
from pocketdeck.ui.app import App

ANN = {"name": "Ann", "hp": 10, "ap": 2, "ar": 3, "agl": 1, "pp": 4}
GM = {"system": "dofa-gm", "options": {"mode": "table", "players": [ANN], "party": [], "foes": []}}


def sent_to_guest(effects) -> list[str]:
    return [json.loads(e[1])["text"] for e in effects or [] if e[0] == "tl" and json.loads(e[1])["op"] == "send"
            and "seat" in json.loads(e[1])]


class Tap(Wire):
    """A Wire that keeps every text the host sends to the guest's seat."""

    def __init__(self):
        super().__init__()
        self.received: list[str] = []

    def run(self, side, effects):
        if side == "host":
            self.received += sent_to_guest(effects)
        super().run(side, effects)


def joined(seed_options=None, name: str = "Ann") -> Tap:
    w = Tap()
    w.seat = "p1"
    w.tap("host", "new", json.dumps(seed_options or GM))
    w.tap("host", "tl-host")
    assert f"Invite a player as {name}" in w.host.render()
    w.tap("host", "tl-invite", "p1")
    w.run("guest", w.guest.open_link(table_screens.hosting(w.host).guests["p1"].code))
    assert "Join Deck of Adventures: GM" in w.guest.render() and f"as {name}?" in w.guest.render()
    w.tap("guest", "tl-join")
    w.tap("host", "tl-code", "", {"code": table_screens.guesting(w.guest).code})
    assert w.guest.screen == "tl-guest" and table_screens.hosting(w.host).guests["p1"].status == "joined"
    return w


def session(w: Wire):
    return w.host.sessions[table_screens.hosting(w.host).slot]


def gm(w: Wire, *actions: dict) -> None:
    for a in actions:
        w.tap("host", "play", json.dumps(a))
        assert w.host.flash is None or w.host.flash[0] != "error", w.host.flash


def call(w: Wire, hidden: bool, dr: int = 2) -> None:
    gm(w, {"type": "call", "who": "p1"}, {"type": "call_mod", "mod": 2}, {"type": "call_dr", "dr": dr},
       *([{"type": "call_hidden", "on": True}] if hidden else []), {"type": "call_tc"}, {"type": "call_send"})


def guest_view(w: Wire) -> dict:
    return table_screens.guesting(w.guest).view


def test_a_phone_that_joins_gets_its_action_deck_kept_by_the_host():
    """Issue 29: a player's phone joins with the seat of their sheet; the host keeps their
    Action Deck (54 cards, two Jokers as Fate Cards) from then on, seeded by the host."""
    w = joined()
    s = session(w)
    ann = s.state["actors"][0]
    assert ann["own"] == "p1" and len(s.state["decks"]["p1"]["fate"]) == 2
    assert s.actions[-1] == {"type": "phone", "who": "p1"}  # one replayable action: undo and links work
    assert guest_view(w)["deck"]["fate"] == ["RJ", "BJ"]


def test_the_sheet_a_player_keeps_gives_their_numbers_at_the_table():
    """The player sits at the GM's table with their sheet's numbers (issue 15's join), then
    their phone joins that seat."""
    p = player_from_state(DOFA.new_game(DOFA.default_options(), 3))
    w = joined({"system": "dofa-gm", "options": dict(GM["options"], players=[p])}, p["name"])
    me = next(a for a in guest_view(w)["actors"] if a["id"] == "p1")
    assert (me["name"], me["hp"], me["ap"], me["ar"], me["pp"]) == (p["name"], p["hp"], p["ap"], p["ar"], p["pp"])


def test_a_called_check_is_drawn_on_the_players_phone_and_graded_on_the_gms():
    w = joined()
    s = session(w)
    call(w, hidden=False)
    assert owner(s.state) == "player:p1"
    view = guest_view(w)
    assert view["call"]["dr"] == 2 and view["call"]["tc"] == s.state["call"]["tc"]
    assert [a["action"] for a in view["actions"]] == [{"type": "call_draw"}]
    assert 'data-action="play"' not in w.host.render(), "the GM waits: the draw is the player's"
    assert "Draw from your Action Deck" in w.guest.render()
    w.tap("guest", "play", json.dumps({"type": "call_draw"}))
    d = s.state["draw"]
    assert d and d["deck"] == "p1" and d["modifier"] == 2 and guest_view(w)["draw"]["cards"] == d["cards"]
    w.tap("guest", "play", json.dumps({"type": "accept"}))
    assert s.state["call"] is None and s.state["draw"] is None and owner(s.state) == "gm"
    graded = s.state["log"][-1]
    expected = grade(dict(d, effective=edr(2, 2)), kept(d))["summary"]  # DR 2, +2, by the GM's code
    assert graded == expected and f" at EDR {edr(2, 2)}:" in graded
    assert graded in guest_view(w)["log"]
    assert table_screens.hosting(w.host).guests["p1"].refused == 0


def test_a_fate_card_spent_on_the_phone_reaches_the_gms_table_at_once():
    w = joined()
    s = session(w)
    call(w, hidden=False)
    w.tap("guest", "play", json.dumps({"type": "call_draw"}))
    w.tap("guest", "play", json.dumps({"type": "fate_redraw", "card": "RJ"}))
    fate = s.state["decks"]["p1"]["fate"]
    assert "RJ" not in fate and "BJ" in fate and guest_view(w)["deck"]["fate"] == fate
    assert "Ann spends a Fate Card to redraw." in s.state["log"]


def run_hidden(dr: int) -> list[str]:
    w = joined()
    call(w, hidden=True, dr=dr)
    w.tap("guest", "play", json.dumps({"type": "call_draw"}))
    return w.received


def test_a_hidden_dr_is_in_no_byte_the_players_seat_receives():
    """PG, Making a Check (hidden DR): the same game with DR 1 and DR 5 sends the player's
    phone the very same bytes up to the draw; after it only the degree differs, with no
    DR nor EDR in what the seat reads."""
    assert run_hidden(1) == run_hidden(5)
    w = joined()
    call(w, hidden=True, dr=5)
    w.tap("guest", "play", json.dumps({"type": "call_draw"}))
    w.tap("guest", "play", json.dumps({"type": "accept"}))
    tail = "".join(w.received[-2:])
    assert "EDR" not in tail and "DR 5" not in tail and '"dr": 5' not in "".join(w.received)
    assert "at EDR" in session(w).state["log"][-1]  # the GM's own log keeps it


def refused(w: Wire, text: str) -> tuple[bool, list]:
    s = session(w)
    before = (list(s.actions), json.dumps(s.state, sort_keys=True))
    w.clock += 1.0
    effects, _ = table_screens.event(w.host, "msg", "p1", text, now=w.clock)
    return before == (list(s.actions), json.dumps(s.state, sort_keys=True)), effects


def test_another_seats_action_an_illegal_one_malformed_ones_and_a_flood_are_refused():
    w = joined()
    s = session(w)
    # the GM's choice, sent by the player's phone: not theirs
    same, eff = refused(w, json.dumps({"t": "act", "a": {"type": "call", "who": "p1"}}))
    assert same and "not Ann's turn" in eff[0][1]
    call(w, hidden=True)
    for bad in ({"type": "accept"}, {"type": "call_draw", "x": 1}, {"type": "call_dr", "dr": 6},
                {"type": "phone", "who": "p1"}):
        same, eff = refused(w, json.dumps({"t": "act", "a": bad}))
        assert same and "not a legal action" in eff[0][1], bad
    for junk in ("{", "[]", '{"t": "view"}', "x" * 5000, json.dumps({"t": "act", "a": 1.5})):
        assert refused(w, junk)[0]
    before = (list(s.actions), json.dumps(s.state, sort_keys=True))
    for _ in range(1000):  # a flood within one second
        table_screens.event(w.host, "msg", "p1", json.dumps({"t": "act", "a": {"type": "end_session"}}), now=w.clock)
    assert before == (list(s.actions), json.dumps(s.state, sort_keys=True))
    w.clock += 2.0
    w.tap("guest", "play", json.dumps({"type": "call_draw"}))  # the table still plays
    assert s.state["draw"] is not None


def test_the_gms_own_tap_for_the_players_draw_is_refused_while_their_phone_holds_it():
    w = joined()
    s = session(w)
    call(w, hidden=False)
    before = list(s.actions)
    w.host.handle("play", json.dumps({"type": "call_draw"}))
    assert s.actions == before and "own phone" in w.host.flash[1]


def test_a_dropped_phone_rejoins_its_seat_with_the_check_still_waiting():
    w = joined()
    s = session(w)
    call(w, hidden=True)
    table_screens.event(w.host, "close", "p1", "")
    host = table_screens.hosting(w.host)
    assert host.guests["p1"].status == "away" and "is away" in w.host.render()
    stored = {"tl:guest": json.dumps({"system": "dofa-gm", "seat": "p1", "name": "Ann",
                                      "title": host.title, "view": guest_view(w)}), "ui:screen": "tl-guest"}
    w.guest = App(seed_source=4)
    w.guest.restore(stored)
    assert "Reconnect" in w.guest.render() and "hidden DR" in w.guest.render()
    w.tap("guest", "tl-reconnect")
    w.tap("host", "tl-invite", "p1")
    w.tap("guest", "tl-code", "", {"code": host.guests["p1"].code})
    w.tap("guest", "tl-join")
    w.tap("host", "tl-code", "", {"code": table_screens.guesting(w.guest).code})
    assert host.guests["p1"].status == "joined"
    assert sum(1 for a in s.actions if a["type"] == "phone") == 1, "the seat keeps its deck"
    w.tap("guest", "play", json.dumps({"type": "call_draw"}))
    w.tap("guest", "play", json.dumps({"type": "accept"}))
    assert s.state["call"] is None and "Ann: Check vs" in guest_view(w)["log"][-1]


def test_take_back_lets_the_gm_draw_for_a_player_whose_phone_is_away():
    w = joined()
    s = session(w)
    call(w, hidden=False)
    table_screens.event(w.host, "close", "p1", "")
    w.tap("host", "tl-release", "p1")
    gm(w, {"type": "call_draw"}, {"type": "accept"})
    assert s.state["call"] is None


def test_a_session_played_at_random_through_the_link_keeps_every_rule_and_secret():
    """300 moves: the GM's by the system's own random policy (combat, Epic Events, calls...),
    Ann's from her phone's view whenever the choice is hers; every state passes the GM
    system's own checks (decks whole, no hidden DR on a player's seat) and her phone never
    holds a DR the GM hides."""
    from pocketdeck.core.rng import Rng
    foes = dict(GM["options"], party=["Diamonds1"], foes=["Grunt"])
    w = joined({"system": "dofa-gm", "options": foes})
    s = session(w)
    rng, pick = Rng(5), __import__("random").Random(5)
    theirs = 0
    for n in range(300):
        if s.game.is_over(s.state):
            break
        s.game.check_state(s.state)
        if n % 25 == 0 and {"type": "call", "who": "p1"} in s.game.legal_actions(s.state):
            call(w, hidden=pick.random() < 0.5, dr=pick.randrange(0, 7))
            continue
        c, d = s.state["call"], s.state["draw"]
        if (c and c["hidden"] and c.get("sent")) or (d and d.get("hidden")):
            v = guest_view(w)
            assert (v.get("call") or {}).get("dr") is None and (v.get("draw") or {}).get("effective") is None
        if owner(s.state) == "player:p1":
            w.tap("guest", "play", json.dumps(pick.choice(guest_view(w)["actions"])["action"]))
            theirs += 1
        else:
            legal = [a for a in s.game.legal_actions(s.state) if a["type"] != "end_session"]
            w.tap("host", "play", json.dumps(s.game.sim_choose(s.state, legal, rng)))
    assert table_screens.hosting(w.host).guests["p1"].refused == 0
    assert theirs >= 4


def test_a_player_from_their_sheet_is_called_by_skill_and_draws_with_the_sheets_modifier():
    """GMG, Player Skill Mods and DR Reporting: the modifier is the player's skill's; with
    their sheet at the table the GM names the skill and nobody types the number."""
    state = DOFA.new_game(DOFA.default_options(), 3)
    p = player_from_state(state)
    w = joined({"system": "dofa-gm", "options": dict(GM["options"], players=[p])}, p["name"])
    s = session(w)
    legal = [a["type"] for a in (gm(w, {"type": "call", "who": "p1"}) or s.game.legal_actions(s.state))]
    assert "call_stat" in legal and "call_mod" not in legal
    gm(w, {"type": "call_stat", "stat": "Stealth"}, {"type": "call_dr", "dr": 2}, {"type": "call_tc"},
       {"type": "call_send"})
    assert guest_view(w)["call"]["mod"] == state["sheet"]["skills"]["Stealth"]
    w.tap("guest", "play", json.dumps({"type": "call_draw"}))
    assert s.state["draw"]["modifier"] == state["sheet"]["skills"]["Stealth"]
