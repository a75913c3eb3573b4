"""Adventure Deck System (ADS): solo fights on the Combat Rondel against Foe cards.

Being built (issue 8); registers nothing until its rules module exists.
"""
