"""A fight at the GM's table (PG, Taking Turns, In Combat, Status Conditions, Health and
Armor, Epic Events (Knocked Out); GMG, Initiating Combat, Character Types).

Initiative: every combatant holds a Target Card; the order is Ace first, then K, Q ... 2;
a player or premade ties with an enemy goes first; between two of the same side the
higher Agility goes first, then the one who joined earlier (the GM can reorder with a
delay). Damage takes AP first; at 0 HP every combatant is Knocked Out (PG, Health and
Armor: "If a character is wounded beyond their health pool, they are Knocked Out"; Ending
Combat: "the last enemy combatant has been Knocked Out"): a Dealer's turns (players,
premade characters, the GM's Dealers and Bosses) become the Knocked Out Epic Event, a
Minion or Companion simply cannot act until treated or healed (a boss with a phase left
starts its next phase instead, ``next_phase``; GMG, Boss Phases).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ...core.cards import Card
from ...core.game import State
from ...core.rng import Rng
from ...core.views import log_tail
from ..dofa.conditions import BY_FAILED_SAVE, CONDITIONS, PROMPTS, TURN_END, TURN_START
from ..dofa.gear import AP_MAX
from . import decks as dk
from .actors import (Actor, actor, card_name, in_fight, log, names, phone_holder,  # noqa: F401
                     side_standing, standing, tc_of)
from .fatecards import tc_drawn, took

# the conditions a GM puts on a combatant (the environment's three are the player's phone's)
STATUSES = ("Stunned", "Entangled", "Knocked Down", "Blinded", "Deafened", "Burned",
            "Poisoned", "Frozen", "Suffocating", "Charmed", "Enthralled", "Invisible",
            "Grappled", "Hidden")
DURATIONS: tuple[int | None, ...] = (None, 1, 2, 3)
SAVE_DR = 3          # every status save in the PG's list is DR 3
ON_DAMAGE = ("Charmed", "Enthralled")
# PG, Dealers, NPCs and Companions: player characters and the GM's Dealers (Bosses are
# Dealers with more, GMG Character Types); only they play the Knocked Out Epic Event
DEALERS = ("player", "pc", "dealer", "boss")


def plays_ko_event(a: Actor) -> bool:
    """PG, Epic Events: "When a Dealer is Knocked Out in combat, their subsequent turns are
    replaced with Epic Event TCs"; an NPC (Minion) or a Companion is not a Dealer. An
    Undying creature goes into stasis instead (``undying``)."""
    return a["kind"] in DEALERS and not undying(a)


def undying(a: Actor) -> bool:
    """04_Powers Undying: "cannot be killed by traditional weapons. On reaching 0 HP, this
    creature goes into a stasis. The following day, they return to 1 HP"; only its
    Vulnerability kills it at 0 HP (table.do_expose)."""
    return "Undying" in a.get("powers", [])


# PG, Making a Check: the GM "can choose whether or not to reveal" the DR. What a player's
# seat reads of the log (``public_log``) leaves out the GM's deliberation over a DR and
# reads a draw on a hidden DR without its EDR. The lines are told apart by their words
# (draws.secret_summary marks a hidden check's line), so the state keeps one log.
GM_ONLY = ("the chart suggests DR", "overrides the suggested DR", "contested DR is")
HIDDEN = " (DR hidden)"
# a creature's numbers are the GM's (review dofa-phone-2026-11-27 #3): its joining line
# reaches a player's seat without them, and the GM's edit of its numbers not at all
CREATURE_JOINS = re.compile(r"^(?P<who>.+?) joins \((?P<type>[^,()]+), HP -?\d+, AR -?\d+\)\.$")
GM_SETS = re.compile(r"^The GM sets (?P<who>.+?)'s [A-Z ]+ to -?\d+\.$")
# ... and so are the numbers other lines give of it (review dofa-phone-2-2026-11-27 #2:
# view.py promises "never ... a creature's HP"): a creature's line reaches a player's seat
# with what happened and without its HP, AP, AR or what is left of its PP
CREATURE_NUMBERS = (
    (re.compile(r"^(?P<who>.+?) takes (?P<n>\d+) damage \(\d+ AP, \d+ HP\)\.$"), "{who} takes {n} damage."),
    (re.compile(r"^(?P<who>.+?) regains \d+ HP \(\d+/\d+\)\.$"), "{who} regains HP."),
    (re.compile(r"^(?P<who>.+?) enters phase (?P<n>\d+) of \d+: HP back to \d+(?P<tc>, new Target Card [^.]+)?\.$"),
     "{who} enters phase {n}{tc}."),
    (re.compile(r"^(?P<who>.+?) is treated and wakes with \d+ HP\.$"), "{who} is treated and wakes."),
    (re.compile(r"^(?P<who>.+?) wakes with 1 HP( and up to 3 PP)?\.$"), "{who} wakes."),
    (re.compile(r"^(?P<who>.+?) spends (?P<n>\d+) PP \(\d+ left\)\.$"), "{who} spends {n} PP."),
    (re.compile(r"^(?P<who>.+?) gains \d+ AP \(\d+\)\.$"), "{who} gains AP."),
    (re.compile(r"^(?P<who>.+?) exchanges a Fate Card for 1 PP \(\d+/\d+\)\.$"), "{who} exchanges a Fate Card for 1 PP."),
    (re.compile(r"^(?P<who>.+?) toughens up with a Fate Card: 1 damage ignored \(HP \d+, AP \d+\)\.$"),
     "{who} toughens up with a Fate Card: 1 damage ignored."),
)
SUMMARY = re.compile(r"^(?P<who>.+?): (?P<what>Attack|Check) \([^)]*\) vs (?P<tc>[^:]+): "
                     r"(?P<card>.+?) at EDR -?\d+(?P<hidden> \(DR hidden\))?: (?P<deg>[^.]+)\.")


def public_line(line: str, party: set[str] | frozenset[str]) -> str | None:
    """A log line as a player's seat reads it (None: the GM's only). A party member's
    attack is drawn against a creature's AR, which stays hidden as for a player's
    reported attack (turns.do_player_attack)."""
    if any(m in line for m in GM_ONLY):
        return None
    m = CREATURE_JOINS.match(line)
    if m and m["who"] not in party:
        return f"{m['who']} joins ({m['type']})."
    m = GM_SETS.match(line)
    if m and m["who"] not in party:
        return None
    for pattern, public in CREATURE_NUMBERS:
        m = pattern.match(line)
        if m and m["who"] not in party:
            return public.format(**{k: v or "" for k, v in m.groupdict().items()})
    m = SUMMARY.match(line)
    if m and (m["hidden"] or (m["what"] == "Attack" and m["who"] in party)):
        return f"{m['who']}: {m['what']} vs {m['tc']}: {m['card']}: {m['deg']}."
    return line


def public_log(s: State, n: int) -> list[str]:
    """The last ``n`` lines a player's seat may read."""
    party = frozenset(a["name"] for a in s["actors"] if a["side"] == "party")
    return log_tail(s["log"], n, lambda line: _public(line, party))


@lru_cache(maxsize=4096)
def _public(line: str, party: frozenset[str]) -> str | None:
    """``public_line``, remembered: every seat's view reads the same 80 lines on every step."""
    return public_line(line, party)


# -- initiative -------------------------------------------------------------------------------
def init_key(s: State, a: Actor) -> tuple[int, int, int, int]:
    """PG, Taking Turns 1: Ace first, then K, Q ... 2; players before enemies on the same
    value; then the higher Agility; then the order they joined (``s['actors']``)."""
    tc = tc_of(s, a)
    v = Card.parse(tc).value if tc else 0
    place = 0 if v == 1 else 14 - v if v else 99
    return (place, 0 if a["side"] == "party" else 1, -a["attrs"]["AGL"],
            s["actors"].index(a))


def order(s: State, ids: list[str] | None = None) -> list[str]:
    """The turn order; a Companion with a Dealer has no turn of its own."""
    pool = [a for a in s["actors"] if in_fight(a) and not a.get("dealer")
            and (ids is None or a["id"] in ids)]
    return [a["id"] for a in sorted(pool, key=lambda a: init_key(s, a))]


def needs_tc(s: State) -> list[Actor]:
    """Combatants without a Target Card for this combat (players type theirs in)."""
    c = s["combat"]
    return [a for a in s["actors"] if in_fight(a) and a["id"] not in c["has_tc"] and not a.get("dealer")]


# -- damage, healing, Knocked Out ------------------------------------------------------------
def hurt(s: State, a: Actor, amount: int, rng: Rng, bypass: bool = False,
         by: str | None = None) -> None:
    """PG, Health and Armor: AP first unless the damage bypasses it. What damage sets off:
    Hidden ends, Charmed/Enthralled saves fall due (damage from the charmer ends it), a
    Knocked Out Dealer damaged again draws at Lower Hand; at 0 HP, Knocked Out."""
    to_ap = 0 if bypass else min(a["ap"], amount)
    a["ap"] -= to_ap
    to_hp = min(a["hp"], amount - to_ap)
    a["hp"] -= to_hp
    log(s, f"{a['name']} takes {amount} damage ({to_ap} AP, {to_hp} HP).")
    took(s, a, to_ap + to_hp)
    remove_status(s, a, "Hidden", quiet=True)
    for name in ON_DAMAGE:
        st = status(a, name)
        if st is None:
            continue
        if by is not None and st.get("by") == by:
            remove_status(s, a, name)
        else:
            add_due(s, a, name, "on damage")
    if a["ko"] and a["ko"]["stable"] and plays_ko_event(a) and not a["dead"]:
        # PG, Status Conditions 5 and 14: "If a Knocked Out Dealer is attacked further, they
        # begin an Epic Event": a new one (its count from zero), at Lower Hand (damaged)
        a["ko"].update(successes=0, failures=0, stable=False, damaged=True)
        log(s, f"{a['name']} is hit while Knocked Out and stable: they begin an Epic Event again "
               "(DR 4 Vitality, Lower Hand).")
    elif a["ko"]:
        a["ko"]["damaged"] = True
    elif a["hp"] == 0:
        down(s, a, rng)


def down(s: State, a: Actor, rng: Rng) -> None:
    if a["kind"] == "boss" and a["phase"] < a["phases"]:
        next_phase(s, a, rng)
        return
    knock_out(s, a)


def knock_out(s: State, a: Actor) -> None:
    """Knocked Out at 0 HP (PG, Status Conditions 5; Fatigue 5, draws.tire)."""
    a["hp"] = 0
    a["ko"] = {"turns": 0, "successes": 0, "failures": 0, "damaged": False, "stable": False}
    if undying(a):
        log(s, f"{a['name']} goes into stasis (Undying): no weapon can kill it; it returns to 1 HP "
               "the following day, unless its Vulnerability finds it at 0 HP.")
    elif plays_ko_event(a):
        log(s, f"{a['name']} is Knocked Out: their turns become Epic Event draws (DR 4 Vitality).")
    else:
        log(s, f"{a['name']} is Knocked Out: unable to act until treated or healed.")
    a["statuses"] = []
    s["due"] = [d for d in s["due"] if d["who"] != a["id"]]


def heal(s: State, a: Actor, amount: int) -> None:
    a["hp"] = min(a["hp_max"], a["hp"] + amount)
    if a["ko"] and a["hp"] > 0:
        a["ko"] = None
        log(s, f"{a['name']} wakes.")
    log(s, f"{a['name']} regains {amount} HP ({a['hp']}/{a['hp_max']}).")


def ko_result(s: State, a: Actor, degree: int, success: bool) -> None:
    """PG, Epic Events (Knocked Out): two successes stable, two failures Dead; a Major
    wakes with 1 HP, a Critical with 1 HP and up to 3 PP."""
    ko = a["ko"]
    if degree in (0, 1):
        a["hp"] = 1
        if degree == 0:
            a["pp"] = min(a["pp_max"], a["pp"] + 3)
        a["ko"] = None
        log(s, f"{a['name']} wakes with 1 HP" + (" and up to 3 PP." if degree == 0 else "."))
        return
    ko["successes" if success else "failures"] += 1
    if ko["failures"] >= 2:
        a["dead"] = True
        log(s, f"{a['name']}: two failed Epic Event draws: Dead.")
    elif ko["successes"] >= 2:
        ko["stable"] = True
        log(s, f"{a['name']}: two successes: stable, still Knocked Out until treated.")


def treat_dr(a: Actor) -> int:
    """PG, Status Conditions 5: DR 5 minus 1 per turn since the Knock Out (never below 0)."""
    return max(0, 5 - a["ko"]["turns"]) if a["ko"] else 5


# -- statuses and their saves ----------------------------------------------------------------
def status(a: Actor, name: str) -> dict[str, Any] | None:
    return next((x for x in a["statuses"] if x["name"] == name), None)


def in_force(a: Actor, name: str) -> bool:
    """A status acting through a failed save is in force until a save succeeds."""
    st = status(a, name)
    return st is not None and not st.get("held", False)


# GMG, Managing Player Resources: "Armor Points are similarly small, with a maximum of 3"
# (the party's; the GM's creatures keep their stat block's numbers and the GM's edits): AP_MAX


def ap_cap(a: Actor, shield: int = 0) -> int:
    """The most AP ``a`` may hold: its max (plus a Shield power's AP), at most 3 in the party."""
    cap = a["ap_max"] + shield
    return min(cap, AP_MAX) if a["side"] == "party" else cap


CHARMS = ("Charmed", "Enthralled")


def charmers(a: Actor) -> set[str]:
    """PG, Status Conditions 10, 11: the ids of the creatures whose Charmed or Enthralled is
    in force on ``a``: "they may not take actions against the interests of the creature
    that caused the condition" (Enthralled: its Major Action is the enthraller's to direct)."""
    return {st["by"] for st in a["statuses"] if st["name"] in CHARMS and st.get("by")
            and in_force(a, st["name"])}


def charm_refusal(s: State, a: Actor, target: Actor) -> str | None:
    """Why ``a`` may not act against ``target`` (None: it may)."""
    if target["id"] not in charmers(a):
        return None
    name = next(st["name"] for st in a["statuses"] if st["name"] in CHARMS and st.get("by") == target["id"])
    return (f"{a['name']} is {name} by {target['name']}: no action against the "
            f"{'enthraller' if name == 'Enthralled' else 'charmer'}'s interests (PG, Status Conditions "
            f"{10 if name == 'Charmed' else 11})")


# what a failed save's condition means at the GM's table, where part 1's words speak of the
# phone's own checks (PROMPTS)
TABLE_PROMPTS = {
    "Charmed": "Charmed: no action against the charmer's interests (no attack or power on them is offered).",
    "Enthralled": ("Enthralled: move and/or one Major Action as the enthraller directs (the GM's); "
                   "no attack or power on the enthraller is offered."),
}


def until(name: str, by: str | None) -> str:
    """What ends a status with no duration, as the log says it. Grappled and Hidden have no
    save: PG, Status Conditions 13 (a Grappled creature ends it by breaking free; one the GM
    put on by hand names no grappler, so the GM ends it) and Interacting with the
    Environment, Hidden (a Successful Detection Check by another creature, using a Power,
    taking damage, a failed Stealth check)."""
    if name == "Grappled":
        return "until it breaks free" if by else "until the GM ends it"
    if name == "Hidden":
        return "until spotted or hurt, or it uses a Power or fails a Stealth check"
    return "until saved or ended"


def add_status(s: State, a: Actor, name: str, rounds: int | None, by: str | None = None,
               save: dict[str, Any] | None = None) -> None:
    """``save``: a power's own terms for the status's save (``dr``; ``ends``: a made save
    ends it), kept on the status (04_Powers Obey Me: DR 2, "Succeed: end effect"). A
    creature with Condition Immunity to it is not affected (04_Powers: "You are now
    immune to this condition")."""
    if f"Condition Immunity: {name}" in a.get("powers", []):
        log(s, f"{a['name']} is immune to {name} (Condition Immunity).")
        return
    st = status(a, name)
    if st is None:
        a["statuses"].append(dict({"name": name, "rounds": rounds, "held": False, "by": by,
                                   "level": 1}, **(save or {})))
        log(s, f"{a['name']} is {name}" + (f" for {rounds} round(s)." if rounds else f" ({until(name, by)})."))
    elif name == "Poisoned":
        st["level"] += 1
        log(s, f"{a['name']} is poisoned again: Poisoned {st['level']}.")
    else:
        st["rounds"] = rounds
        log(s, f"{a['name']}: {name} again" + (f", now {rounds} round(s)." if rounds else "."))


def remove_status(s: State, a: Actor, name: str, quiet: bool = False) -> None:
    st = status(a, name)
    if st is None:
        return
    a["statuses"].remove(st)
    s["due"] = [d for d in s["due"] if not (d["who"] == a["id"] and d["status"] == name)]
    log(s, f"{a['name']} is no longer Hidden (damaged)." if quiet else f"{a['name']}: {name} ends.")


def uses_power(s: State, a: Actor) -> None:
    """Using a Power (an attack is one: 04_Powers Weapon Attack, Mystic Attack) ends
    Invisible (PG, Status Conditions 12) and Hidden (PG, Hidden: "no longer Hidden ... if
    the creature: Uses a Power")."""
    for name in ("Invisible", "Hidden"):
        if status(a, name):
            remove_status(s, a, name)


def add_due(s: State, a: Actor, name: str, when: str) -> None:
    if not any(d["who"] == a["id"] and d["status"] == name for d in s["due"]):
        st = status(a, name) or {}
        s["due"].append({"who": a["id"], "status": name, "when": when,
                         "stat": CONDITIONS[name]["save"], "dr": st.get("dr", SAVE_DR)})


def start_of_turn(s: State, a: Actor) -> None:
    """Saves due at the start of the turn (Stunned, Blinded, Deafened, Poisoned,
    Suffocating, Charmed, Enthralled); a readied action not used is forfeited."""
    for st in a["statuses"]:
        rule = CONDITIONS[st["name"]]
        if rule["when"] == TURN_START and rule["save"]:
            add_due(s, a, st["name"], "start of turn")
    for name, text in PROMPTS.items():
        if in_force(a, name) and CONDITIONS[name]["when"] != TURN_START:
            log(s, f"{a['name']}: {text}")


def end_of_turn(s: State, a: Actor) -> bool:
    """End-of-turn saves (Frozen) fall due before the turn can pass: True when one did.
    Then each status with a duration counts one round down and ends at 0."""
    fresh = False
    for st in a["statuses"]:
        rule = CONDITIONS[st["name"]]
        if rule["when"] == TURN_END and rule["save"] and not st.get("end_saved"):
            add_due(s, a, st["name"], "end of turn")
            st["end_saved"] = True
            fresh = True
    if fresh:
        return True
    for st in list(a["statuses"]):
        st.pop("end_saved", None)
        if st["rounds"] is not None:
            st["rounds"] -= 1
            if st["rounds"] <= 0:
                remove_status(s, a, st["name"])
    return False


def save_result(s: State, a: Actor, name: str, passed: bool, rng: Rng) -> None:
    """PG, Status Conditions: what a save's result does (the same table part 1 uses)."""
    rule = CONDITIONS[name]
    s["due"] = [d for d in s["due"] if not (d["who"] == a["id"] and d["status"] == name)]
    st = status(a, name)
    if st is None:
        return
    log(s, f"{a['name']} {'makes' if passed else 'fails'} the {name} save.")
    if name in BY_FAILED_SAVE:
        st["held"] = passed
    if passed and (rule.get("ends") or st.get("ends")):
        remove_status(s, a, name)
    if passed and rule.get("pass_damage"):   # Suffocating: "On a success, take 1 damage" (AP first)
        hurt(s, a, rule["pass_damage"], rng)
    if not passed and rule.get("fail_damage"):
        hurt(s, a, rule["fail_damage"], rng, True)
    if not passed and rule.get("fail_discard"):
        discard(s, a, st["level"] + 1, rng)
    if not passed and name in PROMPTS:
        log(s, TABLE_PROMPTS.get(name, PROMPTS[name]))


def next_phase(s: State, a: dict[str, Any], rng: Rng) -> None:
    """GMG, Boss Phases: HP refilled, a new Target Card drawn; the GM changes the rest."""
    a["phase"] += 1
    a["hp"] = a["hp_max"]
    a["statuses"] = []
    s["due"] = [d for d in s["due"] if d["who"] != a["id"]]
    card = dk.draw_tc(s["decks"][a["deck"]], rng, a["id"]) if a["deck"] else None
    if card:
        # PG, Taking Turns: the TC's value is the turn order; from the next round the boss
        # takes its place by the new card (rounds.new_round re-places those who "joined")
        c = s["combat"]
        if c and c["stage"] == "turns" and a["id"] in c["order"]:
            c.setdefault("joined", []).append(a["id"])
        tc_drawn(s, a)
    log(s, f"{a['name']} enters phase {a['phase']} of {a['phases']}: HP back to {a['hp']}"
           + (f", new Target Card {card_name(card)}." if card else "."))


def discard(s: State, x: dict[str, Any], n: int, rng: Rng) -> None:
    """Cards discarded from a deck (Drain Stamina, Poisoned: "On failure, they discard N+1
    cards"); Aces still go to hand where the deck keeps them. A Minion or Companion
    discards from the NPC Deck it draws from; a player whose phone joined, from the Action
    Deck the host keeps for them (review dofa-phone-2026-11-27 #10: their phone shows it).
    A player without a phone discards from their own deck in their hands. A Companion
    "draws from the Dealer's deck of cards" (PG, Dealers, NPCs and Companions), so a phone's
    Companion discards from the deck the host keeps for its Dealer (review
    dofa-phone-2-2026-11-27 #4)."""
    holder = phone_holder(s, x)
    key = x["deck"] or (holder["own"] if holder else None)
    if key:
        deck = s["decks"][key]
        n = min(n, dk.drawable(deck))
        for _ in range(n):
            dk.take(deck, rng)
        dk.settle(deck)
        whose = "" if x["deck"] else " from their Action Deck" if holder is x else f" from {holder['name']}'s Action Deck"
        log(s, f"{x['name']} discards {n} card(s){whose}.")
    else:
        log(s, f"{x['name']}: discard {n} card(s) on the phone.")
