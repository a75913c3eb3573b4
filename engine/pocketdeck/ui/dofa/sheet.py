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

from ...core.cards import Card, standard_deck
from ...core.saves import Session
from ...systems.dofa import sheet as sh
from . import check as chk
from ..cards import mini_back, mini_card
from .parts import acts as _acts, buttons as _buttons, play_button as _play_button
from .setup import options_from_form, setup
from ..flow import prompt
from ..html import button, esc, log_list
from ..learn_ui import term
from ..tables import Table, register_table

if TYPE_CHECKING:
    from ..shell import App


# -- the table --------------------------------------------------------------------------------
def render(view: dict[str, Any], session: Session) -> str:
    """The header, then the prompt (what to do now: the check form, the draw, a rest, the
    builder), then the rest of the sheet below it."""
    parts = [_header(view)]
    phase = view["phase"]
    if phase == "over":
        parts.append(prompt(_over(view, session), label="The session is over", cls="dofa-panel"))
    elif phase in ("build", "levelup"):
        parts.append(prompt(_builder(view), label="Build your character", cls="dofa-panel dofa-build"))
    elif view["draw"] is not None:
        parts.append(prompt(chk.drawing(view), label="The draw: accept it, or redraw with a Fate Card",
                            cls="dofa-panel dofa-drawing"))
    elif view["gain"] is not None:
        parts.append(prompt(f'<h2>{term("rest-card")}</h2>{_last(view)}'
                            f'<p>Choose what it recovers:</p><div class="dofa-grid">'
                            f'{_buttons(view, "rest_gain")}</div>', label="Choose what the Rest Card recovers",
                            cls="dofa-panel"))
    elif phase == "rest":
        parts.append(prompt(_rest(view), label="Quick Rest: draw a Rest Card or end the rest", cls="dofa-panel"))
    else:
        just = _just_drawn(view, session)
        parts.append(prompt(_due(view) + just + _practice(view, session) + _check_panel(view),
                            label="Saves due now" if view["due"] and not view["ko"] else
                            "Enter the GM's check, then Draw", cls="dofa-panel dofa-work"))
        if not just:
            parts.append(_last(view, heading=True))
        parts.append(_health(view))
        parts.append(_table_flow(view))
        parts.append(_powers(view))
        if _acts(view, "level_up"):
            parts.append(f'<div class="dofa-end">{_buttons(view, "level_up")}</div>')
        parts.append(_conditions(view))
        parts.append(_gear(view))
        parts.append(_environment(view))
        end = _buttons(view, "end_session", cls="btn ghost")
        if end:  # final, so folded away: no stray tap ends the game
            parts.append(f'<details class="dofa-more dofa-end"><summary>End the session…</summary>'
                         f'<p class="muted">Ends this game for good; the sheet can be kept in the Library first.</p>{end}</details>')
    parts.append(_sheet(view))
    parts.append(_log(view))
    return (f'<section class="table dofa" data-system="dofa" data-phase="{esc(view["phase"])}">'
            + "".join(parts) + "</section>")


# checks a GM might call (ours), with the GM's Guide's words for how hard (Difficulty Chart)
PRACTICE = (("Sneak past the sleeping guard", "Stealth", 3),
            ("Climb the crumbling wall", "Athletics", 2),
            ("Spot the trap in the corridor", "Detection", 3),
            ("Talk your way past the gate-keeper", "Bluffing", 2),
            ("Remember what the old map shows", "Knowledge", 4),
            ("Force the stuck door", "Brute", 3))
HOW_HARD = {1: "extremely hard", 2: "hard", 3: "moderate", 4: "easy", 5: "very easy"}


def practice_check(view: dict[str, Any], session: Session) -> tuple[str, str, int, str]:
    """The practice check offered now: (what, skill, DR, the GM's Target Card). Chosen from
    the game's seed and the cards drawn so far, so it stays while it is tapped in and a new
    one follows each check (the GM's card comes from the GM's own deck, not yours)."""
    piles = view["piles"]
    n = int(session.seed) * 7 + piles["discard"] * 13 + piles["deck"] * 5
    card = standard_deck()[n % 52]
    what, stat, dr = PRACTICE[(n // 52 + piles["discard"]) % len(PRACTICE)]
    return what, stat, dr, card


def _practice(view: dict[str, Any], session: Session) -> str:
    """Something to do alone (issue 50): a check a GM might call, tapped in one step at a
    time (the same keys as the form below, so it teaches the form), then Draw; and the line
    that says who calls checks at a real table."""
    d = view["draft"]
    if view["combat"] or view["ko"] or view["due"] or d["kind"] != "check" or d.get("who", "me") != "me":
        return ""
    what, stat, dr, card = practice_check(view, session)
    c = Card.parse(card)
    assert c.rank is not None and c.suit is not None
    suit = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}[c.suit.value]
    steps = ((d["rank"] == c.rank.code, {"type": "tc_rank", "rank": c.rank.code}, f"Target Card's value: {c.rank.code}"),
             (d["suit"] == c.suit.value, {"type": "tc_suit", "suit": c.suit.value}, f"Its suit: {suit}"),
             (d["stat"] == stat, {"type": "stat", "stat": stat}, None),
             (d["dr"] == dr and not d.get("hidden"), {"type": "dr", "dr": dr}, f"DR {dr}"))
    legal = {json_key(e["action"]): e for e in view["actions"]}
    step = ""
    gm = (f'<p class="dofa-hint">At a table the GM calls each check (an {term("attribute")} or '
          f'{term("skill")} and a {term("difficulty-range")}) and shows you the {term("target-card")}: '
          f'you tap them in below and draw.</p>')
    own = ((d["rank"] and d["rank"] != c.rank.code) or (d["suit"] and d["suit"] != c.suit.value)
           or (d["stat"] and d["stat"] != stat))
    if own:  # a check of the player's own (the GM's at a table) is being tapped in: no practice
        return gm
    for done, action, label in steps:
        e = legal.get(json_key(action))
        if not done and e is not None:
            step = _play_button(label or e["label"], action, "btn primary")
            break
    else:
        draw = legal.get(json_key({"type": "draw"}))
        if draw is not None:
            step = _play_button("Draw", draw["action"], "btn primary")
    article = "an" if stat[0] in "AEIOU" else "a"
    call = (f'<p><b>Practice alone.</b> The GM says: “{esc(what)}: {article} {esc(stat)} check, '
            f'{esc(HOW_HARD[dr])} (DR {dr})” and turns over the <b>{esc(c.name)}</b>. '
            f'Tap it in, then draw:</p>')
    return (f'<div class="dofa-practice" role="group" aria-label="Practice a check">{gm}{call}'
            f'<div class="dofa-row">{step}</div></div>') if step else gm


def json_key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def _just_drawn(view: dict[str, Any], session: Session) -> str:
    """Right after a check is accepted: its cards and grade at the top of the prompt."""
    last = view["last"]
    if not last or not session.actions or session.actions[-1].get("type") != "accept":
        return ""
    return chk.result(last)


def _header(view: dict[str, Any]) -> str:
    s, p = view["sheet"], view["points"]
    stats = [("health-points", "HP", f'{p["hp"]}/{p["hp_max"]}'), ("action-points", "AP", f'{p["ap"]}/{p["ap_max"]}'),
             ("power-points", "PP", f'{p["pp"]}/{p["pp_max"]}'), ("armor-rating", "AR", str(p["ar"])),
             ("speed", "Speed", str(p["speed"])), ("fatigue", "Fatigue", str(view["fatigue"]))]
    cells = "".join(f'<li>{term(key, k)}<b>{esc(v)}</b></li>' for key, k, v in stats)
    tc = view["tc"]
    tc_html = mini_card(tc) if tc else mini_back(label="No Target Card yet")
    fate = "".join(mini_card(c) for c in view["fate"]) or '<span class="muted">none</span>'
    flags = []
    if view["combat"]:
        flags.append(f'In combat, turn {view["turn"] + 1}')
    if view["ko"]:
        flags.append("Knocked Out")
    flags += view["conditions"]
    flag_html = "".join(f'<span class="badge">{esc(f)}</span> ' for f in flags)
    flag_html += "".join(f'<br><span class="muted">{esc(p)}</span>' for p in view.get("prompts", []))
    piles = view["piles"]
    return (f'<h1>{esc(s["name"])} <span class="muted">· {esc(s["role"])}, level {esc(s["level"])}</span></h1>'
            f'<ul class="dofa-points">{cells}</ul>'
            f'<div class="dofa-hand"><div><span class="cap">My {term("target-card", "TC")}</span>{tc_html}</div>'
            f'<div class="fate"><span class="cap">{term("fate-card", "Fate Cards")}</span><div class="row">{fate}</div></div>'
            f'<div><span class="cap">{term("dofa-action-deck", "Deck")} {piles["deck"]} · Discard {piles["discard"]}</span></div></div>'
            + (f'<p class="flags">{flag_html}</p>' if flag_html else ""))


def _check_panel(view: dict[str, Any]) -> str:
    if view["ko"]:
        return _epic_panel(view)
    return f'<h2>{esc(chk.KIND_LABEL[view["draft"]["kind"]])}</h2>' + chk.form(view)


def _epic_panel(view: dict[str, Any]) -> str:
    ko = view["ko"]
    d = view["draft"]
    state = (f'{ko["successes"]} success(es), {ko["failures"]} failure(s)'
             + ("; stable" if ko.get("stable") else ""))
    treat = max(0, 5 - ko["turns"])
    body = (f'<p>{term("knocked-out")}. In combat each turn is an Epic Event check: <b>DR 4 Vitality</b> '
            f'against the GM\'s TC{" at Lower Hand (damaged again)" if ko["damaged"] else ""}. '
            f'{esc(state)}. An ally treats you with Craft or a healing power at DR {treat} against '
            f'your Target Card.</p>')
    waiting = not any(e["action"]["type"] == "tc_rank" for e in view["actions"])
    if view["combat"] and waiting and not ko.get("stable"):
        # PG, Epic Events: "their subsequent turns are replaced": one check a turn, the
        # first on the turn after the one they were Knocked Out in
        body += '<p>The next Epic Event check is on your next turn (End my turn).</p>'
    elif view["combat"]:
        body += ('<h3>The GM\'s Target Card</h3><div class="dofa-ranks">'
                 + _buttons(view, "tc_rank", selected=d["rank"], key="rank") + '</div><div class="dofa-suits">'
                 + _buttons(view, "tc_suit", selected=d["suit"], key="suit") + "</div>" + chk.go_bar(view))
    return f'<div class="dofa-ko"><h2>{term("epic-event")}</h2>{body}</div>'


def _last(view: dict[str, Any], heading: bool = False) -> str:
    last = view["last"]
    if not last:
        return ""
    h = "<h2>Last draw</h2>" if heading else ""
    return (f'<section class="dofa-last">{h}<div class="dofa-draw">{mini_card(last["card"])}'
            f'<p>{esc(last["summary"])}</p></div></section>')


def _health(view: dict[str, Any]) -> str:
    body = (_buttons(view, "damage", "heal", "treated") + _buttons(view, "toughen_up", "exchange_fate", "award_fate")
            + _buttons(view, "use_item", "item_end"))
    comp = view.get("companion")
    if comp:
        body += _buttons(view, "companion_damage", "companion_heal")
    tough = f'<p class="muted">Damage that Toughen Up may still ignore: {esc(view["toughen"])}</p>' if view["toughen"] else ""
    if comp:  # numbers escaped too: a stored checkpoint is outside text (issue 28)
        tough += (f'<p>Companion {esc(comp["id"])}: HP {esc(comp["hp"])}/{esc(comp["hp_max"])} (half your level, '
                  f'rounded up; the bestiary lists {esc(comp["listed_hp"])}), AP {esc(comp["ap"])}, AR {esc(comp["ar"])}'
                  f'{" - down" if comp["hp"] == 0 else ""}.</p>')
    tough = (f'<p class="dofa-hint">{term("toughen-up")} and {term("exchange-fate")} spend a '
             f'{term("fate-card")}; damage takes {term("action-points", "AP")} first.</p>') + tough
    return f'<section class="dofa-panel"><h2>Health and Fate</h2>{tough}<div class="dofa-grid">{body}</div></section>'


def _table_flow(view: dict[str, Any]) -> str:
    body = _buttons(view, "draw_tc", "redraw_tc", "start_combat", "end_turn", "end_combat", "quick_rest", "full_rest")
    rests = (f'<p class="muted">{term("quick-rest", "Quick Rests")} taken since the last '
             f'{term("full-rest")}: {esc(view["quick_rests"])} of 2</p>')
    if view["combat"] and view["gear"]["minor_spent"]:
        rests += ('<p class="dofa-hint">This turn\'s Minor Action is spent (a shield, a Discard Power, '
                  'a potion, a weapon change, getting up, the Burned save or a companion commanded).</p>')
    if view["rest_paused"]:
        hp, pp = view["rest_held"]
        rests += (f'<p class="dofa-hint">An interrupted Quick Rest waits to be resumed '
                  f'({esc(hp)} HP and {esc(pp)} PP held).</p>')
    return f'<section class="dofa-panel"><h2>Combat and rests</h2>{rests}<div class="dofa-grid">{body}</div></section>'


def _powers(view: dict[str, Any]) -> str:
    """The powers held, each with its words under a <details> (what it does, ours) and its
    spend-PP buttons; then the Discard Power or Intensify buttons."""
    weapon = (f'<h3>Weapon: {esc(view["weapon"])} damage (+1 on a Major)</h3>'
              f'<div class="dofa-grid">{_buttons(view, "weapon")}</div>')
    spend = _by(view, ("power",), "power")
    held = "".join(_held(pid, spend.get(pid, "")) for pid in view["sheet"]["powers"])
    discard = _buttons(view, "discard_power", "intensify")
    if not held and not discard:
        return f'<section class="dofa-panel"><h2>Weapon</h2>{weapon}</section>'
    body = weapon + f'<h3>Powers</h3><ul class="dofa-held">{held}</ul>'
    if discard:
        body += f'<div class="dofa-grid">{discard}</div>'
    return (f'<section class="dofa-panel"><h2>Weapon and powers</h2><p class="muted">{term("power-points", "PP")} are spent even on a miss; '
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
    received = _buttons(view, "received", "received_end")
    if not toggles and not received:
        return ""
    prompt = f'<h3>Saves you may make (an action)</h3><div class="dofa-grid">{saves}</div>' if saves else ""
    got = view.get("received")
    rec = (f'<p>On me: {esc(got["power"])} {got["n"]}.</p>' if got else "")
    # Knocked Out: no toggles, but a Help or Thwart still acts on the Epic Event check
    head = (f'<h2>Status conditions</h2>' if toggles else '<h2>Discard Powers used on me</h2>')
    return (f'<details class="dofa-panel"><summary>{head}</summary>{prompt}'
            + (f'<div class="dofa-grid">{toggles}</div>' if toggles else "")
            + f'<h3>Discard Powers used on me (they do not stack)</h3>{rec}'
            f'<div class="dofa-grid">{received}</div></details>')


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
    body = (_buttons(view, "rest_draw", "rest_end", cls="btn primary")
            + _buttons(view, "rest_pause", "toughen_up", "exchange_fate"))
    hp, pp = view["rest_held"]
    return (f'<h2>{term("quick-rest")}</h2><p>{term("rest-card", "Rest Cards")} left: <b>{view["rest_cards"]}</b>. '
            f'Each is a DR 3 draw against your own Target Card without modifier: a miss recovers 1, '
            f'a success 2 (HP or PP), once the rest is complete. Ending the rest completes it: '
            f'you recover what the cards hold and 10 + 2 x Vitality cards of the discard '
            f'pile go back into the deck. If the rest is interrupted, stop it: nothing is recovered '
            f'yet, it does not count, and the next Quick Rest resumes it.</p>'
            f'<p>Held until the rest is complete: <b>{hp} HP, {pp} PP</b>.</p>'
            f'{_last(view)}<div class="dofa-grid">{body}</div>')


def _builder(view: dict[str, Any]) -> str:
    """Character creation and level-up: XP left, Role, modifiers, powers, vulnerabilities."""
    s = view["sheet"]
    creating = view["phase"] == "build"
    title = "Build your character" if creating else f"Level {s['level']}: spend your XP"
    head = (f'<p class="dofa-summary">{term("experience-points", "XP")} left: {esc(s["xp_left"])} · level {esc(s["level"])} · modifiers '
            f'{-2 if creating else "up"} to +{esc(sh.cap(s["level"]))} · HP {esc(s["hp_max"])} · AR {esc(s["ar"])} · '
            f'PP {esc(s["pp_max"])}</p>')
    if s["role"] is None:
        return (f'<h2>{esc(title)}</h2>{head}<h3>Choose a {term("role", "Role")}</h3>'
                f'<div class="dofa-grid">{_buttons(view, "role")}</div>')
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
    finish = _buttons(view, "finish", cls="btn primary")
    finish = (f'<div class="dofa-go" role="group" aria-label="Finish"><div class="dofa-go-text">'
              f'<p class="dofa-sum">XP left: {s["xp_left"]}</p></div>{finish}</div>') if finish else ""
    role = f'<p>Role: <b>{esc(s["role"])}</b>, primary skill {esc(s["primary"])}. Powers: {esc(owned)}.</p>'
    vul_html = (f'<details><summary><h3>Vulnerabilities (at most 4, for up to 4 XP)</h3></summary>'
                f'{vul}</details>') if creating else ""
    return (f'<h2>{esc(title)}</h2>{head}{role}'
            f'<h3>Attributes and skills</h3><div class="dofa-stats-edit">{"".join(rows)}</div>'
            f'<details><summary><h3>Powers you can take</h3></summary>{learn}</details>'
            f'{vul_html}{gear_html}{respec}{finish}')


def _power_texts() -> dict[str, str]:
    return {pid: p["text"] for pid, p in sh.powers().items()}


def _vulnerability_texts() -> dict[str, str]:
    return {vid: v["text"] for vid, v in sh.vulnerabilities().items()}


def _gear_line(view: dict[str, Any]) -> str:
    g, s = view["gear"], view["sheet"]
    worn = f'{g["armor"]} armor' if g["armor"] else f'no armor (AR from Agility: {g["ar_agility"]})'
    shield = f', a {g["shield_quality"]} shield' if g.get("shield_quality") else ""
    line = f'{worn}{shield}: AR {s["ar"]}, AP {s["ap_max"]}.'
    if g["unmet"]:
        line += (f' Prerequisite not met ({", ".join(g["unmet"])}): speed halved, Lower Hand on '
                 'Agility, Finesse and Stealth checks.')
    return line


def _gear(view: dict[str, Any]) -> str:
    body = _buttons(view, "armor", "shield")
    if not body:
        return ""
    return (f'<details class="dofa-panel"><summary><h2>Armor and shield</h2></summary>'
            f'<p>{esc(_gear_line(view))} Worn armor replaces the Agility AR; changed outside combat. '
            'In combat a shield is readied as the turn\'s Minor Action.</p>'
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
    return (f'<div class="dofa-due"><h2>{term("save", "Saves")} due now</h2>'
            f'<p>{esc(waiting)}.{esc(hint)}</p><div class="dofa-grid">{btns}</div></div>')


def _over(view: dict[str, Any], session: Session) -> str:
    """The end, and the ways on from it (issue 50): the same character afresh, another, Home."""
    text = "Dead: two Epic Event checks failed." if view["dead"] else "The session is over."
    ways = (button("Play again", "new", {"system": "dofa", "options": session.options}, cls="btn primary",
                   title="Play again: the same character, a fresh sheet")
            + button("Another character", "setup", "dofa", cls="btn", title="Another character: the premades or your own")
            + button("Home", "home", cls="btn", title="Home: every table"))
    return f'<p class="banner">{esc(text)}</p><div class="dofa-grid dofa-ways-on">{ways}</div>'


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
    # the library keeps the sheet apart from this game (ui/dofa/keep.py)
    keep = button("Keep this sheet in the library", "lib-sheet", "", cls="btn") if view["phase"] == "play" else ""
    return (f'<details class="dofa-panel sheet"><summary><h2>Character sheet</h2></summary>'
            f'<table class="dofa-stats"><caption>Modifiers</caption>{"".join(rows)}</table>'
            f'<p><b>Primary skill</b> {esc(s["primary"])}</p>'
            f'<h3>Powers</h3><ul class="dofa-list">{powers}</ul>'
            f'<h3>Vulnerabilities</h3><ul class="dofa-list">{vul}</ul>{slip_html}{keep}</details>')


def _log(view: dict[str, Any]) -> str:
    return log_list(view["log"])


register_table(Table(
    system="dofa", title="Deck of Adventures",
    blurb="The player's Action Deck and sheet: tap in the GM's check, draw, and see the exact odds.",
    render=render, setup=setup, options_from_form=options_from_form))
