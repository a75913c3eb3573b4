"""The ADS adventure (issue 17): Map and Room cards, what persists between fights, Rest and
wandering Foes, non-combat obstacles, treasure and loot with the removed pile, XP and
levels, fleeing, the boss; the layering (the fight never knows rooms)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.rng import Rng
from pocketdeck.core.simulate import simulate
from pocketdeck.systems.ads import data
from pocketdeck.systems.ads.adventure import hero as H
from pocketdeck.systems.ads.adventure import play
from pocketdeck.systems.ads.adventure.content import level_for, rooms
from pocketdeck.systems.ads.build import validate
from pocketdeck.systems.ads.deck import base
from pocketdeck.ui.check import render_check

G = get_game("ads_adventure")
ROOT = Path(__file__).resolve().parents[1]


def new(hero="warrior", seed=1):
    return G.new_game({"hero": hero}, seed)


def end_fight(state, outcome="won", xp=3, gold=1):
    """The fight's result as the fight layer leaves it; the adventure reads it back."""
    f = state["fight"]
    f["phase"], f["outcome"], f["xp"], f["gold"] = "over", outcome, xp, gold
    if outcome == "lost":
        f["hp"] = 0
    play.fight_over(state, Rng(7))
    return state


def cleared(seed=1):
    """K1's fight won and its loot set aside: standing in K1 with the exits open."""
    s = end_fight(new(seed=seed))
    return G.apply(s, {"type": "loot", "to": "aside"})


def test_first_room_starts_its_solo_fight_at_the_room_distance_and_light():
    s = new()
    assert s["room"] == "K1" and s["phase"] == "fight"
    f = s["fight"]
    assert [x["id"] for x in f["foes"]] == ["goblin_skirmisher"] * 2  # the solo Foe list
    assert all(x["distance"] == "thrown" for x in f["foes"])  # "start" of the room
    assert f["light"] == "dim" and f["phase"] == "choose"
    assert G.legal_actions(s) == play.fight_legal(f)  # the fight's own actions pass through
    assert G.card_total(s) == 52 + sum(len(v) for v in s["room_loot"].values())


def test_what_persists_between_fights_hp_piles_fatigue_exhaustion_hand():
    s = new()
    f = s["fight"]
    f["hp"], f["fatigue"], f["exhaustion"] = 5, 1, 1
    f["hand"] = f["draw"][:4]
    f["draw"] = f["draw"][4:]
    f["discard"], f["draw"] = f["draw"][:3], f["draw"][3:]
    f["persist"] = [{"card": f["draw"].pop(), "until": 2, "since": 1}]
    end_fight(s)
    s = G.apply(s, {"type": "loot", "to": "leave"})
    h = s["heroes"][0]
    assert (h["hp"], h["fatigue"], h["exhaustion"]) == (5, 1, 1)
    assert len(h["hand"]) == 4 and len(h["discard"]) == 4  # the face-out card is discarded
    assert len(H.combat_cards(h)) == 52
    s = G.apply(s, {"type": "go", "to": "K3"})
    f2 = s["fight"]
    assert f2["hp"] == 5 and f2["hand"] == h["hand"] and f2["phase"] == "initiative"


def test_exits_by_room_number_and_an_obstacle_blocks_its_exit():
    s = cleared()
    gos = [a["to"] for a in G.legal_actions(s) if a["type"] == "go"]
    assert gos == ["K2", "K3"]
    s["room"] = "K6"
    s["visited"].append("K6")
    gos = [a["to"] for a in G.legal_actions(s) if a["type"] == "go"]
    assert "K8" not in gos and {"type": "attempt", "symbol": "^"} in G.legal_actions(s)
    with pytest.raises(IllegalAction, match="Map and Room Cards"):
        G.apply(s, {"type": "go", "to": "K8"})
    v = G.view(s, "player")
    labels = [a["label"] for a in v["actions"] if a["action"]["type"] == "go"]
    assert "Go to K5 (the lamp room)" in labels  # not visited: no name, no spoiler


def _at_obstacle(seed_ok: bool, attr="agility"):
    """At K2 (Normal, Agility) after a draw that failed or not, found by seed."""
    for seed in range(60):
        s = G.apply(cleared(seed), {"type": "go", "to": "K2"})
        t = G.apply(s, {"type": "attempt", "symbol": "^"})
        if t["obstacle_draw"]["ok"] == seed_ok:
            return s, t
    raise AssertionError("no seed")


def test_obstacle_success_gives_the_room_treasure():
    s, t = _at_obstacle(True)
    assert "K2" in t["passed"] and "tarnished_locket" in t["heroes"][0]["treasure"]
    assert t["phase"] == "room"


def test_obstacle_failure_attribute_from_hand_then_a_replacement():
    s, t = _at_obstacle(False)
    h = t["heroes"][0]
    ag = next(c for c in h["draw"] if base(c) == "agility")
    h["draw"].remove(ag)
    h["hand"].append(ag)
    n = len(h["hand"])
    assert {"type": "overcome", "from": "hand"} in G.legal_actions(t)
    u = G.apply(t, {"type": "overcome", "from": "hand"})
    hu = u["heroes"][0]
    assert len(hu["hand"]) == n and ag in hu["discard"] and "K2" in u["passed"]


def test_obstacle_failure_attribute_from_the_combat_deck_costs_exhaustion_and_a_discard():
    s, t = _at_obstacle(False)
    h = t["heroes"][0]
    h["hand"] = [h["draw"].pop() for _ in range(7)]
    while any(base(c) == "agility" for c in h["hand"]):
        c = next(c for c in h["hand"] if base(c) == "agility")
        h["hand"].remove(c)
        h["draw"].insert(0, c)
        h["hand"].append(next(x for x in h["draw"] if base(x) != "agility"))
        h["draw"].remove(h["hand"][-1])
    assert {"type": "overcome", "from": "hand"} not in G.legal_actions(t)
    u = G.apply(t, {"type": "overcome", "from": "deck"})
    assert u["heroes"][0]["exhaustion"] == 1 and u["phase"] == "trim"
    u = G.apply(u, G.legal_actions(u)[0])
    assert len(u["heroes"][0]["hand"]) == 6 and u["phase"] == "room"
    assert G.card_total(u) == G.card_total(s)


def test_obstacle_give_up_takes_its_damage_and_stays():
    s, t = _at_obstacle(False)
    hp = t["heroes"][0]["hp"]
    u = G.apply(t, {"type": "give_up"})
    assert u["heroes"][0]["hp"] == hp - 1 and "K2" not in u["passed"]
    assert {"type": "attempt", "symbol": "v"} in G.legal_actions(u)


def test_rest_refills_from_the_discards_a_fatigue_and_wandering_foes():
    seen = set()
    for seed in range(40):
        s = cleared(seed)
        s["room"] = "K5"
        h = s["heroes"][0]
        h["discard"], h["draw"] = h["draw"][:10], h["draw"][10:]
        h["hp"] = 2
        t = G.apply(s, {"type": "rest"})
        ht = t["heroes"][0]
        assert ht["fatigue"] == 1 and H.hand_limit(ht) == 6
        if t["phase"] == "fight":
            seen.add(tuple(sorted(f["id"] for f in t["fight"]["foes"])))
            assert t["wander"] and len(t["fight"]["draw"]) == 52 - len(ht["hand"])
        else:
            assert ht["discard"] == [] and len(ht["draw"]) == 52 and ht["hp"] == ht["max_hp"]
            seen.add(())
    assert seen == {(), ("goblin_archer",), ("plague_rat",), ("goblin_skirmisher", "goblin_skirmisher")}


def test_combat_encounters_and_rest_after_any_fight_not_only_at_the_rest_spot():
    """Combat Encounters and Rest: "After or between Combat Encounters during an
    adventure, Players can choose to have their Characters Rest" (issue 26, tk_ row):
    after K1's fight the party may Rest in K1; a room away from the rest spot draws on
    the rest spot's Wandering Foes table."""
    s = cleared()
    assert {"type": "rest"} in G.legal_actions(s)
    s["fights"] = 0  # before any Combat Encounter: only a rest spot
    with pytest.raises(IllegalAction, match="Rest"):
        G.apply(s, {"type": "rest"})
    s["fights"] = 1
    t = G.apply(s, {"type": "rest"})
    assert t["heroes"][0]["fatigue"] == 1 and "Wandering Foes" in " ".join(t["log"])


def test_loot_into_the_hand_removes_a_hand_card_from_the_game():
    s = end_fight(new())
    assert s["phase"] == "loot" and base(s["pending"][0]) == "healing_potion"
    h = s["heroes"][0]
    h["hand"] = [h["draw"].pop() for _ in range(7)]
    before = G.card_total(s)
    t = G.apply(s, {"type": "loot", "to": "hand"})
    gone = G.legal_actions(t)[0]["card"]
    t = G.apply(t, G.legal_actions(t)[0])
    ht = t["heroes"][0]
    assert len(ht["hand"]) == 7 and gone in ht["removed"] and any(base(c) == "healing_potion" and c.endswith(".201") for c in ht["hand"])
    assert len(H.combat_cards(ht)) == 52 and G.card_total(t) == before and t["phase"] == "room"


def test_loot_into_the_draw_deck_removes_as_many_and_aside_goes_to_the_character_deck():
    s = end_fight(new())
    t = G.apply(s, {"type": "loot", "to": "draw"})
    t = G.apply(t, {"type": "remove", "card": "strength"})
    ht = t["heroes"][0]
    assert [base(c) for c in ht["removed"]] == ["strength"] and len(ht["draw"]) == 52
    s2 = G.apply(s, {"type": "loot", "to": "aside"})
    assert [base(c) for c in s2["heroes"][0]["aside"]] == ["healing_potion"]
    assert G.card_total(s2) == G.card_total(s)
    s3 = G.apply(s, {"type": "loot", "to": "leave"})
    assert G.card_total(s3) == G.card_total(s) and len(s3["left"]) == 1


def test_loot_that_would_break_a_deck_rule_only_goes_aside():
    s = end_fight(new())  # a level 2 warrior
    s["pending"] = ["lightning_lance.201"]
    s["room_loot"]["K7"].remove("lightning_lance.201")
    kinds = {a["to"] for a in G.legal_actions(s)}
    assert kinds == {"aside", "leave"}  # a Mage's level 3 spell cannot join this Combat Deck
    s["pending"] = ["cleave.201"]
    s["room_loot"]["K7"] = [c if c != "cleave.201" else "lightning_lance.201" for c in s["room_loot"]["K7"]]
    assert {a["to"] for a in G.legal_actions(s)} == {"aside", "leave"}  # level 3 > 2
    s["heroes"][0]["level"] = 3
    assert "hand" in {a["to"] for a in G.legal_actions(s)} or "draw" in {a["to"] for a in G.legal_actions(s)}


def test_xp_gold_and_levelling_up():
    assert [level_for(x) for x in (0, 4, 5, 13, 14, 28)] == [1, 1, 2, 2, 3, 4]
    s = new()
    h = s["heroes"][0]
    assert h["level"] == 2 and h["max_hp"] == 17
    end_fight(s, xp=14, gold=3)
    h = s["heroes"][0]
    assert h["xp"] == 14 and h["level"] == 3 and h["max_hp"] == 19 and h["gold"] == 3 + 2  # + the room's Gold
    assert any("reaches level 3" in line for line in s["log"])


def test_fleeing_gives_no_xp_and_falls_back_the_foes_stay():
    s = G.apply(cleared(), {"type": "go", "to": "K3"})
    assert s["phase"] == "fight"
    end_fight(s, outcome="fled", xp=9)
    assert s["heroes"][0]["xp"] == 3 and s["room"] == "K1" and "K3" not in s["cleared"]
    t = G.apply(s, {"type": "go", "to": "K3"})
    assert t["phase"] == "fight"  # the Foes are still there


def test_death_ends_the_adventure_and_the_boss_wins_it():
    s = end_fight(new(), outcome="lost")
    assert s["phase"] == "over" and s["outcome"] == "lost" and G.legal_actions(s) == []
    s = end_fight(new())
    s = G.apply(s, {"type": "loot", "to": "aside"})
    s["room"] = "K8"
    s["cleared"].append("K8")
    s = G.apply(s, {"type": "go", "to": "K9"})
    assert [f["id"] for f in s["fight"]["foes"]] == ["hobgoblin_captain"]
    end_fight(s)
    assert s["outcome"] == "won" and "captains_crest" in s["heroes"][0]["treasure"]


def test_built_deck_goes_adventuring_and_comes_back_legal():
    from pocketdeck.systems.ads.build.variants import random_variant
    deck = random_variant("rogue", Rng(3))
    assert validate(deck) == []
    s = G.new_game({"hero": deck}, 4)
    assert s["heroes"][0]["name"] == deck["name"]
    s = end_fight(s, xp=20)
    assert validate(H.as_deck(s["heroes"][0])) == []
    bad = dict(deck, level=0)
    with pytest.raises(IllegalAction, match="Non-Playable Information Cards"):
        G.new_game({"hero": bad}, 1)


def test_illegal_actions_leave_the_state_and_name_the_rule():
    s = end_fight(new())
    before = json.dumps(s, sort_keys=True)
    for bad in ({"type": "loot", "to": "pocket"}, {"type": "go", "to": 1.0}, {"type": "attempt", "symbol": "^"}):
        with pytest.raises(IllegalAction):
            G.apply(s, bad)
    assert json.dumps(s, sort_keys=True) == before


def test_the_fight_never_imports_the_adventure():
    """Layers: the fight modules import neither the adventure nor the builder; only the
    content checker (checks.py, above data, registered by the package) hands adventure.toml
    and decks.toml to them."""
    import ast
    fight_dir = ROOT / "engine/pocketdeck/systems/ads"
    for f in fight_dir.glob("*.py"):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and (
                    node.module.startswith("adventure") or node.module.startswith("build")):
                assert f.name == "checks.py", f.name


def test_simulated_adventures_drawn_on_every_step_conserve_cards():
    summary = simulate("ads_adventure", 24, 100, observers=[render_check])
    assert summary["errors"] == 0, summary["failures"][:1]
    assert summary["steps"] > 1000


def test_adventure_screen_shows_room_loot_and_the_fight():
    from pocketdeck.core.saves import Session
    from pocketdeck.ui.ads.adventure import render
    s = new()
    session = Session("ads_adventure", s["options"], s["seed"], [], s)
    html = render(G.view(s, "player"), session)
    assert "K1" in html and "The Listing Gate" in html and 'data-system="ads"' in html
    s = end_fight(s)
    html = render(G.view(s, "player"), session)
    assert "Loot: where does it go?" in html and "Healing Potion" in html and "Removed from the game 0" in html


def test_up_down_randomization_obstacles_and_wandering_foes_use_the_declared_source():
    """Up/Down Randomization: "your Combat Draw Deck ... or a dedicated Up/Down Deck ...
    declared at the beginning of the game" holds for "Picking a lock or forcing a door
    open" too (issue 26): with the Combat Deck declared, the draws are the leader's cards."""
    for seed in range(6):
        s = G.apply(cleared(seed), {"type": "go", "to": "K2"})
        s["updown"] = "deck"
        h = s["heroes"][0]
        ups = [c for c in h["draw"] if data.instance_symbol(c) == "^"]
        h["discard"] += [c for c in h["draw"] if c not in ups]
        h["draw"] = ups
        t = G.apply(s, {"type": "attempt", "symbol": "^"})
        assert set(t["obstacle_draw"]["drawn"]) == {"^"}


def test_disease_goes_on_after_a_won_fight_until_a_rest():
    """DISEASE: "can be Countered at any point by using a Healing Potion, being Healed by
    a Priest, or taking a Rest" (issue 26): winning the fight does not cure it; it comes
    into the next fight, and a Rest cures it."""
    s = new()
    s["fight"]["disease"] = {"from": "Plague Rat Swarm", "damage": 1, "left": 3}
    s = end_fight(s)
    assert s["heroes"][0]["disease"]["from"] == "Plague Rat Swarm"
    s = G.apply(s, {"type": "loot", "to": "aside"})
    t = G.apply(s, {"type": "go", "to": "K2"})
    s["heroes"][0]["discard"].append(s["heroes"][0]["draw"].pop())
    r = G.apply(s, {"type": "rest"})
    assert r["heroes"][0].get("disease") is None
    from pocketdeck.systems.ads.rules import new_fight
    f = new_fight({"mode": "simple", "place": "indoors", "updown": "balanced", "start": "first", "light": "dim",
                   "dual": False, "ranged_melee": False}, {"name": "X", "race": "human", "class": "warrior",
                                                           "level": 2}, "adventure", [], ["bandit"],
                  carry=H.carry(t["heroes"][0]))
    assert f["disease"]["from"] == "Plague Rat Swarm"


def test_map_and_room_cards_treasure_only_when_you_defeat_the_foes():
    """Map and Room Cards: "You gain the Treasure and/or Loot when you defeat the Foes in
    that particular Room." A Foe that fled was not defeated (The Foe Card): the fight is
    won and the room passed, but its Gold, Treasure and Loot are not gained."""
    s = new()
    s["fight"]["foes"][0]["fled"] = True
    end_fight(s, xp=0, gold=0)
    h = s["heroes"][0]
    assert "K1" in s["cleared"] and s["phase"] == "room" and s["pending"] == []
    assert h["gold"] == 0 and h["treasure"] == [] and "K1" in s["room_loot"]
    assert any("not all defeated" in line for line in s["log"])
    s = end_fight(new())  # every Foe defeated: the room's Gold and Loot as before
    assert s["heroes"][0]["gold"] == 1 + 2 and s["phase"] == "loot"
    s = G.apply(s, {"type": "loot", "to": "aside"})
    s["room"] = "K8"
    s["cleared"].append("K8")
    s = G.apply(s, {"type": "go", "to": "K9"})
    s["fight"]["foes"][0]["fled"] = True  # the boss fled: the adventure is won, no crest
    end_fight(s, xp=0, gold=0)
    assert s["outcome"] == "won" and "captains_crest" not in s["heroes"][0]["treasure"]
