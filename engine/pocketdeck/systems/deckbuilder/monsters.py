"""How monsters act. The book's GM is a person; Pocketdeck offers both: by default the
monsters follow a written policy, and in GM mode (option ``gm``) a person takes each
monster decision on the same phone from buttons. Either way the decisions are the same
actions (``monster_actions`` lists them, ``apply_monster`` carries one out), so the
policy can only do what a GM could.

- A minion's turn turns the top card of the shared minion deck (no new cards join it).
  Hold: the minion holds back. Otherwise it attacks a conscious hero in reach with the
  card's to-hit change (policy: the one with the least health, ties to the earlier in the
  turn order); a melee minion reaches its own arena, a range minion also the adjacent
  arenas through open links. With no hero in reach it moves one arena (policy: towards
  the nearest hero) or waits.
- A boss has full stats and a deck like a hero's, with a hand of BOSS_HAND cards. Its
  turn: take a card from one of the six tableau stacks (it joins the boss's deck, so the
  deck grows as the heroes' do), play any matching cards from its hand, then use them:
  Melee adds a counter per extra card and attacks; Range and Mana add the counters and
  attack, or only aim (all counters); Defend and Item/Ability add a defense counter per
  card and attack at -2; Rest restores 2 health per card and attacks at -4. With nobody
  in reach it moves or waits instead of attacking. It then draws back to its hand.
  Policy: Rest when at a third of its health or less and holding Rest; else the stack it
  holds most of among those it can attack with now (Melee, Mana, Range, Defend, Item,
  Rest on ties), else Defend; play every matching card; attack the weakest hero in reach;
  Range/Mana attack only with at least one counter to spend, else aim.
- A boss attacked spends the fewest defense counters that make an average roll (7)
  miss, or all of them when even all cannot (also in GM mode: the answer is needed in the
  middle of a hero's attack).
- Engaged monsters get one parting melee reaction when a hero retreats.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import combat, data
from .combat import PENALTY
from .arena import in_reach, neighbours, revealed, step_towards
from .common import State, log, pile
from .setup import armor_bonus, boss_draw, hero

AVERAGE_ROLL = 7


def boss_spend(base_defense: int, counters: int, hit_value: int) -> int:
    for k in range(counters + 1):
        if combat.defense(base_defense, 0, k) > hit_value + AVERAGE_ROLL:
            return k
    return counters


def queue_attack(state: State, m: dict[str, Any], h: dict[str, Any], to_hit: int, damage: int,
                 weapon: str, label: str) -> None:
    state["attacks"].append({"attacker": m["id"], "target": h["id"], "to_hit": to_hit,
                             "damage": damage, "weapon": weapon, "label": label})


def minion_attack_values(m: dict[str, Any]) -> tuple[int, int]:
    spec = data.minions()[m["type"]]
    return spec["attack"], spec["damage"]


def boss_weapon(m: dict[str, Any], kind: str) -> str | None:
    ws = [w for w in data.bosses()[m["type"]]["weapons"] if data.weapons()[w]["kind"] == kind]
    return ws[0] if ws else None


def boss_values(m: dict[str, Any], weapon: str, penalty: int) -> tuple[int, int]:
    """A boss attacks by the same steps as a hero; its counters on the weapon are used."""
    b = data.bosses()[m["type"]]
    w = data.weapons()[weapon]
    mod = {"melee": b["melee_attack"], "range": b["ranged_attack"], "mana": b["mana"]}[w["kind"]]
    counters = m["counters"].pop(weapon, 0)
    bonus = b["melee_damage"] if w["kind"] == "melee" else 0
    return combat.to_hit(mod, w["attack"], counters, penalty), w["damage"] + bonus


def queue_parting(state: State, m: dict[str, Any], h: dict[str, Any]) -> None:
    """One parting melee reaction from an engaged monster at a retreating hero."""
    if m["kind"] == "minion":
        hv, dmg = minion_attack_values(m)
        queue_attack(state, m, h, hv, dmg, m["name"], "parting reaction")
        return
    w = boss_weapon(m, "melee")
    if w:
        hv, dmg = boss_values(m, w, 0)
        queue_attack(state, m, h, hv, dmg, data.weapons()[w]["name"], "parting reaction")


ATTACK_STACKS = ("melee", "mana", "range")
POLICY_ORDER = ("melee", "mana", "range", "defend", "item", "rest")
Action = dict[str, Any]


def begin_monster_turn(state: State, m: dict[str, Any], rng: Rng) -> None:
    """Start a monster's turn: a minion turns the top card of the minion deck (Hold ends
    the turn at once); a boss is asked for its tableau stack."""
    if m["kind"] == "boss":
        state["mturn"] = {"actor": m["id"], "step": "stack", "stack": None, "uses": 0, "card": None}
        return
    deck, disc = pile(state, "minion:draw"), pile(state, "minion:discard")
    if not deck:
        deck.extend(disc)
        disc.clear()
        rng.shuffle(deck)
    card = deck.pop()
    disc.append(card)
    spec = data.minion_cards()[card]
    if card == "hold":
        log(state, f"{m['name']} turns {spec['name']} and holds back.")
        end_monster_turn(state, rng)
        return
    log(state, f"{m['name']} turns {spec['name']}.")
    state["mturn"] = {"actor": m["id"], "step": "use", "stack": None, "uses": 1, "card": card}


def end_monster_turn(state: State, rng: Rng) -> None:
    from .flow import advance
    mt = state["mturn"]
    if mt is not None and mt["step"] != "stack":
        mid = mt["actor"]
        if f"{mid}:front" in state["piles"]:  # a boss: the cards played and taken join its deck
            pile(state, f"{mid}:discard").extend(pile(state, f"{mid}:front"))
            state["piles"][f"{mid}:front"] = []
            boss_draw(state, mid, rng)
    state["mturn"] = None
    advance(state)


def mover_options(state: State, m: dict[str, Any]) -> list[Action]:
    """Moves through a link to a revealed arena (monsters do not explore), or waiting."""
    out: list[Action] = [{"type": "gm_move", "to": b} for b, _ln in neighbours(state, m["arena"])
                         if revealed(state, b)]
    return out + [{"type": "gm_wait"}]


def reach_targets(state: State, m: dict[str, Any], kind: str) -> list[str]:
    reach = in_reach(state, m["arena"], kind)
    return [h["id"] for h in state["heroes"] if not h["down"] and h["arena"] in reach]


def use_weapon(m: dict[str, Any], stack: str) -> str:
    """The weapon a boss uses with a stack: the one of that kind, else its first melee
    weapon, else its first weapon."""
    kind = stack if stack in ATTACK_STACKS else "melee"
    return boss_weapon(m, kind) or boss_weapon(m, "melee") or data.bosses()[m["type"]]["weapons"][0]


def monster_actions(state: State) -> list[Action]:
    """Every legal decision of the monster whose turn it is (the GM's buttons)."""
    mt = state["mturn"]
    m = next(x for x in state["monsters"] if x["id"] == mt["actor"])
    if mt["step"] == "stack":
        return [{"type": "gm_stack", "stack": s} for s in data.STACKS]
    if mt["step"] == "play":
        hand = pile(state, f"{m['id']}:hand")
        return ([{"type": "gm_play", "card": mt["stack"]}] if mt["stack"] in hand else []) + [{"type": "gm_go"}]
    if m["kind"] == "minion":
        kind = data.minions()[m["type"]]["kind"]
        targets = reach_targets(state, m, kind)
        if targets:  # the card says strike: a minion with a hero in reach attacks
            return [{"type": "gm_attack", "target": t} for t in targets]
        return mover_options(state, m)
    weapon = use_weapon(m, mt["stack"])
    targets = reach_targets(state, m, data.weapons()[weapon]["kind"])
    out: list[Action] = [{"type": "gm_attack", "target": t} for t in targets]
    if mt["stack"] in ("range", "mana"):
        out.append({"type": "gm_aim"})
    if not targets:
        out += mover_options(state, m)
    elif mt["stack"] != "melee":  # taking Melee means making a melee attack
        out.append({"type": "gm_wait"})
    return out


def apply_monster(state: State, a: Action, rng: Rng) -> None:
    """Carry out one monster decision (the policy's or the GM's)."""
    mt = state["mturn"]
    m = next(x for x in state["monsters"] if x["id"] == mt["actor"])
    kind = a["type"]
    if kind == "gm_stack":
        stack = a["stack"]
        mt["stack"], mt["uses"] = stack, 1
        tableau = pile(state, f"tableau:{stack}")
        got = bool(tableau)
        if got:  # the boss's battle deck grows as the heroes' do
            pile(state, f"{m['id']}:front").append(tableau.pop())
            m["taken"][stack] = m["taken"].get(stack, 0) + 1
        log(state, f"{m['name']} takes {data.STACK_NAMES[stack]}" + ("." if got else " (the stack is empty)."))
        mt["step"] = "play"
        return
    if kind == "gm_play":
        pile(state, f"{m['id']}:hand").remove(a["card"])
        pile(state, f"{m['id']}:front").append(a["card"])
        mt["uses"] += 1
        log(state, f"{m['name']} plays {data.STACK_NAMES[a['card']]}.")
        return
    if kind == "gm_go":
        mt["step"] = "use"
        return
    if m["kind"] == "minion":
        _minion_use(state, m, mt, a)
    else:
        _boss_use(state, m, mt, a)
    end_monster_turn(state, rng)


def attack_preview(state: State, target: str) -> int:
    """The to-hit of the attack the monster whose turn it is would make now (for the GM's
    buttons; nothing is changed)."""
    mt = state["mturn"]
    m = next(x for x in state["monsters"] if x["id"] == mt["actor"])
    if m["kind"] == "minion":
        return minion_attack_values(m)[0] + data.minion_cards()[mt["card"]]["to_hit"]
    weapon = use_weapon(m, mt["stack"])
    b = data.bosses()[m["type"]]
    w = data.weapons()[weapon]
    mod = {"melee": b["melee_attack"], "range": b["ranged_attack"], "mana": b["mana"]}[w["kind"]]
    counters = m["counters"].get(weapon, 0) + (mt["uses"] - 1 if mt["stack"] in ATTACK_STACKS else 0)
    return combat.to_hit(mod, w["attack"], counters, PENALTY.get(mt["stack"], 0))


def _minion_use(state: State, m: dict[str, Any], mt: dict[str, Any], a: Action) -> None:
    if a["type"] == "gm_attack":
        hv, dmg = minion_attack_values(m)
        spec = data.minion_cards()[mt["card"]]
        queue_attack(state, m, hero(state, a["target"]), hv + spec["to_hit"], dmg, m["name"], spec["name"])
    else:
        move(state, m, a)


def _boss_use(state: State, m: dict[str, Any], mt: dict[str, Any], a: Action) -> None:
    stack, k = mt["stack"], mt["uses"]
    weapon = use_weapon(m, stack)
    wname = data.weapons()[weapon]["name"]
    if stack in ATTACK_STACKS:
        n = k if a["type"] == "gm_aim" else k - 1
        if n:
            m["counters"][weapon] = m["counters"].get(weapon, 0) + n
            log(state, f"{m['name']} adds {n} counter{'s' if n != 1 else ''} to {wname}.")
    elif stack in ("defend", "item"):
        m["defense_counters"] += k
        log(state, f"{m['name']} adds {k} defense counter{'s' if k != 1 else ''}.")
    else:
        before = m["health"]
        m["health"] = min(m["max_health"], m["health"] + 2 * k)
        log(state, f"{m['name']} restores {m['health'] - before} health.")
    if a["type"] == "gm_attack":
        hv, dmg = boss_values(m, weapon, PENALTY.get(stack, 0))
        queue_attack(state, m, hero(state, a["target"]), hv, dmg, wname, data.STACK_NAMES[stack])
    elif a["type"] in ("gm_move", "gm_wait"):
        move(state, m, a)


def move(state: State, m: dict[str, Any], a: Action) -> None:
    if a["type"] == "gm_wait":
        log(state, f"{m['name']} waits.")
        return
    for ln in state["links"]:
        if {ln["a"], ln["b"]} == {m["arena"], a["to"]}:
            ln["open"] = True
    m["arena"] = a["to"]
    log(state, f"{m['name']} moves to {arena_label(state, a['to'])}.")


def arena_label(state: State, arena: str) -> str:
    zid = state["options"]["zones"][state["zone_index"]]
    return next(a["name"] for a in data.zones()[zid]["arena"] if a["id"] == arena)


def policy(state: State, legal: list[Action]) -> Action:
    """The written policy's decision among the legal ones (see the module docstring)."""
    mt = state["mturn"]
    m = next(x for x in state["monsters"] if x["id"] == mt["actor"])
    if mt["step"] == "stack":
        hand = pile(state, f"{m['id']}:hand")
        if "rest" in hand and m["health"] * 3 <= m["max_health"]:
            return {"type": "gm_stack", "stack": "rest"}
        able = []
        for s in POLICY_ORDER:
            w = use_weapon(m, s)
            if reach_targets(state, m, data.weapons()[w]["kind"]) and (s in hand or s in ATTACK_STACKS):
                able.append(s)
        if not able:
            return {"type": "gm_stack", "stack": "defend"}
        best = max(able, key=lambda s: (hand.count(s), -POLICY_ORDER.index(s)))
        return {"type": "gm_stack", "stack": best}
    if mt["step"] == "play":
        return legal[0]  # every matching card is played (gm_go comes last)
    attacks = [a for a in legal if a["type"] == "gm_attack"]
    if attacks:
        weapon_counters = 0
        if m["kind"] == "boss":
            weapon_counters = m["counters"].get(use_weapon(m, mt["stack"]), 0) + mt["uses"] - 1
        if m["kind"] == "minion" or mt["stack"] not in ("range", "mana") or weapon_counters >= 1:
            order = state["order"]
            pick = min(attacks, key=lambda a: (hero(state, a["target"])["health"], order.index(a["target"])))
            return pick
        return {"type": "gm_aim"}
    goals = {h["arena"] for h in state["heroes"] if not h["down"]}
    step = step_towards(state, m["arena"], goals)
    if step is not None and {"type": "gm_move", "to": step} in legal:
        return {"type": "gm_move", "to": step}
    return {"type": "gm_aim"} if {"type": "gm_aim"} in legal else {"type": "gm_wait"}


def resolve_attack(state: State, att: dict[str, Any], spent: int, rng: Rng) -> None:
    """Attacks, steps 2-5, against a hero who chose to spend ``spent`` defense counters."""
    h = hero(state, att["target"])
    m = next(x for x in state["monsters"] if x["id"] == att["attacker"])
    h["defense_counters"] -= spent
    base = h["stats"]["defense"]
    dv = combat.defense(base, armor_bonus(state, h["id"]), spent)
    r = combat.roll_attack(rng, att["to_hit"], dv, att["damage"], 0, 0)
    r.update({"attacker": m["name"], "target": h["name"], "weapon": att["weapon"], "counters": 0,
              "spent": spent, "label": att["label"]})
    state["rolls"].append(r)
    from .turn import describe
    log(state, describe(r) + (f" ({spent} defense counter{'s' if spent != 1 else ''} spent)" if spent else ""))
    if r["hit"] and not h["down"]:
        h["health"] = max(0, h["health"] - r["damage"])
        if h["health"] == 0:
            h["down"] = True
            log(state, f"{h['name']} falls unconscious.")
