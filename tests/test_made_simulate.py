"""Issue 49: "`simulate` plays made content of every kind (seeded made items from the specs'
own random fill), every seat's view and the screen drawn, 0 errors". These run a few games
of each kind in the suite; the 500 a kind are a command (docs/rules/ads.md, "Made content").

The random fill found two crashes a made Foe could cause that the Foe Card check let through
(a trait with fewer values than its words read; an Attack with no weapon named): both are
refused by the check now, each test below names the Foe Traits / Foe Card rule."""

from __future__ import annotations

import copy

import pytest

from pocketdeck.core.rng import Rng
from pocketdeck.core.simulate import MADE, simulate
from pocketdeck.form import sample
from pocketdeck.schema import check_value
from pocketdeck.systems.ads import data
from pocketdeck.systems.ads.foecard import FOE, foe_problems
from pocketdeck.ui.check import render_check


@pytest.mark.parametrize("kind", sorted(MADE))
def test_simulate_plays_made_content_of_every_kind_with_every_view_and_the_screen_drawn(kind):
    summary = simulate(f"made:{kind}", 6, seed=11, observers=[render_check])
    assert summary["errors"] == 0, summary["failures"]
    assert sum(summary["outcomes"].values()) == 6


def test_the_spec_s_own_random_fill_is_seeded_and_stays_within_the_spec():
    base = data.foes()["goblin_skirmisher"]
    one = [sample(FOE, copy.deepcopy(base), Rng(s), 0.3, frozenset({"id"})) for s in range(40)]
    two = [sample(FOE, copy.deepcopy(base), Rng(s), 0.3, frozenset({"id"})) for s in range(40)]
    assert one == two and len({repr(x) for x in one}) > 30
    assert all(check_value("foe", x, FOE) == [] for x in one)
    assert any(x["name"] != base["name"] and set(x["name"]) & set("<>&\"'") for x in one)


def test_foe_traits_a_trait_takes_the_values_its_words_read():
    card = dict(copy.deepcopy(data.foes()["goblin_skirmisher"]), traits=[["outnumber", 2]])
    assert ("traits.0", "outnumber takes X to Y (Foe Traits), not 1") in foe_problems(card)
    card["traits"] = [["self_preservation"]]
    assert any(p == "traits.0" and "X HP" in m for p, m in foe_problems(card))
    card["traits"] = [["outnumber", 2, 1], ["self_preservation", 1], ["darksight", 0]]
    assert foe_problems(card) == []


def test_the_foe_card_an_attack_names_its_weapon_and_a_failure_action_names_none():
    card = copy.deepcopy(data.foes()["goblin_skirmisher"])
    row = next(r for r in card["actions"] if any(o["kind"] == "attack" for o in r["outcomes"]))
    j = next(j for j, o in enumerate(row["outcomes"]) if o["kind"] == "attack")
    del row["outcomes"][j]["name"]
    i = card["actions"].index(row)
    assert any(p == f"actions.{i}.outcomes.{j}.name" for p, _ in foe_problems(card))
    card = copy.deepcopy(data.foes()["goblin_skirmisher"])
    card["actions"][0].update(failure="action", failure_action={"kind": "attack"})
    assert any(p == "actions.0.failure_action.kind" and "Move, Sneak or Heal" in m for p, m in foe_problems(card))


def test_foe_traits_a_trait_once_and_its_values_at_least_1_and_one_reaction_a_round():
    card = dict(copy.deepcopy(data.foes()["goblin_skirmisher"]),
                traits=[["self_preservation", 0], ["darksight", 0], ["darksight", 0]])
    found = dict(foe_problems(card))
    assert "at least 1" in found["traits.0"] and "listed above already" in found["traits.2"]
    card = copy.deepcopy(data.foes()["goblin_skirmisher"])
    card["reactions"].append(copy.deepcopy(card["reactions"][0]))
    assert any(p == f"reactions.{len(card['reactions']) - 1}.rounds" for p, _ in foe_problems(card))


def test_playing_foes_a_move_names_the_distance_it_moves_to():
    card = copy.deepcopy(data.foes()["goblin_skirmisher"])
    card["actions"][0]["outcomes"] = [{"match": "*" * card["actions"][0]["draw"], "kind": "move", "distances": []}]
    assert any(p == "actions.0.outcomes.0.distances" and "moves to" in m for p, m in foe_problems(card))
