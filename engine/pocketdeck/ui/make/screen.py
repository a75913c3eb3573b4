"""The maker's screen (``make:<kind>``): a copy of an item in a form drawn from its kind's
spec, lists that grow and shrink, and Keep, which checks the row field by field and, when
every field is right, as a whole (the kind's ``keep``: the Library's record check and the
kind's playability). A refused item keeps its draft on screen, each problem under its field.

The draft lives in the App (``app.maker``) until it is kept or left, and in storage
(``ui:maker``) so a reload of the page comes back to it: what is kept goes to the Library like
any item. Verbs: ``make`` (start from a copy), ``make-add`` / ``make-del``
(a list's item), ``make-keep``, ``make-leave``. Every verb but ``make`` first reads what the
form sent (web/boot.js sends every named field of the form: ``data-fill="*"``), so a tap
on Add never loses what was typed.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generator

from ...core.game import IllegalAction
from ...core.limits import MAX_RECORD_CHARS, excerpt, load_json
from ...form import add, fields, label_of, place, problems, read, remove, value_at
from ..flow import prompt
from ..html import button, esc
from .form import FILL_ALL, MakeKind, render as render_fields

if TYPE_CHECKING:
    from ..shell import App, Effect

# the kinds a player can make, by id: "module:NAME" of their MakeKind (imported when opened)
KINDS = {"foe-ads": "pocketdeck.ui.make.foe:KIND", "monster-deckbuilder": "pocketdeck.ui.make.monster:KIND",
         "creature-dofa-gm": "pocketdeck.ui.make.creature:KIND", "adventure-ads": "pocketdeck.ui.make.adventure:KIND",
         "zone-deckbuilder": "pocketdeck.ui.make.zone:KIND",
         "enemy-p52": "pocketdeck.ui.make.enemy:KIND", "quest-p52": "pocketdeck.ui.make.quest:KIND"}


@dataclass
class Draft:
    kind: str
    row: dict[str, Any]
    base: str                                   # the name of what it was copied from
    back: str                                   # the screen Leave returns to
    problems: dict[str, list[str]] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)   # reasons about the whole item
    focus: str = ""                             # the group that holds the prompt (a new list item)


def kind_of(kid: Any) -> MakeKind:
    if not isinstance(kid, str) or kid not in KINDS:
        raise IllegalAction(f"there is nothing called {excerpt(kid)!r} to make")
    module, _, name = KINDS[kid].partition(":")
    return getattr(importlib.import_module(module), name)


def start(app: "App", kid: str, ref: str) -> list["Effect"]:
    """Open the form on a copy of ``ref`` (one of the kind's sources)."""
    kind = kind_of(kid)
    names = {r: n for r, n, _ in kind.sources(app)}
    if ref not in names:
        raise IllegalAction(f"there is no {kind.title} {excerpt(ref)!r} to start from")
    app.maker = Draft(kid, kind.copy(app, ref), names[ref], app.screen if app.screen != f"make:{kid}" else "home")
    app.screen = f"make:{kid}"
    return []


DRAFT_KEY = "ui:maker"        # the draft, kept across a reload of the page until kept or left
MAX_DRAFT_CHARS = 100_000     # a draft of the largest kind (16 rooms) is about 40,000


def saved(app: "App") -> list["Effect"]:
    """The draft as storage keeps it: put while one is being made (with its screen), gone
    once it is kept or left."""
    draft: Draft | None = getattr(app, "maker", None)
    if draft is None:
        return [("delete", DRAFT_KEY)]
    text = json.dumps({"kind": draft.kind, "row": draft.row, "base": draft.base, "back": draft.back})
    return [("put", DRAFT_KEY, text), ("put", "ui:screen", app.screen)] if len(text) <= MAX_DRAFT_CHARS else []


def restore(app: "App", text: Any) -> None:
    """A draft kept before the page was reloaded: back on its form (App.restore opens it when
    the stored screen was the form). ValueError for one that cannot be read (App.restore
    says so and keeps it as it was)."""
    value = load_json(text, "a draft", MAX_DRAFT_CHARS)
    if not isinstance(value, dict) or value.get("kind") not in KINDS or not isinstance(value.get("row"), dict) \
            or not all(isinstance(value.get(k), str) for k in ("base", "back")):
        raise ValueError("not a draft of a kind this app makes")
    app.maker = Draft(value["kind"], value["row"], value["base"], value["back"])


def handle(app: "App", verb: str, arg: str, sent: dict[str, Any]) -> list["Effect"]:
    """A tap on the maker's screen; the draft is saved after each (``saved``)."""
    effects = _handle(app, verb, arg, sent)
    return effects + saved(app)


def _handle(app: "App", verb: str, arg: str, sent: dict[str, Any]) -> list["Effect"]:
    if verb == "make":
        spec = load_json(arg, "that button", MAX_RECORD_CHARS) if arg else {}
        if not isinstance(spec, dict):
            raise IllegalAction("that button sent something unreadable")
        # the item to copy: the arg's "from", or the field it names (the ADS setup's Foe picker)
        ref = sent.get(spec["field"]) if isinstance(spec.get("field"), str) else spec.get("from")
        return start(app, spec.get("kind"), ref if isinstance(ref, str) else "")
    draft: Draft | None = getattr(app, "maker", None)
    if draft is None or app.screen != f"make:{draft.kind}":
        raise IllegalAction("nothing is being made: start from a copy")
    kind = kind_of(draft.kind)
    if verb == "make-leave":
        app.maker, app.screen = None, draft.back
        app.flash = ("info", f"Left without keeping: {draft.row.get('name') or kind.title} was not kept.")
        return []
    draft.row = read(kind.spec_of(app), draft.row, kind.labels_of(app), sent)
    draft.refused, draft.focus = [], ""
    try:
        if verb == "make-add":
            draft.row = add(kind.spec_of(app), draft.row, arg, kind.labels_of(app))
            draft.focus = f"{arg}.{len(value_at(draft.row, arg)) - 1}"
            draft.problems = {}
            return []
        if verb == "make-del":
            draft.row = remove(kind.spec_of(app), draft.row, arg, kind.labels_of(app))
            draft.problems = {}
            return []
    except (ValueError, KeyError, IndexError, TypeError):
        raise IllegalAction(f"that list cannot change so ({excerpt(arg)})") from None
    if verb == "make-keep":
        return _keep(app, draft, kind)
    raise IllegalAction(f"unknown command {excerpt(verb)!r}")


def _keep(app: "App", draft: Draft, kind: MakeKind) -> list["Effect"]:
    labels = kind.labels_of(app)
    found = problems(kind.spec_of(app), draft.row, labels)
    try:  # the cross-checks read a well-typed row; on one that is not, each that can still run
        row = kind.prepare(app, draft.row) if kind.prepare is not None and not found else draft.row
        more = [(p, m) for p, m in kind.cross(row) if p not in found]
    except (TypeError, KeyError, IndexError, AttributeError, ValueError):
        more = []
    found = place(found, more, labels)
    draft.problems = found
    if found:
        n = sum(map(len, found.values()))
        app.flash = ("error", f"Not kept: {n} problem{'s' if n != 1 else ''}, each shown beside its field.")
        return []
    app.start_job(_keep_job(app, draft, kind), kind.title, f"make:{draft.kind}", kind.unit)
    return []


def _keep_job(app: "App", draft: Draft, kind: MakeKind) -> Generator[tuple[int, int], None, list["Effect"]]:
    """The kind's whole check, a unit of work at a time (the page gives itself back between
    slices); a refusal goes back to the form with the draft and the reason."""
    done, total = 0, kind.work_of(kind.prepare(app, draft.row) if kind.prepare else draft.row)
    try:
        steps = kind.keep(app, draft.row)
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                effects: list["Effect"] = stop.value
                break
            done += 1
            yield done, total
    except ValueError as exc:
        draft.refused = [excerpt(str(exc), 400)]
        app.screen = f"make:{draft.kind}"
        app.flash = ("error", f"Not kept: {draft.refused[0]}")
        return saved(app)
    app.maker = None
    return effects + saved(app)


def render(app: "App") -> str:
    draft: Draft | None = getattr(app, "maker", None)
    nav = '<nav class="nav" aria-label="Make your own">' + button("\u2190 Home", "home", cls="btn ghost") + '</nav>'
    if draft is None:
        return nav + '<section class="make"><h1>Nothing is being made</h1></section>'
    kind = kind_of(draft.kind)
    root = fields(kind.spec_of(app), draft.row, kind.labels_of(app), draft.problems)
    keep = button("Keep it", "make-keep", cls="btn primary", fill=FILL_ALL, submit=True,
                  title=f"Keep {draft.row.get('name') or 'it'}: check it and add it to your Library")
    leave = button("Leave without keeping", "make-leave", cls="btn ghost")
    listed = [f"<li>{esc(_where(kind, p))}{esc(m)}</li>" for p, ms in draft.problems.items() for m in ms] + \
        [f"<li>{esc(r)}</li>" for r in draft.refused]
    said = (f'<p class="mk-said">Not kept yet. Fix what is marked below, then Keep again:</p>'
            f'<ul class="mk-problem">{"".join(listed)}</ul>') if listed else \
        f'<p class="muted">Change what you like, then Keep. {esc(kind.intro)}</p>'
    bar = prompt(f'{said}<div class="choices">{keep}{leave}</div>', cls="mk-bar", tag="div",
                 label=f"Make your own {kind.title}: keep it when it is ready") if not draft.focus else \
        f'<div class="mk-bar">{said}<div class="choices">{keep}{leave}</div></div>'
    return (f'{nav}<section class="make" data-make="{esc(draft.kind)}"><h1>Make your own {esc(kind.title)}</h1>'
            f'<p class="muted">A copy of {esc(draft.base)}, to make your own.</p>'
            f'<form class="form mk-form" data-form>{bar}{render_fields(root, draft.focus)}'
            f'<div class="choices mk-end">{keep}</div></form></section>')


def _where(kind: MakeKind, path: str) -> str:
    """The field a problem belongs to, named before it in the list at the top (the same
    words stand under the field itself)."""
    if not path:
        return ""
    parts = path.split(".")
    named = []
    for i in range(len(parts)):
        sub = ".".join(parts[: i + 1])
        if parts[i].isdigit():
            item = label_of(kind.labels, ".".join(parts[:i])).item or "item"
            named.append(f"{item} {int(parts[i]) + 1}")
        elif i == len(parts) - 1 or not parts[i + 1].isdigit():
            named.append(label_of(kind.labels, sub).name)
    return " \u203a ".join(named[:-1]) + (": " if len(named) > 1 else "") if len(named) > 1 else ""
