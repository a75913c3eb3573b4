"""Pocketdeck: rules engines for card-driven role-playing games.

The package is pure Python (standard library only) so that the same wheel runs in
CPython on a developer machine and in Pyodide in the browser.
"""

__version__ = "0.1.0"
