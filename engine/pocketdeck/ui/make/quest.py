"""The P52 quest as a kind the player makes: the quest row's spec (systems/p52/enemycard.py,
the same that checks content/p52/quests.toml) and its fields' names in the book's words
(P52: Choose a Quest: "take some time to customize them ... You can always make up a new
quest idea!"). A quest of your own is played by the rules of one of the book's four quests,
with its own name and words, a Survival quest's number of rooms, and the enemies the player
made standing in for face cards of the Enemy deck.

Its enemies are chosen among the player's kept enemies (``spec_for``). Keep gathers their
rows into the quest (``prepare``: a quest carries the made enemies it uses), checks it as the
Library checks one that arrives, plays it (systems/p52/made.py) and keeps it as an item of
kind ``quest``. The P52 setup lists it under "Your quests", and the game offers it at Choose
a Quest beside ours.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Generator

from ...core.records import get_kind
from ...form import Label
from ...schema import ListOf, OneOf, Optional, Table
from ...systems.p52 import data
from ...systems.p52.enemycard import QUEST, made_id as enemy_id, quest_id, quest_problems
from ...systems.p52.made import quest_playability_steps, quest_work
from .enemy import SCREEN, made_enemies
from .form import MakeKind
from .keeping import kept_steps, open_kept

if TYPE_CHECKING:
    from ..shell import App, Effect

PREFIX = "item:quest:p52:"
KIND_WORDS = {"big_boss": "Big Boss", "survival": "Survival", "trapped": "Trapped", "treasure": "Treasure Hunt"}

LABELS = {
    "id": Label("id", hidden=True),
    "cards": Label("Made enemies it carries", hidden=True),
    "name": Label("Name", "The quest's title; 1 to 40 characters."),
    "blurb": Label("Description", "What the party reads at Choose a Quest."),
    "bonus": Label("Reward words", "Shown with the quest; the reward given is the book's for its kind."),
    "kind": Label("Played as", "The book's quest whose rules and goal it keeps (Choose a Quest).",
                  choices=KIND_WORDS),
    "rooms": Label("Rooms", "Survival only: rooms to clear, 2 to 6 (left empty: flipped, as the book says)."),
    "enemies": Label("Your enemies in it", "Each stands in for the face cards of its rank in the Enemy deck; "
                                          "one per face card.", item="Enemy"),
    "enemies.*": Label("Enemy"),
}


def _enemy_choices(app: "App") -> dict[str, str]:
    """Made enemy id -> words: the player's kept enemies, and those the copy's source carries."""
    out = {enemy_id(e): f"{e.get('name')} ({_face(e)}, yours)" for _, e in made_enemies(app)}
    draft = getattr(app, "maker", None)
    for e in (draft.row.get("cards", []) if draft is not None and isinstance(draft.row, dict) else []):
        if isinstance(e, dict) and isinstance(e.get("id"), str):
            out.setdefault(e["id"], f"{e.get('name')} ({_face(e)}, carried)")
    return out


def _face(e: dict[str, Any]) -> str:
    return {"J": "Jack", "Q": "Queen", "K": "King"}.get(str(e.get("card")), "?")


def spec_for(app: "App") -> Any:
    choices = _enemy_choices(app)
    schema = dict(QUEST.schema)
    schema["enemies"] = Optional(ListOf(OneOf(*choices) if choices else OneOf(""), at_most=3))
    return Table(schema, strict=True)


def labels_for(app: "App") -> dict[str, Label]:
    out = dict(LABELS)
    out["enemies.*"] = Label("Enemy", choices=_enemy_choices(app))
    return out


def made_quests(app: "App") -> list[tuple[str, dict[str, Any]]]:
    """(library key, quest) of every quest the player kept, by name."""
    return sorted(((k, r) for k, r in app.library.items() if k.startswith(PREFIX) and isinstance(r, dict)),
                  key=lambda kr: (str(kr[1].get("name")), kr[0]))


def sources(app: "App") -> list[tuple[str, str, bool]]:
    return [(qid, q["name"], False) for qid, q in data.quests().items()] + \
        [(key, str(q.get("name")), True) for key, q in made_quests(app)]


def copy_of(app: "App", ref: str) -> dict[str, Any]:
    if ref in data.quests():
        quest = dict(copy.deepcopy(data.quests()[ref]), kind=ref)
    else:
        quest = copy.deepcopy(app.library[ref])
    name = str(quest.get("name", "Quest"))
    quest["name"] = name if name.endswith("(yours)") else f"{name[:32]} (yours)"
    quest["id"] = quest_id(quest)
    return quest


def prepare(app: "App", row: dict[str, Any]) -> dict[str, Any]:
    """The quest as it is kept: the rows of the made enemies it names (from the Library, or
    carried by the quest it was copied from), and its id."""
    kept = {enemy_id(e): dict(e, id=enemy_id(e)) for _, e in made_enemies(app)}
    carried = {c["id"]: c for c in row.get("cards", []) if isinstance(c, dict) and isinstance(c.get("id"), str)}
    named = [ref for ref in row.get("enemies", []) if isinstance(ref, str)]
    cards = {ref: kept.get(ref) or carried[ref] for ref in named if ref in kept or ref in carried}
    out = {k: v for k, v in row.items() if k not in ("cards", "id")}
    if not out.get("enemies"):
        out.pop("enemies", None)
    if cards:
        out["cards"] = list(cards.values())
    out["id"] = quest_id(out)
    return out


def cross(row: dict[str, Any]) -> list[tuple[str, str]]:
    return quest_problems(row)


def keep(app: "App", row: dict[str, Any]) -> Generator[int, None, list["Effect"]]:
    """Check the quest as the Library would on arrival, play it (a game a step), keep it;
    ValueError naming why otherwise (nothing is kept before every check passed)."""
    quest = prepare(app, row)
    return (yield from kept_steps(app, get_kind("quest", "p52"), quest, quest_playability_steps(quest), "p52_quest",
                                  SCREEN, f"It passed the checks and {quest_work(quest)} games by the random "
                                          "players; the P52 setup lists it under Your quests."))


def open_quest(app: "App", key: str) -> list["Effect"]:
    """Open on a kept quest: the P52 setup with it chosen."""
    return open_kept(app, key, "p52_quest", SCREEN, "quest")


KIND = MakeKind(
    id="quest-p52", title="P52 quest", spec=QUEST, labels=LABELS,
    intro=("A quest of your own is played by the rules of one of the book's four quests, with your words and "
           "your enemies. Keep checks it as our quests are checked, then the random players play it 24 times "
           "(and each enemy of yours it carries 24 more): every game must end."),
    sources=sources, copy=copy_of, cross=cross, keep=keep, work=24, unit="games",
    spec_for=spec_for, labels_for=labels_for, prepare=prepare, work_for=quest_work)
