"""The encounter zone: arenas joined by labelled links (open, or a door that blocks
ranged attacks and spells until someone goes through it)."""

from __future__ import annotations

from typing import Any

from .common import State


def neighbours(state: State, arena: str) -> list[tuple[str, dict[str, Any]]]:
    """Adjacent arenas with the link that joins them, in the zone's link order."""
    out = []
    for ln in state["links"]:
        if ln["a"] == arena:
            out.append((ln["b"], ln))
        elif ln["b"] == arena:
            out.append((ln["a"], ln))
    return out


def revealed(state: State, arena: str) -> bool:
    zid = state["options"]["zones"][state["zone_index"]]
    return f"{zid}/{arena}" in state["piles"]["zone"]


def in_reach(state: State, arena: str, kind: str) -> list[str]:
    """Arenas an attack of ``kind`` reaches from ``arena``: melee the same arena only;
    range and mana also the adjacent arenas through an open link or an opened door."""
    if kind == "melee":
        return [arena]
    return [arena] + [b for b, ln in neighbours(state, arena) if ln["open"]]


def step_towards(state: State, start: str, goals: set[str], *, revealed_only: bool = True) -> str | None:
    """The first arena on a shortest path from ``start`` to any of ``goals``."""
    if start in goals:
        return None
    seen = {start}
    frontier: list[tuple[str, str | None]] = [(start, None)]
    while frontier:
        nxt: list[tuple[str, str | None]] = []
        for here, first in frontier:
            for b, _ln in neighbours(state, here):
                if b in seen or (revealed_only and not revealed(state, b) and b not in goals):
                    continue
                seen.add(b)
                f = first or b
                if b in goals:
                    return f
                nxt.append((b, f))
        frontier = nxt
    return None
