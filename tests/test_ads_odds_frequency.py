"""Every chance the ADS screens show as a number, against the frequency of the real
resolution (issue 47; prefix tx_ in docs/rules/ads.md): over >= 4000 seeded draws from
varied states (the balanced Up/Down deck; the player's own draw deck, full, thinned to a
lopsided pile, and run out so the draws come from the discards), the exact figure must lie
within 4 standard errors of the frequency."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from test_ads_engine import at_turn

from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads import data, deck, fight, foeturn, maths, view
from pocketdeck.systems.ads.maths import UP

N = 4000


def close(p: Fraction, hits: int, n: int = N) -> bool:
    f = hits / n
    se = math.sqrt(max(float(p) * (1 - float(p)), 1e-9) / n)
    return abs(f - float(p)) <= 4 * se + 1e-12


def states():
    """The sources of Up/Down draws the fight knows, in varied piles."""
    out = {"balanced": at_turn("warrior", "goblin_skirmisher", [], 3)}
    s = at_turn("warrior", "goblin_skirmisher", [], 3, updown="deck")
    out["deck full"] = s
    t = at_turn("rogue", "goblin_skirmisher", [], 3, updown="deck")
    ups = [c for c in t["draw"] if data.instance_symbol(c) == UP]
    downs = [c for c in t["draw"] if data.instance_symbol(c) != UP]
    t["discard"], t["draw"] = ups[7:] + downs[2:], ups[:7] + downs[:2]  # 7 Ups in 9: lopsided
    out["deck lopsided"] = t
    u = at_turn("mage", "goblin_skirmisher", [], 3, updown="deck")
    downs = [c for c in u["draw"] if data.instance_symbol(c) != UP]
    u["discard"] = downs[:5] + [c for c in u["draw"] if c not in downs][:2]
    u["draw"] = []  # run out: the draws come from the discards (5 Downs, 2 Ups)
    u["hand"] += [c for c in downs[5:]] + [c for c in u["draw"]]
    out["deck run out"] = u
    return out


STATES = states()


@pytest.mark.parametrize("name", sorted(STATES))
def test_a_foe_attribute_and_an_up_down_counter_chance_matches_the_draws(name):
    """The Foe card's Attribute chance (`foe_counter_chance`) and the Up/Down counter's
    button (`pattern_chance`) against `deck.match_pattern`, the one draw that resolves both."""
    s = STATES[name]
    up = deck.up_chance(s)
    for pattern in ("vv", "^v", "vvv", "^", "^^"):
        rng = Rng(11)
        hits = sum(deck.match_pattern(s, rng, "t", "t", pattern) for _ in range(N))
        shown = maths.pattern_chance(pattern, up=up)
        assert close(shown, hits), (name, pattern, shown, hits / N)
    foe = s["foes"][0]
    attr = data.foes()[foe["id"]]["attribute"]["pattern"]
    assert foeturn.foe_counter_chance(foe, up) == maths.pattern_chance(attr, up=up)


@pytest.mark.parametrize("name", sorted(STATES))
def test_one_card_checks_show_the_chance_of_the_symbol_they_need(name):
    """`deck.match_one` (spotting, a Grapple's declaration, keeping a hold, into a
    Grapple): the figure it records and the buttons show (`view._one`)."""
    s = STATES[name]
    for need in ("^", "v"):
        rng = Rng(5)
        hits = sum(deck.match_one(s, rng, "t", "t", need) for _ in range(N))
        shown = maths.pattern_chance(need, up=deck.up_chance(s))
        assert s["draws"][-1]["chance"] == fight.chance_text(shown)
        assert view._one(s, need) == fight.chance_text(shown)
        assert close(shown, hits), (name, need, shown, hits / N)


@pytest.mark.parametrize("name", sorted(STATES))
@pytest.mark.parametrize("foe_id", ["goblin_skirmisher", "cultist", "hobgoblin_captain"])
def test_a_foe_cards_action_and_reaction_rows_match_the_draws(name, foe_id):
    """The Foe card's rows (`view.live_chances`, the reaction row and the Failure) against
    the draw and first match of `foeturn.foe_turn` / `attack.answer_foe`, on every Round."""
    base = STATES[name]
    for r in (1, 4, 6):
        s = dict(base, round=r, foes=[dict(base["foes"][0], id=foe_id)])
        foe = s["foes"][0]
        row = fight.action_row(foe, r)
        shown = view.live_chances(s, foe, row)
        rng = Rng(r)
        counts = [0] * (len(shown) + 1)
        for _ in range(N):
            drawn = deck.draw_symbols(s, rng, row["draw"])
            k = next((j for j, o in enumerate(row["outcomes"])
                      if maths.matches(o["match"], drawn) and foeturn.condition(s, foe, o)), len(shown))
            counts[k] += 1
        for p, hits in zip(shown + [1 - sum(shown)], counts):
            assert close(p, hits), (name, foe_id, r, p, hits / N)
        n, outs = fight.reaction_outcomes(foe, r)
        if n:
            rshown = fight.outcome_chances([o["match"] for o in outs], n, deck.up_chance(s))
            rcounts = [0] * len(outs)
            for _ in range(N):
                k = maths.first_match([o["match"] for o in outs], deck.draw_symbols(s, rng, n))
                if k is not None:
                    rcounts[k] += 1
            for p, hits in zip(rshown, rcounts):
                assert close(p, hits), (name, foe_id, r, "reaction", p, hits / N)


@pytest.mark.parametrize("name", sorted(STATES))
def test_combat_conditions_lighting_the_sight_chance_matches_the_draws(name):
    """Lighting: the chance `fight.sight_check` records for its declared symbols, at Melee,
    Thrown and Ranged, against how often it lets the play through."""
    s = dict(STATES[name], light="dark", mode="line", race="human")
    for dist in ("melee", "thrown", "ranged"):
        rng = Rng(3)
        by_chance: dict[str, list[int]] = {}
        for _ in range(N):
            ok = fight.sight_check(s, rng, None, [dist], dist, "You")
            d = s["draws"][-1]
            by_chance.setdefault(d["need"], [0, 0])
            by_chance[d["need"]][0] += ok
            by_chance[d["need"]][1] += 1
        for need, (hits, n) in by_chance.items():
            one = deck.up_chance(s) if need[0] == UP else 1 - deck.up_chance(s)
            p = one ** len(need)
            assert fight.chance_text(p) in {x["chance"] for x in s["draws"] if x["need"] == need}
            assert close(p, hits, n), (name, dist, need, p, hits / n)


def test_up_down_randomization_the_difficulty_table_and_the_starting_round_match_the_draws():
    """The odds command's figures (`difficulty_chance`, the balanced deck it names) and
    the Starting Round's 1/6 against seeded draws of the balanced deck."""
    s = STATES["balanced"]
    rng = Rng(9)
    for name, d in maths.DIFFICULTIES.items():
        hits = sum(maths.difficulty_success(name, UP, deck.draw_symbols(s, rng, int(d["draw"]))) for _ in range(N))
        assert close(maths.difficulty_chance(name), hits), name
    rounds = [0] * 7
    for _ in range(N):
        r = None
        while r is None:
            r = maths.starting_round(deck.draw_symbols(s, rng, 3))
        rounds[r] += 1
    assert all(close(Fraction(1, 6), rounds[k]) for k in range(1, 7))
