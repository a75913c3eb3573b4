"""A hero's Turn action and the allies' Synergy actions: legal actions, fully enumerated,
and how each is carried out (the book's "A Turn", "Action Tableau" and "Synergy")."""

from __future__ import annotations

from typing import Any

from ...core.game import IllegalAction
from ...core.rng import Rng
from . import combat, data
from .combat import PENALTY, describe
from .arena import in_reach, neighbours
from .common import HAND_LIMIT, State, draw, drop_melee_counters, log, pile, room
from .monsters import boss_spend, queue_parting
from .order import advance
from .setup import MAX_WEAPONS, armor_bonus, hero, monster

ATTACK_KIND = {"melee": "melee", "range": "range", "mana": "mana"}
Action = dict[str, Any]


# -- what a hero can reach and use ---------------------------------------------------------
def weapons_of(state: State, hid: str, kind: str | None = None) -> list[str]:
    eq = sorted(set(pile(state, f"{hid}:equipped")))
    return [w for w in eq if kind is None or data.weapons()[w]["kind"] == kind]


def targets(state: State, h: dict[str, Any], kind: str) -> list[str]:
    reach = in_reach(state, h["arena"], kind)
    return [m["id"] for m in state["monsters"] if not m["dead"] and m["arena"] in reach]


def attacks(state: State, h: dict[str, Any], kind: str | None = None) -> list[Action]:
    out = []
    for w in weapons_of(state, h["id"], kind):
        for t in targets(state, h, data.weapons()[w]["kind"]):
            out.append({"type": "attack", "gear": w, "target": t})
    return out


def allies_here(state: State, h: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in state["heroes"] if o["arena"] == h["arena"]]


def matching(state: State, hid: str, stack: str) -> list[str]:
    return sorted({c for c in pile(state, f"{hid}:hand") if data.symbol(c) == stack})


# -- legal actions ---------------------------------------------------------------------------
def turn_actions(state: State) -> list[Action]:
    t = state["turn"]
    h = hero(state, t["actor"]) if t else None
    if t is None:
        return [{"type": "take", "stack": s} for s in data.STACKS]
    assert h is not None
    if t["step"] == "attack":
        return attacks(state, h)
    if t["step"] == "expend":
        return ([{"type": "expend_card", "card": c} for c in sorted(set(pile(state, f"{h['id']}:hand")))]
                + [{"type": "expend_done"}])
    if melee_attack_made(t):  # the attack closes the Melee turn: the cards left are spent
        return [{"type": "end"}]
    out = [{"type": "play", "card": c} for c in matching(state, h["id"], t["stack"])]
    if t["tokens"]:
        out.extend(token_options(state, h, t))
    elif t["mode"] == "turn":
        if not (attack_owed(state, h, t) and out):  # the owed attack needs a card: play one first
            out.append({"type": "end"})
    elif t["played"]:
        out.append({"type": "done"})
    else:  # Synergy: "they are allowed to draw one card": a draw, or "done" without one
        out += [{"type": "synergy_draw"}, {"type": "done"}]
    return out


def attack_owed(state: State, h: dict[str, Any], t: dict[str, Any]) -> bool:
    """Melee: "If you take the melee action, you must make a melee attack this turn":
    the turn cannot end without it while a target is in the arena."""
    return (t["mode"] == "turn" and t["stack"] == "melee" and not t["attacked"]
            and bool(attacks(state, h, "melee")))


def melee_attack_made(t: dict[str, Any]) -> bool:
    """Melee: "Once the cards have been played and the counters tallied, the melee attack
    is rolled" (the example: "The final card would be used to attack with it"): one melee
    attack in a Melee Turn, and it comes last; once it is made, no card is played or used
    (the cards played and not used go to the discard pile with the rest)."""
    return t["mode"] == "turn" and t["stack"] == "melee" and t["attacked"] and t["step"] == "use"


def makes_melee_attack(card: str) -> bool:
    """A card whose use can be the melee attack: a Melee card ("add a counter ... -or-
    attack with it") or a melee ability that attacks (Feint, Backstab)."""
    ab = data.abilities().get(card)
    return card == "melee" or (ab is not None and ab["symbol"] == "melee" and ab["effect"] == "attack_bonus")


def spare_attacker(state: State, h: dict[str, Any], t: dict[str, Any]) -> bool:
    """Whether a card other than the one in use can still make the owed melee attack:
    one played after it, or a melee card still in the hand. Each card gives a counter
    *or* the attack, so a card may go on a counter only while another can attack (the
    book's example: two cards on counters, "the final card would be used to attack")."""
    return any(makes_melee_attack(c) for c in t["tokens"][1:] + pile(state, f"{h['id']}:hand"))


def keeps_the_attack(state: State, h: dict[str, Any], t: dict[str, Any]) -> bool:
    """The card in use must be kept for the owed melee attack: no counter from it."""
    return attack_owed(state, h, t) and not spare_attacker(state, h, t)


def token_options(state: State, h: dict[str, Any], t: dict[str, Any]) -> list[Action]:
    card, stack, me = t["tokens"][0], t["stack"], h["id"]
    out: list[Action] = []
    ab = data.abilities().get(card)
    if ab:
        eff = ab["effect"]
        if eff == "attack_bonus":
            out = attacks(state, h, ATTACK_KIND.get(ab["symbol"]))
        elif eff == "double_counter":
            if ab["symbol"] == "defend":
                out = [{"type": "armor"}] if pile(state, f"{me}:armor") else []
            elif not keeps_the_attack(state, h, t):
                out = [{"type": "counter", "gear": w} for w in weapons_of(state, me, ab["symbol"])]
        elif eff == "heal":
            out = [{"type": "heal", "target": o["id"]} for o in allies_here(state, h)
                   if o["health"] < o["max_health"]]
        elif eff == "heal_all":
            out = [{"type": "heal_all"}] if any(o["health"] < o["max_health"] for o in allies_here(state, h)) else []
    elif stack in ATTACK_KIND:
        if not keeps_the_attack(state, h, t):
            out = [{"type": "counter", "gear": w} for w in weapons_of(state, me, stack)]
        out += attacks(state, h, stack)
    elif stack == "defend":
        out = [{"type": "armor"}] if pile(state, f"{me}:armor") else []
        out += [{"type": "retreat", "to": b} for b, _ln in neighbours(state, h["arena"])]
    elif stack == "rest":
        out = [{"type": "draw3"}]
        if pile(state, f"{me}:hand"):
            out.append({"type": "expend"})
        if h["health"] < h["max_health"]:
            out.append({"type": "heal2"})
    elif stack == "item":
        out = [{"type": "latent", "card": c} for c in sorted(set(pile(state, f"{me}:latent")))]
        out += power_options(state, h)  # "It offers three options": no fourth (arena items: see retreat)
        out += equip_options(state, h)
    return out or [{"type": "skip"}]


def power_options(state: State, h: dict[str, Any]) -> list[Action]:
    """Activate a power: a counter power on each equipped weapon or spell of the kinds its
    card names (Shadowstep: "one of your range or melee weapons"; no ``kinds``: any)."""
    out: list[Action] = []
    for p in sorted(set(pile(state, f"{h['id']}:powers"))):
        pw = data.powers()[p]
        if pw["effect"] == "counter":
            kinds = pw.get("kinds", data.WEAPON_KINDS)
            out += [{"type": "power", "power": p, "gear": w} for w in weapons_of(state, h["id"])
                    if data.weapons()[w]["kind"] in kinds]
        else:
            out.append({"type": "power", "power": p})
    return out


def equip_options(state: State, h: dict[str, Any]) -> list[Action]:
    """Equip an at-hand item, spell or power: one of the character's at-hand items, or a
    gear card in the hand ("cards in the player's hand are also at-hand"). A third
    weapon or spell swaps one of the two out; a new armor replaces the old one."""
    me = h["id"]
    eq = pile(state, f"{me}:equipped")
    out: list[Action] = []
    sources = [("at_hand", g) for g in sorted(set(pile(state, f"{me}:at_hand")))]
    sources += [("hand", g) for g in sorted({c for c in pile(state, f"{me}:hand") if data.is_gear(c)})]
    for src, g in sources:
        base: Action = {"type": "equip", "gear": g} | ({"from": "hand"} if src == "hand" else {})
        kind = data.gear_kind(g)
        if kind == "armor":
            if g not in pile(state, f"{me}:armor"):
                out.append(base)
        elif kind == "power":
            if g not in pile(state, f"{me}:powers"):
                out.append(base)
        elif kind == "weapon" and g not in eq:
            if len(eq) < MAX_WEAPONS:
                out.append(base)
            else:
                out += [base | {"swap": w} for w in sorted(set(eq))]
    return out


# -- carrying actions out ------------------------------------------------------------------
def apply_turn(state: State, a: Action, rng: Rng) -> None:
    kind = a["type"]
    if kind == "take":
        start_turn(state, a["stack"])
        return
    t = state["turn"]
    h = hero(state, t["actor"])
    me = h["id"]
    if kind == "attack":
        hero_attack(state, h, a["gear"], a["target"], attack_mods(t), rng)
        if data.weapons()[a["gear"]]["kind"] == "melee":
            t["attacked"] = True
        if t["step"] == "attack":
            t["step"] = "use"
        elif t["tokens"]:
            t["tokens"].pop(0)
    elif kind == "play":
        hand = pile(state, f"{me}:hand")
        hand.remove(a["card"])
        pile(state, f"{me}:front").append(a["card"])
        t["tokens"].append(a["card"])
        t["played"] += 1
        log(state, f"{h['name']} plays {data.card_name(a['card'])}.")
    elif kind == "expend_card":
        pile(state, f"{me}:hand").remove(a["card"])
        pile(state, f"{me}:expended").append(a["card"])
        t["expend_left"] -= 1
        log(state, f"{h['name']} expends {data.card_name(a['card'])} for this battle.")
        if t["expend_left"] == 0 or not pile(state, f"{me}:hand"):
            t["step"] = "use"
    elif kind == "expend_done":
        t["step"] = "use"
    elif kind == "end":
        end_turn(state, h, rng)
    elif kind == "synergy_draw":
        drop_melee_counters(state, h, h["name"])
        draw(state, h, rng)
        log(state, f"{h['name']} draws a card instead of a Synergy action.")
        next_synergy(state)
    elif kind == "done":
        drop_melee_counters(state, h, h["name"])
        if not t["played"]:
            log(state, f"{h['name']} plays no Synergy card and draws none.")
        discard_front(state, me)
        next_synergy(state)
    else:
        head = t["tokens"].pop(0)
        use_token(state, h, head, a, rng)


def start_turn(state: State, stack: str) -> None:
    actor = state["order"][state["at"]]
    h = hero(state, actor)
    stack_pile = pile(state, f"tableau:{stack}")
    taken = bool(stack_pile)
    if taken:  # the card joins this battle's deck only (given back when the battle ends)
        pile(state, f"{actor}:front").append(stack_pile.pop())
        h["taken"][stack] = h["taken"].get(stack, 0) + 1
    t = {"mode": "turn", "actor": actor, "stack": stack, "tokens": [stack], "step": "use",
         "attacked": False, "played": 0, "expend_left": 0}
    state["turn"] = t
    log(state, f"{h['name']} takes {data.STACK_NAMES[stack]}"
        + ("." if taken else " (the stack is empty: the action without a card)."))
    if stack in PENALTY and attacks(state, h):
        t["step"] = "attack"


def use_token(state: State, h: dict[str, Any], card: str, a: Action, rng: Rng) -> None:
    me, kind, t = h["id"], a["type"], state["turn"]
    amount = data.abilities()[card]["amount"] if card in data.abilities() else 1
    name = h["name"]
    if kind == "counter":
        h["counters"][a["gear"]] = h["counters"].get(a["gear"], 0) + amount
        log(state, f"{name} adds {amount} counter{'s' if amount > 1 else ''} to {data.card_name(a['gear'])}.")
    elif kind == "armor":
        h["defense_counters"] += amount
        log(state, f"{name} adds {amount} defense counter{'s' if amount > 1 else ''} to their armor.")
    elif kind == "retreat":
        retreat(state, h, a["to"], rng)
    elif kind == "draw3":
        n = sum(draw(state, h, rng) for _ in range(3))
        log(state, f"{name} rests and draws {n} card{'s' if n != 1 else ''}.")
    elif kind == "expend":
        t["step"], t["expend_left"] = "expend", 3
    elif kind == "heal2":
        heal(state, h, 2, name)
    elif kind == "heal":
        heal(state, hero(state, a["target"]), amount, name)
    elif kind == "heal_all":
        for o in allies_here(state, h):
            heal(state, o, amount, name)
    elif kind == "latent":
        pile(state, f"{me}:latent").remove(a["card"])
        pile(state, f"{me}:discard").append(a["card"])
        log(state, f"{name} readies {data.card_name(a['card'])}: it goes to the discard pile.")
    elif kind == "power":
        pw = data.powers()[a["power"]]
        log(state, f"{name} activates {pw['name']}.")
        if pw["effect"] == "counter":
            h["counters"][a["gear"]] = h["counters"].get(a["gear"], 0) + pw["amount"]
        elif pw["effect"] == "heal":
            heal(state, h, pw["amount"], name)
        else:
            for o in allies_here(state, h):
                heal(state, o, pw["amount"], name)
    elif kind == "equip":
        equip(state, h, a["gear"], a.get("swap"), a.get("from", "at_hand"))
    elif kind == "skip":
        log(state, f"{name}'s {data.card_name(card)} has no use now.")
    else:
        raise IllegalAction(f"unknown action {kind!r}")


def heal(state: State, h: dict[str, Any], n: int, by: str) -> None:
    before = h["health"]
    h["health"] = min(h["max_health"], h["health"] + n)
    woke = h["down"] and h["health"] > 0
    if woke:
        h["down"] = False
    log(state, f"{by} restores {h['health'] - before} battle health to {h['name']}"
        + (", who wakes." if woke else "."))


def equip(state: State, h: dict[str, Any], gear: str, swap: str | None, source: str) -> None:
    """The card leaves the hand (and so the deck's cycle) or the at-hand items and is put
    active in the character area: a weapon or spell among the equipped, an armor worn (the
    old one goes to the at-hand items, its defense counters lost), a power among the
    powers."""
    me = h["id"]
    at_hand = pile(state, f"{me}:at_hand")
    pile(state, f"{me}:{source}").remove(gear)
    kind = data.gear_kind(gear)
    if kind == "armor":
        at_hand.extend(pile(state, f"{me}:armor"))
        state["piles"][f"{me}:armor"] = [gear]
        h["defense_counters"] = 0  # the counters were on the armor taken off
    elif kind == "power":
        pile(state, f"{me}:powers").append(gear)
    else:
        eq = pile(state, f"{me}:equipped")
        if swap is not None:
            eq.remove(swap)
            at_hand.append(swap)
            h["counters"].pop(swap, None)
        eq.append(gear)
    log(state, f"{h['name']} equips {data.card_name(gear)}" + (" from the hand" if source == "hand" else "")
        + (f" in place of {data.card_name(swap)}." if swap else "."))


def retreat(state: State, h: dict[str, Any], to: str, rng: Rng) -> None:
    """Defend's second option: move to an adjacent arena; every enemy engaged in the arena
    left gets one parting melee reaction. The first hero through a door opens it (the
    whole zone was laid out when the battle began), and the items lying in the arena
    entered are picked up (``pick_up``)."""
    here = h["arena"]
    engaged = [m for m in state["monsters"] if not m["dead"] and m["arena"] == here]
    for m in engaged:
        queue_parting(state, m, h)
    for b, ln in neighbours(state, here):
        if b == to and not ln["open"]:
            ln["open"] = True
            log(state, f"{h['name']} opens the door to the next arena.")
    h["arena"] = to
    log(state, f"{h['name']} {'retreats' if engaged else 'moves'} to {arena_name(state, to)}.")
    pick_up(state, h)


def pick_up(state: State, h: dict[str, Any]) -> None:
    """Encounter zone: arenas "may have associated monsters or items". The book gives no
    action for taking an item (Item/Ability "offers three options", none of them this), so
    a hero who enters an arena picks up the items lying there: they join the hero's at-hand
    items (to equip with Item/Ability), while the character's own cards have room."""
    items = arena_items(state, h["arena"])
    while items and room(state, h):
        item = items.pop(0)
        pile(state, f"{h['id']}:at_hand").append(item)
        log(state, f"{h['name']} picks up {data.card_name(item)}: it joins their at-hand items.")


def arena_items(state: State, arena: str) -> list[str]:
    """The items lying in an arena of the current zone (an empty list when none)."""
    zid = state["options"]["zones"][state["zone_index"]]
    return state["piles"].get(f"items:{zid}/{arena}", [])


def arena_name(state: State, arena: str) -> str:
    zid = state["options"]["zones"][state["zone_index"]]
    return next(a["name"] for a in data.zone(zid)["arena"] if a["id"] == arena)


def attack_mods(t: dict[str, Any]) -> int:
    """The changes to a hero's to-hit from the turn: the stack's penalty on the penalty
    attack, or the bonus of the ability card being used (Feint +2, ...)."""
    if t["step"] == "attack":
        return PENALTY.get(t["stack"], 0)
    head = t["tokens"][0] if t["tokens"] else None
    return int(data.abilities()[head]["amount"]) if head in data.abilities() else 0


def hero_to_hit(h: dict[str, Any], gear: str, mods: int) -> tuple[int, int]:
    """(to-hit, counters used) of the hero's attack with ``gear`` now: Attacks, step 1."""
    w = data.weapons()[gear]
    info = h["stats"]
    char_mod = {"melee": info["melee_attack"], "range": info["ranged_attack"], "mana": info["mana"]}[w["kind"]]
    counters = h["counters"].get(gear, 0)
    return combat.to_hit(char_mod, w["attack"], counters, mods), counters


def planned_spend(state: State, target: str, hv: int) -> int | None:
    """The defense counters the monster attacked will spend against ``hv``: none for a
    minion, the policy's number for a boss, ``None`` when a Game Master will choose."""
    m = monster(state, target)
    if m["kind"] != "boss" or m["defense_counters"] == 0:
        return 0
    if state["options"].get("gm"):
        return None
    b = data.boss(m["type"])
    return boss_spend(b["defense"] + data.boss_armor(b), m["defense_counters"], hv)


def hero_attack(state: State, h: dict[str, Any], gear: str, target: str, mods: int, rng: Rng) -> None:
    """Attacks, steps 1-5, for a hero: all counters on the weapon are used and removed.
    A boss holding defense counters chooses how many to spend: by the GM's policy, or in
    GM mode the attack waits for the GM's answer (``state["guard"]``, then ``resolve_guard``)."""
    hv, counters = hero_to_hit(h, gear, mods)
    h["counters"].pop(gear, None)
    m = monster(state, target)
    guard = {"hero": h["id"], "gear": gear, "target": target, "to_hit": hv, "counters": counters}
    spent = planned_spend(state, target, hv)
    if spent is None:
        state["guard"] = guard
        log(state, f"{h['name']} attacks {m['name']}: the Game Master chooses the defense counters to spend.")
        return
    resolve_guard(state, guard, spent, rng)


def hero_reaction(state: State, r: dict[str, str], rng: Rng) -> None:
    """A hero's parting melee reaction at a boss that retreated (Defend: "any enemies get
    one parting melee reaction"), as the monsters get theirs: an attack with the hero's
    equipped melee weapon of the best to-hit (all its counters used), no penalty. A hero
    fallen meanwhile, or a boss already defeated, gets or takes none."""
    h, m = hero(state, r["hero"]), monster(state, r["target"])
    melee = weapons_of(state, h["id"], "melee")
    if h["down"] or m["dead"] or not melee:
        return
    gear = max(melee, key=lambda w: (hero_to_hit(h, w, 0)[0], data.weapons()[w]["damage"], w))
    log(state, f"{h['name']} gets a parting reaction as {m['name']} retreats.")
    hero_attack(state, h, gear, m["id"], 0, rng)


def guard_values(state: State, guard: dict[str, Any], spent: int) -> tuple[int, int]:
    """(defense, damage resistance) of the monster attacked, spending ``spent`` counters."""
    m = monster(state, guard["target"])
    if m["kind"] == "boss":
        b = data.boss(m["type"])
        return combat.defense(b["defense"], data.boss_armor(b), spent), b["resistance"]
    spec = data.minion(m["type"])
    return spec["defense"], spec.get("resistance", 0)


def guard_chance(state: State, guard: dict[str, Any], spent: int) -> float:
    """The chance this attack counts, exactly (the buttons' figure): it hits and does
    damage (step 4, the target's damage resistance subtracted); against a minion without
    damage resistance any hit counts (``damage_monster``)."""
    h, m = hero(state, guard["hero"]), monster(state, guard["target"])
    w = data.weapons()[guard["gear"]]
    dv, resist = guard_values(state, guard, spent)
    base = w["damage"] + (h["stats"]["melee_damage"] if w["kind"] == "melee" else 0)
    return combat.count_chance(guard["to_hit"], dv, base, resist,
                               any_hit=m["kind"] == "minion" and not resist)


def resolve_guard(state: State, guard: dict[str, Any], spent: int, rng: Rng) -> None:
    """Steps 2-5 of a hero's attack, the defender having chosen ``spent`` counters."""
    h, m = hero(state, guard["hero"]), monster(state, guard["target"])
    w = data.weapons()[guard["gear"]]
    if m["kind"] == "boss":
        m["defense_counters"] -= spent
    dv, resist = guard_values(state, guard, spent)
    bonus = h["stats"]["melee_damage"] if w["kind"] == "melee" else 0
    r = combat.roll_attack(rng, guard["to_hit"], dv, w["damage"], bonus, resist)
    r.update({"attacker": h["name"], "target": m["name"], "weapon": w["name"], "counters": guard["counters"],
              "spent": spent})
    state["rolls"].append(r)
    damage_monster(state, m, r)


def damage_monster(state: State, m: dict[str, Any], r: dict[str, Any]) -> None:
    log(state, describe(r))
    if not r["hit"]:
        return
    if m["kind"] == "minion":
        if r["damage"] == 0 and data.minion(m["type"]).get("resistance", 0):
            log(state, f"The blow glances off {m['name']} (damage resistance): no hit.")
            return
        m["hits"] -= 1  # a minion takes a number of hits, whatever the damage
        if m["hits"] <= 0:
            m["dead"] = True
            log(state, f"{m['name']} dies.")
    else:
        m["health"] = max(0, m["health"] - r["damage"])
        if m["health"] == 0:
            m["dead"] = True
            log(state, f"{m['name']} is defeated.")


def discard_front(state: State, hid: str) -> None:
    """All the cards played, including the action card just gained, go to the discard pile."""
    pile(state, f"{hid}:discard").extend(pile(state, f"{hid}:front"))
    state["piles"][f"{hid}:front"] = []


def end_turn(state: State, h: dict[str, Any], rng: Rng) -> None:
    drop_melee_counters(state, h, h["name"])
    discard_front(state, h["id"])
    if draw(state, h, rng, HAND_LIMIT):
        log(state, f"{h['name']} draws a card.")
    stack = state["turn"]["stack"]
    order = [a for a in state["order"] if a.startswith("h")]
    i = order.index(h["id"])
    clockwise = order[i + 1:] + order[:i]
    queue = [o for o in clockwise if hero(state, o)["arena"] == h["arena"] and not hero(state, o)["down"]]
    state["turn"] = None
    if queue:
        state["turn"] = synergy_turn(queue[0], stack, queue[1:])
        log(state, f"Synergy ({data.STACK_NAMES[stack]}): {hero(state, queue[0])['name']}.")
    else:
        advance(state)


def synergy_turn(actor: str, stack: str, queue: list[str]) -> dict[str, Any]:
    return {"mode": "synergy", "actor": actor, "stack": stack, "tokens": [], "step": "use",
            "attacked": False, "played": 0, "expend_left": 0, "queue": queue}


def next_synergy(state: State) -> None:
    t = state["turn"]
    queue = [o for o in t["queue"] if not hero(state, o)["down"]]
    if queue:
        state["turn"] = synergy_turn(queue[0], t["stack"], queue[1:])
    else:
        advance(state)


def hand_full(state: State, hid: str) -> bool:
    return len(pile(state, f"{hid}:hand")) >= HAND_LIMIT


def armor_total(state: State, hid: str) -> int:
    return armor_bonus(state, hid)
