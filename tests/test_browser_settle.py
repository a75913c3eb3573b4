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


def test_the_guides_target_is_brought_into_view_above_the_guide(phone, server):
    """The first-game guide is fixed at the foot of the screen over the page: the element it
    points at is scrolled to stand above it, not under it (a tap there would land on the
    guide: the P52 walk's rare failure of 2026-11-27)."""
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    out = page.evaluate("""async () => {
        const m = await import("./lastscreen.js");
        const html = '<h1>Test</h1><div style="height: 900px"></div>' +
          '<section id="p" data-prompt aria-label="Choose"><p>Choose one</p>' +
          '<button data-action="pick" data-arg="a">A</button></section><div style="height: 900px"></div>' +
          '<aside class="guide" data-prompt data-guide-target="#p"><p>This box is what to do now.</p>' +
          '<button data-action="guide" data-arg="next">Next</button></aside>';
        m.show(html, "", true, null, null);
        const p = document.getElementById("p").getBoundingClientRect();
        const g = document.querySelector("#app .guide").getBoundingClientRect();
        return { bottom: p.bottom, guideTop: g.top, top: p.top };
    }""")
    assert out["top"] >= 0 and out["bottom"] <= out["guideTop"], out
