"""Status conditions and what they do to the checks the phone makes (PG, Status
Conditions 1-13; Hidden; Cover; Challenging Terrain; Light and Vision; Fatigue; Discard
Powers received).

Every condition is switched on and off by the player when the GM says so. What a
condition does to a check the phone knows about is applied automatically and listed
(``hand_parts``): Upper/Lower Hand, a check that may not be made (``forbidden``). What only
the GM knows (does this check need sight? is it against the charmer? does it use a Power?)
is a toggle on the check, shown only while a condition makes it matter. Saves are prompted
at their moment (``due``): the start of my turn, the end of it (Frozen), on damage
(Charmed, Enthralled); Entangled and Burned are saved when the player spends the action.

Stunned, Blinded, Deafened, Charmed and Enthralled act through a failed save ("If they
fail, they draw Lower Hand (3)"; "On failure, they may not ..."): switched on, they do
nothing until a save against them fails; from then (their names sit in ``failed``) they
are in force until a save succeeds. ``shaken`` (a success holding, the earlier reading) is
no longer written; a state that holds it is read the new way.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from . import sheet as sh
from .deck import discard_from_deck, next_turn_end
from . import gear
from .gear import armor_hand, minor_spent, spend_minor
from .health import due, hurt

TURN_START, TURN_END, MAJOR, MINOR = "start of turn", "end of turn", "a Major Action", "a Minor Action"
CONDITIONS: dict[str, dict[str, Any]] = {
    # name: the save (attribute, DR 3), when it is due, and what its result does
    "Stunned": {"save": "CON", "when": TURN_START, "ends": True},
    "Entangled": {"save": "STR", "when": MAJOR, "ends": True},
    "Knocked Down": {"save": None, "when": MINOR},
    "Blinded": {"save": "GUT", "when": TURN_START},
    "Deafened": {"save": "GUT", "when": TURN_START},
    "Burned": {"save": "GUT", "when": MINOR, "ends": True, "fail_damage": 1},
    "Poisoned": {"save": "VIT", "when": TURN_START, "ends": True, "fail_discard": True},
    "Frozen": {"save": "STR", "when": TURN_END, "ends": True},
    "Suffocating": {"save": "VIT", "when": TURN_START, "fail_damage": 2, "pass_damage": 1},
    "Charmed": {"save": "GUT", "when": TURN_START},
    "Enthralled": {"save": "CON", "when": TURN_START},
    "Invisible": {"save": None, "when": ""},
    "Grappled": {"save": None, "when": MAJOR},
    "Hidden": {"save": None, "when": ""},
    # the environment (PG, Interacting with the Environment)
    "Challenging Terrain": {"save": None, "when": ""},
    "Partially Covered": {"save": None, "when": ""},
    "Fully Covered": {"save": None, "when": ""},
}
# the conditions whose effect comes from a failed save (see the module docstring)
BY_FAILED_SAVE = ("Stunned", "Blinded", "Deafened", "Charmed", "Enthralled")
# what a condition in force means where the phone cannot apply it itself (shown)
PROMPTS = {
    "Stunned": "Stunned: this turn, move or take one Action, not both.",
    "Charmed": "Charmed: no action against the charmer's interests (mark such a check: it cannot be drawn).",
    "Enthralled": "Enthralled: move and/or take one Major Action as the enthraller directs.",
    "Knocked Down": "Knocked Down: attackers within 1 space draw at Upper Hand, further ones at Lower Hand; getting up is a Minor Action.",
    "Invisible": "Invisible: checks to detect you are at Lower Hand; your attack is at Upper Hand and ends it.",
    "Hidden": "Hidden: attacks against you are at Lower Hand; your targets are unaware (your attacks at Upper Hand).",
    "Grappled": "Grappled: speed 0; Lower Hand on any Power. Break free with a contested Brute or Finesse check against the grappler's Brute.",
}
SENSES = {"Blinded": "sight", "Deafened": "hearing"}
RECEIVED = ("Help", "Thwart")     # Discard Powers others use on me (PG, Discard Powers)


def in_force(s: State, name: str) -> bool:
    """A condition in force now: switched on and, for those acting through a failed save,
    its last save failed."""
    if name in BY_FAILED_SAVE:
        return name in s["conditions"] and name in s.get("failed", [])
    return name in s["conditions"]


def _failed(s: State, name: str, failed: bool) -> None:
    """Record a save's result for a condition acting through a failed save (the record is
    made on the first failure and goes when nothing is left in it)."""
    names = [n for n in s.get("failed", []) if n != name] + ([name] if failed else [])
    if names:
        s["failed"] = names
    else:
        s.pop("failed", None)


def hand_parts(s: State, d: dict[str, Any]) -> list[tuple[str, int]]:
    """Each Upper (+) / Lower (-) Hand that the sheet's state adds to the check ``d``, with
    its reason. Fatigue: 1 Lower Hand on saves, 2 on all checks (cumulative, PG Fatigue);
    they compound with the GM's Upper/Lower Hand (PG, Upper and Lower Hand)."""
    kind, stat = d["kind"], d["stat"]
    attr = sh.SKILL_OF.get(stat or "", stat)
    conds = s["conditions"]
    parts: list[tuple[str, int]] = []
    if kind == "save" and s["fatigue"] >= 1:
        parts.append(("Fatigue 1: saves", -1))
    if s["fatigue"] >= 2:
        parts.append(("Fatigue 2: all checks", -1))
    if kind == "save" and "Knocked Down" in conds and attr in ("STR", "AGL"):
        parts.append(("Knocked Down: STR and AGL saves", -1))
    if kind == "save" and "Entangled" in conds and attr == "AGL":
        parts.append(("Entangled: Agility saves", -1))
    if "Frozen" in conds and attr in ("STR", "AGL"):
        parts.append(("Frozen: STR and AGL checks", -1))
    if kind == "save" and "Challenging Terrain" in conds and attr == "AGL":
        parts.append(("Challenging Terrain: Agility saves", -1))
    if kind != "rest" and d.get("who", "me") == "me":
        # GMG, Items, Armor: an unmet armor prerequisite, Lower Hand on Agility, Finesse and
        # Stealth checks (the phone's own sheet; a state without one, the GM's, adds nothing)
        parts += armor_hand(s.get("sheet"), attr)
    if stat in ("Detection", "Investigation") and s["light"] != "bright":
        parts.append(("Partial darkness" if s["light"] == "partial" else "Full darkness",
                      -1 if s["light"] == "partial" else -3))
    for cond, sense in SENSES.items():
        if in_force(s, cond) and d.get("sense") == sense:
            parts.append((f"{cond}: needs {sense}", -3))
    if "Grappled" in conds and d.get("power"):
        parts.append(("Grappled: a Power", -1))
    if d.get("unseen"):
        parts.append(("Detecting an Invisible creature", -1))
    if kind == "attack" and ("Invisible" in conds or d.get("revealing")):
        parts.append(("Invisible: the attack that ends it", +1))
    if kind == "attack" and "Hidden" in conds:
        parts.append(("Hidden: the target is unaware", +1))
    got = s.get("received")
    if got and kind != "rest":
        parts.append((f"{got['power']} {got['n']} received", got["n"] if got["power"] == "Help" else -got["n"]))
    return parts


def speed(sheet: dict[str, Any], base: int, conds: list[str], fatigue: int) -> int:
    """Speed ``base`` (PG, In Combat Actions 1: 6 by default) halved, rounded up, by armor
    whose prerequisite is not met, Fatigue 3, Frozen and Knocked Down (each halving once);
    0 when Entangled or Grappled (PG, Status Conditions 2, 13). Shared with the GM's table
    (any sheet-like mapping with ``attrs`` and ``armor``)."""
    out = gear.speed(sheet, base)
    for halves in (fatigue >= 3, "Frozen" in conds, "Knocked Down" in conds):
        if halves:
            out = (out + 1) // 2
    if "Entangled" in conds or "Grappled" in conds:
        out = 0
    return out


def auto_hand(s: State, d: dict[str, Any]) -> int:
    return sum(n for _, n in hand_parts(s, d))


def forbidden(s: State, d: dict[str, Any]) -> str | None:
    """Why the check ``d`` may not be drawn at all, naming the rule; None if it may."""
    if d.get("against") and in_force(s, "Charmed"):
        return "Charmed: no action against the charmer's interests (PG, Status Conditions 10)"
    return None


def toggles(s: State) -> list[Action]:
    """The check's GM-known facts, offered only while a condition makes them matter."""
    d, conds = s["draft"], s["conditions"]
    acts: list[Action] = []
    senses = [SENSES[c] for c in SENSES if c in conds]
    if senses:
        acts += [{"type": "sense", "sense": x} for x in (*senses, None) if x != d.get("sense")]
    if "Charmed" in conds or "Enthralled" in conds:
        acts.append({"type": "against", "on": not d.get("against")})
    if "Grappled" in conds:
        acts.append({"type": "with_power", "on": not d.get("power")})
    if d["kind"] == "check" and d["stat"] in ("Detection", "Investigation"):
        acts.append({"type": "unseen", "on": not d.get("unseen")})
    return acts


def do_sense(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["sense"] = a["sense"]


def do_against(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["against"] = a["on"]


def do_with_power(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["power"] = a["on"]


def do_unseen(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["unseen"] = a["on"]


# -- the moments saves are due -----------------------------------------------------------
def start_of_turn(s: State) -> None:
    """PG, Status Conditions: the saves made at the start of a turn become due."""
    for name in s["conditions"]:
        if CONDITIONS[name]["when"] == TURN_START:
            due(s, name, TURN_START)


def end_of_turn(s: State) -> None:
    if "Frozen" in s["conditions"]:
        due(s, "Frozen", TURN_END)


def spends_minor(s: State, name: str, saving: bool) -> bool:
    """PG, Status Conditions 3 ("must expend a Minor Action to get up") and 6 ("As a Minor
    Action, a character can make a DR 3 GUT Save"): getting up and the Burned save spend
    the turn's Minor Action in combat (review dofa-phone-2026-12-07 #13, as the GM's table's
    turns.shake_actions)."""
    return bool(s["combat"]) and name in s["conditions"] and CONDITIONS[name]["when"] == MINOR \
        and (saving or name == "Knocked Down")


def condition_actions(s: State, can_save: bool) -> list[Action]:
    acts: list[Action] = []
    spent = minor_spent(s)
    for name, rule in CONDITIONS.items():
        if not (spent and spends_minor(s, name, False)):
            acts.append({"type": "condition", "name": name})
        if name in s["conditions"] and rule["save"] and can_save and not (spent and spends_minor(s, name, True)):
            acts.append({"type": "condition_save", "name": name})
    if "Poisoned" in s["conditions"]:
        acts.append({"type": "poison_more"})
    return acts + received_actions(s)


def received_actions(s: State) -> list[Action]:
    """Another Dealer's Help or an enemy's Thwart received, or ended: offered while Knocked
    Out too (Discard Powers: "on all Checks", the Epic Event's included; review D15)."""
    got = s.get("received")
    top = sh.discard_cap(10) // 2
    acts: list[Action] = [{"type": "received", "power": p, "n": n} for p in RECEIVED
                          for n in range(1, top + 1)
                          if not (got and got["power"] == p and got["n"] == n)]
    if got:
        acts.append({"type": "received_end"})
    return acts


def do_condition(s: State, a: Action, rng: Rng) -> None:
    name = a["name"]
    conds = s["conditions"]
    if spends_minor(s, name, False):
        spend_minor(s)
    if name in conds:
        if name == "Poisoned":
            s["poison"] -= 1
            if s["poison"] > 0:
                s["log"].append(f"Poisoned {s['poison']}.")
                return
        conds.remove(name)
        s["due"] = [d for d in s["due"] if d["name"] != name]
        if name in s.get("failed", []):
            _failed(s, name, False)
        s["log"].append(f"No longer {name}.")
    else:
        other = {"Partially Covered": "Fully Covered", "Fully Covered": "Partially Covered"}.get(name)
        if other in conds:
            conds.remove(other)
        conds.append(name)
        if name == "Poisoned":
            s["poison"] = 1
        s["log"].append(f"Now {name}.")
    if name == "Poisoned" and name not in conds:
        s["poison"] = 0


def do_poison_more(s: State, a: Action, rng: Rng) -> None:
    """PG, Status Conditions 7: each poisoning effect adds +1 Poisoned."""
    s["poison"] += 1
    s["log"].append(f"Poisoned {s['poison']}.")


def do_condition_save(s: State, a: Action, rng: Rng) -> None:
    from .deck import blank_draft
    rule = CONDITIONS[a["name"]]
    if spends_minor(s, a["name"], True):
        spend_minor(s)
    s["draft"] = dict(blank_draft("save"), stat=rule["save"], dr=3, condition=a["name"])


def condition_result(s: State, name: str, passed: bool, rng: Rng) -> None:
    """Apply a condition save's result (PG, Status Conditions)."""
    rule = CONDITIONS[name]
    s["due"] = [d for d in s["due"] if d["name"] != name]
    if name in BY_FAILED_SAVE and name in s["conditions"]:
        _failed(s, name, not passed)
    if passed and rule.get("ends") and name in s["conditions"]:
        s["conditions"].remove(name)
        if name == "Poisoned":
            s["poison"] = 0
        s["log"].append(f"{name} ends.")
    if passed and rule.get("pass_damage"):
        # PG, Status Conditions 9: "On failure, take 2 damage bypassing AP. On a success,
        # take 1 damage": only the failure's damage bypasses; the success's takes AP first
        hurt(s, rule["pass_damage"], False)
    if not passed and rule.get("fail_damage"):
        hurt(s, rule["fail_damage"], True)
    if not passed and rule.get("fail_discard"):
        n = discard_from_deck(s, rng, s["poison"] + 1)
        s["log"].append(f"Poisoned {s['poison']}: discards {n} card(s).")
    if not passed and name in SENSES:
        s["log"].append(f"{name}: Lower Hand (3) on anything that needs {SENSES[name]} (mark such a check).")
    elif not passed and name in PROMPTS:
        s["log"].append(PROMPTS[name])
    if not passed and name in ("Entangled", "Frozen") and name in s["conditions"]:
        s["log"].append(f"Still {name}.")


def do_received(s: State, a: Action, rng: Rng) -> None:
    """PG, Discard Powers: another Dealer's Help (Upper Hand N/2 on all my checks until the
    end of my next turn) or an enemy's Thwart (Lower Hand, until the start of the
    thwarter's next turn: ended by a tap). They do not stack: a new one replaces the old."""
    s["log"].append(f"{a['power']} {a['n']} on my checks.")
    s["received"] = {"power": a["power"], "n": a["n"],
                     "until": next_turn_end(s) if s["combat"] and a["power"] == "Help" else None}


def do_received_end(s: State, a: Action, rng: Rng) -> None:
    s["log"].append(f"{s['received']['power']} ends.")
    s["received"] = None
