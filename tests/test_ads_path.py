"""One attack's path through the ADS fight code (issue 26, "The shape": "a fight you can
follow"): a Warrior's Longsword at a lone Goblin Skirmisher on Round 3, from
``actions.apply`` until the player may act again, traced with ``sys.setprofile`` over 20
seeds. Counts the files of ``systems/ads`` visited and how often the path comes back to a
file it had left. ``python3 tests/test_ads_path.py`` prints the figures that
docs/rules/ads.md ("The fight's layers") quotes."""

from __future__ import annotations

import sys
from pathlib import Path
from statistics import mean
from typing import Any

from pocketdeck.core.game import get_game, state_rng
from pocketdeck.systems.ads import actions as A

GAME = get_game("ads")
ADS = str(Path(A.__file__).resolve().parent)


def longsword_turn(seed: int) -> dict[str, Any]:
    state = GAME.new_game({"deck": "warrior", "foe": "goblin_skirmisher"}, seed=seed)
    while state["phase"] == "choose":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    state = GAME.apply(state, {"type": "declare", "symbol": "^"})
    if state["phase"] == "player_presneak":
        state = GAME.apply(state, {"type": "no_presneak"})
    everything = state["draw"] + state["hand"] + state["discard"]
    sword = next(c for c in everything if c.split(".")[0] == "longsword")
    state["hand"], state["draw"], state["discard"] = [sword], [c for c in everything if c != sword], []
    state["round"], state["phase"], state["fresh"], state["turn"] = 3, "turn", False, 0
    state["order"] = ["player", "0"]
    state["foes"][0]["hidden"] = False
    state["foes"][0]["distance"] = "melee"
    return state


RULES = {"turn", "attack", "counters", "grapple", "foegrapple", "reactions", "rounds", "steps"}


def path(seed: int) -> tuple[list[str], int, int]:
    """(files visited in order of first visit, returns to a file already left, calls up
    into the flow from a rules module below it: the queue of steps makes these 0)."""
    state = longsword_turn(seed)
    action = next(a for a in GAME.legal_actions(state) if a["type"] == "play" and a["card"] == "longsword"
                  and not a["extra"] and not a["boost"])
    seen: list[str] = []
    trail: list[str] = []
    up = [0]

    def prof(frame, event, arg):
        if event != "call":
            return
        f = frame.f_code.co_filename
        if not f.startswith(ADS):
            return
        name = Path(f).stem
        caller = frame.f_back.f_code.co_filename if frame.f_back else ""
        if name == "flow" and caller.startswith(ADS) and Path(caller).stem in RULES:
            up[0] += 1
        if not trail or trail[-1] != name:
            trail.append(name)
        if name not in seen:
            seen.append(name)

    with state_rng(state) as rng:
        sys.setprofile(prof)
        try:
            A.apply(state, action, rng)
        finally:
            sys.setprofile(None)
    returns = sum(1 for k, name in enumerate(trail) if name in trail[:k])
    return seen, returns, up[0]


def figures(seeds: range = range(20)) -> tuple[int, float, list[str], int]:
    files: set[str] = set()
    backs = []
    ups = 0
    for s in seeds:
        seen, returns, up = path(s)
        files.update(seen)
        backs.append(returns)
        ups += up
    return len(files), mean(backs), sorted(files), ups


def test_the_shape_one_longsword_attack_visits_few_files():
    n, back, _, up = figures(range(5))
    # 45.0 on these 5 seeds since a Foe Card is read through data.foe_card (a made Foe's card
    # or ours), a Python call each time, where the cached data.foes() it replaced made no
    # call the profile sees: one hop into data per Foe read, not a longer path
    assert n <= 14 and back < 48
    assert up == 0, "a rules module called back up into the flow: name the next step (steps.push)"


if __name__ == "__main__":
    n, back, files, up = figures()
    print(f"{n} files ({', '.join(files)}), returns to a file already left: {back:.1f} on average, "
          f"calls up into the flow from a rules module: {up} in {len(range(20))} attacks")
