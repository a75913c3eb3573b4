"""Piles conserve cards; odds by enumeration match hand-computed values."""

from fractions import Fraction

import pytest

from pocketdeck.core import piles
from pocketdeck.core.cards import Card, standard_deck
from pocketdeck.core.game import IllegalAction
from pocketdeck.core.odds import as_percent, chance, chance_one
from pocketdeck.core.rng import Rng


def fresh():
    return {"draw": standard_deck(), "hand": [], "discard": []}


def test_operations_conserve_cards():
    p, rng = fresh(), Rng(3)
    piles.shuffle(p, "draw", rng)
    drawn = piles.draw(p, "draw", "hand", 5)
    assert len(drawn) == 5 and p["hand"] == drawn
    piles.move(p, drawn[0], "hand", "discard")
    piles.move_all(p, "hand", "discard")
    assert piles.counts(p) == {"draw": 47, "hand": 0, "discard": 5}
    moved = piles.reshuffle(p, "discard", "draw", rng)
    assert moved == 5 and piles.total(p) == 52
    assert sorted(piles.all_cards(p)) == sorted(standard_deck())


def test_reshuffle_keeps_unseen_cards_on_top():
    p = {"draw": ["AS", "2S"], "discard": ["3S", "4S", "5S"]}
    piles.reshuffle(p, "discard", "draw", Rng(1))
    assert p["draw"][-2:] == ["AS", "2S"] and sorted(p["draw"][:3]) == ["3S", "4S", "5S"]


def test_failed_operations_raise_and_change_nothing():
    p = fresh()
    before = {k: list(v) for k, v in p.items()}
    with pytest.raises(IllegalAction):
        piles.draw(p, "hand", "discard", 1)
    with pytest.raises(IllegalAction):
        piles.move(p, "AS", "hand", "discard")
    with pytest.raises(IllegalAction):
        piles.draw(p, "nowhere", "hand")
    assert p == before


def test_single_draw_odds():
    deck = standard_deck()
    assert chance_one(deck, lambda c: Card.parse(c).rank.is_face) == Fraction(12, 52)
    assert chance(deck, lambda s: Card.parse(s[0]).suit.value == "H") == Fraction(1, 4)


def test_two_draws_without_replacement_match_hand_count():
    deck = standard_deck()
    both_aces = chance(deck, lambda s: all(c.startswith("A") for c in s), draws=2)
    assert both_aces == Fraction(4, 52) * Fraction(3, 51)


def test_two_draws_with_replacement_are_independent():
    deck = standard_deck()
    both_aces = chance(deck, lambda s: all(c.startswith("A") for c in s), draws=2, replacement=True)
    assert both_aces == Fraction(1, 13) ** 2


def test_odds_follow_the_cards_actually_left():
    left = ["KS", "KH", "2C"]  # the rest of the deck is gone
    assert chance_one(left, lambda c: c.startswith("K")) == Fraction(2, 3)
    # at least one King in two draws from these three: 1 - P(no King) = 1 - 0 = 1
    assert chance(left, lambda s: any(c.startswith("K") for c in s), draws=2) == 1


def test_edge_cases():
    assert chance([], lambda s: True) == 0
    assert chance(["AS"], lambda s: True, draws=2) == 0
    assert chance(["AS"], lambda s: True, draws=0) == 1
    assert as_percent(Fraction(1, 3)) == "33%" and as_percent(Fraction(1, 1000)) == "<1%"
    assert as_percent(Fraction(999, 1000)) == ">99%" and as_percent(Fraction(1)) == "100%"
