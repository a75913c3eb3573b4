"""Issue 29, the DofA bullet: every draw the GM typed in for a player whose phone joined is
drawn on that phone (systems/dofa_gm/phone.py): the Target Card at initiative, an attack,
a Knocked Out draw. The GM's table opens the entry as before; for such a player its one
legal action is ``phone_draw``, their seat's; the cards come from the Action Deck the host
keeps for them and the host's own code applies them. Rules: docs/rules/dofa.md, "The
player's phone at the GM's table"."""

from __future__ import annotations

import json

from test_table_link_dofa import GM, gm, guest_view, joined, refused, session

from pocketdeck.systems.dofa.checkflow import grade, kept
from pocketdeck.systems.dofa_gm import turns
from pocketdeck.systems.dofa_gm.rules import owner
from pocketdeck.ui.table_link import screens as table_screens

from pocketdeck.systems.dofa import GAME as DOFA
from pocketdeck.systems.dofa_gm.sheetlink import player_from_state

# Ann with her sheet's modifiers (as a phone joined with its sheet seats her): the draws
# with a modifier are hers to draw; typed in by numbers only, she keeps reporting them
SHEET = dict(player_from_state(DOFA.new_game(DOFA.default_options(), 3)), name="Ann")
FIGHT = {"system": "dofa-gm", "options": dict(GM["options"], players=[SHEET], foes=["Grunt"])}
TYPED = {"system": "dofa-gm", "options": dict(GM["options"], foes=["Grunt"])}


def mine(w) -> list[dict]:
    return [a["action"] for a in guest_view(w)["actions"]]


def initiative(w) -> str:
    """PG, Taking Turns: the fight begins; Ann's Target Card is drawn on her phone."""
    s = session(w)
    gm(w, {"type": "start_combat"})
    assert {"type": "player_tc", "who": "p1"} in s.game.legal_actions(s.state)
    gm(w, {"type": "player_tc", "who": "p1"})
    assert owner(s.state) == "player:p1" and mine(w) == [{"type": "phone_draw"}]
    assert 'data-action="play"' not in w.host.render(), "the GM waits for the phone"
    w.tap("guest", "play", json.dumps({"type": "phone_draw"}))
    # PG, Fate Cards 3: holding Fate Cards, she may redraw it; the table waits until she keeps it
    assert {"type": "keep_tc", "who": "p1"} in mine(w)
    w.tap("guest", "play", json.dumps({"type": "keep_tc", "who": "p1"}))
    return next(a for a in s.state["actors"] if a["id"] == "p1")["tc"]


def test_the_initiative_target_card_is_drawn_on_the_players_phone_from_their_own_deck():
    w = joined(FIGHT)
    s = session(w)
    tc = initiative(w)
    assert tc and s.state["decks"]["p1"]["tcs"] == {"p1": tc}
    assert s.state["combat"]["stage"] == "turns" and "p1" in s.state["combat"]["order"]
    assert f"Ann's Target Card: {turns.entry_name(tc)}." in guest_view(w)["log"]
    assert table_screens.hosting(w.host).guests["p1"].refused == 0


def to_anns_turn(w) -> None:
    s = session(w)
    for _ in range(60):
        cur = turns.current(s.state)
        if cur and cur["id"] == "p1" and s.state["draw"] is None and s.state["entry"] is None:
            return
        legal = s.game.legal_actions(s.state)
        pick = next((a for a in legal if a["type"] in ("accept", "end_turn")), legal[0])
        gm(w, pick)
    raise AssertionError("Ann's turn never came")


def test_an_attack_is_drawn_on_the_phone_and_graded_by_the_hosts_code_with_the_ar_hidden():
    w = joined(FIGHT)
    s = session(w)
    initiative(w)
    to_anns_turn(w)
    grunt = next(a for a in s.state["actors"] if a["kind"] != "player")
    hp, ap = grunt["hp"], grunt["ap"]
    gm(w, {"type": "player_attack", "who": "p1", "target": grunt["id"]})
    assert mine(w)[:2] == [{"type": "phone_draw", "skill": "Finesse"}, {"type": "phone_draw", "skill": "Brute"}]
    w.tap("guest", "play", json.dumps({"type": "phone_draw", "skill": "Finesse"}))
    d = dict(s.state["draw"])
    assert d["kind"] == "attack" and d["deck"] == "p1" and d["hidden"] and d["dr"] == grunt["ar"]
    seen = guest_view(w)["draw"]
    assert seen["cards"] == d["cards"] and seen.get("dr") is None and seen.get("effective") is None
    w.tap("guest", "play", json.dumps({"type": "accept"}))
    assert s.state["draw"] is None and s.state["combat"]["acted"]
    line = s.state["log"][-1] if "Ann" in s.state["log"][-1] else next(x for x in reversed(s.state["log"]) if "Ann" in x)
    assert "(DR hidden)" in line and "EDR" not in "".join(guest_view(w)["log"][-3:])
    after = next(a for a in s.state["actors"] if a["id"] == grunt["id"])
    result = grade(d, kept(d))  # the GM's own grading of the kept card at the hidden AR
    assert (after["hp"] + after["ap"] < hp + ap) == bool(result["success"])


def test_while_the_phone_draws_the_gms_tap_and_an_illegal_action_are_refused():
    w = joined(FIGHT)
    s = session(w)
    gm(w, {"type": "start_combat"}, {"type": "player_tc", "who": "p1"})
    before = list(s.actions)
    w.host.handle("play", json.dumps({"type": "phone_draw"}))
    assert s.actions == before and "own phone" in w.host.flash[1]
    for bad in ({"type": "entry_rank", "rank": "K"}, {"type": "entry_done"}, {"type": "phone_draw", "card": "AS"}):
        same, eff = refused(w, json.dumps({"t": "act", "a": bad}))
        assert same and "not a legal action" in eff[0][1], bad
    w.clock += 2
    w.tap("guest", "play", json.dumps({"type": "phone_draw"}))
    w.tap("guest", "play", json.dumps({"type": "keep_tc", "who": "p1"}))
    assert s.state["combat"]["stage"] == "turns"


def test_a_player_typed_in_without_a_phone_still_types_their_card():
    """No phone joined: the GM's entry is as before (rank, suit)."""
    from pocketdeck.systems.dofa_gm import GAME
    s = GAME.new_game(FIGHT["options"], 3)
    s = GAME.apply(GAME.apply(s, {"type": "start_combat"}), {"type": "player_tc", "who": "p1"})
    legal = GAME.legal_actions(s)
    assert {"type": "phone_draw"} not in legal and any(a["type"] == "entry_rank" for a in legal)


def test_a_phone_without_the_sheets_modifiers_draws_its_target_card_and_reports_the_rest():
    """Choice (docs/rules/dofa.md): a Target Card needs no modifier, so every joined phone
    draws it; an attack, a save or a Knocked Out draw adds the sheet's modifier, which a
    player typed in by numbers (AGL only) has not: the GM types in their report as before."""
    w = joined(TYPED)
    s = session(w)
    initiative(w)
    to_anns_turn(w)
    grunt = next(a for a in s.state["actors"] if a["kind"] != "player")
    gm(w, {"type": "player_attack", "who": "p1", "target": grunt["id"]})
    assert owner(s.state) == "gm" and any(a["type"] == "entry_rank" for a in s.game.legal_actions(s.state))


def test_the_phone_screens_say_what_to_draw_and_the_gm_sees_who_draws():
    w = joined(FIGHT)
    gm(w, {"type": "start_combat"}, {"type": "player_tc", "who": "p1"})
    page = w.guest.render()
    assert "Your Target Card for the fight" in page and "Draw your Target Card" in page
    assert page.count("data-prompt") == 1 and 'data-action="play"' in page
    assert "draws it on their own phone" in w.host.render()


def test_a_save_is_drawn_on_the_phone_and_applied_by_the_hosts_code():
    """PG, Saves: a save the GM tapped in as made or failed is drawn on the phone instead:
    against the player's TC, from their deck, graded and applied by turns.save_done."""
    from pocketdeck.systems.dofa_gm import GAME
    s = GAME.new_game(FIGHT["options"], 5)
    for a in ({"type": "phone", "who": "p1"}, {"type": "start_combat"}, {"type": "player_tc", "who": "p1"},
              {"type": "phone_draw"}, {"type": "keep_tc", "who": "p1"}):
        s = GAME.apply(s, a)
    grunt = next(a for a in s["actors"] if a["kind"] != "player")
    turns.effect_save(s, next(a for a in s["actors"] if a["id"] == "p1"), ("CON", 3, "Stunned", 0, 0), grunt["id"])
    legal = GAME.legal_actions(s)
    assert {"type": "save", "who": "p1", "status": "Stunned"} in legal
    assert not any(a["type"] == "save_result" for a in legal)
    s = GAME.apply(s, {"type": "save", "who": "p1", "status": "Stunned"})
    assert owner(s) == "player:p1" and GAME.legal_actions(s) == [{"type": "phone_draw"}]
    s = GAME.apply(s, {"type": "phone_draw"})
    d = s["draw"]
    assert d["kind"] == "save" and d["deck"] == "p1" and d["dr"] == 3 and owner(s) == "player:p1"
    ok = bool(grade(d, kept(d))["success"])
    s = GAME.apply(s, {"type": "accept"})
    ann = next(a for a in s["actors"] if a["id"] == "p1")
    assert s["due"] == [] and (any(st["name"] == "Stunned" for st in ann["statuses"]) != ok)


def test_every_change_of_the_players_sheet_reaches_their_phone_as_the_hosts_values():
    """Issue 29: HP, AP, PP, conditions and Fate on the sheet are the host's game: after
    every move of a random fight (the GM's by the system's own policy, Ann's from her
    phone's view) her phone shows exactly the host's values, and they changed along the
    way (damage, a Fate Card spent or a condition) with nothing typed in."""
    from pocketdeck.core.rng import Rng
    import random
    w = joined({"system": "dofa-gm", "options": dict(GM["options"], players=[SHEET], foes=["Grunt", "Grunt"])})
    s = session(w)
    rng, pick = Rng(7), random.Random(7)
    seen = set()
    for _ in range(250):
        if s.game.is_over(s.state) or not s.state["combat"] and any(
                a["kind"] != "player" and not a["out"] and a["hp"] <= 0 for a in s.state["actors"]):
            break
        if owner(s.state) == "player:p1":
            w.tap("guest", "play", json.dumps(pick.choice(guest_view(w)["actions"])["action"]))
        else:
            legal = [a for a in s.game.legal_actions(s.state) if a["type"] != "end_session"]
            if not legal:
                break
            hers = [a for a in legal if a["type"] in ("player_attack", "save", "ko_card") and a.get("who", "p1") == "p1"]
            a = pick.choice(hers) if hers and pick.random() < 0.8 else s.game.sim_choose(s.state, legal, rng)
            w.tap("host", "play", json.dumps(a))  # the GM opens what Ann says she does
        s.game.check_state(s.state)  # decks whole, no hidden DR on a player's seat
        ann = next(a for a in s.state["actors"] if a["id"] == "p1")
        me = next(a for a in guest_view(w)["actors"] if a["id"] == "p1")
        host = (ann["hp"], ann["ap"], ann["pp"], [st["name"] for st in ann["statuses"]], s.state["decks"]["p1"]["fate"])
        phone = (me["hp"], me["ap"], me["pp"], [st["name"] for st in me["statuses"]], guest_view(w)["deck"]["fate"])
        assert phone == host
        seen.add(json.dumps(host))
    assert len(seen) > 2, "the sheet never changed"
    assert [a["type"] for a in s.actions].count("phone_draw") >= 2, "the phone drew its own cards"
    assert table_screens.hosting(w.host).guests["p1"].refused == 0


# -- the review of 2026-11-27 (docs/reviews/dofa-phone-2026-11-27.md), differences 1-3 --

def test_review_1_pg_saves_a_save_drawn_on_the_phone_before_any_target_card_draws_one_first():
    """PG, Saves: "draw a Check against their own TC" (drawn first if they hold none). A save
    falling due at combat start, before Ann's initiative card, drew its TC into her deck but
    left her seat's TC empty: the draw ran against no card and every view then failed."""
    from pocketdeck.systems.dofa_gm import GAME
    s = GAME.new_game(FIGHT["options"], 5)
    for a in ({"type": "phone", "who": "p1"}, {"type": "start_combat"}):
        s = GAME.apply(s, a)
    ann = next(a for a in s["actors"] if a["id"] == "p1")
    grunt = next(a for a in s["actors"] if a["kind"] != "player")
    turns.effect_save(s, ann, ("CON", 3, "Stunned", 0, 0), grunt["id"])
    s = GAME.apply(s, {"type": "save", "who": "p1", "status": "Stunned"})
    s = GAME.apply(s, {"type": "phone_draw"})
    ann = next(a for a in s["actors"] if a["id"] == "p1")
    assert ann["tc"] and s["draw"]["tc"] == ann["tc"] == s["decks"]["p1"]["tcs"]["p1"]
    for seat in GAME.seats(s):
        GAME.view(s, seat)
    GAME.check_state(s)
    s = GAME.apply(s, {"type": "accept"})
    assert s["due"] == []


def test_review_2_pg_health_and_armor_a_sheet_taken_at_the_table_heals_no_one():
    """PG, Health and Armor and Rests: HP come back at a Full Rest, not by joining with a
    sheet. A seat hurt at the table keeps what it lost when its phone brings the sheet, and
    a seat Knocked Out stays at 0 HP."""
    from pocketdeck.systems.dofa_gm import GAME, table
    s = GAME.new_game(TYPED["options"], 5)
    ann = next(a for a in s["actors"] if a["id"] == "p1")
    ann.update(hp=ann["hp_max"] - 2, ap=0, pp=max(0, ann["pp_max"] - 1))
    table.seat_sheet(ann, SHEET)
    assert (ann["hp_max"] - ann["hp"], ann["ap"], ann["pp_max"] - ann["pp"]) == (2, 0, min(1, ann["pp_max"]))
    ann.update(hp=1, hp_max=99)  # lost more than the sheet's whole HP: still standing
    table.seat_sheet(ann, SHEET)
    assert ann["hp"] == 1 and not ann["ko"]
    GAME.check_state(s)
    ann.update(hp=0, ko=True)
    table.seat_sheet(ann, SHEET)
    assert ann["hp"] == 0 and ann["ko"]
    GAME.check_state(s)


def test_review_3_a_creatures_ar_and_hp_never_reach_a_players_phone():
    """GMG: a creature's numbers are the GM's. Its joining line reaches a player's seat
    without them, and the GM's edit of its AR not at all; a party member's lines are kept."""
    from pocketdeck.systems.dofa_gm import GAME
    from pocketdeck.systems.dofa_gm.fight import public_line
    s = GAME.new_game(FIGHT["options"], 5)
    grunt = next(a for a in s["actors"] if a["kind"] != "player")
    s = GAME.apply(s, {"type": "phone", "who": "p1"})
    seen = GAME.view(s, "player:p1")["log"]
    assert any(line.startswith(f"{grunt['name']} joins (") for line in seen)
    assert not any(f"AR {grunt['ar']}" in line and grunt["name"] in line for line in seen), seen
    assert public_line(f"The GM sets {grunt['name']}'s AR to 2.", {"Ann"}) is None
    assert public_line("The GM sets Ann's HP MAX to 7.", {"Ann"}) == "The GM sets Ann's HP MAX to 7."


def test_review_5_pg_hidden_an_attack_drawn_on_the_phone_ends_hidden_after_its_upper_hand():
    """PG, Hidden: no longer Hidden once the creature "Uses a Power" (an attack is one,
    04_Powers Weapon Attack); the attack itself keeps the Upper Hand, as turns.do_attack."""
    from pocketdeck.systems.dofa_gm import fight as ft
    w = joined(FIGHT)
    s = session(w)
    initiative(w)
    to_anns_turn(w)
    ann = next(a for a in s.state["actors"] if a["id"] == "p1")
    ft.add_status(s.state, ann, "Hidden", None)
    grunt = next(a for a in s.state["actors"] if a["kind"] != "player")
    gm(w, {"type": "player_attack", "who": "p1", "target": grunt["id"]})
    w.tap("guest", "play", json.dumps({"type": "phone_draw", "skill": "Brute"}))
    ann = next(a for a in s.state["actors"] if a["id"] == "p1")
    assert ft.status(ann, "Hidden") is None
    assert s.state["draw"]["hand"] >= 1, s.state["draw"]
