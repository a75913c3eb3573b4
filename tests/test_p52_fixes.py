"""Issue 6, "P52 corrections": one test per item, each of which failed before the fix
(docs/rules/p52.md says which). Scenes are set up on a real state and played through the
public ``apply``, like tests/test_p52_engine.py."""

from __future__ import annotations

import copy

import pytest

from pocketdeck.core import piles
from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.p52 import board
from pocketdeck.systems.p52.combat import damage_enemy
from pocketdeck.systems.p52.flow import new_turn, run
from pocketdeck.systems.p52.room import _boss, make_enemy
from pocketdeck.ui.check import render_check

from test_p52_engine import (act, keep_all, line_room, party, record, scene, stack_action,
                             to_room, with_rng)

G = get_game("p52")


def face_down(state, i, rank="6"):
    """Turn spot ``i`` face down and give it a Room card of ``rank`` (6 = a normal spot),
    swapping cards with the Room deck so that every card stays where the checks want it."""
    p = state["piles"]
    s = state["room"]["spots"][i]
    want = next(c for c in p["room"] + p["room_flips"] if c[:-1] == rank)
    src = "room" if want in p["room"] else "room_flips"
    k = p["layout"].index(s["card"])
    p[src][p[src].index(want)] = s["card"]
    p["layout"][k] = want
    s.update(card=want, rev=False, kind="unknown")


def draw_ok(state):
    """The screen the phone draws for this state (and every seat's view) must not raise."""
    render_check(G, state, [])


# -- 1. the crashes ------------------------------------------------------------------------------
def test_defend_keeps_the_pending_key_and_the_screen_draws():
    """Player Defending: after a legal defend the state keeps ``pending`` (None), and the
    view and the screen draw while an area attack without a target is legal (the issue's
    seed 152 crash: KeyError 'pending')."""
    s = party(record(core={"Lift": 7, "Think": 3, "Balance": 4, "Move": 4, "Lead": 3},
                     abilities={"sword_play": 1, "power_thrust": 1, "dodge": 1}))
    line_room(s, 3)
    eid = scene(s, "KS", enemy_pos=0, char_pos=0)
    s["turn"] = new_turn([eid, "c0"], 1)
    stack_action(s, ["QD", "2C"])  # the Brute hits; the Dodge fails
    with_rng(s, run)
    assert s["pending"]["kind"] == "defend"
    s = act(s, type="defend", ability="dodge", stamina=False)
    assert "pending" in s and s["pending"] is None
    assert any(a.get("ability") == "power_thrust" and a["target"] is None for a in G.legal_actions(s))
    G.check_state(s)
    draw_ok(s)


def test_counter_keeps_the_pending_key():
    """Counter Attacks: declining (or taking) the counter leaves ``pending`` as None."""
    s = party(record())
    line_room(s, 3)
    eid = scene(s, "KS", enemy_pos=0, char_pos=0)
    s["turn"] = new_turn([eid, "c0"], 1)
    stack_action(s, ["AC"])  # the enemy flips an Ace: a counter for the player
    with_rng(s, run)
    assert s["pending"]["kind"] == "counter"
    s = act(s, type="counter", ability=None)
    assert "pending" in s and s["pending"] is None
    draw_ok(s)


def test_a_state_without_its_pending_entry_is_refused():
    """The harness catches a lost key at the right depth: check_state wants every entry."""
    s = party(record())
    del s["pending"]
    with pytest.raises(ValueError, match="pending"):
        G.check_state(s)


def test_the_major_boss_without_a_card_is_drawn():
    """Big Boss: the Major Boss has no card; the table draws him (token B, a Boss card)."""
    s = party(record(), quest="big_boss")
    scene(s, enemy_card=None)
    s["quest"]["boss_stage"] = 1
    boss = make_enemy(s, None, 0, boss="major")
    s["room"]["enemies"].append(boss)
    s["room"]["boss_here"] = "major"
    s["turn"] = new_turn(["c0", boss["id"]], 1)
    draw_ok(s)
    from pocketdeck.ui.p52.table import render
    from pocketdeck.core.saves import Session
    html = render(G.view(s, "player"), Session("p52", s["options"], s["seed"], [], s))
    assert "Ossric" in html and 'aria-label="Boss"' in html


# -- 2. rules that differed from the book ----------------------------------------------------------
def test_delay_first_flip_after_the_next_full_round_and_every_flip_logged():
    """Delaying Your Exit (the book's worked example): no flip at the end of the round in
    which the last enemy fell; the first after the next full round; a flip of 5 or more
    is logged too."""
    s = party(record())
    line_room(s, 3)
    eid = scene(s, "JH", enemy_pos=0, char_pos=0)
    s["room"]["enemies"][0]["hp"] = 1
    s["turn"] = new_turn(["c0", eid], 1)
    stack_action(s, ["QS", "2C", "2D", "9H"])  # hit, weak defence, no drop; then the delay flip
    n = len(s["log"])
    s = act(s, type="attack", ability="sword_play", stamina=False)
    assert not s["room"]["enemies"] and s["turn"]["round"] == 2
    assert not any("Delay flip" in x for x in s["log"][n:])
    s = act(s, type="stance")
    assert [x for x in s["log"][n:] if "Delay flip" in x] == ["Delay flip 9H: nobody comes through the exit."]


def test_six_characters_get_five_stamina_each():
    """Stamina: "each player should be dealt 5 cards"; with 6 characters the sixth got 1."""
    s = party(*[record(name=f"P{i}") for i in range(6)])
    assert [len(s["piles"][f"stamina_c{i}"]) for i in range(6)] == [5] * 6


def test_a_move_goes_on_after_a_reveal():
    """Revealing Dark Spaces / Player Movement: a move that reaches a face-down spot
    reveals it, and the Movement left may still be used this turn."""
    s = party(record(core={"Lift": 6, "Think": 3, "Balance": 4, "Move": 8, "Lead": 3}))  # Movement 3
    line_room(s, 6)
    scene(s, enemy_card=None)
    face_down(s, 2)
    s = act(s, type="move", to=2)
    assert s["room"]["spots"][2]["rev"] and s["chars"][0]["pos"] == 2
    moves = [a["to"] for a in G.legal_actions(s) if a["type"] == "move"]
    assert moves == [1, 3]  # one step left
    assert {"type": "end_turn", "char": "c0"} in G.legal_actions(s)
    s = act(s, type="move", to=3)
    assert s["chars"][0]["pos"] == 3


def test_the_minor_boss_comes_back_after_the_party_runs():
    """Big Boss: "If you run, the next Ace you see is the boss you ran from" (the same
    card; "when you leave the room they regain full strength")."""
    s = party(record(), quest="big_boss")
    line_room(s, 3)
    scene(s, enemy_card=None, char_pos=1)
    s["room"]["boss_here"] = None
    s["quest"]["boss_stage"] = 0
    [bid] = _boss(s, 0)
    boss = s["room"]["enemies"][0]
    card, top = boss["card"], boss["max_hp"]
    boss["hp"] -= 3
    boss["frozen"] = True  # it does not follow the party
    s["turn"] = new_turn(["c0", bid], 1)
    s = act(s, type="move", to=2)  # onto the exit: the party runs
    s = to_room(s, quest="big_boss")
    assert s["quest"]["boss_stage"] == 0 and s["room"]["n"] == 2
    scene(s, enemy_card=None)
    s["room"]["boss_here"] = None
    deck = s["piles"]["enemy"]
    deck.insert(0, deck.pop(deck.index(card)))  # at the bottom: a fresh draw would not find it
    _boss(s, 0)
    again = s["room"]["enemies"][0]
    assert (again["card"], again["max_hp"], again["hp"], again["boss"]) == (card, top, top, "minor")


def test_the_major_boss_revives_only_below_zero():
    """Big Boss (the scenario): "Below 0 HP: flip; 6 or less revives him". At exactly 0 he
    falls for good; below 0 the flip decides."""
    s = party(record(), quest="big_boss")
    scene(s, enemy_card=None)
    s["quest"]["boss_stage"] = 1
    boss = make_enemy(s, None, 0, boss="major")
    s["room"]["enemies"].append(boss)
    boss["hp"] = 5
    stack_action(s, ["3C", "2D"])
    damage_enemy(s, boss, 5, s["chars"][0], Rng(1))
    assert s["quest"]["done"] == "won" and not any("raises him" in x for x in s["log"])
    s2 = party(record(), quest="big_boss")
    scene(s2, enemy_card=None)
    s2["quest"]["boss_stage"] = 1
    boss = make_enemy(s2, None, 0, boss="major")
    s2["room"]["enemies"].append(boss)
    boss["hp"] = 5
    stack_action(s2, ["3C"])
    damage_enemy(s2, boss, 6, s2["chars"][0], Rng(1))
    assert boss["hp"] == 3 and s2["quest"]["done"] is None


def test_the_exit_is_the_furthest_spot_from_the_entrance():
    """Determining the Exit: "the furthest card away from the starting spot", among the
    spots on the flip's side of the entrance when it has any (the review of 2026-11-26);
    across, or a side with no spot, the furthest of the room. Before issue 6, about 6% of
    rooms of 6+ spots put it next to the door."""
    for seed in range(300):
        n = 6 + seed % 14
        cells = board.grow_layout(n, Rng(seed))
        spots = [{"x": x, "y": y} for x, y in cells]
        board.link(spots)
        dist = board.walk_distances(spots, 0, cost_of=lambda s: 1)
        for direction, sign in (("left", -1), ("across", 0), ("right", 1)):
            ex = board.choose_exit(spots, direction)
            side = [i for i in range(len(spots)) if sign and sign * (spots[i]["x"] - spots[0]["x"]) > 0]
            assert dist[ex] == max(dist[i] for i in side or range(len(spots))), (seed, direction)
    line = [{"x": 0, "y": 0}, {"x": -1, "y": 0}, {"x": 1, "y": 0}, {"x": -1, "y": -1}, {"x": 1, "y": -1}]
    board.link(line)  # both arms of a U are 2 steps away: left and right pick their side
    assert board.choose_exit(line, "left") == 3 and board.choose_exit(line, "right") == 4


def test_take_an_item_from_a_partner():
    """Using an Item / trading: "player 1 could trade as many items as they like with
    player 2": taking from the partner as well as giving."""
    s = party(record("A"), record("B", items=["torch"]))
    scene(s, enemy_card=None)
    s = act(s, type="take_from", item="torch", **{"from": "c1"})
    assert "torch" in s["chars"][0]["items"] and "torch" not in s["chars"][1]["items"]


def test_leave_a_found_item_on_its_spot():
    """Chests and Items: a found item may be left lying on the spot (and picked up later)."""
    s = party(record())
    line_room(s, 3)
    scene(s, enemy_card=None)
    s["room"]["spots"][0]["chest"] = "locked"
    stack_action(s, ["10C", "3H", "4S"])  # the chest breaks open; 3 + 4 = 7: a Healing Potion
    n = s["chars"][0]["items"].count("healing_potion")
    s = act(s, type="open_chest", method="smash", stamina=False)
    assert s["pending"] == {"kind": "found", "char": "c0", "items": ["healing_potion"]}
    draw_ok(s)
    s = act(s, type="leave_item", item="healing_potion")
    assert s["room"]["spots"][0]["items"] == ["healing_potion"]
    assert s["chars"][0]["items"].count("healing_potion") == n


def test_the_players_choose_where_a_fleeing_enemy_runs():
    """Determining Enemy Action rule 1: "The player(s) may choose the direction if there
    is a choice."""
    s = party(record())
    line_room(s, 5)
    eid = scene(s, "QC", enemy_pos=2, char_pos=2)  # a Hexer with Clubs: Move 2
    s["room"]["enemies"][0]["hp"] = 1
    s["turn"] = new_turn([eid, "c0"], 1)
    with_rng(s, run)
    assert s["pending"] == {"kind": "flee", "char": "c0", "enemy": eid, "to": [0, 4]}
    draw_ok(s)
    s = act(s, type="flee", to=4)
    assert s["room"]["enemies"][0]["pos"] == 4 and s["pending"] is None


def test_the_player_chooses_the_ability_a_training_manual_raises():
    """Chest items, Training Manual: "+1 Lift or Move and +1 to an ability using it": the
    player picks the ability."""
    s = party(record(items=["training_manual"],
                     abilities={"sword_play": 1, "block": 1, "hand_to_hand": 1}))
    scene(s, enemy_card=None)
    uses = [a for a in G.legal_actions(s) if a["type"] == "use" and a["item"] == "training_manual"]
    assert {(a["target"], a["ability"]) for a in uses} == {
        ("Lift", "block"), ("Lift", "hand_to_hand"), ("Lift", "sword_play"), ("Move", "hand_to_hand")}
    s = act(s, type="use", item="training_manual", target="Lift", ability="sword_play")
    c = s["chars"][0]
    assert c["abilities"] == {"sword_play": 2, "block": 1, "hand_to_hand": 1} and c["core"]["Lift"] == 7


def test_no_stamina_for_doing_nothing_after_a_free_action():
    """On Your Turn: "Do nothing on a turn - no attacks, no defending, no aiming, no
    items... nothing" earns a Stamina card; after trading or equipping it is not offered."""
    s = party(record("A", items=["torch"]), record("B"))
    scene(s, enemy_card=None)
    assert {"type": "rest", "char": "c0"} in G.legal_actions(s)
    s = act(s, type="give", item="torch")
    legal = G.legal_actions(s)
    assert {"type": "rest", "char": "c0"} not in legal and {"type": "end_turn", "char": "c0"} in legal
    with pytest.raises(IllegalAction, match="no Stamina card"):
        G.apply(s, {"type": "rest", "char": "c0"})


def test_enemies_come_for_a_player_on_a_hidden_spot():
    """Hidden spots and Line of Sight: a foe sees a player on a Hidden spot only from the
    same spot (no attacks from range), but "the enemies do know you are there, and will
    move to find you": it walks in, then attacks. Before, it waited and healed for ever."""
    s = party(record())
    line_room(s, 4, kinds={0: "hidden"})
    eid = scene(s, "KH", enemy_pos=2, char_pos=0)  # a Brute: Move 1, range 0
    s["room"]["enemies"][0]["hp"] -= 2
    hp = s["room"]["enemies"][0]["hp"]
    s["turn"] = new_turn([eid, "c0"], 1)
    with_rng(s, run)
    e = s["room"]["enemies"][0]
    assert e["pos"] == 1 and e["hp"] == hp  # it came closer instead of waiting and healing
    for _ in range(4):
        s = act(s, type="defend", ability=None) if s["pending"] else act(s, type="rest")
    e = s["room"]["enemies"][0]
    assert e["pos"] == 0
    assert any(f"{e['name']} attacks" in x or f"{e['name']} hits" in x for x in s["log"])


# -- 3. bad input -------------------------------------------------------------------------------
def mage(abilities):
    rec = record(core={"Lift": 8, "Think": 12, "Balance": 10, "Move": 8, "Lead": 10},
                 abilities=abilities, cls="wizard")
    return party(rec)


@pytest.mark.parametrize("ability,target", [("ice_storm", 1), ("poof", 2), ("magic_shield", 0)])
@pytest.mark.parametrize("bad", [float, lambda v: True if v == 1 else v + 0.0, str])
def test_a_target_of_the_wrong_type_is_refused(ability, target, bad):
    """Legal actions are matched with their types: 2.0, True or "2" for a spot is refused
    and the state is untouched (Ice Storm and Poof raised TypeError, Magic Shield was kept
    under "0.0" and never protected)."""
    s = mage({ability: 1})
    line_room(s, 4)
    eid = scene(s, "KH", enemy_pos=1)
    s["turn"] = new_turn(["c0", eid], 1)
    good = {"type": "ability", "char": "c0", "ability": ability, "target": target, "stamina": False}
    assert good in G.legal_actions(s)
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction):
        G.apply(s, dict(good, target=bad(target)))
    assert s == before


def test_a_float_for_a_whole_number_is_refused_everywhere():
    """The same for a move (``to``) and a layout ``place``."""
    s = party(record())
    line_room(s, 4)
    scene(s, enemy_card=None)
    with pytest.raises(IllegalAction):
        G.apply(s, {"type": "move", "char": "c0", "to": 1.0})
    with pytest.raises(IllegalAction):
        G.apply(s, {"type": "stance", "char": "c0", "extra": True})


# -- character records: as strict as a legal action ------------------------------------------------
def good_record():
    return record(items=["torch"])


BAD_RECORDS = [
    ("race as a list", {"race": ["human"]}, "Choose a Race"),
    ("race as a dict", {"race": {"id": "human"}}, "Choose a Race"),
    ("class as a list", {"class": ["fighter"]}, "Choose a Class"),
    ("quirk as a dict", {"quirk": {"id": "bossy"}}, "Choose a Quirk"),
    ("item as a list", {"items": [["torch"]]}, "items must list"),
    ("item as a dict", {"items": [{"id": "torch"}]}, "items must list"),
    ("equipped item as a list", {"equipped": {"feet": ["leather_shoes"]}}, "equipped must map"),
    ("Enchanted Shoes in all seven slots", {"items": [], "equipped": {
        s: "enchanted_shoes" for s in ("head", "body", "arms", "legs", "feet", "weapon", "knife")}},
     "Enchanted Shoes goes on feet"),
    ("a Healing Potion on the head", {"equipped": {"head": "healing_potion"}}, "cannot be equipped"),
    ("a sword on the feet", {"equipped": {"feet": "piercing_sword"}}, "goes on weapon"),
    ("armor on the knife slot", {"equipped": {"knife": "good_armor"}}, "armor: head, body"),
    ("a slot that is no body part", {"equipped": {"tail": "decent_armor"}}, "not a body part"),
    ("exp of 10**18", {"exp": 10 ** 18}, "exp must be"),
    ("exp at the level's threshold", {"exp": 20}, "below 20 at level 1"),
    ("exp as a float", {"exp": 3.0}, "exp must be"),
    ("exp as True", {"exp": True}, "exp must be"),
    ("level 0", {"level": 0}, "level must be"),
    ("level as text", {"level": "2"}, "level must be"),
    ("level 10**9", {"level": 10 ** 9}, "level must be"),
    ("a core value beyond creation", {"core": {"Lift": 99, "Think": 3, "Balance": 4, "Move": 4, "Lead": 3}},
     "Lift 99 is beyond"),
    ("a core value of 0", {"core": {"Lift": 0, "Think": 3, "Balance": 4, "Move": 4, "Lead": 3}}, "Lift 0"),
    ("a core value as a float", {"core": {"Lift": 6.0, "Think": 3, "Balance": 4, "Move": 4, "Lead": 3}},
     "whole numbers"),
    ("a core key missing", {"core": {"Lift": 6, "Think": 3}}, "core must give"),
    ("too many abilities for level 1", {"abilities": {"sword_play": 1, "block": 1, "dodge": 1,
                                                      "hand_to_hand": 1}}, "more than a level 1"),
    ("an ability without its prerequisites", {"abilities": {"sword_play": 1, "block": 1, "poof": 1}},
     "Poof needs"),
    ("an ability level of 10**6", {"abilities": {"sword_play": 10 ** 6, "block": 1}}, "levels of 1 to"),
    ("an ability level as True", {"abilities": {"sword_play": True, "block": 1}}, "levels of 1 to"),
    ("a name of 41 characters", {"name": "x" * 41}, "name must be"),
    ("an empty name", {"name": "  "}, "name must be"),
    ("a name with a control character", {"name": "Ada\x00"}, "name must be"),
    ("a name as a list", {"name": ["Ada"]}, "name must be"),
    ("an unknown key", {"admin": True}, "unknown admin"),
    ("version True", {"version": True}, "version"),
    ("a quest item carried over", {"items": ["key"]}, "cannot be carried"),
    ("a bundle carried over", {"items": ["three_lock_picks"]}, "cannot be carried"),
    ("a custom quirk of 500 characters", {"custom_quirk": {"name": "x" * 500, "bonus": "b", "penalty": "p"}},
     "your own quirk"),
    ("a custom quirk with an extra key", {"custom_quirk": {"name": "n", "bonus": "b", "penalty": "p",
                                                           "x": "y"}}, "your own quirk"),
    ("tuned for an ability not held", {"tuned": {"poof": 1}}, "tuned"),
    ("resurrected as text", {"resurrected": "yes"}, "resurrected"),
]


@pytest.mark.parametrize("why,change,message", BAD_RECORDS, ids=[b[0] for b in BAD_RECORDS])
def test_a_record_the_rules_forbid_is_refused_by_name(why, change, message):
    """Character records (imports, the library, share links) are checked as strictly as a
    legal action: types first (never a TypeError), the equipment slots, the level/exp
    relation, the abilities the level allows, core values creation and levelling can
    give, text lengths and a fixed set of fields. check_record raises IllegalAction (a
    ValueError) naming the rule; check_options refuses the same record."""
    from pocketdeck.systems.p52 import check_record, record_problems
    rec = dict(good_record(), **change)
    assert record_problems(rec)
    with pytest.raises(ValueError, match=message):
        check_record(rec)
    with pytest.raises(IllegalAction, match="character record 1"):
        G.new_game({"new_characters": 0, "characters": [rec]}, 1)


def test_a_sound_record_and_every_exported_record_pass():
    """What export_characters writes is accepted (also after levels, items and equipment)."""
    from pocketdeck.systems.p52 import check_record, export_characters
    assert check_record(good_record()) is None
    check_record(dict(good_record(), equipped={"feet": "enchanted_shoes", "head": "good_armor",
                                               "weapon": "fine_bow", "knife": "sharp_dagger"}))
    check_record(dict(good_record(), level=5, exp=59,
                      abilities={"sword_play": 4, "block": 2, "dodge": 1, "hand_to_hand": 1, "knife_use": 1}))
    s = party(record("A"), record("B"))
    for rec in export_characters(s):
        check_record(rec)


def test_exported_records_after_whole_quests_pass():
    """Every character record written at the end of 30 random quests passes the check."""
    from pocketdeck.systems.p52 import check_record, export_characters
    from pocketdeck.core.rng import Rng as R
    for seed in range(30):
        chooser = R(seed ^ 0x5EED)
        state = G.new_game(G.sim_options(chooser), seed)
        while not G.is_over(state):
            state = G.apply(state, G.sim_choose(state, G.legal_actions(state), chooser))
        for rec in export_characters(state):
            check_record(rec)


@pytest.mark.parametrize("seed", ["12", "abc", 1.5, True, None, [1]])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    """A seed given as text (or a float, a bool) is refused by name, not a bare ValueError
    from int()."""
    with pytest.raises(IllegalAction, match="seed must be a whole number"):
        G.new_game({"new_characters": 1}, seed)
