"""Versioned saves and share links.

A saved game is the record ``system + options + seed + actions`` plus the state it leads
to. Loading replays the actions from the seed: a save or a link can therefore only ever
describe a game reached by legal play, however it was tampered with. The stored state is
compared with the replayed one, and a mismatch is refused, never half-loaded.

Share links carry the same record, compressed (zlib) and base64url-encoded, in the URL
fragment, so no server ever sees it.

A long game is *checkpointed*: when its history reaches ``MAX_ACTIONS`` the older half is
folded into a ``base`` state and the record keeps only the newer half, so a Deck evening or
a sheet kept across many sessions never stops taking actions (and undo still reaches back
``MAX_ACTIONS // 2`` actions). A base is trusted only from the player's own storage, and
only after the game's own checks accept it (``check_base``); a share link is always the
whole history from the seed, so a game with a base cannot be sent as a link.
"""

from __future__ import annotations

import base64
import binascii
import json
import operator
import zlib
from dataclasses import dataclass, field
from typing import Any, Generator

from .fieldtypes import stored_problem
from .game import Action, IllegalAction, State, get_game, get_game_steps, replay, replay_from, replay_steps, run_steps
from .limits import (MAX_ACTIONS, MAX_LINK_CHARS, MAX_SAVE_CHARS, LimitError, check_value,
                     excerpt, json_depth_ok, load_json)
from .shapes import shape_problem

FORMAT = "pocketdeck-game"
FORMAT_VERSION = 2            # 2: an optional "base" (checkpoint); version 1 records read as before
KEEP_ON_FOLD = MAX_ACTIONS // 2
MAX_SAVE_BYTES = MAX_SAVE_CHARS  # the older name


class SaveError(ValueError):
    """A save or link that cannot be loaded (or a game that could no longer be saved).
    The message says why, for the player; it quotes at most a short excerpt of what came
    in. This is the one refusal the loaders raise, whatever the input."""


@dataclass
class Session:
    """A game in progress: its record and the state the record leads to."""

    system: str
    options: dict[str, Any]
    seed: int
    actions: list[Action] = field(default_factory=list)
    state: State | None = None
    base: State | None = None  # the checkpoint the actions start from (None: the seed)
    # (n, the state after the first n actions): kept in memory when play passes the point
    # the next fold will cut at, so folding needs no replay (one replay after a reload)
    mark: tuple[int, State] | None = field(default=None, repr=False, compare=False)
    # what the last save wrote of the history: the actions (the very objects, never changed
    # once played) with their checked JSON, and the checkpoint with its JSON; the next save
    # writes and checks only what was played since (save_text)
    written: tuple[list[Action], list[str]] | None = field(default=None, repr=False, compare=False)
    written_base: tuple[State, str] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def start(cls, system: str, options: dict[str, Any] | None = None, seed: int = 0) -> "Session":
        game = get_game(system)
        state = game.new_game(options, seed)
        return cls(system, state["options"], seed, [], state)

    @property
    def game(self):
        return get_game(self.system)

    def play(self, action: Action) -> State:
        """Apply an action; on IllegalAction nothing changes. A history that reaches
        MAX_ACTIONS is first checkpointed (``fold``), so a saved game never holds more
        than a save may and a long game never stops."""
        assert self.state is not None
        new = self.game.apply(self.state, action)
        if len(self.actions) >= MAX_ACTIONS:
            self.fold()
        if len(self.actions) == MAX_ACTIONS - KEEP_ON_FOLD:
            # where the next fold will cut (also right after a fold); states are never
            # changed in place, so keeping a reference is enough
            self.mark = (len(self.actions), self.state)
        self.actions = self.actions + [action]
        self.state = new
        return new

    def fold(self, keep: int | None = None) -> None:
        """Move all but the newest ``keep`` actions (default MAX_ACTIONS // 2) into the
        base state. The state itself does not change: seed + base + actions still
        lead to it. The state at the cut is the one ``play`` marked on its way (no work);
        without a mark (the game was loaded since), the folded actions are replayed once:
        seconds for P52 in the browser, once per KEEP_ON_FOLD actions."""
        keep = KEEP_ON_FOLD if keep is None else keep
        cut = max(0, len(self.actions) - keep)
        if not cut:
            return
        if self.mark is not None and self.mark[0] == cut:
            self.base = self.mark[1]
        else:
            self.base = self._replay(self.actions[:cut])
        self.actions = self.actions[cut:]
        self.mark = None

    def _replay(self, actions: list[Action]) -> State:
        if self.base is None:
            return replay(self.system, self.options, self.seed, actions)
        return replay_from(self.system, self.base, actions)

    def can_undo(self) -> bool:
        return bool(self.actions)

    def undo(self) -> State:
        """Go back one action by replaying the rest from the seed or the checkpoint (the
        same cards come again). Undo stops at the checkpoint."""
        if not self.actions:
            raise IllegalAction("there is nothing to undo" if self.base is None else
                                "this long game keeps its last "
                                f"{KEEP_ON_FOLD:,} actions; there is nothing older to undo")
        actions = self.actions[:-1]
        self.state = self._replay(actions)
        self.actions = actions
        if self.mark is not None and self.mark[0] > len(actions):
            self.mark = None
        return self.state

    def record(self) -> dict[str, Any]:
        data = {"format": FORMAT, "version": 1, "system": self.system,
                "schema": self.game.schema_version, "options": self.options,
                "seed": self.seed, "actions": self.actions}
        if self.base is not None:
            data["version"] = FORMAT_VERSION
            data["base"] = self.base
        return data


def to_json(session: Session) -> str:
    data = session.record()
    data["state"] = session.state
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


_DUMP: dict[str, Any] = {"separators": (",", ":"), "sort_keys": True}


def save_text(session: Session) -> str:
    """The save of ``session``, checked against the limits the loader applies, so what
    is written can always be read back; SaveError otherwise (nothing is written).

    The text is ``to_json(session)``, made from parts: each action's JSON is written and
    checked once, when the first save after it is played is made, so a tap late in a long
    game does not write and walk its whole history again (a Deck evening of 1,500 draws
    took 7.6 ms a save in CPython, about 100 ms at a phone's speed in Pyodide). Anything
    past a limit goes the whole way (``_checked_text``), which says what is wrong."""
    try:
        text = _text_from_parts(session)
    except LimitError:
        text = None
    if text is not None and len(text) <= MAX_SAVE_CHARS:
        return text
    return _checked_text(session)


def _text_from_parts(session: Session) -> str | None:
    """``to_json(session)`` with every check of ``_checked_text`` (each part is checked at
    the depth it has in the record, and the bracket scan runs over the rest, the state
    included); None when the scan refuses. Sorted keys: "actions" and "base" come first."""
    head = {k: v for k, v in session.record().items() if k not in ("actions", "base")}
    check_value(head, "the save")
    texts = _action_texts(session)
    base = ""
    if session.base is not None:
        written = session.written_base
        if written is None or written[0] is not session.base:
            check_value(session.base, "the save", depth=2)
            written = session.written_base = (session.base, json.dumps(session.base, **_DUMP))
        base = ',"base":' + written[1]
    head["state"] = session.state
    rest = json.dumps(head, **_DUMP)
    if not json_depth_ok(rest):
        return None
    return '{"actions":[' + ",".join(texts) + "]" + base + "," + rest[1:]


def _action_texts(session: Session) -> list[str]:
    """The JSON of each action, those played since the last save checked now (at depth 3:
    record, list, action)."""
    actions = session.actions
    done, texts = session.written or ([], [])
    n = min(len(actions), len(done))
    if n and not all(map(operator.is_, actions[:n], done[:n])):  # another history (a fold)
        n = 0
    texts = texts[:n]
    for action in actions[n:]:
        check_value(action, "the save", depth=3)
        texts.append(json.dumps(action, **_DUMP))
    session.written = (list(actions), texts)
    return texts


def _checked_text(session: Session) -> str:
    """The whole save written and checked in one go; SaveError naming the limit."""
    text = to_json(session)
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError(f"this game's save would be {len(text):,} characters; the limit is "
                        f"{MAX_SAVE_CHARS:,}")
    if not json_depth_ok(text):
        raise SaveError("this game's save would nest too deep to be read again")
    try:
        check_value(session.record(), "the save")
    except LimitError as exc:
        raise SaveError(str(exc)) from None
    return text


def from_json(text: str | bytes) -> Session:
    """A stored save -> Session. Any problem at all is a SaveError (never another
    exception: start-up must go on)."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        if not isinstance(text, str):
            raise SaveError("a save must be text")
        try:
            data = load_json(text, "this save", MAX_SAVE_CHARS)
        except LimitError as exc:
            raise SaveError(str(exc)) from None
        except ValueError as exc:
            raise SaveError(f"this save is not readable JSON ({excerpt(str(exc))})") from None
        return from_record(data, checked=True, own=True)
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - the documented refusal, whatever went wrong
        raise SaveError(f"this save could not be read ({type(exc).__name__}: {excerpt(str(exc))})") from None


def from_record(data: Any, *, stored_state: bool = True, checked: bool = False,
                own: bool = False) -> Session:
    """A parsed record -> Session, replayed from its seed (or its checkpoint). ``checked``:
    the caller already ran the value limits (load_json). ``own``: the record comes from
    this app's own storage, the one place a checkpoint (``base``) is accepted."""
    return run_steps(from_record_steps(data, stored_state=stored_state, checked=checked, own=own))


def from_record_steps(data: Any, *, stored_state: bool = True, checked: bool = False,
                      own: bool = False) -> Generator[int, None, Session]:
    """from_record one move at a time: yields 1 after each move replayed, so an import
    can give the page back between slices (issue 28); returns the Session."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Pocketdeck saved game")
    if not checked:
        try:
            check_value(data, "the save")
        except LimitError as exc:
            raise SaveError(str(exc)) from None
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > FORMAT_VERSION or version < 1:
        raise SaveError(f"saved-game format {excerpt(version)} is not one this version of Pocketdeck reads")
    system, options, seed, actions = (data.get(k) for k in ("system", "options", "seed", "actions"))
    if not isinstance(system, str):
        raise SaveError("the save does not name its game system")
    try:
        game = yield from get_game_steps(system)  # its code loaded a module per step (core.imports)
    except ValueError:
        raise SaveError(f"unknown game system {excerpt(system)!r}") from None
    schema = data.get("schema")
    if schema != game.schema_version or isinstance(schema, bool):
        raise SaveError(f"this {game.title} save is from rules format {excerpt(schema)}; "
                        f"this version reads format {game.schema_version}")
    if not isinstance(options, dict) or not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError("the save's options or seed are missing or malformed")
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise SaveError("the save's list of actions is malformed")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"the save holds {len(actions):,} actions; a game holds at most {MAX_ACTIONS:,}")
    base = data.get("base")
    if base is not None:
        if not own:
            raise SaveError("a shared game must carry its whole history from the start; "
                            "this one starts from a checkpoint")
        check_base(game, base, options, seed)
    try:
        state = yield from replay_steps(system, game.new_game(options, seed) if base is None else base,
                                        actions)
    except Exception as exc:  # noqa: BLE001 - IllegalAction, or a rule tripping on odd input
        raise SaveError(f"the save's history cannot be replayed: {excerpt(str(exc), 200)}") from None
    if stored_state and "state" in data and data["state"] != state \
            and _play_of(data["state"], game.presentation_keys) != _play_of(state, game.presentation_keys):
        raise SaveError("the saved state does not match the game's own history; "
                        "the file was changed or damaged, or the game was played under a rule "
                        "this version of Pocketdeck has since corrected")
    return Session(system, state["options"], seed, list(actions), state, base)


def _play_of(value: Any, keys: tuple[str, ...]) -> Any:
    """``value`` without the presentation keys at any depth (Game.presentation_keys): what
    the rules decided, which a save must match; the replayed state is the one kept."""
    if isinstance(value, dict):
        return {k: _play_of(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_play_of(v, keys) for v in value]
    return value


def check_base(game: Any, base: Any, options: Any, seed: int) -> None:
    """Accept a checkpoint only when it is a state of this very game that the rules can
    work with: same system, seed and options; the game's own ``check_state``; and its legal
    actions and every seat's view computed without an error. SaveError otherwise."""
    if not isinstance(base, dict):
        raise SaveError("the save's checkpoint is not a game state")
    if base.get("system") != game.name or base.get("seed") != seed or base.get("options") != options:
        raise SaveError("the save's checkpoint belongs to another game")
    try:
        # the shape of a new game of the same options, and its cards: every card moves,
        # none comes or goes (the simulator checks both on every step of every system)
        fresh = game.new_game(options, seed)
        wrong = shape_problem(fresh, base, "the checkpoint") or stored_problem(game.name, base, "the checkpoint")
        if wrong:
            raise ValueError(wrong)
        game.check_state(base)
        if game.card_total(fresh) >= 0 and game.card_total(base) != game.card_total(fresh):
            raise ValueError(f"it holds {game.card_total(base)} cards; the game has {game.card_total(fresh)}")
        game.legal_actions(base)
        for seat in game.seats(base):
            game.view(base, seat)
    except Exception as exc:  # noqa: BLE001 - any failure means the checkpoint is damaged
        raise SaveError(f"the save's checkpoint is damaged ({excerpt(str(exc), 200)})") from None


def to_link(session: Session) -> str:
    """The game as a URL-fragment-safe string (no state: it is replayed on arrival).
    A checkpointed game has lost its early history and cannot be replayed from the
    seed by the receiver: SaveError says so."""
    if session.base is not None:
        raise SaveError(f"this game is longer than {MAX_ACTIONS:,} actions and keeps only its "
                        "recent history, so it cannot be sent as a link (a link replays a game "
                        "from its first card)")
    raw = json.dumps(session.record(), separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def from_link(text: str) -> Session:
    """A share link's fragment (after ``g=``) -> Session. Refused with SaveError, whatever
    is wrong with it, including a game whose save would break the save limits (so an
    accepted link always gives a save that is accepted and written)."""
    return run_steps(from_link_steps(text))


def from_link_steps(text: str) -> Generator[int, None, Session]:
    """from_link a move at a time (from_record_steps), for the page's slices (issue 28)."""
    try:
        session = yield from _from_link(text)
        save_text(session)
        return session
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - the documented refusal, whatever went wrong
        raise SaveError(f"this link could not be opened ({type(exc).__name__}: {excerpt(str(exc))})") from None


def _from_link(text: str) -> Generator[int, None, Session]:
    if not isinstance(text, str) or len(text) > MAX_LINK_CHARS:
        raise SaveError(f"this link is too long (the limit is {MAX_LINK_CHARS:,} characters) or not text")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        d = zlib.decompressobj()
        raw = d.decompress(packed, MAX_SAVE_CHARS)
        if d.unconsumed_tail:
            raise SaveError("this link unpacks to more than a saved game may hold")
        if not d.eof:  # cut short: the checksum at the end is missing
            raise SaveError("this link is cut short: part of it is missing")
    except (binascii.Error, zlib.error, ValueError) as exc:
        if isinstance(exc, SaveError):
            raise
        raise SaveError("this link is damaged: it does not decode to a game") from None
    try:
        data = load_json(raw.decode("utf-8"), "this link", MAX_SAVE_CHARS)
    except LimitError as exc:
        raise SaveError(str(exc)) from None
    except ValueError:  # not UTF-8, not JSON
        raise SaveError("this link is damaged: it does not decode to a game") from None
    return (yield from from_record_steps(data, stored_state=False, checked=True))
