"""Shared fixtures: dist/ served on 127.0.0.1 (at / and under a sub-path) and Debian's
Chromium driven by Playwright with a phone viewport and touch."""

from __future__ import annotations

import http.server
import os
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
from functools import partial
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("POCKETDECK_DIST", ROOT / "dist"))
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
SUBPATH = "/some/path/"


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ at / and again under SUBPATH, as a static host would."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".webmanifest": "application/manifest+json"}

    def translate_path(self, path: str) -> str:
        if path.startswith(SUBPATH):
            path = "/" + path[len(SUBPATH):]
        elif path.rstrip("/") == SUBPATH.rstrip("/"):
            path = "/"
        return super().translate_path(path)

    def log_message(self, fmt, *args) -> None:
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


@pytest.fixture(scope="session")
def dist() -> Path:
    if not (DIST / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], check=True)
    return DIST


@pytest.fixture(scope="session")
def server(dist):
    httpd = Server(("127.0.0.1", 0), partial(Handler, directory=str(dist)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: python3 build.py test installs it")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def phone(browser):
    """A fresh phone-sized context (empty cache, storage and service workers)."""
    ctx = browser.new_context(**PHONE)
    errors: list[str] = []
    ctx.on("weberror", lambda e: errors.append(str(e.error)))
    ctx.errors = errors
    yield ctx
    ctx.close()


@pytest.fixture
def profile_dir():
    d = tempfile.mkdtemp(prefix="pocketdeck-profile-")
    yield d
    shutil.rmtree(d, ignore_errors=True)
