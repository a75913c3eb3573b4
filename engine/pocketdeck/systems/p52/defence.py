"""What each answer to an enemy's hit leaves (issue 50): the chance a defence flip meets
its target and the damage that then gets through, exactly, counted as ``combat.hit_chance``
counts an attack: over the Action draw pile as it stands, the shuffle before a flip from
fewer than 13 cards included (``keep_action_deck``), and with Stamina the face-down card
one of the cards in the Stamina piles, any of them alike, played onto the discard pile
before the flip. What follows the flip is ``combat.defend``'s own order: the defence's cut
(Block and Counter Spell take their level plus what the flip beat the target by; Dodge
halves, or stops all when it beat the target by 3 or more), then a Magic Shield on the
spot, then armor.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.odds import as_percent
from . import data
from .combat import _armor, _counts, ability_target
from .common import RESHUFFLE_BELOW, char
from .maths import defence_reduce, defence_succeeds, over

State = dict[str, Any]


def after_defence(state: State, c: dict[str, Any], dmg: int) -> int:
    """The damage left once a Magic Shield on the character's spot and armor take theirs."""
    shield = state["room"].get("shields", {}).get(str(c["pos"]))
    if shield and dmg:
        dmg = max(0, dmg - shield[0])
    reduce = sum(a["reduce_per_level"] for a in _armor(c)) * c["level"]
    return max(0, dmg - reduce) if reduce and dmg else dmg


def defence_target(state: State, c: dict[str, Any], aid: str, rtype: str) -> int:
    """The defence flip's target, as ``combat.defend`` sets it."""
    tgt = ability_target(state, c, aid, 0, c["pos"], None, untrained=aid not in c["abilities"])
    if c.get("quirk") == "magic_fright" and rtype == "magic":
        tgt += 2
    return tgt


def defence_odds(state: State, cid: str, aid: str | None, stamina: bool = False
                 ) -> tuple[Fraction, dict[int, Fraction], set[int]]:
    """(the chance the defence flip meets its target, {damage that gets through: chance},
    the damages that get through when it does) for answering the pending hit with ``aid``
    (None: take the hit, certain)."""
    p = state["pending"]
    c = char(state, cid)
    dmg = p["damage"]
    if aid is None:
        return Fraction(0), {after_defence(state, c, dmg): Fraction(1)}, set()
    ab = data.ability(aid)
    tgt = defence_target(state, c, aid, p["rtype"])
    alv = c["abilities"].get(aid, 1) if aid in c["abilities"] else 1
    piles = state["piles"]
    cd, rd = _counts(piles["action"]), _counts(piles["action_discard"])
    # counted in whole numbers within each Stamina case and turned into one Fraction per case:
    # a Fraction for every card value cost a P52 screen 7 ms of its 8 (gcds of large
    # denominators), a slower tap than before the chances were shown (docs/BENCHMARK.md)
    cases: list[tuple[int, int, int]] = [(1, 1, 0)]  # (weight's numerator, denominator, Stamina value)
    if stamina:
        cs = _counts([x for k, v in piles.items() if k.startswith("stamina_") for x in v])
        n_s = sum(cs)
        cases = [(cs[v], n_s, v) for v in range(1, 14) if cs[v]]
    hold = Fraction(0)
    left: dict[int, Fraction] = {}
    held: set[int] = set()
    for w_num, w_den, s in cases:
        draw, disc = list(cd), list(rd)
        if s:
            disc[s] += 1  # the Stamina card is played onto the discard pile first
        n, m = sum(draw), sum(disc)
        if n < RESHUFFLE_BELOW and m:  # the flip comes from the shuffled deck
            draw, n = [a + b for a, b in zip(draw, disc)], n + m
        held_cards = 0
        left_cards: dict[int, int] = {}
        for v in range(1, 14):
            if not draw[v]:
                continue
            total = v + s + c["stance"]
            got = dmg
            if defence_succeeds(total, tgt):
                held_cards += draw[v]
                got = defence_reduce(ab["mode"], dmg, alv, over(total, tgt), p["rtype"])
            final = after_defence(state, c, got)
            if defence_succeeds(total, tgt):
                held.add(final)
            left_cards[final] = left_cards.get(final, 0) + draw[v]
        den = w_den * n
        hold += Fraction(w_num * held_cards, den)
        for final, cards in left_cards.items():
            left[final] = left.get(final, Fraction(0)) + Fraction(w_num * cards, den)
    return hold, left, held


def defence_summary(state: State, cid: str, aid: str | None, stamina: bool = False) -> dict[str, Any]:
    """What a defend button shows: the chance the flip meets the target (a percent), the
    damage that gets through when it does (lowest and highest) and when it does not."""
    p = state["pending"]
    c = char(state, cid)
    miss = after_defence(state, c, p["damage"])
    if aid is None:
        return {"leaves": [miss, miss], "else": miss}
    hold, _, held = defence_odds(state, cid, aid, stamina)
    tgt = defence_target(state, c, aid, p["rtype"])
    leaves = [min(held), max(held)] if held else [miss, miss]
    return {"chance": as_percent(hold), "target": tgt, "leaves": leaves, "else": miss}
