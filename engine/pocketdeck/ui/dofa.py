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
from .html import button, esc, log_list
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
    """What html.button draws for a play action, written out: a screen here has over a
    hundred of them, so each button's HTML is remembered (actions are flat dicts of text,
    numbers, booleans and None; the cache is bounded)."""
    key = (label, cls, pressed, tuple(sorted(action.items())))
    html = _BUTTONS.get(key)
    if html is None:
        arg = esc(json.dumps(action, sort_keys=True))
        extra = ' aria-pressed="true"' if pressed else ""
        html = (f'<button type="button" class="{cls}" data-action="play" data-arg="{arg}"{extra}>'
                f'{esc(label)}</button>')
        if len(_BUTTONS) > 4000:
            _BUTTONS.clear()
        _BUTTONS[key] = html
    return html


_BUTTONS: dict[tuple[Any, ...], str] = {}


def _card_name(code: str | None) -> str:
    return Card.parse(code).name if code else ""


# -- the table --------------------------------------------------------------------------------
def render(view: dict[str, Any], session: Session) -> str:
    parts = [_header(view)]
    if view["phase"] == "over":
        parts.append(_over(view))
    elif view["phase"] in ("build", "levelup"):
        parts.append(_builder(view))
    elif view["draw"] is not None:
        parts.append(_drawing(view))
    elif view["gain"] is not None:
        parts.append(f'<section class="dofa-panel"><h2>Rest Card</h2>{_last(view)}'
                     f'<p>Choose what it recovers:</p><div class="dofa-grid">'
                     f'{_buttons(view, "rest_gain")}</div></section>')
    elif view["phase"] == "rest":
        parts.append(_rest(view))
    else:
        parts.append(_due(view))
        parts.append(_check_panel(view))
        parts.append(_last(view, heading=True))
        parts.append(_health(view))
        parts.append(_table_flow(view))
        parts.append(_powers(view))
        if _acts(view, "level_up"):
            parts.append(f'<div class="dofa-end">{_buttons(view, "level_up")}</div>')
        parts.append(_conditions(view))
        parts.append(_gear(view))
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
    flag_html += "".join(f'<br><span class="muted">{esc(p)}</span>' for p in view.get("prompts", []))
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
    title = {"check": "Check", "attack": "Attack (DR = the target's AR)", "contest": "Contested check (I defend)",
             "save": "Save"}[d["kind"]]
    rows = [f'<div class="dofa-row">{kinds}</div>']
    comp = view.get("companion")
    if comp:
        who = comp["id"] if d.get("who") == "companion" else "I"
        rows.append(f'<p>Acting: <b>{esc(who)}</b> (a companion draws from your deck)</p>'
                    f'<div class="dofa-row">{_buttons(view, "who")}</div>')
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
        rows.append('<h3>Difficulty Range</h3><div class="dofa-grid tight">'
                    + _buttons(view, "dr", selected=sel if (d["dr"] is not None or d.get("hidden")) else "none", key="dr")
                    + "</div>")
    rows.append('<h3>Upper / Lower Hand (the GM\'s)</h3><div class="dofa-grid">'
                + _buttons(view, "hand", selected=d["hand"], key="hand") + "</div>")
    facts = _buttons(view, "sense", "against", "with_power", "unseen")
    if facts:
        rows.append('<h3>What the GM says about this check</h3><div class="dofa-grid">' + facts + "</div>")
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
    if d["kind"] in ("check", "attack") and d["stat"] and view["tc"]:
        # PG, Contested Checks: as the attacker, targets draw against my TC
        from ..systems.dofa.checks import contest_dr
        out += (f'<p class="muted">If this is your contested check, the targets draw against your '
                f'TC ({esc(_card_name(view["tc"]))}) at DR {contest_dr(d["modifier"])}.</p>')
    if d.get("hand_parts"):
        out += ('<ul class="dofa-parts">' + "".join(
            f'<li>{esc(why)}: {"Upper" if n > 0 else "Lower"} Hand {abs(n)}</li>' for why, n in d["hand_parts"])
            + "</ul>")
    if d.get("forbidden"):
        out += f'<p class="pending">{esc(d["forbidden"])}</p>'
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
    if dr["to_go"] and dr.get("intensify"):
        what = "Intensify: no Major yet. Draw another (this card is discarded) or stop here."
    elif dr["to_go"]:
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
    body = (_buttons(view, "damage", "heal", "treated") + _buttons(view, "toughen_up", "exchange_fate", "award_fate")
            + _buttons(view, "use_item", "item_end"))
    comp = view.get("companion")
    if comp:
        body += _buttons(view, "companion_damage", "companion_heal")
    tough = f'<p class="muted">Damage that Toughen Up may still ignore: {view["toughen"]}</p>' if view["toughen"] else ""
    if comp:
        tough += (f'<p>Companion {esc(comp["id"])}: HP {comp["hp"]}/{comp["hp_max"]} (half your level, '
                  f'rounded up; the bestiary lists {comp["listed_hp"]}), AP {comp["ap"]}, AR {comp["ar"]}'
                  f'{" - down" if comp["hp"] == 0 else ""}.</p>')
    return f'<section class="dofa-panel"><h2>Health and Fate</h2>{tough}<div class="dofa-grid">{body}</div></section>'


def _table_flow(view: dict[str, Any]) -> str:
    body = _buttons(view, "draw_tc", "redraw_tc", "start_combat", "end_turn", "end_combat", "quick_rest", "full_rest")
    rests = f'<p class="muted">Quick Rests taken since the last Full Rest: {view["quick_rests"]} of 2</p>'
    return f'<section class="dofa-panel"><h2>Combat and rests</h2>{rests}<div class="dofa-grid">{body}</div></section>'


def _powers(view: dict[str, Any]) -> str:
    """The powers held, each with its words under a <details> (what it does, ours) and its
    spend-PP buttons; then the Discard Power or Intensify buttons."""
    weapon = (f'<h3>Weapon: {view["weapon"]} damage (+1 on a Major)</h3>'
              f'<div class="dofa-grid">{_buttons(view, "weapon")}</div>')
    spend = _by(view, ("power",), "power")
    held = "".join(_held(pid, spend.get(pid, "")) for pid in view["sheet"]["powers"])
    discard = _buttons(view, "discard_power", "intensify")
    if not held and not discard:
        return f'<section class="dofa-panel"><h2>Weapon</h2>{weapon}</section>'
    body = weapon + f'<h3>Powers</h3><ul class="dofa-held">{held}</ul>'
    if discard:
        body += f'<div class="dofa-grid">{discard}</div>'
    return (f'<section class="dofa-panel"><h2>Weapon and powers</h2><p class="muted">PP are spent even on a miss; '
            f'doubled at Fatigue 4. What a power does in the story is the GM\'s call.</p>{body}</section>')


def _by(view: dict[str, Any], types: tuple[str, ...], field: str) -> dict[str, str]:
    """The buttons of these action types grouped by the power or vulnerability they name,
    in the engine's order."""
    out: dict[str, str] = {}
    for e in _acts(view, *types):
        a = e["action"]
        out[a[field]] = out.get(a[field], "") + _play_button(e["label"], a, "btn")
    return out


def _pp(pid: str) -> str:
    pp = sh.powers()[pid]["pp"]
    return f' ({"/".join(map(str, pp))} PP)' if pp else ""


def _held(pid: str, buttons: str) -> str:
    """One power held: its name (a summary, tap to read its words) and its spend buttons."""
    grid = f'<div class="dofa-grid">{buttons}</div>' if buttons else ""
    return (f'<li><details class="dofa-words"><summary>{esc(sh.power_title(pid) + _pp(pid))}: what it does</summary>'
            f'<p>{esc(sh.powers()[pid]["text"])}</p></details>{grid}</li>')


def _choices(buttons: dict[str, str], texts: dict[str, str]) -> str:
    """Builder choices: each power's or vulnerability's buttons with its words beside them."""
    rows = "".join(f'<li><div class="dofa-grid">{b}</div><p class="dofa-text">{esc(texts[k])}</p></li>'
                   for k, b in buttons.items())
    return f'<ul class="dofa-choices">{rows}</ul>'


def _conditions(view: dict[str, Any]) -> str:
    due = {d["name"] for d in view["due"]}
    saves = "".join(_play_button(e["label"], e["action"], "btn") for e in _acts(view, "condition_save")
                    if e["action"]["name"] not in due)
    toggles = _buttons(view, "condition", "poison_more")
    if not toggles:
        return ""
    prompt = f'<h3>Saves you may make (an action)</h3><div class="dofa-grid">{saves}</div>' if saves else ""
    got = view.get("received")
    rec = (f'<p>On me: {esc(got["power"])} {got["n"]}.</p>' if got else "")
    return (f'<details class="dofa-panel"><summary><h2>Status conditions</h2></summary>{prompt}'
            f'<div class="dofa-grid">{toggles}</div>'
            f'<h3>Discard Powers used on me (they do not stack)</h3>{rec}'
            f'<div class="dofa-grid">{_buttons(view, "received", "received_end")}</div></details>')


def _environment(view: dict[str, Any]) -> str:
    body = _buttons(view, "light", "fall", "breath")
    if not body:
        return ""
    light = {"bright": "in the light", "partial": "partial darkness (Lower Hand on Detection and "
             "Investigation)", "full": "full darkness (Lower Hand 3 on Detection and Investigation)"}[view["light"]]
    p = view["points"]
    return (f'<details class="dofa-panel"><summary><h2>Light, falling, breath</h2></summary>'
            f'<p>Now: {esc(light)}. You can hold your breath {p["breath"]} minute(s) '
            f'(1 + 2 x Vitality), 1 less per damage taken without air; then Suffocating.'
            + (f' Holding it now: {view["breath"]} minute(s) left.' if view.get("breath") is not None else "")
            + '</p>'
            f'<div class="dofa-grid">{body}</div></details>')


def _rest(view: dict[str, Any]) -> str:
    body = _buttons(view, "rest_draw", "rest_end", cls="btn primary") + _buttons(view, "toughen_up", "exchange_fate")
    return (f'<section class="dofa-panel"><h2>Quick Rest</h2><p>Rest Cards left: <b>{view["rest_cards"]}</b>. '
            f'Each is a DR 3 draw against your own Target Card without modifier: a miss recovers 1, '
            f'a success 2 (HP or PP). Ending the rest puts 10 + 2 x Vitality cards of the discard '
            f'pile back into the deck.</p>{_last(view)}<div class="dofa-grid">{body}</div></section>')


def _builder(view: dict[str, Any]) -> str:
    """Character creation and level-up: XP left, Role, modifiers, powers, vulnerabilities."""
    s = view["sheet"]
    creating = view["phase"] == "build"
    title = "Build your character" if creating else f"Level {s['level']}: spend your XP"
    head = (f'<p class="dofa-summary">XP left: {s["xp_left"]} · level {s["level"]} · modifiers '
            f'{-2 if creating else "up"} to +{sh.cap(s["level"])} · HP {s["hp_max"]} · AR {s["ar"]} · '
            f'PP {s["pp_max"]}</p>')
    if s["role"] is None:
        return (f'<section class="dofa-panel"><h2>{esc(title)}</h2>{head}<h3>Choose a Role</h3>'
                f'<div class="dofa-grid">{_buttons(view, "role")}</div></section>')
    rows = []
    for stat in sh.ATTRIBUTES + sh.SKILLS:
        here = [e for e in view["actions"] if e["action"].get("stat") == stat
                and e["action"]["type"] in ("raise", "lower")]
        btns = "".join(_play_button(e["label"], e["action"], "btn") for e in here)
        name = sh.NAMES.get(stat, stat)
        value = s["attrs"][stat] if stat in s["attrs"] else s["skills"][stat]
        cls = "attr" if stat in s["attrs"] else "skill"
        rows.append(f'<div class="dofa-stat {cls}"><span>{esc(name)} <b>{value:+d}</b></span>{btns}</div>')
    learn = _choices(_by(view, ("learn", "unlearn"), "power"), _power_texts())
    gear_html = (f'<h3>Armor and shield</h3><p>{esc(_gear_line(view))}</p>'
                 f'<div class="dofa-grid">{_buttons(view, "armor", "shield")}</div>')
    respec = _buttons(view, "respec", "role")
    if respec:
        respec = (f'<h3>Re-specialise</h3><p class="muted">With the GM\'s leave: give powers back for '
                  f'their XP, lower modifiers back to 0, choose a new Role (powers that need the old '
                  f'Role are given back).</p><div class="dofa-grid">{respec}</div>')
    vul = _choices(_by(view, ("vulnerability", "drop_vulnerability"), "id"), _vulnerability_texts())
    owned = ", ".join(sh.power_title(p) for p in s["powers"]) or "none yet"
    finish = _buttons(view, "finish", cls="btn primary big")
    role = f'<p>Role: <b>{esc(s["role"])}</b>, primary skill {esc(s["primary"])}. Powers: {esc(owned)}.</p>'
    vul_html = (f'<details><summary><h3>Vulnerabilities (at most 4, for up to 4 XP)</h3></summary>'
                f'{vul}</details>') if creating else ""
    return (f'<section class="dofa-panel"><h2>{esc(title)}</h2>{head}{role}'
            f'<h3>Attributes and skills</h3><div class="dofa-stats-edit">{"".join(rows)}</div>'
            f'<details><summary><h3>Powers you can take</h3></summary>{learn}</details>'
            f'{vul_html}{gear_html}{respec}{finish}</section>')


def _power_texts() -> dict[str, str]:
    return {pid: p["text"] for pid, p in sh.powers().items()}


def _vulnerability_texts() -> dict[str, str]:
    return {vid: v["text"] for vid, v in sh.vulnerabilities().items()}


def _gear_line(view: dict[str, Any]) -> str:
    g, s = view["gear"], view["sheet"]
    worn = f'{g["armor"]} armor' if g["armor"] else f'no armor (AR from Agility: {g["ar_agility"]})'
    line = f'{worn}{", a shield" if g["shield"] else ""}: AR {s["ar"]}, AP {s["ap_max"]}.'
    if g["unmet"]:
        line += f' Prerequisite not met ({", ".join(g["unmet"])}): speed halved.'
    return line


def _gear(view: dict[str, Any]) -> str:
    body = _buttons(view, "armor", "shield")
    if not body:
        return ""
    return (f'<details class="dofa-panel"><summary><h2>Armor and shield</h2></summary>'
            f'<p>{esc(_gear_line(view))} Worn armor replaces the Agility AR; changed outside combat.</p>'
            f'<div class="dofa-grid">{body}</div></details>')


def _due(view: dict[str, Any]) -> str:
    """The saves the rules call for now (start or end of turn, on damage)."""
    due = {d["name"] for d in view["due"]}
    btns = "".join(_play_button(e["label"], e["action"], "btn primary") for e in _acts(view, "condition_save")
                   if e["action"]["name"] in due)
    waiting = ", ".join(f'{d["name"]} ({d["when"]})' for d in view["due"])
    if not waiting or view["ko"]:
        return ""
    hint = "" if btns else " Draw your Target Card first: a save draws against it."
    return (f'<section class="dofa-panel due" aria-label="Saves due now"><h2>Saves due now</h2>'
            f'<p>{esc(waiting)}.{esc(hint)}</p><div class="dofa-grid">{btns}</div></section>')


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
    vtexts = _vulnerability_texts()
    powers = "".join(f'<li><b>{esc(sh.power_title(p) + _pp(p))}</b>: {esc(sh.powers()[p]["text"])}</li>'
                     for p in s["powers"]) or "<li>none</li>"
    vul = "".join(f'<li><b>{esc(v)}</b>' + (f': {esc(vtexts[v])}' if v in vtexts else "") + '</li>'
                  for v in s["vulnerabilities"]) or "<li>none</li>"
    slips = "".join(f"<li>{esc(x)}</li>" for x in s["slips"])
    slip_html = f'<h3>Slips in the premade sheet</h3><ul>{slips}</ul>' if slips else ""
    # the library keeps the sheet apart from this game (ui/dofa_library.py)
    keep = button("Keep this sheet in the library", "lib-sheet", "", cls="btn") if view["phase"] == "play" else ""
    return (f'<details class="dofa-panel sheet"><summary><h2>Character sheet</h2></summary>'
            f'<table class="dofa-stats"><caption>Modifiers</caption>{"".join(rows)}</table>'
            f'<p><b>Primary skill</b> {esc(s["primary"])}</p>'
            f'<h3>Powers</h3><ul class="dofa-list">{powers}</ul>'
            f'<h3>Vulnerabilities</h3><ul class="dofa-list">{vul}</ul>{slip_html}{keep}</details>')


def _log(view: dict[str, Any]) -> str:
    return log_list(view["log"])


# -- setup ----------------------------------------------------------------------------------------
def setup(app: "App") -> str:
    comps = '<option value="">None</option>' + "".join(
        f'<option value="{esc(c)}">{esc(c)}</option>' for c in sh.companions())
    opts = '<option value="custom">Build my own (9 XP)</option>' + "".join(f'<option value="{esc(pid)}"{" selected" if pid == "Spades1" else ""}>'
                   f'{esc(sh.premade_name(pid))}</option>' for pid in sorted(sh.premades(), key=_order))
    return (f'<section class="setup"><h1>Deck of Adventures</h1>'
            f'<p class="muted">Your Action Deck and character sheet for a game with a GM: the GM '
            f'shows a Target Card and names the check, you tap it in and draw here.</p>'
            f'{_kept_sheets(app)}<form class="form" data-form>'
            f'<label>Character <select name="character">{opts}</select></label>'
            f'<label>Name (optional)<input name="name" maxlength="40" autocomplete="off"></label>'
            f'<label>Companion <select name="companion">{comps}</select></label>'
            f'{button("Begin", "new", {"system": "dofa"}, cls="btn primary", fill="character,name,companion", submit=True)}'
            f'</form></section>')


def _kept_sheets(app: "App") -> str:
    """The sheets kept in the library (ui/dofa_library.py): each starts a table on itself."""
    kept = sorted((str(r.get("name")), k, r) for k, r in app.library.items() if k.startswith("item:sheet:dofa:"))
    if not kept:
        return ""
    rows = "".join(button(f"Play {name} ({r.get('role')}, level {r.get('level')})", "lib-open", key, cls="btn")
                   for name, key, r in kept)
    return f'<h2>Your kept sheets</h2><div class="choices">{rows}</div><h2>Or a new character</h2>'


def _order(pid: str) -> tuple[str, int]:
    return (pid.rstrip("0123456789"), int(pid[-1]))


def options_from_form(fields: dict[str, Any], app: "App") -> dict[str, Any]:
    pid = str(fields.get("character") or "Spades1")
    if pid not in sh.premades() and pid != "custom":
        raise ValueError("Premade character: choose one from the list")
    name = str(fields.get("name") or "").strip()
    if len(name) > 40:
        raise ValueError("Name: at most 40 characters")
    comp = str(fields.get("companion") or "")
    if comp and comp not in sh.companions():
        raise ValueError("Companion: choose one from the list")
    return {"character": pid, "name": name, "companion": comp}


register_table(Table(
    system="dofa", title="Deck of Adventures",
    blurb="The player's Action Deck and sheet: tap in the GM's check, draw, and see the exact odds.",
    render=render, setup=setup, options_from_form=options_from_form))
