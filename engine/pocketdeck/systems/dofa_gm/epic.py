"""Epic Events (PG, Epic Events; GMG, Epic Events): the GM sets how many Target Cards,
the successes needed and the failures that end it (3 unless the GM says otherwise). Per
TC: the GM reveals a card from the World Deck and sets its DR; players volunteer (not the
same player for two TCs in a row); the volunteers draw in turn with their modifier, then
the GM at +0, round and round until someone makes a Suited Hit: a player's is a success,
the GM's a failure. Fate Cards apply (the redraw of a deck the app holds; a player's own
phone otherwise); Powers do not (no power is offered while an Epic Event runs).
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from ..dofa import checks as ck
from ..dofa import sheet as sh
from . import decks as dk
from . import draws, entry
from .fight import actor, log, standing

TCS = tuple(range(1, 9))
LIMITS = tuple(range(1, 6))
BOOK_LIMIT = 3
DRS = tuple(range(0, 7))
HOLDER = "epic"


def blank() -> dict[str, Any]:
    return {"stage": "setup", "tcs": 3, "need": 2, "limit": BOOK_LIMIT, "done": 0, "successes": 0,
            "failures": 0, "tc": None, "dr": None, "volunteers": [], "last": [], "at": 0,
            "stat": None, "result": None, "misses": 0}


def eligible(s: State) -> list[str]:
    """Standing party members who may volunteer: not those of the previous TC, unless
    every one of them was (a lone player, a party all in: the rule would stop the event)."""
    ep = s["epic"]
    party = [a["id"] for a in s["actors"] if a["side"] == "party" and standing(a)]
    fresh = [p for p in party if p not in ep["last"]]
    return fresh or party


def whole_party(s: State) -> list[str]:
    return [a["id"] for a in s["actors"] if a["side"] == "party" and standing(a)]


def do_epic_all(s: State, a: Action, rng: Rng) -> None:
    """PG, Epic Events, the earthquake's step 5: "All party members must make Athletics
    checks": the GM calls on every standing party member for this TC, those of the
    previous TC included (the no-two-in-a-row rule binds volunteers, not the GM's call)."""
    ep = s["epic"]
    ep["volunteers"] += [p for p in whole_party(s) if p not in ep["volunteers"]]
    log(s, "The GM calls on all party members for this Target Card (PG, Epic Events: "
           "the earthquake's step 5).")


def drawer(s: State) -> str | None:
    """Whose draw it is: a volunteer's id, or None for the GM."""
    ep = s["epic"]
    return ep["volunteers"][ep["at"]] if ep["at"] < len(ep["volunteers"]) else None


def actions(s: State) -> list[Action]:
    ep = s["epic"]
    st = ep["stage"]
    if st == "setup":
        acts: list[Action] = [{"type": "epic_tcs", "n": n} for n in TCS if n != ep["tcs"]]
        acts += [{"type": "epic_need", "n": n} for n in TCS if n != ep["need"] and n <= ep["tcs"]]
        acts += [{"type": "epic_limit", "n": n} for n in LIMITS if n != ep["limit"]]
        return acts + [{"type": "epic_begin"}, {"type": "epic_cancel"}]
    if st == "tc":
        return [{"type": "epic_reveal"}, {"type": "epic_cancel"}]
    if st == "dr":
        return [{"type": "epic_dr", "dr": d} for d in DRS]
    if st == "volunteer":
        acts = [{"type": "epic_join", "who": p} for p in eligible(s) if p not in ep["volunteers"]]
        if any(p not in ep["volunteers"] for p in whole_party(s)) and set(whole_party(s)) - set(eligible(s)):
            acts.append({"type": "epic_all"})
        acts += [{"type": "epic_leave", "who": p} for p in ep["volunteers"]]
        if ep["volunteers"]:
            acts.append({"type": "epic_go"})
        return acts
    if st == "draw":
        who = drawer(s)
        if who is None:
            return [{"type": "epic_gm_draw"}]
        a = actor(s, who)
        # a deck the app holds draws here; a phone with its sheet draws there (the GM names
        # the skill for both, then opens the draw: phone.py); anyone else's card is typed in
        if a["deck"] or (a.get("own") and a.get("sheet")):
            acts = [{"type": "epic_stat", "stat": x} for x in sh.ATTRIBUTES + sh.SKILLS if x != ep["stat"]]
            return acts + [{"type": "epic_draw"} if a["deck"] else {"type": "epic_card"}]
        return [{"type": "epic_card"}]
    return [{"type": "epic_close"}]


def do_epic_setup(s: State, a: Action, rng: Rng) -> None:
    s["epic"] = blank()
    s["epics"] += 1


def do_epic_tcs(s: State, a: Action, rng: Rng) -> None:
    s["epic"]["tcs"] = a["n"]
    s["epic"]["need"] = min(s["epic"]["need"], a["n"])


def do_epic_need(s: State, a: Action, rng: Rng) -> None:
    s["epic"]["need"] = a["n"]


def do_epic_limit(s: State, a: Action, rng: Rng) -> None:
    s["epic"]["limit"] = a["n"]


def do_epic_begin(s: State, a: Action, rng: Rng) -> None:
    ep = s["epic"]
    ep["stage"] = "tc"
    log(s, f"Epic Event: {ep['tcs']} Target Card(s); {ep['need']} success(es) needed "
           f"before {ep['limit']} failure(s).")
    if ep["limit"] != BOOK_LIMIT:   # PG, Epic Events: "3 failures ... unless the GM says otherwise"
        log(s, f"The GM overrides the book's {BOOK_LIMIT} failures: {ep['limit']}.")


def do_epic_cancel(s: State, a: Action, rng: Rng) -> None:
    dk.drop_tc(s["decks"]["world"], HOLDER)
    s["epic"] = None
    log(s, "The Epic Event is called off.")


def do_epic_reveal(s: State, a: Action, rng: Rng) -> None:
    ep = s["epic"]
    ep["tc"] = dk.draw_tc(s["decks"]["world"], rng, HOLDER)
    ep["stage"] = "dr"
    log(s, f"Epic Event TC {ep['done'] + 1}: {entry_name(ep['tc'])}.")


def do_epic_dr(s: State, a: Action, rng: Rng) -> None:
    ep = s["epic"]
    ep.update(dr=a["dr"], stage="volunteer", volunteers=[], at=0, misses=0)


def do_epic_join(s: State, a: Action, rng: Rng) -> None:
    s["epic"]["volunteers"].append(a["who"])


def do_epic_leave(s: State, a: Action, rng: Rng) -> None:
    s["epic"]["volunteers"].remove(a["who"])


def do_epic_go(s: State, a: Action, rng: Rng) -> None:
    ep = s["epic"]
    ep.update(stage="draw", at=0, stat=None, stats={})
    log(s, f"DR {ep['dr']}: {', '.join(actor(s, v)['name'] for v in ep['volunteers'])} draw, then the GM.")


def do_epic_stat(s: State, a: Action, rng: Rng) -> None:
    """PG, Epic Events: "The GM decides the relevant Attribute or Skill, so each player may
    apply the relevant modifier": named for the volunteer drawing, it holds for their later
    draws at this TC (review dofa-phone-2-2026-11-27 #13) until the GM names another."""
    ep = s["epic"]
    ep["stat"] = a["stat"]
    who = drawer(s)
    if who is not None:
        ep.setdefault("stats", {})[who] = a["stat"]


def best_stat(a: dict[str, Any]) -> str:
    return max(sh.SKILLS, key=lambda k: (sh.modifier(a, k), -sh.SKILLS.index(k)))


def do_epic_draw(s: State, a: Action, rng: Rng) -> None:
    ep = s["epic"]
    who = actor(s, drawer(s) or "")
    stat = ep["stat"] or best_stat(who)
    # an Epic Event draw is a check: Fatigue, the drawer's conditions and the GM's call
    # give their Upper/Lower Hand (PG, Fatigue; Upper and Lower Hand)
    hand = sum(n for _, n in draws.hand_parts(s, who, "check", stat))
    draws.start(s, rng, who, kind="epic", tc=ep["tc"], stat=stat, dr=ep["dr"], hand=hand, purpose="epic")


def do_epic_card(s: State, a: Action, rng: Rng) -> None:
    ep = s["epic"]
    entry.open_entry(s, {"kind": "epic", "who": drawer(s), "tc": ep["tc"], "dr": ep["dr"]})


def do_epic_gm_draw(s: State, a: Action, rng: Rng) -> None:
    """The GM draws from the World Deck at +0 against the same TC."""
    ep = s["epic"]
    deck = s["decks"]["world"]
    card = dk.take(deck, rng)
    dk.settle(deck)
    deg = ck.degree(card, ep["tc"], ep["dr"])
    log(s, f"The GM draws {entry_name(card)}: {ck.DEGREES[deg]}.")
    after_draw(s, None, deg)


def after_draw(s: State, who: str | None, degree: int) -> None:
    """A Suited Hit settles the TC; otherwise the next in the circle draws."""
    ep = s["epic"]
    if entry.suited_hit(degree):
        if who is None:
            ep["failures"] += 1
            log(s, f"The GM's Suited Hit: failure {ep['failures']}.")
        else:
            ep["successes"] += 1
            log(s, f"{actor(s, who)['name']}'s Suited Hit: success {ep['successes']}.")
        settle_tc(s)
        return
    ep["misses"] += 1
    ep["at"] = (ep["at"] + 1) % (len(ep["volunteers"]) + 1)
    ep["stat"] = ep.get("stats", {}).get(drawer(s) or "")     # what the GM named for them at this TC


def settle_tc(s: State) -> None:
    ep = s["epic"]
    dk.drop_tc(s["decks"]["world"], HOLDER)
    ep["done"] += 1
    ep["last"] = list(ep["volunteers"])
    ep.update(tc=None, dr=None, volunteers=[], at=0, stat=None, stats={})
    if ep["successes"] >= ep["need"]:
        ep["result"] = "success"
    elif ep["failures"] >= ep["limit"]:
        ep["result"] = "failure"
    elif ep["done"] >= ep["tcs"]:
        ep["result"] = "success" if ep["successes"] >= ep["need"] else "failure"
    if ep["result"]:
        ep["stage"] = "over"
        log(s, f"The Epic Event ends: {ep['result']} ({ep['successes']} success(es), "
               f"{ep['failures']} failure(s)).")
    else:
        ep["stage"] = "tc"


def do_epic_close(s: State, a: Action, rng: Rng) -> None:
    s["epic"] = None


def entry_name(code: str) -> str:
    from ...core.cards import Card
    return Card.parse(code).name
