"""The simulator's choices: attack when a target is in reach, build counters, move
towards monsters and unexplored arenas when none are, rest when hurt. Biased to
progress so random battles end."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data
from .arena import step_towards
from .monsters import policy
from .common import State
from .setup import current_zone, hero
from .turn import attacks

Action = dict[str, Any]


def _goal_step(state: State, h: dict[str, Any]) -> str | None:
    zid = current_zone(state)
    goals = {m["arena"] for m in state["monsters"] if not m["dead"]}
    goals |= {c.split("/", 1)[1] for c in state["piles"]["dungeon"] if c.startswith(zid + "/")}
    return step_towards(state, h["arena"], goals, revealed_only=False)


def choose(state: State, legal: list[Action], rng: Rng) -> Action:
    if rng.below(10) == 0:
        return rng.choice(legal)
    kinds = {a["type"] for a in legal}
    by = lambda k: [a for a in legal if a["type"] == k]  # noqa: E731
    if "spend" in kinds:
        return rng.choice(legal)
    if "pick" in kinds:
        return rng.choice(legal)
    if "upgrade_done" in kinds:  # spend experience: mostly buy, sometimes keep it
        buys = by("upgrade")
        return rng.choice(buys) if buys and rng.below(4) > 0 else by("upgrade_done")[0]
    if "gm_spend" in kinds:  # GM mode: the boss's defense counters
        return rng.choice(legal)
    if state["mturn"] is not None:  # GM mode: a GM who mostly follows the policy
        if "gm_expend" in kinds and rng.below(3) == 0:  # the policy never expends; a GM may
            return by("gm_expend")[0]
        return policy(state, legal) if rng.below(4) > 0 else rng.choice(legal)
    t = state["turn"]
    if "take" in kinds:
        h = hero(state, state["order"][state["at"]])
        if h["health"] * 3 < h["max_health"] and rng.below(2) == 0:
            return {"type": "take", "stack": "rest"}
        gear_in_hand = any(data.is_gear(c) for c in state["piles"][f"{h['id']}:hand"])
        if gear_in_hand and rng.below(2) == 0:
            return {"type": "take", "stack": "item"}
        if attacks(state, h, "melee") and rng.below(3) > 0:
            return {"type": "take", "stack": "melee"}
        if attacks(state, h):
            return {"type": "take", "stack": rng.choice(["range", "mana", "melee", "defend", "item"])}
        if rng.below(4) == 0:
            return rng.choice(legal)
        return {"type": "take", "stack": "defend"}
    h = hero(state, t["actor"])
    for k in ("play",):
        if k in kinds and rng.below(3) > 0:
            return rng.choice(by(k))
    if t["mode"] == "turn" and t["stack"] == "melee" and "counter" in kinds and len(t["tokens"]) > 1:
        return rng.choice(by("counter"))  # Melee: the attack ends the cards' use, so counters first
    if "retreat" in kinds:
        step = _goal_step(state, h)
        engaged = any(not m["dead"] and m["arena"] == h["arena"] for m in state["monsters"])
        if step and not engaged:
            return {"type": "retreat", "to": step}
    hand_equips = [a for a in by("equip") if a.get("from") == "hand"]
    if hand_equips and rng.below(3) > 0:
        return rng.choice(hand_equips)
    if "expend_done" in kinds and rng.below(3) == 0:  # Rest: expend "up to" 3, sometimes fewer
        return by("expend_done")[0]
    for k in ("attack", "heal", "heal_all", "heal2", "counter", "armor", "latent", "equip", "power",
              "draw3", "expend_card", "expend_done", "skip", "end", "synergy_draw", "done"):
        if k in kinds:
            return rng.choice(by(k))
    return rng.choice(legal)


def summarise(games: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """Battles per game, and at the start of each battle (first, second, ...) the cards
    per hero's character deck (min / mean / max) and the cards in the tableau: a deck that
    kept tableau cards would show here."""
    played = [g for g in games if g is not None]
    per_game: dict[int, int] = {}
    for g in played:
        per_game[len(g)] = per_game.get(len(g), 0) + 1
    starts = []
    for i in range(max((len(g) for g in played), default=0)):
        cards = [c for g in played if len(g) > i for c in g[i]["cards"]]
        tab = sorted({g[i]["tableau"] for g in played if len(g) > i})
        starts.append({"battle": i + 1, "battles": sum(1 for g in played if len(g) > i),
                       "cards_per_hero": {"min": min(cards), "mean": round(sum(cards) / len(cards), 2),
                                          "max": max(cards)},
                       "tableau_cards": tab})
    return {"battles_per_game": {str(k): v for k, v in sorted(per_game.items())},
            "mean_battles": round(sum(len(g) for g in played) / max(1, len(played)), 2),
            "at_battle_start": starts}
