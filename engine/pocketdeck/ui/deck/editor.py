"""Decks of one's own for the Deck table: choose the cards (any of the 54, several copies),
name the deck, keep it in the library (``item:deck:deck:<slug>``), start a game with it.

The deck record is the Deck engine's own ``deck`` option (systems/deck/rules.py), so the
library keeps exactly what a game starts from, and the engine's record check is the one
both apply.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ...core.cards import Card, standard_deck
from ...core.game import IllegalAction
from ...core.records import get_kind, make_item, problem
from ..flow import prompt
from ..html import button, esc

if TYPE_CHECKING:
    from ..shell import App, Effect

PRESETS = {
    "52": ("52 cards", standard_deck(False)),
    "54": ("54 cards with Jokers", standard_deck(True)),
    "euchre": ("Euchre (9 to Ace)", [r + s for s in "SHDC" for r in ("9", "10", "J", "Q", "K", "A")]),
    "piquet": ("Piquet (7 to Ace)", [r + s for s in "SHDC" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]),
}


def handle(app: "App", verb: str, arg: str, fields: dict[str, Any]) -> list["Effect"]:
    if verb == "lib-deck":
        app.screen = "library-deck:" + (arg if arg in PRESETS else "52")
        return []
    if verb == "lib-deck-save":
        return _save(app, fields)
    raise IllegalAction("unknown deck command")


def _save(app: "App", fields: dict[str, Any]) -> list["Effect"]:
    from ..library.items import add
    picked = fields.get("cards") or []
    copies = fields.get("copies") or "1"
    if not isinstance(picked, list) or not picked:
        raise IllegalAction("tick at least one card")
    if not isinstance(copies, str) or copies not in {str(n) for n in range(1, 7)}:
        raise IllegalAction("copies: 1 to 6")
    name = fields.get("dname")
    record = {"name": name.strip() if isinstance(name, str) else name,
              "cards": [c for c in picked for _ in range(int(copies))]}
    kind = get_kind("deck", "deck")
    reason = problem(kind, record)
    if reason:
        raise IllegalAction(f"that deck cannot be kept: {reason}")
    effects = add(app, make_item(kind, record["name"], record))
    app.screen = "library"
    app.flash = ("info", f"{record['name']} ({len(record['cards'])} cards) is in the library.")
    return effects


def play_deck(app: "App", key: str) -> list["Effect"]:
    """A new Deck game with the deck kept under ``key`` (the last game stays)."""
    record = app.library[key]
    return app._handle("new", json.dumps({"system": "deck", "options": {"deck": record}}), {})


def render(app: "App", preset: str) -> str:
    chosen = set(PRESETS.get(preset, PRESETS["52"])[1])
    boxes = "".join(
        f'<label class="card-pick"><input type="checkbox" name="cards" value="{c}"'
        f'{" checked" if c in chosen else ""}><span>{esc(_short(c))}</span>'
        f'<span class="sr-only">{esc(Card.parse(c).name)}</span></label>'
        for c in standard_deck(True))
    presets = "".join(button(title, "lib-deck", pid, cls="btn small", title=f"Start from {title}")
                      for pid, (title, _) in PRESETS.items())
    copies = "".join(f'<option value="{n}">{n}</option>' for n in range(1, 7))
    # the name, the copies and Keep come first, as the prompt (issue 24: the action in view
    # after every tap, its message beside it); the 54 cards to tick follow
    keep = prompt(f'<label>Name <input name="dname" maxlength="40" required></label>'
                  f'<label>Copies of each card <select name="copies">{copies}</select></label>'
                  + button("Keep this deck", "lib-deck-save", fill="dname,cards,copies", cls="btn primary", submit=True),
                  label="Name the deck, then keep it", cls="deck-keep", tag="div")
    return (f'<section class="library deck-editor"><h1>A deck of your own</h1>'
            f'<p>Start from:</p><div class="lib-tools">{presets}</div>'
            f'<form class="deck-form">{keep}'
            f'<fieldset><legend>Cards</legend><div class="card-grid">{boxes}</div></fieldset>'
            f'</form></section>')


def _short(code: str) -> str:
    if code in ("RJ", "BJ"):
        return "Red Joker" if code == "RJ" else "Black Joker"
    card = Card.parse(code)
    assert card.suit is not None and card.rank is not None
    return card.rank.code + card.suit.symbol
