"""A newcomer's first game (issue 50), walked in Chromium at 360x740 from the home screen:
Start, the first "Play now", then the first action the table offers, guide followed, to
the end of the first encounter.

What the walk judges, after every tap:
- the step to take now is in view: the engine's own legal actions (a CPython twin reads
  the game the page saved, ``pocketdeckStore``) name what may be done; a button that plays
  one of them stands whole between the bar and the guide (or the foot of the screen). It
  is judged by what the engine expects, not by whatever button happens to be visible;
- no card is shown unplayable without a reason (``UNEXPLAINED`` below);
- at the end of a game, the screen offers a way on: a new game of the table, and Home.

And over the walk: the first real decision (two or more legal actions offered as buttons)
comes within 3 taps of the home screen. Guide taps (Next, Done) are reading, not playing,
and are not counted; they are taken as a newcomer takes them, when the guide asks.

``walk`` returns the record; each table's test asserts on it (tests/test_browser_newcomer.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from pocketdeck.core.game import get_game
from pocketdeck.core.saves import from_json

BOOT_MS = 90_000

# the engine's expected step on screen: buttons of the table (outside the bar) that play an
# action, each with its box, read once per tap
BUTTONS = r"""() => {
  const vis = el => !!el && el.checkVisibility({checkVisibilityCSS: true}) && el.getClientRects().length > 0;
  const bar = document.querySelector('body > header.bar');
  const top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  const guide = [...document.querySelectorAll('#app .guide')].find(vis);
  const floor = guide ? Math.min(innerHeight, guide.getBoundingClientRect().top) : innerHeight;
  const app = document.getElementById('app');
  const out = [];
  [...app.querySelectorAll('[data-action]')].forEach((b, i) => {
    if (b.disabled || b.getAttribute('aria-disabled') === 'true' || !vis(b) || b.closest('nav, .menu, .guide')) return;
    const r = b.getBoundingClientRect();
    b.setAttribute('data-nw', String(i));
    out.push({i, action: b.dataset.action, arg: b.dataset.arg ?? null,
              text: (b.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60),
              inPrompt: !!b.closest('[data-prompt]'),
              whole: r.top >= top - 1 && r.bottom <= floor + 1 && r.height > 0});
  });
  const ae = document.activeElement;
  return {buttons: out, top, floor,
          guide: guide ? {next: !!guide.querySelector('[data-arg=next]'), skip: !!guide.querySelector('[data-arg=skip]'),
                          text: guide.textContent.trim().replace(/\s+/g, ' ').slice(0, 80)} : null,
          focus: !!ae && ae !== document.body && ae !== document.documentElement,
          screen: document.querySelector('#app [data-screen]')?.dataset.screen || null};
}"""

# cards drawn in a hand (or a card row the player acts from) that no enabled button holds:
# each must carry its reason, ``data-why`` with words, or a visible ``.why`` line inside it
UNEXPLAINED = r"""() => {
  const vis = el => !!el && el.checkVisibility({checkVisibilityCSS: true}) && el.getClientRects().length > 0;
  const out = [];
  for (const c of document.querySelectorAll('#app [data-hand-card]')) {
    if (!vis(c)) continue;
    const held = c.closest('[data-action]') || c.querySelector('[data-action]');
    if (held && !held.disabled && held.getAttribute('aria-disabled') !== 'true') continue;
    const why = (c.dataset.why || '').trim() || (c.querySelector('.why')?.textContent || '').trim();
    if (!why) out.push((c.getAttribute('aria-label') || c.textContent || '').trim().slice(0, 40));
  }
  return out;
}"""


@dataclass
class Tap:
    """One tap of the walk and what the screen showed after it."""
    label: str
    legal: int                        # legal actions the engine offers after it (-1: no game)
    offered: int                      # of them, buttons on screen
    in_view: bool                     # one of them whole between the bar and the guide
    unexplained: list[str] = field(default_factory=list)
    focus: bool = True
    over: bool = False
    ways_on: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        out = []
        if self.legal > 0 and not self.in_view:
            out.append(f"the step to take now is not in view ({self.offered} of {self.legal} legal actions on screen)")
        if self.unexplained:
            out.append(f"cards shown unplayable with no reason: {self.unexplained}")
        if not self.focus:
            out.append("focus on <body>")
        if self.over and not self.ways_on:
            out.append("the game is over and the screen offers no way on")
        return out


@dataclass
class Walk:
    system: str
    taps: list[Tap] = field(default_factory=list)
    first_decision: int | None = None     # app taps from home to two or more legal actions
    guide_taps: int = 0
    ended: bool = False                   # the first encounter's end was reached
    over: bool = False

    def summary(self) -> str:
        return (f"{self.system}: {len(self.taps)} steps, first decision at tap {self.first_decision}, "
                f"{self.guide_taps} guide taps, {'over' if self.over else 'ended' if self.ended else 'cut'}; "
                f"last: {self.taps[-1].label if self.taps else '-'}")

    def problems(self) -> list[str]:
        return [f"{t.label}: {'; '.join(t.problems())}" for t in self.taps if t.problems()]


def _game_now(page, system: str):
    """The table's game as the page saved it: (game, state) or None when none is kept."""
    page.wait_for_function("Number(document.documentElement.dataset.saving || 0) === 0", timeout=BOOT_MS)
    stored = dict(page.evaluate("window.pocketdeckStore.entries('game:')"))
    text = stored.get(f"game:{system}")
    if text is None:
        return None
    session = from_json(text)
    return session.game, session.state


def _matches(button: dict, legal_args: set[str], legal_types: set[str]) -> bool:
    """A button plays a legal action: its whole action (``play``) is legal, or, for a form
    whose fields finish the action, its type is one the engine offers."""
    if button["action"] != "play" or button["arg"] is None:
        return False
    if button["arg"] in legal_args:
        return True
    try:
        action = json.loads(button["arg"])
    except ValueError:
        return False
    return isinstance(action, dict) and action.get("type") in legal_types


def _said(page) -> int:
    return int(page.evaluate("Number((document.getElementById('live') || {dataset: {}}).dataset.said || 0)"))


def _tap(page, index: int) -> None:
    el = page.locator(f'#app [data-nw="{index}"]')
    before = _said(page)
    el.evaluate("e => e.scrollIntoView({block: 'nearest'})")
    el.tap()
    page.wait_for_function(
        f"Number((document.getElementById('live') || {{dataset: {{}}}}).dataset.said || 0) > {before}",
        timeout=45_000)
    page.wait_for_timeout(30)


WAYS_ON = ("new", "setup", "home", "open", "again")


def walk(page, server: str, system: str, *, max_taps: int = 120,
         ended: Callable[[Any, dict], bool] | None = None,
         choose: Callable[[list[dict]], dict] | None = None) -> Walk:
    """Walk ``system``'s quickest start as a newcomer: Start on the home screen, the first
    button of the setup's prompt ("Play now"), then each time the first button of the
    prompt that plays a legal action (``choose`` may pick otherwise), following the guide
    when it asks. Stops at the game's end, at ``ended(game, state)`` (the end of the
    first encounter), or after ``max_taps``."""
    record = Walk(system)
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    page.locator(f'#app [data-action=open][data-arg="{system}"]').first.tap()
    page.wait_for_function("document.querySelector('#app [data-prompt]') !== null", timeout=BOOT_MS)
    app_taps = 1
    seen = page.evaluate(BUTTONS)
    start = next((b for b in seen["buttons"] if b["inPrompt"] and b["action"] == "new"), None)
    assert start is not None, f"{system}: the setup screen offers no new game in its prompt"
    _tap(page, start["i"])
    app_taps += 1
    label = f"tap {app_taps}: {start['text']}"
    while True:
        now = _game_now(page, system)
        seen = page.evaluate(BUTTONS)
        if now is None:
            legal, game, state = [], None, None
        else:
            game, state = now
            legal = [] if game.is_over(state) else game.legal_actions(state)
        args = {json.dumps(a, sort_keys=True) for a in legal}
        types = {a.get("type") for a in legal if isinstance(a, dict)}
        playable = [b for b in seen["buttons"] if _matches(b, args, types)]
        over = game is not None and game.is_over(state)
        ways = [b["text"] for b in seen["buttons"] if b["action"] in WAYS_ON] if over else []
        # while the guide is open, the step to take now is the guide itself (it is read
        # first; it stands at the foot of the screen, in view by the shell's own layout)
        in_view = bool(seen["guide"]) or any(b["whole"] for b in playable)
        tap = Tap(label, len(legal) if now is not None else -1, len({b["arg"] for b in playable}),
                  in_view, page.evaluate(UNEXPLAINED), seen["focus"], over, ways)
        record.taps.append(tap)
        if record.first_decision is None and len({b["arg"] for b in playable}) >= 2:
            record.first_decision = app_taps
        if over:
            record.over = record.ended = True
            return record
        if ended is not None and game is not None and ended(game, state):
            record.ended = True
            return record
        if app_taps >= max_taps:
            return record
        guide = seen["guide"]
        if guide and guide["next"]:  # the newcomer reads the guide when it asks
            before = _said(page)
            page.locator("#app .guide [data-arg=next]").first.tap()
            page.wait_for_function(f"Number(document.getElementById('live').dataset.said || 0) > {before}")
            record.guide_taps += 1
            label = f"guide {record.guide_taps}: next"
            continue
        pool = [b for b in playable if b["inPrompt"]] or playable
        if not pool:
            if guide and guide["skip"]:
                page.locator("#app .guide [data-arg=skip]").first.tap()
                record.guide_taps += 1
                page.wait_for_timeout(100)
                label = "guide: done"
                continue
            raise AssertionError(f"{system}: after {label} no button plays any of the "
                                 f"{len(legal)} legal actions ({sorted(types)})")
        pick = choose(pool) if choose else pool[0]
        _tap(page, pick["i"])
        app_taps += 1
        label = f"tap {app_taps}: {pick['text']}"

