"""R arithmetic, cyclical Rounds and Counts, Up/Down patterns and the difficulty table.

Everything here is pure and exact (``Fraction`` for chances) so the book's worked examples
are one-line tests (tests/test_ads_maths.py).
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

UP, DOWN = "^", "v"
SYMBOLS = (UP, DOWN)
ANY = "*"

_FORMULA = re.compile(r"^(?:(?P<int>\d+)|(?P<inv>7-R)|R(?:(?P<half>/2)|[x*](?P<mul>\d+))?(?P<add>[+-]\d+)?)$")


def check_formula(text: str) -> str | None:
    """None when ``text`` is an R formula this module reads, else the reason."""
    if not isinstance(text, str) or not _FORMULA.match(text.replace(" ", "")):
        return f"{text!r} is not an R formula (R, R+n, R-n, Rxn, R/2, R/2+n, 7-R or a number)"
    return None


def r_value(formula: str | int, r: int) -> int:
    """The value of an R formula on Round ``r`` ("What is R?").

    R/2 rounds DOWN with a minimum of 1 before anything is added (R/2+1 on Round 5 is 3,
    on Round 6 is 4). The book's one line "round up for Attribute Cards" is an erratum: its
    own worked examples (R3 -> 1 Intellect card, Recall R5 -> 2, R6 -> 3) round down.
    R-n and the whole result never go below 1; 7-R is Inverse R.
    """
    if not 1 <= r <= 6:
        raise ValueError(f"Round {r} is not on the Rondel (1-6)")
    if isinstance(formula, int):
        return formula
    m = _FORMULA.match(formula.replace(" ", ""))
    if not m:
        raise ValueError(check_formula(formula) or formula)
    if m["int"] is not None:
        return int(m["int"])
    if m["inv"]:
        return 7 - r
    value = r
    if m["half"]:
        value = max(1, r // 2)
    elif m["mul"]:
        value = r * int(m["mul"])
    if m["add"]:
        value += int(m["add"])
    return max(1, value)


def next_round(r: int) -> int:
    """Rounds are cyclical: after Round 6 comes Round 1."""
    return r % 6 + 1


def rounds_span(start: int, n: int) -> list[int]:
    """The Rounds an effect of ``n`` Rounds played on Round ``start`` covers
    (4 Rounds from Round 6: 6, 1, 2, 3)."""
    out, r = [], start
    for _ in range(n):
        out.append(r)
        r = next_round(r)
    return out


def last_round(start: int, n: int) -> int:
    """The Round at whose end an ``n``-Round effect started on ``start`` ends."""
    return rounds_span(start, n)[-1]


# -- Up/Down ---------------------------------------------------------------------

def matches(pattern: str, drawn: list[str] | tuple[str, ...] | str) -> bool:
    """True when the drawn symbols cover the pattern's symbols in any order; ``*`` slots
    take any symbol ("You can match in any order")."""
    need_up, need_down = pattern.count(UP), pattern.count(DOWN)
    got = "".join(drawn)
    return got.count(UP) >= need_up and got.count(DOWN) >= need_down and len(got) >= len(pattern)


def pattern_chance(pattern: str, draws: int | None = None, up: Fraction = Fraction(1, 2)) -> Fraction:
    """The chance of matching ``pattern`` when each draw is an Up with chance ``up`` (the
    balanced Up/Down deck: 1/2; the player's own deck: its share of Ups, ``deck.up_chance``),
    each draw put back (drawn with replacement)."""
    n = len(pattern) if draws is None else draws
    return sum((seq_chance(seq, up) for seq in product(SYMBOLS, repeat=n) if matches(pattern, seq)), Fraction(0))


def seq_chance(seq: tuple[str, ...], up: Fraction) -> Fraction:
    """The chance of drawing exactly ``seq``, each draw an Up with chance ``up``."""
    k = seq.count(UP)
    return up ** k * (1 - up) ** (len(seq) - k)


def first_match(patterns: list[str], drawn: list[str]) -> int | None:
    for i, p in enumerate(patterns):
        if matches(p, drawn):
            return i
    return None


# The difficulty table ("Up/Down Randomization"). Its Match column did not survive; this
# rebuild gives exactly the book's chances with the balanced deck, declared symbol S and
# the other symbol O: at least one S in 3 (7/8), at least one S in 2 (3/4), S in 1 (1/2),
# two S and one O in 3, i.e. exactly two (3/8), two S in 2 (1/4), three S in 3 (1/8).
DIFFICULTIES: dict[str, dict[str, object]] = {
    "simple": {"title": "Simple", "draw": 3, "book": 87},
    "easy": {"title": "Easy", "draw": 2, "book": 75},
    "normal": {"title": "Normal", "draw": 1, "book": 50},
    "difficult": {"title": "Difficult", "draw": 3, "book": 37},
    "very-difficult": {"title": "Very Difficult", "draw": 2, "book": 25},
    "extremely-difficult": {"title": "Extremely Difficult", "draw": 3, "book": 12},
}


def difficulty_success(name: str, declared: str, drawn: list[str] | tuple[str, ...]) -> bool:
    """Whether ``drawn`` succeeds at difficulty ``name`` for the declared symbol."""
    hits = sum(1 for s in drawn if s == declared)
    n = len(drawn)
    if n != DIFFICULTIES[name]["draw"]:
        raise ValueError(f"{DIFFICULTIES[name]['title']} draws {DIFFICULTIES[name]['draw']} cards, not {n}")
    return {"simple": hits >= 1, "easy": hits >= 1, "normal": hits == 1,
            "difficult": hits == 2, "very-difficult": hits == 2,
            "extremely-difficult": hits == 3}[name]


def difficulty_chance(name: str, declared: str = UP) -> Fraction:
    if name not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {name!r} (known: {', '.join(DIFFICULTIES)})")
    n = int(DIFFICULTIES[name]["draw"])  # type: ignore[arg-type]
    hits = sum(1 for seq in product(SYMBOLS, repeat=n) if difficulty_success(name, declared, seq))
    return Fraction(hits, 2 ** n)


def truncated_percent(p: Fraction) -> int:
    """The book prints chances truncated (87.5% -> 87)."""
    return int(p * 100)


# Lighting ("Combat Conditions ~ Lighting"): hampered sight must match by distance.
SIGHT_PATTERN = {"melee": "S", "thrown": "SS", "ranged": "SSS"}


def starting_round(draws: list[str]) -> int | None:
    """The Starting Round from three Up/Down draws, or None to draw three again.

    The book's mapping did not survive. Ours is fair: the eight orders of three draws map
    ^^^ ^^v ^v^ ^vv v^^ v^v to Rounds 1-6; vv^ and vvv draw again, so each Round has
    exactly 1/6.
    """
    if len(draws) != 3:
        raise ValueError("the Starting Round takes three draws")
    index = sum((1 << (2 - i)) for i, s in enumerate(draws) if s == DOWN)
    return index + 1 if index < 6 else None


def apart(a: list[int], b: list[int]) -> int:
    """Two Dimensional play: squares between two squares, counted as a king moves."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def tick(state: dict) -> int:
    """An absolute Round number, for "took damage this Round or last"."""
    return state["count"] * 6 + state["round"]


def half_up(n: int) -> int:
    """The part of ``n`` a halving stops: damage "halved" keeps ``n // 2`` (rounded down),
    so the block is the rest. One figure for the counter's button and its step."""
    return n - n // 2
