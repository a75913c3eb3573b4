"""The new-game form of the GM's table (``dofa-gm``): two ready games first (a solo
skirmish and a table already seated), each one tap from the form and two from home, so a
new GM reaches a first turn at once (issue 25); then the table of their own, every choice
with one line of what it means in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..flow import prompt
from ..html import button, esc
from .kept import game_card, kept_creatures

if TYPE_CHECKING:
    from ..shell import App

PLAYER_ROWS = 4
LINK_ROWS = 2
NUMBERS = (("hp", "HP", 5), ("ap", "AP", 0), ("ar", "AR", 3), ("agl", "AGL", 0), ("pp", "PP", 0))

# the ready games: (button, full name, one line, options)
READY = (
    ("Solo skirmish", "Play now: a solo skirmish, three heroes against three foes",
     "Spades, Hearts and Clubs (level 1) fight a Grunt, a Gray Wolf and a Guard; you pick "
     "every move, and the app suggests the creatures' moves by a written policy.",
     {"mode": "skirmish", "players": [], "party": ["Spades1", "Hearts1", "Clubs1"],
      "foes": ["Grunt", "Gray Wolf", "Guard"]}),
    ("A ready table", "Play now: a seated table, two heroes, a Captain and two Grunts",
     "Diamonds and Clubs sit at your table with a Captain and two Grunts, out of combat: "
     "call a check, run an Epic Event or start the fight yourself.",
     {"mode": "table", "players": [], "party": ["Diamonds1", "Clubs1"],
      "foes": ["Captain, Defender", "Grunt", "Grunt"]}),
)

MODES = (("table", "The GM\u2019s table",
          "you run a real table: players keep their sheets on their phones and tell you their cards."),
         ("skirmish", "Solo skirmish",
          "premade heroes against creatures, all on this phone, to learn the fight alone."))


def _premade_line(pid: str) -> str:
    from ...systems.dofa import sheet as sh
    p = sh.premades()[pid]
    return f"{pid}: {p['role']}, level {p['level']}, HP {p['hp']}, best at {p['primary_skill']}"


def setup(app: "App") -> str:
    from ...systems.dofa import sheet as sh
    from ...systems.dofa_gm import bestiary as bs
    ready = "".join(
        f'<div class="choice">{button(label, "new", {"system": "dofa-gm", "options": opts}, cls="btn primary", title=full)}'
        f'<p class="muted">{esc(line)}</p></div>' for label, full, line, opts in READY)
    fields = ["mode"]
    rows = []
    for i in range(PLAYER_ROWS):
        cells = [f'<label>Name<input name="p{i}_name" maxlength="40" autocomplete="off"></label>']
        fields.append(f"p{i}_name")
        for key, lab, default in NUMBERS:
            cells.append(f'<label>{lab}<input name="p{i}_{key}" type="number" inputmode="numeric" '
                         f'value="{default}"></label>')
            fields.append(f"p{i}_{key}")
        rows.append(f'<fieldset class="gm-player"><legend>Player {i + 1}</legend>{"".join(cells)}</fieldset>')
    pre = '<option value="">None</option>' + "".join(
        f'<option value="{esc(p)}">{esc(_premade_line(p))}</option>' for p in sorted(sh.premades()))
    mine = kept_creatures(app)
    ours = "".join(
        f'<option value="{esc(c)}">{esc(c)} ({esc(r["type"])}, HP {r["hp"]}): {esc(r["text"])}</option>'
        for c, r in bs.creatures().items() if r["type"] != "Companion")
    yours = "".join(f'<option value="{esc(k)}">{esc(r.get("name"))} (yours: {esc(r.get("type"))}, HP '
                    f'{esc(r.get("hp"))}): {esc(r.get("text"))}</option>' for k, r in mine)
    foes = '<option value="">None</option>' + (
        f'<optgroup label="The bestiary">{ours}</optgroup><optgroup label="Your own creatures">{yours}</optgroup>'
        if yours else ours)
    links = []
    for i in range(LINK_ROWS):
        links.append(f'<label>Share link {i + 1}<input name="link{i}" autocomplete="off" '
                     f'inputmode="url"></label>')
        fields.append(f"link{i}")
    picks = []
    for i in range(3):
        picks.append(f'<label>Premade character {i + 1}<select name="party{i}">{pre}</select></label>')
        fields.append(f"party{i}")
    for i in range(3):
        picks.append(f'<label>Creature {i + 1}<select name="foe{i}">{foes}</select></label>')
        fields.append(f"foe{i}")
    modes = "".join(f'<option value="{v}">{esc(n)}</option>' for v, n, _ in MODES)
    mode_lines = "".join(f'<li><b>{esc(n)}</b>: {esc(t)}</li>' for _, n, t in MODES)
    head, label = f'<h2>Play now</h2>{ready}', "Play now: choose a ready game"
    chosen = dict(mine).get(getattr(app, "gm_creature", None) or "")
    if chosen is not None:   # a creature just kept or opened from the Library: one tap to a fight with it
        card = game_card(chosen)
        head = (f'<h2>Fight your creature now</h2><div class="choice">'
                + button(f"Fight {chosen['name']} now", "new", {"system": "dofa-gm", "options": _fight_with(card)},
                         cls="btn primary", title=f"Fight {chosen['name']} now: a solo skirmish of three premades")
                + f'<p class="muted">A solo skirmish: Spades, Hearts and Clubs (level 1) '
                f'{"with" if card["type"] == "Companion" else "against"} {esc(chosen["name"])} (yours)'
                f'{" against a Grunt" if card["type"] == "Companion" else ""}.</p></div>{ready}')
        label = f"Fight {chosen['name']} now, or choose a ready game"
    return (f'<section class="setup dofa-gm"><h1>Deck of Adventures: the GM\u2019s table</h1>'
            + prompt(head, cls="gm-ready", label=label)
            + f'<h2>Or set up your own table</h2><form class="form" data-form>'
            f'<label>Mode <select name="mode">{modes}</select></label><ul class="gm-lines">{mode_lines}</ul>'
            f'<p class="muted">Players at the table (their sheets stay on their phones; leave a '
            f'name empty to skip the row). HP: health; AP: armor points taken first; AR: the DR of '
            f'attacks on them; AGL: Agility, breaks initiative ties; PP: power points.</p>{"".join(rows)}'
            f'<p class="muted">Or paste the share link of a player\u2019s Deck of Adventures '
            f'game: their name, HP, AP, AR, Agility and PP are taken from their sheet.</p>'
            f'{"".join(links)}<p class="muted">Premade characters join with their own Action Deck '
            f'(the app draws for them); creatures come from the bestiary, minions sharing the '
            f'NPC Deck.</p>{"".join(picks)}'
            f'{button("Begin", "new", {"system": "dofa-gm"}, cls="btn primary", fill=",".join(fields), submit=True)}'
            f'</form>{make_from(app, mine)}</section>')


def _fight_with(card: dict[str, Any]) -> dict[str, Any]:
    """A ready skirmish with a creature the GM made: three premades against it (a Companion
    fights beside them, against a Grunt); the game carries its card (option ``cards``)."""
    foes = [card["id"], "Grunt"] if card["type"] == "Companion" else [card["id"]]
    return {"mode": "skirmish", "players": [], "party": ["Spades1", "Hearts1", "Clubs1"], "foes": foes,
            "cards": [card]}


def make_from(app: "App", mine: list[tuple[str, dict[str, Any]]], tag: str = "h2") -> str:
    """Make your own (issue 49): a creature of the bestiary or of the GM's own, copied into the
    maker's form (ui/make/creature.py, loaded when it opens)."""
    from ...systems.dofa_gm import bestiary as bs
    chosen = getattr(app, "gm_creature", None) or "Grunt"
    def row(ref: str, words: str) -> str:
        return f'<option value="{esc(ref)}"{" selected" if ref == chosen else ""}>{esc(words)}</option>'
    ours = "".join(row(c, f'{c} ({r["type"]})') for c, r in bs.creatures().items())
    yours = "".join(row(k, f'{r.get("name")} (yours)') for k, r in mine)
    options = (f'<optgroup label="The bestiary">{ours}</optgroup><optgroup label="Your own creatures">{yours}'
               '</optgroup>') if yours else ours
    make = button("Make your own from this creature", "make", {"kind": "creature-dofa-gm", "field": "mk_from"},
                  cls="btn", fill="mk_from", title="Make your own from this creature: a copy of the one chosen")
    return (f'<div class="form gm-make"><{tag}>Make your own creature</{tag}><p class="muted">A copy '
            f'of any creature, in a form checked by the bestiary\u2019s rules; kept in your Library and listed '
            f'here as yours.</p><label>Creature to copy <select name="mk_from">{options}</select></label>'
            f'<div class="choices">{make}</div></div>')


def options_from_form(fields: dict[str, Any], app: "App") -> dict[str, Any]:
    """The form's fields as options; a ready game's button sends no fields (its options
    ride on the button), and then nothing here overrides them."""
    from ...systems.dofa_gm.rules import PLAYER_LIMITS
    if "mode" not in fields:
        return {}
    mode = str(fields.get("mode") or "table")
    players = []
    for i in range(PLAYER_ROWS):
        name = str(fields.get(f"p{i}_name") or "").strip()
        if not name:
            continue
        if len(name) > 40:
            raise ValueError(f"Player {i + 1}: a name of at most 40 characters")
        p: dict[str, Any] = {"name": name}
        for key, lab, default in NUMBERS:
            raw = str(fields.get(f"p{i}_{key}", default)).strip() or str(default)
            lo, hi = PLAYER_LIMITS[key]
            try:
                value = int(raw)
            except ValueError:
                raise ValueError(f"Player {i + 1}: {lab} must be a whole number") from None
            if not lo <= value <= hi:
                raise ValueError(f"Player {i + 1}: {lab} from {lo} to {hi}")
            p[key] = value
        players.append(p)
    for i in range(LINK_ROWS):
        link = str(fields.get(f"link{i}") or "").strip()
        if link:
            from ...core.saves import SaveError
            from ...systems.dofa_gm.sheetlink import player_from_link
            try:
                players.append(player_from_link(link))
            except SaveError as exc:
                raise ValueError(f"Share link {i + 1}: {exc}") from None
    party = [str(fields[f"party{i}"]) for i in range(3) if fields.get(f"party{i}")]
    foes = [str(fields[f"foe{i}"]) for i in range(3) if fields.get(f"foe{i}")]
    if mode == "skirmish" and not (party and foes):
        raise ValueError("A solo skirmish needs at least one premade character and one creature")
    # a creature the GM kept is named by its Library key: the game takes its card (``cards``)
    mine, cards = dict(kept_creatures(app)), {}
    for i, ref in enumerate(foes):
        if ref in mine:
            card = game_card(mine[ref])
            cards[card["id"]] = card
            foes[i] = card["id"]
    out = {"mode": mode, "players": players, "party": party, "foes": foes}
    return dict(out, cards=list(cards.values())) if cards else out
