"""Issue 28, "nothing may freeze the page for more than a second": on a start without the
boot snapshot, the first ADS game or Character Deck that arrives by file or link loads the
system's code. core.imports loads it one module per step of the Library's sliced import,
dependencies first, so the page can be given back between modules. Each check runs in a
fresh interpreter (nothing of ADS loaded before) with the engine on the path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pocketdeck.core.game import get_game
from pocketdeck.core.imports import imports_of
from pocketdeck.core.records import game_item, stored_text
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import Session

ROOT = Path(__file__).resolve().parents[1]

# counts the pocketdeck modules each step of a stepwise computation loads
STEPS = """
import json, sys
def ours():
    return {m for m in sys.modules if m.startswith("pocketdeck.systems.")}
def per_step(gen):
    counts, before = [], ours()
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            now = ours(); counts.append(len(now - before))
            return stop.value, counts
        now = ours(); counts.append(len(now - before)); before = now
"""


def _fresh(code: str, stdin: str = "") -> dict:
    res = subprocess.run([sys.executable, "-B", "-c", code], capture_output=True, text=True, input=stdin,
                         env={"PYTHONPATH": str(ROOT / "engine")}, timeout=120)
    assert res.returncode == 0, res.stderr[-3000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


def test_one_ads_module_imports_without_the_whole_fight():
    """The package's __init__ is lazy (PEP 562): ``data`` alone loads no rules module.
    Before, ``import pocketdeck.systems.ads.data`` ran the package's __init__, which imported
    the rules, the fight and the content checker in one go."""
    out = _fresh("import sys, json\nimport pocketdeck.systems.ads.data\n"
                 "print(json.dumps(sorted(m for m in sys.modules if m.startswith('pocketdeck.systems.ads'))))")
    assert "pocketdeck.systems.ads.rules" not in out and "pocketdeck.systems.ads.fight" not in out, out
    assert len(out) <= 4, out


def test_the_package_api_and_the_registered_game_are_unchanged():
    out = _fresh("import json\nimport pocketdeck.systems.ads as ads\nfrom pocketdeck.core.game import get_game\n"
                 "from pocketdeck import content\n"
                 "print(json.dumps([ads.GAME is get_game('ads'), callable(ads.odds_cli), ads.GAME.name,\n"
                 "                  'ads' in content._CHECKERS]))")
    assert out == [True, True, "ads", True]


def test_an_ads_adventure_game_loads_its_code_a_module_per_step():
    """A shared ADS adventure read in a fresh interpreter (as the page without a snapshot):
    the rules come in over many steps, none loading more than four modules (ads.build, whose __init__ imports its validate, loads with it), and the game
    read is the one sent."""
    game = get_game("ads_adventure")
    session, rng = Session.start("ads_adventure", None, seed=4), Rng(4)
    for _ in range(30):
        session.play(game.sim_choose(session.state, game.legal_actions(session.state), rng))
    text = stored_text(game_item(session, "A shared adventure"))
    out = _fresh(STEPS + (
        "from pocketdeck.core.records import read_item_steps\n"
        "item, counts = per_step(read_item_steps(json.loads(sys.stdin.read())))\n"
        "print(json.dumps({'counts': counts, 'state': item['data']['state']}))"), stdin=text)
    loading = [c for c in out["counts"] if c]
    assert len(loading) >= 20, out["counts"]
    assert max(loading) <= 4, out["counts"]
    assert out["state"] == json.loads(json.dumps(session.state))


def test_an_ads_character_deck_check_loads_its_code_a_module_per_step():
    from library_samples import ads_deck
    from pocketdeck.core.records import get_kind, make_item
    record = ads_deck()
    text = stored_text(make_item(get_kind("deck", "ads"), str(record["name"]), record))
    out = _fresh(STEPS + (
        "from pocketdeck.core.records import read_item_steps\n"
        "item, counts = per_step(read_item_steps(json.loads(sys.stdin.read())))\n"
        "print(json.dumps({'counts': counts, 'name': item['name']}))"), stdin=text)
    loading = [c for c in out["counts"] if c]
    assert len(loading) >= 20 and max(loading) <= 4, out["counts"]
    assert out["name"] == record["name"]


def test_the_order_puts_every_module_after_what_it_imports():
    """imports_of reads the top-level imports only (a function's imports run when called)
    and always names the parent package, which Python runs first."""
    assert imports_of("pocketdeck.systems.ads.adventure")[0] == "pocketdeck.systems.ads"
    assert "pocketdeck.systems.ads.rules" in imports_of("pocketdeck.systems.ads.system")
    assert "pocketdeck.systems.ads.checks" in imports_of("pocketdeck.systems.ads.system")
    assert imports_of("json") == [] and imports_of("pocketdeck.nothing.here") == []


def test_a_source_that_cannot_be_read_falls_back_to_pythons_own_import(monkeypatch):
    """A source the loader cannot parse costs one longer step, never a refused import."""
    from pocketdeck.core import imports

    def broken(*a, **k):
        raise SyntaxError("unreadable")
    monkeypatch.setattr(imports.ast, "parse", broken)
    assert imports.imports_of("pocketdeck.systems.ads.system") == []
    import sys
    steps = list(imports.import_steps("pocketdeck.systems.ads.system"))
    assert len(steps) <= 2 and "pocketdeck.systems.ads.system" in sys.modules  # the walk, then one import
