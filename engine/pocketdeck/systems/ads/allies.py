"""A party's characters acting for one another: how far apart two allies stand, healing an
ally, who is in a Grapple with a Foe (the attack pipeline's ``attack.into_grapple`` asks),
and a Reaction played for an ally.

Why a module of its own: the fight's rules are written for "the player" at the top of the
state (``party.enter``); everything here touches a second character, who lives in
``state["party"]["seats"]`` while another one plays. Rules and choices: docs/rules/ads.md
"The party".

- Distance between allies (the book tracks Distance between opponents): Simple play,
  "every Target, Opponent, and Ally are considered to be in all three Distances"; One
  Dimensional play, both on the one line, the gap between their places toward the Foes
  (the largest difference of their Distance categories to any Foe still in: none Melee,
  one Thrown, two Ranged); Two Dimensional play, the squares (``grid.category``).
- Reach of a card used on an ally: its own Distance icons if it has them; otherwise a
  spell or a Base Action reaches Melee and Thrown, a potion is handed over at Melee, a
  shield is raised in front of an ally at Melee, and a skill (Second Wind) is only for
  its own player.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data, party
from .deck import base, log, refill, take
from .maths import DOWN, UP

State = dict[str, Any]
Action = dict[str, Any]
SYM = (UP, DOWN)
CATEGORIES = ("melee", "thrown", "ranged")


# -- how far apart ------------------------------------------------------------------

def gap(state: State, k: int, j: int) -> str:
    """The Distance category between characters ``k`` and ``j``."""
    if state["mode"] == "simple":
        return "melee"
    a, b = party.seat(state, k), party.seat(state, j)
    if "grid" in state:
        from .grid import apart, category
        return category(apart(a["pos"], b["pos"]))
    worst = 0
    for i, foe in enumerate(state["foes"]):
        if foe["hp"] <= 0 or foe["fled"]:
            continue
        da, db = _dist(state, k, i), _dist(state, j, i)
        worst = max(worst, abs(data.DISTANCES.index(da) - data.DISTANCES.index(db)))
    return CATEGORIES[worst]


def _dist(state: State, k: int, i: int) -> str:
    if k == state["party"]["active"]:
        return state["foes"][i]["distance"]
    return state["party"]["seats"][k]["foe_pos"][i]["distance"]


def reach(c: dict[str, Any]) -> list[str]:
    """The Distances at which card (or Base Action) ``c`` reaches an ally (choice above)."""
    if c.get("distances") and c.get("kind") != "weapon":
        return list(c["distances"])
    kind = c.get("kind", "base")
    if kind in ("spell", "base", "normal"):
        return ["melee", "thrown"]
    if kind in ("potion", "shield"):
        return ["melee"]
    return []


def in_reach_of(state: State, j: int, c: dict[str, Any]) -> bool:
    """Whether ally ``j`` is within card ``c``'s reach of the active character."""
    if state["mode"] == "simple":
        return bool(reach(c))
    return gap(state, state["party"]["active"], j) in reach(c)


def others(state: State) -> list[int]:
    """The active character's allies still in the fight."""
    if "party" not in state:
        return []
    me = state["party"]["active"]
    return [k for k in party.seats_in(state) if k != me]


# -- healing an ally ------------------------------------------------------------------

def heals_disease(state: State, c: dict[str, Any]) -> bool:
    """Does this heal cure a Disease? A card that says so, or any heal by a Priest
    (DISEASE: "Countered at any point by using a Healing Potion, being Healed by a
    Priest, or taking a Rest"); ``state`` is the healer's."""
    return bool(c.get("cures")) or state["class"] == "priest"


def heal_targets(state: State, c: dict[str, Any]) -> list[int]:
    """Allies a healing card (or Base Action) ``c`` may heal: hurt (or, for a card that
    cures, diseased) and within its reach."""
    out = []
    for k in others(state):
        s = party.seat(state, k)
        if (s["hp"] < s["max_hp"] or (heals_disease(state, c) and s["disease"])) and in_reach_of(state, k, c):
            out.append(k)
    return out


def heal_ally(state: State, k: int, amount: int, why: str, cures: bool) -> None:
    s = party.seat(state, k)
    gain = min(amount, s["max_hp"] - s["hp"])
    s["hp"] += gain
    log(state, f"{why}: {s['hero']} heals {gain} ({s['hp']} HP).")
    if cures and s["disease"]:
        s["disease"] = None
        log(state, f"{s['hero']}'s Disease is cured.")


# -- attacking into an ally's Grapple --------------------------------------------------

def grappled_ally(state: State, i: int) -> int | None:
    """The ally (not the attacker) in a Grapple with Foe ``i``, holding it or held by it."""
    for k in others(state):
        g = party.seat(state, k).get("grapple")
        if g and g["foe"] == i:
            return k
    return None


# -- a Reaction played for an ally -------------------------------------------------------

def aid_cards(state: State, k: int) -> list[str]:
    """What character ``k`` may play to protect the character a Foe attacks (the active
    one): a Shield they wield, raised in front of an ally at Melee against Physical damage,
    or a defensive spell (Ethereal Defense) at its reach (Melee and Thrown). Armor, Dodge,
    Parry, Attribute counters and Base Actions are the wearer's own."""
    s, p, r = party.seat(state, k), state["pending"], state["round"]
    from .facts import allowed, slot
    out = []
    for b in sorted({base(c) for c in s["hand"]}):
        c = data.card(b)
        if "reaction" not in c["actions"] or c["effect"] != "defense" or not allowed(s, c) or slot(c, r) == "-":
            continue
        if c["kind"] == "shield" and not (s["shield"] and not p["ethereal"]):
            continue
        if c["kind"] not in ("shield", "spell") or (c["kind"] == "spell" and not c.get("ethereal_defense")):
            continue
        if gap(state, k, state["party"]["active"]) in reach(c):
            out.append(b)
    return out


def aid_block(state: State, c: dict[str, Any]) -> int:
    """A Shield blocks a Ranged attack whole (as for its wielder); else the card's value."""
    from .facts import value
    p = state["pending"]
    if c["kind"] == "shield" and p["ranged"]:
        return p["damage"]
    return value(c, state["round"])


def offer_aid(state: State) -> None:
    """After a Foe's attack is declared at the active character: "Players may play
    Reaction/Counter Cards on another Player's or Foe's Turn". Each ally who holds a card
    that can protect them is asked first, in seat order, behind the pass-the-phone cover;
    the first card played ends the asking (one ally's card per attack); then the phone
    comes back to the one attacked, who answers as usual. Not for an attack from hiding
    (only an Attribute counter), nor at a character who is Fleeing."""
    if "party" not in state or state["phase"] != "react":
        return
    p = state["pending"]
    if p.get("kind") != "attack" or p.get("disarm") or p["sneak"] or state["fleeing"] or p["damage"] <= 0:
        return
    helpers = [k for k in others(state) if aid_cards(state, k)]
    if not helpers:
        return
    p["target"] = state["party"]["active"]
    p["helpers"] = helpers
    party.enter(state, helpers[0])
    state["phase"] = "aid"


def aid_actions(state: State) -> list[Action]:
    return [{"type": "aid", "card": b} for b in aid_cards(state, state["party"]["active"])] + [{"type": "no_aid"}]


def _aid(state: State, a: Action, rng: Rng) -> None:
    p = state["pending"]
    c = data.card(a["card"])
    take(state, a["card"])
    state["reacted"] = True  # "you may Draw Cards at the end of that Opponent's ... Turn"
    block = aid_block(state, c)
    p["aid"], p["aid_by"] = block, f"{state['hero']}'s {c['name']}"
    log(state, f"{state['hero']} plays {c['name']} for {party.seat(state, p['target'])['hero']}: blocks {block}.")
    _back(state)


def _no_aid(state: State, a: Action, rng: Rng) -> None:
    p = state["pending"]
    p["helpers"].pop(0)
    if p["helpers"]:
        party.enter(state, p["helpers"][0])
        return
    _back(state)


def _back(state: State) -> None:
    p = state["pending"]
    p["helpers"] = []
    party.enter(state, p["target"])
    state["phase"] = "react"


def refill_helpers(state: State, rng: Rng) -> None:
    """At the end of a Foe's turn, every ally who played a Reaction in it Draws up to their
    hand maximum ("at the end of that Opponent's or Ally's Turn"); a Fatigue that kills
    takes them out of the fight."""
    if "party" not in state:
        return
    back = state["party"]["active"]
    for k in others(state):
        if not party.seat(state, k).get("reacted"):
            continue
        party.enter(state, k)
        state["reacted"] = False
        refill(state, rng)
        if state["phase"] == "over":
            if not party.leave(state):
                return
        state["phase"] = "foe"
    left = party.seats_in(state)
    party.enter(state, back if back in left else left[0])
