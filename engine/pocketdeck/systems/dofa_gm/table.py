"""The GM's table outside the flow of a fight: who is at it (players typed in, premade
characters, creatures from the bestiary as editable copies), the GM's tools on the
combatant in focus (damage, healing, statuses, treatment, weapon quality, the stat block's
numbers), Fate Cards, and the loot and money ledger (GMG, Items; Standard Currency).
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from ..dofa import sheet as sh
from . import bestiary as bs
from . import decks as dk
from . import fight as ft
from .fatecards import tc_drawn

MAX_ACTORS = 12
DAMAGE = (1, 2, 3, 4)
EDITS = ("hp_max", "ap_max", "ar", "pp_max", "phases")
LIMITS = {"hp_max": (1, 99), "ap_max": (0, 9), "ar": (0, 6), "pp_max": (0, 20), "phases": (1, 5)}
COIN_STEPS = (1, 10, -1, -10)


def new_id(s: State, prefix: str) -> str:
    s["next_id"] += 1
    return f"{prefix}{s['next_id']}"


def give_deck(s: State, x: dict[str, Any], rng: Rng) -> None:
    """Minions share the NPC Deck; a Dealer or Boss gets a deck of its own with one Fate
    Card (GMG, Character Types); a premade character its 54-card Action Deck."""
    if x["kind"] == "companion" and companion_of(s, x):
        return                          # set by companion_of: the Dealer's deck
    if x["kind"] in ("minion", "companion"):
        x["deck"] = "npc"
    elif x["kind"] in ("dealer", "boss"):
        s["decks"][x["id"]] = dk.new_deck(rng, jokers=1, keeps_aces=True)
        x["deck"] = x["id"]
    elif x["kind"] == "pc":
        s["decks"][x["id"]] = dk.new_deck(rng, jokers=2, keeps_aces=True)
        x["deck"] = x["id"]


def companion_of(s: State, x: dict[str, Any]) -> bool:
    """PG, Dealers, NPCs and Companions: "A Companion acts on the players turn, draws from
    the Dealer's deck of cards". A companion joining the party goes with the first party
    Dealer (a player or premade) without one; it draws from that Dealer's deck (the
    premade's deck the app holds; a player's own phone: ``deck`` None, the card typed in).
    None standing without a companion: it stays a creature of its own (the NPC Deck)."""
    taken = {a.get("dealer") for a in s["actors"] if a["kind"] == "companion" and not a["out"]}
    dealer = next((a for a in s["actors"] if a["side"] == x["side"] and a["kind"] in ("player", "pc")
                   and ft.in_fight(a) and a["id"] not in taken), None)
    if dealer is None:
        return False
    x["dealer"], x["deck"] = dealer["id"], dealer["deck"]
    # PG, Health and Armor: "The health of Companions HP is half the level of their Dealer,
    # rounding up"; the stat block's HP is kept as what it had before joining (review G11)
    x["block_hp"] = x["hp_max"]
    x["hp"] = x["hp_max"] = sh.companion_hp(dealer.get("level", 1))
    ft.log(s, f"{x['name']} is {dealer['name']}'s Companion: it acts on their turn and draws from their deck; "
              f"HP {x['hp']} (half {dealer['name']}'s level {dealer.get('level', 1)}, rounded up; "
              f"{x['block_hp']} in its stat block).")
    return True


def add_creature(s: State, source: str, rng: Rng, side: str | None = None) -> dict[str, Any]:
    """A creature joins as a copy of its card: one of ours, or one the GM made that the game
    carries (``bs.card``), named by its card's name ("Gray Wolf 2" for a second one)."""
    c = bs.card(s, source)
    n = 1 + sum(1 for a in s["actors"] if a["source"] == source)
    base = c.get("name", source)
    name = base if n == 1 else f"{base} {n}"
    x = bs.from_creature(new_id(s, "c"), source, name,
                         side or ("party" if c["type"] == "Companion" else "foes"), c)
    give_deck(s, x, rng)
    s["actors"].append(x)
    ft.log(s, f"{name} joins ({c['type']}, HP {x['hp']}, AR {x['ar']}).")
    if s["combat"] and not x.get("dealer"):
        card = dk.draw_tc(s["decks"][x["deck"]], rng, x["id"])
        s["combat"]["has_tc"].append(x["id"])
        ft.log(s, f"{name} draws the Target Card {ft.card_name(card)}.")
        tc_drawn(s, x)
        if s["combat"]["stage"] == "turns":
            from .turns import join_order
            join_order(s, x["id"])
    return x


def add_premade(s: State, pid: str, rng: Rng) -> dict[str, Any]:
    x = bs.from_premade(new_id(s, "p"), pid)
    give_deck(s, x, rng)
    s["actors"].append(x)
    ft.log(s, f"{x['name']} ({pid}) joins the party.")
    return x


def add_player(s: State, p: dict[str, Any]) -> None:
    x = bs.typed_player(new_id(s, "p"), p)
    s["actors"].append(x)
    ft.log(s, f"{x['name']} joins the table (HP {x['hp']}, AP {x['ap']}, AR {x['ar']}, PP {x['pp']}).")


def join_player(s: State, p: dict[str, Any]) -> None:
    """A player joins mid-session from their sheet. In a fight they draw their Target Card
    as they join (PG, Taking Turns 1: "all characters draw a Target Card ... the TC for any
    attack"): drawn on their phone, typed in by the GM now (the entry opens at once); until
    it is in, no attack is drawn against them (turns.aims, boss.actions)."""
    add_player(s, p)
    ft.log(s, f"{p['name']} joined from their sheet; the GM accepted.")
    if s["combat"]:
        from . import entry
        x = s["actors"][-1]
        entry.open_entry(s, {"kind": "tc", "who": x["id"]})
        ft.log(s, f"{x['name']} joins the fight: they draw a Target Card.")


def give_phone(s: State, who: str, rng: Rng, p: dict[str, Any] | None = None) -> None:
    """Issue 29: a player at the table now draws on their own phone, joined by the table
    link. The host's game is the truth, so their Action Deck is kept here (``own``: the
    PG's 54 cards, two Jokers as Fate Cards in hand, Aces kept), shuffled by this game's
    generator: the draws of a check the GM sends them are dealt from it and graded by the
    GM's own code, and every Fate Card spent or awarded is in this state. Choice
    (docs/rules/dofa.md, "The player's phone at the GM's table"): a fresh deck, as at the
    start of a session; the deck of the player's own game is not carried over (a guest
    never sends cards, so no phone can stack the deck). Not in the deck a combat draws
    from (``deck`` stays None): initiative and attacks are reported as before."""
    x = ft.actor(s, who)
    if p is not None:
        seat_sheet(x, p)
        ft.log(s, f"{x['name']} sits here with the sheet on their phone (HP {x['hp']}, AP {x['ap']}, "
                  f"AR {x['ar']}, PP {x['pp']}).")
        for y in s["actors"]:
            if y.get("dealer") == x["id"] and not y["out"]:
                companion_level(s, y, x)
    s["decks"][x["id"]] = dk.new_deck(rng, jokers=2, keeps_aces=True)
    x["own"] = x["id"]
    ft.log(s, f"{x['name']} draws on their own phone: the GM's checks are sent there "
              "(an Action Deck of 54 cards, 2 Fate Cards, shuffled at the table).")


def companion_level(s: State, y: dict[str, Any], dealer: dict[str, Any]) -> None:
    """PG, Health and Armor: "The health of Companions HP is half the level of their Dealer,
    rounding up" (review dofa-phone-2-2026-11-27 #11): a sheet that brings the Dealer's level
    after the Companion joined sets its maximum anew; the damage it took stays taken."""
    lost = max(0, y["hp_max"] - y["hp"])
    y["hp_max"] = sh.companion_hp(dealer.get("level", 1))
    y["hp"] = 0 if y.get("ko") or y.get("dead") else max(1, y["hp_max"] - lost)
    ft.log(s, f"{y['name']}'s HP is now {y['hp']}/{y['hp_max']} (half {dealer['name']}'s level "
              f"{dealer.get('level', 1)}, rounded up).")


SHEET_KEYS = ("name", "hp", "hp_max", "ap", "ap_max", "ar", "pp", "pp_max", "attrs", "skills",
              "level", "powers", "armor")


def seat_sheet(x: dict[str, Any], p: dict[str, Any]) -> None:
    """Issue 29: the phone joined with its own sheet from its Library (checked by the
    library's own DofA sheet check on the host, ui/table_link/policies.py): the seat takes that
    character's name, modifiers, HP, AP, AR, PP (``p``: sheetlink's numbers, a sheet fresh
    from a Full Rest); its Fate Cards are the two of the Action Deck kept here. What the
    seat went through at the table (conditions, initiative, the HP, AP and PP it lost: a
    sheet heals no one, review dofa-phone-2026-11-27 #2) stays; a seat Knocked Out stays at 0 HP."""
    fresh = bs.typed_player(x["id"], p)
    lost = {k: max(0, x[f"{k}_max"] - x[k]) for k in ("hp", "ap", "pp")}
    x.update({k: fresh[k] for k in SHEET_KEYS})
    for k, n in lost.items():
        x[k] = max(0, x[f"{k}_max"] - n)
    # a seat standing stays standing (at least 1 HP); one Knocked Out or dead stays at 0
    x["hp"] = 0 if x.get("ko") or x.get("dead") else max(1, x["hp"])
    if fresh.get("sheet"):
        x["sheet"] = True
        x["role"] = fresh.get("role")


def pick_actions(s: State) -> list[Action]:
    """A player's Condition Resilience or Immunity from their sheet names no condition yet
    (04_Powers: "Pick one of ..."): theirs to pick (their phone's seat: rules.seat_of)."""
    from .powers import CONDITION_PICKS, PICKABLE
    return [{"type": "pick_condition", "who": x["id"], "power": p, "name": n}
            for x in s["actors"] if x["kind"] == "player" and ft.in_fight(x)
            for p in PICKABLE if p in x["powers"] for n in CONDITION_PICKS
            if f"{p}: {n}" not in x["powers"]]


def do_pick_condition(s: State, a: Action, rng: Rng) -> None:
    x = ft.actor(s, a["who"])
    x["powers"][x["powers"].index(a["power"])] = f"{a['power']}: {a['name']}"
    ft.log(s, f"{x['name']}'s {a['power']}: {a['name']}.")


def room(s: State) -> bool:
    return sum(1 for a in s["actors"] if not a["out"]) < MAX_ACTORS


def actions(s: State) -> list[Action]:
    acts: list[Action] = []
    if room(s) and s["panel"] == "add":
        acts += [{"type": "add_creature", "id": c} for c in [*bs.creatures(), *s.get("made", ())]]
        if not s["combat"]:
            from ..dofa import sheet as sh
            acts += [{"type": "add_premade", "id": p} for p in sorted(sh.premades())]
    focus = s["focus"]
    if focus:
        x = ft.actor(s, focus)
        if not x["dead"]:
            acts += [{"type": "damage", "who": focus, "amount": n, "bypass": b}
                     for b in (False, True) for n in DAMAGE]
        if x["hp"] < x["hp_max"] and not x["dead"]:
            acts += [{"type": "heal", "who": focus, "amount": n} for n in (1, 2)]
        if x["ko"] and not x["dead"]:
            acts.append({"type": "treated", "who": focus})
        if ft.standing(x):
            have = {st["name"] for st in x["statuses"]}
            acts += [{"type": "status", "who": focus, "name": n, "rounds": r}
                     for n in ft.STATUSES if n not in have
                     and f"Condition Immunity: {n}" not in x["powers"] for r in ft.DURATIONS]
            acts += [{"type": "end_status", "who": focus, "name": n} for n in sorted(have)]
        acts += [{"type": "weapon", "who": focus, "damage": n} for n in DAMAGE if n != x["weapon"]]
        for f in EDITS:
            if f == "phases" and x["kind"] != "boss":
                continue
            lo, hi = LIMITS[f]
            if f == "ap_max" and x["side"] == "party":
                hi = ft.AP_MAX          # GMG, Managing Player Resources: at most 3 AP
            acts += [{"type": "edit", "who": focus, "field": f, "delta": d}
                     for d in (-1, 1) if lo <= x[f] + d <= hi]
        if x["deck"] and x["deck"] != "npc" and s["decks"][x["deck"]]["discard"]:
            acts.append({"type": "award_fate", "who": focus})
        if x["kind"] == "player":
            acts.append({"type": "award_fate", "who": focus})
        if "Undying Vulnerability" in x["powers"] and not x["dead"]:
            acts.append({"type": "expose", "who": focus})
        if not s["combat"]:
            acts.append({"type": "remove", "who": focus})
        acts += group_actions(s, x)
    if s["panel"] == "ledger":
        acts += [{"type": "coins", "coin": c, "n": n} for c, _ in bs.COINS for n in COIN_STEPS
                 if s["ledger"]["purse"] + n * dict(bs.COINS)[c] >= 0]
        acts += [{"type": "loot", "item": i} for i in bs.items()]
        acts += [{"type": "buy", "item": i} for i, it in bs.items().items()
                 if it["cost"] <= s["ledger"]["purse"]]
        acts += [{"type": "drop_loot", "index": i} for i in range(len(s["ledger"]["loot"]))]
    return acts


def group_actions(s: State, x: dict[str, Any]) -> list[Action]:
    """While initiative is drawn, a Minion may join another Minion's Target Card (GMG,
    Initiating Combat); a Dealer always keeps its own."""
    c = s["combat"]
    if not c or c["stage"] != "initiative" or x["kind"] != "minion" or x.get("shares") \
            or not ft.in_fight(x) or any(y.get("shares") == x["id"] for y in s["actors"]):
        return []
    return [{"type": "share_tc", "who": x["id"], "with": y["id"]} for y in s["actors"]
            if y is not x and y["kind"] == "minion" and y["side"] == x["side"]
            and ft.in_fight(y) and not y.get("shares") and ft.tc_of(s, y)]


def do_share_tc(s: State, a: Action, rng: Rng) -> None:
    x, y = ft.actor(s, a["who"]), ft.actor(s, a["with"])
    dk.drop_tc(s["decks"][x["deck"]], x["id"])
    x["shares"] = y["id"]
    ft.log(s, f"{x['name']} shares {y['name']}'s Target Card {ft.card_name(ft.tc_of(s, y) or '')}.")


def do_add_creature(s: State, a: Action, rng: Rng) -> None:
    add_creature(s, a["id"], rng)


def do_add_premade(s: State, a: Action, rng: Rng) -> None:
    add_premade(s, a["id"], rng)


def do_remove(s: State, a: Action, rng: Rng) -> None:
    """The GM takes someone off the table (out of combat). A Companion leaves with its
    Dealer (review dofa-phone-2-2026-11-27 #3; choice, docs/rules/dofa.md): PG, Dealers,
    NPCs and Companions, "A Companion acts on the players turn, draws from the Dealer's
    deck of cards", so with its Dealer gone it has no turn, no deck and no Target Card
    (PG, Taking Turns 1), and a draw against it had none."""
    x = ft.actor(s, a["who"])
    x["out"] = True
    if x["deck"]:
        dk.drop_tc(s["decks"][x["deck"]], x["id"])
    s["focus"] = None
    ft.log(s, f"{x['name']} leaves the table.")
    for y in s["actors"]:
        if y.get("dealer") == x["id"] and not y["out"]:
            y["out"] = True
            ft.log(s, f"{y['name']} leaves with {x['name']}, its Dealer.")


def do_focus(s: State, a: Action, rng: Rng) -> None:
    s["focus"] = a["who"]


def do_panel(s: State, a: Action, rng: Rng) -> None:
    s["panel"] = a["panel"]


def do_damage(s: State, a: Action, rng: Rng) -> None:
    ft.hurt(s, ft.actor(s, a["who"]), a["amount"], rng, a["bypass"])


def do_heal(s: State, a: Action, rng: Rng) -> None:
    ft.heal(s, ft.actor(s, a["who"]), a["amount"])


def do_treated(s: State, a: Action, rng: Rng) -> None:
    """PG, Status Conditions 5: a successful Craft check or Healing Power (DR 5 - turns
    since the Knock Out, shown) wakes the character; at 1 HP (the PG gives no figure)."""
    x = ft.actor(s, a["who"])
    x["ko"] = None
    x["hp"] = max(1, x["hp"])
    ft.log(s, f"{x['name']} is treated and wakes with {x['hp']} HP.")


def do_expose(s: State, a: Action, rng: Rng) -> None:
    """04_Powers Undying Vulnerability: "they take 1 damage. While the creature is at 0 HP,
    when they are exposed to this Vulnerability they are instead killed"."""
    x = ft.actor(s, a["who"])
    ft.log(s, f"{x['name']} is exposed to its Vulnerability.")
    if x["hp"] == 0:
        x["dead"] = True
        ft.log(s, f"{x['name']} is killed.")
    else:
        ft.hurt(s, x, 1, rng, bypass=True)


def do_status(s: State, a: Action, rng: Rng) -> None:
    ft.add_status(s, ft.actor(s, a["who"]), a["name"], a["rounds"])


def do_end_status(s: State, a: Action, rng: Rng) -> None:
    ft.remove_status(s, ft.actor(s, a["who"]), a["name"])


def do_weapon(s: State, a: Action, rng: Rng) -> None:
    """GMG, Weapon Quality Table: 1 Standard, 2 Improved, 3 Heroic, 4 Legendary."""
    x = ft.actor(s, a["who"])
    x["weapon"] = a["damage"]
    ft.log(s, f"{x['name']}'s weapon deals {a['damage']} damage.")


def do_edit(s: State, a: Action, rng: Rng) -> None:
    """A creature is a copy of its stat block: the GM may change its numbers. A Knocked
    Out creature's HP stays at 0 when its max HP rises (PG, Status Conditions 5: it wakes
    only when treated or healed; a creature with HP is not Knocked Out)."""
    x = ft.actor(s, a["who"])
    f = a["field"]
    x[f] += a["delta"]
    cur = {"hp_max": "hp", "ap_max": "ap", "pp_max": "pp"}.get(f)
    if cur == "hp" and x["ko"]:
        x["hp"] = 0
    elif cur:
        x[cur] = max(0, min(x[f], x[cur] + a["delta"])) if a["delta"] > 0 else min(x[cur], x[f])
    ft.log(s, f"The GM sets {x['name']}'s {f.replace('_max', ' max').upper()} to {x[f]}.")


def do_award_fate(s: State, a: Action, rng: Rng) -> None:
    """GMG, Fate Cards: the GM may reward key moments with a Fate Card. A deck the app
    holds takes the top card of its discard pile (PG, Fate Cards 5); a player takes it on
    their own phone ("The GM awards a Fate Card")."""
    x = ft.actor(s, a["who"])
    deck = s["decks"].get(x["deck"] or x.get("own") or "")
    if deck is not None and x["deck"] != "npc" and deck["discard"]:
        deck["fate"].append(deck["discard"].pop())
    ft.log(s, f"The GM awards {x['name']} a Fate Card.")


def do_coins(s: State, a: Action, rng: Rng) -> None:
    value = dict(bs.COINS)[a["coin"]] * a["n"]
    s["ledger"]["purse"] += value
    s["ledger"]["lines"].append(f"{'+' if value > 0 else '-'}{bs.money(abs(value))}")
    ft.log(s, f"Party purse {'+' if value > 0 else '-'}{bs.money(abs(value))}: {bs.money(s['ledger']['purse'])}.")


def do_loot(s: State, a: Action, rng: Rng) -> None:
    s["ledger"]["loot"].append(a["item"])
    ft.log(s, f"Loot: {a['item']} (worth {bs.money(bs.items()[a['item']]['cost'])}).")


def do_buy(s: State, a: Action, rng: Rng) -> None:
    cost = bs.items()[a["item"]]["cost"]
    s["ledger"]["purse"] -= cost
    s["ledger"]["loot"].append(a["item"])
    ft.log(s, f"Bought {a['item']} for {bs.money(cost)}: {bs.money(s['ledger']['purse'])} left.")


def do_drop_loot(s: State, a: Action, rng: Rng) -> None:
    item = s["ledger"]["loot"].pop(a["index"])
    ft.log(s, f"{item} leaves the party's loot.")
