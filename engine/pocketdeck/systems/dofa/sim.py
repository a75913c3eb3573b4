"""Random playthroughs biased toward play: enter a whole check and draw it, take damage
now and then, rest, fight, spend Fate; end the session after a while so games finish."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng

WEIGHTS = {
    "draw": 40, "draw_more": 30, "stop": 10, "accept": 30, "fate_redraw": 8,
    "rest_draw": 30, "rest_end": 4, "rest_gain": 10, "rest_pause": 2,
    "tc_rank": 3, "tc_suit": 3, "stat": 3, "dr": 3, "attacker": 3, "hand": 1, "kind": 2,
    "damage": 1, "heal": 1, "toughen_up": 3, "exchange_fate": 1, "award_fate": 1,
    "start_combat": 1, "end_turn": 4, "end_combat": 1, "quick_rest": 2, "full_rest": 1,
    "power": 1, "discard_power": 1, "condition": 1, "condition_save": 3, "draw_tc": 5,
    "treated": 1, "level_up": 1, "who": 1, "companion_damage": 1,
    "companion_heal": 1, "weapon": 1, "light": 1, "fall": 1,
    "role": 1, "raise": 4, "lower": 1, "learn": 4, "unlearn": 1, "vulnerability": 1,
    "finish": 12, "respec": 15, "armor": 1, "shield": 1,
    "sense": 3, "against": 2, "with_power": 2, "unseen": 5, "received": 1, "received_end": 2,
    "breath": 1, "poison_more": 1,
    # offered rarely (a level-2 Caster in combat; right after a Target Card is drawn; a
    # vulnerability taken in the builder), so weighed up: every type offered gets played
    "intensify": 25, "redraw_tc": 25, "drop_vulnerability": 6,
}


def choose(state: dict[str, Any], legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    ends = [a for a in legal if a["type"] == "end_session"]
    steps = state.get("steps", 0)
    if ends and (steps >= 300 or (steps >= 80 and rng.below(60) == 0)):
        return ends[0]
    pool = [a for a in legal if a["type"] != "end_session"] or legal
    weights = [WEIGHTS.get(a["type"], 1) for a in pool]
    r = rng.below(sum(weights))
    for a, w in zip(pool, weights):
        if r < w:
            return a
        r -= w
    return pool[-1]
