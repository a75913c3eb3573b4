"""Learning inside the app: each system's rules in our words, the glossary, the first-run guide.

Content is data: ``content/<system>/learn.toml`` per system (written fresh from the books
in ../shared/rules/, never copied sentences), checked at build time like every other file.
One file holds three kinds of rows, because a player meets them together:

- ``[[rule]]``: a part of the rules as a player needs it (``id``, ``title``, ``book``: the
  book's section heading it comes from, ``body``: paragraphs separated by blank lines,
  lines starting ``- `` are a list);
- ``[[term]]``: a glossary entry (``id``, ``name``, ``text``: one or two sentences,
  ``book``); ids are one namespace across every system, so a term written once (Fate Card,
  Target Card) serves the player's and the GM's screens alike;
- ``[[guide]]``: the first-run guide's steps, in order (``target``: a CSS selector of the
  real element the step points at, ``text``).

This module is pure data and standard library (no screen imports it at start-up: the
home screen reads nothing of it until a Rules screen, a term or a guide is drawn).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from .content import ContentError, iter_files, load
from .learnfile import FILE


def systems() -> list[str]:
    """The content folders that hold a learn.toml, in name order."""
    return [name.split("/", 1)[0] for name, _ in iter_files() if name.endswith("/" + FILE)]


@lru_cache(maxsize=None)
def book(system: str) -> dict[str, Any]:
    """One system's learning content (its checked file)."""
    return load(f"{system}/{FILE}")


def rules(system: str) -> list[dict[str, Any]]:
    return list(book(system).get("rule", []))


def guide(system: str, table: str | None = None) -> list[dict[str, Any]]:
    """The first-run guide of ``table`` (a table system) from ``system``'s file: the steps
    whose ``table`` is that table, or that name none when it is the folder's own table."""
    table = table or system
    return [s for s in book(system).get("guide", []) if s.get("table", system) == table]


@lru_cache(maxsize=1)
def glossary() -> dict[str, dict[str, Any]]:
    """Every term of every system by id (each with the system it was written for). Two
    systems defining one id is a content error: a term means one thing in the app."""
    out: dict[str, dict[str, Any]] = {}
    for system in systems():
        for row in book(system).get("term", []):
            if row["id"] in out:
                raise ContentError(f"{system}/{FILE}: term {row['id']!r} is also defined by "
                                   f"{out[row['id']]['system']}/{FILE}")
            out[row["id"]] = {**row, "system": system}
    return out


def terms_of(system: str) -> list[dict[str, Any]]:
    return sorted((t for t in glossary().values() if t["system"] == system), key=lambda t: t["name"].lower())


def search(system: str, query: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rules and terms of ``system`` whose words hold every word of ``query``
    (case-insensitive; an empty query finds everything)."""
    words = [w for w in re.split(r"\W+", query.lower()) if w][:8]

    def hit(*texts: str) -> bool:
        blob = " ".join(texts).lower()
        return all(w in blob for w in words)

    found_rules = [r for r in rules(system) if hit(r["title"], r["body"], r["book"])]
    found_terms = [t for t in terms_of(system) if hit(t["name"], t["text"], " ".join(t.get("aliases", [])))]
    return found_rules, found_terms
