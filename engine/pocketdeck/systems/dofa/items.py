"""Consumable items used on the player's phone (reference 07_Items.yaml, Consumable): the
Potion of Strength (+1 to all Strength-based checks, 1 minute), the Charm of Efficiency
(no Upper or Lower Hand, 1 hour) and the Fortifying Feast (+3 AP at once; for 8 hours a
turn ending at 0 AP returns to 1 AP). The GM's world says who holds one: the phone offers
each to use and keeps its effect while it lasts. Durations are counted where the phone
counts time: 1 minute is 10 combat rounds of 6 seconds (PG, In Combat Actions); an hour or
8 hours last until a Full Rest (the 8-hour rest) or the "wears off" tap.

Use times (GMG, Consumables: "Potions Minor Action", "Charms Major Action", "Meals 10
minutes"; review dofa-phone-2026-12-07 #2, #9): in combat a Potion spends the turn's Minor
Action (``gear.spend_minor``: once a turn, shared with a shield, a weapon change, a Discard
Power); a Charm is the turn's Major Action, which the phone does not count (the GM calls the
Major Actions), so it spends no Minor Action; a Meal takes 10 minutes and is eaten outside
combat only. The Feast's +3 AP stops at the GMG's maximum of 3 AP.
"""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from . import gear
from . import sheet as sh

POTION, CHARM, FEAST = "Potion of Strength", "Charm of Efficiency", "Fortifying Feast"
ITEMS = (POTION, CHARM, FEAST)
POTION_ROUNDS = 10      # 1 minute of 6-second rounds
FEAST_AP = 3


def active(s: State) -> dict[str, int | None]:
    """The items in effect: name -> the last combat turn it lasts (None: until a rest or
    the tap). The record exists only while one is in effect."""
    return s.get("items") or {}


def bonus(s: State, who: str, stat: str | None) -> int:
    """The Potion of Strength's +1 on my Strength-based checks (Strength and its skills)."""
    if who != "me" or stat is None or POTION not in active(s):
        return 0
    return 1 if sh.SKILL_OF.get(stat, stat) == "STR" else 0


def no_hand(s: State) -> bool:
    """The Charm of Efficiency: no draw is made with Upper or Lower Hand."""
    return CHARM in active(s)


USE_TIME = {POTION: "Minor Action", CHARM: "Major Action", FEAST: "10 minutes"}


def usable(s: State, item: str) -> bool:
    """In combat a Potion needs the turn's Minor Action; a Meal's 10 minutes do not fit in
    a combat round (GMG, Consumables)."""
    if not s["combat"]:
        return True
    if USE_TIME[item] == "10 minutes":
        return False
    return USE_TIME[item] != "Minor Action" or not gear.minor_spent(s)


def item_actions(s: State) -> list[Action]:
    acts: list[Action] = [{"type": "use_item", "item": i} for i in ITEMS if i not in active(s) and usable(s, i)]
    acts += [{"type": "item_end", "item": i} for i in ITEMS if i in active(s)]
    return acts


def do_use_item(s: State, a: Action, rng: Rng) -> None:
    item = a["item"]
    if USE_TIME[item] == "Minor Action":
        gear.spend_minor(s)
    s.setdefault("items", {})[item] = s["turn"] + POTION_ROUNDS - 1 if item == POTION and s["combat"] else None
    if item == FEAST:
        # "Gain +3 AP immediately": above the armor's maximum too, not above the GMG's 3
        s["ap"] = max(s["ap"], min(gear.AP_MAX, s["ap"] + FEAST_AP))
    s["log"].append({POTION: "Drinks a Potion of Strength: +1 on Strength-based checks for 1 minute.",
                     CHARM: "Uses a Charm of Efficiency: no Upper or Lower Hand for 1 hour.",
                     FEAST: "Eats a Fortifying Feast: +3 AP; a turn ending at 0 AP returns to 1 AP."}[item])


def end(s: State, item: str) -> None:
    items = active(s)
    items.pop(item, None)
    if not items:
        s.pop("items", None)
    s["log"].append(f"{item} wears off.")


def do_item_end(s: State, a: Action, rng: Rng) -> None:
    end(s, a["item"])


def end_of_turn(s: State) -> None:
    """The Feast's 1 AP at a turn's end; a Potion's minute runs out."""
    items = active(s)
    if FEAST in items and s["ap"] == 0:
        s["ap"] = 1
        s["log"].append("Fortifying Feast: back to 1 AP.")
    if POTION in items and items[POTION] is not None and s["turn"] >= items[POTION]:
        end(s, POTION)


def full_rest(s: State) -> None:
    for item in list(active(s)):
        end(s, item)
