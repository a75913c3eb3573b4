"""Combat on the player's side (PG, Taking Turns, Ending Combat, In Combat Actions, Discard
Powers, Epic Events for a Knocked Out Dealer), weapons, powers, light and falling."""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from . import conditions as cd
from . import gear
from . import items
from . import sheet as sh
from ...core.cards import Card
from .deck import blank_draft, discard_from_deck, distinct, drawable, name, settle, spend_fate, take_to
from .health import close_toughen, hurt, toughen_at_combat_start, wake

WEAPONS: tuple[int, ...] = (1, 2, 3, 4)     # weapon damage by quality
LIGHTS = ("bright", "partial", "full")     # light, partial darkness, full darkness
FALLS: tuple[int, ...] = (2, 4, 6)


def pp_factor(s: State) -> int:
    """PG, Fatigue 4: PP expenditure doubled."""
    return 2 if s["fatigue"] >= 4 else 1


def power_actions(s: State) -> list[Action]:
    """The powers to use (a Passive power is never "used": it works where its text says,
    e.g. Quick Draw at the start of combat; review D17); the Discard Powers and Intensify
    only in combat (PG, Discard Powers: "as a Minor Action for additional benefits in
    combat"; review D11)."""
    acts: list[Action] = []
    for pid in s["sheet"]["powers"]:
        if sh.powers()[pid]["type"] == "Passive":
            continue
        for pp in sorted(set(sh.powers()[pid]["pp"])):
            if pp * pp_factor(s) <= s["pp"]:
                acts.append({"type": "power", "power": pid, "pp": pp})
    if not s["combat"] or gear.minor_spent(s):
        return acts       # a Discard Power is the turn's Minor Action (PG, Discard Powers)
    cap = sh.discard_cap(s["sheet"]["level"])
    if s["sheet"]["role"] == "Caster":
        if cap and not s.get("intensify"):
            acts.append({"type": "intensify"})
        return acts
    acts += [{"type": "discard_power", "cards": n} for n in range(2, cap + 1, 2) if drawable(s) >= n]
    return acts


def do_power(s: State, a: Action, rng: Rng) -> None:
    """PG, In Combat Actions: a power's PP are spent even on a miss. Using a Power ends
    Hidden and Invisible (the next attack, the one that ends Invisible, is at Upper Hand);
    Grappled makes the power's check Lower Hand: the next check is marked as a Power's."""
    cost = a["pp"] * pp_factor(s)
    s["pp"] -= cost
    s["draft"]["power"] = True
    if "Invisible" in s["conditions"]:
        s["draft"]["revealing"] = True
    for gone in ("Hidden", "Invisible"):
        if gone in s["conditions"]:
            s["conditions"].remove(gone)
            s["log"].append(f"No longer {gone} (a Power).")
    s["log"].append(f"Uses {sh.power_title(a['power'])} ({cost} PP, spent even on a miss).")


def do_discard_power(s: State, a: Action, rng: Rng) -> None:
    """PG, Discard Powers: N cards (2, 4, ... up to the level's cap) for Upper/Lower Hand N/2."""
    gear.spend_minor(s)
    discard_from_deck(s, rng, a["cards"])
    power = sh.tables()["roles"][s["sheet"]["role"]]["discard"]
    s["log"].append(f"{power}: discards {a['cards']} cards for Upper/Lower Hand {a['cards'] // 2}.")


def do_intensify(s: State, a: Action, rng: Rng) -> None:
    gear.spend_minor(s)
    s["intensify"] = True
    s["log"].append("Intensify: the next attack discards until a Major Success.")


def weapon_actions(s: State) -> list[Action]:
    """Weapon damage by quality (GMG, Weapons: 1-4); in combat "equipping or changing
    weapons" is the turn's Minor Action (PG, In Combat Actions; review dofa-phone-2026-12-07 #2)."""
    if gear.minor_spent(s):
        return []
    return [{"type": "weapon", "damage": n} for n in WEAPONS if n != s.get("weapon", 1)]


def do_weapon(s: State, a: Action, rng: Rng) -> None:
    gear.spend_minor(s)
    s["weapon"] = a["damage"]
    s["log"].append(f"Weapon: {a['damage']} damage.")


def do_light(s: State, a: Action, rng: Rng) -> None:
    s["light"] = a["light"]
    s["log"].append({"bright": "In the light.", "partial": "In partial darkness.",
                     "full": "In full darkness."}[a["light"]])


def do_fall(s: State, a: Action, rng: Rng) -> None:
    """PG, Falling: 1 damage and -1 speed per 2 spaces fallen, and Knocked Down; the speed
    comes back after a rest or when healed to full."""
    n = a["spaces"] // 2
    s["log"].append(f"Falls {a['spaces']} spaces.")
    s["fall_speed"] += n
    if "Knocked Down" not in s["conditions"]:
        s["conditions"].append("Knocked Down")
    hurt(s, n, False)


QUICK_DRAW = "Quick Draw"
ORDER = "A K Q J 10 9 8 7 6 5 4 3 2".split()   # PG, Taking Turns: "Ace first, then K, Q, etc."


def draw_my_tc(s: State, rng: Rng, upper: bool) -> str:
    """My Target Card into its pile; with Quick Draw's Upper Hand (04_Powers: "When drawing a
    TC for combat, you may draw with Upper Hand") two cards, the earlier in turn order kept,
    the other discarded (an Ace to hand). A card drawn may be redrawn with a Fate Card
    (PG, Fate Cards: "Any time a player ... draws a card"): ``tc_fresh`` offers it until the
    next action."""
    card = take_to(s, rng, "tc")
    if upper and drawable(s) >= 1:
        other = take_to(s, rng, "tc")
        keep, drop = sorted((card, other), key=lambda c: ORDER.index(Card.parse(c).rank.code))
        s["tc"].remove(drop)
        s["drawing"].append(drop)
        settle(s, [drop])
        s["log"].append(f"Quick Draw (Upper Hand): draws {name(card)} and {name(other)}, keeps {name(keep)}.")
        card = keep
    s["tc_fresh"] = {"upper": upper}
    return card


def do_draw_tc(s: State, a: Action, rng: Rng) -> None:
    card = draw_my_tc(s, rng, False)
    s["log"].append(f"Draws a Target Card: {name(card)}.")


def start_actions(s: State) -> list[Action]:
    """Start combat; with Quick Draw held, also at Upper Hand (the player may choose)."""
    if drawable(s) + len(s["tc"]) < 1:
        return []
    acts: list[Action] = [{"type": "start_combat"}]
    # 07_Items, Charm of Efficiency: "You cannot draw with Upper or Lower Hand" (review D12)
    if QUICK_DRAW in s["sheet"]["powers"] and drawable(s) + len(s["tc"]) >= 2 and not items.no_hand(s):
        acts.append({"type": "start_combat", "quick_draw": True})
    return acts


def do_start_combat(s: State, a: Action, rng: Rng) -> None:
    """PG, Taking Turns: each character draws a Target Card; the old one is discarded. The
    first turn starts: its saves are due."""
    settle(s, s["tc"])
    s["tc"] = []
    s["combat"], s["turn"] = True, 0
    s.pop("acted", None)          # turns restart: my first turn has not begun
    s.pop("minor", None)          # nor has its Minor Action been spent
    toughen_at_combat_start(s)
    card = draw_my_tc(s, rng, bool(a.get("quick_draw")))
    s["log"].append(f"Combat: draws {name(card)} as Target Card (initiative).")
    cd.start_of_turn(s)


def redraw_tc_actions(s: State) -> list[Action]:
    if not s.get("tc_fresh") or not s["tc"] or drawable(s) < 1 + int(s["tc_fresh"]["upper"]):
        return []
    return [{"type": "redraw_tc", "card": c} for c in distinct(s["fate"])]


def do_redraw_tc(s: State, a: Action, rng: Rng) -> None:
    """PG, Fate Cards: the Target Card just drawn is discarded and drawn again (the same way),
    for one held Fate Card; the redraw stands."""
    upper = s.pop("tc_fresh")["upper"]
    spend_fate(s, a["card"])
    old = s["tc"].pop()
    settle(s, [old])
    card = draw_my_tc(s, rng, upper)
    del s["tc_fresh"]     # one redraw per card drawn (not of the redraw)
    s["log"].append(f"Spends {name(a['card'])} to redraw the Target Card ({name(old)}): {name(card)}.")


def do_end_turn(s: State, a: Action, rng: Rng) -> None:
    """End of my turn (Frozen's save is due), then the start of the next (its saves due);
    the Toughen Up window and a received Help close at the end of the turn they last to."""
    cd.end_of_turn(s)
    items.end_of_turn(s)
    s["turn"] += 1
    if s["toughen"]:
        close_toughen(s, s["turn"])
    got = s.get("received")
    if got and got["until"] is not None and s["turn"] > got["until"]:
        s["received"] = None
        s["log"].append(f"{got['power']} ends.")
    if s["ko"]:
        s["ko"]["turns"] += 1
    s["log"].append(f"End of turn {s['turn']}.")
    cd.start_of_turn(s)


def do_end_combat(s: State, a: Action, rng: Rng) -> None:
    s["combat"] = False
    s.pop("minor", None)
    close_toughen(s)
    s["received"] = None
    if s.get("intensify"):
        # PG, Discard Powers: "additional benefits in combat" (review dofa-phone-2026-12-07 #4)
        s["intensify"] = False
        s["log"].append("Intensify ends with the combat.")
    # saves tied to turns lapse with the turns; a save on damage stays due
    s["due"] = [d for d in s["due"] if d["when"] not in (cd.TURN_START, cd.TURN_END)]
    s["log"].append("Combat ends; the Target Card stays until the next combat.")


def epic(s: State, result: dict[str, Any]) -> None:
    """PG, Epic Events: two successes -> stable; two failures -> Dead; a Major -> 1 HP; a
    Critical -> 1 HP and up to 3 PP."""
    ko = s["ko"]
    deg = result["degree"]
    s["draft"] = blank_draft()
    if deg in (0, 1):
        s["hp"] = 1
        if deg == 0:
            s["pp"] = min(s["sheet"]["pp_max"], s["pp"] + 3)
        s["log"].append("Recovers 1 HP" + (" and up to 3 PP." if deg == 0 else "."))
        if wake(s):
            s["log"].append("Wakes.")
        else:
            ko["stable"] = True      # the Epic Event is concluded; Fatigue 5 keeps the Dealer down
        return
    if result["success"]:
        ko["successes"] += 1
    else:
        ko["failures"] += 1
    if ko["failures"] >= 2:
        s["dead"] = True
        s["phase"] = "over"
        s["log"].append("Two failed Epic Event checks: Dead.")
    elif ko["successes"] >= 2:
        ko["stable"] = True
        s["log"].append("Two successes: stable, still Knocked Out until treated.")
