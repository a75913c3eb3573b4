"""Issue 30 part 2: settle() finds the tapped button's twin by attribute selector, not by a
visibility loop over every [data-action] (web/lastscreen.js twinOf). These pin what the
loop did: same action and arg, no arg matching an empty arg, quotes in an arg escaped, a
hidden or disabled twin skipped (focus goes to the prompt, never to <body>)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser
BOOT_MS = 90_000

SCREEN = """<h1>Test</h1>
<details><summary>more</summary><button data-action="pick" data-arg='a"b'>hidden twin</button></details>
<button data-action="pick" data-arg="x" disabled>disabled twin</button>
<button data-action="pick" data-arg="x" id="x">x</button>
<button data-action="pick" data-arg='a"b' id="q">quoted</button>
<button data-action="go" data-arg="" id="empty">go</button>
<p data-prompt aria-label="Pick one" id="prompt">Pick one</p>"""


def _focus_after(page, action, arg):
    return page.evaluate(
        """async ([html, action, arg]) => {
            const m = await import("./lastscreen.js");
            m.show(html, "", false, action, arg);
            const a = document.activeElement;
            return a === document.body ? "body" : (a.id || a.tagName);
        }""", [SCREEN, action, arg])


def test_settle_focus_finds_twin_by_attribute(phone, server):
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    assert _focus_after(page, "pick", "x") == "x"          # disabled twin skipped
    assert _focus_after(page, "pick", 'a"b') == "q"        # quote escaped, hidden twin skipped
    assert _focus_after(page, "go", None) == "empty"       # no arg = empty arg
    assert _focus_after(page, "pick", "nope") == "prompt"  # no twin: the prompt, not <body>
    assert _focus_after(page, 'bad"]sel', None) == "prompt"  # odd action: no selector error
