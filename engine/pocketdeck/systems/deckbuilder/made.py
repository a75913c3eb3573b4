"""A monster made on the phone is played before it is kept (issue 49): the monster passes the
content check (monstercard.made_problems), then the random players (sim.py, the policy of
every simulated game; the monsters by their written policy, monsters.py) fight it ``GAMES``
times in its zone (zones.toml "lair"), with seeds fixed and parties of one to four heroes:
no error, each game ending, and at least one won by the heroes.

Why played and not only checked: a monster can pass every field check and still be one no
party can beat (defense 20 behind the best armor with 99 health) or one the rules trip on;
the games find both, with the same seeds on every phone, so a monster refused here is
refused everywhere.
"""

from __future__ import annotations

from typing import Any, Generator

from ...core.game import run_steps
from ...core.trials import trial_steps
from . import data
from .monstercard import made_id, made_problems
from .rules import GAME

GAMES = 32          # seeded games against a made monster before it is kept (about 0.25 s in CPython)
STEP_CAP = 1500     # moves in one game; a copy of Gruk the Ogre Chief takes 170 at the most
WORK = 10           # what one game counts against an import's work budget (core/records)


def game_options(card: dict[str, Any], n: int) -> dict[str, Any]:
    """The options of the ``n``-th game of the playability check: parties of one to four of
    the starter heroes, each hero in every seat in turn, in the made monster's zone."""
    heroes = sorted(data.heroes())
    party = [heroes[(n + i) % len(heroes)] for i in range(1 + n % 4)]
    return {"heroes": party, "names": [], "zones": [data.made_zone()], "party": [], "gm": False,
            "monster": card}


def playability_steps(card: Any) -> Generator[int, None, list[str]]:
    """The reasons the made monster ``card`` is not playable (empty: it is), a game at a time
    (yields 1 after each), so the page can give itself back between games."""
    found = made_problems(card)
    if found:
        return found
    card = dict(card, id=made_id(card))  # as a game starts from it
    why, ends = yield from trial_steps(GAME, lambda n: game_options(card, n), GAMES, STEP_CAP, 0x5EED,
                                       "game", " against it")
    if why:
        return [why]
    for n, state in enumerate(ends):  # each last state as the rules keep one (cards, numbers, phases)
        try:
            GAME.check_state(state)
        except Exception as exc:  # noqa: BLE001 - a state the rules should never reach
            return [f"game {n + 1} of {GAMES} against it ended in a state the rules refuse ({str(exc)[:80]})"]
    if not any(state["outcome"] == "won" for state in ends):
        return [f"none of {GAMES} games by parties of one to four heroes beat it: it cannot be beaten "
                "(lower its defense, health or resistance)"]
    return []


def playability(card: Any) -> list[str]:
    """``playability_steps`` at once."""
    found: list[str] = run_steps(playability_steps(card))
    return found



# -- made monsters for the random playthroughs (``simulate made:monster-deckbuilder``) -------------
SAMPLE_TRIES = 60


def sample_card(rng: Any) -> dict[str, Any]:
    """A seeded made monster: one of ours, minion or boss, refilled by its rank's spec's own
    random fill (form.sample: numbers, weapons, armor, deck and text changed), tried again
    until it passes the Library's check (monstercard.made_problems)."""
    from ...form import sample
    from .monstercard import SPECS
    ours = [dict(m, rank="minion") for m in data.minions().values()] + \
        [dict(b, rank="boss") for b in data.bosses().values()]
    base = ours[0]
    for _ in range(SAMPLE_TRIES):
        base = rng.choice(ours)
        card = sample(SPECS[base["rank"]], base, rng, 0.15, frozenset({"id", "rank"}))
        card["id"] = made_id(card)
        if not made_problems(card):
            return card
    card = dict(base, name=f"{base['name'][:32]} (yours)")
    return dict(card, id=made_id(card))


def sim_options(rng: Any) -> dict[str, Any]:
    """The options of a simulated game against a made monster in its zone (the game's own
    random party and GM mode)."""
    base = GAME.sim_options(rng)
    return dict(base, zones=[data.made_zone()], monster=sample_card(rng))
