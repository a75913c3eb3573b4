"""A Foe made on the phone is played before it is kept (issue 49): the card passes the
content check (foecard.made_problems), the Foe can act on every Round of the Combat Rondel
("All 6 Rounds are represented somewhere on the Foe's Action section", The Foe Card), and
the random players (sim.py, the policy of every simulated fight) fight it ``FIGHTS`` times
with seeds fixed, with no error, each fight ending, and at least one of them defeating it.

Why played and not only checked: a card can pass every field check and still be a Foe no
character can beat (99 HP behind armor on every Round) or one the rules trip on; the fights
find both, with the same seeds on every phone, so a Foe refused here is refused everywhere.
"""

from __future__ import annotations

import copy
from typing import Any, Generator

from ...core.game import run_steps
from ...core.rng import Rng
from ...form import sample
from ...core.trials import trial_steps
from . import data
from .foecard import FOE, made_id, made_problems
from .rules import GAME

FIGHTS = 24           # seeded fights against a made Foe before it is kept (about 0.3 s in CPython)
STEP_CAP = 600        # moves in one fight; the book's Foes end theirs in 15 to 40 on average
DECKS = ("warrior", "rogue", "mage", "priest")


def acting_problems(card: dict[str, Any]) -> list[str]:
    """A Round on which the Foe can do nothing at all: no outcome to draw for and a failure
    that does nothing (nor base damage of 0)."""
    out = []
    for r in range(1, 7):
        row = next((row for row in card["actions"] if r in row["rounds"]), None)
        if row is None:
            out.append(f"the Foe has no action on Round {r}: every Round of the Rondel needs one")
            continue
        # a Move does nothing in Simple play (distances ignored): it is not acting
        idle = row["failure"] == "nothing" or (row["failure"] == "base" and card["base_damage"] < 1) or \
            (row["failure"] == "action" and row["failure_action"]["kind"] == "move")
        if not [o for o in row["outcomes"] if o["kind"] != "move"] and idle:
            out.append(f"the Foe can never act on Round {r}: its action has no outcome but Move (nothing in "
                       "Simple play) and its failure does nothing")
    return out


def fight_options(card: dict[str, Any], n: int) -> dict[str, Any]:
    """The options of the ``n``-th fight of the playability check: each ready-made deck,
    Simple and One Dimensional play, one Foe."""
    return {"deck": DECKS[n % len(DECKS)], "foe": card["id"], "card": card,
            "mode": ("simple", "line")[(n // len(DECKS)) % 2]}


def playability_steps(card: Any) -> Generator[int, None, list[str]]:
    """The reasons the made Foe ``card`` is not playable (empty: it is), a fight at a time
    (yields 1 after each), so the page can give itself back between fights."""
    found = made_problems(card)
    if found:
        return found
    card = dict(card, id=made_id(card))  # as a game starts from it
    found = acting_problems(card)
    if found:
        return found
    why, ends = yield from trial_steps(GAME, lambda n: fight_options(card, n), FIGHTS, STEP_CAP, 0x5EED,
                                       "fight", " against it")
    if why:
        return [why]
    if not any(f["hp"] <= 0 for state in ends for f in state["foes"]):
        return [f"none of {FIGHTS} fights by the ready-made characters defeated it: it cannot be "
                "defeated (fewer Hit Points, weaker Reactions)"]
    return []


def playability(card: Any) -> list[str]:
    """``playability_steps`` at once."""
    return run_steps(playability_steps(card))



# -- made Foes for the random playthroughs (``simulate made:foe-ads``) ----------------------------
SAMPLE_TRIES = 60


def sample_card(rng: Rng) -> dict[str, Any]:
    """A seeded made Foe: one of ours refilled by the spec's own random fill (form.sample),
    tried again until the card passes the Library's check and acts on every Round (what Keep
    asks before it fights it)."""
    ours = data.foes()
    for _ in range(SAMPLE_TRIES):
        base = copy.deepcopy(ours[rng.choice(sorted(ours))])
        card = sample(FOE, base, rng, 0.15, frozenset({"id"}))
        card["id"] = made_id(card)
        if not made_problems(card) and not acting_problems(card):
            return card
    base["name"] = f"{base['name'][:32]} (yours)"
    return dict(base, id=made_id(base))


def sim_options(rng: Rng) -> dict[str, Any]:
    """The options of a simulated fight against a made Foe (the fight's own random options)."""
    card = sample_card(rng)
    return dict(GAME.sim_options(rng), foe=card["id"], card=card)
