"""Review new-rules-2026-12-07 of the GM's table (part 1, G1-G4: Grapple, breaking free,
Hide), one test per fix named after the Player's Guide section it follows (docs/rules/dofa.md
part 2: the rows citing R6)."""

from __future__ import annotations

import pytest

from pocketdeck.core.rng import Rng
from pocketdeck.systems.dofa_gm import fight as ft
from pocketdeck.systems.dofa_gm.fight import actor
from test_dofa_gm import GAME, _turn_of, ck_mod, fight, grappled, play, rig, view_label, who


def _hidden(s: dict, x: dict) -> dict:
    ft.add_status(s, actor(s, x["id"]), "Hidden", None, by=x["id"])
    GAME.check_state(s)
    return s


@pytest.mark.parametrize("success", [True, False])
def test_pg_interacting_with_the_environment_hidden_a_successful_detection_check_ends_it(success):
    """PG, Interacting with the Environment, Hidden: "a creature is no longer Hidden whenever
    another creature makes a Successful Detection Check". The Dire Wolf Hidden; on Spades'
    turn the GM calls a Detection check for Spades contested by the wolf (Stealth +2, DR 2,
    against the wolf's Target Card): made, the wolf is no longer Hidden; missed, it stays."""
    s = fight()
    wolf, spades = who(s, "Dire Wolf"), who(s, "Spades1")
    s = _hidden(_turn_of(s, spades["id"]), wolf)
    s = play(s, {"type": "call", "who": spades["id"]}, {"type": "call_stat", "stat": "Detection"},
             {"type": "call_contest", "by": wolf["id"]}, {"type": "call_vs_mod", "mod": 2})
    c = s["call"]
    s = rig(s, spades["deck"], c["tc"], c["dr"] + ck_mod(spades, "Detection"), success)
    s = play(s, {"type": "call_draw"}, {"type": "accept"})
    assert s["call"] is None
    assert (ft.status(actor(s, wolf["id"]), "Hidden") is None) is success
    if success:
        assert "Spades spots Dire Wolf: Dire Wolf is no longer Hidden (PG, Hidden)." in s["log"]
        assert not [p for p in ft_parts(s, spades, wolf) if "Hidden" in p[0]]


def ft_parts(s: dict, x: dict, y: dict) -> list:
    from pocketdeck.systems.dofa_gm import draws
    return draws.hand_parts(s, actor(s, x["id"]), "attack", "Finesse", actor(s, y["id"]))


@pytest.mark.parametrize("success", [True, False])
def test_pg_interacting_with_the_environment_hidden_a_failed_stealth_check_ends_it(success):
    """PG, Interacting with the Environment, Hidden: a creature is no longer Hidden if it
    "Fails a Stealth Check". Spades (a premade the app runs) Hidden; the GM calls a Stealth
    check, DR 3: missed, Spades is no longer Hidden; made, it stays Hidden."""
    s = fight()
    spades = who(s, "Spades1")
    s = _hidden(_turn_of(s, spades["id"]), spades)
    s = play(s, {"type": "call", "who": spades["id"]}, {"type": "call_stat", "stat": "Stealth"},
             {"type": "call_dr", "dr": 3}, {"type": "call_tc"})
    c = s["call"]
    s = rig(s, spades["deck"], c["tc"], c["dr"] + ck_mod(spades, "Stealth"), success)
    s = play(s, {"type": "call_draw"}, {"type": "accept"})
    assert (ft.status(actor(s, spades["id"]), "Hidden") is not None) is success
    if not success:
        assert "Spades fails a Stealth check: no longer Hidden (PG, Hidden)." in s["log"]


def test_pg_status_conditions_13_grappled_a_heal_is_a_power_drawn_at_lower_hand():
    """PG, Status Conditions 13 Grappled: "They have Lower Hand when using any Power"; a Heal
    is a Power (04_Powers), and Status Conditions 5 treats the Knocked Out with "a Healing
    Power": Hearts, Grappled by the Dire Wolf, heals the Knocked Out Spades: the treatment
    draw is at Lower Hand 1 ("Grappled: a Power")."""
    s = fight(party=("Spades1", "Hearts1"))
    wolf, spades, hearts = who(s, "Dire Wolf"), who(s, "Spades1"), who(s, "Hearts1")
    s = _turn_of(s, hearts["id"])
    ft.add_status(s, actor(s, hearts["id"]), "Grappled", None, by=wolf["id"])
    ft.hurt(s, actor(s, spades["id"]), 99, Rng(1))
    GAME.check_state(s)
    heal = {"type": "power", "who": hearts["id"], "target": spades["id"], "power": "Heal"}
    assert heal in GAME.legal_actions(s)
    s = play(s, heal)
    d = s["draw"]
    assert d["treat"] == spades["id"] and d["hand"] == -1


def test_pg_status_conditions_13_a_grappled_companion_breaks_free_on_its_dealers_command():
    """PG, Status Conditions 13: "A creature can end the Grappled condition by making a
    successful Contested Brute or Finesse Check against target's Brute"; a Companion "acts
    on the players turn" (PG, Dealers, NPCs and Companions), "commanded with an Action"
    (GMG): Diamonds' Wolf, Grappled by the Dire Wolf, breaks free on Diamonds' turn (the
    Dealer's Minor Action); the Dire Wolf draws Brute against the Wolf's (its Dealer's)
    Target Card; its miss frees the Wolf."""
    s = GAME.new_game({"mode": "table", "players": [], "party": ["Diamonds1"], "foes": ["Dire Wolf"]}, 3)
    s = play(s, {"type": "panel", "panel": "add"}, {"type": "add_creature", "id": "Wolf"},
             {"type": "start_combat"})
    dire, diamonds = who(s, "Dire Wolf"), who(s, "Diamonds1")
    pet = next(a for a in s["actors"] if a.get("dealer") == diamonds["id"])
    s = _turn_of(s, diamonds["id"])
    ft.add_status(s, actor(s, pet["id"]), "Grappled", None, by=dire["id"])
    GAME.check_state(s)
    free = {"type": "break_free", "who": pet["id"]}
    assert free in GAME.legal_actions(s)
    assert view_label(s, free) == ("Wolf: break free of Dire Wolf's grapple (Diamonds's command, a Minor Action: "
                                   "Brute or Finesse vs Brute)")
    s = play(s, free)
    assert s["combat"].get("minor") and not s["combat"]["acted"]       # the Dealer's Minor Action
    d = s["due"][0]
    assert (d["who"], d["stat"], d["contest"], d["tc"]) == (dire["id"], "Brute", "break",
                                                            ft.tc_of(s, actor(s, diamonds["id"])))
    s = rig(s, dire["deck"], d["tc"], d["dr"] + ck_mod(dire, "Brute"), False)
    s = play(s, {"type": "save", "who": dire["id"], "status": "Break free"}, {"type": "accept"})
    assert ft.status(actor(s, pet["id"]), "Grappled") is None


def test_pg_status_conditions_13_and_hidden_the_log_names_what_ends_them():
    """PG, Status Conditions 13 (Grappled ends by breaking free) and Hidden (spotted, hurt,
    a Power, a failed Stealth check): neither has a save, so the log says what ends it; a
    Hide with one detector reads in the singular."""
    s = fight()
    wolf, spades = who(s, "Dire Wolf"), who(s, "Spades1")
    s = grappled(s, wolf, spades)
    assert "Spades is Grappled (until it breaks free)." in s["log"]
    s = fight()
    s = _turn_of(s, wolf["id"])
    s = play(s, {"type": "hide", "who": wolf["id"]})
    assert any(line.startswith("Dire Wolf tries to Hide (a Major Action): Spades draws a contested Detection "
                               "check against Dire Wolf's Target Card, DR 2") for line in s["log"])
    d = s["due"][0]
    s = rig(s, spades["deck"], d["tc"], d["dr"] + ck_mod(spades, "Detection"), False)
    s = play(s, {"type": "save", "who": spades["id"], "status": "Hide"}, {"type": "accept"})
    assert ("Dire Wolf is Hidden (until spotted or hurt, or it uses a Power or fails a Stealth check)."
            in s["log"])
    assert not [line for line in s["log"] if "until saved or ended" in line]
