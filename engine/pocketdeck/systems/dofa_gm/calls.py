"""A check the GM calls for a player (GMG, Making Checks; Difficulty Chart; Player Skill
Mods and DR Reporting): the GM names how hard the task is, the app suggests the chart's
DR for it and shows the chance for this character's modifier; the GM may set another DR
(the override is logged), keep it hidden, add Upper/Lower Hand, then reveals a Target
Card from the World Deck (the NPC Deck in combat). A premade character's deck is in the
app, so it draws here; a player at the table draws on their own phone and the GM types
in the card (reported, when the DR is hidden).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from ..dofa import checks as ck
from ..dofa import odds
from ..dofa import sheet as sh
from . import decks as dk
from . import draws, entry
from .fatecards import tc_drawn
from .fight import actor, log, standing, status, tc_of

# the GMG's words for the chart's rows: "extremely difficult? Maybe make it a DR 1";
# "less challenging ... a DR 3 with Upper Hand"
AIMS = {"extremely hard": 1, "hard": 2, "moderate": 3, "easy": 4, "very easy": 5}
HANDS = (-3, -2, -1, 0, 1, 2, 3)     # PG, Status Conditions 4: Lower Hand (3) exists
HOLDER = "call"
# GMG, Game Master Resources: "The World Deck is used to make social checks". The social
# skills are Conviction's in the PG's Complete Attribute and Skill List: Bluffing (In Combat
# Actions, Convince: "convince a target to change their course of action") and Performance
# (the PG's example: "distract the cultists, using Performance Checks"); review G20
SOCIAL = ("Bluffing", "Performance")


def blank(who: str) -> dict[str, Any]:
    return {"who": who, "stat": None, "mod": 0, "aim": None, "dr": None, "suggested": None,
            "hidden": False, "hand": 0, "tc": None, "needs": None}


def deck_of_call(s: State, c: dict[str, Any]) -> str | None:
    """The deck a call draws from: a Minion's (the NPC Deck's) social check draws from the
    World Deck (``SOCIAL``); every other deck the app holds draws its own."""
    x = actor(s, c["who"])
    return "world" if x["deck"] == "npc" and c["stat"] in SOCIAL else (x["deck"] or x.get("own"))


def tc_deck(s: State, c: dict[str, Any]) -> str:
    """The Target Card of a call: the World Deck's for a social check or outside combat,
    the NPC Deck's in combat (GMG, Game Master Resources)."""
    return "npc" if s["combat"] and c["stat"] not in SOCIAL else "world"


def typed(x: dict[str, Any]) -> bool:
    """A player known by numbers only (no sheet's modifiers): the GM taps their modifier."""
    return x["kind"] == "player" and not x.get("sheet")


def modifier(s: State, c: dict[str, Any]) -> int:
    x = actor(s, c["who"])
    if typed(x):
        return c["mod"]
    return sh.modifier(x, c["stat"]) if c["stat"] else 0


def net_hand(s: State, c: dict[str, Any]) -> int:
    """The Upper (+) / Lower (-) Hand the call's draw is made at: the GM's (``c['hand']``)
    and every one the drawer's state adds (``draws.hand_parts``: Fatigue, conditions, armor
    worn without its requirement, the NPC Deck spent); the draw and its shown chance alike."""
    x = actor(s, c["who"])
    return c["hand"] + sum(n for _, n in draws.hand_parts(s, x, "check", c["stat"],
                                                          deck=deck_of_call(s, c)))


def chances(s: State, c: dict[str, Any]) -> dict[str, Any] | None:
    """Success now: exact from the deck the app holds (its discard pile reshuffled in when
    the draw runs through it), or from a fresh 52-card deck for a player's own phone; beside
    it the GM chart's figure (each card from a full 52), at the GM's Upper/Lower Hand, with
    the chart's row that prints it (``row``; None where the chart prints none, and the
    figure is counted the chart's way). ``sure``: the GMG's "automatic success on a Normal
    Draw" (one card, no Colour or Suited Success required) at EDR 6 or more."""
    if c["dr"] is None:
        return None
    eff = ck.edr(c["dr"], modifier(s, c))
    k, lower = 1 + abs(c["hand"]), c["hand"] < 0
    match = c.get("needs") or "any"
    chart = (odds.chart_chance(eff, extra=k - 1, lower=lower, match=match) if eff >= ck.LOWEST_EDR
             else Fraction(0))
    exact: Fraction | None = None
    own = deck_of_call(s, c)
    drawn = c["hand"]         # the Upper/Lower Hand the figure is for
    if own and c["tc"] and eff >= ck.LOWEST_EDR and dk.drawable(s["decks"][own]):
        drawn = net_hand(s, c)
        exact = exact_chance(s["decks"][own], c["tc"], eff, drawn, c.get("needs"))
    if exact is None and eff >= ck.LOWEST_EDR:
        exact = odds.chart_chance(eff, extra=k - 1, lower=lower, match=match, draws="deck")
    return {"edr": eff, "exact": exact, "chart": chart, "row": odds.chart_row(eff, c["hand"], match),
            "sure": eff >= ck.SURE_EDR and drawn == 0 and match == "any",
            "from": "deck" if own and c["tc"] else "fresh"}


def exact_chance(deck: dk.Deck, tc: str, eff: int, net: int, needs: str | None) -> Fraction:
    """Success of the draw ``draws.start`` makes: 1 + |net| cards (no more than the deck
    holds), the draw pile first and then its reshuffled discard pile (``decks.take``), the
    best kept at Upper Hand, the worst at Lower Hand. With a Colour or Suited requirement a
    success without that match ranks as a miss (``draws.kept_card``), so only the matching
    successes count."""
    k, lower = max(1, min(1 + abs(net), dk.drawable(deck))), net < 0

    def counts(pile: list[str]) -> list[int]:
        if needs is None:
            return odds.degree_counts(pile, tc, eff)
        ok = sum(1 for card in pile if ck.is_success(ck.degree(card, tc, eff)) and draws.meets(card, tc, needs))
        # success or miss: the first degree of each, the others empty
        return [ok] + [0] * (ck.FIRST_MISS - 1) + [len(pile) - ok] + [0] * (len(ck.DEGREES) - ck.FIRST_MISS - 1)
    return odds.success(odds.check_dist(counts(deck["draw"]), counts(deck["discard"]), k, lower))


def actions(s: State) -> list[Action]:
    c = s["call"]
    x = actor(s, c["who"])
    if c.get("sent"):               # on the player's phone now: theirs to draw (rules.owner)
        return [{"type": "call_draw"}]
    acts: list[Action] = []
    if typed(x):
        acts += [{"type": "call_mod", "mod": m} for m in entry.MODS if m != c["mod"]]
    else:
        acts += [{"type": "call_stat", "stat": t} for t in sh.ATTRIBUTES + sh.SKILLS if t != c["stat"]]
    acts += [{"type": "call_aim", "aim": n} for n in AIMS if n != c["aim"]]
    if not c.get("vs"):
        acts += [{"type": "call_dr", "dr": d} for d in range(0, 7) if d != c["dr"]]
    acts += [{"type": "call_hand", "hand": h} for h in HANDS if h != c["hand"]]
    acts += [{"type": "call_tool", "tool": t} for t in (None, *tools()) if t != c.get("tool")]
    acts.append({"type": "call_hidden", "on": not c["hidden"]})
    acts += [{"type": "call_needs", "needs": n} for n in draws.NEEDS if n != c.get("needs")]
    deck = s["decks"][tc_deck(s, c)]
    if c["tc"] is None and dk.drawable(deck):
        acts.append({"type": "call_tc"})
    if c["tc"] is None:
        acts += [{"type": "call_contest", "by": y["id"]} for y in s["actors"]
                 if y["id"] != c["who"] and standing(y) and (tc_of(s, y) or own_tc(y))]
    if c.get("vs"):
        acts += [{"type": "call_vs_mod", "mod": m} for m in entry.MODS if m != c.get("vs_mod", 0)]
    ready = c["tc"] is not None and c["dr"] is not None and (typed(x) or c["stat"])
    if ready:
        if x.get("own"):
            if dk.drawable(s["decks"][x["own"]]) >= 1:
                acts.append({"type": "call_send"})
        elif x["deck"]:
            if dk.drawable(s["decks"][deck_of_call(s, c) or ""]) >= 1:
                acts.append({"type": "call_draw"})
        else:
            acts.append({"type": "call_card"})
    acts.append({"type": "call_cancel"})
    return acts


def do_call(s: State, a: Action, rng: Rng) -> None:
    s["call"] = blank(a["who"])


def do_call_stat(s: State, a: Action, rng: Rng) -> None:
    s["call"]["stat"] = a["stat"]


def do_call_mod(s: State, a: Action, rng: Rng) -> None:
    s["call"]["mod"] = a["mod"]


def do_call_aim(s: State, a: Action, rng: Rng) -> None:
    c = s["call"]
    c.update(aim=a["aim"], suggested=AIMS[a["aim"]], dr=AIMS[a["aim"]])
    log(s, f"The GM calls it {a['aim']}: the chart suggests DR {c['dr']}.")


def do_call_dr(s: State, a: Action, rng: Rng) -> None:
    c = s["call"]
    if c["suggested"] is not None and a["dr"] != c["suggested"]:
        log(s, f"The GM overrides the suggested DR {c['suggested']}: DR {a['dr']}.")
    c["dr"] = a["dr"]


def do_call_hand(s: State, a: Action, rng: Rng) -> None:
    c = s["call"]
    if c.get("tool") and a["hand"] != tool_hand(s, c["tool"]):
        log(s, f"The GM overrides the tool's suggestion: {a['hand']:+d}.")
    c["hand"] = a["hand"]


def tools() -> list[str]:
    from .bestiary import items
    return [i for i, row in items().items() if row["kind"] == "tool"]


def tool_hand(s: State, tool: str) -> int:
    """GMG, Tools: Upper Hand with the profession's tools, Lower Hand without; "with" is
    read from the party's loot in the ledger."""
    return 1 if tool in s["ledger"]["loot"] else -1


def do_call_tool(s: State, a: Action, rng: Rng) -> None:
    c = s["call"]
    c["tool"] = a["tool"]
    if a["tool"] is None:
        c["hand"] = 0
        log(s, "No profession tool for this check.")
        return
    c["hand"] = tool_hand(s, a["tool"])
    held = "in the party's loot: Upper Hand" if c["hand"] > 0 else "not in the party's loot: Lower Hand"
    log(s, f"A check needing {a['tool']}: {held} (suggested).")


def do_call_needs(s: State, a: Action, rng: Rng) -> None:
    """GMG, Difficulty Chart: the GM may require a Color or Suited Success (review G17)."""
    s["call"]["needs"] = a["needs"]
    log(s, f"The GM requires {draws.NEEDS[a['needs']]}." if a["needs"] else "Any success will do.")


def do_call_hidden(s: State, a: Action, rng: Rng) -> None:
    s["call"]["hidden"] = a["on"]


def do_call_contest(s: State, a: Action, rng: Rng) -> None:
    """PG, Contested Checks: the target "must draw a Check against the initiator's TC",
    at DR 3 minus half the initiator's modifier (``checks.contest_dr``; the GM taps the
    initiator's modifier: ``call_vs_mod``); GMG, Contested Checks: "Initiator Stealth vs.
    Target Detection"."""
    c = s["call"]
    y = actor(s, a["by"])
    if not tc_of(s, y):       # none held yet (before a first combat): drawn from its deck
        dk.draw_tc(s["decks"][y["deck"]], rng, y["id"])
        log(s, f"{y['name']} draws the Target Card {draws_name(tc_of(s, y) or '')}.")
        tc_drawn(s, y)
    c.update(tc=tc_of(s, y), vs=y["id"], vs_mod=0, dr=ck.contest_dr(0), aim=None, suggested=None)
    log(s, f"A contested check against {y['name']}: their Target Card {draws_name(c['tc'])}.")
    log(s, f"The contested DR is {c['dr']} (3 minus half the initiator's +0).")


def own_tc(y: dict[str, Any]) -> bool:
    """A Target Card the app can draw for ``y`` from a deck it holds (not a Companion's or a
    grouped Minion's: theirs is another's)."""
    return bool(y["deck"]) and not y.get("dealer") and not y.get("shares")


def do_call_vs_mod(s: State, a: Action, rng: Rng) -> None:
    c = s["call"]
    c["vs_mod"], c["dr"] = a["mod"], ck.contest_dr(a["mod"])
    log(s, f"The initiator's modifier {a['mod']:+d}: the contested DR is {c['dr']}.")


def do_call_tc(s: State, a: Action, rng: Rng) -> None:
    deck = s["decks"][tc_deck(s, s["call"])]
    s["call"]["tc"] = dk.draw_tc(deck, rng, HOLDER)
    log(s, f"The GM reveals the Target Card {draws_name(s['call']['tc'])}.")


def draws_name(code: str) -> str:
    from ...core.cards import Card
    return Card.parse(code).name


def do_call_send(s: State, a: Action, rng: Rng) -> None:
    """Issue 29: the check goes to the player's own phone (its Target Card, the DR unless
    hidden, Upper/Lower Hand); they draw it there from the deck the table keeps for them
    (``call_draw``, their seat's) and the GM's code grades it when they accept."""
    c = s["call"]
    c["sent"] = True
    dr = "a hidden DR" if c["hidden"] else f"DR {c['dr']}"
    log(s, f"The GM sends the check to {actor(s, c['who'])['name']}'s phone: {dr}, "
           f"Target Card {draws_name(c['tc'])}.")


def do_call_draw(s: State, a: Action, rng: Rng) -> None:
    c = s["call"]
    x = actor(s, c["who"])
    deck = deck_of_call(s, c)
    if deck != (x["deck"] or x.get("own")):
        log(s, f"A social check ({c['stat']}): {x['name']} draws from the World Deck.")
    draws.start(s, rng, x, kind="check", tc=c["tc"], stat=c["stat"], dr=c["dr"], hand=net_hand(s, c),
                mod=modifier(s, c), hidden=c["hidden"], deck=deck, needs=c.get("needs"))


def do_call_card(s: State, a: Action, rng: Rng) -> None:
    c = s["call"]
    mod = modifier(s, c)
    entry.open_entry(s, {"kind": "call", "who": c["who"], "tc": c["tc"], "dr": c["dr"],
                         "hidden": c["hidden"], "mod": mod, "needs": c.get("needs")})
    s["entry"]["mod"] = mod


def do_call_cancel(s: State, a: Action, rng: Rng) -> None:
    close(s)


def settle(s: State, ok: bool | None) -> None:
    """A called check's result, then the call closes. PG, Interacting with the Environment,
    Hidden: "a creature is no longer Hidden whenever another creature makes a Successful
    Detection Check or if the creature: ... Fails a Stealth Check". A made Detection check
    ends Hidden on the creature the check was contested against (``call_contest``) or, when
    the GM named none, on every Hidden enemy of the drawer (the check looks for whoever is
    hiding); a failed Stealth check ends the drawer's own Hidden. ``ok`` None: no result
    known (nothing ends)."""
    c = s["call"]
    x = actor(s, c["who"])
    if ok and c["stat"] == "Detection":
        if c.get("vs"):
            found = [actor(s, c["vs"])]
        else:
            found = [y for y in s["actors"] if (y["side"] == "foes") != (x["side"] == "foes")]
        for y in found:
            if y["id"] != x["id"] and status(y, "Hidden"):
                y["statuses"].remove(status(y, "Hidden"))
                log(s, f"{x['name']} spots {y['name']}: {y['name']} is no longer Hidden (PG, Hidden).")
    elif ok is False and c["stat"] == "Stealth" and status(x, "Hidden"):
        x["statuses"].remove(status(x, "Hidden"))
        log(s, f"{x['name']} fails a Stealth check: no longer Hidden (PG, Hidden).")
    close(s)


def close(s: State) -> None:
    for name in ("world", "npc"):
        dk.drop_tc(s["decks"][name], HOLDER)
    s["call"] = None


