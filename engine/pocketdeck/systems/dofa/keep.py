"""A Deck of Adventures sheet kept apart from the game that made it (the library's kind
``sheet`` of ``dofa``, core/records.py).

The record does not carry the sheet's numbers to be trusted: it carries how the sheet was
made, the starting character (a premade or "custom"), the companion and the sheet's own
steps (the builder, level-ups, armor and shield), and the check replays those steps
through the rules on a new game. So a sheet from a file or a link is exactly one the rules
reach (PG, Character Creation and Leveling up), the same trust as a game that replays from
its seed; ``level`` and ``role`` are a summary for the library's list, checked against the
replay. Nothing else of a game changes the sheet (damage, rests, checks read it only), so
the steps of a game give its sheet back, and ``sheet_record`` makes sure they do.
"""

from __future__ import annotations

from typing import Any, Generator

from ...core.game import IllegalAction, State, run_steps
from ...core.limits import excerpt, name_problem

SHEET_STEPS = frozenset({"role", "raise", "lower", "learn", "unlearn", "vulnerability",
                         "drop_vulnerability", "respec", "finish", "level_up", "armor", "shield"})
FIELDS = ("name", "character", "companion", "steps", "level", "role")
NAME_MAX = 40
# A sheet built straight to level 10 takes about 45 steps; 300 leave room for a respec or
# two and keep the check (a replay, ~0.6 ms a step) well inside the importers' second.
MAX_STEPS = 300
UNDOES = {"raise": "lower", "learn": "unlearn", "vulnerability": "drop_vulnerability"}


def replay(record: dict[str, Any]) -> State:
    """The state a new game reaches by the record's steps (seed 0: no step draws a card).
    ValueError names the first step the rules refuse."""
    return run_steps(replay_steps(record))


def replay_steps(record: dict[str, Any]) -> Generator[int, None, State]:
    """replay a step at a time (yields 1 after each): a page's import checks a sheet of
    MAX_STEPS steps in slices, like a game's moves (issue 28: no task of a second)."""
    from .rules import GAME
    options = {"character": record["character"], "name": record["name"], "companion": record["companion"]}
    try:
        state = GAME.new_game(options, 0)
    except IllegalAction as exc:
        raise ValueError(str(exc)) from None
    for i, step in enumerate(record["steps"]):
        if not isinstance(step, dict) or step.get("type") not in SHEET_STEPS:
            raise ValueError(f"step {i + 1} ({excerpt(step, 40)}) is not a step of building or levelling a sheet")
        try:
            state = GAME.apply(state, step)
        except IllegalAction as exc:
            raise ValueError(f"step {i + 1}: {excerpt(str(exc), 120)}") from None
        yield 1
    return state


def sheet_problems(record: Any) -> str | None:
    """None when the rules reach the sheet the record describes, else why not."""
    return run_steps(sheet_problems_steps(record))


def sheet_problems_steps(record: Any) -> Generator[int, None, str | None]:
    """sheet_problems a replayed step at a time (core/records.py: a kind's check_steps)."""
    if not isinstance(record, dict) or sorted(record) != sorted(FIELDS):
        return f"a DofA sheet holds exactly {', '.join(FIELDS)}"
    name, steps = record["name"], record["steps"]
    if name_problem(name, NAME_MAX):
        return f"the name: {name_problem(name, NAME_MAX)}"
    if not all(isinstance(record[k], str) for k in ("character", "companion")):
        return "the character and companion are named by text"
    if not isinstance(steps, list) or len(steps) > MAX_STEPS:
        return f"the steps are a list of at most {MAX_STEPS:,}"
    state = yield from replay_steps(record)
    if state["phase"] != "play":
        return "the sheet is not finished (Character Creation: tap Finish first)"
    sheet = state["sheet"]
    if type(record["level"]) is not int or (record["level"], record["role"]) != (sheet["level"], sheet["role"]):
        return (f"it says level {excerpt(record['level'], 10)} {excerpt(record['role'], 20)}, but its steps make "
                f"a level {sheet['level']} {sheet['role']}")
    return None


def sheet_record(state: State, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The record of the sheet of a ``dofa`` game (its options and its actions from the
    seed). ValueError when the game is still building the character, or (a safety net)
    when the steps alone do not give the game's sheet back."""
    if state["phase"] != "play" and state["phase"] != "over":
        raise ValueError("finish building the character first")
    options = state["options"]
    record = {"name": state["sheet"]["name"], "character": options["character"],
              "companion": options["companion"],
              "steps": _shortest([dict(a) for a in actions if a.get("type") in SHEET_STEPS])}
    if len(record["steps"]) > MAX_STEPS:
        raise ValueError(f"its sheet took more than {MAX_STEPS} steps to build")
    record.update(level=state["sheet"]["level"], role=state["sheet"]["role"])
    again = replay(record)  # also proves that dropping the undone steps changed nothing
    if again["sheet"] != state["sheet"] or again["phase"] != "play":
        raise ValueError("this game's sheet changed in a way its steps do not give back")
    return record


def _same_target(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return {k: v for k, v in a.items() if k not in ("type", "xp")} == \
        {k: v for k, v in b.items() if k not in ("type", "xp")}


def _shortest(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps without those undone at once (raise then lower the same stat, learn then
    unlearn a power, take then drop a vulnerability): a player trying choices in the builder
    leaves the same sheet with fewer steps, so the record stays short (one QR code)."""
    kept: list[dict[str, Any]] = []
    for step in steps:
        last = kept[-1] if kept else None
        if last is not None and UNDOES.get(last["type"]) == step["type"] and _same_target(last, step):
            kept.pop()
        else:
            kept.append(step)
    return kept
