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


@pytest.mark.parametrize("guide", [False, True])
def test_a_prompt_taller_than_the_screen_keeps_its_first_action_in_view(phone, server, guide):
    """A prompt taller than the room between the bar and the foot of the screen (or the
    first-game guide) shows its top only as far as its first action stays whole in the room:
    the button to tap is never under the guide or below the screen (an ADS adventure's turn,
    with four Foes and the Up/Down cards above its buttons; a P52 attack's "Take the hit"
    under the guide). A prompt that fits still stands whole, its top first."""
    page = phone.new_page()
    page.goto(server + "/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_MS)
    out = page.evaluate("""async (guide) => {
        const m = await import("./lastscreen.js");
        const g = guide ? '<aside class="guide" data-prompt data-guide-target="#p"><p>This box is what to do ' +
          'now.</p><button data-action="guide" data-arg="next">Next</button></aside>' : '';
        const screen = (above) => '<h1>Test</h1><div style="height: 300px"></div>' +
          `<section id="p" data-prompt aria-label="Choose"><div style="height: ${above}px">What happened</div>` +
          '<button id="act" data-action="pick" data-arg="a">A</button>' +
          '<button data-action="pick" data-arg="b">B</button><div style="height: 400px"></div></section>' +
          '<div style="height: 900px"></div>' + g;
        const place = (above) => {
          m.show(screen(above), "", true, null, null);
          const bar = document.querySelector("body > header.bar").getBoundingClientRect().bottom;
          const floor = guide ? document.querySelector("#app .guide").getBoundingClientRect().top : innerHeight;
          const a = document.getElementById("act").getBoundingClientRect();
          const p = document.getElementById("p").getBoundingClientRect();
          return { actTop: a.top - bar, actRoom: floor - a.bottom, promptTop: p.top - bar };
        };
        return { tall: place(700), short: place(100) };
    }""", guide)
    tall, short = out["tall"], out["short"]
    assert tall["actTop"] >= 0 and tall["actRoom"] >= 0, out     # the action whole in the room
    assert tall["promptTop"] < 0, out                             # the prompt's top cut to make room
    assert short["promptTop"] >= 0 and short["actRoom"] >= 0, out  # a prompt that fits: top first
