"""The Deck table's screens: the table itself (table) and decks of one's own (editor).

Nothing is imported here: a table's modules load when it is first opened (ui/tables.py)."""
