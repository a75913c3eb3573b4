"""P52: a GM-less dungeon crawl played with two decks of cards (rules by Jordan Kasper).

Public API: ``GAME`` (the registered system), ``hit_chance``, ``export_characters``,
``check_record`` (raises) / ``record_problems`` (lists); the rules document is docs/rules/p52.md.
"""

from .combat import hit_chance
from .rules import GAME, P52Game, check_record, export_characters, record_problems

__all__ = ["GAME", "P52Game", "check_record", "export_characters", "hit_chance", "record_problems"]
