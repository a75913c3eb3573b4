"""A table of phones: its screens and taps on both sides (screens), seat routing (seats), which seats a guest may hold (policies) and the two codes of a link (codes).

Nothing is imported here: a table's modules load when it is first opened (ui/tables.py)."""
