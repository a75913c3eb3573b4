"""The bench's interval for issue 24's "not worse than before" ratio (tests/bench_ref.py):
seeded, it holds 1.0 when the two builds' taps come from the same spread, and not when one
build is clearly slower."""

from __future__ import annotations

import random

import bench_ref


def taps(mean: float, n: int = 32, seed: int = 1) -> list[float]:
    rng = random.Random(seed)
    return [rng.gauss(mean, 3.0) for _ in range(n)]


def test_the_same_taps_give_an_interval_around_one():
    now = taps(37.0, seed=1)
    low, high = bench_ref.ratio_interval(now, now[::-1])
    assert low < 1.0 < high and high - low < 0.15


def test_a_slower_build_lies_above_one_and_a_faster_below():
    low, _ = bench_ref.ratio_interval(taps(42.0, seed=3), taps(37.0, seed=4))
    _, high = bench_ref.ratio_interval(taps(33.0, seed=5), taps(37.0, seed=6))
    assert low > 1.0 and high < 1.0


def test_the_interval_is_seeded_and_needs_a_few_taps():
    now, before = taps(38.0, seed=7), taps(37.0, seed=8)
    assert bench_ref.ratio_interval(now, before) == bench_ref.ratio_interval(now, before)
    assert bench_ref.ratio_interval(now[:3], before) is None


def test_the_table_prints_the_interval():
    sc = {"ab.now.p52.next_frame": {"samples_ms": taps(37.0, seed=9)},
          "ab.before.p52.next_frame": {"samples_ms": taps(37.0, seed=10)}}
    lines = bench_ref.table_lines(sc, lambda v: "-" if v is None else f"{v:.1f}")
    row = next(line for line in lines if line.startswith("P52 attack"))
    low, high = bench_ref.ratio_interval(taps(37.0, seed=9), taps(37.0, seed=10))
    assert f"{low:.2f}-{high:.2f}" in row and "90% interval" in lines[1]
