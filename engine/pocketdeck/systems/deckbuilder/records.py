"""Heroes carried over between games: a hero's record (what the hero library on the
phone keeps, IndexedDB key ``char:deckbuilder:<id>``) and the check that refuses a
record the rules could not have produced (a damaged entry, a hand-edited one).

A record is taken when a game ends: the information card's stats and maximum health
(raised only by the retired upgrades of rules formats 1 to 5), the experience not spent,
the whole character deck (every battle card the hero owns, wherever it lay when the game
ended: draw, hand, discard, expended, played), the latent abilities, the equipped weapons
and spells, the armor, the at-hand items and the powers. Health is full again and Fatigue
cards go back to the supply.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.limits import name_problem
from ...content import ListOf, OneOf, Range, Table, check_row
from . import data
from .common import DECK_MAX, own_cards

RECORD_FORMAT = "pocketdeck-deckbuilder-hero"
NAME_MAX = 40
STAT = Range(-5, 12)


@lru_cache(maxsize=None)
def _schema() -> Table:
    return Table({
        "format": OneOf(RECORD_FORMAT), "version": OneOf(1), "name": str,
        "hero": OneOf(*sorted(data.heroes())),
        "stats": Table({k: STAT for k in data.UPGRADE_STATS}, strict=True),
        "max_health": Range(1, 200), "xp": Range(0, 10_000), "encounters": Range(0, 100_000),
        "deck": ListOf(str), "latent": ListOf(str), "equipped": ListOf(str), "armor": ListOf(str),
        "at_hand": ListOf(str), "powers": ListOf(str),
    }, strict=True)


@lru_cache(maxsize=None)
def _known_cards() -> frozenset[str]:
    return frozenset(data.tableau()) | frozenset(data.abilities()) | frozenset(data.weapons()) \
        | frozenset(data.armors()) | frozenset(data.powers())


def record_problems(rec: Any) -> list[str]:
    """Everything wrong with a hero record; an empty list when the rules accept it."""
    problems = check_row("hero record", rec, _schema())
    if problems:
        return problems
    cards = _known_cards()
    bad_name = name_problem(rec["name"], NAME_MAX)
    if bad_name:
        problems.append(bad_name)
    if not 1 <= len(rec["deck"]) <= DECK_MAX:
        problems.append(f"a deck holds 1 to {DECK_MAX} cards")
    unknown = [c for k in ("deck", "latent", "at_hand") for c in rec[k] if c not in cards]
    if unknown:
        problems.append(f"unknown card {unknown[0][:40]!r}")
    if len(rec["equipped"]) > 2 or any(w not in data.weapons() for w in rec["equipped"]):
        problems.append("at most two equipped weapons or spells, from the known ones")
    if len(rec["armor"]) > 1 or any(a not in data.armors() for a in rec["armor"]):
        problems.append("at most one armor, a known one")
    if any(p not in data.powers() for p in rec["powers"]) or len(rec["powers"]) > 20:
        problems.append("powers must be known ones")
    if len(rec["at_hand"]) + len(rec["latent"]) > DECK_MAX:
        problems.append("too many at-hand items or latent abilities")
    return problems or bought_problems(rec)


def bought_problems(rec: dict[str, Any]) -> list[str]:
    """What a hero holds above its information card must have been bought with the
    experience its encounters gave (a cleared encounter gives each hero its zone's
    experience: flow.py). Cards: learnt or practised from the training supply
    (flow.take_upgrade), see ``_gained_cards``. Stats and maximum health: no game sells them
    now, but rules formats 1 to 5 did (``data.retired_upgrades``: one stat point for
    ``stat_cost``, ``health_gain`` maximum health for ``health_cost``), and a hero saved then
    keeps them at those costs; nothing else raises a stat or the health, and a stat those
    upgrades never named stays as printed."""
    card = data.heroes()[rec["hero"]]
    old = data.retired_upgrades()
    out: list[str] = []
    for k in data.UPGRADE_STATS:
        if k not in old["stats"] and rec["stats"][k] != card[k]:
            out.append(f"Upgrades: {k.replace('_', ' ')} is never upgraded; the {card['name']} card says {card[k]}")
        elif rec["stats"][k] < card[k]:
            out.append(f"Upgrades: {k.replace('_', ' ')} {rec['stats'][k]} is below the card's {card[k]}")
    gained = rec["max_health"] - card["health"]
    if gained < 0 or gained % old["health_gain"]:
        out.append(f"Upgrades: maximum health {rec['max_health']} is the card's {card['health']} "
                   f"plus {old['health_gain']} a time, never less")
    on_cards, out = _gained_cards(rec, card, out)
    if out:
        return out
    spent = old["stat_cost"] * sum(rec["stats"][k] - card[k] for k in old["stats"]) \
        + old["health_cost"] * (gained // old["health_gain"]) + on_cards
    most = rec["encounters"] * max(z["experience"] for z in data.zones().values())
    if rec["xp"] + spent > most:
        out.append(f"Upgrades: {rec['xp']:,} experience kept and {spent:,} spent on upgrades, but "
                   f"{rec['encounters']:,} encounter{'s' if rec['encounters'] != 1 else ''} give at most {most:,}")
    return out


def card_price() -> int:
    """The least experience a card from the training supply ever cost: learnt
    (``card_cost``) or practised as a copy of one held (``practise_cost``). A record cannot
    say which, nor under which rules format (formats 1 to 5 taught any training card at
    ``card_cost``), so each is counted at the cheaper: no hero the rules made is refused."""
    up = data.upgrade()
    return min(up["card_cost"], up["practise_cost"])


def _gained_cards(rec: dict[str, Any], card: dict[str, Any], out: list[str]) -> tuple[int, list[str]]:
    """The cards a hero holds beyond its information card (deck, latent, equipped, armor,
    at hand, powers: every card moves among these and none leaves but what is used up) came
    from a zone's spoils or an arena's items or were bought from the training supply (learnt,
    or practised: a copy of one held; flow.take_upgrade) at ``card_price`` each. Each source
    has its own budget: at most one spoil an encounter cleared, from the zones' treasure lists
    (flow.take_spoil), and the arenas' items of each zone entered, from the arenas' own item
    lists (turn.pick_up). A card no budget can hold is bought, if training sells it.
    Returns (the experience those purchases spent, ``out`` + problems)."""
    from collections import Counter
    start = Counter(card["deck"]) + Counter(card["latent"] + card["equipped"] + [card["armor"]]
                                            + card["at_hand"] + card["powers"])
    held = Counter(c for k in ("deck", "latent", "equipped", "armor", "at_hand", "powers") for c in rec[k])
    extra = held - start
    zones = data.zones().values()
    spoils = {c for z in zones for c in z.get("spoils", [])}
    items = {i for z in zones for a in z["arena"] for i in a.get("items", [])}
    training = set(data.upgrade()["cards"])
    alien = sorted(c for c in extra if c not in spoils and c not in items and c not in training)
    if alien:
        return 0, out + [f"Upgrades: {data.card_name(alien[0])} is not on the {card['name']} card, in any "
                         "spoils or arena, nor in the training supply"]
    n_items = max(sum(len(a.get("items", [])) for a in z["arena"]) for z in zones)
    slots = {"spoil": rec["encounters"],  # one spoil an encounter cleared
             "item": n_items * (rec["encounters"] + 1)}  # the items of the zone it left the game in too

    def fill(n: int, kinds: tuple[str, ...]) -> int:
        """Put ``n`` cards in the slots of ``kinds`` while they last; the number left over."""
        for k in kinds:
            took = min(n, slots[k])
            slots[k] -= took
            n -= took
        return n

    def kinds(c: str) -> tuple[str, ...]:
        return tuple(k for k, where in (("spoil", spoils), ("item", items)) if c in where)

    # the cards only found first, those with one source before those with two
    only_found = sorted((c for c in extra if c not in training), key=lambda c: len(kinds(c)))
    over = sum(fill(extra[c], kinds(c)) for c in only_found)
    if over:
        found = sum(extra[c] for c in only_found)
        return 0, out + [f"Upgrades: {found} cards found, but {rec['encounters']:,} encounters give at most "
                         f"{rec['encounters']:,} spoils (one each) and {n_items * (rec['encounters'] + 1):,} "
                         "arena items (each zone entered), each from its own list"]
    # a training card also found counts as found while the slots left could give it, the rest as bought
    bought = sum(fill(n, kinds(c)) for c, n in sorted(extra.items()) if c in training)
    return bought * card_price(), out


def export_heroes(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The party's records at the end of a game (see the module docstring)."""
    p = state["piles"]
    out = []
    for h in state["heroes"]:
        me = h["id"]
        deck = own_cards(state, h)
        out.append({"format": RECORD_FORMAT, "version": 1, "name": h["name"], "hero": h["hero"],
                    "stats": dict(h["stats"]), "max_health": h["max_health"], "xp": h["xp"],
                    "encounters": h["encounters"], "deck": sorted(deck),
                    "latent": sorted(p[f"{me}:latent"]), "equipped": list(p[f"{me}:equipped"]),
                    "armor": list(p[f"{me}:armor"]), "at_hand": sorted(p[f"{me}:at_hand"]),
                    "powers": list(p[f"{me}:powers"])})
    return out
