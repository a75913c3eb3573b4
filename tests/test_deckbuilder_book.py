"""Deckbuilder RPG rules the book states outright (issue 16): a new battle deck each
battle, the whole encounter zone laid out, clockwise turns, the melee commitment,
bosses that take the tableau's actions as heroes do, arena items, one to-hit, and the
record a hero carries through many games. Each test names the book's sentence."""

from __future__ import annotations

from collections import Counter

import pytest

from pocketdeck.core.game import get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.deckbuilder import data
from pocketdeck.systems.deckbuilder.records import export_heroes, record_problems

GAME = get_game("deckbuilder")


def battle(heroes=("warrior", "priest"), seed=1, zones=("crypt",), gm=False, party=()):
    return GAME.new_game({"heroes": list(heroes), "zones": list(zones), "gm": gm, "party": list(party)}, seed)


def hero_cards(state, hid):
    p = state["piles"]
    return [c for k in ("draw", "hand", "discard", "expended", "front") for c in p[f"{hid}:{k}"] if c != "fatigue"]


def play_out(state, seed=7, until=None, cap=20000):
    """Play with the simulator's choices until ``until(state)`` or the game is over."""
    rng = Rng(seed)
    for _ in range(cap):
        if GAME.is_over(state) or (until and until(state)):
            return state
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, GAME.sim_choose(state, legal, rng))
    raise AssertionError("the game did not finish")


def win_battle(state):
    """Clear the current zone at once (every monster dead) and let the driver end it."""
    for m in state["monsters"]:
        m["dead"] = True
        if m["kind"] == "minion":
            m["hits"] = 0
        else:
            m["health"] = 0
    for c in [c for c in state["piles"]["dungeon"] if c.startswith(state["options"]["zones"][state["zone_index"]] + "/")]:
        state["piles"]["dungeon"].remove(c)
        state["piles"]["zone"].append(c)
    from pocketdeck.systems.deckbuilder.flow import run
    run(state, Rng(3))
    return state


# -- Overview: "Players begin a new battle deck" ------------------------------------------------
def test_a_new_battle_deck_each_battle_and_the_tableau_set_out_afresh():
    """Overview: "Players begin a new battle deck ... the cards for each [spoil] are added
    to the character deck to be drawn upon in future encounters"."""
    s = battle(zones=("crypt", "keep"))
    size = data.stack_size()
    start = {h["id"]: Counter(hero_cards(s, h["id"])) for h in s["heroes"]}
    s = play_out(s, until=lambda st: sum(len(st["piles"][f"tableau:{x}"]) for x in data.STACKS) <= 6 * size - 8)
    assert any(len(s["piles"][f"tableau:{x}"]) < size for x in data.STACKS)
    s = win_battle(s)
    # spoils and upgrades: pick the first offer each time, then be done
    while s["phase"] in ("spoils", "upgrade"):
        legal = GAME.legal_actions(s)
        done = [a for a in legal if a["type"] == "upgrade_done"]
        s = GAME.apply(s, done[0] if done else legal[0])
    assert s["phase"] == "battle" and s["zone_index"] == 1
    for x in data.STACKS:  # set out afresh (monsters who acted before the first hero took some)
        took = sum(w.get("taken", {}).get(x, 0) for w in s["heroes"] + s["monsters"])
        assert len(s["piles"][f"tableau:{x}"]) + took == size, x
    assert s["battles"][1]["cards"] == [len(hero_cards(s, h["id"])) - sum(h["taken"].values()) for h in s["heroes"]]
    for h in s["heroes"]:
        now = Counter(hero_cards(s, h["id"]))
        grown = now - start[h["id"]]
        # only the spoil and any learnt ability joined; no tableau card stayed
        assert all(c not in data.STACKS for c in grown), grown
        assert sum(grown.values()) <= 3


def test_the_tableau_cards_a_boss_took_go_back_too():
    s = battle(zones=("crypt", "keep"))
    boss = next((m for m in s["monsters"] if m["kind"] == "boss"), None)
    if boss is None:  # the vault is laid out at the start (see the zone test); be robust here
        return
    s["piles"]["tableau:melee"].pop()
    s["piles"][f"{boss['id']}:discard"].append("melee")
    boss.setdefault("taken", {})
    boss["taken"]["melee"] = boss["taken"].get("melee", 0) + 1
    s = win_battle(s)
    while s["phase"] in ("spoils", "upgrade"):
        legal = GAME.legal_actions(s)
        done = [a for a in legal if a["type"] == "upgrade_done"]
        s = GAME.apply(s, done[0] if done else legal[0])
    assert len(s["piles"]["tableau:melee"]) == data.stack_size()


def test_a_hero_carried_through_ten_games_stays_readable():
    """A record the app itself wrote must never become unreadable by the app's own limits."""
    party: list = []
    heroes = ["warrior"]
    sizes = []
    for game in range(10):
        s = battle(heroes=heroes, seed=100 + game, zones=("crypt", "keep"), party=party)
        s = play_out(s, seed=game)
        recs = export_heroes(s)
        for r in recs:
            assert record_problems(r) == [], (game, len(r["deck"]), record_problems(r))
            assert not any(c in data.STACKS for c in Counter(r["deck"]) - Counter(start_deck(r["hero"])))
        sizes.append(sum(len(recs[0][k]) for k in ("deck", "at_hand", "latent", "equipped", "armor", "powers")))
        party, heroes = recs, []
    assert sizes == sorted(sizes)


def start_deck(hid):
    h = data.heroes()[hid]
    return [c for c, n in h["deck"].items() for _ in range(n)]


def cleared(heroes=("warrior",), zones=("crypt", "keep"), seed=1):
    return win_battle(battle(heroes=heroes, zones=zones, seed=seed))


def test_spoils_never_offer_a_power_the_hero_already_holds():
    s = cleared()
    assert s["phase"] == "spoils"
    hid = s["spoils_left"][0]
    s["piles"]["treasure:crypt"].append("battle_cry")  # the warrior's own power (in the deck)
    s["piles"][f"{hid}:powers"].append("blessing")
    s["piles"]["treasure:crypt"].append("blessing")
    picks = {a["card"] for a in GAME.legal_actions(s)}
    assert "battle_cry" not in picks and "blessing" not in picks and picks
    assert "battle_cry" in set(export_heroes(s)[0]["deck"]) | {"battle_cry"}


def test_the_state_check_allows_no_hand_above_eight():
    """Draw: "the player draws one new card up to a hand limit of eight"."""
    import pytest
    s = battle()
    h = s["heroes"][0]["id"]
    while len(s["piles"][f"{h}:hand"]) < 9:
        s["piles"][f"{h}:hand"].append(s["piles"][f"{h}:draw"].pop())
    with pytest.raises(ValueError, match="too many"):
        GAME.check_state(s)


def test_a_full_character_deck_takes_no_more_spoils_or_lessons():
    s = cleared()
    hid = s["spoils_left"][0]
    from pocketdeck.systems.deckbuilder.common import DECK_MAX
    extra = DECK_MAX - len(hero_cards(s, hid)) - len(s["piles"][f"{hid}:at_hand"]) - len(s["piles"][f"{hid}:latent"])
    s["piles"][f"{hid}:discard"].extend(["feint"] * extra)  # a deck grown to the limit
    from pocketdeck.systems.deckbuilder.flow import skip_empty_spoils
    skip_empty_spoils(s, Rng(1))
    assert hid not in s["spoils_left"]
    if s["phase"] == "upgrade":
        assert not any(a["type"] == "upgrade" for a in GAME.legal_actions(s))
    else:  # experience buys cards only, so a full deck buys nothing: skipped, the keep starts
        assert s["phase"] == "battle" and s["zone_index"] == 1


# -- Encounter zone; Dungeon Deck ---------------------------------------------------------------
def test_the_whole_encounter_zone_is_laid_out_at_the_start():
    """Encounter zone: "created by laying out a series of arenas, some of which may have
    associated monsters"; Dungeon Deck: "The arena and monster cards for each encounter
    zone other than the current one are stacked to form the dungeon deck"."""
    s = battle(zones=("crypt", "keep"))
    crypt = [a["id"] for a in data.zones()["crypt"]["arena"]]
    assert s["piles"]["zone"] == [f"crypt/{a}" for a in crypt]
    assert all(c.startswith("keep/") for c in s["piles"]["dungeon"])
    roster = Counter(m["type"] for m in s["monsters"])  # every arena's monsters are set out
    want = Counter(t for a in data.zones()["crypt"]["arena"] for t in a.get("minions", []) + [a.get("boss")] if t)
    assert roster == want
    assert any(m["kind"] == "boss" for m in s["monsters"])
    assert set(s["order"]) == {h["id"] for h in s["heroes"]} | {m["id"] for m in s["monsters"]}


def test_an_archer_behind_an_open_link_shoots_from_the_start():
    s = battle(heroes=("warrior",), seed=2)
    archer = next(m for m in s["monsters"] if m["type"] == "archer")
    assert archer["arena"] == "ossuary"  # one open link from the party's stair
    rng = Rng(4)
    shots = 0
    for _ in range(300):
        if GAME.is_over(s):
            break
        shots += sum(1 for line in s["log"] if line.startswith("Cultist Archer attacks"))
        s = GAME.apply(s, GAME.sim_choose(s, GAME.legal_actions(s), rng))
    assert shots > 0


# -- Initiative: "play continues clockwise around the table" -------------------------------------
def test_initiative_picks_the_start_player_then_play_goes_clockwise():
    for seed in range(30):
        s = battle(heroes=("warrior", "wizard", "rogue", "priest"), seed=seed)
        around = [h["id"] for h in s["heroes"]] + [m["id"] for m in s["monsters"]]
        i = around.index(s["order"][0])
        assert s["order"] == around[i:] + around[:i], seed


def test_synergy_follows_the_seats_clockwise_from_the_active_player():
    """Synergy: "Synergy actions are taken in clockwise order around the table"."""
    for seed in range(8):
        s = battle(heroes=("warrior", "wizard", "rogue", "priest"), seed=seed)
        around = [h["id"] for h in s["heroes"]]
        first = next(a for a in s["order"] if a.startswith("h"))
        s["at"] = s["order"].index(first)
        s["turn"], s["pending"], s["attacks"], s["mturn"] = None, None, [], None
        for h in s["heroes"]:
            h["arena"] = "stair"
        s = GAME.apply(s, {"type": "take", "stack": "rest"})
        while s["turn"] and s["turn"]["mode"] == "turn":
            legal = GAME.legal_actions(s)
            pick = next((a for a in legal if a["type"] in ("draw3", "skip", "end", "attack")), legal[-1])
            s = GAME.apply(s, pick)
        i = around.index(first)
        expected = [o for o in around[i + 1:] + around[:i] if not hero(s, o)["down"]]
        assert [s["turn"]["actor"]] + s["turn"]["queue"] == expected, seed


def hero(state, hid):
    return next(h for h in state["heroes"] if h["id"] == hid)


# -- Melee: "If you take the melee action, you must make a melee attack this turn." ---------------
def make_active(state, hid, hand):
    state["at"] = state["order"].index(hid)
    state["turn"], state["pending"], state["attacks"], state["mturn"] = None, None, [], None
    old = state["piles"][f"{hid}:hand"]
    state["piles"][f"{hid}:draw"].extend(old)
    state["piles"][f"{hid}:hand"] = list(hand)
    for c in hand:  # keep the card count: take each card from the draw pile when there
        if c in state["piles"][f"{hid}:draw"]:
            state["piles"][f"{hid}:draw"].remove(c)
    return state


def test_melee_commits_to_the_attack_and_an_ability_card_cannot_take_its_place():
    """Melee: the attack owed comes from a card; Cleave adds counters and cannot attack, so
    the taken card must make the attack."""
    import pytest
    from pocketdeck.core.game import IllegalAction
    s = make_active(battle(heroes=("warrior",), seed=3), "h0", ["cleave", "rest"])
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    assert not any(a["type"] == "counter" for a in GAME.legal_actions(s))  # Cleave cannot attack
    s = GAME.apply(s, {"type": "play", "card": "cleave"})
    legal = GAME.legal_actions(s)
    assert legal and all(a["type"] == "attack" and data.weapons()[a["gear"]]["kind"] == "melee" for a in legal)
    with pytest.raises(IllegalAction, match="melee attack"):
        GAME.apply(s, {"type": "end"})
    with pytest.raises(IllegalAction, match="counter or the attack"):
        GAME.apply(s, {"type": "counter", "gear": "longsword"})
    s = GAME.apply(s, legal[0])
    assert s["rolls"][0]["counters"] == 0 and s["turn"]["attacked"]
    assert GAME.legal_actions(s) == [{"type": "end"}]  # Cleave is spent: the attack came last


def test_melee_one_card_gives_a_counter_or_the_attack_never_both():
    """Melee: "Add a counter to a melee weapon. -or- attack with it" (each card); "You would
    use 2 of the cards to add 2 attack counters ... The final card would be used to attack
    with it." A card put on a counter while another melee card waits in the hand leaves the
    attack to that card: the turn neither ends nor attacks until it is played."""
    s = make_active(battle(heroes=("warrior",), seed=3), "h0", ["melee", "rest"])
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    s = GAME.apply(s, {"type": "counter", "gear": "longsword"})  # the other Melee card may attack
    assert GAME.legal_actions(s) == [{"type": "play", "card": "melee"}]  # no attack without a card, no end
    s = GAME.apply(s, {"type": "play", "card": "melee"})
    legal = GAME.legal_actions(s)
    assert legal and all(a["type"] == "attack" for a in legal)  # the final card attacks
    s = GAME.apply(s, legal[0])
    assert s["rolls"][0]["counters"] == 1 and s["turn"]["tokens"] == []
    assert GAME.legal_actions(s) == [{"type": "end"}]
    # a Feint in the hand can make the attack too, so the taken card may go on a counter
    s = make_active(battle(heroes=("warrior",), seed=3), "h0", ["feint"])
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    assert {"type": "counter", "gear": "longsword"} in GAME.legal_actions(s)


# -- one to-hit for the button and the roll; the dice line ---------------------------------------
def boss_scene(gm=False, counters=2):
    s = make_active(battle(heroes=("warrior",), seed=3, gm=gm), "h0", ["melee", "rest"])
    boss = next(m for m in s["monsters"] if m["kind"] == "boss")
    boss["arena"] = "stair"
    boss["defense_counters"] = counters
    for m in s["monsters"]:
        if m["kind"] == "minion":
            m["dead"] = True
    return s, boss


def test_the_attack_button_shows_the_roll_the_boss_defense_counters_included():
    """Attacks, step 2: the defender may spend defense counters; the button says what the roll will be."""
    s, boss = boss_scene()
    s["heroes"][0]["counters"]["longsword"] = 3  # a strong attack: the boss will spend counters
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    view = GAME.view(s)
    entry = next(e for e in view["actions"] if e["action"]["type"] == "attack")
    s2 = GAME.apply(s, entry["action"])
    roll = s2["rolls"][0]
    assert (entry["to_hit"], entry["against"]) == (roll["to_hit"], roll["defense"])
    assert roll["spent"] > 0 and "spends" in entry["chance"]
    assert entry["chance"].startswith(f"{round(100 * __import__('pocketdeck.systems.deckbuilder.combat', fromlist=['x']).hit_chance(roll['to_hit'], roll['defense']))}%")


def test_in_gm_mode_the_button_shows_both_ends_labelled():
    s, boss = boss_scene(gm=True)
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    entry = next(e for e in GAME.view(s)["actions"] if e["action"]["type"] == "attack")
    assert "if the GM spends all 2 defense counters" in entry["chance"]


def test_one_penalty_table_and_the_dice_line_signs_a_negative_to_hit():
    from pocketdeck.systems.deckbuilder import combat, monsters, turn
    assert turn.PENALTY is combat.PENALTY and monsters.PENALTY is combat.PENALTY
    r = {"dice": [3, 3], "to_hit": -1, "total": 5}
    assert combat.dice_line(r) == "3+3 - 1 = 5"
    assert combat.dice_line({"dice": [3, 3], "to_hit": 2, "total": 8}) == "3+3 + 2 = 8"
    assert "+ -" not in turn.describe(r | {"attacker": "A", "target": "B", "weapon": "W", "defense": 9, "hit": False})


# -- Bosses: "They have full stats and decks just like the player characters." -------------------
def boss_turn(stack, boss_hand, zone="crypt", gm=True, hero_here=True):
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, begin_monster_turn
    s = battle(heroes=("warrior",), seed=2, zones=(zone,), gm=gm)
    boss = next(m for m in s["monsters"] if m["kind"] == "boss")
    s["heroes"][0]["arena"] = boss["arena"] if hero_here else data.zones()[zone]["arena"][0]["id"]
    s["heroes"][0]["defense_counters"] = 0
    s["piles"][f"{boss['id']}:draw"].extend(s["piles"][f"{boss['id']}:hand"])
    s["piles"][f"{boss['id']}:hand"] = list(boss_hand)
    s["at"] = s["order"].index(boss["id"])
    s["turn"], s["pending"], s["attacks"], s["mturn"], s["guard"] = None, None, [], None, None
    rng = Rng(1)
    begin_monster_turn(s, boss, rng)
    apply_monster(s, {"type": "gm_stack", "stack": stack}, rng)
    for c in boss_hand:
        if c == stack:
            apply_monster(s, {"type": "gm_play", "card": c}, rng)
    apply_monster(s, {"type": "gm_go"}, rng)
    return s, boss, rng


def test_a_boss_item_ability_gives_no_defense_counters_and_its_penalty_attack_is_compulsory():
    """Item/Ability: "causes an attack with a -2 penalty"; a boss has no latent ability,
    power or at-hand item, so the card itself does nothing more."""
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, monster_actions
    s, boss, rng = boss_turn("item", ["item", "melee", "mana"])
    legal = monster_actions(s)
    assert legal and all(a["type"] == "gm_attack" for a in legal)  # no "Wait" to keep the benefit
    apply_monster(s, legal[0], rng)
    assert s["attacks"][-1]["to_hit"] == GAME_boss_to_hit(boss, legal[0]["gear"]) - 2
    assert monster_actions(s) == [{"type": "gm_skip"}]
    apply_monster(s, {"type": "gm_skip"}, rng)
    apply_monster(s, {"type": "gm_skip"}, rng)
    assert boss["defense_counters"] == 0 and s["mturn"] is None


def GAME_boss_to_hit(boss, gear):
    b = data.bosses()[boss["type"]]
    w = data.weapons()[gear]
    mod = {"melee": b["melee_attack"], "range": b["ranged_attack"], "mana": b["mana"]}[w["kind"]]
    return mod + w["attack"]


def test_gm_defend_and_rest_make_the_penalty_attack_first():
    from pocketdeck.systems.deckbuilder.monsters import monster_actions
    for stack in ("defend", "rest"):
        s, boss, rng = boss_turn(stack, ["melee", "melee", "mana"])
        assert {a["type"] for a in monster_actions(s)} == {"gm_attack"}, stack


def test_a_boss_without_a_spell_gets_nothing_from_mana():
    """Range and Mana: "Add one X counter. -or- Make a X attack": Gruk has no spell."""
    from pocketdeck.systems.deckbuilder.monsters import monster_actions
    s, boss, rng = boss_turn("mana", ["mana", "melee", "melee"], zone="keep")
    assert not any(data.weapons()[w]["kind"] == "mana" for w in data.bosses()[boss["type"]]["weapons"])
    assert monster_actions(s) == [{"type": "gm_skip"}]


def test_a_boss_range_adds_one_counter_per_card_like_a_hero():
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, monster_actions
    s, boss, rng = boss_turn("mana", ["mana", "mana", "melee"], hero_here=True)
    legal = monster_actions(s)
    counter = next(a for a in legal if a["type"] == "gm_counter")
    for _ in range(3):
        apply_monster(s, counter, rng)
    assert boss["counters"][counter["gear"]] == 3 and not s["attacks"] and s["mturn"] is None


def test_policy_bosses_take_the_same_actions():
    """Without a GM the policy chooses among the same decisions, and never waits out a penalty attack."""
    from pocketdeck.systems.deckbuilder.monsters import monster_actions, policy
    s, boss, rng = boss_turn("defend", ["melee", "melee", "mana"], gm=True)
    legal = monster_actions(s)
    assert policy(s, legal) in legal and policy(s, legal)["type"] == "gm_attack"


# -- Encounter zone: "some of which may have associated monsters or items" -----------------------
def test_arena_items_are_laid_out_shown_and_picked_up():
    """Encounter zone: "some of which may have associated monsters or items": the items lie
    in their arena, and the first hero to move in picks them up (at-hand items)."""
    assert any(a.get("items") for z in data.zones().values() for a in z["arena"])  # content carries some
    assert data.cross_check() == []
    s = battle(heroes=("warrior",), seed=2)
    total = GAME.card_total(s)
    assert s["piles"]["items:crypt/ossuary"] == ["dagger"]
    view = GAME.view(s)
    assert next(a for a in view["arenas"] if a["id"] == "ossuary")["items"] == ["Dagger"]
    s = make_active(s, "h0", ["rest"])
    s = GAME.apply(s, {"type": "take", "stack": "defend"})
    legal = GAME.legal_actions(s)
    while {"type": "retreat", "to": "ossuary"} not in legal:  # the penalty attack first
        s = GAME.apply(s, next(a for a in legal if a["type"] == "attack"))
        legal = GAME.legal_actions(s)
    s = GAME.apply(s, {"type": "retreat", "to": "ossuary"})
    assert "dagger" in s["piles"]["h0:at_hand"] and s["piles"]["items:crypt/ossuary"] == []
    assert any("picks up Dagger" in line for line in s["log"])
    assert GAME.card_total(s) == total


def test_item_ability_offers_three_options_and_no_fourth():
    """Item/Ability: "It offers three options. 'Take a latent ability card into your
    discard pile. -or- Activate a power. -or- Equip an at-hand item, spell, or power.'"
    A hero standing by an item lying in the arena gets no "pick up" option from the card."""
    s = make_active(battle(heroes=("warrior",), seed=1), "h0", ["rest"])
    s["heroes"][0]["arena"] = "ossuary"
    s = GAME.apply(s, {"type": "take", "stack": "item"})
    legal = GAME.legal_actions(s)
    while any(a["type"] == "attack" for a in legal):  # the penalty attack first
        s = GAME.apply(s, next(a for a in legal if a["type"] == "attack"))
        legal = GAME.legal_actions(s)
    assert s["piles"]["items:crypt/ossuary"] == ["dagger"]
    assert legal and {a["type"] for a in legal} <= {"latent", "power", "equip", "skip"}
    import pytest
    from pocketdeck.core.game import IllegalAction
    with pytest.raises(IllegalAction):
        GAME.apply(s, {"type": "pickup", "item": "dagger"})


def test_the_checker_refuses_an_unknown_arena_item():
    import copy
    from pocketdeck.systems.deckbuilder import data as d
    zones = copy.deepcopy(d._file("zones"))
    zones["zone"][0]["arena"][0]["items"] = [7]
    assert any("items" in p for p in d.check_content("zones.toml", zones))


# -- Item/Ability: "Activate a power" -- our card text is what the card does --------------------
def test_item_ability_a_power_loads_only_the_weapons_its_text_names():
    """Shadowstep reads "Add two counters to one of your range or melee weapons": it is
    offered on the Dagger and the Shortbow, never on a spell (Fire Bolt); Arcane Surge
    ("one of your spells or weapons") loads either."""
    s = make_active(battle(heroes=("rogue", "wizard"), seed=3), "h0", ["rest"])
    s["piles"]["h0:equipped"] = ["dagger", "fire_bolt"]
    s["piles"]["h0:at_hand"] = [c for c in s["piles"]["h0:at_hand"]] + ["shortbow"]
    for m in s["monsters"]:  # nothing in reach: no penalty attack first
        m["arena"] = "vault"
    s = GAME.apply(s, {"type": "take", "stack": "item"})
    powers = [a for a in GAME.legal_actions(s) if a["type"] == "power"]
    assert {a["gear"] for a in powers if a["power"] == "shadowstep"} == {"dagger"}
    assert data.powers()["shadowstep"]["kinds"] == ["melee", "range"]
    from pocketdeck.systems.deckbuilder.turn import power_options
    s["piles"]["h1:equipped"] = ["staff", "mana_missile"]
    assert {a["gear"] for a in power_options(s, s["heroes"][1]) if a["power"] == "arcane_surge"} == {
        "staff", "mana_missile"}


def test_the_checker_refuses_a_power_kind_that_is_not_a_weapon_kind():
    import copy
    gear = copy.deepcopy(data._file("gear"))
    gear["power"][0]["kinds"] = ["armor"]
    assert any("kinds" in p for p in data.check_content("gear.toml", gear))


# -- Defend, for a boss: "-or- Retreat from engaged opponent to an adjacent arena" ---------------
def boss_defends_engaged(heroes=("warrior", "priest"), counters=0):
    """A GM-mode boss in the vault with the heroes, its Defend card's penalty attack made."""
    from pocketdeck.systems.deckbuilder.monsters import monster_actions
    s, boss, rng = _boss_turn_on(battle(heroes=heroes, seed=2, gm=True), "defend", ["melee", "mana", "rest"])
    boss["defense_counters"] = counters
    s = GAME.apply(s, next(a for a in monster_actions(s) if a["type"] == "gm_attack"))
    return s, next(m for m in s["monsters"] if m["id"] == boss["id"])


def _boss_turn_on(s, stack, boss_hand):
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, begin_monster_turn
    boss = next(m for m in s["monsters"] if m["kind"] == "boss")
    for h in s["heroes"]:
        h["arena"], h["defense_counters"] = boss["arena"], 0
    s["piles"][f"{boss['id']}:draw"].extend(s["piles"][f"{boss['id']}:hand"])
    s["piles"][f"{boss['id']}:hand"] = []
    for c in boss_hand:
        s["piles"][f"{boss['id']}:draw"].remove(c) if c in s["piles"][f"{boss['id']}:draw"] else None
        s["piles"][f"{boss['id']}:hand"].append(c)
    s["at"] = s["order"].index(boss["id"])
    s["turn"], s["pending"], s["attacks"], s["mturn"], s["guard"] = None, None, [], None, None
    rng = Rng(1)
    begin_monster_turn(s, boss, rng)
    apply_monster(s, {"type": "gm_stack", "stack": stack}, rng)
    apply_monster(s, {"type": "gm_go"}, rng)
    return s, boss, rng


def test_defend_a_boss_retreats_from_engaged_heroes_who_each_get_a_parting_reaction():
    """Bosses: "full stats and decks just like the player characters"; Defend: "Retreat from
    engaged opponent to an adjacent arena ... any enemies get one parting melee reaction"."""
    s, boss = boss_defends_engaged()
    legal = GAME.legal_actions(s)
    assert {"type": "gm_move", "to": "ossuary"} in legal and {"type": "gm_armor"} in legal
    label = next(e["label"] for e in GAME.view(s)["actions"] if e["action"]["type"] == "gm_move")
    assert label.startswith("Retreat to Ossuary") and "parting reaction" in label
    total = GAME.card_total(s)
    s["heroes"][0]["counters"]["longsword"] = 1  # the reaction uses the weapon's counters
    s = GAME.apply(s, {"type": "gm_move", "to": "ossuary"})
    names = [r["attacker"] for r in s["rolls"]]
    assert names == [h["name"] for h in s["heroes"]]  # one reaction each, in seat order
    assert all(r["target"] == boss["name"] for r in s["rolls"])
    assert s["rolls"][0]["weapon"] == "Longsword" and s["rolls"][0]["counters"] == 1
    assert "longsword" not in s["heroes"][0]["counters"]
    assert next(m for m in s["monsters"] if m["id"] == boss["id"])["arena"] == "ossuary"
    assert sum("parting reaction" in line for line in s["log"]) == 2
    assert GAME.card_total(s) == total and s["reactions"] == []


def test_defend_in_gm_mode_the_gm_spends_the_boss_counters_against_each_reaction():
    s, boss = boss_defends_engaged(counters=1)
    s = GAME.apply(s, {"type": "gm_move", "to": "ossuary"})
    assert GAME.legal_actions(s) == [{"type": "gm_spend", "n": 0}, {"type": "gm_spend", "n": 1}]
    assert len(s["reactions"]) == 1  # the second hero's reaction waits for the first
    s = GAME.apply(s, {"type": "gm_spend", "n": 1})
    assert [r["spent"] for r in s["rolls"]] == [1, 0]  # no counter left for the second: rolled at once
    assert s["guard"] is None and s["reactions"] == []


def test_defend_a_boss_defeated_by_a_parting_reaction_ends_its_turn():
    s, boss = boss_defends_engaged()
    next(m for m in s["monsters"] if m["id"] == boss["id"])["health"] = 1
    s["heroes"][0]["counters"]["longsword"] = 6  # a sure hit
    s = GAME.apply(s, {"type": "gm_move", "to": "ossuary"})
    b = next(m for m in s["monsters"] if m["id"] == boss["id"])
    assert b["dead"] and len(s["rolls"]) == 1  # the second hero's reaction finds no boss
    assert s["mturn"] is None or s["mturn"]["actor"] != boss["id"]
    GAME.check_state(s)


# -- Rest, for a boss: "-or- Expend up to 3 cards from your hand" --------------------------------
def test_rest_a_boss_may_expend_up_to_three_cards_from_its_hand():
    """Rest: "Draw 3 cards. -or- Expend up to 3 cards from your hand. -or- Restore 2 battle
    health"; Bosses: "just like the player characters"."""
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, monster_actions, policy
    s, boss, rng = boss_turn("rest", ["item", "mana", "item", "melee"], hero_here=False)
    total = GAME.card_total(s)
    legal = monster_actions(s)
    assert {"type": "gm_expend"} in legal and {"type": "gm_draw3"} in legal
    assert policy(s, legal) == {"type": "gm_draw3"}  # the written policy is unchanged: it draws
    apply_monster(s, {"type": "gm_expend"}, rng)
    assert monster_actions(s) == [{"type": "gm_expend_card", "card": c} for c in ("item", "mana", "melee")] + [
        {"type": "gm_expend_done"}]
    assert policy(s, monster_actions(s)) == {"type": "gm_expend_card", "card": "item"}  # it cannot use Item/Ability
    apply_monster(s, {"type": "gm_expend_card", "card": "item"}, rng)
    apply_monster(s, {"type": "gm_expend_card", "card": "item"}, rng)
    assert s["mturn"] is not None  # up to three: the GM may stop earlier
    apply_monster(s, {"type": "gm_expend_done"}, rng)
    assert s["piles"][f"{boss['id']}:expended"] == ["item", "item"] and s["mturn"] is None
    assert GAME.card_total(s) == total


def test_rest_a_boss_expends_at_most_three_and_taken_cards_go_back_after_the_battle():
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, monster_actions
    s, boss, rng = boss_turn("rest", ["melee", "mana", "item", "melee"], hero_here=False)
    apply_monster(s, {"type": "gm_expend"}, rng)
    for c in ("melee", "mana", "melee"):
        apply_monster(s, {"type": "gm_expend_card", "card": c}, rng)
    assert s["mturn"] is None and len(s["piles"][f"{boss['id']}:expended"]) == 3
    boss["taken"]["melee"] = boss["taken"].get("melee", 0) + 1  # say one expended Melee came from the tableau
    s["piles"]["tableau:melee"].pop()
    s = win_battle(s)
    assert len(s["piles"]["tableau:melee"]) == data.stack_size()


# -- Draw, for a boss: "draws one new card up to a hand limit of eight" ---------------------------
def test_draw_a_boss_draws_one_card_after_its_turn_up_to_eight():
    """Draw: "After performing their action, the player draws one new card up to a hand
    limit of eight" -- a boss, "just like the player characters", does not refill its hand."""
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, monster_actions
    from pocketdeck.systems.deckbuilder.setup import BOSS_HAND
    s = battle(heroes=("warrior",), seed=2, gm=True)
    boss = next(m for m in s["monsters"] if m["kind"] == "boss")
    assert len(s["piles"][f"{boss['id']}:hand"]) == BOSS_HAND  # its opening hand (sized for balance)
    s, boss, rng = boss_turn("mana", ["mana", "mana", "mana"], hero_here=False)
    s["piles"][f"{boss['id']}:draw"] += ["melee"] * 3
    for _ in range(3):
        apply_monster(s, next(a for a in monster_actions(s) if a["type"] == "gm_counter"), rng)
    apply_monster(s, monster_actions(s)[0], rng)
    assert s["mturn"] is None
    assert len(s["piles"][f"{boss['id']}:hand"]) == 1  # three played, one drawn (not three)
    # at the hand limit it draws none
    s, boss, rng = boss_turn("defend", ["melee"] * 4 + ["rest"] * 4, hero_here=False)
    apply_monster(s, {"type": "gm_armor"}, rng)
    assert s["mturn"] is None and len(s["piles"][f"{boss['id']}:hand"]) == 8


# -- old saves: a game of rules format 2 is refused by name, never a crash -----------------------
def test_an_older_rules_format_save_is_refused_with_a_clear_message():
    """Issue 33 changed how bosses play (Draw, Defend, Rest), and its review how melee
    counters last (format 4), so a game saved under rules format 2 cannot replay to its
    stored state: the app says which format it is and keeps the entry as it was
    (tests/library_fixtures/game-deckbuilder-v1.json). Experience buying cards only made
    it format 6, and practising a latent ability format 7: a format-5 or format-6 save is
    refused by name too."""
    import json
    from pathlib import Path
    import pytest
    from pocketdeck.core.saves import SaveError, from_record
    from pocketdeck.ui.app import App
    fixture = json.loads((Path(__file__).parent / "library_fixtures" / "game-deckbuilder-v1.json").read_text())
    assert GAME.schema_version == 7 and fixture["item"]["data"]["schema"] == 2
    with pytest.raises(SaveError, match="rules format 2; this version reads format 7"):
        from_record(fixture["item"]["data"])
    app = App()
    app.restore(fixture["stored"])
    assert len(app.problems) == 1 and "rules format 2" in app.problems[0] and "kept as it was" in app.problems[0]
    # format 6 (experience buys cards only) and 7: a game saved under format 5 or 6 is refused the same way
    from pocketdeck.core.saves import Session
    for fmt in (5, 6):  # 7: a latent ability bought is practised, so a format-6 learn no longer replays
        older = dict(Session("deckbuilder", GAME.default_options(), 3).record(), schema=fmt)
        with pytest.raises(SaveError, match=f"rules format {fmt}; this version reads format 7"):
            from_record(older)


# -- Overview: "the experience to upgrade existing skills or learn new ones. The cards for each
# are added to the character deck to be drawn upon in future encounters" ------------------------
def _upgrading(xp=7):
    """The warrior's upgrades after the crypt, with ``xp`` experience to spend."""
    s = cleared()
    while s["phase"] == "spoils":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    assert s["phase"] == "upgrade" and s["upgrade_left"][0] == "h0"
    s["heroes"][0]["xp"] = xp
    return s


def test_overview_every_purchase_of_experience_adds_a_card_to_the_character_deck():
    """Overview: "the experience to upgrade existing skills or learn new ones. The cards for
    each are added to the character deck to be drawn upon in future encounters": whatever
    experience buys, one card joins the deck (learning a new skill, or practising one held:
    a second copy); a stat or health upgrade, which adds no card, is never offered."""
    s = _upgrading()
    buys = [a for a in GAME.legal_actions(s) if a["type"] != "upgrade_done"]
    assert buys and {a["what"] for a in buys} == {"learn", "practise"}
    for a in buys:
        after = GAME.apply(s, a)
        assert Counter(hero_cards(after, "h0")) - Counter(hero_cards(s, "h0")) == Counter([a["card"]]), a
        assert after["heroes"][0]["stats"] == s["heroes"][0]["stats"]
        assert after["heroes"][0]["max_health"] == s["heroes"][0]["max_health"]


def test_overview_upgrading_an_existing_skill_adds_a_second_copy_of_an_ability_card_the_deck_holds():
    """Overview: "upgrade existing skills": a skill is an ability card (cards.toml
    [[ability]]: not a tableau action, gear or Fatigue); practising one the deck holds adds a
    second copy, so it is drawn more often; one the deck does not hold is learnt instead."""
    s = _upgrading()
    held = Counter(hero_cards(s, "h0")) + Counter(s["piles"]["h0:latent"])  # a latent ability is held too
    buys = [a for a in GAME.legal_actions(s) if a["type"] == "upgrade"]
    practised = {a["card"] for a in buys if a["what"] == "practise"}
    assert "shield_bash" in practised and practised == {c for c in held if c in data.abilities()} & {a["card"] for a in buys}
    assert all(held[a["card"]] == 0 for a in buys if a["what"] == "learn")
    assert all(data.abilities().get(a["card"]) for a in buys)  # never gear, a tableau card or Fatigue
    shown = {e["action"]["card"]: e["label"] for e in GAME.view(s)["actions"] if e["action"]["type"] == "upgrade"}
    cost = data.upgrade()["practise_cost"]
    assert shown["shield_bash"] == f"Practise Shield Bash ({cost} experience): a second Shield Bash in your deck"
    assert shown["backstab"] == f"Learn Backstab ({data.upgrade()['card_cost']} experience): a new card in your deck"
    s = GAME.apply(s, {"type": "upgrade", "hero": "h0", "what": "practise", "card": "shield_bash"})
    assert Counter(hero_cards(s, "h0"))["shield_bash"] == 2 and s["heroes"][0]["xp"] == 7 - cost
    assert any("practises Shield Bash" in line for line in s["log"])
    rec = export_heroes(s)[0]
    rec["encounters"] = 3
    assert rec["deck"].count("shield_bash") == 2 and record_problems(rec) == []


def test_overview_a_skill_the_hero_holds_as_a_latent_ability_is_practised_not_learnt():
    """Overview: "the experience to upgrade existing skills or learn new ones"; Item/Ability:
    "not all of the character's abilities are active", a latent ability is one of the
    character's own. Brann's latent Cleave is an existing skill: buying a Cleave is a
    practise (its price, its words, its log), never "Learn Cleave: a new card"; once the
    latent one is readied into the deck, the next is a third."""
    s = _upgrading()
    assert s["piles"]["h0:latent"] == ["cleave"] and "cleave" not in hero_cards(s, "h0")
    buys = [a for a in GAME.legal_actions(s) if a["type"] == "upgrade" and a["card"] == "cleave"]
    assert buys == [{"type": "upgrade", "hero": "h0", "what": "practise", "card": "cleave"}]
    shown = {e["action"]["card"]: e["label"] for e in GAME.view(s)["actions"] if e["action"]["type"] == "upgrade"}
    cost = data.upgrade()["practise_cost"]
    assert shown["cleave"] == f"Practise Cleave ({cost} experience): a second Cleave (counting your latent one)"
    s = GAME.apply(s, buys[0])
    assert s["heroes"][0]["xp"] == 7 - cost and any("Brann the Warrior practises Cleave" in line for line in s["log"])
    shown = {e["action"]["card"]: e["label"] for e in GAME.view(s)["actions"] if e["action"]["type"] == "upgrade"}
    assert shown["cleave"] == f"Practise Cleave ({cost} experience): a third Cleave (counting your latent one)"


def _warrior_record(**change):
    rec = export_heroes(battle(heroes=("warrior",)))[0]
    rec.update(change)
    return rec


def test_overview_a_record_with_more_copies_than_its_experience_could_buy_is_refused():
    """Overview: the cards experience buys are paid for: each copy of a skill beyond the
    information card's own counts at its price, so a record holding more copies than its
    encounters' experience could buy is one the rules could not have made."""
    price = min(data.upgrade()["card_cost"], data.upgrade()["practise_cost"])
    xp_per = max(z["experience"] for z in data.zones().values())
    base = _warrior_record()["deck"]
    found = {c for z in data.zones().values() for c in z["spoils"] + [i for a in z["arena"] for i in a.get("items", [])]}
    assert "mass_mend" not in found  # bought, never found: one learnt, the others practised copies
    keep = xp_per * 2 // price  # two encounters pay for this many, no more
    fits = _warrior_record(encounters=2, xp=xp_per * 2 - keep * price, deck=base + ["mass_mend"] * keep)
    assert record_problems(fits) == []
    more = _warrior_record(encounters=2, xp=0, deck=base + ["mass_mend"] * (keep + 1))
    assert any("experience kept" in p and "give at most" in p for p in record_problems(more))


def test_overview_copies_of_a_skill_in_the_spoils_count_as_found_once_an_encounter_the_rest_bought():
    """Overview: cards come as spoils ("to the victor go the spoils") or are bought with
    experience. A hero takes one spoil an encounter cleared, from the zones' treasure lists;
    the arenas' items are gear from their own lists. So copies of Shield Bash (in the keep's
    spoils and in the training supply) beyond one an encounter were bought, each at its price:
    one encounter (3 experience at most) gives one found and one bought, never seven."""
    price = min(data.upgrade()["card_cost"], data.upgrade()["practise_cost"])
    xp_per = max(z["experience"] for z in data.zones().values())
    assert xp_per // price == 1  # one encounter pays for one card
    spoils = {c for z in data.zones().values() for c in z["spoils"]}
    items = {i for z in data.zones().values() for a in z["arena"] for i in a.get("items", [])}
    assert "shield_bash" in spoils and "shield_bash" not in items
    base = _warrior_record()["deck"]
    fits = _warrior_record(encounters=1, xp=0, deck=base + ["shield_bash"] * 2)  # one found, one bought
    assert record_problems(fits) == []
    for n in (3, 7):
        more = _warrior_record(encounters=1, xp=0, deck=base + ["shield_bash"] * n)
        assert any("experience kept" in p and "give at most" in p for p in record_problems(more)), n
    # a spoil taken fills the encounter's one slot: the Shield Bash beside it is bought
    both = _warrior_record(encounters=1, xp=xp_per - price, deck=base + ["longsword", "shield_bash"])
    assert record_problems(both) == []
    assert record_problems(dict(both, xp=xp_per))
    # two gear cards found in one encounter: one spoil, and no arena holds a longsword
    assert any("cards found" in p for p in record_problems(_warrior_record(encounters=1, deck=base + ["longsword"] * 2)))


def test_overview_a_hero_saved_with_stat_and_health_upgrades_of_format_5_is_still_accepted():
    """Rules formats 1 to 5 sold +1 to a stat (3 experience) and +2 maximum health (2); no
    game offers them now, but a hero saved with them keeps them and stays in the library,
    and a new game with that hero offers cards only."""
    old = data.retired_upgrades()
    card = data.heroes()["warrior"]
    rec = _warrior_record(encounters=2, xp=0, max_health=card["health"] + old["health_gain"],
                          stats=dict(_warrior_record()["stats"], defense=card["defense"] + 1))
    assert old["stat_cost"] + old["health_cost"] <= 2 * max(z["experience"] for z in data.zones().values())
    assert record_problems(rec) == []
    s = GAME.new_game({"heroes": [], "party": [rec], "zones": ["crypt", "keep"]}, 5)
    assert s["heroes"][0]["stats"]["defense"] == card["defense"] + 1
    assert s["heroes"][0]["max_health"] == card["health"] + old["health_gain"]
    greedy = dict(rec, xp=2 * max(z["experience"] for z in data.zones().values()))
    assert record_problems(greedy)  # and what they cost still counts


# -- Range and Mana: "attacking with a ranged weapon or casting a spell may wait more than one
# turn" -- and so melee may not: melee counters fall away when the turn ends --------------------
def test_range_and_mana_melee_counters_do_not_wait_for_a_later_turn():
    """Range and Mana: "The main difference between these actions and the melee action is
    that attacking with a ranged weapon or casting a spell may wait more than one turn."
    Melee counters left when a hero's turn ends are discarded; range counters stay."""
    s = make_active(battle(heroes=("rogue",), seed=1), "h0", ["melee", "range"])
    for m in s["monsters"]:  # nobody in reach: the must-attack is void, so both cards may aim
        m["arena"] = "vault"
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    s = GAME.apply(s, {"type": "counter", "gear": "dagger"})
    s = GAME.apply(s, {"type": "play", "card": "melee"})
    s = GAME.apply(s, {"type": "counter", "gear": "dagger"})
    assert s["heroes"][0]["counters"] == {"dagger": 2}
    s["heroes"][0]["counters"]["shortbow"] = 1  # aimed on an earlier turn
    s = GAME.apply(s, {"type": "end"})
    assert s["heroes"][0]["counters"] == {"shortbow": 1}
    assert any("melee counters fall away" in line for line in s["log"])


def _priest_in_synergy():
    """The warrior took Melee, put a counter on the longsword and ended: the priest's Synergy."""
    s = make_active(battle(heroes=("warrior", "priest"), seed=1), "h0", ["rest"])
    for m in s["monsters"]:
        m["arena"] = "vault"
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    s = GAME.apply(s, {"type": "counter", "gear": "longsword"})
    s = GAME.apply(s, {"type": "end"})
    assert s["turn"]["mode"] == "synergy" and s["turn"]["actor"] == "h1"
    return s


def test_range_and_mana_a_synergy_melee_counter_falls_away_with_the_synergy_action():
    """The same for an ally's Synergy action: a melee counter not used in it is discarded."""
    s = _priest_in_synergy()
    s["piles"]["h1:draw"].extend(s["piles"]["h1:hand"])
    s["piles"]["h1:hand"] = []
    s["piles"]["h1:draw"].remove("melee")
    s["piles"]["h1:hand"].append("melee")
    s = GAME.apply(s, {"type": "play", "card": "melee"})
    gear = next(a["gear"] for a in GAME.legal_actions(s) if a["type"] == "counter")
    s = GAME.apply(s, {"type": "counter", "gear": gear})
    assert s["heroes"][1]["counters"] == {gear: 1}
    s = GAME.apply(s, {"type": "done"})
    assert s["heroes"][1]["counters"] == {}


def test_range_and_mana_a_boss_melee_counters_fall_away_when_its_turn_ends():
    """A boss plays "just like the player characters": its melee counters do not wait either."""
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, monster_actions
    s, boss, rng = boss_turn("melee", ["melee"], hero_here=False)
    counter = next(a for a in monster_actions(s) if a["type"] == "gm_counter")
    apply_monster(s, counter, rng)
    assert boss["counters"] == {counter["gear"]: 1}
    apply_monster(s, counter, rng)
    assert s["mturn"] is None or s["mturn"]["actor"] != boss["id"]
    assert boss["counters"] == {}


# -- Bosses: "decks just like the player characters"; Rest: "Your character will also build up
# fatigue cards" -- a boss reshuffling gains a Fatigue card as a hero does ---------------------
def test_bosses_a_boss_reshuffling_its_discard_gains_a_fatigue_card_like_a_hero():
    """Bosses have "full stats and decks just like the player characters", and a character
    "will also build up fatigue cards" (Rest): Pocketdeck's Fatigue rule (one card from the
    supply each time the discard pile is shuffled into an empty draw pile) holds for a boss
    too, and the cards go back to the supply when the battle ends."""
    from pocketdeck.systems.deckbuilder.setup import boss_draw
    s = battle(heroes=("warrior",), seed=1)
    total = GAME.card_total(s)
    boss = next(m for m in s["monsters"] if m["kind"] == "boss")
    p, me = s["piles"], boss["id"]
    assert len(p["fatigue"]) == 2 * data.fatigue_per_hero()  # a supply for the hero and for the boss
    p[f"{me}:discard"].extend(p[f"{me}:draw"])
    p[f"{me}:draw"] = []
    supply = len(p["fatigue"])
    boss_draw(s, me, Rng(0), len(p[f"{me}:hand"]) + 1)
    assert len(p["fatigue"]) == supply - 1
    assert "fatigue" in p[f"{me}:draw"] + p[f"{me}:hand"]
    assert any("Morvane" in line and "Fatigue" in line for line in s["log"])
    assert GAME.card_total(s) == total
    s = win_battle(s)
    assert len(s["piles"]["fatigue"]) == supply
    assert not any("fatigue" in p[f"{me}:{k}"] for k in ("draw", "hand", "discard", "front", "expended"))


# -- Defend: "any enemies get one parting melee reaction" -- a ranged minion too (issue 47) -------
def test_defend_any_enemies_a_ranged_minion_gets_a_parting_melee_reaction_too():
    """Defend: "This allows the player to move their character to an adjacent arena,
    however, any enemies get one parting melee reaction." Every engaged enemy strikes at the
    retreating hero: the Skeleton and the Cultist Archer too, with its card's own attack (from
    the review of issue 33 until issue 47 the Archer got none, against "any enemies" and
    the Retreat help's "every enemy engaged with you")."""
    s = make_active(battle(heroes=("warrior",), seed=1), "h0", ["rest"])
    s["heroes"][0]["arena"] = "ossuary"
    assert {m["type"] for m in s["monsters"] if m["arena"] == "ossuary"} == {"skeleton", "archer"}
    s = GAME.apply(s, {"type": "take", "stack": "defend"})
    legal = GAME.legal_actions(s)
    while {"type": "retreat", "to": "stair"} not in legal:  # the penalty attack first
        s = GAME.apply(s, next(a for a in legal if a["type"] == "attack"))
        legal = GAME.legal_actions(s)
    engaged = [m["name"] for m in s["monsters"] if m["arena"] == "ossuary" and not m["dead"]]
    assert "Cultist Archer" in engaged
    s = GAME.apply(s, {"type": "retreat", "to": "stair"})
    while s.get("pending"):  # the hero's defense counters against each reaction: spend none
        s = GAME.apply(s, {"type": "spend", "n": 0})
    log = s["log"][max(i for i, line in enumerate(s["log"]) if "retreats to" in line) + 1:]
    parting = [line.split(" attacks ")[0] for line in log if " attacks Brann" in line]
    assert sorted(parting) == sorted(engaged)


# -- Synergy: "they are allowed to draw one card" -- a draw the ally may decline --------------------
def test_synergy_the_draw_instead_of_a_synergy_action_is_allowed_not_forced():
    """Synergy: "If the character doesn't have any matching cards in their hand or chooses
    not to play them, they are allowed to draw one card." An ally may pass without drawing
    (a draw from an empty draw pile would reshuffle and bring a Fatigue card)."""
    s = _priest_in_synergy()
    legal = GAME.legal_actions(s)
    assert {"type": "synergy_draw"} in legal and {"type": "done"} in legal
    hand = list(s["piles"]["h1:hand"])
    draw = list(s["piles"]["h1:draw"])
    s = GAME.apply(s, {"type": "done"})
    assert s["piles"]["h1:hand"] == hand and s["piles"]["h1:draw"] == draw
    assert s["turn"] is None or s["turn"]["actor"] != "h1"
    assert any("draws none" in line for line in s["log"])


# -- Melee: "Once the cards have been played and the counters tallied, the melee attack is rolled"
def test_melee_the_attack_is_rolled_once_after_the_counters_and_ends_the_cards_use():
    """Melee: "Once the cards have been played and the counters tallied, the melee attack
    is rolled ... you must make a melee attack this turn"; the example: "You would use 2 of
    the cards to add 2 attack counters to a melee weapon. The final card would be used to
    attack with it." One melee attack a Melee turn, and no card is played or used after it."""
    import pytest
    from pocketdeck.core.game import IllegalAction
    s = make_active(battle(heroes=("warrior",), seed=1), "h0", ["melee", "melee", "rest"])
    s = GAME.apply(s, {"type": "take", "stack": "melee"})
    attack = next(a for a in GAME.legal_actions(s) if a["type"] == "attack")
    s = GAME.apply(s, attack)  # the taken card attacks at once
    assert GAME.legal_actions(s) == [{"type": "end"}]  # no more Melee cards, counters or attacks
    with pytest.raises(IllegalAction, match="melee attack is made"):
        GAME.apply(s, {"type": "play", "card": "melee"})
    s = GAME.apply(s, {"type": "end"})
    assert s["piles"]["h0:hand"].count("melee") >= 2  # the two Melee cards stayed in the hand


def test_melee_a_boss_melee_attack_ends_its_card_use_too():
    """A boss plays "just like the player characters": after its melee attack the cards it
    played and did not use are spent, and its turn ends."""
    from pocketdeck.systems.deckbuilder.monsters import apply_monster, monster_actions
    s, boss, rng = boss_turn("melee", ["melee", "melee"])
    attack = next(a for a in monster_actions(s) if a["type"] == "gm_attack")
    apply_monster(s, attack, rng)
    assert s["mturn"] is None or s["mturn"]["actor"] != boss["id"]
    assert len(s["attacks"]) == 1


# -- issue 47: the third reading ------------------------------------------------------------------
def _ilsa_at_the_skeleton():
    s = make_active(battle(heroes=("wizard",), seed=1), "h0", ["melee"])
    s["heroes"][0]["arena"] = "ossuary"
    for m in s["monsters"]:
        if m["arena"] == "ossuary" and m["type"] != "skeleton":
            m["arena"] = "vault"
    return GAME.apply(s, {"type": "take", "stack": "melee"})


def test_attacks_step_4_the_attack_chance_counts_the_targets_damage_resistance():
    """Attacks, step 4: "subtract the target's damage resistance". Ilsa's Quarterstaff
    (damage 2, no melee damage bonus) against a Skeleton (defense 7, resistance 2) hits on 7+
    (58%) but never does damage, and a blow that does no damage is no hit on the Skeleton
    (no critical: 17 is out of reach of 2d6). The button said 58%; it says 0%."""
    s = _ilsa_at_the_skeleton()
    entry = next(e for e in GAME.view(s)["actions"]
                 if e["action"]["type"] == "attack" and e["action"]["gear"] == "staff")
    assert entry["chance"] == "0%"
    assert entry["against"] == 7


def test_attacks_step_4_a_critical_can_get_through_the_resistance():
    """Attacks, steps 3-4: a critical hit adds 1d6, so a blow too weak for the resistance
    counts when it is critical (10 or more over the defense with a 6 showing). With the
    Quarterstaff at +8 to hit (4 counters) only the criticals count: 2d6 + 8 >= 17 with a 6
    (6+3 .. 6+6 and the mirror, 7 rolls of 36), each with any die of damage (6 of 6)."""
    from pocketdeck.systems.deckbuilder import combat
    assert combat.count_chance(8, 7, 2, 2) == pytest.approx(7 / 36)
    assert combat.count_chance(8, 7, 2, 2, any_hit=True) == pytest.approx(combat.hit_chance(8, 7))
    assert combat.count_chance(0, 7, 2, 5) == 0


def test_overview_the_spoils_join_the_character_deck_as_the_texts_say():
    """Overview: "the cards for each are added to the character deck to be drawn upon in
    future encounters". The engine puts every spoil into the deck; the spoils prompt, the
    rules page and the glossary said weapons and armor join the at-hand items."""
    from pocketdeck import learn
    from pocketdeck.ui.deckbuilder import table as ui
    s = battle(("warrior",), seed=7, zones=("crypt", "keep"))
    s = win_battle(s)
    assert s["phase"] == "spoils"
    prompt = ui._prompt(GAME.view(s))
    assert "at-hand" not in prompt and "joins your deck" in prompt
    spoils = learn.glossary()["spoils"]["text"]
    assert "at-hand" not in spoils and "deck" in spoils
    page = next(r for r in learn.rules("deckbuilder") if r["title"].startswith("Spoils"))
    assert "at-hand" not in page["body"] and "joins the hero's deck" in page["body"]
