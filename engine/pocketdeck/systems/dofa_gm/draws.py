"""The GM's draws for the creatures and characters whose decks the app holds (Minions on
the NPC Deck, Dealers and Bosses on their own, premade characters in the solo skirmish):
attacks, saves, Knocked Out and Epic Event draws, with Upper/Lower Hand and one Fate
redraw per check. The kept card and its grade come from the player's code
(``dofa.checks.pick`` through ``checkflow.kept``, ``checkflow.grade``): one copy of the
rules of a check, whichever side of the table draws.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from ..dofa import checks as ck
from ..dofa import conditions as cd
from ..dofa import sheet as sh
from ..dofa.checkflow import grade, kept
from ..dofa.gear import unmet
from . import decks as dk
from . import fight as ft
from .fight import Actor, actor, in_force, log, status

WEAPON_STATS = ("Finesse", "Brute")
MYSTIC_STATS = ("Knowledge", "Craft")


def attack_stat(a: Actor, mystic: bool) -> str:
    """The better of the two skills a weapon (Finesse, Brute) or mystic (Knowledge, Craft)
    attack may use: the GM's choice in the book, the better one here."""
    pool = MYSTIC_STATS if mystic else WEAPON_STATS
    return max(pool, key=lambda k: (sh.modifier(a, k), -pool.index(k)))


def hand_parts(s: State, a: Actor, kind: str, stat: str | None,
               target: Actor | None = None, mystic: bool = False,
               deck: str | None = None, power: bool = False) -> list[tuple[str, int]]:
    """Upper (+) / Lower (-) Hand on a draw, with reasons: the drawer's own conditions and
    Fatigue through part 1's ``conditions.hand_parts``, then the target's (PG, Status
    Conditions 3, 12; Hidden), Shake Enemy, and the GM's own call (``s['hand']``). PG,
    Status Conditions 13 (Grappled: "Lower Hand when using any Power") and 4 (Blinded: a
    failed save, "Lower Hand (3) for any action requiring" sight) apply to attacks; Grappled's
    also to any other draw a Power makes (``power``: a Heal's treatment draw)."""
    faux = {"conditions": [x["name"] for x in a["statuses"]],
            "shaken": [x["name"] for x in a["statuses"] if x.get("held")],
            "fatigue": a["fatigue"], "light": "bright", "received": None,
            # those that act through a failed save (part 1's conditions.BY_FAILED_SAVE) are
            # in force until a save succeeds (``held``: PG, Status Conditions 4 Blinded, "If
            # they fail, they draw Lower Hand (3)": a made save gives none)
            "failed": [x["name"] for x in a["statuses"] if not x.get("held")]}
    # an attack the app draws is a Power (04_Powers: Weapon Attack, Mystic Attack), so
    # Grappled gives Lower Hand; it needs sight, so a failed Blinded save gives Lower Hand 3
    attack = kind == "attack"
    parts = cd.hand_parts(faux, {"kind": kind, "stat": stat, "power": attack or power,
                                 "sense": "sight" if attack else None})
    if unmet(a) and sh.SKILL_OF.get(stat or "", stat) == "AGL":
        # GMG, Items, Armor: "A character who ignores this requirement ... must make all
        # Agility, Finesse, and Stealth Checks at Lower Hand" (saves and attacks included)
        parts.append((f"Armor worn without {', '.join(unmet(a))}: Agility, Finesse, Stealth", -1))
    if target is not None:
        if status(target, "Hidden"):
            parts.append((f"{target['name']} is Hidden", -1))
        if in_force(target, "Invisible"):
            parts.append((f"{target['name']} is Invisible", -1))
        if status(target, "Knocked Down"):
            parts.append(("Knocked Down target, from afar" if mystic
                          else "Knocked Down target, within 1 space", -1 if mystic else +1))
    if (deck or a["deck"]) == "npc" and npc_spent(s):
        parts.append(("The NPC Deck ran out this combat", -1))
    if a.get("lower_next"):
        parts.append(("Shake Enemy: the next check", -1))
    from .discards import hand
    parts += hand(a, kind, target)
    if s["hand"]:
        parts.append(("The GM's call", s["hand"]))
    return parts


def start(s: State, rng: Rng, a: Actor, *, kind: str, tc: str, stat: str | None, dr: int,
          hand: int, mod: int = 0, **extra: Any) -> None:
    """Draw 1 + |hand| cards from ``a``'s deck into ``s['draw']`` (the GM then accepts it
    or spends a Fate Card on a redraw). ``extra`` may name another ``deck`` (a Minion's
    social check: the World Deck, calls.deck_of_call; a player's phone: their own). ``mod``:
    the modifier without a ``stat`` (a player's, as the GM's call names it)."""
    deck = s["decks"][extra.get("deck") or a["deck"]]
    mod = sh.modifier(a, stat) if stat else mod
    k = 1 + abs(hand)
    k = max(1, min(k, dk.drawable(deck)))
    # PG, Upper and Lower Hand 1: "A player may choose to stop drawing before N cards are
    # drawn": a player's phone draws Upper Hand one card at a time (``to_go``), as part 1
    phone = ft.phone_holder(s, a)
    stepwise = hand > 0 and k > 1 and phone is not None and extra.get("deck") == phone["own"]
    s["draw"] = dict({"kind": kind, "tc": tc, "stat": stat, "dr": dr, "modifier": mod,
                      "effective": ck.edr(dr, mod), "hand": hand, "k": k, "cards": [],
                      "redrawn": False, "weapon": 0, "who": a["name"], "by": a["id"],
                      "intensify": False, "target": None, "stepwise": stepwise, "to_go": 0}, **extra)
    a["lower_next"] = False
    s["hand"] = 0
    deal(s, rng)


def drawing_deck(s: State, d: dict[str, Any]) -> dk.Deck:
    """The deck a draw in progress takes its cards from."""
    return s["decks"][d.get("deck") or actor(s, d["by"])["deck"]]


def deal(s: State, rng: Rng) -> None:
    """The draw's cards: all at once, or the first of a phone's Upper Hand (``to_go``)."""
    d = s["draw"]
    deck = drawing_deck(s, d)
    if d.get("stepwise"):
        d["cards"], d["to_go"] = [], d["k"]
        draw_more(s, rng)
        return
    d["cards"] = [dk.take(deck, rng) for _ in range(d["k"])]


def draw_more(s: State, rng: Rng) -> None:
    """One more card of an Upper Hand drawn one at a time; nothing beats a Critical (the
    TC's own card, whatever the DR), so the rest are not drawn after one."""
    from ...core.cards import Card
    d = s["draw"]
    d["cards"].append(dk.take(drawing_deck(s, d), rng))
    d["to_go"] -= 1
    if Card.parse(d["cards"][-1]) == Card.parse(d["tc"]):
        d["to_go"] = 0


def do_draw_more(s: State, a: Action, rng: Rng) -> None:
    draw_more(s, rng)


def do_stop(s: State, a: Action, rng: Rng) -> None:
    d = s["draw"]
    d["to_go"] = 0
    log(s, f"{d['who']} stops drawing: {len(d['cards'])} of {d['k']} cards (Upper Hand {d['hand']}).")


def actions(s: State) -> list[Action]:
    """A draw on the table: more cards or stop (a phone's Upper Hand), then accept or a
    Fate Card's redraw."""
    if s["draw"].get("to_go"):
        return [{"type": "draw_more"}, {"type": "stop"}]
    return [{"type": "accept"}] + [{"type": "fate_redraw", "card": c} for c in can_redraw(s)]


def tire(s: State) -> None:
    """After every action: a deck of its own that ran out and was reshuffled (for a draw,
    a Target Card, a discard) costs its holder a level of Fatigue (PG, The Action Deck 3;
    GMG, Game Master Resources: a Dealer's or Boss's deck is its stamina); level 5 is
    Knocked Out (PG, Fatigue 5, as the phone's own sheet: part 1's ``deck.take``)."""
    for a in s["actors"]:
        key = a["deck"] or a.get("own")     # a player's phone: their deck, kept here
        deck = s["decks"].get(key or "npc")
        if key in (None, "npc") or deck is None or a.get("dealer"):
            continue
        new = deck["reshuffles"] - deck.get("counted", 0)
        if new > 0:
            deck["counted"] = deck["reshuffles"]
            a["fatigue"] = min(5, a["fatigue"] + new)
            log(s, f"{a['name']}'s deck ran out: reshuffled; Fatigue {a['fatigue']}.")
            if a["fatigue"] == 5 and not a["ko"] and not a["dead"]:
                log(s, f"{a['name']}: Fatigue 5: Knocked Out.")        # PG, Fatigue 5
                ft.knock_out(s, a)


def npc_spent(s: State) -> bool:
    """GMG, Game Master Resources: NPCs "won't shuffle prematurely, which would invoke Lower
    Hand on Checks": the NPC Deck reshuffled in the middle of a combat puts the Minions'
    checks at Lower Hand until it is reshuffled before the next combat."""
    return bool(s["combat"]) and s["decks"]["npc"]["reshuffles"] > 0


def can_redraw(s: State) -> list[str]:
    d = s["draw"]
    deck = drawing_deck(s, d)
    if d["redrawn"] or dk.drawable(deck) < d["k"]:
        return []
    return sorted(set(deck["fate"]), key=deck["fate"].index)


def redraw(s: State, rng: Rng, card: str) -> None:
    """PG, Fate Cards 3: discard a Fate Card and draw again; the redraw stands."""
    d = s["draw"]
    deck = drawing_deck(s, d)
    dk.spend_fate(deck, card)
    dk.settle(deck)
    log(s, f"{d['who']} spends a Fate Card to redraw.")
    d["redrawn"] = True
    d["asked"] = False
    deal(s, rng)


# GMG, Difficulty Chart: "you might say that a specific check requires a Color or Suited
# Success" (PG, Making a Check: a success matching the TC's colour, or its suit); review G17
NEEDS: dict[str | None, str] = {None: "", "color": "a Color Success", "suit": "a Suited Success"}


def meets(card: str, tc: str, needs: str | None) -> bool:
    """Does ``card`` match ``tc`` as the GM's requirement asks (colour, suit, or nothing)?"""
    from ...core.cards import Card
    c, t = Card.parse(card), Card.parse(tc)
    return needs is None or (c.suit == t.suit if needs == "suit" else c.colour == t.colour)


def required(success: bool, card: str, tc: str, needs: str | None) -> tuple[bool, str]:
    """A success that lacks the match the GM required is a failure: the outcome and what
    the log adds."""
    if success and not meets(card, tc, needs):
        return False, f" The GM required {NEEDS[needs]}: a failure."
    return success, ""


def kept_card(d: dict[str, Any]) -> str:
    """The card a draw keeps (``checkflow.kept``). PG, Upper and Lower Hand: the card
    closest to the TC (furthest at Lower Hand) "after applying all relevant mechanics":
    where the GM requires a Color or Suited Success (GMG, Difficulty Chart) a success
    without that match is a miss (``required``), so it ranks below every matching success
    (an Upper Hand keeps the matching success over an unmatched Major; a Lower Hand keeps
    the unmatched one)."""
    needs, tc, e = d.get("needs"), d["tc"], d["effective"]
    if needs is None or e is None or d.get("intensify") or len(d["cards"]) < 2:
        return kept(d)

    def key(card: str) -> tuple[bool, tuple[int, int, int]]:
        ok = ck.is_success(ck.degree(card, tc, e)) and meets(card, tc, needs)
        return (not ok, ck.closeness(card, tc, e))
    keyed = sorted(d["cards"], key=key)
    return keyed[-1] if d["hand"] < 0 else keyed[0]


def succeeds(d: dict[str, Any]) -> bool:
    """Does the draw ``d`` succeed as it stands: its kept card's grade, a success without
    the match the GM required counted as a failure."""
    card = kept_card(d)
    ok = bool(grade(d, card)["success"])
    return required(ok, card, d["tc"], d["needs"])[0] if d.get("needs") else ok


def on_phone(s: State, d: dict[str, Any]) -> bool:
    """A draw from the Action Deck the host keeps for a player's phone."""
    p = ft.phone_holder(s, actor(s, d["by"]))
    return p is not None and d.get("deck") == p["own"]


def ask_fate(s: State) -> bool:
    """GMG, Fate Cards: "You can ask if a Player would like to use a Fate Card when they
    Miss" (PG, Fate Cards 4.1 Push Fate: "redraw any check"). A phone's draw at a hidden
    DR is graded by the host when the player accepts; a miss, with a Fate Card held and no
    redraw yet, is first told to the phone ("Missed": never the DR), which then redraws or
    keeps it (``asked``: the same two actions, accept or fate_redraw). True when asked now."""
    d = s["draw"]
    if not d.get("hidden") or d.get("asked") or not on_phone(s, d) or not can_redraw(s):
        return False
    if succeeds(d):
        return False
    d["asked"] = True
    return True


def finish(s: State) -> tuple[dict[str, Any], dict[str, Any]]:
    """The kept card and its grade; the deck's drawn cards are settled (Aces kept where the
    deck keeps them)."""
    d = s["draw"]
    s["draw"] = None
    card = kept_card(d)
    result = grade(d, card)
    dk.settle(drawing_deck(s, d))
    summary = result["summary"]
    if d.get("needs") and result["success"] is not None:
        result["success"], tail = required(bool(result["success"]), card, d["tc"], d["needs"])
        summary += tail
    if d.get("hidden"):            # the players' seats read it without the EDR (fight.public_log)
        summary = summary.replace(f" at EDR {d['effective']}:", f" at EDR {d['effective']} (DR hidden):", 1)
    log(s, summary)
    return result, d
