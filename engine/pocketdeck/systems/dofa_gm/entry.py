"""Cards a player reports from their own phone, typed in by the GM: the Target Card they
drew at initiative, the card of a check (graded against a DR the GM may keep hidden), an
Epic Event draw, a Knocked Out draw. One small form (rank, suit, modifier, "same value as
the TC") serves them all; grading uses the player's code (``dofa.checks``).

With a hidden DR the player reports the card already moved toward the TC by their
modifier (PG, Making a Check; ``dofa.checks.reported``), so it is graded at EDR = DR. A
report at the TC's own value that the player marks as no Major (the modifier reached the
TC) is a plain success, graded by suit and colour.
"""

from __future__ import annotations

from typing import Any

from ...core.cards import SUITS, Card, rank_distance
from ...core.game import Action, State
from ..dofa import checks as ck
from ..dofa.deck import RANKS

MODS: tuple[int, ...] = tuple(range(-2, 7))
# PG, Degrees of Success: a Critical is the TC's own card, a Major its value in another
# suit; the player reports either as it is (PG, Making a Check: "reports a Major"), so
# the GM taps it in one go (entry_hit) instead of typing a card.
HITS = (0, 1)


def open_entry(s: State, purpose: dict[str, Any]) -> None:
    s["entry"] = {"rank": None, "suit": None, "mod": 0, "major": False, "for": purpose}


def actions(s: State) -> list[Action]:
    e = s["entry"]
    acts: list[Action] = [{"type": "entry_rank", "rank": r} for r in RANKS if r != e["rank"]]
    acts += [{"type": "entry_suit", "suit": x.value} for x in SUITS if x.value != e["suit"]]
    kind = e["for"]["kind"]
    if kind in ("call", "epic", "ko") and not e["for"].get("hidden"):
        acts += [{"type": "entry_mod", "mod": m} for m in MODS if m != e["mod"]]
    if kind == "call" and e["for"].get("hidden"):
        acts.append({"type": "entry_major", "on": not e["major"]})
    if e["for"].get("hidden") and e["for"].get("tc"):
        acts += [{"type": "entry_hit", "degree": d} for d in HITS]
    if e["rank"] and e["suit"]:
        acts.append({"type": "entry_done"})
    acts.append({"type": "entry_cancel"})
    return acts


def do_entry_rank(s: State, a: Action, rng: Any) -> None:
    s["entry"]["rank"] = a["rank"]


def do_entry_suit(s: State, a: Action, rng: Any) -> None:
    s["entry"]["suit"] = a["suit"]


def do_entry_mod(s: State, a: Action, rng: Any) -> None:
    s["entry"]["mod"] = a["mod"]


def do_entry_major(s: State, a: Action, rng: Any) -> None:
    s["entry"]["major"] = a["on"]


def do_entry_cancel(s: State, a: Action, rng: Any) -> None:
    s["entry"] = None


def card(e: dict[str, Any]) -> str:
    return f"{e['rank']}{e['suit']}"


def grade_report(reported: str, tc: str, dr: int, major: bool) -> int:
    """The degree of a card reported against a hidden DR (see the module docstring)."""
    c, t = Card.parse(reported), Card.parse(tc)
    if major:
        return 0 if c.suit == t.suit else 1
    d = rank_distance(c.value, t.value)
    if d > 0:
        return ck.degree(reported, tc, dr)
    suited, colour = c.suit == t.suit, c.colour == t.colour
    if dr >= 0:
        return 2 if suited else 3 if colour else 4
    return 5 if suited else 6 if colour else 7


def grade_drawn(drawn: str, tc: str, dr: int, mod: int) -> int:
    """The degree of a card a player drew and told as it is, with their modifier."""
    return ck.degree(drawn, tc, ck.edr(dr, mod))


def suited_hit(degree: int) -> bool:
    """An Epic Event's "Suited Hit": a success of the TC's suit (a Suited success or a
    Critical). A Major of another suit is not one (PG, Epic Events 3)."""
    return degree in (0, 2)
