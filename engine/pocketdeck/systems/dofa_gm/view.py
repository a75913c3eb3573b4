"""What each seat sees. The GM sees everything (hidden DRs, every creature's numbers, the
decks) and gets every legal action with a label; a player's seat sees the table as it is
on the table: Target Cards, whose turn, statuses, their own numbers, the party's health,
the Epic Event's cards; never a hidden DR or a creature's HP.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ..dofa.checks import tc_range
from ..dofa.conditions import CONDITIONS
from ...core.cards import Card
from ...core.views import log_tail
from . import bestiary as bs
from . import calls, contests, epic, phone, rests
from .draws import NEEDS, kept_card
from . import fight as ft
from .turns import current


def pct(x: Any) -> str | None:
    return None if x is None else f"{float(x) * 100:.1f}%"


def card(code: str | None) -> str:
    return Card.parse(code).name if code else ""


def actor_view(s: State, a: dict[str, Any], full: bool) -> dict[str, Any]:
    out = {"id": a["id"], "name": a["name"], "side": a["side"], "kind": a["kind"],
           "tc": ft.tc_of(s, a), "statuses": [dict(st) for st in a["statuses"]],
           "ko": a["ko"], "dead": a["dead"], "out": a["out"], "standing": ft.standing(a)}
    if full or a["side"] == "party":
        out.update({k: a[k] for k in ("hp", "hp_max", "ap", "ap_max", "ar", "pp", "pp_max",
                                      "weapon", "fatigue", "phase", "phases", "source")})
        out["agl"] = a["attrs"]["AGL"]
        if a["ko"]:
            out["treat_dr"] = ft.treat_dr(a)
    if full and a["deck"]:
        deck = s["decks"][a["deck"]]
        out["deck"] = {"id": a["deck"], "left": len(deck["draw"]), "fate": list(deck["fate"])}
    return out


def label(s: State, a: Action) -> str:
    t = a["type"]
    who = ft.actor(s, a["who"])["name"] if a.get("who") and t not in ("focus",) else ""
    tgt = ft.actor(s, a["target"])["name"] if a.get("target") else ""
    simple = {
        "accept": "Accept the draw", "draw_more": "Draw another card (Upper Hand)",
        "stop": "Stop drawing: keep the best card drawn", "start_combat": "Start combat", "end_combat": "End combat",
        "end_turn": "End the turn", "ready": "Ready a Major Action", "epic_setup": "Epic Event",
        "epic_begin": "Begin the Epic Event", "epic_cancel": "Call it off",
        "epic_reveal": "Reveal a Target Card (World Deck)", "epic_go": "Volunteers draw",
        "epic_gm_draw": "The GM draws (+0)", "epic_draw": "Draw for the volunteer",
        "epic_card": "Type in the volunteer's card", "epic_close": "Close the Epic Event",
        "entry_done": "Done", "entry_cancel": "Cancel", "ko_draw": "Knocked Out: draw (DR 4 VIT)",
        "ko_card": "Knocked Out: type in the player's draw (DR 4 VIT)", "call_tc": "Reveal the Target Card",
        "call_draw": "Draw for the character", "call_card": "Type in the player's card",
        "call_cancel": "Cancel the check", "end_session": "End the session",
        "call_send": "Send the check to the player's phone",
    }
    if t == "epic_card" and s["epic"] and epic.drawer(s) and ft.actor(s, epic.drawer(s) or "").get("own"):
        return "The volunteer draws on their phone"
    if t == "ready" and a.get("power"):
        from .powers import cost, price
        pp = price(ft.actor(s, s["combat"]["order"][s["combat"]["at"]]), cost(a["power"], a))
        return f"Ready {a['power']} ({pp} PP now, lost if not triggered)"
    if t in simple:
        return simple[t]
    if t == "start_combat":
        return f"Start with a surprise round for the {a['surprise']}"
    if t == "exchange_fate":
        return f"{who}: exchange the Fate Card {card(a['card'])} for 1 PP"
    if t == "toughen_up":
        return f"{who}: toughen up with the Fate Card {card(a['card'])} (1 damage ignored)"
    if t == "redraw_tc":
        return f"{who}: redraw the Target Card with the Fate Card {card(a['card'])}"
    if t == "keep_tc":
        return f"{who}: keep the Target Card"
    if t == "rest":
        return ("The party takes a Full Rest" if a["rest"] == "full"
                else "The party takes a Quick Rest (Rest Cards on the players' phones)")
    if t == "pick_condition":
        return f"{who}'s {a['power']}: {a['name']}"
    if t == "rest_card":
        return f"{who}: draw a Rest Card"
    if t == "rest_gain":
        return f"{who}: recover {a['hp']} HP and {a['pp']} PP"
    if t == "rest_end":
        return f"{who}: complete the Quick Rest"
    if t == "rest_skip":
        return f"{who}: does not rest now"
    if t == "fate_redraw":
        return f"Redraw with the Fate Card {card(a['card'])}"
    if t in ("attack", "power") and "pp" in a:
        also = "".join(f", {ft.actor(s, i)['name']}" for i in a.get("also", "").split(",") if i)
        from .powers import price      # PG, Fatigue 4: what is spent, doubled
        return f"{who}: {a['power']} on {tgt}{also} ({price(ft.actor(s, a['who']), a['pp'])} PP)"
    if t == "attack":
        return f"{who}: {a['power']} on {tgt}"
    if t == "readied_attack":
        return f"{who}'s readied {a.get('power', 'attack')} on {tgt}"
    if t == "power":
        return f"{who}: {a['power']} on {tgt}"
    if t == "player_attack":
        return f"{who} attacks {tgt}: type in the reported card"
    if t == "discard_power":
        on = f" on {tgt}" if a.get("target") else " on every enemy"
        return f"{who}: {a['power']}{on}, discard {a['cards']} (Minor Action)"
    if t == "shake_off":
        return {"Knocked Down": f"{who} gets up (Minor Action)",
                "Burned": f"{who}: put out the burning, DR 3 GUT save (Minor Action)",
                "Entangled": f"{who}: break free, DR 3 STR save (Major Action)"}[a["status"]]
    if t == "epic_all":
        return "All party members draw on this TC"
    if t == "end_charm":
        return f"{who}: end {tgt}'s {a['status']} (Major Action)"
    if t == "player_tc":
        return f"Type in {who}'s Target Card"
    if t in contests.TYPES:
        return contests.action_label(s, a)
    if t in ("save", "save_result") and contests.label(s, a):
        return contests.label(s, a) or ""
    if t == "save":
        return f"{who}: draw the {a['status']} save"
    if t == "save_result":
        return f"{who}: {a['status']} save {'made' if a['ok'] else 'failed'}"
    if t == "delay":
        return f"Delay until after {ft.actor(s, a['after'])['name']}"
    if t in ("adversary", "house"):
        return f"{who}: {a['name']}" + (f" on {tgt}" if tgt else "")
    if t == "call":
        return f"Call a check for {who}"
    if t == "focus":
        return "Close the tools" if a["who"] is None else ft.actor(s, a["who"])["name"]
    if t == "panel":
        return {"none": "Close the panel", "add": "Add to the table", "ledger": "Loot and money"}[a["panel"]]
    if t == "hand":
        return "GM: no Upper/Lower Hand" if a["hand"] == 0 else (
            f"GM: Upper Hand {a['hand']}" if a["hand"] > 0 else f"GM: Lower Hand {-a['hand']}")
    if t == "add_creature":
        c = bs.card(s, a["id"])
        return f"{c['name']} ({c['type']}, yours)" if "name" in c else f"{a['id']} ({c['type']})"
    if t == "add_premade":
        return a["id"]
    if t == "damage":
        return f"{a['amount']} damage" + (" (past AP)" if a["bypass"] else "")
    if t == "heal":
        return f"Heal {a['amount']}"
    if t == "expose":
        return "Exposed to its Vulnerability"
    if t == "treated":
        return "Treated: wakes"
    if t == "status":
        return f"{a['name']}" + (f" {a['rounds']} rd" if a["rounds"] else "")
    if t == "end_status":
        return f"End {a['name']}"
    if t == "weapon":
        return f"Weapon {a['damage']}"
    if t == "edit":
        return f"{a['field'].replace('_max', ' max').upper()} {a['delta']:+d}"
    if t == "award_fate":
        return "Award a Fate Card"
    if t == "remove":
        return "Remove from the table"
    if t == "share_tc":
        return f"Share {ft.actor(s, a['with'])['name']}'s Target Card"
    if t == "coins":
        return f"{a['n']:+d} {a['coin']}"
    if t == "loot":
        return f"Loot: {a['item']}"
    if t == "buy":
        return f"Buy {a['item']} ({bs.money(bs.items()[a['item']]['cost'])})"
    if t == "drop_loot":
        return f"Drop {s['ledger']['loot'][a['index']]}"
    if t == "phone_draw":
        return phone.label(s, a)
    if t.startswith("entry_"):
        v = a.get("rank") or a.get("suit") or a.get("mod")
        if t == "entry_mod":
            return f"{a['mod']:+d}"
        if t == "entry_hit":
            return "Critical (the TC's own card)" if a["degree"] == 0 else "Major (the TC's value)"
        if t == "entry_major":
            return "Same value as the TC (a Major)" if a["on"] else "Not a Major"
        return str(v)
    if t.startswith("call_"):
        if t == "call_hidden":
            return "Keep the DR hidden" if a["on"] else "Tell the DR"
        if t == "call_hand":
            return "No Upper/Lower Hand" if a["hand"] == 0 else (
                f"Upper Hand {a['hand']}" if a["hand"] > 0 else f"Lower Hand {-a['hand']}")
        if t == "call_needs":
            return "Any success" if a["needs"] is None else f"Requires {NEEDS[a['needs']]}"
        if t == "call_tool":
            return "No tool needed" if a["tool"] is None else str(a["tool"])
        if t == "call_contest":
            return f"Contested: against {ft.actor(s, a['by'])['name']}'s TC"
        if t == "call_vs_mod":
            return f"Initiator {a['mod']:+d}"
        if t == "call_mod":
            return f"{a['mod']:+d}"
        return str(a.get("stat") or a.get("aim") or (f"DR {a['dr']}" if "dr" in a else t))
    if t.startswith("epic_"):
        if t in ("epic_tcs", "epic_need", "epic_limit"):
            return str(a["n"])
        if t == "epic_dr":
            return f"DR {a['dr']}"
        if t == "epic_join":
            return f"{who} volunteers"
        if t == "epic_leave":
            return f"{who} steps back"
        if t == "epic_stat":
            return a["stat"]
    return t


def draw_view(s: State) -> dict[str, Any] | None:
    d = s["draw"]
    if d is None:
        return None
    k = kept_card(d)
    return {"kind": d["kind"], "who": d["who"], "tc": d["tc"], "stat": d["stat"], "dr": d["dr"],
            "modifier": d["modifier"], "effective": d["effective"], "hand": d["hand"],
            "cards": list(d["cards"]), "kept": k, "redrawn": d["redrawn"], "to_go": d.get("to_go", 0),
            "asked": bool(d.get("asked")),
            "target": ft.actor(s, d["target"])["name"] if d.get("target") else None}


def call_view(s: State) -> dict[str, Any] | None:
    c = s["call"]
    if c is None:
        return None
    ch = calls.chances(s, c)
    rng = list(tc_range(Card.parse(c["tc"]).value, min(6, max(0, ch["edr"])))) if ch and c["tc"] else None
    return dict(c, who_name=ft.actor(s, c["who"])["name"], modifier=calls.modifier(s, c),
                chances=None if ch is None else {"edr": ch["edr"], "exact": pct(ch["exact"]),
                                                 # as the chart prints it (whole percents), or counted
                                                 "chart": f"{round(float(ch['chart']) * 100)}%" if ch["row"]
                                                 else pct(ch["chart"]), "row": ch["row"],
                                                 "sure": ch["sure"], "from": ch["from"]},
                range=rng)


def epic_view(s: State, full: bool) -> dict[str, Any] | None:
    ep = s["epic"]
    if ep is None:
        return None
    out = dict(ep)
    out["drawer"] = None if ep["stage"] != "draw" else (epic.drawer(s) or "gm")
    out["volunteer_names"] = [ft.actor(s, v)["name"] for v in ep["volunteers"]]
    return out


def player_view(s: State, seat: str, base: dict[str, Any], legal: list[Action]) -> dict[str, Any]:
    """A player's seat: the table as the players see it, plus (issue 29, their own phone) the
    check the GM calls for them, its draw from their own deck, their Fate Cards, and the
    choices that are theirs now (``legal``: rules.owner). A hidden DR stays out: the call's
    and the draw's DR and EDR, and which card the EDR keeps, are None until graded."""
    me = seat.split(":", 1)[1]
    base["me"] = me
    call, d = s["call"], s["draw"]
    x = next((a for a in s["actors"] if a["id"] == me), None)
    # a phone sees the check once the GM sends it: its DR may be set before it is hidden
    if call and call["who"] == me and (call.get("sent") or not (x or {}).get("own")):
        hidden = call["hidden"]
        base["call"] = {"tc": call["tc"], "dr": None if hidden else call["dr"], "stat": call["stat"],
                        "hidden": hidden, "mod": calls.modifier(s, call), "hand": call["hand"],
                        "needs": call.get("needs"), "sent": bool(call.get("sent"))}
    holder = ft.phone_holder(s, ft.actor(s, d["by"])) if d is not None else None
    if d is not None and (d["by"] == me or (holder is not None and holder["id"] == me)):
        out = draw_view(s)
        if d.get("hidden"):
            out.update(dr=None, effective=None, kept=None)
        base["draw"] = out
    ask = phone.asked(s)
    if ask is not None and ask["who"] == me:   # a draw the GM's table asks of this phone (phone.py)
        base["ask"] = ask
    if x is not None and x.get("own"):
        deck = s["decks"][x["own"]]
        base["deck"] = {"left": len(deck["draw"]), "discard": len(deck["discard"]), "fate": list(deck["fate"])}
    if x is not None and x.get("resting"):    # a Quick Rest on their phone (rests.py)
        base["rest"] = {"cards": x.get("rest_cards", x["hp_max"]), "gain": x.get("gain"),
                        "quick_rests": x.get("quick_rests", 0), "held": list(rests.held(x))}
    if x is not None and s.get("tough", {}).get(me):
        base["tough"] = s["tough"][me]    # damage they may still ignore (PG, Fate Cards 4.3)
    asked = bool(d and d.get("asked"))
    base["actions"] = [{"action": a, "label": ASKED_LABELS[a["type"]](a) if asked and a["type"] in ASKED_LABELS
                        else seat_label(s, a)} for a in legal]
    base["log"] = ft.public_log(s, 8)
    return base


# a player's own choices as their phone names them (you, your cards)
SEAT_LABELS = {
    "call_draw": lambda a: "Draw from your Action Deck",
    "redraw_tc": lambda a: f"Redraw your Target Card with the Fate Card {card(a['card'])}",
    "keep_tc": lambda a: "Keep this Target Card",
    "exchange_fate": lambda a: f"Exchange Fate: the {card(a['card'])} for 1 PP",
    "toughen_up": lambda a: f"Toughen Up: the {card(a['card'])} ignores 1 damage",
    "rest_card": lambda a: "Draw a Rest Card (DR 3 against your Target Card, no modifier)",
    "rest_gain": lambda a: f"Recover {a['hp']} HP and {a['pp']} PP (when the rest is complete)",
    "rest_end": lambda a: "Complete the Quick Rest: recover what the Rest Cards hold, cards back into your deck",
    "rest_skip": lambda a: "Don't rest now (this Quick Rest does not count)",
}


# a miss at a hidden DR told to the phone (draws.ask_fate): spend a Fate Card, or not
ASKED_LABELS = {
    "accept": lambda a: "No: keep the miss",
    "fate_redraw": lambda a: f"Yes: redraw with the Fate Card {card(a['card'])}",
}


def seat_label(s: State, a: Action) -> str:
    named = SEAT_LABELS.get(a["type"])
    return named(a) if named else label(s, a)


def build_view(s: State, seat: str, legal: list[Action]) -> dict[str, Any]:
    full = seat == "gm"
    c = s["combat"]
    cur = current(s) if c else None
    base: dict[str, Any] = {
        "seat": seat, "mode": s["mode"], "phase": s["phase"], "outcome": s["outcome"],
        "actors": [actor_view(s, a, full) for a in s["actors"] if not a["out"]],
        "combat": None if not c else {"round": c["round"], "stage": c["stage"],
                                      "order": list(c["order"]), "at": c["at"],
                                      "current": cur["id"] if cur else None,
                                      "readied": list(c["readied"]), "surprise": c["surprise"]},
        "epic": epic_view(s, full),
        "due": [dict(d, name=ft.actor(s, d["who"])["name"], **({"about": contests.about(s, d)} if d.get("contest") else {}))
                for d in s["due"]],
    }
    if not full:
        return player_view(s, seat, base, legal)
    base.update({
        "draw": draw_view(s), "call": call_view(s), "hand": s["hand"],
        "entry": s["entry"] and dict(s["entry"], phone=(phone.drawer(s) or {}).get("name")),
        "focus": s["focus"], "panel": s["panel"], "phone_wait": phone.waiting(s),
        "decks": {n: {"left": len(d["draw"]), "discard": len(d["discard"]), "fate": list(d["fate"]),
                      "tcs": dict(d["tcs"]), "size": d["size"]} for n, d in s["decks"].items()
                  if n in ("npc", "world")},
        "ledger": {"purse": bs.money(s["ledger"]["purse"]), "loot": list(s["ledger"]["loot"])},
        "log": log_tail(s["log"], 30),
        "actions": [{"action": a, "label": label(s, a)} for a in legal],
        "conditions": {n: {"save": CONDITIONS[n]["save"], "when": CONDITIONS[n]["when"]} for n in ft.STATUSES},
    })
    if s["mode"] == "skirmish" and cur is not None and not s["draw"] and not s["entry"]:
        from .policy import suggest
        base["suggest"] = suggest(s, legal)
    return base
