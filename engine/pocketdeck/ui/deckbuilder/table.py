"""The Deckbuilder RPG table: the arenas and who stands where, the six Action Tableau
stacks as big tap targets, the acting hero's hand drawn as cards (matching cards are
buttons), counters on weapons and armor, the monsters with hits or health, the defense
choice when a monster attacks, the Synergy prompt for allies in the same arena, the dice
as they fell, the spoils, and the log. Every choice is a button built from the view's
legal actions; hot-seat for 1 to 4 heroes."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.saves import Session
from ...systems.deckbuilder import data
from .setup import LIB, options_from_form, setup
from ..flow import prompt
from ..html import button, esc as _esc, log_list
from ..learn_ui import term, why
from ..tables import Table, register_table

# one colour and one glyph per stack (drawn as SVG paths: same on every phone)
COLOURS = {"melee": "#b3412e", "range": "#3d7a2e", "mana": "#3856a8", "defend": "#6d6f78",
           "rest": "#8a6a1f", "item": "#7a3d8a", None: "#555"}
GLYPHS = {
    "melee": "M20 78 L70 28 L78 22 L76 30 L26 80 Z M18 70 L30 82 M14 86 L22 78",
    "range": "M16 80 L80 16 M80 16 L66 18 M80 16 L78 30 M16 80 L20 68 M16 80 L28 76",
    "mana": "M50 10 L60 40 L90 40 L65 58 L75 88 L50 70 L25 88 L35 58 L10 40 L40 40 Z",
    "defend": "M50 10 L84 22 C84 56 70 78 50 90 C30 78 16 56 16 22 Z",
    "rest": "M62 14 A36 36 0 1 0 86 62 A28 28 0 1 1 62 14 Z",
    "item": "M26 36 L74 36 L80 86 L20 86 Z M38 36 C38 18 62 18 62 36",
    None: "M30 30 L70 70 M70 30 L30 70",
}
PIPS = {1: [(50, 50)], 2: [(28, 28), (72, 72)], 3: [(28, 28), (50, 50), (72, 72)],
        4: [(28, 28), (72, 28), (28, 72), (72, 72)],
        5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
        6: [(28, 26), (72, 26), (28, 50), (72, 50), (28, 74), (72, 74)]}
GROUPS = [
    ("Attack", ("attack",)),
    ("Use the card", ("counter", "armor", "retreat", "draw3", "expend", "heal2", "latent", "power",
                      "equip", "pickup", "heal", "heal_all", "skip")),
    ("Expend", ("expend_card", "expend_done")),
    ("Finish", ("end", "done", "synergy_draw")),
]


@lru_cache(maxsize=8192)
def esc(value: str | int) -> str:
    """html.esc, remembered: the same names and log lines come back on every step (the
    screen is redrawn whole after each tap), so each is escaped once."""
    return _esc(value)


@lru_cache(maxsize=None)
def glyph(stack: str | None, colour: str, x: float, y: float, size: float) -> str:
    k = size / 100
    fill = "none" if stack in ("melee", "range", None) else colour
    return (f'<path transform="translate({x:g} {y:g}) scale({k:g})" d="{GLYPHS[stack]}" '
            f'fill="{fill}" stroke="{colour}" stroke-width="{8 if fill == "none" else 3}" '
            f'stroke-linecap="round" stroke-linejoin="round"/>')


@lru_cache(maxsize=None)
def battle_card_svg(card: str) -> str:
    """A battle card: its stack's colour band and glyph drawn, its name as text under them
    (page text, so it is never under 12 px however small the card is drawn)."""
    sym = data.symbol(card)
    if data.is_gear(card):  # an at-hand item, spell, armor or power: equipped by Item/Ability
        sym = "item"
    colour = COLOURS[sym]
    name = data.card_name(card)
    special = card in data.abilities() or data.is_gear(card)
    return (f'<span class="db-card" data-card="{esc(card)}"><svg viewBox="0 0 100 72" aria-hidden="true">'
            f'<rect x="1.5" y="1.5" width="97" height="69" rx="8" class="face"/>'
            f'<rect x="1.5" y="1.5" width="97" height="14" rx="7" fill="{colour}"/>'
            + (f'<circle cx="86" cy="30" r="6" fill="{colour}"/>' if special else "")
            + glyph(sym, colour, 30, 20, 44) + f'</svg><span class="db-card-name">{esc(name).replace("/", "/<wbr>")}</span></span>')


@lru_cache(maxsize=None)
def die_svg(n: int, cls: str = "db-die") -> str:
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="9"/>' for x, y in PIPS.get(n, []))
    return (f'<svg class="{cls}" viewBox="0 0 100 100" role="img" aria-label="die showing {esc(n)}">'
            f'<rect x="4" y="4" width="92" height="92" rx="16" class="db-die-face"/>{pips}</svg>')


def _by_type(view: dict[str, Any], kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    return [e for e in view["actions"] if e["action"]["type"] in kinds]


def _monster_of(view: dict[str, Any], mid: str | None) -> dict[str, Any] | None:
    return next((m for m in view["monsters"] if m["id"] == mid), None)


def _hero(view: dict[str, Any], hid: str | None) -> dict[str, Any] | None:
    return next((h for h in view["heroes"] if h["id"] == hid), None)


# -- the table --------------------------------------------------------------------------------
def render(view: dict[str, Any], session: Session) -> str:
    """The prompt first (who acts, what just happened, the choices, the hand), so it is in
    view after every tap; the zone, the turn order, the sheets and the log below it."""
    z = view["zone"]
    if view["phase"] == "over":
        # a guest's phone at a table of phones draws the host's game with no session: no
        # Play again there (the host's phone starts the next battle)
        view = dict(view, again=session.options if session is not None else None)
    head = (f'<h1 class="db-title">{esc(z["name"])} <span class="muted">· encounter {esc(z["number"])} of {esc(z["of"])}, '
            f'round {esc(view["round"])}</span></h1>')
    choosing = bool(_by_type(view, ("take", "gm_stack")))
    now = prompt(_banner(view) + _rolls(view) + _prompt(view) + (_tableau(view) if choosing else "")
                 + _actions(view) + _hand(view), label=_now_text(view), cls="db-turn")
    body = [head, now, "" if choosing else _tableau(view), _arenas(view), _order(view), _sheets(view), _log(view)]
    return (f'<section class="table db" data-system="deckbuilder" data-phase="{esc(view["phase"])}"'
            f' data-acting="{esc(view["acting"] or "")}">' + "".join(body) + '</section>')


def _doing(view: dict[str, Any]) -> tuple[str, str]:
    """(who, what they do now) in plain words, for the banner and the prompt's name."""
    if view["phase"] == "over":
        return "", ("Victory: the party has cleared every encounter." if view["outcome"] == "won"
                    else "Defeat: every hero has fallen.")
    if view["mturn"] is not None or view["guard"]:
        m = _monster_of(view, view["mturn"]["actor"] if view["mturn"] else view["acting"])
        return "Game Master", f'{m["name"] if m else "a monster"} acts. Heroes, hand the phone to the GM.'
    h = _hero(view, view["acting"])
    if h is None:
        return "", ""
    t = view["turn"]
    if view["phase"] == "upgrade":
        what = "spends experience"
    elif view["phase"] == "spoils":
        what = "takes a card from the spoils"
    elif view["pending"]:
        what = "is attacked: choose the defense"
    elif t is None:
        what = "takes a card from the Action Tableau"
    elif t["mode"] == "synergy":
        what = f"may join in with Synergy ({t['stack_name']})"
    elif t["step"] == "attack":
        what = f"took {t['stack_name']}: first an attack at a penalty"
    elif t["mode"] == "turn" and t["stack"] == "melee" and t["attacked"]:
        what = "made the melee attack: end the turn"
    elif t["tokens"]:
        what = f"took {t['stack_name']}: use {t['tokens'][0]}"
    else:
        what = f"took {t['stack_name']}: play more cards or end the turn"
    return h["name"], what


def _now_text(view: dict[str, Any]) -> str:
    who, what = _doing(view)
    return f"{who}: {what}" if who else what


def _banner(view: dict[str, Any]) -> str:
    if view["phase"] == "over":
        _, what = _doing(view)
        return (f'<p class="db-now db-over">{esc(what)} The party is saved to this phone\'s hero library: '
                f'pick them on the next battle\'s form.</p>{_ways_on(view)}')
    who, what = _doing(view)
    if not who:
        return ""
    gm = " db-gm-now" if who == "Game Master" else ""
    words = esc(what)
    for plain, key in (("Action Tableau", "action-tableau"), ("Synergy", "synergy"), ("Game Master", "db-game-master")):
        if plain in what:  # the first book term of the line, tappable for its meaning
            words = words.replace(esc(plain), term(key, plain), 1)
            break
    return f'<p class="db-now{gm}"><b>{esc(who)}</b> {words}</p>'


def _ways_on(view: dict[str, Any]) -> str:
    """Every end has a way on (issue 50): the same battle again, another battle (the form),
    Home. ``view["again"]`` is the game's own options, put there by ``render``."""
    again = view.get("again")
    btns = (button("Play again", "new", {"system": "deckbuilder", "options": again}, cls="btn primary",
                   title="Play the same battle again, with the same heroes") if again is not None else "")
    btns += button("Another battle", "setup", "deckbuilder", cls="btn",
                   title="Another battle: choose heroes and encounters")
    btns += button("Home", "home", cls="btn", title="Home: every table")
    return f'<div class="choices db-ways-on">{btns}</div>'


def _roll_words(view: dict[str, Any], r: dict[str, Any]) -> str:
    """One attack beside its dice, short (the result box above says it in full words):
    who hit whom, the total against the defense, and what it did."""
    if r["hit"]:
        res = f'hit{", critical" if r["critical"] else ""}: {r["damage"]} damage'
        h = next((x for x in view["heroes"] if x["name"] == r["target"]), None)
        if h is not None:
            res += f', {esc(h["health"])}/{esc(h["max_health"])} left' + (" (unconscious)" if h["down"] else "")
    else:
        res = "miss"
    return (f'{esc(r["attacker"])} → {esc(r["target"])}: {esc(r["total"])} against {esc(r["defense"])}, '
            f'<b>{esc(res)}</b>')


def _rolls(view: dict[str, Any]) -> str:
    if not view["rolls"]:
        return ""
    rows = []
    for r in view["rolls"]:
        dice = "".join(die_svg(d) for d in r["dice"])
        if r["critical"]:
            dice += '<span class="db-plus">+</span>' + die_svg(r["crit_die"], "db-die crit")
        rows.append(f'<li class="db-roll{" hit" if r["hit"] else ""}"><span class="db-dice">{dice}</span>'
                    f'<span>{_roll_words(view, r)}</span></li>')
    return f'<ul class="db-rolls" aria-label="Attack rolls">{"".join(rows)}</ul>'


def _defense_choice(view: dict[str, Any], pend: dict[str, Any], kind: str, gm: str) -> str:
    btns = "".join(button(f'{e["label"]} ({e["chance"]} to be hit)', "play", e["action"], cls="btn")
                   for e in _by_type(view, (kind,)))
    return (f'<div class="db-prompt{gm}" role="group" aria-label="Defense">'
            f'<p>{"Game Master: " if gm else ""}<b>{esc(pend["attacker"])}</b> attacks '
            f'<b>{esc(pend["target"])}</b> with {esc(pend["weapon"])} ({term("db-to-hit", "to-hit")} '
            f'{pend["to_hit"]:+d} against {term("db-defense", "defense")} {esc(pend["defense"])}). '
            f'Spend defense counters? Each adds 2 (a {term("defense-counter")} is spent for good).</p>'
            f'<div class="db-btns">{btns}</div></div>')


def _prompt(view: dict[str, Any]) -> str:
    pend = view["pending"]
    if pend:
        return _defense_choice(view, pend, "spend", "")
    if view["phase"] == "spoils":
        cards = "".join(button(f'{battle_card_svg(e["action"]["card"]) if data.symbol(e["action"]["card"]) else ""}'
                               f'<span>{esc(e["label"])}</span>', "play", e["action"], cls="btn db-spoil", raw_label=True)
                        for e in _by_type(view, ("pick",)))
        return (f'<div class="db-prompt" role="group" aria-label="Spoils"><p>The {term("spoils")}: each hero takes one card. '
                f'The card joins your deck, gear and ability cards alike (equip gear when you draw it).</p>'
                f'<div class="db-btns">{cards}</div></div>')
    if view["phase"] == "upgrade" and view["upgrade"]:
        return _upgrade_prompt(view)
    if view["guard"]:
        return _defense_choice(view, view["guard"], "gm_spend", " db-gm")
    if view["mturn"] is not None:
        return _gm_prompt(view)
    t = view["turn"]
    if t and t["mode"] == "turn" and t["stack"] == "melee":
        return _melee_note(view, t)
    if t and t["mode"] == "synergy":
        return (f'<div class="db-prompt db-synergy" role="group" aria-label="Synergy"><p>Synergy for '
                f'<b>{esc(_hero(view, t["actor"])["name"])}</b>: the active hero took {esc(t["stack_name"])}. '  # type: ignore[index]
                f'Play matching cards for their actions, or draw one card.</p></div>')
    return ""


def _melee_in_hand(view: dict[str, Any]) -> int:
    """Cards in the acting hero's hand that may still be played this turn (the glowing ones)."""
    playable = {e["action"]["card"] for e in _by_type(view, ("play",))}
    return sum(1 for c in (_hero(view, view["acting"]) or {}).get("hand") or [] if c in playable)


def _melee_note(view: dict[str, Any], t: dict[str, Any]) -> str:
    """What the book allows now in a Melee Turn, said before a card can be wasted (issue 50,
    item 6). Deckbuilder RPG, Melee: "Once the cards have been played and the counters
    tallied, the melee attack is rolled"; the example: "You would use 2 of the cards to add
    2 attack counters to a melee weapon. The final card would be used to attack with it"."""
    left = len(t["tokens"])
    more = 0 if t["attacked"] else _melee_in_hand(view)
    if t["attacked"]:
        if t["step"] != "use":
            return ""
        unused = f" {left} played card{'s' if left != 1 else ''} went unused." if left else ""
        kept = sum(1 for c in (_hero(view, view["acting"]) or {}).get("hand") or [] if data.symbol(c) == "melee")
        keep = (f" Your other Melee card{'s stay' if kept != 1 else ' stays'} in your hand for a later turn."
                if kept else "")
        words = (f"The melee attack is made, and it ends this turn's cards: no card is played or used after it."
                 f"{unused}{keep} End the turn.")
    elif left > 1:
        words = (f"You have {left} Melee cards to use. Each gives a {term('attack-counter', 'counter')} (+2 to hit) "
                 f"or the attack, and the attack comes last: it ends this turn's cards. Put this one on a counter, "
                 f"then attack with the last.")
    elif more:
        words = (f"Before you attack, play your other Melee card{'s' if more > 1 else ''} from your hand (they glow): "
                 f"each adds a {term('attack-counter', 'counter')} (+2 to hit), and the last one played makes the attack. "
                 f"The attack comes last and ends this turn's cards.")
    elif left and _by_type(view, ("attack",)) and not _by_type(view, ("counter",)):
        words = "This card makes the melee attack (the Melee action must attack a monster in reach)."
    else:
        return ""
    return f'<div class="db-prompt db-melee" role="note"><p>{words}</p></div>'


def _upgrade_prompt(view: dict[str, Any]) -> str:
    up = view["upgrade"]
    btns = "".join(button(e["label"], "play", e["action"],
                          cls="btn primary" if e["action"]["type"] == "upgrade_done" else "btn")
                   for e in _by_type(view, ("upgrade", "upgrade_done")))
    return (f'<div class="db-prompt db-upgrade" role="group" aria-label="Upgrade"><p><b>{esc(up["hero"])}</b> has '
            f'<b>{up["xp"]}</b> experience to spend ({term("db-experience", "what it buys")}), one card at a time: '
            f'learn a new skill, or practise one you hold (in your deck or latent) to draw it more often. Each card joins your deck. '
            f'What is left is kept.</p>'
            f'<div class="db-btns">{btns}</div></div>')


GM_STEPS = {"stack": "tap one of the six tableau stacks below to take its card (it joins the boss's deck)",
            "play": "play matching cards from the boss's hand, then use them",
            "attack": "the penalty attack of this action comes first: choose whom it attacks",
            "use": "choose what the monster does with each card"}


def _gm_prompt(view: dict[str, Any]) -> str:
    mt = view["mturn"]
    m = _monster_of(view, mt["actor"]) or {"name": "", "kind": "minion"}
    what = GM_STEPS[mt["step"]]
    if mt["card"]:
        what = f'it turned {mt["card"]} from the minion deck: {what}'
    elif mt["stack"]:
        what = f'{mt["stack_name"]} with {mt["uses"]} card{"s" if mt["uses"] != 1 else ""}: {what}'
    hand = ""
    if m.get("hand") is not None:
        cards = "".join(f'<span class="db-hand-card">{battle_card_svg(c)}</span>' for c in m["hand"])
        hand = f'<div class="db-hand db-boss-hand" aria-label="The boss\'s hand">{cards or "<p class=muted>No cards.</p>"}</div>'
    btns = "".join(button(e["label"] + (f' · {e["chance"]}' if "chance" in e else ""), "play", e["action"],
                          cls="btn primary" if e["action"]["type"] == "gm_go" else "btn")
                   for e in view["actions"] if e["action"]["type"].startswith("gm_")
                   and e["action"]["type"] not in ("gm_stack", "gm_spend"))
    return (f'<div class="db-prompt db-gm" role="group" aria-label="Game Master"><p>Game Master: '
            f'<b>{esc(m["name"])}</b>, {esc(what)}.</p>{hand}<div class="db-btns">{btns}</div></div>')


@lru_cache(maxsize=512)
def _stack_face(stack: str, name: str, left: int) -> str:
    return (f'<span class="db-face"><svg class="db-glyph" viewBox="0 0 100 100" aria-hidden="true">'
            f'{glyph(stack, COLOURS[stack], 0, 0, 100)}</svg>'
            f'<span class="db-stack-name">{esc(name)}</span><span class="db-left">{left} left</span></span>')


def _tableau(view: dict[str, Any]) -> str:
    if view["phase"] != "battle":
        return ""
    # a hero's Turn, or the GM choosing a boss's stack: the stacks themselves are the buttons
    takes = {e["action"]["stack"]: e for e in _by_type(view, ("take", "gm_stack"))}
    t = view["turn"]
    out = []
    for s in view["tableau"]:
        face = _stack_face(s["id"], s["name"], s["left"])
        if s["id"] in takes:
            out.append(button(face, "play", takes[s["id"]]["action"], cls="db-stack", raw_label=True,
                              title=f'Take {s["name"]}: {s["text"]}'))
        else:
            now = " taken" if t and t["stack"] == s["id"] else ""
            out.append(f'<div class="db-stack{now}">{face}</div>')
    return f'<div class="db-tableau" role="group" aria-label="Action Tableau">{"".join(out)}</div>'


def _hand(view: dict[str, Any]) -> str:
    h = _hero(view, view["acting"])
    if h is None or h["hand"] is None or view["phase"] != "battle":
        return ""
    plays = {e["action"]["card"]: e for e in _by_type(view, ("play",))}
    cards = []
    reasons: dict[str, str] = {}
    for c in h["hand"]:
        if c in plays:
            cards.append(button(battle_card_svg(c), "play", plays[c]["action"], cls="db-hand-card playable",
                                raw_label=True, title=f"Play {data.card_name(c)}"))
        else:
            why = _why_not(view, c)
            reasons.setdefault(why, why)
            cards.append(f'<span class="db-hand-card" data-hand-card data-why="{esc(why)}">{battle_card_svg(c)}</span>')
    front = "".join(f'<span class="db-hand-card">{battle_card_svg(c)}</span>' for c in h["front"])
    front_html = (f'<h3 class="db-sub">Played this turn</h3><div class="db-front" aria-label="Played this turn">{front}</div>'
                  if front else "")
    tip = "; tap a glowing card to play it" if plays else ""
    why_html = "".join(f'<p class="muted db-why">{esc(w)}</p>' for w in reasons)
    return (f'<h2 class="db-sub">{esc(h["name"])}\'s hand <span class="muted">({len(h["hand"])}{tip})</span></h2>'
            f'<div class="db-hand">{"".join(cards) or "<p class=muted>No cards.</p>"}</div>{why_html}{front_html}')


def _why_not(view: dict[str, Any], card: str) -> str:
    """Why a card in the hand cannot be played now, in the book's words (issue 50: no card
    shown unplayable without a reason)."""
    t = view["turn"]
    name = data.card_name(card)
    if data.is_gear(card):
        return f"{name}: gear matches no action; equip it with Item/Ability (or expend it with Rest)."
    if view["pending"] or view["guard"] or view["mturn"] is not None:
        return "Cards are played in your own turn or Synergy."
    if t is None:
        return "Take a stack from the Action Tableau first: then the cards with its symbol can be played."
    if t["step"] == "attack":
        return f"{t['stack_name']} makes its attack at a penalty first; then matching cards can be played."
    if t["step"] == "expend":
        return "Choose the cards to expend first."
    if t["mode"] == "turn" and t["stack"] == "melee" and t["attacked"]:
        return "The melee attack ends this turn's cards: the hand waits for a later turn."
    if data.symbol(card) != t["stack"]:
        return f"Only {t['stack_name']} cards join this {'Synergy' if t['mode'] == 'synergy' else 'turn'}."
    return f"{name} cannot be played now."


# the one-line explanation of each action button whose name alone does not say what it does
WHY = {
    "counter": "A counter gives the next attack with this weapon +2 to hit; that attack uses them all.",
    "armor": "A defense counter on your armor: when you are attacked, spend it for +2 defense.",
    "retreat": "Move there. Every enemy engaged with you gets one parting melee attack as you go.",
    "draw3": "Take 3 cards from your draw pile into your hand (a hand holds at most 8).",
    "expend": "Set up to 3 cards from your hand aside for the rest of this battle (Fatigue cards first).",
    "expend_done": "Keep the rest of your hand and go on with your turn.",
    "heal2": "Get 2 battle health back, never above your maximum.",
    "latent": "This latent ability goes to your discard pile, so you can draw and play it later.",
    "power": "Use this lasting power now; it stays with you for later turns.",
    "equip": "Take this gear into use. A third weapon or spell swaps one of the two out.",
    "pickup": "Take the item lying in this arena into your at-hand items (equip it later).",
    "skip": "This card can do nothing useful now: let it go and carry on.",
    "end": "Finish your turn: draw a card, then allies in your arena may join in with Synergy.",
    "done": "Stop playing Synergy cards; the next ally or the next turn follows.",
    "synergy_draw": "Play no matching card and draw one card instead.",
}


def _actions(view: dict[str, Any]) -> str:
    out = []
    n = 0
    t = view["turn"]
    groups = GROUPS
    attack_note = ""
    if t and t["mode"] == "turn" and t["stack"] == "melee" and not t["attacked"]:
        left, more = len(t["tokens"]), _melee_in_hand(view)
        if left > 1 or more:
            # Melee: the counters first, the attack last (it ends the turn's cards)
            groups = [GROUPS[1], GROUPS[0], *GROUPS[2:]]
            attack_note = (f" (ends the turn: {left - 1} played card{'s' if left > 2 else ''} unused)" if left > 1
                           else " (ends the turn's cards)")
    for title, kinds in groups:
        es = _by_type(view, kinds)
        if not es:
            continue
        btns = []
        for e in es:
            kind = e["action"]["type"]
            label = e["label"] + (attack_note if kind == "attack" else "") + (f' · {e["chance"]}' if "chance" in e else "")
            b = button(label, "play", e["action"],
                       cls="btn primary" if kind in ("end", "done", "synergy_draw") else "btn")
            if kind in WHY:
                n += 1
                b = f'<span class="db-act">{b}{why(f"db-{n}", WHY[kind], "What " + e["label"] + " does")}</span>'
            btns.append(b)
        head = term("expend") if title == "Expend" else esc(title)
        out.append(f'<div class="db-group"><h2 class="db-sub">{head}</h2><div class="db-btns">{"".join(btns)}</div></div>')
    return "".join(out)


def _arenas(view: dict[str, Any]) -> str:
    heroes = {h["id"]: h for h in view["heroes"]}
    mons = {m["id"]: m for m in view["monsters"]}
    names = {a["id"]: a["name"] for a in view["arenas"]}
    out = []
    for a in view["arenas"]:
        links = []
        for ln in view["links"]:
            if a["id"] in (ln["a"], ln["b"]):
                other = ln["b"] if ln["a"] == a["id"] else ln["a"]
                kind = "open way" if ln["kind"] == "open" else ("open door" if ln["open"] else "closed door")
                links.append(f'<li>{esc(kind)} to {esc(names[other])}</li>')
        if not a["revealed"]:
            out.append(f'<li class="db-arena hidden"><h3>Unexplored arena</h3><ul class="db-links">{"".join(links)}</ul></li>')
            continue
        hs = "".join(f'<li class="db-chip hero{" down" if heroes[x]["down"] else ""}">{esc(heroes[x]["name"])} '
                     f'<span class="muted">{esc(heroes[x]["health"])}/{esc(heroes[x]["max_health"])}</span></li>' for x in a["heroes"])
        ms = "".join(_monster(mons[x]) for x in a["monsters"])
        ms += "".join(f'<li class="db-chip item">Item: {esc(i)}</li>' for i in a.get("items", []))
        out.append(f'<li class="db-arena"><h3>{esc(a["name"])}</h3><ul class="db-who">{hs}{ms}</ul>'
                   f'<ul class="db-links">{"".join(links)}</ul></li>')
    return (f'<h2>{term("encounter-zone")} <span class="muted">(each {term("arena", "arena")})</span></h2>'
            f'<ul class="db-arenas">{"".join(out)}</ul>')


def _monster(m: dict[str, Any]) -> str:
    if m["kind"] == "minion":
        life = f'{m["hits"]} hit{"s" if m["hits"] != 1 else ""} left'
        extra = f'{term("db-minion", "minion")}, defense {esc(m["defense"])}, attack {m["attack"]:+d}, damage {esc(m["damage"])}'
    else:
        life = f'{esc(m["health"])}/{esc(m["max_health"])} health'
        cs = ", ".join(f"{esc(k)} {esc(v)}" for k, v in m["counters"].items())
        extra = (f'{term("db-boss", "boss")}, defense {esc(m["defense"])}, {esc(m["defense_counters"])} defense counters'
                 + (f", counters: {cs}" if cs else "") + f', deck {esc(m["deck"])}')
    return (f'<li class="db-chip monster {esc(m["kind"])}"><b>{esc(m["name"])}</b> '
            f'<span class="db-life">{esc(life)}</span><span class="muted"> · {extra}</span></li>')


def _order(view: dict[str, Any]) -> str:
    items = "".join(f'<li class="{"out" if o["out"] else ""}{" now" if o["id"] == view["acting"] else ""}">{esc(o["name"])}</li>'
                    for o in view["order"])
    return (f'<h2>Turn order</h2><ol class="db-order">{items}</ol>'
            f'<p class="muted">{term("minion-deck")} {esc(view["minion_deck"])} · {term("fatigue-card", "Fatigue supply")} {esc(view["fatigue"])}</p>')


def _sheets(view: dict[str, Any]) -> str:
    out = []
    for h in view["heroes"]:
        st = h["stats"]
        ws = "".join(f'<li>{esc(w["name"])} <span class="muted">({esc(w["kind"])}, attack {w["attack"]:+d}, damage {esc(w["damage"])})</span>'
                     f' {_counters(w["counters"], "●", "counter")}</li>'
                     for w in h["weapons"])
        arm = ", ".join(f'{esc(a["name"])} (+{esc(a["defense"])})' for a in h["armor"]) or "none"
        health = (f'<span class="db-health"><b>{esc(h["health"])}</b>/{esc(h["max_health"])} battle health'
                  f'{" · unconscious" if h["down"] else ""}</span>')
        out.append(
            f'<details class="db-sheet"{" open" if h["id"] == view["acting"] else ""}><summary>{esc(h["name"])} · {health}</summary>'
            f'<p>Melee attack {st["melee_attack"]:+d}, melee damage {st["melee_damage"]:+d}, ranged attack {st["ranged_attack"]:+d}, '
            f'defense {esc(st["defense"])}, mana {st["mana"]:+d}</p>'
            f'<ul class="db-gear">{ws}</ul>'
            f'<p>Armor: {arm} {_counters(h["defense_counters"], "◆", "defense counter")}</p>'
            f'<p class="muted">Powers: {esc(", ".join(h["powers"]) or "none")} · Latent: {esc(", ".join(h["latent"]) or "none")}'
            f' · At hand: {esc(", ".join(h["at_hand"]) or "none")}</p>'
            f'<p class="muted">Hand {esc(h["hand_count"])} · draw {esc(h["draw"])} · discard {esc(h["discard"])} · expended {esc(h["expended"])}'
            f' · experience {esc(h["xp"])}</p></details>')
    words = (f'<p class="muted">What the words mean: {term("battle-health")}, {term("attack-counter", "counters")}, '
             f'{term("defense-counter", "defense counters")}, {term("db-power", "powers")}, '
             f'{term("latent-ability", "latent abilities")}, {term("at-hand", "at-hand items")}, '
             f'{term("expend", "expended")} cards.</p>')
    return f'<h2>Heroes</h2><div class="db-sheets">{"".join(out)}</div>{words}'


def _counters(n: int, mark: str, what: str) -> str:
    if not n:
        return f'<span class="muted">no {what}s</span>'
    return f'<span class="db-counters"><span aria-hidden="true">{mark * n}</span><span class="sr-only"> {n} {what}{"s" if n != 1 else ""}</span></span>'


def _log(view: dict[str, Any]) -> str:
    return log_list(view["log"])


register_table(Table(
    system="deckbuilder", title="Deckbuilder RPG",
    blurb="Tactical battles on the six-stack Action Tableau against minions and a boss: solo or hot-seat.",
    render=render, setup=setup, options_from_form=options_from_form, after_play=LIB.after_play))
