"""The Deck of Adventures sheet's working area (issue 24): the check the GM calls, entered
by taps in a compact form whose Draw stays in reach, the draw itself, and the result drawn
as cards beside it.

The form is short on purpose: each part (Target Card, attribute or skill, DR, Upper/Lower
Hand) folds into one line naming its choice once it is chosen, and the part still to
answer is the one open, so the question of the moment stands near the top. The summary,
the chance of success and Draw sit in a bar that sticks to the bottom of the screen while
the form is in view. Keys never move: every rank, suit, stat and DR keeps its place, the
chosen one shown pressed (the check's kind too, drawn pressed and inert: it is no action).
"""

from __future__ import annotations

from typing import Any

import re

from ...core.cards import Card, Rank
from ...systems.dofa import sheet as sh
from ...systems.dofa.checks import contest_dr, rank_at
from ..cards import card_svg, mini_card
from ..html import esc
from ..learn_ui import term
from . import parts as dp

KIND_LABEL = {"check": "Check", "attack": "Attack", "contest": "Contested (I defend)", "save": "Save"}
# each degree (DEGREES' order): the book's full name, its glossary term, and what it means in
# plain words (PG, Degrees of Success), so a result names the rule and says why (issue 50)
DEGREE_NAME = ("Critical Success", "Major Success", "Suited Success", "Color Success", "Success",
               "Suited Miss", "Color Miss", "Miss")
DEGREE_TERM = ("critical", "major-success", "suited", "color", "dofa-success", "suited", "color", "miss")
DEGREE_PLAIN = ("is the Target Card itself, its value and its suit",
                "has the Target Card's own value",
                "is within your range and in the Target Card's suit",
                "is within your range and in the Target Card's colour",
                "is within your range",
                "is outside your range (in the Target Card's suit: that matters only to some powers)",
                "is outside your range (in the Target Card's colour: that matters only to some powers)",
                "is outside your range")
_EDR_IN = re.compile(r"at EDR (-?\d+)")


def degree_words(degree: int | None, success: bool | None, card: str | None = None,
                 tc: str | None = None, effective: int | None = None, whose: str = "your") -> str:
    """The result by the book in plain words, its degree's glossary term tappable:
    'Color Success: the 2 of Diamonds is within your range and in the Target Card's colour
    (2 to Q: 5 either side of the 7 of Hearts, EDR 5).'"""
    if degree is None:
        return ""
    name = term(DEGREE_TERM[degree], DEGREE_NAME[degree])
    if card is None or tc is None:
        return f'<b>{name}</b>: the drawn card {esc(DEGREE_PLAIN[degree])}.'
    c, t = Card.parse(card), Card.parse(tc)
    plain = DEGREE_PLAIN[degree]
    if not success and c.rank is not None and c.rank == t.rank:
        plain = ("has the Target Card's value, but below EDR 0 it must also match its colour "
                 "(EDR -1) or its suit (EDR -2)")
    where = ""
    if effective is not None and t.rank is not None:
        if effective >= 6:
            where = " (at EDR 6 or more every card succeeds)"
        elif effective < 0:
            where = f" (at {term('effective-dr', 'EDR')} {effective} only the Target Card's value can succeed)"
        else:
            lo, hi = rank_at(t.rank.value, -effective), rank_at(t.rank.value, effective)
            where = (f' ({esc(Rank(lo).code)} to {esc(Rank(hi).code)}: {effective} either side '
                     f'of the {esc(t.name)}, {term("effective-dr", "EDR")} {effective})')
    if whose != "your":
        plain = plain.replace("your range", f"{whose} range")
    return f'<b>{name}</b>: the {esc(c.name)} {esc(plain)}{where}.'


def edr_of(last: dict[str, Any]) -> int | None:
    """The EDR a settled check was drawn at (its log summary names it)."""
    m = _EDR_IN.search(str(last.get("summary") or ""))
    return int(m.group(1)) if m else None


# -- the form ----------------------------------------------------------------------------------
def form(view: dict[str, Any]) -> str:
    d = view["draft"]
    parts = [_kinds(view)]
    comp = view.get("companion")
    if comp:
        who = comp["id"] if d.get("who") == "companion" else "I"
        parts.append(f'<p class="dofa-line">Acting: <b>{esc(who)}</b> (a companion draws from your deck) '
                     f'{dp.buttons(view, "who")}</p>')
    if d["kind"] == "save":
        tc = view["tc"]
        parts.append(f'<p class="dofa-line">A {term("save", "save")} draws against your own '
                     f'{term("target-card", "TC")}: <b>{esc(_name(tc)) if tc else "draw it first (Combat and rests, below)"}</b>.</p>')
    else:
        parts.append(_tc_keys(view))
    parts.append(_fold("stat", "Attribute or skill" if d["kind"] != "save" else "Attribute",
                       _stat_value(d), open_=d["stat"] is None,
                       body=_stat_keys(view)))
    if d["kind"] == "contest":
        value = None if d["attacker"] is None else f'{d["attacker"]:+d} (DR {d["dr_value"]})'
        parts.append(_fold("attacker", "Attacker's modifier", value,
                           open_=d["attacker"] is None and d["stat"] is not None,
                           body=f'<p class="dofa-hint">The attacker sets the DR: 3 minus half their modifier '
                                f'({term("contested-check", "contested check")}).</p>'
                                + dp.grid(dp.buttons(view, "attacker", selected=d["attacker"], key="mod"), "tight")))
    else:
        hidden = d.get("hidden")
        value = "hidden" if hidden else (None if d["dr"] is None else str(d["dr"]))
        sel = "none" if d["dr"] is None and not hidden else d["dr"]
        parts.append(_fold("dr", "Difficulty Range", value,
                           open_=value is None and d["stat"] is not None,
                           body=f'<p class="dofa-hint">The {term("difficulty-range", "DR")}: how far from the TC\'s '
                                f'value still succeeds. {term("hidden-dr", "Hidden")} if the GM keeps it secret.</p>'
                                + dp.grid(dp.buttons(view, "dr", selected=sel, key="dr"), "tight")))
    hand = d["hand"]
    parts.append(_fold("hand", "Upper / Lower Hand", _hand_value(hand), open_=False,
                       body=f'<p class="dofa-hint">The GM\'s {term("upper-hand")} or {term("lower-hand")}: '
                            f'extra cards, keep the best or the worst.</p>'
                            + dp.grid(dp.buttons(view, "hand", selected=hand, key="hand"), "hands")))
    facts = dp.buttons(view, "sense", "against", "with_power", "unseen")
    if facts:
        parts.append(_fold("facts", "What the GM says", "for conditions", open_=False, body=dp.grid(facts)))
    if d.get("odds") and "degrees" in d["odds"]:
        parts.append(_fold("odds", "Odds of each result", None, open_=False, body=_odds_table(d["odds"])))
    return (f'<div class="dofa-check" data-kind="{esc(d["kind"])}">{"".join(parts)}</div>' + go_bar(view))


def _kinds(view: dict[str, Any]) -> str:
    """Check, Attack, Contested, Save: four keys always in place, the current one pressed."""
    d = view["draft"]
    legal = {e["action"]["kind"]: e for e in dp.acts(view, "kind")}
    keys = []
    for kind, label in KIND_LABEL.items():
        if kind in legal:
            keys.append(dp.play_button(label, legal[kind]["action"], "btn"))
        else:
            keys.append(f'<button type="button" class="btn on" aria-pressed="true" disabled>{esc(label)}</button>')
    return f'<div class="dofa-kinds" role="group" aria-label="Kind of check">{"".join(keys)}</div>'


def _tc_keys(view: dict[str, Any]) -> str:
    d = view["draft"]
    tc = d["tc"]
    shown = (f'<span class="dofa-tcnow">{mini_card(tc)}<b>{esc(_name(tc))}</b></span>' if tc else
             '<span class="muted">tap its value and suit</span>')
    return (f'<div class="dofa-tckeys"><p class="dofa-line">{term("target-card")}: {shown}</p>'
            f'<div class="dofa-ranks">{dp.buttons(view, "tc_rank", selected=d["rank"], key="rank")}</div>'
            f'<div class="dofa-suits">{dp.buttons(view, "tc_suit", selected=d["suit"], key="suit")}</div></div>')


def _stat_keys(view: dict[str, Any]) -> str:
    """Each attribute with its skills on one row (the book's list): 16 keys in 6 rows."""
    d = view["draft"]
    by_stat = {e["action"]["stat"]: e for e in dp.acts(view, "stat")}
    rows = []
    for attr in sh.ATTRIBUTES:
        keys = [attr] + [k for k, a in sh.SKILL_OF.items() if a == attr]
        cells = "".join(dp.play_button(by_stat[k]["label"], by_stat[k]["action"],
                                       "btn on" if d["stat"] == k else "btn", pressed=d["stat"] == k)
                        for k in keys if k in by_stat)
        if cells:
            rows.append(f'<div class="dofa-statrow">{cells}</div>')
    hint = (f'<p class="dofa-hint">Your {term("modifier", "modifier")} is added to the DR. '
            f'An {term("attribute")} on the left, its {term("skill", "skills")} beside it.</p>')
    return hint + "".join(rows)


def _fold(key: str, label: str, value: str | None, *, open_: bool, body: str) -> str:
    """One part of the form: a line naming its choice, opened to change it."""
    shown = f'<b>{esc(value)}</b>' if value else '<span class="muted">choose</span>'
    return (f'<details class="dofa-fold" data-part="{esc(key)}"{" open" if open_ else ""}>'
            f'<summary>{esc(label)}: {shown}</summary>{body}</details>')


def _stat_value(d: dict[str, Any]) -> str | None:
    if not d["stat"]:
        return None
    return f'{sh.NAMES.get(d["stat"], d["stat"])} {d["modifier"]:+d}'


def _hand_value(h: int) -> str:
    return "none" if h == 0 else (f"Upper Hand {h}" if h > 0 else f"Lower Hand {-h}")


def _name(code: str | None) -> str:
    return Card.parse(code).name if code else ""


# -- the bar that stays in reach ---------------------------------------------------------------
def go_bar(view: dict[str, Any]) -> str:
    """The check in one line, its chance of success, and Draw (disabled with the reason
    while something is missing)."""
    d = view["draft"]
    bits = []
    if d["tc"]:
        bits.append(esc(f'TC {_short(d["tc"])}'))
    if d["stat"]:
        bits.append(esc(f'{sh.NAMES.get(d["stat"], d["stat"])} {d["modifier"]:+d}'))
    if d["kind"] != "contest" and d.get("hidden"):
        bits.append("DR hidden")
    elif d["dr_value"] is not None:
        bits.append(esc(f'DR {d["dr_value"]}'))
    if d["effective"] is not None:
        # the range in words first, the book's term after it (issue 50: "EDR 4 (3 to J)")
        edr = f'{term("effective-dr", "EDR")} {esc(d["effective"])}'
        bits.append(f'your range {esc(d["range"])} ({edr})' if d.get("range") else edr)
    if d["net_hand"]:
        h = d["net_hand"]
        bits.append(f"Upper Hand {h}" if h > 0 else f"Lower Hand {-h}")
    line = f'<p class="dofa-sum">{" · ".join(bits)}</p>' if bits else ""
    notes = []
    if d.get("auto_hand"):
        notes.append("incl. " + "; ".join(f'{why}: {"Upper" if n > 0 else "Lower"} Hand {abs(n)}'
                                          for why, n in d.get("hand_parts") or []))
    if d.get("forbidden"):
        notes.append(d["forbidden"])
    if d["effective"] is not None and not d["attemptable"]:
        notes.append("EDR below -2: this check cannot be attempted.")
    if d["kind"] != "contest" and d.get("hidden"):
        notes.append("DR hidden: you will report the card moved by your modifier.")
    if d["kind"] in ("check", "attack") and d["stat"] and view["tc"]:
        # PG, Contested Checks: as the attacker, targets draw against my TC
        notes.append(f'If this is your contested check, the targets draw against your TC '
                     f'({_name(view["tc"])}) at DR {contest_dr(d["modifier"])}.')
    chance = _chance(d.get("odds"))
    draw = [e for e in dp.acts(view, "draw")]
    if draw:
        btn = dp.play_button("Draw", draw[0]["action"], "btn primary dofa-draw-btn")
    else:
        btn = '<button type="button" class="btn primary dofa-draw-btn" disabled>Draw</button>'
        notes.insert(0, _missing(view))
    note = "".join(f'<p class="dofa-note">{esc(n)}</p>' for n in notes if n)
    return (f'<div class="dofa-go" role="group" aria-label="The check and Draw">'
            f'<div class="dofa-go-text">{line}{chance}{note}</div>{btn}</div>')


def _missing(view: dict[str, Any]) -> str:
    d = view["draft"]
    if d["kind"] != "save" and not d["rank"]:
        return "Tap the Target Card's value."
    if d["kind"] != "save" and not d["suit"]:
        return "Tap the Target Card's suit."
    if d["kind"] == "save" and not view["tc"]:
        return "A save needs your own Target Card: draw it first."
    if not d["stat"]:
        return "Choose the attribute or skill."
    if d["kind"] == "contest" and d["attacker"] is None:
        return "Choose the attacker's modifier."
    if d["kind"] != "contest" and d["dr"] is None and not d.get("hidden"):
        return "Choose the DR."
    return "Not enough cards left to draw." if d.get("odds", {}).get("note") else ""


def _chance(o: dict[str, Any] | None) -> str:
    if not o:
        return ""
    if "note" in o:
        return f'<p class="dofa-note">{esc(o["note"])}</p>'
    extra = [esc(o["intensify"])] if o.get("intensify") else []
    if "with_redraw" in o:
        extra.append("with a Fate redraw on a miss: <b>"
                     + esc(o["with_redraw"] if o["with_redraw"] else "not computed (a reshuffle comes between)") + "</b>")
    if o.get("chart"):
        chart = term("gmg-chart", "the GM’s Guide chart")
        extra.append(f'{chart} says {esc(o["chart"])} (its {esc(o["chart_row"])}, a fresh deck)'
                     if o.get("chart_row") else
                     f'{chart} prints no figure for this draw; counted its way (each card from a full 52): '
                     f'{esc(o["chart"])}')
    more = f' <span class="muted">{" · ".join(extra)}</span>' if extra else ""
    return f'<p class="dofa-chance">Chance of success: <b>{esc(o["success"])}</b>{more}</p>'


def _odds_table(o: dict[str, Any]) -> str:
    rows = "".join(f'<tr><th scope="row">{esc(n)}</th><td>{esc(p)}</td></tr>' for n, p in o["degrees"])
    return (f'<div class="dofa-odds"><table><caption>Exact odds from the cards left in your deck</caption>'
            f'{rows}</table></div>')


def _short(code: str) -> str:
    c = Card.parse(code)
    if c.is_joker or c.rank is None or c.suit is None:
        return c.name
    return f"{c.rank.code}{ {'S': chr(0x2660), 'H': chr(0x2665), 'D': chr(0x2666), 'C': chr(0x2663)}[c.suit.value]}"


# -- the draw and its result -------------------------------------------------------------------
def drawing(view: dict[str, Any]) -> str:
    """The draw in progress: the TC and every card drawn, as cards, the one that counts
    marked, the grade; then Draw another / Keep / Accept / Redraw with a Fate Card."""
    dr = view["draw"]
    res = dr["result"]
    if dr["to_go"] and dr.get("intensify"):
        what = "Intensify: no Major yet. Draw another (this card is discarded) or stop here."
    elif dr["to_go"]:
        what = f'{dr["to_go"]} more card(s) may be drawn ({term("upper-hand")}).'
    elif res["degree"] is None:
        what = f'Report to the GM: {esc(res["report"])}'
    else:
        what = degree_words(res["degree"], res["success"], res.get("card"), res.get("tc"), dr.get("effective"))
    buttons = (dp.buttons(view, "draw_more", "stop", "accept", cls="btn primary")
               + dp.buttons(view, "fate_redraw"))
    return (f'<h2>The draw</h2>{cards_row(dr["tc"], dr["cards"], dr["kept"])}'
            f'<p class="dofa-result">{what}</p>'
            f'<div class="dofa-row">{buttons}</div>')


def cards_row(tc: str, cards: list[str], kept: str | None) -> str:
    items = "".join(
        f'<li class="{"kept" if c == kept else ""}">{card_svg(c)}'
        f'{"<span class=cap>counts</span>" if c == kept and len(cards) > 1 else ""}</li>'
        for c in cards)
    return (f'<div class="dofa-draw"><div class="dofa-tc"><span class="cap">TC</span>{card_svg(tc)}</div>'
            f'<ul class="dofa-cards" aria-label="Cards drawn">{items}</ul></div>')


def result(last: dict[str, Any]) -> str:
    """The check just settled, beside the prompt: TC and cards drawn as cards, the grade."""
    if last.get("degree") is None and last.get("report"):
        grade = f'Report to the GM: {esc(last["report"])}'
    else:
        grade = degree_words(last.get("degree"), last.get("success"), last.get("card"), last.get("tc"),
                             edr_of(last))
    return (f'<div class="dofa-outcome">{cards_row(last["tc"], last.get("cards") or [last["card"]], last["card"])}'
            f'<p class="dofa-result">{grade}</p></div>')
