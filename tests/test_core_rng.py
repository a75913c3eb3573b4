"""The seeded generator: fixed algorithm, JSON-safe state, same seed = same shuffle."""

import json

import pytest

from pocketdeck.core.cards import standard_deck
from pocketdeck.core.rng import Rng

# PCG32 outputs pinned once: a change of algorithm would silently change every saved game
PINNED_42 = [3270867926, 1795671209, 1924641435, 1143034755]
PINNED_42_STATE = "977afd8015414a94"


def test_same_seed_same_shuffle_and_different_seed_differs():
    a, b, c = standard_deck(), standard_deck(), standard_deck()
    Rng(7).shuffle(a)
    Rng(7).shuffle(b)
    Rng(8).shuffle(c)
    assert a == b and a != c and sorted(a) == sorted(standard_deck())


def test_state_round_trips_through_json_mid_stream():
    r2 = Rng(123)
    for _ in range(10):
        r2.next_u32()
    copy = Rng.from_state(json.loads(json.dumps(r2.state)))
    assert [r2.next_u32() for _ in range(20)] == [copy.next_u32() for _ in range(20)]


def test_pinned_outputs():
    # first outputs for seed 42; the Pyodide parity test checks the same numbers in the browser runtime
    r = Rng(42)
    outs = [r.next_u32() for _ in range(4)]
    assert outs == PINNED_42
    assert Rng(42).state == PINNED_42_STATE


def test_below_is_in_range_and_roughly_uniform():
    r = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


@pytest.mark.parametrize("bad", ["", "xyz", "1" * 17, 5])
def test_bad_state_refused(bad):
    with pytest.raises((ValueError, TypeError)):
        Rng.from_state(bad)


def test_below_rejects_bad_bounds():
    with pytest.raises(ValueError):
        Rng(0).below(0)
