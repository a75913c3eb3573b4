"""The protocol every game system follows, and the registry of systems.

Shape (after OpenSpiel and boardgame.io): a game state is a plain JSON-safe dict;
``legal_actions(state)`` lists what may be done; ``apply(state, action)`` returns a *new*
state and never touches the old one; ``view(state, seat)`` shows only what that seat may
see. Randomness lives inside the state (``state["rng"]``), so seed + actions replays the
same game in CPython and in Pyodide, which gives undo, saves, share links and golden tests.

Systems subclass ``Game``, implement the ``_``-methods, and call ``register``.
"""

from __future__ import annotations

import copy
import json
import marshal
from contextlib import contextmanager
from typing import Any, ClassVar, Generator, Iterator

from .limits import excerpt
from .rng import Rng

State = dict[str, Any]
Action = dict[str, Any]


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The message is for the player."""


class Game:
    """Base class of a game system. Subclasses set the class attributes and implement
    ``_new``, ``legal_actions``, ``_apply``, ``view`` and ``is_over``."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    schema_version: ClassVar[int] = 1
    # keys of a state that only tell the player what happened (the log's wording, what the
    # screen marks as new) and decide nothing: a save whose stored state differs from its
    # replay in these alone was written by a version that worded things differently, and
    # loads with the replayed state (core/saves.py), instead of being refused as damaged
    presentation_keys: ClassVar[tuple[str, ...]] = ("log",)
    # options a game may be started with that have no default and are left out of the
    # options when not given (an ADS Foe made on the phone, ``card``): a new option of this
    # kind changes no older save, whose options and state stay exactly as they were
    optional_options: ClassVar[tuple[str, ...]] = ()

    # -- to implement -------------------------------------------------------------
    def _new(self, options: dict[str, Any], rng: Rng) -> State:
        """Build the first state (without the common keys the base class adds)."""
        raise NotImplementedError

    def legal_actions(self, state: State) -> list[Action]:
        raise NotImplementedError

    def _apply(self, state: State, action: Action, rng: Rng) -> None:
        """Carry out a legal action on ``state`` (a private copy) in place."""
        raise NotImplementedError

    def view(self, state: State, seat: str) -> dict[str, Any]:
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    # -- may override ---------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {}

    def check_options(self, options: dict[str, Any]) -> None:
        """Raise IllegalAction naming the bad option."""

    def explain(self, state: State, action: Action) -> str:
        """Why ``action`` is not legal now; systems name the rule. The action may come
        from a hostile link: it is quoted as a short excerpt, never in full."""
        from .limits import excerpt
        kind = action.get("type") if isinstance(action, dict) else None
        if kind and not any(a.get("type") == kind for a in self.legal_actions(state)):
            return f"'{excerpt(kind)}' is not possible now"
        return f"{excerpt(action)} is not a legal action now"

    def card_total(self, state: State) -> int:
        """Cards in the game, for the conservation check; -1 when not tracked."""
        return -1

    def check_state(self, state: State) -> None:
        """Raise ValueError where a loaded state is malformed (saves, share links)."""

    def migrate(self, state: State, from_version: int) -> State:
        raise ValueError(
            f"this {self.title} save is from format {from_version}; "
            f"this version of Pocketdeck reads format {self.schema_version} only")

    def seats(self, state: State) -> list[str]:
        return ["player"]

    # -- the fixed protocol ---------------------------------------------------------
    def new_game(self, options: dict[str, Any] | None = None, seed: int = 0) -> State:
        opts = self.default_options()
        if options:
            unknown = set(options) - set(opts) - set(self.optional_options)
            if unknown:
                raise IllegalAction(f"unknown option(s) for {self.title}: {', '.join(sorted(unknown))}")
            opts.update(options)
        self.check_options(opts)
        rng = Rng(seed)
        state = self._new(copy.deepcopy(opts), rng)
        state.update({"system": self.name, "seed": int(seed), "options": opts, "rng": rng.state})
        return state

    def apply(self, state: State, action: Action) -> State:
        """Return the state after ``action``; raise IllegalAction (old state untouched)."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(f"an action must be a mapping with a 'type', got {excerpt(action)}")
        if not is_legal(action, self.legal_actions(state)):
            raise IllegalAction(self.explain(state, action))
        # states are JSON-safe by contract (the harness checks it on every step), so a
        # marshal round trip copies one exactly; format 2 writes no shared references, so
        # nothing in the copy is aliased (as after a JSON round trip, which took three
        # times as long, a P52 state 54 -> 17 us in CPython; copy.deepcopy twice that)
        new = marshal.loads(marshal.dumps(state, 2))
        with state_rng(new) as rng:
            self._apply(new, json.loads(json.dumps(action)), rng)
        return new


def action_key(action: Any) -> str | None:
    """The canonical text of an action, types included; None when it is not JSON.

    Python's ``==`` says ``2.0 == 2`` and ``True == 1``, so ``action in legal_actions``
    let a float or a bool stand where the rules put an integer, and the state then carried
    it (a later render or an index raised TypeError). Canonical JSON tells them apart
    (``2`` / ``2.0`` / ``true``) at every depth, and is C-fast in CPython and Pyodide.
    """
    try:
        return json.dumps(action, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None


def is_legal(action: Any, legal: list[Action]) -> bool:
    """An action is legal only when it equals a legal one exactly, types included.

    Python's ``==`` (C-fast) picks the candidates first: actions with the same canonical
    text are always ``==``, so only an ``==`` match (usually one) is then told apart by
    its text; a DofA check offers 115 actions, and writing each one's text cost a tap
    about 2 ms in Pyodide."""
    key = action_key(action)
    return key is not None and any(a == action and action_key(a) == key for a in legal)


@contextmanager
def state_rng(state: State) -> Iterator[Rng]:
    """The generator stored in ``state``; its new position is written back on exit."""
    rng = Rng.from_state(state["rng"])
    yield rng
    state["rng"] = rng.state


_REGISTRY: dict[str, Game] = {}
# name -> (title, module) of every system the app offers, declared without importing it
# (pocketdeck/systems/__init__.py: one line per system); a system's module is imported the
# first time its game is asked for, so the home screen needs names and titles only
_DECLARED: dict[str, tuple[str, str]] = {}
# the package whose import declares the built-in systems: the core names the place, not
# the systems
CATALOGUE = (__package__ or "pocketdeck.core").rsplit(".", 1)[0] + ".systems"


def register(game: Game) -> Game:
    if not game.name:
        raise ValueError("a game system needs a name")
    _REGISTRY[game.name] = game
    return game


def declare(name: str, title: str, module: str) -> None:
    """Name a system and the module whose import registers it, without importing it."""
    _DECLARED[name] = (title, module)


def catalogue() -> dict[str, str]:
    """Every declared system's name -> title; imports no system."""
    _load_catalogue()
    return {name: title for name, (title, _) in _DECLARED.items()}


def systems() -> dict[str, Game]:
    """Every system, each imported (the harness, the command line, the parity probe)."""
    for name in catalogue():
        load_system(name)
    return dict(_REGISTRY)


def get_game(name: str) -> Game:
    game = load_system(name)
    if game is None:
        known = ", ".join(sorted(set(_REGISTRY) | set(_DECLARED))) or "none"
        raise ValueError(f"unknown game system {name!r} (known: {known})")
    return game


def load_system(name: str) -> Game | None:
    """The system ``name``, importing its module on first use; None when none is declared."""
    if not isinstance(name, str):
        return None
    if name not in _REGISTRY:
        _load_catalogue()
        declared = _DECLARED.get(name)
        if declared is None:
            return None
        import importlib
        importlib.import_module(declared[1])
        if name not in _REGISTRY:
            raise ValueError(f"the module {declared[1]} did not register the system {name!r}")
    return _REGISTRY[name]


def load_system_steps(name: str) -> Generator[int, None, "Game | None"]:
    """load_system one module per step (``core.imports``), for the Library's sliced
    imports: a system's code first loaded by a file or link never blocks the page in one go."""
    if isinstance(name, str) and name not in _REGISTRY:
        _load_catalogue()
        declared = _DECLARED.get(name)
        if declared is not None:
            from .imports import import_steps
            yield from import_steps(declared[1])
    return load_system(name)


def get_game_steps(name: str) -> Generator[int, None, Game]:
    """get_game a module at a time (load_system_steps); the same ValueError for an unknown name."""
    game = yield from load_system_steps(name)
    if game is None:
        return get_game(name)  # raises the message naming the known systems
    return game


def _load_catalogue() -> None:
    if not _DECLARED:
        import importlib
        importlib.import_module(CATALOGUE)


def replay(system: str, options: dict[str, Any], seed: int, actions: list[Action]) -> State:
    """Seed + actions -> state. The basis of undo, share links and golden tests."""
    return replay_from(system, get_game(system).new_game(options, seed), actions)


def replay_from(system: str, state: State, actions: list[Action]) -> State:
    """A state (a new game, or a long game's checkpoint) + actions -> state."""
    return run_steps(replay_steps(system, state, actions))


def replay_steps(system: str, state: State, actions: list[Action]) -> Generator[int, None, State]:
    """replay_from one move at a time: yields 1 after each move, so an import can give the
    page back between slices (issue 28, ui/library/screen.run_slice); returns the state."""
    game = get_game(system)
    for i, action in enumerate(actions):
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            raise IllegalAction(f"step {i + 1} of the replay is not legal: {exc}") from None
        yield 1
    return state


def run_steps(steps: Iterator[int]) -> Any:
    """Drive a stepwise computation (``*_steps``) to its end at once; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
