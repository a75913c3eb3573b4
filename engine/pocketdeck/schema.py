"""Typed rows of content files: the specs a checker describes its fields with (``ListOf``,
``MapOf``, ``OneOf``, ``Range``, ``Optional``, ``Table``, ``Text``, ``Tagged``) and the functions that list what
is wrong (``check_value``, ``check_row``, ``table_rows``); pocketdeck.content's docstring
shows them at work. They sit below content.py so that a file checker kept outside a
system (learn.toml's, pocketdeck/learnfile.py) can use them without importing the loader
that runs it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

EXCERPT = 40  # characters of a wrong value quoted in a problem (files can be large)
LISTED = 20   # the values of a OneOf a problem reads out; past this many, it counts them


@dataclass(frozen=True)
class ListOf:
    """A list whose every item matches ``item``, with at least ``at_least`` items (and at
    most ``at_most``, when set: content made on a phone must not grow without end)."""
    item: Any
    at_least: int = 0
    at_most: int | None = None


@dataclass(frozen=True)
class Text:
    """Text of ``at_least`` to ``at_most`` characters (a name, a formula, a pattern): a
    bound a form can draw (``maxlength``) and a made item cannot pass."""
    at_least: int = 0
    at_most: int | None = None


@dataclass(frozen=True)
class Tagged:
    """A list whose first item matches ``tag`` and each of the at most ``at_most`` others
    matches ``rest``: a Foe's trait, ``["overwhelm", 4]``."""
    tag: Any
    rest: Any
    at_most: int = 4


@dataclass(frozen=True)
class MapOf:
    """A table whose every value matches ``value`` (its keys are text, as in TOML)."""
    value: Any


@dataclass(frozen=True)
class OneOf:
    """Equal to one of ``values``, type included (``1`` is not ``True``, nor ``1.0``)."""
    values: tuple[Any, ...]

    def __init__(self, *values: Any) -> None:
        object.__setattr__(self, "values", values)


@dataclass(frozen=True)
class Range:
    """A whole number from ``low`` to ``high`` (either may be None: no bound)."""
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Optional:
    """A table key that may be missing; when present, its value matches ``spec``."""
    spec: Any


@dataclass(frozen=True)
class Table:
    """A table with the keys of ``schema``; ``strict`` also refuses keys it does not name."""
    schema: Mapping[str, Any] = field(default_factory=dict)
    strict: bool = False


# the words of the older checkers' messages ("'id' must be str"), kept so they read alike
_NAMES = {str: "str", int: "int", float: "float", bool: "bool", list: "list", dict: "table"}


def _kind(value: Any) -> str:
    return _NAMES.get(type(value), type(value).__name__)


def _excerpt(text: str) -> str:
    return text if len(text) <= EXCERPT else text[:EXCERPT - 1] + "…"


def _short(value: Any) -> str:
    try:
        return _excerpt(repr(value))
    except (RecursionError, ValueError):  # a value nested too deep, an int too long to print
        return _kind(value)


def _matches_type(value: Any, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind)


def describe(spec: Any) -> str:
    """What a spec asks for, in words (for problems and for docs)."""
    if isinstance(spec, type):
        return _NAMES.get(spec, spec.__name__)
    if isinstance(spec, Optional):
        return describe(spec.spec)
    if isinstance(spec, ListOf):
        least = f" of at least {spec.at_least}" if spec.at_least else ""
        most = f" of at most {spec.at_most}" if spec.at_most is not None else ""
        if spec.at_least and spec.at_most is not None:
            least, most = f" of {spec.at_least} to {spec.at_most}", ""
        return f"a list{least}{most} of {describe(spec.item)}"
    if isinstance(spec, Text):
        if spec.at_most is not None:
            return f"text of {spec.at_least} to {spec.at_most} characters"
        return f"text of at least {spec.at_least} characters" if spec.at_least else "str"
    if isinstance(spec, Tagged):
        return f"a list of {describe(spec.tag)} and at most {spec.at_most} of {describe(spec.rest)}"
    if isinstance(spec, MapOf):
        return f"a table of {describe(spec.value)}"
    if isinstance(spec, OneOf):
        if len(spec.values) > LISTED:  # a long list (a creature's 96 powers) is named, not read out
            return f"one of {len(spec.values)} values (" + ", ".join(repr(v) for v in spec.values[:3]) + ", \u2026)"
        return "one of " + ", ".join(repr(v) for v in spec.values)
    if isinstance(spec, Range):
        if spec.low is not None and spec.high is not None:
            return f"an int from {spec.low} to {spec.high}"
        if spec.low is not None:
            return f"an int of at least {spec.low}"
        if spec.high is not None:
            return f"an int of at most {spec.high}"
        return "int"
    if isinstance(spec, (dict, Table)):
        return "a table"
    raise TypeError(f"not a content spec: {spec!r}")


def check_value(where: str, value: Any, spec: Any) -> list[str]:
    """Problems of ``value`` against ``spec`` (see the module docstring); ``where`` names
    the place, e.g. "foe 3 'hp'". An empty list means the value is well typed."""
    if isinstance(spec, Optional):
        spec = spec.spec
    def wrong() -> list[str]:  # words made only when needed: a library import checks thousands
        return [f"{where} must be {describe(spec)}, not {_short(value)}"]
    if isinstance(spec, type):
        return [] if _matches_type(value, spec) else wrong()
    if isinstance(spec, OneOf):
        ok = any(type(value) is type(v) and value == v for v in spec.values)
        return [] if ok else wrong()
    if isinstance(spec, Range):
        if not _matches_type(value, int):
            return wrong()
        too_low = spec.low is not None and value < spec.low
        too_high = spec.high is not None and value > spec.high
        return wrong() if too_low or too_high else []
    if isinstance(spec, Text):
        ok = isinstance(value, str) and len(value) >= spec.at_least \
            and (spec.at_most is None or len(value) <= spec.at_most)
        return [] if ok else wrong()
    if isinstance(spec, Tagged):
        if not isinstance(value, list) or not value or len(value) > 1 + spec.at_most:
            return wrong()
        named = f"{where} ({_excerpt(value[0])})" if isinstance(value[0], str) else where  # which trait
        return check_value(f"{where} item 1", value[0], spec.tag) + [
            p for i, item in enumerate(value[1:], 2) for p in check_value(f"{named} item {i}", item, spec.rest)]
    if isinstance(spec, ListOf):
        if not isinstance(value, list) or len(value) < spec.at_least \
                or (spec.at_most is not None and len(value) > spec.at_most):
            return wrong()
        return [p for i, item in enumerate(value)
                for p in check_value(f"{where} item {i + 1}", item, spec.item)]
    if isinstance(spec, MapOf):
        if not isinstance(value, dict):
            return wrong()
        return [p for k, v in value.items() for p in check_value(f"{where} {_short(k)}", v, spec.value)]
    if isinstance(spec, (dict, Table)):
        if not isinstance(value, dict):
            return wrong()
        return check_row(where, value, spec)
    raise TypeError(f"not a content spec: {spec!r}")


def check_row(where: str, row: Any, schema: Mapping[str, Any] | Table) -> list[str]:
    """Problems of one table (a row of ``[[...]]`` or a ``[...]`` table) against ``schema``:
    keys missing or mistyped, and unknown keys when the schema is a strict Table."""
    table = schema if isinstance(schema, Table) else Table(schema)
    if not isinstance(row, dict):
        return [f"{where} must be a table, not {_short(row)}"]
    problems = []
    for key, spec in table.schema.items():
        if key not in row:
            if not isinstance(spec, Optional):
                problems.append(f"{where}: '{key}' is missing (must be {describe(spec)})")
            continue
        problems.extend(check_value(f"{where}: '{key}'", row[key], spec))
    if table.strict:
        extra = sorted(str(k) for k in row if k not in table.schema)
        if extra:
            problems.append(f"{where}: unknown key(s) " + _excerpt(", ".join(extra)))
    return problems


def table_rows(data: Any, key: str, schema: Mapping[str, Any] | Table, *, label: str | None = None,
               at_least: int = 1, ident: str = "id") -> tuple[list[dict[str, Any]], list[str]]:
    """The rows of ``[[key]]`` in ``data`` that match ``schema``, and the problems of the
    others (a row is named by its number and, when it has a text ``ident``, that). Fewer
    than ``at_least`` rows, or ``key`` not an array of tables, is a problem too."""
    label = label or key
    rows = data.get(key) if isinstance(data, dict) else None
    if not isinstance(rows, list) or len(rows) < at_least:
        need = f"at least {at_least} " if at_least else ""
        return [], [f"needs {need}[[{key}]] rows" + ("" if rows is None else f", not {_short(rows)}")]
    good, problems = [], []
    for i, row in enumerate(rows):
        name = row.get(ident) if isinstance(row, dict) else None
        where = f"{label} {i + 1}" + (f" ({_excerpt(name)})" if isinstance(name, str) else "")
        found = check_row(where, row, schema)
        if found:
            problems.extend(found)
        else:
            good.append(row)
    return good, problems
