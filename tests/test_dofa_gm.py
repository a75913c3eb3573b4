"""Deck of Adventures part 2, the GM's table (``dofa-gm``): the books' Epic Event examples,
initiative and its ties, the decks' reshuffle rules, illegal actions, the solo skirmish.
Sections are the GM's Guide's (GMG) and the Full Player's Guide's (PG)."""

from __future__ import annotations

import json

import pytest

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.dofa import checks as ck
from pocketdeck.systems.dofa_gm import decks as dk
from pocketdeck.systems.dofa_gm import entry
from pocketdeck.systems.dofa_gm import fight as ft
from pocketdeck.systems.dofa_gm.fight import actor, order
from pocketdeck.systems.dofa_gm import contests, draws, policy, turns
from pocketdeck.ui.html import esc

GAME = get_game("dofa-gm")


def player(name: str, agl: int = 0) -> dict:
    return {"name": name, "hp": 10, "ap": 2, "ar": 1, "agl": agl, "pp": 3}


def new(names=("Xena", "Elise", "Genesis"), foes=(), seed: int = 3, agl=None) -> dict:
    agl = agl or [0] * len(names)
    return GAME.new_game({"players": [player(n, a) for n, a in zip(names, agl)],
                          "foes": list(foes)}, seed)


def play(s: dict, *actions: dict) -> dict:
    for a in actions:
        s = GAME.apply(s, a)
        GAME.check_state(s)
    return s


def stack(s: dict, deck: str, *top: str) -> dict:
    """Put ``top`` on top of ``deck``'s draw pile (first listed drawn first), all cards kept."""
    s = json.loads(json.dumps(s))
    d = s["decks"][deck]
    d["discard"] = [c for c in d["discard"] if c not in top]
    d["draw"] = [c for c in d["draw"] if c not in top] + list(reversed(top))
    GAME.check_state(s)
    return s


def report(s: dict, card: str, mod: int = 0) -> dict:
    """The GM types in the card a player drew on their own phone, and their modifier."""
    return play(s, {"type": "entry_rank", "rank": card[:-1]}, {"type": "entry_suit", "suit": card[-1]},
                *([{"type": "entry_mod", "mod": mod}] if mod else []), {"type": "entry_done"})


# -- the books' examples, graded by the player's check code ---------------------------------------
@pytest.mark.parametrize("card, tc, dr, mod, hit", [
    ("3S", "4H", 4, 0, False),   # PG, Epic Events: within the DR, not a Suited Match
    ("9H", "4H", 4, 1, True),    # PG: Elise's 9 of Hearts at +1, a Suited Match
    ("QS", "KS", 3, 0, True),    # PG: the GM's Q of Spades on the K of Spades, a failure
    ("6H", "9H", 3, 2, True),    # GMG, An Example of an Epic Event: the Defender
    ("3D", "7C", 2, 1, False),   # GMG: the Support's 3 of Diamonds, a miss
    ("6S", "7C", 2, 0, False),   # GMG: the GM's 6 of Spades at +0, also a miss
    ("5C", "7C", 2, 1, True),    # GMG: the Support's 5 of Clubs, a success
    ("KS", "JS", 2, 0, True),    # GMG: the GM's King of Spades on the Jack, the first failure
])
def test_the_books_epic_event_draws(card, tc, dr, mod, hit):
    assert entry.suited_hit(entry.grade_drawn(card, tc, dr, mod)) is hit


def test_a_major_of_another_suit_is_no_suited_hit():
    deg = entry.grade_drawn("4S", "4H", 2, 0)
    assert ck.is_success(deg) and not entry.suited_hit(deg)


# -- an Epic Event at the table, the PG's earthquake ---------------------------------------------
def begin_epic(s: dict, tcs: int, need: int, limit: int = 3) -> dict:
    s = play(s, {"type": "epic_setup"})
    ep = s["epic"]
    if tcs != ep["tcs"]:
        s = play(s, {"type": "epic_tcs", "n": tcs})
    if need != s["epic"]["need"]:
        s = play(s, {"type": "epic_need", "n": need})
    if limit != s["epic"]["limit"]:
        s = play(s, {"type": "epic_limit", "n": limit})
    return play(s, {"type": "epic_begin"})


def test_the_pg_earthquake_runs_as_the_book_tells():
    s = stack(new(), "world", "4H", "KS", "5D", "2C", "QS")
    s = begin_epic(s, tcs=3, need=2)
    s = play(s, {"type": "epic_reveal"}, {"type": "epic_dr", "dr": 4})
    assert s["epic"]["tc"] == "4H"
    s = play(s, {"type": "epic_join", "who": "p1"}, {"type": "epic_join", "who": "p2"}, {"type": "epic_go"})
    s = play(s, {"type": "epic_card"})
    s = report(s, "3S")                       # Xena: within the DR, no Suited Match
    assert s["epic"]["successes"] == 0 and s["epic"]["at"] == 1
    s = report(play(s, {"type": "epic_card"}), "9H", 1)   # Elise: a Suited Match
    assert s["epic"]["successes"] == 1 and s["epic"]["stage"] == "tc"
    s = play(s, {"type": "epic_reveal"}, {"type": "epic_dr", "dr": 3})
    assert s["epic"]["tc"] == "KS"
    # no player for two TCs in a row: Xena and Elise may not volunteer, Genesis may
    joins = [a["who"] for a in GAME.legal_actions(s) if a["type"] == "epic_join"]
    assert joins == ["p3"]
    with pytest.raises(IllegalAction, match="two TCs in a row"):
        GAME.apply(s, {"type": "epic_join", "who": "p1"})
    s = play(s, {"type": "epic_join", "who": "p3"}, {"type": "epic_go"}, {"type": "epic_card"})
    s = report(s, "2H")                        # Genesis misses ...
    s = play(s, {"type": "epic_gm_draw"})      # ... the GM's 5 of Diamonds misses ...
    s = report(play(s, {"type": "epic_card"}), "7D")
    s = play(s, {"type": "epic_gm_draw"})      # ... 2 of Clubs ...
    s = report(play(s, {"type": "epic_card"}), "8C")
    before = s["epic"]["failures"]
    s = play(s, {"type": "epic_gm_draw"})      # ... the GM's Q of Spades: the first failure
    assert (before, s["epic"]["failures"], s["epic"]["done"]) == (0, 1, 2)
    assert GAME.card_total(s) == 104


def test_three_failures_end_an_epic_event_and_the_limit_is_the_gms():
    s = begin_epic(new(), tcs=5, need=3)
    s = stack(s, "world", "KS", "QS", "JS", "10S", "9S", "8S")  # TC, the GM's draw, ...
    for who in ("p1", "p2", "p3"):
        s = play(s, {"type": "epic_reveal"}, {"type": "epic_dr", "dr": 2},
                 {"type": "epic_join", "who": who}, {"type": "epic_go"}, {"type": "epic_card"})
        s = report(s, "2D")
        s = play(s, {"type": "epic_gm_draw"})
    assert s["epic"]["failures"] == 3 and s["epic"]["result"] == "failure"
    assert s["epic"]["stage"] == "over"
    # the GM may say otherwise: with the limit at 4, three failures go on
    s = stack(new(), "world", "KS", "QS", "JS", "10S", "9S", "8S")
    s = begin_epic(s, tcs=5, need=3, limit=4)
    assert "The GM overrides the book's 3 failures: 4." in s["log"]   # the override is logged
    for who in ("p1", "p2", "p3"):
        s = play(s, {"type": "epic_reveal"}, {"type": "epic_dr", "dr": 2},
                 {"type": "epic_join", "who": who}, {"type": "epic_go"}, {"type": "epic_card"})
        s = report(s, "2D")
        s = play(s, {"type": "epic_gm_draw"})
    assert s["epic"]["failures"] == 3 and s["epic"]["result"] is None


def test_no_power_is_offered_during_an_epic_event():
    s = begin_epic(new(), tcs=1, need=1)
    s = play(s, {"type": "epic_reveal"}, {"type": "epic_dr", "dr": 3},
             {"type": "epic_join", "who": "p1"}, {"type": "epic_go"})
    assert not [a for a in GAME.legal_actions(s) if a["type"] == "power"]


# -- initiative (PG, Taking Turns 1) ---------------------------------------------------------------
def test_initiative_ace_first_then_kings_down_and_the_ties():
    s = new(("Ann", "Bo", "Cy"), foes=["Grunt", "Guard"], agl=[0, 2, 0])
    s = play(s, {"type": "start_combat"})
    assert s["combat"]["stage"] == "initiative"
    npc = s["decks"]["npc"]
    g1, g2 = [a["id"] for a in s["actors"] if a["side"] == "foes"]
    # the creatures' TCs: an Ace and a 9 (set in the deck, conserving it)
    for holder, card in ((g1, "9C"), (g2, "AD")):
        old = npc["tcs"][holder]
        where = next(p for p in ("draw", "discard") if card in npc[p])
        npc[where][npc[where].index(card)] = old
        npc["tcs"][holder] = card
    GAME.check_state(s)
    for who, card in (("p1", "9H"), ("p2", "9S"), ("p3", "KD")):
        s = play(s, {"type": "player_tc", "who": who})
        s = report(s, card)
    # Ace, King, then the 9s: players before the enemy, the higher Agility first
    assert s["combat"]["order"] == [g2, "p3", "p2", "p1", g1]
    assert s["combat"]["stage"] == "turns"


def test_equal_players_keep_the_order_they_joined():
    s = new(("Ann", "Bo"), foes=["Grunt"])
    s = play(s, {"type": "start_combat"})
    for who in ("p2", "p1"):
        s = play(s, {"type": "player_tc", "who": who})
        s = report(s, "5" + ("H" if who == "p1" else "S"))
    assert order(s)[:2] == ["p1", "p2"]


def test_a_surprise_round_only_for_the_surprising_side():
    s = new(("Ann",), foes=["Grunt"])
    s = play(s, {"type": "start_combat", "surprise": "foes"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "AS")
    c = s["combat"]
    assert c["round"] == 0 and [actor(s, i)["side"] for i in c["order"]] == ["foes"]


# -- the GM's decks (GMG, Game Master Resources) --------------------------------------------------
def test_the_npc_deck_is_reshuffled_before_each_combat():
    s = new(("Ann",), foes=["Grunt"])
    s["decks"]["npc"]["discard"] = s["decks"]["npc"]["draw"][:10]
    del s["decks"]["npc"]["draw"][:10]
    s = play(s, {"type": "start_combat"})
    npc = s["decks"]["npc"]
    assert npc["discard"] == [] and len(npc["draw"]) == 52 - len(npc["tcs"])


def test_the_world_deck_is_reshuffled_when_empty_only():
    s = new()
    world = s["decks"]["world"]
    world["discard"], world["draw"] = world["draw"][1:], world["draw"][:1]
    rng = Rng(5)
    first = dk.take(world, rng)
    assert world["reshuffles"] == 0 and world["draw"] == [] and len(world["discard"]) == 51
    dk.take(world, rng)
    assert world["reshuffles"] == 1 and len(world["draw"]) == 50 and first in world["drawing"]


def test_a_dealer_keeps_its_own_deck_and_one_fate_card_minions_share_the_npc_deck():
    s = new(("Ann",), foes=["Grunt", "Necromancer"])
    grunt, necro = [a for a in s["actors"] if a["side"] == "foes"]
    assert grunt["deck"] == "npc"
    own = s["decks"][necro["deck"]]
    assert necro["deck"] != "npc" and own["size"] == 53 and len(own["fate"]) == 1


# -- illegal actions leave the state unchanged and name the rule -----------------------------------
@pytest.mark.parametrize("bad", [
    {"type": "epic_dr", "dr": 3.0}, {"type": "epic_dr", "dr": 9}, {"type": "epic_dr", "dr": True},
    {"type": "epic_gm_draw"}, {"type": "start_combat"}, {"type": "epic_join", "who": "p9"}])
def test_illegal_actions_leave_the_state_unchanged(bad):
    s = play(begin_epic(new(), tcs=2, need=1), {"type": "epic_reveal"})
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction):
        GAME.apply(s, bad)
    assert json.dumps(s, sort_keys=True) == before


def test_a_save_due_first_is_named():
    s = new(("Ann",), foes=["Grunt"])
    s["due"] = [{"who": "p1", "name": "Poisoned", "when": "start"}]
    with pytest.raises(IllegalAction, match="save is due"):
        GAME.apply(s, {"type": "end_turn"})


def test_options_are_checked():
    with pytest.raises(IllegalAction, match="HP"):
        GAME.new_game({"players": [dict(player("A"), hp=2.5)]}, 1)
    with pytest.raises(IllegalAction, match="skirmish needs"):
        GAME.new_game({"mode": "skirmish", "party": [], "foes": ["Grunt"]}, 1)


# -- the solo skirmish: whole fights, every seat's view and the screen on every step --------------
def test_skirmishes_play_to_the_end_with_the_screen_drawn():
    from pocketdeck.core.simulate import simulate
    from pocketdeck.ui.check import render_check
    summary = simulate("dofa-gm", 12, 7, observers=[render_check])
    assert summary["errors"] == 0, summary["failures"]
    assert sum(summary["outcomes"].values()) == 12


# -- content (content/dofa-gm, checked at build time) ---------------------------------------------
def test_the_bestiary_and_items_are_checked():
    from pocketdeck import content
    assert content.check("dofa-gm/bestiary.toml", {"source": {"origin": "x", "licence": "y"}})
    bad = content.check("dofa-gm/items.toml", {"source": {"origin": "x", "licence": "y"},
                                                "item": [{"id": "rope"}]})
    assert bad
    from pocketdeck.systems.dofa_gm import bestiary as bs
    assert len(bs.creatures()) == 24


# -- damage, Knocked Out, bosses, statuses (PG, Health and Armor; Epic Events; GMG, Bosses) -------
def test_damage_takes_ap_first_and_zero_hp_knocks_a_player_out():
    s = new(("Ann",), foes=["Grunt"])
    ann = actor(s, "p1")
    ft.hurt(s, ann, 3, Rng(1))
    assert (ann["ap"], ann["hp"]) == (0, 9)
    ft.hurt(s, ann, 20, Rng(1))
    assert ann["hp"] == 0 and ann["ko"] is not None and not ann["dead"]
    grunt = next(a for a in s["actors"] if a["side"] == "foes")
    ft.hurt(s, grunt, 99, Rng(1))
    assert grunt["ko"] is not None and not grunt["out"] and not grunt["dead"]


# PG, Health and Armor: "If a character is wounded beyond their health pool, they are Knocked
# Out"; Ending Combat: "When the last enemy combatant has been Knocked Out ... Combat is over";
# Epic Events: "When a Dealer is Knocked Out in combat, their subsequent turns are replaced
# with Epic Event TCs". Creatures are played through Knocked Out: a Minion cannot act until
# treated or healed, the GM's Dealer plays the Epic Event and can die.
def _turn_of(s: dict, who: str) -> dict:
    for _ in range(40):
        c = s["combat"]
        if c["order"][c["at"]] == who and not s["due"] and s["draw"] is None:
            return s
        legal = GAME.legal_actions(s)
        pick = next((a for a in legal if a["type"] in ("accept", "save", "end_turn")), None)
        s = play(s, pick or next(a for a in legal if a["type"] == "save_result"))
    raise AssertionError("the turn never came")


def test_a_knocked_out_minion_stays_in_the_fight_unable_to_act_until_treated():
    s = play(new(("Ann",), foes=["Grunt", "Guard"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")
    ft.hurt(s, grunt, 99, Rng(1))
    assert grunt["ko"] and not ft.standing(grunt) and ft.in_fight(grunt)
    assert "unable to act until treated" in s["log"][-1]
    s = _turn_of(s, grunt["id"])
    turn = ("ko_draw", "ko_card", "end_turn", "delay", "ready", "attack", "power")
    assert [a["type"] for a in GAME.legal_actions(s) if a["type"] in turn] == ["end_turn"]
    view = GAME.view(s, "gm")
    assert any(a["name"] == "Grunt" and a["ko"] for a in view["actors"])
    s = play(s, {"type": "focus", "who": grunt["id"]}, {"type": "treated", "who": grunt["id"]})
    grunt = actor(s, grunt["id"])
    assert grunt["ko"] is None and grunt["hp"] == 1 and ft.standing(grunt)


def test_a_knocked_out_dealer_creature_plays_the_epic_event_and_can_die():
    # a Grunt still stands: the last enemy Knocked Out ends combat (PG, Ending Combat)
    s = play(new(("Ann",), foes=["Captain, Defender", "Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    cap = next(a for a in s["actors"] if a["side"] == "foes")
    assert cap["kind"] == "dealer"
    ft.hurt(s, cap, 99, Rng(1))
    assert "Epic Event draws" in s["log"][-1]
    s = _turn_of(s, cap["id"])
    assert {"type": "ko_draw"} in GAME.legal_actions(s)
    s = play(s, {"type": "ko_draw"})
    assert s["draw"]["kind"] == "epic" and s["draw"]["stat"] == "VIT" and s["draw"]["dr"] == 4
    cap = actor(s, cap["id"])
    ft.ko_result(s, cap, 5, False)
    ft.ko_result(s, cap, 6, False)
    assert cap["dead"] and not ft.in_fight(cap)


def test_a_knocked_out_companion_plays_no_epic_event():
    s = play(new(("Ann",), foes=["Grunt"]), {"type": "panel", "panel": "add"},
             {"type": "add_creature", "id": "Wolf"})
    wolf = next(a for a in s["actors"] if a["source"] == "Wolf")
    assert wolf["side"] == "party" and not ft.plays_ko_event(wolf)
    ft.hurt(s, wolf, 99, Rng(1))
    assert wolf["ko"] and "unable to act" in s["log"][-1]


def test_the_knocked_out_epic_event_two_failures_dead_a_major_wakes():
    s = new(("Ann", "Bo"))
    ann, bo = actor(s, "p1"), actor(s, "p2")
    for x in (ann, bo):
        ft.hurt(s, x, 99, Rng(1))
    ft.ko_result(s, ann, 3, True)
    ft.ko_result(s, ann, 4, False)
    ft.ko_result(s, ann, 5, False)
    assert ann["dead"]
    ft.ko_result(s, bo, 1, True)              # a Major: wakes with 1 HP
    assert bo["ko"] is None and bo["hp"] == 1
    assert ft.treat_dr(ann) == 5


def test_a_boss_phase_refills_hp_and_draws_a_new_target_card():
    # the Spider Queen: the Necromancer is Undying (stasis, no Epic Event; issue 27, item 14)
    s = play(new(("Ann",), foes=["Spider Queen"]), {"type": "start_combat"})
    boss = next(a for a in s["actors"] if a["kind"] == "boss")
    assert boss["phases"] == 2
    old = s["decks"][boss["deck"]]["tcs"][boss["id"]]
    ft.hurt(s, boss, 99, Rng(2))
    assert boss["phase"] == 2 and boss["hp"] == boss["hp_max"] and not boss["out"]
    assert s["decks"][boss["deck"]]["tcs"][boss["id"]] != old
    GAME.check_state(s)
    ft.hurt(s, boss, 99, Rng(2))
    assert boss["ko"] and not boss["out"] and ft.plays_ko_event(boss)   # a Dealer: the Epic Event


def test_a_status_with_rounds_counts_down_at_the_end_of_turns():
    s = new(("Ann",), foes=["Grunt"])
    ann = actor(s, "p1")
    ft.add_status(s, ann, "Entangled", 2)
    assert ft.end_of_turn(s, ann) is False and ft.status(ann, "Entangled")["rounds"] == 1
    ft.end_of_turn(s, ann)
    assert ft.status(ann, "Entangled") is None


def test_the_gms_override_of_the_suggested_dr_is_logged():
    s = play(new(("Ann",)), {"type": "call", "who": "p1"}, {"type": "call_aim", "aim": "hard"})
    assert s["call"]["suggested"] == 2
    s = play(s, {"type": "call_dr", "dr": 4})
    assert "overrides the suggested DR 2: DR 4" in s["log"][-1]


# -- a player joins from their phone's share link --------------------------------------------------
def test_a_player_joins_from_the_share_link_of_their_dofa_sheet():
    from pocketdeck.ui.app import App
    phone = App(seed_source=4)
    phone.handle("open", "dofa")
    phone.handle("new", json.dumps({"system": "dofa"}), {"character": "Spades2", "name": "Xena <3"})
    phone.handle("share", "")
    link = "https://example.org/#" + phone.share_link
    sheet = phone.sessions["dofa"].state
    gm = App(seed_source=5)
    gm.handle("open", "dofa-gm")
    gm.handle("new", json.dumps({"system": "dofa-gm"}), {"mode": "table", "link0": link, "foe0": "Grunt"})
    s = gm.sessions["dofa-gm"].state
    xena = actor(s, "p1")
    assert (xena["name"], xena["hp"], xena["ar"], xena["attrs"]["AGL"], xena["pp"]) == (
        "Xena <3", sheet["hp"], sheet["sheet"]["ar"], sheet["sheet"]["attrs"]["AGL"], sheet["pp"])
    assert "Xena &lt;3" in gm.render() and "Xena <3" not in gm.render()
    # a link of another game is refused by name, and no game starts
    deck = App(seed_source=6)
    deck.handle("open", "deck")
    deck.handle("new", json.dumps({"system": "deck"}), {})
    deck.handle("share", "")
    other = App(seed_source=5)
    other.handle("open", "dofa-gm")
    other.handle("new", json.dumps({"system": "dofa-gm"}), {"mode": "table", "link0": deck.share_link})
    assert "dofa-gm" not in other.sessions
    assert other.flash and "Share link 1" in other.flash[1] and "not a Deck of Adventures" in other.flash[1]


def test_a_group_of_minions_may_share_one_target_card_a_dealer_never():
    s = play(new(("Ann",), foes=["Grunt", "Grunt", "Necromancer"]), {"type": "start_combat"})
    g1, g2, boss = [a["id"] for a in s["actors"] if a["side"] == "foes"]
    s = play(s, {"type": "focus", "who": g2})
    assert {"type": "share_tc", "who": g2, "with": g1} in GAME.legal_actions(s)
    s = play(s, {"type": "share_tc", "who": g2, "with": g1})
    assert ft.tc_of(s, actor(s, g2)) == ft.tc_of(s, actor(s, g1))
    assert g2 not in s["decks"]["npc"]["tcs"] and GAME.card_total(s) == 104
    s = play(s, {"type": "focus", "who": boss})
    assert not [a for a in GAME.legal_actions(s) if a["type"] == "share_tc"]
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    order_ = s["combat"]["order"]
    assert abs(order_.index(g1) - order_.index(g2)) == 1
    # the next combat draws every Minion its own TC again
    s = play(s, {"type": "end_combat"}, {"type": "start_combat"})
    assert actor(s, g2)["shares"] is None and g2 in s["decks"]["npc"]["tcs"]


def test_a_tool_check_suggests_upper_hand_with_the_tool_lower_without():
    s = play(new(("Ann",)), {"type": "call", "who": "p1"}, {"type": "call_tool", "tool": "Locksmith Tools"})
    assert s["call"]["hand"] == -1 and "Lower Hand" in s["log"][-1]
    s = play(s, {"type": "call_hand", "hand": 0})
    assert "overrides the tool's suggestion" in s["log"][-1]
    s = play(new(("Ann",)), {"type": "panel", "panel": "ledger"}, {"type": "loot", "item": "Locksmith Tools"},
             {"type": "call", "who": "p1"}, {"type": "call_tool", "tool": "Locksmith Tools"})
    assert s["call"]["hand"] == 1
    s = play(s, {"type": "call_tool", "tool": None})
    assert s["call"]["hand"] == 0


def test_a_readied_action_goes_off_outside_the_turn_or_is_forfeited():
    s = GAME.new_game({"mode": "skirmish", "party": ["Spades2"], "foes": ["Grunt"]}, 4)
    c = s["combat"]
    me = c["order"][c["at"]]
    s = play(s, {"type": "ready"}, {"type": "end_turn"})
    assert s["combat"]["readied"] == [me]
    fire = [a for a in GAME.legal_actions(s) if a["type"] == "readied_attack"]
    assert fire and all(a["who"] == me for a in fire)
    fired = play(s, fire[0])
    assert fired["draw"] is not None and fired["combat"]["readied"] == []
    # not triggered before the owner's next turn: forfeited
    while s["combat"]["order"][s["combat"]["at"]] != me:
        legal = GAME.legal_actions(s)
        pick = next((a for a in legal if a["type"] in ("accept", "save", "end_turn")), None)
        pick = pick or next(a for a in legal if a["type"] == "save_result")
        s = play(s, pick)
    assert s["combat"]["readied"] == [] and "forfeited" in " ".join(s["log"][-4:])


# -- issue 27: the GM's table by the book -----------------------------------------------------------
def _players_attack(s: dict, target_source: str = "Grunt") -> tuple[dict, dict]:
    s = play(s, {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "AS")
    y = next(a for a in s["actors"] if a["source"] == target_source)
    s = _turn_of(s, "p1")
    return play(s, {"type": "player_attack", "who": "p1", "target": y["id"]}), y


@pytest.mark.parametrize("degree, extra, stunned", [(1, 1, False), (0, 1, True)])
def test_pg_in_combat_a_major_or_critical_reported_at_the_gms_table(degree, extra, stunned):
    """PG, In Combat: "A Major Success does 1 extra damage"; Status Conditions 1: a
    critical hit calls for the Stunned save. The GM taps the reported Major or Critical in
    one go on the attack's entry."""
    s, y = _players_attack(new(("Ann",), foes=["Captain, Defender"]), "Captain, Defender")
    hit = {"type": "entry_hit", "degree": degree}
    assert hit in GAME.legal_actions(s)
    hp = y["hp"] + y["ap"]
    s = play(s, hit)
    y = actor(s, y["id"])
    assert s["entry"] is None and hp - (y["hp"] + y["ap"]) == actor(s, "p1")["weapon"] + extra
    assert (ft.status(y, "Stunned") is not None) is stunned
    assert ("a Critical" if degree == 0 else "a Major") in " ".join(s["log"][-4:])


def _public(s: dict) -> str:
    return json.dumps([GAME.view(s, seat) for seat in GAME.seats(s)[1:]])


def test_pg_making_a_check_a_hidden_dr_stays_out_of_every_players_seat():
    """PG, Making a Check: the GM "can choose whether or not to reveal" the DR; kept hidden,
    no player's seat reads it, in its view or its log (the GM's log keeps it)."""
    s = play(new(("Ann",)), {"type": "call", "who": "p1"}, {"type": "call_aim", "aim": "hard"},
             {"type": "call_dr", "dr": 1}, {"type": "call_hidden", "on": True},
             {"type": "call_mod", "mod": 1}, {"type": "call_tc"})
    seen = _public(s)
    assert "suggests DR" not in seen and "DR 1" not in seen and "DR 2" not in seen
    assert any("suggests DR 2" in line for line in GAME.view(s, "gm")["log"])
    assert any("DR 1" in line for line in GAME.view(s, "gm")["log"])


def test_pg_making_a_check_a_premades_hidden_check_shows_no_edr_to_the_players():
    """The app draws a premade character's hidden check: the players' seats read its card
    and degree, never the EDR (which gives the DR away)."""
    s = GAME.new_game({"mode": "table", "players": [], "party": ["Diamonds1"], "foes": []}, 2)
    s = play(s, {"type": "call", "who": "p1"}, {"type": "call_stat", "stat": "INT"},
             {"type": "call_dr", "dr": 3}, {"type": "call_hidden", "on": True}, {"type": "call_tc"},
             {"type": "call_draw"}, {"type": "accept"})
    assert "EDR" in " ".join(GAME.view(s, "gm")["log"]) and "EDR" not in _public(s)


def test_pg_status_conditions_knocked_out_a_raised_max_hp_leaves_hp_at_zero():
    """PG, Status Conditions 5: a Knocked Out creature is unable to act until treated or
    healed; the GM raising its max HP does not give it HP (no Knocked Out with HP above 0)."""
    s = new(("Ann",), foes=["Grunt"])
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")
    ft.hurt(s, grunt, 99, Rng(1))
    s = play(s, {"type": "focus", "who": grunt["id"]},
             {"type": "edit", "who": grunt["id"], "field": "hp_max", "delta": 1})
    grunt = actor(s, grunt["id"])
    assert grunt["ko"] and grunt["hp"] == 0


def test_pg_taking_turns_a_creature_joining_mid_fight_takes_its_place_by_its_target_card():
    """PG, Taking Turns: TC "values represent the turn order (Ace first, then K, Q, etc.)";
    GMG, Initiating Combat: a TC for "any new enemies that appear throughout Combat". A
    creature joining with an Ace goes first from the next round (this round: among those
    still to act, by its TC)."""
    s = play(new(("Ann", "Bo"), foes=["Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "KS")
    s = report(play(s, {"type": "player_tc", "who": "p2"}), "2S")
    assert s["combat"]["order"][0] == "p1"
    s = stack(s, "npc", "AH")
    s = play(s, {"type": "panel", "panel": "add"}, {"type": "add_creature", "id": "Guard"})
    guard = next(a for a in s["actors"] if a["source"] == "Guard")["id"]
    order = s["combat"]["order"]
    assert order[:2] == ["p1", guard]              # this round: next, before the rest
    s = _turn_of(s, "p2")
    s = play(s, {"type": "end_turn"})
    s = _turn_of(s, guard)
    assert s["combat"]["round"] == 2 and s["combat"]["order"][0] == guard


def test_pg_taking_turns_a_player_joining_mid_fight_takes_its_place_by_its_target_card():
    s = play(new(("Ann",), foes=["Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    s = GAME.apply(s, {"type": "join", "player": player("Cy")})
    cy = s["actors"][-1]["id"]
    s = report(s, "AD")             # her Target Card, drawn as she joins (PG, Taking Turns 1)
    while s["combat"]["round"] == 1:
        s = _turn_of(s, s["combat"]["order"][s["combat"]["at"]])
        s = play(s, {"type": "end_turn"})
    assert s["combat"]["order"][0] == cy


def _run_out(s: dict, deck: str) -> dict:
    """Every card of ``deck``'s draw pile moved to its discard pile (the next draw reshuffles)."""
    s = json.loads(json.dumps(s))
    d = s["decks"][deck]
    d["discard"] += d["draw"]
    d["draw"] = []
    return s


def test_gmg_game_master_resources_the_npc_deck_run_out_mid_combat_puts_npcs_at_lower_hand():
    """GMG, Game Master Resources: NPCs "won't shuffle prematurely, which would invoke Lower
    Hand on Checks": the NPC Deck reshuffled mid-combat, the Minions' next checks are at
    Lower Hand (until the NPC Deck is reshuffled before the next combat)."""
    s = play(new(("Ann",), foes=["Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")
    from pocketdeck.systems.dofa_gm import draws
    assert not any(n < 0 for _, n in draws.hand_parts(s, grunt, "attack", "Brute"))
    s = _turn_of(_run_out(s, "npc"), grunt["id"])
    s = play(s, next(a for a in GAME.legal_actions(s) if a["type"] == "attack"), {"type": "accept"})
    grunt = actor(s, grunt["id"])
    assert ("The NPC Deck ran out this combat", -1) in draws.hand_parts(s, grunt, "attack", "Brute")
    s = play(s, {"type": "end_combat"}, {"type": "start_combat"})
    assert ("The NPC Deck ran out this combat", -1) not in draws.hand_parts(s, actor(s, grunt["id"]), "attack", "Brute")


def test_gmg_game_master_resources_a_dealers_deck_run_out_for_a_target_card_tires_it():
    """A GM Dealer's own deck running out (here for its Target Card) costs a level of
    Fatigue, as a draw's does: Lower Hand on its checks."""
    s = new(("Ann",), foes=["Captain, Defender"])
    cap = next(a for a in s["actors"] if a["side"] == "foes")
    s = play(_run_out(s, cap["deck"]), {"type": "start_combat"})
    assert actor(s, cap["id"])["fatigue"] == 1


def test_pg_saves_a_powers_save_is_dr_3_minus_half_the_initiators_skill():
    """PG, Saves: "If the effect forcing a Save is a Power, the DR is 3 minus half of the
    initiator's relevant Skill Modifier": the Huge Golem's Sweep is a DR 2 AGL save."""
    from pocketdeck.systems.dofa_gm import turns
    s = new(("Ann",), foes=["Huge Golem"])
    golem = next(a for a in s["actors"] if a["source"] == "Huge Golem")
    assert turns.power_dr(golem, "Attack, Sweep") == 2
    turns.after_attack(s, {"target": "p1", "success": True, "degree": 4, "damage": 1,
                           "by": golem["id"], "power": "Attack, Sweep"}, Rng(1))
    assert s["due"][-1]["status"] == "Knocked Down" and s["due"][-1]["dr"] == 2


def _foes_turn(powers: list[str], pp: int, foes=("Captain, Defender", "Grunt", "Guard")) -> tuple[dict, dict]:
    """A fight where the first creature holds ``powers`` and ``pp`` PP, at its turn."""
    s = play(new(("Ann", "Bo"), foes=list(foes)), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    s = report(play(s, {"type": "player_tc", "who": "p2"}), "2H")
    x = next(a for a in s["actors"] if a["side"] == "foes")
    s = _turn_of(s, x["id"])
    x = actor(s, x["id"])
    x["powers"], x["pp"], x["pp_max"] = list(powers), pp, pp
    return s, x


def test_pg_in_combat_actions_a_powers_dearer_option_is_offered_and_paid():
    """PG, In Combat Actions: "a character must declare the option being used and spend the
    associated Power Point cost"; 04_Powers: Charge PP 1 or 2 (+1 or +2 damage), Heal 1 or
    2 HP, Mystic Confusion on 1 or 2 targets."""
    s, x = _foes_turn(["Attack, Charge", "Attack, Mystic Confusion", "Heal"], 2)
    legal = GAME.legal_actions(s)
    charge = {"type": "attack", "who": x["id"], "target": "p1", "power": "Attack, Charge", "pp": 2}
    assert charge in legal
    confuse = {"type": "power", "who": x["id"], "target": "p1", "also": "p2",
               "power": "Attack, Mystic Confusion", "pp": 2}
    assert confuse in legal
    after = play(s, charge)
    assert after["draw"]["weapon"] == x["weapon"] + 2 and actor(after, x["id"])["pp"] == 0
    after = play(s, confuse)
    assert {d["who"] for d in after["due"] if d["status"] == "Stunned"} == {"p1", "p2"}
    assert actor(after, x["id"])["pp"] == 0
    ally = next(a for a in s["actors"] if a["side"] == "foes" and a["id"] != x["id"])
    ally["hp"], ally["hp_max"] = 2, 5
    heal = {"type": "power", "who": x["id"], "target": ally["id"], "power": "Heal", "pp": 2}
    assert actor(play(s, heal), ally["id"])["hp"] == 4


def test_pg_status_conditions_grappled_and_blinded_put_the_creatures_attack_at_lower_hand():
    """PG, Status Conditions 13: Grappled "have Lower Hand when using any Power" (an attack
    is one: 04_Powers' Weapon Attack); 4: Blinded, a failed save, "Lower Hand (3) for any
    action requiring the relevant sense"; the GM's own call reaches Lower Hand 3."""
    from pocketdeck.systems.dofa_gm import draws
    s, x = _foes_turn(["Attack, Weapon"], 0)
    ft.add_status(s, x, "Grappled", None)
    assert ("Grappled: a Power", -1) in draws.hand_parts(s, x, "attack", "Brute", actor(s, "p1"))
    ft.add_status(s, x, "Blinded", None)
    assert ("Blinded: needs sight", -3) in draws.hand_parts(s, x, "attack", "Brute", actor(s, "p1"))
    assert {"type": "hand", "hand": -3} in GAME.legal_actions(s)


def test_pg_status_conditions_poisoned_a_minion_discards_from_the_npc_deck():
    """PG, Status Conditions 7: Poisoned N, "On failure, they discard N+1 cards": a Minion
    draws from the NPC Deck, so it discards from it."""
    s = new(("Ann",), foes=["Grunt"])
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")
    ft.add_status(s, grunt, "Poisoned", None)
    before = len(s["decks"]["npc"]["draw"])
    ft.save_result(s, grunt, "Poisoned", False, Rng(1))
    assert len(s["decks"]["npc"]["draw"]) == before - 2
    assert "Grunt discards 2 card(s)." in s["log"]
    GAME.check_state(s)


def test_gmg_house_actions_once_initiated_happen_at_the_start_of_every_round():
    """GMG, House Actions: "Once initiated, they happen at the beginning of every round of
    combat"."""
    s = play(new(("Ann",), foes=["Spider Queen"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    queen = next(a for a in s["actors"] if a["kind"] == "boss")
    s = play(s, {"type": "house", "who": queen["id"], "name": "Wall Grab"})
    assert [d["status"] for d in s["due"]] == ["Entangled"]
    s = play(s, {"type": "save_result", "who": "p1", "status": "Entangled", "ok": True})
    while s["combat"]["round"] == 1:
        legal = GAME.legal_actions(s)
        s = play(s, next(a for a in legal if a["type"] in ("save", "accept", "save_result", "end_turn")))
    assert "Wall Grab happens again at the start of the round." in s["log"]
    assert [d["status"] for d in s["due"]] == ["Entangled"]
    assert not any(a["type"] == "house" and a["name"] == "Wall Grab" for a in GAME.legal_actions(s))


def test_gmg_house_actions_a_repeating_house_action_leaves_the_bosss_others_open():
    """GMG, House Actions: "Once initiated, they happen at the beginning of every round of
    combat"; nothing limits a boss to one: a repeat is not an initiation, so at a later
    round's start the boss may initiate another (review G4)."""
    s = play(new(("Ann",), foes=["Spider Queen"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    queen = next(a for a in s["actors"] if a["kind"] == "boss")
    s = play(s, {"type": "house", "who": queen["id"], "name": "Summon Ally"})
    assert not any(a["type"] == "house" for a in GAME.legal_actions(s))     # one a round's start
    while s["combat"]["round"] == 1:
        legal = GAME.legal_actions(s)
        s = play(s, next(a for a in legal if a["type"] in ("save", "accept", "save_result", "end_turn")))
    while s["due"] or s["draw"]:
        legal = GAME.legal_actions(s)
        s = play(s, next(a for a in legal if a["type"] in ("save", "accept", "save_result")))
    assert "Summon Ally happens again at the start of the round." in s["log"]
    houses = {a["name"] for a in GAME.legal_actions(s) if a["type"] == "house"}
    assert "Wall Grab" in houses and "Summon Ally" not in houses


def test_pg_status_conditions_a_creature_spends_its_actions_to_end_entangled_knocked_down_burned():
    """PG, Status Conditions 2, 3, 6: Entangled "may expend a Major Action to make a DR 3
    STR Save", Knocked Down "must expend a Minor Action to get up", Burned "As a Minor
    Action ... DR 3 GUT Save"."""
    s, x = _foes_turn(["Attack, Weapon"], 0)
    for name in ("Entangled", "Knocked Down", "Burned"):
        ft.add_status(s, x, name, None)
    legal = GAME.legal_actions(s)
    shake = {n: {"type": "shake_off", "who": x["id"], "status": n} for n in ("Entangled", "Knocked Down", "Burned")}
    assert all(a in legal for a in shake.values())
    s = play(s, shake["Knocked Down"])
    assert ft.status(actor(s, x["id"]), "Knocked Down") is None
    assert shake["Burned"] not in GAME.legal_actions(s)          # one Minor Action a turn
    s = play(s, shake["Entangled"])
    assert s["due"][-1]["status"] == "Entangled" and s["due"][-1]["stat"] == "STR" and s["due"][-1]["dr"] == 3
    s = play(s, {"type": "save", "who": x["id"], "status": "Entangled"})
    assert s["draw"]["kind"] == "save"
    s = play(s, {"type": "accept"})
    legal = GAME.legal_actions(s)
    assert not any(a["type"] == "attack" for a in legal)          # the Major Action is spent


def test_04_powers_obey_me_costs_2_pp_and_its_dr_2_con_save_comes_at_the_turns_start():
    """04_Powers Obey Me: "PP: 2"; save "On starting turn", "DR: 2", "Type: CON",
    "Succeed: end effect"."""
    s = play(new(("Ann",), foes=["Spider Queen"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    queen = next(a for a in s["actors"] if a["kind"] == "boss")
    obey = {"type": "house", "who": queen["id"], "name": "Obey Me", "target": "p1"}
    poor = json.loads(json.dumps(s))
    actor(poor, queen["id"])["pp"] = 1
    assert obey not in GAME.legal_actions(poor)
    assert obey in GAME.legal_actions(s)
    s = play(s, obey)
    assert actor(s, queen["id"])["pp"] == queen["pp"] - 2
    assert not s["due"] and ft.in_force(actor(s, "p1"), "Enthralled")
    s = _turn_of_due(s, "p1")
    due = next(d for d in s["due"] if d["who"] == "p1")
    assert (due["status"], due["stat"], due["dr"]) == ("Enthralled", "CON", 2)
    s = play(s, {"type": "save_result", "who": "p1", "status": "Enthralled", "ok": True})
    assert ft.status(actor(s, "p1"), "Enthralled") is None


def _turn_of_due(s: dict, who: str) -> dict:
    """Play on until a save falls due for ``who``."""
    for _ in range(60):
        if any(d["who"] == who for d in s["due"]):
            return s
        legal = GAME.legal_actions(s)
        s = play(s, next(a for a in legal if a["type"] in ("save", "accept", "save_result", "end_turn")))
    raise AssertionError("no save fell due")


def test_gmg_fate_cards_a_dealer_the_app_holds_exchanges_fate_and_toughens_up():
    """GMG, Fate Cards: the GM reserves Fate Cards for Dealers, "allowing for a re-draw or
    avoiding damage"; PG, Fate Cards 4.2 Exchange Fate (1 PP a card), 4.3 Toughen Up (1
    damage ignored a card, until the end of the next turn after the damage)."""
    s = play(new(("Ann",), foes=["Captain, Defender"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    cap = next(a for a in s["actors"] if a["kind"] == "dealer")
    joker = s["decks"][cap["deck"]]["fate"][0]
    cap["pp"] = 0
    ex = {"type": "exchange_fate", "who": cap["id"], "card": joker}
    # PG, In Combat Actions: a Free Action "On a turn" (its own; review dofa-phone-2 #14)
    assert turns.current(s)["id"] != cap["id"] and ex not in GAME.legal_actions(s)
    outside = play(s, {"type": "end_combat"})
    assert ex in GAME.legal_actions(outside)
    after = play(outside, ex)
    assert actor(after, cap["id"])["pp"] == 1 and joker not in after["decks"][cap["deck"]]["fate"]
    tough = {"type": "toughen_up", "who": cap["id"], "card": joker}
    assert tough not in GAME.legal_actions(s)
    hp = cap["hp"] + cap["ap"]
    s = play(s, {"type": "focus", "who": cap["id"]}, {"type": "damage", "who": cap["id"], "amount": 1, "bypass": True})
    assert tough in GAME.legal_actions(s)
    later = play(s, {"type": "hand", "hand": 1})              # the GM decides at once
    assert tough not in GAME.legal_actions(later)
    s = play(s, tough)
    cap = actor(s, cap["id"])
    assert cap["hp"] + cap["ap"] == hp and tough not in GAME.legal_actions(s)


def test_pg_dealers_npcs_and_companions_a_companion_acts_on_its_dealers_turn_from_their_deck():
    """PG, Dealers, NPCs and Companions: "A Companion acts on the players turn, draws from
    the Dealer's deck of cards"."""
    s = GAME.new_game({"mode": "table", "players": [], "party": ["Diamonds1"], "foes": ["Grunt"]}, 5)
    s = play(s, {"type": "panel", "panel": "add"}, {"type": "add_creature", "id": "Wolf"})
    wolf = next(a for a in s["actors"] if a["source"] == "Wolf")
    assert wolf["dealer"] == "p1" and wolf["deck"] == "p1"
    s = play(s, {"type": "start_combat"})
    assert wolf["id"] not in s["combat"]["order"]
    s = _turn_of(s, "p1")
    legal = GAME.legal_actions(s)
    bite = next(a for a in legal if a["type"] == "attack" and a["who"] == wolf["id"])
    before = len(s["decks"]["p1"]["draw"]) + len(s["decks"]["p1"]["discard"])
    s = play(s, bite)
    assert s["draw"]["by"] == wolf["id"] and s["draw"]["tc"]
    assert len(s["decks"]["p1"]["draw"]) + len(s["decks"]["p1"]["discard"]) < before
    s = play(s, {"type": "accept"})
    legal = GAME.legal_actions(s)
    assert any(a["type"] == "attack" and a["who"] == "p1" for a in legal)      # the Dealer's Major Action is left
    assert not any(a["type"] == "attack" and a["who"] == wolf["id"] for a in legal)


def test_pg_contested_checks_an_npc_draws_against_the_initiators_tc():
    """PG, Contested Checks: the Target "must draw a Check against the initiator's TC" at
    DR 3 minus half the initiator's modifier; GMG, Contested Checks ("Initiator Stealth vs.
    Target Detection") and Resting ("an enemy Detection Check"): the GM draws for an NPC."""
    s = new(("Ann",), foes=["Grunt"])
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")
    call = {"type": "call", "who": grunt["id"]}
    assert call in GAME.legal_actions(s)                        # a Detection Check at rest
    s = play(s, {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "9H")
    assert call in GAME.legal_actions(s)
    s = play(s, call, {"type": "call_stat", "stat": "Detection"},
             {"type": "call_contest", "by": "p1"}, {"type": "call_vs_mod", "mod": 2})
    assert s["call"]["tc"] == "9H" and s["call"]["dr"] == 2
    s = play(s, {"type": "call_draw"})
    assert s["draw"]["by"] == grunt["id"] and s["draw"]["tc"] == "9H" and s["draw"]["dr"] == 2
    s = play(s, {"type": "accept"})
    assert s["call"] is None


def test_04_powers_undying_the_necromancer_goes_into_stasis_and_only_its_vulnerability_kills():
    """04_Powers Undying: "cannot be killed by traditional weapons. On reaching 0 HP, this
    creature goes into a stasis"; Undying Vulnerability: at 0 HP, exposure kills it."""
    # a Grunt still stands: the last enemy Knocked Out ends combat (PG, Ending Combat)
    s = play(new(("Ann",), foes=["Necromancer", "Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    nec = next(a for a in s["actors"] if a["kind"] == "boss")
    ft.hurt(s, nec, 99, Rng(2))
    ft.hurt(s, nec, 99, Rng(2))                    # its last phase
    assert nec["ko"] and not ft.plays_ko_event(nec) and "stasis" in " ".join(s["log"][-2:])
    s = _turn_of(s, nec["id"])
    assert not any(a["type"] in ("ko_draw", "ko_card") for a in GAME.legal_actions(s))
    s = play(s, {"type": "focus", "who": nec["id"]}, {"type": "expose", "who": nec["id"]})
    assert actor(s, nec["id"])["dead"]


def test_04_powers_drain_life_every_target_saves_and_the_boss_heals_the_damage():
    """04_Powers Drain Life (Boss-Only): "Force all targets within Aura 2 to make a DR 2 VIT
    Save. On a failure, they take 1 damage and the Boss is healed for the total amount of
    damage dealt" (no map: the GM picks one target or every standing enemy)."""
    s, nec = _foes_turn(["Drain Life"], 0, foes=("Necromancer Aspect",))
    drain = {"type": "power", "who": nec["id"], "target": "p1", "also": "p2", "power": "Drain Life"}
    assert drain in GAME.legal_actions(s)
    nec["hp"] = nec["hp_max"] - 2
    s = play(s, drain)
    assert [(d["who"], d["stat"], d["dr"]) for d in s["due"]] == [("p1", "VIT", 2), ("p2", "VIT", 2)]
    s = play(s, {"type": "save_result", "who": "p1", "status": "Drain Life", "ok": False},
             {"type": "save_result", "who": "p2", "status": "Drain Life", "ok": False})
    ann = actor(s, "p1")
    assert actor(s, nec["id"])["hp"] == nec["hp_max"] and ann["hp"] + ann["ap"] == 11


def test_the_state_check_refuses_a_knocked_out_creature_with_hp_and_a_hidden_dr_a_player_reads():
    """The invariants ``simulate`` checks on every step (issue 27): no creature Knocked Out
    with HP above 0; no hidden DR in what a player's seat reads."""
    s = new(("Ann",), foes=["Grunt"])
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")
    ft.hurt(s, grunt, 99, Rng(1))
    GAME.check_state(s)
    grunt["hp"] = 1
    with pytest.raises(ValueError, match="Knocked Out with 1 HP"):
        GAME.check_state(s)
    s = new(("Ann",))
    s["log"].append("Ann: Attack (Brute +1) vs 9 of Hearts: 8 of Hearts (DR hidden) at EDR 3: Suited.")
    with pytest.raises(ValueError, match="hidden DR"):
        GAME.check_state(s)


def test_simulated_tables_keep_every_invariant():
    from pocketdeck.core.simulate import simulate
    out = simulate("dofa-gm", 3, seed=300)
    assert out["errors"] == 0, out["failures"]


def test_pg_status_conditions_blinded_a_made_save_gives_no_lower_hand():
    """PG, Status Conditions 4: Blinded, "At the start of their turn ... a DR 3 Intuition
    Save. If they fail, they draw Lower Hand (3)": a creature whose save succeeded attacks
    without it (review G1)."""
    from pocketdeck.systems.dofa_gm import draws
    s, x = _foes_turn(["Attack, Weapon"], 0)
    ft.add_status(s, x, "Blinded", None)
    ft.save_result(s, x, "Blinded", True, Rng(1))
    assert ft.status(x, "Blinded") is not None
    assert ("Blinded: needs sight", -3) not in draws.hand_parts(s, x, "attack", "Brute", actor(s, "p1"))
    ft.save_result(s, x, "Blinded", False, Rng(1))
    assert ("Blinded: needs sight", -3) in draws.hand_parts(s, x, "attack", "Brute", actor(s, "p1"))


def test_pg_hidden_a_creature_that_uses_a_power_is_no_longer_hidden():
    """PG, Interacting with the Environment, Hidden: "a creature is no longer Hidden ... if
    the creature: Uses a Power"; an attack is a Power (04_Powers Weapon Attack). The attack
    from hiding keeps its Upper Hand ("Attacks against unaware creatures"), the next has
    none (review G2)."""
    s, x = _foes_turn(["Attack, Weapon", "Attack, Mystic Confusion"], 1)
    ft.add_status(s, x, "Hidden", None)
    after = play(s, {"type": "attack", "who": x["id"], "target": "p1", "power": "Attack, Weapon"})
    assert after["draw"]["hand"] == 1
    assert ft.status(actor(after, x["id"]), "Hidden") is None
    after = play(s, {"type": "power", "who": x["id"], "target": "p1", "power": "Attack, Mystic Confusion"})
    assert ft.status(actor(after, x["id"]), "Hidden") is None


def test_pg_making_a_check_a_contested_calls_hidden_dr_stays_out_of_the_players_log():
    """PG, Making a Check: the GM "can choose whether or not to reveal" the DR; a contest's
    DR (PG, Contested Checks: 3 minus half the initiator's modifier) is the GM's to hide
    too: no player's seat reads it (review G3; issue 27 item 2)."""
    s = play(new(("Ann", "Bo"), foes=["Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "AS")
    s = report(play(s, {"type": "player_tc", "who": "p2"}), "2H")
    g = next(a for a in s["actors"] if a["source"] == "Grunt")
    s = play(s, {"type": "call", "who": "p1"}, {"type": "call_hidden", "on": True},
             {"type": "call_contest", "by": g["id"]}, {"type": "call_vs_mod", "mod": 2})
    assert s["call"]["dr"] == 2
    assert "The initiator's modifier +2: the contested DR is 2." in s["log"]
    public = ft.public_log(s, 80)
    assert any("A contested check against Grunt" in line for line in public)
    assert not [line for line in public if "contested DR" in line or "DR 2" in line or "DR 3" in line]
    assert GAME.view(s, "player:p1")["call"]["dr"] is None


def test_pg_status_conditions_suffocating_a_made_saves_damage_takes_ap_first():
    """PG, Status Conditions 9: "On failure, take 2 damage bypassing AP. On a success, take
    1 damage." (Health and Armor: "Unless otherwise specified, damage subtracts from AP
    first"; review G5)."""
    s, x = _foes_turn(["Attack, Weapon"], 0)
    x["ap"] = x["ap_max"] = 1
    hp = x["hp"]
    ft.add_status(s, x, "Suffocating", None)
    ft.save_result(s, x, "Suffocating", True, Rng(1))
    assert (x["ap"], x["hp"]) == (0, hp)
    ft.save_result(s, x, "Suffocating", False, Rng(1))
    assert (x["ap"], x["hp"]) == (0, hp - 2)


def test_04_powers_mystic_attack_does_1_damage_whatever_the_weapon():
    """04_Powers Mystic Attack "Damage: 1"; PG, In Combat: "Powers do 1 damage unless
    otherwise stated"; GMG, Weapons: the weapon's quality is a weapon attack's damage
    (review G6)."""
    s, x = _foes_turn(["Attack, Weapon", "Attack, Mystic"], 0)
    x["weapon"] = 3
    mystic = play(s, {"type": "attack", "who": x["id"], "target": "p1", "power": "Attack, Mystic"})
    weapon = play(s, {"type": "attack", "who": x["id"], "target": "p1", "power": "Attack, Weapon"})
    assert (mystic["draw"]["weapon"], weapon["draw"]["weapon"]) == (1, 3)


def test_pg_in_combat_actions_a_players_readied_attack_is_typed_in_when_triggered():
    """PG, In Combat Actions: "If the trigger occurs, the readied Major Action can then be
    activated": a player at the table who readied an attack has it typed in outside their
    turn, graded against the target's hidden AR, without spending the acting one's turn
    (review G7)."""
    # a Guard still stands after the Grunt falls (PG, Ending Combat: the last enemy ends it)
    s = play(new(("Ann", "Bo"), foes=["Grunt", "Guard"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "AS")
    s = report(play(s, {"type": "player_tc", "who": "p2"}), "KH")
    g = next(a for a in s["actors"] if a["source"] == "Grunt")
    s = _turn_of(s, "p1")
    s = play(s, {"type": "ready"}, {"type": "end_turn"})
    assert s["combat"]["readied"] == ["p1"] and turns_current(s) == "p2"
    fire = {"type": "readied_attack", "who": "p1", "target": g["id"]}
    assert fire in GAME.legal_actions(s)
    s = play(s, fire)
    assert s["entry"]["for"]["kind"] == "attack"
    hp = actor(s, g["id"])["hp"]
    s = play(s, {"type": "entry_hit", "degree": 1})          # a Major: weapon 1 + 1
    assert actor(s, g["id"])["hp"] == max(0, hp - 2) and s["combat"]["readied"] == []
    assert turns_current(s) == "p2" and not s["combat"]["acted"]


def turns_current(s: dict) -> str:
    c = s["combat"]
    return c["order"][c["at"]]


def test_pg_fatigue_a_tired_dealers_knocked_out_and_epic_event_draws_are_at_lower_hand():
    """PG, Fatigue 2: "Lower hand (1) on all checks"; the Knocked Out Epic Event's draws
    are "DR 4 Vitality Checks" and an Epic Event's draws are checks too; the GM's own
    Upper/Lower Hand tap counts on them as on any draw (review G9)."""
    s = play(new(("Ann",), foes=["Captain, Defender", "Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    cap = next(a for a in s["actors"] if a["side"] == "foes")
    cap["fatigue"] = 2
    ft.hurt(s, cap, 99, Rng(1))
    s = _turn_of(s, cap["id"])
    s = play(s, {"type": "hand", "hand": 1}, {"type": "ko_draw"})
    assert s["draw"]["hand"] == -1 + 1          # Fatigue 2, then the GM's Upper Hand
    s = GAME.new_game({"mode": "table", "players": [], "party": ["Spades2"], "foes": []}, 4)
    hero = next(a for a in s["actors"] if a["kind"] == "pc")
    hero["fatigue"] = 2
    s = play(s, {"type": "epic_setup"}, {"type": "epic_begin"}, {"type": "epic_reveal"},
             {"type": "epic_dr", "dr": 3}, {"type": "epic_join", "who": hero["id"]},
             {"type": "epic_go"}, {"type": "epic_draw"})
    assert s["draw"]["hand"] == -1


def test_pg_status_conditions_stunned_a_failed_save_leaves_one_action_not_both():
    """PG, Status Conditions 1: Stunned, "If failed, they may either move or make one
    Action on their turn, not both": a creature whose save failed gets up (its Minor
    Action) and can then only end its turn; unstunned it could still attack (review G8)."""
    s, x = _foes_turn(["Attack, Weapon"], 0)
    ft.add_status(s, x, "Knocked Down", None)
    up = {"type": "shake_off", "who": x["id"], "status": "Knocked Down"}
    after = play(s, up)
    assert any(a["type"] == "attack" for a in GAME.legal_actions(after))
    ft.add_status(s, x, "Stunned", None)
    ft.save_result(s, x, "Stunned", False, Rng(1))
    after = play(s, up)
    assert [a["type"] for a in GAME.legal_actions(after) if a["type"] in ("attack", "end_turn", "ready")] == ["end_turn"]


def test_04_powers_condition_immunity_and_resilience_of_the_spider_queen():
    """04_Powers Condition Immunity ("You are now immune to this condition") and Condition
    Resilience ("If you make a check to avoid being subjected to this effect, you do so at
    Upper Hand"); 06_Bestiary: the Spider Queen, Immunity: Poisoned, Resilience: Blinded
    (review G15)."""
    s = play(new(("Ann",), foes=["Spider Queen"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    queen = next(a for a in s["actors"] if a["kind"] == "boss")
    s = play(s, {"type": "focus", "who": queen["id"]})
    names = {a["name"] for a in GAME.legal_actions(s) if a["type"] == "status"}
    assert "Poisoned" not in names and "Blinded" in names
    ft.add_status(s, actor(s, queen["id"]), "Poisoned", None)
    assert ft.status(actor(s, queen["id"]), "Poisoned") is None
    s = play(s, {"type": "status", "who": queen["id"], "name": "Blinded", "rounds": None})
    ft.add_due(s, actor(s, queen["id"]), "Blinded", "start of turn")
    s = play(s, {"type": "save", "who": queen["id"], "status": "Blinded"})
    assert s["draw"]["hand"] == 1


def test_gmg_boss_phases_the_new_target_card_sets_the_bosss_place_from_the_next_round():
    """GMG, Boss Phases: "Every time a Boss enters a new Phase, draw a new TC for them"; PG,
    Taking Turns: the TC "values represent the turn order (Ace first, then K, Q, etc.)":
    from the next round the boss acts by its new card (review G13)."""
    s = play(new(("Ann",), foes=["Spider Queen"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "KS")
    boss = next(a for a in s["actors"] if a["kind"] == "boss")
    assert s["combat"]["order"] == ["p1", boss["id"]]
    s = stack(s, boss["deck"], "AS")
    ft.hurt(s, actor(s, boss["id"]), 99, Rng(2))
    assert ft.tc_of(s, actor(s, boss["id"])) == "AS"
    while s["combat"]["round"] == 1:
        legal = GAME.legal_actions(s)
        s = play(s, next(a for a in legal if a["type"] in ("save", "accept", "save_result", "end_turn")))
    assert s["combat"]["order"] == [boss["id"], "p1"]


def test_gmg_resting_a_contest_before_any_combat_draws_the_creatures_target_card():
    """PG, Contested Checks: the targets "must draw a Check against the initiator's TC";
    GMG, Resting: "(b) an enemy Detection Check" before a Rest, often before any combat:
    a creature the app holds that has no TC yet draws one from its deck (review G18)."""
    s = new(("Ann",), foes=["Grunt"])
    g = next(a for a in s["actors"] if a["source"] == "Grunt")
    assert ft.tc_of(s, g) is None
    s = play(s, {"type": "call", "who": "p1"})
    s = play(s, {"type": "call_contest", "by": g["id"]})
    tc = ft.tc_of(s, actor(s, g["id"]))
    assert tc and s["call"]["tc"] == tc and s["call"]["dr"] == 3
    s = play(s, {"type": "call_card"})
    s = report(s, "2S")
    assert s["call"] is None and ft.tc_of(s, actor(s, g["id"])) == tc   # its TC stays on the table


def test_pg_fate_cards_a_target_card_drawn_for_a_deck_the_app_holds_may_be_redrawn():
    """PG, Fate Cards 3: "Any time a player or the GM draws a card, they may discard one held
    Fate Card and redraw. Only one redraw is permitted": a premade's or a GM Dealer's Target
    Card, drawn at the start of combat, may be redrawn at once; the turn order follows the
    new card (PG, Taking Turns); a Minion (no Fate Cards) has no such offer (review G16)."""
    s = GAME.new_game({"mode": "table", "players": [], "party": ["Spades2"],
                       "foes": ["Captain, Defender", "Grunt"]}, 4)
    hero = next(a for a in s["actors"] if a["kind"] == "pc")
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")
    s = stack(s, hero["deck"], "2C", "AD")
    s = play(s, {"type": "start_combat"})
    assert ft.tc_of(s, actor(s, hero["id"])) == "2C"
    legal = GAME.legal_actions(s)
    offers = [a for a in legal if a["type"] == "redraw_tc"]
    assert {a["who"] for a in offers} == {hero["id"], next(a["id"] for a in s["actors"] if a["kind"] == "dealer")}
    assert not any(a["who"] == grunt["id"] for a in offers)
    fate = len(s["decks"][hero["deck"]]["fate"])
    first = s["combat"]["order"][s["combat"]["at"]]
    s = play(s, next(a for a in offers if a["who"] == hero["id"]))
    assert ft.tc_of(s, actor(s, hero["id"])) == "AD"
    assert len(s["decks"][hero["deck"]]["fate"]) == fate - 1
    assert first != hero["id"] and s["combat"]["order"][1] == hero["id"]   # an Ace: next to act
    assert not any(a["type"] == "redraw_tc" and a["who"] == hero["id"] for a in GAME.legal_actions(s))


# -- PG, In Combat Actions (Major: Rush, Grapple, Hide), Status Conditions 13 Grappled ----------
# review dofa-gm-2026-12-07, R6: for the creatures and premade characters the app runs
def fight(party=("Spades1",), foes=("Dire Wolf",), players=(), seed: int = 3) -> dict:
    """A table in combat: premade characters (decks the app holds), creatures, and players
    typed in by numbers (their Target Cards typed in: 2 of Spades, 3 of Spades ...)."""
    s = GAME.new_game({"mode": "table", "players": [player(n) for n in players], "party": list(party),
                       "foes": list(foes)}, seed)
    s = play(s, {"type": "start_combat"})
    for i, x in enumerate(a for a in s["actors"] if a["kind"] == "player"):
        s = report(play(s, {"type": "player_tc", "who": x["id"]}), f"{i + 2}S")
    return s


def who(s: dict, name: str) -> dict:
    return next(a for a in s["actors"] if a["source"] == name or a["name"] == name)


def rig(s: dict, deck: str, tc: str, eff: int, success: bool) -> dict:
    """The next card of ``deck`` a success (or a miss) against ``tc`` at EDR ``eff``."""
    card = next(c for c in reversed(s["decks"][deck]["draw"])
                if not c.endswith("J") and ck.is_success(ck.degree(c, tc, eff)) is success)
    return stack(s, deck, card)


def refused(s: dict, a: dict, *words: str) -> None:
    """``a`` is refused naming the rule, and the state is left as it was."""
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, a)
    assert all(w in str(err.value) for w in words), str(err.value)
    assert json.dumps(s, sort_keys=True) == before


def grappled(s: dict, wolf: dict, hero: dict) -> dict:
    """The Dire Wolf grapples the hero, whose contested check fails: Grappled by the wolf."""
    s = _turn_of(s, wolf["id"])
    s = play(s, {"type": "grapple", "who": wolf["id"], "target": hero["id"]})
    d = s["due"][0]
    if hero["deck"]:
        s = rig(s, hero["deck"], d["tc"], d["dr"] + ck_mod(hero, d["stat"]), False)
        s = play(s, {"type": "save", "who": hero["id"], "status": "Grapple"}, {"type": "accept"})
    else:
        s = play(s, {"type": "save_result", "who": hero["id"], "status": "Grapple", "ok": False})
    assert ft.status(actor(s, hero["id"]), "Grappled")["by"] == wolf["id"]
    return s


def ck_mod(x: dict, stat: str) -> int:
    from pocketdeck.systems.dofa import sheet as sh
    return sh.modifier(x, stat)


@pytest.mark.parametrize("success", [False, True])
def test_pg_in_combat_actions_grapple_brute_vs_the_targets_finesse_or_brute(success):
    """PG, In Combat Actions, Major: "Grapple: Brute vs. target Finesse or Brute; cause one
    creature to be Grappled"; Contested Checks: the DR is "3 minus half of the Attacker's
    relevant modifier", the target draws "against the initiator's TC". The Dire Wolf (Brute
    +2) grapples Spades (Finesse +2, Brute 0): Spades draws Finesse, DR 2, against the
    wolf's Target Card from its own deck; a miss leaves Spades Grappled by the wolf."""
    s = fight()
    wolf, hero = who(s, "Dire Wolf"), who(s, "Spades1")
    s = _turn_of(s, wolf["id"])
    legal = GAME.legal_actions(s)
    assert {"type": "grapple", "who": wolf["id"], "target": hero["id"]} in legal
    s = play(s, {"type": "grapple", "who": wolf["id"], "target": hero["id"]})
    assert s["combat"]["acted"]                                   # its Major Action
    d = s["due"][0]
    wolf_tc = ft.tc_of(s, actor(s, wolf["id"]))
    assert (d["who"], d["stat"], d["dr"], d["tc"], d["contest"]) == (hero["id"], "Finesse", 2, wolf_tc, "grapple")
    assert not [a for a in GAME.legal_actions(s) if a["type"] in ("attack", "end_turn")]  # drawn first
    s = rig(s, hero["deck"], wolf_tc, 2 + 2, success)
    s = play(s, {"type": "save", "who": hero["id"], "status": "Grapple"})
    dr = s["draw"]
    assert (dr["kind"], dr["tc"], dr["stat"], dr["effective"], dr["by"]) == ("check", wolf_tc, "Finesse", 4, hero["id"])
    s = play(s, {"type": "accept"})
    st = ft.status(actor(s, hero["id"]), "Grappled")
    assert (st is None) is success and not s["due"]
    if not success:
        assert st["by"] == wolf["id"]
        assert ("Grappled: a Power", -1) in draws.hand_parts(s, actor(s, hero["id"]), "attack", "Finesse")


def test_pg_in_combat_actions_grapple_a_player_reports_the_contested_check():
    """A player typed in draws the contested check on their own deck: the GM taps made or
    failed, named as the contest it is; failed, the player is Grappled by the creature."""
    s = fight(party=(), players=("Ann",))
    wolf, ann = who(s, "Dire Wolf"), who(s, "Ann")
    s = _turn_of(s, wolf["id"])
    s = play(s, {"type": "grapple", "who": wolf["id"], "target": ann["id"]})
    labels = {view_label(s, a) for a in GAME.legal_actions(s) if a["type"] == "save_result"}
    assert labels == {"Ann: contested Finesse check against Dire Wolf's Grapple made",
                      "Ann: contested Finesse check against Dire Wolf's Grapple failed"}
    s = play(s, {"type": "save_result", "who": ann["id"], "status": "Grapple", "ok": False})
    assert ft.status(actor(s, ann["id"]), "Grappled")["by"] == wolf["id"]


def view_label(s: dict, a: dict) -> str:
    from pocketdeck.systems.dofa_gm.view import label
    return label(s, a)


@pytest.mark.parametrize("held", [False, True])
def test_pg_status_conditions_13_grappled_break_free_with_brute_or_finesse_against_the_grapplers_brute(held):
    """PG, Status Conditions 13: "A creature can end the Grappled condition by making a
    successful Contested Brute or Finesse Check against target's Brute": Spades (Finesse
    +2) initiates, so the DR is 2; the Dire Wolf draws Brute (+2) against Spades' Target
    Card from its deck; the wolf's miss ends Grappled, its success holds. Breaking free
    is Spades' Major Action (a choice, as the phone's)."""
    s = fight()
    wolf, hero = who(s, "Dire Wolf"), who(s, "Spades1")
    s = grappled(s, wolf, hero)
    s = _turn_of(s, hero["id"])
    assert {"type": "break_free", "who": hero["id"]} in GAME.legal_actions(s)
    s = play(s, {"type": "break_free", "who": hero["id"]})
    d = s["due"][0]
    hero_tc = ft.tc_of(s, actor(s, hero["id"]))
    assert (d["who"], d["stat"], d["dr"], d["tc"], d["contest"]) == (wolf["id"], "Brute", 2, hero_tc, "break")
    assert s["combat"]["acted"]
    s = rig(s, "npc", hero_tc, 2 + 2, held)
    s = play(s, {"type": "save", "who": wolf["id"], "status": "Break free"})
    assert (s["draw"]["tc"], s["draw"]["stat"], s["draw"]["by"]) == (hero_tc, "Brute", wolf["id"])
    s = play(s, {"type": "accept"})
    assert (ft.status(actor(s, hero["id"]), "Grappled") is not None) is held


def test_pg_status_conditions_13_a_players_seat_breaks_free_of_a_creatures_grapple():
    """A player Grappled by a creature the app runs breaks free on their turn (the GM's
    button): the creature draws its Brute check at the table against the player's Target
    Card, the DR from the player's better of Brute and Finesse (a player typed in by
    numbers: their Agility as Finesse, the one skill the table knows)."""
    s = fight(party=(), players=("Ann",))
    wolf, ann = who(s, "Dire Wolf"), who(s, "Ann")
    s = grappled(s, wolf, ann)
    s = _turn_of(s, ann["id"])
    assert {"type": "break_free", "who": ann["id"]} in GAME.legal_actions(s)
    s = play(s, {"type": "break_free", "who": ann["id"]})
    assert s["due"][0]["dr"] == 3 and s["due"][0]["tc"] == "2S"     # +0: DR 3, against Ann's TC
    s = rig(s, "npc", "2S", 3 + 2, False)
    s = play(s, {"type": "save", "who": wolf["id"], "status": "Break free"}, {"type": "accept"})
    assert ft.status(actor(s, ann["id"]), "Grappled") is None


def test_pg_status_conditions_13_grappled_by_hand_or_a_fallen_grappler():
    """A Grappled the GM put on by hand names no grappler: no contest to draw, so breaking
    free is not offered (the GM ends it with the status tools); a grappler Knocked Out is
    "unable to act" (PG, Status Conditions 5) and cannot hold on: breaking free needs no draw."""
    s = fight()
    wolf, hero = who(s, "Dire Wolf"), who(s, "Spades1")
    s = grappled(s, wolf, hero)
    s = _turn_of(s, hero["id"])
    ft.hurt(s, actor(s, wolf["id"]), 99, Rng(1))
    s = play(s, {"type": "break_free", "who": hero["id"]})
    assert not s["due"] and ft.status(actor(s, hero["id"]), "Grappled") is None
    s = fight()
    hero = who(s, "Spades1")
    s = _turn_of(s, hero["id"])
    ft.add_status(s, actor(s, hero["id"]), "Grappled", None)
    assert not [a for a in GAME.legal_actions(s) if a["type"] == "break_free"]
    refused(s, {"type": "break_free", "who": hero["id"]}, "not held by a grappler", "Status Conditions 13")


@pytest.mark.parametrize("spotted", [False, True])
def test_pg_in_combat_actions_hide_stealth_vs_each_enemys_detection(spotted):
    """PG, In Combat Actions, Major: "Hide: Stealth vs. target(s) Detection; become Hidden";
    Hidden: "a creature is no longer Hidden whenever another creature makes a Successful
    Detection Check". The Dire Wolf (Stealth +2) hides: DR 2; each standing enemy (no map:
    all of them) draws Detection against its Target Card; Hidden only if every one misses.
    Hidden, attacks on it are at Lower Hand and its own next attack at Upper Hand."""
    s = fight(party=("Spades1", "Clubs1"))
    wolf, spades, clubs = who(s, "Dire Wolf"), who(s, "Spades1"), who(s, "Clubs1")
    s = _turn_of(s, wolf["id"])
    s = play(s, {"type": "hide", "who": wolf["id"]})
    wolf_tc = ft.tc_of(s, actor(s, wolf["id"]))
    assert [(d["who"], d["stat"], d["dr"], d["tc"]) for d in s["due"]] == [
        (spades["id"], "Detection", 2, wolf_tc), (clubs["id"], "Detection", 2, wolf_tc)]
    s = rig(s, spades["deck"], wolf_tc, 2 + 1, spotted)
    s = play(s, {"type": "save", "who": spades["id"], "status": "Hide"}, {"type": "accept"})
    if spotted:
        assert not s["due"] and not ft.status(actor(s, wolf["id"]), "Hidden")
        assert "Spades spots Dire Wolf: the Hide fails." in s["log"]
        return
    assert not ft.status(actor(s, wolf["id"]), "Hidden")            # Clubs still to draw
    s = rig(s, clubs["deck"], wolf_tc, 2 + 0, False)
    s = play(s, {"type": "save", "who": clubs["id"], "status": "Hide"}, {"type": "accept"})
    assert ft.status(actor(s, wolf["id"]), "Hidden")
    assert ("Dire Wolf is Hidden", -1) in draws.hand_parts(s, actor(s, spades["id"]), "attack", "Finesse",
                                                             actor(s, wolf["id"]))
    assert ("Hidden: the target is unaware", +1) in draws.hand_parts(s, actor(s, wolf["id"]), "attack", "Finesse")
    assert not [a for a in GAME.legal_actions(s) if a["type"] == "hide"]


def test_pg_in_combat_actions_rush_double_movement():
    """PG, In Combat Actions, Major: "Rush: double movement" (speed 6 by default, Movement);
    Status Conditions 13: a Grappled creature's speed is 0 and it "cannot gain the benefit
    of additional speed": no Rush, and one typed in is refused with the state unchanged."""
    s = fight()
    wolf, hero = who(s, "Dire Wolf"), who(s, "Spades1")
    s = _turn_of(s, wolf["id"])
    s = play(s, {"type": "rush", "who": wolf["id"]})
    assert "Dire Wolf rushes (a Major Action): double movement, speed 12 this turn." in s["log"]
    assert not [a for a in GAME.legal_actions(s) if a["type"] in ("attack", "grapple", "hide", "rush")]
    s = grappled(fight(), wolf, hero)
    s = _turn_of(s, hero["id"])
    assert not [a for a in GAME.legal_actions(s) if a["type"] == "rush"]
    refused(s, {"type": "rush", "who": hero["id"]}, "speed is 0", "Status Conditions 13")
    ft.add_status(s, actor(s, hero["id"]), "Knocked Down", None)
    ft.remove_status(s, actor(s, hero["id"]), "Grappled")
    assert contests.speed(actor(s, hero["id"])) == 3                 # halved, then doubled by a Rush
    assert "speed 6" in view_label(s, {"type": "rush", "who": hero["id"]})


def test_pg_in_combat_actions_the_creatures_policy_grapples_hides_breaks_free_and_rushes():
    """The written policy (choices, the book being silent on whom and when): Grappled by one
    who stands, break free first; Brute +2 or more: Grapple the healthiest enemy whose
    Finesse and Brute are both lower, once a target a combat; Stealth +2 or more: Hide once
    a combat; with nothing of its own to use on anyone, Rush."""
    s = fight(party=("Hearts1",), foes=("Dire Wolf",))       # Hearts: Finesse -1, Brute 0
    wolf, hearts = who(s, "Dire Wolf"), who(s, "Hearts1")
    s = _turn_of(s, wolf["id"])
    pick = policy.suggest(s, GAME.legal_actions(s))
    assert pick == {"type": "grapple", "who": wolf["id"], "target": hearts["id"]}
    s["combat"]["tries"] = [f"{wolf['id']}:grapple:{hearts['id']}"]
    assert policy.suggest(s, GAME.legal_actions(s)) == {"type": "hide", "who": wolf["id"]}
    s["combat"]["tries"].append(f"{wolf['id']}:hide")
    assert policy.suggest(s, GAME.legal_actions(s))["type"] == "attack"
    s = fight(party=("Spades1",), foes=("Dire Wolf",))        # Spades: Finesse +2, not out-muscled
    wolf, spades = who(s, "Dire Wolf"), who(s, "Spades1")
    s = _turn_of(s, wolf["id"])
    assert policy.suggest(s, GAME.legal_actions(s))["type"] == "hide"
    ft.add_status(s, actor(s, wolf["id"]), "Charmed", None, by=spades["id"])   # its one foe: its charmer
    ft.save_result(s, actor(s, wolf["id"]), "Charmed", False, Rng(1))
    assert policy.suggest(s, GAME.legal_actions(s)) == {"type": "hide", "who": wolf["id"]}
    s["combat"]["tries"] = [f"{wolf['id']}:hide"]
    assert policy.suggest(s, GAME.legal_actions(s)) == {"type": "rush", "who": wolf["id"]}
    s = grappled(fight(), who(s, "Dire Wolf"), who(s, "Spades1"))
    s = _turn_of(s, spades["id"])
    assert policy.suggest(s, GAME.legal_actions(s)) == {"type": "break_free", "who": spades["id"]}


def test_pg_in_combat_actions_grapple_hide_rush_are_buttons_of_the_creatures_turn():
    """The GM chooses them by hand: each a button with the book's name in the acting
    creature's turn panel (Grapple one per target), and breaking free on a Grappled one's;
    a contest's draws wait in the panel of what is due, named."""
    from pocketdeck.core.saves import Session
    from pocketdeck.ui.dofa_gm.table import render
    s = fight(party=("Spades1", "Clubs1"))
    wolf, hero = who(s, "Dire Wolf"), who(s, "Spades1")
    s = _turn_of(s, wolf["id"])

    def screen(s: dict) -> str:
        return render(GAME.view(s, "gm"), Session("dofa-gm", s["options"], 3, [], s))
    html = screen(s)
    turn = html[html.index("gm-turn"):html.index('aria-label="Turn order"')]
    assert "Dire Wolf: Grapple (Major Action: Brute vs Finesse or Brute)" in turn
    assert "Dire Wolf: Grapple Spades (Major Action" in turn and "Dire Wolf: Grapple Clubs (Major Action" in turn
    assert ">Dire Wolf: Hide (Major Action: Stealth vs the enemies&#x27; Detection)<" in turn
    assert ">Dire Wolf: Rush (Major Action: double movement, speed 12)<" in turn
    for a in ({"type": "grapple", "who": wolf["id"], "target": hero["id"]}, {"type": "hide", "who": wolf["id"]},
              {"type": "rush", "who": wolf["id"]}):
        assert esc(json.dumps(a, sort_keys=True)) in turn and a in GAME.legal_actions(s)
    html = screen(play(s, {"type": "hide", "who": wolf["id"]}))
    assert "Saves and contested checks due now" in html and "to spot Dire Wolf hiding" in html
    s = _turn_of(grappled(s, wolf, hero), hero["id"])
    html = screen(s)
    turn = html[html.index("gm-turn"):html.index('aria-label="Turn order"')]
    assert "Spades: break free of Dire Wolf&#x27;s grapple (Major Action: Brute or Finesse vs Brute)" in turn


def test_gm_table_rules_format_4_refuses_a_format_3_save_by_name():
    """tests/test_library.py's policy: a called Detection or Stealth check's effect on Hidden,
    a Grappled healer's Lower Hand and a Companion's breaking free change how a game replays,
    so the GM's table reads rules format 4 and refuses an older save by its format."""
    from pocketdeck.core.saves import FORMAT, SaveError, from_record
    assert GAME.schema_version == 4
    record = {"format": FORMAT, "version": 1, "system": "dofa-gm", "schema": 3,
              "options": GAME.default_options(), "seed": 3, "actions": []}
    with pytest.raises(SaveError, match="this Deck of Adventures: GM's table save is from rules format 3; "
                                        "this version reads format 4"):
        from_record(record)


def test_pg_contested_checks_a_phone_draws_its_contested_check_against_the_grapplers_tc():
    """PG, Contested Checks: the target "must draw a Check against the initiator's TC": a
    player whose phone joined with its sheet draws it there, from the Action Deck the table
    keeps for them, with the sheet's Finesse; the GM's code applies the result."""
    from pocketdeck.systems.dofa_gm import phone, rules
    s = fight(party=(), players=("Ann",))
    wolf, ann = who(s, "Dire Wolf"), who(s, "Ann")
    s = play(s, {"type": "phone", "who": ann["id"], "player": json.loads(policy.sheet_numbers("Spades1"))})
    s = _turn_of(s, wolf["id"])
    s = play(s, {"type": "grapple", "who": wolf["id"], "target": ann["id"]},
             {"type": "save", "who": ann["id"], "status": "Grapple"})
    wolf_tc = ft.tc_of(s, actor(s, wolf["id"]))
    assert rules.owner(s) == f"player:{ann['id']}" and GAME.legal_actions(s) == [{"type": "phone_draw"}]
    assert phone.label(s, {"type": "phone_draw"}) == "Draw your contested Finesse check against Dire Wolf's Grapple"
    assert GAME.view(s, f"player:{ann['id']}")["ask"]["tc"] == wolf_tc
    own = actor(s, ann["id"])["own"]
    s = rig(s, own, wolf_tc, 2 + 2, False)
    s = play(s, {"type": "phone_draw"})
    assert (s["draw"]["tc"], s["draw"]["stat"], s["draw"]["deck"], s["draw"]["kind"]) == (wolf_tc, "Finesse", own, "check")
    s = play(s, {"type": "accept"})
    assert ft.status(actor(s, ann["id"]), "Grappled")["by"] == wolf["id"]
