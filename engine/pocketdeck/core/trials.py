"""Seeded games by the random players, the playability check of content made on a phone
(issue 49): a made ADS Foe is fought, a made adventure played, a made creature or monster
met, each ``games`` times with seeds fixed, before it is kept or taken from a link.

Why one loop for every kind: what "playable" means is the same everywhere (no error of the
rules, every game ending within the step cap) and so are its words; a kind adds only what
it needs on top (a Foe must be defeated at least once) by reading the games' last states.
The seeds are fixed, so a made item refused on one phone is refused on every phone.
"""

from __future__ import annotations

from typing import Any, Callable, Generator

from .game import Game
from .rng import Rng

State = dict[str, Any]


Choose = Callable[[State, list[dict[str, Any]], Rng, int], dict[str, Any]]


def trial_steps(game: Game, options: Callable[[int], dict[str, Any]], games: int, step_cap: int,
                salt: int, what: str = "game", where: str = "",
                choose: Choose | None = None) -> Generator[int, None, tuple[str | None, list[State]]]:
    """Play ``games`` games of ``game`` (the ``n``-th started from ``options(n)`` with seed
    ``n + 1``, its moves chosen by the game's own random player seeded ``n ^ salt``), yielding
    1 after each. Returns (the first reason one failed, or None; the last state of each game
    played). ``what`` and ``where`` name one game in the reason: "fight 3 of 24 against it
    stopped with an error". ``choose(state, legal, rng, moves so far)``: a kind's own way of
    choosing (the GM's table ends its evening after a while), else ``game.sim_choose``."""
    ends: list[State] = []
    for n in range(games):
        try:
            state = game.new_game(options(n), seed=n + 1)
            chooser = Rng(n ^ salt)
            for k in range(step_cap):
                legal = game.legal_actions(state)
                if not legal:
                    break
                state = game.apply(state, choose(state, legal, chooser, k) if choose is not None
                                   else game.sim_choose(state, legal, chooser))
        except Exception as exc:  # noqa: BLE001 - any error of the rules refuses the item
            return (f"{what} {n + 1} of {games}{where} stopped with an error ({type(exc).__name__}: "
                    f"{str(exc)[:80]})"), ends
        if not game.is_over(state):
            return f"{what} {n + 1} of {games}{where} did not end within {step_cap} moves", ends
        ends.append(state)
        yield 1
    return None, ends
