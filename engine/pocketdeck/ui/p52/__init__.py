"""P52's screens: the table (table), the steps between rooms (steps) and quick characters (quick).

Nothing is imported here: a table's modules load when it is first opened (ui/tables.py)."""
