"""The flow of a fight: who is where, the player's turn starting, sight in poor light, XP
and Gold. The Foes' own turns: ``foeturn``; damage to either side and Exhaustion: the
attack pipeline's damage stage (``attack.damage``); the change of Round: ``rounds``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from ...core.odds import as_percent
from ...core.rng import Rng
from . import data, grid
from .deck import coin, draw_symbols, finish, hand_max, log, match_one, match_pattern, note, record_draw, refill, up_chance
from .cover import cover_check
from .maths import SYMBOLS, matches, seq_chance, tick  # noqa: F401 (tick: read here by the rules)

State = dict[str, Any]
DIST = data.DISTANCES  # ranged, thrown, melee


# -- who is where ------------------------------------------------------------------

def live_foes(state: State) -> list[int]:
    return [i for i, f in enumerate(state["foes"]) if f["hp"] > 0 and not f["fled"]]


def trait(foe: dict[str, Any], name: str) -> list[Any] | None:
    for t in data.foe_card(foe["id"]).get("traits", []):
        if t[0] == name:
            return t
    return None


def in_reach(state: State, distances: list[str], dist: str) -> bool:
    """Simple play ignores Distances; One Dimensional play checks the card's icons. The
    Map card's usable Distances (``room_fits``) apply in both, unless its penalty is on."""
    if not (state["mode"] == "simple" or not distances or dist in distances):
        return False
    return room_fits(state, distances, dist) or state.get("map", {}).get("penalty", False)


def room_fits(state: State, distances: list[str], dist: str) -> bool:
    """Combat Conditions ~ Distance: "If a Player's or Foe's Card does not have a Distance
    that matches the Distance of the Map or Room Card, it can't be Played". A fight with no
    Map card (``state["map"]`` absent or no Distances) allows every Distance. In Simple play
    the card needs one Distance the Map card shows; in One Dimensional play the Distance it
    is used at must be on the Map card."""
    room = state.get("map", {}).get("distances", [])
    if not room or not distances:
        return True
    if state["mode"] == "line":
        return dist in room
    return any(d in room for d in distances)


def map_penalty_check(state: State, rng: Rng, distances: list[str], dist: str, who: str) -> bool:
    """Combat Conditions ~ Distance, optional Penalty: a card without the Map card's
    Distance is played normally, but a card is drawn to match the Map card's Up/Down; if
    it does not match, the card fails (and is discarded, as a failed sight check)."""
    if room_fits(state, distances, dist):
        return True
    want = state["map"]["updown"]
    ok = match_one(state, rng, who, "play off the Map card's Distances", want)
    if not ok:
        log(state, f"{who} cannot use that Distance in this room: the action fails.")
    return ok


def step_toward(dist: str, wanted: list[str]) -> str:
    """One Distance category toward the nearest of ``wanted``."""
    i = DIST.index(dist)
    targets = [DIST.index(w) for w in wanted]
    best = min(targets, key=lambda t: (abs(t - i), t))
    return DIST[i + (1 if best > i else -1)] if best != i else dist


def move_foe(foe: dict[str, Any], to: str, state: State | None = None) -> None:
    """A Foe changes Distance; closing in is remembered for "Closing Distance and Fleeing".
    (Two Dimensional play walks its square there: ``grid.move_foe``.)"""
    foe["closed"] = DIST.index(to) > DIST.index(foe["distance"])
    if state is not None and "grid" in state:
        grid.move_foe(state, foe, to)
        return
    foe["distance"] = to


# -- chances shown before a draw ----------------------------------------------------

def outcome_chances(patterns: list[str], draw: int, up: Fraction = Fraction(1, 2)) -> list[Fraction]:
    """The chance of each outcome when they are tried top to bottom (first match wins),
    each draw an Up with chance ``up`` (``deck.up_chance``)."""
    return list(_outcome_chances(tuple(patterns), draw, up))


@lru_cache(maxsize=256)
def _outcome_chances(patterns: tuple[str, ...], draw: int, up: Fraction) -> tuple[Fraction, ...]:
    out = [Fraction(0)] * len(patterns)
    for seq in product(SYMBOLS, repeat=draw):
        for i, p in enumerate(patterns):
            if matches(p, seq):
                out[i] += seq_chance(seq, up)
                break
    return tuple(out)


def action_row(foe: dict[str, Any], r: int) -> dict[str, Any]:
    for row in data.foe_card(foe["id"])["actions"]:
        if r in row["rounds"]:
            return row
    raise ValueError(f"{foe['name']} has no action on Round {r}")


def reaction_outcomes(foe: dict[str, Any], r: int) -> tuple[int, list[dict[str, Any]]]:
    for row in data.foe_card(foe["id"])["reactions"]:
        if r in row["rounds"]:
            return row["draw"], [o for o in row["outcomes"] if r in o.get("rounds", row["rounds"])]
    return 0, []


# -- Rounds and turns ---------------------------------------------------------------

def start_player_turn(state: State, rng: Rng) -> None:
    """Order of Play: draw up to the hand maximum; a hand above it (a level of Exhaustion
    or Fatigue since the last turn: "reducing their Hand by 1 Card") is discarded down to
    the maximum before anything else is done, and then there is no draw-over. "If you
    already have 7 Cards in your Hand, you may Draw 1 (one) Card": the draw-over is the
    other branch of the start-of-turn draw, for a hand that held the maximum before it
    (``fresh``); a hand the refill has just brought to the maximum draws no more."""
    state["phase"] = "turn"
    state["fresh"] = len(state["hand"]) == hand_max(state)
    refill(state, rng)
    if state["phase"] == "over":
        return
    state["phase"] = "turn"
    if len(state["hand"]) > hand_max(state):
        state["fresh"] = False
        state["phase"] = "discard"
        state["after_discard"] = "turn"
        log(state, f"Hand maximum {hand_max(state)}: discard down to it before your turn.")


def win(state: State) -> None:
    dead = [f for f in state["foes"] if f["hp"] <= 0]
    # XP and Gold are shared among the players who won (one here): rounded down, minimum 1
    xp = sum(max(1, data.foe_card(f["id"])["xp"] // state["players"]) for f in dead)
    gold = sum(data.foe_card(f["id"])["gold"] // state["players"] and
               max(1, data.foe_card(f["id"])["gold"] // state["players"]) for f in dead)
    state["xp"], state["gold"] = xp, gold
    log(state, win_words([f["name"] for f in dead], [f["name"] for f in state["foes"] if f["fled"]], xp, gold))
    finish(state, "won")


def win_words(dead: list[str], fled: list[str], xp: int, gold: int) -> str:
    """What the end of a fight with no Foe left means. The Foe Card: XP and Gold are what
    "defeating this Foe grants"; a Foe that Flees "removes themselves from Combat" and is
    not defeated, so it grants neither. Said, not a bare "Victory! 0 XP"."""
    gone = f"{' and '.join(fled)} fled" if fled else ""
    if not dead:
        return (f"No Foe is left: {gone}. A Foe that flees is not defeated, so it gives no XP "
                f"or Gold (The Foe Card: XP and Gold for defeating a Foe).")
    won = f"Victory! {xp} XP and {gold} Gold"
    return f"{won} ({gone}: no XP or Gold for a Foe not defeated)." if fled else f"{won}."


# -- the Foe reacting to the player's attack ---------------------------------------

def sight_hampered(state: State, foe: dict[str, Any] | None) -> bool:
    """Combat Conditions ~ Lighting: "such as a Human in a dark room or a Goblin under a
    sunlit sky, then the Player or Foe must match": without Darksight in the dark, or
    with Darksight in bright light, sight is hampered, for a character and a Foe alike."""
    if foe is None:
        darksight = bool(data.core()["races"][state["race"]]["darksight"])
    else:
        darksight = trait(foe, "darksight") is not None
    return (state["light"] == "dark" and not darksight) or (state["light"] == "bright" and darksight)


def sight_check(state: State, rng: Rng, foe: dict[str, Any] | None, distances: list[str],
                dist: str, who: str, target: dict[str, Any] | None = None) -> bool:
    """A hampered player or Foe must match Up/Downs to play anything with a Distance:
    Melee 1 (50%), Thrown 2 (25%), Ranged 3 (12%). The declared set is all one symbol,
    declared by the seeded generator. The distance is the Foe's in One Dimensional play;
    in Simple play the nearest one the card lists."""
    if not map_penalty_check(state, rng, distances, dist, who):
        return False
    if "grid" in state and distances:  # the Map card's cover (area.py), Two Dimensional play
        if not cover_check(state, rng, foe, target, dist, who):
            return False
    if not distances or not sight_hampered(state, foe):
        return True
    d = dist if state["mode"] == "line" else next(x for x in ("melee", "thrown", "ranged") if x in distances)
    n = {"melee": 1, "thrown": 2, "ranged": 3}[d]
    sym = coin(rng)
    one = up_chance(state) if sym == "^" else 1 - up_chance(state)
    drawn = draw_symbols(state, rng, n)
    ok = all(x == sym for x in drawn)
    record_draw(state, who, f"see at {d.title()} ({state['light']})", drawn, sym * n, ok,
                chance_text(one ** n))
    if not ok:
        log(state, f"{who} cannot see well enough at {d.title()}: the action fails.")
    return ok


def chance_text(p: Fraction) -> str:
    return as_percent(p)


# -- shared by the grapple rules and the Foes' answers (below both) ------------------------

GRAPPLE_ATTRS = ("strength", "agility")


def grab(state: State, i: int) -> None:
    state["grapple"] = {"foe": i}
    state["foes"][i]["distance"] = "melee"
    if "grid" in state:
        grid.pull(state, i)
    log(state, f"You Grapple {state['foes'][i]['name']}.")


def foe_escalates(state: State, rng: Rng, i: int, allowed: list[str] | tuple[str, ...], why: str) -> bool:
    """Re-Counter & Escalation: "By default, Foes cannot Re-Counter or Escalate. If a Foe
    can ... it will be noted on their Foe Card" (our field ``escalate``). Such a Foe
    answers again by drawing its Attribute pattern, and only with an Attribute the
    contest allows ("Escalation only with the listed attributes")."""
    foe = state["foes"][i]
    f = data.foe_card(foe["id"])
    attr = f.get("attribute")
    if not f.get("escalate") or not attr or attr["name"] not in allowed or foe["hp"] <= 0:
        return False
    ok = match_pattern(state, rng, foe["name"], f"{why} with {attr['name'].title()}", attr["pattern"])
    if ok:
        note(state, "foe_escalation")
        log(state, f"{foe['name']} answers again with {attr['name'].title()} ({why}).")
    return ok
