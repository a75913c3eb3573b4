"""The differences of the second independent reading of the DofA phone at the GM's table
(docs/reviews/dofa-phone-2-2026-11-27.md, issue 29). Each test is named after the
difference and the book's section, and failed on main before its fix. Rules:
docs/rules/dofa.md, "The player's phone at the GM's table"."""

from __future__ import annotations

from test_table_link_dofa_draws import FIGHT

from pocketdeck.systems.dofa_gm import GAME


def actor(s: dict, name: str) -> dict:
    return next(a for a in s["actors"] if a["name"] == name)


def play(s: dict, *actions: dict) -> dict:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def every_view(s: dict) -> None:
    for seat in GAME.seats(s):
        GAME.view(s, seat)


# -- 3: a Companion whose Dealer left -------------------------------------------------------

def test_review2_3_pg_taking_turns_1_a_companion_leaves_the_table_with_its_dealer():
    """PG, Taking Turns 1: "At the beginning of combat, all characters draw a Target Card";
    PG, Dealers, NPCs and Companions: "A Companion acts on the players turn, draws from the
    Dealer's deck of cards". A Companion uses its Dealer's Target Card; with the Dealer
    removed it had none, and a creature's attack on it broke the table ('' is not a playing
    card). Choice: it leaves the table with its Dealer."""
    s = GAME.new_game(FIGHT["options"], 5)
    s = play(s, {"type": "panel", "panel": "add"}, {"type": "add_creature", "id": "Wolf"},
             {"type": "add_premade", "id": "Hearts1"})
    assert actor(s, "Wolf")["dealer"] == "p1"
    s = play(s, {"type": "focus", "who": "p1"}, {"type": "remove", "who": "p1"})
    assert actor(s, "Wolf")["out"] and "Wolf leaves with Ann, its Dealer." in s["log"]
    s = play(s, {"type": "start_combat"})
    for _ in range(200):
        legal = GAME.legal_actions(s)
        assert not any(a.get("target") == actor(s, "Wolf")["id"] or a.get("who") == actor(s, "Wolf")["id"]
                       for a in legal if a["type"] not in ("focus",))
        every_view(s)
        GAME.check_state(s)
        if not legal:
            break
        s = GAME.apply(s, legal[(len(s["log"]) * 7) % len(legal)])
