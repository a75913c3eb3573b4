"""The GM's table (``dofa-gm``), review dofa-gm-2026-12-07 (R1-R9). Each test is named
after its book section (GMG: the GM's Guide, PG: the Player's Guide); docs/rules/dofa.md,
part 2, has a row for each."""

from __future__ import annotations

import json

import pytest

from pocketdeck.core.game import IllegalAction
from pocketdeck.systems.dofa_gm import fight as ft
from pocketdeck.systems.dofa_gm import policy
from pocketdeck.systems.dofa_gm.fight import actor
from test_dofa_gm import GAME, _turn_of, new, play, report


def _refused(s: dict, a: dict, *words: str) -> None:
    """``a`` is refused naming the rule, and the state is left as it was."""
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, a)
    assert all(w in str(err.value) for w in words), str(err.value)
    assert json.dumps(s, sort_keys=True) == before


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
