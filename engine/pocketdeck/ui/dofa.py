"""The Deck of Adventures table: the player's phone at a GM's table.

Top: the sheet's points, My Target Card and the Fate Cards in hand. Then the check the GM
calls, entered by taps (kind, the TC's rank and suit, the attribute or skill, the DR or
"hidden", Upper/Lower Hand) with the exact odds of each degree from the deck as it stands
beside the GMG chart's figure; the draw itself (cards drawn, the one that counts, the
redraw with a Fate Card); then health, combat and rests, powers, conditions and the log.
Every button carries one of the engine's legal actions, and every legal action has one.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..core.cards import Card
from ..core.saves import Session
from ..systems.dofa import sheet as sh
from .cards import card_svg, mini_back_svg, mini_card_svg
from .html import button, esc
from .tables import Table, register_table

if TYPE_CHECKING:
    from .app import App

SUIT_SIGN = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def _acts(view: dict[str, Any], *types: str) -> list[dict[str, Any]]:
    return [e for e in view["actions"] if e["action"]["type"] in types]


def _buttons(view: dict[str, Any], *types: str, selected: Any = None, key: str | None = None,
             cls: str = "btn") -> str:
    out = []
    for e in _acts(view, *types):
        a = e["action"]
        on = key is not None and a.get(key) == selected
        out.append(_play_button(e["label"], a, cls + (" on" if on else ""), pressed=on))
    return "".join(out)


def _play_button(label: str, action: dict[str, Any], cls: str, pressed: bool = False) -> str:
    """What html.button draws for a play action, written out: a screen here has about
    eighty of them and this keeps a render within a few milliseconds."""
    arg = esc(json.dumps(action, sort_keys=True))
    extra = ' aria-pressed="true"' if pressed else ""
    return (f'<button type="button" class="{cls}" data-action="play" data-arg="{arg}"{extra}>'
            f'{esc(label)}</button>')


def _card_name(code: str | None) -> str:
    return Card.parse(code).name if code else ""


# -- the table --------------------------------------------------------------------------------
def render(view: dict[str, Any], session: Session) -> str:
    parts = [_header(view)]
    if view["phase"] == "over":
        parts.append(_over(view))
    elif view["draw"] is not None:
        parts.append(_drawing(view))
    elif view["gain"] is not None:
        parts.append(f'<section class="dofa-panel"><h2>Rest Card</h2>{_last(view)}'
                     f'<p>Choose what it recovers:</p><div class="dofa-grid">'
                     f'{_buttons(view, "rest_gain")}</div></section>')
    elif view["phase"] == "rest":
        parts.append(_rest(view))
    else:
        parts.append(_check_panel(view))
        parts.append(_last(view, heading=True))
        parts.append(_health(view))
        parts.append(_table_flow(view))
        parts.append(_powers(view))
        parts.append(_conditions(view))
        parts.append(_environment(view))
        parts.append(f'<div class="dofa-end">{_buttons(view, "end_session", cls="btn ghost")}</div>')
    parts.append(_sheet(view))
    parts.append(_log(view))
    return (f'<section class="table dofa" data-system="dofa" data-phase="{esc(view["phase"])}">'
            + "".join(parts) + "</section>")


def _header(view: dict[str, Any]) -> str:
    s, p = view["sheet"], view["points"]
    stats = [("HP", f'{p["hp"]}/{p["hp_max"]}'), ("AP", f'{p["ap"]}/{p["ap_max"]}'),
             ("PP", f'{p["pp"]}/{p["pp_max"]}'), ("AR", str(p["ar"])), ("Speed", str(p["speed"])),
             ("Fatigue", str(view["fatigue"]))]
    cells = "".join(f'<li><span>{esc(k)}</span><b>{esc(v)}</b></li>' for k, v in stats)
    tc = view["tc"]
    tc_html = (mini_card_svg(tc) if tc else mini_back_svg(label="No Target Card yet"))
    fate = "".join(mini_card_svg(c) for c in view["fate"]) or '<span class="muted">none</span>'
    flags = []
    if view["combat"]:
        flags.append(f'In combat, turn {view["turn"] + 1}')
    if view["ko"]:
        flags.append("Knocked Out")
    flags += view["conditions"]
    flag_html = "".join(f'<span class="badge">{esc(f)}</span> ' for f in flags)
    piles = view["piles"]
    return (f'<h1>{esc(s["name"])} <span class="muted">· {esc(s["role"])}, level {s["level"]}</span></h1>'
            f'<ul class="dofa-points">{cells}</ul>'
            f'<div class="dofa-hand"><div><span class="cap">My TC</span>{tc_html}</div>'
            f'<div class="fate"><span class="cap">Fate Cards</span><div class="row">{fate}</div></div>'
            f'<div><span class="cap">Deck {piles["deck"]} · Discard {piles["discard"]}</span></div></div>'
            f'<p class="flags">{flag_html}</p>')


def _check_panel(view: dict[str, Any]) -> str:
    d = view["draft"]
    if view["ko"]:
        return _epic_panel(view)
    kinds = _buttons(view, "kind")
    title = {"check": "Check", "contest": "Contested check (I defend)", "save": "Save"}[d["kind"]]
    rows = [f'<div class="dofa-row">{kinds}</div>']
    if d["kind"] == "save":
        tc_line = (f'Against my Target Card: <b>{esc(_card_name(d["tc"]))}</b>' if d["tc"] else
                   'Draw your Target Card first (below): a save draws against it.')
        rows.append(f'<p>{tc_line}</p>')
    else:
        rows.append('<h3>Target Card</h3><div class="dofa-ranks">'
                    + _buttons(view, "tc_rank", selected=d["rank"], key="rank") + "</div>")
        rows.append('<div class="dofa-suits">' + _buttons(view, "tc_suit", selected=d["suit"], key="suit") + "</div>")
    rows.append(f'<h3>{"Attribute" if d["kind"] == "save" else "Attribute or skill"}</h3>'
                '<div class="dofa-grid">' + _buttons(view, "stat", selected=d["stat"], key="stat") + "</div>")
    if d["kind"] == "contest":
        rows.append('<h3>Attacker\'s modifier</h3><div class="dofa-grid">'
                    + _buttons(view, "attacker", selected=d["attacker"], key="mod") + "</div>")
    else:
        sel = None if d["dr"] is None and not d.get("hidden") else d["dr"]
        rows.append('<h3>Difficulty Range</h3><div class="dofa-grid">'
                    + _buttons(view, "dr", selected=sel if (d["dr"] is not None or d.get("hidden")) else "none", key="dr")
                    + "</div>")
    rows.append('<h3>Upper / Lower Hand (the GM\'s)</h3><div class="dofa-grid">'
                + _buttons(view, "hand", selected=d["hand"], key="hand") + "</div>")
    rows.append(_summary(view))
    draw = _buttons(view, "draw", cls="btn primary big")
    if not draw:
        draw = '<p class="muted">Choose the Target Card, the stat and the DR to draw.</p>'
    return f'<section class="dofa-panel"><h2>{esc(title)}</h2>{"".join(rows)}{draw}</section>'


def _summary(view: dict[str, Any]) -> str:
    d = view["draft"]
    bits = []
    if d["tc"]:
        bits.append(f'TC {_card_name(d["tc"])}')
    if d["stat"]:
        bits.append(f'{sh.NAMES.get(d["stat"], d["stat"])} {d["modifier"]:+d}')
    if d["kind"] == "contest" and d["dr_value"] is not None:
        bits.append(f'DR {d["dr_value"]} (3 - attacker/2)')
    elif d["kind"] != "contest" and d.get("hidden"):
        bits.append("DR hidden: you will report the card moved by your modifier")
    elif d["dr_value"] is not None:
        bits.append(f'DR {d["dr_value"]}')
    if d["effective"] is not None:
        bits.append(f'EDR {d["effective"]}' + (f' ({d["range"]})' if d.get("range") else ""))
    if d["net_hand"]:
        h = d["net_hand"]
        extra = f' incl. {d["auto_hand"]:+d} from Fatigue/conditions' if d.get("auto_hand") else ""
        bits.append((f"Upper Hand {h}" if h > 0 else f"Lower Hand {-h}") + extra)
    out = f'<p class="dofa-summary">{esc(" · ".join(bits))}</p>' if bits else ""
    if d["effective"] is not None and not d["attemptable"]:
        out += '<p class="pending">EDR below -2: this check cannot be attempted.</p>'
    if d.get("odds"):
        out += _odds(d["odds"])
    return out


def _odds(o: dict[str, Any]) -> str:
    if "note" in o:
        return f'<p class="muted">{esc(o["note"])}</p>'
    rows = "".join(f'<tr><th scope="row">{esc(n)}</th><td>{esc(p)}</td></tr>' for n, p in o["degrees"])
    extra = [f'Success: <b>{esc(o["success"])}</b>']
    if "with_redraw" in o:
        extra.append("with a Fate redraw on a miss: <b>"
                     + esc(o["with_redraw"] if o["with_redraw"] else "not computed (a reshuffle comes between)") + "</b>")
    if o.get("chart"):
        extra.append(f'GMG chart, fresh deck: {esc(o["chart"])}')
    return (f'<div class="dofa-odds"><p>{" · ".join(extra)}</p>'
            f'<table><caption>Exact odds from the cards left in your deck</caption>{rows}</table></div>')


def _epic_panel(view: dict[str, Any]) -> str:
    ko = view["ko"]
    d = view["draft"]
    state = (f'{ko["successes"]} success(es), {ko["failures"]} failure(s)'
             + ("; stable" if ko.get("stable") else ""))
    treat = max(0, 5 - ko["turns"])
    body = (f'<p>Knocked Out. In combat each turn is an Epic Event check: <b>DR 4 Vitality</b> '
            f'against the GM\'s TC{" at Lower Hand (damaged again)" if ko["damaged"] else ""}. '
            f'{esc(state)}. An ally treats you with Craft or a healing power at DR {treat} against '
            f'your Target Card.</p>')
    if view["combat"]:
        body += ('<h3>The GM\'s Target Card</h3><div class="dofa-ranks">'
                 + _buttons(view, "tc_rank", selected=d["rank"], key="rank") + '</div><div class="dofa-suits">'
                 + _buttons(view, "tc_suit", selected=d["suit"], key="suit") + "</div>" + _summary(view)
                 + _buttons(view, "draw", cls="btn primary big"))
    return f'<section class="dofa-panel ko"><h2>Epic Event</h2>{body}</section>'


def _drawing(view: dict[str, Any]) -> str:
    dr = view["draw"]
    cards = "".join(
        f'<li class="{"kept" if c == dr["kept"] else ""}">{card_svg(c)}'
        f'{"<span class=cap>counts</span>" if c == dr["kept"] and len(dr["cards"]) > 1 else ""}</li>'
        for c in dr["cards"])
    res = dr["result"]
    if dr["to_go"]:
        what = f'{dr["to_go"]} more card(s) may be drawn (Upper Hand).'
    elif res["degree"] is None:
        what = f'Report to the GM: {res["report"]}'
    else:
        from ..systems.dofa.checks import DEGREES
        what = f'{DEGREES[res["degree"]]}' + (" (a success)" if res["success"] else " (a miss)")
    tc = f'<div class="dofa-tc"><span class="cap">TC</span>{mini_card_svg(dr["tc"])}</div>'
    buttons = _buttons(view, "draw_more", "stop", "accept", cls="btn primary") + _buttons(view, "fate_redraw")
    return (f'<section class="dofa-panel"><h2>The draw</h2><div class="dofa-draw">{tc}'
            f'<ul class="dofa-cards">{cards}</ul></div>'
            f'<p class="dofa-result" role="status">{esc(what)}</p>'
            f'<div class="dofa-row">{buttons}</div></section>')


def _last(view: dict[str, Any], heading: bool = False) -> str:
    last = view["last"]
    if not last:
        return ""
    h = "<h2>Last draw</h2>" if heading else ""
    return (f'<section class="dofa-last">{h}<div class="dofa-draw">{mini_card_svg(last["card"])}'
            f'<p>{esc(last["summary"])}</p></div></section>')


def _health(view: dict[str, Any]) -> str:
    body = (_buttons(view, "damage", "heal", "treated") + _buttons(view, "toughen_up", "exchange_fate", "award_fate"))
    tough = f'<p class="muted">Damage that Toughen Up may still ignore: {view["toughen"]}</p>' if view["toughen"] else ""
    return f'<section class="dofa-panel"><h2>Health and Fate</h2>{tough}<div class="dofa-grid">{body}</div></section>'


def _table_flow(view: dict[str, Any]) -> str:
    body = _buttons(view, "draw_tc", "start_combat", "end_turn", "end_combat", "quick_rest", "full_rest")
    rests = f'<p class="muted">Quick Rests taken since the last Full Rest: {view["quick_rests"]} of 2</p>'
    return f'<section class="dofa-panel"><h2>Combat and rests</h2>{rests}<div class="dofa-grid">{body}</div></section>'


def _powers(view: dict[str, Any]) -> str:
    body = _buttons(view, "power", "discard_power")
    if not body:
        return ""
    return (f'<section class="dofa-panel"><h2>Powers</h2><p class="muted">PP are spent even on a miss; '
            f'doubled at Fatigue 4.</p><div class="dofa-grid">{body}</div></section>')


def _conditions(view: dict[str, Any]) -> str:
    saves = _buttons(view, "condition_save", cls="btn primary")
    toggles = _buttons(view, "condition")
    if not toggles:
        return ""
    prompt = f'<h3>Saves your conditions call for</h3><div class="dofa-grid">{saves}</div>' if saves else ""
    return (f'<details class="dofa-panel"><summary><h2>Status conditions</h2></summary>{prompt}'
            f'<div class="dofa-grid">{toggles}</div></details>')


def _environment(view: dict[str, Any]) -> str:
    body = _buttons(view, "light", "fall")
    if not body:
        return ""
    light = {"bright": "in the light", "partial": "partial darkness (Lower Hand on Detection and "
             "Investigation)", "full": "full darkness (Lower Hand 3 on Detection and Investigation)"}[view["light"]]
    p = view["points"]
    return (f'<details class="dofa-panel"><summary><h2>Light, falling, breath</h2></summary>'
            f'<p>Now: {esc(light)}. You can hold your breath {p["breath"]} minute(s) '
            f'(1 + 2 x Vitality), 1 less per damage taken without air; then Suffocating.</p>'
            f'<div class="dofa-grid">{body}</div></details>')


def _rest(view: dict[str, Any]) -> str:
    body = _buttons(view, "rest_draw", "rest_end", cls="btn primary") + _buttons(view, "toughen_up", "exchange_fate")
    return (f'<section class="dofa-panel"><h2>Quick Rest</h2><p>Rest Cards left: <b>{view["rest_cards"]}</b>. '
            f'Each is a DR 3 draw against your own Target Card without modifier: a miss recovers 1, '
            f'a success 2 (HP or PP). Ending the rest puts 10 + 2 x Vitality cards of the discard '
            f'pile back into the deck.</p>{_last(view)}<div class="dofa-grid">{body}</div></section>')


def _over(view: dict[str, Any]) -> str:
    text = "Dead: two Epic Event checks failed." if view["dead"] else "The session is over."
    return f'<p class="banner">{esc(text)}</p>'


def _sheet(view: dict[str, Any]) -> str:
    s = view["sheet"]
    rows = []
    for attr in sh.ATTRIBUTES:
        skills = ", ".join(f'{k} {s["skills"][k]:+d}' for k, a in sh.SKILL_OF.items() if a == attr)
        rows.append(f'<tr><th scope="row">{esc(sh.NAMES[attr])} {s["attrs"][attr]:+d}</th>'
                    f'<td>{esc(skills)}</td></tr>')
    powers = ", ".join(sh.powers()[p]["name"] + (f' ({"/".join(map(str, sh.powers()[p]["pp"]))} PP)' if sh.powers()[p]["pp"] else "")
                       for p in s["powers"])
    vul = ", ".join(s["vulnerabilities"]) or "none"
    slips = "".join(f"<li>{esc(x)}</li>" for x in s["slips"])
    slip_html = f'<h3>Slips in the premade sheet</h3><ul>{slips}</ul>' if slips else ""
    return (f'<details class="dofa-panel sheet"><summary><h2>Character sheet</h2></summary>'
            f'<table class="dofa-stats"><caption>Modifiers</caption>{"".join(rows)}</table>'
            f'<p><b>Primary skill</b> {esc(s["primary"])} · <b>Powers</b> {esc(powers)}</p>'
            f'<p><b>Vulnerabilities</b> {esc(vul)}</p>{slip_html}</details>')


def _log(view: dict[str, Any]) -> str:
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(view["log"]))
    return f'<h2>Log</h2><ul class="log">{items}</ul>'


# -- setup ----------------------------------------------------------------------------------------
def setup(app: "App") -> str:
    opts = "".join(f'<option value="{esc(pid)}"{" selected" if pid == "Spades1" else ""}>'
                   f'{esc(sh.premade_name(pid))}</option>' for pid in sorted(sh.premades(), key=_order))
    return (f'<section class="setup"><h1>Deck of Adventures</h1>'
            f'<p class="muted">Your Action Deck and character sheet for a game with a GM: the GM '
            f'shows a Target Card and names the check, you tap it in and draw here.</p>'
            f'<form class="form" data-form>'
            f'<label>Premade character <select name="character">{opts}</select></label>'
            f'<label>Name (optional)<input name="name" maxlength="40" autocomplete="off"></label>'
            f'{button("Begin", "new", {"system": "dofa"}, cls="btn primary", fill="character,name", submit=True)}'
            f'</form></section>')


def _order(pid: str) -> tuple[str, int]:
    return (pid.rstrip("0123456789"), int(pid[-1]))


def options_from_form(fields: dict[str, Any], app: "App") -> dict[str, Any]:
    pid = str(fields.get("character") or "Spades1")
    if pid not in sh.premades():
        raise ValueError("Premade character: choose one from the list")
    name = str(fields.get("name") or "").strip()
    if len(name) > 40:
        raise ValueError("Name: at most 40 characters")
    return {"character": pid, "name": name}


register_table(Table(
    system="dofa", title="Deck of Adventures",
    blurb="The player's Action Deck and sheet: tap in the GM's check, draw, and see the exact odds.",
    render=render, setup=setup, options_from_form=options_from_form))
