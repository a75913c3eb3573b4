"""Deck of Adventures, the GM's table: the one chance its screen shows as a number, a called
check's "exact" chance (systems/dofa_gm/calls.py, ``chances``, in the view's ``call``),
against the frequency of the real resolution (``call_draw``, every card of an Upper Hand
drawn, then ``draws.finish``, which Accept runs) over DRAWS seeded shuffles of the piles the
draw takes from, in varied states: a premade character's deck full, thinned to a lopsided
pile, run down so the draw goes through a reshuffle of the discard pile; Upper and Lower
Hand; the Fatigue and the NPC Deck's reshuffle that add Lower Hand; a Colour or Suited
Success the GM requires; a Minion's contested check on the NPC Deck and its social check on
the World Deck; a Dealer's own deck; a player's phone at the table (its Upper Hand drawn
card by card). The exact figure must lie within 4 standard errors of the frequency
(docs/rules/dofa.md part 2, the row on the chance shown). The GMG chart's figure shown
beside it is counted the chart's way (each card from a full 52), pinned where the chart
prints it by tc_gmg_difficulty_chart_to_the_percent; the panel's words for it, and its
"assured success", are the last two tests here."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from math import sqrt

import pytest

from pocketdeck.core.cards import standard_deck
from pocketdeck.systems.dofa import checks as ck
from pocketdeck.systems.dofa import odds
from pocketdeck.systems.dofa_gm import calls, draws
from pocketdeck.systems.dofa_gm.fight import actor
from pocketdeck.systems.dofa_gm.view import pct
from test_dofa_gm import GAME, new, play, report

DRAWS = 4000


def within(p: Fraction, hits: int, n: int = DRAWS) -> bool:
    """The exact chance within 4 standard errors of the frequency (exactly 0 or 1: never
    or always)."""
    if p in (0, 1):
        return hits == p * n
    return abs(hits / n - float(p)) <= 4 * sqrt(float(p) * (1 - float(p)) / n)


def premade(seed: int = 2) -> dict:
    """The solo table with one premade character, whose Action Deck the app holds."""
    return GAME.new_game({"mode": "table", "players": [], "party": ["Diamonds1"], "foes": []}, seed)


def called(s: dict, who: str, *steps: dict) -> dict:
    """The GM calls a check for ``who``, sets it up with ``steps`` and reveals its TC."""
    return play(s, {"type": "call", "who": who}, *steps, {"type": "call_tc"})


def thinned(s: dict, deck: str, n: int, keep_suit: str = "") -> dict:
    """``n`` cards of ``deck``'s draw pile (of other suits than ``keep_suit`` first) moved
    to its discard pile, so the pile left is lopsided."""
    s = json.loads(json.dumps(s))
    d = s["decks"][deck]
    gone = sorted(d["draw"], key=lambda c: c.endswith(keep_suit) if keep_suit else 0)[:n]
    d["draw"] = [c for c in d["draw"] if c not in gone]
    d["discard"] += gone
    GAME.check_state(s)
    return s


def stat(name: str, dr: int, hand: int = 0, needs: str | None = None) -> list[dict]:
    steps = [{"type": "call_stat", "stat": name}, {"type": "call_dr", "dr": dr}]
    if hand:
        steps.append({"type": "call_hand", "hand": hand})
    if needs:
        steps.append({"type": "call_needs", "needs": needs})
    return steps


def _grunt_in_combat() -> tuple[dict, str]:
    s = play(new(("Ann",), foes=["Grunt"]), {"type": "start_combat"})
    s = report(play(s, {"type": "player_tc", "who": "p1"}), "9H")
    return s, next(a for a in s["actors"] if a["source"] == "Grunt")["id"]


def case(name: str) -> dict:
    """A state with a called check ready to draw."""
    if name == "premade, one card":
        return called(premade(), "p1", *stat("INT", 3))
    if name == "premade, Upper Hand 2":
        return called(premade(), "p1", *stat("Finesse", 2, 2))
    if name == "premade, thinned, Lower Hand 2":
        return called(thinned(premade(), "p1", 30, "H"), "p1", *stat("Brute", 3, -2))
    if name == "premade, through a reshuffle, Upper Hand 2":
        return called(thinned(premade(), "p1", 50), "p1", *stat("INT", 1, 2))
    if name == "premade, through a reshuffle, Lower Hand 2":
        return called(thinned(premade(), "p1", 51), "p1", *stat("INT", 3, -2))
    if name == "premade at Fatigue 2":
        s = premade()
        actor(s, "p1")["fatigue"] = 2
        return called(s, "p1", *stat("INT", 3))
    if name == "premade, a Color Success, Upper Hand 2":
        return called(premade(), "p1", *stat("INT", 4, 2, "color"))
    if name == "premade, a Suited Success, Upper Hand 3":
        return called(premade(), "p1", *stat("INT", 5, 3, "suit"))
    if name == "premade, a Color Success, Lower Hand 1":
        return called(premade(), "p1", *stat("INT", 5, -1, "color"))
    if name == "premade, a Suited Success, one card":
        return called(premade(), "p1", *stat("INT", 5, 0, "suit"))
    if name == "Minion, contested, on the NPC Deck":
        s, grunt = _grunt_in_combat()
        return play(s, {"type": "call", "who": grunt}, {"type": "call_stat", "stat": "Detection"},
                    {"type": "call_contest", "by": "p1"}, {"type": "call_vs_mod", "mod": 2})
    if name == "Minion, the NPC Deck spent, Upper Hand 2":
        s, grunt = _grunt_in_combat()
        s["decks"]["npc"]["reshuffles"] = 1
        return play(s, {"type": "call", "who": grunt}, {"type": "call_stat", "stat": "Detection"},
                    {"type": "call_contest", "by": "p1"}, {"type": "call_hand", "hand": 2})
    if name == "Minion, social, on the World Deck":
        s, grunt = _grunt_in_combat()
        return called(s, grunt, *stat("Bluffing", 3))
    if name == "Dealer, its own deck, Upper Hand 1":
        s = new(("Ann",), foes=["Huge Golem"])
        golem = next(a for a in s["actors"] if a["source"] == "Huge Golem")["id"]
        return called(s, golem, *stat("STR", 2, 1))
    if name in ("a player's phone, Upper Hand 2", "a player's phone, Lower Hand 1, a Suited Success"):
        s = thinned(GAME.apply(new(("Ann",)), {"type": "phone", "who": "p1"}), "p1", 40, "S")
        hand, needs = (2, None) if "Upper" in name else (-1, "suit")
        steps = [{"type": "call_mod", "mod": 1}, {"type": "call_dr", "dr": 2},
                 {"type": "call_hand", "hand": hand}] + ([{"type": "call_needs", "needs": needs}] if needs else [])
        return play(called(s, "p1", *steps), {"type": "call_send"})
    raise KeyError(name)


CASES = ("premade, one card", "premade, Upper Hand 2", "premade, thinned, Lower Hand 2",
         "premade, through a reshuffle, Upper Hand 2", "premade, through a reshuffle, Lower Hand 2",
         "premade at Fatigue 2", "premade, a Color Success, Upper Hand 2",
         "premade, a Suited Success, Upper Hand 3", "premade, a Color Success, Lower Hand 1",
         "premade, a Suited Success, one card", "Minion, contested, on the NPC Deck",
         "Minion, the NPC Deck spent, Upper Hand 2", "Minion, social, on the World Deck",
         "Dealer, its own deck, Upper Hand 1", "a player's phone, Upper Hand 2",
         "a player's phone, Lower Hand 1, a Suited Success")


def resolve(base: str, seed: int) -> bool:
    """One real resolution: every deck's draw and discard piles shuffled by ``seed``, the
    call drawn (each card of a phone's Upper Hand), graded as Accept grades it."""
    s = json.loads(base)
    shuffle = random.Random(seed).shuffle
    for deck in s["decks"].values():
        shuffle(deck["draw"])
        shuffle(deck["discard"])
    s = GAME.apply(s, {"type": "call_draw"})
    while s["draw"].get("to_go"):
        s = GAME.apply(s, {"type": "draw_more"})
    result, _ = draws.finish(s)
    return bool(result["success"])


@pytest.mark.parametrize("name", CASES)
def test_gmg_making_checks_the_shown_chance_matches_the_real_draw(name):
    """GMG, Making Checks; Difficulty Chart; PG, Upper and Lower Hand; Fatigue; The Action
    Deck 3: the exact chance the GM's table shows for a called check, as shown, against
    the frequency of the table's own draw over DRAWS seeded shuffles."""
    s = case(name)
    ch = calls.chances(s, s["call"])
    assert ch["from"] == "deck"
    assert GAME.view(s, "gm")["call"]["chances"]["exact"] == pct(ch["exact"])
    base = json.dumps(s)
    hits = sum(resolve(base, seed) for seed in range(DRAWS))
    assert within(ch["exact"], hits), (name, float(ch["exact"]), hits / DRAWS)


@pytest.mark.parametrize("hand, needs", [(0, None), (2, None), (-2, None), (2, "color"), (-1, "suit")])
def test_gmg_making_checks_a_players_own_deck_shows_a_fresh_decks_chance(hand, needs):
    """A player who draws from their own deck, off the app, is shown the chance from a fresh
    52-card deck (cards without replacement); against DRAWS fresh shuffles kept and graded
    as the table grades a draw (``draws.kept_card``, ``draws.required``)."""
    s = called(new(("Ann",)), "p1", {"type": "call_mod", "mod": 1}, {"type": "call_dr", "dr": 2},
               *([{"type": "call_hand", "hand": hand}] if hand else []),
               *([{"type": "call_needs", "needs": needs}] if needs else []))
    ch = calls.chances(s, s["call"])
    assert ch["from"] == "fresh" and "call_card" in {a["type"] for a in GAME.legal_actions(s)}
    tc, eff = s["call"]["tc"], ch["edr"]
    hits = 0
    for seed in range(DRAWS):
        cards = standard_deck()
        random.Random(seed).shuffle(cards)
        d = {"cards": cards[:1 + abs(hand)], "tc": tc, "effective": eff, "hand": hand, "needs": needs}
        card = draws.kept_card(d)
        ok = ck.is_success(ck.degree(card, tc, eff))
        hits += draws.required(ok, card, tc, needs)[0]
    assert ch["exact"] == odds.chart_chance(eff, extra=abs(hand), lower=hand < 0, match=needs or "any",
                                            draws="deck")
    assert within(ch["exact"], hits), (hand, needs, float(ch["exact"]), hits / DRAWS)


# -- the card a draw keeps when the GM requires a match ---------------------------------------------
@pytest.mark.parametrize("hand, success", [(1, True), (-1, False)])
def test_pg_upper_and_lower_hand_a_required_color_success_ranks_an_unmatched_success_as_a_miss(hand, success):
    """PG, Upper and Lower Hand: the card "closest to the TC after applying all relevant
    mechanics" (furthest at Lower Hand); GMG, Difficulty Chart: the GM "might say that a
    specific check requires a Color or Suited Success". Against the 8 of Clubs, requiring a
    Color Success, a red 8 (a Major of the other colour: a failure here) and the 6 of
    Spades (a Color Success): Upper Hand keeps the 6 and succeeds, Lower Hand keeps the 8
    and fails. The shown chance counts the same way (the frequency test above)."""
    from test_dofa_gm import stack
    s = stack(stack(premade(), "world", "8C"), "p1", "8H", "6S")
    s = play(called(s, "p1", *stat("INT", 4, hand, "color")), {"type": "call_draw"})
    assert s["draw"]["cards"] == ["8H", "6S"] and s["draw"]["effective"] >= 2
    kept = "6S" if hand > 0 else "8H"
    assert GAME.view(s, "gm")["draw"]["kept"] == kept
    s = play(s, {"type": "accept"})
    line = next(line for line in reversed(s["log"]) if "vs 8 of Clubs" in line)
    assert ("required a Color Success: a failure" in line) is not success, line


# -- what the check panel says beside the chance -------------------------------------------------
def _odds_line(*steps: dict) -> str:
    """The GM's check panel, rendered, for the premade's (Diamonds1, INT +2) call with
    ``steps``: its "Chance of success" line in plain text."""
    import html as H
    import re
    from pocketdeck.ui.app import App
    app = App()
    app.handle("open", "dofa-gm")
    app.handle("new", json.dumps({"system": "dofa-gm", "options": {"mode": "table", "players": [],
                                                                 "party": ["Diamonds1"], "foes": []}}), {})
    for a in ({"type": "call", "who": "p1"}, *steps, {"type": "call_tc"}):
        app.handle("play", json.dumps(a))
    line = re.search(r'<p class="gm-odds">(.*?)</p>', app.render(), re.S)
    assert line, "no chance on the check panel"
    return H.unescape(re.sub(r"<[^>]+>", "", line.group(1)))


def test_gmg_player_skill_mods_an_automatic_success_only_on_a_normal_draw():
    """GMG, Player Skill Mods and DR Reporting: "A Player with a +3 Mod facing a DR 3 Check is
    an automatic success on a Normal Draw"; the chart at DR 6: Normal Draw 100%, Color Draw
    50%. At EDR 6 (INT +2, DR 4) the panel says the success is assured on a Normal Draw only:
    not when the GM requires a Colour Success (50%, or 11.8% at Lower Hand 2), nor at an
    Upper Hand (100% shown, but no Normal Draw)."""
    for hand, needs, shown in ((0, "color", "50.0%"), (-2, "color", "11.8%"), (1, None, "100.0%")):
        line = _odds_line(*stat("INT", 4, hand, needs))
        assert line.startswith(f"Chance of success: {shown}") and "EDR 6" in line, line
        assert "assured" not in line, line
        s = called(premade(), "p1", *stat("INT", 4, hand, needs))
        assert not calls.chances(s, s["call"])["sure"]
    normal = _odds_line(*stat("INT", 4))
    assert normal.startswith("Chance of success: 100.0%") and "An assured success on a Normal Draw" in normal
    s = called(premade(), "p1", *stat("INT", 4))
    assert calls.chances(s, s["call"])["sure"]


def test_gmg_difficulty_chart_the_chart_says_only_the_figures_it_prints():
    """GMG, Difficulty Chart: the chart prints Normal, Color and Suit Draws (one card) and
    Lower/Upper Hand 2 (two cards, no requirement) at DR 0-6. "The GM's Guide chart says"
    stands beside those figures only, as printed (whole percents); any other call (an Upper
    or Lower Hand with a requirement, more cards) is counted the chart's way and says so."""
    from test_dofa_checks import GMG_CHART
    for (match, extra, lower), row in GMG_CHART.items():
        for edr in range(7):      # AGL 0 for EDR 0-5, INT +2 at DR 4 for EDR 6
            name, dr = ("AGL", edr) if edr < 6 else ("INT", 4)
            s = called(premade(), "p1", *stat(name, dr, -extra if lower else extra, None if match == "any" else match))
            got = GAME.view(s, "gm")["call"]["chances"]
            assert got["edr"] == edr and got["row"] and got["chart"] == f"{row[edr]}%", (match, extra, lower, got)
    line = _odds_line(*stat("INT", 4, 0, "color"))
    assert "the GM’s Guide chart says 50% (its Color Draw row at 6)" in line, line
    line = _odds_line(*stat("INT", 1, -1))
    assert "the GM’s Guide chart says 29% (its Lower Hand 2 row at 3)" in line, line
    for dr, hand, needs, figure in ((2, 1, "color", "57.2%"), (4, -2, "color", "12.5%"), (1, 2, "suit", "35.2%"),
                                    (2, 2, None, "97.1%")):
        line = _odds_line(*stat("INT", dr, hand, needs))
        assert "chart says" not in line, line
        assert ("the GM’s Guide chart prints no figure for this call; counted its way (each card from a full 52): "
                + figure) in line, line
