"""Field-by-field type checks of a stored state, for what the shape check cannot see
(issue 28, item 12). ``shapes.shape_problem`` compares a checkpoint with a new game, so a
field that is empty (None, []) in a new game may hold anything: an ADS fight's pending
attack, a DofA GM's call, draw and saves due. A text where a screen shows a number, a
mapping where the rules walk a list, must be refused on load with the field named, not
crash a screen later (nor reach it as HTML).

A spec is a kind (``INT``, ``TEXT``, ``BOOL``), ``ListOf(spec)``, ``Record({key: spec})``
or ``Maybe(spec)`` (None allowed). A key a record does not name is let through (the rules
grow; another issue may add a field), and a named key may be absent unless the record
lists it in ``needs``. Iterative, like shape_problem, so any nesting is walked safely."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from .shapes import _kind

INT, TEXT, BOOL = "a whole number", "text", "bool"
_TEST = {INT: lambda v: type(v) is int, TEXT: lambda v: isinstance(v, str), BOOL: lambda v: isinstance(v, bool)}


@dataclass(frozen=True)
class ListOf:
    item: Any


@dataclass(frozen=True)
class Record:
    fields: dict[str, Any]
    needs: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class Maybe:
    spec: Any


def _held(value: Any) -> str:
    """What a stored value is, in the words of shape_problem's messages."""
    return "nothing" if value is None else _kind(value)


def typed_problem(spec: Any, value: Any, where: str) -> str | None:
    """None when ``value`` matches ``spec``, else the first field that does not, named."""
    stack: list[tuple[Any, Any, str]] = [(spec, value, where)]
    while stack:
        sp, val, path = stack.pop()
        if isinstance(sp, Maybe):
            if val is None:
                continue
            sp = sp.spec
        if isinstance(sp, Record):
            if not isinstance(val, dict):
                return f"{path} holds {_held(val)}, where the game keeps a mapping"
            missing = [k for k in sp.needs if k not in val]
            if missing:
                return f"{path} lacks {missing[0]!r}"
            stack.extend((s, val[k], f"{path}.{k}") for k, s in sp.fields.items() if k in val)
        elif isinstance(sp, ListOf):
            if not isinstance(val, list):
                return f"{path} holds {_held(val)}, where the game keeps a list"
            stack.extend((sp.item, v, f"{path}[{i}]") for i, v in enumerate(val))
        elif sp is not None and not _TEST[sp](val):
            return f"{path} holds {_held(val)}, where the game keeps {sp}"
    return None


# the systems whose stored state has a field-by-field check, and where it lives (beside
# each system's rules, imported only when a checkpoint of that system is read)
# (module, the name of its spec in it)
STORED = {"ads": ("pocketdeck.systems.ads.stored", "SPEC"),
          "ads_adventure": ("pocketdeck.systems.ads.stored", "ADVENTURE"),
          "dofa-gm": ("pocketdeck.systems.dofa_gm.stored", "SPEC")}


def stored_problem(system: str, state: Any, where: str = "the state") -> str | None:
    """The field check of ``system``'s stored state (None when it has none or it passes)."""
    if system not in STORED:
        return None
    module, name = STORED[system]
    return typed_problem(getattr(import_module(module), name), state, where)
