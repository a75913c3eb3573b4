"""Exact odds by enumeration over the cards actually left in a pile.

A player looking at a hit chance wants the truth about *this* deck, not the average one:
three Kings already gone changes the odds. Probabilities are ``Fraction``s so tests can
compare them with hand-computed values exactly.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product
from typing import Callable, Sequence

Predicate = Callable[[tuple[str, ...]], bool]


def chance(cards: Sequence[str], success: Predicate, draws: int = 1, *,
           replacement: bool = False) -> Fraction:
    """Probability that ``success(drawn)`` holds for ``draws`` cards drawn in order.

    Without replacement (the real deck) every ordered sequence of distinct positions is
    equally likely; with replacement each draw is independent and uniform. ``drawn`` is
    the tuple of card codes in draw order.
    """
    n = len(cards)
    if draws < 0:
        raise ValueError("draws must be 0 or more")
    if draws == 0:
        return Fraction(int(success(())))
    if n == 0 or (not replacement and draws > n):
        return Fraction(0)
    seqs = product(cards, repeat=draws) if replacement else permutations(cards, draws)
    hits = total = 0
    for seq in seqs:
        total += 1
        if success(seq):
            hits += 1
    return Fraction(hits, total)


def chance_one(cards: Sequence[str], success: Callable[[str], bool]) -> Fraction:
    """Probability that the next single card drawn satisfies ``success``."""
    if not cards:
        return Fraction(0)
    return Fraction(sum(1 for c in cards if success(c)), len(cards))


def as_percent(p: Fraction) -> str:
    """'37%' style text; never shows 0% or 100% for an outcome that can go either way."""
    pct = p * 100
    if 0 < pct < 1:
        return "<1%"
    if 99 < pct < 100:
        return ">99%"
    return f"{round(pct)}%"
