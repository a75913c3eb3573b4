"""Seat routing of a table of phones (issue 29): the host's game is the truth.

The host runs the engine. A guest phone holds one seat; what it sends is read here before
anything else sees it, in this order: the channel it came on (that fixes the seat: a
message never names its own seat), the rate (at most ``RATE`` a second per seat), the size
(``MAX_MESSAGE``), readable JSON within the app's limits, then an action that this seat
must choose now and that ``legal_actions`` lists, exactly as a local tap is checked. Every
refusal leaves the game as it was and answers the guest once with why.

Each seat is answered with its own view only (``seat_view``, from the system's own
``view(state, seat)`` by the per-system hooks of table_policies.py): another seat's hand
and the choices of other seats never leave the host. The host's own screen gets the same
treatment for the seats guests hold.

Pure Python, no browser import: web/tablelink.js carries the text both ways.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ...core.game import is_legal
from ...core.limits import excerpt, load_json
from .policies import HOST, POLICIES, Policy

MAX_MESSAGE = 2_000        # characters of one guest message (the largest action is ~200)
MAX_HELLO = 20_500         # a hello that brings a DofA sheet: the library's cap of one (20,000) and the envelope
MAX_VIEW = 400_000         # characters of one view the guest reads (a Deckbuilder view: ~10 KB)
RATE = 20                  # guest messages a second per seat; a person taps a few at most


def policy(system: str) -> Policy | None:
    return POLICIES.get(system)


def seat_view(system: str, game: Any, state: dict[str, Any], mine: set[str]) -> dict[str, Any]:
    """What the holder of the seats ``mine`` may see of ``state``: the system's own view
    with what those seats may not see taken out, and no choices unless one of them acts."""
    return POLICIES[system].view(game, state, mine)


@dataclass
class Guest:
    """A seat held by a guest phone, as the host knows it."""

    seat: str
    name: str
    status: str = "inviting"     # inviting (code shown), joined, away
    code: str = ""               # the invite code shown now
    window: float = -1.0         # the start of the current one-second window
    count: int = 0               # messages in it
    refused: int = 0             # messages refused, all told
    sent: str = ""               # the last view sent (a view is sent when it changed)
    rejoin: bool = False         # invited again for a seat a guest held: it stays held
    numbers: Any = None          # what the seat's sheet (brought by the hello) gives the table


@dataclass
class Host:
    """The host's side of the table link: which seats are held by whom, and the refusals."""

    system: str
    slot: str
    title: str
    guests: dict[str, Guest] = field(default_factory=dict)

    def held(self) -> set[str]:
        """Seats a guest holds (joined or away: an away seat waits for its player)."""
        return {s for s, g in self.guests.items() if g.status in ("joined", "away") or g.rejoin}

    def mine(self, game: Any, state: dict[str, Any]) -> set[str]:
        """The seats the host's phone plays: every seat no guest holds, the GM's and HOST
        (the party-wide choices nobody's seat owns)."""
        return {s for s, _ in POLICIES[self.system].seats(game, state)} - self.held() | {"gm", HOST}

    def check_local(self, game: Any, state: dict[str, Any]) -> None:
        """A tap on the host's phone: refused when a guest holds the seat that must act."""
        owner = POLICIES[self.system].owner(game, state)
        if owner in self.held():
            g = self.guests[owner]
            where = "played on their own phone" if g.status == "joined" else "away; tap Take back to play it here"
            raise PermissionError(f"{g.name} is {where}")

    def receive(self, seat: str, text: Any, now: float, game: Any, state: dict[str, Any],
                legal: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, str | None]:
        """One message from the guest on ``seat``'s channel: (the action to play, None) or
        (None, the refusal to answer with; None when the guest is not answered: a flood)."""
        g = self.guests.get(seat)
        if g is None or g.status not in ("joined", "inviting"):
            return None, None
        if now - g.window >= 1.0:
            g.window, g.count = now, 0
        g.count += 1
        if g.count > RATE:
            g.refused += 1
            return None, ("too many messages: at most 20 a second are read" if g.count == RATE + 1 else None)
        cap = MAX_HELLO if g.status == "inviting" else MAX_MESSAGE  # only a hello brings a sheet
        if not isinstance(text, str) or len(text) > cap:
            g.refused += 1
            return None, f"a message is at most {cap:,} characters"
        try:
            msg = load_json(text, "the message", cap)
        except ValueError:
            g.refused += 1
            return None, "that message is not readable"
        if not isinstance(msg, dict) or msg.get("t") not in ("hello", "act"):
            g.refused += 1
            return None, "that message is not one the app sends"
        if msg["t"] == "hello":
            pol = POLICIES[self.system]
            if "sheet" in msg:
                if g.status != "inviting" or pol.sheet is None:
                    g.refused += 1
                    return None, "a sheet comes with a phone's first hello only, at a table that seats one"
                try:
                    g.numbers = pol.sheet(msg["sheet"])
                except ValueError as exc:
                    g.refused += 1
                    return None, f"that sheet cannot sit at this table: {excerpt(str(exc), 200)}"
            g.status = "joined"
            g.sent = ""  # the view goes out again
            return None, None
        action = msg.get("a")
        pol = POLICIES[self.system]
        if pol.owner(game, state) != seat and not (pol.free and pol.free(game, state, seat, action)):
            g.refused += 1
            return None, f"it is not {g.name}'s turn to choose"
        if not is_legal(action, legal):
            g.refused += 1
            return None, f"{excerpt(action)} is not a legal action now"
        return action, None

    def views(self, game: Any, state: dict[str, Any], away: list[str]) -> list[tuple[str, str]]:
        """(seat, message) for each joined guest whose view changed since it was last sent."""
        out = []
        names = dict(POLICIES[self.system].seats(game, state))
        for seat, g in self.guests.items():
            g.name = names.get(seat, g.name)  # a seat may change its name (a DofA phone's own sheet)
            if g.status != "joined":
                continue
            text = json.dumps({"t": "view", "system": self.system, "title": self.title, "seat": seat,
                               "name": g.name, "away": away, "v": seat_view(self.system, game, state, {seat})},
                              sort_keys=True)
            if text != g.sent:
                g.sent = text
                out.append((seat, text))
        return out


def refusal(why: str) -> str:
    return json.dumps({"t": "no", "why": why})


def read_host_message(text: Any) -> dict[str, Any]:
    """What a guest accepts from the host: a view of a known table, or a refusal."""
    msg = load_json(text, "the host's message", MAX_VIEW)
    if not isinstance(msg, dict) or msg.get("t") not in ("view", "no"):
        raise ValueError("not a message of the table link")
    if msg["t"] == "view" and not (isinstance(msg.get("v"), dict) and msg.get("system") in POLICIES
                                   and all(isinstance(msg.get(k), str) for k in ("seat", "name", "title"))):
        raise ValueError("not a view of a table this app shows")
    return msg
