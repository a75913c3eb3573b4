"""P52: the review of 2026-11-26 (docs/reviews/p52-2026-11-26.md) read the book
(../shared/rules/003_e31830a4b4fe5285.txt) against the code. Each test is named after its book
section and fails on the code before the fix; docs/rules/p52.md has the rows ("t3_")."""

from __future__ import annotations

import pytest

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.p52 import board
from pocketdeck.systems.p52.combat import hurt_char
from pocketdeck.ui.check import render_check
from test_p52_engine import act, party, record, scene, stack_action, to_layout

G = get_game("p52")

REGEN_CORE = {"Lift": 4, "Think": 8, "Balance": 4, "Move": 4, "Lead": 6}


# -- Player Deaths -------------------------------------------------------------------------------
def test_player_deaths_stunned_casts_regeneration_on_themselves():
    """Player Deaths: a stunned character may "cast healing spells on themselves (and only
    themselves)". Regeneration heals only its caster, so at exactly 0 HP it is offered and
    works; Healing Glow (the whole party) is not."""
    s = party(record(core=dict(REGEN_CORE),
                     abilities={"sword_play": 1, "regeneration": 1, "healing_glow": 1}))
    scene(s, enemy_card="KH")
    c = s["chars"][0]
    hurt_char(s, c, c["hp"], Rng(1))
    assert c["status"] == "stunned"
    offered = {a["ability"] for a in G.legal_actions(s) if a["type"] == "ability"}
    assert offered == {"regeneration"}
    stack_action(s, ["KC"])
    s = act(s, type="ability", ability="regeneration", target="c0", stamina=False)
    assert s["chars"][0].get("regen")


# -- Room/Space Layout ---------------------------------------------------------------------------
def test_room_space_layout_an_l_may_dip_below_the_entrance_row_beside_it():
    """Room/Space Layout: "you can configure them in any pattern you like, but they must all
    be connected": only the spots behind the entrance (straight below it, where the party
    stands) are barred. A spot two columns right of the entrance and below its row is laid;
    (0, 1) stays refused; the room is finished and shown."""
    s = to_layout(record("A"))
    assert s["placing"]["size"] >= 5
    s = act(s, type="place", x=1, y=0)
    s = act(s, type="place", x=2, y=0)
    assert {"type": "place", "x": 2, "y": 1} in G.legal_actions(s)
    assert {"type": "place", "x": 0, "y": 1} not in G.legal_actions(s)
    s = act(s, type="place", x=2, y=1)
    s = act(s, type="place", x=1, y=1)     # the U's bottom, beside the entrance's column
    with pytest.raises(IllegalAction, match="below the entrance"):
        G.apply(s, {"type": "place", "x": 0, "y": 1})
    render_check(G, s, [])
    if s["phase"] == "layout":
        s = act(s, type="place_rest")
    assert s["phase"] == "room"
    spots = s["room"]["spots"]
    ent = spots[0]
    assert any(sp["y"] > ent["y"] for sp in spots)          # below the entrance's row
    assert not any(sp["x"] == ent["x"] and sp["y"] > ent["y"] for sp in spots)
    G.check_state(s)
    render_check(G, s, [])


# -- Determining the Exit ------------------------------------------------------------------------
def test_determining_the_exit_follows_the_flips_side_when_it_has_spots():
    """Determining the Exit: "a 2-4 indicates the exit is to the left of the starting side
    ... 8-10 ... to the right ... the furthest card away from the starting spot". The
    review's room: (-1,0), the entrance (0,0), (1,0), (2,0), (2,-1). Left is (-1,0), the
    only spot left of the entrance (before: (2,-1), on the right); right is (2,-1); across
    is the furthest of the room; a side with no spot falls back to the furthest."""
    cells = [(0, 0), (-1, 0), (1, 0), (2, 0), (2, -1)]
    spots = [{"x": x + 1, "y": y + 1} for x, y in cells]
    board.link(spots)
    assert board.choose_exit(spots, "left") == 1
    assert board.choose_exit(spots, "right") == 4
    assert board.choose_exit(spots, "across") == 4
    corridor = [{"x": x, "y": 0} for x in range(4)]
    board.link(corridor)
    assert board.choose_exit(corridor, "left") == 3
