"""What a seat reads of the game's log, for every system's view: its last lines, or, where
a seat may not read every line (the players' seats at the DofA GM's table: a hidden DR, a
creature's numbers), the last lines as ``public`` rewrites them for that seat.

Each view keeps its own length (how many lines fit its screen); the filter is the only
other difference between them, so it is the one parameter."""

from __future__ import annotations

from typing import Callable

Public = Callable[[str], "str | None"]


def log_tail(log: list[str], n: int, public: Public | None = None) -> list[str]:
    """The last ``n`` lines of ``log`` a seat reads: every line as written, or each as
    ``public`` gives it (None: a line that seat does not read at all), a fresh list."""
    if public is None:
        return list(log[-n:])
    return [line for line in map(public, log) if line is not None][-n:]
