"""Deck of Adventures (DofA), the player's side: Action Deck, sheet and checks.

Being built (issue 9); registers nothing until its rules module exists.
"""
