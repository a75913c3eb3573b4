"""Property tests (hypothesis): thousands of mutated links, saves and stored records
thrown at their loaders. The only outcome besides success is the documented refusal
(SaveError, a ValueError), other stored data never changes, and no example takes a
second (hypothesis' deadline; that is the check, not a timing of the machine)."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pocketdeck.core.limits import MAX_DEPTH
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import SaveError, Session, from_json, from_link, save_text, to_json, to_link
from pocketdeck.systems.p52.rules import export_characters
from pocketdeck.ui.app import App

FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow],
                derandomize=True, database=None)


def _deck(n: int, seed: int) -> Session:
    s = Session.start("deck", {}, seed=seed)
    rng = Rng(seed)
    for _ in range(n):
        s.play(rng.choice(s.game.legal_actions(s.state)))
    return s


def _p52(n: int, seed: int) -> Session:
    s = Session.start("p52", {"new_characters": 1}, seed=seed)
    rng = Rng(seed)
    for _ in range(n):
        if s.game.is_over(s.state):
            break
        s.play(s.game.sim_choose(s.state, s.game.legal_actions(s.state), rng))
    return s


GAMES = [_deck(8, 1), _deck(20, 2), _p52(6, 3), _p52(14, 4)]
OWN = _deck(3, 9)
OWN_TEXT = to_json(OWN)


def _record() -> dict[str, Any]:
    s = _p52(0, 5)
    rng = Rng(5)
    while s.state["phase"] == "creation":
        s.play(s.game.sim_choose(s.state, s.game.legal_actions(s.state), rng))
    return export_characters(s.state)[0]


RECORD = _record()

# hostile leaves: the values the issue found (deep nesting, huge numbers, long text, floats
# and bools where integers belong) and ordinary ones
leaves = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-3, max_value=60),
    st.integers(min_value=-(10 ** 40), max_value=10 ** 40), st.floats(allow_nan=False),
    st.text(max_size=20), st.sampled_from(["draw", "c0", "p52", "deck", "AS", "x" * 1500]),
    st.integers(min_value=MAX_DEPTH - 2, max_value=600).map(lambda d: json.loads("[" * d + "]" * d)),
)
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


def _replace(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return copy


@st.composite
def mutated_records(draw, base: dict[str, Any]) -> dict[str, Any]:
    """``base`` with one to three places swapped for hostile values (or keys dropped)."""
    value = base
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(value)
        path = draw(st.sampled_from(paths))
        if path and draw(st.booleans()) and isinstance(_parent(value, path), dict):
            value = json.loads(json.dumps(value))
            parent = _parent(value, path)
            parent.pop(path[-1], None)
        else:
            value = _replace(value, path, draw(values))
    return value


def _parent(value: Any, path: tuple) -> Any:
    for key in path[:-1]:
        value = value[key]
    return value


@st.composite
def mutated_text(draw, text: str, alphabet: str) -> str:
    """Byte-level damage: cut, insert, replace, repeat a slice."""
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["cut", "insert", "replace", "repeat"]))
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 40)))
        if kind == "cut":
            text = text[:i] + text[j:]
        elif kind == "insert":
            text = text[:i] + draw(st.text(alphabet=alphabet, max_size=30)) + text[i:]
        elif kind == "replace":
            text = text[:i] + draw(st.text(alphabet=alphabet, min_size=1, max_size=5)) + text[j:]
        else:
            text = text[:i] + text[i:j] * draw(st.integers(2, 400)) + text[j:]
    return text


def _pack(value: Any) -> str:
    raw = json.dumps(value, allow_nan=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def _check_link(fragment: str) -> None:
    """from_link refuses with SaveError or gives a game whose save is accepted; App keeps
    the player's own game whatever happens."""
    try:
        session = from_link(fragment)
    except SaveError as exc:
        assert len(str(exc)) < 600
    else:
        assert from_json(save_text(session)).state == session.state
    app = App()
    app.restore({"game:deck": OWN_TEXT, "ui:screen": "table:deck"})
    mine = app.sessions["deck"]
    assert app.open_link("g=" + fragment) == []  # a preview or a refusal: nothing written
    assert app.sessions == {"deck": mine} and to_json(mine) == OWN_TEXT
    assert isinstance(app.render(), str) and app.render_error is None


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=%<>\"' "
JSONCHARS = '[]{}",:0123456789.eE-+truefalsn\\u "x'


@settings(FAST, max_examples=500)
@given(st.sampled_from(range(len(GAMES))).flatmap(lambda i: mutated_records(GAMES[i].record())))
def test_mutated_link_records(record):
    _check_link(_pack(record))


@settings(FAST, max_examples=300)
@given(st.sampled_from([to_link(g) for g in GAMES]).flatmap(lambda t: mutated_text(t, B64)))
def test_mutated_link_text(fragment):
    _check_link(fragment)


@settings(FAST, max_examples=300)
@given(st.sampled_from([json.dumps(g.record()) for g in GAMES]).flatmap(lambda t: mutated_text(t, JSONCHARS)))
def test_mutated_link_json_text(text):
    _check_link(base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8", "replace"))).decode())


def _check_save(text: str) -> None:
    try:
        session = from_json(text)
    except SaveError as exc:
        assert len(str(exc)) < 600
    else:
        assert from_json(save_text(session)).state == session.state
    app = App()
    app.restore({"game:deck": OWN_TEXT, "game:p52": text, "char:p52:mine": json.dumps(RECORD)})
    assert to_json(app.sessions["deck"]) == OWN_TEXT and list(app.library) == ["char:p52:mine"]
    assert isinstance(app.render(), str) and app.render_error is None


@settings(FAST, max_examples=400)
@given(st.sampled_from(range(len(GAMES))).flatmap(
    lambda i: mutated_records(json.loads(to_json(GAMES[i])))))
def test_mutated_saves(data):
    _check_save(json.dumps(data))


@settings(FAST, max_examples=300)
@given(st.sampled_from([to_json(g) for g in GAMES[:3]]).flatmap(lambda t: mutated_text(t, JSONCHARS)))
def test_mutated_save_text(text):
    _check_save(text)


@settings(FAST, max_examples=400)
@given(st.one_of(mutated_records(RECORD).map(json.dumps),
                 st.just(json.dumps(RECORD)).flatmap(lambda t: mutated_text(t, JSONCHARS))))
def test_mutated_character_records(text):
    """A stored character is in the library only when the rules accept it; the other
    entries load whatever it holds; a bad one is named on the home screen."""
    app = App()
    app.restore({"game:deck": OWN_TEXT, "char:p52:mine": json.dumps(RECORD), "char:p52:x": text,
                 "meta:p52": text})
    assert to_json(app.sessions["deck"]) == OWN_TEXT
    assert app.library["char:p52:mine"] == RECORD
    if "char:p52:x" not in app.library:
        assert any("P52 character (x)" in p for p in app.problems)
    app.handle("setup", "p52")
    assert "New P52 quest" in app.render() and app.render_error is None
    # a new quest with every library character either starts or is refused with a reason
    picked = list(app.library)
    app.handle("new", json.dumps({"system": "p52"}), {"new_characters": "0", "library": picked})
    assert app.flash is None or app.flash[0] == "error"


def test_the_seeds_are_loadable():
    for g in GAMES:
        assert from_link(to_link(g)).state == g.state
        assert from_json(to_json(g)).state == g.state


if __name__ == "__main__":
    pytest.main([__file__, "-q"])


# -- hand-made forgeries (issue 28): each rule's limit pushed by one, through every reader --------
def _forgeries():
    from test_library_trust import forgeries
    return forgeries()


@settings(FAST, max_examples=150)
@given(st.sampled_from(_forgeries()), st.sampled_from(["item", "file", "link", "stored"]))
def test_hand_made_forgeries_are_refused_by_every_reader(forgery, door):
    import copy as _copy
    from pocketdeck.core.records import (RecordError, export_file, get_kind, item_from_link, item_link,
                                         read_file, read_item, read_stored, stored_text)
    label, value = forgery
    value = _copy.deepcopy(value)
    if door == "file":
        good, bad = read_file(export_file([value], "2026-11-26"))
        assert good == [] and len(bad) == 1, label
        return
    with pytest.raises(RecordError):
        if door == "item":
            read_item(value)
        elif door == "link":
            item_from_link(item_link(value))
        else:
            read_stored(get_kind(value["kind"], value["system"]).prefix + "x", stored_text(value))
