"""The Deck of Adventures setup screen (issue 25): a hero to play now in one tap, every
premade under a name of its own with one line of what it is like in play, or a character
built from 9 XP; a name and a companion, optional.

Premades are named by their sheet's id ("Alchemist 3"), never by suit and Role alone: the
book's Alchemist 2 and Alchemist 3 are both Support, level 2 (docs/rules/dofa.md lists the
slip), and two identical names are two buttons nobody can tell apart.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...systems.dofa import sheet as sh
from ..flow import prompt
from ..html import button, esc
from ..learn_ui import term

if TYPE_CHECKING:
    from ..shell import App

PLAY_NOW = ("Spades1", "Clubs1", "Diamonds1", "Hearts1")  # one level-1 hero per Role
ROLE_LINE = {
    "Martial": "a nimble fighter (Agility, Finesse); Thwart hampers a foe's checks",
    "Defender": "stands in front (Strength, Brute); Aggro draws attacks away from allies",
    "Caster": "wields magic (Intelligence, Knowledge); Intensify pushes an attack to a Major",
    "Support": "heals and helps (Intuition, Craft); Help gives an ally Upper Hand",
}


def title(pid: str) -> str:
    """'Alchemist 3': the sheet's name and number, distinct for all 24."""
    m = re.fullmatch(r"([A-Za-z]+)(\d+)", pid)
    return f"{m.group(1)} {m.group(2)}" if m else pid


def line(pid: str) -> str:
    """One line of what the premade is like in play: its best modifiers, HP, AR, AP and
    its first powers."""
    c = sh.premades()[pid]
    s = sh.sheet_from_premade(pid)
    mods = {**s["attrs"], **s["skills"]}
    best = sorted(((v, sh.NAMES.get(k, k)) for k, v in mods.items() if v > 0), key=lambda x: -x[0])[:2]
    powers = [p.replace("Attack, ", "") for p in c["powers"] if p != "Attack, Weapon"][:3]
    good = ", ".join(f"{n} {v:+d}" for v, n in best)
    return (f'{good} · {s["hp_max"]} HP, AR {s["ar"]}, AP {s["ap_max"]}'
            + (f' · {", ".join(powers)}' if powers else ""))


def _pick(pid: str, *, now: bool) -> str:
    c = sh.premades()[pid]
    label = f"{title(pid)} ({c['role']}, level {c['level']})"
    full = f"{'Play now: ' if now else 'Play '}{label}"
    go = button(label, "new", {"system": "dofa", "options": {"character": pid}}, cls="btn primary" if now else "btn",
                title=full, fill="name,companion")
    text = f"{ROLE_LINE[c['role']][0].upper()}{ROLE_LINE[c['role']][1:]}." if now else line(pid)
    return f'<li>{go}<p class="muted">{esc(text)}</p></li>'


def setup(app: "App") -> str:
    others = [pid for pid in sorted(sh.premades(), key=_order) if pid not in PLAY_NOW]
    by_role = {}
    for pid in others:
        by_role.setdefault(sh.premades()[pid]["role"], []).append(pid)
    groups = "".join(
        f'<h3>{esc(role)}</h3><p class="muted">{esc(ROLE_LINE.get(role, ""))}</p>'
        f'<ul class="dofa-picks">{"".join(_pick(p, now=False) for p in pids)}</ul>'
        for role, pids in sorted(by_role.items()))
    now = "".join(_pick(pid, now=True) for pid in PLAY_NOW)
    comps = '<option value="">None</option>' + "".join(
        f'<option value="{esc(c)}">{esc(c)}</option>' for c in sh.companions())
    custom = button("Build my own character", "new", {"system": "dofa", "options": {"character": "custom"}},
                    cls="btn", title="Build my own character from 9 XP", fill="name,companion")
    return (f'<section class="setup dofa-setup"><h1>Deck of Adventures</h1>'
            f'<p class="muted">Your {term("dofa-action-deck")} and character sheet for a game with a GM: '
            f'the GM shows a {term("target-card")} and names the check; you tap it in and draw here.</p>'
            f'{_kept_sheets(app)}'
            + prompt(f'<h2>Play now</h2><p class="muted">A {term("premade", "premade hero")} from the book, '
                     f'ready to play, one for each {term("role", "Role")}.</p>'
                     f'<ul class="dofa-picks">{now}</ul>', label="Play now: choose a hero", cls="dofa-now")
            + f'<details class="dofa-more"><summary>{len(others)} more premade characters</summary>{groups}</details>'
            f'<h2>Your own</h2><div class="dofa-picks"><div>{custom}<p class="muted">Choose a Role, spend 9 XP on '
            f'modifiers and powers, take up to four weaknesses for more XP.</p></div></div>'
            f'<details class="dofa-more"><summary>Name and companion (optional)</summary>'
            f'<div class="form"><label>Name<input name="name" maxlength="40" autocomplete="off"></label>'
            f'<label>Companion <select name="companion">{comps}</select></label>'
            f'<p class="muted">A {term("companion")} draws from your deck and acts on your turn.</p></div></details>'
            f'</section>')


def _kept_sheets(app: "App") -> str:
    """The sheets kept in the library (ui/dofa/keep.py): each starts a table on itself."""
    kept = sorted((str(r.get("name")), k, r) for k, r in app.library.items() if k.startswith("item:sheet:dofa:"))
    if not kept:
        return ""
    rows = "".join(button(f"Play {name} ({r.get('role')}, level {r.get('level')})", "lib-open", key, cls="btn")
                   for name, key, r in kept)
    return f'<h2>Your kept sheets</h2><div class="choices">{rows}</div>'


def _order(pid: str) -> tuple[str, int]:
    return (pid.rstrip("0123456789"), int(pid[-1]))


def options_from_form(fields: dict[str, Any], app: "App") -> dict[str, Any]:
    """The name and companion typed on the form (the character comes with the button
    tapped; a form that names one is checked too)."""
    out: dict[str, Any] = {}
    if "character" in fields:
        pid = str(fields.get("character") or "")
        if pid not in sh.premades() and pid != "custom":
            raise ValueError("Premade character: choose one from the list")
        out["character"] = pid
    name = str(fields.get("name") or "").strip()
    if len(name) > 40:
        raise ValueError("Name: at most 40 characters")
    comp = str(fields.get("companion") or "")
    if comp and comp not in sh.companions():
        raise ValueError("Companion: choose one from the list")
    return {**out, "name": name, "companion": comp}
