"""Issue 24, the Library: a walk from the home screen into the Library at 360x740, every
tap measured (tests/flow_walk.py: the prompt in view, focus kept, the result announced,
text and targets readable, no sideways scroll, axe clean in light and dark): tick, export,
share and copy the link, rename, duplicate, delete and undo, import the exported file,
search, then seeded random taps. Each message ("Exported 1 item.", "Renamed to ...",
"The link is copied", "Import: ...") must stand in the prompt beside the button that
caused it, and no two controls of a Library screen share a name."""

from __future__ import annotations

import re

import pytest

from conftest import PHONE, watch_errors
from flow_walk import assert_clean, random_taps, tap

pytestmark = pytest.mark.browser
BOOT_MS = 90_000
_CONTROL = re.compile(r'^\s*- (button|checkbox|textbox|searchbox|combobox|link) "([^"]*)"', re.M)


class _Do:
    """Something that is not a tap on a button (a file chosen), measured like a tap."""

    def __init__(self, act):
        self.tap = act


def same_names(page) -> list[str]:
    """Controls of the screen that share an accessible name (none may)."""
    names = [f"{role} {name}" for role, name in _CONTROL.findall(page.locator("#app").aria_snapshot())]
    return sorted({n for n in names if names.count(n) > 1})


def beside(page, text: str) -> None:
    """``text`` is in the screen's visible prompt (with the button that caused it)."""
    prompt = page.locator("#app [data-prompt]:visible").first
    page.wait_for_function("t => [...document.querySelectorAll('#app [data-prompt]')]"
                           ".some(p => p.textContent.includes(t))", arg=text, timeout=10_000)
    assert text in prompt.inner_text(), f"{text!r} is not beside its button: {prompt.inner_text()[:200]!r}"


@pytest.mark.parametrize("seed", [2])
def test_library_walk(browser, server, seed, tmp_path):
    ctx = browser.new_context(**PHONE, permissions=["clipboard-read", "clipboard-write"])
    errors = watch_errors(ctx)
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
        steps = []
        # something to keep: a Deck game, then into the Library
        tap(page, page.locator("[data-action=open][data-arg=deck]"), "open the Deck", steps, axe_scheme="light")
        tap(page, page.get_by_role("button", name="52 cards"), "start 52 cards", steps)
        tap(page, page.locator(".guide [data-arg=skip]"), "guide: skip", steps)
        tap(page, page.locator("button.pile"), "draw", steps)
        tap(page, page.locator("nav [data-action=home]"), "home", steps)
        tap(page, page.locator(".home [data-action=lib]"), "into the Library", steps, axe_scheme="dark")
        names = []
        names += same_names(page)
        # tick and export: the message beside Export, the download said there too
        page.locator(".lib-item input[name=pick]").first.check()
        with page.expect_download() as got:
            tap(page, page.get_by_role("button", name="Export ticked items to a file"), "export ticked", steps,
                axe_scheme="light")
        beside(page, "Exported 1 item.")
        beside(page, "Saved as a file")
        exported = tmp_path / "one.json"
        got.value.save_as(exported)
        with page.expect_download():
            tap(page, page.get_by_role("button", name="Export all items to a file"), "export all", steps)
        beside(page, "Exported 1 item.")
        # one item: share and copy the link, rename, duplicate, delete and undo
        tap(page, page.locator(".lib-item [data-action=lib-item]").first, "more", steps, axe_scheme="dark")
        names += same_names(page)
        tap(page, page.locator("[data-action=lib-share]"), "share", steps)
        tap(page, page.locator("[data-action=lib-send][data-arg=copy]"), "copy the link", steps, axe_scheme="light")
        beside(page, "The link is copied")
        names += same_names(page)
        page.locator(".lib-rename input[name=name]").fill("Pocket game")
        tap(page, page.locator("[data-action=lib-rename]"), "rename", steps, axe_scheme="dark")
        beside(page, "Renamed to Pocket game.")
        tap(page, page.locator("[data-action=lib-dup]"), "duplicate", steps)
        beside(page, "Pocket game (copy) is in the library.")
        tap(page, page.locator("[data-action=lib-export]"), "export this one", steps)
        beside(page, "Exported 1 item.")
        tap(page, page.locator("[data-action=lib-del]"), "delete", steps, axe_scheme="light")
        beside(page, "Pocket game was deleted.")
        tap(page, page.locator("[data-action=lib-undo]"), "undo delete", steps)
        beside(page, "Pocket game is back.")
        names += same_names(page)
        # import the file exported first: the answer beside the file button
        tap(page, _Do(lambda: page.set_input_files("#lib-file", str(exported))), "import a file", steps,
            axe_scheme="dark")
        beside(page, "Import:")
        if page.locator("[data-action=lib-resolve]").count():  # the same game, renamed since: asked
            names += same_names(page)
            tap(page, page.locator("[data-action=lib-resolve]"), "import: keep both", steps)
            beside(page, "Import finished.")
        # search by name
        page.locator(".lib-search input[name=q]").fill("pocket")
        tap(page, page.get_by_role("button", name="Search the library by name"), "search", steps)
        assert page.locator(".lib-item").count() >= 1
        names += same_names(page)
        assert not names, f"controls sharing a name: {names}"
        random_taps(page, 20, seed=seed, steps=steps, library=True)
        assert_clean(steps, f"Library, seed {seed}")
        assert len(steps) >= 35
    finally:
        ctx.close()
    assert not errors, errors
