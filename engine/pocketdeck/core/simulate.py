"""Random playthroughs: the harness every system is checked with.

Plays complete games by choosing among legal actions (uniformly, or through the
system's ``sim_choose`` when it biases toward progress) and checks on every step:
- the state survives a JSON round trip unchanged and passes the system's state check;
- the number of cards in the game is what it was at the start;
- ``legal_actions`` is empty exactly when the game is over;
- now and then, an action that is not legal raises IllegalAction and leaves the state as
  it was;
- ``view(state, seat)`` for every seat is JSON-safe;
- every *observer* passed in accepts the state: the UI plugs its screen check in here
  (``pocketdeck.ui.check.render_check``), so the core never imports a screen and every
  step of every simulated game is still drawn as the phone would draw it.
At the end of each game, replaying seed + actions must give the same final state
(checking that on every step would make a game quadratic in its length).

Each game also counts the action types it was offered and the ones it played; the summary
lists the types offered in some game but never played (``unplayed``), so a test can say
which road the random players never took (a crash hid once behind a join nobody made).
"""

from __future__ import annotations

import hashlib
import json
import time
import traceback
from collections import Counter
from typing import Any, Callable, Sequence

from .game import Game, IllegalAction, State, get_game, replay
from .rng import Rng

_BOGUS: dict[str, Any] = {"type": "__not_an_action__"}

# called with (game, state, actions so far) on every step; raises on a fault
Observer = Callable[[Game, State, list[dict[str, Any]]], None]


def play_one(game: Game, seed: int, *, step_cap: int | None = None,
             observers: Sequence[Observer] = ()) -> dict[str, Any]:
    chooser = Rng(seed ^ 0x5EED)
    options = game.sim_options(chooser) if hasattr(game, "sim_options") else {}
    state = game.new_game(options, seed)
    cards = game.card_total(state)
    cap = step_cap or getattr(game, "sim_step_cap", 10_000)
    actions: list[dict[str, Any]] = []
    offered: set[str] = set()
    unfinished = False
    for step in range(cap + 1):
        _check_step(game, state, cards, step)
        for observe in observers:
            observe(game, state, actions)
        legal = game.legal_actions(state)
        offered.update(str(a.get("type")) for a in legal)
        if game.is_over(state):
            break
        if step == cap:  # stopped at the cap: reported like a finished game, outcome aside
            unfinished = True
            break
        if chooser.below(16) == 0:
            _check_illegal(game, state)
        if hasattr(game, "sim_choose"):
            action = game.sim_choose(state, legal, chooser)
        else:
            action = chooser.choice(legal)
        state = game.apply(state, action)
        actions.append(action)
    again = replay(game.name, options, seed, actions)
    if again != state:
        raise AssertionError("replaying seed + actions gave a different final state")
    if unfinished:
        outcome = "unfinished"
    else:
        outcome = game.outcome(state) if hasattr(game, "outcome") else "over"
    digest = hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]
    stats = game.sim_stats(state) if hasattr(game, "sim_stats") else None
    return {"steps": len(actions), "outcome": outcome, "options": options, "digest": digest,
            "stats": stats, "offered": sorted(offered),
            "played": sorted({str(a.get("type")) for a in actions})}


def _check_step(game: Game, state: State, cards: int, step: int) -> None:
    if json.loads(json.dumps(state)) != state:
        raise AssertionError(f"step {step}: the state does not survive a JSON round trip")
    if cards >= 0 and game.card_total(state) != cards:
        raise AssertionError(f"step {step}: {game.card_total(state)} cards in play, expected {cards}")
    game.check_state(state)
    for seat in game.seats(state):
        view = game.view(state, seat)
        if json.loads(json.dumps(view)) != view:
            raise AssertionError(f"step {step}: the view of seat {seat!r} is not JSON-safe")
    legal = game.legal_actions(state)
    if bool(legal) == game.is_over(state):
        raise AssertionError(f"step {step}: legal_actions is {'non-' if legal else ''}empty "
                             f"but is_over is {game.is_over(state)}")


def _check_illegal(game: Game, state: State) -> None:
    before = json.dumps(state, sort_keys=True)
    try:
        game.apply(state, _BOGUS)
    except IllegalAction:
        pass
    else:
        raise AssertionError("an action that is not legal was accepted")
    if json.dumps(state, sort_keys=True) != before:
        raise AssertionError("a refused action changed the state")


# content made on a phone, played by the random players (issue 49): ``simulate made:<kind>``
# plays its system with a made item in every game's options, each drawn by the kind's
# ``sim_options(rng)`` from the spec's own random fill (form.sample) of one of ours
MADE = {
    "foe-ads": ("ads", "pocketdeck.systems.ads.made:sim_options"),
    "adventure-ads": ("ads_adventure", "pocketdeck.systems.ads.adventure.made:sim_options"),
    "monster-deckbuilder": ("deckbuilder", "pocketdeck.systems.deckbuilder.made:sim_options"),
    "zone-deckbuilder": ("deckbuilder", "pocketdeck.systems.deckbuilder.zonemade:sim_options"),
    "creature-dofa-gm": ("dofa-gm", "pocketdeck.systems.dofa_gm.made:sim_options"),
    "enemy-p52": ("p52", "pocketdeck.systems.p52.made:sim_options"),
    "quest-p52": ("p52", "pocketdeck.systems.p52.made:quest_sim_options"),
}


class MadeContent:
    """A system whose simulated games each play a made item: the system itself in every way
    (replays included: the item is in the options) but for the options it draws."""

    def __init__(self, base: Game, draw: Callable[[Rng], dict[str, Any]]) -> None:
        self.base, self.draw = base, draw

    def __getattr__(self, name: str) -> Any:
        return getattr(self.base, name)

    def sim_options(self, rng: Rng) -> dict[str, Any]:
        return self.draw(rng)


def game_of(system: str) -> Any:
    """The game ``simulate`` plays: a system, or ``made:<kind>`` (MADE)."""
    if system.startswith("made:"):
        if system[5:] not in MADE:
            raise KeyError(f"no made kind {system[5:]!r}; one of {', '.join(sorted(MADE))}")
        base, path = MADE[system[5:]]
        module, _, name = path.partition(":")
        import importlib
        return MadeContent(get_game(base), getattr(importlib.import_module(module), name))
    return get_game(system)


def simulate(system: str, games: int, seed: int = 0, *, step_cap: int | None = None,
             show_errors: int = 3, observers: Sequence[Observer] = ()) -> dict[str, Any]:
    game = game_of(system)
    started = time.perf_counter()
    steps = errors = 0
    outcomes: Counter[str] = Counter()
    failures: list[dict[str, Any]] = []
    stats: list[Any] = []  # each game's own figures, when the system reports some (``sim_stats``)
    offered: set[str] = set()
    played: Counter[str] = Counter()
    for i in range(games):
        try:
            result = play_one(game, seed + i, step_cap=step_cap, observers=observers)
        except Exception as exc:  # every failure is counted and reported, not raised
            errors += 1
            if len(failures) < show_errors:
                failures.append({"seed": seed + i, "error": f"{type(exc).__name__}: {exc}",
                                 "trace": traceback.format_exc(limit=6)})
            continue
        steps += result["steps"]
        outcomes[result["outcome"]] += 1
        offered.update(result["offered"])
        played.update(result["played"])
        stats.append(result["stats"])
    summary = {"system": system, "games": games, "seed": seed, "steps": steps,
               "errors": errors, "outcomes": dict(sorted(outcomes.items())),
               "seconds": round(time.perf_counter() - started, 3), "failures": failures,
               "played": dict(sorted(played.items())),
               "unplayed": sorted(offered - set(played))}
    if hasattr(game, "sim_summary"):
        summary["summary"] = game.sim_summary(stats)
    return summary
