"""Named piles of cards (draw pile, hand, discard, expended, ...) inside a game state.

Piles are plain ``dict[str, list[str]]`` so a state stays JSON-safe. The top of a pile is
the end of its list. Every operation here moves cards between piles; none creates or
destroys one, so the total card count of a state is conserved by construction (the
random playthrough harness checks it on every step anyway).
"""

from __future__ import annotations

from typing import Iterable

from .game import IllegalAction
from .rng import Rng

Piles = dict[str, list[str]]


def total(piles: Piles) -> int:
    return sum(len(p) for p in piles.values())


def _pile(piles: Piles, name: str) -> list[str]:
    try:
        return piles[name]
    except KeyError:
        raise IllegalAction(f"there is no pile called {name!r}") from None


def draw(piles: Piles, src: str, dst: str, n: int = 1) -> list[str]:
    """Move the top ``n`` cards of ``src`` onto ``dst``; returns them in draw order."""
    source, target = _pile(piles, src), _pile(piles, dst)
    if n < 0:
        raise IllegalAction("cannot draw a negative number of cards")
    if n > len(source):
        raise IllegalAction(f"the {src} pile has {len(source)} card(s); cannot draw {n}")
    drawn = [source.pop() for _ in range(n)]
    target.extend(drawn)
    return drawn


def move(piles: Piles, card: str, src: str, dst: str) -> None:
    """Move one named card from ``src`` to the top of ``dst``."""
    source, target = _pile(piles, src), _pile(piles, dst)
    try:
        source.remove(card)
    except ValueError:
        raise IllegalAction(f"{card} is not in the {src} pile") from None
    target.append(card)


def move_all(piles: Piles, src: str, dst: str) -> list[str]:
    source, target = _pile(piles, src), _pile(piles, dst)
    moved = list(source)
    target.extend(moved)
    source.clear()
    return moved


def shuffle(piles: Piles, name: str, rng: Rng) -> None:
    rng.shuffle(_pile(piles, name))


def reshuffle(piles: Piles, discard: str, draw_pile: str, rng: Rng, *,
              keep_draw_on_top: bool = True) -> int:
    """Shuffle the ``discard`` pile into ``draw_pile``; returns how many cards moved.

    With ``keep_draw_on_top`` the cards still in the draw pile stay on top, in their
    order, and the shuffled discard goes beneath them (how a table does it: you do not
    reshuffle cards nobody has seen). Otherwise the whole lot is shuffled together.
    """
    source, target = _pile(piles, discard), _pile(piles, draw_pile)
    moved = list(source)
    source.clear()
    rng.shuffle(moved)
    if keep_draw_on_top:
        target[:0] = moved
    else:
        target.extend(moved)
        rng.shuffle(target)
    return len(moved)


def counts(piles: Piles) -> dict[str, int]:
    return {name: len(cards) for name, cards in piles.items()}


def all_cards(piles: Piles) -> Iterable[str]:
    for cards in piles.values():
        yield from cards
