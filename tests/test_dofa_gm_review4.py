"""Review dofa-gm-2026-12-07 of the GM's table: its differences R1-R9 fixed, one test per
fix named after the book section it follows (docs/rules/dofa.md part 2: one row each, with
the differences kept as choices or left unbuilt)."""

from __future__ import annotations

import pytest

from pocketdeck.core.game import IllegalAction
from pocketdeck.systems.dofa_gm import fight as ft
from pocketdeck.systems.dofa_gm import policy
from pocketdeck.systems.dofa_gm.fight import actor
from test_dofa_gm import GAME, _turn_of, new, play, report
from test_dofa_gm_review3 import _refused


def _charmed(name: str) -> tuple[dict, str, str]:
    """Ann against a Grunt and a Guard; the Grunt ``name`` by Ann (its save failed: in force)
    at the start of its turn."""
    s = play(new(("Ann",), foes=["Grunt", "Guard"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    grunt = next(a for a in s["actors"] if a["source"] == "Grunt")["id"]
    guard = next(a for a in s["actors"] if a["source"] == "Guard")["id"]
    s = _turn_of(s, grunt)
    ft.add_status(s, actor(s, grunt), name, None, by="p1")
    GAME.check_state(s)
    return s, grunt, guard


@pytest.mark.parametrize("name", ["Charmed", "Enthralled"])
def test_pg_status_conditions_10_11_a_charmed_creature_is_offered_no_attack_on_its_charmer(name):
    """PG, Status Conditions 10 Charmed: "On failure, they may not take actions against the
    interests of the creature that caused the condition"; 11 Enthralled: its Major Action
    is the enthraller's to direct. No attack or power on the charmer is offered, the
    creatures' policy does not pick one, and one typed in is refused naming the rule."""
    s, grunt, _ = _charmed(name)
    assert ft.in_force(actor(s, grunt), name)
    legal = GAME.legal_actions(s)
    assert not [a for a in legal if a.get("who") == grunt and a.get("target") == "p1"
                and a["type"] in ("attack", "power")]
    pick = policy.suggest(s, legal)
    assert pick is None or pick.get("target") != "p1"
    _refused(s, {"type": "attack", "who": grunt, "target": "p1", "power": "Attack, Weapon"},
             name, "Ann", "PG, Status Conditions")


def test_pg_status_conditions_10_a_failed_charmed_save_logs_the_tables_words():
    """The line logged on a failed save is the table's (no attack or power offered), not the
    phone's "mark such a check: it cannot be drawn"."""
    s, grunt, _ = _charmed("Charmed")
    ft.add_due(s, actor(s, grunt), "Charmed", "start of turn")
    ft.save_result(s, actor(s, grunt), "Charmed", False, None)
    assert not any("it cannot be drawn" in line for line in s["log"])
    assert any("no attack or power on them is offered" in line for line in s["log"])


@pytest.mark.parametrize("name", ["Charmed", "Enthralled"])
def test_pg_status_conditions_10_11_an_ally_ends_the_charm_with_a_major_action(name):
    """PG, Status Conditions 10, 11: "Another creature within 6 spaces may use a Major
    action to end this effect": offered on an ally's turn; it spends the Major Action."""
    s, grunt, guard = _charmed(name)
    s = play(s, {"type": "end_turn"})
    s = _turn_of(s, guard)
    end = {"type": "end_charm", "who": guard, "target": grunt, "status": name}
    assert end in GAME.legal_actions(s)
    assert policy.suggest(s, GAME.legal_actions(s)) == end
    s = play(s, end)
    assert ft.status(actor(s, grunt), name) is None and s["combat"]["acted"]
    assert not [a for a in GAME.legal_actions(s) if a["type"] in ("attack", "end_charm")]


# -- R2: the earthquake's step 5, all party members ----------------------------------------------

def test_pg_epic_events_the_earthquake_step_5_all_party_members_draw():
    """PG, Epic Events, the earthquake: after Genesis's TC (step 4), "5. The GM reveals a new
    TC, DR 2. All party members must make Athletics checks": the GM calls on the whole
    party, Genesis included, though a volunteer may not take two TCs in a row."""
    from test_dofa_gm import begin_epic, stack
    s = stack(new(), "world", "4H", "KS", "5D", "2C", "QS", "3H")
    s = begin_epic(s, tcs=3, need=2)
    s = play(s, {"type": "epic_reveal"}, {"type": "epic_dr", "dr": 4},
             {"type": "epic_join", "who": "p1"}, {"type": "epic_join", "who": "p2"}, {"type": "epic_go"})
    s = report(play(s, {"type": "epic_card"}), "3S")
    s = report(play(s, {"type": "epic_card"}), "9H", 1)
    s = play(s, {"type": "epic_reveal"}, {"type": "epic_dr", "dr": 3},
             {"type": "epic_join", "who": "p3"}, {"type": "epic_go"}, {"type": "epic_card"})
    s = report(s, "2H")
    s = play(s, {"type": "epic_gm_draw"})
    s = report(play(s, {"type": "epic_card"}), "7D")
    s = play(s, {"type": "epic_gm_draw"})
    s = report(play(s, {"type": "epic_card"}), "8C")
    s = play(s, {"type": "epic_gm_draw"})           # the GM's Q of Spades: the first failure
    assert s["epic"]["failures"] == 1
    s = play(s, {"type": "epic_reveal"}, {"type": "epic_dr", "dr": 2})
    # a volunteer still may not take two TCs in a row ...
    assert [a["who"] for a in GAME.legal_actions(s) if a["type"] == "epic_join"] == ["p1", "p2"]
    _refused(s, {"type": "epic_join", "who": "p3"}, "two TCs in a row", "all party members")
    # ... but the GM's call brings in all party members, Genesis too
    s = play(s, {"type": "epic_all"})
    assert s["epic"]["volunteers"] == ["p1", "p2", "p3"]
    s = play(s, {"type": "epic_go"})
    assert s["epic"]["stage"] == "draw"


def test_pg_epic_events_the_learn_text_tells_the_lone_player_and_all_party_exceptions():
    """The GM's glossary (learn.toml gm-epic) says what the app does: the lone player who
    goes again, and the GM's call on all party members."""
    import tomllib
    from pathlib import Path
    learn = tomllib.loads((Path(__file__).parents[1] / "content/dofa-gm/learn.toml").read_text())
    body = " ".join(next(r["body"] for r in learn["rule"] if r["id"] == "gm-epic").split())
    assert "lone player" in body and "all party members" in body


# -- R3: Minions and Powers --------------------------------------------------------------------

def test_gmg_character_types_minions_use_only_their_stat_blocks_powers_and_the_glossary_says_so():
    """GMG, Character Types: Minions "cannot take Powers or Vulnerabilities"; PG, Dealers,
    NPCs and Companions: NPCs "Have limited access to Powers", and the bestiary's Minions
    list some (Guard: Shield, Sweep). The app's choice (docs/rules/dofa.md part 2): a Minion
    uses the Powers its stat block lists and takes no others; the GM's glossary says what
    the app does, not the opposite."""
    import tomllib
    from pathlib import Path
    learn = tomllib.loads((Path(__file__).parents[1] / "content/dofa-gm/learn.toml").read_text())
    text = next(t["text"] for t in learn["term"] if t["id"] == "gm-minion")
    assert "cannot take Powers" not in text and "stat block" in text
    s = play(new(("Ann",), foes=["Guard", "Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "2S")
    guard = next(a for a in s["actors"] if a["source"] == "Guard")
    assert guard["kind"] == "minion"
    s = _turn_of(s, guard["id"])
    used = {a["power"] for a in GAME.legal_actions(s) if a.get("who") == guard["id"] and "power" in a}
    assert "Shield" in used and used <= set(guard["powers"])


# -- R5: at most 3 AP --------------------------------------------------------------------------

def test_gmg_managing_player_resources_armor_points_at_most_3():
    """GMG, Managing Player Resources: "Armor Points are similarly small, with a maximum of
    3". A party member at 3 AP shielded by an ally stays at 3 (the Shield is not offered on
    them), the GM's edit stops max AP at 3 (refused above, naming the rule), and a player
    typed in with more than 3 AP is refused. The GM's creatures keep their own numbers."""
    s = GAME.new_game({"mode": "skirmish", "players": [], "party": ["Clubs1", "Crusader1"],
                       "foes": ["Grunt", "Guard"]}, 3)
    clubs = next(a for a in s["actors"] if a["source"] == "Clubs1")
    crus = next(a for a in s["actors"] if a["source"] == "Crusader1")
    s = play(s, {"type": "focus", "who": crus["id"]})
    while actor(s, crus["id"])["ap_max"] < 3:
        s = play(s, {"type": "edit", "who": crus["id"], "field": "ap_max", "delta": 1})
    assert {"type": "edit", "who": crus["id"], "field": "ap_max", "delta": 1} not in GAME.legal_actions(s)
    _refused(s, {"type": "edit", "who": crus["id"], "field": "ap_max", "delta": 1}, "at most 3 AP",
             "GMG, Managing Player Resources")
    actor(s, crus["id"])["ap"] = 3
    s = _turn_of(s, clubs["id"])
    assert actor(s, clubs["id"])["pp"] >= 1
    assert not [a for a in GAME.legal_actions(s) if a.get("power") == "Shield" and a["target"] == crus["id"]]
    actor(s, crus["id"])["ap"] = 2              # hurt: the Shield is offered, and stops at 3
    shield = next(a for a in GAME.legal_actions(s) if a.get("power") == "Shield" and a["target"] == crus["id"])
    s = play(s, shield)
    assert actor(s, crus["id"])["ap"] == 3
    with pytest.raises(IllegalAction):
        GAME.new_game({"players": [{"name": "Ann", "hp": 10, "ap": 4, "ar": 1, "agl": 0, "pp": 3}],
                       "foes": []}, 1)


# -- R9: Medium armor's requirement in the GM's item list -------------------------------------

def test_gmg_armor_type_table_medium_armor_names_the_pg_requirement_the_table_applies():
    """GMG, Armor Type Table (Medium: no prerequisite) against the PG's Armor Table (Medium:
    Strength 0): the table applies the PG's (issue 47, 17: Lower Hand on Agility, Finesse
    and Stealth); the GM's item row for Medium Armor says so, as Fortified's does."""
    from pocketdeck.systems.dofa import gear
    import tomllib
    from pathlib import Path
    items = tomllib.loads((Path(__file__).parents[1] / "content/dofa-gm/items.toml").read_text())["item"]
    medium = next(r for r in items if r["id"] == "Medium Armor")
    assert medium.get("needs") == "STR 0" and "Strength 0" in medium["text"]
    assert gear.unmet({"armor": "Medium", "attrs": {"STR": -1, "AGL": 0}})


# -- R4: Ready and its Power Points -----------------------------------------------------------

def test_pg_in_combat_actions_ready_the_pp_of_a_readied_action_are_spent_and_forfeited():
    """PG, In Combat Actions, Ready: "If the trigger does not occur before the start of the
    character's next turn, this Major Action is forfeited, along with any Power Points used
    for the Major Action". A creature readies a named attack; a Charge (1 PP, or its 2-PP
    option) is paid as it is readied and lost with it; at the trigger only that attack is
    offered, not paid again. A plain Ready fires only an attack that costs no PP."""
    from pocketdeck.systems.dofa_gm.turns import current
    s = GAME.new_game({"mode": "skirmish", "party": ["Clubs1"], "foes": ["Captain, Defender", "Grunt"]}, 4)
    cap = next(a for a in s["actors"] if a["source"] == "Captain, Defender")["id"]
    s = _turn_of(s, cap)
    readies = [a for a in GAME.legal_actions(s) if a["type"] == "ready"]
    assert {"type": "ready"} in readies and {"type": "ready", "power": "Attack, Charge", "pp": 2} in readies
    pp = actor(s, cap)["pp"]
    s = play(s, {"type": "ready", "power": "Attack, Charge", "pp": 2}, {"type": "end_turn"})
    assert actor(s, cap)["pp"] == pp - 2
    fire = [a for a in GAME.legal_actions(s) if a["type"] == "readied_attack"]
    assert fire and all((a["power"], a.get("pp")) == ("Attack, Charge", 2) for a in fire)
    fired = play(s, fire[0])
    assert actor(fired, cap)["pp"] == pp - 2 and fired["draw"] is not None
    # not triggered: forfeited, and the PP stay spent
    while current(s)["id"] != cap:
        legal = GAME.legal_actions(s)
        pick = next((a for a in legal if a["type"] in ("accept", "save", "end_turn")), None)
        s = play(s, pick or next(a for a in legal if a["type"] == "save_result"))
    assert actor(s, cap)["pp"] == pp - 2 and "with the PP spent on Attack, Charge" in " ".join(s["log"][-6:])
    # a plain Ready fires only an attack that costs no PP
    s = play(s, {"type": "ready"}, {"type": "end_turn"})
    fire = [a for a in GAME.legal_actions(s) if a["type"] == "readied_attack"]
    assert fire and all(a["power"] != "Attack, Charge" for a in fire)
