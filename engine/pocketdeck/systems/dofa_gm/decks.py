"""The GM's decks (GMG, Game Master Resources; Character Types): the NPC Deck (Minions'
Target Cards and draws; reshuffled before each combat), the World Deck (Target Cards for
tasks, Epic Events and social checks; reshuffled when empty), and a deck of its own for
each Dealer and Boss (one Fate Card, Aces kept) and, in the solo skirmish, for each premade
character (the PG's 54-card Action Deck).

A deck is a dict of piles: ``draw``, ``discard``, ``fate`` (held Fate Cards), ``aside``
(spent Jokers), ``tcs`` (Target Cards out on the table, by holder) and ``drawing`` (the
cards of a check in progress). Together they always hold the deck's ``cards`` exactly once
(``check_deck``, run on every simulated step).
"""

from __future__ import annotations

from typing import Any

from ...core.cards import standard_deck
from ...core.game import IllegalAction, State
from ...core.rng import Rng

Deck = dict[str, Any]
JOKERS = ("RJ", "BJ")


def new_deck(rng: Rng, *, jokers: int = 0, keeps_aces: bool = False,
             reshuffle: str = "empty") -> Deck:
    """``jokers`` Fate Cards start in hand (Dealer 1, a player's Action Deck 2);
    ``keeps_aces``: a drawn Ace stays in hand as a Fate Card (Dealers and players, never
    Minions: GMG, Character Types)."""
    cards = standard_deck()
    rng.shuffle(cards)
    return {"draw": cards, "discard": [], "fate": list(JOKERS[:jokers]), "aside": [],
            "tcs": {}, "drawing": [], "keeps_aces": keeps_aces, "size": 52 + jokers,
            "reshuffles": 0, "reshuffle": reshuffle}


def all_cards(deck: Deck) -> list[str]:
    return (deck["draw"] + deck["discard"] + deck["fate"] + deck["aside"]
            + list(deck["tcs"].values()) + deck["drawing"])


def check_deck(name: str, deck: Deck) -> None:
    """ValueError unless the deck holds its 52 cards and its Jokers exactly once."""
    jokers = [j for j in JOKERS[:deck["size"] - 52]]
    if sorted(all_cards(deck)) != sorted(standard_deck() + jokers):
        raise ValueError(f"the {name} deck does not hold its {deck['size']} cards exactly once")


def drawable(deck: Deck) -> int:
    return len(deck["draw"]) + len(deck["discard"])


def take(deck: Deck, rng: Rng) -> str:
    """The top card into the draw in progress. An empty draw pile is reshuffled from the
    discard pile (the World Deck's rule; a Dealer's or player's deck counts the reshuffle:
    Fatigue, PG)."""
    if not deck["draw"]:
        if not deck["discard"]:
            raise IllegalAction("no cards left to draw in this deck (draw and discard piles empty)")
        deck["draw"], deck["discard"] = deck["discard"], []
        rng.shuffle(deck["draw"])
        deck["reshuffles"] += 1
    card = deck["draw"].pop()
    deck["drawing"].append(card)
    return card


def settle(deck: Deck) -> None:
    """The draw is over: Aces stay in hand where the deck keeps them, the rest discarded."""
    for c in deck["drawing"]:
        (deck["fate"] if deck["keeps_aces"] and c.startswith("A") else deck["discard"]).append(c)
    deck["drawing"] = []


def draw_tc(deck: Deck, rng: Rng, holder: str) -> str:
    """A Target Card for ``holder`` (its old one, if any, is discarded first)."""
    drop_tc(deck, holder)
    card = take(deck, rng)
    deck["drawing"].remove(card)
    deck["tcs"][holder] = card
    return card


def drop_tc(deck: Deck, holder: str) -> None:
    """A Target Card leaves the table: an Ace stays in hand as a Fate Card where the deck
    keeps Aces (PG, The Action Deck 2, Fate Cards 2; GMG, Character Types: a Dealer
    "reserves Aces when drawn"), any other card is discarded."""
    card = deck["tcs"].pop(holder, None)
    if card is not None:
        (deck["fate"] if deck["keeps_aces"] and card.startswith("A") else deck["discard"]).append(card)


def reshuffle_all(deck: Deck, rng: Rng) -> None:
    """The NPC Deck before each combat (GMG, Game Master Resources): every card not held
    back into one shuffled draw pile (Target Cards out stay out until redrawn)."""
    deck["draw"] += deck["discard"]
    deck["discard"] = []
    rng.shuffle(deck["draw"])


def spend_fate(deck: Deck, card: str) -> None:
    deck["fate"].remove(card)
    (deck["aside"] if card in JOKERS else deck["discard"]).append(card)


def deck_of(state: State, who: dict[str, Any]) -> Deck:
    return state["decks"][who["deck"]]
