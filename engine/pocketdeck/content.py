"""Content files (TOML under content/, shipped inside the wheel as pocketdeck/_content).

Every file must say where its numbers came from and under which licence (a ``[source]``
table). Systems register a checker for their own files; ``validate_all`` runs them all
at build time, and ``load`` refuses a broken file with a message naming file and field,
so one bad file never takes the rest of the library down with it.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterator

Checker = Callable[[str, dict[str, Any]], list[str]]
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
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{name}: not valid TOML ({exc})") from None
    problems = check(name, data)
    if problems:
        raise ContentError(f"{name}: " + "; ".join(problems))
    return data


def check(name: str, data: dict[str, Any]) -> list[str]:
    problems = []
    src = data.get("source")
    if not isinstance(src, dict) or not src.get("origin") or not src.get("licence"):
        problems.append("needs a [source] table with 'origin' and 'licence'")
    system = name.split("/", 1)[0]
    _load_systems()
    if system in _CHECKERS:
        problems.extend(_CHECKERS[system](name, data))
    return problems


@lru_cache(maxsize=None)
def load(name: str) -> dict[str, Any]:
    """Load and check one content file, e.g. ``load('deck/decks.toml')``."""
    f = _root().joinpath(*name.split("/"))
    try:
        text = f.read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        raise ContentError(f"{name}: content file not found") from None
    return parse(name, text)


def validate_all() -> list[str]:
    problems = []
    for name, f in iter_files():
        try:
            parse(name, f.read_text(encoding="utf-8"))
        except ContentError as exc:
            problems.append(str(exc))
    return problems


def _load_systems() -> None:
    from . import systems  # noqa: F401  (systems register their checkers on import)
