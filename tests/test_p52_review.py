"""P52: the review of 2026-11-26 (docs/reviews/p52-2026-11-26.md) read the book
(../shared/rules/003_e31830a4b4fe5285.txt) against the code. Each test is named after its book
section and fails on the code before the fix; docs/rules/p52.md has the rows ("t3_")."""

from __future__ import annotations

from pocketdeck.core.game import get_game
from pocketdeck.core.rng import Rng
from pocketdeck.systems.p52.combat import hurt_char
from test_p52_engine import act, party, record, scene, stack_action

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
