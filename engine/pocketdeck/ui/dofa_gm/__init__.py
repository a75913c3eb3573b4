"""Deck of Adventures, the GM's table: the table (table), its new-game form (setup) and a player's phone joining it (join).

Nothing is imported here: a table's modules load when it is first opened (ui/tables.py)."""
