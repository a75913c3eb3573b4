"""P52: the review of 2026-12-07 (docs/reviews/p52-2026-12-07.md), difference 1: the attack's
percentage is the chance the attack hurts (``combat.hit_chance``: the defence flip and a
shuffle counted), and every text that names it says so (prefix t6_ in docs/rules/p52.md).
Fails on the code before the fix (the texts said "chance to hit")."""

from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path

from pocketdeck.core.game import get_game
from pocketdeck.systems.p52 import hit_chance
from pocketdeck.systems.p52.combat import ability_target
from pocketdeck.systems.p52.maths import value
from pocketdeck.ui import learn_ui
from pocketdeck.ui.p52.table import render
from test_p52_engine import knife_party, scene

G = get_game("p52")
LEARN = tomllib.loads((Path(__file__).parents[1] / "content/p52/learn.toml").read_text())


def test_player_attacking_the_percentage_is_named_the_chance_to_hurt_where_the_player_reads_it():
    """Player Attacking: the flip must be over the target, then "the enemy flips ... if the
    enemy's result is higher, the attack is blocked". The button's figure is the chance to
    get through both (below the share of the deck over the target); the button's tooltip,
    the note over the attacks and the glossary term it links to say "hurt", the defence flip
    and the shuffle, never "chance to hit"."""
    s = knife_party()
    eid = scene(s, "KS")
    e = s["room"]["enemies"][0]
    c = s["chars"][0]
    tgt = ability_target(s, c, "knife_use", 0, c["pos"], e)
    deck = s["piles"]["action"]
    over = sum(1 for a in deck if value(a) > 1 and value(a) > tgt) / len(deck)
    assert 0 < float(hit_chance(s, "c0", eid, "knife_use")) < over  # the defence flip counts
    v = G.view(s, "player")
    assert any("chance" in entry for entry in v["actions"])
    learn_ui.begin()
    page = html.unescape(render(v, None) + "".join(learn_ui.popover_list()))
    assert "chance to hit" not in page.lower()
    assert 'title="chance to hurt (the defence flip counted)"' in page
    assert "(% = chance to hurt)" in re.sub(r"<[^>]+>", "", page)
    term = next(t for t in LEARN["term"] if t["id"] == "hit-chance")
    assert term["name"] == "Chance to hurt"
    assert "defence flip" in term["text"] and "shuffle" in term["text"] and "hurts" in term["text"]
    assert "Chance to hurt" in page  # the term's popover on the screen
    assert not [g for g in LEARN["guide"] if "chance to hit" in g["text"]]
