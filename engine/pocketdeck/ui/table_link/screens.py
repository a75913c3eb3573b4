"""The screens and taps of a table of phones (issue 29), on both sides.

Host: "Invite a player" (a seat, then its code as a QR code and as a link to copy, and a
field for the player's answer), a line under the bar saying who plays where and who is
away ("Invite again", "Take back"). Guest: "Join <table> as <seat>?", its answer code,
then the table as its own seat sees it, and "Reconnect" when the connection is lost.

Effects for the browser are ``("tl", json)`` (web/tablelink.js: offer, accept, answer,
send, close); what the browser reports comes back through ``event``. Only this module and
table_link/table_code know of the link; app.py calls in at a few marked hooks.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.game import IllegalAction
from ...core.limits import excerpt, load_json
from ...core.saves import to_link
from . import codes as table_code
from . import seats as table_link
from ..flow import prompt
from ..html import button, esc
from ..tables import tables

if TYPE_CHECKING:
    from ..shell import App

Effect = tuple[str, ...]
GUEST_KEY = "tl:guest"       # the guest's seat and last view, for a reload ("Reconnect")
NO_LINK = ("No connection could be made: both phones must be on one Wi-Fi or one phone's "
           "hotspot. You can still share the game as a link (More, Share).")
# a browser with no data channel (RTCPeerConnection: Debian's WebKitGTK has none): said at
# once, with the way that works, instead of a code that is never made
NO_PEER = "This browser cannot connect phones; share the game as a link instead."


@dataclass
class GuestSide:
    """A guest phone's side: the seat it holds at the host's table and what it last saw."""

    system: str
    seat: str
    name: str
    title: str
    view: dict[str, Any] | None = None
    connected: bool = False
    offer: table_code.Code | None = None   # the invite being answered
    code: str = ""                         # this phone's answer code, shown to the host
    note: str = ""                         # the host's last refusal
    sent: int = 0
    away: list[str] = field(default_factory=list)  # seats away, as the host last said
    sheet: str = ""                        # the Library key of the sheet this phone joins with


def tl(op: str, **kw: Any) -> Effect:
    return ("tl", json.dumps(dict(kw, op=op)))


def hosting(app: "App") -> table_link.Host | None:
    return app.link if isinstance(app.link, table_link.Host) else None


def guesting(app: "App") -> GuestSide | None:
    return app.link if isinstance(app.link, GuestSide) else None


def supports(system: str) -> bool:
    return table_link.policy(system) is not None


# -- taps -------------------------------------------------------------------------------------
def handle(app: "App", verb: str, arg: str, fields: dict[str, Any]) -> list[Effect]:
    if verb == "tl-code":  # a pasted code (either side): the same door as a scanned link
        return open_code(app, str(fields.get("code", "")))
    if verb == "tl-copy":  # the code as a link, to the clipboard (web/library.js)
        table_code.read(arg)
        return [("copy", arg)]
    g = guesting(app)
    if g is not None and verb in ("play", "tl-join", "tl-reconnect", "tl-leave", "tl-show"):
        return _guest_tap(app, g, verb, arg, fields)
    return _host_tap(app, verb, arg)


def _host_tap(app: "App", verb: str, arg: str) -> list[Effect]:
    slot = app._current_slot() if not app.screen.startswith("tl-") else (hosting(app).slot if hosting(app) else "")
    if slot not in app.sessions:
        raise IllegalAction("open the game to invite a player to")
    session = app.sessions[slot]
    pol = table_link.policy(session.system)
    if pol is None:
        raise IllegalAction("players join from their own phones in the Deckbuilder RPG, P52, ADS Adventure and the DofA GM\u2019s table only, so far")
    host = hosting(app)
    closed: list[Effect] = []
    if host is None or host.slot != slot:  # a table of another game: the old one's guests are let go
        closed = [tl("close", seat=seat) for seat in (host.guests if host else {})]
        host = app.link = table_link.Host(session.system, slot, tables()[session.system].title)
    names = dict(pol.seats(session.game, session.state))
    if verb == "tl-host":
        app.screen = "tl-host"
        return closed
    if verb in ("tl-back", "tl-share"):
        app.screen = f"table:{slot}"
        if verb == "tl-share":  # no data channel here: the game's link, as More, Share gives it
            app.share_link = "g=" + to_link(session)
        return []
    if arg not in names:
        raise IllegalAction("that seat is not at this table")
    if verb == "tl-invite":
        if not app.can("peer"):
            raise IllegalAction(NO_PEER)
        old = host.guests.get(arg)
        host.guests[arg] = table_link.Guest(arg, names[arg], rejoin=bool(old and (old.rejoin or old.status != "inviting")))
        app.screen = f"tl-invite:{arg}"
        return closed + ([tl("close", seat=arg)] if old else []) + [tl("offer", seat=arg)]
    if verb == "tl-release":
        host.guests.pop(arg, None)
        app.screen = f"table:{slot}"
        app.flash = ("info", f"{names[arg]} is played on this phone again.")
        return [tl("close", seat=arg)]
    raise IllegalAction(f"unknown command {excerpt(verb)!r}")


def _guest_tap(app: "App", g: GuestSide, verb: str, arg: str, fields: dict[str, Any]) -> list[Effect]:
    if verb == "tl-join":
        if g.offer is None:
            raise IllegalAction("there is no invite to answer: scan the host's code")
        if arg and arg not in dict(own_sheets(app, g)):
            raise IllegalAction("that sheet is not in this phone's Library")
        g.sheet = arg
        app.screen = "tl-answer"
        return [tl("answer", sdp=g.offer.sdp())]
    if verb == "tl-reconnect":
        app.screen = "tl-reconnect"
        return []
    if verb == "tl-show":
        app.screen = "tl-guest"
        return [("put", "ui:screen", "tl-guest")]
    if verb == "tl-leave":
        app.link, app.screen = None, "home"
        return [tl("close"), ("delete", GUEST_KEY), ("put", "ui:screen", "home")]
    # play: the guest's own seat's choice goes to the host, which checks it
    if not g.connected:
        raise IllegalAction("not connected to the host: tap Reconnect")
    try:
        action = load_json(arg, "that button", table_link.MAX_MESSAGE)
    except ValueError:
        raise IllegalAction("that button sent something unreadable") from None
    if isinstance(action, dict):
        action.update(fields)
    g.sent += 1
    g.note = ""
    return [tl("send", text=json.dumps({"t": "act", "a": action}))]


def open_code(app: "App", text: str) -> list[Effect]:
    """A code from a link, a scanner or a paste: an invite (this phone joins) or an
    answer (this phone is the host that showed the invite)."""
    try:
        code = table_code.read(text)
    except table_code.CodeError as exc:
        app.flash = ("error", str(exc))
        return []
    if code.kind == "a":
        host = hosting(app)
        g = host.guests.get(code.seat) if host else None
        if g is None or not g.code:
            app.flash = ("error", "That answer is for an invite this phone is not showing now: "
                                  "tap Invite a player again.")
            return []
        app.screen = f"tl-invite:{code.seat}"
        app.flash = ("info", f"Connecting {g.name}…")
        return [tl("accept", seat=code.seat, sdp=code.sdp())]
    if code.system not in tables() or not supports(code.system):
        app.flash = ("error", "That invite is for a table this version of the app cannot join.")
        return []
    g = guesting(app)
    if g is None or (g.system, g.seat) != (code.system, code.seat):
        g = GuestSide(code.system, code.seat, code.seat_name, code.title)
        if hosting(app) is not None:
            app.flash = ("info", "This phone stops hosting its table to join another.")
        app.link = g
    g.offer, g.code, g.note = code, "", ""
    app.screen = "tl-join"
    return []


# -- what the browser reports --------------------------------------------------------------------
def event(app: "App", kind: str, seat: str, data: str, now: float | None = None) -> tuple[list[Effect], bool]:
    """One report of web/tablelink.js: (effects, whether the screen must be drawn again).
    Never raises: a report that cannot be used is said on screen or dropped."""
    try:
        return _event(app, kind, str(seat or ""), data, time.monotonic() if now is None else now)
    except Exception as exc:  # noqa: BLE001 - a peer never breaks the app
        app.flash = ("error", f"The table link: {excerpt(str(exc), 200)}")
        return [], True


def _event(app: "App", kind: str, seat: str, data: Any, now: float) -> tuple[list[Effect], bool]:
    host, g = hosting(app), guesting(app)
    if kind == "error":
        app.flash = ("error", NO_LINK + (f" ({excerpt(data, 80)})" if data else ""))
        return [], True
    if kind == "unsupported":  # web/tablelink.js found no RTCPeerConnection
        app.features["peer"] = False
        if host is not None:
            host.guests.clear()
            app.screen = "tl-host"
        else:
            app.flash = ("error", "This browser cannot connect phones; ask the host to share the "
                                  "game as a link instead.")
        return [], True
    if host is not None:
        return _host_event(app, host, kind, seat, data, now)
    if g is not None:
        return _guest_event(app, g, kind, data)
    return [], False


def _host_event(app: "App", host: table_link.Host, kind: str, seat: str, data: Any,
                now: float) -> tuple[list[Effect], bool]:
    guest = host.guests.get(seat)
    if guest is None or host.slot not in app.sessions:
        return [tl("close", seat=seat)] if kind == "msg" else [], False
    session = app.sessions[host.slot]
    if kind == "offer":
        try:
            guest.code = table_code.from_sdp(data, "o", seat, system=host.system, title=host.title,
                                             seat_name=guest.name).text()
        except table_code.CodeError as exc:
            app.flash = ("error", f"{exc}. {NO_LINK}")
        return [], True
    if kind == "close":
        if guest.status == "joined":
            guest.status = "away"
            app.flash = ("info", f"{guest.name} is away: the game waits for their seat.")
            return sync(app), True
        if guest.status == "inviting" and app.screen == f"tl-invite:{seat}":  # never opened
            app.flash = ("error", NO_LINK)
            return [], True
        return [], False
    if kind != "msg":
        return [], False
    legal = session.game.legal_actions(session.state)
    was = guest.status
    action, why = host.receive(seat, data, now, session.game, session.state, legal)
    if action is None:
        if was != guest.status:  # hello: joined; its invite is spent (a stale answer is refused)
            guest.code = ""
            if app.screen == f"tl-invite:{seat}":
                app.screen = f"table:{host.slot}"
            app.flash = ("info", f"{guest.name} joined from their own phone.")
            return _on_join(app, host, seat) + sync(app), True
        return ([tl("send", seat=seat, text=table_link.refusal(why))] if why else []), False
    app.log_before = app.shown_log if app.screen == f"table:{host.slot}" else None
    app.flash, app.result = None, []
    effects = app.play_in(host.slot, action)
    return effects + sync(app), True


def _on_join(app: "App", host: table_link.Host, seat: str) -> list[Effect]:
    """The system's step for a seat whose phone joined (the Policy's ``joined``: the DofA
    GM's table keeps that player's Action Deck from now on), played as a host's tap."""
    pol = table_link.policy(host.system)
    session = app.sessions[host.slot]
    numbers, host.guests[seat].numbers = host.guests[seat].numbers, None
    action = pol.joined(session.game, session.state, seat, numbers) if pol and pol.joined else None
    if action is None:
        return []
    flash = app.flash
    try:
        effects = app.play_in(host.slot, action)
    except IllegalAction:
        return []
    app.flash = flash
    return effects


def _guest_event(app: "App", g: GuestSide, kind: str, data: Any) -> tuple[list[Effect], bool]:
    if kind == "answer":
        try:
            g.code = table_code.from_sdp(data, "a", g.seat).text()
        except table_code.CodeError as exc:
            app.flash = ("error", f"{exc}. {NO_LINK}")
        return [], True
    if kind == "open":
        g.connected = True
        hello: dict[str, Any] = {"t": "hello"}
        if g.sheet and g.sheet in app.library:  # the sheet travels with the first hello only
            hello["sheet"] = app.library[g.sheet]
            g.sheet = ""
        return [tl("send", text=json.dumps(hello, separators=(",", ":")))], True
    if kind == "close":
        g.connected = False
        if app.screen == "tl-answer":  # the two phones never reached each other
            app.flash = ("error", NO_LINK)
        return [], True
    if kind != "msg":
        return [], False
    try:
        msg = table_link.read_host_message(data)
    except ValueError:
        return [], False
    if msg["t"] == "no":
        g.note = excerpt(msg.get("why", ""), 200)
        app.flash = ("error", f"The host refused: {g.note}")
        return [], True
    if (msg["system"], msg["seat"]) != (g.system, g.seat):
        return [], False
    before = g.view.get("log") if g.view else None
    g.view, g.connected, g.name = msg["v"], True, excerpt(msg["name"], 40)
    g.away = [excerpt(n, 40) for n in msg.get("away", []) if isinstance(n, str)][:8]
    if isinstance(before, list) and isinstance(g.view.get("log"), list):
        from ..flow import new_lines
        app.result = new_lines(before, g.view["log"])
    if app.screen in ("tl-answer", "tl-join", "tl-reconnect"):
        app.screen = "tl-guest"
    keep = json.dumps({"system": g.system, "seat": g.seat, "name": g.name, "title": g.title, "view": g.view})
    return [("put", GUEST_KEY, keep), ("put", "ui:screen", "tl-guest")], True


def sync(app: "App") -> list[Effect]:
    """The host's views to every joined guest whose view changed (after any tap or message)."""
    host = hosting(app)
    if host is None or host.slot not in app.sessions:
        return []
    session = app.sessions[host.slot]
    away = [g.name for g in host.guests.values() if g.status == "away"]
    return [tl("send", seat=s, text=t) for s, t in host.views(session.game, session.state, away)]


def check_local(app: "App", slot: str) -> None:
    """A tap on the host's own screen for a seat a guest holds is refused (app.py's play)."""
    host = hosting(app)
    if host is None or host.slot != slot:
        return
    session = app.sessions[slot]
    try:
        host.check_local(session.game, session.state)
    except PermissionError as exc:
        raise IllegalAction(str(exc)) from None


def host_view(app: "App", slot: str, view: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The host's own view (the seats guests hold taken out) and the line of who plays where."""
    host = hosting(app)
    if host is None or host.slot != slot or not host.guests:
        return view, ""
    rows = []
    for seat, g in host.guests.items():
        state = {"joined": "plays on their own phone", "away": "is away",
                 "inviting": "is invited"}[g.status]
        again = button("Invite again", "tl-invite", seat, cls="btn small",
                       title=f"Invite {g.name} again") if g.status != "joined" else ""
        back = button("Take back", "tl-release", seat, cls="btn small ghost",
                      title=f"Play {g.name} on this phone")
        rows.append(f'<li data-seat="{esc(seat)}" data-status="{esc(g.status)}">'
                    f'<span>{esc(g.name)} {state}</span> {again}{back}</li>')
    strip = f'<ul class="tl-seats" aria-label="Players at this table">{"".join(rows)}</ul>'
    session = app.sessions[slot]
    return table_link.seat_view(host.system, session.game, session.state, host.mine(session.game, session.state)), strip


def home_line(app: "App") -> str:
    """The home screen's way back to the table this phone joined as a guest."""
    g = guesting(app)
    if g is None:
        return ""
    return button(f"Back to {g.title} as {g.name}", "tl-show", cls="btn primary tl-back")


def restore(app: "App", text: Any) -> None:
    """A guest phone after a reload: its seat and last view, not connected."""
    value = load_json(text, "the table link", table_link.MAX_VIEW)
    if not isinstance(value, dict) or not supports(value.get("system")) or \
            not all(isinstance(value.get(k), str) for k in ("seat", "name", "title")):
        raise ValueError("not a table link this app keeps")
    view = value.get("view")
    app.link = GuestSide(value["system"], value["seat"][:12], value["name"][:40], value["title"][:60],
                         view if isinstance(view, dict) else None)


# -- screens ----------------------------------------------------------------------------------------
def render(app: "App") -> str:
    screen = app.screen
    host, g = hosting(app), guesting(app)
    if screen == "tl-host" and host is not None and host.slot in app.sessions:
        return _seats_screen(app, host)
    if screen.startswith("tl-invite:") and host is not None:
        return _invite_screen(host, screen[10:])
    if g is not None:
        if screen == "tl-join":
            return _join_screen(app, g)
        if screen == "tl-answer":
            return _answer_screen(g)
        if screen == "tl-reconnect":
            return _reconnect_screen(g)
        return _guest_table(g)
    return _bar("Table link") + prompt('<p>This table link has ended.</p>' + button("Home", "home", cls="btn primary"),
                                        label="The table link has ended")


def _bar(title: str, back: tuple[str, str] | None = None) -> str:
    parts = [button("\u2190 Home", "home", cls="btn ghost")]
    if back:
        parts.append(button(back[0], back[1], cls="btn ghost"))
    return f'<nav class="nav" aria-label="{esc(title)}">{"".join(parts)}</nav>'


def _seats_screen(app: "App", host: table_link.Host) -> str:
    if not app.can("peer"):
        body = ('<h1 id="tl-h">This browser cannot connect phones</h1><p>Share the game as a link '
                'instead: the other player opens it on their own phone and plays a copy of it.</p>'
                + button("Share the game as a link", "tl-share", cls="btn primary"))
        return _bar("Invite a player", ("Back to the game", "tl-back")) + prompt(
            body, label="This browser cannot connect phones; share the game as a link instead")
    session = app.sessions[host.slot]
    seats = table_link.POLICIES[host.system].seats(session.game, session.state)
    rows = []
    for seat, name in seats:
        g = host.guests.get(seat)
        label = "Invite again" if g else "Invite"
        rows.append(f'<li><span>{esc(name)}</span>'
                    + button(label, "tl-invite", seat, cls="btn primary", title=f"{label} a player as {name}")
                    + '</li>')
    none = ("" if rows else '<p>No player sits at this table yet: add one first (their numbers, or '
            'their sheet\u2019s link), then invite their phone.</p>' if host.system == "dofa-gm" else
            '<p>This game has one character only: a party of two or more can be '
            'played from several phones.</p>')
    body = (f'<h1 id="tl-h">Invite a player</h1><p>Each player plays their own character on their own phone. '
            'Both phones must be on one Wi-Fi or on one phone\u2019s hotspot; no internet is needed.</p>'
            f'{none}<ul class="tl-list">{"".join(rows)}</ul>')
    return _bar("Invite a player", ("Back to the game", "tl-back")) + prompt(body, label="Invite a player: choose a seat")


def _code_block(code: str, what: str, copy_label: str) -> str:
    return (f'<figure class="qr"><div class="qr-code" data-qr="{esc(code)}" role="img" '
            f'aria-label="QR code: {esc(what)}"></div></figure>'
            f'<label class="tl-code">The same code as text:<input readonly class="share-link" '
            f'data-tl-code value="{esc(code)}"></label>'
            + button(copy_label, "tl-copy", code, cls="btn") + '<p id="lib-done" class="muted"></p>')


def _invite_screen(host: table_link.Host, seat: str) -> str:
    g = host.guests.get(seat)
    if g is None:
        return _bar("Invite a player", ("Back to the game", "tl-back")) + prompt(
            "<p>That invite was taken back.</p>", label="No invite")
    if g.status == "joined":
        body = f'<h1>{esc(g.name)} joined</h1><p>They play from their own phone now.</p>'
        return _bar("Invite a player", ("Back to the game", "tl-back")) + prompt(body, label=f"{g.name} joined")
    if not g.code:
        body = (f'<h1>Invite a player as {esc(g.name)}</h1><p data-tl-wait>Making the code\u2026</p>'
                + button("Back to the game", "tl-back", cls="btn"))
        return _bar("Invite a player") + prompt(body, label=f"Making the code for {g.name}")
    body = (f'<h1>Invite a player as {esc(g.name)}</h1>'
            '<p>1. On their phone: scan this code (Library, Scan a code), or open the link.</p>'
            + _code_block(g.code, f"invite to play {g.name}", "Copy the invite link")
            + '<p>2. Their phone then shows an answer code: scan it here, or paste it.</p>'
            '<form class="tl-answer"><label>The player\u2019s answer code '
            '<input name="code" autocomplete="off" spellcheck="false"></label>'
            + button("Connect", "tl-code", fill="code", cls="btn primary", submit=True)
            + '</form><button type="button" id="lib-scan" class="btn">Scan the answer</button>')
    return _bar("Invite a player", ("Back to the game", "tl-back")) + prompt(body, label=f"Invite a player as {g.name}")


def own_sheets(app: "App", g: GuestSide) -> list[tuple[str, str]]:
    """(Library key, name) of the sheets this phone may join ``g``'s table with: the DofA
    sheets in its Library, for a DofA GM's table (no other table seats a sheet yet)."""
    if g.system != "dofa-gm":
        return []
    from ...core.records import get_kind
    prefix = get_kind("sheet", "dofa").prefix
    return sorted(((k, str(r.get("name") or "A sheet")[:40]) for k, r in app.library.items()
                   if k.startswith(prefix) and isinstance(r, dict)), key=lambda kn: kn[1].lower())


def _join_screen(app: "App", g: GuestSide) -> str:
    if g.system == "dofa-gm":
        return _join_with_sheet(app, g)
    body = (f'<h1>Join {esc(g.title)} as {esc(g.name)}?</h1>'
            f'<p>You play {esc(g.name)} on this phone; the host\u2019s phone keeps the game. '
            'Both phones must be on one Wi-Fi or hotspot.</p><div class="choices">'
            + button(f"Join as {g.name}", "tl-join", cls="btn primary")
            + button("Not now", "tl-leave", cls="btn ghost") + '</div>')
    return _bar("Join a table") + prompt(body, label=f"Join {g.title} as {g.name}?")


def _join_with_sheet(app: "App", g: GuestSide) -> str:
    """A DofA player joins the GM's table with a sheet from this phone's Library: the GM's
    table seats that character (its numbers and modifiers) in the seat the invite offers."""
    sheets = own_sheets(app, g)
    if sheets:
        rows = "".join(button(f"Join {g.title} as {name}", "tl-join", key, cls="btn primary" if i == 0 else "btn")
                       for i, (key, name) in enumerate(sheets))
        body = (f'<h1>Join {esc(g.title)} with your sheet?</h1>'
                f'<p>The GM offers you the seat of {esc(g.name)}. Choose the sheet from your Library '
                'that sits there: the GM’s table takes its HP, AP, PP and modifiers, and you draw '
                'the GM’s calls on this phone. Both phones must be on one Wi-Fi or hotspot.</p>'
                f'<div class="choices tl-sheets">{rows}</div><div class="choices">'
                + button(f"Join as {g.name} without a sheet", "tl-join", cls="btn ghost")
                + button("Not now", "tl-leave", cls="btn ghost") + '</div>')
        return _bar("Join a table") + prompt(body, label=f"Join {g.title}: choose your sheet")
    body = (f'<h1>Join {esc(g.title)} as {esc(g.name)}?</h1>'
            '<p>There is no Deck of Adventures sheet in this phone’s Library yet. To sit at the '
            'table with your own character, make one (a Deck of Adventures game, then Keep this sheet '
            'in the library) and scan the GM’s code again. Or join with the numbers the GM typed in.</p>'
            '<div class="choices">' + button("Make a Deck of Adventures sheet", "setup", "dofa", cls="btn primary")
            + button(f"Join as {g.name} without a sheet", "tl-join", cls="btn")
            + button("Not now", "tl-leave", cls="btn ghost") + '</div>')
    return _bar("Join a table") + prompt(body, label=f"Join {g.title}: no sheet yet")


def _answer_screen(g: GuestSide) -> str:
    if not g.code:
        body = '<h1>Making your answer\u2026</h1>'
        return _bar("Join a table") + prompt(body, label="Making your answer code")
    body = ('<h1>Show this to the host</h1><p>The host scans this code (or pastes it). '
            'The table opens here as soon as the two phones are connected.</p>'
            + _code_block(g.code, f"answer to join as {g.name}", "Copy the answer link")
            + '<p class="muted" data-tl-wait>Waiting for the host\u2026</p>')
    return _bar("Join a table") + prompt(body, label="Show your answer code to the host")


def _reconnect_screen(g: GuestSide) -> str:
    body = (f'<h1>Reconnect as {esc(g.name)}</h1><p>On the host\u2019s phone: tap Invite again beside '
            f'{esc(g.name)}. Then scan that code here, or paste it.</p>'
            '<button type="button" id="lib-scan" class="btn primary">Scan the host\u2019s code</button>'
            '<form class="tl-answer"><label>The host\u2019s invite code '
            '<input name="code" autocomplete="off" spellcheck="false"></label>'
            + button("Join", "tl-code", fill="code", cls="btn", submit=True) + '</form>'
            + (button("Back to the table", "tl-show", cls="btn ghost") if g.view else "")
            + button("Leave this table", "tl-leave", cls="btn ghost"))
    return _bar("Reconnect") + prompt(body, label=f"Reconnect as {g.name}")


def _guest_table(g: GuestSide) -> str:
    if g.connected:
        line = f'<span>{esc(g.name)} at {esc(g.title)}: connected</span>'
    else:
        line = (f'<span>{esc(g.name)}: not connected to the host</span>'
                + button("Reconnect", "tl-reconnect", cls="btn primary small"))
    away = getattr(g, "away", [])
    if away:
        line += f'<span class="muted">Away: {esc(", ".join(away))}</span>'
    strip = f'<div class="tl-guest" data-connected="{"yes" if g.connected else "no"}">{line}</div>'
    table = tables()[g.system].render(g.view, None) if g.view else prompt(
        "<p>Waiting for the host\u2019s table\u2026</p>", label="Waiting for the host")
    return _bar(f"{g.title}: {g.name}") + strip + table
