"""The player's turn: the Normal Actions (fully enumerated) and what each does: plays with
Boosts, Base Actions, Recall, Move, gear and Dual Wield.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from ...core.rng import Rng
from . import data
from .deck import base, count_in_hand, discard, draw_one, hand_max, log, match_one, note, take
from .fight import live_foes, room_fits, sight_check, tick
from .maths import DOWN, UP, r_value
from . import allies, attack, foegrapple, grapple, grid, steps
from .facts import (allowed, base_action, not_normal, requirement_missing, base_value, dropped, dual_damage, dual_pair_ok, free_hand, held, is_ranged,
                    needs_swap_for, play_damage, play_heal, play_price, slot, sneaking, take_up, targets)

State = dict[str, Any]
Action = dict[str, Any]
SYM = (UP, DOWN)


def turn_actions(state: State) -> list[Action]:
    """Every action of the player's turn; in the free Turn a fleeing Foe gives, only those
    against it (Fleeing: "one CURRENT Round of Normal Actions that Target You", "an extra
    Turn this Round against the Player or Foe that Flees")."""
    out = _all_turn_actions(state)
    i = state["free_turn"]
    if i is None:
        return out
    return [a for a in out if a["type"] == "pass" or _against(state, a, i)]


def _against(state: State, a: Action, i: int) -> bool:
    """Does action ``a`` target Foe ``i`` alone (no area; a divided Energy Bolt is not
    divided in the free Turn: `_play`)?"""
    if a["type"] == "grapple_strike":
        return state["grapple"]["foe"] == i
    if a["type"] not in ("play", "base", "dual_attack", "grapple") or a.get("foe") != i:
        return False
    return a["type"] != "play" or not data.card(a["card"]).get("area")


def _all_turn_actions(state: State) -> list[Action]:
    out: list[Action] = [{"type": "pass"}]
    if state["fresh"] and len(state["hand"]) == hand_max(state) and state["draw"]:
        out.append({"type": "draw_over"})
    if state["grapple"] and state["grapple"].get("holder") == "foe":
        return out + foegrapple.held_actions(state) + grapple_turn_extras(state)
    if state["grapple"]:
        return out + grapple.grapple_actions(state) + grapple_turn_extras(state)
    if state["mode"] == "line":
        for i in live_foes(state):
            d = state["foes"][i]["distance"]
            k = data.DISTANCES.index(d)
            for j in (k - 1, k + 1):
                if 0 <= j < 3:
                    out.append({"type": "move", "foe": i, "to": data.DISTANCES[j]})
    weapons = sorted({base(c) for c in state["hand"] if data.card(c)["kind"] == "weapon"})
    for w in weapons:
        if w not in held(state) and w not in dropped(state) and not (data.card(w)["two_handed"] and state["shield"]):
            out.append({"type": "arm", "card": w})
    if state["shield"]:
        out.append({"type": "shield", "on": False})
    elif state["has_shields"] and not (state["armed"] and data.card(state["armed"])["two_handed"]):
        out.append({"type": "shield", "on": True})
    if dropped(state):
        out.append({"type": "retrieve"})
    if state["dual_declared"] and not state["dual"]:
        out.append({"type": "dual"})
    out.extend(dual_attacks(state))
    out.extend(base_normals(state))
    out.extend(plays(state))
    out.extend(recalls(state))
    out.extend(grapple.grapples(state))
    if state["free_turn"] is None:
        out.append({"type": "flee"})
    return out


def ward_off_actions(state: State) -> list[Action]:
    """Before the Grapple lands: a Melee weapon card (with its one Boost) at the grappler
    as a Free Action; without one, strike it for 1 base Physical damage; or neither."""
    i = state["foe_grapple"]["foe"]
    weapons = [a for a in plays(state) if a["foe"] == i and data.card(a["card"])["kind"] == "weapon"
               and "melee" in data.card(a["card"])["distances"]]
    out: list[Action] = weapons or [{"type": "strike_back"}]
    return out + [{"type": "no_strike"}]


def grapple_plays(state: State, only: str | None = None) -> list[Action]:
    """What a Grapple (yours or a Foe's on you) leaves playable: "Spells cannot be Cast
    unless otherwise noted on the Spell Card. Weapons cannot be used in a Grapple unless
    otherwise noted on the Weapon Card" (content `in_grapple`, the Dagger's "Can be used
    in a Grapple"); nothing that moves or reaches past the Grapple: no area, no throw, no
    shot; an attack only at the one in the Grapple. Everything else (a potion, a skill, a
    healing Base Action, a Recall) stays."""
    i = state["grapple"]["foe"]
    out = []
    for a in plays(state, only=only):
        c = data.card(a["card"])
        if c["kind"] in ("weapon", "spell") and not c.get("in_grapple"):
            continue
        if c.get("area") or a.get("throw") or a.get("declare") or a["foe"] not in (-1, i):
            continue
        out.append(a)
    return out


def grapple_turn_extras(state: State) -> list[Action]:
    """A turn in a Grapple besides its own actions: the plays above, a healing Base
    Action, a Recall."""
    return ([a for a in base_normals(state) if a["foe"] == -1] + grapple_plays(state) + recalls(state))


def recalled_plays(state: State) -> list[Action]:
    """"Play it now" after a Recall: in a Grapple only what a Grapple allows."""
    only = state["pending"]["card"]
    return grapple_plays(state, only=only) if state["grapple"] else plays(state, only=only)


def dual_attacks(state: State) -> list[Action]:
    """Dual Wield: two different weapon cards (or two of one kind) in one attack, only on a
    Round that is primary for both; the two in hand (or free hands to draw them)."""
    if not state["dual"]:
        return []
    r = state["round"]
    ws = sorted({base(c) for c in state["hand"] if data.card(c)["kind"] == "weapon"
                 and slot(data.card(c), r) == "P" and base(c) not in dropped(state)})
    out: list[Action] = []
    for k, a in enumerate(ws):
        for b in ws[k:]:
            if a == b and count_in_hand(state, a) < 2:
                continue
            if not dual_pair_ok(a, b) or not held(state) <= {a, b}:
                continue
            ca, cb = data.card(a), data.card(b)
            boosts = dual_boosts(state, a, ca, b, cb, r)
            for i in targets(state, ca):
                if i in targets(state, cb):
                    out.extend(dict({"type": "dual_attack", "card": a, "card2": b, "foe": i}, **more) for more in boosts)
    return out


def dual_boosts(state: State, a: str, ca: dict[str, Any], b: str, cb: dict[str, Any], r: int) -> list[dict[str, Any]]:
    """Play a Boost Action Card: "a single Boost Action Card per Normal Action Card": a
    Dual Wield attack plays two, so each blow may carry its own Boost (keys ``boost``/
    ``extra`` for ``card``, ``boost2``/``extra2`` for ``card2``; none: no keys, as before),
    the cards spent by both together in hand."""
    out: list[dict[str, Any]] = []
    for b1, k1 in boost_options(state, a, ca, r, False):
        for b2, k2 in boost_options(state, b, cb, r, False):
            use: dict[str, int] = {}
            for bb, k in ((b1, k1), (b2, k2)):
                if bb:
                    use[bb] = use.get(bb, 0) + (k or 1)
            if any(count_in_hand(state, x) < n for x, n in use.items()):
                continue
            more: dict[str, Any] = {"boost": b1, "extra": k1} if b1 else {}
            if b2:
                more.update(boost2=b2, extra2=k2)
            out.append(more)
    return out


def base_normals(state: State) -> list[Action]:
    """Base Actions of the core cards: once per Round, whatever the turn."""
    out = []
    for which in ("class", "race"):
        b = base_action(state, which)
        if b["kind"] != "normal" or state["base_used"][which]:
            continue
        if b["effect"] == "damage":
            for i in targets(state, {"distances": b.get("distances", [])}):
                out.append({"type": "base", "which": which, "foe": i})
        elif b["effect"] == "heal":
            if state["hp"] < state["max_hp"] or (allies.heals_disease(state, b) and state["disease"]):
                out.append({"type": "base", "which": which, "foe": -1})
            out.extend({"type": "base", "which": which, "foe": -1, "ally": k}
                       for k in allies.heal_targets(state, dict(b, kind="base")))
    return out


def boost_options(state: State, b: str, c: dict[str, Any], r: int, needs_swap: bool) -> list[tuple[str, int]]:
    """One Boost per action: none, one Boost card, or up to R Attribute cards of the
    card's own Attribute as one Boost (+1 each)."""
    if needs_swap:
        return [(bb, 0) for bb in sorted({base(x) for x in state["hand"]})
                if data.card(bb).get("fast_swap") and slot(data.card(bb), r) != "-"]
    opts: list[tuple[str, int]] = [("", 0)]
    if c["effect"] == "damage":  # Boost: "Boost the Damage or Defense of your Card", never healing
        attr = c["attribute"]
        n = count_in_hand(state, attr) - (1 if b == attr else 0)
        opts.extend((attr, k) for k in range(1, min(r, n) + 1))
    if c["effect"] == "damage":
        for bb in sorted({base(x) for x in state["hand"]}):
            k = data.card(bb)
            if bb == b or k["kind"] == "attribute" or "boost" not in k["actions"] or slot(k, r) == "-":
                continue
            if k.get("boost_for") == "weapon" and c["kind"] == "weapon":
                opts.append((bb, 0))
            elif k.get("boost_for") == "ranged" and c["kind"] == "weapon" and (
                    "ranged" in c["distances"] or c.get("throw")):
                opts.append((bb, 0))
    return opts


def ranged_at_melee(state: State, c: dict[str, Any], reach: list[int]) -> list[int]:
    """The optional rule (Weapons: "you can Attack with a Ranged Distance Weapon (such as
    a Shortbow) if you match a Declared Up/Down"): a Ranged weapon without the Melee icon
    at a Foe in Melee, One Dimensional play, fight option ``ranged_melee``."""
    if not state.get("ranged_melee") or state["mode"] != "line" or c["kind"] != "weapon":
        return []
    if "ranged" not in c["distances"] or "melee" in c["distances"]:
        return []
    return [i for i in live_foes(state) if i not in reach and not state["foes"][i]["hidden"]
            and state["foes"][i]["distance"] == "melee"]


def plays(state: State, only: str | None = None) -> list[Action]:
    out: list[Action] = []
    for b in [only] if only else sorted({base(c) for c in state["hand"]}):
        out.extend(card_plays(state, b)[0])
    return out


def card_plays(state: State, b: str) -> tuple[list[Action], str]:
    """Every Normal Action play of card ``b`` this turn, and, when there is none, why not
    in the book's words (issue 50, "Nothing blocked without a reason"): the first rule of
    the ones below it fails. The screen shows that reason beside the card, so it is this
    check's own answer, not a second copy of the rules."""
    r = state["round"]
    if count_in_hand(state, b) == 0:
        return [], "not in your hand"
    c = data.card(b)
    if "normal" not in c["actions"]:
        return [], attribute_why(state, c) if c["kind"] == "attribute" else not_normal(c)
    why = requirement_missing(state, c)
    if why:
        return [], why
    price = play_price(c, r)
    if price is None:
        return [], f"Not on Round {r}: its Rondel's Round {r} is grey"
    if price[0] and count_in_hand(state, price[1]) < price[0]:
        return [], (f"Round {r} is off its Rondel: playing it costs {price[0]} {data.card(price[1])['name']} "
                    f"card{'s' if price[0] > 1 else ''}, and you hold {count_in_hand(state, price[1])}")
    pay = price[0]
    needs_swap = False
    if c["kind"] == "weapon":
        if c["two_handed"] and state["shield"]:
            return [], "Two-Handed: both hands are needed, and your Shield is ready (Drop shield is your Action)"
        if b in dropped(state):
            return [], "Knocked out of your hand: retrieve it first (your Action)"
        needs_swap = needs_swap_for(state, b)
    # How to Play (Actions) sets no Hit Points limit on a healing card: at full Hit Points it
    # heals 0 (`heal_player` says so) and, played, lets you draw at the end of the turn
    # (Order of Play). Allies are offered only when the heal does something for them
    # (`allies.heal_targets`); a heal on a full ally would do what the one on yourself does.
    mates = allies.heal_targets(state, c) if c["effect"] == "heal" else []
    boosts = [("", 0)] if pay else boost_options(state, b, c, r, needs_swap)
    if c["effect"] == "damage":
        foes = targets(state, c)
    else:
        foes = [-1]
    out: list[Action] = []
    for i in foes:
        for bb, k in boosts:
            out.append({"type": "play", "card": b, "foe": i, "boost": bb, "extra": k, "pay": pay})
    for m in mates:  # healing an ally (a key only these actions carry: old saves unchanged)
        out.extend({"type": "play", "card": b, "foe": -1, "boost": bb, "extra": k, "pay": pay, "ally": m}
                   for bb, k in boosts)
    if needs_swap and c.get("throw") and free_hand(state):
        # Throwing Weapons: "If you have a free hand your Character can draw and Throw a
        # Weapon as an Action"; Distance: "a Thrown Weapon can be Thrown at an Opponent in
        # Melee or Thrown Distance" (any Foe in Simple play); the weapon held stays in its hand
        throw_at = [i for i in foes if state["mode"] != "line" or state["foes"][i]["distance"] in ("melee", "thrown")]
        for i in throw_at:
            out.extend({"type": "play", "card": b, "foe": i, "boost": bb, "extra": k, "pay": pay, "throw": True}
                       for bb, k in boost_options(state, b, c, r, False))
    for i in ranged_at_melee(state, c, foes):
        for bb, k in boosts:
            out.extend({"type": "play", "card": b, "foe": i, "boost": bb, "extra": k, "pay": pay, "declare": s}
                       for s in SYM)
    if out:
        return out, ""
    if c["effect"] == "damage" and not foes:
        return [], no_target(state, c)
    held_now = " and ".join(data.card(w)["name"] for w in sorted(held(state)))
    return [], (f"Not ready: you hold your {held_now}. Swapping Weapons uses your Action; "
                f"you can play it on your next Turn")


def no_target(state: State, c: dict[str, Any], card: bool = True) -> str:
    """Why a damage card has no Foe to aim at (`facts.targets`): every Foe hidden; a Foe
    in the card's reach but the fight's Map card not allowing that Distance (Combat
    Conditions ~ Distance: "If a Player's or Foe's Card does not have a Distance that
    matches the Distance of the Map or Room Card, it can't be Played"; `fight.room_fits`);
    or no Foe in its reach."""
    live = [state["foes"][i] for i in live_foes(state)]
    if live and all(f["hidden"] for f in live):
        return f"{' and '.join(f['name'] for f in live)} {'is' if len(live) == 1 else 'are'} hidden (Sneaking): no Foe to target"
    distances = c.get("distances", [])
    reach = " or ".join(d.title() for d in distances) or "no Distance"
    barred = [f for f in live if not f["hidden"] and (state["mode"] == "simple" or f["distance"] in distances)
              and not room_fits(state, distances, f["distance"])]
    if barred:
        room = " and ".join(d.title() for d in state["map"]["distances"])
        used = (f", and the Foe in its reach is at {barred[0]['distance'].title()}" if state["mode"] == "line"
                else f": this card has {reach}" if card else "")
        return f"The Map card allows only {room} here (Combat Conditions ~ Distance){used}"
    return f"No Foe in its reach ({reach})" if card else f"No Foe at {reach}"


def attribute_why(state: State, c: dict[str, Any]) -> str:
    """Why an Attribute card is no Normal Action now. Grapple: "As a Normal Action you can
    attempt to Grapple" by "Play a Strength Card", "Melee Distance Only"; the Grappled "can
    attempt to escape a Grapple by ... Playing an Agility or Strength Card". So a Strength
    card is an Action where a Grapple can start, and Strength or Agility while a Foe holds
    you (`grapple.grapples`, `foegrapple.held_actions` use them then); the reason names the
    Grapple's limit that stops it. The other Attributes are never an Action on their own."""
    if c["id"] not in ("strength", "agility"):
        return not_normal(c)
    an = "an" if c["name"][0] in "AEIOU" else "a"
    uses = f"An Attribute card: a Boost (+1 to {an} {c['name']} card), a Counter or a cost"
    grip = state["grapple"]
    if grip and grip.get("holder") == "foe":  # `foegrapple.held_actions` offers it: not reached
        return f"{uses}; as an Action it escapes a Foe's Grapple (Grapple)"
    if c["id"] == "agility":
        return (f"{uses}; as an Action it only escapes a Foe's Grapple (Grapple), and no Foe holds you"
                + (" (you hold one)" if grip else ""))
    if grip:
        return (f"{uses}; as an Action it starts a Grapple, and you hold a Foe in one already: "
                "it keeps the Foe held when it tries to escape (Grapple)")
    melee = {"distances": ["melee"], "effect": "damage"}
    if targets(state, melee) and state["free_turn"] is not None:
        why = f"the free Turn {state['foes'][state['free_turn']]['name']} gives as it flees: only actions against it"
    else:
        why = no_target(state, melee, card=False)
        why = why[0].lower() + why[1:] if why.startswith(("No ", "The ")) else why
    return f"{uses}; as an Action it starts a Grapple, at Melee Distance only (Grapple): {why}"


def recalls(state: State) -> list[Action]:
    """Recall: pay the Recall cost in the listed Attributes (any mix); never on a Round
    below the card's level; level 7+ only on Round 6; any one requirement suffices."""
    r = state["round"]
    out: list[Action] = []
    for b in sorted({base(c) for c in state["discard"]}):
        c = data.card(b)
        if not c.get("recall_cost"):
            continue
        req = c["recall_requires"]
        if req and state["class"] not in req and state["race"] not in req:
            continue
        lvl = c.get("level", 1)
        if (r != 6) if lvl >= 7 else (r < lvl):
            continue
        cost = r_value(c["recall_cost"], r)
        attrs = sorted(c["recall_attributes"])
        for combo in combinations_with_replacement(attrs, cost):
            pay = {a: combo.count(a) for a in attrs if combo.count(a)}
            if all(count_in_hand(state, a) >= n for a, n in pay.items()):
                out.append({"type": "recall", "card": b, "pay": pay})
    return out


def _pass(state: State, a: Action, rng: Rng) -> None:
    log(state, "You pass.")
    steps.end_turn(state)


def _move(state: State, a: Action, rng: Rng) -> None:
    """Closing Distance and Fleeing: moving away right after a Foe closed in is avoiding
    it; twice in a row, you are Fleeing (the Foes get their free Round)."""
    foe = state["foes"][a["foe"]]
    away = data.DISTANCES.index(a["to"]) < data.DISTANCES.index(foe["distance"])
    if away:
        foe["backed"] = 0
    avoided = away and foe.get("closed", False)
    foe["distance"] = a["to"]
    if "grid" in state:  # Two Dimensional play: walk the squares there
        grid.move_me(state, a["foe"], a["to"])
    foe["closed"] = False
    foe["pursued"] = not away  # closing in: its next move away is avoiding you
    log(state, f"You move: {foe['name']} is now at {a['to'].title()} distance.")
    state["avoid"] = state.get("avoid", 0) + 1 if avoided else 0
    if state["avoid"] >= 2 and state["free_turn"] is None:
        state["avoid"] = 0
        log(state, f"You have backed away from {foe['name']} twice in a row: that is Fleeing.")
        steps.flee(state, a)
        return
    steps.end_turn(state)


def split_actions(state: State) -> list[Action]:
    """Each point of a dividable damage goes to a target: a new one while fewer than the
    card's limit (R+1 for Energy Bolt) have a share, else one that already has."""
    sp = state["split"]
    c = data.card(sp["attack"]["card"])
    have = [f for f, _ in sp["parts"]]
    return [{"type": "split", "foe": i} for i in targets(state, c) if i in have or len(have) < sp["max"]]


def _split(state: State, a: Action, rng: Rng) -> None:
    sp = state["split"]
    for part in sp["parts"]:
        if part[0] == a["foe"]:
            part[1] += 1
            break
    else:
        sp["parts"].append([a["foe"], 1])
    sp["left"] -= 1
    if sp["left"] > 0:
        return
    state.pop("split")
    shares = []
    for i, n in sp["parts"]:
        shares.append(dict(sp["attack"], foe=i, damage=n, intro="Divided",
                           ranged=is_ranged(state, data.card(sp["attack"]["card"])["distances"], state["foes"][i])))
    if len(shares) > 1:
        note(state, "split_damage")
    where = ", ".join(f"{n} at {state['foes'][i]['name']}" for i, n in sp["parts"])
    log(state, f"You divide the damage: {where}.")
    state["phase"] = "turn"
    shares[0].pop("intro")
    state["attack_queue"] = shares[1:]
    attack.declare(state, rng, shares[0])


def _retrieve(state: State, a: Action, rng: Rng) -> None:
    """Disarmed: retrieving the weapon is your Normal Action; it is back in your hand."""
    floor = dropped(state)
    w = floor.pop()  # the last knocked away first
    if floor:
        state["dropped"] = floor
    else:
        state.pop("dropped", None)
    if state["dual"] and state["armed"] and state["offhand"] is None and dual_pair_ok(state["armed"], w):
        state["offhand"] = w
    else:
        take_up(state, w)
    log(state, f"You retrieve your {data.card(w)['name']}.")
    steps.end_turn(state)


def _arm(state: State, a: Action, rng: Rng) -> None:
    """Swapping weapons costs the action; the new weapon is ready next turn. Into an
    empty hand it is a Free Action (Free Actions: "If your Character (You) does not have a
    Weapon in your hand, you can draw a Weapon and put it in that hand as a Free Action"):
    the turn goes on, its one Action still to take."""
    if not needs_swap_for(state, a["card"]):
        take_up(state, a["card"])
        log(state, f"You draw your {data.card(a['card'])['name']} into your empty hand (a free action).")
        return
    if state["dual"] and state["armed"] and state["offhand"]:
        state["offhand"] = None  # the swap replaces what was held
    take_up(state, a["card"])
    log(state, f"You swap to your {data.card(a['card'])['name']}.")
    steps.end_turn(state)


def _shield(state: State, a: Action, rng: Rng) -> None:
    if a["on"] and state["dual"]:
        state["dual"], state["offhand"] = False, None
        log(state, "A shield ends your Dual Wielding.")
    state["shield"] = a["on"]
    state["shield_cover"] = 0
    log(state, "You ready your shield." if a["on"] else "You drop your shield.")
    steps.end_turn(state)


def _base(state: State, a: Action, rng: Rng) -> None:
    which = a["which"]
    b = base_action(state, which)
    state["base_used"][which] = True
    r = state["round"]
    if state["phase"] == "react":
        attack.answered(state, rng, base_value(b, r), b["name"])
        return
    if b["effect"] == "heal" and "ally" in a:
        allies.heal_ally(state, a["ally"], base_value(b, r), f"{b['name']} (Base Action)",
                         allies.heals_disease(state, b))
    elif b["effect"] == "heal":
        heal_player(state, base_value(b, r), b["name"], allies.heals_disease(state, b))
    else:
        dmg = base_value(b, r)
        foe = state["foes"][a["foe"]]
        log(state, f"{b['name']} (Base Action) at {foe['name']}.")
        if not sight_check(state, rng, None, b.get("distances", []), foe["distance"], "You", target=foe):
            steps.end_turn(state)
            return
        attack.declare(state, rng, attack.player_attack(a["foe"], b["name"], dmg, ethereal=bool(b.get("ethereal")),
                                                        ranged=is_ranged(state, b.get("distances", []), foe)))
        return
    steps.end_turn(state)


def heal_player(state: State, amount: int, why: str, cures: bool = False) -> None:
    """Heal yourself; ``cures``: the heal also counters a Disease (`allies.heals_disease`).
    At full Hit Points the log says what the play does: nothing, or the cure alone."""
    gain = min(amount, state["max_hp"] - state["hp"])
    state["hp"] += gain
    cure = cures and bool(state["disease"])
    if cure:
        state["disease"] = None
    if gain == 0 and amount > 0:
        if cure:
            log(state, f"{why} cures your Disease; no Hit Points to heal ({state['hp']} HP).")
        else:
            log(state, f"{why} heals nothing: you are at full Hit Points ({state['hp']} HP).")
        return
    log(state, f"{why}: you heal {gain} ({state['hp']} HP).")
    if cure:
        log(state, "The Disease is cured.")


def _play(state: State, a: Action, rng: Rng) -> None:
    r = state["round"]
    b = a["card"]
    c = data.card(b)
    inst = next(x for x in state["hand"] if base(x) == b)
    state["hand"].remove(inst)
    if a["pay"]:
        attr = play_price(c, r)[1]
        take(state, attr, a["pay"])
        log(state, f"{a['pay']} {data.card(attr)['name']} paid to play {c['name']} on Round {r}.")
    bonus = a["extra"]
    boost_card = None
    if a["boost"]:
        if a["extra"]:
            take(state, a["boost"], a["extra"])
        else:
            boost_card = data.card(a["boost"])
            take(state, a["boost"])
    if state["phase"] == "ward_off":
        # the free strike as a Foe grabs at you answers its Action (Terminology: Reaction): the
        # card is drawn back at the end of that Foe's Turn (Order of Play). Lifetime of
        # "reacted": to the end of this Opponent's Turn (flow.end_foe_turn draws, clears)
        state["reacted"] = True
    if state["phase"] in ("recalled", "ward_off"):
        state["phase"] = "turn"
    state["pending"] = None
    if a.get("throw"):
        log(state, f"You draw your {c['name']} with your free hand and throw it.")
    elif c["kind"] == "weapon" and b not in held(state):
        how = "Fast Weapon Swap" if boost_card and boost_card.get("fast_swap") else "a free action"
        log(state, f"You draw your {c['name']} ({how}).")
        take_up(state, b)
    boost_text = (f" + {a['extra']} {a['boost'].title()}" if a["extra"] else
                  f" + {boost_card['name']}" if boost_card else "")
    persist = c.get("persist", "")
    if persist:
        until: Any = "attack" if persist == "attack" else "count" if persist == "count" else int(persist)
        state["persist"].append({"card": inst, "until": until, "since": tick(state)})
        log(state, f"You play {c['name']}: it stays face-out"
                   f" ({'until your next attack' if until == 'attack' else 'to the end of the Count' if until == 'count' else f'{until} Rounds'}).")
        steps.end_turn(state)
        return
    state["discard"].append(inst)
    if c["effect"] == "heal":
        amount = play_heal(c, bonus, r)
        if "ally" in a:
            allies.heal_ally(state, a["ally"], amount, f"{c['name']}{boost_text}", allies.heals_disease(state, c))
            steps.end_turn(state)
            return
        heal_player(state, amount, f"{c['name']}{boost_text}", allies.heals_disease(state, c))
        steps.end_turn(state)
        return
    if c["effect"] != "damage":
        log(state, f"You play {c['name']}.")
        steps.end_turn(state)
        return
    dmg = play_damage(state, c, bonus, a["boost"], r)  # the same figure as its button
    sneak = sneaking(state)
    if state["sneak_bonus"]:
        state["sneak_bonus"] = False
    else:
        for p in list(state["persist"]):
            if p["until"] == "attack":  # the Sneak card ends with this attack
                state["persist"].remove(p)
                state["discard"].append(p["card"])
                break
    foe = state["foes"][a["foe"]]
    if not sight_check(state, rng, None, c["distances"], foe["distance"], "You", target=foe):
        steps.end_turn(state)  # the card fails and stays discarded
        return
    if a.get("declare"):
        ok = match_one(state, rng, "You", f"shoot {c['name']} at Melee", a["declare"])
        note(state, "ranged_at_melee")
        if not ok:
            log(state, f"You cannot get a shot off with your {c['name']} at Melee: the card is spent.")
            steps.end_turn(state)
            return
    log(state, f"You play {c['name']}{boost_text} at {foe['name']}: {dmg}{' Ethereal' if c['ethereal'] else ''} damage"
               f"{' from Sneak' if sneak else ''}.")
    p = attack.player_attack(a["foe"], c["name"], dmg, card=b, inst=inst, ethereal=c["ethereal"], sneak=sneak,
                             ranged=is_ranged(state, c["distances"], foe), counters=c["counters"],
                             counter_updown=c["counter_updown"], counter_shield=c["counter_shield"],
                             attribute=c["attribute"])
    if c.get("area"):  # everyone inside its area is hit too (area.inside)
        state["attack_queue"] = attack.spread(state, c, p)
    if c.get("split") and dmg > 1 and len(targets(state, c)) > 1 and state["free_turn"] is None:
        # "You can divide the Damage ... between up to R+1 Opponents": one point at a time
        state["split"] = {"attack": p, "left": dmg - 1, "parts": [[a["foe"], 1]], "max": r_value(c["split"], r)}
        state["phase"] = "split"
        return
    attack.declare(state, rng, p)


def _recall(state: State, a: Action, rng: Rng) -> None:
    b = a["card"]
    for attr, n in sorted(a["pay"].items()):
        take(state, attr, n)
    cid = next(x for x in state["discard"] if base(x) == b)
    state["discard"].remove(cid)
    state["hand"].append(cid)
    log(state, f"You Recall {data.card(b)['name']} from the discards.")
    state["fresh"] = False
    state["pending"] = {"kind": "recalled", "card": b}
    if recalled_plays(state):
        state["phase"] = "recalled"
    else:
        state["pending"] = None
        steps.end_turn(state)


def _keep(state: State, a: Action, rng: Rng) -> None:
    state["pending"] = None
    state["phase"] = "turn"
    log(state, "You keep the recalled card for later.")
    steps.end_turn(state)


def _dual(state: State, a: Action, rng: Rng) -> None:
    """Back to the Dual Wield configuration (costs the action; the shield goes)."""
    state["dual"], state["shield"], state["offhand"] = True, False, None
    if state["armed"] and data.card(state["armed"])["two_handed"]:
        state["armed"] = None
    log(state, "You take up Dual Wielding again.")
    steps.end_turn(state)


def _dual_attack(state: State, a: Action, rng: Rng) -> None:
    r = state["round"]
    i = a["foe"]
    foe = state["foes"][i]
    blows = []
    for b, bb, k in ((a["card"], a.get("boost", ""), a.get("extra", 0)), (a["card2"], a.get("boost2", ""), a.get("extra2", 0))):
        c = data.card(b)
        inst = next(x for x in state["hand"] if base(x) == b)
        discard(state, inst)
        if bb:  # the Boost played on this blow's card
            take(state, bb, k) if k else take(state, bb)
            log(state, f"{c['name']} boosted with {f'{k} {bb.title()}' if k else data.card(bb)['name']}.")
        blows.append(attack.player_attack(i, c["name"], dual_damage(state, c, k, bb, r), card=b, inst=inst,
                                          ranged=is_ranged(state, c["distances"], foe), counters=c["counters"],
                                          attribute=c["attribute"]))
    state["armed"], state["offhand"] = a["card"], a["card2"]
    log(state, f"You strike {foe['name']} with both weapons: {blows[0]['name']} and {blows[1]['name']}.")
    if not sight_check(state, rng, None, data.card(a["card"])["distances"], foe["distance"], "You", target=foe):
        steps.end_turn(state)
        return
    blows[1]["intro"] = "Second blow"
    state["attack_queue"] = [blows[1]]
    attack.declare(state, rng, blows[0])


def _draw_over(state: State, a: Action, rng: Rng) -> None:
    """Already at the hand maximum: draw one more, then discard down to it."""
    draw_one(state, rng)
    state["fresh"] = False
    if state["phase"] == "over":
        return
    state["phase"] = "discard"
    state["after_discard"] = "turn"


def _discard(state: State, a: Action, rng: Rng) -> None:
    take(state, a["card"])
    if len(state["hand"]) > hand_max(state):
        return
    if state["after_discard"] == "turn":
        state["phase"] = "turn"
    elif state["after_discard"] == "resume":
        state["phase"] = "foe"
        steps.resume(state)
    else:
        steps.finish_turn(state)
