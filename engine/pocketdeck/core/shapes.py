"""The shape of a state read back from storage, checked against a new game of the same
options (issue 28): a number where the game keeps a number, a text where it keeps a text,
a mapping, a list, a yes/no. A checkpoint comes from the phone's own storage, where
anything can have been written; a text in a field the screens show as a number must never
reach them (it would be drawn as HTML), and the rules never meet a value of a kind they do
not make. Iterative (no recursion), so any nesting the limits allow is walked safely.

What a new game cannot tell is let through: a field that is None (empty) in a new game,
the elements of a list that is empty in it or holds values of several kinds, a key a new
game does not have (many mappings are keyed by ids that change in play). None is accepted
anywhere (an empty slot: the rules and the screens test for it)."""

from __future__ import annotations

from typing import Any


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "mapping"
    if isinstance(value, list):
        return "list"
    return type(value).__name__


def shape_problem(reference: Any, value: Any, where: str = "the state") -> str | None:
    """None when ``value`` has the shape of ``reference`` (a new game's state), else what
    differs, naming the path."""
    stack: list[tuple[Any, Any, str]] = [(reference, value, where)]
    while stack:
        ref, val, path = stack.pop()
        if ref is None or val is None:
            continue
        if _kind(ref) != _kind(val) or (isinstance(ref, int) and not isinstance(ref, bool)
                                        and isinstance(val, float)):
            kind = "a whole number" if isinstance(ref, int) and not isinstance(ref, bool) else _kind(ref)
            return f"{path} holds {_kind(val)}, where the game keeps {kind}"
        if isinstance(ref, dict):
            stack.extend((ref[k], val[k], f"{path}.{k}") for k in ref if k in val)
        elif isinstance(ref, list) and ref:
            first = ref[0]
            if all(_kind(r) == _kind(first) for r in ref) and not isinstance(first, list):
                stack.extend((first, v, f"{path}[{i}]") for i, v in enumerate(val))
    return None
