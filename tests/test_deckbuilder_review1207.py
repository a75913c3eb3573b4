"""Deckbuilder: the review of 2026-12-07 (docs/reviews/deckbuilder-2026-12-07.md), its D1:
which arena's allies take Synergy when the active hero moved during the turn (prefix tn_ in
docs/rules/deckbuilder.md). A choice the book leaves to its words, pinned here."""

from __future__ import annotations

from test_deckbuilder_book import GAME, battle, hero, make_active


def test_synergy_the_allies_are_those_in_the_arena_the_active_hero_stands_in_when_the_turn_is_completed():
    """Synergy: "Ally characters in the same arena as the active player's character are
    allowed to perform synergy actions as soon as the active player has completed their
    turn." Brann and Odo fight in the Ossuary, Ilsa waits in the Broken Stair; Brann takes
    Defend and retreats to the Stair: when his turn is completed he stands beside Ilsa, so
    she takes the Synergy action and Odo, left behind, does not."""
    s = make_active(battle(heroes=("warrior", "priest", "wizard"), seed=1), "h0", ["rest"])
    hero(s, "h0")["arena"], hero(s, "h1")["arena"], hero(s, "h2")["arena"] = "ossuary", "ossuary", "stair"
    s = GAME.apply(s, {"type": "take", "stack": "defend"})
    legal = GAME.legal_actions(s)
    while {"type": "retreat", "to": "stair"} not in legal:  # the penalty attack first
        s = GAME.apply(s, next(a for a in legal if a["type"] == "attack"))
        legal = GAME.legal_actions(s)
    s = GAME.apply(s, {"type": "retreat", "to": "stair"})
    while s.get("pending"):  # no defense counters against the parting reactions
        s = GAME.apply(s, {"type": "spend", "n": 0})
    assert not hero(s, "h0")["down"] and hero(s, "h0")["arena"] == "stair"
    s = GAME.apply(s, {"type": "end"})
    assert s["turn"]["mode"] == "synergy"
    assert [s["turn"]["actor"]] + s["turn"]["queue"] == ["h2"]
    assert s["log"][-1] == "Synergy (Defend): Ilsa the Wizard."
