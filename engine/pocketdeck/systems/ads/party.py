"""A party of 2 to 4 characters in one fight, hot-seat on one phone.

Why a seat swap and not a fight rewritten for many players: the fight's rules (turn,
counters, reactions, grapples, Fatigue...) are written against "the player", the fields at
the top of the state. A party fight keeps each character's own fields (deck, hand, HP,
Fatigue, gear, Disease, Grapple...) and each character's Distance to every Foe in
``state["party"]["seats"]``; the character whose turn it is, or whom a Foe attacks, is
swapped to the top (``enter``) and the unchanged rules play for them. A fight of one
character has no ``party`` key and plays byte for byte as before.

Rules (docs/rules/ads.md "The party"): turn order by Initiative (the winning side first,
characters in seat order); Foes choose their target by their Attack traits (``aim``); a
character who falls or flees leaves the fight and the others fight on; the fight ends when
every Foe or every character is out; XP and Gold are shared among the characters still in.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data
from .deck import base, log
from .maths import apart, tick

State = dict[str, Any]
# the fields that belong to one character (the rest of the state is the fight's)
PERSONAL = ("deck", "hero", "race", "class", "level", "hp", "max_hp", "draw", "hand", "discard", "persist",
            "fatigue", "exhaustion", "armed", "offhand", "dual", "dual_declared", "shield", "has_shields",
            "shield_cover", "base_used", "disease", "grapple", "foe_grapple", "avoid", "sneak_bonus", "fleeing",
            "hampered", "dropped", "fresh", "reacted", "after_discard", "exhaust_from", "_last_draw_card", "pos")
# each character's own position toward each Foe
FOE_PERSONAL = ("distance", "closed", "pursued", "backed")
ATTACK_TRAITS = ("merciless", "attack_biggest_threat", "attack_prevent_recovery", "attack_punish_spellcasting",
                 "attack_retaliation", "attack_opportunist", "attack_brutal")
MAX_SEATS = 4


def make(state: State, others: list[State]) -> None:
    """Turn a one-character fight ``state`` into a party fight with the characters of the
    fights ``others`` (each built by ``rules.new_fight`` for its own character)."""
    seats = [{"foe_pos": []}] + [_pack(o) for o in others]
    n = len(seats)
    state["players"] = n
    state["party"] = {"seats": seats, "active": 0, "shown": 0, "cover": False, "out": [""] * n,
                      "choose": [k for k in range(1, n) if not others[k - 1]["hand"]],
                      "presneak_left": [], "dealt": [[0] * n for _ in state["foes"]],
                      "hit_by": [-1] * len(state["foes"]), "healed": -1, "cast": -1, "aim": None}
    state["log"] = state["log"] + [o["log"][0] for o in others]


def _pack(state: State) -> dict[str, Any]:
    seat = {k: state[k] for k in PERSONAL if k in state}
    seat["foe_pos"] = [{k: f[k] for k in FOE_PERSONAL if k in f} for f in state["foes"]]
    return seat


def active(state: State) -> int:
    return state["party"]["active"] if "party" in state else 0


def names(state: State) -> list[str]:
    if "party" not in state:
        return [state["hero"]]
    return [seat(state, k)["hero"] for k in range(len(state["party"]["seats"]))]


def seat(state: State, k: int) -> dict[str, Any]:
    """Character ``k``'s own fields, current (the active one lives at the top)."""
    if "party" not in state or k == state["party"]["active"]:
        return state
    return state["party"]["seats"][k]


def seats_in(state: State) -> list[int]:
    """The characters still in the fight (not fallen, not fled)."""
    if "party" not in state:
        return [0]
    return [k for k, out in enumerate(state["party"]["out"]) if not out]


def enter(state: State, k: int) -> None:
    """Bring character ``k`` to the top of the state (the rules then play for them)."""
    p = state["party"]
    if p["active"] == k:
        return
    p["seats"][p["active"]] = _pack(state)
    new = p["seats"][k]
    for key in PERSONAL:
        if key in new:
            state[key] = new[key]
        else:
            state.pop(key, None)
    for f, pos in zip(state["foes"], new["foe_pos"]):
        f.update(pos)
    p["seats"][k] = {"foe_pos": []}  # stale while active: ``seat`` reads the top
    p["active"] = k
    g = state.get("grapple")
    if g and state["foes"][g["foe"]]["hp"] <= 0:
        state["grapple"] = None


def order(state: State) -> list[str]:
    """The characters' places in the turn order: "player" alone, "p0".."p3" in a party."""
    if "party" not in state:
        return ["player"]
    return [f"p{k}" for k in range(len(state["party"]["seats"]))]


def take_turn(state: State, actor: str) -> bool:
    """Whether ``actor`` (from the turn order) is a character who plays now; enters them."""
    if actor == "player":
        return True
    k = int(actor[1:])
    if state["party"]["out"][k]:
        return False
    enter(state, k)
    return True


def each(state: State, fn: Any) -> None:
    """Run ``fn(state)`` for every character still in (Round effects: persistent cards,
    Base Actions, shields, Disease), then come back to the one who was active."""
    if "party" not in state:
        fn(state)
        return
    back = state["party"]["active"]
    for k in seats_in(state):
        enter(state, k)
        fn(state)
        if state["phase"] == "over":
            if not leave(state):
                return  # the last character fell: the fight is over
            state["phase"] = "foe"  # the others' Round goes on
    left = seats_in(state)
    enter(state, back if back in left else left[0])


# -- the start ----------------------------------------------------------------------

def next_chooser(state: State) -> bool:
    """Order of play, for each character: the next one still to choose a starting hand."""
    if "party" not in state or not state["party"]["choose"]:
        if "party" in state:
            enter(state, 0)  # the first character declares the party's Initiative
        return False
    enter(state, state["party"]["choose"].pop(0))
    return True


def sneakers(state: State) -> list[int]:
    """The characters with Sneak cards anywhere in their Combat Deck (Pre-Sneaking)."""
    out = []
    for k in seats_in(state):
        s = seat(state, k)
        if any(base(c) == "sneak" for c in s["draw"] + s["hand"] + s["discard"]):
            out.append(k)
    return out


def next_presneak(state: State) -> bool:
    """The next character who may still choose to Pre-Sneak; enters them."""
    if "party" not in state or not state["party"]["presneak_left"]:
        return False
    enter(state, state["party"]["presneak_left"].pop(0))
    return True


def enter_first(state: State) -> None:
    """Before the first Round: the first character still in holds the phone."""
    if "party" in state and seats_in(state):
        enter(state, seats_in(state)[0])


# -- what the Foes remember for their Attack traits -----------------------------------

def note_action(state: State, a: dict[str, Any]) -> None:
    """Before an action: who cast a spell, who healed, who attacked which Foe."""
    if "party" not in state:
        return
    p, k, t = state["party"], state["party"]["active"], a["type"]
    card = data.card(a["card"]) if t in ("play", "dual_attack") else None
    if t == "base":
        heals = data.base_action(state, a["which"]).get("effect") == "heal"
    else:
        heals = bool(card and card["effect"] == "heal")
    if heals:
        p["healed"] = k
    if card and card["kind"] == "spell":
        p["cast"] = k
    foe = a.get("foe", -1)
    if t in ("play", "base", "dual_attack", "grapple", "split") and isinstance(foe, int) and foe >= 0 and not heals:
        p["hit_by"][foe] = k


def note_damage(state: State, i: int, dealt: int) -> None:
    if "party" in state and dealt > 0:
        state["party"]["dealt"][i][state["party"]["active"]] += dealt


# -- a Foe chooses its target ------------------------------------------------------------

def aim(state: State, rng: Rng, i: int) -> None:
    """Foe Traits, ATTACK - ...: the Foe takes its Offensive Actions against the character
    its trait names, and that character answers them. A Grapple binds: a Foe holding or
    held by a character stays on them. Merciless, once its Rounds have passed, overrides the
    Attack trait ("all Foes of this type will focus their attacks on their most wounded
    Opponent"). A Foe without an Attack trait, or whose trait names nobody yet (nobody has
    healed, cast or attacked it), goes for the nearest character; ties by a seeded draw."""
    k, why = target(state, rng, i)
    p = state["party"]
    p["aim"] = {"foe": i, "seat": k, "why": why}
    enter(state, k)
    log(state, f"{state['foes'][i]['name']} goes for {state['hero']} ({why}).")


def target(state: State, rng: Rng, i: int) -> tuple[int, str]:
    live = seats_in(state)
    for k in live:
        g = seat(state, k).get("grapple")
        if g and g["foe"] == i:
            return k, "in a Grapple with them"
    foe = state["foes"][i]
    traits = {t[0]: t for t in data.foe_card(foe["id"]).get("traits", []) if t[0] in ATTACK_TRAITS}
    m = traits.get("merciless")
    if m and _rounds_in(state) >= m[1]:
        return _best(rng, live, lambda k: _wounds(state, k)), "Merciless: the most wounded"
    p = state["party"]
    for name in ATTACK_TRAITS[1:]:
        if name not in traits:
            continue
        if name == "attack_biggest_threat" and any(p["dealt"][i][k] for k in live):
            return _best(rng, live, lambda k: p["dealt"][i][k]), "Biggest Threat: hurt it most"
        if name == "attack_prevent_recovery" and p["healed"] in live:
            return p["healed"], "Prevent Recovery: healed last"
        if name == "attack_punish_spellcasting" and p["cast"] in live:
            return p["cast"], "Punish Spellcasting: cast last"
        if name == "attack_retaliation" and p["hit_by"][i] in live:
            return p["hit_by"][i], "Retaliation: attacked it last"
        if name == "attack_opportunist":
            return _nearest(state, rng, i, live), "Opportunist: the nearest"
        if name == "attack_brutal":
            return _best(rng, live, lambda k: -seat(state, k)["hp"]), "Brutal: the lowest HP"
    return _nearest(state, rng, i, live), "the nearest"


def _rounds_in(state: State) -> int:
    return tick(state) - state.get("start_tick", tick(state))


def _wounds(state: State, k: int) -> int:
    s = seat(state, k)
    return s["max_hp"] - s["hp"]


def _nearest(state: State, rng: Rng, i: int, live: list[int]) -> int:
    """OPPORTUNIST "the nearest Opponent" (and the default of a Foe with no Attack trait):
    the nearest Distance category; in Two Dimensional play nearest is counted in squares,
    so of two characters at Thrown the one 2 squares off comes before the one 4 off. Only
    a true tie is a seeded draw."""
    foe = state["foes"][i]

    def near(k: int) -> tuple[int, int]:
        s = seat(state, k)
        pos = foe if s is state else s["foe_pos"][i]
        squares = apart(s["pos"], foe["at"]) if "grid" in state and "pos" in s and "at" in foe else 0
        return data.DISTANCES.index(pos["distance"]), -squares
    return _best(rng, live, near)


def _best(rng: Rng, live: list[int], key: Any) -> int:
    top = max(key(k) for k in live)
    tied = [k for k in live if key(k) == top]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


# -- a character leaves the fight ------------------------------------------------------------

def leave(state: State) -> bool:
    """The active character fell or fled (the fight said "over"): they leave the fight.
    True while others fight on (the fight is then no longer over); with nobody left the
    fight ends lost, or fled if anyone got away."""
    p = state["party"]
    k = p["active"]
    p["out"][k] = "fallen" if state["outcome"] == "lost" else "fled"
    log(state, f"{state['hero']} {'has fallen' if state['outcome'] == 'lost' else 'got away'}.")
    left = seats_in(state)
    if not left:
        state["outcome"] = "fled" if "fled" in p["out"] else "lost"
        return False
    state["players"] = len(left)
    for key in ("grapple", "foe_grapple", "pending", "free_turn", "flee_queue"):
        if key in state:
            state[key] = None
    state["fleeing"] = False
    for key in ("sneak_try", "grapple_try", "attack_queue", "split"):
        state.pop(key, None)
    p["choose"] = [c for c in p["choose"] if c != k]
    p["presneak_left"] = [c for c in p["presneak_left"] if c != k]
    state["outcome"] = None
    return True


def ready(state: State, a: dict[str, Any], rng: Rng) -> None:
    """Hot-seat: the next player has the phone; their hand may now be shown."""
    p = state["party"]
    p["cover"] = False
    p["shown"] = p["active"]


def card_count(state: State) -> int:
    """Every card of every character in the fight (conservation)."""
    total = 0
    for k in range(len(state["party"]["seats"]) if "party" in state else 1):
        s = seat(state, k)
        total += len(s["draw"]) + len(s["hand"]) + len(s["discard"]) + len(s["persist"])
    return total


def view(state: State) -> dict[str, Any] | None:
    """Every character at a glance (the hand only by count), whose turn it is, and the
    pass-the-phone cover. None for a character alone."""
    if "party" not in state:
        return None
    from .deck import hand_max
    p = state["party"]
    out = []
    for k in range(len(p["seats"])):
        s = seat(state, k)
        out.append({"name": s["hero"], "class": s["class"], "level": s["level"], "hp": max(s["hp"], 0),
                    "max_hp": s["max_hp"], "hand": len(s["hand"]), "hand_max": hand_max(s),
                    "fatigue": s["fatigue"], "exhaustion": s["exhaustion"], "out": p["out"][k],
                    "active": k == p["active"]})
    aim = p["aim"]
    return {"seats": out, "active": p["active"], "cover": p["cover"],
            "aim": ({"foe": state["foes"][aim["foe"]]["name"], "name": seat(state, aim["seat"])["hero"],
                     "why": aim["why"]} if aim else None)}
