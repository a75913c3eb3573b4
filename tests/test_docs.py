"""The docs are references, not diaries (issue 48).

docs/BENCHMARK.md stays at most 30 kB: today's figures, how to get them, one line per past
run. And no file of the project names a working session or the order of work: how the code
came to be is git log's job; a comment that points to a measurement names what it measured
(and the section of docs/BENCHMARK.md that holds it). "Session" as the game's Session
object, or a game session in a book's words ("Playing a Session", "next session"), is fine.

The files are the ones git tracks, read from disk (not through git grep), so this runs on a
fresh clone; binary files are skipped.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARK = ROOT / "docs" / "BENCHMARK.md"
MAX_BENCHMARK_BYTES = 30_000

# an ordinal: first, second, third, fourth ... twelfth, thirteenth ... twentieth, twenty-first
ORDINAL = (r"(?:first|second|third|[a-z]*(?:fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
           r"eleventh|twelfth|teenth|tieth))")
# within one line: the issue's own `git grep -iE` pattern (a space written as \s, so that
# this file does not match itself), and the wordings that name a session of work
LINE = re.compile(
    r"[a-z]+th\ssession|first\ssession|second\ssession|third\ssession|session\s[0-9]"
    r"|\b(?:this|last|previous|earlier)\s+session\b"
    r"|\bsession\s+(?:of|on)\s+\d{4}-\d\d-\d\d"
    r"|\bsession\s*\(\s*(?:" + ORDINAL + r"|\d{4}-\d\d-\d\d)",
    re.IGNORECASE)
# across lines: an ordinal and "session(s)" wrapped onto the next line, with the comment
# leaders (#, //, *, --) of that line between them
WRAPPED = re.compile(r"\b" + ORDINAL + r"(?:\s|#|//|/\*|\*|--)*\n(?:\s|#|//|/\*|\*|--)*sessions?\b",
                     re.IGNORECASE)


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True,
                             check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"git ls-files is not available here: {exc}")
    return [ROOT / name for name in out.decode("utf-8", "surrogateescape").split("\0") if name]


def text_of(path: Path) -> str | None:
    """The file's text, or None for a binary file (or one not on disk: a rename under way)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def session_names(text: str) -> list[tuple[int, str]]:
    """(line number, the words) of every place ``text`` names a session of work."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        found += [(number, m.group(0)) for m in LINE.finditer(line)]
    found += [(text.count("\n", 0, m.start()) + 1, " ".join(m.group(0).split()))
              for m in WRAPPED.finditer(text)]
    return found


def test_the_benchmark_doc_is_at_most_30_kb():
    size = BENCHMARK.stat().st_size
    assert size <= MAX_BENCHMARK_BYTES, (
        f"docs/BENCHMARK.md is {size:,} bytes, over {MAX_BENCHMARK_BYTES:,}: keep today's figures, "
        "one line per past run and one line per thing tried; the rest is in git log")


def test_no_file_names_a_session_of_work():
    hits = []
    for path in tracked_files():
        text = text_of(path)
        if text is None:
            continue
        rel = path.relative_to(ROOT).as_posix()
        hits += [f"{rel}:{number}: {words}" for number, words in session_names(text)]
    assert not hits, ("name the measurement or the reason, not the session of work "
                      "(docs/BENCHMARK.md's sections for figures):\n" + "\n".join(hits))


def test_every_pointer_into_the_benchmark_doc_names_one_of_its_sections():
    """A comment that points to a measurement names the section that holds it
    (``docs/BENCHMARK.md, "The screen"``); the section must be there."""
    headings = [line.lstrip("#").strip() for line in BENCHMARK.read_text().splitlines()
                if line.startswith("#")]
    missing = []
    for path in tracked_files():
        text = text_of(path)
        if text is None or "BENCHMARK.md" not in text:
            continue
        for m in re.finditer(r'BENCHMARK\.md,?\s+"([^"]{1,60})"', text):
            name = " ".join(m.group(1).split())
            if not any(h.startswith(name) for h in headings):
                missing.append(f"{path.relative_to(ROOT).as_posix()}: {name!r}")
    assert not missing, "no such section in docs/BENCHMARK.md:\n" + "\n".join(missing)


# the examples write a space as \x20, so that this file does not name what it looks for
@pytest.mark.parametrize("text", [
    "see docs/BENCHMARK.md, eleventh\x20session",
    "(2026-11-26, fifth\x20session, branch s5perf)",
    "# tried in the thirteenth\n    # session, and undone",
    "// docs/BENCHMARK.md fourteenth\n// sessions",
    "Issue 15's second\x20session changed the DofA table",
    "### Session\x20of 2026-11-26 (second): memory",
    "measured in session\x203",
    "another helper's area this\x20session",
    "the first\x20session's bench",
])
def test_the_check_finds_session_names(text):
    assert session_names(text)


@pytest.mark.parametrize("text", [
    "Session.play(action) -> Game.apply(state, action)",
    "Setting Up a Session: quest, environment",
    "everyone starts the next session at full HP",
    "once a session, a known ability gets +Over levels",
    "a new automation session: empty caches",
    "the depth\n    session = Session.start(system)",
    "(the fourth seat's session view)",
])
def test_the_check_leaves_the_game_session_alone(text):
    assert not session_names(text)
