"""Checks by the Player's Guide, "Making a Check" to "Saves": circular ranks, the
Effective Difficulty Range, the eight degrees, the ordering Upper/Lower Hand picks by,
and the card a player reports when the GM keeps the DR hidden.

Pure functions on card codes; no state. The exact odds are in odds.py.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.cards import Card, Rank, rank_distance

# the eight degrees, best first; the index is the degree's place in the ordering
DEGREES: tuple[str, ...] = ("Critical", "Major", "Suited", "Color", "Success",
                            "Suited Miss", "Color Miss", "Miss")
FIRST_MISS = 5          # degrees[0:5] succeed ("a plain or better match within the DR")
LOWEST_EDR = -2         # "A check can only be attempted if the EDR is -2 or higher"
SURE_EDR = 6            # "A +6 EDR is an assured success": every rank is within 6


def is_success(degree: int) -> bool:
    return degree < FIRST_MISS


def edr(dr: int, modifier: int) -> int:
    """Effective Difficulty Range: the DR plus the modifier (PG, "Effective Difficulty
    Range and Negative DRs")."""
    return dr + modifier


def can_attempt(effective: int) -> bool:
    """-3 or lower is an assured failure and cannot be attempted."""
    return effective >= LOWEST_EDR


@lru_cache(maxsize=8192)
def degree(card: str, tc: str, effective: int) -> int:
    """The degree (index into DEGREES) of ``card`` drawn against ``tc`` at EDR
    ``effective``. Major needs the same rank; at EDR -1 it must also match the colour,
    at EDR -2 the suit (so only a Critical succeeds)."""
    c, t = Card.parse(card), Card.parse(tc)
    if c.is_joker or t.is_joker:
        raise ValueError("a Joker is a Fate Card, never drawn for a check nor a Target Card")
    suited = c.suit == t.suit
    colour = c.colour == t.colour
    d = rank_distance(c.value, t.value)
    if d == 0:
        if suited:
            return 0                                 # Critical: value and suit
        if effective >= 0 or (effective == -1 and colour):
            return 1                                 # Major (a Color Major at EDR -1)
        return 6 if colour else 7                    # a rank match that the EDR refuses
    if d <= effective:
        return 2 if suited else 3 if colour else 4
    return 5 if suited else 6 if colour else 7


def closeness(card: str, tc: str, effective: int | None) -> tuple[int, int, int]:
    """The full ordering Upper/Lower Hand select by (smaller is better): the degree first
    (when the DR is known), then the distance, then suit match, then colour match. With a
    hidden DR the degree is unknown and the distance leads."""
    c, t = Card.parse(card), Card.parse(tc)
    d = rank_distance(c.value, t.value)
    match = 0 if c.suit == t.suit else 1 if c.colour == t.colour else 2
    deg = degree(card, tc, effective) if effective is not None else 0
    return (deg, d, match)


def pick(cards: list[str], tc: str, effective: int | None, hand: int) -> str:
    """The card that counts: the best under Upper Hand (hand > 0), the worst under Lower
    Hand (hand < 0); a single card is itself."""
    keyed = sorted(cards, key=lambda c: closeness(c, tc, effective))
    return keyed[-1] if hand < 0 else keyed[0]


def rank_at(tc_value: int, offset: int) -> int:
    """The rank ``offset`` steps from ``tc_value`` round the circle (A next to K and 2)."""
    return (tc_value - 1 + offset) % 13 + 1


def tc_range(tc_rank: int, dr: int) -> tuple[int, int]:
    """The PG's Target Card Range Table: the lower and upper bound ranks for a DR."""
    return rank_at(tc_rank, -dr), rank_at(tc_rank, dr)


def reported(card: str, tc: str, modifier: int) -> dict[str, object]:
    """What to tell the GM when the DR is hidden (PG, Contested Checks: Jonas "reports a
    7"): the drawn rank moved toward the TC by the modifier (away from it when the
    modifier is negative), and the distance that leaves. A same-rank draw is reported as
    a Major whatever the modifier."""
    c, t = Card.parse(card), Card.parse(tc)
    d = rank_distance(c.value, t.value)
    if d == 0:
        return {"rank": t.value, "distance": 0, "major": True,
                "text": f"{Rank(t.value).code} (a Major: the TC's own value)"}
    # the direction from the TC to the drawn card round the circle
    up = (c.value - t.value) % 13 == d
    left = d - modifier
    if left <= 0:
        return {"rank": t.value, "distance": 0, "major": False,
                "text": f"{Rank(t.value).code} (the modifier reaches the TC; not a Major)"}
    left = min(left, 6)
    rank = rank_at(t.value, left if up else -left)
    return {"rank": rank, "distance": left, "major": False,
            "text": f"{Rank(rank).code} ({left} from the TC)"}


def contest_dr(attacker_modifier: int) -> int:
    """PG, Contested Checks: 3 minus half the attacker's modifier, minimum 0. The half is
    taken exactly and the result rounded down (+1 gives 2, +3 gives 1), as the PG rounds
    Armor Range."""
    return max(0, (6 - attacker_modifier) // 2)


def armor_range(agility: int) -> int:
    """PG, Health and Armor: without armor, 3 minus half the Agility modifier, rounded down
    (Agility -2 gives 4: the premade Alchemists' AR 3 is their Basic armor, gear.py)."""
    return (6 - agility) // 2
