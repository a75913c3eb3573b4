"""The play flow every table shares (issue 24): the prompt, the result beside it, what the
shell's live region says.

The contract between a table and the shell (web/lastscreen.js):

- the element holding the current question or the next action carries ``data-prompt``
  (``prompt()`` draws one); after every tap the shell brings it into view below the
  sticky bar and, when the tapped button is gone, moves focus to it (never to <body>);
- ``RESULT_SLOT`` marks where the tap's result goes, next to the prompt (``prompt()``
  puts it at its top); the App fills it with the tap's new log lines or its message, so
  a player reads what just happened where they look, and the log keeps the whole story;
- the App hands the shell one sentence to speak (its one live region, made once by the
  shell, so screen readers hear every tap: a region rebuilt with each screen is silent).

A table that draws no slot gets the result box just before its first ``data-prompt``
element (or under the table's bar), so no tap's result is ever only in the log.
"""

from __future__ import annotations

import re
from typing import Any

from .html import BLOCK_CLOSE, esc

RESULT_SLOT = "<!--pd:result-->"
SHOWN = 4  # result lines shown next to the prompt; the log keeps the rest
_PROMPT_TAG = re.compile(r"<[a-z][a-z0-9]*\b[^>]*\sdata-prompt\b")


def prompt(body: str, *, label: str = "", cls: str = "", tag: str = "section", attrs: str = "") -> str:
    """The current question or next action of a table: focusable (the shell moves focus
    here when the tapped button is gone), marked ``data-prompt``, the result slot first.
    ``label`` names it for screen readers ("Your Turn: choose an action")."""
    name = f' aria-label="{esc(label)}"' if label else ""
    return (f'<{tag} class="prompt {esc(cls)}" data-prompt tabindex="-1"{name}{attrs}>'
            f'{RESULT_SLOT}{body}</{tag}>')


def new_lines(before: list[Any], after: list[Any]) -> list[str]:
    """The lines a tap added to a log that may also have dropped its oldest lines: the
    longest tail of ``before`` that ``after`` starts with is what was there already."""
    before, after = [str(x) for x in before], [str(x) for x in after]
    for start in range(len(before) + 1):
        kept = before[start:]
        if after[:len(kept)] == kept:
            return after[len(kept):]
    return after


def result_box(lines: list[str], flash: tuple[str, str] | None) -> str:
    """The tap's outcome in words (newest last), and its message if it had one. Not a live
    region itself: the shell's one region speaks it."""
    parts = []
    if flash:
        kind, text = flash
        parts.append(f'<p class="flash {esc(kind)}">{esc(text)}</p>')
    shown = lines[-SHOWN:]
    if shown:
        more = len(lines) - len(shown)
        items = "".join(f"<li>{esc(line)}</li>" for line in shown)
        extra = f'<p class="muted">{more} more in the log below.</p>' if more else ""
        parts.append(f'<ul class="result-lines">{items}</ul>{extra}')
    if not parts:
        return ""
    return f'<div class="result" data-result>{"".join(parts)}</div>'


def place_result(body: str, box: str) -> str:
    """``body`` with the result box in its slot, else before its first prompt, else
    after its bar (the first </nav>), else at its top; every other slot is dropped."""
    if RESULT_SLOT in body:
        head, _, tail = body.partition(RESULT_SLOT)
        return head + box + tail.replace(RESULT_SLOT, "")
    if not box:
        return body
    found = _PROMPT_TAG.search(body)
    if found:
        return body[:found.start()] + box + body[found.start():]
    if "</nav>" in body:
        head, _, tail = body.partition("</nav>")
        head += "</nav>"
        if tail.startswith(BLOCK_CLOSE):  # the bar is a block (ui/html.py): after its mark
            head, tail = head + BLOCK_CLOSE, tail[len(BLOCK_CLOSE):]
        return head + box + tail
    return box + body


def spoken(lines: list[str], flash: tuple[str, str] | None) -> str:
    """The sentence for the live region: the message first, then what happened."""
    words = ([flash[1]] if flash else []) + lines[-SHOWN:]
    return " ".join(w.strip() for w in words if w and w.strip())[:600]
