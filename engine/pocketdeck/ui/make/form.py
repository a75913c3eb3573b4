"""The form of any content kind as HTML (pocketdeck/form.py draws its fields from the spec)
and ``MakeKind``, what a kind gives the maker: its spec, its labels in the book's words,
where a copy starts from and what Keep checks and does.

Every text the player typed, and every label, passes through ``esc``; each problem stands
under its field, tied to it by ``aria-describedby``, so a screen reader says it there too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Generator

from ...form import Field, Labels
from ..html import button, esc

if TYPE_CHECKING:
    from ..shell import App, Effect

FILL_ALL = "*"   # data-fill: every named field of the button's form (web/boot.js fieldsOf)


@dataclass(frozen=True)
class MakeKind:
    """One kind of content the player can make. ``sources(app)``: (ref, name, yours) of each
    item a copy may start from; ``copy(app, ref)``: that item's row as a draft named
    "<name> (yours)"; ``cross(row)``: the kind's checks across fields (path, words) for a row
    its spec accepts; ``keep(app, row)``: a generator that checks the row whole (record,
    playability), yielding once per unit of its ``work`` (``unit``: "fights"), and returns the
    effects of keeping it, or raises ValueError naming why (before anything is kept). The page
    runs it in slices with a progress line (App.start_job), so a long check never freezes it."""
    id: str
    title: str          # "ADS Foe"
    spec: Any
    labels: Labels
    intro: str
    sources: Callable[["App"], list[tuple[str, str, bool]]]
    copy: Callable[["App", str], dict[str, Any]]
    cross: Callable[[dict[str, Any]], list[tuple[str, str]]]
    keep: Callable[["App", dict[str, Any]], Generator[int, None, list["Effect"]]]
    work: int = 1
    unit: str = "checks"
    # the spec as this phone draws it, where its choices depend on what the player kept (an
    # adventure's Foes: ours and theirs); None: ``spec`` itself. The check on keeping and on
    # arrival is the kind's own, so a choice drawn here never widens what is accepted.
    spec_for: Callable[["App"], Any] | None = None
    labels_for: Callable[["App"], Labels] | None = None   # the words of those choices
    # the row as it would be kept, before the cross-checks read it (an adventure gathers the
    # cards of the made Foes its rooms name); None: the draft's row itself
    prepare: Callable[["App", dict[str, Any]], dict[str, Any]] | None = None

    work_for: Callable[[dict[str, Any]], int] | None = None   # ``work`` by the row, where it varies

    def work_of(self, row: dict[str, Any]) -> int:
        return self.work if self.work_for is None else self.work_for(row)

    def spec_of(self, app: "App") -> Any:
        return self.spec if self.spec_for is None else self.spec_for(app)

    def labels_of(self, app: "App") -> Labels:
        return self.labels if self.labels_for is None else self.labels_for(app)


def dom_id(path: str) -> str:
    return "mk-" + (path.replace(".", "-") or "root")


def render(root: Field, focus: str = "") -> str:
    """The fields of ``root`` (a table); the group at ``focus`` (a list item just added)
    carries the screen's prompt."""
    return "".join(_field(child, focus) for child in root.children).replace("<!--drop-->", "")


def _problems(f: Field) -> str:
    if not f.problems:
        return ""
    items = "".join(f"<li>{esc(p)}</li>" for p in f.problems)
    return f'<ul class="mk-problem" id="{dom_id(f.path)}-why">{items}</ul>'


def _describe(f: Field) -> str:
    ids = ([f"{dom_id(f.path)}-hint"] if f.label.hint else []) + ([f"{dom_id(f.path)}-why"] if f.problems else [])
    bad = ' aria-invalid="true"' if f.problems else ""
    return (f' aria-describedby="{" ".join(ids)}"' if ids else "") + bad


def _hint(f: Field) -> str:
    return f'<span class="mk-hint muted" id="{dom_id(f.path)}-hint">{esc(f.label.hint)}</span>' if f.label.hint else ""


def _field(f: Field, focus: str) -> str:
    name, ident = esc(f.name), dom_id(f.path)
    if f.kind == "table":
        inner = "".join(_field(c, focus) for c in f.children)
        return _group(f, inner, focus)
    if f.kind == "list":
        item = f.label.item or "item"
        rows = []
        for i, child in enumerate(f.children):
            child.label = replace(child.label, name=f"{item} {i + 1}")
            drop = (button(f"Remove {item} {i + 1}", "make-del", child.path, cls="btn small ghost mk-del",
                           fill=FILL_ALL, title=f"Remove {item} {i + 1} of {f.label.name}")
                    if child.removable else "")
            rows.append(_folded(child, _field(child, focus).replace("<!--drop-->", drop, 1), focus))
        grow = (button(f"Add {_a(item)}", "make-add", f.path, cls="btn small mk-add", fill=FILL_ALL,
                       title=f"Add {_a(item)} to {f.label.name}") if f.can_add else "")
        return (f'<fieldset class="mk-list" id="{ident}"{_describe(f)}><legend>{esc(f.label.name)}</legend>'
                f'{_hint(f)}{_problems(f)}{"".join(rows)}{grow}</fieldset>')
    if f.kind == "tagged":
        tag, rest = f.children[0], f.children[1:]
        for i, r in enumerate(rest, 1):  # one value keeps its own name ("How many"); several are numbered
            r.label = replace(r.label, name=f"{r.label.name} {i}" if len(rest) > 1 else r.label.name, hint="")
        values = "mk-values" if len(rest) > 1 else "mk-values one"
        inner = _field(tag, focus) + f'<div class="{values}">' + "".join(_field(r, focus) for r in rest) + "</div>"
        return _group(f, inner, focus)
    if f.kind == "set":
        ticked = set(f.value or [])
        boxes = "".join(f'<label class="check"><input type="checkbox" name="{name}" value="{esc(v)}"'
                        f'{" checked" if v in ticked else ""}>{esc(words)}</label>' for v, words in f.options)
        return (f'<fieldset class="mk-set" id="{ident}"{_describe(f)}><legend>{esc(f.label.name)}</legend>'
                f'{_hint(f)}<div class="mk-boxes">{boxes}</div>{_problems(f)}</fieldset>')
    if f.kind == "flag":
        return (f'<div class="mk-flag"><label class="check"><input type="checkbox" name="{name}" value="yes" '
                f'id="{ident}"{" checked" if f.value else ""}{_describe(f)}>{esc(f.label.name)}</label>'
                f'{_hint(f)}{_problems(f)}</div>')
    if f.kind == "choice":
        options = ([("", "(none)")] if f.optional else []) + f.options
        known = {v for v, _ in options}
        if f.value not in known:  # what came in that is not a choice: shown, so its problem makes sense
            options = options + [(f.value, f.value)]
        opts = "".join(f'<option value="{esc(v)}"{" selected" if v == f.value else ""}>{esc(w)}</option>'
                       for v, w in options)
        control = f'<select name="{name}" id="{ident}"{_describe(f)}>{opts}</select>'
    elif f.kind == "number":
        bounds = "".join(f' {k}="{v}"' for k, v in (("min", f.low), ("max", f.high)) if v is not None)
        control = (f'<input type="number" inputmode="numeric" step="1" name="{name}" id="{ident}" '
                   f'value="{esc(f.value)}"{bounds}{_describe(f)}>')
    else:
        most = f' maxlength="{f.maxlength}"' if f.maxlength else ""
        control = (f'<input type="text" name="{name}" id="{ident}" value="{esc(f.value)}"{most}'
                   f' autocomplete="off" spellcheck="false"{_describe(f)}>')
    return (f'<div class="mk-field"><label for="{ident}">{esc(f.label.name)}</label>{_hint(f)}'
            f'{control}{_problems(f)}</div>')


FOLD = 8   # a list's item with more fields than this is folded under a line that names it (a room)


def _inside(f: Field, focus: str) -> bool:
    """Whether ``f`` or a field in it has a problem or holds the focus."""
    return bool(f.problems) or (bool(focus) and (focus == f.path or focus.startswith(f.path + "."))) or \
        any(_inside(c, focus) for c in f.children)


def _folded(f: Field, html: str, focus: str) -> str:
    """A big item of a list (a room of an adventure) folded under a line naming it (its first
    text fields: "Room 3 · K3 · The Guard Room"), open when it holds a problem or the focus,
    so a long list stays one screen of lines on a phone and every field is still sent."""
    if f.kind != "table" or len(f.children) <= FOLD:
        return html
    words = [str(c.value) for c in f.children[:2] if c.kind == "text" and c.value]
    summary = " \u00b7 ".join([f.label.name] + words)
    opened = " open" if _inside(f, focus) else ""
    return f'<details class="mk-fold"{opened}><summary>{esc(summary)}</summary>{html}</details>'


def _group(f: Field, inner: str, focus: str) -> str:
    mark = ' data-prompt tabindex="-1"' if focus and f.path == focus else ""
    return (f'<fieldset class="mk-group" id="{dom_id(f.path)}"{mark}{_describe(f)}>'
            f'<legend>{esc(f.label.name)}</legend><!--drop-->{_hint(f)}{_problems(f)}{inner}</fieldset>')


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word
