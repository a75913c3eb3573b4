"""WebKit, the engine of every iPhone, driven here through Debian's WebKitGTK: plain W3C
WebDriver over HTTP to `WebKitWebDriver` (package webkit2gtk-driver), whose browser is
MiniBrowser in a window of its own under Xvfb. Used by tests/test_webkit.py and the
benchmark (tests/bench_webkit.py); standard library only.

Why these parts:
- MiniBrowser has no headless mode in WebKitGTK 2.50: it needs an X display, so each
  driver starts its own Xvfb (``-displayfd`` picks a free display number).
- Its toolbar forces a window at least 447 px wide. Run full screen on a 360x740 screen,
  the web view is exactly the phone's 360x740 (no toolbar is shown full screen).
- WebKitWebDriver has no BiDi and writes no console out for automated views: the page keeps
  its own record of errors (web/paint.js, ``window.pocketdeckErrors``), read with ``js``.
- Each session is a new automation session: its website data (IndexedDB, Cache Storage,
  service workers) lives as long as the session, so a reload in it is a warm start and a
  new session a first visit.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

DRIVER = "WebKitWebDriver"
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = "Xvfb"
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C key of an element reference
PHONE = (360, 740)


class WebDriverError(RuntimeError):
    """An answer of WebKitWebDriver that is an error (its W3C error code and message)."""


def missing() -> str | None:
    """Why WebKit cannot be driven on this machine, or None when it can."""
    for name, found in ((DRIVER, shutil.which(DRIVER)), (XVFB, shutil.which(XVFB)),
                        (str(MINIBROWSER), MINIBROWSER.exists())):
        if not found:
            return (f"{name} is missing: Debian's webkit2gtk-driver and xvfb could not be installed "
                    "(python3 build.py test installs them with apt-get where it can)")
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Display:
    """An Xvfb screen of the phone's size, for as long as the object lives."""

    def __init__(self, size: tuple[int, int] = PHONE) -> None:
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.name = f":{number}"

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


class WebKit:
    """One MiniBrowser session at 360x740 through WebKitWebDriver."""

    def __init__(self, display: Display | None = None) -> None:
        self.own_display = display is None
        self.display = display or Display()
        self.port = _free_port()
        self.home = tempfile.mkdtemp(prefix="pocketdeck-webkit-")
        env = dict(os.environ, DISPLAY=self.display.name, HOME=self.home,
                   XDG_CACHE_HOME=f"{self.home}/cache", XDG_DATA_HOME=f"{self.home}/data")
        self.proc = subprocess.Popen([DRIVER, f"--port={self.port}"], env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.session = ""
        deadline = time.monotonic() + 20
        while True:
            try:
                self._call("GET", "/status")
                break
            except OSError:
                if time.monotonic() > deadline:
                    self.close()
                    raise RuntimeError("WebKitWebDriver did not answer in 20 s") from None
                time.sleep(0.1)
        caps = {"browserName": "MiniBrowser", "pageLoadStrategy": "none",
                "webkitgtk:browserOptions": {"binary": str(MINIBROWSER),
                                             "args": ["--automation", "--full-screen"]}}
        value = self._call("POST", "/session", {"capabilities": {"alwaysMatch": caps}})
        self.session = value["sessionId"]
        self.version = value["capabilities"].get("browserVersion", "?")
        self._call("POST", f"/session/{self.session}/timeouts", {"script": 120_000})
        # full screen hides the toolbar whose width is 447 px at least; the window is then
        # sized to the screen (the phone's)
        self._call("POST", f"/session/{self.session}/window/rect", {"width": PHONE[0], "height": PHONE[1]})

    # -- the protocol ------------------------------------------------------------------------
    def _call(self, method: str, path: str, body: Any = None, timeout: float = 180) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as res:
                return json.loads(res.read() or b"{}").get("value")
        except urllib.error.HTTPError as exc:
            try:
                value = json.loads(exc.read()).get("value", {})
            except ValueError:
                value = {}
            raise WebDriverError(f"{method} {path}: {value.get('error', exc.code)}: "
                                 f"{str(value.get('message', ''))[:500]}") from None

    def _s(self, method: str, path: str, body: Any = None, timeout: float = 180) -> Any:
        return self._call(method, f"/session/{self.session}{path}", body, timeout)

    # -- what the tests use ------------------------------------------------------------------
    def go(self, url: str) -> None:
        """Navigates and returns once the new document is the one scripts run in (with
        pageLoadStrategy none the old one answers for a while: its <html data-ready> would
        pass for the new page's)."""
        self._leaving(lambda: self._s("POST", "/url", {"url": url}))

    def reload(self) -> None:
        self._leaving(lambda: self._s("POST", "/refresh", {}))

    def _leaving(self, navigate) -> None:
        try:
            self.js("window.__pdLeaving = true")
        except WebDriverError:
            pass  # no document yet
        navigate()
        self.wait("return document.readyState !== 'uninitialized' && !window.__pdLeaving",
                  timeout=120, what="the new document")

    def js(self, script: str, *args: Any) -> Any:
        """``script`` run as a function body in the page (``arguments`` holds ``args``)."""
        return self._s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script: str, *args: Any) -> Any:
        """An async function body: its returned promise is awaited (W3C execute/async)."""
        body = f"const done = arguments[arguments.length - 1]; (async () => {{ {script} }})()" \
               ".then(done, (e) => done({__error: String(e && e.message || e)}));"
        value = self._s("POST", "/execute/async", {"script": body, "args": list(args)})
        if isinstance(value, dict) and "__error" in value:
            raise WebDriverError(f"script failed: {value['__error']}")
        return value

    def wait(self, script: str, *args: Any, timeout: float = 60, what: str = "") -> Any:
        """Polls ``script`` until it returns something truthy; fails after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.js(script, *args)
            except WebDriverError as exc:  # asked while the page was being left: ask the next one
                if "unload" not in str(exc) and "no such frame" not in str(exc):
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout} s for {what or script[:80]}")
            time.sleep(0.05)

    def click(self, element: dict) -> None:
        """A real click (pointer events through WebKit's automation) on an element reference."""
        self._s("POST", f"/element/{element[ELEMENT]}/click", {})

    def screenshot(self, path: Path) -> None:
        import base64
        path.write_bytes(base64.b64decode(self._s("GET", "/screenshot")))

    def close(self) -> None:
        if self.session:
            try:
                self._s("DELETE", "", timeout=20)
            except (OSError, WebDriverError):
                pass
            self.session = ""
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        if self.own_display:
            self.display.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def __enter__(self) -> "WebKit":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
