"""core/limits.json_depth_ok: the fast path (no backslash, every string closed) answers
exactly as the string pattern does, on random bracket-and-quote texts and on saves."""

from __future__ import annotations

import random
import re

from pocketdeck.core import limits

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)


def reference(text: str, max_depth: int = limits.MAX_DEPTH) -> bool:
    brackets = re.sub(r"[^\[\]{}]+", "", _STRING.sub('""', text))
    for _ in range(max_depth):
        if not brackets:
            return True
        shorter = re.sub(r"\[\]|\{\}", "", brackets)
        if shorter == brackets:
            return False
        brackets = shorter
    return not brackets


def test_fast_path_agrees_with_the_string_pattern():
    rng = random.Random(7)
    alphabet = '[]{}"a,:\\'
    for n in range(20000):
        size = rng.randrange(0, 80)
        weights = [6, 6, 3, 3, 4, 3, 2, 1, 1 if n % 2 else 0]
        text = "".join(rng.choices(alphabet, weights, k=size))
        for depth in (2, 5, limits.MAX_DEPTH):
            assert limits.json_depth_ok(text, depth) == reference(text, depth), (text, depth)


def test_truth_table():
    cases = {
        '[]': True, '[': False, '[}': False, '{"a":[1,2,{"b":"]]]"}]}': True,
        '"[[[' + "]" * 3: True,              # an unclosed string: the pattern's answer
        "[" * 33 + "]" * 33: False, "[" * 32 + "]" * 32: True,
        '["' + "[" * 40 + '"]': True,         # brackets inside a string do not count
        '["\\"' + "[" * 40 + '"]': True,      # nor after an escaped quote
    }
    for text, ok in cases.items():
        assert limits.json_depth_ok(text) is ok, text
        assert reference(text) is ok, text
