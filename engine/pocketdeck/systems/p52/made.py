"""A P52 enemy or quest made on the phone is played before it is kept (issue 49): it passes
the content check (enemycard.made_problems / quest_made_problems), then the random players
(sim.py, the policy of every simulated quest) play ``GAMES`` seeded P52 sessions with it in
play, parties of one to three new characters: no error, each session ending within the step
cap, and the made enemy met in at least one of them (an enemy the Enemy deck never turns
over was not tried).

How it is put in play: a made enemy stands in for every face card of its rank in the Enemy
deck (the option ``enemies``), and the sessions choose a Survival quest (the quest of the
most enemies); a made quest is the option ``quest``, chosen at Choose a Quest. Why played
and not only checked: an enemy can pass every field check and still trip the rules or make
a quest no session ends; the seeds are fixed, so what is refused here is refused everywhere.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Generator

from ...core.game import run_steps
from ...core.rng import Rng
from ...core.trials import trial_steps
from ...form import sample
from . import data
from .enemycard import ENEMY, QUEST, made_id, made_problems, quest_id, quest_made_problems
from .rules import GAME

GAMES = 24          # seeded sessions before an enemy or a quest is kept
STEP_CAP = 4000     # moves in one session (the simulator's cap for P52)


def _chooser(quest: str, met: set[str], ranks: set[str]) -> Callable[..., dict[str, Any]]:
    """The random players, who take ``quest`` at Choose a Quest and note the made enemies met."""
    def choose(state: dict[str, Any], legal: list[dict[str, Any]], rng: Rng, _k: int) -> dict[str, Any]:
        room = state.get("room")
        if room:
            met.update(e["kind"] for e in room["enemies"] if e["kind"] in ranks)
        pick = {"type": "quest", "quest": quest}
        return pick if pick in legal else GAME.sim_choose(state, legal, rng)
    return choose


def game_options(n: int, **made: Any) -> dict[str, Any]:
    """The ``n``-th session: one to three new characters, the app laying out the rooms."""
    return {"new_characters": 1 + n % 3, "layout": "app", **made}


def playability_steps(card: Any) -> Generator[int, None, list[str]]:
    """The reasons the made enemy ``card`` is not playable (empty: it is), a session at a time."""
    found = made_problems(card)
    if found:
        return found
    card = dict(card, id=made_id(card))  # as a game starts from it
    met: set[str] = set()
    why, _ = yield from trial_steps(GAME, lambda n: game_options(n, enemies=[card]), GAMES, STEP_CAP, 0x52E,
                                    "game", " with it", _chooser("survival", met, {card["card"]}))
    if why:
        return [why]
    if not met:
        return [f"none of {GAMES} sessions turned it over from the Enemy deck"]
    return []


def quest_playability_steps(quest: Any) -> Generator[int, None, list[str]]:
    """The reasons the made quest ``quest`` is not playable (empty: it is), a session at a time:
    each made enemy it carries played as above, then ``GAMES`` sessions of the quest."""
    found = quest_made_problems(quest)
    if found:
        return found
    quest = dict(quest, id=quest_id(quest))
    for card in quest.get("cards", []):
        why = yield from playability_steps(card)
        if why:
            return [f"its enemy {card['name']}: {w}" for w in why]
    why, _ = yield from trial_steps(GAME, lambda n: game_options(n, quest=quest), GAMES, STEP_CAP, 0x52F,
                                    "game", " of it", _chooser("yours", set(), set()))
    return [why] if why else []


def quest_work(quest: Any) -> int:
    """How many units ``quest_playability_steps`` yields for ``quest`` at most."""
    cards = quest.get("cards", []) if isinstance(quest, dict) and isinstance(quest.get("cards"), list) else []
    return GAMES * (1 + len(cards))


def playability(card: Any) -> list[str]:
    return run_steps(playability_steps(card))


def quest_playability(quest: Any) -> list[str]:
    return run_steps(quest_playability_steps(quest))




# -- made items for the random playthroughs (``simulate made:enemy-p52`` / ``made:quest-p52``) --
SAMPLE_TRIES = 60


def sample_card(rng: Rng) -> dict[str, Any]:
    """A seeded made enemy: one of ours refilled by the spec's own random fill (form.sample),
    tried again until it passes the Library's check."""
    ours = data.enemies()["by_card"]
    for _ in range(SAMPLE_TRIES):
        base = copy.deepcopy(ours[rng.choice(sorted(ours))])
        card = sample(ENEMY, base, rng, 0.2, frozenset({"id"}))
        card["id"] = made_id(card)
        if not made_problems(card):
            return card
    base["name"] = f"{base['name'][:32]} (yours)"
    return dict(base, id=made_id(base))


def sample_quest(rng: Rng) -> dict[str, Any]:
    """A seeded made quest: one of ours refilled by the random fill, of a kind drawn, carrying
    zero to two made enemies of different face cards."""
    ours = data.quests()
    for _ in range(SAMPLE_TRIES):
        base = dict(copy.deepcopy(ours[rng.choice(sorted(ours))]))
        base["kind"] = base["id"]
        quest = sample(QUEST, base, rng, 0.2, frozenset({"id", "enemies", "cards"}))
        cards: dict[str, dict[str, Any]] = {}
        for _ in range(rng.below(3)):
            card = sample_card(rng)
            cards.setdefault(card["card"], card)
        quest["cards"] = list(cards.values())
        quest["enemies"] = [c["id"] for c in quest["cards"]]
        if not quest["cards"]:
            quest.pop("cards")
            quest.pop("enemies")
        quest["id"] = quest_id(quest)
        if not quest_made_problems(quest):
            return quest
    return dict(base, id=quest_id(base))


def sim_options(rng: Rng) -> dict[str, Any]:
    """A simulated session with a made enemy in the Enemy deck (the game's own random options)."""
    return dict(GAME.sim_options(rng), enemies=[sample_card(rng)])


def quest_sim_options(rng: Rng) -> dict[str, Any]:
    """A simulated session offered a made quest at Choose a Quest (the game's own random options)."""
    return dict(GAME.sim_options(rng), quest=sample_quest(rng))
