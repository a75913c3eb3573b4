"""Bosses (GMG, Creating a Boss Encounter): Adversary Actions (outside the boss's turn,
once per round each boss), House Actions (one initiated at the start of a round; once
initiated, repeated at the start of every round of that combat, and never initiated
twice, while the boss's others may still be initiated in later rounds), Phases
(at 0 HP a boss with a phase left refills its HP and draws a new Target Card).

The actions are the bestiary bosses' own (04_Powers.yaml, Boss-Only); the skirmish has no
map, so "all creatures within 2 spaces" is every standing enemy and "a creature within 10
spaces" any one of them. Fiction-only ones (Ally Swap, Phase Shift, Amplify Ally) are
logged for the GM to narrate.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from . import fight as ft
from .powers import price
from .table import add_creature, room
from .turns import do_attack

# name: (kind, how). how: "attack" (an extra Major Action: an attack), ("save", attribute,
# DR, status, damage on a failure, cards discarded on a failure, all enemies or one),
# "summon", "note" (the GM narrates it)
ACTIONS: dict[str, tuple[str, Any]] = {
    "Adversary Major Action": ("adversary", "attack"),
    "Shake Enemy": ("adversary", ("save", "CON", 2, "Shaken", 0, 0, "one")),
    "Drain Stamina": ("adversary", ("save", "GUT", 2, None, 0, 2, "all")),
    "Ally Swap": ("adversary", "note"),
    "Phase Shift": ("adversary", "note"),
    "Wall Grab": ("house", ("save", "AGL", 2, "Entangled", 1, 0, "all")),
    "Obey Me": ("house", ("enthrall", "CON", 2)),
    "Summon Ally": ("house", "summon"),
    "Amplify Ally": ("house", "note"),
}
# 04_Powers: the PP an action costs (Obey Me "PP: 2"; the others 0), paid when initiated
PP = {"Obey Me": 2}
SUMMONED = "Grunt"          # what Summon Ally brings when the GM does not choose


def bosses(s: State) -> list[dict[str, Any]]:
    return [a for a in s["actors"] if a["kind"] == "boss" and ft.standing(a)]


def _targets(s: State, boss: dict[str, Any]) -> list[str]:
    out = ft.charmers(boss)     # PG, Status Conditions 10, 11: not against the charmer
    return [a["id"] for a in s["actors"] if a["side"] != boss["side"] and ft.standing(a) and a["id"] not in out]


def actions(s: State, current_id: str | None) -> list[Action]:
    c = s["combat"]
    acts: list[Action] = []
    if not c or c["stage"] != "turns":
        return acts
    for b in bosses(s):
        for name in b["powers"]:
            kind, how = ACTIONS.get(name, (None, None))
            if kind == "adversary" and (b["id"] == current_id or b["id"] in c["adversary"]):
                continue
            if kind == "house" and (c["house"] or c["at"] != 0 or started(c, b["id"], name)):
                continue
            if kind is None or price(b, PP.get(name, 0)) > b["pp"]:
                continue
            verb = "adversary" if kind == "adversary" else "house"
            if how == "attack" or (isinstance(how, tuple) and how[-1] == "one") \
                    or (isinstance(how, tuple) and how[0] == "enthrall"):
                # an attack is drawn against the target's Target Card (PG, Taking Turns 1)
                aim = [t for t in _targets(s, b) if how != "attack" or ft.tc_of(s, ft.actor(s, t))]
                acts += [{"type": verb, "who": b["id"], "name": name, "target": t} for t in aim]
            else:
                acts.append({"type": verb, "who": b["id"], "name": name})
    return acts


def started(c: dict[str, Any], boss_id: str, name: str) -> bool:
    """A House Action this boss initiated this combat (it repeats by itself)."""
    return any(h["who"] == boss_id and h["name"] == name for h in c.get("houses", []))


def do_adversary(s: State, a: Action, rng: Rng) -> None:
    s["combat"]["adversary"].append(a["who"])
    pay(s, a)
    run(s, a, rng)


def pay(s: State, a: Action) -> None:
    boss = ft.actor(s, a["who"])
    cost = price(boss, PP.get(a["name"], 0))      # PG, Fatigue 4: doubled
    if cost:
        boss["pp"] -= cost
        ft.log(s, f"{boss['name']} spends {cost} PP ({boss['pp']} left).")


def do_house(s: State, a: Action, rng: Rng) -> None:
    """GMG, House Actions: "Once initiated, they happen at the beginning of every round of
    combat": the action is kept and repeated by ``repeat_houses``."""
    s["combat"]["house"] = True
    s["combat"].setdefault("houses", []).append(dict(a))
    pay(s, a)
    run(s, a, rng)


def repeat_houses(s: State, rng: Rng) -> None:
    """At the start of each new round, every House Action initiated this combat happens
    again (its boss still standing; a one-target action while its target stands, else it
    ends and the GM may initiate one anew)."""
    c = s["combat"]
    keep = []
    for a in c.get("houses", []):
        boss = ft.actor(s, a["who"])
        if not ft.standing(boss):
            continue
        if a.get("target") and not ft.standing(ft.actor(s, a["target"])):
            ft.log(s, f"{boss['name']}'s {a['name']} has no target left: it ends.")
            continue
        keep.append(a)       # a repeat is no initiation: the boss may still start another
        ft.log(s, f"{a['name']} happens again at the start of the round.")
        run(s, a, rng)
    if "houses" in c:
        c["houses"] = keep


def run(s: State, a: Action, rng: Rng) -> None:
    boss = ft.actor(s, a["who"])
    kind, how = ACTIONS[a["name"]]
    ft.log(s, f"{boss['name']}: {a['name']} ({'Adversary' if kind == 'adversary' else 'House'} Action).")
    if how != "attack":
        ft.uses_power(s, boss)        # a Boss-Only power (an attack ends them in do_attack)
    if how == "attack":
        power = next((p for p in ("Attack, Weapon", "Attack, Mystic") if p in boss["powers"]), None)
        if power:
            do_attack(s, {"type": "adversary_attack", "who": boss["id"], "target": a["target"],
                          "power": power}, rng)
    elif how == "summon":
        if room(s):
            add_creature(s, SUMMONED, rng, side=boss["side"])
        else:
            ft.log(s, "The table is full: no one more is summoned.")
    elif how == "note":
        ft.log(s, "The GM narrates it.")
    elif how[0] == "enthrall":
        # 04_Powers Obey Me: the save "On starting turn, DR 2 CON", a success ends it
        y = ft.actor(s, a["target"])
        if not ft.status(y, "Enthralled"):
            ft.add_status(s, y, "Enthralled", None, by=boss["id"], save={"dr": how[2], "ends": True})
    else:
        _, stat, dr, status, dmg, discard, scope = how
        ids = [a["target"]] if scope == "one" else _targets(s, boss)
        for t in ids:
            s["due"].append({"who": t, "status": status or "Drain Stamina", "when": "now",
                             "stat": stat, "dr": dr, "apply": True, "fail": dmg, "ok": 0,
                             "by": boss["id"], "discard": discard})


