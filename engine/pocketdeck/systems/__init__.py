"""Importing this package registers every built-in game system.

Each system is a sub-package that registers itself on import. The list is explicit (no
folder scan) so the wheel, CPython and Pyodide all load exactly the same systems.
"""

from . import deck  # noqa: F401
from . import p52  # noqa: F401
from . import ads  # noqa: F401
from . import dofa  # noqa: F401
from . import deckbuilder  # noqa: F401
from . import dofa_gm  # noqa: F401
