"""The P52 table: quest setup, character creation with live derived stats, laying out a
room by hand (a tap on an open cell lays the next card face down), the room as a
grid of face-down and revealed cards with the party and the enemies on it, an action bar
built from legal_actions (each attack with its exact hit chance from the Action deck as
it stands), enemy cards with HP, the Stamina pile (count only), character sheets,
level-up, the quest's end, and the log.

Characters go to the phone's library (IndexedDB, keys ``char:p52:<id>``) when a quest
ends, won or failed, and can join the next quest from the setup screen.
"""

from __future__ import annotations

import json
import re
import weakref
from typing import TYPE_CHECKING, Any

from ...core.limits import excerpt
from ...core.saves import Session, save_text
from ...systems.p52 import data as p52_data
from ...systems.p52.rules import check_record, export_characters
from .. import learn_ui
from . import made as p52_made
from . import quick as p52_quick
from . import steps as p52_steps
from ..cards import card_svg, mini_back, mini_card
from ..flow import new_lines, prompt
from ..html import block, button, esc, log_list
from ..learn_ui import term, why
from ..library.characters import CharacterLibrary
from ..tables import Table, register_table

if TYPE_CHECKING:
    from ..shell import App

MAX_PARTY = 6
LAYOUTS = {"app": "The app lays it out", "player": "I lay it out"}
KIND_LABEL = {"normal": "", "obstructed": "Obstructed", "chest": "Chest", "enemy": "Enemy",
              "trap": "Trap", "hidden": "Hidden", "unknown": ""}
GROUPS = [
    ("Respond", ("defend", "counter", "keep", "leave_item", "flee")),
    ("Attack", ("attack",)),
    ("Abilities", ("ability",)),
    ("Items", ("use", "take", "give", "take_from", "equip", "unequip")),
    ("Chest", ("open_chest",)),
    ("Turn", ("aim", "stance", "wait", "rest", "rush", "end_turn", "leave")),
]


# -- the table --------------------------------------------------------------------------------
# the last view drawn (held, so its id is not reused), its HTML, the terms and whys it drew,
# and the game it was drawn for (a rehearsal's copy of the game may reach the same view)
_DRAWN: list[Any] = [None, "", [], [], None]
_WHYS: list[tuple[str, str, str]] = []
WHY = {
    "aim": "Aim: spend this turn aiming at that enemy: +1 on your next attack at it, up to +3. "
           "Doing anything else, or being hit, loses it.",
    "stance": "Defensive stance: spend this turn on guard: +1 on your next defence flip, up to +3.",
    "wait": "Wait: the next one in the turn order goes first; you act after them (no extra turn).",
    "rest": "Do nothing this turn and draw a face-down Stamina card (at most 5).",
    "rush": "Your quirk: take three turns in a row, once a room.",
    "end_turn": "End your turn here (after a move you may still use an item instead). After trading, "
                "equipping or picking up, no Stamina card is drawn.",
    "counter": "The enemy's attack flipped an Ace: strike back at once with this ability, or let it go.",
    "open_chest": "Opening a chest takes your turn. Picking the lock flips against your Lock Pick target "
                  "(an Ace breaks the lock, a King finds two items); attacking it flips + Think / 3: "
                  "10 or more opens it, 3 or less smashes it, an Ace hurts you.",
    "defend": "Take the hit, or flip against a defensive ability's target: meeting it cuts the damage. "
              "An ability you never trained is +3 harder.",
    "keep": "Keep the item in your pack, or leave it lying on this spot for someone else.",
    "flee": "The wounded enemy runs away; the book lets the players choose where to.",
}
STAMINA_WHY = ("(play Stamina): the top card of your Stamina pile is added to the flip. It is "
               "played before the flip, and you do not see it first.")
_CARD = re.compile(r"(?<![\w+])(10|[2-9AJQK])([SHDC])\b")
_SEEN: dict[int, tuple[Any, int, list[str], list[str]]] = {}  # id(session) -> (ref, actions, log, cards)
MAX_FLIPS = 9


def render(view: dict[str, Any], session: Session) -> str:
    """The table for a view. P52's views are read-only and remembered per state, so the
    very same view object drawn twice in a row (the harness's check, then the App) is
    drawn once."""
    if view is _DRAWN[0] and _DRAWN[4] is session:
        for key in _DRAWN[2]:  # the glossary popovers are drawn per screen: name them again
            term(key)
        for args in _DRAWN[3]:
            why(*args)
        return _DRAWN[1]
    before = set(learn_ui.used_terms())
    _WHYS.clear()
    phase = view["phase"]
    flips = _flips(view, session)
    if phase == "creation":
        body = p52_steps.creation(view, session, _sheet_named, flips)
    elif phase == "layout":
        body = _layout(view)
    elif phase == "room":
        body = _room(view, flips)
    elif phase == "over":
        body = _over(view, session, flips)
    else:
        body = p52_steps.choices(view, session, flips)
    html = (f'<section class="table p52" data-system="p52" data-phase="{esc(phase)}">'
            f'{_quest_bar(view, session)}{body}{_decks(view)}{_party(view)}{log_list(view["log"])}</section>')
    _DRAWN[:] = [view, html, [k for k in learn_ui.used_terms() if k not in before], list(_WHYS), session]
    return html


def _quest_bar(view: dict[str, Any], session: Session | None = None) -> str:
    q = view["quest"]
    first = ""
    if session is not None and session.options.get("first_quest") and not view["over"]:
        first = f'<p class="first-quest">{esc(p52_data.first_quest()["blurb"])}</p>'
    if not q["kind"]:
        return '<h1>P52 <span class="muted">· a new session</span></h1>'
    env = ""
    if q["env"]:
        env = q["env"].capitalize() + ("" if q["day"] is None else (", day" if q["day"] else ", night"))
    return (f'<h1>{esc(q["name"])}</h1>'
            f'<p class="quest-line"><span class="badge">{esc(q["progress"])}</span> '
            f'<span class="muted">{esc(env)}</span></p>{first}')


def _decks(view: dict[str, Any]) -> str:
    """The three decks' counts, under the turn's box (issue 50: the room map comes first)."""
    if not view["quest"]["kind"]:
        return ""
    d = view["decks"]
    return (f'<p class="decks muted">{term("action-deck")} {d["action"]} · {term("room-deck")} {d["room"]} · '
            f'{term("enemy-deck")} {d["enemy"]}</p>')


def _actions(view: dict[str, Any], types: tuple[str, ...] | None = None, *, cls: str = "btn",
             whys: set[str] | None = None) -> str:
    """The legal actions (of ``types``) as buttons, an attack with its exact chance to hurt
    (``combat.hit_chance``: over the target, then not beaten by the defence flip);
    the first button of a kind whose name does not explain it gets its "?" (``whys``
    holds the kinds already explained on this screen)."""
    out = []
    for entry in view["actions"]:
        a = entry["action"]
        if types is not None and a["type"] not in types:
            continue
        label = esc(entry["label"])
        if "chance" in entry:
            label += f' <span class="chance" title="chance to hurt (the defence flip counted)">{esc(entry["chance"])}</span>'
        if "defence" in entry:
            label += _defence_note(entry["defence"])
        html = button(label, "play", a, cls=cls, raw_label=True)
        extra = ""
        if whys is not None:
            if a["type"] in WHY and a["type"] not in whys:
                whys.add(a["type"])
                extra = _why(f"p52-{a['type']}", WHY[a["type"]], f"What {entry['label']} does")
            elif a.get("stamina") and "stamina" not in whys:
                whys.add("stamina")
                extra = _why("p52-play-stamina", STAMINA_WHY, "What playing Stamina does")
        out.append(f'<span class="with-why">{html}{extra}</span>' if extra else html)
    return "".join(out)


def _defence_note(d: dict[str, Any]) -> str:
    """What a defence button leaves (view ``defence``, systems/p52/defence.py): its chance
    to work, what it needs, and the damage that gets through if it works and if not."""
    if "chance" not in d:
        return f'<span class="leaves">{int(d["else"])} damage gets through</span>'
    lo, hi = int(d["leaves"][0]), int(d["leaves"][1])
    works = f"{lo}" if lo == hi else f"{lo} to {hi}"
    return (f' <span class="chance" title="chance the defence flip meets its target">{esc(d["chance"])}</span>'
            f'<span class="leaves">needs {int(d["target"])} or more: {works} damage if it works, '
            f'{int(d["else"])} if not</span>')


def _why(key: str, text: str, about: str) -> str:
    _WHYS.append((key, text, about))
    return why(key, text, about)


def _over(view: dict[str, Any], session: Session | None = None, flips: str = "") -> str:
    """The quest's end, with every way on (issue 50): the same quest again with the same
    party, another quest (the cards choose), a new start, and Home. The party as it is now
    (the fallen resurrected) plays on; the library keeps it either way."""
    won = view["outcome"] == "won"
    first = bool(session is not None and session.options.get("first_quest"))
    text = "Quest accomplished!" if won else "The quest has failed."
    names = [c["name"] for c in view["characters"]]
    party = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    q = view["quest"]["name"] or "the quest"
    if first:
        again = ("Play the first quest again" if won else "Try the first quest again",
                 f"{party} in the same room (one Skulker and a chest), a new deal of the cards.")
        other = ("A full quest", f"{party} into one of the book's four quests, flipped: more rooms, "
                                 "more enemies, the book's full difficulty.")
    else:
        again = (f"Play {q} again", f"{party}, the same quest, a new deal of the cards.")
        other = ("Another quest", f"{party} into a quest the cards choose.")
    # a guest's phone at a table of phones draws the host's game with no session: the party
    # plays on from the host's phone, so only a new start and Home are offered there
    ways = [(again, "again_same"), (other, "again_flip")] if session is not None else []
    if won:
        ways.reverse()  # after a win the next step is on; after a loss, another try
    rows = "".join(
        f'<input type="hidden" name="{field}" value="1"><div class="choice">'
        + button(label, "new", {"system": "p52"}, cls="btn primary" if i == 0 else "btn", fill=field)
        + f'<p class="muted">{esc(line)}</p></div>' for i, ((label, line), field) in enumerate(ways))
    return prompt(flips + f'<div class="banner {"won" if won else "failed"}"><strong>{text}</strong>'
                  f'<p>The party is saved to this phone\'s library (the fallen come back without '
                  f'their items).</p></div><h2>What next?</h2><div class="choice-list">{rows}'
                  f'<div class="choice">{button("Start a new quest", "setup", "p52", cls="btn")}'
                  f'<p class="muted">Other characters, your own, or Play now.</p></div>'
                  f'<div class="choice">{button("Home", "home", cls="btn")}</div></div>',
                  label=text, cls="over")


def _room(view: dict[str, Any], flips: str) -> str:
    """The room's prompt: the room map where the player looks, compact, above the turn's
    actions (below some 25 buttons it would be two screens down at 360x740; issue 50); an
    enemy's hit is answered first, the map under the answers."""
    room = view["room"]
    whys: set[str] = set()
    head, bar = _action_bar(view, whys)
    board = _board(view, room)
    if view["pending"]:
        body = flips + _pending(view) + bar + board
    else:
        body = flips + head + board + bar
    active = next((c for c in view["characters"] if c["id"] == view["active"]), None)
    label = "Answer the enemy" if view["pending"] else (f"{active['name']}'s turn" if active else "Your turn")
    return prompt(body, label=label, cls="p52-turn") + _turn_strip(view) + _enemies(view)


def _flips(view: dict[str, Any], session: Session | None) -> str:
    """The Action and Room cards the last tap flipped, drawn as cards at the top of the
    prompt (the result box above them says what they did). Read from the log lines the
    tap added, remembered per game so a redraw of the same state shows the same cards."""
    cards: list[str] = []
    log = [str(x) for x in view["log"]]
    if session is not None:
        n = len(session.actions)
        seen = _SEEN.get(id(session))
        if seen is not None and seen[0]() is session:
            _, n0, log0, cards0 = seen
            if n == n0 and log == log0:
                cards = cards0
            elif n > n0:
                cards = [m.group(0) for line in new_lines(log0, log) for m in _CARD.finditer(line)]
        if len(_SEEN) > 8:
            _SEEN.clear()
        _SEEN[id(session)] = (weakref.ref(session), n, log, cards)
    cards = cards[-MAX_FLIPS:]
    if not cards:
        return ""
    faces = "".join(f"<li>{mini_card(c)}</li>" for c in cards)
    return (f'<div class="flips"><span class="muted">Cards {term("flip", "flipped")}:</span>'
            f'<ul class="flip-cards">{faces}</ul></div>')


def remember(session: Session, log_before: list[Any]) -> None:
    """Note the log as it was before taps made outside a screen (Play now's quest and
    environment flips), so the first screen draws the cards they flipped."""
    _SEEN[id(session)] = (weakref.ref(session), 0, [str(x) for x in log_before], [])
def _layout(view: dict[str, Any]) -> str:
    """Room/Space Layout by the player: the spots laid so far face down, a tappable cell
    wherever the next may go, and the hand-over to the app."""
    room = view["room"]
    pl = room["placing"]
    labels = {json.dumps(e["action"], sort_keys=True): e["label"] for e in view["actions"]}
    open_ = {(c["x"], c["y"]): c["action"] for c in pl["candidates"]}
    cells = []
    for y, row in enumerate(room["grid"]):
        for x, sid in enumerate(row):
            key = f"c{x}-{y}"  # its place: a grid's cells look alike (web/morph.js pairs by key)
            if sid is not None:
                tag = "In" if room["spots"][sid]["entrance"] else ""
                cells.append(f'<div class="cell placed" data-key="{key}">{mini_back(label="Face-down spot")}'
                             f'<span class="tags">{esc(tag)}</span></div>')
            elif (x, y) in open_:
                action = open_[(x, y)]
                title = labels.get(json.dumps(action, sort_keys=True), "Place a spot here")
                cells.append(button('<span class="plus" aria-hidden="true">+</span>', "play", action,
                                    cls="cell candidate", title=title, raw_label=True, key=key))
            else:
                cells.append(f'<div class="cell gap" data-key="{key}"></div>')
    lit = "Lit room" if room["lit"] else "Dark room"
    rest = [e for e in view["actions"] if e["action"]["type"] == "place_rest"]
    hand_over = "".join(button(e["label"], "play", e["action"], cls="btn") for e in rest)
    return prompt(f'<h2>Lay out room {int(room["n"])}</h2>'
                  f'<p class="muted">{esc(lit)} · {int(pl["placed"])} of {int(pl["size"])} spots laid, '
                  f'{int(pl["left"])} to go. Tap a + to lay the next card face down: it must touch a laid '
                  f'{term("spot")} on a side. The party enters on the spot marked In.</p>'
                  f'<div class="board-wrap" tabindex="0" role="region" aria-label="Room layout"><div class="board placing" style="--w:{int(room["w"])}">'
                  f'{"".join(cells)}</div></div>'
                  f'<div class="choices">{hand_over}</div>', label=f'Lay out room {int(room["n"])}', cls="step")


def _turn_strip(view: dict[str, Any]) -> str:
    t = view["turn"]
    if not t:
        return ""
    items = []
    for i, u in enumerate(t["order"]):
        cur = " now" if i == t["index"] else ""
        kind = "pc" if u["id"].startswith("c") else "foe"
        items.append(f'<li class="{kind}{cur}">{esc(u["name"])}</li>')
    return f'<div class="turns" tabindex="0" role="region" aria-label="Turn order"><span class="muted">Round {t["round"]}</span><ol>{"".join(items)}</ol></div>'


def _pending(view: dict[str, Any]) -> str:
    p = view["pending"]
    if not p:
        return ""
    name = next((c["name"] for c in view["characters"] if c["id"] == p["char"]), "")
    if p["kind"] == "defend":
        text = f'{p["enemy_name"]} hits {name}' + (f' for {p["damage"]} damage' if p.get("damage") else "") + "."
        hint = (f'Defend or take the hit: each button shows its chance to work and the damage left '
                f'either way ({term("untrained-defence", "untrained")}: it needs 3 more).')
    elif p["kind"] == "found":
        text = f'{name} found {p["items"][0]}: keep it, or leave it on the spot?'
        hint = ""
    elif p["kind"] == "flee":
        text = f'{p["enemy_name"]} flees from {name}: choose where it runs.'
        hint = "The book lets the players choose where a wounded enemy runs."
    else:
        text = f'{p["enemy_name"]} flipped an Ace: {name} may counter attack.'
        hint = f'A {term("p52-counter-attack", "counter attack")} strikes back at once.'
    return (f'<div class="pending"><strong>{esc(text)}</strong>'
            + (f'<p class="hint">{hint}</p>' if hint else "") + '</div>')


def _token(uid: str, view: dict[str, Any]) -> str:
    if uid.startswith("c"):
        c = next(c for c in view["characters"] if c["id"] == uid)
        idx = [x["id"] for x in view["characters"]].index(uid)
        initial = (c["name"] or "?")[:1].upper()
        status = " down" if c["status"] != "ok" else ""
        active = " active" if uid == view["active"] else ""
        return f'<span class="tok pc p{idx}{status}{active}" title="{esc(c["name"])}">{esc(initial)}</span>'
    e = next((e for e in view["enemies"] if e["id"] == uid), None)
    label = _foe_mark(e)
    return f'<span class="tok foe" title="{esc(e["label"] if e else uid)}">{esc(label)}</span>'


def _foe_mark(e: dict[str, Any] | None) -> str:
    """The letter on an enemy's token: its card's rank (the Major Boss has no card: B), and
    its number when others share its name, as the buttons name it (J2: "Skulker 2")."""
    if e is None:
        return "?"
    mark = e["card"][:-1] if e["card"] else "B"
    n = re.match(rf"{re.escape(e['name'])} (\d+)", e["label"])
    return mark + (n.group(1) if n else "")


def _board(view: dict[str, Any], room: dict[str, Any]) -> str:
    moves = {e["action"]["to"]: e["action"] for e in view["actions"] if e["action"]["type"] == "move"}
    cells = []
    for y, row in enumerate(room["grid"]):
        for x, sid in enumerate(row):
            # each cell keyed by its place: a board's cells look alike, and the page's update
            # paired a changed cell with a wrong one and rebuilt the rest (web/morph.js keyOf)
            key = f"c{x}-{y}"
            if sid is None:
                cells.append(f'<div class="cell gap" data-key="{key}"></div>')
                continue
            s = room["spots"][sid]
            face = mini_card(s["card"]) if s["revealed"] and s["card"] else mini_back(label="Unrevealed spot")
            tags = []
            if s["entrance"]:
                tags.append("In")
            if s["exit"]:
                tags.append("Exit" + ("" if room["exit_open"] else " (barred)"))
            kind = KIND_LABEL.get(s["kind"], s["kind"])
            if kind:
                tags.append(kind)
            if s["items"]:
                tags.append(f'{len(s["items"])} item' + ("s" if len(s["items"]) > 1 else ""))
            toks = "".join(_token(u, view) for u in s["occupants"])
            inner = (f'{face}<span class="tags">{esc(" · ".join(tags))}</span>'
                     f'<span class="toks">{toks}</span>')
            classes = f'cell k-{esc(s["kind"])}' + (" exit" if s["exit"] else "")
            go = ""
            if sid in moves:
                # the cell stays a cell and a button covering it is the move: a spot coming
                # into reach or leaving it (every move) changes one button, not the cell's
                # card, tags and tokens (rebuilt when the cell itself was the button)
                classes += " reach"
                title = f"Move here: row {s['y'] + 1}, column {s['x'] + 1}"
                go = button("", "play", moves[sid], cls="cell-go", title=title)
            cells.append(f'<div class="{classes}" data-key="{key}">{inner}{go}</div>')
    lit = term("lit-room", "Lit room" if room["lit"] else "Dark room")
    hint = " Tap a highlighted spot to move." if moves else ""
    if any(e["label"] != e["name"] for e in view["enemies"]):
        hint += " Rows count from the top, columns from the left."
    return (f'<p class="muted board-note">Room {room["n"]} · {lit}.{hint}</p>'
            f'<div class="board-wrap" tabindex="0" role="region" aria-label="Room"><div class="board" style="--w:{int(room["w"])}">{"".join(cells)}</div></div>'
            + _legend(room))


LEGEND = (("exit", "exit-spot", "Exit"), ("obstructed", "obstructed", "Obstructed"), ("hidden", "hidden-spot", "Hidden"),
          ("trap", "trap", "Trap"), ("chest", "chest", "Chest"))


def _legend(room: dict[str, Any]) -> str:
    """The kinds of spot on this board, each a glossary link (the cells are buttons, and a
    term is never put inside a button)."""
    kinds = {s["kind"] for s in room["spots"]} | ({"exit"} if room.get("exit") is not None else set())
    found = [term(key, label) for kind, key, label in LEGEND if kind in kinds]
    return block(f'<p class="legend muted">On this room: {" · ".join(found)}</p>') if found else ""


def _enemies(view: dict[str, Any]) -> str:
    if not view["enemies"]:
        return ""
    cards = []
    for e in view["enemies"]:
        pct = 0 if e["max_hp"] <= 0 else max(0, min(100, round(100 * e["hp"] / e["max_hp"])))
        boss = ' <span class="badge">Boss</span>' if e["boss"] else ""
        face = card_svg(e["card"], cls="card small") if e["card"] else card_svg("Boss", cls="card small")
        cards.append(f'<li class="foe-card">{face}'
                     f'<div><strong>{esc(e["label"])}</strong>{boss}'
                     f'<div class="hp" role="meter" aria-label="{esc(e["label"])}: hit points" aria-valuemin="0" aria-valuemax="{e["max_hp"]}" '
                     f'aria-valuenow="{e["hp"]}"><span style="width:{pct}%"></span></div>'
                     f'<span class="muted">HP {e["hp"]}/{e["max_hp"]} · Move {e["move"]} · '
                     f'Initiative {e["initiative"]}</span></div></li>')
    return (f'<h2>Enemies</h2><p class="hint">Cards of the {term("enemy-deck", "Enemy deck")}: the app '
            f'plays them by the book\'s rules.</p>' + block(f'<ul class="foes">{"".join(cards)}</ul>'))


def _action_bar(view: dict[str, Any], whys: set[str]) -> tuple[str, str]:
    """(the turn's heading, the actions by group)."""
    active = next((c for c in view["characters"] if c["id"] == view["active"]), None)
    head = ""
    if active and not view["pending"]:
        head = (f'<h2>{esc(active["name"])}\'s turn</h2><p class="hint">One thing a turn: move, attack, '
                f'use something, or rest for a {term("p52-stamina", "Stamina")} card.</p>')
    groups = []
    for title, types in GROUPS:
        html = _actions(view, types, whys=whys)
        if html:
            note = ""
            if title == "Attack":
                note = f' <span class="muted">(% = {term("hit-chance", "chance to hurt")})</span>'
            groups.append(f'<div class="group"><h3>{title}{note}</h3><div class="choices">{html}</div></div>')
    return head, f'<div class="actionbar">{"".join(groups)}</div>'


def _party(view: dict[str, Any]) -> str:
    if view["phase"] == "creation":
        return ""
    sheets = "".join(_sheet(c) for c in view["characters"])
    return '<h2>Party</h2>' + block(f'<div class="sheets">{sheets}</div>')


def _sheet_named(c: dict[str, Any], name: str, *, open_: bool = False) -> str:
    """The sheet of a character being made, under the name typed for it."""
    return _sheet({**c, "name": c["name"] or name}, open_=open_, live=True)


def _sheet(c: dict[str, Any], *, open_: bool = False, live: bool = False) -> str:
    core = "".join(f'<li><span>{esc(k)}</span><b>{esc(v)}</b></li>' for k, v in c["core"].items())
    abil = ", ".join(f'{esc(a["name"])} {esc(a["level"])}' for a in c["abilities"]) or "none yet"
    items = ", ".join(esc(i["name"]) for i in c["items"]) or "none"
    eq = ", ".join(f'{esc(s)}: {esc(i["name"])}' for s, i in c["equipped"].items()) or "nothing"
    quirk = ""
    if c["quirk"]:
        q = c["quirk"]
        quirk = (f'<p><span class="muted">{term("quirk")}:</span> <b>{esc(q["name"])}</b>: '
                 f'{esc(q["bonus"])}; {esc(q["penalty"])}</p>')
    stamina = mini_back(cls="mini stamina", label="Stamina card") * c["stamina"]
    status = {"ok": "", "stunned": " · stunned", "dead": " · dead"}.get(c["status"], f' · {esc(c["status"])}')
    title = esc(c["name"] or "New character")
    race = " ".join(x for x in (c["race"] or "", c["class"] or "") if x)
    pct = 0 if not c["max_hp"] else max(0, min(100, round(100 * c["hp"] / c["max_hp"])))
    extra = ""
    if c.get("aim") or c.get("stance"):
        extra = (f'<p class="muted">{term("aim", "Aim")} +{esc((c.get("aim") or {}).get("bonus", 0))} · '
                 f'{term("defensive-stance", "Stance")} +{esc(c.get("stance") or 0)}</p>')
    return (f'<details class="sheet{" live" if live else ""}"{" open" if open_ else ""}>'
            f'<summary><b>{title}</b> <span class="muted">{esc(race)} · level {c["level"]}{status}</span>'
            f'<span class="hp small"><span style="width:{pct}%"></span></span>'
            f'<span class="muted">HP {c["hp"]}/{c["max_hp"]}</span></summary>'
            f'<p class="muted core-head">{term("core-abilities", "Core abilities")}</p><ul class="core">{core}</ul>'
            f'<p class="derived">{term("p52-hp", "Max HP")} <b>{c["max_hp"]}</b> · '
            f'{term("p52-movement", "Movement")} <b>{c["movement"]}</b> · '
            f'{term("p52-initiative", "Initiative")} <b>{c["initiative"]}</b> · '
            f'{term("p52-exp", "Exp")} <b>{esc(c["exp"])}</b>/{esc(c["next_level"])}</p>'
            f'{quirk}{extra}<p><span class="muted">{term("p52-ability", "Abilities")}:</span> {abil}</p>'
            f'<p><span class="muted">Items:</span> {items}</p><p><span class="muted">Equipped:</span> {eq}</p>'
            f'<div class="stamina-row"><span class="muted">{term("p52-stamina", "Stamina")} ({c["stamina"]}):</span>{stamina}</div>'
            f'</details>')


# -- new quest form and the character library ----------------------------------------------
QUICK = (("quick_one", 1, "A character for me", "Play now: one ready-made character",
          "One legal level-1 character made by the book's steps, with a name; the quest and "
          "the place are flipped and the first room opens."),
         ("quick_party", p52_quick.PARTY, "A party of three", "Play now: a ready-made party of three",
          "Three characters of different classes, passed round the phone, straight into the "
          "first room."))
# the first-game start (issue 50): offered first until a P52 quest has ended on this phone
FIRST = ("quick_first", 1, "Your first quest", "Play now: your first quest, one room, one Skulker and a chest",
         "One ready-made character and a quest made for a first game: one lit room, one "
         "Skulker and a chest, played by the book's rules. After it, Play now deals the book's "
         "full quests.")
LAYOUT_MEANS = {"app": "the app lays each room out at random, as the book's rules allow",
                "player": "you lay each room out, spot by spot, by tapping where the next card goes"}


def setup(app: "App") -> str:
    lib = LIB.entries(app)
    saved = LIB.picks(app, "Characters from your library", lambda r: (
        f'{esc(r["race"])} {esc(r["class"])}, level {esc(r["level"])}{" (resurrected)" if r.get("resurrected") else ""}'))
    count = "".join(f'<option value="{n}"{" selected" if n == (0 if lib else 1) else ""}>{n}</option>'
                    for n in range(0, MAX_PARTY + 1))
    fill = "new_characters,names,layout,library,quirk_name,quirk_bonus,quirk_penalty," + p52_made.FIELDS
    layouts = "".join(f'<option value="{esc(v)}"{" selected" if v == "app" else ""}>{esc(t)}</option>'
                      for v, t in LAYOUTS.items())
    banner = p52_made.chosen_banner(app)
    # a quest or enemy of yours just chosen: Play now plays it, so the first quest is not offered
    starts = ((FIRST,) if first_game(app) and not banner else ()) + QUICK
    quick = "".join(
        f'<input type="hidden" name="{field}" value="{n}">'
        f'<div class="choice">{button(short, "new", {"system": "p52"}, cls="btn primary" if i == 0 else "btn", title=long, fill=field + ",names" + p52_made.quick_fill(app))}'
        f'<p class="muted">{esc(line)}</p></div>' for i, (field, n, short, long, line) in enumerate(starts))
    play_now = prompt(f'<h2>Play now {p52_steps.quick_why()}</h2>{banner}{quick}',
                      label="Play now, or make your own characters below", cls="p52-quick")
    return (f'<section class="setup"><h1>New P52 quest</h1>'
            f'<p class="muted">A GM-less dungeon crawl: Pocketdeck shuffles the Room, Enemy and '
            f'Action decks and runs the enemies. Play alone or pass the phone around (1 to 6 characters).</p>'
            f'{play_now}<h2>Or make your own, step by step</h2>'
            f'<form class="form" data-form>{saved}'
            f'<label>New characters to create <select name="new_characters">{count}</select></label>'
            f'<p class="muted">Each is made in six short steps: race, class, quirk, bonus points, one more ability, a name.</p>'
            f'<label>Their names (comma-separated, optional)<input name="names" maxlength="200" '
            f'autocomplete="off" placeholder="e.g. Brom, Ilsa"></label>'
            f'<p class="muted">Used from the first step; Play now uses them too.</p>'
            f'<label>Room layout <select name="layout">{layouts}</select></label>'
            f'<p class="muted">The app: {esc(LAYOUT_MEANS["app"])}. I lay it out: {esc(LAYOUT_MEANS["player"])}.</p>'
            f'{p52_made.fields(app)}'
            f'<fieldset><legend>Your own quirk (optional: all three, or none)</legend>'
            f'<p class="muted">A habit with a bonus and a penalty, offered at the quirk step; '
            f'the sheet records it and you honour it in play.</p>'
            f'<label>Name<input name="quirk_name" maxlength="40" autocomplete="off"></label>'
            f'<label>Bonus<input name="quirk_bonus" maxlength="80" autocomplete="off"></label>'
            f'<label>Penalty<input name="quirk_penalty" maxlength="80" autocomplete="off"></label></fieldset>'
            f'{button("Begin", "new", {"system": "p52"}, cls="btn primary", fill=fill, submit=True, title="Begin: make the characters step by step")}</form></section>')


def first_game(app: "App") -> bool:
    """No P52 quest has ended on this phone yet: its party would be in the library (a
    phone whose P52 characters were all removed is offered the first quest again)."""
    return not LIB.entries(app)


def record_problem(record: Any) -> str | None:
    """None when ``record`` is a character the rules accept (systems/p52 check_record),
    else the reason, short. Works whether check_record lists its problems or raises."""
    try:
        problems = check_record(record)
    except ValueError as exc:  # IllegalAction is a ValueError too
        return excerpt(str(exc), 200) or "not a valid character"
    except Exception as exc:  # noqa: BLE001 - a record the check itself trips on
        return f"not a valid character ({type(exc).__name__})"
    return excerpt("; ".join(map(str, problems)), 200) if problems else None


LIB = CharacterLibrary("p52", record_problem, export_characters)


def options_from_form(fields: dict[str, Any], app: "App") -> dict[str, Any]:
    """Form fields (all text) -> engine options; bad input is refused with a reason.
    Play now (a ``quick_one`` or ``quick_party`` field) makes the characters here, by the
    creation rules (ui/p52/quick.py), and the quest and place are flipped after the start."""
    _QUICK.pop(id(app), None)
    names = [x.strip() for x in str(fields.get("names", "")).split(",") if x.strip()]
    if any(len(x) > 40 for x in names):
        raise ValueError("a name may have at most 40 characters")
    for field in ("again_same", "again_flip"):
        if fields.get(field):
            return _again(app, same=field == "again_same")
    for field, n, *_ in (FIRST,) + QUICK:
        if fields.get(field):
            seed = (app.seed_source * 2654435761 + n) % (1 << 62)
            records = p52_quick.quick_records(n, seed, names)
            app.pending_library = []
            _QUICK[id(app)] = list(QUICK_FLIPS)
            made = p52_made.made_options(fields, app)
            if "quest" in made:  # Play now with a quest of your own: it is chosen, not flipped
                _QUICK[id(app)] = [{"type": "quest", "quest": "yours"}, QUICK_FLIPS[1]]
            return {"new_characters": 0, "names": [], "characters": records, "quirks": [], "layout": "app",
                    "first_quest": field == FIRST[0] and not made, **made}
    try:
        n = int(str(fields.get("new_characters", "1")) or 0)
    except ValueError:
        raise ValueError("the number of new characters must be a whole number") from None
    picked = fields.get("library") or []
    if isinstance(picked, str):
        picked = [picked]
    lib = LIB.entries(app)
    records = [lib[k] for k in picked if k in lib]
    quirk = [str(fields.get(k, "")).strip() for k in ("quirk_name", "quirk_bonus", "quirk_penalty")]
    quirks = []
    if any(quirk):
        if not all(quirk):
            raise ValueError("Step 4: Choose a Quirk: your own quirk needs a name, a bonus and a penalty")
        quirks.append(dict(zip(("name", "bonus", "penalty"), quirk)))
    if n + len(records) < 1:
        raise ValueError("choose at least one character: create one or pick one from your library")
    layout = str(fields.get("layout") or "app")
    if layout not in LAYOUTS:
        raise ValueError("Room layout: choose whether the app or you lay out the rooms")
    app.pending_library = list(k for k in picked if k in lib)
    return {"new_characters": n, "names": names, "characters": records, "quirks": quirks,
            "layout": layout, **p52_made.made_options(fields, app)}


def _again(app: "App", same: bool) -> dict[str, Any]:
    """The end screen's ways on (issue 50): the party of the quest on screen, as the library
    now keeps it (the fallen resurrected), into the same quest again (``same``: the first
    quest, or the book's quest of that kind, chosen) or a quest the cards choose. Its library
    entries are the same ones, updated again at the next end."""
    slot = app.screen[6:] if app.screen.startswith("table:") else ""
    session = app.sessions.get(slot)
    state = session.state if session is not None else None
    if state is None or state.get("phase") != "over" or slot.split("~", 1)[0] != "p52":
        raise ValueError("there is no finished P52 quest on screen to play on from")
    records = export_characters(state)
    keys = (app.meta.get(f"meta:{slot}") or {}).get("library")
    ok = isinstance(keys, list) and len(keys) == len(records) and all(isinstance(k, str) for k in keys)
    app.pending_library = list(keys) if ok else []
    first = bool(session.options.get("first_quest")) and same
    if first:
        _QUICK[id(app)] = []  # the first quest sets its own quest and place
    elif same:
        again = "yours" if state["quest"].get("yours") else state["quest"]["kind"]
        _QUICK[id(app)] = [{"type": "quest", "quest": again}, QUICK_FLIPS[1]]
    else:
        _QUICK[id(app)] = list(QUICK_FLIPS)
    return {"new_characters": 0, "names": [], "characters": records, "quirks": [],
            "layout": session.options.get("layout", "app"), "first_quest": first,
            **{k: session.options[k] for k in ("quest", "enemies") if k in session.options}}


# id() of the App whose next new game starts with these choices made for the player
_QUICK: dict[int, list[dict[str, Any]]] = {}
QUICK_FLIPS = ({"type": "quest", "quest": "flip"}, {"type": "env", "env": "flip"})


def _start_pick(state: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The starting item a ready-made character takes when the flip offers a choice: a
    weapon one of its abilities uses, else armor (on a 23-26, "any"), else the first offered."""
    cid = legal[0].get("char")
    known = next((c["abilities"] for c in state["chars"] if c["id"] == cid), {})
    uses = {p52_data.ability(a).get("weapon") for a in known} - {None}
    for a in legal:
        it = p52_data.item(a["item"])
        if it["kind"] == "weapon" and it.get("weapon") in uses:
            return a
    return next((a for a in legal if a["item"] == "decent_armor"), legal[0])


def after_play(app: "App", session: Session) -> list[Any]:
    """The character library's bookkeeping; and for a Play now start, the quest and the
    environment flipped (Choose a Quest and Choose the Environment both allow it) and a
    starting item the flip lets the player pick taken for them (``_start_pick``, as Play
    now makes every choice of the ready-made character), so the first screen is the room
    (issue 25: a first turn in 4 taps from home; issue 50: the guide shows what it says).
    "Play again" on a full quest chooses that quest again and flips the place."""
    effects = LIB.after_play(app, session)
    if id(app) not in _QUICK or session.actions or session.state is None:
        return effects
    choices = _QUICK.pop(id(app))
    before = list(session.game.view(session.state, "player")["log"])
    for action in choices:
        if action in session.game.legal_actions(session.state):
            session.play(action)
    while session.state["phase"] == "setup" and session.state["queue"] \
            and session.state["queue"][0]["kind"] == "start_pick":
        session.play(_start_pick(session.state, session.game.legal_actions(session.state)))
    remember(session, before)
    app.log_before = before  # the result box shows what the flips did
    slot = app.slot_of(session)
    return effects + [("put", f"game:{slot}", save_text(session))]


register_table(Table(
    system="p52", title="P52",
    blurb="A GM-less dungeon crawl with Room, Enemy and Action decks: solo or a party on one phone.",
    render=render, setup=setup, options_from_form=options_from_form, after_play=after_play))
