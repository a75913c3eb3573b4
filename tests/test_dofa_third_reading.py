"""Deck of Adventures, the player's phone: the findings of issue 47 (a third reading of the
books: PG = Player's Guide 002_..., GMG = GM's Guide 001_...). Each test is named after its
book section and fails on the code before the fix; docs/rules/dofa.md has the rows ("ttr_")."""

from __future__ import annotations

import json

import pytest

from pocketdeck.core import saves
from pocketdeck.core.game import IllegalAction
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import SaveError, Session, from_json, save_text
from pocketdeck.systems.dofa import gear
from pocketdeck.systems.dofa import keep
from pocketdeck.systems.dofa import sheet as sh
from pocketdeck.ui.app import App
from test_dofa_rules import GAME, check, knock_out, new, play, stack


def legal(s: dict, kind: str) -> list[dict]:
    return [a for a in GAME.legal_actions(s) if a["type"] == kind]


def refused(s: dict, action: dict, message: str) -> None:
    """The action raises naming the rule, and the state is left as it was."""
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(s, action)
    assert json.dumps(s, sort_keys=True) == before


# -- 17: GMG, Items, Armor ------------------------------------------------------------------
def test_gmg_items_armor_unmet_requirement_lower_hand_on_agility_finesse_and_stealth():
    """GMG, Items, Armor: "A character who ignores this requirement may only use their
    movement speed and must make all Agility, Finesse, and Stealth Checks at Lower Hand."
    Spades1 (Strength 0) in Heavy armor (Strength >= 1): Lower Hand on Finesse and Stealth
    checks and Agility saves, none on Brute; none once the armor fits (Fortified)."""
    s = play(new("Spades1"), {"type": "armor", "armor": "Heavy"})
    for stat in ("Finesse", "Stealth", "AGL"):
        t = check(s, "8C", stat, 3)
        parts = GAME.view(t, "player")["draft"]["hand_parts"]
        assert any(n == -1 and "Armor" in why for why, n in parts), (stat, parts)
        assert GAME.view(t, "player")["draft"]["net_hand"] == -1
    t = play(stack(s, "2H", "3H"), {"type": "draw_tc"}, {"type": "kind", "kind": "save"},
             {"type": "stat", "stat": "AGL"}, {"type": "dr", "dr": 3}, {"type": "draw"})
    assert len(t["draw"]["cards"]) == 2 and t["draw"]["hand"] == -1       # drawn at Lower Hand
    assert GAME.view(check(s, "8C", "Brute", 3), "player")["draft"]["net_hand"] == 0
    fits = play(new("Spades1"), {"type": "armor", "armor": "Fortified"})
    assert GAME.view(check(fits, "8C", "Finesse", 3), "player")["draft"]["net_hand"] == 0


# -- 18: PG, Rests -------------------------------------------------------------------------
def test_pg_rests_rest_cards_equal_maximum_health_after_a_respec():
    """PG, Rests: "Players start with a number of Rest Cards equal to their maximum Health."
    Clubs1 (Vitality +1, 6 HP) levels up (7 HP, 7 Rest Cards), re-specialises Vitality
    down to 0 (6 HP): 6 Rest Cards, and a Quick Rest draws 6, not 7."""
    s = play(new("Clubs1"), {"type": "level_up"})
    assert (s["sheet"]["hp_max"], s["rest_cards"]) == (7, 7)
    s = play(s, {"type": "respec"}, {"type": "lower", "stat": "VIT"})
    assert (s["sheet"]["hp_max"], s["rest_cards"]) == (6, 6)
    s = play(s, {"type": "finish"}, {"type": "draw_tc"}, {"type": "quick_rest"})
    drawn = 0
    while legal(s, "rest_draw"):
        s = play(s, {"type": "rest_draw"}, {"type": "accept"})
        s = play(s, GAME.legal_actions(s)[0])            # the points recovered
        drawn += 1
    assert drawn == 6 and s["rest_cards"] == 0


# -- 24: PG, Epic Events -------------------------------------------------------------------
def test_pg_epic_events_knocked_out_in_their_own_turn_the_next_turn_is_the_epic_event():
    """PG, Epic Events: "When a Dealer is Knocked Out in combat, their subsequent turns are
    replaced with Epic Event TCs". Knocked Out after a check in their own turn, the Dealer
    draws no Epic Event check in that turn (refused, naming the rule); the next turn does.
    Knocked Out between turns (before acting), the coming turn is the Epic Event's."""
    s = play(stack(new("Spades1"), "5S"), {"type": "start_combat"})
    s = play(check(s, "8C", "Finesse", 3), {"type": "draw"}, {"type": "accept"})
    s = knock_out(s)
    assert s["ko"] and not legal(s, "tc_rank") and not legal(s, "draw")
    refused(s, {"type": "tc_rank", "rank": "5"}, "Epic Events")
    s = play(s, {"type": "end_turn"}, {"type": "tc_rank", "rank": "5"}, {"type": "tc_suit", "suit": "S"})
    assert legal(s, "draw")
    between = knock_out(play(new("Spades1"), {"type": "start_combat"}, {"type": "end_turn"}))
    assert legal(between, "tc_rank")


# -- 26: GMG, Items, Armor (shields); PG, In Combat Actions ---------------------------------
def test_gmg_items_armor_a_shield_is_readied_in_combat_as_the_minor_action():
    """GMG, Items, Armor: shields "provide AP when readied using an Action"; PG, In Combat
    Actions, Minor: "Object interaction ... equipping or changing weapons". In combat the
    phone offers the shield; readying it spends the turn's Minor Action (a second Minor
    Action, a Discard Power or another shield, is refused naming the rule) and gives its AP;
    the next turn has a Minor Action again. Armor stays outside combat, and its refusal
    cites sections that exist."""
    s = play(new("Spades2"), {"type": "start_combat"})
    assert {"type": "shield", "on": True} in GAME.legal_actions(s)
    s = play(s, {"type": "shield", "on": True})
    assert (s["sheet"]["ap_max"], s["ap"]) == (1, 1)
    assert not legal(s, "shield") and not legal(s, "discard_power")
    refused(s, {"type": "shield", "on": False}, "Minor Action")
    refused(s, {"type": "discard_power", "cards": 2}, "Minor Action")
    with pytest.raises(IllegalAction) as armor:
        GAME.apply(s, {"type": "armor", "armor": "Light"})
    assert "In Combat Actions" in str(armor.value) and "Health and Armor" not in str(armor.value)
    s = play(s, {"type": "end_turn"})
    assert legal(s, "shield") and legal(s, "discard_power")
    s = play(s, {"type": "discard_power", "cards": 2})
    assert not legal(s, "shield")                 # the Discard Power was this turn's Minor Action
    view = GAME.view(play(new("Spades1"), {"type": "start_combat"}), "player")
    assert any(e["action"]["type"] == "shield" and "Minor Action" in e["label"] for e in view["actions"])


# -- 27: GMG, Shield Quality Table -----------------------------------------------------------
def test_gmg_shield_quality_table_standard_hardened_impervious():
    """GMG, Shield Quality Table: Standard 1, Hardened 2, Impervious 3 AP. The sheet readies
    each; a sheet record with a Hardened shield replays; the plain "shield on" of saved
    games and sheets is still the Standard shield."""
    assert gear.shields() == {"Standard": 1, "Hardened": 2, "Impervious": 3}
    s = new("Spades1")
    for quality, ap in (("Hardened", 2), ("Impervious", 3)):
        t = play(s, {"type": "shield", "on": True, "quality": quality})
        assert (t["sheet"]["ap_max"], t["ap"], gear.shield_name(t["sheet"])) == (ap, ap, quality)
    t = play(s, {"type": "shield", "on": True})
    assert (t["sheet"]["ap_max"], gear.shield_name(t["sheet"])) == (1, "Standard")
    assert "shield_quality" not in t["sheet"]       # a Standard shield keeps the old shape
    steps = [{"type": "shield", "on": True, "quality": "Hardened"}]
    t = play(s, *steps)
    record = keep.sheet_record(t, steps)
    assert keep.sheet_problems(record) is None and keep.replay(record)["sheet"]["ap_max"] == 2
    # Clubs1 carries a shield (listed AP 2 = Fortified 1 + Standard 1): now Impervious,
    # 1 + 3 AP held to the GMG's maximum of 3 (review dofa-phone-2026-12-07 #3)
    c = play(new("Clubs1"), {"type": "shield", "on": True, "quality": "Impervious"})
    assert c["sheet"]["ap_max"] == 3


# -- 29: checkpoints checked like records ----------------------------------------------------
def dofa_checkpoint(monkeypatch) -> Session:
    """A DofA game checkpointed after a few taps that never read the sheet (light)."""
    monkeypatch.setattr(saves, "MAX_ACTIONS", 6)
    monkeypatch.setattr(saves, "KEEP_ON_FOLD", 3)
    s = Session.start("dofa", {"character": "Spades1", "name": "", "companion": ""}, seed=4)
    for light in ("partial", "bright", "full", "bright") * 3:
        s.play({"type": "light", "light": light})
        if s.base is not None:
            return s
    raise AssertionError("no checkpoint")
    return s


def level_one_all_sixes(b: dict) -> None:
    sheet = b["sheet"]
    for a in sheet["attrs"]:
        sheet["attrs"][a] = 6
    for k, a in sh.SKILL_OF.items():
        sheet["skills"][k] = 6 + sheet["own"][k]
    sheet["hp_max"] = 99
    b.update(hp=99, rest_cards=99)


@pytest.mark.parametrize("damage, message", [
    (level_one_all_sixes, "modifier is -2 to"),
    (lambda b: b.update(hp=99), "hp 99 is above its maximum"),
    (lambda b: b["sheet"].update(hp_max=99), "hp_max is not what its choices give"),
    (lambda b: b["sheet"].update(xp_left=40), "XP left"),
    (lambda b: b["sheet"]["powers"].append("No such power"), "power the game does not have"),
])
def test_architecture_checkpoints_a_state_the_rules_cannot_reach_is_refused(monkeypatch, damage, message):
    """docs/ARCHITECTURE.md, Checkpoints; PG, Character Creation, Leveling up, Health and
    Armor: a checkpoint is checked like a sheet record (what its steps could make): a level
    1 character with every attribute at 6 and 99 HP is refused with a message naming the
    rule; the app sets that save aside and restores every other saved game."""
    s = dofa_checkpoint(monkeypatch)
    data = json.loads(save_text(s))
    damage(data["base"])
    data.pop("state")
    with pytest.raises(SaveError, match=message):
        from_json(json.dumps(data))
    other = Session.start("deck", {}, seed=3)
    other.play(other.game.legal_actions(other.state)[0])
    app = App(seed_source=2)
    bad = json.dumps(data)
    app.restore({"game:dofa": bad, "game:deck": save_text(other)})
    assert "dofa" not in app.sessions and app.sessions["deck"].state == other.state
    assert app.aside["game:dofa"][0] == bad
    assert len(app.problems) == 1
    assert "dofa game could not be loaded" in app.problems[0] and message.split()[0] in app.problems[0]


def test_architecture_checkpoints_every_state_the_rules_reach_passes():
    """The check refuses nothing the rules reach: every premade's new game, a custom
    character built and levelled by the random player (the simulator checks every step
    of its games too)."""
    for pid in sh.premades():
        GAME.check_state(GAME.new_game({"character": pid}, 1))
    rng = Rng(5)
    s = GAME.new_game({"character": "custom", "name": "", "companion": "Wolf"}, 2)
    for _ in range(200):
        acts = GAME.legal_actions(s)
        if not acts:
            break
        s = GAME.apply(s, GAME.sim_choose(s, acts, rng))
        GAME.check_state(s)
