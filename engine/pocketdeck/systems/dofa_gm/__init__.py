"""Deck of Adventures, part 2: the GM's table and the solo skirmish (``dofa-gm``).

Public API: ``GAME``. The bestiary and item tables are content/dofa/bestiary.toml and
items.toml, checked by the dofa content checker (their checks are registered into it
here, so the files stay beside the rest of the game's content).
"""

from ..dofa import sheet as _sheet
from .bestiary import check_bestiary, check_items
from .rules import GAME, DofaGmGame

_sheet.CHECKS["bestiary"] = check_bestiary
_sheet.CHECKS["items"] = check_items

__all__ = ["GAME", "DofaGmGame"]
