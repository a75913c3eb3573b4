"""P52 rules as truth tables: each test names the section of the rule book it pins.
The book's worked examples are here verbatim."""

import pytest

from pocketdeck.content import check, load
from pocketdeck.systems.p52 import data
from pocketdeck.systems.p52.maths import (
    attack_hits, average_level, bonus_points, chest_smash, dark_reveal_jump, defence_reduce,
    defence_succeeds, enemy_attack_bonus, enemy_defence, enemy_flees, exit_direction, formula,
    initiative, initiative_flip, learns_on, level_points, level_threshold, max_hp, movement, over,
    player_state, power_damage, quest_for_flip, spot_kind, starting_core, survival_rooms,
    trap_springs, trap_target, untrained_target, value)


def test_card_values():
    """General Mechanics / Card Values: Ace 1, J 11, Q 12, K 13."""
    assert [value(c) for c in ("AS", "2H", "10D", "JC", "QS", "KH")] == [1, 2, 10, 11, 12, 13]


def test_every_division_rounds_down():
    """Mathematical Equations: the Movement example, (7 / 4) + 1 = 2.75 -> 2."""
    assert movement(7) == 2
    assert formula("(7/4)+1", {}) == 2
    assert formula("7/2", {}) == 3


@pytest.mark.parametrize("move,expected", [(1, 1), (3, 1), (4, 2), (7, 2), (8, 3), (12, 4)])
def test_movement_formula(move, expected):
    """Step 7: Movement = (Move / 4) + 1 (the rules' formula, not the sheet's Move / 8)."""
    assert movement(move) == expected


def test_max_hp_and_initiative():
    """Step 7: Max HP = Lift x Think + 3 (rules text; the sheet omits + 3);
    Initiative = Move + Lead x 2."""
    assert max_hp(3, 4) == 15
    assert initiative(5, 3) == 11


@pytest.mark.parametrize("flips,points", [
    ([2, 5, 6], 5),      # the book's example: the middle value
    ([13, 1, 7], 7),
    ([4, 4, 9], 4),      # a pair gives the pair's value
    ([9, 4, 9], 9),
    ([7, 7, 7], 9),      # three of a kind: value + 2
    ([1, 1, 1], 3),
])
def test_bonus_flip(flips, points):
    """Step 5: Draw for Ability Bonuses."""
    assert bonus_points(flips) == points


def test_core_abilities_start_at_one_and_never_below():
    """Step 3: all core abilities start at 1, modifiers added, minimum 1."""
    dwarf = data.races()["dwarf"]["mods"]
    wizard = data.classes()["wizard"]["mods"]
    core = starting_core(dwarf, wizard)
    assert core == {"Lift": 3, "Think": 5, "Balance": 1, "Move": 1, "Lead": 2}
    human, captain = data.races()["human"]["mods"], data.classes()["captain"]["mods"]
    assert starting_core(human, captain)["Balance"] == 1  # 1 + 1 - 1


@pytest.mark.parametrize("flip,quest", [(1, "big_boss"), (3, "big_boss"), (4, "survival"),
                                        (6, "survival"), (7, "trapped"), (9, "trapped"),
                                        (10, "treasure"), (12, "treasure"), (13, None)])
def test_quest_flip(flip, quest):
    """Choose a Quest: A-3 Big Boss, 4-6 Survival, 7-9 Trapped, 10-Q Treasure, K flip again."""
    assert quest_for_flip(flip) == quest


def test_survival_rooms():
    """Survival: # Rooms = (14 - Flip) / 2, rounded down."""
    assert [survival_rooms(v) for v in (1, 2, 5, 10)] == [6, 6, 4, 2]


@pytest.mark.parametrize("flip,where", [(1, "barricaded"), (2, "left"), (4, "left"), (5, "across"),
                                        (7, "across"), (8, "right"), (10, "right")])
def test_exit_flip(flip, where):
    """Determining the Exit."""
    assert exit_direction(flip) == where


@pytest.mark.parametrize("card,quest,players,expected", [
    ("4S", "trapped", 2, ("hidden", 0)), ("5H", "trapped", 2, ("obstructed", 0)),
    ("6D", "trapped", 2, ("normal", 0)), ("7C", "trapped", 2, ("chest", 0)),
    ("8S", "trapped", 2, ("enemy", 1)), ("9S", "trapped", 2, ("trap", 0)),
    ("9C", "trapped", 2, ("trap", 0)), ("9D", "trapped", 2, ("enemy", 1)),
    ("10H", "trapped", 2, ("normal", 0)), ("10C", "trapped", 2, ("normal", 0)),
    ("10C", "trapped", 4, ("enemy", 1)), ("10S", "trapped", 2, ("enemy", 1)),
    ("10S", "trapped", 4, ("enemy", 2)),
    ("AS", "big_boss", 2, ("boss", 0)), ("2S", "big_boss", 2, ("normal", 0)),
    ("2S", "big_boss", 4, ("enemy", 1)), ("3S", "big_boss", 2, ("hidden", 0)),
    ("AH", "treasure", 2, ("special_chest", 1)), ("2H", "treasure", 2, ("enemy", 1)),
    ("3H", "treasure", 2, ("normal", 0)),
    ("AD", "trapped", 2, ("key", 0)), ("2D", "trapped", 2, ("enemy", 1)),
    ("3D", "trapped", 2, ("obstructed", 0)),
    ("AC", "survival", 2, ("enemy", 1)), ("AC", "survival", 5, ("enemy", 2)),
    ("2C", "survival", 2, ("enemy", 1)), ("3C", "survival", 2, ("trap", 0)),
])
def test_spot_table(card, quest, players, expected):
    """Room/Space Layout table, with each quest's Aces, 2s and 3s."""
    assert spot_kind(card, quest, players) == expected


def test_knife_attack_worked_example():
    """Player Attacking: Knife aLv 2, flip 10 against 9 - 2 = 7, Balance 7:
    (7 / 2) + (3 x 2) = 9 damage."""
    knife = data.ability("knife_use")
    target = formula(knife["target"], {"aLv": 2})
    assert target == 7
    assert attack_hits(10, target)
    assert over(10, target) == 3
    names = {"aLv": 2, "Over": 3, "R": 0, "E": 1, "Lift": 3, "Think": 1, "Balance": 7,
             "Move": 1, "Lead": 1}
    assert formula(knife["damage"], names) == 9


def test_attack_must_be_over_the_target():
    """Player Attacking: the total must be over the target ("greater than")."""
    assert not attack_hits(7, 7) and attack_hits(8, 7)


def test_stamina_worked_example():
    """Enemy Defending: Stamina 4 + flip 6 = 10; the enemy stops it only with a Jack or
    better; an equal flip halves the damage."""
    total = 4 + 6
    assert enemy_defence(total, 11) == "blocked"
    assert enemy_defence(total, 13) == "blocked"
    assert enemy_defence(total, 10) == "half"
    assert enemy_defence(total, 9) == "hit"


def test_power_attack_doubles_only_real_damage():
    """Power Attacks: a King doubles damage, but zero stays zero."""
    assert power_damage(6, True) == 12
    assert power_damage(0, True) == 0
    assert power_damage(6, False) == 6


def test_average_level_worked_example():
    """Enemy Attacking / Leveling Up: (3 + 5 + 6) / 3 = 4.7 -> 4."""
    assert average_level([3, 5, 6]) == 4


@pytest.mark.parametrize("avg,bonus", [(1, 0), (4, 0), (5, 1), (7, 1), (19, 3)])
def test_enemy_bonus_per_five_levels(avg, bonus):
    """Enemy Attacking: +1 to enemy attack flips for every 5 average levels."""
    assert enemy_attack_bonus(avg) == bonus


def test_player_defence_meets_or_exceeds():
    """Player Defending: meet or exceed the target."""
    assert defence_succeeds(8, 8) and defence_succeeds(9, 8) and not defence_succeeds(7, 8)


def test_untrained_defence():
    """Additional Defensive Abilities: untrained targets are at +3."""
    assert untrained_target(6) == 9


def test_defence_effects():
    """Abilities table: Block and Counter Spell reduce by aLv + Over (Block not magic,
    Counter Spell magic only); Dodge: Over > 2 no damage, otherwise half."""
    assert defence_reduce("block", 10, 2, 3, "melee") == 5
    assert defence_reduce("block", 10, 2, 3, "magic") == 10
    assert defence_reduce("counter_spell", 10, 2, 3, "magic") == 5
    assert defence_reduce("counter_spell", 10, 2, 3, "ranged") == 10
    assert defence_reduce("dodge", 9, 1, 3, "melee") == 0
    assert defence_reduce("dodge", 9, 1, 2, "melee") == 4


def test_enemy_flees_under_a_quarter():
    """Determining Enemy Action, rule 1: less than 1/4 of max HP."""
    assert enemy_flees(4, 20) is True
    assert enemy_flees(5, 20) is False


def test_player_death_states():
    """Player Deaths: exactly 0 is stunned, below 0 is dead."""
    assert [player_state(h) for h in (1, 0, -1)] == ["ok", "stunned", "dead"]


@pytest.mark.parametrize("balance,move,flip,springs", [(3, 2, 7, True), (3, 2, 8, False),
                                                       (10, 5, 1, False)])
def test_trap_target(balance, move, flip, springs):
    """Traps: a flip lower than 13 - (Balance + Move) takes the damage."""
    assert trap_target(3, 2) == 8
    assert trap_springs(flip, balance, move) is springs


@pytest.mark.parametrize("flip,think,stamina,result", [
    (1, 9, 0, "explodes"), (13, 1, 0, "two"), (9, 3, 0, "opens"), (8, 3, 0, "shut"),
    (3, 1, 0, "destroyed"), (2, 5, 0, "destroyed"), (2, 6, 0, "shut"), (6, 3, 3, "opens"),
])
def test_attacking_a_chest(flip, think, stamina, result):
    """Attacking a Chest: flip + Think / 3 (+ Stamina): 10+ opens, 3 or less destroys,
    King two items, Ace explodes."""
    assert chest_smash(flip, think, stamina) == result


def test_initiative_flip():
    """Initiative: Ace enemies first, King players first."""
    assert [initiative_flip(v) for v in (1, 7, 13)] == ["enemies", "order", "players"]


def test_dark_reveal_flip():
    """Initiative (dark rooms): a reveal flip of 3 or less lets the enemy act next."""
    assert [dark_reveal_jump(v) for v in (1, 3, 4)] == [True, True, False]


def test_level_threshold_worked_example():
    """Leveling Up: threshold (Level x 10) + 10: level 2 to 3 at 30."""
    assert level_threshold(2) == 30
    assert level_threshold(1) == 20
    assert level_points(9) == 4
    assert [learns_on(lv) for lv in (2, 3, 4, 5)] == [False, True, False, True]


def test_content_files_pass_their_checks():
    """Every content file names its source and licence and passes the P52 checker."""
    for name in ("races", "classes", "abilities", "enemies", "items", "quirks", "quests"):
        d = load(f"p52/{name}.toml")
        assert d["source"]["licence"] == "CC BY-NC-SA 4.0"
        assert "jakerella/p52" in d["source"]["origin"]


def test_content_checker_names_the_broken_field():
    bad = {"source": {"origin": "x", "licence": "y"},
           "ability": [{"id": "zap", "name": "Zap", "target": "7-aLv", "kind": "attack",
                        "damage": "Over*bogus", "range": 0, "rtype": "melee", "exp": 5,
                        "text": "t", "prereq": {"Lift": 2}}]}
    problems = check("p52/abilities.toml", bad)
    assert any("bogus" in p for p in problems)
    assert any("needs a [source]" in p for p in check("p52/quirks.toml", {"quirk": []}))


def test_scenario_numbers_in_content():
    """The scenario tables: a few numbers checked against the reference."""
    assert data.races()["dwarf"]["mods"] == {"Lift": 3, "Think": 1, "Balance": -1, "Move": -1, "Lead": 0}
    assert data.classes()["thief"]["abilities"] == ["bow_skills", "lock_pick", "dodge"]
    assert data.enemies()["by_card"]["Q"]["hp"] == "Lv*10"
    assert data.chest_table()[2] == "booby_trap" and data.chest_table()[26] == "invisibility_cloak"
    assert data.start_items(2) == ["torch"] and data.start_items(25) == ["any"]
    assert data.ability("sword_play")["damage"] == "aLv+Over+8"


# -- the exact chances against the real resolution (issue 47) -----------------------------------
def _attack_scene(draw_left, defence, stamina=False, aim=0, frozen=False, seed=1):
    """A knife fighter (Knife Use 2) on a Queen's spot, the Action draw pile cut to
    ``draw_left`` cards (the rest on the discard pile)."""
    from test_p52_engine import knife_party, scene
    from pocketdeck.core.rng import Rng
    s = knife_party()
    eid = scene(s, "QH")
    e = s["room"]["enemies"][0]
    e["defence"] = {k: defence for k in e["defence"]}
    e["hp"] = e["max_hp"] = 500
    if frozen:
        e["frozen"] = True
    if aim:
        s["chars"][0]["aim"] = {"target": eid, "bonus": aim}
    p = s["piles"]
    Rng(seed).shuffle(p["action"])
    while len(p["action"]) > draw_left:
        p["action_discard"].append(p["action"].pop(0))
    return s, eid


def deal_unseen(state, rng, stamina):
    """Deal the cards the player cannot see afresh: the Action draw pile's order and, with
    Stamina, which of the Stamina piles' cards lies in which pile (the exact chances take
    them as any alike)."""
    rng.shuffle(state["piles"]["action"])
    if stamina:
        names = sorted(k for k in state["piles"] if k.startswith("stamina_"))
        pool = [x for k in names for x in state["piles"][k]]
        rng.shuffle(pool)
        for k in names:
            size = len(state["piles"][k])
            state["piles"][k], pool = pool[:size], pool[size:]


@pytest.mark.parametrize("draw_left,defence,stamina,aim,frozen", [
    (30, 1, False, 0, False),   # the pile as it stands, no shuffle
    (30, 0, True, 0, False),    # Stamina: the face-down card played first
    (13, 2, False, 0, False),   # the defence flip comes after a shuffle
    (13, 1, True, 1, False),    # Stamina and aim, then a shuffle before the defence flip
    (8, 0, False, 0, False),    # a shuffle before the attack flip
    (14, 3, False, 2, False),   # 14 left: no shuffle
    (13, 0, False, 0, True),    # frozen: no defence flip
])
def test_hit_chance_matches_the_frequency_of_real_attacks(draw_left, defence, stamina, aim, frozen):
    """Player Attacking, Enemy Defending, Using Stamina, Aiming, Shuffling: the chance shown on
    an attack button is exact. 4000 attacks through ``combat.player_attack`` from the same
    state, each with the unseen cards dealt afresh (the draw pile's order; with Stamina the
    cards of the Stamina piles among them), must hurt the enemy as often as the chance says,
    within 4 standard errors."""
    import copy
    import math

    from pocketdeck.core.rng import Rng
    from pocketdeck.systems.p52 import hit_chance
    from pocketdeck.systems.p52.combat import player_attack
    s, eid = _attack_scene(draw_left, defence, aim=aim, frozen=frozen)
    p = float(hit_chance(s, "c0", eid, "knife_use", stamina))
    n, hits = 4000, 0
    for i in range(n):
        t = copy.deepcopy(s)
        rng = Rng(10_000 + i)
        deal_unseen(t, rng, stamina)
        e = t["room"]["enemies"][0]
        player_attack(t, t["chars"][0], "knife_use", eid, stamina, rng)
        hits += e["hp"] < 500
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= 4 * se + 1e-9, (hits / n, p)
    assert 0 < p < 1
