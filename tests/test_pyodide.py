"""The same engine inside Pyodide (the npm package, under Node): the wheel imports, the
generator gives the same numbers, and whole seeded games end in the same state as in
CPython."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "tests" / "parity_probe.py"

pytestmark = pytest.mark.pyodide


def _pyodide_dir() -> Path:
    env = os.environ.get("POCKETDECK_PYODIDE")
    if env:
        return Path(env)
    found = sorted((ROOT / ".cache" / "npm").glob("pyodide-*/package"))
    if not found:
        pytest.fail("the pyodide npm package is missing: run python3 build.py test")
    return found[-1]


@pytest.mark.parametrize("start", ["normal", "snapshot"])
def test_engine_in_pyodide_matches_cpython(dist, start, tmp_path):
    """Also on the snapshot path (issues 18, 30): a boot snapshot made as the phone makes it
    (tools/make_snapshot.mjs runs what web/snapshot-worker.mjs runs), restored as the page
    restores it, plays the same seeded games to the same states."""
    if not shutil.which("node"):
        pytest.fail("node is needed to run Pyodide outside the browser")
    wheel = next((dist / "wheels").glob("pocketdeck-*.whl"))
    extra = []
    if start == "snapshot":
        made = subprocess.run(["node", str(ROOT / "tools" / "make_snapshot.mjs"), str(_pyodide_dir()),
                               str(wheel), str(tmp_path / "snapshot.bin"), "parity"],
                              capture_output=True, text=True, timeout=300)
        assert made.returncode == 0, made.stderr[-3000:]
        extra = [str(tmp_path / "snapshot.bin")]
    res = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(_pyodide_dir()),
                          str(wheel), str(PROBE), *extra], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    in_pyodide = json.loads(res.stdout.strip().splitlines()[-1])
    cp = subprocess.run([sys.executable, str(PROBE)], capture_output=True, text=True,
                        env={"PYTHONPATH": str(ROOT / "engine")}, check=True)
    in_cpython = json.loads(cp.stdout)
    assert in_pyodide["python"] >= [3, 11]  # Pyodide 314 ships 3.14
    assert in_pyodide["shuffle"] == in_cpython["shuffle"]
    assert in_pyodide["u32"] == in_cpython["u32"]
    assert in_pyodide["games"] == in_cpython["games"]
    assert set(in_pyodide["games"]) >= {"deck"}


LINKS_PROBE = ROOT / "tests" / "links_probe.py"


def test_hostile_links_and_storage_in_pyodide_are_refused_and_the_app_starts(dist):
    """Issue 7: a link of 7,000 nested brackets used to overflow the JavaScript stack
    inside json.loads ("Pyodide has suffered a fatal error"). In Pyodide's own Python, every
    hostile link and stored entry is now the documented refusal, the app restores the
    player's game, and the result is the same as in CPython."""
    if not shutil.which("node"):
        pytest.fail("node is needed to run Pyodide outside the browser")
    wheel = next((dist / "wheels").glob("pocketdeck-*.whl"))
    res = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(_pyodide_dir()),
                          str(wheel), str(LINKS_PROBE)], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    assert "fatal error" not in res.stderr
    in_pyodide = json.loads(res.stdout.strip().splitlines()[-1])
    cp = subprocess.run([sys.executable, str(LINKS_PROBE)], capture_output=True, text=True,
                        env={"PYTHONPATH": str(ROOT / "engine")}, check=True)
    assert in_pyodide == json.loads(cp.stdout)
    assert set(in_pyodide["links"].values()) == {"SaveError"}
    assert set(in_pyodide["saves"].values()) == {"SaveError"}
    assert in_pyodide["restore"] == {"problems": 3, "screen": "table:deck", "sessions": ["deck"]}
    assert in_pyodide["open_link"] == {"flashes": ["error"] * 6, "own_kept": True, "screen": "preview"}
