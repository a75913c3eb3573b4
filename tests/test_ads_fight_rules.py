"""ADS issue 8 gaps, each by the book's section (docs/rules/ads.md, prefix tf_): Overwhelm
and the Foe's side of Grapple, disarming, Closing Distance and Fleeing for Foes, Energy
Bolt's divided damage, Re-Counter & Escalation chains, spell prerequisites, "+1 R for
every Intellect Card", the optional Ranged-at-Melee rule and an Attribute card from the
draw deck for a level of Exhaustion. Foe turns are run directly (foeturn.foe_turn) and the
player's answers through Game.apply."""

from __future__ import annotations

import copy
from collections import Counter

from test_ads_engine import GAME, Script, at_turn

from pocketdeck.core.rng import Rng
from pocketdeck.core.simulate import simulate
from pocketdeck.systems.ads import data, fight, foegrapple, foeturn
from pocketdeck.systems.ads.deck import hand_max
from pocketdeck.systems.ads.facts import play_price
from pocketdeck.ui.check import render_check


def foe_turn(s, i, seed=1):
    """Foe ``i`` takes its turn now (the player's answers go through Game.apply)."""
    s["phase"] = "foe"
    s["turn"] = s["order"].index(str(i))
    foeturn.foe_turn(s, Rng(seed), i)
    return s


def legal_types(s):
    return [a["type"] for a in GAME.legal_actions(s)]


# -- Foe Traits: OVERWHELM; Grapple (Melee Distance Only) ---------------------------

def test_overwhelm_4_goblins_needs_four_at_melee():
    """"Overwhelm - 4 Goblins" (the Goblin card, three times): three Goblins never grapple,
    four at Melee do; one standing off at Thrown breaks it (One Dimensional play)."""
    s = at_turn("warrior", "goblin_skirmisher", ["longsword"], 3, count=3, mode="line")
    for f in s["foes"]:
        f["distance"] = "melee"
    assert not foegrapple.overwhelm_ready(s, 0)
    s = at_turn("warrior", "goblin_skirmisher", ["longsword"], 3, count=4, mode="line")
    for f in s["foes"]:
        f["distance"] = "melee"
    assert foegrapple.overwhelm_ready(s, 0)
    s["foes"][3]["distance"] = "thrown"
    assert not foegrapple.overwhelm_ready(s, 0)


def test_foe_grapple_lets_you_strike_first_and_agility_beats_an_up_down_grapple():
    """The target may play a Melee weapon card as a Free Action first; "If you Declare Up
    or Down and they have an Agility or Strength Card ... you automatically lose"."""
    s = at_turn("warrior", "bandit", ["longsword", "agility"], 2, count=2)
    s["order"] = ["player", "0"]
    s = foe_turn(s, 0)
    assert s["phase"] == "ward_off" and s["foe_grapple"]["how"] in ("^", "v")  # the Bandit has no Strength
    legal = GAME.legal_actions(s)
    assert {"type": "no_strike"} in legal
    assert any(a["type"] == "play" and a["card"] == "longsword" and a["foe"] == 0 for a in legal)
    assert {"type": "strike_back"} not in legal  # it has a Melee weapon card to play instead
    s = GAME.apply(s, {"type": "no_strike"})
    assert s["phase"] == "grapple_counter"
    assert GAME.legal_actions(s) == [{"type": "grapple_card", "card": "agility"}, {"type": "grapple_yield"}]
    s = GAME.apply(s, {"type": "grapple_card", "card": "agility"})
    assert s["grapple"] is None and "fails at once" in " ".join(s["log"])


def test_foe_grapple_free_strike_with_a_weapon_hits_first(monkeypatch):
    s = at_turn("warrior", "bandit", ["longsword", "agility"], 2, count=2)
    s["order"] = ["player", "0"]
    s = foe_turn(s, 0)
    Script(monkeypatch, ["v"], ["^", "^"])  # its Agility counter (^) fails; no Buckler (v*)
    s = GAME.apply(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["foes"][0]["hp"] == 1  # 6 - Longsword 5 on Round 2
    assert s["phase"] == "grapple_counter"  # then the Grapple itself


def test_held_by_a_foe_no_weapons_no_moving_then_escape(monkeypatch):
    """Grappled: no weapons, spells or moving; 1 base Physical damage on your turn; escape
    as a Normal Action by declaring an Up/Down the grappler must match. The grappler
    strikes you for 1 on its turn."""
    s = at_turn("warrior", "bandit", ["longsword"], 2, count=2)
    s["order"] = ["player", "0"]
    s = foe_turn(s, 0)
    how = s["foe_grapple"]["how"]
    other = "v" if how == "^" else "^"
    Script(monkeypatch, [other])  # you draw and miss its declaration
    s = GAME.apply(s, {"type": "no_strike"})
    assert s["grapple"] == {"foe": 0, "holder": "foe"}
    assert s["events"]["player_grappled"] == 1
    s["phase"], s["turn"] = "turn", 0
    legal = GAME.legal_actions(s)
    assert {"type": "grapple_strike"} in legal and {"type": "escape", "how": "^"} in legal
    assert not any(a["type"] in ("move", "flee", "arm", "grapple", "release") for a in legal)
    assert not any(a["type"] == "play" and data.card(a["card"])["kind"] in ("weapon", "spell") for a in legal)
    hp = s["hp"]
    s2 = foe_turn(copy.deepcopy(s), 0)
    assert s2["phase"] == "react" and s2["pending"]["damage"] == 1 and s2["pending"]["name"] == "strike in the Grapple"
    assert s["hp"] == hp
    Script(monkeypatch, ["^"])  # the Bandit must match your Down: it draws Up
    s["phase"] = "turn"
    s = GAME.apply(s, {"type": "escape", "how": "v"})
    assert s["grapple"] is None and "break free" in " ".join(s["log"])


# -- Weapons: disarmed ---------------------------------------------------------------

def test_disarmed_weapon_must_be_retrieved_with_an_action(monkeypatch):
    """"if your Character is disarmed in some manner (a Foe Ability ...), then you must
    retrieve your Weapon" before using it: the Hobgoblin's Disarming Twist (vv, Round 2)."""
    s = at_turn("warrior", "hobgoblin_captain", ["longsword", "longsword"], 2)
    s["armed"] = "longsword"
    Script(monkeypatch, ["v", "v"])
    s = foe_turn(s, 0)
    assert s["phase"] == "react" and s["pending"]["disarm"]
    assert legal_types(s) == ["take"]  # no Agility or Strength in hand to counter with
    s = GAME.apply(s, {"type": "take"})
    assert s["armed"] is None and s["dropped"] == ["longsword"] and s["events"]["disarmed"] == 1
    s["phase"], s["turn"] = "turn", 0
    legal = GAME.legal_actions(s)
    assert not any(a["type"] in ("play", "arm") and a.get("card") == "longsword" for a in legal)
    assert {"type": "retrieve"} in legal
    s = GAME.apply(s, {"type": "retrieve"})
    assert s["armed"] == "longsword" and "dropped" not in s


def test_an_agility_counter_keeps_your_weapon(monkeypatch):
    s = at_turn("warrior", "hobgoblin_captain", ["longsword", "agility"], 2)
    s["armed"] = "longsword"
    Script(monkeypatch, ["v", "v"], ["v"])  # the Twist; it cannot Re-Counter (its Agility is ^)
    s = foe_turn(s, 0)
    s = GAME.apply(s, {"type": "counter", "card": "agility"})
    assert s["armed"] == "longsword" and not s.get("dropped")


# -- Closing Distance and Fleeing (the Foe side) -------------------------------------

def test_a_kiter_backing_away_twice_in_a_row_is_fleeing():
    """"If a Character/Foe uses their Turn to get closer ... and the next move for their
    Target is to move away ... twice in a row, the Character or Foe is considered to be
    Fleeing": you close on the Goblin Archer, it kites away, twice: you get the free Turn."""
    s = at_turn("warrior", "goblin_archer", [], 2, mode="line")
    s["order"] = ["player", "0"]
    s["foes"][0]["distance"] = "thrown"
    s = GAME.apply(s, {"type": "move", "foe": 0, "to": "melee"})
    assert s["foes"][0]["distance"] == "thrown" and s["foes"][0]["backed"] == 1  # it kited
    assert s["phase"] == "turn" and s["free_turn"] is None
    s = GAME.apply(s, {"type": "move", "foe": 0, "to": "melee"})
    assert s["free_turn"] == 0 and "twice in a row" in " ".join(s["log"])
    assert s["events"]["foe_avoid_flee"] == 1


def test_doing_something_else_in_between_breaks_the_row():
    s = at_turn("warrior", "goblin_archer", [], 2, mode="line")
    s["order"] = ["player", "0"]
    s["foes"][0]["distance"] = "thrown"
    s = GAME.apply(s, {"type": "move", "foe": 0, "to": "melee"})
    assert s["foes"][0]["backed"] == 1
    s = GAME.apply(s, {"type": "pass"})
    assert s["foes"][0]["backed"] == 0 and s["free_turn"] is None


# -- Card Icons and Mechanics: Energy Bolt divides its damage ------------------------

def test_energy_bolt_divides_its_damage_between_up_to_r_plus_1_foes(monkeypatch):
    """"Hurl a bolt of energy at your Opponent for R+1 Damage. You can divide the Damage
    from Energy Bolt between up to R+1 Opponents": Round 2, 3 damage, 2 at one Goblin and
    1 at another; each answers its own share (Light Armor is Physical: no use)."""
    s = at_turn("mage", "goblin_skirmisher", ["energy_bolt"], 2, count=3)
    inst = s["hand"][0]
    miss = "v" if data.instance_symbol(inst) == "^" else "^"
    s = GAME.apply(s, {"type": "play", "card": "energy_bolt", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["phase"] == "split" and s["split"]["left"] == 2 and s["split"]["max"] == 3
    assert [a["foe"] for a in GAME.legal_actions(s)] == [0, 1, 2]
    s = GAME.apply(s, {"type": "split", "foe": 1})
    Script(monkeypatch, ["^", "^"], [miss], ["^", "^", "^"], ["^", "^"], [miss], ["^", "^", "^"])
    s = GAME.apply(s, {"type": "split", "foe": 0})
    assert [f["hp"] for f in s["foes"]] == [1, 2, 3]
    assert s["events"]["split_damage"] == 1


def test_energy_bolt_split_limit_is_r_plus_1():
    s = at_turn("mage", "goblin_skirmisher", ["energy_bolt"], 1, count=3)
    s = GAME.apply(s, {"type": "play", "card": "energy_bolt", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    s = GAME.apply(s, {"type": "split", "foe": 1})  # R1: 2 damage between up to 2 Foes
    assert s["phase"] != "split"
    s = at_turn("mage", "goblin_skirmisher", ["energy_bolt"], 1, count=3)
    s["split"] = {"attack": {"card": "energy_bolt"}, "left": 1, "parts": [[0, 1], [1, 1]], "max": 2}
    s["phase"] = "split"
    assert [a["foe"] for a in GAME.legal_actions(s)] == [0, 1]  # no third Foe at R1


# -- Re-Counter & Escalation -----------------------------------------------------------

def test_escalation_goes_on_until_one_side_cannot(monkeypatch):
    """"This process continues until either you or the Player/Foe cannot Re-Counter or
    Counter again": the Hobgoblin Captain's card says it Escalates (Agility ^)."""
    s = at_turn("warrior", "hobgoblin_captain", ["longsword", "strength", "strength"], 3)
    Script(monkeypatch, ["^"], ["^"], ["v"])
    s = GAME.apply(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["phase"] == "recounter"  # its Agility counter
    s = GAME.apply(s, {"type": "recounter"})
    assert s["phase"] == "recounter"  # it Escalates with Agility
    s = GAME.apply(s, {"type": "recounter"})  # you Escalate again; it fails: the blow lands
    assert s["foes"][0]["hp"] == 9 - 5
    assert s["events"]["foe_escalation"] == 1 and s["events"]["player_escalation"] == 1


def test_escalation_lost_when_you_run_out_of_cards(monkeypatch):
    s = at_turn("warrior", "hobgoblin_captain", ["longsword", "strength"], 3)
    Script(monkeypatch, ["^"], ["^"])
    s = GAME.apply(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    s = GAME.apply(s, {"type": "recounter"})
    assert s["foes"][0]["hp"] == 9 and "Your Longsword has no effect." in s["log"]


def test_foes_counter_once_unless_their_card_says_otherwise(monkeypatch):
    """A Goblin (no Escalation on its card) never answers a Re-Counter."""
    s = at_turn("warrior", "goblin_skirmisher", ["longsword", "strength"], 4)
    Script(monkeypatch, ["v", "v"])
    s = GAME.apply(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    s = GAME.apply(s, {"type": "recounter"})
    assert s["foes"][0]["hp"] == 0 and "foe_escalation" not in s.get("events", {})


def test_a_foe_re_counters_your_counter_and_you_escalate_with_a_listed_attribute(monkeypatch):
    s = at_turn("rogue", "hobgoblin_captain", ["agility", "agility", "dodge"], 4)
    s["order"], s["turn"] = ["player", "0"], 1
    # an attack whose card lists Agility as a Counter (Reaction/Counter: "Attribute Cards
    # listed as Counters on the Card")
    foeturn.foe_attack(s, Rng(1), 0, {"name": "Flail", "damage": "5", "distances": ["melee"], "counters": ["agility"]})
    hp = s["hp"]
    Script(monkeypatch, ["^"], ["v"])
    s = GAME.apply(s, {"type": "counter", "card": "agility"})
    assert s["phase"] == "react" and s["pending"]["chain"] == 1
    assert GAME.legal_actions(s) == [{"type": "take"}, {"type": "counter", "card": "agility"}]  # no Dodge now
    s = GAME.apply(s, {"type": "counter", "card": "agility"})
    assert s["hp"] == hp and s["events"]["player_escalation"] == 1


# -- Spells: requirements; Boosting Spells -------------------------------------------

def test_a_spell_that_needs_a_shield_is_checked_when_played():
    """"it can also be a prerequisite, such as wielding a Shield" (Shield of Faith)."""
    s = at_turn("priest", "goblin_skirmisher", ["shield_of_faith"], 2)
    s["shield"], s["armed"] = True, None
    assert any(a["type"] == "play" and a["card"] == "shield_of_faith" for a in GAME.legal_actions(s))
    s["shield"] = False
    assert not any(a.get("card") == "shield_of_faith" for a in GAME.legal_actions(s))


def test_plus_one_r_for_every_intellect_card_played():
    """"if you have a Spell Card that is usable in Round 4, but want to play it in Round 5,
    you would play 1 Intellect Card": Shocking Grasp (usable Rounds 1-4)."""
    c = data.card("shocking_grasp")
    assert [play_price(c, r) for r in range(1, 7)] == [(0, ""), (0, ""), (0, ""), (0, ""),
                                                       (1, "intellect"), (2, "intellect")]
    s = at_turn("mage", "goblin_skirmisher", ["shocking_grasp", "intellect"], 6)
    assert not any(a.get("card") == "shocking_grasp" for a in GAME.legal_actions(s))
    s = at_turn("mage", "goblin_skirmisher", ["shocking_grasp", "intellect", "intellect"], 6)
    assert [a["pay"] for a in GAME.legal_actions(s) if a.get("card") == "shocking_grasp"] == [2]


# -- Weapons: the optional rule; Non-Combat Encounters ---------------------------------

def test_optional_rule_ranged_weapon_at_melee_on_a_matched_up_down(monkeypatch):
    s = at_turn("rogue", "goblin_skirmisher", ["shortbow"], 2, mode="line")
    s["foes"][0]["distance"] = "melee"
    assert not any(a["type"] == "play" and a["card"] == "shortbow" for a in GAME.legal_actions(s))
    s = at_turn("rogue", "goblin_skirmisher", ["shortbow"], 2, mode="line", ranged_melee=True)
    s["foes"][0]["distance"] = "melee"
    got = [a["declare"] for a in GAME.legal_actions(s) if a["type"] == "play" and a["card"] == "shortbow"]
    assert sorted(got) == ["^", "v"]
    Script(monkeypatch, ["v"])
    s = GAME.apply(s, {"type": "play", "card": "shortbow", "foe": 0, "boost": "", "extra": 0, "pay": 0,
                       "declare": "^"})
    assert s["foes"][0]["hp"] == 3 and "cannot get a shot off" in " ".join(s["log"])


def test_intellect_from_the_draw_deck_for_a_level_of_exhaustion():
    """Pre-Sneaking, Intelligent Opponents: a player may play the Intellect card "from
    their Draw Deck" with a penalty; Non-Combat Encounters: 1 Level of Exhaustion."""
    s = at_turn("mage", "goblin_skirmisher", ["dagger"], 2)
    s["foes"][0]["hidden"] = True
    s["pending"], s["phase"] = {"kind": "spot", "foe": 0}, "spot"
    assert GAME.legal_actions(s) == [{"type": "spot", "from": "deck"}, {"type": "let_hide"}]
    before = sum(1 for c in s["draw"] if c.startswith("intellect"))
    s = GAME.apply(s, {"type": "spot", "from": "deck"})
    assert s["exhaustion"] == 1 and hand_max(s) == 6 and not s["foes"][0]["hidden"]
    assert sum(1 for c in s["draw"] if c.startswith("intellect")) == before - 1


# -- the random player reaches the new rules ---------------------------------------------

def test_random_fights_reach_overwhelm_disarm_escalation_and_the_rest():
    """Random fights drawn on every step: 0 errors, and the new rules happen."""
    seen: Counter = Counter()
    current: dict = {}

    def observe(game, state, actions):
        nonlocal current
        if not actions:
            seen.update(current)
        current = dict(state.get("events", {}))

    summary = simulate("ads", 160, seed=1000, observers=[render_check, observe])
    seen.update(current)
    assert summary["errors"] == 0, summary["failures"]
    for event in ("foe_grapple", "player_grappled", "disarmed", "foe_escalation", "split_damage",
                  "foe_avoid_flee", "ranged_at_melee", "deck_attribute"):
        assert seen[event] > 0, (event, seen)
    # the player's own Escalations: fights against the Escalating Foe
    game = GAME
    esc = 0
    for n in range(40):
        rng = Rng(n)
        s = game.new_game({"deck": "rogue", "foe": "hobgoblin_captain"}, n)
        while not game.is_over(s):
            s = game.apply(s, game.sim_choose(s, game.legal_actions(s), rng))
        esc += s.get("events", {}).get("player_escalation", 0)
    assert esc > 0


# -- Playing Foes and NPCs: the Failure heading ------------------------------------------

def test_a_failed_draw_takes_the_action_under_the_failure_heading(monkeypatch):
    """"Failure - If the ^v does not match ... The Foe takes an Action specified under the
    Failure heading": the Goblin Archer falls back to Ranged on Rounds 4-6."""
    from pocketdeck.systems.ads.view import foe_view
    s = at_turn("warrior", "goblin_archer", [], 4, mode="line")
    s["order"] = ["player", "0"]
    s["foes"][0]["distance"] = "thrown"
    assert foe_view(s, 0)["failure"]["what"] == "Failure action: Move to Ranged"
    Script(monkeypatch, ["v", "v"])  # neither ^^ nor ^v
    s = foe_turn(s, 0)
    assert s["foes"][0]["distance"] == "ranged" and s["events"]["failure_action"] == 1


def test_a_spotted_pre_sneak_can_be_re_countered(monkeypatch):
    """Pre-Sneaking, Intelligent Opponents: "if they attempt to Counter with an Up/Down or
    the Intellect Attribute, You can Re-Counter" (the Sneak card's Agility)."""
    s = GAME.new_game({"deck": "rogue", "foe": "cultist"}, seed=7)
    while s["phase"] == "choose":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    s = GAME.apply(s, {"type": "declare", "symbol": "^"})
    assert s["phase"] == "player_presneak"
    agility = next(c for c in s["draw"] if c.startswith("agility."))
    s["draw"].remove(agility)
    s["hand"].append(agility)
    Script(monkeypatch, ["^"])  # the Cultist matches your Up: it sees you
    s = GAME.apply(s, {"type": "presneak", "symbol": "^"})
    assert s["phase"] == "recounter" and s["pending"]["kind"] == "presneak"
    s = GAME.apply(s, {"type": "recounter"})
    assert s["sneak_bonus"] and "loses sight of you" in " ".join(s["log"])


def test_a_fleeing_foe_has_no_regular_reactions(monkeypatch):
    """Fleeing: "A Fleeing Player or Foe cannot play regular Reaction Cards but may play
    Up/Down or Attribute Reaction Cards": the Goblin fleeing at 1 HP (Self Preservation)
    may still counter with Agility, but draws no Light Armor or Small Shield."""
    s = at_turn("warrior", "goblin_skirmisher", ["longsword"], 1)
    s["order"] = ["player", "0"]
    s["foes"][0]["hp"] = 1
    s = foe_turn(s, 0)
    assert s["free_turn"] == 0 and s["phase"] == "turn"
    Script(monkeypatch, ["^", "^"])  # its Agility counter (vv) fails
    s = GAME.apply(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["foes"][0]["hp"] == 0
    assert not any(d["why"].startswith("react") for d in s["draws"])


def test_up_down_counter_to_a_foe_spell_the_caster_declares(monkeypatch):
    """Spells: "If multiple Up/Downs are required, the caster of the Spell declares which
    Up/Downs are required ... in any order"; a match halves the Cultist's Dark Bolt. A
    Fleeing player may still play it ("may play Up/Down or Attribute Reaction Cards")."""
    s = at_turn("warrior", "cultist", ["chainmail"], 4)
    s["order"], s["turn"] = ["player", "0"], 1
    s["fleeing"] = True
    row = fight.action_row(s["foes"][0], 4)
    bolt = next(o for o in row["outcomes"] if o["name"] == "Dark Bolt" and o.get("counter_updown") == 2)
    foeturn.foe_attack(s, Rng(3), 0, bolt)
    need = s["pending"]["updown"]
    assert len(need) == 2 and s["pending"]["damage"] == 4  # R/2+2 on Round 4
    assert GAME.legal_actions(s) == [{"type": "take"}, {"type": "updown_counter"}]  # no armor while fleeing
    hp = s["hp"]
    Script(monkeypatch, list(reversed(need)))  # any order
    s = GAME.apply(s, {"type": "updown_counter"})
    assert s["hp"] == hp - 2


def test_re_counter_a_shield_that_halves_energy_bolt(monkeypatch):
    """Energy Bolt's counter box: "you may Re-Counter if an Opponent initially Counters
    with a Shield or Up/Down": the Goblin's Small Shield halves the bolt, your Intellect
    Re-Counter restores it (Round 2: 3 damage, the Goblin's 3 HP)."""
    s = at_turn("mage", "goblin_skirmisher", ["energy_bolt", "intellect"], 2)
    inst = next(c for c in s["hand"] if c.startswith("energy_bolt"))
    miss = "v" if data.instance_symbol(inst) == "^" else "^"
    Script(monkeypatch, ["^", "^"], [miss], ["v", "v", "^"])  # no Agility, no match, Small Shield
    s = GAME.apply(s, {"type": "play", "card": "energy_bolt", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    assert s["phase"] == "recounter" and s["pending"]["countered"] == "shield"
    s = GAME.apply(s, {"type": "recounter"})
    assert s["foes"][0]["hp"] == 0


def test_accepting_the_shield_leaves_half(monkeypatch):
    s = at_turn("mage", "goblin_skirmisher", ["energy_bolt", "intellect"], 2)
    inst = next(c for c in s["hand"] if c.startswith("energy_bolt"))
    miss = "v" if data.instance_symbol(inst) == "^" else "^"
    Script(monkeypatch, ["^", "^"], [miss], ["v", "v", "^"])
    s = GAME.apply(s, {"type": "play", "card": "energy_bolt", "foe": 0, "boost": "", "extra": 0, "pay": 0})
    s = GAME.apply(s, {"type": "accept"})
    assert s["foes"][0]["hp"] == 3 - (3 // 2)  # the Shield blocks the other half (rounded up)


def test_refusals_name_the_rule():
    s = at_turn("warrior", "hobgoblin_captain", ["longsword"], 2)
    assert "disarmed" in GAME.explain(s, {"type": "retrieve"})
    assert "Normal Action while a Foe holds you" in GAME.explain(s, {"type": "escape", "how": "^"})
    assert "Overwhelm" in GAME.explain(s, {"type": "grapple_yield"})
