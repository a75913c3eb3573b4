"""Every mark the fight keeps on its state (issue 26, "The shape": one written lifetime each).

A mark is a flag or counter that says something holds *until* something else happens:
hampered, reacted, hidden, a Grapple, dropped weapons... Each row says what it means, on
whom it sits, until when it holds (its lifetime), the functions that set and clear it
("module.function"), and the book section it comes from. ``tests/test_ads_marks.py`` reads
every assignment of these keys in ``systems/ads`` with ``ast`` and fails on one made
outside the functions listed here, so the table cannot drift from the code.
docs/rules/ads.md ("Marks and their lifetimes") prints this table. Data only: nothing
imports it at run time (layer 0)."""

from __future__ import annotations

from typing import NamedTuple


class Mark(NamedTuple):
    name: str        # the state key
    on: str          # "player" (each seat's own), "foe", or "fight"
    meaning: str
    until: str       # the written lifetime
    set_by: tuple[str, ...]
    cleared_by: tuple[str, ...]
    section: str     # the book section (or "our choice")


MARKS: tuple[Mark, ...] = (
    Mark("hampered", "foe, player", "cannot Flee this Round (a damaging attacker matched its Up/Down)",
         "a Foe: to the end of the Round; the player: to the end of this Flee's free turns",
         ("flow._hamper", "attack.after_foe_attack"), ("rounds.end_round", "flow._flee", "flow.flee_run"), "Fleeing"),
    Mark("fleeing", "player", "the character is Fleeing: the Foes take their free Round at them",
         "from the Flee until its free turns end (or the character leaves)",
         ("flow._flee",), ("flow.flee_run", "party.leave"), "Fleeing"),
    Mark("flee_queue", "fight", "the Foes still to take their free turn at a fleeing character",
         "from the Flee until the queue is empty", ("flow._flee",), ("flow.flee_run",), "Fleeing"),
    Mark("free_turn", "fight", "an extra Turn granted by a Flee (whose it is, at whom)",
         "one Turn, then the next free Turn or none", ("foeturn.foe_flees", "flow.next_free_turn"),
         ("flow.finish_turn", "flow.next_free_turn"), "Fleeing"),
    Mark("reacted", "player", "a Reaction was played this Opponent's Turn: the draw comes at its end",
         "to the end of that Opponent's Turn",
         ("allies._aid", "foegrapple._grapple_card", "grapple._hold", "reactions._counter", "reactions._react",
          "reactions._spot", "reactions._updown_counter", "attack.answered", "turn._play"),
         ("flow.end_foe_turn", "allies.refill_helpers"), "Reactions"),
    Mark("hidden", "foe", "the Foe Sneaked out of sight: not a target", "until it attacks, disarms or is spotted",
         ("foeturn.foe_sneak",), ("attack.declare_foe", "foeturn.foe_disarm", "foeturn.foe_sneak", "reactions._spot"),
         "Sneak (our reading)"),
    Mark("closed", "foe", "the Foe's last move closed in on the character",
         "until its next move or the character's move away", ("fight.move_foe",), ("fight.move_foe", "turn._move"),
         "Closing Distance and Fleeing"),
    Mark("pursued", "foe", "the character closed in on this Foe: its next move away is avoiding",
         "until the Foe's next turn or another action breaks the pair",
         ("turn._move",), ("actions.apply", "foeturn.foe_turn"), "Closing Distance and Fleeing"),
    Mark("backed", "foe", "how many times in a row the Foe backed away from a pursuer",
         "until it is 2 (the Foe Flees) or the pair is broken",
         ("foeturn.foe_turn", "foeturn.back_away"), ("actions.apply", "foeturn.foe_turn", "turn._move"),
         "Closing Distance and Fleeing"),
    Mark("avoid", "player", "how many times in a row the character moved away from a Foe that closed in",
         "until it is 2 (the character Flees) or any other action", ("turn._move",), ("actions.apply", "turn._move"),
         "Closing Distance and Fleeing"),
    Mark("kiting", "foe", "a Kiter backing out of Melee to shoot", "until it reaches Ranged",
         ("foeturn.foe_turn",), ("foeturn.foe_turn",), "Foe Card traits: Kiter"),
    Mark("took_since_turn", "foe", "damage the Foe took since its last turn (Self Preservation and the like)",
         "to the Foe's next turn", ("attack._hurt_foe",), ("foeturn.foe_turn",), "Foe Card traits"),
    Mark("took_in_free", "foe", "damage the Foe took in a Flee's free turns: who may declare to hamper it",
         "to the end of those free turns", ("attack._hurt_foe",), ("flow.next_free_turn", "foeturn.foe_flees"),
         "Fleeing"),
    Mark("hurt_tick", "foe", "the Round (tick) the Foe was last hurt: 'if hurt this Round or last'",
         "kept; read against the Round", ("attack._hurt_foe",), ("attack._hurt_foe",), "Foe Cards (conditions)"),
    Mark("sneak_bonus", "player", "a successful Pre-Sneak: the first attack gets the Sneak bonus",
         "to the character's next attack", ("flow.presneak_next",), ("turn._play",), "Pre-Sneaking"),
    Mark("fresh", "player", "the turn began with the hand already at the maximum and no action yet: the draw-over is allowed",
         "to the first action of the turn", ("fight.start_player_turn",),
         ("fight.start_player_turn", "flow._flee", "flow.end_turn", "foegrapple._escape", "grapple._grapple",
          "grapple._grapple_strike", "turn._draw_over", "turn._recall"), "Order of Play"),
    Mark("dropped", "player", "weapons on the floor after a Disarm", "until each is retrieved",
         ("foeturn.disarmed", "turn._retrieve"), ("turn._retrieve",), "Disarm"),
    Mark("shield_cover", "player", "Ranged attacks a raised shield still covers this Round",
         "to the end of the Round (or the shield is dropped)", ("reactions._cover", "reactions._react"),
         ("rounds._seat_round_start", "turn._shield"), "Shields"),
    Mark("base_used", "player", "the Class and Race Base Actions used this Round", "to the end of the Round",
         ("turn._base", "attack.after_hit"), ("rounds._seat_round_start",), "Base Actions"),
    Mark("disease", "player", "a Disease: damage a Round for some Rounds", "until its Rounds run out or it is cured",
         ("attack.after_hit",), ("rounds._seat_round_start", "allies.heal_ally", "turn.heal_player"),
         "Foe Card traits: Disease"),
    Mark("grapple", "player", "a Grapple the character is in (who holds whom)", "until released, escaped or a side is down",
         ("fight.grab", "foegrapple.held"),
         ("attack._hurt_ally", "attack._hurt_foe", "foegrapple.escaped", "foeturn.escape_resolve", "grapple._release",
          "party.enter"), "Grappling"),
    Mark("foe_grapple", "fight", "a Foe's Grapple under way (the contest's steps)", "until the contest is done",
         ("foegrapple.foe_grapple", "foegrapple.contest"), ("foegrapple.done", "attack._hurt_ally"), "Grappling"),
)


def mark(name: str) -> Mark:
    """The row of ``name`` (KeyError naming it when it is not a mark)."""
    for m in MARKS:
        if m.name == name:
            return m
    raise KeyError(f"{name!r} is not a mark of the ADS fight (systems/ads/marks.py)")
