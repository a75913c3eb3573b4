"""Issue 18: the home screen imports only what it shows. Systems and tables are declared by
name (core.game.declare, ui.tables.Lazy) and imported on first use; the core knows no
system. Each check runs in a fresh interpreter so earlier imports cannot hide a regression."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SYSTEMS = ("deck", "p52", "ads", "dofa", "deckbuilder", "ads_adventure", "ads_build", "dofa-gm")


def _fresh(code: str) -> dict:
    """Run ``code`` in a new CPython with the engine on the path; it prints JSON last."""
    res = subprocess.run([sys.executable, "-B", "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT / "engine")}, timeout=120)
    assert res.returncode == 0, res.stderr[-3000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


LOADED = ("import sys, json\n"
          "def loaded():\n"
          "    return sorted(m for m in sys.modules if m.startswith(('pocketdeck.systems.', "
          "'pocketdeck.ui.')) and m.count('.') >= 2)\n")


def test_home_screen_imports_no_system_and_no_table():
    out = _fresh(LOADED + (
        "from pocketdeck.ui.app import App\n"
        "app = App(); app.restore({}); html = app.render()\n"
        "print(json.dumps({'loaded': loaded(), 'html': html}))"))
    # ui/shell.py: what the screens share with the App (Effect, slot_system, its Protocol)
    assert out["loaded"] == ["pocketdeck.ui.app", "pocketdeck.ui.flow", "pocketdeck.ui.html",
                             "pocketdeck.ui.shell", "pocketdeck.ui.tables"]
    for title in ("Deck", "P52", "Adventure Deck System", "Deck of Adventures", "Deckbuilder RPG"):
        assert f"<h2>{title}</h2>" in out["html"]


def test_the_core_imports_no_system():
    out = _fresh(LOADED + (
        "from pocketdeck.core import game\n"
        "names = game.catalogue()\n"
        "print(json.dumps({'loaded': loaded(), 'names': names}))"))
    assert out["loaded"] == []
    assert tuple(out["names"]) == SYSTEMS
    core = (ROOT / "engine" / "pocketdeck" / "core" / "game.py").read_text()
    assert not any(f'"{name}"' in core for name in SYSTEMS)


def test_a_saved_game_loads_its_own_system_only():
    out = _fresh(LOADED + (
        "from pocketdeck.core.saves import Session, save_text\n"
        "from pocketdeck.ui.app import App\n"
        "text = save_text(Session.start('deck', {}, seed=3))\n"
        "app = App(); app.restore({'game:deck': text, 'ui:screen': 'table:deck'}); app.render()\n"
        "print(json.dumps({'loaded': loaded(), 'screen': app.screen, 'problems': app.problems}))"))
    assert out["screen"] == "table:deck" and out["problems"] == []
    assert "pocketdeck.ui.deck.table" in out["loaded"] and "pocketdeck.systems.deck.rules" in out["loaded"]
    others = [m for m in out["loaded"] if any(f".{s}" in m for s in SYSTEMS[1:])]
    assert others == []


def test_a_stored_character_loads_its_tables_record_check():
    """A library record is checked at start-up by its kind's record check (core/records.py),
    which imports the system's rules for it, not its table."""
    out = _fresh(LOADED + (
        "from pocketdeck.ui.app import App\n"
        "app = App(); app.restore({'char:p52:x': json.dumps({'name': 'Bad'})})\n"
        "print(json.dumps({'loaded': loaded(), 'problems': app.problems, 'library': list(app.library)}))"))
    assert "pocketdeck.systems.p52.rules" in out["loaded"] and "pocketdeck.ui.p52.table" not in out["loaded"]
    assert out["library"] == [] and len(out["problems"]) == 1


def test_declared_names_match_what_the_modules_register():
    from pocketdeck.core.game import catalogue, systems
    from pocketdeck.ui.tables import TABLE_MODULES, Lazy, load_table, tables

    assert all(isinstance(entry, Lazy) for entry in TABLE_MODULES), \
        "declare a table as Lazy(system, module, title, blurb): a bare name is imported at start-up"
    for name, game in systems().items():
        assert catalogue()[name] == game.title
    for entry in TABLE_MODULES:
        real = load_table(entry.system)
        assert (real.system, real.title, real.blurb) == (entry.system, entry.title, entry.blurb)
        assert tables()[entry.system].render is real.render  # a Lazy entry reads the real table
    assert list(tables()) == [e.system for e in TABLE_MODULES]


def test_unknown_names_are_refused_without_importing():
    import pytest

    from pocketdeck.core.game import get_game, load_system
    from pocketdeck.ui.tables import tables

    assert load_system("nope") is None and load_system(["deck"]) is None  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown game system 'nope'"):
        get_game("nope")
    assert "nope" not in tables()


def test_the_boot_snapshot_holds_every_module_a_screen_may_import():
    """snapshot.warm (what build.py snapshots) imports the whole package but the developer's
    tools, lazy imports inside functions included (views, the Library, the GM's hints), so a
    page booted from the snapshot imports nothing of ours whatever it opens."""
    out = _fresh(
        "import sys, json, pkgutil, pocketdeck\n"
        "from pocketdeck.snapshot import DEV_ONLY, warm\n"
        "warm('t')\n"
        "every = {m.name for m in pkgutil.walk_packages(pocketdeck.__path__, 'pocketdeck.')}\n"
        "missing = sorted(m for m in every if m not in sys.modules)\n"
        "print(json.dumps({'missing': missing, 'dev': list(DEV_ONLY)}))")
    assert out["missing"], "the developer's tools are not in the snapshot"
    assert all(m.rsplit(".", 1)[-1] in out["dev"] for m in out["missing"]), out["missing"]
    for name in ("pocketdeck.ui.library.screen", "pocketdeck.ui.deck.editor",
                 "pocketdeck.systems.dofa_gm.view", "pocketdeck.systems.ads.adventure.view"):
        assert name not in out["missing"]
