"""ADS part 2: the party. Several characters in one fight, hot-seat (systems/ads/party.py),
and in the adventure (systems/ads/adventure). Rules notes: docs/rules/ads.md "The party".
Prefix in the notes: tp_."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads import actions, data, flow, party
from pocketdeck.systems.ads.rules import new_fight
from pocketdeck.ui.check import render_check

import pocketdeck.systems.ads.adventure.game  # noqa: F401 (registers ads_adventure)
import pocketdeck.ui.ads.adventure  # noqa: F401 (registers the table)

OPTS = {"mode": "simple", "place": "indoors", "updown": "balanced", "start": "first", "light": "dim",
        "dual": False, "ranged_melee": False}


def party_fight(decks: tuple[str, ...] = ("warrior", "mage", "rogue"), foes: tuple[str, ...] = ("cave_troll",),
                mode: str = "simple") -> dict[str, Any]:
    o = dict(OPTS, mode=mode)
    fights = [new_fight(o, data.decks()[d], d, data.deck_instances(d), list(foes)) for d in decks]
    state = fights[0]
    party.make(state, fights[1:])
    state["start_tick"] = 7
    return state


def play(state: dict[str, Any], a: dict[str, Any], rng: Rng) -> None:
    assert a in actions.legal(state), (a, actions.legal(state))
    actions.apply(state, a, rng)


def through_cover(state: dict[str, Any], rng: Rng) -> None:
    if actions.legal(state) == [{"type": "ready"}]:
        actions.apply(state, {"type": "ready"}, rng)


def start(state: dict[str, Any], rng: Rng) -> None:
    """Every character chooses 4 cards (passing the phone), then the Initiative."""
    while state["phase"] == "choose":
        through_cover(state, rng)
        if state["phase"] != "choose":
            break
        play(state, actions.legal(state)[0], rng)
    through_cover(state, rng)
    play(state, {"type": "declare", "symbol": "^"}, rng)
    while state["phase"] == "player_presneak":
        through_cover(state, rng)
        play(state, {"type": "no_presneak"}, rng)


# -- a Foe chooses its target: one truth table per Attack trait --------------------------

def aim(state: dict[str, Any], foe: int = 0, seed: int = 1) -> tuple[int, str]:
    return party.target(state, Rng(seed), foe)


def test_biggest_threat_goes_for_who_hurt_it_most():
    s = party_fight(foes=("bandit",))
    for dealt, want in (([0, 5, 2], 1), ([4, 1, 3], 0), ([0, 0, 6], 2)):
        s["party"]["dealt"][0] = dealt
        assert aim(s) == (want, "Biggest Threat: hurt it most")


def test_prevent_recovery_goes_for_who_healed_last():
    s = party_fight(foes=("plague_rat",))
    for healed in (0, 1, 2):
        s["party"]["healed"] = healed
        assert aim(s) == (healed, "Prevent Recovery: healed last")
    s["party"]["healed"] = -1
    assert aim(s)[1] == "the nearest"  # nobody healed yet: the default


def test_punish_spellcasting_goes_for_who_cast_last():
    s = party_fight(foes=("cultist",))
    for cast in (2, 0, 1):
        s["party"]["cast"] = cast
        assert aim(s) == (cast, "Punish Spellcasting: cast last")


def test_retaliation_goes_for_its_last_attacker():
    s = party_fight(foes=("skeletal_warrior",))
    s["start_tick"] = s["count"] * 6 + s["round"]  # before Merciless - 6 Rounds
    for k in (1, 2, 0):
        s["party"]["hit_by"][0] = k
        assert aim(s) == (k, "Retaliation: attacked it last")


def test_opportunist_goes_for_the_nearest():
    s = party_fight(foes=("goblin_archer",), mode="line")
    for near in (0, 1, 2):
        dists = ["thrown"] * 3
        dists[near] = "melee"
        for k in range(3):  # each character's own Distance to the Foe
            party.enter(s, k)
            s["foes"][0]["distance"] = dists[k]
        party.enter(s, 0)
        assert aim(s) == (near, "Opportunist: the nearest")


def test_brutal_goes_for_the_lowest_hp():
    s = party_fight(foes=("cave_troll",))
    for hps, want in (([9, 2, 5], 1), ([1, 4, 4], 0), ([7, 7, 3], 2)):
        for k, hp in enumerate(hps):
            party.seat(s, k)["hp"] = hp
        assert aim(s) == (want, "Brutal: the lowest HP")


def test_biggest_threat_before_brutal_when_someone_hurt_it():
    s = party_fight(foes=("cave_troll",))
    party.seat(s, 2)["hp"] = 1
    assert aim(s)[0] == 2
    s["party"]["dealt"][0] = [0, 3, 0]
    assert aim(s) == (1, "Biggest Threat: hurt it most")


def test_merciless_after_its_rounds_goes_for_the_most_wounded():
    s = party_fight(foes=("goblin_skirmisher",))
    now = s["count"] * 6 + s["round"]
    party.seat(s, 0)["hp"] = party.seat(s, 0)["max_hp"] - 1
    party.seat(s, 1)["hp"] = party.seat(s, 1)["max_hp"] - 3
    s["start_tick"] = now - 2  # 2 Rounds in: Merciless - 3 not yet
    assert aim(s)[1] == "the nearest"
    s["start_tick"] = now - 3
    assert aim(s) == (1, "Merciless: the most wounded")


def test_a_grapple_binds_the_foe_to_its_character():
    s = party_fight(foes=("cave_troll",))
    party.seat(s, 0)["hp"] = 1  # Brutal would say 0
    party.enter(s, 2)
    s["grapple"] = {"foe": 0, "holder": "player"}
    party.enter(s, 0)
    assert aim(s) == (2, "in a Grapple with them")


def test_ties_and_traitless_foes_take_the_nearest_by_a_seeded_draw():
    s = party_fight(foes=("goblin_skirmisher",))
    picks = {aim(s, seed=n)[0] for n in range(30)}
    assert picks == {0, 1, 2}
    assert aim(s, seed=4) == aim(s, seed=4)


def test_fallen_characters_are_never_targets():
    s = party_fight(foes=("cave_troll",))
    party.seat(s, 1)["hp"] = 1
    s["party"]["out"][1] = "fallen"
    assert aim(s)[0] != 1


# -- the fight's flow --------------------------------------------------------------------------

def test_each_character_chooses_a_hand_and_the_phone_is_passed():
    s = party_fight(decks=("warrior", "mage"))
    rng = Rng(3)
    for _ in range(4):
        play(s, actions.legal(s)[0], rng)
    assert s["party"]["active"] == 1 and actions.legal(s) == [{"type": "ready"}]
    with pytest.raises(StopIteration):
        next(a for a in actions.legal(s) if a["type"] == "choose")
    through_cover(s, rng)
    assert s["phase"] == "choose" and s["hand"] == []  # the mage's own (empty) hand
    for _ in range(4):
        play(s, actions.legal(s)[0], rng)
    through_cover(s, rng)
    assert s["phase"] == "initiative" and s["party"]["active"] == 0
    assert len(party.seat(s, 1)["hand"]) == 7 and len(s["hand"]) == 7


def test_turn_order_by_initiative_and_foes_aim_in_the_log():
    s = party_fight(decks=("warrior", "mage"), foes=("goblin_skirmisher", "goblin_skirmisher"))
    rng = Rng(11)
    start(s, rng)
    assert sorted(s["order"]) == ["0", "1", "p0", "p1"]
    side = [o[0] == "p" for o in s["order"]]
    assert side in ([True, True, False, False], [False, False, True, True])
    assert s["order"].index("p0") < s["order"].index("p1")
    for _ in range(60):
        if s["phase"] == "over":
            break
        through_cover(s, rng)
        legal = actions.legal(s)
        play(s, next((a for a in legal if a["type"] in ("take", "pass", "accept", "exhaust")), legal[0]), rng)
    assert any(" goes for " in line for line in s["log"])


def test_a_fallen_character_leaves_and_the_others_fight_on():
    s = party_fight(decks=("warrior", "mage"), foes=("goblin_skirmisher",))
    rng = Rng(5)
    start(s, rng)
    through_cover(s, rng)
    k = s["party"]["active"]
    from pocketdeck.systems.ads.deck import finish
    finish(s, "lost")
    flow.settle(s, rng)
    assert s["party"]["out"][k] == "fallen" and s["phase"] != "over" and s["players"] == 1
    assert s["party"]["active"] != k
    finish(s, "lost")
    flow.settle(s, rng)
    assert s["phase"] == "over" and s["outcome"] == "lost"


def test_a_fled_character_gets_away_and_xp_is_shared_by_those_still_in():
    s = party_fight(decks=("warrior", "mage", "priest"), foes=("cave_troll",))
    rng = Rng(5)
    start(s, rng)
    from pocketdeck.systems.ads.deck import finish
    from pocketdeck.systems.ads.fight import win
    finish(s, "fled")
    flow.settle(s, rng)
    assert s["players"] == 2 and s["phase"] != "over"
    s["foes"][0]["hp"] = 0
    win(s)
    troll = data.foes()["cave_troll"]
    assert s["outcome"] == "won" and s["xp"] == max(1, troll["xp"] // 2)


def test_everyone_fled_or_fallen_ends_the_fight_fled():
    s = party_fight(decks=("warrior", "mage"), foes=("cave_troll",))
    rng = Rng(5)
    start(s, rng)
    from pocketdeck.systems.ads.deck import finish
    finish(s, "fled")
    flow.settle(s, rng)
    finish(s, "lost")
    flow.settle(s, rng)
    assert s["phase"] == "over" and s["outcome"] == "fled"


def test_conservation_and_every_seat_renders_through_random_party_fights():
    game = get_game("ads_adventure")
    for seed in range(3):
        state = game.new_game({"hero": ["warrior", "mage", "priest", "rogue"]}, seed=seed)
        total = game.card_total(state)
        rng = Rng(seed)
        seen_cover = False
        for _ in range(400):
            if game.is_over(state):
                break
            legal = game.legal_actions(state)
            seen_cover = seen_cover or legal == [{"type": "ready"}]
            state = game.apply(state, game.sim_choose(state, legal, rng))
            assert game.card_total(state) == total
            assert game.seats(state) == ["player", "p0", "p1", "p2", "p3"]
            render_check(game, state, [])
        assert seen_cover


# -- hot-seat views and the screen -----------------------------------------------------------

def fight_at_turn(seed: int = 2) -> dict[str, Any]:
    game = get_game("ads_adventure")
    state = game.new_game({"hero": ["warrior", "mage"]}, seed=seed)
    rng = Rng(seed)
    for _ in range(200):
        f = state["fight"]
        if f and f["phase"] == "turn" and f["party"]["cover"]:
            return state
        state = game.apply(state, game.sim_choose(state, game.legal_actions(state), rng))
    raise AssertionError("no turn behind a cover")


def test_the_cover_hides_the_hand_until_the_player_says_they_hold_the_phone():
    game = get_game("ads_adventure")
    state = fight_at_turn()
    from pocketdeck.ui.ads.adventure import render
    v = game.view(state, "player")
    name = v["fight"]["party"]["seats"][v["fight"]["party"]["active"]]["name"]
    html = render(v, None)
    assert "Pass the phone to" in html and 'class="ads-hand"' not in html and "data-card" not in html
    assert [e["action"] for e in v["fight"]["actions"]] == [{"type": "ready"}]
    state = game.apply(state, {"type": "ready"})
    v = game.view(state, "player")
    html = render(v, None)
    assert f"{name}&#x27;s turn" in html or f"{name}'s turn" in html
    assert "data-card" in html and "Pass the phone" not in html


def test_each_character_sees_only_their_own_hand_on_their_turn():
    game = get_game("ads_adventure")
    state = game.apply(fight_at_turn(), {"type": "ready"})
    k = state["fight"]["party"]["active"]
    mine, other = game.view(state, f"p{k}"), game.view(state, f"p{1 - k}")
    assert mine["fight"]["hand"] and mine["fight"]["actions"]
    assert other["fight"]["hand"] == [] and other["fight"]["actions"] == [] and other["fight"]["waiting"]


def test_setup_offers_four_characters_and_builds_the_party_option():
    from pocketdeck.ui.ads.adventure import options_from_form, setup

    class App:
        library: dict[str, Any] = {}
        pending_library: list[str] = []
    html = setup(App())
    for name in ("hero", "hero2", "hero3", "hero4"):
        assert f'name="{name}"' in html
    out = options_from_form({"hero": "ready:warrior", "hero2": "ready:mage", "hero3": "none", "hero4": "none"}, App())
    assert out["hero"] == ["warrior", "mage"]
    assert options_from_form({"hero": "ready:rogue", "hero2": "none"}, App())["hero"] == "rogue"


def test_party_option_is_checked():
    game = get_game("ads_adventure")
    for bad in (["warrior"], ["warrior"] * 5, ["warrior", 3], ["warrior", "nobody"]):
        with pytest.raises(IllegalAction):
            game.new_game({"hero": bad})
    state = game.new_game({"hero": ["warrior", "warrior"]})
    assert [h["name"] for h in state["heroes"]] == [state["heroes"][0]["name"], state["heroes"][0]["name"] + " 2"]


# -- the adventure with a party ------------------------------------------------------------------

def test_a_party_meets_the_rooms_group_foe_list():
    game = get_game("ads_adventure")
    state = game.new_game({"hero": ["warrior", "mage", "rogue"]}, seed=4)
    foes = [f["id"] for f in state["fight"]["foes"]]
    from pocketdeck.systems.ads.adventure.content import foe_list, rooms
    assert foes == foe_list(rooms()[state["room"]], 3) and len(foes) == 4
    assert state["in_fight"] == [0, 1, 2] and len(state["fight"]["party"]["seats"]) == 3


def test_the_party_rests_together_and_picks_who_leads():
    game = get_game("ads_adventure")
    from pocketdeck.systems.ads.adventure import play as P
    state = game.new_game({"hero": ["warrior", "mage"]}, seed=4)
    state["fight"], state["phase"] = None, "room"
    state.pop("in_fight")
    for h in state["heroes"]:
        h["draw"] += h["discard"] + h["hand"]
        h["discard"], h["hand"] = [], []
    state["room"] = next(r for r, room in __import__("pocketdeck.systems.ads.adventure.content",
                                                       fromlist=["rooms"]).rooms().items() if room["rest"])
    state["cleared"].append(state["room"])
    state["heroes"][1]["hp"] = 1
    assert {"type": "lead", "hero": 1} in P.legal(state)
    state = game.apply(state, {"type": "lead", "hero": 1})
    assert state["active"] == 1
    state = game.apply(state, {"type": "rest"})
    assert [h["fatigue"] for h in state["heroes"]] == [1, 1]
    assert state["heroes"][1]["hp"] == state["heroes"][1]["max_hp"]


def test_a_party_adventure_exports_every_characters_deck():
    from pocketdeck.ui.ads.builder import _export
    game = get_game("ads_adventure")
    state = game.new_game({"hero": ["warrior", "mage"]}, seed=4)
    state["heroes"][1]["alive"] = False
    out = _export(state)
    assert [d["class"] for d in out] == ["warrior", "mage"]
    json.dumps(out)


# -- Pre-Sneaking only where the Room Description card allows it ------------------------------

def test_pre_sneaking_is_offered_on_entering_every_room():
    """Pre-Sneaking: "Anyone who has Sneak Cards in their Combat Deck ... may Pre-Sneak ...
    when entering a new Room or Combat Zone" (issue 26): every fight room offers it."""
    from pocketdeck.systems.ads.adventure import play as P
    from pocketdeck.systems.ads.adventure.content import rooms
    game = get_game("ads_adventure")
    for rid, room in rooms().items():
        if not room["solo"]:
            continue
        state = game.new_game({"hero": "rogue"}, seed=1)  # the rogue carries Sneak cards
        state["fight"], state["phase"] = None, "room"
        P.enter(state, rid, Rng(1))
        f = state["fight"]
        rng = Rng(2)
        while f["phase"] == "choose":
            actions.apply(f, actions.legal(f)[0], rng)
        actions.apply(f, {"type": "declare", "symbol": "^"}, rng)
        assert f["phase"] == "player_presneak", rid


def test_every_party_member_with_sneak_cards_may_presneak_in_turn():
    s = party_fight(decks=("rogue", "warrior", "rogue"), foes=("cave_troll",))
    rng = Rng(9)
    while s["phase"] == "choose":
        through_cover(s, rng)
        if s["phase"] == "choose":
            play(s, actions.legal(s)[0], rng)
    through_cover(s, rng)
    play(s, {"type": "declare", "symbol": "^"}, rng)
    asked = []
    while s["phase"] == "player_presneak" or actions.legal(s) == [{"type": "ready"}]:
        through_cover(s, rng)
        if s["phase"] != "player_presneak":
            break
        asked.append(s["party"]["active"])
        play(s, {"type": "no_presneak"}, rng)
    assert asked == [0, 2]


def test_overwhelm_counts_the_foes_at_melee_with_the_character_attacked():
    from pocketdeck.systems.ads.foegrapple import overwhelm_ready
    s = party_fight(decks=("warrior", "mage"), foes=("goblin_skirmisher",) * 4, mode="line")
    s["start_tick"] = -50  # long into the fight
    for k, where in ((0, "thrown"), (1, "melee")):
        party.enter(s, k)
        for f in s["foes"]:
            f["distance"] = where
    party.enter(s, 0)
    assert not overwhelm_ready(s, 0)  # at Thrown from the warrior
    party.enter(s, 1)
    assert overwhelm_ready(s, 0)  # all four at Melee with the mage
    s["foes"][3]["hp"] = 0
    assert not overwhelm_ready(s, 0)  # Overwhelm - 4 Goblins


def test_a_disease_at_the_rounds_start_can_fell_one_and_the_round_goes_on_for_the_rest():
    from pocketdeck.systems.ads.rounds import end_round
    s = party_fight(decks=("warrior", "mage", "priest"), foes=("plague_rat",))
    rng = Rng(4)
    start(s, rng)
    through_cover(s, rng)
    for k, (hp, fatigue) in enumerate(((1, 6), (5, 0), (1, 6))):
        party.enter(s, k)
        s["hp"], s["fatigue"] = hp, fatigue
        s["disease"] = {"damage": 1, "left": 3, "from": "Plague Rat"}
        s["base_used"] = {"class": True, "race": True}
    end_round(s, rng)
    assert s["party"]["out"] == ["fallen", "", "fallen"] and s["phase"] != "over"
    mage = party.seat(s, 1)
    assert mage["hp"] == 4 and mage["base_used"] == {"class": False, "race": False}
    assert s["party"]["active"] == 1
    s["hp"], s["fatigue"] = 1, 6
    end_round(s, rng)
    assert s["phase"] == "over" and s["outcome"] == "lost"


@pytest.mark.parametrize("cultists,keeps_out", [(3, True), (4, False)])
def test_outnumber_counts_the_characters_still_in(cultists, keeps_out):
    """Outnumber - 2 to 1 against a party of two: 3 Cultists keep out of Melee, 4 do not."""
    from pocketdeck.systems.ads.foeturn import foe_turn
    s = party_fight(decks=("warrior", "mage"), foes=("cultist",) * cultists, mode="line")
    for f in s["foes"]:
        f["distance"] = "melee"
    s["phase"] = "foe"
    foe_turn(s, Rng(1), 0)
    assert any("does not outnumber" in line for line in s["log"]) == keeps_out
    s = party_fight(decks=("warrior", "mage"), foes=("cultist",) * 3, mode="line")
    s["party"]["out"][1], s["players"] = "fallen", 1  # one character left: 3 to 1 outnumbers
    for f in s["foes"]:
        f["distance"] = "melee"
    s["phase"] = "foe"
    foe_turn(s, Rng(1), 0)
    assert not any("does not outnumber" in line for line in s["log"])


def test_refusals_name_the_rule_and_leave_the_state_unchanged():
    game = get_game("ads_adventure")
    covered = fight_at_turn()
    before = json.dumps(covered, sort_keys=True)
    for bad, words in (({"type": "pass"}, "pass the phone to"), ({"type": "ready", "x": 1}, "pass the phone to")):
        with pytest.raises(IllegalAction, match=words):
            game.apply(covered, bad)
    assert json.dumps(covered, sort_keys=True) == before
    state = game.apply(covered, {"type": "ready"})
    with pytest.raises(IllegalAction, match="only while the pass-the-phone cover"):
        game.apply(state, {"type": "ready"})
    room = game.new_game({"hero": ["warrior", "mage"]}, seed=4)
    room["fight"], room["phase"] = None, "room"
    room.pop("in_fight")
    assert {"type": "lead", "hero": 1} in game.legal_actions(room)
    for bad in ({"type": "lead", "hero": 1.0}, {"type": "lead", "hero": 0}, {"type": "lead", "hero": 7}):
        with pytest.raises(IllegalAction, match="take the lead"):
            game.apply(room, bad)
