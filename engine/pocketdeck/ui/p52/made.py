"""Enemies and quests of the player's own on the P52 setup (issue 49): where the player
chooses what to play, ours and theirs side by side (theirs marked "yours"), with "Make your
own from this enemy" / "... quest" (ui/make/), and the options a game then carries (the
made rows themselves, so the game needs nothing of the Library: it is saved, replayed and
shared like any other, and an enemy edited later never changes it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...systems.p52 import data
from ...systems.p52.enemycard import made_id, quest_id
from ..html import button, esc
from ..make.enemy import made_enemies
from ..make.quest import KIND_WORDS, made_quests

if TYPE_CHECKING:
    from ..shell import App

FIELDS = "p52_quest,p52_enemies"
FACES = {"J": "Jack", "Q": "Queen", "K": "King"}


def quick_fill(app: "App") -> str:
    """What Play now sends besides its own fields: the made quest and enemies chosen, where
    the player kept any (a phone without them sends what it always sent)."""
    return "," + FIELDS if made_quests(app) or made_enemies(app) else ""


def _option(value: str, words: str, chosen: str) -> str:
    return f'<option value="{esc(value)}"{" selected" if value == chosen else ""}>{esc(words)}</option>'


def enemy_line(e: dict[str, Any]) -> str:
    return (f'{FACES.get(str(e.get("card")), "?")}: HP {e.get("hp")}, {e.get("attack")} '
            f'({e.get("rtype")}, range {e.get("range")}), move {e.get("move")}')


def fields(app: "App") -> str:
    """The quest and enemy choices of the setup form, and the ways to make one of your own."""
    quests, enemies = made_quests(app), made_enemies(app)
    chosen_q = getattr(app, "p52_quest", None) or ""
    chosen_e = getattr(app, "p52_enemy", None)
    quest_opts = _option("", "None: the book's four, chosen or flipped in the game", chosen_q) + "".join(
        _option(k, f'{q.get("name")} ({KIND_WORDS.get(str(q.get("kind")), "?")}, yours)', chosen_q)
        for k, q in quests)
    boxes = "".join(
        f'<label class="check"><input type="checkbox" name="p52_enemies" value="{esc(k)}"'
        f'{" checked" if k == chosen_e else ""}>{esc(e.get("name"))} (yours; {esc(enemy_line(e))})</label>'
        for k, e in enemies) or '<p class="muted">None yet: make one from a copy of ours below.</p>'
    ours_e = "".join(_option(card, f'{e["name"]} ({enemy_line(e)})', "J")
                     for card, e in data.enemies()["by_card"].items())
    mine_e = "".join(_option(k, f'{e.get("name")} (yours)', "") for k, e in enemies)
    ours_q = "".join(_option(qid, q["name"], "") for qid, q in data.quests().items())
    mine_q = "".join(_option(k, f'{q.get("name")} (yours)', "") for k, q in quests)
    make_e = button("Make your own from this enemy", "make", {"kind": "enemy-p52", "field": "enemy_from"},
                    cls="btn", fill="enemy_from", title="Make your own enemy from a copy of the enemy chosen")
    make_q = button("Make your own from this quest", "make", {"kind": "quest-p52", "field": "quest_from"},
                    cls="btn", fill="quest_from", title="Make your own quest from a copy of the quest chosen")
    return (f'<fieldset class="p52-made"><legend>Quests and enemies, ours and yours</legend>'
            f'<label>Your quest (offered at Choose a Quest beside ours) <select name="p52_quest">{quest_opts}'
            f'</select></label>'
            f'<fieldset><legend>Your enemies in the Enemy deck</legend><p class="muted">Each stands in for the '
            f'face cards of its rank (one per face card).</p>{boxes}</fieldset>'
            f'<label>Enemy to start from <select name="enemy_from"><optgroup label="Ours">{ours_e}</optgroup>'
            + (f'<optgroup label="Yours">{mine_e}</optgroup>' if mine_e else "") + f'</select></label>{make_e}'
            f'<label>Quest to start from <select name="quest_from"><optgroup label="Ours">{ours_q}</optgroup>'
            + (f'<optgroup label="Yours">{mine_q}</optgroup>' if mine_q else "") + f'</select></label>{make_q}'
            f'</fieldset>')


def chosen_banner(app: "App") -> str:
    """A quest or an enemy just kept or opened from the Library: what Play now will play."""
    quest = dict(made_quests(app)).get(getattr(app, "p52_quest", None) or "")
    enemy = dict(made_enemies(app)).get(getattr(app, "p52_enemy", None) or "")
    if quest is None and enemy is None:
        return ""
    words = (f'your quest <b>{esc(quest.get("name"))}</b> ({esc(KIND_WORDS.get(str(quest.get("kind")), "?"))})'
             if quest is not None else f'your enemy <b>{esc(enemy.get("name"))}</b> in the Enemy deck')
    return (f'<p class="p52-yours">Play now plays {words}, as chosen under Quests and enemies below.</p>')


def made_options(sent: dict[str, Any], app: "App") -> dict[str, Any]:
    """The options of the made quest and enemies the form chose ({} for none); ValueError
    naming one the Library no longer holds, or two enemies for one face card."""
    out: dict[str, Any] = {}
    key = sent.get("p52_quest") or ""
    if key:
        quest = dict(made_quests(app)).get(str(key))
        if quest is None:
            raise ValueError("Your quest: that quest is not in the library")
        out["quest"] = dict(quest, id=quest_id(quest))  # given anew: a renamed quest stays one the rules play
    picked = sent.get("p52_enemies") or []
    picked = [picked] if isinstance(picked, str) else picked
    kept = dict(made_enemies(app))
    rows = [dict(kept[k], id=made_id(kept[k])) for k in picked if k in kept]
    if len(rows) != len([k for k in picked if k]):
        raise ValueError("Your enemies: one of them is not in the library")
    if len({e.get("card") for e in rows}) != len(rows):
        raise ValueError("Your enemies: two for one face card; each face card of the Enemy deck is one enemy")
    if rows:
        out["enemies"] = rows
    return out
