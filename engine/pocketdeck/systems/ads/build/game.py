"""``ads_build``: the Character Deck builder as a game of its own, so the app keeps a deck
in progress in IndexedDB, undoes a tap and shares it as a link with the machinery every
table has. Illegal decks are allowed while building (the violations are shown live, each
naming its book section); only a legal deck can be saved (phase ``over``), and the saved
deck joins the phone's library for the adventure.
"""

from __future__ import annotations

from typing import Any

from ....core.game import Game, IllegalAction, register
from ....core.limits import excerpt
from ....core.rng import Rng
from .. import data
from .validate import MAX_NAME, validate
from .variants import ready_made, with_change

State = dict[str, Any]
MAX_CARDS = 60          # how far past 52 the builder lets a deck go while you swap
LEVELS = range(1, 6)
FILTERS = {"kind": ("all", "weapon", "armor", "shield", "attribute", "skill", "spell", "potion"),
           "level": ("all", "1", "2", "3"), "round": ("all", "1", "2", "3", "4", "5", "6"),
           "usable": ("mine", "all")}


def rondel_counts(deck: dict[str, Any]) -> list[dict[str, int]]:
    """The Rondel preview: per Round, how many cards of the deck play as primary and as secondary."""
    out = [{"primary": 0, "secondary": 0} for _ in range(6)]
    for cid, n in deck["cards"]:
        c = data.cards().get(cid)
        if c is None:
            continue
        for r, mark in enumerate(c["rondel"]):
            if mark == "P":
                out[r]["primary"] += n
            elif mark == "S":
                out[r]["secondary"] += n
    return out


def kind_counts(deck: dict[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for cid, n in deck["cards"]:
        k = data.cards()[cid]["kind"] if cid in data.cards() else "unknown"
        out[k] = out.get(k, 0) + n
    return out


def usable(cid: str, deck: dict[str, Any]) -> bool:
    req = data.cards()[cid].get("requires", [])
    return not req or deck["class"] in req or deck["race"] in req


def gallery(state: State) -> list[str]:
    """The cards the filters let through, in a stable order (kind, level, name)."""
    f, deck = state["filters"], state["deck"]
    out = []
    for cid, c in data.cards().items():
        if f["kind"] != "all" and c["kind"] != f["kind"]:
            continue
        if f["level"] != "all" and c.get("level", 1) != int(f["level"]):
            continue
        if f["round"] != "all" and c["rondel"][int(f["round"]) - 1] == "-":
            continue
        if f["usable"] == "mine" and not usable(cid, deck):
            continue
        out.append(cid)
    order = list(FILTERS["kind"])
    return sorted(out, key=lambda k: (order.index(data.cards()[k]["kind"]), data.cards()[k].get("level", 1),
                                      data.cards()[k]["name"]))


def _said(line: str) -> str:
    """A log line as the player reads it ("+1 Longsword" is kept so in the state, which
    every save replays and compares: the words change in the view only)."""
    if line[:3] in ("+1 ", "-1 "):
        return f"{'Added one' if line[0] == '+' else 'Took out one'} {line[3:]}."
    head, sep, value = line.partition(": ")
    if sep and head in ("Race", "Class", "Level"):
        return f"{head} is now {value.title()}."
    return line


class AdsBuildGame(Game):
    name = "ads_build"
    title = "ADS Deck Builder"
    sim_step_cap = 400

    def default_options(self) -> dict[str, Any]:
        return {"start": "warrior", "name": ""}

    def check_options(self, o: dict[str, Any]) -> None:
        if not isinstance(o["name"], str) or len(o["name"]) > MAX_NAME:
            raise IllegalAction(f"name: a text of at most {MAX_NAME} characters")
        start = o["start"]
        if isinstance(start, str):
            if start not in data.decks():
                raise IllegalAction(f"start: unknown ready-made deck {excerpt(start)!r}")
        elif validate(start):
            raise IllegalAction(f"start: this deck breaks a rule ({validate(start)[0]})")

    def _new(self, o: dict[str, Any], rng: Rng) -> State:
        start = o["start"]
        # a saved deck keeps its Story cards and the cards set aside while its Combat Deck changes
        deck = ready_made(start) if isinstance(start, str) else {
            k: start[k] for k in ("name", "race", "class", "level", "cards", "story", "aside") if k in start}
        deck["cards"] = [list(p) for p in deck["cards"]]
        if o["name"]:
            deck["name"] = o["name"]
        return {"phase": "build", "deck": deck, "outcome": None,
                "filters": {"kind": "all", "level": "all", "round": "all", "usable": "mine"},
                "log": [f"Building {deck['name']} from {'the ready-made deck' if isinstance(start, str) else 'a saved deck'}."]}

    def legal_actions(self, state: State) -> list[dict[str, Any]]:
        if state["phase"] == "over":
            return []
        deck = state["deck"]
        total = sum(n for _, n in deck["cards"])
        out: list[dict[str, Any]] = []
        if total < MAX_CARDS:
            out += [{"type": "add", "card": cid} for cid in sorted(data.cards())]
        out += [{"type": "remove", "card": cid} for cid, _ in deck["cards"]]
        out += [{"type": "ready", "deck": d} for d in sorted(data.decks())]
        out += [{"type": "race", "race": r} for r in sorted(data.core()["races"]) if r != deck["race"]]
        out += [{"type": "class", "class": c} for c in sorted(data.core()["classes"]) if c != deck["class"]]
        out += [{"type": "level", "level": n} for n in LEVELS if n != deck["level"]]
        out += [{"type": "filter", "key": k, "value": v} for k, vals in FILTERS.items() for v in vals
                if state["filters"][k] != v]
        if not validate(deck):
            out.append({"type": "save"})
        return out

    def _apply(self, state: State, a: dict[str, Any], rng: Rng) -> None:
        deck, t = state["deck"], a["type"]
        if t in ("add", "remove"):
            state["deck"] = with_change(deck, a["card"], 1 if t == "add" else -1)
            state["log"].append(f"{'+' if t == 'add' else '-'}1 {data.cards()[a['card']]['name']}")
        elif t == "ready":
            keep = {k: deck[k] for k in ("name", "story", "aside") if k in deck}
            state["deck"] = ready_made(a["deck"])
            state["deck"].update(keep)
            state["log"].append(f"Started again from the {a['deck']}'s ready-made deck.")
        elif t in ("race", "class", "level"):
            deck[t] = a[t]
            state["log"].append(f"{t.title()}: {a[t]}")
        elif t == "filter":
            state["filters"][a["key"]] = a["value"]
        elif t == "save":
            state["phase"], state["outcome"] = "over", "saved"
            state["log"].append(f"{deck['name']} is saved to your library.")
        del state["log"][:-20]

    def view(self, state: State, seat: str) -> dict[str, Any]:
        deck = state["deck"]
        return {"phase": state["phase"], "deck": deck, "filters": dict(state["filters"]),
                "gallery": gallery(state), "counts": kind_counts(deck), "rondel": rondel_counts(deck),
                "total": sum(n for _, n in deck["cards"]),
                "violations": [{"section": v.section, "text": v.text} for v in validate(deck)],
                "legal": self.legal_actions(state), "log": [_said(line) for line in state["log"]]}

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def explain(self, state: State, action: dict[str, Any]) -> str:
        if isinstance(action, dict) and action.get("type") == "save" and state["phase"] == "build":
            found = validate(state["deck"])
            if found:
                return f"the deck cannot be saved yet: {found[0]}"
        if isinstance(action, dict) and action.get("type") == "add":
            return f"a card of this app, while the deck holds fewer than {MAX_CARDS} cards"
        return super().explain(state, action)

    def sim_options(self, rng: Rng) -> dict[str, Any]:
        return {"start": rng.choice(sorted(data.decks())), "name": ""}

    def sim_choose(self, state: State, legal_now: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
        """Swap cards, change filters and now and then the character; save once it is legal
        after a while (every limit gets broken and mended along the way)."""
        saves = [a for a in legal_now if a["type"] == "save"]
        if saves and len(state["log"]) > 12 and rng.below(4) == 0:
            return saves[0]
        total = sum(n for _, n in state["deck"]["cards"])
        kind = "add" if total < 52 else "remove" if total > 52 else rng.choice(["add", "remove", "other"])
        pool = [a for a in legal_now if a["type"] == kind] or legal_now
        if kind == "other":
            pool = [a for a in legal_now if a["type"] not in ("add", "remove", "save")]
        return rng.choice(pool)

    def outcome(self, state: State) -> str:
        return state["outcome"] or "unfinished"


GAME = register(AdsBuildGame())
