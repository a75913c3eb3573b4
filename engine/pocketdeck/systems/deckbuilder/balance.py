"""Win rates of a lone hero under a few simple ways of playing (issue 16's balance check).

Before a battle deck lasted one battle, a lone warrior who only looped Item/Ability (the
penalty attack, then Second Wind's heal) on an empty stack won far more often than one who
played ordinarily. These strategies pick from the same legal actions a player is offered;
``win_rates`` plays seeded games with each, so the figures in docs/rules/deckbuilder.md can
be made again: ``python -m pocketdeck.systems.deckbuilder.balance``.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ...core.game import get_game
from ...core.rng import Rng
from .common import State
from .sim import choose

Action = dict[str, Any]
Strategy = Callable[[State, list[Action], Rng], Action]


def random_player(state: State, legal: list[Action], rng: Rng) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(legal)


def _first(legal: list[Action], *kinds: str) -> Action | None:
    for k in kinds:
        for a in legal:
            if a["type"] == k:
                return a
    return None


def aggressive(state: State, legal: list[Action], rng: Rng) -> Action:
    """Take Melee while something can be hit, attack whenever offered, else walk on."""
    take = [a for a in legal if a["type"] == "take"]
    if take:
        return next((a for a in take if a["stack"] == "melee"), rng.choice(take))
    pick = _first(legal, "attack", "retreat", "counter", "play", "end", "synergy_draw", "done", "skip")
    return pick or choose(state, legal, rng)


def looper(state: State, legal: list[Action], rng: Rng) -> Action:
    """The loop the issue names: always Item/Ability, activate Second Wind (or any power),
    never a plain attack turn; the compulsory penalty attack still happens."""
    take = [a for a in legal if a["type"] == "take"]
    if take:
        return next((a for a in take if a["stack"] == "item"), take[0])
    pick = _first(legal, "power", "attack", "latent", "equip", "end", "synergy_draw", "done", "skip")
    return pick or choose(state, legal, rng)


STRATEGIES: dict[str, Strategy] = {"random": random_player, "policy": choose,
                                   "aggressive": aggressive, "looper": looper}


def play(strategy: Strategy, seed: int, hero: str = "warrior", zones: list[str] | None = None,
         cap: int = 3000) -> str:
    """One lone-hero game (the monsters run by the written policy): 'won', 'lost' or
    'unfinished' when it runs past ``cap`` actions."""
    game = get_game("deckbuilder")
    options = {**game.default_options(), "heroes": [hero]}
    if zones is not None:
        options["zones"] = zones
    state = game.new_game(options, seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(cap):
        if game.is_over(state):
            return str(state["outcome"])
        state = game.apply(state, strategy(state, game.legal_actions(state), rng))
    return "unfinished"


def win_rates(games: int, seed: int = 0, hero: str = "warrior",
              zones: list[str] | None = None) -> dict[str, dict[str, float | int]]:
    """Each strategy's wins out of ``games`` seeded games (the same seeds for each)."""
    out: dict[str, dict[str, float | int]] = {}
    for name, strat in STRATEGIES.items():
        results = [play(strat, seed + i, hero, zones) for i in range(games)]
        out[name] = {"games": games, "won": results.count("won"), "lost": results.count("lost"),
                     "unfinished": results.count("unfinished"),
                     "win_rate": round(results.count("won") / games, 3)}
    return out


if __name__ == "__main__":  # pragma: no cover - the figures for the rules notes
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(json.dumps(win_rates(n, zones=["crypt"]), indent=1))
