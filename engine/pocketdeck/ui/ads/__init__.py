"""The Adventure Deck System's screens: the lone fight (fight), its prompt box (prompt), the adventure through the keep's rooms (adventure) and the Deck Builder (builder).

Nothing is imported here: a table's modules load when it is first opened (ui/tables.py)."""
