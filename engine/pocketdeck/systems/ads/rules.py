"""The ADS game system: a solo fight with a ready-made 52-card Combat Deck against Foes.

Rules notes and where each rule lives: docs/rules/ads.md.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game, IllegalAction, register
from ...core.rng import Rng
from . import data
from .foecard import card_problem
from .actions import apply as apply_action
from .actions import hand_status, legal
from .deck import hand_max
from .view import view as make_view

State = dict[str, Any]
MODES = ("simple", "line")
PLACES = ("outdoors", "indoors")
SOURCES = ("balanced", "deck")
STARTS = ("first", "random")
LIGHTS = ("dim", "dark", "bright")


def new_fight(o: dict[str, Any], deck: dict[str, Any], deck_id: str, instances: list[str],
              foe_ids: list[str], carry: dict[str, Any] | None = None, start: str = "") -> State:
    """A fight's first state: a character (``deck``: name, race, class, level) with the
    52 card ``instances`` of its Combat Deck against the Foes ``foe_ids`` (1 to 4), with
    the fight options ``o``. ``carry`` is what a fight brings from before it (the adventure
    layer: hp, draw, hand, discard, fatigue, exhaustion); with a hand carried in, the fight
    starts at initiative (the starting hand was chosen at the adventure's first fight).
    The fight itself never knows where it takes place."""
    hp = data.player_hp(deck["race"], deck["class"], deck["level"])
    # Ways to Play: outdoors fights start at Ranged, indoors at Thrown distance
    start = start or ("ranged" if o["place"] == "outdoors" else "thrown")
    several: dict[str, int] = {}
    for fid in foe_ids:
        several[fid] = several.get(fid, 0) + 1
    seen: dict[str, int] = {}
    foes = []
    for fid in foe_ids:
        f = data.foe_card(fid)
        k = seen[fid] = seen.get(fid, 0) + 1
        foes.append({"id": fid, "name": f["name"] + (f" {chr(64 + k)}" if several[fid] > 1 else ""),
                     "hp": f["hp"], "max_hp": f["hp"], "distance": start, "hidden": False, "fled": False,
                     "hampered": False, "closed": False, "took_since_turn": 0, "took_in_free": 0, "hurt_tick": -10})
    has_shields = any(data.card(c)["kind"] == "shield" for c in instances)
    carry = carry or {}
    hand = list(carry.get("hand", []))
    names = sorted({data.foe_card(fid)["name"] for fid in foe_ids})
    meets = (f"{len(foes)} {names[0]}{'s' if len(foes) > 1 else ''}" if len(names) == 1
             else f"{len(foes)} Foes ({', '.join(names)})")
    hp_now = carry.get("hp", hp)
    first = ("Choose 4 cards for your starting hand (not Fortitude)." if not hand
             else "You come in with the hand you held. Declare for the initiative.")
    return {
        "phase": "initiative" if hand else "choose", "mode": o["mode"], "light": o["light"],
        "updown": o["updown"], "start": o["start"],
        "deck": deck_id, "hero": deck["name"], "race": deck["race"], "class": deck["class"],
        "level": deck["level"], "hp": hp_now, "max_hp": hp, "players": 1,
        "draw": list(carry.get("draw", instances)), "hand": hand, "discard": list(carry.get("discard", [])),
        "persist": [], "fatigue": carry.get("fatigue", 0), "exhaustion": carry.get("exhaustion", 0),
        "round": 1, "count": 1, "order": [], "turn": -1,
        # you come to the fight with your gear on: a shield is ready if the deck has one
        "armed": None, "offhand": None, "dual": o["dual"], "dual_declared": o["dual"],
        "shield": has_shields and not o["dual"], "has_shields": has_shields, "shield_cover": 0,
        "base_used": {"class": False, "race": False}, "foes": foes, "pending": None,
        "ranged_melee": o["ranged_melee"], "disease": carry.get("disease"), "grapple": None, "avoid": 0, "sneak_bonus": False,
        "fleeing": False, "hampered": False, "flee_queue": None,
        "free_turn": None, "presneak": [], "begun": False, "fresh": False, "reacted": False,
        "after_discard": "end", "exhaust_from": "", "_last_draw_card": "",
        "log": [f"{deck['name']} ({deck['race'].title()} {deck['class'].title()}, level {deck['level']}, "
                f"{hp_now} HP) meets {meets}. {first}"],
        "draws": [], "outcome": None, "xp": 0, "gold": 0,
    }


class AdsGame(Game):
    # the screen's note of which Up/Down draws the last action made decides nothing
    presentation_keys = ("log", "draws_made", "draws_before")
    name = "ads"
    title = "Adventure Deck System"
    sim_step_cap = 3000
    # a Foe made on the phone (systems/ads/made.py): the game keeps its card, so editing the
    # Foe later never changes a game under way, and a shared game carries the Foe it needs
    optional_options = ("card",)

    def default_options(self) -> dict[str, Any]:
        return {"deck": "warrior", "foe": "goblin_skirmisher", "count": 1, "mode": "simple",
                "place": "indoors", "updown": "balanced", "start": "first", "light": "dim", "dual": False,
                "ranged_melee": False}

    def check_options(self, o: dict[str, Any]) -> None:
        if o["deck"] not in data.decks():
            raise IllegalAction(f"deck: unknown ready-made deck {o['deck']!r}")
        if "card" in o:
            reason = card_problem(o["card"])
            if reason or o["foe"] != o["card"]["id"]:
                raise IllegalAction(f"card: not a Foe this app plays ({reason or 'its id is not the foe chosen'})")
        elif o["foe"] not in data.foes():
            raise IllegalAction(f"foe: unknown Foe {o['foe']!r}")
        if not isinstance(o["count"], int) or isinstance(o["count"], bool) or not 1 <= o["count"] <= 4:
            raise IllegalAction("count: 1 to 4 Foes")
        if not isinstance(o["ranged_melee"], bool):
            raise IllegalAction("ranged_melee: true or false (the optional rule: Ranged weapons at Melee)")
        if not isinstance(o["dual"], bool):
            raise IllegalAction("dual: true or false (Dual Wielding is declared at the start)")
        for key, allowed in (("mode", MODES), ("place", PLACES), ("updown", SOURCES), ("start", STARTS),
                             ("light", LIGHTS)):
            if o[key] not in allowed:
                raise IllegalAction(f"{key}: one of {', '.join(allowed)}")

    def _new(self, o: dict[str, Any], rng: Rng) -> State:
        if "card" in o:
            data.remember(o["card"])
        deck = data.decks()[o["deck"]]
        return new_fight(o, deck, o["deck"], data.deck_instances(o["deck"]), [o["foe"]] * o["count"])

    def legal_actions(self, state: State) -> list[dict[str, Any]]:
        return legal(state)

    def _apply(self, state: State, action: dict[str, Any], rng: Rng) -> None:
        apply_action(state, action, rng)

    def view(self, state: State, seat: str) -> dict[str, Any]:
        now = legal(state)
        return make_view(state, now, hand_status(state, now))

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def card_total(self, state: State) -> int:
        """The 52 cards: draw deck, hand, discards and persistent cards held face-out."""
        return len(state["draw"]) + len(state["hand"]) + len(state["discard"]) + len(state["persist"])

    def check_state(self, state: State) -> None:
        if state["phase"] != "over" and state["phase"] != "choose" and hand_max(state) < 1:
            raise ValueError("the hand maximum fell below 1 without the character dying")
        check_counts(state)

    def explain(self, state: State, action: dict[str, Any]) -> str:
        kind = action.get("type") if isinstance(action, dict) else None
        phase = state["phase"]
        if phase == "over":
            return "the fight is over"
        if state.get("party", {}).get("cover"):
            return f"hot-seat: pass the phone to {state['hero']} first (only 'ready' under the cover)"
        if kind == "ready":
            return "hot-seat: 'ready' only while the pass-the-phone cover is up"
        if kind == "play" and phase == "turn":
            card = data.cards().get(str(action.get("card")))
            if card is None:
                return "that card is not in this game"
            r = state["round"]
            if card["rondel"][r - 1] == "-":
                from .facts import play_price
                price = play_price(card, r)
                if price:
                    return (f"Boost Requirement (Combat Rondel): {card['name']} on Round {r} needs "
                            f"{price[0]} {price[1].title()} cards")
                return f"Combat Rondel: {card['name']} cannot be played on Round {r}"
            from .facts import hands_full
            if card["kind"] == "spell" and hands_full(state):
                return ("Play a Normal Action Card: Spell Cards cannot be cast if both of your hands are "
                        "occupied (Dual Wielding, or a weapon and a shield)")
            return (f"{card['name']} cannot be played like that now (Playable Round, Boost limit of "
                    "one per action and R Attribute cards, requirements, free hand, Distance)")
        rules = {
            "recall": "Recall: not on a Round below the card's level (7+ on Round 6 only), by a listed "
                      "class or race, the cost paid in its Attributes",
            "grapple": "Grapple (Melee Distance Only): a visible Foe at Melee, by a Strength card or a declared Up/Down",
            "dual_attack": "Dual Wield: declared at the start, both weapons on a shared primary Round, sizes allowed",
            "react": "Reaction/Counter: one Reaction per attack, a defense that applies (Physical vs Ethereal, "
                     "shields ready, Melee-only parries), at most R Attribute cards as its Boost",
            "counter": "Reaction/Counter: only an Attribute the attack lists, from your hand",
            "move": "Ways to Play: Move only in One Dimensional play, one category, not in a Grapple",
            "flee": "Fleeing: on your own turn, not in a Grapple",
            "arm": "Weapons: swap to a weapon card in your hand (a two-handed one needs the shield dropped)",
            "escape": "Grapple: escaping is a Normal Action while a Foe holds you (a Strength or Agility card "
                      "in hand, or a declared Up/Down)",
            "retrieve": "Weapons: only a weapon knocked out of your hand (disarmed) can be retrieved",
            "updown_counter": "Spells: an Up/Down counter only against a Foe's spell that has one",
        }
        if kind in rules and phase in ("turn", "react"):
            return rules[kind]
        party_rules = {
            "into": "Grapple: declare an Up/Down only when attacking a Foe an ally is in a Grapple with",
            "aid": "Reaction/Counter for an ally: a Shield you wield (ally at Melee) or an Ethereal Defense "
                   "spell (Melee or Thrown), only when a Foe attacks them and asks you",
            "no_aid": "Reaction/Counter for an ally: only when a Foe attacks them and asks you",
        }
        if kind in party_rules:
            return party_rules[kind]
        if kind == "dual_wield":
            return ("Dual Wield: declared at the beginning of Combat (before the Initiative), by a character "
                    "with two weapons that may be wielded together, once")
        if kind == "split" and phase == "split":
            return "Energy Bolt: divide the damage between up to R+1 Foes in reach"
        p = state.get("pending") or {}
        if kind == "grapple_card" and phase == "grapple_counter" and p.get("kind") == "escape_counter":
            return (f"Re-Counter: only with an Attribute Card matching the Attribute on the Card you originally "
                    f"Played ({str(p.get('how')).title()}, the card you escaped with)")
        if kind in ("grapple_card", "grapple_yield", "strike_back", "no_strike") and phase not in ("ward_off",
                                                                                                  "grapple_counter"):
            return "Grapple: these answers belong to a Foe's Grapple attempt (Overwhelm)"
        if phase != "turn" and kind in ("play", "pass", "move", "flee", "recall", "grapple"):
            return f"it is not your turn to act (the fight is at: {phase})"
        return super().explain(state, action)

    # -- random playthroughs ------------------------------------------------------
    def sim_options(self, rng: Rng) -> dict[str, Any]:
        return {"deck": rng.choice(sorted(data.decks())), "foe": rng.choice(sorted(data.foes())),
                "count": rng.choice([1, 1, 2, 3, 4]), "mode": rng.choice(MODES),
                "place": rng.choice(PLACES), "updown": rng.choice(["balanced", "balanced", "deck"]),
                "start": rng.choice(STARTS), "light": rng.choice(["dim", "dim", "dark", "bright"]),
                "dual": rng.below(3) == 0, "ranged_melee": rng.below(2) == 0}

    def sim_choose(self, state: State, legal_now: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
        from .sim import choose
        return choose(state, legal_now, rng)

    def outcome(self, state: State) -> str:
        return state["outcome"] or "unfinished"


GAME = register(AdsGame())



def check_counts(h: dict[str, Any]) -> None:
    """What the rules cannot reach (issue 28: a checkpoint read back from storage): a Level
    card of 1 to 10, a Hit Point maximum of 1 or more, counts (Fatigue, Exhaustion, XP,
    Gold) that are never negative. Used for the fight and for each adventurer. (Hit Points
    themselves pass their maximum and 0 in play: random fights reach both.)"""
    def whole(v: Any, low: int, high: int) -> bool:
        return type(v) is int and low <= v <= high
    if not whole(h["level"], 1, 10) or not whole(h["max_hp"], 1, 10_000) or not whole(h["hp"], -10_000, 10_000):
        raise ValueError("the Level card is 1 to 10 and the Hit Point maximum 1 or more (Character Deck)")
    for key in ("fatigue", "exhaustion", "xp", "gold"):
        if key in h and not whole(h[key], 0, 10**9):
            raise ValueError(f"{key} is a count of 0 or more")
