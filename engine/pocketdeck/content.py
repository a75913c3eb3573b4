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
``ListOf(spec, at_least=0, at_most=None)``, ``MapOf(spec)`` (a table whose every value
matches), ``OneOf(*values)`` (equal to one of them, type included), ``Range(low, high)`` (a
whole number in that range), ``Text(at_least, at_most)`` (text of that length),
``Tagged(tag, rest, at_most)`` (a list: a tag, then up to ``at_most`` values) and, for a key
of a table only, ``Optional(spec)``. The same specs draw the form of an item made on the
phone (pocketdeck/form.py). Problems read
like ``"foe 3 (wolf): 'hp' must be an int from 1 to 99, not '12'"``, quoting
at most a short excerpt of what was found. They are written in pocketdeck/schema.py (below
this loader, so that learn.toml's checker in pocketdeck/learnfile.py can use them too) and
named here for the systems.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterator

from .schema import (EXCERPT, ListOf, MapOf, OneOf, Optional, Range, Table, Tagged, Text, _excerpt,  # noqa: F401
                     _kind, check_row, check_value, describe, table_rows)

Checker = Callable[[str, dict[str, Any]], list[str]]
SHOWN = 20  # problems a ContentError lists (a file of 10,000 bad rows gives a short message)
_CHECKERS: dict[str, Checker] = {}


class ContentError(ValueError):
    """A content file that is missing, unreadable or fails its checks."""


def register_checker(system: str, checker: Checker) -> None:
    _CHECKERS[system] = checker


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
    checker: Checker | None = None
    if name.endswith("/learn.toml"):  # one shape in every system's folder, not the system's
        from .learnfile import check as checker  # read on the first learn.toml only
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
