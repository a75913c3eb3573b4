"""ADS arithmetic by the book's worked examples ("What is R?", "Rounds", "Counts",
"Up/Down Randomization"), truth-table style."""

from fractions import Fraction
from itertools import product

import pytest

from pocketdeck.systems.ads.maths import (DIFFICULTIES, difficulty_chance, last_round, matches,
                                          pattern_chance, r_value, rounds_span, starting_round,
                                          truncated_percent)


@pytest.mark.parametrize("r", [1, 2, 3])
def test_r_damage_is_the_round(r):
    """'Do R Damage on Round R': 1 on Round 1, 2 on Round 2, 3 on Round 3."""
    assert r_value("R", r) == r


@pytest.mark.parametrize("r,cards", [(3, 1), (4, 2)])
def test_r_over_2_intellect_cost(r, cards):
    """'Play R/2 Intellect Cards ... on Round 3 ... 1 ... 2 Intellect Cards on Round 4'."""
    assert r_value("R/2", r) == cards


def test_r_over_2_agility_by_round():
    """'R/2 Agility Cards': 1 on Rounds 1-3, 2 on 4-5, 3 on 6 (rounding down, minimum 1)."""
    assert [r_value("R/2", r) for r in range(1, 7)] == [1, 1, 1, 2, 2, 3]


@pytest.mark.parametrize("r,dmg", [(5, 3), (6, 4)])
def test_r_over_2_plus_1(r, dmg):
    """'R/2+1 Damage': Round 5 -> 3, Round 6 -> 4 (round down first, then add)."""
    assert r_value("R/2+1", r) == dmg


def test_inverse_r():
    """'Inverse R': Round 1 -> 6, Round 4 -> 3."""
    assert [r_value("7-R", r) for r in range(1, 7)] == [6, 5, 4, 3, 2, 1]


def test_reduce_damage_by_r_plus_2():
    """'Reduce Damage by R+2' during Round 3 is 5."""
    assert r_value("R+2", 3) == 5


def test_r_minus_and_times_never_below_one():
    assert r_value("R-1", 1) == 1 and r_value("R-1", 4) == 3
    assert r_value("Rx2", 3) == 6 and r_value("R*2", 6) == 12


def test_cyclical_rounds():
    """'an effect played on the 6th Round that lasts for 4 Rounds finishes on Round 3'."""
    assert rounds_span(6, 4) == [6, 1, 2, 3]
    assert last_round(6, 4) == 3


def test_count_from_round_2_ends_before_round_2():
    """A full Count started on Round 2 ends just before Round 2 of the next Count."""
    assert rounds_span(2, 6) == [2, 3, 4, 5, 6, 1]


def test_match_in_any_order_with_wildcards():
    """Foe patterns: 'match in any order'; the empty circle takes either symbol."""
    assert matches("^v", "v^") and matches("^^*", "^^^") and matches("^^*", "^v^")
    assert not matches("vv^", "vvv") and matches("vv^", "v^v")
    assert pattern_chance("^") == Fraction(1, 2)
    assert pattern_chance("vv") == Fraction(1, 4)
    assert pattern_chance("^v") == Fraction(1, 2)
    assert pattern_chance("^^*") == Fraction(1, 2)


@pytest.mark.parametrize("name,exact,book", [
    ("simple", Fraction(7, 8), 87), ("easy", Fraction(3, 4), 75), ("normal", Fraction(1, 2), 50),
    ("difficult", Fraction(3, 8), 37), ("very-difficult", Fraction(1, 4), 25),
    ("extremely-difficult", Fraction(1, 8), 12)])
def test_difficulty_table(name, exact, book):
    """The rebuilt Match column gives the book's 87/75/50/37/25/12 % (truncated)."""
    assert difficulty_chance(name) == exact == difficulty_chance(name, "v")
    assert truncated_percent(exact) == book == DIFFICULTIES[name]["book"]


def test_starting_round_is_fair():
    """Our Starting Round mapping: each Round 1-6 from exactly one of the 8 orders of three
    draws, and the other two draw again: 1/6 each."""
    got = [starting_round(list(seq)) for seq in product("^v", repeat=3)]
    assert sorted(r for r in got if r) == [1, 2, 3, 4, 5, 6]
    assert got.count(None) == 2


def test_odds_cli_json(capsys):
    import json

    from pocketdeck.__main__ import main
    assert main(["odds", "ads", "--difficulty", "difficult", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["success"] == "3/8" and out["percent"] == 37
    assert main(["odds", "ads", "--difficulty", "normal"]) == 0
    assert "1/2" in capsys.readouterr().out
