"""A seeded random generator whose whole state is one JSON-safe string.

Why not ``random.Random``: its state is 625 integers, and its algorithms for
``shuffle``/``randrange`` are free to change between Python versions. Games are saved
after every tap and replayed from seed + actions, in CPython 3.11 and Pyodide's 3.14
alike, so the generator here is a fixed algorithm (PCG-XSH-RR 32, O'Neill 2014) with
integer-only arithmetic: the same seed gives the same shuffle everywhere, forever.

The state is kept as a hex string because JSON numbers above 2**53 do not survive a
trip through JavaScript.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407  # any odd constant; fixed so the state is one number


class Rng:
    """PCG32 generator. Mutable; game states store ``rng.state`` (a hex string)."""

    __slots__ = ("_s",)

    def __init__(self, seed: int | str = 0) -> None:
        if isinstance(seed, str):
            self._s = _parse_state(seed)
        else:
            # seed the way the reference implementation does: advance once, add, advance
            self._s = 0
            self._step()
            self._s = (self._s + (int(seed) & _MASK64)) & _MASK64
            self._step()

    @classmethod
    def from_state(cls, state: str) -> "Rng":
        if not isinstance(state, str):
            raise ValueError(f"generator state must be hex text, got {state!r}")
        return cls(state)

    @property
    def state(self) -> str:
        return format(self._s, "016x")

    def _step(self) -> None:
        self._s = (self._s * _MULT + _INC) & _MASK64

    def next_u32(self) -> int:
        old = self._s
        self._step()
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), unbiased (rejection sampling)."""
        if n <= 0:
            raise ValueError("Rng.below needs a positive bound")
        if n > 0xFFFFFFFF:
            raise ValueError("Rng.below supports bounds up to 2**32 - 1")
        threshold = (0x100000000 - n) % n
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("Rng.choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def _parse_state(text: str) -> int:
    if not isinstance(text, str) or not 1 <= len(text) <= 16:
        raise ValueError(f"generator state must be up to 16 hex digits, got {text!r}")
    try:
        return int(text, 16)
    except ValueError:
        raise ValueError(f"generator state must be hex digits, got {text!r}") from None
