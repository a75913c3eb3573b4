"""P52: the differences the 2026-11-26 reading still found open (docs/reviews/p52-2026-11-26.md)
against the book (../shared/rules/003_e31830a4b4fe5285.txt). Each test is named after its book
section and fails on the code before the fix; docs/rules/p52.md has the rows ("t4_")."""

from __future__ import annotations

from pocketdeck.core.game import get_game
from pocketdeck.systems.p52.combat import ability_target
from pocketdeck.systems.p52.flow import new_turn
from test_p52_engine import (act, line_room, mage, party, record, scene, stack_action,
                             stack_stamina)

G = get_game("p52")


def test_stamina_a_stamina_boost_does_not_draw_past_five():
    """Stamina: "a maximum of 5 Stamina cards in your pile, unless you have an ability that
    says otherwise – do not draw past this, even if something tells you to draw another
    card". A Stamina Boost is an item, not an ability: with 3 held it draws 2."""
    s = party(record(items=["stamina_boost"]))
    scene(s, enemy_card="KH", enemy_pos=0)
    pile = s["piles"]["stamina_c0"]
    while len(pile) > 3:
        s["piles"]["action_discard"].append(pile.pop())
    s = act(s, type="use", item="stamina_boost")
    assert len(s["piles"]["stamina_c0"]) == 5


def test_abilities_an_ace_does_not_fail_a_support_ability():
    """Card Values: "Aces always have a value of 1"; the book gives the Ace a meaning of its
    own only on attack flips (Counter Attacks), lock picking and chest attacks. A support
    ability meets its target or not: Stamina K + flip A = 14 against Regeneration's 9."""
    s = mage({"regeneration": 1})
    line_room(s, 3)
    scene(s, enemy_card=None)
    s["chars"][0]["hp"] -= 10
    stack_stamina(s, "c0", "KD")
    stack_action(s, ["AS", "2C"])
    s = act(s, type="ability", ability="regeneration", target="c0", stamina=True)
    assert s["chars"][0]["regen"][0] == 5  # Over 14 - 9
    assert not any("it fails" in x for x in s["log"][-3:])


def test_abilities_hover_moves_over_spots_none_at_over_0():
    """Abilities table, Hover: "move Over spots": a flip that just meets the target (Over 0)
    moves the character no spot (it moved 1 before)."""
    s = mage({"hover": 1})
    line_room(s, 5)
    eid = scene(s, "KH", enemy_pos=2)
    s["turn"] = new_turn(["c0", eid], 1)
    tgt = ability_target(s, s["chars"][0], "hover", 0, 0)
    stack_action(s, [f"{tgt if tgt <= 10 else 'JQK'[tgt - 11]}S", "2C"])
    s = act(s, type="ability", ability="hover", target=3, stamina=False)
    assert s["chars"][0]["pos"] == 0


def test_big_boss_the_major_boss_flips_every_time_he_falls_below_0():
    """Big Boss (the scenario table): "Below 0 HP: flip; 6 or less revives him with HP = the
    card's value": every time, not only the first (the table says no "once")."""
    from pocketdeck.core.rng import Rng
    from pocketdeck.systems.p52.combat import damage_enemy
    from pocketdeck.systems.p52.room import make_enemy
    s = party(record(), quest="big_boss")
    scene(s, enemy_card=None)
    s["quest"]["boss_stage"] = 1
    boss = make_enemy(s, None, 0, boss="major")
    s["room"]["enemies"].append(boss)
    boss["hp"] = 5
    stack_action(s, ["3C", "4D", "9S"])
    damage_enemy(s, boss, 6, s["chars"][0], Rng(1))
    assert boss["hp"] == 3 and s["quest"]["done"] is None
    damage_enemy(s, boss, 4, s["chars"][0], Rng(1))
    assert boss["hp"] == 4 and s["quest"]["done"] is None        # raised a second time
    damage_enemy(s, boss, 5, s["chars"][0], Rng(1))
    assert s["quest"]["done"] == "won"                           # a 9: he falls


def test_big_boss_a_second_ace_while_the_minor_boss_stands_is_a_plain_spot():
    """Big Boss: "the second is the Major Boss" / "existing enemies will flee immediately"
    contradict "You must defeat both Bosses"; the documented choice (docs/rules/p52.md):
    while the Minor Boss stands, another Ace is a plain spot; once it is beaten, the next
    Ace is the Major Boss."""
    from pocketdeck.systems.p52.room import _boss
    s = party(record(), quest="big_boss")
    scene(s, enemy_card=None)
    s["room"]["boss_here"] = "minor"
    assert _boss(s, 1) == [] and s["room"]["spots"][1]["kind"] == "normal"
    s["room"]["boss_here"] = None
    s["quest"]["boss_stage"] = 1
    ids = _boss(s, 2)
    assert ids and s["room"]["enemies"][-1]["boss"] == "major"


def test_abilities_ice_storm_freezes_for_3_rounds_even_when_attacked():
    """Abilities table, Ice Storm: "freeze ... for 3 rounds": an enemy hit while frozen by
    it stays frozen (the Ice Elixir's "until attacked" is another item's rule)."""
    from pocketdeck.systems.p52.combat import _hit_enemy
    from pocketdeck.systems.p52 import data
    from pocketdeck.core.rng import Rng
    s = party(record())
    eid = scene(s, "KH", enemy_pos=0)
    e = s["room"]["enemies"][0]
    e["frozen"], e["thaw"] = True, 3
    _hit_enemy(s, s["chars"][0], e, data.ability("sword_play"), 20, 1, False, Rng(1), "test")
    assert e["frozen"] and e["thaw"] == 3
    e.pop("thaw")                                  # an Ice Elixir's freeze: until attacked
    _hit_enemy(s, s["chars"][0], e, data.ability("sword_play"), 20, 1, False, Rng(1), "test")
    assert not e["frozen"]


def test_opening_chests_any_number_of_lock_picks():
    """Opening Chests: "if you use 3 Lock Picks, it is as if you had a 3 in the Lock Pick
    ability": the book sets no maximum; five held may all be used."""
    from pocketdeck.systems.p52.items import pick_options
    c = record(items=["lock_pick"] * 5)
    c["abilities"] = {"sword_play": 1}
    assert pick_options(c) == [1, 2, 3, 4, 5]


def test_abilities_snatch_steals_from_a_boss_too():
    """Abilities table, Snatch: "steal 1 item": the table names no exception for bosses."""
    from pocketdeck.systems.p52.room import make_enemy
    s = mage({"snatch": 1})
    line_room(s, 3)
    scene(s, enemy_card=None)
    s["quest"]["boss_stage"] = 1
    boss = make_enemy(s, None, 0, boss="major")
    s["room"]["enemies"].append(boss)
    assert {"type": "ability", "char": "c0", "ability": "snatch", "target": boss["id"],
            "stamina": False} in G.legal_actions(s)


def test_abilities_threaten_a_boss_flees_too():
    """Abilities table, Threaten: "all enemies on the spot flee": a Minor Boss too."""
    s = party(record(abilities={"threaten": 3, "block": 1},
                     core={"Lift": 6, "Think": 6, "Balance": 4, "Move": 4, "Lead": 9}))
    line_room(s, 3)
    eid = scene(s, "KH", enemy_pos=0)
    e = s["room"]["enemies"][0]
    e["boss"] = "minor"
    stack_action(s, ["KS", "2C"])
    s = act(s, type="ability", ability="threaten", target=None, stamina=False)
    assert any("runs from" in x for x in s["log"][-3:])      # (it may come back on its turn)
