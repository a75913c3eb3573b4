"""Damage, healing, Knocked Out and what taking damage sets off (PG, Health and Armor;
Status Conditions 5 Knocked Out, 10 Charmed, 11 Enthralled; Hidden; Holding Breath)."""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from .deck import knock_out

ON_DAMAGE_SAVES = ("Charmed", "Enthralled")   # "at the start of their turn or whenever taking damage"


def due(s: State, name: str, when: str) -> None:
    """A save the rules call for now: shown as a prompt until it is drawn (or the condition
    ends). One prompt per condition, naming the latest moment that called for it."""
    s["due"] = [d for d in s["due"] if d["name"] != name]
    s["due"].append({"name": name, "when": when})


def hurt(s: State, amount: int, bypass: bool) -> None:
    """PG, Health and Armor: AP first unless the damage bypasses it; at 0 HP Knocked Out;
    a Knocked Out Dealer damaged again draws the Epic Event at Lower Hand."""
    to_ap = 0 if bypass else min(s["ap"], amount)
    s["ap"] -= to_ap
    to_hp = min(s["hp"], amount - to_ap)
    s["hp"] -= to_hp
    s["toughen"] += to_ap + to_hp
    s["toughen_turn"] = s["turn"] + 1
    s["log"].append(f"Takes {amount} damage ({to_ap} AP, {to_hp} HP"
                    + (", bypassing AP)." if bypass else ")."))
    on_damage(s)
    if s["ko"]:
        s["ko"]["damaged"] = True
    elif s["hp"] == 0:
        knock_out(s)
        s["log"].append("Knocked Out.")


def on_damage(s: State) -> None:
    """Taking damage ends Hidden (PG, Hidden), calls for the Charmed and Enthralled saves,
    and takes a minute off a held breath (PG, Holding Breath); at none left, Suffocating."""
    conds = s["conditions"]
    if "Hidden" in conds:
        conds.remove("Hidden")
        s["log"].append("No longer Hidden (damaged).")
    for name in ON_DAMAGE_SAVES:
        if name in conds:
            due(s, name, "on damage")
            if name in s["shaken"]:
                s["shaken"].remove(name)
    if s.get("breath") is not None:
        s["breath"] = max(0, s["breath"] - 1)
        if s["breath"] == 0 and "Suffocating" not in conds:
            conds.append("Suffocating")
            s["log"].append("Out of breath: Suffocating.")


def do_damage(s: State, a: Action, rng: Rng) -> None:
    hurt(s, a["amount"], a["bypass"])


def do_heal(s: State, a: Action, rng: Rng) -> None:
    s["hp"] = min(s["sheet"]["hp_max"], s["hp"] + a["amount"])
    if s["hp"] == s["sheet"]["hp_max"]:
        s["fall_speed"] = 0
    s["log"].append(f"Heals {a['amount']} HP.")


def do_treated(s: State, a: Action, rng: Rng) -> None:
    s["ko"] = None
    s["hp"] = max(s["hp"], 1)
    s["log"].append("Treated: wakes with 1 HP.")


def do_companion_damage(s: State, a: Action, rng: Rng) -> None:
    """AP first, then HP; at 0 the companion is down and cannot act."""
    c = s["companion"]
    to_ap = min(c["ap"], a["amount"])
    c["ap"] -= to_ap
    c["hp"] = max(0, c["hp"] - (a["amount"] - to_ap))
    s["log"].append(f"{c['id']} takes {a['amount']} damage" + (": down." if c["hp"] == 0 else "."))
    if c["hp"] == 0 and s["draft"].get("who") == "companion":
        s["draft"]["who"] = "me"


def do_companion_heal(s: State, a: Action, rng: Rng) -> None:
    c = s["companion"]
    c["hp"] += 1
    s["log"].append(f"{c['id']} heals 1 HP.")


def do_breath(s: State, a: Action, rng: Rng) -> None:
    """PG, Holding Breath: 1 + 2 x Vitality minutes; a minute passes; or breathe again."""
    if a["hold"] == "start":
        s["breath"] = max(0, 1 + 2 * s["sheet"]["attrs"]["VIT"])
        s["log"].append(f"Holds breath: {s['breath']} minute(s).")
    elif a["hold"] == "minute":
        s["breath"] = max(0, s["breath"] - 1)
        s["log"].append(f"A minute without air: {s['breath']} left.")
        if s["breath"] == 0 and "Suffocating" not in s["conditions"]:
            s["conditions"].append("Suffocating")
            s["log"].append("Out of breath: Suffocating.")
    else:
        s["breath"] = None
        if "Suffocating" in s["conditions"]:
            s["conditions"].remove("Suffocating")
            s["due"] = [d for d in s["due"] if d["name"] != "Suffocating"]
        s["log"].append("Breathes again.")


def breath_actions(s: State) -> list[Action]:
    if s.get("breath") is None:
        return [{"type": "breath", "hold": "start"}]
    acts: list[Action] = [{"type": "breath", "hold": "end"}]
    if s["breath"] > 0:
        acts.insert(0, {"type": "breath", "hold": "minute"})
    return acts
