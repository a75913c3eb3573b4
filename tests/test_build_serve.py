"""Issue 24, "No surprises": ``python3 build.py serve`` on a busy port says so in one line
and serves on the next free port (it used to build, then die with a raw OSError); any
other refusal is one line too, and the port is taken before the minute-long build."""

from __future__ import annotations

import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).resolve().parents[1]


def _busy() -> tuple[socket.socket, int]:
    """A port some other program listens on."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    return s, s.getsockname()[1]


def test_a_busy_port_is_said_in_one_line_and_the_next_free_one_serves():
    other, port = _busy()
    said: list[str] = []
    try:
        httpd, got = build.open_server("127.0.0.1", port, say=said.append)
    finally:
        other.close()
    with httpd:
        assert got > port and got == httpd.server_address[1]
        assert said == [f"[serve] port {port} is busy: serving on port {got} instead"] or \
            said == [f"[serve] ports {port}-{got - 1} are busy: serving on port {got} instead"]


def test_a_free_port_is_taken_silently():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    said: list[str] = []
    httpd, got = build.open_server("127.0.0.1", port, say=said.append)
    with httpd:
        assert (got, said) == (port, [])


def test_every_port_busy_or_refused_ends_in_one_line_not_a_traceback():
    other, port = _busy()
    try:
        with pytest.raises(SystemExit, match=rf"ports {port}-{port} are all busy: choose another with --port"):
            build.open_server("127.0.0.1", port, tries=1, say=lambda line: None)
    finally:
        other.close()
    with pytest.raises(SystemExit, match="cannot listen on 127.0.0.1:70000"):
        build.open_server("127.0.0.1", 70000, say=lambda line: None)


def test_serve_takes_the_port_before_it_builds_and_serves_dist(monkeypatch, tmp_path):
    """The order matters: a refused port is said at once, not after a minute of building."""
    order: list[str] = []
    (tmp_path / "index.html").write_text("<h1>hello</h1>")
    monkeypatch.setattr(build, "DIST", tmp_path)
    real = build.open_server

    def opened(host, port, **kw):
        order.append("port")
        return real(host, port, **kw)

    def serve_once(self, *a, **kw):
        order.append("serve")
        host, port = self.server_address[:2]
        import threading
        t = threading.Thread(target=self.handle_request)
        t.start()
        body = urllib.request.urlopen(f"http://{host}:{port}/index.html", timeout=10).read()
        t.join()
        order.append(body.decode())
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "open_server", opened)
    monkeypatch.setattr(build, "build", lambda: order.append("build"))
    monkeypatch.setattr(build.DistServer, "serve_forever", serve_once)
    build.serve(0, "127.0.0.1")
    assert order == ["port", "build", "serve", "<h1>hello</h1>"]


def test_the_port_option_is_documented():
    readme = (ROOT / "README.md").read_text()
    assert readme.startswith("# Pocketdeck\n\n```sh\npython3 build.py serve   #")
    assert "build.py serve --port" in readme and "next free port" in readme
    out = subprocess.run([sys.executable, str(ROOT / "build.py"), "serve", "--help"],
                         capture_output=True, text=True, check=True).stdout
    assert "--port" in out and "next free one" in " ".join(out.split())
