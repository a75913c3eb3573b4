"""P52 engine: creation, setup, rooms, combat, enemies, chests, leaving, experience, views
and character records. Each test names the rule book section it pins. Scenes are set up
by editing a real state (decks stacked, an enemy placed) and then played through the
public ``apply``."""

from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest

from pocketdeck.core import piles
from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.p52 import board, export_characters, hit_chance
from pocketdeck.systems.p52.combat import hit_chance_by_enumeration, hurt_char
from pocketdeck.systems.p52.common import char
from pocketdeck.systems.p52.flow import new_turn
from pocketdeck.systems.p52.maths import CORE, bonus_points, value
from pocketdeck.systems.p52.party import award, room_exp
from pocketdeck.systems.p52.room import make_enemy

G = get_game("p52")


# -- helpers ---------------------------------------------------------------------------------
def record(name="Ada", race="human", cls="fighter", core=None, abilities=None, level=1, exp=0,
           items=None, quirk=None):
    return {"format": "p52-character", "version": 1, "name": name, "race": race, "class": cls,
            "quirk": quirk, "custom_quirk": None, "level": level, "exp": exp,
            "core": core or {"Lift": 6, "Think": 3, "Balance": 4, "Move": 4, "Lead": 3},
            "abilities": abilities or {"sword_play": 1, "block": 1}, "tuned": {},
            "items": items or [], "equipped": {}, "resurrected": False}


def to_room(state, quest="trapped", env="inside", phase="room"):
    """Play the first legal choice (preferring ``quest`` and ``env``) until ``phase``."""
    while state["phase"] != phase:
        legal = G.legal_actions(state)
        pick = legal[0]
        for a in legal:
            if a.get("quest") == quest or a.get("env") == env:
                pick = a
        state = G.apply(state, pick)
    return state


def party(*recs, seed=1, quest="trapped", env="inside"):
    return to_room(G.new_game({"new_characters": 0, "characters": list(recs)}, seed), quest, env)


def stack_action(state, cards):
    """Put ``cards`` on top of the Action deck, to be flipped in this order."""
    p = state["piles"]
    for card in reversed(cards):
        for name in ("action", "action_discard"):
            if card in p[name]:
                p[name].remove(card)
                break
        else:  # held face down in a Stamina pile: swap it for another card
            name = next(k for k, v in p.items() if k.startswith("stamina_") and card in v)
            spare = next(x for x in p["action"] if x not in cards)
            p["action"].remove(spare)
            p[name][p[name].index(card)] = spare
        p["action"].append(card)


def stack_stamina(state, cid, card):
    p = state["piles"]
    pile = p[f"stamina_{cid}"]
    old = pile.pop()  # the top (next played) card goes back to the discard
    p["action_discard"].append(old)
    for name in ("action", "action_discard"):
        if card in p[name]:
            p[name].remove(card)
            break
    pile.append(card)


def scene(state, enemy_card="KS", enemy_pos=0, char_pos=0, order=None):
    """Clear the room's enemies, stand c0 on ``char_pos`` and one enemy on ``enemy_pos``."""
    room = state["room"]
    p = state["piles"]
    for e in list(room["enemies"]):
        if e["card"]:
            piles.move(p, e["card"], "foes", "enemy")
    room["enemies"] = []
    for c in state["chars"]:
        c["pos"] = char_pos
    eid = None
    if enemy_card:
        src = "enemy" if enemy_card in p["enemy"] else "foes_out"
        piles.move(p, enemy_card, src, "foes")
        e = make_enemy(state, enemy_card, enemy_pos)
        room["enemies"].append(e)
        eid = e["id"]
    ids = [c["id"] for c in state["chars"]]
    state["turn"] = new_turn(order or ids + ([eid] if eid else []), 1)
    state["pending"], state["stack"] = None, []
    return eid


def line_room(state, n=4, kinds=None):
    """Make the room a straight corridor of ``n`` revealed normal spots (x = 0..n-1)."""
    room = state["room"]
    spots = room["spots"][:n]
    extra = room["spots"][n:]
    p = state["piles"]
    for s in extra:
        piles.move(p, s["card"], "layout", "room")
    for i, s in enumerate(spots):
        s.update({"x": i, "y": 0, "rev": True, "kind": (kinds or {}).get(i, "normal")})
        s.pop("chest", None)
        s.pop("items", None)
    board.link(spots)
    room.update({"spots": spots, "w": n, "h": 1, "exit": n - 1, "barricaded": False,
                 "geo": board.geo_key(spots), "lit": True})


def keep_all(state):
    """Chests and Items: keep every item just found."""
    while state["pending"] and state["pending"]["kind"] == "found":
        state = act(state, type="keep")
    return state


def act(state, **want):
    """The single legal action matching ``want``; fails loudly if none or several."""
    found = [a for a in G.legal_actions(state) if all(a.get(k) == v for k, v in want.items())]
    assert found, f"no legal action like {want}: {G.legal_actions(state)}"
    return G.apply(state, found[0])


# -- Setting Up the Decks, Shuffling ---------------------------------------------------------
def test_three_decks_from_two_decks():
    """Setting Up the Decks: Enemy 12 face cards, Room 40 number cards, Action 52; 104 in all."""
    s = G.new_game({"new_characters": 1}, 3)
    p = s["piles"]
    assert len(p["enemy"]) == 12 and all(c[:-1] in ("J", "Q", "K") for c in p["enemy"])
    assert len(p["room"]) == 40 and not any(c[:-1] in ("J", "Q", "K") for c in p["room"])
    assert len(p["action"]) == 52
    assert G.card_total(s) == 104
    G.check_state(s)


def test_action_deck_is_reshuffled_when_a_quarter_is_left():
    """Shuffling: the Action deck is shuffled when it gets low (under 13 of 52)."""
    s = party(record())
    p = s["piles"]
    while len(p["action"]) >= 13:
        piles.draw(p, "action", "action_discard")
    scene(s, enemy_card=None)
    s = act(s, type="stance")
    assert len(s["piles"]["action"]) >= 13
    assert G.card_total(s) == 104


# -- Creating a Character ------------------------------------------------------------------------
def test_character_creation_all_seven_steps():
    """Creating a Character, steps 1-7 (race, class, core points, quirk, bonus flip spread
    by the player, one extra ability meeting its prerequisites, derived numbers, name)."""
    s = G.new_game({"new_characters": 1, "names": ["Rook"]}, 11)
    assert s["phase"] == "creation"
    s = act(s, type="race", race="elf")
    s = act(s, type="class", **{"class": "wizard"})
    c = s["chars"][0]
    assert c["core"] == {"Lift": 1, "Think": 6, "Balance": 2, "Move": 2, "Lead": 1}
    assert c["abilities"] == {"fire_ball": 1, "counter_spell": 1}
    s = act(s, type="quirk", quirk="bossy")
    flipped = s["piles"]["action_discard"][-3:]
    n = bonus_points([value(x) for x in flipped])
    assert s["queue"][0] == {"kind": "points", "char": "c0", "n": n}
    assert {a["attr"] for a in G.legal_actions(s)} == set(CORE)
    for _ in range(n):
        s = act(s, type="add_point", attr="Lift")
    c = s["chars"][0]
    assert c["core"]["Lift"] == 1 + n
    learn = [a["ability"] for a in G.legal_actions(s) if a["type"] == "learn"]
    from pocketdeck.systems.p52 import data
    for aid in learn:
        assert all(c["core"][k] >= v for k, v in data.ability(aid)["prereq"].items())
    assert "meteor_strike" not in learn  # Think 8 needed
    if learn:
        s = act(s, type="learn", ability=learn[0])
    s = act(s, type="name", name="Rook")
    c = s["chars"][0]
    assert c["name"] == "Rook"
    assert c["max_hp"] == c["core"]["Lift"] * c["core"]["Think"] + 3 == c["hp"]
    assert s["phase"] == "setup"


def test_a_quirk_needs_a_bonus_and_a_penalty():
    """Step 4: Choose a Quirk: any quirk must have both a bonus AND a penalty."""
    with pytest.raises(IllegalAction, match="bonus AND a penalty"):
        G.new_game({"quirks": [{"name": "Sneezes", "bonus": "", "penalty": "loud"}]}, 1)
    s = G.new_game({"quirks": [{"name": "Sneezes", "bonus": "keen nose", "penalty": "loud"}]}, 1)
    s = act(s, type="race", race="orc")
    s = act(s, type="class", **{"class": "thief"})
    assert {"type": "quirk", "char": "c0", "quirk": "custom:0"} in G.legal_actions(s)
    s = act(s, type="quirk", quirk="custom:0")
    assert s["chars"][0]["custom_quirk"]["name"] == "Sneezes"


# -- Setting Up a Session ------------------------------------------------------------------------
def test_session_setup_stamina_and_starting_items():
    """Setting Up a Session: quest, environment (outside: day/night flip), 5 face-down
    Stamina cards each, a starting item and a Healing Potion."""
    s = G.new_game({"new_characters": 0, "characters": [record("A"), record("B")]}, 5)
    assert s["phase"] == "setup"
    s = act(s, type="quest", quest="survival")
    assert 2 <= s["quest"]["rooms_total"] <= 6
    s = act(s, type="env", env="outside")
    assert s["quest"]["env"] == "outside" and isinstance(s["quest"]["day"], bool)
    s = to_room(s)
    for c in s["chars"]:
        assert len(s["piles"][f"stamina_{c['id']}"]) == 5
        assert "healing_potion" in c["items"]
        assert len(c["items"]) >= 2
    assert s["room"]["lit"] == s["quest"]["day"]
    assert G.card_total(s) == 104


def test_quest_flip_king_flips_again_with_an_extra_item():
    """Choose a Quest: on a King flip again and start with one extra item."""
    s = G.new_game({"new_characters": 0, "characters": [record()]}, 5)
    stack_action(s, ["KH", "5D"])
    s = act(s, type="quest", quest="flip")
    assert s["quest"]["kind"] == "survival" and s["quest"]["extra_item"]


# -- illegal actions -------------------------------------------------------------------------------
def test_illegal_actions_raise_and_leave_the_state_untouched():
    """On Your Turn: an action that is not legal is refused with a reason naming the rule."""
    s = G.new_game({"new_characters": 1}, 2)
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction, match="Step 1: Choose a Race"):
        G.apply(s, {"type": "attack", "char": "c0", "ability": "sword_play", "target": "e1",
                    "stamina": False})
    with pytest.raises(IllegalAction):
        G.apply(s, {"type": "race", "char": "c0", "race": "dragon"})
    with pytest.raises(IllegalAction):
        G.apply(s, "not an action")  # type: ignore[arg-type]
    assert json.dumps(s, sort_keys=True) == before
    r = party(record())
    scene(r, enemy_card=None)
    before = json.dumps(r, sort_keys=True)
    with pytest.raises(IllegalAction, match="Player Movement"):
        G.apply(r, {"type": "move", "char": "c0", "to": 999})
    with pytest.raises(IllegalAction, match="Leaving a Room"):
        G.apply(r, {"type": "leave", "char": "c0"})
    assert json.dumps(r, sort_keys=True) == before


# -- Player Attacking, Using Stamina, Enemy Defending, Power and Counter Attacks ---------------
def knife_party():
    rec = record(core={"Lift": 3, "Think": 2, "Balance": 7, "Move": 4, "Lead": 1},
                 abilities={"knife_use": 2, "dodge": 1}, cls="thief")
    return party(rec)


def test_knife_attack_worked_example_in_play():
    """Player Attacking: Knife aLv 2, flip 10 over target 7, enemy defends with 6 (a King
    Brute defends melee at +1: 7), Balance 7: 9 damage."""
    s = knife_party()
    eid = scene(s, "KS")
    hp = s["room"]["enemies"][0]["hp"]
    stack_action(s, ["10S", "6H", "2C"])
    s = act(s, type="attack", ability="knife_use", target=eid, stamina=False)
    e = next(e for e in s["room"]["enemies"] if e["id"] == eid)
    assert e["hp"] == hp - 9
    assert any("9 damage" in line for line in s["log"])


def test_stamina_four_plus_flip_six_needs_a_jack_to_block():
    """Using Stamina / Enemy Defending: Stamina 4 + flip 6 = 10, the enemy blocks only with
    a Jack or better (a Skulker Jack defends melee at -1, so a Queen: 12 - 1 = 11)."""
    s = knife_party()
    eid = scene(s, "JD")
    stack_stamina(s, "c0", "4C")
    hp = s["room"]["enemies"][0]["hp"]
    stack_action(s, ["6S", "QH"])
    s = act(s, type="attack", ability="knife_use", target=eid, stamina=True)
    e = next(e for e in s["room"]["enemies"] if e["id"] == eid)
    assert e["hp"] == hp  # blocked
    assert len(s["piles"]["stamina_c0"]) == 4


def test_equal_defence_halves_and_king_doubles():
    """Enemy Defending (equal = half) and Power Attacks (King = double)."""
    s = knife_party()
    eid = scene(s, "KS")
    hp = s["room"]["enemies"][0]["hp"]
    # King attack: total 13, over 6: 3 + 12 = 15; defence 12 + 1 = 13 equal -> 7, doubled 14
    stack_action(s, ["KC", "QD"])
    s = act(s, type="attack", ability="knife_use", target=eid, stamina=False)
    assert any("half damage, King: double, 14 damage" in line for line in s["log"])
    e = next(e for e in s["room"]["enemies"] if e["id"] == eid)
    assert e["hp"] in (hp - 14, hp - 13)  # under a quarter, it may then cower and heal 1


def test_ace_fails_and_enemy_counter_attacks():
    """Counter Attacks: an Ace on the attack flip fails and the enemy counters at once."""
    s = knife_party()
    eid = scene(s, "KS")
    stack_action(s, ["AS", "10C"])  # Ace, then the Brute's counter: 10 > 8 - 1
    s = act(s, type="attack", ability="knife_use", target=eid, stamina=False)
    assert s["pending"]["kind"] == "defend" and s["pending"]["enemy"] == eid
    assert any("counter-attacks" in line for line in s["log"])


def test_enemy_ace_gives_the_player_a_counter_attack():
    """Enemy Attacking: an enemy Ace lets the player counter attack (a decision)."""
    s = knife_party()
    eid = scene(s, "KS", order=None)
    s["turn"] = new_turn([eid, "c0"], 1)
    stack_action(s, ["AH"])
    from pocketdeck.systems.p52.flow import run
    with_rng(s, run)
    assert s["pending"]["kind"] == "counter"
    kinds = {(a["type"], a["ability"]) for a in G.legal_actions(s)}
    assert ("counter", None) in kinds and ("counter", "knife_use") in kinds


def with_rng(state, fn):
    rng = Rng.from_state(state["rng"])
    fn(state, rng)
    state["rng"] = rng.state


# -- Player Defending, Additional Defensive Abilities, Defensive Stance ------------------------
def test_defending_trained_and_untrained():
    """Player Defending: meet or exceed the target; untrained abilities at +3 with aLv 1;
    Defensive Stance adds to the flip."""
    s = knife_party()
    eid = scene(s, "KS")
    s["turn"] = new_turn([eid, "c0"], 1)
    s["chars"][0]["stance"] = 2
    stack_action(s, ["QC"])  # the Brute hits: 12 > 7, damage 2 + 5 + 4 + (S: 2) = 13
    from pocketdeck.systems.p52.flow import run
    with_rng(s, run)
    assert s["pending"]["kind"] == "defend"
    legal = G.legal_actions(s)
    assert {"type": "defend", "char": "c0", "ability": "block", "stamina": False} in legal  # untrained
    assert not any(a["ability"] == "counter_spell" for a in legal)  # magic only
    hp = s["chars"][0]["hp"]
    dmg = s["pending"]["damage"]
    # Dodge trained aLv 1: target 9; flip 7 + stance 2 = 9 meets it, Over 0: half damage
    stack_action(s, ["7D"])
    s = act(s, type="defend", ability="dodge", stamina=False)
    assert s["chars"][0]["hp"] == hp - dmg // 2
    assert s["chars"][0]["stance"] == 2  # a successful defence keeps the stance


# -- Player Deaths ------------------------------------------------------------------------------
def test_zero_hp_stuns_and_below_zero_kills_dropping_items():
    """Player Deaths: exactly 0 stuns (only defend, move, self-items, self-heal); below 0
    kills and the items lie on the spot."""
    s = party(record(items=["healing_potion", "torch"]))
    scene(s, enemy_card="KH")
    c = s["chars"][0]
    rng = Rng(1)
    hurt_char(s, c, c["hp"], rng)
    assert c["status"] == "stunned"
    kinds = {a["type"] for a in G.legal_actions(s)}
    assert "attack" not in kinds and "stance" not in kinds and "move" in kinds
    assert all(a["target"] == "c0" for a in G.legal_actions(s) if a["type"] == "use")
    hurt_char(s, c, 1, rng)
    assert c["status"] == "dead" and c["items"] == []
    assert "healing_potion" in s["room"]["spots"][c["pos"]]["items"]


# -- On Enemies Turn ------------------------------------------------------------------------------
def run_enemy(s, eid):
    s["turn"] = new_turn([eid] + [c["id"] for c in s["chars"]], 1)
    from pocketdeck.systems.p52.flow import run
    with_rng(s, run)


def test_enemy_rule_1_flees_or_heals_when_cornered():
    """Determining Enemy Action rule 1: under 1/4 HP an enemy moves away; cornered, it heals 1."""
    s = party(record())
    line_room(s, 4)
    eid = scene(s, "QC", enemy_pos=1)  # Hexer with Clubs: Move 2
    e = s["room"]["enemies"][0]
    e["hp"] = 1
    run_enemy(s, eid)
    assert e["id"] == s["room"]["enemies"][0]["id"] and s["room"]["enemies"][0]["pos"] == 3
    s["room"]["enemies"][0]["hp"] = 1
    run_enemy(s, eid)
    assert s["room"]["enemies"][0]["pos"] == 3 and s["room"]["enemies"][0]["hp"] == 2


def test_enemy_rule_2_attacks_the_weakest_and_spreads():
    """Rule 2 / Enemy Attacking: the weakest player in range; a second enemy picks another."""
    s = party(record("A"), record("B"))
    line_room(s, 3)
    scene(s, "KS", enemy_pos=0)
    a, b = s["chars"]
    a["hp"], b["hp"] = 5, 3
    p = s["piles"]
    piles.move(p, "KD", "enemy" if "KD" in p["enemy"] else "foes_out", "foes")
    e2 = make_enemy(s, "KD", 0)
    s["room"]["enemies"].append(e2)
    e1 = s["room"]["enemies"][0]
    s["turn"] = new_turn([e1["id"], e2["id"], "c0", "c1"], 1)
    stack_action(s, ["2C", "2D"])  # both miss
    from pocketdeck.systems.p52.flow import run
    with_rng(s, run)
    text = "\n".join(s["log"][-4:])
    assert f"{e1['name']} attacks B" in text and f"{e2['name']} attacks A" in text


def test_enemy_rule_3_moves_toward_and_rule_4_heals():
    """Rules 3 and 4: move toward the nearest player; otherwise skip and recover 1 HP."""
    s = party(record())
    line_room(s, 4)
    eid = scene(s, "KH", enemy_pos=3)
    run_enemy(s, eid)
    assert s["room"]["enemies"][0]["pos"] == 2
    s2 = party(record())
    line_room(s2, 4)
    eid = scene(s2, "JH", enemy_pos=3, char_pos=0)  # a Skulker cannot move (Move 0), range 4
    s2["chars"][0]["cloak"] = 2  # unseen: nothing to attack or approach
    s2["room"]["enemies"][0]["hp"] -= 1
    run_enemy(s2, eid)
    e = s2["room"]["enemies"][0]
    assert e["hp"] == e["max_hp"]


def test_enemy_suit_bonuses_and_minor_boss():
    """Enemies table and suit bonuses: Hearts HP x 1.5 (Queen x 2), Diamonds target -1,
    Spades damage + Lv x 3/2, Clubs Move +1; a Minor Boss has them all."""
    s = party(record())
    assert make_enemy(s, "KH", 0)["hp"] == 22
    assert make_enemy(s, "QH", 0)["hp"] == 20
    assert make_enemy(s, "JD", 0)["tmod"] == -1
    assert make_enemy(s, "JS", 0)["dplus"] == 3
    assert make_enemy(s, "QC", 0)["move"] == 2
    boss = make_enemy(s, "QS", 0, boss="minor")
    assert (boss["hp"], boss["tmod"], boss["dplus"], boss["move"]) == (20, -1, 2, 2)


# -- movement, passing attacks, traps, reveals ----------------------------------------------------
def test_movement_no_diagonals_and_obstructed_costs_two():
    """Player Movement: Movement spots, no diagonals, obstructed spots cost 2."""
    s = party(record(core={"Lift": 6, "Think": 3, "Balance": 4, "Move": 4, "Lead": 3}))
    line_room(s, 4, kinds={1: "obstructed"})
    scene(s, enemy_card=None)
    from pocketdeck.systems.p52.actions import reachable
    assert sorted(reachable(s, s["chars"][0])) == [1]  # Movement 2: the obstructed spot only


def test_passing_attack_gets_plus_one_and_a_king_stops_you():
    """Passing Attacks: leaving an enemy's spot in the same move; +1 to its target; a King
    stops the move."""
    s = party(record(core={"Lift": 6, "Think": 3, "Balance": 4, "Move": 8, "Lead": 3}))
    line_room(s, 4)
    eid = scene(s, "KH", enemy_pos=1)
    s["turn"] = new_turn(["c0", eid], 1)
    stack_action(s, ["KC"])
    s = act(s, type="move", to=3)
    assert s["pending"]["kind"] == "defend" and s["pending"]["passing"]
    assert any("passing attack" in line and "over 8" in line for line in s["log"])  # 7 + 1
    s = act(s, type="defend", ability=None)
    assert s["chars"][0]["pos"] == 1


def test_trap_deals_two_undefendable_damage():
    """Traps: flip under 13 - (Balance + Move): 2 damage; the trap stays armed."""
    s = party(record(core={"Lift": 6, "Think": 3, "Balance": 2, "Move": 4, "Lead": 3}))
    line_room(s, 3, kinds={1: "trap"})
    scene(s, enemy_card=None)
    hp = s["chars"][0]["hp"]
    stack_action(s, ["3C"])
    s = act(s, type="move", to=1)
    assert s["chars"][0]["hp"] == hp - 2
    assert s["room"]["spots"][1]["kind"] == "trap"


def test_revealing_lit_and_dark():
    """Revealing the Room: lit within 2 (diagonals too) in line of sight; dark: the spot
    and its orthogonal neighbours; gaps block sight."""
    spots = [{"x": x, "y": y, "kind": "normal", "rev": False}
             for (x, y) in [(0, 2), (1, 2), (2, 2), (0, 1), (0, 0), (1, 0), (2, 0)]]
    board.link(spots)
    assert sorted(board.reveal_set(spots, 0, lit=False)) == [0, 1, 3]
    lit = sorted(board.reveal_set(spots, 0, lit=True))
    assert lit == [0, 1, 2, 3, 4]  # (1,0) is 2 away but the line to it crosses the gap (1,1)
    assert not board.line_of_sight(spots, 2, 6)  # the gap at (2,1)/(1,1) blocks
    assert board.line_of_sight(spots, 0, 4)


# -- Chests -----------------------------------------------------------------------------------------
def chest_scene(abilities=None, items=None):
    s = party(record(abilities=abilities or {"sword_play": 1, "block": 1}, items=items or []))
    line_room(s, 3, kinds={0: "chest"})
    s["room"]["spots"][0]["chest"] = "locked"
    scene(s, enemy_card=None)
    return s


def test_lock_pick_ace_breaks_the_lock_and_king_gives_two_items():
    """Opening Chests: an Ace breaks the lock (attack only from then on); a King gives two."""
    s = chest_scene(abilities={"lock_pick": 1, "block": 1})
    stack_action(s, ["AD"])
    s = act(s, type="open_chest", method="pick", picks=0, stamina=False)
    assert s["room"]["spots"][0]["chest"] == "broken"
    s2 = chest_scene(abilities={"lock_pick": 1, "block": 1})
    n = len(s2["chars"][0]["items"])
    stack_action(s2, ["KD", "2C", "3D", "2H", "4S"])
    s2 = act(s2, type="open_chest", method="pick", picks=0, stamina=False)
    assert s2["room"]["spots"][0]["chest"] == "open"
    assert len(s2["chars"][0]["items"]) >= n + 2 - 0 or any("two items" in x for x in s2["log"])


def test_lock_pick_items_are_used_up_on_failure():
    """Opening Chests: untrained, each Lock Pick is one ability level; used up on a failure."""
    s = chest_scene(items=["lock_pick", "lock_pick"])
    stack_action(s, ["2C"])  # target 10 - 2 = 8: fails
    s = act(s, type="open_chest", method="pick", picks=2, stamina=False)
    assert s["chars"][0]["items"].count("lock_pick") == 0
    assert s["room"]["spots"][0]["chest"] == "locked"


def test_attacking_a_chest_ace_explodes():
    """Attacking a Chest: an Ace explodes for 2 x AvgLv damage."""
    s = chest_scene()
    hp = s["chars"][0]["hp"]
    stack_action(s, ["AC"])
    s = act(s, type="open_chest", method="smash", stamina=False)
    assert s["chars"][0]["hp"] == hp - 2 and s["room"]["spots"][0]["chest"] == "gone"


def test_item_flip_same_suit_adds_a_lock_pick():
    """Revealing the Item: two cards summed; the same suit adds a Lock Pick."""
    s = chest_scene()
    stack_action(s, ["10C", "3H", "4H"])  # smash opens (10 + 3/3 = 11); 3 + 4 = 7: potion
    s = act(s, type="open_chest", method="smash", stamina=False)
    assert s["pending"]["kind"] == "found"
    s = keep_all(s)
    items = s["chars"][0]["items"]
    assert "healing_potion" in items and "lock_pick" in items


# -- Leaving a Room, Delaying Your Exit, experience ------------------------------------------------
def test_leaving_gives_enemies_one_more_turn_then_experience():
    """Leaving a Room: the turn the last character reaches the exit, the enemies get ONE
    more turn and the party is gone (no leave action, no more enemy turns); then
    experience (+5 for the room) and a Stamina card. Failed before the fix: the party
    had to take a ``leave`` action on a later turn and was attacked meanwhile."""
    s = party(record())
    line_room(s, 3)
    eid = scene(s, "JH", enemy_pos=0, char_pos=1)  # a Skulker: range 4, never moves
    s["turn"] = new_turn(["c0", eid], 1)
    piles.draw(s["piles"], "stamina_c0", "action_discard")
    stack_action(s, ["2S"])  # the Skulker's last shot misses
    n = len(s["log"])
    s = act(s, type="move", to=2)
    new = s["log"][n:]
    gone = next(k for k, x in enumerate(new) if "leaves room 1" in x)
    assert sum("attacks Ada" in x for x in new[:gone]) == 1
    assert any("one last turn" in x for x in new) and any("leaves room 1" in x for x in new)
    assert any("earns 5 exp" in x for x in new)
    assert {"type": "leave", "char": "c0"} not in G.legal_actions(s)


def test_delay_flip_brings_an_enemy_to_the_exit():
    """Delaying Your Exit: no enemy and the exit in sight: a flip of 4 or less after a
    round brings a new enemy onto the exit, acting at once."""
    s = party(record())
    line_room(s, 3)
    scene(s, enemy_card=None)
    stack_action(s, ["3H", "2C"])
    s = act(s, type="stance")
    assert any("Delay flip 3H" in x for x in s["log"])
    assert s["room"]["enemies"] and s["room"]["enemies"][0]["pos"] == 2


def test_experience_for_every_deed():
    """Gaining Experience: +5 room, +1 each enemy attacked, +1 each defence, +3/5/7 per
    kill, +3 lock picking, +1 chest attack, +2 other abilities, -3 hurting a party member."""
    s = party(record())
    c = s["chars"][0]
    c["rx"] = {"attacked": ["e1", "e2"], "defended": 2, "kill_exp": 5, "picked": 1, "smashed": 1,
               "other": 1, "hurt": 1}
    assert room_exp(c, True) == 5 + 2 + 2 + 5 + 3 + 1 + 2 - 3


def test_three_uses_raise_an_attribute_and_levels_at_threshold():
    """Gaining Experience: 3 enemies with one attack: +1 to one of its attributes;
    Leveling Up: level 2 to 3 at 30 exp, which is spent; core points = flip / 2."""
    s = party(record(level=2, exp=25))
    c = s["chars"][0]
    c["rx"] = {"uses": {"sword_play": ["e1", "e2", "e3"]}}
    s["queue"] = []
    award(s, completed=True, quest_won=False)
    assert c["level"] == 3 and c["exp"] == 0
    kinds = [q["kind"] for q in s["queue"]]
    assert kinds[0] == "attr" and s["queue"][0]["from"] == ["Lift"]
    assert "levelflip" in kinds and "learn" in kinds  # odd level: a new ability


def test_meteor_strike_hurting_a_friend_costs_three_exp():
    """Gaining Experience: damaging a party member for any reason: -3 exp."""
    rec = record(core={"Lift": 8, "Think": 9, "Balance": 4, "Move": 4, "Lead": 3},
                 abilities={"meteor_strike": 3})
    s = party(rec, record("B"))
    line_room(s, 3)
    eid = scene(s, "KH", enemy_pos=0, char_pos=0)
    stack_action(s, ["KS", "2C"])
    s = act(s, type="attack", ability="meteor_strike", target=eid, stamina=False)
    assert char(s, "c0")["rx"].get("hurt", 0) >= 1


# -- exact odds ---------------------------------------------------------------------------------------
def test_hit_chance_is_exact_over_the_cards_left():
    """The UI's hit chance: exact, over the Action deck as it stands (checked against
    pocketdeck.core.odds enumeration)."""
    s = knife_party()
    eid = scene(s, "QH")
    p = hit_chance(s, "c0", eid, "knife_use")
    assert p == hit_chance_by_enumeration(s, "c0", eid, "knife_use")
    assert Fraction(0) < p < Fraction(1)
    with_stamina = hit_chance(s, "c0", eid, "knife_use", stamina=True)
    assert with_stamina > p
    v = G.view(s, "player")
    chances = [e for e in v["actions"] if e["action"]["type"] == "attack"]
    assert chances and all(e["chance"].endswith("%") for e in chances)


# -- view --------------------------------------------------------------------------------------------
def test_view_is_json_safe_and_hides_secrets():
    """view: everything to draw, but no deck order, no Stamina values, no unrevealed cards."""
    s = party(record("A"), record("B"))
    v = G.view(s, "player")
    assert json.loads(json.dumps(v)) == v
    for key in ("phase", "room", "characters", "enemies", "reachable", "actions", "log", "quest",
                "outcome", "turn", "pending", "active"):
        assert key in v
    text = json.dumps(v)
    for card in s["piles"]["stamina_c0"]:
        assert f'"{card}"' not in text or card in [sp["card"] for sp in v["room"]["spots"]] \
            or card == v["decks"]["action_discard_top"]
    assert v["characters"][0]["stamina"] == 5
    hidden = [sp for sp in v["room"]["spots"] if not sp["revealed"]]
    assert all(sp["card"] is None and sp["kind"] == "unknown" for sp in hidden)
    assert all(isinstance(e["label"], str) and e["label"] for e in v["actions"])
    assert "action" not in v["decks"] or isinstance(v["decks"]["action"], int)



def test_the_view_is_remembered_for_the_same_state_only():
    """view's memo (rules._memo): asked again for the same state, the same view comes back
    without building it again; a state edited in place, a copy with one value changed, and
    a 1 that became True each get a view of their own."""
    s = party(record("A"), record("B"))
    v = G.view(s, "player")
    assert G.view(s, "player") is v  # remembered
    assert G.view(copy.deepcopy(s), "player") == v  # an equal copy: an equal view
    s["chars"][0]["hp"] = 1  # edited in place: not the state the view was made for
    edited = G.view(s, "player")
    assert edited is not v and edited["characters"][0]["hp"] == 1
    other = copy.deepcopy(s)
    other["chars"][0]["hp"] = True  # == 1 in Python, another state all the same
    assert other == s and G.view(other, "player") is not edited

# -- Resurrection, carrying characters over ----------------------------------------------------------
def test_export_and_import_with_resurrection():
    """Resurrection: dead characters come back at full HP without items; characters keep
    their items between sessions; records start a new quest."""
    s = party(record("A", items=["torch"]), record("B", items=["torch"]))
    scene(s, enemy_card=None)
    b = s["chars"][1]
    hurt_char(s, b, b["hp"] + 1, Rng(1))
    recs = export_characters(s)
    assert json.loads(json.dumps(recs)) == recs
    assert recs[1]["items"] == [] and recs[1]["resurrected"]
    assert "torch" in recs[0]["items"]
    assert len(export_characters(s, resurrect=False)) == 1
    s2 = G.new_game({"new_characters": 1, "characters": recs}, 9)
    assert s2["chars"][1]["hp"] == s2["chars"][1]["max_hp"] and s2["chars"][1]["status"] == "ok"
    bad = copy.deepcopy(recs[0])
    bad["race"] = "dragon"
    with pytest.raises(IllegalAction, match="unknown race"):
        G.new_game({"new_characters": 0, "characters": [bad]}, 1)


# -- quests -------------------------------------------------------------------------------------------
def test_trapped_two_keys_make_the_next_room_the_last():
    """Trapped: keys are picked up for free on their spot; two keys: the next room is the
    last, and both keys must be on the exit to leave it."""
    s = party(record())
    line_room(s, 2)
    s["room"]["spots"][1]["items"] = ["key", "key"]
    scene(s, enemy_card=None)
    s = act(s, type="move", to=1)  # onto the exit: the party leaves after the enemies' turn
    assert s["quest"]["last_room"]
    assert s["chars"][0]["items"].count("key") == 2


def test_big_boss_major_defeat_wins_at_once():
    """Big Boss: the quest is completed as soon as the Major Boss is defeated."""
    s = party(record(), quest="big_boss")
    scene(s, enemy_card=None)
    s["quest"]["boss_stage"] = 1
    boss = make_enemy(s, None, 0, boss="major")
    boss["hp"] = 1
    s["room"]["enemies"].append(boss)
    s["turn"] = new_turn(["c0", boss["id"]], 1)
    stack_action(s, ["QS", "2C", "KD"])  # then the revive flip (every time below 0): a King, he falls
    s = act(s, type="attack", ability="sword_play", target=boss["id"], stamina=False)
    assert s["quest"]["done"] == "won"
    assert s["phase"] in ("levelup", "over")


def test_failing_the_quest_when_everyone_dies():
    """Failing Your Quest: all players dead: the session ends, no experience."""
    s = party(record())
    eid = scene(s, "KS")
    c = s["chars"][0]
    c["hp"] = 1
    s["turn"] = new_turn([eid, "c0"], 1)
    stack_action(s, ["KD"])
    from pocketdeck.systems.p52.flow import run
    with_rng(s, run)
    s = act(s, type="defend", ability=None)
    assert s["phase"] == "over" and s["outcome"] == "failed"
    assert G.legal_actions(s) == []


# -- the higher abilities --------------------------------------------------------------------------
def mage(abilities):
    rec = record(core={"Lift": 8, "Think": 12, "Balance": 10, "Move": 8, "Lead": 10},
                 abilities=abilities, cls="wizard")
    return party(rec)


def test_poof_and_hover_move_without_passing_attacks():
    """Abilities table: Poof teleports to a revealed spot; Hover moves Over spots; neither
    draws passing attacks."""
    s = mage({"poof": 1})
    line_room(s, 5)  # the exit (spot 4) is out of the way
    eid = scene(s, "KH", enemy_pos=1)
    s["turn"] = new_turn(["c0", eid], 1)
    stack_action(s, ["QS", "2C"])  # 12 vs 9: success
    s = act(s, type="ability", ability="poof", target=3, stamina=False)
    assert s["chars"][0]["pos"] == 3
    s2 = mage({"hover": 1})
    line_room(s2, 5)
    eid = scene(s2, "KH", enemy_pos=1)
    s2["turn"] = new_turn(["c0", eid], 1)
    stack_action(s2, ["QS", "2C"])  # Over 3: up to 3 spots
    s2 = act(s2, type="ability", ability="hover", target=3, stamina=False)
    assert s2["chars"][0]["pos"] == 3
    assert not any("passing attack" in x for x in s2["log"])


def test_snatch_regeneration_ice_storm_and_magic_shield():
    """Abilities table: Snatch steals an item; Regeneration heals Over a turn for 3 turns;
    Ice Storm freezes a spot; Magic Shield reduces damage on a spot."""
    s = mage({"snatch": 1})
    line_room(s, 3)
    eid = scene(s, "KH", enemy_pos=0)
    n = len(s["chars"][0]["items"])
    stack_action(s, ["QS", "5C", "6D", "2C"])
    s = act(s, type="ability", ability="snatch", target=eid, stamina=False)
    s = keep_all(s)
    assert len(s["chars"][0]["items"]) > n or any("trap" in x.lower() for x in s["log"][-4:])
    s = mage({"regeneration": 1})
    line_room(s, 3)
    scene(s, enemy_card=None)
    s["chars"][0]["hp"] -= 10
    hp = s["chars"][0]["hp"]
    stack_action(s, ["KS", "2C"])  # 13 vs 9: Over 4
    s = act(s, type="ability", ability="regeneration", target="c0", stamina=False)
    assert s["chars"][0]["hp"] == hp + 4
    s = mage({"ice_storm": 1})
    line_room(s, 3)
    eid = scene(s, "KH", enemy_pos=1)
    s["turn"] = new_turn(["c0", eid], 1)
    stack_action(s, ["KS", "2C"])  # 13 vs 10
    s = act(s, type="ability", ability="ice_storm", target=1, stamina=False)
    assert s["room"]["enemies"][0]["frozen"] and s["room"]["enemies"][0]["thaw"] == 2  # a round ended
    s = mage({"magic_shield": 1})
    line_room(s, 3)
    scene(s, enemy_card=None)
    stack_action(s, ["KS", "2C"])  # 13 vs 8: Over 5
    s = act(s, type="ability", ability="magic_shield", target=0, stamina=False)
    assert s["room"]["shields"]["0"][0] == 5


def test_aiming_adds_to_the_next_attack_on_that_enemy():
    """Aiming: +1 a turn (at most +3) to the hit flip against the chosen enemy; used up by
    the attack."""
    s = knife_party()
    eid = scene(s, "KS")
    s["room"]["enemies"][0]["frozen"] = True  # it sits still while we aim
    s["turn"] = new_turn(["c0"], 1)
    for _ in range(4):
        s = act(s, type="aim", target=eid)
        s["turn"] = new_turn(["c0"], 1)
    assert s["chars"][0]["aim"] == {"target": eid, "bonus": 3}
    stack_action(s, ["4S", "2C"])  # 4 + 3 = 7: not over 7
    s = act(s, type="attack", ability="knife_use", target=eid, stamina=False)
    assert any("flip 4S + 3 aim = 7" in line for line in s["log"])
    assert s["chars"][0]["aim"] is None


def test_names_from_the_options_go_to_the_new_characters():
    """Step 7 (a name) with a party of an imported record and a new character."""
    s = G.new_game({"new_characters": 1, "characters": [record("Old")], "names": ["Zed"]}, 4)
    assert s["chars"][1]["id"] == "c1" and s["phase"] == "creation"
    s = act(s, type="race", race="fairy")
    s = act(s, type="class", **{"class": "cleric"})
    s = act(s, type="quirk", quirk=None)
    while s["queue"][0]["kind"] == "points":
        s = act(s, type="add_point", attr="Think")
    if s["queue"][0]["kind"] == "learn":
        s = G.apply(s, G.legal_actions(s)[0])
    names = [a["name"] for a in G.legal_actions(s)]
    assert names[0] == "Zed" and "Old" not in names


def test_poison_tip_and_gizmo():
    """Abilities table: Poison Tip (the next hit with the chosen weapon poisons for 3 turns,
    2 x aLv each) and Gizmo (an ability raised by Over for this quest only, once)."""
    rec = record(core={"Lift": 6, "Think": 12, "Balance": 5, "Move": 8, "Lead": 3},
                 abilities={"poison_tip": 2, "knife_use": 1, "gizmo": 1})
    s = party(rec)
    line_room(s, 3)
    eid = scene(s, "KH", enemy_pos=0)
    s["room"]["enemies"][0].update({"frozen": True, "hp": 100, "max_hp": 100})
    s["turn"] = new_turn(["c0"], 1)
    stack_action(s, ["JS"])
    s = act(s, type="ability", ability="poison_tip", target="knife_use", stamina=False)
    assert s["chars"][0]["poison"] == ["knife_use", 4]
    s["turn"] = new_turn(["c0", eid], 1)
    stack_action(s, ["KC", "2D"])  # frozen: no defence flip; then the poison ticks on its turn
    hp = s["room"]["enemies"][0]["hp"]
    s = act(s, type="attack", ability="knife_use", target=eid, stamina=False)
    assert any("Poison eats at" in x and "4 damage" in x for x in s["log"])
    assert s["room"]["enemies"] == [] or s["room"]["enemies"][0]["hp"] < hp
    s = party(rec)
    scene(s, enemy_card=None)
    stack_action(s, ["KS"])  # 13 vs 11 - 1 = 10: Over 3
    s = act(s, type="ability", ability="gizmo", target="knife_use", stamina=False)
    assert s["chars"][0]["abilities"]["knife_use"] == 4
    assert not any(a.get("ability") == "gizmo" for a in G.legal_actions(s))
    assert export_characters(s)[0]["abilities"]["knife_use"] == 1


def test_the_party_enters_together_on_the_entrance():
    """Entering a Room: everyone starts on the entrance spot (spot 0, on the bottom row)."""
    s = party(record("A"), record("B"), record("C"))
    room = s["room"]
    assert all(c["pos"] == 0 for c in s["chars"])
    assert room["spots"][0]["y"] == room["h"] - 1
    assert room["spots"][0]["rev"]
    assert len(s["piles"]["layout"]) == len(room["spots"]) >= 2


def test_save_round_trip_and_undo():
    """Saves: a P52 game survives to_json/from_json (replayed from seed + actions) and undo."""
    from pocketdeck.core.saves import Session, from_json, to_json
    sess = Session.start("p52", {"new_characters": 2}, 17)
    chooser = Rng(3)
    for _ in range(60):
        st = sess.state
        sess.play(G.sim_choose(st, G.legal_actions(st), chooser))
    back = from_json(to_json(sess))
    assert back.state == sess.state
    before = sess.actions[:-1]
    sess.undo()
    assert sess.actions == before


def test_treasure_hunt_special_chest_and_the_way_back():
    """Treasure Hunt: an Ace is a special chest with a guard; after opening, a flip of 6 or
    less is a fake; the true one must be carried back through (rooms - 1) more rooms; once
    found, Aces are plain spots."""
    s = party(record(abilities={"lock_pick": 3, "block": 1}), quest="treasure")
    line_room(s, 3)
    s["room"]["spots"][0].update({"kind": "special_chest", "chest": "locked"})
    scene(s, enemy_card=None)
    stack_action(s, ["QS", "9H"])  # pick: 12 vs 7; the treasure flip 9: the true Lantern
    s = act(s, type="open_chest", method="pick", picks=0, stamina=False)
    q = s["quest"]
    assert q["found"] and "relic" in s["chars"][0]["items"]
    assert q["return_left"] == q["rooms_entered"] - 1
    from pocketdeck.systems.p52.room import _resolve_spot
    spot = s["room"]["spots"][1]
    card = spot["card"]
    spot["card"] = "AH"
    _resolve_spot(s, 1, Rng(1))
    assert spot["kind"] == "normal" and not spot.get("chest")
    spot["card"] = card


# -- Room/Space Layout by the player ---------------------------------------------------------
def to_layout(*recs, seed=3, quest="trapped", env="inside", n_new=0):
    """A session with layout "player", played up to the first room being laid out."""
    state = G.new_game({"new_characters": n_new, "characters": list(recs), "layout": "player"}, seed)
    return to_room(state, quest, env, phase="layout")


def connected(spots):
    seen, todo = {0}, [0]
    while todo:
        for j in spots[todo.pop()]["adj"]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(spots)


def test_the_player_lays_out_the_room_spot_by_spot():
    """Room/Space Layout: "the player may lay it out". After the size (2 Room cards) and the
    light, the entrance is laid, then each further spot by a legal place action next to a
    placed one; every step keeps 104 cards and passes the state check; then the exit,
    the reveal and the entry run as for an app-made room."""
    s = to_layout(record("A"), record("B"))
    pl = s["placing"]
    assert s["room"] is None and pl["cells"] == [[0, 0]]
    assert pl["size"] == sum(value(c) for c in pl["size_cards"]) and len(pl["size_cards"]) == 2
    assert pl["size_cards"] == s["piles"]["room_flips"][:2]
    placed = [(0, 0)]
    for k in range(pl["size"] - 1):
        G.check_state(s)
        assert G.card_total(s) == 104
        assert json.loads(json.dumps(s)) == s
        legal = G.legal_actions(s)
        assert legal[-1] == {"type": "place_rest"}
        places = legal[:-1]
        for a in places:  # each open cell touches a placed spot on a side, not behind the entrance
            assert (a["x"], a["y"]) not in placed and not (a["x"] == 0 and a["y"] > 0)
            assert any(abs(a["x"] - x) + abs(a["y"] - y) == 1 for x, y in placed)
        pick = places[(7 * k) % len(places)]  # wander about, not always the first cell
        s = G.apply(s, pick)
        placed.append((pick["x"], pick["y"]))
    assert s["phase"] == "room" and "placing" not in s
    G.check_state(s)
    room = s["room"]
    spots = room["spots"]
    assert len(spots) == pl["size"] == len(s["piles"]["layout"])
    assert connected(spots)
    minx, miny = min(x for x, _ in placed), min(y for _, y in placed)
    assert [(sp["x"], sp["y"]) for sp in spots] == [(x - minx, y - miny) for x, y in placed]
    assert room["w"] <= 7 and not any(sp["x"] == spots[0]["x"] and sp["y"] > spots[0]["y"]
                                      for sp in spots)  # nothing behind the entrance
    # the rest of the setup: exit flip, reveal, the party on the entrance, a turn to play
    assert any("exit flip" in line for line in s["log"])
    assert room["exit"] != 0 and spots[0]["rev"]
    assert all(c["pos"] == 0 for c in s["chars"])
    assert s["turn"] is not None and G.legal_actions(s)


def test_handing_the_whole_layout_to_the_app_is_the_app_layout():
    """Room/Space Layout: "or let the app lay it out". Letting the app place every spot
    after the entrance gives the very room (and the same entry) as an app-laid session."""
    app = party(record("A"), seed=5)
    s = to_layout(record("A"), seed=5)
    s = G.apply(s, {"type": "place_rest"})
    assert s["phase"] == "room"
    assert s["room"] == app["room"] and s["piles"] == app["piles"] and s["chars"] == app["chars"]
    assert s["turn"] == app["turn"] and s["rng"] == app["rng"]


def test_place_rest_finishes_a_half_laid_room():
    s = to_layout(record("A"), seed=11)
    size = s["placing"]["size"]
    s = G.apply(s, G.legal_actions(s)[0])
    placed = [tuple(c) for c in s["placing"]["cells"]]
    s = G.apply(s, {"type": "place_rest"})
    assert s["phase"] == "room"
    G.check_state(s)
    spots = s["room"]["spots"]
    assert len(spots) == size and connected(spots)
    assert (spots[1]["x"] - spots[0]["x"], spots[1]["y"] - spots[0]["y"]) == placed[1]
    assert any(f"remaining {size - 2} spot" in line for line in s["log"])


@pytest.mark.parametrize("bad, why", [
    ({"type": "place", "x": 0, "y": 0}, "already there"),
    ({"type": "place", "x": 1, "y": -1}, "touch a placed spot"),
    ({"type": "place", "x": 0, "y": 1}, "below the entrance"),
    ({"type": "place", "x": 4, "y": 0}, "touch a placed spot"),
    ({"type": "place", "x": "1", "y": 0}, "whole numbers"),
    ({"type": "move", "char": "c0", "to": 1}, "place a spot or let the app"),
])
def test_an_illegal_place_is_refused_and_leaves_the_state_untouched(bad, why):
    s = to_layout(record("A"))
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        G.apply(s, bad)
    assert "Room/Space Layout" in str(err.value) and why in str(err.value)
    assert json.dumps(s, sort_keys=True) == before


def test_place_outside_the_layout_step_is_refused():
    s = party(record("A"))
    with pytest.raises(IllegalAction, match="Room/Space Layout"):
        G.apply(s, {"type": "place", "x": 1, "y": 0})


def test_layout_option_is_checked():
    with pytest.raises(IllegalAction, match="layout must be 'app'"):
        G.new_game({"characters": [record()], "new_characters": 0, "layout": "sideways"}, 1)
    assert G.new_game({"characters": [record()], "new_characters": 0}, 1)["options"]["layout"] == "app"


def test_check_state_refuses_a_broken_partial_layout():
    s = to_layout(record("A"))
    s = G.apply(s, G.legal_actions(s)[0])
    bad = copy.deepcopy(s)
    bad["placing"]["cells"][1] = [3, -5]  # an island
    with pytest.raises(ValueError, match="does not join"):
        G.check_state(bad)
    bad = copy.deepcopy(s)
    piles.move(bad["piles"], bad["piles"]["layout"][-1], "layout", "room")
    with pytest.raises(ValueError, match="layout pile"):
        G.check_state(bad)


def test_view_shows_the_partial_layout_and_the_open_cells():
    """view during Room/Space Layout: the placed spots face down on the grid, every open
    cell with its place action, the count left, and no card shown."""
    s = to_layout(record("A"), seed=4)
    s = G.apply(s, [a for a in G.legal_actions(s) if a["type"] == "place"][-1])
    v = G.view(s, "player")
    assert json.loads(json.dumps(v)) == v
    room = v["room"]
    pl = room["placing"]
    assert v["phase"] == "layout" and pl["placed"] == 2 and pl["left"] == s["placing"]["size"] - 2
    assert [c["action"] for c in pl["candidates"]] == G.legal_actions(s)[:-1]
    ids = [sid for row in room["grid"] for sid in row if sid is not None]
    assert sorted(ids) == [0, 1]
    for c in pl["candidates"]:
        assert room["grid"][c["y"]][c["x"]] is None
    assert all(sp["card"] is None and not sp["revealed"] for sp in room["spots"])
    assert room["spots"][0]["entrance"] and room["spots"][0]["y"] == max(sp["y"] for sp in room["spots"])
    shown = json.dumps(room)
    assert not any(f'"{card}"' in shown for card in s["piles"]["layout"])  # face down
    labels = [e["label"] for e in v["actions"]]
    assert labels[-1] == "Let the app place the rest" and labels[0].startswith("Place spot 3 of ")
