"""State helpers every P52 module shares: flips, the log, finding characters and enemies,
and the derived numbers of a character (which depend on items and quirks).

Piles (state["piles"]): the Room deck ``room`` (its flipped cards go to ``room_flips``
and laid-out spots to ``layout``), the Enemy deck ``enemy`` (cards on the board in
``foes``, beaten or fled ones in ``foes_out``), the Action deck ``action`` with
``action_discard``, and one face-down ``stamina_<id>`` pile per character. Together they
always hold both 52-card decks: 104 cards.
"""

from __future__ import annotations

from typing import Any

from ...core import piles
from ...core.rng import Rng
from . import data
from .maths import CORE, average_level, initiative, max_hp, movement, suit, value

State = dict[str, Any]
LOG_KEEP = 100
RESHUFFLE_BELOW = 13  # "about a quarter remaining" of the 52-card Action deck
STAMINA_MAX = 5


def log(state: State, text: str) -> None:
    state["log"].append(text)
    if len(state["log"]) > LOG_KEEP:
        del state["log"][: len(state["log"]) - LOG_KEEP]


# -- flips -------------------------------------------------------------------------------
def keep_action_deck(state: State, rng: Rng) -> None:
    """Shuffling: the Action deck is shuffled when about a quarter is left."""
    p = state["piles"]
    if len(p["action"]) < RESHUFFLE_BELOW and p["action_discard"]:
        piles.move_all(p, "action_discard", "action")
        piles.shuffle(p, "action", rng)
        log(state, "The Action deck ran low and was shuffled.")


def flip(state: State, rng: Rng) -> str:
    """Flip the top Action card face up onto the discard pile."""
    keep_action_deck(state, rng)
    return piles.draw(state["piles"], "action", "action_discard")[0]


def flip_room(state: State) -> str:
    """Flip the top Room card (size, light, exit, quest flips)."""
    return piles.draw(state["piles"], "room", "room_flips")[0]


def stamina_pile(cid: str) -> str:
    return f"stamina_{cid}"


def stamina_count(state: State, cid: str) -> int:
    return len(state["piles"][stamina_pile(cid)])


def draw_stamina(state: State, cid: str, rng: Rng, n: int = 1, cap: int = STAMINA_MAX) -> int:
    """Stamina: drawn from the Action deck onto the *bottom* of the pile, at most ``cap``
    (the book, Stamina: "a maximum of 5 ... unless you have an ability that says otherwise –
    do not draw past this, even if something tells you to draw another card"; no ability of
    the scenario says otherwise, so the Stamina Boost item stops at 5 too). A pile past 5 in
    a game saved before this rule keeps its cards and draws no more."""
    p = state["piles"]
    name = stamina_pile(cid)
    got = 0
    for _ in range(n):
        if len(p[name]) >= cap:
            break
        keep_action_deck(state, rng)
        if not p["action"]:
            break
        card = p["action"].pop()
        p[name].insert(0, card)
        got += 1
    return got


def play_stamina(state: State, cid: str) -> int:
    """Using Stamina: the top card is turned over (never chosen) and discarded."""
    card = piles.draw(state["piles"], stamina_pile(cid), "action_discard")[0]
    log(state, f"{char(state, cid)['name']} plays a Stamina card: {card}.")
    return value(card)


# -- who is who -----------------------------------------------------------------------------
def is_char_id(x: Any) -> bool:
    return isinstance(x, str) and len(x) > 1 and x[0] == "c" and x[1:].isdigit()


def is_enemy_id(x: Any) -> bool:
    return isinstance(x, str) and len(x) > 1 and x[0] == "e" and x[1:].isdigit()


def char(state: State, cid: str) -> dict[str, Any]:
    for c in state["chars"]:
        if c["id"] == cid:
            return c
    raise KeyError(cid)


def enemy(state: State, eid: str) -> dict[str, Any] | None:
    room = state.get("room")
    if not room:
        return None
    for e in room["enemies"]:
        if e["id"] == eid:
            return e
    return None


def living(state: State) -> list[dict[str, Any]]:
    return [c for c in state["chars"] if c["status"] != "dead"]


def avg_level(state: State) -> int:
    return max(1, average_level([c["level"] for c in state["chars"]]))


def new_id(state: State, prefix: str) -> str:
    state["next_id"] += 1
    return f"{prefix}{state['next_id']}"


# -- a character's numbers --------------------------------------------------------------------
def dark(state: State) -> bool:
    room = state.get("room")
    return bool(room) and not room["lit"]


def armor_pieces(c: dict[str, Any]) -> list[dict[str, Any]]:
    return [data.item(i) for s, i in c["equipped"].items() if data.item(i)["kind"] == "armor"]


def char_movement(state: State, c: dict[str, Any]) -> int:
    bonus = 0
    for iid in c["equipped"].values():
        bonus += data.item(iid).get("movement", 0)
    heavy = sum(1 for a in armor_pieces(c) if a.get("move_penalty"))
    bonus -= heavy // 2
    if c.get("quirk") == "dark_fright" and dark(state):
        bonus += 1
    return movement(c["core"]["Move"], bonus)


def char_initiative(c: dict[str, Any]) -> int:
    return initiative(c["core"]["Move"], c["core"]["Lead"], 4 if c.get("quirk") == "bossy" else 0)


def char_max_hp(c: dict[str, Any]) -> int:
    bonus = c["level"] * 2 if c.get("quirk") == "troll_raised" else 0
    return max_hp(c["core"]["Lift"], c["core"]["Think"], bonus)


def refresh(c: dict[str, Any]) -> None:
    """Increasing Basic Skills: max HP follows the core abilities; a rise heals by as much."""
    new = char_max_hp(c)
    if new > c["max_hp"] and c["status"] != "dead":
        c["hp"] += new - c["max_hp"]
    c["max_hp"] = new
    c["hp"] = min(c["hp"], new)


def winged(c: dict[str, Any]) -> bool:
    return any(data.item(i).get("winged") for i in c["equipped"].values())


def qualifies(c: dict[str, Any], aid: str) -> bool:
    """Step 6: the prerequisites of an ability must be met."""
    pre = data.ability(aid)["prereq"]
    return all(c["core"][k] >= v for k, v in pre.items())


def learnable(c: dict[str, Any]) -> list[str]:
    return [a for a in data.abilities() if a not in c["abilities"] and data.supported(a)
            and qualifies(c, a)]


def fresh_room_record() -> dict[str, Any]:
    """The deeds of one room that earn experience; kept sparse (keys appear when earned)
    so the state stays small: attacked, uses, defends, defended, kills, kill_exp,
    picked, smashed, other, hurt, rivals."""
    return {}


def bump(c: dict[str, Any], key: str, n: int = 1) -> None:
    c["rx"][key] = c["rx"].get(key, 0) + n


def clamp_core(c: dict[str, Any]) -> None:
    for k in CORE:
        c["core"][k] = max(1, c["core"][k])


def chest_items(state: State, rng: Rng, add: int) -> list[str]:
    """Revealing the Item: two flips summed (plus ``add``), the Chest Table's item; the same
    suit adds a Lock Pick. Below combat and items, which both open chests or drop loot."""
    a, b = flip(state, rng), flip(state, rng)
    total = min(26, max(2, value(a) + value(b) + add))
    out = [data.chest_table()[total]]
    if suit(a) == suit(b):
        out.append("lock_pick")
    log(state, f"Item flip {a} + {b}{f' + {add}' if add else ''} = {total}: "
               f"{data.item(out[0])['name']}{' and a Lock Pick (same suit)' if len(out) > 1 else ''}.")
    return out
