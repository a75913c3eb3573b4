"""Rests at the GM's table (PG, Rests; Fatigue; Fate Cards 1, 2; review dofa-phone-2026-11-27
#12). The GM calls them for the party, out of combat.

- Full Rest (``rest`` full): every party member's HP, AP, PP back to their maximum, Fatigue
  gone ("Upon completing a Full Rest, all levels of Fatigue are removed"), Knocked Out
  ends; a deck the app keeps (a player's phone's, a premade's) is made whole: the TC
  discarded, the discard pile and the Aces in hand shuffled back, both Jokers in hand
  ("Add both Jokers to your hand as Fate Cards if they were used"); Rest Cards back to max
  HP and the Quick Rests counted anew.
- Quick Rest (``rest`` quick): each player whose phone joined rests there, from their own
  seat (rules.seat_of): Rest Cards ("equal to their maximum Health", spent across Quick
  Rests), each "a DR 3 draw against one's own target card without modifiers"; "On a miss,
  recover one HP or PP, your choice. On a success, recover two total points across HP and
  PP" (``rest_gain``); at its end "shuffle the discard pile and draw 10 plus twice Vitality
  back into your deck, and then reshuffle" (``rest_end``); "only ... twice per Full Rest".
  GMG, Resting (review dofa-phone-2-2026-11-27 #1): "Players can only use Rest Cards after a
  Rest has been successfully completed ... In the event that a Rest is interrupted, it can
  be resumed": a Rest Card's HP/PP is held (``rest_held``) and lands when the Quick Rest
  completes (``rest_end``); a fight that begins pauses it (``interrupted``): nothing gained
  yet, not counted, and the GM's next Quick Rest resumes it with what it held. Each player
  chooses to rest (#7, "each player who is resting"): ``rest_skip`` leaves it, uncounted.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from . import decks as dk
from . import draws
from . import fight as ft
from .fatecards import forget, tc_drawn

QUICK_PER_FULL = 2
REST_DR = 3
SEAT_ACTIONS = ("rest_card", "rest_gain", "rest_end", "rest_skip")


def phone(x: dict[str, Any]) -> bool:
    return bool(x.get("own")) and not x["deck"]


def rest_cards(x: dict[str, Any]) -> int:
    return x.get("rest_cards", x["hp_max"])


def can_quick(x: dict[str, Any]) -> bool:
    """A phone's player may be called to a Quick Rest; not one Knocked Out (PG, Status
    Conditions 5: "unable to act until treated")."""
    return phone(x) and ft.standing(x) and not x.get("resting") and x.get("quick_rests", 0) < QUICK_PER_FULL


def actions(s: State) -> list[Action]:
    """The GM's calls (out of combat, a party at the table) and each resting phone's own."""
    if s["combat"] or s["draw"] or s["entry"] or s["call"] or s["epic"]:
        return []
    party = [x for x in s["actors"] if x["side"] == "party" and ft.in_fight(x) and x["kind"] in ("player", "pc")]
    acts: list[Action] = [{"type": "rest", "rest": "full"}] if party else []
    if any(can_quick(x) for x in party):
        acts.append({"type": "rest", "rest": "quick"})
    for x in party:
        if not x.get("resting") or x["ko"]:     # Knocked Out while resting: unable to act until treated
            continue
        gain = x.get("gain")
        if gain:
            acts += [{"type": "rest_gain", "who": x["id"], "hp": hp, "pp": pp} for hp, pp in gains(x, gain)]
            continue
        if rest_cards(x) > 0 and dk.drawable(s["decks"][x["own"]]) >= 1:
            acts.append({"type": "rest_card", "who": x["id"]})
        acts += [{"type": "rest_end", "who": x["id"]}, {"type": "rest_skip", "who": x["id"]}]
    return acts


def held(x: dict[str, Any]) -> tuple[int, int]:
    """HP and PP the Rest Cards drawn so far will give when the Quick Rest completes."""
    hp, pp = x.get("rest_held") or (0, 0)
    return hp, pp


def gains(x: dict[str, Any], n: int) -> list[tuple[int, int]]:
    """HP and PP to recover from a Rest Card (part 1's rest.gains: never past the maximum)."""
    hp, pp = held(x)
    room_hp, room_pp = x["hp_max"] - x["hp"] - hp, x["pp_max"] - x["pp"] - pp
    best = min(n, room_hp + room_pp)
    return [(hp, best - hp) for hp in range(best, -1, -1) if hp <= room_hp and best - hp <= room_pp]


def do_rest(s: State, a: Action, rng: Rng) -> None:
    if a["rest"] == "full":
        for x in s["actors"]:
            if x["side"] == "party" and ft.in_fight(x) and x["kind"] in ("player", "pc"):
                full_rest(s, x, rng)
            elif x["side"] == "party" and ft.in_fight(x) and x.get("dealer"):
                # PG, Rests: "Fate, Health, Power, and Armor Points ... all return to their
                # maximum values" (review dofa-phone-2-2026-11-27 #8): a Companion's too; its
                # deck is its Dealer's, made whole above
                x.update(hp=x["hp_max"], ap=x["ap_max"], pp=x["pp_max"], ko=None, fatigue=0)
                forget(s, x)
        ft.log(s, "The party takes a Full Rest: HP, AP, PP and Fate Cards full, Fatigue gone, decks whole.")
        return
    who = [x for x in s["actors"] if x["side"] == "party" and can_quick(x)]
    for x in who:
        x["resting"] = True
    ft.log(s, f"A Quick Rest: {ft.names(s, [x['id'] for x in who])} may rest and draw Rest Cards on their phones.")
    for x in who:
        if x.get("rest_paused"):
            hp, pp = held(x)
            ft.log(s, f"{x['name']} may resume the Quick Rest that was interrupted ({hp} HP and {pp} PP held).")


def full_rest(s: State, x: dict[str, Any], rng: Rng) -> None:
    x.update(hp=x["hp_max"], ap=x["ap_max"], pp=x["pp_max"], fatigue=0, ko=None, rest_cards=x["hp_max"],
             quick_rests=0, resting=False, gain=None, rest_held=None, rest_paused=False)
    forget(s, x)
    key = x["deck"] or x.get("own")
    if not key or key == "npc":
        return
    deck = s["decks"][key]
    dk.drop_tc(deck, x["id"])
    x["tc"] = None
    jokers = [c for c in deck["fate"] + deck["aside"] if c in dk.JOKERS]
    deck["draw"] += deck["discard"] + [c for c in deck["fate"] if c not in dk.JOKERS]
    deck.update(discard=[], fate=jokers, aside=[], reshuffles=0, counted=0)
    rng.shuffle(deck["draw"])


def do_rest_card(s: State, a: Action, rng: Rng) -> None:
    """A Rest Card: DR 3 against their own TC, no modifier. With no TC held, the TC is drawn
    first, and with a Fate Card in hand the phone may redraw it or keep it (PG, Fate Cards 3,
    "Any time a player ... draws a card"; review dofa-phone-2-2026-11-27 #5); the Rest Card is
    then drawn with the next tap. Choice (#16; PG, Rests: "without modifiers"): no Upper or
    Lower Hand either, Fatigue's included (``hand`` 0): the book's Rest Card is a bare draw
    against one's own TC, and the modifiers it takes away are those of a check."""
    x = ft.actor(s, a["who"])
    deck = s["decks"][x["own"]]
    if not x["tc"]:
        x["tc"] = dk.draw_tc(deck, rng, x["id"])
        ft.log(s, f"{x['name']} draws a Target Card for the Rest Cards: {ft.card_name(x['tc'])}.")
        tc_drawn(s, x)
        if x["id"] in s.get("fresh_tc", []):
            return
    draws.start(s, rng, x, kind="rest", tc=x["tc"], stat=None, dr=REST_DR, hand=0, deck=x["own"])


def rest_drawn(s: State, d: dict[str, Any], success: bool) -> None:
    """After a Rest Card's draw (rules.accept): one point to recover on a miss, two on a success."""
    x = ft.actor(s, d["by"])
    x["rest_cards"] = rest_cards(x) - 1
    x["gain"] = 2 if success else 1
    if gains(x, x["gain"]) == [(0, 0)]:
        x["gain"] = None            # nothing to recover: HP and PP are full


def do_rest_gain(s: State, a: Action, rng: Rng) -> None:
    """The player's choice of HP and PP, held until the Quick Rest completes (GMG, Resting)."""
    x = ft.actor(s, a["who"])
    hp, pp = held(x)
    x["rest_held"] = [hp + a["hp"], pp + a["pp"]]
    x["gain"] = None
    ft.log(s, f"{x['name']} will recover {a['hp']} HP and {a['pp']} PP once the Quick Rest is complete "
              f"({rest_cards(x)} Rest Cards left).")


def do_rest_end(s: State, a: Action, rng: Rng) -> None:
    x = ft.actor(s, a["who"])
    end_quick(s, x, rng)


def end_quick(s: State, x: dict[str, Any], rng: Rng) -> None:
    deck = s["decks"][x["own"]]
    n = max(0, 10 + 2 * x["attrs"]["VIT"])
    rng.shuffle(deck["discard"])
    back = deck["discard"][:n]
    del deck["discard"][:n]
    deck["draw"] += back
    rng.shuffle(deck["draw"])
    hp, pp = held(x)
    x["hp"] = min(x["hp_max"], x["hp"] + hp)
    x["pp"] = min(x["pp_max"], x["pp"] + pp)
    if x["ko"] and x["hp"] > 0:
        x["ko"] = None
    x.update(resting=False, gain=None, quick_rests=x.get("quick_rests", 0) + 1, rest_held=None, rest_paused=False)
    ft.log(s, f"{x['name']}'s Quick Rest is complete: {hp} HP and {pp} PP recovered, "
              f"{len(back)} cards back into their deck.")


def do_rest_skip(s: State, a: Action, rng: Rng) -> None:
    """PG, Rests: "each player who is resting" (review dofa-phone-2-2026-11-27 #7): a player
    called to a Quick Rest may not rest; it does not count. What a Rest Card already holds
    waits, as an interrupted rest's, for the next Quick Rest to resume it."""
    x = ft.actor(s, a["who"])
    x.update(resting=False, rest_paused=any(held(x)))
    ft.log(s, f"{x['name']} does not rest now" + (": the Quick Rest waits to be resumed." if any(held(x)) else "."))


def interrupted(s: State) -> None:
    """A fight begins (GMG, Resting: "In the event that a Rest is interrupted, it can be
    resumed"): a Quick Rest under way stops with nothing gained yet, does not count, and
    keeps what its Rest Cards hold for the next Quick Rest the GM calls."""
    for x in s["actors"]:
        if x.get("resting"):
            x.update(resting=False, rest_paused=True)    # a Rest Card's choice still waits (``gain``)
            ft.log(s, f"{x['name']}'s Quick Rest is interrupted by the fight: nothing recovered yet; "
                      "it can be resumed.")
