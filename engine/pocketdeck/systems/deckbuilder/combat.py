"""Attacks (the book's "Attacks" section, steps 1-5) as pure functions, so their edges
can be pinned by truth tables: to-hit, defense, the roll, critical hits and damage."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng

CRIT_MARGIN = 10
# the attack penalty of the stacks that carry one (Defend -2, Rest -4, Item/Ability -2):
# the one table heroes and bosses both use
PENALTY = {"defend": -2, "rest": -4, "item": -2}


def to_hit(char_mod: int, gear_mod: int, counters: int, penalty: int = 0) -> int:
    """Step 1: the character's attack modifier + the weapon's or spell's + 2 per counter
    (all of them are used), plus the action's penalty (Defend -2, Rest -4, Item -2)."""
    return char_mod + gear_mod + 2 * counters + penalty


def defense(base: int, armor: int, spent: int) -> int:
    """Step 2: base defense + armor + 2 per defense counter the defender chooses to spend."""
    return base + armor + 2 * spent


def judge(dice: list[int], hit_value: int, defense_value: int) -> tuple[bool, bool]:
    """Step 3: (hit, critical). A hit when 2d6 + to-hit is equal to or more than the
    defense; a critical when the roll is at least 10 more than the roll needed to hit and
    one of the dice shows a 6."""
    total = sum(dice) + hit_value
    hit = total >= defense_value
    crit = hit and total - defense_value >= CRIT_MARGIN and 6 in dice
    return hit, crit


def damage(weapon: int, bonus: int, crit_die: int, resistance: int) -> int:
    """Step 4: weapon damage + the character's damage bonus + critical damage - the
    target's damage resistance; never below 0."""
    return max(0, weapon + bonus + crit_die - resistance)


def roll_attack(rng: Rng, hit_value: int, defense_value: int, weapon: int, bonus: int,
                resistance: int) -> dict[str, Any]:
    """Roll 2d6 (and 1d6 more on a critical) from the game's generator; the result as
    the table shows it."""
    dice = [rng.randint(1, 6), rng.randint(1, 6)]
    hit, crit = judge(dice, hit_value, defense_value)
    crit_die = rng.randint(1, 6) if crit else 0
    dmg = damage(weapon, bonus, crit_die, resistance) if hit else 0
    return {"dice": dice, "to_hit": hit_value, "defense": defense_value, "total": sum(dice) + hit_value,
            "hit": hit, "critical": crit, "crit_die": crit_die, "damage": dmg}


def hit_chance(hit_value: int, defense_value: int) -> float:
    """Exact chance that 2d6 + to-hit reaches the defense (for the buttons)."""
    need = defense_value - hit_value
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need) / 36


def count_chance(hit_value: int, defense_value: int, base_damage: int, resistance: int,
                 any_hit: bool = False) -> float:
    """Exact chance the attack counts (for the buttons): 2d6 + to-hit reaches the defense
    and the damage (step 4: weapon + bonus, + 1d6 on a critical, - the target's damage
    resistance) is above 0; ``any_hit`` when every hit counts whatever its damage (a
    minion without damage resistance takes a hit). Before issue 47 the buttons showed the
    chance to hit alone: 58% for a blow that could never get through a Skeleton's bones."""
    good = 0
    for a in range(1, 7):
        for b in range(1, 7):
            hit, crit = judge([a, b], hit_value, defense_value)
            if not hit:
                continue
            if any_hit:
                good += 6
            elif crit:
                good += sum(1 for c in range(1, 7) if damage(base_damage, 0, c, resistance) > 0)
            elif damage(base_damage, 0, 0, resistance) > 0:
                good += 6
    return good / 216


def dice_line(r: dict[str, Any]) -> str:
    """"3+3 - 1 = 5": the dice, the to-hit with its own sign, the total."""
    hv = r["to_hit"]
    return f"{'+'.join(str(d) for d in r['dice'])} {'-' if hv < 0 else '+'} {abs(hv)} = {r['total']}"


def describe(r: dict[str, Any]) -> str:
    """A roll in words, as the result beside the prompt shows it (issue 24); a hero's
    attack and a monster's are told alike."""
    dice = "+".join(str(d) for d in r["dice"])
    s = (f"{r['attacker']} attacks {r['target']} with {r['weapon']}: to-hit {r['to_hit']:+d}, "
         f"rolled {dice} = {r['total']} against defense {r['defense']}")
    if not r["hit"]:
        return s + ": a miss."
    crit = f", critical (+{r['crit_die']})" if r["critical"] else ""
    return s + f": a hit{crit}, {r['damage']} damage."
