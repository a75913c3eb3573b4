"""Deckbuilder RPG rules, by the book's sections: the attack arithmetic at its edges
(Attacks), the book's Melee example, each Action Tableau stack, the draw, Synergy,
initiative, monsters, the encounter zone, Fatigue, and the spoils between encounters."""

from __future__ import annotations

import json

import pytest

from pocketdeck.content import check
from pocketdeck.core.game import IllegalAction, get_game, replay
from pocketdeck.core.rng import Rng
from pocketdeck.systems.deckbuilder import combat, data
from pocketdeck.systems.deckbuilder.monsters import boss_spend
from pocketdeck.systems.deckbuilder.setup import initiative_rank

GAME = get_game("deckbuilder")


def battle(heroes=("warrior", "priest"), seed=1, zones=("crypt",), gm=False):
    return GAME.new_game({"heroes": list(heroes), "zones": list(zones), "gm": gm}, seed)


def make_active(state, hid, hand=None):
    """Put the scene at the start of ``hid``'s turn (no pending attack), with ``hand``."""
    state["at"] = state["order"].index(hid)
    state["turn"], state["pending"], state["attacks"] = None, None, []
    if hand is not None:
        old = state["piles"][f"{hid}:hand"]
        state["piles"][f"{hid}:draw"].extend(old)
        state["piles"][f"{hid}:hand"] = list(hand)
        for c in hand:  # keep the card count: take each card from the draw pile when there
            if c in state["piles"][f"{hid}:draw"]:
                state["piles"][f"{hid}:draw"].remove(c)
    return state


def types(state):
    return {a["type"] for a in GAME.legal_actions(state)}


def hero(state, hid):
    return next(h for h in state["heroes"] if h["id"] == hid)


# -- Attacks ------------------------------------------------------------------------------------
def test_attacks_step1_to_hit_uses_every_counter_twice():
    assert combat.to_hit(3, 1, 0) == 4
    assert combat.to_hit(3, 1, 2) == 8
    assert combat.to_hit(3, 1, 2, -2) == 6   # Defend's attack at -2
    assert combat.to_hit(0, 0, 0, -4) == -4  # Rest's attack at -4


def test_attacks_step2_defense_counts_spent_defense_counters_twice():
    assert combat.defense(8, 3, 0) == 11
    assert combat.defense(8, 3, 2) == 15


@pytest.mark.parametrize("dice, hv, dv, hit, crit", [
    ([3, 4], 4, 11, True, False),    # equal to the defense: a hit
    ([3, 3], 4, 11, False, False),   # one short: dodged
    ([6, 5], 10, 11, True, True),    # 21 against 11: exactly 10 over, a 6 showing: critical
    ([5, 5], 11, 11, True, False),   # exactly 10 over without a 6: no critical
    ([6, 4], 10, 11, True, False),   # 9 over with a 6: no critical
    ([6, 6], 0, 2, True, True),      # 10 over, two sixes
    ([1, 1], -4, 20, False, False),
])
def test_attacks_step3_hit_on_equal_or_more_and_critical_edges(dice, hv, dv, hit, crit):
    assert combat.judge(dice, hv, dv) == (hit, crit)


def test_attacks_step4_damage_weapon_plus_bonus_plus_critical_minus_resistance():
    assert combat.damage(4, 2, 0, 0) == 6
    assert combat.damage(4, 2, 5, 1) == 10
    assert combat.damage(1, 0, 0, 3) == 0  # never below zero


def test_hit_chance_is_exact():
    assert combat.hit_chance(0, 7) == pytest.approx(21 / 36)
    assert combat.hit_chance(0, 2) == 1
    assert combat.hit_chance(0, 13) == 0


def _attack_scene(heroes, gear, target, stack, counters=0, boss_counters=0):
    """The first hero's turn, the Action card ``stack`` taken, alone in an arena with one
    monster of type ``target`` (or the boss), ``counters`` on ``gear``."""
    s = make_active(battle(heroes, seed=3), "h0", [stack])
    h = hero(s, "h0")
    foe = next(m for m in s["monsters"] if m["type"] == target or (target == "boss" and m["kind"] == "boss"))
    for m in s["monsters"]:
        if m is not foe:
            m["dead"] = True
    foe["arena"] = h["arena"]
    if foe["kind"] == "boss":
        foe["defense_counters"] = boss_counters
    if counters:
        h["counters"][gear] = counters
    return GAME.apply(s, {"type": "take", "stack": stack}), foe["id"]


@pytest.mark.parametrize("heroes,gear,target,stack,counters,boss_counters", [
    (("wizard",), "staff", "skeleton", "melee", 0, 0),    # Ilsa's staff: never through the bones
    (("wizard",), "staff", "skeleton", "melee", 4, 0),    # only a critical gets through
    (("warrior",), "longsword", "skeleton", "melee", 0, 0),
    (("rogue",), "shortbow", "archer", "range", 1, 0),   # no resistance: any hit counts
    (("rogue",), "shortbow", "skeleton", "range", 0, 0),
    (("warrior",), "longsword", "boss", "melee", 3, 2),  # the boss spends defense counters
])
def test_attack_chance_matches_the_frequency_of_real_attacks(heroes, gear, target, stack, counters,
                                                              boss_counters):
    """Attacks, steps 1-5: the chance on an attack button is the exact chance the attack
    counts (a hit that gets through the target's damage resistance; any hit on a minion
    without one). 4000 attacks through ``turn.hero_attack`` (the boss spending its counters
    as the policy does) from the same state, each with its own dice, count as often as the
    exact figure says, within 4 standard errors; the button shows that figure rounded."""
    import copy
    import math

    from pocketdeck.systems.deckbuilder.turn import (attack_mods, guard_chance, hero_attack,
                                                      hero_to_hit, planned_spend)
    s, mid = _attack_scene(heroes, gear, target, stack, counters, boss_counters)
    h = hero(s, "h0")
    hv, _n = hero_to_hit(h, gear, attack_mods(s["turn"]))
    guard = {"hero": "h0", "gear": gear, "target": mid, "to_hit": hv}
    p = guard_chance(s, guard, planned_spend(s, mid, hv))
    entry = next(e for e in GAME.view(s)["actions"]
                 if e["action"] == {"type": "attack", "gear": gear, "target": mid})
    assert entry["chance"].startswith(f"{round(100 * p)}%")
    n, counted = 4000, 0
    for i in range(n):
        t = copy.deepcopy(s)
        m = next(x for x in t["monsters"] if x["id"] == mid)
        before = (m.get("hits"), m.get("health"))
        hero_attack(t, hero(t, "h0"), gear, mid, attack_mods(t["turn"]), Rng(50_000 + i))
        counted += (m.get("hits"), m.get("health")) != before
    se = math.sqrt(p * (1 - p) / n)
    assert abs(counted / n - p) <= 4 * se + 1e-9, (counted / n, p)


# -- the book's Melee example ------------------------------------------------------------------
def test_melee_example_two_more_melee_cards_two_counters_then_the_attack():
    """Melee: "If you have 2 other melee cards in your hand, you can play them as well...
    2 of the cards add 2 attack counters to a melee weapon. The final card attacks." """
    s = make_active(battle(), "h0", hand=["melee", "melee", "rest"])
    tableau_before = len(s["piles"]["tableau:melee"])
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    assert len(s["piles"]["tableau:melee"]) == tableau_before - 1
    s = GAME.apply(s, {"type": "play", "card": "melee"})
    s = GAME.apply(s, {"type": "play", "card": "melee"})
    assert s["turn"]["tokens"] == ["melee", "melee", "melee"]
    s = GAME.apply(s, {"type": "counter", "gear": "longsword"})
    s = GAME.apply(s, {"type": "counter", "gear": "longsword"})
    assert hero(s, "h0")["counters"]["longsword"] == 2
    with pytest.raises(IllegalAction, match="Melee"):
        GAME.apply(s, {"type": "end"})  # the attack card is still to be used
    target = next(m["id"] for m in s["monsters"] if not m["dead"])
    s = GAME.apply(s, {"type": "attack", "gear": "longsword", "target": target})
    roll = s["rolls"][0]
    # Brann: melee attack +3, Longsword +0, two counters x 2
    assert roll["to_hit"] == 3 + 0 + 4 and roll["counters"] == 2
    assert "longsword" not in hero(s, "h0")["counters"]  # the counters are used and removed
    discard_before = len(s["piles"]["h0:discard"])
    s = GAME.apply(s, {"type": "end"})
    # all three cards played, the action card just gained included, go to the discard pile
    assert len(s["piles"]["h0:discard"]) == discard_before + 3
    assert GAME.card_total(s) == GAME.card_total(battle())


def test_melee_must_attack_while_a_melee_card_can_still_make_it():
    s = make_active(battle(), "h0", hand=["melee", "rest"])
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    s = GAME.apply(s, {"type": "counter", "gear": "longsword"})
    assert "end" not in types(s)  # a melee card is still in hand: the attack must be made
    s = GAME.apply(s, {"type": "play", "card": "melee"})
    # the last card cannot go to a counter: it must make the attack
    assert types(s) >= {"attack"} and "counter" not in types(s)


# -- the other stacks -----------------------------------------------------------------------
def test_defend_attack_at_minus_two_then_a_defense_counter():
    s = make_active(battle(), "h0", hand=[])
    s = GAME.apply(s, {"type": "take", "stack": "defend"})
    assert types(s) == {"attack"}  # "Make an attack at -2" comes first
    target = next(m["id"] for m in s["monsters"] if not m["dead"])
    s = GAME.apply(s, {"type": "attack", "gear": "longsword", "target": target})
    assert s["rolls"][0]["to_hit"] == 3 + 0 - 2
    s = GAME.apply(s, {"type": "armor"})
    assert hero(s, "h0")["defense_counters"] == 1


def test_defend_retreat_gives_each_engaged_enemy_a_parting_reaction():
    s = make_active(battle(), "h0", hand=[])
    engaged = [m for m in s["monsters"] if not m["dead"] and m["arena"] == "stair"]
    s = GAME.apply(s, {"type": "take", "stack": "defend"})
    s = GAME.apply(s, {"type": "attack", "gear": "longsword", "target": engaged[0]["id"]})
    alive = [m for m in s["monsters"] if not m["dead"] and m["arena"] == "stair"]
    s = GAME.apply(s, {"type": "retreat", "to": "ossuary"})
    parting = [r for r in s["rolls"] if r.get("label") == "parting reaction"]
    assert len(parting) == len(alive)
    assert hero(s, "h0")["arena"] == "ossuary"
    assert "crypt/ossuary" in s["piles"]["zone"]  # laid out when the battle began


def test_rest_attack_at_minus_four_then_draw_three():
    s = make_active(battle(), "h0", hand=[])
    s = GAME.apply(s, {"type": "take", "stack": "rest"})
    target = next(m["id"] for m in s["monsters"] if not m["dead"])
    s = GAME.apply(s, {"type": "attack", "gear": "longsword", "target": target})
    assert s["rolls"][0]["to_hit"] == 3 - 4
    assert types(s) == {"draw3"}  # empty hand (nothing to expend), full health
    s = GAME.apply(s, {"type": "draw3"})
    assert len(s["piles"]["h0:hand"]) == 3


def test_rest_expend_up_to_three_cards_for_this_battle():
    s = make_active(battle(), "h0", hand=["defend", "rest", "melee", "item"])
    s = GAME.apply(s, {"type": "take", "stack": "rest"})
    if s["turn"]["step"] == "attack":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    s = GAME.apply(s, {"type": "expend"})
    for c in ("defend", "rest", "melee"):
        s = GAME.apply(s, {"type": "expend_card", "card": c})
    assert s["turn"]["step"] == "use"  # three is the most
    assert sorted(s["piles"]["h0:expended"]) == ["defend", "melee", "rest"]


def test_rest_restores_two_battle_health_not_above_full():
    s = make_active(battle(), "h0", hand=[])
    hero(s, "h0")["health"] = hero(s, "h0")["max_health"] - 1
    s = GAME.apply(s, {"type": "take", "stack": "rest"})
    if s["turn"]["step"] == "attack":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    s = GAME.apply(s, {"type": "heal2"})
    assert hero(s, "h0")["health"] == hero(s, "h0")["max_health"]


def test_item_latent_ability_power_and_equip():
    s = make_active(battle(), "h0", hand=["item"])
    s = GAME.apply(s, {"type": "take", "stack": "item"})
    if s["turn"]["step"] == "attack":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    legal = GAME.legal_actions(s)
    assert {"type": "latent", "card": "cleave"} in legal
    assert {"type": "power", "power": "second_wind"} in legal
    assert {"type": "equip", "gear": "javelin"} in legal
    s = GAME.apply(s, {"type": "play", "card": "item"})
    s = GAME.apply(s, {"type": "latent", "card": "cleave"})
    assert "cleave" in s["piles"]["h0:discard"] and not s["piles"]["h0:latent"]
    s = GAME.apply(s, {"type": "equip", "gear": "javelin"})
    assert s["piles"]["h0:equipped"] == ["longsword", "javelin"] and not s["piles"]["h0:at_hand"]


def test_after_the_turn_draw_one_card_up_to_eight():
    s = make_active(battle(), "h0", hand=[])
    for m in s["monsters"]:
        m["arena"] = "ossuary"  # nobody to attack: no penalty attack
    s = GAME.apply(s, {"type": "take", "stack": "rest"})
    s = GAME.apply(s, {"type": "draw3"})
    s = GAME.apply(s, {"type": "end"})
    assert len(s["piles"]["h0:hand"]) == 4
    s2 = make_active(battle(), "h0", hand=[])
    s2["piles"]["h0:hand"] = s2["piles"]["h0:draw"][:8]
    del s2["piles"]["h0:draw"][:8]
    for m in s2["monsters"]:
        m["arena"] = "ossuary"
    s2 = GAME.apply(s2, {"type": "take", "stack": "defend"})
    s2 = GAME.apply(s2, {"type": "armor"})
    s2 = GAME.apply(s2, {"type": "end"})
    assert len(s2["piles"]["h0:hand"]) == 8  # the hand limit


# -- Synergy ----------------------------------------------------------------------------------------
def test_synergy_ally_in_the_same_arena_plays_matching_cards_or_draws_one():
    s = make_active(battle(), "h0", hand=[])
    make_active(s, "h1", hand=["mana", "melee", "melee"])
    make_active(s, "h0")
    s = GAME.apply(s, {"type": "take", "stack": "defend"})
    s = GAME.apply(s, GAME.legal_actions(s)[0])  # the attack at -2
    s = GAME.apply(s, {"type": "armor"})
    s = GAME.apply(s, {"type": "end"})
    assert s["turn"]["mode"] == "synergy" and s["turn"]["actor"] == "h1"
    assert types(s) == {"synergy_draw", "done"}  # no Defend card in hand: draw one, or pass
    hand = len(s["piles"]["h1:hand"])
    s = GAME.apply(s, {"type": "synergy_draw"})
    assert len(s["piles"]["h1:hand"]) == hand + 1
    s = make_active(battle(), "h0", hand=[])
    make_active(s, "h1", hand=["mana", "melee", "melee"])
    make_active(s, "h0")
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    target = next(m["id"] for m in s["monsters"] if not m["dead"])
    s = GAME.apply(s, {"type": "attack", "gear": "longsword", "target": target})
    s = GAME.apply(s, {"type": "end"})
    assert s["turn"]["mode"] == "synergy" and s["turn"]["actor"] == "h1"
    assert {"type": "play", "card": "melee"} in GAME.legal_actions(s)
    assert {"type": "play", "card": "mana"} not in GAME.legal_actions(s)  # the same action only
    s = GAME.apply(s, {"type": "play", "card": "melee"})
    s = GAME.apply(s, {"type": "counter", "gear": "mace"})
    assert hero(s, "h1")["counters"]["mace"] == 1
    hand = len(s["piles"]["h1:hand"])
    s = GAME.apply(s, {"type": "done"})
    assert len(s["piles"]["h1:hand"]) == hand  # played: no draw


def test_no_synergy_for_an_ally_in_another_arena():
    s = make_active(battle(), "h0", hand=[])
    hero(s, "h1")["arena"] = "ossuary"
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    target = next(m["id"] for m in s["monsters"] if not m["dead"])
    s = GAME.apply(s, {"type": "attack", "gear": "longsword", "target": target})
    s = GAME.apply(s, {"type": "end"})
    assert s["turn"] is None or s["turn"]["mode"] == "turn"


# -- Initiative ----------------------------------------------------------------------------------
def test_initiative_defense_minus_armor_plus_d6_ties_to_higher_defense():
    s = battle(("warrior", "wizard", "rogue", "priest"), seed=5)
    # every actor is in the order once
    assert sorted(s["order"]) == sorted([h["id"] for h in s["heroes"]] + [m["id"] for m in s["monsters"]])
    # warrior 8 - 3 = 5 + d6 against the priest 8 - 2 = 6 + d6: over many seeds the priest leads more often
    lead = 0
    for seed in range(200):
        st = battle(("warrior", "priest"), seed=seed)
        lead += initiative_rank(st, ["h0", "h1"], Rng(seed))[0] == "h1"
    assert lead > 100


def test_initiative_tie_goes_to_the_higher_defense():
    s = battle(("warrior", "priest"), seed=1)
    s["order"] = []
    # warrior: 8 - 3 + roll; priest: 8 - 2 + roll. Give the warrior 2, the priest 1: both 7.
    rolls = iter([2, 1])

    class Fixed(Rng):
        def randint(self, lo, hi):
            return next(rolls)
    assert initiative_rank(s, ["h0", "h1"], Fixed(0)) == ["h0", "h1"]  # tie at 7: the warrior's defense 11 beats the priest's 10


# -- Monsters --------------------------------------------------------------------------------------
def test_minions_die_after_their_number_of_hits_and_the_minion_deck_takes_no_cards():
    s = battle(seed=3)
    minion_cards = len(s["piles"]["minion:draw"]) + len(s["piles"]["minion:discard"])
    skeleton = {"id": "m99", "kind": "minion", "type": "skeleton", "name": "Skeleton", "arena": "stair",
                "hits": 2, "dead": False}
    from pocketdeck.systems.deckbuilder.turn import damage_monster
    damage_monster(s, skeleton, {"hit": True, "damage": 0, "dice": [1, 1], "to_hit": 0, "total": 2,
                                 "defense": 0, "critical": False, "crit_die": 0, "attacker": "a",
                                 "target": "b", "weapon": "w"})
    assert not skeleton["dead"] and skeleton["hits"] == 2  # resistance 2: a blow of no damage glances off
    damage_monster(s, skeleton, {"hit": True, "damage": 1, "dice": [1, 1], "to_hit": 0, "total": 2,
                                 "defense": 0, "critical": False, "crit_die": 0, "attacker": "a",
                                 "target": "b", "weapon": "w"})
    assert not skeleton["dead"] and skeleton["hits"] == 1  # any damage at all: one hit, however small
    damage_monster(s, skeleton, {"hit": True, "damage": 5, "dice": [1, 1], "to_hit": 0, "total": 2,
                                 "defense": 0, "critical": False, "crit_die": 0, "attacker": "a",
                                 "target": "b", "weapon": "w"})
    assert skeleton["dead"]
    rng = Rng(4)
    for _ in range(60):
        s = GAME.apply(s, GAME.sim_choose(s, GAME.legal_actions(s), rng))
        if GAME.is_over(s) or s["zone_index"]:
            break
        assert len(s["piles"]["minion:draw"]) + len(s["piles"]["minion:discard"]) == minion_cards


def test_boss_spends_fewest_defense_counters_that_make_an_average_roll_miss():
    assert boss_spend(11, 3, 3) == 0    # 3 + 7 = 10 < 11 already
    assert boss_spend(11, 3, 4) == 1    # 11 -> 13 > 11
    assert boss_spend(11, 3, 8) == 3    # needs 16: 3 counters give 17
    assert boss_spend(11, 2, 12) == 2   # cannot: spends all


def test_a_monster_attack_on_a_hero_with_defense_counters_asks_how_many_to_spend():
    s = make_active(battle(), "h0", hand=[])
    hero(s, "h0")["defense_counters"] = 2
    hero(s, "h1")["defense_counters"] = 2
    rng = Rng(9)
    for _ in range(40):
        if s["pending"] is not None:
            break
        s = GAME.apply(s, GAME.sim_choose(s, [a for a in GAME.legal_actions(s)], rng))
    assert s["pending"] is not None
    target = hero(s, s["pending"]["target"])
    legal = GAME.legal_actions(s)
    assert legal == [{"type": "spend", "n": n} for n in range(target["defense_counters"] + 1)]
    before = target["defense_counters"]
    s = GAME.apply(s, legal[-1])
    assert hero(s, target["id"])["defense_counters"] == 0
    r = s["rolls"][0]
    assert r["spent"] == before and r["defense"] == data.heroes()[target["hero"]]["defense"] + \
        data.armors()[data.heroes()[target["hero"]]["armor"]]["defense"] + 2 * before


def test_unconscious_at_zero_health_and_the_battle_is_lost_when_all_fall():
    s = battle(("warrior",), seed=2)
    rng = Rng(1)
    while not GAME.is_over(s):
        hero(s, "h0")["max_health"] = 1
        hero(s, "h0")["health"] = min(hero(s, "h0")["health"], 1)
        s = GAME.apply(s, GAME.sim_choose(s, GAME.legal_actions(s), rng))
    assert s["outcome"] in ("lost", "won")
    if s["outcome"] == "lost":
        assert hero(s, "h0")["down"] and hero(s, "h0")["health"] == 0


# -- Fatigue, the zone, the spoils -----------------------------------------------------------
def test_fatigue_card_joins_when_the_discard_is_reshuffled():
    s = make_active(battle(), "h0", hand=[])
    s["piles"]["h0:discard"].extend(s["piles"]["h0:draw"])
    s["piles"]["h0:draw"] = []
    supply = len(s["piles"]["fatigue"])
    for m in s["monsters"]:
        m["arena"] = "ossuary"
    s = GAME.apply(s, {"type": "take", "stack": "defend"})
    s = GAME.apply(s, {"type": "armor"})
    s = GAME.apply(s, {"type": "end"})
    assert len(s["piles"]["fatigue"]) == supply - 1
    assert "fatigue" in s["piles"]["h0:draw"] + s["piles"]["h0:hand"]


def test_spoils_join_the_deck_and_the_next_encounter_starts_from_them():
    s = battle(("warrior", "priest"), seed=7, zones=("crypt", "keep"))
    for m in s["monsters"]:
        m["dead"] = True
    s["piles"]["zone"].extend(c for c in s["piles"]["dungeon"] if c.startswith("crypt/"))
    s["piles"]["dungeon"] = [c for c in s["piles"]["dungeon"] if not c.startswith("crypt/")]
    s["piles"]["h0:expended"].append(s["piles"]["h0:hand"].pop())
    s = make_active(s, "h0")
    s = GAME.apply(s, {"type": "take", "stack": "rest"})
    assert s["phase"] == "spoils"
    assert hero(s, "h0")["xp"] == 2 and hero(s, "h0")["max_health"] == 12
    s = GAME.apply(s, {"type": "pick", "hero": "h0", "card": "feint"})
    s = GAME.apply(s, {"type": "pick", "hero": "h1", "card": "rapier"})
    assert s["phase"] == "upgrade" and s["upgrade_left"] == ["h0", "h1"]
    s = GAME.apply(s, {"type": "upgrade", "hero": "h0", "what": "practise", "card": "cleave"})  # 2 experience
    assert hero(s, "h0")["max_health"] == 12 and hero(s, "h0")["xp"] == 0
    s = GAME.apply(s, {"type": "upgrade", "hero": "h1", "what": "practise", "card": "mass_mend"})  # its latent one
    assert s["phase"] == "battle" and s["zone_index"] == 1
    deck = s["piles"]["h0:draw"] + s["piles"]["h0:hand"]
    assert "feint" in deck and "cleave" in deck and not s["piles"]["h0:expended"]  # expended cards came back
    deck1 = s["piles"]["h1:draw"] + s["piles"]["h1:hand"]
    assert "rapier" in deck1 and "mass_mend" in deck1  # spoils and learnt cards join the deck
    assert hero(s, "h0")["arena"] == "yard" and hero(s, "h0")["health"] == 12


def test_a_door_blocks_range_until_opened():
    s = make_active(battle(("rogue",)), "h0", hand=[])
    hero(s, "h0")["arena"] = "ossuary"
    for m in s["monsters"]:
        m["arena"] = "vault"
    s = GAME.apply(s, {"type": "take", "stack": "range"})
    assert not any(a["type"] == "attack" for a in GAME.legal_actions(s))  # closed door
    s["links"][1]["open"] = True
    assert any(a["type"] == "attack" and a["gear"] == "shortbow" for a in GAME.legal_actions(s))


# -- conservation, replay, options, content -------------------------------------------------
def test_replay_gives_the_same_battle_and_cards_are_conserved():
    s = battle(("rogue", "wizard"), seed=11, zones=("crypt", "keep"))
    total = GAME.card_total(s)
    rng, actions = Rng(2), []
    for _ in range(200):
        if GAME.is_over(s):
            break
        a = GAME.sim_choose(s, GAME.legal_actions(s), rng)
        actions.append(a)
        s = GAME.apply(s, a)
        assert GAME.card_total(s) == total
    assert replay("deckbuilder", s["options"], 11, actions) == s
    assert json.loads(json.dumps(s)) == s


def test_options_are_checked():
    for bad in ({"heroes": []}, {"heroes": ["rogue", "rogue"]}, {"heroes": ["bard"]},
                {"zones": ["nowhere"]}, {"heroes": ["rogue", "warrior", "wizard", "priest", "rogue"]}):
        with pytest.raises(IllegalAction):
            GAME.new_game(bad, 1)


def test_content_checker_names_the_broken_field():
    assert check("deckbuilder/monsters.toml", {"source": {"origin": "x", "licence": "y"},
                                               "minion": [{"id": "a", "hits": "two"}]})
    assert data.cross_check() == []
    problems = check("deckbuilder/zones.toml", {"source": {"origin": "x", "licence": "y"}, "order": ["z"],
                                                "zone": [{"id": "z", "experience": 1, "arena": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
                                                          "name": "Z", "spoils": [],
                                                          "link": [{"a": "a", "b": "b", "kind": "open"}]}]})
    assert any("door" in p for p in problems)


# -- more of A Turn, abilities and the monster policy -------------------------------------------
def test_range_and_mana_counters_wait_across_turns():
    """Range and Mana: "attacking with a ranged weapon or casting a spell may wait more
    than one turn" - counters stay on the weapon until an attack uses them."""
    s = make_active(battle(("rogue", "priest")), "h0", hand=[])
    s = GAME.apply(s, {"type": "take", "stack": "range"})
    s = GAME.apply(s, {"type": "counter", "gear": "shortbow"})
    s = GAME.apply(s, {"type": "end"})
    assert hero(s, "h0")["counters"] == {"shortbow": 1}
    assert s["turn"]["mode"] == "synergy" and s["turn"]["actor"] == "h1"
    s = GAME.apply(s, {"type": "synergy_draw"})  # the priest has no Range card
    assert hero(s, "h0")["counters"] == {"shortbow": 1}  # still waiting after the others act


def test_an_ability_card_attacks_with_its_bonus():
    s = make_active(battle(("rogue",)), "h0", hand=["feint"])
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    s = GAME.apply(s, {"type": "play", "card": "feint"})
    target = next(m["id"] for m in s["monsters"] if not m["dead"])
    s = GAME.apply(s, {"type": "counter", "gear": "dagger"})     # the Melee card: a counter
    s = GAME.apply(s, {"type": "attack", "gear": "dagger", "target": target})  # Feint: +2
    assert s["rolls"][0]["to_hit"] == 2 + 1 + 2 * 1 + 2


def test_mend_restores_health_and_wakes_an_unconscious_ally():
    s = make_active(battle(("warrior", "priest")), "h1", hand=["mend"])
    hero(s, "h0").update(health=0, down=True)
    s = GAME.apply(s, {"type": "take", "stack": "mana"})
    s = GAME.apply(s, {"type": "play", "card": "mend"})
    s = GAME.apply(s, {"type": "counter", "gear": "smite"})
    s = GAME.apply(s, {"type": "heal", "target": "h0"})
    assert hero(s, "h0")["health"] == 3 and not hero(s, "h0")["down"]


def test_a_critical_hit_adds_one_d6_of_damage():
    rolls = iter([6, 6, 4])

    class Fixed(Rng):
        def randint(self, lo, hi):
            return next(rolls)
    r = combat.roll_attack(Fixed(0), 3, 5, 4, 2, 1)
    assert r["critical"] and r["crit_die"] == 4 and r["damage"] == 4 + 2 + 4 - 1


def test_minions_attack_the_weakest_hero_in_reach_or_move_towards_the_party():
    from pocketdeck.systems.deckbuilder.monsters import monster_actions, policy
    s = battle(("warrior", "priest"), seed=1)
    hero(s, "h1")["health"] = 3
    goblin = next(m for m in s["monsters"] if m["type"] == "goblin")
    s["mturn"] = {"actor": goblin["id"], "step": "use", "stack": None, "uses": 1, "card": "strike"}
    legal = monster_actions(s)
    assert legal == [{"type": "gm_attack", "target": "h0"}, {"type": "gm_attack", "target": "h1"}]
    assert policy(s, legal) == {"type": "gm_attack", "target": "h1"}  # the least health
    goblin["arena"] = "ossuary"
    legal = monster_actions(s)
    assert legal == [{"type": "gm_move", "to": "stair"}, {"type": "gm_move", "to": "vault"},
                     {"type": "gm_wait"}]  # nobody in reach
    assert policy(s, legal) == {"type": "gm_move", "to": "stair"}


def test_a_hero_knocked_out_by_a_parting_reaction_can_do_no_more_this_turn():
    s = make_active(battle(("warrior", "priest"), seed=4), "h0", hand=["defend"])
    hero(s, "h0")["health"] = 1
    engaged = [m for m in s["monsters"] if not m["dead"] and m["arena"] == "stair"]
    for seed in range(40):  # find a seed where a parting reaction lands
        t = GAME.apply(s, {"type": "take", "stack": "defend"})
        t["rng"] = Rng(seed).state
        t = GAME.apply(t, GAME.legal_actions(t)[0])
        t = GAME.apply(t, {"type": "play", "card": "defend"})
        t = GAME.apply(t, {"type": "retreat", "to": "ossuary"})
        if hero(t, "h0")["down"]:
            break
    assert engaged and hero(t, "h0")["down"]
    assert t["turn"] is None or t["turn"]["actor"] != "h0"
    assert not t["piles"]["h0:front"]  # the played cards went to the discard pile
    assert GAME.card_total(t) == GAME.card_total(s)


def test_view_hides_draw_order_and_other_hands_and_labels_every_action():
    s = battle(("warrior", "priest"), seed=6)
    v = GAME.view(s, "player")
    acting = v["acting"]
    for h in v["heroes"]:
        assert isinstance(h["draw"], int)  # a count, never the cards in order
        assert (h["hand"] is not None) == (h["id"] == acting)
    assert [e["action"] for e in v["actions"]] == GAME.legal_actions(s)
    assert all(e["label"] for e in v["actions"])
    assert json.loads(json.dumps(v)) == v


def test_refusals_name_the_rule():
    s = make_active(battle(), "h0", hand=["melee"])
    with pytest.raises(IllegalAction, match="A Turn"):
        GAME.apply(s, {"type": "end"})
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    with pytest.raises(IllegalAction, match="matching Melee"):
        GAME.apply(s, {"type": "play", "card": "rest"})
    with pytest.raises(IllegalAction, match="Attacks"):
        GAME.apply(s, {"type": "attack", "gear": "shortbow", "target": "m0"})
    with pytest.raises(IllegalAction):
        GAME.apply(s, {"type": "take", "stack": "melee", "extra": 1.0})


# -- Item/Ability: at-hand cards in the deck, equipped from the hand ----------------------------
def item_turn(s, hid, hand):
    """``hid`` takes Item/Ability with ``hand``, the penalty attack made when there is one."""
    s = make_active(s, hid, hand=hand)
    for m in s["monsters"]:
        m["arena"] = "vault"  # behind a closed door: no penalty attack to make first
    return GAME.apply(s, {"type": "take", "stack": "item"})


def test_every_hero_deck_holds_an_at_hand_card_to_equip():
    for hid, h in data.heroes().items():
        assert any(data.is_gear(c) for c in h["deck"]), hid


def test_item_equips_a_weapon_from_the_hand_swapping_one_of_two_out():
    s = item_turn(battle(("rogue",)), "h0", ["throwing_knives", "melee"])
    legal = GAME.legal_actions(s)
    assert {"type": "equip", "gear": "throwing_knives", "from": "hand", "swap": "shortbow"} in legal
    assert {"type": "equip", "gear": "rapier", "swap": "dagger"} in legal  # the at-hand item too
    hero(s, "h0")["counters"]["shortbow"] = 2
    total = GAME.card_total(s)
    s = GAME.apply(s, {"type": "equip", "gear": "throwing_knives", "from": "hand", "swap": "shortbow"})
    assert sorted(s["piles"]["h0:equipped"]) == ["dagger", "throwing_knives"]
    assert s["piles"]["h0:hand"] == ["melee"]          # it left the hand and the deck's cycle
    assert s["piles"]["h0:at_hand"] == ["rapier", "shortbow"]  # the swapped one is at hand
    assert "shortbow" not in hero(s, "h0")["counters"]  # its counters are lost
    assert GAME.card_total(s) == total


def test_item_equips_an_armor_from_the_hand_and_the_old_one_goes_to_the_items():
    s = item_turn(battle(("priest",)), "h0", ["blessed_mail"])
    hero(s, "h0")["defense_counters"] = 2
    s = GAME.apply(s, {"type": "equip", "gear": "blessed_mail", "from": "hand"})
    assert s["piles"]["h0:armor"] == ["blessed_mail"] and "scale" in s["piles"]["h0:at_hand"]
    assert hero(s, "h0")["defense_counters"] == 0


def test_item_equips_a_power_from_the_hand_then_activates_it():
    s = item_turn(battle(("warrior",)), "h0", ["battle_cry", "item"])
    s = GAME.apply(s, {"type": "play", "card": "item"})
    s = GAME.apply(s, {"type": "equip", "gear": "battle_cry", "from": "hand"})
    assert s["piles"]["h0:powers"] == ["second_wind", "battle_cry"]
    hero(s, "h0")["health"] = hero(s, "h0")["max_health"] - 3
    assert {"type": "power", "power": "battle_cry"} in GAME.legal_actions(s)
    s = GAME.apply(s, {"type": "power", "power": "battle_cry"})
    assert hero(s, "h0")["health"] == hero(s, "h0")["max_health"] - 2


def test_item_equips_a_spell_and_readies_a_latent_ability():
    s = item_turn(battle(("wizard",)), "h0", ["frost_ray", "item"])
    s = GAME.apply(s, {"type": "play", "card": "item"})
    s = GAME.apply(s, {"type": "equip", "gear": "frost_ray", "from": "hand", "swap": "staff"})
    assert sorted(s["piles"]["h0:equipped"]) == ["frost_ray", "mana_missile"]
    s = GAME.apply(s, {"type": "latent", "card": "overchannel"})
    assert "overchannel" in s["piles"]["h0:discard"] and not s["piles"]["h0:latent"]


def test_a_gear_card_matches_no_action_and_can_be_expended():
    s = make_active(battle(("rogue",)), "h0", hand=["throwing_knives"])
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    assert {"type": "play", "card": "throwing_knives"} not in GAME.legal_actions(s)


# -- bosses take tableau cards; resistance ----------------------------------------------------------
def reveal_vault(s):
    from pocketdeck.systems.deckbuilder.setup import reveal
    with_rng = Rng(3)
    new = reveal(s, "vault", with_rng)
    boss = next(m for m in s["monsters"] if m["kind"] == "boss")
    s["order"].extend(new)
    return boss


def boss_cards(s, mid):
    return sum(len(s["piles"][f"{mid}:{k}"]) for k in ("draw", "hand", "discard", "front"))


def test_a_boss_takes_a_tableau_card_and_its_deck_grows():
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, begin_monster_turn, monster_actions
    s = battle(("warrior", "priest"), seed=2, zones=("crypt",), gm=True)
    boss = reveal_vault(s)
    from pocketdeck.systems.deckbuilder.setup import BOSS_HAND
    assert len(s["piles"][f"{boss['id']}:hand"]) == BOSS_HAND  # a boss holds a hand, like a hero
    s["piles"][f"{boss['id']}:draw"].extend(s["piles"][f"{boss['id']}:hand"])
    s["piles"][f"{boss['id']}:hand"] = ["defend", "defend", "mana"]
    before, deck = len(s["piles"]["tableau:defend"]), boss_cards(s, boss["id"])
    s["mturn"] = None
    rng = Rng(1)
    begin_monster_turn(s, boss, rng)
    assert monster_actions(s) == [{"type": "gm_stack", "stack": x} for x in data.STACKS]
    apply_monster(s, {"type": "gm_stack", "stack": "defend"}, rng)
    assert len(s["piles"]["tableau:defend"]) == before - 1
    assert monster_actions(s) == [{"type": "gm_play", "card": "defend"}, {"type": "gm_go"}]
    apply_monster(s, {"type": "gm_play", "card": "defend"}, rng)
    apply_monster(s, {"type": "gm_play", "card": "defend"}, rng)
    assert monster_actions(s) == [{"type": "gm_go"}]
    for h in s["heroes"]:
        h["arena"] = "stair"
    apply_monster(s, {"type": "gm_go"}, rng)
    legal = monster_actions(s)
    assert legal[0] == {"type": "gm_armor"}  # nobody in reach of the vault's boss: no penalty attack
    for _ in range(3):
        apply_monster(s, {"type": "gm_armor"}, rng)
    assert boss["defense_counters"] == 3  # Defend: one defense counter per card
    assert boss_cards(s, boss["id"]) == deck + 1  # the tableau card joined its deck
    # Draw: one card after the turn (the Mana card left + one), not back to a full hand
    assert len(s["piles"][f"{boss['id']}:hand"]) == 2 and s["mturn"] is None


def test_a_boss_melee_with_matching_cards_adds_counters_then_attacks():
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, begin_monster_turn, monster_actions
    s = battle(("warrior",), seed=2, zones=("crypt",), gm=True)
    boss = reveal_vault(s)
    hero(s, "h0")["arena"] = "vault"
    s["piles"][f"{boss['id']}:hand"] = ["melee", "rest", "mana"]
    rng = Rng(1)
    s["mturn"], s["attacks"] = None, []
    begin_monster_turn(s, boss, rng)
    apply_monster(s, {"type": "gm_stack", "stack": "melee"}, rng)
    apply_monster(s, {"type": "gm_play", "card": "melee"}, rng)
    apply_monster(s, {"type": "gm_go"}, rng)
    apply_monster(s, {"type": "gm_counter", "gear": "rusty_blade"}, rng)
    assert {a["type"] for a in monster_actions(s)} == {"gm_attack"}  # Melee: the attack must be made
    from pocketdeck.systems.deckbuilder.monsters import attack_preview
    act = {"type": "gm_attack", "target": "h0", "gear": "rusty_blade"}
    shown = attack_preview(s, act)  # the to-hit the GM's button shows
    apply_monster(s, act, rng)
    assert s["attacks"][-1]["to_hit"] == shown
    att = s["attacks"][-1]
    b = data.bosses()["necromancer"]
    # melee +1, Rusty Blade +0, one counter from the second card x 2
    assert att["to_hit"] == b["melee_attack"] + 0 + 2 and att["target"] == "h0"


def test_policy_mode_bosses_take_cards_too():
    s = battle(("warrior", "priest", "rogue"), seed=4, zones=("crypt",))
    rng = Rng(5)
    start = data.stack_size() * 6
    grew, low = False, start
    for _ in range(1500):
        if GAME.is_over(s):
            break
        s = GAME.apply(s, GAME.sim_choose(s, GAME.legal_actions(s), rng))
        low = min(low, sum(len(s["piles"][f"tableau:{x}"]) for x in data.STACKS))
        for m in s["monsters"]:
            if m["kind"] == "boss" and boss_cards(s, m["id"]) > sum(data.bosses()[m["type"]]["deck"].values()):
                grew = True
    assert grew
    assert low < start  # cards left the tableau during the battle
    assert sum(len(s["piles"][f"tableau:{x}"]) for x in data.STACKS) == start  # and came back at its end


def test_a_boss_resistance_lowers_the_damage_of_a_hit():
    rolls = iter([5, 5])

    class Fixed(Rng):
        def randint(self, lo, hi):
            return next(rolls)
    from pocketdeck.systems.deckbuilder.turn import hero_attack
    s = battle(("warrior",), seed=2)
    boss = reveal_vault(s)
    h = hero(s, "h0")
    hero_attack(s, h, "longsword", boss["id"], 0, Fixed(0))
    r = s["rolls"][-1]
    assert r["hit"] and r["damage"] == 4 + 2 - data.bosses()["necromancer"]["resistance"]


# -- GM mode -----------------------------------------------------------------------------------
def test_gm_mode_hands_every_monster_decision_to_the_gm():
    s = battle(("warrior", "priest"), seed=3, zones=("crypt",), gm=True)
    rng = Rng(3)
    seen = set()
    for _ in range(400):
        if GAME.is_over(s):
            break
        legal = GAME.legal_actions(s)
        if s["mturn"] is not None and s["pending"] is None:
            # (a hero hit in the monster's turn decides their own defense counters: "spend")
            assert all(a["type"].startswith("gm_") for a in legal)
            m = next(x for x in s["monsters"] if x["id"] == s["mturn"]["actor"])
            seen.add((m["kind"], s["mturn"]["step"]))
            if m["kind"] == "minion" and any(a["type"] == "gm_attack" for a in legal):
                assert len({a["target"] for a in legal}) >= 1
        s = GAME.apply(s, GAME.sim_choose(s, legal, rng))
    assert ("minion", "use") in seen


def test_without_gm_mode_the_policy_plays_every_monster_turn():
    s = battle(("warrior", "priest"), seed=3, zones=("crypt",))
    rng = Rng(3)
    for _ in range(300):
        if GAME.is_over(s):
            break
        assert s["mturn"] is None
        assert not any(a["type"].startswith("gm_") for a in GAME.legal_actions(s))
        s = GAME.apply(s, GAME.sim_choose(s, GAME.legal_actions(s), rng))


# -- experience: upgrades ----------------------------------------------------------------------
def cleared(heroes=("warrior", "priest"), zones=("crypt", "keep"), xp=None):
    s = battle(heroes, seed=7, zones=zones)
    for m in s["monsters"]:
        m["dead"] = True
    s["piles"]["zone"].extend(c for c in s["piles"]["dungeon"] if c.startswith("crypt/"))
    s["piles"]["dungeon"] = [c for c in s["piles"]["dungeon"] if not c.startswith("crypt/")]
    if xp is not None:
        for h in s["heroes"]:
            h["xp"] = xp - 2
    s = make_active(s, "h0", hand=[])
    s = GAME.apply(s, {"type": "take", "stack": "rest"})
    while s["phase"] == "spoils":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    return s


def test_overview_experience_buys_one_card_at_a_time_learnt_or_practised_and_the_rest_is_kept():
    """Overview: "the experience to upgrade existing skills or learn new ones": every
    purchase is a training card, learnt when the hero does not hold it, practised when it
    does (in the deck or as a latent ability); no stat or health upgrade is offered."""
    from pocketdeck.systems.deckbuilder.common import held_cards, own_cards
    up = data.upgrade()
    s = cleared(xp=5)
    assert s["phase"] == "upgrade" and hero(s, "h0")["xp"] == 5
    legal = GAME.legal_actions(s)
    held = set(held_cards(s, hero(s, "h0")))  # the deck, and the latent abilities (Cleave)
    buys = [a for a in legal if a["type"] == "upgrade"]
    assert {a["what"] for a in buys} == {"learn", "practise"} and legal[-1] == {"type": "upgrade_done", "hero": "h0"}
    assert all((a["what"] == "practise") == (a["card"] in held) for a in buys)
    assert {a["card"] for a in buys} == set(s["piles"]["training"])
    s = GAME.apply(s, {"type": "upgrade", "hero": "h0", "what": "practise", "card": "shield_bash"})
    assert hero(s, "h0")["xp"] == 5 - up["practise_cost"] and hero(s, "h0")["max_health"] == 12
    assert s["upgrade_left"][0] == "h0"  # one at a time, while it lasts
    s = GAME.apply(s, {"type": "upgrade_done", "hero": "h0"})
    assert hero(s, "h0")["xp"] == 5 - up["practise_cost"]  # what is left is kept
    s = GAME.apply(s, {"type": "upgrade_done", "hero": "h1"})
    assert s["phase"] == "battle" and s["zone_index"] == 1
    assert own_cards(s, hero(s, "h0")).count("shield_bash") == 2  # drawn in the next battle


def test_a_hero_who_cannot_afford_anything_is_skipped_and_the_last_zone_ends_won():
    s = cleared(zones=("crypt",), xp=1)  # 1 experience: nothing costs that little
    assert s["phase"] == "over" and s["outcome"] == "won"


def test_a_learnt_card_comes_from_the_training_supply():
    s = cleared(xp=2)
    supply = len(s["piles"]["training"])
    s = GAME.apply(s, {"type": "upgrade", "hero": "h0", "what": "learn", "card": "backstab"})
    assert len(s["piles"]["training"]) == supply - 1 and "backstab" not in s["piles"]["training"]
    assert "backstab" in s["piles"]["h0:discard"]
    s = GAME.apply(s, {"type": "upgrade", "hero": "h1", "what": "learn", "card": "cleave"})
    assert {"type": "upgrade", "hero": "h0", "what": "learn", "card": "backstab"} not in GAME.legal_actions(s)


# -- heroes carried over: records ---------------------------------------------------------------
def test_a_hero_record_carries_the_deck_stats_and_gear_into_a_new_game():
    from pocketdeck.systems.deckbuilder.records import export_heroes, record_problems
    s = cleared(xp=5)
    s = GAME.apply(s, {"type": "upgrade", "hero": "h0", "what": "practise", "card": "shield_bash"})
    s = GAME.apply(s, {"type": "upgrade", "hero": "h0", "what": "practise", "card": "cleave"})
    for h in s["heroes"]:  # 5 experience (set by hand above) is what two encounters give (issue 28)
        h["encounters"] = 2
    recs = export_heroes(s)
    assert [record_problems(r) for r in recs] == [[], []]
    assert recs[0]["deck"].count("shield_bash") == 2 and "cleave" in recs[0]["deck"]
    assert recs[0]["xp"] == 5 - data.upgrade()["card_cost"] - data.upgrade()["practise_cost"]
    assert "fatigue" not in recs[0]["deck"] and recs[0]["encounters"] == 2
    recs[0]["stats"]["defense"] += 1  # a stat bought under rules format 5 or older (3 experience)
    recs[0]["encounters"] = 3
    assert record_problems(recs[0]) == []
    again = GAME.new_game({"heroes": ["rogue"], "party": recs[:1], "zones": ["keep"]}, 3)
    h0 = hero(again, "h0")
    assert h0["name"] == "Brann the Warrior" and h0["stats"]["defense"] == 9
    assert sorted(again["piles"]["h0:draw"] + again["piles"]["h0:hand"]) == recs[0]["deck"]
    assert hero(again, "h1")["hero"] == "rogue"
    assert json.loads(json.dumps(recs)) == recs


@pytest.mark.parametrize("change, words", [
    ({"deck": ["melee", "dragon"]}, "unknown card"),
    ({"stats": {"melee_attack": 99}}, "'stats'"),
    ({"xp": "lots"}, "'xp'"),
    ({"equipped": ["dagger", "rapier", "staff"]}, "two equipped"),
    ({"hero": "bard"}, "'hero'"),
    ({"extra": 1}, "unknown key"),
    ({"deck": []}, "deck holds"),
])
def test_a_record_the_rules_could_not_have_made_is_refused(change, words):
    from pocketdeck.systems.deckbuilder.records import export_heroes, record_problems
    rec = export_heroes(battle(("warrior",)))[0]
    if "stats" in change:
        change = {"stats": rec["stats"] | change["stats"]}
    bad = rec | change
    problems = record_problems(bad)
    assert problems and any(words in p for p in problems), problems
    with pytest.raises(IllegalAction, match="library"):
        GAME.new_game({"heroes": [], "party": [bad]}, 1)


def test_content_checkers_list_badly_typed_rows_never_crash():
    """Every file with wrong types everywhere: problems listed, no checker crash."""
    from pocketdeck.content import load
    bad_values = ["x", 1.5, True, [], {}, None, -1]
    for f in data.FILES:
        good = load(f"deckbuilder/{f}.toml")
        for key, rows in good.items():
            if key == "source":
                continue
            for bad in bad_values:
                mutated = dict(good) | {key: bad}
                problems = check(f"deckbuilder/{f}.toml", mutated)
                assert isinstance(problems, list)
                assert not any("checker (" in p for p in problems), problems
            if isinstance(rows, list) and rows and isinstance(rows[0], dict):
                for field in rows[0]:
                    for bad in bad_values:
                        row = dict(rows[0]) | {field: bad}
                        mutated = dict(good) | {key: [row] + rows[1:]}
                        problems = check(f"deckbuilder/{f}.toml", mutated)
                        assert not any("checker (" in p for p in problems), problems
    heroes = load("deckbuilder/heroes.toml")
    rows = [dict(r) for r in heroes["hero"]]
    rows[0] |= {"id": 3, "health": "ten", "deck": {"melee": "two"}}
    problems = check("deckbuilder/heroes.toml", dict(heroes) | {"hero": rows})
    assert any("'health' must be" in p for p in problems) and any("'deck'" in p for p in problems)
    assert any("'id' must be" in p for p in problems)


def test_gm_mode_the_gm_chooses_the_boss_defense_counters_against_a_hero_attack():
    s = battle(("warrior",), seed=2, zones=("crypt",), gm=True)
    boss = reveal_vault(s)
    boss["defense_counters"] = 2
    s = make_active(s, "h0", hand=[])
    hero(s, "h0")["arena"] = "vault"
    s["mturn"] = None
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    s = GAME.apply(s, {"type": "attack", "gear": "longsword", "target": boss["id"]})
    assert not s["rolls"] and s["guard"]["target"] == boss["id"]  # the roll waits for the GM
    assert GAME.legal_actions(s) == [{"type": "gm_spend", "n": n} for n in range(3)]
    with pytest.raises(IllegalAction, match="Game Master"):
        GAME.apply(s, {"type": "end"})
    s = GAME.apply(s, {"type": "gm_spend", "n": 1})
    b = data.bosses()["necromancer"]
    r = s["rolls"][0]
    assert r["spent"] == 1 and r["defense"] == b["defense"] + data.armors()[b["armor"]]["defense"] + 2
    assert next(m for m in s["monsters"] if m["id"] == boss["id"])["defense_counters"] == 1
    assert s["guard"] is None and {"type": "end"} in GAME.legal_actions(s)  # the turn goes on


def test_an_unconscious_hero_of_a_won_battle_can_learn_a_card_and_wakes_in_the_next():
    """A hero knocked out in a battle the party won stays unconscious (at 0) through the
    spoils and upgrades, even learning a card, and wakes when the next battle starts."""
    s = battle(("warrior", "priest"), seed=7, zones=("crypt", "keep"))
    hero(s, "h1").update(health=0, down=True)
    for m in s["monsters"]:
        m["dead"] = True
    s["piles"]["zone"].extend(c for c in s["piles"]["dungeon"] if c.startswith("crypt/"))
    s["piles"]["dungeon"] = [c for c in s["piles"]["dungeon"] if not c.startswith("crypt/")]
    s = make_active(s, "h0", hand=[])
    s = GAME.apply(s, {"type": "take", "stack": "rest"})
    while s["phase"] == "spoils":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    s = GAME.apply(s, {"type": "upgrade_done", "hero": "h0"})
    hero(s, "h1")["xp"] = data.upgrade()["card_cost"]
    s = GAME.apply(s, {"type": "upgrade", "hero": "h1", "what": "learn", "card": "cleave"})
    GAME.check_state(s)
    assert s["phase"] == "battle" and 0 < hero(s, "h1")["health"] <= 10 and not hero(s, "h1")["down"]
    assert "cleave" in s["piles"]["h1:draw"] + s["piles"]["h1:hand"]  # (the monsters may have struck first)
