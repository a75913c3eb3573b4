"""The flow of a check (PG, Making a Check; Upper and Lower Hand; Contested Checks; Saves;
Discard Powers: Intensify): the draft entered tap by tap, the draw (Upper Hand one card at
a time, Lower Hand all at once), the kept card, its grade, and what the result sets off."""

from __future__ import annotations

from typing import Any

from ...core.cards import Card, SUITS
from ...core.game import Action, State
from ...core.rng import Rng
from . import checks as ck
from . import conditions as cd
from . import gear
from . import sheet as sh
from .items import bonus, no_hand
from .deck import RANKS, actor, blank_draft, drawable, name, own_tc, settle, take

KINDS = ("check", "attack", "contest", "save")
DRS: tuple[int, ...] = (-2, -1, 0, 1, 2, 3, 4, 5, 6)
ATTACKER_MODS: tuple[int, ...] = tuple(range(-2, 7))
HANDS: tuple[int, ...] = (-3, -2, -1, 0, 1, 2, 3)


# -- the draft ------------------------------------------------------------------------------
def net_hand(s: State) -> int:
    """The GM's Upper/Lower Hand plus what Fatigue and conditions add (they compound)."""
    if no_hand(s):
        return 0
    return s["draft"]["hand"] + cd.auto_hand(s, s["draft"])


def modifier(s: State, who: str, stat: str | None) -> int:
    """The acting sheet's modifier, with an item's bonus (07_Items: Potion of Strength)."""
    return sh.modifier(actor(s, who), stat) + bonus(s, who, stat)


def effective(s: State) -> int | None:
    d = s["draft"]
    mod = modifier(s, d.get("who", "me"), d["stat"])
    if d["kind"] == "contest":
        return None if d["attacker"] is None else ck.edr(ck.contest_dr(d["attacker"]), mod)
    return None if d["dr"] is None else ck.edr(d["dr"], mod)


def ready(s: State) -> bool:
    """Everything the check needs is entered and the EDR allows an attempt."""
    d = s["draft"]
    if d["stat"] is None:
        return False
    if d["kind"] == "save":
        if (d["dr"] is None and not d.get("hidden")) or not own_tc(s):
            return False
    else:
        if not (d["rank"] and d["suit"]):
            return False
        if d["kind"] == "contest" and d["attacker"] is None:
            return False
        if d["kind"] in ("check", "attack") and d["dr"] is None and not d.get("hidden"):
            return False
    e = effective(s)
    return e is None or ck.can_attempt(e)


def epic_open(s: State) -> bool:
    """PG, Epic Events: a Knocked Out Dealer's turns in combat are the Epic Event's TCs, one
    per turn; two successes conclude it (stable: no more draws until damaged again)."""
    ko = s["ko"]
    return bool(ko and s["combat"] and not ko["stable"] and ko.get("drawn") != s["turn"])


def epic_hand(s: State) -> int:
    """The Epic Event check's Upper/Lower Hand: Lower Hand (1) when damaged again (PG, Epic
    Events; once however often: "(+1)" is not the stacking "(1+)"), (1) at Fatigue 2 ("Lower
    Hand (1) on all checks"; the check is not a save: no Fatigue 1) and a received Help or
    Thwart (Discard Powers: "on all Checks"; review D15)."""
    if no_hand(s):
        return 0
    got = s.get("received")
    help_ = (got["n"] if got["power"] == "Help" else -got["n"]) if got else 0
    return help_ - int(bool(s["ko"]["damaged"])) - int(s["fatigue"] >= 2)


def draft_actions(s: State) -> list[Action]:
    d = s["draft"]
    acts: list[Action] = []
    if s["ko"]:
        # PG, Epic Events: a Knocked Out Dealer's turns are DR 4 Vitality checks
        # against the GM's TC (out of combat: wait for treatment or a rest)
        if not epic_open(s):
            return []
        acts += [{"type": "tc_rank", "rank": r} for r in RANKS]
        acts += [{"type": "tc_suit", "suit": x.value} for x in SUITS]
        if d["rank"] and d["suit"] and drawable(s) >= 1 + abs(epic_hand(s)):
            acts.append({"type": "draw"})
        return acts
    acts += [{"type": "kind", "kind": k} for k in KINDS if k != d["kind"]]
    comp = s.get("companion")
    mine = d.get("who", "me") == "me"
    # GMG, Character Types: a companion is "commanded with an Action": the Dealer's Minor
    # Action in combat (review dofa-phone-2026-12-07 #14, as the GM's table)
    spent = gear.minor_spent(s)
    if comp and comp["hp"] > 0 and not (mine and spent):
        acts.append({"type": "who", "who": "companion" if mine else "me"})
    if d["kind"] != "save":
        acts += [{"type": "tc_rank", "rank": r} for r in RANKS]
        acts += [{"type": "tc_suit", "suit": x.value} for x in SUITS]
    stats = sh.ATTRIBUTES if d["kind"] == "save" else sh.ATTRIBUTES + sh.SKILLS
    acts += [{"type": "stat", "stat": x} for x in stats]
    if d["kind"] == "contest":
        acts += [{"type": "attacker", "mod": m} for m in ATTACKER_MODS]
    else:
        drs: list[int | None] = list(DRS) if d["kind"] in ("check", "attack") else list(range(0, 7))
        if not d.get("condition"):
            # PG, Making a Check: "The Difficulty Range is decided by the GM and they can
            # choose whether or not to reveal it": any check, an attack or a save too (the
            # GM's table keeps an attack's DR, the AR, hidden). A condition's save has the
            # DR its condition names, and its result must be known to end the condition.
            drs.append(None)
        acts += [{"type": "dr", "dr": v} for v in drs]
    acts += [{"type": "hand", "hand": h} for h in HANDS]
    acts += cd.toggles(s)
    if ready(s) and drawable(s) >= 1 + abs(net_hand(s)) and cd.forbidden(s, d) is None \
            and (mine or not spent):
        acts.append({"type": "draw"})
    return acts


def do_kind(s: State, a: Action, rng: Rng) -> None:
    old = s["draft"]
    s["draft"] = dict(blank_draft(a["kind"]), hand=old["hand"], power=old["power"],
                      sense=old["sense"], against=old["against"],
                      revealing=old.get("revealing", False))


def do_who(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["who"] = a["who"]


def do_tc_rank(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["rank"] = a["rank"]


def do_tc_suit(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["suit"] = a["suit"]


def do_stat(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["stat"] = a["stat"]
    if a["stat"] not in ("Detection", "Investigation"):
        s["draft"]["unseen"] = False


def do_dr(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["dr"] = a["dr"]
    s["draft"]["hidden"] = a["dr"] is None


def do_attacker(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["attacker"] = a["mod"]


def do_hand(s: State, a: Action, rng: Rng) -> None:
    s["draft"]["hand"] = a["hand"]


# -- the draw -------------------------------------------------------------------------------
def draw_actions(s: State) -> list[Action]:
    dr = s["draw"]
    if dr["to_go"] > 0:
        acts: list[Action] = [{"type": "draw_more"}]
        if dr["hand"] > 0 or dr.get("intensify"):
            acts.append({"type": "stop"})    # Upper Hand and Intensify may stop early
        return acts
    acts = [{"type": "accept"}]
    if not dr["redrawn"] and drawable(s) >= dr["k"]:
        from .deck import distinct
        acts += [{"type": "fate_redraw", "card": c} for c in distinct(s["fate"])]
    return acts


def do_draw(s: State, a: Action, rng: Rng) -> None:
    d = s["draft"]
    ko = s["ko"]
    if ko:
        tc, stat, dr, hand = d["rank"] + d["suit"], "VIT", 4, epic_hand(s)
        kind = "epic"
        ko["drawn"] = s["turn"]
    else:
        kind, stat, hand = d["kind"], d["stat"], net_hand(s)
        tc = own_tc(s) if kind == "save" else d["rank"] + d["suit"]
        dr = ck.contest_dr(d["attacker"]) if kind == "contest" else d["dr"]
        if d.get("who", "me") == "companion":
            gear.spend_minor(s)
    start_draw(s, rng, kind=kind, tc=tc, stat=stat, dr=dr, hand=hand,
               condition=d.get("condition"), who=d.get("who", "me") if not ko else "me")


def start_draw(s: State, rng: Rng, *, kind: str, tc: str, stat: str | None, dr: int | None,
               hand: int, condition: str | None = None, who: str = "me") -> None:
    """A companion's check draws from the Dealer's deck with the companion's modifier
    (PG, Dealers, NPCs and Companions)."""
    mod = modifier(s, who, stat)
    eff = None if dr is None else ck.edr(dr, mod)
    intensify = kind == "attack" and s.get("intensify", False) and who == "me"
    if intensify:
        s["intensify"] = False
        hand = 0
    k = 1 + abs(hand)
    s["draw"] = {"kind": kind, "tc": tc, "stat": stat, "dr": dr, "modifier": mod,
                 "weapon": s.get("weapon", 1) if kind == "attack" else 0,
                 "who": s["companion"]["id"] if who == "companion" else None,
                 "effective": eff, "hand": hand, "k": k, "cards": [],
                 "to_go": k, "redrawn": False, "condition": condition,
                 "intensify": intensify}
    deal(s, rng)


def deal(s: State, rng: Rng) -> None:
    """Draw the cards of a check: Lower Hand all at once, Upper Hand one at a time (the
    player may stop early), a single card at once."""
    dr = s["draw"]
    if dr.get("intensify"):
        # PG, Discard Powers, Intensify: discard until a Major; the player may stop
        dr["cards"].append(take(s, rng))
        dr["to_go"] = 0 if is_major(dr, dr["cards"][-1]) or not drawable(s) else 1
        return
    n = 1 if dr["hand"] > 0 else dr["to_go"]
    for _ in range(n):
        dr["cards"].append(take(s, rng))
        dr["to_go"] -= 1
    if dr["to_go"] == 0 or (dr["hand"] > 0 and dr["effective"] is not None
                            and ck.degree(kept(dr), dr["tc"], dr["effective"]) == 0):
        dr["to_go"] = 0     # nothing beats a Critical: the rest are not drawn


def do_draw_more(s: State, a: Action, rng: Rng) -> None:
    deal(s, rng)


def do_stop(s: State, a: Action, rng: Rng) -> None:
    s["draw"]["to_go"] = 0


def do_accept(s: State, a: Action, rng: Rng) -> None:
    from .combat import epic
    dr = s["draw"]
    s["draw"] = None
    card = kept(dr)
    result = grade(dr, card)
    settle(s, dr["cards"])
    s["last"] = result
    s["log"].append(result["summary"])
    kind = dr["kind"]
    if kind == "rest":
        s["rest_cards"] -= 1
        s["gain"] = 2 if result["success"] else 1
        return
    if kind == "epic":
        epic(s, result)
        return
    mine = not dr.get("who")
    conds = s["conditions"]
    if kind == "check" and dr["stat"] == "Stealth" and result["success"] is not None and mine:
        # PG, Hidden: a successful Stealth check hides; a failed one ends Hidden
        if result["success"] and "Hidden" not in conds:
            conds.append("Hidden")
        elif not result["success"] and "Hidden" in conds:
            conds.remove("Hidden")
    if kind == "attack" and mine and "Hidden" in conds:
        # PG, Hidden: "Uses a Power" ends it, and an attack is a Power (04_Powers
        # "Attack, Weapon"); the attack itself was at Upper Hand (the target unaware)
        conds.remove("Hidden")
        s["log"].append("The attack ends Hidden (a Power).")
    if kind == "attack" and mine and "Invisible" in conds:
        conds.remove("Invisible")     # PG, Status Conditions 12: the attack ends it
        s["log"].append("The attack ends Invisible.")
    if dr["condition"] and mine and result["success"] is not None:
        cd.condition_result(s, dr["condition"], bool(result["success"]), rng)
    s["draft"] = dict(blank_draft(s["draft"]["kind"]), hand=0)


def is_major(draw: dict[str, Any], card: str) -> bool:
    if draw["effective"] is not None:
        return ck.degree(card, draw["tc"], draw["effective"]) <= 1
    return Card.parse(card).value == Card.parse(draw["tc"]).value


def kept(draw: dict[str, Any]) -> str:
    if draw.get("intensify"):
        return draw["cards"][-1]       # the earlier cards were discarded on the way
    return ck.pick(draw["cards"], draw["tc"], draw["effective"], draw["hand"])


def grade(draw: dict[str, Any], card: str) -> dict[str, Any]:
    tc, e = draw["tc"], draw["effective"]
    what = {"check": "Check", "attack": "Attack", "contest": "Contested check", "save": "Save",
            "rest": "Rest Card", "epic": "Epic Event"}[draw["kind"]]
    stat = draw["stat"] or "no modifier"
    if draw.get("who"):
        what = f"{draw['who']}: {what}"
    head = f"{what} ({stat} {draw['modifier']:+d}) vs {name(tc)}: {name(card)}"
    if e is None:
        rep = ck.reported(card, tc, draw["modifier"])
        return {"kind": draw["kind"], "card": card, "cards": list(draw["cards"]), "tc": tc,
                "degree": None, "success": None, "report": rep["text"],
                "summary": f"{head}; DR hidden: report {rep['text']}."}
    deg = ck.degree(card, tc, e)
    tail = ""
    success = ck.is_success(deg)
    if draw.get("intensify") and deg > 1 and success:
        success = False
        tail = " Intensify: a plain success counts as a miss."
    if draw["kind"] == "attack" and success:
        # PG, In Combat: a Major does 1 extra damage; a Critical hit calls for the
        # target's DR 3 CON save against Stunned (Status Conditions 1)
        dmg = draw["weapon"] + (1 if deg <= 1 else 0)
        tail = f" Hit for {dmg} damage" + (
            "; the target makes a DR 3 Conviction save against Stunned." if deg == 0 else ".")
    return {"kind": draw["kind"], "card": card, "cards": list(draw["cards"]), "tc": tc,
            "degree": deg, "success": success, "report": None,
            "summary": f"{head} at EDR {e}: {ck.DEGREES[deg]}.{tail}"}
