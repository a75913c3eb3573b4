"""Card facts on this Round and what the player holds: values, requirements, hands, targets,
defenses.
"""

from __future__ import annotations

from typing import Any

from . import data
from .data import base_action  # noqa: F401 (read here by the rules and the view)
from .deck import base
from .fight import in_reach, live_foes
from .maths import r_value

State = dict[str, Any]
Action = dict[str, Any]


def slot(c: dict[str, Any], r: int) -> str:
    return c["rondel"][r - 1]


def value(c: dict[str, Any], r: int) -> int:
    """The card's number today: primary on its primary Rounds, secondary on secondary
    ones; on a Round it reaches only by paying its Boost requirement, the primary."""
    s = slot(c, r)
    return r_value(c["secondary"] if s == "S" else c["primary"], r)


def play_price(c: dict[str, Any], r: int) -> tuple[int, str] | None:
    """What it costs to play ``c`` on Round ``r``: (0, "") on its own Rounds; off them, the
    Boost Requirement: "Play N <Attribute> Cards to Play this Card on Rounds X" (fields
    play_cost / play_attribute / play_rounds), or "+1 R for every Intellect Card Played"
    (field reach_attribute: a card usable on Round 4 is played on Round 5 for 1 card, on
    Round 6 for 2: one card per Round past its last playable Round before ``r``).
    None when it cannot be played."""
    if slot(c, r) != "-":
        return 0, ""
    if "play_cost" in c and r in c["play_rounds"]:
        return r_value(c["play_cost"], r), c["play_attribute"]
    if c.get("reach_attribute"):
        for k in range(1, r):
            if slot(c, r - k) != "-":
                return k, c["reach_attribute"]
    return None


def allowed(state: State, c: dict[str, Any]) -> bool:
    """Requirements (a class or a race: any one listed suffices) and, for spells, the
    caster's level and a free hand."""
    req = c.get("requires", [])
    if req and state["class"] not in req and state["race"] not in req:
        return False
    if c.get("prereq") == "shield" and not state["shield"]:
        return False  # a prerequisite "such as wielding a Shield"
    if c["kind"] == "spell":
        if c.get("level", 1) > state["level"]:
            return False
        if hands_full(state):
            return False
    return True


def not_normal(c: dict[str, Any]) -> str:
    """Why a card with no Normal Action is not played on its own (Terminology)."""
    if c["kind"] == "attribute":
        an = "an" if c["name"][0] in "AEIOU" else "a"
        return (f"An Attribute card: a Boost (+1 to {an} {c['name']} card), a Counter or a cost, "
                "never an Action on its own")
    if "boost" in c["actions"] and "reaction" not in c["actions"]:
        what = {"weapon": "a Weapon attack", "ranged": "a Ranged or Thrown Weapon attack"}.get(
            c.get("boost_for", ""), "a Normal Action")
        return f"A Boost Action card: played with {what}, never alone"
    if "reaction" in c["actions"]:
        return "A Reaction card: played when a Foe attacks you"
    return "Not a Normal Action card"


def requirement_missing(state: State, c: dict[str, Any]) -> str:
    """`facts.allowed`'s refusal in words, or "" when the card is allowed."""
    if allowed(state, c):
        return ""
    req = c.get("requires", [])
    if req and state["class"] not in req and state["race"] not in req:
        return f"Only a {' or '.join(x.title() for x in req)} can play it"
    if c.get("prereq") == "shield" and not state["shield"]:
        return "Needs a Shield in your hand (Equip shield is your Action)"
    if c["kind"] == "spell" and c.get("level", 1) > state["level"]:
        return f"A level {c.get('level', 1)} Spell: your character is level {state['level']}"
    return ("Both of your hands are occupied (a Weapon and a Shield, or two Weapons): "
            "Spell Cards cannot be cast")


def hands_full(state: State) -> bool:
    """Play a Normal Action Card: "Spell Cards cannot be cast if both of your hands are
    occupied, such as when Dual Wielding, or wearing a Sword and a Shield"; a two-handed
    weapon may let go with one hand. A Dual Wielder "is assumed ... to have a Weapon in
    each hand" (Weapons) from the declaration on, drawn or not: both hands are full until a
    Disarm empties one (a weapon drawn into it fills it again)."""
    armed = state["armed"]
    if state["dual"]:
        return not (dropped(state) and (armed is None or state["offhand"] is None))
    return bool(state["shield"] and armed and not data.card(armed)["two_handed"])


def dual_pair_ok(a: str, b: str) -> bool:
    """Dual Wield: no two-handed weapons; two Medium or smaller, or one Large and one
    Medium or smaller; never Extra Large."""
    ca, cb = data.card(a), data.card(b)
    if ca["two_handed"] or cb["two_handed"] or "XL" in (ca["size"], cb["size"]):
        return False
    return not (ca["size"] == "L" and cb["size"] == "L")


def can_dual_wield(s: State) -> bool:
    """Dual Wield: does this character's Combat Deck hold two weapons that may be wielded
    together (two copies of one count)?"""
    ws = sorted(base(c) for c in s["draw"] + s["hand"] + s["discard"] if data.card(c)["kind"] == "weapon")
    return any(dual_pair_ok(a, b) for n, a in enumerate(ws) for b in ws[n + 1:])


def declare_dual(s: State) -> None:
    """Dual Wield declared at the start of Combat: two weapons in hand, no shield."""
    s["dual"] = s["dual_declared"] = True
    s["shield"] = False


def held(state: State) -> set[str]:
    return {w for w in (state["armed"], state["offhand"] if state["dual"] else None) if w}


def needs_swap_for(state: State, b: str) -> bool:
    """A weapon card is playable without a swap when it is in hand already, or when a hand
    is free to draw it (Free Actions: "If your Character (You) does not have a Weapon in
    your hand, you can draw a Weapon and put it in that hand as a Free Action");
    otherwise swapping costs the action. A Dual Wielder "is assumed ... to have a Weapon
    in each hand" (Weapons): a weapon that cannot be dual wielded (two-handed, Extra
    Large, or no pair with the one held) is a Swap, never a free draw."""
    if b in held(state):
        return False
    if state["dual"]:
        c = data.card(b)
        if c["two_handed"] or c["size"] == "XL":
            return True
        if state["armed"] is None:
            return False
        if state["offhand"] is None:
            return not dual_pair_ok(state["armed"], b)
        return True
    return state["armed"] is not None


def dropped(state: State) -> list[str]:
    """Every weapon knocked away and still on the floor (Ammunition & Throwing: "you must
    retrieve your Weapon"), oldest first. Older saves hold one card id or none."""
    v = state.get("dropped")
    return [] if not v else [v] if isinstance(v, str) else list(v)


def free_hand(state: State) -> bool:
    """A hand free beside the weapon held: a one-handed weapon, no shield, no second
    weapon (Throwing Weapons: "If you have a free hand ...")."""
    armed = state["armed"]
    return bool(armed) and not data.card(armed)["two_handed"] and not state["shield"] and not (
        state["dual"] and state["offhand"])


def take_up(state: State, b: str) -> None:
    """Put weapon ``b`` in a hand (after a free draw, a swap or Fast Weapon Swap)."""
    if b in held(state):
        return
    if state["dual"] and state["armed"] and state["offhand"] is None and dual_pair_ok(state["armed"], b):
        state["offhand"] = b
        return
    state["armed"] = b
    if state["dual"] and (data.card(b)["two_handed"] or (state["offhand"] and not dual_pair_ok(b, state["offhand"]))):
        state["offhand"] = None
    if data.card(b)["two_handed"]:
        state["dual"] = False
        state["offhand"] = None


def targets(state: State, c: dict[str, Any], throw_ok: bool = True) -> list[int]:
    out = []
    for i in live_foes(state):
        foe = state["foes"][i]
        if foe["hidden"]:
            continue
        if in_reach(state, c.get("distances", []), foe["distance"]):
            out.append(i)
    return out


def is_ranged(state: State, c_distances: list[str], foe: dict[str, Any]) -> bool:
    """An attack with a Ranged Distance Weapon (Defense: "Armor's effectiveness versus
    Ranged Distance Weapons is halved"; Distance: "a Ranged Distance Weapon such as
    Shortbows", "a Crossbow, which can attack in all Distances"): the card lists Ranged
    among its Distances, whatever distance it is shot from and in every mode. ``state``
    and ``foe`` are kept for the callers."""
    return "ranged" in c_distances


def defense_of(state: State, c: dict[str, Any], p: dict[str, Any]) -> int | None:
    """What a defense card blocks against the pending attack; None when it cannot be used.
    Physical defense does nothing to Ethereal damage; Ethereal defense reduces both.
    Armor is halved against Ranged attacks (rounded down); a Shield blocks a Ranged
    attack whole."""
    v = value(c, state["round"])
    if c.get("ethereal_defense"):
        return v
    if p["ethereal"]:
        return None
    if c.get("melee_only") and not p["melee"]:
        return None
    if c["kind"] == "shield":
        if not state["shield"]:
            return None
        return p["damage"] if p["ranged"] else v
    if c["kind"] == "armor" and p["ranged"]:
        return v // 2
    return v


# -- what a play deals, one function for the deed and its button (issue 26: labels) ----

def sneaking(state: State) -> bool:
    """A Sneak under way: a Pre-Sneak that worked, or a Sneak card held face-out (it
    lasts "until your next attack")."""
    return bool(state["sneak_bonus"]) or any(p["until"] == "attack" for p in state["persist"])


def blessing(state: State) -> int:
    """Damage added to every attack by cards held face-out (Blessing)."""
    return sum(data.card(p["card"]).get("bless", 0) for p in state["persist"])


def play_damage(state: State, c: dict[str, Any], extra: int, boost: str, r: int) -> int:
    """The damage a card play deals before the Foe answers: the card's value on this
    Round, its Boost (attribute cards +1 each, or a Boost card's own damage), the Sneak's
    R/2 and Blessing. `turn._play` deals it and `view.label` shows it."""
    dmg = value(c, r) + extra
    if boost and not extra and data.card(boost)["effect"] == "damage":
        dmg += value(data.card(boost), r)
    if sneaking(state):
        dmg += sneak_bonus(r)
    return dmg + blessing(state)


def sneak_bonus(r: int) -> int:
    """Sneak: R/2 more damage on the attack it ends with (the button and `play_damage`)."""
    return r_value("R/2", r)


def play_heal(c: dict[str, Any], extra: int, r: int) -> int:
    """What a healing card play heals: its value on Round ``r`` and its attribute Boost.
    `turn._play` heals it and `view.label` shows it."""
    return value(c, r) + extra


def base_value(b: dict[str, Any], r: int) -> int:
    """A Base Action's figure on Round ``r`` (block, heal or damage): `turn._base` applies
    it and `view.label` shows it."""
    return r_value(b["value"], r)


def dual_damage(state: State, c: dict[str, Any], extra: int, boost: str, r: int) -> int:
    """One blow of a Dual Wield attack: the weapon's value on this Round, the Boost played
    on that card (Play a Boost Action Card: "a single Boost Action Card per Normal Action
    Card"; Attribute cards +1 each, a Boost card its own damage) and Blessing.
    `turn._dual_attack` deals it and `view.label` shows it."""
    more = extra if extra else value(data.card(boost), r) if boost and data.card(boost)["effect"] == "damage" else 0
    return value(c, r) + more + blessing(state)
