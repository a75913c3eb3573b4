"""The Deckbuilder RPG as a Pocketdeck game system: options, the first state, legal
actions, apply, and the checks the simulator runs."""

from __future__ import annotations

from typing import Any

from ...core import piles as core_piles
from ...core.limits import name_problem
from ...core.game import Action, Game, IllegalAction, State, register
from ...core.rng import Rng
from . import data
from .flow import actor, run, spoil_options, take_spoil, take_upgrade, upgrade_options
from .monsters import apply_monster, monster_actions, resolve_attack
from .common import HAND_LIMIT
from .monstercard import card_problem
from .zonecard import zone_problem
from .records import record_problems
from .turn import apply_turn, resolve_guard, turn_actions

MAX_HEROES = 4
PHASES = ("battle", "spoils", "upgrade", "over")


class DeckbuilderGame(Game):
    name = "deckbuilder"
    title = "Deckbuilder RPG"
    schema_version = 7  # 3: issue 33 (bosses draw one card, retreat, expend; Melee per card);
    # 4: the review of issue 33 (melee counters do not wait; arena items picked up on entering, not by Item/Ability;
    # bosses gain Fatigue; no parting reaction from a ranged minion; the Synergy draw may be declined;
    # one melee attack in a Melee turn, and it ends the turn's card use);
    # 5: issue 47 (a ranged minion gets its parting melee reaction too: "any enemies");
    # 6: issue 47, Overview (experience buys cards only: learn or practise; no stat or health upgrade)
    # 7: Overview (a skill the hero holds as a latent ability is practised, not learnt)
    sim_step_cap = 3000
    # a monster made on the phone (systems/deckbuilder/made.py): the game keeps it, so editing
    # the monster later never changes a game under way, and a shared game carries what it needs
    # a zone made on the phone (zonecard.py, the option ``zone``) likewise, with the made
    # monsters it carries
    optional_options = ("monster", "zone")

    def default_options(self) -> dict[str, Any]:
        return {"heroes": ["warrior", "priest"], "names": [], "zones": list(data.zone_order()),
                "party": [], "gm": False}

    def check_options(self, options: dict[str, Any]) -> None:
        hs, party = options["heroes"], options["party"]
        if not isinstance(party, list):
            raise IllegalAction("party must be a list of heroes from the library")
        for rec in party:
            problems = record_problems(rec)
            if problems:
                raise IllegalAction("a hero from the library is not one the rules could have made: "
                                    + "; ".join(problems[:3]))
        if not isinstance(options["gm"], bool):
            raise IllegalAction("gm (a person runs the monsters) must be true or false")
        if not isinstance(hs, list) or not 1 <= len(hs) + len(party) <= MAX_HEROES:
            raise IllegalAction(f"a party has 1 to {MAX_HEROES} heroes (hot-seat)")
        for h in hs:
            if h not in data.heroes():
                raise IllegalAction(f"unknown hero {h!r} (Characters: one information card each)")
        if len(set(hs)) != len(hs):
            raise IllegalAction("each hero can join the party once")
        names = options["names"]
        if not isinstance(names, list) or not all(isinstance(n, str) and len(n) <= 40 for n in names):
            raise IllegalAction("names must be a list of texts of at most 40 characters")
        for n in names:  # "" takes the hero card's name; any other is the hero's name
            if n and name_problem(n):
                raise IllegalAction(f"Characters: {name_problem(n)}")
        zs = options["zones"]
        if "zone" in options:  # a zone of your own: played alone, the game carrying it
            reason = zone_problem(options["zone"])
            if reason:
                raise IllegalAction(f"zone: not a zone this app plays ({reason})")
            if zs != [options["zone"]["id"]] or "monster" in options:
                raise IllegalAction("a zone of your own is played alone (zones: [its id])")
            return
        if not isinstance(zs, list) or not zs or not all(z in data.zones() for z in zs) or len(set(zs)) != len(zs):
            raise IllegalAction("zones must list one or more different encounter zones")
        if "monster" in options or data.made_zone() in zs:
            reason = card_problem(options.get("monster"))
            if reason:
                raise IllegalAction(f"monster: not a monster this app plays ({reason})")
            if zs != [data.made_zone()]:
                raise IllegalAction("a monster of your own is fought in its own zone alone "
                                    f"(zones: [{data.made_zone()!r}])")

    def sim_options(self, rng: Rng) -> dict[str, Any]:
        ids = sorted(data.heroes())
        rng.shuffle(ids)
        n = rng.randint(1, MAX_HEROES)
        zones = data.zone_order()
        if rng.below(3) == 0:
            zones = [zones[rng.below(len(zones))]]
        gm = rng.below(3) == 0
        solo = data.solo_zones()
        if n == 1 and solo and rng.below(3) == 0:  # drawn last: other games keep their options
            zones = [solo[rng.below(len(solo))]]
        return {"heroes": ids[:n], "zones": zones, "gm": gm}

    def _new(self, options: dict[str, Any], rng: Rng) -> State:
        from .setup import new_state
        if "monster" in options:
            data.remember(options["monster"])
        if "zone" in options:
            data.remember_zone(options["zone"])
        state = new_state(options, rng)
        run(state, rng)
        return state

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def legal_actions(self, state: State) -> list[Action]:
        if state["phase"] == "over":
            return []
        if state["phase"] == "spoils":
            hid = state["spoils_left"][0]
            return [{"type": "pick", "hero": hid, "card": c} for c in spoil_options(state, hid)]
        if state["phase"] == "upgrade":
            return upgrade_options(state)  # type: ignore[return-value]
        if state.get("guard"):
            m = next(x for x in state["monsters"] if x["id"] == state["guard"]["target"])
            return [{"type": "gm_spend", "n": n} for n in range(m["defense_counters"] + 1)]
        if state["pending"] is not None:
            h = next(x for x in state["heroes"] if x["id"] == state["pending"]["target"])
            return [{"type": "spend", "n": n} for n in range(h["defense_counters"] + 1)]
        if state["mturn"] is not None:
            return monster_actions(state)
        return turn_actions(state)

    def _apply(self, state: State, action: Action, rng: Rng) -> None:
        state["rolls"] = []
        kind = action["type"]
        if kind == "pick":
            take_spoil(state, action["hero"], action["card"], rng)
            return
        if kind in ("upgrade", "upgrade_done"):
            take_upgrade(state, action, rng)
            return
        if kind == "gm_spend":
            guard, state["guard"] = state["guard"], None
            resolve_guard(state, guard, action["n"], rng)
        elif kind.startswith("gm_"):
            apply_monster(state, action, rng)
        elif kind == "spend":
            att = state["pending"]
            state["pending"] = None
            state["attacks"].pop(0)
            resolve_attack(state, att, action["n"], rng)
        else:
            apply_turn(state, action, rng)
        run(state, rng)

    def explain(self, state: State, action: Action) -> str:
        kind = action.get("type")
        if state["phase"] == "over":
            return "the adventure is over"
        if state["phase"] == "spoils":
            return "the spoils are being shared: each hero takes one card of the treasure in turn"
        if state["phase"] == "upgrade":
            return ("experience is being spent: each hero in turn buys what their experience pays "
                    "for, then is done (Overview: the experience to upgrade skills or learn new ones)")
        if state.get("guard"):
            return ("the Game Master must first choose how many defense counters the boss spends "
                    "against the attack (Attacks, step 2)")
        if state["pending"] is not None:
            return ("a monster's attack must be answered first: choose how many defense counters "
                    "to spend (Attacks, step 2)")
        if state["mturn"] is not None:
            return ("it is the monsters' turn: the Game Master chooses the monster's tableau card, "
                    "cards to play and target (A Turn)")
        t = state["turn"]
        if t is None:
            return "a turn starts by taking a card from one of the six stacks of the Action Tableau (A Turn)"
        if kind == "end" and t["mode"] == "turn" and t["stack"] == "melee":
            return ("you took the melee action: you must make a melee attack this turn before it "
                    "ends, with a melee card (Melee)")
        if t["mode"] == "turn" and t["stack"] == "melee" and t["attacked"] and kind != "end":
            return ("the melee attack is made: it comes once the cards have been played and the "
                    "counters tallied, so the turn can only end now (Melee)")
        if kind == "counter" and t["mode"] == "turn" and t["stack"] == "melee" and not t["attacked"]:
            return ("each Melee card gives a counter or the attack: no other card played or in your "
                    "hand can make the melee attack you owe, so this one must (Melee)")
        if kind == "play":
            return (f"only cards matching {data.STACK_NAMES[t['stack']]} can be played now "
                    "(A Turn; Synergy: the same as the action the active player took)")
        if kind == "end" and t["tokens"]:
            return "every card played must be used first (A Turn: follow the Turn: text)"
        if kind == "attack":
            return ("that attack is not possible: melee reaches your arena, range and mana also an "
                    "adjacent arena through an open link; the weapon must be equipped (Attacks)")
        return f"{action!r} is not a legal action now (A Turn)"

    def card_total(self, state: State) -> int:
        return core_piles.total(state["piles"])

    def check_state(self, state: State) -> None:
        if state.get("phase") not in PHASES:
            raise ValueError(f"unknown phase {state.get('phase')!r}")
        p = state["piles"]
        for h in state["heroes"]:
            me = h["id"]
            if len(p[f"{me}:hand"]) > HAND_LIMIT:
                raise ValueError(f"{h['name']} holds too many cards")
            if not 0 <= h["health"] <= h["max_health"]:
                raise ValueError(f"{h['name']}'s health is out of range")
            if h["down"] != (h["health"] == 0):
                raise ValueError(f"{h['name']} is unconscious exactly at 0 health")
            if len(p[f"{me}:equipped"]) > 2 or len(p[f"{me}:armor"]) > 1 or h["xp"] < 0:
                raise ValueError(f"{h['name']} carries more than two weapons or one armor")
            if any(v < 0 for v in h["counters"].values()) or h["defense_counters"] < 0:
                raise ValueError("counters cannot be negative")
        for m in state["monsters"]:
            if m["kind"] == "boss" and len(p[f"{m['id']}:hand"]) > HAND_LIMIT:
                raise ValueError(f"{m['name']} holds too many cards")
        if state["phase"] == "battle" and state["pending"] is None and state["turn"] is None:
            mine = state["mturn"] is not None and state["mturn"]["actor"] == actor(state)
            if not actor(state).startswith("h") and not (mine and state["options"]["gm"]):
                raise ValueError("a monster's turn was left unplayed")
        if (state["mturn"] is not None or state.get("guard")) and not state["options"]["gm"]:
            raise ValueError("a monster's decision was left to a GM in a game without one")
        _check_reachable(state)

    def outcome(self, state: State) -> str:
        return state.get("outcome") or "unfinished"

    def sim_choose(self, state: State, legal: list[Action], rng: Rng) -> Action:
        from .sim import choose
        return choose(state, legal, rng)

    def sim_stats(self, state: State) -> list[dict[str, Any]]:
        """What the simulator's summary reports of one game: each battle's zone, the
        cards in each hero's character deck and the cards in the tableau when it began."""
        return list(state.get("battles", []))

    def sim_summary(self, games: list[list[dict[str, Any]]]) -> dict[str, Any]:
        from .sim import summarise
        return summarise(games)

    def view(self, state: State, seat: str = "player") -> dict[str, Any]:
        from .view import build_view
        return build_view(state, self.legal_actions(state))


GAME = register(DeckbuilderGame())


MONSTER_NUMBERS = ("defense", "attack", "damage", "hits", "health", "max_health", "defense_counters")


def _whole(v: Any, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def _check_reachable(state: State) -> None:
    """What the rules cannot reach (issue 28: a checkpoint read back from storage): the
    party its options made, stats and health the upgrades can buy (records.py's ranges),
    a round and an encounter that exist, dice of six sides, the phase's own lists."""
    opts = state["options"]
    if len(state["heroes"]) != len(opts["heroes"]) + len(opts["party"]) or \
            [h["id"] for h in state["heroes"]] != [f"h{i}" for i in range(len(state["heroes"]))]:
        raise ValueError("the party is not the one the game's options made (Characters)")
    for h in state["heroes"]:
        if not all(_whole(v, -5, 12) for v in h["stats"].values()) or not _whole(h["max_health"], 1, 200) \
                or not _whole(h["xp"], 0, 10_000) or not _whole(h["encounters"], 0, 100_000):
            raise ValueError(f"{h['name']}'s stats, health or experience are past what upgrades buy (Upgrades)")
    for m in state["monsters"]:
        if not all(_whole(m[k], -100, 10_000) for k in MONSTER_NUMBERS if k in m):
            raise ValueError(f"{m['name']}'s numbers are not those of its card (Monsters)")
    if not _whole(state["round"], 1, 100_000) or not _whole(state["zone_index"], 0, len(opts["zones"]) - 1):
        raise ValueError("the round or the encounter does not exist (A Turn)")
    for r in state["rolls"]:
        if not all(_whole(d, 1, 6) for d in r["dice"]) or len(r["dice"]) != 2 or not _whole(r["crit_die"], 0, 6):
            raise ValueError("an attack roll is two six-sided dice (Attacks)")
    if state["phase"] == "over" and state["outcome"] is None or \
            state["phase"] != "spoils" and state["spoils_left"] or state["phase"] != "upgrade" and state["upgrade_left"]:
        raise ValueError(f"the phase {state['phase']!r} does not agree with what waits (Spoils, Upgrades)")
