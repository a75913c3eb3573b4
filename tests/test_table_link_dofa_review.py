"""The open differences of the review of 2026-11-27 (docs/reviews/dofa-phone-2026-11-27.md,
issue 29): what a DofA player's phone at the GM's table could not yet do by the book. Each
test is named after the difference and the book's section. Rules: docs/rules/dofa.md, "The
player's phone at the GM's table"."""

from __future__ import annotations

import json

from test_table_link_dofa import gm, guest_view, joined, refused, session
from test_table_link_dofa_draws import FIGHT, initiative, mine, to_anns_turn

from pocketdeck.systems.dofa_gm import GAME
from pocketdeck.systems.dofa_gm.rules import owner
from pocketdeck.ui.table_link import screens as table_screens


def ann(s: dict) -> dict:
    return next(a for a in s["actors"] if a["id"] == "p1")


def host_actions(w) -> list[dict]:
    """The buttons on the GM's own screen (the host's view, the seats guests hold taken out)."""
    s = session(w)
    view, _ = table_screens.host_view(w.host, table_screens.hosting(w.host).slot, s.game.view(s.state, "gm"))
    return [e["action"] for e in view["actions"]]


def engine_fight(seed: int = 5) -> dict:
    """Ann with her sheet at the table, her phone joined, a fight begun and her TC kept."""
    s = GAME.new_game(FIGHT["options"], seed)
    for a in ({"type": "phone", "who": "p1"}, {"type": "start_combat"}, {"type": "player_tc", "who": "p1"},
              {"type": "phone_draw"}, {"type": "keep_tc", "who": "p1"}):
        s = GAME.apply(s, a)
    return s


# -- 4: Fate Cards on the phone -----------------------------------------------------------------

def test_review_4_pg_fate_cards_3_the_phone_redraws_its_initiative_target_card_once():
    """PG, Fate Cards 3: "Any time a player ... draws a card, they may discard one held Fate
    Card and redraw". The phone's Target Card, just drawn, may be redrawn from its own seat;
    the Joker leaves the deck the host keeps and cannot be spent again."""
    w = joined(FIGHT)
    s = session(w)
    gm(w, {"type": "start_combat"}, {"type": "player_tc", "who": "p1"})
    w.tap("guest", "play", json.dumps({"type": "phone_draw"}))
    first = ann(s.state)["tc"]
    assert owner(s.state) == "player:p1" and host_actions(w) == []
    assert "decides on their phone" in w.host.render()
    page = w.guest.render()
    assert "Redraw your Target Card with the Fate Card Red Joker" in page and "Keep this Target Card" in page
    w.tap("guest", "play", json.dumps({"type": "redraw_tc", "who": "p1", "card": "RJ"}))
    deck = s.state["decks"]["p1"]
    assert ann(s.state)["tc"] != first and deck["tcs"]["p1"] == ann(s.state)["tc"]
    # the replaced TC is discarded; an Ace stays in hand as a Fate Card (PG, Fate Cards 2)
    ace = first.startswith("A")
    assert deck["fate"] == ["BJ"] + [first] * ace and "RJ" in deck["aside"]
    assert first in (deck["fate"] if ace else deck["discard"])
    assert s.state["combat"]["stage"] == "turns" and "p1" in s.state["combat"]["order"]
    same, eff = refused(w, json.dumps({"t": "act", "a": {"type": "redraw_tc", "who": "p1", "card": "RJ"}}))
    assert same and eff
    GAME.check_state(s.state)


def test_review_4_pg_fate_cards_4_3_toughen_up_on_the_phone_until_the_end_of_the_next_turn():
    """PG, Fate Cards 4.3 Toughen Up: "ignore damage ... as soon as the damage is applied or
    before the end of the Player's next turn after receiving damage". From the phone's own
    seat while the GM goes on; the GM's screen has no button to spend it for her."""
    w = joined(FIGHT)
    s = session(w)
    initiative(w)
    gm(w, {"type": "focus", "who": "p1"}, {"type": "damage", "who": "p1", "amount": 2, "bypass": True})
    hp = ann(s.state)["hp"]
    gm(w, {"type": "focus", "who": None})          # the GM goes on: the window stays open
    tough = [a for a in mine(w) if a["type"] == "toughen_up"]
    assert tough and not any(a["type"] == "toughen_up" for a in host_actions(w))
    assert guest_view(w)["tough"] == 2 and "ignore 2 damage" in w.guest.render()
    w.tap("guest", "play", json.dumps(tough[0]))
    assert ann(s.state)["hp"] == hp + 1 and tough[0]["card"] not in s.state["decks"]["p1"]["fate"]
    same, eff = refused(w, json.dumps({"t": "act", "a": tough[0]}))
    assert same and "not a legal action" in eff[0][1]
    assert table_screens.hosting(w.host).guests["p1"].refused == 1


def test_review_4_pg_fate_cards_4_3_the_window_closes_at_the_end_of_her_next_turn():
    """Damage taken on her own turn may be ignored until the end of her next one; taken on
    another's turn, until the end of her coming turn."""
    from pocketdeck.systems.dofa_gm import turns
    for seed in (5, 6, 7, 8):
        s = engine_fight(seed)
        hers = (turns.current(s) or {}).get("id") == "p1"
        s = GAME.apply(s, {"type": "focus", "who": "p1"})
        s = GAME.apply(s, {"type": "damage", "who": "p1", "amount": 1, "bypass": True})
        ends = 0
        for _ in range(60):
            legal = GAME.legal_actions(s)
            assert any(a["type"] == "toughen_up" for a in legal), (seed, ends)
            cur = turns.current(s)
            mine_ends = cur is not None and cur["id"] == "p1" and {"type": "end_turn"} in legal
            s = GAME.apply(s, {"type": "end_turn"} if {"type": "end_turn"} in legal else
                           next(a for a in legal if a["type"] in ("save", "phone_draw", "accept", "keep_tc")))
            ends += mine_ends and turns.current(s)["id"] != "p1"
            if ends == (2 if hers else 1):
                break
        assert ends == (2 if hers else 1)
        assert not any(a["type"] == "toughen_up" for a in GAME.legal_actions(s)), seed


def test_review_4_pg_fate_cards_4_3_toughen_up_from_knocked_out_and_4_2_exchange_fate():
    """Toughen Up on the damage that Knocked her Out brings her back (part 1's reading);
    PG, Fate Cards 4.2 Exchange Fate: 1 PP a card, from the phone's seat."""
    s = engine_fight()
    s = GAME.apply(s, {"type": "focus", "who": "p1"})
    hp = ann(s)["hp"]
    s = GAME.apply(s, {"type": "damage", "who": "p1", "amount": min(4, hp + ann(s)["ap"]), "bypass": True})
    while ann(s)["hp"] > 0:
        s = GAME.apply(s, {"type": "damage", "who": "p1", "amount": 1, "bypass": True})
    assert ann(s)["ko"]
    t = next(a for a in GAME.legal_actions(s) if a["type"] == "toughen_up")
    assert t in [e["action"] for e in GAME.view(s, "player:p1")["actions"]]
    s = GAME.apply(s, t)
    assert ann(s)["hp"] == 1 and not ann(s)["ko"]
    ann(s)["pp"] = max(0, ann(s)["pp_max"] - 1)
    ex = [a for a in GAME.legal_actions(s) if a["type"] == "exchange_fate"]
    assert ex and all(a in [e["action"] for e in GAME.view(s, "player:p1")["actions"]] for a in ex)
    pp = ann(s)["pp"]
    s = GAME.apply(s, ex[0])
    assert ann(s)["pp"] == pp + 1 and s["decks"]["p1"]["fate"] == []
    GAME.check_state(s)


# -- 6: Upper Hand, one card at a time ------------------------------------------------------------

def sent_call(w, hand: int, hidden: bool = False, dr: int = 2) -> None:
    gm(w, {"type": "call", "who": "p1"}, {"type": "call_mod", "mod": 1}, {"type": "call_dr", "dr": dr},
       {"type": "call_hand", "hand": hand}, *([{"type": "call_hidden", "on": True}] if hidden else []),
       {"type": "call_tc"}, {"type": "call_send"})


def test_review_6_pg_upper_and_lower_hand_1_the_phone_may_stop_drawing_before_n_cards():
    """PG, Upper and Lower Hand 1: "A player may choose to stop drawing before N cards are
    drawn". With Upper Hand 2 the phone draws one card, then chooses: another, or stop; the
    cards not drawn stay in the deck the host keeps."""
    w = joined()
    s = session(w)
    sent_call(w, 2)
    left = len(s.state["decks"]["p1"]["draw"])
    w.tap("guest", "play", json.dumps({"type": "call_draw"}))
    d = s.state["draw"]
    if d["to_go"] == 0:   # a Critical at once: nothing beats it (the seed decides)
        assert len(d["cards"]) == 1
        return
    assert len(d["cards"]) == 1 and d["to_go"] == 2 and mine(w) == [{"type": "draw_more"}, {"type": "stop"}]
    page = w.guest.render()
    assert "Draw another card (Upper Hand)" in page and "you may draw 2 more cards" in page
    w.tap("guest", "play", json.dumps({"type": "draw_more"}))
    assert len(s.state["draw"]["cards"]) == 2
    stopped = bool(s.state["draw"]["to_go"])
    if stopped:
        w.tap("guest", "play", json.dumps({"type": "stop"}))
        assert "Ann stops drawing: 2 of 3 cards (Upper Hand 2)." in s.state["log"]
    assert {"type": "accept"} in mine(w)
    w.tap("guest", "play", json.dumps({"type": "accept"}))
    assert len(s.state["decks"]["p1"]["draw"]) == left - 2 and s.state["draw"] is None
    GAME.check_state(s.state)


def test_review_6_pg_upper_and_lower_hand_2_lower_hand_still_draws_all_n_cards():
    """PG, Upper and Lower Hand 2: "A player must draw all N cards"."""
    w = joined()
    s = session(w)
    sent_call(w, -2)
    w.tap("guest", "play", json.dumps({"type": "call_draw"}))
    assert len(s.state["draw"]["cards"]) == 3 and {"type": "accept"} in mine(w)
    assert {"type": "stop"} not in mine(w)


def test_review_6_a_stop_then_a_fate_redraw_draws_one_at_a_time_again():
    """PG, Fate Cards 3: the redraw is a new draw of the check, with the same Upper Hand."""
    for seed in range(3, 12):
        s = GAME.new_game(dict(FIGHT["options"], players=[dict(FIGHT["options"]["players"][0])]), seed)
        s = GAME.apply(s, {"type": "phone", "who": "p1"})
        for a in ({"type": "call", "who": "p1"}, {"type": "call_stat", "stat": "Finesse"},
                  {"type": "call_dr", "dr": 2}, {"type": "call_hand", "hand": 2}, {"type": "call_tc"},
                  {"type": "call_send"}, {"type": "call_draw"}):
            s = GAME.apply(s, a)
        if not s["draw"]["to_go"]:
            continue
        s = GAME.apply(s, {"type": "stop"})
        s = GAME.apply(s, {"type": "fate_redraw", "card": "RJ"})
        assert len(s["draw"]["cards"]) == 1 and s["draw"]["redrawn"]
        assert s["draw"]["to_go"] in (0, 2)
        GAME.check_state(s)
        return
    raise AssertionError("no seed drew without a Critical")


# -- 7: a miss at a hidden DR, then Push Fate ---------------------------------------------------------

def hidden_call(seed: int, dr: int, fate: bool = True) -> dict:
    """Ann (typed in, +0) draws a check at a hidden DR on her phone, up to her Accept."""
    s = GAME.new_game(dict(FIGHT["options"], players=[dict(FIGHT["options"]["players"][0])]), seed)
    s = GAME.apply(s, {"type": "phone", "who": "p1"})
    if not fate:
        s["decks"]["p1"]["aside"] += s["decks"]["p1"]["fate"]
        s["decks"]["p1"]["fate"] = []
    for a in ({"type": "call", "who": "p1"}, {"type": "call_stat", "stat": "Finesse"},
              {"type": "call_dr", "dr": dr}, {"type": "call_hidden", "on": True}, {"type": "call_tc"},
              {"type": "call_send"}, {"type": "call_draw"}):
        s = GAME.apply(s, a)
    return s


def missed(s: dict) -> bool:
    from pocketdeck.systems.dofa.checkflow import grade, kept
    return not grade(s["draw"], kept(s["draw"]))["success"]


def test_review_7_gmg_fate_cards_a_miss_at_a_hidden_dr_is_told_to_the_phone_before_it_stands():
    """GMG, Fate Cards: "You can ask if a Player would like to use a Fate Card when they
    Miss"; PG, Fate Cards 4.1 Push Fate. On Accept the host grades the draw at the hidden
    DR; a miss is told to the phone ("Missed"), never the DR, and the phone redraws or keeps it."""
    for seed in range(40):
        s = hidden_call(seed, 0)
        if not missed(s):
            continue
        before = s["draw"]["cards"]
        s = GAME.apply(s, {"type": "accept"})
        assert s["draw"] is not None and s["draw"]["asked"] and s["call"] is not None
        seen = GAME.view(s, "player:p1")
        assert seen["draw"]["asked"] and seen["draw"]["dr"] is None and seen["draw"]["effective"] is None
        assert seen["draw"]["kept"] is None and seen["call"]["dr"] is None
        labels = [e["label"] for e in seen["actions"]]
        assert labels[0] == "No: keep the miss" and "Yes: redraw with the Fate Card Red Joker" in labels
        GAME.check_state(s)
        s = GAME.apply(s, {"type": "fate_redraw", "card": "RJ"})
        assert s["draw"]["cards"] != before and s["draw"]["redrawn"] and not s["draw"]["asked"]
        s = GAME.apply(s, {"type": "accept"})      # the redraw stands, hit or miss
        assert s["draw"] is None and s["call"] is None and s["decks"]["p1"]["fate"] == ["BJ"]
        return
    raise AssertionError("no seed missed at DR 0")


def test_review_7_a_hit_or_a_phone_without_fate_cards_is_not_asked():
    hit = miss = False
    for seed in range(40):
        s = hidden_call(seed, 0)
        if not missed(s) and not hit:
            hit = True
            assert GAME.apply(s, {"type": "accept"})["draw"] is None
        s = hidden_call(seed, 0, fate=False)
        if missed(s) and not miss:
            miss = True
            assert GAME.apply(s, {"type": "accept"})["draw"] is None
    assert hit and miss


def test_review_7_the_asked_miss_reaches_the_phones_screen_without_the_dr():
    """The phone's screen says "Missed." and offers the Fate Card; the bytes it receives name
    no DR; the GM's screen says the player is asked."""
    from test_table_link_dofa import call
    for dr in (0, 1):
        w = joined()
        s = session(w)
        call(w, hidden=True, dr=dr)
        w.tap("guest", "play", json.dumps({"type": "call_draw"}))
        if not missed(s.state):
            continue
        w.tap("guest", "play", json.dumps({"type": "accept"}))
        assert "Missed." in w.guest.render() and "No: keep the miss" in w.guest.render()
        assert "is asked on their phone whether to spend a Fate Card" in w.host.render()
        assert f'"dr": {dr}' not in "".join(w.received) and "EDR" not in "".join(w.received[-2:])
        return
    raise AssertionError("the check never missed")


# -- 8: the attack's skill ----------------------------------------------------------------------------

def anns_attack(seed: int, powers: list[str] | None = None) -> dict:
    """Ann's turn (her phone joined with her sheet); the GM opens her attack on the Grunt."""
    from pocketdeck.systems.dofa_gm import turns
    s = engine_fight(seed)
    if powers is not None:
        ann(s)["powers"] = powers
    for _ in range(40):
        cur = turns.current(s)
        if cur and cur["id"] == "p1" and not s["draw"] and not s["entry"] and not s["due"]:
            break
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, next((a for a in legal if a["type"] in ("accept", "end_turn", "save", "keep_tc")),
                               next((a for a in legal if a["type"] == "phone_draw"), legal[0])))
    grunt = next(a for a in s["actors"] if a["kind"] != "player")
    return GAME.apply(s, {"type": "player_attack", "who": "p1", "target": grunt["id"]})


def test_review_8_pg_attributes_skills_and_modifiers_the_phone_names_its_attacks_skill():
    """PG, Attributes, Skills, and Modifiers: "you can always ask if another would be
    applicable". The phone chooses among the skills its attack powers name (04_Powers:
    Weapon Attack, Finesse or Brute); the draw adds that skill's modifier, and the GM's
    table reads the skill on the draw and in the log."""
    from pocketdeck.systems.dofa import sheet as sh
    s = anns_attack(5)
    legal = GAME.legal_actions(s)
    assert legal == [{"type": "phone_draw", "skill": "Finesse"}, {"type": "phone_draw", "skill": "Brute"}]
    labels = [e["label"] for e in GAME.view(s, "player:p1")["actions"]]
    assert labels[0].startswith("Attack Grunt with Finesse (") and "Weapon Attack" in labels[0]
    for skill in ("Finesse", "Brute"):
        t = GAME.apply(s, {"type": "phone_draw", "skill": skill})
        d = t["draw"]
        assert d["stat"] == skill and d["modifier"] == sh.modifier(ann(t), skill) and d["weapon"] == ann(t)["weapon"]
        assert f"Ann attacks Grunt with {skill} (a Weapon Attack)." in t["log"]
        assert GAME.view(t, "gm")["draw"]["stat"] == skill


def test_review_8_a_mystic_attack_uses_knowledge_or_craft_for_1_damage_when_the_sheet_has_it():
    """04_Powers Mystic Attack: "a check against an Enemy ... for 1 damage", with Knowledge or
    Craft; offered only to a sheet with that power."""
    s = anns_attack(5, ["Attack, Weapon", "Attack, Mystic"])
    assert {"type": "phone_draw", "skill": "Knowledge"} in GAME.legal_actions(s)
    ann(s)["weapon"] = 3
    t = GAME.apply(s, {"type": "phone_draw", "skill": "Craft"})
    assert t["draw"]["stat"] == "Craft" and t["draw"]["weapon"] == 1 and t["draw"]["power"] == "Attack, Mystic"
    assert "Ann attacks Grunt with Craft (a Mystic Attack, 1 damage)." in t["log"]
    assert {"type": "phone_draw"} not in GAME.legal_actions(s)


# -- 12: Rests --------------------------------------------------------------------------------------

def spent_phone(seed: int = 5) -> dict:
    """Ann's phone after a while: hurt, PP spent, Fatigue, a Joker and some cards gone."""
    s = GAME.new_game(FIGHT["options"], seed)
    s = GAME.apply(s, {"type": "phone", "who": "p1"})
    a, deck = ann(s), s["decks"]["p1"]
    a.update(hp=1, pp=0, ap=0, fatigue=2)
    for _ in range(20):
        deck["discard"].append(deck["draw"].pop())
    deck["fate"].remove("RJ")
    deck["aside"].append("RJ")
    ace = next(c for c in deck["draw"] if c.startswith("A"))
    deck["draw"].remove(ace)
    deck["fate"].append(ace)
    GAME.check_state(s)
    return s


def test_review_12_pg_rests_a_full_rest_restores_the_phones_seat_and_its_deck():
    """PG, Rests: "After completing a Full Rest, discard your TC, shuffle your discard pile
    back into your deck, along with any Aces from your hand. Add both Jokers to your hand as
    Fate Cards ... Fate, Health, Power, and Armor Points, as well as Rest Cards, all return to
    their maximum values"; Fatigue: "Upon completing a Full Rest, all levels of Fatigue are removed"."""
    s = spent_phone()
    s = GAME.apply(s, {"type": "rest", "rest": "full"})
    a, deck = ann(s), s["decks"]["p1"]
    assert (a["hp"], a["ap"], a["pp"], a["fatigue"]) == (a["hp_max"], a["ap_max"], a["pp_max"], 0)
    assert deck["fate"] == ["BJ", "RJ"] or sorted(deck["fate"]) == ["BJ", "RJ"]
    assert len(deck["draw"]) == 52 and deck["discard"] == [] and deck["aside"] == []
    assert a["rest_cards"] == a["hp_max"] and "Full Rest" in s["log"][-1]
    GAME.check_state(s)
    assert not any(x["type"] == "rest" for x in GAME.legal_actions(GAME.apply(s, {"type": "start_combat"})))


def test_review_12_pg_rests_a_quick_rest_is_drawn_on_the_phone_with_rest_cards():
    """PG, Rests: Rest Cards (max HP of them), "a DR 3 draw against one's own target card
    without modifiers. On a miss, recover one HP or PP, your choice. On a success, recover
    two"; at the end "draw 10 plus twice Vitality back into your deck"; twice per Full Rest."""
    w = joined(FIGHT)
    s = session(w)
    a, deck = ann(s.state), s.state["decks"]["p1"]
    a.update(hp=1, pp=0)
    for _ in range(30):
        deck["discard"].append(deck["draw"].pop())
    gm(w, {"type": "rest", "rest": "quick"})
    rest = [x for x in mine(w) if x["type"].startswith("rest")]
    assert ann(s.state)["resting"] and rest == [{"type": "rest_card", "who": "p1"}, {"type": "rest_end", "who": "p1"},
                                                {"type": "rest_skip", "who": "p1"}]
    assert not any(x["type"].startswith("rest_") for x in host_actions(w))
    assert "Quick Rest" in w.guest.render() and "Draw a Rest Card" in w.guest.render()
    w.tap("guest", "play", json.dumps({"type": "rest_card", "who": "p1"}))
    # review 2 #5: the Target Card drawn first may be redrawn with a Fate Card, or kept
    assert {"type": "keep_tc", "who": "p1"} in mine(w) and s.state["draw"] is None
    w.tap("guest", "play", json.dumps({"type": "keep_tc", "who": "p1"}))
    w.tap("guest", "play", json.dumps({"type": "rest_card", "who": "p1"}))
    d = s.state["draw"]
    assert d["kind"] == "rest" and d["dr"] == 3 and d["modifier"] == 0 and d["tc"] == ann(s.state)["tc"]
    from pocketdeck.systems.dofa.checkflow import grade, kept
    ok = grade(d, kept(d))["success"]
    w.tap("guest", "play", json.dumps({"type": "accept"}))
    gains = [x for x in mine(w) if x["type"] == "rest_gain"]
    assert {x["hp"] + x["pp"] for x in gains} == {2 if ok else 1}
    w.tap("guest", "play", json.dumps(gains[0]))
    # review 2 #1 (GMG, Resting): held until the rest is complete
    assert ann(s.state)["hp"] + ann(s.state)["pp"] == 1
    assert ann(s.state)["rest_cards"] == ann(s.state)["hp_max"] - 1
    discard = len(s.state["decks"]["p1"]["discard"])
    w.tap("guest", "play", json.dumps({"type": "rest_end", "who": "p1"}))
    assert ann(s.state)["hp"] + ann(s.state)["pp"] == 1 + (2 if ok else 1)
    back = min(discard, 10 + 2 * ann(s.state)["attrs"]["VIT"])
    assert len(s.state["decks"]["p1"]["discard"]) == discard - back and not ann(s.state)["resting"]
    gm(w, {"type": "rest", "rest": "quick"})
    w.tap("guest", "play", json.dumps({"type": "rest_end", "who": "p1"}))
    assert {"type": "rest", "rest": "quick"} not in s.game.legal_actions(s.state)   # twice per Full Rest
    gm(w, {"type": "rest", "rest": "full"})
    assert {"type": "rest", "rest": "quick"} in s.game.legal_actions(s.state)
    GAME.check_state(s.state)


# -- 10: discards from the deck the host keeps -------------------------------------------------------

def test_review_10_pg_status_conditions_7_poisoned_discards_from_the_deck_kept_for_the_phone():
    """PG, Status Conditions 7 Poisoned: "On failure, they discard N+1 cards": from the Action
    Deck the host keeps for the phone (its screen shows the deck), not a line to do it by hand."""
    from pocketdeck.core.rng import Rng
    from pocketdeck.systems.dofa_gm import fight as ft
    s = engine_fight()
    ft.add_status(s, ann(s), "Poisoned", None)
    ft.add_status(s, ann(s), "Poisoned", None)            # Poisoned 2: discard 3
    deck = s["decks"]["p1"]
    before = (len(deck["draw"]), len(deck["discard"]) + len(deck["fate"]))
    seen = GAME.view(s, "player:p1")["deck"]["left"]
    ft.save_result(s, ann(s), "Poisoned", False, Rng(1))
    assert len(deck["draw"]) == before[0] - 3 and len(deck["discard"]) + len(deck["fate"]) == before[1] + 3
    assert "Ann discards 3 card(s) from their Action Deck." in s["log"]
    assert GAME.view(s, "player:p1")["deck"]["left"] == seen - 3
    GAME.check_state(s)


def test_review_10_pg_discard_powers_a_phones_player_uses_their_roles_discard_power():
    """PG, Discard Powers: "Dealers may discard cards as a Minor Action ... starting at Level
    2"; by role (a Martial's Thwart). From the phone's own seat, on their turn, from the deck
    the host keeps for them."""
    from pocketdeck.systems.dofa_gm import turns
    s = GAME.new_game(dict(FIGHT["options"], players=[dict(FIGHT["options"]["players"][0], level=3)]), 5)
    for a in ({"type": "phone", "who": "p1"}, {"type": "start_combat"}, {"type": "player_tc", "who": "p1"},
              {"type": "phone_draw"}, {"type": "keep_tc", "who": "p1"}):
        s = GAME.apply(s, a)
    for _ in range(20):
        if (turns.current(s) or {}).get("id") == "p1" and not s["due"]:
            break
        s = GAME.apply(s, {"type": "end_turn"})
    acts = [e["action"] for e in GAME.view(s, "player:p1")["actions"] if e["action"]["type"] == "discard_power"]
    assert acts and {a["power"] for a in acts} == {"Thwart"} and {a["cards"] for a in acts} == {2, 4}
    from pocketdeck.ui.dofa_gm.table import render
    assert "Your Discard Power (a Minor Action)" in render(GAME.view(s, "player:p1"), None)
    left = len(s["decks"]["p1"]["draw"])
    s = GAME.apply(s, acts[0])
    grunt = next(a for a in s["actors"] if a["kind"] != "player")
    assert len(s["decks"]["p1"]["draw"]) == left - 2 and grunt["discarded"]["power"] == "Thwart"
    GAME.check_state(s)


# -- 11: the sheet's level and powers -------------------------------------------------------------

def test_review_11_pg_dealers_a_sheet_joins_with_its_level_role_and_powers():
    """PG, Dealers ("Can have Powers"); Health and Armor ("The health of Companions HP is half
    the level of their Dealer"). The phone's sheet brings its level, role and powers."""
    from test_table_link_dofa_draws import SHEET
    from pocketdeck.core.game import IllegalAction
    from pocketdeck.core.rng import Rng
    from pocketdeck.systems.dofa_gm import bestiary, table
    assert SHEET["level"] == 1 and SHEET["role"] and "Attack, Weapon" in SHEET["powers"]
    p = dict(SHEET, level=5, powers=SHEET["powers"] + ["Condition Immunity"])
    s = GAME.apply(GAME.new_game(FIGHT["options"], 3), {"type": "phone", "who": "p1", "player": p})
    a = ann(s)
    assert a["level"] == 5 and "Condition Immunity" in a["powers"] and a["role"] == SHEET["role"]
    pet = next(c for c, r in bestiary.creatures().items() if r["type"] == "Companion")
    x = table.add_creature(s, pet, Rng(1))
    assert x["dealer"] == "p1" and x["hp_max"] == 3          # half of level 5, rounded up
    for bad in (dict(p, level=11), dict(p, powers=["Fly to the moon"]), dict(p, role="Bard"),
                {k: v for k, v in p.items() if k != "mods"}):
        try:
            GAME.apply(GAME.new_game(FIGHT["options"], 3), {"type": "phone", "who": "p1", "player": bad})
        except IllegalAction:
            continue
        raise AssertionError(bad)


def test_review_11_04_powers_condition_resilience_and_immunity_act_on_the_phones_saves():
    """04_Powers Condition Resilience ("checks to avoid it are drawn at Upper Hand") and
    Immunity ("it can no longer affect you"), picked from the phone's own seat."""
    from test_table_link_dofa_draws import SHEET
    from pocketdeck.systems.dofa_gm import fight as ft
    from pocketdeck.systems.dofa_gm.rules import seat_of
    p = dict(SHEET, powers=SHEET["powers"] + ["Condition Resilience", "Condition Immunity"])
    s = GAME.new_game(dict(FIGHT["options"], players=[p]), 5)
    s = GAME.apply(s, {"type": "phone", "who": "p1", "player": p})
    picks = [a for a in GAME.legal_actions(s) if a["type"] == "pick_condition"]
    assert len(picks) == 12 and all(seat_of(s, a) == "player:p1" for a in picks)
    s = GAME.apply(s, {"type": "pick_condition", "who": "p1", "power": "Condition Resilience", "name": "Blinded"})
    s = GAME.apply(s, {"type": "pick_condition", "who": "p1", "power": "Condition Immunity", "name": "Poisoned"})
    assert {"Condition Resilience: Blinded", "Condition Immunity: Poisoned"} <= set(ann(s)["powers"])
    assert not any(a["type"] == "pick_condition" for a in GAME.legal_actions(s))
    ft.add_status(s, ann(s), "Poisoned", None)
    assert not ft.status(ann(s), "Poisoned") and "Ann is immune to Poisoned (Condition Immunity)." in s["log"]
    for a in ({"type": "start_combat"}, {"type": "player_tc", "who": "p1"}, {"type": "phone_draw"},
              {"type": "keep_tc", "who": "p1"}):
        s = GAME.apply(s, a)
    ft.add_status(s, ann(s), "Blinded", None)
    ft.add_due(s, ann(s), "Blinded", "now")
    s = GAME.apply(s, {"type": "save", "who": "p1", "status": "Blinded"})
    s = GAME.apply(s, {"type": "phone_draw"})
    assert s["draw"]["kind"] == "save" and s["draw"]["hand"] >= 1, s["draw"]


# -- 9: the second deck: Epic Event volunteers and Companions draw from the player's own deck ------

def test_review_9_pg_epic_events_a_volunteers_card_is_drawn_on_their_phone():
    """PG, The Action Deck ("Each player should have their own Deck"); Epic Events: a
    volunteer's draw against the event's TC and DR comes from the deck the host keeps for
    their phone, with the skill the GM names, and the GM's code applies it."""
    s = GAME.new_game(FIGHT["options"], 5)
    s = GAME.apply(s, {"type": "phone", "who": "p1"})
    for a in ({"type": "epic_setup"}, {"type": "epic_begin"}, {"type": "epic_reveal"}):
        s = GAME.apply(s, a)
    s = GAME.apply(s, next(a for a in GAME.legal_actions(s) if a["type"] == "epic_dr"))
    for a in ({"type": "epic_join", "who": "p1"}, {"type": "epic_go"}):
        s = GAME.apply(s, a)
    legal = GAME.legal_actions(s)
    assert {"type": "epic_card"} in legal and {"type": "epic_stat", "stat": "Bluffing"} in legal
    assert any(e["label"] == "The volunteer draws on their phone" for e in GAME.view(s, "gm")["actions"])
    s = GAME.apply(s, {"type": "epic_stat", "stat": "Bluffing"})
    s = GAME.apply(s, {"type": "epic_card"})
    assert owner(s) == "player:p1" and GAME.legal_actions(s) == [{"type": "phone_draw"}]
    assert GAME.view(s, "player:p1")["ask"]["kind"] == "epic"
    left = len(s["decks"]["p1"]["draw"])
    s = GAME.apply(s, {"type": "phone_draw"})
    d = s["draw"]
    assert d["deck"] == "p1" and d["stat"] == "Bluffing" and d["tc"] == s["epic"]["tc"] and owner(s) == "player:p1"
    assert len(s["decks"]["p1"]["draw"]) < left
    done = s["epic"]["done"], s["epic"]["at"], s["epic"]["successes"], s["epic"]["failures"]
    s = GAME.apply(s, {"type": "accept"})
    assert s["draw"] is None and (s["epic"]["done"], s["epic"]["at"], s["epic"]["successes"],
                                  s["epic"]["failures"]) != done
    GAME.check_state(s)


def test_review_9_pg_dealers_npcs_and_companions_a_companions_attack_is_drawn_from_the_players_deck():
    """PG, Dealers, NPCs and Companions: a Companion "acts on the players turn, draws from
    the Dealer's deck of cards": its attack is drawn on its player's phone from the deck the
    host keeps for them, with the Companion's own modifiers, as the Dealer's Minor Action."""
    from pocketdeck.core.rng import Rng
    from pocketdeck.systems.dofa_gm import bestiary, table, turns
    s = GAME.new_game(FIGHT["options"], 5)
    s = GAME.apply(s, {"type": "phone", "who": "p1"})
    pet = table.add_creature(s, next(c for c, r in bestiary.creatures().items() if r["type"] == "Companion"), Rng(2))
    assert pet["dealer"] == "p1"
    for a in ({"type": "start_combat"}, {"type": "player_tc", "who": "p1"}, {"type": "phone_draw"},
              {"type": "keep_tc", "who": "p1"}):
        s = GAME.apply(s, a)
    for _ in range(20):
        if (turns.current(s) or {}).get("id") == "p1" and not s["due"]:
            break
        s = GAME.apply(s, {"type": "end_turn"})
    grunt = next(a for a in s["actors"] if a["side"] == "foes")
    s = GAME.apply(s, {"type": "player_attack", "who": pet["id"], "target": grunt["id"]})
    assert owner(s) == "player:p1"
    seen = GAME.view(s, "player:p1")
    assert seen["ask"]["companion"] == pet["name"] and seen["actions"][0]["label"].startswith(f"{pet['name']}: attack")
    s = GAME.apply(s, GAME.legal_actions(s)[0])
    d = s["draw"]
    assert d["by"] == pet["id"] and d["deck"] == "p1" and owner(s) == "player:p1" and s["combat"]["minor"]
    assert GAME.view(s, "player:p1")["draw"]["cards"] == d["cards"]
    s = GAME.apply(s, {"type": "accept"})
    assert s["draw"] is None
    GAME.check_state(s)


def test_review2_15_pg_fate_cards_4_3_each_hit_keeps_its_own_window():
    """PG, Fate Cards 4.3: "before the end of the Player's next turn after receiving damage"
    is counted per damage (review dofa-phone-2-2026-11-27 #15): a hit taken during her turn
    does not keep open the window of a hit taken before it. At the end of her turn the
    earlier hit can no longer be ignored; the later one can, until the end of her next."""
    from pocketdeck.systems.dofa_gm import turns
    checked = 0
    for seed in (5, 6, 7, 8, 9, 10):
        s = engine_fight(seed)
        if (turns.current(s) or {}).get("id") == "p1":
            continue                                   # the first hit must come before her turn
        s = GAME.apply(s, {"type": "focus", "who": "p1"})
        s = GAME.apply(s, {"type": "damage", "who": "p1", "amount": 1, "bypass": True})   # before her turn
        for _ in range(60):                             # on to her turn
            if (turns.current(s) or {}).get("id") == "p1":
                break
            legal = GAME.legal_actions(s)
            s = GAME.apply(s, {"type": "end_turn"} if {"type": "end_turn"} in legal else
                           next(a for a in legal if a["type"] in ("save", "phone_draw", "accept", "keep_tc")))
        if (turns.current(s) or {}).get("id") != "p1" or ann(s)["hp"] < 3:
            continue
        hit = {"type": "damage", "who": "p1", "amount": 2, "bypass": True}   # during her turn (she is the focus)
        if hit not in GAME.legal_actions(s):
            hit["bypass"] = False
        s = GAME.apply(s, hit)
        assert GAME.view(s, "player:p1")["tough"] == 3
        legal = GAME.legal_actions(s)
        while {"type": "end_turn"} not in legal:
            s = GAME.apply(s, next(a for a in legal if a["type"] in ("save", "phone_draw", "accept", "keep_tc")))
            legal = GAME.legal_actions(s)
        s = GAME.apply(s, {"type": "end_turn"})
        assert GAME.view(s, "player:p1").get("tough") == 2, seed   # only the later hit's 2 are left
        assert any(a["type"] == "toughen_up" for a in GAME.legal_actions(s))
        checked += 1
    assert checked >= 2


def test_review2_15_a_game_saved_with_one_pool_reads_it_as_one_hit():
    """A game saved before each hit kept its window holds one pool and one flag
    (``tough_wait``): it is read as one hit with that flag, and a later hit keeps its own."""
    from pocketdeck.systems.dofa_gm import fate
    s = engine_fight(5)
    x = ann(s)
    s["tough"], x["tough_wait"] = {"p1": 2}, True      # taken during her last turn
    fate.turn_began(s, x)                               # her next turn begins: its end closes it
    fate.took(s, x, 1)                                  # a hit during this turn
    assert x["tough_hits"] == [[2, False], [1, True]] and s["tough"]["p1"] == 3 and "tough_wait" not in x
    fate.turn_ended(s, x)
    assert x["tough_hits"] == [[1, True]] and s["tough"]["p1"] == 1
