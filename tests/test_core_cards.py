"""Cards: codes, colours, values, the standard decks and DofA's circular rank distance."""

import pytest

from pocketdeck.core.cards import Card, Rank, Suit, is_card_code, rank_distance, standard_deck


def test_standard_decks_have_52_and_54_distinct_cards():
    assert len(standard_deck()) == len(set(standard_deck())) == 52
    d54 = standard_deck(jokers=True)
    assert len(d54) == len(set(d54)) == 54 and {"RJ", "BJ"} <= set(d54)


@pytest.mark.parametrize("code,value,colour,name", [
    ("AS", 1, "black", "Ace of Spades"), ("10H", 10, "red", "10 of Hearts"),
    ("JD", 11, "red", "Jack of Diamonds"), ("QC", 12, "black", "Queen of Clubs"),
    ("KH", 13, "red", "King of Hearts"), ("RJ", 0, "red", "Red Joker"), ("BJ", 0, "black", "Black Joker"),
])
def test_card_truth_table(code, value, colour, name):
    card = Card.parse(code)
    assert (card.value, card.colour, card.name, card.code) == (value, colour, name, code)


@pytest.mark.parametrize("bad", ["", "1S", "11H", "AX", "S", "10", None, 5, "as"])
def test_bad_codes_are_refused_by_name(bad):
    assert not is_card_code(bad)
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_every_card_round_trips():
    for code in standard_deck(jokers=True):
        assert Card.parse(code).code == code


# Deck of Adventures, Player's Guide: the Difficulty Range counts ranks around the circle
@pytest.mark.parametrize("a,b,d", [
    (Rank.KING, Rank.ACE, 1), (Rank.ACE, Rank.QUEEN, 2), (Rank.QUEEN, Rank.TWO, 3),
    (Rank.SEVEN, Rank.SEVEN, 0), (Rank.ACE, Rank.SEVEN, 6), (Rank.ACE, Rank.EIGHT, 6),
    (Rank.TWO, Rank.NINE, 6), (Rank.FIVE, Rank.NINE, 4),
])
def test_circular_rank_distance(a, b, d):
    assert rank_distance(a, b) == rank_distance(b, a) == d


def test_suit_colours():
    assert [s.colour for s in Suit] == ["black", "red", "red", "black"]
