"""The random adventurer: ready-made and built decks; in rooms it explores, rests when
hurt, tries obstacles; in fights it plays like the fight's random player."""

from __future__ import annotations

from typing import Any

from ....core.rng import Rng
from .. import data
from ..build.variants import random_variant
from ..sim import choose as fight_choose
from . import hero as H

Action = dict[str, Any]


def sim_hero(rng: Rng) -> Any:
    """A ready-made deck, a built variant of one, or a variant carrying the area cards its
    class may hold (so simulated fights play the area rules)."""
    deck_id = rng.choice(sorted(data.decks()))
    pick = rng.below(4)
    if pick < 2:
        return deck_id if pick == 0 else random_variant(deck_id, rng)
    return with_area_cards(random_variant(deck_id, rng), rng)


def with_area_cards(deck: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """Swap up to three copies of each area card into ``deck`` where the deck-building rules
    allow it (at level 2 or more: the area cards are level 2)."""
    from ..build.validate import validate
    from ..build.variants import with_change
    if deck["level"] < 2 and not validate(dict(deck, level=2)):
        deck = dict(deck, level=2)
    for cid in sorted(c for c, card in data.cards().items() if card.get("area")):
        for _ in range(3):
            out = rng.choice([k for k, _ in deck["cards"] if k != cid])
            trial = with_change(with_change(deck, out, -1), cid, 1)
            if not validate(trial):
                deck = trial
    return deck


def choose(state: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    if state["phase"] == "fight":
        return fight_choose(state["fight"], legal, rng)
    if rng.below(4) == 0:
        return rng.choice(legal)
    h = state["heroes"][state["active"]]
    kinds = {a["type"] for a in legal}
    if {"type": "rest"} in legal and (h["hp"] * 2 < h["max_hp"] or len(h["draw"]) < 12) and H.hand_limit(h) > 3:
        return {"type": "rest"}
    if "attempt" in kinds and rng.below(2) == 0:
        return rng.choice([a for a in legal if a["type"] == "attempt"])
    if "lead" in kinds and rng.below(3) == 0:
        return rng.choice([a for a in legal if a["type"] == "lead"])
    goes = [a for a in legal if a["type"] == "go"]
    if goes:
        fresh = [a for a in goes if a["to"] not in state["cleared"]]
        return rng.choice(fresh or goes)
    keep = [a for a in legal if a.get("to") != "leave"]
    return rng.choice(keep or legal)
