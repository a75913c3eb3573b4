"""The P52 steps between rooms as prompts (issues 24, 25): creating a character, setting
up the quest, levelling up. Each choice shows one line of what it means in play (a race's
and a class's core modifiers, a quirk's bonus and penalty, a quest's goal, an item's use),
the bonus points left stand beside the +1 buttons, the steps of creation are numbered
1 to 6 without gaps (the book's Step 3 and Step 7 sums are the app's), and the name typed
on the setup form is the character's from the first step on.
"""

from __future__ import annotations

from typing import Any

from ...core.saves import Session
from ...systems.p52 import data
from ..flow import prompt
from ..html import button, esc
from ..learn_ui import term, why

# creation as the player meets it: six numbered steps (the book's Step 3 is added up by the
# app after the class, its Step 7 figures after the name)
CREATION = ("race", "class", "quirk", "points", "learn", "name")
CORE_MEANS = {
    "Lift": "strength: Max HP (Lift x Think + 3) and blows up close",
    "Think": "wits: Max HP and magic",
    "Balance": "poise: knives, bows and dodging",
    "Move": "Movement (Move / 4 + 1) and Initiative",
    "Lead": "presence: Initiative (Lead x 2) and commanding abilities",
}
ENV_MEANS = {
    "inside": "Each room is lit or dark by a flip of the Room deck (red: lit).",
    "outside": "Day and night take turns room by room; a flip says which comes first.",
    "flip": "A red Room card means outside, a black one inside.",
}
QUEST_FLIP = ("The app flips: A-3 Big Boss, 4-6 Survival, 7-9 Trapped, 10-Q Treasure Hunt; "
              "a King flips again and gives everyone an extra item.")
TITLES = {
    "quest": "Choose the quest", "env": "Inside or outside?", "start_pick": "Choose a starting item",
    "attr": "Level up: +1 to a core ability", "train": "Quest reward: +1 level to an ability",
    "raise": "Spend experience on abilities",
}


def _mods(mods: dict[str, int]) -> str:
    return ", ".join(f"{k} {v:+d}" for k, v in mods.items() if v)


def _ability_line(aid: str) -> str:
    ab = data.ability(aid)
    pre = ", ".join(f"{k} {v}" for k, v in ab["prereq"].items())
    return f'{ab.get("text", "")} Target {ab["target"]}; needs {pre}.'.strip()


def meaning(action: dict[str, Any], session: Session | None) -> str:
    """One line of what a between-rooms choice means in play ("" when its label says it)."""
    t = action["type"]
    if t == "race":
        r = data.races()[action["race"]]
        return f'{r.get("blurb", "")} {_mods(r["mods"])}.'
    if t == "class":
        c = data.classes()[action["class"]]
        trained = ", ".join(data.ability(a)["name"] for a in c["abilities"])
        return f'{c.get("blurb", "")} {_mods(c["mods"])}; trained in {trained}.'
    if t == "quirk":
        q = action["quirk"]
        if q is None:
            return "Nothing changes: a plain character."
        if q.startswith("custom:"):
            own = (session.options.get("quirks") or []) if session else []
            i = int(q.split(":")[1])
            mine = own[i] if i < len(own) else {}
            return f'Your own: {mine.get("bonus", "")}; but {mine.get("penalty", "")}. Honour it at the table.'
        qq = data.quirks()[q]
        return f'Bonus: {qq["bonus"]}. Penalty: {qq["penalty"]}.'
    if t in ("add_point", "attr"):
        return CORE_MEANS.get(action["attr"], "")
    if t in ("learn", "train", "raise"):
        return _ability_line(action["ability"])
    if t == "quest":
        if action["quest"] == "flip":
            return QUEST_FLIP
        q = data.quests().get(action["quest"]) or (session.options.get("quest") if session else None) or {}
        yours = " (yours: played by the book's rules of its kind)" if action["quest"] == "yours" else ""
        return f'{q.get("blurb", "")} Reward: {q.get("bonus", "")}{yours}'
    if t == "env":
        return ENV_MEANS.get(action["env"], "")
    if t == "start_item":
        return data.item(action["item"])["text"]
    return ""


def typed_name(view: dict[str, Any], session: Session | None, cid: str) -> str:
    """The name the player typed on the setup form for new character ``cid`` ("" if none):
    shown from the first step, long before the book's Step 7 asks for it."""
    if session is None:
        return ""
    names = session.options.get("names") or []
    ids = [c["id"] for c in view["characters"]]
    idx = ids.index(cid) - len(session.options.get("characters") or []) if cid in ids else -1
    return str(names[idx]) if 0 <= idx < len(names) else ""


def creation(view: dict[str, Any], session: Session | None, sheet: Any, lead: str = "") -> str:
    """Creating a Character: the step as a prompt, then the live sheet below it."""
    step = view.get("step") or {}
    kind = step.get("kind", "")
    cid = step.get("char")
    chars = view["characters"]
    c = next((x for x in chars if x["id"] == cid), None)
    name = (c or {}).get("name") or typed_name(view, session, cid or "")
    n = CREATION.index(kind) + 1 if kind in CREATION else len(CREATION)
    who = ""
    if c is not None:
        pos = [x["id"] for x in chars].index(cid) + 1
        who = (f'<p class="muted">Character {pos} of {len(chars)}'
               f'{": " + esc(name) if name else ""}</p>')
    head, note = _creation_head(kind, step, name)
    body = (lead + f'<h2>Step {n} of {len(CREATION)}: {head}</h2>{who}{note}'
            + choice_list(view, session, points=kind == "points"))
    label = f"Creating a character, step {n} of {len(CREATION)}"
    out = prompt(body, label=label, cls="step")
    if c is not None:
        out += sheet(c, name, open_=kind in ("points", "learn", "name"))
    return out


def _creation_head(kind: str, step: dict[str, Any], name: str) -> tuple[str, str]:
    if kind == "race":
        return "choose a race", f'<p class="hint">The race adds to some {term("core-abilities", "core abilities")} and takes from others.</p>'
    if kind == "class":
        return "choose a class", '<p class="hint">The class changes the core abilities too, and gives the abilities it is trained in.</p>'
    if kind == "quirk":
        return ("choose a quirk", f'<p class="hint">Optional: a {term("quirk")} brings a bonus and a penalty. '
                'Your own quirk is written on the setup form.</p>')
    if kind == "points":
        return ("spread the bonus points",
                f'<p class="hint">The {term("bonus-points", "bonus flip")} gave points to add to the core abilities, one tap each.</p>')
    if kind == "learn":
        return ("one more ability", f'<p class="hint">Any {term("p52-ability", "ability")} your core abilities qualify for.</p>')
    if kind == "name":
        typed = f' \u201c{esc(name)}\u201d is the name you typed.' if name else ""
        return "a name", f'<p class="hint">Last step: Max HP, Movement and Initiative follow from the core abilities.{typed}</p>'
    return "choose", ""


def choices(view: dict[str, Any], session: Session | None, lead: str = "") -> str:
    """Setting up the quest and levelling up: the step as a prompt."""
    step = view.get("step") or {}
    kind = step.get("kind", "")
    title = TITLES.get(kind, "Choose")
    if kind == "points":
        title = "Level up: core points"
    note = ""
    if kind == "quest":
        note = f'<p class="hint">Pick a {term("quest")}, or let the cards choose.</p>'
    elif kind == "env":
        note = f'<p class="hint">{term("environment", "Inside or outside")} decides how light the rooms are.</p>'
    elif kind == "start_pick":
        note = f'<p class="hint">Your {term("starting-items", "starting-item")} flip lets you choose.</p>'
    elif kind == "raise":
        note = f'<p class="hint">Spare {term("p52-exp", "exp")} raises an ability by one level at its price.</p>'
    body = lead + f'<h2>{esc(title)}</h2>{note}' + choice_list(view, session, points=kind == "points")
    return prompt(body, label=title, cls="step")


def choice_list(view: dict[str, Any], session: Session | None, *, points: bool = False) -> str:
    """Every legal choice as a button with its one line of meaning under it; the points
    left first when the step is spreading points (the count beside the +1 buttons)."""
    step = view.get("step") or {}
    rows = []
    c = next((x for x in view["characters"] if x["id"] == step.get("char")), None)
    for entry in view["actions"]:
        a = entry["action"]
        label = entry["label"]
        title = None
        if a["type"] in ("add_point", "attr") and c is not None:
            label = f'{label} (now {c["core"].get(a["attr"], 0)})'
            title = f'Add 1 to {a["attr"]}, now {c["core"].get(a["attr"], 0)}'
        if a["type"] == "name" and session is not None and a["name"] in (session.options.get("names") or []):
            label += " (as typed)"
        cls = "btn primary" if a["type"] == "name" and not rows else "btn"
        line = meaning(a, session)
        rows.append(f'<div class="choice">{button(label, "play", a, cls=cls, title=title)}'
                    + (f'<p class="muted">{esc(line)}</p>' if line else "") + '</div>')
    left = ""
    if points:
        n = int(step.get("n", 0))
        left = (f'<p class="points-left" aria-live="off"><b>{n}</b> point{"s" if n != 1 else ""} left '
                f'to add</p>')
        rows = [f'<div class="choice-grid">{"".join(rows)}</div>']
    return f'{left}<div class="choice-list">{"".join(rows)}</div>'


def quick_why() -> str:
    return why("p52-quick", "The app makes legal level-1 characters by the book's steps (race, class, "
               "quirk, bonus flip, one more ability, a name), flips for the quest and for inside or "
               "outside (your first quest is set instead: one room), takes a starting item when the "
               "flip offers a choice, and opens the first room.", "What Play now does")
