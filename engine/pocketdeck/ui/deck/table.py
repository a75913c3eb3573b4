"""The Deck table screen: draw pile, hand, discard pile, and the deck's actions."""

from __future__ import annotations

from typing import Any

from ...core.cards import Card
from ...core.saves import Session
from ...systems.deck.rules import deck_catalogue
from ..cards import back_svg, card_svg, empty_slot, mini_card
from ..flow import prompt
from ..html import button, esc, log_list
from ..learn_ui import term
from ..tables import Table, register_table


def _has(view: dict[str, Any], kind: str) -> bool:
    return any(a["type"] == kind for a in view["actions"])


def render(view: dict[str, Any], session: Session) -> str:
    draw_n, discard = view["draw_count"], view["discard"]
    pile = back_svg(label=f"Draw pile, {draw_n} cards") if draw_n else empty_slot("Draw pile is empty")
    draw_btn = button(f'{pile}<span class="count">{draw_n}</span><span class="cap">Draw</span>',
                      "play", {"type": "draw"}, cls="pile", disabled=not _has(view, "draw"),
                      title=f"Draw a card ({draw_n} left)", raw_label=True)
    top = card_svg(discard[-1]) if discard else empty_slot("Discard pile is empty")
    discard_box = (f'<div class="pile" aria-label="Discard pile, {len(discard)} cards">{top}'
                   f'<span class="count">{len(discard)}</span><span class="cap">Discard</span></div>')
    hand = view["hand"]
    if hand:
        cards = "".join(
            button(card_svg(c), "play", {"type": "discard", "card": c}, cls="hand-card",
                   title=f"Discard {Card.parse(c).name}", raw_label=True) for c in hand)
        hand_html = (f'<p class="hint">Tap a card to put it on the {term("discard-pile", "discard pile")}.</p>'
                     f'<div class="hand">{cards}</div>')
    else:
        hand_html = f'<p class="hint">Your hand is empty. Tap the {term("draw-pile", "draw pile")}.</p>'
    left = ("" if view["reshuffles_left"] is None
            else f' <span class="muted">({view["reshuffles_left"]} reshuffles left)</span>')
    tools = "".join([
        button("Discard hand", "play", {"type": "discard_hand"}, disabled=not _has(view, "discard_hand")),
        button("Reshuffle discards", "play", {"type": "reshuffle"}, disabled=not _has(view, "reshuffle")),
        button("Shuffle draw pile", "play", {"type": "shuffle"}, disabled=not _has(view, "shuffle")),
        button("Gather all and shuffle", "play", {"type": "gather"}, disabled=not _has(view, "gather")),
    ])
    remaining = _left(view)
    over = '<p class="banner">The deck is spent.</p>' if view["over"] else ""
    return (f'<section class="table deck-table" data-system="deck">'
            f'<h1>Deck <span class="muted">· {esc(view["deck_name"])}</span>{left}</h1>{over}'
            + prompt(f'<div class="piles">{draw_btn}{discard_box}</div>'
                     f'<div class="hand-area">{hand_html}</div>', cls="deck-play",
                     label="Draw a card, or tap one in your hand to discard it")
            + f'<div class="tools">{tools}</div>{remaining}'
            f'{log_list(view["log"])}</section>')


def _left(view: dict[str, Any]) -> str:
    """The cards still in the draw pile (sorted, never in draw order) and the exact odds
    of the next card. Each card left is one element (cards.mini_card), with no list item
    around it: up to 54 of them are compared on every draw."""
    if not view["left"]:
        return ""
    odds = "".join(f"<li>Next card {esc(name)}: <b>{esc(p)}</b></li>" for name, p in view["odds"])
    cards = "".join(mini_card(c) for c in view["left"])
    return (f'<details class="left"><summary>What is left: {len(view["left"])} cards</summary>'
            f'<ul class="odds">{odds}</ul><div class="left-cards" role="group" aria-label="Cards left">{cards}</div></details>')


def setup(app: Any = None) -> str:
    choices = "".join(
        f'<div class="choice">{button(d["name"], "new", {"system": "deck", "options": {"deck": d["id"]}}, cls="btn primary")}'
        f'<p class="muted">{esc(d["blurb"])}</p></div>'
        for d in deck_catalogue().values())
    # decks of the player's own, kept in the library (ui/deck/editor.py)
    own = "".join(
        f'<div class="choice">{button(str(rec.get("name")), "new", {"system": "deck", "options": {"deck": rec}}, cls="btn primary")}'
        f'<p class="muted">Your deck: {len(rec.get("cards") or [])} cards</p></div>'
        for key, rec in sorted((getattr(app, "library", None) or {}).items())
        if key.startswith("item:deck:deck:") and isinstance(rec, dict))
    make = button("Make a deck of your own", "lib-deck", "52", cls="btn")
    return (f'<section class="setup"><h1>New deck</h1>'
            f'{prompt(choices + own, label="New deck: choose the cards", tag="div")}{make}</section>')


register_table(Table(
    system="deck", title="Deck",
    blurb="A shuffled pocket deck for any card game: draw, discard, reshuffle, undo.",
    render=render, setup=setup))
