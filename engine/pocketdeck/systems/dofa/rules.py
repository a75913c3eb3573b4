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
# and Exchange Fate, a Free Action "on a turn" (review dofa-phone-2026-12-07 #15)
MY_TURN = frozenset({"draw", "power", "discard_power", "intensify", "use_item", "shield", "exchange_fate"})
__all__ = ["CONDITIONS", "DofaGame", "GAME", "HANDLERS"]


class DofaGame(Game):
    name = "dofa"
    title = "Deck of Adventures"
    schema_version = 2  # 2: review dofa-phone-2026-12-07 (Rest Cards' points land when the Quick
    # Rest is completed; a potion, a weapon change, getting up, the Burned save and a companion
    # spend the turn's Minor Action; at most 3 AP; Exchange Fate begins my turn; Intensify ends
    # with the combat; Fatigue 5 stays Knocked Out), so a game of format 1 may replay otherwise
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
            acts += [{"type": "rest_end"}, {"type": "rest_pause"}]
            return acts + fate.fate_actions(s)
        acts += checkflow.draft_actions(s)
        acts += fate.fate_actions(s)
        ko = s["ko"]
        acts += [{"type": "damage", "amount": n, "bypass": b} for b in (False, True) for n in DAMAGE]
        if not ko and s["hp"] < s["sheet"]["hp_max"]:
            acts += [{"type": "heal", "amount": n} for n in (1, 2)]
        if ko:
            if s["fatigue"] < health.FATIGUE_KO:
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
                acts += gear.combat_actions(s)     # a shield readied: the turn's Minor Action
        if not ko:
            acts += combat.power_actions(s)
            acts += conditions.condition_actions(s, bool(own_tc(s)))
            if not own_tc(s) and drawable(s) >= 1:
                acts.append({"type": "draw_tc"})
            acts += [{"type": "light", "light": x} for x in combat.LIGHTS if x != s["light"]]
            acts += combat.weapon_actions(s)
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
        ko = state["ko"]
        if kind in ("tc_rank", "tc_suit", "draw") and ko and state["combat"] and not ko["stable"] \
                and not checkflow.epic_open(state):
            return ("Knocked Out: one Epic Event check a turn, from the turn after the one the "
                    "Dealer was Knocked Out in (PG, Epic Events: \"their subsequent turns are replaced\")")
        if kind in ("armor", "shield") and state["phase"] == bd.CREATION:
            return ("a new character may start with Light armor and a Standard shield; other armor is "
                    "acquired over the Adventures (GMG, Items, Armor)")
        if kind == "armor" and state["combat"]:
            return ("armor is put on or taken off outside combat: no In Combat Action dons armor "
                    "(PG, In Combat Actions; only a shield is readied in combat, GMG, Items, Armor)")
        if kind in ("shield", "discard_power", "intensify") and state["combat"] and state["ko"]:
            return "Knocked Out: the Epic Event's checks replace the Dealer's turns (PG, Epic Events)"
        if gear.minor_spent(state) and _minor(state, action):
            return ("this turn's Minor Action is already spent (PG, In Combat Actions: 1 Minor Action "
                    "a turn; readying a shield, a Discard Power, a potion, changing weapons, getting up, "
                    "the Burned save and commanding a companion are each one)")
        if kind == "use_item" and state["combat"] and action.get("item") == items.FEAST:
            return "a Meal takes 10 minutes: not in combat (GMG, Consumables)"
        if kind == "treated" and state["ko"] and state["fatigue"] >= health.FATIGUE_KO:
            return "Fatigue 5 is Knocked Out until a Full Rest removes it (PG, Fatigue)"
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


def _minor(state: State, action: Action) -> bool:
    """The action would spend the turn's Minor Action (gear.spend_minor's list)."""
    kind = action.get("type")
    if kind in ("shield", "discard_power", "intensify", "weapon"):
        return True
    if kind == "use_item":
        return items.USE_TIME.get(action.get("item")) == "Minor Action"
    if kind == "condition":
        return action.get("name") == "Knocked Down" and "Knocked Down" in state["conditions"]
    if kind == "condition_save":
        return conditions.CONDITIONS.get(action.get("name"), {}).get("when") == conditions.MINOR
    if kind in ("draw", "who"):
        return state["draft"].get("who", "me") == "companion" or action.get("who") == "companion"
    return False


def do_end_session(s: State, a: Action, rng: Rng) -> None:
    s["phase"] = "over"
    s["log"].append("The session ends.")


HANDLERS["end_session"] = do_end_session
GAME = register(DofaGame())


def _whole(v: Any, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def _check_reachable(state: State, fresh: State) -> None:
    """What the rules cannot reach (issue 28: a checkpoint read back from storage): a phase
    of the game, a level of 1 to 10 (Leveling up), counts that are never negative, the sheet
    the rules can build (``_check_sheet``, issue 47), and the companion the options chose
    with its HP and AP within their maximum (Companions)."""
    if state["phase"] not in ("build", "levelup", "play", "rest", "over"):
        raise ValueError(f"unknown phase {excerpt(state['phase'], 20)}")
    if not _whole(state["sheet"].get("level"), 1, 10):
        raise ValueError("a sheet's level is 1 to 10 (Leveling up)")
    for key in ("hp", "ap", "pp", "fatigue", "poison", "quick_rests", "rest_cards", "toughen", "turn"):
        if not _whole(state[key], 0, 10_000):
            raise ValueError(f"{key} is a count of 0 or more")
    _check_sheet(state, fresh)
    _check_points(state)
    comp, chosen = state["companion"], fresh["companion"]
    if bool(comp) != bool(chosen) or (comp and comp.get("id") != chosen.get("id")):
        raise ValueError("the companion is not the one the game's options chose (Companions)")
    if comp and not (_whole(comp.get("hp"), 0, comp.get("hp_max", 0)) and _whole(comp.get("ap"), 0, comp.get("ap_max", 0))):
        raise ValueError("a companion's HP and AP are 0 to their maximum (Companions)")


def _check_points(state: State) -> None:
    """What the rules never reach in play (review dofa-phone-2026-12-07 #8): HP 0 is
    Knocked Out and Knocked Out is HP 0 (PG, Health and Armor: "wounded beyond their health
    pool, they are Knocked Out"; Fatigue 5 keeps the Dealer down with HP, until a Full
    Rest); Fatigue 5 is Knocked Out (PG, Fatigue); two failed Epic Event checks are Dead
    (PG, Epic Events); at most 3 AP (GMG, Managing Player Resources); weapon damage 1 to 4
    (GMG, Weapon Quality Table); a Help or Thwart received of 1 to 4 (PG, Discard Powers:
    "up to a limit of 4" cards a level, the cap's bonus at most 4); a pending Intensify only
    in combat (PG, Discard Powers)."""
    ko, dead, hp = state["ko"], state["dead"], state["hp"]
    if not isinstance(dead, bool) or (dead and state["phase"] != "over"):
        raise ValueError("a Dead character's session is over (PG, Epic Events)")
    if ko is not None:
        counts = [ko.get(k) for k in ("turns", "successes", "failures")] if isinstance(ko, dict) else [None]
        if not all(_whole(n, 0, 10_000) for n in counts) or not _whole(ko["successes"], 0, 2) \
                or not _whole(ko["failures"], 0, 2):
            raise ValueError("an Epic Event counts 0 to 2 successes and failures (PG, Epic Events)")
        if ko["failures"] >= 2 and not dead:
            raise ValueError("two failed Epic Event checks and still alive (PG, Epic Events: \"fail two ... Dead\")")
        if hp > 0 and state["fatigue"] < health.FATIGUE_KO:
            raise ValueError(f"Knocked Out with {hp} HP (PG, Health and Armor: Knocked Out at 0 HP)")
    elif not dead and state["phase"] != bd.CREATION:
        if hp == 0:
            raise ValueError("HP 0 and not Knocked Out (PG, Health and Armor: \"wounded beyond their "
                             "health pool, they are Knocked Out\")")
        if state["fatigue"] >= health.FATIGUE_KO:
            raise ValueError("Fatigue 5 and not Knocked Out (PG, Fatigue: \"5. Knocked Out\")")
    if state["ap"] > gear.AP_MAX:
        raise ValueError(f"ap {state['ap']} is above the maximum of {gear.AP_MAX} (GMG, Managing Player Resources)")
    if not _whole(state["weapon"], min(combat.WEAPONS), max(combat.WEAPONS)):
        raise ValueError("a weapon does 1 to 4 damage (GMG, Weapon Quality Table)")
    got = state["received"]
    top = sh.discard_cap(10) // 2
    if got is not None and not (isinstance(got, dict) and got.get("power") in conditions.RECEIVED
                                and _whole(got.get("n"), 1, top)
                                and (got.get("until") is None or _whole(got.get("until"), 0, 10_000))):
        raise ValueError(f"a Help or Thwart received is 1 to {top} (PG, Discard Powers)")
    if state["intensify"] and not state["combat"]:
        raise ValueError("a pending Intensify outside combat (PG, Discard Powers: \"benefits in combat\")")


def _sheet_cost(sheet: dict[str, Any]) -> int:
    """The XP the sheet's choices cost: each attribute from where it starts (0, or where a
    Stats vulnerability puts it), each skill's own points, each power."""
    starts = dict(bd.stat_start(v) or ("", 0) for v in sheet["vulnerabilities"])
    return (sum(sh.modifier_cost("attribute", v) - sh.modifier_cost("attribute", starts.get(a, 0))
                for a, v in sheet["attrs"].items())
            + sum(sh.modifier_cost("skill", v) for v in sheet["own"].values())
            + sum(sh.powers()[p]["xp"] for p in sheet["powers"]))


def _check_sheet(state: State, fresh: State) -> None:
    """A checkpoint's sheet is checked like a sheet record (keep.py), by what its steps could
    have made, since the steps before a checkpoint are gone (issue 47): the attributes and
    skills within -2 and the level's cap (Character Creation), powers and vulnerabilities
    of the content, the armor and shield of the tables, every derived number (HP, AP, AR,
    PP, speed, skill totals) as the rules compute it, the XP the choices cost within what
    the level gives (a premade's own spending at its level, + 3 a level), and the points
    in play within their maximum (HP, PP, Rest Cards; two Quick Rests; Fatigue 5).
    ValueError names the rule."""
    sheet, start = state["sheet"], fresh["sheet"]
    level = sheet["level"]
    if sheet.get("id") != start.get("id"):
        raise ValueError("the sheet is not the character the game's options chose")
    attrs, own = sheet.get("attrs"), sheet.get("own")
    if not (isinstance(attrs, dict) and sorted(attrs) == sorted(sh.ATTRIBUTES)
            and isinstance(own, dict) and sorted(own) == sorted(sh.SKILLS)):
        raise ValueError("a sheet holds the six attributes and ten skills (Attributes, Skills, and Modifiers)")
    top = sh.cap(level)
    for a, v in attrs.items():
        if not (type(v) is int and -2 <= v <= top):
            raise ValueError(f"{sh.NAMES[a]} {excerpt(v, 10)}: a level {level} modifier is -2 to "
                             f"+{top} (Character Creation, Leveling up)")
    for k, v in own.items():
        if not (type(v) is int and -2 <= v <= 6 and -2 <= attrs[sh.SKILL_OF[k]] + v <= top):
            raise ValueError(f"{k}: a level {level} modifier is -2 to +{top} (Character Creation, Leveling up)")
    if not (isinstance(sheet.get("powers"), list) and all(p in sh.powers() for p in sheet["powers"])
            and len(set(sheet["powers"])) == len(sheet["powers"])):
        raise ValueError("the sheet holds a power the game does not have, or one twice")
    vulns = sheet.get("vulnerabilities")
    if not (isinstance(vulns, list) and all(isinstance(v, str) for v in vulns)
            and (sheet["id"] != "custom" or all(v in sh.vulnerabilities() for v in vulns))
            and (sheet["id"] == "custom" or vulns == start["vulnerabilities"])):
        raise ValueError("the sheet's vulnerabilities are not ones the game gives it (Vulnerabilities)")
    if sheet.get("armor") not in (None, *gear.armor_rows()) or not isinstance(sheet.get("shield"), bool) \
            or sheet.get("shield_quality", gear.standard()) not in gear.shields():
        raise ValueError("the sheet's armor or shield is not of the Armor and Shield tables (GMG, Items)")
    if sheet.get("role") not in sh.ROLES and not (sheet.get("role") is None and state["phase"] == bd.CREATION):
        raise ValueError("the sheet has no Role (Character Creation)")
    again = {**sheet, "skills": dict(sheet.get("skills") or {}), "attrs": dict(attrs)}
    bd.derive(again)
    for key in ("skills", "hp_max", "ap_max", "ar", "pp_max", "speed"):
        if again[key] != sheet.get(key):
            raise ValueError(f"the sheet's {key} is not what its choices give "
                             f"(PG, Health and Armor; Attributes, Skills, and Modifiers)")
    vuln_xp = sheet.get("vuln_xp")
    if not (isinstance(vuln_xp, dict) and all(type(x) is int and x in (1, 2) for x in vuln_xp.values())
            and set(vuln_xp) <= set(vulns)):
        raise ValueError("the XP taken for vulnerabilities is 1 or 2 each (Vulnerabilities)")
    per = sh.tables()["experience"]["per_level"]
    budget = (sh.total_xp(level) if sheet["id"] == "custom"
              else _sheet_cost(start) + per * (level - start["level"]))
    if level < start["level"] or type(sheet.get("xp_left")) is not int or \
            sheet["xp_left"] + _sheet_cost(sheet) - sum(vuln_xp.values()) != budget:
        raise ValueError(f"the sheet's choices and XP left are not what level {level} gives "
                         "(Character Creation, Leveling up)")
    if state["phase"] != bd.CREATION and sheet["xp_left"] < 0:
        raise ValueError("more XP spent than the character has (Character Creation)")
    # (AP is bound by the GMG's 3, not max AP: a Fortifying Feast gives AP above the armor's, 07_Items)
    tops = {"hp": sheet["hp_max"], "rest_cards": sheet["hp_max"],
            "quick_rests": 2, "fatigue": 5}
    if state["phase"] != bd.LEVELUP:       # a re-spec gives PP back at Done
        tops["pp"] = sheet["pp_max"]
    for key, most in tops.items():
        if state[key] > most:
            raise ValueError(f"{key} {state[key]} is above its maximum {most} (PG, Health and Armor; Rests; Fatigue)")
