"""How monsters act (the GM's side, a written policy since the app is the GM):

- Minions share the minion deck: each minion's turn turns its top card (the discard is
  reshuffled when it runs out; no new cards join it). Hold: the minion holds back.
  Otherwise it attacks the conscious hero in reach with the least health (ties: the
  earlier in the turn order) with the card's to-hit change; a melee minion reaches its
  own arena, a range minion also the adjacent arenas through open links. With no hero in
  reach it moves one arena towards the nearest hero.
- A boss turns the top card of its own deck: Melee attacks with its melee weapon (all
  counters used); Range or Mana attacks with that weapon when it has a counter on it and
  a hero is in reach, else adds a counter to it; Defend adds a defense counter and
  attacks at -2; Rest restores 2 health and attacks at -4; with nobody in reach it
  moves towards the nearest hero.
- A boss attacked spends the fewest defense counters that make an average roll (7) miss,
  or all of them when even all cannot.
- Engaged monsters get one parting melee reaction when a hero retreats.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import combat, data
from .arena import in_reach, step_towards
from .common import State, log, pile
from .setup import armor_bonus, hero

AVERAGE_ROLL = 7


def boss_spend(base_defense: int, counters: int, hit_value: int) -> int:
    for k in range(counters + 1):
        if combat.defense(base_defense, 0, k) > hit_value + AVERAGE_ROLL:
            return k
    return counters


def pick_target(state: State, m: dict[str, Any], kind: str) -> dict[str, Any] | None:
    reach = in_reach(state, m["arena"], kind)
    order = state["order"]
    near = [h for h in state["heroes"] if not h["down"] and h["arena"] == m["arena"]]
    if not near and kind != "melee":
        near = [h for h in state["heroes"] if not h["down"] and h["arena"] in reach]
    if not near:
        return None
    return min(near, key=lambda h: (h["health"], order.index(h["id"])))


def move_towards_heroes(state: State, m: dict[str, Any]) -> None:
    goals = {h["arena"] for h in state["heroes"] if not h["down"]}
    step = step_towards(state, m["arena"], goals)
    if step is None:
        log(state, f"{m['name']} waits.")
        return
    for ln in state["links"]:
        if {ln["a"], ln["b"]} == {m["arena"], step}:
            ln["open"] = True
    m["arena"] = step
    log(state, f"{m['name']} moves towards the party.")


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


def minion_turn(state: State, m: dict[str, Any], rng: Rng) -> None:
    deck, disc = pile(state, "minion:draw"), pile(state, "minion:discard")
    if not deck:
        deck.extend(disc)
        disc.clear()
        rng.shuffle(deck)
    card = deck.pop()
    disc.append(card)
    spec = data.minion_cards()[card]
    kind = data.minions()[m["type"]]["kind"]
    if card == "hold":
        log(state, f"{m['name']} turns {spec['name']} and holds back.")
        return
    h = pick_target(state, m, kind)
    if h is None:
        move_towards_heroes(state, m)
        return
    hv, dmg = minion_attack_values(m)
    queue_attack(state, m, h, hv + spec["to_hit"], dmg, m["name"], spec["name"])


def boss_turn(state: State, m: dict[str, Any], rng: Rng) -> None:
    deck, disc = pile(state, f"{m['id']}:draw"), pile(state, f"{m['id']}:discard")
    if not deck:
        deck.extend(disc)
        disc.clear()
        rng.shuffle(deck)
    card = deck.pop()
    disc.append(card)
    b = data.bosses()[m["type"]]
    log(state, f"{m['name']} turns {data.STACK_NAMES[card]}.")
    kind = card if card in ("melee", "range", "mana") else "melee"
    weapon = boss_weapon(m, kind) or boss_weapon(m, "melee") or b["weapons"][0]
    wkind = data.weapons()[weapon]["kind"]
    h = pick_target(state, m, wkind)
    if card in ("range", "mana") and (h is None or not m["counters"].get(weapon)):
        m["counters"][weapon] = m["counters"].get(weapon, 0) + 1
        log(state, f"{m['name']} adds a counter to {data.weapons()[weapon]['name']}.")
        return
    penalty = {"defend": -2, "rest": -4, "item": -2}.get(card, 0)
    if card in ("defend", "item"):
        m["defense_counters"] += 1
        log(state, f"{m['name']} adds a defense counter.")
    if card == "rest":
        before = m["health"]
        m["health"] = min(m["max_health"], m["health"] + 2)
        log(state, f"{m['name']} restores {m['health'] - before} health.")
    if h is None:
        move_towards_heroes(state, m)
        return
    hv, dmg = boss_values(m, weapon, penalty)
    queue_attack(state, m, h, hv, dmg, data.weapons()[weapon]["name"], data.STACK_NAMES[card])


def resolve_attack(state: State, att: dict[str, Any], spent: int, rng: Rng) -> None:
    """Attacks, steps 2-5, against a hero who chose to spend ``spent`` defense counters."""
    h = hero(state, att["target"])
    m = next(x for x in state["monsters"] if x["id"] == att["attacker"])
    h["defense_counters"] -= spent
    base = data.heroes()[h["hero"]]["defense"]
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
