"""The books' tables (content/dofa/tables.toml: armor, shields, XP, caps and the like) and
the attributes' names. They sit below the sheet and its gear, which both read them, so that
the sheet can derive its armor through gear.py without gear.py importing the sheet."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ... import content

NAMES = {"AGL": "Agility", "CON": "Conviction", "GUT": "Intuition", "INT": "Intelligence",
         "STR": "Strength", "VIT": "Vitality"}


@lru_cache(maxsize=None)
def tables() -> dict[str, Any]:
    return content.load("dofa/tables.toml")
