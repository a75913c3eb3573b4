"""The boot snapshot keeps the page's own Python compiled (pocketdeck.snapshot.keep_page_code:
PyScript's package, issue 46): in the restored page the importer takes the kept code instead
of compiling, but only while the file is byte for byte the one compiled, and the
standard-library modules those files import are already imported. The snapshot maker and
the restored page are one CPython here (a snapshot is the maker's memory)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# a page package as PyScript writes it: it imports a standard-library module the engine does
# not (html), one that cannot be imported where the snapshot is made (a JS module), and itself
PACKAGE = {
    "__init__.py": "import html\nfrom page.part import VALUE\ntry:\n    import js\nexcept ImportError:\n    js = None\n",
    "part.py": "VALUE = 1\n",
}

# keep_page_code as the maker runs it, then (the page after a restore) PyScript's files
# written again, possibly changed (argv[2]: part.py's new text), and the package imported
# with compiling from source counted
PAGE = """
import gc, importlib.machinery, json, os, sys
from pocketdeck import snapshot
root = sys.argv[1]
paths = [os.path.join(root, "page", name) for name in sorted(os.listdir(os.path.join(root, "page")))]
imported = snapshot.keep_page_code(root, paths)
snapshot.freeze()
if sys.argv[2]:
    with open(os.path.join(root, "page", "part.py"), "w") as f:
        f.write(sys.argv[2])
compiled = []
real = importlib.machinery.SourceFileLoader.source_to_code
def counted(self, data, path, *args, **kwargs):
    compiled.append(os.path.basename(path))
    return real(self, data, path, *args, **kwargs)
importlib.machinery.SourceFileLoader.source_to_code = counted
sys.path.insert(0, root)
import page
print(json.dumps({"imported": imported, "html": "html" in sys.modules, "frozen": gc.get_freeze_count() > 0,
                  "kept": sorted(os.path.basename(p) for p in snapshot.PAGE_CODE),
                  "compiled": compiled, "value": page.VALUE,
                  "other": __import__("csv").__spec__.loader.__class__.__name__}))
"""


def _page(tmp_path: Path, changed: str = "") -> dict:
    (tmp_path / "page").mkdir()
    for name, text in PACKAGE.items():
        (tmp_path / "page" / name).write_text(text)
    res = subprocess.run([sys.executable, "-B", "-c", PAGE, str(tmp_path), changed], capture_output=True,
                         text=True, env={"PYTHONPATH": str(ROOT / "engine")}, timeout=120)
    assert res.returncode == 0, res.stderr[-3000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


def test_the_kept_code_is_imported_without_compiling(tmp_path):
    out = _page(tmp_path)
    assert out["imported"] == ["html"] and out["html"]  # js is not importable here: left to the page
    assert out["frozen"]
    assert out["kept"] == sorted(PACKAGE)
    assert out["compiled"] == [] and out["value"] == 1
    assert out["other"] != "_KeptLoader"  # any other module is imported as before


def test_a_changed_file_is_compiled_never_the_stale_code(tmp_path):
    out = _page(tmp_path, changed="VALUE = 2\n")  # another PyScript's file
    assert out["compiled"] == ["part.py"] and out["value"] == 2
