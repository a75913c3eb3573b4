"""The flow around the player's choices: the start (choose, initiative, Pre-Sneak), ending a
turn, resuming a Foe's turn, Flee. It owns whose turn it is and what is pending: the rules
below push named steps (steps.py) and ``run_steps`` runs them.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data
from .deck import base, coin, count_in_hand, draw_one, draw_symbols, finish, hand_max, log, match_one, match_pattern, record_draw, refill
from .facts import can_dual_wield, declare_dual
from .allies import refill_helpers
from .fight import live_foes, start_player_turn, tick, trait, win
from .rounds import end_round, start_round_effects
from .foeturn import foe_sneak, foe_turn
from .maths import starting_round
from . import attack, foegrapple, grapple, party, steps

State = dict[str, Any]
Action = dict[str, Any]


# -- whose turn it is: the turn order, a Foe's turn ended, after every action -------------

def begin_fight(state: State, rng: Rng) -> None:
    """After initiative: the first Round begins with the first in the turn order."""
    state["turn"] = -1
    state["start_tick"] = tick(state)
    start_round_effects(state, rng, first=True)
    advance(state, rng)


def advance(state: State, rng: Rng) -> None:
    """Hand play to the next in the turn order; Foes act until the player must choose."""
    while state["phase"] != "over":
        if not live_foes(state):
            win(state)
            return
        state["turn"] += 1
        if state["turn"] >= len(state["order"]):
            if "party" in state:
                state["turn"] = -1  # a character falling at the Round's start: the Round still begins
            end_round(state, rng)
            if state["phase"] == "over":
                return
            state["turn"] = 0
        actor = state["order"][state["turn"]]
        if actor[0] == "p":  # "player", or a party's "p0".."p3"
            if not party.take_turn(state, actor):
                continue
            start_player_turn(state, rng)
            return
        i = int(actor)
        foe = state["foes"][i]
        if foe["hp"] <= 0 or foe["fled"]:
            continue
        if "party" in state:
            party.aim(state, rng, i)
        foe_turn(state, rng, i)
        if state["phase"] != "foe":
            return  # the player must react, choose, or the fight is over
        end_foe_turn(state, rng)


def end_foe_turn(state: State, rng: Rng) -> None:
    """Draw after the turn in which you reacted."""
    if state["reacted"]:
        state["reacted"] = False
        refill(state, rng)
    if state["phase"] != "over":
        state["phase"] = "foe"
        if "party" in state:  # allies who reacted for the one attacked draw too
            refill_helpers(state, rng)


def run_steps(state: State, rng: Rng) -> None:
    """The one driver: a rule that is done names the next step (``steps.push``); this
    pops and runs the steps until none is left, that is until the player must choose
    or the fight is over. The rules below never call back up into the flow."""
    while True:
        step = steps.pop(state)
        if step is None:
            return
        name, *args = step
        STEPS[name](state, rng, *args)


def settle(state: State, rng: Rng) -> None:
    """After every action: a character who fell (or fled) leaves the fight and the others
    fight on; the fight ends when none is left. Then, if the phone must go to another
    player, the pass-the-phone cover."""
    p = state.get("party")
    if p is None:
        return
    while state["phase"] == "over" and state["outcome"] in ("lost", "fled"):
        if not party.leave(state):
            break
        state["phase"] = "foe"
        party.enter(state, party.seats_in(state)[0])
        if not state["begun"]:
            presneak(state, rng)
        else:
            state.setdefault("start_tick", tick(state))
            advance(state, rng)
        run_steps(state, rng)
    if state["phase"] != "over" and p["active"] != p["shown"]:
        p["cover"] = True


def _choose(state: State, a: Action, rng: Rng) -> None:
    """Order of play: choose any 4 cards (not Fortitude), shuffle the rest, draw 3."""
    cid = next(c for c in state["draw"] if base(c) == a["card"])
    state["draw"].remove(cid)
    state["hand"].append(cid)
    if len(state["hand"]) == 4:
        rng.shuffle(state["draw"])
        for _ in range(3):
            draw_one(state, rng)
        log(state, f"{state['hero']} chose 4 cards, shuffled and drew 3." if "party" in state
            else "You chose your 4 cards, shuffled and drew 3.")
        if party.next_chooser(state):
            return  # the next character of the party chooses
        state["phase"] = "initiative"


def _declare(state: State, a: Action, rng: Rng) -> None:
    """Initiative: both sides declare and draw three; more matches wins (from the
    player's draw deck, an Agility card wins outright); a tie draws again."""
    mine = a["symbol"]
    for _ in range(50):
        theirs = coin(rng)
        you, agility = _initiative_draw(state, rng)
        them, their_agility = _initiative_draw(state, rng)
        a_hits, b_hits = you.count(mine), them.count(theirs)
        # "Drawing an Agility Card is an automatic win" (either side; both: a tie)
        a_wins = (agility and not their_agility) or (agility == their_agility and a_hits > b_hits)
        b_wins = (their_agility and not agility) or (agility == their_agility and b_hits > a_hits)
        tie = not a_wins and not b_wins  # the draws panel words it: view.draw_result
        record_draw(state, "You", "initiative", you, mine * 3, a_wins)
        record_draw(state, "Foes", "initiative", them, theirs * 3, b_wins)
        if not tie:
            break
    first = a_wins
    foes = [str(i) for i in range(len(state["foes"]))]
    state["order"] = party.order(state) + foes if first else foes + party.order(state)
    log(state, "You win the initiative." if first else "The Foes win the initiative.")
    if state["start"] == "random":
        for _ in range(50):
            drawn = draw_symbols(state, rng, 3)
            r = starting_round(drawn)
            record_draw(state, "You", "Starting Round", drawn, "^^^..v^v", r is not None)
            if r is not None:
                state["round"] = r
                break
    log(state, f"The fight begins on Round {state['round']}.")
    # the Room Description card says whether Pre-Sneaking is possible (a lone fight: yes)
    allowed = state.get("presneak_ok", True)
    state["presneak"] = [i for i, f in enumerate(state["foes"]) if trait(f, "sneaky")] if allowed else []
    sneakers = party.sneakers(state) if allowed else []
    if sneakers:
        if "party" in state:
            state["party"]["presneak_left"] = sneakers
            party.next_presneak(state)
        state["phase"] = "player_presneak"
        return
    state["phase"] = "foe"
    presneak(state, rng)


def dual_offers(state: State) -> list[Action]:
    """Dual Wield: "The Player must state that their Character is Dual Wielding at the
    beginning of Combat". A fight of an adventure (a room's: it has the Map card, ``map``)
    offers each character who can a one-tap declaration until the fight begins (while
    choosing a hand or before the Initiative); the lone fight declares it in its options.
    (No mark of its own on the state: saves of earlier versions replay unchanged.)"""
    if "map" not in state or state["begun"]:
        return []
    return [{"type": "dual_wield", "seat": k} for k in party.seats_in(state)
            if not party.seat(state, k)["dual_declared"] and can_dual_wield(party.seat(state, k))]


def _dual_wield(state: State, a: Action, rng: Rng) -> None:
    s = party.seat(state, a["seat"])
    declare_dual(s)
    log(state, f"{s['hero']} declares Dual Wielding for this fight: a weapon in each hand, no shield.")


def _initiative_draw(state: State, rng: Rng) -> tuple[list[str], bool]:
    """Three Up/Downs for one side and whether an Agility card showed among them (only
    the player's-deck source has card faces)."""
    drawn, agility = [], False
    for _k in range(3):
        drawn.append(draw_symbols(state, rng, 1)[0])
        agility = agility or state.get("_last_draw_card") == "agility"
    return drawn, agility


def _player_presneak(state: State, a: Action, rng: Rng) -> None:
    """Pre-Sneaking: with Sneak cards anywhere in your Combat Deck you may declare an
    Up/Down; every Foe draws one and a match sees you. A Foe with Intellect that fails may
    still counter with its Intellect draw. "If they attempt to Counter with an Up/Down or
    the Intellect Attribute, You can Re-Counter" (with the Sneak card's Attribute,
    Agility), and an Escalating Foe may answer again. Unseen by all, your first attack
    is a Sneak attack."""
    state["sneak_try"] = {"symbol": a["symbol"], "left": live_foes(state)}
    presneak_next(state, rng)


def presneak_next(state: State, rng: Rng) -> None:
    t = state["sneak_try"]
    while t["left"]:
        i = t["left"].pop(0)
        foe = state["foes"][i]
        ok = match_one(state, rng, foe["name"], "spot your Pre-Sneak", t["symbol"])
        attr = data.foe_card(foe["id"]).get("attribute")
        if not ok and attr and attr["name"] == "intellect":
            ok = match_pattern(state, rng, foe["name"], "counter your Pre-Sneak with Intellect", attr["pattern"],
                               chance=False)
        if not ok:
            continue
        again = data.card("sneak")["attribute"]
        if count_in_hand(state, again):
            state["pending"] = {"kind": "presneak", "foe": i, "attribute": again, "name": "Pre-Sneak",
                                "damage": 0, "countered": "full", "counters": ["intellect"]}
            state["phase"] = "recounter"
            return
        presneak_seen(state, rng, i)
        return
    state.pop("sneak_try")
    state["sneak_bonus"] = True
    log(state, "You Pre-Sneak unseen: your first attack is a Sneak attack.")
    state["phase"] = "foe"
    presneak(state, rng)


def presneak_seen(state: State, rng: Rng, i: int) -> None:
    state.pop("sneak_try", None)
    state["pending"] = None
    log(state, f"{state['foes'][i]['name']} sees you coming.")
    state["phase"] = "foe"
    presneak(state, rng)


def _no_presneak(state: State, a: Action, rng: Rng) -> None:
    state["phase"] = "foe"
    presneak(state, rng)


def presneak(state: State, rng: Rng) -> None:
    """Sneaky Foes Pre-Sneak before the fight; then the first Round begins. (In a party,
    each character with Sneak cards chooses first, one after another.)"""
    if party.next_presneak(state):
        state["phase"] = "player_presneak"
        return
    party.enter_first(state)
    while state["presneak"]:
        i = state["presneak"].pop(0)
        foe_sneak(state, rng, i, "Pre-Sneak")
        if state["phase"] == "spot":
            return
    state["begun"] = True
    begin_fight(state, rng)


def resume(state: State, rng: Rng) -> None:
    """Carry on after a player's answer in the middle of someone else's turn."""
    if state["phase"] == "over":
        return
    if state.get("grapple_try"):
        grapple.grapple_contest(state, rng)
        return
    if not state["begun"]:
        state["phase"] = "foe"
        presneak(state, rng)
        return
    if state["flee_queue"] is not None:
        state["phase"] = "foe"
        flee_run(state, rng)
        return
    if state["phase"] in ("turn", "recalled"):
        return
    state["phase"] = "foe"
    end_foe_turn(state, rng)
    advance(state, rng)


def end_turn(state: State, rng: Rng) -> None:
    """Draw after your turn, discard down to the hand maximum, hand over the turn. (A
    free strike against a Foe's Grapple is not a turn: the Grapple goes on.)"""
    if state.get("foe_grapple"):
        foegrapple.contest(state, rng)
        return
    state["fresh"] = False
    refill(state, rng)
    if state["phase"] == "over":
        return
    if len(state["hand"]) > hand_max(state):
        state["phase"] = "discard"
        state["after_discard"] = "end"
        return
    finish_turn(state, rng)


def finish_turn(state: State, rng: Rng) -> None:
    i = state["free_turn"]
    if i is not None:
        state["free_turn"] = None
        foe = state["foes"][i]
        if foe["hp"] > 0 and foe["took_in_free"] > 0:
            state["phase"] = "hamper"
            state["pending"] = {"kind": "hamper", "foe": i}
            return
        if next_free_turn(state, rng, i):
            return
        state["phase"] = "foe"
        end_foe_turn(state, rng)
    state["phase"] = "foe"
    advance(state, rng)


def next_free_turn(state: State, rng: Rng, i: int) -> bool:
    """Fleeing: "all Opponents" get the extra Turn against the fleeing Foe ``i``: in a
    party the next character still in takes theirs (True). After the last one, a Foe still
    standing and not hampered by any of them gets away."""
    foe = state["foes"][i]
    left = state["party"].get("free_left") if "party" in state else None
    while left and foe["hp"] > 0:
        k = left.pop(0)
        if k not in party.seats_in(state):
            continue
        party.enter(state, k)
        state["free_turn"] = i
        foe["took_in_free"] = 0
        start_player_turn(state, rng)
        log(state, f"{state['hero']} gets a free Turn against the fleeing Foe.")
        return True
    if left:
        left.clear()
    if foe["hp"] > 0 and not foe["hampered"]:
        foe_gets_away(state, i)
    return False


def foe_gets_away(state: State, i: int) -> None:
    """A fleeing Foe leaves the fight, unless it is held in a Grapple (Grapple: "You
    cannot move from your space while in a Grapple")."""
    foe = state["foes"][i]
    g = state["grapple"]
    if g and g["foe"] == i:
        log(state, f"{foe['name']} cannot Flee: it is held in the Grapple.")
        return
    foe["fled"] = True
    log(state, f"{foe['name']} Flees the fight.")


def _hamper(state: State, a: Action, rng: Rng) -> None:
    i = state["pending"]["foe"]
    foe = state["foes"][i]
    ok = match_one(state, rng, "You", f"hamper {foe['name']}", a["symbol"])
    if ok:
        # lifetime: "cannot Flee this Round. They can attempt to Flee again on their next
        # Turn": it holds to the end of this Round (cleared in rounds.end_round)
        foe["hampered"] = True
        log(state, f"{foe['name']} is hampered and cannot Flee this Round.")
    state["pending"] = None
    if next_free_turn(state, rng, i):
        return
    state["phase"] = "foe"
    end_foe_turn(state, rng)
    advance(state, rng)


def _flee(state: State, a: Action, rng: Rng) -> None:
    """Flee: every Foe gets a free Round of Normal Actions at you; a Foe that damages you
    may declare an Up/Down and, matching, hamper you. Unhampered, you escape."""
    log(state, "You try to Flee: every Foe gets a free Turn at you.")
    state["fleeing"] = True
    state["hampered"] = False  # lifetime: this Flee's free turns (set in attack.after_foe_attack, read in flee_run)
    state["fresh"] = False
    state["flee_queue"] = [i for i in live_foes(state)]
    state["phase"] = "foe"
    flee_run(state, rng)


def flee_run(state: State, rng: Rng) -> None:
    """The Foes' free Turns at a fleeing player, one by one; each ends as a Turn does
    (Order of Play: a Reaction in it draws at its end: `end_foe_turn`)."""
    while state["flee_queue"]:
        end_foe_turn(state, rng)  # the free Turn before this one (a no-op at the first)
        if state["phase"] == "over":
            return
        i = state["flee_queue"].pop(0)
        if state["foes"][i]["hp"] <= 0 or state["foes"][i]["fled"]:
            continue
        foe_turn(state, rng, i, free=True)
        if state["phase"] != "foe":
            return
    end_foe_turn(state, rng)
    if state["phase"] == "over":
        return
    state["flee_queue"] = None
    state["fleeing"] = False
    if state["phase"] == "over":
        return
    if state["hampered"]:
        state["hampered"] = False
        log(state, "Hampered, you stay in the fight.")
        state["phase"] = "turn"
        end_turn(state, rng)
        return
    log(state, "You get away: the fight is over.")
    finish(state, "fled")


# the steps a rule may name as what comes next (steps.push), run by run_steps
STEPS = {"end_turn": end_turn, "finish_turn": finish_turn, "resume": resume,
         "flee": lambda state, rng, a: _flee(state, a, rng),
         "presneak_next": presneak_next, "presneak_seen": presneak_seen,
         # the stages of one attack (attack.py): declare -> answer -> damage -> after
         "answer": attack.answer_foe, "next_blow": attack.next_blow, "after_foe_attack": attack.after_foe_attack}
