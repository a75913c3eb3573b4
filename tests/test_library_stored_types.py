"""Issue 28, item 12, the load-time type checks beyond P52's: an ADS fight's state and the
DofA GM's call, draw and saves due, read back from the phone's storage. A state whose
numbers are texts, whose lists are records (and so on, per family of fields) is refused on
load with a message naming the field; the screens are never reached by it; the Library
and everything else kept stay as they were (the game is set aside, listed, exportable)."""

from __future__ import annotations

import json

import pytest

from pocketdeck.core.fieldtypes import stored_problem
from pocketdeck.core.saves import SaveError, from_json
from pocketdeck.ui.library import screen as lib
from pocketdeck.ui.app import App

from test_library import full_app
from test_library_trust import SCRIPT, _checkpointed

SKIRMISH = {"mode": "table", "players": [{"name": "Player 1", "hp": 6, "ap": 1, "ar": 2, "agl": 0, "pp": 2}],
            "party": ["Diamonds3"], "foes": ["Captain, Defender"]}


def _gm_actor(base: dict) -> str:
    return base["actors"][0]["id"]


def _call(base: dict, **kw) -> dict:
    return dict({"who": _gm_actor(base), "stat": None, "mod": 0, "aim": None, "dr": None, "suggested": None,
                 "hidden": False, "hand": 0, "tc": None, "needs": None}, **kw)


def _draw(base: dict, **kw) -> dict:
    a = base["actors"][0]
    return dict({"kind": "check", "tc": "5H", "stat": "Might", "dr": 2, "modifier": 0, "effective": 2,
                 "hand": 0, "k": 1, "cards": [], "redrawn": False, "weapon": 0, "who": a["name"],
                 "by": a["id"], "intensify": False, "target": None}, **kw)


def _due(base: dict, **kw) -> dict:
    return dict({"who": _gm_actor(base), "status": "Stunned", "when": "start", "stat": "Might", "dr": 2}, **kw)


# (system, options, what is forged, the field named, the forgery)
CASES = [
    # ADS fight: a number that is a text, a list that is a record, a record that is a list,
    # a yes/no that is a number, inside the records a new game leaves empty
    ("ads", {}, "round is a text", "checkpoint.round", lambda b: b.update(round=SCRIPT)),
    ("ads", {}, "hp is a text", "checkpoint.hp", lambda b: b.update(hp="12")),
    ("ads", {}, "hand is a record", "checkpoint.hand", lambda b: b.update(hand={"0": "x"})),
    ("ads", {}, "a foe's hp is a text", "checkpoint.foes[0].hp", lambda b: b["foes"][0].update(hp=SCRIPT)),
    ("ads", {}, "a foe's flag is a number", "checkpoint.foes[0].fled", lambda b: b["foes"][0].update(fled=1)),
    ("ads", {}, "a foe is a list", "checkpoint.foes[0]", lambda b: b["foes"].__setitem__(0, [1, 2])),
    ("ads", {}, "pending damage is a text", "checkpoint.pending.damage",
     lambda b: b.update(pending={"kind": "attack", "foe": 0, "name": "Bite", "damage": SCRIPT})),
    ("ads", {}, "pending is a list", "checkpoint.pending", lambda b: b.update(pending=[])),
    ("ads", {}, "the grapple's foe is a text", "checkpoint.grapple.foe", lambda b: b.update(grapple={"foe": "0"})),
    ("ads", {}, "the flee queue is a record", "checkpoint.flee_queue", lambda b: b.update(flee_queue={})),
    ("ads", {}, "a draw line's result is a text", "checkpoint.draws[0].ok",
     lambda b: b.update(draws=[{"who": "x", "why": "y", "need": "z", "drawn": "5H", "chance": "1", "ok": "yes"}])),
    ("ads", {}, "a persistent card's tick is a float", "checkpoint.persist[0].since",
     lambda b: b.update(persist=[{"card": "c", "until": "x", "since": 1.5}])),
    # ADS adventure: the fight nested in it (checked with the fight's own spec) and the
    # adventure's own fields that a new game leaves empty or None
    ("ads_adventure", {}, "the nested fight's round is a text", "checkpoint.fight.round",
     lambda b: b["fight"].update(round=SCRIPT)),
    ("ads_adventure", {}, "the nested fight's pending damage is a text", "checkpoint.fight.pending.damage",
     lambda b: b["fight"].update(pending={"kind": "attack", "foe": 0, "name": "Bite", "damage": SCRIPT})),
    ("ads_adventure", {}, "a nested foe's hp is a text", "checkpoint.fight.foes[0].hp",
     lambda b: b["fight"]["foes"][0].update(hp=SCRIPT)),
    ("ads_adventure", {}, "the nested fight is a list", "checkpoint.fight", lambda b: b.update(fight=[SCRIPT])),
    ("ads_adventure", {}, "a cleared room is a number", "checkpoint.cleared[0]", lambda b: b.update(cleared=[7])),
    ("ads_adventure", {}, "a set-aside card is a record", "checkpoint.pending[0]",
     lambda b: b.update(pending=[{"card": SCRIPT}])),
    ("ads_adventure", {}, "the last fight's log is a text", "checkpoint.last_fight.log",
     lambda b: b.update(last_fight={"outcome": "won", "log": SCRIPT})),
    ("ads_adventure", {}, "the obstacle draw's result is a text", "checkpoint.obstacle_draw.ok",
     lambda b: b.update(obstacle_draw={"declared": "^", "drawn": ["^"], "ok": SCRIPT})),
    ("ads_adventure", {}, "the room came from is a number", "checkpoint.came_from", lambda b: b.update(came_from=3)),
    # DofA GM: the call, the draw on the table, the saves due
    ("dofa-gm", SKIRMISH, "the call's DR is a text", "checkpoint.call.dr", lambda b: b.update(call=_call(b, dr=SCRIPT))),
    ("dofa-gm", SKIRMISH, "the call's hand is a text", "checkpoint.call.hand", lambda b: b.update(call=_call(b, hand="2"))),
    ("dofa-gm", SKIRMISH, "the call's hidden is a number", "checkpoint.call.hidden",
     lambda b: b.update(call=_call(b, hidden=0))),
    ("dofa-gm", SKIRMISH, "the call lacks its DR", "checkpoint.call",
     lambda b: b.update(call={k: v for k, v in _call(b).items() if k != "dr"})),
    ("dofa-gm", SKIRMISH, "the call is a list", "checkpoint.call", lambda b: b.update(call=[_gm_actor(b)])),
    ("dofa-gm", SKIRMISH, "the draw's DR is a text", "checkpoint.draw.dr", lambda b: b.update(draw=_draw(b, dr=SCRIPT))),
    ("dofa-gm", SKIRMISH, "the draw's cards are a record", "checkpoint.draw.cards",
     lambda b: b.update(draw=_draw(b, cards={"0": "5H"}))),
    ("dofa-gm", SKIRMISH, "a drawn card is a number", "checkpoint.draw.cards[0]",
     lambda b: b.update(draw=_draw(b, cards=[5]))),
    ("dofa-gm", SKIRMISH, "the draw's k is a float", "checkpoint.draw.k", lambda b: b.update(draw=_draw(b, k=1.0))),
    ("dofa-gm", SKIRMISH, "the saves due are a record", "checkpoint.due", lambda b: b.update(due={"0": _due(b)})),
    ("dofa-gm", SKIRMISH, "a save's DR is a text", "checkpoint.due[0].dr", lambda b: b.update(due=[_due(b, dr=SCRIPT)])),
    ("dofa-gm", SKIRMISH, "a save's damage is a text", "checkpoint.due[0].fail",
     lambda b: b.update(due=[_due(b, fail="3")])),
    ("dofa-gm", SKIRMISH, "a save lacks its status", "checkpoint.due[0]",
     lambda b: b.update(due=[{k: v for k, v in _due(b).items() if k != "status"}])),
]


def _forged(system: str, options: dict, forge, monkeypatch) -> dict:
    data = _checkpointed(system, options, monkeypatch)
    from_json(json.dumps(data))  # the real one loads
    forge(data["base"])
    data["actions"], data["state"] = [], data["base"]  # the forger makes the rest agree
    return data


@pytest.mark.parametrize("system,options,what,field,forge", CASES, ids=[c[2] for c in CASES])
def test_12_a_wrong_typed_stored_state_is_refused_naming_the_field(system, options, what, field, forge,
                                                                  monkeypatch):
    data = _forged(system, options, forge, monkeypatch)
    with pytest.raises(SaveError, match="checkpoint") as refused:
        from_json(json.dumps(data))
    assert field in str(refused.value), str(refused.value)


@pytest.mark.parametrize("system,options,what,field,forge", CASES[::4], ids=[c[2] for c in CASES[::4]])
def test_12_the_library_stays_intact_and_the_game_is_set_aside(system, options, what, field, forge, monkeypatch):
    data = _forged(system, options, forge, monkeypatch)
    kept, store = full_app()
    before = len(lib.entries(kept))
    key = f"game:{system}"
    app = App(seed_source=5)
    app.restore(dict(store, **{key: json.dumps(data), "ui:screen": f"table:{system}"}))
    assert key in app.aside and field in app.aside[key][1]
    assert len(lib.entries(app)) == before
    for screen in (f"table:{system}", "home", "library"):
        app.screen = screen
        assert SCRIPT not in app.render()


def test_12_every_state_the_rules_reach_passes_the_type_checks():
    """The lists are written from the rules: seeded random games of both systems pass
    on every step (a refused real game would be worse than the hole)."""
    from pocketdeck.core.game import get_game
    from pocketdeck.core.rng import Rng
    for system, games in (("ads", 12), ("dofa-gm", 6), ("ads_adventure", 3)):
        game = get_game(system)
        for seed in range(games):
            options = game.sim_options(Rng(seed)) if hasattr(game, "sim_options") else None
            state = game.new_game(options, seed)
            for step in range(3000):
                assert stored_problem(system, state) is None, (system, seed, step, stored_problem(system, state))
                actions = game.legal_actions(state)
                if game.is_over(state) or not actions:
                    break
                state = game.apply(state, game.sim_choose(state, actions, Rng(seed * 1000 + step)))
