"""Discard Powers for the decks the app holds (PG, Discard Powers; Dealers, NPCs and
Companions: Dealers "Can use Discard Actions"; review G12): the GM's Dealers and Bosses and
the skirmish's premades, from level 2, as a Minor Action on their turn. The cap and the
role's power are part 1's (``sheet.discard_cap``, the roles table); the cards go as any
discard (``fight.discard``: Aces still to hand). "These effects do not stack; only one may
be applied to a character at a time": a new one replaces the old.

- Help N: an ally has Upper Hand N/2 on all checks until the end of their next turn.
- Thwart N: an enemy has Lower Hand N/2 on all checks until the start of the Dealer's next turn.
- Aggro N: no map, so every standing enemy: its next attack on someone other than the
  Dealer is at Lower Hand N/2.
Intensify (a Caster's) is not offered at the GM's table (Part 2, "Not yet built").
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from ..dofa import sheet as sh
from . import fight as ft

BUILT = ("Help", "Thwart", "Aggro")


def powers_of(x: dict[str, Any]) -> list[str]:
    """A premade's role's Discard Power; a GM's Dealer or Boss whose name gives its role
    ("Captain, Defender") has that role's; one with no role may use any the app plays (PG:
    "Work with your GM if you would like to use a different Discard Power")."""
    roles = sh.tables()["roles"]
    if x["kind"] == "player":    # a player's phone: their sheet's role (none named: none)
        return [roles[x["role"]]["discard"]] if x.get("role") and roles[x["role"]]["discard"] in BUILT else []
    if x["kind"] == "pc":
        role = sh.premades()[x["source"]]["role"]
    else:
        role = next((r for r in sh.ROLES if x["name"].endswith(f", {r}")), None)
    chosen = [roles[role]["discard"]] if role else list(BUILT)
    return [p for p in chosen if p in BUILT]


def actions(s: State, x: dict[str, Any]) -> list[Action]:
    """On ``x``'s turn with its Minor Action unspent: each power, each N (2, 4 ... the cap)
    it has the cards for, on each target the power takes."""
    key = x["deck"] or (x.get("own") if x["kind"] == "player" else None)
    if x["kind"] not in ("pc", "dealer", "boss", "player") or not key or s["combat"].get("minor"):
        return []
    from .decks import drawable
    cap = min(sh.discard_cap(x.get("level", 1)), drawable(s["decks"][key]))
    acts: list[Action] = []
    for p in powers_of(x):
        if p == "Aggro":
            targets: list[str | None] = [None]
        else:
            side = [y for y in s["actors"] if ft.standing(y) and y["id"] != x["id"]
                    and (y["side"] == x["side"]) == (p == "Help")]
            targets = [y["id"] for y in side]
        acts += [dict({"type": "discard_power", "who": x["id"], "power": p, "cards": n},
                      **({"target": t} if t else {}))
                 for t in targets for n in range(2, cap + 1, 2)]
    return acts


def do_discard_power(s: State, a: Action, rng: Rng) -> None:
    x = ft.actor(s, a["who"])
    s["combat"]["minor"] = True
    n = a["cards"] // 2
    ft.log(s, f"{x['name']} uses {a['power']} (a Minor Action): discards {a['cards']} cards.")
    ft.discard(s, x, a["cards"], rng)
    if a["power"] == "Aggro":
        hit = [y for y in s["actors"] if y["side"] != x["side"] and ft.standing(y)]
    else:
        hit = [ft.actor(s, a["target"])]
    for y in hit:
        y["discarded"] = {"power": a["power"], "n": n, "by": x["id"]}
    what = {"Help": f"Upper Hand {n} on all checks until the end of their next turn",
            "Thwart": f"Lower Hand {n} on all checks until the start of {x['name']}'s next turn",
            "Aggro": f"Lower Hand {n} on their next attack on anyone but {x['name']}"}[a["power"]]
    ft.log(s, f"{ft.names(s, [y['id'] for y in hit])}: {what}.")


def hand(a: dict[str, Any], kind: str, target: dict[str, Any] | None) -> list[tuple[str, int]]:
    """The Upper/Lower Hand a Discard Power received gives ``a``'s draw (draws.hand_parts)."""
    got = a.get("discarded")
    if not got:
        return []
    if got["power"] == "Help":
        return [("Help (a Discard Power)", got["n"])]
    if got["power"] == "Thwart":
        return [("Thwart (a Discard Power)", -got["n"])]
    if kind == "attack" and target is not None and target["id"] != got["by"]:
        return [("Aggro (a Discard Power)", -got["n"])]
    return []


def attacked(a: dict[str, Any], target: dict[str, Any]) -> None:
    """Aggro lasts for the next attack on someone other than the Dealer."""
    got = a.get("discarded")
    if got and got["power"] == "Aggro" and target["id"] != got["by"]:
        a.pop("discarded")


def turn_starts(s: State, x: dict[str, Any]) -> None:
    """Thwart ends at the start of the thwarting Dealer's next turn."""
    for y in s["actors"]:
        got = y.get("discarded")
        if got and got["power"] == "Thwart" and got["by"] == x["id"]:
            y.pop("discarded")
            ft.log(s, f"{y['name']}: Thwart ends.")


def turn_ends(s: State, x: dict[str, Any]) -> None:
    """Help ends at the end of the helped one's next turn (given on another's turn, the
    first of theirs to end)."""
    got = x.get("discarded")
    if got and got["power"] == "Help":
        x.pop("discarded")
        ft.log(s, f"{x['name']}: Help ends.")
