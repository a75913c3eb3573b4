"""A zone made on the phone is played before it is kept (issue 49): it passes the content
check (zonecard.made_problems: arenas reached from the first, one boss, monsters ours or
carried, what a hero may take within what our zones give), then the random players (sim.py,
the policy of every simulated game; the monsters by their written policy) play it ``GAMES``
times with seeds fixed and parties of one to four heroes: no error, each game ending.

Why played and not only checked: arenas can pass every field check and still trip the rules
(a band of minions the driver cannot settle, a boss deck that runs dry); the games find it,
with the same seeds on every phone, so a zone refused here is refused everywhere.
"""

from __future__ import annotations

from typing import Any, Generator

from ...core.game import run_steps
from ...core.rng import Rng
from ...core.trials import trial_steps
from . import data
from .rules import GAME
from .zonecard import made_id, made_problems

GAMES = 24          # seeded games through a made zone before it is kept
STEP_CAP = 3000     # moves in one game (the game's own cap for two zones)
SALT = 0x20E


def game_options(record: dict[str, Any], n: int) -> dict[str, Any]:
    """The ``n``-th game of the check: parties of one to four starter heroes, each hero in
    every seat in turn, in the made zone alone."""
    heroes = sorted(data.heroes())
    party = [heroes[(n + i) % len(heroes)] for i in range(1 + n % 4)]
    return {"heroes": party, "names": [], "zones": [record["id"]], "party": [], "gm": False, "zone": record}


def playability_steps(record: Any) -> Generator[int, None, list[str]]:
    """The reasons the made zone ``record`` is not playable (empty: it is), a game at a time
    (yields 1 after each), so the page can give itself back between games."""
    found = made_problems(record)
    if found:
        return found
    record = dict(record, id=made_id(record))  # as a game starts from it
    why, ends = yield from trial_steps(GAME, lambda n: game_options(record, n), GAMES, STEP_CAP, SALT,
                                       "game", " in it")
    if why:
        return [why]
    for n, state in enumerate(ends):
        try:
            GAME.check_state(state)
        except Exception as exc:  # noqa: BLE001 - a state the rules should never reach
            return [f"game {n + 1} of {GAMES} in it ended in a state the rules refuse ({str(exc)[:80]})"]
    return []


def playability(record: Any) -> list[str]:
    """``playability_steps`` at once."""
    found: list[str] = run_steps(playability_steps(record))
    return found



# -- made zones for the random playthroughs (``simulate made:zone-deckbuilder``) -------------------
SAMPLE_TRIES = 60
FIXED = frozenset({"id", "arena.*.id", "link.*.a", "link.*.b", "made_minions", "made_bosses"})


def record_of(zid: str) -> dict[str, Any]:
    """One of our zones as a made zone's record (what only zones.toml says left out)."""
    import copy
    z = copy.deepcopy(data.zones()[zid])
    for key in ("solo", "made"):
        z.pop(key, None)
    for a in z["arena"]:
        a.pop("yours", None)
    return z


def builtin() -> list[str]:
    """Our zones a made one may start from: every one with a boss of ours (not the lair)."""
    return [zid for zid, z in data.zones().items() if z.get("made") is not True]


def sample_record(rng: Rng) -> dict[str, Any]:
    """A seeded made zone: one of ours refilled by the spec's own random fill (form.sample:
    arenas lost or repeated, minions, bosses, items, spoils, links and text changed), one time
    in three carrying a made monster in one of its arenas, tried again until it passes the
    Library's check (zonecard.made_problems)."""
    from ...form import sample
    from ...schema import OneOf
    from .made import sample_card
    from .zonecard import ours_given, zone_spec
    given = ours_given()
    spec = zone_spec(OneOf(*sorted(data.minions())), OneOf(*sorted(data.bosses())), OneOf(*given["items"]),
                     OneOf(*given["spoils"]))
    base = record_of(builtin()[0])
    for _ in range(SAMPLE_TRIES):
        base = record_of(rng.choice(builtin()))
        record = sample(spec, base, rng, 0.1, FIXED)
        if rng.below(3) == 0:
            card = sample_card(rng)
            arena = rng.choice(record["arena"])
            if card["rank"] == "minion":
                arena["minions"] = [card["id"]] * rng.randint(1, 3)
                record["made_minions"] = [card]
            elif arena.get("boss"):
                arena["boss"] = card["id"]
                record["made_bosses"] = [card]
        record["id"] = made_id(record)
        if not made_problems(record):
            return record
    base["name"] = f"{base['name'][:32]} (yours)"
    return dict(base, id=made_id(base))


def sim_options(rng: Rng) -> dict[str, Any]:
    """The options of a simulated game through a made zone (the game's own random party and
    GM mode)."""
    record = sample_record(rng)
    base = GAME.sim_options(rng)
    return dict(base, zones=[record["id"]], zone=record)
