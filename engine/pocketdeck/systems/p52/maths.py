"""The book's small rules as pure functions, so each can be pinned as a truth table.

Every division in P52 rounds down ("Mathematical Equations"), so everything here is
integer arithmetic with ``//``. Formulas from content files (ability targets and damage)
go through ``formula``, a tiny evaluator for + - * / and parentheses over named numbers:
content stays data, and a typo in a file is caught by the content checker, not in play.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import Any

from ...core.cards import Card

CORE = ("Lift", "Think", "Balance", "Move", "Lead")


# -- General Mechanics: Card Values ---------------------------------------------------
_VALUES: dict[str, int] = {}


def value(code: str) -> int:
    """Ace 1, number cards their number, Jack 11, Queen 12, King 13. (Parsed once per
    card code and remembered: the hit chances count whole decks on every view.)"""
    v = _VALUES.get(code)
    if v is None:
        v = _VALUES[code] = Card.parse(code).value
    return v


def rank(code: str) -> str:
    return code[:-1]


def suit(code: str) -> str:
    return code[-1]


def is_red(code: str) -> bool:
    return code[-1] in "HD"


# -- Mathematical Equations: a safe formula evaluator ----------------------------------
_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv)


@lru_cache(maxsize=None)
def _parse(expr: str) -> ast.Expression:
    tree = ast.parse(expr, mode="eval")
    for node in ast.walk(tree):
        if isinstance(node, (ast.Expression, ast.Load, ast.Name, ast.UnaryOp, ast.USub)):
            continue
        if isinstance(node, ast.BinOp) and isinstance(node.op, _OPS):
            continue
        if isinstance(node, _OPS):
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            continue
        raise ValueError(f"formula {expr!r}: only whole numbers, names, + - * / and brackets")
    return tree


def formula_names(expr: str) -> set[str]:
    return {n.id for n in ast.walk(_parse(expr)) if isinstance(n, ast.Name)}


def formula(expr: str, names: dict[str, int]) -> int:
    """Evaluate ``expr``; every division rounds down (the book's rule)."""
    return _eval(_parse(expr).body, names, expr)


def _eval(node: Any, names: dict[str, int], expr: str) -> int:
    if isinstance(node, ast.Constant):
        return int(node.value)
    if isinstance(node, ast.Name):
        if node.id not in names:
            raise ValueError(f"formula {expr!r} needs {node.id!r}")
        return int(names[node.id])
    if isinstance(node, ast.UnaryOp):
        return -_eval(node.operand, names, expr)
    a, b = _eval(node.left, names, expr), _eval(node.right, names, expr)
    if isinstance(node.op, ast.Add):
        return a + b
    if isinstance(node.op, ast.Sub):
        return a - b
    if isinstance(node.op, ast.Mult):
        return a * b
    if b == 0:
        return 0
    return a // b


# -- Creating a Character -------------------------------------------------------------
def core_floor(points: dict[str, int]) -> dict[str, int]:
    """Step 3: every core ability is at least 1 after the modifiers are tallied."""
    return {k: max(1, int(points.get(k, 1))) for k in CORE}


def starting_core(race_mods: dict[str, int], class_mods: dict[str, int]) -> dict[str, int]:
    """Step 3: all core abilities start at 1, race and class modifiers added, minimum 1."""
    return core_floor({k: 1 + race_mods.get(k, 0) + class_mods.get(k, 0) for k in CORE})


def bonus_points(values: list[int]) -> int:
    """Step 5: the middle of three flips; a pair gives the pair; three alike give +2."""
    a, b, c = sorted(values)
    if a == b == c:
        return a + 2
    return b  # with a pair the middle of the sorted three is always the pair's value


def max_hp(lift: int, think: int, bonus: int = 0) -> int:
    """Step 7 (rules text, chosen over the sheet's Lift x Think): Lift x Think + 3."""
    return lift * think + 3 + bonus


def movement(move: int, bonus: int = 0) -> int:
    """Step 7 (rules text, chosen over the sheet's Move/8 + 1): Move / 4 + 1, at least 1."""
    return max(1, move // 4 + 1 + bonus)


def initiative(move: int, lead: int, bonus: int = 0) -> int:
    """Step 7: Move + Lead x 2."""
    return move + lead * 2 + bonus


# -- Setting Up a Session -------------------------------------------------------------
def quest_for_flip(v: int) -> str | None:
    """Choose a Quest: A-3 Big Boss, 4-6 Survival, 7-9 Trapped, 10-Q Treasure; K: None."""
    if v <= 3:
        return "big_boss"
    if v <= 6:
        return "survival"
    if v <= 9:
        return "trapped"
    if v <= 12:
        return "treasure"
    return None


def survival_rooms(v: int) -> int:
    """Survival: # Rooms = (14 - Flip) / 2."""
    return (14 - v) // 2


def starting_item_band(total: int) -> str:
    """Starting Items (scenario table): the item id for a two-card sum, or 'choose'."""
    for lo, hi, item in STARTING_ITEMS:
        if lo <= total <= hi:
            return item
    raise ValueError(f"a two-card sum must be 2 to 26, got {total}")


STARTING_ITEMS: list[tuple[int, int, str]] = []  # filled from content by data.py


# -- Playing a Session ----------------------------------------------------------------
def exit_direction(v: int) -> str:
    """Determining the Exit: Ace barricaded, 2-4 left, 5-7 across, 8-10 right."""
    if v == 1:
        return "barricaded"
    if v <= 4:
        return "left"
    if v <= 7:
        return "across"
    return "right"


SPOT_BY_QUEST = {
    "big_boss": {"A": "boss", "2": "enemy4", "3": "hidden"},
    "treasure": {"A": "special_chest", "2": "enemy", "3": "normal"},
    "trapped": {"A": "key", "2": "enemy", "3": "obstructed"},
    "survival": {"A": "enemy_double4", "2": "enemy", "3": "trap"},
}


def spot_kind(code: str, quest: str, players: int) -> tuple[str, int]:
    """Room/Space Layout table: (kind, number of enemies) for a room card."""
    r, s = rank(code), suit(code)
    four = players >= 4
    kind = SPOT_BY_QUEST[quest].get(r)
    if kind is None:
        kind = {"4": "hidden", "5": "obstructed", "6": "normal", "7": "chest", "8": "enemy"}.get(r)
    if kind is None and r == "9":
        kind = "trap" if s in "SC" else "enemy"
    if kind is None and r == "10":
        kind = {"D": "normal", "H": "normal", "C": "enemy4", "S": "enemy_double4"}[s]
    if kind == "enemy4":
        return ("enemy", 1) if four else ("normal", 0)
    if kind == "enemy_double4":
        return ("enemy", 2 if four else 1)
    if kind == "enemy":
        return ("enemy", 1)
    if kind == "special_chest":
        return ("special_chest", 1)
    return (kind, 0)  # type: ignore[return-value]


def trap_target(balance: int, move: int) -> int:
    """Traps: a flip lower than 13 - (Balance + Move) takes 2 undefendable damage."""
    return 13 - (balance + move)


def trap_springs(flip: int, balance: int, move: int) -> bool:
    return flip < trap_target(balance, move)


def initiative_flip(v: int) -> str:
    """Initiative: Ace enemies first, King players first, else by initiative."""
    return "enemies" if v == 1 else "players" if v == 13 else "order"


def dark_reveal_jump(v: int) -> bool:
    """Revealing an enemy by moving: a flip of 3 or less lets it act next."""
    return v <= 3


# -- Attacking and defending ----------------------------------------------------------
def attack_hits(total: int, target: int) -> bool:
    """Player Attacking: the total must be over the target ("greater than")."""
    return total > target


def over(total: int, target: int) -> int:
    return max(0, total - target)


def enemy_defence(attack_total: int, defence_total: int) -> str:
    """Enemy Defending: higher flip blocks, equal halves the damage, lower is a hit."""
    if defence_total > attack_total:
        return "blocked"
    if defence_total == attack_total:
        return "half"
    return "hit"


def power_damage(damage: int, king: bool) -> int:
    """Power Attacks: a King doubles damage, but only damage there is."""
    return damage * 2 if king and damage > 0 else damage


def defence_succeeds(total: int, target: int) -> bool:
    """Player Defending: meeting or exceeding the target succeeds."""
    return total >= target


def untrained_target(target: int) -> int:
    """Additional Defensive Abilities: untrained targets are at +3 (aLv taken as 1)."""
    return target + 3


def defence_reduce(mode: str, damage: int, alv: int, over_by: int, attack_type: str) -> int:
    """Damage left after a successful defence (Block, Counter Spell, Dodge)."""
    if mode == "block":
        return damage if attack_type == "magic" else max(0, damage - (alv + over_by))
    if mode == "counter_spell":
        return damage if attack_type != "magic" else max(0, damage - (alv + over_by))
    if mode == "dodge":
        return 0 if over_by > 2 else damage // 2
    return damage


def average_level(levels: list[int]) -> int:
    """Enemy Attacking: add all levels, divide by the number of players, round down."""
    return sum(levels) // len(levels) if levels else 1


def enemy_attack_bonus(avg_level: int) -> int:
    """+1 to enemy attack flips for every 5 average levels."""
    return avg_level // 5


def enemy_flees(hp: int, max_hp_: int) -> bool:
    """Determining Enemy Action rule 1: under a quarter of max HP."""
    return hp * 4 < max_hp_


def player_state(hp: int) -> str:
    """Player Deaths: exactly 0 is stunned, below 0 dead."""
    return "ok" if hp > 0 else "stunned" if hp == 0 else "dead"


# -- Chests ------------------------------------------------------------------------------
def chest_smash(flip: int, think: int, stamina: int = 0) -> str:
    """Attacking a Chest: Ace explodes, King two items, Think/3 + flip >= 10 opens,
    3 or less destroys."""
    if flip == 1:
        return "explodes"
    total = flip + think // 3 + stamina
    if flip == 13:
        return "two"
    if total >= 10:
        return "opens"
    if total <= 3:
        return "destroyed"
    return "shut"


# -- Gaining Experience and Leveling Up --------------------------------------------------
def level_threshold(level: int) -> int:
    """(Current Level x 10) + 10."""
    return level * 10 + 10


def level_points(flip: int) -> int:
    """Leveling Up: core points = Action flip / 2."""
    return flip // 2


def learns_on(level: int) -> bool:
    """A new ability on odd levels only."""
    return level % 2 == 1


KILL_EXP = {"J": 3, "Q": 5, "K": 7, "boss": 7}
