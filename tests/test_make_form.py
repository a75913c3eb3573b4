"""The form drawn from a spec (pocketdeck/form.py, ui/make/form.py; issue 49): spec -> fields
-> the values a page sends -> the row, for every Foe of ours and for a kind made up here
from the spec types alone (a new kind is a spec and a few labels); every problem beside
its field in the content check's words; hostile input refused with its field named."""

from __future__ import annotations

import copy
import re

import pytest

from pocketdeck import form
from pocketdeck.form import Field, Label, blank, fields, problems, read
from pocketdeck.schema import ListOf, OneOf, Optional, Range, Table, Tagged, Text, check_row
from pocketdeck.systems.ads import data
from pocketdeck.systems.ads.foecard import FOE
from pocketdeck.ui.make.foe import LABELS
from pocketdeck.ui.make.form import render


def sent_of(root: Field) -> dict:
    """What web/boot.js sends for ``data-fill="*"``: every named field of the form."""
    out: dict = {}
    def walk(f: Field) -> None:
        if f.kind in ("table", "list", "tagged"):
            for c in f.children:
                walk(c)
        elif f.kind == "set":
            out[f.name] = list(f.value)
        elif f.kind == "flag":
            out[f.name] = ["yes"] if f.value else []
        else:
            out[f.name] = f.value
    walk(root)
    return out


def hollow(value):
    """``value``'s shape (its lists as long, its keys) with every leaf emptied: what the form
    reads must come from the fields sent, not from the draft it starts from."""
    if isinstance(value, dict):
        return {k: (v if k == "id" else hollow(v)) for k, v in value.items()}
    if isinstance(value, list) and value and isinstance(value[0], (dict, list)):
        return [hollow(v) for v in value]
    if isinstance(value, list) and value and isinstance(value[0], str) and value[0] in data.TRAITS:
        return [None] * len(value)  # a trait: its name and values, each a field
    return list(value) if isinstance(value, list) else None  # tick boxes: their order kept, each one read


@pytest.mark.parametrize("fid", sorted(data.foes()))
def test_every_foe_of_ours_goes_through_the_form_and_comes_back_the_same(fid):
    card = data.foes()[fid]
    root = fields(FOE, card, LABELS)
    again = read(FOE, hollow(card), LABELS, sent_of(root))
    assert again == card
    assert check_row("foe", again, FOE) == []
    assert problems(FOE, again, LABELS) == {}


def test_each_field_is_labelled_in_the_books_words():
    root = fields(FOE, data.foes()["goblin_skirmisher"], LABELS)
    names = {c.path: c.label.name for c in root.children}
    assert names["hp"] == "Hit Points (HP)" and names["xp"] == "Experience (XP)"
    assert names["base_damage"] == "Base Damage" and names["traits"] == "Foe Traits"
    assert "id" not in names  # the app gives the id (the hash of the card)
    html = render(root)
    for words in ("Actions by Round", "Failure", "Up/Down pattern", "Reactions", "Defenses", "Add an Outcome",
                  "Remove Action 3", "Attribute for Counters"):
        assert words in html, words


def test_a_kind_made_of_the_spec_types_alone_round_trips():
    """Any kind: text, whole numbers within a Range, a choice, a flag, tick boxes, a list of
    tables that grows and shrinks, a nested table, a tagged list, optional keys left out."""
    spec = Table({"name": Text(1, 20), "size": Range(1, 30), "kind": OneOf("beast", "person"),
                  "wild": Optional(bool), "days": ListOf(Range(1, 7), at_least=1),
                  "powers": ListOf(Table({"word": Text(1, 10), "cost": Range(0, 5)}, strict=True), at_most=3),
                  "home": Table({"town": Text(0, 10), "far": bool}), "note": Optional(Text(0, 30)),
                  "mark": Tagged(OneOf("a", "b"), Range(0, 9), at_most=2)}, strict=True)
    labels = {"powers": Label("Powers", item="Power")}
    value = blank(spec)
    assert check_row("x", value, spec)  # a blank row is not yet a good one: the form says why
    value = form.add(spec, value, "powers", labels)
    value = form.add(spec, value, "powers", labels)
    sent = sent_of(fields(spec, value, labels))
    sent.update({"f.name": " Wolf ", "f.size": "12", "f.kind": "beast", "f.wild": ["yes"], "f.days": ["7", "1"],
                 "f.powers.0.word": "Bite", "f.powers.0.cost": "2", "f.powers.1.word": "Howl",
                 "f.powers.1.cost": "0", "f.home.town": "Fen", "f.home.far": [], "f.note": "",
                 "f.mark.0": "b", "f.mark.1": "3", "f.mark.2": ""})
    row = read(spec, value, labels, sent)
    assert row == {"name": "Wolf", "size": 12, "kind": "beast", "wild": True, "days": [1, 7],
                   "powers": [{"word": "Bite", "cost": 2}, {"word": "Howl", "cost": 0}],
                   "home": {"town": "Fen", "far": False}, "mark": ["b", 3]}
    assert check_row("x", row, spec) == [] and problems(spec, row, labels) == {}
    row = form.remove(spec, row, "powers.0", labels)
    assert row["powers"] == [{"word": "Howl", "cost": 0}]
    row = form.add(spec, form.add(spec, row, "powers", labels), "powers", labels)
    with pytest.raises(ValueError, match="Powers: at most 3"):
        form.add(spec, row, "powers", labels)
    with pytest.raises(ValueError, match="at least 1"):
        form.remove(spec, {"days": [1]}, "days.0", labels)


def _problems_of(change: dict) -> dict:
    card = copy.deepcopy(data.foes()["goblin_skirmisher"])
    sent = sent_of(fields(FOE, card, LABELS))
    sent.update(change)
    return problems(FOE, read(FOE, card, LABELS, sent), LABELS)


def test_each_problem_stands_beside_its_field_in_the_content_checks_words():
    assert _problems_of({"f.hp": "120"}) == {"hp": ["Hit Points (HP) must be an int from 1 to 99, not 120"]}
    assert _problems_of({"f.xp": "1.5"}) == {"xp": ["Experience (XP) must be an int from 1 to 99, not '1.5'"]}
    assert _problems_of({"f.level": "-3"}) == {"level": ["Level must be an int from 1 to 10, not -3"]}
    assert _problems_of({"f.name": ""}) == {"name": ["Name must be text of 1 to 40 characters, not ''"]}
    assert _problems_of({"f.actions.1.rounds": []}) == {
        "actions.1.rounds": ["Rounds must be a list of 1 to 6 of an int from 1 to 6, not []"]}
    assert _problems_of({"f.actions.0.draw": "9"}) == {
        "actions.0.draw": ["Draw must be an int from 1 to 4, not 9"]}
    assert _problems_of({"f.size": "Huge"}) == {"size": ["Size must be one of 'S', 'M', 'L', 'XL', not 'Huge'"]}
    assert _problems_of({"f.traits.0.1": "abc"}) == {
        "traits.0": ["Trait 1 (self_preservation) item 2 must be an int from 0 to 99, not 'abc'"]}


def test_script_in_every_text_field_is_shown_as_text_never_as_markup():
    card = copy.deepcopy(data.foes()["cultist"])
    root = fields(FOE, card, LABELS)
    sent = sent_of(root)
    evil = '<script>alert(1)</script>"\'&'
    for name, value in list(sent.items()):
        if isinstance(value, str) and not value.lstrip("-").isdigit():
            sent[name] = evil
    row = read(FOE, card, LABELS, sent)
    found = problems(FOE, row, LABELS)
    html = render(fields(FOE, row, LABELS, found))
    assert "<script" not in html and "&lt;script&gt;" in html
    assert found  # choices and patterns cannot be scripts: each named at its field
    assert all(re.fullmatch(r"[a-z_0-9.]+", p) for p in found)


def test_huge_lists_and_wrong_types_are_named_at_their_list():
    card = copy.deepcopy(data.foes()["goblin_skirmisher"])
    card["actions"] = card["actions"] * 4000  # 12,000 Actions: only a forged draft can hold them
    card["reactions"][0]["outcomes"][0]["defense"] = 3  # a number where a formula (text) belongs
    card["hp"] = 3.0
    found = problems(FOE, card, LABELS)
    assert found["actions"] == ["Actions by Round must be a list of 1 to 6 of a table, not 12,000 of them"]
    assert found["hp"] == ["Hit Points (HP) must be an int from 1 to 99, not 3.0"]
    assert found["reactions.0.outcomes.0.defense"] == ["Defense must be text of 1 to 12 characters, not 3"]
    assert sum(1 for p in found if p.startswith("actions.")) <= 6 * 10  # the list is checked as far as it may go


def test_a_field_the_page_did_not_send_keeps_its_value_and_junk_keeps_its_text():
    card = copy.deepcopy(data.foes()["goblin_skirmisher"])
    assert read(FOE, card, LABELS, {}) == card
    junk = read(FOE, card, LABELS, {"f.hp": "1e400", "f.size": "[]", "f.actions.0.rounds": "not a list"})
    assert junk["hp"] == "1e400" and junk["size"] == "[]" and junk["actions"][0]["rounds"] == []
    assert set(problems(FOE, junk, LABELS)) == {"hp", "size", "actions.0.rounds"}
