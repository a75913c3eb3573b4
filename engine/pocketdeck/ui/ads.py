"""The ADS table: the Rondel with the Round and Count, the hand as drawn cards showing
their own rondel and today's value, the Foe cards with HP and the chance of each of
their draws, the Up/Down draws as they happen, reaction prompts, the log. Every choice is
a button built from legal_actions."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ..core.game import IllegalAction
from ..core.saves import Session
from ..systems.ads import data
from .html import button, esc, log_list
from .tables import Table, register_table

KIND_MARK = {"damage": "DMG", "defense": "DEF", "heal": "HEAL"}
GROUPS = (("play", "Play a card"), ("base", "Base Actions"), ("grapple", "Grapple"), ("recall", "Recall"),
          ("gear", "Gear"), ("move", "Move"), ("other", "Other"))


@lru_cache(maxsize=512)
def rondel_svg(rondel: str, current: int, size: int = 44, cx: float = 25, cy: float = 25,
               radius: float = 22) -> str:
    """The Combat Rondel: six wedges, primary (white on black), secondary (black on white),
    not playable (grey); today's Round ringed."""
    parts = []
    for k in range(6):
        a0 = math.radians(-90 + k * 60 - 30)
        a1 = math.radians(-90 + k * 60 + 30)
        x0, y0 = cx + radius * math.cos(a0), cy + radius * math.sin(a0)
        x1, y1 = cx + radius * math.cos(a1), cy + radius * math.sin(a1)
        s = rondel[k]
        cls = {"P": "rp", "S": "rs", "-": "rx"}[s]
        ring = " now" if k + 1 == current else ""
        parts.append(f'<path class="{cls}{ring}" d="M{cx:g} {cy:g} L{x0:.1f} {y0:.1f} '
                     f'A{radius:g} {radius:g} 0 0 1 {x1:.1f} {y1:.1f} Z"/>')
        tx = cx + radius * 0.62 * math.cos(math.radians(-90 + k * 60))
        ty = cy + radius * 0.62 * math.sin(math.radians(-90 + k * 60)) + 4
        parts.append(f'<text class="{cls}t" x="{tx:.1f}" y="{ty:.1f}" text-anchor="middle" font-size="11" '
                     f'font-weight="700">{k + 1}</text>')
    return "".join(parts)


def big_rondel(view: dict[str, Any]) -> str:
    r = view["round"]
    return (f'<svg class="ads-rondel" viewBox="0 0 50 50" role="img" '
            f'aria-label="Combat Rondel: Round {r}">{rondel_svg("SSSSSS", r)}</svg>')


def ud(sym: str) -> str:
    return ('<span class="ud up">&#9650;<span class="vh">Up</span></span>' if sym == "^"
            else '<span class="ud down">&#9660;<span class="vh">Down</span></span>' if sym == "v"
            else '<span class="ud any">&#9675;<span class="vh">any</span></span>')


def pattern(p: str) -> str:
    return "".join(ud(s) for s in p)


def _lines(name: str, width: int = 12) -> list[str]:
    words, lines, cur = name.split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    lines.append(cur)
    return lines[:3]


def card_svg(c: dict[str, Any], r: int) -> str:
    """An ADS card drawn: rondel top-left, today's value top-right, name, kind, Up/Down."""
    today = c["today"]
    mark = KIND_MARK.get(c["effect"], "")
    eth = " eth" if c["ethereal"] else ""
    value = ""
    if mark and today and not today.startswith("pay") and today != "-":
        value = (f'<rect x="56" y="6" width="38" height="30" rx="6" class="val{eth}"/>'
                 f'<text x="75" y="25" text-anchor="middle" font-size="15" font-weight="700" class="valt">{esc(today)}</text>'
                 f'<text x="75" y="44" text-anchor="middle" font-size="8" class="kindt">{mark}{" ETH" if eth else ""}</text>')
    elif today == "-":
        value = '<text x="75" y="26" text-anchor="middle" font-size="10" class="kindt">not today</text>'
    elif today.startswith("pay"):
        _, n, attr = today.split(" ", 2)
        value = (f'<text x="75" y="20" text-anchor="middle" font-size="9" class="kindt">pay {esc(n)}</text>'
                 f'<text x="75" y="31" text-anchor="middle" font-size="9" class="kindt">{esc(attr)}</text>')
    name = "".join(f'<text x="50" y="{70 + 13 * i}" text-anchor="middle" font-size="11.5" font-weight="700" '
                   f'class="namet">{esc(line)}</text>' for i, line in enumerate(_lines(c["name"])))
    sym = ('<path d="M8 132 L14 122 L20 132 Z" class="udu"/>' if c["updown"] == "^"
           else '<path d="M8 122 L14 132 L20 122 Z" class="udd"/>')
    kind = c["kind"].title() + (f' L{c["level"]}' if c["kind"] == "spell" else "")
    today_text = f", {today} today" if today and today != "-" else (", not playable today" if today == "-" else "")
    label = f'{c["name"]} ({c["kind"]}{today_text}, {"Up" if c["updown"] == "^" else "Down"})'
    return (f'<svg class="ads-card{eth}" viewBox="0 0 100 140" role="img" aria-label="{esc(label)}" '
            f'data-card="{esc(c["card"])}">'
            f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" class="face"/>'
            f'<g transform="translate(3 3) scale(.96)">{rondel_svg(c["rondel"], r)}</g>{value}{name}'
            f'<text x="50" y="118" text-anchor="middle" font-size="9" class="kindt">{esc(kind)}</text>{sym}</svg>')


def _buttons(entries: list[dict[str, Any]], cls: str = "btn") -> str:
    return "".join(button(e["label"], "play", e["action"], cls=cls) for e in entries)


def _foe(f: dict[str, Any]) -> str:
    state = "defeated" if f["down"] else "fled" if f["fled"] else "hidden (Sneaking)" if f["hidden"] else ""
    pct = 0 if f["max_hp"] == 0 else round(100 * f["hp"] / f["max_hp"])
    acts = "".join(f'<li>{pattern(a["match"])} {esc(a["what"])} <b class="chance">{esc(a["chance"])}</b></li>'
                   for a in f["actions"])
    if f["failure"]:
        acts += f'<li>otherwise {esc(f["failure"]["what"])} <b class="chance">{esc(f["failure"]["chance"])}</b></li>'
    reacts = "".join(f'<li>{pattern(a["match"])} {esc(a["what"])} <b class="chance">{esc(a["chance"])}</b></li>'
                     for a in f["reactions"])
    attr = (f'<p class="muted">Counters with {esc(f["attribute"]["name"])} on {pattern(f["attribute"]["pattern"])} '
            f'<b class="chance">{esc(f["attribute"]["chance"])}</b></p>' if f["attribute"] else "")
    head = (f'<h3>{esc(f["name"])} <span class="muted">L{f["level"]} {esc(f["size"])} · XP {f["xp"]} · Gold {f["gold"]}</span></h3>'
            f'<p class="hpline"><b>HP {f["hp"]}/{f["max_hp"]}</b> <span class="hpbar"><span style="width:{pct}%"></span></span>'
            f' <span class="muted">{esc(f["distance"].title())}{(" · " + state) if state else ""}</span></p>')
    if state in ("defeated", "fled"):
        return f'<article class="ads-foe gone">{head}</article>'
    return (f'<article class="ads-foe">{head}'
            f'<p class="muted">This Round, Draw {f["draw"]}:</p><ul class="odds">{acts}</ul>'
            + (f'<p class="muted">Reacts to each attack, Draw {f["react_draw"]}:</p><ul class="odds">{reacts}</ul>' if reacts else "")
            + attr + f'<p class="traits muted">{esc(" / ".join(f["traits"]))}</p></article>')


def _prompt(view: dict[str, Any]) -> str:
    p = view["pending"]
    entries = [e for e in view["actions"] if e["group"] == "prompt"]
    phase = view["phase"]
    if phase == "react" and p and p["disarm"]:
        head = (f'{esc(p["foe"])} tries to disarm you ({esc(p["name"])}): counter with Agility or Strength, '
                f'or your weapon is knocked away.')
    elif phase == "react" and p and p["chain"]:
        head = f'{esc(p["foe"])} Re-Counters your counter. Escalate with another listed Attribute card?'
    elif phase == "react" and p:
        head = (f'{esc(p["foe"])} attacks with {esc(p["name"])}: <b>{p["damage"]}'
                f'{" Ethereal" if p["ethereal"] else " Physical"}</b> damage'
                f'{" (Ranged)" if p["ranged"] else ""}{" from hiding: only a counter" if p["sneak"] else ""}.'
                f'{" You are fleeing: only counters." if view["fleeing"] else ""}')
    elif phase == "aid" and p:
        head = (f'{esc(p["foe"])} attacks {esc(p["target"])} with {esc(p["name"])}: <b>{p["damage"]}'
                f'{" Ethereal" if p["ethereal"] else " Physical"}</b> damage{" (Ranged)" if p["ranged"] else ""}. '
                f'Play a card to protect them? (You draw back up at the end of this turn.)')
    elif phase == "into_grapple" and p:
        head = (f'{esc(p["foe"])} is in a Grapple with {esc(p["ally"])}: declare an Up/Down for your '
                f'{esc(p["name"])} ({p["damage"]}). A match hits {esc(p["foe"])}; a miss hits {esc(p["ally"])}.')
    elif phase == "recounter" and p:
        how = {"half": "half damage", "shield": "its Shield blocks half"}.get(p["how"], "no effect")
        head = f'{esc(p["foe"])} counters your {esc(p["name"])} ({how}). Re-Counter?'
    elif phase == "hold" and p:
        how = ("plays its attribute to break free" if p["how"] == "attr"
               else f'declares {"Up" if p["declared"] == "^" else "Down"}: you must match it to keep your hold')
        head = f'{esc(p["foe"])} tries to escape your Grapple: it {how}.'
    elif phase == "split" and p:
        head = (f'Divide your {esc(p["name"])} between up to {p["max"]} Foes: so far {esc(", ".join(p["parts"]))}; '
                f'{p["left"]} more to place.')
    elif phase == "ward_off" and p:
        how = "with Strength" if p["how"] == "strength" else f'declaring {"Up" if p["how"] == "^" else "Down"}'
        head = (f'{esc(p["foe"])} tries to Grapple you {how} (Overwhelm). Before it lands you may play a Melee '
                f'weapon at it as a Free Action (else strike for 1).')
    elif phase == "grapple_counter" and p:
        if p["kind"] == "escape_counter":
            head = f'{esc(p["foe"])} counters your escape with Strength. Re-Counter with Strength or Agility?'
        elif p["how"] == "strength":
            head = (f'{esc(p["foe"])} grapples you with Strength'
                    f'{" again (Escalation)" if p["chain"] else ""}. Counter with Strength or Agility?')
        else:
            head = (f'{esc(p["foe"])} declared {"Up" if p["how"] == "^" else "Down"} to Grapple you: a Strength '
                    f'or Agility card beats it at once; otherwise draw and match.')
    elif phase == "exhaust":
        head = "This blow would kill you. Take a level of Exhaustion instead?"
    elif phase == "hamper" and p:
        head = f'{esc(p["foe"])} is fleeing and you hurt it: declare an Up/Down; a match hampers it.'
    elif phase == "spot" and p:
        head = f'{esc(p["foe"])} slipped out of sight. Play an Intellect card to spot it?'
    elif phase == "discard":
        head = f'Discard down to your hand maximum of {view["hand_max"]}.'
    elif phase == "player_presneak":
        head = ("You carry Sneak cards: Pre-Sneak? Declare an Up/Down; each Foe draws one and a match "
                "sees you. Unseen, your first attack is a Sneak attack (+R/2, no Foe reaction).")
    elif phase == "initiative":
        head = "Initiative: declare Up or Down; you and the Foes each draw three, most matches go first."
    elif phase == "recalled" and p:
        head = f'You recalled {esc(p["name"])}: play it now or keep it.'
    else:
        return ""
    return f'<div class="ads-prompt" role="status"><p>{head}</p><div class="choices">{_buttons(entries)}</div></div>'


def _draws(view: dict[str, Any]) -> str:
    if not view["draws"]:
        return ""
    rows = "".join(
        f'<li class="{"ok" if d["ok"] else "miss"}"><b>{esc(d["who"])}</b> {esc(d["why"])}: {pattern(d["drawn"])} '
        f'<span class="muted">needs {esc(d["need"])}</span> {esc(d.get("result") or ("match" if d["ok"] else "no match"))}</li>'
        for d in reversed(view["draws"]))
    return f'<h2>Up/Down draws</h2><ul class="ads-draws">{rows}</ul>'


def _party(view: dict[str, Any]) -> str:
    """A party: whose turn it is in big letters and every character at a glance."""
    p = view["party"]
    me = p["seats"][p["active"]]["name"]
    doing = "turn" if view["phase"] in ("turn", "choose", "discard", "recalled", "split") else "answer"
    big = f"{me}'s turn" if doing == "turn" else f"{me} to answer"
    rows = "".join(
        f'<li class="{"now" if s["active"] else ""}{" out" if s["out"] else ""}"><b>{esc(s["name"])}</b> '
        f'<span class="muted">{esc(s["class"].title())} L{s["level"]}</span> HP {s["hp"]}/{s["max_hp"]} · '
        f'hand {s["hand"]}/{s["hand_max"]} · Fatigue {s["fatigue"]}'
        + (f' · {"fallen" if s["out"] == "fallen" else "fled"}' if s["out"] else "") + "</li>"
        for s in p["seats"])
    aim = p["aim"]
    aimed = (f'<p class="muted">{esc(aim["foe"])} went for {esc(aim["name"])} ({esc(aim["why"])}).</p>'
             if aim else "")
    return (f'<div class="ads-party"><p class="ads-seat" aria-live="polite">{esc(big)}</p>'
            f'<ul class="ads-seats">{rows}</ul>{aimed}</div>')


def _grid(view: dict[str, Any]) -> str:
    """Two Dimensional play: the room's squares from above, who stands where (characters
    by seat number, Foes by initial and letter); the same in words for screen readers."""
    g = view.get("grid")
    if not g:
        return ""
    n = g["size"]
    lines = "".join(f'<line x1="{k * 10}" y1="0" x2="{k * 10}" y2="{n * 10}"/>'
                    f'<line x1="0" y1="{k * 10}" x2="{n * 10}" y2="{k * 10}"/>' for k in range(n + 1))
    tokens, words = "", []
    for c in g.get("cover", []):  # the Map card's cover: a block with a cross, and in words
        x, y = c["x"] * 10, c["y"] * 10
        tokens += (f'<rect class="cover" x="{x + 1}" y="{y + 1}" width="8" height="8"/>'
                   f'<path class="cover-x" d="M{x + 1} {y + 1}L{x + 9} {y + 9}M{x + 9} {y + 1}L{x + 1} {y + 9}"/>')
        words.append(f'cover at column {c["x"] + 1}, row {c["y"] + 1}')
    for p in g["people"]:
        cx, cy = p["x"] * 10 + 5, p["y"] * 10 + 5
        cls = "you" + (" now" if p["now"] else "") if p["kind"] == "you" else "foe"
        tokens += (f'<circle class="{cls}" cx="{cx}" cy="{cy}" r="4.3"/>'
                   f'<text x="{cx}" y="{cy + 1.6}" text-anchor="middle" font-size="4.4" font-weight="700" '
                   f'class="{cls}t">{esc(p["mark"])}</text>')
        words.append(f'{p["name"]} at column {p["x"] + 1}, row {p["y"] + 1}')
    label = "The room, " + str(n) + " by " + str(n) + " squares: " + "; ".join(words)
    return (f'<svg class="ads-grid" viewBox="-1 -1 {n * 10 + 2} {n * 10 + 2}" role="img" aria-label="{esc(label)}">'
            f'<g class="gl">{lines}</g>{tokens}</svg>'
            f'<p class="muted">1 square: Melee · 2-4: Thrown · 5 or more: Ranged (diagonals count one).'
            + (' Crossed squares are cover: nobody stands there, and a Thrown or Ranged attack past one must '
               'match the Map card\'s Up/Down.' if g.get("cover") else "") + '</p>')


def _cover(view: dict[str, Any], party: str) -> str:
    """Hot-seat: nothing of the next player's hand shows until they say they hold the phone."""
    name = view["party"]["seats"][view["party"]["active"]]["name"]
    return (f'<section class="table ads-table ads-cover" data-system="ads" data-phase="cover">'
            f'<h1 class="ads-pass">Pass the phone to {esc(name)}</h1>{party}'
            f'<div class="choices">{_buttons(view["actions"], "btn primary")}</div>'
            f'{log_list(view["log"], "Fight log")}</section>')


def render(view: dict[str, Any], session: Session) -> str:
    r = view["round"]
    party = _party(view) if view.get("party") else ""
    if party and view["party"]["cover"] and view["phase"] != "over":
        return _cover(view, party)
    over = ""
    if view["phase"] == "over":
        words = {"won": f"Victory! {view['xp']} XP and {view['gold']} Gold.", "lost": "You have fallen.",
                 "fled": "You fled the fight."}
        over = f'<p class="banner">{esc(words.get(view["outcome"], "The fight is over."))}</p>'
    status = (f'<p class="ads-stats"><b>HP {view["hp"]}/{view["max_hp"]}</b> · Hand max {view["hand_max"]}'
              f' · Fatigue {view["fatigue"]} · Exhaustion {view["exhaustion"]}'
              f' · Draw {view["draw_count"]} · Discard {view["discard_count"]}</p>'
              f'<p class="muted">{esc(view["hero"])}, {esc(view["race"])} {esc(view["class"])} L{view["level"]}'
              f' · Armed: {esc(view["armed"] or "nothing")}{" (Dual Wielding)" if view["dual"] else ""} · Shield {"ready" if view["shield"] else "off"}'
              + ((f' · Grappled by {esc(view["grapple"])}' if view["grappled"] else f' · Grappling {esc(view["grapple"])}')
                 if view["grapple"] else "")
              + (f' · {esc(view["dropped"])} knocked away' if view["dropped"] else "")
              + (" · Sneaking" if view["sneaking"] else "")
              + (f' · Diseased ({view["disease"]["damage"]}/Round, {view["disease"]["left"]} left)' if view["disease"] else "")
              + f' · {"One Dimensional" if view["mode"] == "line" else "Simple"} play · {esc(view["light"].title())} light</p>')
    bases = " · ".join(f'{esc(b["name"])}{" (used)" if b["used"] else ""}: {esc(b["text"])}' for b in view["bases"])
    head = (f'<div class="ads-head">{big_rondel(view)}<div><h1>Round {r} <span class="muted">Count {view["count"]}</span></h1>'
            f'{status}</div></div><p class="muted">Base Actions (once a Round): {bases}</p>')
    foes = "".join(_foe(f) for f in view["foes"])
    persist = ""
    if view["persist"]:
        persist = ('<h2>Held face-out</h2><div class="ads-hand">'
                   + "".join(card_svg(c, r) for c in view["persist"]) + "</div>")
    if view["phase"] == "choose":
        chosen = "".join(card_svg(c, r) for c in view["chosen"])
        picks = _buttons([e for e in view["actions"] if e["group"] == "choose"], "btn small")
        body = (f'<h2>Choose 4 starting cards ({len(view["chosen"])} of 4)</h2>'
                f'<div class="ads-hand">{chosen}</div><div class="choices ads-picks">{picks}</div>')
    else:
        hand = "".join(card_svg(c, r) for c in view["hand"])
        groups = ""
        for g, title in GROUPS:
            entries = [e for e in view["actions"] if e["group"] == g]
            if entries:
                groups += f'<h3>{esc(title)}</h3><div class="choices">{_buttons(entries)}</div>'
        if groups:
            groups = f'<div class="ads-actions"><h2>Your turn</h2>{groups}</div>'
        body = (f'{groups}<h2>Hand ({len(view["hand"])})</h2>'
                f'<div class="ads-hand">{hand or "<p class=muted>empty</p>"}</div>{persist}')
        if view.get("waiting"):
            body = '<p class="muted">Your hand shows when the phone comes to you.</p>'
    prompt = _prompt(view) if view["phase"] != "choose" else ""
    return (f'<section class="table ads-table" data-system="ads" data-phase="{esc(view["phase"])}">'
            f'{over}{party}{head}{prompt}{_grid(view)}<h2>Foes</h2><div class="ads-foes">{foes}</div>{body}{_draws(view)}'
            f'{log_list(view["log"], "Fight log")}</section>')


def _select(name: str, label: str, options: list[tuple[str, str]], default: str) -> str:
    opts = "".join(f'<option value="{esc(v)}"{" selected" if v == default else ""}>{esc(t)}</option>'
                   for v, t in options)
    return f'<label>{esc(label)} <select name="{esc(name)}">{opts}</select></label>'


FIELDS = ("deck", "foe", "count", "mode", "place", "updown", "start", "light", "dual", "ranged_melee")


def setup(app: Any = None) -> str:
    decks = [(k, f'{d["name"]} ({d["race"].title()} {d["class"].title()})') for k, d in data.decks().items()]
    foes = [(k, f'{f["name"]} (L{f["level"]}, {f["hp"]} HP)') for k, f in data.foes().items()]
    form = "".join([
        _select("deck", "Your character and Combat Deck", decks, "warrior"),
        _select("foe", "Foe", foes, "goblin_skirmisher"),
        _select("count", "How many", [("1", "1"), ("2", "2"), ("3", "3"), ("4", "4")], "1"),
        _select("mode", "Way to play", [("simple", "Simple (distances ignored)"),
                                        ("line", "One Dimensional (Ranged / Thrown / Melee)")], "simple"),
        _select("place", "Where", [("indoors", "Indoors (start at Thrown)"),
                                   ("outdoors", "Outdoors (start at Ranged)")], "indoors"),
        _select("updown", "Up/Down source", [("balanced", "Balanced Up/Down deck"),
                                             ("deck", "My own draw deck")], "balanced"),
        _select("start", "Starting Round", [("first", "Round 1"), ("random", "Random (three Up/Downs)")], "first"),
        _select("light", "Lighting", [("dim", "Dim, like a dungeon room (everyone sees)"),
                                      ("dark", "Dark (no Darksight: match to see)"),
                                      ("bright", "Bright sun (Darksight: match to see)")], "dim"),
        _select("ranged_melee", "Optional rule: Ranged weapons at Melee",
                [("no", "No"), ("yes", "Yes: shoot in Melee on a matched Up/Down")], "no"),
        _select("dual", "Dual Wielding (declared now)", [("no", "No"), ("yes", "Yes: a weapon in each hand, no shield")], "no"),
    ])
    return (f'<section class="setup ads-setup"><h1>New ADS fight</h1>'
            f'<p class="muted">A solo fight on the Combat Rondel: your 52-card Combat Deck against Foe '
            f'cards run by Up/Down draws. Pocketdeck runs the Foes; you choose every card.</p>'
            f'<form class="form" data-form>{form}'
            f'{button("Begin the fight", "new", {"system": "ads"}, cls="btn primary", fill=",".join(FIELDS), submit=True)}'
            f'</form></section>')


def options_from_form(fields: dict[str, Any], app: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in FIELDS:
        if key in fields and fields[key] != "":
            out[key] = str(fields[key])
    for key, what in (("dual", "Dual Wielding"), ("ranged_melee", "Ranged weapons at Melee")):
        if key in out:
            if out[key] not in ("yes", "no"):
                raise IllegalAction(f"{what}: yes or no")
            out[key] = out[key] == "yes"
    if "count" in out:
        if out["count"] not in ("1", "2", "3", "4"):
            raise IllegalAction("How many: 1 to 4 Foes")
        out["count"] = int(out["count"])
    return out


register_table(Table(
    system="ads", title="Adventure Deck System",
    blurb="A solo fight: your 52-card Combat Deck on the Rondel against Foe cards run by Up/Down draws.",
    render=render, setup=setup, options_from_form=options_from_form))
