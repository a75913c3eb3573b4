"""How much one QR code carries (ui/library/items.py QR_MAX_FRAGMENT: version 25, level M,
less the page's address): every record of every kind fits, the largest deck of one's own
too; games fit up to a length per system, measured here and stated in docs/LIBRARY.md."""

from __future__ import annotations

import pytest

from pocketdeck.core.cards import standard_deck
from pocketdeck.core.records import get_kind, item_link, make_item
from pocketdeck.core.saves import to_link
from pocketdeck.ui.library.screen import QR_MAX_FRAGMENT

from library_samples import every_item, game_session

# system -> moves of a game (the sample player's moves) whose link still fits one code
# moves of the sample game (seed 3, first legal action) that fit one code; ads (24) and p52 (151)
# are whole games since issues 26, 32 and 47 changed their rules, like the Deckbuilder's 6
FITS = {"deck": 124, "p52": 151, "ads": 24, "dofa": 160, "deckbuilder": 6, "dofa-gm": 110}


def test_the_limit_is_version_25_at_level_m_less_the_address():
    assert QR_MAX_FRAGMENT + 120 <= 1_370  # version 25-M byte capacity (ISO/IEC 18004 table 7)


@pytest.mark.parametrize("item", [i for i in every_item() if not get_kind(i["kind"], i["system"]).replayed],
                         ids=lambda i: f"{i['kind']}-{i['system']}")
def test_every_record_fits_one_code(item):
    assert len(item_link(item)) <= QR_MAX_FRAGMENT


def test_the_largest_deck_of_ones_own_fits_one_code():
    deck = {"name": "x" * 40, "cards": standard_deck(True) * 6}
    assert len(item_link(make_item(get_kind("deck", "deck"), deck["name"], deck))) <= QR_MAX_FRAGMENT


@pytest.mark.parametrize("system,moves", FITS.items())
def test_how_long_a_game_fits_one_code(system, moves):
    short = game_session(system, moves=moves, seed=3)
    assert len("g=" + to_link(short)) <= QR_MAX_FRAGMENT
    longer = game_session(system, moves=moves + 40, seed=3)
    if len(longer.actions) > len(short.actions):
        assert len("g=" + to_link(longer)) > QR_MAX_FRAGMENT
