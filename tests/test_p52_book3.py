"""P52: the differences the 2026-11-26 reading still found open (docs/reviews/p52-2026-11-26.md)
against the book (../shared/rules/003_e31830a4b4fe5285.txt). Each test is named after its book
section and fails on the code before the fix; docs/rules/p52.md has the rows ("t4_")."""

from __future__ import annotations

from pocketdeck.core.game import get_game
from test_p52_engine import act, party, record, scene

G = get_game("p52")


def test_stamina_a_stamina_boost_does_not_draw_past_five():
    """Stamina: "a maximum of 5 Stamina cards in your pile, unless you have an ability that
    says otherwise – do not draw past this, even if something tells you to draw another
    card". A Stamina Boost is an item, not an ability: with 3 held it draws 2."""
    s = party(record(items=["stamina_boost"]))
    scene(s, enemy_card="KH", enemy_pos=0)
    pile = s["piles"]["stamina_c0"]
    while len(pile) > 3:
        s["piles"]["action_discard"].append(pile.pop())
    s = act(s, type="use", item="stamina_boost")
    assert len(s["piles"]["stamina_c0"]) == 5
