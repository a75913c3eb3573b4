"""The battle's driver: whose turn it is, monster turns, pending defense choices, the
end of a battle, the spoils, and the next encounter."""

from __future__ import annotations

from ...core.rng import Rng
from . import data
from .common import BATTLE_PILES, State, give_back_tableau, held_cards, log, own_cards, pile, room
from .monsters import (apply_monster, begin_monster_turn, end_monster_turn, monster_actions, policy,
                       resolve_attack)
from .order import actor, advance, alive
from .setup import current_zone, hero, monster, start_zone
from .turn import discard_front, hero_reaction, next_synergy


def run(state: State, rng: Rng) -> None:
    """After each action: resolve queued monster attacks (stopping for a hero's defense
    choice), end the battle when one side is beaten, and play monster turns until a hero
    must choose."""
    for _ in range(10_000):
        if state.get("guard"):
            return  # GM mode: the boss's defense counters wait for the GM's answer
        while state["attacks"] and state["pending"] is None:
            att = state["attacks"][0]
            h = hero(state, att["target"])
            if h["defense_counters"] > 0 and not h["down"]:
                state["pending"] = att
                return
            state["attacks"].pop(0)
            resolve_attack(state, att, 0, rng)
        if state["pending"] is not None:
            return
        if parting_reactions(state, rng):
            return  # GM mode: the boss's defense counters against a reaction wait for the GM
        fallen_actor(state)
        fallen_boss(state, rng)
        if battle_over(state, rng):
            return
        a = actor(state)
        if state["turn"] is None and not alive(state, a):
            advance(state)
            continue
        if a.startswith("h"):
            return
        if state["mturn"] is None:
            begin_monster_turn(state, monster(state, a), rng)
        while state["mturn"] is not None and not state["options"].get("gm") and not state.get("reactions"):
            apply_monster(state, policy(state, monster_actions(state)), rng)
        if state["mturn"] is not None:
            return  # GM mode: a person takes the monster's decision
    raise RuntimeError("the battle driver did not settle")


def fallen_actor(state: State) -> None:
    """A hero knocked unconscious in the middle of their own turn or Synergy (a parting
    reaction) can do no more: the cards they played go to the discard pile and play
    moves on."""
    t = state["turn"]
    if t is None or not hero(state, t["actor"])["down"]:
        return
    discard_front(state, t["actor"])
    log(state, f"{hero(state, t['actor'])['name']} can do no more this turn.")
    if t["mode"] == "synergy":
        next_synergy(state)
    else:
        advance(state)


def parting_reactions(state: State, rng: Rng) -> bool:
    """A boss retreated from engaged heroes: each gets one parting melee reaction, in seat
    order (``turn.hero_reaction``). True when one waits for the GM's defense counters."""
    while state.get("reactions") and not state.get("guard"):
        hero_reaction(state, state["reactions"].pop(0), rng)
    return bool(state.get("guard"))


def fallen_boss(state: State, rng: Rng) -> None:
    """A boss defeated in the middle of its own turn (a parting reaction) can do no more."""
    mt = state["mturn"]
    if mt is not None and monster(state, mt["actor"])["dead"]:
        end_monster_turn(state, rng)


def end_battle(state: State) -> None:
    """The battle decks end with the battle: every tableau card taken goes back to its
    stack (the tableau is set out afresh for the next one); the character decks keep
    everything else."""
    for h in state["heroes"]:
        give_back_tableau(state, h, BATTLE_PILES)
    for m in state["monsters"]:
        if m["kind"] == "boss":
            give_back_tableau(state, m, ("draw", "discard", "hand", "front", "expended"))
            for k in ("draw", "discard", "hand", "front", "expended"):  # Fatigue back to the supply
                cards = pile(state, f"{m['id']}:{k}")
                state["piles"]["fatigue"].extend(c for c in cards if c == "fatigue")
                cards[:] = [c for c in cards if c != "fatigue"]


def battle_over(state: State, rng: Rng) -> bool:
    if all(h["down"] for h in state["heroes"]):
        end_battle(state)
        state["phase"], state["outcome"] = "over", "lost"
        state["turn"] = state["mturn"] = None
        log(state, "Every hero has fallen: the battle is lost.")
        return True
    zid = current_zone(state)
    waiting = [c for c in pile(state, "dungeon") if c.startswith(zid + "/")]
    if waiting or any(not m["dead"] for m in state["monsters"]):
        return False
    zone = data.zone(zid)
    state["turn"] = state["mturn"] = None
    for h in state["heroes"]:
        pile(state, f"{h['id']}:discard").extend(pile(state, f"{h['id']}:front"))
        state["piles"][f"{h['id']}:front"] = []
    end_battle(state)
    for h in state["heroes"]:
        h["xp"] += zone["experience"]
        h["encounters"] += 1
    log(state, f"{zone['name']} is cleared. Each hero gains {zone['experience']} experience.")
    state["phase"] = "spoils"
    state["spoils_left"] = [h["id"] for h in state["heroes"]]
    skip_empty_spoils(state, rng)
    return True


def spoil_options(state: State, hid: str) -> list[str]:
    """The treasure cards ``hid`` may take: none when their own cards are at the limit,
    and never a power they already hold (a second copy could never be equipped)."""
    h = hero(state, hid)
    if not room(state, h):
        return []
    held = set(pile(state, f"{hid}:powers")) | set(own_cards(state, h)) | set(pile(state, f"{hid}:at_hand"))
    return sorted({c for c in pile(state, f"treasure:{current_zone(state)}")
                   if not (c in data.powers() and c in held)})


def skip_empty_spoils(state: State, rng: Rng) -> None:
    left = state["spoils_left"]
    while left and not spoil_options(state, left[0]):
        left.pop(0)
    if not state["spoils_left"]:
        state["phase"] = "upgrade"
        state["upgrade_left"] = [h["id"] for h in state["heroes"]]
        skip_spent_upgrades(state, rng)


def take_spoil(state: State, hid: str, card: str, rng: Rng) -> None:
    """The spoils: each hero in turn takes one card of the zone's treasure, and it is
    added to the character deck (the discard pile, shuffled in when the next battle
    starts): an ability to draw, or an item, spell, armor or power to equip from the hand."""
    h = hero(state, hid)
    pile(state, f"treasure:{current_zone(state)}").remove(card)
    pile(state, f"{hid}:discard").append(card)
    log(state, f"{h['name']} takes {data.card_name(card)} from the spoils into their deck.")
    state["spoils_left"].pop(0)
    skip_empty_spoils(state, rng)


def upgrade_options(state: State) -> list[dict[str, object]]:
    """What the hero whose upgrade it is can buy with experience now, one at a time, and
    being done (the experience left is kept for later). Overview: "the experience to upgrade
    existing skills or learn new ones. The cards for each are added to the character deck",
    so every purchase is a card from the training supply joining the deck: *learn* a skill
    the hero does not hold, or *practise* one it holds (one more copy, drawn more often): in
    the deck or as its own latent ability (Item/Ability: "not all of the character's
    abilities are active", a latent one is still the character's skill: `held_cards`)."""
    hid = state["upgrade_left"][0]
    h = hero(state, hid)
    up = data.upgrade()
    if not room(state, h):
        return [{"type": "upgrade_done", "hero": hid}]
    held = set(held_cards(state, h))
    out: list[dict[str, object]] = []
    for c in sorted(set(pile(state, "training"))):
        what = "practise" if c in held else "learn"
        if h["xp"] >= up[COST[what]]:
            out.append({"type": "upgrade", "hero": hid, "what": what, "card": c})
    return out + [{"type": "upgrade_done", "hero": hid}]


COST = {"learn": "card_cost", "practise": "practise_cost"}  # the [upgrade] key of each purchase's price


def take_upgrade(state: State, a: dict[str, object], rng: Rng) -> None:
    """One purchase (or being done): the card leaves the training supply for the hero's
    discard pile, so it is in the character deck and drawn from the next battle on."""
    h = hero(state, str(a["hero"]))
    if a["type"] == "upgrade_done":
        log(state, f"{h['name']} keeps {h['xp']} experience.")
        state["upgrade_left"].pop(0)
    else:
        card, what = str(a["card"]), str(a["what"])
        h["xp"] -= data.upgrade()[COST[what]]
        pile(state, "training").remove(card)
        pile(state, f"{h['id']}:discard").append(card)  # the character deck, shuffled in next battle
        verb = "practises" if what == "practise" else "learns"
        log(state, f"{h['name']} {verb} {data.card_name(card)}: the card joins their deck.")
    skip_spent_upgrades(state, rng)


def skip_spent_upgrades(state: State, rng: Rng) -> None:
    """Heroes who cannot afford anything are done at once; when everyone is done the
    next encounter starts, or the adventure is won after the last one."""
    left = state["upgrade_left"]
    while left and len(upgrade_options(state)) == 1:
        left.pop(0)
    if left:
        return
    if state["zone_index"] + 1 >= len(state["options"]["zones"]):
        state["phase"], state["outcome"] = "over", "won"
        log(state, "The adventure is won.")
        return
    next_zone(state, rng)


def next_zone(state: State, rng: Rng) -> None:
    state["zone_index"] += 1
    state["phase"] = "battle"
    start_zone(state, rng)
    run(state, rng)
