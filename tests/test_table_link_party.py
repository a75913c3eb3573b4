"""The table of phones (issue 29) for P52 parties and ADS Adventure parties, in CPython: two
Apps joined by their effects play through the link, the host refuses another seat's action
and an illegal one with the state unchanged, and each seat's view is the system's own
view(state, seat) with no other seat's secrets and no other seat's choices."""

from __future__ import annotations

import json
import random

import pytest
from test_table_link import Wire

from pocketdeck.ui.table_link import policies as table_policies
from pocketdeck.ui.table_link import screens as table_screens
from pocketdeck.ui.app import TABLE_LINK_SYSTEMS, App

P52 = {"system": "p52", "options": {"new_characters": 2, "layout": "app"}}
ADS = {"system": "ads_adventure"}  # the setup form's fields: a party of two ready-made decks
ADS_FORM = {"hero": "ready:warrior", "hero2": "ready:warrior", "mode": "simple", "map_penalty": "no"}
GAMES = {"p52": (P52, "c1", {"new_characters": "2", "names": "Ada, Bo"}), "ads_adventure": (ADS, "p1", ADS_FORM)}


def choices(view: dict) -> list:
    """The choices a view offers (ADS: a running fight's own, else the adventure's)."""
    fight = view.get("fight")
    rows = fight["actions"] if isinstance(fight, dict) else view.get("actions", [])
    return [r["action"] for r in rows]


def joined(system: str) -> Wire:
    options, seat, form = GAMES[system]
    w = Wire()
    w.seat = seat
    w.tap("host", "new", json.dumps(options), form)
    assert 'data-verb="tl-host"' in w.host.render() or "Invite a player" in w.host.render()
    w.tap("host", "tl-host")
    w.tap("host", "tl-invite", seat)
    w.run("guest", w.guest.open_link(table_screens.hosting(w.host).guests[seat].code))
    assert w.guest.screen == "tl-join"
    w.tap("guest", "tl-join")
    w.tap("host", "tl-code", "", {"code": table_screens.guesting(w.guest).code})
    assert w.guest.screen == "tl-guest" and table_screens.hosting(w.host).guests[seat].status == "joined"
    return w


def owner(w: Wire) -> str | None:
    s = w.host.sessions[table_screens.hosting(w.host).slot]
    return table_policies.POLICIES[s.system].owner(s.game, s.state)


def test_the_app_offers_invite_for_exactly_the_systems_with_a_policy():
    assert set(TABLE_LINK_SYSTEMS) == set(table_policies.POLICIES)


def host_msg(w: Wire, text: str) -> tuple[list, bool]:
    s = w.host.sessions[table_screens.hosting(w.host).slot]
    before = (list(s.actions), json.dumps(s.state, sort_keys=True))
    w.clock += 1.0
    effects, _ = table_screens.event(w.host, "msg", w.seat, text, now=w.clock)
    out = [json.loads(json.loads(e[1])["text"]) for e in effects if e[0] == "tl" and '"send"' in e[1]]
    return out, before == (list(s.actions), json.dumps(s.state, sort_keys=True))


def check_views(w: Wire) -> None:
    """The guest's view is the system's own for its seat; neither side sees the other's
    choices, and in an ADS fight neither sees the other's hand."""
    s = w.host.sessions[table_screens.hosting(w.host).slot]
    who = owner(w)
    guest = table_screens.guesting(w.guest).view
    own = s.game.view(s.state, w.seat)
    if who == w.seat:
        assert guest == json.loads(json.dumps(own)) and choices(guest)
        assert 'data-action="play"' not in w.host.render()
    else:
        assert choices(guest) == []
    if s.system == "ads_adventure" and isinstance(guest.get("fight"), dict) and guest["fight"].get("party"):
        if who != w.seat:
            assert guest["fight"]["hand"] == [], "another character's hand never reaches the guest"
        else:
            from pocketdeck.ui.table_link.seats import seat_view
            mine = table_screens.hosting(w.host).mine(s.game, s.state)
            assert seat_view(s.system, s.game, s.state, mine)["fight"]["hand"] == []
    if s.system == "p52":  # the decks are counts: no order of any deck reaches a phone
        assert all(isinstance(n, int) for k, n in guest["decks"].items() if k != "action_discard_top")


def step(w: Wire, rng: random.Random) -> bool:
    """One move: the guest's from its own view when its character chooses, else the host's.
    True when the guest moved."""
    s = w.host.sessions[table_screens.hosting(w.host).slot]
    if owner(w) == w.seat:
        w.tap("guest", "play", json.dumps(rng.choice(choices(table_screens.guesting(w.guest).view))))
        return True
    w.tap("host", "play", json.dumps(rng.choice(s.game.legal_actions(s.state))))
    return False


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_party_plays_through_the_link_each_character_from_its_own_phone(system):
    w = joined(system)
    s = w.host.sessions[table_screens.hosting(w.host).slot]
    rng = random.Random(3)
    guest_moves = 0
    for _ in range(200):
        if s.game.is_over(s.state):
            break
        check_views(w)
        guest_moves += step(w, rng)
    assert guest_moves >= 3, "the guest's character chose from its own phone"
    assert table_screens.hosting(w.host).guests[w.seat].refused == 0


@pytest.mark.parametrize("system", sorted(GAMES))
def test_another_seats_action_and_an_illegal_one_are_refused_and_nothing_changes(system):
    w = joined(system)
    s = w.host.sessions[table_screens.hosting(w.host).slot]
    rng = random.Random(1)
    refused_other = refused_illegal = False
    for _ in range(300):
        if s.game.is_over(s.state) or (refused_other and refused_illegal):
            break
        legal = s.game.legal_actions(s.state)
        if owner(w) != w.seat and not refused_other:
            out, unchanged = host_msg(w, json.dumps({"t": "act", "a": legal[0]}))
            assert unchanged and out[0]["t"] == "no" and "turn" in out[0]["why"]
            refused_other = True
        if owner(w) == w.seat and not refused_illegal:
            for bad in ({"type": "nope"}, dict(legal[0], x=1.5), "x" * 3000, None):
                out, unchanged = host_msg(w, json.dumps({"t": "act", "a": bad}))
                assert unchanged and out[0]["t"] == "no"
            refused_illegal = True
        if owner(w) == w.seat:
            w.tap("guest", "play", json.dumps(rng.choice(choices(table_screens.guesting(w.guest).view))))
        else:
            n = len(s.actions)
            w.tap("host", "play", json.dumps(rng.choice(legal)))
            assert len(s.actions) == n + 1
    assert refused_other and refused_illegal


@pytest.mark.parametrize("system", sorted(GAMES))
def test_the_host_cannot_tap_for_the_guests_character(system):
    w = joined(system)
    s = w.host.sessions[table_screens.hosting(w.host).slot]
    rng = random.Random(2)
    for _ in range(300):
        if owner(w) == w.seat or s.game.is_over(s.state):
            break
        w.tap("host", "play", json.dumps(rng.choice(s.game.legal_actions(s.state))))
    assert owner(w) == w.seat
    n = len(s.actions)
    w.host.handle("play", json.dumps(s.game.legal_actions(s.state)[0]))
    assert len(s.actions) == n and "own phone" in w.host.flash[1]


def test_an_ads_fight_hides_each_characters_hand_from_the_other_phone():
    w = joined("ads_adventure")
    s = w.host.sessions[table_screens.hosting(w.host).slot]
    rng = random.Random(4)
    seen = 0
    for _ in range(400):
        if s.game.is_over(s.state):
            break
        f = s.state["fight"]
        if (f is not None and f.get("party") and not f["party"].get("cover")
                and s.game.view(s.state, "player")["fight"]["hand"]):  # a hand on the table
            guest = table_screens.guesting(w.guest).view
            if owner(w) == w.seat:
                assert guest["fight"]["hand"] == s.game.view(s.state, w.seat)["fight"]["hand"]
                host_view = table_screens.host_view(w.host, table_screens.hosting(w.host).slot, {})[0]
                assert host_view["fight"]["hand"] == [] and choices(host_view) == []
            else:
                assert guest["fight"]["hand"] == []
            seen += 1
        step(w, rng)
    assert seen >= 4


def test_a_lone_ads_character_has_no_seat_to_offer_and_says_so():
    w = Wire()
    w.tap("host", "new", json.dumps(ADS), {"hero": "ready:warrior", "mode": "simple", "map_penalty": "no"})
    w.tap("host", "tl-host")
    assert "one character only" in w.host.render() and 'data-action="tl-invite"' not in w.host.render()


@pytest.mark.parametrize("system", sorted(GAMES))
def test_every_choice_has_one_owner_whose_own_view_offers_exactly_the_legal_actions(system):
    """Random games: the seat that must choose is a seat of the table (or the host's), its
    own view offers every legal action and nothing else, and every other seat's none."""
    from pocketdeck.core.rng import Rng
    options, _, form = GAMES[system]
    pol = table_policies.POLICIES[system]
    for seed in range(4):
        app = App(seed_source=100 + seed)
        app.handle("new", json.dumps(options), dict(form))
        s, rng = app.sessions[system], Rng(seed)
        for _ in range(250):
            if s.game.is_over(s.state):
                break
            legal = s.game.legal_actions(s.state)
            seats = [seat for seat, _ in pol.seats(s.game, s.state)]
            who = pol.owner(s.game, s.state)
            assert who is None or who in seats
            for seat in seats:
                view = pol.view(s.game, s.state, {seat})
                want = legal if seat == who else []
                assert sorted(map(json.dumps, choices(view))) == sorted(map(json.dumps, want)), (seat, who)
                if seat != who and isinstance(view.get("fight"), dict):  # ADS: nobody else's hand
                    assert view["fight"]["hand"] == [], (seat, who)
            s.play(s.game.sim_choose(s.state, legal, rng))


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_dropped_guests_character_waits_then_take_back_plays_it_on_the_host(system):
    w = joined(system)
    s = w.host.sessions[table_screens.hosting(w.host).slot]
    rng = random.Random(6)
    while owner(w) != w.seat:
        step(w, rng)
    table_screens.event(w.host, "close", w.seat, "")
    assert table_screens.hosting(w.host).guests[w.seat].status == "away" and "is away" in w.host.render()
    n = len(s.actions)
    w.host.handle("play", json.dumps(s.game.legal_actions(s.state)[0]))
    assert len(s.actions) == n and "Take back" in w.host.flash[1]  # the seat waits for its player
    w.tap("host", "tl-release", w.seat)
    w.tap("host", "play", json.dumps(s.game.legal_actions(s.state)[0]))
    assert len(s.actions) == n + 1


def test_between_ads_fights_no_seat_reads_the_active_characters_hand_or_deck():
    """Between fights the system's view (made for one phone) holds the active character's
    hand and deck; a seat that is not theirs gets neither, on either phone."""
    from pocketdeck.ui.table_link.seats import seat_view
    seen = 0
    for seed in range(2):  # random play loses soon; these two reach rooms between fights
        w = joined("ads_adventure")
        s = w.host.sessions[table_screens.hosting(w.host).slot]
        rng = random.Random(seed)
        for _ in range(400):
            if s.game.is_over(s.state):
                break
            if s.state["fight"] is None:
                guest = table_screens.guesting(w.guest).view
                host = seat_view(s.system, s.game, s.state, table_screens.hosting(w.host).mine(s.game, s.state))
                other = guest if owner(w) != w.seat else host
                assert other["hero"]["hand"] == [] and other["deck_json"] is None and other["actions"] == []
                seen += 1
            step(w, rng)
    assert seen >= 3
