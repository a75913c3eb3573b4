"""Issue 50, P52 defence: every answer to an enemy's hit shows its chance and the damage it
leaves, counted exactly like an attack's chance (systems/p52/defence.py); here the shown
figures against the real resolution (``combat.defend``) over many seeded draws, as
tests/test_p52_maths.py checks the attack chances; and the result in words that match the
prompt (what was needed, what was drawn, what gets through)."""

from __future__ import annotations

import copy
import math
from fractions import Fraction

import pytest

from pocketdeck.core.rng import Rng
from pocketdeck.systems.p52.combat import defend
from pocketdeck.systems.p52.defence import defence_odds, defence_summary
from test_p52_engine import knife_party, scene
from test_p52_maths import deal_unseen


def _hit_scene(draw_left: int, damage: int, rtype: str = "ranged", stance: int = 0, seed: int = 1):
    """A thief (Dodge 1 trained, Block untrained) on a Skulker's hit for ``damage``, the
    Action draw pile cut to ``draw_left`` cards (the rest on the discard pile)."""
    s = knife_party()
    eid = scene(s, "JC")
    c = s["chars"][0]
    c["stance"] = stance
    p = s["piles"]
    Rng(seed).shuffle(p["action"])
    while len(p["action"]) > draw_left:
        p["action_discard"].append(p["action"].pop(0))
    s["pending"] = {"kind": "defend", "char": "c0", "enemy": eid, "damage": damage, "rtype": rtype,
                    "passing": False, "king": False}
    return s


@pytest.mark.parametrize("draw_left,damage,aid,stamina,stance", [
    (30, 6, "dodge", False, 0),     # trained Dodge, the pile as it stands
    (30, 7, "block", False, 0),     # untrained Block (+3): level 1, what it beat the target by
    (30, 6, "dodge", True, 0),      # Stamina: the face-down card played first
    (12, 9, "block", True, 1),      # a shuffle before the flip, the Stamina card in it; stance
    (13, 5, "dodge", False, 2),     # 13 left: no shuffle
])
def test_the_defence_figures_match_the_frequency_of_real_defences(draw_left, damage, aid, stamina, stance):
    """Player Defending, Additional Defensive Abilities, Using Stamina, Shuffling: 4000
    defences through ``combat.defend`` from the same state, the unseen cards dealt afresh
    each time, meet the target as often as the shown chance says and leave each amount of
    damage as often as the shown spread says, within 4 standard errors."""
    s = _hit_scene(draw_left, damage, stance=stance)
    hold, left, held = defence_odds(s, "c0", aid, stamina)
    assert abs(sum(left.values()) - 1) == 0
    n = 4000
    met, seen = 0, {}
    for i in range(n):
        t = copy.deepcopy(s)
        rng = Rng(20_000 + i)
        deal_unseen(t, rng, stamina)
        c = t["chars"][0]
        hp = c["hp"] = 100
        before = c["rx"].get("defended", 0)
        defend(t, c, aid, stamina, rng)
        met += c["rx"].get("defended", 0) > before
        got = hp - c["hp"]
        seen[got] = seen.get(got, 0) + 1
    p = float(hold)
    assert abs(met / n - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-9, (met / n, p)
    for dmg, chance in left.items():
        q = float(chance)
        assert abs(seen.get(dmg, 0) / n - q) <= 4 * math.sqrt(q * (1 - q) / n) + 1e-9, (dmg, seen, left)
    assert set(seen) <= set(left)


def test_the_summary_a_button_shows():
    s = _hit_scene(30, 6)
    got = defence_summary(s, "c0", "dodge")
    hold, _, held = defence_odds(s, "c0", "dodge")
    assert got["leaves"] == [min(held), max(held)] and got["else"] == 6 and got["target"] == 9
    assert got["chance"] == f"{round(float(hold) * 100)}%"
    assert defence_summary(s, "c0", None) == {"leaves": [6, 6], "else": 6}
    assert defence_odds(s, "c0", None)[1] == {6: Fraction(1)}
