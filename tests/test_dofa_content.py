"""The dofa content checker lists badly typed rows as problems and never raises (core
typed-row helpers, pocketdeck.content)."""

from __future__ import annotations

import copy
import re
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


@pytest.mark.parametrize("base, key", (("powers", "power"), ("vulnerabilities", "vulnerability")))
def test_every_power_and_vulnerability_needs_its_words(base, key):
    """A missing, mistyped, empty or overlong text is a problem naming the row."""
    data = load(base)
    rows = data[key]
    del rows[0]["text"]
    rows[1]["text"] = 3
    rows[2]["text"] = "   "
    rows[3]["text"] = "x" * 301
    problems = check_content(f"dofa/{base}.toml", data)
    first, second, third, fourth = (r["id"] for r in rows[:4])
    assert any(f"({first}): 'text' is missing (must be str)" in p for p in problems)
    assert any(f"({second}): 'text' must be str, not 3" in p for p in problems)
    assert f"{key} {third}: 'text' must say what it does, not be empty" in problems
    assert f"{key} {fourth}: 'text' must be at most 300 characters, not 301" in problems
    assert len(problems) == 4


# --- the words are ours: no run of RUN words in a row from the reference's own text ---

RUN = 8


def reference_dir() -> Path | None:
    """The shared reference data beside the checkout (/work/shared/reference/dofa from a
    worktree or from main); None where it is not on this machine."""
    for parent in Path(__file__).resolve().parents:
        found = parent / "shared" / "reference" / "dofa"
        if found.is_dir():
            return found
    return None


def reference_texts(path: Path) -> dict[str, str]:
    """id -> Mechanic and Description text of each entry of a reference YAML-ish file, with a
    tiny line parser (top-level 'Id:' lines; 4-space 'Key: value' fields; deeper lines, list
    items and wrapped lines belong to the field above). No PyYAML."""
    texts: dict[str, str] = {}
    entry = field = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split(" #")[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent == 0:
            entry, field = line.rstrip(":"), None
            continue
        if entry is None:
            continue
        if indent == 4 and ":" in line:
            key, _, value = line.strip().partition(":")
            field = key if key in ("Mechanic", "Description") else None
            if field:
                texts[entry] = texts.get(entry, "") + " " + value
        elif field:
            texts[entry] += " " + line.strip().removeprefix("- ")
    return texts


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9+']+", text.lower())


def shared_run(ours: str, theirs: str, n: int = RUN) -> str | None:
    """The first run of n words in a row that both texts contain, or None."""
    runs = {tuple(w[i:i + n]) for w in [words(theirs)] for i in range(len(w) - n + 1)}
    ws = words(ours)
    for i in range(len(ws) - n + 1):
        if tuple(ws[i:i + n]) in runs:
            return " ".join(ws[i:i + n])
    return None


def test_shared_run_finds_a_copied_sentence():
    mechanic = "You make a check to attack an Enemy, and it may be done under another Power."
    assert shared_run("Roll: you make a check to attack an Enemy, and then rest.", mechanic)
    assert shared_run("You make a check to strike an Enemy; another Power may run.", mechanic) is None


def test_reference_parser_reads_wrapped_and_listed_mechanics(tmp_path):
    sample = tmp_path / "x.yaml"
    sample.write_text("Template:\n    Mechanic: Descrip   # note\n\nA, B:  # comment\n    Type: Vulny\n"
                      "    Mechanic: one two\n     three four\n    XP: 1\nC:\n    Mechanic:\n"
                      "        - five six\n        - seven\n    Description: eight\n", encoding="utf-8")
    got = {k: " ".join(v.split()) for k, v in reference_texts(sample).items()}
    assert got == {"Template": "Descrip", "A, B": "one two three four", "C": "five six seven eight"}


@pytest.mark.parametrize("base, key, ref", (("powers", "power", "04_Powers.yaml"),
                                            ("vulnerabilities", "vulnerability", "05_Vulnerabilities.yaml")))
def test_no_text_copies_the_reference(base, key, ref):
    """Each text is a paraphrase: no 8 words in a row equal to its entry's reference
    Mechanic or Description (compared word by word, case and punctuation ignored)."""
    where = reference_dir()
    if where is None:
        pytest.skip("the shared reference data is not on this machine")
    theirs = reference_texts(where / ref)
    rows = load(base)[key]
    assert all(r["id"] in theirs and words(theirs[r["id"]]) for r in rows)
    copied = {r["id"]: run for r in rows if (run := shared_run(r["text"], theirs[r["id"]]))}
    assert copied == {}
