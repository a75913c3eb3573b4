#!/usr/bin/env python3
"""Build, serve, test and benchmark Pocketdeck. Standard library only, so it runs on a
fresh machine before anything is installed.

    python3 build.py serve [--port 8000]   install what is missing, build, serve dist/
                                           (a busy port: the next free one, said in one line)
    python3 build.py test  [pytest args]   install what the tests need, build, run them all
    python3 build.py build                 build dist/ only
    python3 build.py bench [--boots-only]  write bench/report.json and print a table

What it installs when missing (and nothing else): the pinned npm packages `pyodide` and
`@pyscript/core` (fetched with `npm pack` into .cache/, never from a CDN at run time);
for tests the PyPI packages pytest, playwright and hypothesis, Debian's chromium and
firefox-esr and webkit2gtk-driver with xvfb (the Firefox and WebKit smoke suites skip, saying
why, where they cannot be installed), and npm's puppeteer-core with its dependencies (it drives Firefox; it never
downloads a browser).
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import json
import os
import re
import shutil
import socketserver
import struct
import subprocess
import sys
import tarfile
import tempfile
import zlib
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
# axe-core, the accessibility checker the browser tests inject into every screen (a test
# dependency only: never shipped in dist/)
AXE_VERSION = "4.14.1"
# the Library's QR codes (web/library.js): an encoder shipped in dist/vendor/, and a decoder
# for camera frames where the browser has no BarcodeDetector (also what the tests read with)
QR_ENCODER = ("qrcode-generator", "2.0.4", "dist/qrcode.mjs")
QR_DECODER = ("jsqr", "1.4.0", "dist/jsQR.js")
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json"]
# PyScript chunks the app never loads, so never shipped nor precached (issue 30: every byte
# of a first visit): the code editor and the terminal (pulled in only by <py-editor> and
# <py-terminal>) with codemirror's helper chunk (index-*), its storage module and its empty
# service worker; and the chunks its plugins import only when the page holds their element
# (PYSCRIPT_ON_USE; the plugins themselves are imported at every start and are kept: a
# config's "!name" did not stop that in 0.7.31, tried). tests/test_build_runtime.py checks
# that nothing left out is imported at load or by a plugin at start.
PYSCRIPT_ON_USE = {
    "toml-": "a TOML config (ours is JSON) or a <py-editor> / py-game config",
    "pyodide_graph-": "the package graph, read only when the config lists packages (none)",
    "mpy-": "MicroPython, for a <py-terminal> of type mpy",
    "py-D": "the Pyodide terminal, for a <py-terminal>",
}
PYSCRIPT_SKIP = ("codemirror", "xterm", "storage.js", "service-worker.js", "index-",
                 *PYSCRIPT_ON_USE)
TEST_PIP = ["pytest==9.0.3", "playwright==1.65.0", "hypothesis==6.170.15"]
CHROMIUM = Path("/usr/bin/chromium")
# the second engine of the tests (tests/test_firefox.py): Debian's Firefox ESR driven over
# WebDriver BiDi by puppeteer-core, installed with its dependencies (npm install, scripts
# off, no browser download) into .cache/npm/
FIREFOX = Path("/usr/bin/firefox-esr")
# the third engine (tests/test_webkit.py, tests/webkit.py): WebKit, every iPhone's, as Debian's
# WebKitGTK: WebKitWebDriver drives its MiniBrowser on an Xvfb screen of the phone's size
WEBKIT_DEBS = ["webkit2gtk-driver", "xvfb", "xauth"]
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
PUPPETEER = ("puppeteer-core", "25.16.0")
# how the tests and the benchmark start Debian's Chromium (this machine has no network
# beyond the package registries: no background connections, no downloads)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# the boot snapshot (issues 18, 30): made on the phone by this Web Worker (copied beside
# pyodide.mjs), never shipped; build.py only names it, by the hash of all it is made from
SNAPSHOT_WORKER = "runtime/pyodide/snapshot-worker.mjs"
# PyScript's `interpreter`: our module beside pyodide.mjs, which adds the snapshot to the
# runtime's loadPyodide (PyScript takes its indexURL from this module's folder)
LOADER = "runtime/pyodide/snapshot-loader.mjs"
# a fixed timestamp for the wheel, so an unchanged engine gives a byte-identical wheel and
# the service worker does not re-download it
SOURCE_DATE_EPOCH = "1767225600"


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    log(" ".join(cmd))
    return subprocess.run(cmd, check=True, **kw)


# -- the runtime (npm) ----------------------------------------------------------------------
def npm_package(name: str, version: str) -> Path:
    """The unpacked npm package under .cache/npm/, fetched with `npm pack` if missing."""
    dest = CACHE / "npm" / f"{name.replace('/', '__')}-{version}"
    if (dest / "package" / "package.json").exists():
        return dest / "package"
    if not shutil.which("npm"):
        sys.exit("npm is needed to fetch the pinned runtime: apt-get install -y npm")
    tmp = CACHE / "npm" / "tgz"
    tmp.mkdir(parents=True, exist_ok=True)
    out = run(["npm", "pack", f"{name}@{version}", "--silent", "--pack-destination", str(tmp)],
              capture_output=True, text=True).stdout.strip().splitlines()[-1]
    with tarfile.open(tmp / out) as tar:
        tar.extractall(dest, filter="data")
    (tmp / out).unlink()
    return dest / "package"


def npm_tree(name: str, version: str) -> Path:
    """``name@version`` and its dependencies under .cache/npm/<name>-<version>/node_modules/,
    installed with `npm install` if missing (install scripts off: nothing is downloaded
    but the packages). Returns the folder holding node_modules/."""
    dest = CACHE / "npm" / f"{name.replace('/', '__')}-{version}-tree"
    if (dest / "node_modules" / name / "package.json").exists():
        return dest
    if not shutil.which("npm"):
        sys.exit(f"npm is needed to fetch {name}: apt-get install -y npm")
    (CACHE / "npm").mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="pocketdeck-npm-", dir=CACHE / "npm"))
    try:
        (tmp / "package.json").write_text('{"private": true}')
        run(["npm", "install", "--silent", "--ignore-scripts", "--no-audit", "--no-fund",
             "--save-exact", f"{name}@{version}"], cwd=str(tmp),
            env=dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1"))
        if not dest.exists():
            tmp.rename(dest)  # whole or not at all: checkouts share the cache
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return dest


def runtime_files() -> dict[str, Path]:
    """dist-relative path -> source file of the vendored runtime."""
    files: dict[str, Path] = {}
    pyo = npm_package("pyodide", PYODIDE_VERSION)
    for f in PYODIDE_FILES:
        files[f"runtime/pyodide/{f}"] = pyo / f
    ps = npm_package("@pyscript/core", PYSCRIPT_VERSION) / "dist"
    for f in sorted(ps.iterdir()):
        if f.suffix in (".js", ".css") and not f.name.startswith(PYSCRIPT_SKIP):
            files[f"runtime/pyscript/{f.name}"] = f
    for name, version, path in (QR_ENCODER, QR_DECODER):
        files[f"vendor/{Path(path).name}"] = npm_package(name, version) / path
    return files


def trim_js(text: str) -> str:
    """A vendored script without its indentation, blank lines and whole-line ``//``
    comments: about a quarter of jsQR's 257 kB, bytes every first visit downloads before it
    is offline-ready (issue 30's 1.1x). Only whole lines are touched, and two tokens on
    different lines stay on different lines, so automatic semicolon insertion reads the script
    as before (a comment or blank line dropped between them leaves one break); a script with a
    template literal or a line-continued string (whose lines a trim could change) is left
    whole."""
    if "`" in text or re.search(r"\\\r?$", text, re.M):
        return text
    lines = (line.strip() for line in text.splitlines())
    # a "//" line that closes a block comment ("// ... */") is kept: dropping it would open one
    return "\n".join(line for line in lines
                     if line and not (line.startswith("//") and "*/" not in line)) + "\n"


# -- the wheel and content ------------------------------------------------------------------------
def strip_docstrings(source: str) -> str:
    """``source`` with every module, class and function docstring emptied to ``""``, on
    the same lines (a traceback's line numbers stay those of the source). The docstrings
    are for the people reading engine/; on a phone they were about a fifth of the wheel's
    download (docs/BENCHMARK.md, "The download"). Nothing reads ``__doc__`` at run time
    (tests/test_build_wheel.py checks that, and that the code is otherwise the same)."""
    import ast

    tree = ast.parse(source)
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                spans.append(body[0].value)
    if not spans:
        return source
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    # offsets are in UTF-8 bytes per line: turn them into character offsets of the source
    def at(lineno: int, col: int) -> int:
        return starts[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())
    out = source
    for node in sorted(spans, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        a, b = at(node.lineno, node.col_offset), at(node.end_lineno, node.end_col_offset)
        out = out[:a] + '""' + "\n" * (node.end_lineno - node.lineno) + out[b:]
    return out


def build_wheel(out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.whl"):
        old.unlink()
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH)
    # setuptools writes build/ and *.egg-info beside the sources: build from a private copy
    # so two builds at once (two checkouts sharing .cache, a test and a bench) never meet
    with tempfile.TemporaryDirectory(prefix="pocketdeck-wheel-") as tmpname:
        tmp = Path(tmpname)
        src = tmp / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copyfile(ROOT / name, src / name)
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
        shutil.copytree(ROOT / "engine", src / "engine", ignore=ignore)
        for module in (src / "engine").rglob("*.py"):
            module.write_text(strip_docstrings(module.read_text(encoding="utf-8")), encoding="utf-8")
        shutil.copytree(ROOT / "content", src / "content", ignore=ignore)
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
             "-q", "-w", str(tmp / "out"), str(src)], env=env, cwd=str(tmp))
        wheel = next((tmp / "out").glob("pocketdeck-*.whl"))
        dest = out / wheel.name
        shutil.copyfile(wheel, dest)
    return dest


def ensure_setuptools() -> None:
    """The wheel is built without build isolation (no download on every build): the
    machine's setuptools (61+ reads PEP 621) and wheel are used, installed if missing."""
    need = []
    try:
        import setuptools
        if int(setuptools.__version__.split(".")[0]) < 61:
            need.append("setuptools>=61")
    except ImportError:
        need.append("setuptools>=61")
    try:
        import wheel  # noqa: F401
    except ImportError:
        need.append("wheel")
    if need:
        run([sys.executable, "-m", "pip", "install", "-q", *need])


def validate_content() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "engine"))
    res = subprocess.run([sys.executable, "-m", "pocketdeck", "validate-content"],
                         env=env, capture_output=True, text=True)
    if res.returncode != 0:
        sys.stderr.write(res.stderr)
        sys.exit("content validation failed: fix the files named above")
    log("content valid")


# -- icons (drawn here, no image library) -----------------------------------------------
def png(width: int, height: int, pixel) -> bytes:
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows.extend(pixel(x, y))
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def icon(size: int) -> bytes:
    """A white card with a red heart on the felt green, inside the maskable safe zone."""
    felt, white, red, edge = (22, 92, 70), (250, 248, 240), (200, 30, 45), (14, 60, 46)
    s = size / 100.0
    cx0, cy0, cx1, cy1, r = 30 * s, 22 * s, 70 * s, 78 * s, 5 * s

    def inside_card(x: float, y: float) -> bool:
        dx = max(cx0 + r - x, 0, x - (cx1 - r))
        dy = max(cy0 + r - y, 0, y - (cy1 - r))
        return dx * dx + dy * dy <= r * r

    def heart(x: float, y: float) -> bool:
        u, v = (x - 50 * s) / (13 * s), (52 * s - y) / (13 * s)
        return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        fx, fy = x + 0.5, y + 0.5
        if heart(fx, fy):
            return red
        if inside_card(fx, fy):
            return white
        if inside_card(fx - 1.5 * s, fy - 1.5 * s):
            return edge
        return felt
    return png(size, size, pixel)


def icons(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        target = out / f"icon-{size}.png"
        cached = CACHE / "icons" / f"icon-{size}-v1.png"
        if not cached.exists():
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(icon(size))
        shutil.copyfile(cached, target)


# -- dist/ ------------------------------------------------------------------------------------
def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build() -> Path:
    ensure_setuptools()
    validate_content()
    runtime = runtime_files()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    for rel, src in runtime.items():
        (DIST / rel).parent.mkdir(parents=True, exist_ok=True)
        if rel.startswith("vendor/"):
            (DIST / rel).write_text(trim_js(src.read_text(encoding="utf-8")), encoding="utf-8")
        else:
            shutil.copyfile(src, DIST / rel)
    wheel = build_wheel(DIST / "wheels")
    for f in WEB.iterdir():
        if f.is_file() and f.name not in ("sw.js", "pyscript.json", Path(LOADER).name,
                                          Path(SNAPSHOT_WORKER).name, PAINT, CSS):
            shutil.copyfile(f, DIST / f.name)
    (DIST / "index.html").write_text(inline_paint((WEB / "index.html").read_text()))
    icons(DIST / "icons")
    (DIST / "pyscript.json").write_text(json.dumps(pyscript_config(), indent=2))
    shutil.copyfile(WEB / Path(SNAPSHOT_WORKER).name, DIST / SNAPSHOT_WORKER)
    snapshot = snapshot_name(wheel, DIST)
    loader = (WEB / Path(LOADER).name).read_text()
    (DIST / LOADER).write_text(loader.replace("__SNAPSHOT__", json.dumps(snapshot))
                               .replace("__WHEEL__", json.dumps(f"wheels/{wheel.name}")))
    version, files = write_service_worker(DIST)
    total = sum((DIST / f).stat().st_size for f in files)
    log(f"dist/ ready: {len(files) + 2} files, {total / 1e6:.1f} MB, version {version}")
    return DIST


def pyscript_config() -> dict:
    """dist/pyscript.json: web/pyscript.json as it is. The wheel is not in its "files": the
    loader (web/snapshot-loader.mjs) unpacks it in JavaScript, where Python's own unpacking
    took 0.5-0.7 s of a warm start in WebKit (docs/BENCHMARK.md, "WebKit")."""
    return json.loads((WEB / "pyscript.json").read_text())


PAINT = "paint.js"  # the last screen's first paint, inlined into index.html (issue 18)
PAINT_TAG = f'<script src="./{PAINT}"></script>'
CSS = "app.css"  # inlined too: the paint then waits for no file at all
CSS_TAG = f'<link rel="stylesheet" href="./{CSS}">'


def style_text() -> str:
    """The app's one style sheet: web/app.css (the shell and what every table shares),
    then each table's own web/css/<table>.css in name order, so each table's look is kept
    in its own file and two tables' changes never meet in one."""
    parts = [(WEB / CSS).read_text()]
    parts += [f.read_text() for f in sorted((WEB / "css").glob("*.css"))] if (WEB / "css").is_dir() else []
    return "\n".join(parts)


def inline_paint(html: str) -> str:
    """index.html with web/paint.js and web/app.css inlined where they are named: the
    player's last screen is then painted while the page is parsed, not after files fetched
    through the service worker (a script-blocking stylesheet, module scripts) - see
    docs/BENCHMARK.md. Both stay the one source (tests/test_paint_inline.py)."""
    for name, tag, end in ((PAINT, PAINT_TAG, "</script"), (CSS, CSS_TAG, "</style")):
        text = (WEB / name).read_text() if name == PAINT else style_text()
        if end in text.lower() or "<!--" in text or (name == CSS and CSS in text):  # see test_paint_inline
            sys.exit(f"web/{name} must not contain '{end}' or '<!--': it is inlined into index.html")
        if html.count(tag) != 1:
            sys.exit(f"web/index.html must name {tag} once")
        kind = "script" if name == PAINT else "style"
        html = html.replace(tag, f"<{kind}>\n{text}</{kind}>")
    return html


def snapshot_name(wheel: Path, dist: Path) -> dict[str, str] | None:
    """{key, token, wheel} of this build's boot snapshot, which the phone makes itself
    (web/snapshot-worker.mjs, issue 30); None (the app always boots the normal way) when
    POCKETDECK_SNAPSHOT=0. The token is the hash of all the snapshot is made from (the
    wheel, the worker, the loader whose check the worker writes beside the image, the
    runtime, and PyScript, whose package the image keeps compiled): a new one means a new
    key, so a phone never starts from another build's image, and makes the new one after
    its first start. (Without the loader, a change of the check alone would keep the key:
    every phone's image would then fail the new check and be marked failed for the rest of
    the build.)"""
    if os.environ.get("POCKETDECK_SNAPSHOT") == "0":
        log("no boot snapshot (POCKETDECK_SNAPSHOT=0)")
        return None
    h = hashlib.sha256()
    for part in (wheel, dist / SNAPSHOT_WORKER, WEB / Path(LOADER).name,
                 dist / "runtime/pyodide/pyodide.asm.wasm", dist / "runtime/pyodide/python_stdlib.zip",
                 *sorted((dist / "runtime/pyscript").glob("core*.js"))):
        h.update(hashlib.sha256(part.read_bytes()).digest())
    token = h.hexdigest()[:16]
    return {"key": f"snapshot/pocketdeck-{token}.bin", "token": token,
            "wheel": wheel.relative_to(dist).as_posix()}


def write_service_worker(dist: Path) -> tuple[str, list[str]]:
    """sw.js and version.json for the files in ``dist``: every file with its content hash;
    the cache name is the hash of them all, so any change gives a new version and every
    unchanged file is reused from the previous one. (The boot snapshot is no file of the
    site: the phone makes it, web/snapshot-worker.mjs.)"""
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
                   if p.is_file() and p.name not in ("sw.js", "version.json"))
    revisions = {rel: sha(dist / rel)[:16] for rel in files}
    version = hashlib.sha256(json.dumps(revisions, sort_keys=True).encode()).hexdigest()[:16]
    sw = (WEB / "sw.js").read_text()
    sw = sw.replace("__VERSION__", version).replace("__FILES__", json.dumps(revisions, indent=0))
    (dist / "sw.js").write_text(sw)
    (dist / "version.json").write_text(json.dumps({"version": version, "pyodide": PYODIDE_VERSION,
                                                   "pyscript": PYSCRIPT_VERSION}))
    return version, files


# -- serve ------------------------------------------------------------------------------------
class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ as a static host would, optionally under a sub-path (``mount``); the
    tests and the benchmark use it too."""

    mount = "/"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".webmanifest": "application/manifest+json"}

    def translate_path(self, path: str) -> str:
        if self.mount != "/":
            if path.startswith(self.mount):
                path = "/" + path[len(self.mount):]
            elif path.rstrip("/") == self.mount.rstrip("/"):
                path = "/"
        return super().translate_path(path)

    def end_headers(self) -> None:
        # the service worker must always be checked for an update
        if self.path.split("?")[0].endswith("sw.js"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt: str, *args) -> None:
        pass


class DistServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


PORT_TRIES = 20  # a busy port: the next ones up are tried, this many in all


def open_server(host: str, port: int, tries: int = PORT_TRIES, say=print) -> tuple[DistServer, int]:
    """A server listening on ``port``, or on the next free one when it is busy (said in
    one line); any other refusal (no such host, a port below 1024) ends with one line
    too, never a traceback. The port is taken before the build, so the answer is at once."""
    import errno
    last = port + max(1, tries) - 1
    for p in range(port, last + 1):
        try:
            httpd = DistServer((host, p), partial(DistHandler, directory=str(DIST)))
        except (OSError, OverflowError) as exc:  # OverflowError: a port past 65535
            if getattr(exc, "errno", None) != errno.EADDRINUSE or port == 0:
                why = getattr(exc, "strerror", None) or exc
                raise SystemExit(f"[serve] cannot listen on {host}:{p}: {why}") from None
            continue
        if p != port:
            busy = f"port {port} is" if p == port + 1 else f"ports {port}-{p - 1} are"
            say(f"[serve] {busy} busy: serving on port {p} instead")
        return httpd, p
    raise SystemExit(f"[serve] ports {port}-{last} are all busy: choose another with --port")


def serve(port: int, host: str) -> None:
    httpd, port = open_server(host, port)
    with httpd:
        build()
        log(f"serving dist/ at http://{host}:{port}/  (Ctrl+C stops)")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


# -- test -------------------------------------------------------------------------------------
def ensure_test_tools() -> None:
    missing = []
    for spec in TEST_PIP:
        name, _, version = spec.partition("==")
        try:
            from importlib.metadata import version as v
            if v(name) != version:
                missing.append(spec)
        except Exception:
            missing.append(spec)
    if missing:
        run([sys.executable, "-m", "pip", "install", "-q", *missing])
    if not CHROMIUM.exists():
        apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "apt-get"]
        run([*apt, "update", "-q"])
        run([*apt, "install", "-y", "-q", "chromium"], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    npm_package("axe-core", AXE_VERSION)
    ensure_firefox()
    ensure_webkit()
    if not shutil.which("node"):
        apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "apt-get"]
        run([*apt, "install", "-y", "-q", "nodejs"], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def ensure_firefox() -> None:
    """Debian's firefox-esr and puppeteer-core for the Firefox smoke suite. A Firefox that
    cannot be installed is not an error here: tests/test_firefox.py skips and says why."""
    if not FIREFOX.exists():
        apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "apt-get"]
        res = subprocess.run([*apt, "install", "-y", "-q", "firefox-esr"], capture_output=True, text=True,
                             env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if res.returncode != 0 or not FIREFOX.exists():
            log("firefox-esr could not be installed: the Firefox smoke suite will skip "
                f"({(res.stderr or res.stdout).strip()[-200:]})")
            return
    npm_tree(*PUPPETEER)


def ensure_webkit() -> None:
    """Debian's WebKitGTK driver and Xvfb for the WebKit smoke suite. Where they cannot be
    installed that is not an error here: tests/test_webkit.py skips and says why."""
    if WEBKIT_DRIVER.exists() and shutil.which("Xvfb"):
        return
    apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "apt-get"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    res = subprocess.run([*apt, "install", "-y", "-q", *WEBKIT_DEBS], capture_output=True, text=True, env=env)
    if res.returncode != 0:  # the package lists may be older than the packages: once more, fresh
        subprocess.run([*apt, "update", "-q"], capture_output=True, env=env)
        res = subprocess.run([*apt, "install", "-y", "-q", *WEBKIT_DEBS], capture_output=True, text=True, env=env)
    if res.returncode != 0 or not WEBKIT_DRIVER.exists():
        log("webkit2gtk-driver could not be installed: the WebKit smoke suite will skip "
            f"({(res.stderr or res.stdout).strip()[-200:]})")


def test(pytest_args: list[str]) -> int:
    ensure_test_tools()
    build()
    env = dict(os.environ, POCKETDECK_DIST=str(DIST),
               POCKETDECK_PYODIDE=str(npm_package("pyodide", PYODIDE_VERSION)),
               POCKETDECK_AXE=str(npm_package("axe-core", AXE_VERSION) / "axe.min.js"))
    return subprocess.call([sys.executable, "-m", "pytest", *pytest_args], cwd=str(ROOT), env=env)


def bench(bench_args: list[str]) -> int:
    ensure_test_tools()
    build()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "tests"))
    return subprocess.call([sys.executable, str(ROOT / "tests" / "bench.py"), str(DIST),
                            str(ROOT / "bench" / "report.json"), *bench_args], cwd=str(ROOT), env=env)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build")
    s = sub.add_parser("serve")
    s.add_argument("--port", type=int, default=8000,
                   help="the port to serve on (default 8000; when it is busy, the next free one)")
    s.add_argument("--host", default="127.0.0.1")
    sub.add_parser("test", help="extra arguments go to pytest")
    sub.add_parser("bench", help="extra arguments go to tests/bench.py (--boots-only, --runs N)")
    args, extra = parser.parse_known_args()
    if extra and args.command not in ("test", "bench"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.pytest_args = extra
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        serve(args.port, args.host)
        return 0
    if args.command == "test":
        return test(args.pytest_args)
    if args.command == "bench":
        return bench(args.pytest_args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
