"""The GM's table (``dofa-gm``), issue 47: a third reading of the books. Each test is named
after its book section (GMG: the GM's Guide, PG: the Player's Guide); docs/rules/dofa.md,
part 2, has a row for each."""

from __future__ import annotations

from pocketdeck.core.rng import Rng
from pocketdeck.systems.dofa_gm import decks as dk
from pocketdeck.systems.dofa_gm import draws
from pocketdeck.systems.dofa_gm import fight as ft
from pocketdeck.systems.dofa_gm.fight import actor
from test_dofa_gm import GAME, _turn_of, new, play, player, report, stack
from test_dofa_gm import refused as _refused  # noqa: F401 (review 4's tests read it here too)


def _newcomer(foes: tuple[str, ...] = ("Grunt",)) -> tuple[dict, str]:
    """A fight under way (Ann's Target Card typed in), then Cy joins from her sheet."""
    s = play(new(("Ann",), foes=list(foes)), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    s = GAME.apply(s, {"type": "join", "player": player("Cy")})
    return s, s["actors"][-1]["id"]


# -- A: a player who joins a fight draws a Target Card; no attack without one -------------------

def test_pg_taking_turns_1_a_player_joining_a_fight_draws_a_target_card_at_once():
    """PG, Taking Turns 1: "all characters draw a Target Card ... The values represent the
    turn order ... and the TC for any attack". A player joining a running fight draws
    theirs as they join (drawn on their phone, typed in by the GM), and takes a place by it."""
    s, cy = _newcomer()
    assert s["entry"] is not None and s["entry"]["for"] == {"kind": "tc", "who": cy}
    s = report(s, "AD")
    assert ft.tc_of(s, actor(s, cy)) == "AD" and cy in s["combat"]["order"]


def test_pg_taking_turns_1_no_attack_is_drawn_against_a_combatant_without_a_target_card():
    """The Target Card is "the TC for any attack": a newcomer whose card is not in yet (the
    GM put the entry aside) is no target of a creature's attack or of a Boss's Adversary
    Major Action (an attack against TC '' raised ValueError on Accept). Refused, naming
    the rule, with the state unchanged."""
    s, cy = _newcomer(("Grunt", "Spider Queen"))
    if s["entry"]:                      # the GM puts the Target Card's entry aside
        s = play(s, {"type": "entry_cancel"})
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")["id"]
    queen = next(a for a in s["actors"] if a["source"] == "Spider Queen")["id"]
    s = _turn_of(s, grunt)
    at_cy = [a for a in GAME.legal_actions(s) if a.get("target") == cy]
    assert not [a for a in at_cy if a["type"] in ("attack", "readied_attack")
                or a.get("name") == "Adversary Major Action"], at_cy
    assert {"type": "player_tc", "who": cy} in GAME.legal_actions(s)
    _refused(s, {"type": "attack", "who": grunt, "target": cy, "power": "Attack, Weapon"},
             "Target Card", "PG, Taking Turns")
    _refused(s, {"type": "adversary", "who": queen, "name": "Adversary Major Action", "target": cy},
             "Target Card", "PG, Taking Turns")
    # once her card is in, she may be attacked
    s = report(play(s, {"type": "player_tc", "who": cy}), "3C")
    assert any(a.get("target") == cy and a["type"] == "attack" for a in GAME.legal_actions(s))


# -- C: a stable Knocked Out Dealer attacked further begins an Epic Event -----------------------

def test_pg_status_conditions_5_and_14_a_stable_knocked_out_dealer_hit_again_begins_an_epic_event():
    """PG, Status Conditions 5: "If a Knocked Out Dealer is attacked further, the Player
    begins an Epic Event alone to avoid Death"; 14 Dead: "they begin an Epic Event"."""
    s = play(new(("Ann",), foes=["Captain, Defender", "Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    cap = next(a for a in s["actors"] if a["source"] == "Captain, Defender")
    ft.hurt(s, cap, 99, Rng(1))
    cap["ko"].update(successes=2, stable=True)
    s = play(s, {"type": "focus", "who": cap["id"]}, {"type": "damage", "who": cap["id"], "amount": 1, "bypass": False})
    cap = actor(s, cap["id"])
    assert cap["ko"] == {"turns": 0, "successes": 0, "failures": 0, "damaged": True, "stable": False}
    assert "begin an Epic Event" in " ".join(s["log"][-3:])
    s = _turn_of(s, cap["id"])
    assert {"type": "ko_draw"} in GAME.legal_actions(s)


# -- D: a Knocked Out player is unable to act until treated: no Quick Rest ---------------------

def test_pg_status_conditions_5_a_knocked_out_player_takes_no_quick_rest():
    """PG, Status Conditions 5: Knocked Out characters "are unable to act until treated";
    a phone's player Knocked Out is not called to a Quick Rest (it woke them with 6 HP)."""
    s = play(new(("Ann", "Bo")), {"type": "phone", "who": "p1"}, {"type": "phone", "who": "p2"})
    ft.hurt(s, actor(s, "p1"), 99, Rng(1))
    assert actor(s, "p1")["ko"]
    s = play(s, {"type": "rest", "rest": "quick"})
    assert not actor(s, "p1").get("resting") and actor(s, "p2")["resting"]
    assert not [a for a in GAME.legal_actions(s) if a.get("who") == "p1" and a["type"].startswith("rest")]
    _refused(s, {"type": "rest_end", "who": "p1"}, "Knocked Out", "PG, Status Conditions 5")
    # Bo alone Knocked Out too: no Quick Rest is called at all
    s = play(new(("Ann",)), {"type": "phone", "who": "p1"})
    ft.hurt(s, actor(s, "p1"), 99, Rng(1))
    assert {"type": "rest", "rest": "quick"} not in GAME.legal_actions(s)


# -- E, F: Fatigue 5 Knocked Out; Fatigue 4 PP doubled --------------------------------------

def _dealer_turn(seed: int = 3) -> tuple[dict, dict]:
    s = play(new(("Ann",), foes=["Captain, Defender", "Grunt"], seed=seed), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    cap = next(a for a in s["actors"] if a["source"] == "Captain, Defender")
    return _turn_of(s, cap["id"]), cap


def test_pg_fatigue_5_knocked_out_a_deck_the_app_holds():
    """PG, Fatigue 5: "Knocked Out". A Dealer whose deck runs out a fifth time is Knocked
    Out (as the phone's own sheet, part 1)."""
    s, cap = _dealer_turn()
    actor(s, cap["id"])["fatigue"] = 4
    d = s["decks"][cap["id"]]
    d["discard"] += d["draw"]
    d["draw"] = []
    s = play(s, next(a for a in GAME.legal_actions(s) if a["type"] == "attack" and a["who"] == cap["id"]))
    cap = actor(s, cap["id"])
    assert cap["fatigue"] == 5 and cap["ko"] and cap["hp"] == 0
    assert any("Fatigue 5: Knocked Out" in line for line in s["log"][-4:])


def test_pg_fatigue_4_pp_expenditure_requirements_doubled():
    """PG, Fatigue 4: "PP expenditure requirements doubled": Charge (1 PP) costs 2, its
    2-PP option 4; a power the Dealer cannot pay twice for is not offered."""
    s, cap = _dealer_turn()
    x = actor(s, cap["id"])
    x["fatigue"], x["pp"] = 4, 3
    legal = GAME.legal_actions(s)
    charge = [a for a in legal if a.get("power") == "Attack, Charge"]
    assert charge and all("pp" not in a for a in charge)          # the 2-PP option needs 4 now
    sweep = [a for a in legal if a.get("power") == "Attack, Sweep"]
    assert not sweep                                               # 2 PP doubled: 4
    _refused(s, {"type": "attack", "who": cap["id"], "target": "p1", "power": "Attack, Sweep"},
             "Fatigue 4", "doubled")
    s = play(s, charge[0])
    assert actor(s, cap["id"])["pp"] == 1


# -- G: an Ace drawn as a Target Card stays a Fate Card when the TC is replaced --------------

def test_pg_fate_cards_2_an_ace_target_card_is_kept_as_a_fate_card_when_replaced():
    """PG, The Action Deck 2 ("Jokers and Aces are Fate Cards and should be reserved in
    one's hand, for both players and the GM"), Fate Cards 2; GMG, Character Types (a Dealer
    "reserves Aces when drawn"): the Ace a Dealer drew as its Target Card goes to its Fate
    Cards, not the discard pile, when a new TC replaces it."""
    s = new(("Ann",), foes=["Captain, Defender", "Grunt"])
    cap = next(a for a in s["actors"] if a["source"] == "Captain, Defender")["id"]
    s = stack(s, cap, "AS", "5H")
    s = play(s, {"type": "start_combat"})
    assert s["decks"][cap]["tcs"][cap] == "AS"
    s = play(s, {"type": "redraw_tc", "who": cap, "card": "RJ"})
    d = s["decks"][cap]
    assert d["tcs"][cap] == "5H" and "AS" in d["fate"] and "AS" not in d["discard"]
    # a Minion's NPC Deck keeps no Aces: its Ace TC is discarded (GMG, Character Types)
    npc = dk.new_deck(Rng(1))
    npc["draw"].remove("AH")
    npc["tcs"]["g"] = "AH"
    dk.drop_tc(npc, "g")
    assert "AH" in npc["discard"]


# -- H: the last enemy Knocked Out ends combat ------------------------------------------------

def test_pg_ending_combat_the_last_enemy_knocked_out_ends_combat_at_the_table():
    """PG, Ending Combat: "When the last enemy combatant has been Knocked Out, retreats, or
    surrenders, Combat is over. This ends the turn order": at the GM's table too (a party
    Dealer Knocked Out kept drawing Epic Events until the GM tapped End combat)."""
    s = play(new(("Ann", "Bo"), foes=["Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    s = report(play(s, {"type": "player_tc", "who": "p2"}), "3S")
    ft.hurt(s, actor(s, "p2"), 99, Rng(1))
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")["id"]
    s = play(s, {"type": "focus", "who": grunt}, {"type": "damage", "who": grunt, "amount": 4, "bypass": True})
    assert actor(s, grunt)["ko"] and s["combat"] is None and s["phase"] == "play"
    assert "Combat is over" in " ".join(s["log"][-3:])
    assert not [a for a in GAME.legal_actions(s) if a["type"] in ("ko_card", "ko_draw", "end_turn")]


# -- J: a Dealer has at least 5 HP ---------------------------------------------------------------

def test_pg_dealers_npcs_and_companions_1_a_dealer_has_at_least_5_hp():
    """PG, Dealers, NPCs and Companions 1: Dealers "Have at least 5 health points (HP)". The
    bestiary's Ritualist (a Dealer, 4 HP in its stat block) joins with 5."""
    s = new(("Ann",), foes=["Ritualist, Support", "Grunt"])
    rit = next(a for a in s["actors"] if a["source"] == "Ritualist, Support")
    assert rit["kind"] == "dealer" and rit["hp"] == rit["hp_max"] == 5
    seat = GAME.view(s, "player:p1")
    assert not any("4" in line and "Ritualist" in line and "HP" in line for line in seat["log"])


# -- B: armor worn without its requirement -----------------------------------------------------

def test_gmg_items_armor_an_unmet_requirement_puts_agility_finesse_and_stealth_checks_at_lower_hand():
    """GMG, Items, Armor: "A character who ignores this requirement ... must make all
    Agility, Finesse, and Stealth Checks at Lower Hand". A sheet that joins in Heavy Armor
    (Strength 1 or more) with Strength 0 brings it; its Agility, Finesse and Stealth draws
    are at Lower Hand, its Brute ones are not."""
    from pocketdeck.core.game import get_game
    from pocketdeck.systems.dofa_gm.sheetlink import player_from_state
    dofa = get_game("dofa")
    st = dofa.new_game(dofa.default_options(), 3)
    st["sheet"].update(armor="Heavy")
    st["sheet"]["attrs"]["STR"] = 0
    p = player_from_state(st)
    assert p["armor"] == "Heavy"
    s = GAME.apply(new(("Ann",)), {"type": "join", "player": p})
    x = s["actors"][-1]
    lower = [n for _, n in draws.hand_parts(s, x, "check", "Finesse")]
    assert -1 in lower and sum(lower) == -1
    assert sum(n for _, n in draws.hand_parts(s, x, "save", "AGL")) == -1
    assert sum(n for _, n in draws.hand_parts(s, x, "check", "Stealth")) == -1
    assert sum(n for _, n in draws.hand_parts(s, x, "check", "Brute")) == 0
    # the requirement met (Strength 1): no Lower Hand
    ok = dict(p, mods=dict(p["mods"], STR=1))
    s = GAME.apply(new(("Ann",)), {"type": "join", "player": ok})
    assert sum(n for _, n in draws.hand_parts(s, s["actors"][-1], "check", "Finesse")) == 0
    _refused(new(("Ann",)), {"type": "join", "player": dict(p, armor="Paper")}, "armor")


# -- A: the random players play every action type the app can produce, join included --------

def test_random_play_plays_every_action_type_and_join():
    """``simulate``'s random players (policy.sim_choose) play every action type that some
    game offers (a crash hid once behind a join nobody made), and also the two the app
    produces outside ``legal_actions``: ``join`` (a sheet's link or QR code, in a fight
    too) and ``phone`` (a player's phone over the table link, with or without the sheet).
    80 seeded games of at most 120 steps (about 20 s of CPU)."""
    from pocketdeck.core.simulate import simulate
    summary = simulate("dofa-gm", 80, 1000, step_cap=120)
    assert summary["errors"] == 0, summary["failures"]
    assert summary["unplayed"] == [], f"offered but never played: {summary['unplayed']}"
    assert summary["played"].get("join", 0) >= 10 and summary["played"].get("phone", 0) >= 10
