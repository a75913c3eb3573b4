"""The numbers the GM's table takes from a player's sheet (name, HP, AP, AR, Agility, PP),
from a game of theirs or from a sheet kept in their library.

Both the join panel (join.py) and the table link's guest seat (ui/table_link/policies.py)
read them; here, below both, so the table link imports no screen of the GM's table.
"""

from __future__ import annotations

from typing import Any

from ...core.saves import Session


def numbers(session: Session) -> dict[str, Any]:
    """The numbers of a player's Deck of Adventures game (a ``dofa`` session)."""
    from ...systems.dofa_gm.sheetlink import player_from_state
    return player_from_state(session.state)


def sheet_numbers(record: Any) -> dict[str, Any]:
    """The numbers of a library DofA sheet (issue 15's kind ``sheet``: the starting
    character and its steps, replayed by the rules): a sheet fresh from a Full Rest."""
    from ...systems.dofa.keep import replay
    from ...systems.dofa_gm.sheetlink import player_from_state
    return player_from_state(replay(record))
