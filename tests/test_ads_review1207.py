"""ADS: the differences of docs/reviews/ads-2026-12-07.md (D1-D8), each pinned (prefix tn_
in docs/rules/ads.md). Each test failed on the code before its fix. The texts are checked
where the player reads them: the card faces of the view, the "?" of a button on the
rendered screen, content/ads/learn.toml."""

from __future__ import annotations

import html
import json
import tomllib
from pathlib import Path

from test_ads_engine import GAME, Script, at_turn

from pocketdeck.core.rng import Rng
from pocketdeck.systems.ads import actions, attack, data, flow, party, rounds
from pocketdeck.ui.ads.fight import render
from pocketdeck.ui import learn_ui
from pocketdeck.ui.ads.prompt import explain

LEARN = tomllib.loads((Path(__file__).parents[1] / "content/ads/learn.toml").read_text())


def _screen(draw) -> str:
    """What the player can read on a screen: its markup and the popovers of its terms and
    "?" buttons (``learn_ui`` collects them while it is drawn), unescaped."""
    learn_ui.begin()
    page = draw()
    return html.unescape(page + "".join(learn_ui.popover_list()))


def _term(tid: str) -> str:
    return next(t["text"] for t in LEARN["term"] if t["id"] == tid)


def _rule(rid: str) -> str:
    return " ".join(next(r["body"] for r in LEARN["rule"] if r["id"] == rid).split())


def _goblin_blow(hand: list[str]) -> dict:
    """The Goblin Skirmisher's Short Sword (Round 2, its own card's row) declared at a Rogue."""
    s = at_turn("rogue", "goblin_skirmisher", hand, 2)
    o = next(o for row in data.foes()["goblin_skirmisher"]["actions"] if 2 in row["rounds"]
             for o in row["outcomes"] if o["kind"] == "attack")
    s["order"], s["turn"], s["phase"] = ["0", "player"], 0, "foe"
    s["foes"][0]["distance"] = "melee"
    attack.declare_foe(s, Rng(1), 0, o)
    flow.run_steps(s, Rng(1))
    return s


# -- D1. Reaction/Counter: the Agility card's text -------------------------------------------

def test_reaction_counter_the_agility_card_says_it_counters_only_what_lists_agility():
    """Reaction/Counter: "Attribute Cards listed as Counters on the Card you Played";
    "Typically if a Card has a Counter it will be listed". No Foe attack lists Agility, so
    the Goblin's Short Sword offers no Agility counter; a Foe's Grapple does. The card face
    the player holds says so, not "Counters most attacks"."""
    s = _goblin_blow(["agility", "agility", "leather_armor"])
    assert s["phase"] == "react"
    assert not [a for a in GAME.legal_actions(s) if a["type"] == "counter"]
    faces = json.dumps(GAME.view(s, "player"))
    assert "Counters most attacks" not in faces
    text = data.card("agility")["text"]
    assert "only what lists Agility" in text and "Grapple" in text and "no ordinary blow" in text
    # a Foe's Grapple lists Strength or Agility: the card is offered there
    s["pending"] = {"kind": "foe_grapple", "foe": 0, "how": "strength", "chain": 0}
    s["phase"] = "grapple_counter"
    assert {"type": "grapple_card", "card": "agility"} in GAME.legal_actions(s)


# -- D2. Combat Encounters and Rest: what a Rest gives, and where ---------------------------

def test_combat_encounters_and_rest_the_rest_texts_say_hit_points_disease_and_any_room():
    """The doc's choice ("A Rest also restores Hit Points and cures a Disease"; offered in any
    room once a fight has been fought): K1, not a rest spot, after its fight offers Rest,
    which heals and cures; its "?" on the screen, the glossary and the adventure rule say so."""
    from test_ads_adventure import G, cleared
    from pocketdeck.core.saves import Session
    from pocketdeck.systems.ads.adventure.content import rooms
    from pocketdeck.ui.ads.adventure import render as adv_render
    s = cleared()
    assert not rooms()[s["room"]]["rest"]
    assert {"type": "rest"} in G.legal_actions(s)
    page = _screen(lambda: adv_render(G.view(s, "player"), Session("ads_adventure", s["options"], s["seed"], [], s)))
    assert "Full Hit Points and a Disease cured" in page and "any room once you have fought" in page
    for text in (_term("ads-rest"), _rule("adventure")):
        assert "Hit Points" in text and "Disease" in text and "any room" in text, text
    h = s["heroes"][0]
    h["hp"], h["disease"] = 3, {"from": "Plague Rat Swarm", "damage": 1, "left": 3}
    s = G.apply(s, {"type": "rest"})
    h = s["heroes"][0]
    assert h["hp"] == h["max_hp"] and "disease" not in h


# -- D3. Shield of Faith: all damage to you is reduced by 1 ----------------------------------

def _faith(seat: dict) -> None:
    seat["persist"].append({"card": "shield_of_faith", "until": 5, "since": 2})


def test_persistent_effect_shield_of_faith_reduces_a_disease_tick():
    """Shield of Faith: "Persistent for 3 Rounds: all damage to you is reduced by 1"; a
    Disease "for (Y) Damage" each Round is damage to you: a tick of 1 takes nothing."""
    s = at_turn("priest", "goblin_skirmisher", ["strength"], 2)
    _faith(s)
    s["disease"] = {"from": "Plague Rat Swarm", "damage": 1, "left": 3}
    hp = s["hp"]
    rounds.start_round_effects(s, Rng(1))
    assert s["hp"] == hp
    assert s["disease"]["left"] == 2
    assert "Disease from Plague Rat Swarm (1 warded off): no damage." in s["log"]


def test_persistent_effect_shield_of_faith_reduces_an_allys_miss_into_a_grapple(monkeypatch):
    """The same card held by a Priest in a Grapple: an ally's Longsword that misses the Troll
    ("they hit their Ally in the Grapple") deals 5 on Round 3, less 1."""
    from test_ads_allies import grappled, play, script
    s, rng = grappled(), Rng(1)
    _faith(party.seat(s, 1))
    priest = party.seat(s, 1)["hp"]
    play(s, {"type": "play", "card": "longsword", "foe": 0, "boost": "", "extra": 0, "pay": 0}, rng)
    script(monkeypatch, "v")
    play(s, {"type": "into", "symbol": "^"}, rng)
    assert party.seat(s, 1)["hp"] == priest - 4


def test_persistent_effect_a_ward_on_a_foes_blow_is_taken_once_and_the_button_says_it():
    """A Foe's blow goes through the same reduction once: "No reaction: take 3" for the
    Goblin's 4 with Shield of Faith, and taking it costs 3."""
    s = _goblin_blow(["strength"])
    _faith(s)
    label = next(e["label"] for e in GAME.view(s, "player")["actions"] if e["action"]["type"] == "take")
    assert label == "No reaction: take 3"
    hp = s["hp"]
    s = GAME.apply(s, {"type": "take"})
    assert s["hp"] == hp - 3


# -- D4. Reaction/Counter (shields): the Cover "?" says the Round ------------------------------

def test_reaction_counter_shields_the_cover_help_says_the_round():
    """"you can use a single Shield Card to defend against multiple Ranged Distance attack
    Cards"; the cover lasts the Round (``shield_cover`` is reset at the Round's start), so a
    shield raised against another Foe's shot covers this one."""
    text = explain({"type": "cover"}, "Raised shield: block all (Ranged)")
    assert "this Round" in text and "this turn" not in text


# -- D5. Re-Counter after an escape: Agility only ---------------------------------------------

def test_re_counter_the_escapes_re_counter_help_names_the_escape_attribute_only(monkeypatch):
    """Re-Counter: "using an Attribute Card matching the Attribute on the Card you originally
    Played": escaping with Agility, countered by Strength, the "?" of the one button offered
    says Agility only, not "a Strength or Agility card"."""
    s = at_turn("warrior", "skeletal_warrior", ["agility", "agility", "strength"], 2)
    s["grapple"] = {"foe": 0, "holder": "foe"}
    Script(monkeypatch, ["^", "^"])
    s = GAME.apply(s, {"type": "escape", "how": "agility"})
    assert s["phase"] == "grapple_counter"
    page = _screen(lambda: render(GAME.view(s, "player"), None))
    assert "Re-Counter with Agility only" in page
    assert "Counter the Grapple with a Strength or Agility card" not in page


# -- D6. The Foe Card: a Foe that fled gives no XP or Gold ------------------------------------

def test_the_foe_card_the_goal_says_fled_foes_give_no_xp_or_gold():
    """The Foe Card: XP and Gold are what "defeating this Foe grants"; ``fight.win`` sums the
    defeated only. The learn page's goal says the same."""
    goal = _rule("goal")
    assert "collect their XP and Gold" not in goal
    assert "Foes you defeated" in goal and "fled gives none" in goal


# -- D7. Turns (Initiative): an Agility card wins outright, a tie draws again -----------------

def test_turns_initiative_the_declare_help_and_question_say_agility_and_the_tie():
    """Turns: "Drawing an Agility Card is an automatic win"; a tie draws again
    (``flow._declare``): the Declare "?" and the initiative question say both."""
    text = explain({"type": "declare", "symbol": "^"}, "Declare Up ^")
    assert "Agility" in text and "tie draws again" in text
    s = GAME.new_game({"deck": "warrior", "foe": "goblin_skirmisher"}, seed=7)
    while s["phase"] == "choose":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    page = _screen(lambda: render(GAME.view(s, "player"), None))
    assert "an Agility card drawn from your own deck wins outright; a tie draws again" in page
    assert "a tie draws again" in _rule("start")


# -- D8. DISEASE: Maximum Damage built, Counts refused -----------------------------------------

def test_foe_traits_disease_a_stated_maximum_damage_stops_the_ticks():
    """DISEASE: "The Disease lasts for (Z) Rounds ... for (Y) Damage, up to a Maximum Damage
    (if a Maximum Damage is stated)": 2 a Round for 5 Rounds, at most 3: 2, then 1, then over."""
    s = at_turn("warrior", "goblin_skirmisher", ["strength"], 2)
    s["disease"] = {"from": "Plague Rat Swarm", "damage": 2, "left": 5, "max": 3}
    hp = s["hp"]
    rounds.start_round_effects(s, Rng(1))
    assert s["hp"] == hp - 2 and s["disease"]["max"] == 1
    rounds.start_round_effects(s, Rng(1))
    assert s["hp"] == hp - 3 and s["disease"] is None


def test_foe_traits_disease_the_content_check_takes_a_maximum_and_refuses_counts():
    """The trait's fifth value is the Maximum Damage; a Disease lasting Counts is not built,
    so the content checker refuses any other shape rather than play it as Rounds."""
    foe = dict(data.foes()["plague_rat"])
    ok = dict(foe, traits=[["disease", 2, 1, 3, 4]])
    counts = dict(foe, traits=[["disease", 2, 1, 3, "counts"]])
    short = dict(foe, traits=[["disease", 2, 1]])
    assert not [e for e in data._check_foes({"foe": [ok]}) if "disease" in e]
    assert [e for e in data._check_foes({"foe": [counts]}) if "disease" in e]
    assert [e for e in data._check_foes({"foe": [short]}) if "disease" in e]


def test_foe_traits_disease_a_caught_disease_keeps_its_maximum(monkeypatch):
    """``attack.after_hit`` carries the stated Maximum into the Disease it gives."""
    s = at_turn("rogue", "plague_rat", ["strength"], 2)  # not a Dwarf (Stout Blood)
    monkeypatch.setattr(attack, "trait", lambda f, name: ["disease", 1, 2, 3, 4] if name == "disease" else None)
    Script(monkeypatch, ["^" if data.foes()["plague_rat"]["updown"] == "down" else "v"])
    attack.after_hit(s, Rng(1), 0, 2)
    assert s["disease"] == {"from": s["foes"][0]["name"], "damage": 2, "left": 3, "max": 4}
