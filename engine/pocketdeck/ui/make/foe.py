"""The ADS Foe as a kind the player makes: the Foe Card's spec (systems/ads/foecard.py) and
its fields' names in the book's words (Rules and Information Cards: The Foe Card, Playing
Foes and NPCs, Foe Traits, Reaction/Counter). Everything else is the maker's (screen.py).

Keep checks the card as the Library checks one that arrives (foecard.made_problems), then
plays it (systems/ads/made.py: it acts on every Round, and 24 seeded fights by the random
players end with no error, at least one of them defeating it), and keeps it as an item of
kind ``foe`` (core/records.py). The ADS fight's Foe picker lists it beside ours.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Generator

from ...core.records import get_kind
from ...form import Label
from ...systems.ads import data
from ...systems.ads.foecard import FOE, TRAITS, foe_problems, made_id
from ...systems.ads.made import FIGHTS, playability_steps
from .form import MakeKind
from .keeping import kept_steps, open_kept

if TYPE_CHECKING:
    from ..shell import App, Effect

PREFIX = "item:foe:ads:"
DISTANCE_WORDS = {"melee": "Melee", "thrown": "Thrown", "ranged": "Ranged"}
ROUND_WORDS = {r: f"Round {r}" for r in range(1, 7)}


def _trait_words(name: str) -> str:
    return name.replace("attack_", "Attack: ").replace("_", " ").title().replace(": ", ": ")


LABELS = {
    "id": Label("id", hidden=True),
    "name": Label("Name", "On the Foe Card; 1 to 40 characters."),
    "xp": Label("Experience (XP)", "What defeating this Foe grants, shared among the winners."),
    "hp": Label("Hit Points (HP)", "Its HP Cards at the start of Combat."),
    "gold": Label("Gold", "Treasure for defeating it."),
    "level": Label("Level"),
    "size": Label("Size", choices={"S": "Small", "M": "Medium", "L": "Large", "XL": "Extra Large"}),
    "updown": Label("Up/Down of its card", "The symbol you match to hamper or stop it.",
                    choices={"up": "Up (^)", "down": "Down (v)"}),
    "base_damage": Label("Base Damage", "What it does when a Draw matches no outcome and its Failure is Base Damage."),
    "heal": Label("Healing Spell", "An R formula (R/2+1, 3): what it heals when it heals."),
    "escalate": Label("Re-Counters and Escalates", "By default Foes cannot (Reaction/Counter)."),
    "attribute": Label("Attribute for Counters", "The icon in the card's upper right corner."),
    "attribute.name": Label("Attribute", choices={a: a.title() for a in sorted(data.ATTRIBUTES)}),
    "attribute.pattern": Label("Up/Downs to match", "^ Up, v Down: all must be drawn to play it."),
    "traits": Label("Foe Traits", "How to run this Foe (Foe Traits).", item="Trait"),
    "traits.*.0": Label("Trait", choices={t: _trait_words(t) for t in sorted(TRAITS)}),
    "traits.*.*": Label("Value", "X, Y as the trait names them (Overwhelm: X Foes, after Y Rounds)."),
    "actions": Label("Actions by Round", "Its Normal Actions: every Round of the Rondel needs one.", item="Action"),
    "actions.*.rounds": Label("Rounds", choices=ROUND_WORDS),
    "actions.*.draw": Label("Draw", "Up/Down cards drawn (D1 to D4)."),
    "actions.*.failure": Label("Failure", "When the Draw matches no outcome.",
                               choices={"base": "Base Damage", "nothing": "The Foe does nothing",
                                        "action": "The Action under the Failure heading"}),
    "actions.*.failure_action": Label("Failure Action"),
    "actions.*.failure_action.kind": Label("Does", choices={"attack": "Attack", "sneak": "Sneak", "heal": "Heal",
                                                            "move": "Move", "disarm": "Disarm"}),
    "actions.*.failure_action.distances": Label("Distances", choices=DISTANCE_WORDS),
    "actions.*.outcomes": Label("Outcomes", "Tried top to bottom: the first one matched is taken.", item="Outcome"),
    "actions.*.outcomes.*.match": Label("Up/Down pattern", "^ Up, v Down, * either; as many as the Draw."),
    "actions.*.outcomes.*.kind": Label("Does", choices={"attack": "Attack", "sneak": "Sneak", "heal": "Heal",
                                                        "move": "Move", "disarm": "Disarm"}),
    "actions.*.outcomes.*.name": Label("Name", "A weapon or a spell: Short Sword."),
    "actions.*.outcomes.*.damage": Label("Damage", "An R formula (R+3, R/2+1) or a number; for an Attack."),
    "actions.*.outcomes.*.distances": Label("Distances", choices=DISTANCE_WORDS),
    "actions.*.outcomes.*.ethereal": Label("Ethereal damage", "Magic: Physical armor does not stop it."),
    "actions.*.outcomes.*.counter_updown": Label("Up/Down Counter", "Up/Downs you may draw to halve it (0 to 3)."),
    "actions.*.outcomes.*.when": Label("Only when", choices={"in_range": "You are in its reach",
                                                             "hurt": "It was hurt this Round or last"}),
    "reactions": Label("Reactions", "Its defenses when you attack it.", item="Reaction"),
    "reactions.*.rounds": Label("Rounds", choices=ROUND_WORDS),
    "reactions.*.draw": Label("Draw", "Up/Down cards drawn (D1 to D4)."),
    "reactions.*.outcomes": Label("Defenses", "Tried top to bottom.", item="Defense"),
    "reactions.*.outcomes.*.match": Label("Up/Down pattern", "^ Up, v Down, * either; as many as the Draw."),
    "reactions.*.outcomes.*.name": Label("Name", "Light Armor, Small Shield."),
    "reactions.*.outcomes.*.kind": Label("Kind", choices={"armor": "Armor", "shield": "Shield", "ward": "Ward"}),
    "reactions.*.outcomes.*.defense": Label("Defense", "An R formula (R, R/2+1) or a number."),
    "reactions.*.outcomes.*.rounds": Label("Only on Rounds", "None ticked: on every Round of its Reaction.",
                                           choices=ROUND_WORDS),
}


def made_foes(app: "App") -> list[tuple[str, dict[str, Any]]]:
    """(library key, card) of every Foe the player kept, by name."""
    return sorted(((k, r) for k, r in app.library.items() if k.startswith(PREFIX) and isinstance(r, dict)),
                  key=lambda kr: (str(kr[1].get("name")), kr[0]))


def sources(app: "App") -> list[tuple[str, str, bool]]:
    return [(fid, f["name"], False) for fid, f in data.foes().items()] + \
        [(key, str(card.get("name")), True) for key, card in made_foes(app)]


def copy_of(app: "App", ref: str) -> dict[str, Any]:
    card = copy.deepcopy(data.foes()[ref] if ref in data.foes() else app.library[ref])
    name = str(card.get("name", "Foe"))
    card["name"] = name if name.endswith("(yours)") else f"{name[:32]} (yours)"
    card["id"] = made_id(card)
    return card


def cross(row: dict[str, Any]) -> list[tuple[str, str]]:
    return foe_problems(row)


def keep(app: "App", row: dict[str, Any]) -> Generator[int, None, list["Effect"]]:
    """Check the card as the Library would on arrival, play it (a fight a step), keep it;
    ValueError naming why otherwise (nothing is kept before every check passed)."""
    card = dict(row, id=made_id(row))
    return (yield from kept_steps(app, get_kind("foe", "ads"), card, playability_steps(card), "ads_foe", "setup:ads",
                                  f"It passed the checks and {FIGHTS} fights by the random players; the Foe "
                                  "picker lists it as yours."))


def open_foe(app: "App", key: str) -> list["Effect"]:
    """Open on a kept Foe: the ADS fight's setup with it chosen."""
    return open_kept(app, key, "ads_foe", "setup:ads", "Foe")


KIND = MakeKind(
    id="foe-ads", title="ADS Foe", spec=FOE, labels=LABELS,
    intro=(f"Keep checks it as the book's Foes are checked, then the random players fight it {FIGHTS} times: "
           "it must act on every Round and be defeated at least once."),
    sources=sources, copy=copy_of, cross=cross, keep=keep, work=FIGHTS, unit="fights")
