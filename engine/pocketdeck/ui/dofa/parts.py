"""The Deck of Adventures screens' buttons: one per legal action, written out and cached
(a sheet has over a hundred of them), shared by the sheet (ui/dofa/sheet.py) and its check form
(ui/dofa/check.py)."""

from __future__ import annotations

import json
from typing import Any

from ..html import esc


def acts(view: dict[str, Any], *types: str) -> list[dict[str, Any]]:
    return [e for e in view["actions"] if e["action"]["type"] in types]


def buttons(view: dict[str, Any], *types: str, selected: Any = None, key: str | None = None,
            cls: str = "btn") -> str:
    """The buttons of these action types in the engine's order; with ``key``, the one
    whose ``key`` equals ``selected`` is drawn pressed (keys never move or vanish)."""
    out = []
    for e in acts(view, *types):
        a = e["action"]
        on = key is not None and a.get(key) == selected
        out.append(play_button(e["label"], a, cls + (" on" if on else ""), pressed=on))
    return "".join(out)


def grid(body: str, extra: str = "") -> str:
    return f'<div class="dofa-grid{" " + extra if extra else ""}">{body}</div>' if body else ""


def play_button(label: str, action: dict[str, Any], cls: str, pressed: bool = False) -> str:
    """What html.button draws for a play action, written out: each button's HTML is
    remembered (actions are flat dicts of text, numbers, booleans and None; the cache is
    bounded)."""
    key = (label, cls, pressed, tuple(sorted(action.items())))
    html = _BUTTONS.get(key)
    if html is None:
        arg = esc(json.dumps(action, sort_keys=True))
        extra = ' aria-pressed="true"' if pressed else ""
        html = (f'<button type="button" class="{cls}" data-action="play" data-arg="{arg}"{extra}>'
                f'{esc(label)}</button>')
        if len(_BUTTONS) > 4000:
            _BUTTONS.clear()
        _BUTTONS[key] = html
    return html


_BUTTONS: dict[tuple[Any, ...], str] = {}
