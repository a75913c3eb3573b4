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
- A boss has "full stats and decks just like the player characters" and takes the
  tableau's actions as a hero does, with a hand of BOSS_HAND cards: take a card from one
  of the six stacks (it joins the boss's battle deck), play matching cards from its hand,
  then, for Defend, Rest and Item/Ability, make the compulsory penalty attack (-2, -4,
  -2) when a hero is in reach, and use each card as a hero would (``boss_token_options``):
  a counter on a weapon of the stack's kind or an attack with it (Melee: a melee attack
  must be made), a defense counter or a move (a retreat when heroes are engaged: each gets
  a parting melee reaction), draw 3, expend up to 3 cards or restore 2; what it cannot
  use (Item/Ability: no latent abilities, powers or items; a spell it does not have) is
  let go. It then draws one card, up to the hand limit, as a hero does.
  Policy: Rest when at a third of its health or less and holding Rest; else the attack
  stack with a hero in reach it holds most cards of (Melee, Mana, Range on ties), else
  Defend to move towards the heroes; play every matching card; counters first, the last
  card attacks the weakest hero in reach. It never retreats from engaged heroes and never
  expends (a GM may do both).
- A boss attacked spends the fewest defense counters that make an average roll (7)
  miss, or all of them when even all cannot (also in GM mode: the answer is needed in the
  middle of a hero's attack).
- Engaged monsters get one parting melee reaction when a hero retreats ("any enemies":
  a ranged minion strikes with its card's attack too).
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import combat, data
from .combat import PENALTY
from .arena import in_reach, neighbours, revealed, step_towards
from .common import State, drop_melee_counters, log, pile
from .order import advance
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
    spec = data.minion(m["type"])
    return spec["attack"], spec["damage"]


def boss_weapon(m: dict[str, Any], kind: str) -> str | None:
    ws = [w for w in data.boss(m["type"])["weapons"] if data.weapons()[w]["kind"] == kind]
    return ws[0] if ws else None


def boss_to_hit(m: dict[str, Any], weapon: str, penalty: int) -> int:
    """Attacks, step 1, for a boss: the same arithmetic as a hero's, all its counters on
    the weapon counted (the GM's button and the roll both read this)."""
    b = data.boss(m["type"])
    w = data.weapons()[weapon]
    mod = {"melee": b["melee_attack"], "range": b["ranged_attack"], "mana": b["mana"]}[w["kind"]]
    return combat.to_hit(mod, w["attack"], m["counters"].get(weapon, 0), penalty)


def boss_values(m: dict[str, Any], weapon: str, penalty: int) -> tuple[int, int]:
    """(to-hit, damage) of a boss's attack; its counters on the weapon are used up."""
    b = data.boss(m["type"])
    w = data.weapons()[weapon]
    hv = boss_to_hit(m, weapon, penalty)
    m["counters"].pop(weapon, None)
    return hv, w["damage"] + (b["melee_damage"] if w["kind"] == "melee" else 0)


def queue_parting(state: State, m: dict[str, Any], h: dict[str, Any]) -> None:
    """One parting melee reaction from an engaged monster at a retreating hero (Defend:
    "any enemies get one parting melee reaction"): a minion strikes with its card's own
    attack, a ranged one (the Cultist Archer) too, at close quarters (issue 47: "any
    enemies"; from the review of issue 33 until then a ranged minion got none); a boss
    with its melee weapon (every boss of the content has one)."""
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
        state["mturn"] = {"actor": m["id"], "step": "stack", "stack": None, "uses": 0, "left": 0,
                          "card": None, "attacked": False, "expend_left": 0}
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
    state["mturn"] = {"actor": m["id"], "step": "use", "stack": None, "uses": 1, "left": 1, "card": card,
                      "attacked": False}


def end_monster_turn(state: State, rng: Rng) -> None:
    mt = state["mturn"]
    if mt is not None and mt["step"] != "stack":
        mid = mt["actor"]
        if f"{mid}:front" in state["piles"]:
            boss = next(x for x in state["monsters"] if x["id"] == mid)
            drop_melee_counters(state, boss, boss["name"])  # melee counters do not wait (Range and Mana)  # a boss: the cards played and taken join its deck
            pile(state, f"{mid}:discard").extend(pile(state, f"{mid}:front"))
            state["piles"][f"{mid}:front"] = []
            boss_draw(state, mid, rng, len(pile(state, f"{mid}:hand")) + 1)  # Draw: one card, up to eight
    state["mturn"] = None
    advance(state)


def mover_options(state: State, m: dict[str, Any]) -> list[Action]:
    """Moves through a link to a revealed arena, or waiting."""
    out: list[Action] = [{"type": "gm_move", "to": b} for b, _ln in neighbours(state, m["arena"])
                         if revealed(state, b)]
    return out + [{"type": "gm_wait"}]


def reach_targets(state: State, m: dict[str, Any], kind: str) -> list[str]:
    reach = in_reach(state, m["arena"], kind)
    return [h["id"] for h in state["heroes"] if not h["down"] and h["arena"] in reach]


def boss_attacks(state: State, m: dict[str, Any], kind: str | None = None) -> list[Action]:
    """A boss's attacks as a hero's: each equipped weapon (of ``kind``) at each hero in reach."""
    out: list[Action] = []
    for w in data.boss(m["type"])["weapons"]:
        wk = data.weapons()[w]["kind"]
        if kind is None or wk == kind:
            out += [{"type": "gm_attack", "target": t, "gear": w} for t in reach_targets(state, m, wk)]
    return out


def engaged_heroes(state: State, m: dict[str, Any]) -> list[dict[str, Any]]:
    """The conscious heroes in the monster's arena, in seat order."""
    return [h for h in state["heroes"] if not h["down"] and h["arena"] == m["arena"]]


def boss_token_options(state: State, m: dict[str, Any], mt: dict[str, Any]) -> list[Action]:
    """What one card of the boss's action gives, as a hero's would (Action Tableau):
    Melee/Range/Mana a counter on a weapon of that kind or an attack with it; Defend a
    defense counter (on its armor: none without) or a retreat to an adjacent arena (the
    engaged heroes then get their parting reactions); Rest draw 3, expend up to 3 cards from the hand, or restore 2;
    Item/Ability nothing the boss can use (no latent abilities, powers or at-hand items):
    the card is let go, as a hero with nothing to play would."""
    stack = mt["stack"]
    out: list[Action] = []
    if stack in ATTACK_STACKS:
        w = boss_weapon(m, stack)
        if w is not None:
            hits = boss_attacks(state, m, stack)
            last = stack == "melee" and not mt["attacked"] and mt["left"] == 1 and hits
            out = ([] if last else [{"type": "gm_counter", "gear": w}]) + hits
    elif stack == "defend":
        b = data.boss(m["type"])  # a counter goes on an armor: a boss with none only retreats, as a hero
        out = ([{"type": "gm_armor"}] if b.get("armor") else []) + \
            [a for a in mover_options(state, m) if a["type"] == "gm_move"]
    elif stack == "rest":
        out = [{"type": "gm_draw3"}] + ([{"type": "gm_expend"}] if pile(state, f"{m['id']}:hand") else [])
        out += [{"type": "gm_heal2"}] if m["health"] < m["max_health"] else []
    return out or [{"type": "gm_skip"}]


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
        kind = data.minion(m["type"])["kind"]
        targets = reach_targets(state, m, kind)
        if targets:  # the card says strike: a minion with a hero in reach attacks
            return [{"type": "gm_attack", "target": t} for t in targets]
        return mover_options(state, m)
    if mt["step"] == "attack":  # the penalty attack of Defend, Rest and Item/Ability: compulsory
        return boss_attacks(state, m)
    if mt.get("expend_left"):  # Rest: expending, one card of the hand at a time
        return ([{"type": "gm_expend_card", "card": c} for c in sorted(set(pile(state, f"{m['id']}:hand")))]
                + [{"type": "gm_expend_done"}])
    if mt["left"] == 0:  # every card used, Melee taken and no melee attack made yet
        return boss_attacks(state, m, "melee")
    return boss_token_options(state, m, mt)


def apply_monster(state: State, a: Action, rng: Rng) -> None:
    """Carry out one monster decision (the policy's or the GM's)."""
    mt = state["mturn"]
    m = next(x for x in state["monsters"] if x["id"] == mt["actor"])
    kind = a["type"]
    if kind == "gm_stack":
        stack = a["stack"]
        mt["stack"], mt["uses"], mt["left"] = stack, 1, 1
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
        mt["left"] += 1
        log(state, f"{m['name']} plays {data.STACK_NAMES[a['card']]}.")
        return
    if kind == "gm_go":
        mt["step"] = "attack" if mt["stack"] in PENALTY and boss_attacks(state, m) else "use"
        return
    if m["kind"] == "minion":
        _minion_use(state, m, mt, a)
        end_monster_turn(state, rng)
        return
    _boss_use(state, m, mt, a, rng)
    if mt.get("expend_left"):
        return  # the Rest card's expend goes on (gm_expend_card / gm_expend_done)
    if mt["step"] == "attack":
        mt["step"] = "use"
    elif mt["left"] > 0:
        mt["left"] -= 1
    melee_done = mt["stack"] == "melee" and mt["attacked"]  # Melee: the attack comes last, once
    if melee_done or (mt["left"] == 0 and not (mt["stack"] == "melee" and boss_attacks(state, m, "melee"))):
        end_monster_turn(state, rng)


def attack_preview(state: State, a: Action) -> int:
    """The to-hit of the attack ``a`` the monster whose turn it is would make now (for
    the GM's buttons; nothing is changed): the same functions as the roll."""
    mt = state["mturn"]
    m = next(x for x in state["monsters"] if x["id"] == mt["actor"])
    if m["kind"] == "minion":
        return minion_attack_values(m)[0] + data.minion_cards()[mt["card"]]["to_hit"]
    return boss_to_hit(m, a["gear"], PENALTY.get(mt["stack"], 0) if mt["step"] == "attack" else 0)


def _minion_use(state: State, m: dict[str, Any], mt: dict[str, Any], a: Action) -> None:
    if a["type"] == "gm_attack":
        hv, dmg = minion_attack_values(m)
        spec = data.minion_cards()[mt["card"]]
        queue_attack(state, m, hero(state, a["target"]), hv + spec["to_hit"], dmg, m["name"], spec["name"])
    else:
        move(state, m, a)


def _boss_use(state: State, m: dict[str, Any], mt: dict[str, Any], a: Action, rng: Rng) -> None:
    kind, name = a["type"], m["name"]
    if kind == "gm_attack":
        penalty = PENALTY.get(mt["stack"], 0) if mt["step"] == "attack" else 0
        hv, dmg = boss_values(m, a["gear"], penalty)
        if data.weapons()[a["gear"]]["kind"] == "melee":
            mt["attacked"] = True
        queue_attack(state, m, hero(state, a["target"]), hv, dmg, data.weapons()[a["gear"]]["name"],
                     data.STACK_NAMES[mt["stack"]])
    elif kind == "gm_counter":
        m["counters"][a["gear"]] = m["counters"].get(a["gear"], 0) + 1
        log(state, f"{name} adds a counter to {data.card_name(a['gear'])}.")
    elif kind == "gm_armor":
        m["defense_counters"] += 1
        log(state, f"{name} adds a defense counter to its armor.")
    elif kind == "gm_move":
        for h in engaged_heroes(state, m):  # Defend: "any enemies get one parting melee reaction"
            state.setdefault("reactions", []).append({"hero": h["id"], "target": m["id"]})
        move(state, m, a)
    elif kind in ("gm_expend", "gm_expend_card", "gm_expend_done"):
        expend(state, m, mt, a)
    elif kind == "gm_draw3":
        hand, n = pile(state, f"{m['id']}:hand"), 0
        for _ in range(3):
            n += boss_draw(state, m["id"], rng, len(hand) + 1)
        log(state, f"{name} rests and draws {n} card{'s' if n != 1 else ''}.")
    elif kind == "gm_heal2":
        before = m["health"]
        m["health"] = min(m["max_health"], m["health"] + 2)
        log(state, f"{name} restores {m['health'] - before} health.")
    else:
        log(state, f"{name}'s {data.STACK_NAMES[mt['stack']]} card has no use now.")


def expend(state: State, m: dict[str, Any], mt: dict[str, Any], a: Action) -> None:
    """Rest: "Expend up to 3 cards from your hand": they leave the boss's battle deck for
    this battle (its ``expended`` pile), one decision a card, until three or "done"."""
    hand = pile(state, f"{m['id']}:hand")
    if a["type"] == "gm_expend":
        mt["expend_left"] = 3
        log(state, f"{m['name']} rests to expend cards from its hand.")
        return
    if a["type"] == "gm_expend_card":
        hand.remove(a["card"])
        pile(state, f"{m['id']}:expended").append(a["card"])
        mt["expend_left"] -= 1
        log(state, f"{m['name']} expends {data.card_name(a['card'])} for this battle.")
    if a["type"] == "gm_expend_done" or not hand:
        mt["expend_left"] = 0


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
    return next(a["name"] for a in data.zone(zid)["arena"] if a["id"] == arena)


def policy(state: State, legal: list[Action]) -> Action:
    """The written policy's decision among the legal ones (see the module docstring)."""
    mt = state["mturn"]
    m = next(x for x in state["monsters"] if x["id"] == mt["actor"])
    weakest = lambda acts: min(acts, key=lambda a: (hero(state, a["target"])["health"],  # noqa: E731
                                                    state["order"].index(a["target"])))
    if mt["step"] == "stack":
        hand = pile(state, f"{m['id']}:hand")
        if "rest" in hand and m["health"] * 3 <= m["max_health"]:
            return {"type": "gm_stack", "stack": "rest"}
        able = [s for s in ATTACK_STACKS if boss_attacks(state, m, s)]
        if not able:
            return {"type": "gm_stack", "stack": "defend"}
        best = max(able, key=lambda s: (hand.count(s), -POLICY_ORDER.index(s)))
        return {"type": "gm_stack", "stack": best}
    if mt["step"] == "play":
        return legal[0]  # every matching card is played (gm_go comes last)
    if mt.get("expend_left"):  # only a GM chooses to expend; then the cards the boss cannot use go
        useless = [a for a in legal if a["type"] == "gm_expend_card" and not usable(m, a["card"])]
        return useless[0] if useless else {"type": "gm_expend_done"}
    attacks = [a for a in legal if a["type"] == "gm_attack"]
    if m["kind"] == "minion" or mt["step"] == "attack" or mt["left"] <= 1:
        if attacks:
            return weakest(attacks)
    kinds = {a["type"] for a in legal}
    if "gm_counter" in kinds:
        return next(a for a in legal if a["type"] == "gm_counter")
    if attacks:
        return weakest(attacks)
    if "gm_heal2" in kinds:
        return {"type": "gm_heal2"}
    goals = {h["arena"] for h in state["heroes"] if not h["down"]}
    step = step_towards(state, m["arena"], goals)
    if step is not None and {"type": "gm_move", "to": step} in legal:
        return {"type": "gm_move", "to": step}
    for k in ("gm_armor", "gm_draw3", "gm_skip", "gm_wait"):
        if k in kinds:
            return {"type": k}
    return legal[0]


def usable(m: dict[str, Any], card: str) -> bool:
    """Whether a boss can ever use a card of its hand: not Item/Ability (no latent
    abilities, powers or items), not a stack it has no weapon for."""
    return card in ("defend", "rest") or (card in ATTACK_STACKS and boss_weapon(m, card) is not None)


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
    log(state, combat.describe(r) + (f" ({spent} defense counter{'s' if spent != 1 else ''} spent)" if spent else ""))
    if r["hit"] and not h["down"]:
        h["health"] = max(0, h["health"] - r["damage"])
        if h["health"] == 0:
            h["down"] = True
            log(state, f"{h['name']} falls unconscious.")
