"""A player joins the GM's table from their own phone: the share link (or its QR code,
read by the library's scanner into the URL fragment) of their Deck of Adventures game
arrives as the usual preview (App.open_link), and this module adds what the GM needs
there: the few numbers the GM's table takes from the sheet (name, HP, AP, AR, Agility,
PP) and "Join the GM's table". Nothing changes until the GM taps it; then the GM's game
plays one ``join`` action (undo takes it back, like any tap).

Kept out of ui/app.py (which calls ``offer`` and ``answer``) and out of the start-up path:
it is imported only when a Deck of Adventures link is on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.saves import SaveError, Session, save_text
from .numbers import numbers, sheet_numbers
from ..html import button, esc

if TYPE_CHECKING:
    from ..shell import App, Effect

GM = "dofa-gm"
FIELDS = (("hp", "HP"), ("ap", "AP"), ("ar", "AR"), ("agl", "Agility"), ("pp", "PP"))


def gm_slot(app: "App", back: str | None = None) -> str | None:
    """The GM's table a sheet joins: the one open when the link came in (``back``, the
    screen the preview returns to), else the GM's newest own table; None when the phone
    holds none."""
    back = back if back is not None else app.back
    back = back[6:] if back.startswith("table:") else ""
    if back.split("~", 1)[0] == GM and back in app.sessions:
        return back
    return app.latest(GM)


def offer(app: "App", session: Session) -> str:
    """The preview's join panel for a player's game link: the numbers from its sheet."""
    if session.system != "dofa":
        return ""
    try:
        p = numbers(session)
    except Exception:  # noqa: BLE001 - a sheet the table cannot read: no offer, the preview stays
        return ""
    return offer_numbers(app, p)


def offer_sheet(app: "App", record: Any, back: str) -> str:
    """The join panel on the preview of a shared DofA sheet (an ``i=`` item link)."""
    try:
        p = sheet_numbers(record)
    except Exception:  # noqa: BLE001 - a sheet the table cannot read: no offer, the preview stays
        return ""
    return offer_numbers(app, p, back, verb="lib-take")


def offer_numbers(app: "App", p: dict[str, Any], back: str | None = None, verb: str = "link") -> str:
    """The join panel for a player's numbers (from whatever kind of sheet link carried
    them): what the GM's table will take, and the GM's choice."""
    nums = "".join(f'<span class="badge">{lab} <b>{p[key]:+d}</b></span> ' if key == "agl" else
                   f'<span class="badge">{lab} <b>{p[key]}</b></span> ' for key, lab in FIELDS)
    slot = gm_slot(app, back)
    if slot is not None:
        why = _refusal(app.sessions[slot], p)
        go = (f'<p class="muted">{esc(why)}</p>' if why else
              button("Join the GM\u2019s table", verb, "join", cls="btn primary"))
        where = "your GM\u2019s table" + (" (open now)" if (back or app.back) == f"table:{slot}" else "")
    else:
        go = button("Start a GM\u2019s table with them", verb, "join", cls="btn primary")
        where = "a new GM\u2019s table (you have none yet)"
    return (f'<section class="dofa-panel gm-join" aria-label="Join the GM\u2019s table">'
            f'<h2>A player\u2019s sheet: {esc(p["name"])}</h2>'
            f'<p>If you are the GM: {esc(p["name"])} can join {esc(where)} with the numbers '
            f'the table needs from the sheet. Nothing changes until you tap.</p>'
            f'<p class="gm-decks gm-join-nums">From the sheet: {nums}</p>{go}</section>')


def _refusal(gm: Session, p: dict[str, Any]) -> str | None:
    from ...systems.dofa_gm.rules import join_problem
    why = join_problem(gm.state, {"type": "join", "player": p})
    return f"They cannot join now: {why}." if why else None


def answer(app: "App", session: Session) -> list["Effect"]:
    """The GM accepted: the player joins the GM's table (or a new one), which opens."""
    from ...core.game import IllegalAction
    if session.system != "dofa":
        raise IllegalAction("only a Deck of Adventures player's sheet can join the GM's table")
    try:
        p = numbers(session)
    except Exception:  # noqa: BLE001
        raise IllegalAction("that sheet could not be read") from None
    return join_numbers(app, p)


def join_sheet(app: "App", record: Any, back: str) -> list["Effect"]:
    """The GM accepted a shared DofA sheet: its player joins the GM's table."""
    from ...core.game import IllegalAction
    try:
        p = sheet_numbers(record)
    except Exception:  # noqa: BLE001
        raise IllegalAction("that sheet could not be read") from None
    return join_numbers(app, p, back)


def join_numbers(app: "App", p: dict[str, Any], back: str | None = None) -> list["Effect"]:
    """The player with numbers ``p`` joins the GM's table (or a new one), which opens."""
    slot = gm_slot(app, back)
    effects: list["Effect"] = []
    if slot is None:
        gm = Session.start(GM, {"mode": "table", "players": [p], "party": [], "foes": []},
                           seed=app._new_seed())
        slot = GM
        app.sessions[slot] = gm
    else:
        gm = app.sessions[slot]
        before = (gm.actions, gm.state, gm.base, gm.mark)
        gm.play({"type": "join", "player": p})
        try:
            save_text(gm)
        except SaveError:
            gm.actions, gm.state, gm.base, gm.mark = before
            raise
    app.screen = f"table:{slot}"
    app.flash = ("info", f"{p['name']} joins the GM\u2019s table.")
    return effects + [("put", f"game:{slot}", save_text(gm)), ("put", "ui:screen", app.screen)]
