"""The Firefox smoke suite (issue 31): Debian's firefox-esr, headless, driven over WebDriver
BiDi by puppeteer-core (tests/firefox_smoke.mjs; both installed by build.py, no browser
ever downloaded). From a sub-path: boot, a Deck game started and drawn, a P52 and a
Deckbuilder game of 10 taps each, a reload (the game is back, started from the boot
snapshot), an offline reload, the Library's storage line shown with no request for
persistent storage, no console error. The seed is pinned (window.pocketdeckEntropy): the
saved games must equal those of a CPython twin of the app and of Chromium driven by the
same script. Skips, saying why, only where firefox-esr or node is missing; a Firefox that
does not boot the app fails."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import threading
from functools import partial
from pathlib import Path

import pytest

import build
from conftest import SUBPATH, Handler
from pocketdeck.core.rng import Rng
from pocketdeck.ui.app import App

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
FIRST_ENTROPY = 32  # the first seed tried; games() moves on while a game ends within 10 taps
TAPS = 10


class Short(Exception):
    """A game of this seed ends before its taps are done."""


class Twin:
    """The app in CPython, tapped as the browser is; its store is what the browser must hold."""

    def __init__(self, entropy: int) -> None:
        self.entropy = entropy
        self.app = App(seed_source=entropy)
        self.store: dict[str, str] = {}
        self.steps: list[dict] = []

    def tap(self, step: dict, verb: str, arg: str = "", fields: dict | None = None) -> None:
        if arg:  # the button the browser taps carries exactly this argument
            assert f'data-arg="{html.escape(arg)}"' in self.app.render(), (verb, arg)
        for effect in self.app.handle(verb, arg, fields or {}):
            if effect[0] == "put":
                self.store[effect[1]] = effect[2]
            elif effect[0] == "delete":
                self.store.pop(effect[1], None)
        self.steps.append(step)

    def skip_guide(self) -> None:
        assert "guide" in self.app.render()
        self.tap({"click": ".guide [data-arg=skip]"}, "guide", "skip")

    def play(self, system: str, taps: int) -> None:
        session = self.app.sessions[system]
        rng = Rng(self.entropy)
        for _ in range(taps):
            state = session.state
            if session.game.is_over(state):
                raise Short(f"{system} ended within {taps} taps")
            action = session.game.sim_choose(state, session.game.legal_actions(state), rng)
            arg = json.dumps(action, sort_keys=True)
            self.tap({"tap": ["play", arg]}, "play", arg)


def games() -> tuple[int, list[dict], dict[str, str]]:
    """The seed, the three games' steps for the browser and the twin's saved games after them."""
    for entropy in range(FIRST_ENTROPY, FIRST_ENTROPY + 50):
        try:
            return (entropy, *seeded_games(entropy))
        except Short:
            continue
    pytest.fail("no seed of 50 gives a P52 and a Deckbuilder game of 10 taps")


def seeded_games(entropy: int) -> tuple[list[dict], dict[str, str]]:
    twin, out = Twin(entropy), []

    def game(name: str, system: str) -> None:
        out.append({"name": name, "system": system, "steps": twin.steps})
        twin.steps = []

    deck_arg = json.dumps({"options": {"deck": "standard52"}, "system": "deck"}, sort_keys=True)
    twin.tap({"click": "[data-action=open][data-arg=deck]"}, "open", "deck")
    twin.tap({"click": "[data-action=new][data-arg*=standard52]"}, "new", deck_arg)
    twin.skip_guide()
    twin.tap({"tap": ["play", '{"type": "draw"}']}, "play", '{"type": "draw"}')
    game("Deck", "deck")

    twin.tap({"click": "[data-action=home]"}, "home")
    twin.tap({"click": "[data-action=open][data-arg=p52]"}, "open", "p52")
    # "Play now: one ready-made character" (its form fields as the page gathers them)
    twin.tap({"click": "[data-action=new][data-fill^=quick_one]"}, "new", json.dumps({"system": "p52"}),
             {"quick_one": "1", "names": ""})
    twin.skip_guide()
    twin.play("p52", TAPS)
    game("P52", "p52")

    twin.tap({"click": "[data-action=home]"}, "home")
    twin.tap({"click": "[data-action=open][data-arg=deckbuilder]"}, "open", "deckbuilder")
    quick = {"options": {"gm": False, "heroes": ["warrior"], "names": [], "party": [], "zones": ["watchtower"]},
             "system": "deckbuilder"}  # "Play now: Brann the Warrior alone in The Lonely Watchtower"
    arg = json.dumps(quick, sort_keys=True)
    twin.tap({"tap": ["new", arg]}, "new", arg)
    twin.skip_guide()
    twin.play("deckbuilder", TAPS)
    game("Deckbuilder", "deckbuilder")
    return out, {k: v for k, v in twin.store.items() if k.startswith("game:")}


class Switch(Handler):
    """dist/ under SUBPATH with an offline switch: GET /__offline__/on makes every other
    request end with no answer at all (a network error, as with no signal)."""

    offline = False

    def do_GET(self) -> None:
        if self.path.startswith("/__offline__/"):
            type(self).offline = self.path.endswith("/on")
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if type(self).offline:
            self.close_connection = True
            return
        super().do_GET()


@pytest.fixture(scope="module")
def site(dist):
    handler = type("SwitchHandler", (Switch,), {"downloads": {}, "offline": False})
    httpd = build.DistServer(("127.0.0.1", 0), partial(handler, directory=str(dist)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def driver() -> Path:
    """puppeteer-core as build.py installs it (installed here when missing)."""
    if not shutil.which("node"):
        pytest.skip("node is missing: the Firefox suite runs puppeteer-core under Node")
    return build.npm_tree(*build.PUPPETEER) / "node_modules" / "puppeteer-core" / "lib" / "puppeteer" / "puppeteer-core.js"


def drive(tmp_path: Path, name: str, config: dict) -> dict:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(config))
    res = subprocess.run(["node", str(HERE / "firefox_smoke.mjs"), str(path)], capture_output=True,
                         text=True, timeout=600)
    print(res.stderr)
    assert res.returncode == 0, f"{name}: {res.stderr.strip()[-2000:]}"
    return json.loads(res.stdout.strip().splitlines()[-1])


def snapshot_key(dist: Path) -> str | None:
    found = re.search(r"const SNAPSHOT = (.*);", (dist / build.LOADER).read_text())
    value = json.loads(found.group(1)) if found else None
    return value and value["key"]


def test_firefox_smoke_and_the_same_games_as_chromium(dist, site, tmp_path):
    if not build.FIREFOX.exists():
        pytest.skip(f"{build.FIREFOX} is missing: Debian's firefox-esr could not be installed "
                    "(python3 build.py test installs it with apt-get where it can)")
    puppeteer = driver()
    entropy, steps, expected = games()
    assert set(expected) == {"game:deck", "game:p52", "game:deckbuilder"}
    config = {"puppeteer": str(puppeteer), "url": site + SUBPATH, "control": site + "/__offline__/",
              "entropy": entropy, "snapshot": snapshot_key(dist), "games": steps}
    fx = drive(tmp_path, "firefox", dict(config, browser="firefox", executable=str(build.FIREFOX), full=True))
    print("firefox timings (ms):", fx["timings"], "boots:", fx["boots"], "features:", fx["features"])
    assert fx["errors"] == []
    assert fx["persistCalls"] == 0  # no permission prompt at any start
    assert "Stored on this phone:" in fx["storage"]
    if fx["boots"]["reload"] is not None and snapshot_key(dist):
        assert fx["boots"]["reload"] == "snapshot", fx["boots"]
    assert fx["records"] == expected  # Firefox's saved games are the CPython twin's
    if build.CHROMIUM.exists():
        cr = drive(tmp_path, "chromium", dict(config, browser="chrome", executable=str(build.CHROMIUM), full=False))
        assert cr["errors"] == [] and cr["persistCalls"] == 0
        assert cr["records"] == fx["records"]  # the same seeded games in both engines
