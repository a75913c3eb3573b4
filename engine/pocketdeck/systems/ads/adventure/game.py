"""``ads_adventure``: a Character Deck carried through the Map and Room cards of an
adventure. A game system of its own, over the fight: it starts a fight in a room
(``rules.new_fight``), passes the fight's actions through, and reads the result.
"""

from __future__ import annotations

from typing import Any

from ....core.game import Game, IllegalAction, register
from ....core.limits import excerpt
from ....core.rng import Rng
from .. import data
from ..build import validate
from ..party import card_count as party_cards
from ..party import seat as seat_of
from . import hero as H
from . import play
from .content import DEFAULT, BUILTIN, adventure, of, remember
from .spec import record_problem

State = dict[str, Any]
SIM_DECK_LEVELS = (1, 2, 3)
# Ways to Play: Simple, One Dimensional, Two Dimensional, and Two Dimensional with the Map
# cards' cover ("Cover and concealment can be used for 2 Dimensional play": optional, so a
# value of its own; old saves never name it and replay unchanged)
MODES = ("simple", "line", "grid", "cover")


class AdsAdventureGame(Game):
    # the screen's note of which Up/Down draws the last action made decides nothing
    presentation_keys = ("log", "draws_made", "draws_before")
    name = "ads_adventure"
    title = "ADS Adventure"
    sim_step_cap = 6000
    # the adventure played: one of ours by id, or a made one (its record, made Foes and all:
    # the game keeps it, so an edited adventure never changes a game under way and a shared
    # game carries what it needs). Left out: the Drowned Lantern Keep, as every older save.
    optional_options = ("adventure",)

    def default_options(self) -> dict[str, Any]:
        return {"hero": "warrior", "mode": "simple", "updown": "balanced", "map_penalty": False}

    def check_options(self, o: dict[str, Any]) -> None:
        specs = o["hero"] if isinstance(o["hero"], list) else [o["hero"]]
        if isinstance(o["hero"], list) and not 2 <= len(specs) <= H.MAX_PARTY:
            raise IllegalAction(f"hero: a party is 2 to {H.MAX_PARTY} characters (or one Character Deck alone)")
        for spec in specs:
            if isinstance(spec, str):
                if spec not in data.decks():
                    raise IllegalAction(f"hero: unknown ready-made deck {excerpt(spec)!r}")
            elif not isinstance(spec, dict):
                raise IllegalAction("hero: a ready-made deck's name or a Character Deck")
            else:
                found = validate(spec)
                if found:
                    raise IllegalAction(f"hero: this Character Deck breaks a rule ({found[0]})")
        if o["mode"] not in MODES:
            raise IllegalAction("mode: Ways to Play, simple, line (One Dimensional), grid (Two Dimensional) "
                                 "or cover (Two Dimensional with the Map cards' cover)")
        if o["updown"] not in ("balanced", "deck"):
            raise IllegalAction("updown: balanced or deck")
        if "adventure" in o:
            chosen = o["adventure"]
            if isinstance(chosen, dict):
                reason = record_problem(chosen)
                if reason:
                    raise IllegalAction(f"adventure: not an adventure this app plays ({reason})")
            elif not isinstance(chosen, str) or chosen not in BUILTIN:
                raise IllegalAction(f"adventure: unknown adventure {excerpt(chosen)!r}")
        if not isinstance(o.get("map_penalty", False), bool):
            raise IllegalAction("map_penalty: Combat Conditions ~ Distance, the optional Penalty is on or off")

    def _new(self, o: dict[str, Any], rng: Rng) -> State:
        heroes = H.new_party(o["hero"] if isinstance(o["hero"], list) else [o["hero"]])
        for hero in heroes:
            rng.shuffle(hero["draw"])
        aid = DEFAULT
        if "adventure" in o:
            chosen = o["adventure"]
            if isinstance(chosen, dict):
                remember(chosen)
            aid = chosen["id"] if isinstance(chosen, dict) else chosen
        here = adventure(aid)
        loot_ids: dict[str, int] = {}
        room_loot = {}
        for rid, room in here["rooms"].items():
            cards = []
            for cid in room["loot"]:
                loot_ids[cid] = loot_ids.get(cid, 200) + 1
                cards.append(f"{cid}.{loot_ids[cid]}")
            if cards:
                room_loot[rid] = cards
        info = here["info"]
        state: State = {
            "phase": "room", "heroes": heroes, "active": 0, "mode": o["mode"], "updown": o["updown"],
            "map_penalty": o.get("map_penalty", False),
            "room": info["start"], "came_from": None, "visited": [], "cleared": [], "passed": [],
            "looted": [], "room_loot": room_loot, "left": [], "pending": [], "fight": None,
            "wander": False, "rests": 0, "fights": 0, "outcome": None, "last_fight": None,
            "obstacle_draw": None, "log": [f"{info['name']}. {info['text']}"],
        }
        if "adventure" in o:
            state["adventure"] = aid
        play.enter(state, info["start"], rng)
        return state

    def legal_actions(self, state: State) -> list[dict[str, Any]]:
        return play.legal(state)

    def _apply(self, state: State, action: dict[str, Any], rng: Rng) -> None:
        play.apply(state, action, rng)

    def view(self, state: State, seat: str) -> dict[str, Any]:
        from .view import view
        return view(state, play.legal(state), -1 if seat == "player" else int(seat[1:]))

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def card_total(self, state: State) -> int:
        """Every card in the adventure: each character's 52 (in the fight while one runs),
        removed and aside piles, and the loot still in the rooms or left behind."""
        total = sum(len(v) for v in state["room_loot"].values()) + len(state["left"]) + len(state["pending"])
        fighting = play.in_fight(state) if state["fight"] is not None else []
        for i, h in enumerate(state["heroes"]):
            if i in fighting:
                total += len(h["removed"]) + len(h["aside"])
            else:
                total += H.card_count(h)
        if state["fight"] is not None:
            total += party_cards(state["fight"])
        return total

    def seats(self, state: State) -> list[str]:
        """Hot-seat: "player" is the phone (whoever holds it, behind the pass-the-phone
        cover); "p0".."p3" each character's own view (a hand shown only on their turn)."""
        n = len(state["heroes"])
        return ["player"] + ([f"p{k}" for k in range(n)] if n > 1 else [])

    def check_state(self, state: State) -> None:
        """Every character's Combat Deck holds its 52 cards on every step: between fights
        in the character's piles, in a fight in their seat's (cards held face-out too)."""
        from ..rules import check_counts
        if not 0 <= state["active"] < len(state["heroes"]) or state["room"] not in of(state)["rooms"]:
            raise ValueError("the active character or the room does not exist")
        for h in state["heroes"]:
            check_counts(h)
            if state["fight"] is None and len(H.combat_cards(h)) != data.DECK_SIZE:
                raise ValueError("a Combat Deck must hold 52 cards between fights")
        f = state["fight"]
        if f is not None:
            for k, i in enumerate(play.in_fight(state)):
                s = seat_of(f, k)
                if len(s["draw"]) + len(s["hand"]) + len(s["discard"]) + len(s["persist"]) != data.DECK_SIZE:
                    raise ValueError(f"{state['heroes'][i]['name']}'s Combat Deck lost or gained a card in the fight")
            if "grid" in f:
                check_grid(f)

    def explain(self, state: State, action: dict[str, Any]) -> str:
        kind = action.get("type") if isinstance(action, dict) else None
        phase = state["phase"]
        if phase == "fight":
            from ..rules import GAME as FIGHT
            return FIGHT.explain(state["fight"], action)
        rules = {
            "go": "Map and Room Cards: only the exits of this room, not through an obstacle not yet overcome, "
                  "and not during a fight or a choice",
            "rest": "Combat Encounters and Rest: after a Combat Encounter (or at a rest spot)",
            "attempt": "Non-Combat Encounters: only where an obstacle stands, before it is overcome",
            "overcome": "Non-Combat Encounters: after a failure, the Attribute card from the hand, or from the "
                        "Combat Deck for a level of Exhaustion",
            "loot": "Treasure and Loot: into the hand or the Draw Deck only while the Combat Deck stays legal",
            "remove": "Treasure and Loot: remove a card that keeps the Combat Deck legal",
            "lead": "A party: between fights, in a room, another living character (by number) may take the lead",
        }
        if kind in rules:
            return rules[kind]
        return super().explain(state, action)

    # -- random playthroughs ----------------------------------------------------------------
    def sim_options(self, rng: Rng) -> dict[str, Any]:
        from .sim import sim_hero
        n = rng.choice([1, 1, 2, 3, 4])  # one character alone, or a party of 2 to 4
        return {"hero": sim_hero(rng) if n == 1 else [sim_hero(rng) for _ in range(n)],
                "mode": rng.choice(list(MODES)),
                "updown": rng.choice(["balanced", "balanced", "deck"]), "map_penalty": rng.below(2) == 0}

    def sim_choose(self, state: State, legal_now: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
        from .sim import choose
        return choose(state, legal_now, rng)

    def outcome(self, state: State) -> str:
        return state["outcome"] or "unfinished"


GAME = register(AdsAdventureGame())


def check_grid(fight: State) -> None:
    """Two Dimensional play: nobody shares a square, and every character's Distance to
    every Foe is the one its squares give (but for a Grapple, which holds them at Melee)."""
    from ..grid import apart, category, taken
    squares = taken(fight)
    if len({tuple(sq) for sq in squares}) != len(squares):
        raise ValueError("two in one square")
    for k in range(len(fight["party"]["seats"]) if "party" in fight else 1):
        s = seat_of(fight, k)
        for i, f in enumerate(fight["foes"]):
            d = f["distance"] if s is fight else s["foe_pos"][i]["distance"]
            g = s.get("grapple")
            if f["hp"] > 0 and not (g and g["foe"] == i) and d != category(apart(s["pos"], f["at"])):
                raise ValueError(f"{f['name']} is at {d} but {apart(s['pos'], f['at'])} squares away")
