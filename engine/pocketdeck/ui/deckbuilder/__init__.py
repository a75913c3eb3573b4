"""The Deckbuilder RPG's screens: the battle table (table) and its new-game screen (setup).

Nothing is imported here: a table's modules load when it is first opened (ui/tables.py)."""
