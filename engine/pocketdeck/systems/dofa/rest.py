"""Rests and Fatigue (PG, Rests: Quick Rest with Rest Cards, Full Rest; Fatigue levels are
counted in deck.take, where an empty deck is reshuffled)."""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from . import items
from .checkflow import start_draw
from .deck import JOKERS, own_tc, settle


def gains(s: State) -> list[tuple[int, int]]:
    """PG, Rests: a Rest Card recovers 1 (miss) or 2 (success) points across HP and PP, as
    the player chooses, never above the maximum."""
    n = s["gain"]
    room_hp = s["sheet"]["hp_max"] - s["hp"]
    room_pp = s["sheet"]["pp_max"] - s["pp"]
    best = min(n, room_hp + room_pp)
    return [(hp, best - hp) for hp in range(best, -1, -1) if hp <= room_hp and best - hp <= room_pp]


def do_quick_rest(s: State, a: Action, rng: Rng) -> None:
    """PG, Rests: Rest Cards are a pool of max HP, spent across the Quick Rests and
    returned to the maximum by a Full Rest ("as well as Rest Cards, all return")."""
    s["phase"] = "rest"
    if items.POTION in items.active(s):
        items.end(s, items.POTION)     # a 1-minute potion does not outlast a 30-minute rest
    s["log"].append(f"Quick Rest: {s['rest_cards']} Rest Cards left.")


def do_rest_draw(s: State, a: Action, rng: Rng) -> None:
    """A Rest Card: DR 3 against my own TC, without modifier, no Upper/Lower Hand."""
    start_draw(s, rng, kind="rest", tc=own_tc(s), stat=None, dr=3, hand=0)


def do_rest_gain(s: State, a: Action, rng: Rng) -> None:
    s["hp"] += a["hp"]
    s["pp"] += a["pp"]
    if s["hp"] > 0 and s["ko"]:
        s["ko"] = None
    s["gain"] = None
    s["log"].append(f"Recovers {a['hp']} HP and {a['pp']} PP.")


def do_rest_end(s: State, a: Action, rng: Rng) -> None:
    """PG, Rests: shuffle the discard pile, draw 10 + 2 x Vitality of it back into the
    deck, reshuffle the deck."""
    n = max(0, 10 + 2 * s["sheet"]["attrs"]["VIT"])
    rng.shuffle(s["discard"])
    back = s["discard"][:n]
    del s["discard"][:n]
    s["deck"] += back
    rng.shuffle(s["deck"])
    s["quick_rests"] += 1
    s["fall_speed"] = 0
    s["phase"] = "play"
    s["log"].append(f"Quick Rest ends: {len(back)} cards back into the deck.")


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
    s.pop("toughen_hits", None)
    items.full_rest(s)
    if s.get("companion"):
        c = s["companion"]
        c.update(hp=c["hp_max"], ap=c["ap_max"])
    s["log"].append("Full Rest: deck whole, Jokers in hand, HP, AP and PP full, no Fatigue.")
