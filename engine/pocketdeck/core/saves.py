"""Versioned saves and share links.

A saved game is the record ``system + options + seed + actions`` plus the state it leads
to. Loading replays the actions from the seed: a save or a link can therefore only ever
describe a game reached by legal play, however it was tampered with. The stored state is
compared with the replayed one, and a mismatch is refused, never half-loaded.

Share links carry the same record, compressed (zlib) and base64url-encoded, in the URL
fragment, so no server ever sees it.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from .game import Action, IllegalAction, State, get_game, replay

FORMAT = "pocketdeck-game"
FORMAT_VERSION = 1
MAX_SAVE_BYTES = 2_000_000
MAX_LINK_CHARS = 200_000


class SaveError(ValueError):
    """A save or link that cannot be loaded. The message says why, for the player."""


@dataclass
class Session:
    """A game in progress: its record and the state the record leads to."""

    system: str
    options: dict[str, Any]
    seed: int
    actions: list[Action] = field(default_factory=list)
    state: State | None = None

    @classmethod
    def start(cls, system: str, options: dict[str, Any] | None = None, seed: int = 0) -> "Session":
        game = get_game(system)
        state = game.new_game(options, seed)
        return cls(system, state["options"], seed, [], state)

    @property
    def game(self):
        return get_game(self.system)

    def play(self, action: Action) -> State:
        """Apply an action; on IllegalAction nothing changes."""
        assert self.state is not None
        new = self.game.apply(self.state, action)
        self.actions.append(action)
        self.state = new
        return new

    def can_undo(self) -> bool:
        return bool(self.actions)

    def undo(self) -> State:
        """Go back one action by replaying the rest from the seed (the same cards come again)."""
        if not self.actions:
            raise IllegalAction("there is nothing to undo")
        actions = self.actions[:-1]
        self.state = replay(self.system, self.options, self.seed, actions)
        self.actions = actions
        return self.state

    def record(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": FORMAT_VERSION, "system": self.system,
                "schema": self.game.schema_version, "options": self.options,
                "seed": self.seed, "actions": self.actions}


def to_json(session: Session) -> str:
    data = session.record()
    data["state"] = session.state
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def from_json(text: str | bytes) -> Session:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if not isinstance(text, str):
        raise SaveError("a save must be text")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"this save is {len(text):,} characters; the limit is {MAX_SAVE_BYTES:,}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"this save is not readable JSON ({exc})") from None
    return from_record(data)


def from_record(data: Any, *, stored_state: bool = True) -> Session:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Pocketdeck saved game")
    version = data.get("version")
    if not isinstance(version, int) or version > FORMAT_VERSION or version < 1:
        raise SaveError(f"saved-game format {version!r} is not one this version of Pocketdeck reads")
    system, options, seed, actions = (data.get(k) for k in ("system", "options", "seed", "actions"))
    if not isinstance(system, str):
        raise SaveError("the save does not name its game system")
    try:
        game = get_game(system)
    except ValueError as exc:
        raise SaveError(str(exc)) from None
    if data.get("schema") != game.schema_version:
        raise SaveError(f"this {game.title} save is from rules format {data.get('schema')!r}; "
                        f"this version reads format {game.schema_version}")
    if not isinstance(options, dict) or not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError("the save's options or seed are missing or malformed")
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise SaveError("the save's list of actions is malformed")
    try:
        state = replay(system, options, seed, actions)
    except IllegalAction as exc:
        raise SaveError(f"the save's history cannot be replayed: {exc}") from None
    except (ValueError, TypeError, KeyError) as exc:
        raise SaveError(f"the save's history cannot be replayed: {exc}") from None
    if stored_state and "state" in data and data["state"] != state:
        raise SaveError("the saved state does not match the game's own history; "
                        "the file was changed or damaged")
    return Session(system, state["options"], seed, list(actions), state)


def to_link(session: Session) -> str:
    """The game as a URL-fragment-safe string (no state: it is replayed on arrival)."""
    raw = json.dumps(session.record(), separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def from_link(text: str) -> Session:
    if not isinstance(text, str) or len(text) > MAX_LINK_CHARS:
        raise SaveError("this link is too long or not text")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        d = zlib.decompressobj()
        raw = d.decompress(packed, MAX_SAVE_BYTES)
        if d.unconsumed_tail:
            raise SaveError("this link unpacks to more than a saved game may hold")
        if not d.eof:  # cut short: the checksum at the end is missing
            raise SaveError("this link is cut short: part of it is missing")
    except (binascii.Error, zlib.error, ValueError) as exc:
        if isinstance(exc, SaveError):
            raise
        raise SaveError("this link is damaged: it does not decode to a game") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError("this link is damaged: it does not decode to a game") from None
    return from_record(data, stored_state=False)
