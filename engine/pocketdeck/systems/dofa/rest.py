"""Rests and Fatigue (PG, Rests: Quick Rest with Rest Cards, Full Rest; Fatigue levels are
counted in deck.take, where an empty deck is reshuffled).

GMG, Resting: "Players can only use Rest Cards after a Rest has been successfully completed
... In the event that a Rest is interrupted, it can be resumed based on the remaining time
left" (review dofa-phone-2026-12-07 #1, as the GM's table's rests.py): a Rest Card's HP/PP
is held (``rest_held``, only while it holds something) and lands when the Quick Rest is
completed (``rest_end``); "Interrupted" (``rest_pause``) stops the rest with nothing
recovered and not counted (``rest_paused``), and the next Quick Rest resumes it with what
it held. A Full Rest clears both."""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from . import items
from .checkflow import start_draw
from .deck import JOKERS, own_tc, settle
from .health import wake


def held(s: State) -> tuple[int, int]:
    """HP and PP the Rest Cards drawn so far give when the Quick Rest is completed."""
    hp, pp = s.get("rest_held") or (0, 0)
    return hp, pp


def gains(s: State) -> list[tuple[int, int]]:
    """PG, Rests: a Rest Card recovers 1 (miss) or 2 (success) points across HP and PP, as
    the player chooses, never above the maximum (counting what is already held)."""
    n = s["gain"]
    hp, pp = held(s)
    # (never below 0: HP may have been healed while an interrupted rest waited)
    room_hp = max(0, s["sheet"]["hp_max"] - s["hp"] - hp)
    room_pp = max(0, s["sheet"]["pp_max"] - s["pp"] - pp)
    best = min(n, room_hp + room_pp)
    return [(hp, best - hp) for hp in range(best, -1, -1) if hp <= room_hp and best - hp <= room_pp]


def do_quick_rest(s: State, a: Action, rng: Rng) -> None:
    """PG, Rests: Rest Cards are a pool of max HP, spent across the Quick Rests and
    returned to the maximum by a Full Rest ("as well as Rest Cards, all return"). An
    interrupted Quick Rest is resumed with what its Rest Cards hold (GMG, Resting)."""
    s["phase"] = "rest"
    if items.POTION in items.active(s):
        items.end(s, items.POTION)     # a 1-minute potion does not outlast a 30-minute rest
    if s.pop("rest_paused", None):
        hp, pp = held(s)
        s["log"].append(f"The interrupted Quick Rest resumes ({hp} HP and {pp} PP held); "
                        f"{s['rest_cards']} Rest Cards left.")
        return
    s["log"].append(f"Quick Rest: {s['rest_cards']} Rest Cards left.")


def do_rest_draw(s: State, a: Action, rng: Rng) -> None:
    """A Rest Card: DR 3 against my own TC, without modifier, no Upper/Lower Hand."""
    start_draw(s, rng, kind="rest", tc=own_tc(s), stat=None, dr=3, hand=0)


def do_rest_gain(s: State, a: Action, rng: Rng) -> None:
    """The player's choice of HP and PP, held until the Quick Rest is completed (GMG, Resting)."""
    hp, pp = held(s)
    if a["hp"] or a["pp"]:
        s["rest_held"] = [hp + a["hp"], pp + a["pp"]]
    s["gain"] = None
    s["log"].append(f"Will recover {a['hp']} HP and {a['pp']} PP once the Quick Rest is complete.")


def do_rest_pause(s: State, a: Action, rng: Rng) -> None:
    """GMG, Resting: "In the event that a Rest is interrupted, it can be resumed": nothing
    recovered yet, not counted, no cards back; the next Quick Rest resumes it."""
    s["phase"] = "play"
    s["rest_paused"] = True
    hp, pp = held(s)
    s["log"].append(f"The Quick Rest is interrupted: nothing recovered yet ({hp} HP and {pp} PP held); "
                    "it can be resumed.")


def do_rest_end(s: State, a: Action, rng: Rng) -> None:
    """The Quick Rest is completed: what the Rest Cards hold is recovered (GMG, Resting);
    PG, Rests: shuffle the discard pile, draw 10 + 2 x Vitality of it back into the deck,
    reshuffle the deck."""
    n = max(0, 10 + 2 * s["sheet"]["attrs"]["VIT"])
    rng.shuffle(s["discard"])
    back = s["discard"][:n]
    del s["discard"][:n]
    s["deck"] += back
    rng.shuffle(s["deck"])
    hp, pp = held(s)
    s.pop("rest_held", None)
    s["hp"] = min(s["sheet"]["hp_max"], s["hp"] + hp)
    s["pp"] = min(s["sheet"]["pp_max"], s["pp"] + pp)
    s["quick_rests"] += 1
    s["fall_speed"] = 0
    s["phase"] = "play"
    s["log"].append(f"Quick Rest complete: recovers {hp} HP and {pp} PP; {len(back)} cards back into the deck.")
    if s["hp"] > 0 and s["ko"]:
        wake(s)


def do_full_rest(s: State, a: Action, rng: Rng) -> None:
    """PG, Rests: discard the TC; discard pile and hand Aces (and awarded cards) back into
    the deck; both Jokers to hand; HP, AP, PP, Fate and Rest Cards to maximum; Fatigue gone."""
    settle(s, s["tc"])
    s["tc"] = []
    keep = [c for c in s["fate"] if c in JOKERS]
    s["deck"] += s["discard"] + [c for c in s["fate"] if c not in JOKERS]
    s["discard"] = []
    s["fate"] = keep + s["aside"]
    s["aside"] = []
    rng.shuffle(s["deck"])
    sheet = s["sheet"]
    s.update(hp=sheet["hp_max"], ap=sheet["ap_max"], pp=sheet["pp_max"], fatigue=0,
             quick_rests=0, ko=None, toughen=0, ap_lost=0, rest_cards=sheet["hp_max"], toughen_turn=None, fall_speed=0)
    for key in ("toughen_hits", "rest_held", "rest_paused"):
        s.pop(key, None)
    s["intensify"] = False       # a Discard Power's benefit is for the combat (PG, Discard Powers)
    items.full_rest(s)
    if s.get("companion"):
        c = s["companion"]
        c.update(hp=c["hp_max"], ap=c["ap_max"])
    s["log"].append("Full Rest: deck whole, Jokers in hand, HP, AP and PP full, no Fatigue.")
