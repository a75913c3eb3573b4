"""A party's characters acting for one another (systems/ads/allies.py): attacking a Foe an
ally is grappling with, healing an ally, a Reaction played for an ally, and the refill at
the end of that Foe's turn. Rules: docs/rules/ads.md "The party" (tests ``tl_``)."""

from __future__ import annotations

from typing import Any

import pytest

from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads import actions, allies, area, attack, counters, data, deck, fight, foeturn, grid, party, reactions, turn
from pocketdeck.systems.ads.deck import base, hand_max
from pocketdeck.systems.ads.rules import new_fight

OPTS = {"mode": "simple", "place": "indoors", "updown": "balanced", "start": "first", "light": "dim",
        "dual": False, "ranged_melee": False}
DRAW_USERS = (allies, area, attack, counters, fight, foeturn, reactions, turn, deck)


def party_fight(decks: tuple[str, ...] = ("warrior", "priest"), foes: tuple[str, ...] = ("cave_troll",),
                mode: str = "simple") -> dict[str, Any]:
    """A party at its first turn: every hand empty (cards are given by ``give``), Round 3."""
    o = dict(OPTS, mode=mode)
    fights = [new_fight(o, data.decks()[d], d, data.deck_instances(d), list(foes)) for d in decks]
    state = fights[0]
    party.make(state, fights[1:])
    for k in range(len(decks)):
        s = party.seat(state, k)
        s["draw"], s["hand"] = s["draw"] + s["hand"], []
    state["party"]["choose"] = []
    state.update(phase="turn", round=3, begun=True, order=[f"p{k}" for k in range(len(decks))] + ["0"], turn=0)
    state["start_tick"] = 0
    if mode == "grid":
        grid.setup(state, "thrown")
    return state


def give(state: dict[str, Any], k: int, *cards: str) -> None:
    """Move one copy of each card from character ``k``'s draw deck to their hand."""
    s = party.seat(state, k)
    for c in cards:
        inst = next(x for x in s["draw"] if base(x) == c)
        s["draw"].remove(inst)
        s["hand"].append(inst)


def script(monkeypatch, *seqs: str) -> None:
    """Up/Down draws in the order given, in place of the seeded generator."""
    left = [list(s) for s in seqs]
    real = deck.draw_symbols

    def fake(state, rng, n):
        if left:
            seq = left.pop(0)
            assert len(seq) == n
            return seq
        return real(state, rng, n)
    for mod in DRAW_USERS:
        if hasattr(mod, "draw_symbols"):
            monkeypatch.setattr(mod, "draw_symbols", fake)


def play(state: dict[str, Any], a: dict[str, Any], rng: Rng) -> None:
    assert a in actions.legal(state), (a, actions.legal(state))
    actions.apply(state, a, rng)


def total(state: dict[str, Any]) -> int:
    return party.card_count(state)


# -- Grapple: attacking a Target inside it ---------------------------------------------

def grappled(holder: str = "player") -> dict[str, Any]:
    """The warrior (seat 0) plays; the priest (seat 1) is in a Grapple with the Troll."""
    s = party_fight()
    party.enter(s, 1)
    s["grapple"] = {"foe": 0, "holder": holder}
    party.enter(s, 0)
    give(s, 0, "longsword")
    return s


@pytest.mark.parametrize("holder", ["player", "foe"])
def test_attacking_a_foe_in_an_allys_grapple_needs_a_declaration_and_a_miss_hits_the_ally(monkeypatch, holder):
    """Grapple: "Anyone outside of the Grapple who is Attacking a Target inside the Grapple
    must declare an Up/Down ... If they do not match ... they hit their Ally in the Grapple"
    (the ally holding the Foe, or held by it)."""
    s, rng = grappled(holder), Rng(1)
    n = total(s)
    troll = s["foes"][0]["hp"]
    priest = party.seat(s, 1)["hp"]
    play(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0}, rng)
    assert s["phase"] == "into_grapple"
    assert actions.legal(s) == [{"type": "into", "symbol": "^"}, {"type": "into", "symbol": "v"}]
    script(monkeypatch, "v")
    play(s, {"type": "into", "symbol": "^"}, rng)
    assert s["foes"][0]["hp"] == troll  # the Troll is not touched
    assert party.seat(s, 1)["hp"] == priest - 5  # Longsword on Round 3: 5, whole, no reaction
    assert "misses Cave Troll in the Grapple and hits" in " ".join(s["log"])
    assert total(s) == n


def test_a_matched_declaration_hits_the_foe_and_it_answers_as_usual(monkeypatch):
    s, rng = grappled(), Rng(1)
    priest = party.seat(s, 1)["hp"]
    play(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0}, rng)
    script(monkeypatch, "^")  # the match; the Troll then answers by its own draws
    play(s, {"type": "into", "symbol": "^"}, rng)
    assert party.seat(s, 1)["hp"] == priest
    assert any("Cave Troll" in d["who"] and "react" in d["why"] for d in s["draws"])


def test_no_declaration_without_an_ally_in_a_grapple_with_it():
    s, rng = party_fight(), Rng(1)
    give(s, 0, "longsword")
    play(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0}, rng)
    assert s["phase"] != "into_grapple"


def test_death_a_miss_that_drops_the_ally_to_0_makes_them_fall(monkeypatch):
    """Death: Exhaustion instead of dying is for "an attack from a Foe (not a Player), any
    Effect, or any other Damage from the environment" (issue 26): an ally's own miss into
    the Grapple is a Player's attack, so the ally falls."""
    s, rng = grappled(), Rng(1)
    party.seat(s, 1)["hp"] = 2
    play(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0}, rng)
    script(monkeypatch, "v")
    play(s, {"type": "into", "symbol": "^"}, rng)
    p = party.seat(s, 1)
    assert p["exhaustion"] == 0
    assert s["party"]["out"] == ["", "fallen"]


# -- healing an ally ---------------------------------------------------------------------

def priest_turn(mode: str = "simple") -> dict[str, Any]:
    """The priest (seat 1) plays; the warrior (seat 0) is hurt."""
    s = party_fight(mode=mode)
    party.seat(s, 0)["hp"] -= 6
    party.enter(s, 1)
    s["party"]["shown"] = 1
    return s


def test_a_healing_spell_and_a_healing_base_action_may_heal_an_ally():
    s, rng = priest_turn(), Rng(1)
    give(s, 1, "healing_word")
    legal = actions.legal(s)
    word = {"type": "play", "card": "healing_word", "foe": -1, "boost": "", "extra": 0, "pay": 0, "ally": 0}
    mend = {"type": "base", "which": "class", "foe": -1, "ally": 0}
    assert word in legal and mend in legal
    # the priest is unhurt: the heal on himself heals nothing (offered all the same, ty_)
    assert {k: v for k, v in word.items() if k != "ally"} in legal
    before = party.seat(s, 0)["hp"]
    play(s, word, rng)
    assert party.seat(s, 0)["hp"] == before + 2  # R/2+1 on Round 3 (R/2 rounds down)
    assert s["party"]["healed"] == 1  # the healer, for Prevent Recovery


def test_prevent_recovery_goes_for_the_healer_not_the_one_healed():
    s, rng = priest_turn(), Rng(1)
    s["foes"][0]["id"] = "plague_rat"  # Attack - Prevent Recovery
    play(s, {"type": "base", "which": "class", "foe": -1, "ally": 0}, rng)
    assert party.target(s, Rng(3), 0) == (1, "Prevent Recovery: healed last")


def test_a_skill_heals_only_its_own_player_and_a_potion_is_handed_over_at_melee():
    s = party_fight(mode="line")  # the warrior (seat 0) plays; the priest (seat 1) is hurt
    party.seat(s, 1)["hp"] -= 6
    give(s, 0, "second_wind", "healing_potion")
    s["foes"][0]["distance"] = "melee"
    party.seat(s, 1)["foe_pos"][0]["distance"] = "melee"
    heals = {a["card"] for a in actions.legal(s) if a.get("ally") == 1 and a["type"] == "play"}
    assert heals == {"healing_potion"}  # never Second Wind
    party.seat(s, 1)["foe_pos"][0]["distance"] = "thrown"  # one category apart: Thrown
    assert allies.gap(s, 0, 1) == "thrown"
    assert not [a for a in actions.legal(s) if "ally" in a]


def test_a_healing_spell_reaches_an_ally_at_thrown_not_at_ranged():
    s = priest_turn(mode="line")
    give(s, 1, "healing_word")
    s["foes"][0]["distance"] = "melee"
    party.seat(s, 0)["foe_pos"][0]["distance"] = "thrown"
    assert any(a.get("ally") == 0 and a["type"] == "play" for a in actions.legal(s))
    party.seat(s, 0)["foe_pos"][0]["distance"] = "ranged"  # two categories apart: Ranged
    assert allies.gap(s, 1, 0) == "ranged"
    assert not [a for a in actions.legal(s) if "ally" in a]


def test_in_two_dimensional_play_the_squares_decide_who_can_be_healed():
    s = priest_turn(mode="grid")
    give(s, 1, "healing_potion")
    s["pos"] = [4, 8]
    party.seat(s, 0)["pos"] = [3, 8]  # side by side: Melee
    grid.sync(s)
    assert any(a.get("ally") == 0 for a in actions.legal(s))
    party.seat(s, 0)["pos"] = [0, 8]  # 4 squares: Thrown, too far to hand a potion over
    grid.sync(s)
    assert allies.gap(s, 1, 0) == "thrown"
    assert not any(a.get("ally") == 0 and a["type"] == "play" for a in actions.legal(s))


# -- a Reaction played for an ally -------------------------------------------------------

def attacked(helper_cards: tuple[str, ...] = ("small_shield",), ethereal: bool = False,
             decks: tuple[str, ...] = ("warrior", "priest"), target: int = 1) -> tuple[dict[str, Any], Rng]:
    """The Troll attacks the character ``target`` for 6; the other one holds ``helper_cards``."""
    s, rng = party_fight(decks), Rng(1)
    helper = 1 - target
    give(s, helper, *helper_cards)
    party.seat(s, helper)["shield"] = "small_shield" in helper_cards or "tower_shield" in helper_cards
    party.enter(s, target)
    s["party"]["shown"] = target
    s["phase"] = "foe"
    foeturn.foe_attack(s, rng, 0, {"name": "Club", "damage": "6", "distances": ["melee"], "ethereal": ethereal})
    return s, rng


def test_an_ally_at_melee_may_raise_a_shield_for_the_one_attacked_then_draws_back_up(monkeypatch):
    """Turns: "Players may play Reaction/Counter Cards on another Player's or Foe's Turn";
    Order of Play: "if you Played a Reaction in response to an Opponent or Ally, you may
    Draw Cards at the end of that Opponent's or Ally's Turn"."""
    s, rng = attacked()
    n = total(s)
    assert s["phase"] == "aid" and s["party"]["active"] == 0  # the warrior is asked first
    actions.flow.settle(s, rng)
    assert actions.legal(s) == [{"type": "ready"}]  # behind the pass-the-phone cover
    play(s, {"type": "ready"}, rng)
    assert actions.legal(s) == [{"type": "aid", "card": "small_shield"}, {"type": "no_aid"}]
    play(s, {"type": "aid", "card": "small_shield"}, rng)
    assert s["party"]["active"] == 1 and s["phase"] == "react"  # the phone goes back
    play(s, {"type": "ready"}, rng)
    hp = s["hp"]
    play(s, {"type": "take"}, rng)
    priest = party.seat(s, 1)
    assert priest["hp"] == hp - (6 - 3)  # the Small Shield blocks R = 3 on Round 3
    warrior = party.seat(s, 0)
    assert len(warrior["hand"]) == hand_max(warrior)  # drew back up at the end of the Troll's turn
    assert total(s) == n


def test_a_physical_shield_cannot_help_against_ethereal_damage_but_a_ward_spell_can():
    s, _ = attacked(ethereal=True)
    assert s["phase"] == "react" and s["party"]["active"] == 1  # nobody to ask
    s, _ = attacked(("arcane_ward",), ethereal=True, decks=("mage", "warrior"), target=1)
    assert s["phase"] == "aid" and actions.legal(s)[0] == {"type": "aid", "card": "arcane_ward"}


def test_armor_and_dodge_are_only_for_their_wearer():
    s, _ = attacked(("chainmail", "parry"))
    assert s["phase"] == "react" and s["party"]["active"] == 1


def test_a_shield_reaches_an_ally_only_at_melee_in_one_dimensional_play():
    s, rng = party_fight(("warrior", "priest"), mode="line"), Rng(1)
    give(s, 0, "small_shield")
    party.seat(s, 0)["shield"] = True
    party.enter(s, 1)
    s["foes"][0]["distance"] = "melee"
    party.seat(s, 0)["foe_pos"][0]["distance"] = "thrown"
    s["phase"] = "foe"
    foeturn.foe_attack(s, rng, 0, {"name": "Club", "damage": "6", "distances": ["melee"]})
    assert s["phase"] == "react"  # one category apart: no shield for them
    s2, _ = attacked()
    assert s2["phase"] == "aid"


def test_declining_passes_to_the_next_ally_then_back_to_the_one_attacked():
    s, rng = party_fight(("warrior", "priest", "warrior")), Rng(1)
    for k in (0, 2):
        give(s, k, "small_shield")
        party.seat(s, k)["shield"] = True
    party.enter(s, 1)
    s["party"]["shown"] = 1
    s["phase"] = "foe"
    foeturn.foe_attack(s, rng, 0, {"name": "Club", "damage": "6", "distances": ["melee"]})
    assert s["party"]["active"] == 0
    actions.apply(s, {"type": "no_aid"}, rng)
    assert s["party"]["active"] == 2 and s["phase"] == "aid"
    actions.apply(s, {"type": "ready"}, rng)
    actions.apply(s, {"type": "no_aid"}, rng)
    assert s["party"]["active"] == 1 and s["phase"] == "react" and not s["pending"].get("aid")


def test_no_help_against_an_attack_from_hiding():
    s, rng = party_fight(), Rng(1)
    give(s, 0, "small_shield")
    party.seat(s, 0)["shield"] = True
    party.enter(s, 1)
    s["foes"][0]["hidden"] = True
    s["phase"] = "foe"
    foeturn.foe_attack(s, rng, 0, {"name": "Club", "damage": "6", "distances": ["melee"]})
    assert s["phase"] == "react" and s["party"]["active"] == 1


def test_refusals_name_the_rule_and_leave_the_state_unchanged():
    from pocketdeck.core.game import IllegalAction, get_game
    game = get_game("ads")
    s, _ = attacked()
    before = repr(s)
    for bad, words in (({"type": "aid", "card": "chainmail"}, "Reaction/Counter for an ally"),
                       ({"type": "aid", "card": 1.0}, "Reaction/Counter for an ally"),
                       ({"type": "into", "symbol": "^"}, "declare an Up/Down only when")):
        with pytest.raises(IllegalAction, match=words):
            game.apply(s, bad)
    assert repr(s) == before


def test_attack_biggest_threat_a_foes_miss_into_the_grapple_is_nobodys_damage(monkeypatch):
    """ATTACK - BIGGEST THREAT: "against the Opponent that has damaged it the most" (issue
    26): a Foe's miss into a Grapple that hits another Foe is booked to no character."""
    s = party_fight(foes=("bandit", "bandit"))
    s["grapple"] = {"foe": 0}
    s["foes"][0]["hp"] = s["foes"][1]["hp"] = 6
    monkeypatch.setattr(attack, "match_one", lambda *a, **k: False)
    foeturn.foe_attack(s, Rng(1), 1, {"name": "Short Sword", "damage": "3", "distances": ["melee"]})
    assert s["foes"][0]["hp"] == 3
    assert s["party"]["dealt"][0] == [0, 0]
