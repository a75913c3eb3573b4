"""Rules of the Deck table (a tool, not a book: the rules are those of a real deck).

Piles: ``draw`` (face down, top = end of list), ``hand`` (the cards you drew, in front of
you), ``discard`` (face up). Nothing is ever created or lost: the deck's cards always.

The ``deck`` option names a deck of decks.toml, or is a deck of the player's own: a
mapping ``{"name", "cards"}`` (any of the 54 cards, each as many times as wanted: a
Euchre deck, two decks shuffled together). Such a deck is also what the library keeps
(``deck_record_problems`` is its record check), so a game started from it replays from
its options alone.
"""

from __future__ import annotations

from typing import Any

from ...content import ContentError, load, register_checker, table_rows
from ...core import piles
from ...core.cards import Card, standard_deck
from ...core.game import Action, Game, IllegalAction, State, register
from ...core.limits import name_problem
from ...core.odds import as_percent, chance_one
from ...core.rng import Rng

LOG_KEEP = 40
DECK_MAX = 6 * 54     # cards in a deck of one's own (six decks shuffled together)
NAME_MAX = 40
ORDER = {c: i for i, c in enumerate(standard_deck(True))}  # new-deck order, Jokers last


def deck_record_problems(record: Any) -> list[str]:
    """What is wrong with a deck of one's own (an option, a library record, an import):
    ``{"name": 1-40 characters, "cards": 1-324 card codes of the 54}``; [] when it is fine."""
    if not isinstance(record, dict) or set(record) != {"name", "cards"}:
        return ["a deck of your own is a name and a list of cards, nothing else"]
    problems = []
    name, cards = record["name"], record["cards"]
    if name_problem(name, NAME_MAX):
        problems.append(f"a deck's name: {name_problem(name, NAME_MAX)}")
    if not isinstance(cards, list) or not 1 <= len(cards) <= DECK_MAX:
        problems.append(f"a deck holds 1 to {DECK_MAX} cards")
    else:
        bad = [c for c in cards if not isinstance(c, str) or c not in ORDER]
        if bad:
            problems.append(f"{str(bad[0])[:20]!r} is not one of the 54 playing cards")
    return problems


def deck_cards(option: Any) -> list[str]:
    """The cards of a ``deck`` option (a catalogue id or a deck of one's own), new-deck order."""
    if isinstance(option, dict):
        return sorted(option["cards"], key=ORDER.__getitem__)
    return standard_deck(deck_catalogue()[option]["jokers"])


def deck_title(option: Any) -> str:
    return option["name"] if isinstance(option, dict) else deck_catalogue()[option]["name"]


def deck_catalogue() -> dict[str, dict[str, Any]]:
    return {d["id"]: d for d in load("deck/decks.toml")["deck"]}


DECK_ROW = {"id": str, "name": str, "jokers": bool, "blurb": str}


def _check_content(name: str, data: dict[str, Any]) -> list[str]:
    """deck/decks.toml: at least one [[deck]] row, each of DECK_ROW's types, ids unique."""
    decks, problems = table_rows(data, "deck", DECK_ROW)
    ids = [d["id"] for d in decks]
    if len(set(ids)) != len(ids):
        problems.append("every [[deck]] needs its own 'id'")
    return problems


register_checker("deck", _check_content)


class DeckGame(Game):
    name = "deck"
    title = "Deck"
    schema_version = 1
    sim_step_cap = 5000

    def default_options(self) -> dict[str, Any]:
        return {"deck": "standard52", "reshuffle_limit": None}

    def check_options(self, options: dict[str, Any]) -> None:
        try:
            catalogue = deck_catalogue()
        except ContentError as exc:
            raise IllegalAction(str(exc)) from None
        if isinstance(options["deck"], dict):
            problems = deck_record_problems(options["deck"])
            if problems:
                raise IllegalAction(f"deck: {problems[0]}")
        elif not isinstance(options["deck"], str) or options["deck"] not in catalogue:
            raise IllegalAction(f"unknown deck {options['deck']!r}; choose one of {', '.join(catalogue)}")
        limit = options["reshuffle_limit"]
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
            raise IllegalAction("reshuffle_limit must be empty or a whole number of 0 or more")

    def sim_options(self, rng: Rng) -> dict[str, Any]:
        # a deck of one's own too: two decks shuffled together, as a player would make
        own = {"name": "Two decks", "cards": standard_deck(False) * 2}
        return {"deck": rng.choice(["standard52", "standard54", own]), "reshuffle_limit": rng.randint(1, 4)}

    def _new(self, options: dict[str, Any], rng: Rng) -> State:
        draw = deck_cards(options["deck"])
        rng.shuffle(draw)
        return {"piles": {"draw": draw, "hand": [], "discard": []}, "reshuffles": 0,
                "log": ["Shuffled a new deck of %d cards." % len(draw)]}

    # -- rules ----------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        limit = state["options"]["reshuffle_limit"]
        return limit is not None and state["reshuffles"] >= limit and not state["piles"]["draw"]

    def legal_actions(self, state: State) -> list[Action]:
        if self.is_over(state):
            return []
        p = state["piles"]
        acts: list[Action] = []
        if p["draw"]:
            acts.append({"type": "draw"})
        acts.extend({"type": "discard", "card": c} for c in p["hand"])
        if len(p["hand"]) > 1:
            acts.append({"type": "discard_hand"})
        if self._may_reshuffle(state) and p["discard"]:
            acts.append({"type": "reshuffle"})
        if self._may_reshuffle(state) and (p["hand"] or p["discard"]):
            acts.append({"type": "gather"})
        if len(p["draw"]) > 1:
            acts.append({"type": "shuffle"})
        return acts

    def _may_reshuffle(self, state: State) -> bool:
        limit = state["options"]["reshuffle_limit"]
        return limit is None or state["reshuffles"] < limit

    def explain(self, state: State, action: Action) -> str:
        p, kind = state["piles"], action.get("type")
        if self.is_over(state):
            return "the game is over: the deck is spent and no reshuffles are left"
        if kind == "draw" and not p["draw"]:
            return "the draw pile is empty: reshuffle the discard pile first"
        if kind == "discard":
            return f"{action.get('card')!r} is not in your hand"
        if kind == "discard_hand":
            return "there are fewer than two cards in your hand (discard them one by one)"
        if kind in ("reshuffle", "gather") and not self._may_reshuffle(state):
            return "no reshuffles are left in this game"
        if kind == "reshuffle":
            return "the discard pile is empty: there is nothing to reshuffle"
        if kind == "gather":
            return "every card is already in the draw pile"
        if kind == "shuffle":
            return "the draw pile needs two cards or more to shuffle"
        return super().explain(state, action)

    def _apply(self, state: State, action: Action, rng: Rng) -> None:
        p, kind = state["piles"], action["type"]
        if kind == "draw":
            (card,) = piles.draw(p, "draw", "hand")
            self._log(state, f"Drew {Card.parse(card).name}.")
        elif kind == "discard":
            piles.move(p, action["card"], "hand", "discard")
            self._log(state, f"Discarded {Card.parse(action['card']).name}.")
        elif kind == "discard_hand":
            n = len(piles.move_all(p, "hand", "discard"))
            self._log(state, f"Discarded {n} cards from the hand.")
        elif kind == "reshuffle":
            n = piles.reshuffle(p, "discard", "draw", rng)
            state["reshuffles"] += 1
            self._log(state, f"Shuffled {n} discarded cards under the draw pile.")
        elif kind == "gather":
            piles.move_all(p, "hand", "draw")
            piles.move_all(p, "discard", "draw")
            piles.shuffle(p, "draw", rng)
            state["reshuffles"] += 1
            self._log(state, f"Gathered every card and shuffled: {len(p['draw'])} in the draw pile.")
        elif kind == "shuffle":
            piles.shuffle(p, "draw", rng)
            self._log(state, "Shuffled the draw pile.")
        else:  # unreachable: apply() only passes legal actions
            raise IllegalAction(f"unknown action {kind!r}")

    @staticmethod
    def _log(state: State, text: str) -> None:
        state["log"].append(text)
        del state["log"][:-LOG_KEEP]

    # -- checks and views -------------------------------------------------------------
    def card_total(self, state: State) -> int:
        return piles.total(state["piles"])

    def check_state(self, state: State) -> None:
        p = state.get("piles")
        if not isinstance(p, dict) or set(p) != {"draw", "hand", "discard"}:
            raise ValueError("a Deck state needs the piles draw, hand and discard")
        cards = [c for pile in p.values() for c in pile]
        if sorted(cards) != sorted(deck_cards(state["options"]["deck"])):
            raise ValueError("the Deck state does not hold exactly one full deck")

    def view(self, state: State, seat: str = "player") -> dict[str, Any]:
        p = state["piles"]
        limit = state["options"]["reshuffle_limit"]
        return {
            "system": self.name, "title": self.title, "deck_name": deck_title(state["options"]["deck"]),
            "draw_count": len(p["draw"]), "hand": list(p["hand"]),
            # what is left, in new-deck order: the composition, never the order
            "left": sorted(p["draw"], key=ORDER.__getitem__),
            "odds": _next_card_odds(p["draw"]),
            "discard": list(p["discard"]), "reshuffles": state["reshuffles"],
            "reshuffles_left": None if limit is None else max(0, limit - state["reshuffles"]),
            "log": list(state["log"][-8:]), "over": self.is_over(state),
            "actions": self.legal_actions(state),
        }


def _next_card_odds(draw: list[str]) -> list[list[str]]:
    """Exact chances for the next card, from the cards actually left."""
    if not draw:
        return []
    cards = {c: Card.parse(c) for c in set(draw)}
    tests = [("red", lambda c: cards[c].colour == "red" and not cards[c].is_joker),
             ("a face card (J, Q, K)", lambda c: cards[c].rank is not None and cards[c].rank.is_face),
             ("an Ace", lambda c: cards[c].value == 1)]
    if any(cards[c].is_joker for c in draw):
        tests.append(("a Joker", lambda c: cards[c].is_joker))
    # lists, not tuples: a view is JSON-safe (it survives the trip to a save or a peer)
    return [[name, as_percent(chance_one(draw, test))] for name, test in tests]


GAME = register(DeckGame())
