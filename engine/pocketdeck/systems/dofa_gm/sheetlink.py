"""A player joins the GM's table from their own phone: the share link of their part-1
(``dofa``) game carries their sheet, and the GM's table takes from it only the few numbers
it needs (name, HP, AP, AR, Agility for initiative, PP) and the sheet's attribute and skill
modifiers (``mods``: a check the GM calls then names a skill, as for a premade character). The link is replayed by
``core.saves.from_link`` (so it is checked like any shared game); nothing else of the
player's game is kept on the GM's phone.
"""

from __future__ import annotations

from typing import Any

from ...core.game import State
from ...core.saves import SaveError, from_link
from ..dofa import sheet as sh
from ..dofa.gear import armor_rows
from .joining import MAX_POWERS, MOD_LIMITS
from .joining import PLAYER_LIMITS as LIMITS


def _clamp(key: str, value: int) -> int:
    lo, hi = LIMITS[key]
    return max(lo, min(hi, int(value)))


def player_from_state(state: State) -> dict[str, Any]:
    """The GM's numbers from a ``dofa`` state: the current HP/AP/PP (a Knocked Out player
    joins at 1 HP: the table's minimum; the GM edits it), the sheet's AR and AGL."""
    sheet = state["sheet"]
    name = (str(sheet.get("name") or "").strip() or str(sheet.get("id") or "Player"))[:40]
    lo, hi = MOD_LIMITS
    mods = {k: max(lo, min(hi, int(v))) for k, v in {**sheet["attrs"], **sheet["skills"]}.items()}
    # the sheet's level, role and powers (review dofa-phone-2026-11-27 #11): a Companion's
    # HP, Condition Resilience and Immunity on saves, a Discard Power by role
    known = sh.powers()
    return {"name": name, "hp": _clamp("hp", state["hp"]), "ap": _clamp("ap", state["ap"]),
            "ar": _clamp("ar", sheet["ar"]), "agl": _clamp("agl", sheet["attrs"]["AGL"]),
            "pp": _clamp("pp", state["pp"]), "mods": mods,
            "level": max(1, min(10, int(sheet.get("level") or 1))),
            "role": sheet.get("role") if sheet.get("role") in sh.ROLES else None,
            "powers": [p for p in sheet.get("powers", []) if p in known][:MAX_POWERS],
            # the armor worn (GMG, Items, Armor: its requirement unmet puts Agility, Finesse
            # and Stealth checks at Lower Hand, draws.hand_parts)
            "armor": sheet.get("armor") if sheet.get("armor") in armor_rows() else None}


def player_from_link(text: str) -> dict[str, Any]:
    """A whole share link (or only its ``g=...`` fragment) -> the player's numbers.
    SaveError when it is not a Deck of Adventures player's game."""
    frag = text.strip()
    if "g=" in frag:
        frag = frag.split("g=", 1)[1]
    session = from_link(frag)
    if session.system != "dofa":
        raise SaveError("that link holds another game, not a Deck of Adventures player's sheet")
    return player_from_state(session.state)
