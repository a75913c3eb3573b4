"""The P52 enemy as a kind the player makes: the enemy row's spec (systems/p52/enemycard.py,
the same that checks content/p52/enemies.toml) and its fields' names in the book's words
(P52: Enemies, Enemy Attacking, Enemy Defending, Attack/Item Range). Everything else is the
maker's (screen.py).

Keep checks the enemy as the Library checks one that arrives (enemycard.made_problems), then
plays it (systems/p52/made.py: 24 seeded games by the random players with it standing in
for every face card of its rank in the Enemy deck), and keeps it as an item of kind ``enemy``
(core/records.py). The P52 setup lists it under "Your enemies".
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Generator

from ...core.records import get_kind
from ...form import Label
from ...systems.p52 import data
from ...systems.p52.enemycard import ENEMY, enemy_problems, made_id
from ...systems.p52.made import GAMES, playability_steps
from .form import MakeKind
from .keeping import kept_steps, open_kept

if TYPE_CHECKING:
    from ..shell import App, Effect

PREFIX = "item:enemy:p52:"
SCREEN = "setup:p52"
RTYPE_WORDS = {"melee": "Melee", "ranged": "Ranged", "magic": "Magic"}
FORMULA_HINT = "Lv: the party's average level"

LABELS = {
    "id": Label("id", hidden=True),
    "card": Label("Face card", "The Enemy deck's face cards of this rank turn over as this enemy.",
                  choices={"J": "Jack", "Q": "Queen", "K": "King"}),
    "name": Label("Name", "1 to 40 characters."),
    "hp": Label("HP", f"A formula: {FORMULA_HINT} (Lv*5). At least 1 at every level."),
    "attack": Label("Attack", "Its weapon or spell, as the log names it (Bow)."),
    "rtype": Label("Attack type", "What defends against it (Player Defending).", choices=RTYPE_WORDS),
    "target": Label("Target", f"The attack flip must beat it. {FORMULA_HINT}, R: distance in spots (7-Lv+R)."),
    "damage": Label("Damage", f"{FORMULA_HINT}, Over: how far the flip beat the target, R: distance."),
    "initiative": Label("Initiative", f"{FORMULA_HINT} (Lv+10)."),
    "move": Label("Move", "Spots it moves on its turn (0: it holds its spot)."),
    "range": Label("Range", "Attack/Item Range: 0 its own spot (melee), 1 one spot further, and so on."),
    "defence": Label("Defence", "Added to its defence flip against each kind of attack (Enemy Defending)."),
    "defence.magic": Label("Against magic"),
    "defence.melee": Label("Against melee"),
    "defence.ranged": Label("Against ranged"),
    "exp": Label("Experience", "What beating it gives (Gaining Experience)."),
}


def made_enemies(app: "App") -> list[tuple[str, dict[str, Any]]]:
    """(library key, enemy) of every enemy the player kept, by name."""
    return sorted(((k, r) for k, r in app.library.items() if k.startswith(PREFIX) and isinstance(r, dict)),
                  key=lambda kr: (str(kr[1].get("name")), kr[0]))


def sources(app: "App") -> list[tuple[str, str, bool]]:
    return [(card, e["name"], False) for card, e in data.enemies()["by_card"].items()] + \
        [(key, str(e.get("name")), True) for key, e in made_enemies(app)]


def copy_of(app: "App", ref: str) -> dict[str, Any]:
    ours = data.enemies()["by_card"]
    card = copy.deepcopy(ours[ref] if ref in ours else app.library[ref])
    name = str(card.get("name", "Enemy"))
    card["name"] = name if name.endswith("(yours)") else f"{name[:32]} (yours)"
    card["id"] = made_id(card)
    return card


def cross(row: dict[str, Any]) -> list[tuple[str, str]]:
    return enemy_problems(row)


def keep(app: "App", row: dict[str, Any]) -> Generator[int, None, list["Effect"]]:
    """Check the enemy as the Library would on arrival, play it (a game a step), keep it;
    ValueError naming why otherwise (nothing is kept before every check passed)."""
    card = dict(row, id=made_id(row))
    return (yield from kept_steps(app, get_kind("enemy", "p52"), card, playability_steps(card), "p52_enemy",
                                  SCREEN, f"It passed the checks and {GAMES} games by the random players; "
                                          "the P52 setup lists it under Your enemies."))


def open_enemy(app: "App", key: str) -> list["Effect"]:
    """Open on a kept enemy: the P52 setup with it chosen."""
    return open_kept(app, key, "p52_enemy", SCREEN, "enemy")


KIND = MakeKind(
    id="enemy-p52", title="P52 enemy", spec=ENEMY, labels=LABELS,
    intro=(f"Keep checks it as our enemies are checked, then the random players play {GAMES} games with it "
           "in the Enemy deck: every game must end."),
    sources=sources, copy=copy_of, cross=cross, keep=keep, work=GAMES, unit="games")
