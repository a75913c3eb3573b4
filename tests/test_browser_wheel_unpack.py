"""Issue 46: the loader unpacks the engine's wheel in JavaScript (web/snapshot-loader.mjs
inflateZip, writeWheel), not Python through PyScript's "files". In Chromium: every entry of
the built wheel comes out byte for byte as Python's zipfile reads it; a zip whose entry leaves
the wheel's folder, or that is no zip, is refused; a browser with no DecompressionStream
still boots (Python's own unpacking takes over)."""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile

import pytest
from conftest import PHONE
from test_browser_features import p52_without

pytestmark = pytest.mark.browser

LOADER = "./runtime/pyodide/snapshot-loader.mjs"
INFLATE = """async ([b64, loader]) => {
  const { inflateZip } = await import(loader);
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  try {
    const files = await inflateZip(bytes);
    const out = {};
    for (const { name, data } of files) {
      const digest = await crypto.subtle.digest("SHA-256", data);
      out[name] = [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, "0")).join("");
    }
    return { files: out };
  } catch (e) {
    return { error: String(e.message || e) };
  }
}"""


def _zip(entries: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return buf.getvalue()


@pytest.fixture(scope="module")
def page(browser, server):
    ctx = browser.new_context(**PHONE)
    p = ctx.new_page()
    p.goto(server + "/")
    p.wait_for_selector("html[data-ready]", timeout=120_000)
    yield p
    ctx.close()


def inflate(page, data: bytes) -> dict:
    return page.evaluate(INFLATE, [base64.b64encode(data).decode(), LOADER])


def test_every_entry_of_the_wheel_comes_out_as_zipfile_reads_it(page, dist):
    wheel = next((dist / "wheels").glob("*.whl")).read_bytes()
    with zipfile.ZipFile(io.BytesIO(wheel)) as z:
        expected = {i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist() if not i.is_dir()}
    got = inflate(page, wheel)
    assert got.get("files") == expected and len(expected) > 50


@pytest.mark.parametrize("method", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
def test_stored_and_deflated_entries(page, method):
    entries = {"a/b.py": b"x = 1\n" * 500, "empty.txt": b"", "c/\u00e9.toml": "é = 1".encode()}
    got = inflate(page, _zip(entries, method))
    assert got == {"files": {k: hashlib.sha256(v).hexdigest() for k, v in entries.items()}}


@pytest.mark.parametrize("name", ["../evil.py", "/etc/evil.py", "a/../../evil.py"])
def test_an_entry_outside_the_wheel_is_refused(page, name):
    got = inflate(page, _zip({"ok.py": b"1", name: b"2"}))
    assert "outside the wheel" in got.get("error", ""), got


def test_what_is_no_zip_is_refused(page):
    assert "not a zip" in inflate(page, b"PK\x03\x04 but then nothing of a zip" * 3).get("error", "")


def test_with_no_decompressionstream_python_unpacks_it_and_the_app_plays(browser, server):
    ctx, _, errors = p52_without(browser, server, "delete window.DecompressionStream;")
    assert errors == []
    ctx.close()
