"""Small HTML helpers. ``esc`` on every piece of text that did not come from this code."""

from __future__ import annotations

import json
import re
from typing import Any

# html.escape(text, quote=True)'s five replacements, as one table: most text on a screen
# (names, labels, numbers) holds none of them and is returned as it is after one C-fast
# search (a screen escapes about 300 pieces of text; the gain is small, docs/BENCHMARK.md).
_SPECIAL = re.compile("[&<>\"']").search
_ENTITIES = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord('"'): "&quot;",
             ord("'"): "&#x27;"}


def esc(value: Any) -> str:
    """``value`` as text safe inside an element or a quoted attribute (exactly what
    ``html.escape(str(value), quote=True)`` gives)."""
    text = value if type(value) is str else str(value)
    return text if _SPECIAL(text) is None else text.translate(_ENTITIES)


# A block: markup the page parses once and copies while it stays the same (web/morph.js
# ``parse``). Comments, because text passed through ``esc`` can neither open nor close one.
BLOCK_OPEN = "<!--{-->"
BLOCK_CLOSE = "<!--}-->"


def block(markup: str) -> str:
    """``markup`` marked as a block: a part of a screen that is the same on most taps (a
    table's bar, the enemies, the party's sheets), parsed by the page the first time only.
    The page parses a block on its own, so ``markup`` must be one whole element that may
    stand where it is put whatever surrounds it: flow content inside a <section>, <div>,
    <main> or <aside> (never inside a <p>, which a block element would close). Blocks do not
    nest (the inner marks are dropped). ``App.render`` drops the marks; only the page gets them."""
    if not markup:
        return ""
    return f"{BLOCK_OPEN}{unblocked(markup)}{BLOCK_CLOSE}"


def unblocked(html: str) -> str:
    """``html`` without the blocks' marks: what the page shows."""
    if BLOCK_OPEN not in html:
        return html
    return html.replace(BLOCK_OPEN, "").replace(BLOCK_CLOSE, "")


def attrs(**kw: Any) -> str:
    """Attributes from keywords (``class_`` for class, ``data_x`` for data-x); None and
    False are left out, True gives a bare attribute."""
    parts = []
    for key, value in kw.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{esc(value)}"')
    return (" " + " ".join(parts)) if parts else ""


def button(label: str, verb: str, arg: Any = None, *, cls: str = "btn", disabled: bool = False,
           title: str | None = None, fill: str | None = None, raw_label: bool = False,
           submit: bool = False, key: str | None = None) -> str:
    """A tap target. ``arg`` is JSON-encoded into data-arg; ``fill`` names form fields whose
    values are merged into the action when tapped. A ``submit`` button is also what Enter
    in one of its form's fields presses. ``key`` (data-key) names it among siblings that
    look alike, so the page's update pairs it with itself (web/morph.js keyOf)."""
    data_arg = None if arg is None else (arg if isinstance(arg, str) else json.dumps(arg, sort_keys=True))
    body = label if raw_label else esc(label)
    if title:
        # the full name is spoken text inside the button, and the drawn content is hidden
        # from screen readers: an aria-label that differs from the visible text breaks
        # voice control ("label in name", WCAG 2.5.3), and a card's own label would repeat
        body = f'<span class="sr-only">{esc(title)}</span>' + (f'<span aria-hidden="true">{body}</span>' if body else "")
    kind = "submit" if submit else "button"
    return (f"<button type=\"{kind}\"{attrs(class_=cls, data_action=verb, data_arg=data_arg, data_fill=fill, disabled=disabled, title=title, data_key=key)}>"
            f"{body}</button>")


def log_list(lines: list[Any], title: str = "Log") -> str:
    """A table's log, newest first, the same on every table: a heading, and a named list
    that is focusable (it scrolls on the busier tables: keyboard users must reach it). Not
    an ARIA live ``log``: the screen is redrawn whole after each tap, and a live region that
    is replaced rather than appended to is announced unreliably."""
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(lines))
    return (f'<h2>{esc(title)}</h2>'
            f'<ul class="log" tabindex="0" aria-label="{esc(title)}">{items}</ul>')
