"""Limits on everything that comes in from outside: share links, saves, stored records.

Every limit is checked before the work it protects. The nesting of JSON text is measured
by a scan of its brackets *before* ``json.loads`` runs: in Pyodide a deep enough array
overflows the JavaScript stack inside the parser before Python's recursion check fires,
which kills the whole runtime (no exception to catch). After parsing, one iterative walk
(no recursion) checks nesting, text lengths and number sizes. docs/ARCHITECTURE.md
("Limits") gives each number and why it has that size.

The limits agree: a link unpacks to at most what a save may hold, a link is only
accepted when the save it yields passes the save checks, and a game refuses the action
that would take it past ``MAX_ACTIONS`` (so every save written can be read back).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 32               # JSON nesting of any link, save or record (P52 saves use 7)
MAX_TEXT = 1_000             # characters in any one string (the longest P52 log line is ~150)
MAX_INT = 2 ** 64            # |number|: new-game seeds are below 2**63
MAX_ACTIONS = 2_000          # actions in one game (the longest simulated P52 quest: ~400)
MAX_SAVE_CHARS = 2_000_000   # a saved game as text, its state included
MAX_LINK_CHARS = 100_000     # a share link's fragment (compressed); it unpacks to <= a save
MAX_RECORD_CHARS = 20_000    # a stored character record or a table's notes (P52: ~600)
EXCERPT = 60                 # characters of outside text quoted in an error message


NAME_MAX = 40                # characters in any name: an item's, a character's, a hero's
# Characters refused in a name: control characters (NUL, tab, newline, C1) and the bidi
# controls that reorder what follows them on screen (U+202E turns "Brann.txt" into
# something else), line and paragraph separators, lone surrogates. Ordinary text in any
# script, emoji and their joiners (U+200D) stay allowed.
_NAME_REFUSED = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e"
                           "\u2066-\u2069\ud800-\udfff]")


def name_problem(name: Any, most: int = NAME_MAX) -> str | None:
    """None when ``name`` is a name the app shows (1 to ``most`` characters, not blank, no
    control or bidi-override character), else the reason: one rule for every name."""
    if not isinstance(name, str) or not name.strip() or len(name) > most:
        return f"a name is 1 to {most} characters of text"
    bad = _NAME_REFUSED.search(name)
    if bad:
        return (f"a name may not hold the control character U+{ord(bad.group()):04X} "
                "(control and text-direction characters are refused)")
    return None


class LimitError(ValueError):
    """Outside data past one of the limits; the message says which, for the player."""


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """At most ``limit`` characters of ``value``'s repr (or of a str itself), for messages
    that quote what came in: a 2.6 KB link must not turn into a 1.9 MB error."""
    try:
        text = value if isinstance(value, str) else repr(value)
    except Exception:  # a repr that raises (deep nesting): say what it is instead
        text = f"<{type(value).__name__}>"
    if len(text) > limit:
        text = text[:limit] + f"\u2026 ({len(text):,} characters)"
    return text


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")
# str.translate table deleting every ASCII character but brackets, quotes and backslashes
_ONLY_BRACKETS_AND_QUOTES = {c: None for c in range(128) if chr(c) not in '[]{}"\\'}


def json_depth_ok(text: str, max_depth: int = MAX_DEPTH) -> bool:
    """True when the brackets of ``text`` (outside strings) nest at most ``max_depth`` deep.

    Cheap and C-fast (regular expressions only, no Python loop per character): strings are
    cut out, everything but brackets is dropped, then each pass removes the innermost
    pairs. Text that is still not empty after ``max_depth`` passes nests deeper, or its
    brackets do not pair up: both are refused (json.loads would otherwise descend into
    an unclosed ``[[[[...`` before it finds out)."""
    # with no backslash and every string closed, the parts outside strings are every other
    # piece between quotes: a split in C, three times faster than the string pattern (kept
    # for text with escapes or an unclosed string; a save has neither as a rule)
    if "\\" not in text and text.count('"') % 2 == 0:
        # (the ASCII that is neither a bracket nor a quote goes first, in one C pass: the
        # split then cuts a text a fifth as long; a save's 4.5 kB, 31 -> 22 us in CPython)
        outside = "".join(text.translate(_ONLY_BRACKETS_AND_QUOTES).split('"')[::2])
    else:
        outside = _STRING.sub('""', text)
    brackets = _NOT_BRACKET.sub("", outside)
    for _ in range(max_depth):
        if not brackets:
            return True
        shorter = _INNERMOST.sub("", brackets)
        if shorter == brackets:  # brackets that do not pair up: not JSON
            return False
        brackets = shorter
    return not brackets


def _no_constants(name: str) -> Any:
    raise LimitError(f"{name} is not a number this app accepts")


def load_json(text: str, what: str, max_chars: int) -> Any:
    """``json.loads`` behind the limits: length, nesting (before parsing), then the values.
    Raises LimitError or ValueError (a json error), never RecursionError."""
    if not isinstance(text, str):
        raise LimitError(f"{what} must be text")
    if len(text) > max_chars:
        raise LimitError(f"{what} is {len(text):,} characters; the limit is {max_chars:,}")
    if not json_depth_ok(text):
        raise LimitError(f"{what} is not readable JSON: its brackets nest deeper than "
                         f"{MAX_DEPTH} levels or do not pair up")
    try:
        value = json.loads(text, parse_constant=_no_constants)
    except RecursionError:  # cannot happen after the scan; kept as a refusal, not a crash
        raise LimitError(f"{what} nests too deep") from None
    check_value(value, what)
    return value


def check_value(value: Any, what: str, depth: int = 1) -> None:
    """Nesting, text length and number size of a parsed JSON value, walked without
    recursion. Raises LimitError naming the limit. ``depth``: how deep ``value`` itself
    sits in what is checked (1: it is the whole), for checking a part on its own."""
    stack: list[tuple[Any, int]] = [(value, depth)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise LimitError(f"{what} nests deeper than {MAX_DEPTH} levels")
        if isinstance(item, dict):
            for k, v in item.items():
                if not isinstance(k, str):
                    raise LimitError(f"{what} has a key that is not text")
                if len(k) > MAX_TEXT:
                    raise LimitError(f"{what} has a key of {len(k):,} characters; the limit is {MAX_TEXT:,}")
                stack.append((v, depth + 1))
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, str):
            if len(item) > MAX_TEXT:
                raise LimitError(f"{what} has a text of {len(item):,} characters; the limit is {MAX_TEXT:,}")
        elif isinstance(item, bool) or item is None:
            pass
        elif isinstance(item, int):
            if not -MAX_INT <= item <= MAX_INT:
                raise LimitError(f"{what} has a number of {item.bit_length():,} bits; "
                                 f"numbers may be at most 2**64")
        elif isinstance(item, float):
            if not math.isfinite(item) or abs(item) > MAX_INT:
                raise LimitError(f"{what} has a number out of range")
        else:
            raise LimitError(f"{what} holds a {type(item).__name__}, which JSON does not have")
