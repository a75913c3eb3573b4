"""Deck of Adventures, the GM's table: the table (table), its new-game form (setup), a player's phone joining it (join)
and the numbers it takes from a player's sheet (numbers).

Nothing is imported here: a table's modules load when it is first opened (ui/tables.py)."""
