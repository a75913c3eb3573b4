"""The GM's table for Deck of Adventures (``dofa-gm``), and the solo skirmish.

The GM's screen, top to bottom: what needs the GM now (a draw to accept, a card to type
in, a check being called, an Epic Event, saves due), the fight (turn order with every
combatant's Target Card, numbers and statuses; the acting one's choices), the table
outside a fight, the GM's tools on the combatant in focus, the panels (add to the table,
loot and money), the log. Every button carries one of the engine's legal actions and
every legal action has a button (the leftovers land in "More"). A player's seat (drawn by
``simulate``) shows the table as the players see it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.cards import Card
from ..core.saves import Session
from .cards import card_svg, mini_back_svg, mini_card_svg
from .dofa import _play_button
from .html import button, esc, log_list
from .tables import Table, register_table

if TYPE_CHECKING:
    from .app import App

Acts = list[dict[str, Any]]


class _Pool:
    """The view's actions, handed out by type so that each lands on the screen once."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.left: Acts = list(view.get("actions", []))

    def take(self, *types: str, where: Any = None) -> Acts:
        got = [e for e in self.left if e["action"]["type"] in types
               and (where is None or where(e["action"]))]
        self.left = [e for e in self.left if e not in got]
        return got


def _btns(entries: Acts, cls: str = "btn") -> str:
    return "".join(_play_button(e["label"], e["action"], cls) for e in entries)


def _grid(entries: Acts, cls: str = "btn", tight: bool = False) -> str:
    if not entries:
        return ""
    return f'<div class="dofa-grid{" tight" if tight else ""}">{_btns(entries, cls)}</div>'


def _name(code: str | None) -> str:
    return Card.parse(code).name if code else ""


def _mini(code: str | None, label: str = "No Target Card") -> str:
    return mini_card_svg(code) if code else mini_back_svg(label=label)


# -- the GM's screen -----------------------------------------------------------------------
def render(view: dict[str, Any], session: Session) -> str:
    if view["seat"] != "gm":
        return _player_seat(view)
    pool = _Pool(view)
    parts = [_header(view)]
    if view["phase"] == "over":
        parts.append(_over(view))
    parts += [_draw(view, pool), _entry(view, pool), _call(view, pool), _epic(view, pool),
              _due(view, pool), _fight(view, pool), _outside(view, pool), _tools(view, pool),
              _panels(view, pool), _more(pool), log_list(view["log"], "Session log")]
    return (f'<section class="table dofa dofa-gm" data-system="dofa-gm" data-phase="{esc(view["phase"])}">'
            + "".join(parts) + "</section>")


def _header(view: dict[str, Any]) -> str:
    title = "Solo skirmish" if view["mode"] == "skirmish" else "The GM's table"
    decks = view["decks"]
    c = view["combat"]
    where = (f'Round {c["round"]}' + (" (surprise)" if c["round"] == 0 else "")) if c else "Out of combat"
    return (f'<h1>{esc(title)} <span class="muted">· {esc(where)}</span></h1>'
            f'<p class="gm-decks"><span class="badge">NPC Deck {decks["npc"]["left"]} left</span> '
            f'<span class="badge">World Deck {decks["world"]["left"]} left</span> '
            f'<span class="badge">Purse {esc(view["ledger"]["purse"])}</span></p>')


def _over(view: dict[str, Any]) -> str:
    text = {"victory": "The party wins the skirmish.", "defeat": "The party is defeated.",
            }.get(view["outcome"] or "", "The session is over.")
    cls = " won" if view["outcome"] == "victory" else " failed" if view["outcome"] == "defeat" else ""
    return f'<p class="banner{cls}">{esc(text)}</p>'


def _draw(view: dict[str, Any], pool: _Pool) -> str:
    d = view["draw"]
    if d is None:
        return ""
    acts = pool.take("accept", "fate_redraw")
    cards = "".join(
        f'<li class="{"kept" if c == d["kept"] else ""}">{card_svg(c)}'
        f'<span class="cap">{"kept" if c == d["kept"] else "not kept"}</span></li>' for c in d["cards"])
    hand = "" if not d["hand"] else (f', Upper Hand {d["hand"]}' if d["hand"] > 0 else f', Lower Hand {-d["hand"]}')
    against = f' against {esc(d["target"])}' if d["target"] else ""
    return (f'<section class="dofa-panel gm-now" aria-label="The draw"><h2>{esc(d["who"])}: '
            f'{esc(d["kind"])}{against}</h2>'
            f'<p>{esc(d["stat"] or "no modifier")} {d["modifier"]:+d} vs {esc(_name(d["tc"]))}, '
            f'DR {d["dr"]}, EDR {d["effective"]}{esc(hand)}</p>'
            f'<div class="dofa-draw"><div><span class="cap">TC</span>{mini_card_svg(d["tc"])}</div>'
            f'<ul class="dofa-cards">{cards}</ul></div>{_grid(acts, "btn primary")}</section>')


def _entry(view: dict[str, Any], pool: _Pool) -> str:
    e = view["entry"]
    if e is None:
        return ""
    f = e["for"]
    who = next((a["name"] for a in view["actors"] if a["id"] == f.get("who")), "")
    heading = {"tc": f"{who}'s Target Card", "attack": f"{who}'s attack: the reported card",
               "call": f"{who}'s card", "epic": f"{who}'s Epic Event draw",
               "ko": f"{who}'s Knocked Out draw (DR 4 Vitality)"}[f["kind"]]
    hint = ""
    if f.get("hidden"):
        hint = ("The DR stays hidden: the player reports the card moved toward the TC by "
                "their modifier; mark it when they drew the TC's own value.")
    elif f["kind"] in ("call", "epic", "ko"):
        hint = "Type in the card the player drew and their modifier."
    tc = f'<div><span class="cap">TC</span>{mini_card_svg(f["tc"])}</div>' if f.get("tc") else ""
    typed = (e["rank"] or "?") + ({"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}.get(e["suit"] or "", "?"))
    ranks, suits = pool.take("entry_rank"), pool.take("entry_suit")
    mods, major = pool.take("entry_mod"), pool.take("entry_hit", "entry_major")
    done = pool.take("entry_done", "entry_cancel")
    mod_html = f'<h3>Modifier (now {e["mod"]:+d})</h3>{_grid(mods, tight=True)}' if mods else ""
    return (f'<section class="dofa-panel gm-now" aria-label="Type in a card"><h2>{esc(heading)}</h2>'
            f'<p class="muted">{esc(hint)}</p><div class="dofa-draw">{tc}'
            f'<p class="gm-typed">Card: <b>{esc(typed)}</b></p></div>'
            f'<h3>Value</h3><div class="dofa-ranks">{_btns(ranks)}</div>'
            f'<h3>Suit</h3><div class="dofa-suits">{_btns(suits)}</div>{mod_html}'
            f'{_grid(major)}{_grid(done, "btn primary")}</section>')


def _call(view: dict[str, Any], pool: _Pool) -> str:
    c = view["call"]
    if c is None:
        return ""
    ch = c["chances"]
    odds = ""
    if ch:
        sure = " An assured success: the GMG says to let it happen." if ch["sure"] else ""
        src = "this character's deck" if ch["from"] == "deck" else "a fresh deck"
        odds = (f'<p class="gm-odds">EDR {ch["edr"]} (DR {c["dr"]} {c["modifier"]:+d}): '
                f'<b>{esc(ch["exact"] or "0%")}</b> exact from {esc(src)}; the GMG chart says '
                f'{esc(ch["chart"])}.{esc(sure)}</p>')
    sugg = f'The chart suggests DR {c["suggested"]} ({esc(c["aim"])}).' if c["suggested"] is not None else \
        "Say how hard the task is; the chart suggests the DR."
    tc = f'<div><span class="cap">TC</span>{_mini(c["tc"], "No TC yet")}</div>'
    groups = [("Skill or attribute" + (f' (now {c["stat"]})' if c["stat"] else ""), pool.take("call_stat"), True),
              (f'Modifier (now {c["mod"]:+d})', pool.take("call_mod"), True),
              ("How hard", pool.take("call_aim"), False),
              (f'DR (now {c["dr"] if c["dr"] is not None else "none"}{", hidden" if c["hidden"] else ""})',
               pool.take("call_dr", "call_hidden"), True),
              ("Upper or Lower Hand", pool.take("call_hand"), True),
              ("A contested check: against whose Target Card", pool.take("call_contest"), False),
              ("The initiator's modifier (DR 3 minus half)", pool.take("call_vs_mod"), True),
              ("A profession's tools (Upper Hand with, Lower Hand without)", pool.take("call_tool"), False)]
    body = "".join(f'<h3>{esc(t)}</h3>{_grid(g, tight=tight)}' for t, g, tight in groups if g)
    go = pool.take("call_tc", "call_draw", "call_card", "call_cancel")
    return (f'<section class="dofa-panel gm-now" aria-label="A check for a player">'
            f'<h2>A check for {esc(c["who_name"])}</h2><div class="dofa-draw">{tc}<p>{sugg}</p></div>'
            f'{odds}{body}{_grid(go, "btn primary")}</section>')


def _epic(view: dict[str, Any], pool: _Pool) -> str:
    ep = view["epic"]
    if ep is None:
        return ""
    head = (f'{ep["successes"]} of {ep["need"]} successes, {ep["failures"]} of {ep["limit"]} '
            f'failures; Target Card {min(ep["done"] + 1, ep["tcs"])} of {ep["tcs"]}')
    tc = f'<div><span class="cap">TC</span>{_mini(ep["tc"], "No TC yet")}</div>'
    who = ""
    if ep["drawer"]:
        who = "The GM draws next." if ep["drawer"] == "gm" else \
            f'Next to draw: {next(a["name"] for a in view["actors"] if a["id"] == ep["drawer"])}.'
    vols = ", ".join(ep["volunteer_names"]) or "none yet"
    dr = f'DR {ep["dr"]}' if ep["dr"] is not None else "DR not set"
    result = f'<p class="banner">The Epic Event ends: {esc(ep["result"])}.</p>' if ep["result"] else ""
    setup = [("Target Cards", pool.take("epic_tcs")), ("Successes needed", pool.take("epic_need")),
             ("Failures that end it", pool.take("epic_limit")), ("DR", pool.take("epic_dr")),
             ("Volunteers", pool.take("epic_join", "epic_leave")), ("Skill", pool.take("epic_stat"))]
    body = "".join(f'<h3>{esc(t)}</h3>{_grid(g, tight=True)}' for t, g in setup if g)
    go = pool.take("epic_begin", "epic_reveal", "epic_go", "epic_draw", "epic_card", "epic_gm_draw",
                   "epic_close", "epic_cancel")
    return (f'<section class="dofa-panel gm-now" aria-label="Epic Event"><h2>Epic Event</h2>'
            f'<p>{esc(head)}</p><div class="dofa-draw">{tc}<p>{esc(dr)}. Volunteers: {esc(vols)}. '
            f'{esc(who)}</p></div>{result}{body}{_grid(go, "btn primary")}</section>')


def _due(view: dict[str, Any], pool: _Pool) -> str:
    acts = pool.take("save", "save_result")
    if not view["due"]:
        return ""
    items = "".join(f'<li>{esc(d["name"])}: DR {d["dr"]} {esc(d["stat"] or "")} save against '
                    f'{esc(d["status"])} ({esc(d["when"])})</li>' for d in view["due"])
    return (f'<section class="dofa-panel due" aria-label="Saves due now"><h2>Saves due now</h2>'
            f'<ul>{items}</ul>{_grid(acts, "btn primary")}</section>')


def _row(view: dict[str, Any], a: dict[str, Any], current: str | None) -> str:
    nums = ""
    if "hp" in a:
        nums = (f'HP {a["hp"]}/{a["hp_max"]} · AP {a["ap"]} · AR {a["ar"]} · PP {a["pp"]}'
                + (f' · phase {a["phase"]}/{a["phases"]}' if a["kind"] == "boss" else ""))
    flags = [s["name"] + (f' ({s["rounds"]} rd)' if s["rounds"] else "") + (" (saved)" if s.get("held") else "")
             for s in a["statuses"]]
    if a["ko"]:
        flags.append("Knocked Out" + (", stable" if a["ko"]["stable"] else "")
                     + (f', treat DR {a["treat_dr"]}' if "treat_dr" in a else ""))
    if a["dead"]:
        flags.append("Dead")
    badges = "".join(f'<span class="badge">{esc(f)}</span> ' for f in flags)
    cls = "gm-row" + (" now" if a["id"] == current else "") + (" foe" if a["side"] == "foes" else "")
    side = "foe" if a["side"] == "foes" else "party"
    return (f'<li class="{cls}"><div class="gm-tc">{_mini(a["tc"])}</div><div>'
            f'<b>{esc(a["name"])}</b> <span class="muted">{esc(side)}, {esc(a["kind"])}</span>'
            f'<br><span class="gm-nums">{esc(nums)}</span><br>{badges}</div></li>')


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
    moves = pool.take("shake_off", "end_turn", "delay", "ready")
    extra = pool.take("readied_attack", "adversary", "house")
    suggest = view.get("suggest")
    sugg = ""
    if suggest:
        lab = next((e["label"] for e in view["actions"] if e["action"] == suggest), None)
        if lab:
            sugg = f'<p class="gm-suggest">The policy picks: <b>{esc(lab)}</b></p>'
    now = f'<h3>{esc(cur["name"])}\u2019s turn</h3>' if cur else ""
    if c["stage"] == "initiative":
        now = "<h3>Initiative: type in each player's Target Card</h3>"
    return (f'<section class="dofa-panel" aria-label="Combat"><h2>Turn order</h2>'
            f'<ol class="gm-order">{rows}</ol>'
            + (f'<ul class="gm-order">{rest}</ul>' if rest else "")
            + f'{now}{sugg}{_grid(tcs + turn, "btn primary")}{_grid(moves)}'
            + (f'<h3>Outside the turn</h3>{_grid(extra)}' if extra else "")
            + f'{_grid(pool.take("end_combat"), "btn ghost")}</section>')


def _outside(view: dict[str, Any], pool: _Pool) -> str:
    if view["combat"] is not None:
        return ""
    rows = "".join(_row(view, a, None) for a in view["actors"])
    start = pool.take("start_combat")
    calls = pool.take("call", "epic_setup")
    empty = "" if rows else '<p class="muted">Nobody at the table yet: add players and creatures below.</p>'
    return (f'<section class="dofa-panel" aria-label="At the table"><h2>At the table</h2>{empty}'
            f'<ul class="gm-order">{rows}</ul>{_grid(start, "btn primary")}'
            + (f'<h3>Checks and Epic Events</h3>{_grid(calls)}' if calls else "")
            + _scan(view) + '</section>')


def _scan(view: dict[str, Any]) -> str:
    """A player joins from their phone: the GM scans the QR code of their sheet (the
    library's camera reader, web/library.js, opens it as a link: ui/dofa_join.py)."""
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
    gm_hand = f'{view["hand"]:+d}' if view["hand"] else "none"
    return (f'<details class="dofa-panel" aria-label="GM tools"{" open" if who else ""}>'
            f'<summary><h2>GM tools</h2></summary><p class="muted">Pick a combatant for damage, '
            f'healing, statuses and its numbers.</p>{_grid(focus)}{body}'
            f'<h3>The GM\u2019s Upper/Lower Hand on the next draw (now {esc(gm_hand)})</h3>'
            f'{_grid(hand, tight=True)}</details>')


def _panels(view: dict[str, Any], pool: _Pool) -> str:
    tabs = pool.take("panel")
    body = ""
    if view["panel"] == "add":
        body = ((_scan(view) if view["combat"] is not None else "")
                + f'<h3>Bestiary</h3>{_grid(pool.take("add_creature"))}'
                f'<h3>Premade characters</h3>{_grid(pool.take("add_premade"), tight=True)}')
    elif view["panel"] == "ledger":
        loot = "".join(f"<li>{esc(i)}</li>" for i in view["ledger"]["loot"]) or "<li>nothing yet</li>"
        body = (f'<p>Party purse: <b>{esc(view["ledger"]["purse"])}</b> (1 dp = 10 gp = 100 sp = 1000 cp)</p>'
                f'{_grid(pool.take("coins"), tight=True)}<h3>Loot</h3><ul>{loot}</ul>'
                f'{_grid(pool.take("drop_loot"))}'
                f'<details><summary><h3>Buy (GMG prices)</h3></summary>{_grid(pool.take("buy"))}</details>'
                f'<details><summary><h3>Found as loot</h3></summary>{_grid(pool.take("loot"))}</details>')
    return (f'<section class="dofa-panel" aria-label="Panels"><h2>More of the table</h2>'
            f'{_grid(tabs)}{body}</section>')


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
    call = view.get("call")
    call_html = ""
    if call:
        dr = "hidden" if call["dr"] is None else f'DR {call["dr"]}'
        call_html = f'<p class="banner">The GM calls a check: {esc(call["stat"] or "")} {esc(dr)}, TC {esc(_name(call["tc"]))}</p>'
    ep = view["epic"]
    ep_html = ""
    if ep:
        ep_html = (f'<p>Epic Event: {ep["successes"]} successes, {ep["failures"]} failures'
                   + (f', TC {esc(_name(ep["tc"]))} DR {ep["dr"]}' if ep["tc"] and ep["dr"] is not None else "") + "</p>")
    return (f'<section class="table dofa dofa-gm" data-system="dofa-gm" data-seat="{esc(view["seat"])}">'
            f'<h1>At the table</h1>{mine}{call_html}{ep_html}<ul class="gm-order">{rows}</ul>'
            f'{log_list(view["log"], "What happened")}</section>')


# -- setup -----------------------------------------------------------------------------------
PLAYER_ROWS = 4
LINK_ROWS = 2
NUMBERS = (("hp", "HP", 5), ("ap", "AP", 0), ("ar", "AR", 3), ("agl", "AGL", 0), ("pp", "PP", 0))


def setup(app: "App") -> str:
    from ..systems.dofa import sheet as sh
    from ..systems.dofa_gm import bestiary as bs
    fields = ["mode"]
    rows = []
    for i in range(PLAYER_ROWS):
        cells = [f'<label>Name<input name="p{i}_name" maxlength="40" autocomplete="off"></label>']
        fields.append(f"p{i}_name")
        for key, lab, default in NUMBERS:
            cells.append(f'<label>{lab}<input name="p{i}_{key}" type="number" inputmode="numeric" '
                         f'value="{default}"></label>')
            fields.append(f"p{i}_{key}")
        rows.append(f'<fieldset class="gm-player"><legend>Player {i + 1}</legend>{"".join(cells)}</fieldset>')
    pre = '<option value="">None</option>' + "".join(
        f'<option value="{esc(p)}">{esc(p)}</option>' for p in sorted(sh.premades()))
    foes = '<option value="">None</option>' + "".join(
        f'<option value="{esc(c)}">{esc(c)} ({esc(r["type"])})</option>' for c, r in bs.creatures().items()
        if r["type"] != "Companion")
    links = []
    for i in range(LINK_ROWS):
        links.append(f'<label>Share link {i + 1}<input name="link{i}" autocomplete="off" '
                     f'inputmode="url"></label>')
        fields.append(f"link{i}")
    picks = []
    for i in range(3):
        picks.append(f'<label>Premade character {i + 1}<select name="party{i}">{pre}</select></label>')
        fields.append(f"party{i}")
    for i in range(3):
        picks.append(f'<label>Creature {i + 1}<select name="foe{i}">{foes}</select></label>')
        fields.append(f"foe{i}")
    return (f'<section class="setup dofa-gm"><h1>Deck of Adventures: the GM\u2019s table</h1>'
            f'<p class="muted">Run the decks, the fight, the Epic Events and the loot at the table; '
            f'or learn the game alone in a solo skirmish of premade characters against '
            f'creatures that act by a written policy.</p><form class="form" data-form>'
            f'<label>Mode <select name="mode"><option value="table">The GM\u2019s table</option>'
            f'<option value="skirmish">Solo skirmish</option></select></label>'
            f'<p class="muted">Players at the table (their sheets stay on their phones; leave a '
            f'name empty to skip the row):</p>{"".join(rows)}'
            f'<p class="muted">Or paste the share link of a player\u2019s Deck of Adventures '
            f'game: their name, HP, AP, AR, Agility and PP are taken from their sheet.</p>'
            f'{"".join(links)}{"".join(picks)}'
            f'{button("Begin", "new", {"system": "dofa-gm"}, cls="btn primary", fill=",".join(fields), submit=True)}'
            f'</form></section>')


def options_from_form(fields: dict[str, Any], app: "App") -> dict[str, Any]:
    from ..systems.dofa_gm.rules import PLAYER_LIMITS
    mode = str(fields.get("mode") or "table")
    players = []
    for i in range(PLAYER_ROWS):
        name = str(fields.get(f"p{i}_name") or "").strip()
        if not name:
            continue
        if len(name) > 40:
            raise ValueError(f"Player {i + 1}: a name of at most 40 characters")
        p: dict[str, Any] = {"name": name}
        for key, lab, default in NUMBERS:
            raw = str(fields.get(f"p{i}_{key}", default)).strip() or str(default)
            lo, hi = PLAYER_LIMITS[key]
            try:
                value = int(raw)
            except ValueError:
                raise ValueError(f"Player {i + 1}: {lab} must be a whole number") from None
            if not lo <= value <= hi:
                raise ValueError(f"Player {i + 1}: {lab} from {lo} to {hi}")
            p[key] = value
        players.append(p)
    for i in range(LINK_ROWS):
        link = str(fields.get(f"link{i}") or "").strip()
        if link:
            from ..core.saves import SaveError
            from ..systems.dofa_gm.sheetlink import player_from_link
            try:
                players.append(player_from_link(link))
            except SaveError as exc:
                raise ValueError(f"Share link {i + 1}: {exc}") from None
    party = [str(fields[f"party{i}"]) for i in range(3) if fields.get(f"party{i}")]
    foes = [str(fields[f"foe{i}"]) for i in range(3) if fields.get(f"foe{i}")]
    if mode == "skirmish" and not (party and foes):
        raise ValueError("A solo skirmish needs at least one premade character and one creature")
    return {"mode": mode, "players": players, "party": party, "foes": foes}


register_table(Table(
    system="dofa-gm", title="Deck of Adventures: GM's table",
    blurb="The GM's decks, initiative, statuses, Epic Events, bosses and loot; or a solo skirmish.",
    render=render, setup=setup, options_from_form=options_from_form, seat="gm"))
