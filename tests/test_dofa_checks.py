"""Deck of Adventures checks and odds, pinned to the books (PG = Full Player's Guide,
GMG = GM's Guide): the Target Card Range Table, the degrees, EDR, the worked examples,
the GMG difficulty chart and exact fresh-deck values, and the `odds dofa` command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from fractions import Fraction

import pytest

from pocketdeck.core.cards import Rank, standard_deck
from pocketdeck.systems.dofa import checks as ck
from pocketdeck.systems.dofa import odds as od

# PG, "Making a Check": the Target Card Range Table, DR -6 .. +6 per TC (copied cell by cell)
RANGE_TABLE = """
A  8  9  10 J  Q  K  A  2  3  4  5  6  7
2  9  10 J  Q  K  A  2  3  4  5  6  7  8
3  10 J  Q  K  A  2  3  4  5  6  7  8  9
4  J  Q  K  A  2  3  4  5  6  7  8  9  10
5  Q  K  A  2  3  4  5  6  7  8  9  10 J
6  K  A  2  3  4  5  6  7  8  9  10 J  Q
7  A  2  3  4  5  6  7  8  9  10 J  Q  K
8  2  3  4  5  6  7  8  9  10 J  Q  K  A
9  3  4  5  6  7  8  9  10 J  Q  K  A  2
10 4  5  6  7  8  9  10 J  Q  K  A  2  3
J  5  6  7  8  9  10 J  Q  K  A  2  3  4
Q  6  7  8  9  10 J  Q  K  A  2  3  4  5
K  7  8  9  10 J  Q  K  A  2  3  4  5  6
"""
ENGINE = str(Path(__file__).resolve().parents[1] / "engine")
CODE = {r.code: int(r) for r in Rank}


def test_target_card_range_table_all_169_cells():
    """PG, Target Card Range Table: ranks are circular (A next to K and 2)."""
    rows = [line.split() for line in RANGE_TABLE.strip().splitlines()]
    assert len(rows) == 13
    cells = 0
    for row in rows:
        tc = CODE[row[0]]
        for col, want in zip(range(-6, 7), row[1:]):
            assert ck.rank_at(tc, col) == CODE[want], (row[0], col)
            cells += 1
    assert cells == 169


def test_xena_jump_worked_example():
    """PG, Degrees of Success: TC 8 of Clubs, DR 2, Athletics +1 (EDR 3)."""
    tc, e = "8C", ck.edr(2, 1)
    assert e == 3
    deg = {c: ck.DEGREES[ck.degree(c, tc, e)] for c in standard_deck()}
    assert deg["8C"] == "Critical"
    assert {deg[c] for c in ("8S", "8H", "8D")} == {"Major"}
    successes = [c for c, d in deg.items() if ck.is_success(ck.DEGREES.index(d))]
    assert len(successes) == 28          # 5, 6, 7, 9, 10, J and the four 8s
    assert {c[:-1] for c in successes} == {"5", "6", "7", "8", "9", "10", "J"}
    assert deg["5C"] == deg["JC"] == "Suited"
    assert deg["6S"] == "Color"
    assert deg["9H"] == "Success"
    assert deg["4C"] == deg["QC"] == "Suited Miss"
    assert deg["4S"] == deg["AS"] == "Color Miss"
    assert deg["4D"] == deg["KH"] == "Miss"


def test_contested_check_worked_example():
    """PG, Contested Checks: Bluffing +2 gives DR 2; TC 3 of Diamonds covers A to 5 (the
    PG's "A and 6" is a slip: 6 is 3 away); Jonas draws the 8 of Spades with +1, reports a
    7, and misses."""
    dr = ck.contest_dr(2)
    assert dr == 2
    assert ck.tc_range(3, dr) == (1, 5)
    assert ck.reported("8S", "3D", 1)["rank"] == 7
    assert not ck.is_success(ck.degree("8S", "3D", ck.edr(dr, 1)))
    assert ck.is_success(ck.degree("5S", "3D", dr)) and not ck.is_success(ck.degree("6S", "3D", dr))


@pytest.mark.parametrize("mod,dr", [(-2, 4), (-1, 3), (0, 3), (1, 2), (2, 2), (3, 1), (4, 1),
                                    (5, 0), (6, 0), (8, 0)])
def test_contest_dr_rounds_down_minimum_zero(mod, dr):
    assert ck.contest_dr(mod) == dr


def test_effective_difficulty_range_negative_and_sure():
    """PG, Effective DR: -1 needs a Color Major, -2 a Suited Major (the King of Diamonds
    for a TC King of Diamonds), +6 always succeeds, -3 cannot be attempted."""
    tc = "KD"
    ok = lambda c, e: ck.is_success(ck.degree(c, tc, e))  # noqa: E731
    assert [c for c in standard_deck() if ok(c, -1)] == ["KH", "KD"]
    assert [c for c in standard_deck() if ok(c, -2)] == ["KD"]
    assert all(ok(c, 6) for c in standard_deck())
    assert ck.can_attempt(-2) and not ck.can_attempt(-3)
    assert ck.DEGREES[ck.degree("KS", tc, -1)] == "Miss"
    assert ck.DEGREES[ck.degree("KH", tc, -2)] == "Color Miss"


def test_upper_lower_hand_ordering():
    """The full ordering: degree first, then distance, then suit, then colour."""
    tc = "8C"
    cards = ["4D", "9H", "6C", "QS"]
    assert ck.pick(cards, tc, 3, 1) == "6C"       # Suited beats a plain Success closer by
    assert ck.pick(cards, tc, 3, -1) == "4D"      # Miss is the worst degree
    assert ck.pick(["4D", "QS"], tc, None, 1) == "QS"   # hidden DR: same distance, colour wins
    assert ck.pick(["9H", "6C"], tc, None, -1) == "6C"  # hidden DR: the farther one


def test_reported_card_with_hidden_dr():
    assert ck.reported("8S", "3D", 1)["text"].startswith("7")
    assert ck.reported("KS", "2D", 1)["rank"] == 1          # round the circle: K -> A
    assert ck.reported("4S", "3D", 2)["distance"] == 0
    assert ck.reported("3S", "3D", -1)["major"]
    assert ck.reported("5S", "3D", -1)["rank"] == 6         # a negative modifier moves away


def test_armor_range_rule_and_premade_fit():
    """PG, Health and Armor: without armor, 3 - Agility/2 rounded down (+2 gives 2, the PG's
    example); no cap: the Agility -2 Alchemists' listed AR 3 is their Basic armor (gear)."""
    assert [ck.armor_range(a) for a in (-2, -1, 0, 1, 2, 3, 4, 6)] == [4, 3, 3, 2, 2, 1, 1, 0]


GMG_CHART = {
    ("any", 0, False): [8, 23, 38, 54, 69, 85, 100],
    ("color", 0, False): [4, 12, 19, 27, 35, 42, 50],
    ("suit", 0, False): [2, 6, 10, 13, 17, 21, 25],
    ("any", 1, True): [1, 5, 15, 29, 48, 72, 100],
    ("any", 1, False): [15, 41, 62, 79, 91, 98, 100],
}


@pytest.mark.parametrize("row", list(GMG_CHART))
def test_gmg_difficulty_chart_to_the_percent(row):
    """GMG, Difficulty Chart: every row, DR 0-6, each card from a full 52."""
    match, extra, lower = row
    got = [round(float(od.chart_chance(dr, extra=extra, lower=lower, match=match)) * 100)
           for dr in range(7)]
    assert got == GMG_CHART[row]


def test_gmg_difference_row():
    diff = [round(float(od.chart_chance(dr, extra=1) - od.chart_chance(dr)) * 100) for dr in range(6)]
    assert diff == [7, 18, 24, 25, 21, 13]


def test_exact_fresh_deck_values():
    """Without replacement from a fresh 52-card Action Deck (the TC from another deck)."""
    assert od.chart_chance(0, extra=1, draws="deck") == Fraction(33, 221)
    assert od.chart_chance(3, draws="deck") == Fraction(28, 52)
    assert od.chart_chance(3, extra=1, lower=True, draws="deck") == Fraction(63, 221)
    assert od.chart_chance(0, extra=2, draws="deck") == 1 - Fraction(48 * 47 * 46, 52 * 51 * 50)
    assert od.chart_chance(6, extra=3, lower=True, draws="deck") == 1


def test_degree_distribution_and_redraw_exact():
    """The in-game odds: per degree from the deck held, and a Fate redraw on a miss."""
    deck = standard_deck()
    counts = od.degree_counts(deck, "8C", 3)
    assert counts == [1, 3, 6, 6, 12, 6, 6, 12]
    dist = od.draw_dist(counts, 1)
    assert dist[0] == Fraction(1, 52) and od.success(dist) == Fraction(28, 52)
    p = Fraction(28, 52)
    assert od.success(od.with_redraw(counts, 1)) == p + (1 - p) * Fraction(28, 51)
    # Upper Hand 1: the miss is both cards missing, then two more from the 50 left
    q = Fraction(24 * 23, 52 * 51)
    assert od.success(od.with_redraw(counts, 2)) == 1 - q * Fraction(22 * 21, 50 * 49)
    assert od.with_redraw([1, 0, 0, 0, 0, 0, 0, 2], 2) is None     # no room for two draws


def test_check_dist_through_a_reshuffle():
    """Two cards left and Upper Hand 2: both are drawn, the third comes from the discards."""
    deck = [0, 0, 0, 0, 0, 0, 1, 1]
    discard = [0, 0, 0, 0, 3, 0, 0, 1]
    dist = od.check_dist(deck, discard, 3, False)
    assert dist[4] == Fraction(3, 4) and dist[6] == Fraction(1, 4)


def test_odds_command_line_json():
    out = subprocess.run([sys.executable, "-m", "pocketdeck", "odds", "dofa", "--dr", "0",
                          "--upper", "1", "--draws", "deck", "--json"],
                         capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": ENGINE, "PATH": "/usr/bin:/bin"})
    data = json.loads(out.stdout)
    assert data["success"] == "33/221"
    out = subprocess.run([sys.executable, "-m", "pocketdeck", "odds", "dofa", "--dr", "3"],
                         capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": ENGINE, "PATH": "/usr/bin:/bin"})
    assert "7/13" in out.stdout


@pytest.mark.parametrize("dr", range(7))
def test_fresh_deck_rows_by_counting(dr):
    """Without replacement, by counting: 4(2 DR + 1) of the 52 cards are within the DR."""
    from math import comb
    hit = min(52, 4 * (2 * dr + 1))
    assert od.chart_chance(dr, draws="deck") == Fraction(hit, 52)
    assert od.chart_chance(dr, extra=1, draws="deck") == 1 - Fraction(comb(52 - hit, 2), comb(52, 2))
    assert od.chart_chance(dr, extra=1, lower=True, draws="deck") == Fraction(comb(hit, 2), comb(52, 2))
    assert od.chart_chance(dr, extra=2, draws="deck") == 1 - Fraction(comb(52 - hit, 3), comb(52, 3))
