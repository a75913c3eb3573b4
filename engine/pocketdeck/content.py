"""Content files (TOML under content/, shipped inside the wheel as pocketdeck/_content).

Every file must say where its numbers came from and under which licence (a ``[source]``
table). Systems register a checker for their own files; ``validate_all`` runs them all
at build time, and ``load`` refuses a broken file with a message naming file and field,
so one bad file never takes the rest of the library down with it.

A checker returns a list of problems and should never raise; if one does anyway
(``AttributeError`` on a string where a table belongs, ...), ``check`` lists that as a
problem naming the file and the checker, so the outcome of checking any file is always
either its data or a ``ContentError``.

Typed rows: describe the fields a system expects and let ``check_value`` / ``table_rows``
list what is wrong, so a checker's own cross-checks only ever see well-typed rows::

    from pocketdeck.content import ListOf, OneOf, Optional, Range, register_checker, table_rows

    FOE = {"id": str, "name": str, "hp": Range(1, 99), "tags": ListOf(str),
           "kind": OneOf("beast", "person"), "note": Optional(str),
           "defence": {"melee": int, "magic": int}}          # a nested table

    def check_foes(name, data):
        foes, problems = table_rows(data, "foe", FOE)         # the [[foe]] rows
        ids = [f["id"] for f in foes]                         # safe: every id is a str
        if len(set(ids)) != len(ids):
            problems.append("[[foe]] ids must be unique")
        return problems

A spec is one of: a type (``str``, ``int``, ``float``, ``bool``, ``list``, ``dict``; ``int``
refuses ``True``, ``float`` takes whole numbers too), a dict (a table with those keys;
other keys are allowed unless it is wrapped as ``Table(schema, strict=True)``),
``ListOf(spec, at_least=0)``, ``MapOf(spec)`` (a table whose every value matches),
``OneOf(*values)`` (equal to one of them, type included), ``Range(low, high)`` (a whole
number in that range) and, for a key of a table only, ``Optional(spec)``. Problems read
like ``"foe 3 (wolf): 'hp' must be an int from 1 to 99, not '12'"``, quoting
at most a short excerpt of what was found.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping

Checker = Callable[[str, dict[str, Any]], list[str]]
EXCERPT = 40  # characters of a wrong value quoted in a problem (files can be large)
SHOWN = 20  # problems a ContentError lists (a file of 10,000 bad rows gives a short message)
_CHECKERS: dict[str, Checker] = {}


class ContentError(ValueError):
    """A content file that is missing, unreadable or fails its checks."""


def register_checker(system: str, checker: Checker) -> None:
    _CHECKERS[system] = checker


_FILE_CHECKERS: dict[str, Checker] = {}


def register_learn_checker(filename: str, checker: Checker) -> None:
    """A checker for one file name in every system's folder (``learn.toml``: the rules in
    our words, the glossary and the guide, pocketdeck/learn.py); such a file is checked by
    it instead of by its system's checker."""
    _FILE_CHECKERS[filename] = checker


def _root() -> Any:
    try:
        root = resources.files("pocketdeck") / "_content"
        if root.is_dir():
            return root
    except (ModuleNotFoundError, FileNotFoundError):
        pass
    # running from a source checkout: engine/pocketdeck -> ../../content
    return Path(__file__).resolve().parents[2] / "content"


def iter_files() -> Iterator[tuple[str, Any]]:
    """(relative name, resource) of every .toml file, e.g. ('p52/enemies.toml', ...)."""
    root = _root()
    for system_dir in sorted(root.iterdir(), key=lambda p: p.name):
        if system_dir.is_dir():
            for f in sorted(system_dir.iterdir(), key=lambda p: p.name):
                if f.name.endswith(".toml"):
                    yield f"{system_dir.name}/{f.name}", f


def parse(name: str, text: str) -> dict[str, Any]:
    """The data of one content file, or a ContentError listing everything wrong with it."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{name}: not valid TOML ({exc})") from None
    except (RecursionError, MemoryError, TypeError, ValueError) as exc:  # nested too deep, not text
        raise ContentError(f"{name}: not valid TOML ({type(exc).__name__})") from None
    problems = check(name, data)
    if problems:
        more = f"; and {len(problems) - SHOWN} more" if len(problems) > SHOWN else ""
        raise ContentError(f"{name}: " + "; ".join(problems[:SHOWN]) + more)
    return data


def check(name: str, data: dict[str, Any]) -> list[str]:
    """Every problem of one parsed file: its [source], then its system's checker. Never
    raises: a checker that crashes is itself listed as a problem."""
    if not isinstance(data, dict):
        return [f"must be a TOML table, not {_kind(data)}"]
    problems = []
    src = data.get("source")
    if not isinstance(src, dict) or not isinstance(src.get("origin"), str) or not src.get("origin") \
            or not isinstance(src.get("licence"), str) or not src.get("licence"):
        problems.append("needs a [source] table with 'origin' and 'licence'")
    system = name.split("/", 1)[0]
    if name.endswith("/learn.toml"):
        from . import learn  # noqa: F401 - registers the learn.toml checker
    checker = _FILE_CHECKERS.get(name.rsplit("/", 1)[-1])
    if checker is None:
        _load_system(system)
        checker = _CHECKERS.get(system)
    if checker is not None:
        try:
            found = checker(name, data)
        except ContentError as exc:  # e.g. a file this one refers to is broken
            found = [str(exc)]
        except Exception as exc:  # noqa: BLE001  (any crash is a problem of this file)
            where = getattr(checker, "__qualname__", repr(checker))
            found = [f"the {system} checker ({where}) failed on this file: "
                     f"{type(exc).__name__}: {_excerpt(str(exc))}"]
        if not isinstance(found, list) or not all(isinstance(p, str) for p in found):
            found = [f"the {system} checker returned {_kind(found)}, not a list of problems"]
        problems.extend(found)
    return problems


@lru_cache(maxsize=None)
def load(name: str) -> dict[str, Any]:
    """Load and check one content file, e.g. ``load('deck/decks.toml')``."""
    f = _root().joinpath(*name.split("/"))
    return parse(name, _read(name, f))


def _read(name: str, f: Any) -> str:
    try:
        return f.read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        raise ContentError(f"{name}: content file not found") from None
    except UnicodeDecodeError as exc:
        raise ContentError(f"{name}: not UTF-8 text (byte {exc.start})") from None


def validate_all() -> list[str]:
    """The problems of every content file, one line per broken file."""
    problems = []
    for name, f in iter_files():
        try:
            parse(name, _read(name, f))
        except ContentError as exc:
            problems.append(str(exc))
    return problems


def _load_system(system: str) -> None:
    """Import the system whose content this is (it registers its checker on import), and
    no other: a system's content is read on its first use, not at start-up."""
    from .core.game import load_system
    load_system(system)


# -- typed rows ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ListOf:
    """A list whose every item matches ``item``, with at least ``at_least`` items."""
    item: Any
    at_least: int = 0


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
        return f"a list{least} of {describe(spec.item)}"
    if isinstance(spec, MapOf):
        return f"a table of {describe(spec.value)}"
    if isinstance(spec, OneOf):
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
    if isinstance(spec, ListOf):
        if not isinstance(value, list) or len(value) < spec.at_least:
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
