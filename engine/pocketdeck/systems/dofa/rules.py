"""Deck of Adventures, the player's phone: the 54-card Action Deck, the sheet, and every
check the GM calls (PG = Full Player's Guide, 002_...; GMG = GM's Guide, 001_...).

This module is the game's frame: the state, the legal actions gathered from the rule
modules, and the dispatch of an action to its ``do_<type>`` handler. The rules live by
concern: deck.py (piles), checkflow.py (a check from draft to grade), fate.py, rest.py,
health.py (damage, KO), conditions.py, combat.py (turns, powers, Epic Event), gear.py
(armor, shield), character.py / build.py (builder, level up). docs/rules/dofa.md maps each
rule to its code and test.
"""

from __future__ import annotations

from typing import Any, Callable

from ...core.cards import standard_deck
from ...core.game import Action, Game, IllegalAction, State, register
from ...core.limits import excerpt
from ...core.rng import Rng
from . import build as bd
from . import character, checkflow, combat, conditions, fate, gear, health, items, rest
from . import checks as ck
from . import sheet as sh
from .conditions import CONDITIONS
from .deck import PILES, blank_draft, drawable, own_tc

DAMAGE: tuple[int, ...] = (1, 2, 3)
Handler = Callable[[State, Action, Rng], None]
HANDLERS: dict[str, Handler] = {
    n[3:]: f for m in (character, checkflow, combat, conditions, fate, gear, health, items, rest)
    for n, f in vars(m).items() if n.startswith("do_") and callable(f)}
# what only the player's own turn does: a check drawn, a power, an item (PG, In Combat Actions)
MY_TURN = frozenset({"draw", "power", "discard_power", "intensify", "use_item"})
__all__ = ["CONDITIONS", "DofaGame", "GAME", "HANDLERS"]


class DofaGame(Game):
    name = "dofa"
    title = "Deck of Adventures"
    sim_step_cap = 400

    # -- setup ----------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"character": "Spades1", "name": "", "companion": ""}

    def check_options(self, options: dict[str, Any]) -> None:
        if options.get("character") not in sh.premades() and options.get("character") != "custom":
            raise IllegalAction(f"character: {options.get('character')!r} is neither a premade character nor 'custom'")
        if not isinstance(options.get("name"), str) or len(options["name"]) > 40:
            raise IllegalAction("name: up to 40 characters of text")
        if options.get("companion") not in ("", *sh.companions()):
            raise IllegalAction(f"companion: {options.get('companion')!r} is not in the bestiary's companions")

    def _new(self, options: dict[str, Any], rng: Rng) -> State:
        custom = options["character"] == "custom"
        sheet = (bd.blank_sheet(options["name"].strip()) if custom
                 else sh.sheet_from_premade(options["character"], options["name"].strip()))
        deck = standard_deck()
        rng.shuffle(deck)
        return {
            "sheet": sheet, "phase": bd.CREATION if custom else "play",
            "deck": deck, "discard": [], "fate": ["RJ", "BJ"], "aside": [], "tc": [],
            "drawing": [],
            "hp": sheet["hp_max"], "ap": sheet["ap_max"], "pp": sheet["pp_max"],
            "fatigue": 0, "quick_rests": 0, "rest_cards": sheet["hp_max"],
            "combat": False, "turn": 0, "conditions": [], "poison": 0,
            "due": [], "shaken": [], "received": None, "breath": None,
            "light": "bright", "fall_speed": 0, "weapon": 1, "intensify": False,
            "companion": (sh.new_companion(options["companion"], sheet["level"])
                          if options["companion"] else None),
            "ko": None, "dead": False, "toughen": 0, "toughen_turn": None,
            "draft": blank_draft(), "draw": None, "gain": None, "last": None,
            "log": [f"{sheet['name']} shuffles the Action Deck; both Jokers in hand as Fate Cards."],
        }

    def seats(self, state: State) -> list[str]:
        return ["player"]

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: State) -> str:
        return "dead" if state["dead"] else "ended"

    def card_total(self, state: State) -> int:
        return sum(len(state[p]) for p in PILES)

    def check_state(self, state: State) -> None:
        """A stored state (a long game's checkpoint) must hold every key a new game has,
        with the same kind of value where a new game's is not empty, and the 54 cards
        exactly once across the piles; ValueError names what is wrong."""
        fresh = self.new_game(state.get("options") if isinstance(state.get("options"), dict)
                              else None, 0)
        for key, value in fresh.items():
            if key not in state:
                raise ValueError(f"a Deck of Adventures state needs {key!r}")
            if value is not None and state[key] is not None and type(state[key]) is not type(value):
                raise ValueError(f"{key!r} holds {type(state[key]).__name__}, not {type(value).__name__}")
        cards = sorted(c for p in PILES for c in state[p])
        if cards != sorted(standard_deck() + ["RJ", "BJ"]):
            raise ValueError("the piles do not hold the 54 cards of the Action Deck exactly once")
        _check_reachable(state, fresh)

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        s = state
        if s["phase"] == "over":
            return []
        if s["phase"] in (bd.CREATION, bd.LEVELUP):
            return bd.actions(s["sheet"], s["phase"])
        if s["draw"] is not None:
            return checkflow.draw_actions(s)
        if s["gain"] is not None:
            return [{"type": "rest_gain", "hp": hp, "pp": pp} for hp, pp in rest.gains(s)]
        acts: list[Action] = []
        if s["phase"] == "rest":
            if s["rest_cards"] > 0 and drawable(s) >= 1:
                acts.append({"type": "rest_draw"})
            acts.append({"type": "rest_end"})
            return acts + fate.fate_actions(s)
        acts += checkflow.draft_actions(s)
        acts += fate.fate_actions(s)
        ko = s["ko"]
        acts += [{"type": "damage", "amount": n, "bypass": b} for b in (False, True) for n in DAMAGE]
        if not ko and s["hp"] < s["sheet"]["hp_max"]:
            acts += [{"type": "heal", "amount": n} for n in (1, 2)]
        if ko:
            acts.append({"type": "treated"})
            acts += conditions.received_actions(s)
        comp = s.get("companion")
        if comp:
            if comp["hp"] > 0:
                acts += [{"type": "companion_damage", "amount": n} for n in (1, 2)]
            if comp["hp"] < comp["hp_max"]:
                acts.append({"type": "companion_heal"})
        acts += combat.redraw_tc_actions(s)
        if not s["combat"]:
            acts += combat.start_actions(s)
            if not ko:
                if s["sheet"]["level"] < 10:
                    acts.append({"type": "level_up"})
                acts += gear.actions(s["sheet"])     # armor and shield: outside combat
                if s["quick_rests"] < 2 and own_tc(s):
                    acts.append({"type": "quick_rest"})
            acts.append({"type": "full_rest"})
        else:
            acts += [{"type": "end_turn"}, {"type": "end_combat"}]
        if not ko:
            acts += combat.power_actions(s)
            acts += conditions.condition_actions(s, bool(own_tc(s)))
            if not own_tc(s) and drawable(s) >= 1:
                acts.append({"type": "draw_tc"})
            acts += [{"type": "light", "light": x} for x in combat.LIGHTS if x != s["light"]]
            acts += [{"type": "weapon", "damage": n} for n in combat.WEAPONS if n != s.get("weapon", 1)]
            acts += [{"type": "fall", "spaces": n} for n in combat.FALLS]
            acts += health.breath_actions(s)
            acts += items.item_actions(s)
        if s["discard"]:
            acts.append({"type": "award_fate"})
        acts.append({"type": "end_session"})
        return acts

    def explain(self, state: State, action: Action) -> str:
        kind = action.get("type") if isinstance(action, dict) else None
        d = state["draft"]
        if kind == "draw" and d["dr"] is not None and not checkflow.ready(state):
            e = checkflow.effective(state)
            if e is not None and not ck.can_attempt(e):
                return f"Effective Difficulty Range {e}: a check needs an EDR of -2 or more (PG, Effective Difficulty Range)"
        if kind == "draw" and conditions.forbidden(state, d):
            return conditions.forbidden(state, d) or ""
        if kind == "finish" and state["phase"] in (bd.CREATION, bd.LEVELUP):
            problem = bd.finish_problem(state["sheet"], state["phase"])
            if problem:
                return f"the character is not finished: {problem} (Character Creation)"
        if kind in ("armor", "shield") and state["combat"]:
            return "armor and shields change outside combat (PG, Health and Armor)"
        if kind == "quick_rest" and state["quick_rests"] >= 2:
            return "only two Quick Rests per Full Rest (PG, Rests)"
        if kind == "fate_redraw" and state["draw"] and state["draw"]["redrawn"]:
            return "only one redraw per check (PG, Fate Cards 3)"
        return super().explain(state, action)

    # -- apply ------------------------------------------------------------------------------
    def _apply(self, state: State, action: Action, rng: Rng) -> None:
        if action["type"] != "redraw_tc":
            state.pop("tc_fresh", None)     # the Target Card's redraw is offered right after it only
        if state["combat"] and action["type"] in MY_TURN:
            state["acted"] = state["turn"]   # my turn has begun (deck.next_turn_end)
        HANDLERS[action["type"]](state, action, rng)
        state["steps"] = state.get("steps", 0) + 1
        del state["log"][:-60]

    # -- view -------------------------------------------------------------------------------
    def view(self, state: State, seat: str) -> dict[str, Any]:
        from .view import build_view
        return build_view(state, self.legal_actions(state))

    # -- random playthroughs ------------------------------------------------------------------
    def sim_options(self, rng: Rng) -> dict[str, Any]:
        comp = rng.choice(["", "", *sorted(sh.companions())])
        if rng.below(4) == 0:
            return {"character": "custom", "name": "", "companion": comp}
        return {"character": rng.choice(sorted(sh.premades())), "name": "", "companion": comp}

    def sim_choose(self, state: State, legal: list[Action], rng: Rng) -> Action:
        from .sim import choose
        return choose(state, legal, rng)


def do_end_session(s: State, a: Action, rng: Rng) -> None:
    s["phase"] = "over"
    s["log"].append("The session ends.")


HANDLERS["end_session"] = do_end_session
GAME = register(DofaGame())


def _whole(v: Any, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def _check_reachable(state: State, fresh: State) -> None:
    """What the rules cannot reach (issue 28: a checkpoint read back from storage): a phase
    of the game, a level of 1 to 10 (Leveling up), counts that are never negative, and the
    companion the options chose with its HP and AP within their maximum (Companions)."""
    if state["phase"] not in ("build", "levelup", "play", "rest", "over"):
        raise ValueError(f"unknown phase {excerpt(state['phase'], 20)}")
    if not _whole(state["sheet"].get("level"), 1, 10):
        raise ValueError("a sheet's level is 1 to 10 (Leveling up)")
    for key in ("hp", "ap", "pp", "fatigue", "poison", "quick_rests", "rest_cards", "toughen", "turn"):
        if not _whole(state[key], 0, 10_000):
            raise ValueError(f"{key} is a count of 0 or more")
    comp, chosen = state["companion"], fresh["companion"]
    if bool(comp) != bool(chosen) or (comp and comp.get("id") != chosen.get("id")):
        raise ValueError("the companion is not the one the game's options chose (Companions)")
    if comp and not (_whole(comp.get("hp"), 0, comp.get("hp_max", 0)) and _whole(comp.get("ap"), 0, comp.get("ap_max", 0))):
        raise ValueError("a companion's HP and AP are 0 to their maximum (Companions)")
