"""The Major Actions the PG lists for every character (In Combat Actions: Rush, Grapple,
Hide) and breaking free of a grapple (Status Conditions 13), for the creatures and premade
characters the app runs; breaking free for a player's seat too.

Grapple and Hide are Contested Checks (PG, Contested Checks): the initiator sets the DR, 3
minus half its modifier (``checks.contest_dr``), and each target draws against the
initiator's Target Card, succeeding or failing on its own. Breaking free is the contest the
other way round: the Grappled one initiates with Brute or Finesse, the grappler draws Brute.
A target's draw waits in ``s['due']`` like a save (``contest`` names which), so it is drawn
where any draw of that combatant is: from a deck the app holds, on a player's phone, or
reported by the player and tapped in by the GM (turns.save_actions). What each result does is
``done``. Rush has no draw: double movement for the turn.

Below turns.py (which offers these on a turn and hands a contest's draw and result here);
docs/rules/dofa.md, Part 2, has a row per rule with the choices made where the book is silent.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, IllegalAction, State
from ...core.rng import Rng
from ..dofa import conditions as cd
from ..dofa import sheet as sh
from ..dofa.checks import contest_dr
from . import draws
from . import fight as ft
from .fight import Actor

BASE_SPEED = 6                       # PG, In Combat Actions 1: "By default, character speed is equal to 6"
RESIST = ("Finesse", "Brute")        # Grapple: "Brute vs. target Finesse or Brute"
BREAK = ("Brute", "Finesse")         # Grappled: "a successful Contested Brute or Finesse Check against target's Brute"
TYPES = ("grapple", "hide", "rush", "break_free")
# the name a contest's draw waits under in ``s['due']`` (no status's name: ending a status
# never drops a contest's draw)
NAMES = {"grapple": "Grapple", "hide": "Hide", "break": "Break free"}


def best(x: Actor, stats: tuple[str, ...]) -> str:
    """The better of the skills the book lets ``x`` choose between (the first on a tie)."""
    return max(stats, key=lambda k: (sh.modifier(x, k), -stats.index(k)))


def speed(x: Actor) -> int:
    """``x``'s speed now: 6, halved or stopped by its conditions, Fatigue and armor (part 1's
    ``conditions.speed``, the same rules as a player's sheet)."""
    return cd.speed(x, BASE_SPEED, [st["name"] for st in x["statuses"]], x["fatigue"])


def grappler(s: State, x: Actor) -> Actor | None:
    """Who holds ``x``: the creature whose Grapple put Grappled on it (None: not Grappled,
    or the GM put it on by hand, naming no one)."""
    st = ft.status(x, "Grappled")
    by = st.get("by") if st else None
    return next((y for y in s["actors"] if y["id"] == by), None)


def detectors(s: State, x: Actor) -> list[Actor]:
    """Hide's targets: every standing enemy (no map: each may see ``x``)."""
    return ft.side_standing(s, "party" if x["side"] == "foes" else "foes")


def actions(s: State, x: Actor, foes: list[Actor]) -> list[Action]:
    """The acting one's Major Actions of this module (its Major Action not yet spent):
    Grapple (on ``foes``: the enemies it may act against), Hide and Rush for a creature or
    premade the app runs; breaking free for anyone a known grappler holds (a Companion's on
    its Dealer's command: ``companion_break``)."""
    acts: list[Action] = []
    if x["deck"] and not x.get("dealer") and ft.tc_of(s, x):
        acts += [{"type": "grapple", "who": x["id"], "target": y["id"]} for y in foes
                 if not ft.status(y, "Grappled")]
        if not ft.status(x, "Hidden") and detectors(s, x):
            acts.append({"type": "hide", "who": x["id"]})
        if speed(x) > 0:
            acts.append({"type": "rush", "who": x["id"]})
    acts += companion_break(s, x)
    return acts


def companion_break(s: State, x: Actor) -> list[Action]:
    """Breaking free for ``x`` if a grappler at the table holds it. PG, Status Conditions 13:
    "A creature can end the Grappled condition ...": a Companion too, on its Dealer's
    command (turns.companion_actions: the Dealer's Minor Action, as its attack is)."""
    if grappler(s, x) is not None and ft.tc_of(s, x):
        return [{"type": "break_free", "who": x["id"]}]
    return []


def refusal(s: State, a: Action) -> str | None:
    """Why a Major Action of this module breaks a rule (None: no rule of this module)."""
    kind = a.get("type")
    x = next((y for y in s["actors"] if y["id"] == a.get("who")), None)
    if kind not in TYPES or x is None:
        return None
    if kind == "rush" and speed(x) == 0:
        return (f"{x['name']}'s speed is 0: a Grappled creature cannot gain the benefit of additional "
                "speed (PG, Status Conditions 13; Entangled: Speed 0, 2)")
    if kind == "hide" and ft.status(x, "Hidden"):
        return f"{x['name']} is Hidden already (PG, Hidden)"
    y = next((z for z in s["actors"] if z["id"] == a.get("target")), None)
    if kind == "grapple" and y is not None and ft.status(y, "Grappled"):
        return f"{y['name']} is Grappled already (PG, Status Conditions 13)"
    if kind == "break_free" and grappler(s, x) is None:
        return (f"{x['name']} is not held by a grappler at the table: the GM ends a Grappled put on by hand "
                "(PG, Status Conditions 13)")
    return None


def _tried(s: State, x: Actor, what: str) -> None:
    """The creatures' policy tries a Grapple on a target, or a Hide, once a combat
    (policy.suggest): what was tried is kept for the combat."""
    s["combat"].setdefault("tries", []).append(f"{x['id']}:{what}")


def tried(s: State, who: str, what: str) -> bool:
    return f"{who}:{what}" in (s["combat"] or {}).get("tries", [])


def _contest(s: State, drawer: Actor, kind: str, stat: str, dr: int, by: Actor) -> None:
    """A target's draw of a contest, waiting like a save: against ``by``'s Target Card."""
    s["due"].append({"who": drawer["id"], "status": NAMES[kind], "when": "contested", "stat": stat,
                     "dr": dr, "contest": kind, "vs": by["id"], "tc": ft.tc_of(s, by)})


def _initiator(s: State, a: Action) -> Actor:
    x = ft.actor(s, a["who"])
    if not ft.tc_of(s, x):
        raise IllegalAction(f"{x['name']} has no Target Card yet: a contest's targets draw against the "
                            "initiator's TC (PG, Contested Checks)")
    # its Major Action; a Companion's is its Dealer's Minor Action (turns.spend_turn)
    s["combat"]["minor" if x.get("dealer") else "acted"] = True
    return x


def _spent(s: State, x: Actor) -> str:
    """The action a break free spends, as the log and the GM's button say it."""
    if x.get("dealer"):
        return f"on {ft.actor(s, x['dealer'])['name']}'s command, a Minor Action"
    return "a Major Action"


def do_grapple(s: State, a: Action, rng: Rng) -> None:
    """PG, In Combat Actions, Major: "Grapple: Brute vs. target Finesse or Brute; cause one
    creature to be Grappled"."""
    x = _initiator(s, a)
    y = ft.actor(s, a["target"])
    _tried(s, x, f"grapple:{y['id']}")
    dr, stat = contest_dr(sh.modifier(x, "Brute")), best(y, RESIST)
    ft.log(s, f"{x['name']} tries to Grapple {y['name']} (a Major Action): {y['name']} draws a contested "
              f"{stat} check against {x['name']}'s Target Card, DR {dr} (3 minus half Brute "
              f"{sh.modifier(x, 'Brute'):+d}).")
    _contest(s, y, "grapple", stat, dr, x)


def do_hide(s: State, a: Action, rng: Rng) -> None:
    """PG, In Combat Actions, Major: "Hide: Stealth vs. target(s) Detection; become Hidden"."""
    x = _initiator(s, a)
    _tried(s, x, "hide")
    dr = contest_dr(sh.modifier(x, "Stealth"))
    who = detectors(s, x)
    draw = "draws a contested Detection check" if len(who) == 1 else "draw contested Detection checks"
    ft.log(s, f"{x['name']} tries to Hide (a Major Action): {ft.names(s, [y['id'] for y in who])} {draw} "
              f"against {x['name']}'s Target Card, DR {dr} (3 minus half "
              f"Stealth {sh.modifier(x, 'Stealth'):+d}); Hidden if none succeeds.")
    for y in who:
        _contest(s, y, "hide", "Detection", dr, x)


def do_rush(s: State, a: Action, rng: Rng) -> None:
    """PG, In Combat Actions, Major: "Rush: double movement" (the map is the GM's)."""
    x = ft.actor(s, a["who"])
    s["combat"]["acted"] = True
    ft.log(s, f"{x['name']} rushes (a Major Action): double movement, speed {2 * speed(x)} this turn.")


def do_break_free(s: State, a: Action, rng: Rng) -> None:
    """PG, Status Conditions 13: "A creature can end the Grappled condition by making a
    successful Contested Brute or Finesse Check against target's Brute": the Grappled one
    initiates (the DR is 3 minus half its Brute or Finesse), the grappler draws Brute
    against its Target Card; a grappler no longer standing cannot hold on."""
    x = _initiator(s, a)
    g = grappler(s, x)
    assert g is not None
    if not ft.standing(g):
        ft.log(s, f"{x['name']} breaks free ({_spent(s, x)}): {g['name']} is unable to act and cannot hold on.")
        ft.remove_status(s, x, "Grappled")
        return
    stat = best(x, BREAK)
    dr = contest_dr(sh.modifier(x, stat))
    ft.log(s, f"{x['name']} tries to break free ({_spent(s, x)}): {g['name']} draws a contested Brute "
              f"check against {x['name']}'s Target Card, DR {dr} (3 minus half {stat} {sh.modifier(x, stat):+d}).")
    _contest(s, g, "break", "Brute", dr, x)


def draw(s: State, rng: Rng, x: Actor, d: dict[str, Any], key: str) -> None:
    """The target's draw of a contest: a check (not a save: PG, Contested Checks) with its
    skill against the initiator's Target Card, from deck ``key``. PG, Status Conditions 12:
    "When making a Check to detect an Invisible creature, draw with Lower Hand"."""
    hand = sum(n for _, n in draws.hand_parts(s, x, "check", d["stat"], deck=key))
    if d["contest"] == "hide" and ft.in_force(ft.actor(s, d["vs"]), "Invisible"):
        hand -= 1
    draws.start(s, rng, x, kind="check", tc=d["tc"], stat=d["stat"], dr=d["dr"], hand=hand,
                status=d["status"], contest=d["contest"], target=d["vs"], deck=key)


def done(s: State, x: Actor, d: dict[str, Any], ok: bool, rng: Rng) -> None:
    """What a contest's draw does. "Targets succeed or fail individually" (PG, Contested
    Checks): a Grapple's target that fails is Grappled; a grappler that fails lets go; a Hide
    succeeds only if no enemy's Detection check does (PG, Hidden: a creature "is no longer
    Hidden whenever another creature makes a Successful Detection Check")."""
    by = ft.actor(s, d["vs"])
    kind = d["contest"]
    if kind == "grapple":
        if ok:
            ft.log(s, f"{x['name']} makes the contested {d['stat']} check: {by['name']}'s Grapple fails.")
        else:
            ft.log(s, f"{x['name']} fails the contested {d['stat']} check against {by['name']}'s Grapple.")
            if ft.standing(x) and ft.standing(by):
                ft.add_status(s, x, "Grappled", None, by=by["id"])
    elif kind == "break":
        if ok:
            ft.log(s, f"{x['name']} makes the contested Brute check: {by['name']} stays Grappled.")
        else:
            ft.log(s, f"{x['name']} fails the contested Brute check: {by['name']} breaks free.")
            ft.remove_status(s, by, "Grappled")
    elif ok:
        ft.log(s, f"{x['name']} spots {by['name']}: the Hide fails.")
        s["due"] = [e for e in s["due"] if not (e.get("contest") == "hide" and e["vs"] == by["id"])]
    else:
        ft.log(s, f"{x['name']} does not spot {by['name']}.")
        left = any(e.get("contest") == "hide" and e["vs"] == by["id"] for e in s["due"])
        if not left and ft.standing(by):
            ft.add_status(s, by, "Hidden", None, by=by["id"])


def about(s: State, d: dict[str, Any]) -> str:
    """What a contest's draw ``d`` is for, in a few words."""
    by = ft.actor(s, d["vs"])["name"]
    return {"grapple": f"against {by}'s Grapple", "hide": f"to spot {by} hiding",
            "break": f"to hold {by} (breaking free)"}[d["contest"]]


def label(s: State, a: Action, you: bool = False) -> str | None:
    """A contest's draw or reported result as the GM's button names it, or (``you``) the
    drawer's own phone (None: a save's)."""
    d = next((e for e in s["due"] if e["who"] == a.get("who") and e["status"] == a.get("status")
              and e.get("contest")), None)
    if d is None:
        return None
    who, what = ft.actor(s, d["who"])["name"], about(s, d)
    if you:
        return f"Draw your contested {d['stat']} check {what}"
    if a["type"] == "save":
        return f"{who}: draw the contested {d['stat']} check {what}"
    return f"{who}: contested {d['stat']} check {what} {'made' if a['ok'] else 'failed'}"


def action_label(s: State, a: Action) -> str:
    """The GM's button for one of this module's Major Actions, with the book's name."""
    x = ft.actor(s, a["who"])
    if a["type"] == "grapple":
        return f"{x['name']}: Grapple {ft.actor(s, a['target'])['name']} (Major Action: Brute vs Finesse or Brute)"
    if a["type"] == "hide":
        return f"{x['name']}: Hide (Major Action: Stealth vs the enemies' Detection)"
    if a["type"] == "rush":
        return f"{x['name']}: Rush (Major Action: double movement, speed {2 * speed(x)})"
    g = grappler(s, x)
    held = f"{g['name']}'s grapple" if g else "the grapple"
    how = f"{ft.actor(s, x['dealer'])['name']}'s command, a Minor Action" if x.get("dealer") else "Major Action"
    return f"{x['name']}: break free of {held} ({how}: Brute or Finesse vs Brute)"
