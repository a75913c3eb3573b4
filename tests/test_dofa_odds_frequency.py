"""Deck of Adventures, the player's phone: every chance shown as a number before a check
(systems/dofa/odds.py through view.odds_for) against the frequency of the real resolution
(the rules' own draw, Draw another, Fate redraw and Accept handlers) over many seeded
shuffles of the cards actually left, from varied states: no hand, Upper and Lower Hand,
a deck partly drawn, a draw through a reshuffle, the Fate redraw on a miss, an Intensify
attack, an Epic Event check. The exact figure must lie within 4 standard errors of the
frequency over DRAWS draws (docs/rules/dofa.md, "tof_"). The GMG chart's figure shown
beside them is the book's own (each card from a full 52), pinned by
tc_gmg_difficulty_chart_to_the_percent, not a chance of this deck."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from math import sqrt

import pytest

from pocketdeck.core.odds import as_percent
from pocketdeck.core.rng import Rng
from pocketdeck.systems.dofa import checkflow
from pocketdeck.systems.dofa import odds as od
from pocketdeck.systems.dofa.checks import DEGREES, FIRST_MISS
from pocketdeck.systems.dofa.rules import HANDLERS
from test_dofa_rules import GAME, check, knock_out, new, play

DRAWS = 4000


def partly_drawn(s: dict, n: int, keep_suit: str = "") -> dict:
    """Move ``n`` cards from the deck to the discard pile (of other suits than
    ``keep_suit`` first), so the deck left is lopsided."""
    s = json.loads(json.dumps(s))
    order = sorted(s["deck"], key=lambda c: c.endswith(keep_suit) if keep_suit else 0)
    gone = order[:n]
    s["deck"] = [c for c in s["deck"] if c not in gone]
    s["discard"] += gone
    return s


def case(name: str) -> tuple[dict, bool]:
    """A state with a check ready to draw, and whether the player redraws a miss."""
    if name == "one card":
        return check(new("Spades1"), "8C", "Finesse", 1), False
    if name == "Upper Hand 1":
        return check(new("Spades1"), "8C", "Finesse", 1, hand=1), False
    if name == "Upper Hand 2":
        return check(new("Spades1"), "QH", "Finesse", 0, hand=2), False
    if name == "Lower Hand 2":
        return check(new("Spades1"), "8C", "Finesse", 2, hand=-2), False
    if name == "partly drawn, Upper Hand 1":
        return check(partly_drawn(new("Spades1"), 25, "C"), "8C", "Finesse", 1, hand=1), False
    if name == "partly drawn, Lower Hand 1":
        return check(partly_drawn(new("Spades1"), 30, "H"), "5D", "Brute", 2, hand=-1), False
    if name == "through a reshuffle, Lower Hand 2":
        s = partly_drawn(new("Spades1"), 50)          # 2 cards left: the third from the discards
        return check(s, "8C", "Finesse", 1, hand=-2), False
    if name == "Fate redraw":
        return check(new("Spades1"), "8C", "Finesse", 0), True
    if name == "Fate redraw, partly drawn, Upper Hand 1":
        return check(partly_drawn(new("Spades1"), 20, "S"), "JS", "Finesse", 0, hand=1), True
    if name == "Fate redraw, Lower Hand 1":
        return check(new("Spades1"), "3H", "Finesse", 1, hand=-1), True
    if name == "Intensify attack":
        s = play(new("Diamonds2"), {"type": "start_combat"}, {"type": "intensify"},
                 {"type": "kind", "kind": "attack"})
        return check(partly_drawn(s, 15, "D"), "8D", "Knowledge", 1), False
    if name == "Epic Event, damaged again":
        s = knock_out(play(new("Spades1"), {"type": "start_combat"}, {"type": "end_turn"}))
        s = play(s, {"type": "damage", "amount": 1, "bypass": True},
                 {"type": "tc_rank", "rank": "9"}, {"type": "tc_suit", "suit": "H"})
        return s, False
    raise KeyError(name)


CASES = ("one card", "Upper Hand 1", "Upper Hand 2", "Lower Hand 2", "partly drawn, Upper Hand 1",
         "partly drawn, Lower Hand 1", "through a reshuffle, Lower Hand 2", "Fate redraw",
         "Fate redraw, partly drawn, Upper Hand 1", "Fate redraw, Lower Hand 1", "Intensify attack",
         "Epic Event, damaged again")


def resolve(base: str, seed: int, redraw: bool) -> dict:
    """One real resolution: the cards left shuffled by ``seed``, Draw (then Draw another
    to the end), a Fate redraw on a miss when the player takes one, Accept."""
    s = json.loads(base)
    random.Random(seed).shuffle(s["deck"])
    rng = Rng(seed)
    HANDLERS["draw"](s, {"type": "draw"}, rng)
    while s["draw"]["to_go"]:
        HANDLERS["draw_more"](s, {"type": "draw_more"}, rng)
    if redraw and checkflow.grade(s["draw"], checkflow.kept(s["draw"]))["degree"] >= FIRST_MISS:
        offer = [a for a in checkflow.draw_actions(s) if a["type"] == "fate_redraw"]
        assert offer, "the redraw the odds count is offered"
        HANDLERS["fate_redraw"](s, offer[0], rng)
        while s["draw"]["to_go"]:
            HANDLERS["draw_more"](s, {"type": "draw_more"}, rng)
    HANDLERS["accept"](s, {"type": "accept"}, rng)
    return s["last"]


def exact(s: dict, redraw: bool) -> tuple[list[Fraction], Fraction, bool]:
    """The exact figures the phone computes for this state (the same odds functions the
    view calls) and whether it is an Intensify draw; the shown text is checked against them."""
    shown = GAME.view(s, "player")["draft"]["odds"]
    d = s["draft"]
    ko = s["ko"]
    tc = d["rank"] + d["suit"]
    effective = (4 + checkflow.modifier(s, "me", "VIT")) if ko else checkflow.effective(s)
    deck = od.degree_counts(s["deck"], tc, effective)
    discard = od.degree_counts(s["discard"], tc, effective)
    intensify = bool(s.get("intensify")) and d["kind"] == "attack" and not ko
    hand = checkflow.epic_hand(s) if ko else checkflow.net_hand(s)
    if intensify:
        dist = od.intensify_dist(deck, discard)
        win = od.intensify_success(dist)
    else:
        dist = od.check_dist(deck, discard, 1 + abs(hand), hand < 0)
        win = od.success(dist)
    assert shown["success"] == as_percent(win)
    assert shown["degrees"] == [[DEGREES[i], as_percent(p)] for i, p in enumerate(dist) if p]
    if redraw:
        dist = od.with_redraw(deck, 1 + abs(hand), hand < 0)
        win = od.success(dist)
        assert shown["with_redraw"] == as_percent(win)
    return dist, win, intensify


def within(p: Fraction, hits: int, n: int) -> bool:
    """The exact chance within 4 standard errors of the frequency (exactly 0 or 1: never
    or always)."""
    if p in (0, 1):
        return hits == p * n
    return abs(hits / n - float(p)) <= 4 * sqrt(float(p) * (1 - float(p)) / n)


@pytest.mark.parametrize("name", CASES)
def test_making_a_check_the_odds_shown_match_the_real_draw(name):
    """PG, Making a Check; Upper and Lower Hand; Fate Cards 3; Discard Powers (Intensify);
    Epic Events: each degree's chance and the chance of success, as shown, against the
    frequency of the rules' own resolution over DRAWS seeded shuffles."""
    s, redraw = case(name)
    assert checkflow.ready(s) or s["ko"]
    dist, win, intensify = exact(s, redraw)
    base = json.dumps(s)
    degrees = [0] * len(DEGREES)
    wins = 0
    for seed in range(DRAWS):
        last = resolve(base, seed, redraw)
        degrees[last["degree"]] += 1
        wins += bool(last["success"])
    assert within(win, wins, DRAWS), (name, float(win), wins / DRAWS)
    for i, p in enumerate(dist):
        assert within(p, degrees[i], DRAWS), (name, DEGREES[i], float(p), degrees[i] / DRAWS)
