"""Issue 30, a first visit's bytes: the PyScript chunks build.py leaves out of dist/ (and so
out of the service worker's precache) are ones the app never loads. PyScript imports every
plugin of its plugin table at each start, so those are kept; a chunk left out may only be
imported lazily, by a feature the app does not use (build.PYSCRIPT_ON_USE says which, and
why). A chunk a kept chunk imports at load must be kept: a missing one breaks the boot
offline, far from its cause (the Chromium boot tests are the other half of this check)."""

from __future__ import annotations

import re

import build

STATIC = re.compile(r"""(?:from|import)\s*["']\./([\w.-]+\.js)["']""")
DYNAMIC = re.compile(r"""import\(\s*["']\./([\w.-]+\.js)["']\s*\)""")


def _chunks() -> dict[str, str]:
    dist = build.npm_package("@pyscript/core", build.PYSCRIPT_VERSION) / "dist"
    return {f.name: f.read_text() for f in dist.iterdir() if f.suffix == ".js"}


def _kept() -> set[str]:
    return {rel.split("/")[-1] for rel in build.runtime_files() if rel.startswith("runtime/pyscript/")}


def _core(chunks: dict[str, str]) -> str:
    return next(text for name, text in chunks.items() if name.startswith("core-"))


def _plugin_table(core: str) -> dict[str, str]:
    """PyScript's plugin table: name -> its chunk ("py-editor": () => import("./py-editor-x.js"))."""
    return dict(re.findall(r"""["']?([\w-]+)["']?\s*:\s*\(\)\s*=>\s*import\(["']\./([\w.-]+\.js)["']\)""", core))


def test_every_chunk_a_kept_chunk_imports_at_load_is_kept():
    chunks, kept = _chunks(), _kept()
    assert "core.js" in kept
    for name in kept:
        static = set(STATIC.findall(chunks.get(name, "")))
        assert static <= kept, f"{name} imports {sorted(static - kept)} at load, left out of dist/"


def test_every_plugin_imported_at_start_is_kept():
    chunks, kept = _chunks(), _kept()
    table = _plugin_table(_core(chunks))
    assert {"py-editor", "error", "donkey", "py-terminal"} <= set(table), table  # the table was found
    assert set(table.values()) <= kept, sorted(set(table.values()) - kept)


def test_a_left_out_chunk_is_only_imported_lazily_for_a_feature_the_app_does_not_use():
    chunks, kept = _chunks(), _kept()
    editor_and_terminal = ("codemirror", "xterm", "index-")  # shipped by no start: see build.py
    for name in kept:
        for chunk in set(DYNAMIC.findall(chunks.get(name, ""))) - kept:
            reason = [r for prefix, r in build.PYSCRIPT_ON_USE.items() if chunk.startswith(prefix)]
            assert reason or chunk.startswith(editor_and_terminal), \
                f"{name} may import {chunk} at run time, and it is left out with no reason"
    config = (build.WEB / "pyscript.json").read_text()
    assert "packages" not in config and config.lstrip().startswith("{")  # the reasons still hold


def test_what_is_left_out_is_left_out():
    kept = _kept()
    for prefix in build.PYSCRIPT_ON_USE:
        assert not any(k.startswith(prefix) for k in kept), prefix
    assert any(k.startswith("zip-") for k in kept)  # the wheel is unpacked with it


def test_trim_js_keeps_every_token_on_its_own_line_and_skips_what_it_cannot_trim():
    src = "var a = 1\n    // a comment\n\n    (b)\n  x = '//not a comment'\n"
    assert build.trim_js(src) == "var a = 1\n(b)\nx = '//not a comment'\n"
    assert build.trim_js("a = `x\n  y`\n") == "a = `x\n  y`\n"  # a template literal: left whole
    assert build.trim_js("a = 'x\\\n  y'\n") == "a = 'x\\\n  y'\n"  # a line-continued string
    # a "//" line closing a block comment stays, or the comment would swallow the script
    assert build.trim_js("/* a\n  // b */\nvar c\n") == "/* a\n// b */\nvar c\n"
