"""A creature the GM made is played before it is kept (issue 49): its card passes the
bestiary's check (creaturecard.made_problems), then ``GAMES`` seeded games of the GM's
table are played by the random players (the policy of ``simulate``, policy.sim_choose)
with the creature in the fight: solo skirmishes of one to three premade characters against
it (a Companion fights beside them, against a Grunt), and a GM's table evening with it among
the foes. Every game must end with no error of the rules: after ``EVENING`` moves (several
rounds of the fight; the random players, who also try every tool of the GM's, take 100 to
700 moves to end a fight with a boss) the GM ends the session at the next move that allows
it, so one creature's check is a bounded piece of work (about 1 to 3 s in CPython).

Why played and not only checked: a card can pass every field check and still trip the
rules (a power on a creature that the table runs in a way no creature of ours ever did) or
leave a fight that never ends; the games find both, with the same seeds on every phone, so
a creature refused here is refused everywhere. Choice (docs/rules/dofa.md, "A creature of
your own"): a creature none of our premades can beat is not refused, unlike an ADS Foe
(the book's own Spider Queen beats two level-1 heroes every time, and a GM's creature may
be meant for a stronger party than our level 1 to 3 premades).
"""

from __future__ import annotations

import copy
from typing import Any, Generator

from ...core.game import run_steps
from ...core.rng import Rng
from ...core.trials import trial_steps
from .creaturecard import made_id, made_problems, spec
from .rules import GAME

GAMES = 24           # seeded games with a made creature before it is kept
EVENING = 150        # moves of a game before the GM ends the session (at the next chance)
END = {"type": "end_session"}
HEROES = ("Spades", "Hearts", "Clubs", "Diamonds", "Assassin", "Crusader", "Alchemist", "Summoner")


def game_options(card: dict[str, Any], n: int) -> dict[str, Any]:
    """The options of the ``n``-th game: premades of about the creature's level (1 to 3),
    one to three of them; two games in three a skirmish, the third a table evening."""
    level = min(3, card["level"])
    party = [f"{HEROES[(n + 3 * i) % len(HEROES)]}{level}" for i in range(1 + n % 3)]
    foes = [card["id"], "Grunt"] if card["type"] == "Companion" else [card["id"]]
    mode = "table" if n % 3 == 2 else "skirmish"
    return {"mode": mode, "players": [], "party": party if mode == "skirmish" else party[:1],
            "foes": foes, "cards": [card]}


def choose(state: dict[str, Any], legal: list[dict[str, Any]], rng: Rng, moves: int) -> dict[str, Any]:
    """The random players' move (policy.sim_choose), or, after ``EVENING`` moves, the GM
    ending the session as soon as it may be ended."""
    return END if moves >= EVENING and END in legal else GAME.sim_choose(state, legal, rng)


def playability_steps(card: Any) -> Generator[int, None, list[str]]:
    """The reasons the made creature ``card`` is not playable (empty: it is), a game at a
    time (yields 1 after each), so the page can give itself back between games."""
    found = made_problems(card)
    if found:
        return found
    card = dict(card, id=made_id(card))  # as a game takes it
    why, _ = yield from trial_steps(GAME, lambda n: game_options(card, n), GAMES, GAME.sim_step_cap, 0x5EED,
                                    "game", " with it", choose)
    return [why] if why else []


def playability(card: Any) -> list[str]:
    """``playability_steps`` at once."""
    return run_steps(playability_steps(card))


SAMPLE_TRIES = 40


def sample_card(rng: Rng) -> dict[str, Any]:
    """A seeded made creature: one of ours refilled by the spec's own random fill
    (form.sample), tried again until the card passes the Library's check (what Keep asks
    before it plays it)."""
    from ...form import sample
    from .bestiary import creatures
    ours = creatures()
    for _ in range(SAMPLE_TRIES):
        base = dict(copy.deepcopy(ours[rng.choice(sorted(ours))]))
        base["name"] = f"{base['id'][:32]} (yours)"
        card = sample(spec(), base, rng, 0.15, frozenset({"id", "name"}))
        card["id"] = made_id(card)
        if not made_problems(card):
            return card
    base["hp"] = max(5, base["hp"]) if base["type"] in ("Dealer", "Boss") else base["hp"]
    return dict(base, id=made_id(base))


def sim_options(rng: Rng) -> dict[str, Any]:
    """``simulate made:creature-dofa-gm``: the GM's table's own random options, with a made
    creature among the foes (a Companion joins the party) and its card in ``cards``."""
    card = sample_card(rng)
    o = GAME.sim_options(rng)
    return dict(o, foes=[*o["foes"], card["id"]], cards=[card])


