"""An adventure made on the phone is played before it is kept (issue 49): it passes the
content check (spec.made_problems: every room reachable from the start, a boss room with
Foes to beat, exits that lead somewhere, Foes ours or carried), each made Foe it carries is
playable (made.py of the fight), and the random adventurers (sim.py, the policy of every
simulated adventure) play it ``GAMES`` times with seeds fixed, every Way to Play and party
size among them, with no error and each game ending (won or lost) within the step cap.

Why played and not only checked: rooms can pass every field check and still trap a party
(an obstacle that blocks the only way on, a Rest no one survives) or trip the rules; the
games find both, with the same seeds on every phone, so what is refused here is refused
everywhere.
"""

from __future__ import annotations

from typing import Any, Generator

from ....core.game import run_steps
from ....core.rng import Rng
from ....core.trials import trial_steps
from ..made import playability_steps as foe_steps
from .game import GAME, MODES
from .spec import made_id, made_problems

GAMES = 24           # seeded adventures before one is kept (about 3 s in CPython for ours of 9 rooms)
DECKS = ("warrior", "rogue", "mage", "priest")


def game_options(record: dict[str, Any], n: int) -> dict[str, Any]:
    """The ``n``-th game of the check: each ready-made deck alone, then parties of two, in
    each Way to Play in turn."""
    hero: Any = DECKS[n % len(DECKS)] if n % 3 else [DECKS[n % len(DECKS)], DECKS[(n + 1) % len(DECKS)]]
    return {"hero": hero, "mode": MODES[n % len(MODES)], "updown": "balanced", "adventure": record}


def playability_steps(record: Any) -> Generator[int, None, list[str]]:
    """The reasons the made adventure ``record`` is not playable (empty: it is), yielding 1
    after each carried Foe's fight and each game, so the page can give itself back."""
    found = made_problems(record)
    if found:
        return found
    record = dict(record, id=made_id(record))
    for card in record.get("foes", []):
        why = yield from foe_steps(card)
        if why:
            return [f"its Foe {card['name']}: {w}" for w in why]
    why, _ = yield from trial_steps(GAME, lambda n: game_options(record, n), GAMES, GAME.sim_step_cap, 0xADF,
                                    "game", " in it")
    return [why] if why else []


def playability(record: Any) -> list[str]:
    """``playability_steps`` at once."""
    return run_steps(playability_steps(record))


def work(record: Any) -> int:
    """How many units ``playability_steps`` yields for ``record`` at most."""
    from ..made import FIGHTS
    foes = record.get("foes", []) if isinstance(record, dict) and isinstance(record.get("foes"), list) else []
    return GAMES + FIGHTS * len(foes)



# -- made adventures for the random playthroughs (``simulate made:adventure-ads``) ----------------
SAMPLE_TRIES = 60
# what other fields name (a room's number, an exit's room), kept as ours had them
FIXED = frozenset({"id", "start", "rooms.*.id", "rooms.*.exits.*.0", "rooms.*.obstacle.blocks.*", "foes"})


def sample_record(rng: Rng) -> dict[str, Any]:
    """A seeded made adventure: one of ours refilled by the spec's own random fill
    (form.sample: rooms lost or repeated, Foes, loot, obstacles, light and text changed), one
    time in three carrying a made Foe in one of its rooms, tried again until it passes the
    Library's check (spec.made_problems)."""
    from ....form import sample
    from ....schema import OneOf
    from .. import data
    from ..made import sample_card
    from .content import BUILTIN, record_of, treasures
    from .spec import adventure_spec
    spec = adventure_spec(OneOf(*sorted(data.foes())), OneOf(*sorted(treasures())))
    for _ in range(SAMPLE_TRIES):
        base = record_of(rng.choice(sorted(BUILTIN)))
        record = sample(spec, base, rng, 0.08, FIXED)
        record.pop("foes", None)
        if rng.below(3) == 0:
            card = sample_card(rng)
            fought = [r for r in record["rooms"] if r.get("solo")]
            if fought:
                room = rng.choice(fought)
                room["solo"] = [[card["id"], 1]]
                room["group"] = [[card["id"], rng.randint(1, 4)]]
                record["foes"] = [card]
        record["id"] = made_id(record)
        if not made_problems(record):
            return record
    base["name"] = f"{base['name'][:32]} (yours)"
    return dict(base, id=made_id(base))


def sim_options(rng: Rng) -> dict[str, Any]:
    """The options of a simulated adventure through a made one (the game's own random options)."""
    return dict(GAME.sim_options(rng), adventure=sample_record(rng))
