"""The Library: the screen of every kept item (screen), keeping an item (items, below the
screens that keep one) and a system's character library (characters).

Nothing is imported here: a table's modules load when it is first opened (ui/tables.py)."""
