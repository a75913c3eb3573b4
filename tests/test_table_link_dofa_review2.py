"""The differences of the second independent reading of the DofA phone at the GM's table
(docs/reviews/dofa-phone-2-2026-11-27.md, issue 29). Each test is named after the
difference and the book's section, and failed on main before its fix. Rules:
docs/rules/dofa.md, "The player's phone at the GM's table"."""

from __future__ import annotations

import re

from test_table_link_dofa_draws import FIGHT, TYPED

from pocketdeck.core.simulate import play_one
from pocketdeck.systems.dofa_gm import GAME
from pocketdeck.systems.dofa_gm import fate, turns
from pocketdeck.systems.dofa_gm import fight as ft


def actor(s: dict, name: str) -> dict:
    return next(a for a in s["actors"] if a["name"] == name)


def play(s: dict, *actions: dict) -> dict:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def every_view(s: dict) -> None:
    for seat in GAME.seats(s):
        GAME.view(s, seat)


# -- 3: a Companion whose Dealer left -------------------------------------------------------

def test_review2_3_pg_taking_turns_1_a_companion_leaves_the_table_with_its_dealer():
    """PG, Taking Turns 1: "At the beginning of combat, all characters draw a Target Card";
    PG, Dealers, NPCs and Companions: "A Companion acts on the players turn, draws from the
    Dealer's deck of cards". A Companion uses its Dealer's Target Card; with the Dealer
    removed it had none, and a creature's attack on it broke the table ('' is not a playing
    card). Choice: it leaves the table with its Dealer."""
    s = GAME.new_game(FIGHT["options"], 5)
    s = play(s, {"type": "panel", "panel": "add"}, {"type": "add_creature", "id": "Wolf"},
             {"type": "add_premade", "id": "Hearts1"})
    assert actor(s, "Wolf")["dealer"] == "p1"
    s = play(s, {"type": "focus", "who": "p1"}, {"type": "remove", "who": "p1"})
    assert actor(s, "Wolf")["out"] and "Wolf leaves with Ann, its Dealer." in s["log"]
    s = play(s, {"type": "start_combat"})
    for _ in range(200):
        legal = GAME.legal_actions(s)
        assert not any(a.get("target") == actor(s, "Wolf")["id"] or a.get("who") == actor(s, "Wolf")["id"]
                       for a in legal if a["type"] not in ("focus",))
        every_view(s)
        GAME.check_state(s)
        if not legal:
            break
        s = GAME.apply(s, legal[(len(s["log"]) * 7) % len(legal)])


# -- 2: a creature's numbers on a player's seat ---------------------------------------------

NUMBERS = re.compile(r"\b(HP|AP|AR)\b[^.;]{0,15}?\d|\d+\s*(HP|AP|AR)\b|\(\d+/\d+\)")
SECRET = ("hp", "hp_max", "ap", "ap_max", "ar", "pp", "pp_max")


def creature_numbers(s: dict, v: dict) -> list[str]:
    """What a player's seat reads of a creature's numbers (GMG, GM Preparation: "GMs keep
    some information hidden from the Players"): its HP, AP, AR or PP in ``actors``, or in a
    log line about it (a line it is the subject of; the Undying rule's "1 HP" aside)."""
    creatures = sorted((a["name"] for a in s["actors"] if a["side"] != "party"), key=len, reverse=True)
    found = [f"{a['name']}: {k}" for a in v["actors"] if a["name"] in creatures for k in SECRET if k in a]
    for line in v["log"]:
        who = next((n for n in creatures if line.startswith(n + " ") or line.startswith(n + ":")), None)
        if who and "(Undying)" not in line and NUMBERS.search(line[len(who):]):
            found.append(line)
    return found


def test_review2_2_gmg_gm_preparation_no_creatures_hp_reaches_a_players_seat():
    """GMG, GM Preparation: "During a session, GMs keep some information hidden from the
    Players". The heal, boss phase, treated and damage lines of a creature reached the
    players' seats with its HP ("Necromancer regains 1 HP (7/8).", "takes 3 damage (0 AP, 2
    HP)."). Every player seat's view, every step of seeded games with creatures."""
    caught: set[str] = set()      # the distinct lines with a creature's numbers the GM's log held

    def scan(game, s, actions) -> None:
        for seat in game.seats(s)[1:]:
            v = game.view(s, seat)
            assert not creature_numbers(s, v), (seat, creature_numbers(s, v))
        caught.update(creature_numbers(s, {"actors": [], "log": s["log"]}))

    for seed in range(5):
        play_one(GAME, seed, step_cap=400, observers=[scan])
    assert len(caught) > 20, "the GM's log of these games holds creatures' numbers for the scan to catch"


def test_review2_2_the_lines_a_player_reads_of_a_creature():
    party = {"Ann"}
    for line, public in (("Necromancer regains 1 HP (7/8).", "Necromancer regains HP."),
                         ("Necromancer enters phase 2 of 2: HP back to 8, new Target Card Ace of Spades.",
                          "Necromancer enters phase 2, new Target Card Ace of Spades."),
                         ("Grunt is treated and wakes with 1 HP.", "Grunt is treated and wakes."),
                         ("Small Golem takes 3 damage (0 AP, 2 HP).", "Small Golem takes 3 damage."),
                         ("Ann takes 3 damage (0 AP, 2 HP).", "Ann takes 3 damage (0 AP, 2 HP).")):
        assert ft.public_line(line, party) == public


# -- 1, 5, 7, 16: the Quick Rest --------------------------------------------------------------

def phone_table(seed: int = 5, level: int = 1) -> dict:
    """Ann with her sheet, her phone joined, out of combat, a Grunt at the table."""
    options = dict(FIGHT["options"], players=[dict(FIGHT["options"]["players"][0], level=level)])
    return play(GAME.new_game(options, seed), {"type": "phone", "who": "p1"})


def rest_card(s: dict) -> dict:
    """A Rest Card drawn on the phone and accepted (the TC first, kept, if she held none)."""
    s = play(s, {"type": "rest_card", "who": "p1"})
    if s["draw"] is None:
        s = play(s, {"type": "keep_tc", "who": "p1"}, {"type": "rest_card", "who": "p1"})
    assert s["draw"]["kind"] == "rest"
    return play(s, {"type": "accept"})


def test_review2_1_gmg_resting_rest_cards_give_their_points_when_the_quick_rest_is_complete():
    """GMG, Resting: "Players can only use Rest Cards after a Rest has been successfully
    completed ... In the event that a Rest is interrupted, it can be resumed". A Rest Card's
    HP/PP is held until the Quick Rest completes; a fight interrupts it: nothing recovered,
    not counted; the GM's next Quick Rest resumes it with what it held."""
    s = phone_table()
    actor(s, "Ann").update(hp=2, pp=0)
    s = rest_card(play(s, {"type": "rest", "rest": "quick"}))
    gain = next(a for a in GAME.legal_actions(s) if a["type"] == "rest_gain" and a["hp"])
    s = play(s, gain)
    assert (actor(s, "Ann")["hp"], actor(s, "Ann")["rest_held"]) == (2, [gain["hp"], gain["pp"]])
    s = play(s, {"type": "start_combat"})
    ann = actor(s, "Ann")
    assert (ann["hp"], ann["pp"], ann.get("quick_rests", 0), ann["resting"]) == (2, 0, 0, False)
    assert ann["rest_paused"] and "interrupted by the fight" in " ".join(s["log"])
    s = play(s, {"type": "end_combat"}, {"type": "rest", "rest": "quick"})
    assert actor(s, "Ann")["resting"] and actor(s, "Ann")["rest_held"] == [gain["hp"], gain["pp"]]
    assert "resume" in s["log"][-1]
    s = play(s, {"type": "rest_end", "who": "p1"})
    ann = actor(s, "Ann")
    assert (ann["hp"], ann["pp"], ann["quick_rests"]) == (2 + gain["hp"], gain["pp"], 1)
    assert not ann["rest_paused"] and ann["rest_held"] is None
    GAME.check_state(s)


def test_review2_1_a_rest_cards_choice_counts_what_is_held_against_the_maximum():
    """PG, Rests ("recover one HP or PP"): never past the maximum, counting what is held."""
    s = phone_table()
    ann = actor(s, "Ann")
    ann.update(hp=ann["hp_max"] - 1, pp=ann["pp_max"])
    s = play(s, {"type": "rest", "rest": "quick"})
    for _ in range(3):
        s = rest_card(s)
        gains = [a for a in GAME.legal_actions(s) if a["type"] == "rest_gain"]
        if gains:
            s = play(s, gains[0])
    assert actor(s, "Ann")["rest_held"] == [1, 0]
    assert not any(a["type"] == "rest_gain" for a in GAME.legal_actions(s))


def test_review2_7_pg_rests_each_player_who_is_resting_chooses_to_rest():
    """PG, Rests: "each player who is resting draws from their deck using Rest Cards" and
    "A player can only gain the benefits of a Quick Rest twice per Full Rest". A player
    called to a Quick Rest may decline on their phone; it does not count."""
    s = play(phone_table(), {"type": "rest", "rest": "quick"})
    assert {"type": "rest_skip", "who": "p1"} in GAME.legal_actions(s)
    assert GAME.view(s, "player:p1")["actions"][-1]["label"].startswith("Don't rest now")
    s = play(s, {"type": "rest_skip", "who": "p1"})
    ann = actor(s, "Ann")
    assert not ann["resting"] and ann.get("quick_rests", 0) == 0 and not ann["rest_paused"]
    assert {"type": "rest", "rest": "quick"} in GAME.legal_actions(s)


def test_review2_5_pg_fate_cards_3_the_target_card_for_rest_cards_may_be_redrawn():
    """PG, Fate Cards 3: "Any time a player or the GM draws a card, they may discard one held
    Fate Card and redraw". The TC drawn for the Rest Cards waits for the phone's choice."""
    s = play(phone_table(), {"type": "rest", "rest": "quick"}, {"type": "rest_card", "who": "p1"})
    first = actor(s, "Ann")["tc"]
    legal = GAME.legal_actions(s)
    assert s["draw"] is None and legal[-1] == {"type": "keep_tc", "who": "p1"}
    assert {a["type"] for a in legal[:-1]} == {"redraw_tc"} and len(legal) == 3
    redraw = next(a for a in GAME.legal_actions(s) if a["type"] == "redraw_tc")
    s = play(s, redraw)
    assert actor(s, "Ann")["tc"] != first and redraw["card"] not in s["decks"]["p1"]["fate"]
    s = play(s, {"type": "rest_card", "who": "p1"})
    assert s["draw"]["kind"] == "rest" and s["draw"]["tc"] == actor(s, "Ann")["tc"] and s["draw"]["hand"] == 0
    GAME.check_state(s)


# -- 8, 4: a phone's Companion -------------------------------------------------------------

def with_wolf() -> dict:
    s = play(phone_table(level=5), {"type": "panel", "panel": "add"}, {"type": "add_creature", "id": "Wolf"})
    assert actor(s, "Wolf")["dealer"] == "p1" and actor(s, "Wolf")["hp_max"] == 3
    return s


def test_review2_8_pg_rests_a_full_rest_restores_the_companion():
    """PG, Rests (Full Rest): "Fate, Health, Power, and Armor Points ... all return to their
    maximum values": the Companion's too."""
    s = with_wolf()
    wolf = actor(s, "Wolf")
    wolf.update(hp=1, ap=0)
    s = play(s, {"type": "rest", "rest": "full"})
    wolf = actor(s, "Wolf")
    assert (wolf["hp"], wolf["ap"]) == (wolf["hp_max"], wolf["ap_max"])
    GAME.check_state(s)


def test_review2_4_pg_dealers_npcs_and_companions_a_phones_companion_discards_from_its_dealers_deck():
    """PG, Dealers, NPCs and Companions: a Companion "draws from the Dealer's deck of cards";
    Status Conditions 7 Poisoned: "On failure, they discard N+1 cards": from the deck the host
    keeps for its Dealer's phone (it only logged "discard 2 card(s) on the phone")."""
    from pocketdeck.core.rng import Rng
    s = with_wolf()
    wolf, deck = actor(s, "Wolf"), s["decks"]["p1"]
    ft.add_status(s, wolf, "Poisoned", None)
    left = len(deck["draw"])
    ft.save_result(s, wolf, "Poisoned", False, Rng(1))
    assert len(deck["draw"]) == left - 2 and "Wolf discards 2 card(s) from Ann's Action Deck." in s["log"]
    GAME.check_state(s)


# -- 13: the Epic Event's skill ------------------------------------------------------------

def anns_epic_draws(seed: int) -> list[str]:
    """The skills of Ann's draws at the first Epic Event TC (DR 6), the GM naming VIT once."""
    s = play(phone_table(seed), {"type": "epic_setup"}, {"type": "epic_begin"}, {"type": "epic_reveal"},
             {"type": "epic_dr", "dr": 6}, {"type": "epic_join", "who": "p1"}, {"type": "epic_go"},
             {"type": "epic_stat", "stat": "VIT"})
    drawn: list[str] = []
    while s["epic"]["done"] == 0 and len(drawn) < 3:
        legal = GAME.legal_actions(s)
        if {"type": "epic_card"} in legal:
            s = play(s, {"type": "epic_card"}, {"type": "phone_draw"})
            drawn.append(s["draw"]["stat"])
        elif {"type": "epic_gm_draw"} in legal:
            s = play(s, {"type": "epic_gm_draw"})
        else:
            s = play(s, next(a for a in legal if a["type"] in ("accept", "stop", "draw_more")))
    return drawn


def test_review2_13_pg_epic_events_the_skill_the_gm_named_holds_for_that_volunteer():
    """PG, Epic Events: "The GM decides the relevant Attribute or Skill, so each player may
    apply the relevant modifier". Named once for a volunteer, it holds for their later draws
    at the same TC (it lasted one draw: the next used their best skill)."""
    runs = [anns_epic_draws(seed) for seed in range(8)]
    assert any(len(r) > 1 for r in runs), runs
    assert all(set(r) == {"VIT"} for r in runs), runs


# -- 14: Exchange Fate on one's own turn ----------------------------------------------------

def test_review2_14_pg_in_combat_actions_exchanging_fate_is_a_free_action_on_ones_own_turn():
    """PG, In Combat Actions: "On a turn, a character may ... perform any number of Free
    Actions", *Exchanging Fate* among them: in a fight the phone is offered it on Ann's own
    turn only; outside a fight at any time (Fate Cards 4.2)."""
    from pocketdeck.core.rng import Rng
    s = phone_table()
    actor(s, "Ann")["pp"] = 0
    assert any(a["type"] == "exchange_fate" for a in GAME.legal_actions(s))
    s = play(s, {"type": "start_combat"})
    rng, seen = Rng(3), set()
    for _ in range(300):
        legal = GAME.legal_actions(s)
        if not s["combat"] or not legal:
            break
        mine = any(a["type"] == "exchange_fate" and a["who"] == "p1" for a in legal)
        cur = turns.current(s) if s["combat"]["stage"] == "turns" else None
        ann = actor(s, "Ann")
        if ann["pp"] < ann["pp_max"] and ft.standing(ann) and s["decks"]["p1"]["fate"] and not (
                s["draw"] or s["entry"] or s["call"] or s["epic"] or fate.phone_tc(s)):
            assert mine == (cur is not None and cur["id"] == "p1"), (cur, legal)
            seen.add(mine)
        pool = [a for a in legal if a["type"] not in ("exchange_fate", "toughen_up", "end_session", "end_combat")]
        s = play(s, GAME.sim_choose(s, pool or legal, rng))
    assert seen == {True, False}


# -- a random walk with a phone seated ------------------------------------------------------

def walk_choice(s: dict, legal: list[dict], rng) -> dict:
    """Half the policy's choice (fights reach their ends), half uniform; the session is not
    ended while anything else is legal, and a Rest or the phone's own choices are favoured
    now and then so their paths are walked too."""
    pool = [a for a in legal if a["type"] != "end_session"] or legal
    rests = [a for a in pool if a["type"].startswith("rest")]
    if rests and rng.below(4) == 0:
        return rng.choice(rests)
    if rng.below(2):
        a = GAME.sim_choose(s, legal, rng)
        if a["type"] != "end_session" or pool is legal:
            return a
    return rng.choice(pool)


def phone_walk(seed: int, steps: int, observe=None) -> int:
    """One seeded game at the GM's table with Ann's phone seated (with her sheet; a Wolf
    Companion in every other game): random legal actions for the GM and the phone's seat
    (``simulate`` never seats a phone), every seat's view and the whole screen drawn each
    step (ui.check.render_check), the state checked, and no hidden DR, creature AR or
    creature HP in any player's seat. Returns the steps played."""
    from pocketdeck.core.rng import Rng
    from pocketdeck.ui.check import render_check
    rng = Rng(seed ^ 0x9E37)
    options = GAME.sim_options(rng)
    options = dict(options, mode="table", players=[FIGHT["options"]["players"][0]] + options.get("players", [])[:1],
                   party=options["party"][:1])
    s = GAME.new_game(options, seed)
    actions = [{"type": "phone", "who": "p1"}]
    s = GAME.apply(s, actions[0])
    if seed % 2:
        for a in ({"type": "panel", "panel": "add"}, {"type": "add_creature", "id": "Wolf"}):
            s = GAME.apply(s, a)
            actions.append(a)
    for step in range(steps):
        GAME.check_state(s)
        render_check(GAME, s, actions)
        for seat in GAME.seats(s)[1:]:
            v = GAME.view(s, seat)
            assert not creature_numbers(s, v), (seed, step, seat, creature_numbers(s, v))
            c, d = v.get("call") or {}, v.get("draw") or {}
            assert not (c.get("hidden") and c.get("dr") is not None), (seed, step, seat, c)
            assert not (s["draw"] and s["draw"].get("hidden") and d and d.get("dr") is not None), (seed, step, d)
        if observe:
            observe(s)
        legal = GAME.legal_actions(s)
        if not legal or GAME.is_over(s):
            return step
        a = walk_choice(s, legal, rng)
        s = GAME.apply(s, a)
        actions.append(a)
    return steps


def test_a_random_walk_with_a_phone_seated_at_the_gms_table():
    """Issue 29: the phone's paths played at random (the reviewer's walk hit difference 3's
    crash): a few seeded games, a few hundred steps each, nothing raises and no secret
    reaches a player's seat."""
    kinds: set[str] = set()

    def note(s: dict) -> None:
        kinds.update(k for k in ("draw", "call", "epic", "combat") if s[k])
        if any(a.get("resting") for a in s["actors"]):
            kinds.add("rest")
        if s["draw"] and s["draw"]["by"] == "p1":
            kinds.add("phone draw")

    played = sum(phone_walk(seed, 250, note) for seed in range(4))
    assert played == 1000 and {"draw", "combat", "call", "epic", "rest", "phone draw"} <= kinds, kinds


# -- 11: a Companion at the table before its Dealer's sheet ----------------------------------

def test_review2_11_pg_health_and_armor_a_companions_hp_follows_the_level_the_sheet_brings():
    """PG, Health and Armor: "The health of Companions HP is half the level of their Dealer,
    rounding up". A Companion that joined a typed-in Ann (level 1: HP 1) gets HP 3 when her
    phone brings her level-5 sheet."""
    s = play(GAME.new_game(TYPED["options"], 5), {"type": "panel", "panel": "add"},
             {"type": "add_creature", "id": "Wolf"})
    assert (actor(s, "Wolf")["dealer"], actor(s, "Wolf")["hp_max"]) == ("p1", 1)
    s = play(s, {"type": "phone", "who": "p1", "player": dict(FIGHT["options"]["players"][0], level=5)})
    assert (actor(s, "Wolf")["hp"], actor(s, "Wolf")["hp_max"]) == (3, 3)
    GAME.check_state(s)
