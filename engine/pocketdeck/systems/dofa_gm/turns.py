"""A turn at the GM's table: its legal actions and how each is carried out (saves due first;
attacks and powers for the creatures the app plays; the player's reported attack graded;
readied actions, the Knocked Out draws), a newcomer's place in the turn order, ending combat.

Below the turn loop (rounds.py: combat begins, the rounds, whose turn is next), which calls
these and is never called by them (docs/rules/dofa.md, "Part 2: the GM's table's layers").
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, IllegalAction, State
from ...core.rng import Rng
from . import decks as dk
from . import contests, discards, draws, entry
from . import fight as ft
from .fatecards import tc_drawn
from .powers import OPTION_OF, POWERS, amount, cost, options, price, usable

KO_DR, KO_STAT = 4, "VIT"
MYSTIC_DAMAGE = 1


def current(s: State) -> dict[str, Any] | None:
    c = s["combat"]
    if not c or c["stage"] != "turns" or c["at"] >= len(c["order"]):
        return None
    return ft.actor(s, c["order"][c["at"]])


# -- starting -------------------------------------------------------------------------------


def entry_name(code: str) -> str:
    from ...core.cards import Card
    return Card.parse(code).name


def do_player_tc(s: State, a: Action, rng: Rng) -> None:
    entry.open_entry(s, {"kind": "tc", "who": a["who"]})


def join_order(s: State, who: str) -> None:
    """PG, Taking Turns: TC "values represent the turn order"; GMG, Initiating Combat: a TC
    for "any new enemies that appear throughout Combat". A newcomer takes its place by its
    TC among those still to act this round (never before the one acting now)."""
    c = s["combat"]
    late = c["round"] == 0 and ft.actor(s, who)["side"] != c["surprise"]
    if who not in c["order"] and not late:      # a surprise round is the surprising side's
        place(s, c["order"], who, c["at"] + 1)
        c.setdefault("joined", []).append(who)  # its place by TC from the next round on


def place(s: State, order: list[str], who: str, start: int) -> None:
    """Insert ``who`` before the first one from ``start`` on whose TC comes after its own."""
    key = ft.init_key(s, ft.actor(s, who))
    i = next((j for j in range(start, len(order))
              if ft.init_key(s, ft.actor(s, order[j])) > key), len(order))
    order.insert(i, who)


def retake_place(s: State, who: str) -> None:
    """A combatant whose Target Card changed mid-fight (a Fate redraw, a boss's new Phase):
    still to act this round, it moves to its place by the new card among those still to
    act; from the next round its place is by the new card (``new_round``)."""
    c = s["combat"]
    if not c or c["stage"] != "turns" or who not in c["order"]:
        return
    i = c["order"].index(who)
    if i > c["at"]:
        c["order"].pop(i)
        place(s, c["order"], who, c["at"] + 1)
    c.setdefault("joined", []).append(who)


# -- the legal actions of a fight -------------------------------------------------------------
def enemies(s: State, x: dict[str, Any]) -> list[dict[str, Any]]:
    """The standing enemies ``x`` may act against: not the one whose Charmed or Enthralled
    is in force on it (PG, Status Conditions 10, 11)."""
    out = ft.charmers(x)
    return [y for y in s["actors"] if y["side"] != x["side"] and ft.standing(y) and y["id"] not in out]


def foes_to_hit(s: State, x: dict[str, Any]) -> list[dict[str, Any]]:
    """The enemies an attack may be drawn against: those holding a Target Card (PG, Taking
    Turns 1: "the TC for any attack"; a player who joined mid-fight has none until theirs
    is in)."""
    return [y for y in enemies(s, x) if ft.tc_of(s, y)]


def aims(s: State, rule: dict[str, Any], pool: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Who a power may be used on now: an attack is drawn against the target's Target Card,
    and a Heal on a Knocked Out ally is a treatment drawn against theirs (PG, Taking Turns
    1; Status Conditions 5), so never against one who holds none."""
    if rule.get("draw"):
        return [y for y in pool if ft.tc_of(s, y)]
    if rule.get("heal"):
        return [y for y in pool if not y["ko"] or ft.tc_of(s, y)]
    return pool


def no_tc(s: State, y: dict[str, Any]) -> str:
    """The refusal of a draw against ``y``, who holds no Target Card."""
    return (f"{y['name']} has no Target Card yet: an attack or treatment is drawn against "
            "the target's TC (PG, Taking Turns 1)")


def allies(s: State, x: dict[str, Any]) -> list[dict[str, Any]]:
    return [y for y in s["actors"] if y["side"] == x["side"] and ft.in_fight(y)]


def power_actions(s: State, x: dict[str, Any]) -> list[Action]:
    acts: list[Action] = []
    for p in usable(x):
        rule = POWERS[p]
        pool = aims(s, rule, allies(s, x) if rule.get("ally") else enemies(s, x))
        for y in pool:
            if rule.get("draw"):
                acts.append({"type": "attack", "who": x["id"], "target": y["id"], "power": p})
            elif rule.get("heal") and not (y["hp"] < y["hp_max"] and not y["dead"]):
                continue
            elif rule.get("shield") and (y["ap"] > y["ap_max"] or y["ap"] >= ft.ap_cap(y, rule["shield"])):
                continue
            else:
                acts.append({"type": "power", "who": x["id"], "target": y["id"], "power": p})
        if rule.get("aura") and len(pool) > 1:      # every standing enemy (no map)
            acts.append({"type": "power", "who": x["id"], "target": pool[0]["id"],
                         "also": ",".join(y["id"] for y in pool[1:]), "power": p})
        acts += dearer(x, p, pool)
    return acts


def also(a: Action) -> list[str]:
    """The other targets of a power used on several (actions are flat: ids joined by ",")."""
    return [i for i in a.get("also", "").split(",") if i]


def dearer(x: dict[str, Any], p: str, pool: list[dict[str, Any]]) -> list[Action]:
    """A power's dearer options (PG, In Combat Actions: the option declared and its PP
    spent): Charge +2, Heal 2 HP, a save power on more targets (``also``: the others'
    ids, joined by ",")."""
    from itertools import combinations
    rule = POWERS[p]
    kind = "attack" if rule.get("draw") else "power"
    acts: list[Action] = []
    for pp in options(x, p):
        n = amount(p, pp)
        if OPTION_OF[p] == "targets":
            ids = [y["id"] for y in pool]
            acts += [{"type": kind, "who": x["id"], "target": c[0], "also": ",".join(c[1:]),
                      "power": p, "pp": pp} for c in combinations(ids, n)]
        else:
            acts += [{"type": kind, "who": x["id"], "target": y["id"], "power": p, "pp": pp}
                     for y in pool if not rule.get("heal") or y["hp"] < y["hp_max"]]
    return acts


def turn_actions(s: State) -> list[Action]:
    c = s["combat"]
    if c["stage"] == "initiative":
        return [{"type": "player_tc", "who": x["id"]} for x in ft.needs_tc(s)]
    # a player who joined mid-fight types in a Target Card, then takes a place by it
    acts: list[Action] = [{"type": "player_tc", "who": y["id"]} for y in ft.needs_tc(s)
                          if not y["deck"]]
    x = current(s)
    if x is None:
        return acts
    if x["ko"]:
        if ft.plays_ko_event(x) and not x["ko"]["stable"] and not c["acted"]:
            acts.append({"type": "ko_draw"} if x["deck"] else {"type": "ko_card"})
        else:
            acts.append({"type": "end_turn"})
        return acts
    if ft.in_force(x, "Stunned") and (c["acted"] or c.get("minor")):
        # PG, Status Conditions 1: its save failed, "they may either move or make one
        # Action on their turn, not both": one Action spent, the turn can only end
        return acts + [{"type": "end_turn"}]
    if not c["acted"]:
        if x["deck"]:
            acts += power_actions(s, x)
        else:
            acts += [{"type": "player_attack", "who": x["id"], "target": y["id"]} for y in foes_to_hit(s, x)]
        acts += contests.actions(s, x, enemies(s, x))     # Grapple, Hide, Rush; breaking free
        acts += [{"type": "delay", "after": i} for i in c["order"][c["at"] + 1:]
                 if ft.in_fight(ft.actor(s, i))]
        acts += ready_options(s, x)
    if not c["acted"]:
        acts += charm_actions(s, x)
    if x["deck"]:
        acts += shake_actions(s, x) + discards.actions(s, x)
    elif x.get("own"):      # a player's phone: their Discard Power, from the deck kept here
        acts += discards.actions(s, x)
    acts += companion_actions(s, x)
    acts.append({"type": "end_turn"})
    return acts


def companions(s: State, x: dict[str, Any]) -> list[dict[str, Any]]:
    return [y for y in s["actors"] if y.get("dealer") == x["id"] and ft.standing(y)]


def companion_actions(s: State, x: dict[str, Any]) -> list[Action]:
    """PG, Dealers, NPCs and Companions: a Companion "acts on the players turn"; GMG,
    Character Types: it is "commanded with an Action": the Dealer's Minor Action (one a
    turn), the Companion's attack or power drawn from the Dealer's deck (typed in for a
    player's own phone), or its breaking free of a grapple (PG, Status Conditions 13: "A
    creature can end the Grappled condition ...")."""
    if s["combat"].get("minor"):
        return []
    acts: list[Action] = []
    for y in companions(s, x):
        acts += contests.companion_break(s, y)
        if y["deck"]:
            acts += power_actions(s, y)
        else:
            acts += [{"type": "player_attack", "who": y["id"], "target": z["id"]} for z in foes_to_hit(s, y)]
    return acts


def spend_turn(s: State, x: dict[str, Any]) -> None:
    """The action is the acting one's Major Action, or its Minor Action when a Companion
    acts on its Dealer's command."""
    if x.get("dealer"):
        s["combat"]["minor"] = True
    else:
        s["combat"]["acted"] = True


# PG, Status Conditions 2, 3, 6: what a character spends an action on to end a condition
SHAKE = {"Entangled": "major", "Knocked Down": "minor", "Burned": "minor"}


def shake_actions(s: State, x: dict[str, Any]) -> list[Action]:
    """For a creature or premade the app runs, on its turn: Entangled "may expend a Major
    Action to make a DR 3 STR Save", Knocked Down "must expend a Minor Action to get up",
    Burned "As a Minor Action ... DR 3 GUT Save" (one Major and one Minor Action a turn,
    PG In Combat)."""
    c = s["combat"]
    spent = {"major": c["acted"], "minor": c.get("minor", False)}
    return [{"type": "shake_off", "who": x["id"], "status": st["name"]} for st in x["statuses"]
            if st["name"] in SHAKE and not spent[SHAKE[st["name"]]]]


def charm_actions(s: State, x: dict[str, Any]) -> list[Action]:
    """PG, Status Conditions 10, 11: "Another creature within 6 spaces may use a Major action
    to end this effect": offered on the turn of a standing ally of the Charmed or
    Enthralled one (no map: within 6 spaces is the GM's to say)."""
    if not ft.standing(x):
        return []
    return [{"type": "end_charm", "who": x["id"], "target": y["id"], "status": st["name"]}
            for y in allies(s, x) if y["id"] != x["id"] and not y["ko"]
            for st in y["statuses"] if st["name"] in ft.CHARMS]


def do_end_charm(s: State, a: Action, rng: Rng) -> None:
    x, y = ft.actor(s, a["who"]), ft.actor(s, a["target"])
    s["combat"]["acted"] = True
    ft.log(s, f"{x['name']} ends {y['name']}'s {a['status']} (a Major Action).")
    ft.remove_status(s, y, a["status"])


def do_shake_off(s: State, a: Action, rng: Rng) -> None:
    x, name = ft.actor(s, a["who"]), a["status"]
    c = s["combat"]
    if SHAKE[name] == "major":
        c["acted"] = True
    else:
        c["minor"] = True
    if name == "Knocked Down":
        ft.log(s, f"{x['name']} gets up (a Minor Action).")
        ft.remove_status(s, x, name)
        return
    ft.log(s, f"{x['name']} tries to end {name} ({'a Major' if SHAKE[name] == 'major' else 'a Minor'} Action).")
    ft.add_due(s, x, name, "now")


def save_actions(s: State) -> list[Action]:
    acts: list[Action] = []
    for d in s["due"]:
        x = ft.actor(s, d["who"])
        if x["deck"] or (x.get("own") and x.get("sheet")):   # a phone with its sheet: drawn there (phone.py)
            acts.append({"type": "save", "who": d["who"], "status": d["status"]})
        else:
            acts += [{"type": "save_result", "who": d["who"], "status": d["status"], "ok": ok}
                     for ok in (True, False)]
    return acts


def ready_options(s: State, x: dict[str, Any]) -> list[Action]:
    """PG, In Combat Actions, Ready: "this Major Action is forfeited, along with any Power
    Points used for the Major Action": a creature the app runs readies a named attack; one
    that costs PP (Charge, its 2-PP option, ...) is paid as it is readied. A plain Ready is
    an attack that costs none (and a player's, whose PP are on their phone)."""
    acts: list[Action] = [{"type": "ready"}]
    if x["deck"]:
        seen = []
        for p in power_actions(s, x):
            if p["type"] == "attack" and cost(p["power"], p):
                how = {k: p[k] for k in ("power", "pp") if k in p}
                if how not in seen:
                    seen.append(how)
                    acts.append(dict(how, type="ready"))
    return acts


def readied_how(s: State, who: str) -> dict[str, Any]:
    return s["combat"].get("ready_with", {}).get(who, {})


def ready_actions(s: State) -> list[Action]:
    """A readied Major Action goes off on its trigger, outside its owner's turn: the attack
    named when it was readied (paid then), or one that costs no PP."""
    c = s["combat"]
    acts: list[Action] = []
    for i in c["readied"]:
        x = ft.actor(s, i)
        how = readied_how(s, i)
        if ft.standing(x) and x["deck"] and how:
            acts += [dict(how, type="readied_attack", who=i, target=y["id"])
                     for y in aims(s, POWERS[how["power"]], enemies(s, x))]
        elif ft.standing(x) and x["deck"]:
            acts += [dict(p, type="readied_attack") for p in power_actions(s, x)
                     if p["type"] == "attack" and not cost(p["power"], p)]
        elif ft.standing(x):        # a player's: drawn on their phone, the card typed in
            acts += [{"type": "readied_attack", "who": i, "target": y["id"]} for y in foes_to_hit(s, x)]
    return acts


# -- doing them -------------------------------------------------------------------------------
def do_attack(s: State, a: Action, rng: Rng) -> None:
    x, y = ft.actor(s, a["who"]), ft.actor(s, a["target"])
    tc = ft.tc_of(s, y)
    if not tc:
        raise IllegalAction(no_tc(s, y))
    rule = POWERS[a["power"]]
    if a["type"] != "readied_attack":       # a readied one was paid as it was readied
        x["pp"] -= price(x, cost(a["power"], a))
    mystic = rule["draw"] == "mystic"
    stat = draws.attack_stat(x, mystic)
    hand = sum(n for _, n in draws.hand_parts(s, x, "attack", stat, y, mystic))
    ft.uses_power(s, x)                         # after the hand: the attack keeps its Upper Hand
    discards.attacked(x, y)
    # GMG, Weapons: a weapon's quality is its damage; 04_Powers Mystic Attack "Damage: 1"
    # (PG, In Combat: "Powers do 1 damage unless otherwise stated")
    base = MYSTIC_DAMAGE if mystic else x["weapon"]
    draws.start(s, rng, x, kind="attack", tc=tc, stat=stat, dr=max(0, y["ar"]), hand=hand,
                target=y["id"], power=a["power"],
                weapon=base + (amount(a["power"], cost(a["power"], a)) if rule.get("bonus") else 0))
    if a["type"] == "attack":
        spend_turn(s, x)


def do_readied_attack(s: State, a: Action, rng: Rng) -> None:
    """PG, In Combat Actions: "If the trigger occurs, the readied Major Action can then be
    activated". A player's is typed in as their reported attack (``readied``: it spends
    no turn, and leaves the readied list when the card is in: entered.entry_done)."""
    if ft.actor(s, a["who"])["deck"] is None:
        do_player_attack(s, a, rng)
        s["entry"]["for"]["readied"] = True
        return
    s["combat"]["readied"].remove(a["who"])
    s["combat"].get("ready_with", {}).pop(a["who"], None)
    do_attack(s, a, rng)


def do_power(s: State, a: Action, rng: Rng) -> None:
    x, y = ft.actor(s, a["who"]), ft.actor(s, a["target"])
    rule = POWERS[a["power"]]
    pp = cost(a["power"], a)
    x["pp"] -= price(x, pp)
    spend_turn(s, x)
    more = [ft.actor(s, i) for i in also(a)]
    paid = f"{price(x, pp)} PP, doubled by Fatigue {x['fatigue']}" if price(x, pp) != pp else f"{pp} PP"
    ft.log(s, f"{x['name']} uses {a['power']} on {ft.names(s, [y['id']] + [m['id'] for m in more])} ({paid}).")
    ft.uses_power(s, x)
    if rule.get("heal") and y["ko"]:
        treat(s, rng, x, y, amount(a["power"], pp))
    elif rule.get("heal"):
        ft.heal(s, y, amount(a["power"], pp))
    elif rule.get("shield"):
        y["ap"] = min(ft.ap_cap(y, rule["shield"]), y["ap"] + rule["shield"])
        ft.log(s, f"{y['name']} gains {rule['shield']} AP ({y['ap']}).")
    elif rule.get("save"):
        for z in [y] + more:
            effect_save(s, z, rule["save"], x["id"], a["power"])


def treat(s: State, rng: Rng, x: dict[str, Any], y: dict[str, Any], hp: int) -> None:
    """PG, Status Conditions 5 Knocked Out: "treated by a Craft check or a Healing Power
    (DR 5 vs. the KO character's TC, minus 1 for each turn passed since the effect onset)":
    a Heal on a Knocked Out ally is a draw at that DR against the ally's TC (review G10,
    the lead's reading); its HP land only on a success (``rules.accept``, a check with ``treat``).
    The healer's modifier is its better mystic skill (Knowledge or Craft), as for a
    mystic power's save (``power_dr``)."""
    if not ft.tc_of(s, y):
        raise IllegalAction(no_tc(s, y))
    stat = draws.attack_stat(x, True)
    dr = ft.treat_dr(y)
    ft.log(s, f"{y['name']} is Knocked Out: the Heal is a treatment draw at DR {dr} against their Target Card.")
    # a Heal is a Power (04_Powers): a Grappled healer draws it at Lower Hand (PG, Status
    # Conditions 13: "Lower Hand when using any Power")
    draws.start(s, rng, x, kind="check", tc=ft.tc_of(s, y), stat=stat, dr=dr,
                hand=sum(n for _, n in draws.hand_parts(s, x, "check", stat, power=True)), treat=y["id"], heal=hp)


def power_dr(x: dict[str, Any], power: str) -> int:
    """PG, Saves: a Power's save is DR 3 minus half the initiator's relevant Skill
    Modifier (rounded down, minimum 0: the contested DR's formula, ``checks.contest_dr``)."""
    from ..dofa import sheet as sh
    from ..dofa.checks import contest_dr
    rule = POWERS[power]
    mystic = (rule.get("draw") or rule.get("skill")) == "mystic"
    return contest_dr(sh.modifier(x, draws.attack_stat(x, mystic)))


def effect_save(s: State, y: dict[str, Any], save: tuple[Any, ...], by: str,
                power: str | None = None) -> None:
    """A save the target makes at once against a power's status (and damage)."""
    stat, dr, name, fail, ok = save
    if dr is None and power:
        dr = power_dr(ft.actor(s, by), power)
    due = {"who": y["id"], "status": name, "when": "now", "stat": stat, "dr": dr,
           "apply": True, "fail": fail, "ok": ok, "by": by}
    if power and POWERS[power].get("drain"):
        due["drain"] = True          # the damage dealt heals the user (Drain Life)
    s["due"].append(due)


def after_attack(s: State, r: dict[str, Any], rng: Rng) -> None:
    """PG, In Combat: damage by weapon quality, +1 on a Major; a Critical hit calls for the
    target's DR 3 CON save against Stunned (Status Conditions 1)."""
    y = ft.actor(s, r["target"])
    if not r["success"]:
        return
    dmg = r["damage"] + (1 if r["degree"] <= 1 else 0)
    ft.hurt(s, y, dmg, rng, by=r["by"])
    rule = POWERS.get(r.get("power") or "", {})
    if ft.standing(y):
        if r["degree"] == 0:
            ft.add_status(s, y, "Stunned", None, by=r["by"])
        if rule.get("save"):
            effect_save(s, y, rule["save"], r["by"], r.get("power"))


def do_player_attack(s: State, a: Action, rng: Rng) -> None:
    """A player draws on their own phone against the creature's TC; the DR (its AR) stays
    hidden, so the player reports the card moved by their modifier and the GM types it in."""
    y = ft.actor(s, a["target"])
    if not ft.tc_of(s, y):
        raise IllegalAction(no_tc(s, y))
    entry.open_entry(s, {"kind": "attack", "who": a["who"], "target": a["target"],
                         "tc": ft.tc_of(s, y), "dr": y["ar"], "hidden": True})


def do_save(s: State, a: Action, rng: Rng) -> None:
    x = ft.actor(s, a["who"])
    if not x["deck"]:              # a player's own phone draws it (phone.do_phone_draw)
        d = next(d for d in s["due"] if d["who"] == x["id"] and d["status"] == a["status"])
        entry.open_entry(s, dict({"kind": "save", "who": x["id"], "status": a["status"]},
                                 **({"contest": d["contest"], "tc": d["tc"]} if d.get("contest") else {})))
        return
    save_draw(s, rng, x, a["status"], x["deck"])


def save_draw(s: State, rng: Rng, x: dict[str, Any], status: str, key: str) -> None:
    """PG, Saves: the save's draw against the saver's own TC (drawn first if they hold
    none), from deck ``key`` (their own; a phone's is kept at the table)."""
    d = next(d for d in s["due"] if d["who"] == x["id"] and d["status"] == status)
    if d.get("contest"):        # a contested check, against the initiator's TC (contests.py)
        contests.draw(s, rng, x, d, key)
        return
    deck = s["decks"][key]
    if not ft.tc_of(s, x):
        card = dk.draw_tc(deck, rng, x["id"])
        if not x["deck"]:  # a player's phone: their TC is the seat's own (fight.tc_of), as at initiative
            x["tc"] = card
        ft.log(s, f"{x['name']} draws a Target Card for the save.")
        if x["deck"]:     # a phone's save is drawn at once against it; its draw may be redrawn
            tc_drawn(s, x)
    hand = sum(n for _, n in draws.hand_parts(s, x, "save", d["stat"]))
    if f"Condition Resilience: {d['status']}" in x["powers"]:
        hand += 1      # 04_Powers Condition Resilience: "you do so at Upper Hand"
    draws.start(s, rng, x, kind="save", tc=ft.tc_of(s, x) or "", stat=d["stat"], dr=d["dr"],
                hand=hand, status=d["status"], deck=key)


def do_save_result(s: State, a: Action, rng: Rng) -> None:
    save_done(s, a["who"], a["status"], a["ok"], rng)


def save_done(s: State, who: str, name: str, ok: bool, rng: Rng) -> None:
    x = ft.actor(s, who)
    d = next((d for d in s["due"] if d["who"] == who and d["status"] == name), None)
    if d and d.get("contest"):
        s["due"].remove(d)
        contests.done(s, x, d, ok, rng)
        return
    if d and d.get("apply"):
        s["due"].remove(d)
        ft.log(s, f"{x['name']} {'makes' if ok else 'fails'} the DR {d['dr']} {d['stat']} save against {name}.")
        dmg = d["ok"] if ok else d["fail"]
        if dmg:
            ft.hurt(s, x, dmg, rng, by=d["by"])
            boss = ft.actor(s, d["by"])
            if d.get("drain") and ft.in_fight(boss) and boss["hp"] < boss["hp_max"]:
                ft.heal(s, boss, dmg)
        if not ok and d.get("discard"):
            ft.discard(s, x, d["discard"], rng)
        if not ok and name == "Shaken":
            x["lower_next"] = True
            ft.log(s, f"{x['name']}'s next check is at Lower Hand.")
        elif not ok and name in ft.STATUSES and ft.standing(x):
            ft.add_status(s, x, name, None, by=d["by"])
        return
    ft.save_result(s, x, name, ok, rng)


def do_ko_draw(s: State, a: Action, rng: Rng) -> None:
    """PG, Epic Events: a Knocked Out Dealer's turn is a DR 4 Vitality draw against a TC
    the GM draws (from the NPC Deck); Lower Hand once damaged again."""
    x = current(s)
    assert x is not None
    tc = dk.draw_tc(s["decks"]["npc"], rng, "ko")
    # "Vitality Checks": Fatigue and the GM's call count as on any check (PG, Fatigue)
    hand = (-1 if x["ko"]["damaged"] else 0) + sum(n for _, n in draws.hand_parts(s, x, "check", KO_STAT))
    s["combat"]["acted"] = True
    draws.start(s, rng, x, kind="epic", tc=tc, stat=KO_STAT, dr=KO_DR, hand=hand, ko=True)


def do_ko_card(s: State, a: Action, rng: Rng) -> None:
    x = current(s)
    assert x is not None
    tc = dk.draw_tc(s["decks"]["npc"], rng, "ko")
    s["combat"]["acted"] = True
    entry.open_entry(s, {"kind": "ko", "who": x["id"], "tc": tc, "dr": KO_DR,
                         "lower": x["ko"]["damaged"]})


def do_ready(s: State, a: Action, rng: Rng) -> None:
    """PG, In Combat Actions: a readied Major Action waits for its trigger until the start
    of its owner's next turn."""
    x = current(s)
    assert x is not None
    s["combat"]["readied"].append(x["id"])
    s["combat"]["acted"] = True
    if a.get("power"):
        pp = price(x, cost(a["power"], a))
        x["pp"] -= pp
        s["combat"].setdefault("ready_with", {})[x["id"]] = {k: a[k] for k in ("power", "pp") if k in a}
        ft.log(s, f"{x['name']} readies {a['power']} ({pp} PP spent, forfeited if not triggered).")
        return
    ft.log(s, f"{x['name']} readies a Major Action.")


def do_end_combat(s: State, a: Action, rng: Rng) -> None:
    """PG, Ending Combat: the turn order ends; Target Cards stay until the next combat."""
    s["combat"] = None
    s["due"] = []
    for x in s["actors"]:
        x["statuses"] = [st for st in x["statuses"] if st["rounds"] is None]
    ft.log(s, "Combat ends.")
    if s["mode"] == "skirmish":
        s["phase"] = "over"


