"""Deck of Adventures, the GM's table (``dofa-gm``): the GM's decks, the players and
creatures at the table, combat, Epic Events, bosses, the ledger; and the solo skirmish,
premade characters against bestiary creatures that act by a written policy (policy.py).

This module is the frame (state, legal actions, dispatch); the rules live by concern in
the sibling modules, and every check is drawn and graded by the player's code in
systems/dofa (checks, checkflow, odds, conditions). docs/rules/dofa.md, "Part 2",
maps each rule to its code and test.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ...core.game import Action, Game, IllegalAction, State, register, state_rng
from ...core.rng import Rng
from ..dofa import sheet as sh
from . import bestiary as bs
from . import boss, calls, contests, discards, draws, entry, entered, epic, fate, phone, rests, rounds, table, turns
from . import decks as dk
from . import fight as ft
from .joining import (MAX_PLAYERS, MOD_LIMITS, PLAYER_LIMITS, check_player, join_problem,  # noqa: F401
                      phone_problem)
from .creaturecard import card_problem
from .powers import POWERS, cost, price

MODES = ("table", "skirmish")
PANELS = ("none", "add", "ledger")
Handler = Callable[[State, Action, Rng], None]
HANDLERS: dict[str, Handler] = {
    n[3:]: f for m in (boss, calls, contests, discards, draws, entry, entered, epic, fate, phone, rests, rounds,
                       table, turns)
    for n, f in vars(m).items() if n.startswith("do_") and callable(f)}


class DofaGmGame(Game):
    name = "dofa-gm"
    title = "Deck of Adventures: GM's table"
    schema_version = 4  # 4: review new-rules-2026-12-07 G1-G3 (a called Detection check that
    # succeeds ends Hidden on the creature sought, a failed Stealth check the drawer's; a
    # Grappled healer's treatment draw at Lower Hand; a Grappled Companion may break free);
    # 3: Grapple, Hide, Rush and breaking free for the creatures the app
    # runs (review dofa-gm-2026-12-07, R6: new actions on every turn, a policy that uses
    # them); 2: issue 47 (a Dealer has at least 5 HP, the last enemy Knocked Out
    # ends combat, an Ace TC replaced stays a Fate Card, Fatigue 5 knocks out, a newcomer draws
    # a Target Card at once; actors carry their ``armor``) and review dofa-gm-2026-12-07 (no
    # attack on one's charmer, at most 3 AP in the party, a readied attack paid as it is
    # readied), so a game of an older format may replay otherwise
    sim_step_cap = 900
    # creatures the GM made (issue 49): their cards, carried by the game that uses them
    # (the skirmish's or table's foes at the start; ``add_made`` later), so an edited
    # creature never changes a game under way and a replay needs no Library
    optional_options = ("cards",)

    def default_options(self) -> dict[str, Any]:
        return {"mode": "table", "players": [], "party": [], "foes": []}

    def check_options(self, o: dict[str, Any]) -> None:
        if o.get("mode") not in MODES:
            raise IllegalAction(f"mode: one of {', '.join(MODES)}")
        players = o.get("players")
        if not isinstance(players, list) or len(players) > MAX_PLAYERS:
            raise IllegalAction(f"players: a list of at most {MAX_PLAYERS}")
        for p in players:
            check_player(p)
        cards = o.get("cards", [])
        if not isinstance(cards, list) or not cards and "cards" in o or len(cards) > MAX_PLAYERS:
            raise IllegalAction(f"cards: a list of 1 to {MAX_PLAYERS} creatures made by the GM")
        for c in cards:
            why = card_problem(c)
            if why:
                raise IllegalAction(f"cards: {why}")
        made = {c["id"] for c in cards}
        if len(made) != len(cards):
            raise IllegalAction("cards: each made creature once")
        for key, known in (("party", sh.premades()), ("foes", {**bs.creatures(), **dict.fromkeys(made)})):
            v = o.get(key)
            if not isinstance(v, list) or len(v) > MAX_PLAYERS or any(x not in known for x in v):
                raise IllegalAction(f"{key}: at most {MAX_PLAYERS} names from the list")
        if o["mode"] == "skirmish" and not (o["party"] and o["foes"]):
            raise IllegalAction("a skirmish needs at least one premade character and one creature")

    def _new(self, o: dict[str, Any], rng: Rng) -> State:
        s: State = {
            "mode": o["mode"], "phase": "play", "outcome": None,
            "decks": {"npc": dk.new_deck(rng), "world": dk.new_deck(rng)},
            "actors": [], "next_id": 0, "combat": None, "due": [], "draw": None,
            "entry": None, "call": None, "epic": None, "hand": 0, "focus": None,
            "panel": "none", "ledger": {"purse": 0, "loot": [], "lines": []},
            "log": ["The GM shuffles the NPC Deck and the World Deck."], "steps": 0, "epics": 0}
        if o.get("cards"):
            s["made"] = {c["id"]: c for c in o["cards"]}
        for p in o["players"]:
            table.add_player(s, dict(p, name=p["name"].strip()))
        for pid in o["party"]:
            table.add_premade(s, pid, rng)
        for cid in o["foes"]:
            table.add_creature(s, cid, rng)
        if o["mode"] == "skirmish":
            rounds.do_start_combat(s, {"type": "start_combat"}, rng)
        return s

    def seats(self, state: State) -> list[str]:
        return ["gm"] + [f"player:{a['id']}" for a in state["actors"]
                         if a["side"] == "party" and a["kind"] in ("player", "pc")]

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: State) -> str:
        return state["outcome"] or "ended"

    def card_total(self, state: State) -> int:
        """The NPC and World Decks' 104 cards (every deck is checked whole by check_state)."""
        return sum(len(dk.all_cards(state["decks"][d])) for d in ("npc", "world"))

    def check_state(self, state: State) -> None:
        """Every step of ``simulate``: each deck holds its cards once; no creature Knocked
        Out with HP above 0 (PG, Health and Armor); no hidden DR in what a player's seat
        reads (PG, Making a Check)."""
        for name, deck in state["decks"].items():
            dk.check_deck(name, deck)
        for a in state["actors"]:
            if a["ko"] and a["hp"] > 0:
                raise ValueError(f"{a['name']} is Knocked Out with {a['hp']} HP")
        party = {a["name"] for a in state["actors"] if a["side"] == "party"}
        for line in ft.public_log(state, 80):
            if ft.public_line(line, party) != line or ft.HIDDEN in line:
                raise ValueError(f"a player's seat reads a hidden DR: {line!r}")
        c, d = state["call"], state["draw"]
        if (c and c["hidden"] and c["dr"] is not None) or (d and d.get("hidden")):
            for seat in self.seats(state)[1:]:
                v = self.view(state, seat)
                if (v.get("call") or {}).get("dr") is not None or (v.get("draw") or {}).get("dr") is not None:
                    raise ValueError(f"seat {seat} reads the hidden DR")

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self, s: State) -> list[Action]:
        if s["phase"] == "over":
            return []
        if s["draw"] is not None:
            return draws.actions(s)
        if fate.phone_tc(s) is not None:   # a phone's Target Card: redraw it with Fate, or keep it
            return fate.phone_tc_actions(s)
        if s["entry"] is not None:   # a player's phone draws it (phone.py), or the GM types it in
            return phone.actions(s) or entry.actions(s)
        if s["call"] is not None:
            return calls.actions(s)
        if s["epic"] is not None:
            return epic.actions(s)
        acts: list[Action] = []
        c = s["combat"]
        party = [a for a in s["actors"] if a["side"] == "party" and ft.standing(a)]
        if c:
            if s["due"]:
                acts += turns.save_actions(s)
            else:
                acts += turns.turn_actions(s)
                if c["stage"] == "turns":
                    acts += turns.ready_actions(s)
                    cur = turns.current(s)
                    acts += boss.actions(s, cur["id"] if cur else None)
                    # a check or contested check outside the turn's own actions
                    acts += [{"type": "call", "who": a["id"]} for a in s["actors"]
                             if ft.standing(a) and (a["deck"] or a["kind"] == "player")]
            acts.append({"type": "end_combat"})
        else:
            if party and any(a["side"] == "foes" and ft.standing(a) for a in s["actors"]):
                acts += [{"type": "start_combat"}] + [{"type": "start_combat", "surprise": x}
                                                      for x in ("party", "foes")]
            acts += [{"type": "call", "who": a["id"]} for a in party]
            # PG, Contested Checks; GMG, Resting ("an enemy Detection Check"): a check
            # drawn for a creature the app holds (the NPC Deck for a Minion)
            acts += [{"type": "call", "who": a["id"]} for a in s["actors"]
                     if a["side"] != "party" and ft.standing(a) and a["deck"]]
            if party:
                acts.append({"type": "epic_setup"})
            acts += rests.actions(s)
        acts += fate.actions(s) + table.pick_actions(s)
        acts += [{"type": "hand", "hand": h} for h in calls.HANDS if h != s["hand"]]
        acts += [{"type": "focus", "who": a["id"]} for a in s["actors"]
                 if ft.in_fight(a) and a["id"] != s["focus"]]
        if s["focus"]:
            acts.append({"type": "focus", "who": None})
        acts += [{"type": "panel", "panel": p} for p in PANELS if p != s["panel"]]
        acts += table.actions(s)
        acts.append({"type": "end_session"})
        return acts

    def explain(self, state: State, action: Action) -> str:
        kind = action.get("type") if isinstance(action, dict) else None
        if kind == "start_combat" and state["combat"]:
            return "combat has already begun (PG, Taking Turns)"
        if kind in ("attack", "power", "end_turn", *contests.TYPES) and state["due"]:
            return "a save is due first (PG, Status Conditions)"
        if kind == "epic_join" and state["epic"] and action.get("who") in state["epic"]["last"]:
            return ("a player may not volunteer for two TCs in a row (PG, Epic Events); the GM may call "
                    "on all party members for this TC (the earthquake's step 5)")
        if kind == "fate_redraw" and state["draw"] and state["draw"]["redrawn"]:
            return "only one redraw per check (PG, Fate Cards 3)"
        why = refusal(state, action)
        if why:
            return why
        return super().explain(state, action)

    # -- apply ------------------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> State:
        """A player joining mid-session brings numbers from their own sheet (a share link or
        its QR code, sheetlink.py), which no list of legal actions can spell out: ``join``
        is checked here by the same rules as a player typed in at the start, then applied
        like any other action (so undo, saves and links replay it). ``phone`` (a player's
        phone joined the table link, issue 29: ui/table_link/policies.py plays it) is checked
        here too: it is no GM's button, so it stays out of ``legal_actions``."""
        kind = action.get("type") if isinstance(action, dict) else None
        if kind == "add_made":
            # a creature the GM made joins (issue 49): the action carries its card, checked
            # here like a game's ``cards`` option; the game keeps it by the hash of its card
            # and adds it as any creature of the bestiary (``add_creature``, legal then)
            why = made_problem(state, action)
            if why:
                raise IllegalAction(why)
            card = action["card"]
            new = json.loads(json.dumps(state))
            new.setdefault("made", {})[card["id"]] = card
            return super().apply(new, {"type": "add_creature", "id": card["id"]})
        if kind in ("join", "phone"):
            why = join_problem(state, action) if kind == "join" else phone_problem(state, action)
            if why:
                raise IllegalAction(why)
            new = json.loads(json.dumps(state))
            with state_rng(new) as rng:
                if kind == "join":
                    table.join_player(new, dict(action["player"], name=action["player"]["name"].strip()))
                else:
                    table.give_phone(new, action["who"], rng, action.get("player"))
                new["steps"] += 1
                del new["log"][:-80]
            return new
        return super().apply(state, action)

    def _apply(self, s: State, a: Action, rng: Rng) -> None:
        kind = a["type"]
        tough = s.pop("tough", None)        # Toughen Up: at once, or not (fate.py)
        if tough:                           # (a phone's player: until their next turn ends)
            tough = tough if kind == "toughen_up" else {k: n for k, n in tough.items() if fate.lasts(s, k)}
            if tough:
                s["tough"] = tough
        fresh = s.pop("fresh_tc", None)     # a Target Card's redraw: at once, or not (fate.py)
        if kind in ("redraw_tc", "keep_tc") and fresh:
            s["fresh_tc"] = fresh
        if kind == "accept":
            accept(s, rng)
        elif kind == "fate_redraw":
            draws.redraw(s, rng, a["card"])
        elif kind == "entry_done":
            entered.entry_done(s, rng)
        elif kind == "hand":
            s["hand"] = a["hand"]
        elif kind == "end_session":
            s["phase"] = "over"
            s["outcome"] = s["outcome"] or "ended"
            ft.log(s, "The session ends.")
        else:
            HANDLERS[kind](s, a, rng)
        draws.tire(s)
        if not any(s.get("tough", {}).values()):
            s.pop("tough", None)
        if not s.get("fresh_tc"):
            s.pop("fresh_tc", None)
        settle_fight(s, rng)
        s["steps"] += 1
        del s["log"][:-80]

    def view(self, state: State, seat: str) -> dict[str, Any]:
        """The GM's seat gets every legal action; a player's seat those that are its own
        (``seat_of``: a check sent to their phone and its draw, their Fate Cards)."""
        from .view import build_view
        legal = self.legal_actions(state)
        return build_view(state, seat, legal if seat == "gm" else [a for a in legal if seat_of(state, a) == seat])

    # -- random playthroughs ------------------------------------------------------------------
    def sim_options(self, rng: Rng) -> dict[str, Any]:
        from .policy import sim_options
        return sim_options(rng)

    def sim_choose(self, state: State, legal: list[Action], rng: Rng) -> Action:
        from .policy import sim_choose
        return sim_choose(state, legal, rng)


def made_problem(s: State, a: Action) -> str | None:
    """Why the made creature of ``a`` (``{"type": "add_made", "card": ...}``) may not join now
    (None: it may): only where a creature of the bestiary may (the Add panel open, a place
    at the table: ``table.actions``), and only a card the rules play (``card_problem``)."""
    if set(a) != {"type", "card"}:
        return "add_made: a made creature's card, and nothing else"
    if not any(x["type"] == "add_creature" for x in GAME.legal_actions(s)):
        return "a creature joins from the Add panel, with a place at the table (at most 12)"
    return card_problem(a["card"])


def refusal(s: State, a: Action) -> str | None:
    """The rule an action of issue 47's findings breaks (None: none of them): an attack on
    one without a Target Card, a Knocked Out character acting, a power's PP at Fatigue 4."""
    who = next((y for y in s["actors"] if y["id"] == a.get("who")), None)
    aim = next((y for y in s["actors"] if y["id"] == a.get("target")), None)
    kind = a.get("type")
    attack = kind in ("attack", "readied_attack", "player_attack") or a.get("name") == "Adversary Major Action"
    if attack and s["combat"] and aim is not None and not ft.tc_of(s, aim):
        return turns.no_tc(s, aim)
    if kind == "edit" and who is not None and a.get("field") == "ap_max" and who["side"] == "party" \
            and isinstance(a.get("delta"), int) and who["ap_max"] + a["delta"] > ft.AP_MAX:
        return f"a player character holds at most {ft.AP_MAX} AP (GMG, Managing Player Resources)"
    friendly = kind == "power" and POWERS.get(a.get("power") or "", {}).get("ally")
    hostile = attack or kind in ("adversary", "house", "grapple") or (kind == "power" and not friendly)
    if who is not None and hostile and s["combat"]:
        for i in [a.get("target"), *turns.also(a)]:
            y = next((y for y in s["actors"] if y["id"] == i), None)
            why = y is not None and ft.charm_refusal(s, who, y)
            if why:
                return why
    if who is not None and who["ko"] and kind in ("rest", *rests.SEAT_ACTIONS):
        return f"{who['name']} is Knocked Out: unable to act until treated (PG, Status Conditions 5)"
    why = contests.refusal(s, a)
    if why:
        return why
    listed = POWERS[a["power"]]["pp"] if kind in ("attack", "power") and a.get("power") in POWERS else 0
    if who is not None and listed and price(who, cost(a["power"], a)) > who["pp"] >= cost(a["power"], a):
        return (f"{who['name']} is at Fatigue {who['fatigue']}: PP expenditure requirements doubled "
                "(PG, Fatigue 4)")
    return None


def owner(s: State) -> str:
    """The seat that must choose now: a player's (``player:<id>``) for a check the GM sent
    to their own phone (calls.do_call_send) and for its draw from the Action Deck the table
    keeps for them (table.give_phone); the GM's for everything else."""
    d, c = s["draw"], s["call"]
    if d is not None:
        return f"player:{ft.phone_holder(s, ft.actor(s, d['by']))['id']}" if draws.on_phone(s, d) else "gm"
    if c is not None and c.get("sent"):
        return f"player:{c['who']}"
    x = fate.phone_tc(s) or phone.drawer(s)
    if x is not None:
        return f"player:{x['id']}"
    return "gm"


# the choices a player's phone makes outside the draws the table waits for (rules.owner):
# spending the Fate Cards of the deck the host keeps for them (fate.py), a Quick Rest (rests.py),
# the condition of their Resilience or Immunity (table.py), a Discard Power (discards.py)
SEAT_FREE = ("exchange_fate", "toughen_up", "pick_condition", "discard_power") + rests.SEAT_ACTIONS


def seat_of(s: State, a: Any) -> str:
    """The seat whose choice action ``a`` is: a player's own (``player:<id>``) for the Fate
    Cards of the deck the host keeps for their phone, spent whenever the book allows; else
    the seat that must choose now (``owner``)."""
    who = a.get("who") if isinstance(a, dict) else None
    if isinstance(a, dict) and a.get("type") in SEAT_FREE and isinstance(who, str):
        x = next((y for y in s["actors"] if y["id"] == who), None)
        if x is not None and x.get("own") and not x["deck"]:
            return f"player:{who}"
    return owner(s)


def accept(s: State, rng: Rng) -> None:
    if draws.ask_fate(s):   # a miss at a hidden DR: the phone is asked about a Fate Card first
        return
    result, d = draws.finish(s)
    kind = d["kind"]
    if kind == "attack":
        turns.after_attack(s, dict(result, by=d["by"], target=d["target"], power=d.get("power"),
                                   damage=d["weapon"]), rng)
    elif kind == "save":
        turns.save_done(s, d["by"], d["status"], bool(result["success"]), rng)
    elif kind == "rest":
        rests.rest_drawn(s, d, bool(result["success"]))
    elif kind == "epic" and d.get("ko"):
        ft.ko_result(s, ft.actor(s, d["by"]), result["degree"], bool(result["success"]))
    elif kind == "epic":
        epic.after_draw(s, d["by"], result["degree"])
    elif d.get("contest"):         # PG, Contested Checks: a Grapple's, a Hide's, breaking free
        turns.save_done(s, d["by"], d["status"], bool(result["success"]), rng)
    elif d.get("treat"):           # PG, Status Conditions 5: a Heal on a Knocked Out ally
        y = ft.actor(s, d["treat"])
        if result["success"]:
            ft.heal(s, y, d["heal"])
        else:
            ft.log(s, f"The treatment fails: {y['name']} stays Knocked Out.")
    else:
        calls.settle(s, result["success"])


def settle_fight(s: State, rng: Rng) -> None:
    """PG, Ending Combat: "When the last enemy combatant has been Knocked Out, retreats, or
    surrenders, Combat is over. This ends the turn order": at the GM's table the fight ends
    once no enemy stands (the draw or card being typed in finished first); retreats and
    surrenders are the GM's End combat. The solo skirmish ends when one side has no one
    standing."""
    if s["phase"] == "over" or s["draw"] or s["entry"]:
        return
    if s["mode"] == "table":
        if s["combat"] and not any(a["side"] == "foes" and ft.standing(a) for a in s["actors"]):
            ft.log(s, "The last enemy is Knocked Out: Combat is over (PG, Ending Combat).")
            turns.do_end_combat(s, {"type": "end_combat"}, rng)
        return
    party = [a for a in s["actors"] if a["side"] == "party" and ft.standing(a)]
    foes = [a for a in s["actors"] if a["side"] == "foes" and ft.standing(a)]
    if not foes or not party:
        s["outcome"] = "victory" if party else "defeat"
        s["phase"] = "over"
        ft.log(s, "The party wins the skirmish." if party else "The party is defeated.")


GAME = register(DofaGmGame())
