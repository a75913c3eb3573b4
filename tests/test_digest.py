"""Digests of everything every table shows: every seat's view and every screen on every step
of seeded random playthroughs of every system, and each game's final state.

Code-shape changes (modules moved, import circles cut, the view filter shared) must leave
these figures as they are; a rule or text change updates them knowingly, with the reason in
its commit. ``python3 tests/test_digest.py N`` prints the digests over N games per system.
ADS has its own, larger pins in tests/test_ads_digest.py."""

from __future__ import annotations

import sys

from test_ads_digest import digest

GAMES = 6
EXPECTED: dict[str, str] = {
    "deck": "eec0ce8141794482",
    # p52: each enemy's label (numbered with its row and column when two share a name),
    # each defence's chance and the damage it leaves, the defence result in words; the room
    # map in the turn's box above the actions, the decks' line under it, an Ace's card in
    # its log line, the end's ways on, the hit's hint in one line (issue 50)
    "p52": "680b6cf306f13162",
    # ADS and its adventure: issue 50 (each card in hand with its reason, draws in words, the
    # Up/Down drawn, the ends' ways on, the keep's intro first; 9fc34928572aff87 /
    # e99217d049783bb7 before it); a healing card offered at full Hit Points, the reasons
    # naming the Map card and the Grapple's limits (recent-rules-2026-12-07 A1-A3;
    # bbf747ef0e884367 / 6326faebf62ebe38 before it)
    "ads": "bfba18aada732315",
    # dofa: a practice check at the top of the sheet out of combat, results and the check's
    # range in plain words with the terms linked, the attribute or skill keys open, the end's
    # ways on; the practice put away once a check of one's own is tapped in (issue 50); the
    # glossary's GMG chart entry says which rows the chart prints, and the check line says
    # "the chart says" only beside a figure it prints (recent-rules-2026-12-07 G2;
    # 394dac417e057a7c before it)
    "dofa": "ac4a6ec71baf8fb6",
    # deckbuilder: a Melee turn says the counters come first and what an attack leaves unused,
    # every card that does not play says why, the end offers Play again, Another battle, Home
    # and after the melee attack the line says to end the turn (issue 50); experience buys
    # cards only, learnt or practised, no stat or health upgrade (issue 47, Overview;
    # 776ac60fb7c699cf before it); a skill held as a latent ability is practised, not learnt
    # (new-rules-2026-12-07 B2; adba7494ff9f6c65 before it)
    "deckbuilder": "5a0e65ed23077476",
    "ads_build": "77ed01072376118c",
    "ads_adventure": "7d5d755ec8e616b2",
    # dofa-gm: a called check's chance counts the Fatigue, conditions and reshuffle of the
    # real draw, and a required Color/Suited Success ranks an unmatched success as a miss;
    # a panel or the GM tools is the prompt only while the GM works in it, and a called
    # check's difficulty, success and tool keys stay in place, the chosen one pressed, and the
    # end offers the same game again, another and Home, a draw says its result in plain words
    # and a called check its chance (issue 50); Grapple, Hide, Rush and breaking free on a
    # creature's turn, played by its policy, their contests due (review dofa-gm-2026-12-07,
    # R6; 4f4e0319876cc03c before it); "assured" only on a Normal Draw and "the chart says"
    # only beside a figure it prints (recent-rules-2026-12-07 G1, G2; 5de7aa41354322e4 before it);
    # Hidden ended by a Detection or Stealth check, a Grappled heal at Lower Hand, a Companion
    # breaking free (new-rules-2026-12-07 G1-G4; ef93eb19a4593b42 before it)
    "dofa-gm": "cd50dc3f9f010dfd",
}


def test_every_system_shows_the_same_views_and_screens():
    """Issue 48, "Same game, same screens": the reshaping changes nothing a player sees."""
    got = {system: digest(system, GAMES) for system in EXPECTED}
    assert got == EXPECTED


if __name__ == "__main__":
    from pocketdeck.ui.tables import tables
    n = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    for system in tables():
        print(f'    "{system}": "{digest(system, n)}",', flush=True)
