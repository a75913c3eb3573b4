"""A form drawn from a content spec (pocketdeck/schema.py): the fields a player fills in to
make an item of a content kind, what they typed read back into a row, and each problem of
that row put beside the field it concerns.

Why from the spec: the spec is what checks a content file at build time, so a form drawn
from it asks for exactly what the check wants (a whole number within its ``Range``, one of
a ``OneOf``, a list within its bounds) and the row it gives is checked by the same words.
A new kind of content is its spec and a ``Labels`` table in the book's words, not a new
screen (ui/make/ draws any kind).

A draft is the row itself, as typed: a number field that does not read as a whole number
keeps its text, so the form shows it again and the spec's own check names what is wrong
("Hit Points must be an int from 1 to 99, not '12x'"). Paths name fields the way the
kinds' cross-checks do: keys and 0-based list positions joined by dots,
``"actions.2.outcomes.0.match"``. The form's HTML names are ``NAME + path``.
Pure Python, no browser: tests/test_form.py drives it in CPython.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from .schema import ListOf, MapOf, OneOf, Optional, Range, Table, Tagged, Text, check_value, describe

NAME = "f."          # the form's field names: "f." + path
SET_MAX = 12         # a list of choices with at most this many values is drawn as tick boxes
_WHOLE = re.compile(r"-?[0-9]{1,30}")


@dataclass(frozen=True)
class Label:
    """What a field is called in the book's words. ``item``: the name of one item of a list
    ("Action"); ``choices``: words for a choice's values; ``hidden``: kept, not shown (an
    id the app gives); ``one_by_one``: a list of choices drawn as a list of choices, not tick
    boxes (a room's loot: fifty cards, one may come twice)."""
    name: str
    hint: str = ""
    item: str = ""
    choices: Mapping[Any, str] = field(default_factory=dict)
    hidden: bool = False
    one_by_one: bool = False   # a list of choices drawn item by item (it may repeat one), not ticks


Labels = Mapping[str, Label]   # by pattern: the path with each list position as "*"


@dataclass
class Field:
    """One field of the form: a leaf (``text``, ``number``, ``choice``, ``flag``, ``set``)
    or a group (``table``, ``list``, ``tagged``) holding ``children``."""
    path: str
    kind: str
    label: Label
    value: Any = None
    optional: bool = False
    options: list[tuple[str, str]] = field(default_factory=list)   # (value as sent, words)
    low: int | None = None
    high: int | None = None
    maxlength: int | None = None
    children: list["Field"] = field(default_factory=list)
    can_add: bool = False
    removable: bool = False
    problems: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return NAME + self.path


def pattern(path: str) -> str:
    """The labels' key of ``path``: list positions as ``*``."""
    return ".".join("*" if part.isdigit() else part for part in path.split(".")) if path else ""


def label_of(labels: Labels, path: str) -> Label:
    parent, _, last = path.rpartition(".")
    if last.isdigit() and parent:  # a place in a tagged list first: "traits.*.0" is the tag
        found = labels.get(f"{pattern(parent)}.{last}")
        if found is not None:
            return found
    found = labels.get(pattern(path))
    if found is not None:
        return found
    parent, _, last = path.rpartition(".")
    if last.isdigit():  # a list's item: "Action 2", as the list names one
        item = labels.get(pattern(parent), Label("")).item or "Item"
        return Label(f"{item} {int(last) + 1}")
    return Label(last.replace("_", " ").capitalize())


def join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _bare(spec: Any) -> tuple[Any, bool]:
    return (spec.spec, True) if isinstance(spec, Optional) else (spec, False)


def _schema(spec: Any) -> Mapping[str, Any]:
    return spec.schema if isinstance(spec, Table) else spec


def _choices(spec: Any) -> list[Any] | None:
    """The values of a small choice (a OneOf, or a Range of at most SET_MAX numbers)."""
    if isinstance(spec, OneOf):
        return list(spec.values)
    if isinstance(spec, Range) and spec.low is not None and spec.high is not None \
            and spec.high - spec.low < SET_MAX:
        return list(range(spec.low, spec.high + 1))
    return None


def _ticks(spec: ListOf, label: Label) -> list[Any] | None:
    """The values of a list drawn as tick boxes (a set of small choices), else None."""
    return None if label.one_by_one else _choices(spec.item)


def _words(label: Label, value: Any) -> str:
    return label.choices.get(value, str(value))


# -- a blank item -------------------------------------------------------------------------------
def blank(spec: Any) -> Any:
    """The value a new field starts with: the least the spec takes (a list's fewest items,
    a range's low end, a choice's first value, empty text; optional keys left out)."""
    spec, _ = _bare(spec)
    if isinstance(spec, (dict, Table)):
        return {k: blank(s) for k, s in _schema(spec).items() if not isinstance(s, Optional)}
    if isinstance(spec, ListOf):
        return [blank(spec.item) for _ in range(spec.at_least)]
    if isinstance(spec, Tagged):
        return [blank(spec.tag)]
    if isinstance(spec, OneOf):
        return spec.values[0]
    if isinstance(spec, Range):
        return spec.low if spec.low is not None else 0
    if spec is bool:
        return False
    if spec is int:
        return 0
    return ""


# -- spec + value -> fields ---------------------------------------------------------------------
def fields(spec: Any, value: Any, labels: Labels, problems: Mapping[str, list[str]] | None = None,
           path: str = "") -> Field:
    """The form of ``value`` (a draft) against ``spec``: a tree of fields, each with its
    label and the problems found at its path."""
    problems = problems or {}
    bare, optional = _bare(spec)
    label = label_of(labels, path) if path else Label("")
    made = Field(path, "text", label, value, optional, problems=list(problems.get(path, [])))
    if isinstance(bare, (dict, Table)):
        made.kind = "table"
        row = value if isinstance(value, dict) else {}
        made.children = [fields(s, row.get(k), labels, problems, join(path, k)) for k, s in _schema(bare).items()
                         if not label_of(labels, join(path, k)).hidden]
    elif isinstance(bare, ListOf) and _ticks(bare, label) is not None:
        made.kind = "set"  # each tick box in the words of the list's choices, else of its item's ("enemies.*")
        words = replace(label, choices={**label_of(labels, join(path, 0)).choices, **label.choices})
        made.options = [(str(v), _words(words, v)) for v in _ticks(bare, label) or []]
        made.value = [str(v) for v in value] if isinstance(value, list) else []
    elif isinstance(bare, ListOf):
        made.kind = "list"
        items = value if isinstance(value, list) else []
        made.children = [fields(bare.item, item, labels, problems, join(path, i)) for i, item in enumerate(items)]
        for child in made.children:
            child.removable = len(items) > bare.at_least
        made.can_add = bare.at_most is None or len(items) < bare.at_most
    elif isinstance(bare, Tagged):
        made.kind = "tagged"
        items = value if isinstance(value, list) and value else [blank(bare.tag)]
        made.children = [fields(bare.tag, items[0], labels, problems, join(path, 0))] + [
            fields(Optional(bare.rest), items[i] if i < len(items) else None, labels, problems, join(path, i))
            for i in range(1, bare.at_most + 1)]
    elif isinstance(bare, OneOf):
        made.kind = "choice"
        made.options = [(str(v), _words(label, v)) for v in bare.values]
        made.value = "" if value is None else str(value)
    elif isinstance(bare, Range) or bare is int:
        made.kind = "number"
        made.low, made.high = (bare.low, bare.high) if isinstance(bare, Range) else (None, None)
        made.value = "" if value is None else str(value)
    elif bare is bool:
        made.kind = "flag"
        made.value = value is True
    elif isinstance(bare, Text):
        made.maxlength = bare.at_most
        made.value = "" if value is None else str(value)
    elif isinstance(bare, MapOf):
        raise TypeError("a MapOf has no form yet: give the kind a Table")
    else:
        made.value = "" if value is None else str(value)
    return made


# -- the form's fields -> a draft ----------------------------------------------------------------
def read(spec: Any, before: Any, labels: Labels, sent: Mapping[str, Any], path: str = "") -> Any:
    """The draft after the player's taps: ``before`` with every field the form sent
    (``sent``: HTML name -> text, or a tick-box group's values) read into its type. A field
    not sent keeps its value; an optional field left empty leaves its key out."""
    bare, _ = _bare(spec)
    if isinstance(bare, (dict, Table)):
        row = dict(before) if isinstance(before, dict) else {}
        for key, sub in _schema(bare).items():
            where = join(path, key)
            if label_of(labels, where).hidden:
                continue
            got = read(sub, row.get(key), labels, sent, where)
            if isinstance(sub, Optional) and _empty(got):
                row.pop(key, None)
            elif got is not None:
                row[key] = got
        return row
    name = NAME + path
    if isinstance(bare, ListOf) and _ticks(bare, label_of(labels, path)) is not None:
        if name not in sent:
            return before
        ticked = sent[name] if isinstance(sent[name], list) else [sent[name]]
        values = _ticks(bare, label_of(labels, path)) or []
        on = {str(t) for t in ticked}
        # the order it had (a Foe's distances as the book lists them), then any newly ticked
        kept = [v for v in (before if isinstance(before, list) else []) if v in values and str(v) in on]
        return list(dict.fromkeys(kept + [v for v in values if str(v) in on]))
    if isinstance(bare, ListOf):
        items = before if isinstance(before, list) else []
        return [read(bare.item, item, labels, sent, join(path, i)) for i, item in enumerate(items)]
    if isinstance(bare, Tagged):
        items = before if isinstance(before, list) and before else [blank(bare.tag)]
        tag = read(bare.tag, items[0], labels, sent, join(path, 0))
        rest = [read(bare.rest, items[i] if i < len(items) else None, labels, sent, join(path, i))
                for i in range(1, bare.at_most + 1)]
        return [tag] + [r for r in rest if not _empty(r)]
    if bare is bool:
        if name not in sent:
            return before
        ticked = sent[name]
        return bool(ticked) and ticked not in ("", "no", ["no"])
    if name not in sent:
        return before
    text = sent[name]
    if not isinstance(text, str):
        return text if not isinstance(text, list) else ""   # a tick-box group where one field belongs
    text = text.strip()
    if isinstance(bare, OneOf):
        return next((v for v in bare.values if str(v) == text), text)
    if isinstance(bare, Range) or bare is int:
        return int(text) if _WHOLE.fullmatch(text) else text
    return text


def _empty(value: Any) -> bool:
    if isinstance(value, dict):
        return all(_empty(v) for v in value.values())
    return value is None or value == "" or value == [] or value is False


# -- lists grow and shrink -----------------------------------------------------------------------
def spec_at(spec: Any, path: str) -> Any:
    """The spec of the field at ``path`` (KeyError: the spec has none there)."""
    for part in path.split(".") if path else []:
        spec, _ = _bare(spec)
        if isinstance(spec, (dict, Table)):
            spec = _schema(spec)[part]
        elif isinstance(spec, ListOf) and part.isdigit():
            spec = spec.item
        else:
            raise KeyError(path)
    return spec


def value_at(value: Any, path: str) -> Any:
    for part in path.split(".") if path else []:
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def add(spec: Any, value: Any, path: str, labels: Labels) -> Any:
    """``value`` with one blank item more in the list at ``path``; ValueError past its bound."""
    lst, _ = _bare(spec_at(spec, path))
    if not isinstance(lst, ListOf):
        raise ValueError("only a list grows")
    value = copy.deepcopy(value)
    parent, _, key = path.rpartition(".")
    holder = value_at(value, parent)
    items = holder.get(key) if isinstance(holder, dict) else holder[int(key)]
    if not isinstance(items, list):
        items = []
    label = label_of(labels, path)
    if lst.at_most is not None and len(items) >= lst.at_most:
        raise ValueError(f"{label.name}: at most {lst.at_most}")
    items.append(blank(lst.item))
    if isinstance(holder, dict):
        holder[key] = items
    else:
        holder[int(key)] = items
    return value


def remove(spec: Any, value: Any, path: str, labels: Labels) -> Any:
    """``value`` without the list item at ``path`` (ValueError below the list's least)."""
    parent, _, index = path.rpartition(".")
    lst, _ = _bare(spec_at(spec, parent))
    if not isinstance(lst, ListOf) or not index.isdigit():
        raise ValueError("only a list's item can be removed")
    value = copy.deepcopy(value)
    items = value_at(value, parent)
    if not isinstance(items, list) or int(index) >= len(items):
        raise ValueError("that item is not there")
    if len(items) <= lst.at_least:
        raise ValueError(f"{label_of(labels, parent).name}: at least {lst.at_least}")
    del items[int(index)]
    return value


# -- problems, by field ---------------------------------------------------------------------------
def problems(spec: Any, value: Any, labels: Labels, path: str = "") -> dict[str, list[str]]:
    """Every problem of the draft ``value`` against ``spec``, by the path of the field it
    concerns, in the words of schema.check_value (the content check's) with the field's label."""
    out: dict[str, list[str]] = {}
    _walk(spec, value, labels, path, out)
    return out


def _walk(spec: Any, value: Any, labels: Labels, path: str, out: dict[str, list[str]]) -> None:
    bare, _ = _bare(spec)
    label = label_of(labels, path).name if path else "it"
    def note(message: str) -> None:
        out.setdefault(path, []).append(message)
    if isinstance(bare, (dict, Table)):
        if not isinstance(value, dict):
            note(f"{label} must be a table")
            return
        for key, sub in _schema(bare).items():
            where = join(path, key)
            if key not in value:
                if not isinstance(sub, Optional):
                    out.setdefault(where, []).append(
                        f"{label_of(labels, where).name} is missing (must be {describe(sub)})")
                continue
            _walk(sub, value[key], labels, where, out)
        if isinstance(bare, Table) and bare.strict:
            extra = sorted(str(k) for k in value if k not in _schema(bare))
            if extra:
                note(f"{label}: unknown key(s) {', '.join(extra)[:40]}")
        return
    if isinstance(bare, ListOf) and _ticks(bare, label_of(labels, path)) is None:  # its length here, its items below
        if not isinstance(value, list):
            note(f"{label} must be {describe(bare)}")
            return
        if len(value) < bare.at_least or (bare.at_most is not None and len(value) > bare.at_most):
            note(f"{label} must be {describe(bare)}, not {len(value):,} of them")
        for i, item in enumerate(value[: bare.at_most or len(value)]):
            _walk(bare.item, item, labels, join(path, i), out)
        return
    for found in check_value(label, value, bare):
        note(found)


def place(found: Mapping[str, list[str]], more: list[tuple[str, str]], labels: Labels) -> dict[str, list[str]]:
    """``found`` with a kind's cross-checks (path, words) added beside their fields."""
    out = {k: list(v) for k, v in found.items()}
    for path, words in more:
        name = label_of(labels, path).name if path else ""
        out.setdefault(path, []).append(f"{name}: {words}" if name else words)
    return out


# -- the spec's own random fill ------------------------------------------------------------------
# text a random fill writes: letters, marks HTML would read, a quote, an accent, a wide
# character, so every screen that shows a made item is drawn with text that must be escaped
SAMPLE_TEXT = "abcdefghij KLMNOP <>&\"' éü—★"


def sample(spec: Any, base: Any, rng: Any, rate: float = 0.2, fixed: frozenset[str] = frozenset(),
           path: str = "") -> Any:
    """A value ``spec`` accepts, made from ``base`` (a copy of one of ours) by refilling each
    leaf with chance ``rate`` from the spec alone: a whole number in its ``Range``, one of a
    ``OneOf``, a flag, text of its length from SAMPLE_TEXT; a list may lose or repeat an item
    within its bounds, an optional key come or go. Paths matching a pattern of ``fixed``
    ("rooms.*.id": what other fields name) are kept. ``rng``: core.rng.Rng, so a seed gives
    the same item on every machine.

    Why from a base and not from nothing: an item drawn from nothing fails the kind's checks
    across fields almost always (a room no exit reaches); a few changes to a real one pass
    them often enough that a few tries give one, and each stays a varied, hostile test."""
    if pattern(path) in fixed:
        return copy.deepcopy(base)
    bare, _ = _bare(spec)
    hit = rng.below(1000) < rate * 1000
    if isinstance(bare, (dict, Table)):
        row = dict(base) if isinstance(base, dict) else {}
        for key, sub in _schema(bare).items():
            where = join(path, key)
            if isinstance(sub, Optional) and pattern(where) not in fixed and rng.below(1000) < rate * 250:
                if key in row:
                    row.pop(key)
                else:
                    row[key] = sample(sub, blank(sub), rng, 1.0, fixed, where)
            elif key in row:
                row[key] = sample(sub, row[key], rng, rate, fixed, where)
        return row
    if isinstance(bare, ListOf):
        items = list(base) if isinstance(base, list) else []
        if hit and items and rng.below(2) and len(items) > bare.at_least:
            del items[rng.below(len(items))]
        elif hit and items and (bare.at_most is None or len(items) < bare.at_most):
            items.insert(rng.below(len(items) + 1), copy.deepcopy(rng.choice(items)))
        return [sample(bare.item, v, rng, rate, fixed, join(path, i)) for i, v in enumerate(items)]
    if isinstance(bare, Tagged):
        items = list(base) if isinstance(base, list) and base else [blank(bare.tag)]
        return [sample(bare.tag, items[0], rng, rate, fixed, join(path, 0))] + \
            [sample(bare.rest, v, rng, rate, fixed, join(path, i)) for i, v in enumerate(items[1:], 1)]
    if not hit:
        return copy.deepcopy(base)
    if isinstance(bare, OneOf):
        return rng.choice(list(bare.values))
    if isinstance(bare, Range):
        low = bare.low if bare.low is not None else (base if isinstance(base, int) else 0) - 5
        high = bare.high if bare.high is not None else (base if isinstance(base, int) else 0) + 5
        return rng.randint(low, high)
    if bare is bool:
        return rng.below(2) == 1
    if isinstance(bare, Text):
        most = min(bare.at_most or 24, 24)
        size = rng.randint(max(bare.at_least, 1), max(most, bare.at_least, 1))
        text = "".join(rng.choice(SAMPLE_TEXT) for _ in range(size))
        return text if text.strip() else "x" + text[1:]
    return copy.deepcopy(base)
