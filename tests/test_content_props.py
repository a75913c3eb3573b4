"""Content files that are wrongly typed are refused with a list of problems, never a crash.

The checkers (P52, Deck) used to raise AttributeError / TypeError on a string where a table
belongs, a list where a number belongs or a missing key; ``content.check`` now also turns
any checker that raises into a listed problem naming file and checker. The property tests
throw thousands of mutated rows of the real files at the checkers, and mutated text at the
parser: only listed problems or a ContentError, never another exception, never slower than
a second each.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pocketdeck import content
from pocketdeck.content import (ContentError, ListOf, MapOf, OneOf, Optional, Range, Table,
                                check, check_row, check_value, parse, table_rows)

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(f"{p.parent.name}/{p.name}" for p in (ROOT / "content").glob("*/*.toml")
               if p.parent.name in ("p52", "deck"))
# every system's files: their checkers may still crash, but check() must list that
EVERY = sorted(f"{p.parent.name}/{p.name}" for p in (ROOT / "content").glob("*/*.toml"))
TEXT = {name: (ROOT / "content" / name).read_text(encoding="utf-8") for name in EVERY}
DATA = {name: tomllib.loads(text) for name, text in TEXT.items()}
CRASH = "checker ("  # how check() lists a checker that raised


def problems_of(name: str, data: Any) -> list[str]:
    """check() must return a list of text, and no checker may have crashed to get it."""
    found = check(name, data)
    assert isinstance(found, list) and all(isinstance(p, str) for p in found)
    assert not [p for p in found if CRASH in p], found
    return found


def test_the_real_files_pass():
    assert FILES and all(problems_of(name, DATA[name]) == [] for name in FILES)


def with_change(name: str, path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(DATA[name])
    node = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return data


def without(name: str, path: list[Any]) -> dict[str, Any]:
    data = copy.deepcopy(DATA[name])
    node = data
    for step in path[:-1]:
        node = node[step]
    del node[path[-1]]
    return data


# each of these raised AttributeError or TypeError in the checkers before
@pytest.mark.parametrize("name,path,value,says", [
    ("p52/races.toml", ["race"], "elves", "[[race]]"),
    ("p52/races.toml", ["race", 0], "dwarf", "race 1"),
    ("p52/races.toml", ["race", 0, "mods"], [1, 2], "'mods'"),
    ("p52/classes.toml", ["class", 0], ["wizard"], "class 1"),
    ("p52/classes.toml", ["class", 0, "abilities"], [["bow_skills"]], "'abilities'"),
    ("p52/abilities.toml", ["ability", 0, "kind"], ["attack"], "'kind'"),
    ("p52/abilities.toml", ["ability", 0, "rtype"], {"melee": 1}, "'rtype'"),
    ("p52/abilities.toml", ["ability", 1], 7, "ability 2"),
    ("p52/enemies.toml", ["enemy", 0, "card"], ["J"], "'card'"),
    ("p52/enemies.toml", ["enemy"], {"card": "J"}, "[[enemy]]"),
    ("p52/enemies.toml", ["suits"], [{"S": 1}], "[suits]"),
    ("p52/enemies.toml", ["boss"], "Ossric", "[boss]"),
    ("p52/enemies.toml", ["boss", "attack", 0], "Sword", "'attack'"),
    ("p52/enemies.toml", ["king_flip"], 2, "[king_flip]"),
    ("p52/items.toml", ["chest"], ["torch"], "[chest]"),
    ("p52/items.toml", ["chest", "two"], "torch", "[chest]"),
    ("p52/items.toml", ["chest", "2"], ["torch"], "[chest]"),
    ("p52/items.toml", ["start", 0, "low"], [2], "'low'"),
    ("p52/items.toml", ["start", 0, "high"], "2", "'high'"),
    ("p52/items.toml", ["start", 0, "high"], 10**18, "'high'"),
    ("p52/items.toml", ["start", 0], "torch", "start 1"),
    ("p52/items.toml", ["item", 0, "id"], ["torch"], "'id'"),
    ("p52/quirks.toml", ["quirk", 0], "shy", "quirk 1"),
    ("p52/quests.toml", ["quest", 0, "id"], {"x": 1}, "'id'"),
    ("p52/quests.toml", ["names"], "Ann", "[names]"),
    ("deck/decks.toml", ["deck", 0], "standard52", "deck 1"),
    ("deck/decks.toml", ["deck"], {"id": "x"}, "[[deck]]"),
])
def test_a_wrongly_typed_row_is_a_listed_problem(name, path, value, says):
    found = problems_of(name, with_change(name, path, value))
    assert found and any(says in p for p in found), found
    with pytest.raises(ContentError, match=name):
        content.parse(name, _toml_text_of(with_change(name, path, value)))


@pytest.mark.parametrize("name,path,says", [
    ("p52/races.toml", ["race", 0, "mods"], "'mods' is missing"),
    ("p52/enemies.toml", ["boss", "attack"], "'attack' is missing"),
    ("p52/enemies.toml", ["enemy", 0, "defence"], "'defence' is missing"),
    ("p52/items.toml", ["start", 2, "items"], "'items' is missing"),
    ("p52/abilities.toml", ["ability", 0, "prereq"], "'prereq' is missing"),
    ("deck/decks.toml", ["deck", 0, "jokers"], "'jokers' is missing"),
])
def test_a_missing_key_is_a_listed_problem(name, path, says):
    found = problems_of(name, without(name, path))
    assert any(says in p for p in found), found


def test_a_checker_that_raises_is_a_listed_problem_naming_file_and_checker():
    def brittle_checker(name: str, data: dict[str, Any]) -> list[str]:
        return [data["rows"]["missing"]]

    content.register_checker("zz_brittle", brittle_checker)
    try:
        found = check("zz_brittle/foes.toml", {"source": {"origin": "o", "licence": "l"}, "rows": "x"})
        assert len(found) == 1
        assert "zz_brittle checker" in found[0] and "brittle_checker" in found[0]
        assert "TypeError" in found[0]
        with pytest.raises(ContentError, match=r"^zz_brittle/foes\.toml: .*brittle_checker"):
            parse("zz_brittle/foes.toml", "rows = 'x'\n[source]\norigin = 'o'\nlicence = 'l'\n")
        # a checker that returns something other than a list of problems is refused too
        content.register_checker("zz_brittle", lambda name, data: None)
        assert "not a list of problems" in check("zz_brittle/foes.toml", {})[-1]
    finally:
        content._CHECKERS.pop("zz_brittle", None)


def test_one_bad_file_never_stops_the_rest(monkeypatch):
    class Text:
        def __init__(self, text: str | bytes) -> None:
            self.text = text

        def read_text(self, encoding: str = "utf-8") -> str:
            return self.text.decode(encoding) if isinstance(self.text, bytes) else self.text

    files = [("p52/races.toml", Text(_toml_text_of(with_change("p52/races.toml", ["race", 0], "x")))),
             ("deck/decks.toml", Text("[deck\n")),
             ("p52/quirks.toml", Text("x = " + "[" * 5000 + "]" * 5000 + "\n")),
             ("p52/quests.toml", Text(b"[source]\norigin = '\xff'\n")),
             ("deck/decks.toml", Text(TEXT["deck/decks.toml"]))]
    monkeypatch.setattr(content, "iter_files", lambda: iter(files))
    found = content.validate_all()
    assert [p.split(":")[0] for p in found] == ["p52/races.toml", "deck/decks.toml", "p52/quirks.toml",
                                                "p52/quests.toml"]
    assert "not UTF-8" in found[-1]


def test_problems_quote_only_a_short_excerpt():
    huge = "<b>" * 10_000
    found = problems_of("p52/quirks.toml", with_change("p52/quirks.toml", ["quirk", 0, "name"], [huge]))
    assert found and max(len(p) for p in found) < 200
    # and a file of many bad rows gives a message of the first few
    rows = "".join(f"[[quirk]]\nid = {i}\n" for i in range(5000))
    with pytest.raises(ContentError) as exc:
        parse("p52/quirks.toml", "[source]\norigin = 'o'\nlicence = 'l'\n" + rows)
    assert len(str(exc.value)) < 3000 and str(exc.value).endswith("more")
    found = check_value("x", 10**5000, str)  # too long for repr() in CPython: still a message
    assert found == ["x must be str, not int"]


# -- the typed-row helper -------------------------------------------------------------------
def test_typed_rows():
    foe = {"id": str, "hp": Range(1, 99), "tags": ListOf(str), "kind": OneOf("beast", "person"),
           "note": Optional(str), "defence": Table({"melee": int}, strict=True),
           "loot": MapOf(float)}
    good = {"id": "wolf", "hp": 12, "tags": ["fast"], "kind": "beast",
            "defence": {"melee": 1}, "loot": {"fur": 1, "fang": 0.5}}
    assert check_row("foe 1", good, foe) == []
    rows, found = table_rows({"foe": [good, dict(good, hp=True), "wolf",
                                      dict(good, note=3, defence={"melee": 1, "magic": 2})]}, "foe", foe)
    assert rows == [good]
    assert found == ["foe 2 (wolf): 'hp' must be an int from 1 to 99, not True",
                     "foe 3 must be a table, not 'wolf'",
                     "foe 4 (wolf): 'note' must be str, not 3",
                     "foe 4 (wolf): 'defence': unknown key(s) magic"]
    assert check_value("k", 1, OneOf(True, "a")) == ["k must be one of True, 'a', not 1"]
    assert check_value("k", 1.0, int) and check_value("k", 1, float) == []
    assert check_value("k", [1, "2"], ListOf(int)) == ["k item 2 must be int, not '2'"]
    assert check_value("k", [], ListOf(int, at_least=1))
    assert check_row("r", {}, {"a": int}) == ["r: 'a' is missing (must be int)"]
    assert table_rows({}, "foe", foe) == ([], ["needs at least 1 [[foe]] rows"])
    assert table_rows({"foe": []}, "foe", foe, at_least=0) == ([], [])
    with pytest.raises(TypeError):
        check_value("k", 1, "not a spec")


def test_the_docstring_example_runs():
    """The example other systems copy (pocketdeck.content's docstring) works as written."""
    import textwrap

    code = textwrap.dedent(content.__doc__.split("::\n")[1].split("\n\nA spec")[0])
    ns: dict[str, Any] = {}
    exec(code, ns)  # noqa: S102  (our own docstring)
    wolf = {"id": "wolf", "name": "Wolf", "hp": 12, "tags": [], "kind": "beast",
            "defence": {"melee": 1, "magic": 0}}
    assert ns["check_foes"]("x/foes.toml", {"foe": [wolf, wolf]}) == ["[[foe]] ids must be unique"]
    assert ns["check_foes"]("x/foes.toml", {"foe": [dict(wolf, hp="12")]}) == [
        "foe 1 (wolf): 'hp' must be an int from 1 to 99, not '12'"]


# -- property tests -------------------------------------------------------------------------
TOML_SCALARS = st.one_of(
    st.text(max_size=30), st.integers(), st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
    st.sampled_from(["J", "Q", "K", "S", "H", "D", "C", "any", "torch", "attack", "melee", "Lift",
                     "7-aLv", "Lv*5", "(Over", "aLv+", "1/0", "x" * 500, "", "2", "26", "27"]),
)
TOML_VALUES = st.recursive(
    TOML_SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8) | st.sampled_from(
                                ["id", "name", "card", "low", "high", "items", "Lift", "melee", "2"]),
                                inner, max_size=4)),
    max_leaves=12,
)
PROPS = settings(max_examples=2000, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _mutate(draw, data: dict[str, Any]) -> None:
    """One change somewhere in ``data``: a value replaced, a key removed or renamed, a row
    duplicated or dropped; the place is a random walk from the top."""
    node: Any = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return
        key = draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, (dict, list)) and child and draw(st.integers(0, 3)):
            node = child
            continue
        break
    how = draw(st.sampled_from(["value", "value", "value", "drop", "rename", "twice"]))
    if how == "value":
        node[key] = draw(TOML_VALUES)
    elif how == "drop":
        del node[key]
    elif how == "rename" and isinstance(node, dict):
        node[draw(st.text(min_size=1, max_size=8))] = node.pop(key)
    elif how == "twice" and isinstance(node, list):
        node.append(copy.deepcopy(node[key]))


@PROPS
@given(st.sampled_from(FILES), st.data())
def test_mutated_rows_give_listed_problems_never_a_crash(name, data):
    mutated = copy.deepcopy(DATA[name])
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(data.draw, mutated)
    problems_of(name, mutated)


@settings(max_examples=600, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(EVERY), st.data())
def test_any_system_mutated_rows_give_listed_problems(name, data):
    """Every system's checker (ADS, DofA, deckbuilder too): whatever it does with a mutated
    row, check() returns a list of problems, with a crash listed by file and checker."""
    mutated = copy.deepcopy(DATA[name])
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(data.draw, mutated)
    found = check(name, mutated)
    assert isinstance(found, list) and all(isinstance(p, str) for p in found)
    for p in found:
        if CRASH in p:
            assert p.startswith(f"the {name.split('/')[0]} checker (")


EDITS = st.sampled_from(["", "[", "]", "[[", "{", "}", "=", '"', "\n", "#", "x = 1\n",
                         "[[race]]\n", "= [" * 50, "\x00", "é", "1e999", "nan", "'''",
                         "[" * 3000 + "]" * 3000])


@settings(max_examples=600, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(FILES), st.data())
def test_mutated_text_parses_or_is_refused(name, data):
    text = TEXT[name]
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 40))
        text = text[:at] + data.draw(EDITS | st.text(max_size=10)) + text[at + cut:]
    try:
        parsed = parse(name, text)
    except ContentError as exc:
        assert str(exc).startswith(name + ":")
        assert CRASH not in str(exc), str(exc)
    else:
        assert isinstance(parsed, dict)


# -- a TOML writer for the few shapes these files use (the standard library only reads) ----
def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f"{_toml_value(str(k))} = {_toml_value(x)}" for k, x in v.items()) + "}"


def _toml_text_of(data: dict[str, Any]) -> str:
    """Every top-level key as an inline value: enough for the checker to see the same data."""
    return "".join(f"{_toml_value(k)} = {_toml_value(v)}\n" for k, v in data.items())


def test_the_toml_writer_round_trips_the_real_files():
    for name in FILES:
        assert tomllib.loads(_toml_text_of(DATA[name])) == DATA[name]


@pytest.mark.pyodide
def test_the_checks_in_pyodide_match_cpython(dist):
    """The same refusals inside Pyodide: too deep a file is a ContentError there too (not a
    fatal JavaScript stack overflow), and a wrongly typed row a list of problems."""
    import json
    import shutil
    import subprocess
    import sys

    from test_pyodide import _pyodide_dir

    if not shutil.which("node"):
        pytest.fail("node is needed to run Pyodide outside the browser")
    probe = ROOT / "tests" / "content_probe.py"
    wheel = next((dist / "wheels").glob("pocketdeck-*.whl"))
    res = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(_pyodide_dir()),
                          str(wheel), str(probe)], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    in_pyodide = json.loads(res.stdout.strip().splitlines()[-1])
    cp = subprocess.run([sys.executable, str(probe)], capture_output=True, text=True,
                        env={"PYTHONPATH": str(ROOT / "engine")}, check=True)
    in_cpython = json.loads(cp.stdout)
    assert in_pyodide["python"] >= [3, 11]
    assert in_pyodide["valid"] == in_cpython["valid"] == []
    assert in_pyodide["typed"] == in_cpython["typed"] and "ability 2 must be a table, not 'zap'" in in_cpython["typed"]
    assert in_pyodide["deck"] == in_cpython["deck"] == ["needs at least 1 [[deck]] rows, not 'x'"]
    for depth in ("deep3000", "deep100000"):
        assert in_pyodide[depth] == in_cpython[depth] == "p52/quirks.toml: not valid TOML (RecursionError)"
