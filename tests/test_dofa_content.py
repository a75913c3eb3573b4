"""The dofa content checker lists badly typed rows as problems and never raises (core
typed-row helpers, pocketdeck.content)."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from pocketdeck import content
from pocketdeck.systems.dofa.sheet import check_content

ROOT = Path(__file__).resolve().parents[1] / "content" / "dofa"
FILES = ("tables", "premades", "powers", "vulnerabilities", "companions")


def load(base: str) -> dict:
    return tomllib.loads((ROOT / f"{base}.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("base", FILES)
def test_shipped_files_have_no_problems(base):
    assert check_content(f"dofa/{base}.toml", load(base)) == []


def test_wrong_types_are_listed_not_raised():
    """A string where a number belongs, a table where a list belongs, a list where a table
    belongs, a row that is not a table: each is a problem naming the row and key."""
    pre = load("premades")
    pre["character"][0]["level"] = "3"
    pre["character"][1]["powers"] = {"Attack": 1}
    pre["character"][2]["attributes"] = ["AGL"]
    pre["character"].append("not a table")
    problems = check_content("dofa/premades.toml", pre)
    assert any("character 1 (Clubs1): 'level' must be an int from 1 to 10, not '3'" in p for p in problems)
    assert any("character 2 (Clubs2): 'powers' must be a list of str" in p for p in problems)
    assert any("character 3 (Clubs3): 'attributes' must be a table" in p for p in problems)
    assert any("character 25" in p for p in problems)

    tables = load("tables")
    tables["costs"]["attribute"] = "expensive"
    tables["armor"][0]["ar"] = "3"
    tables["caps"] = [2, 2]
    tables["roles"]["Caster"] = {"attribute": "INT", "skill": 7, "discard": "Intensify"}
    problems = check_content("dofa/tables.toml", tables)
    assert any("costs" in p and "'attribute' must be a list of int" in p for p in problems)
    assert any("armor 1 (Basic): 'ar' must be an int from 0 to 6, not '3'" in p for p in problems)
    assert any(p.startswith("caps must be a table") for p in problems)
    assert any("'Caster'" in p and "'skill'" in p for p in problems)

    powers = load("powers")
    powers["power"][0]["pp"] = {"one": 1}
    powers["power"][1]["skills"] = [{"name": "Finesse", "above": "0"}]
    powers["power"][2]["colour"] = "red"         # strict: unknown keys are problems
    problems = check_content("dofa/powers.toml", powers)
    assert len(problems) == 3 and all(p.startswith("power ") for p in problems)

    for base, key in (("vulnerabilities", "vulnerability"), ("companions", "companion")):
        data = load(base)
        data[key] = {"not": "a list"}
        assert check_content(f"dofa/{base}.toml", data) == [f"needs at least 1 [[{key}]] rows, not {{'not': 'a list'}}"]


@pytest.mark.parametrize("base", FILES)
def test_any_junk_in_place_of_any_value_never_raises(base):
    """Every top-level value and every row value replaced in turn by values of the wrong
    type: the checker answers with a list every time."""
    data = load(base)
    junk = ("x", 7, 1.5, True, [], {}, [{"a": 1}], None)
    for key in list(data):
        for j in junk:
            d = copy.deepcopy(data)
            d[key] = j
            assert isinstance(check_content(f"dofa/{base}.toml", d), list)
        if isinstance(data[key], list) and data[key] and isinstance(data[key][0], dict):
            for field in data[key][0]:
                for j in junk:
                    d = copy.deepcopy(data)
                    d[key][0][field] = j
                    found = check_content(f"dofa/{base}.toml", d)
                    assert isinstance(found, list)


def test_content_load_refuses_a_bad_file_with_a_content_error():
    data = load("companions")
    data["companion"][0]["ar"] = "x"
    assert content.check("dofa/companions.toml", data)
