"""Deck of Adventures, the player's phone: the 54-card Action Deck, the sheet, and every
check the GM calls (PG = Full Player's Guide, 002_...; GMG = GM's Guide, 001_...).

The state holds the piles (deck, discard, fate hand, Jokers set aside, my Target Card, the
cards of the draw in progress), the sheet and its current points, and a *draft*: the check
the GM names is entered one tap at a time (kind, TC rank, TC suit, stat, DR, Upper/Lower
Hand), so every choice is one enumerated legal action. Rules text lives in docs/rules/dofa.md.
"""

from __future__ import annotations

from typing import Any

from ...core.cards import Card, SUITS, Rank, standard_deck
from ...core.game import Action, Game, IllegalAction, State, register
from ...core.rng import Rng
from . import checks as ck
from . import sheet as sh

KINDS = ("check", "contest", "save")
DRS: tuple[int, ...] = (-2, -1, 0, 1, 2, 3, 4, 5, 6)
ATTACKER_MODS: tuple[int, ...] = tuple(range(-2, 7))
HANDS: tuple[int, ...] = (-3, -2, -1, 0, 1, 2, 3)
DAMAGE: tuple[int, ...] = (1, 2, 3)
CONDITIONS: dict[str, dict[str, Any]] = {
    # name: the save it prompts (attribute, DR 3), when, and what the save result does
    "Stunned": {"save": "CON", "when": "start of turn", "ends": True},
    "Entangled": {"save": "STR", "when": "a Major Action", "ends": True},
    "Knocked Down": {"save": None, "when": "a Minor Action to get up"},
    "Blinded": {"save": "GUT", "when": "start of turn"},
    "Deafened": {"save": "GUT", "when": "start of turn"},
    "Burned": {"save": "GUT", "when": "a Minor Action", "ends": True, "fail_damage": 1},
    "Poisoned": {"save": "VIT", "when": "start of turn", "ends": True, "fail_discard": True},
    "Frozen": {"save": "STR", "when": "end of turn", "ends": True},
    "Suffocating": {"save": "VIT", "when": "start of turn", "fail_damage": 2, "pass_damage": 1},
    "Charmed": {"save": "GUT", "when": "start of turn or on damage"},
    "Enthralled": {"save": "CON", "when": "start of turn or on damage"},
    "Grappled": {"save": None, "when": "a contested Brute or Finesse check"},
    "Invisible": {"save": None, "when": ""},
    "Hidden": {"save": None, "when": ""},
    # the environment (PG, Interacting with the Environment)
    "Challenging Terrain": {"save": None, "when": ""},
    "Partially Covered": {"save": None, "when": ""},
    "Fully Covered": {"save": None, "when": ""},
}
LIGHTS = ("bright", "partial", "full")     # light, partial darkness, full darkness
FALLS: tuple[int, ...] = (2, 4, 6)
RANKS = [r.code for r in Rank]


def _blank_draft(kind: str = "check") -> dict[str, Any]:
    return {"kind": kind, "rank": None, "suit": None, "stat": None, "dr": None,
            "hidden": False, "attacker": None, "hand": 0, "condition": None}


class DofaGame(Game):
    name = "dofa"
    title = "Deck of Adventures"
    sim_step_cap = 400

    # -- setup ----------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"character": "Spades1", "name": ""}

    def check_options(self, options: dict[str, Any]) -> None:
        if options.get("character") not in sh.premades():
            raise IllegalAction(f"character: {options.get('character')!r} is not a premade character")
        if not isinstance(options.get("name"), str) or len(options["name"]) > 40:
            raise IllegalAction("name: up to 40 characters of text")

    def _new(self, options: dict[str, Any], rng: Rng) -> State:
        sheet = sh.sheet_from_premade(options["character"], options["name"].strip())
        deck = standard_deck()
        rng.shuffle(deck)
        return {
            "sheet": sheet, "phase": "play",
            "deck": deck, "discard": [], "fate": ["RJ", "BJ"], "aside": [], "tc": [],
            "drawing": [],
            "hp": sheet["hp_max"], "ap": sheet["ap_max"], "pp": sheet["pp_max"],
            "fatigue": 0, "quick_rests": 0, "rest_cards": 0,
            "combat": False, "turn": 0, "conditions": [], "poison": 0,
            "light": "bright", "fall_speed": 0,
            "ko": None, "dead": False, "toughen": 0, "toughen_turn": None,
            "draft": _blank_draft(), "draw": None, "gain": None, "last": None,
            "log": [f"{sheet['name']} shuffles the Action Deck; both Jokers in hand as Fate Cards."],
        }

    def seats(self, state: State) -> list[str]:
        return ["player"]

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: State) -> str:
        return "dead" if state["dead"] else "ended"

    def card_total(self, state: State) -> int:
        return sum(len(state[p]) for p in ("deck", "discard", "fate", "aside", "tc", "drawing"))

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        if state["phase"] == "over":
            return []
        if state["draw"] is not None:
            return self._draw_actions(state)
        if state["gain"] is not None:
            return [{"type": "rest_gain", "hp": hp, "pp": pp} for hp, pp in _gains(state)]
        acts: list[Action] = []
        if state["phase"] == "rest":
            if state["rest_cards"] > 0 and _drawable(state) >= 1:
                acts.append({"type": "rest_draw"})
            acts.append({"type": "rest_end"})
            return acts + self._fate_actions(state)
        acts += self._draft_actions(state)
        acts += self._fate_actions(state)
        ko = state["ko"]
        acts += [{"type": "damage", "amount": n, "bypass": b} for b in (False, True) for n in DAMAGE]
        if not ko and (state["hp"] < state["sheet"]["hp_max"]):
            acts += [{"type": "heal", "amount": n} for n in (1, 2)]
        if ko:
            acts.append({"type": "treated"})
        if not state["combat"]:
            acts.append({"type": "start_combat"})
            if not ko and state["quick_rests"] < 2 and _own_tc(state):
                acts.append({"type": "quick_rest"})
            acts.append({"type": "full_rest"})
        else:
            acts += [{"type": "end_turn"}, {"type": "end_combat"}]
        if not ko:
            acts += self._power_actions(state)
            for name, rule in CONDITIONS.items():
                acts.append({"type": "condition", "name": name})
                if name in state["conditions"] and rule["save"] and _own_tc(state):
                    acts.append({"type": "condition_save", "name": name})
            if not _own_tc(state):
                acts.append({"type": "draw_tc"})
            acts += [{"type": "light", "light": x} for x in LIGHTS if x != state["light"]]
            acts += [{"type": "fall", "spaces": n} for n in FALLS]
        if state["discard"]:
            acts.append({"type": "award_fate"})
        acts.append({"type": "end_session"})
        return acts

    def _draft_actions(self, state: State) -> list[Action]:
        d = state["draft"]
        acts: list[Action] = []
        if state["ko"]:
            # PG, Epic Events: a Knocked Out Dealer's turns are DR 4 Vitality checks
            # against the GM's TC (out of combat: wait for treatment or a rest)
            if not state["combat"]:
                return []
            acts += [{"type": "tc_rank", "rank": r} for r in RANKS]
            acts += [{"type": "tc_suit", "suit": s.value} for s in SUITS]
            if d["rank"] and d["suit"] and _drawable(state) >= 1 + int(state["ko"]["damaged"]):
                acts.append({"type": "draw"})
            return acts
        acts += [{"type": "kind", "kind": k} for k in KINDS if k != d["kind"]]
        if d["kind"] != "save":
            acts += [{"type": "tc_rank", "rank": r} for r in RANKS]
            acts += [{"type": "tc_suit", "suit": s.value} for s in SUITS]
        stats = sh.ATTRIBUTES if d["kind"] == "save" else sh.ATTRIBUTES + sh.SKILLS
        acts += [{"type": "stat", "stat": s} for s in stats]
        if d["kind"] == "contest":
            acts += [{"type": "attacker", "mod": m} for m in ATTACKER_MODS]
        else:
            drs: list[int | None] = list(DRS) if d["kind"] == "check" else list(range(0, 7))
            if d["kind"] == "check":
                drs.append(None)
            acts += [{"type": "dr", "dr": v} for v in drs]
        acts += [{"type": "hand", "hand": h} for h in HANDS]
        if _ready(state) and _drawable(state) >= 1 + abs(_net_hand(state)):
            acts.append({"type": "draw"})
        return acts

    def _draw_actions(self, state: State) -> list[Action]:
        dr = state["draw"]
        if dr["to_go"] > 0:
            acts: list[Action] = [{"type": "draw_more"}]
            if dr["hand"] > 0:
                acts.append({"type": "stop"})    # Upper Hand may stop early
            return acts
        acts = [{"type": "accept"}]
        if not dr["redrawn"] and _drawable(state) >= dr["k"]:
            acts += [{"type": "fate_redraw", "card": c} for c in _distinct(state["fate"])]
        return acts

    def _fate_actions(self, state: State) -> list[Action]:
        acts: list[Action] = []
        for c in _distinct(state["fate"]):
            if state["toughen"] > 0:
                acts.append({"type": "toughen_up", "card": c})
            if state["pp"] < state["sheet"]["pp_max"] and not state["ko"]:
                acts.append({"type": "exchange_fate", "card": c})
        return acts

    def _power_actions(self, state: State) -> list[Action]:
        acts: list[Action] = []
        factor = 2 if state["fatigue"] >= 4 else 1
        for pid in state["sheet"]["powers"]:
            for pp in sorted(set(sh.powers()[pid]["pp"])):
                if pp * factor <= state["pp"]:
                    acts.append({"type": "power", "power": pid, "pp": pp})
        n = 2
        while n <= sh.discard_cap(state["sheet"]["level"]):
            if _drawable(state) >= n and state["sheet"]["role"] != "Caster":
                acts.append({"type": "discard_power", "cards": n})
            n += 2
        return acts

    def explain(self, state: State, action: Action) -> str:
        kind = action.get("type") if isinstance(action, dict) else None
        if kind == "draw" and state["draft"]["dr"] is not None and _ready(state) is False:
            e = _effective(state)
            if e is not None and not ck.can_attempt(e):
                return f"Effective Difficulty Range {e}: a check needs an EDR of -2 or more (PG, Effective Difficulty Range)"
        if kind == "quick_rest" and state["quick_rests"] >= 2:
            return "only two Quick Rests per Full Rest (PG, Rests)"
        if kind == "fate_redraw" and state["draw"] and state["draw"]["redrawn"]:
            return "only one redraw per check (PG, Fate Cards 3)"
        return super().explain(state, action)

    # -- apply ------------------------------------------------------------------------------
    def _apply(self, state: State, action: Action, rng: Rng) -> None:
        getattr(self, "_do_" + action["type"])(state, action, rng)
        state["steps"] = state.get("steps", 0) + 1
        del state["log"][:-60]

    def _do_kind(self, s: State, a: Action, rng: Rng) -> None:
        s["draft"] = dict(_blank_draft(a["kind"]), hand=s["draft"]["hand"])

    def _do_tc_rank(self, s: State, a: Action, rng: Rng) -> None:
        s["draft"]["rank"] = a["rank"]

    def _do_tc_suit(self, s: State, a: Action, rng: Rng) -> None:
        s["draft"]["suit"] = a["suit"]

    def _do_stat(self, s: State, a: Action, rng: Rng) -> None:
        s["draft"]["stat"] = a["stat"]

    def _do_dr(self, s: State, a: Action, rng: Rng) -> None:
        s["draft"]["dr"] = a["dr"]
        s["draft"]["hidden"] = a["dr"] is None

    def _do_attacker(self, s: State, a: Action, rng: Rng) -> None:
        s["draft"]["attacker"] = a["mod"]

    def _do_hand(self, s: State, a: Action, rng: Rng) -> None:
        s["draft"]["hand"] = a["hand"]

    def _do_draw_tc(self, s: State, a: Action, rng: Rng) -> None:
        card = _take(s, rng)
        s["drawing"].remove(card)
        s["tc"].append(card)
        s["log"].append(f"Draws a Target Card: {_name(card)}.")

    def _do_draw(self, s: State, a: Action, rng: Rng) -> None:
        d = s["draft"]
        ko = s["ko"]
        if ko:
            tc, stat, dr, hand = d["rank"] + d["suit"], "VIT", 4, -1 if ko["damaged"] else 0
            kind = "epic"
        else:
            kind, stat, hand = d["kind"], d["stat"], _net_hand(s)
            tc = _own_tc(s) if kind == "save" else d["rank"] + d["suit"]
            dr = ck.contest_dr(d["attacker"]) if kind == "contest" else d["dr"]
        self._start_draw(s, rng, kind=kind, tc=tc, stat=stat, dr=dr, hand=hand,
                         condition=d.get("condition"))

    def _start_draw(self, s: State, rng: Rng, *, kind: str, tc: str, stat: str | None,
                    dr: int | None, hand: int, condition: str | None = None) -> None:
        mod = sh.modifier(s["sheet"], stat)
        effective = None if dr is None else ck.edr(dr, mod)
        k = 1 + abs(hand)
        s["draw"] = {"kind": kind, "tc": tc, "stat": stat, "dr": dr, "modifier": mod,
                     "effective": effective, "hand": hand, "k": k, "cards": [],
                     "to_go": k, "redrawn": False, "condition": condition}
        self._deal(s, rng)

    def _deal(self, s: State, rng: Rng) -> None:
        """Draw the cards of a check: Lower Hand all at once, Upper Hand one at a time
        (the player may stop early), a single card at once."""
        dr = s["draw"]
        n = 1 if dr["hand"] > 0 else dr["to_go"]
        for _ in range(n):
            dr["cards"].append(_take(s, rng))
            dr["to_go"] -= 1
        if dr["to_go"] == 0 or (dr["hand"] > 0 and dr["effective"] is not None
                                and ck.degree(_kept(dr), dr["tc"], dr["effective"]) == 0):
            dr["to_go"] = 0     # nothing beats a Critical: the rest are not drawn

    def _do_draw_more(self, s: State, a: Action, rng: Rng) -> None:
        self._deal(s, rng)

    def _do_stop(self, s: State, a: Action, rng: Rng) -> None:
        s["draw"]["to_go"] = 0

    def _do_fate_redraw(self, s: State, a: Action, rng: Rng) -> None:
        """PG, Fate Cards 3: discard one held Fate Card and redraw; one redraw per check.
        The whole draw is repeated with the same Upper/Lower Hand and the redraw stands."""
        dr = s["draw"]
        _spend_fate(s, a["card"])
        _settle(s, dr["cards"])
        s["log"].append(f"Spends {_name(a['card'])} to redraw (was {_name(_kept(dr))}).")
        dr.update(cards=[], to_go=dr["k"], redrawn=True)
        self._deal(s, rng)

    def _do_accept(self, s: State, a: Action, rng: Rng) -> None:
        dr = s["draw"]
        s["draw"] = None
        kept = _kept(dr)
        result = _grade(dr, kept)
        _settle(s, dr["cards"])
        s["last"] = result
        s["log"].append(result["summary"])
        kind = dr["kind"]
        if kind == "rest":
            s["rest_cards"] -= 1
            s["gain"] = 2 if result["success"] else 1
            return
        if kind == "epic":
            self._epic(s, result)
            return
        if kind == "check" and dr["stat"] == "Stealth" and result["success"] is not None:
            if result["success"] and "Hidden" not in s["conditions"]:
                s["conditions"].append("Hidden")
            elif not result["success"] and "Hidden" in s["conditions"]:
                s["conditions"].remove("Hidden")
        if dr["condition"]:
            self._condition_result(s, dr["condition"], bool(result["success"]), rng)
        s["draft"] = dict(_blank_draft(s["draft"]["kind"]), hand=0)

    def _epic(self, s: State, result: dict[str, Any]) -> None:
        """PG, Epic Events: two successes -> stable; two failures -> Dead; a Major -> 1 HP;
        a Critical -> 1 HP and up to 3 PP."""
        ko = s["ko"]
        deg = result["degree"]
        s["draft"] = _blank_draft()
        if deg in (0, 1):
            s["hp"] = 1
            if deg == 0:
                s["pp"] = min(s["sheet"]["pp_max"], s["pp"] + 3)
            s["ko"] = None
            s["log"].append("Wakes with 1 HP" + (" and up to 3 PP." if deg == 0 else "."))
            return
        if result["success"]:
            ko["successes"] += 1
        else:
            ko["failures"] += 1
        if ko["failures"] >= 2:
            s["dead"] = True
            s["phase"] = "over"
            s["log"].append("Two failed Epic Event checks: Dead.")
        elif ko["successes"] >= 2:
            ko["stable"] = True
            s["log"].append("Two successes: stable, still Knocked Out until treated.")

    def _condition_result(self, s: State, name: str, passed: bool, rng: Rng) -> None:
        rule = CONDITIONS[name]
        if passed and rule.get("ends") and name in s["conditions"]:
            s["conditions"].remove(name)
            if name == "Poisoned":
                s["poison"] = 0
            s["log"].append(f"{name} ends.")
        if passed and rule.get("pass_damage"):
            self._hurt(s, rule["pass_damage"], True)
        if not passed and rule.get("fail_damage"):
            self._hurt(s, rule["fail_damage"], True)
        if not passed and rule.get("fail_discard"):
            n = min(s["poison"] + 1, _drawable(s))
            cards = [_take(s, rng) for _ in range(n)]
            _settle(s, cards)
            s["log"].append(f"Poisoned {s['poison']}: discards {n} card(s).")

    def _do_damage(self, s: State, a: Action, rng: Rng) -> None:
        self._hurt(s, a["amount"], a["bypass"])

    def _hurt(self, s: State, amount: int, bypass: bool) -> None:
        """PG, Health and Armor: AP first unless the damage bypasses it; at 0 HP Knocked
        Out; a Knocked Out Dealer damaged again draws the Epic Event at Lower Hand."""
        to_ap = 0 if bypass else min(s["ap"], amount)
        s["ap"] -= to_ap
        to_hp = min(s["hp"], amount - to_ap)
        s["hp"] -= to_hp
        s["toughen"] += to_ap + to_hp
        s["toughen_turn"] = s["turn"] + 1
        if "Hidden" in s["conditions"]:
            s["conditions"].remove("Hidden")
        s["log"].append(f"Takes {amount} damage ({to_ap} AP, {to_hp} HP"
                        + (", bypassing AP)." if bypass else ")."))
        if s["ko"]:
            s["ko"]["damaged"] = True
        elif s["hp"] == 0:
            s["ko"] = {"turns": 0, "successes": 0, "failures": 0, "damaged": False, "stable": False}
            s["draft"] = _blank_draft()
            s["log"].append("Knocked Out.")

    def _do_heal(self, s: State, a: Action, rng: Rng) -> None:
        s["hp"] = min(s["sheet"]["hp_max"], s["hp"] + a["amount"])
        if s["hp"] == s["sheet"]["hp_max"]:
            s["fall_speed"] = 0
        s["log"].append(f"Heals {a['amount']} HP.")

    def _do_treated(self, s: State, a: Action, rng: Rng) -> None:
        s["ko"] = None
        s["hp"] = max(s["hp"], 1)
        s["log"].append("Treated: wakes with 1 HP.")

    def _do_toughen_up(self, s: State, a: Action, rng: Rng) -> None:
        """PG, Fate Cards 4.3: ignore one damage per Fate Card, until the end of the
        player's next turn after the damage. HP is given back before AP."""
        _spend_fate(s, a["card"])
        s["toughen"] -= 1
        if s["hp"] < s["sheet"]["hp_max"]:
            s["hp"] += 1
        else:
            s["ap"] = min(s["sheet"]["ap_max"], s["ap"] + 1)
        if s["ko"] and s["hp"] > 0:
            s["ko"] = None
        s["log"].append(f"Toughens Up with {_name(a['card'])}: ignores 1 damage.")

    def _do_exchange_fate(self, s: State, a: Action, rng: Rng) -> None:
        _spend_fate(s, a["card"])
        s["pp"] += 1
        s["log"].append(f"Exchanges Fate ({_name(a['card'])}) for 1 PP.")

    def _do_award_fate(self, s: State, a: Action, rng: Rng) -> None:
        card = s["discard"].pop()
        s["fate"].append(card)
        s["log"].append(f"The GM awards a Fate Card: {_name(card)} from the discard pile.")

    def _do_power(self, s: State, a: Action, rng: Rng) -> None:
        cost = a["pp"] * (2 if s["fatigue"] >= 4 else 1)
        s["pp"] -= cost
        for gone in ("Hidden", "Invisible"):
            if gone in s["conditions"]:
                s["conditions"].remove(gone)
        s["log"].append(f"Uses {sh.powers()[a['power']]['name']} ({cost} PP, spent even on a miss).")

    def _do_discard_power(self, s: State, a: Action, rng: Rng) -> None:
        cards = [_take(s, rng) for _ in range(a["cards"])]
        _settle(s, cards)
        power = sh.tables()["roles"][s["sheet"]["role"]]["discard"]
        s["log"].append(f"{power}: discards {a['cards']} cards for Upper/Lower Hand {a['cards'] // 2}.")

    def _do_condition(self, s: State, a: Action, rng: Rng) -> None:
        name = a["name"]
        if name in s["conditions"]:
            if name == "Poisoned":
                s["poison"] -= 1
                if s["poison"] > 0:
                    s["log"].append(f"Poisoned {s['poison']}.")
                    return
            s["conditions"].remove(name)
            s["log"].append(f"No longer {name}.")
        else:
            other = {"Partially Covered": "Fully Covered", "Fully Covered": "Partially Covered"}.get(name)
            if other in s["conditions"]:
                s["conditions"].remove(other)
            s["conditions"].append(name)
            if name == "Poisoned":
                s["poison"] = 1
            s["log"].append(f"Now {name}.")
        if name == "Poisoned" and name not in s["conditions"]:
            s["poison"] = 0

    def _do_light(self, s: State, a: Action, rng: Rng) -> None:
        s["light"] = a["light"]
        s["log"].append({"bright": "In the light.", "partial": "In partial darkness.",
                         "full": "In full darkness."}[a["light"]])

    def _do_fall(self, s: State, a: Action, rng: Rng) -> None:
        """PG, Falling: 1 damage and -1 speed per 2 spaces fallen, and Knocked Down; the
        speed comes back after a rest or when healed to full."""
        n = a["spaces"] // 2
        s["log"].append(f"Falls {a['spaces']} spaces.")
        s["fall_speed"] += n
        if "Knocked Down" not in s["conditions"]:
            s["conditions"].append("Knocked Down")
        self._hurt(s, n, False)

    def _do_condition_save(self, s: State, a: Action, rng: Rng) -> None:
        rule = CONDITIONS[a["name"]]
        s["draft"] = dict(_blank_draft("save"), stat=rule["save"], dr=3, condition=a["name"])

    def _do_start_combat(self, s: State, a: Action, rng: Rng) -> None:
        """PG, Taking Turns: each character draws a Target Card; the old one is discarded."""
        _settle(s, s["tc"])
        s["tc"] = []
        s["combat"], s["turn"] = True, 0
        card = _take(s, rng)
        s["drawing"].remove(card)
        s["tc"].append(card)
        s["log"].append(f"Combat: draws {_name(card)} as Target Card (initiative).")

    def _do_end_turn(self, s: State, a: Action, rng: Rng) -> None:
        s["turn"] += 1
        if s["toughen_turn"] is not None and s["turn"] > s["toughen_turn"]:
            s["toughen"], s["toughen_turn"] = 0, None
        if s["ko"]:
            s["ko"]["turns"] += 1
        s["log"].append(f"End of turn {s['turn']}.")

    def _do_end_combat(self, s: State, a: Action, rng: Rng) -> None:
        s["combat"] = False
        s["toughen"], s["toughen_turn"] = 0, None
        s["log"].append("Combat ends; the Target Card stays until the next combat.")

    def _do_quick_rest(self, s: State, a: Action, rng: Rng) -> None:
        s["phase"] = "rest"
        s["rest_cards"] = s["sheet"]["hp_max"]
        s["log"].append(f"Quick Rest: {s['rest_cards']} Rest Cards.")

    def _do_rest_draw(self, s: State, a: Action, rng: Rng) -> None:
        self._start_draw(s, rng, kind="rest", tc=_own_tc(s), stat=None, dr=3, hand=0)

    def _do_rest_gain(self, s: State, a: Action, rng: Rng) -> None:
        s["hp"] += a["hp"]
        s["pp"] += a["pp"]
        if s["hp"] > 0 and s["ko"]:
            s["ko"] = None
        s["gain"] = None
        s["log"].append(f"Recovers {a['hp']} HP and {a['pp']} PP.")

    def _do_rest_end(self, s: State, a: Action, rng: Rng) -> None:
        """PG, Rests: shuffle the discard pile, draw 10 + 2 x Vitality of it back into the
        deck, reshuffle the deck."""
        n = max(0, 10 + 2 * s["sheet"]["attrs"]["VIT"])
        rng.shuffle(s["discard"])
        back = s["discard"][:n]
        del s["discard"][:n]
        s["deck"] += back
        rng.shuffle(s["deck"])
        s["quick_rests"] += 1
        s["rest_cards"] = 0
        s["fall_speed"] = 0
        s["phase"] = "play"
        s["log"].append(f"Quick Rest ends: {len(back)} cards back into the deck.")

    def _do_full_rest(self, s: State, a: Action, rng: Rng) -> None:
        """PG, Rests: discard the TC; discard pile and hand Aces (and awarded cards) back
        into the deck; both Jokers to hand; HP, AP, PP, Fate and Rest Cards to maximum;
        Fatigue gone."""
        _settle(s, s["tc"])
        s["tc"] = []
        keep = [c for c in s["fate"] if c in ("RJ", "BJ")]
        s["deck"] += s["discard"] + [c for c in s["fate"] if c not in ("RJ", "BJ")]
        s["discard"] = []
        s["fate"] = keep + s["aside"]
        s["aside"] = []
        rng.shuffle(s["deck"])
        sheet = s["sheet"]
        s.update(hp=sheet["hp_max"], ap=sheet["ap_max"], pp=sheet["pp_max"], fatigue=0,
                 quick_rests=0, ko=None, toughen=0, toughen_turn=None, fall_speed=0)
        s["log"].append("Full Rest: deck whole, Jokers in hand, HP, AP and PP full, no Fatigue.")

    def _do_end_session(self, s: State, a: Action, rng: Rng) -> None:
        s["phase"] = "over"
        s["log"].append("The session ends.")

    # -- view -------------------------------------------------------------------------------
    def view(self, state: State, seat: str) -> dict[str, Any]:
        from .view import build_view
        return build_view(state, self.legal_actions(state))

    # -- random playthroughs ------------------------------------------------------------------
    def sim_options(self, rng: Rng) -> dict[str, Any]:
        return {"character": rng.choice(sorted(sh.premades())), "name": ""}

    def sim_choose(self, state: State, legal: list[Action], rng: Rng) -> Action:
        from .sim import choose
        return choose(state, legal, rng)


# -- helpers --------------------------------------------------------------------------------
def _name(code: str) -> str:
    return Card.parse(code).name


def _distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards), key=cards.index)


def _own_tc(state: State) -> str | None:
    return state["tc"][0] if state["tc"] else None


def _drawable(state: State) -> int:
    return len(state["deck"]) + len(state["discard"])


def _net_hand(state: State) -> int:
    """The GM's Upper/Lower Hand plus what Fatigue and conditions add (they compound)."""
    return state["draft"]["hand"] + auto_hand(state, state["draft"]["kind"], state["draft"]["stat"])


def auto_hand(state: State, kind: str, stat: str | None) -> int:
    """Lower Hand from Fatigue (1: saves; 2: every check) and from conditions (Knocked
    Down: STR/AGL saves; Entangled: AGL saves; Frozen: STR/AGL checks)."""
    h = 0
    attr = sh.SKILL_OF.get(stat or "", stat)
    if kind == "save" and state["fatigue"] >= 1:
        h -= 1
    if state["fatigue"] >= 2:
        h -= 1
    conds = state["conditions"]
    if kind == "save" and "Knocked Down" in conds and attr in ("STR", "AGL"):
        h -= 1
    if kind == "save" and "Entangled" in conds and attr == "AGL":
        h -= 1
    if "Frozen" in conds and attr in ("STR", "AGL"):
        h -= 1
    if kind == "save" and "Challenging Terrain" in conds and attr == "AGL":
        h -= 1
    if stat in ("Detection", "Investigation"):
        h -= {"bright": 0, "partial": 1, "full": 3}[state["light"]]
    return h


def _effective(state: State) -> int | None:
    d = state["draft"]
    mod = sh.modifier(state["sheet"], d["stat"]) if d["stat"] else 0
    if d["kind"] == "contest":
        return None if d["attacker"] is None else ck.edr(ck.contest_dr(d["attacker"]), mod)
    return None if d["dr"] is None else ck.edr(d["dr"], mod)


def _ready(state: State) -> bool:
    d = state["draft"]
    if d["stat"] is None:
        return False
    if d["kind"] == "save":
        if d["dr"] is None or not _own_tc(state):
            return False
    else:
        if not (d["rank"] and d["suit"]):
            return False
        if d["kind"] == "contest" and d["attacker"] is None:
            return False
        if d["kind"] == "check" and d["dr"] is None and not d.get("hidden"):
            return False
    e = _effective(state)
    return e is None or ck.can_attempt(e)


def _take(state: State, rng: Rng) -> str:
    """The top card of the Action Deck into the draw in progress. An empty deck is
    reshuffled from the discard pile and costs a level of Fatigue (level 5 is Knocked Out)."""
    if not state["deck"]:
        if not state["discard"]:
            raise IllegalAction("no cards left to draw (Action Deck and discard pile empty)")
        state["deck"], state["discard"] = state["discard"], []
        rng.shuffle(state["deck"])
        state["fatigue"] = min(5, state["fatigue"] + 1)
        state["log"].append(f"The Action Deck ran out: reshuffled; Fatigue {state['fatigue']}.")
        if state["fatigue"] == 5 and not state["ko"]:
            state["hp"] = 0
            state["ko"] = {"turns": 0, "successes": 0, "failures": 0, "damaged": False, "stable": False}
            state["log"].append("Fatigue 5: Knocked Out.")
    card = state["deck"].pop()
    state["drawing"].append(card)
    return card


def _settle(state: State, cards: list[str]) -> None:
    """Drawn cards leave the draw: Aces stay in hand as Fate Cards, others are discarded."""
    for c in list(cards):
        if c in state["drawing"]:
            state["drawing"].remove(c)
        (state["fate"] if c.startswith("A") else state["discard"]).append(c)


def _spend_fate(state: State, card: str) -> None:
    """A spent Joker is set aside until the next Full Rest (it must never be shuffled into
    the deck by a Quick Rest); a spent Ace or awarded card goes to the discard pile."""
    state["fate"].remove(card)
    (state["aside"] if card in ("RJ", "BJ") else state["discard"]).append(card)


def _kept(draw: dict[str, Any]) -> str:
    return ck.pick(draw["cards"], draw["tc"], draw["effective"], draw["hand"])


def _grade(draw: dict[str, Any], kept: str) -> dict[str, Any]:
    tc, e = draw["tc"], draw["effective"]
    what = {"check": "Check", "contest": "Contested check", "save": "Save", "rest": "Rest Card",
            "epic": "Epic Event"}[draw["kind"]]
    stat = draw["stat"] or "no modifier"
    head = f"{what} ({stat} {draw['modifier']:+d}) vs {_name(tc)}: {_name(kept)}"
    if e is None:
        rep = ck.reported(kept, tc, draw["modifier"])
        return {"kind": draw["kind"], "card": kept, "cards": list(draw["cards"]), "tc": tc,
                "degree": None, "success": None, "report": rep["text"],
                "summary": f"{head}; DR hidden: report {rep['text']}."}
    deg = ck.degree(kept, tc, e)
    return {"kind": draw["kind"], "card": kept, "cards": list(draw["cards"]), "tc": tc,
            "degree": deg, "success": ck.is_success(deg), "report": None,
            "summary": f"{head} at EDR {e}: {ck.DEGREES[deg]}."}


def _gains(state: State) -> list[tuple[int, int]]:
    """PG, Rests: a Rest Card recovers 1 (miss) or 2 (success) points across HP and PP,
    as the player chooses, never above the maximum."""
    n = state["gain"]
    room_hp = state["sheet"]["hp_max"] - state["hp"]
    room_pp = state["sheet"]["pp_max"] - state["pp"]
    best = min(n, room_hp + room_pp)
    return [(hp, best - hp) for hp in range(best, -1, -1) if hp <= room_hp and best - hp <= room_pp]


GAME = register(DofaGame())
