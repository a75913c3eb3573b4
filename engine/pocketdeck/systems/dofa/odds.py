"""Exact odds of every degree from the cards actually left in a player's Action Deck.

A check draws 1 + N cards (Upper or Lower Hand N) and keeps the best or the worst by the
ordering of checks.closeness, whose first key is the degree. So only how many cards of
each degree the deck holds matters: the degree of the best of k cards drawn without
replacement is hypergeometric (P(best >= d) = C(cards of degree >= d, k) / C(n, k)).
The Fate redraw (one per check, taken on a miss) is exact too: the first draw's
composition by degree is enumerated (at most a few hundred compositions), each with the
distribution of the redraw from what it leaves.

Also the GM's Guide difficulty chart (one card, each from a full 52, the TC from
another deck) and the `odds` command line.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Sequence

from ...core.cards import standard_deck
from .checks import DEGREES, FIRST_MISS, degree

N = len(DEGREES)
Dist = list[Fraction]


def degree_counts(cards: Sequence[str], tc: str, effective: int) -> list[int]:
    counts = [0] * N
    for c in cards:
        counts[degree(c, tc, effective)] += 1
    return counts


def _at_least(counts: Sequence[int], k: int, worst: bool, replacement: bool) -> list[Fraction]:
    """P(the kept card's degree >= d) for each d (best kept; worst kept when ``worst``)."""
    n = sum(counts)
    out = []
    for d in range(N):
        if worst:
            below = sum(counts[:d])            # kept >= d unless all k are below d
            p_all_below = (Fraction(below, n) ** k if replacement
                           else Fraction(comb(below, k), comb(n, k)))
            out.append(1 - p_all_below)
        else:
            tail = sum(counts[d:])             # kept >= d when all k are >= d
            out.append(Fraction(tail, n) ** k if replacement
                       else Fraction(comb(tail, k), comb(n, k)))
    return out


def draw_dist(counts: Sequence[int], k: int, worst: bool = False, *,
              replacement: bool = False) -> Dist:
    """Distribution of the kept card's degree when ``k`` cards are drawn."""
    n = sum(counts)
    if k < 1 or n == 0 or (not replacement and k > n):
        raise ValueError(f"cannot draw {k} card(s) from {n}")
    ge = _at_least(counts, k, worst, replacement) + [Fraction(0)]
    return [ge[d] - ge[d + 1] for d in range(N)]


def _compositions(counts: Sequence[int], k: int, i: int = 0):
    """Every way to draw ``k`` cards by degree: (taken per degree, number of card sets)."""
    if i == N - 1:
        if k <= counts[i]:
            yield [k], comb(counts[i], k)
        return
    for a in range(min(k, counts[i]) + 1):
        w = comb(counts[i], a)
        for rest, wr in _compositions(counts, k - a, i + 1):
            yield [a] + rest, w * wr


def with_redraw(counts: Sequence[int], k: int, worst: bool = False) -> Dist | None:
    """Distribution when a miss is redrawn once with a Fate Card (the whole draw again,
    same Upper/Lower Hand; the redraw stands). None when the two draws do not both fit
    in the deck (a reshuffle would come between; not computed). Whole numbers over the
    common denominator C(n, k) C(n - k, k) until the end: Fractions are slow in a loop."""
    n = sum(counts)
    if 2 * k > n:
        return None
    second = comb(n - k, k)
    num = [0] * N
    for taken, ways in _compositions(counts, k):
        present = [d for d in range(N) if taken[d]]
        kept = max(present) if worst else min(present)
        if kept < FIRST_MISS:
            num[kept] += ways * second
            continue
        left = [c - t for c, t in zip(counts, taken)]
        for d, m in enumerate(_kept_counts(left, k, worst)):
            num[d] += ways * m
    total = comb(n, k) * second
    return [Fraction(x, total) for x in num]


def _kept_counts(counts: Sequence[int], k: int, worst: bool) -> list[int]:
    """How many k-card sets keep a card of each degree."""
    out = []
    for d in range(N):
        if worst:
            out.append(comb(sum(counts[:d + 1]), k) - comb(sum(counts[:d]), k))
        else:
            out.append(comb(sum(counts[d:]), k) - comb(sum(counts[d + 1:]), k))
    return out


def check_dist(deck: Sequence[int], discard: Sequence[int], k: int, worst: bool) -> Dist:
    """The first draw from the deck as it stands; when it holds fewer than ``k`` cards,
    all of them are drawn, the discard pile is reshuffled and the rest come from it."""
    n = sum(deck)
    if k <= n:
        return draw_dist(deck, k, worst)
    extra = draw_dist(discard, k - n, worst) if k - n > 0 else None
    forced = [d for d in range(N) if deck[d]]
    out = [Fraction(0)] * N
    assert extra is not None
    for d, p in enumerate(extra):
        if not forced:
            out[d] += p
        else:
            pick = max(forced + [d]) if worst else min(forced + [d])
            out[pick] += p
    return out


def intensify_dist(deck: Sequence[int], discard: Sequence[int]) -> Dist:
    """PG, Discard Powers, Intensify, drawn to the end (the player never stops early): cards
    are discarded until a Major Success, through a reshuffle of the discard pile when the
    deck runs out (checkflow.deal). The Major kept is the first of the deck's Majors (each
    alike), else the first of the discard pile's; with no Major anywhere every card is
    drawn and the last one counts: the last of the reshuffled discard pile, or of the deck
    when the discard pile is empty. (A plain success kept this way counts as a miss:
    ``success`` reads the degrees 0 and 1 only for Intensify, see intensify_success.)"""
    for pile in (deck, discard):
        majors = sum(pile[:2])
        if majors:
            return [Fraction(pile[0], majors), Fraction(pile[1], majors)] + [Fraction(0)] * (N - 2)
    last = discard if sum(discard) else deck
    n = sum(last)
    if not n:
        raise ValueError("no card to draw")
    return [Fraction(c, n) for c in last]


def intensify_success(dist: Dist) -> Fraction:
    """Intensify: "Standard successes are counted as misses": only a Major or Critical."""
    return dist[0] + dist[1]


def success(dist: Dist) -> Fraction:
    return sum(dist[:FIRST_MISS], Fraction(0))


# -- the GM's Guide chart and the command line ------------------------------------------
@lru_cache(maxsize=None)
def chart_chance(dr: int, *, extra: int = 0, lower: bool = False, match: str = "any",
                 draws: str = "independent") -> Fraction:
    """Chance of a success at DR ``dr`` (no modifier) against a TC from another deck.

    ``match`` "color" or "suit" asks for a Color or Suited success (the chart's rows);
    ``extra`` cards for Upper Hand, or Lower Hand with ``lower``. ``independent``: every
    card from a full 52 (the GMG chart's model); ``deck``: a fresh 52-card deck without
    replacement. The TC's own value does not matter (every rank is alike round the circle).
    """
    tc = "AS"
    ok = 0
    cards = standard_deck()
    for c in cards:
        deg = degree(c, tc, dr)
        if deg >= FIRST_MISS:
            continue
        if match == "color" and c[-1] not in "SC":
            continue
        if match == "suit" and c[-1] != "S":
            continue
        ok += 1
    counts = [ok, len(cards) - ok] + [0] * (N - 2)     # success / not, for the kept card
    dist = draw_dist(counts, 1 + extra, lower, replacement=(draws == "independent"))
    return dist[0]


CHART_ROWS = {(0, "any"): "Normal Draw", (0, "color"): "Color Draw", (0, "suit"): "Suit Draw",
              (-1, "any"): "Lower Hand 2", (1, "any"): "Upper Hand 2"}


def chart_row(dr: int, hand: int = 0, match: str = "any") -> str | None:
    """The row of the GMG Difficulty Chart that prints ``chart_chance`` for this draw, or
    None where the chart prints none: its rows are one card (Normal, Color, Suit Draw) and
    two cards (Upper/Lower Hand 2) without a requirement; its columns DR 0 to 6 (a DR above
    6 reads the 6 column: every rank is within 6 either way)."""
    return CHART_ROWS.get((hand, match)) if dr >= 0 else None


def odds_cli(argv: list[str]) -> int:
    """``python -m pocketdeck odds dofa --dr N [--upper K | --lower K]
    [--draws independent|deck] [--json]``"""
    parser = argparse.ArgumentParser(prog="python -m pocketdeck odds dofa")
    parser.add_argument("--dr", type=int, required=True)
    hand = parser.add_mutually_exclusive_group()
    hand.add_argument("--upper", type=int, default=0)
    hand.add_argument("--lower", type=int, default=0)
    parser.add_argument("--draws", choices=("independent", "deck"), default="independent")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 0 <= args.dr <= 6:
        parser.error("--dr must be 0 to 6 (an EDR of -1/-2 needs a Color/Suited Major)")
    if args.upper < 0 or args.lower < 0 or args.upper + args.lower > 10:
        parser.error("--upper/--lower take 0 to 10 extra cards")
    p = chart_chance(args.dr, extra=args.upper or args.lower, lower=bool(args.lower),
                     draws=args.draws)
    if args.json:
        print(json.dumps({"dr": args.dr, "upper": args.upper, "lower": args.lower,
                          "draws": args.draws, "success": f"{p.numerator}/{p.denominator}",
                          "percent": round(float(p) * 100, 2)}))
    else:
        print(f"DR {args.dr}, {args.draws}: success {p.numerator}/{p.denominator} "
              f"= {float(p) * 100:.2f}%")
    return 0
