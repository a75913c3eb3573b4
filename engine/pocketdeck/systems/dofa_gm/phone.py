"""Issue 29: the draws the GM typed in for a player are drawn on that player's own phone
once it joined the table link (``own``: their Action Deck kept in the host's state,
table.give_phone). The GM's table opens the same card entry as before (``entry``: a
Target Card at initiative, an attack against a creature, a Knocked Out draw); for a
player who draws on their phone that entry is a *sent call*: the one legal action is
``phone_draw``, their seat's (rules.owner), and it deals from their deck here, so the
host's own code goes on as for any draw: a Target Card is set (rounds.set_player_tc); an
attack, a save or a Knocked Out draw becomes a draw (``s['draw']``, drawn with Upper/Lower Hand
and open to a Fate Card's redraw, draws.py) that the GM's code grades when the player
accepts (rules.accept). No card ever comes from the phone. Rules: docs/rules/dofa.md,
"The player's phone at the GM's table".
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from . import decks as dk
from . import contests, draws, rounds, turns
from . import fight as ft
from .discards import attacked
from .epic import best_stat
from .fatecards import phone_tc, tc_drawn

KINDS = ("tc", "attack", "ko", "save", "epic")  # the typed-in cards (and save results) a phone draws instead


def drawer(s: State) -> dict[str, Any] | None:
    """The player whose phone draws the card the open entry asks for (None: the GM types
    it): their own, or their Companion's attack (PG, Dealers, NPCs and Companions: a
    Companion "draws from the Dealer's deck of cards"; fight.phone_holder)."""
    e = s["entry"]
    if e is None or e["for"]["kind"] not in KINDS:
        return None
    x = ft.actor(s, e["for"]["who"])
    p = ft.phone_holder(s, x)
    if p is None:
        return None
    # a draw with a modifier needs the sheet's (a player typed in by numbers has only AGL:
    # they keep reporting it, typed in by the GM); a Target Card needs none, a Companion's
    # modifiers are its stat block's
    return p if e["for"]["kind"] == "tc" or p.get("sheet") or p is not x else None


def acting(s: State) -> dict[str, Any]:
    """Who acts in the open entry: the phone's player, or their Companion."""
    return ft.actor(s, s["entry"]["for"]["who"])


def asked(s: State) -> dict[str, Any] | None:
    """What the open entry asks the player's phone to draw, as their seat may read it: the
    kind, the TC and the target or the save's status, never the DR (an attack's AR stays the
    GM's; a save's DR shows in the draw once drawn, as any check told)."""
    x = drawer(s)
    if x is None:
        return None
    f = s["entry"]["for"]
    target = ft.actor(s, f["target"])["name"] if f.get("target") else None
    by = acting(s)
    return {"kind": f["kind"], "who": x["id"], "tc": f.get("tc"), "target": target, "status": f.get("status"),
            "contest": contests.label(s, {"type": "save", "who": x["id"], "status": f.get("status")}, you=True)
            if f.get("contest") else None,
            "companion": by["name"] if by is not x else None}


MYSTIC = "Attack, Mystic"


def attack_skills(x: dict[str, Any]) -> list[str]:
    """PG, Attributes, Skills, and Modifiers: the skills an attack may use, as the powers
    name them (04_Powers): Weapon Attack with Finesse or Brute (everyone can swing a
    weapon); Mystic Attack with Knowledge or Craft when the sheet has that power."""
    return list(draws.WEAPON_STATS) + (list(draws.MYSTIC_STATS) if MYSTIC in x.get("powers", []) else [])


def label(s: State, a: Action | None = None) -> str:
    skill = (a or {}).get("skill")
    ask = asked(s) or {}
    if ask.get("contest"):
        return ask["contest"]
    if skill:
        mod = draws.sh.modifier(acting(s), skill) if ask else 0
        what = "Mystic Attack, 1 damage" if skill in draws.MYSTIC_STATS else "Weapon Attack"
        who = f"{ask['companion']}: attack" if ask.get("companion") else "Attack"
        return f"{who} {ask.get('target')} with {skill} ({mod:+d}, {what})"
    return {"tc": "Draw your Target Card", "attack": f"Draw your attack on {ask.get('target')}",
            "save": f"Draw your save against {ask.get('status')}", "epic": "Draw your Epic Event card",
            "ko": "Draw your Knocked Out draw (DR 4 Vitality)"}.get(ask.get("kind", ""), "Draw on your phone")


def waiting(s: State) -> str | None:
    """What the GM's table waits for on a player's phone outside a draw (None: nothing)."""
    x = phone_tc(s)
    if x is not None:
        return f"{x['name']} decides on their phone: keep the Target Card or redraw it with a Fate Card."
    return None


def actions(s: State) -> list[Action]:
    """``phone_draw``; for an attack, one per skill it may use (``attack_skills``: the
    phone names it, the GM's table reads it on the draw and in the log)."""
    x = drawer(s)
    if x is None:
        return []
    if s["entry"]["for"]["kind"] == "attack":
        return [{"type": "phone_draw", "skill": k} for k in attack_skills(acting(s))]
    return [{"type": "phone_draw"}]


def do_phone_draw(s: State, a: Action, rng: Rng) -> None:
    x = drawer(s)
    assert x is not None
    by = acting(s)             # the player, or their Companion (its attack)
    f = s["entry"]["for"]
    s["entry"] = None
    own = x["own"]
    if f["kind"] == "tc":
        # PG, Taking Turns: each draws a Target Card from their own Action Deck
        rounds.set_player_tc(s, x["id"], dk.draw_tc(s["decks"][own], rng, x["id"]), rng, place=False)
        # PG, Fate Cards 3: a Fate Card may redraw it at once; the table waits for the
        # phone's choice (fatecards.phone_tc) before the card takes its place in the order
        tc_drawn(s, x)
        if phone_tc(s) is None:
            rounds.tc_placed(s, x["id"], rng)
        return
    if f["kind"] == "save":
        # PG, Saves: the same draw as a creature's (turns.save_draw), from their own deck
        turns.save_draw(s, rng, x, f["status"], own)
        return
    if f["kind"] == "ko":
        # PG, Epic Events (Knocked Out): DR 4 Vitality against the TC the GM drew, Lower
        # Hand once damaged again; the same draw as a Dealer's (turns.do_ko_draw)
        hand = (-1 if f.get("lower") else 0) + sum(n for _, n in draws.hand_parts(s, x, "check", turns.KO_STAT))
        draws.start(s, rng, x, kind="epic", tc=f["tc"], stat=turns.KO_STAT, dr=f["dr"], hand=hand,
                    ko=True, deck=own)
        return
    if f["kind"] == "epic":
        # PG, Epic Events: a volunteer's draw against the event's TC and DR, with the skill
        # the GM named (or their best), as epic.do_epic_draw for a deck the app holds
        stat = s["epic"]["stat"] or best_stat(x)
        hand = sum(n for _, n in draws.hand_parts(s, x, "check", stat))
        draws.start(s, rng, x, kind="epic", tc=f["tc"], stat=stat, dr=f["dr"], hand=hand, purpose="epic",
                    deck=own)
        return
    # PG, In Combat: an attack against the creature's TC at its AR, which the GM keeps
    # hidden (the DR is not the player's to read), with the weapon's damage; the same
    # hand and grading as any attack drawn at the table (turns.do_attack, after_attack)
    y = ft.actor(s, f["target"])
    stat = a["skill"]
    mystic = stat in draws.MYSTIC_STATS
    hand = sum(n for _, n in draws.hand_parts(s, by, "attack", stat, y, mystic))
    ft.log(s, f"{by['name']} attacks {y['name']} with {stat} ("
              + ("a Mystic Attack, 1 damage)." if mystic else "a Weapon Attack)."))
    ft.uses_power(s, by)  # after the hand, as turns.do_attack: an attack ends Hidden and Invisible
    attacked(by, y)
    if f.get("readied"):
        s["combat"]["readied"].remove(by["id"])
    else:
        turns.spend_turn(s, by)    # a Companion's: its Dealer's Minor Action
    # 04_Powers Mystic Attack "for 1 damage" (turns.MYSTIC_DAMAGE); a weapon's by its quality
    draws.start(s, rng, by, kind="attack", tc=f["tc"], stat=stat, dr=max(0, f["dr"]), hand=hand,
                target=y["id"], power=MYSTIC if mystic else "Attack, Weapon",
                weapon=turns.MYSTIC_DAMAGE if mystic else by["weapon"], hidden=True, deck=own)
