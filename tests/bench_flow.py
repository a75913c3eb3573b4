"""The play-flow walk of every table, for ``build.py bench`` (issue 24): from the home
screen into each table's default new game, then 20 seeded taps (tests/flow_walk.py; a game
that ends first is followed by another, started from the bar's menu the same way), with
the figures a reader wants at a glance: prompt in view %, focus kept %, announced %, and
how many taps met every check (text, targets, no sideways scroll). Axe-core is left to the
browser tests here (it would dominate the timings of the rest of the bench)."""

from __future__ import annotations

import traceback
from typing import Any, Callable

from flow_walk import Step, new_game_from_menu, random_taps, report, tap

TAPS = 20
SYSTEMS = ("deck", "p52", "ads", "ads_build", "ads_adventure", "dofa", "dofa-gm", "deckbuilder")


def _into_table(page, system: str, steps: list[Step]) -> None:
    tap(page, page.locator(f"#app [data-action=open][data-arg='{system}']").first, f"open {system}", steps)
    start = page.locator("#app [data-action=new]").first
    if start.count():
        tap(page, start, "start the default game", steps)
    guide = page.locator("#app .guide [data-arg=skip]")
    if guide.count():
        tap(page, guide, "skip the guide", steps)


def _again(page, system: str, steps: list[Step]) -> bool:
    """The game ended before the walk did: More, New game, and the default game again (the
    guide does not come back). False when the table offers no new game."""
    if not page.locator(f"nav .menu [data-action=setup][data-arg='{system}']").count():
        return False
    new_game_from_menu(page, system, steps)
    start = page.locator("#app [data-action=new]").first
    if start.count():
        tap(page, start, "start the default game", steps)
    return True


def _walk(page, name: str, steps: list[Step]) -> None:
    """``TAPS`` seeded taps in the table, across games when one ends first (at most 5)."""
    walked = 0
    for game in range(5):
        before = len(steps)
        random_taps(page, TAPS - walked, seed=1 + game, steps=steps, axe=False, library=name == "library")
        walked += len(steps) - before
        if walked >= TAPS or name == "library" or not _again(page, name, steps):
            return


def _into_library(page, steps: list[Step]) -> None:
    tap(page, page.locator("#app [data-action=lib]").first, "open the Library", steps)


def walks(new_page: Callable[[], Any], log: Callable[[str], None] = print) -> dict[str, Any]:
    """Each table's walk on a fresh page (a fresh phone) from ``new_page``; its figures."""
    out: dict[str, Any] = {}
    for name in SYSTEMS + ("library",):
        log(f"[bench] play-flow walk: {name}")
        steps: list[Step] = []
        try:
            page = new_page()
            if name == "library":
                _into_library(page, steps)
            else:
                _into_table(page, name, steps)
            _walk(page, name, steps)
            figures = report(steps)
            figures["clean"] = sum(1 for s in steps if not s.problems())
            figures["first_problems"] = [f"{s.label}: {'; '.join(s.problems())}"[:300]
                                         for s in steps if s.problems()][:3]
            out[name] = figures
            page.context.close()
        except Exception as exc:  # noqa: BLE001 - the bench records, never fails
            out[name] = {"error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()[-1500:],
                         **report(steps)}
    return out


def table_lines(flow: dict[str, Any]) -> list[str]:
    lines = [f"{'play flow, 20 seeded taps (360x740)':<36}{'in view':>8}{'action':>8}{'focus':>7}{'said':>7}{'clean':>7}"]
    for name, f in flow.items():
        if not isinstance(f, dict):
            continue
        tail = "  " + f["error"][:60] if f.get("error") else ""
        lines.append(f"{name:<36}{f.get('in_view', 0):>7}%{f.get('action_in_view', 0):>7}%{f.get('focus', 0):>6}%"
                     f"{f.get('announced', 0):>6}%"
                     f"{f.get('clean', 0):>4}/{f.get('taps', 0)}{tail}")
    return lines
