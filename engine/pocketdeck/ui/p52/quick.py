"""Quick characters for P52 (issue 25): "a character for me" and a ready-made party.

The characters are made by the rules engine itself, not by a copy of its rules: a
throw-away P52 game runs Creating a Character (Steps 1-7) with its own shuffled Action
deck for the bonus flip, and this module only makes the choices a player would make
(race, class, quirk, where the bonus points go, the extra ability, the name). What comes
out is ``export_characters`` of that game: the very records the character library keeps,
which ``check_record`` accepts (tests/test_p52_ui.py checks 200 seeds).

The choices lean the way a new player would want: each character of a party has a
different class, bonus points go mostly to the core abilities the class leans on but
always leave Step 6 an ability to learn when the points can reach one, and the extra
ability is one the character can already use.
"""

from __future__ import annotations

from typing import Any

from ...core.game import get_game
from ...core.rng import Rng
from ...systems.p52 import data
from ...systems.p52.rules import export_characters

PARTY = 3  # "a party of three": a fighter's arm, a spell and a pair of quick hands


def quick_records(n: int, seed: int, names: list[str] | None = None) -> list[dict[str, Any]]:
    """``n`` (1-6) level-1 characters made by the creation rules, as library records.
    ``names`` (optional) are used first, then the scenario's suggestions."""
    if not 1 <= n <= 6:
        raise ValueError("a quick party has 1 to 6 characters")
    game = get_game("p52")
    rng = Rng(seed)
    given = [x.strip()[:40] for x in (names or []) if x and x.strip()]
    pool = [x for x in data.name_suggestions() if x not in given]
    rng.shuffle(pool)
    chosen = (given + pool)[:n]
    classes = list(data.classes())
    rng.shuffle(classes)
    state = game.new_game({"new_characters": n, "names": chosen}, seed)
    guard = 0
    while state["phase"] == "creation":
        guard += 1
        if guard > 200:
            raise RuntimeError("quick character creation did not finish")
        state = game.apply(state, _choose(state, game.legal_actions(state), rng, classes))
    return export_characters(state)


def _choose(state: dict[str, Any], legal: list[dict[str, Any]], rng: Rng,
            classes: list[str]) -> dict[str, Any]:
    kind = legal[0]["type"]
    cid = legal[0].get("char", "c0")
    idx = int(cid[1:]) if cid[1:].isdigit() else 0
    if kind == "class":
        want = classes[idx % len(classes)]
        return next((a for a in legal if a["class"] == want), legal[0])
    if kind == "quirk":  # optional: about half the quick characters have an example quirk
        plain = [a for a in legal if a["quirk"] is None or not str(a["quirk"]).startswith("custom:")]
        return plain[0] if rng.below(2) == 0 else rng.choice(plain[1:] or plain)
    if kind == "add_point":
        return _point(state, legal, rng, cid)
    if kind == "name":
        return legal[0]  # the given name first (party.name_choices), else a suggestion
    return rng.choice(legal)  # race, the extra ability


def _point(state: dict[str, Any], legal: list[dict[str, Any]], rng: Rng, cid: str) -> dict[str, Any]:
    """A bonus point: three in four go to one of the two core abilities the class raises
    most, the rest anywhere; but never so that Step 6 (Add an Ability: "each player may
    then pick one additional ability") is left with nothing to learn while the points
    left could still reach one."""
    c = next(ch for ch in state["chars"] if ch["id"] == cid)
    mods = data.classes()[c["class"]]["mods"]
    best = sorted(mods, key=lambda k: (-mods[k], k))[:2]
    pick = [a for a in legal if a["attr"] in best] if rng.below(4) else legal
    choice = rng.choice(pick or legal)
    left = state["queue"][0]["n"] - 1          # the points still to spread after this one
    if _shortfall(c, choice["attr"]) <= left or _shortfall(c, None) > left + 1:
        return choice                            # Step 6 stays possible (or never was)
    return rng.choice([a for a in legal if _shortfall(c, a["attr"]) <= left])


def _shortfall(c: dict[str, Any], attr: str | None) -> int:
    """The fewest further points that make some new ability learnable (Step 6), after one
    more point on ``attr`` (none if None)."""
    core = dict(c["core"])
    if attr is not None:
        core[attr] += 1
    return min((sum(max(0, need - core[k]) for k, need in data.ability(a)["prereq"].items())
                for a in data.abilities() if a not in c["abilities"] and data.supported(a)),
               default=10 ** 6)
