"""What every kind does on Keep and on Open, once: the record check the Library runs on an
item that arrives, the kind's playability (a generator, run by the page in slices), then the
item joins the Library and the screen where it is chosen opens with it chosen.

Why shared: the order is the trust rule of issue 49 ("what is kept passes the content checks
and a playability check ... nothing kept changed by a bad import"), and one place keeps it
the same for a Foe, an adventure, a creature and a monster.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from ...core.game import IllegalAction
from ...core.records import Kind, RecordError, make_item, read_item
from ..library.items import add

if TYPE_CHECKING:
    from ..shell import App, Effect


def kept_steps(app: "App", kind: Kind, record: dict[str, Any], checks: Generator[int, None, list[str]],
               chosen: str, screen: str, said: str) -> Generator[int, None, list["Effect"]]:
    """Check ``record`` as the Library would on arrival (sizes, names, its kind's check),
    run ``checks`` (yielding its work), keep it; ValueError naming why otherwise, before
    anything is kept. Then ``app.<chosen>`` is its key and ``screen`` opens, saying ``said``."""
    name = str(record.get("name"))
    try:
        item = read_item(make_item(kind, name, record), own=True)
    except RecordError as exc:
        raise ValueError(str(exc)) from None
    found = yield from checks
    if found:
        raise ValueError(f"{name} is not playable: " + "; ".join(found))
    effects = add(app, item)
    key = next(k for k, r in app.library.items() if r is item["data"])
    setattr(app, chosen, key)
    app.screen = screen
    app.flash = ("info", f"Kept: {name}. {said}")
    return effects + [("put", "ui:screen", screen)]


def open_kept(app: "App", key: str, chosen: str, screen: str, what: str) -> list["Effect"]:
    """Open on a kept item: ``screen`` with it chosen (``app.<chosen>``)."""
    if key not in app.library:
        raise IllegalAction(f"that {what} is not in the library")
    setattr(app, chosen, key)
    app.screen = screen
    return [("put", "ui:screen", screen)]
