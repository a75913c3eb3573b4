"""The ADS table: the Rondel with the Round and Count, the hand as drawn cards showing
their own rondel and today's value, the Foe cards with HP and the chance of each of
their draws, the Up/Down draws as they happen, reaction prompts, the log. Every choice is
a button built from legal_actions."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ...core.game import IllegalAction
from ...core.saves import Session, save_text
from ...systems.ads import data
from .prompt import draw_text, now, pattern, ud  # noqa: F401 - ud and pattern are used by other ADS screens
from ..flow import prompt
from ..html import button, esc, log_list
from ..learn_ui import term
from ..tables import Table, register_table

KIND_MARK = {"damage": "DMG", "defense": "DEF", "heal": "HEAL"}


@lru_cache(maxsize=512)
def rondel_svg(rondel: str, current: int, size: int = 44, cx: float = 25, cy: float = 25,
               radius: float = 22, font: float = 11) -> str:
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
        ty = cy + radius * 0.62 * math.sin(math.radians(-90 + k * 60)) + font * .36
        parts.append(f'<text class="{cls}t" x="{tx:.1f}" y="{ty:.1f}" text-anchor="middle" font-size="{font:g}" '
                     f'font-weight="700">{k + 1}</text>')
    return "".join(parts)


def big_rondel(view: dict[str, Any]) -> str:
    r = view["round"]
    return (f'<svg class="ads-rondel" viewBox="0 0 50 50" role="img" '
            f'aria-label="Combat Rondel: Round {r}">{rondel_svg("SSSSSS", r)}</svg>')


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


def card_svg(c: dict[str, Any], r: int, note: str = "") -> str:
    """An ADS card drawn: rondel top-left, today's value top-right, name, kind, Up/Down.
    Its text is at least 12 units high and the card is drawn at least 100 px wide, so no
    text on a card face renders under 12 CSS px (issue 24)."""
    today = c["today"]
    mark = KIND_MARK.get(c["effect"], "")
    eth = " eth" if c["ethereal"] else ""
    value = ""
    if mark and today and not today.startswith("pay") and today != "-":
        value = (f'<rect x="55" y="4" width="42" height="34" rx="6" class="val{eth}"/>'
                 f'<text x="76" y="28" text-anchor="middle" font-size="20" font-weight="700" class="valt">{esc(today)}</text>'
                 f'<text x="76" y="52" text-anchor="middle" font-size="12" class="kindt">{mark}{" ETH" if eth else ""}</text>')
    elif today == "-":
        value = ('<text x="76" y="22" text-anchor="middle" font-size="12" class="kindt">not</text>'
                 '<text x="76" y="36" text-anchor="middle" font-size="12" class="kindt">today</text>')
    elif today.startswith("pay"):
        _, n, attr = today.split(" ", 2)
        value = (f'<text x="76" y="22" text-anchor="middle" font-size="12" class="kindt">pay {esc(n)}</text>'
                 f'<text x="76" y="36" text-anchor="middle" font-size="12" class="kindt">{esc(attr[:6])}</text>')
    name = "".join(f'<text x="50" y="{76 + 15 * i}" text-anchor="middle" font-size="13" font-weight="700" '
                   f'class="namet">{esc(line)}</text>' for i, line in enumerate(_lines(c["name"], 11)[:2]))
    sym = ('<path d="M6 134 L13 122 L20 134 Z" class="udu"/>' if c["updown"] == "^"
           else '<path d="M6 122 L13 134 L20 122 Z" class="udd"/>')
    kind = c["kind"].title() + (f' L{c["level"]}' if c["kind"] == "spell" else "")
    today_text = f", {today} today" if today and today != "-" else (", not playable today" if today == "-" else "")
    label = (f'{c["name"]} ({c["kind"]}{today_text}, {"Up" if c["updown"] == "^" else "Down"})'
             + (f": {note}" if note else ""))
    return (f'<svg class="ads-card{eth}" viewBox="0 0 100 140" role="img" aria-label="{esc(label)}" '
            f'data-card="{esc(c["card"])}">'
            f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" class="face"/>'
            f'<g transform="translate(2 2)">{rondel_svg(c["rondel"], r, font=12.5)}</g>{value}{name}'
            f'<text x="56" y="131" text-anchor="middle" font-size="12" class="kindt">{esc(kind)}</text>{sym}</svg>')


USE_WORDS = {"play": "Playable now: its buttons are above", "boost": "A Boost now: played with a card above",
             "counter": "A Counter now: its button is above", "pay": "Pays a cost now: see the buttons above",
             "discard": "Discard it: its button is above"}


def _status(c: dict[str, Any]) -> tuple[bool, str]:
    """(playable now, the line the card carries): how a legal action uses it, or the
    engine's reason none does (`actions.hand_status`)."""
    use, why = c.get("use", ""), c.get("why", "")
    if use in ("swap", "draw"):
        how = ("Swapping to it is your Action (above)" if use == "swap"
               else "Drawing it into your empty hand is a free action (above)")
        return False, f"{why}. {how}" if why else how
    if use in USE_WORDS:
        return True, USE_WORDS[use]
    return False, why


def hand_cards(hand: list[dict[str, Any]], r: int) -> str:
    """The hand, drawn: each card carries its status (``data-why``), a card no legal action
    uses is dimmed, and under the cards each reason is written out once, naming its cards,
    in the book's words (issue 50: nothing blocked without a reason)."""
    cards, reasons = "", {}
    for c in hand:
        ok, line = _status(c)
        cards += (f'<div class="ads-hc{"" if ok else " off"}" data-hand-card'
                  f'{f" data-why={chr(34)}{esc(line)}{chr(34)}" if line else ""}>{card_svg(c, r, line)}</div>')
        if not ok and line:
            names = reasons.setdefault(line, [])
            if c["name"] not in names:
                names.append(c["name"])
    if not cards:
        return '<h2>Hand (0)</h2><div class="ads-hand"><p class="muted">empty</p></div>'
    every = len(reasons) == 1 and all(not _status(c)[0] for c in hand)
    rows = ""
    for line, names in reasons.items():
        who = "" if every else f'<b>{esc(", ".join(names))}</b>: '
        rows += f"<li>{who}{esc(line)}.</li>"
    why = (f'<h3 class="ads-notnow">{"No card is played now" if every else "Not playable now, and why"}</h3>'
           f'<ul class="ads-why">{rows}</ul>' if rows else "")
    return f'<h2>Hand ({len(hand)})</h2><div class="ads-hand">{cards}</div>{why}'


TRAIT_TERMS = (("self preservation", "self-preservation"), ("merciless", "merciless"), ("overwhelm", "overwhelm"),
               ("cowardly sneak", "cowardly-sneak"), ("sneaky", "sneaky"), ("kiter", "kiter"),
               ("darksight", "darksight"), ("attack", "foe-attack-trait"), ("healer", "healer"),
               ("regeneration", "regeneration"), ("outnumber", "outnumber"), ("disease", "ads-disease"))


def trait(text: str) -> str:
    """A Foe trait as the book writes it, its name a glossary link."""
    low = text.lower()
    for prefix, key in TRAIT_TERMS:
        if low.startswith(prefix):
            return term(key, text)
    return esc(text)


def _foe(f: dict[str, Any]) -> str:
    state = "defeated" if f["down"] else "fled" if f["fled"] else "hidden (Sneaking)" if f["hidden"] else ""
    pct = 0 if f["max_hp"] == 0 else round(100 * f["hp"] / f["max_hp"])
    acts = "".join(f'<li>{pattern(a["match"])} {esc(a["what"])} <b class="chance">{esc(a["chance"])}</b></li>'
                   for a in f["actions"])
    if f["failure"]:
        acts += f'<li>otherwise {esc(f["failure"]["what"])} <b class="chance">{esc(f["failure"]["chance"])}</b></li>'
    reacts = "".join(f'<li>{pattern(a["match"])} {esc(a["what"])} <b class="chance">{esc(a["chance"])}</b></li>'
                     for a in f["reactions"])
    attr = (f'<p class="muted">{term("ads-counter", "Counters")} with {esc(f["attribute"]["name"])} on '
            f'{pattern(f["attribute"]["pattern"])} <b class="chance">{esc(f["attribute"]["chance"])}</b></p>'
            if f["attribute"] else "")
    head = (f'<h3>{esc(f["name"])} <span class="muted">L{esc(f["level"])} {esc(f["size"])} · XP {esc(f["xp"])} · Gold {esc(f["gold"])}</span></h3>'
            f'<p class="hpline"><b>HP {esc(f["hp"])}/{esc(f["max_hp"])}</b> <span class="hpbar"><span style="width:{pct}%"></span></span>'
            f' <span class="muted">{esc(f["distance"].title())}{(" · " + state) if state else ""}</span></p>')
    if state in ("defeated", "fled"):
        return f'<article class="ads-foe gone">{head}</article>'
    return (f'<article class="ads-foe">{head}'
            f'<p class="muted">This Round, Draw {f["draw"]}:</p><ul class="odds">{acts}</ul>'
            + (f'<p class="muted">Reacts to each attack, Draw {f["react_draw"]}:</p><ul class="odds">{reacts}</ul>' if reacts else "")
            + attr + f'<p class="traits muted">{" / ".join(trait(t) for t in f["traits"])}</p></article>')


def _draws(view: dict[str, Any]) -> str:
    if not view["draws"]:
        return ""
    rows = "".join(
        f'<li class="{"ok" if d["ok"] else "miss"}">{draw_text(dict(line, ok=d["ok"]), pattern(d["drawn"]))}</li>'
        for d, line in reversed(list(zip(view["draws"], view["draw_lines"]))))
    return f'<h2>{term("up-down", "Up/Down")} draws</h2><ul class="ads-draws">{rows}</ul>'


def _party(view: dict[str, Any]) -> str:
    """A party: whose turn it is in big letters and every character at a glance."""
    p = view["party"]
    me = p["seats"][p["active"]]["name"]
    doing = "turn" if view["phase"] in ("turn", "choose", "discard", "recalled", "split") else "answer"
    big = f"{me}'s turn" if doing == "turn" else f"{me} to answer"
    rows = "".join(
        f'<li class="{"now" if s["active"] else ""}{" out" if s["out"] else ""}"><b>{esc(s["name"])}</b> '
        f'<span class="muted">{esc(s["class"].title())} L{esc(s["level"])}</span> HP {esc(s["hp"])}/{esc(s["max_hp"])} · '
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
    btns = "".join(button(e["label"], "play", e["action"], cls="btn primary") for e in view["actions"])
    return (f'<section class="table ads-table ads-cover" data-system="ads" data-phase="cover">'
            + prompt(f'<h1 class="ads-pass">Pass the phone to {esc(name)}</h1><div class="choices">{btns}</div>',
                     cls="ads-prompt", label=f"Pass the phone to {name}")
            + f'{party}{log_list(view["log"], "Fight log")}</section>')


def _details(view: dict[str, Any]) -> str:
    """The character's state in full (the prompt shows only Round, HP and hand)."""
    bases = " · ".join(f'{esc(b["name"])}{" (used)" if b["used"] else ""}: {esc(b["text"])}' for b in view["bases"])
    mode = term("one-dimensional") if view["mode"] == "line" else term("simple-play", "Simple play")
    return (f'<div class="ads-details"><p class="ads-stats"><b>HP {esc(view["hp"])}/{esc(view["max_hp"])}</b> · '
            f'{term("ads-hand-maximum", "Hand max " + str(view["hand_max"]))}'
            f' · {term("ads-fatigue", "Fatigue " + str(view["fatigue"]))}'
            f' · {term("ads-exhaustion", "Exhaustion " + str(view["exhaustion"]))}'
            f' · Draw {esc(view["draw_count"])} · Discard {esc(view["discard_count"])} · {term("ads-count", "Count")} {esc(view["count"])}</p>'
            f'<p class="muted">{esc(view["hero"])}, {esc(view["race"])} {esc(view["class"])} L{esc(view["level"])}'
            f' · Armed: {esc(view["armed"] or "nothing")}'
            + (f' ({term("dual-wield")})' if view["dual"] else "")
            + f' · Shield {"ready" if view["shield"] else "off"}'
            + ((f' · Grappled by {esc(view["grapple"])}' if view["grappled"] else f' · Grappling {esc(view["grapple"])}')
               if view["grapple"] else "")
            + (f' · {esc(view["dropped"])} knocked away' if view["dropped"] else "")
            + (" · Sneaking" if view["sneaking"] else "")
            + (f' · Diseased ({view["disease"]["damage"]}/Round, {view["disease"]["left"]} left)' if view["disease"] else "")
            + f' · {mode} · {term("ads-lighting", view["light"].title() + " light")}</p>'
            f'<p class="muted">{term("base-action", "Base Actions")} (once a Round): {bases}</p></div>')


def render(view: dict[str, Any], session: Session) -> str:
    r = view["round"]
    party = _party(view) if view.get("party") else ""
    if party and view["party"]["cover"] and view["phase"] != "over":
        return _cover(view, party)
    chosen = "".join(card_svg(c, r) for c in view["chosen"]) if view["phase"] == "choose" else ""
    box = now(view, big_rondel(view), chosen,
              ways_on(session) if view["phase"] == "over" and getattr(session, "system", "") == "ads" else "")
    foes = "".join(_foe(f) for f in view["foes"])
    hand = ""
    if view["phase"] not in ("choose", "over") and not view.get("waiting"):
        hand = hand_cards(view["hand"], r)
        if view["persist"]:
            hand += (f'<h2>{term("persistent-effect")}</h2><div class="ads-hand">'
                     + "".join(card_svg(c, r) for c in view["persist"]) + "</div>")
    return (f'<section class="table ads-table" data-system="ads" data-phase="{esc(view["phase"])}">'
            f'{party}{box}{_grid(view)}{hand}<h2>Foes</h2><div class="ads-foes">{foes}</div>'
            f'{_details(view)}{_draws(view)}{log_list(view["log"], "Fight log")}</section>')


# the Foes from the easiest to the hardest for a ready-made deck, measured: the random player's
# policy and the first button on the screen, 100 seeds per deck and Foe, each Foe alone, the
# suggested starting hand (docs/rules/ads.md, "A newcomer's first fight")
FOE_LADDER = ("goblin_archer", "goblin_skirmisher", "plague_rat", "cultist", "bandit", "hobgoblin_captain",
              "skeletal_warrior", "cave_troll")
FIRST_FOE = FOE_LADDER[0]   # a newcomer's first fight (Play now, before any ADS fight was played)


def first_fight(app: Any) -> bool:
    """Is the next ADS fight this player's first? No ADS fight is kept on this phone."""
    sessions = getattr(app, "sessions", None) or {}
    return not any(getattr(s, "system", "") == "ads" for s in sessions.values())


def _quick(session: Session) -> bool:
    """Did this fight start with Play now's suggested hand?"""
    deck = str(session.options.get("deck"))
    return [a.get("card") for a in session.actions[:4]] == list(QUICK.get(deck, ()))


def ways_on(session: Session) -> str:
    """The end of a lone fight is never a dead end (issue 50): the same fight again, the next
    Foe up the ladder with the same character, the setup to choose any Foe, Home."""
    o = dict(session.options)
    deck = str(o.get("deck", "warrior"))
    foe = str(o.get("foe", "goblin_skirmisher"))
    nxt = FOE_LADDER[(FOE_LADDER.index(foe) + 1) % len(FOE_LADDER)] if foe in FOE_LADDER else FOE_LADDER[0]
    quick = _quick(session)
    hidden = '<input type="hidden" name="quick" value="yes">' if quick else ""
    fill = "quick" if quick else None
    again = button(f"Fight again: {data.foe_card(foe)['name']}", "new", {"system": "ads", "options": o},
                   cls="btn primary", fill=fill)
    ours = {k: v for k, v in o.items() if k != "card"}  # the next Foe up the ladder is one of ours
    other = button(f"Another Foe: {data.foe_card(nxt)['name']}", "new",
                   {"system": "ads", "options": dict(ours, foe=nxt)}, cls="btn", fill=fill)
    return (f'<h2>What next?</h2>{hidden}<div class="choices ads-ways">{again}{other}'
            f'<p class="muted">{esc(FOE_LINES.get(nxt, ""))}</p>'
            f'{button("Choose a Foe and a deck", "setup", "ads", cls="btn")}'
            f'{button("Home", "home", cls="btn")}</div>')


def _select(name: str, label: str, options: list[tuple[str, str]], default: str) -> str:
    opts = "".join(f'<option value="{esc(v)}"{" selected" if v == default else ""}>{esc(t)}</option>'
                   for v, t in options)
    return f'<label>{esc(label)} <select name="{esc(name)}">{opts}</select></label>'


FIELDS = ("deck", "foe", "count", "mode", "place", "updown", "start", "light", "dual", "ranged_melee")


# one line per ready-made deck and Foe: what it means in play (issue 25, setup forms explain)
DECK_LINES = {
    "warrior": "Swords, axes and a warhammer, chainmail and shields, Parry: hits hard at Melee, soaks blows.",
    "rogue": "Daggers and bows, Dodge and Sneak: strikes from hiding and slips out of the way.",
    "mage": "Energy Bolt, Frost Shard, Fire Burst: Ethereal damage from afar and wards, fragile up close.",
    "priest": "Mace and shield, Smite and healing words: slow to wear down, heals in the fight.",
}
FOE_LINES = {
    "goblin_skirmisher": "Short sword; hides when hurt, flees at 1 HP; four of them grapple (Overwhelm).",
    "goblin_archer": "Shoots from afar and backs away from Melee (Kiter).",
    "skeletal_warrior": "Steady blows, counters with Strength, turns on whoever hit it last.",
    "cave_troll": "Big and slow, heals every Round (Regeneration), goes for the weakest.",
    "plague_rat": "Many small bites that can pass on a Disease.",
    "cultist": "Heals its allies, punishes spellcasters, keeps out of Melee unless it outnumbers you.",
    "bandit": "Goes for the biggest threat, hides after a hard hit; two of them grapple (Overwhelm).",
    "hobgoblin_captain": "A tough officer that Re-Counters and Escalates, and can disarm you.",
}
MODE_LINES = (("Simple", "distances ignored: every card reaches every Foe. The quickest."),
              ("One Dimensional", "each Foe is at Melee, Thrown or Ranged; Move is an action; cards reach only "
                                  "the distances they show."))
# Play now: a starting hand of 4 (the book: any 4 but Fortitude), chosen for each ready-made deck
QUICK = {"warrior": ("longsword", "chainmail", "parry", "strength"),
         "rogue": ("dagger", "dodge", "leather_armor", "agility"),
         "mage": ("energy_bolt", "frost_shard", "arcane_ward", "intellect"),
         "priest": ("mace", "small_shield", "healing_word", "piety")}


def quick_buttons(system: str, verb_options: Any, words: str, fill: str = "quick") -> str:
    """The "play now" buttons: one per ready-made deck, each with its line; the hidden
    ``quick`` field tells ``options_from_form`` to take the deck's suggested hand."""
    rows = ""
    for k, d in data.decks().items():
        tap = button(d["name"], "new", {"system": system, "options": verb_options(k)}, cls="btn primary",
                     fill=fill, title=f'Play now as {d["name"]} {words}')
        hp = data.player_hp(d["race"], d["class"], d["level"])
        rows += (f'<div class="choice">{tap}<p class="muted">{esc(d["race"].title())} {esc(d["class"].title())}, '
                 f'{hp} HP: {esc(DECK_LINES.get(k, ""))}</p></div>')
    return f'<input type="hidden" name="quick" value="yes">{rows}'


def _about(title: str, rows: list[tuple[str, str]]) -> str:
    items = "".join(f"<li><b>{esc(n)}</b>: {esc(t)}</li>" for n, t in rows)
    return f'<details class="ads-about"><summary>{esc(title)}</summary><ul>{items}</ul></details>'


def made_foes(app: Any) -> list[tuple[str, dict[str, Any]]]:
    """(library key, card) of each Foe the player made and kept, by name (the maker's)."""
    from ..make.foe import made_foes as kept
    return kept(app) if getattr(app, "library", None) else []


def _foe_picker(app: Any) -> str:
    """The Foe select: the book's Foes and ours, then the player's own (marked as yours), and
    the way to make one from the Foe chosen (ui/make/: a copy in a form, kept in the Library)."""
    def row(k: str, f: dict[str, Any], yours: bool) -> str:
        words = f'{f["name"]} (L{f["level"]}, {f["hp"]} HP{", yours" if yours else ""})'
        return f'<option value="{esc(k)}"{" selected" if k == chosen else ""}>{esc(words)}</option>'
    made = made_foes(app)
    chosen = getattr(app, "ads_foe", None)
    chosen = chosen if any(k == chosen for k, _ in made) else "goblin_skirmisher"
    ours = "".join(row(k, f, False) for k, f in data.foes().items())
    mine = "".join(row(k, f, True) for k, f in made)
    groups = (f'<optgroup label="The book\'s Foes and ours">{ours}</optgroup>'
              f'<optgroup label="Your own Foes">{mine}</optgroup>') if mine else ours
    make = button("Make your own from this Foe", "make", {"kind": "foe-ads", "field": "foe"}, cls="btn",
                  fill="foe", title="Make your own Foe from a copy of the Foe chosen")
    return (f'<label>Foe <select name="foe">{groups}</select></label>'
            + _about("What each Foe does", [(f["name"], FOE_LINES.get(k, "")) for k, f in data.foes().items()]
                     + [(f["name"], "Yours: made on this phone.") for _, f in made])
            + f'<div class="ads-make">{make}</div>')


def setup(app: Any = None) -> str:
    decks = [(k, f'{d["name"]} ({d["race"].title()} {d["class"].title()})') for k, d in data.decks().items()]
    form = "".join([
        _select("deck", "Your character and Combat Deck", decks, "warrior"),
        _about("What each deck does", [(d["name"], DECK_LINES.get(k, "")) for k, d in data.decks().items()]),
        _foe_picker(app),
        _select("count", "How many", [("1", "1"), ("2", "2"), ("3", "3"), ("4", "4")], "1"),
        _select("mode", "Way to play", [("simple", "Simple (distances ignored)"),
                                        ("line", "One Dimensional (Ranged / Thrown / Melee)")], "simple"),
        '<ul class="ads-lines">' + "".join(f"<li><b>{n}</b>: {esc(t)}</li>" for n, t in MODE_LINES) + "</ul>",
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
    first = first_fight(app)
    foe = data.foe_card(FIRST_FOE if first else "goblin_skirmisher")
    quick = quick_buttons("ads", (lambda k: {"deck": k, "foe": FIRST_FOE}) if first else (lambda k: {"deck": k}),
                          f"against a {foe['name']}")
    key = getattr(app, "ads_foe", None)
    mine = dict(made_foes(app)).get(key) if key else None
    if mine is not None:  # a Foe just kept or opened from the Library: the next step is to fight it
        quick = (f'<input type="hidden" name="yours" value="{esc(key)}">'
                 + quick_buttons("ads", lambda k: {"deck": k}, f"against {mine['name']}", fill="quick,yours"))
        head = (f'<h2>Fight your Foe now</h2><p class="muted">One {esc(mine["name"])} (yours: L{mine["level"]}, '
                f'{mine["hp"]} HP), Simple play, with a suggested starting hand: one tap to the fight.</p>')
        return _setup_page(head, quick, form, f"Fight {mine['name']} now: pick a ready-made character")
    head = (f'<h2>Your first fight</h2><p class="muted">One {esc(foe["name"])}, the easiest Foe '
            f'({foe["hp"]} HP; {esc(FOE_LINES[FIRST_FOE])}), Simple play, with a suggested starting hand: '
            f'one tap to the fight. After it you choose any Foe.</p>' if first else
            f'<h2>Play now</h2><p class="muted">A ready-made character against one {esc(foe["name"])} (the '
            f'book\'s own Foe card), Simple play, with a suggested starting hand: one tap to the fight.</p>')
    return _setup_page(head, quick, form, "Play now: pick a ready-made character")


def _setup_page(head: str, quick: str, form: str, label: str) -> str:
    return (f'<section class="setup ads-setup"><h1>New ADS fight</h1>'
            f'<p class="muted">A solo fight on the Combat Rondel: your 52-card Combat Deck against Foe '
            f'cards run by Up/Down draws. Pocketdeck runs the Foes; you choose every card.</p>'
            + prompt(f'{head}{quick}', cls="ads-quick", label=label)
            + f'<h2>Or set up the fight yourself</h2><form class="form" data-form>{form}'
            f'{button("Begin the fight", "new", {"system": "ads"}, cls="btn primary", fill=",".join(FIELDS), submit=True)}'
            f'</form></section>')


def take_quick_hand(app: Any, session: Session, deck_id: str) -> list[tuple[str, ...]]:
    """Play now: the ready-made deck's suggested 4 starting cards, chosen as the player would
    (four ordinary "choose" actions, so Undo and the saved history are the same)."""
    taken = []
    for card in QUICK.get(deck_id, ()):
        action = {"type": "choose", "card": card}
        if action in session.game.legal_actions(session.state):
            session.play(action)
            taken.append(data.card(card)["name"])
    if not taken:
        return []
    said = f"Play now: your starting hand is {', '.join(taken[:-1])} and {taken[-1]}, and you drew 3 more."
    foe = session.state.get("foes", [{}])[0].get("name") if session.system == "ads" else None
    if foe and session.options.get("foe") == FIRST_FOE and first_of(app, session):
        said = f"Your first fight: one {foe}, the easiest Foe. " + said
    app.flash = ("info", (app.flash[1] + " " if getattr(app, "flash", None) else "") + said)
    return [("put", f"game:{app.slot_of(session)}", save_text(session))]


def first_of(app: Any, session: Session) -> bool:
    """Is ``session`` the only ADS fight on this phone (the player's first)?"""
    return [s for s in app.sessions.values() if getattr(s, "system", "") == "ads"] == [session]


def _after_play(app: Any, session: Session) -> list[tuple[str, ...]]:
    quick, app.ads_quick = getattr(app, "ads_quick", None), None
    return take_quick_hand(app, session, str(session.state["options"]["deck"])) if quick else []


def options_from_form(fields: dict[str, Any], app: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if app is not None:  # Play now: the deck's suggested hand is taken once the game exists
        app.ads_quick = None
    for key in FIELDS:
        if key in fields and fields[key] != "":
            out[key] = str(fields[key])
    yours = fields.get("yours")  # Fight your Foe now (a kept Foe's key), else the Foe picker's choice
    mine = dict(made_foes(app)).get(yours if isinstance(yours, str) and yours else out.get("foe", ""))
    if mine is not None:  # a Foe of the player's own: the game keeps its card (rules: option "card")
        from ...systems.ads.foecard import made_id
        card = dict(mine, id=made_id(mine))  # the id names the card as it is now (renamed, say)
        out["foe"], out["card"] = card["id"], card
    for key, what in (("dual", "Dual Wielding"), ("ranged_melee", "Ranged weapons at Melee")):
        if key in out:
            if out[key] not in ("yes", "no"):
                raise IllegalAction(f"{what}: yes or no")
            out[key] = out[key] == "yes"
    if "count" in out:
        if out["count"] not in ("1", "2", "3", "4"):
            raise IllegalAction("How many: 1 to 4 Foes")
        out["count"] = int(out["count"])
    if app is not None and fields.get("quick") == "yes":
        app.ads_quick = "deck"  # the deck is in the game's options: read it after the start
    return out


register_table(Table(
    system="ads", title="Adventure Deck System",
    blurb="A solo fight: your 52-card Combat Deck on the Rondel against Foe cards run by Up/Down draws.",
    render=render, setup=setup, options_from_form=options_from_form, after_play=_after_play))
