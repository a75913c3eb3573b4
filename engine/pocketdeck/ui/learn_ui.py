"""Learning on screen (issue 25): glossary terms tappable where they appear, the Rules
screen of each system, the first-run guide.

A term is drawn by ``term("target-card")``: an inline button that opens the term's line
in a popover (the HTML ``popover`` attribute: no round trip to Python, the game stays as it
is under it, and screen readers reach the same text). The popovers themselves are drawn
once per screen by ``popover_list()``, for the terms the screen used (the App collects them
while it draws). An unknown id raises: a screen that names a term the glossary lacks
fails its render tests, and the content check (``check_sources``) fails the build first.

A term button sits inside a sentence, so it is exempt from the 44 px target size as WCAG
2.5.8 exempts inline targets; it is never put inside another button (a button's own
explanation is ``why()``, a separate small button beside it).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from .. import learn
from .html import button, esc
from .tables import rules_key  # noqa: F401 - the Rules screen's folder of a table

_used: dict[str, None] = {}   # term ids drawn on the screen being rendered, in order
_whys: list[tuple[str, str]] = []  # (popover id, text) of the screen's why() buttons



def begin() -> None:
    """A new screen is being drawn: forget the terms of the last one."""
    _used.clear()
    _whys.clear()


def term(key: str, label: str | None = None) -> str:
    """``label`` (default: the term's own name) as a tappable glossary link."""
    entry = learn.glossary().get(key)
    if entry is None:
        raise KeyError(f"the glossary has no term {key!r} (content/<system>/learn.toml)")
    _used[key] = None
    return (f'<button type="button" class="term" popovertarget="gl-{esc(key)}">'
            f'{esc(label if label is not None else entry["name"])}</button>')


def why(key: str, text: str, about: str) -> str:
    """A small "?" beside a button the player cannot understand from its name alone:
    its one-line explanation, in a popover, one tap away. ``key`` must be unique on the
    screen; ``about`` names the button ("What Parry does")."""
    pid = f"why-{re.sub(r'[^a-z0-9-]', '-', key.lower())[:40]}"
    _whys.append((pid, text))
    return (f'<button type="button" class="why" popovertarget="{esc(pid)}">'
            f'<span aria-hidden="true">?</span><span class="sr-only">{esc(about)}</span></button>')


def popover_list() -> list[str]:
    """The markup of each popover of every term and explanation the screen drew (once
    each), in a fixed order (sorted by id): the page keeps each one it already holds
    (web/lastscreen.js), and a screen's markup does not depend on the order its terms were
    drawn. Each popover's markup is made once per app (the glossary does not change while
    it runs): drawing them again on every screen was a seventh of a render."""
    return ([_term_popover(key) for key in sorted(_used)]
            + [_why_popover(pid, text) for pid, text in sorted(dict(_whys).items())])


@lru_cache(maxsize=None)
def _term_popover(key: str) -> str:
    entry = learn.glossary()[key]
    return (f'<div id="gl-{esc(key)}" popover class="gloss" role="note" aria-label="{esc(entry["name"])}">'
            f'<p><b>{esc(entry["name"])}</b>: {esc(entry["text"])}</p>'
            f'<p class="muted">From the book: {esc(entry["book"])}</p>'
            f'<button type="button" class="btn small" popovertarget="gl-{esc(key)}" '
            f'popovertargetaction="hide">Close</button></div>')


@lru_cache(maxsize=512)
def _why_popover(pid: str, text: str) -> str:
    return (f'<div id="{esc(pid)}" popover class="gloss" role="note">'
            f'<p>{esc(text)}</p><button type="button" class="btn small" popovertarget="{esc(pid)}" '
            f'popovertargetaction="hide">Close</button></div>')


# -- the Rules screen ------------------------------------------------------------------------
def _paragraphs(body: str) -> str:
    out = []
    for block in re.split(r"\n\s*\n", body.strip()):
        lines = [ln.strip() for ln in block.strip().splitlines() if ln.strip()]
        if lines and all(ln.startswith("- ") for ln in lines):
            out.append("<ul>" + "".join(f"<li>{esc(ln[2:])}</li>" for ln in lines) + "</ul>")
        elif lines:
            out.append(f"<p>{esc(' '.join(lines))}</p>")
    return "".join(out)


def rules_screen(system: str, query: str, back_label: str, has_guide: bool) -> str:
    """One system's rules in our words, searchable, each part naming its book section,
    then its glossary; a way back to where the player was, and the guide again."""
    title = learn.book(system).get("title", system)
    found_rules, found_terms = learn.search(system, query)
    search = (f'<form class="rules-search" role="search" data-prompt tabindex="-1" aria-label="Search the rules">'
              f'<label for="rules-q">Search the rules</label><div class="row">'
              f'<input id="rules-q" name="q" type="search" value="{esc(query)}" maxlength="60" autocomplete="off">'
              + button("Search", "rules-search", system, cls="btn", fill="q", submit=True)
              + "</div></form>")
    if query:
        n = len(found_rules) + len(found_terms)
        search += (f'<p class="muted">{n} part{"s" if n != 1 else ""} match \u201c{esc(query)}\u201d. '
                   + button("Show everything", "rules-search", system, cls="btn ghost") + "</p>")
    parts = "".join(
        f'<details class="rule" id="rule-{esc(r["id"])}"{" open" if query else ""}>'
        f'<summary>{esc(r["title"])}</summary>{_paragraphs(r["body"])}'
        f'<p class="muted">From the book: {esc(r["book"])}</p></details>' for r in found_rules)
    terms = "".join(f'<dt id="term-{esc(t["id"])}">{esc(t["name"])}</dt><dd>{esc(t["text"])} '
                    f'<span class="muted">({esc(t["book"])})</span></dd>' for t in found_terms)
    guide = button("Show the first-game guides again", "guide", "again:" + system, cls="btn") if has_guide else ""
    return (f'<section class="rules" data-rules="{esc(system)}"><nav class="nav">'
            + button(f"\u2190 {back_label}", "rules-back", cls="btn ghost")
            + f'</nav><h1>{esc(title)}</h1>{search}'
            f'<div class="rule-list">{parts}</div>'
            + (f'<h2>Glossary</h2><dl class="glossary">{terms}</dl>' if terms else "")
            + (f'<p>{guide}</p>' if guide and not query else "")
            + '</section>')


# -- the first-run guide ----------------------------------------------------------------------
def guide_box(system: str, table: str, step: int) -> str:
    """Step ``step`` of ``system``'s guide, as a box fixed within thumb reach that points at
    the real element (``data-guide-target``: the shell outlines it and scrolls it in view)."""
    steps = learn.guide(system, table)
    if not 0 <= step < len(steps):
        return ""
    s = steps[step]
    last = step == len(steps) - 1
    nxt = button("Got it" if last else "Next", "guide", "next", cls="btn primary")
    skip = "" if last else button("Skip the guide", "guide", "skip", cls="btn ghost")
    return (f'<aside class="guide" data-prompt tabindex="-1" data-guide-target="{esc(s["target"])}" '
            f'aria-label="First-game guide, step {step + 1} of {len(steps)}">'
            f'<p class="muted">Guide {step + 1} of {len(steps)}</p><p>{esc(s["text"])}</p>'
            f'<div class="choices">{nxt}{skip}</div></aside>')


_TERM_CALL = re.compile(r"""\bterm\(\s*["']([a-z0-9-]+)["']""")


def check_sources(texts: dict[str, str]) -> list[str]:
    """Every ``term("id")`` written in the screens' code names a glossary entry (the build
    runs this over engine/pocketdeck/ui/*.py, so a screen cannot use an unknown term)."""
    known = learn.glossary()
    problems = []
    for name, text in texts.items():
        for key in _TERM_CALL.findall(text):
            if key not in known:
                problems.append(f"{name}: term({key!r}) has no glossary entry in any content/<system>/learn.toml")
    return problems


def check_all() -> list[str]:
    """The build's check of learning on screen: the glossary is one namespace (no id
    defined twice), every folder with a learn.toml is named in ``tables.LEARN_FOLDERS``
    (and only those), and every ``term("id")`` in the screens' code has its entry."""
    from importlib import resources
    from .tables import LEARN_FOLDERS
    try:
        learn.glossary()
    except Exception as exc:  # noqa: BLE001 - a content error is the problem to report
        return [str(exc)]
    problems = []
    if sorted(LEARN_FOLDERS) != sorted(learn.systems()):
        problems.append(f"ui/tables.py LEARN_FOLDERS {sorted(LEARN_FOLDERS)} must name exactly the "
                        f"content folders with a learn.toml: {sorted(learn.systems())}")
    texts = {f"ui/{f.name}": f.read_text(encoding="utf-8")
             for f in resources.files(__package__).iterdir()
             if f.name.endswith(".py") and f.name != "learn_ui.py"}  # its docstrings show the call
    return problems + check_sources(texts)


def used_terms() -> list[str]:
    return list(_used)


def entry(key: str) -> dict[str, Any]:
    return learn.glossary()[key]
