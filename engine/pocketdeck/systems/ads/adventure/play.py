"""The adventure's rules: walking the Map and Room cards, a room's fight (started here, read
back when it ends: the fight never knows rooms), Rest and wandering Foes, non-combat
obstacles, treasure and loot, XP and levels, fleeing. Every rule by its book section:
docs/rules/ads.md "The adventure".
"""

from __future__ import annotations

from typing import Any

from ....core.rng import Rng
from .. import data
from ..actions import apply as fight_apply
from ..actions import legal as fight_legal
from ..deck import base, coin
from ..maths import DIFFICULTIES, DOWN, UP, difficulty_success
from ..rules import new_fight
from ..fight import win_words
from .. import grid, party
from . import hero as H
from .content import foe_list, here, of, treasures

State = dict[str, Any]
Action = dict[str, Any]


def log(state: State, text: str) -> None:
    state["log"].append(text)
    del state["log"][:-60]


def me(state: State) -> H.Hero:
    return state["heroes"][state["active"]]


def alive(state: State) -> list[int]:
    return [i for i, h in enumerate(state["heroes"]) if h["alive"]]


def in_fight(state: State) -> list[int]:
    """The characters in the running fight, by fight seat (a party's seats; one alone)."""
    return state.get("in_fight") or [state["active"]]


def fall(state: State, why: str) -> bool:
    """A character dies outside a fight. Alone, the adventure ends; in a party the next
    living character takes the lead and the others go on. True when the party goes on."""
    h = me(state)
    h["alive"] = False
    log(state, why)
    left = alive(state)
    if not left:
        finish(state, "lost")
        return False
    state["active"] = left[0]
    log(state, f"{me(state)['name']} leads the party on.")
    state["phase"] = "room"
    return True


# -- what may be done ---------------------------------------------------------------------

def legal(state: State) -> list[Action]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "fight":
        return fight_legal(state["fight"])
    h = me(state)
    if phase == "obstacle":
        ob = here(state)["obstacle"]
        out: list[Action] = []
        if any(base(c) == ob["attribute"] for c in h["hand"]):
            out.append({"type": "overcome", "from": "hand"})
        if any(base(c) == ob["attribute"] for c in h["draw"]) and H.hand_limit(h) > 1:
            out.append({"type": "overcome", "from": "deck"})
        return out + [{"type": "give_up"}]
    if phase == "trim":
        return [{"type": "discard", "card": c} for c in h["hand"]]
    if phase == "loot":
        cid = state["pending"][0]
        b = base(cid)
        out = []
        if any(H.legal_with(h, b, base(c)) for c in h["hand"]):
            out.append({"type": "loot", "to": "hand"})
        if any(H.legal_with(h, b, base(c)) for c in h["draw"]):
            out.append({"type": "loot", "to": "draw"})
        return out + [{"type": "loot", "to": "aside"}, {"type": "loot", "to": "leave"}]
    if phase in ("remove_hand", "remove_draw"):
        b = base(state["pending"][0])
        pile = h["hand"] if phase == "remove_hand" else h["draw"]
        kinds = sorted({base(c) for c in pile if H.legal_with(h, b, base(c))})
        if phase == "remove_hand":
            return [{"type": "remove", "card": c} for c in pile if base(c) in kinds]
        return [{"type": "remove", "card": k} for k in kinds]
    # phase "room"
    room = here(state)
    lead = [{"type": "lead", "hero": k} for k in alive(state) if k != state["active"]]
    blocked = set()
    ob = room["obstacle"]
    if ob and state["room"] not in state["passed"]:
        blocked = set(ob.get("blocks", []))
    out = [{"type": "go", "to": to} for to, _ in room["exits"] if to not in blocked]
    if ob and state["room"] not in state["passed"]:
        out += [{"type": "attempt", "symbol": UP}, {"type": "attempt", "symbol": DOWN}]
    if room["rest"] or state["fights"] > 0:
        # Combat Encounters and Rest: "After or between Combat Encounters during an
        # adventure, Players can choose to have their Characters Rest": the party together
        # (those whose Rest would not kill them) or, in a party, one character alone
        party = len(state["heroes"]) > 1
        if not party or any(H.hand_limit(state["heroes"][k]) > 1 for k in alive(state)):
            out.append({"type": "rest"})
        if party:
            out += [{"type": "rest", "hero": k} for k in alive(state)]
    return out + lead


# -- doing it ---------------------------------------------------------------------------------

def apply(state: State, a: Action, rng: Rng) -> None:
    phase = state["phase"]
    if phase == "fight":
        fight_apply(state["fight"], a, rng)
        if state["fight"]["phase"] == "over":
            fight_over(state, rng)
        return
    {"go": go, "attempt": attempt, "overcome": overcome, "give_up": give_up, "rest": rest,
     "discard": trim_discard, "loot": loot, "remove": remove, "lead": lead}[a["type"]](state, a, rng)


def lead(state: State, a: Action, rng: Rng) -> None:
    """A party: who acts for it between fights (obstacles, loot, the room's Gold)."""
    state["active"] = a["hero"]
    log(state, f"{me(state)['name']} takes the lead.")


def go(state: State, a: Action, rng: Rng) -> None:
    """Map and Room Cards: move to the room whose number the exit names."""
    state["came_from"] = state["room"]
    enter(state, a["to"], rng)


def enter(state: State, rid: str, rng: Rng) -> None:
    room = of(state)["rooms"][rid]
    state["room"] = rid
    first = rid not in state["visited"]
    if first:
        state["visited"].append(rid)
    log(state, f"{rid} ~ {room['name']}: {room['text']}" if first else f"Back in {rid} ~ {room['name']}.")
    if room["solo"] and rid not in state["cleared"]:
        start_fight(state, foe_list(room, len(alive(state))), room, wander=False)
        return
    if not room["solo"] and rid not in state["cleared"]:
        state["cleared"].append(rid)
    award(state, rng)


def start_fight(state: State, foe_ids: list[str], room: dict[str, Any], wander: bool) -> None:
    """Combat Encounters: the Room Description card's Foe list at its Distance, in its
    light; the fight gets the character's piles and gives them back when it ends."""
    # Two Dimensional play is One Dimensional play over squares (systems/ads/grid.py)
    o = {"mode": "line" if state["mode"] in ("grid", "cover") else state["mode"], "place": room["place"], "updown": state["updown"], "start": "first",
         "light": room["light"], "dual": False, "ranged_melee": False}
    start = room["start"] if not wander else ""
    fights = []
    for k in alive(state):
        h = state["heroes"][k]
        deck = {"name": h["name"], "race": h["race"], "class": h["class"], "level": h["level"]}
        fights.append(new_fight(o, deck, "adventure", [], foe_ids, carry=H.carry(h), start=start))
        fights[-1]["max_hp"] = h["max_hp"]
    fight = fights[0]
    if len(fights) > 1:
        # a party: each character's own deck in one fight, hot-seat (systems/ads/party.py)
        party.make(fight, fights[1:])
        state["in_fight"] = alive(state)
    if state["mode"] in ("grid", "cover"):
        grid.setup(fight, fight["foes"][0]["distance"], room["cover"] if state["mode"] == "cover" else None)
    # Pre-Sneaking: "Anyone who has Sneak Cards ... may Pre-Sneak ... when entering a new
    # Room or Combat Zone"; Sneaky Foes "will Pre-Sneak if possible": every fight allows it
    # the Map card's usable Distances (and its Up/Down for the optional penalty); a fight
    # with a Map card offers the Dual Wield declaration at its beginning (flow.dual_offers)
    fight["map"] = {"distances": list(room["distances"]), "updown": "^" if room["updown"] == "up" else "v",
                    "penalty": state.get("map_penalty", False)}
    state["fight"] = fight
    state["wander"] = wander
    state["phase"] = "fight"


def fight_over(state: State, rng: Rng) -> None:
    """The fight's result, read back: won (XP, Gold, the room cleared), fled (no XP; the
    room decides where you end up), lost (the character dies)."""
    fight = state["fight"]
    outcome = fight["outcome"]
    seats = in_fight(state)
    stayed = []  # the characters still in the fight at its end (they share its XP and Gold)
    for k, i in enumerate(seats):
        s = party.seat(fight, k)
        out = fight["party"]["out"][k] if "party" in fight else ""
        H.take_back(state["heroes"][i], dict({x: s[x] for x in H.CARRIED}, persist=s["persist"],
                                             outcome="lost" if out == "fallen" or outcome == "lost" else ""))
        if not out:
            stayed.append(i)
        elif out == "fallen":
            log(state, f"{state['heroes'][i]['name']} has fallen.")
    state.pop("in_fight", None)
    state["fight"], state["last_fight"] = None, {"outcome": outcome, "log": fight["log"][-6:]}
    state["fights"] += 1
    if not alive(state):
        if len(state["heroes"]) == 1:
            log(state, f"{me(state)['name']} has fallen. The adventure ends here.")
        else:
            log(state, "The whole party has fallen. The adventure ends here.")
        finish(state, "lost")
        return
    if not state["heroes"][state["active"]]["alive"]:
        state["active"] = alive(state)[0]
    if outcome == "fled":
        room = here(state)
        if state["wander"]:
            log(state, "You slip away from the wandering Foes; they do not follow you.")
        else:
            back = state["came_from"] or state["room"]
            log(state, f"You fled {room['name']}: no XP. You fall back to {back}; the Foes stay.")
            state["room"], state["came_from"] = back, None
        state["phase"] = "room"
        return
    words = win_words([f["name"] for f in fight["foes"] if f["hp"] <= 0],
                      [f["name"] for f in fight["foes"] if f["fled"] and f["hp"] > 0], fight["xp"], fight["gold"])
    log(state, words.replace(" Gold", " Gold each", 1) if len(stayed) > 1 and fight["xp"] else words)
    for i in stayed:  # XP and Gold shared: the fight gave each its share
        h = state["heroes"][i]
        h["gold"] += fight["gold"]
        for note in H.gain_xp(h, fight["xp"]):
            log(state, note)
    if not state["wander"] and state["room"] not in state["cleared"]:
        state["cleared"].append(state["room"])
    if not state["wander"] and any(f["fled"] and f["hp"] > 0 for f in fight["foes"]):
        state.setdefault("undefeated", []).append(state["room"])  # Map and Room Cards: no Treasure
    state["phase"] = "room"
    award(state, rng)


def award(state: State, rng: Rng) -> None:
    """Treasure and Loot: gained once the room's Foes are defeated and its obstacle (if
    any) overcome. Gold and Treasure go straight to the Character Deck's Story cards;
    playable cards wait for the player's choice. Map and Room Cards: "You gain the Treasure
    and/or Loot when you defeat the Foes in that particular Room": a room where a Foe fled
    (not defeated, The Foe Card) keeps its Gold, Treasure and Loot; the room is still passed
    and a boss room still ends the adventure."""
    rid, h = state["room"], me(state)
    room = of(state)["rooms"][rid]
    state["phase"] = "room"
    if rid in state["looted"] or rid not in state["cleared"] or (room["obstacle"] and rid not in state["passed"]):
        return
    state["looted"].append(rid)
    if rid in state.get("undefeated", []):
        log(state, f"A Foe fled {room['name']}: the Foes were not all defeated, so its Treasure and Loot "
                   "are not yours (Map and Room Cards: gained when you defeat the Foes).")
        if room["boss"]:
            finish(state, "won")
        return
    if room["gold"]:
        h["gold"] += room["gold"]
        log(state, f"You find {room['gold']} Gold.")
    for t in room["treasure"]:
        h["treasure"].append(t)
        log(state, f"Treasure: {treasures()[t]['name']} (worth {treasures()[t]['gold']} Gold).")
    state["pending"] = list(state["room_loot"].pop(rid, []))
    if state["pending"]:
        state["phase"] = "loot"
    elif room["boss"]:
        finish(state, "won")


def loot(state: State, a: Action, rng: Rng) -> None:
    cid, h = state["pending"][0], me(state)
    name = data.card(cid)["name"]
    if a["to"] == "hand":
        state["phase"] = "remove_hand"
        return
    if a["to"] == "draw":
        state["phase"] = "remove_draw"
        return
    state["pending"].pop(0)
    if a["to"] == "aside":
        h["aside"].append(cid)
        log(state, f"{name} is set aside in your Character Deck.")
    else:
        state["left"].append(cid)
        log(state, f"You leave the {name} behind.")
    next_loot(state)


def remove(state: State, a: Action, rng: Rng) -> None:
    """Into the hand, another card of the hand leaves the game; into the Draw Deck, a card
    of the Draw Deck does (then the draw deck is shuffled): the Combat Deck stays at 52."""
    cid, h = state["pending"].pop(0), me(state)
    if state["phase"] == "remove_hand":
        gone = a["card"]
        h["hand"].remove(gone)
        h["hand"].append(cid)
        where = "your hand"
    else:
        gone = next(c for c in h["draw"] if base(c) == a["card"])
        h["draw"].remove(gone)
        h["draw"].append(cid)
        rng.shuffle(h["draw"])
        where = "your Draw Deck"
    h["removed"].append(gone)
    log(state, f"{data.card(cid)['name']} goes into {where}; {data.card(gone)['name']} is removed from the game.")
    next_loot(state)


def next_loot(state: State) -> None:
    state["phase"] = "loot" if state["pending"] else "room"
    if not state["pending"] and here(state)["boss"]:
        finish(state, "won")


def updowns(state: State, rng: Rng, n: int) -> list[str]:
    """Up/Down Randomization from the source "declared at the beginning of the game", for
    "Picking a lock or forcing a door open" and the Wandering Foes table too: the balanced
    deck (a fair coin per draw), or the leader's own Combat Draw Deck (a card looked at
    and shuffled back, as in a fight: `deck.updown`)."""
    if state["updown"] != "deck":
        return [coin(rng) for _ in range(n)]
    h = me(state)
    out = []
    for _ in range(n):
        pile = h["draw"] or h["discard"] or h["hand"]
        cid = rng.choice(pile)
        if pile is h["draw"]:
            rng.shuffle(h["draw"])
        out.append(data.instance_symbol(cid))
    return out


def attempt(state: State, a: Action, rng: Rng) -> None:
    """Non-Combat Encounters: the target is declared before the draw (the room gives the
    difficulty, the player the symbol)."""
    ob = here(state)["obstacle"]
    n = int(DIFFICULTIES[ob["difficulty"]]["draw"])  # type: ignore[call-overload]
    drawn = updowns(state, rng, n)
    ok = difficulty_success(ob["difficulty"], a["symbol"], drawn)
    state["obstacle_draw"] = {"declared": a["symbol"], "drawn": drawn, "ok": ok}
    title = DIFFICULTIES[ob["difficulty"]]["title"]
    log(state, f"{ob['name']} ({title}): you declare {updown_words(a['symbol'])} and draw "
               f"{updown_words(*drawn)}: " + ("success." if ok else "a failure."))
    if ok:
        overcome_done(state, rng)
    else:
        state["phase"] = "obstacle"


def overcome(state: State, a: Action, rng: Rng) -> None:
    """A failed task: play the Attribute card from the hand (then draw a replacement), or
    draw it from the Combat Deck at the price of a level of Exhaustion (then discard a
    card of your choice for the smaller hand)."""
    ob, h = here(state)["obstacle"], me(state)
    pile = h["hand"] if a["from"] == "hand" else h["draw"]
    cid = next(c for c in pile if base(c) == ob["attribute"])
    pile.remove(cid)
    h["discard"].append(cid)
    if a["from"] == "hand":
        log(state, f"You play a {ob['attribute'].title()} card from your hand and draw a replacement.")
        draw_card(h, rng)
    else:
        h["exhaustion"] += 1
        log(state, f"You dig a {ob['attribute'].title()} card out of your Combat Deck: a level of Exhaustion "
                   f"(hand maximum {H.hand_limit(h)}).")
    overcome_done(state, rng)
    if len(h["hand"]) > H.hand_limit(h):
        state["resume"] = state["phase"]
        state["phase"] = "trim"


def overcome_done(state: State, rng: Rng) -> None:
    state["passed"].append(state["room"])
    if not here(state)["solo"] and state["room"] not in state["cleared"]:
        state["cleared"].append(state["room"])
    award(state, rng)


def give_up(state: State, a: Action, rng: Rng) -> None:
    """The obstacle stays; its damage is the environment's (Exhaustion instead of death)."""
    ob, h = here(state)["obstacle"], me(state)
    state["phase"] = "room"
    hurt(state, ob.get("damage", 0), ob["name"])


def hurt(state: State, dmg: int, what: str) -> None:
    h = me(state)
    if dmg <= 0:
        log(state, f"{what} stays unsolved.")
        return
    h["hp"] -= dmg
    log(state, f"{what}: {dmg} damage ({max(h['hp'], 0)}/{h['max_hp']} HP).")
    if h["hp"] <= 0:
        if H.hand_limit(h) <= 1:
            fall(state, f"{h['name']} dies.")
            return
        h["hp"] = 1
        h["exhaustion"] += 1
        log(state, f"A level of Exhaustion instead of death: 1 HP, hand maximum {H.hand_limit(h)}.")
        if len(h["hand"]) > H.hand_limit(h):
            state["resume"], state["phase"] = "room", "trim"


def trim_discard(state: State, a: Action, rng: Rng) -> None:
    h = me(state)
    h["hand"].remove(a["card"])
    h["discard"].append(a["card"])
    if len(h["hand"]) <= H.hand_limit(h):
        over = [k for k in alive(state) if len(state["heroes"][k]["hand"]) > H.hand_limit(state["heroes"][k])]
        if over:  # a party's Rest: the next character discards down too
            state["active"] = over[0]
            return
        state["phase"] = state.pop("resume", "room")
        if state["phase"] == "wander":
            wander(state, rng)


def draw_card(h: H.Hero, rng: Rng) -> None:
    if h["draw"]:
        h["hand"].append(h["draw"].pop())


def rest(state: State, a: Action, rng: Rng) -> None:
    """Combat Encounters and Rest: the discard pile back into the draw deck, reshuffled;
    a level of Fatigue; Hit Points and a Disease restored (our choice); then the room's
    wandering Foes table, by two Up/Downs. "Players can choose to have their Characters
    Rest": ``hero`` names the one character of a party who rests alone (their player's
    choice, even where it kills); the party's Rest leaves out anyone at a hand maximum of 1,
    whom one more Fatigue would kill without their player choosing it."""
    state["rests"] += 1
    party = len(state["heroes"]) > 1
    lead = state["active"]
    for k in [a["hero"]] if "hero" in a else alive(state):  # the party rests together, or one alone
        state["active"] = k if party else state["active"]
        h = me(state)
        if H.hand_limit(h) <= 1 and party and "hero" not in a:
            log(state, f"{h['name']} does not rest: one more level of Fatigue at a hand maximum of 1 would kill them.")
            continue
        if H.hand_limit(h) <= 1:
            if not fall(state, f"One more level of Fatigue at a hand maximum of 1: the Rest kills "
                               f"{h['name'] if party else 'you'}."):
                return
            continue
        h["draw"] += h["discard"]
        h["discard"] = []
        rng.shuffle(h["draw"])
        h["fatigue"] += 1
        h["hp"] = h["max_hp"]
        h.pop("disease", None)  # DISEASE: "Countered at any point by ... taking a Rest"
        log(state, f"{h['name'] + ' rests' if party else 'You rest'}: the discards are shuffled back, full "
                   f"Hit Points, Fatigue {h['fatigue']} (hand maximum {H.hand_limit(h)}).")
    if "hero" in a and state["heroes"][lead]["alive"]:
        state["active"] = lead  # one character's Rest does not change who leads
    over = [k for k in alive(state) if len(state["heroes"][k]["hand"]) > H.hand_limit(state["heroes"][k])]
    if over:
        state["active"] = over[0]
        state["resume"], state["phase"] = "wander", "trim"
        return
    wander(state, rng)


def updown_words(*symbols: str) -> str:
    """Up/Downs in words for the log (issue 50: symbols are drawn or named, never spelt)."""
    return ", ".join("Up" if x == UP else "Down" for x in symbols)


def wander(state: State, rng: Rng) -> None:
    """Wandering Foes: the rest spot's own table, one row by two Up/Downs."""
    room = here(state)
    state["phase"] = "room"
    drawn = updowns(state, rng, 2)
    # a room without a table of its own: the adventure's rest spot's (the keep's wanderers);
    # an adventure with none (a made one may have none): nobody ever comes
    table = room["wander"] or next((r["wander"] for r in of(state)["rooms"].values() if r["wander"]), [[]] * 4)
    row = table[(drawn[0] == DOWN) * 2 + (drawn[1] == DOWN)]
    foes = [fid for fid, n in row for _ in range(n)]
    if foes:
        log(state, f"Wandering Foes ({updown_words(*drawn)}): " + ", ".join(data.foe_card(f)["name"] for f in foes) + "!")
        start_fight(state, foes, room, wander=True)
    else:
        log(state, f"Wandering Foes ({updown_words(*drawn)}): nobody comes.")


def finish(state: State, outcome: str) -> None:
    state["phase"] = "over"
    state["outcome"] = outcome
    if outcome == "won":
        log(state, of(state)["info"]["won"])
