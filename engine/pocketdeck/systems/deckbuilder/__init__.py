"""Deckbuilder RPG: battles on the Action Tableau.

Being built (issue 10); registers nothing until its rules module exists.
"""
