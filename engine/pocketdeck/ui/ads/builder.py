"""The ADS Deck Builder screen: the Information cards (race, class, level), one tap to
start from a class's ready-made deck, counts per card type, the broken rules live (each
with its book section), a Rondel preview, filters and the card gallery drawn as cards.
A saved deck joins the phone's library (``char:ads:<name>``) for the adventure."""

from __future__ import annotations

from typing import Any

from ...core.game import IllegalAction
from ...core.saves import Session
from ...systems.ads import data
from ...systems.ads.build.game import FILTERS
from ...systems.ads.build.variants import ready_made
from ...systems.ads.view import card_face
from .decks import LIB, chosen_deck, deck_select
from .decks import _export  # noqa: F401 - where tests/test_ads_party.py reads it
from .fight import card_svg
from ..flow import prompt
from ..html import button, esc, log_list
from ..learn_ui import term
from ..tables import Table, register_table

FILTER_WORDS = {"kind": "Type", "level": "Level", "round": "Plays on Round", "usable": "Cards"}
VALUE_WORDS = {"mine": "this character can play", "all": "all"}


def face(cid: str) -> dict[str, Any]:
    """A gallery card: its own printed values (no Round yet)."""
    f = dict(card_face(cid + ".1", 1))
    f["today"] = f["primary"] if f["primary"] == f["secondary"] else f"{f['primary']}/{f['secondary']}"
    if f["effect"] not in ("damage", "defense", "heal"):
        f["today"] = ""
    return f


def _rondel(rows: list[dict[str, int]]) -> str:
    """Bars per Round: primary dark, secondary light; the numbers are the text."""
    top = max([r["primary"] + r["secondary"] for r in rows] + [1])
    bars = []
    for i, r in enumerate(rows):
        hp = 60 * r["primary"] / top
        hs = 60 * r["secondary"] / top
        x = 6 + i * 26
        bars.append(f'<rect x="{x}" y="{66 - hp:.1f}" width="18" height="{hp:.1f}" class="rp"/>'
                    f'<rect x="{x}" y="{66 - hp - hs:.1f}" width="18" height="{hs:.1f}" class="rs"/>'
                    f'<text x="{x + 9}" y="78" text-anchor="middle" font-size="9" class="rxt2">{i + 1}</text>')
    words = "; ".join(f"Round {i + 1}: {r['primary']} primary, {r['secondary']} secondary" for i, r in enumerate(rows))
    return (f'<figure class="adb-rondel"><svg viewBox="0 0 162 82" role="img" aria-label="{esc(words)}">'
            f'{"".join(bars)}</svg><figcaption class="muted">Cards playable on each Round of the '
            f'{term("rondel", "Rondel")} (dark: {term("primary-rounds", "primary")}, light: secondary)</figcaption></figure>')


def _key(label: str, action: dict[str, Any], on: bool, title: str) -> str:
    """One key of a keypad (race, class, level, a filter): every key stays in its place,
    the chosen one drawn pressed (and not tappable: it is already chosen)."""
    html = button(label, "play", action, cls="btn small" + (" on" if on else ""), disabled=on, title=title)
    return html.replace("<button ", f'<button aria-pressed="{"true" if on else "false"}" ', 1)


def _pick(view: dict[str, Any], kind: str, title: str, values: list[Any]) -> str:
    current = view["deck"][kind]
    keys = "".join(_key(str(v).title(), {"type": kind, kind: v}, v == current, f"{title}: {str(v).title()}")
                   for v in values)
    return (f'<div class="adb-pick"><p><b>{esc(title)}:</b> {esc(str(current).title())}</p>'
            f'<div class="choices" role="group" aria-label="{esc(title)}">{keys}</div></div>')


def _filters(view: dict[str, Any]) -> str:
    out = ""
    for key, word in FILTER_WORDS.items():
        current = view["filters"][key]
        keys = "".join(
            _key(VALUE_WORDS.get(v, v.title()), {"type": "filter", "key": key, "value": v}, v == current,
                 f"Show {word.lower()}: {VALUE_WORDS.get(v, v)}")
            for v in FILTERS[key])
        out += (f'<div class="adb-filter"><p><b>{esc(word)}:</b> {esc(VALUE_WORDS.get(current, current.title()))}'
                f'</p><div class="choices" role="group" aria-label="Filter the gallery by {esc(word.lower())}">{keys}</div></div>')
    return out


def _over(view: dict[str, Any]) -> str:
    deck = view["deck"]
    return (f'<section class="table ads-table adb-table" data-system="ads_build" data-phase="over">'
            + prompt(f'<p class="banner">{esc(deck["name"])} is saved to your library: a legal '
                     f'{term("combat-deck", "Combat Deck")}.</p>'
                     f'<p>Start an ADS Adventure with it, or start a new build from it.</p>'
                     f'{button("Go on an adventure", "setup", "ads_adventure", cls="btn primary")}',
                     label="The deck is saved")
            + f'{log_list(view["log"], "Builder log")}</section>')


def _bar(view: dict[str, Any]) -> str:
    """The sticky action bar: the tap's result, how many cards, what rule is broken, and
    Save, always on screen together whatever part of the long page is in view."""
    viol, total = view["violations"], view["total"]
    can_save = any(a["type"] == "save" for a in view["legal"])
    if viol:
        first = viol[0]
        status = (f'<p class="adb-status"><b>{total} of 52 cards</b> \u00b7 {len(viol)} '
                  f'{term("build-broken-rule", "broken rule" if len(viol) == 1 else "broken rules")}: '
                  f'{esc(first["text"])}</p>')
    else:
        status = f'<p class="adb-status"><b>{total} of 52 cards</b> \u00b7 legal: ready to save.</p>'
    save = button("Save this deck", "play", {"type": "save"}, cls="btn primary", disabled=not can_save,
                  title=f"Save this deck, {view['deck']['name']}, to your library")
    return prompt(f'<div class="adb-bar-row">{status}{save}</div>', cls="adb-bar",
                  label=f"Build your Combat Deck: {total} of 52 cards, "
                        + (f"{len(viol)} broken rules" if viol else "legal"))


def _order(cid: str) -> tuple[str, str]:
    return (data.cards()[cid]["kind"], cid) if cid in data.cards() else ("", cid)


def rows_of(session: Session) -> list[str]:
    """The rows of the deck list: the cards the build started from (or last started again
    from) by kind, then each card added since at the end. A row stays when its last copy
    is taken out (at 0), so the rows under the thumb never move when a count changes
    (issue 24). Read from the history, so the game's state (and every save) is as before."""
    start = session.base["deck"] if session.base is not None else session.options.get("start")
    deck = ready_made(start) if isinstance(start, str) else start if isinstance(start, dict) else {"cards": []}
    rows = sorted((cid for cid, _ in deck.get("cards", [])), key=_order)
    for a in session.actions:
        if a.get("type") == "ready" and a.get("deck") in data.decks():
            rows = sorted((cid for cid, _ in ready_made(a["deck"])["cards"]), key=_order)
        elif a.get("type") == "add" and a.get("card") not in rows:
            rows.append(a["card"])
    return rows


def render(view: dict[str, Any], session: Session) -> str:
    if view["phase"] == "over":
        return _over(view)
    deck = view["deck"]
    legal = view["legal"]
    have = {cid: n for cid, n in deck["cards"]}
    viol = view["violations"]
    if viol:
        vtext = "".join(f'<li><b>{esc(v["section"])}</b>: {esc(v["text"])}</li>' for v in viol)
        violations = f'<div class="adb-viol"><h2>Broken rules ({len(viol)})</h2><ul>{vtext}</ul></div>'
    else:
        violations = '<div class="adb-viol ok"><h2>No broken rules</h2><p>This deck is legal.</p></div>'
    counts = " \u00b7 ".join(f"{esc(k.title())} {n}" for k, n in sorted(view["counts"].items()))
    ready = "".join(button(f"{data.decks()[d]['class'].title()}'s deck", "play", {"type": "ready", "deck": d},
                           cls="btn small", title=f"{data.decks()[d]['class'].title()}'s deck: start again from it")
                    for d in sorted(data.decks()))
    can_add = any(a["type"] == "add" for a in legal)
    in_deck = []
    shown = rows_of(session)
    for cid in shown + [cid for cid in have if cid not in shown]:
        name = data.cards()[cid]["name"] if cid in data.cards() else cid
        n = have.get(cid, 0)
        in_deck.append(f'<li class="{"gone" if not n else ""}"><span>{n} \u00d7 {esc(name)}</span>'
                       + button("\u2212", "play", {"type": "remove", "card": cid}, cls="btn small",
                                title=f"Take out one {name}", disabled=not n)
                       + button("+", "play", {"type": "add", "card": cid}, cls="btn small",
                                title=f"Add one {name}", disabled=not can_add) + "</li>")
    cards = []
    for cid in view["gallery"]:
        f = face(cid)
        c = data.cards()[cid]
        req = c.get("requires", [])
        note = f'Level {c.get("level", 1)}' + (f' \u00b7 {", ".join(r.title() for r in req)}' if req else "")
        add = button(f"Add ({have.get(cid, 0)})", "play", {"type": "add", "card": cid}, cls="btn small",
                     title=f"Add one {c['name']}, {have.get(cid, 0)} in the deck", disabled=not can_add)
        cards.append(f'<li class="adb-card">{card_svg(f, 0)}<p class="muted">{esc(note)}</p>{add}</li>')
    levels = sorted({a["level"] for a in legal if a["type"] == "level"} | {deck["level"]})
    races = sorted({a["race"] for a in legal if a["type"] == "race"} | {deck["race"]})
    classes = sorted({a["class"] for a in legal if a["type"] == "class"} | {deck["class"]})
    return (f'<section class="table ads-table adb-table" data-system="ads_build" data-phase="build">'
            f'<h1>{esc(deck["name"])} <span class="muted">{view["total"]} of 52 cards</span></h1>'
            f'<p class="muted">The {term("build-information-cards", "Information Cards")}: who plays this deck.</p>'
            f'{_pick(view, "race", "Race", races)}{_pick(view, "class", "Class", classes)}'
            f'{_pick(view, "level", "Level", levels)}'
            f'<div class="adb-ready"><p><b>Start again from a {term("build-ready-made", "ready-made deck")}:</b></p>'
            f'<div class="choices">{ready}</div></div>'
            f'<p class="adb-counts">{counts}</p>{_rondel(view["rondel"])}'
            f'<h2>In the {term("combat-deck", "Combat Deck")}</h2><ul class="adb-deck">{"".join(in_deck)}</ul>'
            f'<h2>Card gallery</h2>{_filters(view)}<ul class="adb-gallery">{"".join(cards)}</ul>'
            f'{violations}{log_list(view["log"], "Builder log")}{_bar(view)}</section>')


def setup(app: Any = None) -> str:
    return (f'<section class="setup ads-setup"><h1>New ADS Character Deck</h1>'
            f'<p class="muted">Start from a deck and swap cards. Every deck-building rule is checked as you go.</p>'
            + prompt(f'<form class="form" data-form>{deck_select(app, "start", "Start from")}'
                     f'<label>Name <input name="name" maxlength="40" autocomplete="off"></label>'
                     f'{button("Start building", "new", {"system": "ads_build"}, cls="btn primary", fill="start,name", submit=True)}'
                     f'</form>', label="New Character Deck: start from a deck", tag="div")
            + '</section>')


def options_from_form(fields: dict[str, Any], app: Any) -> dict[str, Any]:
    start = chosen_deck(fields.get("start", "ready:warrior"), app, "Start from")
    name = str(fields.get("name", "")).strip()
    if len(name) > 40:
        raise IllegalAction("Name: at most 40 characters")
    return {"start": start, "name": name}


register_table(Table(
    system="ads_build", title="ADS Deck Builder",
    blurb="Build a legal 52-card Combat Deck for the Adventure Deck System, card by card.",
    render=render, setup=setup, options_from_form=options_from_form, after_play=LIB.after_play))
