"""Building decks by swaps: the card gallery a class may use at a level, and a swap that
keeps a Character Deck legal. The builder screen's "start from the ready-made deck" and
the random player's built decks (simulate) both start here."""

from __future__ import annotations

from typing import Any

from ....core.rng import Rng
from .. import data
from .validate import validate


def ready_made(deck_id: str) -> dict[str, Any]:
    d = data.decks()[deck_id]
    return {"name": d["name"], "race": d["race"], "class": d["class"], "level": d["level"],
            "cards": [list(p) for p in d["cards"]]}


def with_change(deck: dict[str, Any], cid: str, delta: int) -> dict[str, Any]:
    """The deck with ``delta`` copies of ``cid`` added (or taken out when negative)."""
    counts = {k: n for k, n in deck["cards"]}
    counts[cid] = counts.get(cid, 0) + delta
    out = dict(deck)
    out["cards"] = [[k, n] for k, n in counts.items() if n > 0]
    return out


def random_variant(deck_id: str, rng: Rng, swaps: int = 6) -> dict[str, Any]:
    """A ready-made deck at a random level 1-3 with up to ``swaps`` legal one-for-one swaps."""
    deck = ready_made(deck_id)
    deck["name"] = deck["name"] + " (built)"
    for level in rng.choice([[1, 2, 3], [3, 2, 1], [2, 1, 3]]):
        trial = dict(deck, level=level)
        if not validate(trial):
            deck = trial
            break
    gallery = sorted(data.cards())
    for _ in range(swaps * 4):
        out = rng.choice([k for k, _ in deck["cards"]])
        into = rng.choice(gallery)
        trial = with_change(with_change(deck, out, -1), into, 1)
        if not validate(trial):
            deck = trial
            swaps -= 1
            if swaps <= 0:
                break
    return deck
