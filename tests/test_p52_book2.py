"""P52: the places a second reading of the book (../shared/rules/003_e31830a4b4fe5285.txt)
found (issue 32, items 13-16). Each test is named after its book section and fails on the
code before the fix; docs/rules/p52.md has the rows ("t2_")."""

from __future__ import annotations

import pytest

from pocketdeck.core import piles
from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.p52.combat import hurt_char
from pocketdeck.systems.p52.flow import new_turn, run
from pocketdeck.systems.p52.room import make_enemy
from pocketdeck.ui.check import render_check
from test_p52_engine import (act, knife_party, line_room, party, record, scene, stack_action,
                             to_layout, with_rng)

G = get_game("p52")


def add_enemy(s, card, pos):
    p = s["piles"]
    piles.move(p, card, "enemy" if card in p["enemy"] else "foes_out", "foes")
    e = make_enemy(s, card, pos)
    s["room"]["enemies"].append(e)
    return e


# -- 13 ------------------------------------------------------------------------------------------
def test_determining_enemy_action_rule_2_second_enemy_nearest_then_weakest():
    """Determining Enemy Action rule 2 / Enemy Attacking: "the second enemy will attack the
    next player in range distance, and if there is another tie, they will attack the next
    weakest player": distance first, then weakest. Two Skulkers (range 4) on spot 0: the
    first attacks the weakest (A); the second passes over C (weaker, 2 spots away) for B on
    its own spot."""
    s = party(record("A"), record("B"), record("C"))
    line_room(s, 4)
    scene(s, "JH", enemy_pos=0)
    a, b, c = s["chars"]
    c["pos"] = 2
    a["hp"], b["hp"], c["hp"] = 2, 6, 4
    e1 = s["room"]["enemies"][0]
    e2 = add_enemy(s, "JC", 0)
    s["turn"] = new_turn([e1["id"], e2["id"], "c0", "c1", "c2"], 1)
    stack_action(s, ["2C", "2D"])  # both miss
    with_rng(s, run)
    text = "\n".join(s["log"][-4:])
    assert f"{e1['name']} attacks A" in text and f"{e2['name']} attacks B" in text


# -- 14 ------------------------------------------------------------------------------------------
def test_passing_attacks_an_enemy_under_a_quarter_of_its_hp_does_not_attack():
    """Passing Attacks: "behaves exactly like a normal attack"; Enemy Attacking: an enemy
    under 1/4 of its maximum HP does not attack. A Brute at 1/22 HP lets a player run by."""
    s = party(record(core={"Lift": 6, "Think": 3, "Balance": 4, "Move": 8, "Lead": 3}))
    line_room(s, 4)
    eid = scene(s, "KH", enemy_pos=1)
    s["room"]["enemies"][0]["hp"] = 1
    s["turn"] = new_turn(["c0", eid], 1)
    stack_action(s, ["KC"])
    s = act(s, type="move", to=3)          # spot 3 is the exit: the party goes on to room 2
    assert not any("passing attack" in line for line in s["log"])
    assert any("under a quarter" in line for line in s["log"]) and s["quest"]["rooms_entered"] == 2


def test_enemy_attacking_no_counter_attack_under_a_quarter_of_its_hp():
    """Counter Attacks / Enemy Attacking: the counter after a player's Ace is an enemy attack
    too; under 1/4 of its maximum HP the enemy makes none."""
    s = knife_party()
    eid = scene(s, "KS")
    s["room"]["enemies"][0]["hp"] = 1
    stack_action(s, ["AS", "10C"])
    s = act(s, type="attack", ability="knife_use", target=eid, stamina=False)
    assert not any("counter-attacks" in line for line in s["log"])
    assert (s["pending"] or {}).get("kind") != "defend"     # its own turn: it flees instead


# -- 15 ------------------------------------------------------------------------------------------
def test_player_deaths_stunned_uses_items_on_themselves():
    """Player Deaths: a stunned character "can do nothing but defend, move, use items on
    themselves (and only themselves), or cast healing spells on themselves": the Invisibility
    Cloak, Magic Tome, Training Manual and Weapon Tuner act on their user and are offered;
    a torch (lights the room) is not."""
    held = ["invisibility_cloak", "magic_tome", "training_manual", "weapon_tuner", "torch"]
    s = party(record(items=list(held)))
    scene(s, enemy_card="KH")
    s["room"]["lit"] = False
    c = s["chars"][0]
    hurt_char(s, c, c["hp"], Rng(1))
    assert c["status"] == "stunned"
    used = {a["item"] for a in G.legal_actions(s) if a["type"] == "use"}
    assert {"invisibility_cloak", "magic_tome", "training_manual", "weapon_tuner"} <= used
    assert "torch" not in used and all(a["target"] in ("c0", None) or a["item"] in ("weapon_tuner", "training_manual")
                                       for a in G.legal_actions(s) if a["type"] == "use")
    s = act(s, type="use", item="magic_tome")
    assert c["status"] == "stunned"


# -- 16 ------------------------------------------------------------------------------------------
def test_room_space_layout_any_connected_pattern_a_long_corridor():
    """Room/Space Layout: "you can configure them in any pattern you like, but they must all
    be connected ... they get the final say": the player lays a straight corridor as long as
    the room (beyond three columns of the entrance); the screen scrolls to show it. Spots
    behind the entrance stay barred (the party stands there)."""
    s = to_layout(record("A"))
    size = s["placing"]["size"]
    assert size > 4
    for x in range(1, size):
        render_check(G, s, [])
        s = act(s, type="place", x=x, y=0)
    assert s["phase"] == "room"
    spots = s["room"]["spots"]
    assert len(spots) == size and {sp["y"] for sp in spots} == {0} and s["room"]["w"] == size
    render_check(G, s, [])
    s = to_layout(record("A"))
    with pytest.raises(IllegalAction, match="below the entrance"):
        G.apply(s, {"type": "place", "x": 0, "y": 1})
    s = act(s, type="place", x=0, y=-1)
    for y in range(2, 13):          # up, beyond the app's nine rows, while spots are left
        if s["phase"] != "layout":
            break
        s = act(s, type="place", x=0, y=-y)
