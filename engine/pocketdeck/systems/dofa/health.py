"""Damage, healing, Knocked Out and what taking damage sets off (PG, Health and Armor;
Status Conditions 5 Knocked Out, 10 Charmed, 11 Enthralled; Hidden; Holding Breath)."""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from .deck import knock_out, next_turn_end

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
    ko_before = dict(s["ko"]) if s["ko"] else None
    if to_ap + to_hp or (ko_before and amount > 0):
        # outside combat there are no turns: the window waits for the next turn (None),
        # the first of the next combat (combat.do_start_combat), or a Full Rest
        hit = {"ap": to_ap, "hp": to_hp, "until": next_turn_end(s) if s["combat"] else None}
        over = amount - to_ap - to_hp
        if over:
            # PG, Fate Cards 4.3: the damage past 0 HP is damage too; ignoring part of an
            # overkill hit leaves the rest landing (kept only when there is some, so a
            # game without an overkill hit keeps its old state)
            hit["over"] = over
        if ko_before:
            # PG, Epic Events: "Players may use Fate Cards ... to negate damage taken during
            # the Epic Event": the hit keeps what the Epic Event was before it, given back
            # when the whole hit is ignored (fate.undo_ko_hit)
            hit["ko"] = {k: ko_before[k] for k in ("damaged", "stable", "successes", "failures")}
        hits(s).append(hit)
        sync_toughen(s)
    s["log"].append(f"Takes {amount} damage ({to_ap} AP, {to_hp} HP"
                    + (", bypassing AP)." if bypass else ")."))
    on_damage(s)
    if s["ko"]:
        if s["ko"]["stable"]:
            # PG, Status Conditions 5 and 14: attacked further, a Knocked Out Dealer begins
            # an Epic Event: a new one, its counts from zero
            s["ko"].update(successes=0, failures=0, stable=False)
            s["log"].append("Damaged while stable: a new Epic Event begins.")
        s["ko"]["damaged"] = True
    elif s["hp"] == 0:
        knock_out(s)
        s["log"].append("Knocked Out.")


def hits(s: State) -> list[dict[str, int]]:
    """The damage Toughen Up may still ignore, hit by hit: what it took off AP and HP, what
    fell past 0 HP (``over``, only when some did) and the turn at whose end its window closes (PG, Fate Cards 4.3: "before the end of the
    Player's next turn after receiving damage": each hit has its own window). A state from
    before this record holds its pool as one hit on HP (how it was given back then)."""
    if "toughen_hits" not in s:
        s["toughen_hits"] = ([{"ap": 0, "hp": s["toughen"], "until": s["toughen_turn"]}]
                             if s["toughen"] else [])
    return s["toughen_hits"]


def left(hit: dict[str, int]) -> int:
    """The damage of one hit Toughen Up may still ignore (AP, HP and past 0 HP)."""
    return hit["ap"] + hit["hp"] + hit.get("over", 0)


def sync_toughen(s: State) -> None:
    """``toughen`` (the pool shown) and ``toughen_turn`` follow the open hits; the record
    goes when none is open (a state with no damage pending keeps its old shape)."""
    open_hits = [h for h in s.get("toughen_hits", []) if left(h) > 0]
    s["toughen"] = sum(left(h) for h in open_hits)
    untils = [h["until"] for h in open_hits]
    s["toughen_turn"] = None if None in untils else max(untils, default=None)
    if open_hits:
        s["toughen_hits"] = open_hits
    else:
        s.pop("toughen_hits", None)


def toughen_at_combat_start(s: State) -> None:
    """PG, Fate Cards 4.3 "before the end of the Player's next turn after receiving damage":
    for damage taken outside combat that next turn is the first of the combat (turn 0).
    Every hit still open here was taken outside combat (the end of a combat closes them
    all), a saved state's stale turn number included."""
    if s["toughen"]:
        for h in hits(s):
            h["until"] = 0
        sync_toughen(s)


def close_toughen(s: State, turn: int | None = None) -> None:
    """Close the windows that end before ``turn`` (all of them: combat over, a Full Rest)."""
    if turn is None:
        s.pop("toughen_hits", None)
    else:
        s["toughen_hits"] = [h for h in hits(s) if h["until"] is None or turn <= h["until"]]
    sync_toughen(s)


def undo_ko_hit(s: State, hit: dict) -> None:
    """A hit taken while Knocked Out, wholly ignored by Toughen Up, did not happen: no Lower
    Hand for it, and if it began a new Epic Event after stable (no draw since), the Dealer is
    stable again. Only the latest such hit still open gives back its Epic Event."""
    before = hit.pop("ko", None)
    if not before or not s["ko"] or any("ko" in h for h in hits(s) if h is not hit and left(h)):
        return
    ko = s["ko"]
    ko["damaged"] = before["damaged"]
    if before["stable"] and not ko["stable"] and ko["successes"] == ko["failures"] == 0:
        ko.update(stable=True, successes=before["successes"], failures=before["failures"])
    s["log"].append("The damage taken while Knocked Out is ignored: the Epic Event is as before it.")


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


FATIGUE_KO = 5     # PG, Fatigue: "5. Knocked Out", until "a Full Rest" removes the levels


def wake(s: State) -> bool:
    """Knocked Out ends now that HP is above 0 (a Toughen Up, an Epic Event's Major, a
    Quick Rest completed), except at Fatigue 5, which is itself Knocked Out until a Full
    Rest removes it (PG, Fatigue; review dofa-phone-2026-12-07 #8): True if awake."""
    if s["fatigue"] >= FATIGUE_KO:
        s["log"].append("Still Knocked Out: Fatigue 5 lasts until a Full Rest.")
        return False
    s["ko"] = None
    return True


def do_treated(s: State, a: Action, rng: Rng) -> None:
    """PG, Status Conditions 5: treatment wakes the Dealer (not offered at Fatigue 5)."""
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
        if s["breath"] == 0 and "Suffocating" not in s["conditions"]:
            # "After this time, the character gains the Suffocating Status Condition":
            # at Vitality -1 or -2 there is no time (review D7)
            s["conditions"].append("Suffocating")
            s["log"].append("No time without air: Suffocating.")
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
