"""One attack pipeline (issue 26, "The shape": "one attack pipeline for the player, a Foe
and an ally ... every label and odds figure comes from the same function that applies the
effect"): ``systems/ads/attack.py`` and its four stages, declare, answer, damage, after.

- The player's attack, a Foe's and one into an ally's Grapple are traced with
  ``sys.setprofile``: each goes through the stage functions of ``attack.py`` in the
  pipeline's order (``attack.STAGES`` names the stage of each function).
- The damage stage is the only place that lowers an HP in a fight: every ``x["hp"] -=``
  in ``systems/ads/*.py`` is read with ``ast`` and must sit in one of its functions, which
  only ``attack.damage`` calls.
- The buttons read the stage's figures: "No reaction: take N" is what taking it does."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any, Callable

from pocketdeck.core.game import get_game, state_rng
from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads import actions as A
from pocketdeck.systems.ads import attack, party, view
from test_ads_allies import give, party_fight
from test_ads_path import longsword_turn

GAME = get_game("ads")
ROOT = Path(attack.__file__).resolve().parent
ATTACK = str(Path(attack.__file__).resolve())
STAGE_OF = {fn: stage for stage, fns in attack.STAGES.items() for fn in fns}
ORDER = list(attack.STAGES)


def traced(run: Callable[[], Any]) -> list[str]:
    """The stages of ``attack.py`` that ``run`` enters, in order, repeats folded."""
    seen: list[str] = []

    def prof(frame, event, arg):
        if event != "call" or frame.f_code.co_filename != ATTACK:
            return
        stage = STAGE_OF.get(frame.f_code.co_name)
        if stage and (not seen or seen[-1] != stage):
            seen.append(stage)

    sys.setprofile(prof)
    try:
        run()
    finally:
        sys.setprofile(None)
    return seen


def in_order(stages: list[str]) -> bool:
    """Each stage first entered after the ones before it in the pipeline."""
    firsts = [s for k, s in enumerate(stages) if s not in stages[:k]]
    return firsts == sorted(firsts, key=ORDER.index)


LONGSWORD = {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0}


def test_the_shape_the_players_attack_goes_through_the_four_stages():
    """A Longsword at a Goblin: declared, answered by the Goblin's draws, dealt, then the
    next blow (none: the turn ends), on every seed; dealt whenever the Goblin lost HP."""
    dealt = 0
    for seed in range(12):
        state = longsword_turn(seed)
        hp = state["foes"][0]["hp"]
        with state_rng(state) as rng:
            stages = traced(lambda: A.apply(state, LONGSWORD, rng))
        assert in_order(stages), stages
        assert {"declare", "answer", "after"} <= set(stages), stages
        if state["foes"][0]["hp"] < hp:
            assert "damage" in stages
            dealt += 1
    assert dealt


def test_the_shape_a_foes_attack_goes_through_the_four_stages():
    """A Foe's attack: declared in its turn (the player passes), the player's answer (take
    it), the damage, then what follows (Disease, a Flee hampered, the Foe's turn goes on)."""
    found = 0
    for seed in range(40):
        state = longsword_turn(seed)
        with state_rng(state) as rng:
            first = traced(lambda: A.apply(state, {"type": "pass"}, rng))
            if state["phase"] != "react":
                continue
            label = next(e["label"] for e in view.view(state, A.legal(state))["actions"]
                         if e["action"] == {"type": "take"})
            hp = state["hp"]
            then = traced(lambda: A.apply(state, {"type": "take"}, rng))
        stages = first + then
        assert in_order(stages), stages
        assert set(stages) == set(ORDER), stages
        # the button's figure is the one the damage stage dealt
        assert label == f"No reaction: take {hp - state['hp']}" or state["phase"] == "exhaust"
        found += 1
    assert found >= 3


def party_grapple() -> dict[str, Any]:
    """A warrior (seat 0, a Longsword in hand) and a priest (seat 1, in a Grapple with
    the Troll) on Round 3 (tests/test_ads_allies.py's set-up)."""
    state = party_fight()
    party.enter(state, 1)
    state["grapple"] = {"foe": 0}
    party.enter(state, 0)
    give(state, 0, "longsword")
    return state


def test_the_shape_a_blow_into_an_allys_grapple_goes_through_the_pipeline():
    """Into an ally's Grapple: declared (the Up/Down to hit the Troll), and a miss deals
    the blow to the ally's seat in the same damage stage, then the turn goes on."""
    for seed in range(20):
        state, rng = party_grapple(), Rng(seed)
        first = traced(lambda: A.apply(state, LONGSWORD, rng))
        assert state["phase"] == "into_grapple"
        priest = party.seat(state, 1)["hp"]
        then = traced(lambda: A.apply(state, {"type": "into", "symbol": "^"}, rng))
        if party.seat(state, 1)["hp"] < priest:
            break
    else:
        raise AssertionError("no seed missed the declaration")
    assert first[:2] == ["declare", "answer"], first  # the Foe's answer waits for the declaration
    assert then[:3] == ["declare", "damage", "after"], then
    assert state["foes"][0]["hp"] == state["foes"][0]["max_hp"]


def test_the_shape_sides_are_data():
    """The attacker and the defender of an attack record, as data."""
    s = longsword_turn(1)
    out = attack.player_attack(0, "Longsword", 5)
    assert attack.sides(s, out) == ({"side": "seat", "k": 0}, {"side": "foe", "i": 0})
    foes = {"kind": "attack", "foe": 0}
    assert attack.sides(s, foes) == ({"side": "foe", "i": 0}, {"side": "seat", "k": 0})
    assert attack.sides(s, dict(foes, target=1))[1] == {"side": "seat", "k": 1}


# -- the damage stage is the only place that lowers an HP in a fight ------------------

DAMAGE = {"attack._hurt_player", "attack._hurt_foe", "attack._hurt_ally"}
# a plain ``x["hp"] = ...`` that is not a blow: the floor of a defeated Foe, Exhaustion's
# 1 HP, and Fatigue at a hand maximum of 1 (Fatigue: death, not damage)
SET_HP = {"attack._hurt_foe", "attack.exhaust", "deck.add_fatigue"}


def hp_writes() -> tuple[set[str], set[str], set[str]]:
    """("module.function" lowering an HP with ``-=``, setting it with ``=``, calling a
    ``_hurt_*`` function) over the fight's modules."""
    lower, assign, calls = set(), set(), set()

    def walk(node: ast.AST, where: str) -> None:
        for ch in ast.iter_child_nodes(node):
            inner = f"{where.split('.')[0]}.{ch.name}" if isinstance(ch, ast.FunctionDef) else where
            if isinstance(ch, (ast.AugAssign, ast.Assign)):
                targets = [ch.target] if isinstance(ch, ast.AugAssign) else ch.targets
                for t in targets:
                    for sub in ast.walk(t):
                        if isinstance(sub, ast.Subscript) and isinstance(sub.slice, ast.Constant) and sub.slice.value == "hp":
                            if isinstance(ch, ast.Assign):
                                assign.add(where)
                            elif isinstance(ch.op, ast.Sub):
                                lower.add(where)
            if isinstance(ch, ast.Call) and isinstance(ch.func, ast.Name) and ch.func.id.startswith("_hurt_"):
                calls.add(where)
            walk(ch, inner)

    for p in sorted(ROOT.glob("*.py")):
        walk(ast.parse(p.read_text(), str(p)), f"{p.stem}.<module>")
    return lower, assign, calls


def test_the_shape_only_the_damage_stage_lowers_an_hp_in_a_fight():
    lower, assign, calls = hp_writes()
    assert lower == DAMAGE, f"an HP lowered outside the damage stage: {sorted(lower - DAMAGE)}"
    assert assign <= SET_HP, f"an HP set outside the damage stage: {sorted(assign - SET_HP)}"
    assert calls == {"attack.damage"}, f"the damage stage entered other than by attack.damage: {sorted(calls)}"


def test_the_shape_the_buttons_read_the_stages_figures():
    """"every label and odds figure comes from the same function that applies the
    effect": the Take button and the Foe's reaction row are the stage's own functions."""
    assert view.damage_taken is attack.damage_taken
    assert view.row_block is attack.row_block


def _calls_outside(pred: Callable[[ast.AST], bool], allowed: str) -> list[str]:
    """Each node of systems/ads (adventure included) for which ``pred`` holds, outside the
    function ``allowed`` ("module.function")."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text())
        mod = path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if f"{mod}.{fn.name}" == allowed:
                continue
            for node in ast.walk(fn):
                if pred(node):
                    found.append(f"{mod}.{fn.name}:{node.lineno}")
    return sorted(set(found))


def test_playing_foes_a_declaration_and_an_attribute_draw_are_written_once():
    """Issue 26, "The shape": the Up/Down declaration was written out nine times and a Foe
    playing its Attribute seven. Now ``deck.coin`` is the only ``UP if ... else DOWN`` of
    the fight and ``deck.match_pattern`` the only place that matches a drawn Attribute
    pattern (draw, match, record), so every declaration and every Attribute draw behaves
    (and is shown) alike. (A Foe's Reaction or Action row is matched outcome by outcome:
    ``fight.reaction_outcomes``, ``action_row``.)"""
    def coin_like(node: ast.AST) -> bool:  # UP if rng.below(2) == 0 else DOWN
        return (isinstance(node, ast.IfExp) and isinstance(node.body, ast.Name) and isinstance(node.orelse, ast.Name)
                and {node.body.id, node.orelse.id} == {"UP", "DOWN"}
                and any(isinstance(n, ast.Attribute) and n.attr == "below" for n in ast.walk(node.test)))

    def pattern_match(node: ast.AST) -> bool:  # matches(attr["pattern"], drawn)
        return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "matches"
                and bool(node.args) and isinstance(node.args[0], ast.Subscript)
                and isinstance(node.args[0].slice, ast.Constant) and node.args[0].slice.value == "pattern")

    assert _calls_outside(coin_like, "deck.coin") == []
    assert _calls_outside(pattern_match, "deck.match_pattern") == []
