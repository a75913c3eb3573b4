"""One attack pipeline (issue 26, "The shape": "one attack pipeline for the player, a Foe
and an ally"): every attack of the fight goes through the same four stages, whoever makes
it and whoever takes it.

1. declare: the attack record (``state["pending"]``): who attacks whom (``sides``: data
   such as ``{"side": "foe", "i": 2}`` or ``{"side": "seat", "k": 0}``), damage, Ethereal,
   Ranged, Sneak, counters, the Up/Down need; an area's extra shares (``spread``); into a
   Grapple (``into_grapple``, ``into``; a Foe's in ``declare_foe``). The sight check is
   made by the caller before it declares (``fight.sight_check``: the card fails and no
   attack is declared).
2. answer: the defender's one answer. A Foe's is drawn (``answer_foe``: its Attribute
   counter, the card's Up/Down counter, its Reaction row; Re-Counter and Escalation in
   ``recountered``/``accepted``); a player's is chosen (``answer_seat`` opens the prompt,
   an ally may aid; ``answered`` once chosen).
3. damage: ``damage``, one function for any defender (a Foe, the active character, an
   ally's seat); it returns what was dealt.
4. after: what follows a blow: Disease (``after_hit``), hampering a Flee and the resume of
   the Foe's turn (``after_foe_attack``), the next blow of ``attack_queue`` or the end of
   the turn (``next_blow``); the end of a turn and the resume are pushed as steps.

The callers (``turn``, ``grapple``, ``counters``, ``foeturn``, ``reactions``,
``foegrapple``, ``rounds``) only choose what to declare and which answer was chosen. The
record keeps the shape it had at rest before this module (no new state keys): the
attacker and the defender are read from it by ``sides``. Why a layer of its own, above
``allies``/``area`` and below ``counters``/``foeturn``: docs/rules/ads.md ("The fight's
layers").
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import allies, data, party, steps
from .area import inside
from .facts import is_ranged
from .deck import coin, count_in_hand, draw_symbols, finish, hand_max, log, match_one, match_pattern, record_draw
from .fight import reaction_outcomes, trait
from .maths import DOWN, UP, half_up, matches, r_value, tick

State = dict[str, Any]
Action = dict[str, Any]
Side = dict[str, Any]
SYM = (UP, DOWN)


# -- 1. declare -----------------------------------------------------------------------

def foe_side(i: int) -> Side:
    return {"side": "foe", "i": i}


def seat_side(k: int) -> Side:
    return {"side": "seat", "k": k}


def active(state: State) -> int:
    """The seat playing now (a lone fight has one seat, 0)."""
    return state["party"]["active"] if "party" in state else 0


def sides(state: State, p: dict[str, Any]) -> tuple[Side, Side]:
    """(attacker, defender) of the attack record ``p``: a Foe's attack is at the character
    it aims at (the active one, or ``target`` while an ally is asked to aid); the player's
    is at its Foe, or at the ally in the Grapple when ``into`` is declared and missed."""
    me = seat_side(active(state))
    if p["kind"] == "attack":
        return foe_side(p["foe"]), seat_side(p["target"]) if "target" in p else me
    return me, foe_side(p["foe"])


def player_attack(i: int, name: str, damage: int, *, card: str = "", inst: str = "", ethereal: bool = False,
                  sneak: bool = False, ranged: bool = False, counters: list[str] | None = None,
                  counter_updown: str = "", counter_shield: str = "", attribute: str = "") -> dict[str, Any]:
    """The record of the player's attack at Foe ``i`` (a card, a Base Action, a Dual Wield
    blow, a strike in the Grapple): what the Foe may answer it with."""
    return {"kind": "attack_out", "foe": i, "card": card, "inst": inst, "name": name, "damage": damage,
            "ethereal": ethereal, "sneak": sneak, "ranged": ranged, "stage": 0, "half": False,
            "counters": [] if counters is None else counters, "counter_updown": counter_updown,
            "counter_shield": counter_shield, "attribute": attribute}


def declare(state: State, rng: Rng, p: dict[str, Any]) -> None:
    """The player's attack is on the table: its Foe answers it (or the player declares an
    Up/Down first, when an ally is in a Grapple with that Foe)."""
    state["pending"] = p
    steps.answer(state)


def spread(state: State, c: dict[str, Any], first: dict[str, Any]) -> list[dict[str, Any]]:
    """The attacks of an area card (``area.inside``): ``first`` at its target, then one
    share for each other Foe inside (the same damage); allies inside are hit here and now,
    whole and with no Reaction."""
    foes, mates = inside(state, c, first["foe"])
    if foes or mates:
        names = [state["foes"][j]["name"] for j in foes] + [party.seat(state, k)["hero"] for k in mates]
        log(state, f"{c['name']} covers an area: {', '.join(names)} inside too.")
    for k in mates:
        damage(state, seat_side(k), first["damage"], f"{c['name']} (in its area)")
    return [dict(first, foe=j, intro="In the area",
                 ranged=is_ranged(state, c["distances"], state["foes"][j])) for j in foes]


def declare_foe(state: State, rng: Rng, i: int, o: dict[str, Any]) -> None:
    """A Foe attacks the active character with outcome ``o`` of its card: into a Grapple
    the player is in with another Foe it may hit that Foe instead; else the record goes
    on the table and the player answers it (``answer_seat``)."""
    foe = state["foes"][i]
    dmg = r_value(o["damage"], state["round"])
    ranged = "ranged" in o.get("distances", [])  # Defense: a Ranged Distance Weapon, from any distance
    sneak = foe["hidden"]
    foe["hidden"] = False
    g = state["grapple"]
    if g and g["foe"] != i and state["foes"][g["foe"]]["hp"] > 0:
        # attacking into a Grapple: declare an Up/Down (seeded); a miss hits the other
        # participant, the Foe's own ally, with no reaction
        declared = coin(rng)
        ok = match_one(state, rng, foe["name"], "attack into the Grapple", declared)
        if not ok:
            other = g["foe"]
            log(state, f"{foe['name']}'s {o['name']} misses you in the Grapple and hits {state['foes'][other]['name']}.")
            damage(state, foe_side(other), dmg, attacker=foe_side(i))  # nobody's damage for Biggest Threat
            return
    state["pending"] = {"kind": "attack", "foe": i, "name": o["name"], "damage": dmg,
                        "ethereal": bool(o.get("ethereal")), "ranged": ranged,
                        "melee": state["mode"] == "simple" and "melee" in o.get("distances", ["melee"])
                        or foe["distance"] == "melee",
                        "sneak": sneak, "counters": list(o.get("counters", [])),  # Reaction/Counter: only those "listed as Counters on the Card"
                        "updown": updown_need(state, rng, foe, o.get("counter_updown", 0))}
    log(state, f"{foe['name']} attacks with {o['name']} for {dmg}{' Ethereal' if o.get('ethereal') else ''} damage"
               f"{' from hiding' if sneak else ''}.")
    answer_seat(state)


def updown_need(state: State, rng: Rng, foe: dict[str, Any], n: int) -> str:
    """Spells: an Up/Down counter. "If it is a single Up/Down, the Opponent(s) must Draw an
    Up/Down that matches the Spell's Up/Down" (for a Foe's spell, its card's symbol); "If
    multiple Up/Downs are required, the caster of the Spell declares which Up/Downs are
    required ... in any order" (a Foe declares from the seeded generator, before you
    choose, so the chance is shown on the button)."""
    if not n:
        return ""
    if n == 1:
        return data.SYMBOL_OF[data.foe_card(foe["id"])["updown"]]
    return "".join(coin(rng) for _ in range(n))


def into_grapple(state: State) -> bool:
    """Grapple: "Anyone outside of the Grapple who is Attacking a Target inside the
    Grapple must declare an Up/Down to hit their Target". Before the Foe answers the
    attack: if an ally is in a Grapple with it, stop for the declaration (phase
    'into_grapple'). True when stopped."""
    p = state["pending"]
    if "party" not in state or p.get("kind") != "attack_out" or "into" in p or p["stage"]:
        return False
    k = allies.grappled_ally(state, p["foe"])
    if k is None:
        return False
    p["into"] = k
    state["phase"] = "into_grapple"
    return True


def into_actions(state: State) -> list[Action]:
    return [{"type": "into", "symbol": s} for s in SYM]


def into(state: State, a: Action, rng: Rng) -> None:
    """Draw to match the declaration: a match hits the Foe (it answers as usual); a miss
    hits the ally in the Grapple, whole, with no Reaction ("they hit their Ally in the
    Grapple")."""
    p = state["pending"]
    k = p["into"]
    foe = state["foes"][p["foe"]]
    ok = match_one(state, rng, "You", f"hit {foe['name']} in the Grapple", a["symbol"])
    state["phase"] = "turn"
    if ok:
        steps.answer(state)
        return
    ally = party.seat(state, k)
    log(state, f"Your {p['name']} misses {foe['name']} in the Grapple and hits {ally['hero']}.")
    damage(state, seat_side(k), p["damage"], p["name"])
    state["pending"] = None
    steps.next_blow(state)


# -- 2. answer ------------------------------------------------------------------------

def answer_foe(state: State, rng: Rng) -> None:
    """The Foe answers the player's attack, once: an Attribute counter when the card lists
    the Foe's Attribute, else the card's Up/Down counter (half damage), else its Reaction
    row of this Round. A counter may be Re-Countered with a card of the played card's
    Attribute (``offer_recounter``); a Foe that Escalates (its card says so) may answer
    again (``counters._recounter``). Then the damage, then the next blow."""
    if into_grapple(state):
        return  # an ally is in a Grapple with it: declare an Up/Down first
    p = state["pending"]
    i = p["foe"]
    foe = state["foes"][i]
    fdata = data.foe_card(foe["id"])
    r = state["round"]
    defense = 0
    while True:
        st = p["stage"]
        p["stage"] = st + 1
        if p["sneak"] and st < 3:
            continue
        if st == 0:
            attr = fdata.get("attribute")
            if attr and attr["name"] in p["counters"]:
                ok = match_pattern(state, rng, foe["name"], f"counter with {attr['name'].title()}", attr["pattern"],
                                   chance=False)
                if ok:
                    log(state, f"{foe['name']} counters with {attr['name'].title()}.")
                    p["countered"] = "full"
                    if offer_recounter(state):
                        return
                    log(state, f"Your {p['name']} has no effect.")
                    break
        elif st == 1:
            if p["counter_updown"] == "half":
                need = data.instance_symbol(p["inst"])
                ok = match_one(state, rng, foe["name"], f"match {p['name']}'s Up/Down", need)
                if ok:
                    log(state, f"{foe['name']} matches the Up/Down: half damage.")
                    p["countered"] = "half"
                    if offer_recounter(state):
                        return
                    p["damage"] //= 2
                    p["stage"] = 3
        elif st == 2:
            if state["free_turn"] == i:
                # "A Fleeing Player or Foe cannot play regular Reaction Cards but may play
                # Up/Down or Attribute Reaction Cards": no reaction row while it flees
                continue
            n, outs = reaction_outcomes(foe, r)
            if n:
                drawn = draw_symbols(state, rng, n)
                hit = next((o for o in outs if matches(o["match"], drawn)), None)
                record_draw(state, foe["name"], f"react (Draw {n})", drawn,
                            hit["match"] if hit else " / ".join(o["match"] for o in outs), hit is not None)
                if hit:
                    defense = foe_defense(state, hit, p)
                    log(state, f"{foe['name']} reacts with {hit['name']}: blocks {defense}.")
                    if hit["kind"] == "shield" and p["ethereal"] and p["counter_shield"] == "half":
                        # "you may Re-Counter if an Opponent initially Counters with a Shield"
                        p["defense"], p["countered"] = defense, "shield"
                        if offer_recounter(state):
                            return
            p["defense"] = defense
        else:
            dealt = max(0, p["damage"] - p.get("defense", 0))
            who = f"{state['hero']}'s" if "party" in state else "Your"
            damage(state, foe_side(i), dealt, f"{who} {p['name']}", blocked=min(p["damage"], p.get("defense", 0)),
                   attacker=seat_side(active(state)))
            break
    state["pending"] = None
    if state["phase"] in ("turn", "recalled", "recounter"):
        state["phase"] = "turn"
        steps.next_blow(state)


def row_block(o: dict[str, Any], r: int) -> int:
    """What a Foe's Reaction outcome ``o`` blocks on Round ``r`` before the attack is known
    (its card's figure: the Foe row of the view shows it, ``foe_defense`` starts from it)."""
    return r_value(o["defense"], r)


def foe_defense(state: State, o: dict[str, Any], p: dict[str, Any]) -> int:
    """What the Foe's Reaction outcome ``o`` blocks of the player's attack ``p``: a ward
    its figure; against Ethereal damage nothing but a shield's half when the card allows
    it; a shield all of a Ranged attack; armor half of a Ranged one."""
    v = row_block(o, state["round"])
    if o["kind"] == "ward":
        return v
    if p["ethereal"]:
        if o["kind"] == "shield" and p["counter_shield"] == "half":
            return half_up(p["damage"])
        return 0
    if o["kind"] == "shield":
        return p["damage"] if p["ranged"] else v
    return v // 2 if p["ranged"] else v


def offer_recounter(state: State) -> bool:
    p = state["pending"]
    if p["attribute"] and count_in_hand(state, p["attribute"]):
        state["phase"] = "recounter"
        return True
    return False


def recountered(state: State, rng: Rng) -> None:
    """The player's Re-Counter stood (the Foe did not answer again): the attack goes on as
    if not countered; the Foe's one reaction was spent on its counter."""
    p = state["pending"]
    log(state, f"The {p['name']} goes on as if not countered.")
    p["stage"] = 3
    p["countered"] = ""
    p["defense"] = 0
    state["phase"] = "turn"
    steps.answer(state)


def accepted(state: State, rng: Rng) -> None:
    """The player accepts the Foe's counter: half damage, or the Shield's block, or no
    effect (then the next blow)."""
    p = state["pending"]
    if p.get("countered") in ("half", "shield"):
        if p["countered"] == "half":
            p["damage"] //= 2
        p["stage"] = 3  # the Shield's block stays in p["defense"]
        state["phase"] = "turn"
        steps.answer(state)
        return
    log(state, f"Your {p['name']} has no effect.")
    state["pending"] = None
    state["phase"] = "turn"
    steps.next_blow(state)


def answer_seat(state: State) -> None:
    """The active character answers the Foe's attack (phase 'react'); in a party an ally
    may first play a Reaction for them (``allies.offer_aid``)."""
    state["phase"] = "react"
    allies.offer_aid(state)


def ward(seat: State) -> int:
    """The ward a character holds face-out (Mage Armor, Shield of Faith: "all damage to
    you is reduced by 1"): ``damage`` takes it off every damage dealt to that character."""
    return sum(data.card(x["card"]).get("ward", 0) for x in seat["persist"])


def _blocked(p: dict[str, Any], block: int) -> int:
    """A Foe's attack ``p`` after a block and an ally's aid, before the ward."""
    return max(0, p["damage"] - block - p.get("aid", 0))


def damage_taken(state: State, p: dict[str, Any], block: int) -> int:
    """What a Foe's attack ``p`` takes off the player after a block: less an ally's aid
    and the ward held face-out (which ``damage`` takes off). ``answered`` deals it and
    `view.label` shows it."""
    return max(0, _blocked(p, block) - ward(state))


def answered(state: State, rng: Rng, block: int, by: str) -> None:
    """The player chose their answer (take it, a counter's half, a Reaction, a raised
    shield, a Base Action), blocking ``block``: the damage, then what follows."""
    p = state["pending"]
    aid = p.get("aid", 0)  # an ally's card played for you (allies.offer_aid)
    dmg = damage_taken(state, p, block)  # the same figure as the buttons (``damage`` takes off the ward)
    if by:
        state["reacted"] = True
        log(state, f"You react with {by}: blocks {block}.")
    if aid:
        log(state, f"{p['aid_by']} blocks {aid} for you.")
    foe = state["foes"][p["foe"]]
    p["dealt"] = dmg
    state["phase"] = "foe"
    damage(state, sides(state, p)[1], _blocked(p, block), f"{foe['name']}'s {p['name']}", attacker=foe_side(p["foe"]))
    if state["phase"] in ("exhaust", "over"):
        return
    steps.after_foe_attack(state)


# -- 3. damage ------------------------------------------------------------------------

def damage(state: State, defender: Side, amount: int, why: str = "", *, blocked: int = 0,
           attacker: Side | None = None) -> int:
    """Deal ``amount`` to ``defender`` (a Foe, the active character or an ally's seat) and
    return what was dealt. ``why`` names the attack; ``blocked`` what a Foe's reaction
    took off. ``attacker``: a character's blow at a Foe is booked to them (ATTACK -
    BIGGEST THREAT), a Foe's is nobody's; a blow at the active character from a Foe lets
    them choose Exhaustion (else, an effect's, it is taken for them). Every damage to a
    character, whatever its source (a Foe's blow, a Disease's tick, an ally's miss into a
    Grapple, an area), first loses the ward that character holds (``ward``)."""
    if defender["side"] == "foe":
        by_character = attacker is None or attacker["side"] == "seat"
        return _hurt_foe(state, defender["i"], amount, why, blocked, by_character)
    w = min(amount, ward(party.seat(state, defender["k"]))) if amount > 0 else 0
    if w:
        amount -= w
        why = f"{why} ({w} warded off)" if why else why
        if amount == 0 and why:
            log(state, f"{why}: no damage.")
    if defender["k"] != active(state):
        return _hurt_ally(state, defender["k"], amount, why)
    return _hurt_player(state, amount, why, from_foe=attacker is not None and attacker["side"] == "foe")


def _hurt_player(state: State, amount: int, why: str, *, from_foe: bool) -> int:
    """Damage to the character. Death from a Foe, an effect or the environment may be
    traded for a level of Exhaustion (stay at 1 HP) while the hand maximum is above 1.
    From a Foe's attack the player chooses (phase 'exhaust'); from an effect it is taken
    for the player."""
    if amount <= 0:
        return 0
    state["hp"] -= amount
    log(state, f"{why}: you take {amount} damage ({max(state['hp'], 0)} HP left).")
    if state["hp"] > 0:
        return amount
    if hand_max(state) <= 1:
        log(state, "At a hand maximum of 1 there is no Exhaustion left to give: you fall.")
        finish(state, "lost")
    elif from_foe:
        state["exhaust_from"] = state["phase"]
        state["phase"] = "exhaust"
    else:
        exhaust(state)
    return amount


def exhaust(state: State) -> None:
    state["exhaustion"] += 1
    state["hp"] = 1
    log(state, f"Exhaustion {state['exhaustion']}: you stay at 1 HP, hand maximum {hand_max(state)}.")


def _hurt_foe(state: State, i: int, dealt: int, source: str, blocked: int, by_character: bool) -> int:
    """Damage to Foe ``i``, logged as a result a player reads at a glance ("Your Longsword
    hits Goblin A: 3 damage, 3 -> 0 HP, defeated"); ``source`` names the attack when known,
    ``blocked`` what its reaction took off. Booked to the character playing (for ATTACK -
    BIGGEST THREAT, "the Opponent that has damaged it the most") unless it came from a Foe."""
    foe = state["foes"][i]
    hit = f"{source} hits {foe['name']}: " if source else f"{foe['name']}: "
    if dealt <= 0:
        log(state, (f"{source} hits {foe['name']}: it takes no damage" if source else f"{foe['name']} takes no damage")
            + (f" ({blocked} blocked)." if blocked else "."))
        return 0
    before = foe["hp"]
    foe["hp"] -= dealt
    if by_character:
        party.note_damage(state, i, dealt)
    foe["took_since_turn"] += dealt
    foe["took_in_free"] = foe.get("took_in_free", 0) + dealt
    foe["hurt_tick"] = tick(state)
    took = f"{dealt} damage" + (f" ({blocked} blocked)" if blocked else "")
    if foe["hp"] <= 0:
        foe["hp"] = 0
        log(state, f"{hit}{took}, {before} -> 0 HP, defeated.")
        if state["grapple"] and state["grapple"]["foe"] == i:
            state["grapple"] = None
    else:
        log(state, f"{hit}{took}, {before} -> {foe['hp']} HP.")
    return dealt


def _hurt_ally(state: State, k: int, amount: int, why: str) -> int:
    """Damage to a character who is not playing now, from an ally's attack. Death: "If an
    attack from a Foe (not a Player), any Effect, or any other Damage from the environment
    ... would reduce a Player to 0 HP": an ally is a Player, so there is no Exhaustion to
    choose: at 0 HP they fall."""
    s = party.seat(state, k)
    if amount <= 0:
        return 0
    s["hp"] -= amount
    log(state, f"{why}: {s['hero']} takes {amount} damage ({max(s['hp'], 0)} HP left).")
    if s["hp"] > 0:
        return amount
    p = state["party"]
    p["out"][k] = "fallen"
    s["grapple"], s["foe_grapple"] = None, None
    state["players"] = len(party.seats_in(state))
    log(state, f"{s['hero']} has fallen.")
    return amount


# -- 4. after -------------------------------------------------------------------------

def next_blow(state: State, rng: Rng) -> None:
    """The next part of the same action, if any (the second blow of a Dual Wield attack,
    the next share of a divided Energy Bolt or of an area, each answered by its Foe on its
    own); then the turn ends."""
    queue = state.get("attack_queue") or []
    while queue and state["phase"] == "turn":
        nxt = queue.pop(0)
        if state["foes"][nxt["foe"]]["hp"] <= 0:
            continue
        log(state, f"{nxt.pop('intro')}: {nxt['name']} for {nxt['damage']} at {state['foes'][nxt['foe']]['name']}.")
        declare(state, rng, nxt)
        return
    state.pop("attack_queue", None)
    steps.end_turn(state)


def after_foe_attack(state: State, rng: Rng) -> None:
    """After a Foe's blow landed (or was answered): Disease, hampering a Flee, then the
    Foe's turn goes on (a step)."""
    p = state["pending"]
    dmg = p.get("dealt", 0)
    i = p["foe"]
    state["pending"] = None
    if dmg > 0:
        after_hit(state, rng, i, dmg)
        if state["fleeing"] and state["phase"] != "over":
            foe = state["foes"][i]
            declared = coin(rng)
            ok = match_one(state, rng, foe["name"], "hamper your Flee", declared)
            if ok:
                state["hampered"] = True
                log(state, f"{foe['name']} hampers you: you cannot Flee this Round.")
    steps.resume(state)


def after_hit(state: State, rng: Rng, i: int, dealt: int) -> None:
    """Disease: a Foe that deals at least X damage makes the player draw to match its
    card's Up/Down; a miss catches the Disease (Y damage a Round for Z Rounds)."""
    foe = state["foes"][i]
    dis = trait(foe, "disease")
    if not dis or dealt < dis[1] or state["phase"] == "over":
        return
    need = data.SYMBOL_OF[data.foe_card(foe["id"])["updown"]]
    ok = match_one(state, rng, "You", f"resist {foe['name']}'s Disease", need)
    if ok:
        log(state, "You resist the Disease.")
        return
    if state["race"] == "dwarf" and not state["base_used"]["race"]:
        state["base_used"]["race"] = True
        log(state, "Stout Blood (Dwarf Base Action) counters the Disease.")
        return
    state["disease"] = {"from": foe["name"], "damage": dis[2], "left": dis[3]}
    most = ""
    if len(dis) > 4:  # "up to a Maximum Damage (if a Maximum Damage is stated)": what is left of it
        state["disease"]["max"] = dis[4]
        most = f", {dis[4]} at most"
    log(state, f"You catch a Disease: {dis[2]} damage a Round for {dis[3]} Rounds{most}.")


# the stage each function of the pipeline belongs to (tests/test_ads_attack.py traces them)
STAGES: dict[str, tuple[str, ...]] = {
    "declare": ("declare", "declare_foe", "spread", "into_grapple", "into", "player_attack", "updown_need"),
    "answer": ("answer_foe", "answer_seat", "answered", "recountered", "accepted", "offer_recounter",
               "foe_defense", "damage_taken"),
    "damage": ("damage",),
    "after": ("next_blow", "after_foe_attack", "after_hit"),
}
