"""The GM's table for Deck of Adventures (``dofa-gm``), and the solo skirmish.

The GM's screen, top to bottom: the decks; the one thing that needs the GM now, as the
screen's prompt (``flow.prompt``: a draw to accept, a card to type in, a check being
called, an Epic Event, saves due; else the acting combatant's choices; else starting a
fight), with the tap's result at its top; the turn order in compact rows (a small Target
Card, name, HP, conditions; six fit one screen); the GM's tools on the combatant in
focus, the panels (add to the table, loot and money), the log. Every button carries one
of the engine's legal actions and every legal action has a button (the leftovers land in
"More"). Keypads (a card's value and suit, modifiers, DRs) keep every key in place: the
chosen one is drawn pressed (``aria-pressed``), never removed. A player's seat (drawn by
``simulate``) shows the table as the players see it.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from ...core.cards import SUITS, Card
from ...core.saves import Session
from ..cards import card_svg, mini_back, mini_card
from ..dofa.sheet import _play_button
from ...systems.dofa_gm.creaturecard import MADE_PREFIX
from .kept import game_card, kept_creatures
from .setup import make_from, options_from_form, setup
from ..flow import prompt
from ..html import button, esc, log_list
from ..learn_ui import term
from ..tables import Table, register_table

Acts = list[dict[str, Any]]
SUIT_SIGN = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAME = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


# the taps made inside "More of the table" and inside the GM tools (their buttons' types)
PANEL_TAPS = frozenset({"panel", "add_creature", "add_premade", "coins", "buy", "loot", "drop_loot"})
TOOL_TAPS = frozenset({"focus", "damage", "heal", "treated", "status", "end_status", "weapon", "edit",
                       "award_fate", "remove", "share_tc"})


class _Pool:
    """The view's actions, handed out by type so that each lands on the screen once; and
    the screen's one prompt, given to the first panel that asks for it."""

    def __init__(self, view: dict[str, Any], last: dict[str, Any] | None = None) -> None:
        self.left: Acts = list(view.get("actions", []))
        self.asked = False
        # a panel or a combatant's tools is the prompt only while the GM works in it (the
        # last tap opened it or was one of its buttons), and never when the table needs
        # something first (a draw, a card, a check, an Epic Event, a save due). A panel
        # left open for something else stays open below the step to take now (issue 50:
        # after Start combat the screen landed on the open bestiary, the turn 700 px up).
        urgent = any(view.get(k) for k in ("draw", "entry", "call", "epic", "due"))
        kind = (last or {}).get("type")
        self.reserved = None if urgent else (
            "panels" if view.get("panel", "none") != "none" and kind in PANEL_TAPS
            else "tools" if view.get("focus") and kind in TOOL_TAPS else None)

    def take(self, *types: str, where: Any = None) -> Acts:
        got = [e for e in self.left if e["action"]["type"] in types
               and (where is None or where(e["action"]))]
        self.left = [e for e in self.left if e not in got]
        return got

    def panel(self, body: str, label: str, cls: str = "dofa-panel gm-now", ask: bool = True,
              name: str | None = None) -> str:
        """A panel; the first that asks becomes the screen's prompt (the result above it),
        or the one reserved for it."""
        if ask and not self.asked and self.reserved in (None, name):
            self.asked = True
            return prompt(body, label=label, cls=cls)
        return f'<section class="{esc(cls)}" aria-label="{esc(label)}">{body}</section>'


def _btns(entries: Acts, cls: str = "btn") -> str:
    return "".join(_play_button(e["label"], e["action"], cls) for e in entries)


def _grid(entries: Acts, cls: str = "btn", tight: bool = False) -> str:
    if not entries:
        return ""
    return f'<div class="dofa-grid{" tight" if tight else ""}">{_btns(entries, cls)}</div>'


def _named(label: str, full: str, action: dict[str, Any], cls: str = "btn") -> str:
    """A short label on screen, the full name for screen readers and voice control (the
    short one is a part of it: WCAG 2.5.3)."""
    arg = esc(json.dumps(action, sort_keys=True))
    return (f'<button type="button" class="{esc(cls)}" data-action="play" data-arg="{arg}" title="{esc(full)}">'
            f'<span class="sr-only">{esc(full)}</span><span aria-hidden="true">{esc(label)}</span></button>')


def _keypad(entries: Acts, field: str, values: Iterable[Any], current: Any, cls: str = "dofa-keys",
            show: Any = None, name: Any = None) -> str:
    """Every key in its place: a legal one taps, the chosen one is drawn pressed
    (aria-pressed, not removed, so no key moves under the thumb), any other is disabled."""
    by = {e["action"].get(field): e for e in entries}
    keys = []
    for v in values:
        label = show(v) if show else str(v)
        full = name(v) if name else label
        e = by.pop(v, None)
        sr = f'<span class="sr-only">{esc(full)}</span><span aria-hidden="true">{esc(label)}</span>' \
            if full != label else esc(label)
        if e is not None:
            arg = esc(json.dumps(e["action"], sort_keys=True))
            keys.append(f'<button type="button" class="btn" data-action="play" data-arg="{arg}" '
                        f'aria-pressed="false">{sr}</button>')
        elif v == current:
            keys.append(f'<button type="button" class="btn on" aria-pressed="true" aria-disabled="true">{sr}</button>')
        else:
            keys.append(f'<button type="button" class="btn" aria-pressed="false" disabled>{sr}</button>')
    rest = _btns(list(by.values()))  # a key outside the list (never expected) still shows
    return f'<div class="{esc(cls)}">{"".join(keys)}{rest}</div>'


def _name(code: str | None) -> str:
    return Card.parse(code).name if code else ""


def _mini(code: str | None, label: str = "No Target Card") -> str:
    """A small card (one element; a Joker shows "Jk" and a star: its own face's letters
    would be too small here), or a face-down one named by ``label``."""
    return mini_card(code) if code else mini_back(label=label)


def _card(code: str) -> str:
    return _mini(code) if Card.parse(code).is_joker else card_svg(code)


def _who(view: dict[str, Any], i: str | None) -> str:
    return next((a["name"] for a in view["actors"] if a["id"] == i), "")


# -- the GM's screen -----------------------------------------------------------------------
def render_app(app: Any, view: dict[str, Any], session: Session) -> str:
    """The GM's screen with what the GM kept: their own creatures in the Add panel."""
    return render(view, session, app)


def render(view: dict[str, Any], session: Session, app: Any = None) -> str:
    if view["seat"] != "gm":
        return _player_seat(view)
    pool = _Pool(view, session.actions[-1] if session.actions else None)
    parts = [_header(view)]
    if view["phase"] == "over":
        parts.append(_over(view, session))
        pool.asked = True  # the ending is the prompt
    if view.get("phone_wait"):  # issue 29: a choice on a player's own phone
        parts.append(pool.panel(f'<p class="muted">{esc(view["phone_wait"])}</p>', "Waiting for a player's phone",
                                ask=False))
    needs = ((session.state or {}).get("draw") or {}).get("needs")
    parts += [_draw(view, pool, needs), _entry(view, pool), _call(view, pool), _epic(view, pool),
              _due(view, pool), _fight(view, pool), _outside(view, pool), _tools(view, pool),
              _panels(view, pool, app), _more(pool), log_list(view["log"], "Session log")]
    return (f'<section class="table dofa dofa-gm" data-system="dofa-gm" data-phase="{esc(view["phase"])}">'
            + "".join(parts) + "</section>")


def _header(view: dict[str, Any]) -> str:
    title = "Solo skirmish" if view["mode"] == "skirmish" else "The GM's table"
    decks = view["decks"]
    c = view["combat"]
    where = (f'Round {c["round"]}' + (" (surprise)" if c["round"] == 0 else "")) if c else "Out of combat"
    return (f'<h1>{esc(title)} <span class="muted">· {esc(where)}</span></h1>'
            f'<p class="gm-decks">{term("gm-npc-deck", "NPC Deck")} {decks["npc"]["left"]} left · '
            f'{term("gm-world-deck", "World Deck")} {decks["world"]["left"]} left · '
            f'{term("gm-purse", "Purse")} {esc(view["ledger"]["purse"])}</p>')


def _over(view: dict[str, Any], session: Session) -> str:
    """The end, and the ways on from it (issue 50: every end has one): the same game again,
    another (the form with the ready games), Home."""
    text = {"victory": "The party wins the skirmish.", "defeat": "The party is defeated.",
            }.get(view["outcome"] or "", "The session is over.")
    cls = " won" if view["outcome"] == "victory" else " failed" if view["outcome"] == "defeat" else ""
    skirmish = view["mode"] == "skirmish"
    # a player's phone at the GM's table draws the GM's game with no session: the same game
    # again is the GM's to start
    again = button("Fight again" if skirmish else "Play again", "new",
                   {"system": "dofa-gm", "options": session.options}, cls="btn primary",
                   title="Fight the same skirmish again" if skirmish else "The same table again"
                   ) if session is not None else ""
    other = button("Another game", "setup", "dofa-gm", cls="btn",
                   title="Another game: a ready skirmish or table, or your own")
    home = button("Home", "home", cls="btn", title="Home: every table")
    return prompt(f'<p class="banner{cls}">{esc(text)}</p><div class="dofa-grid gm-ways-on">{again}{other}{home}</div>',
                  label=text, cls="dofa-panel gm-over", tag="div")


def _draw(view: dict[str, Any], pool: _Pool, needs: str | None = None) -> str:
    d = view["draw"]
    if d is None:
        return ""
    acts = pool.take("draw_more", "stop", "accept", "fate_redraw")
    words = ""
    if not d["to_go"] and d["kept"] and d["tc"] and d["effective"] is not None:
        # the result by the book in plain words before the GM accepts it (issue 50, item 10)
        from ...systems.dofa import checks as ck
        from ...systems.dofa_gm.draws import NEEDS, meets
        from ..dofa.check import degree_words
        deg = ck.degree(d["kept"], d["tc"], d["effective"])
        words = degree_words(deg, ck.is_success(deg), d["kept"], d["tc"], d["effective"], whose="the")
        if needs and ck.is_success(deg) and not meets(d["kept"], d["tc"], needs):
            words += f' The GM required {esc(NEEDS[needs])}: a failure.'
        words = f'<p class="gm-result">{words}</p>'
    cards = "".join(
        f'<li class="{"kept" if c == d["kept"] else ""}">{_card(c)}'
        f'<span class="cap">{"kept" if c == d["kept"] else "not kept"}</span></li>' for c in d["cards"])
    hand = ""
    if d["hand"]:
        hand = (f', {term("upper-hand", "Upper Hand")} {d["hand"]}' if d["hand"] > 0
                else f', {term("lower-hand", "Lower Hand")} {-d["hand"]}')
    against = f' against {esc(d["target"])}' if d["target"] else ""
    asked = (f'<p class="muted">A miss: {esc(d["who"])} is asked on their phone whether to spend a '
             'Fate Card to redraw.</p>' if d.get("asked") else "")
    body = (f'<h2>{esc(d["who"])}: {esc(d["kind"])}{against}</h2>{asked}'
            f'<p>{esc(d["stat"] or "no modifier")} {d["modifier"]:+d} vs {esc(_name(d["tc"]))}, '
            f'{term("difficulty-range", "DR")} {esc(d["dr"])}, EDR {esc(d["effective"])}{hand}</p>'
            f'<div class="dofa-draw"><div class="gm-tcbox"><span class="cap">TC</span>{_mini(d["tc"])}</div>'
            f'<ul class="dofa-cards">{cards}</ul></div>{words}{_grid(acts, "btn primary")}')
    return pool.panel(body, f'{d["who"]}: {d["kind"]}, accept the draw')


def _entry(view: dict[str, Any], pool: _Pool) -> str:
    from ...systems.dofa.deck import RANKS
    from ...systems.dofa_gm.entry import MODS
    e = view["entry"]
    if e is None:
        return ""
    f = e["for"]
    who = _who(view, f.get("who"))
    heading = {"tc": f"{who}'s Target Card", "attack": f"{who}'s attack: the reported card",
               "call": f"{who}'s card", "epic": f"{who}'s Epic Event draw",
               "save": f"{who}'s contested check" if f.get("contest") else f"{who}'s save",
               "ko": f"{who}'s Knocked Out draw (DR 4 Vitality)"}[f["kind"]]
    if e.get("phone"):  # issue 29: drawn on the player's own phone (systems/dofa_gm/phone.py)
        heading = heading.replace(": the reported card", "")
        acts = pool.take("phone_draw")
        body = (f'<h2>{esc(heading)}</h2><p class="muted">{esc(e["phone"])} draws it on their own phone; '
                'the table goes on when they have drawn.</p>'
                + (f'<div class="dofa-draw"><div class="gm-tcbox"><span class="cap">TC</span>{_mini(f["tc"])}</div></div>'
                   if f.get("tc") else "") + _grid(acts, "btn primary"))
        return pool.panel(body, f"{heading}: on {e['phone']}'s phone", ask=bool(acts))
    hint = ""
    if f.get("hidden"):
        hint = ("The DR stays hidden: the player reports the card moved toward the TC by "
                "their modifier; mark it when they drew the TC's own value.")
    elif f["kind"] in ("call", "epic", "ko"):
        hint = "Type in the card the player drew and their modifier."
    else:
        hint = "Tap the value and the suit of the card the player tells you."
    tc = f'<div class="gm-tcbox"><span class="cap">TC</span>{_mini(f["tc"])}</div>' if f.get("tc") else ""
    typed = (e["rank"] or "?") + SUIT_SIGN.get(e["suit"] or "", "?")
    ranks = _keypad(pool.take("entry_rank"), "rank", RANKS, e["rank"], "dofa-ranks")
    suits = _keypad(pool.take("entry_suit"), "suit", [x.value for x in SUITS], e["suit"], "dofa-suits",
                    show=lambda v: SUIT_SIGN[v], name=lambda v: f"Suit: {SUIT_NAME[v]}")
    mods, major = pool.take("entry_mod"), pool.take("entry_hit", "entry_major")
    done = pool.take("entry_done", "entry_cancel")
    mod_html = (f'<h3>Modifier (now {e["mod"]:+d})</h3>'
                + _keypad(mods, "mod", MODS, e["mod"], "dofa-keys mods", show=lambda v: f"{v:+d}")) if mods else ""
    body = (f'<h2>{esc(heading)}</h2><p class="muted">{esc(hint)}</p><div class="dofa-draw">{tc}'
            f'<p class="gm-typed">Card: <b>{esc(typed)}</b></p></div>'
            f'<h3>Value</h3>{ranks}<h3>Suit</h3>{suits}{mod_html}'
            f'{_grid(major)}{_grid(done, "btn primary")}')
    return pool.panel(body, f"Type in {heading}")


def _call(view: dict[str, Any], pool: _Pool) -> str:
    from ...systems.dofa import sheet as sh
    from ...systems.dofa_gm.calls import AIMS, HANDS
    from ...systems.dofa_gm.draws import NEEDS
    from ...systems.dofa_gm.entry import MODS
    c = view["call"]
    if c is None:
        return ""
    ch = c["chances"]
    odds = ""
    if ch:
        # GMG: "an automatic success on a Normal Draw" (calls.chances); the chart's figure as
        # it prints it, or, for a call its rows do not print, counted its way and said so
        sure = " An assured success on a Normal Draw: the GMG says to let it happen." if ch["sure"] else ""
        src = "this character's deck" if ch["from"] == "deck" else "a fresh deck"
        chart = term("gmg-chart", "the GM’s Guide chart")
        col = min(6, ch["edr"])
        said = (f'{chart} says {esc(ch["chart"])} (its {esc(ch["row"])} row at {col})' if ch["row"] else
                f'{chart} prints no figure for this call; counted its way (each card from a full 52): '
                f'{esc(ch["chart"])}')
        odds = (f'<p class="gm-odds">Chance of success: <b>{esc(ch["exact"] or "0%")}</b> (exact, from '
                f'{esc(src)}); {said}. '
                f'{term("effective-dr", "EDR")} {esc(ch["edr"])}: DR {esc(c["dr"])}, modifier {c["modifier"]:+d}.'
                f'{esc(sure)}</p>')
    sugg = f'The chart suggests DR {esc(c["suggested"])} ({esc(c["aim"])}).' if c["suggested"] is not None else \
        "Say how hard the task is; the chart suggests the DR."
    tc = f'<div class="gm-tcbox"><span class="cap">TC</span>{_mini(c["tc"], "No TC yet")}</div>'
    hand_name = lambda h: "None" if h == 0 else (f"Upper {h}" if h > 0 else f"Lower {-h}")  # noqa: E731
    groups = [
        ("Skill or attribute" + (f' (now {c["stat"]})' if c["stat"] else ""),
         _keypad(pool.take("call_stat"), "stat", sh.ATTRIBUTES + sh.SKILLS, c["stat"], "dofa-grid tight")
         if c["stat"] is not None or any(e["action"]["type"] == "call_stat" for e in pool.left) else ""),
        (f'Modifier (now {c["mod"]:+d})',
         _keypad(pool.take("call_mod"), "mod", MODS, c["mod"], "dofa-keys mods", show=lambda v: f"{v:+d}")
         if any(e["action"]["type"] == "call_mod" for e in pool.left) else ""),
        ("How hard" + (f' (now {c["aim"]})' if c["aim"] else ""),
         _pad(pool.take("call_aim"), "aim", list(AIMS), c["aim"])),
        (f'DR (now {c["dr"] if c["dr"] is not None else "none"}{", hidden" if c["hidden"] else ""})',
         _keypad(pool.take("call_dr"), "dr", range(0, 7), c["dr"], "dofa-keys drs", show=str,
                 name=lambda v: f"DR {v}") + _grid(pool.take("call_hidden"))),
        ("Colour or Suited Success (GMG, Difficulty Chart)",
         _pad(pool.take("call_needs"), "needs", list(NEEDS), c.get("needs"),
              show=lambda n: "Any success" if n is None else f"Requires {NEEDS[n]}")),
        ("Upper or Lower Hand", _keypad(pool.take("call_hand"), "hand", HANDS, c["hand"], "dofa-keys hands",
                                        show=hand_name, name=lambda h: "No Upper/Lower Hand" if h == 0 else
                                        (f"Upper Hand {h}" if h > 0 else f"Lower Hand {-h}"))),
        ("A contested check: against whose Target Card", _grid(pool.take("call_contest"))),
        ("The initiator's modifier (DR 3 minus half)", _grid(pool.take("call_vs_mod"), tight=True)),
        ("A profession's tools (Upper Hand with, Lower Hand without)", _tool_pad(pool.take("call_tool"))),
    ]
    body = "".join(f'<h3>{esc(t)}</h3>{g}' for t, g in groups if g)
    go = _grid(pool.take("call_tc", "call_draw", "call_card", "call_send"), "btn primary")
    go += _grid(pool.take("call_cancel"), "btn ghost")  # secondary: never the look of the next step
    if c.get("sent"):  # issue 29: on the player's own phone now
        sugg = f'Sent to {esc(c["who_name"])}\u2019s phone: they draw there; the result comes back here.'
    body = (f'<h2>A check for {esc(c["who_name"])}</h2><div class="dofa-draw">{tc}<p>{sugg}</p></div>'
            f'{odds}{go}{body}')
    return pool.panel(body, f'A check for {c["who_name"]}')


def _pad(entries: Acts, field: str, values: list[Any], current: Any, show: Any = None) -> str:
    """A choice of the check as keys in place, the one chosen pressed; nothing once the
    check has gone to a player's phone (no key is offered then)."""
    return _keypad(entries, field, values, current, "dofa-grid", show=show) if entries else ""


def _tool_pad(entries: Acts) -> str:
    """The profession's tools as keys in place: "No tool needed" and each tool; the one the
    check names (the only one not offered) drawn pressed."""
    from ...systems.dofa_gm.calls import tools
    values = [None, *tools()]
    offered = {e["action"].get("tool") for e in entries}
    missing = [v for v in values if v not in offered]
    current = missing[0] if len(missing) == 1 else "?"
    return _keypad(entries, "tool", values, current, "dofa-grid",
                   show=lambda t: "No tool needed" if t is None else str(t)) if entries else ""


def _epic(view: dict[str, Any], pool: _Pool) -> str:
    from ...systems.dofa_gm.epic import DRS, LIMITS, TCS
    ep = view["epic"]
    if ep is None:
        return ""
    head = (f'{ep["successes"]} of {ep["need"]} successes, {ep["failures"]} of {ep["limit"]} '
            f'failures; Target Card {min(ep["done"] + 1, ep["tcs"])} of {ep["tcs"]}')
    tc = f'<div class="gm-tcbox"><span class="cap">TC</span>{_mini(ep["tc"], "No TC yet")}</div>'
    who = ""
    if ep["drawer"]:
        who = "The GM draws next." if ep["drawer"] == "gm" else f'Next to draw: {_who(view, ep["drawer"])}.'
    vols = ", ".join(ep["volunteer_names"]) or "none yet"
    dr = f'DR {esc(ep["dr"])}' if ep["dr"] is not None else "DR not set"
    result = f'<p class="banner">The Epic Event ends: {esc(ep["result"])}.</p>' if ep["result"] else ""
    stage = ep.get("stage")
    setup = stage == "setup"
    def pad(kind: str, values: Iterable[int], cur: int, what: str) -> str:
        return _keypad(pool.take(kind), "n", values, cur, "dofa-keys", name=lambda v: f"{v} {what}")
    groups = [("Target Cards", pad("epic_tcs", TCS, ep["tcs"], "Target Cards") if setup else ""),
              ("Successes needed", pad("epic_need", TCS, ep["need"], "successes needed") if setup else ""),
              ("Failures that end it", pad("epic_limit", LIMITS, ep["limit"], "failures end it") if setup else ""),
              ("DR", _keypad(pool.take("epic_dr"), "dr", DRS, ep["dr"], "dofa-keys", name=lambda v: f"DR {v}")
               if stage == "dr" else ""),
              ("Volunteers", _grid(pool.take("epic_join", "epic_all", "epic_leave"), tight=True)),
              ("Skill", _grid(pool.take("epic_stat"), tight=True))]
    body = "".join(f'<h3>{esc(t)}</h3>{g}' for t, g in groups if g)
    go = pool.take("epic_begin", "epic_reveal", "epic_go", "epic_draw", "epic_card", "epic_gm_draw",
                   "epic_close", "epic_cancel")
    body = (f'<h2>{term("epic-event", "Epic Event")}</h2>'
            f'<p>{esc(head)}</p><div class="dofa-draw">{tc}<p>{esc(dr)}. Volunteers: {esc(vols)}. '
            f'{esc(who)}</p></div>{result}{_grid(go, "btn primary")}{body}')
    return pool.panel(body, "Epic Event")


def _due(view: dict[str, Any], pool: _Pool) -> str:
    """Saves due, and the targets' draws of a contested check (PG, Contested Checks: against
    the initiator's Target Card)."""
    acts = pool.take("save", "save_result")
    if not view["due"]:
        return ""
    items = "".join(
        f'<li>{esc(d["name"])}: contested {esc(d["stat"])} check, DR {esc(d["dr"])} against '
        f'{esc(_who(view, d["vs"]))}’s Target Card {esc(_name(d["tc"]))} '
        f'({esc(d["about"])})</li>' if d.get("contest") else
        f'<li>{esc(d["name"])}: DR {esc(d["dr"])} {esc(d["stat"] or "")} save against '
        f'{esc(d["status"])} ({esc(d["when"])})</li>' for d in view["due"])
    title = ("Saves and contested checks due now" if any(d.get("contest") for d in view["due"])
             else "Saves due now")
    return pool.panel(f'<h2>{esc(title)}</h2><ul>{items}</ul>{_grid(acts, "btn primary")}',
                      title, cls="dofa-panel due")


def _row(view: dict[str, Any], a: dict[str, Any], current: str | None) -> str:
    """One combatant in a compact row: a small Target Card, the name, HP, conditions; the
    acting one marked (the word, not colour alone)."""
    nums = ""
    if "hp" in a:
        nums = (f'HP {esc(a["hp"])}/{esc(a["hp_max"])} · AP {esc(a["ap"])} · AR {esc(a["ar"])} · PP {esc(a["pp"])}'
                + (f' · phase {a["phase"]}/{a["phases"]}' if a["kind"] == "boss" else ""))
    flags = [s["name"] + (f' ({s["rounds"]} rd)' if s["rounds"] else "") + (" (saved)" if s.get("held") else "")
             for s in a["statuses"]]
    if a["ko"]:
        flags.append("Knocked Out" + (", stable" if a["ko"]["stable"] else "")
                     + (f', treat DR {esc(a["treat_dr"])}' if "treat_dr" in a else ""))
    if a["dead"]:
        flags.append("Dead")
    badges = "".join(f'<span class="badge">{esc(f)}</span>' for f in flags)
    now = a["id"] == current
    cls = "gm-row" + (" now" if now else "") + (" foe" if a["side"] == "foes" else "")
    side = "foe" if a["side"] == "foes" else "party"
    mark = '<span class="gm-mark">acting</span>' if now else ""
    return (f'<li class="{cls}"><span class="gm-tc">{_mini(a["tc"])}</span><span class="gm-who">'
            f'<b>{esc(a["name"])}</b> <span class="gm-side">{esc(side)}, {esc(a["kind"])}</span>{mark}</span>'
            f'<span class="gm-nums">{esc(nums)}</span>'
            + (f'<span class="gm-flags">{badges}</span>' if badges else "") + '</li>')


def _legend() -> str:
    return (f'<p class="gm-legend muted">HP health · AP Armor Points · '
            f'AR {term("armor-rating", "Armor Range")} · PP {term("power-points", "Power Points")}; '
            f'the card is each one\u2019s {term("target-card", "Target Card")}.</p>')


def _turn_buttons(view: dict[str, Any], entries: Acts) -> str:
    """The acting one's choices, grouped by power: a heading per power and one short button
    per target (its full name, "Hearts: Attack, Mystic on Grunt", for screen readers)."""
    groups: dict[str, list[str]] = {}
    single = []
    for e in entries:
        a = e["action"]
        if a["type"] in ("attack", "power") and a.get("target"):
            head = f'{_who(view, a["who"])}: {a["power"]}' + (" (attack)" if a["type"] == "attack" else "")
            groups.setdefault(head, []).append(_named(_who(view, a["target"]), e["label"], a, "btn primary"))
        elif a["type"] == "grapple":    # PG, In Combat Actions, Major: one button per target
            head = f'{_who(view, a["who"])}: Grapple (Major Action: Brute vs Finesse or Brute)'
            groups.setdefault(head, []).append(_named(_who(view, a["target"]), e["label"], a, "btn primary"))
        elif a["type"] == "player_attack":
            head = f'{_who(view, a["who"])} attacks (type in the reported card)'
            groups.setdefault(head, []).append(_named(_who(view, a["target"]), e["label"], a, "btn primary"))
        elif a["type"] == "discard_power":
            head = f'{_who(view, a["who"])}: {a["power"]} (a Discard Power, Minor Action)'
            on = _who(view, a["target"]) + ", " if a.get("target") else ""
            groups.setdefault(head, []).append(_named(f'{on}discard {a["cards"]}', e["label"], a))
        elif a["type"] == "delay":
            groups.setdefault("Delay the turn until after", []).append(
                _named(_who(view, a["after"]), e["label"], a))
        else:
            single.append((a["type"], _play_button(e["label"], a, "btn primary" if a["type"] != "ready" else "btn")))
    first = [b for t, b in single if t not in ("ready", "end_turn")]
    last = [b for t, b in single if t in ("ready", "end_turn")]  # after the moves, as a turn goes
    out = f'<div class="dofa-grid">{"".join(first)}</div>' if first else ""
    for head, btns in groups.items():
        out += f'<h3>{esc(head)}</h3><div class="dofa-grid tight">{"".join(btns)}</div>'
    return out + (f'<div class="dofa-grid">{"".join(last)}</div>' if last else "")


def _fight(view: dict[str, Any], pool: _Pool) -> str:
    c = view["combat"]
    if c is None:
        return ""
    by_id = {a["id"]: a for a in view["actors"]}
    rows = "".join(_row(view, by_id[i], c["current"]) for i in c["order"] if i in by_id)
    rest = "".join(_row(view, a, None) for a in view["actors"] if a["id"] not in c["order"])
    cur = by_id.get(c["current"] or "")
    tcs = pool.take("player_tc")
    turn = pool.take("attack", "power", "player_attack", "ko_draw", "ko_card")
    moves = pool.take("grapple", "hide", "rush", "break_free", "shake_off", "end_charm", "discard_power",
                      "end_turn", "ready", "delay")
    extra = pool.take("readied_attack", "adversary", "house")
    suggest = view.get("suggest")
    sugg = ""
    if suggest:
        lab = next((e["label"] for e in view["actions"] if e["action"] == suggest), None)
        if lab:
            sugg = f'<p class="gm-suggest">The creatures\u2019 {term("gm-policy", "policy")} picks: <b>{esc(lab)}</b></p>'
    title = f'{cur["name"]}\u2019s turn' if cur else "Between turns"
    if c["stage"] == "initiative":
        title = "Initiative: type in each player's Target Card"
    acting = f'<span class="gm-tc">{_mini(cur["tc"])}</span>' if cur and c["stage"] != "initiative" else ""
    body = (f'<h2 class="gm-now-title">{acting}{esc(title)}</h2>{sugg}'
            + _grid(tcs, "btn primary") + _turn_buttons(view, turn + moves)
            + (f'<h3>Outside the turn ({term("gm-house-action", "House")} and '
               f'{term("gm-adversary-action", "Adversary")} Actions, readied attacks)</h3>{_grid(extra)}'
               if extra else ""))
    turn_html = pool.panel(body, title, cls="dofa-panel gm-turn") if (tcs or turn or moves or extra) else ""
    return (turn_html
            + f'<section class="dofa-panel" aria-label="Turn order"><h2>Turn order</h2>{_legend()}'
            f'<ol class="gm-order">{rows}</ol>'
            + (f'<ul class="gm-order">{rest}</ul>' if rest else "")
            + f'{_grid(pool.take("end_combat"), "btn ghost")}</section>')


START_NAMES = {None: ("Start combat", "Start combat"),
               "party": ("The party surprises", "Start combat: the party surprises"),
               "foes": ("The foes surprise", "Start combat: the foes surprise")}


def _outside(view: dict[str, Any], pool: _Pool) -> str:
    if view["combat"] is not None:
        return ""
    rows = "".join(_row(view, a, None) for a in view["actors"])
    start = "".join(_named(*START_NAMES[e["action"].get("surprise")], e["action"],
                           "btn primary" if not e["action"].get("surprise") else "btn")
                    for e in pool.take("start_combat"))
    calls = pool.take("call", "epic_setup")
    rest = pool.take("rest")
    empty = "" if rows else '<p class="muted">Nobody at the table yet: add players and creatures below.</p>'
    ask = ""
    if start or calls or rest:
        body = ('<h2>What happens next?</h2>'
                + (f'<p class="muted">A fight: everyone draws a Target Card; '
                   f'a {term("gm-surprise-round", "surprise round")} lets one side act first.</p>'
                   f'<div class="dofa-grid">{start}</div>' if start else "")
                + (f'<h3>Checks and {term("epic-event", "Epic Events")}</h3>{_grid(calls)}' if calls else "")
                + (f'<h3>Rests</h3>{_grid(rest)}' if rest else ""))
        ask = pool.panel(body, "What happens next: a fight, a check or an Epic Event", cls="dofa-panel gm-start")
    return (ask + f'<section class="dofa-panel" aria-label="At the table"><h2>At the table</h2>{empty}'
            + (_legend() if rows else "")
            + f'<ul class="gm-order">{rows}</ul>' + _scan(view) + '</section>')
def _scan(view: dict[str, Any]) -> str:
    """A player joins from their phone: the GM scans the QR code of their sheet (the
    library's camera reader, web/library.js, opens it as a link: ui/dofa_gm/join.py)."""
    if view["mode"] != "table" or view["phase"] == "over":
        return ""
    return ('<h3>A player joins from their phone</h3><p class="muted">Scan the QR code of their '
            'Deck of Adventures sheet (or open its share link): you see their numbers first.</p>'
            '<div class="dofa-grid"><button type="button" class="btn" id="lib-scan">'
            'Scan a player\u2019s sheet</button></div>')


def _tools(view: dict[str, Any], pool: _Pool) -> str:
    focus = pool.take("focus")
    hand = pool.take("hand")
    who = next((a for a in view["actors"] if a["id"] == view["focus"]), None)
    body = ""
    if who is not None:
        groups = [("Damage", pool.take("damage")), ("Healing", pool.take("heal", "treated")),
                  ("Add a status (for rounds, or until saved)", pool.take("status")),
                  ("End a status", pool.take("end_status")),
                  ("Weapon quality", pool.take("weapon")), ("Stat block", pool.take("edit")),
                  ("Fate and the table", pool.take("award_fate", "remove", "share_tc"))]
        body = (f'<h3>{esc(who["name"])}</h3>'
                + "".join(f'<h4>{esc(t)}</h4>{_grid(g, tight=True)}' for t, g in groups if g))
    from ...systems.dofa_gm.calls import HANDS
    names = {a["id"]: a["name"] for a in view["actors"]}
    # every combatant keeps its place; the one in focus is pressed ("Close the tools" after)
    picks = _keypad(focus, "who", list(names), view["focus"], "dofa-grid", show=lambda i: names[i],
                    name=lambda i: f"GM tools for {names[i]}")
    gm_hand = f'{view["hand"]:+d}' if view["hand"] else "none"
    hand_pad = _keypad(hand, "hand", HANDS, view["hand"], "dofa-keys hands",
                       show=lambda h: "None" if h == 0 else (f"Upper {h}" if h > 0 else f"Lower {-h}"),
                       name=lambda h: "GM: no Upper/Lower Hand" if h == 0 else
                       (f"GM: Upper Hand {h}" if h > 0 else f"GM: Lower Hand {-h}"))
    # a section, not a closed <details>: every button of the screen is where a tap reaches it
    html = (f'<section class="dofa-panel gm-tools" aria-label="GM tools">'
            f'<h2>GM tools</h2><p class="muted">Pick a combatant for damage, '
            f'healing, statuses and its numbers.</p>{picks}{body}'
            f'<h3>The GM\u2019s Upper/Lower Hand on the next draw (now {esc(gm_hand)})</h3>'
            f'{hand_pad}</section>')
    if pool.reserved == "tools" and not pool.asked:
        pool.asked = True
        return prompt(html, label=f'GM tools: {who["name"] if who else ""}', cls="gm-tools-ask", tag="div")
    return html


def _panels(view: dict[str, Any], pool: _Pool, app: Any = None) -> str:
    tabs = pool.take("panel")
    body = ""
    if view["panel"] == "add":
        adds = pool.take("add_creature")
        ours = [e for e in adds if not e["action"]["id"].startswith(MADE_PREFIX)]
        body = ((_scan(view) if view["combat"] is not None else "")
                + f'<h3>Bestiary</h3>{_grid(ours)}{_yours(adds, app)}'
                f'<h3>Premade characters</h3>{_grid(pool.take("add_premade"), tight=True)}'
                + (make_from(app, kept_creatures(app), "h3") if app is not None else ""))
    elif view["panel"] == "ledger":
        loot = "".join(f"<li>{esc(i)}</li>" for i in view["ledger"]["loot"]) or "<li>nothing yet</li>"
        body = (f'<p>Party purse: <b>{esc(view["ledger"]["purse"])}</b> (1 dp = 10 gp = 100 sp = 1000 cp)</p>'
                f'{_grid(pool.take("coins"), tight=True)}<h3>Loot</h3><ul>{loot}</ul>'
                f'{_drops(pool.take("drop_loot"))}'
                f'<h3>Buy (GMG prices)</h3>{_grid(pool.take("buy"))}'
                f'<h3>Found as loot</h3>{_grid(pool.take("loot"))}')
    label = {"add": "Add to the table", "ledger": "Loot and money"}.get(view["panel"], "More of the table")
    return pool.panel(f'<h2>More of the table</h2>{_grid(tabs)}{body}', label, cls="dofa-panel gm-more",
                      ask=view["panel"] != "none", name="panels")


def _yours(adds: Acts, app: Any) -> str:
    """The GM's own creatures (issue 49), marked as yours: those the game already carries
    (the engine's ``add_creature``), then each kept one it does not, as ``add_made`` with its
    card (checked by the rules as it joins: rules.made_problem). Only where a creature of the
    bestiary may join now (the engine offered ``add_creature``)."""
    if not adds:
        return ""
    carried = [e for e in adds if e["action"]["id"].startswith(MADE_PREFIX)]
    ids = {e["action"]["id"] for e in carried}
    more = []
    for _, card in kept_creatures(app):
        c = game_card(card)
        if c["id"] not in ids:
            ids.add(c["id"])   # a card in a button: not a flat action (parts.play_button's cache)
            more.append(button(f'{c["name"]} ({c["type"]}, yours)', "play", {"type": "add_made", "card": c}))
    body = _btns(carried) + "".join(more)
    return f'<h3>Your own creatures</h3><div class="dofa-grid">{body}</div>' if body else ""


def _drops(entries: Acts) -> str:
    """Drop buttons; two of the same item get names of their own ("..., item 3 of the loot")."""
    labels = [e["label"] for e in entries]
    out = "".join(_named(e["label"], f'{e["label"]}, item {e["action"]["index"] + 1} of the loot', e["action"])
                  if labels.count(e["label"]) > 1 else _play_button(e["label"], e["action"], "btn")
                  for e in entries)
    return f'<div class="dofa-grid">{out}</div>' if out else ""


def _more(pool: _Pool) -> str:
    end = pool.take("end_session")
    left = pool.left
    pool.left = []
    return (f'<div class="dofa-end">{_grid(left)}{_grid(end, "btn ghost")}</div>')


# -- a player's seat -------------------------------------------------------------------------
def _player_seat(view: dict[str, Any]) -> str:
    me = next((a for a in view["actors"] if a["id"] == view["me"]), None)
    c = view["combat"]
    rows = "".join(_row(view, a, c["current"] if c else None) for a in view["actors"])
    mine = ""
    if me is not None:
        mine = f'<p>{esc(me["name"])}: HP {me["hp"]}/{me["hp_max"]}, AP {me["ap"]}, PP {me["pp"]}</p>'
    call_html = _seat_call(view) or _seat_fate(view, me)
    ep = view["epic"]
    ep_html = ""
    if ep:
        ep_html = (f'<p>Epic Event: {ep["successes"]} successes, {ep["failures"]} failures'
                   + (f', TC {esc(_name(ep["tc"]))} DR {ep["dr"]}' if ep["tc"] and ep["dr"] is not None else "") + "</p>")
    return (f'<section class="table dofa dofa-gm" data-system="dofa-gm" data-seat="{esc(view["seat"])}">'
            f'<h1>At the table</h1>{mine}{call_html}{ep_html}<ul class="gm-order">{rows}</ul>'
            f'{log_list(view["log"], "What happened")}</section>')


def _seat_call(view: dict[str, Any]) -> str:
    """The GM's check on the player's own phone (issue 29): the Target Card, the DR (or
    "hidden"), Upper/Lower Hand, the cards drawn, and the seat's own choices (draw, accept,
    redraw with a Fate Card). The screen's prompt when it asks for a tap."""
    call, d, ask = view.get("call"), view.get("draw"), view.get("ask")
    acts = view.get("actions", [])
    if not call and not d and not ask:
        return ""
    parts = []
    if ask:   # a draw of the fight the GM's table asks of this phone (systems/dofa_gm/phone.py)
        mine = f"{ask['companion']}\u2019s" if ask.get("companion") else "Your"
        what = {"tc": "Your Target Card for the fight", "attack": f"{mine} attack on {ask.get('target')}",
                "epic": "Your Epic Event card",
                "save": ask.get("contest") or f"Your save against {ask.get('status')}",
                "ko": "Knocked Out: your Vitality draw (DR 4)"}.get(ask["kind"], "Your draw")
        note = ("the DR (its Armor Range) stays with the GM" if ask["kind"] == "attack" else
                "draw it from your Action Deck")
        tc = (f'<div class="dofa-draw"><div class="gm-tcbox"><span class="cap">TC</span>{_mini(ask["tc"])}</div></div>'
              if ask.get("tc") else "")
        parts.append(f'<h2>{esc(what)}</h2><p>The GM’s table asks you to draw: {esc(note)}.</p>{tc}')
    elif d and not call:
        against = f' on {esc(d["target"])}' if d.get("target") else ""
        parts.append(f'<h2>Your {esc(d["kind"])}{against}</h2>')
    if call:
        dr = "a hidden DR" if call["dr"] is None else f'DR {call["dr"]}'
        hand = call.get("hand") or 0
        extra = (f', {term("upper-hand", "Upper Hand")} {hand}' if hand > 0 else
                 f', {term("lower-hand", "Lower Hand")} {-hand}' if hand < 0 else "")
        mod = f', your modifier {call["mod"]:+d}' if call.get("mod") else ""
        parts.append(f'<h2>The GM calls a check</h2><p>{esc(call["stat"] or "")} '
                     f'{term("difficulty-range", "DR")}: {esc(dr)}{mod}{extra}.</p>'
                     f'<div class="dofa-draw"><div class="gm-tcbox"><span class="cap">TC</span>'
                     f'{_mini(call["tc"], "No TC yet")}</div></div>')
    if d:
        cards = "".join(f'<li>{_card(c)}<span class="cap">{"kept" if c == d["kept"] else "drawn"}</span></li>'
                        for c in d["cards"])
        if d.get("asked"):   # the host graded it at the hidden DR (systems/dofa_gm/draws.ask_fate)
            parts.append(f'<p class="banner failed"><b>Missed.</b> Spend a {term("fate-card", "Fate Card")} '
                         'to redraw?</p>')
        more = d.get("to_go") or 0
        parts.append(f'<h3>Your draw</h3><ul class="dofa-cards">{cards}</ul>'
                     + (f'<p>{term("upper-hand", "Upper Hand")}: you may draw {more} more '
                        f'card{"s" if more > 1 else ""}, or stop here.</p>' if more else ""))
    fate = (view.get("deck") or {}).get("fate")
    if fate is not None:
        parts.append(f'<p class="muted">Your Action Deck: {view["deck"]["left"]} cards left; '
                     f'{term("fate-card", "Fate Cards")}: {len(fate)}.</p>')
    if not acts and call and not d:
        parts.append('<p class="muted">The GM is setting up the check.</p>' if not call.get("sent") else "")
    body = "".join(parts) + _grid(acts, "btn primary")
    name = "The GM's check" if call else "Your draw"
    return prompt(body, label=name) if acts else \
        f'<section class="dofa-panel" aria-label="{esc(name)}">{body}</section>'


def _seat_fate(view: dict[str, Any], me: dict[str, Any] | None) -> str:
    """The player's Fate Cards on their own phone (issue 29; PG, Fate Cards 3, 4.2, 4.3):
    redraw the Target Card just drawn or keep it (the table waits), Exchange Fate and
    Toughen Up whenever the book allows; the cards are those of the deck the host keeps."""
    acts = view.get("actions", [])
    if not acts:
        return ""
    rest = view.get("rest")
    if rest:
        gain = rest.get("gain")
        hp, pp = rest.get("held") or (0, 0)
        what = (f'<p>Your Rest Card: recover {esc(gain)} point{"s" if gain > 1 else ""} across HP and PP.</p>'
                if gain else f'<p>{esc(rest["cards"])} Rest Cards left; each is a DR 3 draw against your '
                f'{term("target-card", "Target Card")}: 1 point on a miss, 2 on a success.</p>') + (
            f'<p>Held until the rest is complete: {esc(hp)} HP and {esc(pp)} PP.</p>' if hp or pp else "")
        body = f'<h2>Quick Rest</h2>{what}' + _grid([e for e in acts if e["action"]["type"].startswith("rest")],
                                                    "btn primary")
        others = [e for e in acts if not e["action"]["type"].startswith("rest")]
        return prompt(body, label="Quick Rest") + (_seat_fate(dict(view, rest=None, actions=others), me)
                                                   if others else "")
    if any(e["action"]["type"] == "keep_tc" for e in acts):
        tc = (me or {}).get("tc")
        body = (f'<h2>Your Target Card: {esc(_name(tc))}</h2>'
                f'<div class="dofa-draw"><div class="gm-tcbox"><span class="cap">TC</span>{_mini(tc)}</div></div>'
                f'<p>Keep it, or spend a {term("fate-card", "Fate Card")} to redraw it.</p>')
        return prompt(body + _grid(acts, "btn primary"), label="Your Target Card")
    tough = view.get("tough")
    note = (f'<p>You may ignore {esc(tough)} damage (Toughen Up) until the end of your next turn.</p>'
            if tough else "")
    left = (view.get("deck") or {}).get("left")
    fate = [e for e in acts if e["action"]["type"] in ("exchange_fate", "toughen_up")]
    body = (f'<h2>Your {term("fate-card", "Fate Cards")}</h2>{note}'
            + (f'<p class="muted">Your Action Deck: {esc(left)} cards left.</p>' if left is not None else "")
            + _grid(fate, "btn")) if fate else ""
    discard = [e for e in acts if e["action"]["type"] == "discard_power"]
    if discard:   # PG, Discard Powers: a Minor Action on their turn, from the deck kept for them
        body += '<h2>Your Discard Power (a Minor Action)</h2>' + _grid(discard, "btn")
    picks = [e for e in acts if e["action"]["type"] == "pick_condition"]
    for power in dict.fromkeys(e["action"]["power"] for e in picks):
        body += (f'<h2>{esc(power)}: pick its condition</h2>'
                 + _keypad([e for e in picks if e["action"]["power"] == power], "name",
                           [e["action"]["name"] for e in picks if e["action"]["power"] == power], None,
                           "dofa-grid tight", name=lambda n, p=power: f"{p}: {n}"))
    return f'<section class="dofa-panel" aria-label="Your own choices">{body}</section>' if body else ""


register_table(Table(
    system="dofa-gm", title="Deck of Adventures: GM's table",
    blurb="The GM's decks, initiative, statuses, Epic Events, bosses and loot; or a solo skirmish.",
    render=render, setup=setup, options_from_form=options_from_form, seat="gm", render_app=render_app))
