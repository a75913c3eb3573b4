"""What the app can carry out of a power, for the creatures it plays and the premade
characters of the solo skirmish. Numbers from the powers' reference entries
(content/dofa/powers.toml, 04_Powers.yaml). The skirmish has no map, so a power that hits
an area or several creatures is used on one target; a power whose effect is the fiction's
(a wall, a summons, moving) is not offered by the app: the GM plays it by hand (damage and
status tools).
"""

from __future__ import annotations

from typing import Any

# name: how it is used. draw: an attack draw (weapon or mystic skill) vs the target's TC
# at its AR; pp: its cost; bonus: damage added on a hit; save: (attribute, DR, status,
# damage on a failure, damage on a success) made by the target (on a hit when the power
# draws, at once otherwise); heal/shield: points given to an ally. A save's DR of None
# is the PG's (Saves): "If the effect forcing a Save is a Power, the DR is 3 minus half of
# the initiator's relevant Skill Modifier", the skill being the attack's (``skill``: a
# weapon's Finesse/Brute or a mystic's Knowledge/Craft, the better one); a Boss-Only
# power whose text names its DR keeps it.
POWERS: dict[str, dict[str, Any]] = {
    "Attack, Weapon": {"draw": "weapon", "pp": 0},
    "Attack, Mystic": {"draw": "mystic", "pp": 0},
    "Attack, Charge": {"draw": "weapon", "pp": 1, "bonus": 1, "options": ((2, 2),)},
    "Attack, Sweep": {"draw": "weapon", "pp": 2, "save": ("AGL", None, "Knocked Down", 0, 0)},
    "Attack, Mystic Confusion": {"pp": 1, "skill": "mystic", "save": ("GUT", None, "Stunned", 0, 0),
                                 "options": ((2, 2),)},
    "Attack, Mystic Entangle": {"pp": 1, "skill": "mystic", "save": ("AGL", None, "Entangled", 0, 0),
                                "options": ((2, 3),)},
    "Stunning Glare": {"pp": 0, "save": ("CON", 2, "Stunned", 2, 1)},
    # Boss-Only: "all targets within Aura 2 ... DR 2 VIT Save ... 1 damage and the Boss is
    # healed for the total amount of damage dealt"; no map: the GM picks one target or all
    "Drain Life": {"pp": 0, "save": ("VIT", 2, "Drain Life", 1, 0), "aura": True, "drain": True},
    "Heal": {"pp": 1, "heal": 1, "ally": True, "options": ((2, 2),)},
    "Shield": {"pp": 1, "shield": 1, "ally": True},
}


# PG, In Combat Actions: "a character must declare the option being used and spend the
# associated Power Point cost". ``options``: (PP, amount) beyond the cheapest, the amount
# being Charge's damage bonus, Heal's HP, or the number of targets of a save power
# (04_Powers: Charge PP [1, 2] +1/+2; Heal 1 or 2 HP; Mystic Confusion Targets [1, 2];
# Mystic Entangle Targets [1, 3]). An action without "pp" is the cheapest option.
OPTION_OF = {"Attack, Charge": "bonus", "Heal": "heal", "Attack, Mystic Confusion": "targets",
             "Attack, Mystic Entangle": "targets"}


def cost(power: str, action: dict[str, Any]) -> int:
    """The option's PP as the power lists it (before Fatigue: ``price``)."""
    return action.get("pp", POWERS[power]["pp"])


def price(a: dict[str, Any], pp: int) -> int:
    """The PP ``a`` spends on an option listed at ``pp``: PG, Fatigue 4, "PP expenditure
    requirements doubled" (from level 4 on)."""
    return pp * 2 if a.get("fatigue", 0) >= 4 else pp


def amount(power: str, pp: int) -> int:
    """The option's amount at ``pp`` (the cheapest: 1 bonus, 1 HP, 1 target)."""
    rule = POWERS[power]
    return dict(rule.get("options", ())).get(pp, rule.get(OPTION_OF.get(power, ""), 1))


def options(a: dict[str, Any], power: str) -> list[int]:
    """The dearer options of ``power`` that ``a`` can pay for now."""
    return [pp for pp, _ in POWERS[power].get("options", ()) if price(a, pp) <= a["pp"]]


def usable(a: dict[str, Any]) -> list[str]:
    """The powers of ``a`` the app can use now (enough PP)."""
    return [p for p in a["powers"] if p in POWERS and price(a, POWERS[p]["pp"]) <= a["pp"]]


# 04_Powers Condition Resilience / Immunity: "Pick one of Blinded, Deafened, Burned,
# Poisoned, Frozen or Suffocating"; a part-1 sheet holds the power unpicked, the player
# picks it at the table (``pick_condition``, their phone's): "Condition Resilience: Burned"
PICKABLE = ("Condition Resilience", "Condition Immunity")
CONDITION_PICKS = ("Blinded", "Deafened", "Burned", "Poisoned", "Frozen", "Suffocating")


def picked(power: str) -> str | None:
    """The condition a picked Resilience or Immunity names (None for any other power)."""
    head, _, name = power.partition(": ")
    return name if head in PICKABLE and name else None
