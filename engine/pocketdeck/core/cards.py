"""Playing cards: suits, colours, ranks, Jokers, and the standard decks.

A card travels through game states as a short code string ("AS", "10H", "QD", "RJ" for
the red Joker, "BJ" for the black one): JSON-safe, readable in a save file, cheap to
copy. Systems whose cards are not playing cards (ADS combat cards, Deckbuilder actions)
use their own string ids in the same piles; only playing cards parse as ``Card``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum


class Suit(str, Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def colour(self) -> str:
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    @property
    def symbol(self) -> str:
        return {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[self.value]

    @property
    def label(self) -> str:
        return self.name.capitalize()


class Rank(IntEnum):
    """Ranks with the value most books give them: Ace 1, Jack 11, Queen 12, King 13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def code(self) -> str:
        return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(self.value, str(self.value))

    @property
    def is_face(self) -> bool:
        return self.value >= 11


_RANK_BY_CODE = {r.code: r for r in Rank}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
JOKERS: tuple[str, ...] = ("RJ", "BJ")


@dataclass(frozen=True)
class Card:
    """A playing card. ``rank``/``suit`` are None for a Joker, which has a colour."""

    rank: Rank | None
    suit: Suit | None
    joker_colour: str | None = None

    @classmethod
    def parse(cls, code: str) -> "Card":
        """Parse a card code; raises ValueError naming the bad code."""
        if not isinstance(code, str):
            raise ValueError(f"a card code must be text, got {code!r}")
        # cards are frozen values, so the 54 real ones are parsed once (every render and
        # every rule parses the same codes thousands of times a game)
        hit = _PARSED.get(code)
        if hit is not None:
            return hit
        if code == "RJ":
            return cls(None, None, "red")
        if code == "BJ":
            return cls(None, None, "black")
        rank, suit = code[:-1], code[-1:]
        if rank in _RANK_BY_CODE and suit in "SHDC" and suit:
            return cls(_RANK_BY_CODE[rank], Suit(suit))
        raise ValueError(f"{code!r} is not a playing card (expected e.g. 'AS', '10H', 'RJ')")

    @property
    def code(self) -> str:
        if self.is_joker:
            return "RJ" if self.joker_colour == "red" else "BJ"
        assert self.rank is not None and self.suit is not None
        return self.rank.code + self.suit.value

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def colour(self) -> str:
        if self.is_joker:
            return self.joker_colour or "black"
        assert self.suit is not None
        return self.suit.colour

    @property
    def value(self) -> int:
        """Ace 1 ... King 13; a Joker is 0 (systems give Jokers their own meaning)."""
        return 0 if self.rank is None else int(self.rank)

    @property
    def name(self) -> str:
        if self.is_joker:
            return f"{self.colour.capitalize()} Joker"
        assert self.rank is not None and self.suit is not None
        rank_names = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
        return f"{rank_names.get(int(self.rank), str(int(self.rank)))} of {self.suit.label}"

    def __str__(self) -> str:
        return self.code


_PARSED: dict[str, Card] = {}


def is_card_code(code: object) -> bool:
    try:
        Card.parse(code)  # type: ignore[arg-type]
    except ValueError:
        return False
    return True


def standard_deck(jokers: bool = False) -> list[str]:
    """The 52 cards in new-deck order (Spades, Hearts, Diamonds, Clubs; Ace to King),
    plus the two Jokers for the 54-card deck."""
    return list(_DECK54 if jokers else _DECK52)


_DECK52: tuple[str, ...] = tuple(r.code + s.value for s in SUITS for r in Rank)
_DECK54: tuple[str, ...] = _DECK52 + JOKERS
_PARSED.update({c: Card.parse(c) for c in _DECK54})


def rank_distance(a: Rank | int, b: Rank | int) -> int:
    """Circular distance between two ranks, used by Deck of Adventures' Difficulty
    Range: ranks wrap (... Q, K, A, 2 ...), so K to A is 1 and A to Q is 2."""
    d = abs(int(a) - int(b)) % 13
    return min(d, 13 - d)
