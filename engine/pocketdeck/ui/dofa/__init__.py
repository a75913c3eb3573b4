"""Deck of Adventures, the player's phone: the sheet (sheet), its check area (check), its buttons (parts), the setup screen (setup) and sheets kept in the library (keep).

Nothing is imported here: a table's modules load when it is first opened (ui/tables.py)."""
