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
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.saves import Session
from ..systems.p52.rules import check_record, export_characters
from .cards import card_svg, mini_back_svg, mini_card_svg
from ..core.limits import excerpt
from .html import button, esc, log_list
from .library import CharacterLibrary
from .tables import Table, register_table

if TYPE_CHECKING:
    from .app import App

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
_DRAWN: list[Any] = [None, ""]  # the last view drawn (held, so its id is not reused) and its HTML


def render(view: dict[str, Any], session: Session) -> str:
    """The table for a view. P52's views are read-only and remembered per state, so the
    very same view object drawn twice in a row (the harness's check, then the App) is
    drawn once."""
    if view is _DRAWN[0]:
        return _DRAWN[1]
    phase = view["phase"]
    body = {"creation": _creation, "setup": _choices, "levelup": _choices, "layout": _layout,
            "room": _room, "over": _over}.get(phase, _choices)(view)
    html = (f'<section class="table p52" data-system="p52" data-phase="{esc(phase)}">'
            f'{_quest_bar(view)}{body}{_party(view)}{log_list(view["log"])}</section>')
    _DRAWN[0], _DRAWN[1] = view, html
    return html


def _quest_bar(view: dict[str, Any]) -> str:
    q = view["quest"]
    if not q["kind"]:
        return '<h1>P52 <span class="muted">· a new session</span></h1>'
    env = ""
    if q["env"]:
        env = q["env"].capitalize() + ("" if q["day"] is None else (", day" if q["day"] else ", night"))
    d = view["decks"]
    return (f'<h1>{esc(q["name"])}</h1>'
            f'<p class="quest-line"><span class="badge">{esc(q["progress"])}</span> '
            f'<span class="muted">{esc(env)}</span></p>'
            f'<p class="decks muted">Action deck {d["action"]} · Room deck {d["room"]} · '
            f'Enemy deck {d["enemy"]}</p>')


def _actions(view: dict[str, Any], types: tuple[str, ...] | None = None, *, cls: str = "btn") -> str:
    out = []
    for entry in view["actions"]:
        a = entry["action"]
        if types is not None and a["type"] not in types:
            continue
        label = esc(entry["label"])
        if "chance" in entry:
            label += f' <span class="chance" title="chance to hit">{esc(entry["chance"])}</span>'
        out.append(button(label, "play", a, cls=cls, raw_label=True))
    return "".join(out)


def _step_title(view: dict[str, Any]) -> str:
    step = view.get("step") or {}
    titles = {
        "race": "Step 1: choose a race", "class": "Step 2: choose a class",
        "quirk": "Step 4: choose a quirk", "points": "Step 5: spread the bonus points",
        "learn": "Step 6: one more ability", "name": "Step 7: a name",
        "quest": "Choose the quest (or flip for it)", "env": "Inside or outside?",
        "start_item": "Starting items", "attr": "Level up: +1 to an attribute",
        "levelpoints": "Level up: core points", "train": "Level up: train an ability",
        "raise": "Spend experience on abilities",
    }
    return titles.get(step.get("kind", ""), "Choose")


def _creation(view: dict[str, Any]) -> str:
    step = view.get("step") or {}
    cid = step.get("char")
    c = next((c for c in view["characters"] if c["id"] == cid), None)
    who = ""
    if c is not None:
        n = [x["id"] for x in view["characters"]].index(cid) + 1
        who = f'<p class="muted">Character {n} of {len(view["characters"])}</p>{_sheet(c, open_=True, live=True)}'
    return (f'<div class="step"><h2>{esc(_step_title(view))}</h2>{who}'
            f'<div class="choices">{_actions(view)}</div></div>')


def _choices(view: dict[str, Any]) -> str:
    return (f'<div class="step"><h2>{esc(_step_title(view))}</h2>'
            f'<div class="choices">{_actions(view)}</div></div>')


def _over(view: dict[str, Any]) -> str:
    won = view["outcome"] == "won"
    text = "Quest accomplished!" if won else "The quest has failed."
    return (f'<div class="banner {"won" if won else "failed"}" role="status"><strong>{text}</strong>'
            f'<p>The party is saved to this phone\'s library and can take on another quest '
            f'(the fallen come back without their items).</p>'
            f'{button("Start a new quest", "setup", "p52", cls="btn primary")}</div>')


def _room(view: dict[str, Any]) -> str:
    room = view["room"]
    return (_turn_strip(view) + _pending(view) + _board(view, room) + _enemies(view)
            + _action_bar(view))


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
            if sid is not None:
                tag = "In" if room["spots"][sid]["entrance"] else ""
                cells.append(f'<div class="cell placed">{mini_back_svg(label="Face-down spot")}'
                             f'<span class="tags">{esc(tag)}</span></div>')
            elif (x, y) in open_:
                action = open_[(x, y)]
                title = labels.get(json.dumps(action, sort_keys=True), "Place a spot here")
                cells.append(button('<span class="plus" aria-hidden="true">+</span>', "play", action,
                                    cls="cell candidate", title=title, raw_label=True))
            else:
                cells.append('<div class="cell gap"></div>')
    lit = "Lit room" if room["lit"] else "Dark room"
    rest = [e for e in view["actions"] if e["action"]["type"] == "place_rest"]
    hand_over = "".join(button(e["label"], "play", e["action"], cls="btn") for e in rest)
    return (f'<div class="step"><h2>Lay out room {int(room["n"])}</h2>'
            f'<p class="muted">{esc(lit)} · {int(pl["placed"])} of {int(pl["size"])} spots laid, '
            f'{int(pl["left"])} to go. Tap a + to lay the next card face down: it must touch a laid '
            f'spot on a side. The party enters on the spot marked In.</p>'
            f'<div class="board-wrap" tabindex="0" role="region" aria-label="Room layout"><div class="board placing" style="--w:{int(room["w"])}">'
            f'{"".join(cells)}</div></div>'
            f'<div class="choices">{hand_over}</div></div>')


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
        text = f'{p["enemy_name"]} attacks {name}' + (f' for {p["damage"]} damage' if p.get("damage") else "") + "."
    elif p["kind"] == "found":
        text = f'{name} found {p["items"][0]}: keep it, or leave it on the spot?'
    elif p["kind"] == "flee":
        text = f'{p["enemy_name"]} flees from {name}: choose where it runs.'
    else:
        text = f'{p["enemy_name"]} flipped an Ace: {name} may counter attack.'
    return f'<div class="pending" role="alert"><strong>{esc(text)}</strong></div>'


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
    return f'<span class="tok foe" title="{esc(e["name"] if e else uid)}">{esc(label)}</span>'


@lru_cache(maxsize=128)
def _mini_face(code: str) -> str:
    """A small face-up card: the same few dozen SVGs are drawn on every screen."""
    return mini_card_svg(code)


@lru_cache(maxsize=8)
def _mini_back(cls: str, label: str) -> str:
    return mini_back_svg(cls=cls, label=label)


def _foe_mark(e: dict[str, Any] | None) -> str:
    """The letter on an enemy's token: its card's rank; the Major Boss has no card (B)."""
    if e is None:
        return "?"
    return e["card"][:-1] if e["card"] else "B"


def _board(view: dict[str, Any], room: dict[str, Any]) -> str:
    moves = {e["action"]["to"]: e["action"] for e in view["actions"] if e["action"]["type"] == "move"}
    cells = []
    for row in room["grid"]:
        for sid in row:
            if sid is None:
                cells.append('<div class="cell gap"></div>')
                continue
            s = room["spots"][sid]
            face = _mini_face(s["card"]) if s["revealed"] and s["card"] else _mini_back("mini", "Unrevealed spot")
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
            if sid in moves:
                title = f"Move here ({s['x']},{s['y']})"
                cells.append(button(inner, "play", moves[sid], cls=classes + " reach", title=title, raw_label=True))
            else:
                cells.append(f'<div class="{classes}">{inner}</div>')
    lit = "Lit room" if room["lit"] else "Dark room"
    hint = " Tap a highlighted spot to move." if moves else ""
    return (f'<p class="muted">Room {room["n"]} · {lit}.{hint}</p>'
            f'<div class="board-wrap" tabindex="0" role="region" aria-label="Room"><div class="board" style="--w:{int(room["w"])}">{"".join(cells)}</div></div>')


def _enemies(view: dict[str, Any]) -> str:
    if not view["enemies"]:
        return ""
    cards = []
    for e in view["enemies"]:
        pct = 0 if e["max_hp"] <= 0 else max(0, min(100, round(100 * e["hp"] / e["max_hp"])))
        boss = ' <span class="badge">Boss</span>' if e["boss"] else ""
        face = card_svg(e["card"], cls="card small") if e["card"] else card_svg("Boss", cls="card small")
        cards.append(f'<li class="foe-card">{face}'
                     f'<div><strong>{esc(e["name"])}</strong>{boss}'
                     f'<div class="hp" role="meter" aria-label="{esc(e["name"])}: hit points" aria-valuemin="0" aria-valuemax="{e["max_hp"]}" '
                     f'aria-valuenow="{e["hp"]}"><span style="width:{pct}%"></span></div>'
                     f'<span class="muted">HP {e["hp"]}/{e["max_hp"]} · Move {e["move"]}</span></div></li>')
    return f'<h2>Enemies</h2><ul class="foes">{"".join(cards)}</ul>'


def _action_bar(view: dict[str, Any]) -> str:
    active = next((c for c in view["characters"] if c["id"] == view["active"]), None)
    head = f'<h2>{esc(active["name"])}\'s turn</h2>' if active else ""
    groups = []
    for title, types in GROUPS:
        html = _actions(view, types)
        if html:
            groups.append(f'<div class="group"><h3>{title}</h3><div class="choices">{html}</div></div>')
    moves = _actions(view, ("move",), cls="btn small")
    if moves:
        groups.append(f'<details class="group"><summary>Move to a spot (list)</summary>'
                      f'<div class="choices">{moves}</div></details>')
    return f'<div class="actionbar">{head}{"".join(groups)}</div>'


def _party(view: dict[str, Any]) -> str:
    if view["phase"] == "creation":
        return ""
    sheets = "".join(_sheet(c) for c in view["characters"])
    return f'<h2>Party</h2><div class="sheets">{sheets}</div>'


def _sheet(c: dict[str, Any], *, open_: bool = False, live: bool = False) -> str:
    core = "".join(f'<li><span>{esc(k)}</span><b>{v}</b></li>' for k, v in c["core"].items())
    abil = ", ".join(f'{esc(a["name"])} {a["level"]}' for a in c["abilities"]) or "none yet"
    items = ", ".join(esc(i["name"]) for i in c["items"]) or "none"
    eq = ", ".join(f'{esc(s)}: {esc(i["name"])}' for s, i in c["equipped"].items()) or "nothing"
    quirk = ""
    if c["quirk"]:
        q = c["quirk"]
        quirk = f'<p><b>{esc(q["name"])}</b>: {esc(q["bonus"])}; {esc(q["penalty"])}</p>'
    stamina = _mini_back("mini stamina", "Stamina card") * c["stamina"]
    status = {"ok": "", "stunned": " · stunned", "dead": " · dead"}.get(c["status"], f' · {c["status"]}')
    title = esc(c["name"] or "New character")
    race = " ".join(x for x in (c["race"] or "", c["class"] or "") if x)
    pct = 0 if not c["max_hp"] else max(0, min(100, round(100 * c["hp"] / c["max_hp"])))
    extra = ""
    if c.get("aim") or c.get("stance"):
        extra = f'<p class="muted">Aim +{1 if c.get("aim") else 0} · Stance +{c.get("stance") or 0}</p>'
    return (f'<details class="sheet{" live" if live else ""}"{" open" if open_ else ""}>'
            f'<summary><b>{title}</b> <span class="muted">{esc(race)} · level {c["level"]}{status}</span>'
            f'<span class="hp small"><span style="width:{pct}%"></span></span>'
            f'<span class="muted">HP {c["hp"]}/{c["max_hp"]}</span></summary>'
            f'<ul class="core">{core}</ul>'
            f'<p class="derived">Max HP <b>{c["max_hp"]}</b> · Movement <b>{c["movement"]}</b> · '
            f'Initiative <b>{c["initiative"]}</b> · Exp <b>{c["exp"]}</b>/{c["next_level"]}</p>'
            f'{quirk}{extra}<p><span class="muted">Abilities:</span> {abil}</p>'
            f'<p><span class="muted">Items:</span> {items}</p><p><span class="muted">Equipped:</span> {eq}</p>'
            f'<div class="stamina-row"><span class="muted">Stamina ({c["stamina"]}):</span>{stamina}</div>'
            f'</details>')


# -- new quest form and the character library ----------------------------------------------
def setup(app: "App") -> str:
    lib = LIB.entries(app)
    saved = ""
    if lib:
        rows = "".join(
            f'<div class="lib-row"><label class="check"><input type="checkbox" name="library" value="{esc(key)}"> '
            f'<span><b>{esc(r["name"])}</b> <span class="muted">{esc(r["race"])} {esc(r["class"])}, '
            f'level {r["level"]}{" (resurrected)" if r.get("resurrected") else ""}</span></span></label>'
            + (button("Remove for good?", "forget", key, cls="btn small danger") if app.confirm == key
               else button("Remove", "forget", key, cls="btn small ghost", title=f'Remove {r["name"]}'))
            + '</div>'
            for key, r in lib.items())
        saved = f'<fieldset><legend>Characters from your library</legend>{rows}</fieldset>'
    count = "".join(f'<option value="{n}"{" selected" if n == (0 if lib else 1) else ""}>{n}</option>'
                    for n in range(0, MAX_PARTY + 1))
    fill = "new_characters,names,layout,library,quirk_name,quirk_bonus,quirk_penalty"
    layouts = "".join(f'<option value="{esc(v)}"{" selected" if v == "app" else ""}>{esc(t)}</option>'
                      for v, t in LAYOUTS.items())
    return (f'<section class="setup"><h1>New P52 quest</h1>'
            f'<p class="muted">A GM-less dungeon crawl: Pocketdeck shuffles the Room, Enemy and '
            f'Action decks and runs the enemies. Play alone or pass the phone around (1 to 6 characters).</p>'
            f'<form class="form" data-form>{saved}'
            f'<label>New characters to create <select name="new_characters">{count}</select></label>'
            f'<label>Their names (comma-separated, optional)<input name="names" maxlength="200" '
            f'autocomplete="off" placeholder="e.g. Brom, Ilsa"></label>'
            f'<label>Room layout <select name="layout">{layouts}</select></label>'
            f'<fieldset><legend>Your own quirk (optional: all three, or none)</legend>'
            f'<label>Name<input name="quirk_name" maxlength="40" autocomplete="off"></label>'
            f'<label>Bonus<input name="quirk_bonus" maxlength="80" autocomplete="off"></label>'
            f'<label>Penalty<input name="quirk_penalty" maxlength="80" autocomplete="off"></label></fieldset>'
            f'{button("Begin", "new", {"system": "p52"}, cls="btn primary", fill=fill, submit=True)}</form></section>')


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
    """Form fields (all text) -> engine options; bad input is refused with a reason."""
    try:
        n = int(str(fields.get("new_characters", "1")) or 0)
    except ValueError:
        raise ValueError("the number of new characters must be a whole number") from None
    names = [x.strip() for x in str(fields.get("names", "")).split(",") if x.strip()]
    if any(len(x) > 40 for x in names):
        raise ValueError("a name may have at most 40 characters")
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
            "layout": layout}


register_table(Table(
    system="p52", title="P52",
    blurb="A GM-less dungeon crawl with Room, Enemy and Action decks: solo or a party on one phone.",
    render=render, setup=setup, options_from_form=options_from_form, after_play=LIB.after_play))
