"""A seeded random walk over the whole app in CPython (issue 47): phones (Apps with their
stores) tap the buttons their own rendered HTML offers, with the form fields those buttons
send filled from the HTML (plausible values, sometimes junk); the table link's effects are
carried between a host and its guest phones as tests/test_table_link.py's ``Wire`` does;
guests scan invites at random moments (mid-fight too), drop, reload and rejoin; phones
reload from their stores. After every step every phone's screen is drawn.

It fails on the first exception that escapes ``handle``/``render``/``event``, a screen that
could not be drawn, a flash that is an internal error, or a reload that loses a game. It
counts the verbs offered on screen and the verbs tapped (``play`` by its action's type), so
a test can fail on any verb offered but never tapped (tests/test_app_walk.py)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from test_table_link import SDP, Wire

from pocketdeck.ui.table_link import screens as table_screens
from pocketdeck.ui.app import App

# what a flash must never say: Python's own words for a bug (App.handle's catch-all says
# "That did not work: <the exception's text>"; table_screens.event "The table link: ...")
INTERNAL = re.compile(r"Traceback|object has no attribute|\b[A-Z][A-Za-z]*(Error|Exception)\b|"
                      r"not subscriptable|is not iterable|unhashable type|unsupported operand|"
                      r"index out of range|NoneType|takes \d+ positional|got an unexpected keyword|"
                      r"not supported between|That did not work: \S*$")  # a bare KeyError's key
JUNK = ["", " ", "-1", "0", "1e400", "99999999999999999999", "NaN", "null", "[]", "{}", "<b>x</b>",
        "\u202e\U0001F0A1" * 30, "x" * 500, "None", "true", "'; drop"]


# -- the page: its buttons and form fields, as web/boot.js reads them ---------------------------
@dataclass
class Button:
    verb: str
    arg: str
    fill: list[str]
    label: str = ""

    @property
    def key(self) -> str:
        """The verb counted: a ``play`` by its action's type."""
        if self.verb == "play":
            try:
                return "play:" + str(json.loads(self.arg).get("type"))
            except (ValueError, AttributeError):
                return "play:?"
        return self.verb


@dataclass
class Field:
    name: str
    kind: str                      # "input", "select", "textarea", "checkbox", "hidden", "number"
    value: str = ""
    options: list[str] = field(default_factory=list)
    lo: float | None = None
    hi: float | None = None
    checked: bool = False
    maxlength: int | None = None


class Page(HTMLParser):
    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.buttons: list[Button] = []
        self.fields: list[Field] = []
        self._select: Field | None = None
        self._button: Button | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-action" in a and "disabled" not in a and a.get("aria-disabled") != "true":
            b = Button(a["data-action"], a.get("data-arg") or "",
                       [n.strip() for n in (a.get("data-fill") or "").split(",") if n.strip()])
            self.buttons.append(b)
            if tag == "button":
                self._button = b
        name = a.get("name")
        if tag == "input" and name and "readonly" not in a:
            kind = a.get("type") or "input"
            f = Field(name, {"checkbox": "checkbox", "hidden": "hidden", "number": "number"}.get(kind, "input"),
                      a.get("value") or "", checked="checked" in a)
            for attr, slot in (("min", "lo"), ("max", "hi")):
                try:
                    setattr(f, slot, float(a[attr]))
                except (KeyError, ValueError):
                    pass
            if a.get("maxlength", "").isdigit():
                f.maxlength = int(a["maxlength"])
            self.fields.append(f)
        elif tag == "select" and name:
            self._select = Field(name, "select")
            self.fields.append(self._select)
        elif tag == "option" and self._select is not None:
            self._select.options.append(a.get("value", ""))
            if "selected" in a or not self._select.value:
                self._select.value = a.get("value", "")
        elif tag == "textarea" and name and "readonly" not in a:
            self.fields.append(Field(name, "input"))

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "button":
            self._button = None

    def handle_data(self, data):
        if self._button is not None:
            self._button.label += data


NAMES = ["Ann", "Bo", "Wren the Bold", "Zed", "Ada", "\u00d1o\u00f1o"]


def fill(page: Page, names: list[str], rng: random.Random, pool: dict[str, list[str]]) -> dict[str, Any]:
    """The fields a button sends (boot.js fieldsOf): the first field of each name, a
    checkbox group's ticked values; each set at random the way a player could (a text
    field whose name starts with a key of ``pool`` from its values: codes and links other
    phones show), and one in ten taps one field set to junk no player could type."""
    out: dict[str, Any] = {}
    if names == ["*"]:  # every field of the form (web/boot.js fieldsOf: a form drawn from a spec)
        names = list(dict.fromkeys(f.name for f in page.fields))
    for name in names:
        found = [f for f in page.fields if f.name == name]
        if not found:
            continue
        f = found[0]
        if f.kind == "checkbox":
            out[name] = ([v.value for v in found if rng.random() < 0.5] if rng.random() < 0.6 else
                         [g.value for g in found if g.checked])
        elif f.kind == "select":
            out[name] = rng.choice(f.options) if f.options and rng.random() < 0.7 else f.value
        elif f.kind == "hidden":
            out[name] = f.value
        elif f.kind == "number":
            near = int(f.value) if f.value.lstrip("-").isdigit() else 0  # no bounds: near its default
            lo = int(f.lo) if f.lo is not None else max(0, near - 2)
            hi = int(f.hi) if f.hi is not None else near + 2
            out[name] = str(rng.randint(lo, max(lo, hi))) if rng.random() < 0.95 else str(rng.choice([lo - 1, hi + 1]))
        else:
            known = next((v for k, v in pool.items() if name.startswith(k)), None)
            if known is not None:
                out[name] = rng.choice(known) if known and rng.random() < 0.8 else rng.choice(["", "t=AAAA", "g=x"])
            else:
                out[name] = rng.choice([f.value, "", rng.choice(NAMES), rng.choice(NAMES), "x" * (f.maxlength or 40)])
    if out and rng.random() < 0.1:
        out[rng.choice(sorted(out))] = rng.choice(JUNK)
    return out


# -- phones and the wire between them -------------------------------------------------------------
def apply(store: dict[str, Any], effects) -> None:
    for e in effects or []:
        if e[0] == "put":
            store[e[1]] = e[2]
        elif e[0] == "delete":
            store.pop(e[1], None)


# exceptions that are a bug wherever they come from: App.handle turns any exception into a
# flash ("That did not work: division by zero"), so the walk watches the calls inside it
BUGS = (KeyError, TypeError, AttributeError, IndexError, ZeroDivisionError, AssertionError,
        RecursionError, NameError, OverflowError, StopIteration)
caught: list[str] = []


@contextmanager
def watching():
    """While a walk runs: every bug-like exception raised inside a tap or a table-link event
    (then turned into a flash by the app) is kept in ``caught`` with where it was raised."""
    from pocketdeck.ui.library import screen as library_screen

    def watch(fn):
        def watched(*args, **kw):
            try:
                return fn(*args, **kw)
            except BUGS as exc:
                tb = exc.__traceback__
                while tb.tb_next is not None:
                    tb = tb.tb_next
                caught.append(f"{type(exc).__name__}: {exc} at {tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}")
                raise
        return watched

    saved = [(App, "_handle", App._handle), (library_screen, "handle", library_screen.handle),
             (table_screens, "handle", table_screens.handle), (table_screens, "_event", table_screens._event)]
    for owner, name, fn in saved:
        setattr(owner, name, watch(fn))
    try:
        yield caught
    finally:
        for owner, name, fn in saved:
            setattr(owner, name, fn)
        caught.clear()


def internal(flash: Any) -> bool:
    return bool(flash) and flash[0] == "error" and bool(INTERNAL.search(str(flash[1])))


class Phone:
    """One phone: its App and what its IndexedDB holds."""

    def __init__(self, name: str, seed: int):
        self.name, self.seed = name, seed
        self.app = App(seed_source=seed)
        self.store: dict[str, Any] = {}
        self.out: list[tuple] = []   # the last tap's effects that leave the app (download, copy, share)

    def reload(self) -> None:
        """The page reloaded: a new App from the store; every game comes back as it was."""
        before = {slot: list(s.actions) for slot, s in self.app.sessions.items()}
        self.seed += 1000
        self.app = App(seed_source=self.seed)
        self.app.restore(dict(self.store))
        after = {slot: list(s.actions) for slot, s in self.app.sessions.items()}
        assert after == before, f"{self.name}: a reload changed the games {sorted(before)} -> {sorted(after)}"
        assert not self.app.problems, f"{self.name}: a reload found problems {self.app.problems}"


class Seat(Wire):
    """The wire between the host phone and one guest phone (tests/test_table_link.py's Wire):
    its ``run`` also writes each side's storage effects to that phone's store, sends the
    host's effects through ``Net`` (which channel a seat's message takes) and carries a
    closed data channel to the other side as web/tablelink.js reports it (a "close" event)."""

    def __init__(self, net: "Net", guest: Phone):
        super().__init__()
        self.net, self.phone = net, guest
        self.host, self.guest = net.host.app, guest.app
        self.seat = ""

    def run(self, side: str, effects) -> None:
        if side == "host":
            self.net.host_effects(effects)
            return
        apply(self.phone.store, effects)
        self.net.check(self.phone)
        tl = []
        for e in effects or []:
            if e[0] != "tl":
                continue
            op = json.loads(e[1])["op"]
            if op == "close":
                self.net.drop(self)
            elif op == "answer" or self.net.channel.get(self.seat) is self:
                tl.append(e)  # a message goes only over an open channel
        self.net.wires += len(tl)
        super().run("guest", tl)


class Net:
    """A host phone and its guest phones; ``channel``: the guest wire each seat's data
    channel leads to (set when that phone scanned the seat's invite)."""

    def __init__(self, host: Phone, guests: list[Phone]):
        self.host = host
        self.seats = [Seat(self, g) for g in guests]
        self.channel: dict[str, Seat] = {}
        self.wires = 0
        self.clock = 0.0
        self.pool: dict[str, list[str]] = {}  # what a text field may be filled with (fill)

    def phones(self) -> list[Phone]:
        return [self.host] + [s.phone for s in self.seats]

    def seat_of(self, phone: Phone) -> Seat | None:
        return next((s for s in self.seats if s.phone is phone), None)

    def check(self, phone: Phone) -> None:
        assert not caught, f"{phone.name} on {phone.app.screen}: {caught[0]} (shown: {phone.app.flash})"
        assert not internal(phone.app.flash), f"{phone.name}: an internal error was shown: {phone.app.flash}"

    def deliver(self, phone: Phone, effects) -> None:
        """A tap's effects: to the phone's store, and its table-link effects over the wire."""
        if phone is self.host:
            self.host_effects(effects)
        else:
            self.seat_of(phone).run("guest", effects)

    def host_event(self, kind: str, seat: str, data: str) -> None:
        self.clock += 0.2
        self.host_effects(table_screens.event(self.host.app, kind, seat, data, now=self.clock)[0])

    def host_effects(self, effects) -> None:
        apply(self.host.store, effects)
        self.check(self.host)
        for e in effects or []:
            if e[0] != "tl":
                continue
            op = json.loads(e[1])
            seat = op.get("seat", "")
            wire = self.channel.get(seat)
            self.wires += 1
            if op["op"] == "offer":  # the host's own browser makes the invite's description
                self.host_event("offer", seat, SDP)
            elif op["op"] == "close":
                if wire is not None:
                    del self.channel[seat]
                    self.guest_closed(wire)
            elif wire is not None:
                wire.clock = self.clock = max(wire.clock, self.clock)
                Wire.run(wire, "host", [e])

    def guest_closed(self, wire: Seat) -> None:
        g = table_screens.guesting(wire.guest)
        if g is not None and g.connected:
            wire.run("guest", table_screens.event(wire.guest, "close", "", "", now=self.clock)[0])

    def drop(self, wire: Seat) -> None:
        """A guest's channel closed (it left, reloaded, or the network dropped it): both sides are told."""
        if self.channel.get(wire.seat) is wire:
            del self.channel[wire.seat]
            self.host_event("close", wire.seat, "")
        self.guest_closed(wire)

    def codes(self, phone: Phone) -> list[str]:
        """Every code another phone shows now (an invite on the host, an answer on a guest)."""
        out = []
        host = table_screens.hosting(self.host.app)
        if host is not None and phone is not self.host:
            out += [g.code for g in host.guests.values() if g.code]
        for s in self.seats:
            g = table_screens.guesting(s.guest) if s.phone is not phone else None
            if g is not None and g.code:
                out.append(g.code)
        return out

    def scan(self, wire: Seat, rng: random.Random) -> bool:
        """The guest phone scans an invite the host shows (its camera opens the link)."""
        host = table_screens.hosting(self.host.app)
        invites = [(s, g.code) for s, g in (host.guests.items() if host else ()) if g.code and g.status == "inviting"]
        if not invites:
            return False
        seat, code = rng.choice(invites)
        self.drop(wire)
        old = self.channel.get(seat)
        if old is not None:
            self.drop(old)
        wire.seat = seat
        self.channel[seat] = wire
        wire.run("guest", wire.guest.open_link(code))
        return True

    def reload(self, phone: Phone) -> None:
        """A phone's page reloads: its channels close, its App comes back from its store."""
        if phone is self.host:
            for seat, wire in list(self.channel.items()):
                del self.channel[seat]
                self.guest_closed(wire)
            phone.reload()
            for wire in self.seats:
                wire.host = phone.app
        else:
            wire = self.seat_of(phone)
            self.drop(wire)
            phone.reload()
            wire.guest = phone.app


# -- the walk -----------------------------------------------------------------------------------------
# how often each kind of tap is chosen (a tap's key, or its verb's prefix); the rest weigh 1
WEIGHTS = {"play": 24.0, "guide": 4.0, "new": 2.0, "open": 2.0, "tl-": 2.0, "home": 0.4, "lib": 0.4,
           "tl-invite": 12.0, "tl-code": 30.0, "tl-join": 30.0, "tl-back": 0.5, "tl-leave": 0.3, "tl-release": 0.3,
           "setup": 0.5, "rules": 0.4, "undo": 0.8, "lib-": 0.4, "share": 0.5}


def weight(b: Button) -> float:
    for prefix in (b.verb, b.verb[:3], b.verb[:4]):
        if prefix in WEIGHTS:
            return WEIGHTS[prefix]
    return 1.0


@dataclass
class Walk:
    """The counts of one or more walks: what was offered on screen and what was tapped."""
    offered: Counter = field(default_factory=Counter)
    tapped: Counter = field(default_factory=Counter)
    by_guests: Counter = field(default_factory=Counter)  # taps on a guest phone
    where: dict[str, str] = field(default_factory=dict)   # a verb: the phone and screen it was first offered on
    steps: int = 0

    def never_tapped(self, skip: dict[str, str]) -> list[str]:
        return sorted(k for k in self.offered if k not in self.tapped and k not in skip)


def screen_of(phone: Phone) -> Page:
    html = phone.app.render()
    assert phone.app.render_error is None and "could not be drawn" not in html, \
        f"{phone.name} on {phone.app.screen}: {phone.app.render_error}"
    return Page(html)


def step(net: Net, phone: Phone, page: Page, walk: Walk, rng: random.Random, prefer: float = 0.9,
         avoid: tuple[str, ...] = ()) -> Button | None:
    """One tap on ``phone``: among its enabled buttons, weighted; with chance ``prefer`` one
    whose verb was offered but not tapped yet (so rare choices get played)."""
    buttons = [b for b in page.buttons if b.verb not in avoid]
    if not buttons:
        return None
    fresh = [b for b in buttons if b.key not in walk.tapped]
    if fresh and rng.random() < prefer:  # a verb first, then its button: three "epic_tcs" buttons
        key = rng.choice(sorted({x.key for x in fresh}))  # must not crowd out a lone "epic_begin"
        b = rng.choice([x for x in fresh if x.key == key])
    else:
        b = rng.choices(buttons, [weight(b) for b in buttons])[0]
    fields = fill(page, b.fill, rng, dict(net.pool, code=net.codes(phone))) if b.fill else {}
    if b.verb == "play" and rng.random() < 0.01:  # a forged action: refused in words
        b = Button("play", rng.choice(['{"type": "nope"}', "[1]", "{", json.dumps({"type": b.key[5:], "x": 1e308})]), [])
    walk.tapped[b.key] += 1
    if phone is not net.host:
        walk.by_guests[b.key] += 1
    effects = phone.app.handle(b.verb, b.arg, fields)
    phone.out = [e for e in effects or [] if e[0] not in ("put", "delete", "tl")]
    net.check(phone)
    net.deliver(phone, effects)
    return b


def look(net: Net, walk: Walk, counted=lambda phone: True) -> dict[str, Page]:
    """Every phone's screen drawn; what each offers counted (where ``counted(phone)``)."""
    pages = {}
    for phone in net.phones():
        page = pages[phone.name] = screen_of(phone)
        if counted(phone):
            for b in page.buttons:
                walk.offered[b.key] += 1
                walk.where.setdefault(b.key, f"{phone.name} on {phone.app.screen}")
    return pages
