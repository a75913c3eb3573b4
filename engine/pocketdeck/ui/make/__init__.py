"""Make your own (issue 49): a form drawn from a content kind's spec (form.py), the screen
that shows and keeps it (screen.py), and one small module per kind (foe.py: an ADS Foe)."""
