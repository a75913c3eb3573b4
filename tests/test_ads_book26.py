"""ADS issue 26: the fight and the adventure brought to the book, item by item (prefix
tk_ in docs/rules/ads.md). Each test is named after the book's section it pins."""

from __future__ import annotations

from test_ads_engine import GAME, Script, at_turn, declares

from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads import fight, flow, rounds
from pocketdeck.systems.ads.deck import hand_max


def legal_types(s):
    return [a["type"] for a in GAME.legal_actions(s)]


# -- Death (Exhaustion); Order of Play -------------------------------------------------

def test_death_exhaustion_reduces_the_hand_before_the_next_turn():
    """"a single additional Level of Exhaustion, reducing their Hand by 1 Card"; Order of
    Play: "Discard Card(s) until you have a maximum of 7 Cards": the next Turn opens with
    the discard down to 6, not with every action offered on 7 cards."""
    s = at_turn("warrior", "goblin_skirmisher", ["strength"] * 7, 2)
    s["exhaustion"] = 1
    s["phase"] = "foe"
    fight.start_player_turn(s, Rng(1))
    assert hand_max(s) == 6 and len(s["hand"]) == 7
    assert s["phase"] == "discard" and set(legal_types(s)) == {"discard"}
    s = GAME.apply(s, {"type": "discard", "card": "strength"})
    assert s["phase"] == "turn" and len(s["hand"]) == 6
    assert "draw_over" not in legal_types(s)


def test_death_hp_never_shows_below_0():
    """Death: "would reduce a Player to 0 HP or lower": the log says 0 HP left, and the
    Exhaustion prompt and the end screen say HP 0, never HP -2."""
    from pocketdeck.ui.ads.fight import render
    s = at_turn("warrior", "goblin_skirmisher", [], 2)
    s["hp"] = 2
    s["phase"] = "react"
    s["pending"] = {"kind": "attack", "foe": 0, "name": "Short Sword", "damage": 4, "ethereal": False,
                    "ranged": False, "melee": True, "sneak": False, "counters": ["agility"]}
    s = GAME.apply(s, {"type": "take"})
    assert s["phase"] == "exhaust" and "0 HP left" in s["log"][-1]
    for t in (s, GAME.apply(s, {"type": "die"})):
        v = GAME.view(t, "player")
        assert v["hp"] == 0
        assert "HP -" not in render(v, None)


# -- Turns (Combat Initiative) ----------------------------------------------------------

def _to_initiative(**opts):
    s = GAME.new_game({"deck": "warrior", "foe": "goblin_skirmisher", **opts}, seed=7)
    while s["phase"] == "choose":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    return s


def test_turns_initiative_a_full_match_on_a_tie_is_shown_as_three_matches(monkeypatch):
    """Turns: "the Player (or Foe) that draws the most matching Up/Downs wins": a tie of
    three matches each is three matches, a tie, not "no match"."""
    from pocketdeck.systems.ads import flow
    from pocketdeck.ui.ads.fight import render
    monkeypatch.setattr(flow, "coin", declares("^"))  # the Foes declare Up
    Script(monkeypatch, *[["^"]] * 6, *[["^"], ["^"], ["v"], ["v"], ["v"], ["v"]])
    s = GAME.apply(_to_initiative(), {"type": "declare", "symbol": "^"})
    v = GAME.view(s, "player")
    first = [d for d in v["draws"] if d["why"] == "initiative"][:2]
    assert [d["result"] for d in first] == ["3 of 3 match"] * 2  # a tie: neither goes first
    html = render(v, None)
    # issue 50, draws in words: the tie's two lines, in the draws list and among the cards the
    # tap drew, each say three matched and what followed
    tie = [line for line in v["draw_lines"] if line["race"] and line["matched"] == 3]
    assert len(tie) == 2 and tie[1]["then"] == "a tie: both draw again"
    assert html.count("3 of 3 matched") >= 2 and "a tie: both draw again" in html
    assert s["order"][0] == "player"


def test_turns_initiative_an_agility_card_the_foes_draw_wins_for_them(monkeypatch):
    """Turns: "Drawing an Agility Card is an automatic win", for "the Player (or Foe)"."""
    from pocketdeck.systems.ads import deck, flow
    s = _to_initiative(updown="deck")
    calls = []
    real = deck.updown

    def fake(state, rng):
        calls.append(1)
        sym = real(state, rng)
        # the player's three draws show no Agility and all match; the Foes' first is Agility
        state["_last_draw_card"] = "agility" if len(calls) == 4 else "strength"
        return "^" if len(calls) <= 3 else "v"
    monkeypatch.setattr(deck, "updown", fake)
    monkeypatch.setattr(flow, "coin", declares("^"))
    s = GAME.apply(s, {"type": "declare", "symbol": "^"})
    assert s["order"][0] != "player"


# -- Boost; what the buttons say ----------------------------------------------------------

def _face_out(s, card_id, until):
    inst = next(c for c in s["draw"] if c.split(".")[0] == card_id)
    s["draw"].remove(inst)
    s["persist"].append({"card": inst, "until": until, "since": 0})


def test_boost_attribute_cards_boost_damage_or_defense_never_healing():
    """Play a Boost Action Card: "Boost the Damage or Defense of your Card": a Healing
    Potion with 3 Fortitude in hand is offered alone and heals its own figure."""
    s = at_turn("warrior", "goblin_skirmisher", ["healing_potion"] + ["fortitude"] * 3, 3)
    s["hp"] = 5
    pots = [a for a in GAME.legal_actions(s) if a["type"] == "play" and a["card"] == "healing_potion"]
    assert pots and all(a["extra"] == 0 and a["boost"] == "" for a in pots)
    from pocketdeck.systems.ads import data
    from pocketdeck.systems.ads.facts import value
    heal = value(data.card("healing_potion"), 3)
    s = GAME.apply(s, pots[0])
    assert s["hp"] == 5 + heal


def _label(s, a):
    from pocketdeck.systems.ads.view import label
    return label(s, a)[0]


def test_card_icons_the_take_button_counts_mage_armor_held_face_out():
    """Mage Armor held face-out wards 1: the "No reaction" button says what is taken."""
    s = at_turn("mage", "goblin_skirmisher", [], 2)
    _face_out(s, "mage_armor", 4)
    s["phase"] = "react"
    s["pending"] = {"kind": "attack", "foe": 0, "name": "Short Sword", "damage": 3, "ethereal": False,
                    "ranged": False, "melee": True, "sneak": False, "counters": []}
    take = next(a for a in GAME.legal_actions(s) if a["type"] == "take")
    assert _label(s, take) == "No reaction: take 2"
    hp = s["hp"]
    assert GAME.apply(s, take)["hp"] == hp - 2


def test_card_icons_the_play_button_counts_blessing_and_sneak(monkeypatch):
    """Blessing held face-out adds 1 and a Sneak adds R/2: the button says the damage the
    play deals (the log's figure)."""
    s = at_turn("priest", "goblin_skirmisher", ["mace"], 4)
    _face_out(s, "blessing", "count")
    s["sneak_bonus"] = True
    mace = next(a for a in GAME.legal_actions(s) if a["type"] == "play" and a["card"] == "mace")
    from pocketdeck.systems.ads import data
    from pocketdeck.systems.ads.facts import value
    dmg = value(data.card("mace"), 4) + 1 + 2
    assert f"({dmg} dmg, Sneak +2)" in _label(s, mace)
    s = GAME.apply(s, mace)
    assert f": {dmg} damage from Sneak" in " ".join(s["log"])


# -- Fleeing ------------------------------------------------------------------------------

def _foe_turn(s, i, seed=1):
    from pocketdeck.systems.ads import foeturn
    s["phase"] = "foe"
    s["turn"] = s["order"].index(str(i))
    foeturn.foe_turn(s, Rng(seed), i)
    return s


def test_fleeing_a_hampered_foe_tries_to_flee_again_on_its_next_turn():
    """Fleeing: hampered, it "cannot Flee this Round. They can attempt to Flee again on
    their next Turn": a Bandit at 1 HP (Self Preservation - 2) hampered in Round 2 tries
    to Flee in Round 3 instead of attacking."""
    s = at_turn("warrior", "bandit", [], 2)
    s["foes"][0]["hp"] = 1
    s["foes"][0]["hampered"] = True
    rounds.end_round(s, Rng(1))
    assert s["round"] == 3
    s = _foe_turn(s, 0)
    assert s["free_turn"] == 0 and "tries to Flee" in " ".join(s["log"])


def test_fleeing_the_free_turn_offers_only_actions_against_the_fleeing_foe():
    """Fleeing: "one CURRENT Round of Normal Actions that Target You", "an extra Turn
    this Round against the Player or Foe that Flees": no attack on another Foe, no swap,
    no Recall, no healing, no draw-over."""
    s = at_turn("warrior", "goblin_skirmisher", ["longsword", "handaxe", "healing_potion"] + ["strength"] * 4,
                3, count=2)
    s["hp"] -= 5
    s["free_turn"] = 1
    s["fresh"] = True
    legal = GAME.legal_actions(s)
    assert {"type": "pass"} in legal
    assert all(a["type"] == "pass" or a.get("foe") == 1 for a in legal)
    assert any(a["type"] == "play" and a["card"] == "longsword" and a["foe"] == 1 for a in legal)
    assert not any(a["type"] in ("arm", "recall", "draw_over", "move", "flee") for a in legal)


def test_fleeing_in_a_party_every_opponent_gets_the_extra_turn():
    """Fleeing: "Fleeing allows all Opponents to take an extra Turn this Round against the
    Player or Foe that Flees": in a party every character still in takes a free Turn at the
    fleeing Foe (the one it faced first, then the others in seat order); one who hurts it
    may hamper it; unhampered after the last, it gets away."""
    from test_ads_party import party_fight, play, through_cover
    from pocketdeck.systems.ads import actions, party
    s = party_fight(("warrior", "mage", "rogue"), foes=("bandit", "cave_troll"))
    s.update(phase="foe", begun=True, round=2, order=["0", "1", "p0", "p1", "p2"], turn=0)
    for k in (2, 1, 0):
        party.enter(s, k)
        s["hand"] = []
    party.enter(s, 1)  # the Bandit faces the mage
    s["foes"][0]["hp"] = 1  # Self Preservation - 2: it tries to Flee
    seen, rng = [], Rng(3)
    s = _foe_turn(s, 0)
    for _ in range(3):
        assert s["free_turn"] == 0 and s["phase"] == "turn"
        seen.append(s["party"]["active"])
        assert all(a["type"] == "pass" or a.get("foe") == 0 for a in actions.legal(s))
        play(s, {"type": "pass"}, rng)
        through_cover(s, rng)
    assert seen == [1, 0, 2]
    assert s["foes"][0]["fled"] and s["free_turn"] is None
    assert s["party"]["free_left"] == []


# -- Order of Play: the draw after a Reaction -----------------------------------------------

def test_order_of_play_spotting_a_sneak_draws_at_the_end_of_that_turn():
    """Order of Play: "if you Played a Reaction in response to an Opponent ... you may
    Draw Cards at the end of that Opponent's ... Turn": the Intellect card that spots a
    Sneak is replaced before the next Foe attacks."""
    s = at_turn("mage", "goblin_skirmisher", ["intellect"] * 7, 5, count=2)
    s["order"], s["turn"] = ["0", "1", "player"], 0
    s["foes"][0]["hidden"] = True
    s["phase"], s["pending"] = "spot", {"kind": "spot", "foe": 0}
    s = GAME.apply(s, {"type": "spot"})
    assert s["phase"] == "react" and s["turn"] == 1 and len(s["hand"]) == 7


def test_order_of_play_the_foes_free_turns_at_a_fleeing_player_each_end_with_the_draw(monkeypatch):
    """Fleeing gives every Foe a free Turn; a Reaction in one draws at its end, before the
    next Foe's free Turn begins."""
    from pocketdeck.systems.ads import flow
    met = []
    real = flow.foe_turn

    def spy(state, rng, i, **kw):
        met.append((i, len(state["hand"])))
        return real(state, rng, i, **kw)
    monkeypatch.setattr(flow, "foe_turn", spy)
    s = at_turn("warrior", "goblin_skirmisher", ["strength"] * 7, 5, count=2)
    s = GAME.apply(s, {"type": "flee"})
    assert s["phase"] == "react" and s["flee_queue"] == [1]
    # a fleeing player may play only an Up/Down or Attribute Reaction: say one was played
    s["discard"].append(s["hand"].pop())
    s["reacted"] = True
    s = GAME.apply(s, {"type": "take"})
    assert met == [(0, 7), (1, 7)]


# -- Throwing Weapons ------------------------------------------------------------------------

def test_throwing_weapons_a_free_hand_draws_and_throws_as_the_action():
    """Throwing Weapons: "If you have a free hand your Character can draw and Throw a
    Weapon as an Action": a Longsword in one hand, the other free, a Handaxe card in hand,
    a Foe at Thrown: the Handaxe is thrown at once; the Longsword stays in hand."""
    s = at_turn("warrior", "goblin_skirmisher", ["handaxe"], 2, mode="line")
    s["armed"], s["shield"], s["dual"], s["offhand"] = "longsword", False, False, None
    s["foes"][0]["distance"] = "thrown"
    throws = [a for a in GAME.legal_actions(s) if a["type"] == "play" and a["card"] == "handaxe"]
    assert throws and all(a.get("throw") for a in throws)
    s = GAME.apply(s, throws[0])
    assert s["armed"] == "longsword" and "throw it" in " ".join(s["log"])
    s2 = at_turn("warrior", "goblin_skirmisher", ["handaxe"], 2, mode="line")
    s2["armed"], s2["shield"] = "longsword", True  # no free hand: a swap first
    s2["foes"][0]["distance"] = "thrown"
    assert not [a for a in GAME.legal_actions(s2) if a["type"] == "play" and a["card"] == "handaxe"]


# -- Ammunition & Throwing: a disarmed weapon --------------------------------------------------

def test_ammunition_and_throwing_every_disarmed_weapon_must_be_retrieved():
    """Ammunition & Throwing: "if your Character is disarmed ... you must retrieve your
    Weapon": disarmed twice, the first weapon is still on the floor (not playable) until
    retrieved too."""
    from pocketdeck.systems.ads import foeturn
    s = at_turn("warrior", "goblin_skirmisher", ["longsword", "handaxe"], 2)
    s["armed"], s["shield"] = "longsword", False
    foeturn.disarmed(s, "A Goblin")
    s["armed"] = "handaxe"
    foeturn.disarmed(s, "A Goblin")
    legal = GAME.legal_actions(s)
    assert not any(a["type"] in ("play", "arm") and a.get("card") in ("longsword", "handaxe") for a in legal)
    s = GAME.apply(s, {"type": "retrieve"})
    assert s["armed"] == "handaxe" and s["dropped"] == ["longsword"]
    s["phase"], s["pending"], s["turn"] = "turn", None, 0
    assert not any(a["type"] == "play" and a["card"] == "longsword" for a in GAME.legal_actions(s))
    assert {"type": "retrieve"} in GAME.legal_actions(s)


# -- Foe Traits: DISEASE ------------------------------------------------------------------------

def test_disease_is_countered_by_being_healed_by_a_priest():
    """DISEASE: "Countered at any point by using a Healing Potion, being Healed by a
    Priest, or taking a Rest": a diseased Priest at full HP is offered Mend, and it cures."""
    s = at_turn("priest", "plague_rat", [], 2)
    s["disease"] = {"from": "Plague Rat Swarm", "damage": 1, "left": 3}
    mend = [a for a in GAME.legal_actions(s) if a["type"] == "base" and a["foe"] == -1 and "ally" not in a]
    assert mend
    s = GAME.apply(s, mend[0])
    assert s["disease"] is None


# -- Grapple (Melee Distance Only): what happens in a Grapple ------------------------------------

def _in_grapple(deck, hand, holder=None, **opts):
    s = at_turn(deck, "goblin_skirmisher", hand, 2, **opts)
    s["grapple"] = {"foe": 0, "holder": holder} if holder else {"foe": 0}
    s["foes"][0]["distance"] = "melee"
    return s


def test_grapple_held_by_a_foe_bars_only_spells_weapons_and_moving():
    """"Spells cannot be Cast ... Weapons cannot be used ... You cannot move": held by a
    Foe, a Healing Potion and a healing Base Action are still offered."""
    s = _in_grapple("warrior", ["healing_potion", "longsword"], holder="foe")
    s["hp"] -= 4
    legal = GAME.legal_actions(s)
    assert any(a["type"] == "play" and a["card"] == "healing_potion" for a in legal)
    assert not any(a["type"] == "play" and a["card"] == "longsword" for a in legal)
    assert not any(a["type"] in ("move", "arm") for a in legal)


def test_grapple_the_dagger_can_be_used_in_a_grapple():
    """The Dagger's card: "Can be used in a Grapple"; Grapple: "Weapons cannot be used in
    a Grapple unless otherwise noted on the Weapon Card"."""
    s = _in_grapple("rogue", ["dagger", "rapier"], count=2)
    legal = GAME.legal_actions(s)
    daggers = [a for a in legal if a["type"] == "play" and a["card"] == "dagger"]
    assert daggers and all(a["foe"] == 0 and not a.get("throw") for a in daggers)
    assert not any(a["type"] == "play" and a["card"] == "rapier" for a in legal)


def test_grapple_a_recalled_weapon_cannot_be_played_now_in_a_grapple():
    """Recall a Card, "play it now": in a Grapple a weapon is still barred."""
    s = _in_grapple("warrior", ["strength"] * 3)
    s["discard"].append(next(c for c in s["draw"] if c.startswith("longsword.")))
    s["draw"].remove(s["discard"][-1])
    recall = next(a for a in GAME.legal_actions(s) if a["type"] == "recall" and a["card"] == "longsword")
    s = GAME.apply(s, recall)
    assert not any(a["type"] == "play" for a in GAME.legal_actions(s))
    assert any(c.startswith("longsword.") for c in s["hand"])  # kept for later


def test_the_foe_card_a_foe_plays_its_attribute_against_a_grapple_by_matching_its_up_downs(monkeypatch):
    """The Foe Card: "You use the Up/Down listed next to their Attribute to determine if
    they can play the Attribute": a Goblin (Agility vv) that misses its draw has no
    Agility card, so it must match the declaration, and missing it is Grappled."""
    s = at_turn("warrior", "goblin_skirmisher", ["longsword"], 3)
    Script(monkeypatch, ["v"], ["^", "v"], ["v"])  # free strike: 1; Agility missed; declaration missed
    s = GAME.apply(s, {"type": "grapple", "foe": 0, "how": "^"})
    s = GAME.apply(s, {"type": "take"})
    assert s["grapple"] == {"foe": 0}


def test_grapple_a_foe_held_in_your_grapple_cannot_flee():
    """Grapple: "You cannot move from your space while in a Grapple": a fleeing Foe that
    is held stays in the fight (and can still be struck)."""
    s = _in_grapple("warrior", ["strength"] * 3)
    s["free_turn"] = 0
    s["foes"][0]["took_in_free"] = 0
    s = GAME.apply(s, {"type": "pass"})
    assert not s["foes"][0]["fled"] and s["grapple"] == {"foe": 0}
    assert "cannot Flee" in " ".join(s["log"])


# -- Pre-Sneaking --------------------------------------------------------------------------------

def test_pre_sneaking_a_matched_draw_sees_a_hidden_foe_that_sneaks_again(monkeypatch):
    """Pre-Sneaking: matching the sneaker's Up/Down sees it and cancels the Sneak: a
    hidden Goblin that Sneaks again and is matched is no longer hidden."""
    from pocketdeck.systems.ads import foeturn
    s = at_turn("warrior", "goblin_skirmisher", [], 2)
    s["foes"][0]["hidden"] = True
    monkeypatch.setattr(foeturn, "coin", declares("^"))  # it declares Up
    Script(monkeypatch, ["^"])  # you match
    s["phase"] = "foe"
    foeturn.foe_sneak(s, Rng(1), 0, "Cowardly Sneak")
    assert not s["foes"][0]["hidden"] and "you spot it" in s["log"][-1]


def test_playing_foes_a_foe_reacts_to_your_strike_in_the_grapple(monkeypatch):
    """Playing Foes: the Foe has a Reaction to its Opponent's Action: the Skeletal
    Warrior's Old Mail (^*, blocks 2) blocks your 1 base damage in the Grapple."""
    s = at_turn("warrior", "skeletal_warrior", [], 2)
    s["grapple"] = {"foe": 0}
    s["foes"][0]["distance"] = "melee"
    hp = s["foes"][0]["hp"]
    Script(monkeypatch, ["^", "v"])  # its reaction draw: Old Mail
    s = GAME.apply(s, {"type": "grapple_strike"})
    assert s["foes"][0]["hp"] == hp


# -- Foe Traits: OUTNUMBER ---------------------------------------------------------------------------

def test_foe_traits_outnumber_a_missed_draw_never_brings_it_into_melee(monkeypatch):
    """OUTNUMBER: "Foe will always try to stay out of Melee Distance unless they outnumber
    Opponents by at least (X) to (Y)": a lone Cultist Healer (2 to 1) at Thrown that
    misses its draw (Failure: Base Damage) stays at Thrown."""
    s = at_turn("warrior", "cultist", [], 2, mode="line")
    s["foes"][0]["distance"] = "thrown"
    Script(monkeypatch, ["v", "^"])  # no outcome: v^ (unhurt, so the hurt-only ^v is out too)
    s = _foe_turn(s, 0)
    assert s["foes"][0]["distance"] == "thrown" and "stays out of Melee" in " ".join(s["log"])


def test_foe_traits_outnumber_the_plague_rats_show_no_outnumber_0_to_0():
    """The Plague Rat Swarm had "Outnumber - 0 to 0", a trait with no meaning: gone."""
    from pocketdeck.systems.ads import data
    assert not any(t[0] == "outnumber" for t in data.foes()["plague_rat"]["traits"])


# -- Foe Traits: KITER -------------------------------------------------------------------------------

def test_foe_traits_kiter_backs_off_to_thrown_then_ranged():
    """KITER: "this Foe will use its Turns to Move to ... Thrown then Ranged Distance (if
    using Ranged Distance Weapons)": the Goblin Archer, from Melee, goes to Thrown on one
    Turn and to Ranged on the next."""
    s = at_turn("warrior", "goblin_archer", [], 2, mode="line")
    s["foes"][0]["distance"] = "melee"
    s = _foe_turn(s, 0)
    assert s["foes"][0]["distance"] == "thrown"
    s["phase"], s["pending"] = "foe", None
    s = _foe_turn(s, 0)
    assert s["foes"][0]["distance"] == "ranged"


# -- Combat Conditions ~ Lighting ------------------------------------------------------------------

def test_lighting_a_foe_without_darksight_in_the_dark_must_match():
    """Lighting: "such as a Human in a dark room or a Goblin under a sunlit sky, then the
    Player or Foe must match": a Bandit (no Darksight) in the dark is hampered, a Dwarf
    (Darksight) under a sunlit sky is too."""
    s = at_turn("warrior", "bandit", [], 2, light="dark")
    assert fight.sight_hampered(s, s["foes"][0]) and not fight.sight_hampered(s, None)
    s = at_turn("warrior", "bandit", [], 2, light="bright")
    assert fight.sight_hampered(s, None) and not fight.sight_hampered(s, s["foes"][0])


def test_lighting_a_grapple_and_base_damage_have_a_distance(monkeypatch):
    """Lighting covers "any Card or Action/Reaction with a Distance": a Human grappling in
    the dark, and a Foe's Base Damage (Melee) in the dark, draw to see first."""
    s = at_turn("priest", "goblin_skirmisher", [], 2, light="dark")
    s["foes"][0]["hidden"] = False
    s = GAME.apply(s, {"type": "grapple", "foe": 0, "how": "^"})
    assert any(d["why"].startswith("see at Melee") for d in s["draws"])
    s = at_turn("priest", "bandit", [], 2, light="dark", mode="line")
    s["foes"][0]["distance"] = "melee"
    Script(monkeypatch, ["v", "v"])  # no outcome: Failure, Base Damage at Melee
    s = _foe_turn(s, 0)
    assert any(d["why"].startswith("see at Melee") and d["who"] == "Bandit Cutthroat" for d in s["draws"])


# -- The Foe Card: the chances shown -------------------------------------------------------------

def test_the_foe_card_chances_count_the_conditions_on_its_outcomes():
    """Playing Foes: "Some Actions have conditions, such as whether or not the Foe took
    damage this Round or last Round, or if the Characters are within striking range": an
    unhurt Cultist Healer at Thrown can only Dark Bolt (^^, 25%); the rest (75%) is its
    Failure, Base Damage."""
    s = at_turn("warrior", "cultist", [], 2, mode="line")
    s["foes"][0]["distance"] = "thrown"
    f = GAME.view(s, "player")["foes"][0]
    assert [a["chance"] for a in f["actions"]] == ["25%", "0%", "0%"]
    assert f["failure"]["chance"] == "75%"


# -- Reaction/Counter: only the counters a card lists ---------------------------------------------

def test_reaction_counter_a_foes_attack_is_countered_only_by_attributes_its_card_lists():
    """Reaction/Counter: "Attribute Cards listed as Counters on the Card you Played";
    "Typically if a Card has a Counter it will be listed": the Goblin's Short Sword lists
    none, so an Agility card in hand does not counter it."""
    from pocketdeck.systems.ads import foeturn
    s = at_turn("rogue", "goblin_skirmisher", ["agility"] * 3, 4)
    s["order"], s["turn"] = ["player", "0"], 1
    foeturn.foe_attack(s, Rng(1), 0, {"name": "Short Sword", "damage": "4", "distances": ["melee"]})
    assert not any(a["type"] == "counter" for a in GAME.legal_actions(s))


# -- Dual Wield -----------------------------------------------------------------------------

def test_dual_wield_is_declared_at_the_beginning_of_every_combat_in_an_adventure():
    """Dual Wield: "The Player must state that their Character is Dual Wielding at the
    beginning of Combat": every fight of an adventure offers the declaration in one tap
    (before the Initiative), for each character who can; declared, the character holds a
    weapon in each hand and no shield; once the fight has begun it is no longer offered."""
    from pocketdeck.core.game import get_game
    from pocketdeck.core.saves import Session
    from pocketdeck.systems.ads import party
    from pocketdeck.systems.ads.adventure import play
    from pocketdeck.systems.ads.adventure.content import rooms
    from pocketdeck.ui.ads.adventure import render
    adv = get_game("ads_adventure")
    s = adv.new_game({"hero": ["warrior", "rogue"]}, seed=3)
    offers = [a for a in adv.legal_actions(s) if a["type"] == "dual_wield"]
    assert offers == [{"type": "dual_wield", "seat": 0}, {"type": "dual_wield", "seat": 1}]
    html = render(adv.view(s, "player"), Session("ads_adventure", s["options"], s["seed"], [], s))
    assert "Declare Dual Wielding for this fight: Brakka" in html
    s = adv.apply(s, offers[0])
    f = s["fight"]
    assert f["dual"] and f["dual_declared"] and not f["shield"]
    assert [a["seat"] for a in adv.legal_actions(s) if a["type"] == "dual_wield"] == [1]
    f["begun"] = True
    assert not any(a["type"] == "dual_wield" for a in adv.legal_actions(s))
    # the next Combat offers it again, to a character whose hand came along too
    s["fight"] = None
    play.start_fight(s, ["goblin_skirmisher"], rooms()[s["room"]], wander=True)
    assert not party.seat(s["fight"], 0)["dual_declared"]
    assert {"type": "dual_wield", "seat": 0} in play.legal(s)


# -- Foe Traits: ATTACK - OPPORTUNIST ------------------------------------------------------

def test_foe_traits_opportunist_nearest_is_counted_in_squares_in_two_dimensional_play():
    """ATTACK - OPPORTUNIST: "against the nearest Opponent"; Two Dimensional play: "Distance
    is an important factor", counted in squares. Two characters at Thrown, 2 and 4 squares
    off: the Foe goes for the one 2 squares off, whatever the draw; the same default
    "nearest" serves a Foe with no Attack trait. Only a true tie is a seeded draw."""
    from test_ads_party import party_fight
    from pocketdeck.systems.ads import grid, party
    for foe, why in (("goblin_archer", "Opportunist: the nearest"), ("goblin_skirmisher", "the nearest")):
        s = party_fight(("warrior", "mage", "rogue"), foes=(foe,), mode="line")
        grid.setup(s, "ranged")
        s["foes"][0]["at"] = [4, 2]
        for k, sq in enumerate(([4, 6], [6, 4], [0, 8])):  # 4, 2 and 6 squares off
            party.seat(s, k)["pos"] = sq
        grid.sync(s)
        assert [party.seat(s, k)["foe_pos"][0]["distance"] if party.seat(s, k) is not s
                else s["foes"][0]["distance"] for k in range(3)] == ["thrown", "thrown", "ranged"]
        assert {party.target(s, Rng(n), 0) for n in range(20)} == {(1, why)}
        party.seat(s, 0)["pos"] = [2, 4]  # 2 squares off too: now a tie, by a seeded draw
        grid.sync(s)
        assert {party.target(s, Rng(n), 0)[0] for n in range(30)} == {0, 1}


# -- The Foe Card: XP and Gold for defeating a Foe -------------------------------------------

def test_the_foe_card_a_foe_that_flees_gives_no_xp_and_the_end_says_so():
    """The Foe Card: XP and Gold are what "defeating this Foe grants"; Fleeing: the one who
    Flees "removes themselves from Combat", undefeated. When the last Foe flees the fight
    ends with no Foe left, and the end says that it fled and gave no XP, not "Victory! 0 XP"."""
    from pocketdeck.ui.ads.fight import render
    s = at_turn("warrior", "goblin_skirmisher", [], 2, count=2)
    s["foes"][0]["fled"] = True
    s["foes"][1]["fled"] = True
    flow.advance(s, Rng(1))
    assert s["outcome"] == "won" and s["xp"] == 0 and s["gold"] == 0
    html = render(GAME.view(s, "player"), None)
    assert "Victory!" not in html and "0 XP" not in html
    assert "fled. A Foe that flees is not defeated, so it gives no XP or Gold" in html
    # one defeated, one fled: the defeated one's XP, and the fled one named
    s = at_turn("warrior", "goblin_skirmisher", [], 2, count=2)
    s["foes"][0]["hp"], s["foes"][1]["fled"] = 0, True
    flow.advance(s, Rng(1))
    assert s["xp"] > 0
    assert f"Victory! {s['xp']} XP" in s["log"][-1] and "fled: no XP or Gold for a Foe not defeated" in s["log"][-1]
